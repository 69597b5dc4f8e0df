//! ordo's patch 16 to Boa (vendor/README.md): the compiler reads an operand straight from the
//! register of a local (a binding no closure captures) instead of copying it first: a property
//! read or a method call on a local, a parameter fetched into its own register, a `return` that
//! leaves its value in the accumulator. What a script sees must not change, and one thing
//! changes on purpose: upstream read the left operand of `x + (x = 1)` from `x`'s register after
//! the right operand had assigned it (2, where the specification and Node say 6). Covered: left
//! operands against assignments and updates on the right, keys that reassign the object, method
//! calls whose arguments reassign the receiver, parameters of every kind with the arguments object
//! mapped and unmapped, returns through `finally`, out of `for-of` and out of captured blocks,
//! and a loop at a data script's size. The expected lines are what Node 20 prints for the same
//! script; it runs in plain Boa and in the worker.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // The left operand is read before the right one assigns or updates it.
    function operands() {
        let x = 5, y = 2, s = "a", i = 0;
        const arr = [10, 20, 30];
        let obj = { v: 1, f() { return this.v; } };
        const other = { v: 2, f() { return -this.v; } };
        return [
            x + (x = 1), x, y * (y = 3, 4), y, x - x++, x, x < (x = 0), s + (s += "b"), s,
            i + ++i + i++, i, arr[i] + (i = 0), arr[(i = 2, i)] - arr[i],
            obj.v + (obj = other).v, obj.f(), (obj = { v: 3, f() { return this.v * 10; } }).f(),
            obj.f(obj = other), obj.f(), [x, (x = 9), x], `${x}${(x = 8)}${x}`,
        ];
    }
    out.push(show(operands()));
    // A property read from a local: by name, by a key, by a key that reassigns it, in a method call.
    function reads(row, key) {
        let record = row;
        const a = record.name, b = record[key], c = record[(record = { name: "other" }, "name")], d = record.name;
        const parts = "x,y,z";
        let list = [];
        list.push(parts.split(",").length, parts.toUpperCase(), list.length);
        const counter = { n: 0, bump() { this.n++; return this; } };
        counter.bump().bump();
        return [a, b, c, d, list, counter.n, row.missing, typeof row.name.at];
    }
    out.push(show(reads({ name: "first", id: 7 }, "id")));
    // Parameters: plain, defaults that read earlier ones, duplicates, rest, destructured, and the
    // arguments object, mapped in sloppy functions and not in strict ones.
    function plain(a, b) { return [a, b, arguments.length]; }
    function defaults(a, b = a + 1, c = b * 2) { return [a, b, c]; }
    function duplicate(a, a) { return a; }
    function rest(a, ...more) { return [a, more]; }
    function pattern({ p }, [q]) { return [p, q]; }
    function mapped(a) { arguments[0] = 9; return a; }
    function unmapped(a) { "use strict"; arguments[0] = 9; return a; }
    function reassigned(a) { a = 4; return [a, arguments[0]]; }
    function missing(a, b) { return [a === undefined, b]; }
    out.push(show([plain(1, 2, 3), defaults(1), defaults(1, 5), duplicate(1, 2), rest(1, 2, 3), pattern({ p: 1 }, [2]), mapped(1), unmapped(1), reassigned(1), missing()]));
    // Returns: concise bodies, through finally (which may override), out of a for-of (the
    // iterator is closed), out of a block whose binding a closure captured, of a call, from
    // async functions and generators.
    const closed = [];
    const iterable = { [Symbol.iterator]() { let n = 0; return { next: () => ({ value: n++, done: false }), return: () => { closed.push("closed"); return {}; } }; } };
    function fromLoop() { for (const v of iterable) if (v === 2) return v * 10; }
    function fromFinally() { try { return "try"; } finally { closed.push("finally"); } }
    function overridden() { try { return "try"; } finally { return "finally"; } }
    function fromBlock() { { let captured = 5; const read = () => captured; return read() + 1; } }
    function fromCall() { return Math.max(1, 2); }
    function* counting() { yield 1; return 2; }
    out.push(show([((a, b) => a * b)(6, 7), fromLoop(), fromFinally(), overridden(), fromBlock(), fromCall(), [...counting()], counting().next(), closed]));
    async function later(v) { return v + 1; }
    const arrowLater = async (v) => v * 2;
    out.push(show([later(1) instanceof Promise, arrowLater(1) instanceof Promise]));
    // At a data script's size: locals read in a loop, property reads and method calls on them.
    function tally(rows) {
        const totals = new Map();
        let sum = 0;
        for (const row of rows) {
            const key = row.group;
            totals.set(key, (totals.get(key) || 0) + row.amount);
            sum = sum + row.amount - (sum % 7);
        }
        return [sum, [...totals].sort((a, b) => a[0].localeCompare(b[0])).slice(0, 3)];
    }
    const rows = Array.from({ length: 50000 }, (_, i) => ({ group: `g${i % 97}`, amount: (i * 31) % 1000 }));
    out.push(show(tally(rows)));
"#;

const EXPECTED: [&str; 6] = [
    r#"[6,1,8,3,0,2,false,"aab","ab",2,2,30,0,3,-2,30,30,-2,[0,9,9],"988"]"#,
    r#"["first",7,"first","other",[3,"X,Y,Z",0],2,null,"function"]"#,
    r#"[[1,2,3],[1,2,4],[1,5,10],2,[1,[2,3]],[1,2],9,1,[4,4],[true,null]]"#,
    r#"[42,20,"try","finally",6,2,[1],{"value":1,"done":false},["closed","finally"]]"#,
    r#"[true,true]"#,
    r#"[24825153,[["g0",240090],["g1",244086],["g10",268050]]]"#,
];

#[test]
fn operands_read_from_locals_behave_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn operands_read_from_locals_behave_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
