//! The front door: the connections that have not yet shown the token.
//!
//! A stranger without the token must cost the server nothing it cannot drop at once. A
//! connection is *unproven* until one of its requests passes the token check (every connection
//! is, with no token configured, once it sends a request admission lets past the token); an
//! unproven connection can be dropped whenever room is needed, oldest first:
//!
//! - each address may hold at most `max_unproven_per_address` unproven connections that have
//!   been open longer than [`GRACE`]; one more drops that address's oldest of them (so a client
//!   behind an address a stranger floods still gets in: its connection is the newest, and
//!   proves itself with its first request). A connection younger than that is not dropped for
//!   its address: clients that arrive together (32 SDK clients starting at once, or every
//!   client behind one proxy) open more connections in a moment than the cap, and a busy
//!   server reads their first requests after a while; a stranger holding connections open is
//!   past the grace within seconds;
//! - the server holds at most `max_connections`; one more drops the oldest unproven connection
//!   of any address, and only when every connection is proven does the next one wait (in the
//!   listen backlog) until one closes.
//!
//! With the header read timeout (hyper's) this bounds what idle or slow strangers hold: a few
//! seconds each, and never a place a client with the token needs.

use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use std::time::Duration;

use tokio::sync::Notify;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

/// How long a new connection has to show the token before its address's cap can drop it.
pub(crate) const GRACE: Duration = Duration::from_secs(2);

/// The open connections of one server.
#[derive(Debug)]
pub(crate) struct Door {
    max_connections: usize,
    max_unproven_per_address: usize,
    state: Mutex<State>,
    /// Signalled whenever a connection closes.
    closed: Notify,
}

#[derive(Debug, Default)]
struct State {
    next: u64,
    /// Every open connection, by arrival: the first unproven one is the oldest.
    open: BTreeMap<u64, Entry>,
    /// Unproven connections per address.
    unproven: HashMap<IpAddr, usize>,
}

#[derive(Debug)]
struct Entry {
    address: IpAddr,
    /// When it came in.
    since: Instant,
    proven: bool,
    /// Cancelled to drop the connection.
    drop: CancellationToken,
}

impl State {
    /// Drops the oldest unproven connection (of `address` and open since before `before`, or of
    /// any); whether there was one.
    fn drop_oldest_unproven(&mut self, address: Option<(IpAddr, Instant)>) -> bool {
        let oldest = self.open.iter().find(|(_, entry)| {
            !entry.proven
                && address.is_none_or(|(address, before)| {
                    entry.address == address && entry.since < before
                })
        });
        let Some((&id, _)) = oldest else { return false };
        if let Some(entry) = self.open.remove(&id) {
            entry.drop.cancel();
            self.forget_unproven(entry.address);
        }
        true
    }

    fn forget_unproven(&mut self, address: IpAddr) {
        if let Some(count) = self.unproven.get_mut(&address) {
            *count -= 1;
            if *count == 0 {
                self.unproven.remove(&address);
            }
        }
    }
}

impl Door {
    /// A door for at most `max_connections` connections, of which at most
    /// `max_unproven_per_address` unproven per address.
    pub(crate) fn new(max_connections: usize, max_unproven_per_address: usize) -> Self {
        Door {
            max_connections: max_connections.max(1),
            max_unproven_per_address: max_unproven_per_address.max(1),
            state: Mutex::default(),
            closed: Notify::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // Nothing panics while holding the lock; the state stays usable if something did.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits until a connection can come in: a place is free, or an unproven connection can
    /// be dropped for it.
    pub(crate) async fn room(&self) {
        loop {
            let closed = self.closed.notified();
            {
                let state = self.lock();
                if state.open.len() < self.max_connections
                    || state.open.values().any(|entry| !entry.proven)
                {
                    return;
                }
            }
            closed.await;
        }
    }

    /// Lets a connection from `address` in, dropping unproven ones as the bounds require.
    pub(crate) fn enter(self: &Arc<Self>, address: IpAddr) -> Ticket {
        let address = address.to_canonical();
        let now = Instant::now();
        let mut state = self.lock();
        if state.unproven.get(&address).copied().unwrap_or(0) >= self.max_unproven_per_address {
            // Past the cap: the oldest connection that had its grace goes, if there is one.
            let before = now.checked_sub(GRACE).unwrap_or(now);
            state.drop_oldest_unproven(Some((address, before)));
        }
        if state.open.len() >= self.max_connections {
            state.drop_oldest_unproven(None);
        }
        let id = state.next;
        state.next += 1;
        let drop = CancellationToken::new();
        state.open.insert(id, Entry { address, since: now, proven: false, drop: drop.clone() });
        *state.unproven.entry(address).or_default() += 1;
        Ticket { door: Arc::clone(self), id, drop }
    }
}

/// One connection's place at the door; leaving it (dropping the ticket) frees the place.
#[derive(Debug)]
pub(crate) struct Ticket {
    door: Arc<Door>,
    id: u64,
    drop: CancellationToken,
}

impl Ticket {
    /// Cancelled when the door drops this connection for a newer one.
    pub(crate) fn dropped(&self) -> &CancellationToken {
        &self.drop
    }

    /// The connection showed the token: it is never dropped for room.
    pub(crate) fn prove(&self) {
        let mut state = self.door.lock();
        let address = match state.open.get_mut(&self.id) {
            Some(entry) if !entry.proven => {
                entry.proven = true;
                entry.address
            }
            _ => return,
        };
        state.forget_unproven(address);
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut state = self.door.lock();
        if let Some(entry) = state.open.remove(&self.id)
            && !entry.proven
        {
            state.forget_unproven(entry.address);
        }
        drop(state);
        self.door.closed.notify_waiters();
    }
}

#[cfg(test)]
mod tests {
    use std::net::Ipv4Addr;

    use super::*;

    fn ip(last: u8) -> IpAddr {
        IpAddr::V4(Ipv4Addr::new(127, 0, 0, last))
    }

    #[tokio::test(start_paused = true)]
    async fn r_mcps_6_an_address_over_its_unproven_cap_loses_its_oldest_connection() {
        let door = Arc::new(Door::new(100, 2));
        let (first, second) = (door.enter(ip(1)), door.enter(ip(1)));
        let other = door.enter(ip(2));
        tokio::time::advance(GRACE + Duration::from_millis(1)).await;
        let third = door.enter(ip(1));
        assert!(first.dropped().is_cancelled());
        assert!(!second.dropped().is_cancelled() && !third.dropped().is_cancelled());
        assert!(!other.dropped().is_cancelled(), "another address keeps its connection");
    }

    #[tokio::test(start_paused = true)]
    async fn r_mcps_6_clients_arriving_together_from_one_address_all_get_in() {
        // 32 SDK clients starting at once open two connections each before the server has
        // read any first request.
        let door = Arc::new(Door::new(1024, 32));
        let burst: Vec<Ticket> = (0..64).map(|_| door.enter(ip(1))).collect();
        assert!(burst.iter().all(|ticket| !ticket.dropped().is_cancelled()));
        // Those that never show the token are dropped once they had their grace.
        tokio::time::advance(GRACE + Duration::from_millis(1)).await;
        burst[1..].iter().for_each(Ticket::prove);
        let next = door.enter(ip(1));
        assert!(!burst[0].dropped().is_cancelled(), "under the cap: nothing to drop");
        let flood: Vec<Ticket> = (0..40).map(|_| door.enter(ip(1))).collect();
        tokio::time::advance(GRACE + Duration::from_millis(1)).await;
        // Past the cap, each newcomer drops the oldest that had its grace and is still silent.
        let last = door.enter(ip(1));
        assert!(burst[0].dropped().is_cancelled() && next.dropped().is_cancelled());
        assert!(burst[1..].iter().all(|ticket| !ticket.dropped().is_cancelled()), "proven stay");
        assert!(!last.dropped().is_cancelled());
        assert!(flood.iter().all(|ticket| !ticket.dropped().is_cancelled()), "younger than it");
    }

    #[tokio::test]
    async fn r_mcps_6_a_full_server_drops_the_oldest_unproven_connection_never_a_proven_one() {
        let door = Arc::new(Door::new(3, 10));
        let proven = door.enter(ip(1));
        proven.prove();
        let (stranger, later) = (door.enter(ip(2)), door.enter(ip(3)));
        let newest = door.enter(ip(4));
        assert!(stranger.dropped().is_cancelled());
        assert!(!proven.dropped().is_cancelled() && !later.dropped().is_cancelled());
        assert!(!newest.dropped().is_cancelled());
    }

    #[tokio::test]
    async fn r_mcps_6_only_a_server_full_of_proven_connections_makes_the_next_one_wait() {
        let door = Arc::new(Door::new(1, 10));
        let proven = door.enter(ip(1));
        tokio::time::timeout(std::time::Duration::from_millis(10), door.room())
            .await
            .expect("an unproven connection can be dropped for room");
        proven.prove();
        let waiting = tokio::time::timeout(std::time::Duration::from_millis(50), door.room());
        assert!(waiting.await.is_err(), "full of proven connections: wait");
        let room = tokio::spawn({
            let door = Arc::clone(&door);
            async move { door.room().await }
        });
        drop(proven);
        tokio::time::timeout(std::time::Duration::from_secs(1), room).await.unwrap().unwrap();
    }
}
