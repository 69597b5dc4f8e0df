//! What a script run from the shell is given and what the shell gets back (R-CLI-1a): the words
//! after `--` as `args`, `--input` (inline, `@FILE`, `@-`) as `input`, and `--raw` output. A
//! model's `run_code` call gets neither, and the declarations say so.

use serde_json::{Value, json};

use crate::common::{Scratch, json, stderr};

/// A scratch folder holding `show.js`, which returns what it was given.
fn scratch() -> Scratch {
    let scratch = Scratch::new();
    scratch.write("show.js", "return { args, input: input === undefined ? 'undefined' : input }");
    scratch
}

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn r_cli_1a_words_after_the_separator_reach_the_script_as_they_are() {
    let scratch = scratch();
    let words = ["with space", "é 世界 🙂", "-x", "--raw", "--input", "", "a\"b\\c"];
    let mut command = vec!["run", "show.js", "--"];
    command.extend(words);
    let output = scratch.ordo(&command).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(json(&output), json!({ "args": words, "input": "undefined" }));
}

#[test]
fn r_cli_1a_args_is_frozen_and_cannot_be_reassigned() {
    let scratch = Scratch::new();
    scratch.write(
        "change.js",
        r#"let pushed; try { args.push("b") } catch (e) { pushed = e.name }
           args = ["z"]; args[0] = "y"; input = 2;
           return { pushed, args, input }"#,
    );
    let output = scratch.ordo(&["run", "change.js", "--input", "1", "--", "a"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(json(&output), json!({ "pushed": "TypeError", "args": ["a"], "input": 1 }));
}

#[test]
fn r_cli_1a_a_word_without_the_separator_is_a_usage_error() {
    let output = scratch().ordo(&["run", "show.js", "src/"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let error = stderr(&output);
    assert!(error.starts_with("error: unexpected argument 'src/' found"), "{error}");
    assert!(error.contains("Usage: ordo run [OPTIONS] <SCRIPT> [-- <ARGS>...]"), "{error}");
}

#[test]
fn r_cli_1a_input_inline_from_a_file_and_from_stdin() {
    let scratch = scratch();
    let value =
        json!({ "query": "é \u{2028} \"x\"", "n": [1, 2.5, null], "__proto__": { "k": true } });
    let inline = scratch.ordo(&["run", "show.js", "--input", &value.to_string()]).output().unwrap();
    assert_eq!(inline.status.code(), Some(0), "{}", stderr(&inline));
    assert_eq!(json(&inline), json!({ "args": [], "input": value }));

    scratch.write("input.json", &format!("{value:#}\n"));
    let file = scratch.ordo(&["run", "show.js", "--input", "@input.json"]).output().unwrap();
    assert_eq!(file.status.code(), Some(0), "{}", stderr(&file));
    assert_eq!(json(&file), json!({ "args": [], "input": value }));

    let piped = scratch
        .ordo(&["run", "show.js", "--input", "@-", "--", "x"])
        .write_stdin(value.to_string())
        .output()
        .unwrap();
    assert_eq!(piped.status.code(), Some(0), "{}", stderr(&piped));
    assert_eq!(json(&piped), json!({ "args": ["x"], "input": value }));
}

#[test]
fn r_cli_1a_stdin_cannot_be_both_the_script_and_its_input() {
    let output = Scratch::new()
        .ordo(&["run", "-", "--input", "@-"])
        .write_stdin("return input")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "ordo: --input @- reads stdin, but the script is read from stdin (`ordo run -`): give the \
         input inline or as @FILE\n"
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn r_cli_1a_invalid_input_json_is_a_usage_error_that_shows_where() {
    let scratch = scratch();
    let inline = scratch.ordo(&["run", "show.js", "--input", "{\"a\": x}"]).output().unwrap();
    assert_eq!(inline.status.code(), Some(2));
    assert_eq!(
        stderr(&inline),
        "ordo: --input is not valid JSON: expected value at line 1, column 7\n    {\"a\": x}\n          ^\n"
    );
    assert!(inline.stdout.is_empty());

    scratch.write("bad.json", "{\n  \"pattern\": \"é\",\n  \"glob\": '*.rs'\n}\n");
    let file = scratch.ordo(&["run", "show.js", "--input", "@bad.json"]).output().unwrap();
    assert_eq!(file.status.code(), Some(2));
    assert_eq!(
        stderr(&file),
        "ordo: --input @bad.json is not valid JSON: expected value at line 3, column 11\n      \
         \"glob\": '*.rs'\n              ^\n"
    );

    let empty =
        scratch.ordo(&["run", "show.js", "--input", "@-"]).write_stdin("").output().unwrap();
    assert_eq!(empty.status.code(), Some(2));
    assert_eq!(
        stderr(&empty),
        "ordo: --input @- is not valid JSON: EOF while parsing a value at line 1, column 0\n    \n    ^\n"
    );

    let trailing = scratch.ordo(&["run", "show.js", "--input", "[1] [2]"]).output().unwrap();
    assert_eq!(trailing.status.code(), Some(2));
    assert_eq!(
        stderr(&trailing),
        "ordo: --input is not valid JSON: trailing characters at line 1, column 5\n    [1] [2]\n        ^\n"
    );
}

#[test]
fn r_cli_1a_an_unreadable_or_oversized_input_is_a_usage_error() {
    let scratch = scratch();
    let missing = scratch.ordo(&["run", "show.js", "--input", "@nope.json"]).output().unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert_eq!(
        stderr(&missing),
        "ordo: cannot read --input @nope.json: No such file or directory (os error 2)\n"
    );

    let big = format!("\"{}\"", "x".repeat(8 << 20));
    scratch.write("big.json", &big);
    let output = scratch.ordo(&["run", "show.js", "--input", "@big.json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "ordo: --input @big.json is larger than 8 MiB, the most a script's input may be; let the \
         script read a large file with tools.read_file instead\n"
    );
}

#[test]
fn r_cli_1a_raw_prints_a_string_as_it_is_and_anything_else_as_json() {
    let scratch = Scratch::new();
    let cases: [(&str, &str, &str); 4] = [
        ("return 'say \"hi\"\\n\\té'", "say \"hi\"\n\té\n", "\"say \\\"hi\\\"\\n\\té\"\n"),
        ("return 42", "42\n", "42\n"),
        ("return { a: [1, 'x'] }", "{\n  \"a\": [\n    1,\n    \"x\"\n  ]\n}\n", ""),
        ("return ''", "\n", "\"\"\n"),
    ];
    for (code, raw, plain) in cases {
        scratch.write("result.js", code);
        let output = scratch.ordo(&["run", "result.js", "--raw"]).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{code}: {}", stderr(&output));
        assert_eq!(stdout(&output), raw, "{code} with --raw");
        let output = scratch.ordo(&["run", "result.js"]).output().unwrap();
        let plain = if plain.is_empty() { raw } else { plain };
        assert_eq!(stdout(&output), plain, "{code} without --raw");
    }
}

#[test]
fn r_cli_1a_a_models_run_code_gets_no_args_and_no_input() {
    let scratch = Scratch::new();
    let code = "return [args, Object.isFrozen(args), typeof input]";
    let step = json!([{ "id": "1", "name": "run_code", "arguments": json!({ "code": code }).to_string() }]);
    scratch.write("step.json", &step.to_string());
    let output = scratch.ordo(&["calls", "step.json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let results = json(&output);
    assert_eq!(results[0]["is_error"], false, "{results}");
    let text = results[0]["content"][0]["text"].as_str().unwrap();
    let seen: Value = serde_json::from_str(text).unwrap();
    assert_eq!(seen, json!([[], true, "undefined"]));
}

#[test]
fn r_cli_1a_the_declarations_declare_args_and_input() {
    let output = Scratch::new().ordo(&["tools", "--format", "ts"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let declarations = stdout(&output);
    assert!(declarations.contains("\ndeclare const args: readonly string[];\n"), "{declarations}");
    assert!(declarations.contains("\ndeclare const input: unknown;\n"), "{declarations}");
    assert!(declarations.contains("Empty when a model's tool call runs the script."));
}
