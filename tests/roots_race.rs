//! Race-free roots (R-CLI-10): another process swaps a directory inside the write root with a
//! symlink to outside, atomically, as fast as it can, while the file tools write and read through
//! that directory. The guard checks a path and the body opens it beneath its root following no
//! symlink, so no write lands outside and no read returns what lies outside, however the race
//! falls. A hard link inside a root is not written through.
#![allow(clippy::unwrap_used)]

use std::fs;
use std::os::unix::fs::symlink;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use ordo::files::{self, Roots};
use ordo_tools::{Arguments, CallRequest, ErrorCode, Pipeline, ToolRegistry, ToolResult};
use rustix::fs::{CWD, RenameFlags};
use serde_json::{Value, json};
use tempfile::TempDir;

const SECRET: &str = "the secret outside";

/// `work/` is the base, `work/out/` the write root; `work/out/d` is a directory that a racer
/// keeps exchanging with `work/out/swap`, a symlink to `outside/`.
struct Race {
    _dir: TempDir,
    work: PathBuf,
    outside: PathBuf,
    pipeline: Pipeline,
}

impl Race {
    fn new() -> Self {
        let dir = TempDir::new().unwrap();
        let top = dir.path().canonicalize().unwrap();
        let (work, outside) = (top.join("work"), top.join("outside"));
        fs::create_dir_all(work.join("out/d")).unwrap();
        fs::create_dir_all(&outside).unwrap();
        fs::write(outside.join("secret.txt"), SECRET).unwrap();
        fs::write(work.join("out/d/secret.txt"), "inside").unwrap();
        symlink(&outside, work.join("out/swap")).unwrap();
        let roots = Arc::new(
            Roots::from_flags(&work, Vec::<PathBuf>::new(), vec![PathBuf::from("out")]).unwrap(),
        );
        let registry = ToolRegistry::new();
        files::register(&registry, Arc::clone(&roots)).unwrap();
        let pipeline = Pipeline::builder(registry).guard(files::root_guard(roots)).build();
        Self { _dir: dir, work, outside, pipeline }
    }

    /// Runs `calls` while a thread exchanges `out/d` and `out/swap` as fast as it can.
    async fn racing(&self, calls: impl AsyncFnOnce()) {
        let stop = Arc::new(AtomicBool::new(false));
        let (stopping, out) = (Arc::clone(&stop), self.work.join("out"));
        let racer = std::thread::spawn(move || {
            let (d, swap) = (out.join("d"), out.join("swap"));
            let mut swaps = 0u64;
            while !stopping.load(Ordering::Relaxed) {
                rustix::fs::renameat_with(CWD, &d, CWD, &swap, RenameFlags::EXCHANGE).unwrap();
                swaps += 1;
            }
            swaps
        });
        calls().await;
        stop.store(true, Ordering::Relaxed);
        let swaps = racer.join().unwrap();
        assert!(swaps > 1000, "the race ran: {swaps} swaps");
    }

    async fn call(&self, tool: &str, args: Value) -> ToolResult {
        let request = CallRequest::new("call", tool, Arguments::from_value(args));
        self.pipeline.call(request).await.unwrap()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r_cli_10_ten_thousand_raced_writes_touch_nothing_outside_the_roots() {
    let race = Race::new();
    let mut written = 0;
    race.racing(async || {
        for i in 0..10_000 {
            let args = json!({ "path": format!("out/d/f{i}.txt"), "content": "x" });
            let result = race.call("write_file", args).await;
            written += usize::from(!result.is_error());
        }
    })
    .await;
    let outside: Vec<_> =
        fs::read_dir(&race.outside).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(outside, ["secret.txt"], "nothing was written outside the roots");
    assert!(written > 0, "some writes went through while the directory was in place");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r_cli_10_ten_thousand_raced_reads_never_return_what_lies_outside() {
    let race = Race::new();
    let mut inside = 0;
    race.racing(async || {
        for _ in 0..10_000 {
            let result = race.call("read_file", json!({ "path": "out/d/secret.txt" })).await;
            if let Some(value) = &result.value {
                assert_ne!(value["content"], SECRET, "a read returned the secret outside");
                inside += 1;
            }
        }
    })
    .await;
    assert!(inside > 0, "some reads went through while the directory was in place");
}

#[tokio::test]
async fn r_cli_10_a_hard_link_inside_the_write_root_is_not_written_through() {
    let race = Race::new();
    fs::hard_link(race.outside.join("secret.txt"), race.work.join("out/linked.txt")).unwrap();
    let result =
        race.call("write_file", json!({ "path": "out/linked.txt", "content": "owned" })).await;
    let error = result.error().unwrap();
    assert_eq!(
        (error.code, error.name.as_str()),
        (ErrorCode::ToolError, "HardLinked"),
        "{error:?}"
    );
    assert_eq!(fs::read_to_string(race.outside.join("secret.txt")).unwrap(), SECRET);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r_cli_10_ten_thousand_raced_listings_never_show_what_lies_outside() {
    let race = Race::new();
    fs::write(race.outside.join("only-outside.txt"), "x").unwrap();
    let mut listed = 0;
    race.racing(async || {
        for _ in 0..10_000 {
            let result = race.call("list_dir", json!({ "path": "out/d" })).await;
            if let Some(value) = &result.value {
                let names = value["entries"].to_string();
                assert!(!names.contains("only-outside"), "a listing showed outside: {names}");
                listed += 1;
            }
        }
    })
    .await;
    assert!(listed > 0, "some listings went through while the directory was in place");
}
