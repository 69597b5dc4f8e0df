//! Script workers shared fairly among clients (issue 36): every `run_code` takes a place here
//! before its script gets a worker.
//!
//! Workers are few (`--max-workers`) and a script holds one until it ends, up to its
//! `--timeout`: with one shared cap, eight clients running long scripts made every other
//! client's trivial call wait for one of them to end. So:
//!
//! - a client holds at most `per_client` places at once (a session runs one `run_code` at a
//!   time anyway; this bounds the stateless requests of one address);
//! - places are given in arrival order across clients (the semaphores are fair);
//! - besides the `general` places, `reserve` places go only to a client holding none: a
//!   client that runs nothing gets a worker at once, even beside `general` busy clients, as
//!   long as fewer than `reserve` such clients arrive together.
//!
//! The runtime's own cap on workers is `general + reserve`, so a place here is a worker there.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};

/// Who a run counts against.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum WorkerClient {
    /// A client session (its number in this server).
    Session(u64),
    /// Stateless requests from one address (over HTTP), or with no address known.
    Stateless(Option<IpAddr>),
}

/// The places for runs of one server.
#[derive(Debug)]
pub(crate) struct Workers {
    general: Arc<Semaphore>,
    reserve: Arc<Semaphore>,
    per_client: usize,
    held: Mutex<HashMap<WorkerClient, usize>>,
    /// Signalled whenever a place is given back.
    released: Notify,
}

impl Workers {
    /// `general` places for anyone, `reserve` for clients holding none, at most `per_client`
    /// for one client.
    pub(crate) fn new(general: usize, reserve: usize, per_client: usize) -> Arc<Self> {
        Arc::new(Self {
            general: Arc::new(Semaphore::new(general.max(1))),
            reserve: Arc::new(Semaphore::new(reserve)),
            per_client: per_client.max(1),
            held: Mutex::default(),
            released: Notify::new(),
        })
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<WorkerClient, usize>> {
        // Nothing panics while holding the lock; the counts stay usable if something did.
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits for a place for a run of `client`, in arrival order.
    pub(crate) async fn enter(self: &Arc<Self>, client: WorkerClient) -> WorkerPlace {
        loop {
            // Registered before the count is read, so a release in between is not missed.
            let released = self.released.notified();
            tokio::pin!(released);
            released.as_mut().enable();
            let holding = self.lock().get(&client).copied().unwrap_or(0);
            if holding >= self.per_client {
                released.await;
                continue;
            }
            let permit = tokio::select! {
                biased;
                permit = Arc::clone(&self.general).acquire_owned() => permit,
                permit = Arc::clone(&self.reserve).acquire_owned(), if holding == 0 => permit,
            };
            // The semaphores are never closed; should one be, the run goes on without a place.
            let permit = permit.ok();
            let mut held = self.lock();
            let now = held.entry(client.clone()).or_default();
            // The client's other runs may have taken places while this one waited.
            if *now >= self.per_client {
                drop(held);
                drop(permit);
                continue;
            }
            *now += 1;
            return WorkerPlace { workers: Arc::clone(self), client, _permit: permit };
        }
    }
}

/// A run's place: given back when dropped.
#[derive(Debug)]
pub(crate) struct WorkerPlace {
    workers: Arc<Workers>,
    client: WorkerClient,
    _permit: Option<OwnedSemaphorePermit>,
}

impl Drop for WorkerPlace {
    fn drop(&mut self) {
        let mut held = self.workers.lock();
        if let Some(count) = held.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.client);
            }
        }
        drop(held);
        self.workers.released.notify_waiters();
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    async fn soon(workers: &Arc<Workers>, client: WorkerClient) -> Option<WorkerPlace> {
        tokio::time::timeout(Duration::from_millis(50), workers.enter(client)).await.ok()
    }

    #[tokio::test]
    async fn r_mcps_6_a_client_holding_no_place_takes_a_reserved_one_beside_busy_clients() {
        let workers = Workers::new(2, 1, 4);
        let busy = [
            soon(&workers, WorkerClient::Session(1)).await,
            soon(&workers, WorkerClient::Session(2)).await,
        ];
        assert!(busy.iter().all(Option::is_some));
        let busy_again = soon(&workers, WorkerClient::Session(1)).await;
        assert!(busy_again.is_none(), "a client holding a place gets no reserved one");
        let victim = soon(&workers, WorkerClient::Session(3)).await;
        assert!(victim.is_some(), "a client holding none takes the reserve");
        assert!(soon(&workers, WorkerClient::Session(4)).await.is_none(), "the reserve is spent");
        drop(victim);
        assert!(soon(&workers, WorkerClient::Session(4)).await.is_some(), "given back");
    }

    #[tokio::test]
    async fn r_mcps_6_a_client_holds_at_most_its_share_of_workers() {
        let workers = Workers::new(8, 0, 2);
        let address = WorkerClient::Stateless(None);
        let places = [soon(&workers, address.clone()).await, soon(&workers, address.clone()).await];
        assert!(places.iter().all(Option::is_some));
        assert!(soon(&workers, address.clone()).await.is_none(), "past its share");
        assert!(soon(&workers, WorkerClient::Session(1)).await.is_some(), "others go on");
    }
}
