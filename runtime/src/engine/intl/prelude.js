// Where Boa 0.22's `Intl` gives what V8 does not, or nothing, this gives what V8 gives, for the
// formats models use; compiled the first time a script touches `Intl`, `toLocaleString`,
// `toLocaleDateString` or `toLocaleTimeString` (see `globals.rs`):
//
// - numeric dates: Boa writes the year with two digits (`1/15/24`); V8 writes `1/15/2024`, and
//   `15.1.2024`, `15/01/2024`, `2024/1/15`… by locale (CLDR's `yMd` for common languages), and
//   `1/2024`, `1/15`, `05` for fewer fields (`yM`, `Md`, one field; Boa wrote `1/24` and `5`);
// - `NaN` and `∞` (Boa throws), `notation: "scientific"` and `"engineering"` (Boa ignores them);
// - `style: "percent"` (Boa drops the `%` and the ×100; the number's decimal digits are scaled,
//   as V8 scales them) and `style: "currency"` (Boa throws "unimplemented"): written on the
//   decimal format, with CLDR's patterns and symbols for common languages and currencies, the
//   currency's own fraction digits, the code where no symbol is known, and `currencySign:
//   "accounting"`'s parentheses;
// - `style: "unit"` (Boa drops the unit): CLDR's forms of ECMA-402's units and their `-per-`
//   compounds for 15 languages, by plural category;
// - named months where Boa writes numbers (`7. Jan.`), a minute or second alone, milliseconds;
// - times: ICU puts a narrow no-break space before AM/PM, V8 a space;
// - `Intl.DateTimeFormat.prototype.formatToParts`, absent from Boa: the text cut into fields;
// - `Intl.RelativeTimeFormat`, absent from Boa: English (`in 3 days`, `yesterday`, `5 min. ago`);
//   other locales resolve to `en-US`, which the specification allows for locales without data.
//
// Everything else (`Collator`, `PluralRules`, `ListFormat`, `Segmenter`, decimal and compact
// numbers, named months and weekdays, times, `dateStyle`/`timeStyle`) is Boa's own, backed by
// ICU4X. Installed as ordinary globals and methods (writable, configurable, not enumerable).
//
// One function over five files, joined in this order by `lazy.rs` (`INTL`): this prelude (the
// shared helpers), `numbers.js`, `dates.js`, `relative_time.js`, `install.js`. None of them is
// JavaScript alone.
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

