//! Per-client limits: how many requests a client may have in flight, and how many tool calls
//! it may start per minute.
//!
//! A client is its `mcp-session-id` when the request carries one, else its peer IP
//! ([`ClientKey`]). Each client has its own counters, so one client over its limits never
//! slows another. The map of clients is bounded: a client with nothing in flight and a full
//! call budget carries no information and is dropped first; under a flood of distinct clients
//! the least recently seen idle one goes; when every tracked client has a request in flight,
//! a new client is refused until one finishes.
//!
//! Requests without a session cannot be told apart by client: every MCP client on one machine
//! starts with an `initialize` from the same address, and many start at once (an editor opening
//! its agents). Over the in-flight limit, such a request waits its turn, for a while
//! ([`HttpConfig::peer_patience`](super::HttpConfig::peer_patience)), before it is refused: one address gets no more requests in flight than a
//! session does, and the clients behind it all get in.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tokio::sync::Notify;
use tokio::time::Instant;

/// How many clients the limits remember at once.
pub(crate) const MAX_TRACKED_CLIENTS: usize = 4096;

/// Who a request counts against.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum ClientKey {
    /// The MCP session named by the request's `mcp-session-id` header.
    Session(Box<str>),
    /// The peer address of a request without a session (IPv4-mapped IPv6 shown as IPv4).
    Peer(IpAddr),
}

/// Why a client may not go on now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// The client already has as many requests in flight as it may.
    Busy,
    /// The client has started as many tool calls as it may this minute; one more is allowed
    /// after `retry_after`.
    TooManyCalls {
        /// How long until the call would be allowed.
        retry_after: Duration,
    },
    /// Every tracked client has a request in flight; no new client can be tracked.
    Full,
}

/// What is known about one client.
#[derive(Debug)]
struct ClientState {
    /// Requests admitted and not yet finished (response body sent or dropped).
    in_flight: usize,
    /// The call budget: tool calls that may start now (a token bucket).
    tokens: f64,
    /// When `tokens` was last brought up to date.
    refilled: Instant,
    /// When a request of this client was last admitted or finished.
    last_seen: Instant,
}

/// The per-client limits of one server.
#[derive(Debug)]
pub(crate) struct Limits {
    /// Requests one client may have in flight (0: no limit).
    max_concurrent: usize,
    /// Tool calls one client may start per minute (0: no limit).
    per_minute: u32,
    /// How many clients are remembered at once.
    max_clients: usize,
    /// The clients.
    clients: Mutex<HashMap<ClientKey, ClientState>>,
    /// Signalled whenever a request finishes.
    finished: Notify,
}

impl Limits {
    /// Limits of `max_concurrent` requests in flight and `per_minute` tool calls per client,
    /// remembering at most `max_clients` clients.
    pub(crate) fn new(max_concurrent: usize, per_minute: u32, max_clients: usize) -> Self {
        Limits {
            max_concurrent,
            per_minute,
            max_clients: max_clients.max(1),
            clients: Mutex::new(HashMap::new()),
            finished: Notify::new(),
        }
    }

    /// The call budget's size and refill rate (tokens per second).
    fn budget(&self) -> (f64, f64) {
        let capacity = f64::from(self.per_minute);
        (capacity, capacity / 60.0)
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<ClientKey, ClientState>> {
        // Nothing panics while holding the lock; if something did, the counters are still
        // usable.
        self.clients.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Admits one request of `key`: the returned permit counts it as in flight until dropped.
    pub(crate) fn admit(self: &Arc<Self>, key: ClientKey) -> Result<Permit, Refusal> {
        let now = Instant::now();
        let mut clients = self.lock();
        if !clients.contains_key(&key) && clients.len() >= self.max_clients {
            self.make_room(&mut clients, now)?;
        }
        let (capacity, _) = self.budget();
        let state = clients.entry(key.clone()).or_insert(ClientState {
            in_flight: 0,
            tokens: capacity,
            refilled: now,
            last_seen: now,
        });
        if self.max_concurrent > 0 && state.in_flight >= self.max_concurrent {
            return Err(Refusal::Busy);
        }
        state.in_flight += 1;
        state.last_seen = now;
        Ok(Permit { limits: Arc::clone(self), key })
    }

    /// Admits one request of `key`, waiting up to `patience` while the client has as many
    /// requests in flight as it may (other refusals are not waited out).
    pub(crate) async fn admit_within(
        self: &Arc<Self>,
        key: ClientKey,
        patience: Duration,
    ) -> Result<Permit, Refusal> {
        let deadline = Instant::now() + patience;
        loop {
            // Registered before trying, so a request finishing in between is not missed.
            let finished = self.finished.notified();
            tokio::pin!(finished);
            finished.as_mut().enable();
            match self.admit(key.clone()) {
                Err(Refusal::Busy) => {
                    if tokio::time::timeout_at(deadline, finished).await.is_err() {
                        return Err(Refusal::Busy);
                    }
                }
                admitted => return admitted,
            }
        }
    }

    /// Frees one place in a full map: every idle client with a full budget goes; failing
    /// that, the least recently seen idle client.
    fn make_room(
        &self,
        clients: &mut HashMap<ClientKey, ClientState>,
        now: Instant,
    ) -> Result<(), Refusal> {
        let (capacity, rate) = self.budget();
        clients.retain(|_, state| {
            let refilled = state.tokens + now.duration_since(state.refilled).as_secs_f64() * rate;
            state.in_flight > 0 || refilled < capacity
        });
        if clients.len() < self.max_clients {
            return Ok(());
        }
        let oldest = clients
            .iter()
            .filter(|(_, state)| state.in_flight == 0)
            .min_by_key(|(_, state)| state.last_seen)
            .map(|(key, _)| key.clone());
        match oldest {
            Some(key) => {
                clients.remove(&key);
                Ok(())
            }
            None => Err(Refusal::Full),
        }
    }

    /// Takes `calls` tool calls from `key`'s budget, or says how long until they would fit.
    fn take_calls(&self, key: &ClientKey, calls: u32) -> Result<(), Refusal> {
        if self.per_minute == 0 || calls == 0 {
            return Ok(());
        }
        let (capacity, rate) = self.budget();
        let now = Instant::now();
        let mut clients = self.lock();
        // A permit's client is never evicted while the permit lives.
        let Some(state) = clients.get_mut(key) else {
            return Ok(());
        };
        let elapsed = now.duration_since(state.refilled).as_secs_f64();
        state.tokens = (state.tokens + elapsed * rate).min(capacity);
        state.refilled = now;
        let wanted = f64::from(calls);
        if wanted > capacity {
            // A batch bigger than a minute's budget never fits.
            return Err(Refusal::TooManyCalls { retry_after: Duration::from_secs(60) });
        }
        if state.tokens >= wanted {
            state.tokens -= wanted;
            return Ok(());
        }
        let wait = ((wanted - state.tokens) / rate).ceil().max(1.0);
        Err(Refusal::TooManyCalls { retry_after: Duration::from_secs_f64(wait) })
    }

    /// Marks one request of `key` finished.
    fn release(&self, key: &ClientKey) {
        let now = Instant::now();
        if let Some(state) = self.lock().get_mut(key) {
            state.in_flight = state.in_flight.saturating_sub(1);
            state.last_seen = now;
        }
        self.finished.notify_waiters();
    }

    /// How many clients are remembered (for tests).
    #[cfg(test)]
    fn tracked(&self) -> usize {
        self.lock().len()
    }
}

/// One admitted request: counted as in flight for its client until dropped.
#[derive(Debug)]
pub(crate) struct Permit {
    /// The limits that admitted it.
    limits: Arc<Limits>,
    /// Whose request it is.
    key: ClientKey,
}

impl Permit {
    /// Takes `calls` tool calls from this client's per-minute budget.
    pub(crate) fn take_calls(&self, calls: u32) -> Result<(), Refusal> {
        self.limits.take_calls(&self.key, calls)
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        self.limits.release(&self.key);
    }
}

/// The longest session id remembered; rmcp's are UUIDs (36 characters).
const MAX_SESSION_ID_LEN: usize = 256;

/// The session ids the MCP service has issued (seen in its responses' `mcp-session-id`
/// header), so only those name a client: a made-up id (which a stateless MCP service would
/// not even look at) counts against the peer address instead of opening a fresh budget.
///
/// They are the server's live sessions, and bounded: a session unused for `idle` is forgotten
/// (the MCP service closes it after the same time), and past `max` sessions the least recently
/// used one is to be closed ([`IssuedSessions::issued`] names it). The server has one token, so
/// this is the cap on sessions per token: whoever holds it cannot make sessions without end,
/// and a new client always gets one.
#[derive(Debug)]
pub(crate) struct IssuedSessions {
    /// How many sessions are live at once.
    max: usize,
    /// How long a session may go unused.
    idle: Duration,
    /// Each id, with when it was last used.
    ids: Mutex<HashMap<Box<str>, Instant>>,
}

impl IssuedSessions {
    /// Keeps at most `max` sessions, each unused for at most `idle`.
    pub(crate) fn new(max: usize, idle: Duration) -> Self {
        IssuedSessions { max: max.max(1), idle, ids: Mutex::new(HashMap::new()) }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<Box<str>, Instant>> {
        self.ids.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Remembers `id`, issued by the service; returns the session to close for it when there
    /// are more than `max`: the least recently used.
    pub(crate) fn issued(&self, id: &[u8]) -> Option<Box<str>> {
        let id = session_id(id)?;
        let now = Instant::now();
        let mut ids = self.lock();
        ids.retain(|_, used| now.duration_since(*used) < self.idle);
        let mut closed = None;
        if !ids.contains_key(id) && ids.len() >= self.max {
            closed = ids.iter().min_by_key(|(_, used)| **used).map(|(id, _)| id.clone());
            if let Some(oldest) = &closed {
                ids.remove(oldest);
            }
        }
        ids.insert(id.into(), now);
        closed
    }

    /// Forgets `id` (its session was deleted).
    pub(crate) fn ended(&self, id: &[u8]) {
        if let Some(id) = session_id(id) {
            self.lock().remove(id);
        }
    }

    /// The client a request counts against: its session when `presented` names an issued
    /// one, else `peer` (IPv4-mapped IPv6 shown as IPv4).
    pub(crate) fn client(&self, presented: Option<&[u8]>, peer: IpAddr) -> ClientKey {
        let now = Instant::now();
        if let Some(id) = presented.and_then(session_id)
            && let Some(used) = self.lock().get_mut(id)
            && now.duration_since(*used) < self.idle
        {
            *used = now;
            return ClientKey::Session(id.into());
        }
        ClientKey::Peer(peer.to_canonical())
    }
}

/// `bytes` as a session id, when it could be one: visible ASCII, not too long.
fn session_id(bytes: &[u8]) -> Option<&str> {
    let plausible = !bytes.is_empty()
        && bytes.len() <= MAX_SESSION_ID_LEN
        && bytes.iter().all(u8::is_ascii_graphic);
    plausible.then(|| std::str::from_utf8(bytes).ok()).flatten()
}

/// How many `tools/call` requests a JSON-RPC body holds: one for a single request, the number
/// of them in a batch, none for anything else (including a body that is not JSON, which the
/// MCP service answers itself).
pub(crate) fn count_tool_calls(body: &[u8]) -> u32 {
    fn is_call(value: &serde_json::Value) -> bool {
        value.get("method").and_then(serde_json::Value::as_str) == Some("tools/call")
    }
    match serde_json::from_slice::<serde_json::Value>(body) {
        Ok(serde_json::Value::Array(batch)) => {
            let calls = batch.iter().filter(|message| is_call(message)).count();
            u32::try_from(calls).unwrap_or(u32::MAX)
        }
        Ok(message) => u32::from(is_call(&message)),
        Err(_) => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn peer(last: u8) -> ClientKey {
        ClientKey::Peer(IpAddr::from([10, 0, 0, last]))
    }

    fn session(id: &str) -> ClientKey {
        ClientKey::Session(id.into())
    }

    #[tokio::test]
    async fn r_mcps_6_concurrency_is_per_client_and_released_on_drop() {
        let limits = Arc::new(Limits::new(2, 0, 16));
        let a1 = limits.admit(session("a"));
        let a2 = limits.admit(session("a"));
        assert!(a1.is_ok() && a2.is_ok());
        assert_eq!(limits.admit(session("a")).err(), Some(Refusal::Busy));
        assert!(limits.admit(session("b")).is_ok());
        drop(a1);
        assert!(limits.admit(session("a")).is_ok());
    }

    #[tokio::test(start_paused = true)]
    async fn r_mcps_6_call_budget_refills_with_time() {
        let limits = Arc::new(Limits::new(0, 60, 16));
        let Ok(a) = limits.admit(session("a")) else { panic!("refused") };
        for _ in 0..60 {
            assert_eq!(a.take_calls(1), Ok(()));
        }
        assert_eq!(
            a.take_calls(1),
            Err(Refusal::TooManyCalls { retry_after: Duration::from_secs(1) })
        );
        let Ok(b) = limits.admit(session("b")) else { panic!("refused") };
        assert_eq!(b.take_calls(3), Ok(()));
        tokio::time::advance(Duration::from_secs(2)).await;
        assert_eq!(a.take_calls(2), Ok(()));
        assert!(a.take_calls(1).is_err());
        assert_eq!(
            a.take_calls(61),
            Err(Refusal::TooManyCalls { retry_after: Duration::from_secs(60) })
        );
    }

    #[tokio::test(start_paused = true)]
    async fn r_mcps_6_client_map_is_bounded() {
        let limits = Arc::new(Limits::new(1, 10, 4));
        // Four idle clients with full budgets: all evictable.
        for n in 0..4 {
            drop(limits.admit(peer(n)));
        }
        assert_eq!(limits.tracked(), 4);
        drop(limits.admit(peer(100)));
        assert_eq!(limits.tracked(), 1, "idle clients with full budgets are dropped");

        // Four clients each holding a request: a fifth is refused, not tracked.
        let held: Vec<_> = (0..4).filter_map(|n| limits.admit(peer(200 + n)).ok()).collect();
        assert_eq!(held.len(), 4);
        assert_eq!(limits.admit(peer(250)).err(), Some(Refusal::Full));
        assert_eq!(limits.tracked(), 4);
        drop(held);

        // Clients that spent calls are kept until the map is full, then the oldest goes.
        for n in 0..4 {
            if let Ok(permit) = limits.admit(peer(n)) {
                assert_eq!(permit.take_calls(1), Ok(()));
            }
            tokio::time::advance(Duration::from_millis(10)).await;
        }
        assert!(limits.admit(peer(99)).is_ok());
        assert_eq!(limits.tracked(), 4);
        let clients = limits.lock();
        assert!(!clients.contains_key(&peer(0)), "the least recently seen went");
        assert!(clients.contains_key(&peer(3)));
    }

    #[tokio::test(start_paused = true)]
    async fn r_mcps_6_only_live_issued_sessions_name_a_client() {
        let sessions = IssuedSessions::new(2, Duration::from_secs(60));
        let ip = IpAddr::from([127, 0, 0, 1]);
        let mapped: IpAddr = "::ffff:127.0.0.1".parse().unwrap_or(ip);
        assert_eq!(sessions.client(Some(b"made-up"), ip), ClientKey::Peer(ip));
        assert_eq!(sessions.client(None, mapped), ClientKey::Peer(ip));
        sessions.issued(b"s1");
        assert_eq!(sessions.client(Some(b"s1"), ip), session("s1"));
        tokio::time::advance(Duration::from_millis(1)).await;
        sessions.issued(b"s2");
        tokio::time::advance(Duration::from_millis(1)).await;
        assert_eq!(sessions.issued(b"s3"), Some("s1".into()), "past the cap: close the oldest");
        assert_eq!(sessions.client(Some(b"s1"), ip), ClientKey::Peer(ip), "oldest forgotten");
        assert_eq!(sessions.client(Some(b"s3"), ip), session("s3"));
        sessions.ended(b"s3");
        assert_eq!(sessions.client(Some(b"s3"), ip), ClientKey::Peer(ip));
        sessions.issued(&[b'x'; 300]);
        sessions.issued(b"has space");
        assert_eq!(sessions.lock().len(), 1);
        tokio::time::advance(Duration::from_secs(60)).await;
        assert_eq!(sessions.client(Some(b"s2"), ip), ClientKey::Peer(ip), "idle: closed");
    }

    #[test]
    fn r_mcps_6_tool_calls_are_counted_leniently() {
        let call = br#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}"#;
        assert_eq!(count_tool_calls(call), 1);
        assert_eq!(count_tool_calls(br#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#), 0);
        let batch = br#"[{"method":"tools/call"},{"method":"ping"},7,{"method":"tools/call"}]"#;
        assert_eq!(count_tool_calls(batch), 2);
        assert_eq!(count_tool_calls(b"not json"), 0);
        assert_eq!(count_tool_calls(b""), 0);
        assert_eq!(count_tool_calls(br#"{"method":["tools/call"]}"#), 0);
    }
}
