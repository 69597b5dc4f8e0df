//! Text from outside (arguments a model wrote, what tools and scripts print, a log file's
//! contents) made safe to show on a terminal (R-CLI-9).
//!
//! Control characters (C0 but tab, DEL, C1) and the characters that reorder bidirectional text
//! are shown as escapes (`\x1b`, `\u{202e}`), so no byte a model or a tool chose can move the
//! cursor, clear the screen, retitle the window, or make a human read something other than what
//! is there. In a one-line value a newline is shown as `\n` too: nothing can hide below it.

use std::borrow::Cow;
use std::fmt::Write;

/// A value shown on one line: newlines escaped with the rest.
pub fn line(text: &str) -> Cow<'_, str> {
    escape(text, false)
}

/// Text shown as lines: newlines kept, everything else that is not plain text escaped.
pub fn lines(text: &str) -> Cow<'_, str> {
    escape(text, true)
}

fn escape(text: &str, keep_newlines: bool) -> Cow<'_, str> {
    let hidden = |c: char| unsafe_char(c) && !(keep_newlines && c == '\n');
    if !text.chars().any(hidden) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            c if !hidden(c) => shown.push(c),
            '\n' => shown.push_str("\\n"),
            '\r' => shown.push_str("\\r"),
            c if u32::from(c) <= 0xff => {
                let _ = write!(shown, "\\x{:02x}", u32::from(c));
            }
            c => {
                let _ = write!(shown, "\\u{{{:04x}}}", u32::from(c));
            }
        }
    }
    Cow::Owned(shown)
}

/// Whether a terminal would act on `c` rather than show it, or reorder the text around it.
fn unsafe_char(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{8}' | '\u{a}'..='\u{1f}' | '\u{7f}'..='\u{9f}'
        // Bidirectional embeddings, overrides, isolates and marks.
        | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' | '\u{61c}')
}

#[cfg(test)]
mod tests {
    use super::{line, lines};

    #[test]
    fn r_cli_9_control_and_bidi_characters_are_shown_escaped() {
        assert_eq!(line("plain text\twith a tab"), "plain text\twith a tab");
        assert_eq!(line("\u{1b}]0;owned\u{7}title"), "\\x1b]0;owned\\x07title");
        assert_eq!(line("\u{1b}[2J"), "\\x1b[2J");
        assert_eq!(line("a\rb\u{7f}\u{9b}"), "a\\rb\\x7f\\x9b");
        assert_eq!(line("file\u{202e}txt.exe"), "file\\u{202e}txt.exe");
        assert_eq!(line("harmless.txt\n/etc/passwd"), "harmless.txt\\n/etc/passwd");
        assert_eq!(lines("one\ntwo\u{1b}[1A"), "one\ntwo\\x1b[1A");
        assert_eq!(line("é ✓ 日本"), "é ✓ 日本", "printable text is left alone");
    }
}
