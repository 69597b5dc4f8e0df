//! Every error points at the expression that threw, in the source as written, whatever its
//! class; where the engine cannot tell, it says nothing rather than pointing elsewhere (R-RT-4).
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

use ordo_runtime::{
    HostError, HostFunctions, Position, RunError, Runtime, RuntimeConfig, Script, WorkerCommand,
};
use tokio_util::sync::CancellationToken;

async fn failure(script: Script) -> RunError {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    let mut host = HostFunctions::new();
    host.insert("fail", |_call| async {
        Err(HostError {
            name: "NotFound".to_owned(),
            message: "gone".to_owned(),
            data: Default::default(),
        })
    });
    Runtime::new(RuntimeConfig { warm_workers: 0, ..RuntimeConfig::new(worker) })
        .run(&script, &host, &CancellationToken::new())
        .await
        .expect_err("the script fails")
}

fn at(line: u32, column: u32) -> Option<Position> {
    Some(Position { line, column })
}

#[tokio::test]
async fn r_rt_4_every_error_class_is_placed_at_its_expression() {
    let cases = [
        // Boa places these at the wrapper's call or the function's head; ordo finds the name.
        (
            "const a = 1;\n\nconst c = undefinedVar;\nreturn c;",
            "ReferenceError: undefinedVar is not defined",
            at(3, 11),
        ),
        (
            "function f() {\n  const x = 1;\n  return missing + x;\n}\nreturn f();",
            "ReferenceError: missing is not defined",
            at(3, 10),
        ),
        (
            "let s = 1;\n s = later + 1;\n return s",
            "ReferenceError: later is not defined",
            at(2, 6),
        ),
        (
            "const q = { undefinedFn: 1 };\nundefinedFn();",
            "ReferenceError: undefinedFn is not defined",
            at(2, 1),
        ),
        (
            "const read = () => total;\nconst sum = read();\nlet total = 0;\nreturn sum;",
            "ReferenceError: Cannot access 'total' before initialization",
            at(1, 20),
        ),
        // Boa places these itself.
        (
            "const o = null;\nreturn o.x;",
            "TypeError: Cannot read properties of null (reading 'x')",
            at(2, 10),
        ),
        ("const a = 1;\nthrow new Error('boom');", "Error: boom", at(2, 7)),
        // An error class's own constructor (its `super(...)`) is not where it was thrown.
        (
            "class NotFound extends Error {\n  constructor(what) {\n    super(`${what} is missing`);\n    this.name = 'NotFound';\n  }\n}\nclass NoFile extends NotFound {}\nfunction find() {\n  throw new NoFile('x');\n}\nreturn find();",
            "NotFound: x is missing",
            at(9, 9),
        ),
        // An error made by the host has no frame of the script's: it is placed at the call.
        ("const a = 1;\nawait Promise.resolve();\nawait fail({});", "NotFound: gone", at(3, 11)),
        // Nothing is known of a thrown string.
        ("throw 'plain';", "Uncaught plain", None),
        (
            "function g() {\n  null.y;\n}\ng();",
            "TypeError: Cannot read properties of null (reading 'y')",
            at(2, 8),
        ),
    ];
    for (code, message, position) in cases {
        let error = failure(Script::javascript(code)).await;
        assert_eq!((error.message.as_str(), error.position), (message, position), "{code}");
    }
}

#[tokio::test]
async fn r_rt_4_generated_typescript_is_placed_in_the_source_as_written() {
    let code = "enum Color { Red, Green }\nnamespace Util { export const twice = (n: number) => n * 2; }\n\
                const shade: Color = Color.Green;\nif (Util.twice(shade) === 2) {\n  notDeclared(shade);\n}";
    let error = failure(Script::typescript(code)).await;
    assert_eq!(error.message, "ReferenceError: notDeclared is not defined");
    assert_eq!(error.position, at(5, 3));
    let error = failure(Script::typescript(
        "enum E { A }\nconst n: number = E.A;\nthrow new TypeError(`bad ${n}`);",
    ))
    .await;
    assert_eq!((error.message.as_str(), error.position), ("TypeError: bad 0", at(3, 7)));
}
