//! A worker taken over by its script (issue 17): a test binary that, started as a worker, speaks
//! the protocol as a [`Plan`] says (lengths of 4 GiB, invalid JSON, frames cut short, silence,
//! floods of host calls, duplicate ids, answers to calls never made) instead of running code.
//!
//! The host side passes the plan's file as the argument after the worker flag
//! (`plan.write_to(path)`, then `WorkerCommand::current_exe()?.with_args([path])`); the test's `main` (the test is
//! `harness = false`) calls [`run_if_lying_worker`] first. Included with `#[path]` by the runtime's
//! and the SDK's hostile-worker tests, so there is one copy.
#![allow(dead_code)] // each test uses the steps it needs

use std::io::{Read, Write};
use std::path::PathBuf;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// What the lying worker does, in order; it exits 0 after the last step.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(crate) struct Plan {
    /// Where to write the worker's process id, so the host can check it is gone.
    pub(crate) pid_file: Option<PathBuf>,
    /// When set, only the first worker started lies: it creates this file, and every later
    /// worker (the pool's replacements) finds it and becomes `honest`.
    pub(crate) once: Option<(PathBuf, PathBuf)>,
    pub(crate) steps: Vec<Step>,
}

/// One thing the lying worker does.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Step {
    /// A frame with this JSON as its body.
    Frame(Value),
    /// Bytes as they are.
    Bytes(Vec<u8>),
    /// `count` host calls to `name`, ids from `first`, with `args`, written back to back.
    Calls { name: String, args: Value, first: u64, count: u64 },
    /// A host call whose arguments are an array of `count` zeros, written without building it
    /// (eight million values are two bytes each in a frame, far more once parsed).
    Zeros { id: u64, name: String, count: usize },
    /// Reads the host's next `count` frames (the run, answers); exits at the end of its stdin.
    Read(usize),
    /// Says it is done, with the last frame it read as its result (so the host can see what the
    /// worker was answered).
    DoneWithLastRead,
    /// Sleeps.
    SleepMs(u64),
    /// Exits with a status.
    Exit(i32),
}

impl Plan {
    /// A plan that says Ready, reads the run, then takes `steps`.
    pub(crate) fn after_run(steps: Vec<Step>) -> Self {
        let mut all = vec![Step::Frame(json!({ "type": "ready" })), Step::Read(1)];
        all.extend(steps);
        Self { steps: all, ..Self::default() }
    }

    /// Writes it to `path`, whose name is then the worker's argument (a plan may be larger
    /// than an argument may be).
    pub(crate) fn write_to(&self, path: &std::path::Path) -> std::io::Result<()> {
        std::fs::write(path, serde_json::to_vec(self)?)
    }
}

/// A host call's frame body.
pub(crate) fn host_call(id: u64, name: &str, args: Value) -> Value {
    json!({ "type": "host_call", "id": id, "name": name, "args": args })
}

/// A `Done` frame body for a script that returned `json` (JSON text).
pub(crate) fn done(json: &str) -> Value {
    json!({ "type": "done", "Ok": { "json": json, "notes": [] } })
}

/// Acts as the lying worker and exits if this process was started as one; returns otherwise.
pub(crate) fn run_if_lying_worker() {
    let mut args = std::env::args().skip(1);
    if args.next().as_deref() != Some(ordo_runtime::worker::WORKER_FLAG) {
        return;
    }
    let plan: Plan = args
        .next()
        .and_then(|path| std::fs::read(path).ok())
        .and_then(|text| serde_json::from_slice(&text).ok())
        .unwrap_or_else(|| std::process::exit(90));
    if let Some((marker, honest)) = &plan.once
        && std::fs::OpenOptions::new().write(true).create_new(true).open(marker).is_err()
    {
        use std::os::unix::process::CommandExt;
        let error =
            std::process::Command::new(honest).arg(ordo_runtime::worker::WORKER_FLAG).exec();
        eprintln!("cannot become honest: {error}");
        std::process::exit(91);
    }
    if let Some(path) = &plan.pid_file {
        let _ = std::fs::write(path, std::process::id().to_string());
    }
    std::process::exit(lie(&plan.steps));
}

fn lie(steps: &[Step]) -> i32 {
    let (mut stdin, mut stdout) = (std::io::stdin().lock(), std::io::stdout().lock());
    let mut last = Vec::new();
    for step in steps {
        let written = match step {
            Step::Frame(body) => write_frame(&mut stdout, body),
            Step::Bytes(bytes) => stdout.write_all(bytes).and_then(|()| stdout.flush()),
            Step::Calls { name, args, first, count } => {
                let mut frames = Vec::new();
                for id in *first..first + count {
                    let body =
                        serde_json::to_vec(&host_call(id, name, args.clone())).unwrap_or_default();
                    frames.extend_from_slice(&u32::try_from(body.len()).unwrap_or(0).to_le_bytes());
                    frames.extend_from_slice(&body);
                }
                stdout.write_all(&frames).and_then(|()| stdout.flush())
            }
            Step::Zeros { id, name, count } => {
                let head = format!(r#"{{"type":"host_call","id":{id},"name":{name:?},"args":["#);
                let mut body = head.into_bytes();
                for index in 0..*count {
                    body.extend_from_slice(if index == 0 { b"0" } else { b",0" });
                }
                body.extend_from_slice(b"]}");
                let length = u32::try_from(body.len()).unwrap_or(0).to_le_bytes();
                stdout
                    .write_all(&length)
                    .and_then(|()| stdout.write_all(&body))
                    .and_then(|()| stdout.flush())
            }
            Step::Read(count) => {
                for _ in 0..*count {
                    match read_frame(&mut stdin) {
                        Some(body) => last = body,
                        None => return 0,
                    }
                }
                Ok(())
            }
            Step::DoneWithLastRead => {
                write_frame(&mut stdout, &done(&String::from_utf8_lossy(&last)))
            }
            Step::SleepMs(ms) => {
                std::thread::sleep(Duration::from_millis(*ms));
                Ok(())
            }
            Step::Exit(code) => return *code,
        };
        if written.is_err() {
            // The host closed the pipe: it ended the run.
            return 0;
        }
    }
    0
}

fn write_frame(stdout: &mut impl Write, body: &Value) -> std::io::Result<()> {
    let body = serde_json::to_vec(body)?;
    stdout.write_all(&u32::try_from(body.len()).unwrap_or(0).to_le_bytes())?;
    stdout.write_all(&body)?;
    stdout.flush()
}

fn read_frame(stdin: &mut impl Read) -> Option<Vec<u8>> {
    let mut length = [0; 4];
    stdin.read_exact(&mut length).ok()?;
    let mut body = vec![0; u32::from_le_bytes(length) as usize];
    stdin.read_exact(&mut body).ok()?;
    Some(body)
}
