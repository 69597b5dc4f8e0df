//! The scripts models write, run end to end (R-CODE-7): every script in `tests/model_scripts/`
//! is a `run_code` call of one model step through `ordo calls`, run in a copy of
//! `tests/model_scripts/project/` (writes allowed under `out/`), and what the model reads of its result must be the text in
//! the file beside it: `NAME.out` for a result, `NAME.error` for a failure.
//!
//! After a deliberate change of what models read, `ORDO_BLESS=1 cargo test --test cli
//! model_scripts` rewrites the expected files; read the diff before committing it.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::common::{Scratch, copy_tree, json, stderr};

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/model_scripts")
}

/// The scripts of the folder, by name, in order.
fn scripts() -> Vec<(String, String)> {
    let mut scripts: Vec<(String, String)> = std::fs::read_dir(folder())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "js" || ext == "ts"))
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    scripts.sort();
    scripts
}

#[test]
fn r_code_7_scripts_as_models_write_them_give_what_the_model_should_read() {
    let scripts = scripts();
    assert!(scripts.len() >= 25, "the acceptance folder holds {} scripts", scripts.len());
    let scratch = Scratch::new();
    let project = scratch.path().join("project");
    copy_tree(&folder().join("project"), &project);
    let calls: Vec<Value> = scripts
        .iter()
        .map(|(name, code)| {
            json!({ "id": name, "name": "run_code", "arguments": json!({ "code": code }).to_string() })
        })
        .collect();
    scratch.write("step.json", &Value::Array(calls).to_string());
    let output = scratch
        .ordo(&["calls", "../step.json", "--allow-write", "out"])
        .current_dir(&project)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let results = json(&output);
    let bless = std::env::var_os("ORDO_BLESS").is_some();
    let mut differ = Vec::new();
    for ((name, _), result) in scripts.iter().zip(results.as_array().unwrap()) {
        assert_eq!(result["id"], name.as_str(), "results come in the order of the calls");
        let text = result["content"][0]["text"].as_str().unwrap_or_default();
        let failed = result["is_error"] == true;
        let stem = name.rsplit_once('.').map_or(name.as_str(), |(stem, _)| stem);
        let (expected_path, other) = if failed {
            (format!("{stem}.error"), format!("{stem}.out"))
        } else {
            (format!("{stem}.out"), format!("{stem}.error"))
        };
        let expected_path = folder().join(expected_path);
        if bless {
            std::fs::write(&expected_path, format!("{text}\n")).unwrap();
            let _ = std::fs::remove_file(folder().join(other));
            continue;
        }
        match std::fs::read_to_string(&expected_path) {
            Ok(expected) if expected.strip_suffix('\n') == Some(text) => {}
            Ok(expected) => differ.push(format!("{name}: expected\n{expected}\ngot\n{text}\n")),
            Err(_) => differ.push(format!(
                "{name}: {} ({}), which {} does not hold:\n{text}\n",
                if failed { "failed" } else { "succeeded" },
                result["error"]["code"],
                expected_path.display()
            )),
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {} scripts differ:\n{}",
        differ.len(),
        scripts.len(),
        differ.join("\n")
    );
}
