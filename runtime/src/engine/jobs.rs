//! The job queue: promise jobs run to completion; nothing here waits.
//!
//! Boa's built-in executor busy-waits on native futures (measured: a script waiting 100 ms on a
//! host call burned 100 ms of CPU). ordo's host functions are not futures: a call sends a
//! request and leaves a pending promise, which the run loop settles when the reply arrives. So this queue only holds promise and generic jobs, and
//! `run_jobs` returns as soon as they are drained; the run loop then blocks on the host's next
//! reply, burning no CPU while it waits.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use boa_engine::job::{GenericJob, Job, JobExecutor, NativeAsyncJob, PromiseJob};
use boa_engine::{Context, JsResult};
use futures::FutureExt;

/// Promise and generic jobs, first in, first out.
#[derive(Default)]
pub(crate) struct JobQueue {
    promise_jobs: RefCell<VecDeque<PromiseJob>>,
    generic_jobs: RefCell<VecDeque<GenericJob>>,
    async_jobs: RefCell<VecDeque<NativeAsyncJob>>,
}

impl JobExecutor for JobQueue {
    fn enqueue_job(self: Rc<Self>, job: Job, _context: &mut Context) {
        match job {
            Job::PromiseJob(job) => self.promise_jobs.borrow_mut().push_back(job),
            Job::GenericJob(job) => self.generic_jobs.borrow_mut().push_back(job),
            // The engine's own native futures (a refused dynamic `import()`) settle at once.
            Job::AsyncJob(job) => self.async_jobs.borrow_mut().push_back(job),
            // No timers exist in a script's world, and finalization callbacks are not promised
            // to run: these jobs are dropped.
            _ => {}
        }
    }

    /// Runs jobs until none is left. An error (a limit hit inside a job) stops the run.
    fn run_jobs(self: Rc<Self>, context: &mut Context) -> JsResult<()> {
        loop {
            let next = self.promise_jobs.borrow_mut().pop_front();
            if let Some(job) = next {
                job.call(context)?;
                continue;
            }
            let next = self.generic_jobs.borrow_mut().pop_front();
            if let Some(job) = next {
                job.call(context)?;
                continue;
            }
            let next = self.async_jobs.borrow_mut().pop_front();
            let Some(job) = next else {
                return Ok(());
            };
            // A future that is not ready at once waits on nothing this world can provide:
            // nothing here ever wakes it, so it is dropped rather than waited for.
            let context = RefCell::new(&mut *context);
            if let Some(result) = job.call(&context).now_or_never() {
                result?;
            }
        }
    }
}
