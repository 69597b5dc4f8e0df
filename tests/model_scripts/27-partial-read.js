const first = await tools.read_file({ path: "data/sales.csv", limit: 3 });
const rest = await tools.read_file({ path: "data/sales.csv", offset: first.next_offset });
return { first: first.content.split("\n").filter(Boolean), more: first.truncated, restLines: rest.lines };
