//! A worker the fork server made (`zygote.rs`), held by a pidfd: the host is its parent
//! (`CLONE_PARENT`), so it kills it, waits for it and reaps it as it would a child it spawned,
//! and no one else reaps it. A pid alone could name another process once the worker is
//! reaped; a pidfd names this one for as long as it is open, and it is opened while the
//! worker cannot have been reaped yet (only its parent, this process, reaps it).

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;

use tokio::io::Interest;
use tokio::io::unix::AsyncFd;

/// A forked worker, killed and reaped when dropped if it was not before.
pub(crate) struct ForkedChild {
    pidfd: AsyncFd<OwnedFd>,
    /// Its exit status, once reaped.
    status: Option<ExitStatus>,
}

impl ForkedChild {
    /// Takes charge of `pid`, a child of this process that nothing has reaped.
    #[allow(unsafe_code)]
    pub(crate) fn adopt(pid: libc::pid_t) -> io::Result<Self> {
        // SAFETY: pidfd_open takes plain integers and returns a new descriptor or -1.
        let raw = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
        if raw < 0 {
            return Err(io::Error::last_os_error());
        }
        let raw = libc::c_int::try_from(raw).map_err(io::Error::other)?;
        // SAFETY: `raw` is a descriptor pidfd_open just opened for this process alone.
        let pidfd = unsafe { OwnedFd::from_raw_fd(raw) };
        let pidfd = watch(pidfd)?;
        let mut child = Self { pidfd, status: None };
        // A pid that is not this process's child cannot be waited for: refuse it now, while
        // its pidfd only names it.
        child.try_wait()?;
        Ok(child)
    }

    /// Whether the kernel has pidfds (Linux 5.4 and later, with `waitid(P_PIDFD)`): without
    /// them a forked worker cannot be held safely, and workers are spawned instead.
    #[allow(unsafe_code)]
    pub(crate) fn supported() -> bool {
        // SAFETY: pidfd_open takes plain integers and returns a new descriptor or -1.
        let raw = unsafe { libc::syscall(libc::SYS_pidfd_open, std::process::id(), 0) };
        let Ok(raw) = libc::c_int::try_from(raw) else { return false };
        if raw < 0 {
            return false;
        }
        // SAFETY: `raw` is a descriptor pidfd_open just opened for this process alone.
        drop(unsafe { OwnedFd::from_raw_fd(raw) });
        true
    }

    /// Its exit status if it has exited (it is then reaped), without waiting.
    #[allow(unsafe_code)]
    pub(crate) fn try_wait(&mut self) -> io::Result<Option<ExitStatus>> {
        if let Some(status) = self.status {
            return Ok(Some(status));
        }
        // SAFETY: an all-zero siginfo_t is valid; waitid fills it.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let options = libc::WEXITED | libc::WNOHANG;
        // SAFETY: waitid on our pidfd writes only `info`.
        let rc = unsafe {
            libc::waitid(libc::P_PIDFD, self.pidfd.as_raw_fd() as libc::id_t, &mut info, options)
        };
        if rc != 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: waitid filled `info` for a child (or left si_pid zero: still running).
        let (pid, status) = unsafe { (info.si_pid(), info.si_status()) };
        if pid == 0 {
            return Ok(None);
        }
        let raw = match info.si_code {
            libc::CLD_EXITED => (status & 0xff) << 8,
            libc::CLD_DUMPED => (status & 0x7f) | 0x80,
            _ => status & 0x7f,
        };
        let status = ExitStatus::from_raw(raw);
        self.status = Some(status);
        Ok(Some(status))
    }

    /// Sends it SIGKILL, unless it is reaped already.
    #[allow(unsafe_code)]
    pub(crate) fn start_kill(&mut self) -> io::Result<()> {
        if self.status.is_some() {
            return Ok(());
        }
        // SAFETY: pidfd_send_signal on our pidfd, with no siginfo.
        let rc = unsafe {
            libc::syscall(
                libc::SYS_pidfd_send_signal,
                self.pidfd.as_raw_fd(),
                libc::SIGKILL,
                std::ptr::null::<libc::siginfo_t>(),
                0,
            )
        };
        // ESRCH: it has exited already (and waits to be reaped).
        if rc != 0 && io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH) {
            return Err(io::Error::last_os_error());
        }
        Ok(())
    }

    /// Waits for it to exit, and reaps it.
    pub(crate) async fn wait(&mut self) -> io::Result<ExitStatus> {
        loop {
            if let Some(status) = self.try_wait()? {
                return Ok(status);
            }
            // A pidfd is readable once its process has exited.
            let mut ready = self.pidfd.readable().await?;
            ready.clear_ready();
        }
    }
}

impl Drop for ForkedChild {
    /// Kills it, and reaps it: here if it is gone already, else on a task once it is (a killed
    /// process takes a moment to go), or blocking where there is no runtime left.
    fn drop(&mut self) {
        if self.status.is_some() {
            return;
        }
        let _ = self.start_kill();
        if !matches!(self.try_wait(), Ok(None)) {
            return;
        }
        let Ok(pidfd) = self.pidfd.get_ref().try_clone() else { return };
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => {
                runtime.spawn(async move {
                    if let Ok(watched) = watch(pidfd) {
                        let _ = watched.readable().await;
                        reap_blocking(watched.get_ref());
                    }
                });
            }
            Err(_) => reap_blocking(&pidfd),
        }
    }
}

/// Registers `pidfd` with the runtime, to learn when its process exits.
#[allow(unsafe_code)]
fn watch(pidfd: OwnedFd) -> io::Result<AsyncFd<OwnedFd>> {
    // SAFETY: the AsyncFd owns the descriptor, so it stays open for as long as it is
    // registered.
    Ok(unsafe { AsyncFd::register_with_interest(pidfd, Interest::READABLE) }?)
}

/// Waits for the process of `pidfd` to exit and reaps it, blocking (at once, for a process
/// that has exited).
#[allow(unsafe_code)]
fn reap_blocking(pidfd: &OwnedFd) {
    // SAFETY: an all-zero siginfo_t is valid; waitid fills it.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    // SAFETY: waitid on a pidfd this process owns writes only `info`.
    unsafe {
        libc::waitid(libc::P_PIDFD, pidfd.as_raw_fd() as libc::id_t, &mut info, libc::WEXITED)
    };
}
