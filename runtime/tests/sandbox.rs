//! The OS-level sandbox of a worker process (DESIGN.md §5, R-RT-3), tested on real child processes.
//!
//! Most tests re-execute this test binary with `ORDO_SANDBOX_CHILD` naming a role: the
//! `child_role` test then plays that role (runs Rust code under the limits or the filter and
//! prints `report KEY VALUE` lines) instead of doing nothing.
#![cfg(target_os = "linux")]

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufRead as _, Write as _};
use std::net::{TcpStream, UdpSocket};
use std::os::unix::process::{CommandExt as _, ExitStatusExt as _};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant, SystemTime};

use ordo_runtime::sandbox::{
    ProcessLimits, SandboxError, SeccompStatus, WORKER_LIMITS_VARIABLE, apply_in_child,
    enter_worker_limits, install_fork_server_filter, install_forked_worker_filter,
    install_seccomp_filter, worker_limits,
};

const ROLE_VAR: &str = "ORDO_SANDBOX_CHILD";
const MIB: u64 = 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// rlimits and the parent-death signal

/// Limits unlike both the defaults and the host's own.
fn requested() -> ProcessLimits {
    ProcessLimits {
        address_space: Some(300 * MIB),
        cpu_time: Some(Duration::from_millis(1500)),
        open_files: Some(32),
        core_dumps: false,
    }
}

/// A child's /proc/self/limits shows [`requested`].
fn assert_requested(limits: &str) {
    let table = proc_limits(limits);
    assert_eq!(table["Max address space"], pair(300 * MIB, 300 * MIB));
    // 1.5 s rounds up to 2 s; the hard limit is one second later.
    assert_eq!(table["Max cpu time"], pair(2, 3));
    assert_eq!(table["Max open files"], pair(32, 32));
    assert_eq!(table["Max core file size"], pair(0, 0));
}

#[test]
fn r_rt_3_child_starts_under_the_requested_rlimits() {
    let mut command = Command::new("cat");
    command.arg("/proc/self/limits");
    apply_in_child(&mut command, &requested());
    assert_requested(&stdout(&checked(command.output())));
}

#[tokio::test]
async fn r_rt_3_tokio_command_gets_the_documented_default_rlimits() {
    let mut command = tokio::process::Command::new("cat");
    command.arg("/proc/self/limits");
    apply_in_child(&mut command, &ProcessLimits::default());
    let table = proc_limits(&stdout(&checked(command.output().await)));

    assert_eq!(table["Max address space"], pair(512 * MIB, 512 * MIB));
    assert_eq!(table["Max cpu time"], pair(10, 11));
    assert_eq!(table["Max open files"], pair(64, 64));
    assert_eq!(table["Max core file size"], pair(0, 0));
}

#[test]
fn r_rt_3_unset_limits_are_inherited_from_the_host() {
    let none =
        ProcessLimits { address_space: None, cpu_time: None, open_files: None, core_dumps: true };
    let mut command = Command::new("cat");
    command.arg("/proc/self/limits");
    apply_in_child(&mut command, &none);
    let child = proc_limits(&stdout(&checked(command.output())));
    let host = proc_limits(&std::fs::read_to_string("/proc/self/limits").expect("own limits"));

    for name in ["Max address space", "Max cpu time", "Max open files", "Max core file size"] {
        assert_eq!(child[name], host[name], "{name}");
    }
}

#[test]
fn r_rt_3_limits_above_the_hosts_hard_limit_are_lowered_not_refused() {
    // A host under 16 files and 400 MiB asks for the defaults (64 files, 512 MiB) for its child.
    let mut command = child("clamp");
    apply_in_child(
        &mut command,
        &ProcessLimits {
            open_files: Some(16),
            address_space: Some(400 * MIB),
            ..ProcessLimits::default()
        },
    );
    let table = proc_limits(&stdout(&checked(command.output())));

    assert_eq!(table["Max open files"], pair(16, 16));
    assert_eq!(table["Max address space"], pair(400 * MIB, 400 * MIB));
}

#[test]
fn r_rt_3_cpu_limit_ends_a_busy_child_with_sigxcpu() {
    let mut command = child("spin");
    apply_in_child(
        &mut command,
        &ProcessLimits { cpu_time: Some(Duration::from_secs(1)), ..ProcessLimits::default() },
    );
    let (output, elapsed) = timed(command);

    assert_eq!(output.status.signal(), Some(libc::SIGXCPU), "{}", describe(&output));
    eprintln!("measured: a busy child under RLIMIT_CPU=1s died of SIGXCPU after {elapsed:?}");
    assert!(elapsed < Duration::from_secs(5), "{elapsed:?}");
}

#[test]
fn r_rt_3_address_space_limit_ends_an_allocating_child_with_sigabrt() {
    let (output, elapsed) = timed(hog("hog"));

    assert_eq!(output.status.signal(), Some(libc::SIGABRT), "{}", describe(&output));
    assert!(stderr(&output).contains("memory allocation of"), "{}", describe(&output));
    eprintln!("measured: an allocating child under RLIMIT_AS=256MiB aborted after {elapsed:?}");
}

#[test]
fn r_rt_3_worker_dies_when_its_host_dies() {
    // The "host" child starts a `sleep 30` worker under apply_in_child, prints its pid and exits.
    let output = checked(child("host").output());
    let worker: u32 = reports(&stdout(&output))["worker"].parse().expect("a pid");

    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        // Gone, or a zombie waiting for whoever adopted it to reap it: either way, dead.
        match std::fs::read_to_string(format!("/proc/{worker}/stat")) {
            Err(_) => break,
            Ok(stat) if stat.rsplit(") ").next().is_some_and(|s| s.starts_with('Z')) => break,
            Ok(stat) => assert!(Instant::now() < deadline, "worker still alive: {stat}"),
        }
        thread::sleep(Duration::from_millis(10));
    }
}

/// A worker sets on itself the limits its host worked out and handed it in its environment,
/// and closes what it inherited past the standard streams (R-RT-3).
#[test]
fn r_rt_3_a_worker_enters_the_limits_its_host_handed_it() {
    let spec = worker_limits(&requested());
    assert!(spec.ends_with(&format!("parent={}", std::process::id())), "{spec}");
    let mut command = child("enter-limits");
    command.env(WORKER_LIMITS_VARIABLE, &spec);
    let output = checked(command.output());
    assert_requested(&stdout(&output));
    let report = reports(&stdout(&output));
    assert_eq!(report["inherited"], "closed", "{}", describe(&output));
}

/// A worker whose host is not its parent (it died, the worker was adopted) or whose limits it
/// cannot read in full refuses to run rather than run unbounded (R-RT-3, R-RT-7).
#[test]
fn r_rt_3_a_worker_refuses_limits_it_cannot_trust() {
    for (spec, expected) in [
        ("as=1:1 parent=1".to_owned(), "No such process"),
        (format!("as=1:1 cpu=x:2 parent={}", std::process::id()), "cpu=x:2"),
        (format!("stack=1:1 parent={}", std::process::id()), "stack=1:1"),
        ("as=1:1".to_owned(), "no parent"),
    ] {
        let mut command = child("enter-limits");
        command.env(WORKER_LIMITS_VARIABLE, &spec);
        let output = checked(command.output());
        let report = reports(&stdout(&output));
        assert!(report["entered"].contains(expected), "{spec}: {}", describe(&output));
    }
}

// ---------------------------------------------------------------------------------------------
// the seccomp filter

#[test]
fn r_rt_3_seccomp_denies_files_processes_sockets_threads_and_signals_to_others() {
    // A spawned worker's filter, and a forked worker's: its fork server's, narrowed.
    for role in ["seccomp-denies", "seccomp-stacked-denies"] {
        let output = checked(child(role).output());
        let report = reports(&stdout(&output));
        if !filter_installed(&report) {
            return;
        }
        let eperm = libc::EPERM.to_string();
        for denied in ["open", "create", "exec", "udp_socket", "tcp_connect", "kill_other"] {
            assert_eq!(report[denied], eperm, "{role} {denied}: {}", describe(&output));
        }
        for denied in ["spawn_process", "spawn_thread"] {
            assert_ne!(report[denied], "ok", "{role} {denied}: {}", describe(&output));
        }
        // What the fork server's filter adds for its children's first steps is denied again.
        for denied in ["dup2", "rlimit", "prctl", "parent", "filter_again"] {
            assert_eq!(report[denied], eperm, "{role} {denied}: {}", describe(&output));
        }
    }
}

#[test]
fn r_rt_3_a_fork_server_filter_allows_forking_but_no_files_exec_or_sockets() {
    let output = checked(child("seccomp-fork-server").output());
    let report = reports(&stdout(&output));
    if !filter_installed(&report) {
        return;
    }
    assert_eq!(report["forked"], "ok", "{}", describe(&output));
    assert_eq!(report["dup2"], "ok", "{}", describe(&output));
    let eperm = libc::EPERM.to_string();
    for denied in ["exec", "udp_socket", "kill_other"] {
        assert_eq!(report[denied], eperm, "{denied}: {}", describe(&output));
    }
}

#[test]
fn r_rt_3_seccomp_keeps_memory_pipes_and_existing_threads_working() {
    let mut process =
        child("seccomp-allows").stdin(Stdio::piped()).spawn().expect("spawn the child");
    process.stdin.take().expect("a stdin pipe").write_all(b"ping\n").expect("write to the child");
    let output = checked(process.wait_with_output());
    let report = reports(&stdout(&output));
    if !filter_installed(&report) {
        return;
    }
    assert_eq!(report["stdin"], "ping");
    assert_eq!(report["alloc_50mib"], "ok");
    assert_eq!(report["grow_50mib"], "ok");
    assert_eq!(report["channel"], "ok");
    // The helper thread predates the filter and is filtered too (TSYNC).
    assert_eq!(report["helper_open"], libc::EPERM.to_string());
    assert_eq!(report["clock"], "ok");
    assert_eq!(report["hashmap"], "ok");
    assert_eq!(report["panic"], "caught");
    assert_eq!(report["join"], "ok");
    assert_eq!(report["done"], "yes");
    eprintln!(
        "measured: the child's address space before the filter was {} kB",
        report["vm_size_kb"]
    );
}

#[test]
fn r_rt_3_seccomp_spares_a_thread_spawned_just_before_it() {
    // The filter reaches a thread that glibc has not finished starting (rseq, robust list):
    // that start must survive it. A race, so try a few times.
    for _ in 0..8 {
        let output = checked(child("seccomp-fresh-thread").output());
        let report = reports(&stdout(&output));
        if !filter_installed(&report) {
            return;
        }
        assert_eq!(report["received"], "ok", "{}", describe(&output));
        assert_eq!(report["join"], "ok", "{}", describe(&output));
    }
}

#[test]
fn r_rt_3_allocation_failure_under_seccomp_still_aborts() {
    let (output, elapsed) = timed(hog("hog-filtered"));
    let report = reports(&stdout(&output));
    if report.get("seccomp").map(String::as_str) == Some("unsupported") {
        assert!(!kernel_advertises_seccomp(), "{}", describe(&output));
    } else {
        assert_eq!(report["seccomp"], "installed", "{}", describe(&output));
    }

    assert_eq!(output.status.signal(), Some(libc::SIGABRT), "{}", describe(&output));
    assert!(stderr(&output).contains("memory allocation of"), "{}", describe(&output));
    eprintln!("measured: a filtered child under RLIMIT_AS=256MiB aborted after {elapsed:?}");
}

#[test]
fn r_rt_3_stack_overflow_under_seccomp_still_aborts() {
    let output = child("overflow-filtered").output().expect("spawn the child");
    let report = reports(&stdout(&output));
    if report.get("seccomp").map(String::as_str) == Some("unsupported") {
        assert!(!kernel_advertises_seccomp(), "{}", describe(&output));
    } else {
        assert_eq!(report["seccomp"], "installed", "{}", describe(&output));
    }

    assert_eq!(output.status.signal(), Some(libc::SIGABRT), "{}", describe(&output));
    assert!(stderr(&output).contains("overflowed its stack"), "{}", describe(&output));
}

// ---------------------------------------------------------------------------------------------
// the child side

/// Not a behaviour test: the body of the child processes the tests above start. Without
/// `ORDO_SANDBOX_CHILD` it does nothing.
#[test]
fn child_role() {
    let Ok(role) = std::env::var(ROLE_VAR) else {
        return;
    };
    match role.as_str() {
        "spin" => loop {
            std::hint::black_box(0_u64);
        },
        "hog" => allocate_forever(),
        "hog-filtered" => {
            install_and_report();
            allocate_forever();
        }
        "overflow-filtered" => {
            install_and_report();
            report("depth", recurse(0));
        }
        "host" => {
            let mut worker = Command::new("sleep");
            worker.arg("30").stdin(Stdio::null()).stdout(Stdio::null());
            apply_in_child(&mut worker, &ProcessLimits::default());
            #[expect(clippy::zombie_processes, reason = "the worker must outlive this host")]
            let worker = worker.spawn().expect("spawn the worker");
            report("worker", worker.id());
        }
        "clamp" => {
            let mut command = Command::new("cat");
            command.arg("/proc/self/limits");
            apply_in_child(&mut command, &ProcessLimits::default());
            let output = checked(command.output());
            print!("{}", String::from_utf8_lossy(&output.stdout));
        }
        "seccomp-fresh-thread" => {
            let (sender, receiver) = mpsc::channel();
            let fresh = thread::spawn(move || sender.send(42_u32));
            install_and_report();
            report("received", outcome(receiver.recv().map_err(io::Error::other)));
            report("join", outcome(fresh.join().map_err(|_| io::Error::other("panicked"))));
        }
        "enter-limits" => {
            // Something inherited past the standard streams, as a careless host might leave it.
            let inherited = File::open("/proc/self/limits").expect("a file to inherit");
            let fd = std::os::fd::IntoRawFd::into_raw_fd(inherited);
            let spec = std::env::var(WORKER_LIMITS_VARIABLE).expect("the limits");
            match enter_worker_limits(&spec) {
                Ok(()) => {
                    // Looked at before anything opens a file that could take its number.
                    let open = std::fs::read_link(format!("/proc/self/fd/{fd}")).is_ok();
                    report("inherited", if open { "open" } else { "closed" });
                    let limits = std::fs::read_to_string("/proc/self/limits").expect("limits");
                    print!("{limits}");
                }
                Err(error) => report("entered", error),
            }
        }
        "seccomp-denies" => seccomp_denies(install_and_report),
        "seccomp-stacked-denies" => seccomp_denies(|| {
            install_fork_server_filter().expect("the fork server's filter installs");
            report_installed(install_forked_worker_filter())
        }),
        "seccomp-fork-server" => seccomp_fork_server(),
        "seccomp-allows" => seccomp_allows(),
        other => panic!("unknown role {other}"),
    }
    // Leave now: the harness has nothing left to do, and under the filter it could not do it.
    io::stdout().flush().expect("flush stdout");
    std::process::exit(0);
}

/// A process to signal, which dies with this one (the parent-death signal).
fn other_process() -> std::process::Child {
    let mut other = Command::new("sleep");
    other.arg("30").stdin(Stdio::null()).stdout(Stdio::null());
    apply_in_child(&mut other, &ProcessLimits::default());
    other.spawn().expect("spawn a process to signal")
}

/// The last `errno` as an outcome, for a libc call that returned `rc`.
fn errno_outcome(rc: libc::c_long) -> String {
    outcome(if rc < 0 { Err(io::Error::last_os_error()) } else { Ok(()) })
}

#[allow(unsafe_code)]
fn seccomp_denies(install: fn() -> bool) {
    #[expect(clippy::zombie_processes, reason = "wait4 is denied once the filter is in")]
    let mut other = other_process();

    if !install() {
        return;
    }
    // SAFETY: each call takes plain integers or a valid, live rlimit.
    unsafe {
        report("dup2", errno_outcome(libc::dup2(2, 9).into()));
        let limit = libc::rlimit { rlim_cur: 1, rlim_max: 1 };
        report("rlimit", errno_outcome(libc::setrlimit(libc::RLIMIT_CORE, &limit).into()));
        report("prctl", errno_outcome(libc::prctl(libc::PR_SET_NAME, c"x".as_ptr()).into()));
        report("parent", errno_outcome(libc::syscall(libc::SYS_getppid)));
    }
    report(
        "filter_again",
        match install_forked_worker_filter() {
            Err(SandboxError::Install(error)) => outcome::<()>(Err(error)),
            other => format!("{other:?}"),
        },
    );
    report("open", outcome(File::open("/etc/passwd")));
    report("create", outcome(File::create(std::env::temp_dir().join("ordo-sandbox-test"))));
    report("spawn_process", outcome(Command::new("/bin/true").status()));
    // Replaces this process if execve is allowed: the reports after it would be missing.
    report("exec", outcome::<()>(Err(Command::new("/bin/true").exec())));
    report("udp_socket", outcome(UdpSocket::bind("127.0.0.1:0")));
    report("tcp_connect", outcome(TcpStream::connect("127.0.0.1:9")));
    report("kill_other", outcome(other.kill()));
    report("spawn_thread", outcome(thread::Builder::new().spawn(|| ())));
}

enum Request {
    Double(u64),
    OpenAFile,
}

fn seccomp_allows() {
    // A thread started before the filter, talking over futex-based channels.
    let (requests, helper_requests) = mpsc::channel::<Request>();
    let (helper_replies, replies) = mpsc::channel::<String>();
    let helper = thread::spawn(move || {
        if helper_replies.send("ready".to_owned()).is_err() {
            return;
        }
        for request in helper_requests {
            let reply = match request {
                Request::Double(n) => (n * 2).to_string(),
                Request::OpenAFile => outcome(File::open("/etc/passwd")),
            };
            if helper_replies.send(reply).is_err() {
                break;
            }
        }
    });
    // Running, not only spawned: the other test covers a thread caught mid-start.
    assert_eq!(replies.recv().expect("helper ready"), "ready");
    let status = std::fs::read_to_string("/proc/self/status").expect("own status");
    let vm_size = status
        .lines()
        .find_map(|line| line.strip_prefix("VmSize:"))
        .map_or("?", |kb| kb.trim().trim_end_matches(" kB"));
    report("vm_size_kb", vm_size);

    if !install_and_report() {
        return;
    }

    let mut line = String::new();
    io::stdin().lock().read_line(&mut line).expect("read stdin");
    report("stdin", line.trim());

    let filled = vec![7_u8; 50 * 1024 * 1024];
    let all_seven = filled.iter().all(|&byte| byte == 7);
    report("alloc_50mib", if all_seven { "ok" } else { "corrupt" });
    drop(filled);
    let mut grown = Vec::new();
    for i in 0..(50 * 1024 * 1024 / 8) {
        grown.push(i as u64);
    }
    report("grow_50mib", if grown[1000] == 1000 { "ok" } else { "corrupt" });
    drop(grown);

    let mut channel_ok = true;
    for n in 0..1000 {
        requests.send(Request::Double(n)).expect("send to helper");
        channel_ok &= replies.recv().expect("helper reply") == (n * 2).to_string();
    }
    report("channel", if channel_ok { "ok" } else { "wrong" });
    requests.send(Request::OpenAFile).expect("send to helper");
    report("helper_open", replies.recv().expect("helper reply"));

    let started = Instant::now();
    let since_epoch = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH);
    let clock_ok = since_epoch.is_ok_and(|d| d.as_secs() > 0) && started.elapsed() < MINUTE;
    report("clock", if clock_ok { "ok" } else { "wrong" });

    let map: HashMap<u32, u32> = (0..100).map(|i| (i, i)).collect();
    report("hashmap", if map[&42] == 42 { "ok" } else { "wrong" });

    let caught = std::panic::catch_unwind(|| panic!("a contained panic"));
    report("panic", if caught.is_err() { "caught" } else { "escaped" });

    drop(requests);
    report("join", outcome(helper.join().map_err(|_| io::Error::other("panicked"))));
    report("done", "yes");
}

const MINUTE: Duration = Duration::from_secs(60);

/// Under a fork server's filter: it forks (the child exits at once) and moves descriptors, but
/// still cannot execute, open sockets or signal other processes.
#[allow(unsafe_code)]
fn seccomp_fork_server() {
    #[expect(clippy::zombie_processes, reason = "it dies with this process")]
    let mut other = other_process();
    if !report_installed(install_fork_server_filter()) {
        return;
    }
    // SAFETY: a fork whose child only calls _exit; dup2 of stderr onto a free descriptor.
    unsafe {
        let flags = libc::SIGCHLD as libc::c_ulong;
        let pid = libc::syscall(libc::SYS_clone, flags, 0usize, 0usize, 0usize, 0usize);
        if pid == 0 {
            libc::_exit(0);
        }
        report("forked", errno_outcome(pid));
        report("dup2", errno_outcome(libc::dup2(2, 9).into()));
    }
    report("exec", outcome::<()>(Err(Command::new("/bin/true").exec())));
    report("udp_socket", outcome(UdpSocket::bind("127.0.0.1:0")));
    report("kill_other", outcome(other.kill()));
}

/// Installs the filter and says so on stdout; `false` when the kernel cannot filter.
fn install_and_report() -> bool {
    report_installed(install_seccomp_filter())
}

/// Says on stdout whether a filter went in; `false` when the kernel cannot filter.
fn report_installed(installed: Result<SeccompStatus, SandboxError>) -> bool {
    match installed.expect("the filter installs or is unsupported") {
        SeccompStatus::Installed => {
            report("seccomp", "installed");
            true
        }
        SeccompStatus::Unsupported(reason) => {
            report("seccomp", "unsupported");
            report("reason", reason.replace(' ', "_"));
            false
        }
    }
}

fn allocate_forever() {
    let mut kept = Vec::new();
    loop {
        // Touched, so the pages are real.
        kept.push(vec![1_u8; 1024 * 1024]);
    }
}

fn recurse(depth: u64) -> u64 {
    let frame = std::hint::black_box([depth; 64]);
    if depth == u64::MAX {
        return 0;
    }
    recurse(depth + 1) + frame[0]
}

fn report(key: &str, value: impl std::fmt::Display) {
    println!("report {key} {value}");
}

/// `ok`, or the errno of the failure.
fn outcome<T>(result: io::Result<T>) -> String {
    match result {
        Ok(_) => "ok".to_owned(),
        Err(error) => {
            error.raw_os_error().map_or_else(|| format!("error:{error}"), |errno| errno.to_string())
        }
    }
}

// ---------------------------------------------------------------------------------------------
// the parent side

/// This test binary, to play `role`.
fn child(role: &str) -> Command {
    let mut command = Command::new(std::env::current_exe().expect("the test binary"));
    command
        .args(["child_role", "--exact", "--nocapture", "--test-threads=1", "--quiet"])
        .env(ROLE_VAR, role)
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// An allocating child under a 256 MiB address space.
fn hog(role: &str) -> Command {
    let mut command = child(role);
    apply_in_child(
        &mut command,
        &ProcessLimits { address_space: Some(256 * MIB), ..ProcessLimits::default() },
    );
    command
}

fn timed(mut command: Command) -> (Output, Duration) {
    let started = Instant::now();
    let output = command.output().expect("spawn the child");
    (output, started.elapsed())
}

fn checked(output: io::Result<Output>) -> Output {
    let output = output.expect("spawn the child");
    assert!(output.status.success(), "{}", describe(&output));
    output
}

/// The `report KEY VALUE` lines of a child.
fn reports(stdout: &str) -> HashMap<String, String> {
    stdout
        .lines()
        .filter_map(|line| line.strip_prefix("report "))
        .filter_map(|line| line.split_once(' '))
        .map(|(key, value)| (key.to_owned(), value.to_owned()))
        .collect()
}

/// Whether the filter went in; if the child says the kernel cannot filter, checks that the
/// kernel indeed advertises no seccomp actions.
fn filter_installed(report: &HashMap<String, String>) -> bool {
    match report.get("seccomp").map(String::as_str) {
        Some("installed") => true,
        Some("unsupported") => {
            assert!(!kernel_advertises_seccomp(), "{report:?}");
            false
        }
        other => panic!("no seccomp report: {other:?} in {report:?}"),
    }
}

/// Kernels with seccomp filters (4.14 on) list their actions here.
fn kernel_advertises_seccomp() -> bool {
    Path::new("/proc/sys/kernel/seccomp/actions_avail").exists()
}

/// `/proc/PID/limits` as name -> (soft, hard).
fn proc_limits(text: &str) -> HashMap<String, (String, String)> {
    text.lines()
        .skip(1)
        .filter_map(|line| {
            // "%-25s %-20s %-20s %-10s": the name has spaces, so cut it by width.
            let (name, rest) = (line.get(..26)?, line.get(26..)?);
            let mut values = rest.split_whitespace();
            let (soft, hard) = (values.next()?, values.next()?);
            Some((name.trim().to_owned(), (soft.to_owned(), hard.to_owned())))
        })
        .collect()
}

fn pair(soft: u64, hard: u64) -> (String, String) {
    (soft.to_string(), hard.to_string())
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn describe(output: &Output) -> String {
    format!("status {:?}\nstdout:\n{}\nstderr:\n{}", output.status, stdout(output), stderr(output))
}
