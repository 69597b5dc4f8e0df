//! ordo's patch to Boa's inline cache (vendor/README.md, boa_engine patch 4): a property access
//! finds its cached slot by the address its object's shape had when it was cached, and checks
//! life only for the entry at that address. A shape that died leaves its entry behind, and the
//! collector may give its memory to a new shape with the property at another slot; the entry
//! must then miss, not hand out the dead shape's slot.
//!
//! Each round makes an object of a shape no earlier round had (fresh keys before `v`, so `v`
//! moves between slots), reads it through the same place, and collects: the last round's shape
//! dies, and the next one is allocated where dead ones were.

use boa_engine::{Context, Source};

fn eval(context: &mut Context, code: &str) -> String {
    match context.eval(Source::from_bytes(code)) {
        Ok(value) => {
            value.to_string(context).map_or_else(|e| e.to_string(), |s| s.to_std_string_escaped())
        }
        Err(error) => format!("uncaught {error}"),
    }
}

#[test]
fn a_cached_slot_is_never_read_for_a_new_shape_where_a_dead_one_was() {
    let mut context = Context::default();
    let defined = eval(
        &mut context,
        r#"
        globalThis.read = function (o) { return o.v; };
        globalThis.make = function (pad, value) {
            const o = {};
            for (let k = 0; k < pad; k++) o["p" + value + "_" + k] = -1;
            o.v = value;
            return o;
        };
        "ok"
        "#,
    );
    assert_eq!(defined, "ok");
    for round in 0..400 {
        let pad = round % 7;
        let seen = eval(
            &mut context,
            &format!(
                "(() => {{ const o = make({pad}, {round}); return [read(o), read(o)].join(); }})()"
            ),
        );
        assert_eq!(seen, format!("{round},{round}"), "round {round}, {pad} keys before v");
        boa_engine::gc::force_collect();
    }
}
