// URL and query-string parsing of 20,000 access-log URLs, by hand (split, decodeURIComponent).
const random = rng(12);
const urls = Array.from({ length: 20000 }, (_, i) => `https://api.example.com/v${1 + (i % 3)}/${pick(random, WORDS)}/${i}?q=${encodeURIComponent(pick(random, WORDS) + " " + pick(random, WORDS))}&page=${Math.floor(random() * 50)}&sort=${pick(random, ["asc", "desc"])}#frag`);
const start = now();
const byPath = {};
let pages = 0;
for (const url of urls) {
    const [, rest] = url.split("://");
    const hashless = rest.split("#")[0];
    const [hostAndPath, query = ""] = hashless.split("?");
    const path = hostAndPath.slice(hostAndPath.indexOf("/")).split("/").slice(0, 3).join("/");
    const params = Object.fromEntries(query.split("&").map((pair) => pair.split("=").map(decodeURIComponent)));
    byPath[path] = (byPath[path] ?? 0) + 1;
    pages += Number(params.page);
    if (!params.q.includes(" ")) throw new Error("bad query");
}
const ms = now() - start;
return { ms, check: checksum([Object.entries(byPath).sort(), pages]) };
