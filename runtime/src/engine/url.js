// `URL` and `URLSearchParams` as the WHATWG URL Standard defines them (and Node has them as
// globals): a script that reads `new URL(link).hostname` or `searchParams.get("q")` found no
// `URL` at all. The parsing, the setters and the form encoding are the `url` crate's (`url.rs`),
// given as `native`; the classes, their errors and the link between a URL and its
// `searchParams` are here. Compiled before a run that names one of them or at the first touch
// of one (`lazy.rs`).
((native) => {
    "use strict";
    const define = (object, name, value) =>
        Object.defineProperty(object, name, { value, writable: true, configurable: true, enumerable: false });
    const PARTS = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];
    const invalidUrl = (input) => {
        const error = new TypeError("Invalid URL");
        error.code = "ERR_INVALID_URL";
        error.input = input;
        return error;
    };

    // ---- URLSearchParams -------------------------------------------------------------------
    // Name-value pairs, kept as [name, value]; a URL's own list tells the URL of each change.
    const pairsOf = (flat) => {
        const pairs = [];
        for (let index = 0; index + 1 < flat.length; index += 2) pairs.push([flat[index], flat[index + 1]]);
        return pairs;
    };
    const serialize = (pairs) => native.serializeForm(pairs.flat());
    // What a URL's `searchParams` calls after a change (set by `URL`, never by a script).
    const owners = new WeakMap();
    const lists = new WeakMap();
    const listOf = (params) => {
        const list = lists.get(params);
        if (list === undefined) throw new TypeError("Value of \"this\" must be of type URLSearchParams");
        return list;
    };
    const changed = (params) => owners.get(params)?.(serialize(listOf(params)));

    class URLSearchParams {
        constructor(init = undefined) {
            let pairs = [];
            if (init === undefined || init === null) {
                pairs = [];
            } else if (typeof init === "object" || typeof init === "function") {
                if (typeof init[Symbol.iterator] === "function") {
                    for (const pair of init) {
                        if (pair === null || (typeof pair !== "object" && typeof pair !== "function") || typeof pair[Symbol.iterator] !== "function") {
                            throw new TypeError("Each query pair must be an iterable [name, value] tuple");
                        }
                        const items = [...pair];
                        if (items.length !== 2) throw new TypeError("Each query pair must be an iterable [name, value] tuple");
                        pairs.push([String(items[0]), String(items[1])]);
                    }
                } else {
                    for (const key of Object.keys(init)) pairs.push([key, String(init[key])]);
                }
            } else {
                let text = String(init);
                if (text.startsWith("?")) text = text.slice(1);
                pairs = pairsOf(native.parseForm(text));
            }
            lists.set(this, pairs);
        }

        get size() {
            return listOf(this).length;
        }

        append(name, value) {
            listOf(this).push([String(name), String(value)]);
            changed(this);
        }

        delete(name, value = undefined) {
            const list = listOf(this);
            const [key, wanted] = [String(name), value === undefined ? undefined : String(value)];
            const kept = list.filter(([n, v]) => n !== key || (wanted !== undefined && v !== wanted));
            list.length = 0;
            list.push(...kept);
            changed(this);
        }

        get(name) {
            const key = String(name);
            const pair = listOf(this).find(([n]) => n === key);
            return pair === undefined ? null : pair[1];
        }

        getAll(name) {
            const key = String(name);
            return listOf(this).filter(([n]) => n === key).map(([, v]) => v);
        }

        has(name, value = undefined) {
            const [key, wanted] = [String(name), value === undefined ? undefined : String(value)];
            return listOf(this).some(([n, v]) => n === key && (wanted === undefined || v === wanted));
        }

        set(name, value) {
            const list = listOf(this);
            const [key, text] = [String(name), String(value)];
            const first = list.findIndex(([n]) => n === key);
            if (first === -1) {
                list.push([key, text]);
            } else {
                list[first] = [key, text];
                const kept = list.filter(([n], index) => n !== key || index === first);
                list.length = 0;
                list.push(...kept);
            }
            changed(this);
        }

        // Stable, by the names' UTF-16 code units.
        sort() {
            listOf(this).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
            changed(this);
        }

        forEach(callback, thisArg = undefined) {
            if (typeof callback !== "function") throw new TypeError("The \"callback\" argument must be of type function");
            const list = listOf(this);
            for (let index = 0; index < list.length; index++) callback.call(thisArg, list[index][1], list[index][0], this);
        }

        *entries() {
            const list = listOf(this);
            for (let index = 0; index < list.length; index++) yield [list[index][0], list[index][1]];
        }

        *keys() {
            for (const [name] of this.entries()) yield name;
        }

        *values() {
            for (const [, value] of this.entries()) yield value;
        }

        [Symbol.iterator]() {
            return this.entries();
        }

        toString() {
            return serialize(listOf(this));
        }

        get [Symbol.toStringTag]() {
            return "URLSearchParams";
        }
    }

    // ---- URL --------------------------------------------------------------------------------
    const states = new WeakMap();
    const stateOf = (url) => {
        const state = states.get(url);
        if (state === undefined) throw new TypeError("Value of \"this\" must be of type URL");
        return state;
    };
    // The parts of a URL as the crate gave them, into the state (and its query's list).
    const take = (state, parts) => {
        for (let index = 0; index < PARTS.length; index++) state[PARTS[index]] = parts[index];
        const list = lists.get(state.query);
        list.length = 0;
        list.push(...pairsOf(native.parseForm(state.search.slice(1))));
    };

    class URL {
        constructor(url, base = undefined) {
            if (arguments.length === 0) throw new TypeError("The \"url\" argument must be specified");
            const input = String(url);
            const parts = native.parse(input, base === undefined ? undefined : String(base));
            if (parts === null) throw invalidUrl(input);
            const query = new URLSearchParams();
            const state = { query };
            states.set(this, state);
            take(state, parts);
            // A change to `searchParams` writes the URL's query (none when the list is empty).
            owners.set(query, (text) => take(state, native.set(state.href, "search", text)));
        }

        static canParse(url, base = undefined) {
            return native.parse(String(url), base === undefined ? undefined : String(base)) !== null;
        }

        get searchParams() {
            return stateOf(this).query;
        }

        toString() {
            return stateOf(this).href;
        }

        toJSON() {
            return stateOf(this).href;
        }

        get [Symbol.toStringTag]() {
            return "URL";
        }
    }
    for (const part of PARTS) {
        const get = function () {
            return stateOf(this)[part];
        };
        const set =
            part === "origin"
                ? undefined
                : function (value) {
                      const state = stateOf(this);
                      take(state, native.set(state.href, part, String(value)));
                  };
        Object.defineProperty(URL.prototype, part, { get, set, enumerable: true, configurable: true });
    }

    define(globalThis, "URL", URL);
    define(globalThis, "URLSearchParams", URLSearchParams);
});
