// Count where a regex matches, file by file, and report it as text. What to look for comes as
// JSON, the script's `input`: `pattern` (required), and optionally `glob`, `path` and `top` (how
// many files to list). A string result prints as it is with --raw.
//
//   ordo run examples/count_matches.js --input @examples/query.json --raw
//   ordo run examples/count_matches.js --input '{"pattern": "TODO|FIXME", "glob": "*.rs"}' --raw
//   echo '{"pattern": "Promise[.]all"}' | ordo run examples/count_matches.js --input @- --raw

const { pattern, glob, path = ".", top = 10 } = input ?? {};
if (typeof pattern !== "string") {
  throw new Error(`give a pattern: --input '{"pattern": "TODO"}' (the input was ${JSON.stringify(input)})`);
}

const found = await tools.search_files({ pattern, glob, path, max_results: 5000 });
const perFile = new Map();
for (const match of found.matches) perFile.set(match.path, (perFile.get(match.path) ?? 0) + 1);

const ranked = [...perFile].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
const where = [path !== "." && `in ${path}`, glob && `(${glob})`].filter(Boolean).join(" ");
const lines = [
  `${found.matches.length} matches of /${pattern}/ in ${perFile.size} files${where ? ` ${where}` : ""}` +
    `${found.truncated ? " (stopped at the first 5000)" : ""}`,
  ...ranked.slice(0, top).map(([file, count]) => `${String(count).padStart(6)}  ${file}`),
];
if (ranked.length > top) lines.push(`   and ${ranked.length - top} more files`);
return lines.join("\n");
