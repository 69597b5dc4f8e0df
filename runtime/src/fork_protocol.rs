//! What a host and its fork server say to each other (`host/zygote.rs`, `worker/zygote.rs`;
//! DESIGN.md §5, R-RT-3), over a Unix socket that is the fork server's stdin and stdout.
//!
//! - The fork server, once ready, writes [`HELLO`]. A program that is not a fork server (a
//!   plain worker says `Ready` in a frame) writes something else: the host then starts its
//!   workers one process each, as without a fork server.
//! - The host asks for a worker with one byte, [`FORK`], carrying three descriptors
//!   (`SCM_RIGHTS`): the new worker's stdin, stdout and stderr, made by the host.
//! - The fork server answers with four bytes, little-endian: the new worker's pid, or a
//!   negative errno when it could not fork.
//!
//! The host is the new worker's parent (`CLONE_PARENT`): it reaps it and kills it by a pidfd,
//! as it would a worker it spawned; the fork server never learns how a worker ends.

use std::io;
use std::os::fd::{FromRawFd, OwnedFd, RawFd};

/// The fork server's first bytes: it is ready to fork workers.
pub(crate) const HELLO: [u8; 8] = *b"ordo-zyg";

/// A request for a worker.
pub(crate) const FORK: u8 = b'f';

/// The descriptors a request carries: the worker's stdin, stdout and stderr.
pub(crate) const DESCRIPTORS: usize = 3;

/// Room for one control message of [`DESCRIPTORS`] descriptors (`CMSG_SPACE` of 12 bytes is
/// 32 on 64-bit Linux), aligned as `cmsghdr` wants.
#[repr(C, align(8))]
struct ControlBuffer([u8; 64]);

/// Sends a [`FORK`] request carrying `descriptors` on `socket` (non-blocking: may fail with
/// `WouldBlock`).
#[allow(unsafe_code)]
pub(crate) fn send_request(socket: RawFd, descriptors: [RawFd; DESCRIPTORS]) -> io::Result<()> {
    let mut byte = [FORK];
    let mut part = libc::iovec { iov_base: byte.as_mut_ptr().cast(), iov_len: 1 };
    let mut control = ControlBuffer([0; 64]);
    let payload = std::mem::size_of_val(&descriptors);
    // SAFETY: CMSG_SPACE and CMSG_LEN compute sizes from an integer.
    let (space, length) =
        unsafe { (libc::CMSG_SPACE(payload as u32), libc::CMSG_LEN(payload as u32)) };
    // SAFETY: an all-zero msghdr is a valid empty message.
    let mut message: libc::msghdr = unsafe { std::mem::zeroed() };
    message.msg_iov = &mut part;
    message.msg_iovlen = 1;
    message.msg_control = control.0.as_mut_ptr().cast();
    message.msg_controllen = space as _;
    // SAFETY: the control buffer is aligned and larger than `space`, so CMSG_FIRSTHDR points
    // into it and the header and its payload fit; every pointer in `message` outlives sendmsg.
    unsafe {
        let header = libc::CMSG_FIRSTHDR(&message);
        if header.is_null() {
            return Err(io::Error::other("no room for the descriptors"));
        }
        (*header).cmsg_level = libc::SOL_SOCKET;
        (*header).cmsg_type = libc::SCM_RIGHTS;
        (*header).cmsg_len = length as _;
        std::ptr::copy_nonoverlapping(
            descriptors.as_ptr().cast::<u8>(),
            libc::CMSG_DATA(header),
            payload,
        );
        match libc::sendmsg(socket, &message, libc::MSG_NOSIGNAL) {
            1 => Ok(()),
            0 => Err(io::ErrorKind::WriteZero.into()),
            _ => Err(io::Error::last_os_error()),
        }
    }
}

/// Receives a request on `socket` (blocking): its descriptors, close-on-exec, or `None` when
/// the host closed the socket. Anything but a [`FORK`] byte with exactly [`DESCRIPTORS`]
/// descriptors is an error; descriptors that came with it are closed.
#[allow(unsafe_code)]
pub(crate) fn receive_request(socket: RawFd) -> io::Result<Option<[OwnedFd; DESCRIPTORS]>> {
    let mut byte = [0u8];
    let mut part = libc::iovec { iov_base: byte.as_mut_ptr().cast(), iov_len: 1 };
    let mut control = ControlBuffer([0; 64]);
    // SAFETY: an all-zero msghdr is a valid empty message.
    let mut message: libc::msghdr = unsafe { std::mem::zeroed() };
    message.msg_iov = &mut part;
    message.msg_iovlen = 1;
    message.msg_control = control.0.as_mut_ptr().cast();
    message.msg_controllen = control.0.len() as _;
    let received = loop {
        // SAFETY: every pointer in `message` is valid for writes of the sizes it names.
        let received = unsafe { libc::recvmsg(socket, &mut message, libc::MSG_CMSG_CLOEXEC) };
        if received >= 0 {
            break received;
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    };
    // Owned before anything is checked, so that none leaks whatever comes.
    let mut descriptors = Vec::new();
    // SAFETY: the kernel filled `control` with `msg_controllen` bytes of well-formed control
    // messages; CMSG_FIRSTHDR/CMSG_NXTHDR stay within them, and SCM_RIGHTS data is an array
    // of descriptors the kernel just installed in this process.
    unsafe {
        let mut header = libc::CMSG_FIRSTHDR(&message);
        while !header.is_null() {
            if (*header).cmsg_level == libc::SOL_SOCKET && (*header).cmsg_type == libc::SCM_RIGHTS {
                let bytes = (*header).cmsg_len as usize - libc::CMSG_LEN(0) as usize;
                let data = libc::CMSG_DATA(header).cast::<libc::c_int>();
                for index in 0..bytes / std::mem::size_of::<libc::c_int>() {
                    let descriptor = std::ptr::read_unaligned(data.add(index));
                    descriptors.push(OwnedFd::from_raw_fd(descriptor));
                }
            }
            header = libc::CMSG_NXTHDR(&message, header);
        }
    }
    if received == 0 && descriptors.is_empty() {
        return Ok(None);
    }
    let malformed = || io::Error::new(io::ErrorKind::InvalidData, "a malformed fork request");
    if byte != [FORK] || message.msg_flags & libc::MSG_CTRUNC != 0 {
        return Err(malformed());
    }
    <[OwnedFd; DESCRIPTORS]>::try_from(descriptors).map(Some).map_err(|_| malformed())
}

/// The answer to a request: the worker's pid, or the errno of a failed fork.
pub(crate) fn answer(forked: Result<libc::pid_t, i32>) -> [u8; 4] {
    match forked {
        Ok(pid) => pid.to_le_bytes(),
        Err(errno) => (-errno.abs()).to_le_bytes(),
    }
}

/// Reads an answer: the pid of the new worker, or why there is none.
pub(crate) fn read_answer(bytes: [u8; 4]) -> io::Result<libc::pid_t> {
    match libc::pid_t::from_le_bytes(bytes) {
        pid if pid > 0 => Ok(pid),
        0 => Err(io::Error::new(io::ErrorKind::InvalidData, "the fork server answered pid 0")),
        errno => Err(io::Error::from_raw_os_error(errno.saturating_neg())),
    }
}

#[cfg(test)]
mod tests {
    use std::os::fd::{AsRawFd, OwnedFd};
    use std::os::unix::net::UnixStream;

    use super::*;

    #[test]
    fn a_request_carries_three_descriptors_that_arrive_open() {
        let (host, server) = UnixStream::pair().expect("a socket pair");
        let files: Vec<OwnedFd> = (0..DESCRIPTORS)
            .map(|_| OwnedFd::from(tempfile::tempfile().expect("a file")))
            .collect();
        let raw = [files[0].as_raw_fd(), files[1].as_raw_fd(), files[2].as_raw_fd()];
        send_request(host.as_raw_fd(), raw).expect("sent");
        let received = receive_request(server.as_raw_fd()).expect("received").expect("a request");
        for descriptor in &received {
            // SAFETY: fcntl(F_GETFD) on a descriptor this process owns reads its flags.
            #[allow(unsafe_code)]
            let flags = unsafe { libc::fcntl(descriptor.as_raw_fd(), libc::F_GETFD) };
            assert_eq!(flags & libc::FD_CLOEXEC, libc::FD_CLOEXEC, "close-on-exec");
        }
        drop(host);
        assert!(receive_request(server.as_raw_fd()).expect("the end").is_none());
    }

    #[test]
    fn a_request_without_its_descriptors_is_refused() {
        use std::io::Write;

        let (mut host, server) = UnixStream::pair().expect("a socket pair");
        host.write_all(&[FORK]).expect("written");
        let error = receive_request(server.as_raw_fd()).expect_err("refused");
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
    }

    #[test]
    fn answers_read_back_as_written() {
        assert_eq!(read_answer(answer(Ok(4242))).expect("a pid"), 4242);
        let error = read_answer(answer(Err(libc::EAGAIN))).expect_err("an errno");
        assert_eq!(error.raw_os_error(), Some(libc::EAGAIN));
        assert!(read_answer([0; 4]).is_err());
    }
}
