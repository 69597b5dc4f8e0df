//! TypeScript stripping: positions kept, constructs refused with advice, hostile nesting bounded.

use super::*;

/// Runs `f` on a thread with the worker engine's 64 MiB stack: deep nesting needs more than a
/// test thread's 2 MiB, above all in a debug build.
fn on_deep_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn_scoped(scope, f)
            .expect("spawn")
            .join()
            .expect("no panic")
    })
}

fn strip(source: &str) -> String {
    strip_types(source).unwrap_or_else(|error| panic!("{source:?} failed: {error}"))
}

fn rejected(source: &str) -> TypeScriptError {
    strip_types(source).expect_err("should fail")
}

/// The 1-based line and column (in UTF-16 units, as swc blanks) of the `n`th occurrence of
/// `token` in `text`.
fn find(text: &str, token: &str, n: usize) -> (usize, usize) {
    let (offset, _) = text.match_indices(token).nth(n).expect("token present");
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].encode_utf16().count() + 1)
}

/// Every line keeps its length in UTF-16 units, and every unit of the output is the input's
/// unit at the same place, a space, or a `;` written over an erased statement.
fn assert_positions_kept(input: &str, output: &str) {
    let (inputs, outputs): (Vec<_>, Vec<_>) =
        (input.split('\n').collect(), output.split('\n').collect());
    assert_eq!(inputs.len(), outputs.len(), "line count");
    for (number, (before, after)) in inputs.iter().zip(&outputs).enumerate() {
        let (before, after): (Vec<u16>, Vec<u16>) =
            (before.encode_utf16().collect(), after.encode_utf16().collect());
        assert_eq!(before.len(), after.len(), "length of line {}", number + 1);
        for (b, a) in before.iter().zip(&after) {
            assert!(
                a == b || *a == u16::from(b' ') || *a == u16::from(b';'),
                "line {}: {output}",
                number + 1
            );
        }
    }
}

#[test]
fn r_rt_1_type_annotations_are_blanked() {
    assert_eq!(
        strip("const x: number = 1;\nfunction f(a: string, b: Map<string, number[]>): void {}"),
        "const x         = 1;\nfunction f(a        , b                       )       {}"
    );
}

#[test]
fn r_rt_1_interfaces_and_type_aliases_are_blanked_keeping_lines() {
    let source = &[
        "interface User {",
        "  id: number;",
        "  name?: string;",
        "}",
        "type Id = number | string;",
        "const u = { id: 1 };",
    ]
    .join("\n");
    let output = strip(source);
    assert!(!output.contains("interface") && !output.contains("type"), "{output}");
    assert!(output.ends_with("\nconst u = { id: 1 };"), "{output}");
    assert_positions_kept(source, &output);
}

#[test]
fn r_rt_1_generics_are_blanked() {
    let source = &[
        "function first<T>(xs: T[]): T { return xs[0]; }",
        "const m = new Map<string, number>();",
        "const a = first<number>([1]);",
        "class Box<T extends object> { v?: T }",
    ]
    .join("\n");
    let output = strip(source);
    assert!(!output.contains('<') && !output.contains('>'), "{output}");
    assert!(output.contains(&format!("new Map{}()", " ".repeat("<string, number>".len()))));
    assert!(output.contains(&format!("first{}([1])", " ".repeat("<number>".len()))));
    assert_positions_kept(source, &output);
}

#[test]
fn r_rt_1_as_casts_and_as_const_are_blanked() {
    assert_eq!(
        strip("const n = (value as unknown as number) + 1;\nconst t = [1, 2] as const;"),
        "const n = (value                     ) + 1;\nconst t = [1, 2]         ;"
    );
    // A `;` is written where removing the cast would join two lines into one call.
    assert_eq!(strip("x = a as\nnumber\n(1)"), "x = a;  \n      \n(1)");
}

#[test]
fn r_rt_1_non_null_assertions_are_blanked() {
    assert_eq!(strip("const v = map.get(k)!.name!;"), "const v = map.get(k) .name ;");
}

#[test]
fn r_rt_1_optional_parameters_are_blanked() {
    assert_eq!(
        strip("function f(a?: number, b?, c = 1) { return a ?? b ?? c; }"),
        "function f(a         , b , c = 1) { return a ?? b ?? c; }"
    );
}

#[test]
fn r_rt_1_satisfies_is_blanked() {
    let suffix = " satisfies Record<string, number>";
    assert_eq!(
        strip(&format!("const cfg = {{ retries: 3 }}{suffix};")),
        format!("const cfg = {{ retries: 3 }}{};", " ".repeat(suffix.len()))
    );
}

#[test]
fn r_rt_1_class_modifiers_and_declarations_are_blanked() {
    let source = &[
        "abstract class A {",
        "  private readonly x: number = 1;",
        "  declare y: string;",
        "  abstract f(): void;",
        "  public g(this: A, n: number): number { return n; }",
        "}",
        "declare const z: number;",
    ]
    .join("\n");
    let output = strip(source);
    for word in ["abstract", "private", "readonly", "declare", "public", "this:"] {
        assert!(!output.contains(word), "{word} left in {output}");
    }
    assert_positions_kept(source, &output);
}

#[test]
fn r_rt_1_top_level_await_and_return_are_kept() {
    let source = "const r: number = await tools.f({});\nif (r > 1) return r;\nreturn null";
    assert_eq!(
        strip(source),
        "const r         = await tools.f({});\nif (r > 1) return r;\nreturn null"
    );
}

#[test]
fn r_rt_1_plain_javascript_passes_through_byte_identical() {
    for source in [
        "",
        "return 1",
        "return 1 // a comment on the last line",
        "const a = [1, 2].map((x) => x * 2);\nreturn a.length < 3 ? a : null;",
        "const re = /<[a-z]+>/gi; const s = `x ${1 + 1} y`;\r\nreturn re.test(s);",
        "/* é 😀 */ const café = 'naïve'; label: for (;;) break label;",
        "async function f() { for await (const x of g()) {} }\nclass C { #p = 1; }",
        "class C { static s = 2; #p = 1; get p() { return this.#p; } }",
    ] {
        assert_eq!(strip(source), source);
    }
}

#[test]
fn r_rt_1_positions_of_remaining_tokens_are_preserved() {
    let source = &[
        "interface P { x: number }",
        "const p: P = { x: 1 } as P;",
        "function dist<T extends P>(a: T, b?: T): number {",
        "  return Math.hypot(a.x - (b?.x ?? 0)!);",
        "}",
        "const émoji: '😀' = '😀'; const out = dist<P>(p);",
        "return out satisfies number;",
    ]
    .join("\n");
    let output = strip(source);
    assert_positions_kept(source, &output);
    for (token, n) in [
        ("const", 0),
        ("{ x: 1 }", 0),
        ("Math", 0),
        ("b?.x", 0),
        ("out", 0),
        ("dist", 1),
        ("(p)", 0),
        ("return", 1),
    ] {
        assert_eq!(find(source, token, n), find(&output, token, n), "{token} #{n}");
    }
}

#[test]
fn r_rt_1_syntax_error_reports_the_parser_message_and_position() {
    let error = rejected("const a = 1;\nconst b: number = ;\n");
    assert_eq!((error.line, error.column), (2, 19), "{error}");
    assert_eq!(error.message, "Expression expected");
    // On the first line the wrapper's prefix is subtracted.
    let error = super::strip_types("let x: = 1").expect_err("syntax error");
    assert_eq!((error.line, error.column), (1, 8), "{error}");
}

#[test]
fn r_rt_1_error_columns_count_code_points_like_boa() {
    // 😀 is two UTF-16 units and four bytes, but one column for Boa.
    let error = rejected("const s = '😀é'; let x: = 1");
    assert_eq!((error.line, error.column), (1, 24), "{error}");
    let error = rejected("a;\r\nb;\rlet x: = 1");
    assert_eq!((error.line, error.column), (3, 8), "{error}");
}

#[test]
fn r_rt_1_unclosed_code_is_reported_at_the_end_of_the_source() {
    let error = rejected("if (x) {\n  return 1;\n");
    assert_eq!(error.line, 3, "{error}");
}

#[test]
fn r_rt_1_code_that_closes_the_wrapper_so_swc_erases_it_is_rejected_at_the_brace() {
    // `global { … }` is a type-only declaration; here it would swallow the wrapper's `}`.
    let error = rejected("x();\n}\nglobal {");
    assert!(error.message.contains("unmatched `}`"), "{error}");
    assert_eq!((error.line, error.column), (2, 1), "{error}");
    assert!(rejected("--elsex}global{global").message.contains("unmatched `}`"));
}

#[test]
fn r_rt_1_strip_only_rejects_an_enum_with_its_position_and_advice() {
    let error = rejected("const a = 1;\n  enum Color { Red, Green }\nreturn Color.Red;");
    assert_eq!((error.line, error.column), (2, 3), "{error}");
    assert!(
        error.message.contains("strip-only mode") && error.message.contains("const object"),
        "{error}"
    );
    assert!(super::strip_types("const enum E { A }").is_err());
    assert_eq!(strip("declare enum E { A }\nreturn 1;"), ";                   \nreturn 1;");
}

#[test]
fn r_rt_1_strip_only_rejects_other_constructs_needing_generated_code_with_advice() {
    for (source, needle, at) in [
        ("namespace N { export const x = 1; }", "namespaces", (1, 1)),
        ("class A {\n  constructor(private x: number) {}\n}", "parameter properties", (2, 23)),
        ("const n = <number>value;", "`expr as T`", (1, 11)),
        ("import fs = require('fs');", "`const x = A.b;`", (1, 1)),
    ] {
        let error = rejected(source);
        assert!(error.message.contains(needle), "{source}: {error}");
        assert_eq!((error.line, error.column), at, "{source}: {error}");
    }
    // A namespace of types only is erased.
    assert_eq!(strip("namespace T { export type X = 1 }"), ";                                ");
}

#[test]
fn r_rt_1_deep_nesting_is_rejected_without_crash() {
    let deep = 5_000;
    for (open, close) in [("(", ")"), ("[", "]"), ("{a:", "}"), ("`${", "}`"), ("A<", ">")] {
        let source = format!("let x = {}1{};", open.repeat(deep), close.repeat(deep));
        let error = on_deep_stack(|| strip_types(&source)).expect_err("too deep");
        assert!(error.message.contains("nesting deeper than 1000"), "{error}");
        let expected_column = 9
            + MAX_NESTING * open.chars().count()
            + open.find(['(', '[', '{', '$', '<']).unwrap_or(0);
        assert_eq!((error.line, error.column as usize), (1, expected_column), "{open}");
    }
    let generic =
        format!("let x: {}number{} = null;", "Map<string, ".repeat(deep), ">".repeat(deep));
    assert!(rejected(&generic).message.contains("nesting"));
    let unclosed = "((((([[[[[{{{{{<<<<<".repeat(deep);
    assert!(rejected(&unclosed).message.contains("nesting"));
}

#[test]
fn r_rt_1_nesting_at_the_bound_is_accepted() {
    on_deep_stack(|| {
        for (open, close) in [("(", ")"), ("[", "]"), ("{a:", "}"), ("`${", "}`")] {
            let source = format!("x = {}1{};", open.repeat(MAX_NESTING), close.repeat(MAX_NESTING));
            assert_eq!(strip(&source), source);
        }
        let types = format!(
            "let x: {}number{} = 1;",
            "{a:".repeat(MAX_NESTING - 1),
            "}".repeat(MAX_NESTING - 1)
        );
        assert!(strip(&types).trim_start().starts_with("let x "));
        let generic =
            format!("let x: {}number{} = 1;", "A<".repeat(MAX_NESTING), ">".repeat(MAX_NESTING));
        assert!(strip(&generic).starts_with("let x "));
    });
}

#[test]
fn r_rt_1_comparisons_and_brackets_in_strings_comments_and_regexes_do_not_count() {
    let comparisons = "if (a < b && c << 2 <= d) x = a < b;\n".repeat(3_000);
    assert_eq!(strip(&comparisons), comparisons);
    let text = format!(
        "const s = '{0}'; const t = \"{0}\"; /* {0} */ // {0}\nconst u = `{0}`;",
        "(((([[[[{{{{<<<<".repeat(500)
    );
    assert_eq!(strip(&text), text);
    let regexes = "x = /\\(\\[\\{[(]/.test(s) ? /</ : /\\(/;\n".repeat(2_000);
    assert_eq!(strip(&regexes), regexes);
    // Closers with nothing open are ignored, so they cannot hide later openers.
    let closers = format!("{}{}", ")]}>".repeat(2_000), "(".repeat(1_001));
    assert!(rejected(&closers).message.contains("nesting"));
}

#[test]
fn r_rt_1_deep_nesting_without_brackets_does_not_crash() {
    on_deep_stack(|| {
        for source in [
            format!("x = {}1;", "() => ".repeat(1_000)),
            format!("x = {}1;", "!".repeat(5_000)),
            format!("x = {}1;", "- ".repeat(5_000)),
            format!("x = {}1{};", "a ? ".repeat(2_000), " : 0".repeat(2_000)),
            format!("{}x;", "if (a) ".repeat(1_000)),
            format!("let f: {}number;", "() => ".repeat(1_000)),
            format!("let t: number{};", "[]".repeat(5_000)),
        ] {
            let _ = strip_types(&source);
        }
    });
}

/// `count` sources of up to `max_pieces` of `pieces` each, drawn by a xorshift generator seeded
/// with `seed` (the same sources on every run).
fn random_sources<'a>(
    pieces: &'a [&'a str],
    seed: u64,
    count: usize,
    max_pieces: u64,
) -> impl Iterator<Item = String> + 'a {
    let mut state = seed;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..count).map(move |_| {
        let length = next() % max_pieces;
        (0..length).map(|_| pieces[(next() % pieces.len() as u64) as usize]).collect()
    })
}

#[test]
fn r_rt_1_random_garbage_never_panics_or_fails_internally() {
    const PIECES: &str = "( ) [ ] { } < > => : ? ! ; , . ... ' \" ` ${ / * \\ // /* */ # @ \
        <T> as satisfies enum type interface namespace declare return await async function \
        class x 1 é 😀 \u{2028}";
    let pieces: Vec<&str> = PIECES.split(' ').chain(["\n", "\r", " ", ": number"]).collect();
    on_deep_stack(|| {
        for source in random_sources(&pieces, 0x9E37_79B9_7F4A_7C15, 1_500, 60) {
            if let Err(error) = strip_types(&source) {
                assert!(!error.message.starts_with("internal error"), "{source:?}: {error}");
                assert!(error.line >= 1 && error.column >= 1, "{source:?}: {error}");
            }
        }
    });
}

#[test]
fn r_rt_1_stripped_output_runs_in_boa() {
    use boa_engine::builtins::promise::PromiseState;
    use boa_engine::object::builtins::JsPromise;
    use boa_engine::{Context, JsValue, Source};

    let source = &[
        "interface In { n: number }",
        "const input: In = { n: 20 };",
        "const double = <T extends number>(v: T): number => v * 2;",
        "const r = await Promise.resolve(double(input.n)!) as number;",
        "return r + 2 satisfies number;",
    ]
    .join("\n");
    let body = strip(source);
    let mut context = Context::default();
    let script = format!("(async function __ordo__() {{{body}\n}})()");
    let value = context.eval(Source::from_bytes(&script)).expect("runs");
    context.run_jobs().expect("jobs");
    let promise = value
        .as_object()
        .and_then(|object| JsPromise::from_object(object.clone()).ok())
        .expect("a promise");
    assert_eq!(promise.state(), PromiseState::Fulfilled(JsValue::from(42)));
}

#[test]
fn typescript_error_displays_its_position() {
    let error = TypeScriptError { message: "bad".into(), line: 3, column: 7 };
    assert_eq!(error.to_string(), "bad (line 3, column 7)");
}

#[test]
fn r_rt_1_a_decorator_is_refused_with_what_to_write_instead() {
    let error =
        strip_types("function log(t: any) { return t }\n@log\nclass C {}\nreturn 1").unwrap_err();
    assert_eq!((error.line, error.column), (2, 1));
    assert!(error.message.starts_with("decorators (`@name`) are not supported"), "{error}");
}

#[test]
fn r_rt_1_type_only_imports_are_erased_before_stripping() {
    let out = strip_types("import type { A } from './a';\nconst a: A = 1;\nreturn a").unwrap();
    assert_eq!(out.trim_start(), "const a    = 1;\nreturn a");
}

mod transform;

/// Found by `runtime/tests/generated_inputs.rs` (issue 17): each `{` split the 256 bytes
/// before it into words to see whether it opened a namespace, 36 µs a brace in a debug build
/// (30,000 braces took over a second before the nesting bound could refuse them).
#[test]
fn r_rt_1_a_long_line_of_braces_is_scanned_in_linear_time() {
    let source = format!("let t = {}", "{".repeat(30_000));
    let started = std::time::Instant::now();
    let erased = erase_modules(&source).expect("no import");
    assert!(started.elapsed() < std::time::Duration::from_millis(250), "{:?}", started.elapsed());
    assert_eq!(erased, source);
    let error = on_deep_stack(|| strip_types(&source)).expect_err("too deep");
    assert!(error.message.starts_with("nesting deeper than"), "{error}");
}
