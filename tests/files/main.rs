//! The built-in file tools and their root guard, driven through the pipeline (R-CLI-7).
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

use std::fs;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use ordo::files::{self, Access, ResolveError, RootError, Roots};
use ordo_tools::{
    Arguments, CallRequest, Card, Concurrency, ErrorCode, ExecutionMode, Pipeline, ToolAnnotations,
    ToolRegistry, ToolResult,
};
use serde_json::{Value, json};
use tempfile::TempDir;

mod declared_names;

/// A sandbox: `work/` is the base and read root, `work/out/` the write root (when granted),
/// `outside/` lies beyond every root and holds `secret.txt`.
struct Sandbox {
    _dir: TempDir,
    work: PathBuf,
    outside: PathBuf,
    roots: Arc<Roots>,
    pipeline: Pipeline,
}

const SECRET: &str = "the secret\n";

impl Sandbox {
    fn new(writable: bool) -> Self {
        let dir = TempDir::new().unwrap();
        let top = dir.path().canonicalize().unwrap();
        let (work, outside) = (top.join("work"), top.join("outside"));
        fs::create_dir_all(work.join("out")).unwrap();
        fs::create_dir_all(&outside).unwrap();
        fs::write(outside.join("secret.txt"), SECRET).unwrap();
        let write: Vec<PathBuf> = if writable { vec![PathBuf::from("out")] } else { vec![] };
        let roots = Arc::new(Roots::from_flags(&work, Vec::<PathBuf>::new(), write).unwrap());
        let pipeline = guarded(&roots);
        Self { _dir: dir, work, outside, roots, pipeline }
    }

    fn file(&self, relative: &str, content: impl AsRef<[u8]>) -> PathBuf {
        let path = self.work.join(relative);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, content).unwrap();
        path
    }

    fn link(&self, relative: &str, target: impl AsRef<Path>) {
        symlink(target, self.work.join(relative)).unwrap();
    }

    async fn call(&self, tool: &str, args: Value) -> ToolResult {
        call(&self.pipeline, tool, args).await
    }
}

/// A pipeline with the file tools and the root guard.
fn guarded(roots: &Arc<Roots>) -> Pipeline {
    let registry = ToolRegistry::new();
    files::register(&registry, Arc::clone(roots)).unwrap();
    Pipeline::builder(registry).guard(files::root_guard(Arc::clone(roots))).build()
}

async fn call(pipeline: &Pipeline, tool: &str, args: Value) -> ToolResult {
    let request = CallRequest::new("call-1", tool, Arguments::from_value(args));
    pipeline.call(request).await.unwrap()
}

/// The value of a success, panicking on failure.
fn value(result: &ToolResult) -> Value {
    assert!(!result.is_error(), "expected a success, got {result:?}");
    result.value.as_deref().unwrap().clone()
}

/// The text the model reads.
fn text(result: &ToolResult) -> String {
    result.record.content.iter().filter_map(|block| block.as_text()).collect()
}

/// The code, class name and message of a failure.
fn failure(result: &ToolResult) -> (ErrorCode, String, String) {
    let error = result.error().unwrap_or_else(|| panic!("expected an error, got {result:?}"));
    (error.code, error.name.clone(), error.message.clone())
}

/// A denial by the root guard: `DENIED`, named as the tools name the same refusal.
fn denied(result: &ToolResult) -> String {
    let (code, name, message) = failure(result);
    assert_eq!((code, name.as_str()), (ErrorCode::Denied, "OutsideRoots"), "{message}");
    message
}

fn result_card(sandbox: &Sandbox, tool: &str, args: &Value, result: &ToolResult) -> Card {
    sandbox.pipeline.registry().get(tool).unwrap().present_result(args, &result.record)
}

// ---------------------------------------------------------------------------------------------
// read_file
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn r_cli_7_read_file_returns_content_size_and_line_count() {
    let sandbox = Sandbox::new(false);
    sandbox.file("notes.txt", "one\ntwo\nthree\n");
    let args = json!({ "path": "notes.txt" });
    let result = sandbox.call("read_file", args.clone()).await;
    assert_eq!(
        value(&result),
        json!({
            "path": "notes.txt",
            "content": "one\ntwo\nthree\n",
            "size": 14,
            "lines": 3,
            "offset": 1,
            "truncated": false
        })
    );
    assert_eq!(text(&result), "one\ntwo\nthree\n", "a whole file is rendered as it is");
    assert_eq!(result_card(&sandbox, "read_file", &args, &result).title, "Read 3 lines (14 B)");
}

#[tokio::test]
async fn r_cli_7_read_file_pages_with_offset_and_limit() {
    let sandbox = Sandbox::new(false);
    sandbox.file("five.txt", "l1\nl2\nl3\nl4\nl5");
    let args = json!({ "path": "five.txt", "offset": 2, "limit": 2 });
    let page = sandbox.call("read_file", args.clone()).await;
    assert_eq!(
        value(&page),
        json!({
            "path": "five.txt",
            "content": "l2\nl3\n",
            "size": 14,
            "lines": 5,
            "offset": 2,
            "truncated": true,
            "next_offset": 4
        })
    );
    assert_eq!(
        text(&page),
        "l2\nl3\n[lines 2–3 of 5 (14 B); more follows: read_file with offset=4]"
    );
    assert_eq!(
        result_card(&sandbox, "read_file", &args, &page).title,
        "Read lines 2–3 of 5 (14 B)"
    );

    let last = sandbox.call("read_file", json!({ "path": "five.txt", "offset": 4 })).await;
    let last = value(&last);
    assert_eq!(last["content"], "l4\nl5");
    assert_eq!(last["truncated"], false);
    assert_eq!(last.get("next_offset"), None);

    let past = sandbox.call("read_file", json!({ "path": "five.txt", "offset": 9 })).await;
    assert_eq!(value(&past)["content"], "");
    assert_eq!(text(&past), "[offset 9 is past the end: `five.txt` has 5 lines]");
}

#[tokio::test]
async fn r_cli_7_read_file_caps_a_large_file_at_the_default_limit() {
    let sandbox = Sandbox::new(false);
    let content: String = (1..=2500).map(|n| format!("line {n}\n")).collect();
    sandbox.file("big.txt", &content);
    let result = value(&sandbox.call("read_file", json!({ "path": "big.txt" })).await);
    assert_eq!(result["lines"], 2500);
    assert_eq!(result["size"], content.len());
    assert_eq!(result["truncated"], true);
    assert_eq!(result["next_offset"], files::read_file::DEFAULT_LIMIT + 1);
    assert_eq!(result["content"].as_str().unwrap().lines().count(), 2000);
    assert!(result["content"].as_str().unwrap().ends_with("line 2000\n"));
}

/// A small regular file is read where the call runs and a larger one on the blocking pool: the
/// two give the same answer on either side of the line.
#[tokio::test]
async fn r_cli_7_read_file_reads_alike_on_either_side_of_the_inline_size() {
    let sandbox = Sandbox::new(false);
    for size in [0, 1, 65_535, 65_536, 65_537, 90_000] {
        let content: String = (0..size).map(|i| if i % 50 == 49 { '\n' } else { 'x' }).collect();
        let name = format!("size_{size}.txt");
        sandbox.file(&name, &content);
        let result = value(&sandbox.call("read_file", json!({ "path": name })).await);
        assert_eq!(result["size"], size, "{name}");
        assert_eq!(result["content"].as_str().unwrap(), content, "{name}");
        assert_eq!(result["lines"], content.lines().count(), "{name}");
    }
}

/// A FIFO is opened without waiting for a writer (a call never hangs on the open), and read on
/// the blocking pool like a large file.
#[tokio::test]
async fn r_cli_7_read_file_of_a_fifo_does_not_wait_for_a_writer() {
    let sandbox = Sandbox::new(false);
    let fifo = sandbox.work.join("pipe");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let args = json!({ "path": "pipe" });
    let alone =
        tokio::time::timeout(Duration::from_secs(5), sandbox.call("read_file", args.clone()));
    let alone = value(&alone.await.expect("no writer: the read ends at once"));
    assert_eq!((alone["content"].clone(), alone["size"].clone()), (json!(""), json!(0)));

    // A writer that holds the FIFO open (read-write, so its open does not wait either) until the
    // read has opened it too: the read then waits on the pool for the writer to finish.
    let mut writer = fs::OpenOptions::new().read(true).write(true).open(&fifo).unwrap();
    std::io::Write::write_all(&mut writer, b"from a pipe\n").unwrap();
    let pipeline = sandbox.pipeline.clone();
    let read = tokio::spawn(async move { call(&pipeline, "read_file", args).await });
    let opened_twice = || {
        let links = fs::read_dir("/proc/self/fd").unwrap().filter_map(|fd| fd.ok());
        links.filter(|fd| fs::read_link(fd.path()).is_ok_and(|target| target == fifo)).count() >= 2
    };
    for _ in 0..500 {
        if opened_twice() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(opened_twice(), "the read opened the FIFO");
    drop(writer);
    let read = value(&read.await.unwrap())["content"].clone();
    assert_eq!(read, json!("from a pipe\n"));
}

#[tokio::test]
async fn r_cli_7_read_file_refuses_binary_and_non_utf8_files() {
    let sandbox = Sandbox::new(false);
    sandbox.file("image.png", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR");
    sandbox.file("latin1.txt", b"ok\ncaf\xe9\n");
    let (code, name, message) =
        failure(&sandbox.call("read_file", json!({ "path": "image.png" })).await);
    assert_eq!((code, name.as_str()), (ErrorCode::ToolError, "BinaryFile"));
    assert!(message.contains("`image.png` looks binary"), "{message}");
    let (code, name, message) =
        failure(&sandbox.call("read_file", json!({ "path": "latin1.txt" })).await);
    assert_eq!((code, name.as_str()), (ErrorCode::ToolError, "NotUtf8"));
    assert!(message.contains("line 2"), "{message}");
}

#[tokio::test]
async fn r_cli_7_read_file_names_a_missing_file_and_a_directory() {
    let sandbox = Sandbox::new(false);
    let (code, name, message) =
        failure(&sandbox.call("read_file", json!({ "path": "missing.txt" })).await);
    assert_eq!((code, name.as_str()), (ErrorCode::ToolError, "NotFound"));
    assert_eq!(message, "`missing.txt` does not exist");
    let (_, name, _) = failure(&sandbox.call("read_file", json!({ "path": "out" })).await);
    assert_eq!(name, "IsADirectory");
}

// ---------------------------------------------------------------------------------------------
// write_file
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn r_cli_7_write_file_inside_a_write_root_writes() {
    let sandbox = Sandbox::new(true);
    let args = json!({ "path": "out/new.txt", "content": "héllo\n" });
    let result = sandbox.call("write_file", args.clone()).await;
    assert_eq!(
        value(&result),
        json!({ "path": "out/new.txt", "bytes_written": 7, "created": true })
    );
    assert_eq!(text(&result), "Wrote 7 bytes to `out/new.txt` (created)");
    assert_eq!(fs::read_to_string(sandbox.work.join("out/new.txt")).unwrap(), "héllo\n");
    assert_eq!(
        result_card(&sandbox, "write_file", &args, &result).title,
        "Created out/new.txt (7 B)"
    );

    let again = sandbox.call("write_file", json!({ "path": "out/new.txt", "content": "x" })).await;
    assert_eq!(
        value(&again),
        json!({ "path": "out/new.txt", "bytes_written": 1, "created": false })
    );
    assert_eq!(fs::read_to_string(sandbox.work.join("out/new.txt")).unwrap(), "x");
}

#[tokio::test]
async fn r_cli_7_write_file_creates_parent_directories_only_when_asked() {
    let sandbox = Sandbox::new(true);
    let args = json!({ "path": "out/a/b/c.txt", "content": "deep" });
    let (_, name, message) = failure(&sandbox.call("write_file", args).await);
    assert_eq!(name, "NotFound");
    assert!(message.contains("`out/a/b` does not exist"), "{message}");
    assert!(!sandbox.work.join("out/a").exists());

    let args = json!({ "path": "out/a/b/c.txt", "content": "deep", "create_dirs": true });
    assert_eq!(value(&sandbox.call("write_file", args).await)["created"], true);
    assert_eq!(fs::read_to_string(sandbox.work.join("out/a/b/c.txt")).unwrap(), "deep");
}

/// A write root that does not exist yet is accepted (the script is about to create it), judged
/// by where it would be, and written into once created.
#[tokio::test]
async fn r_cli_7_a_write_root_that_does_not_exist_yet_is_accepted() {
    let dir = TempDir::new().unwrap();
    let work = dir.path().canonicalize().unwrap();
    let roots = Arc::new(
        Roots::from_flags(&work, Vec::<PathBuf>::new(), [PathBuf::from("build/out")]).unwrap(),
    );
    assert_eq!(roots.write_roots(), [work.join("build/out")]);
    let pipeline = guarded(&roots);
    let args = json!({ "path": "build/out/report.txt", "content": "done", "create_dirs": true });
    assert_eq!(value(&call(&pipeline, "write_file", args).await)["created"], true);
    assert_eq!(fs::read_to_string(work.join("build/out/report.txt")).unwrap(), "done");
    let beside = json!({ "path": "build/other.txt", "content": "x", "create_dirs": true });
    assert!(denied(&call(&pipeline, "write_file", beside).await).contains("outside the roots"));
    let error = Roots::from_flags(&work, [PathBuf::from("missing")], Vec::<PathBuf>::new());
    assert!(error.unwrap_err().to_string().contains("root `"), "a read root must exist");
}

/// Issue 33: without a write root `write_file` could only be denied, so it is not offered.
#[tokio::test]
async fn r_cli_7_without_a_write_root_there_is_no_write_file() {
    let sandbox = Sandbox::new(false);
    let definitions = files::definitions(Arc::clone(&sandbox.roots));
    let names: Vec<&str> = definitions.iter().map(|definition| definition.name()).collect();
    assert_eq!(names, ["read_file", "list_dir", "search_files"]);
    let result = sandbox.call("write_file", json!({ "path": "new.txt", "content": "x" })).await;
    assert_eq!(failure(&result).0, ErrorCode::ToolNotFound);
    assert!(!sandbox.work.join("new.txt").exists());
}

#[tokio::test]
async fn r_cli_7_write_outside_the_write_roots_is_denied_even_where_reading_is_allowed() {
    let sandbox = Sandbox::new(true);
    let path = sandbox.file("notes.txt", "keep");
    let result = sandbox.call("write_file", json!({ "path": "notes.txt", "content": "x" })).await;
    let message = denied(&result);
    assert!(message.contains(&sandbox.work.join("out").display().to_string()), "{message}");
    assert_eq!(fs::read_to_string(path).unwrap(), "keep");
}

#[tokio::test]
async fn r_cli_7_a_new_file_under_a_symlinked_dir_pointing_outside_is_denied() {
    let sandbox = Sandbox::new(true);
    sandbox.link("out/elsewhere", &sandbox.outside);
    let args = json!({ "path": "out/elsewhere/planted.txt", "content": "x" });
    let message = denied(&sandbox.call("write_file", args).await);
    assert!(message.contains(&sandbox.outside.join("planted.txt").display().to_string()));
    assert!(!sandbox.outside.join("planted.txt").exists());

    // A dangling link would create its target: judged by where that is.
    sandbox.link("out/dangling", sandbox.outside.join("created.txt"));
    let args = json!({ "path": "out/dangling", "content": "x" });
    denied(&sandbox.call("write_file", args).await);
    assert!(!sandbox.outside.join("created.txt").exists());
}

#[tokio::test]
async fn r_cli_7_overwriting_through_a_symlink_to_an_outside_file_is_denied() {
    let sandbox = Sandbox::new(true);
    sandbox.link("out/secret.txt", sandbox.outside.join("secret.txt"));
    let args = json!({ "path": "out/secret.txt", "content": "overwritten" });
    denied(&sandbox.call("write_file", args).await);
    assert_eq!(fs::read_to_string(sandbox.outside.join("secret.txt")).unwrap(), SECRET);
}

// ---------------------------------------------------------------------------------------------
// The guard: `..`, absolute paths, symlinks
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn r_cli_7_dotdot_escape_is_denied() {
    let sandbox = Sandbox::new(true);
    let secret = sandbox.outside.join("secret.txt");
    for path in ["../outside/secret.txt", "out/../../outside/secret.txt", "./out/./../.."] {
        let result = sandbox.call("read_file", json!({ "path": path })).await;
        let message = denied(&result);
        assert!(message.starts_with(&format!("path `{path}` resolves to `")), "{message}");
        assert!(!text(&result).contains("the secret"));
    }
    let message =
        denied(&sandbox.call("read_file", json!({ "path": "../outside/secret.txt" })).await);
    assert_eq!(
        message,
        format!(
            "path `../outside/secret.txt` resolves to `{}`, which is outside the roots that allow \
             reading: `{}`, `{}`",
            secret.display(),
            sandbox.work.display(),
            sandbox.work.join("out").display()
        )
    );
    denied(&sandbox.call("list_dir", json!({ "path": ".." })).await);
    denied(&sandbox.call("search_files", json!({ "pattern": "secret", "path": ".." })).await);
    let args = json!({ "path": "out/../../outside/secret.txt", "content": "x" });
    denied(&sandbox.call("write_file", args).await);
    assert_eq!(fs::read_to_string(secret).unwrap(), SECRET);
}

#[tokio::test]
async fn r_cli_7_absolute_path_escape_is_denied() {
    let sandbox = Sandbox::new(true);
    let secret = sandbox.outside.join("secret.txt").display().to_string();
    let message = denied(&sandbox.call("read_file", json!({ "path": secret })).await);
    assert!(message.starts_with(&format!("path `{secret}` is outside")), "{message}");
    denied(&sandbox.call("list_dir", json!({ "path": "/" })).await);
    let outside = sandbox.outside.display().to_string();
    denied(&sandbox.call("search_files", json!({ "pattern": "secret", "path": outside })).await);
    denied(&sandbox.call("write_file", json!({ "path": secret, "content": "x" })).await);
    assert_eq!(fs::read_to_string(sandbox.outside.join("secret.txt")).unwrap(), SECRET);

    // An absolute path inside the roots is fine, and shown relative to the base.
    let inside = sandbox.file("in.txt", "in\n").display().to_string();
    let result = sandbox.call("read_file", json!({ "path": inside })).await;
    assert_eq!(value(&result)["path"], "in.txt");
}

#[tokio::test]
async fn r_cli_7_symlink_escape_is_denied() {
    let sandbox = Sandbox::new(false);
    sandbox.link("secret-link", sandbox.outside.join("secret.txt"));
    sandbox.link("escape", "../outside");
    for path in ["secret-link", "escape/secret.txt"] {
        let result = sandbox.call("read_file", json!({ "path": path })).await;
        denied(&result);
        assert!(!text(&result).contains("the secret"));
    }
    denied(&sandbox.call("list_dir", json!({ "path": "escape" })).await);
    denied(&sandbox.call("search_files", json!({ "pattern": "secret", "path": "escape" })).await);
}

#[tokio::test]
async fn r_cli_7_a_symlink_that_stays_inside_the_roots_is_followed() {
    let sandbox = Sandbox::new(false);
    sandbox.file("real/data.txt", "data\n");
    sandbox.link("alias", "real");
    let result = sandbox.call("read_file", json!({ "path": "alias/data.txt" })).await;
    assert_eq!(value(&result)["content"], "data\n");
    assert_eq!(value(&result)["path"], "real/data.txt", "the path shown is where it leads");
}

#[tokio::test]
async fn r_cli_7_searching_a_tree_never_follows_a_symlink_out_of_it() {
    let sandbox = Sandbox::new(false);
    sandbox.file("proj/mine.txt", "my secret\n");
    sandbox.link("proj/escape", "../../outside");
    sandbox.link("proj/secret-link", sandbox.outside.join("secret.txt"));
    let result = sandbox.call("search_files", json!({ "pattern": "secret", "path": "proj" })).await;
    assert_eq!(
        value(&result),
        json!({
            "matches": [{ "path": "proj/mine.txt", "line": 1, "text": "my secret" }],
            "files_searched": 1,
            "truncated": false
        })
    );
}

#[tokio::test]
async fn r_cli_7_bodies_check_the_roots_again_without_the_guard() {
    let sandbox = Sandbox::new(true);
    let registry = ToolRegistry::new();
    files::register(&registry, Arc::clone(&sandbox.roots)).unwrap();
    let unguarded = Pipeline::new(registry);
    let result = call(&unguarded, "read_file", json!({ "path": "../outside/secret.txt" })).await;
    let (code, name, _) = failure(&result);
    assert_eq!((code, name.as_str()), (ErrorCode::ToolError, "OutsideRoots"));
    // Writable is `out/` alone: a write beside it is refused by the body itself.
    let args = json!({ "path": "new.txt", "content": "x" });
    assert_eq!(failure(&call(&unguarded, "write_file", args).await).1, "OutsideRoots");
    assert!(!sandbox.work.join("new.txt").exists());
}

#[tokio::test]
async fn r_cli_7_the_guard_leaves_other_tools_alone() {
    let sandbox = Sandbox::new(false);
    let registry = ToolRegistry::new();
    let echo = ordo_tools::ToolDefinition::new(
        "echo",
        "Echoes its path.",
        json!({ "type": "object", "properties": { "path": { "type": "string" } } }),
        ordo_tools::ToolOutput::json_text(json!({ "type": "string" })),
        |args: Arc<Value>, _cx| async move { Ok(args["path"].clone()) },
    );
    registry.register(echo).unwrap();
    let pipeline = Pipeline::builder(registry).guard(files::root_guard(sandbox.roots)).build();
    let result = call(&pipeline, "echo", json!({ "path": "/etc/passwd" })).await;
    assert_eq!(value(&result), json!("/etc/passwd"));
}

// ---------------------------------------------------------------------------------------------
// list_dir
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn r_cli_7_list_dir_reports_kinds_and_sizes_sorted_by_name() {
    let sandbox = Sandbox::new(false);
    sandbox.file("dir/b.txt", "bee");
    sandbox.file("dir/a.txt", "a");
    sandbox.file("dir/sub/deep.txt", "deep");
    sandbox.link("dir/link", "a.txt");
    let _socket = std::os::unix::net::UnixListener::bind(sandbox.work.join("dir/sock")).unwrap();
    let args = json!({ "path": "dir" });
    let result = sandbox.call("list_dir", args.clone()).await;
    assert_eq!(
        value(&result),
        json!({
            "path": "dir",
            "entries": [
                { "name": "a.txt", "kind": "file", "size": 1 },
                { "name": "b.txt", "kind": "file", "size": 3 },
                { "name": "link", "kind": "symlink", "target": "a.txt" },
                { "name": "sock", "kind": "other" },
                { "name": "sub", "kind": "dir" }
            ],
            "truncated": false
        })
    );
    assert_eq!(text(&result), "a.txt (1 B)\nb.txt (3 B)\nlink -> a.txt\nsock (special file)\nsub/");
    assert_eq!(
        result_card(&sandbox, "list_dir", &args, &result).title,
        "5 entries: 1 dir, 2 files"
    );
}

#[tokio::test]
async fn r_cli_7_list_dir_recursive_walks_the_tree_honouring_ignore_files() {
    let sandbox = Sandbox::new(false);
    sandbox.file("tree/.gitignore", "target/\n");
    sandbox.file("tree/src/main.rs", "fn main() {}\n");
    sandbox.file("tree/target/debug.bin", "junk");
    sandbox.file("tree/.git/HEAD", "ref: x\n");
    let result = sandbox.call("list_dir", json!({ "path": "tree", "recursive": true })).await;
    let names: Vec<Value> =
        value(&result)["entries"].as_array().unwrap().iter().map(|e| e["name"].clone()).collect();
    assert_eq!(names, [json!(".gitignore"), json!("src"), json!("src/main.rs")]);

    let capped = sandbox
        .call("list_dir", json!({ "path": "tree", "recursive": true, "max_entries": 2 }))
        .await;
    let capped = value(&capped);
    assert_eq!(capped["entries"].as_array().unwrap().len(), 2);
    assert_eq!(capped["truncated"], true);

    // A plain listing shows everything there is, ignored or not.
    let plain = value(&sandbox.call("list_dir", json!({ "path": "tree" })).await);
    let names: Vec<&str> =
        plain["entries"].as_array().unwrap().iter().map(|e| e["name"].as_str().unwrap()).collect();
    assert_eq!(names, [".git", ".gitignore", "src", "target"]);
}

#[tokio::test]
async fn r_cli_7_list_dir_defaults_to_the_base_and_refuses_a_file() {
    let sandbox = Sandbox::new(false);
    sandbox.file("only.txt", "x");
    let result = value(&sandbox.call("list_dir", json!({})).await);
    assert_eq!(result["path"], ".");
    assert_eq!(result["entries"][0]["name"], "only.txt");
    let (_, name, _) = failure(&sandbox.call("list_dir", json!({ "path": "only.txt" })).await);
    assert_eq!(name, "NotADirectory");
}

// ---------------------------------------------------------------------------------------------
// search_files
// ---------------------------------------------------------------------------------------------

fn project(sandbox: &Sandbox) {
    sandbox.file("proj/src/a.rs", "fn main() {}\n// TODO: tidy\n");
    sandbox.file("proj/src/b.txt", "todo later\nTODO now\n");
    sandbox.file("proj/notes.md", "nothing to do\n");
    sandbox.file("proj/blob.dat", b"TODO\0binary");
}

#[tokio::test]
async fn r_cli_7_search_files_by_regex_returns_path_line_and_text() {
    let sandbox = Sandbox::new(false);
    project(&sandbox);
    let args = json!({ "pattern": r"TODO:?\s", "path": "proj" });
    let result = sandbox.call("search_files", args.clone()).await;
    assert_eq!(
        value(&result),
        json!({
            "matches": [
                { "path": "proj/src/a.rs", "line": 2, "text": "// TODO: tidy" },
                { "path": "proj/src/b.txt", "line": 2, "text": "TODO now" }
            ],
            "files_searched": 3,
            "truncated": false
        }),
        "the binary file is skipped"
    );
    assert_eq!(text(&result), "proj/src/a.rs:2: // TODO: tidy\nproj/src/b.txt:2: TODO now");
    assert_eq!(
        result_card(&sandbox, "search_files", &args, &result).title,
        "2 matches in 2 files (3 searched)"
    );

    let args = json!({ "pattern": "todo", "path": "proj", "case_insensitive": true });
    let result = value(&sandbox.call("search_files", args).await);
    assert_eq!(result["matches"].as_array().unwrap().len(), 3);

    let args =
        json!({ "pattern": "todo", "path": "proj", "case_insensitive": true, "max_results": 2 });
    let result = value(&sandbox.call("search_files", args).await);
    assert_eq!(result["matches"].as_array().unwrap().len(), 2);
    assert_eq!(result["truncated"], true);
}

#[tokio::test]
async fn r_cli_7_search_files_by_glob() {
    let sandbox = Sandbox::new(false);
    project(&sandbox);
    let args = json!({ "pattern": "TODO", "path": "proj", "glob": "*.rs" });
    let result = value(&sandbox.call("search_files", args).await);
    assert_eq!(
        result,
        json!({
            "matches": [{ "path": "proj/src/a.rs", "line": 2, "text": "// TODO: tidy" }],
            "files_searched": 1,
            "truncated": false
        })
    );

    // A glob alone finds files by name; one with a `/` matches paths below `path`.
    let by_name =
        value(&sandbox.call("search_files", json!({ "glob": "*.{md,txt}", "path": "proj" })).await);
    assert_eq!(
        by_name,
        json!({
            "matches": [{ "path": "proj/notes.md" }, { "path": "proj/src/b.txt" }],
            "files_searched": 2,
            "truncated": false
        })
    );
    let by_path =
        value(&sandbox.call("search_files", json!({ "glob": "src/*", "path": "proj" })).await);
    let paths: Vec<&str> = by_path["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["path"].as_str().unwrap())
        .collect();
    assert_eq!(paths, ["proj/src/a.rs", "proj/src/b.txt"]);
}

#[tokio::test]
async fn r_cli_7_search_files_reports_no_match_and_bad_patterns() {
    let sandbox = Sandbox::new(false);
    project(&sandbox);
    let result = sandbox.call("search_files", json!({ "pattern": "absent", "path": "proj" })).await;
    assert_eq!(text(&result), "No line matches /absent/ (3 files searched)");

    let (code, name, message) =
        failure(&sandbox.call("search_files", json!({ "pattern": "(unclosed" })).await);
    assert_eq!((code, name.as_str()), (ErrorCode::ToolError, "InvalidPattern"));
    assert!(message.starts_with("invalid pattern: regex parse error"), "{message}");

    let (_, name, _) = failure(&sandbox.call("search_files", json!({ "glob": "a[" })).await);
    assert_eq!(name, "InvalidGlob");
    let (_, name, _) = failure(&sandbox.call("search_files", json!({ "path": "proj" })).await);
    assert_eq!(name, "InvalidArguments");
    let (_, name, _) =
        failure(&sandbox.call("search_files", json!({ "pattern": "x", "path": "nope" })).await);
    assert_eq!(name, "NotFound");
}

// ---------------------------------------------------------------------------------------------
// Metadata: scheduling and cards
// ---------------------------------------------------------------------------------------------

/// The working directory, readable, with a write root in it (so `write_file` is offered).
fn writable_here() -> Arc<Roots> {
    Arc::new(Roots::from_flags(".", Vec::<PathBuf>::new(), [PathBuf::from("out")]).unwrap())
}

#[test]
fn r_cli_7_reading_tools_are_concurrency_safe_and_write_file_is_exclusive() {
    let registry = ToolRegistry::new();
    files::register(&registry, writable_here()).unwrap();
    let names: Vec<String> = registry.schemas().into_iter().map(|schema| schema.name).collect();
    assert_eq!(names, ["read_file", "write_file", "list_dir", "search_files"]);
    let args = json!({ "path": "x" });
    for tool in ["read_file", "list_dir", "search_files"] {
        assert_eq!(registry.execution_mode(tool, &args), ExecutionMode::Parallel, "{tool}");
    }
    assert_eq!(registry.execution_mode("write_file", &args), ExecutionMode::Exclusive);
    // What the declarations say of it (issue 37), and why.
    let stated = |tool: &str| {
        let tool = registry.get(tool).unwrap();
        (tool.definition().concurrency(), tool.definition().concurrency_reason().to_owned())
    };
    for tool in ["read_file", "list_dir", "search_files"] {
        assert_eq!(stated(tool), (Concurrency::Concurrent, "it only reads files".into()), "{tool}");
    }
    assert_eq!(stated("write_file"), (Concurrency::Alone, "it changes files".into()));
}

/// R-MCPS-2: the file tools declare what they may do, for MCP clients: the reading tools only
/// read inside their roots; `write_file` overwrites, but the same write twice gives the same file.
#[test]
fn r_mcps_2_file_tools_declare_honest_annotations() {
    let registry = ToolRegistry::new();
    files::register(&registry, writable_here()).unwrap();
    let annotations = |tool: &str| registry.get(tool).unwrap().definition().annotations();
    for tool in ["read_file", "list_dir", "search_files"] {
        assert_eq!(annotations(tool), ToolAnnotations::READ_ONLY, "{tool}");
    }
    let write = ToolAnnotations {
        read_only: false,
        destructive: true,
        idempotent: true,
        open_world: false,
    };
    assert_eq!(annotations("write_file"), write);
}

#[test]
fn r_cli_7_call_cards_say_what_will_happen() {
    let registry = ToolRegistry::new();
    files::register(&registry, writable_here()).unwrap();
    let card = |tool: &str, args: Value| registry.get(tool).unwrap().present_call(&args);
    assert_eq!(card("read_file", json!({ "path": "src/main.rs" })), Card::new("Read src/main.rs"));
    assert_eq!(
        card("read_file", json!({ "path": "a", "offset": 201, "limit": 100 })),
        Card::new("Read a").with_detail("lines 201–300")
    );
    assert_eq!(
        card("write_file", json!({ "path": "out.txt", "content": "one\ntwo\n" })),
        Card::new("Write out.txt (8 B)").with_detail("one\ntwo")
    );
    assert_eq!(card("list_dir", json!({ "recursive": true })), Card::new("List . (recursive)"));
    assert_eq!(
        card("search_files", json!({ "pattern": "fn main", "glob": "*.rs" })),
        Card::new("Search /fn main/ in .").with_detail("files *.rs")
    );
}

// ---------------------------------------------------------------------------------------------
// Roots
// ---------------------------------------------------------------------------------------------

#[test]
fn r_cli_7_a_root_that_does_not_exist_is_an_error_naming_it() {
    let dir = TempDir::new().unwrap();
    let error = Roots::new(dir.path(), ["missing-root"], Vec::<PathBuf>::new()).unwrap_err();
    assert!(matches!(error, RootError::Missing { .. }));
    assert!(error.to_string().contains("missing-root"), "{error}");
}

#[test]
fn r_cli_7_write_roots_are_readable_and_read_roots_are_not_writable() {
    let dir = TempDir::new().unwrap();
    let base = dir.path().canonicalize().unwrap();
    fs::create_dir_all(base.join("r")).unwrap();
    fs::create_dir_all(base.join("w")).unwrap();
    let roots = Roots::new(&base, ["r"], ["w"]).unwrap();
    assert_eq!(roots.resolve("w/x", Access::Read).unwrap(), base.join("w/x"));
    assert_eq!(roots.resolve("w/x", Access::Write).unwrap(), base.join("w/x"));
    assert!(matches!(roots.resolve("r/x", Access::Write), Err(ResolveError::Outside { .. })));
    assert!(roots.resolve("rx", Access::Read).is_err(), "a sibling sharing a prefix is outside");
}

#[test]
fn r_cli_7_a_symlink_loop_is_unresolvable() {
    let dir = TempDir::new().unwrap();
    let base = dir.path().canonicalize().unwrap();
    symlink("b", base.join("a")).unwrap();
    symlink("a", base.join("b")).unwrap();
    let roots = Roots::new(&base, ["."], ["."]).unwrap();
    assert!(matches!(roots.resolve("a/x", Access::Read), Err(ResolveError::Unresolvable { .. })));
}

/// R-RT-6: a path past the size limits is refused by the guard before any system call, and the
/// denial does not echo it (it once cost the host 11 s of CPU and 766 MB).
#[tokio::test]
async fn r_rt_6_a_path_past_the_limits_is_refused_at_once_and_not_echoed() {
    let sandbox = Sandbox::new(false);
    sandbox.file("sub/a.txt", "a");
    let path = "sub/../".repeat(4_000_000) + "a.txt";
    let started = std::time::Instant::now();
    let message = denied(&sandbox.call("read_file", json!({ "path": path })).await);
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "{:?}", started.elapsed());
    assert!(message.len() < 200, "{message}");
    assert!(message.ends_with("is too long: 28000005 bytes, past the limit of 4096"), "{message}");

    let deep = "a/".repeat(300) + "f";
    let message = denied(&sandbox.call("list_dir", json!({ "path": deep })).await);
    assert!(message.ends_with("301 components, past the limit of 256"), "{message}");
}

/// R-RT-6: a glob or a pattern past its size is refused with an error that does not echo it
/// (a glob of 100,000 `*` used to panic inside the glob library).
#[tokio::test]
async fn r_rt_6_a_huge_glob_or_pattern_is_an_error_that_does_not_echo_it() {
    let sandbox = Sandbox::new(false);
    sandbox.file("a.txt", "a");
    for args in [
        json!({ "pattern": "a", "glob": "*".repeat(100_000) }),
        json!({ "pattern": "a".repeat(100_000) }),
    ] {
        let result = sandbox.call("search_files", args).await;
        let (code, _, message) = failure(&result);
        assert_eq!(code, ErrorCode::InvalidArguments, "{message}");
        assert!(message.len() < 400, "{} bytes: {message}", message.len());
    }
    // A pattern that fits its length but would compile to more than the size limit.
    let result =
        sandbox.call("search_files", json!({ "pattern": "\\w{1000}\\w{1000}\\w{1000}" })).await;
    let (code, name, message) = failure(&result);
    assert_eq!((code, name.as_str()), (ErrorCode::ToolError, "InvalidPattern"), "{message}");
}
