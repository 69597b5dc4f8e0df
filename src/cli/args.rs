//! The command line as clap parses it (DESIGN.md §7): subcommands, their flags, and the help text a
//! first-time user reads.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// ordo: run AI-agent tool calls through an ordered, policy-checked pipeline.
#[derive(Debug, Parser)]
#[command(
    name = "ordo",
    version,
    about,
    after_help = "Exit codes: 0 success, 1 the run ended in an error result, 2 usage or configuration \
                  error, 3 the run paused for approval (--approve later), 130 interrupted.\nLogs: set ORDO_LOG (e.g. ORDO_LOG=debug) to see them on stderr."
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
    /// Export spans and metrics over OpenTelemetry (OTLP, HTTP/protobuf) to
    /// OTEL_EXPORTER_OTLP_ENDPOINT, or to http://localhost:4318 without it. That variable alone
    /// turns export on too (OTEL_EXPORTER_OTLP_HEADERS, OTEL_SERVICE_NAME are read as usual);
    /// OTEL_SDK_DISABLED=true turns it off.
    #[arg(long, global = true)]
    pub(crate) otel: bool,
    /// With export on, also put each call's arguments (a script's source among them) and
    /// result on its span, each cut to 4 KiB; also OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true.
    /// Off by default: they may hold what a user or a tool would not send to a trace backend.
    #[arg(long, global = true)]
    pub(crate) otel_content: bool,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Run a JavaScript or TypeScript file as one `run_code` call and print what it returns.
    #[command(after_help = RUN_EXAMPLES)]
    Run(RunArgs),
    /// Run one model step: a JSON array of tool calls, results printed in model order.
    #[command(after_help = CALLS_EXAMPLES)]
    Calls(CallsArgs),
    /// Continue a run that paused for approval (`ordo run --approve later`).
    #[command(after_help = RESUME_EXAMPLES)]
    Resume(ResumeArgs),
    /// Show a session log as the cards a live session showed, repairing it if it was cut short.
    #[command(after_help = REPLAY_EXAMPLES)]
    Replay(ReplayArgs),
    /// List the sessions a store keeps (--store): client, start, calls, state.
    #[command(after_help = SESSIONS_EXAMPLES)]
    Sessions(SessionsArgs),
    /// Print the tools' schemas: exactly what a model sees of them.
    #[command(after_help = TOOLS_EXAMPLES)]
    Tools(ToolsArgs),
    /// Serve `run_code` (and with --direct every tool) to MCP clients, over stdio or HTTP.
    #[command(after_help = MCP_EXAMPLES)]
    Mcp(McpArgs),
}

const RUN_EXAMPLES: &str = "Examples:
  ordo run examples/summarize_folder.js
  ordo run examples/summarize_folder.js --allow-read examples --timeout 5000 -- examples/scripts
  ordo run examples/count_matches.js --input @examples/query.json --raw
  echo '{\"pattern\": \"Promise[.]all\"}' | ordo run examples/count_matches.js --input @- --raw
  echo 'return (await tools.list_dir({})).entries.length' | ordo run -
  ordo run examples/denied.js --allow-write target --approve yes --session run.jsonl

The script is the body of an async function: `await tools.<name>({ … })` and `return` a JSON
value. The words after `--` are its `args` (strings), the value of --input its `input`. What it
returns is printed as JSON on stdout (with --raw, a string as it is); its console output and
ordo's logs go to stderr. If the run ends in an error, stdout stays empty and stderr starts with
the error code.";

const RESUME_EXAMPLES: &str = "How a paused run goes on:
  $ ordo run deploy.js --tools tools.toml --approve later    # exit 3; stderr names the run
  $ ordo resume RUN_ID --tools tools.toml --approve prompt   # or yes, or no

The run starts again from the top in a fresh worker: every call it made before the pause is
answered from its journal (nothing runs twice), the calls that waited are asked now, and the run
goes on. Give it the flags the paused run had (roots, tools); its script, `args` and `input` are
the journal's. Paused runs are kept a day, in --state-dir.";

const CALLS_EXAMPLES: &str = "Examples:
  ordo calls examples/step.json
  ordo calls examples/step.openai.json --tools examples/tools.toml --format openai --session chat.jsonl
  echo '[{\"id\":\"1\",\"name\":\"list_dir\",\"arguments\":\"{}\"}]' | ordo calls -

Input: a JSON array of {\"id\", \"name\", \"arguments\": \"<raw JSON string>\"}, or OpenAI
`tool_calls` (or the assistant message holding them), or Anthropic `tool_use` blocks (or the
assistant message holding them). An error result does not change the exit code (0).";

const REPLAY_EXAMPLES: &str = "Examples:
  ordo replay examples/session.jsonl
  ordo replay examples/session.jsonl --format json
  ordo replay examples/session.jsonl --format anthropic   # the transcript, to continue the conversation
  ordo replay examples/session.jsonl --tools examples/tools.toml   # cards from the manifest's tools
  ordo replay --store \"$ORDO_STORE\" SESSION   # a session kept in PostgreSQL";

const SESSIONS_EXAMPLES: &str = "Examples:
  ordo sessions                                          # the store ORDO_STORE names
  ordo sessions --store \"$ORDO_STORE\" --format json
  ordo replay --store \"$ORDO_STORE\" SESSION --format jsonl   # as --session-dir writes it

The store is PostgreSQL: --store postgres://user:password@host:port/database, or ORDO_STORE.
A session is live while its writer runs; cut when its writer died with calls in flight, until
the next `ordo replay` of it writes their results (TOOL_OUTCOME_UNKNOWN, marked repaired).";

const TOOLS_EXAMPLES: &str = "Examples:
  ordo tools
  ordo tools --format anthropic
  ordo tools --format ts --tools examples/tools.toml
  ordo tools --format summary --tools examples/tools.toml   # which calls overlap, and why";

const MCP_EXAMPLES: &str = "Examples:
  ordo mcp                                   # stdio: what a client's config starts
  ordo mcp --allow-write out --session-dir logs
  ordo mcp --http 127.0.0.1:8808             # prints the token and the client config line
  claude mcp add ordo -- ordo mcp --allow-read .   # Claude Code

Every client session gets its own scheduling core and, with --session-dir, its own log.";

/// The flags shared by every command that builds the tool set.
#[derive(Debug, Args)]
pub(crate) struct ToolFlags {
    /// A TOML manifest of command-backed tools (repeatable).
    #[arg(long = "tools", value_name = "MANIFEST")]
    pub(crate) manifests: Vec<PathBuf>,
    /// MCP servers to mount, from an `mcpServers` JSON file (Claude Desktop's, Cursor's,
    /// `.mcp.json`); their tools are `tools.<server>.<tool>` in scripts (repeatable).
    #[arg(long = "mcp-config", value_name = "FILE")]
    pub(crate) mcp_configs: Vec<PathBuf>,
    /// Trust the mounted MCP server of this name (repeatable), as `"trust": "trusted"` in its
    /// config does: its read-only hints are believed, so those tools' calls run concurrently,
    /// and its calls ask no approval unless its config says otherwise.
    #[arg(long = "trust", value_name = "SERVER")]
    pub(crate) trust: Vec<String>,
}

/// The flags of the commands that run calls (`run`, `calls`).
#[derive(Debug, Args)]
pub(crate) struct SessionFlags {
    #[command(flatten)]
    pub(crate) tools: ToolFlags,
    /// Append every call and result to this JSON Lines session log (created, or continued).
    #[arg(long, value_name = "FILE.jsonl")]
    pub(crate) session: Option<PathBuf>,
    /// How calls that need approval are answered. Default: `prompt` on a terminal; without one,
    /// there is no approval channel and such calls fail with APPROVAL_UNAVAILABLE.
    #[arg(long, value_enum, value_name = "MODE")]
    pub(crate) approve: Option<ApproveMode>,
    /// Where paused runs are kept (--approve later, `ordo resume`). Default:
    /// $XDG_STATE_HOME/ordo, else ~/.local/state/ordo.
    #[arg(long, value_name = "DIR", conflicts_with = "store")]
    pub(crate) state_dir: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) store: StoreFlags,
    /// Bytes of call results a pausable run's journal keeps; a run past them cannot pause
    /// (the call that would pause it fails, saying so).
    #[arg(long, value_name = "BYTES", default_value_t = ordo_sdk::pause::DEFAULT_JOURNAL_QUOTA,
          value_parser = parse_positive)]
    pub(crate) journal_quota: usize,
    /// Keep the values scripts `store` under this name, in the state folder, for later runs
    /// given the same name to `load`. Without it, scripts cannot keep values.
    #[arg(long, value_name = "NAME")]
    pub(crate) state: Option<String>,
    #[command(flatten)]
    pub(crate) kept: KeptFlags,
    #[command(flatten)]
    pub(crate) calls: CallFlags,
}

/// A shared store instead of the state folder.
#[derive(Debug, Args)]
pub(crate) struct StoreFlags {
    /// Keep paused runs, kept values, the state key and session logs in PostgreSQL
    /// (postgres://user:password@host:port/database), shared by every process given the same.
    /// With it, --session names a session in the store instead of a file.
    #[arg(long, value_name = "URL", env = "ORDO_STORE", hide_env_values = true)]
    pub(crate) store: Option<String>,
    /// Seconds a call waits for the store before it fails, saying so.
    #[arg(long, value_name = "SECONDS",
          default_value_t = Seconds(ordo::state::postgres::DEFAULT_TIMEOUT))]
    pub(crate) store_timeout: Seconds,
}

/// How much scripts may keep with `store`, and for how long.
#[derive(Debug, Args)]
pub(crate) struct KeptFlags {
    /// Bytes of JSON one state (a --state name, an MCP session, a client's handle) keeps in all.
    #[arg(long, value_name = "BYTES", default_value_t = ordo_sdk::kept::DEFAULT_QUOTA,
          value_parser = parse_positive)]
    pub(crate) state_quota: usize,
    /// Seconds a state may go unused before it is forgotten.
    #[arg(long, value_name = "SECONDS", default_value_t = Seconds(ordo_sdk::kept::DEFAULT_IDLE))]
    pub(crate) state_idle: Seconds,
}

/// What every command that runs calls takes: the roots, the timeout, the pool.
#[derive(Debug, Args)]
pub(crate) struct CallFlags {
    /// The `run_code` timeout, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 60_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) timeout: u64,
    #[command(flatten)]
    pub(crate) roots: RootFlags,
    /// The longest the tool declarations in `run_code`'s description may be, in characters;
    /// past it they are listed by server, and scripts use `tools.$search` and `tools.$describe`.
    #[arg(long, value_name = "CHARS", default_value_t = 10_000)]
    pub(crate) declarations_budget: usize,
    /// Bytes of base64 media (images, audio, resources a tool returned) a script's result passes
    /// on as content blocks; past them, blocks are left out and the result says so.
    #[arg(long, value_name = "BYTES", default_value_t = ordo_sdk::media::DEFAULT_MEDIA_BUDGET)]
    pub(crate) media_budget: usize,
    /// How many tool bodies run at once (per client session, for `ordo mcp`).
    #[arg(long, value_name = "N", default_value_t = ordo_tools::DEFAULT_MAX_PARALLEL_TOOL_CALLS,
          value_parser = parse_positive)]
    pub(crate) max_parallel: usize,
}

/// `ordo mcp`'s flags.
#[derive(Debug, Args)]
pub(crate) struct McpArgs {
    #[command(flatten)]
    pub(crate) tools: ToolFlags,
    #[command(flatten)]
    pub(crate) calls: CallFlags,
    /// Serve streamable HTTP at http://ADDR/mcp instead of stdio (e.g. 127.0.0.1:8808).
    #[arg(long, value_name = "ADDR")]
    pub(crate) http: Option<std::net::SocketAddr>,
    /// How calls that need approval are answered when the client cannot be asked (it does not
    /// support elicitation). Default: they fail with APPROVAL_UNAVAILABLE.
    #[arg(long, value_enum, value_name = "MODE")]
    pub(crate) approve: Option<ServerApproveMode>,
    /// Write one JSON Lines session log per client session into this folder (with --store,
    /// beside the store's copy).
    #[arg(long, value_name = "DIR")]
    pub(crate) session_dir: Option<PathBuf>,
    /// Bytes of arguments and results all the session logs keep together; past them, values
    /// are logged as their size and SHA-256 alone (each log also keeps at most 256 MiB).
    #[arg(long, value_name = "BYTES", default_value_t = ordo::mcp::DEFAULT_SESSION_LOG_QUOTA)]
    pub(crate) session_log_quota: u64,
    /// Script workers running at once, across all clients.
    #[arg(long, value_name = "N", default_value_t = ordo::mcp::DEFAULT_MAX_WORKERS,
          value_parser = parse_positive)]
    pub(crate) max_workers: usize,
    /// Further workers that only a client running no script may take, so that busy clients
    /// never keep another waiting.
    #[arg(long, value_name = "N", default_value_t = ordo::mcp::DEFAULT_RESERVED_WORKERS)]
    pub(crate) reserved_workers: usize,
    /// Bytes all running scripts together may make the server hold (console output, arguments
    /// of calls in flight, answers unread); the script that takes it past ends with
    /// limit(host_memory). Each script also holds at most 256 MiB.
    #[arg(long, value_name = "BYTES", default_value_t = 1 << 30, value_parser = parse_positive)]
    pub(crate) max_host_memory: usize,
    /// The longest result text a client gets; longer is cut, and the cut announced.
    #[arg(long, value_name = "N", default_value_t = ordo::mcp::DEFAULT_MAX_OUTPUT_CHARS,
          value_parser = parse_positive)]
    pub(crate) max_output_chars: usize,
    /// List every tool to the client as a direct tool, besides `run_code`.
    #[arg(long)]
    pub(crate) direct: bool,
    /// Where runs that pause for a client's approval are kept (clients of the 2026-07-28
    /// revision are asked by `input_required`; a restarted server resumes their runs).
    /// Default: $XDG_STATE_HOME/ordo, else ~/.local/state/ordo.
    #[arg(long, value_name = "DIR", conflicts_with = "store")]
    pub(crate) state_dir: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) store: StoreFlags,
    /// Bytes of call results a pausable run's journal keeps; a run past them cannot pause
    /// (the call that would pause it fails, saying so).
    #[arg(long, value_name = "BYTES", default_value_t = ordo_sdk::pause::DEFAULT_JOURNAL_QUOTA,
          value_parser = parse_positive)]
    pub(crate) journal_quota: usize,
    /// Seal the request states handed to clients with the key in this environment variable
    /// (at least 32 bytes; give every replica the same). Default: a key made once and kept in
    /// the state folder, or in the --store every replica shares.
    #[arg(long, value_name = "VAR")]
    pub(crate) state_key_env: Option<String>,
    /// Seconds a client has to answer the approvals of a paused run.
    #[arg(long, value_name = "SECONDS",
          default_value_t = Seconds(ordo::mcp::DEFAULT_APPROVAL_EXPIRY))]
    pub(crate) approval_expiry: Seconds,
    #[command(flatten)]
    pub(crate) kept: KeptFlags,
    #[command(flatten)]
    pub(crate) http_flags: HttpFlags,
}

/// What `ordo mcp --http` takes besides the address: who may connect, and how much.
#[derive(Debug, Args)]
pub(crate) struct HttpFlags {
    /// Take the bearer token clients must send from this environment variable. Default: a
    /// random token, printed once at start with the client configuration that uses it.
    #[arg(long, value_name = "VAR", requires = "http")]
    pub(crate) token_env: Option<String>,
    /// Require no token. Only for a loopback address, where only this machine can connect.
    #[arg(long, conflicts_with = "token_env", requires = "http")]
    pub(crate) no_auth: bool,
    /// A browser origin allowed to call the server (repeatable), e.g. https://app.example.
    /// Loopback origins are always allowed.
    #[arg(long = "allow-origin", value_name = "ORIGIN", requires = "http")]
    pub(crate) allow_origin: Vec<String>,
    /// A host name clients may reach the server by (repeatable), e.g. behind a proxy.
    #[arg(long = "allow-host", value_name = "HOST", requires = "http")]
    pub(crate) allow_host: Vec<String>,
    /// The largest request body, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = ordo::mcp::http::DEFAULT_MAX_BODY_BYTES,
          value_parser = parse_positive)]
    pub(crate) max_body_bytes: usize,
    /// Requests in flight per client (per session; requests without one, such as every
    /// client's `initialize`, wait up to 10 s for room before they are refused).
    #[arg(long, value_name = "N", default_value_t = ordo::mcp::http::DEFAULT_MAX_CONCURRENT_PER_CLIENT,
          value_parser = parse_positive)]
    pub(crate) max_concurrent: usize,
    /// Tool calls per minute per client.
    #[arg(long, value_name = "N", default_value_t = ordo::mcp::http::DEFAULT_MAX_CALLS_PER_MINUTE)]
    pub(crate) max_calls_per_minute: u32,
    /// Seconds a client may take to send a request's headers.
    #[arg(long, value_name = "SECONDS",
          default_value_t = Seconds(ordo::mcp::http::DEFAULT_HEADER_TIMEOUT))]
    pub(crate) header_timeout: Seconds,
    /// Seconds a client may take to send a request's body (408 past it).
    #[arg(long, value_name = "SECONDS",
          default_value_t = Seconds(ordo::mcp::http::DEFAULT_BODY_TIMEOUT))]
    pub(crate) body_timeout: Seconds,
    /// Connections one address may hold before any of them has shown the token; one more
    /// drops that address's oldest.
    #[arg(long, value_name = "N", default_value_t = ordo::mcp::http::DEFAULT_MAX_UNPROVEN_PER_ADDRESS,
          value_parser = parse_positive)]
    pub(crate) max_unproven_per_address: usize,
    /// Live sessions (one token: all its clients'); past them, a new session closes the least
    /// recently used one.
    #[arg(long, value_name = "N", default_value_t = ordo::mcp::http::DEFAULT_MAX_SESSIONS,
          value_parser = parse_positive)]
    pub(crate) max_sessions: usize,
    /// Seconds a session may go unused before it is closed.
    #[arg(long, value_name = "SECONDS",
          default_value_t = Seconds(ordo::mcp::http::DEFAULT_SESSION_IDLE_TIMEOUT))]
    pub(crate) session_idle_timeout: Seconds,
}

/// How a server answers approvals its client cannot be asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ServerApproveMode {
    /// Allow each call, once.
    Yes,
    /// Reject each call (APPROVAL_REJECTED).
    No,
}

/// A positive number of seconds, fractions allowed (`0.5`); shown the same way, so a flag's
/// default is the library's constant, written once.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Seconds(pub(crate) Duration);

impl std::str::FromStr for Seconds {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text.parse::<f64>() {
            Ok(seconds) if seconds > 0.0 => {
                Duration::try_from_secs_f64(seconds).map(Seconds).map_err(|error| error.to_string())
            }
            Ok(_) => Err("must be more than 0".to_owned()),
            Err(error) => Err(error.to_string()),
        }
    }
}

impl std::fmt::Display for Seconds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0.as_secs_f64())
    }
}

fn parse_positive(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("must be at least 1".to_owned()),
        Ok(n) => Ok(n),
        Err(error) => Err(error.to_string()),
    }
}

/// How approvals are answered (R-CLI-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ApproveMode {
    /// Ask on the terminal: y allows, n rejects, Esc cancels.
    Prompt,
    /// Allow each call, once.
    Yes,
    /// Reject each call (APPROVAL_REJECTED).
    No,
    /// Pause the run instead of asking: exit code 3, and on stderr the calls waiting and the
    /// `ordo resume` command that continues it.
    Later,
}

#[derive(Debug, Args)]
pub(crate) struct ResumeArgs {
    /// The paused run's id, as `ordo run --approve later` printed it.
    #[arg(value_name = "RUN_ID")]
    pub(crate) run: String,
    #[command(flatten)]
    pub(crate) output: ResultFlags,
    #[command(flatten)]
    pub(crate) session: SessionFlags,
}

#[derive(Debug, Args)]
pub(crate) struct RunArgs {
    /// The script: a `.js` or `.ts` file, or `-` for stdin (JavaScript or TypeScript).
    #[arg(value_name = "SCRIPT")]
    pub(crate) script: PathBuf,
    /// The words after `--`, which the script gets as the frozen array `args`.
    #[arg(value_name = "ARGS", last = true)]
    pub(crate) args: Vec<String>,
    /// A JSON value the script gets as `input`: the JSON itself, `@FILE` to read it from a file,
    /// or `@-` from stdin (when the script is not read from stdin).
    #[arg(long, value_name = "JSON|@FILE|@-")]
    pub(crate) input: Option<String>,
    #[command(flatten)]
    pub(crate) output: ResultFlags,
    #[command(flatten)]
    pub(crate) session: SessionFlags,
}

/// How a script's result is given back.
#[derive(Debug, Args)]
pub(crate) struct ResultFlags {
    /// Print a string result as it is (no quotes, no escapes), like `jq -r`; other results are
    /// printed as JSON, as without it.
    #[arg(long)]
    pub(crate) raw: bool,
    /// Write the images, audio and resources the result holds (the MCP content blocks a tool
    /// returned) into this folder, one file each; the printed result refers to them by number.
    #[arg(long, value_name = "DIR")]
    pub(crate) save_media: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub(crate) struct CallsArgs {
    /// The model step: a JSON file, or `-` for stdin.
    #[arg(value_name = "FILE")]
    pub(crate) file: PathBuf,
    /// The shape of the results.
    #[arg(long, value_enum, default_value_t = ResultFormat::Default)]
    pub(crate) format: ResultFormat,
    #[command(flatten)]
    pub(crate) session: SessionFlags,
}

/// Shapes of a step's results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ResultFormat {
    /// `[{ id, name, is_error, content, error }]`.
    Default,
    /// OpenAI Chat Completions `tool` messages.
    Openai,
    /// Anthropic: one `user` message of `tool_result` blocks.
    Anthropic,
}

#[derive(Debug, Args)]
pub(crate) struct ReplayArgs {
    /// The session log: a JSON Lines file, or with --store (or ORDO_STORE) a session's name
    /// (a file that exists is read as the file).
    #[arg(value_name = "FILE.jsonl|SESSION")]
    pub(crate) file: PathBuf,
    #[command(flatten)]
    pub(crate) store: StoreFlags,
    /// How to print the cards.
    #[arg(long, value_enum, default_value_t = ReplayFormat::Text)]
    pub(crate) format: ReplayFormat,
    #[command(flatten)]
    pub(crate) tools: ToolFlags,
}

/// Shapes of a replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ReplayFormat {
    /// Cards as indented lines, nested calls under their `run_code`.
    Text,
    /// One JSON object per call, with its cards.
    Json,
    /// The transcript as OpenAI Chat messages (top-level calls only, as the model saw them).
    Openai,
    /// The transcript as OpenAI Responses items.
    OpenaiResponses,
    /// The transcript as Anthropic messages.
    Anthropic,
    /// The log itself, as JSON Lines: a session kept in a store exported as the file
    /// --session-dir writes.
    Jsonl,
}

#[derive(Debug, Args)]
pub(crate) struct SessionsArgs {
    #[command(flatten)]
    pub(crate) store: StoreFlags,
    /// How to print them.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub(crate) format: ListFormat,
}

/// Shapes of a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ListFormat {
    /// A table.
    Text,
    /// A JSON array.
    Json,
}

#[derive(Debug, Args)]
pub(crate) struct ToolsArgs {
    /// The shape to print the tool list in.
    #[arg(long, value_enum, default_value_t = SchemaFormat::Json)]
    pub(crate) format: SchemaFormat,
    #[command(flatten)]
    pub(crate) tools: ToolFlags,
    #[command(flatten)]
    pub(crate) roots: RootFlags,
}

/// The folders the file tools may touch.
#[derive(Debug, Args)]
pub(crate) struct RootFlags {
    /// A folder the file tools may read (repeatable). Default: the current directory.
    #[arg(long = "allow-read", value_name = "PATH")]
    pub(crate) allow_read: Vec<PathBuf>,
    /// A folder the file tools may write, and read (repeatable). Default: none, and then there
    /// is no `write_file`.
    #[arg(long = "allow-write", value_name = "PATH")]
    pub(crate) allow_write: Vec<PathBuf>,
}

/// Shapes of a tool list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum SchemaFormat {
    /// ordo's own: `[{ name, description, parameters }]`.
    Json,
    /// OpenAI Chat Completions `tools`.
    Openai,
    /// OpenAI Responses `tools`.
    OpenaiResponses,
    /// Anthropic Messages `tools`.
    Anthropic,
    /// The TypeScript declarations of the `tools` SDK that scripts call.
    Ts,
    /// One line per tool: its name, whether its calls run concurrently or alone, and why.
    Summary,
}
