// Issue 33, point 3: paging to the end of a 3,000-line file: no note.
let offset = 1, lines = 0;
for (;;) {
  const page = await tools.read_file({ path: "data/big.log", offset });
  lines += page.content.split("\n").filter(Boolean).length;
  if (!page.truncated) break;
  offset = page.next_offset;
}
return { lines };
// ---- next call ----
// One read, cut by the default cap, taken as the whole: noted.
const file = await tools.read_file({ path: "data/big.log" });
return { errors: file.content.split("\n").filter(line => line.includes(" ERROR ")).length };
// ---- next call ----
// A limit the script chose: a sample on purpose, not noted.
const head = await tools.read_file({ path: "data/big.log", limit: 3 });
return head.content.split("\n").filter(Boolean);
