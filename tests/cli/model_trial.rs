//! Issue 33's trial, repeated as a model works (R-CODE-7): each case in
//! `tests/model_scripts/mcp/` is one or more `run_code` calls (separated by a line
//! `// ---- next call ----`), made in order by the Python SDK's client of the revision without
//! sessions, against `ordo mcp` with server-everything mounted and no write root, in a folder
//! with a 3,000-line `data/big.log`. A later call is given the
//! `state` handle an earlier result returned, as a model passes it back. What the model read of
//! each call (its text blocks, other blocks as `[image: image/png]`, handles as `st_…`) must be
//! `NAME.out` beside it; `ORDO_BLESS=1` rewrites them.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::common::Scratch;
use crate::mcp::client::stdio;
use crate::mount::{config, reference};

const NEXT_CALL: &str = "// ---- next call ----";

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/model_scripts/mcp")
}

/// A log of 3,000 lines: every 7th an ERROR, every 5th (else) a WARN.
fn big_log() -> String {
    (1..=3000)
        .map(|line| {
            let level = match line {
                l if l % 7 == 0 => "ERROR",
                l if l % 5 == 0 => "WARN",
                _ => "INFO",
            };
            format!(
                "2026-12-02T{:02}:{:02}:{:02} {level} request {line} served\n",
                line / 3600,
                line / 60 % 60,
                line % 60
            )
        })
        .collect()
}

/// What the model read of one call.
fn read(result: &Value) -> String {
    let blocks = result["content"].as_array().cloned().unwrap_or_default();
    let parts: Vec<String> = blocks
        .iter()
        .map(|block| match block["type"].as_str() {
            Some("text") => block["text"].as_str().unwrap_or_default().to_owned(),
            Some(kind) => format!("[{kind}: {}]", block["mimeType"].as_str().unwrap_or("?")),
            None => block.to_string(),
        })
        .collect();
    mask_handles(&parts.join("\n"))
}

/// `st_` and 32 hex digits as `st_…`: handles are random.
fn mask_handles(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("st_") {
        let (before, from) = rest.split_at(at);
        out.push_str(before);
        let digits = from[3..].bytes().take_while(u8::is_ascii_hexdigit).count();
        if digits == 32 {
            out.push_str("st_…");
            rest = &from[35..];
        } else {
            out.push_str("st_");
            rest = &from[3..];
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn r_code_7_issue_33s_trial_through_ordo_mcp() {
    let scratch = Scratch::new();
    let Some(servers) = reference(&scratch) else { return };
    config(&scratch, servers);
    scratch.write("data/big.log", &big_log());
    let mut cases: Vec<PathBuf> = std::fs::read_dir(folder())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "js"))
        .collect();
    cases.sort();
    assert!(cases.len() >= 6, "a case per point of the issue");
    let bless = std::env::var_os("ORDO_BLESS").is_some();
    let mut differ = Vec::new();
    for case in &cases {
        let text = std::fs::read_to_string(case).unwrap();
        let codes: Vec<&str> = text.split(NEXT_CALL).map(str::trim).collect();
        let codes = json!(codes).to_string();
        let flags = ["--mcp-config", "mcp.json", "--state-dir", "state"];
        let Some(seen) = stdio(&scratch, &flags, "chain", &[&codes], Some("modern")) else {
            return;
        };
        let calls = seen["calls"].as_array().unwrap();
        let read: Vec<String> = calls
            .iter()
            .map(|call| match call.get("result") {
                Some(result) => read(result),
                None => format!("(protocol error) {}", call["error"]),
            })
            .collect();
        let got = format!("{}\n", read.join(&format!("\n{NEXT_CALL}\n")));
        let expected_path = case.with_extension("out");
        if bless {
            std::fs::write(&expected_path, &got).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != got {
            differ.push(format!("{}: expected\n{expected}\ngot\n{got}", case.display()));
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {} cases differ:\n{}",
        differ.len(),
        cases.len(),
        differ.join("\n")
    );
}
