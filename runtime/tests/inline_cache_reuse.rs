//! ordo's patch to Boa's inline cache (vendor/README.md, boa_engine patch 4): a property access
//! finds its cached slot by the address its object's shape had when it was cached, and checks
//! life only for the entry at that address. A shape that died leaves its entry behind, and the
//! collector may give its memory to a new shape with the property at another slot; the entry
//! must then miss, not hand out the dead shape's slot.
//!
//! Each round makes an object of a shape no earlier round had (fresh keys before `v`, so `v`
//! moves between slots), reads it through the same place, and collects: the last round's shape
//! dies, and the next one is allocated where dead ones were.

#[path = "support/plain_boa.rs"]
mod plain_boa;

use boa_engine::Context;
use plain_boa::eval;

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

/// ordo's patch 5 (vendor/README.md): a read by name whose inline cache knows the slot takes
/// a data property straight from the object in the register; an accessor still goes through
/// its getter with the right receiver. One place reads every kind, over and over, while the
/// objects change under it.
#[test]
fn one_place_reads_own_and_inherited_data_and_accessors_alike() {
    let mut context = Context::default();
    let seen = eval(
        &mut context,
        r#"
        const read = (o) => o.v;
        const proto = { v: "inherited" };
        const getterProto = { get v() { return "getter of " + this.name; } };
        const own = { v: "own" };
        const child = Object.create(proto);
        const viaGetter = Object.create(getterProto);
        viaGetter.name = "child";
        const ownGetter = { get v() { return "own getter"; } };
        const setterOnly = { set v(x) {} };
        const turned = { v: "data" };
        const out = [];
        for (let round = 0; round < 6; round++) {
            if (round === 2) proto.v = "inherited, changed";
            if (round === 3) Object.defineProperty(turned, "v", { get() { return "now a getter"; } });
            if (round === 4) own.v = "own, changed";
            if (round === 5) delete child.v, (child.v = "shadowed");
            out.push([own, child, viaGetter, ownGetter, setterOnly, turned].map(read).join("|"));
        }
        out.join("\n")
        "#,
    );
    let expected = [
        "own|inherited|getter of child|own getter||data",
        "own|inherited|getter of child|own getter||data",
        "own|inherited, changed|getter of child|own getter||data",
        "own|inherited, changed|getter of child|own getter||now a getter",
        "own, changed|inherited, changed|getter of child|own getter||now a getter",
        "own, changed|shadowed|getter of child|own getter||now a getter",
    ];
    assert_eq!(seen, expected.join("\n"));
}
