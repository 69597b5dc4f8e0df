// Built-ins of the web platform that models reach for and Boa 0.22 lacks, written on the
// ECMAScript built-ins: `atob`/`btoa`, `TextEncoder`/`TextDecoder` (UTF-8), `structuredClone`,
// `Array.fromAsync` and Annex B's `escape`/`unescape`. Installed as ordinary globals (writable,
// configurable, not enumerable), compiled before a run that names one of them or at the first
// touch of one (`lazy.rs`); they reach nothing outside the engine.
(() => {
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

    // ---- atob / btoa: Latin-1 text <-> base64, as browsers define them -------------------------
    const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const DIGIT = new Map();
    for (let index = 0; index < ALPHABET.length; index++) DIGIT.set(ALPHABET[index], index);

    function btoa(data) {
        const text = String(data);
        let out = "";
        for (let index = 0; index < text.length; index += 3) {
            const bytes = [];
            for (let at = index; at < index + 3 && at < text.length; at++) {
                const code = text.charCodeAt(at);
                if (code > 255) {
                    throw domError(
                        "InvalidCharacterError",
                        "btoa: the string holds characters outside Latin-1; encode it first: " +
                            "btoa(String.fromCharCode(...new TextEncoder().encode(text)))",
                    );
                }
                bytes.push(code);
            }
            const word = (bytes[0] << 16) | ((bytes[1] ?? 0) << 8) | (bytes[2] ?? 0);
            out += ALPHABET[(word >> 18) & 63] + ALPHABET[(word >> 12) & 63];
            out += bytes.length > 1 ? ALPHABET[(word >> 6) & 63] : "=";
            out += bytes.length > 2 ? ALPHABET[word & 63] : "=";
        }
        return out;
    }

    function atob(data) {
        let text = String(data).replace(/[\t\n\f\r ]/g, "");
        if (text.length % 4 === 0) text = text.replace(/==?$/, "");
        if (text.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(text)) {
            throw domError("InvalidCharacterError", "atob: the string is not valid base64");
        }
        let out = "";
        let word = 0;
        let bits = 0;
        for (let index = 0; index < text.length; index++) {
            word = (word << 6) | DIGIT.get(text[index]);
            bits += 6;
            if (bits >= 8) {
                bits -= 8;
                out += String.fromCharCode((word >> bits) & 255);
            }
        }
        return out;
    }

    // ---- TextEncoder / TextDecoder: UTF-8 ----------------------------------------------------
    class TextEncoder {
        get encoding() {
            return "utf-8";
        }

        encode(input = "") {
            const text = String(input);
            const bytes = [];
            for (let index = 0; index < text.length; index++) {
                let code = text.codePointAt(index);
                if (code > 0xffff) index++;
                else if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
                if (code < 0x80) bytes.push(code);
                else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
                else if (code < 0x10000) {
                    bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
                } else {
                    bytes.push(
                        0xf0 | (code >> 18),
                        0x80 | ((code >> 12) & 63),
                        0x80 | ((code >> 6) & 63),
                        0x80 | (code & 63),
                    );
                }
            }
            return new Uint8Array(bytes);
        }
    }

    const bytesOf = (input) => {
        if (input === undefined) return new Uint8Array(0);
        if (input instanceof ArrayBuffer) return new Uint8Array(input);
        if (ArrayBuffer.isView(input)) {
            return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
        }
        throw new TypeError("TextDecoder.decode takes an ArrayBuffer, a typed array or a DataView");
    };

    class TextDecoder {
        #fatal;
        #ignoreBOM;

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

        decode(input) {
            const bytes = bytesOf(input);
            let out = "";
            let index = 0;
            if (!this.#ignoreBOM && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
                index = 3;
            }
            const bad = () => {
                if (this.#fatal) throw new TypeError("TextDecoder: the data is not valid UTF-8");
                return "\ufffd";
            };
            while (index < bytes.length) {
                const first = bytes[index];
                const length = first < 0x80 ? 1 : first >= 0xf0 && first < 0xf5 ? 4 : first >= 0xe0 ? 3 : first >= 0xc2 ? 2 : 0;
                if (length === 0 || (first >= 0xf5)) {
                    out += bad();
                    index += 1;
                    continue;
                }
                let code = length === 1 ? first : first & (0xff >> (length + 1));
                let valid = index + length <= bytes.length;
                for (let at = 1; valid && at < length; at++) {
                    const next = bytes[index + at];
                    if ((next & 0xc0) !== 0x80) valid = false;
                    else code = (code << 6) | (next & 63);
                }
                const overlong =
                    (length === 3 && code < 0x800) || (length === 4 && code < 0x10000);
                if (!valid || overlong || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
                    out += bad();
                    index += 1;
                    continue;
                }
                out += String.fromCodePoint(code);
                index += length;
            }
            return out;
        }
    }

    // ---- structuredClone ---------------------------------------------------------------------
    function structuredClone(value) {
        const seen = new Map();
        const refuse = (what) => {
            throw domError("DataCloneError", `structuredClone: ${what} cannot be cloned`);
        };
        const clone = (value) => {
            if (typeof value === "function") refuse("a function");
            if (typeof value === "symbol") refuse("a symbol");
            if (value === null || typeof value !== "object") return value;
            if (seen.has(value)) return seen.get(value);
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
                out = new Error(value.message);
                out.name = value.name;
            } else if (value instanceof Promise || value instanceof WeakMap || value instanceof WeakSet) {
                refuse(`a ${value.constructor.name}`);
            } else {
                out = Array.isArray(value) ? new Array(value.length) : {};
                seen.set(value, out);
                for (const key of Object.keys(value)) out[key] = clone(value[key]);
                return out;
            }
            seen.set(value, out);
            return out;
        };
        if (arguments.length === 0) throw new TypeError("structuredClone needs a value");
        return clone(value);
    }

    // ---- escape / unescape (ECMAScript Annex B), which Boa leaves out: older code reaches for
    // `unescape(encodeURIComponent(text))` to hand UTF-8 to `btoa`.
    const KEPT = /[A-Za-z0-9@*_+\-./]/;
    const hex = (code, width) => code.toString(16).toUpperCase().padStart(width, "0");

    function escape(data) {
        const text = String(data);
        let out = "";
        for (let index = 0; index < text.length; index++) {
            const code = text.charCodeAt(index);
            if (code < 256 && KEPT.test(text[index])) out += text[index];
            else out += code < 256 ? `%${hex(code, 2)}` : `%u${hex(code, 4)}`;
        }
        return out;
    }

    function unescape(data) {
        const text = String(data);
        let out = "";
        for (let index = 0; index < text.length; index++) {
            if (text[index] === "%") {
                const wide = text[index + 1] === "u" ? text.slice(index + 2, index + 6) : "";
                const narrow = text.slice(index + 1, index + 3);
                if (/^[0-9A-Fa-f]{4}$/.test(wide)) {
                    out += String.fromCharCode(parseInt(wide, 16));
                    index += 5;
                    continue;
                }
                if (/^[0-9A-Fa-f]{2}$/.test(narrow)) {
                    out += String.fromCharCode(parseInt(narrow, 16));
                    index += 2;
                    continue;
                }
            }
            out += text[index];
        }
        return out;
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

    define(globalThis, "atob", atob);
    define(globalThis, "btoa", btoa);
    define(globalThis, "TextEncoder", TextEncoder);
    define(globalThis, "TextDecoder", TextDecoder);
    define(globalThis, "structuredClone", structuredClone);
    define(globalThis, "escape", escape);
    define(globalThis, "unescape", unescape);
    define(Array, "fromAsync", fromAsync);
})();
