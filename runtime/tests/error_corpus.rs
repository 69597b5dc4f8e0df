//! Common mistakes in scripts, each with the first line of what ordo says beside what Node 20
//! says (issue 37): `error_corpus/cases.txt` holds one script per line, `node.json` Node's
//! line for each (recorded by `record.js`), `ordo.json` ordo's as last accepted.
//!
//! Fails when ordo's line for a case changes from `ordo.json` (look, then bless), or when fewer
//! cases than before read as Node's: the count only goes up. `ORDO_BLESS=1` records both files
//! again (Node's with `node`, which must be installed). The table is printed with `--nocapture`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test helpers outside #[test] fns unwrap too

use std::collections::BTreeMap;
use std::path::PathBuf;

use ordo_runtime::{HostFunctions, Runtime, RuntimeConfig, Script, WorkerCommand};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/error_corpus")
}

/// ordo's first line for `code`, as Node's is written: `Name: message`, or `no error`.
async fn first_line(runtime: &Runtime, code: &str) -> String {
    match runtime
        .run(&Script::javascript(code), &HostFunctions::new(), &CancellationToken::new())
        .await
    {
        Ok(_) => "no error".to_owned(),
        Err(error) => error.message.lines().next().unwrap_or_default().to_owned(),
    }
}

#[tokio::test]
async fn issue_37_common_mistakes_read_as_node_s_or_as_recorded() {
    let cases: Vec<String> = std::fs::read_to_string(dir().join("cases.txt"))
        .unwrap()
        .lines()
        .filter(|line| !line.is_empty())
        .map(str::to_owned)
        .collect();
    let bless = std::env::var_os("ORDO_BLESS").is_some();
    if bless {
        let recorded = std::process::Command::new("node")
            .arg(dir().join("record.js"))
            .output()
            .expect("ORDO_BLESS=1 records Node's lines with node");
        assert!(recorded.status.success(), "{}", String::from_utf8_lossy(&recorded.stderr));
        std::fs::write(dir().join("node.json"), recorded.stdout).unwrap();
    }
    let node: BTreeMap<String, String> =
        serde_json::from_str(&std::fs::read_to_string(dir().join("node.json")).unwrap()).unwrap();
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    let runtime = Runtime::new(RuntimeConfig { warm_workers: 1, ..RuntimeConfig::new(worker) });
    let mut ours = BTreeMap::new();
    let mut same = 0;
    for case in &cases {
        let line = first_line(&runtime, case).await;
        let theirs = node.get(case).unwrap_or_else(|| panic!("node.json has no line for {case}"));
        let verdict = if &line == theirs { "same" } else { "differs" };
        same += usize::from(&line == theirs);
        eprintln!("{verdict:7} {case}\n        ordo: {line}\n        node: {theirs}");
        ours.insert(case.clone(), line);
    }
    eprintln!("{same} of {} read as Node's", cases.len());
    let path = dir().join("ordo.json");
    if bless {
        let recorded = json!({ "same_as_node": same, "lines": ours });
        std::fs::write(&path, format!("{recorded:#}\n")).unwrap();
        return;
    }
    let recorded: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let mut changed = Vec::new();
    for (case, line) in &ours {
        if recorded["lines"][case] != json!(line) {
            changed.push(format!("{case}\n  was: {}\n  now: {line}", recorded["lines"][case]));
        }
    }
    assert!(changed.is_empty(), "ordo's lines changed (bless if better):\n{}", changed.join("\n"));
    let before = recorded["same_as_node"].as_u64().unwrap_or(0) as usize;
    assert!(same >= before, "{same} cases read as Node's, {before} did");
}
