//! # ordo-tools
//!
//! The tool side of ordo: how a tool is defined and registered, how one call travels through
//! the five-stage pipeline, how the calls of one model step are scheduled and committed, and how
//! all of it is recorded in the session log. What it guarantees is DESIGN.md (requirement ids `R-…`).
//!
//! ## Where to start reading
//!
//! Follow the data:
//!
//! 1. [`definition`]: what an embedder declares about a tool: three model-visible fields, the
//!    mandatory [`ToolOutput`] (schema, pure `render`, optional `presentation_meta`), an async
//!    [`ToolBody`], and metadata the model never sees. [`typed`] derives all of it from Rust
//!    types.
//! 2. [`schema`]: which JSON Schema counts as supported, and the validators compiled from it.
//!    A tool's [`name`] is its own or a namespace's member (a mounted server's tool), flat
//!    (`server__tool`) only where a provider, the log or a client reads it.
//! 3. [`registry`]: [`ToolRegistry::register`] holds a definition to the contract and compiles
//!    its schemas once; [`ToolRegistry::schemas`] is exactly what the model sees;
//!    [`ToolRegistry::execution_mode`] classifies a call as parallel or exclusive.
//! 4. [`context`]: what a running body knows of its call: ids, its cancellation signal, and
//!    `defer_context`.
//! 5. [`result`] and [`content`]: the content blocks the model sees, the error codes, and the
//!    durable result record the session log stores.
//! 6. [`presentation`]: pure UI cards of calls and results, recomputed on replay.
//! 7. [`provider`]: tool lists in the shapes of OpenAI Chat, OpenAI Responses and Anthropic,
//!    and a model step read back from any of them.
//! 8. [`execution`]: one call's frozen identity: id, tool, lossless arguments, parent, scopes,
//!    the caller's signal.
//! 9. [`pipeline`]: the five stages a call goes through, and where plugins take part:
//!    [`hooks`] (`pre_execute`, `execute`, `post_execute`, observers), [`guard`](mod@guard) (vetoes no
//!    hook can skip), [`approval`] (the seam to a human), [`timeout`] (the timeout policy).
//! 10. [`scheduler`]: the one scheduling core of a session and its three doors: a model step
//!     (groups, commit in model order), a parent's nested calls (code mode), an independent
//!     call (an MCP request); the pool, the exclusive gate, the order of prepares,
//!     cancellation, and what happens when the scheduler itself breaks.
//! 11. [`session`]: the session log the scheduler writes: events, sinks, loading with repair,
//!     replay, transcript export.
//!
//! ## Tracing
//!
//! Each call runs in a `tool_call` span named as the OpenTelemetry GenAI conventions name an
//! `execute_tool` span, for logs and for a `tracing-opentelemetry` layer alike: `otel.name`
//! (`execute_tool {tool}`), `gen_ai.operation.name`, `gen_ai.tool.name`, `gen_ai.tool.call.id`,
//! `gen_ai.tool.type`, and on failure `error.type` (the error code) and `otel.status_code`;
//! with ordo's `parent` (the `run_code` call it is nested under). How long a call took is the
//! span's own duration. A nested call's span is a child of its parent's. Its stages are events
//! inside it (target [`pipeline::STAGE_EVENTS`]). Nothing is printed or exported unless the
//! embedder installs a `tracing` subscriber.

// The pipeline's stage tests share fixtures written against the crate's public name.
#[cfg(test)]
extern crate self as ordo_tools;

pub mod annotations;
pub mod approval;
pub mod concurrency;
pub mod content;
pub mod context;
pub mod definition;
pub mod execution;
pub mod guard;
pub mod hooks;
pub mod name;
pub mod pipeline;
pub mod presentation;
pub mod provider;
pub mod registry;
pub mod result;
pub mod scheduler;
pub mod schema;
pub mod session;
pub mod timeout;
pub mod typed;

pub use annotations::ToolAnnotations;
pub use approval::{ApprovalOutcome, ApprovalRequest, ApprovalService};
pub use concurrency::Concurrency;
pub use content::ContentBlock;
pub use context::{CallContext, CallId};
pub use definition::{ProjectionError, ToolBody, ToolDefinition, ToolOutput};
pub use execution::{Arguments, CallRequest, Execution};
pub use guard::{Guard, Scope, ScopeChain, guard};
pub use hooks::{
    DispatchResult, ExecuteHook, ExecuteNext, ObserverError, PostDecision, PostExecuteHook,
    PostExecuteNext, PreDecision, PreExecuteHook, PreExecuteNext, ResultObserver, policy,
    post_rule,
};
pub use name::ToolName;
pub use pipeline::{Pipeline, PipelineBuilder, PipelineError};
pub use presentation::Card;
pub use provider::{Provider, StepParseError, ToolSchema, parse_step};
pub use registry::{ExecutionMode, RUN_CODE, RegisterError, SchemaRole, Tool, ToolRegistry};
pub use result::{ErrorCode, ErrorInfo, ResultRecord, ToolFailure, ToolResult};
pub use scheduler::{
    CallOutcome, DEFAULT_MAX_PARALLEL_TOOL_CALLS, ModelCall, NestedCalls, Scheduler,
    SchedulerBuilder, SchedulerError, StepOutcome,
};
pub use schema::{CompiledSchema, SchemaError, Violation, Violations};
pub use timeout::TimeoutPolicy;
pub use typed::{PresentationMeta, TypedTool};

pub use tokio_util::sync::CancellationToken;
