//! Why a manifest was not loaded or registered, said so that the user can go straight to the
//! place to fix: the file, the line and column, the tool and the field.

use std::fmt;
use std::path::{Path, PathBuf};

/// A position in a manifest, both 1-based; the column counts characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    /// The line.
    pub line: usize,
    /// The column.
    pub column: usize,
}

impl Location {
    /// Where byte `offset` of `text` is.
    pub(super) fn of(text: &str, offset: usize) -> Self {
        let before = text.get(..offset).unwrap_or(text);
        let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
        Self {
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// How an error names a tool: by its name when it has a valid one, else by its position among
/// the file's `[[tool]]` tables (0-based, as an index).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToolRef {
    /// `tool "grep"`.
    Named(String),
    /// `tool[2]`.
    Index(usize),
}

impl fmt::Display for ToolRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Named(name) => write!(f, "tool {name:?}"),
            Self::Index(index) => write!(f, "tool[{index}]"),
        }
    }
}

/// Why a manifest was rejected.
///
/// Displayed on one line, from the most general part to the most precise:
///
/// ```text
/// tools.toml:7:11: tool "grep" field `command`: must be a non-empty array of strings
/// ```
///
/// The location, tool and field are each left out when they do not apply (a file that cannot
/// be read has none of them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManifestError {
    file: PathBuf,
    location: Option<Location>,
    tool: Option<ToolRef>,
    field: Option<String>,
    message: String,
}

impl ManifestError {
    /// An error about `file` as a whole.
    pub(super) fn new(file: &Path, message: impl Into<String>) -> Self {
        Self {
            file: file.to_owned(),
            location: None,
            tool: None,
            field: None,
            message: message.into(),
        }
    }

    pub(super) fn at(mut self, location: Location) -> Self {
        self.location = Some(location);
        self
    }

    pub(super) fn in_tool(mut self, tool: ToolRef) -> Self {
        self.tool = Some(tool);
        self
    }

    pub(super) fn in_field(mut self, field: impl Into<String>) -> Self {
        self.field = Some(field.into());
        self
    }

    /// The manifest, as its path was given.
    pub fn file(&self) -> &Path {
        &self.file
    }

    /// Where in the file, when the error is about a part of it.
    pub fn location(&self) -> Option<Location> {
        self.location
    }

    /// The tool, when the error is about one.
    pub fn tool(&self) -> Option<&ToolRef> {
        self.tool.as_ref()
    }

    /// The field (`command`, `timeout_ms`, …), when the error is about one.
    pub fn field(&self) -> Option<&str> {
        self.field.as_deref()
    }

    /// What is wrong, without the file, tool and field.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ManifestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some(location) = self.location {
            write!(f, ":{location}")?;
        }
        f.write_str(":")?;
        if let Some(tool) = &self.tool {
            write!(f, " {tool}")?;
        }
        if let Some(field) = &self.field {
            write!(f, " field `{field}`")?;
        }
        if self.tool.is_some() || self.field.is_some() {
            f.write_str(":")?;
        }
        write!(f, " {}", self.message)
    }
}

impl std::error::Error for ManifestError {}

/// The candidate `typo` most likely stands for: within two edits, or one it is the start of
/// (`timeout` for `timeout_ms`).
pub(super) fn did_you_mean<'a>(typo: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let typo = typo.to_ascii_lowercase();
    candidates
        .iter()
        .map(|candidate| (edit_distance(&typo, candidate), *candidate))
        .filter(|(distance, candidate)| {
            *distance <= 2 || (typo.len() >= 4 && candidate.starts_with(typo.as_str()))
        })
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

/// Levenshtein distance, in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, a_char) in a.chars().enumerate() {
        let mut current = vec![i + 1; b.len() + 1];
        for (j, b_char) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(a_char != *b_char);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        previous = current;
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_count_lines_and_characters_from_one() {
        let text = "a = 1\nbé = [\n";
        assert_eq!(Location::of(text, 0), Location { line: 1, column: 1 });
        assert_eq!(Location::of(text, 6), Location { line: 2, column: 1 });
        assert_eq!(
            Location::of(text, text.find('[').unwrap_or(0)),
            Location { line: 2, column: 6 }
        );
    }

    #[test]
    fn suggestions_cover_typos_and_prefixes() {
        let fields = ["name", "command", "timeout_ms", "output_schema"];
        assert_eq!(did_you_mean("comand", &fields), Some("command"));
        assert_eq!(did_you_mean("Name", &fields), Some("name"));
        assert_eq!(did_you_mean("timeout", &fields), Some("timeout_ms"));
        assert_eq!(did_you_mean("output", &fields), Some("output_schema"));
        assert_eq!(did_you_mean("environment", &fields), None);
    }
}
