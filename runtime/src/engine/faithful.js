// The script's result as JSON, carried faithfully where JSON can hold it, and a note wherever it
// cannot (R-RT-4): `faithful(value)` returns `[text, notes]`, where `text` is what
// `JSON.stringify` writes for the value once
//
// - a Map is an object (string keys) or an array of [key, value] entries (any other keys),
// - a Set is an array,
// - an Error is { name, message, code?, tool?, stack?, ...its own enumerable properties },
// - a BigInt is its decimal string,
//
// and `notes` says, by path (`result.counts`, `result.items[2]`), what became of what JSON cannot
// hold: a Map or a Set (converted), NaN, ±Infinity and -0 (null, null, 0), a Promise (null: a
// forgotten `await`), a function or a symbol (left out), `undefined` in an array (null), and no
// value at all (a forgotten `return` or `await`).
//
// Evaluated once, in the pristine context, before any script: every built-in it uses is captured
// here (and iteration goes by index, never through an iterator a script could replace), so a
// script that replaces `JSON.stringify`, `Map.prototype.entries` or `WeakMap` changes nothing.
// Getters and `toJSON` still run, as `JSON.stringify` runs them.
(() => {
    "use strict";
    const stringify = JSON.stringify;
    const apply = Reflect.apply;
    const isArray = Array.isArray;
    const defineProperty = Object.defineProperty;
    const ownKeys = Object.keys;
    const getPrototypeOf = Object.getPrototypeOf;
    const isPrototypeOf = Object.prototype.isPrototypeOf;
    const push = Array.prototype.push;
    const join = Array.prototype.join;
    const test = RegExp.prototype.test;
    const exec = RegExp.prototype.exec;
    const split = String.prototype.split;
    const trim = String.prototype.trim;
    const toString = String;
    const isNaN = Number.isNaN;
    const mapSize = Object.getOwnPropertyDescriptor(Map.prototype, "size").get;
    const mapEntries = Map.prototype.entries;
    const mapNext = getPrototypeOf(new Map().entries()).next;
    const setSize = Object.getOwnPropertyDescriptor(Set.prototype, "size").get;
    const setValues = Set.prototype.values;
    const setNext = getPrototypeOf(new Set().values()).next;
    const weakMap = WeakMap;
    const weakGet = WeakMap.prototype.get;
    const weakSet = WeakMap.prototype.set;
    const errorPrototype = Error.prototype;
    const promisePrototype = Promise.prototype;
    const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
    const framePlace = /^at (.*) \(script:(\d+):(\d+)\)$/;
    const MAX_NOTES = 10;

    const has = (size, value) => {
        try {
            apply(size, value, []);
            return true;
        } catch {
            return false;
        }
    };
    const drain = (object, start, next) => {
        const iterator = apply(start, object, []);
        const items = [];
        for (;;) {
            const step = apply(next, iterator, []);
            if (step.done) return items;
            apply(push, items, [step.value]);
        }
    };
    const own = (object, key, value) =>
        defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });

    const fromMap = (map, path, note) => {
        const entries = drain(map, mapEntries, mapNext);
        let stringKeys = true;
        for (let index = 0; index < entries.length; index++) {
            if (typeof entries[index][0] !== "string") stringKeys = false;
        }
        if (!stringKeys) {
            note(path, `was a Map of ${entries.length}; it became an array of [key, value] entries`);
            return entries;
        }
        const object = {};
        for (let index = 0; index < entries.length; index++) {
            own(object, entries[index][0], entries[index][1]);
        }
        note(path, `was a Map of ${entries.length}; it became an object`);
        return object;
    };

    // Boa's stack frames (`at <main> (script:3:5)`) in the source's own lines: the script runs
    // inside a wrapper one line down, whose own call is the last frame; the engine's frames
    // (`at  (native)`) are dropped.
    const frames = (stack) => {
        if (typeof stack !== "string") return "";
        const lines = apply(split, stack, ["\n"]);
        const kept = [];
        for (let index = 0; index < lines.length; index++) {
            const place = apply(exec, framePlace, [apply(trim, lines[index], [])]);
            if (place === null) continue;
            const line = +place[2] - 1;
            if (line < 1) continue;
            const name = place[1] === "<main>" ? "the script" : place[1];
            apply(push, kept, [`at ${name} (line ${line}, column ${place[3]})`]);
        }
        // The wrapper's call of the script.
        if (kept.length > 0) kept.length -= 1;
        return apply(join, kept, ["\n"]);
    };
    const fromError = (error) => {
        const object = {};
        own(object, "name", toString(error.name));
        own(object, "message", toString(error.message));
        if (error.code !== undefined) own(object, "code", error.code);
        if (error.tool !== undefined) own(object, "tool", error.tool);
        const keys = ownKeys(error);
        for (let index = 0; index < keys.length; index++) {
            if (keys[index] !== "stack") own(object, keys[index], error[keys[index]]);
        }
        try {
            const stack = frames(error.stack);
            if (stack !== "") own(object, "stack", stack);
        } catch {
            // A stack the script broke is left out.
        }
        return object;
    };

    return function faithful(value) {
        const notes = [];
        let dropped = 0;
        const note = (path, text) => {
            if (notes.length < MAX_NOTES) apply(push, notes, [`${path} ${text}`]);
            else dropped += 1;
        };
        const paths = new weakMap();
        const pathOf = (holder, key) => {
            const base = apply(weakGet, paths, [holder]);
            if (base === undefined) return "result";
            if (isArray(holder)) return `${base}[${key}]`;
            return apply(test, identifier, [key]) ? `${base}.${key}` : `${base}[${stringify(key)}]`;
        };
        function replacer(key, value) {
            const path = pathOf(this, key);
            switch (typeof value) {
                case "number":
                    if (isNaN(value)) note(path, "was NaN, which JSON cannot hold; it became null");
                    else if (value === Infinity || value === -Infinity)
                        note(path, `was ${value}, which JSON cannot hold; it became null`);
                    else if (value === 0 && 1 / value < 0) note(path, "was -0; it became 0");
                    return value;
                case "bigint":
                    note(path, `was the BigInt ${value}n; it became the string "${value}"`);
                    return toString(value);
                case "function":
                case "symbol": {
                    const what = typeof value === "function" ? "a function" : "a symbol";
                    const fate = isArray(this) ? "it became null" : "it was left out";
                    note(path, `was ${what}, which JSON cannot hold; ${fate}`);
                    return undefined;
                }
                case "undefined":
                    if (isArray(this)) note(path, "was undefined; it became null");
                    return undefined;
                case "object": {
                    if (value === null) return null;
                    let out = value;
                    if (apply(isPrototypeOf, promisePrototype, [value])) {
                        note(path, "was a Promise (did you forget `await`?); it became null");
                        return null;
                    } else if (has(mapSize, value)) {
                        out = fromMap(value, path, note);
                    } else if (has(setSize, value)) {
                        out = drain(value, setValues, setNext);
                        note(path, `was a Set of ${out.length}; it became an array`);
                    } else if (apply(isPrototypeOf, errorPrototype, [value])) {
                        out = fromError(value);
                    }
                    apply(weakSet, paths, [out, path]);
                    return out;
                }
                default:
                    return value;
            }
        }
        if (value === undefined) {
            return ["null", ["no value returned: did you forget `return` or `await`?"]];
        }
        const text = stringify(value, replacer);
        if (dropped > 0) apply(push, notes, [`… and ${dropped} more note${dropped === 1 ? "" : "s"}`]);
        return [text === undefined ? "null" : text, notes];
    };
})()
