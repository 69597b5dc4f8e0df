//! Subsets of tc39/test262 run through the worker as scripts run (R-RT-2): each test is the body
//! of the function a script runs in, after the harness files it includes. A subset is a file in
//! `test262/` listing the folders it takes; beside it, `NAME.passing` lists the tests that pass.
//! A test on that list that fails is a regression and fails this test; one that passes and is
//! not on it is printed (bless to keep it).
//!
//! test262 is not in the repository. To run, check out the commit named in the subset file and
//! point at it (the files are read from disk, never fetched):
//!
//! ```sh
//! git clone https://github.com/tc39/test262 /tmp/test262 && git -C /tmp/test262 checkout COMMIT
//! ORDO_TEST262=/tmp/test262 cargo test --workspace --test test262 -- --nocapture
//! ORDO_TEST262=/tmp/test262 ORDO_BLESS=1 cargo test --workspace --test test262   # rewrite .passing
//! ```
//!
//! `ORDO_TEST262_SUBSET=NAME` runs one subset. `ORDO_TEST262_ONLY=text` runs only the tests whose path holds `text` and prints each failure,
//! without comparing with the list. Without `ORDO_TEST262` the test says so and passes: CI
//! machines do not reach GitHub.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test helpers outside #[test] fns unwrap too

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use futures::StreamExt;
use ordo_runtime::{ErrorKind, HostFunctions, Runtime, RuntimeConfig, Script, WorkerCommand};
use tokio_util::sync::CancellationToken;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/test262");

/// What a test's front matter asks for.
#[derive(Default, Debug)]
struct Frontmatter {
    includes: Vec<String>,
    flags: Vec<String>,
    /// `(phase, type)` of the error a negative test expects.
    negative: Option<(String, String)>,
}

/// Reads the YAML between `/*---` and `---*/` as far as the runner needs: `includes` and
/// `flags` (inline `[a, b]` or `- a` lines) and `negative`'s `phase` and `type`.
fn frontmatter(source: &str) -> Frontmatter {
    let mut found = Frontmatter::default();
    let Some(start) = source.find("/*---") else { return found };
    let Some(length) = source[start..].find("---*/") else { return found };
    let mut list: Option<&str> = None;
    let (mut phase, mut kind) = (None, None);
    for line in source[start + 5..start + length].lines() {
        let trimmed = line.trim();
        if let Some(item) = trimmed.strip_prefix("- ") {
            match list {
                Some("includes") => found.includes.push(item.trim().to_owned()),
                Some("flags") => found.flags.push(item.trim().to_owned()),
                _ => {}
            }
            continue;
        }
        let Some((key, value)) = trimmed.split_once(':') else { continue };
        let value = value.trim();
        let inline = || {
            value
                .trim_start_matches('[')
                .trim_end_matches(']')
                .split(',')
                .map(|item| item.trim().to_owned())
                .filter(|item| !item.is_empty())
                .collect::<Vec<_>>()
        };
        list = None;
        match key {
            "includes" if !value.is_empty() => found.includes = inline(),
            "flags" if !value.is_empty() => found.flags = inline(),
            "includes" | "flags" => list = Some(key),
            "phase" => phase = Some(value.to_owned()),
            "type" => kind = Some(value.to_owned()),
            _ => {}
        }
    }
    if let (Some(phase), Some(kind)) = (phase, kind) {
        found.negative = Some((phase, kind));
    }
    found
}

/// The script the worker runs for a test: strict if the test asks, the harness, the test; an
/// async test's `$DONE` settles a promise the script awaits at its end.
fn script(root: &Path, source: &str, front: &Frontmatter) -> String {
    if front.flags.iter().any(|flag| flag == "raw") {
        return source.to_owned();
    }
    let mut out = String::new();
    if front.flags.iter().any(|flag| flag == "onlyStrict") {
        out.push_str("\"use strict\";\n");
    }
    out.push_str("function print() {}\n");
    let is_async = front.flags.iter().any(|flag| flag == "async");
    if is_async {
        out.push_str(
            "let $$settle;\nconst $$done = new Promise((resolve) => { $$settle = resolve; });\nfunction $DONE(error) { $$settle(error); }\n",
        );
    }
    for include in
        ["assert.js", "sta.js"].iter().copied().chain(front.includes.iter().map(String::as_str))
    {
        let text = std::fs::read_to_string(root.join("harness").join(include))
            .unwrap_or_else(|error| panic!("harness/{include}: {error}"));
        out.push_str(&text);
        out.push('\n');
    }
    out.push_str(source);
    if is_async {
        out.push_str(
            "\nconst $$error = await $$done;\nif ($$error !== undefined) throw $$error;\n",
        );
    }
    out
}

/// Whether the run did what the test expects, and what went wrong if not.
fn verdict(front: &Frontmatter, outcome: Result<(), ordo_runtime::RunError>) -> Result<(), String> {
    match (&front.negative, outcome) {
        (None, Ok(())) => Ok(()),
        (None, Err(error)) => Err(error.to_string()),
        (Some((phase, kind)), Ok(())) => {
            Err(format!("expected a {kind} at {phase}, ran to the end"))
        }
        (Some((phase, kind)), Err(error)) => {
            let syntax = matches!(error.kind, ErrorKind::Syntax);
            let named = error.message.starts_with(kind.as_str());
            let right_phase = (phase == "runtime") != syntax;
            if named && right_phase {
                Ok(())
            } else {
                Err(format!("expected a {kind} at {phase}: {error}"))
            }
        }
    }
}

/// Every `.js` test under the subset's folders, skipping harness fixtures (`_FIXTURE`).
fn tests(root: &Path, folders: &[String]) -> Vec<String> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|ext| ext == "js")
                && !path.to_string_lossy().contains("_FIXTURE")
            {
                out.push(path.strip_prefix(root).unwrap().to_string_lossy().into_owned());
            }
        }
    }
    let mut out = Vec::new();
    for folder in folders {
        walk(&root.join(folder), root, &mut out);
    }
    out.sort();
    out
}

/// The subset files: `NAME.txt`, its folders one per line (`#` starts a comment).
fn subsets() -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(DIR).unwrap().flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|ext| ext == "txt") {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let folders = std::fs::read_to_string(&path)
                .unwrap()
                .lines()
                .map(|line| line.split('#').next().unwrap_or_default().trim().to_owned())
                .filter(|line| !line.is_empty())
                .collect();
            out.push((name, folders));
        }
    }
    out.sort();
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r_rt_2_test262_subsets_pass_as_recorded() {
    let Some(root) = std::env::var_os("ORDO_TEST262").map(PathBuf::from) else {
        eprintln!(
            "SKIPPED: test262 subsets need ORDO_TEST262=<a checkout of tc39/test262> (see the file's docs)"
        );
        return;
    };
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    let runtime = Runtime::new(RuntimeConfig { warm_workers: 2, ..RuntimeConfig::new(worker) });
    let bless = std::env::var_os("ORDO_BLESS").is_some();
    let only = std::env::var("ORDO_TEST262_ONLY").ok();
    let subset = std::env::var("ORDO_TEST262_SUBSET").ok();
    let mut regressions = Vec::new();
    for (name, folders) in subsets() {
        if subset.as_ref().is_some_and(|subset| *subset != name) {
            continue;
        }
        let mut tests = tests(&root, &folders);
        if let Some(only) = &only {
            tests.retain(|test| test.contains(only.as_str()));
            if tests.is_empty() {
                continue;
            }
        }
        assert!(!tests.is_empty(), "{name}: no tests under {folders:?} in {}", root.display());
        let results: BTreeMap<String, Result<(), String>> = futures::stream::iter(tests)
            .map(|test| {
                let (runtime, root) = (&runtime, &root);
                async move {
                    let source = std::fs::read_to_string(root.join(&test)).unwrap();
                    let front = frontmatter(&source);
                    let code = script(root, &source, &front);
                    let outcome = runtime
                        .run(
                            &Script::javascript(code),
                            &HostFunctions::new(),
                            &CancellationToken::new(),
                        )
                        .await
                        .map(drop);
                    (test, verdict(&front, outcome))
                }
            })
            .buffer_unordered(4)
            .collect()
            .await;
        let passing: BTreeSet<&String> =
            results.iter().filter(|(_, verdict)| verdict.is_ok()).map(|(test, _)| test).collect();
        report(&name, &results);
        if only.is_some() {
            for (test, verdict) in &results {
                if let Err(error) = verdict {
                    eprintln!("FAIL {test}: {error}");
                }
            }
            continue;
        }
        let recorded_path = Path::new(DIR).join(format!("{name}.passing"));
        if bless {
            let text: String = passing.iter().map(|test| format!("{test}\n")).collect();
            std::fs::write(&recorded_path, text).unwrap();
            continue;
        }
        let recorded = std::fs::read_to_string(&recorded_path).unwrap_or_default();
        for test in recorded.lines().filter(|line| !line.is_empty()) {
            match results.get(test) {
                Some(Ok(())) => {}
                Some(Err(error)) => regressions.push(format!("{test}: {error}")),
                None => regressions.push(format!("{test}: not found in the checkout")),
            }
        }
        let recorded: BTreeSet<&str> = recorded.lines().collect();
        for test in passing.iter().filter(|test| !recorded.contains(test.as_str())) {
            eprintln!("{name}: newly passing: {test}");
        }
    }
    assert!(
        regressions.is_empty(),
        "{} regressions:\n{}",
        regressions.len(),
        regressions.join("\n")
    );
}

/// Counts per folder, and the commonest failures (their first line, without numbers).
fn report(name: &str, results: &BTreeMap<String, Result<(), String>>) {
    let mut folders: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for (test, verdict) in results {
        let folder = test.split('/').take(3).collect::<Vec<_>>().join("/");
        let entry = folders.entry(folder).or_default();
        entry.1 += 1;
        match verdict {
            Ok(()) => entry.0 += 1,
            Err(error) => {
                let reason: String =
                    error.lines().next().unwrap_or_default().chars().take(110).collect();
                *reasons.entry(reason).or_default() += 1;
            }
        }
    }
    let passed: usize = folders.values().map(|(passed, _)| passed).sum();
    eprintln!("{name}: {passed} of {} pass", results.len());
    for (folder, (passed, total)) in &folders {
        eprintln!("  {folder}: {passed} of {total}");
    }
    let mut reasons: Vec<(String, usize)> = reasons.into_iter().collect();
    reasons.sort_by_key(|(_, count)| std::cmp::Reverse(*count));
    for (reason, count) in reasons.iter().take(25) {
        eprintln!("  {count:4} × {reason}");
    }
}
