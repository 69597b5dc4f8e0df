//! What the model reads of a `run_code` result, exactly (R-CODE-3): the text `ordo calls`
//! returns, with the notes on what JSON could not hold.

use serde_json::{Value, json};

use crate::common::{Scratch, json, stderr};

/// The result of one `run_code` call of `code` through `ordo calls`, in `scratch`, with `flags`.
fn run_code(scratch: &Scratch, code: &str, flags: &[&str]) -> Value {
    let step = json!([{ "id": "c1", "name": "run_code", "arguments": json!({ "code": code }).to_string() }]);
    scratch.write("step.json", &step.to_string());
    let output = scratch.ordo(&[&["calls", "step.json"], flags].concat()).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    json(&output)[0].clone()
}

/// The text content of one successful `run_code` call of `code`.
fn model_text(code: &str) -> String {
    text_of(&run_code(&Scratch::new(), code, &[]))
}

fn text_of(result: &Value) -> String {
    assert_eq!(result["is_error"], false, "{result:#}");
    result["content"][0]["text"].as_str().unwrap().to_owned()
}

#[test]
fn r_code_3_a_returned_string_is_shown_as_itself() {
    assert_eq!(model_text("return 'line one\\nline \"two\"'"), "line one\nline \"two\"");
}

#[test]
fn r_code_3_what_json_cannot_hold_is_converted_and_noted_for_the_model() {
    let text = model_text(
        "const counts = new Map([['a', 2]]); \
         try { await tools.read_file({ path: 'missing.txt' }) } \
         catch (e) { return { counts, tags: new Set(['x']), ratio: 0 / 0, error: e } }",
    );
    assert_eq!(
        text,
        r#"{
  "counts": {
    "a": 2
  },
  "tags": [
    "x"
  ],
  "ratio": null,
  "error": {
    "name": "NotFound",
    "message": "`missing.txt` does not exist",
    "code": "TOOL_ERROR",
    "tool": "read_file"
  }
}

Note:
- result.counts was a Map of 1; it became an object
- result.tags was a Set of 1; it became an array
- result.ratio was NaN, which JSON cannot hold; it became null"#
    );
}

#[test]
fn r_code_3_no_value_tells_the_model_what_it_may_have_forgotten() {
    assert_eq!(
        model_text("const lines = (tools.read_file({ path: 'a.txt' })).lines; return lines"),
        "null\n\nNote:\n- no value returned: did you forget `return` or `await`?"
    );
}

/// Issue 33: a note only where data was left unread by accident: a cut by a default cap
/// (2,000 lines, 100 matches) that no later call read on from. A limit the script chose, and
/// paging to the end (in order or under `Promise.all`), are not noted.
#[test]
fn r_code_3_only_cuts_by_a_default_cap_left_unread_are_noted() {
    let scratch = Scratch::new();
    let numbered: String = (1..=3000).map(|line| format!("line {line}\n")).collect();
    scratch.write("long.txt", &numbered);
    scratch.write("other.txt", &numbered);
    for index in 0..120 {
        scratch.write(&format!("hits/{index}.txt"), "needle\n");
    }
    let notes = |code: &str| -> Vec<String> {
        let text = text_of(&run_code(&scratch, code, &[]));
        match text.split_once("\n\nNote:\n") {
            Some((_, notes)) => notes.lines().map(str::to_owned).collect(),
            None => vec![],
        }
    };
    // Cut by the default caps and never read on: one note each, saying what was left.
    assert_eq!(
        notes(
            "const read = await tools.read_file({ path: 'long.txt' }); \
             const found = await tools.search_files({ path: 'hits', pattern: 'needle' }); \
             return [read.lines, found.matches.length]"
        ),
        [
            "- read_file call #1 returned lines 1–2000 of 3000 only, cut by its default cap; read \
             on with offset 2001",
            "- search_files call #2 returned its first 100 matches only, cut by its default cap; \
             more exist",
        ]
    );
    // Limits the script chose: a sample on purpose.
    let chosen = "const head = await tools.read_file({ path: 'long.txt', limit: 20 }); \
                  const some = await tools.search_files({ path: 'hits', pattern: 'needle', max_results: 5 }); \
                  return [head.next_offset, some.matches.length]";
    assert_eq!(notes(chosen), Vec::<String>::new());
    // Paging to the end, one page after another.
    let paged = "let offset = 1, lines = 0; \
                 for (;;) { const page = await tools.read_file({ path: 'long.txt', offset }); \
                   lines += page.content.split('\\n').length - 1; \
                   if (!page.truncated) break; offset = page.next_offset } \
                 return lines";
    assert_eq!(notes(paged), Vec::<String>::new());
    // Pages read together: the later page may settle first.
    let together = "const pages = await Promise.all([2001, 1].map(offset => \
                      tools.read_file({ path: 'long.txt', offset }))); \
                    return pages.map(page => page.offset)";
    assert_eq!(notes(together), Vec::<String>::new());
    // Reading on in another file does not excuse the first.
    let elsewhere = "const first = await tools.read_file({ path: 'long.txt' }); \
                     const other = await tools.read_file({ path: 'other.txt', offset: first.next_offset }); \
                     return other.offset";
    assert_eq!(
        notes(elsewhere),
        [
            "- read_file call #1 returned lines 1–2000 of 3000 only, cut by its default cap; read on \
          with offset 2001"
        ]
    );
}

#[test]
fn r_code_3_console_output_reads_as_node_prints_it() {
    assert_eq!(
        model_text("console.log(new Map([['a', 1]]), new Set([1]), [undefined, NaN]); return 1"),
        "1\n\nConsole output:\nMap(1) { 'a' => 1 } Set(1) { 1 } [ undefined, NaN ]"
    );
}

#[test]
fn r_code_4_a_timed_out_script_keeps_what_it_printed() {
    let code = "console.log('read 1 of 2'); while (true) {}";
    let result = run_code(&Scratch::new(), code, &["--timeout", "500"]);
    assert_eq!(result["error"]["code"], "TIMEOUT", "{result:#}");
    let message = result["error"]["message"].as_str().unwrap();
    assert!(message.starts_with("tool \"run_code\" timed out after 500 ms\n"), "{message}");
    assert!(message.ends_with("Console output before the failure:\nread 1 of 2"), "{message}");
}

#[test]
fn r_code_1_type_only_imports_are_erased_and_decorators_explained() {
    assert_eq!(
        model_text("import type { Entry } from './tools';\nconst n: number = 2;\nreturn n"),
        "2"
    );
    let code = "function log(t: any) { return t }\n@log\nclass C {}\nreturn 1";
    let result = run_code(&Scratch::new(), code, &[]);
    assert_eq!(
        result["error"]["message"],
        "syntax: SyntaxError: decorators (`@name`) are not supported in scripts; call the function \
         yourself instead: `const C = name(class C { … })`, or wrap the method (line 2, column 1)\n    @log"
    );
}

#[test]
fn r_code_7_what_ordo_does_not_have_says_so() {
    for (code, says) in [
        ("setTimeout(() => 1, 10)", "setTimeout is not available in ordo: scripts have no timers"),
        (
            "return await fetch('https://example.com')",
            "fetch is not available in ordo: scripts have no network",
        ),
        ("return process.env.HOME", "process is not available in ordo"),
    ] {
        let result = run_code(&Scratch::new(), code, &[]);
        let message = result["error"]["message"].as_str().unwrap();
        assert!(message.starts_with(&format!("runtime: ReferenceError: {says}")), "{message}");
    }
    let code = "return btoa(new TextDecoder().decode(new TextEncoder().encode('ok')))";
    assert_eq!(model_text(code), "b2s=");
    let code = "return ['b', 'a', 'C'].sort((a, b) => a.localeCompare(b)).join() + ' ' + (1234.5).toLocaleString()";
    assert_eq!(model_text(code), "a,b,C 1,234.5");
}
