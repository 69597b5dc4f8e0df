//! The script's `tools.x(..)` calls as host functions: each one a nested call of the `run_code`
//! call, made through the session's [`NestedCalls`] door (R-CODE-2, R-CODE-3, R-LOG-2).
//!
//! The runtime calls a host function synchronously, in the order the script makes its calls,
//! and polls the future it returns; the door records the call and takes its turn to prepare in
//! that synchronous part, so prepares follow script order. What the call resolves to is the
//! tool's structured value; what it rejects with is the pipeline's error envelope plus the tool.

use std::sync::Arc;

use ordo_runtime::{HostCall, HostError, HostFunctions};
use ordo_tools::{Arguments, ErrorInfo, NestedCalls, Tool, ToolResult};
use serde_json::{Map, Value, json};

/// The global name a tool's host function is installed under; the prelude moves it into
/// `tools` and deletes the global. The dot keeps it out of the way of any real global.
pub(crate) fn host_function_name(tool: &str) -> String {
    format!("tools.{tool}")
}

/// The host functions of `tools`: one per tool, each a call through `calls`.
pub(crate) fn host_functions(calls: &NestedCalls, tools: &[Arc<Tool>]) -> HostFunctions {
    let mut host = HostFunctions::new();
    for tool in tools {
        let (calls, name) = (calls.clone(), tool.name().to_owned());
        host.insert(host_function_name(tool.name()), move |call: HostCall| {
            let call_id = Arc::from(format!("{}.{}", calls.parent(), call.id));
            let settled = calls.call(call_id, &name, Arguments::from_value(call.args), call.signal);
            let name = name.clone();
            async move { answer(&name, settled.await) }
        });
    }
    host
}

/// What the script's call resolves or rejects with.
fn answer(tool: &str, result: ToolResult) -> Result<Value, HostError> {
    match (result.value, result.record.error) {
        (_, Some(error)) => Err(host_error(tool, &error)),
        (Some(value), None) => Ok(Arc::unwrap_or_clone(value)),
        (None, None) => Ok(Value::Null),
    }
}

/// The error a script's call rejects with: the pipeline's envelope, plus the tool.
fn host_error(tool: &str, error: &ErrorInfo) -> HostError {
    let mut data = Map::new();
    data.insert("code".into(), json!(error.code.as_str()));
    data.insert("tool".into(), json!(tool));
    HostError { name: error.name.clone(), message: error.message.clone(), data }
}
