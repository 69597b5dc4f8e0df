const D = new Date(Date.UTC(2024, 0, 15, 13, 5, 9));
const cases = {
  // A weekday in its own width beside a month, and a two-digit day beside a named month.
  weekdayWidths: ["en-US", "en-GB", "fr-FR", "es-ES", "sv-SE"].map((locale) => new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday: "short", month: "long", day: "numeric" }).format(Date.UTC(2024, 2, 5))).join(" | "),
  weekdayWithYear: ["en-US", "en-GB", "fr-FR", "sv-SE"].map((locale) => new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday: "long", month: "short", day: "numeric", year: "numeric" }).format(Date.UTC(2024, 2, 5))).join(" | "),
  weekdayNumeric: ["en-US", "en-GB", "fr-FR", "es-ES"].map((locale) => new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday: "long", month: "numeric", day: "numeric" }).format(Date.UTC(2024, 2, 5))).join(" | "),
  twoDigitDays: ["en-US", "en-GB", "de-DE", "fr-FR", "es-ES", "sv-SE"].flatMap((locale) => [{ day: "2-digit", month: "short", year: "numeric" }, { weekday: "long", day: "2-digit", month: "long" }].map((options) => new Intl.DateTimeFormat(locale, { timeZone: "UTC", ...options }).format(Date.UTC(2024, 2, 5)))).join(" | "),
  namedDateMethods: [new Date(Date.UTC(2024, 2, 5, 14, 7, 9)).toLocaleDateString("en-US", { timeZone: "UTC", weekday: "short", month: "long", day: "numeric" }), new Date(Date.UTC(2024, 2, 5)).toLocaleDateString("en-GB", { timeZone: "UTC", day: "2-digit", month: "short", year: "numeric" }), new Date(Date.UTC(2024, 2, 5, 14, 7, 9)).toLocaleString("en-US", { timeZone: "UTC", weekday: "long", month: "short", day: "numeric" }), new Date(Date.UTC(2024, 2, 5, 14, 7, 9)).toLocaleString("fr-FR", { timeZone: "UTC", weekday: "short", month: "long", day: "numeric", hour: "2-digit", minute: "2-digit" })].join(" | "),
  numericDatesAlone: ["en-US", "en-GB", "en-AU", "en-NZ", "en-IN", "en-CA", "en-IE", "en-ZA", "de-DE", "fr-FR", "fr-CA", "fr-CH", "es-ES", "it-IT", "pt-BR", "pt-PT", "nl-NL", "ja-JP", "zh-CN", "ko-KR", "ru-RU", "sv-SE", "pl-PL", "tr-TR", "da-DK", "nb-NO", "fi-FI", "cs-CZ", "uk-UA"].flatMap((locale) => [{ year: "numeric", month: "numeric", day: "numeric" }, { year: "numeric", month: "numeric" }, { month: "numeric", day: "numeric" }].map((date) => new Intl.DateTimeFormat(locale, { timeZone: "UTC", ...date }).format(Date.UTC(2024, 2, 5)))).join(" | "),
  currencyRepeated: [["en-US", { style: "currency", currency: "USD", currencySign: "accounting" }], ["de-DE", { style: "currency", currency: "EUR" }], ["en-US", { style: "currency", currency: "EUR", currencyDisplay: "name" }], ["es-ES", { style: "currency", currency: "USD" }], ["ja-JP", { style: "currency", currency: "JPY" }], ["en-US", { style: "percent" }]].map(([locale, options]) => { const f = new Intl.NumberFormat(locale, options); return [1234.5, -0.5, 1, -1234567.891, 0].map(f.format).join(" ; "); }).join(" | "),
  zonedTimeStyles: ["en-US", "en-GB", "de-DE", "fr-FR", "it-IT", "pt-BR", "nl-NL", "sv-SE", "pl-PL", "ru-RU"].flatMap((locale) => ["UTC", "America/New_York", "Asia/Kolkata"].flatMap((timeZone) => [{ timeStyle: "long" }, { timeStyle: "full" }, { dateStyle: "medium", timeStyle: "long" }].map((options) => new Intl.DateTimeFormat(locale, { timeZone, ...options }).format(Date.UTC(2024, 6, 5, 14, 7, 9))))).join(" | "),
  zonedTimeMethods: [new Date(Date.UTC(2024, 0, 5, 14, 7, 9)).toLocaleTimeString("en-US", { timeZone: "America/New_York", timeStyle: "long" }), new Date(Date.UTC(2024, 6, 5, 14, 7, 9)).toLocaleString("de-DE", { timeZone: "Europe/Berlin", dateStyle: "short", timeStyle: "full" }), new Date(Date.UTC(2024, 6, 5)).toLocaleTimeString("en-GB", { timeZone: "UTC", timeStyle: "full" })].join(" | "),
  zonedTimeLong: [["es-ES", "UTC"], ["ja-JP", "UTC"], ["ja-JP", "America/New_York"]].map(([locale, timeZone]) => new Intl.DateTimeFormat(locale, { timeZone, timeStyle: "long" }).format(Date.UTC(2024, 0, 5, 14, 7, 9))).join(" | "),
  weekdayNumericDates: ["en-US", "en-GB", "en-CA", "en-AU", "en-IN", "de-DE", "de-AT", "fr-FR", "fr-CA", "es-ES", "es-MX", "it-IT", "pt-BR", "pt-PT", "nl-NL", "sv-SE", "da-DK", "nb-NO", "fi-FI", "pl-PL", "ru-RU", "ja-JP", "ko-KR", "cs-CZ"].flatMap((locale) => [{ year: "numeric", month: "numeric", day: "numeric" }, { year: "numeric", month: "2-digit", day: "2-digit" }, { month: "numeric", day: "numeric" }].flatMap((date) => ["short", "long"].map((weekday) => new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday, ...date }).format(Date.UTC(2024, 2, 5))))).join(" | "),
  weekdayNumericParts: ["en-US", "de-DE", "fi-FI", "ja-JP", "ko-KR", "en-GB", "sv-SE"].flatMap((locale) => ["short", "long"].map((weekday) => JSON.stringify(new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday, year: "numeric", month: "numeric", day: "numeric" }).formatToParts(Date.UTC(2024, 2, 5))))).join(" | "),
  weekdayNumericMethods: [new Date(Date.UTC(2024, 11, 29)).toLocaleDateString("en-US", { timeZone: "UTC", weekday: "short", year: "numeric", month: "numeric", day: "numeric" }), new Date(Date.UTC(2024, 0, 1)).toLocaleDateString("de-DE", { timeZone: "UTC", weekday: "long", year: "numeric", month: "2-digit", day: "2-digit" }), new Date(Date.UTC(2024, 6, 14, 23, 30)).toLocaleDateString("en-GB", { weekday: "short", month: "numeric", day: "numeric", timeZone: "Asia/Tokyo" })].join(" | "),
  boundFormats: (() => { const n = new Intl.NumberFormat("en-US"); const d = new Intl.DateTimeFormat("en-US", { timeZone: "UTC" }); const wrong = (C) => { try { Object.getOwnPropertyDescriptor(C.prototype, "format").get.call({}); return "none"; } catch (e) { return e.constructor.name; } }; return [n.format === n.format, d.format === d.format, n.format.name, n.format.length, [1, 2.5, 1000].map(n.format).join(" "), [0, 86400000].map(d.format).join(" "), wrong(Intl.NumberFormat), wrong(Intl.DateTimeFormat)].join(" "); })(),
  twoDigitDaysLater: new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "2-digit", month: "long" }).format(Date.UTC(2024, 11, 25)),
  sort: ["b", "a", "C", "ä", "Z"].sort((a, b) => a.localeCompare(b)).join(","),
  collatorDe: ["z", "ä", "a"].sort(new Intl.Collator("de").compare).join(","),
  numericCollation: ["item10", "item2", "item1"].sort(new Intl.Collator("en", { numeric: true }).compare).join(","),
  enNumber: (1234567.891).toLocaleString("en-US"),
  deNumber: (1234567.891).toLocaleString("de-DE"),
  defaultNumber: (1234567.891).toLocaleString(),
  fixed2: (1234.5).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  compact: new Intl.NumberFormat("en", { notation: "compact" }).format(1234567),
  percent: new Intl.NumberFormat("en-US", { style: "percent" }).format(0.256),
  percent1: new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 }).format(0.2567),
  percentDe: new Intl.NumberFormat("de-DE", { style: "percent" }).format(0.256),
  usd: new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(1234.5),
  usdNeg: new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(-1234.5),
  eurDe: new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(1234.5),
  eurEn: (1234.5).toLocaleString("en-US", { style: "currency", currency: "EUR" }),
  gbp: new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(99),
  jpy: new Intl.NumberFormat("ja-JP", { style: "currency", currency: "JPY" }).format(1234.5),
  jpyEn: new Intl.NumberFormat("en-US", { style: "currency", currency: "JPY" }).format(1234.5),
  usdCode: new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", currencyDisplay: "code" }).format(12),
  usdName: new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", currencyDisplay: "name" }).format(12),
  usdRound: new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(1234.5),
  mapFormat: [1, 22.5].map(new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format).join(" "),
  dateEn: D.toLocaleDateString("en-US"),
  dateDefault: D.toLocaleDateString(),
  dateDe: D.toLocaleDateString("de-DE"),
  dateGb: D.toLocaleDateString("en-GB"),
  dateJa: D.toLocaleDateString("ja-JP"),
  dateFr: D.toLocaleDateString("fr-FR"),
  dateTimeEn: D.toLocaleString("en-US", { timeZone: "UTC" }),
  timeEn: D.toLocaleTimeString("en-US", { timeZone: "UTC" }),
  dateLong: D.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }),
  weekday: D.toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" }),
  dateStyle: new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(D),
  dtf: new Intl.DateTimeFormat("en-US", { timeZone: "UTC" }).format(D),
  monthShort: D.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" }),
  rtf: new Intl.RelativeTimeFormat("en", { numeric: "auto" }).format(-1, "day"),
  rtf3: new Intl.RelativeTimeFormat("en").format(3, "days"),
  rtfAgo: new Intl.RelativeTimeFormat("en").format(-2, "hour"),
  rtfShort: new Intl.RelativeTimeFormat("en", { style: "short" }).format(-5, "minute"),
  rtfNow: new Intl.RelativeTimeFormat("en", { numeric: "auto" }).format(0, "second"),
  rtfNext: new Intl.RelativeTimeFormat("en", { numeric: "auto" }).format(1, "week"),
  rtfParts: JSON.stringify([[-1234.5, "day"], [3, "hours"], [-1, "day"]].map(([v, u]) => new Intl.RelativeTimeFormat("en", { numeric: "auto" }).formatToParts(v, u))),
  unitSpeed: [0.5, 12.25, 1234.5].map((v) => new Intl.NumberFormat("en-US", { style: "unit", unit: "megabyte-per-second", maximumFractionDigits: 1 }).format(v)).join(" | "),
  unitSize: ["short", "long", "narrow"].map((unitDisplay) => new Intl.NumberFormat("de-DE", { style: "unit", unit: "kilobyte", unitDisplay }).format(1536)).join(" | "),
  percentRounding: [0.285, 0.125, 1.005].map((v) => new Intl.NumberFormat("en-US", { style: "percent" }).format(v)).join(" "),
  compactDigits: new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 2 }).format(1234567),
  accounting: new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", currencySign: "accounting" }).format(-42.5),
  monthShortDe: new Intl.DateTimeFormat("de-DE", { month: "short", day: "numeric", timeZone: "UTC" }).format(D),
  plural: [0, 1, 2].map((n) => new Intl.PluralRules("en-US").select(n)).join(","),
  ordinal: [1, 2, 3, 4, 11, 22].map((n) => new Intl.PluralRules("en-US", { type: "ordinal" }).select(n)).join(","),
  list: new Intl.ListFormat("en", { style: "long", type: "conjunction" }).format(["a", "b", "c"]),
  // `hour12` against the locale's clock: false on a 12-hour locale writes midnight as 24, true
  // on a 24-hour locale writes midnight and noon as 0; every hour of a day, bucketed as scripts do.
  hourBuckets: ["en-US", "en-IN", "en-GB", "fr-FR"].map((locale) => {
    const format = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", hour12: locale.startsWith("en-") && locale !== "en-GB" ? false : true, timeZone: "UTC" });
    return Array.from({ length: 24 }, (_, hour) => format.format(Date.UTC(2024, 0, 1, hour, 5))).join(" ");
  }).join(" | "),
  hourCycles: JSON.stringify(["en-US", "en-GB", "es-ES", "de", "ja"].flatMap((locale) => [{ hour: "numeric", hour12: false }, { hour: "numeric", hour12: true }, { hour: "numeric", hourCycle: "h24" }, { hour: "numeric", hourCycle: "h11" }, { month: "long" }, { timeStyle: "short" }].map((options) => {
    const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
    const { hourCycle, hour12 } = format.resolvedOptions();
    return [hourCycle, hour12, "hourCycle" in format.resolvedOptions()];
  }))),
  hourParts: JSON.stringify([Date.UTC(2024, 0, 1, 0, 5), Date.UTC(2024, 0, 1, 12, 5)].flatMap((time) => [["en-US", false], ["en-GB", true], ["fr-FR", true]].map(([locale, hour12]) => new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", hour12, timeZone: "UTC" }).formatToParts(time)))),
  // A narrow month or weekday alone: CLDR's narrow forms, as V8 writes them.
  narrow: ["en-US", "de-DE", "fr-FR", "es-ES", "it-IT", "ja-JP", "zh-CN", "ko-KR", "ru-RU", "pl-PL"].map((locale) => {
    const month = new Intl.DateTimeFormat(locale, { month: "narrow", timeZone: "UTC" });
    const weekday = new Intl.DateTimeFormat(locale, { weekday: "narrow", timeZone: "UTC" });
    const months = Array.from({ length: 12 }, (_, index) => month.format(Date.UTC(2024, index, 1))).join("");
    const weekdays = Array.from({ length: 7 }, (_, index) => weekday.format(Date.UTC(2024, 0, 1 + index))).join("");
    return `${locale} ${months} ${weekdays}`;
  }).join(" | "),
  narrowParts: JSON.stringify([new Intl.DateTimeFormat("en-US", { weekday: "narrow", timeZone: "UTC" }).formatToParts(Date.UTC(2024, 0, 3)), new Date(Date.UTC(2024, 4, 1)).toLocaleDateString("en-US", { month: "narrow", timeZone: "UTC" })]),
  hourTexts: [Date.UTC(2024, 0, 1, 0, 5, 9), Date.UTC(2024, 0, 1, 12, 7)].flatMap((time) => [
    new Date(time).toLocaleTimeString("en-US", { hour12: false, timeZone: "UTC" }),
    new Date(time).toLocaleString("en-US", { hour12: false, timeZone: "UTC" }),
    new Date(time).toLocaleString("en-US", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "UTC" }),
    new Date(time).toLocaleTimeString("en-GB", { hour12: true, timeZone: "UTC" }),
    new Date(time).toLocaleTimeString("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h24", timeZone: "UTC" }),
    new Intl.DateTimeFormat("en-US", { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "UTC" }).format(time),
    new Intl.DateTimeFormat("en-GB", { timeStyle: "medium", hour12: true, timeZone: "UTC" }).format(time),
  ]).join(" | "),
};
return cases;
