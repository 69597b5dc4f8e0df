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
    const PERCENT_AFTER_SPACE = new Set(["de", "fr", "es", "sv", "nb", "no", "da", "fi", "cs", "sk", "ru", "uk", "el", "ca", "bg", "hr", "sl", "et", "lt", "lv"]);
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

    const ACCOUNTING = new Set(["en", "fr", "nl", "ja", "zh", "ko", "pl"]);

    // ---- numbers: units ------------------------------------------------------------------------

    // CLDR's forms of the units ECMA-402 names, as Node writes them (recorded from Node 20 by a
    // script; `#` is the number): per language its plural categories, then `~`-separated per
    // unit, in `UNIT_NAMES`' order, the short, long and narrow forms (`|`), each one form or one
    // per category (`^`); then each unit's "per" form (`#` is the unit above the line, as in
    // `#/s`); then the compounds CLDR writes its own way (`mile-per-hour=# mph|…`). A language
    // not here is written in English.
    const UNIT_NAMES = ["acre", "bit", "byte", "celsius", "centimeter", "day", "degree", "fahrenheit", "fluid-ounce", "foot", "gallon", "gigabit", "gigabyte", "gram", "hectare", "hour", "inch", "kilobit", "kilobyte", "kilogram", "kilometer", "liter", "megabit", "megabyte", "meter", "microsecond", "mile", "mile-scandinavian", "milliliter", "millimeter", "millisecond", "minute", "month", "nanosecond", "ounce", "percent", "petabyte", "pound", "second", "stone", "terabit", "terabyte", "week", "yard", "year"];
    const UNIT_DATA = {
        en: ["one other","# ac|# acre^# acres|#ac~# bit|# bit^# bits|#bit~# byte|# byte^# bytes|#B~#°C|# degree Celsius^# degrees Celsius|#°C~# cm|# centimeter^# centimeters|#cm~# day^# days|# day^# days|#d~# deg|# degree^# degrees|#°~#°F|# degree Fahrenheit^# degrees Fahrenheit|#°~# fl oz|# fluid ounce^# fluid ounces|#fl oz~# ft|# foot^# feet|#′~# gal|# gallon^# gallons|#gal~# Gb|# gigabit^# gigabits|#Gb~# GB|# gigabyte^# gigabytes|#GB~# g|# gram^# grams|#g~# ha|# hectare^# hectares|#ha~# hr|# hour^# hours|#h~# in|# inch^# inches|#″~# kb|# kilobit^# kilobits|#kb~# kB|# kilobyte^# kilobytes|#kB~# kg|# kilogram^# kilograms|#kg~# km|# kilometer^# kilometers|#km~# L|# liter^# liters|#L~# Mb|# megabit^# megabits|#Mb~# MB|# megabyte^# megabytes|#MB~# m|# meter^# meters|#m~# μs|# microsecond^# microseconds|#μs~# mi|# mile^# miles|#mi~# smi|# mile-scandinavian^# miles-scandinavian|#smi~# mL|# milliliter^# milliliters|#mL~# mm|# millimeter^# millimeters|#mm~# ms|# millisecond^# milliseconds|#ms~# min|# minute^# minutes|#m~# mth^# mths|# month^# months|#m~# ns|# nanosecond^# nanoseconds|#ns~# oz|# ounce^# ounces|#oz~#%|# percent|#%~# PB|# petabyte^# petabytes|#PB~# lb|# pound^# pounds|##~# sec|# second^# seconds|#s~# st|# stone^# stones|#st~# Tb|# terabit^# terabits|#Tb~# TB|# terabyte^# terabytes|#TB~# wk^# wks|# week^# weeks|#w~# yd|# yard^# yards|#yd~# yr^# yrs|# year^# years|#y","#/ac|# per acre|#/ac~#/bit|# per bit|#/bit~#/byte|# per byte|#/B~#/°C|# per degree Celsius|#/°C~#/cm|# per centimeter|#/cm~#/d|# per day|#/d~#/deg|# per degree|#/°~#/°F|# per degree Fahrenheit|#/°~#/fl oz|# per fluid ounce|#/fl oz~#/ft|# per foot|#/ft~#/gal US|# per gallon|#/gal~#/Gb|# per gigabit|#/Gb~#/GB|# per gigabyte|#/GB~#/g|# per gram|#/g~#/ha|# per hectare|#/ha~#/h|# per hour|#/h~#/in|# per inch|#/in~#/kb|# per kilobit|#/kb~#/kB|# per kilobyte|#/kB~#/kg|# per kilogram|#/kg~#/km|# per kilometer|#/km~#/L|# per liter|#/L~#/Mb|# per megabit|#/Mb~#/MB|# per megabyte|#/MB~#/m|# per meter|#/m~#/μs|# per microsecond|#/μs~#/mi|# per mile|#/mi~#/smi|# per mile-scandinavian|#/smi~#/mL|# per milliliter|#/mL~#/mm|# per millimeter|#/mm~#/ms|# per millisecond|#/ms~#/min|# per minute|#/min~#/m|# per month|#/m~#/ns|# per nanosecond|#/ns~#/oz|# per ounce|#/oz~#/%|# per percent|#/%~#/PB|# per petabyte|#/PB~#/lb|# per pound|#/lb~#/s|# per second|#/s~#/st|# per stone|#/st~#/Tb|# per terabit|#/Tb~#/TB|# per terabyte|#/TB~#/w|# per week|#/w~#/yd|# per yard|#/yd~#/y|# per year|#/y","mile-per-gallon=# mpg|# mile per gallon^# miles per gallon|#mpg~mile-per-hour=# mph|# mile per hour^# miles per hour|#mph"],
        "en-GB": ["one other","# ac|# acre^# acres|#ac~# bit|# bit^# bits|#bit~# byte|# byte^# bytes|#B~#°C|# degree Celsius^# degrees Celsius|#°C~# cm|# centimetre^# centimetres|#cm~# day^# days|# day^# days|#d~# deg|# degree^# degrees|#°~#°F|# degree Fahrenheit^# degrees Fahrenheit|#°F~# US fl oz|# US fluid ounce^# US fluid ounces|#US fl oz~# ft|# foot^# feet|#′~# US gal|# US gallon^# US gallons|#USgal~# Gb|# gigabit^# gigabits|#Gb~# GB|# gigabyte^# gigabytes|#GB~# g|# gram^# grams|#g~# ha|# hectare^# hectares|#ha~# hr^# hrs|# hour^# hours|#h~# in|# inch^# inches|#″~# kb|# kilobit^# kilobits|#kb~# kB|# kilobyte^# kilobytes|#kB~# kg|# kilogram^# kilograms|#kg~# km|# kilometre^# kilometres|#km~# l|# litre^# litres|#l~# Mb|# megabit^# megabits|#Mb~# MB|# megabyte^# megabytes|#MB~# m|# metre^# metres|#m~# μs|# microsecond^# microseconds|#μs~# mi|# mile^# miles|#mi~# smi|# Scandinavian mile^# Scandinavian miles|#smi~# ml|# millilitre^# millilitres|#ml~# mm|# millimetre^# millimetres|#mm~# ms|# millisecond^# milliseconds|#ms~# min^# mins|# minute^# minutes|#m~# mth^# mths|# month^# months|#m~# ns|# nanosecond^# nanoseconds|#ns~# oz|# ounce^# ounces|#oz~#%|# per cent|#%~# PB|# petabyte^# petabytes|#PB~# lb|# pound^# pounds|#lb~# sec^# secs|# second^# seconds|#s~# st|# stone|#st~# Tb|# terabit^# terabits|#Tb~# TB|# terabyte^# terabytes|#TB~# wk^# wks|# week^# weeks|#w~# yd|# yard^# yards|#yd~# yr^# yrs|# year^# years|#y","#/ac|# per acre|#/ac~#/bit|# per bit|#/bit~#/byte|# per byte|#/B~#/°C|# per degree Celsius|#/°C~#/cm|# per centimetre|#/cm~#/d|# per day|#/d~#/deg|# per degree|#/°~#/°F|# per degree Fahrenheit|#/°F~#/US fl oz|# per US fluid ounce|#/US fl oz~#/ft|# per foot|#/ft~#/US gal|# per US gallon|#/USgal~#/Gb|# per gigabit|#/Gb~#/GB|# per gigabyte|#/GB~#/g|# per gram|#/g~#/ha|# per hectare|#/ha~#/h|# per hour|#/h~#/in|# per inch|#/in~#/kb|# per kilobit|#/kb~#/kB|# per kilobyte|#/kB~#/kg|# per kilogram|#/kg~#/km|# per kilometre|#/km~#/l|# per litre|#/l~#/Mb|# per megabit|#/Mb~#/MB|# per megabyte|#/MB~#/m|# per metre|#/m~#/μs|# per microsecond|#/μs~#/mi|# per mile|#/mi~#/smi|# per Scandinavian mile|#/smi~#/ml|# per millilitre|#/ml~#/mm|# per millimetre|#/mm~#/ms|# per millisecond|#/ms~#/min|# per minute|#/min~#/m|# per month|#/m~#/ns|# per nanosecond|#/ns~#/oz|# per ounce|#/oz~#/%|# per per cent|#/%~#/PB|# per petabyte|#/PB~#/lb|# per pound|#/lb~#/s|# per second|#/s~#/st|# per stone|#/st~#/Tb|# per terabit|#/Tb~#/TB|# per terabyte|#/TB~#/w|# per week|#/w~#/yd|# per yard|#/yd~#/y|# per year|#/y","mile-per-gallon=# mpg US|# mile per US gallon^# miles per US gallon|#mpgUS~mile-per-hour=# mph|# mile per hour^# miles per hour|#mph"],
        de: ["one other","# ac|# Acre^# Acres|# ac~#\u00a0Bit^# Bit|#\u00a0Bit^# Bit|# b~#\u00a0Byte^# Byte|#\u00a0Byte^# Byte|# B~# °C|# Grad Celsius|# °C~# cm|# Zentimeter|# cm~# Tg.|# Tag^# Tage|# T~#°|# Grad|#°~# °F|# Grad Fahrenheit|#°F~# fl.oz.^# fl oz|#\u00a0Flüssigunze^#\u00a0Flüssigunzen|# fl.oz.^# fl oz~# ft|# Fuß|# ft~# gal|#\u00a0Gallone^#\u00a0Gallonen|# gal~#\u00a0Gb|#\u00a0Gigabit^# Gigabit|#\u00a0Gb~#\u00a0GB|#\u00a0Gigabyte^# Gigabyte|#\u00a0GB~# g|# Gramm|# g~# ha|# Hektar|# ha~# Std.|# Stunde^# Stunden|#h~#\u00a0in^# in|# Zoll|#\u00a0in^# in~# kb|#\u00a0Kilobit^# Kilobit|# kb~# kB|#\u00a0Kilobyte^# Kilobyte|# kB~# kg|# Kilogramm|# kg~# km|# Kilometer|# km~# l|# Liter|# l~# Mb|#\u00a0Megabit^# Megabit|# Mb~# MB|#\u00a0Megabyte^# Megabyte|# MB~# m|# Meter|# m~# μs|# Mikrosekunde^# Mikrosekunden|#μs^# μs~# mi|# Meile^# Meilen|# mi~# smi|# skandinavische Meile^# skandinavische Meilen|#smi~#\u00a0ml|#\u00a0Milliliter|#\u00a0ml~# mm|# Millimeter|# mm~# ms|# Millisekunde^# Millisekunden|#ms^# ms~# Min.|# Minute^# Minuten|# Min.~# Mon.|# Monat^# Monate|# M~# ns|# Nanosekunde^# Nanosekunden|# ns~# oz|# Unze^# Unzen|# oz~#\u00a0%|# Prozent|#\u00a0%~# PB|# Petabyte|# PB~# lb|# Pfund|# lb~# Sek.|# Sekunde^# Sekunden|# Sek.~# st|#\u00a0Stone^#\u00a0Stones|# st~# Tb|#\u00a0Terabit^# Terabit|# Tb~# TB|#\u00a0Terabyte^# Terabyte|# TB~# Wo.|# Woche^# Wochen|# W~# yd|# Yard^# Yards|# yd~# J|# Jahr^# Jahre|# J","#/ac|# pro Acre|#/ac~#/Bit|# pro Bit|#/b~#/Byte|# pro Byte|#/B~#/°C|# pro Grad Celsius|#/°C~#/cm|# pro Zentimeter|#/cm~#/T|# pro Tag|#/T~#/°|# pro Grad|#/°~#/°F|# pro Grad Fahrenheit|#/°F~#/fl.oz.|# pro Flüssigunze|#/fl.oz.~#/ft|# pro Fuß|#/ft~#/gal|# pro Gallone|#/gal~#/Gb|# pro Gigabit|#/Gb~#/GB|# pro Gigabyte|#/GB~#/g|# pro Gramm|#/g~#/ha|# pro Hektar|#/ha~#/h|# pro Stunde|#/h~#/in|# pro Zoll|#/in~#/kb|# pro Kilobit|#/kb~#/kB|# pro Kilobyte|#/kB~#/kg|# pro Kilogramm|#/kg~#/km|# pro Kilometer|#/km~#/l|# pro Liter|#/l~#/Mb|# pro Megabit|#/Mb~#/MB|# pro Megabyte|#/MB~#/m|# pro Meter|#/m~#/μs|# pro Mikrosekunde|#/μs~#/mi|# pro Meile|#/mi~#/smi|# pro skandinavische Meile|#/smi~#/ml|# pro Milliliter|#/ml~#/mm|# pro Millimeter|#/mm~#/ms|# pro Millisekunde|#/ms~#/min|# pro Minute|#/min~#/M|# pro Monat|#/M~#/ns|# pro Nanosekunde|#/ns~#/oz|# pro Unze|#/oz~#/%|# pro Prozent|#/%~#/PB|# pro Petabyte|#/PB~#/lb|# pro Pfund|#/lb~#/s|# pro Sekunde|#/s~#/st|# pro Stone|#/st~#/Tb|# pro Terabit|#/Tb~#/TB|# pro Terabyte|#/TB~#/W|# pro Woche|#/W~#/yd|# pro Yard|#/yd~#/J|# pro Jahr|#/J","liter-per-kilometer=#\u00a0l/km|#\u00a0Liter pro Kilometer|#l/km~mile-per-gallon=# mpg|#\u00a0Meile pro Gallone^#\u00a0Meilen pro Gallone|#mpg"],
        fr: ["many one other","#\u202fac|#\u00a0acres anglo-saxonnes^#\u00a0acre anglo-saxonne^#\u00a0acres anglo-saxonnes|#ac~#\u202fbit|#\u00a0bits^#\u00a0bit^#\u00a0bits|#bit~#\u202fo|#\u00a0octets^#\u00a0octet^#\u00a0octets|#o~#\u202f°C|#\u00a0degrés Celsius^#\u00a0degré Celsius^#\u00a0degrés Celsius|#°C~#\u202fcm|#\u00a0centimètres^#\u00a0centimètre^#\u00a0centimètres|#cm~#\u202fj|#\u00a0jours^#\u00a0jour^#\u00a0jours|#j~#°|#\u00a0degrés^#\u00a0degré^#\u00a0degrés|#°~#\u202f°F|#\u00a0degrés Fahrenheit^#\u00a0degré Fahrenheit^#\u00a0degrés Fahrenheit|#°F~# fl oz|# onces liquides^# once liquide^# onces liquides|#fl oz~#\u202fpi|# pieds^#\u00a0pied^# pieds|#′~# gal|# gallons^# gallon^# gallons|#gal~#\u202fGbit|#\u00a0gigabits^#\u00a0gigabit^#\u00a0gigabits|#Gbit~#\u202fGo|#\u00a0gigaoctets^#\u00a0gigaoctet^#\u00a0gigaoctets|#Go~#\u202fg|#\u00a0grammes^#\u00a0gramme^#\u00a0grammes|#g~#\u202fha|#\u00a0hectares^#\u00a0hectare^#\u00a0hectares|#ha~#\u202fh|#\u00a0heures^#\u00a0heure^#\u00a0heures|#h~#\u202fpo|#\u00a0pouces^#\u00a0pouce^#\u00a0pouces|#″~#\u202fkbit|#\u00a0kilobits^#\u00a0kilobit^#\u00a0kilobits|#kbit~#\u202fko|#\u00a0kilooctets^#\u00a0kilooctet^#\u00a0kilooctets|#ko~#\u202fkg|#\u00a0kilogrammes^#\u00a0kilogramme^#\u00a0kilogrammes|#kg~#\u202fkm|#\u00a0kilomètres^#\u00a0kilomètre^#\u00a0kilomètres|#km~#\u202fl|#\u00a0litres^#\u00a0litre^#\u00a0litres|#l~#\u202fMbit|#\u00a0mégabits^#\u00a0mégabit^#\u00a0mégabits|#Mbit~#\u202fMo|#\u00a0mégaoctets^#\u00a0mégaoctet^#\u00a0mégaoctets|#Mo~#\u202fm|#\u00a0mètres^#\u00a0mètre^#\u00a0mètres|#m~#\u202fμs|#\u00a0microsecondes^#\u00a0microseconde^#\u00a0microsecondes|#μs~#\u202fmi|#\u00a0miles^#\u00a0mile^#\u00a0miles|#mi~#\u202fsmi|#\u00a0milles scandinaves^#\u00a0mille scandinave^#\u00a0milles scandinaves|#\u202fsmi~# ml|# millilitres^# millilitre^# millilitres|#ml~#\u202fmm|#\u00a0millimètres^#\u00a0millimètre^#\u00a0millimètres|#mm~#\u202fms|#\u00a0millisecondes^#\u00a0milliseconde^#\u00a0millisecondes|#ms~#\u00a0min|# minutes^# minute^# minutes|#min~#\u202fm.|#\u00a0mois|#m.~#\u202fns|#\u00a0nanosecondes^#\u00a0nanoseconde^#\u00a0nanosecondes|#ns~#\u202foz|#\u00a0onces^#\u00a0once^#\u00a0onces|#oz~#\u00a0%|# pour cent|#\u00a0%~#\u202fPo|#\u00a0pétaoctets^#\u00a0pétaoctet^#\u00a0pétaoctets|#Po~#\u202flb|#\u00a0livres^#\u00a0livre^#\u00a0livres|#lb~#\u202fs|#\u00a0secondes^#\u00a0seconde^#\u00a0secondes|#s~# st|# stones^# stone^# stones|# st~# Tbit^#\u202fTbit^# Tbit|#\u00a0térabits^#\u00a0térabit^#\u00a0térabits|#Tbit~#\u202fTo|#\u00a0téraoctets^#\u00a0téraoctet^#\u00a0téraoctets|#To~#\u202fsem.|#\u00a0semaines^#\u00a0semaine^#\u00a0semaines|#sem.~#\u202fyd|#\u00a0yards^#\u00a0yard^#\u00a0yards|#yd~#\u00a0ans^#\u00a0an^#\u00a0ans|# ans^#\u00a0an^# ans|#a","#/ac|# par acre anglo-saxonne|#/ac~#/bit|# par bit|#/bit~#/o|# par octet|#/o~#/°C|# par degré Celsius|#/°C~#/cm|# par centimètre|#/cm~#/j|# par jour|#/j~#/°|# par degré|#/°~#/°F|# par degré Fahrenheit|#/°F~#/fl oz|# par once liquide|#/fl oz~#/pi|# par pied|#/pi~#/gal|# par gallon|#/gal~#/Gbit|# par gigabit|#/Gbit~#/Go|# par gigaoctet|#/Go~#/g|# par gramme|#/g~#/ha|# par hectare|#/ha~#/h|# par heure|#/h~#/po|# par pouce|#/po~#/kbit|# par kilobit|#/kbit~#/ko|# par kilooctet|#/ko~#/kg|# par kilogramme|#/kg~#/km|# par kilomètre|#/km~#/l|# par litre|#/l~#/Mbit|# par mégabit|#/Mbit~#/Mo|# par mégaoctet|#/Mo~#/m|# par mètre|#/m~#/μs|# par microseconde|#/μs~#/mi|# par mile|#/mi~#/smi|# par mille scandinave|#/smi~#/ml|# par millilitre|#/ml~#/mm|# par millimètre|#/mm~#/ms|# par milliseconde|#/ms~#/min|# par minute|#/min~#/m.|# par mois|#/m.~#/ns|# par nanoseconde|#/ns~#/oz|# par once|#/oz~#/%|# par pour cent|#/%~#/Po|# par pétaoctet|#/Po~#/lb|# par livre|#/lb~#/s|# par seconde|#/s~#/st|# par stone|#/st~#/Tbit|# par térabit|#/Tbit~#/To|# par téraoctet|#/To~#/sem.|# par semaine|#/sem.~#/yd|# par yard|#/yd~#/an|# par an|#/a","liter-per-kilometer=#\u202fl/km|# litres au kilomètre^# litre au kilomètre^# litres au kilomètre|#l/km~meter-per-second=#\u202fm/s|#\u00a0mètres par seconde^#\u00a0mètre par seconde^#\u00a0mètres par seconde|#m/s^#\u202fm/s^#m/s~mile-per-hour=#\u202fmi/h|#\u00a0miles par heure^#\u00a0mile par heure^#\u00a0miles par heure|#\u202fmi/h"],
        es: ["many one other","# ac|# acres^# acre^# acres|#ac~# b|# bits^# bit^# bits|#b~# B|# bytes^# byte^# bytes|#B~# °C|# grados Celsius^# grado Celsius^# grados Celsius|#°C~# cm|# centímetros^# centímetro^# centímetros|#cm~# d|# días^# día^# días|#d~#°|# grados^# grado^# grados|#°~# °F|# grados Fahrenheit^# grado Fahrenheit^# grados Fahrenheit|#°F~# fl oz|# onzas líquidas^# onza líquida^# onzas líquidas|#fl oz~# ft|# pies^# pie^# pies|#ft~# gal|# galones^# galón^# galones|#gal~# Gb|# gigabits^# gigabit^# gigabits|#Gb~# GB|# gigabytes^# gigabyte^# gigabytes|#GB~# g|# gramos^# gramo^# gramos|#g~# ha|# hectáreas^# hectárea^# hectáreas|#ha~# h|# horas^# hora^# horas|#h~# in|# pulgadas^# pulgada^# pulgadas|#in~# kb|# kilobits^# kilobit^# kilobits|#kb~# kB|# kilobytes^# kilobyte^# kilobytes|#kB~# kg|# kilogramos^# kilogramo^# kilogramos|#kg~# km|# kilómetros^# kilómetro^# kilómetros|#km~# l|# litros^# litro^# litros|#l~# Mb|# megabits^# megabit^# megabits|#Mb~# MB|# megabytes^# megabyte^# megabytes|#MB~# m|# metros^# metro^# metros|#m~# μs|# microsegundos^# microsegundo^# microsegundos|#μs~# mi|# millas^# milla^# millas|#mi~# mi esc.|# millas escandinavas^# milla escandinava^# millas escandinavas|#mi esc~# ml|# mililitros^# mililitro^# mililitros|# ml~# mm|# milímetros^# milímetro^# milímetros|#mm~# ms|# milisegundos^# milisegundo^# milisegundos|#ms~# min|# minutos^# minuto^# minutos|#min~# m.|# meses^# mes^# meses|#m~# ns|# nanosegundos^# nanosegundo^# nanosegundos|#ns~# oz|# onzas^# onza^# onzas|#oz~#\u00a0%|# por ciento|#\u00a0%~# PB|# petabytes^# petabyte^# petabytes|#PB~# lb|# libras^# libra^# libras|#lb~# s|# segundos^# segundo^# segundos|#s~# st|# stones^# stone^# stones|#st~# Tb|# terabits^# terabit^# terabits|#Tb~# TB|# terabytes^# terabyte^# terabytes|#TB~# sem.|# semanas^# semana^# semanas|#sem~# yd|# yardas^# yarda^# yardas|#yd~# a|# años^# año^# años|#a","#/ac|# por acre|#/ac~#/b|# por bit|#/b~#/B|# por byte|#/B~#/°C|# por grado Celsius|#/°C~#/cm|# por centímetro|#/cm~#/d|# por día|#/d~#/°|# por grado|#/°~#/°F|# por grado Fahrenheit|#/°F~#/fl oz|# por onza líquida|#/fl oz~#/ft|# por pie|#/ft~#/gal|# por galón|#/gal~#/Gb|# por gigabit|#/Gb~#/GB|# por gigabyte|#/GB~#/g|# por gramo|#/g~#/ha|# por hectárea|#/ha~#/h|# por hora|#/h~#/in|# por pulgada|#/in~#/kb|# por kilobit|#/kb~#/kB|# por kilobyte|#/kB~#/kg|# por kilogramo|#/kg~#/km|# por kilómetro|#/km~#/l|# por litro|#/l~#/Mb|# por megabit|#/Mb~#/MB|# por megabyte|#/MB~#/m|# por metro|#/m~#/μs|# por microsegundo|#/μs~#/mi|# por milla|#/mi~#/mi esc.|# por milla escandinava|#/mi esc~#/ml|# por mililitro|#/ml~#/mm|# por milímetro|#/mm~#/ms|# por milisegundo|#/ms~#/min|# por minuto|#/min~#/m.|# por mes|#/m~#/ns|# por nanosegundo|#/ns~#/oz|# por onza|#/oz~#/%|# por por ciento|#/%~#/PB|# por petabyte|#/PB~#/lb|# por libra|#/lb~#/s|# por segundo|#/s~#/st|# por stone|#/st~#/Tb|# por terabit|#/Tb~#/TB|# por terabyte|#/TB~#/sem.|# por semana|#/sem~#/yd|# por yarda|#/yd~#/a|# por año|#/a",""],
        it: ["many one other","# ac|# acri^# acro^# acri|#ac~# bit|# bit|#bit~# byte|# byte|#B~# °C|# gradi Celsius^# grado Celsius^# gradi Celsius|#°C~# cm|# centimetri^# centimetro^# centimetri|#cm~# giorni^# giorno^# giorni|# giorni^# giorno^# giorni|#gg^#g^#gg~#°|# gradi^# grado^# gradi|#°~# °F|# gradi Fahrenheit^# grado Fahrenheit^# gradi Fahrenheit|#°F~# fl oz|# once liquide^# oncia liquida^# once liquide|#fl oz~# ft|# piedi^# piede^# piedi|#ft~# gal|# galloni^# gallone^# galloni|#gal~# Gb|# gigabit|#Gb~# GB|# gigabyte|#GB~# g|# grammi^# grammo^# grammi|#g~# ha|# ettari^# ettaro^# ettari|#ha~# h|# ore^# ora^# ore|#h~# in|# pollici^# pollice^# pollici|#″~# kb|# kilobit|#kb~# kB|# kilobyte|#kB~# kg|# chilogrammi^# chilogrammo^# chilogrammi|#kg~# km|# chilometri^# chilometro^# chilometri|#km~# l|# litri^# litro^# litri|#l~# Mb|# megabit|#Mb~# MB|# megabyte|#MB~# m|# metri^# metro^# metri|#m~# μs|# microsecondi^# microsecondo^# microsecondi|#μs~# mi|# miglia^# miglio^# miglia|#mi~# smi|# miglia scandinave^# miglio scandinavo^# miglia scandinave|#smi~# ml|# millilitri^# millilitro^# millilitri|#ml~# mm|# millimetri^# millimetro^# millimetri|#mm~# ms|# millisecondi^# millisecondo^# millisecondi|#ms~# min|# minuti^# minuto^# minuti|#min~# mesi^# mese^# mesi|# mesi^# mese^# mesi|# mesi^# mese^# mesi~# ns|# nanosecondi^# nanosecondo^# nanosecondi|#ns~# oz|# once^# oncia^# once|#oz~#%|# percento|#%~# PB|# petabyte|#PB~# lb|# libbre^# libbra^# libbre|#lb~# s|# secondi^# secondo^# secondi|#s~# st|# stone|#st~# Tb|# terabit|#Tb~# TB|# terabyte|#TB~# sett.|# settimane^# settimana^# settimane|#sett.~# yd|# iarde^# iarda^# iarde|#yd~# anni^# anno^# anni|# anni^# anno^# anni|#anni^#anno^#anni","#/ac|# al acro|#/ac~#/bit|# al bit|#/bit~#/byte|# al byte|#/B~#/°C|# al grado Celsius|#/°C~#/cm|# per centimetro|#/cm~#/giorno|# al giorno|#/g~#/°|# al grado|#/°~#/°F|# al grado Fahrenheit|#/°F~#/fl oz|# al oncia liquida|#/fl oz~#/ft|# per piede|#/ft~#/gal|# per gallone|#/gal~#/Gb|# al gigabit|#/Gb~#/GB|# al gigabyte|#/GB~#/g|# per grammo|#/g~#/ha|# al ettaro|#/ha~#/h|# all’ora|#/h~#/in|# per pollice|#/in~#/kb|# al kilobit|#/kb~#/kB|# al kilobyte|#/kB~#/kg|# per chilogrammo|#/kg~#/km|# per chilometro|#/km~#/l|# per litro|#/l~#/Mb|# al megabit|#/Mb~#/MB|# al megabyte|#/MB~#/m|# per metro|#/m~#/μs|# al microsecondo|#/μs~#/mi|# al miglio|#/mi~#/smi|# al miglio scandinavo|#/smi~#/ml|# al millilitro|#/ml~#/mm|# al millimetro|#/mm~#/ms|# al millisecondo|#/ms~#/min|# al minuto|#/min~#/mese|# al mese|#/mese~#/ns|# al nanosecondo|#/ns~#/oz|# per oncia|#/oz~#/%|# al percento|#/%~#/PB|# al petabyte|#/PB~#/lb|# per libbra|#/lb~#/s|# al secondo|#/s~#/st|# al stone|#/st~#/Tb|# al terabit|#/Tb~#/TB|# al terabyte|#/TB~#/settimana|# alla settimana|#/sett.~#/yd|# al iarda|#/yd~#/anno|# all’anno|#/anno","kilometer-per-hour=# km/h|# chilometri orari^# chilometro orario^# chilometri orari|#km/h~liter-per-kilometer=# L/km|# litri per chilometro^# litro per chilometro^# litri per chilometro|#L/km~mile-per-gallon=# mpg|# miglia per gallone^# miglio per gallone^# miglia per gallone|#mpg"],
        pt: ["many one other","# ac|# acres^# acre^# acres|# acres^# acre^# acres~# bits|# bits^# bit^# bits|# bits^# bit^# bits~# bytes|# bytes^# byte^# bytes|# B~# °C|# graus Celsius^# grau Celsius^# graus Celsius|# °C~# cm|# centímetros^# centímetro^# centímetros|# cm~# dias^# dia^# dias|# dias^# dia^# dias|# dias^# dia^# dias~# °|# graus^# grau^# graus|# °~# °F|# graus Fahrenheit^# grau Fahrenheit^# graus Fahrenheit|# °F~# fl oz|# onças fluidas^# onça fluida^# onças fluidas|# fl. oz.~# ft|# pés^# pé^# pés|#′~# gal|# galões^# galão^# galões|# gal~# Gb|# gigabits^# gigabit^# gigabits|# Gb~# GB|# gigabytes^# gigabyte^# gigabytes|# GB~# g|# gramas^# grama^# gramas|#g~# ha|# hectares^# hectare^# hectares|# ha~# h|# horas^# hora^# horas|# h~# pol.|# polegadas^# polegada^# polegadas|#″~# kb|# kilobits^# kilobit^# kilobits|# kb~# kB|# kilobytes^# kilobyte^# kilobytes|# kB~# kg|# quilogramas^# quilograma^# quilogramas|#kg~# km|# quilômetros^# quilômetro^# quilômetros|# km~# l|# litros^# litro^# litros|#l~# Mb|# megabits^# megabit^# megabits|# Mb~# MB|# megabytes^# megabyte^# megabytes|# MB~# m|# metros^# metro^# metros|# m~# μs|# microssegundos^# microssegundo^# microssegundos|# μs~# mi|# milhas^# milha^# milhas|# mi~# smi|# milhas escandinavas^# milha escandinava^# milhas escandinavas|# smi~# ml|# mililitros^# mililitro^# mililitros|# ml~# mm|# milímetros^# milímetro^# milímetros|# mm~# ms|# milissegundos^# milissegundo^# milissegundos|# ms~# min|# minutos^# minuto^# minutos|# min~# meses^# mês^# meses|# meses^# mês^# meses|# meses^# mês^# meses~# ns|# nanossegundos^# nanossegundo^# nanossegundos|# ns~# oz|# onças^# onça^# onças|# oz~#%|# por cento|#%~# PB|# petabytes^# petabyte^# petabytes|# PB~# lb|# libras^# libra^# libras|# lb~# s|# segundos^# segundo^# segundos|# s~# st|# stones^# stone^# stones|# st~# Tb|# terabits^# terabit^# terabits|# Tb~# TB|# terabytes^# terabyte^# terabytes|# TB~# sem.|# semanas^# semana^# semanas|# sem.~# yd|# jardas^# jarda^# jardas|# yd~# anos^# ano^# anos|# anos^# ano^# anos|# anos^# ano^# anos","#/ac|# por acre|#/acre~#/bits|# por bit|#/bit~#/bytes|# por byte|#/B~#/°C|# por grau Celsius|#/°C~#/cm|# por centímetro|#/cm~#/dia|# por dia|#/dia~#/°|# por grau|#/°~#/°F|# por grau Fahrenheit|#/°F~#/fl oz|# por onça fluida|#/fl. oz.~#/ft|# por pé|#/ft~#/gal|# por galão|#/gal~#/Gb|# por gigabit|#/Gb~#/GB|# por gigabyte|#/GB~#/g|# por grama|#/g~#/ha|# por hectare|#/ha~#/h|# por hora|#/h~#/pol.|# por polegada|#/pol.~#/kb|# por kilobit|#/kb~#/kB|# por kilobyte|#/kB~#/kg|# por quilograma|#/kg~#/km|# por quilômetro|#/km~#/l|# por litro|#/l~#/Mb|# por megabit|#/Mb~#/MB|# por megabyte|#/MB~#/m|# por metro|#/m~#/μs|# por microssegundo|#/μs~#/mi|# por milha|#/mi~#/smi|# por milha escandinava|#/smi~#/ml|# por mililitro|#/ml~#/mm|# por milímetro|#/mm~#/ms|# por milissegundo|#/ms~#/min|# por minuto|#/min~#/mês|# por mês|#/mês~#/ns|# por nanossegundo|#/ns~#/oz|# por onça|#/oz~#/%|# por por cento|#/%~#/PB|# por petabyte|#/PB~#/lb|# por libra|#/lb~#/s|# por segundo|#/s~#/st|# por stone|#/st~#/Tb|# por terabit|#/Tb~#/TB|# por terabyte|#/TB~#/sem.|# por semana|#/sem.~#/yd|# por jarda|#/yd~#/ano|# por ano|#/ano","kilometer-per-hour=# km/h|# quilômetros por hora^# quilômetro por hora^# quilômetros por hora|#km/h~liter-per-kilometer=# l/km|# litros por quilômetro^# litro por quilômetro^# litros por quilômetro|# l/km~mile-per-gallon=# mpg|# milhas por galão^# milha por galão^# milhas por galão|# mpg~mile-per-hour=# mph|# milhas por hora^# milha por hora^# milhas por hora|# mph"],
        nl: ["one other","# acre^# acres|# acre^# acres|# acre^# acres~# bit^# bits|# bit^# bits|# bit^# bits~# byte|# byte|# byte~#°C|# graad Celsius^# graden Celsius|#°~# cm|# centimeter|# cm~# dag^# dagen|# dag^# dagen|# d~#°|# booggraad^# booggraden|#°~#°F|# graad Fahrenheit^# graden Fahrenheit|#°F~# fl oz|# fluid ounce|# fl oz~# ft|# voet|# ft~# gal|# gallon|# gal~# Gb|# gigabit^# gigabits|# Gb~# GB|# gigabyte|# GB~# g|# gram|# g~# ha|# hectare|# ha~# uur|# uur|# u~# in|# inch^# inches|#″~# kb|# kilobit^# kilobits|# kb~# kB|# kilobyte|# kB~# kg|# kilogram|# kg~# km|# kilometer|# km~# l|# liter|# l~# Mb|# megabit^# megabits|# Mb~# MB|# megabyte|# MB~# m|# meter|# m~# μs|# microseconde^# microseconden|# μs~# mi|# mijl|# mi~# smi|# Scandinavische mijl|# smi~# ml|# milliliter|# ml~# mm|# millimeter|# mm~# ms|# milliseconde^# milliseconden|# ms~# min|# minuut^# minuten|# m~# mnd|# maand^# maanden|# m~# ns|# nanoseconde^# nanoseconden|# ns~# oz|# ounce|# oz~#%|# procent|#%~# PB|# petabyte|# PB~# lb|# pound|# lb~# sec|# seconde^# seconden|# s~# st|# stone|# st~# Tb|# terabit^# terabits|# Tb~# TB|# terabyte|# TB~# wk^# wkn|# week^# weken|# w~# yd|# yard^# yards|# yd~# jr|# jaar|# jr","#/acre|# per acre|#/acre~#/bit|# per bit|#/bit~#/byte|# per byte|#/byte~#/°C|# per graad Celsius|#/°~#/cm|# per centimeter|#/cm~#/dag|# per dag|#/d~#/°|# per booggraad|#/°~#/°F|# per graad Fahrenheit|#/°F~#/fl oz|# per fluid ounce|#/fl oz~#/ft|# per voet|#/ft~#/gal|# per gallon|#/gal~#/Gb|# per gigabit|#/Gb~#/GB|# per gigabyte|#/GB~#/g|# per gram|#/g~#/ha|# per hectare|#/ha~#/uur|# per uur|#/u~#/in|# per inch|#/in~#/kb|# per kilobit|#/kb~#/kB|# per kilobyte|#/kB~#/kg|# per kilogram|#/kg~#/km|# per kilometer|#/km~#/l|# per liter|#/l~#/Mb|# per megabit|#/Mb~#/MB|# per megabyte|#/MB~#/m|# per meter|#/m~#/μs|# per microseconde|#/μs~#/mi|# per mijl|#/mi~#/smi|# per Scandinavische mijl|#/smi~#/ml|# per milliliter|#/ml~#/mm|# per millimeter|#/mm~#/ms|# per milliseconde|#/ms~#/min|# per minuut|#/m~#/mnd|# per maand|#/m~#/ns|# per nanoseconde|#/ns~#/oz|# per ounce|#/oz~#/%|# per procent|#/%~#/PB|# per petabyte|#/PB~#/lb|# per pound|#/lb~#/sec|# per seconde|#/s~#/st|# per stone|#/st~#/Tb|# per terabit|#/Tb~#/TB|# per terabyte|#/TB~#/wk|# per week|#/w~#/yd|# per yard|#/yd~#/jr|# per jaar|#/jr","kilometer-per-hour=# km/u|# kilometer per uur|# km/u~meter-per-second=# m/s|# meter per seconde|# m/s~mile-per-gallon=# mpg|# mijl per gallon|# mpg~mile-per-hour=# mi/h|# mijl per uur|# mi/h"],
        sv: ["one other","# ac|# engelskt tunnland^# engelska tunnland|#ac~# b|# bit|#b~# B|# byte|#B~# °C|# grad Celsius^# grader Celsius|#°C~# cm|# centimeter|#cm~# d|# dygn|#d~#°|# grad^# grader|#°~# °F|# grad Fahrenheit^# grader Fahrenheit|#°F~# fl oz|# fluid ounce^# fluid ounces|#fl oz~# fot|# fot|#fot~# gal|# gallon|#gal~# Gb|# gigabit|#Gb~# GB|# gigabyte|#GB~# g|# gram|#g~# ha|# hektar|#ha~# tim|# timme^# timmar|#h~# tum|# tum|#″~# kb|# kilobit|#kb~# kB|# kilobyte|#kB~# kg|# kilogram|#kg~# km|# kilometer|#km~# l|# liter|#l~# Mb|# megabit|#Mb~# MB|# megabyte|#MB~# m|# meter|#m~# μs|# mikrosekund^# mikrosekunder|#μs~# mi|# mile|#mi~# mil|# mil|#mil~# ml|# milliliter|#ml~# mm|# millimeter|#mm~# ms|# millisekund^# millisekunder|#ms~# min|# minut^# minuter|#m~# mån|# månad^# månader|#m~# ns|# nanosekund^# nanosekunder|#ns~# uns|# uns|#uns~#\u00a0%|# procent|#\u00a0%~# PB|# petabyte|#PB~# pund|# pund|#lb~# s|# sekund^# sekunder|#s~# eng. sten|# engelsk sten^# engelska stenar|# eng. s:n~# Tb|# terabit|#Tb~# TB|# terabyte|#TB~# v|# vecka^# veckor|#v~# yd|# yard|# yd^#yd~# år|# år|#å","#/ac|# per engelskt tunnland|#/ac~#/b|# per bit|#/b~#/B|# per byte|#/B~#/°C|# per grad Celsius|#/°C~#/cm|# per centimeter|#/cm~#/d|# per dygn|#/d~#/°|# per grad|#/°~#/°F|# per grad Fahrenheit|#/°F~#/fl oz|# per fluid ounce|#/fl oz~#/fot|# per fot|#/fot~#/gal US|# per gallon|#/gal US~#/Gb|# per gigabit|#/Gb~#/GB|# per gigabyte|#/GB~#/g|# per gram|#/g~#/ha|# per hektar|#/ha~#/tim|# per timme|#/tim~#/tum|# per tum|#/tum~#/kb|# per kilobit|#/kb~#/kB|# per kilobyte|#/kB~#/kg|# per kilogram|#/kg~#/km|# per kilometer|#/km~#/l|# per liter|#/l~#/Mb|# per megabit|#/Mb~#/MB|# per megabyte|#/MB~#/m|# per meter|#/m~#/μs|# per mikrosekund|#/μs~#/mi|# per mile|#/mi~#/mil|# per mil|#/mil~#/ml|# per milliliter|#/ml~#/mm|# per millimeter|#/mm~#/ms|# per millisekund|#/ms~#/min|# per minut|#/m~#/mån|# per månad|#/m~#/ns|# per nanosekund|#/ns~#/uns|# per uns|#/uns~#/%|# per procent|#/%~#/PB|# per petabyte|#/PB~#/pund|# per pund|#/pund~#/s|# per sekund|#/s~#/eng. sten|# per engelsk sten|#/eng. s:n~#/Tb|# per terabit|#/Tb~#/TB|# per terabyte|#/TB~#/v|# per vecka|#/v~#/yd|# per yard|#/yd~#/år|# per år|#/år","kilometer-per-hour=# km/h|# kilometer per timme|#km/h~mile-per-gallon=# mpg|# mile per gallon^# miles per gallon|#mpg~mile-per-hour=# mi/h|# mile per timme|#mi/h"],
        pl: ["few many one other","# akry^# akrów^# akr^# akra|# akry^# akrów^# akr^# akra|# akry^# akrów^# akr^# akra~# b|# bity^# bitów^# bit^# bita|# b~# B|# bajty^# bajtów^# bajt^# bajta|# B~# st. C|# stopnie Celsjusza^# stopni Celsjusza^# stopień Celsjusza^# stopnia Celsjusza|#°C~# cm|# centymetry^# centymetrów^# centymetr^# centymetra|# cm~# dni^# dni^# dzień^# dnia|# dni^# dni^# dzień^# dnia|# d.~#°|# stopnie^# stopni^# stopień^# stopnia|#°~#°F|# stopnie Fahrenheita^# stopni Fahrenheita^# stopień Fahrenheita^# stopnia Fahrenheita|#°F~# fl oz am.|# uncje płynu amerykańskie^# uncji płynu amerykańskich^# uncja płynu amerykańska^# uncji płynu amerykańskiej|# fl oz am.~# ft|# stopy^# stóp^# stopa^# stopy|# ft~# gal am.|# galony amerykańskie^# galonów amerykańskich^# galon amerykański^# galona amerykańskiego|# gal am.~# Gb|# gigabity^# gigabitów^# gigabit^# gigabita|# Gb~# GB|# gigabajty^# gigabajtów^# gigabajt^# gigabajta|# GB~# g|# gramy^# gramów^# gram^# grama|# g~# ha|# hektary^# hektarów^# hektar^# hektara|# ha~# godz.|# godziny^# godzin^# godzina^# godziny|# h~# cale^# cali^# cal^# cala|# cale^# cali^# cal^# cala|#″~# kb|# kilobity^# kilobitów^# kilobit^# kilobita|# kb~# kB|# kilobajty^# kilobajtów^# kilobajt^# kilobajta|# kB~# kg|# kilogramy^# kilogramów^# kilogram^# kilograma|# kg~# km|# kilometry^# kilometrów^# kilometr^# kilometra|# km~# l|# litry^# litrów^# litr^# litra|# l~# Mb|# megabity^# megabitów^# megabit^# megabita|# Mb~# MB|# megabajty^# megabajtów^# megabajt^# megabajta|# MB~# m|# metry^# metrów^# metr^# metra|# m~# μs|# mikrosekundy^# mikrosekund^# mikrosekunda^# mikrosekundy|# μs~# mile^# mil^# mila^# mili|# mile^# mil^# mila^# mili|# mile^# mil^# mila^# mili~# smi|# mile skandynawskie^# mil skandynawskich^# mila skandynawska^# mili skandynawskiej|# smi~# ml|# mililitry^# mililitrów^# mililitr^# mililitra|# ml~# mm|# milimetry^# milimetrów^# milimetr^# milimetra|# mm~# ms|# milisekundy^# milisekund^# milisekunda^# milisekundy|# ms~# min|# minuty^# minut^# minuta^# minuty|# min~# mies.|# miesiące^# miesięcy^# miesiąc^# miesiąca|# m-ce^# m-cy^# m-c^# m-ca~# ns|# nanosekundy^# nanosekund^# nanosekunda^# nanosekundy|# ns~# oz|# uncje^# uncji^# uncja^# uncji|# oz~#%|# procent|#%~# PB|# petabajty^# petabajtów^# petabajt^# petabajta|# PB~# funty^# funtów^# funt^# funta|# funty^# funtów^# funt^# funta|# funty^# funtów^# funt^# funta~# sek.|# sekundy^# sekund^# sekunda^# sekundy|# s~# st|# kamienie^# kamieni^# kamień^# kamienia|# st~# Tb|# terabity^# terabitów^# terabit^# terabita|# Tb~# TB|# terabajty^# terabajtów^# terabajt^# terabajta|# TB~# tyg.^# tyg.^# tydz.^# tyg.|# tygodnie^# tygodni^# tydzień^# tygodnia|# t.~# yd|# jardy^# jardów^# jard^# jarda|# yd~# lata^# lat^# rok^# roku|# lata^# lat^# rok^# roku|# l.^# l.^# r.^# r.","#/akr|# na akr|#/akr~#/b|# na bit|#/b~#/B|# na bajt|#/B~#/st. C|# na stopień Celsjusza|#/°C~#/cm|# na centymetr|#/cm~#/dobę|# na dobę|#/d.~#/°|# na stopień|#/°~#/°F|# na stopień Fahrenheita|#/°F~#/fl oz am.|# na uncja płynu amerykańska|#/fl oz am.~#/ft|# na stopę|#/ft~#/gal am.|# na galon amerykański|#/gal am.~#/Gb|# na gigabit|#/Gb~#/GB|# na gigabajt|#/GB~#/g|# na gram|#/g~#/ha|# na hektar|#/ha~#/godz.|# na godzinę|#/h~#/cal|# na cal|#/cal~#/kb|# na kilobit|#/kb~#/kB|# na kilobajt|#/kB~#/kg|# na kilogram|#/kg~#/km|# na kilometr|#/km~#/l|# na litr|#/l~#/Mb|# na megabit|#/Mb~#/MB|# na megabajt|#/MB~#/m|# na metr|#/m~#/μs|# na mikrosekunda|#/μs~#/mila|# na mila|#/mila~#/smi|# na mila skandynawska|#/smi~#/ml|# na mililitr|#/ml~#/mm|# na milimetr|#/mm~#/ms|# na milisekunda|#/ms~#/min|# na minutę|#/min~#/mies.|# na miesiąc|#/m-c~#/ns|# na nanosekunda|#/ns~#/oz|# na uncję|#/oz~#/%|# na procent|#/%~#/PB|# na petabajt|#/PB~#/funt|# na funt|#/funt~#/s|# na sekundę|#/s~#/st|# na kamień|#/st~#/Tb|# na terabit|#/Tb~#/TB|# na terabajt|#/TB~#/tydz.|# na tydzień|#/t.~#/yd|# na jard|#/yd~#/rok|# na rok|#/rok","kilometer-per-hour=# km/godz.|# kilometry na godzinę^# kilometrów na godzinę^# kilometr na godzinę^# kilometra na godzinę|# km/h^# km/h^# km/h^#km/h~mile-per-gallon=# mpg|# mile na galon^# mil na galon^# mila na galon^# mili na galon|# mpg~mile-per-hour=# mile/h^# mil/h^# mila/h^# mili/h|# mile na godzinę^# mil na godzinę^# mila na godzinę^# mili na godzinę|# mph"],
        ru: ["few many one other","# акр.^# акр.^# акр^# акр.|# акра^# акров^# акр^# акра|# акр.^# акр.^# акр^# акр.~# бита^# бит^# бит^# бита|# бита^# бит^# бит^# бита|# бита^# бит^# бит^# бита~# Б|# байта^# байт^# байт^# байта|# Б~# °C|# градуса Цельсия^# градусов Цельсия^# градус Цельсия^# градуса Цельсия|# °C~# см|# сантиметра^# сантиметров^# сантиметр^# сантиметра|# см~# дн.|# дня^# дней^# день^# дня|# д.~#°|# градуса^# градусов^# градус^# градуса|#°~# °F|# градуса Фаренгейта^# градусов Фаренгейта^# градус Фаренгейта^# градуса Фаренгейта|# °F^#°F^#°F^#°F~# ам. жидк. унц.|# амер. жидкие унции^# амер. жидких унций^# амер. жидкая унция^# амер. жидкой унции|# ам. жидк. унц.~# фт|# фута^# футов^# фут^# фута|# фт~# ам. гал.|# амер. галлона^# амер. галлонов^# амер. галлон^# амер. галлона|# ам. гал.~# Гбит|# гигабита^# гигабит^# гигабит^# гигабита|# Гбит~# ГБ|# гигабайта^# гигабайт^# гигабайт^# гигабайта|# ГБ~# г|# грамма^# грамм^# грамм^# грамма|# г~# га|# гектара^# гектаров^# гектар^# гектара|# га~# ч|# часа^# часов^# час^# часа|# ч~# дюйм.^# дюйм.^# дюйм^# дюйм.|# дюйма^# дюймов^# дюйм^# дюйма|# дюйм.~# кбит|# килобита^# килобит^# килобит^# килобита|# кбит~# кБ|# килобайта^# килобайт^# килобайт^# килобайта|# кБ~# кг|# килограмма^# килограмм^# килограмм^# килограмма|# кг~# км|# километра^# километров^# километр^# километра|# км~# л|# литра^# литров^# литр^# литра|# л~# Мбит|# мегабита^# мегабит^# мегабит^# мегабита|# Мбит~# МБ|# мегабайта^# мегабайт^# мегабайт^# мегабайта|# МБ~# м|# метра^# метров^# метр^# метра|# м~# мкс|# микросекунды^# микросекунд^# микросекунда^# микросекунды|# мкс~# ми|# мили^# миль^# миля^# мили|# ми~# ск. ми|# скандинавские мили^# скандинавских миль^# скандинавская миля^# скандинавской мили|# ск. ми~# мл|# миллилитра^# миллилитров^# миллилитр^# миллилитра|# мл~# мм|# миллиметра^# миллиметров^# миллиметр^# миллиметра|# мм~# мс|# миллисекунды^# миллисекунд^# миллисекунда^# миллисекунды|# мс~# мин|# минуты^# минут^# минута^# минуты|# мин~# мес.|# месяца^# месяцев^# месяц^# месяца|# м.~# нс|# наносекунды^# наносекунд^# наносекунда^# наносекунды|# нс~# унц.|# унции^# унций^# унция^# унции|# унц.~#\u00a0%|# процента^# процентов^# процент^# процента|#\u00a0%~# ПБ|# петабайта^# петабайт^# петабайт^# петабайта|# ПБ~# фнт|# фунта^# фунтов^# фунт^# фунта|# фнт~# с|# секунды^# секунд^# секунда^# секунды|# с~# стоуна^# стоунов^#\u00a0стоун^# стоуна|# стоуна^# стоунов^#\u00a0стоун^# стоуна|# стн~# Тбит|# терабита^# терабит^# терабит^# терабита|# Тбит~# ТБ|# терабайта^# терабайт^# терабайт^# терабайта|# ТБ~# нед.|# недели^# недель^# неделя^# недели|# н.~# ярд.^# ярд.^# ярд^# ярд.|# ярда^# ярдов^# ярд^# ярда|# ярд.^# ярд.^# ярд^# ярд.~# г.^# л.^# г.^# г.|# года^# лет^# год^# года|# г.^# л.^# г.^# г.","#/акр|#/акр|#/акр~#/бит|#/бит|#/бит~#/Б|#/байт|#/Б~#/°C|#/градус Цельсия|#/°C~#/см|# на сантиметр|#/см~#/д|# в день|#/д.~#/°|#/градус|#/°~#/°F|#/градус Фаренгейта|#/°F~#/ам. жидк. унц.|#/амер. жидкая унция|#/ам. жидк. унц.~#/фт|# на фут|#/фт~#/ам. гал|# на амер. галлон|#/ам. гал~#/Гбит|#/гигабит|#/Гбит~#/ГБ|#/гигабайт|#/ГБ~#/г|# на грамм|#/г~#/га|#/гектар|#/га~#/ч|# в час|#/ч~#/дюйм|# на дюйм|#/дюйм~#/кбит|#/килобит|#/кбит~#/кБ|#/килобайт|#/кБ~#/кг|# на килограмм|#/кг~#/км|# на километр|#/км~#/л|# на литр|#/л~#/Мбит|#/мегабит|#/Мбит~#/МБ|#/мегабайт|#/МБ~#/м|# на метр|#/м~#/мкс|#/микросекунда|#/мкс~#/ми|#/миля|#/ми~#/ск. ми|#/скандинавская миля|#/ск. ми~#/мл|#/миллилитр|#/мл~#/мм|#/миллиметр|#/мм~#/мс|#/миллисекунда|#/мс~#/мин|# в минуту|#/мин~#/мес|# в месяц|#/м.~#/нс|#/наносекунда|#/нс~#/унц|# на унцию|#/унц~#/%|#/процент|#/%~#/ПБ|#/петабайт|#/ПБ~#/фнт|# на фунт|#/фнт~#/c|# в секунду|#/c~#/стоун|#/стоун|#/стн~#/Тбит|#/терабит|#/Тбит~#/ТБ|#/терабайт|#/ТБ~#/нед|# в неделю|#/н.~#/ярд|#/ярд|#/ярд~#/г|# в год|#/г.","meter-per-second=# м/с|# метра в секунду^# метров в секунду^# метр в секунду^# метра в секунду|# м/с"],
        tr: ["one other","# ac|# akre|# ac~# bit|# bit|# bit~# bayt|# bayt|# bayt~# °C^#°C|# santigrat derece|#°C^# °C~# cm|# santimetre|# cm~# gün|# gün|#g~#°|# derece|#°~# °F^#°F|# fahrenhayt derece|# °F~# sıvı ons|# sıvı ons|# sıvı ons~# fit|# fit|#′~# gal|# galon|# galon~# Gb|# gigabit|# Gb~# GB|# gigabayt|# GB~# g|# gram|# g~# ha|# hektar|# ha~# sa.|# saat|# sa^#s~# inç|# inç|#″~# kb|# kilobit|# kb~# kB|# kilobayt|# kB~# kg|# kilogram|# kg~# km|# kilometre|# km~# l|# litre|# l~# Mb|# megabit|# Mb~# MB|# megabayt|# MB~# m|# metre|# m~# μsn|# mikrosaniye|# μsn~# mil|# mil|# mil~# smi|# smi|# smi~# ml|# mililitre|# ml~# mm|# milimetre|# mm~# msn|# milisaniye|#msn~# dk.|# dakika|#d~# ay|# ay|#a~# nsn|# nanosaniye|# nsn~# oz|# ons|# oz~%#|yüzde #|%#~# PB|# petabayt|# PB~# lb|# libre|# lb~# sn.|# saniye|#sn~# st|# stone|# st~# Tb|# terabit|# Tb~# TB|# terabayt|# TB~# hf.|# hafta|#h~# yd|# yarda|# yd~# yıl|# yıl|#y","#/ac|#/akre|#/ac~#/bit|#/bit|#/bit~#/bayt|#/bayt|#/bayt~#/°C|#/santigrat derece|#/°C~#/cm|#/santimetre|#/cm~#/gün|#/gün|#/g~#/°|#/derece|#/°~#/°F|#/fahrenhayt derece|#/°F~#/sıvı ons|#/sıvı ons|#/sıvı ons~#/ft|#/fit|#/ft~#/gal|#/galon|#/gal~#/Gb|#/gigabit|#/Gb~#/GB|#/gigabayt|#/GB~#/g|#/gram|#/g~#/ha|#/hektar|#/ha~#/sa|#/saat|#/sa~#/in|#/inç|#/in~#/kb|#/kilobit|#/kb~#/kB|#/kilobayt|#/kB~#/kg|#/kg|#/kg~#/km|#/kilometre|#/km~#/l|#/litre|#/l~#/Mb|#/megabit|#/Mb~#/MB|#/megabayt|#/MB~#/m|#/metre|#/m~#/μsn|#/mikrosaniye|#/μsn~#/mil|#/mil|#/mil~#/smi|#/smi|#/smi~#/ml|#/mililitre|#/ml~#/mm|#/milimetre|#/mm~#/msn|#/milisaniye|#/msn~#/dk.|#/dakika|#/dk.~#/ay|#/ay|#/ay~#/nsn|#/nanosaniye|#/nsn~#/oz|#/oz|#/oz~#/%|#/yüzde|#/%~#/PB|#/petabayt|#/PB~#/lb|#/libre|#/lb~#/sn|#/saniye|#/sn~#/st|#/stone|#/st~#/Tb|#/terabit|#/Tb~#/TB|#/terabayt|#/TB~#/hf.|#/hafta|#/hf.~#/yd|#/yarda|#/yd~#/y|#/yıl|#/y","mile-per-gallon=# mpg|# mil/galon|# mpg"],
        ja: ["other","# ac|# エーカー|#ac~# bit|# ビット|#b~# byte|# バイト|#B~#°C|摂氏 # 度|#°C~# cm|# センチメートル|#cm~# 日|# 日|#d~# 度|# 度|#°~#°F|華氏 # 度|#°F~# fl oz|# 液量オンス|#fl oz~# ft|# フィート|#′~# gal|# ガロン|#gal~# Gb|# ギガビット|#Gb~# GB|# ギガバイト|#GB~# g|# グラム|#g~# ha|# ヘクタール|#ha~# 時間|# 時間|#h~# in|# インチ|#″~# kb|# キロビット|#kb~# KB|# キロバイト|#KB~# kg|# キログラム|#kg~# km|# キロメートル|#km~# L|# リットル|#L~# Mb|# メガビット|#Mb~# MB|# メガバイト|#MB~# m|# メートル|#m~# μs|# マイクロ秒|#μs~# mi|# マイル|#mi~# smi|# スカンジナビアマイル|#smi~# ml|# ミリリットル|#ml~# mm|# ミリメートル|#mm~# ms|# ミリ秒|#ms~# 分|# 分|#m~# か月|# か月|#m~# ns|# ナノ秒|#ns~# oz|# オンス|#oz~#%|# パーセント|#%~# PB|# ペタバイト|#PB~# lb|# ポンド|#lb~# 秒|# 秒|#s~# st|# ストーン|#st~# Tb|# テラビット|#Tb~# TB|# テラバイト|#TB~# 週間|# 週間|#w~# yd|# ヤード|#yd~# 年|# 年|#y","#/ac|#毎エーカー|#/ac~#/bit|#毎ビット|#/b~#/byte|#毎バイト|#/B~#/°C|#毎摂氏  度|#/°C~#/cm|#/センチメートル|#/cm~#/日|#/日|#/日~#/度|#毎度|#/°~#/°F|#毎華氏  度|#/°F~#/fl oz|#毎液量オンス|#/fl oz~#/ft|#/フィート|#/ft~#/gal|#/ガロン|#/gal~#/Gb|#毎ギガビット|#/Gb~#/GB|#毎ギガバイト|#/GB~#/g|#/グラム|#/g~#/ha|#毎ヘクタール|#/ha~#/時間|#/時間|#/時間~#/in|#/インチ|#/in~#/kb|#毎キロビット|#/kb~#/KB|#毎キロバイト|#/KB~#/kg|#/キログラム|#/kg~#/km|#/キロメートル|#/km~#/L|#/リットル|#/L~#/Mb|#毎メガビット|#/Mb~#/MB|#毎メガバイト|#/MB~#/m|#/メートル|#/m~#/μs|#毎マイクロ秒|#/μs~#/mi|#毎マイル|#/mi~#/smi|#毎スカンジナビアマイル|#/smi~#/ml|#毎ミリリットル|#/ml~#/mm|#毎ミリメートル|#/mm~#/ms|#毎ミリ秒|#/ms~#/分|#/分|#/分~#/月|#/月|#/月~#/ns|#毎ナノ秒|#/ns~#/oz|#/オンス|#/oz~#/%|#毎パーセント|#/%~#/PB|#毎ペタバイト|#/PB~#/lb|#/ポンド|#/lb~#/秒|#/秒|#/秒~#/st|#毎ストーン|#/st~#/Tb|#毎テラビット|#/Tb~#/TB|#毎テラバイト|#/TB~#/週|#/週|#/週~#/yd|#毎ヤード|#/yd~#/年|#/年|#/年","kilometer-per-hour=# km/h|時速 # キロメートル|#km/h~liter-per-kilometer=# L/km|# リットル毎キロメートル|#L/km~meter-per-second=# m/s|秒速 # メートル|#m/s~mile-per-gallon=# mpg|# マイル毎ガロン|#mpg~mile-per-hour=# mph|時速 # マイル|#mi/h"],
        zh: ["other","#英亩|#英亩|#ac~# b|#比特|# b~# B|#字节|# B~#°C|#摄氏度|#°C~#厘米|#厘米|#厘米~#天|#天|#天~#°|#度|#°~#°F|#华氏度|#°F~#液盎司|#液盎司|#fl oz~#英尺|#英尺|#′~#加仑|#加仑|#gal~# Gb|#吉比特|# Gb~# GB|#吉字节|# GB~# g|#克|#g~#公顷|#公顷|#ha~#小时|#小时|#小时~#英寸|#英寸|#″~# kb|#千比特|# kb~# kB|#千字节|# kB~# kg|#千克|#kg~#公里|#公里|#公里~#升|#升|#升~# Mb|#兆比特|# Mb~# MB|#兆字节|# MB~#米|#米|#米~#微秒|#微秒|#μs~#英里|#英里|#mi~#斯堪的纳维亚英里|#斯堪的纳维亚英里|#smi~#毫升|#毫升|#mL~#毫米|#毫米|#毫米~#毫秒|#毫秒|#ms~#分钟|#分钟|#分钟~#个月|#个月|#个月~#纳秒|#纳秒|#ns~# oz|#盎司|#oz~#%|#%|#%~# PB|#拍字节|# PB~# lb|#磅|##~#秒|#秒钟|#秒~# st|#英石|#st~# Tb|#太比特|# Tb~# TB|#太字节|# TB~#周|#周|#周~#码|#码|#yd~#年|#年|#年","#/英亩|每英亩#|#/ac~#/b|每比特#|#/b~#/B|每字节#|#/B~#/°C|每摄氏度#|#/°C~#/厘米|#/厘米|#/cm~#/天|#/天|#/天~#/°|每度#|#/°~#/°F|每华氏度#|#/°F~#/液盎司|每液盎司#|#/fl oz~#/英尺|#/英尺|#/ft~#/加仑|#/加仑|#/gal~#/Gb|每吉比特#|#/Gb~#/GB|每吉字节#|#/GB~#/g|每克#|#/g~#/公顷|每公顷#|#/ha~#/小时|#/小时|#/小时~#/英寸|#/英寸|#/in~#/kb|每千比特#|#/kb~#/kB|每千字节#|#/kB~#/kg|每千克#|#/kg~#/公里|#/公里|#/km~#/升|#/升|#/L~#/Mb|每兆比特#|#/Mb~#/MB|每兆字节#|#/MB~#/米|#/米|#/m~#/微秒|每微秒#|#/μs~#/英里|每英里#|#/mi~#/斯堪的纳维亚英里|每斯堪的纳维亚英里#|#/smi~#/毫升|每毫升#|#/mL~#/毫米|每毫米#|#/毫米~#/毫秒|每毫秒#|#/ms~#/分钟|#/分钟|#/分钟~#/月|#/月|#/月~#/纳秒|每纳秒#|#/ns~#/oz|每盎司#|#/oz~#/%|每%#|#/%~#/PB|每拍字节#|#/PB~#/lb|每磅#|#/lb~#/秒|#/秒|#/秒~#/st|每英石#|#/st~#/Tb|每太比特#|#/Tb~#/TB|每太字节#|#/TB~#/周|#/周|#/周~#/码|每码#|#/yd~#/年|#/年|#/年","kilometer-per-hour=# km/h|每小时#公里|#km/h~liter-per-kilometer=# L/km|每公里#升|#L/km~meter-per-second=# m/s|每秒#米|#m/s~mile-per-gallon=# mpg US|每加仑#英里|#mpg~mile-per-hour=# mi/h|每小时#英里|#mph"],
        ko: ["other","#ac|#에이커|#ac~#bit|#비트|#bit~#byte|#바이트|#byte~#°C|섭씨 #도|#°C~#cm|#센티미터|#cm~#일|#일|#일~#°|#도|#°~#°F|화씨 #도|#°F~#fl oz|#액량 온스|#fl oz~#ft|#피트|#′~#gal|#갤런|#gal~#Gb|#기가비트|#Gb~#GB|#기가바이트|#GB~#g|#그램|#g~#ha|#헥타르|#ha~#시간|#시간|#시간~#in|#인치|#″~#kb|#킬로비트|#kb~#kB|#킬로바이트|#kB~#kg|#킬로그램|#kg~#km|#킬로미터|#km~#L|#리터|#L~#Mb|#메가비트|#Mb~#MB|#메가바이트|#MB~#m|#미터|#m~#μs|#마이크로초|#μs~#mi|#마일|#mi~#smi|#스칸디나비아 마일|#smi~#mL|#밀리리터|#mL~#mm|#밀리미터|#mm~#ms|#밀리초|#ms~#분|#분|#분~#개월|#개월|#개월~#ns|#나노초|#ns~#oz|#온스|#oz~#%|#%|#%~#PB|#페타바이트|#PB~#lb|#파운드|#lb~#초|#초|#초~#st|#스톤|#st~#Tb|#테라비트|#Tb~#TB|#테라바이트|#TB~#주|#주|#주~#yd|#야드|#yd~#년|#년|#년","#/ac|에이커당 #|#/ac~#/bit|비트당 #|#/bit~#/byte|바이트당 #|#/byte~#/°C|섭씨 도당 #|#/°C~#/cm|센티미터당 #|#/cm~#/일|일당 #|#/일~#/°|도당 #|#/°~#/°F|화씨 도당 #|#/°F~#/fl oz|액량 온스당 #|#/fl oz~#/ft|피트당 #|#/ft~#/gal|갤런당 #|#/gal~#/Gb|기가비트당 #|#/Gb~#/GB|기가바이트당 #|#/GB~#/g|그램당 #|#/g~#/ha|헥타르당 #|#/ha~#/h|시간당 #|#/시간~#/in|인치당 #|#/in~#/kb|킬로비트당 #|#/kb~#/kB|킬로바이트당 #|#/kB~#/kg|킬로그램당 #|#/kg~#/km|킬로미터당 #|#/km~#/L|리터당 #|#/L~#/Mb|메가비트당 #|#/Mb~#/MB|메가바이트당 #|#/MB~#/m|미터당 #|#/m~#/μs|마이크로초당 #|#/μs~#/mi|마일당 #|#/mi~#/smi|스칸디나비아 마일당 #|#/smi~#/mL|밀리리터당 #|#/mL~#/mm|밀리미터당 #|#/mm~#/ms|밀리초당 #|#/ms~#/min|분당 #|#/분~#/월|월당 #|#/월~#/ns|나노초당 #|#/ns~#/oz|온스당 #|#/oz~#/%|%당 #|#/%~#/PB|페타바이트당 #|#/PB~#/lb|파운드당 #|#/lb~#/s|초당 #|#/초~#/st|스톤당 #|#/st~#/Tb|테라비트당 #|#/Tb~#/TB|테라바이트당 #|#/TB~#/주|주당 #|#/주~#/yd|야드당 #|#/yd~#/년|연당 #|#/년","kilometer-per-hour=#km/h|시속 #킬로미터|#km/h~meter-per-second=#m/s|초속 #미터|#m/s~mile-per-gallon=#mpg|갤런당 #마일|#mpg~mile-per-hour=#mi/h|시속 #마일|#mph"],
    };
    const UNIT_DISPLAYS = ["short", "long", "narrow"];
    const unitTables = new Map();
    // English outside the United States writes CLDR's `en-001` (`kilometre`, `secs`).
    const AMERICAN_ENGLISH = new Set(["en", "en-US", "en-PR", "en-PH", "en-GU", "en-AS", "en-UM", "en-VI", "en-MP", "en-MH"]);
    const unitTable = (locale) => {
        const language = languageOf(locale);
        const key = language === "en" && !AMERICAN_ENGLISH.has(locale) ? "en-GB" : UNIT_DATA[language] === undefined ? "en" : language;
        let table = unitTables.get(key);
        if (table === undefined) {
            const [categories, rows, per, special] = UNIT_DATA[key];
            const forms = (row) => row.split("|").map((display) => display.split("^"));
            table = {
                categories: categories.split(" "),
                units: new Map(rows.split("~").map((row, index) => [UNIT_NAMES[index], forms(row)])),
                per: new Map(per.split("~").map((row, index) => [UNIT_NAMES[index], row.split("|")])),
                special: new Map(special === "" ? [] : special.split("~").map((entry) => entry.split("=")).map(([unit, row]) => [unit, forms(row)])),
            };
            unitTables.set(key, table);
        }
        return table;
    };
    // The form of `unit` (simple or `x-per-y`) for a number of the plural `category`.
    const unitForm = (locale, unit, display, category) => {
        const table = unitTable(locale);
        const at = UNIT_DISPLAYS.indexOf(display);
        const pick = (forms) => {
            const options = forms[at];
            return options.length === 1 ? options[0] : options[table.categories.indexOf(category)] ?? options[table.categories.indexOf("other")];
        };
        const simple = table.units.get(unit);
        if (simple !== undefined) return pick(simple);
        const special = table.special.get(unit);
        if (special !== undefined) return pick(special);
        const [above, below] = unit.split("-per-");
        const top = pick(table.units.get(above));
        // V8 (ICU) writes a percent per anything as the percent alone.
        if (above === "percent") return top;
        return table.per.get(below)[at].replace("#", () => top);
    };

    function NumberFormat(locales, options) {
        if (new.target === undefined) return new NumberFormat(locales, options);
        const style = own(options, "style");
        if (style === "unit") {
            // Boa reads the unit and ignores it (`1.5` for 1.5 kB): the number is Boa's, the
            // unit written around it from CLDR's forms (see `unitForm`).
            const native = new NativeNumberFormat(locales, options);
            const resolved = native.resolvedOptions();
            const digits = {};
            for (const key of ["minimumIntegerDigits", "minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits", "maximumSignificantDigits"]) {
                if (resolved[key] !== undefined) digits[key] = resolved[key];
            }
            const plural = resolved.notation === "compact" ? undefined : new Intl.PluralRules(resolved.locale, digits);
            state.set(this, { native, style, locale: resolved.locale, unit: resolved.unit, display: resolved.unitDisplay, plural });
            return;
        }
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
        const currencySign = own(options, "currencySign") ?? "standard";
        if (currencySign !== "standard" && currencySign !== "accounting") throw new RangeError(`Value ${currencySign} out of range for Intl.NumberFormat options property currencySign`);
        state.set(this, { native, style, code, locale, display, decimal, accounting: currencySign === "accounting" });
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

    // A percent is the number's decimal digits with the point moved two places, as V8 scales
    // them: `0.285` is `28.5` and rounds to `29%`, where `0.285 * 100` is `28.499999999999996`.
    // Written without an exponent, as a string the decimal format reads exactly.
    const hundredfold = (value) => {
        if (typeof value === "bigint") return `${value}00`;
        const number = typeof value === "string" ? Number(value) : Number(value);
        if (!Number.isFinite(number) || number === 0) return number * 100;
        const [, sign, whole, fraction = "", power = "0"] = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(number));
        const digits = whole + fraction;
        const point = whole.length + Number(power) + 2;
        if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
        if (point >= digits.length) return `${sign}${digits}${"0".repeat(point - digits.length)}`;
        return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
    };

    const formatNumber = (self, value) => {
        const s = state.get(self);
        if (s === undefined) throw new TypeError("Intl.NumberFormat.prototype.format called on an incompatible receiver");
        if (s.style === undefined) return s.notation === undefined ? nativeFormat(s.native, value) : formatExponent(s, value);
        const language = languageOf(s.locale);
        if (s.style === "unit") {
            const digits = nativeFormat(s.native, value);
            const category = s.plural === undefined ? "other" : s.plural.select(Number(value));
            return unitForm(s.locale, s.unit, s.display, category).replace("#", () => digits);
        }
        if (s.style === "percent") {
            const [sign, digits] = splitSign(nativeFormat(s.native, hundredfold(value)));
            if (language === "tr") return `${sign}%${digits}`;
            if (s.locale === "fr-CH") return `${sign}${digits}%`;
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
        const write = (sign) => {
            if (SPACED_PREFIX_CURRENCY.has(s.locale) || SPACED_PREFIX_CURRENCY.has(language)) return `${symbol}${NBSP}${sign}${digits}`;
            if (SUFFIX_CURRENCY.has(language) && !(s.locale === "es-MX" || s.locale === "es-US" || s.locale === "de-CH")) {
                return `${sign}${digits}${NBSP}${symbol}`;
            }
            return `${sign}${symbol}${spaced}${digits}`;
        };
        // `currencySign: "accounting"`: a negative amount in parentheses, where CLDR's
        // accounting pattern has them (elsewhere it is the standard one).
        if (s.accounting && sign === "-" && ACCOUNTING.has(language)) return `(${write("")})`;
        return write(sign);
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
            resolved.currencySign = s.accounting ? "accounting" : "standard";
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
    // Node 20's ICU writes Korean's day periods as `AM` and `PM`.
    const spaced = (text) => text.replace(/\u202f/g, " ").replace(/오전/g, "AM").replace(/오후/g, "PM");
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

    // The clock V8 writes hours on: `hour12` read against the locale's own clock (ECMA-402
    // before 2024: false on a 12-hour locale is `h24`, midnight written 24; true on a 24-hour
    // locale is `h11`, midnight and noon written 0), else `hourCycle`, else the locale's.
    // Boa resolves `hour12` to `h23` or `h12`, refuses `h24` and reports `h12` for every
    // locale. `fix`: whether Boa's text needs its hour rewritten (`mendHour` below).
    const clockOf = (locale, given, native) => {
        if (given.hour === undefined && given.timeStyle === undefined) return undefined;
        const daily = /13/.test(new NativeDateTimeFormat(locale, { hour: "numeric", timeZone: "UTC" }).format(Date.UTC(2024, 0, 1, 13)));
        let cycle = daily ? "h23" : "h12";
        if (given.hour12 !== undefined) cycle = given.hour12 ? (daily ? "h11" : "h12") : daily ? "h23" : "h24";
        else if (given.hourCycle !== undefined) cycle = String(given.hourCycle);
        const written = native.resolvedOptions().hourCycle;
        const fix = (cycle === "h24" && written !== "h24") || (cycle === "h11" && written === "h12");
        if (!fix) return { cycle };
        // The hour's digits where it is rewritten: as asked, or as the locale's time style
        // writes it (V8 keeps the pattern's width when it turns `HH` into `KK`).
        let width = given.hour === "2-digit" ? 2 : 1;
        if (given.hour === undefined) {
            const styled = new NativeDateTimeFormat(locale, { timeStyle: given.timeStyle, hourCycle: "h23", timeZone: "UTC" });
            width = /^\D*0\d/.test(styled.format(Date.UTC(2024, 0, 1, 1))) ? 2 : 1;
        }
        const zone = given.timeZone === undefined ? {} : { timeZone: given.timeZone };
        return { cycle, fix, width, hour: new NativeDateTimeFormat("en-US", { ...zone, hour: "numeric", hourCycle: "h23" }) };
    };
    // Boa's text with the hour V8 writes on `clock`'s cycle: 24 for midnight on `h24`; on `h11`
    // 0 for midnight and noon, in the width V8 keeps for every hour.
    const mendHour = (s, date, text) => {
        const clock = s.clock;
        const hour = Number(clock.hour.format(date));
        let value;
        if (clock.cycle === "h24") {
            if (hour !== 0) return text;
            value = "24";
        } else {
            value = String(hour % 12);
            if (value.length < clock.width) value = `0${value}`;
            else if (hour % 12 !== 0 && clock.width === 1) return text;
        }
        return dateParts(s, Number(date), text).map((part) => (part.type === "hour" ? value : part.value)).join("");
    };

    // Boa refuses the `h24` cycle: asked as `h23`, its midnight rewritten (`clockOf`).
    const boaClock = (options) => (own(options, "hourCycle") === "h24" ? { ...options, hourCycle: "h23" } : options);

    function DateTimeFormat(locales, options) {
        if (new.target === undefined) return new DateTimeFormat(locales, options);
        const native = new NativeDateTimeFormat(locales, boaClock(options));
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
        const clock = clockOf(locale, zone === undefined ? given : { ...given, timeZone: zone }, native);
        if (shape === null || pattern === undefined) {
            state.set(this, { native, zone, locale, given, clock, options: { hour }, fixes: textFixes(locales, locale, native, given, zone) });
            return;
        }
        const timeOptions = {};
        for (const key of [...TIME_FIELDS, "hour12", "hourCycle", "timeZone", "timeZoneName"]) {
            if (own(options, key) !== undefined) timeOptions[key] = options[key];
        }
        const time = shape.time ? new NativeDateTimeFormat(locales, boaClock(timeOptions)) : undefined;
        const joiner = DATE_TIME_JOINER[languageOf(locale)] ?? ", ";
        state.set(this, { native, zone, locale, given, clock, options: { hour }, pattern, digits: shape.digits, fields: parts(zone), time, joiner });
    }

    // Where Boa's text for named fields and times is not V8's, what to mend (`mend` below); the
    // formatters it needs are built here, once per format.
    const PROBE = Date.UTC(2024, 0, 7, 12, 0, 0, 123);
    // Where Boa writes a short month as a number and V8 a name: with a day (`d`), with a year
    // and no day (`y`). German's abbreviations as V8 writes them beside a number (Boa's are the
    // stand-alone ones, `Jan`); Czech writes the whole name beside a year (`leden 2024`).
    const SHORT_MONTH_FORMS = { de: "dy", ja: "dy", ko: "dy", fi: "y", cs: "y" };
    const SHORT_MONTHS = { de: ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."] };
    const textFixes = (locales, locale, native, given, zone) => {
        const fixes = {};
        const inZone = zone === undefined ? {} : { timeZone: zone };
        const fields = [...DATE_FIELDS, ...TIME_FIELDS, "timeZoneName", "dateStyle", "timeStyle"].filter((field) => given[field] !== undefined);
        // A minute or a second alone: V8 writes its number (`5`), Boa the whole time.
        const seconds = fields.every((field) => field === "second" || field === "fractionalSecondDigits");
        if ((fields.length === 1 && fields[0] === "minute") || (fields.includes("second") && seconds)) {
            fixes.lone = { field: fields[0], format: new NativeDateTimeFormat("en-US", { ...inZone, hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23" }) };
            if (given.fractionalSecondDigits !== undefined) {
                fixes.lone.fraction = Number(given.fractionalSecondDigits);
                fixes.lone.separator = /([.,])\d+\D*$/.exec(native.format(PROBE))?.[1] ?? ".";
            }
            return fixes;
        }
        // Boa writes whole milliseconds as zeros past the first (`.000` for 1 ms).
        if (given.fractionalSecondDigits !== undefined) fixes.fraction = Number(given.fractionalSecondDigits);
        // `{ hour: "numeric", minute: "2-digit" }` on a 24-hour clock: V8 writes `0:05`, Boa `00:05`.
        if (given.hour === "numeric" && given.minute === "2-digit") fixes.unpadHour = true;
        // A short month beside a day or year: Boa writes it as a number in some languages
        // (`07.01.`, V8 `7. Jan.`): written with the long month, whose name is swapped for the
        // short one.
        const language = languageOf(locale);
        const forms = SHORT_MONTH_FORMS[language];
        if (given.month === "short" && forms !== undefined && forms.includes(given.day === undefined ? "y" : "d") && (given.day !== undefined || given.year !== undefined) && given.weekday === undefined) {
            fixes.month = {
                native: new NativeDateTimeFormat(locales, { ...given, ...inZone, month: "long" }),
                long: new NativeDateTimeFormat(locale, { ...inZone, month: "long" }),
                short: language === "cs" ? undefined : new NativeDateTimeFormat(locale, { ...inZone, month: "short" }),
                names: SHORT_MONTHS[language],
                number: new NativeDateTimeFormat("en-US", { ...inZone, month: "numeric" }),
            };
        }
        // `year: "2-digit"` beside a named month: Boa writes all four digits.
        if (given.year === "2-digit" && given.month !== undefined && !["numeric", "2-digit"].includes(given.month)) {
            fixes.year = new NativeDateTimeFormat("en-US", { ...inZone, year: "numeric" });
        }
        return fixes;
    };
    const mend = (s, text, value) => {
        const fixes = s.fixes;
        if (fixes === undefined) return text;
        const date = value === undefined ? Date.now() : Number(value);
        if (fixes.lone !== undefined) {
            const [, minute, second] = fixes.lone.format.format(date).match(/\d+/g);
            const lone = fixes.lone;
            if (lone.field === "minute") return String(Number(minute));
            if (lone.fraction === undefined) return String(Number(second));
            const milliseconds = String(((date % 1000) + 1000) % 1000).padStart(3, "0").slice(0, lone.fraction);
            return `${Number(second)}${lone.separator}${milliseconds}`;
        }
        let out = text;
        const month = fixes.month;
        if (month !== undefined) {
            out = month.native.format(date);
            const name = month.names?.[Number(month.number.format(date)) - 1] ?? month.short?.format(date);
            if (name !== undefined) out = out.replace(month.long.format(date), () => name);
        }
        if (fixes.year !== undefined) {
            const year = fixes.year.format(date);
            out = out.replace(year, year.slice(-2));
        }
        if (fixes.fraction !== undefined) {
            const milliseconds = String(((date % 1000) + 1000) % 1000).padStart(3, "0").slice(0, fixes.fraction);
            out = out.replace(new RegExp(`([.,])\\d{${fixes.fraction}}(?!.*\\d)`), (_, before) => `${before}${milliseconds}`);
        }
        if (fixes.unpadHour) out = out.replace(/(^|[^\d:])0(\d:\d\d)/, "$1$2");
        return out;
    };

    // `hour: "2-digit"`: Boa writes `3:04 PM`, V8 `03:04 PM` (and `03:04` where the day has 24).
    const hourDigits = (text, options) =>
        own(options, "hour") === "2-digit" ? text.replace(/(^|\D)(\d)(:\d\d| [AP]M)/, (_, before, hour, rest) => `${before}0${hour}${rest}`) : text;

    // `raw`: with ICU's narrow no-break space before AM/PM, which V8's `formatToParts` keeps.
    const formatDate = (self, value, raw = false) => {
        const s = state.get(self);
        if (s === undefined) throw new TypeError("Intl.DateTimeFormat.prototype.format called on an incompatible receiver");
        const text = formatText(s, value, raw ? (text) => text : spaced);
        return s.clock?.fix ? mendHour(s, value === undefined ? Date.now() : value, text) : text;
    };
    const formatText = (s, value, space) => {
        if (s.pattern === undefined) return hourDigits(space(mend(s, s.native.format(value), value)), s.options);
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
        // Every formatter below depends only on the format's locale, zone and options: each is
        // built on the first call and kept in the format's state (scripts cut records in a loop).
        const formats = (s.parts ??= new Map());
        const formatter = (at, options) => {
            const key = `${at} ${JSON.stringify(options)}`;
            let format = formats.get(key);
            if (format === undefined) {
                format = new NativeDateTimeFormat(at, { ...zone, ...options });
                formats.set(key, format);
            }
            return format;
        };
        const alone = (options) => formatter(locale, options).format(time);
        // Boa does not always write the style asked: the others are tried after it.
        const markText = (type, style) => [style, ...TEXT_STYLES].some((each) => mark(type, alone({ [type]: each })));
        if (weekday !== undefined) markText("weekday", weekday);
        if (TEXT_STYLES.includes(month)) markText("month", month);
        if (timeZoneName !== undefined) mark("timeZoneName", alone({ hour: "numeric", timeZoneName }).replace(alone({ hour: "numeric" }), "").trim());
        const hasHour = given.hour !== undefined || timeStyle !== undefined;
        if (hasHour) mark("dayPeriod", alone({ hour: "numeric", hourCycle: "h12" }).replace(/[\d\s\u202f]/g, ""));
        const [M, d, , H, m, sec] = formatter("en-US", { year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23" })
            .format(time).match(/\d+/g).map(Number);
        // Boa writes a numeric date's year with two digits, the year alone with all of them.
        const y = Number(formatter("en-US", { year: "numeric" }).format(time));
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
            hour: (n) => n === H || n === (H % 12 || 12) || n === H % 12 || (n === 24 && H === 0),
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
        if (s.clock === undefined) {
            delete resolved.hourCycle;
            delete resolved.hour12;
        } else {
            resolved.hourCycle = s.clock.cycle;
            resolved.hour12 = s.clock.cycle === "h11" || s.clock.cycle === "h12";
        }
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
            Object.assign(dateOptions, TIME_DEFAULTS);
        }
        return new DateTimeFormat(locales, dateOptions).format(date);
    };
    define(Date.prototype, "toLocaleDateString", function toLocaleDateString(locales, options) {
        if (!(this instanceof Date)) throw new TypeError("'this' is not a Date");
        return localeDate(this, locales, options, false) ?? hourDigits(spaced(nativeToLocaleDateString.call(this, locales, boaClock(options))), options);
    });
    // Boa's text where a clock is asked for: the hour as V8 writes it on that clock (`clockOf`),
    // read with the fields the method adds when the options name none (`defaults`).
    const mendClock = (date, locales, options, text, defaults) => {
        if (Number.isNaN(+date) || (own(options, "hour12") === undefined && own(options, "hourCycle") === undefined)) return text;
        const fields = { ...options };
        if ([...DATE_FIELDS, ...TIME_FIELDS].every((field) => own(options, field) === undefined)) Object.assign(fields, defaults);
        const s = state.get(new DateTimeFormat(locales, fields));
        return s.clock?.fix ? mendHour(s, +date, text) : text;
    };
    const TIME_DEFAULTS = { hour: "numeric", minute: "2-digit", second: "2-digit" };
    define(Date.prototype, "toLocaleString", function toLocaleString(locales, options) {
        if (!(this instanceof Date)) throw new TypeError("'this' is not a Date");
        const text = localeDate(this, locales, options, true);
        if (text !== null) return text;
        const native = hourDigits(spaced(nativeToLocaleString.call(this, locales, boaClock(options))), options);
        return mendClock(this, locales, options, native, { year: "numeric", month: "numeric", day: "numeric", ...TIME_DEFAULTS });
    });
    define(Date.prototype, "toLocaleTimeString", function toLocaleTimeString(locales, options) {
        const text = hourDigits(spaced(nativeToLocaleTimeString.call(this, locales, boaClock(options))), options);
        return mendClock(this, locales, options, text, TIME_DEFAULTS);
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

    define(Intl, "NumberFormat", NumberFormat);
    define(Intl, "DateTimeFormat", DateTimeFormat);
    define(Intl, "RelativeTimeFormat", RelativeTimeFormat);
})()
