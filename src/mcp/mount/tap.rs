//! What a server says about tasks (MCP 2025-11-25, "Tasks"), read from the raw messages it
//! writes: whether it takes task-augmented `tools/call` requests
//! (`capabilities.tasks.requests.tools.call` in its `initialize` result), and which of its tools
//! must be called as tasks (`execution.taskSupport: "required"` in its `tools/list` results).
//!
//! rmcp 3.11 cannot tell ordo either: its `ServerCapabilities` and `Tool` have no field for
//! them, and it decodes every answer into those types before ordo sees it, a raw `tools/list`
//! sent as a custom request included (its answer still decodes as a `ListToolsResult`). So the
//! server's standard output is read on its way to rmcp: [`Tapped`] passes every byte through
//! unchanged and hands each complete line (one JSON-RPC message) to [`TaskSupport`], which
//! parses only the lines that can hold these declarations.
//!
//! Over streamable HTTP rmcp reads the responses itself, so nothing is declared there and every
//! tool is called as a plain `tools/call`.

use std::collections::HashSet;
use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};

use serde_json::Value;
use tokio::io::{AsyncRead, ReadBuf};

/// The longest line read for declarations, as rmcp's own limit: a longer one is passed through
/// unread.
const MAX_LINE: usize = 16 << 20;

/// What one server declared about tasks.
#[derive(Debug, Default)]
pub(super) struct TaskSupport {
    declared: Mutex<Declared>,
}

#[derive(Debug, Default)]
struct Declared {
    /// Whether its last `initialize` result declared `tasks.requests.tools.call`.
    tools_call: bool,
    /// Its tools whose `execution.taskSupport` is `"required"`.
    required: HashSet<String>,
}

impl TaskSupport {
    /// Whether `tool` must be called as a task: the tool requires it and the server takes
    /// task-augmented calls (a client must not send one to a server that does not declare it).
    /// A tool whose `taskSupport` is `"optional"` is called plainly, as one without it.
    pub(super) fn required(&self, tool: &str) -> bool {
        let declared = self.declared.lock().unwrap_or_else(PoisonError::into_inner);
        declared.tools_call && declared.required.contains(tool)
    }

    /// Reads one line the server wrote: a JSON-RPC message (or a batch of them); anything else
    /// is ignored.
    fn line(&self, line: &[u8]) {
        let Ok(text) = std::str::from_utf8(line) else { return };
        if !text.contains("\"capabilities\"") && !text.contains("\"taskSupport\"") {
            return;
        }
        let Ok(message) = serde_json::from_str::<Value>(text) else { return };
        match message {
            Value::Array(batch) => batch.iter().for_each(|message| self.message(message)),
            message => self.message(&message),
        }
    }

    /// Reads a response: an `initialize` result's capabilities, a `tools/list` page's tools.
    fn message(&self, message: &Value) {
        let Some(result) = message.get("result").and_then(Value::as_object) else { return };
        let mut declared = self.declared.lock().unwrap_or_else(PoisonError::into_inner);
        if result.contains_key("protocolVersion")
            && let Some(capabilities) = result.get("capabilities")
        {
            let call = capabilities.pointer("/tasks/requests/tools/call");
            declared.tools_call = call.is_some_and(Value::is_object);
        }
        let Some(tools) = result.get("tools").and_then(Value::as_array) else { return };
        for tool in tools {
            let Some(name) = tool.get("name").and_then(Value::as_str) else { continue };
            let support = tool.pointer("/execution/taskSupport").and_then(Value::as_str);
            if support == Some("required") {
                declared.required.insert(name.to_owned());
            } else {
                declared.required.remove(name);
            }
        }
    }
}

/// A server's standard output, read for [`TaskSupport`] on its way to rmcp.
pub(super) struct Tapped<R> {
    inner: R,
    support: Arc<TaskSupport>,
    /// The line read so far.
    line: Vec<u8>,
    /// The line is longer than [`MAX_LINE`]: its rest is skipped.
    skipping: bool,
}

impl<R> Tapped<R> {
    pub(super) fn new(inner: R, support: Arc<TaskSupport>) -> Self {
        Self { inner, support, line: Vec::new(), skipping: false }
    }

    /// Takes in bytes just read, reading each line they complete.
    fn feed(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            let end = bytes.iter().position(|&byte| byte == b'\n');
            let (part, rest) = match end {
                Some(end) => (&bytes[..end], &bytes[end + 1..]),
                None => (bytes, &[][..]),
            };
            if !self.skipping {
                if self.line.len() + part.len() > MAX_LINE {
                    self.skipping = true;
                    self.line = Vec::new();
                } else {
                    self.line.extend_from_slice(part);
                }
            }
            if end.is_some() {
                if !self.skipping {
                    self.support.line(&self.line);
                }
                self.line.clear();
                self.skipping = false;
            }
            bytes = rest;
        }
    }
}

impl<R: AsyncRead + Unpin> AsyncRead for Tapped<R> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let poll = Pin::new(&mut this.inner).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = poll {
            this.feed(&buf.filled()[before..]);
        }
        poll
    }
}

#[cfg(test)]
mod tests {
    use tokio::io::AsyncReadExt;

    use super::*;

    const INIT: &str = r#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{},"tasks":{"requests":{"tools":{"call":{}}}}},"serverInfo":{"name":"s","version":"1"}}}"#;
    const LIST: &str = r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"research","inputSchema":{"type":"object"},"execution":{"taskSupport":"required"}},{"name":"maybe","inputSchema":{"type":"object"},"execution":{"taskSupport":"optional"}},{"name":"echo","inputSchema":{"type":"object"}}]}}"#;

    /// Reads `text` through a tap, in pieces of `chunk` bytes; gives what came out and what was
    /// declared.
    async fn read(text: &str, chunk: usize) -> (String, Arc<TaskSupport>) {
        let support = Arc::new(TaskSupport::default());
        let (mut writer, reader) = tokio::io::duplex(chunk);
        let owned = text.to_owned();
        let writing = tokio::spawn(async move {
            use tokio::io::AsyncWriteExt;
            for piece in owned.as_bytes().chunks(chunk) {
                writer.write_all(piece).await.unwrap();
            }
        });
        let mut tapped = Tapped::new(reader, Arc::clone(&support));
        let mut out = String::new();
        tapped.read_to_string(&mut out).await.unwrap();
        writing.await.unwrap();
        (out, support)
    }

    #[tokio::test]
    async fn r_mcpm_3_the_tasks_a_server_requires_are_read_from_its_output() {
        let text = format!("{INIT}\nnot json\n{LIST}\n");
        for chunk in [1, 7, 4096] {
            let (out, support) = read(&text, chunk).await;
            assert_eq!(out, text, "every byte passes through, in order");
            assert!(support.required("research"), "chunk {chunk}");
            assert!(!support.required("maybe"), "optional: a plain call");
            assert!(!support.required("echo"));
        }
    }

    #[tokio::test]
    async fn r_mcpm_3_no_task_goes_to_a_server_that_does_not_take_them() {
        let init = INIT.replace(r#","tasks":{"requests":{"tools":{"call":{}}}}"#, "");
        let (_, support) = read(&format!("{init}\n{LIST}\n"), 64).await;
        assert!(!support.required("research"));
    }
}
