//! The registry: checked, compiled tools by name (R-DEF-3, R-DEF-4).
//!
//! Registration is where a definition is held to the contract: its name, its timeout, and both
//! of its schemas, compiled once here so that calls only run the validators. The registry can
//! change while a session runs (hot swap); every change bumps [`ToolRegistry::version`], and
//! callers that cache something derived from the tool set (code mode's declarations) compare it.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::{fmt, time::Duration};

use indexmap::IndexMap;
use serde_json::Value;
use thiserror::Error;

use crate::definition::ToolDefinition;
use crate::name::{NameFault, ToolName};
use crate::presentation::{Card, default_call_card, default_result_card};
use crate::provider::ToolSchema;
use crate::result::ResultRecord;
use crate::schema::{CompiledSchema, SchemaError};

/// The name reserved for code mode. No one registers it; `ordo-sdk` installs it with
/// [`ToolRegistry::install_run_code`].
///
/// Reserved unconditionally: a name reserved only when code mode is on would collide the moment
/// some deployment turned code mode on beside a tool that took the name.
pub const RUN_CODE: &str = "run_code";

/// Which of a tool's schemas an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SchemaRole {
    /// The arguments' schema.
    Parameters,
    /// The output value's schema.
    Output,
}

impl fmt::Display for SchemaRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Parameters => "parameters",
            Self::Output => "output",
        })
    }
}

/// Why a definition was not registered (R-DEF-3).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RegisterError {
    /// The name is empty, too long, or has a character outside `[a-zA-Z0-9_-]`.
    #[error("tool name {name:?} is invalid: a name must match ^[a-zA-Z0-9_-]{{1,64}}$")]
    InvalidName {
        /// The rejected name.
        name: String,
    },
    /// A part of the name holds `__`, which only joins a namespace to its member.
    #[error(
        "tool name {name:?} is invalid: `__` only joins a namespace to a member (a mounted \
         server's tools, `server__tool`, called as tools.server.tool); a name of its own, a \
         namespace or a member cannot hold it, nor can a namespace end with `_`"
    )]
    ReservedSeparator {
        /// The rejected name.
        name: String,
    },
    /// The name is `run_code`.
    #[error("tool name \"run_code\" is reserved for code mode, which installs it itself")]
    ReservedName,
    /// [`ToolRegistry::install_run_code`] was given another tool.
    #[error("install_run_code installs only \"run_code\", not {name:?}")]
    NotRunCode {
        /// The name it was given.
        name: String,
    },
    /// A tool of that name is already registered.
    #[error("tool {name:?} is already registered; use `replace` to swap it")]
    Duplicate {
        /// The taken name.
        name: String,
    },
    /// [`ToolRegistry::replace`] named a tool that is not registered.
    #[error("tool {name:?} is not registered, so it cannot be replaced")]
    NotRegistered {
        /// The missing name.
        name: String,
    },
    /// The declared timeout is zero.
    #[error("tool {name:?}: the timeout must be greater than zero")]
    ZeroTimeout {
        /// The tool.
        name: String,
    },
    /// A schema is not a valid, supported JSON Schema.
    #[error("tool {name:?}: {role} schema {error}")]
    InvalidSchema {
        /// The tool.
        name: String,
        /// Which schema.
        role: SchemaRole,
        /// What is wrong, and where.
        error: SchemaError,
    },
}

/// How a call may be scheduled (R-DEF-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExecutionMode {
    /// May run beside other parallel calls.
    Parallel,
    /// Runs alone: a barrier between the calls before and after it.
    Exclusive,
}

/// A registered tool: its definition, held to the contract, with compiled schemas.
#[derive(Debug)]
pub struct Tool {
    definition: ToolDefinition,
    parameters: CompiledSchema,
    output: CompiledSchema,
}

impl Tool {
    /// Checks a definition against R-DEF-3 (all but the name's uniqueness) and compiles it.
    fn compile(definition: ToolDefinition) -> Result<Self, RegisterError> {
        let name = definition.name();
        match definition.tool_name().fault() {
            None => {}
            Some(NameFault::Separator) => {
                return Err(RegisterError::ReservedSeparator { name: name.to_owned() });
            }
            Some(NameFault::Characters) => {
                return Err(RegisterError::InvalidName { name: name.to_owned() });
            }
        }
        if definition.timeout() == Some(Duration::ZERO) {
            return Err(RegisterError::ZeroTimeout { name: name.to_owned() });
        }
        let schema_error =
            |role, error| RegisterError::InvalidSchema { name: name.to_owned(), role, error };
        if definition.parameters().get("type").and_then(Value::as_str) != Some("object") {
            return Err(schema_error(
                SchemaRole::Parameters,
                SchemaError::at(
                    "",
                    "must describe an object (\"type\": \"object\"), as every provider requires",
                ),
            ));
        }
        let parameters = CompiledSchema::compile(definition.parameters())
            .map_err(|error| schema_error(SchemaRole::Parameters, error))?;
        let output = CompiledSchema::compile(definition.output().schema())
            .map_err(|error| schema_error(SchemaRole::Output, error))?;
        Ok(Self { definition, parameters, output })
    }

    /// The tool's flat name, as providers and the session log read it.
    pub fn name(&self) -> &str {
        self.definition.name()
    }

    /// The tool's name, with its namespace.
    pub fn tool_name(&self) -> &ToolName {
        self.definition.tool_name()
    }

    /// The definition it was registered with.
    pub fn definition(&self) -> &ToolDefinition {
        &self.definition
    }

    /// The compiled parameters schema.
    pub fn parameters_schema(&self) -> &CompiledSchema {
        &self.parameters
    }

    /// The compiled output schema.
    pub fn output_schema(&self) -> &CompiledSchema {
        &self.output
    }

    /// What the model sees of the tool.
    pub fn schema(&self) -> ToolSchema {
        ToolSchema {
            name: self.definition.name().to_owned(),
            description: self.definition.description().to_owned(),
            parameters: self.definition.parameters().clone(),
        }
    }

    /// Classifies a call of this tool (R-DEF-4): parallel only when the classifier is declared
    /// and returns `true`. A panicking classifier makes the call exclusive: a broken classifier
    /// may only make scheduling more conservative.
    pub fn execution_mode(&self, arguments: &Value) -> ExecutionMode {
        let Some(classifier) = self.definition.concurrency_classifier() else {
            return ExecutionMode::Exclusive;
        };
        match catch_unwind(AssertUnwindSafe(|| classifier(arguments))) {
            Ok(true) => ExecutionMode::Parallel,
            Ok(false) => ExecutionMode::Exclusive,
            Err(_) => {
                tracing::warn!(
                    tool = self.name(),
                    "concurrency classifier panicked; call runs exclusive"
                );
                ExecutionMode::Exclusive
            }
        }
    }

    /// The UI card of a call; the default card if the tool has none or its projection panics.
    pub fn present_call(&self, arguments: &Value) -> Card {
        self.definition
            .call_presenter()
            .and_then(|present| catch_unwind(AssertUnwindSafe(|| present(arguments))).ok())
            .unwrap_or_else(|| default_call_card(self.name(), arguments))
    }

    /// The UI card of a result; the default card if the tool has none or its projection panics.
    pub fn present_result(&self, arguments: &Value, result: &ResultRecord) -> Card {
        self.definition
            .result_presenter()
            .and_then(|present| catch_unwind(AssertUnwindSafe(|| present(arguments, result))).ok())
            .unwrap_or_else(|| default_result_card(result))
    }
}

/// The tools a session can call, by name, in registration order. Cheap to clone: clones share
/// the same tools.
#[derive(Clone, Default)]
pub struct ToolRegistry {
    shared: Arc<Shared>,
}

#[derive(Default)]
struct Shared {
    tools: RwLock<IndexMap<String, Arc<Tool>>>,
    version: AtomicU64,
    listeners: RwLock<Vec<Listener>>,
}

/// Told after every change made by `register`, `replace` or `unregister`.
type Listener = Arc<dyn Fn(&ToolRegistry) + Send + Sync>;

impl ToolRegistry {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a tool, after checking it against R-DEF-3. A taken name is an error: replacing a
    /// tool is [`replace`](Self::replace).
    pub fn register(
        &self,
        definition: impl Into<ToolDefinition>,
    ) -> Result<Arc<Tool>, RegisterError> {
        let definition = definition.into();
        reject_reserved(&definition)?;
        let tool = Arc::new(Tool::compile(definition)?);
        let mut tools = self.write();
        if tools.contains_key(tool.name()) {
            return Err(RegisterError::Duplicate { name: tool.name().to_owned() });
        }
        tools.insert(tool.name().to_owned(), Arc::clone(&tool));
        self.bump();
        drop(tools);
        self.notify();
        Ok(tool)
    }

    /// Swaps a registered tool for a new definition of the same name, keeping its place in the
    /// order, and returns the old one. Calls already started keep the tool they started with.
    pub fn replace(&self, definition: ToolDefinition) -> Result<Arc<Tool>, RegisterError> {
        reject_reserved(&definition)?;
        let tool = Arc::new(Tool::compile(definition)?);
        let mut tools = self.write();
        let Some(slot) = tools.get_mut(tool.name()) else {
            return Err(RegisterError::NotRegistered { name: tool.name().to_owned() });
        };
        let old = std::mem::replace(slot, tool);
        self.bump();
        drop(tools);
        self.notify();
        Ok(old)
    }

    /// Removes a tool and returns it, if it was registered.
    pub fn unregister(&self, name: &str) -> Option<Arc<Tool>> {
        let removed = self.write().shift_remove(name);
        if removed.is_some() {
            self.bump();
            self.notify();
        }
        removed
    }

    /// Installs (or reinstalls) code mode's `run_code`: the only way that name enters a
    /// registry. Meant for `ordo-sdk`; everything else registers with [`register`](Self::register).
    pub fn install_run_code(
        &self,
        definition: ToolDefinition,
    ) -> Result<Option<Arc<Tool>>, RegisterError> {
        if definition.name() != RUN_CODE {
            return Err(RegisterError::NotRunCode { name: definition.name().to_owned() });
        }
        let tool = Arc::new(Tool::compile(definition)?);
        let old = self.write().insert(RUN_CODE.to_owned(), tool);
        self.bump();
        Ok(old)
    }

    /// The tool registered under `name`.
    pub fn get(&self, name: &str) -> Option<Arc<Tool>> {
        self.read().get(name).cloned()
    }

    /// Every tool, in registration order.
    pub fn tools(&self) -> Vec<Arc<Tool>> {
        self.read().values().cloned().collect()
    }

    /// How many tools are registered.
    pub fn len(&self) -> usize {
        self.read().len()
    }

    /// Whether no tool is registered.
    pub fn is_empty(&self) -> bool {
        self.read().is_empty()
    }

    /// What the model sees: exactly the name, description and parameters of each tool, in
    /// registration order (R-DEF-2).
    pub fn schemas(&self) -> Vec<ToolSchema> {
        self.read().values().map(|tool| tool.schema()).collect()
    }

    /// Classifies a call as it would be scheduled now (R-DEF-4); an unknown tool is exclusive.
    pub fn execution_mode(&self, name: &str, arguments: &Value) -> ExecutionMode {
        self.get(name).map_or(ExecutionMode::Exclusive, |tool| tool.execution_mode(arguments))
    }

    /// A number that changes whenever a tool is registered, replaced or removed.
    pub fn version(&self) -> u64 {
        self.shared.version.load(Ordering::Acquire)
    }

    /// Calls `listener` after every change made by `register`, `replace` or `unregister` (not
    /// by `install_run_code`: code mode listens to refresh `run_code`'s declarations, and its
    /// own reinstall must not wake it again). Listeners run on the thread that made the change,
    /// after the registry's lock is released.
    pub fn subscribe(&self, listener: impl Fn(&ToolRegistry) + Send + Sync + 'static) {
        self.shared
            .listeners
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .push(Arc::new(listener));
    }

    fn bump(&self) {
        self.shared.version.fetch_add(1, Ordering::AcqRel);
    }

    /// Tells the listeners about a change; the caller has released the tools' lock.
    fn notify(&self) {
        let listeners =
            self.shared.listeners.read().unwrap_or_else(PoisonError::into_inner).clone();
        for listener in listeners {
            listener(self);
        }
    }

    // No code runs under these locks but map operations, so a poisoned lock still guards a
    // whole map: recover it rather than propagate someone else's panic.
    fn read(&self) -> RwLockReadGuard<'_, IndexMap<String, Arc<Tool>>> {
        self.shared.tools.read().unwrap_or_else(PoisonError::into_inner)
    }

    fn write(&self) -> RwLockWriteGuard<'_, IndexMap<String, Arc<Tool>>> {
        self.shared.tools.write().unwrap_or_else(PoisonError::into_inner)
    }
}

impl fmt::Debug for ToolRegistry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ToolRegistry")
            .field("tools", &self.read().keys().collect::<Vec<_>>())
            .field("version", &self.version())
            .finish()
    }
}

fn reject_reserved(definition: &ToolDefinition) -> Result<(), RegisterError> {
    if definition.name() == RUN_CODE { Err(RegisterError::ReservedName) } else { Ok(()) }
}
