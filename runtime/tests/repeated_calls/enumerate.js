// What the engine has, as a map from a property's path (`Date.prototype.getTime`) to its kind:
// `function:native`, `function:script` (written in JavaScript), `accessor:native`,
// `accessor:script`, or the value's type. Run as a function body, by ordo's worker and by a
// plain Boa context, and compared by repeated_calls.rs. Everything reachable in three steps
// from the global object, through own string-keyed properties holding objects: `Date`,
// `Date.prototype`, `Date.prototype.getTime`, `Intl.NumberFormat.prototype.format`.
const kindOf = (value) =>
    Function.prototype.toString.call(value).includes("[native code]") ? "native" : "script";
const describe = (descriptor) => {
    if (!("value" in descriptor)) return "accessor:" + (descriptor.get ? kindOf(descriptor.get) : "none");
    return typeof descriptor.value === "function" ? "function:" + kindOf(descriptor.value) : typeof descriptor.value;
};
const skipped = new Set(["constructor", "caller", "arguments", "callee", "globalThis"]);
const walk = (object, path, depth, visit) => {
    for (const key of Object.getOwnPropertyNames(object)) {
        if (skipped.has(key)) continue;
        const descriptor = Object.getOwnPropertyDescriptor(object, key);
        const here = path === "" ? key : path + "." + key;
        visit(object, key, here, descriptor);
        const value = descriptor.value;
        if (depth > 0 && value !== null && (typeof value === "object" || typeof value === "function")) {
            walk(value, here, depth - 1, visit);
        }
    }
};
// Every getter two steps from the global object is read first, by computed key: a built-in
// compiled at its first touch is then the one a script sees.
walk(globalThis, "", 2, (object, key, here, descriptor) => {
    if (descriptor.get) try { void object[key]; } catch {}
});
const found = {};
walk(globalThis, "", 3, (object, key, here, descriptor) => {
    found[here] = describe(descriptor);
});
return found;
