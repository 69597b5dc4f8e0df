//! Generated hostile input for the parsers of `ordo-tools` that read what ordo did not write
//! (issue 17): the session log loader and resume (R-LOG-4), the provider step parser (R-CLI-2)
//! and schema acceptance in the registry (R-DEF-3). Each must end in time without panicking, and
//! each error must name its place: the log's line, the step's call index, the schema's JSON
//! pointer. `PROPTEST_CASES` sets the number of cases (256 by default); see DESIGN.md
//! "Generated inputs" for the longer run.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

#[path = "../../tests/support/hostile_input.rs"]
mod hostile_input;

use std::collections::HashSet;
use std::sync::Arc;

use hostile_input::{hostile, json_with_keys, line_count, text, timed};
use ordo_tools::session::{Durability, Event, JsonlSink, LoadedLog};
use ordo_tools::{
    CompiledSchema, RegisterError, SchemaRole, ToolDefinition, ToolOutput, ToolRegistry, parse_step,
};
use proptest::prelude::*;
use serde_json::{Value, json};

/// A log with a step, a nested call, an error, an elided argument and an open call.
const LOG: &str = concat!(
    r#"{"type":"tool/call","seq":1,"call_id":"c1","parent":null,"name":"run_code","arguments":"{\"code\":\"return 1\"}","step":1}"#,
    "\n",
    r#"{"type":"tool/call","seq":2,"call_id":"c1.1","parent":"c1","name":"read_file","arguments":"{\"path\":\"a\"}"}"#,
    "\n",
    r#"{"type":"tool/result","seq":3,"call_id":"c1.1","parent":"c1","name":"read_file","is_error":true,"content":[{"type":"text","text":"no"}],"meta":null,"error":{"name":"NotFound","code":"TOOL_ERROR","message":"no"},"duration_ms":1}"#,
    "\n",
    r#"{"type":"tool/result","seq":4,"call_id":"c1","parent":null,"name":"run_code","is_error":false,"content":[{"type":"text","text":"1"}],"meta":{"kind":"number"},"error":null,"duration_ms":7}"#,
    "\n",
    r#"{"type":"tool/call","seq":5,"call_id":"c2","parent":null,"name":"write_file","arguments":"{\"path\":\"b\",\"text\":\"…\"}","step":2,"elided":[{"path":"/text","bytes":70000,"sha256":"00"}]}"#,
    "\n",
    r#"{"type":"tool/call","seq":6,"call_id":"c3","parent":null,"name":"list_dir","arguments":"","step":2}"#,
    "\n",
);

const LOGS: &[&str] = &[LOG];

/// The step shapes `parse_step` reads: ordo's, OpenAI Chat (calls and message), OpenAI
/// Responses, Anthropic.
const STEPS: &[&str] = &[
    r#"[{"id":"a","name":"t","arguments":"{\"x\":1}"},{"id":"b","name":"u","arguments":{"y":[1,2]}}]"#,
    r#"[{"id":"a","type":"function","function":{"name":"t","arguments":"{\"x\":1}"}}]"#,
    r#"{"role":"assistant","content":null,"tool_calls":[{"id":"a","type":"function","function":{"name":"t","arguments":"{}"}}]}"#,
    r#"[{"type":"function_call","call_id":"a","name":"t","arguments":"{\"q\":\"é\"}"},{"type":"function_call","call_id":"b","name":"t"}]"#,
    r#"{"role":"assistant","content":[{"type":"text","text":"hi"},{"type":"tool_use","id":"a","name":"t","input":{"x":1}}]}"#,
];

const STEP_KEYS: &[&str] = &[
    "id",
    "name",
    "arguments",
    "type",
    "function",
    "function_call",
    "tool_use",
    "input",
    "call_id",
    "tool_calls",
    "content",
    "text",
];

/// Schemas as tools and MCP servers send them, draft 2020-12 and draft-07.
const SCHEMAS: &[&str] = &[
    r#"{"type":"object","properties":{"path":{"type":"string","minLength":1},"limit":{"type":"integer","minimum":0}},"required":["path"],"additionalProperties":false}"#,
    r##"{"$schema":"https://json-schema.org/draft/2020-12/schema","$defs":{"node":{"type":"object","properties":{"next":{"$ref":"#/$defs/node"}}}},"type":"object","properties":{"head":{"$ref":"#/$defs/node"}}}"##,
    r##"{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"a":{"type":"array","items":{"type":"string","pattern":"^[a-z]+$"}}},"type":"object","properties":{"list":{"$ref":"#/definitions/a"}},"dependencies":{"list":["x"]}}"##,
    r##"{"type":"object","properties":{"self":{"$ref":"#"},"loop":{"$ref":"#/definitions/a"}},"definitions":{"a":{"$ref":"#/definitions/b"},"b":{"$ref":"#/definitions/a"}}}"##,
    r#"{"type":"object","properties":{"v":{"anyOf":[{"type":"string","format":"date-time"},{"type":"number","multipleOf":0.5}],"x-ui":"wide"}},"patternProperties":{"^x_":{"enum":[1,"a",null]}}}"#,
];

const SCHEMA_KEYS: &[&str] = &[
    "$schema",
    "$ref",
    "$defs",
    "$id",
    "$anchor",
    "$dynamicRef",
    "definitions",
    "type",
    "object",
    "array",
    "string",
    "properties",
    "required",
    "items",
    "prefixItems",
    "additionalProperties",
    "patternProperties",
    "pattern",
    "format",
    "enum",
    "const",
    "anyOf",
    "allOf",
    "oneOf",
    "not",
    "if",
    "then",
    "else",
    "minimum",
    "multipleOf",
    "maxLength",
    "dependencies",
    "dependentSchemas",
    "contains",
    "x-extra",
    "tpye",
    "#",
    "#/$defs/a",
    "#/definitions/a",
    "a",
];

proptest! {
    /// R-LOG-4: any bytes load as a checked, complete log or fail naming a line that exists;
    /// a torn line is only ever the last.
    #[test]
    fn r_log_4_hostile_logs_load_or_name_their_line(bytes in hostile(LOGS)) {
        let lines = line_count(&bytes);
        let loaded = timed("loading", || LoadedLog::from_reader(bytes.as_slice(), "gen.jsonl"));
        match loaded {
            Ok(log) => assert_every_call_has_one_result(&log),
            Err(error) => {
                let line = error.line().unwrap_or_else(|| panic!("no line in {error}"));
                prop_assert!((1..=lines).contains(&line), "line {line} of {lines}: {error}");
                prop_assert!(
                    error.to_string().starts_with(&format!("gen.jsonl, line {line}: ")),
                    "{error}"
                );
            }
        }
    }

    /// R-LOG-4: resuming a damaged log leaves a file that loads clean: no torn line, no call
    /// without its result, and the same calls.
    #[test]
    fn r_log_4_a_resumed_log_loads_clean(bytes in hostile(LOGS)) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("session.jsonl");
        std::fs::write(&path, &bytes).unwrap();
        let Ok(resumed) = timed("resuming", || JsonlSink::resume(&path, Durability::Flush)) else {
            return Ok(());
        };
        let (_log, loaded) = resumed.into_session();
        let again = LoadedLog::from_path(&path)
            .unwrap_or_else(|error| panic!("the resumed file does not load: {error}"));
        prop_assert!(again.torn_line().is_none());
        prop_assert_eq!(again.repairs().count(), 0);
        prop_assert_eq!(again.calls().count(), loaded.calls().count());
        prop_assert_eq!(again.next_seq(), loaded.next_seq());
    }

    /// R-CLI-2: a step is calls with unique ids, or an error that says where: the JSON's line
    /// and column, or the index of the call at fault.
    #[test]
    fn r_cli_2_hostile_steps_parse_or_name_the_call(bytes in hostile(STEPS)) {
        check_step(&text(&bytes))?;
    }

    /// R-CLI-2, the same over JSON shaped like steps: right field names, wrong shapes.
    #[test]
    fn r_cli_2_step_shaped_json_parses_or_names_the_call(
        value in prop_oneof![
            prop::collection::vec(json_with_keys(STEP_KEYS), 0..6).prop_map(Value::Array),
            json_with_keys(STEP_KEYS),
        ]
    ) {
        check_step(&value.to_string())?;
    }

    /// R-DEF-3: schema text from anywhere is accepted or refused at a JSON pointer into it; an
    /// accepted schema validates instances in time.
    #[test]
    fn r_def_3_hostile_schema_text_is_accepted_or_refused_at_a_pointer(bytes in hostile(SCHEMAS)) {
        if let Ok(schema) = serde_json::from_slice::<Value>(&bytes) {
            check_schema(&schema)?;
        }
    }

    /// R-DEF-3, the same over JSON made of the schema vocabulary.
    #[test]
    fn r_def_3_schema_shaped_json_is_accepted_or_refused_at_a_pointer(
        schema in json_with_keys(SCHEMA_KEYS)
    ) {
        check_schema(&schema)?;
    }
}

fn assert_every_call_has_one_result(log: &LoadedLog) {
    let calls = log.events().iter().filter(|event| matches!(event, Event::Call(_))).count();
    let results = log.events().iter().filter(|event| matches!(event, Event::Result(_))).count();
    assert_eq!(calls, results, "every call has one result");
    assert_eq!(log.calls().count(), calls, "each call is paired");
}

fn check_step(text: &str) -> Result<(), TestCaseError> {
    let items = match serde_json::from_str::<Value>(text) {
        Ok(Value::Array(items)) => items.len(),
        Ok(Value::Object(message)) => ["tool_calls", "content"]
            .iter()
            .find_map(|field| message.get(*field)?.as_array().map(Vec::len))
            .unwrap_or(0),
        _ => 0,
    };
    match timed("parse_step", || parse_step(text)) {
        Ok(calls) => {
            let ids: HashSet<&str> = calls.iter().map(|call| call.id.as_str()).collect();
            prop_assert_eq!(ids.len(), calls.len(), "ids are unique");
        }
        Err(error) => {
            let message = error.to_string();
            let placed = match message.strip_prefix("call ") {
                Some(rest) => rest
                    .split_once(':')
                    .and_then(|(index, _)| index.parse::<usize>().ok())
                    .is_some_and(|index| index < items),
                None => message.starts_with("not JSON (line ") || message.starts_with("expected "),
            };
            prop_assert!(placed, "{message:?} ({items} items)");
        }
    }
    Ok(())
}

fn check_schema(schema: &Value) -> Result<(), TestCaseError> {
    match timed("compiling", || CompiledSchema::compile(schema)) {
        Ok(compiled) => {
            for instance in [json!(null), json!({}), json!([]), json!(""), json!(0), schema.clone()]
            {
                let _ = timed("validating", || compiled.validate(&instance));
            }
        }
        Err(error) => {
            prop_assert!(
                schema.pointer(error.pointer()).is_some(),
                "the pointer {:?} is not in the schema: {error}",
                error.pointer()
            );
        }
    }
    // Registration says which tool and which schema, and keeps the pointer.
    let registry = ToolRegistry::new();
    let output = ToolOutput::json_text(json!(true));
    let body = |_args: Arc<Value>, _cx| async { Ok(json!(true)) };
    let definition =
        ToolDefinition::new("generated", "A generated schema.", schema.clone(), output, body);
    if let Err(RegisterError::InvalidSchema { name, role, error }) = registry.register(definition) {
        prop_assert_eq!(name, "generated");
        prop_assert_eq!(role, SchemaRole::Parameters);
        prop_assert!(schema.pointer(error.pointer()).is_some(), "{error}");
    }
    Ok(())
}
