//! Console output reads as Node's `console.log` writes it (R-RT-1): what a script prints to
//! debug itself must not lie to it.
#![allow(clippy::unwrap_used)] // test helpers outside #[test] fns unwrap too

use ordo_runtime::{
    HostFunctions, LogLevel, RunOutput, Runtime, RuntimeConfig, Script, WorkerCommand,
};
use tokio_util::sync::CancellationToken;

async fn run(code: &str) -> RunOutput {
    let worker = WorkerCommand::program(env!("CARGO_BIN_EXE_ordo-js-worker"));
    Runtime::new(RuntimeConfig { warm_workers: 0, ..RuntimeConfig::new(worker) })
        .run(&Script::javascript(code), &HostFunctions::new(), &CancellationToken::new())
        .await
        .unwrap_or_else(|error| panic!("{code:?}: {error}"))
}

/// The console lines of `code`.
async fn printed(code: &str) -> Vec<String> {
    run(code).await.logs.into_iter().map(|entry| entry.text).collect()
}

/// The console lines of `code`, one after another as a terminal shows them.
async fn shown(code: &str) -> String {
    printed(code).await.join("\n")
}

/// The console lines of `code` with their levels.
async fn leveled(code: &str) -> Vec<(LogLevel, String)> {
    run(code).await.logs.into_iter().map(|entry| (entry.level, entry.text)).collect()
}

#[tokio::test]
async fn r_rt_1_collections_errors_and_what_json_cannot_hold_print_as_node_prints_them() {
    let lines = printed(
        r#"console.log(new Map([["a", 1]]), new Set([1]), [undefined, NaN], -0, 12n, null, "as is");
           console.log(new Error("x"));"#,
    )
    .await;
    assert_eq!(
        lines,
        [
            "Map(1) { 'a' => 1 } Set(1) { 1 } [ undefined, NaN ] -0 12n null as is",
            "Error: x\n    at the script (line 2, column 24)",
        ]
    );
}

#[tokio::test]
async fn r_rt_1_objects_show_class_names_depth_two_and_break_past_eighty_columns() {
    let lines = printed(
        r#"class Point { constructor() { this.x = 1; this.y = 2 } }
           function named() {}
           console.log({ a: { b: { c: { d: 1 } } }, list: [1, [2, [3, [4]]]] });
           console.log(new Point(), Point, named, () => 1, Map, Object.create(null));
           console.log({ first: "x".repeat(40), second: "y".repeat(40) });
           const loop = { name: "loop" }; loop.self = loop;
           console.log(loop, [1, , 3], { "odd key": 1, get g() { throw new Error("ran") } });
           console.log(new Date(0), /x+/g, Symbol("s"), Promise.resolve(1), "it's");"#,
    )
    .await;
    assert_eq!(
        lines,
        [
            "{ a: { b: { c: [Object] } }, list: [ 1, [ 2, [Array] ] ] }",
            "Point { x: 1, y: 2 } [class Point] [Function: named] [Function (anonymous)] \
             [Function: Map] [Object: null prototype] {}",
            "{\n  first: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',\n  \
             second: 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy'\n}",
            "{ name: 'loop', self: [Circular *1] } [ 1, <1 empty item>, 3 ] \
             { 'odd key': 1, g: [Getter] }",
            "1970-01-01T00:00:00.000Z /x+/g Symbol(s) Promise { <not awaited> } it's",
        ]
    );
}

#[tokio::test]
async fn r_rt_1_a_script_cannot_break_the_formatter() {
    let lines = printed(
        r#"const value = { list: [1, 2], map: new Map([["k", new Set([1])]]) };
           Array.prototype[Symbol.iterator] = null; Array.prototype.join = null;
           Array.prototype.push = null; RegExp.prototype.exec = null; String.prototype.repeat = null;
           Object.getOwnPropertyDescriptor = null; Reflect.apply = null; Object.prototype.get = 1;
           console.log(value);"#,
    )
    .await;
    assert_eq!(lines, ["{ list: [ 1, 2 ], map: Map(1) { 'k' => Set(1) { 1 } } }"]);
}

#[tokio::test]
async fn r_rt_1_a_first_string_s_placeholders_take_the_arguments_as_node_s_util_format_does() {
    let text = shown(
        r#"console.log('%s|%d|%i|%f|%j|%O|%c|%%', 'a', 12n, '42.9px', '3.5e1x', { a: [1] }, { b: { c: { d: { e: 1 } } } }, 'color: red');
           console.log('%d %d %d %d %d', {}, '12', -0, Symbol('s'), { valueOf() { return 7 } });
           console.log('%i %i %f %f', 12n, -0, -0, 10n);
           console.log('%s %s %s %s %s %s', { a: { b: 1 } }, [1, [2]], -0, 5n, Symbol('q'), null);
           class A { toString() { return 'A!' } } class B {}
           console.log('%s %s %s', new A(), new B(), { [Symbol.toPrimitive]() { return 'prim' } });
           console.log('%j %j', (() => { const o = {}; o.o = o; return o })(), undefined);
           console.log('100%', 5, '%', 'a%sb%sc', 1);
           console.log('%x %s', 1);
           console.log('a%sb%sc', 1);
           console.log('%%s', 1);
           console.log('%s');
           console.log('%%');
           console.log('%% %s', 'x');
           console.log('%s:%s', 'a', 'b', 'c', { d: 1 });
           console.log('%o', [1, 2]);
           console.log('%s', new Map([[1, { a: 1 }]]), new Date(0));"#,
    )
    .await;
    assert_eq!(
        text,
        r#"a|12n|42|35|{"a":[1]}|{ b: { c: { d: [Object] } } }||%
NaN 12 -0 NaN 7
12n 0 0 10
{ a: [Object] } [ 1, [Array] ] -0 5n Symbol(q) null
A! B {} prim
[Circular] undefined
100% 5 % a%sb%sc 1
%x 1
a1b%sc
%s 1
%s
%%
% x
a:b c { d: 1 }
[ 1, 2, [length]: 2 ]
Map(1) { 1 => [Object] } 1970-01-01T00:00:00.000Z"#
    );
}

#[tokio::test]
async fn r_rt_1_what_the_script_s_code_throws_while_a_line_is_formatted_reaches_the_script() {
    let lines = printed(
        r#"for (const [format, value] of [
             ['%s', { toString() { throw new Error('from toString') } }],
             ['%d', { valueOf() { throw new Error('from valueOf') } }],
             ['%j', { toJSON() { throw new Error('from toJSON') } }],
           ]) {
             try { console.log(format, value); console.log('not reached') }
             catch (error) { console.log('caught', error.message) }
           }
           try { console.count({ toString() { throw new Error('label') } }) }
           catch (error) { console.log('caught', error.message) }
           try { console.assert(false, Symbol('s')) } catch (error) { console.log('caught', error.name) }
           try { console.table([{ get a() { throw new Error('getter') } }]) }
           catch (error) { console.log('caught', error.message) }
           try { console.dir({}, { get depth() { throw new Error('option') } }) }
           catch (error) { console.log('caught', error.message) }
           for (const columns of ['a', null, {}, 5]) {
             try { console.table([1], columns) } catch (error) { console.log(error.name, error.code, error.message) }
           }"#,
    )
    .await;
    assert_eq!(
        lines,
        [
            "caught from toString",
            "caught from valueOf",
            "caught from toJSON",
            "caught label",
            "caught TypeError",
            "caught getter",
            "caught option",
            "TypeError ERR_INVALID_ARG_TYPE The \"properties\" argument must be an instance of \
             Array. Received type string ('a')",
            "TypeError ERR_INVALID_ARG_TYPE The \"properties\" argument must be an instance of \
             Array. Received null",
            "TypeError ERR_INVALID_ARG_TYPE The \"properties\" argument must be an instance of \
             Array. Received an instance of Object",
            "TypeError ERR_INVALID_ARG_TYPE The \"properties\" argument must be an instance of \
             Array. Received type number (5)",
        ]
    );
}

#[tokio::test]
async fn r_rt_1_console_table_draws_node_s_box() {
    let text = shown(
        r#"console.table([{ a: 1, b: 'x' }, { a: 2, c: [1, 2, 3, 4] }, 5, { b: { x: 1, y: 2, z: 3 } }, { b: { x: 1 } }]);
           console.table([[1, 2], [3, 4, 5]]);
           console.table({ r1: { a: 1 }, r2: { b: 2 } });
           console.table(new Map([['k', 1], ['j', { a: 1 }]]));
           console.table(new Set([1, 'a']));
           console.table([{ a: 1, b: 2 }, 'p'], ['a', 'z']);
           console.table(['日本', 'abc']);
           console.table(5);
           console.table('text', ['a']);
           console.table([]);"#,
    )
    .await;
    assert_eq!(
        text,
        "\
┌─────────┬───┬──────────┬──────────────────────────────┬────────┐
│ (index) │ a │ b        │ c                            │ Values │
├─────────┼───┼──────────┼──────────────────────────────┼────────┤
│ 0       │ 1 │ 'x'      │                              │        │
│ 1       │ 2 │          │ [ 1, 2, 3, ... 1 more item ] │        │
│ 2       │   │          │                              │ 5      │
│ 3       │   │ [Object] │                              │        │
│ 4       │   │ { x: 1 } │                              │        │
└─────────┴───┴──────────┴──────────────────────────────┴────────┘
┌─────────┬───┬───┬───┐
│ (index) │ 0 │ 1 │ 2 │
├─────────┼───┼───┼───┤
│ 0       │ 1 │ 2 │   │
│ 1       │ 3 │ 4 │ 5 │
└─────────┴───┴───┴───┘
┌─────────┬───┬───┐
│ (index) │ a │ b │
├─────────┼───┼───┤
│ r1      │ 1 │   │
│ r2      │   │ 2 │
└─────────┴───┴───┘
┌───────────────────┬─────┬──────────┐
│ (iteration index) │ Key │ Values   │
├───────────────────┼─────┼──────────┤
│ 0                 │ 'k' │ 1        │
│ 1                 │ 'j' │ { a: 1 } │
└───────────────────┴─────┴──────────┘
┌───────────────────┬────────┐
│ (iteration index) │ Values │
├───────────────────┼────────┤
│ 0                 │ 1      │
│ 1                 │ 'a'    │
└───────────────────┴────────┘
┌─────────┬───┬───┐
│ (index) │ a │ z │
├─────────┼───┼───┤
│ 0       │ 1 │   │
│ 1       │   │   │
└─────────┴───┴───┘
┌─────────┬────────┐
│ (index) │ Values │
├─────────┼────────┤
│ 0       │ '日本' │
│ 1       │ 'abc'  │
└─────────┴────────┘
5
text
┌─────────┐
│ (index) │
├─────────┤
└─────────┘"
    );
}

#[tokio::test]
async fn r_rt_1_groups_indent_every_line_of_what_is_printed_inside_them() {
    let text = shown(
        r#"console.group('Report', { n: 1 });
           console.log('first\nsecond');
           console.group();
           console.warn({ x: 'a'.repeat(50), y: 'b'.repeat(50) });
           console.groupCollapsed('%s!', 'inner');
           console.error('deepest');
           console.table([{ a: 1 }]);
           console.groupEnd();
           console.groupEnd();
           console.info('one level');
           console.groupEnd();
           console.groupEnd();
           console.log('back');"#,
    )
    .await;
    assert_eq!(
        text,
        "\
Report { n: 1 }
  first
  second
    {
      x: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      y: 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'
    }
    inner!
      deepest
      ┌─────────┬───┐
      │ (index) │ a │
      ├─────────┼───┤
      │ 0       │ 1 │
      └─────────┴───┘
  one level
back"
    );
}

#[tokio::test]
async fn r_rt_1_count_assert_dir_and_their_warnings_print_as_node_s_at_node_s_levels() {
    let lines = leveled(
        r#"for (let i = 0; i < 3; i++) console.count();
           console.count('x'); console.countReset('x'); console.count('x');
           console.count(null); console.count({ toString() { return 'obj' } });
           console.countReset('nope');
           console.assert(true, 'never');
           console.assert(0);
           console.assert(false, 'expected %s, got %d', 'one', 2, { extra: true });
           console.assert('', { a: 1 });
           console.dir('text');
           console.dir({ a: { b: { c: { d: 1 } } } }, { depth: 0 });
           console.dir({ a: { b: { c: { d: 1 } } } }, { depth: null });
           console.dir([1, 2], { showHidden: true });
           console.dirxml('x', { a: 1 });
           console.debug('debugging');
           console.time('t'); console.time('t');
           console.timeEnd('missing'); console.timeLog('missing');
           console.clear(); console.profile(); console.profileEnd(); console.timeStamp();"#,
    )
    .await;
    use LogLevel::{Debug, Error, Info, Warn};
    let expected: Vec<(LogLevel, &str)> = vec![
        (Info, "default: 1"),
        (Info, "default: 2"),
        (Info, "default: 3"),
        (Info, "x: 1"),
        (Info, "x: 1"),
        (Info, "null: 1"),
        (Info, "obj: 1"),
        (Warn, "Warning: Count for 'nope' does not exist"),
        (Error, "Assertion failed"),
        (Error, "Assertion failed: expected one, got 2 { extra: true }"),
        (Error, "Assertion failed: [object Object]"),
        (Info, "'text'"),
        (Info, "{ a: [Object] }"),
        (Info, "{\n  a: { b: { c: { d: 1 } } }\n}"),
        (Info, "[ 1, 2, [length]: 2 ]"),
        (Info, "x { a: 1 }"),
        (Debug, "debugging"),
        (Warn, "Warning: Label 't' already exists for console.time()"),
        (Warn, "Warning: No such label 'missing' for console.timeEnd()"),
        (Warn, "Warning: No such label 'missing' for console.timeLog()"),
    ];
    let lines: Vec<(LogLevel, &str)> =
        lines.iter().map(|(level, text)| (*level, text.as_str())).collect();
    assert_eq!(lines, expected);
}

#[tokio::test]
async fn r_rt_1_timers_print_their_label_and_node_s_duration() {
    let lines = printed(
        r#"console.time(); console.timeLog(); console.timeEnd();
           console.time('load'); console.timeLog('load', 'rows', { n: 2 }, 'done');
           let sum = 0; for (let i = 0; i < 100000; i++) sum += i;
           console.timeEnd('load'); console.timeEnd('load');
           console.time('a%s'); console.timeLog('a%s', 'x');"#,
    )
    .await;
    assert_eq!(lines.len(), 6, "{lines:?}");
    let duration = |text: &str, label: &str, rest: &str| {
        let Some(number) = text
            .strip_prefix(&format!("{label}: "))
            .and_then(|text| text.strip_suffix(&format!("ms{rest}")))
        else {
            return false;
        };
        let decimals = number.split_once('.').map_or(0, |(_, decimals)| decimals.len());
        number.parse::<f64>().is_ok_and(|ms| ms >= 0.0) && decimals <= 3
    };
    assert!(duration(&lines[0], "default", ""), "{lines:?}");
    assert!(duration(&lines[1], "default", ""), "{lines:?}");
    assert!(duration(&lines[2], "load", " rows { n: 2 } done"), "{lines:?}");
    assert!(duration(&lines[3], "load", ""), "{lines:?}");
    assert_eq!(lines[4], "Warning: No such label 'load' for console.timeEnd()");
    assert!(duration(&lines[5], "a%s", " x"), "{lines:?}");
}

#[tokio::test]
async fn r_rt_1_console_trace_prints_the_script_s_frames_at_the_error_level() {
    let lines = leveled(
        "function inner(x) { console.trace('deep %d', x, { y: 1 }); }\n\
         const outer = () => inner(3);\n\
         outer();\n\
         console.trace();",
    )
    .await;
    assert_eq!(
        lines,
        [
            (
                LogLevel::Error,
                "Trace: deep 3 { y: 1 }\n    at inner (line 1, column 34)\n    \
                 at outer (line 2, column 26)\n    at the script (line 3, column 6)"
                    .to_owned()
            ),
            (LogLevel::Error, "Trace\n    at the script (line 4, column 14)".to_owned()),
        ]
    );
}

#[tokio::test]
async fn r_rt_1_every_console_method_answers_its_third_call_from_one_place_as_its_first() {
    let code = r#"const calls = () => {
             console.log('%s=%d', 'n', 1); console.info('info'); console.debug('debug');
             console.warn('warn'); console.error('error'); console.dirxml('x');
             console.dir({ a: 1 }, { depth: 0 }); console.table([{ a: 1 }]);
             console.group('g'); console.groupCollapsed(); console.groupEnd(); console.groupEnd();
             console.count('c'); console.countReset('c'); console.assert(false, 'no');
             console.time('t'); console.timeLog('t'); console.timeEnd('t'); console.trace('tr');
           };
           for (let i = 0; i < 3; i++) calls();
           [0, 1, 2].forEach(() => calls());
           const { log, table, count } = console;
           for (let i = 0; i < 3; i++) { log('bare', i); table([i]); count(); }"#;
    let lines = printed(code).await;
    assert_eq!(lines.len(), 6 * 14 + 9, "{lines:?}");
    // Six rounds of the same calls print the same lines, but for the durations.
    let plain =
        |line: &String| if line.starts_with("t: ") { "t: …".to_owned() } else { line.clone() };
    let round = |index: usize| -> Vec<String> {
        lines[index * 14..(index + 1) * 14].iter().map(plain).collect()
    };
    for index in 1..6 {
        let mut expected = round(0);
        let mut got = round(index);
        // The trace names the line it was called from: the loop's and the callback's differ.
        expected.pop();
        got.pop();
        assert_eq!(got, expected, "round {index}");
    }
    assert_eq!(lines[0], "n=1");
    assert_eq!(
        &lines[84..],
        [
            "bare 0",
            "┌─────────┬────────┐\n│ (index) │ Values │\n├─────────┼────────┤\n│ 0       │ 0      │\n└─────────┴────────┘",
            "default: 1",
            "bare 1",
            "┌─────────┬────────┐\n│ (index) │ Values │\n├─────────┼────────┤\n│ 0       │ 1      │\n└─────────┴────────┘",
            "default: 2",
            "bare 2",
            "┌─────────┬────────┐\n│ (index) │ Values │\n├─────────┼────────┤\n│ 0       │ 2      │\n└─────────┴────────┘",
            "default: 3",
        ]
    );
}

#[tokio::test]
async fn r_rt_1_a_hostile_script_cannot_break_the_console_or_the_log_budget() {
    let lines = printed(
        r#"for (let i = 0; i < 100000; i++) console.group();
           console.log('a\nb');
           for (let i = 0; i < 200000; i++) console.groupEnd();
           console.log('top');
           Array.prototype.push = null; Object.keys = null; String.prototype.repeat = null;
           JSON.stringify = null; Number = null; parseInt = null; Array.prototype.join = null;
           console.table([{ a: 1 }, { b: [1, 2] }]);
           console.log('%d %i %j', '5', '6.5', { a: 1 });
           console.table(Array.from({ length: 20000 }, (_, i) => ({ id: i, name: 'row' + i })));
           console.log('dropped');"#,
    )
    .await;
    // Past 32 levels groups indent no further.
    let indent = " ".repeat(64);
    assert_eq!(lines[0], format!("{indent}a\n{indent}b"));
    assert_eq!(
        lines[1..4],
        [
            "top",
            "┌─────────┬───┬──────────┐\n│ (index) │ a │ b        │\n├─────────┼───┼──────────┤\n\
             │ 0       │ 1 │          │\n│ 1       │   │ [ 1, 2 ] │\n└─────────┴───┴──────────┘",
            r#"5 6 {"a":1}"#,
        ]
    );
    assert_eq!(lines.len(), 5, "the table past the budget is the last line");
    assert!(lines[4].starts_with("┌─────────┬───────┬────────────┐\n"), "{}", &lines[4][..100]);
    assert!(lines[4].ends_with("… [log limit reached: further console output was dropped]"));
    assert!(lines[4].len() < 300 << 10);
}
