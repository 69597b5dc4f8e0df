const listing = await tools.list_dir({ path: "src" });
console.log("entries:", listing.entries.length);
console.log(listing.entries[0]);
console.warn("kinds", new Set(listing.entries.map((e) => e.kind)));
return listing.entries.map((e) => e.name);
