//! Every function ordo adds to the engine or replaces in it, and every built-in of Boa's on an
//! object those touch, called three times from one place in each shape a model writes it (a
//! loop, a callback, a helper called three times), as scripts run in the worker, gives what
//! Node gives (R-RT-2). A built-in that works at its first call and breaks at its second (Boa's
//! inline cache against a lazily compiled built-in, see `engine/lazy.rs`) cannot pass.
//!
//! What is covered is read from the engine, not listed here: `repeated_calls/enumerate.js` maps
//! everything three steps from the global object, in ordo's worker and in a plain Boa context;
//! a function or accessor that differs is ordo's, and needs calls in `repeated_calls/calls.json`
//! (a call per form: constructed each time, a method of a fresh instance, of a shared one); a
//! native function of Boa's on an object ordo changed gets its calls from that object's
//! templates. Anything found with no calls fails, and so does an entry that names nothing.
//! Ordo's own are called with nothing in between, as a model calls them; for Boa's, each script
//! reaches everything ordo compiles lazily by computed keys between the first call and the
//! second, so that a cache filled before that compile is read after it.
//!
//! Node's answers are in `repeated_calls/node.json`, keyed by the case and a hash of its script
//! (a script that changed has no answer until it is recorded again). After a change to
//! the engine's built-ins or to `calls.json`: `ORDO_BLESS=1 cargo test --workspace --test
//! repeated_calls` (runs `TZ=UTC node repeated_calls/record.js`).
#![allow(clippy::unwrap_used, clippy::expect_used)] // test helpers outside #[test] fns unwrap too

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use futures::StreamExt;
use ordo_runtime::{HostFunctions, Runtime, RuntimeConfig, Script, WorkerCommand};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

const ENUMERATE: &str = include_str!("repeated_calls/enumerate.js");
const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/repeated_calls");

/// How a call is repeated: `EXPR` is the call, `i` runs 0, 1, 2; `TOUCH()` reaches every lazily
/// compiled built-in by computed key, after the first call.
const SHAPES: [(&str, &str); 3] = [
    (
        "loop",
        "const out = [];\nfor (let i = 0; i < 3; i++) {\n  out.push(EXPR);\n  if (i === 0) TOUCH();\n}\nreturn out;",
    ),
    (
        "callback",
        "return [0, 1, 2].map((i) => {\n  const value = EXPR;\n  if (i === 0) TOUCH();\n  return value;\n});",
    ),
    (
        "helper",
        "function call(i) {\n  return EXPR;\n}\nconst out = [call(0)];\nTOUCH();\nout.push(call(1), call(2));\nreturn out;",
    ),
];

/// The same shapes where the call is awaited.
const ASYNC_SHAPES: [(&str, &str); 3] = [
    SHAPES[0],
    (
        "callback",
        "return await Promise.all([0, 1, 2].map(async (i) => {\n  const value = EXPR;\n  if (i === 0) TOUCH();\n  return value;\n}));",
    ),
    (
        "helper",
        "async function call(i) {\n  return EXPR;\n}\nconst out = [await call(0)];\nTOUCH();\nout.push(await call(1), await call(2));\nreturn out;",
    ),
];

fn runtime() -> Runtime {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    Runtime::new(RuntimeConfig { warm_workers: 2, ..RuntimeConfig::new(worker) })
}

/// What a script gave: its value, or the name of what it threw.
async fn outcome(runtime: &Runtime, code: &str) -> Value {
    match runtime
        .run(&Script::javascript(code), &HostFunctions::new(), &CancellationToken::new())
        .await
    {
        Ok(out) => json!({ "value": out.result }),
        Err(error) => {
            let name = error.message.split(':').next().unwrap_or_default().to_owned();
            json!({ "error": name, "message": error.to_string() })
        }
    }
}

fn parse_map(value: &Value) -> BTreeMap<String, String> {
    serde_json::from_value(value.clone()).expect("enumerate.js returns a map of kinds")
}

async fn enumerate_ordo(runtime: &Runtime) -> BTreeMap<String, String> {
    let found = outcome(runtime, ENUMERATE).await;
    parse_map(found.get("value").unwrap_or_else(|| panic!("enumerate.js failed in ordo: {found}")))
}

fn enumerate_boa() -> BTreeMap<String, String> {
    let mut context = boa_engine::Context::default();
    let code = format!("JSON.stringify((() => {{\n{ENUMERATE}\n}})())");
    let text =
        context.eval(boa_engine::Source::from_bytes(&code)).expect("enumerate.js runs in Boa");
    let text = text.as_string().expect("a string").to_std_string_escaped();
    parse_map(&serde_json::from_str(&text).unwrap())
}

fn is_callable(kind: &str) -> bool {
    kind.starts_with("function:") || kind.starts_with("accessor:")
}

/// The object a path's property is on: `Date.prototype` for `Date.prototype.getTime`, `""` for
/// a global.
fn owner(path: &str) -> &str {
    path.rsplit_once('.').map_or("", |(owner, _)| owner)
}

/// How to call a built-in: an expression of `i`, what runs once before (`setup`), and, for a
/// built-in Node 20 lacks (`Array.fromAsync`), the values the specification gives (`expect`).
#[derive(Clone, Default)]
struct Recipe {
    setup: String,
    expr: String,
    expect: Option<Value>,
}

/// `{ "setup": …, "expr": …, "expect": … }` or just the expression.
fn recipe(value: &Value) -> Recipe {
    match value {
        Value::String(expr) => Recipe { expr: expr.clone(), ..Recipe::default() },
        Value::Object(object) => Recipe {
            setup: object.get("setup").and_then(Value::as_str).unwrap_or_default().to_owned(),
            expr: object["expr"].as_str().expect("a recipe's expr is a string").to_owned(),
            expect: object.get("expect").cloned(),
        },
        other => panic!("a recipe is a string or {{setup, expr, expect}}: {other}"),
    }
}

/// A property name cut in two, so that the script's text does not spell it (see `lazy.rs`: a
/// script that names a lazily compiled built-in has it compiled before it runs).
fn unspelled(name: &str) -> String {
    let middle = name.char_indices().nth(name.chars().count() / 2).map_or(0, |(at, _)| at);
    format!("{:?} + {:?}", &name[..middle], &name[middle..])
}

/// `TOUCH`: reads every changed path from the global object by computed keys.
fn touch(changed: &BTreeSet<String>) -> String {
    let paths: Vec<String> = changed
        .iter()
        .map(|path| format!("[{}]", path.split('.').map(unspelled).collect::<Vec<_>>().join(", ")))
        .collect();
    format!(
        "const TOUCH = () => {{\n  for (const path of [{}]) {{\n    let object = globalThis;\n    for (const key of path) {{\n      try {{ object = object[key]; }} catch {{ break; }}\n      if (object === undefined || object === null) break;\n    }}\n  }}\n}};\n",
        paths.join(", ")
    )
}

struct Case {
    /// `path #recipe shape`, for messages.
    id: String,
    script: String,
    /// The answer when Node's cannot be had.
    expect: Option<Value>,
}

impl Case {
    /// The case and an FNV-1a hash of its script: what Node's answer is filed under.
    fn key(&self) -> String {
        let hash = self.script.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
        });
        format!("{} {hash:016x}", self.id)
    }
}

/// Every script: each path's recipes in each shape.
fn cases(calls: &BTreeMap<String, Vec<Recipe>>, changed: &BTreeSet<String>) -> Vec<Case> {
    let touch = touch(changed);
    let mut cases = Vec::new();
    for (path, recipes) in calls {
        // Ordo's own are called with nothing in between: reaching the lazy built-ins changes
        // the global object's shape, which would empty a stale cache before it is read.
        let untouched = changed.contains(path);
        for (index, recipe) in recipes.iter().enumerate() {
            let shapes = if recipe.expr.contains("await") { ASYNC_SHAPES } else { SHAPES };
            for (shape, text) in shapes {
                let mut body = text.replace("EXPR", &recipe.expr);
                if untouched {
                    body = body.replace("  if (i === 0) TOUCH();\n", "").replace("TOUCH();\n", "");
                }
                let setup = &recipe.setup;
                let setup = if setup.is_empty() { String::new() } else { format!("{setup}\n") };
                cases.push(Case {
                    id: format!("{path} #{index} {shape}"),
                    script: format!("{}{setup}{body}", if untouched { "" } else { &touch }),
                    expect: recipe.expect.as_ref().map(|value| json!({ "value": value })),
                });
            }
        }
    }
    cases
}

/// Works out what is covered and how to call it, and fails on anything left without calls.
fn plan(
    ordo: &BTreeMap<String, String>,
    boa: &BTreeMap<String, String>,
) -> (BTreeMap<String, Vec<Recipe>>, BTreeSet<String>) {
    let spec: Value =
        serde_json::from_str(&std::fs::read_to_string(Path::new(DIR).join("calls.json")).unwrap())
            .expect("calls.json is JSON");
    let explicit: BTreeMap<String, Vec<Value>> =
        serde_json::from_value(spec["calls"].clone()).expect("calls: path -> recipes");
    let templates: BTreeMap<String, Value> =
        serde_json::from_value(spec["owners"].clone()).expect("owners: owner -> templates");
    let skip: BTreeMap<String, String> =
        serde_json::from_value(spec["skip"].clone()).expect("skip: path -> reason");

    // Ordo's: what differs from plain Boa.
    let changed: BTreeSet<String> = ordo
        .iter()
        .filter(|(path, kind)| is_callable(kind) && boa.get(*path) != Some(*kind))
        .map(|(path, _)| path.clone())
        .collect();
    // Boa's own natives on an object ordo changed (and that Boa has too).
    let touched: BTreeSet<&str> = changed
        .iter()
        .map(|path| owner(path))
        .filter(|owner| owner.is_empty() || boa.contains_key(*owner))
        .collect();
    let provided: BTreeSet<String> = ordo
        .iter()
        .filter(|(path, kind)| {
            *kind == "function:native"
                && boa.get(*path) == Some(*kind)
                && touched.contains(owner(path))
                // A global constructor is a property of the global object, whose own caches
                // follow its shape; only functions that are called as functions are at risk.
                && !(owner(path).is_empty() && ordo.contains_key(&format!("{path}.prototype")))
        })
        .map(|(path, _)| path.clone())
        .collect();

    let mut calls = BTreeMap::new();
    let mut missing = Vec::new();
    for path in changed.iter().chain(&provided) {
        if skip.contains_key(path) {
            continue;
        }
        let recipes: Vec<Recipe> = match explicit.get(path) {
            Some(recipes) => recipes.iter().map(recipe).collect(),
            None => match templates.get(owner(path)) {
                Some(template) if provided.contains(path) => {
                    let name = path.rsplit('.').next().unwrap_or(path);
                    let args =
                        template["args"].get(name).and_then(Value::as_str).unwrap_or_default();
                    template["recipes"]
                        .as_array()
                        .expect("an owner's recipes are a list")
                        .iter()
                        .map(recipe)
                        .map(|recipe| Recipe {
                            expr: recipe.expr.replace("NAME", name).replace("ARGS", args),
                            ..recipe
                        })
                        .collect()
                }
                _ => Vec::new(),
            },
        };
        if recipes.is_empty() {
            missing.push(format!(
                "{path} ({})",
                if changed.contains(path) { "ordo's" } else { "Boa's, on an object ordo changes" }
            ));
        } else {
            calls.insert(path.clone(), recipes);
        }
    }
    assert!(missing.is_empty(), "no calls in calls.json for:\n{}", missing.join("\n"));
    let named: Vec<&String> = explicit
        .keys()
        .chain(skip.keys())
        .filter(|path| !changed.contains(*path) && !provided.contains(*path))
        .collect();
    assert!(
        named.is_empty(),
        "calls.json names what the engine does not change or touch: {named:?}"
    );
    (calls, changed)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r_rt_2_every_added_or_touched_built_in_called_thrice_from_one_place_gives_what_node_gives()
{
    let runtime = runtime();
    let ordo = enumerate_ordo(&runtime).await;
    let boa = enumerate_boa();
    let (calls, changed) = plan(&ordo, &boa);
    let cases = cases(&calls, &changed);

    let node_path = Path::new(DIR).join("node.json");
    if std::env::var_os("ORDO_BLESS").is_some() {
        record(&cases, &node_path);
    }
    let node: BTreeMap<String, Value> =
        serde_json::from_str(&std::fs::read_to_string(&node_path).unwrap()).unwrap();

    let results: Vec<(usize, Value)> = futures::stream::iter(cases.iter().enumerate())
        .map(|(index, case)| {
            let runtime = &runtime;
            async move { (index, outcome(runtime, &case.script).await) }
        })
        .buffer_unordered(4)
        .collect()
        .await;
    let mut differ = Vec::new();
    for (index, ours) in results {
        let case = &cases[index];
        let Some(expected) = case.expect.as_ref().or_else(|| node.get(&case.key())) else {
            differ.push(format!("{}: no answer of Node's recorded (ORDO_BLESS=1)", case.id));
            continue;
        };
        assert_ne!(
            expected["error"], "SyntaxError",
            "{}: the generated script does not parse",
            case.id
        );
        let same = match (expected.get("error"), ours.get("error")) {
            (Some(theirs), Some(mine)) => theirs == mine,
            (None, None) => expected["value"] == ours["value"],
            _ => false,
        };
        if !same {
            let body =
                case.script.split_once("};\n").map_or(case.script.as_str(), |(_, body)| body);
            differ.push(format!("{}:\n  Node {expected}\n  ordo {ours}\n{body}", case.id));
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {} scripts differ from Node:\n{}",
        differ.len(),
        cases.len(),
        differ.join("\n\n")
    );
    assert!(cases.len() >= 100, "only {} scripts: the enumeration found too little", cases.len());
}

/// Runs every script in Node and writes its answers.
fn record(cases: &[Case], to: &Path) {
    let scripts: Vec<Value> =
        cases.iter().map(|case| json!({ "key": case.key(), "script": case.script })).collect();
    let input = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(input.path(), serde_json::to_string(&scripts).unwrap()).unwrap();
    let status = std::process::Command::new("node")
        .arg(Path::new(DIR).join("record.js"))
        .arg(input.path())
        .arg(to)
        .env("TZ", "UTC")
        .status()
        .expect("ORDO_BLESS needs node on the PATH");
    assert!(status.success(), "record.js failed");
}
