//! ordo's patch 61 to Boa (vendor/README.md): a promise capability of %Promise% is made
//! without the executor function, and an `await` hands the promise's reactions the suspended
//! function itself instead of two built-in functions that would resume it. What a script sees
//! must not change: the order in which awaits of values, promises, rejected promises,
//! thenables and a promise with a changed `constructor` resume among `then` chains; what async
//! functions return and throw, `finally` after an await, the combinators, an await in a loop
//! of 20,000 turns (the collector runs); a `Promise` subclass, whose capabilities still go
//! through its constructor, and a patched `constructor[Symbol.species]`; async generators. The
//! expected lines are what Node 20 prints for the same script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Defines `main`, which pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    const tick = () => Promise.resolve();
    // Microtask order: awaits of a value, a resolved and a rejected promise, a thenable, a
    // promise whose `constructor` was changed (wrapped: more ticks), and `then` chains,
    // interleaved; each step logs where it runs.
    async function ordering() {
        const log = [];
        const thenable = { get then() { log.push("then read"); return (resolve) => { log.push("then called"); resolve("T"); }; } };
        const odd = Promise.resolve("O"); odd.constructor = function Other() {};
        const a = (async () => { log.push("a0"); log.push("a1 " + await 1); log.push("a2 " + await Promise.resolve(2)); try { await Promise.reject(new Error("r")); } catch (e) { log.push("a3 " + e.message); } })();
        const b = (async () => { log.push("b0"); log.push("b1 " + await thenable); log.push("b2 " + await odd); })();
        const c = Promise.resolve().then(() => log.push("c1")).then(() => log.push("c2")).then(() => log.push("c3")).then(() => log.push("c4")).then(() => log.push("c5"));
        log.push("sync end");
        await Promise.all([a, b, c]);
        return log;
    }
    // What async functions return and throw; an await's rejection not caught rejects the
    // caller; a finally after an await; nested async calls and await in a loop.
    async function results() {
        const got = [];
        async function value() { return 5; }
        async function throws() { await tick(); throw new TypeError("late"); }
        async function rethrows() { try { return await throws(); } finally { got.push("finally"); } }
        got.push(await value());
        try { await rethrows(); } catch (e) { got.push(e.name + ": " + e.message); }
        const settled = await Promise.allSettled([value(), throws(), Promise.reject(7)]);
        got.push(settled.map((s) => s.status + ":" + (s.value ?? (s.reason && (s.reason.message ?? s.reason)))));
        got.push(await Promise.race([tick().then(() => "slower"), new Promise(() => {}), value()]));
        try { await Promise.any([Promise.reject(1), Promise.reject(2)]); } catch (e) { got.push(e.constructor.name + " " + e.errors); }
        let sum = 0; for (let i = 0; i < 20000; i++) sum += await (i % 3 === 0 ? Promise.resolve(i) : i);
        got.push(sum);
        return got;
    }
    // A Promise subclass: its capabilities go through its constructor (counted); `then` of a
    // native promise with a patched `constructor[Symbol.species]`.
    async function subclasses() {
        let made = 0;
        class Counted extends Promise { constructor(executor) { made++; super(executor); } }
        const r = await Counted.resolve(3).then((x) => x * 2);
        const all = await Counted.all([1, Counted.resolve(2)]);
        const p = Promise.resolve(1); let species = 0;
        p.constructor = { [Symbol.species]: function (executor) { species++; return new Promise(executor); } };
        const q = await p.then((x) => x + 1);
        return [r, all, made, q, species, (Counted.resolve(1) instanceof Counted)];
    }
    // Async generators: for await over one, its awaits inside, return() closing it.
    async function generators() {
        const log = [];
        async function* source(n) { try { for (let i = 0; i < n; i++) { await tick(); yield i * 2; } } finally { log.push("closed " + n); } }
        for await (const x of source(3)) log.push(x);
        for await (const x of source(10)) { if (x === 4) break; log.push(x); }
        const it = source(2); log.push(show(await it.next()), show(await it.return("early")), show(await it.next()));
        return log;
    }
    async function main() {
        out.push(show(await ordering()));
        out.push(show(await results()));
        out.push(show(await subclasses()));
        out.push(show(await generators()));
    }"#;

const EXPECTED: [&str; 4] = [
    r#"["a0","b0","then read","sync end","a1 1","then called","c1","a2 2","b1 T","c2","a3 r","c3","c4","b2 O","c5"]"#,
    r#"[5,"finally","TypeError: late",["fulfilled:5","rejected:late","rejected:7"],5,"AggregateError 1,2",199990000]"#,
    r#"[6,[1,2],9,2,1,true]"#,
    r#"[0,2,4,"closed 3",0,2,"closed 10","closed 2","{\"value\":0,\"done\":false}","{\"value\":\"early\",\"done\":true}","{\"done\":true}"]"#,
];

#[test]
fn awaits_settle_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(&format!("{BODY}\nmain();"), &EXPECTED);
}

#[tokio::test]
async fn awaits_settle_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(&format!("{BODY}\nawait main();"), &EXPECTED).await;
}
