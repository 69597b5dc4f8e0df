    // ---- dates: numeric dates as CLDR writes them --------------------------------------------

    // y: year, M: month, d: day; MM and dd are padded to two digits.
    const NUMERIC_DATES = {
        en: "M/d/y", "en-GB": "dd/MM/y", "en-AU": "dd/MM/y", "en-NZ": "d/MM/y", "en-IN": "d/M/y", "en-CA": "y-MM-dd",
        "en-IE": "d/M/y", "en-ZA": "y/MM/dd", de: "d.M.y", fr: "dd/MM/y", "fr-CA": "y-MM-dd", "fr-CH": "dd.MM.y",
        es: "d/M/y", it: "dd/MM/y", pt: "dd/MM/y", nl: "d-M-y", ja: "y/M/d", zh: "y/M/d", ko: "y. M. d.", ru: "dd.MM.y",
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
    // How a weekday joins a numeric date (CLDR's `yMEd` and `MEd` as V8 writes them, checked
    // against Node 20): the weekday's name alone, then the joiner, then the date as it is
    // written alone; by language, then by width (`short`, `long`) and whether a year is asked.
    // Japanese and Korean write the weekday after the date. Chinese and Turkish write other
    // dates beside a weekday: Boa's text stands there.
    const WEEKDAY_JOINERS = {
        en: ", ", es: ", ", pt: ", ", pl: ", ", ru: ", ", de: ", ", sv: ", ", fr: " ", it: " ", nl: " ", da: " ", nb: " ", cs: " ", fi: " ",
    };
    // What a weekday's name takes beside a date: German's short `Di` is `Di.`, Finnish's long
    // `tiistai` is `tiistaina` (the weekday's text in `formatToParts` too).
    const WEEKDAY_SUFFIXES = { de: { short: "." }, fi: { long: "na" } };
    // Without a year: `Tue 05/03` in British English, `tis 5/3` in Swedish.
    const WEEKDAY_JOINERS_WITHOUT_YEAR = { "en-GB": " ", sv: " " };
    const WEEKDAY_AFTER = { ja: { short: ["(", ")"], long: ["", ""] }, ko: { short: [" (", ")"], long: [" ", ""] } };
    // How a weekday of `width` joins a date of the fields of `form` in `locale`: `{ write(weekday,
    // date), suffix }`, `undefined` where no rule is known.
    const weekdayJoin = (locale, width, form) => {
        const language = languageOf(locale);
        const suffix = WEEKDAY_SUFFIXES[language]?.[width] ?? "";
        const after = WEEKDAY_AFTER[language]?.[width];
        if (after !== undefined) return { suffix, write: (weekday, date) => `${date}${after[0]}${weekday}${after[1]}` };
        const withoutYear = form.includes("y") ? undefined : WEEKDAY_JOINERS_WITHOUT_YEAR[locale] ?? WEEKDAY_JOINERS_WITHOUT_YEAR[language];
        const joiner = withoutYear ?? WEEKDAY_JOINERS[language];
        return joiner === undefined ? undefined : { suffix, write: (weekday, date) => `${weekday}${joiner}${date}` };
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
    // `yMd`, `yM`, `Md`, `y`, `M` or `d`), whether they ask for time fields too, and the width
    // of a weekday asked beside a month and a day (and no time).
    const numericDate = (options, defaults) => {
        if (own(options, "dateStyle") !== undefined || own(options, "timeStyle") !== undefined) return null;
        const weekday = own(options, "weekday");
        const asked = DATE_FIELDS.filter((field) => field !== "weekday" && own(options, field) !== undefined);
        const time = TIME_FIELDS.filter((field) => own(options, field) !== undefined);
        if (asked.length === 0 && time.length === 0 && weekday === undefined) return defaults;
        const numeric = asked.length > 0 && asked.every((field) => (field === "year" || field === "month" || field === "day") && (options[field] === "numeric" || options[field] === "2-digit"));
        if (!numeric) return null;
        const form = `${asked.includes("year") ? "y" : ""}${asked.includes("month") ? "M" : ""}${asked.includes("day") ? "d" : ""}`;
        if (form === "yd") return null;
        if (weekday !== undefined && (time.length > 0 || !form.endsWith("Md") || (weekday !== "short" && weekday !== "long"))) return null;
        return { date: true, time: time.length > 0, form, digits: { y: options.year, M: options.month, d: options.day }, weekday };
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
        const daily = dailyClock(locale);
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
        return { cycle, fix, width };
    };
    // What a format asks of every locale and zone it meets, asked once each: scripts format
    // in a loop, and a formatter costs more than the text it writes.
    const DAILY = new Map();
    // Whether a locale's own clock has 24 hours.
    const dailyClock = (locale) => {
        let daily = DAILY.get(locale);
        if (daily === undefined) {
            daily = /13/.test(new NativeDateTimeFormat(locale, { hour: "numeric", timeZone: "UTC" }).format(Date.UTC(2024, 0, 1, 13)));
            DAILY.set(locale, daily);
        }
        return daily;
    };
    const HOURS = new Map();
    // The hour of `date` (0 to 23) in `zone` (the format's option as given; UTC by default).
    const hourIn = (zone, date) => {
        const key = zone === undefined ? undefined : String(zone);
        let format = HOURS.get(key);
        if (format === undefined) {
            format = new NativeDateTimeFormat("en-US", { ...(key === undefined ? {} : { timeZone: key }), hour: "numeric", hourCycle: "h23" });
            HOURS.set(key, format);
        }
        return Number(format.format(date));
    };
    // Boa's text with the hour V8 writes on `clock`'s cycle: 24 for midnight on `h24`; on `h11`
    // 0 for midnight and noon, in the width V8 keeps for every hour.
    const mendHour = (s, date, text) => {
        const clock = s.clock;
        const hour = hourIn(s.zone, date);
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
        const clock = clockOf(locale, given, native);
        const weekday = shape?.weekday === undefined ? undefined : weekdayJoin(locale, shape.weekday, shape.form);
        if (shape === null || pattern === undefined || (shape.weekday !== undefined && weekday === undefined)) {
            state.set(this, { native, zone, locale, given, clock, options: { hour }, fixes: textFixes(locales, locale, native, given, zone) });
            return;
        }
        const timeOptions = {};
        for (const key of [...TIME_FIELDS, "hour12", "hourCycle", "timeZone", "timeZoneName"]) {
            if (own(options, key) !== undefined) timeOptions[key] = options[key];
        }
        const time = shape.time ? new NativeDateTimeFormat(locales, boaClock(timeOptions)) : undefined;
        const joiner = DATE_TIME_JOINER[languageOf(locale)] ?? ", ";
        const named = weekday === undefined ? undefined : { ...weekday, format: new NativeDateTimeFormat(locale, { weekday: shape.weekday, ...(zone === undefined ? {} : { timeZone: zone }) }) };
        state.set(this, { native, zone, locale, given, clock, options: { hour }, pattern, digits: shape.digits, fields: parts(zone), time, joiner, weekday: named });
    }

    // Where Boa's text for named fields and times is not V8's, what to mend (`mend` below); the
    // formatters it needs are built here, once per format.
    const PROBE = Date.UTC(2024, 0, 7, 12, 0, 0, 123);
    // Where Boa writes a short month as a number and V8 a name: with a day (`d`), with a year
    // and no day (`y`). German's abbreviations as V8 writes them beside a number (Boa's are the
    // stand-alone ones, `Jan`); Czech writes the whole name beside a year (`leden 2024`).
    const SHORT_MONTH_FORMS = { de: "dy", ja: "dy", ko: "dy", fi: "y", cs: "y" };
    // The languages whose `timeStyle: "long"` and `"full"` write the zone's name after the time
    // as their time fields with `timeZoneName` do, by style (`textFixes`).
    // (Spanish writes the full one in parentheses; Japanese and Korean write other times.)
    const ZONE_AFTER_TIME = { en: ["long", "full"], de: ["long", "full"], fr: ["long", "full"], it: ["long", "full"], pt: ["long", "full"], nl: ["long", "full"], sv: ["long", "full"], pl: ["long", "full"], ru: ["long", "full"], es: ["long"], ja: ["long"] };
    // Where a weekday's name alone is the name a date writes (checked against Node 20).
    const WEEKDAY_SWAPS = new Set(["en", "fr", "es", "sv"]);
    const SHORT_MONTHS = { de: ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."] };
    const textFixes = (locales, locale, native, given, zone) => {
        const fixes = {};
        const inZone = zone === undefined ? {} : { timeZone: zone };
        const fields = [...DATE_FIELDS, ...TIME_FIELDS, "timeZoneName", "dateStyle", "timeStyle"].filter((field) => given[field] !== undefined);
        // A narrow month or weekday alone: Boa writes the number or the short name (`narrowOf`).
        if (fields.length === 1 && (fields[0] === "month" || fields[0] === "weekday") && given[fields[0]] === "narrow") {
            const field = fields[0];
            fixes.narrow = { field, language: languageOf(locale), locale, long: new NativeDateTimeFormat(locale, { ...inZone, [field]: "long" }), number: new NativeDateTimeFormat("en-US", { ...inZone, month: "numeric" }) };
            return fixes;
        }
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
        // A weekday beside a month: Boa writes the weekday in the month's width (`{ weekday:
        // "short", month: "long" }` gives `Tuesday, March 5`, V8 `Tue, March 5`); the name it
        // wrote is swapped for the one asked, in the languages whose names alone are the
        // names in a date (German's short one alone is `Di`, in a date `Di.`; Japanese puts
        // the weekday after the date).
        if (TEXT_STYLES.includes(given.weekday) && given.month !== undefined && WEEKDAY_SWAPS.has(language)) {
            const named = (width) => new NativeDateTimeFormat(locale, { ...inZone, weekday: width });
            fixes.weekday = { asked: given.weekday, long: named("long"), short: named("short") };
        }
        // `day: "2-digit"` beside a named month: Boa writes one digit (`5 Mar 2024`, V8 `05 Mar
        // 2024`). Only without a time, whose hour could be the first number written.
        if (given.day === "2-digit" && TEXT_STYLES.includes(given.month) && given.hour === undefined && given.timeStyle === undefined && !UNIT_AFTER_NUMBER.has(language)) {
            fixes.day = new NativeDateTimeFormat("en-US", { ...inZone, day: "numeric" });
        }
        // `year: "2-digit"` beside a named month: Boa writes all four digits.
        if (given.year === "2-digit" && given.month !== undefined && !["numeric", "2-digit"].includes(given.month)) {
            fixes.year = new NativeDateTimeFormat("en-US", { ...inZone, year: "numeric" });
        }
        // `timeStyle: "long"` or `"full"`: Boa writes the time without its zone (`2:07:09 PM`;
        // V8 `2:07:09 PM UTC`, `2:07:09 PM Coordinated Universal Time`). The zone's name is
        // what the same time fields with `timeZoneName` (`short` for `long`, `long` for `full`)
        // write after the time, in the languages that write it there (checked against Node 20).
        if (ZONE_AFTER_TIME[language]?.includes(given.timeStyle)) {
            const time = { ...inZone, hour: "numeric", minute: "2-digit", second: "2-digit" };
            const timeZoneName = given.timeStyle === "long" ? "short" : "long";
            // V8 writes French offsets with a minus sign (`UTC−4`), Boa with a hyphen.
            fixes.zone = { without: new NativeDateTimeFormat(locale, time), with: new NativeDateTimeFormat(locale, { ...time, timeZoneName }), minus: language === "fr" };
        }
        return fixes;
    };
    // V8's narrow month or weekday (CLDR's): the long name's first letter in upper case where
    // the script has letters; the long name where it is a number (`1月`), the number in
    // Chinese; a weekday's last character in Chinese (`星期一`: `一`); Spanish Wednesday `X`.
    const narrowOf = (narrow, date) => {
        const long = narrow.long.format(date);
        const { field, language } = narrow;
        if (field === "month" && language === "zh") return narrow.number.format(date);
        if (field === "month" && /^\d/.test(long)) return long;
        if (field === "weekday" && language === "zh") return long.slice(-1);
        if (field === "weekday" && language === "es" && long.startsWith("mi")) return "X";
        return [...long][0].toLocaleUpperCase(narrow.locale);
    };
    const mend = (s, text, value) => {
        const fixes = s.fixes;
        if (fixes === undefined) return text;
        const date = value === undefined ? Date.now() : Number(value);
        if (fixes.narrow !== undefined) return narrowOf(fixes.narrow, date);
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
        if (fixes.weekday !== undefined) {
            // The longer name first: a short one may be the start of the long one (`Tue`).
            const { asked } = fixes.weekday;
            const written = ["long", "short"].find((width) => out.includes(fixes.weekday[width].format(date)));
            if (written !== undefined && written !== asked) {
                const name = asked === "narrow" ? undefined : fixes.weekday[asked].format(date);
                if (name !== undefined) out = out.replace(fixes.weekday[written].format(date), () => name);
            }
        }
        if (fixes.day !== undefined) {
            const day = fixes.day.format(date);
            if (day.length === 1) out = out.replace(new RegExp(`(^|\\D)${day}(?!\\d)`), (_, before) => `${before}0${day}`);
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
        if (fixes.zone !== undefined) {
            const without = fixes.zone.without.format(date);
            const zoned = fixes.zone.with.format(date);
            const zone = zoned.startsWith(without) ? zoned.slice(without.length) : "";
            out += fixes.zone.minus ? zone.replace(/([0-9A-Z])-(\d)/, "$1\u2212$2") : zone;
        }
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
        const numbers = writeDate(s.pattern, s.fields, date, s.digits);
        const written = s.weekday === undefined ? numbers : s.weekday.write(weekdayText(s.weekday, date), numbers);
        return s.time === undefined ? written : `${written}${s.joiner}${hourDigits(space(s.time.format(date)), s.options)}`;
    };
    // A weekday's text beside a numeric date (`weekdayJoin`).
    const weekdayText = (weekday, date) => `${weekday.format.format(date)}${weekday.suffix}`;
    // The same function at every read, bound to its format (see `NumberFormat`'s).
    defineGetter(DateTimeFormat.prototype, "format", function () {
        const s = state.get(this);
        if (s === undefined) throw new TypeError("Method get Intl.DateTimeFormat.prototype.format called on incompatible receiver");
        return (s.bound ??= (value) => formatDate(this, value));
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
        if (s.weekday !== undefined) mark("weekday", weekdayText(s.weekday, time));
        else if (weekday !== undefined) markText("weekday", weekday);
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
        const text = formatDate(this, time, true);
        if (s.fixes?.narrow !== undefined) return [{ type: s.fixes.narrow.field, value: text }];
        return dateParts(s, time, text);
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
    // A narrow month or weekday alone goes through the format, which writes V8's (`narrowOf`).
    const narrowAlone = (options) => {
        const fields = [...DATE_FIELDS, ...TIME_FIELDS, "timeZoneName", "dateStyle", "timeStyle"].filter((field) => own(options, field) !== undefined);
        return fields.length === 1 && (fields[0] === "month" || fields[0] === "weekday") && own(options, fields[0]) === "narrow";
    };
    // A weekday or a two-digit day beside a month goes through the format too, which mends
    // Boa's widths (`textFixes`). Its options name a date field, so the method adds none.
    const namedDate = (options) =>
        (TEXT_STYLES.includes(own(options, "weekday")) && own(options, "month") !== undefined) ||
        (own(options, "day") === "2-digit" && TEXT_STYLES.includes(own(options, "month")));
    // A long or full time style goes through the format, which writes the zone (`textFixes`).
    const zonedTime = (options) => own(options, "timeStyle") === "long" || own(options, "timeStyle") === "full";
    define(Date.prototype, "toLocaleDateString", function toLocaleDateString(locales, options) {
        if (!(this instanceof Date)) throw new TypeError("'this' is not a Date");
        if ((narrowAlone(options) || namedDate(options)) && !Number.isNaN(+this)) return new DateTimeFormat(locales, options).format(this);
        return localeDate(this, locales, options, false) ?? hourDigits(spaced(nativeToLocaleDateString.call(this, locales, boaClock(options))), options);
    });
    // Boa's text where a clock is asked for: the hour as V8 writes it on that clock (`clockOf`),
    // read with the fields the method adds when the options name none (`defaults`).
    const mendClock = (date, locales, options, text, defaults) => {
        if (Number.isNaN(+date) || (own(options, "hour12") === undefined && own(options, "hourCycle") === undefined)) return text;
        // Another clock writes only midnight and noon otherwise (`mendHour`), but where a time
        // style sets the hour's width: the other hours need no format built.
        if (hourIn(own(options, "timeZone"), date) % 12 !== 0 && own(options, "timeStyle") === undefined) return text;
        const fields = { ...options };
        if ([...DATE_FIELDS, ...TIME_FIELDS].every((field) => own(options, field) === undefined)) Object.assign(fields, defaults);
        const s = state.get(new DateTimeFormat(locales, fields));
        return s.clock?.fix ? mendHour(s, +date, text) : text;
    };
    const TIME_DEFAULTS = { hour: "numeric", minute: "2-digit", second: "2-digit" };
    define(Date.prototype, "toLocaleString", function toLocaleString(locales, options) {
        if (!(this instanceof Date)) throw new TypeError("'this' is not a Date");
        if ((narrowAlone(options) || namedDate(options) || zonedTime(options)) && !Number.isNaN(+this)) return new DateTimeFormat(locales, options).format(this);
        const text = localeDate(this, locales, options, true);
        if (text !== null) return text;
        const native = hourDigits(spaced(nativeToLocaleString.call(this, locales, boaClock(options))), options);
        return mendClock(this, locales, options, native, { year: "numeric", month: "numeric", day: "numeric", ...TIME_DEFAULTS });
    });
    define(Date.prototype, "toLocaleTimeString", function toLocaleTimeString(locales, options) {
        if (zonedTime(options) && this instanceof Date && !Number.isNaN(+this)) return new DateTimeFormat(locales, options).format(this);
        const text = hourDigits(spaced(nativeToLocaleTimeString.call(this, locales, boaClock(options))), options);
        return mendClock(this, locales, options, text, TIME_DEFAULTS);
    });

    // `Number.prototype.toLocaleString` through the number format above. A format is made once
    // per locale and options (`n.toLocaleString("en-US", { maximumFractionDigits: 2 })` per
    // row made one per call, ~6 µs each) where the options are a plain object whose own
    // properties are all data holding primitives: reading them again could see nothing new.
    const numberFormats = new Map();
    const formatKey = (locales, options) => {
        if (locales !== undefined && typeof locales !== "string") return undefined;
        let key = locales === undefined ? "" : locales;
        if (options === undefined) return key;
        if (options === null || typeof options !== "object" || Object.getPrototypeOf(options) !== Object.prototype) return undefined;
        for (const name of Object.keys(options)) {
            const property = Object.getOwnPropertyDescriptor(options, name);
            const value = property.value;
            if (!("value" in property) || (value !== null && typeof value === "object") || typeof value === "function" || typeof value === "symbol") return undefined;
            key += `\u0000${name}\u0000${typeof value}:${String(value)}`;
        }
        return key;
    };
    define(Number.prototype, "toLocaleString", function toLocaleString(locales, options) {
        const value = Number.prototype.valueOf.call(this);
        const key = formatKey(locales, options);
        if (key === undefined) return new NumberFormat(locales, options).format(value);
        let format = numberFormats.get(key);
        if (format === undefined) {
            format = new NumberFormat(locales, options);
            if (numberFormats.size < 256) numberFormats.set(key, format);
        }
        return format.format(value);
    });

