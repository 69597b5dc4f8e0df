//! Error stacks in the script's own lines.
//!
//! Boa writes an error's `stack` as frames like `at fail (script:4:11)`, in the lines of the
//! wrapped text (the script runs as the body of a function one line down), with the wrapper's own
//! call as its last frame and the engine's frames (`at  (native)`) among them. What a script's
//! reader should see is `at fail (line 3, column 11)`: the frames in the script, in the source as
//! written ([`ScriptText`]).

use boa_engine::{Context, JsValue};

use super::originals::Originals;
use super::script_text::ScriptText;

/// One frame of a stack that lies in the script text, where Boa puts it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Frame<'a> {
    /// The function's name; `<main>` for the script's body.
    pub(crate) name: &'a str,
    /// The line in the wrapped text.
    pub(crate) line: u32,
    pub(crate) column: u32,
}

/// The frames of `stack` in the script's text, innermost first, without the wrapper's call
/// (the last of them).
pub(crate) fn script_frames(stack: &str) -> Vec<Frame<'_>> {
    let mut frames: Vec<Frame<'_>> = stack
        .lines()
        .filter_map(|line| {
            let frame = line.trim().strip_prefix("at ")?.strip_suffix(')')?;
            let open = frame.rfind(" (script:")?;
            let (line, column) = frame[open + " (script:".len()..].split_once(':')?;
            Some(Frame {
                name: &frame[..open],
                line: line.parse().ok()?,
                column: column.parse().ok()?,
            })
        })
        .collect();
    frames.pop();
    frames
}

/// The frames of `stack` as a reader should see them: `at the script (line 2, column 5)`,
/// `at fail (position unknown)`.
pub(crate) fn readable_frames(stack: &str, text: Option<&ScriptText>) -> Vec<String> {
    script_frames(stack)
        .into_iter()
        .map(|frame| {
            let name = if frame.name == "<main>" { "the script" } else { frame.name };
            match text.and_then(|text| text.original(frame.line, frame.column)) {
                Some(position) => {
                    format!("at {name} (line {}, column {})", position.line, position.column)
                }
                None => format!("at {name} (position unknown)"),
            }
        })
        .collect()
}

/// The `stack` of `error`, read with the getter captured before any script ran.
pub(crate) fn stack_of(
    error: &JsValue,
    originals: &Originals,
    context: &mut Context,
) -> Option<String> {
    let getter = originals.error_stack.as_ref()?;
    let stack = getter.call(error, &[], context).ok()?;
    Some(stack.as_string()?.to_std_string_lossy())
}

#[cfg(test)]
mod tests {
    use super::*;

    const STACK: &str = "Error: x\n    at  (native)\n    at fail (script:4:11)\n    \
                         at <main> (script:6:1)\n    at <main> (script:9:3)\n";

    #[test]
    fn frames_in_the_script_are_read_in_its_own_lines() {
        let frames = script_frames(STACK);
        assert_eq!(
            frames,
            [
                Frame { name: "fail", line: 4, column: 11 },
                Frame { name: "<main>", line: 6, column: 1 }
            ]
        );
        let text = ScriptText::new(String::new(), None);
        assert_eq!(
            readable_frames(STACK, Some(&text)),
            ["at fail (line 3, column 11)", "at the script (line 5, column 1)"]
        );
        assert!(script_frames("    at f (native at prelude:1:1)").is_empty());
    }
}
