// Node's first line for each case of cases.txt (one script per line, the body of an async
// function): `node record.js > node.json`. Run by the test with ORDO_BLESS=1.
const fs = require("fs");
const path = require("path");
const lines = fs.readFileSync(path.join(__dirname, "cases.txt"), "utf8").split("\n").filter(Boolean);
const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
(async () => {
  const out = {};
  for (const line of lines) {
    try { await new AsyncFunction(line)(); out[line] = "no error"; }
    catch (error) { out[line] = `${error?.name}: ${error?.message}`.split("\n")[0]; }
  }
  console.log(JSON.stringify(out, null, 2));
})();
