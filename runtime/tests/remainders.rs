//! The `%` operator, as scripts use it: on int32 values (Boa's `-2147483648 % -1` computed the
//! quotient in an `i32`, which overflows, and the panic took the worker down), on integers
//! past int32 that a running hash or checksum keeps modulo a prime (ordo's patch takes the
//! remainder of the integers where an `f64` holds them exactly, instead of `fmod`), and on
//! fractions, infinities, NaN and `-0`, each the sign Node gives it. The expected lines are what
//! Node 20 prints for the same script.

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const num = (v) => (Object.is(v, -0) ? "-0" : String(v));
    // Pairs of int32 values (the quotient of -2147483648 by -1 overflows an int32), of
    // integers past int32 and up to 2^53 and beyond, of fractions, infinities, NaN and -0, and
    // of values that convert (strings, an object's valueOf).
    const pairs = [
      [1 << 31, ~0], [(1 << 31) | 0, -1], [-2147483648, -1], [-2147483648, 1], [-2147483648, 2147483647], [2147483647, -1], [-7, 7], [7, -7], [-7, 2], [7, 0], [0, 5], [-4, 2], [4, -2],
      [3e10, 1000003], [-3e10, 1000003], [3e10, -7], [2 ** 53, 3], [2 ** 53 - 1, 2], [-(2 ** 53) + 1, 7], [2 ** 53 + 2, 7], [2 ** 60, 7], [2 ** 63, 10], [-(2 ** 63), -1], [1e300, 7], [7, 2 ** 60], [-5, 2 ** 53], [4294967296, 4294967296], [-4294967296, 65536],
      [5.5, 2], [-5.5, 2], [5, 2.5], [0.3, 0.1], [-1e-300, 3], [2 ** 52 + 0.5, 3],
      [Infinity, 3], [3, Infinity], [-3, -Infinity], [NaN, 3], [3, NaN], [-0, 3], [-0, 3.5], [0, -0], [5, -0], [-6e9, 3e9], [6e9, -3e9],
      ["17", "5"], [{ valueOf() { return -9; } }, 4], ["-0", 1], [true, 2],
    ];
    out.push(pairs.map(([x, y]) => num(x % y)).join(" "));
    // The same pairs through `%=` from one line, twice.
    const again = [];
    for (let round = 0; round < 2; round++) for (const [x, y] of pairs) { let r = x; r %= y; again.push(num(r)); }
    out.push(again.slice(pairs.length).join(" ") === out[0] ? "same" : again.join(" "));
    // Running values modulo primes, past int32 at every step (as a hash or a checksum keeps
    // them), and a walk down from -2^40 that crosses zero.
    let a = 1, b = 0, c = -(2 ** 40), zeros = 0;
    for (let i = 0; i < 200000; i++) {
      b = (b + a * i) % 1000003; a = (a * 31 + 7) % 65521;
      c = (c + 5497558016) % 8796093022208;
      if (Object.is(c % 1024, -0)) zeros++;
    }
    out.push([a, b, c, zeros].map(num).join(" "));"#;

const EXPECTED: [&str; 3] = [
    r#"-0 -0 -0 -0 -1 0 -0 0 -1 NaN 0 -0 0 910003 -910003 5 2 1 -3 6 1 8 -0 1 7 -5 0 -0 1.5 -1.5 0 0.09999999999999998 -1e-300 1 NaN 3 -3 NaN NaN -0 -0 NaN NaN -0 0 2 -1 -0 1"#,
    r#"same"#,
    r#"3425 725942 7696556818432 200"#,
];

#[test]
fn remainders_are_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn remainders_are_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
