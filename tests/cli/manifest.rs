//! Manifest tools through the binary (R-CLI-5): every manifest error is a usage error (exit 2)
//! naming the file, the tool and the field; a valid manifest's tools run from scripts and steps.

use serde_json::json;

use crate::common::{Scratch, json, stderr};

const VALID_TOOL: &str = r#"
[[tool]]
name = "ok"
description = "Fine."
parameters = { type = "object" }
command = ["cat"]
"#;

#[test]
fn r_cli_5_each_manifest_error_is_a_usage_error_naming_file_tool_and_field() {
    let cases: &[(&str, &str, &[&str])] = &[
        ("syntax", "[[tool]\nname = 1", &["tools.toml:1:"]),
        (
            "missing field",
            "[[tool]]\nname = \"a\"\nparameters = { type = \"object\" }\ncommand = [\"cat\"]",
            &["tools.toml", "tool \"a\"", "`description`"],
        ),
        (
            "unknown field",
            "[[tool]]\nname = \"a\"\ndescription = \"d\"\nparameters = { type = \"object\" }\ncomand = [\"cat\"]",
            &["tools.toml", "tool \"a\"", "`comand`", "command"],
        ),
        (
            "bad schema",
            "[[tool]]\nname = \"a\"\ndescription = \"d\"\nparameters = { type = \"objekt\" }\ncommand = [\"cat\"]",
            &["tools.toml", "tool \"a\"", "`parameters`"],
        ),
        (
            "empty command",
            "[[tool]]\nname = \"a\"\ndescription = \"d\"\nparameters = { type = \"object\" }\ncommand = []",
            &["tools.toml", "tool \"a\"", "`command`"],
        ),
        (
            "missing program",
            "[[tool]]\nname = \"a\"\ndescription = \"d\"\nparameters = { type = \"object\" }\ncommand = [\"./nowhere.sh\"]",
            &["tools.toml", "tool \"a\"", "`command`", "nowhere.sh"],
        ),
        (
            "bad approval",
            "[[tool]]\nname = \"a\"\ndescription = \"d\"\nparameters = { type = \"object\" }\ncommand = [\"cat\"]\napproval = \"always\"",
            &["tools.toml", "tool \"a\"", "`approval`"],
        ),
        (
            "bad timeout",
            "[[tool]]\nname = \"a\"\ndescription = \"d\"\nparameters = { type = \"object\" }\ncommand = [\"cat\"]\ntimeout_ms = 0",
            &["tools.toml", "tool \"a\"", "`timeout_ms`"],
        ),
        (
            "bad env",
            "[[tool]]\nname = \"a\"\ndescription = \"d\"\nparameters = { type = \"object\" }\ncommand = [\"cat\"]\nenv = { \"1BAD\" = \"x\" }",
            &["tools.toml", "tool \"a\"", "`env`", "1BAD"],
        ),
        (
            "bad env_pass",
            "[[tool]]\nname = \"a\"\ndescription = \"d\"\nparameters = { type = \"object\" }\ncommand = [\"cat\"]\nenv_pass = \"HOME\"",
            &["tools.toml", "tool \"a\"", "`env_pass`"],
        ),
        (
            "reserved name",
            "[[tool]]\nname = \"run_code\"\ndescription = \"d\"\nparameters = { type = \"object\" }\ncommand = [\"cat\"]",
            &["tools.toml", "`name`", "run_code"],
        ),
        (
            "taken by a built-in tool",
            "[[tool]]\nname = \"read_file\"\ndescription = \"d\"\nparameters = { type = \"object\" }\ncommand = [\"cat\"]",
            &["tools.toml", "read_file", "already registered"],
        ),
    ];
    for (case, manifest, expected) in cases {
        let scratch = Scratch::new();
        scratch.write("tools.toml", manifest);
        scratch.write("ok.js", "return 1");
        for args in
            [&["tools", "--tools", "tools.toml"][..], &["run", "ok.js", "--tools", "tools.toml"]]
        {
            let output = scratch.ordo(args).output().unwrap();
            assert_eq!(output.status.code(), Some(2), "{case}: {}", stderr(&output));
            assert!(output.stdout.is_empty(), "{case}");
            let message = stderr(&output);
            for part in *expected {
                assert!(message.contains(part), "{case}: `{part}` missing from: {message}");
            }
        }
    }
    let scratch = Scratch::new();
    let output = scratch.ordo(&["tools", "--tools", "absent.toml"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("absent.toml"), "{}", stderr(&output));
}

#[test]
fn r_cli_5_the_same_tool_in_two_manifests_is_a_usage_error() {
    let scratch = Scratch::new();
    scratch.write("one.toml", VALID_TOOL);
    scratch.write("two.toml", VALID_TOOL);
    let output =
        scratch.ordo(&["tools", "--tools", "one.toml", "--tools", "two.toml"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("two.toml"), "{}", stderr(&output));
}

#[test]
fn r_cli_5_manifest_tools_run_from_scripts_with_structured_values() {
    let scratch = Scratch::new();
    scratch.script("bin/double.sh", "read -r args\nn=$(echo \"$args\" | sed 's/[^0-9]//g')\necho \"{\\\"doubled\\\": $((n * 2))}\"");
    scratch.script("bin/fail.sh", "echo 'disk on fire' >&2\nexit 3");
    scratch.write(
        "tools/tools.toml",
        r#"
[[tool]]
name = "double"
description = "Doubles n."
parameters = { type = "object", properties = { n = { type = "integer" } }, required = ["n"] }
output_schema = { type = "object", properties = { doubled = { type = "integer" } }, required = ["doubled"] }
command = ["../bin/double.sh"]
concurrency_safe = true

[[tool]]
name = "fail"
description = "Fails."
parameters = { type = "object" }
command = ["../bin/fail.sh"]
"#,
    );
    scratch.write(
        "use.js",
        "const [a, b] = await Promise.all([tools.double({ n: 2 }), tools.double({ n: 21 })]);\n\
         let failure;\n\
         try { await tools.fail({}); } catch (error) { failure = [error.code, error.message.includes('disk on fire')]; }\n\
         return { sum: a.doubled + b.doubled, failure };",
    );
    let output = scratch.ordo(&["run", "use.js", "--tools", "tools/tools.toml"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(json(&output), json!({ "sum": 46, "failure": ["TOOL_ERROR", true] }));
}

#[test]
fn r_cli_5_a_manifest_tool_past_its_timeout_is_timeout() {
    let scratch = Scratch::new();
    scratch.write(
        "tools.toml",
        r#"
[[tool]]
name = "hang"
description = "Hangs."
parameters = { type = "object" }
command = ["sleep", "30"]
timeout_ms = 200
"#,
    );
    scratch.write("step.json", r#"[{"id":"a","name":"hang","arguments":"{}"}]"#);
    let output = scratch.ordo(&["calls", "step.json", "--tools", "tools.toml"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(json(&output)[0]["error"]["code"], "TIMEOUT");
}

/// R-CLI-10: a manifest command sees none of ordo's environment but the few variables every
/// program needs, the ones `env_pass` names and the ones `env` sets: a secret in ordo's
/// environment does not reach it.
#[test]
fn r_cli_10_a_command_gets_only_the_environment_its_manifest_gives_it() {
    let scratch = Scratch::new();
    scratch.write(
        "tools.toml",
        r#"
[[tool]]
name = "show_env"
description = "Prints what it sees."
parameters = { type = "object" }
command = ["sh", "-c", "printf '\"%s|%s|%s|%s\"' \"$SECRET_TOKEN\" \"$GIVEN\" \"$PASSED\" \"${PATH:+path}\""]
env = { GIVEN = "given" }
env_pass = ["PASSED"]
"#,
    );
    scratch.write("env.js", "return await tools.show_env({})");
    let output = scratch
        .ordo(&["run", "env.js", "--tools", "tools.toml"])
        .env("SECRET_TOKEN", "hunter2")
        .env("PASSED", "passed")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(json(&output), json!("|given|passed|path"));
}

/// R-CLI-10: a descriptor ordo's own parent left open (a shell's `3<file`) reaches no manifest
/// command.
#[test]
fn r_cli_10_descriptors_ordo_inherits_reach_no_command() {
    let scratch = Scratch::new();
    scratch.write(
        "tools.toml",
        r#"
[[tool]]
name = "fd3"
description = "Says whether descriptor 3 is open."
parameters = { type = "object" }
command = ["sh", "-c", "if [ -e /proc/self/fd/3 ]; then echo '\"leaked\"'; else echo '\"clean\"'; fi"]
"#,
    );
    scratch.write("fd.js", "return await tools.fd3({})");
    let ordo = crate::common::bin();
    let script =
        format!("exec 3</etc/hostname; exec '{}' run fd.js --tools tools.toml", ordo.display());
    let output = std::process::Command::new("sh")
        .args(["-c", &script])
        .current_dir(scratch.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(json(&output), json!("clean"));
}
