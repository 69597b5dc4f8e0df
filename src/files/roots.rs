//! The roots the file tools may touch, and how a path is judged against them (R-CLI-7).
//!
//! A path is judged by where it *physically* leads, never by how it is spelled: it is joined to
//! the base directory, then walked one component at a time the way the kernel would walk it,
//! expanding every symlink it meets (dangling ones included, since writing through a dangling
//! link creates its target) and applying `..` to the physical directory reached so far. The
//! part of the path that does not exist yet is appended as written. The result has no symlink
//! and no `..` in it, and is then compared, component by component, with canonical roots.
//!
//! Tool bodies open the resolved path, not the one the model wrote, so what was checked is what
//! gets touched. The remaining gap is a race: a directory on the resolved path swapped for a
//! symlink between the check and the open. ordo's threat model is a model choosing paths, not a
//! concurrent local attacker, so that window is accepted. Hard links cannot be told apart from
//! the file they link and are not detected.

use std::ffi::OsString;
use std::io;
use std::path::{Component, Path, PathBuf};

use thiserror::Error;

/// Symlinks expanded while resolving one path before giving up, as Linux's `ELOOP` limit does.
const MAX_SYMLINK_HOPS: usize = 40;

/// What a tool wants to do with a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Read a file or list a directory: allowed under a read root or a write root.
    Read,
    /// Create or overwrite a file: allowed under a write root only.
    Write,
}

impl Access {
    /// The access as a denial names it.
    fn gerund(self) -> &'static str {
        match self {
            Self::Read => "reading",
            Self::Write => "writing",
        }
    }
}

/// Why a set of roots could not be built. Each names the path at fault, since it came from a
/// flag the user must fix.
#[derive(Debug, Error)]
pub enum RootError {
    /// The root (or the base directory) does not exist: a root must name something real, or
    /// a typo would silently allow nothing.
    #[error("root `{}` does not exist", path.display())]
    Missing {
        /// The path as given.
        path: PathBuf,
    },
    /// The root exists but could not be resolved (permissions, a symlink loop).
    #[error("root `{}` cannot be resolved: {source}", path.display())]
    Unresolvable {
        /// The path as given.
        path: PathBuf,
        /// What the OS said.
        source: io::Error,
    },
}

/// Why a path may not be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ResolveError {
    /// The path leads outside every root that allows the access.
    #[error("{}", describe_outside(requested, resolved, *access, roots))]
    Outside {
        /// The path as the model wrote it.
        requested: String,
        /// Where it physically leads.
        resolved: PathBuf,
        /// What was asked for.
        access: Access,
        /// The roots that would have allowed it.
        roots: Vec<PathBuf>,
    },
    /// The path is longer, or has more components, than any path a tool needs: refused before
    /// any work is done on it, so a hostile path costs the host nothing.
    #[error("path `{preview}` is too long: {reason}")]
    TooLong {
        /// The path's first characters.
        preview: String,
        /// Which limit it broke.
        reason: String,
    },
    /// The path could not be followed (a symlink loop, an unreadable link): judged unsafe.
    #[error("path `{requested}` cannot be resolved: {reason}")]
    Unresolvable {
        /// The path as the model wrote it.
        requested: String,
        /// What went wrong.
        reason: String,
    },
}

fn describe_outside(requested: &str, resolved: &Path, access: Access, roots: &[PathBuf]) -> String {
    let spelled_as_resolved = Path::new(requested) == resolved;
    let doing = access.gerund();
    if roots.is_empty() {
        return if spelled_as_resolved {
            format!("path `{requested}` is denied: no root allows {doing}")
        } else {
            format!(
                "path `{requested}` resolves to `{}`, but no root allows {doing}",
                resolved.display()
            )
        };
    }
    let leads = if spelled_as_resolved {
        format!("path `{requested}`")
    } else {
        format!("path `{requested}` resolves to `{}`, which", resolved.display())
    };
    let listed: Vec<String> = roots.iter().map(|root| format!("`{}`", root.display())).collect();
    format!("{leads} is outside the roots that allow {doing}: {}", listed.join(", "))
}

/// The directories (or files) the file tools may read and write, canonical, and the base
/// directory relative paths start from.
///
/// Write roots are readable too: a model edits what it writes and must read it back, and
/// hiding a file that may be overwritten at will would protect nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roots {
    base: PathBuf,
    read: Vec<PathBuf>,
    write: Vec<PathBuf>,
}

impl Roots {
    /// Exactly these roots. Relative roots, and every relative path later resolved, start from
    /// `base` (the CLI passes its working directory). The base and the read roots must exist; a
    /// write root may not exist yet (a script about to create `out/`): it is resolved as any
    /// path is, its nearest existing ancestor physically and the rest as written, so the guard
    /// judges the paths under it the same way before and after it is created.
    pub fn new<R, W>(base: impl AsRef<Path>, read: R, write: W) -> Result<Self, RootError>
    where
        R: IntoIterator,
        R::Item: AsRef<Path>,
        W: IntoIterator,
        W::Item: AsRef<Path>,
    {
        let base = canonical(base.as_ref())?;
        let absolute = |root: &Path| canonical(&base.join(root));
        let read =
            read.into_iter().map(|root| absolute(root.as_ref())).collect::<Result<_, _>>()?;
        let write = write
            .into_iter()
            .map(|root| {
                let root = root.as_ref();
                physical(&base, root)
                    .map_err(|source| RootError::Unresolvable { path: root.to_owned(), source })
            })
            .collect::<Result<_, _>>()?;
        Ok(Self { base, read, write })
    }

    /// The roots the CLI's flags ask for, with R-CLI-7's defaults: no `--allow-read` means the
    /// base directory is readable; no `--allow-write` means nothing is writable.
    pub fn from_flags<R, W>(base: impl AsRef<Path>, read: R, write: W) -> Result<Self, RootError>
    where
        R: IntoIterator,
        R::Item: AsRef<Path>,
        W: IntoIterator,
        W::Item: AsRef<Path>,
    {
        let read: Vec<PathBuf> = read.into_iter().map(|root| root.as_ref().to_owned()).collect();
        if read.is_empty() {
            Self::new(&base, [base.as_ref()], write)
        } else {
            Self::new(base, read, write)
        }
    }

    /// R-CLI-7's defaults in the process's working directory: read it, write nothing.
    pub fn current_dir() -> Result<Self, RootError> {
        let cwd = std::env::current_dir()
            .map_err(|source| RootError::Unresolvable { path: PathBuf::from("."), source })?;
        Self::from_flags(&cwd, Vec::<PathBuf>::new(), Vec::<PathBuf>::new())
    }

    /// The canonical directory relative paths start from.
    pub fn base(&self) -> &Path {
        &self.base
    }

    /// The canonical read roots.
    pub fn read_roots(&self) -> &[PathBuf] {
        &self.read
    }

    /// The canonical write roots.
    pub fn write_roots(&self) -> &[PathBuf] {
        &self.write
    }

    /// Where `path` physically leads, if some root allows `access` there.
    ///
    /// The returned path is absolute, has no symlink and no `..`; a body must open it rather
    /// than the path it was given. A path that does not exist is judged by where it would be
    /// created, so a missing file outside the roots is denied, not reported missing.
    pub fn resolve(&self, path: impl AsRef<Path>, access: Access) -> Result<PathBuf, ResolveError> {
        let requested = path.as_ref();
        check_size(requested)?;
        let resolved =
            physical(&self.base, requested).map_err(|error| ResolveError::Unresolvable {
                requested: requested.display().to_string(),
                reason: error.to_string(),
            })?;
        let allowing: Vec<&PathBuf> = self.allowing(access).collect();
        if allowing.iter().any(|root| resolved.starts_with(root)) {
            Ok(resolved)
        } else {
            Err(ResolveError::Outside {
                requested: requested.display().to_string(),
                resolved,
                access,
                roots: allowing.into_iter().cloned().collect(),
            })
        }
    }

    /// The root a resolved path lies beneath for `access` (the deepest, when roots nest), and the
    /// path relative to it: where a body opens it from, race-free (see `beneath`).
    pub(crate) fn locate<'p>(
        &self,
        resolved: &'p Path,
        access: Access,
    ) -> Option<(&Path, &'p Path)> {
        self.allowing(access)
            .filter_map(|root| Some((root.as_path(), resolved.strip_prefix(root).ok()?)))
            .max_by_key(|(root, _)| root.as_os_str().len())
    }

    /// The roots that allow `access`: write roots are readable too.
    fn allowing(&self, access: Access) -> impl Iterator<Item = &PathBuf> {
        let read: &[PathBuf] = match access {
            Access::Read => &self.read,
            Access::Write => &[],
        };
        read.iter().chain(&self.write)
    }

    /// How a resolved path is shown in outputs: relative to the base when under it (`.` for the
    /// base itself), else absolute. Either form can be passed back to a tool as is.
    pub fn display(&self, resolved: &Path) -> String {
        match resolved.strip_prefix(&self.base) {
            Ok(relative) if relative.as_os_str().is_empty() => ".".to_owned(),
            Ok(relative) => relative.to_string_lossy().into_owned(),
            Err(_) => resolved.to_string_lossy().into_owned(),
        }
    }
}

/// The most bytes a path may have (Linux's `PATH_MAX`).
pub const MAX_PATH_BYTES: usize = 4096;

/// The most components a path may have.
pub const MAX_PATH_COMPONENTS: usize = 256;

/// Refuses a path past [`MAX_PATH_BYTES`] or [`MAX_PATH_COMPONENTS`]: resolving costs a
/// system call per component, and nothing a tool may reach needs more.
fn check_size(path: &Path) -> Result<(), ResolveError> {
    let bytes = path.as_os_str().len();
    let reason = if bytes > MAX_PATH_BYTES {
        format!("{bytes} bytes, past the limit of {MAX_PATH_BYTES}")
    } else {
        let components = path.components().count();
        if components <= MAX_PATH_COMPONENTS {
            return Ok(());
        }
        format!("{components} components, past the limit of {MAX_PATH_COMPONENTS}")
    };
    let preview = ordo_tools::presentation::truncate(&path.to_string_lossy(), 61);
    Err(ResolveError::TooLong { preview, reason })
}

/// The canonical form of a root, which must exist.
fn canonical(path: &Path) -> Result<PathBuf, RootError> {
    std::fs::canonicalize(path).map_err(|source| {
        if source.kind() == io::ErrorKind::NotFound {
            RootError::Missing { path: path.to_owned() }
        } else {
            RootError::Unresolvable { path: path.to_owned(), source }
        }
    })
}

/// One step of a path walk, owned so that a symlink's target can be spliced in.
enum Step {
    /// Restart from this root (`/`, or a Windows prefix and root).
    Root(PathBuf),
    /// `..`
    Parent,
    /// A name.
    Name(OsString),
}

/// Walks `path` from `base` (canonical) as the kernel would, expanding symlinks; the missing
/// tail is appended as written.
fn physical(base: &Path, path: &Path) -> io::Result<PathBuf> {
    let mut resolved = base.to_owned();
    // Steps still to walk, next one on top; a symlink pushes its target's steps.
    let mut pending = Vec::new();
    push_steps(&mut pending, path);
    // How many trailing components of `resolved` do not exist: no symlink can hide in them.
    let mut missing = 0usize;
    let mut hops = 0usize;
    while let Some(step) = pending.pop() {
        match step {
            Step::Root(root) => {
                resolved = root;
                missing = 0;
            }
            Step::Parent => {
                // `resolved` holds no symlink, so its lexical parent is its physical parent.
                resolved.pop();
                missing = missing.saturating_sub(1);
            }
            Step::Name(name) => {
                resolved.push(name);
                if missing > 0 {
                    missing += 1;
                    continue;
                }
                match std::fs::symlink_metadata(&resolved) {
                    Ok(metadata) if metadata.file_type().is_symlink() => {
                        hops += 1;
                        if hops > MAX_SYMLINK_HOPS {
                            return Err(io::Error::other("too many levels of symbolic links"));
                        }
                        let target = std::fs::read_link(&resolved)?;
                        resolved.pop();
                        push_steps(&mut pending, &target);
                    }
                    Ok(_) => {}
                    // Whatever cannot be looked up (missing, not a directory, no permission)
                    // cannot be traversed by the tool either, so the rest is taken as written.
                    Err(_) => missing = 1,
                }
            }
        }
    }
    Ok(resolved)
}

/// Pushes `path`'s steps so that its first step is popped first.
fn push_steps(pending: &mut Vec<Step>, path: &Path) {
    let mut steps = Vec::new();
    let mut root = PathBuf::new();
    for component in path.components() {
        match component {
            Component::Prefix(_) | Component::RootDir => root.push(component),
            Component::CurDir => {}
            Component::ParentDir => steps.push(Step::Parent),
            Component::Normal(name) => steps.push(Step::Name(name.to_owned())),
        }
    }
    pending.extend(steps.into_iter().rev());
    if !root.as_os_str().is_empty() {
        pending.push(Step::Root(root));
    }
}
