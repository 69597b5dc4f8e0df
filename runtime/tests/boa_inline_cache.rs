//! The Boa 0.22 defect that `engine/lazy.rs` works around, in plain Boa with no ordo in the way:
//! a property read by name fills the inline cache of its place *after* the read, with the
//! object's shape at that moment and the slot found before it. When the read ran a getter that
//! turned the property into a data property, the next read at the same place takes the new
//! value for the getter and calls it. Likewise a cache kept for an object that inherits a
//! property is keyed by the object's own shape only, so a prototype whose properties move (an
//! accessor before them turned into a data property) is read at the old slots.
//!
//! The first test asserts the defect, so that the day a Boa upgrade fixes it, it fails and
//! says so: then `lazy::compile_named` can go. The second defect is fixed by ordo's patch 27
//! to the vendored engine (vendor/README.md), and its test now asserts Node's answer; the
//! reordering in `lazy::install_one` that works around it could go too.

#[path = "support/plain_boa.rs"]
mod plain_boa;

use boa_engine::Context;

/// What `code` evaluates to in a fresh context.
fn eval(code: &str) -> String {
    plain_boa::eval(&mut Context::default(), code)
}

#[test]
fn boa_calls_the_value_a_getter_left_behind_as_if_it_were_the_getter() {
    // A memoizing getter, as libraries write them: the first read replaces it with its value.
    let seen = eval(
        r#"
        const o = {};
        Object.defineProperty(o, "x", {
            configurable: true,
            get() { const v = { n: 1 }; Object.defineProperty(o, "x", { value: v }); return v; },
        });
        const seen = [];
        for (let i = 0; i < 3; i++) {
            try { seen.push(typeof o.x); } catch (e) { seen.push(e.name); }
        }
        seen.join()
        "#,
    );
    // Node: "object,object,object".
    assert_eq!(
        seen, "object,TypeError,TypeError",
        "Boa's inline cache no longer mistakes a replaced getter's value for the getter: \
         engine/lazy.rs can drop compile_named"
    );
}

#[test]
fn an_inherited_method_is_read_from_its_own_slot_after_the_prototype_changed() {
    let seen = eval(
        r#"
        const proto = { get lazy() { return 1; }, m() { return "m"; }, n() { return "n"; } };
        const a = Object.create(proto);
        const seen = [];
        for (let i = 0; i < 2; i++) {
            try { seen.push(a.m()); } catch (e) { seen.push(e.name); }
            if (i === 0) Object.defineProperty(proto, "lazy", { value: 1 });
        }
        seen.join()
        "#,
    );
    // Node: "m,m". Boa 0.22 called `n`, which had moved to where `m` was; patch 27 drops the
    // cache's entry once the prototype's shape changes.
    assert_eq!(seen, "m,m");
}
