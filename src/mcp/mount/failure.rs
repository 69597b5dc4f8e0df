//! A mounted tool's failure (`isError: true`) as a script receives it (issue 37): the server's
//! text as the message, and a `name` to branch on where the server gave one.
//!
//! - A structured error (`structuredContent` beside `isError`) names itself by its `name` or
//!   `code` field (or those of an `error` object in it), and its `message` is the message where
//!   the text is empty.
//! - Otherwise a system error code in the text (`ENOENT: no such file or directory`, the way the
//!   Node servers report a file that is not there) is said as ordo's own file tools say it
//!   (`NotFound`), so one `catch` serves `tools.read_file` and a mounted file server alike.
//! - Anything else stays a plain `ToolError`.

use ordo_tools::ToolFailure;
use serde_json::Value;

/// System error codes and the names ordo's file tools give the same failures.
const SYSTEM_ERRORS: &[(&str, &str)] = &[
    ("ENOENT", "NotFound"),
    ("EISDIR", "IsADirectory"),
    ("ENOTDIR", "NotADirectory"),
    ("EACCES", "PermissionDenied"),
    ("EPERM", "PermissionDenied"),
    ("EEXIST", "AlreadyExists"),
    ("ENOTEMPTY", "DirectoryNotEmpty"),
];

/// The longest name taken from a server.
const MAX_NAME: usize = 64;

/// The failure a result with `isError` stands for: `text` is its text content joined.
pub(super) fn failure(text: String, structured: Option<&Value>) -> ToolFailure {
    let error =
        structured.map(|value| value.get("error").filter(|e| e.is_object()).unwrap_or(value));
    let field = |key: &str| error.and_then(|error| error.get(key)).and_then(Value::as_str);
    let message = match (text.is_empty(), field("message")) {
        (false, _) => text,
        (true, Some(message)) => message.to_owned(),
        (true, None) => "the tool failed".to_owned(),
    };
    let name = ["name", "code"]
        .into_iter()
        .filter_map(field)
        .find(|name| is_name(name))
        .map(str::to_owned)
        .or_else(|| system_error(&message).map(str::to_owned));
    let failure = ToolFailure::new(message);
    match name {
        Some(name) => failure.named(name),
        None => failure,
    }
}

/// Whether `text` can be an error's name: a letter, then letters, digits and `_`.
fn is_name(text: &str) -> bool {
    text.len() <= MAX_NAME
        && text.starts_with(|c: char| c.is_ascii_alphabetic())
        && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The name of the first system error code that appears as a word of `message`.
fn system_error(message: &str) -> Option<&'static str> {
    let words = message.split(|c: char| !c.is_ascii_alphanumeric());
    words
        .filter(|word| word.starts_with('E'))
        .find_map(|word| SYSTEM_ERRORS.iter().find(|(code, _)| *code == word))
        .map(|(_, name)| *name)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn named(text: &str, structured: Option<Value>) -> (String, String) {
        let failure = failure(text.to_owned(), structured.as_ref());
        (failure.name().to_owned(), failure.message().to_owned())
    }

    #[test]
    fn a_system_error_in_the_text_is_named_as_the_file_tools_name_it() {
        let text = "Error: ENOENT: no such file or directory, open '/tmp/x/missing.txt'";
        assert_eq!(named(text, None), ("NotFound".to_owned(), text.to_owned()));
        assert_eq!(named("EACCES: permission denied", None).0, "PermissionDenied");
        assert_eq!(
            named("Error: EISDIR: illegal operation on a directory", None).0,
            "IsADirectory"
        );
        // A word that merely starts like one is not one.
        assert_eq!(named("ENOENTITY is not a code", None).0, "ToolError");
        assert_eq!(named("it failed", None).0, "ToolError");
    }

    #[test]
    fn a_structured_error_names_itself() {
        let structured = json!({ "error": { "name": "RateLimited", "message": "slow down" } });
        assert_eq!(named("", Some(structured)), ("RateLimited".to_owned(), "slow down".to_owned()));
        let structured = json!({ "code": "QUOTA_EXCEEDED" });
        assert_eq!(named("over quota", Some(structured)).0, "QUOTA_EXCEEDED");
        // What cannot be a name is not taken as one; the text still may name it.
        let structured = json!({ "name": "not a name!", "code": 404 });
        assert_eq!(named("ENOENT", Some(structured)).0, "NotFound");
        assert_eq!(named("", None), ("ToolError".to_owned(), "the tool failed".to_owned()));
    }
}
