//! Finish: cancellation, `finalize_content`, materialization, observers (R-FIN-3..6).

use std::panic::{AssertUnwindSafe, catch_unwind};

use super::dispatch::aborted_while_running;
use super::{Finalized, Pipeline, aborted_before_dispatch, panic_message};
use crate::execution::Execution;
use crate::result::{ErrorCode, ErrorInfo, ToolResult};

impl Pipeline {
    /// Settles a result for good. Runs exactly once per call (it consumes the [`Finalized`]
    /// token) and always yields a result: the call is already logged and must get one. Runs in
    /// the call's span, which its caller enters.
    pub(crate) fn finish(&self, execution: &Execution, finalized: Finalized) -> ToolResult {
        // R-FIN-3: the durable form is built from owned, serializable values, so only a bug can
        // break it; if one does, the fallback is a result built from constants.
        let result = catch_unwind(AssertUnwindSafe(|| settle(execution, finalized.0)))
            .unwrap_or_else(|panic| {
                let message = format!("finishing the result failed: {}", panic_message(&*panic));
                ToolResult::failure(ErrorInfo::new(ErrorCode::Internal, message))
            });
        self.notify(execution, &result);
        if let Some(code) = result.code() {
            // The conventions' outcome: the class of error, and the span's status. A success
            // records nothing: a record is a call into every layer, and the span's own close
            // already tells how long the call took.
            execution.span.record("error.type", code.as_str());
            execution.span.record("otel.status_code", "ERROR");
        }
        result
    }

    /// R-FIN-5: each observer sees the frozen execution and result; its failure is logged and
    /// changes nothing.
    fn notify(&self, execution: &Execution, result: &ToolResult) {
        for observer in &self.inner.observers {
            match catch_unwind(AssertUnwindSafe(|| observer.on_result(execution, result))) {
                Ok(Ok(())) => {}
                Ok(Err(error)) => {
                    tracing::warn!(tool = execution.name(), %error, "a result observer failed")
                }
                Err(panic) => {
                    tracing::warn!(
                        tool = execution.name(),
                        panic = panic_message(&*panic),
                        "a result observer panicked"
                    );
                }
            }
        }
    }
}

fn settle(execution: &Execution, result: ToolResult) -> ToolResult {
    let mut result = replace_if_cancelled(execution, result);
    finalize_content(execution, &mut result);
    result
}

/// R-FIN-6: cancellation replaces successes only (a tool's own error says more than "it was
/// cancelled"), keeping what the body produced as content after the notice.
fn replace_if_cancelled(execution: &Execution, result: ToolResult) -> ToolResult {
    if !execution.is_cancelled() || result.is_error() {
        return result;
    }
    let error = if execution.body_invoked() {
        aborted_while_running(execution)
    } else {
        aborted_before_dispatch(execution)
    };
    let mut replacement = ToolResult::failure(error);
    replacement.record.content.extend(result.record.content);
    replacement
}

/// R-FIN-4: the tool's last hand over the content, exactly once for every outcome. Total: a
/// panic keeps the content as it was.
fn finalize_content(execution: &Execution, result: &mut ToolResult) {
    let Some(finalize) =
        execution.definition().and_then(|definition| definition.finalize_content())
    else {
        return;
    };
    let arguments = execution.arguments().value();
    match catch_unwind(AssertUnwindSafe(|| finalize(arguments, &result.record))) {
        Ok(content) => result.record.content = content,
        Err(panic) => tracing::warn!(
            tool = execution.name(),
            panic = panic_message(&*panic),
            "finalize_content panicked; the content is kept as it was"
        ),
    }
}
