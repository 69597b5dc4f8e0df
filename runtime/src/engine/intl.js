// Where Boa 0.22's `Intl` gives what V8 does not, or nothing, this gives what V8 gives, for the
// formats models use; compiled the first time a script touches `Intl`, `toLocaleString`,
// `toLocaleDateString` or `toLocaleTimeString` (see `globals.rs`):
//
// - numeric dates: Boa writes the year with two digits (`1/15/24`); V8 writes `1/15/2024`, and
//   `15.1.2024`, `15/01/2024`, `2024/1/15`… by locale (CLDR's `yMd` for common languages), and
//   `1/2024`, `1/15`, `05` for fewer fields (`yM`, `Md`, one field; Boa wrote `1/24` and `5`);
// - `NaN` and `∞` (Boa throws), `notation: "scientific"` and `"engineering"` (Boa ignores them);
// - `style: "percent"` (Boa drops the `%` and the ×100) and `style: "currency"` (Boa throws
//   "unimplemented"): written on the decimal format, with CLDR's patterns and symbols for common
//   languages and currencies, the currency's own fraction digits, and the code where no symbol
//   is known;
// - times: ICU puts a narrow no-break space before AM/PM, V8 a space;
// - `Intl.DateTimeFormat.prototype.formatToParts`, absent from Boa: the text cut into fields;
// - `Intl.RelativeTimeFormat`, absent from Boa: English (`in 3 days`, `yesterday`, `5 min. ago`);
//   other locales resolve to `en-US`, which the specification allows for locales without data.
//
// Everything else (`Collator`, `PluralRules`, `ListFormat`, `Segmenter`, decimal and compact
// numbers, named months and weekdays, times, `dateStyle`/`timeStyle`) is Boa's own, backed by
// ICU4X. Installed as ordinary globals and methods (writable, configurable, not enumerable).
(() => {
    "use strict";
    const NativeNumberFormat = Intl.NumberFormat;
    const NativeDateTimeFormat = Intl.DateTimeFormat;
    const define = (object, name, value) =>
        Object.defineProperty(object, name, { value, writable: true, configurable: true, enumerable: false });
    const defineGetter = (object, name, get) =>
        Object.defineProperty(object, name, { get, configurable: true, enumerable: false });
    const state = new WeakMap();
    const own = (object, name) => (object === undefined ? undefined : object[name]);
    const languageOf = (locale) => String(locale).split("-")[0];
    const localeOf = (locales) => new NativeNumberFormat(locales).resolvedOptions().locale;
    const splitSign = (text) => (text[0] === "-" || text[0] === "\u2212" || text[0] === "+" ? [text[0], text.slice(1)] : ["", text]);

    // ---- numbers: percent and currency -------------------------------------------------------

    const NBSP = "\u00a0";
    const PERCENT_AFTER_SPACE = new Set(["de", "es", "sv", "nb", "no", "da", "fi", "cs", "sk", "ru", "uk", "el", "ca", "bg", "hr", "sl", "et", "lt", "lv"]);
    const SUFFIX_CURRENCY = new Set(["de", "fr", "es", "it", "pl", "ru", "sv", "fi", "cs", "sk", "da", "nb", "no", "uk", "el", "ca", "hu", "ro", "bg", "hr", "sl", "et", "lt", "lv", "vi"]);
    const SPACED_PREFIX_CURRENCY = new Set(["nl", "pt", "de-CH", "de-AT"]);
    const DIGITS = { JPY: 0, KRW: 0, VND: 0, CLP: 0, ISK: 0, UGX: 0, PYG: 0, XAF: 0, XOF: 0, BHD: 3, KWD: 3, OMR: 3, JOD: 3, TND: 3, IQD: 3, LYD: 3 };
    const SYMBOLS = {
        USD: "$", EUR: "€", GBP: "£", JPY: "¥", CNY: "CN¥", INR: "₹", KRW: "₩", CAD: "CA$", AUD: "A$", NZD: "NZ$",
        HKD: "HK$", MXN: "MX$", BRL: "R$", ILS: "₪", VND: "₫", TWD: "NT$", PHP: "₱", XAF: "FCFA", XOF: "F\u202fCFA",
    };
    const NARROW = { CAD: "$", AUD: "$", NZD: "$", HKD: "$", MXN: "$", TWD: "$", CNY: "¥", SGD: "$", CHF: "CHF", SEK: "kr", NOK: "kr", DKK: "kr", PLN: "zł", RUB: "₽", TRY: "₺", UAH: "₴", THB: "฿", ZAR: "R" };
    // Where a language writes a currency its own way (CLDR), by language or full locale.
    const LOCAL_SYMBOLS = {
        ja: { JPY: "￥", CNY: "元" }, zh: { CNY: "¥", USD: "US$" }, "en-CA": { CAD: "$", USD: "US$" },
        "en-AU": { AUD: "$", USD: "US$" }, "en-NZ": { NZD: "$", USD: "US$" }, "en-GB": { USD: "US$" },
        "en-IN": { USD: "$" }, fr: { USD: "$US", CAD: "$CA", AUD: "$AU" }, "fr-CA": { CAD: "$", USD: "$ US" },
        es: { USD: "US$" }, "es-MX": { MXN: "$", USD: "USD" }, "pt-BR": { USD: "US$" }, de: { USD: "$" },
        it: { USD: "USD" }, ko: { KRW: "₩", USD: "US$" }, sv: { SEK: "kr", USD: "US$" }, pl: { PLN: "zł", USD: "USD" },
        ru: { RUB: "₽", USD: "$" }, "de-CH": { CHF: "CHF" }, tr: { TRY: "₺", USD: "$" }, hi: { INR: "₹" },
    };
    const NAMES = { USD: ["US dollar", "US dollars"], EUR: ["euro", "euros"], GBP: ["British pound", "British pounds"], JPY: ["Japanese yen", "Japanese yen"], CNY: ["Chinese yuan", "Chinese yuan"], INR: ["Indian rupee", "Indian rupees"], CAD: ["Canadian dollar", "Canadian dollars"], AUD: ["Australian dollar", "Australian dollars"], CHF: ["Swiss franc", "Swiss francs"] };

    const symbolOf = (locale, currency, display) => {
        const local = LOCAL_SYMBOLS[locale] || LOCAL_SYMBOLS[languageOf(locale)] || {};
        if (display === "code") return currency;
        if (display === "narrowSymbol") return local[currency] || NARROW[currency] || SYMBOLS[currency] || currency;
        return local[currency] || SYMBOLS[currency] || currency;
    };

    function NumberFormat(locales, options) {
        if (new.target === undefined) return new NumberFormat(locales, options);
        const style = own(options, "style");
        if (style !== "percent" && style !== "currency") {
            const notation = own(options, "notation");
            if (notation === "scientific" || notation === "engineering") {
                // Boa ignores these two notations (`0.00012` came out as `0`): the mantissa is
                // written by the decimal format, and read back from an `en-US` twin to see
                // whether its rounding reached the next power.
                const decimal = { ...options, notation: "standard" };
                const native = new NativeNumberFormat(locales, decimal);
                const twin = new NativeNumberFormat("en-US", { ...decimal, useGrouping: false });
                state.set(this, { native, notation, twin });
                return;
            }
            state.set(this, { native: new NativeNumberFormat(locales, options) });
            return;
        }
        const currency = own(options, "currency");
        if (style === "currency" && currency === undefined) {
            throw new TypeError("Intl.NumberFormat: currency must be given with style \"currency\"");
        }
        const code = style === "currency" ? String(currency).toUpperCase() : undefined;
        if (code !== undefined && !/^[A-Z]{3}$/.test(code)) {
            throw new RangeError(`Intl.NumberFormat: invalid currency code: ${currency}`);
        }
        const digits = code === undefined ? 0 : DIGITS[code] ?? 2;
        const minimum = own(options, "minimumFractionDigits");
        const maximum = own(options, "maximumFractionDigits");
        const decimal = {};
        for (const key of ["minimumIntegerDigits", "minimumSignificantDigits", "maximumSignificantDigits", "useGrouping", "signDisplay", "notation", "compactDisplay", "roundingMode"]) {
            if (own(options, key) !== undefined) decimal[key] = options[key];
        }
        if (decimal.minimumSignificantDigits === undefined && decimal.maximumSignificantDigits === undefined) {
            decimal.minimumFractionDigits = minimum ?? (maximum === undefined ? digits : Math.min(digits, maximum));
            decimal.maximumFractionDigits = maximum ?? Math.max(decimal.minimumFractionDigits, digits);
        }
        const native = new NativeNumberFormat(locales, decimal);
        const locale = native.resolvedOptions().locale;
        const display = own(options, "currencyDisplay") ?? "symbol";
        state.set(this, { native, style, code, locale, display, decimal });
    }

    // Boa's format has no NaN or infinity (it throws a RangeError, and a SyntaxError for a string
    // that is no number); V8 writes `NaN` and `∞`, signed as the format signs 1 and -1.
    const nativeFormat = (native, value) => {
        const number = typeof value === "number" ? value : typeof value === "string" ? Number(value) : undefined;
        if (number === undefined) return native.format(value);
        if (Number.isFinite(number)) {
            if (typeof value === "number") return native.format(value);
            try {
                return native.format(value);
            } catch {
                return native.format(number);
            }
        }
        const [sign] = splitSign(native.format(number < 0 ? -1 : 1));
        return `${sign}${Number.isNaN(number) ? "NaN" : "\u221e"}`;
    };

    // `notation: "scientific"` (`1.235E3`) and `"engineering"` (an exponent that is a multiple
    // of three: `120E-6`), as V8 writes them.
    const formatExponent = (s, value) => {
        const x = Number(value);
        if (!Number.isFinite(x)) return nativeFormat(s.native, x);
        const step = s.notation === "engineering" ? 3 : 1;
        const exponentFrom = (magnitude) => magnitude - (((magnitude % step) + step) % step);
        let exponent = x === 0 ? 0 : exponentFrom(Math.floor(Math.log10(Math.abs(x))));
        const mantissa = (power) => (power >= 0 ? x / 10 ** power : x * 10 ** -power);
        if (Math.abs(Number(s.twin.format(mantissa(exponent)))) >= 10 ** step) exponent += step;
        return `${s.native.format(mantissa(exponent))}E${exponent}`;
    };

    const formatNumber = (self, value) => {
        const s = state.get(self);
        if (s === undefined) throw new TypeError("Intl.NumberFormat.prototype.format called on an incompatible receiver");
        if (s.style === undefined) return s.notation === undefined ? nativeFormat(s.native, value) : formatExponent(s, value);
        const language = languageOf(s.locale);
        if (s.style === "percent") {
            const [sign, digits] = splitSign(nativeFormat(s.native, Number(value) * 100));
            if (language === "tr") return `${sign}%${digits}`;
            if (language === "fr") return `${sign}${digits}\u202f%`;
            return `${sign}${digits}${PERCENT_AFTER_SPACE.has(language) ? NBSP : ""}%`;
        }
        const [sign, digits] = splitSign(nativeFormat(s.native, value));
        if (s.display === "name") {
            const names = NAMES[s.code];
            // English's plural rule: "1 US dollar", but "1.00 US dollars".
            const one = digits === "1";
            return `${sign}${digits} ${names ? names[one ? 0 : 1] : s.code}`;
        }
        const symbol = symbolOf(s.locale, s.code, s.display);
        const spaced = symbol.length > 1 && /^[A-Za-z]/.test(symbol[symbol.length - 1]) ? NBSP : "";
        if (SPACED_PREFIX_CURRENCY.has(s.locale) || SPACED_PREFIX_CURRENCY.has(language)) return `${symbol}${NBSP}${sign}${digits}`;
        if (SUFFIX_CURRENCY.has(language) && !(s.locale === "es-MX" || s.locale === "es-US" || s.locale === "de-CH")) {
            return `${sign}${digits}${NBSP}${symbol}`;
        }
        return `${sign}${symbol}${spaced}${digits}`;
    };

    defineGetter(NumberFormat.prototype, "format", function () {
        return (value) => formatNumber(this, value);
    });
    define(NumberFormat.prototype, "resolvedOptions", function () {
        const s = state.get(this);
        if (s === undefined) throw new TypeError("Intl.NumberFormat.prototype.resolvedOptions called on an incompatible receiver");
        const resolved = s.native.resolvedOptions();
        if (s.notation !== undefined) resolved.notation = s.notation;
        if (s.style === undefined) return resolved;
        resolved.style = s.style;
        if (s.code !== undefined) {
            resolved.currency = s.code;
            resolved.currencyDisplay = s.display;
            resolved.currencySign = "standard";
        }
        return resolved;
    });
    define(NumberFormat, "supportedLocalesOf", NativeNumberFormat.supportedLocalesOf);
    define(NumberFormat.prototype, Symbol.toStringTag, "Intl.NumberFormat");

    // ---- dates: numeric dates as CLDR writes them --------------------------------------------

    // y: year, M: month, d: day; MM and dd are padded to two digits.
    const NUMERIC_DATES = {
        en: "M/d/y", "en-GB": "dd/MM/y", "en-AU": "dd/MM/y", "en-NZ": "d/MM/y", "en-IN": "d/M/y", "en-CA": "y-MM-dd",
        "en-IE": "d/M/y", "en-ZA": "y/MM/dd", de: "d.M.y", fr: "dd/MM/y", "fr-CA": "y-MM-dd", "fr-CH": "dd.MM.y",
        es: "d/M/y", it: "d/M/y", pt: "dd/MM/y", nl: "d-M-y", ja: "y/M/d", zh: "y/M/d", ko: "y. M. d.", ru: "dd.MM.y",
        sv: "y-MM-dd", pl: "d.MM.y", tr: "dd.MM.y", da: "d.M.y", nb: "d.M.y", fi: "d.M.y", cs: "d. M. y", uk: "dd.MM.y",
    };
    // The same with fewer fields (CLDR's `yM` and `Md`), for `{ year, month }` and `{ month, day }`.
    const NUMERIC_YEAR_MONTHS = {
        en: "M/y", "en-GB": "MM/y", "en-AU": "MM/y", "en-NZ": "MM/y", "en-IN": "MM/y", "en-CA": "y-MM", "en-IE": "MM/y", "en-ZA": "MM/y",
        de: "M/y", fr: "MM/y", "fr-CA": "y-MM", "fr-CH": "MM.y", es: "M/y", it: "MM/y", pt: "MM/y", nl: "M-y", ja: "y/M", zh: "y/M",
        ko: "y. M.", ru: "MM.y", sv: "y-MM", pl: "MM.y", tr: "MM/y", da: "M.y", nb: "M.y", fi: "M.y", cs: "M/y", uk: "MM.y",
    };
    const NUMERIC_MONTH_DAYS = {
        en: "M/d", "en-GB": "dd/MM", "en-AU": "d/M", "en-NZ": "d/M", "en-IN": "dd/MM", "en-CA": "MM-dd", "en-IE": "d/M", "en-ZA": "MM/dd",
        de: "d.M.", fr: "dd/MM", "fr-CA": "MM-dd", "fr-CH": "dd.MM.", es: "d/M", it: "dd/MM", pt: "dd/MM", nl: "d-M", ja: "M/d", zh: "M/d",
        ko: "M. d.", ru: "dd.MM", sv: "d/M", pl: "d.MM", tr: "d/M", da: "d.M", nb: "d.M.", fi: "d.M.", cs: "d. M.", uk: "dd.MM",
    };
    // A single numeric field is its number, except where a language writes a unit after it.
    const UNIT_AFTER_NUMBER = new Set(["ja", "zh", "ko"]);
    const DATE_TIME_JOINER = { fr: " ", ja: " ", zh: " ", ko: " ", sv: " ", tr: " ", cs: " " };
    const DATE_FIELDS = ["weekday", "era", "year", "month", "day"];
    const TIME_FIELDS = ["dayPeriod", "hour", "minute", "second", "fractionalSecondDigits"];
    // ICU writes a narrow no-break space before AM/PM; V8 writes a space, as browsers did
    // before (web pages split on it).
    const spaced = (text) => text.replace(/\u202f/g, " ");
    const FORMS = { yMd: NUMERIC_DATES, yM: NUMERIC_YEAR_MONTHS, Md: NUMERIC_MONTH_DAYS };
    const patternOf = (locale, form) => {
        const table = FORMS[form];
        if (table !== undefined) return table[locale] ?? table[languageOf(locale)];
        return UNIT_AFTER_NUMBER.has(languageOf(locale)) ? undefined : form;
    };

    // Whether `options` ask for a numeric date (each of year, month and day they name numeric,
    // or no date or time field at all, which means all three), which of the three (`form`:
    // `yMd`, `yM`, `Md`, `y`, `M` or `d`), and whether they ask for time fields too.
    const numericDate = (options, defaults) => {
        if (own(options, "dateStyle") !== undefined || own(options, "timeStyle") !== undefined) return null;
        const asked = DATE_FIELDS.filter((field) => own(options, field) !== undefined);
        const time = TIME_FIELDS.filter((field) => own(options, field) !== undefined);
        if (asked.length === 0 && time.length === 0) return defaults;
        const numeric = asked.length > 0 && asked.every((field) => (field === "year" || field === "month" || field === "day") && (options[field] === "numeric" || options[field] === "2-digit"));
        if (!numeric) return null;
        const form = `${asked.includes("year") ? "y" : ""}${asked.includes("month") ? "M" : ""}${asked.includes("day") ? "d" : ""}`;
        if (form === "yd") return null;
        return { date: true, time: time.length > 0, form, digits: { y: options.year, M: options.month, d: options.day } };
    };

    const parts = (timeZone) => {
        const zone = timeZone === undefined ? {} : { timeZone };
        return {
            year: new NativeDateTimeFormat("en-US", { year: "numeric", ...zone }),
            month: new NativeDateTimeFormat("en-US", { month: "numeric", ...zone }),
            day: new NativeDateTimeFormat("en-US", { day: "numeric", ...zone }),
        };
    };
    const pad = (text) => (text.length < 2 ? `0${text}` : text);
    // `digits`: which of y, M, d were asked as "2-digit" (a two-digit year, a padded month or day).
    const writeDate = (pattern, fields, date, digits) => {
        const values = { y: fields.year.format(date), M: fields.month.format(date), d: fields.day.format(date) };
        if (digits?.y === "2-digit") values.y = values.y.slice(-2);
        let out = "";
        for (let index = 0; index < pattern.length; index++) {
            const c = pattern[index];
            if (c === "y" || c === "M" || c === "d") {
                const double = pattern[index + 1] === c;
                out += double || (c !== "y" && digits?.[c] === "2-digit") ? pad(values[c]) : values[c];
                if (double) index++;
            } else out += c;
        }
        return out;
    };

    // Boa resolves a time zone to its BCP 47 id (`usnyc`, `utc`); V8 gives the IANA name, as
    // written by the caller, with every name of UTC as `UTC`.
    const UTC_NAMES = new Set(["utc", "uct", "gmt", "gmt0", "gmt+0", "gmt-0", "greenwich", "universal", "zulu"]);
    const zoneName = (given, resolved) => {
        const name = given === undefined ? resolved : String(given);
        if (UTC_NAMES.has(name.toLowerCase().replace(/^etc\//, ""))) return "UTC";
        if (given === undefined || /[A-Z]/.test(name)) return name;
        return name.replace(/(^|[/_-])([a-z])/g, (_, before, letter) => before + letter.toUpperCase());
    };

    function DateTimeFormat(locales, options) {
        if (new.target === undefined) return new DateTimeFormat(locales, options);
        const native = new NativeDateTimeFormat(locales, options);
        const locale = native.resolvedOptions().locale;
        const shape = numericDate(options, { date: true, time: false, form: "yMd" });
        const pattern = shape === null ? undefined : patternOf(locale, shape.form);
        const zone = own(options, "timeZone");
        const hour = own(options, "hour");
        // The options as given, read once, for `formatToParts`.
        const given = {};
        for (const key of [...DATE_FIELDS, ...TIME_FIELDS, "timeZoneName", "dateStyle", "timeStyle", "hour12", "hourCycle"]) {
            if (own(options, key) !== undefined) given[key] = options[key];
        }
        if (shape === null || pattern === undefined) {
            state.set(this, { native, zone, locale, given, options: { hour } });
            return;
        }
        const timeOptions = {};
        for (const key of [...TIME_FIELDS, "hour12", "hourCycle", "timeZone", "timeZoneName"]) {
            if (own(options, key) !== undefined) timeOptions[key] = options[key];
        }
        const time = shape.time ? new NativeDateTimeFormat(locales, timeOptions) : undefined;
        const joiner = DATE_TIME_JOINER[languageOf(locale)] ?? ", ";
        state.set(this, { native, zone, locale, given, options: { hour }, pattern, digits: shape.digits, fields: parts(zone), time, joiner });
    }

    // `hour: "2-digit"`: Boa writes `3:04 PM`, V8 `03:04 PM` (and `03:04` where the day has 24).
    const hourDigits = (text, options) =>
        own(options, "hour") === "2-digit" ? text.replace(/(^|\D)(\d)(:\d\d| [AP]M)/, (_, before, hour, rest) => `${before}0${hour}${rest}`) : text;

    // `raw`: with ICU's narrow no-break space before AM/PM, which V8's `formatToParts` keeps.
    const formatDate = (self, value, raw = false) => {
        const s = state.get(self);
        if (s === undefined) throw new TypeError("Intl.DateTimeFormat.prototype.format called on an incompatible receiver");
        const space = raw ? (text) => text : spaced;
        if (s.pattern === undefined) return hourDigits(space(s.native.format(value)), s.options);
        const date = value === undefined ? Date.now() : value;
        if (Number.isNaN(+date)) throw new RangeError("Invalid time value");
        const written = writeDate(s.pattern, s.fields, date, s.digits);
        return s.time === undefined ? written : `${written}${s.joiner}${hourDigits(space(s.time.format(date)), s.options)}`;
    };
    defineGetter(DateTimeFormat.prototype, "format", function () {
        return (value) => formatDate(this, value);
    });
    // `formatToParts`, absent from Boa: the formatted text cut where each field's text is. A
    // text field is found as the locale writes it alone; a number is matched by its value
    // against the fields the format has (the date's in the locale's order, then the time's),
    // the local fields read in the format's zone.
    const TEXT_STYLES = ["long", "short", "narrow"];
    const NUMERIC_FIELDS = { y: "year", M: "month", d: "day" };
    const dateParts = (s, time, text) => {
        const given = s.given;
        const zone = s.zone === undefined ? {} : { timeZone: s.zone };
        const locale = s.locale;
        const spans = [];
        const free = (start, end) => spans.every((span) => end <= span.start || start >= span.end);
        const mark = (type, value) => {
            if (!value) return false;
            let at = text.indexOf(value);
            while (at >= 0 && !free(at, at + value.length)) at = text.indexOf(value, at + 1);
            if (at >= 0) spans.push({ type, start: at, end: at + value.length });
            return at >= 0;
        };
        const { dateStyle, timeStyle } = given;
        const explicit = [...DATE_FIELDS, ...TIME_FIELDS, "timeZoneName"].some((field) => given[field] !== undefined);
        const styled = dateStyle !== undefined || timeStyle !== undefined;
        const weekday = given.weekday ?? (dateStyle === "full" ? "long" : undefined);
        const month = given.month ?? ({ full: "long", long: "long", medium: "short" })[dateStyle];
        const timeZoneName = given.timeZoneName ?? ({ full: "long", long: "short" })[timeStyle];
        const alone = (options) => new NativeDateTimeFormat(locale, { ...zone, ...options }).format(time);
        // Boa does not always write the style asked: the others are tried after it.
        const markText = (type, style) => [style, ...TEXT_STYLES].some((each) => mark(type, alone({ [type]: each })));
        if (weekday !== undefined) markText("weekday", weekday);
        if (TEXT_STYLES.includes(month)) markText("month", month);
        if (timeZoneName !== undefined) mark("timeZoneName", alone({ hour: "numeric", timeZoneName }).replace(alone({ hour: "numeric" }), "").trim());
        const hasHour = given.hour !== undefined || timeStyle !== undefined;
        if (hasHour) mark("dayPeriod", alone({ hour: "numeric", hourCycle: "h12" }).replace(/[\d\s\u202f]/g, ""));
        const [M, d, , H, m, sec] = new NativeDateTimeFormat("en-US", { ...zone, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23" })
            .format(time).match(/\d+/g).map(Number);
        // Boa writes a numeric date's year with two digits, the year alone with all of them.
        const y = Number(new NativeDateTimeFormat("en-US", { ...zone, year: "numeric" }).format(time));
        const numeric = (style) => style === "numeric" || style === "2-digit";
        const present = new Set(["year", "month", "day", "hour", "minute", "second"].filter((field) => numeric(given[field])));
        if (!explicit) {
            if (dateStyle === "short" || !styled) ["year", "month", "day"].forEach((field) => present.add(field));
            if (dateStyle !== undefined) ["year", "day"].forEach((field) => present.add(field));
            if (timeStyle !== undefined) ["hour", "minute", ...(timeStyle === "short" ? [] : ["second"])].forEach((field) => present.add(field));
        }
        const tests = {
            year: (n, digits) => n === y || (digits === 2 && n === y % 100),
            month: (n) => n === M,
            day: (n) => n === d,
            hour: (n) => n === H || n === (H % 12 || 12) || n === H % 12,
            minute: (n) => n === m,
            second: (n) => n === sec,
        };
        const order = [...(patternOf(locale, "yMd") ?? "M/d/y")].map((c) => NUMERIC_FIELDS[c]).filter(Boolean);
        const candidates = [...order, "hour", "minute", "second"].filter((field) => present.has(field)).map((field) => [field, tests[field]]);
        const fraction = given.fractionalSecondDigits;
        if (fraction !== undefined) {
            const milliseconds = ((time % 1000) + 1000) % 1000;
            candidates.push(["fractionalSecond", (n, digits) => digits === fraction && n === Math.floor(milliseconds / 10 ** (3 - fraction))]);
        }
        const used = new Set();
        for (const match of text.matchAll(/\d+/g)) {
            const start = match.index;
            const end = start + match[0].length;
            if (!free(start, end)) continue;
            const found = candidates.find(([type, test]) => !used.has(type) && test(Number(match[0]), match[0].length));
            if (found === undefined) continue;
            used.add(found[0]);
            spans.push({ type: found[0], start, end });
        }
        spans.sort((a, b) => a.start - b.start);
        const result = [];
        let at = 0;
        for (const span of spans) {
            if (span.start > at) result.push({ type: "literal", value: text.slice(at, span.start) });
            result.push({ type: span.type, value: text.slice(span.start, span.end) });
            at = span.end;
        }
        if (at < text.length) result.push({ type: "literal", value: text.slice(at) });
        return result;
    };
    define(DateTimeFormat.prototype, "formatToParts", function formatToParts(value) {
        const s = state.get(this);
        if (s === undefined) throw new TypeError("Intl.DateTimeFormat.prototype.formatToParts called on an incompatible receiver");
        const time = value === undefined ? Date.now() : Number(value);
        if (!Number.isFinite(time)) throw new RangeError("Invalid time value");
        return dateParts(s, time, formatDate(this, time, true));
    });

    define(DateTimeFormat.prototype, "resolvedOptions", function () {
        const s = state.get(this);
        if (s === undefined) throw new TypeError("Intl.DateTimeFormat.prototype.resolvedOptions called on an incompatible receiver");
        const resolved = s.native.resolvedOptions();
        resolved.timeZone = zoneName(s.zone, resolved.timeZone);
        return resolved;
    });
    define(DateTimeFormat, "supportedLocalesOf", NativeDateTimeFormat.supportedLocalesOf);
    define(DateTimeFormat.prototype, Symbol.toStringTag, "Intl.DateTimeFormat");

    // `Date.prototype.toLocale*String`: the defaults of ECMA-402 (date and time, date, time).
    const nativeToLocaleString = Date.prototype.toLocaleString;
    const nativeToLocaleDateString = Date.prototype.toLocaleDateString;
    const nativeToLocaleTimeString = Date.prototype.toLocaleTimeString;
    const localeDate = (date, locales, options, time) => {
        if (Number.isNaN(+date)) return "Invalid Date";
        const shape = numericDate(options, { date: true, time, form: "yMd" });
        if (shape === null) return null;
        const dateOptions = options === undefined ? {} : { ...options };
        if (DATE_FIELDS.every((field) => own(options, field) === undefined)) Object.assign(dateOptions, { year: "numeric", month: "numeric", day: "numeric" });
        if (time && TIME_FIELDS.every((field) => own(options, field) === undefined)) {
            Object.assign(dateOptions, { hour: "numeric", minute: "2-digit", second: "2-digit" });
        }
        return new DateTimeFormat(locales, dateOptions).format(date);
    };
    define(Date.prototype, "toLocaleDateString", function toLocaleDateString(locales, options) {
        if (!(this instanceof Date)) throw new TypeError("'this' is not a Date");
        return localeDate(this, locales, options, false) ?? hourDigits(spaced(nativeToLocaleDateString.call(this, locales, options)), options);
    });
    define(Date.prototype, "toLocaleString", function toLocaleString(locales, options) {
        if (!(this instanceof Date)) throw new TypeError("'this' is not a Date");
        return localeDate(this, locales, options, true) ?? hourDigits(spaced(nativeToLocaleString.call(this, locales, options)), options);
    });
    define(Date.prototype, "toLocaleTimeString", function toLocaleTimeString(locales, options) {
        return hourDigits(spaced(nativeToLocaleTimeString.call(this, locales, options)), options);
    });

    // `Number.prototype.toLocaleString` through the number format above.
    define(Number.prototype, "toLocaleString", function toLocaleString(locales, options) {
        return new NumberFormat(locales, options).format(Number.prototype.valueOf.call(this));
    });

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
    define(RelativeTimeFormat.prototype, "format", function format(value, unit) {
        const s = state.get(this);
        if (s === undefined) throw new TypeError("Intl.RelativeTimeFormat.prototype.format called on an incompatible receiver");
        const amount = Number(value);
        if (!Number.isFinite(amount)) throw new RangeError(`Intl.RelativeTimeFormat: invalid value: ${value}`);
        const singular = String(unit).endsWith("s") ? String(unit).slice(0, -1) : String(unit);
        if (!UNITS.includes(singular)) throw new RangeError(`Intl.RelativeTimeFormat: invalid unit: ${unit}`);
        if (s.numeric === "auto" && (amount === -1 || amount === 0 || amount === 1)) {
            const word = AUTO[singular][amount + 1];
            if (word !== null) return word;
        }
        const past = amount < 0 || Object.is(amount, -0);
        const size = Math.abs(amount);
        const digits = s.number.format(size);
        let phrase;
        if (s.style === "narrow") phrase = `${digits}${NARROW_UNIT[singular]}`;
        else if (s.style === "short") phrase = `${digits} ${size === 1 ? SHORT[singular] : SHORT_PLURAL[singular]}`;
        else phrase = `${digits} ${singular}${size === 1 ? "" : "s"}`;
        return past ? `${phrase} ago` : `in ${phrase}`;
    });
    define(RelativeTimeFormat.prototype, "resolvedOptions", function resolvedOptions() {
        const s = state.get(this);
        if (s === undefined) throw new TypeError("Intl.RelativeTimeFormat.prototype.resolvedOptions called on an incompatible receiver");
        return { locale: s.locale, style: s.style, numeric: s.numeric, numberingSystem: "latn" };
    });
    define(RelativeTimeFormat, "supportedLocalesOf", (locales) => (localeOf(locales) && String(locales).startsWith("en") ? [localeOf(locales)] : []));
    define(RelativeTimeFormat.prototype, Symbol.toStringTag, "Intl.RelativeTimeFormat");

    define(Intl, "NumberFormat", NumberFormat);
    define(Intl, "DateTimeFormat", DateTimeFormat);
    define(Intl, "RelativeTimeFormat", RelativeTimeFormat);
})()
