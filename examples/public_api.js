// Search and aggregate: count the public functions of each crate with one regex search, then
// group the matches by crate.
//
//   ordo run examples/public_api.js

const found = await tools.search_files({
  pattern: "^\\s*pub fn ",
  glob: "*.rs",
  max_results: 5000,
});

const perCrate = {};
for (const match of found.matches) {
  const crate = match.path.includes("/") ? match.path.split("/")[0] : ".";
  perCrate[crate] = (perCrate[crate] ?? 0) + 1;
}

const ranked = Object.entries(perCrate)
  .sort(([, a], [, b]) => b - a)
  .map(([crate, functions]) => ({ crate, functions }));

return {
  files_searched: found.files_searched,
  truncated: found.truncated,
  crates: ranked,
};
