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
    // Each one's record: its name-value pairs, kept as [name, value]; the query text they are
    // still to be read from (a URL's new search, read at the first use of its list: most URLs'
    // lists are never read); and for a URL's own list, what tells the URL of each change.
    const records = new WeakMap();
    const recordOf = (params) => {
        const record = records.get(params);
        if (record === undefined) throw new TypeError("Value of \"this\" must be of type URLSearchParams");
        if (record.pending !== null) {
            const flat = native.parseForm(record.pending);
            record.pending = null;
            record.pairs.length = 0;
            for (let index = 0; index + 1 < flat.length; index += 2) record.pairs.push([flat[index], flat[index + 1]]);
        }
        return record;
    };
    const listOf = (params) => recordOf(params).pairs;
    const serialize = (pairs) => {
        const flat = [];
        for (let index = 0; index < pairs.length; index++) flat.push(pairs[index][0], pairs[index][1]);
        return native.serializeForm(flat);
    };
    const changed = (record) => {
        if (record.owner !== null) record.owner(serialize(record.pairs));
    };
    // The pairs of `list` whose name is `name` (and value `value`, unless undefined) removed.
    const removeAll = (list, name, value) => {
        let kept = 0;
        for (let index = 0; index < list.length; index++) {
            const pair = list[index];
            if (pair[0] !== name || (value !== undefined && pair[1] !== value)) list[kept++] = pair;
        }
        list.length = kept;
    };

    class URLSearchParams {
        constructor(init = undefined) {
            const pairs = [];
            let pending = null;
            if (init === undefined || init === null) {
                // No pairs.
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
                const text = String(init);
                pending = text.startsWith("?") ? text.slice(1) : text;
            }
            records.set(this, { pairs, pending, owner: null });
        }

        get size() {
            return listOf(this).length;
        }

        append(name, value) {
            const record = recordOf(this);
            record.pairs.push([String(name), String(value)]);
            changed(record);
        }

        delete(name, value = undefined) {
            const record = recordOf(this);
            removeAll(record.pairs, String(name), value === undefined ? undefined : String(value));
            changed(record);
        }

        get(name) {
            const key = String(name);
            const list = listOf(this);
            for (let index = 0; index < list.length; index++) if (list[index][0] === key) return list[index][1];
            return null;
        }

        getAll(name) {
            const key = String(name);
            const list = listOf(this);
            const values = [];
            for (let index = 0; index < list.length; index++) if (list[index][0] === key) values.push(list[index][1]);
            return values;
        }

        has(name, value = undefined) {
            const key = String(name);
            const wanted = value === undefined ? undefined : String(value);
            const list = listOf(this);
            for (let index = 0; index < list.length; index++) {
                if (list[index][0] === key && (wanted === undefined || list[index][1] === wanted)) return true;
            }
            return false;
        }

        set(name, value) {
            const record = recordOf(this);
            const list = record.pairs;
            const key = String(name);
            const text = String(value);
            const first = list.findIndex((pair) => pair[0] === key);
            if (first === -1) {
                list.push([key, text]);
            } else {
                list[first] = [key, text];
                const rest = list.splice(first + 1);
                removeAll(rest, key, undefined);
                list.push(...rest);
            }
            changed(record);
        }

        // Stable, by the names' UTF-16 code units.
        sort() {
            const record = recordOf(this);
            record.pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
            changed(record);
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
            const list = listOf(this);
            for (let index = 0; index < list.length; index++) yield list[index][0];
        }

        *values() {
            const list = listOf(this);
            for (let index = 0; index < list.length; index++) yield list[index][1];
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
    // Each one's state: its parts as the crate gave them (PARTS' order) and its query object.
    const states = new WeakMap();
    const stateOf = (url) => {
        const state = states.get(url);
        if (state === undefined) throw new TypeError("Value of \"this\" must be of type URL");
        return state;
    };
    const SEARCH = PARTS.indexOf("search");
    // New parts; where the search may have changed (a new URL, `href`, `search`), the query's
    // list is to be read again from it.
    const take = (state, parts, searchChanged) => {
        state.parts = parts;
        if (searchChanged) {
            const record = records.get(state.query);
            record.pending = parts[SEARCH].slice(1);
            record.pairs.length = 0;
        }
    };

    class URL {
        constructor(url, base = undefined) {
            if (arguments.length === 0) throw new TypeError("The \"url\" argument must be specified");
            const input = String(url);
            const parts = native.parse(input, base === undefined ? undefined : String(base));
            if (parts === null) throw invalidUrl(input);
            const query = new URLSearchParams();
            const state = { parts, query };
            states.set(this, state);
            take(state, parts, true);
            // A change to `searchParams` writes the URL's query (none when the list is empty);
            // the list stays as it is.
            records.get(query).owner = (text) => take(state, native.set(state.parts[0], "search", text), false);
        }

        static canParse(url, base = undefined) {
            return native.parse(String(url), base === undefined ? undefined : String(base)) !== null;
        }

        get searchParams() {
            return stateOf(this).query;
        }

        toString() {
            return stateOf(this).parts[0];
        }

        toJSON() {
            return stateOf(this).parts[0];
        }

        get [Symbol.toStringTag]() {
            return "URL";
        }
    }
    PARTS.forEach((part, index) => {
        const get = function () {
            return stateOf(this).parts[index];
        };
        const set =
            part === "origin"
                ? undefined
                : function (value) {
                      const state = stateOf(this);
                      take(state, native.set(state.parts[0], part, String(value)), part === "href" || part === "search");
                  };
        Object.defineProperty(URL.prototype, part, { get, set, enumerable: true, configurable: true });
    });

    define(globalThis, "URL", URL);
    define(globalThis, "URLSearchParams", URLSearchParams);
});
