//! What a call carried, on its span, only when asked (`--otel-content`): its arguments (a
//! script's source is `run_code`'s) as `gen_ai.tool.call.arguments` and its value as
//! `gen_ai.tool.call.result`, each cut to a bound. Off by default: arguments and results may
//! hold anything a user or a tool handed over.

use ordo_tools::{Execution, ObserverError, ResultObserver, ToolResult};

/// The result observer that puts a call's content on its span.
#[derive(Clone, Copy, Debug)]
pub struct ContentCapture {
    /// The bytes kept of each attribute.
    pub bytes: usize,
}

impl ResultObserver for ContentCapture {
    fn on_result(&self, execution: &Execution, result: &ToolResult) -> Result<(), ObserverError> {
        let span = execution.span();
        span.record("gen_ai.tool.call.arguments", bounded(execution.arguments().raw(), self.bytes));
        if let Some(value) = result.value.as_deref().filter(|_| !result.is_error()) {
            span.record("gen_ai.tool.call.result", bounded(&value.to_string(), self.bytes));
        }
        Ok(())
    }
}

/// `text`, or its first `bytes` bytes (at a character's boundary) and how many were left out.
pub(crate) fn bounded(text: &str, bytes: usize) -> String {
    if text.len() <= bytes {
        return text.to_owned();
    }
    let mut end = bytes;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… [{} more bytes]", &text[..end], text.len() - end)
}

#[cfg(test)]
mod tests {
    use super::bounded;

    #[test]
    fn r_otel_3_content_is_cut_to_its_bound_at_a_character() {
        assert_eq!(bounded("short", 10), "short");
        assert_eq!(bounded("abcdef", 3), "abc… [3 more bytes]");
        assert_eq!(bounded("ééé", 3), "é… [4 more bytes]", "never inside a character");
    }
}
