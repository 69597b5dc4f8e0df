//! ordo's patch: `Date.parse` of the strings that are not the Date Time String Format, which
//! the specification leaves to the implementation. Boa took only the ISO format, `toString`'s
//! and `toUTCString`'s; scripts meet dates as people, spreadsheets and databases write them
//! (`2024-03-10 12:00`, `03/10/2024`, `Mar 10, 2024`, `10 March 2024 5:30 pm`, `toDateString`'s
//! `Sun Mar 10 2024`), and Node reads all of them. This reads them as Node does:
//!
//! - words: a month's name or its first three letters or more, a weekday's (skipped), `am` and
//!   `pm`, and the zones `UTC`, `GMT`, `UT`, `Z` and North America's `EST`…`PDT`; a word before
//!   the first number is skipped (`on 3/10/2024`), any other makes the string invalid;
//! - a time `h:mm[:ss[.fff…]]` anywhere, with `am`/`pm` after it, and a zone after it:
//!   `+hhmm`, `+hh:mm`, `+hh`, alone or after `GMT`/`UTC`; text in parentheses is skipped;
//! - the date from its numbers, separated by `/`, `-`, `.`, `,` or spaces: year, month, day
//!   when the first has more than two digits or is past 31, else month, day, year; with a
//!   named month, day and year in either order. A year of two digits is 19xx from 50, else
//!   20xx; without a year, 2001 (V8's).
//!
//! Without a zone the time is local. Out-of-range fields make the string invalid, except a day
//! past the month's end, which carries into the next month (`02/30/2024` is March 1st).

use super::utils::{make_date, make_day, make_time, time_clip, utc_t};
use crate::context::HostHooks;

const MS_PER_MINUTE: f64 = 60_000.0;

const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];
const WEEKDAYS: [&str; 7] = [
    "sunday",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
];
/// North America's zone abbreviations, as V8 reads them: offsets in minutes.
const ZONES: [(&str, i64); 12] = [
    ("utc", 0),
    ("gmt", 0),
    ("ut", 0),
    ("z", 0),
    ("est", -300),
    ("edt", -240),
    ("cst", -360),
    ("cdt", -300),
    ("mst", -420),
    ("mdt", -360),
    ("pst", -480),
    ("pdt", -420),
];

/// A number as written: its value and how many digits it had.
#[derive(Clone, Copy)]
struct Number {
    value: u64,
    digits: usize,
}

impl Number {
    /// Whether it can only be a year: more than two digits, or past any day.
    fn is_year(self) -> bool {
        self.digits > 2 || self.value > 31
    }
}

/// Where the parser is in the time.
#[derive(Clone, Copy, PartialEq, Eq)]
enum TimePart {
    None,
    Hour,
    Minute,
    Second,
    Done,
}

#[derive(Default)]
struct Fields {
    numbers: Vec<Number>,
    month: Option<u64>,
    time: Vec<u64>,
    millisecond: u64,
    pm: Option<bool>,
    /// The zone's offset from UTC in minutes.
    offset: Option<i64>,
}

/// The time value `date` stands for, if it is a date as [the module](self) reads them.
pub(super) fn parse_legacy(date: &str, hooks: &dyn HostHooks) -> Option<i64> {
    let fields = read(date.as_bytes())?;
    fields.time_value(hooks)
}

fn read(bytes: &[u8]) -> Option<Fields> {
    let mut fields = Fields::default();
    let mut part = TimePart::None;
    // Whether the last number read belongs to the time (a sign after it starts a zone).
    let mut after_time = false;
    // Whether a zone word was just read (a sign after it is its offset).
    let mut after_zone_word = false;
    let mut i = 0;
    while i < bytes.len() {
        let byte = bytes[i];
        match byte {
            b'0'..=b'9' => {
                let (number, end) = number_at(bytes, i);
                i = end;
                let next = bytes.get(i).copied();
                match part {
                    TimePart::Hour | TimePart::Minute => {
                        fields.time.push(number.value);
                        part = if part == TimePart::Hour {
                            TimePart::Minute
                        } else {
                            TimePart::Second
                        };
                        if next != Some(b':') {
                            part = if part == TimePart::Second && next == Some(b'.') {
                                TimePart::Second
                            } else {
                                TimePart::Done
                            };
                        }
                        after_time = true;
                    }
                    TimePart::Second if fields.time.len() == 3 => {
                        // The digits after `ss.`: milliseconds from the first three.
                        let text = &bytes[end - number.digits..end];
                        let mut millisecond = 0;
                        for position in 0..3 {
                            let digit = text.get(position).map_or(0, |digit| digit - b'0');
                            millisecond = millisecond * 10 + u64::from(digit);
                        }
                        fields.millisecond = millisecond;
                        part = TimePart::Done;
                        after_time = true;
                    }
                    _ if next == Some(b':') && part == TimePart::None => {
                        fields.time.push(number.value);
                        part = TimePart::Hour;
                        after_time = true;
                    }
                    _ => {
                        if fields.numbers.len() == 3 {
                            return None;
                        }
                        fields.numbers.push(number);
                        after_time = false;
                    }
                }
                after_zone_word = false;
            }
            b':' => {
                if !matches!(part, TimePart::Hour | TimePart::Minute) {
                    return None;
                }
                i += 1;
            }
            b'.' => {
                if part == TimePart::Second && fields.time.len() == 3 {
                    i += 1;
                    if !bytes.get(i).is_some_and(u8::is_ascii_digit) {
                        return None;
                    }
                } else {
                    // A date's separator (`2024.03.10`, `Jan. 5`).
                    i += 1;
                }
            }
            b'+' | b'-' if (after_time || after_zone_word) && fields.offset_open() => {
                let (offset, end) = offset_at(bytes, i)?;
                fields.offset = Some(fields.offset.unwrap_or(0) + offset);
                i = end;
                part = finish_time(part);
                after_time = false;
                after_zone_word = false;
            }
            b'+' | b'-' | b'/' | b',' => i += 1,
            b'(' => {
                let mut depth = 0usize;
                while i < bytes.len() {
                    match bytes[i] {
                        b'(' => depth += 1,
                        b')' => depth -= 1,
                        _ => {}
                    }
                    i += 1;
                    if depth == 0 {
                        break;
                    }
                }
            }
            byte if byte.is_ascii_whitespace() => {
                i += 1;
                part = finish_time(part);
            }
            byte if byte.is_ascii_alphabetic() => {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
                    i += 1;
                }
                let word = std::str::from_utf8(&bytes[start..i])
                    .ok()?
                    .to_ascii_lowercase();
                // `T` between a date and a time, as in the ISO format.
                if word == "t"
                    && start > 0
                    && bytes[start - 1].is_ascii_digit()
                    && bytes.get(i).is_some_and(u8::is_ascii_digit)
                {
                    continue;
                }
                part = finish_time(part);
                after_zone_word = false;
                match word_kind(&word) {
                    Word::Month(month) => {
                        if fields.month.replace(month).is_some() {
                            return None;
                        }
                    }
                    Word::Weekday => {}
                    Word::Meridiem(pm) => {
                        if fields.time.is_empty() || fields.pm.replace(pm).is_some() {
                            return None;
                        }
                    }
                    Word::Zone(offset) => {
                        if fields.offset.replace(offset).is_some() {
                            return None;
                        }
                        after_zone_word = true;
                    }
                    Word::Unknown => {
                        if !fields.numbers.is_empty() || !fields.time.is_empty() {
                            return None;
                        }
                    }
                }
            }
            _ => return None,
        }
    }
    Some(fields)
}

/// The time part after a separator: a time stops at the first thing that does not continue it.
fn finish_time(part: TimePart) -> TimePart {
    match part {
        TimePart::None => TimePart::None,
        _ => TimePart::Done,
    }
}

/// The run of digits at `start` and where it ends.
fn number_at(bytes: &[u8], start: usize) -> (Number, usize) {
    let mut end = start;
    let mut value: u64 = 0;
    while end < bytes.len() && bytes[end].is_ascii_digit() {
        value = value
            .saturating_mul(10)
            .saturating_add(u64::from(bytes[end] - b'0'));
        end += 1;
    }
    (
        Number {
            value,
            digits: end - start,
        },
        end,
    )
}

/// A zone's offset at `start` (`+hhmm`, `+hh:mm`, `+hh`, `-h`), in minutes, and where it ends.
fn offset_at(bytes: &[u8], start: usize) -> Option<(i64, usize)> {
    let negative = bytes[start] == b'-';
    let (number, mut end) = number_at(bytes, start + 1);
    let (hours, minutes) = match number.digits {
        1 | 2 if bytes.get(end) == Some(&b':') => {
            let (minutes, after) = number_at(bytes, end + 1);
            if minutes.digits != 2 {
                return None;
            }
            end = after;
            (number.value, minutes.value)
        }
        1 | 2 => (number.value, 0),
        3 | 4 => (number.value / 100, number.value % 100),
        _ => return None,
    };
    if hours > 23 || minutes > 59 {
        return None;
    }
    let minutes = i64::try_from(hours * 60 + minutes).ok()?;
    Some((if negative { -minutes } else { minutes }, end))
}

enum Word {
    Month(u64),
    Weekday,
    Meridiem(bool),
    Zone(i64),
    Unknown,
}

fn word_kind(word: &str) -> Word {
    let prefix_of = |name: &str| word.len() >= 3 && name.starts_with(word);
    if let Some(index) = MONTHS.iter().position(|name| prefix_of(name)) {
        return Word::Month(index as u64 + 1);
    }
    if WEEKDAYS.iter().any(|name| prefix_of(name)) {
        return Word::Weekday;
    }
    match word {
        "am" => return Word::Meridiem(false),
        "pm" => return Word::Meridiem(true),
        _ => {}
    }
    ZONES
        .iter()
        .find(|(name, _)| *name == word)
        .map_or(Word::Unknown, |&(_, offset)| Word::Zone(offset))
}

impl Fields {
    /// Whether a sign may still start or complete a zone: none was read, or only its word.
    fn offset_open(&self) -> bool {
        !matches!(self.offset, Some(offset) if offset != 0)
    }

    fn time_value(&self, hooks: &dyn HostHooks) -> Option<i64> {
        let (year, month, day) = self.date()?;
        let (mut hour, minute, second) = match self.time.as_slice() {
            [] => (0, 0, 0),
            [hour, minute] => (*hour, *minute, 0),
            [hour, minute, second] => (*hour, *minute, *second),
            _ => return None,
        };
        if let Some(pm) = self.pm {
            if hour > 12 {
                return None;
            }
            hour = match (pm, hour) {
                (false, 12) => 0,
                (true, 12) => 12,
                (true, hour) => hour + 12,
                (false, hour) => hour,
            };
        }
        let midnight_next = hour == 24 && minute == 0 && second == 0 && self.millisecond == 0;
        if (hour > 23 && !midnight_next) || minute > 59 || second > 59 {
            return None;
        }
        if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
            return None;
        }
        let date = make_date(
            make_day(year as f64, (month - 1) as f64, day as f64),
            make_time(
                hour as f64,
                minute as f64,
                second as f64,
                self.millisecond as f64,
            ),
        );
        let date = match self.offset {
            Some(offset) => date - offset as f64 * MS_PER_MINUTE,
            None => utc_t(date, hooks),
        };
        let time = time_clip(date);
        time.is_finite().then_some(time as i64)
    }

    /// Year, month (1 to 12) and day from the numbers and the named month.
    fn date(&self) -> Option<(u64, u64, u64)> {
        let (year, month, day) = match (self.month, self.numbers.as_slice()) {
            (Some(month), [day]) if !day.is_year() => (None, month, day.value),
            (Some(month), [year]) => (Some(*year), month, 1),
            (Some(month), [first, second]) if first.is_year() => {
                (Some(*first), month, second.value)
            }
            (Some(month), [day, year]) => (Some(*year), month, day.value),
            (None, [first, second]) if first.is_year() => (Some(*first), second.value, 1),
            (None, [month, day]) => (None, month.value, day.value),
            (None, [year, month, day]) if year.is_year() => (Some(*year), month.value, day.value),
            (None, [month, day, year]) => (Some(*year), month.value, day.value),
            _ => return None,
        };
        let year = match year {
            None => 2001,
            Some(Number { value, digits }) if digits <= 2 && value < 50 => 2000 + value,
            Some(Number { value, digits }) if digits <= 2 => 1900 + value,
            Some(Number { value, .. }) => value,
        };
        Some((year, month, day))
    }
}
