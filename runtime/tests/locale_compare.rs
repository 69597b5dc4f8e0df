//! ordo's patch 20 to Boa (vendor/README.md): `localeCompare` without locales or options compares
//! with one `Intl.Collator` made at its first call instead of one made at every call (a sort of
//! 30,000 records by `localeCompare` took 2.2 s, Node 40 ms); patch 66: strings compared as Boa
//! keeps them, Latin-1 or UTF-16, not copied into UTF-16 first. What a script sees must not
//! change: the default order over accents, case, digits, the empty string and UTF-16; calls
//! with options before and after calls without, each with its own collator; a sort of 30,000
//! records; Latin-1 and UTF-16 strings in every pairing. The expected lines are what Node 20
//! prints for the same script; it runs in plain Boa and in the worker.
#![cfg(feature = "intl")]

#[path = "support/node_lines.rs"]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r#"
    const out = [];
    const show = (v) => JSON.stringify(v);
    // Without locales or options: accents, case, digits, empty strings, UTF-16.
    const words = ["résumé", "resume", "Resume", "RESUME", "a", "B", "b", "á", "z", "Z", "10", "9", "", "éclair", "eclair", "Zoë", "zoe", "😀", "ñ", "n", "o"];
    out.push(show([...words].sort((x, y) => x.localeCompare(y))));
    out.push(show(words.map((w) => Math.sign(w.localeCompare("resume")))));
    // With options, before and after calls without: each call uses its own.
    const numeric = ["item10", "item9", "item1", "item100"];
    out.push(show([
        [...numeric].sort((x, y) => x.localeCompare(y, undefined, { numeric: true })),
        [...numeric].sort((x, y) => x.localeCompare(y)),
        "a".localeCompare("A", undefined, { sensitivity: "base" }),
        "a".localeCompare("A"),
        "a".localeCompare("á", "en", { sensitivity: "base" }),
        "a".localeCompare("á"),
        "a".localeCompare("b", undefined, undefined),
    ]));
    // At a data script's size: 30,000 records sorted by name.
    const names = ["alpha", "beta", "gamma", "delta", "Eps", "zeta", "éta", "theta", "iota", "kappa"];
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const items = Array.from({ length: 30000 }, (_, i) => ({ id: i, name: names[Math.floor(random() * 10)] + Math.floor(random() * 1000) }));
    const sorted = items.sort((x, y) => x.name.localeCompare(y.name) || x.id - y.id);
    let digest = 0;
    for (const item of sorted) digest = (digest * 31 + item.id) % 1000000007;
    out.push(show([digest, sorted[0].name, sorted[29999].name]));
    // Latin-1 and UTF-16 strings (one with a character past U+00FF is kept as UTF-16) compared
    // in every pairing, by `localeCompare` and by an `Intl.Collator`: combining marks, ligatures,
    // expansions, case.
    const mixed = ["ä", "a\u0308", "ä€", "a", "ae", "æ", "Æ€", "ÿ", "Ÿ", "y", "ß", "ss", "ß€", "ŝ", "s", "été", "e\u0301te\u0301", "€", "", "ñ€", "ñ", "N"];
    const collator = new Intl.Collator();
    const signs = (compare) => mixed.map((x) => mixed.map((y) => Math.sign(compare(x, y)) + 1).join(""));
    out.push(show([signs((x, y) => x.localeCompare(y)), signs(collator.compare)]));
"#;

const EXPECTED: [&str; 5] = [
    r#"["","😀","10","9","a","á","b","B","eclair","éclair","n","ñ","o","resume","Resume","RESUME","résumé","z","Z","zoe","Zoë"]"#,
    r#"[1,0,1,1,-1,-1,-1,-1,1,1,-1,-1,-1,-1,-1,1,1,-1,-1,-1,-1]"#,
    r#"[["item1","item9","item10","item100"],["item1","item10","item100","item9"],0,-1,0,-1,-1]"#,
    r#"[379274587,"alpha0","zeta999"]"#,
    r#"[["1102000000000000022000","1102000000000000022000","2212000000000000022000","0001000000000000022000","2222100000000000022000","2222210000000000022000","2222221000000000022000","2222222102222222222222","2222222212222222222222","2222222001222222222222","2222222000120222222222","2222222000010222222222","2222222000221222222222","2222222000000122222222","2222222000000012222222","2222222000000001122000","2222222000000001122000","0000000000000000012000","0000000000000000001000","2222222000000002222122","2222222000000002222012","2222222000000002222001"],["1102000000000000022000","1102000000000000022000","2212000000000000022000","0001000000000000022000","2222100000000000022000","2222210000000000022000","2222221000000000022000","2222222102222222222222","2222222212222222222222","2222222001222222222222","2222222000120222222222","2222222000010222222222","2222222000221222222222","2222222000000122222222","2222222000000012222222","2222222000000001122000","2222222000000001122000","0000000000000000012000","0000000000000000001000","2222222000000002222122","2222222000000002222012","2222222000000002222001"]]"#,
];

#[test]
fn locale_compare_behaves_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn locale_compare_behaves_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
