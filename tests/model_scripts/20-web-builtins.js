const file = await tools.read_file({ path: "docs/guide.md" });
const bytes = new TextEncoder().encode(file.content);
const copy = structuredClone({ when: new Date(0), tags: new Set(["a"]) });
return {
  bytes: bytes.length,
  base64: btoa(file.content.split("\n")[0]),
  decoded: new TextDecoder().decode(bytes.slice(0, 7)),
  cloned: [copy.when.toISOString(), [...copy.tags]],
  fromAsync: await Array.fromAsync([Promise.resolve(1), 2]),
};
