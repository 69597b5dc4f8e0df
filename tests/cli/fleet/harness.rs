//! What the fleet tests start and read: a PostgreSQL database of their own, three `ordo mcp
//! --http` replicas sharing it with `--store`, nginx in front of them (tests/fleet/nginx.conf),
//! the load client (tests/mcp/fleet.py), and `ordo sessions` / `ordo replay` on the store.
//! Every process started here is ended when its guard is dropped, a panicking test included.
//! The fleet benchmark (benches/fleet.rs) runs the same fleet: what it needs of the crate
//! including this file is `common::bin` and `common::stderr`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use nix::sys::signal::{self, Signal};
use nix::unistd::Pid;
use serde_json::Value;

use crate::common::bin;

/// The nginx configuration the README quotes, with placeholders for the addresses.
const NGINX_TEMPLATE: &str = include_str!("../../fleet/nginx.conf");

/// How much of a process's stderr is kept for assertion messages (its end).
const STDERR_KEPT: usize = 64 * 1024;

/// One fleet at a time in this test process: three debug replicas, nginx and 32 Python
/// clients already fill two cores.
pub(crate) fn one_at_a_time() -> MutexGuard<'static, ()> {
    static FLEET: Mutex<()> = Mutex::new(());
    FLEET.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Says loudly that a test did not run, and why.
pub(crate) fn skipped(test: &str, why: &str) {
    eprintln!("\n*** SKIPPED: {test}: {why} ***\n");
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

// ---------------------------------------------------------------------------------------------
// Replicas

/// A running `ordo mcp --http` replica, killed when dropped.
pub(crate) struct Replica {
    child: Child,
    pub(crate) pid: u32,
    /// `127.0.0.1:PORT`.
    pub(crate) address: String,
    /// `http://127.0.0.1:PORT/mcp`.
    pub(crate) url: String,
    stderr: Arc<Mutex<String>>,
}

impl Replica {
    /// `ordo mcp --http 127.0.0.1:0 --no-auth --store STORE ARGS` in `dir`, with a state folder
    /// of its own (what replicas share, they share through the store alone).
    pub(crate) fn start(dir: &Path, index: usize, store: &str, args: &[String]) -> Self {
        let state = dir.join(format!("state-{index}"));
        let mut child = Command::new(bin())
            .current_dir(dir)
            .args(["mcp", "--http", "127.0.0.1:0", "--no-auth", "--store", store])
            .args(args)
            .env("XDG_STATE_HOME", &state)
            .env_remove("ORDO_LOG")
            .env_remove("ORDO_STORE")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let pid = child.id();
        let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let mut said = String::new();
        let mut url = None;
        for line in lines.by_ref() {
            let Ok(line) = line else { break };
            said.push_str(&line);
            said.push('\n');
            if let Some(at) = line.find("serving MCP at ") {
                url = Some(line[at + "serving MCP at ".len()..].trim().to_owned());
                break;
            }
        }
        let Some(url) = url else {
            let _ = child.kill();
            let _ = child.wait();
            panic!("replica {index} did not start:\n{said}");
        };
        let address = url.trim_start_matches("http://").trim_end_matches("/mcp").to_owned();
        let stderr = Arc::new(Mutex::new(said));
        let sink = Arc::clone(&stderr);
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                let mut kept = sink.lock().unwrap_or_else(PoisonError::into_inner);
                kept.push_str(&line);
                kept.push('\n');
                if kept.len() > 2 * STDERR_KEPT {
                    let cut = kept.len() - STDERR_KEPT;
                    let cut = (cut..kept.len()).find(|at| kept.is_char_boundary(*at)).unwrap();
                    kept.replace_range(..cut, "[…]");
                }
            }
        });
        Self { child, pid, address, url, stderr }
    }

    /// What it wrote on stderr (the end of it).
    pub(crate) fn stderr(&self) -> String {
        self.stderr.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Whether it is still running.
    pub(crate) fn alive(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// `kill -STOP`: it runs nothing until [`Replica::resume`] or [`Replica::kill_9`], so what
    /// the store holds of it once the statements it had sent are done is what a crash now leaves.
    pub(crate) fn freeze(&self) {
        self.signal(nix::sys::signal::Signal::SIGSTOP);
    }

    /// `kill -CONT` after [`Replica::freeze`].
    pub(crate) fn resume(&self) {
        self.signal(nix::sys::signal::Signal::SIGCONT);
    }

    // The harness is also the fleet benchmark's, whose crate has no `common::signal`.
    fn signal(&self, signal: nix::sys::signal::Signal) {
        let pid = nix::unistd::Pid::from_raw(i32::try_from(self.pid).unwrap());
        nix::sys::signal::kill(pid, signal).unwrap();
    }

    /// `kill -9`, as a crash: nothing of it runs after this returns.
    pub(crate) fn kill_9(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// The `host:pid` the store names it by, as `ordo sessions` lists a writer.
    pub(crate) fn writer_suffix(&self) -> String {
        format!(":{}", self.pid)
    }
}

impl Drop for Replica {
    fn drop(&mut self) {
        self.kill_9();
    }
}

// ---------------------------------------------------------------------------------------------
// nginx

/// nginx's binary, if installed.
pub(crate) fn nginx_binary() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/sbin".into(), "/usr/local/sbin".into(), "/usr/local/nginx/sbin".into()])
        .map(|dir| dir.join("nginx"))
        .find(|candidate| candidate.is_file())
}

/// nginx in front of the replicas (tests/fleet/nginx.conf), stopped when dropped.
pub(crate) struct Nginx {
    child: Child,
    dir: tempfile::TempDir,
    /// `127.0.0.1:PORT`.
    pub(crate) address: String,
    /// `http://127.0.0.1:PORT/mcp`.
    pub(crate) url: String,
}

impl Nginx {
    /// The template with the addresses filled in.
    pub(crate) fn config(listen: &str, replicas: &[&str]) -> String {
        assert_eq!(replicas.len(), 3, "the template names three replicas");
        let mut config = NGINX_TEMPLATE.replace("@LISTEN@", listen);
        for (index, address) in replicas.iter().enumerate() {
            let escaped = address.replace('.', "\\.");
            config = config
                .replace(&format!("@REPLICA_{}_RE@", index + 1), &escaped)
                .replace(&format!("@REPLICA_{}@", index + 1), address);
        }
        assert!(!config.contains('@'), "a placeholder is left:\n{config}");
        config
    }

    /// Starts `nginx -p DIR -c DIR/nginx.conf -g 'daemon off;'` listening on `listen`, and
    /// waits until it accepts connections.
    fn start(binary: &Path, listen: &str, replicas: &[&str]) -> Self {
        let dir = tempfile::tempdir().unwrap();
        // Its workers run as an unprivileged user when the master is root: they need to reach
        // the temp folders inside.
        std::fs::set_permissions(dir.path(), std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .unwrap();
        std::fs::create_dir_all(dir.path().join("logs")).unwrap();
        std::fs::create_dir_all(dir.path().join("tmp")).unwrap();
        let conf = dir.path().join("nginx.conf");
        std::fs::write(&conf, Self::config(listen, replicas)).unwrap();
        let mut child = Command::new(binary)
            .arg("-p")
            .arg(dir.path())
            .arg("-c")
            .arg(&conf)
            .args(["-e", "logs/error.log", "-g", "daemon off;"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let start = Instant::now();
        loop {
            if TcpStream::connect(listen).is_ok() {
                break;
            }
            if let Some(status) = child.try_wait().unwrap() {
                let log =
                    std::fs::read_to_string(dir.path().join("logs/error.log")).unwrap_or_default();
                panic!("nginx exited ({status}) before listening on {listen}:\n{log}");
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "nginx is not listening on {listen}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        let address = listen.to_owned();
        let url = format!("http://{address}/mcp");
        Self { child, dir, address, url }
    }

    /// The access log's lines (tests/fleet/nginx.conf's `ordo` format), once `complete` holds
    /// for them: nginx writes a request's line after its client has the response.
    pub(crate) fn access_log(&self, complete: impl Fn(&[AccessLine]) -> bool) -> Vec<AccessLine> {
        let start = Instant::now();
        loop {
            let text = std::fs::read_to_string(self.dir.path().join("logs/access.log")).unwrap();
            let lines: Vec<AccessLine> = text.lines().map(AccessLine::parse).collect();
            if complete(&lines) || start.elapsed() > Duration::from_secs(10) {
                return lines;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The error log (for assertion messages).
    pub(crate) fn error_log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("logs/error.log")).unwrap_or_default()
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // SIGTERM: the master stops its workers (a SIGKILL would leave them serving).
        if let Ok(pid) = i32::try_from(self.child.id()) {
            let _ = signal::kill(Pid::from_raw(pid), Signal::SIGTERM);
        }
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(5) {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A line of nginx's access log.
#[derive(Debug, Clone)]
pub(crate) struct AccessLine {
    pub(crate) line: String,
    /// The status nginx answered.
    pub(crate) status: u16,
    /// Every replica tried, in order.
    pub(crate) upstreams: Vec<String>,
    /// The client's X-Request-Id (`-`: none).
    pub(crate) request_id: String,
    /// The Mcp-Session-Id the client sent (`-`: none).
    pub(crate) session: String,
}

impl AccessLine {
    fn parse(line: &str) -> Self {
        let field = |name: &str| -> String {
            let start = line.find(&format!(" {name}=")).map(|at| at + name.len() + 2);
            let Some(start) = start else { return String::new() };
            let rest = &line[start..];
            // `upstream=` may list several, separated by ", ".
            let mut end = rest.len();
            for (at, _) in rest.match_indices(' ') {
                if !rest[..at].ends_with(',') {
                    end = at;
                    break;
                }
            }
            rest[..end].to_owned()
        };
        let status = line
            .split("\" ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|code| code.parse().ok())
            .unwrap_or(0);
        Self {
            line: line.to_owned(),
            status,
            upstreams: field("upstream").split(", ").map(str::to_owned).collect(),
            request_id: field("request_id"),
            session: field("session"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The fleet

/// Three replicas sharing one store, nginx in front of them, all in one scratch folder (the
/// replicas' current directory and read root).
pub(crate) struct Fleet {
    pub(crate) store: String,
    pub(crate) replicas: Vec<Replica>,
    pub(crate) nginx: Nginx,
    pub(crate) dir: tempfile::TempDir,
}

impl Fleet {
    /// Starts the fleet on `store`, each replica given `args` besides the fleet's own; `files`
    /// are written into the scratch folder first.
    pub(crate) fn start(nginx: &Path, store: &str, args: &[&str], files: &[(&str, &str)]) -> Self {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        let listen = free_address();
        let mut replica_args: Vec<String> = vec![
            "--allow-read".into(),
            dir.path().display().to_string(),
            // Clients reach the replicas by nginx's address, which nginx passes on as Host.
            "--allow-host".into(),
            listen.clone(),
        ];
        replica_args.extend(args.iter().map(|arg| (*arg).to_owned()));
        let replicas: Vec<Replica> =
            (1..=3).map(|index| Replica::start(dir.path(), index, store, &replica_args)).collect();
        let addresses: Vec<&str> =
            replicas.iter().map(|replica| replica.address.as_str()).collect();
        let nginx = Nginx::start(nginx, &listen, &addresses);
        Self { store: store.to_owned(), replicas, nginx, dir }
    }

    pub(crate) fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Every replica's stderr and nginx's error log, for assertion messages.
    pub(crate) fn said(&self) -> String {
        let mut all = String::new();
        for (index, replica) in self.replicas.iter().enumerate() {
            all.push_str(&format!(
                "\n--- replica {} (pid {}, {}) stderr:\n{}",
                index + 1,
                replica.pid,
                replica.address,
                replica.stderr()
            ));
        }
        all.push_str(&format!("\n--- nginx error log:\n{}", self.nginx.error_log()));
        all
    }

    /// The replica whose `host:pid` is `writer`.
    pub(crate) fn replica_of(&self, writer: &str) -> Option<usize> {
        self.replicas.iter().position(|replica| writer.ends_with(&replica.writer_suffix()))
    }

    /// The replica at `address` (`127.0.0.1:PORT`).
    pub(crate) fn replica_at(&self, address: &str) -> Option<usize> {
        self.replicas.iter().position(|replica| replica.address == address)
    }

    /// `ordo sessions --store STORE --format json`.
    pub(crate) fn sessions(&self) -> Vec<Value> {
        let output = self.ordo(&["sessions", "--store", &self.store, "--format", "json"]);
        assert!(
            output.status.success(),
            "ordo sessions failed: {}",
            crate::common::stderr(&output)
        );
        let listed: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|error| {
            panic!(
                "ordo sessions printed no JSON ({error}): {}",
                String::from_utf8_lossy(&output.stdout)
            )
        });
        listed.as_array().unwrap().clone()
    }

    /// `ordo replay --store STORE NAME [ARGS]`.
    pub(crate) fn replay(&self, name: &str, args: &[&str]) -> Output {
        let mut all = vec!["replay", "--store", &self.store, name];
        all.extend_from_slice(args);
        self.ordo(&all)
    }

    /// A session's events, as `ordo replay --format jsonl` exports them.
    pub(crate) fn events(&self, name: &str) -> Vec<Value> {
        let output = self.replay(name, &["--format", "jsonl"]);
        assert!(
            output.status.success(),
            "ordo replay {name} --format jsonl: {}",
            crate::common::stderr(&output)
        );
        let text = String::from_utf8_lossy(&output.stdout);
        text.lines()
            .map(|line| {
                serde_json::from_str(line)
                    .unwrap_or_else(|error| panic!("{name}: {error}: {line:?}"))
            })
            .collect()
    }

    fn ordo(&self, args: &[&str]) -> Output {
        Command::new(bin())
            .current_dir(self.path())
            .args(args)
            .env_remove("ORDO_LOG")
            .env_remove("ORDO_STORE")
            .output()
            .unwrap()
    }
}

impl Drop for Fleet {
    /// Ends the replicas (nginx after them, as fields drop), then drops the fleet's database,
    /// unless the test failed: then it is kept to be looked at.
    fn drop(&mut self) {
        for replica in &mut self.replicas {
            replica.kill_9();
        }
        if std::thread::panicking() {
            eprintln!("the fleet's database is kept: {}", self.store);
            return;
        }
        let Some((base, name)) = self.store.rsplit_once('/') else { return };
        let Ok(mut config) = format!("{base}/postgres").parse::<postgres::Config>() else { return };
        config.connect_timeout(Duration::from_secs(5));
        if let Ok(mut admin) = config.connect(postgres::NoTls) {
            let _ = admin.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
        }
    }
}

/// A loopback address nothing listens on (bound, then let go).
fn free_address() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().to_string()
}

// ---------------------------------------------------------------------------------------------
// The load client

/// tests/mcp/fleet.py running against `url`, killed if dropped before it finished.
pub(crate) struct Load {
    child: Option<Child>,
    started: PathBuf,
    _dir: tempfile::TempDir,
}

impl Load {
    /// Starts `clients` × `calls` run_code calls against `url`, tagged `TAG-client-C-call-N`.
    pub(crate) fn start(python: &Path, url: &str, tag: &str, clients: usize, calls: usize) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let started = dir.path().join("started");
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/mcp/fleet.py");
        let child = Command::new(python)
            .arg(script)
            .arg(url)
            .args(["--clients", &clients.to_string(), "--calls", &calls.to_string()])
            .args(["--tag", tag])
            .arg("--started")
            .arg(&started)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        Self { child: Some(child), started, _dir: dir }
    }

    /// Waits until the first call has started.
    pub(crate) fn wait_started(&mut self) {
        let start = Instant::now();
        while !self.started.exists() {
            if let Some(status) = self.child.as_mut().unwrap().try_wait().unwrap() {
                let mut said = String::new();
                let _ =
                    self.child.as_mut().unwrap().stderr.take().unwrap().read_to_string(&mut said);
                panic!("the load client exited ({status}) before its first call:\n{said}");
            }
            assert!(start.elapsed() < Duration::from_secs(60), "the load never started");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// What the load client saw (its JSON), once all its calls are done.
    pub(crate) fn finish(mut self) -> Value {
        let child = self.child.take().unwrap();
        let output = child.wait_with_output().unwrap();
        assert!(
            output.status.success(),
            "the load client failed: {}\n{}",
            String::from_utf8_lossy(&output.stdout),
            crate::common::stderr(&output)
        );
        serde_json::from_slice(&output.stdout).unwrap_or_else(|error| {
            panic!(
                "the load client printed no JSON ({error}): {}\n{}",
                String::from_utf8_lossy(&output.stdout),
                crate::common::stderr(&output)
            )
        })
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Raw HTTP

/// A raw HTTP/1.1 request to `address`/mcp; the status and the whole response (headers and
/// body), read until the server closes.
pub(crate) fn request(
    address: &str,
    method: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, String) {
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut request = format!(
        "{method} /mcp HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nContent-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    request.push_str(body);
    stream.write_all(request.as_bytes()).unwrap();
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    let response = String::from_utf8_lossy(&response).into_owned();
    let status = response.split(' ').nth(1).and_then(|code| code.parse().ok()).unwrap_or(0);
    (status, response)
}

/// A response header's value (case-insensitive name).
pub(crate) fn header(response: &str, name: &str) -> Option<String> {
    let head = response.split("\r\n\r\n").next()?;
    head.lines().skip(1).find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.trim().eq_ignore_ascii_case(name).then(|| value.trim().to_owned())
    })
}

/// The JSON-RPC messages of a response: its JSON body, or the `data:` lines of its event stream.
pub(crate) fn messages(response: &str) -> Vec<Value> {
    let body = response.split_once("\r\n\r\n").map_or("", |(_, body)| body);
    let from_events: Vec<Value> = body
        .lines()
        .filter_map(|line| line.strip_prefix("data:"))
        .filter_map(|data| serde_json::from_str(data.trim()).ok())
        .collect();
    if !from_events.is_empty() {
        return from_events;
    }
    // A JSON body, possibly chunked: the first `{` to the last `}`.
    match (body.find('{'), body.rfind('}')) {
        (Some(start), Some(end)) if start < end => {
            serde_json::from_str(&body[start..=end]).map(|value| vec![value]).unwrap_or_default()
        }
        _ => Vec::new(),
    }
}
