//! Transform mode (R-RT-1): enums, namespaces, parameter properties and `<T>expr` run, and
//! positions in the generated code map back to the source as written.

use boa_engine::builtins::promise::PromiseState;
use boa_engine::object::builtins::JsPromise;
use boa_engine::{Context, Source};

use super::*;

/// `source` through [`to_javascript`], which must have needed transform mode.
fn transformed(source: &str) -> (String, PositionMap) {
    match to_javascript(source) {
        Ok(JavaScript { code, positions: Some(map) }) => (code, map),
        Ok(JavaScript { code, positions: None }) => panic!("{source:?} was only stripped: {code}"),
        Err(error) => panic!("{source:?} failed: {error}"),
    }
}

/// Runs a script body the way the engine does, inside an async function, in a fresh Boa
/// context, and returns what it returned, as a string (JSON for anything but a string).
fn run(body: &str) -> String {
    let mut context = Context::default();
    let script = format!(
        "(async () => {{ const r = await (async () => {{{body}\n}})(); \
         return typeof r === 'string' ? r : JSON.stringify(r); }})()"
    );
    let value = context
        .eval(Source::from_bytes(&script))
        .unwrap_or_else(|error| panic!("does not parse or run: {error}\n{body}"));
    context.run_jobs().expect("jobs");
    let promise = value
        .as_object()
        .and_then(|object| JsPromise::from_object(object.clone()).ok())
        .expect("a promise");
    match promise.state() {
        PromiseState::Fulfilled(value) => {
            value.as_string().expect("a string").to_std_string_escaped()
        }
        other => panic!("{other:?}\n{body}"),
    }
}

/// Transforms `source` and runs it.
fn transformed_result(source: &str) -> String {
    run(&transformed(source).0)
}

/// The (line, column) Boa would give the `n`th occurrence of `token` in `text`.
fn boa_position(text: &str, token: &str, n: usize) -> (u32, u32) {
    let (offset, _) = text.match_indices(token).nth(n).expect("token present");
    line_column(text, offset)
}

#[test]
fn r_rt_1_enum_runs_with_numeric_values_and_reverse_mapping() {
    let source = "enum Color { Red, Green, Blue = 5, Next }\nconst c: Color = Color.Green;\n\
                  return [c, Color[0], Color.Next, Color[6], Color.Blue];";
    assert_eq!(transformed_result(source), r#"[1,"Red",6,"Next",5]"#);
}

#[test]
fn r_rt_1_string_enums_and_members_referencing_members_run() {
    let source = "enum Flags { A = 1, B = A << 1, C = A | B }\n\
                  enum Dir { Up = 'UP', Down = `DOWN` }\n\
                  return [Flags.C, Flags.B, Flags[3], Dir.Down, Object.keys(Dir)];";
    assert_eq!(transformed_result(source), r#"[3,2,"C","DOWN",["Up","Down"]]"#);
}

#[test]
fn r_rt_1_const_enum_is_inlined_and_runs() {
    let source = "const enum E { A = 1, B = A * 2 }\nreturn E.B + E.A;";
    let (code, _) = transformed(source);
    assert!(!code.contains("enum"), "{code}");
    assert_eq!(run(&code), "3");
}

#[test]
fn r_rt_1_namespaces_run_nested_exported_and_merged_with_a_function() {
    let source = &[
        "namespace Util {",
        "  export const k = 2;",
        "  const hidden = 100;",
        "  export function twice(n: number): number { return n * k; }",
        "  export namespace Inner { export const z: number = 3; }",
        "}",
        "function greet(name: string) { return `hi ${name}`; }",
        "namespace greet { export const punctuation = '!'; }",
        "return [Util.twice(5), Util.Inner.z, greet('a') + greet.punctuation, 'hidden' in Util];",
    ]
    .join("\n");
    assert_eq!(transformed_result(source), r#"[10,3,"hi a!",false]"#);
}

#[test]
fn r_rt_1_parameter_properties_run_with_a_super_call() {
    let source = &[
        "class Base { constructor(public readonly id: number) {} }",
        "class User extends Base {",
        "  label = 'user';",
        "  constructor(id: number, private name: string, protected age?: number) {",
        "    super(id);",
        "  }",
        "  describe(): string { return `${this.label} ${this.id} ${this.name} ${this.age}`; }",
        "}",
        "return new User(7, 'ann', 30).describe();",
    ]
    .join("\n");
    assert_eq!(transformed_result(source), "user 7 ann 30");
}

#[test]
fn r_rt_1_a_mix_with_interfaces_generics_assertions_and_await_runs() {
    let source = &[
        "interface Shape { kind: Kind; size: number }",
        "enum Kind { Square = 'square', Circle = 'circle' }",
        "type Area<T extends Shape> = (shape: T) => number;",
        "const area: Area<Shape> = (s) =>",
        "  s.kind === Kind.Square ? s.size ** 2 : Math.round(Math.PI * s.size ** 2);",
        "const shapes = await Promise.resolve<Shape[]>([",
        "  { kind: Kind.Square, size: 3 }, { kind: Kind.Circle, size: 1 },",
        "]);",
        "const total = <number>shapes.map(area).reduce((a, b) => a + b, 0);",
        "return total satisfies number;",
    ]
    .join("\n");
    assert_eq!(transformed_result(source), "12");
}

#[test]
fn r_rt_1_angle_bracket_assertions_alone_are_transformed() {
    let (code, _) = transformed("const v = '4';\nreturn <number><unknown>Number(v) * 2;");
    assert_eq!(run(&code), "8");
}

#[test]
fn r_rt_1_plain_and_typed_javascript_takes_the_fast_path_unchanged() {
    for source in [
        "",
        "return 1 // a comment on the last line",
        "const a = [1, 2].map((x) => x * 2);\nreturn a.length < 3 ? a : null;",
        "/* é 😀 */ const café = 'naïve';\r\nreturn café;",
        "const enumerable = 1; const namespace = 2; return enumerable + namespace;",
    ] {
        assert_eq!(to_javascript(source), Ok(JavaScript { code: source.into(), positions: None }));
    }
    let typed = "interface P { x: number }\nconst p: P = { x: 1 };\nreturn p.x as number;";
    assert_eq!(
        to_javascript(typed),
        Ok(JavaScript { code: strip(typed), positions: None }),
        "types only: stripped in place"
    );
    assert_eq!(to_javascript(typed).map(|script| script.original_position(2, 7)), Ok(Some((2, 7))));
}

#[test]
fn r_rt_1_a_throw_after_an_enum_maps_back_to_its_line_and_column() {
    let source = &[
        "enum Level { Low, High }",
        "interface Ctx { level: Level }",
        "const ctx: Ctx = { level: Level.High };",
        "if (ctx.level === Level.High) {",
        "      /* note */ throw new Error('boom');",
        "}",
    ]
    .join("\n");
    let (code, map) = transformed(source);
    for (token, expected) in [("throw", (5, 18)), ("new Error", (5, 24)), ("'boom'", (5, 34))] {
        let (line, column) = boa_position(&code, token, 0);
        assert_eq!(map.original(line, column), Some(expected), "{token} in\n{code}");
    }
    let (line, column) = boa_position(&code, "ctx.level", 0);
    assert_eq!(map.original(line, column), Some((4, 5)), "{code}");
}

#[test]
fn r_rt_1_an_undefined_identifier_maps_back_past_emoji_crlf_and_line_separators() {
    // Boa counts U+2028 as a line break and 😀 as one column; swc counts neither way.
    let source = "namespace N { export const a = 1 }\r\n/* x\u{2028}y */\r\n\
                  const s: string = '😀😀'; const v = N.a + notDefined;\rreturn v;";
    let (code, map) = transformed(source);
    let (line, column) = boa_position(&code, "notDefined", 0);
    assert_eq!(map.original(line, column), Some((4, 41)), "{code}");
    let (line, column) = boa_position(&code, "return", 0);
    assert_eq!(map.original(line, column), Some((5, 1)), "{code}");
    let error = run(&format!("try {{ {code}\n}} catch (e) {{ return e.name; }}"));
    assert_eq!(error, "ReferenceError");
}

#[test]
fn r_rt_1_positions_on_the_first_line_are_mapped_without_the_wrapper() {
    let source = "enum E { A } const x = E.A + nope;";
    let (code, map) = transformed(source);
    let (line, column) = boa_position(&code, "nope", 0);
    assert_eq!(map.original(line, column), Some((1, 30)), "{code}");
    let (line, column) = boa_position(&code, "const", 0);
    assert_eq!(map.original(line, column), Some((1, 14)), "{code}");
}

#[test]
fn r_rt_1_every_mapped_position_is_in_the_source_and_generated_lines_map_in_order() {
    let source = &[
        "enum Color { Red, Green }",
        "namespace Util { export const k = Color.Green; }",
        "class P { constructor(private x: number) {} get() { return this.x; } }",
        "return new P(Util.k).get();",
    ]
    .join("\n");
    let (code, map) = transformed(source);
    let lines: Vec<&str> = source.lines().collect();
    for (index, text) in code.lines().enumerate() {
        let line = u32::try_from(index + 1).expect("small");
        for column in 1..=u32::try_from(text.chars().count()).expect("small") {
            if let Some((at_line, at_column)) = map.original(line, column) {
                let source_line = lines.get(at_line as usize - 1).expect("a source line");
                assert!(at_column as usize <= source_line.chars().count() + 1, "{at_column}");
            }
        }
    }
    let (line, column) = boa_position(&code, "return new P", 0);
    assert_eq!(map.original(line, column), Some((4, 1)), "{code}");
}

#[test]
fn r_rt_1_a_syntax_error_beside_an_enum_is_at_its_position_in_the_source() {
    let error = to_javascript("enum E { A }\nconst x: number = ;").expect_err("syntax error");
    assert_eq!((error.line, error.column, error.message.as_str()), (2, 19, "Expression expected"));
}

#[test]
fn r_rt_1_what_transform_mode_cannot_handle_is_still_refused_with_advice() {
    for (source, needle, at) in [
        ("enum E { A }\n@log\nclass C {}", "decorators (`@name`)", (2, 1)),
        ("enum E { A }\nimport fs from 'fs';", "imports are not available", (2, 1)),
        ("enum E { A }\nimport x = E.A;", "`const x = A.b;`", (2, 1)),
        ("enum E { A }\nexport = E;", "`return`", (2, 1)),
    ] {
        let error = to_javascript(source).expect_err(source);
        assert!(error.message.contains(needle), "{source}: {error}");
        assert_eq!((error.line, error.column), at, "{source}: {error}");
    }
}

#[test]
fn r_rt_1_code_that_closes_the_wrapper_early_keeps_its_meaning_or_is_refused() {
    // The `}` ends the function; the `{` opens a block the caller's own `}` closes (if the
    // caller's wrapper is a statement: the engine's, an expression, makes this a syntax error).
    let (code, _) = transformed("enum E { A, B }\nreturn E.B }\n{");
    assert!(code.ends_with("return 1;\n}\n{"), "{code}");
    let mut context = Context::default();
    let script = format!("async function f() {{{code}\n}} f()");
    assert!(context.eval(Source::from_bytes(&script)).is_ok(), "{script}");
    // swc re-prints `x = {\n}` as `x = {};`, which no longer ends with the wrapper's `}`.
    let error = to_javascript("enum E { A }\n} x = {").expect_err("refused");
    assert!(error.message.contains("unmatched `}`"), "{error}");
    assert_eq!((error.line, error.column), (2, 1), "{error}");
}

#[test]
fn r_rt_1_nesting_at_the_bound_is_transformed_without_crash() {
    on_deep_stack(|| {
        for (open, close) in [("(", ")"), ("[", "]"), ("{a:", "}"), ("`${", "}`")] {
            let source = format!(
                "enum E {{ A }}\nx = {}1{};",
                open.repeat(MAX_NESTING - 1),
                close.repeat(MAX_NESTING - 1)
            );
            assert!(to_javascript(&source).is_ok_and(|script| script.positions.is_some()));
        }
        let generic = format!(
            "enum E {{ A }}\nlet x: {}number{} = 1;",
            "A<".repeat(MAX_NESTING),
            ">".repeat(MAX_NESTING)
        );
        assert!(to_javascript(&generic).is_ok());
    });
}

#[test]
fn r_rt_1_random_garbage_with_enums_never_panics_or_fails_internally() {
    const PIECES: &str = "( ) [ ] { } < > => : ? ! ; , . ' \" ` ${ / * // /* */ @ = \
        <T> as enum const namespace export constructor(private class x 1 E A 😀 \u{2028}";
    let pieces: Vec<&str> = PIECES.split(' ').chain(["\n", "\r", " ", "enum E { A }"]).collect();
    on_deep_stack(|| {
        for source in random_sources(&pieces, 0x2545_F491_4F6C_DD1D, 1_000, 40) {
            match to_javascript(&source) {
                Err(error) => {
                    assert!(!error.message.starts_with("internal error"), "{source:?}: {error}");
                    assert!(error.line >= 1 && error.column >= 1, "{source:?}: {error}");
                }
                Ok(script) => {
                    let _ = script.original_position(1, 1);
                }
            }
        }
    });
}
