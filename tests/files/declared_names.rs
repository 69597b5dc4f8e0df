//! Issue 37: every name a file tool declares (its `@throws`) is the name a caller receives for
//! that failure, the root guard's denials included: one case per tool and declared name, and a
//! declared name with no case here fails the test.

use std::collections::BTreeSet;
use std::fs;
use std::os::unix::fs::PermissionsExt;

use ordo::files;
use serde_json::{Value, json};

use super::{Sandbox, failure};

/// Whether this process can read what its owner cannot: then `PermissionDenied` cannot be
/// provoked by a file's mode, and those cases are skipped.
fn privileged(sandbox: &Sandbox) -> bool {
    let probe = sandbox.file("probe.txt", "x");
    fs::set_permissions(&probe, fs::Permissions::from_mode(0o000)).unwrap();
    let readable = fs::read(&probe).is_ok();
    fs::remove_file(&probe).unwrap();
    readable
}

#[tokio::test]
async fn every_declared_error_name_is_the_name_received() {
    let sandbox = Sandbox::new(true);
    sandbox.file("text.txt", "hello\n");
    sandbox.file("binary.bin", [0u8, 0xff, 0xfe, 0x00, 0x01]);
    sandbox.file("dir/inner.txt", "inner\n");
    let linked = sandbox.file("out/linked.txt", "one file, two names\n");
    fs::hard_link(&linked, sandbox.work.join("out/second-name.txt")).unwrap();
    fs::create_dir_all(sandbox.work.join("out/folder")).unwrap();
    let locked = sandbox.work.join("out/locked");
    fs::create_dir_all(&locked).unwrap();
    sandbox.file("out/locked/text.txt", "locked\n");
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).unwrap();
    let secret = sandbox.outside.join("secret.txt");
    let secret = secret.to_str().unwrap();

    let cases: Vec<(&str, &str, Value)> = vec![
        ("read_file", "NotFound", json!({ "path": "missing.txt" })),
        ("read_file", "IsADirectory", json!({ "path": "dir" })),
        ("read_file", "BinaryFile", json!({ "path": "binary.bin" })),
        ("read_file", "PermissionDenied", json!({ "path": "out/locked/text.txt" })),
        ("read_file", "OutsideRoots", json!({ "path": secret })),
        ("write_file", "NotFound", json!({ "path": "out/no/such/dir.txt", "content": "x" })),
        ("write_file", "IsADirectory", json!({ "path": "out/folder", "content": "x" })),
        ("write_file", "HardLinked", json!({ "path": "out/linked.txt", "content": "x" })),
        ("write_file", "PermissionDenied", json!({ "path": "out/locked/new.txt", "content": "x" })),
        ("write_file", "OutsideRoots", json!({ "path": "text.txt", "content": "x" })),
        ("list_dir", "NotFound", json!({ "path": "nowhere" })),
        ("list_dir", "NotADirectory", json!({ "path": "text.txt" })),
        ("list_dir", "PermissionDenied", json!({ "path": "out/locked" })),
        ("list_dir", "OutsideRoots", json!({ "path": sandbox.outside.to_str().unwrap() })),
        ("search_files", "NotFound", json!({ "pattern": "x", "path": "nowhere" })),
        ("search_files", "InvalidPattern", json!({ "pattern": "(unclosed" })),
        ("search_files", "InvalidGlob", json!({ "glob": "a[" })),
        ("search_files", "InvalidArguments", json!({ "path": "dir" })),
        ("search_files", "PermissionDenied", json!({ "pattern": "x", "path": "out/locked" })),
        ("search_files", "OutsideRoots", json!({ "pattern": "x", "path": secret })),
    ];

    let privileged = privileged(&sandbox);
    if privileged {
        eprintln!(
            "NOTE: running with privileges that read any file: the PermissionDenied cases are \
             skipped (run the tests as an ordinary user to check them)"
        );
    }
    let mut wrong = Vec::new();
    for (tool, name, args) in &cases {
        if privileged && *name == "PermissionDenied" {
            continue;
        }
        let result = sandbox.call(tool, args.clone()).await;
        let (code, got, message) = failure(&result);
        if got != *name {
            wrong.push(format!(
                "{tool} {args}: expected {name}, received {got} ({code:?}: {message})"
            ));
        }
    }
    assert!(wrong.is_empty(), "names that did not arrive:\n{}", wrong.join("\n"));

    // Every declared name has its case.
    let covered: BTreeSet<(&str, &str)> =
        cases.iter().map(|(tool, name, _)| (*tool, *name)).collect();
    for definition in files::definitions(sandbox.roots.clone()) {
        for name in definition.error_names() {
            assert!(
                covered.contains(&(definition.name(), *name)),
                "{} declares {name}, which no case here provokes",
                definition.name()
            );
        }
    }
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
}
