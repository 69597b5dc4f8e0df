// Records what Node answers to each script of repeated_calls.rs, which runs this when blessing:
// `TZ=UTC node record.js SCRIPTS.json OUT.json`. Each script runs as an async function's body,
// as ordo runs it; its answer is its value as JSON, or the name of what it threw.
const fs = require("fs");
const AsyncFunction = (async () => {}).constructor;

(async () => {
    const scripts = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
    const answers = {};
    for (const script of scripts) {
        try {
            const value = await new AsyncFunction(script)();
            const json = JSON.stringify(value);
            answers[script] = { value: json === undefined ? null : JSON.parse(json) };
        } catch (error) {
            answers[script] = { error: error.name };
        }
    }
    fs.writeFileSync(process.argv[3], JSON.stringify(answers, null, 1) + "\n");
})();
