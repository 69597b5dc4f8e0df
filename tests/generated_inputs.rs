//! Generated hostile input for the root package's loaders (issue 17): TOML manifests (R-CLI-5)
//! with their `[[mcp]]` tables, and `mcpServers` JSON configs (R-MCPM-1). Each must end in time
//! without panicking; a manifest error names the file, line and column (a line that exists), a
//! config error the file and, for JSON that does not parse, its line; no error or `Debug`
//! shows a secret a `${VAR}` brought in. `PROPTEST_CASES` sets the number of cases (256 by
//! default); see DESIGN.md "Generated inputs" for the longer run.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

#[path = "support/hostile_input.rs"]
mod hostile_input;

use std::path::Path;

use hostile_input::{hostile, json_with_keys, line_count, text, timed};
use ordo::manifest::Manifest;
use ordo::mcp::mount;
use proptest::prelude::*;

/// What every `${VAR}` expands to: it must never appear in an error or a `Debug`.
const SECRET: &str = "s3cr3t-VALUE";

const MANIFESTS: &[&str] = &[r#"# tools
[[tool]]
name = "word_count"
description = "Counts words."
command = ["sh", "-c", "wc -w"]
concurrency_safe = true
timeout_ms = 5000
env = { LANG = "C" }
env_pass = ["HOME"]

[tool.parameters]
type = "object"
required = ["path"]
properties.path = { type = "string", description = "The file." }

[tool.output_schema]
type = "object"
properties.words = { type = "integer" }

[[tool]]
name = "ask_first"
description = "Asks."
command = ["true"]
approval = "ask"
parameters = '{"type": "object", "properties": {"x": {"type": "number"}}}'
annotations = { read_only = true, destructive = false }

[[mcp]]
name = "files"
command = ["server", "--root", "."]
env = { TOKEN = "${TOKEN}" }
trust = "trusted"
timeout_ms = 1000
tools = { read = { read_only = true } }
"#];

const CONFIGS: &[&str] = &[r#"{"mcpServers": {
  "files": {"command": "server", "args": ["--root", "."], "env": {"TOKEN": "${TOKEN}"}, "trust": "trusted", "timeout_ms": 1000},
  "web": {"url": "https://example.com/mcp?k=${KEY}", "headers": {"Authorization": "Bearer ${TOKEN}"}, "approval": "always", "optional": true, "start_timeout_ms": 50},
  "tuned": {"command": "x", "tools": {"read": {"read_only": true, "destructive": false}}}
}}"#];

const CONFIG_KEYS: &[&str] = &[
    "mcpServers",
    "command",
    "args",
    "env",
    "url",
    "headers",
    "trust",
    "trusted",
    "timeout_ms",
    "start_timeout_ms",
    "approval",
    "always",
    "optional",
    "tools",
    "read_only",
    "${TOKEN}",
    "https://${KEY}",
];

fn lookup(_name: &str) -> Option<String> {
    Some(SECRET.to_owned())
}

proptest! {
    /// R-CLI-5: a manifest loads, or its error names the file and, for anything in it, a line
    /// and column that exist; its `[[mcp]]` tables are then checked without showing a secret.
    #[test]
    fn r_cli_5_hostile_manifests_load_or_name_file_line_and_column(bytes in hostile(MANIFESTS)) {
        let text = text(&bytes);
        let lines = line_count(text.as_bytes());
        match timed("loading a manifest", || Manifest::parse(&text, "gen/tools.toml")) {
            Ok(manifest) => {
                for table in manifest.mcp_servers() {
                    let place = format!("gen/tools.toml:{}", table.location);
                    let spec = timed("an [[mcp]] table", || {
                        mount::from_manifest(&place, &table.fields, &lookup)
                    });
                    assert_no_secret(&spec)?;
                    if let Err(error) = spec {
                        let place = format!("gen/tools.toml:{}:", table.location);
                        prop_assert!(error.to_string().starts_with(&place), "{error}");
                    }
                }
            }
            Err(error) => {
                prop_assert_eq!(error.file(), Path::new("gen/tools.toml"));
                let shown = error.to_string();
                prop_assert!(shown.starts_with("gen/tools.toml:"), "{shown}");
                if let Some(location) = error.location() {
                    prop_assert!((1..=lines).contains(&location.line), "{shown} ({lines} lines)");
                    prop_assert!(location.column >= 1, "{shown}");
                    let prefix = format!("gen/tools.toml:{location}:");
                    prop_assert!(shown.starts_with(&prefix), "{shown}");
                }
            }
        }
    }

    /// R-MCPM-1: an `mcpServers` file gives servers, or an error naming the file (and the line
    /// of JSON that does not parse), never a secret.
    #[test]
    fn r_mcpm_1_hostile_configs_parse_or_name_their_place(bytes in hostile(CONFIGS)) {
        check_config(&text(&bytes))?;
    }

    /// R-MCPM-1, the same over JSON made of the config's own fields.
    #[test]
    fn r_mcpm_1_config_shaped_json_parses_or_names_its_place(
        servers in prop::collection::btree_map(".{0,6}", json_with_keys(CONFIG_KEYS), 0..4)
    ) {
        let config = serde_json::json!({ "mcpServers": servers });
        check_config(&config.to_string())?;
    }
}

fn check_config(text: &str) -> Result<(), TestCaseError> {
    let lines = line_count(text.as_bytes());
    let parsed = timed("parsing a config", || mount::parse(text, Path::new("gen.json"), &lookup));
    assert_no_secret(&parsed)?;
    if let Err(error) = parsed {
        let shown = error.to_string();
        prop_assert!(shown.starts_with("gen.json: server "), "{shown}");
        if let Some((_, rest)) = shown.split_once("not JSON (line ") {
            let line: usize = rest.split(',').next().and_then(|line| line.parse().ok()).unwrap();
            prop_assert!((1..=lines).contains(&line), "{shown} ({lines} lines)");
        }
    }
    Ok(())
}

fn assert_no_secret<T: std::fmt::Debug, E: std::fmt::Display + std::fmt::Debug>(
    outcome: &Result<T, E>,
) -> Result<(), TestCaseError> {
    let shown = match outcome {
        Ok(value) => format!("{value:?}"),
        Err(error) => format!("{error} {error:?}"),
    };
    prop_assert!(!shown.contains(SECRET), "a secret is shown: {shown}");
    Ok(())
}
