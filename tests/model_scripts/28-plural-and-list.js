const { entries } = await tools.list_dir({ path: "docs" });
const rules = new Intl.PluralRules("en-US");
const noun = { one: "file", other: "files" };
const names = new Intl.ListFormat("en", { type: "conjunction" }).format(entries.map((e) => e.name));
return `${entries.length} ${noun[rules.select(entries.length)]}: ${names}`;
