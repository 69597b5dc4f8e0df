//! Live cards (R-CLI-1): on a terminal, each call in flight is a spinner with its
//! `present_call` card headed by the tool's name (`read_file · Read a.txt`), nested calls
//! indented under their `run_code`; when its result is committed the spinner becomes the
//! `present_result` summary and the call's duration, as `ordo replay` shows them again.
//!
//! The cards are driven by the session log's own events, through [`LiveSink`]: what the screen
//! shows is exactly what the log records, in the same order, and a call appears only once the
//! log holds it.

use std::collections::HashMap;
use std::io;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use console::style;
use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use ordo::visible;
use ordo_tools::presentation::{call_card, headline, result_card};
use ordo_tools::session::{CallEvent, Event, EventSink, ProgressOf, ResultEvent, Written};
use ordo_tools::{Arguments, ToolRegistry};
use serde_json::Value;

/// The live display of the calls in flight. Cheap to clone.
#[derive(Clone)]
pub(crate) struct Live {
    bars: MultiProgress,
    registry: ToolRegistry,
    open: Arc<Mutex<HashMap<String, OpenCall>>>,
}

/// A call whose result has not come yet.
struct OpenCall {
    bar: ProgressBar,
    arguments: Value,
    depth: usize,
    title: String,
}

impl Live {
    /// A display on stderr, with cards from the tools of `registry`.
    pub(crate) fn new(registry: ToolRegistry) -> Self {
        Self { bars: MultiProgress::new(), registry, open: Arc::default() }
    }

    /// The bars, for anything else that writes to the terminal meanwhile (the approval prompt).
    pub(crate) fn bars(&self) -> MultiProgress {
        self.bars.clone()
    }

    fn show(&self, event: &Event) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        match event {
            Event::Call(call) => {
                let depth = call
                    .parent
                    .as_ref()
                    .and_then(|parent| open.get(parent))
                    .map_or(0, |parent| parent.depth + 1);
                let started = self.started(call, depth);
                open.insert(call.call_id.clone(), started);
            }
            Event::Result(result) => {
                if let Some(call) = open.remove(&result.call_id) {
                    self.finish(call, result);
                }
            }
        }
    }

    /// A call's progress, after its title: `read_file · Read a.txt — 2/3 step 2`.
    fn progress(&self, call: &ProgressOf<'_>) {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(open) = open.get(call.call_id) else { return };
        let progress = call.progress;
        let count = match progress.total {
            Some(total) => format!("{}/{}", progress.progress, total),
            None => progress.progress.to_string(),
        };
        let message = progress.message.as_deref().map(visible::line).unwrap_or_default();
        open.bar.set_message(format!("{} — {count} {message}", open.title));
    }

    fn started(&self, call: &CallEvent, depth: usize) -> OpenCall {
        let arguments = Arguments::parse(&call.arguments).value().clone();
        let tool = self.registry.get(&call.name);
        let card = call_card(tool.as_deref(), &call.name, &arguments);
        let title = visible::line(&headline(&call.name, &card)).into_owned();
        let bar = self.bars.add(ProgressBar::new_spinner());
        bar.set_style(
            ProgressStyle::with_template("{prefix}{spinner:.cyan} {wide_msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar.set_prefix(indent(depth));
        bar.set_message(title.clone());
        bar.enable_steady_tick(Duration::from_millis(100));
        OpenCall { bar, arguments, depth, title }
    }

    fn finish(&self, call: OpenCall, result: &ResultEvent) {
        let record = result.record();
        let tool = self.registry.get(&result.name);
        let card = result_card(tool.as_deref(), &call.arguments, &record);
        let mark = if result.is_error {
            style("✗").red().to_string()
        } else {
            style("✓").green().to_string()
        };
        let took = style(format!("{} ms", result.duration_ms)).dim();
        call.bar.set_style(
            ProgressStyle::with_template("{prefix}{wide_msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        let summary = visible::line(&card.title);
        call.bar.finish_with_message(format!("{mark} {} — {summary} {took}", call.title));
    }
}

fn indent(depth: usize) -> String {
    "  ".repeat(depth)
}

/// A session log sink that also drives the live cards: each event is written first, then shown.
pub(crate) struct LiveSink<S> {
    inner: S,
    live: Option<Live>,
}

impl<S> LiveSink<S> {
    pub(crate) fn new(inner: S, live: Option<Live>) -> Self {
        Self { inner, live }
    }
}

impl<S: EventSink> EventSink for LiveSink<S> {
    fn write(&mut self, event: &Event) -> io::Result<()> {
        self.inner.write(event)?;
        if let Some(live) = &self.live {
            live.show(event);
        }
        Ok(())
    }

    /// Behind only when no card is drawn: a card shows what is recorded.
    fn write_behind(&mut self, event: &Event) -> io::Result<Written> {
        if self.live.is_some() {
            return self.write(event).map(|()| Written::Now);
        }
        self.inner.write_behind(event)
    }

    fn rewind(&mut self) -> Option<u64> {
        self.inner.rewind()
    }

    fn progress(&mut self, call: &ProgressOf<'_>) {
        self.inner.progress(call);
        if let Some(live) = &self.live {
            live.progress(call);
        }
    }
}
