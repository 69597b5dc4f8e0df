//! Command-backed tools from a TOML manifest (R-CLI-5): loading with errors that name the
//! file, the tool and the field; running a command through the pipeline; killing its whole
//! process group on timeout, cancellation or drop; approval.
#![allow(clippy::unwrap_used)]

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use nix::errno::Errno;
use nix::sys::signal::kill;
use nix::unistd::Pid;
use ordo::manifest::{Manifest, ManifestError, ToolRef};
use ordo_tools::{
    ApprovalOutcome, ApprovalRequest, Arguments, CallContext, CallRequest, CancellationToken,
    ContentBlock, ErrorCode, Pipeline, ToolAnnotations, ToolDefinition, ToolOutput, ToolRegistry,
    ToolResult,
};
use serde_json::{Value, json};

// ---------------------------------------------------------------------------------------------
// Helpers

/// The error `text` gives as a manifest called `tools.toml`.
fn rejection(text: &str) -> ManifestError {
    Manifest::parse(text, "tools.toml").unwrap_err()
}

/// Writes `text` as `tools.toml` in `dir` and loads it.
fn manifest_in(dir: &Path, text: &str) -> Manifest {
    let path = dir.join("tools.toml");
    std::fs::write(&path, text).unwrap();
    Manifest::load(&path).unwrap()
}

/// A pipeline over the manifest's tools, as the CLI builds it (its tools declare their own
/// approval).
fn pipeline(manifest: &Manifest) -> Pipeline {
    let registry = ToolRegistry::new();
    manifest.register(&registry).unwrap();
    Pipeline::builder(registry).build()
}

fn request(name: &str, arguments: &Value) -> CallRequest {
    CallRequest::new("call-1", name, Arguments::parse(&arguments.to_string()))
}

fn text(result: &ToolResult) -> String {
    result
        .record
        .content
        .iter()
        .filter_map(|block| block.as_text().map(|t| t.into_owned()))
        .collect()
}

fn message(result: &ToolResult) -> &str {
    &result.error().unwrap_or_else(|| panic!("expected an error, got {result:?}")).message
}

/// A tool whose command starts a grandchild (`sleep 30`) in its group, writes both pids into
/// `dir` (`child`, `grandchild`), then waits: it only ends when it is killed.
fn hanging_manifest(dir: &Path, timeout_ms: Option<u64>) -> Manifest {
    let timeout = timeout_ms.map_or_else(String::new, |ms| format!("timeout_ms = {ms}"));
    let script = r#"sleep 30 & echo $! > "$1/g.tmp"; echo $$ > "$1/c.tmp"; mv "$1/g.tmp" "$1/grandchild"; mv "$1/c.tmp" "$1/child"; wait"#;
    manifest_in(
        dir,
        &format!(
            r#"
[[tool]]
name = "hang"
description = "Starts a grandchild and waits for it."
parameters = {{ type = "object" }}
command = ["sh", "-c", '{script}', "sh", "{dir}"]
{timeout}
"#,
            dir = dir.display()
        ),
    )
}

/// The pids the hanging command wrote, once it has written them (bounded).
async fn written_pids(dir: &Path) -> (Pid, Pid) {
    let read = |name: &str| -> Option<Pid> {
        let text = std::fs::read_to_string(dir.join(name)).ok()?;
        text.trim().parse().ok().map(Pid::from_raw)
    };
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        if let (Some(child), Some(grandchild)) = (read("child"), read("grandchild")) {
            return (child, grandchild);
        }
        assert!(Instant::now() < deadline, "the command never wrote its pids");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// A process's state letter and parent, from `/proc`; `None` once it is gone.
fn proc_state(pid: Pid) -> Option<(char, i32)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // `pid (comm) S ppid …`: the command may hold spaces and parentheses, so split after it.
    let mut fields = stat[stat.rfind(')')? + 1..].split_whitespace();
    let state = fields.next()?.chars().next()?;
    Some((state, fields.next()?.parse().ok()?))
}

/// Asserts that `pid` is dead and that this process left no zombie of it. Polls briefly: a
/// killed process takes a moment to die.
///
/// A zombie reparented to init is dead, and reaping it is init's job, not ordo's: some
/// container inits reap orphans only every second or two, so such a zombie counts as gone. A
/// zombie whose parent is this process is a leak and never counts.
async fn assert_gone(pid: Pid, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(3);
    loop {
        match (kill(pid, None), proc_state(pid)) {
            (Err(Errno::ESRCH), _) | (_, None) => return,
            (_, Some(('Z', parent))) if parent != std::process::id() as i32 => return,
            (result, state) => assert!(
                Instant::now() < deadline,
                "the {what} ({pid}) is still there ({result:?}, state and parent {state:?})"
            ),
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

// ---------------------------------------------------------------------------------------------
// Loading: every error names the file, the tool and the field

#[test]
fn r_cli_5_a_full_manifest_loads() {
    let manifest = Manifest::parse(
        r#"
[[tool]]
name = "grep"
description = "Searches files."
command = ["grep", "-rn", "--"]
concurrency_safe = true
timeout_ms = 1500
approval = "ask"
[tool.parameters]
type = "object"
required = ["pattern"]
properties.pattern = { type = "string" }
[tool.output_schema]
type = "array"
items = { type = "string" }

[[tool]]
name = "status"
description = "Shows the status."
command = ["git", "status"]
parameters = '{ "type": "object", "properties": { "z": { "default": null }, "a": {} } }'
"#,
        "tools.toml",
    )
    .unwrap();
    let [grep, status] = manifest.tools() else { panic!("two tools expected") };
    assert_eq!(grep.name(), "grep");
    assert_eq!(grep.description(), "Searches files.");
    assert_eq!(grep.command().program(), Path::new("grep"));
    assert_eq!(grep.command().args(), ["-rn", "--"]);
    assert!(grep.is_concurrency_safe() && grep.needs_approval());
    assert_eq!(grep.timeout(), Some(Duration::from_millis(1500)));
    assert_eq!(grep.parameters()["properties"]["pattern"], json!({ "type": "string" }));
    assert_eq!(
        grep.output_schema(),
        Some(&json!({ "type": "array", "items": { "type": "string" } }))
    );
    assert!(!status.is_concurrency_safe() && !status.needs_approval());
    assert_eq!(status.timeout(), None);
    assert_eq!(status.output_schema(), None);
    // A schema written as JSON keeps its order and can say null.
    let keys: Vec<&String> =
        status.parameters()["properties"].as_object().unwrap().keys().collect();
    assert_eq!(keys, ["z", "a"]);
    assert_eq!(status.parameters()["properties"]["z"]["default"], Value::Null);
}

#[test]
fn r_cli_5_syntax_errors_give_the_file_line_and_column() {
    let path = "tests/fixtures/manifest/syntax_error.toml";
    let error = Manifest::load(path).unwrap_err();
    assert_eq!(error.file(), Path::new(path));
    assert_eq!(error.location().map(|at| at.line), Some(5));
    assert_eq!(error.to_string(), format!("{path}:5:1: {}", error.message()));
    assert!(error.message().contains("array"), "{error}");
    assert_eq!(error.tool(), None);

    let error = rejection("[[tool]]\nname = \"a\"\ncommand = [\"x\"\n");
    assert_eq!(error.to_string(), "tools.toml:3:15: unclosed array, expected `]`");
}

#[test]
fn r_cli_5_an_unreadable_manifest_is_named() {
    let error = Manifest::load("tests/fixtures/manifest/missing.toml").unwrap_err();
    assert!(
        error.to_string().starts_with("tests/fixtures/manifest/missing.toml: cannot read: "),
        "{error}"
    );
}

#[test]
fn r_cli_5_a_missing_field_is_named_with_its_tool() {
    let error = rejection(
        r#"
[[tool]]
name = "grep"
description = "Searches files."
parameters = { type = "object" }
"#,
    );
    assert_eq!(error.to_string(), "tools.toml:2:1: tool \"grep\" field `command`: is missing");
    assert_eq!(error.tool(), Some(&ToolRef::Named("grep".into())));
    assert_eq!(error.field(), Some("command"));
    assert_eq!(error.message(), "is missing");

    // A tool with no usable name is named by its index.
    let error = rejection(
        "[[tool]]\nname = \"a\"\ndescription = \"A.\"\nparameters = { type = \"object\" }\ncommand = [\"a\"]\n[[tool]]\ndescription = \"B.\"\n",
    );
    assert_eq!(error.to_string(), "tools.toml:6:1: tool[1] field `name`: is missing");
}

#[test]
fn r_cli_5_an_unknown_field_is_rejected_with_a_suggestion() {
    let error = rejection(
        r#"
[[tool]]
name = "grep"
description = "Searches files."
parameters = { type = "object" }
comand = ["grep"]
"#,
    );
    assert_eq!(
        error.to_string(),
        "tools.toml:6:1: tool \"grep\" field `comand`: is not a tool field (did you mean `command`?)"
    );
    let error = rejection("[[tool]]\nname = \"grep\"\nenvironment = {}\n");
    assert_eq!(
        error.to_string(),
        "tools.toml:3:1: tool \"grep\" field `environment`: is not a tool field; a tool has name, \
         description, parameters, output_schema, command, concurrency_safe, timeout_ms, approval, \
         env, env_pass, annotations"
    );
    let error = rejection("tools = []\n");
    assert_eq!(
        error.to_string(),
        "tools.toml:1:1: unknown key `tools` (did you mean `tool`?); a manifest holds only [[tool]] and [[mcp]] tables"
    );
}

#[test]
fn r_cli_5_a_bad_parameters_schema_is_rejected_at_load() {
    let error = rejection(
        r#"[[tool]]
name = "grep"
description = "Searches files."
command = ["grep"]
[tool.parameters]
type = "object"
properties.pattern = { tpye = "string" }
"#,
    );
    assert_eq!(
        error.to_string(),
        "tools.toml:5:1: tool \"grep\" field `parameters`: is not a supported JSON Schema: \
         at /properties/pattern/tpye: unknown keyword \"tpye\" (did you mean \"type\"?)"
    );

    let error = rejection(
        "[[tool]]\nname = \"grep\"\ndescription = \"S.\"\ncommand = [\"grep\"]\nparameters = { type = \"string\" }\n",
    );
    assert_eq!(
        error.to_string(),
        "tools.toml:5:14: tool \"grep\" field `parameters`: must describe an object \
         (type = \"object\"), as every provider requires"
    );

    let error = rejection(
        "[[tool]]\nname = \"grep\"\ndescription = \"S.\"\ncommand = [\"grep\"]\nparameters = '{ \"type\": '\n",
    );
    assert!(
        error
            .to_string()
            .starts_with("tools.toml:5:14: tool \"grep\" field `parameters`: is not valid JSON: "),
        "{error}"
    );

    let error = rejection(
        "[[tool]]\nname = \"grep\"\ndescription = \"S.\"\ncommand = [\"grep\"]\nparameters = { type = \"object\" }\noutput_schema = 3\n",
    );
    assert_eq!(
        error.to_string(),
        "tools.toml:6:17: tool \"grep\" field `output_schema`: must be a JSON Schema, written as \
         a TOML table or a string of JSON, not an integer"
    );
}

#[test]
fn r_cli_5_an_empty_or_malformed_command_is_rejected() {
    let base =
        "[[tool]]\nname = \"grep\"\ndescription = \"S.\"\nparameters = { type = \"object\" }\n";
    let error = rejection(&format!("{base}command = []\n"));
    assert_eq!(
        error.to_string(),
        "tools.toml:5:11: tool \"grep\" field `command`: must be a non-empty array of strings: \
         the program, then its arguments"
    );
    let error = rejection(&format!("{base}command = \"grep -rn\"\n"));
    assert!(error.message().ends_with("(a single string is not split into words)"), "{error}");
    let error = rejection(&format!("{base}command = [\"grep\", 3]\n"));
    assert_eq!(error.location().map(|at| (at.line, at.column)), Some((5, 20)));
    assert!(error.message().ends_with("; element 1 is an integer"), "{error}");
    let error = rejection(&format!("{base}command = [\"\"]\n"));
    assert_eq!(error.message(), "the program (element 0) must not be empty");
}

#[test]
fn r_cli_5_a_missing_program_path_is_rejected_at_load() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tools.toml");
    std::fs::write(
        &path,
        "[[tool]]\nname = \"x\"\ndescription = \"X.\"\nparameters = { type = \"object\" }\ncommand = [\"./scripts/x.sh\"]\n",
    )
    .unwrap();
    let error = Manifest::load(&path).unwrap_err();
    let resolved = dir.path().join("scripts/x.sh");
    assert_eq!(
        error.to_string(),
        format!(
            "{}:5:12: tool \"x\" field `command`: program \"./scripts/x.sh\" ({}): No such file or directory (os error 2)",
            path.display(),
            resolved.display()
        )
    );
}

#[test]
fn r_cli_5_a_bad_approval_value_is_rejected() {
    let base = "[[tool]]\nname = \"rm\"\ndescription = \"R.\"\nparameters = { type = \"object\" }\ncommand = [\"rm\"]\n";
    let error = rejection(&format!("{base}approval = \"always\"\n"));
    assert_eq!(
        error.to_string(),
        "tools.toml:6:12: tool \"rm\" field `approval`: must be \"ask\" (the only policy; leave it \
         out to run without asking), not \"always\""
    );
    let error = rejection(&format!("{base}approval = true\n"));
    assert_eq!(error.message(), "must be the string \"ask\", not a boolean");
}

#[test]
fn r_cli_5_other_field_errors_name_their_field() {
    let base = "[[tool]]\nname = \"t\"\ndescription = \"T.\"\nparameters = { type = \"object\" }\ncommand = [\"t\"]\n";
    let cases = [
        ("timeout_ms = 0", "timeout_ms", "must be greater than zero"),
        ("timeout_ms = -5", "timeout_ms", "must be greater than zero"),
        (
            "timeout_ms = \"5s\"",
            "timeout_ms",
            "must be a whole number of milliseconds, not a string",
        ),
        ("concurrency_safe = \"yes\"", "concurrency_safe", "must be true or false, not a string"),
    ];
    for (line, field, message) in cases {
        let error = rejection(&format!("{base}{line}\n"));
        assert_eq!(
            error.to_string(),
            format!("tools.toml:6:{}: tool \"t\" field `{field}`: {message}", field.len() + 4),
            "{line}"
        );
    }
    let error = rejection("[[tool]]\nname = \"t\"\ndescription = \"  \"\n");
    assert_eq!(
        error.to_string(),
        "tools.toml:3:15: tool \"t\" field `description`: must not be empty"
    );
    let error = rejection("[tool]\nname = \"t\"\n");
    assert_eq!(
        error.to_string(),
        "tools.toml:1:1: `tool` must be an array of tables: write each tool as a [[tool]] table"
    );
}

#[test]
fn r_cli_5_invalid_and_reserved_names_are_rejected() {
    let error = rejection("[[tool]]\nname = \"my tool\"\n");
    assert_eq!(
        error.to_string(),
        "tools.toml:2:8: tool[0] field `name`: \"my tool\" is not a valid tool name: it must match \
         ^[a-zA-Z0-9_-]{1,64}$"
    );
    let error = rejection("[[tool]]\nname = \"run_code\"\n");
    assert_eq!(error.message(), "\"run_code\" is reserved for code mode");
    // `a__b` would reach scripts as `tools.a.b`, a tool of a server `a`.
    let error = rejection("[[tool]]\nname = \"git__log\"\n");
    assert_eq!(
        error.to_string(),
        "tools.toml:2:8: tool \"git__log\" field `name`: \"git__log\" contains `__`, which ordo keeps to \
         join a mounted server's name to its tools' (`server__tool`, `tools.server.tool` in \
         scripts); use `_` or `-`"
    );
}

#[test]
fn r_cli_5_duplicate_names_are_rejected() {
    let tool = "[[tool]]\nname = \"grep\"\ndescription = \"S.\"\nparameters = { type = \"object\" }\ncommand = [\"grep\"]\n";
    let error = rejection(&format!("{tool}{tool}"));
    assert_eq!(
        error.to_string(),
        "tools.toml:7:8: tool[1] field `name`: \"grep\" is already the name of tool[0]"
    );

    // Taken by a tool registered before (a built-in, another manifest): nothing is registered.
    let manifest =
        Manifest::parse(&format!("{}{tool}", tool.replace("\"grep\"", "\"first\"")), "tools.toml")
            .unwrap();
    let registry = ToolRegistry::new();
    registry
        .register(ToolDefinition::new(
            "grep",
            "A built-in.",
            json!({ "type": "object" }),
            ToolOutput::json_text(json!({})),
            |_args: Arc<Value>, _cx: CallContext| async { Ok(Value::Null) },
        ))
        .unwrap();
    let error = manifest.register(&registry).unwrap_err();
    assert_eq!(
        error.to_string(),
        "tools.toml:7:8: tool \"grep\" field `name`: a tool named \"grep\" is already registered \
         (a built-in tool, or one from another manifest)"
    );
    assert_eq!(registry.len(), 1, "no tool of the manifest stays registered");
}

// ---------------------------------------------------------------------------------------------
// Annotations (R-MCPS-2): hints for MCP clients, never shown to the model

/// A manifest of one tool `t`, with `extra` as its last lines.
fn tool_with(extra: &str) -> String {
    format!(
        "[[tool]]\nname = \"t\"\ndescription = \"T.\"\nparameters = {{ type = \"object\" }}\ncommand = [\"t\"]\n{extra}\n"
    )
}

/// R-MCPS-2: `annotations` is read in full, in part (a key left out claims nothing) or not at
/// all (a command can do anything), and the registered definition carries it.
#[test]
fn r_mcps_2_manifest_annotations_are_read_in_full_in_part_or_absent() {
    let claims_nothing = ToolAnnotations::default();
    let cases = [
        (
            "annotations = { read_only = true, destructive = false, idempotent = true, open_world = false }",
            ToolAnnotations::READ_ONLY,
        ),
        (
            "annotations = { idempotent = true, open_world = false }",
            ToolAnnotations { idempotent: true, open_world: false, ..claims_nothing },
        ),
        (
            "[tool.annotations]\ndestructive = false",
            ToolAnnotations { destructive: false, ..claims_nothing },
        ),
        ("", claims_nothing),
    ];
    for (extra, expected) in cases {
        let manifest = Manifest::parse(&tool_with(extra), "tools.toml").unwrap();
        assert_eq!(manifest.tools()[0].annotations(), expected, "{extra}");
        let registry = ToolRegistry::new();
        manifest.register(&registry).unwrap();
        assert_eq!(registry.get("t").unwrap().definition().annotations(), expected, "{extra}");
    }
}

/// R-MCPS-2: a bad `annotations` is rejected at load, naming the file, line and column, the
/// tool and the field (the key, for a key of the table).
#[test]
fn r_mcps_2_bad_annotations_name_the_file_line_tool_and_field() {
    let cases = [
        (
            "annotations = { read_olny = true }",
            "6:17: tool \"t\" field `annotations.read_olny`: is not an annotation (did you mean \
             `read_only`?)",
        ),
        (
            "annotations = { readOnlyHint = true }",
            "6:17: tool \"t\" field `annotations.readOnlyHint`: is not an annotation; annotations \
             are read_only, destructive, idempotent, open_world",
        ),
        (
            "annotations = { destructive = \"no\" }",
            "6:31: tool \"t\" field `annotations.destructive`: must be true or false, not a string",
        ),
        (
            "[tool.annotations]\nopen_world = 0",
            "7:14: tool \"t\" field `annotations.open_world`: must be true or false, not an integer",
        ),
        (
            "annotations = true",
            "6:15: tool \"t\" field `annotations`: must be a table of hints, like annotations = \
             { read_only = true }, not a boolean",
        ),
        (
            "annotations = [\"read_only\"]",
            "6:15: tool \"t\" field `annotations`: must be a table of hints, like annotations = \
             { read_only = true }, not an array",
        ),
        (
            "annotation = { read_only = true }",
            "6:1: tool \"t\" field `annotation`: is not a tool field (did you mean `annotations`?)",
        ),
    ];
    for (extra, expected) in cases {
        let error = rejection(&tool_with(extra));
        assert_eq!(error.to_string(), format!("tools.toml:{expected}"), "{extra}");
        assert_eq!(error.tool(), Some(&ToolRef::Named("t".into())));
    }
}

/// R-MCPS-2: what the model sees of a tool (`ToolRegistry::schemas`, which every provider's
/// shape is made from) is the same with annotations as without, and holds no trace of them.
#[test]
fn r_mcps_2_annotations_never_reach_the_model() {
    let schemas = |extra: &str| {
        let registry = ToolRegistry::new();
        Manifest::parse(&tool_with(extra), "tools.toml").unwrap().register(&registry).unwrap();
        registry.schemas()
    };
    let annotated = schemas(
        "annotations = { read_only = true, destructive = false, idempotent = true, open_world = false }",
    );
    assert_eq!(annotated, schemas(""));
    let seen = serde_json::to_string(&annotated).unwrap();
    for trace in ["annotation", "read_only", "destructive", "idempotent", "open_world", "Hint"] {
        assert!(!seen.contains(trace), "{trace} in {seen}");
    }
}

// ---------------------------------------------------------------------------------------------
// Running

#[tokio::test]
async fn r_cli_5_arguments_go_on_stdin_and_the_value_comes_from_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = manifest_in(
        dir.path(),
        r#"
[[tool]]
name = "wrap"
description = "Wraps its arguments with its first argv word."
command = ["sh", "-c", '''read -r input; printf '{"got": %s, "arg": "%s"}' "$input" "$1"''', "sh", "first"]
parameters = { type = "object", properties.text = { type = "string" } }
output_schema = { type = "object", required = ["got", "arg"] }

[[tool]]
name = "lines"
description = "Prints two lines as a JSON string."
command = ["sh", "-c", 'printf "%s" "\"one\ntwo\""']
parameters = { type = "object" }
"#,
    );
    let pipeline = pipeline(&manifest);
    let result = pipeline.call(request("wrap", &json!({ "text": "hi" }))).await.unwrap();
    assert!(!result.is_error(), "{result:?}");
    let expected = json!({ "got": { "text": "hi" }, "arg": "first" });
    assert_eq!(result.value.as_deref(), Some(&expected));
    assert_eq!(text(&result), serde_json::to_string_pretty(&expected).unwrap());

    // A string value is shown as its text.
    let result = pipeline.call(request("lines", &json!({}))).await.unwrap();
    assert_eq!(result.value.as_deref(), Some(&json!("one\ntwo")));
    assert_eq!(result.record.content, vec![ContentBlock::text("one\ntwo")]);
}

#[tokio::test]
async fn r_cli_5_a_relative_program_resolves_against_the_manifests_folder() {
    // The working directory is the package root, which has no `scripts/shout.sh`.
    assert!(!Path::new("scripts/shout.sh").exists());
    let manifest = Manifest::load("tests/fixtures/manifest/relative/tools.toml").unwrap();
    let folder = std::env::current_dir().unwrap().join("tests/fixtures/manifest/relative");
    assert_eq!(manifest.tools()[0].command().program(), folder.join("scripts/shout.sh"));
    let result = pipeline(&manifest).call(request("shout", &json!({ "text": "hi there" }))).await;
    let result = result.unwrap();
    assert_eq!(result.value.as_deref(), Some(&json!("HI THERE")), "{result:?}");
}

#[tokio::test]
async fn r_cli_5_a_non_zero_exit_is_a_tool_error_with_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = manifest_in(
        dir.path(),
        r#"
[[tool]]
name = "fail"
description = "Fails."
command = ["sh", "-c", "echo partial; echo 'disk on fire' >&2; exit 3"]
parameters = { type = "object" }

[[tool]]
name = "chatty"
description = "Prints text, not JSON."
command = ["sh", "-c", "echo hello world"]
parameters = { type = "object" }

[[tool]]
name = "suicide"
description = "Kills itself."
command = ["sh", "-c", "kill -9 $$"]
parameters = { type = "object" }

[[tool]]
name = "typed"
description = "Breaks its output schema."
command = ["sh", "-c", "echo 42"]
parameters = { type = "object" }
output_schema = { type = "string" }

[[tool]]
name = "absent"
description = "Runs a program that is not installed."
command = ["ordo-no-such-program-anywhere"]
parameters = { type = "object" }
"#,
    );
    let pipeline = pipeline(&manifest);
    let call = |name: &'static str| pipeline.call(request(name, &json!({})));

    let result = call("fail").await.unwrap();
    assert_eq!(result.code(), Some(ErrorCode::ToolError));
    assert_eq!(message(&result), "the command exited with status 3: disk on fire");

    let result = call("chatty").await.unwrap();
    assert_eq!(result.code(), Some(ErrorCode::ToolError));
    assert!(message(&result).starts_with("the command's stdout is not JSON ("), "{result:?}");
    assert!(message(&result).ends_with(": \"hello world\""), "{result:?}");

    let result = call("suicide").await.unwrap();
    assert_eq!(result.code(), Some(ErrorCode::ToolError));
    assert_eq!(message(&result), "the command was killed by SIGKILL (nothing on stderr)");

    let result = call("typed").await.unwrap();
    assert_eq!(result.code(), Some(ErrorCode::InvalidToolOutput));

    let result = call("absent").await.unwrap();
    assert_eq!(result.code(), Some(ErrorCode::ToolError));
    assert!(
        message(&result).starts_with("cannot start ordo-no-such-program-anywhere: "),
        "{result:?}"
    );
}

#[tokio::test]
async fn r_cli_5_timeout_kills_the_process_group() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = hanging_manifest(dir.path(), Some(300));
    let started = Instant::now();
    let result = pipeline(&manifest).call(request("hang", &json!({}))).await.unwrap();
    assert_eq!(result.code(), Some(ErrorCode::Timeout), "{result:?}");
    assert_eq!(message(&result), "tool \"hang\" timed out after 300 ms");
    assert!(started.elapsed() < Duration::from_secs(2), "took {:?}", started.elapsed());
    let (child, grandchild) = written_pids(dir.path()).await;
    assert_gone(child, "child").await;
    assert_gone(grandchild, "grandchild").await;
}

#[tokio::test]
async fn r_cli_5_cancellation_kills_the_process_group() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = hanging_manifest(dir.path(), None);
    let pipeline = pipeline(&manifest);
    let signal = CancellationToken::new();
    let call = tokio::spawn({
        let request = request("hang", &json!({})).with_signal(signal.clone());
        async move { pipeline.call(request).await }
    });
    let (child, grandchild) = written_pids(dir.path()).await;
    let cancelled = Instant::now();
    signal.cancel();
    let result = call.await.unwrap().unwrap();
    assert_eq!(result.code(), Some(ErrorCode::Aborted), "{result:?}");
    assert!(cancelled.elapsed() < Duration::from_secs(1), "took {:?}", cancelled.elapsed());
    assert_gone(child, "child").await;
    assert_gone(grandchild, "grandchild").await;
}

#[tokio::test]
async fn r_cli_5_dropping_a_running_call_kills_and_reaps_the_group() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = hanging_manifest(dir.path(), None);
    let definition = manifest.tools()[0].definition();
    let context = CallContext::new("call-1", None, CancellationToken::new());
    let body = definition.body().call(Arc::new(json!({})), context);
    // The body is dropped, mid-flight, as soon as the pids are written.
    let (child, grandchild) = tokio::select! {
        result = body => panic!("the command ended by itself: {result:?}"),
        pids = written_pids(dir.path()) => pids,
    };
    assert_gone(child, "child").await;
    assert_gone(grandchild, "grandchild").await;
}

#[tokio::test]
async fn r_cli_5_nothing_the_command_started_outlives_its_call() {
    // The command exits at once but leaves a grandchild holding its stdout open: the call
    // still returns at once, and the grandchild is killed with the group.
    let dir = tempfile::tempdir().unwrap();
    let manifest = manifest_in(
        dir.path(),
        &format!(
            r#"
[[tool]]
name = "daemonize"
description = "Leaves a process behind."
command = ["sh", "-c", 'sleep 30 & echo $! > "$1/g.tmp"; mv "$1/g.tmp" "$1/grandchild"; echo "{{\"left\": true}}"', "sh", "{}"]
parameters = {{ type = "object" }}
"#,
            dir.path().display()
        ),
    );
    let started = Instant::now();
    let result = pipeline(&manifest).call(request("daemonize", &json!({}))).await.unwrap();
    assert_eq!(result.value.as_deref(), Some(&json!({ "left": true })), "{result:?}");
    assert!(started.elapsed() < Duration::from_secs(2), "took {:?}", started.elapsed());
    let pid = std::fs::read_to_string(dir.path().join("grandchild")).unwrap();
    assert_gone(Pid::from_raw(pid.trim().parse().unwrap()), "grandchild").await;
}

// ---------------------------------------------------------------------------------------------
// Approval

const GUARDED: &str = r#"
[[tool]]
name = "guarded"
description = "Needs a human's yes."
command = ["sh", "-c", "echo 1"]
parameters = { type = "object" }
approval = "ask"

[[tool]]
name = "free"
description = "Runs without asking."
command = ["sh", "-c", "echo 2"]
parameters = { type = "object" }
"#;

#[tokio::test]
async fn r_cli_5_approval_ask_without_a_service_is_unavailable() {
    let manifest = Manifest::parse(GUARDED, "tools.toml").unwrap();
    let pipeline = pipeline(&manifest);
    let result = pipeline.call(request("guarded", &json!({}))).await.unwrap();
    assert_eq!(result.code(), Some(ErrorCode::ApprovalUnavailable));
    assert_eq!(
        message(&result),
        "tool \"guarded\" requires approval, but no approval channel is available"
    );
    let result = pipeline.call(request("free", &json!({}))).await.unwrap();
    assert_eq!(result.value.as_deref(), Some(&json!(2)));
}

#[tokio::test]
async fn r_cli_5_approval_ask_runs_once_allowed() {
    let manifest = Manifest::parse(GUARDED, "tools.toml").unwrap();
    let pipeline = pipeline(&manifest);
    let prompts = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&prompts);
    pipeline.approval().set(Some(Arc::new(move |request: ApprovalRequest| {
        seen.lock().unwrap().push(request.prompt);
        async { ApprovalOutcome::AllowedOnce }
    })));
    let result = pipeline.call(request("guarded", &json!({}))).await.unwrap();
    assert_eq!(result.value.as_deref(), Some(&json!(1)), "{result:?}");
    let result = pipeline.call(request("free", &json!({}))).await.unwrap();
    assert_eq!(result.value.as_deref(), Some(&json!(2)), "{result:?}");
    assert_eq!(*prompts.lock().unwrap(), ["tool \"guarded\" runs `sh -c 'echo 1'`"]);
}

#[tokio::test]
async fn r_cli_5_approval_is_a_property_of_each_manifests_tools() {
    let first = Manifest::parse(GUARDED, "first.toml").unwrap();
    let second = Manifest::parse(
        &GUARDED.replace("guarded", "other").replace("\"free\"", "\"free2\""),
        "second.toml",
    )
    .unwrap();
    let registry = ToolRegistry::new();
    first.register(&registry).unwrap();
    second.register(&registry).unwrap();
    let prompt =
        |name: &str| registry.get(name).unwrap().definition().approval().map(str::to_owned);
    assert_eq!(prompt("other").as_deref(), Some("tool \"other\" runs `sh -c 'echo 1'`"));
    assert_eq!(prompt("free2"), None);
    let pipeline = Pipeline::builder(registry).build();
    for name in ["guarded", "other"] {
        let result = pipeline.call(request(name, &json!({}))).await.unwrap();
        assert_eq!(result.code(), Some(ErrorCode::ApprovalUnavailable), "{name}");
    }
    let result = pipeline.call(request("free2", &json!({}))).await.unwrap();
    assert_eq!(result.value.as_deref(), Some(&json!(2)), "{result:?}");
}
