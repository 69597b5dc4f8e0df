//! Approvals for clients of the 2026-07-28 revision (DESIGN.md R-RUN-6): no session to send an
//! elicitation on, so a run that reaches its approvals pauses, and `tools/call` answers
//! `input_required`: one form elicitation per call waiting (what a legacy elicitation shows),
//! and a `requestState` that only this server (or one sharing its store) can open. The client
//! asks its person and calls again with the answers and the state; the run resumes from its
//! journal and the answered calls go on.
//!
//! The state is sealed with rmcp's HMAC codec under the store's server key (or
//! `--state-key-env`), carries the run's id, the pause it answers and the calls waiting,
//! expires (one hour by default), and is bound to the client: over HTTP the SHA-256 of its
//! bearer token, over stdio the client's name. A state that does not open (forged, altered,
//! expired, another client's), or that names a pause already answered, is refused with a
//! JSON-RPC error before anything runs; a run resumes once (the store's `take`).

use std::collections::{BTreeMap, HashMap};
use std::time::Duration;

use ordo_runtime::ClockReadings;
use ordo_sdk::ScriptInputs;
use ordo_sdk::pause::{
    DIRECT_CALL, PausedRun, Pausing, PendingCall, arguments_hash, fresh_seed, new_run_id,
};
use ordo_tools::{ApprovalOutcome, ErrorCode, RUN_CODE, ToolResult};
use rmcp::ErrorData as McpError;
use rmcp::model::{
    CallToolRequestParams, ElicitRequest, ElicitRequestParams, ElicitResult, ElicitationAction,
    InputRequest, InputRequests, InputRequiredResult, InputResponses, RequestStateCodec,
    SealOptions,
};
use rmcp::service::{RequestContext, RoleServer};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::approval;

/// How long a client has to answer, by default.
pub const DEFAULT_APPROVAL_EXPIRY: Duration = Duration::from_secs(60 * 60);

/// What a `requestState` carries.
#[derive(Debug, Serialize, Deserialize)]
struct State {
    /// The paused run.
    run: String,
    /// Which of its pauses this answers.
    pause: u64,
    /// The calls waiting, by number.
    calls: Vec<u64>,
}

/// Pausing runs for clients asked by `input_required`, and resuming them.
pub(crate) struct Resumption {
    pausing: Pausing,
    codec: RequestStateCodec,
    expiry: Duration,
}

impl Resumption {
    /// Seals with `key` (at least 32 bytes).
    pub(crate) fn new(pausing: Pausing, key: Vec<u8>, expiry: Duration) -> Result<Self, String> {
        let codec = RequestStateCodec::try_new(key)
            .map_err(|error| format!("the key that seals request states: {error}"))?;
        Ok(Self { pausing, codec, expiry })
    }

    /// What runs pause into and resume from.
    pub(crate) fn pausing(&self) -> &Pausing {
        &self.pausing
    }

    /// Readies call `id` of tool `name` (with `arguments`): a retry's state is opened and its
    /// answers given to the call, and a first call of a client asked by `input_required` is
    /// allowed to pause. Returns the client's binding when the call takes part, or the error
    /// that refuses the retry (nothing runs).
    pub(crate) fn prepare(
        &self,
        (id, name, arguments): (&str, &str, &Value),
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Result<Option<Vec<u8>>, McpError> {
        let binding = Self::binding(context);
        let direct = name != RUN_CODE;
        match &request.request_state {
            Some(state) => {
                let responses = request.input_responses.as_ref();
                // A direct call's retry must be the call that waited.
                let same_call = |run: &PausedRun| {
                    let waited = run.pending.first();
                    let same = waited.is_some_and(|call| {
                        call.tool == name && call.arguments == arguments_hash(arguments)
                    });
                    match (direct, run.code.is_empty(), same) {
                        (false, false, _) | (true, true, true) => Ok(()),
                        _ => Err("the retry is not the call that waited (another tool, other \
                                  arguments, or a script for a direct call)"
                            .to_owned()),
                    }
                };
                let (run, answers) = self.open(state, responses, &binding, same_call)?;
                if direct {
                    self.pausing.allow_direct(id, answers.get(&DIRECT_CALL).copied());
                } else {
                    self.pausing.allow(id, Some(run), answers);
                }
            }
            None if Self::asks_by_input_required(context) => {
                if direct {
                    self.pausing.allow_direct(id, None);
                } else {
                    self.pausing.allow(id, None, HashMap::new());
                }
            }
            None => return Ok(None),
        }
        Ok(Some(binding))
    }

    /// After call `id` of tool `name`: the `input_required` answer when it paused (a script
    /// at its approvals, a direct call at its own), kept in the store first.
    pub(crate) fn paused(
        &self,
        (id, name, arguments): (&str, &str, &Value),
        result: &ToolResult,
        binding: &[u8],
    ) -> Result<Option<InputRequiredResult>, McpError> {
        self.pausing.forget(id);
        let code = result.error().map(|error| error.code);
        let run = if name == RUN_CODE {
            match code {
                Some(ErrorCode::Paused) => self.pausing.take_paused(id),
                _ => None,
            }
        } else if code == Some(ErrorCode::ApprovalDeferred) {
            let run = waiting_call(name, arguments);
            self.pausing.store.save(&run).map_err(|error| {
                McpError::internal_error(format!("cannot keep the call that waits: {error}"), None)
            })?;
            Some(run)
        } else {
            None
        };
        run.map(|run| self.input_required(&run, binding)).transpose()
    }

    /// Whether the request's client speaks 2026-07-28 or later and declared form elicitation:
    /// then it is asked by `input_required`.
    fn asks_by_input_required(context: &RequestContext<RoleServer>) -> bool {
        let info = context.peer.peer_info();
        let recent = super::server::sessionless(context);
        let capabilities = context
            .meta
            .client_capabilities()
            .or_else(|| info.as_ref().map(|info| info.capabilities.clone()));
        let elicits = capabilities
            .and_then(|capabilities| capabilities.elicitation)
            .is_some_and(|elicitation| elicitation.form.is_some() || elicitation.url.is_none());
        recent && elicits
    }

    /// Who the client is, for binding a state to it: over HTTP its bearer token's SHA-256,
    /// else its name.
    fn binding(context: &RequestContext<RoleServer>) -> Vec<u8> {
        let token = context
            .extensions
            .get::<hyper::http::request::Parts>()
            .and_then(|parts| parts.headers.get(hyper::header::AUTHORIZATION))
            .map(|value| value.as_bytes().to_vec());
        if let Some(token) = token {
            let mut bound = b"bearer:".to_vec();
            bound.extend_from_slice(&Sha256::digest(&token));
            return bound;
        }
        let name = context
            .meta
            .client_info()
            .map(|info| info.name)
            .or_else(|| context.peer.peer_info().map(|info| info.client_info.name.clone()))
            .unwrap_or_default();
        format!("client:{name}").into_bytes()
    }

    /// The `input_required` answer for a paused run: an elicitation per call waiting.
    fn input_required(
        &self,
        run: &PausedRun,
        binding: &[u8],
    ) -> Result<InputRequiredResult, McpError> {
        let mut requests = InputRequests::new();
        for call in &run.pending {
            let message = approval::message(&call.tool, "", &call.value);
            let params = ElicitRequestParams::FormElicitationParams {
                meta: None,
                message,
                requested_schema: approval::empty_form(),
            };
            requests.insert(key(call.call), InputRequest::Elicitation(ElicitRequest::new(params)));
        }
        let state = State {
            run: run.id.clone(),
            pause: run.pause,
            calls: run.pending.iter().map(|call| call.call).collect(),
        };
        let options = SealOptions::new().associated_data(binding).ttl(self.expiry);
        let sealed = self.codec.seal_json_with(&state, &options).map_err(|error| {
            McpError::internal_error(format!("cannot seal the request state: {error}"), None)
        })?;
        Ok(InputRequiredResult::new(Some(requests), Some(sealed)))
    }

    /// The run a retry resumes and the answers its client gave, by call number; or the error
    /// that refuses it, before anything runs.
    fn open(
        &self,
        sealed: &str,
        responses: Option<&InputResponses>,
        binding: &[u8],
        check: impl Fn(&PausedRun) -> Result<(), String>,
    ) -> Result<(PausedRun, HashMap<u64, ApprovalOutcome>), McpError> {
        let refused = |why: String| {
            McpError::invalid_params(format!("requestState refused: {why}; nothing ran"), None)
        };
        let state: State = self.codec.open_json_with(sealed, binding).map_err(|error| {
            refused(format!("{error} (forged, altered, expired or another client's)"))
        })?;
        let stored =
            self.pausing.store.load(&state.run).map_err(|error| refused(error.to_string()))?;
        let Some(run) = stored.filter(|run| run.pause == state.pause) else {
            return Err(refused(format!(
                "run {} has no pause waiting for these answers: they were given already, or the run expired",
                state.run
            )));
        };
        check(&run).map_err(refused)?;
        // Of two retries with one state, one takes the run; the other finds nothing.
        let Some(run) =
            self.pausing.store.take(&run.id).map_err(|error| refused(error.to_string()))?
        else {
            return Err(refused(format!("run {} was resumed by another request", state.run)));
        };
        let empty = BTreeMap::new();
        let responses = responses.unwrap_or(&empty);
        let answers = state.calls.iter().map(|call| (*call, answer(responses.get(&key(*call)))));
        Ok((run, answers.collect()))
    }
}

/// A tool called directly that waits for approval, kept as a run of that one call (no script:
/// its retry makes the call again, answered).
fn waiting_call(name: &str, arguments: &Value) -> PausedRun {
    let paused_at = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    PausedRun {
        id: new_run_id(),
        code: String::new(),
        inputs: ScriptInputs::default(),
        seed: 0,
        clock: ClockReadings::default(),
        logs: 0,
        settled: Vec::new(),
        pending: vec![PendingCall {
            call: DIRECT_CALL,
            tool: name.to_owned(),
            arguments: arguments_hash(arguments),
            value: arguments.clone(),
        }],
        paused_at,
        pause: fresh_seed(),
    }
}

/// The key of call `number`'s elicitation among a result's input requests.
fn key(number: u64) -> String {
    format!("approve-call-{number}")
}

/// What an elicitation's answer means: only `accept` runs the call; no answer, or one that is
/// not an elicitation result, is a cancellation (no one said yes, and no one said no).
fn answer(response: Option<&serde_json::Value>) -> ApprovalOutcome {
    let result =
        response.and_then(|value| serde_json::from_value::<ElicitResult>(value.clone()).ok());
    match result.map(|result| result.action) {
        Some(ElicitationAction::Accept) => ApprovalOutcome::AllowedOnce,
        Some(ElicitationAction::Decline) => ApprovalOutcome::Rejected,
        _ => ApprovalOutcome::Cancelled,
    }
}
