// `console.table(data, columns)` as Node 20 draws it: a box of the rows of `data`, an `(index)`
// column with each row's key, a column per key found in the rows (or per name in `columns`), a
// `Values` column for rows that are primitives; a Map gives `(iteration index)`, `Key` and
// `Values`, a Set `(iteration index)` and `Values`. Each cell is the value as `util.inspect`
// shows it with one level at most (none for an object of more than two keys), three items of a
// collection and no line breaks; a cell the row lacks is empty. Cells are padded on the right to
// their column's width, counting wide East Asian characters twice (Node's `getStringWidth`).
//
// Compiled the first time a run draws a table. Like `format.js`, it reads no global: the
// built-ins come from `C` and `X` (captured before any script ran) and the formatter's helpers
// from `F`; iteration goes by index. Reading the rows runs the script's code where Node runs it
// (getters, a proxy's traps): what it throws is the script's, and reaches the caller.
//
// `table(data, columns, room)` answers `[text]` (`[undefined, error]`: see `format.js`); `data`
// is an object and `columns` an array or undefined, which the engine checked. Rows past `room`
// characters are not drawn: the line is cut at the log budget anyway.
(C, X, F) => {
    "use strict";
    const apply = C.apply;
    const isArray = C.isArray;
    const hasOwn = C.hasOwn;
    const push = C.push;
    const join = C.join;
    const repeat = C.repeat;
    const charCodeAt = C.charCodeAt;
    const toString = C.toString;
    const keys = X.keys;
    const script = F.script;
    const inspect = F.inspectValue;
    const brand = F.brand;
    const drain = F.drain;
    const EVERY = 1 / 0;

    const has = (object, key) => script(hasOwn, object, [key]);
    const ownKeys = (object) => script(keys, undefined, [object]);
    const get = (object, key) => object[key];

    // Node's `_inspect` of a cell.
    const cell = (value) => {
        const object = value !== null && typeof value === "object";
        const depth = object && !isArray(value) && ownKeys(value).length > 2 ? -1 : 0;
        return inspect(value, { depth, maxItems: 3, breakLength: EVERY });
    };

    // Node's `getStringWidth` without ICU: two columns for a wide East Asian character, none for
    // a control character or a combining mark, one for the rest.
    const wide = (code) =>
        code >= 0x1100 &&
        (code <= 0x115f || code === 0x2329 || code === 0x232a ||
            (code >= 0x2e80 && code <= 0x3247 && code !== 0x303f) ||
            (code >= 0x3250 && code <= 0x4dbf) || (code >= 0x4e00 && code <= 0xa4c6) ||
            (code >= 0xa960 && code <= 0xa97c) || (code >= 0xac00 && code <= 0xd7a3) ||
            (code >= 0xf900 && code <= 0xfaff) || (code >= 0xfe10 && code <= 0xfe19) ||
            (code >= 0xfe30 && code <= 0xfe6b) || (code >= 0xff01 && code <= 0xff60) ||
            (code >= 0xffe0 && code <= 0xffe6) || (code >= 0x1b000 && code <= 0x1b001) ||
            (code >= 0x1f200 && code <= 0x1f251) || (code >= 0x1f300 && code <= 0x1f64f) ||
            (code >= 0x20000 && code <= 0x3fffd));
    const zero = (code) =>
        code <= 0x1f || (code >= 0x7f && code <= 0x9f) || (code >= 0x300 && code <= 0x36f) ||
        (code >= 0x200b && code <= 0x200f) || (code >= 0x20d0 && code <= 0x20ff) ||
        (code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xfe20 && code <= 0xfe2f) ||
        (code >= 0xe0100 && code <= 0xe01ef);
    const width = (text) => {
        let columns = 0;
        for (let index = 0; index < text.length; index++) {
            let code = apply(charCodeAt, text, [index]);
            if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
                const low = apply(charCodeAt, text, [index + 1]);
                if (low >= 0xdc00 && low <= 0xdfff) {
                    code = (code - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
                    index += 1;
                }
            }
            if (wide(code)) columns += 2;
            else if (!zero(code)) columns += 1;
        }
        return columns;
    };

    // Node's `cli_table`: the head and the columns, each a (sparse) list of cells by row.
    const draw = (head, columns, room) => {
        const widths = [];
        let rows = 0;
        for (let index = 0; index < head.length; index++) {
            apply(push, widths, [width(head[index])]);
            if (columns[index].length > rows) rows = columns[index].length;
        }
        for (let index = 0; index < head.length; index++) {
            for (let row = 0; row < rows; row++) {
                const text = apply(hasOwn, columns[index], [row]) ? columns[index][row] : "";
                const counted = width(text);
                if (counted > widths[index]) widths[index] = counted;
            }
        }
        const rules = [];
        for (let index = 0; index < widths.length; index++) apply(push, rules, [apply(repeat, "─", [widths[index] + 2])]);
        const line = (cells) => {
            let out = "│ ";
            for (let index = 0; index < cells.length; index++) {
                out += cells[index] + apply(repeat, " ", [widths[index] - width(cells[index])]);
                if (index !== cells.length - 1) out += " │ ";
            }
            return `${out} │`;
        };
        let text = `┌${apply(join, rules, ["┬"])}┐\n${line(head)}\n├${apply(join, rules, ["┼"])}┤\n`;
        for (let row = 0; row < rows && text.length <= room; row++) {
            const cells = [];
            for (let index = 0; index < head.length; index++) {
                apply(push, cells, [apply(hasOwn, columns[index], [row]) ? columns[index][row] : ""]);
            }
            text += `${line(cells)}\n`;
        }
        return `${text}└${apply(join, rules, ["┴"])}┘`;
    };
    const positions = (count) => {
        const list = [];
        for (let index = 0; index < count; index++) apply(push, list, [cell(index)]);
        return list;
    };

    const table = (data, columns, room) => {
        if (brand(C.mapSize, data)) {
            const entries = drain(data, C.mapEntries, C.mapNext, EVERY);
            const names = [];
            const values = [];
            for (let index = 0; index < entries.length; index++) {
                apply(push, names, [cell(entries[index][0])]);
                apply(push, values, [cell(entries[index][1])]);
            }
            return draw(["(iteration index)", "Key", "Values"], [positions(entries.length), names, values], room);
        }
        if (brand(C.setSize, data)) {
            const items = drain(data, C.setValues, C.setNext, EVERY);
            const values = [];
            for (let index = 0; index < items.length; index++) apply(push, values, [cell(items[index])]);
            return draw(["(iteration index)", "Values"], [positions(items.length), values], room);
        }
        // A column per key, in the order Node's null-prototype object of them gives.
        const found = { __proto__: null };
        let primitives = false;
        const values = [];
        const rows = ownKeys(data);
        for (let row = 0; row < rows.length; row++) {
            const item = script(get, undefined, [data, rows[row]]);
            const primitive = item === null || (typeof item !== "function" && typeof item !== "object");
            if (columns === undefined && primitive) {
                primitives = true;
                values[row] = cell(item);
                continue;
            }
            const names = columns === undefined ? ownKeys(item) : columns;
            for (let index = 0; index < names.length; index++) {
                const name = names[index];
                if (found[name] === undefined) found[name] = [];
                found[name][row] = (primitive && columns !== undefined) || !has(item, name)
                    ? ""
                    : cell(script(get, undefined, [item, name]));
            }
        }
        const head = ["(index)"];
        const body = [rows];
        const named = keys(found);
        for (let index = 0; index < named.length; index++) {
            apply(push, head, [named[index]]);
            apply(push, body, [found[named[index]]]);
        }
        if (primitives) {
            apply(push, head, ["Values"]);
            apply(push, body, [values]);
        }
        return draw(head, body, room);
    };
    return F.entry(table);
}
