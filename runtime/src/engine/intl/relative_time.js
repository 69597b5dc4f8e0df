    // ---- Intl.RelativeTimeFormat: English ----------------------------------------------------

    const UNITS = ["year", "quarter", "month", "week", "day", "hour", "minute", "second"];
    const SHORT = { year: "yr.", quarter: "qtr.", month: "mo.", week: "wk.", day: "day", hour: "hr.", minute: "min.", second: "sec." };
    const SHORT_PLURAL = { year: "yr.", quarter: "qtrs.", month: "mo.", week: "wk.", day: "days", hour: "hr.", minute: "min.", second: "sec." };
    const NARROW_UNIT = { year: "y", quarter: "q", month: "mo", week: "w", day: "d", hour: "h", minute: "m", second: "s" };
    const AUTO = {
        year: ["last year", "this year", "next year"], quarter: ["last quarter", "this quarter", "next quarter"],
        month: ["last month", "this month", "next month"], week: ["last week", "this week", "next week"],
        day: ["yesterday", "today", "tomorrow"], hour: [null, "this hour", null], minute: [null, "this minute", null],
        second: [null, "now", null],
    };

    function RelativeTimeFormat(locales, options) {
        if (new.target === undefined) throw new TypeError("Constructor Intl.RelativeTimeFormat requires 'new'");
        const style = own(options, "style") ?? "long";
        const numeric = own(options, "numeric") ?? "always";
        if (!["long", "short", "narrow"].includes(style)) throw new RangeError(`Intl.RelativeTimeFormat: invalid style: ${style}`);
        if (!["always", "auto"].includes(numeric)) throw new RangeError(`Intl.RelativeTimeFormat: invalid numeric: ${numeric}`);
        // English is the only language written here: a request for it keeps its region.
        const requested = localeOf(locales);
        const locale = languageOf(requested) === "en" && locales !== undefined ? requested : "en-US";
        state.set(this, { locale, style, numeric, number: new NativeNumberFormat("en-US") });
    }
    // The phrase in three pieces (the words before the number, the number, the words after),
    // or one word (`yesterday`) with no number.
    const relativePieces = (self, value, unit, method) => {
        const s = state.get(self);
        if (s === undefined) throw new TypeError(`Intl.RelativeTimeFormat.prototype.${method} called on an incompatible receiver`);
        const amount = Number(value);
        if (!Number.isFinite(amount)) throw new RangeError(`Intl.RelativeTimeFormat: invalid value: ${value}`);
        const singular = String(unit).endsWith("s") ? String(unit).slice(0, -1) : String(unit);
        if (!UNITS.includes(singular)) throw new RangeError(`Intl.RelativeTimeFormat: invalid unit: ${unit}`);
        if (s.numeric === "auto" && (amount === -1 || amount === 0 || amount === 1)) {
            const word = AUTO[singular][amount + 1];
            if (word !== null) return { word };
        }
        const past = amount < 0 || Object.is(amount, -0);
        const size = Math.abs(amount);
        const digits = s.number.format(size);
        let after;
        if (s.style === "narrow") after = NARROW_UNIT[singular];
        else if (s.style === "short") after = ` ${size === 1 ? SHORT[singular] : SHORT_PLURAL[singular]}`;
        else after = ` ${singular}${size === 1 ? "" : "s"}`;
        return past ? { before: "", digits, after: `${after} ago`, unit: singular } : { before: "in ", digits, after, unit: singular };
    };
    define(RelativeTimeFormat.prototype, "format", function format(value, unit) {
        const pieces = relativePieces(this, value, unit, "format");
        return pieces.word ?? `${pieces.before}${pieces.digits}${pieces.after}`;
    });
    // As V8 cuts it: the number's integer groups, separators and fraction, each naming the unit.
    define(RelativeTimeFormat.prototype, "formatToParts", function formatToParts(value, unit) {
        const pieces = relativePieces(this, value, unit, "formatToParts");
        if (pieces.word !== undefined) return [{ type: "literal", value: pieces.word }];
        const parts = [];
        if (pieces.before) parts.push({ type: "literal", value: pieces.before });
        const [whole, fraction] = pieces.digits.split(".");
        whole.split(",").forEach((group, index) => {
            if (index > 0) parts.push({ type: "group", value: ",", unit: pieces.unit });
            parts.push({ type: "integer", value: group, unit: pieces.unit });
        });
        if (fraction !== undefined) parts.push({ type: "decimal", value: ".", unit: pieces.unit }, { type: "fraction", value: fraction, unit: pieces.unit });
        if (pieces.after) parts.push({ type: "literal", value: pieces.after });
        return parts;
    });
    define(RelativeTimeFormat.prototype, "resolvedOptions", function resolvedOptions() {
        const s = state.get(this);
        if (s === undefined) throw new TypeError("Intl.RelativeTimeFormat.prototype.resolvedOptions called on an incompatible receiver");
        return { locale: s.locale, style: s.style, numeric: s.numeric, numberingSystem: "latn" };
    });
    define(RelativeTimeFormat, "supportedLocalesOf", (locales) => (localeOf(locales) && String(locales).startsWith("en") ? [localeOf(locales)] : []));
    define(RelativeTimeFormat.prototype, Symbol.toStringTag, "Intl.RelativeTimeFormat");
