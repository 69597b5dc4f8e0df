//! The warm pool: engines started and built before anyone asks, so a run does not pay the
//! start (R-RT-3): worker processes, or engine threads in process (R-RT-5), where building a
//! context and starting a thread are most of a trivial run's cost. An engine serves one run and
//! is never reused.

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::Context;

use tokio::sync::{Mutex, Notify, OwnedSemaphorePermit, Semaphore};

use super::connection::{Connection, ProcessConnection, ThreadConnection};
use super::process::{Worker, WorkerCommand};
use super::zygote::ForkServer;
use crate::sandbox::ProcessLimits;

/// How the pool starts an engine.
pub(crate) enum Engines {
    /// A worker process per run, forked by the fork server if there is one (see
    /// `zygote.rs`), else spawned.
    Process { command: WorkerCommand, limits: ProcessLimits, forks: Option<Arc<ForkServer>> },
    /// An engine thread in this process per run.
    Thread,
}

/// Whether an engine is started for a run that waits for it, or as a spare.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wanted {
    /// A run is about to take it: every millisecond of its start is on the run's path.
    Now,
    /// It waits in the pool: a worker process warms its engine up first (see
    /// `Engine::new`), so the run that takes it does not pay for first touches.
    Spare,
}

impl Engines {
    /// Starts an engine and waits until it is ready for a run.
    async fn start(&self, wanted: Wanted) -> io::Result<Box<dyn Connection>> {
        Ok(match self {
            Self::Process { command, limits, forks } => {
                let warm_up = wanted == Wanted::Spare;
                let worker = Worker::start(command, limits, warm_up, forks.as_ref()).await?;
                Box::new(ProcessConnection::new(worker)?)
            }
            Self::Thread => Box::new(ThreadConnection::start().await?),
        })
    }
}

/// An engine and its place under the cap on engines alive at once, held for as long as the
/// engine lives: while warm, then through its run.
pub(crate) struct Engine {
    pub(crate) connection: Box<dyn Connection>,
    pub(crate) slot: Option<OwnedSemaphorePermit>,
}

/// Engines waiting for a run.
pub(crate) struct Pool {
    engines: Engines,
    target: usize,
    /// The cap on engines alive at once (warm and running), if any.
    slots: Option<Arc<Semaphore>>,
    ready: Mutex<Vec<Engine>>,
    /// Engines being started for the pool, counted so refills do not overshoot.
    starting: AtomicUsize,
    /// Signalled whenever a background start ends, for [`fill`](Self::fill) to wait on.
    started: Notify,
}

impl Pool {
    /// A pool that keeps `target` engines ready, with at most `max` alive at once.
    pub(crate) fn new(engines: Engines, target: usize, max: Option<usize>) -> Arc<Self> {
        Arc::new(Self {
            engines,
            target: max.map_or(target, |max| target.min(max)),
            slots: max.map(|max| Arc::new(Semaphore::new(max))),
            ready: Mutex::new(Vec::new()),
            starting: AtomicUsize::new(0),
            started: Notify::new(),
        })
    }

    /// A ready engine: a warm one if any is alive, else one started now, once the cap on
    /// engines alive leaves room for it.
    ///
    /// The replacement is started when the run is over ([`refill`](Self::refill), called by
    /// the runtime), not now: starting an engine (for a worker: fork, exec, building and warming
    /// up an engine, a few milliseconds of CPU) would compete with the run for the CPU, and on a small
    /// machine it made a trivial run slower. Only a pool this run leaves empty is refilled at
    /// once, so a burst of runs does not find it dry for longer than it must.
    pub(crate) async fn take(self: &Arc<Self>) -> io::Result<Engine> {
        let mut refilled = false;
        loop {
            // Registered before the pool is looked at, so a spare that becomes ready while this
            // run waits for room is not missed: under the cap, the room it waits for may be the
            // very one that spare holds.
            let started = self.started.notified();
            tokio::pin!(started);
            started.as_mut().enable();
            // Read before the pool is looked at: a spare that ends its start in between is
            // then found there.
            let spare_coming = self.starting.load(Ordering::Acquire) > 0;
            let (warm, left) = self.pop_warm().await;
            if left == 0 && !refilled {
                self.refill();
                refilled = true;
            }
            if let Some(engine) = warm {
                return Ok(engine);
            }
            // A spare on its way (prestarted, or a refill) is ready sooner than one started
            // now; if its start fails, the next turn starts one here and reports why.
            if spare_coming {
                started.await;
                continue;
            }
            let Some(slots) = &self.slots else {
                return Ok(Engine {
                    connection: self.engines.start(Wanted::Now).await?,
                    slot: None,
                });
            };
            tokio::select! {
                slot = Arc::clone(slots).acquire_owned() => {
                    let slot = slot.map_err(|_| io::Error::other("the engine pool is closed"))?;
                    let connection = self.engines.start(Wanted::Now).await?;
                    return Ok(Engine { connection, slot: Some(slot) });
                }
                () = &mut started => {}
            }
        }
    }

    /// A live warm engine, if there is one (dead ones are dropped), and how many are left.
    async fn pop_warm(&self) -> (Option<Engine>, usize) {
        let mut ready = self.ready.lock().await;
        while let Some(mut engine) = ready.pop() {
            if engine.connection.is_alive() {
                return (Some(engine), ready.len());
            }
        }
        (None, 0)
    }

    /// A place for one more engine under the cap, if there is room: `Some(None)` when there
    /// is no cap, `None` when it is full.
    fn free_slot(&self) -> Option<Option<OwnedSemaphorePermit>> {
        match &self.slots {
            None => Some(None),
            Some(slots) => Arc::clone(slots).try_acquire_owned().ok().map(Some),
        }
    }

    /// Brings the pool back to its target in the background.
    pub(crate) fn refill(self: &Arc<Self>) {
        let Some((runtime, spares)) = self.spares() else { return };
        for _ in spares..self.target {
            // A warm spare never takes the place a run is waiting for.
            let Some(slot) = self.free_slot() else { return };
            runtime.spawn(self.start_spare(slot, Wanted::Spare));
        }
    }

    /// Starts one engine now, whatever the pool's target, for a run about to come: a command
    /// that knows a script follows starts its worker before it builds everything else, and
    /// the two overlap. The engine's process is spawned before this returns (its start is
    /// polled once here), so the overlap does not wait for the runtime to poll a task; the
    /// rest of its start runs as a task. Does nothing when the pool has an engine ready or
    /// starting, or the cap leaves no room.
    pub(crate) fn prestart(self: &Arc<Self>) {
        let Some((runtime, 0)) = self.spares() else { return };
        let Some(slot) = self.free_slot() else { return };
        let mut start = Box::pin(self.start_spare(slot, Wanted::Now));
        let mut first_poll = Context::from_waker(futures::task::noop_waker_ref());
        if start.as_mut().poll(&mut first_poll).is_pending() {
            // Polled again by the task with its own waker: nothing the first poll waited for
            // is missed (readiness is kept by the runtime's I/O driver, not by the waker).
            runtime.spawn(start);
        }
    }

    /// The runtime to start spares on, and how many engines are ready or starting; `None`
    /// outside a tokio runtime (a run dropped while its runtime shuts down: nothing to start
    /// engines on, and nothing left to serve) or while the pool is being looked at.
    fn spares(&self) -> Option<(tokio::runtime::Handle, usize)> {
        let runtime = tokio::runtime::Handle::try_current().ok()?;
        let ready = self.ready.try_lock().ok()?.len();
        Some((runtime, ready + self.starting.load(Ordering::Acquire)))
    }

    /// Starts an engine for the pool, counted in `starting` from now until it is ready (or
    /// failed), and signals `started` then.
    fn start_spare(
        self: &Arc<Self>,
        slot: Option<OwnedSemaphorePermit>,
        wanted: Wanted,
    ) -> impl Future<Output = ()> + Send + 'static {
        self.starting.fetch_add(1, Ordering::AcqRel);
        let pool = Arc::clone(self);
        async move {
            match pool.engines.start(wanted).await {
                Ok(connection) => pool.ready.lock().await.push(Engine { connection, slot }),
                Err(error) => tracing::warn!(%error, "could not start a warm engine"),
            }
            pool.starting.fetch_sub(1, Ordering::AcqRel);
            pool.started.notify_waiters();
        }
    }

    /// Waits until the pool holds its target of ready engines (for benchmarks and tests).
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
                let Some(slot) = self.free_slot() else { return Ok(()) };
                let connection = self.engines.start(Wanted::Spare).await?;
                self.ready.lock().await.push(Engine { connection, slot });
            }
            if starting > 0 {
                started.await;
            }
        }
    }
}
