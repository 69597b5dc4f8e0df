// Built-ins of the web platform that models reach for and Boa 0.22 lacks, written on the
// ECMAScript built-ins: `atob`/`btoa`, `TextEncoder`/`TextDecoder` (UTF-8, streamed too),
// `structuredClone`, `queueMicrotask`, `Array.fromAsync` and `Error.captureStackTrace`.
// Installed as ordinary globals (writable, configurable, not enumerable), compiled before a run
// that names one of them or at the first touch of one (`lazy.rs`); they reach nothing outside
// the engine.
// The file is a function, called once with `native`: functions of ordo's in Rust
// (`encoding.rs`) that no script can reach.
((native) => {
    "use strict";
    const define = (object, name, value) =>
        Object.defineProperty(object, name, {
            value,
            writable: true,
            configurable: true,
            enumerable: false,
        });
    const domError = (name, message) => {
        const error = new Error(message);
        error.name = name;
        return error;
    };

    // ---- TextEncoder / TextDecoder: UTF-8 ----------------------------------------------------
    class TextEncoder {
        get encoding() {
            return "utf-8";
        }

        encode(input = "") {
            return native.encodeUtf8(input);
        }

        // As many whole characters of `source` as `destination` holds.
        encodeInto(source, destination) {
            if (!(destination instanceof Uint8Array)) {
                throw new TypeError("TextEncoder.encodeInto: the destination must be a Uint8Array");
            }
            const text = String(source);
            const bytes = native.encodeUtf8(text);
            if (bytes.length <= destination.length) {
                destination.set(bytes);
                return { read: text.length, written: bytes.length };
            }
            let read = 0;
            let written = 0;
            for (const character of text) {
                const point = character.codePointAt(0);
                const size = point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
                if (written + size > destination.length) break;
                written += size;
                read += character.length;
            }
            destination.set(bytes.subarray(0, written));
            return { read, written };
        }
    }

    // The bytes of a buffer or a view, as a Uint8Array over the same memory.
    const bytesOf = (input) => {
        if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
        if (input instanceof ArrayBuffer) return new Uint8Array(input);
        throw new TypeError("TextDecoder.decode: the input must be an ArrayBuffer or a view of one");
    };
    // Where the bytes' last character is cut short: the start of its incomplete sequence, or
    // the end.
    const wholeUntil = (bytes) => {
        for (let back = 1; back <= Math.min(3, bytes.length); back++) {
            const byte = bytes[bytes.length - back];
            if ((byte & 0xc0) === 0x80) continue;
            const size = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
            return size > back ? bytes.length - back : bytes.length;
        }
        return bytes.length;
    };

    class TextDecoder {
        #fatal;
        #ignoreBOM;
        // With `{ stream: true }`: the bytes of a character the last chunk cut short, whether a
        // stream is open, and whether its first bytes are still to come (a byte order mark is
        // dropped only there).
        #pending = new Uint8Array(0);
        #streaming = false;
        #atStart = true;

        constructor(label = "utf-8", options = {}) {
            const name = String(label).trim().toLowerCase();
            if (name !== "utf-8" && name !== "utf8" && name !== "unicode-1-1-utf-8") {
                throw new RangeError(`TextDecoder: only UTF-8 is available in ordo, not "${label}"`);
            }
            this.#fatal = Boolean(options?.fatal);
            this.#ignoreBOM = Boolean(options?.ignoreBOM);
        }

        get encoding() {
            return "utf-8";
        }

        get fatal() {
            return this.#fatal;
        }

        get ignoreBOM() {
            return this.#ignoreBOM;
        }

        decode(input, options) {
            const stream = Boolean(options?.stream);
            if (!stream && !this.#streaming) {
                // `native.decodeUtf8` reads the bytes of a buffer or a view itself.
                return native.decodeUtf8(input === undefined ? new Uint8Array(0) : input, this.#fatal, this.#ignoreBOM);
            }
            const chunk = input === undefined ? new Uint8Array(0) : bytesOf(input);
            let bytes = chunk;
            if (this.#pending.length > 0) {
                bytes = new Uint8Array(this.#pending.length + chunk.length);
                bytes.set(this.#pending);
                bytes.set(chunk, this.#pending.length);
            }
            const end = stream ? wholeUntil(bytes) : bytes.length;
            this.#pending = bytes.slice(end);
            const text = native.decodeUtf8(bytes.subarray(0, end), this.#fatal, this.#ignoreBOM || !this.#atStart);
            this.#streaming = stream;
            this.#atStart = !stream || (this.#atStart && end === 0);
            return text;
        }
    }

    // ---- structuredClone ---------------------------------------------------------------------
    const { getPrototypeOf, keys, defineProperty, hasOwn } = Object;
    const { isArray } = Array;
    const ObjectPrototype = Object.prototype;
    const ArrayPrototype = Array.prototype;
    // The error classes a clone keeps (by the error's `name`, as the HTML standard says); any
    // other name, a subclass's included, comes back as an `Error` named "Error".
    const ERROR_CLASSES = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
    // A boxed primitive's class and the method that reads its value (and throws for anything
    // else: `instanceof` alone can be fooled by a prototype).
    const BOXED = [
        [String, String.prototype.valueOf],
        [Number, Number.prototype.valueOf],
        [Boolean, Boolean.prototype.valueOf],
        [BigInt, BigInt.prototype.valueOf],
    ];
    const hidden = (object, name, value) =>
        defineProperty(object, name, { value, writable: true, configurable: true, enumerable: false });
    // What V8 writes in its refusal: a function's or a symbol's text, `#<Class>` of an object.
    const described = (value) =>
        typeof value === "object" ? `#<${value.constructor?.name ?? "Object"}>` : String(value);
    function structuredClone(value, options) {
        const seen = new Map();
        const refuse = (what) => {
            throw domError("DataCloneError", `${described(what)} could not be cloned.`);
        };
        // A plain object or an array: its own enumerable properties, cloned (a primitive, most
        // of them, is its own clone: no call).
        const cloneProperties = (value) => {
            const out = isArray(value) ? new Array(value.length) : {};
            seen.set(value, out);
            for (const key of keys(value)) {
                const item = value[key];
                const type = typeof item;
                out[key] = (type === "object" && item !== null) || type === "function" || type === "symbol" ? clone(item) : item;
            }
            return out;
        };
        const cloneError = (error) => {
            const name = error.name;
            const Class = hasOwn(ERROR_CLASSES, name) ? ERROR_CLASSES[name] : Error;
            const out = new Class();
            seen.set(error, out);
            if (hasOwn(error, "message")) hidden(out, "message", String(error.message));
            const stack = error.stack;
            if (typeof stack === "string") hidden(out, "stack", stack);
            if (hasOwn(error, "cause")) hidden(out, "cause", clone(error.cause));
            return out;
        };
        const boxed = (value) => {
            for (const [Class, valueOf] of BOXED) {
                if (value instanceof Class) return Object(valueOf.call(value));
            }
            return undefined;
        };
        const clone = (value) => {
            if (typeof value === "function" || typeof value === "symbol") refuse(value);
            if (value === null || typeof value !== "object") return value;
            const known = seen.get(value);
            if (known !== undefined) return known;
            // Records and lists, most of what a script clones, are none of the kinds below:
            // ten `instanceof` walks each made a clone of 20,000 records 14 times Node's time.
            const proto = getPrototypeOf(value);
            if (proto === ObjectPrototype || proto === null || (proto === ArrayPrototype && isArray(value))) {
                return cloneProperties(value);
            }
            let out;
            if (value instanceof Date) out = new Date(value.getTime());
            else if (value instanceof RegExp) out = new RegExp(value.source, value.flags);
            else if (value instanceof ArrayBuffer) out = value.slice(0);
            else if (ArrayBuffer.isView(value)) {
                out = new value.constructor(clone(value.buffer), value.byteOffset, value.length ?? value.byteLength);
            } else if (value instanceof Map) {
                out = new Map();
                seen.set(value, out);
                for (const [key, item] of value) out.set(clone(key), clone(item));
                return out;
            } else if (value instanceof Set) {
                out = new Set();
                seen.set(value, out);
                for (const item of value) out.add(clone(item));
                return out;
            } else if (value instanceof Error) {
                return cloneError(value);
            } else if (value instanceof Promise || value instanceof WeakMap || value instanceof WeakSet) {
                refuse(value);
            } else if ((out = boxed(value)) === undefined) {
                return cloneProperties(value);
            }
            seen.set(value, out);
            return out;
        };
        if (arguments.length === 0) throw new TypeError("structuredClone needs a value");
        // `transfer`: each buffer listed moves into the clone, and the original is left
        // detached (length 0), as a message to a worker leaves it. Detached after the clone is
        // made, since the views on it are read for it.
        const transfer = options?.transfer;
        if (transfer !== undefined) {
            const buffers = [...transfer];
            for (const [index, buffer] of buffers.entries()) {
                if (!(buffer instanceof ArrayBuffer)) throw new TypeError("Found invalid object in transferList");
                if (buffers.indexOf(buffer) !== index) {
                    throw domError("DataCloneError", "Transfer list contains duplicate ArrayBuffer");
                }
            }
            const copy = clone(value);
            for (const buffer of buffers) native.detachBuffer(buffer);
            return copy;
        }
        if (value !== null && typeof value === "object") {
            // Records and lists of them are copied in Rust (`clone.rs`), which answers
            // `undefined` for anything else: the general path below.
            const copy = native.clonePlainData(value);
            if (copy !== undefined) return copy;
        }
        return clone(value);
    }

    // ---- queueMicrotask ------------------------------------------------------------------------
    // The callback runs as a job after the current one, as a promise reaction does (the
    // reaction's own, captured here: a script that replaces `Promise` changes nothing).
    const settled = Promise.resolve();
    const then = Promise.prototype.then;
    function queueMicrotask(callback) {
        if (typeof callback !== "function") {
            throw new TypeError("queueMicrotask: the callback is not a function");
        }
        Reflect.apply(then, settled, [() => Reflect.apply(callback, undefined, [])]);
    }

    // ---- Array.fromAsync -----------------------------------------------------------------------
    async function fromAsync(items, mapFn, thisArg) {
        if (mapFn !== undefined && typeof mapFn !== "function") {
            throw new TypeError("Array.fromAsync: the map function is not a function");
        }
        const out = [];
        const add = async (item) => {
            const value = await item;
            out.push(mapFn === undefined ? value : await mapFn.call(thisArg, value, out.length));
        };
        if (items != null && typeof items[Symbol.asyncIterator] === "function") {
            for await (const item of items) await add(item);
        } else if (items != null && typeof items[Symbol.iterator] === "function") {
            for (const item of items) await add(item);
        } else {
            const array = Object(items);
            for (let index = 0; index < array.length; index++) await add(array[index]);
        }
        return out;
    }

    // atob / btoa: Latin-1 text <-> base64, as browsers define them, in Rust.
    // ---- Error.captureStackTrace (V8's) -------------------------------------------------------
    // Custom error classes call it from their constructors (`Error.captureStackTrace(this,
    // this.constructor)`); without it they threw a TypeError. It gives `target` an own `stack`:
    // its `name: message` line and the frames of the call.
    function captureStackTrace(target) {
        if (target === null || (typeof target !== "object" && typeof target !== "function")) {
            throw new TypeError("Error.captureStackTrace: the target must be an object");
        }
        let head;
        try {
            head = Error.prototype.toString.call(target);
        } catch {
            head = "Error";
        }
        const frames = String(new Error().stack ?? "").split("\n").slice(1).join("\n");
        Object.defineProperty(target, "stack", {
            value: frames ? `${head}\n${frames}` : head,
            writable: true,
            configurable: true,
            enumerable: false,
        });
    }

    define(globalThis, "atob", native.atob);
    define(globalThis, "btoa", native.btoa);
    define(globalThis, "TextEncoder", TextEncoder);
    define(globalThis, "TextDecoder", TextDecoder);
    define(globalThis, "structuredClone", structuredClone);
    define(globalThis, "queueMicrotask", queueMicrotask);
    define(Array, "fromAsync", fromAsync);
    define(Error, "captureStackTrace", captureStackTrace);
})
