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
// The console's other methods reach the same code: `format` also substitutes `%s`, `%d` and the
// rest in a first argument that is a string, as Node's `util.format` does; `inspect` shows one
// value at a depth, with non-enumerable members (`%o`), at most so many items per collection and
// a line width (`console.dir`, `console.table`). Substitution runs the script's code where Node
// runs it (`String(value)` for `%s`, `Number(value)` for `%d`, `JSON.stringify` for `%j`): what it
// throws is the script's, and `format` hands it back as `[undefined, error]` for the engine to
// throw at the call; a failure of the formatter's own is thrown, and the engine then prints the
// arguments plainly. Every entry point answers `[text]` otherwise.
//
// It is compiled after the script ran, so it reads no global: every built-in it uses comes from
// `C`, captured by the engine before any script (`originals.rs`), or `X`, the few more the console
// captured with it (`engine/console/text.rs`); no regular expression is used
// (their methods look up `exec` on the prototype), iteration goes by index, and descriptors have
// no prototype. A script that replaces `Map.prototype.entries`, the array iterator,
// `RegExp.prototype` or `Object.prototype.get` changes nothing here.
(C, X) => {
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
    const toNumber = X.toNumber;
    const parseInteger = X.parseInteger;
    const parseDecimal = X.parseDecimal;
    const stringify = X.stringify;
    const toPrimitive = X.toPrimitive;
    const MAX_STRING = 10000;
    // Node's defaults; `inspect` sets others for one value and puts these back after.
    let DEPTH = 2;
    let MAX_ITEMS = 100;
    let BREAK = 80;
    let HIDDEN = false;
    // Node puts an object's members on one line only if the objects formatted inside it go less
    // than three levels deeper (`compact: 3`): the depth of the last object whose members were
    // formatted, as Node's `ctx.currentDepth`.
    const COMPACT = 3;
    let current = 0;

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
    // An object's members are about to be formatted: the depth Node's compact rule reads (see
    // `current`), and the one before, to put back when it turns out to have none.
    const enter = (depth) => {
        const before = current;
        current = depth;
        return before;
    };
    const indentation = (indent) => apply(repeat, " ", [indent]);
    // Members on one line if they fit (Node's count: each member and its separator, the
    // indentation, the opening and ten more within the width) and nothing inside went three
    // levels deeper; else one per line, indented two more than the value.
    const wrap = (prefix, open, members, close, indent, depth) => {
        if (members.length === 0) return `${prefix}${open}${close}`;
        const single = `${prefix}${open} ${apply(join, members, [", "])} ${close}`;
        let total = members.length * 2 + indent + prefix.length + open.length + 10;
        for (let index = 0; index < members.length; index++) total += members[index].length;
        if (current - depth < COMPACT && apply(indexOf, single, ["\n"]) < 0 && total <= BREAK) return single;
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
            if (descriptor === undefined || (!descriptor.enumerable && !HIDDEN)) continue;
            if (members.length === MAX_ITEMS * 10) {
                apply(push, members, [`... ${plural(names.length - index, "more property")}`]);
                break;
            }
            let shown;
            if (has(descriptor, "value")) shown = show(descriptor.value, seen, depth + 1, indent + 2);
            else if (descriptor.get && descriptor.set) shown = "[Getter/Setter]";
            else shown = descriptor.get ? "[Getter]" : "[Setter]";
            // Node shows a hidden member's name in brackets, as it is, without quotes.
            let key = property(name);
            if (!descriptor.enumerable) key = typeof name === "symbol" ? key : `[${name}]`;
            apply(push, members, [`${key}: ${shown}`]);
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
        const before = enter(depth);
        const extra = properties(value, skip, with_(seen, value), depth, indent);
        if (extra.length === 0) current = before;
        return extra.length === 0 ? text : wrap(`${text} `, "{", extra, "}", indent, depth);
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
        if (items.length > 0) enter(depth);
        for (let index = 0; index < items.length; index++) {
            const item = items[index];
            apply(push, members, [
                isMap
                    ? `${show(item[0], inner, depth + 1, indent + 2)} => ${show(item[1], inner, depth + 1, indent + 2)}`
                    : show(item, inner, depth + 1, indent + 2),
            ]);
        }
        if (size > MAX_ITEMS) apply(push, members, [`... ${plural(size - MAX_ITEMS, "more item")}`]);
        // A class of the script's that extends Map is named with the built-in after it.
        const kind = isMap ? "Map" : "Set";
        const name = constructorName(value) || kind;
        const title = name === kind ? `${kind}(${size})` : `${name}(${size}) [${kind}]`;
        return wrap(`${title} `, "{", members, "}", indent, depth);
    };
    const showArray = (value, seen, depth, indent) => {
        if (depth > DEPTH) return "[Array]";
        const inner = with_(seen, value);
        const length = value.length;
        const members = [];
        const before = enter(depth);
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
        const skip = (n) => isIndex(n) || (n === "length" && !HIDDEN);
        const extra = properties(value, skip, inner, depth, indent);
        for (let index = 0; index < extra.length; index++) apply(push, members, [extra[index]]);
        if (members.length === 0) current = before;
        return wrap("", "[", members, "]", indent, depth);
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
        const before = enter(depth);
        const members = properties(value, () => false, with_(seen, value), depth, indent);
        if (members.length === 0) current = before;
        return wrap(name === "" ? "" : `${name} `, "{", members, "}", indent, depth);
    }

    // One value as `util.inspect` shows it with these options, Node's defaults put back after (a
    // script's `toString` that `%s` runs may print, and come back here, in the middle of a line).
    const inspect = (value, options) => {
        const saved = [DEPTH, MAX_ITEMS, BREAK, HIDDEN, current];
        if (options !== undefined) {
            if (options.depth !== undefined) DEPTH = options.depth;
            if (options.maxItems !== undefined) MAX_ITEMS = options.maxItems;
            if (options.breakLength !== undefined) BREAK = options.breakLength;
            if (options.hidden !== undefined) HIDDEN = options.hidden;
        }
        current = 0;
        try {
            return show(value, [], 0, 0);
        } finally {
            DEPTH = saved[0];
            MAX_ITEMS = saved[1];
            BREAK = saved[2];
            HIDDEN = saved[3];
            current = saved[4];
        }
    };

    // What the script's own code threw, while the formatter called it (`script`), and the mark the
    // formatter throws past its own frames to the entry point, which hands the error back.
    const THROWN = { __proto__: null };
    let thrown = THROWN;
    const script = (run, self, args) => {
        try {
            return apply(run, self, args);
        } catch (error) {
            thrown = error;
            throw THROWN;
        }
    };
    // An entry point: `[text]`, or `[undefined, error]` when the script's code threw.
    const entry = (run) => (...args) => {
        const outer = thrown;
        thrown = THROWN;
        try {
            return [apply(run, undefined, args)];
        } catch (error) {
            if (error !== THROWN) throw error;
            return [undefined, thrown];
        } finally {
            thrown = outer;
        }
    };
    const get = (object, key) => object[key];

    // The names of the constructors the global object held before any script: Node's
    // `builtInObjects`, whose `toString` `%s` does not call.
    const builtinNames = { __proto__: null };
    for (let index = 0; index < C.builtins.length; index++) {
        const name = getOwnPropertyDescriptor(C.builtins[index], "name");
        if (name === undefined || typeof name.value !== "string") continue;
        const first = apply(charCodeAt, name.value, [0]);
        if (first >= 65 && first <= 90) builtinNames[name.value] = true;
    }
    // Node's `hasBuiltInToString`: whether `%s` shows an object as `inspect` does rather than
    // calling its `toString` or `Symbol.toPrimitive`, which it calls when the object or a class
    // of the script's defines one. It reads both as Node does (a getter runs).
    const builtInToString = (value) => {
        let findToString = true;
        let findPrimitive = true;
        if (typeof get(value, "toString") !== "function") {
            if (typeof get(value, toPrimitive) !== "function") return true;
            if (has(value, toPrimitive)) return false;
            findToString = false;
        } else if (has(value, "toString")) {
            return false;
        } else if (typeof get(value, toPrimitive) !== "function") {
            findPrimitive = false;
        } else if (has(value, toPrimitive)) {
            return false;
        }
        let pointer = value;
        do {
            pointer = getPrototypeOf(pointer);
            if (pointer === null) return true;
        } while (!(findToString && has(pointer, "toString")) && !(findPrimitive && has(pointer, toPrimitive)));
        const constructor = getOwnPropertyDescriptor(pointer, "constructor");
        if (constructor === undefined || typeof constructor.value !== "function") return false;
        const name = getOwnPropertyDescriptor(constructor.value, "name");
        return name !== undefined && typeof name.value === "string" && builtinNames[name.value] === true;
    };

    // `%j`: JSON, or `[Circular]` where JSON.stringify refuses a cycle (told apart by its
    // message, as Node does); anything else it throws is the script's.
    let circular;
    const messageOf = (error) => {
        if (typeof error !== "object" || error === null) return undefined;
        const message = getOwnPropertyDescriptor(error, "message");
        return message === undefined ? undefined : message.value;
    };
    const json = (value) => {
        try {
            return apply(stringify, undefined, [value]);
        } catch (error) {
            if (circular === undefined) {
                const loop = {};
                loop.loop = loop;
                try {
                    apply(stringify, undefined, [loop]);
                } catch (refused) {
                    circular = messageOf(refused);
                }
            }
            if (circular !== undefined && messageOf(error) === circular) return "[Circular]";
            thrown = error;
            throw THROWN;
        }
    };

    // The letters of Node's placeholders: s j d O o i f c.
    const known = (letter) =>
        letter === 115 || letter === 106 || letter === 100 || letter === 79 ||
        letter === 111 || letter === 105 || letter === 102 || letter === 99;
    // What one placeholder of Node's `util.format` makes of its argument (`%j` of a function or
    // of undefined makes undefined, which the line shows as `undefined`, as Node's does).
    const substitute = (letter, value) => {
        switch (letter) {
            case 115: // %s
                if (typeof value === "number") return number(value);
                if (typeof value === "bigint") return `${apply(bigintToString, value, [])}n`;
                if (typeof value !== "object" || value === null || !script(builtInToString, undefined, [value])) {
                    return script(toString, undefined, [value]);
                }
                return inspect(value, { depth: 0 });
            case 106: // %j
                return json(value);
            case 100: // %d
                if (typeof value === "bigint") return `${apply(bigintToString, value, [])}n`;
                if (typeof value === "symbol") return "NaN";
                return number(script(toNumber, undefined, [value]));
            case 79: // %O
                return inspect(value, undefined);
            case 111: // %o
                return inspect(value, { depth: 4, hidden: true });
            case 105: // %i
                if (typeof value === "bigint") return `${apply(bigintToString, value, [])}n`;
                if (typeof value === "symbol") return "NaN";
                return number(script(parseInteger, undefined, [value]));
            case 102: // %f
                if (typeof value === "symbol") return "NaN";
                return number(script(parseDecimal, undefined, [value]));
        }
        // %c: CSS, which a terminal does not show.
        return "";
    };

    // A console line: Node's `util.format`. A first argument that is a string has its
    // placeholders replaced by the arguments after it, in order; `%%` is `%`; a placeholder with
    // no argument left, or a letter Node does not know, stays as written. The arguments left are
    // added after a space each, strings as themselves and anything else inspected.
    const format = (args) => {
        const first = args[0];
        let used = 0;
        let text = "";
        let separator = "";
        if (typeof first === "string") {
            if (args.length === 1) return first;
            let last = 0;
            for (let index = 0; index < first.length - 1; index++) {
                if (apply(charCodeAt, first, [index]) !== 37) continue;
                const letter = apply(charCodeAt, first, [++index]);
                if (used + 1 !== args.length) {
                    if (letter === 37) {
                        text += apply(slice, first, [last, index]);
                        last = index + 1;
                        continue;
                    }
                    if (!known(letter)) continue;
                    const made = substitute(letter, args[used + 1]);
                    used += 1;
                    if (last !== index - 1) text += apply(slice, first, [last, index - 1]);
                    text += made;
                    last = index + 1;
                } else if (letter === 37) {
                    text += apply(slice, first, [last, index]);
                    last = index + 1;
                }
            }
            if (last !== 0) {
                used += 1;
                separator = " ";
                if (last < first.length) text += apply(slice, first, [last]);
            }
        }
        for (; used < args.length; used++) {
            const value = args[used];
            text += separator;
            text += typeof value === "string" ? value : inspect(value, undefined);
            separator = " ";
        }
        return text;
    };

    return {
        __proto__: null,
        format: entry(format),
        inspect: entry(inspect),
        // For `table.js`: its script calls and its values' text go the same ways.
        script,
        entry,
        inspectValue: inspect,
        quote,
        brand,
        drain,
    };
}
