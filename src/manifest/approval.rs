//! `approval = "ask"`: a `pre_execute` policy that sends each call of those tools to the
//! approval service (R-PIPE-3), with the command line in the prompt: a command can do anything
//! its user can, and the human should see what is about to run. Mounted MCP servers ask through
//! the same policy ([`asking`]).

use std::collections::HashMap;
use std::future::ready;

use futures::future::BoxFuture;
use ordo_tools::{Execution, PreDecision, PreExecuteHook, PreExecuteNext};

use super::tool::CommandTool;

/// The `pre_execute` hook that asks before each call of the tools it holds a prompt for (manifest
/// tools that declare `approval = "ask"`, mounted tools whose server's `approval` says so);
/// calls of other tools pass on to the rest of the chain.
#[derive(Clone, Debug)]
pub struct ApprovalPolicy {
    /// The prompt of each tool that asks, by name.
    prompts: HashMap<String, String>,
}

/// The policy for every tool of `tools` that declares `approval = "ask"`, or `None` if none
/// does.
pub(super) fn hook<'a>(tools: impl IntoIterator<Item = &'a CommandTool>) -> Option<ApprovalPolicy> {
    asking(
        tools
            .into_iter()
            .filter(|tool| tool.needs_approval())
            .map(|tool| (tool.name().to_owned(), prompt(tool)))
            .collect(),
    )
}

/// The policy that asks before each call of the tools of `prompts` (by name, with the prompt
/// to show), or `None` if there are none.
pub(crate) fn asking(prompts: HashMap<String, String>) -> Option<ApprovalPolicy> {
    (!prompts.is_empty()).then_some(ApprovalPolicy { prompts })
}

impl PreExecuteHook for ApprovalPolicy {
    fn pre_execute<'a>(
        &'a self,
        execution: &'a Execution,
        next: PreExecuteNext<'a>,
    ) -> BoxFuture<'a, PreDecision> {
        match self.prompts.get(execution.name()) {
            Some(prompt) => Box::pin(ready(PreDecision::Ask(prompt.clone()))),
            None => next.run(),
        }
    }
}

/// `tool "deploy" runs `/srv/tools/deploy.sh --prod``.
fn prompt(tool: &CommandTool) -> String {
    format!("tool {:?} runs `{}`", tool.name(), tool.command())
}
