//! `import` and `export` in a script, which is a function body, not a module.
//!
//! Models write them out of habit. What only speaks of types is erased: `import type …`,
//! `import { type A, type B } from …`, `export type { … }`, and the `export` keyword before a
//! declaration (`export interface`, `export const`), which a script has no one to export to. Any
//! other import is refused with what to do instead: a script reaches the world only through
//! `tools`.
//!
//! Erasing replaces characters with spaces and keeps line breaks, so every position after it is
//! where it was. Statements are found where they can be: at the start of a line, outside
//! comments, strings and template literals, and outside namespace bodies, where `export` makes a
//! member visible and `import x = A.b` is an alias (swc compiles both).

use super::TypeScriptError;

/// Declarations an `export` keyword may stand before; the keyword alone is erased.
const DECLARATIONS: [&str; 14] = [
    "const ",
    "let ",
    "var ",
    "function ",
    "function*",
    "async ",
    "class ",
    "interface ",
    "type ",
    "enum ",
    "declare ",
    "abstract ",
    "namespace ",
    "module ",
];

/// `source` with type-only imports and exports erased, or why an import cannot be.
pub(super) fn erase_modules(source: &str) -> Result<String, TypeScriptError> {
    let mut out = source.to_owned();
    for start in statement_starts(source) {
        let rest = &source[start..];
        if let Some(after) = rest.strip_prefix("export ") {
            let after = after.trim_start();
            if after.starts_with("type {") || after.starts_with("type{") {
                blank(&mut out, start, statement_end(source, start));
            } else if DECLARATIONS.iter().any(|keyword| after.starts_with(keyword)) {
                blank(&mut out, start, start + "export".len());
            } else {
                return Err(TypeScriptError::at(
                    source,
                    start,
                    "`export` is not available in scripts: a script gives its result with \
                     `return`",
                ));
            }
        } else if rest.starts_with("import ") || rest.starts_with("import{") {
            if import_equals(rest) {
                // `import x = require(…)`: the stripper explains that one.
                continue;
            }
            let end = statement_end(source, start);
            if type_only(&source[start..end]) {
                blank(&mut out, start, end);
            } else {
                return Err(TypeScriptError::at(
                    source,
                    start,
                    "imports are not available in scripts: a script reaches files, commands and \
                     services only through `tools` (already declared, with their types); remove \
                     the import",
                ));
            }
        }
    }
    Ok(out)
}

/// Whether `rest` is TypeScript's `import x = …`.
pub(super) fn import_equals(rest: &str) -> bool {
    let after = rest["import".len()..].trim_start();
    let name_end =
        after.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$')).unwrap_or(after.len());
    name_end > 0 && after[name_end..].trim_start().starts_with('=')
}

/// Whether an import statement imports only types: `import type …`, or braces whose every
/// specifier is `type X`.
fn type_only(statement: &str) -> bool {
    let body = statement.trim_start_matches("import").trim_start();
    if body.starts_with("type ") || body.starts_with("type{") {
        return true;
    }
    let (Some(open), Some(close)) = (body.find('{'), body.find('}')) else { return false };
    if open != 0 || close < open {
        return false;
    }
    let specifiers: Vec<&str> =
        body[1..close].split(',').map(str::trim).filter(|part| !part.is_empty()).collect();
    !specifiers.is_empty() && specifiers.iter().all(|part| part.starts_with("type "))
}

/// Replaces `out[start..end]` with spaces, keeping line breaks (JavaScript's four: U+2028 and
/// U+2029 end a line too); a character of several bytes becomes as many spaces, so byte offsets
/// stay put.
fn blank(out: &mut String, start: usize, end: usize) {
    let erased: String = out[start..end]
        .chars()
        .map(|c| match c {
            '\n' | '\r' | '\u{2028}' | '\u{2029}' => c.to_string(),
            _ => " ".repeat(c.len_utf8()),
        })
        .collect();
    out.replace_range(start..end, &erased);
}

/// Where a statement that starts at `start` ends: after its `;`, or at the end of the line that
/// holds its closing quote (`from "x"`), whichever comes first.
fn statement_end(source: &str, start: usize) -> usize {
    let bytes = source.as_bytes();
    let mut index = start;
    let mut quote = None;
    let mut seen_quote = false;
    while index < bytes.len() {
        let byte = bytes[index];
        match quote {
            Some(open) if byte == open => {
                quote = None;
                seen_quote = true;
            }
            Some(_) => {}
            None if byte == b'"' || byte == b'\'' => quote = Some(byte),
            None if byte == b';' => return index + 1,
            None if byte == b'\n'
                && (seen_quote || source[start..index].trim_end().ends_with('}')) =>
            {
                return index;
            }
            None => {}
        }
        index += 1;
    }
    bytes.len()
}

/// Byte offsets where a statement may start: the first non-blank character of a line, outside
/// comments, strings, template literals and the braces of a `namespace` or `module` body.
fn statement_starts(source: &str) -> Vec<usize> {
    #[derive(Clone, Copy, PartialEq)]
    enum State {
        Code,
        LineComment,
        BlockComment,
        Quoted(u8),
        Template,
    }
    let bytes = source.as_bytes();
    let mut starts = Vec::new();
    let mut state = State::Code;
    let mut line_start = true;
    // Where the current line's first token is, and for each open `{` whether it opened a
    // namespace body.
    let mut last_start = 0;
    let mut braces: Vec<bool> = Vec::new();
    let mut namespaces = 0usize;
    let mut index = 0;
    while index < bytes.len() {
        let byte = bytes[index];
        let next = bytes.get(index + 1).copied();
        match state {
            State::Code => {
                if line_start && !byte.is_ascii_whitespace() {
                    last_start = index;
                    if namespaces == 0 {
                        starts.push(index);
                    }
                }
                match (byte, next) {
                    (b'/', Some(b'/')) => state = State::LineComment,
                    (b'/', Some(b'*')) => state = State::BlockComment,
                    (b'"' | b'\'', _) => state = State::Quoted(byte),
                    (b'`', _) => state = State::Template,
                    (b'{', _) => {
                        // A namespace's header is short; looking further back would make a
                        // long line of `{` cost quadratic time.
                        let from = last_start.max(index.saturating_sub(HEADER_BYTES));
                        let namespace = opens_namespace(&bytes[from..index]);
                        namespaces += usize::from(namespace);
                        braces.push(namespace);
                    }
                    (b'}', _) => {
                        namespaces -= braces.pop().map_or(0, usize::from);
                    }
                    _ => {}
                }
            }
            State::LineComment if byte == b'\n' => state = State::Code,
            State::BlockComment if byte == b'*' && next == Some(b'/') => {
                state = State::Code;
                index += 1;
            }
            State::Quoted(_) | State::Template if byte == b'\\' => index += 1,
            State::Quoted(open) if byte == open || byte == b'\n' => state = State::Code,
            State::Template if byte == b'`' => state = State::Code,
            _ => {}
        }
        if byte == b'\n' {
            line_start = true;
        } else if !byte.is_ascii_whitespace() {
            line_start = false;
        }
        index += 1;
    }
    starts
}

/// How far before a `{` [`opens_namespace`] looks.
const HEADER_BYTES: usize = 256;

/// Whether a `{` after `before` (the code before it on its line) opens a namespace body: the last
/// statement in `before` is `[export] [declare] namespace|module Name`. A header split over two
/// lines is not recognised.
///
/// Read backwards from the `{`, word by word, and only as far as such a header can reach: a
/// `{` after anything but a name costs nothing, so a line of ten thousand `{` is cheap (the
/// whole window was split into words for each one, 36 µs a brace in a debug build; found by
/// the generated inputs of issue 17).
fn opens_namespace(before: &[u8]) -> bool {
    let mut end = before.len();
    let mut word = |longest: usize| {
        while end > 0 && before[end - 1].is_ascii_whitespace() {
            end -= 1;
        }
        let stop = end;
        while end > 0 && stop - end <= longest && is_name_byte(before[end - 1]) {
            end -= 1;
        }
        (stop - end <= longest).then(|| &before[end..stop])
    };
    // The name, as long as it is (within the window); then the keywords, short words.
    if word(usize::MAX).is_none_or(|name| name.first().is_none_or(|&first| first == b'=')) {
        return false;
    }
    if !matches!(word("namespace".len()), Some(b"namespace" | b"module")) {
        return false;
    }
    let mut modifiers = [&b"declare"[..], b"export"].into_iter().peekable();
    loop {
        match word("declare".len()) {
            Some([]) => break,
            Some(found) => {
                while modifiers.next_if(|modifier| *modifier != found).is_some() {}
                if modifiers.next().is_none() {
                    return false;
                }
            }
            None => return false,
        }
    }
    // Nothing else before it in the statement.
    end == 0 || matches!(before[end - 1], b';' | b'}')
}

/// A byte of a namespace's name (`A.b`, `'lodash/fp'`): anything but a space and the brackets
/// and `;` that end a statement.
fn is_name_byte(byte: u8) -> bool {
    !byte.is_ascii_whitespace() && !matches!(byte, b'{' | b'}' | b';')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn erased(source: &str) -> String {
        erase_modules(source).unwrap_or_else(|error| panic!("{source:?}: {error}"))
    }

    #[test]
    fn r_rt_1_type_only_imports_and_exports_are_erased_in_place() {
        let source = "import type { A } from \"./a\";\nimport {\n  type B,\n  type C,\n} from './b';\n\
                      export type { A };\nexport interface D { x: A }\nexport const e = 1;\nreturn e;";
        let out = erased(source);
        assert_eq!(out.len(), source.len(), "positions are kept");
        assert_eq!(out.lines().count(), source.lines().count());
        assert_eq!(out.trim_start(), "interface D { x: A }\n       const e = 1;\nreturn e;");
    }

    #[test]
    fn r_rt_1_an_erased_import_keeps_every_kind_of_line_break() {
        let source = "import type \u{2028}{ T } from './t';\u{2029}\r\nexport type U = T;";
        let out = erased(source);
        let breaks = |text: &str| text.matches(['\n', '\r', '\u{2028}', '\u{2029}']).count();
        assert_eq!(breaks(&out), breaks(source), "{out:?}");
        assert_eq!(out.len(), source.len());
    }

    #[test]
    fn r_rt_1_a_value_import_or_export_default_is_refused_with_what_to_do() {
        let error = erase_modules("const a = 1;\nimport fs from \"fs\";").unwrap_err();
        assert_eq!((error.line, error.column), (2, 1));
        assert!(error.message.starts_with("imports are not available in scripts"), "{error}");
        let error = erase_modules("export default 1").unwrap_err();
        assert!(error.message.contains("`return`"), "{error}");
        let error = erase_modules("import { type A, B } from 'x'").unwrap_err();
        assert!(error.message.starts_with("imports are not available"), "mixed: {error}");
    }

    #[test]
    fn r_rt_1_export_and_import_inside_a_namespace_are_left_to_the_compiler() {
        let source = "export namespace Util {\n  export const k = 1;\n  import alias = Other.x;\n  \
                      export namespace Inner {\n    export function f() {}\n  }\n}\n\
                      declare module 'm' {\n  export type T = 1;\n}\nexport const after = Util.k;";
        let out = erased(source);
        assert_eq!(out.matches("export").count(), source.matches("export").count() - 2, "{out}");
        assert!(out.starts_with("       namespace Util {\n  export const k"), "{out}");
        assert!(out.ends_with("}\n       const after = Util.k;"), "{out}");
        let error = erase_modules(
            "const x = 1; namespace N {\n  import fs from 'fs';\n}\nexport default 1",
        )
        .expect_err("only the top-level export is refused");
        assert_eq!((error.line, error.column), (4, 1));
    }

    #[test]
    fn r_rt_1_import_in_strings_comments_and_templates_is_left_alone() {
        for source in [
            "const s = `\nimport x from 'y'\n`; return s",
            "/*\nimport x from 'y'\n*/ return 1",
            "// import x from 'y'\nreturn 1",
            "const s = 'import x';\nreturn s",
            "const imported = 1;\nreturn imported",
        ] {
            assert_eq!(erased(source), source);
        }
    }
}
