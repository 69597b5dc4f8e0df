// Runs one corpus script in QuickJS (quickjs-emscripten): `node quickjs.js MODULES FILE`, where
// FILE is the script's whole text (the corpus's _data.js and the script, a function body, an async
// function's if it awaits). Prints what the script returns, as JSON.
const path = require("path");
const fs = require("fs");
const { getQuickJS } = require(path.join(process.argv[2], "node_modules", "quickjs-emscripten"));
(async () => {
    const QuickJS = await getQuickJS();
    const runtime = QuickJS.newRuntime();
    runtime.setMemoryLimit(-1);
    runtime.setMaxStackSize(0);
    const vm = runtime.newContext();
    const body = fs.readFileSync(process.argv[3], "utf8");
    const fail = (handle) => {
        console.error(JSON.stringify(vm.dump(handle)));
        handle.dispose();
        process.exit(1);
    };
    if (body.includes("await ")) {
        // A script that awaits runs as an async function's body; its promise settles once the
        // pending jobs have run.
        const started = vm.evalCode(`(async function () {\n${body}\n})().then((r) => { globalThis.__result = JSON.stringify(r); }, (e) => { globalThis.__error = e; })`);
        if (started.error) fail(started.error);
        started.value.dispose();
        const jobs = runtime.executePendingJobs(-1);
        if (jobs.error) fail(jobs.error);
        const error = vm.getProp(vm.global, "__error");
        if (vm.typeof(error) !== "undefined") fail(error);
        error.dispose();
        const result = vm.getProp(vm.global, "__result");
        console.log(vm.getString(result));
        // Settled promises' jobs leave objects QuickJS's teardown asserts on: nothing to free.
        process.exit(0);
    } else {
        const result = vm.evalCode(`JSON.stringify((function () {\n${body}\n})())`);
        if (result.error) fail(result.error);
        console.log(vm.getString(result.value));
        result.value.dispose();
    }
    vm.dispose();
    runtime.dispose();
})();
