//! One tool of a manifest, and the [`ToolDefinition`] it becomes.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use ordo_tools::presentation::default_call_card;
use ordo_tools::{
    CallContext, ContentBlock, ProjectionError, ToolAnnotations, ToolDefinition, ToolOutput,
};
use serde_json::{Value, json};

use super::command;
use super::error::Location;
use crate::process::Environment;

/// A command line: the program and its arguments. The arguments are passed as they are, never
/// through a shell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Argv {
    program: PathBuf,
    args: Vec<String>,
}

impl Argv {
    pub(super) fn new(program: PathBuf, args: Vec<String>) -> Self {
        Self { program, args }
    }

    /// The program: an absolute path when the manifest gave a path, or a bare name looked up on
    /// `PATH` when the tool runs.
    pub fn program(&self) -> &Path {
        &self.program
    }

    /// The arguments after the program.
    pub fn args(&self) -> &[String] {
        &self.args
    }
}

impl fmt::Display for Argv {
    /// The command line as a shell would read it: words that need it are single-quoted.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_word(f, &self.program.to_string_lossy())?;
        for arg in &self.args {
            f.write_str(" ")?;
            write_word(f, arg)?;
        }
        Ok(())
    }
}

fn write_word(f: &mut fmt::Formatter<'_>, word: &str) -> fmt::Result {
    let plain = !word.is_empty()
        && word.chars().all(|c| c.is_ascii_alphanumeric() || "_-./=:,@%+".contains(c));
    if plain { f.write_str(word) } else { write!(f, "'{}'", word.replace('\'', r"'\''")) }
}

/// A checked `[[tool]]` of a manifest.
#[derive(Clone, Debug)]
pub struct CommandTool {
    pub(super) name: String,
    /// Where the name is written, for errors found at registration.
    pub(super) name_location: Location,
    pub(super) description: String,
    pub(super) parameters: Value,
    pub(super) output_schema: Option<Value>,
    pub(super) command: Argv,
    pub(super) concurrency_safe: bool,
    pub(super) timeout: Option<Duration>,
    pub(super) needs_approval: bool,
    pub(super) environment: Environment,
    pub(super) annotations: ToolAnnotations,
}

impl CommandTool {
    /// The name the model calls it by.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What the model reads about it.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The JSON Schema of its arguments.
    pub fn parameters(&self) -> &Value {
        &self.parameters
    }

    /// The JSON Schema its value must satisfy, if the manifest declares one.
    pub fn output_schema(&self) -> Option<&Value> {
        self.output_schema.as_ref()
    }

    /// The command it runs.
    pub fn command(&self) -> &Argv {
        &self.command
    }

    /// Whether its calls may run beside others (`concurrency_safe = true`).
    pub fn is_concurrency_safe(&self) -> bool {
        self.concurrency_safe
    }

    /// Its declared timeout (`timeout_ms`).
    pub fn timeout(&self) -> Option<Duration> {
        self.timeout
    }

    /// Whether each call asks a human first (`approval = "ask"`).
    pub fn needs_approval(&self) -> bool {
        self.needs_approval
    }

    /// What the command sees of the environment (`env`, `env_pass`).
    pub fn environment(&self) -> &Environment {
        &self.environment
    }

    /// What it declares it may do to the world (`annotations`), for MCP clients; without the
    /// field, [`ToolAnnotations::default`], which claims nothing: a command can do anything.
    pub fn annotations(&self) -> ToolAnnotations {
        self.annotations
    }

    /// The definition to register.
    ///
    /// Without an `output_schema` any JSON value is accepted (`{}`). The value is rendered as
    /// text when it is a string, and as pretty-printed JSON otherwise. The call card shows the
    /// arguments, with the command line as its detail.
    pub fn definition(&self) -> ToolDefinition {
        let argv = Arc::new(self.command.clone());
        let (body_argv, environment) = (Arc::clone(&argv), Arc::new(self.environment.clone()));
        let body = move |arguments: Arc<Value>, context: CallContext| {
            command::run(Arc::clone(&body_argv), Arc::clone(&environment), arguments, context)
        };
        let schema = self.output_schema.clone().unwrap_or_else(|| json!({}));
        let name = self.name.clone();
        let mut definition = ToolDefinition::new(
            &self.name,
            &self.description,
            self.parameters.clone(),
            ToolOutput::try_new(schema, render),
            body,
        )
        .with_annotations(self.annotations)
        .with_present_call(move |arguments| {
            default_call_card(&name, arguments).with_detail(format!("$ {argv}"))
        });
        if let Some(timeout) = self.timeout {
            definition = definition.with_timeout(timeout);
        }
        if self.needs_approval {
            // A command can do anything its user can: the human sees what is about to run.
            let prompt = format!("tool {:?} runs `{}`", self.name, self.command);
            definition = definition.with_approval(prompt);
        }
        definition = if self.concurrency_safe {
            definition
                .with_concurrent_calls()
                .with_concurrency_reason("its manifest sets concurrency_safe = true")
        } else {
            definition.with_concurrency_reason("its manifest does not set concurrency_safe = true")
        };
        definition
    }
}

/// A string value as its text (a command that prints `"line 1\nline 2"` means those lines);
/// any other value as pretty-printed JSON.
fn render(_arguments: &Value, value: &Value) -> Result<Vec<ContentBlock>, ProjectionError> {
    let text = match value {
        Value::String(text) => text.clone(),
        other => serde_json::to_string_pretty(other)
            .map_err(|error| ProjectionError::new(error.to_string()))?,
    };
    Ok(vec![ContentBlock::text(text)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_quote_only_what_needs_it() {
        let argv = Argv::new(
            PathBuf::from("/opt/tools/x.sh"),
            vec!["-n".into(), "two words".into(), "it's".into(), String::new()],
        );
        assert_eq!(argv.to_string(), r"/opt/tools/x.sh -n 'two words' 'it'\''s' ''");
    }
}
