// Issue 33, point 5: what models reach for at once.
const order = [];
queueMicrotask(() => order.push("microtask"));
order.push("sync");
await null;
const uuid = crypto.randomUUID();
return {
  uuidV4: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(uuid),
  random: crypto.getRandomValues(new Uint8Array(4)).length,
  order,
};
// ---- next call ----
// A misspelt optional argument.
return await tools.read_file({ path: "data/big.log", limt: 10 });
