// Records what V8 says of cases.js, for json_parse.rs: `node runtime/tests/json_errors/record.js`.
const fs = require("fs");
const path = require("path");
const body = fs.readFileSync(path.join(__dirname, "cases.js"), "utf8");
fs.writeFileSync(path.join(__dirname, "v8.json"), JSON.stringify(new Function(body)(), null, 1) + "\n");
