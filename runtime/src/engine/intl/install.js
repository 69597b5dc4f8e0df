
    // ---- installed over Boa's --------------------------------------------------------------
    define(Intl, "NumberFormat", NumberFormat);
    define(Intl, "DateTimeFormat", DateTimeFormat);
    define(Intl, "RelativeTimeFormat", RelativeTimeFormat);
})()
