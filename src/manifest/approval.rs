//! `approval = "ask"`: a `pre_execute` policy that sends each call of those tools to the
//! approval service (R-PIPE-3), with the command line in the prompt: a command can do anything
//! its user can, and the human should see what is about to run.

use std::collections::HashMap;
use std::sync::Arc;

use ordo_tools::{PreDecision, PreExecuteHook, policy};

use super::tool::CommandTool;

/// The hook asking for every tool of `tools` that declares `approval = "ask"`, or `None` if
/// none does. Calls of other tools pass on to the rest of the chain.
pub(super) fn hook<'a>(
    tools: impl IntoIterator<Item = &'a CommandTool>,
) -> Option<Arc<dyn PreExecuteHook>> {
    let prompts: HashMap<String, String> = tools
        .into_iter()
        .filter(|tool| tool.needs_approval())
        .map(|tool| (tool.name().to_owned(), prompt(tool)))
        .collect();
    if prompts.is_empty() {
        return None;
    }
    Some(policy(move |execution| {
        prompts.get(execution.name()).map(|prompt| PreDecision::Ask(prompt.clone()))
    }))
}

/// `tool "deploy" runs `/srv/tools/deploy.sh --prod``.
fn prompt(tool: &CommandTool) -> String {
    format!("tool {:?} runs `{}`", tool.name(), tool.command())
}
