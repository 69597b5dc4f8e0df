//! The root guard through the binary (R-CLI-7): reads under `--allow-read` (default: the current
//! folder), writes under `--allow-write` (default: none); `..`, absolute paths and symlinks that
//! lead outside are `DENIED`, and nothing outside is read or written.

use serde_json::{Value, json};

use crate::common::{Scratch, json, stderr};

fn call(name: &str, arguments: Value) -> Value {
    json!({ "id": "c", "name": name, "arguments": arguments.to_string() })
}

/// Runs one call in `work/` of a scratch folder whose `secret.txt` lies outside it.
fn run(scratch: &Scratch, call: Value, flags: &[&str]) -> Value {
    scratch.write("work/step.json", &Value::Array(vec![call]).to_string());
    let mut command = scratch.ordo(&[]);
    command.current_dir(scratch.path().join("work")).args(["calls", "step.json"]).args(flags);
    let output = command.output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    json(&output)[0].clone()
}

fn scratch() -> Scratch {
    let scratch = Scratch::new();
    scratch.write("secret.txt", "top secret");
    scratch.write("work/inside.txt", "fine");
    std::os::unix::fs::symlink(
        scratch.path().join("secret.txt"),
        scratch.path().join("work/link.txt"),
    )
    .unwrap();
    std::os::unix::fs::symlink(scratch.path(), scratch.path().join("work/up")).unwrap();
    scratch
}

#[test]
fn r_cli_7_reads_inside_the_default_root_work() {
    let scratch = scratch();
    let result = run(&scratch, call("read_file", json!({ "path": "inside.txt" })), &[]);
    assert_eq!(result["is_error"], false, "{result:#}");
}

#[test]
fn r_cli_7_escapes_through_dotdot_absolute_paths_and_symlinks_are_denied() {
    let scratch = scratch();
    let secret = scratch.path().join("secret.txt").display().to_string();
    for path in
        ["../secret.txt", "sub/../../secret.txt", secret.as_str(), "link.txt", "up/secret.txt"]
    {
        for tool in ["read_file", "list_dir", "search_files"] {
            let arguments = match tool {
                "search_files" => json!({ "pattern": "secret", "path": path }),
                _ => json!({ "path": path }),
            };
            let result = run(&scratch, call(tool, arguments), &[]);
            assert_eq!(result["error"]["code"], "DENIED", "{tool} {path}: {result:#}");
            assert!(!result.to_string().contains("top secret"), "{tool} {path}: {result:#}");
        }
    }
}

#[test]
fn r_cli_7_writes_need_a_write_root_and_stay_inside_it() {
    let scratch = scratch();
    let write = |path: &str, flags: &[&str]| {
        run(&scratch, call("write_file", json!({ "path": path, "content": "x" })), flags)
    };
    let unwritable = write("new.txt", &[]);
    assert_eq!(
        unwritable["error"]["code"], "TOOL_NOT_FOUND",
        "no write root, no write_file: {unwritable:#}"
    );
    assert!(!scratch.path().join("work/new.txt").exists());

    let allowed = write("new.txt", &["--allow-write", "."]);
    assert_eq!(allowed["is_error"], false, "{allowed:#}");
    assert_eq!(std::fs::read_to_string(scratch.path().join("work/new.txt")).unwrap(), "x");

    for path in ["../escaped.txt", "up/escaped.txt", "link.txt"] {
        assert_eq!(write(path, &["--allow-write", "."])["error"]["code"], "DENIED", "{path}");
    }
    assert!(!scratch.path().join("escaped.txt").exists());
    assert_eq!(std::fs::read_to_string(scratch.path().join("secret.txt")).unwrap(), "top secret");
}

#[test]
fn r_cli_7_allow_read_moves_the_read_root() {
    let scratch = scratch();
    let secret = scratch.path().join("secret.txt").display().to_string();
    let root = scratch.path().display().to_string();
    let result =
        run(&scratch, call("read_file", json!({ "path": secret })), &["--allow-read", &root]);
    assert_eq!(result["is_error"], false, "{result:#}");
}

/// Issue 37: a script branches on the names a tool declares (`@throws "OutsideRoots"`), and
/// the guard's refusal of a path outside the roots arrives with that name (its code `DENIED`).
#[test]
fn r_cli_7_a_script_receives_the_declared_name_for_a_path_outside_the_roots() {
    let scratch = scratch();
    scratch.write(
        "work/escape.js",
        "const seen = [];\n\
         for (const call of [() => tools.write_file({ path: '../planted.txt', content: 'x' }),\n\
                             () => tools.read_file({ path: '../secret.txt' })]) {\n\
           try { await call(); seen.push('no error'); }\n\
           catch (e) { seen.push([e.name, e.code]); }\n\
         }\n\
         return seen;",
    );
    let mut command = scratch.ordo(&[]);
    command.current_dir(scratch.path().join("work")).args([
        "run",
        "escape.js",
        "--allow-write",
        ".",
    ]);
    let output = command.output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(json(&output), json!([["OutsideRoots", "DENIED"], ["OutsideRoots", "DENIED"]]));
    assert!(!scratch.path().join("planted.txt").exists());
}
