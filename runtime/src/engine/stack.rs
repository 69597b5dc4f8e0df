//! Error stacks in the script's own lines.
//!
//! Boa writes an error's `stack` as frames like `at fail (script:4:11)`, in the lines of the
//! wrapped text (the script runs as the body of a function one line down), with the wrapper's own
//! call as its last frame and the engine's frames (`at  (native)`) among them. What a script's
//! reader should see is `at fail (line 3, column 11)`: the frames in the script, in its lines.

use boa_engine::{Context, JsValue};

use super::originals::Originals;
use crate::outcome::Position;

/// One frame of a stack that lies in the script.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Frame<'a> {
    /// The function's name; `<main>` for the script's body.
    pub(crate) name: &'a str,
    /// Where, in the script as written.
    pub(crate) position: Position,
}

/// The frames of `stack` that lie in the script, innermost first, the wrapper's call included.
pub(crate) fn script_frames(stack: &str) -> impl Iterator<Item = Frame<'_>> {
    stack.lines().filter_map(|line| {
        let frame = line.trim().strip_prefix("at ")?.strip_suffix(')')?;
        let open = frame.rfind(" (script:")?;
        let (line, column) = frame[open + " (script:".len()..].split_once(':')?;
        let line = super::unwrap_line(line.parse().ok()?)?;
        Some(Frame {
            name: &frame[..open],
            position: Position { line, column: column.parse().ok()? },
        })
    })
}

/// The frames of `stack` as a reader should see them: `at the script (line 2, column 5)`,
/// `at fail (line 3, column 11)`, without the wrapper's call.
pub(crate) fn readable_frames(stack: &str) -> Vec<String> {
    let mut frames: Vec<String> = script_frames(stack)
        .map(|frame| {
            let name = if frame.name == "<main>" { "the script" } else { frame.name };
            let Position { line, column } = frame.position;
            format!("at {name} (line {line}, column {column})")
        })
        .collect();
    frames.pop();
    frames
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
        let frames: Vec<_> = script_frames(STACK).collect();
        assert_eq!(frames.len(), 3);
        assert_eq!(frames[0], Frame { name: "fail", position: Position { line: 3, column: 11 } });
        assert_eq!(
            readable_frames(STACK),
            ["at fail (line 3, column 11)", "at the script (line 5, column 1)"]
        );
        assert!(script_frames("    at f (native at prelude:1:1)").next().is_none());
        assert!(script_frames("    at f (script:1:4)").next().is_none(), "line 1 is the wrapper's");
    }
}
