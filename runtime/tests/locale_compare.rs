//! ordo's patch 20 to Boa (vendor/README.md): `localeCompare` without locales or options compares
//! with one `Intl.Collator` made at its first call instead of one made at every call (a sort of
//! 30,000 records by `localeCompare` took 2.2 s, Node 40 ms); patch 66: strings compared as Boa
//! keeps them, Latin-1 or UTF-16, not copied into UTF-16 first. What a script sees must not
//! change: the default order over accents, case, digits, the empty string and UTF-16; calls
//! with options before and after calls without, each with its own collator; a sort of 30,000
//! records; Latin-1 and UTF-16 strings in every pairing; patch 92's ASCII order against ICU's
//! (Node's), with strings one character outside it and collators that order ASCII otherwise.
//! The expected lines are what Node 20 prints for the same script; it runs in plain Boa and in
//! the worker.
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
    // Patch 92: strings of ASCII letters, digits and spaces ordered without ICU's iterator under
    // the root order; beside them, strings one character away (a hyphen, an apostrophe, an
    // accent, a tab) that ICU orders, and collators that order ASCII letters their own way
    // (Danish "aa" after "z", Lithuanian "y" by "i") or by other options.
    const letters = "aAbByYzZ019 ";
    const ascii = Array.from({ length: 400 }, (_, i) => {
        let text = "";
        for (let n = Math.floor(random() * 5); n > 0; n--) text += letters[Math.floor(random() * letters.length)];
        return i % 5 === 0 ? text + ["-", "'", "é", "\t", "aa"][i % 25 / 5] : text;
    });
    const pairs = ascii.map((x, i) => Math.sign(x.localeCompare(ascii[(i * 7 + 3) % ascii.length])) + 1).join("");
    const sortedWith = (compare) => [...ascii].sort(compare).join("|");
    const others = ["da", "lt", "en-u-kf-upper", "en-u-kn"].map((tag) => sortedWith(new Intl.Collator(tag).compare));
    out.push(show([pairs, sortedWith((x, y) => x.localeCompare(y)), sortedWith(new Intl.Collator("en").compare), others]));
"#;

const EXPECTED: [&str; 6] = [
    r#"["","😀","10","9","a","á","b","B","eclair","éclair","n","ñ","o","resume","Resume","RESUME","résumé","z","Z","zoe","Zoë"]"#,
    r#"[1,0,1,1,-1,-1,-1,-1,1,1,-1,-1,-1,-1,-1,1,1,-1,-1,-1,-1]"#,
    r#"[["item1","item9","item10","item100"],["item1","item10","item100","item9"],0,-1,0,-1,-1]"#,
    r#"[379274587,"alpha0","zeta999"]"#,
    r#"[["1102000000000000022000","1102000000000000022000","2212000000000000022000","0001000000000000022000","2222100000000000022000","2222210000000000022000","2222221000000000022000","2222222102222222222222","2222222212222222222222","2222222001222222222222","2222222000120222222222","2222222000010222222222","2222222000221222222222","2222222000000122222222","2222222000000012222222","2222222000000001122000","2222222000000001122000","0000000000000000012000","0000000000000000001000","2222222000000002222122","2222222000000002222012","2222222000000002222001"],["1102000000000000022000","1102000000000000022000","2212000000000000022000","0001000000000000022000","2222100000000000022000","2222210000000000022000","2222221000000000022000","2222222102222222222222","2222222212222222222222","2222222001222222222222","2222222000120222222222","2222222000010222222222","2222222000221222222222","2222222000000122222222","2222222000000012222222","2222222000000001122000","2222222000000001122000","0000000000000000012000","0000000000000000001000","2222222000000002222122","2222222000000002222012","2222222000000002222001"]]"#,
    r#"["0002200000000202022222220200220020220022002222222020220220222220002002022200222000020000000202200020222222022020022200000220000222022020222002020220200201102002020202022002210000000022022201222120002022202000120002020202220000000100222000200220202020202222020022222222212222120220200000020022010222000020000100200002001220002002120022222020202020200002020202002222022020221202202202010222020022000022","||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||\t|\t| | | | \t|  A |  zA| -| '| 1| 1| 9| 9a0| 9z| A| A| A| A0| AAZ| aZA| B1| Y-| yAa| yab\t| yAy| z '|-|-|-|-|-|'|'|'|0|0|0|0|0|0 1z|0 zA|00A|00y1|00Yé|01a|0aB|0b\t|0b 1|0BZ aa|0bz1|0y|0y|0Y0A|0Z y|0z-|0zY|1|1|1|1|1|1 |10y |11|190|19az|1A |1A é|1A0Z|1b|1b |1B 9|1B1|1Bb|1y|1Y|1yYa|1Z|1Z'|1Z1z|9|9|9|9|9|9|9 Z-|9'|91|91|91y|9a|9a|9A|9aB|9Az|9b|9Bé|9by|9bZY|9Z|9Z1 é|9zaa|a|a|a|a|A|A|A|A|A|A|A|A|A|a\t|A Aa|a y |A-|A0 aa|a01y'|A1A-|A9|A9|A9'|a91|A9a|aa|aa|aa|aa|aa|aA|AA|aA é|aA-|aA0Y|AA9\t|AA99|aaa|Aaa|aAaa|Ab|AB|aB0|aB1|aBYy|aé|Aé|aY|AYZ|aYZB|az1\t|aza|AZB|AZBY|Azyy|Azz|azZZ|b|b|b|b|b|B|B|B|B|B|B|B|B|B|B|b\t|b\t|b 0Z|b-|b-|b0|B0bB|b1|B1|B1|b1aa|b1aé|B9|bA|BA|BA|Baa|baA1\t|BAé|baZé|by|BY|by |bY 1|BY A|BY1|BYAaaa|BYAb|byBB|byY|byYa|byz|bz|Bz |bz0|bz1|bZ1Zaa|Bz9|bzB|BzB|é|y|y|y|y|y|y|Y|Y|Y|Y|Y|Y|Y|Y |Y |y 0|Y-|y'|y'|y0|Y0|Y0|Y0|y0\t|y0 1|y0Y|Y0Y|y0Y |y101|Y19z|Y1b |Y9|y99A|y9é|y9y|yA|YA|YA|yA B|yaA|YAa0|YAa1\t|yAb9|yB|YB|yB aa|yB1Z|ybA|yBa9'|YBy|YBY9'|ybYz|ybzy|YBzy|Yé|yY'|YYY|Yz|Yz|Yz0|YZ1'|yza0|YzBZ|YZy|z|z|z|z|z|z|Z|Z|Z|Z|Z|Z|Z|z\t|Z\t|z |Z-|z0|Z0 |z1|z11yé|Z9|z90|z90b|Z9aA|Z9aZ\t|zA|zA|zA|zA|ZA |zaa|Zaa|Zaby|ZAYé|zB |ZbA é|zbB|Zbbb|ZbY'|zY|zY |zy 0|zy1|Zyyz|zz|zz|zZ |ZZ1a|ZzY|ZZy","||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||\t|\t| | | | \t|  A |  zA| -| '| 1| 1| 9| 9a0| 9z| A| A| A| A0| AAZ| aZA| B1| Y-| yAa| yab\t| yAy| z '|-|-|-|-|-|'|'|'|0|0|0|0|0|0 1z|0 zA|00A|00y1|00Yé|01a|0aB|0b\t|0b 1|0BZ aa|0bz1|0y|0y|0Y0A|0Z y|0z-|0zY|1|1|1|1|1|1 |10y |11|190|19az|1A |1A é|1A0Z|1b|1b |1B 9|1B1|1Bb|1y|1Y|1yYa|1Z|1Z'|1Z1z|9|9|9|9|9|9|9 Z-|9'|91|91|91y|9a|9a|9A|9aB|9Az|9b|9Bé|9by|9bZY|9Z|9Z1 é|9zaa|a|a|a|a|A|A|A|A|A|A|A|A|A|a\t|A Aa|a y |A-|A0 aa|a01y'|A1A-|A9|A9|A9'|a91|A9a|aa|aa|aa|aa|aa|aA|AA|aA é|aA-|aA0Y|AA9\t|AA99|aaa|Aaa|aAaa|Ab|AB|aB0|aB1|aBYy|aé|Aé|aY|AYZ|aYZB|az1\t|aza|AZB|AZBY|Azyy|Azz|azZZ|b|b|b|b|b|B|B|B|B|B|B|B|B|B|B|b\t|b\t|b 0Z|b-|b-|b0|B0bB|b1|B1|B1|b1aa|b1aé|B9|bA|BA|BA|Baa|baA1\t|BAé|baZé|by|BY|by |bY 1|BY A|BY1|BYAaaa|BYAb|byBB|byY|byYa|byz|bz|Bz |bz0|bz1|bZ1Zaa|Bz9|bzB|BzB|é|y|y|y|y|y|y|Y|Y|Y|Y|Y|Y|Y|Y |Y |y 0|Y-|y'|y'|y0|Y0|Y0|Y0|y0\t|y0 1|y0Y|Y0Y|y0Y |y101|Y19z|Y1b |Y9|y99A|y9é|y9y|yA|YA|YA|yA B|yaA|YAa0|YAa1\t|yAb9|yB|YB|yB aa|yB1Z|ybA|yBa9'|YBy|YBY9'|ybYz|ybzy|YBzy|Yé|yY'|YYY|Yz|Yz|Yz0|YZ1'|yza0|YzBZ|YZy|z|z|z|z|z|z|Z|Z|Z|Z|Z|Z|Z|z\t|Z\t|z |Z-|z0|Z0 |z1|z11yé|Z9|z90|z90b|Z9aA|Z9aZ\t|zA|zA|zA|zA|ZA |zaa|Zaa|Zaby|ZAYé|zB |ZbA é|zbB|Zbbb|ZbY'|zY|zY |zy 0|zy1|Zyyz|zz|zz|zZ |ZZ1a|ZzY|ZZy",["||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||\t|\t| | | | \t|  A |  zA| -| '| 1| 1| 9| 9a0| 9z| A| A| A| A0| aZA| B1| Y-| yab\t| yAy| yAa| z '| AAZ|-|-|-|-|-|'|'|'|0|0|0|0|0|0 1z|0 zA|00A|00y1|00Yé|01a|0aB|0b\t|0b 1|0BZ aa|0bz1|0y|0y|0Y0A|0Z y|0z-|0zY|1|1|1|1|1|1 |10y |11|190|19az|1A |1A é|1A0Z|1b|1b |1B 9|1B1|1Bb|1Y|1y|1yYa|1Z|1Z'|1Z1z|9|9|9|9|9|9|9 Z-|9'|91|91|91y|9A|9a|9a|9aB|9Az|9b|9Bé|9by|9bZY|9Z|9Z1 é|9zaa|A|A|A|A|A|A|A|A|A|a|a|a|a|a\t|a y |A Aa|A-|A0 aa|a01y'|A1A-|A9|A9|A9'|a91|A9a|aA|aA é|aA-|aA0Y|AB|Ab|aB0|aB1|aBYy|Aé|aé|aY|AYZ|aYZB|az1\t|aza|AZB|AZBY|Azyy|Azz|azZZ|aAaa|B|B|B|B|B|B|B|B|B|B|b|b|b|b|b|b\t|b\t|b 0Z|b-|b-|b0|B0bB|B1|B1|b1|b1aé|b1aa|B9|BA|BA|bA|baA1\t|BAé|baZé|BY|by|by |bY 1|BY A|BY1|BYAb|byBB|byY|byYa|byz|BYAaaa|bz|Bz |bz0|bz1|bZ1Zaa|Bz9|BzB|bzB|Baa|é|Y|Y|Y|Y|Y|Y|Y|y|y|y|y|y|y|Y |Y |y 0|Y-|y'|y'|Y0|Y0|Y0|y0|y0\t|y0 1|Y0Y|y0Y|y0Y |y101|Y19z|Y1b |Y9|y99A|y9é|y9y|YA|YA|yA|yA B|yaA|yAb9|YB|yB|yB aa|yB1Z|ybA|yBa9'|YBy|YBY9'|ybYz|YBzy|ybzy|Yé|yY'|YYY|Yz|Yz|Yz0|YZ1'|yza0|YzBZ|YZy|YAa0|YAa1\t|Z|Z|Z|Z|Z|Z|Z|z|z|z|z|z|z|Z\t|z\t|z |Z-|z0|Z0 |z1|z11yé|Z9|z90|z90b|Z9aA|Z9aZ\t|zA|zA|zA|zA|ZA |Zaby|ZAYé|zB |ZbA é|zbB|Zbbb|ZbY'|zY|zY |zy 0|zy1|Zyyz|zz|zz|zZ |ZZ1a|ZZy|ZzY|Zaa|zaa|AA|aa|aa|aa|aa|aa|AA9\t|AA99|Aaa|aaa","||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||\t|\t| | | | \t|  A |  zA| -| '| 1| 1| 9| 9a0| 9z| A| A| A| A0| AAZ| aZA| B1| Y-| yAa| yab\t| yAy| z '|-|-|-|-|-|'|'|'|0|0|0|0|0|0 1z|0 zA|00A|00y1|00Yé|01a|0aB|0b\t|0b 1|0BZ aa|0bz1|0y|0y|0Y0A|0Z y|0z-|0zY|1|1|1|1|1|1 |10y |11|190|19az|1A |1A é|1A0Z|1b|1b |1B 9|1B1|1Bb|1y|1Y|1yYa|1Z|1Z'|1Z1z|9|9|9|9|9|9|9 Z-|9'|91|91|91y|9a|9a|9A|9aB|9Az|9b|9Bé|9by|9bZY|9Z|9Z1 é|9zaa|a|a|a|a|A|A|A|A|A|A|A|A|A|a\t|A Aa|a y |A-|A0 aa|a01y'|A1A-|A9|A9|A9'|a91|A9a|aa|aa|aa|aa|aa|aA|AA|aA é|aA-|aA0Y|AA9\t|AA99|aaa|Aaa|aAaa|Ab|AB|aB0|aB1|aBYy|aé|Aé|aY|AYZ|aYZB|az1\t|aza|AZB|AZBY|Azyy|Azz|azZZ|b|b|b|b|b|B|B|B|B|B|B|B|B|B|B|b\t|b\t|b 0Z|b-|b-|b0|B0bB|b1|B1|B1|b1aa|b1aé|B9|bA|BA|BA|Baa|baA1\t|BAé|baZé|by|BY|by |bY 1|BY A|BY1|BYAaaa|BYAb|byBB|byY|byYa|byz|bz|Bz |bz0|bz1|bZ1Zaa|Bz9|bzB|BzB|é|y|y|y|y|y|y|Y|Y|Y|Y|Y|Y|Y|Y |Y |y 0|Y-|y'|y'|y0|Y0|Y0|Y0|y0\t|y0 1|y0Y|Y0Y|y0Y |y101|Y19z|Y1b |Y9|y99A|y9é|y9y|yA|YA|YA|yA B|yaA|YAa0|YAa1\t|yAb9|yB|YB|yB aa|yB1Z|ybA|yBa9'|YBy|YBY9'|ybYz|ybzy|YBzy|Yé|yY'|YYY|Yz|Yz|Yz0|YZ1'|yza0|YzBZ|YZy|z|z|z|z|z|z|Z|Z|Z|Z|Z|Z|Z|z\t|Z\t|z |Z-|z0|Z0 |z1|z11yé|Z9|z90|z90b|Z9aA|Z9aZ\t|zA|zA|zA|zA|ZA |zaa|Zaa|Zaby|ZAYé|zB |ZbA é|zbB|Zbbb|ZbY'|zY|zY |zy 0|zy1|Zyyz|zz|zz|zZ |ZZ1a|ZzY|ZZy","||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||\t|\t| | | | \t|  A |  zA| -| '| 1| 1| 9| 9a0| 9z| A| A| A| A0| AAZ| aZA| B1| Y-| yAa| yab\t| yAy| z '|-|-|-|-|-|'|'|'|0|0|0|0|0|0 1z|0 zA|00A|00y1|00Yé|01a|0aB|0b\t|0b 1|0BZ aa|0bz1|0y|0y|0Y0A|0Z y|0z-|0zY|1|1|1|1|1|1 |10y |11|190|19az|1A |1A é|1A0Z|1b|1b |1B 9|1B1|1Bb|1Y|1y|1yYa|1Z|1Z'|1Z1z|9|9|9|9|9|9|9 Z-|9'|91|91|91y|9A|9a|9a|9aB|9Az|9b|9Bé|9by|9bZY|9Z|9Z1 é|9zaa|A|A|A|A|A|A|A|A|A|a|a|a|a|a\t|A Aa|a y |A-|A0 aa|a01y'|A1A-|A9|A9|A9'|a91|A9a|AA|aA|aa|aa|aa|aa|aa|aA é|aA-|aA0Y|AA9\t|AA99|Aaa|aaa|aAaa|AB|Ab|aB0|aB1|aBYy|Aé|aé|aY|AYZ|aYZB|az1\t|aza|AZB|AZBY|Azyy|Azz|azZZ|B|B|B|B|B|B|B|B|B|B|b|b|b|b|b|b\t|b\t|b 0Z|b-|b-|b0|B0bB|B1|B1|b1|b1aa|b1aé|B9|BA|BA|bA|Baa|baA1\t|BAé|baZé|BY|by|by |bY 1|BY A|BY1|BYAaaa|BYAb|byBB|byY|byYa|byz|bz|Bz |bz0|bz1|bZ1Zaa|Bz9|BzB|bzB|é|Y|Y|Y|Y|Y|Y|Y|y|y|y|y|y|y|Y |Y |y 0|Y-|y'|y'|Y0|Y0|Y0|y0|y0\t|y0 1|Y0Y|y0Y|y0Y |y101|Y19z|Y1b |Y9|y99A|y9é|y9y|YA|YA|yA|yA B|yaA|YAa0|YAa1\t|yAb9|YB|yB|yB aa|yB1Z|ybA|yBa9'|YBy|YBY9'|ybYz|YBzy|ybzy|Yé|yY'|YYY|Yz|Yz|Yz0|YZ1'|yza0|YzBZ|YZy|Z|Z|Z|Z|Z|Z|Z|z|z|z|z|z|z|Z\t|z\t|z |Z-|z0|Z0 |z1|z11yé|Z9|z90|z90b|Z9aA|Z9aZ\t|zA|zA|zA|zA|ZA |Zaa|zaa|Zaby|ZAYé|zB |ZbA é|zbB|Zbbb|ZbY'|zY|zY |zy 0|zy1|Zyyz|zz|zz|zZ |ZZ1a|ZZy|ZzY","||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||||\t|\t| | | | \t|  A |  zA| -| '| 1| 1| 9| 9a0| 9z| A| A| A| A0| AAZ| aZA| B1| Y-| yAa| yab\t| yAy| z '|-|-|-|-|-|'|'|'|0|0|0|0|0|0 1z|0 zA|00A|0aB|0b\t|0b 1|0BZ aa|0bz1|0y|0y|0Y0A|00y1|00Yé|0Z y|0z-|0zY|1|1|1|1|1|1 |01a|1A |1A é|1A0Z|1b|1b |1B 9|1B1|1Bb|1y|1Y|1yYa|1Z|1Z'|1Z1z|9|9|9|9|9|9|9 Z-|9'|9a|9a|9A|9aB|9Az|9b|9Bé|9by|9bZY|9Z|9Z1 é|9zaa|10y |11|19az|91|91|91y|190|a|a|a|a|A|A|A|A|A|A|A|A|A|a\t|A Aa|a y |A-|A0 aa|A1A-|a01y'|A9|A9|A9'|A9a|a91|aa|aa|aa|aa|aa|aA|AA|aA é|aA-|aA0Y|AA9\t|AA99|aaa|Aaa|aAaa|Ab|AB|aB0|aB1|aBYy|aé|Aé|aY|AYZ|aYZB|az1\t|aza|AZB|AZBY|Azyy|Azz|azZZ|b|b|b|b|b|B|B|B|B|B|B|B|B|B|B|b\t|b\t|b 0Z|b-|b-|b0|B0bB|b1|B1|B1|b1aa|b1aé|B9|bA|BA|BA|Baa|baA1\t|BAé|baZé|by|BY|by |bY 1|BY A|BY1|BYAaaa|BYAb|byBB|byY|byYa|byz|bz|Bz |bz0|bz1|bZ1Zaa|Bz9|bzB|BzB|é|y|y|y|y|y|y|Y|Y|Y|Y|Y|Y|Y|Y |Y |y 0|Y-|y'|y'|y0|Y0|Y0|Y0|y0\t|y0 1|y0Y|Y0Y|y0Y |Y1b |Y9|y9é|y9y|Y19z|y99A|y101|yA|YA|YA|yA B|yaA|YAa0|YAa1\t|yAb9|yB|YB|yB aa|yB1Z|ybA|yBa9'|YBy|YBY9'|ybYz|ybzy|YBzy|Yé|yY'|YYY|Yz|Yz|Yz0|YZ1'|yza0|YzBZ|YZy|z|z|z|z|z|z|Z|Z|Z|Z|Z|Z|Z|z\t|Z\t|z |Z-|z0|Z0 |z1|Z9|Z9aA|Z9aZ\t|z11yé|z90|z90b|zA|zA|zA|zA|ZA |zaa|Zaa|Zaby|ZAYé|zB |ZbA é|zbB|Zbbb|ZbY'|zY|zY |zy 0|zy1|Zyyz|zz|zz|zZ |ZZ1a|ZzY|ZZy"]]"#,
];

#[test]
fn locale_compare_behaves_as_in_node_in_plain_boa() {
    node_lines::assert_in_plain_boa(BODY, &EXPECTED);
}

#[tokio::test]
async fn locale_compare_behaves_as_in_node_in_the_worker() {
    node_lines::assert_in_worker(BODY, &EXPECTED).await;
}
