//! A script's dates print as Node's do where a script prints them most (`String(date)`, a
//! template literal, `toTimeString`): the local zone is UTC on every host (the engine's host hook,
//! `engine/globals.rs`) and its offset is followed by its name, as V8 writes it (vendored patch
//! 84: Boa wrote `GMT+0000` alone). The lines are what Node 20 prints with `TZ=UTC`.

#[path = "support/node_lines.rs"]
#[allow(dead_code, reason = "plain Boa's zone is the machine's: the body runs in the worker only")]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    for (const time of [Date.UTC(2024, 2, 10, 12, 5, 9), 0, -1, Date.UTC(1969, 11, 31, 23, 59, 59, 999), 8.64e15]) {
      const d = new Date(time);
      out.push([d.toString(), String(d), `${d}`, d.toTimeString(), d.toDateString(), "" + d, d.getHours(), d.getTimezoneOffset(), Date.parse(d.toString()) === time].join(" | "));
    }
    out.push([new Date(NaN).toString(), new Date(NaN).toTimeString(), Date.parse("Sun Mar 10 2024 12:05:09 GMT+0000 (Coordinated Universal Time)")].join(" | "));
"#;

const EXPECTED: [&str; 6] = [
    "Sun Mar 10 2024 12:05:09 GMT+0000 (Coordinated Universal Time) | Sun Mar 10 2024 12:05:09 GMT+0000 (Coordinated Universal Time) | Sun Mar 10 2024 12:05:09 GMT+0000 (Coordinated Universal Time) | 12:05:09 GMT+0000 (Coordinated Universal Time) | Sun Mar 10 2024 | Sun Mar 10 2024 12:05:09 GMT+0000 (Coordinated Universal Time) | 12 | 0 | true",
    "Thu Jan 01 1970 00:00:00 GMT+0000 (Coordinated Universal Time) | Thu Jan 01 1970 00:00:00 GMT+0000 (Coordinated Universal Time) | Thu Jan 01 1970 00:00:00 GMT+0000 (Coordinated Universal Time) | 00:00:00 GMT+0000 (Coordinated Universal Time) | Thu Jan 01 1970 | Thu Jan 01 1970 00:00:00 GMT+0000 (Coordinated Universal Time) | 0 | 0 | true",
    "Wed Dec 31 1969 23:59:59 GMT+0000 (Coordinated Universal Time) | Wed Dec 31 1969 23:59:59 GMT+0000 (Coordinated Universal Time) | Wed Dec 31 1969 23:59:59 GMT+0000 (Coordinated Universal Time) | 23:59:59 GMT+0000 (Coordinated Universal Time) | Wed Dec 31 1969 | Wed Dec 31 1969 23:59:59 GMT+0000 (Coordinated Universal Time) | 23 | 0 | false",
    "Wed Dec 31 1969 23:59:59 GMT+0000 (Coordinated Universal Time) | Wed Dec 31 1969 23:59:59 GMT+0000 (Coordinated Universal Time) | Wed Dec 31 1969 23:59:59 GMT+0000 (Coordinated Universal Time) | 23:59:59 GMT+0000 (Coordinated Universal Time) | Wed Dec 31 1969 | Wed Dec 31 1969 23:59:59 GMT+0000 (Coordinated Universal Time) | 23 | 0 | false",
    "Sat Sep 13 275760 00:00:00 GMT+0000 (Coordinated Universal Time) | Sat Sep 13 275760 00:00:00 GMT+0000 (Coordinated Universal Time) | Sat Sep 13 275760 00:00:00 GMT+0000 (Coordinated Universal Time) | 00:00:00 GMT+0000 (Coordinated Universal Time) | Sat Sep 13 275760 | Sat Sep 13 275760 00:00:00 GMT+0000 (Coordinated Universal Time) | 0 | 0 | true",
    "Invalid Date | Invalid Date | 1710072309000",
];

#[tokio::test]
async fn dates_print_as_in_node_in_utc_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
