//! Opening beneath a root, race-free (R-CLI-10).
//!
//! The guard judges a path by where it physically leads, and a body must then open exactly that.
//! Opening the resolved path by name would follow whatever the file system holds at that moment:
//! a directory swapped for a symlink between the check and the open (a `rename` away) would lead
//! outside. So a body opens from a handle on the root and walks down the resolved path one
//! component at a time, refusing to follow any symlink (`O_NOFOLLOW`): the resolved path has none,
//! so a symlink met on the way is one swapped in since the check, and the open fails instead of
//! escaping. A write goes to a temporary file in the target's directory, renamed over the target
//! by that directory's handle, and is refused when the target has several hard links (writing
//! through one would change a file elsewhere).

use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, Write};
use std::os::fd::OwnedFd;
use std::path::{Component, Path};
use std::sync::atomic::{AtomicU64, Ordering};

use rustix::fs::{AtFlags, FileType, Mode, OFlags};

/// How a directory on the way is opened: no symlink followed, never inherited by a child.
const DIRECTORY: OFlags =
    OFlags::DIRECTORY.union(OFlags::NOFOLLOW).union(OFlags::CLOEXEC).union(OFlags::RDONLY);

/// Opens the directory `relative` (components only, no `..`) beneath `root`; with `create`,
/// makes the missing ones on the way.
pub(crate) fn directory(root: &Path, relative: &Path, create: bool) -> io::Result<OwnedFd> {
    let mut current = match rustix::fs::open(root, DIRECTORY, Mode::empty()) {
        // A write root that did not exist yet (see `Roots::new`): made from its nearest
        // existing ancestor, the way the directories beneath it are.
        Err(rustix::io::Errno::NOENT) if create => {
            let missing =
                || io::Error::new(io::ErrorKind::NotFound, "no ancestor of the root exists");
            let ancestor =
                root.ancestors().skip(1).find(|ancestor| ancestor.is_dir()).ok_or_else(missing)?;
            let rest = root.strip_prefix(ancestor).map_err(|_| missing())?;
            directory(ancestor, rest, true)?
        }
        opened => opened?,
    };
    for name in names(relative)? {
        current = match rustix::fs::openat(&current, name, DIRECTORY, Mode::empty()) {
            Err(rustix::io::Errno::NOENT) if create => {
                match rustix::fs::mkdirat(&current, name, Mode::from_raw_mode(0o777)) {
                    Ok(()) | Err(rustix::io::Errno::EXIST) => {}
                    Err(error) => return Err(error.into()),
                }
                rustix::fs::openat(&current, name, DIRECTORY, Mode::empty())?
            }
            opened => opened?,
        };
    }
    Ok(current)
}

/// Opens the file `relative` beneath `root` for reading.
pub(crate) fn open_file(root: &Path, relative: &Path) -> io::Result<File> {
    open_with(root, relative, OFlags::empty())
}

/// Opens the file `relative` beneath `root` for reading without waiting: a FIFO with no writer
/// is opened at once instead of holding the caller until one comes, so the open may run on an
/// async thread. Reads do not wait either; [`blocking_reads`] makes them wait again, for a
/// caller that found the file is not a regular one and moved to a thread that may block.
pub(crate) fn open_file_at_once(root: &Path, relative: &Path) -> io::Result<File> {
    open_with(root, relative, OFlags::NONBLOCK)
}

fn open_with(root: &Path, relative: &Path, extra: OFlags) -> io::Result<File> {
    let (parent, name) = split(relative)?;
    let directory = directory(root, parent, false)?;
    let flags = OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::CLOEXEC | extra;
    Ok(File::from(rustix::fs::openat(&directory, name, flags, Mode::empty())?))
}

/// Makes reads of a file opened by [`open_file_at_once`] wait for data again.
pub(crate) fn blocking_reads(file: &File) -> io::Result<()> {
    let flags = rustix::fs::fcntl_getfl(file)?;
    rustix::fs::fcntl_setfl(file, flags - OFlags::NONBLOCK)?;
    Ok(())
}

/// What a write found where it wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    /// Nothing was there: the file is new.
    Created,
    /// A file was there and its content is replaced.
    Replaced,
}

/// Why a write was refused before it touched anything.
#[derive(Debug)]
pub(crate) enum WriteError {
    /// The target is a directory.
    IsADirectory,
    /// The target has this many hard links: writing through one would change the others.
    HardLinked(u64),
    /// A directory on the way is missing and `create_dirs` was not asked for.
    MissingDirectory,
    /// The file system said no.
    Io(io::Error),
}

impl From<io::Error> for WriteError {
    fn from(error: io::Error) -> Self {
        Self::Io(error)
    }
}

impl From<rustix::io::Errno> for WriteError {
    fn from(error: rustix::io::Errno) -> Self {
        Self::Io(error.into())
    }
}

/// Writes `content` to `relative` beneath `root`: to a temporary file beside it, then renamed
/// over it, so the target is replaced whole or not at all and a symlink at its place is
/// replaced, never followed.
pub(crate) fn write_file(
    root: &Path,
    relative: &Path,
    content: &[u8],
    create_dirs: bool,
) -> Result<Target, WriteError> {
    let (parent, name) = split(relative)?;
    let directory = match directory(root, parent, create_dirs) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            return Err(WriteError::MissingDirectory);
        }
        opened => opened?,
    };
    let target = match rustix::fs::statat(&directory, name, AtFlags::SYMLINK_NOFOLLOW) {
        Ok(stat) if FileType::from_raw_mode(stat.st_mode) == FileType::Directory => {
            return Err(WriteError::IsADirectory);
        }
        Ok(stat)
            if FileType::from_raw_mode(stat.st_mode) == FileType::RegularFile
                && stat.st_nlink > 1 =>
        {
            return Err(WriteError::HardLinked(stat.st_nlink));
        }
        Ok(_) => Target::Replaced,
        Err(rustix::io::Errno::NOENT) => Target::Created,
        Err(error) => return Err(error.into()),
    };
    let temporary = temporary_name(name);
    let flags = OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    let fd = rustix::fs::openat(&directory, &temporary, flags, Mode::from_raw_mode(0o666))?;
    let written = File::from(fd).write_all(content).and_then(|()| {
        rustix::fs::renameat(&directory, &temporary, &directory, name).map_err(io::Error::from)
    });
    if let Err(error) = written {
        let _ = rustix::fs::unlinkat(&directory, &temporary, AtFlags::empty());
        return Err(error.into());
    }
    Ok(target)
}

/// A name no other write in this process picks, hidden, beside `name`.
fn temporary_name(name: &OsStr) -> std::ffi::OsString {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let mut temporary = std::ffi::OsString::from(".");
    temporary.push(name);
    let unique = NEXT.fetch_add(1, Ordering::Relaxed);
    temporary.push(format!(".ordo-{}-{unique}.tmp", std::process::id()));
    temporary
}

/// The parent and the last name of `relative`, which must have one.
fn split(relative: &Path) -> io::Result<(&Path, &OsStr)> {
    match (relative.parent(), relative.file_name()) {
        (Some(parent), Some(name)) => Ok((parent, name)),
        _ => Err(io::Error::new(io::ErrorKind::InvalidInput, "the path names no file")),
    }
}

/// The names of a resolved path's components; anything else (`..`, a root) is not one.
fn names(relative: &Path) -> io::Result<Vec<&OsStr>> {
    relative
        .components()
        .map(|component| match component {
            Component::Normal(name) => Ok(name),
            _ => Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "a resolved path has only plain names beneath its root",
            )),
        })
        .collect()
}
