// Records what V8 answers to cases.js, for math.rs: `node runtime/tests/math/record.js`.
const fs = require("fs");
const path = require("path");
const body = fs.readFileSync(path.join(__dirname, "cases.js"), "utf8");
fs.writeFileSync(path.join(__dirname, "v8.json"), JSON.stringify(new Function(body)()) + "\n");
