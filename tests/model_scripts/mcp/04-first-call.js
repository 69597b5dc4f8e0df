// Issue 33, point 4: the declarations say enough for a first call: names, options and caps.
const found = await tools.search_files({ path: "data", pattern: "ERROR", max_results: 5 });
const listing = await tools.list_dir({ path: "data", max_entries: 1 });
return { matches: found.matches.length, more: found.truncated, listed: listing.entries.length };
