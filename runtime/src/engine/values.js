// How a script's values leave the engine, evaluated once, in the pristine context, before any
// script. It returns two functions:
//
// `faithful(value)` -> `[text, notes]`: the script's result as JSON (R-RT-4), carried faithfully
// where JSON can hold it: `text` is what `JSON.stringify` writes once
//   - a Map is an object (string keys) or an array of [key, value] entries (any other keys),
//   - a Set is an array,
//   - an Error is { name, message, code?, tool?, stack?, ...its own enumerable properties },
//   - a BigInt is its decimal string;
// and `notes` says, by path (`result.counts`, `result.items[2]`), what became of what JSON
// cannot hold: a Map or a Set (converted), NaN, ±Infinity and -0 (null, null, 0), a Promise
// (null: a forgotten `await`), a function or a symbol (left out), `undefined` in an array (null),
// and no value at all (a forgotten `return` or `await`). Getters and `toJSON` run, as
// `JSON.stringify` runs them.
//
// `format(args)` -> the text of one `console.log` (R-RT-1): the arguments joined by spaces, a
// string as itself and anything else as Node's `util.inspect` shows it at its defaults, for the
// common types:
//   undefined  NaN  -0  12n  Symbol(s)  'nested string'  [Function: name]  [class Name]
//   [ 1, 2, 3 ]  { a: 1, 'b-c': [ 2 ] }  Point { x: 1 }  [Object: null prototype] {}
//   Map(1) { 'a' => 1 }  Set(2) { 1, 2 }  1970-01-01T00:00:00.000Z  /x/g  [Circular *1]
//   Error: oops\n    at f (line 3, column 9) { code: 'TOOL_ERROR' }
// Nesting deeper than two levels shows as `[Object]`, `[Array]`; a value that does not fit in 80
// columns puts each member on its own line. Nothing of the script runs: getters show as
// `[Getter]`, and no `toString` or `toJSON` of the script is called.
//
// Every built-in used is captured here, no regular expression is used (their methods look up
// `exec` on the prototype), iteration goes by index, and descriptors have no prototype: a script
// that replaces `JSON.stringify`, `Map.prototype.entries`, the array iterator, `RegExp.prototype`
// or `Object.prototype.get` changes neither function.
(() => {
    "use strict";
    const stringify = JSON.stringify;
    const apply = Reflect.apply;
    const ownKeys = Reflect.ownKeys;
    const isArray = Array.isArray;
    const defineProperty = Object.defineProperty;
    const keysOf = Object.keys;
    const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
    const getPrototypeOf = Object.getPrototypeOf;
    const isPrototypeOf = Object.prototype.isPrototypeOf;
    const hasOwn = Object.prototype.hasOwnProperty;
    const push = Array.prototype.push;
    const join = Array.prototype.join;
    const split = String.prototype.split;
    const slice = String.prototype.slice;
    const trim = String.prototype.trim;
    const repeat = String.prototype.repeat;
    const indexOf = String.prototype.indexOf;
    const lastIndexOf = String.prototype.lastIndexOf;
    const startsWith = String.prototype.startsWith;
    const charCodeAt = String.prototype.charCodeAt;
    const toString = String;
    const isNaN = Number.isNaN;
    const numberToString = Number.prototype.toString;
    const bigintToString = BigInt.prototype.toString;
    const symbolToString = Symbol.prototype.toString;
    const dateGetTime = Date.prototype.getTime;
    const dateToISOString = Date.prototype.toISOString;
    const regexpSource = getOwnPropertyDescriptor(RegExp.prototype, "source").get;
    const regexpFlags = getOwnPropertyDescriptor(RegExp.prototype, "flags").get;
    const mapSize = getOwnPropertyDescriptor(Map.prototype, "size").get;
    const mapEntries = Map.prototype.entries;
    const mapNext = getPrototypeOf(new Map().entries()).next;
    const setSize = getOwnPropertyDescriptor(Set.prototype, "size").get;
    const setValues = Set.prototype.values;
    const setNext = getPrototypeOf(new Set().values()).next;
    const weakMap = WeakMap;
    const weakGet = WeakMap.prototype.get;
    const weakSet = WeakMap.prototype.set;
    const errorPrototype = Error.prototype;
    const errorStack = (getOwnPropertyDescriptor(Error.prototype, "stack") || {}).get;
    const promisePrototype = Promise.prototype;
    const objectPrototype = Object.prototype;
    const MAX_NOTES = 10;
    const DEPTH = 2;
    const MAX_ITEMS = 100;
    const MAX_STRING = 10000;
    const BREAK = 80;

    // ---- shared ----------------------------------------------------------------------------

    const has = (object, name) => apply(hasOwn, object, [name]);
    const brand = (getter, value) => {
        try {
            apply(getter, value, []);
            return true;
        } catch {
            return false;
        }
    };
    const drain = (object, start, next, limit) => {
        const iterator = apply(start, object, []);
        const items = [];
        while (items.length < limit) {
            const step = apply(next, iterator, []);
            if (step.done) break;
            apply(push, items, [step.value]);
        }
        return items;
    };
    const with_ = (list, item) => {
        const copy = [];
        for (let index = 0; index < list.length; index++) apply(push, copy, [list[index]]);
        apply(push, copy, [item]);
        return copy;
    };
    const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;
    const isIdentifier = (name) => {
        if (name.length === 0) return false;
        for (let index = 0; index < name.length; index++) {
            const c = apply(charCodeAt, name, [index]);
            const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 36 || c === 95;
            if (!letter && !(index > 0 && c >= 48 && c <= 57)) return false;
        }
        return true;
    };
    const isIndex = (name) => {
        if (typeof name !== "string" || name.length === 0) return false;
        if (name.length > 1 && apply(charCodeAt, name, [0]) === 48) return false;
        for (let index = 0; index < name.length; index++) {
            const c = apply(charCodeAt, name, [index]);
            if (c < 48 || c > 57) return false;
        }
        return true;
    };
    const own = (object, name, value) =>
        defineProperty(object, name, {
            __proto__: null,
            value,
            enumerable: true,
            writable: true,
            configurable: true,
        });

    // Boa's stack frames (`at <main> (script:3:5)`) in the source's own lines: the script runs
    // inside a wrapper one line down, whose own call is the last frame; the engine's frames
    // (`at  (native)`) are dropped.
    const frames = (error) => {
        if (errorStack === undefined) return [];
        let stack;
        try {
            stack = apply(errorStack, error, []);
        } catch {
            return [];
        }
        if (typeof stack !== "string") return [];
        const lines = apply(split, stack, ["\n"]);
        const kept = [];
        for (let index = 0; index < lines.length; index++) {
            const frame = apply(trim, lines[index], []);
            const open = apply(lastIndexOf, frame, [" (script:"]);
            if (!apply(startsWith, frame, ["at "]) || open < 0 || frame[frame.length - 1] !== ")") {
                continue;
            }
            const place = apply(split, apply(slice, frame, [open + 9, -1]), [":"]);
            const line = +place[0] - 1;
            if (place.length !== 2 || !(line >= 1)) continue;
            const name = apply(slice, frame, [3, open]);
            const where = `line ${line}, column ${place[1]}`;
            apply(push, kept, [`at ${name === "<main>" ? "the script" : name} (${where})`]);
        }
        if (kept.length > 0) kept.length -= 1;
        return kept;
    };

    // ---- faithful: the result as JSON --------------------------------------------------------

    const fromMap = (map, path, note) => {
        const entries = drain(map, mapEntries, mapNext, Infinity);
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
    const fromError = (error) => {
        const object = {};
        own(object, "name", toString(error.name));
        own(object, "message", toString(error.message));
        if (error.code !== undefined) own(object, "code", error.code);
        if (error.tool !== undefined) own(object, "tool", error.tool);
        const names = keysOf(error);
        for (let index = 0; index < names.length; index++) {
            if (names[index] !== "stack") own(object, names[index], error[names[index]]);
        }
        const stack = frames(error);
        if (stack.length > 0) own(object, "stack", apply(join, stack, ["\n"]));
        return object;
    };

    function faithful(value) {
        const notes = [];
        let dropped = 0;
        const note = (path, text) => {
            if (notes.length < MAX_NOTES) apply(push, notes, [`${path} ${text}`]);
            else dropped += 1;
        };
        const paths = new weakMap();
        const pathOf = (holder, name) => {
            const base = apply(weakGet, paths, [holder]);
            if (base === undefined) return "result";
            if (isArray(holder)) return `${base}[${name}]`;
            return isIdentifier(name) ? `${base}.${name}` : `${base}[${stringify(name)}]`;
        };
        function replacer(name, value) {
            const path = pathOf(this, name);
            switch (typeof value) {
                case "number":
                    if (isNaN(value)) note(path, "was NaN, which JSON cannot hold; it became null");
                    else if (value === Infinity || value === -Infinity)
                        note(path, `was ${value}, which JSON cannot hold; it became null`);
                    else if (value === 0 && 1 / value < 0) note(path, "was -0; it became 0");
                    return value;
                case "bigint": {
                    const digits = apply(bigintToString, value, []);
                    note(path, `was the BigInt ${digits}n; it became the string "${digits}"`);
                    return digits;
                }
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
                    } else if (brand(mapSize, value)) {
                        out = fromMap(value, path, note);
                    } else if (brand(setSize, value)) {
                        out = drain(value, setValues, setNext, Infinity);
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
        if (dropped > 0) apply(push, notes, [`… and ${plural(dropped, "more note")}`]);
        return [text === undefined ? "null" : text, notes];
    }

    // ---- format: console text ----------------------------------------------------------------

    const quote = (text) => {
        const shown = text.length > MAX_STRING ? apply(slice, text, [0, MAX_STRING]) : text;
        const parts = ["'"];
        for (let index = 0; index < shown.length; index++) {
            const c = shown[index];
            apply(push, parts, [c === "'" ? "\\'" : c === "\\" ? "\\\\" : c === "\n" ? "\\n" : c]);
        }
        apply(push, parts, ["'"]);
        const more = text.length - MAX_STRING;
        if (more > 0) apply(push, parts, [`... ${plural(more, "more character")}`]);
        return apply(join, parts, [""]);
    };
    const number = (value) => (value === 0 && 1 / value < 0 ? "-0" : apply(numberToString, value, []));
    const property = (name) => {
        if (typeof name === "symbol") return `[${apply(symbolToString, name, [])}]`;
        return isIdentifier(name) ? name : quote(name);
    };
    const constructorName = (object) => {
        let prototype = getPrototypeOf(object);
        while (prototype !== null) {
            const constructor = getOwnPropertyDescriptor(prototype, "constructor");
            if (constructor !== undefined && typeof constructor.value === "function") {
                const name = getOwnPropertyDescriptor(constructor.value, "name");
                if (name !== undefined && typeof name.value === "string" && name.value !== "") {
                    return name.value;
                }
            }
            prototype = getPrototypeOf(prototype);
        }
        return null;
    };
    const indentation = (indent) => apply(repeat, " ", [indent]);
    // Members on one line if they fit, else one per line, indented two more than the value.
    const wrap = (prefix, open, members, close, indent) => {
        if (members.length === 0) return `${prefix}${open}${close}`;
        const single = `${prefix}${open} ${apply(join, members, [", "])} ${close}`;
        if (apply(indexOf, single, ["\n"]) < 0 && single.length + indent <= BREAK) return single;
        const inner = "\n" + indentation(indent + 2);
        const body = apply(join, members, ["," + inner]);
        return `${prefix}${open}${inner}${body}\n${indentation(indent)}${close}`;
    };
    const properties = (object, skip, seen, depth, indent) => {
        const members = [];
        const names = ownKeys(object);
        for (let index = 0; index < names.length; index++) {
            const name = names[index];
            if (skip(name)) continue;
            const descriptor = getOwnPropertyDescriptor(object, name);
            if (descriptor === undefined || !descriptor.enumerable) continue;
            if (members.length === MAX_ITEMS * 10) {
                apply(push, members, [`... ${plural(names.length - index, "more property")}`]);
                break;
            }
            let shown;
            if (has(descriptor, "value")) shown = show(descriptor.value, seen, depth + 1, indent + 2);
            else if (descriptor.get && descriptor.set) shown = "[Getter/Setter]";
            else shown = descriptor.get ? "[Getter]" : "[Setter]";
            apply(push, members, [`${property(name)}: ${shown}`]);
        }
        return members;
    };
    // A class's `prototype` is read-only, a function's writable (arrows and methods have none);
    // the built-in constructors' are read-only too, and Boa keeps no class source to tell them
    // apart: they are the global functions there were before any script.
    const builtins = new weakMap();
    {
        const names = ownKeys(globalThis);
        for (let index = 0; index < names.length; index++) {
            const global = getOwnPropertyDescriptor(globalThis, names[index]);
            if (typeof global.value === "function") apply(weakSet, builtins, [global.value, true]);
        }
    }
    const showFunction = (value) => {
        const prototype = getOwnPropertyDescriptor(value, "prototype");
        const name = getOwnPropertyDescriptor(value, "name");
        const named = name !== undefined && typeof name.value === "string" && name.value !== "";
        const builtin = apply(weakGet, builtins, [value]) === true;
        if (prototype !== undefined && prototype.writable === false && !builtin) {
            return named ? `[class ${name.value}]` : "[class (anonymous)]";
        }
        return named ? `[Function: ${name.value}]` : "[Function (anonymous)]";
    };
    const showError = (value, seen, depth, indent) => {
        const name = getOwnPropertyDescriptor(value, "name");
        const message = getOwnPropertyDescriptor(value, "message");
        let title = constructorName(value) || "Error";
        if (name !== undefined && typeof name.value === "string") title = name.value;
        let text = title;
        if (message !== undefined && typeof message.value === "string" && message.value !== "") {
            text = `${title}: ${message.value}`;
        }
        const stack = frames(value);
        for (let index = 0; index < stack.length; index++) text += `\n${indentation(indent + 4)}${stack[index]}`;
        if (depth > DEPTH) return `[${text}]`;
        const skip = (n) => n === "name" || n === "message" || n === "stack";
        const extra = properties(value, skip, with_(seen, value), depth, indent);
        return extra.length === 0 ? text : wrap(`${text} `, "{", extra, "}", indent);
    };
    const showCollection = (value, seen, depth, indent) => {
        const inner = with_(seen, value);
        const isMap = brand(mapSize, value);
        const size = apply(isMap ? mapSize : setSize, value, []);
        if (depth > DEPTH) return isMap ? "[Map]" : "[Set]";
        const items = isMap
            ? drain(value, mapEntries, mapNext, MAX_ITEMS)
            : drain(value, setValues, setNext, MAX_ITEMS);
        const members = [];
        for (let index = 0; index < items.length; index++) {
            const item = items[index];
            apply(push, members, [
                isMap
                    ? `${show(item[0], inner, depth + 1, indent + 2)} => ${show(item[1], inner, depth + 1, indent + 2)}`
                    : show(item, inner, depth + 1, indent + 2),
            ]);
        }
        if (size > MAX_ITEMS) apply(push, members, [`... ${plural(size - MAX_ITEMS, "more item")}`]);
        return wrap(`${isMap ? "Map" : "Set"}(${size}) `, "{", members, "}", indent);
    };
    const showArray = (value, seen, depth, indent) => {
        if (depth > DEPTH) return "[Array]";
        const inner = with_(seen, value);
        const length = value.length;
        const members = [];
        let holes = 0;
        const flush = () => {
            if (holes > 0) apply(push, members, [`<${plural(holes, "empty item")}>`]);
            holes = 0;
        };
        const count = length < MAX_ITEMS ? length : MAX_ITEMS;
        for (let index = 0; index < count; index++) {
            const descriptor = getOwnPropertyDescriptor(value, toString(index));
            if (descriptor === undefined) {
                holes += 1;
                continue;
            }
            flush();
            const shown = has(descriptor, "value")
                ? show(descriptor.value, inner, depth + 1, indent + 2)
                : "[Getter]";
            apply(push, members, [shown]);
        }
        flush();
        if (length > MAX_ITEMS) apply(push, members, [`... ${plural(length - MAX_ITEMS, "more item")}`]);
        const extra = properties(value, (n) => isIndex(n) || n === "length", inner, depth, indent);
        for (let index = 0; index < extra.length; index++) apply(push, members, [extra[index]]);
        return wrap("", "[", members, "]", indent);
    };

    function show(value, seen, depth, indent) {
        switch (typeof value) {
            case "string":
                return quote(value);
            case "number":
                return number(value);
            case "bigint":
                return `${apply(bigintToString, value, [])}n`;
            case "symbol":
                return apply(symbolToString, value, []);
            case "undefined":
                return "undefined";
            case "boolean":
                return value ? "true" : "false";
            case "function":
                return showFunction(value);
        }
        if (value === null) return "null";
        for (let index = 0; index < seen.length; index++) {
            if (seen[index] === value) return "[Circular *1]";
        }
        if (brand(dateGetTime, value)) {
            const time = apply(dateGetTime, value, []);
            return time === time ? apply(dateToISOString, value, []) : "Invalid Date";
        }
        if (brand(regexpSource, value)) {
            return `/${apply(regexpSource, value, [])}/${apply(regexpFlags, value, [])}`;
        }
        if (apply(isPrototypeOf, errorPrototype, [value])) return showError(value, seen, depth, indent);
        if (apply(isPrototypeOf, promisePrototype, [value])) return "Promise { <not awaited> }";
        if (brand(mapSize, value) || brand(setSize, value)) return showCollection(value, seen, depth, indent);
        if (isArray(value)) return showArray(value, seen, depth, indent);
        const prototype = getPrototypeOf(value);
        let name = constructorName(value) || "Object";
        if (prototype === null) name = "[Object: null prototype]";
        else if (prototype === objectPrototype) name = "";
        if (depth > DEPTH) return name === "" ? "[Object]" : `[${name}]`;
        const members = properties(value, () => false, with_(seen, value), depth, indent);
        return wrap(name === "" ? "" : `${name} `, "{", members, "}", indent);
    }

    function format(args) {
        const parts = [];
        for (let index = 0; index < args.length; index++) {
            const value = args[index];
            apply(push, parts, [typeof value === "string" ? value : show(value, [], 0, 0)]);
        }
        return apply(join, parts, [" "]);
    }

    return [faithful, format];
})()
