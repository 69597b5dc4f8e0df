//! The nesting bound: a cheap scan that keeps hostile nesting away from swc's recursive parser.

use super::{MAX_NESTING, TypeScriptError};

/// Rejects source whose `(`, `[`, `{`, template `${` or type-argument `<` nesting exceeds
/// [`MAX_NESTING`], pointing at the opener that crossed the bound.
///
/// A single pass over the bytes, not a parser. It skips comments, strings and template text, and
/// tells a regular expression from a division by the token before the `/`. A `<` counts as an
/// opener until a `>`, a `;` or the enclosing bracket closes it, because swc tries to read `a < b`
/// as type arguments and recurses on each `<` while it tries. Its limits:
///
/// - A regular expression right after `)` or `}` (`if (x) /re/.test(s)`) is scanned as code, so
///   brackets in it count, and a quote in it hides the rest of that line from the scan.
/// - Nesting without brackets is not counted: arrow chains `() => () => …`, prefix operators
///   `!!!…`, `if (a) if (a) …`, ternaries, `a = b = …`. In a release build these cost at most
///   ~3.2 KB of stack per level (arrows; `if` ~1.6 KB, `!` ~0.4 KB), so a 64 MiB stack holds
///   about 20,000 arrow levels (a 120 KB line of `() => `); in a debug build (~16 KB per arrow
///   level) about 4,000.
///
/// So the scan stops accidental and naive deep nesting. A script crafted against it (openers
/// hidden behind a misread regular expression, or a long bracket-free chain) can still overflow
/// the stack and abort the worker, which the host survives and reports (R-RT-3).
///
/// Returns where the first `}` that closes nothing is, if there is one.
pub(super) fn check_nesting(source: &str) -> Result<Option<usize>, TypeScriptError> {
    let mut scan = NestingScan { bytes: source.as_bytes(), ..NestingScan::default() };
    scan.run().map(|()| scan.unmatched_brace).map_err(|offset| {
        TypeScriptError::at(
            source,
            offset,
            format!(
                "nesting deeper than {MAX_NESTING} levels of brackets, template `${{` and type \
                 arguments `<` is not supported; split the code into smaller expressions or \
                 functions"
            ),
        )
    })
}

/// What an entry on the scan's stack was opened by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Opener {
    Paren,
    Bracket,
    Brace,
    TemplateExpression,
    Angle,
}

impl Opener {
    const ALL: usize = 5;

    fn index(self) -> usize {
        self as usize
    }
}

/// The state of [`check_nesting`]'s single pass.
#[derive(Default)]
struct NestingScan<'a> {
    bytes: &'a [u8],
    position: usize,
    stack: Vec<Opener>,
    /// How many of each opener are on the stack, so an unmatched closer costs nothing.
    counts: [usize; Opener::ALL],
    /// Whether a `/` here starts a regular expression rather than a division.
    regex_allowed: bool,
    /// The offset of the first `}` that closed nothing.
    unmatched_brace: Option<usize>,
}

impl NestingScan<'_> {
    /// Scans to the end; `Err` carries the offset of the opener past [`MAX_NESTING`].
    fn run(&mut self) -> Result<(), usize> {
        self.regex_allowed = true;
        while let Some(&byte) = self.bytes.get(self.position) {
            let mut regex_allowed = true;
            match byte {
                b'(' => self.push(Opener::Paren)?,
                b'[' => self.push(Opener::Bracket)?,
                b'{' => self.push(Opener::Brace)?,
                b'<' => self.push(Opener::Angle)?,
                b')' | b']' | b'}' => {
                    self.regex_allowed = false;
                    self.position += 1;
                    if self.close(byte) == Some(Opener::TemplateExpression) {
                        self.skip_template()?;
                    }
                    continue;
                }
                b'>' => {
                    let arrow =
                        self.position > 0 && self.bytes.get(self.position - 1) == Some(&b'=');
                    if !arrow && self.stack.last() == Some(&Opener::Angle) {
                        self.pop();
                    }
                }
                b';' => self.pop_angles(),
                b'\'' | b'"' => {
                    self.skip_string(byte);
                    self.regex_allowed = false;
                    continue;
                }
                b'`' => {
                    self.position += 1;
                    self.skip_template()?;
                    self.regex_allowed = false;
                    continue;
                }
                b'/' => {
                    self.slash();
                    continue;
                }
                b'0'..=b'9' => {
                    self.skip_word();
                    self.regex_allowed = false;
                    continue;
                }
                b'a'..=b'z' | b'A'..=b'Z' | b'_' | b'$' | 0x80.. => {
                    let word = self.skip_word();
                    self.regex_allowed = KEYWORDS_BEFORE_EXPRESSION
                        .split(' ')
                        .any(|keyword| keyword.as_bytes() == word);
                    continue;
                }
                b' ' | b'\t' | b'\n' | b'\r' => regex_allowed = self.regex_allowed,
                _ => {}
            }
            self.regex_allowed = regex_allowed;
            self.position += 1;
        }
        Ok(())
    }

    fn push(&mut self, opener: Opener) -> Result<(), usize> {
        if self.stack.len() >= MAX_NESTING {
            return Err(self.position);
        }
        self.stack.push(opener);
        self.counts[opener.index()] += 1;
        Ok(())
    }

    fn pop(&mut self) -> Option<Opener> {
        let opener = self.stack.pop()?;
        self.counts[opener.index()] -= 1;
        Some(opener)
    }

    fn pop_angles(&mut self) {
        while self.stack.last() == Some(&Opener::Angle) {
            self.pop();
        }
    }

    /// Pops down to the opener `closer` matches, dropping unclosed `<` and mismatched openers on
    /// the way; a closer with no matching opener on the stack is ignored.
    fn close(&mut self, closer: u8) -> Option<Opener> {
        let matches = |opener: Opener| match closer {
            b')' => opener == Opener::Paren,
            b']' => opener == Opener::Bracket,
            _ => matches!(opener, Opener::Brace | Opener::TemplateExpression),
        };
        let open = [Opener::Paren, Opener::Bracket, Opener::Brace, Opener::TemplateExpression]
            .into_iter()
            .any(|opener| matches(opener) && self.counts[opener.index()] > 0);
        if !open {
            if closer == b'}' && self.unmatched_brace.is_none() {
                self.unmatched_brace = Some(self.position - 1);
            }
            return None;
        }
        while let Some(opener) = self.pop() {
            if matches(opener) {
                return Some(opener);
            }
        }
        None
    }

    /// Skips an identifier, keyword or number and returns it.
    fn skip_word(&mut self) -> &[u8] {
        let start = self.position;
        while let Some(&byte) = self.bytes.get(self.position) {
            if !(byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'$' | 0x80..)) {
                break;
            }
            self.position += 1;
        }
        self.bytes.get(start..self.position).unwrap_or_default()
    }

    /// Skips a quoted string; an unterminated one ends at the line's end.
    fn skip_string(&mut self, quote: u8) {
        self.position += 1;
        while let Some(&byte) = self.bytes.get(self.position) {
            self.position += 1;
            match byte {
                b'\\' => self.position += 1,
                b'\n' | b'\r' => return,
                _ if byte == quote => return,
                _ => {}
            }
        }
    }

    /// Skips template text up to its closing backtick, or up to a `${`, which is pushed so the
    /// `}` that closes it resumes the template.
    fn skip_template(&mut self) -> Result<(), usize> {
        while let Some(&byte) = self.bytes.get(self.position) {
            match byte {
                b'\\' => self.position += 2,
                b'`' => {
                    self.position += 1;
                    return Ok(());
                }
                b'$' if self.bytes.get(self.position + 1) == Some(&b'{') => {
                    self.push(Opener::TemplateExpression)?;
                    self.position += 2;
                    self.regex_allowed = true;
                    return Ok(());
                }
                _ => self.position += 1,
            }
        }
        Ok(())
    }

    /// Handles a `/`: a comment, a regular expression or a division.
    fn slash(&mut self) {
        match self.bytes.get(self.position + 1) {
            Some(b'/') => {
                while let Some(&byte) = self.bytes.get(self.position) {
                    if matches!(byte, b'\n' | b'\r') {
                        break;
                    }
                    self.position += 1;
                }
            }
            Some(b'*') => {
                self.position += 2;
                while self.position < self.bytes.len()
                    && self.bytes.get(self.position..self.position + 2) != Some(b"*/")
                {
                    self.position += 1;
                }
                self.position += 2;
            }
            _ if self.regex_allowed => {
                self.skip_regex();
                self.regex_allowed = false;
            }
            _ => {
                self.position += 1;
                self.regex_allowed = true;
            }
        }
    }

    /// Skips a regular expression literal's body (flags are skipped as a word afterwards); an
    /// unterminated one ends at the line's end.
    fn skip_regex(&mut self) {
        self.position += 1;
        let mut in_class = false;
        while let Some(&byte) = self.bytes.get(self.position) {
            self.position += 1;
            match byte {
                b'\\' => self.position += 1,
                b'[' => in_class = true,
                b']' => in_class = false,
                b'/' if !in_class => return,
                b'\n' | b'\r' => return,
                _ => {}
            }
        }
    }
}

/// Words after which a `/` starts a regular expression, separated by spaces.
const KEYWORDS_BEFORE_EXPRESSION: &str =
    "return typeof instanceof in of new delete void throw case do else yield await";
