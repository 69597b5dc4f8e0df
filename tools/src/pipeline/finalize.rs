//! Finalize: the `post_execute` waterfall, run at commit in model order (R-FIN-1, R-FIN-2).

use std::panic::AssertUnwindSafe;

use futures::FutureExt;

use super::output::normalize;
use super::{Finalized, Pipeline, Staged, panic_message};
use crate::content::ContentBlock;
use crate::execution::Execution;
use crate::hooks::{PostDecision, PostExecuteNext};
use crate::result::{ErrorCode, ErrorInfo, ToolResult};

impl Pipeline {
    /// Runs `post_execute` on a staged result (unless it skips it, R-PIPE-1) and applies the
    /// decision. Context the body deferred joins an accepted success and nothing else. Runs in
    /// the call's span, which its caller enters.
    pub(crate) async fn finalize(&self, execution: &Execution, staged: Staged) -> Finalized {
        let Staged { result, deferred, needs_post_execute } = staged;
        if !needs_post_execute {
            return Finalized(result);
        }
        let decision = if self.inner.post_execute.is_empty() {
            PostDecision::Accept
        } else {
            // Inside `async` so that a hook panicking before it returns a future is caught too.
            let chain = async {
                PostExecuteNext::new(&self.inner.post_execute, execution, &result).run().await
            };
            match AssertUnwindSafe(chain).catch_unwind().await {
                Ok(decision) => decision,
                Err(panic) => {
                    let message =
                        format!("a post_execute hook panicked: {}", panic_message(&*panic));
                    return Finalized(ToolResult::failure(ErrorInfo::new(
                        ErrorCode::Internal,
                        message,
                    )));
                }
            }
        };
        Finalized(apply(execution, result, deferred, decision))
    }
}

fn apply(
    execution: &Execution,
    mut result: ToolResult,
    deferred: Vec<ContentBlock>,
    decision: PostDecision,
) -> ToolResult {
    match decision {
        PostDecision::Accept => {}
        PostDecision::ReplaceContent(content) => result.record.content = content,
        PostDecision::ReplaceValue(_) if result.is_error() => {
            let message = format!(
                "a post_execute hook tried to replace the value of a failed result of tool {:?}",
                execution.name()
            );
            return ToolResult::failure(ErrorInfo::new(ErrorCode::Internal, message));
        }
        PostDecision::ReplaceValue(value) => {
            let concludes_turn = result.concludes_turn;
            result = match execution.tool() {
                Some(tool) => normalize(execution, tool, value),
                None => ToolResult::failure(ErrorInfo::new(
                    ErrorCode::Internal,
                    "no tool to render a value with",
                )),
            };
            result.concludes_turn = concludes_turn;
        }
        PostDecision::Block { feedback, context } => return blocked(execution, feedback, context),
    }
    // What the body asked of the conversation holds only for an accepted success.
    if result.is_error() {
        result.concludes_turn = false;
    } else {
        result.contexts = deferred;
    }
    result
}

/// R-FIN-1, R-FIN-2: a block is a `BLOCKED` error carrying the feedback, with only the context
/// the decision supplied: what the body deferred describes an execution that was refused.
fn blocked(
    execution: &Execution,
    feedback: Vec<ContentBlock>,
    context: Vec<ContentBlock>,
) -> ToolResult {
    let text: Vec<String> =
        feedback.iter().filter_map(|block| block.as_text().map(Into::into)).collect();
    let message = if text.is_empty() {
        format!("the result of tool {:?} was blocked", execution.name())
    } else {
        text.join("\n")
    };
    let mut result = ToolResult::failure(ErrorInfo::new(ErrorCode::Blocked, message));
    if !feedback.is_empty() {
        result.record.content = feedback;
    }
    result.contexts = context;
    result
}
