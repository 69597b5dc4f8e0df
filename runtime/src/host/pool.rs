//! The warm pool: workers started and with their engine built before anyone asks, so a run does
//! not pay the spawn (R-RT-3). A worker serves one run and is never reused.

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::{Mutex, Notify};

use super::process::{Worker, WorkerCommand};
use crate::sandbox::ProcessLimits;

/// Workers waiting for a run.
pub(crate) struct Pool {
    command: WorkerCommand,
    limits: ProcessLimits,
    target: usize,
    ready: Mutex<Vec<Worker>>,
    /// Workers being started for the pool, counted so refills do not overshoot.
    starting: AtomicUsize,
    /// Signalled whenever a background start ends, for [`fill`](Self::fill) to wait on.
    started: Notify,
}

impl Pool {
    pub(crate) fn new(command: WorkerCommand, limits: ProcessLimits, target: usize) -> Arc<Self> {
        Arc::new(Self {
            command,
            limits,
            target,
            ready: Mutex::new(Vec::new()),
            starting: AtomicUsize::new(0),
            started: Notify::new(),
        })
    }

    /// A ready worker: a warm one if any is alive, else one started now.
    ///
    /// The replacement is started when the run is over ([`refill`](Self::refill), called by
    /// the runtime), not now: starting a worker (fork, exec, building and warming up an engine:
    /// a few milliseconds of CPU) would compete with the run for the CPU, and on a small
    /// machine it made a trivial run slower. Only a pool this run leaves empty is refilled at
    /// once, so a burst of runs does not find it dry for longer than it must.
    pub(crate) async fn take(self: &Arc<Self>) -> io::Result<Worker> {
        let (warm, left) = {
            let mut ready = self.ready.lock().await;
            let mut found = None;
            while let Some(mut worker) = ready.pop() {
                if worker.is_alive() {
                    found = Some(worker);
                    break;
                }
            }
            (found, ready.len())
        };
        if left == 0 {
            self.refill();
        }
        match warm {
            Some(worker) => Ok(worker),
            None => Worker::start(&self.command, &self.limits).await,
        }
    }

    /// Brings the pool back to its target in the background.
    pub(crate) fn refill(self: &Arc<Self>) {
        // Outside a tokio runtime (a run dropped while its runtime shuts down) there is nothing
        // to start workers on, and nothing left to serve.
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let Ok(ready) = self.ready.try_lock().map(|ready| ready.len()) else {
            return;
        };
        let starting = self.starting.load(Ordering::Acquire);
        for _ in (ready + starting)..self.target {
            self.starting.fetch_add(1, Ordering::AcqRel);
            let pool = Arc::clone(self);
            runtime.spawn(async move {
                let started = Worker::start(&pool.command, &pool.limits).await;
                if let Ok(worker) = started {
                    pool.ready.lock().await.push(worker);
                } else if let Err(error) = started {
                    tracing::warn!(%error, "could not start a warm worker");
                }
                pool.starting.fetch_sub(1, Ordering::AcqRel);
                pool.started.notify_waiters();
            });
        }
    }

    /// Waits until the pool holds its target of ready workers (for benchmarks and tests).
    /// Starts what is missing itself, and waits (without spinning) for the starts already
    /// under way in the background.
    pub(crate) async fn fill(self: &Arc<Self>) -> io::Result<()> {
        loop {
            // Registered before the count is read, so a start ending in between is not missed.
            let started = self.started.notified();
            tokio::pin!(started);
            started.as_mut().enable();
            let starting = self.starting.load(Ordering::Acquire);
            let missing = self.target.saturating_sub(self.ready.lock().await.len() + starting);
            if missing == 0 && starting == 0 {
                return Ok(());
            }
            for _ in 0..missing {
                let worker = Worker::start(&self.command, &self.limits).await?;
                self.ready.lock().await.push(worker);
            }
            if starting > 0 {
                started.await;
            }
        }
    }
}
