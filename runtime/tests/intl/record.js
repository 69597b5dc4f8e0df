// Records what V8 answers to cases.js, for intl.rs: `TZ=UTC node runtime/tests/intl/record.js`.
const fs = require("fs");
const path = require("path");
const body = fs.readFileSync(path.join(__dirname, "cases.js"), "utf8");
console.log(JSON.stringify(new Function(body)(), null, 1));
