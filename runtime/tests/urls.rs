//! `URL` and `URLSearchParams` as Node has them (the WHATWG URL Standard): a script that reads
//! `new URL(link).hostname` or `url.searchParams.get("q")` found no `URL` at all. Parsing against
//! a base, the special schemes and their default ports, percent-encoding, international names,
//! IPv6 hosts, the invalid inputs and their `ERR_INVALID_URL`; every setter; `searchParams` tied
//! to its URL both ways; the ways to make a `URLSearchParams`. The lines are what Node 20 prints
//! for the same body; each case runs twice from the same code (`engine/url.js`, `engine/url.rs`).

#[path = "support/node_lines.rs"]
#[allow(dead_code, reason = "plain Boa has no URL: the body runs in the worker only")]
mod node_lines;

/// Pushes its lines to `out`.
const BODY: &str = r##"
    const out = [];
    const show = (u) => [u.href, u.origin, u.protocol, u.username, u.password, u.host, u.hostname, u.port, u.pathname, u.search, u.hash].join(" | ");
    const inputs = [
      ["https://user:pw@Example.COM:8080/a/./b/../c%20d?q=1&r=a+b#frag"], ["http://example.com:80/"], ["HTTPS://例え.jp/パス?キー=値"],
      ["/path?x=1", "https://base.org/dir/file"], ["../up", "https://base.org/a/b/c"], ["?only", "https://base.org/p?old#h"], ["#h2", "https://base.org/p?q"],
      ["//other.net/x", "https://base.org/"], ["file:///C:/Users/a%20b/f.txt"], ["mailto:someone@example.com?subject=hi"], ["data:text/plain,hello world"],
      ["http://[::1]:3000/api"], ["http://192.168.0.1.:8080"], ["https://a.com/?q=%zz&e=%E2%82%AC&plus=a+b"], ["ws://socket.io/path"], ["blob:https://a.com/uuid"],
      ["https://a.com/\u00e9?\u00e9=\u00e9#\u00e9"], ["  https://trim.me/  "], ["https://a.com/a\\b\\c"], ["https://a.com:443/"], ["https://a.com:99999/"], ["not a url"], ["http://"], ["https://exa mple.com"], ["", "https://base.org/x"],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [input, base] of inputs) {
        try { out.push(show(new URL(input, base))); } catch (e) { out.push(`${e.name}: ${e.message} ${e.code} ${JSON.stringify(e.input)}`); }
      }
    }
    out.push(inputs.map(([input, base]) => URL.canParse(input, base)).join(","));
    const u = new URL("https://shop.example/items?page=2&sort=price&tag=a&tag=b");
    const p = u.searchParams;
    out.push([p.get("page"), p.get("none"), p.getAll("tag").join("+"), p.has("sort"), p.has("tag", "b"), p.size, [...p.keys()].join(","), String(p)].join(" | "));
    p.set("page", "3"); p.append("q", "café & tea"); p.delete("sort"); p.delete("tag", "a");
    out.push(u.href, u.search, String(p));
    p.sort(); out.push(u.href);
    u.search = "?x=1&x=2"; out.push(p.getAll("x").join(","), String(p.size), u.href);
    u.hash = "top"; u.pathname = "/new path/ü"; u.port = "8443"; u.hostname = "Other.Example"; u.username = "me"; u.password = "p@ss";
    out.push(u.href, JSON.stringify({ u }), String(u), `${u}`);
    u.protocol = "http"; out.push(u.href); u.port = "80"; out.push(u.href); u.port = "abc"; out.push(u.href);
    try { u.href = "nope"; } catch (e) { out.push(`${e.name}: ${e.message}`); }
    u.href = "https://reset.org/r?a=1"; out.push(String(p.get("a")), u.host);
    for (const [p2] of [[new URLSearchParams("?a=1&b=2&a=3")], [new URLSearchParams({ x: 1, y: "two words" })], [new URLSearchParams([["k", "v"], ["k", "w"]])], [new URLSearchParams("a=%20b+c&d")], [new URLSearchParams(new Map([["m", 1]]))], [new URLSearchParams("")], [new URLSearchParams(null)]]) {
      out.push([String(p2), p2.size, JSON.stringify([...p2])].join(" | "));
    }
    const each = []; new URLSearchParams("a=1&b=2").forEach((v, k, obj) => each.push(`${k}=${v}:${obj instanceof URLSearchParams}`)); out.push(each.join(","));
    try { new URLSearchParams([["only-one"]]); } catch (e) { out.push(`${e.name}: ${e.message}`); }
    out.push([Object.prototype.toString.call(u), Object.prototype.toString.call(p), Object.keys(u).length, typeof URL.prototype.toJSON].join(" "));
    // A URL's list read only when used, and again after `search` or `href` change it; an
    // iteration that appends sees the new pairs; `set` keeps the first of its name in place.
    const lazy = new URL("https://l.org/p?a=1&b=2&a=3#h");
    const lp = lazy.searchParams;
    lazy.hash = "x"; lazy.pathname = "/q";
    const seen = []; for (const [k, v] of lp) { seen.push(k + v); if (seen.length === 1) lp.append("c", "4"); }
    lazy.search = "z=9"; const afterSearch = [...lp.keys()].join();
    lp.set("z", "8"); lp.append("z", "7"); lp.append("y", "6"); lp.set("z", "5");
    out.push([seen.join(), afterSearch, String(lp), lazy.href, lp.has("z", "5"), lp.has("z", "8"), lp.getAll("z").join(), new URLSearchParams("?q=%E2%82%AC&q=2").getAll("q").join()].join(" | "));
"##;

/// The lines of the inputs' round, which the body runs twice.
const PARSED: [&str; 25] = [
    "https://user:pw@example.com:8080/a/c%20d?q=1&r=a+b#frag | https://example.com:8080 | https: | user | pw | example.com:8080 | example.com | 8080 | /a/c%20d | ?q=1&r=a+b | #frag",
    "http://example.com/ | http://example.com | http: |  |  | example.com | example.com |  | / |  | ",
    "https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?%E3%82%AD%E3%83%BC=%E5%80%A4 | https://xn--r8jz45g.jp | https: |  |  | xn--r8jz45g.jp | xn--r8jz45g.jp |  | /%E3%83%91%E3%82%B9 | ?%E3%82%AD%E3%83%BC=%E5%80%A4 | ",
    "https://base.org/path?x=1 | https://base.org | https: |  |  | base.org | base.org |  | /path | ?x=1 | ",
    "https://base.org/a/up | https://base.org | https: |  |  | base.org | base.org |  | /a/up |  | ",
    "https://base.org/p?only | https://base.org | https: |  |  | base.org | base.org |  | /p | ?only | ",
    "https://base.org/p?q#h2 | https://base.org | https: |  |  | base.org | base.org |  | /p | ?q | #h2",
    "https://other.net/x | https://other.net | https: |  |  | other.net | other.net |  | /x |  | ",
    "file:///C:/Users/a%20b/f.txt | null | file: |  |  |  |  |  | /C:/Users/a%20b/f.txt |  | ",
    "mailto:someone@example.com?subject=hi | null | mailto: |  |  |  |  |  | someone@example.com | ?subject=hi | ",
    "data:text/plain,hello world | null | data: |  |  |  |  |  | text/plain,hello world |  | ",
    "http://[::1]:3000/api | http://[::1]:3000 | http: |  |  | [::1]:3000 | [::1] | 3000 | /api |  | ",
    "http://192.168.0.1:8080/ | http://192.168.0.1:8080 | http: |  |  | 192.168.0.1:8080 | 192.168.0.1 | 8080 | / |  | ",
    "https://a.com/?q=%zz&e=%E2%82%AC&plus=a+b | https://a.com | https: |  |  | a.com | a.com |  | / | ?q=%zz&e=%E2%82%AC&plus=a+b | ",
    "ws://socket.io/path | ws://socket.io | ws: |  |  | socket.io | socket.io |  | /path |  | ",
    "blob:https://a.com/uuid | https://a.com | blob: |  |  |  |  |  | https://a.com/uuid |  | ",
    "https://a.com/%C3%A9?%C3%A9=%C3%A9#%C3%A9 | https://a.com | https: |  |  | a.com | a.com |  | /%C3%A9 | ?%C3%A9=%C3%A9 | #%C3%A9",
    "https://trim.me/ | https://trim.me | https: |  |  | trim.me | trim.me |  | / |  | ",
    "https://a.com/a/b/c | https://a.com | https: |  |  | a.com | a.com |  | /a/b/c |  | ",
    "https://a.com/ | https://a.com | https: |  |  | a.com | a.com |  | / |  | ",
    "TypeError: Invalid URL ERR_INVALID_URL \"https://a.com:99999/\"",
    "TypeError: Invalid URL ERR_INVALID_URL \"not a url\"",
    "TypeError: Invalid URL ERR_INVALID_URL \"http://\"",
    "TypeError: Invalid URL ERR_INVALID_URL \"https://exa mple.com\"",
    "https://base.org/x | https://base.org | https: |  |  | base.org | base.org |  | /x |  | ",
];

/// The lines after both rounds.
const AFTER: [&str; 30] = [
    "true,true,true,true,true,true,true,true,true,true,true,true,true,true,true,true,true,true,true,true,false,false,false,false,true",
    "2 |  | a+b | true | true | 4 | page,sort,tag,tag | page=2&sort=price&tag=a&tag=b",
    "https://shop.example/items?page=3&tag=b&q=caf%C3%A9+%26+tea",
    "?page=3&tag=b&q=caf%C3%A9+%26+tea",
    "page=3&tag=b&q=caf%C3%A9+%26+tea",
    "https://shop.example/items?page=3&q=caf%C3%A9+%26+tea&tag=b",
    "1,2",
    "2",
    "https://shop.example/items?x=1&x=2",
    "https://me:p%40ss@other.example:8443/new%20path/%C3%BC?x=1&x=2#top",
    "{\"u\":\"https://me:p%40ss@other.example:8443/new%20path/%C3%BC?x=1&x=2#top\"}",
    "https://me:p%40ss@other.example:8443/new%20path/%C3%BC?x=1&x=2#top",
    "https://me:p%40ss@other.example:8443/new%20path/%C3%BC?x=1&x=2#top",
    "http://me:p%40ss@other.example:8443/new%20path/%C3%BC?x=1&x=2#top",
    "http://me:p%40ss@other.example/new%20path/%C3%BC?x=1&x=2#top",
    "http://me:p%40ss@other.example/new%20path/%C3%BC?x=1&x=2#top",
    "TypeError: Invalid URL",
    "1",
    "reset.org",
    "a=1&b=2&a=3 | 3 | [[\"a\",\"1\"],[\"b\",\"2\"],[\"a\",\"3\"]]",
    "x=1&y=two+words | 2 | [[\"x\",\"1\"],[\"y\",\"two words\"]]",
    "k=v&k=w | 2 | [[\"k\",\"v\"],[\"k\",\"w\"]]",
    "a=+b+c&d= | 2 | [[\"a\",\" b c\"],[\"d\",\"\"]]",
    "m=1 | 1 | [[\"m\",\"1\"]]",
    " | 0 | []",
    " | 0 | []",
    "a=1:true,b=2:true",
    "TypeError: Each query pair must be an iterable [name, value] tuple",
    "[object URL] [object URLSearchParams] 0 function",
    "a1,b2,a3,c4 | z | z=5&y=6 | https://l.org/q?z=5&y=6#x | true | false | 5 | €,2",
];

#[tokio::test]
async fn urls_and_their_parameters_are_as_in_node() {
    let expected = [&PARSED[..], &PARSED[..], &AFTER[..]].concat();
    node_lines::assert_in_worker(BODY, &expected).await;
}
