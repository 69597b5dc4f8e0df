//! Realistic tools: one typed in Rust (schemars), the rest in the style of public MCP servers.

use ordo_tools::{CallContext, ContentBlock, ToolDefinition, ToolFailure, TypedTool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::definition;

/// A tool typed in Rust: its schemas are what schemars 1 derives (`$defs`, `$ref`, `["…",
/// "null"]`, `oneOf` for documented enum variants).
pub(super) struct SearchCode;

/// Where to search, and how.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[expect(dead_code, reason = "only the schema is used")]
pub(super) struct SearchCodeArgs {
    /// What to look for.
    query: String,
    /// How `query` matches.
    mode: MatchMode,
    /// Where to search; the whole project when absent.
    scope: Option<Scope>,
    /// Stop after this many matches.
    max_results: Option<u32>,
    /// File extensions to include, without the dot.
    #[serde(default)]
    extensions: Vec<String>,
}

/// How a query matches a line.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub(super) enum MatchMode {
    /// The exact text.
    Literal,
    /// A regular expression.
    Regex,
    Fuzzy,
}

/// A part of the project.
#[derive(Deserialize, JsonSchema)]
#[expect(dead_code, reason = "only the schema is used")]
pub(super) struct Scope {
    /// A directory relative to the project root.
    directory: String,
    /// Whether to search subdirectories too.
    #[serde(default)]
    recursive: bool,
}

/// The matches found.
#[derive(Serialize, Deserialize, JsonSchema)]
pub(super) struct SearchCodeOutput {
    matches: Vec<Match>,
    /// Whether `max_results` cut the list short.
    truncated: bool,
}

/// One matching line.
#[derive(Serialize, Deserialize, JsonSchema)]
pub(super) struct Match {
    path: String,
    /// 1-based.
    line: u32,
    text: String,
}

impl TypedTool for SearchCode {
    type Args = SearchCodeArgs;
    type Output = SearchCodeOutput;
    const NAME: &'static str = "search_code";
    const DESCRIPTION: &'static str = "Searches the project's source files.";

    async fn call(
        &self,
        _: SearchCodeArgs,
        _: CallContext,
    ) -> Result<SearchCodeOutput, ToolFailure> {
        Ok(SearchCodeOutput { matches: Vec::new(), truncated: false })
    }

    fn render(_: &SearchCodeArgs, output: &SearchCodeOutput) -> Vec<ContentBlock> {
        vec![ContentBlock::text(format!("{} matches", output.matches.len()))]
    }
}

/// The filesystem MCP server's `edit_file` (draft-07, as zod-to-json-schema writes it).
pub(super) fn edit_file() -> ToolDefinition {
    definition(
        "edit_file",
        "Make line-based edits to a text file. Each edit replaces exact line sequences with new \
         content. Returns a git-style diff showing the changes made. Only works within allowed \
         directories.",
        json!({
            "$schema": "http://json-schema.org/draft-07/schema#",
            "type": "object",
            "properties": {
                "path": { "type": "string" },
                "edits": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "oldText": {
                                "type": "string",
                                "description": "Text to search for - must match exactly"
                            },
                            "newText": { "type": "string", "description": "Text to replace with" }
                        },
                        "required": ["oldText", "newText"],
                        "additionalProperties": false
                    }
                },
                "dryRun": {
                    "type": "boolean",
                    "default": false,
                    "description": "Preview changes using git-style diff format"
                }
            },
            "required": ["path", "edits"],
            "additionalProperties": false
        }),
        json!({
            "type": "object",
            "properties": {
                "diff": { "type": "string", "description": "A unified diff of the changes." },
                "applied": { "type": "boolean" }
            },
            "required": ["diff", "applied"],
            "additionalProperties": false
        }),
    )
}

/// GitHub's `create_issue`, in the style of the GitHub MCP server.
pub(super) fn create_issue() -> ToolDefinition {
    definition(
        "create_issue",
        "Create a new issue in a GitHub repository.",
        json!({
            "type": "object",
            "properties": {
                "owner": { "type": "string", "description": "Repository owner" },
                "repo": { "type": "string", "description": "Repository name" },
                "title": { "type": "string", "description": "Issue title" },
                "body": { "type": "string", "description": "Issue body content" },
                "assignees": {
                    "type": "array",
                    "items": { "type": "string" },
                    "description": "Usernames to assign to this issue"
                },
                "labels": {
                    "type": "array",
                    "items": { "type": "string" },
                    "description": "Labels to apply to this issue"
                },
                "milestone": { "type": "number", "description": "Milestone number" }
            },
            "required": ["owner", "repo", "title"]
        }),
        json!({
            "type": "object",
            "properties": {
                "number": { "type": "integer", "minimum": 1 },
                "html_url": { "type": "string", "format": "uri" },
                "state": { "type": "string", "enum": ["open", "closed"] },
                "labels": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "name": { "type": "string" },
                            "color": { "type": "string", "pattern": "^[0-9a-f]{6}$" }
                        },
                        "required": ["name"]
                    }
                },
                "assignee": {
                    "description": "The first assignee, if any.",
                    "anyOf": [
                        {
                            "type": "object",
                            "properties": { "login": { "type": "string" } },
                            "required": ["login"]
                        },
                        { "type": "null" }
                    ]
                },
                "created_at": { "type": "string", "format": "date-time" }
            },
            "required": ["number", "html_url", "state", "labels", "assignee", "created_at"]
        }),
    )
}

/// A web search tool with `anyOf`, enums, bounds and a nullable filter.
pub(super) fn web_search() -> ToolDefinition {
    definition(
        "web_search",
        "Searches the web.\n\nUse `freshness` to restrict results by age.",
        json!({
            "type": "object",
            "properties": {
                "query": { "type": "string", "minLength": 1, "maxLength": 400 },
                "count": { "type": "integer", "minimum": 1, "maximum": 20, "default": 10 },
                "freshness": {
                    "description": "A period (past day, week, month, year) or a date range.",
                    "anyOf": [
                        { "type": "string", "enum": ["pd", "pw", "pm", "py"] },
                        { "type": "string", "pattern": "^\\d{4}-\\d{2}-\\d{2}to\\d{4}-\\d{2}-\\d{2}$" }
                    ]
                },
                "safesearch": {
                    "type": "string",
                    "enum": ["off", "moderate", "strict"],
                    "default": "moderate"
                },
                "site": { "type": ["string", "null"], "description": "Only results from this site." }
            },
            "required": ["query"]
        }),
        json!({
            "type": "object",
            "properties": {
                "results": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "title": { "type": "string" },
                            "url": { "type": "string", "format": "uri" },
                            "snippet": { "type": "string" },
                            "age": { "type": ["string", "null"] }
                        },
                        "required": ["title", "url"]
                    }
                },
                "more": { "type": "boolean" }
            },
            "required": ["results"]
        }),
    )
}

/// A recursive `$ref`: a tree whose nodes hold children of their own type.
pub(super) fn tree_tool() -> ToolDefinition {
    definition(
        "make_tree",
        "Builds a tree.",
        json!({
            "type": "object",
            "properties": { "root": { "$ref": "#/$defs/TreeNode" } },
            "required": ["root"],
            "$defs": {
                "TreeNode": {
                    "description": "A node and its children.",
                    "type": "object",
                    "properties": {
                        "name": { "type": "string" },
                        "children": { "type": "array", "items": { "$ref": "#/$defs/TreeNode" } }
                    },
                    "required": ["name"]
                }
            }
        }),
        json!({
            "$schema": "http://json-schema.org/draft-07/schema#",
            "description": "An expression tree: mutual recursion through draft-07 definitions.",
            "$ref": "#/definitions/expr",
            "definitions": {
                "expr": { "anyOf": [{ "type": "number" }, { "$ref": "#/definitions/call" }] },
                "call": {
                    "type": "object",
                    "properties": {
                        "op": { "enum": ["+", "-", "*", "/"] },
                        "args": { "type": "array", "items": { "$ref": "#/definitions/expr" } }
                    },
                    "required": ["op", "args"]
                }
            }
        }),
    )
}

/// Names a TypeScript identifier cannot hold as they are.
pub(super) fn quoting_tool(name: &str) -> ToolDefinition {
    definition(
        name,
        "Has awkward names.",
        json!({
            "type": "object",
            "properties": {
                "content-type": { "type": "string" },
                "2xx": { "type": "boolean" },
                "class": { "type": "string", "description": "A reserved word: fine unquoted." },
                "with space": { "type": "string" },
                "ünïcode": { "type": "string" },
                "quote\"d": { "type": "string" },
                "$ref": { "type": "string" },
                "_private": { "type": "string" },
                "get": { "type": "string" },
                "readonly": { "type": "string" },
                "new": { "type": "string" }
            }
        }),
        json!({ "type": "null" }),
    )
}
