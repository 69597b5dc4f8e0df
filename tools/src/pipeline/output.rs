//! Output normalization: from a body's value to a result (R-PIPE-9, R-PIPE-11).
//!
//! The body returned an owned value, so it is already a snapshot no one else can change. It is
//! checked against the tool's own output schema, frozen behind an `Arc`, then projected by the
//! tool's pure `render` and `presentation_meta`, nested calls included: their cards are drawn
//! too (live, and again on replay), from what the log keeps. A tool that breaks its own output
//! contract, by a bad value or by a projection that errs or panics, fails with
//! `INVALID_TOOL_OUTPUT`: not a tool failure, a contract breach.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use serde_json::Value;

use super::panic_message;
use crate::definition::ProjectionError;
use crate::execution::Execution;
use crate::registry::Tool;
use crate::result::{ErrorCode, ErrorInfo, ToolResult};

/// A result from a value: validated, frozen, rendered.
pub(super) fn normalize(execution: &Execution, tool: &Tool, value: Value) -> ToolResult {
    try_normalize(execution, tool, value).unwrap_or_else(ToolResult::failure)
}

fn try_normalize(
    execution: &Execution,
    tool: &Tool,
    value: Value,
) -> Result<ToolResult, ErrorInfo> {
    let name = execution.name();
    tool.output_schema().validate(&value).map_err(|violations| {
        invalid_output(format!(
            "tool {name:?} returned a value that violates its output schema: {violations}"
        ))
    })?;
    let value = Arc::new(value);
    let arguments = execution.arguments().value();
    let output = tool.definition().output();
    let content = project(name, "render", || output.render(arguments, &value))?;
    let meta = project(name, "presentation_meta", || {
        output.presentation_meta(arguments, &value).transpose()
    })?;
    Ok(ToolResult::success(content, meta, value))
}

/// Runs a projection, turning its error or panic into `INVALID_TOOL_OUTPUT`.
fn project<T>(
    tool: &str,
    what: &str,
    projection: impl FnOnce() -> Result<T, ProjectionError>,
) -> Result<T, ErrorInfo> {
    match catch_unwind(AssertUnwindSafe(projection)) {
        Ok(Ok(projected)) => Ok(projected),
        Ok(Err(error)) => {
            Err(invalid_output(format!("tool {tool:?} could not {what} its value: {error}")))
        }
        Err(panic) => Err(invalid_output(format!(
            "tool {tool:?} panicked in {what}: {}",
            panic_message(&*panic)
        ))),
    }
}

fn invalid_output(message: String) -> ErrorInfo {
    ErrorInfo::new(ErrorCode::InvalidToolOutput, message)
}
