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
    let fields = Reader::new(date.as_bytes()).read()?;
    fields.time_value(hooks)
}

/// Reads a string's fields from left to right, one token at a time.
struct Reader<'a> {
    bytes: &'a [u8],
    /// Where the next token starts.
    at: usize,
    fields: Fields,
    part: TimePart,
    /// Whether the last number read belongs to the time (a sign after it starts a zone).
    after_time: bool,
    /// Whether a zone word was just read (a sign after it is its offset).
    after_zone_word: bool,
}

impl<'a> Reader<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Self {
            bytes,
            at: 0,
            fields: Fields::default(),
            part: TimePart::None,
            after_time: false,
            after_zone_word: false,
        }
    }

    /// The fields of the whole string; `None` where a token cannot be where it is.
    fn read(mut self) -> Option<Fields> {
        while let Some(&byte) = self.bytes.get(self.at) {
            match byte {
                b'0'..=b'9' => self.number()?,
                b':' => {
                    if !matches!(self.part, TimePart::Hour | TimePart::Minute) {
                        return None;
                    }
                    self.at += 1;
                }
                b'.' => {
                    self.at += 1;
                    // After `ss`, the fraction's digits must follow; elsewhere a date's
                    // separator (`2024.03.10`, `Jan. 5`).
                    let fraction = self.part == TimePart::Second && self.fields.time.len() == 3;
                    if fraction && !self.bytes.get(self.at).is_some_and(u8::is_ascii_digit) {
                        return None;
                    }
                }
                b'+' | b'-'
                    if (self.after_time || self.after_zone_word) && self.fields.offset_open() =>
                {
                    self.offset()?;
                }
                b'+' | b'-' | b'/' | b',' => self.at += 1,
                b'(' => self.skip_parenthesized(),
                byte if byte.is_ascii_whitespace() => {
                    self.at += 1;
                    self.part = finish_time(self.part);
                }
                byte if byte.is_ascii_alphabetic() => self.word()?,
                _ => return None,
            }
        }
        Some(self.fields)
    }

    /// A run of digits: a part of the time, the fraction of its seconds, or one of the date's
    /// numbers.
    fn number(&mut self) -> Option<()> {
        let (number, end) = number_at(self.bytes, self.at);
        self.at = end;
        let next = self.bytes.get(end).copied();
        self.after_zone_word = false;
        match self.part {
            TimePart::Hour | TimePart::Minute => {
                self.fields.time.push(number.value);
                self.part = match (self.part, next) {
                    (TimePart::Hour, Some(b':')) => TimePart::Minute,
                    (TimePart::Minute, Some(b':' | b'.')) => TimePart::Second,
                    _ => TimePart::Done,
                };
                self.after_time = true;
            }
            TimePart::Second if self.fields.time.len() == 3 => {
                // The digits after `ss.`: milliseconds from the first three.
                let text = &self.bytes[end - number.digits..end];
                self.fields.millisecond = (0..3).fold(0, |millisecond, position| {
                    let digit = text.get(position).map_or(0, |digit| digit - b'0');
                    millisecond * 10 + u64::from(digit)
                });
                self.part = TimePart::Done;
                self.after_time = true;
            }
            _ if next == Some(b':') && self.part == TimePart::None => {
                self.fields.time.push(number.value);
                self.part = TimePart::Hour;
                self.after_time = true;
            }
            _ => {
                if self.fields.numbers.len() == 3 {
                    return None;
                }
                self.fields.numbers.push(number);
                self.after_time = false;
            }
        }
        Some(())
    }

    /// A zone's offset after a time or a zone's word, added to the word's.
    fn offset(&mut self) -> Option<()> {
        let (offset, end) = offset_at(self.bytes, self.at)?;
        self.fields.offset = Some(self.fields.offset.unwrap_or(0) + offset);
        self.at = end;
        self.part = finish_time(self.part);
        self.after_time = false;
        self.after_zone_word = false;
        Some(())
    }

    /// Text in parentheses, nested or not, up to its closing one or the end.
    fn skip_parenthesized(&mut self) {
        let mut depth = 0usize;
        while let Some(&byte) = self.bytes.get(self.at) {
            match byte {
                b'(' => depth += 1,
                b')' => depth -= 1,
                _ => {}
            }
            self.at += 1;
            if depth == 0 {
                break;
            }
        }
    }

    /// A run of letters: a month, a weekday, `am`/`pm`, a zone, the ISO `T`, or a word before
    /// the first number.
    fn word(&mut self) -> Option<()> {
        let start = self.at;
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_alphabetic) {
            self.at += 1;
        }
        let word = std::str::from_utf8(&self.bytes[start..self.at])
            .ok()?
            .to_ascii_lowercase();
        // `T` between a date and a time, as in the ISO format.
        if word == "t"
            && start > 0
            && self.bytes[start - 1].is_ascii_digit()
            && self.bytes.get(self.at).is_some_and(u8::is_ascii_digit)
        {
            return Some(());
        }
        self.part = finish_time(self.part);
        self.after_zone_word = false;
        let fields = &mut self.fields;
        match word_kind(&word) {
            Word::Month(month) => fields.month.replace(month).is_none().then_some(()),
            Word::Weekday => Some(()),
            Word::Meridiem(pm) => {
                (!fields.time.is_empty() && fields.pm.replace(pm).is_none()).then_some(())
            }
            Word::Zone(offset) => {
                self.after_zone_word = true;
                fields.offset.replace(offset).is_none().then_some(())
            }
            Word::Unknown => (fields.numbers.is_empty() && fields.time.is_empty()).then_some(()),
        }
    }
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
