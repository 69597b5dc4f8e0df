//! From flags to a working session: the tool set (built-in file tools, manifest tools,
//! `run_code`), the pipeline with its root guard and approval channel, the session log and the
//! scheduler.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use ordo::files::Roots;
use ordo::mcp::{Listed, McpServer, McpServerConfig, SessionDir, SessionLogs};
use ordo::toolset::{AssemblyError, ToolSet};
use ordo_runtime::{Runtime, RuntimeConfig, WorkerCommand};
use ordo_sdk::kept::{Keeping, KeptLimits, Scoping, ValueStore};
use ordo_sdk::pause::{MemoryStore, Pausing};
use ordo_sdk::{CodeModeConfig, ScriptInputs};
use ordo_tools::session::{DiscardSink, Durability, JsonlSink, LoadedLog, SessionLog};
use ordo_tools::{ApprovalOutcome, Pipeline, Scheduler};

use super::approve;
use super::args::{
    ApproveMode, CallFlags, KeptFlags, McpArgs, RootFlags, ServerApproveMode, SessionFlags,
    ToolFlags,
};
use super::exit::CliError;
use super::live::{Live, LiveSink};
use super::store::{Store, StoreLogs};

/// Registers the built-in file tools (confined to `roots`), the manifests' tools, and the tools
/// of the MCP servers the configs name (started now).
pub(crate) async fn tool_set(flags: &ToolFlags, roots: Roots) -> Result<ToolSet, CliError> {
    let mut builder = ToolSet::builder().files(roots);
    for path in &flags.manifests {
        builder = builder.manifest(path);
    }
    for path in &flags.mcp_configs {
        builder = builder.mcp_config(path);
    }
    for name in &flags.trust {
        builder = builder.trust(name);
    }
    builder.build().await.map_err(|error| match error {
        AssemblyError::UnknownServer { ref name, .. } => {
            CliError::usage(format!("--trust {name}: {error}"))
        }
        other => CliError::usage(other.to_string()),
    })
}

/// The default roots: read the current directory, write nothing.
/// Roots under which every file tool is there, `write_file` too: for reading a session log's
/// cards, where no call is made.
pub(crate) fn presentation_roots() -> Result<Roots, CliError> {
    roots(&RootFlags { allow_read: vec![], allow_write: vec![PathBuf::from(".")] })
}

/// The roots of R-CLI-7, relative paths taken from the current directory.
pub(crate) fn roots(flags: &RootFlags) -> Result<Roots, CliError> {
    let (read, write) = (&flags.allow_read, &flags.allow_write);
    let base = std::env::current_dir()
        .map_err(|error| CliError::usage(format!("cannot read the current directory: {error}")))?;
    Roots::from_flags(base, read, write).map_err(|error| CliError::usage(error.to_string()))
}

/// Everything a command that runs calls needs.
pub(crate) struct Session {
    pub(crate) scheduler: Scheduler,
    /// The step number the next step gets (1 for a new log).
    pub(crate) next_step: u64,
    /// Where runs pause, when they may (`--approve later`, `ordo resume`).
    pub(crate) pausing: Option<Pausing>,
}

/// The state store of `--store`, else `--state-dir` (or the default folder), for runs that
/// pause: every run of the command line may pause (it asked to, with --approve later or resume).
pub(crate) fn pausing(flags: &SessionFlags) -> Result<Pausing, CliError> {
    let store = Store::open(&flags.store, flags.state_dir.as_deref())?;
    let mut pausing = paused_runs(&store, flags.journal_quota);
    pausing.every_run = true;
    Ok(pausing)
}

/// Paused runs kept in `store`, each journal within `journal_quota` bytes.
fn paused_runs(store: &Store, journal_quota: usize) -> Pausing {
    let mut pausing = Pausing::new(store.runs());
    pausing.journal_quota = journal_quota;
    pausing
}

/// Builds the session the flags describe; its scripts get `inputs` (R-CLI-1a).
/// `script_coming`: the session's first step runs a script, whose worker then starts first,
/// beside everything else built here.
/// Runs may pause when `pausing` is given.
pub(crate) async fn session(
    flags: &SessionFlags,
    inputs: ScriptInputs,
    script_coming: bool,
    pausing: Option<Pausing>,
) -> Result<Session, CliError> {
    let runtime = Runtime::new(runtime_config()?);
    if script_coming {
        runtime.prestart();
    }
    let roots = roots(&flags.calls.roots)?;
    let tools = tool_set(&flags.tools, roots).await?;
    let live = std::io::stderr().is_terminal().then(|| Live::new(tools.registry.clone()));

    let (log, next_step) = open_log(flags, live.clone())?;
    let pipeline = pipeline(&tools, flags.approve, live.as_ref());
    let keeping = cli_keeping(flags)?;
    let code_mode =
        CodeMode { inputs, render_chars: None, pausing: pausing.clone(), keeping: Some(keeping) };
    install_code_mode(&tools, runtime, &flags.calls, code_mode)?;
    let scheduler = Scheduler::builder(pipeline)
        .log(log)
        .max_parallel_tool_calls(flags.calls.max_parallel)
        .first_step(next_step)
        .build();
    Ok(Session { scheduler, next_step, pausing })
}

/// The server `ordo mcp` runs: the tools, `run_code` with workers kept warm (a server lives
/// long) but never more than `--max-workers`, and the pipeline every client session shares.
pub(crate) async fn mcp_server(args: &McpArgs) -> Result<McpServer, CliError> {
    let roots = roots(&args.calls.roots)?;
    let tools = tool_set(&args.tools, roots).await?;
    if let Some(dir) = &args.session_dir {
        std::fs::create_dir_all(dir).map_err(|error| {
            CliError::usage(format!("cannot create the session folder {}: {error}", dir.display()))
        })?;
    }
    // With --store, a database that cannot be reached is a refusal to start, not a server
    // that loses what it was asked to keep.
    let state = match Store::open(&args.store, args.state_dir.as_deref()) {
        Ok(store) => Some(store),
        Err(error)
            if args.store.store.is_none()
                && args.state_dir.is_none()
                && args.state_key_env.is_none() =>
        {
            tracing::warn!(
                error = %error.message,
                "runs cannot pause for approvals, and kept values last only as long as the server"
            );
            None
        }
        Err(error) => return Err(error),
    };
    let mut runtime = runtime_config()?;
    // A place among the server's runs is a worker (`mcp/workers.rs`).
    runtime.max_workers = Some(args.max_workers + args.reserved_workers);
    runtime.limits.shared_host_memory_bytes = Some(args.max_host_memory);
    runtime.warm_workers = args.max_workers.min(2);
    // Calls come back to back: a worker forked from a warm fork server costs a fraction of
    // the CPU a spawned one does, and the CPU is what the next call needs.
    runtime.fork_workers = true;
    // run_code's text is cut to the server's own cap, and its description states that cap: the
    // budget a model is told is the one its client gets.
    let budget = Some(args.max_output_chars);
    // Runs pause for the approvals of clients asked by `input_required`, kept in the state
    // store (opened above, once); a server without one asks them as before (they cannot be:
    // unavailable). Kept values go there too; without it, they last as long as the server.
    let pausing = state.as_ref().map(|store| paused_runs(store, args.journal_quota));
    let keeping = server_keeping(args, state.as_ref());
    let session_logs: Option<Arc<dyn SessionLogs>> = match (&state, &args.session_dir) {
        (Some(Store::Postgres(store)), dir) => {
            Some(Arc::new(StoreLogs { store: store.clone(), copy: dir.clone().map(SessionDir) }))
        }
        (_, Some(dir)) => Some(Arc::new(SessionDir(dir.clone()))),
        (_, None) => None,
    };
    let code_mode = CodeMode {
        inputs: ScriptInputs::default(),
        render_chars: budget,
        pausing: pausing.clone(),
        keeping: Some(keeping.clone()),
    };
    install_code_mode(&tools, Runtime::new(runtime), &args.calls, code_mode)?;
    // Approvals go to each client session's own channel (elicitation, else --approve).
    let pipeline = pipeline(&tools, None, None);
    let approve = args.approve.map(|mode| match mode {
        ServerApproveMode::Yes => ApprovalOutcome::AllowedOnce,
        ServerApproveMode::No => ApprovalOutcome::Rejected,
    });
    let config = McpServerConfig {
        listed: if args.direct { Listed::Direct } else { Listed::RunCodeOnly },
        max_parallel: args.calls.max_parallel,
        max_output_chars: args.max_output_chars,
        approve,
        session_logs,
        session_log_quota: args.session_log_quota,
        max_workers: args.max_workers,
        reserved_workers: args.reserved_workers,
    };
    let Some(pausing) = pausing else {
        return Ok(McpServer::new(pipeline, config).keeping(keeping));
    };
    let key = state_key(&pausing, args.state_key_env.as_deref())?;
    let server = McpServer::pausing(pipeline, config, pausing, key, args.approval_expiry.0)
        .map_err(CliError::usage)?;
    Ok(server.keeping(keeping))
}

/// Where `ordo run` and `ordo calls` keep values: under `--state NAME` in the state folder;
/// without it, nowhere (`store` says how to keep).
fn cli_keeping(flags: &SessionFlags) -> Result<Keeping, CliError> {
    let Some(name) = &flags.state else {
        let why = "run with --state NAME to keep values between runs".to_owned();
        return Ok(Keeping::new(Arc::new(MemoryStore::default()), Scoping::Off(why)));
    };
    let store = Store::open(&flags.store, flags.state_dir.as_deref())?;
    let mut keeping = Keeping::new(store.values(), Scoping::Named(name.clone()));
    keeping.limits = kept_limits(&flags.kept);
    Ok(keeping)
}

/// Where `ordo mcp` keeps its clients' values: in the state folder, else (when it cannot be
/// opened and none was asked for) in memory, for the server's life.
fn server_keeping(args: &McpArgs, state: Option<&Store>) -> Keeping {
    let store: Arc<dyn ValueStore> = match state {
        Some(store) => store.values(),
        None => Arc::new(MemoryStore::default()),
    };
    let mut keeping = Keeping::new(store, Scoping::Handles);
    keeping.limits = kept_limits(&args.kept);
    keeping
}

fn kept_limits(flags: &KeptFlags) -> KeptLimits {
    KeptLimits { quota: flags.state_quota, idle: flags.state_idle.0 }
}

/// The key that seals request states: `--state-key-env`'s, else the store's own.
fn state_key(pausing: &Pausing, env: Option<&str>) -> Result<Vec<u8>, CliError> {
    match env {
        Some(name) => match std::env::var(name) {
            Ok(key) if key.len() >= 32 => Ok(key.into_bytes()),
            Ok(key) => Err(CliError::usage(format!(
                "--state-key-env {name}: the key is {} bytes; it must be at least 32",
                key.len()
            ))),
            Err(_) => Err(CliError::usage(format!("--state-key-env {name}: {name} is not set"))),
        },
        None => pausing
            .store
            .server_key()
            .map_err(|error| CliError::usage(format!("cannot read the state key: {error}"))),
    }
}

/// What a command's `run_code` gets beyond the flags.
struct CodeMode {
    /// The scripts' `args` and `input`.
    inputs: ScriptInputs,
    /// Where the caller caps what its client gets, that cap as the result budget.
    render_chars: Option<usize>,
    /// Where runs pause, when they may.
    pausing: Option<Pausing>,
    /// Where scripts keep values, if they may.
    keeping: Option<Keeping>,
}

/// Installs `run_code` into the tool set's registry, with the flags' timeout.
fn install_code_mode(
    tools: &ToolSet,
    runtime: Runtime,
    flags: &CallFlags,
    CodeMode { inputs, render_chars, pausing, keeping }: CodeMode,
) -> Result<(), CliError> {
    let mut code_mode = CodeModeConfig::new(runtime);
    if let Some(render_chars) = render_chars {
        code_mode.render_chars = render_chars;
    }
    code_mode.inputs = inputs;
    code_mode.pausing = pausing;
    code_mode.keeping = keeping;
    code_mode.timeout = Duration::from_millis(flags.timeout);
    code_mode.declarations_budget = flags.declarations_budget;
    code_mode.media_budget = flags.media_budget;
    ordo_sdk::install(&tools.registry, code_mode)
        .map_err(|error| CliError::usage(format!("cannot install run_code: {error}")))
}

/// The tools a session would have, `run_code` included, for commands that only look at tools
/// (`tools`, `replay`). No script runs: no worker is started (mounted servers are, to list
/// their tools).
pub(crate) async fn registry_only(flags: &ToolFlags, roots: Roots) -> Result<ToolSet, CliError> {
    let tools = tool_set(flags, roots).await?;
    let config = CodeModeConfig::new(Runtime::new(runtime_config()?));
    ordo_sdk::install(&tools.registry, config)
        .map_err(|error| CliError::usage(format!("cannot install run_code: {error}")))?;
    Ok(tools)
}

fn runtime_config() -> Result<RuntimeConfig, CliError> {
    let worker = WorkerCommand::current_exe()
        .map_err(|error| CliError::usage(format!("cannot find the ordo executable: {error}")))?;
    let mut config = RuntimeConfig::new(worker);
    // One script per step at most (run_code is exclusive): a worker started on demand costs a
    // few milliseconds, and warm spares would compete with the run for the CPU.
    config.warm_workers = 0;
    Ok(config)
}

fn pipeline(tools: &ToolSet, approve: Option<ApproveMode>, live: Option<&Live>) -> Pipeline {
    // Declared timeouts (run_code's, manifest tools' `timeout_ms`) end calls as TIMEOUT.
    let mut builder = tools.pipeline();
    if let Some(service) = approve::service(approve, live.map(Live::bars)) {
        builder = builder.approval(move |request| service.ask(request));
    }
    if let Some(capture) = super::telemetry::content_capture() {
        builder = builder.observe(capture);
    }
    builder.build()
}

/// The session log: the `--session` file (created, or continued after its last step), or with
/// `--store` the session of that name in the store; or nowhere. On a terminal, every event also
/// drives the live cards.
fn open_log(flags: &SessionFlags, live: Option<Live>) -> Result<(SessionLog, u64), CliError> {
    let Some(path) = &flags.session else {
        return Ok((SessionLog::new(LiveSink::new(DiscardSink, live)), 1));
    };
    if flags.store.store.is_some() {
        let name = path.to_string_lossy().into_owned();
        let continued = super::store::connect(&flags.store)?
            .open_session(&name, Some("ordo"))
            .map_err(|error| CliError::usage(format!("--session: {error}")))?;
        let next_step = next_step(&continued.log);
        let log = SessionLog::resume(LiveSink::new(continued.sink, live), continued.next_seq);
        return Ok((log, next_step));
    }
    let resumed = JsonlSink::open(path, Durability::Flush)
        .map_err(|error| CliError::usage(format!("cannot open the session log: {error}")))?;
    let next_step = next_step(&resumed.log);
    let next_seq = resumed.next_seq;
    Ok((SessionLog::resume(LiveSink::new(resumed.sink, live), next_seq), next_step))
}

/// The step after the last one the log recorded.
fn next_step(log: &LoadedLog) -> u64 {
    log.calls().filter_map(|call| call.call.step).max().map_or(1, |step| step + 1)
}
