const released = new Date("2024-03-05T14:30:00Z");
return {
  iso: released.toISOString(),
  us: released.toLocaleDateString("en-US"),
  uk: released.toLocaleDateString("en-GB"),
  long: released.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" }),
  withTime: released.toLocaleString("en-US", { timeZone: "UTC" }),
  weekday: new Intl.DateTimeFormat("en-US", { weekday: "long" }).format(released),
  medium: new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(released),
  relative: new Intl.RelativeTimeFormat("en", { numeric: "auto" }).format(-1, "day"),
  inThreeWeeks: new Intl.RelativeTimeFormat("en").format(3, "week"),
};
