//! A run's namespace of host functions and its constants (R-RT-2, R-CODE-8, R-CLI-1a), through
//! worker processes: built in Rust before the script runs, frozen, guarded, and out of a
//! hostile script's reach.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

use ordo_runtime::globals::{Constant, Namespace};
use ordo_runtime::{
    ErrorKind, HostCall, HostError, HostFunctions, RunOutcome, Runtime, RuntimeConfig, Script,
    WorkerCommand,
};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

fn runtime() -> Runtime {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    Runtime::new(RuntimeConfig { warm_workers: 1, ..RuntimeConfig::new(worker) })
}

/// Host functions that answer with their own name and argument.
fn echoes(names: &[&str]) -> HostFunctions {
    let mut host = HostFunctions::new();
    for name in names {
        let name = (*name).to_owned();
        host.insert(name.clone(), move |call: HostCall| {
            let answer = json!({ "function": name, "args": call.args });
            async move { Ok::<Value, HostError>(answer) }
        });
    }
    host
}

fn tools() -> Namespace {
    Namespace::new("tools", "tool")
        .member(["read_file"], "fn.read_file")
        .member(["github", "search"], "fn.github__search")
        .member(["github", "issue"], "fn.github__issue")
        .hidden_member(["$search"], "fn.$search")
        .with_more_hint("tools.$search(query) finds them")
}

async fn run(script: Script) -> RunOutcome {
    let host = echoes(&["fn.read_file", "fn.github__search", "fn.github__issue", "fn.$search"]);
    runtime().run(&script, &host, &CancellationToken::new()).await
}

async fn result(code: &str) -> Value {
    let script = Script::javascript(code).with_namespace(tools());
    run(script).await.unwrap_or_else(|error| panic!("{code:?}: {error}")).result
}

#[tokio::test]
async fn r_rt_2_members_call_their_host_functions_and_a_missing_argument_is_an_empty_object() {
    let value = result(
        "return [await tools.read_file({ path: 'a' }), await tools.github.search(), await tools.$search({ q: 1 })]",
    )
    .await;
    assert_eq!(
        value,
        json!([
            { "function": "fn.read_file", "args": { "path": "a" } },
            { "function": "fn.github__search", "args": {} },
            { "function": "fn.$search", "args": { "q": 1 } },
        ])
    );
}

#[tokio::test]
async fn r_rt_2_the_namespace_is_frozen_prototype_less_and_lists_only_listed_members() {
    let value = result(
        "'use strict';
         const attempts = [];
         const attempt = (f) => { try { f(); attempts.push('changed'); } catch (e) { attempts.push(e.name); } };
         attempt(() => { tools.read_file = 1; });
         attempt(() => { tools.extra = 1; });
         attempt(() => { delete tools.read_file; });
         attempt(() => { tools.github.search = 1; });
         attempt(() => { tools = {}; });
         attempt(() => { Object.setPrototypeOf(tools, {}); });
         return {
           keys: Object.keys(tools),
           spaceKeys: Object.keys(tools.github),
           frozen: [Object.isFrozen(tools), Object.isFrozen(tools.github)],
           prototypes: [Object.getPrototypeOf(tools), Object.getPrototypeOf(tools.github)],
           hiddenThere: '$search' in tools,
           global: Object.getOwnPropertyDescriptor(globalThis, 'tools'),
           notGlobals: [typeof globalThis['fn.read_file'], typeof globalThis.read_file],
           name: tools.read_file.name,
           attempts,
         };",
    )
    .await;
    assert_eq!(value["keys"], json!(["read_file", "github"]));
    assert_eq!(value["spaceKeys"], json!(["search", "issue"]));
    assert_eq!(value["frozen"], json!([true, true]));
    assert_eq!(value["prototypes"], json!([null, null]));
    assert_eq!(value["hiddenThere"], json!(true));
    assert_eq!(
        value["global"],
        json!({ "value": { "github": {} }, "writable": false, "enumerable": false, "configurable": false }),
        "functions are left out of JSON"
    );
    assert_eq!(value["notGlobals"], json!(["undefined", "undefined"]));
    assert_eq!(value["name"], json!("read_file"));
    assert_eq!(value["attempts"], json!(vec!["TypeError"; 6]));
}

#[tokio::test]
async fn r_code_8_a_missing_member_names_the_one_meant_at_every_level() {
    let value = result(
        "const message = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
         return [
           message(() => tools.read_fiel),
           message(() => tools.github.serach),
           message(() => tools.zzzzzzzz),
           [typeof tools.then, typeof tools.toJSON, typeof tools[Symbol.iterator], JSON.stringify(tools.github)],
         ];",
    )
    .await;
    assert_eq!(
        value,
        json!([
            "TypeError: tools.read_fiel is not a tool (did you mean read_file?). tools has: read_file, github",
            "TypeError: tools.github.serach is not a tool (did you mean search?). tools.github has: search, issue",
            "TypeError: tools.zzzzzzzz is not a tool. tools has: read_file, github",
            ["undefined", "undefined", "undefined", "{}"],
        ])
    );
}

#[tokio::test]
async fn r_code_8_a_hostile_script_cannot_reach_around_the_guard() {
    // Proxies expose no handler; the members are plain functions of the engine, whose
    // constructor compiles nothing; and the guard reads no built-in a script could replace.
    let value = result(
        "const outcomes = [];
         const attempt = (f) => { try { outcomes.push(String(f())); } catch (e) { outcomes.push(`${e.name}: ${e.message}`); } };
         attempt(() => new tools.read_file.constructor('return 1')());
         attempt(() => Reflect.defineProperty(tools, 'read_file', { value: 1 }));
         const hijacked = () => { throw new Error('hijacked'); };
         String.prototype.toLowerCase = hijacked;
         Object.keys = hijacked;
         Reflect.get = hijacked;
         Math.min = hijacked;
         Array.prototype.join = hijacked;
         attempt(() => tools.github.serach);
         attempt(() => typeof tools.read_file);
         return outcomes;",
    )
    .await;
    assert_eq!(value[0].as_str().map(|text| text.starts_with("EvalError")), Some(true), "{value}");
    assert_eq!(value[1], json!("false"));
    assert_eq!(
        value[2],
        json!(
            "TypeError: tools.github.serach is not a tool (did you mean search?). tools.github has: search, issue"
        )
    );
    assert_eq!(value[3], json!("function"));
}

#[tokio::test]
async fn r_rt_2_a_namespace_that_places_a_name_twice_fails_as_host_before_the_script() {
    let clash = Namespace::new("tools", "tool")
        .member(["a"], "fn.read_file")
        .member(["a", "b"], "fn.github__search");
    let error = run(Script::javascript("return 1").with_namespace(clash)).await.unwrap_err();
    assert_eq!(error.kind, ErrorKind::Host, "{error}");
    assert!(error.message.contains("\"a.b\" is placed inside a function"), "{error}");
}

#[tokio::test]
async fn r_cli_1a_constants_cannot_be_reassigned_or_deleted_and_frozen_ones_not_changed() {
    let script = Script::javascript(
        "'use strict';
         const attempts = [];
         const attempt = (f) => { try { f(); attempts.push('changed'); } catch (e) { attempts.push(e.name); } };
         attempt(() => { args = []; });
         attempt(() => { delete globalThis.args; });
         attempt(() => { args.push('x'); });
         attempt(() => { input.n = 2; });
         attempt(() => { input = 1; });
         return { args, input, nothing: typeof nothing, own: Object.keys(input), proto: Object.getPrototypeOf(input) === Object.prototype, attempts };",
    )
    .with_constant(Constant::frozen("args", json!(["a b", "-x"])))
    .with_constant(Constant::new("input", json!({ "__proto__": { "polluted": true }, "n": 1 })))
    .with_constant(Constant::undefined("nothing"));
    let value = run(script).await.unwrap().result;
    assert_eq!(value["args"], json!(["a b", "-x"]));
    assert_eq!(value["input"], json!({ "__proto__": { "polluted": true }, "n": 2 }));
    assert_eq!(value["own"], json!(["__proto__", "n"]), "__proto__ stays a key");
    assert_eq!(value["proto"], json!(true));
    assert_eq!(value["nothing"], json!("undefined"));
    assert_eq!(
        value["attempts"],
        json!(["TypeError", "TypeError", "TypeError", "changed", "TypeError"])
    );
}
