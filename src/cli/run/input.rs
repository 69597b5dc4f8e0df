//! `ordo run --input` (R-CLI-1a): the JSON value a script gets as `input`, given inline, as
//! `@FILE` or as `@-` (stdin). JSON that does not parse is a usage error that shows the line
//! where it broke, with a caret under the place.

use std::io::Read;
use std::path::Path;

use serde_json::Value;

use crate::cli::exit::CliError;
use crate::cli::visible;

/// The most `--input` takes, in bytes: a script's input is what to work on, not a data set
/// (the tools read those).
pub(crate) const MAX_INPUT_BYTES: usize = 8 << 20;

/// How much of the broken line is shown on each side of the place it broke, in characters.
const CONTEXT_CHARS: usize = 60;

/// The value the flag gives. `@-` is refused when the script itself is read from stdin.
pub(crate) fn read(flag: &str, script_from_stdin: bool) -> Result<Value, CliError> {
    let (origin, bytes) = match flag.strip_prefix('@') {
        Some("-") if script_from_stdin => {
            return Err(CliError::usage(
                "--input @- reads stdin, but the script is read from stdin (`ordo run -`): give \
                 the input inline or as @FILE",
            ));
        }
        Some("-") => ("--input @-".to_owned(), bounded(std::io::stdin().lock(), "--input @-")?),
        Some(path) => {
            let origin = format!("--input @{path}");
            let file = std::fs::File::open(Path::new(path))
                .map_err(|error| CliError::usage(format!("cannot read {origin}: {error}")))?;
            let bytes = bounded(file, &origin)?;
            (origin, bytes)
        }
        None => ("--input".to_owned(), bounded(flag.as_bytes(), "--input")?),
    };
    serde_json::from_slice(&bytes)
        .map_err(|error| CliError::usage(not_json(&origin, &bytes, &error)))
}

/// Everything `reader` holds, refused past [`MAX_INPUT_BYTES`] without reading further.
fn bounded(reader: impl Read, origin: &str) -> Result<Vec<u8>, CliError> {
    let mut bytes = Vec::new();
    let limit = u64::try_from(MAX_INPUT_BYTES).unwrap_or(u64::MAX).saturating_add(1);
    reader
        .take(limit)
        .read_to_end(&mut bytes)
        .map_err(|error| CliError::usage(format!("cannot read {origin}: {error}")))?;
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(CliError::usage(format!(
            "{origin} is larger than {} MiB, the most a script's input may be; let the script \
             read a large file with tools.read_file instead",
            MAX_INPUT_BYTES >> 20
        )));
    }
    Ok(bytes)
}

/// `--input is not valid JSON: expected value at line 1, column 7`, then the line and a caret
/// under the column.
fn not_json(origin: &str, bytes: &[u8], error: &serde_json::Error) -> String {
    let (line, column) = (error.line(), error.column());
    let full = error.to_string();
    let problem = full.strip_suffix(&format!(" at line {line} column {column}")).unwrap_or(&full);
    let mut message =
        format!("{origin} is not valid JSON: {problem} at line {line}, column {column}");
    if line > 0 {
        let text = bytes.split(|byte| *byte == b'\n').nth(line - 1).unwrap_or_default();
        let text = String::from_utf8_lossy(text.strip_suffix(b"\r").unwrap_or(text));
        message.push('\n');
        message.push_str(&pointed(&text, column.saturating_sub(1)));
    }
    message
}

/// The line, cut to the characters around byte `at`, and a caret under `at`, each indented.
fn pointed(text: &str, at: usize) -> String {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let (before, after) = text.split_at(at);
    let skipped = before.chars().count().saturating_sub(CONTEXT_CHARS);
    let mut before: String = before.chars().skip(skipped).collect();
    if skipped > 0 {
        before.insert(0, '…');
    }
    let mut after: String = after.chars().take(CONTEXT_CHARS + 1).collect();
    if after.chars().count() > CONTEXT_CHARS {
        after.pop();
        after.push('…');
    }
    // What precedes the caret is the line's text shown as the terminal will show it, blanked;
    // tabs stay tabs so the caret lines up under them.
    let shown = visible::line(&before);
    let pad: String = shown
        .chars()
        .map(|c| match c {
            '\t' => "\t".to_owned(),
            c => " ".repeat(console::measure_text_width(c.encode_utf8(&mut [0; 4]))),
        })
        .collect();
    format!("    {shown}{}\n    {pad}^", visible::line(&after))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_cli_1a_the_caret_is_under_the_place_in_a_long_line() {
        let text = format!("[{}, x]", "1, ".repeat(100));
        let shown = pointed(&text, text.find('x').unwrap());
        let (line, caret) = shown.split_once('\n').unwrap();
        assert!(line.starts_with("    …"), "{shown}");
        let column = line.chars().position(|c| c == 'x').unwrap();
        assert_eq!(caret.chars().count(), column + 1, "{shown}");
        assert!(caret.ends_with('^'));
    }

    #[test]
    fn r_cli_1a_the_caret_lines_up_after_tabs_and_wide_characters() {
        let shown = pointed("\t\"é世\": x", 10);
        assert_eq!(shown, "    \t\"é世\": x\n    \t       ^");
    }
}
