//! What `/proc` says about the server and its descendants: the census of its workers and tool
//! processes, sampled during the load, and what is left after it.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use ordo_runtime::worker::{FORK_SERVER_NAME, WORKER_FLAG};

use super::MAX_WORKERS;

/// How often the server is sampled during the load.
const SAMPLE_EVERY: Duration = Duration::from_millis(20);

/// One line of `/proc/<pid>/stat`: what a census needs.
struct Proc {
    pid: u32,
    ppid: u32,
    state: char,
}

/// Every process visible in `/proc`.
fn processes() -> Vec<Proc> {
    let Ok(entries) = fs::read_dir("/proc") else { return Vec::new() };
    entries
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter_map(|pid| {
            let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            // After the command name, which may hold spaces and parentheses: state, ppid, …
            let fields: Vec<&str> = stat[stat.rfind(')')? + 2..].split(' ').collect();
            Some(Proc {
                pid,
                ppid: fields.get(1)?.parse().ok()?,
                state: fields.first()?.chars().next()?,
            })
        })
        .collect()
}

/// The arguments a process was started with (empty if it is gone).
fn cmdline(pid: u32) -> Vec<String> {
    fs::read(format!("/proc/{pid}/cmdline"))
        .map(|bytes| {
            bytes
                .split(|&byte| byte == 0)
                .filter(|arg| !arg.is_empty())
                .map(|arg| String::from_utf8_lossy(arg).into_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// Whether a process is named as a fork server is.
fn is_fork_server(pid: u32) -> bool {
    fs::read_to_string(format!("/proc/{pid}/comm"))
        .is_ok_and(|name| name.trim() == FORK_SERVER_NAME)
}

/// A `kB` line of `/proc/<pid>/status`, such as `VmRSS:`.
pub(crate) fn status_kib(pid: u32, key: &str) -> Option<u64> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with(key))?;
    line[key.len()..].trim().trim_end_matches("kB").trim().parse().ok()
}

/// The server's descendants at one moment, sorted out.
#[derive(Default)]
pub(crate) struct Census {
    /// Script workers alive: children started with the worker flag, not zombies.
    pub(crate) workers: usize,
    /// Each worker as `pid state wchan` (what it is blocked in: `pipe_read` waiting for the
    /// host, `do_exit` … on its way out), to tell what an overshoot of the cap is made of.
    pub(crate) worker_states: Vec<String>,
    /// Other live descendants (tool processes and their children), as `pid command`; the
    /// call-cgroup watchdog and children not yet past `exec` are left out.
    pub(crate) tools: Vec<String>,
    /// Processes anywhere, not the server's descendants, working in the scratch folder: a
    /// tool's child that left the server's tree.
    pub(crate) strays: Vec<String>,
    /// The server's fork servers (`ordo-zygote`: started with the worker flag, but never a
    /// script's worker), by pid.
    pub(crate) fork_servers: Vec<u32>,
    /// Resident memory of the server, its workers and its fork server together, in KiB.
    pub(crate) total_rss_kib: u64,
}

impl Census {
    /// The census of `server`'s descendants now. `workers_seen` remembers the pids known to be
    /// workers (a worker stays one until it dies), so their command lines are read once.
    /// Strays are looked for only given the `scratch` folder (reading every process's working
    /// folder 50 times a second would take CPU from the load).
    pub(crate) fn take(
        server: u32,
        scratch: Option<&Path>,
        workers_seen: &mut HashSet<u32>,
    ) -> Self {
        let table = processes();
        let mut children: HashMap<u32, Vec<&Proc>> = HashMap::new();
        for proc in &table {
            children.entry(proc.ppid).or_default().push(proc);
        }
        let server_args = cmdline(server);
        let mut census = Self::default();
        let mut tree = HashSet::from([server]);
        let mut stack = vec![server];
        while let Some(parent) = stack.pop() {
            for proc in children.get(&parent).into_iter().flatten() {
                tree.insert(proc.pid);
                stack.push(proc.pid);
                if proc.state == 'Z' {
                    continue;
                }
                let worker = workers_seen.contains(&proc.pid) || {
                    let args = cmdline(proc.pid);
                    let flagged = args.get(1).is_some_and(|arg| arg == WORKER_FLAG);
                    if flagged && parent == server && is_fork_server(proc.pid) {
                        // (A worker it has just forked, for the few microseconds before it
                        // takes back its own name, too: the next sample sees it as a worker.)
                        census.fork_servers.push(proc.pid);
                        census.total_rss_kib += status_kib(proc.pid, "VmRSS:").unwrap_or(0);
                        false
                    } else if flagged && parent == server {
                        workers_seen.insert(proc.pid);
                        true
                    } else {
                        // Forked, not yet exec'd (the server's own command line), or the
                        // watchdog of call cgroups: neither a worker nor a tool.
                        if args != server_args
                            && !args.iter().any(|arg| arg == "ordo-cgroup-watchdog")
                        {
                            census.tools.push(format!("{} {}", proc.pid, args.join(" ")));
                        }
                        false
                    }
                };
                if worker {
                    census.workers += 1;
                    let wchan = fs::read_to_string(format!("/proc/{}/wchan", proc.pid));
                    census.worker_states.push(format!(
                        "{} {} {}",
                        proc.pid,
                        proc.state,
                        wchan.unwrap_or_default()
                    ));
                    census.total_rss_kib += status_kib(proc.pid, "VmRSS:").unwrap_or(0);
                }
            }
        }
        census.total_rss_kib += status_kib(server, "VmRSS:").unwrap_or(0);
        let Some(scratch) = scratch else { return census };
        for proc in table.iter().filter(|proc| !tree.contains(&proc.pid) && proc.state != 'Z') {
            let cwd = fs::read_link(format!("/proc/{}/cwd", proc.pid));
            if cwd.is_ok_and(|cwd| cwd.starts_with(scratch)) {
                census.strays.push(format!("{} {}", proc.pid, cmdline(proc.pid).join(" ")));
            }
        }
        census
    }

    /// Nothing left but the warm spares, under the cap.
    pub(crate) fn settled(&self) -> bool {
        self.tools.is_empty() && self.strays.is_empty() && self.workers <= MAX_WORKERS
    }
}

/// The peaks of the samples taken during the load.
#[derive(Default)]
pub(crate) struct Samples {
    pub(crate) count: usize,
    pub(crate) peak_rss_kib: u64,
    pub(crate) peak_total_rss_kib: u64,
    pub(crate) peak_workers: usize,
    pub(crate) peak_tools: usize,
    /// Every pid seen as a worker or a fork server.
    pub(crate) worker_pids: HashSet<u32>,
    /// How many processes were fork servers (seen under the fork server's name and never
    /// later as a worker: a worker just forked carries that name for a few microseconds).
    pub(crate) fork_servers: usize,
    /// How many samples saw more workers than the cap, and the first few of them.
    pub(crate) over_cap: usize,
    pub(crate) over_cap_seen: Vec<Vec<String>>,
}

/// Samples the server every [`SAMPLE_EVERY`] on a thread of its own until stopped.
pub(crate) struct Sampler {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<Samples>,
}

impl Sampler {
    pub(crate) fn start(server: u32) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            let mut samples = Samples::default();
            let mut workers_seen = HashSet::new();
            let mut fork_servers = HashSet::new();
            while !flag.load(Ordering::Relaxed) {
                let census = Census::take(server, None, &mut workers_seen);
                samples.count += 1;
                samples.peak_rss_kib =
                    samples.peak_rss_kib.max(status_kib(server, "VmRSS:").unwrap_or(0));
                samples.peak_total_rss_kib = samples.peak_total_rss_kib.max(census.total_rss_kib);
                samples.peak_workers = samples.peak_workers.max(census.workers);
                fork_servers.extend(census.fork_servers.iter().copied());
                if census.workers > MAX_WORKERS {
                    samples.over_cap += 1;
                    if samples.over_cap_seen.len() < 3 {
                        samples.over_cap_seen.push(census.worker_states);
                    }
                }
                samples.peak_tools = samples.peak_tools.max(census.tools.len());
                std::thread::sleep(SAMPLE_EVERY);
            }
            samples.fork_servers = fork_servers.difference(&workers_seen).count();
            samples.worker_pids = workers_seen.union(&fork_servers).copied().collect();
            samples
        });
        Self { stop, thread }
    }

    pub(crate) fn stop(self) -> Samples {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.join().expect("the sampler panicked")
    }
}

/// Processes alive that were the server's workers, or that work in the scratch folder.
pub(crate) fn survivors(workers: &HashSet<u32>, scratch: &Path) -> Vec<String> {
    processes()
        .into_iter()
        .filter(|proc| proc.state != 'Z')
        .filter(|proc| {
            let worker = workers.contains(&proc.pid)
                && cmdline(proc.pid).get(1).is_some_and(|arg| arg == WORKER_FLAG);
            worker
                || fs::read_link(format!("/proc/{}/cwd", proc.pid))
                    .is_ok_and(|cwd| cwd.starts_with(scratch))
        })
        .map(|proc| format!("{} {}", proc.pid, cmdline(proc.pid).join(" ")))
        .collect()
}
