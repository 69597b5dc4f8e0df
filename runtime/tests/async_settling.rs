//! ordo's patch 104 to Boa (vendor/README.md): an async function's promise is made alone, and
//! its completion resolves or rejects it directly (`SettleAsyncFunction`) instead of calling
//! two resolving functions made for it at each call. What a script sees must not change: the
//! microtask order in which async functions that return values, promises, thenables, rejected
//! promises and objects whose `then` getter throws settle among a `then` chain; throws; async
//! arrows, methods and static methods; a promise resolved with itself (a TypeError); what the
//! promise is (`instanceof`, its prototype, no own keys); 2,000 awaits in a loop and a
//! `Promise.all` of 500. Patch 105: a `then` of %Promise% and `Promise.resolve` make their
//! promise alone too, settled by the reaction job (or at once) by the resolving functions'
//! steps: `then` chains through values, thenables, promises, throws, a throwing `then`
//! getter, `catch`, `finally`, a rejection passed through, a promise resolved with itself, a
//! `Promise` subclass (which still goes through its capability) and a chain of 3,000. The
//! expected lines are what Node 20 prints for the same scripts.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its line to `out` when `settled` settles.
const BODY: &str = r#"
    const out = [];
    const log = [];
    async function plain() { log.push("plain ran"); return 1; }
    async function awaits() { log.push("awaits ran"); await null; log.push("awaits resumed"); return Promise.resolve(2); }
    async function throws() { throw new Error("thrown"); }
    const thenable = { then(resolve) { log.push("then called"); resolve(3); } };
    async function returnsThenable() { return thenable; }
    async function badThen() { return { get then() { throw new TypeError("getter"); } }; }
    async function rejected() { return Promise.reject(new RangeError("inner")); }
    const arrow = async (x) => x * 2;
    class Model {
        constructor() { this.v = 7; }
        async method() { return this.v; }
        static async make() { return "made"; }
    }
    let self;
    async function selfResolving() { await null; return self; }
    Promise.resolve().then(() => log.push("tick1")).then(() => log.push("tick2")).then(() => log.push("tick3")).then(() => log.push("tick4"));
    plain().then((v) => log.push(`plain=${v}`));
    awaits().then((v) => log.push(`awaits=${v}`));
    throws().catch((err) => log.push(`throws!${err.message}`));
    returnsThenable().then((v) => log.push(`thenable=${v}`));
    badThen().catch((err) => log.push(`badThen!${err.constructor.name}:${err.message}`));
    rejected().catch((err) => log.push(`rejected!${err.constructor.name}:${err.message}`));
    arrow(4).then((v) => log.push(`arrow=${v}`));
    new Model().method().then((v) => log.push(`method=${v}`));
    Model.make().then((v) => log.push(`make=${v}`));
    self = selfResolving();
    self.catch((err) => log.push(`self!${err instanceof TypeError}`));
    const made = plain();
    log.push(`promise ${made instanceof Promise} ${Object.getPrototypeOf(made) === Promise.prototype} ${Object.keys(made).length}`);
    let total = 0;
    const settled = (async () => {
        for (let i = 0; i < 2000; i++) total += await arrow(i);
        const all = await Promise.all(Array.from({ length: 500 }, (_, i) => arrow(i)));
        log.push(`total=${total} all=${all.length}:${all[499]}`);
    })();
    settled.then(() => out.push(log.join(" ")));
"#;

const EXPECTED: [&str; 1] = [
    "plain ran awaits ran plain ran promise true true 0 tick1 plain=1 awaits resumed throws!thrown then called badThen!TypeError:getter arrow=8 method=7 make=made tick2 thenable=3 self!true tick3 rejected!RangeError:inner tick4 awaits=2 total=3998000 all=500:998",
];

/// Pushes its line to `out` when `settled` settles.
const THEN_BODY: &str = r#"
    const out = [];
    const log = [];
    const thenable = (v) => ({ then(resolve) { log.push(`thenable ${v}`); resolve(v); } });
    Promise.resolve(1)
        .then((v) => { log.push(`a${v}`); return v + 1; })
        .then((v) => { log.push(`b${v}`); return thenable(v + 1); })
        .then((v) => { log.push(`c${v}`); return Promise.resolve(v + 1); })
        .then((v) => { log.push(`d${v}`); throw new Error(`e${v + 1}`); })
        .then(() => log.push("skipped"), (err) => { log.push(`caught ${err.message}`); return { get then() { throw new TypeError("then getter"); } }; })
        .catch((err) => { log.push(`catch ${err.constructor.name}:${err.message}`); return 6; })
        .finally(() => log.push("finally"))
        .then((v) => log.push(`after finally ${v}`));
    Promise.reject(new RangeError("r")).then((v) => log.push(`no ${v}`)).then(undefined, (err) => log.push(`passed through ${err.message}`));
    Promise.resolve(thenable("t")).then((v) => log.push(`resolved thenable ${v}`));
    const selfish = Promise.resolve(0).then(() => selfish);
    selfish.catch((err) => log.push(`self ${err instanceof TypeError}`));
    class Tracked extends Promise {}
    const tracked = Tracked.resolve(5).then((v) => v * 2);
    log.push(`subclass ${tracked instanceof Tracked} ${Object.getPrototypeOf(Promise.resolve(1).then()) === Promise.prototype}`);
    tracked.then((v) => log.push(`tracked ${v}`));
    let n = 0;
    let chain = Promise.resolve(0);
    for (let i = 0; i < 3000; i++) chain = chain.then((v) => { n++; return v + i; });
    const settled = chain.then((v) => { log.push(`chain ${v} ${n}`); out.push(log.join(" | ")); });
"#;

const THEN_EXPECTED: [&str; 1] = [
    "subclass true true | a1 | thenable t | b2 | passed through r | resolved thenable t | self true | tracked 10 | thenable 3 | c3 | d4 | caught e5 | catch TypeError:then getter | finally | after finally 6 | chain 4498500 3000",
];

#[test]
fn async_functions_settle_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn async_functions_settle_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(&format!("{BODY}\nawait settled;"), &EXPECTED).await;
}

#[test]
fn then_chains_settle_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(THEN_BODY, &THEN_EXPECTED);
}

#[tokio::test]
async fn then_chains_settle_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(&format!("{THEN_BODY}\nawait settled;"), &THEN_EXPECTED).await;
}
