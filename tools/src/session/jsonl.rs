//! A session log in a JSON Lines file (R-LOG-1): one event per line, appended in order.
//!
//! Each event is serialized into one buffer that ends in `\n` and handed to the file in a single
//! `write_all`, with no buffer in between that could hold a line back. So when `write` returns,
//! the line is in the file as far as every later reader is concerned, and a crash can leave at
//! most one torn line, the last, which loading reports and drops (R-LOG-4). A write that fails
//! halfway is undone by truncating the file back to its last complete line, so a torn line can
//! never end up in the middle of a log; if even that fails, the sink refuses every later event.
//!
//! How durable a line is when `write` returns is a [`Durability`]:
//!
//! - [`Durability::Flush`] (the default): the line has been handed to the operating system. It
//!   survives a crash of the process, a panic or a SIGKILL, which are the failures an agent run
//!   meets; it does not survive a power loss or a kernel crash. It costs one system call.
//! - [`Durability::Sync`]: `sync_data` after each event, so the line is on the disk. It survives a
//!   power loss too, and costs a disk flush per event (milliseconds on many disks): worth it when
//!   a tool's side effects must never outlive the record of its call.
//!
//! A file has one writer at a time; nothing here locks it against a second process.

use std::fs::{File, OpenOptions};
use std::io::{self, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::event::Event;
use super::load::{LoadError, LoadedLog};
use super::log::{EventSink, SessionLog};

/// How durable an event is when [`JsonlSink`] has written it (see the [module docs](self)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Durability {
    /// Handed to the operating system: survives a process crash or SIGKILL, not a power loss.
    #[default]
    Flush,
    /// Synced to the disk after each event: survives a power loss; one disk flush per event.
    Sync,
}

/// An [`EventSink`] that appends one JSON object per line to a file.
#[derive(Debug)]
pub struct JsonlSink {
    file: File,
    path: PathBuf,
    durability: Durability,
    /// The length of the file up to its last complete line: where a failed write is undone to.
    len: u64,
    /// A failed write could not be undone: the file may end in a torn line, so appending more
    /// would bury it in the middle of the log.
    broken: bool,
}

/// An existing log opened for appending, as [`JsonlSink::resume`] returns it.
#[derive(Debug)]
pub struct Resumed {
    /// The sink, positioned at the end of the log.
    pub sink: JsonlSink,
    /// The log as it was loaded: its events, repairs and torn line.
    pub log: LoadedLog,
    /// The `seq` of the next event: what [`SessionLog::resume`] takes.
    pub next_seq: u64,
}

impl Resumed {
    /// A [`SessionLog`] that goes on appending to the file, and the log loaded from it.
    pub fn into_session(self) -> (SessionLog, LoadedLog) {
        (SessionLog::resume(self.sink, self.next_seq), self.log)
    }
}

impl JsonlSink {
    /// Creates a new, empty log. Fails if the file exists: a new session never overwrites a log
    /// or appends to one by accident; continuing a log is [`resume`](Self::resume).
    pub fn create(path: impl AsRef<Path>, durability: Durability) -> io::Result<Self> {
        let path = path.as_ref();
        let file = OpenOptions::new().append(true).create_new(true).open(path)?;
        if durability == Durability::Sync {
            // The new file's directory entry must reach the disk too, or a power loss loses it.
            sync_parent(path)?;
        }
        Ok(Self { file, path: path.to_owned(), durability, len: 0, broken: false })
    }

    /// Opens an existing log for appending.
    ///
    /// The log is loaded as [`LoadedLog::from_reader`] does. A torn last line is cut off the
    /// file, and a last line missing its newline gets one, so new lines are never glued to what
    /// was there. The repairs loading made are appended to the file: the results a resumed
    /// conversation showed the model for those calls come before any later step, in the file as
    /// in the transcript, and the file stays the record of what the model saw.
    pub fn resume(path: impl AsRef<Path>, durability: Durability) -> Result<Resumed, LoadError> {
        let path = path.as_ref();
        let origin = path.display().to_string();
        let io_error = |error| LoadError::io(origin.clone(), error);
        let file = OpenOptions::new().read(true).append(true).open(path).map_err(io_error)?;
        let log = LoadedLog::from_reader(BufReader::new(&file), origin.clone())?;
        if let Some(torn) = log.torn_line() {
            file.set_len(torn.offset).map_err(io_error)?;
        }
        let len = file.metadata().map_err(io_error)?.len();
        let mut sink = Self { file, path: path.to_owned(), durability, len, broken: false };
        sink.terminate_last_line().map_err(io_error)?;
        for repair in log.repairs() {
            sink.write(&Event::Result(repair.clone())).map_err(io_error)?;
        }
        if durability == Durability::Sync {
            sink.file.sync_data().map_err(io_error)?;
        }
        let next_seq = log.next_seq();
        Ok(Resumed { sink, log, next_seq })
    }

    /// Resumes the log if the file exists, otherwise creates it (with an empty loaded log).
    pub fn open(path: impl AsRef<Path>, durability: Durability) -> Result<Resumed, LoadError> {
        let path = path.as_ref();
        match Self::create(path, durability) {
            Ok(sink) => Ok(Resumed { sink, log: LoadedLog::default(), next_seq: 1 }),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {
                Self::resume(path, durability)
            }
            Err(error) => Err(LoadError::io(path.display().to_string(), error)),
        }
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// How durable each written event is.
    pub fn durability(&self) -> Durability {
        self.durability
    }

    /// Adds a newline if the file's last line lacks one (a complete event whose newline was lost).
    fn terminate_last_line(&mut self) -> io::Result<()> {
        if self.len == 0 {
            return Ok(());
        }
        let mut last = [0u8];
        self.file.seek(SeekFrom::Start(self.len - 1))?;
        self.file.read_exact(&mut last)?;
        if last[0] != b'\n' {
            self.append(b"\n")?;
        }
        Ok(())
    }

    /// Appends bytes in one write, synced if asked; on failure, truncates back to the last
    /// complete line.
    fn append(&mut self, bytes: &[u8]) -> io::Result<()> {
        if self.broken {
            return Err(io::Error::other(format!(
                "{}: an earlier write failed and could not be undone; refusing to append after a \
                 possibly torn line",
                self.path.display()
            )));
        }
        let written = self.file.write_all(bytes).and_then(|()| match self.durability {
            Durability::Flush => Ok(()),
            Durability::Sync => self.file.sync_data(),
        });
        match written {
            Ok(()) => {
                self.len += bytes.len() as u64;
                Ok(())
            }
            Err(error) => {
                // Even a line that was written but not synced is undone: the caller was told it
                // failed, so its seq will be used again.
                self.broken = self.file.set_len(self.len).is_err();
                Err(error)
            }
        }
    }
}

impl EventSink for JsonlSink {
    fn write(&mut self, event: &Event) -> io::Result<()> {
        let mut line = serde_json::to_vec(event)?;
        line.push(b'\n');
        self.append(&line)
    }
}

/// Syncs the directory holding `path`, so that a newly created file's entry is durable.
#[cfg(unix)]
fn sync_parent(path: &Path) -> io::Result<()> {
    let parent = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    File::open(parent)?.sync_all()
}

/// Directories cannot be opened for syncing on this platform; the file's own sync must do.
#[cfg(not(unix))]
fn sync_parent(_path: &Path) -> io::Result<()> {
    Ok(())
}
