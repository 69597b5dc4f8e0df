//! The TypeScript declarations of the `tools` SDK (R-CODE-5).
//!
//! Snapshot tests compare the whole generated text with `tests/snapshots/<name>.d.ts`, exactly.
//! After an intended change, regenerate the snapshots and review their diff:
//!
//! ORDO_BLESS=1 cargo test -p ordo-sdk --test declarations
//!
//! Every declaration generated here is also parsed as TypeScript by the runtime's stripper (swc):
//! declarations strip to whitespace, and a syntax error fails the test.

mod fixtures;
mod robustness;
mod schema_to_type;

use std::path::PathBuf;
use std::sync::Arc;

use ordo_runtime::typescript::strip_types;
use ordo_sdk::declarations::{ToolSignature, declarations, declarations_for};
use ordo_tools::{RUN_CODE, ToolDefinition, ToolOutput, ToolRegistry};
use serde_json::{Value, json};

use fixtures::{SearchCode, create_issue, edit_file, quoting_tool, tree_tool, web_search};

// ---------------------------------------------------------------------------------------------
// Helpers

fn definition(name: &str, description: &str, parameters: Value, output: Value) -> ToolDefinition {
    ToolDefinition::new(
        name,
        description,
        parameters,
        ToolOutput::json_text(output),
        |_args: Arc<Value>, _cx| async { Ok(Value::Null) },
    )
}

/// A registry holding these tools, registered (so their schemas passed the registry's checks).
fn registry(tools: Vec<ToolDefinition>) -> ToolRegistry {
    let registry = ToolRegistry::new();
    for tool in tools {
        let name = tool.name().to_owned();
        registry.register(tool).unwrap_or_else(|error| panic!("{name}: {error}"));
    }
    registry
}

fn declare(tools: Vec<ToolDefinition>) -> String {
    declarations(&registry(tools).tools())
}

/// Declarations of one tool described by raw values, which no registry has checked.
fn declare_raw(parameters: &Value, output: &Value) -> String {
    declarations_for([ToolSignature {
        name: "probe".into(),
        description: "A probe.",
        parameters,
        output,
        error_names: &[],
        concurrency: None,
    }])
}

/// Fails unless `declarations` parses as TypeScript, consists only of declarations and comments
/// (it strips to whitespace, `;` and comments), and declares each type name once.
fn assert_valid_typescript(declarations: &str) {
    let stripped = strip_types(declarations)
        .unwrap_or_else(|error| panic!("not valid TypeScript: {error}\n{declarations}"));
    let mut code = stripped.as_str();
    let mut outside_comments = String::new();
    while let Some(start) = code.find("/*") {
        outside_comments.push_str(&code[..start]);
        let end = code[start + 2..].find("*/").expect("comment closed") + start + 4;
        code = &code[end..];
    }
    outside_comments.push_str(code);
    assert!(
        outside_comments.chars().all(|c| c.is_whitespace() || c == ';'),
        "not only declarations: {stripped:?}\n{declarations}"
    );
    let mut names: Vec<&str> = declarations
        .lines()
        .filter_map(|line| line.strip_prefix("interface ").or_else(|| line.strip_prefix("type ")))
        .filter_map(|rest| rest.split([' ', '=']).next())
        .collect();
    let count = names.len();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), count, "a type name is declared twice:\n{declarations}");
}

/// Compares with `tests/snapshots/<name>.d.ts`, or rewrites it when `ORDO_BLESS=1`; either way
/// checks that the text is valid TypeScript.
fn assert_snapshot(name: &str, actual: &str) {
    assert_valid_typescript(actual);
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "snapshots", &format!("{name}.d.ts")]
        .iter()
        .collect();
    if std::env::var_os("ORDO_BLESS").is_some_and(|bless| bless == "1") {
        std::fs::create_dir_all(path.parent().expect("snapshots directory")).expect("mkdir");
        std::fs::write(&path, actual).expect("write snapshot");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|error| {
        panic!("{}: {error}; run with ORDO_BLESS=1 to create it", path.display())
    });
    assert_eq!(actual, expected, "{} differs; ORDO_BLESS=1 regenerates it", path.display());
}

// ---------------------------------------------------------------------------------------------
// Snapshots

#[test]
fn r_code_5_schemars_derived_tool_snapshot() {
    let declarations = declare(vec![ToolDefinition::from_typed(SearchCode)]);
    assert_snapshot("search_code", &declarations);
}

#[test]
fn r_code_5_mcp_filesystem_edit_file_snapshot() {
    assert_snapshot("edit_file", &declare(vec![edit_file()]));
}

#[test]
fn r_code_5_github_create_issue_snapshot() {
    assert_snapshot("create_issue", &declare(vec![create_issue()]));
}

#[test]
fn r_code_5_search_with_any_of_and_enums_snapshot() {
    assert_snapshot("web_search", &declare(vec![web_search()]));
}

#[test]
fn r_code_5_recursive_refs_snapshot() {
    let declarations = declare(vec![tree_tool()]);
    assert_snapshot("make_tree", &declarations);
    // Each alias is declared once and refers to itself by name.
    assert_eq!(declarations.matches("interface TreeNode {").count(), 1, "{declarations}");
    assert!(declarations.contains("children?: TreeNode[];"), "{declarations}");
    assert!(declarations.contains("type Expr = number | Call;"), "{declarations}");
    assert!(declarations.contains("args: Expr[];"), "{declarations}");
}

#[test]
fn r_code_5_names_needing_quotes_snapshot() {
    let declarations = declare(vec![quoting_tool("needs-quoting"), quoting_tool("2fa")]);
    assert_snapshot("quoting", &declarations);
    assert!(
        declarations
            .contains("  \"needs-quoting\"(args?: NeedsQuotingArgs, options?: CallOptions)"),
        "{declarations}"
    );
    assert!(
        declarations.contains("  \"2fa\"(args?: _2faArgs, options?: CallOptions)"),
        "{declarations}"
    );
    for member in ["\"content-type\"?:", "\"2xx\"?:", "  class?:", "\"with space\"?:", "  $ref?:"] {
        assert!(declarations.contains(member), "{member} in {declarations}");
    }
}

#[test]
fn r_code_5_whole_registry_snapshot_skips_run_code() {
    let registry = registry(vec![
        ToolDefinition::from_typed(SearchCode),
        edit_file(),
        create_issue(),
        web_search(),
        tree_tool(),
    ]);
    let run_code = definition(RUN_CODE, "Runs code.", json!({ "type": "object" }), json!({}));
    registry.install_run_code(run_code).expect("install run_code");
    let declarations = declarations(&registry.tools());
    assert_snapshot("registry", &declarations);
    assert!(!declarations.contains("run_code") && !declarations.contains("RunCode"));
}

// ---------------------------------------------------------------------------------------------
// Behaviour

#[test]
fn r_code_5_tool_methods_follow_registry_order_with_descriptions_as_jsdoc() {
    let declarations = declare(vec![web_search(), edit_file()]);
    let search = declarations.find(
        "  web_search(args: WebSearchArgs, options?: CallOptions): Promise<WebSearchResult>;",
    );
    let edit = declarations
        .find("  edit_file(args: EditFileArgs, options?: CallOptions): Promise<EditFileResult>;");
    assert!(search.zip(edit).is_some_and(|(search, edit)| search < edit), "{declarations}");
    assert!(
        declarations.contains("  /**\n   * Searches the web.\n   *\n   * Use `freshness`"),
        "{declarations}"
    );
}

#[test]
fn r_code_5_type_names_colliding_after_casing_are_numbered() {
    let parameters = json!({ "type": "object", "properties": { "p": { "type": "string" } } });
    let declarations = declare(vec![
        definition("read-file", "A.", parameters.clone(), json!({ "type": "string" })),
        definition("read_file", "B.", parameters.clone(), json!({ "type": "number" })),
        definition("readFile", "C.", parameters, json!({ "type": "boolean" })),
    ]);
    assert_valid_typescript(&declarations);
    for line in [
        "\"read-file\"(args?: ReadFileArgs, options?: CallOptions): Promise<ReadFileResult>;",
        "read_file(args?: ReadFile2Args, options?: CallOptions): Promise<ReadFile2Result>;",
        "readFile(args?: ReadFile3Args, options?: CallOptions): Promise<ReadFile3Result>;",
        "type ReadFile2Result = number;",
    ] {
        assert!(declarations.contains(line), "{line} in {declarations}");
    }
}

#[test]
fn r_code_5_declarations_are_deterministic_and_keep_schema_order() {
    let tools = || {
        vec![definition(
            "ordered",
            "Keeps order.",
            json!({
                "type": "object",
                "properties": {
                    "zeta": { "type": "string" },
                    "alpha": { "$ref": "#/$defs/Z" },
                    "mid": { "$ref": "#/$defs/A" }
                },
                "$defs": { "A": { "type": "string" }, "Z": { "type": "number" } }
            }),
            json!({ "type": "string" }),
        )]
    };
    let first = declare(tools());
    assert_eq!(first, declare(tools()));
    let position = |needle: &str| first.find(needle).unwrap_or(usize::MAX);
    assert!(position("zeta?:") < position("alpha?:") && position("alpha?:") < position("mid?:"));
    // Aliases come in the order they are first referenced.
    assert!(position("type Z =") < position("type A ="), "{first}");
}

#[test]
fn r_code_5_a_definition_shared_by_tools_is_declared_once() {
    let shared_defs = json!({ "Mode": { "enum": ["fast", "slow"] } });
    let uses_mode = |name: &str| {
        definition(
            name,
            "Uses Mode.",
            json!({
                "type": "object",
                "properties": { "mode": { "$ref": "#/$defs/Mode" } },
                "$defs": shared_defs
            }),
            json!({ "type": "null" }),
        )
    };
    let other_mode = definition(
        "third",
        "Has its own Mode.",
        json!({
            "type": "object",
            "properties": { "mode": { "$ref": "#/$defs/Mode" } },
            "$defs": { "Mode": { "type": "integer" } }
        }),
        json!({ "type": "null" }),
    );
    let declarations = declare(vec![uses_mode("first"), uses_mode("second"), other_mode]);
    assert_valid_typescript(&declarations);
    assert_eq!(
        declarations.matches("type Mode = \"fast\" | \"slow\";").count(),
        1,
        "{declarations}"
    );
    assert_eq!(declarations.matches("mode?: Mode;").count(), 2, "{declarations}");
    // A different definition under the same key is qualified with its tool's name.
    assert!(declarations.contains("type ThirdMode = number;"), "{declarations}");
    assert!(declarations.contains("mode?: ThirdMode;"), "{declarations}");
}

#[test]
fn r_code_5_mutually_recursive_definitions_are_shared_by_component() {
    let expression = |operators: Value| {
        json!({
            "$ref": "#/definitions/expr",
            "definitions": {
                "expr": { "anyOf": [{ "type": "number" }, { "$ref": "#/definitions/call" }] },
                "call": {
                    "type": "object",
                    "properties": {
                        "op": { "enum": operators },
                        "args": { "type": "array", "items": { "$ref": "#/definitions/expr" } }
                    }
                }
            }
        })
    };
    let (same, different) = (expression(json!(["+", "-"])), expression(json!(["*"])));
    let parameters = json!({ "type": "object" });
    let tool = |name: &str, output| ToolSignature {
        name: name.into(),
        description: "",
        parameters: &parameters,
        output,
        error_names: &[],
        concurrency: None,
    };
    let declarations =
        declarations_for([tool("a", &same), tool("b", &same), tool("c", &different)]);
    assert_valid_typescript(&declarations);
    for (line, count) in [
        ("type AResult = Expr;", 1),
        ("type BResult = Expr;", 1),
        ("type Expr = number | Call;", 1),
        ("interface Call {", 1),
        ("op?: \"+\" | \"-\";", 1),
        // `expr` itself is equal in `c`, but what it reaches is not.
        ("type CResult = CExpr;", 1),
        ("type CExpr = number | CCall;", 1),
        ("op?: \"*\";", 1),
    ] {
        assert_eq!(declarations.matches(line).count(), count, "{line} in {declarations}");
    }
}

#[test]
fn r_code_5_alias_names_avoid_library_globals_and_invalid_identifiers() {
    let declarations = declare(vec![definition(
        "lookup",
        "Looks up.",
        json!({
            "type": "object",
            "properties": {
                "a": { "$ref": "#/$defs/Error" },
                "b": { "$ref": "#/$defs/my-type%3Cx%3E" },
                "c": { "$ref": "#/$defs/9lives" },
                "d": { "$ref": "#/$defs/a~1b" },
                "e": { "$ref": "#/properties/a" }
            },
            "$defs": {
                "Error": { "type": "string" },
                "my-type<x>": { "type": "number" },
                "9lives": { "type": "boolean" },
                "a/b": { "type": "null" }
            }
        }),
        json!({ "type": "null" }),
    )]);
    assert_valid_typescript(&declarations);
    for line in [
        "a?: LookupError;",
        "b?: MyTypeX;",
        "c?: _9lives;",
        "d?: AB;",
        "e?: A;",
        "type LookupError = string;",
        "type MyTypeX = number;",
        "type A = LookupError;",
    ] {
        assert!(declarations.contains(line), "{line} in {declarations}");
    }
}

#[test]
fn r_code_5_circular_aliases_become_unknown() {
    let declarations = declare_raw(
        &json!({
            "type": "object",
            "properties": {
                "a": { "$ref": "#/$defs/A" },
                "self": { "$ref": "#/$defs/Self" },
                "list": { "$ref": "#/$defs/List" }
            },
            "$defs": {
                "A": { "$ref": "#/$defs/B" },
                "B": { "anyOf": [{ "$ref": "#/$defs/A" }, { "type": "null" }] },
                "Self": { "allOf": [{ "$ref": "#/$defs/Self" }] },
                "List": { "anyOf": [{ "type": "null" }, { "type": "array", "items": { "$ref": "#/$defs/List" } }] }
            }
        }),
        &json!({ "anyOf": [{ "$ref": "#" }, { "type": "string" }] }),
    );
    assert_valid_typescript(&declarations);
    for line in [
        "type A = unknown;",
        "type Self = unknown;",
        "type List = null | List[];",
        "type ProbeResult = unknown;",
    ] {
        assert!(declarations.contains(line), "{line} in {declarations}");
    }
}

#[test]
fn r_code_5_descriptions_cannot_close_the_jsdoc_comment() {
    let declarations = declare(vec![definition(
        "sneaky",
        "Ends early */ declare const x: number; /*",
        json!({
            "type": "object",
            "properties": {
                "p": { "type": "string", "description": "one */ two\r\nthree\u{2028}four */" },
                "q": { "type": "string", "pattern": "a*/b", "format": "x*/" }
            }
        }),
        json!({ "type": "string", "description": "**/**" }),
    )]);
    assert_valid_typescript(&declarations);
    assert!(!declarations.contains("early */"), "{declarations}");
    assert!(
        declarations.contains("   * Ends early *\\/ declare const x: number; /*\n"),
        "{declarations}"
    );
    assert!(declarations.contains("   * one *\\/ two\n   * three\n   * four *\\/\n"));
}

#[test]
fn r_code_5_annotations_become_jsdoc_tags() {
    let declarations = declare(vec![web_search(), edit_file()]);
    for line in [
        "   * @default false\n",
        "   * @minimum 1\n   * @maximum 20\n",
        "   * @minLength 1\n   * @maxLength 400\n   */\n  query: string;",
        "@default \"moderate\"",
        "  /** @format uri */\n",
    ] {
        assert!(declarations.contains(line), "{line:?} in {declarations}");
    }
}

#[test]
fn r_code_5_args_are_optional_only_when_nothing_is_required() {
    let declarations = declare(vec![
        definition("none", "N.", json!({ "type": "object" }), json!(true)),
        definition(
            "some",
            "S.",
            json!({ "type": "object", "properties": { "a": { "type": "string" } }, "required": ["a"] }),
            json!(true),
        ),
    ]);
    assert!(
        declarations.contains("none(args?: NoneArgs, options?: CallOptions): Promise<NoneResult>;")
    );
    assert!(
        declarations.contains("some(args: SomeArgs, options?: CallOptions): Promise<SomeResult>;")
    );
    assert!(declarations.contains("type NoneArgs = Record<string, unknown>;"));
    assert!(declarations.contains("type NoneResult = unknown;"));
}

#[test]
fn r_code_5_no_tools_declare_an_empty_object() {
    let declarations = declarations(&[]);
    assert_valid_typescript(&declarations);
    assert!(declarations.ends_with("declare const tools: {\n};\n"), "{declarations}");
}
