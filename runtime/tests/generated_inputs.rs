//! Generated hostile TypeScript for the stripper, the transform and the nesting scan in front of
//! them (R-RT-1, issue 17): model code is hostile input. Whatever the source, `to_javascript`
//! and `strip_types` end in time without panicking, on the worker engine's 64 MiB stack; an
//! error is placed at a line and column that exist in the source; strip-only output keeps every
//! line; nesting past `MAX_NESTING` is refused at the opener that crossed it. The frame reader's
//! generated tests are unit tests (`src/protocol.rs`), since it is private. `PROPTEST_CASES`
//! sets the number of cases (256 by default); see DESIGN.md "Generated inputs".
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

#[path = "../../tests/support/hostile_input.rs"]
mod hostile_input;

use hostile_input::{hostile, text, timed};
use ordo_runtime::typescript::{MAX_NESTING, TypeScriptError, strip_types, to_javascript};
use proptest::prelude::*;

const SCRIPTS: &[&str] = &[
    "interface Row { path: string; size?: number }\nconst rows: Row[] = [];\nfor (const p of ['a', 'b'] as const) {\n  rows.push({ path: p, size: p.length! });\n}\nreturn rows.map((r): string => `${r.path}:${r.size ?? 0}`);\n",
    "enum Color { Red, Green = 'g' }\nnamespace N { export const x = 1 }\nclass A { constructor(private readonly a: number, public b?: string) {} }\nreturn [Color.Green, N.x, <number>new A(1).b];\n",
    "import type { T } from './t';\nexport type U = T | null;\nfunction f<K extends keyof U>(k: K): U[K] { return null as any }\nconst re = /[(]{2}/g; // not brackets\nif (1 < 2 && 3 > 2) { await f<'a'>('a') }\n",
    "const s = 'é😀\\u2028';\r\nlet t = `a${`b${s}`}c`;\u{2028}/* ( [ { */ return t satisfies string;\n",
];

/// Lines as Boa and `TypeScriptError` count them: `\n`, `\r\n`, `\r`, U+2028, U+2029.
fn lines(source: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut chars = source.char_indices().peekable();
    while let Some((at, character)) = chars.next() {
        let end = match character {
            '\r' if chars.peek().is_some_and(|&(_, next)| next == '\n') => {
                chars.next();
                at + 2
            }
            '\r' | '\n' => at + 1,
            '\u{2028}' | '\u{2029}' => at + 3,
            _ => continue,
        };
        lines.push(&source[start..at]);
        start = end;
    }
    lines.push(&source[start..]);
    lines
}

/// Runs `f` on a thread with the worker engine's stack, as the worker does.
fn on_engine_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn_scoped(scope, f)
            .unwrap()
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

fn assert_placed(source: &str, error: &TypeScriptError) -> Result<(), TestCaseError> {
    let lines = lines(source);
    let line = error.line as usize;
    prop_assert!((1..=lines.len()).contains(&line), "{error} ({} lines)", lines.len());
    let width = lines[line - 1].chars().count() + 1;
    prop_assert!((1..=width).contains(&(error.column as usize)), "{error} (line of {width})");
    Ok(())
}

proptest! {
    /// R-RT-1: any source becomes JavaScript or an error placed in the source; strip-only keeps
    /// every line where it was, and a transform's positions map back into the source.
    #[test]
    fn r_rt_1_hostile_typescript_compiles_or_names_its_place(bytes in hostile(SCRIPTS)) {
        let source = text(&bytes);
        let (stripped, converted) = on_engine_stack(|| {
            timed("compiling TypeScript", || (strip_types(&source), to_javascript(&source)))
        });
        match stripped {
            Ok(code) => prop_assert_eq!(lines(&code).len(), lines(&source).len()),
            Err(error) => assert_placed(&source, &error)?,
        }
        match converted {
            Ok(script) => {
                for (line, text) in lines(&script.code).iter().enumerate() {
                    let line = u32::try_from(line + 1).unwrap();
                    let column = u32::try_from(text.chars().count() / 2 + 1).unwrap();
                    if let Some((line, column)) = script.original_position(line, column) {
                        let error = TypeScriptError { message: String::new(), line, column };
                        assert_placed(&source, &error)?;
                    }
                }
            }
            Err(error) => assert_placed(&source, &error)?,
        }
    }

    /// R-RT-1: nesting past `MAX_NESTING` is refused, at the opener that crossed it, before
    /// swc's recursive parser could overflow the stack.
    #[test]
    fn r_rt_1_nesting_past_the_bound_is_refused_at_its_opener(
        lines_before in 0..4usize,
        // Each group, and where in it the opener counted is (the scan points at its start).
        (opener, at) in prop::sample::select(&[("(", 0), ("[", 0), ("{", 0), ("`${", 1), ("f<", 1)][..]),
        extra in 1..4_000usize,
    ) {
        let prefix = "const a = 1;\n".repeat(lines_before);
        let source = format!("{prefix}return {}", opener.repeat(MAX_NESTING + extra));
        let error = on_engine_stack(|| timed("the nesting scan", || to_javascript(&source)))
            .expect_err("too deep");
        prop_assert!(error.message.starts_with("nesting deeper than"), "{error}");
        let column = "return ".len() + opener.len() * MAX_NESTING + at + 1;
        prop_assert_eq!(
            (error.line as usize, error.column as usize),
            (lines_before + 1, column),
            "{}", error
        );
    }
}
