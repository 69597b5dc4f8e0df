//! ordo's patches 55 and 56 to Boa (vendor/README.md): a base class's constructor runs without
//! a function environment when nothing in it would read one, and `new` reads
//! `newTarget.prototype` through a cache on the constructor's code. What a script sees must not
//! change: constructors that need the environment (an arrow reading `this`, a closure over a
//! local, `new.target`, `super.method()`, a derived class) and those that do not (fields, an
//! object returned in place of `this`, `arguments`, try/catch, block scopes, a default
//! constructor); `newTarget.prototype` from one site for many constructors of one code, a
//! replaced or primitive `prototype`, a proxy or a bound function as `newTarget`; many
//! constructions with the collector running between them; and, in plain Boa (a worker has no
//! `eval`), a direct `eval` in a constructor. The expected lines are what Node 20 prints for
//! the same script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    const proto = (o) => Object.getPrototypeOf(o);
    // A base class's constructor that needs no environment: fields from arguments, an implicit
    // `this`, an object returned in its place, a primitive return ignored, `arguments`, a
    // try/catch, a loop with a block-scoped binding, a default constructor with fields.
    class Point { constructor(x, y) { this.x = x; this.y = y; this.n = arguments.length; } sum() { return this.x + this.y; } }
    class Replaced { constructor(v) { this.v = v; return { replaced: v }; } }
    class Primitive { constructor(v) { this.v = v; return 42; } }
    class Guarded { constructor(v) { try { if (v < 0) throw new RangeError("negative"); this.v = v; } catch (e) { this.error = e.name; } for (let i = 0; i < 3; i++) { const twice = i * 2; this["k" + i] = twice; } } }
    class Defaulted { a = 1; b = this.a + 1; }
    class Empty {}
    out.push(show([new Point(1, 2).sum(), new Point(3).n, new Replaced(5), new Primitive(6).v, new Guarded(-1), new Guarded(2), new Defaulted(), proto(new Empty()) === Empty.prototype]));
    // Constructors that need it: an arrow reading `this` later, a closure over a local,
    // `new.target`, `super.method()` in a base class, a derived class with and without a
    // constructor of its own.
    class Later { constructor(v) { this.v = v; this.get = () => this.v; } }
    class Closing { constructor(v) { let seen = v; this.bump = () => ++seen; } }
    class Target { constructor() { this.target = new.target === Target ? "Target" : new.target.name; } }
    class Sub extends Target { constructor() { super(); this.sub = true; } }
    class SubDefault extends Target {}
    const base = { hello() { return "hello from " + this.constructor.name; } };
    class Home { constructor() { this.greeting = super.hello(); } }
    Object.setPrototypeOf(Home.prototype, base);
    const later = new Later(7); later.v = 8;
    const closing = new Closing(10); closing.bump();
    out.push(show([later.get(), closing.bump(), new Target().target, new Sub(), new SubDefault().target, new Home().greeting]));
    // `newTarget.prototype` read at every `new`, from one site: classes made by one factory
    // (one code, many constructors), an ordinary function whose `prototype` is replaced or set
    // to a primitive, a constructor given static properties (another shape), a proxy as
    // `newTarget` (its trap runs once per construction), a bound function as `newTarget`.
    const made = [];
    function factory(tag) { return class { constructor() { this.tag = tag; } kind() { return tag; } }; }
    const classes = ["a", "b", "c", "d", "e", "f"].map(factory);
    classes[2].extra = 1; classes[4].more = 2; classes[4].evenMore = 3;
    for (let round = 0; round < 3; round++) for (const C of classes) made.push(new C().kind());
    function Plain(v) { this.v = v; }
    const kinds = [];
    for (let i = 0; i < 6; i++) {
        if (i === 2) Plain.prototype = { kind() { return "replaced"; } };
        if (i === 4) Plain.prototype = 7;
        const p = new Plain(i);
        kinds.push(proto(p) === Object.prototype ? "Object.prototype" : typeof p.kind === "function" ? p.kind() : "original");
    }
    let traps = 0;
    const viaProxy = new Proxy(function () {}, { get(target, key) { if (key === "prototype") { traps++; return Point.prototype; } return target[key]; } });
    const proxied = [];
    for (let i = 0; i < 3; i++) proxied.push(Reflect.construct(Plain, [i], viaProxy) instanceof Point);
    const bound = Plain.bind(null);
    out.push(show([made, kinds, proxied, traps, proto(Reflect.construct(Point, [1, 2], bound)) === Object.prototype, proto(new bound(1)) === Object.prototype]));
    // Many constructions, as a data script makes them (the collector runs between them).
    class Vec { constructor(x, y) { this.x = x; this.y = y; } add(o) { return new Vec(this.x + o.x, this.y + o.y); } }
    let acc = new Vec(0, 0);
    for (let i = 0; i < 20000; i++) acc = acc.add(new Vec(i % 7, 1));
    out.push(show([acc.x, acc.y, acc instanceof Vec, Object.keys(acc)]));"#;

const EXPECTED: [&str; 4] = [
    r#"[3,1,{"replaced":5},6,{"error":"RangeError","k0":0,"k1":2,"k2":4},{"v":2,"k0":0,"k1":2,"k2":4},{"a":1,"b":2},true]"#,
    r#"[8,12,"Target",{"target":"Sub","sub":true},"SubDefault","hello from Home"]"#,
    r#"[["a","b","c","d","e","f","a","b","c","d","e","f","a","b","c","d","e","f"],["original","original","replaced","replaced","Object.prototype","Object.prototype"],[true,true,true],3,true,true]"#,
    r#"[59997,20000,true,["x","y"]]"#,
];

/// Pushes its line to `out`; uses `eval`, which a worker does not have.
const EVAL_BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // A direct eval in a base constructor reads `this` and the arguments through the
    // environment the constructor keeps for it.
    class Evaluated { constructor(v) { this.v = v; this.seen = eval("this.v + v"); } }
    out.push(show([new Evaluated(4).seen, new Evaluated(5).seen]));"#;

const EVAL_EXPECTED: [&str; 1] = [r#"[8,10]"#];

#[test]
fn constructors_make_objects_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
    node_lines::assert_in_plain_boa(EVAL_BODY, &EVAL_EXPECTED);
}

#[tokio::test]
async fn constructors_make_objects_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
