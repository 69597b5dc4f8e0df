// The text of one `console.log` (R-RT-1), compiled the first time a run prints something other
// than a primitive (the engine prints strings, numbers and the like itself): `format(args)` joins
// the arguments with spaces, a string as itself and anything else as Node's `util.inspect` shows
// it at its defaults, for the common types:
//   undefined  NaN  -0  12n  Symbol(s)  'nested string'  [Function: name]  [class Name]
//   [ 1, 2, 3 ]  { a: 1, 'b-c': [ 2 ] }  Point { x: 1 }  [Object: null prototype] {}
//   Map(1) { 'a' => 1 }  Set(2) { 1, 2 }  1970-01-01T00:00:00.000Z  /x/g  [Circular *1]
//   Error: oops\n    at f (line 3, column 9) { code: 'TOOL_ERROR' }
// Nesting deeper than two levels shows as `[Object]`, `[Array]`; a value that does not fit in 80
// columns puts each member on its own line. Nothing of the script runs: getters show as
// `[Getter]`, and no `toString` or `toJSON` of the script is called.
//
// It is compiled after the script ran, so it reads no global: every built-in it uses comes from
// `C`, captured by the engine before any script (`originals.rs`), no regular expression is used
// (their methods look up `exec` on the prototype), iteration goes by index, and descriptors have
// no prototype. A script that replaces `Map.prototype.entries`, the array iterator,
// `RegExp.prototype` or `Object.prototype.get` changes nothing here.
(C) => {
    "use strict";
    const apply = C.apply;
    const ownKeys = C.ownKeys;
    const isArray = C.isArray;
    const getOwnPropertyDescriptor = C.getOwnPropertyDescriptor;
    const getPrototypeOf = C.getPrototypeOf;
    const isPrototypeOf = C.isPrototypeOf;
    const hasOwn = C.hasOwn;
    const push = C.push;
    const join = C.join;
    const slice = C.slice;
    const repeat = C.repeat;
    const indexOf = C.indexOf;
    const charCodeAt = C.charCodeAt;
    const toString = C.toString;
    const numberToString = C.numberToString;
    const bigintToString = C.bigintToString;
    const symbolToString = C.symbolToString;
    const dateGetTime = C.dateGetTime;
    const dateToISOString = C.dateToISOString;
    const regexpSource = C.regexpSource;
    const regexpFlags = C.regexpFlags;
    const mapSize = C.mapSize;
    const mapEntries = C.mapEntries;
    const mapNext = C.mapNext;
    const setSize = C.setSize;
    const setValues = C.setValues;
    const setNext = C.setNext;
    const weakMap = C.weakMap;
    const weakGet = C.weakGet;
    const weakSet = C.weakSet;
    const errorPrototype = C.errorPrototype;
    const errorStack = C.errorStack;
    const readableFrames = C.readableFrames;
    const promisePrototype = C.promisePrototype;
    const objectPrototype = C.objectPrototype;
    const DEPTH = 2;
    const MAX_ITEMS = 100;
    const MAX_STRING = 10000;
    const BREAK = 80;

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

    // The error's stack frames in the script's own lines, read by the engine (`stack.rs`).
    const frames = (error) => {
        if (errorStack === undefined) return [];
        let stack;
        try {
            stack = apply(errorStack, error, []);
        } catch {
            return [];
        }
        return typeof stack === "string" ? readableFrames(stack) : [];
    };

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
    for (let index = 0; index < C.builtins.length; index++) apply(weakSet, builtins, [C.builtins[index], true]);
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

    return format;
}
