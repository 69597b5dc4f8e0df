//! The registry's contract: R-DEF-2, R-DEF-3, R-DEF-4 and hot swap.

use std::sync::Arc;
use std::time::Duration;

use ordo_tools::{
    Card, ContentBlock, ExecutionMode, Provider, RUN_CODE, RegisterError, ResultRecord, SchemaRole,
    ToolDefinition, ToolName, ToolOutput, ToolRegistry,
};
use serde_json::{Value, json};

fn object_schema() -> Value {
    json!({ "type": "object", "properties": { "path": { "type": "string" } }, "required": ["path"] })
}

/// A tool named `name`, of its own or a namespace's member.
fn tool(name: impl Into<ToolName>) -> ToolDefinition {
    tool_with(name, object_schema(), json!({ "type": "string" }))
}

fn tool_with(name: impl Into<ToolName>, parameters: Value, output_schema: Value) -> ToolDefinition {
    let name = name.into();
    ToolDefinition::new(
        name.clone(),
        format!("The {name} tool."),
        parameters,
        ToolOutput::new(output_schema, |_args, value| vec![ContentBlock::text(value.to_string())]),
        |_args: Arc<Value>, _cx| async { Ok(json!("done")) },
    )
}

fn rejection(registry: &ToolRegistry, definition: ToolDefinition) -> String {
    registry.register(definition).expect_err("registration should fail").to_string()
}

#[test]
fn r_def_3_rejects_names_outside_the_provider_alphabet() {
    let registry = ToolRegistry::new();
    let long = "a".repeat(65);
    for name in ["", "has space", "dotted.name", "ünïcode", "slash/name", long.as_str()] {
        assert_eq!(
            rejection(&registry, tool(name)),
            format!("tool name {name:?} is invalid: a name must match ^[a-zA-Z0-9_-]{{1,64}}$")
        );
    }
    for name in ["a", "read_file", "Kebab-Case-9", &"z".repeat(64)] {
        registry.register(tool(name)).unwrap_or_else(|error| panic!("{name}: {error}"));
    }
    assert_eq!(registry.len(), 4);
}

#[test]
fn r_def_3_double_underscore_joins_a_namespace_and_nothing_else() {
    let registry = ToolRegistry::new();
    for name in ["a__b", "__odd", "odd__", "a___b"] {
        let message = rejection(&registry, tool(name));
        assert!(
            message.starts_with(&format!("tool name {name:?} is invalid: `__` only joins")),
            "{message}"
        );
        assert!(registry.replace(tool(name)).is_err(), "{name}: nor by replace");
    }
    for (namespace, member) in [("a__b", "c"), ("a", "b__c"), ("a_", "b"), ("", "b"), ("a", "")] {
        let name = ToolName::namespaced(namespace, member);
        assert!(registry.register(tool(name.clone())).is_err(), "{name}");
    }
    assert!(registry.is_empty(), "nothing was registered");

    let member = ToolName::namespaced("github", "create_issue");
    registry.register(tool(member.clone())).unwrap();
    let registered = registry.get("github__create_issue").expect("found by its flat name");
    assert_eq!(registered.tool_name(), &member);
    assert_eq!(registered.tool_name().script_path(), "github.create_issue");
    assert_eq!(registry.schemas()[0].name, "github__create_issue", "flat on the wire");
}

#[test]
fn r_def_3_run_code_is_reserved_unconditionally() {
    let registry = ToolRegistry::new();
    let message = "tool name \"run_code\" is reserved for code mode, which installs it itself";
    assert_eq!(rejection(&registry, tool(RUN_CODE)), message);
    assert_eq!(registry.replace(tool(RUN_CODE)).unwrap_err().to_string(), message);
    assert!(registry.get(RUN_CODE).is_none());

    // Code mode's own path installs it, and only it.
    assert!(registry.install_run_code(tool(RUN_CODE)).unwrap().is_none());
    assert!(registry.install_run_code(tool(RUN_CODE)).unwrap().is_some(), "reinstalling replaces");
    assert_eq!(
        registry.install_run_code(tool("other")).unwrap_err(),
        RegisterError::NotRunCode { name: "other".into() }
    );
    assert_eq!(registry.schemas().iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), [RUN_CODE]);
}

#[test]
fn r_def_3_rejects_a_zero_timeout() {
    let registry = ToolRegistry::new();
    assert_eq!(
        rejection(&registry, tool("slow").with_timeout(Duration::ZERO)),
        "tool \"slow\": the timeout must be greater than zero"
    );
    registry.register(tool("slow").with_timeout(Duration::from_millis(1))).unwrap();
}

#[test]
fn r_def_3_rejects_a_duplicate_and_keeps_the_first() {
    let registry = ToolRegistry::new();
    let first = registry.register(tool("dup")).unwrap();
    assert_eq!(
        rejection(&registry, tool_with("dup", object_schema(), json!({ "type": "integer" }))),
        "tool \"dup\" is already registered; use `replace` to swap it"
    );
    assert!(Arc::ptr_eq(&registry.get("dup").unwrap(), &first));
}

#[test]
fn r_def_3_rejects_invalid_parameters_schemas_with_their_path() {
    let registry = ToolRegistry::new();
    let typo = json!({ "type": "object", "properties": { "path": { "tpye": "string" } } });
    assert_eq!(
        rejection(&registry, tool_with("t", typo, json!(true))),
        "tool \"t\": parameters schema at /properties/path/tpye: unknown keyword \"tpye\" (did you mean \"type\"?)"
    );
    let bad_type =
        json!({ "type": "object", "properties": { "n": { "type": "number", "minimum": "zero" } } });
    let message = rejection(&registry, tool_with("t", bad_type, json!(true)));
    assert!(
        message.starts_with(
            "tool \"t\": parameters schema at /properties/n/minimum: not valid JSON Schema: "
        ),
        "{message}"
    );
    let bad_regex = json!({ "type": "object", "properties": { "p": { "type": "string", "pattern": "([a-z" } } });
    let message = rejection(&registry, tool_with("t", bad_regex, json!(true)));
    assert!(message.starts_with("tool \"t\": parameters schema at "), "{message}");
    assert!(message.contains("pattern"), "{message}");
    assert!(registry.is_empty());
}

#[test]
fn r_def_3_parameters_must_describe_an_object() {
    let registry = ToolRegistry::new();
    for parameters in [json!({ "type": "string" }), json!(true), json!({ "properties": {} })] {
        assert_eq!(
            rejection(&registry, tool_with("t", parameters, json!(true))),
            "tool \"t\": parameters schema at the root: must describe an object (\"type\": \"object\"), as every provider requires"
        );
    }
}

#[test]
fn r_def_3_rejects_invalid_output_schemas_with_their_path() {
    let registry = ToolRegistry::new();
    let error = registry
        .register(tool_with(
            "t",
            object_schema(),
            json!({ "type": "array", "itmes": { "type": "string" } }),
        ))
        .unwrap_err();
    let RegisterError::InvalidSchema { role, error: schema_error, .. } = &error else {
        panic!("expected a schema error, got {error:?}");
    };
    assert_eq!(*role, SchemaRole::Output);
    assert_eq!(schema_error.pointer(), "/itmes");
    assert_eq!(
        error.to_string(),
        "tool \"t\": output schema at /itmes: unknown keyword \"itmes\" (did you mean \"items\"?)"
    );
}

/// A tool with every piece of metadata the model must never see.
fn tool_with_all_metadata() -> ToolDefinition {
    tool("secretive")
        .with_timeout(Duration::from_secs(7))
        .with_concurrency_safe(|_| true)
        .with_present_call(|_| Card::new("call card"))
        .with_present_result(|_, _| Card::new("result card"))
        .with_finalize_content(|_, record| record.content.clone())
}

#[test]
fn r_def_2_schemas_export_exactly_name_description_and_parameters() {
    let registry = ToolRegistry::new();
    registry.register(tool_with_all_metadata()).unwrap();
    registry.register(tool("plain")).unwrap();

    let exported = serde_json::to_value(registry.schemas()).unwrap();
    let entries = exported.as_array().unwrap();
    assert_eq!(entries.len(), 2);
    for entry in entries {
        let keys: Vec<&str> = entry.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, ["name", "description", "parameters"]);
    }
    assert_eq!(entries[0]["name"], "secretive");
    assert_eq!(entries[0]["parameters"], object_schema());
    let text = exported.to_string();
    for leaked in ["timeout", "7000", "card", "concurrency", "finalize", "output"] {
        assert!(!text.contains(leaked), "{leaked:?} leaked into {text}");
    }

    // The provider shapes carry the same three fields and nothing else.
    for provider in [Provider::OpenAiChat, Provider::OpenAiResponses, Provider::Anthropic] {
        let shaped = registry.schemas()[0].for_provider(provider).to_string();
        assert!(!shaped.contains("timeout") && !shaped.contains("card"), "{shaped}");
    }
}

#[test]
fn r_def_4_only_a_declared_true_is_parallel() {
    let registry = ToolRegistry::new();
    registry.register(tool("undeclared")).unwrap();
    registry.register(tool("never").with_concurrency_safe(|_| false)).unwrap();
    registry.register(tool("always").with_concurrency_safe(|_| true)).unwrap();
    registry.register(tool("panics").with_concurrency_safe(|_| panic!("classifier bug"))).unwrap();
    registry
        .register(tool("per_args").with_concurrency_safe(|args| {
            args["path"].as_str().is_some_and(|p| p.starts_with("/tmp"))
        }))
        .unwrap();
    let args = json!({ "path": "/tmp/x" });

    assert_eq!(registry.execution_mode("undeclared", &args), ExecutionMode::Exclusive);
    assert_eq!(registry.execution_mode("never", &args), ExecutionMode::Exclusive);
    assert_eq!(registry.execution_mode("always", &args), ExecutionMode::Parallel);
    assert_eq!(registry.execution_mode("panics", &args), ExecutionMode::Exclusive);
    assert_eq!(registry.execution_mode("missing", &args), ExecutionMode::Exclusive);
    assert_eq!(registry.execution_mode("per_args", &args), ExecutionMode::Parallel);
    assert_eq!(
        registry.execution_mode("per_args", &json!({ "path": "/etc" })),
        ExecutionMode::Exclusive
    );
    assert_eq!(
        registry.execution_mode("per_args", &Value::String("not json".into())),
        ExecutionMode::Exclusive
    );
}

#[test]
fn hot_swap_replaces_in_place_and_unregister_removes() {
    let registry = ToolRegistry::new();
    registry.register(tool("a")).unwrap();
    registry.register(tool("b")).unwrap();
    registry.register(tool("c")).unwrap();
    let before = registry.version();
    let old_b = registry.get("b").unwrap();

    let replaced = registry.replace(tool("b").with_concurrency_safe(|_| true)).unwrap();
    assert!(Arc::ptr_eq(&replaced, &old_b), "replace returns the old tool");
    assert_ne!(registry.version(), before);
    assert_eq!(registry.execution_mode("b", &json!({})), ExecutionMode::Parallel);
    assert_eq!(
        old_b.execution_mode(&json!({})),
        ExecutionMode::Exclusive,
        "a held tool is unchanged"
    );
    let names: Vec<String> = registry.schemas().into_iter().map(|s| s.name).collect();
    assert_eq!(names, ["a", "b", "c"], "a replaced tool keeps its place");

    assert_eq!(
        registry.replace(tool("zzz")).unwrap_err().to_string(),
        "tool \"zzz\" is not registered, so it cannot be replaced"
    );
    let invalid = tool_with("a", json!({ "type": "object", "propertys": {} }), json!(true));
    assert!(registry.replace(invalid).is_err());
    assert_eq!(
        registry.get("a").unwrap().definition().parameters(),
        &object_schema(),
        "a failed replace changes nothing"
    );

    let version = registry.version();
    assert!(registry.unregister("a").is_some());
    assert!(registry.unregister("a").is_none());
    assert_eq!(registry.version(), version + 1, "only a real removal changes the version");
    assert_eq!(registry.execution_mode("a", &json!({})), ExecutionMode::Exclusive);
    registry.register(tool("a")).unwrap();
    let names: Vec<String> = registry.schemas().into_iter().map(|s| s.name).collect();
    assert_eq!(names, ["b", "c", "a"]);
}

#[test]
fn presenters_fall_back_to_default_cards() {
    let registry = ToolRegistry::new();
    registry.register(tool_with_all_metadata()).unwrap();
    registry.register(tool("plain")).unwrap();
    registry
        .register(
            tool("broken")
                .with_present_call(|_| panic!("ui bug"))
                .with_present_result(|_, _| panic!("ui bug")),
        )
        .unwrap();
    let args = json!({ "path": "a" });
    let record = ResultRecord::success(vec![ContentBlock::text("ok")], None);
    let secretive = registry.get("secretive").unwrap();
    assert_eq!(secretive.present_call(&args).title, "call card");
    assert_eq!(secretive.present_result(&args, &record).title, "result card");
    let plain = registry.get("plain").unwrap();
    assert_eq!(plain.present_call(&args).title, r#"plain {"path":"a"}"#);
    assert_eq!(plain.present_result(&args, &record).title, "ok");
    let broken = registry.get("broken").unwrap();
    assert_eq!(broken.present_call(&args).title, r#"broken {"path":"a"}"#);
    assert_eq!(broken.present_result(&args, &record).title, "ok");
}

#[test]
fn listeners_hear_every_change_but_the_run_code_install() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let registry = ToolRegistry::new();
    let heard = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&heard);
    registry.subscribe(move |registry| {
        counter.fetch_add(1, Ordering::SeqCst);
        assert!(registry.len() < 10, "a listener may read the registry: its lock is released");
    });
    registry.register(tool("a")).unwrap();
    registry.replace(tool("a")).unwrap();
    registry.unregister("a");
    registry.unregister("a");
    assert!(registry.register(tool("bad name")).is_err());
    registry.install_run_code(tool(RUN_CODE)).unwrap();
    assert_eq!(heard.load(Ordering::SeqCst), 3, "register, replace and one real unregister");
}
