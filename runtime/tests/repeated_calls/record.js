// Records what Node answers to each script of repeated_calls.rs, which runs this when blessing:
// `TZ=UTC node record.js CASES.json OUT.json`, each case a key and a script. Each script runs as
// an async function's body, as ordo runs it; its answer is its value as JSON, or the name of what
// it threw.
const fs = require("fs");
const AsyncFunction = (async () => {}).constructor;

(async () => {
    const cases = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
    const answers = {};
    for (const { key, script } of cases) {
        try {
            const value = await new AsyncFunction(script)();
            const json = JSON.stringify(value);
            answers[key] = { value: json === undefined ? null : JSON.parse(json) };
        } catch (error) {
            answers[key] = { error: error.name };
        }
    }
    fs.writeFileSync(process.argv[3], JSON.stringify(answers, null, 1) + "\n");
})();
