//! The stdio transport: JSON-RPC messages one per line, as MCP's stdio transport says, with
//! what rmcp's own transport leaves out. A line that is not JSON gets a parse error (-32700), a
//! JSON line that is not a message an invalid-request error (-32600, with its id when it has
//! one), and a line past [`MAX_LINE`] bytes is refused without being held in memory. The
//! session goes on after each.

use std::io;
use std::pin::Pin;

use futures::{Sink, Stream};
use rmcp::model::{ClientJsonRpcMessage, ServerJsonRpcMessage};
use serde_json::{Value, json};
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

/// The longest request line taken, in bytes.
pub(crate) const MAX_LINE: usize = 16 << 20;

/// What the server writes: messages in order, with the transport's own error answers among
/// them.
type Outgoing = Pin<Box<dyn Sink<ServerJsonRpcMessage, Error = io::Error> + Send>>;
/// What the server reads: the messages that parse.
type Incoming = Pin<Box<dyn Stream<Item = ClientJsonRpcMessage> + Send>>;

/// The transport over this process's standard input and output.
pub(crate) fn transport() -> (Outgoing, Incoming) {
    over(BufReader::new(tokio::io::stdin()), tokio::io::stdout())
}

/// The transport over any reader and writer (tests use pipes).
pub(crate) fn over(
    input: impl AsyncBufRead + Send + Unpin + 'static,
    mut output: impl tokio::io::AsyncWrite + Send + Unpin + 'static,
) -> (Outgoing, Incoming) {
    let (lines, mut to_write) = mpsc::channel::<String>(64);
    tokio::spawn(async move {
        while let Some(mut line) = to_write.recv().await {
            line.push('\n');
            if output.write_all(line.as_bytes()).await.is_err() || output.flush().await.is_err() {
                return;
            }
        }
    });
    let answers = lines.clone();
    let sink = futures::sink::unfold(lines, |lines, message: ServerJsonRpcMessage| async move {
        let line = serde_json::to_string(&message).map_err(io::Error::other)?;
        lines.send(line).await.map_err(|_| io::Error::other("standard output is closed"))?;
        Ok::<_, io::Error>(lines)
    });
    let stream = futures::stream::unfold((input, answers), |(mut input, answers)| async move {
        loop {
            let answer = match read_line(&mut input, MAX_LINE).await.ok()? {
                Line::End => return None,
                Line::TooLong(bytes) => error(
                    Value::Null,
                    -32600,
                    format!("the request is {bytes} bytes; the most a line may hold is {MAX_LINE}"),
                ),
                Line::Text(text) if text.trim_ascii().is_empty() => continue,
                Line::Text(text) => match message(&text) {
                    Ok(message) => return Some((message, (input, answers))),
                    Err(None) => continue,
                    Err(Some(answer)) => answer,
                },
            };
            if answers.send(answer).await.is_err() {
                return None;
            }
        }
    });
    (Box::pin(sink), Box::pin(stream))
}

/// The message of a line, or the error answer it gets (`None`: a notification, which gets no
/// answer, even a wrong one).
fn message(text: &[u8]) -> Result<ClientJsonRpcMessage, Option<String>> {
    let value: Value = serde_json::from_slice(text)
        .map_err(|why| Some(error(Value::Null, -32700, format!("not JSON: {why}"))))?;
    let id = value.get("id").cloned();
    let arguments = value.pointer("/params/arguments");
    if value["method"] == "tools/call" && arguments.is_some_and(|arguments| !arguments.is_object())
    {
        let message = "tools/call arguments must be a JSON object".to_owned();
        return Err(id.map(|id| error(id, -32602, message)));
    }
    serde_json::from_value(value)
        .map_err(|why| id.map(|id| error(id, -32600, format!("not a valid request: {why}"))))
}

/// A JSON-RPC error answer, as a line.
fn error(id: Value, code: i64, message: String) -> String {
    json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } }).to_string()
}

enum Line {
    Text(Vec<u8>),
    /// A line past the limit, skipped: its length.
    TooLong(usize),
    End,
}

/// The next line, without its newline; a line past `max` bytes is skipped, not kept.
async fn read_line(input: &mut (impl AsyncBufRead + Unpin), max: usize) -> io::Result<Line> {
    let mut line = Vec::new();
    let mut length = 0;
    loop {
        let buffer = input.fill_buf().await?;
        if buffer.is_empty() {
            return Ok(match length {
                0 => Line::End,
                _ if length > max => Line::TooLong(length),
                _ => Line::Text(line),
            });
        }
        let newline = buffer.iter().position(|&byte| byte == b'\n');
        let chunk = &buffer[..newline.unwrap_or(buffer.len())];
        length += chunk.len();
        if length <= max {
            line.extend_from_slice(chunk);
        } else {
            line = Vec::new();
        }
        let consumed = newline.map_or(buffer.len(), |at| at + 1);
        input.consume(consumed);
        if newline.is_some() {
            return Ok(if length > max { Line::TooLong(length) } else { Line::Text(line) });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_line_past_the_limit_is_skipped_and_the_next_one_read() {
        let text = format!("{}\nshort\n", "x".repeat(100));
        let mut input = BufReader::with_capacity(16, text.as_bytes());
        assert!(matches!(read_line(&mut input, 10).await.unwrap(), Line::TooLong(100)));
        assert!(matches!(read_line(&mut input, 10).await.unwrap(), Line::Text(t) if t == b"short"));
        assert!(matches!(read_line(&mut input, 10).await.unwrap(), Line::End));
    }
}
