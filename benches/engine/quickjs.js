// Runs one corpus script in QuickJS (quickjs-emscripten): `node quickjs.js MODULES FILE`, where
// FILE is the script's whole text (the corpus's _data.js and the script, a function body).
// Prints what the script returns, as JSON.
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
    const result = vm.evalCode(`JSON.stringify((function () {\n${body}\n})())`);
    if (result.error) {
        const error = vm.dump(result.error);
        result.error.dispose();
        console.error(JSON.stringify(error));
        process.exit(1);
    }
    console.log(vm.getString(result.value));
    result.value.dispose();
    vm.dispose();
    runtime.dispose();
})();
