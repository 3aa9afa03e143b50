//! Dates as Indian statements print them, read by hand (no regex per token).
//!
//! Day first always: `dd/mm/yy`, `dd/mm/yyyy`, `dd-mm-yyyy`, `dd-mm-yy`,
//! `dd.mm.yyyy`, `dd-MMM-yy`, `dd-MMM-yyyy`, `dd/MMM/yyyy`, `dd MMM yyyy`
//! (three words), and ISO `yyyy-mm-dd`; each optionally followed by a time
//! (`13:02`, `13:02:43`, `01:02:43 PM`).

use chrono::{Datelike, NaiveDate, NaiveDateTime, NaiveTime};

const MONTHS: [&str; 12] = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/// Month number of an English month name or its first three letters.
pub(crate) fn month(word: &str) -> Option<u32> {
    let w = word.trim_end_matches(['.', ',']).to_ascii_uppercase();
    if w.len() < 3 || !w.is_ascii() {
        return None;
    }
    let head = w.get(..3)?;
    let m = MONTHS.iter().position(|m| *m == head)?;
    // "SEPT" and full names; nothing else that merely starts with the letters.
    const FULL: [&str; 12] = [
        "JANUARY",
        "FEBRUARY",
        "MARCH",
        "APRIL",
        "MAY",
        "JUNE",
        "JULY",
        "AUGUST",
        "SEPTEMBER",
        "OCTOBER",
        "NOVEMBER",
        "DECEMBER",
    ];
    let full = FULL.get(m)?;
    (w.len() == 3 || w == *full || w == "SEPT").then_some(m as u32 + 1)
}

fn digits(s: &str, min: usize, max: usize) -> Option<u32> {
    (s.len() >= min && s.len() <= max && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse().ok()).flatten()
}

fn year(s: &str) -> Option<i32> {
    let y = digits(s, 2, 4)? as i32;
    match s.len() {
        2 => Some(2000 + y),
        4 => Some(y),
        _ => None,
    }
}

fn ymd(y: i32, m: u32, d: u32) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(y, m, d)
}

/// A date in one word: `12/06/2025`, `01-Apr-25`, `2025-04-01`.
fn one_word(w: &str) -> Option<NaiveDate> {
    let sep = w.chars().find(|c| matches!(c, '/' | '-' | '.'))?;
    let mut parts = w.split(sep);
    let (a, b, c) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    if a.len() == 4 {
        return ymd(year(a)?, digits(b, 1, 2)?, digits(c, 1, 2)?);
    }
    let d = digits(a, 1, 2)?;
    let m = digits(b, 1, 2).or_else(|| month(b))?;
    ymd(year(c)?, m, d)
}

/// A time word (`13:02`, `13:02:43`) and an optional AM/PM word after it.
fn time(words: &[&str]) -> Option<(NaiveTime, usize)> {
    let w = words.first()?;
    let mut parts = w.split(':');
    let h = digits(parts.next()?, 1, 2)?;
    let m = digits(parts.next()?, 2, 2)?;
    let s = match parts.next() {
        Some(s) => digits(s, 2, 2)?,
        None => 0,
    };
    if parts.next().is_some() {
        return None;
    }
    let ampm = words.get(1).map(|x| x.to_ascii_uppercase());
    let (h, used) = match ampm.as_deref() {
        Some("AM") if (1..=12).contains(&h) => (h % 12, 2),
        Some("PM") if (1..=12).contains(&h) => (h % 12 + 12, 2),
        _ => (h, 1),
    };
    Some((NaiveTime::from_hms_opt(h, m, s)?, used))
}

/// The date (and time when printed) at the start of `text`.
pub fn parse_date(text: &str) -> Option<NaiveDateTime> {
    let spread = spread_compact(text);
    let text = unwrap_date(spread.as_deref().unwrap_or(text));
    let words: Vec<&str> = text.split_whitespace().take(5).collect();
    let first = words.first()?;
    let (date, used) = if let Some(d) = one_word(first) {
        (d, 1)
    } else if let Some(m) = month(first) {
        // "July 1, 2022", "Jan 05 2024"
        let d = digits(words.get(1)?.trim_end_matches(','), 1, 2)?;
        let y =
            words.get(2).filter(|w| w.trim_end_matches(',').len() == 4).and_then(|w| year(w.trim_end_matches(',')))?;
        (ymd(y, m, d)?, 3)
    } else {
        // "12 Jun 2025", "1 April 25"
        let d = digits(first, 1, 2)?;
        let m = month(words.get(1)?)?;
        (ymd(year(words.get(2)?.trim_end_matches(','))?, m, d)?, 3)
    };
    let t = words.get(used..).and_then(time).map_or(NaiveTime::MIN, |(t, _)| t);
    Some(date.and_time(t))
}

/// Every date in `text`, in order (for statement periods: "From 01/04/2025 To 30/06/2025").
pub fn dates_in(text: &str) -> Vec<NaiveDate> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let rest = words.get(i..).unwrap_or_default().join(" ");
        match parse_date(&rest) {
            Some(d) => {
                out.push(d.date());
                i += if words
                    .get(i)
                    .and_then(|w| one_word(w.trim_matches(|c: char| c == ',' || c == ')' || c == '(')))
                    .is_some()
                {
                    1
                } else {
                    3
                };
            }
            None => {
                // A date glued to punctuation: "(01/04/2025" or "01/04/2025)".
                if let Some(d) =
                    words.get(i).and_then(|w| one_word(w.trim_matches(|c: char| !c.is_ascii_alphanumeric())))
                {
                    out.push(d);
                }
                i += 1;
            }
        }
    }
    out
}

/// How one table's dates are read: the order of day and month of all-numeric
/// dates, decided over the whole column ([`DateContext::decide`]), and the
/// statement period, which gives the year of dates printed without one
/// (`03 Feb`, `May 02`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DateContext {
    /// `05/02/2024` is 2 May, not 5 February.
    pub month_first: bool,
    /// The statement period, when known.
    pub period: Option<(NaiveDate, NaiveDate)>,
}

/// A printed date before its order and year are decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Parts {
    /// First and second number (`a/b`), or day and month when a month is named.
    a: u32,
    b: u32,
    /// A month name fixes the order (`03 Feb`, `Feb 03`): no swap.
    named: bool,
    year: Option<i32>,
    time: NaiveTime,
}

/// The date parts at the start of `text`, in any printed form.
/// A date wrapped inside its cell ("01-APR-" over "24", "2024-04-" over
/// "01") joined again: white space right after a separator that ends a word
/// is dropped (after a letter or digit for `-` and `/`, a digit for `.`).
fn unwrap_date(text: &str) -> std::borrow::Cow<'_, str> {
    let joins = |prev: char, c: char| match c {
        '-' | '/' => prev.is_ascii_alphanumeric(),
        '.' => prev.is_ascii_digit(),
        _ => false,
    };
    let mut prev = ' ';
    let mut wrapped = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if joins(prev, c) && chars.peek().is_some_and(|n| n.is_whitespace()) {
            wrapped = true;
            break;
        }
        prev = c;
    }
    if !wrapped {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut prev = ' ';
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if joins(prev, c) {
            while chars.peek().is_some_and(|n| n.is_whitespace()) {
                chars.next();
            }
        }
        prev = c;
    }
    std::borrow::Cow::Owned(out)
}

/// A date printed without separators ("01APR24", "1APR2024", HSBC) spread
/// into words ("01 APR 24").
fn spread_compact(text: &str) -> Option<String> {
    let trimmed = text.trim_start();
    let first = trimmed.split_whitespace().next()?;
    // A month name glued to its day: "June30, 2025", "Jun30,2025".
    let letters = first.bytes().take_while(u8::is_ascii_alphabetic).count();
    if letters >= 3 {
        let (name, tail) = first.split_at(letters);
        let day = tail.split(',').next().unwrap_or_default();
        if month(name).is_some() && (1..=2).contains(&day.len()) && day.bytes().all(|b| b.is_ascii_digit()) {
            let after = tail.get(day.len()..).unwrap_or_default();
            let after = after.strip_prefix(',').map_or(after.to_string(), |y| format!(", {y}"));
            let rest = trimmed.get(first.len()..).unwrap_or_default();
            return Some(format!("{name} {day}{after}{rest}"));
        }
    }
    let day_len = first.bytes().take_while(u8::is_ascii_digit).count();
    if !(1..=2).contains(&day_len) {
        return None;
    }
    let mon = first.get(day_len..day_len + 3)?;
    let year = first.get(day_len + 3..)?;
    if month(mon).is_none() || !(year.len() == 2 || year.len() == 4) || !year.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rest = trimmed.get(first.len()..).unwrap_or_default();
    Some(format!("{} {mon} {year}{rest}", first.get(..day_len)?))
}

fn parts(text: &str) -> Option<Parts> {
    let spread = spread_compact(text);
    let text = unwrap_date(spread.as_deref().unwrap_or(text));
    let words: Vec<&str> = text.split_whitespace().take(6).collect();
    let first = words.first()?.trim_end_matches(',');
    let (p, used) = if let Some(sep) = first.chars().find(|c| matches!(c, '/' | '-' | '.')) {
        let pieces: Vec<&str> = first.split(sep).collect();
        match pieces.as_slice() {
            [y, m, d] if y.len() == 4 => (
                Parts {
                    a: digits(d, 1, 2)?,
                    b: digits(m, 1, 2)?,
                    named: true,
                    year: Some(year(y)?),
                    time: NaiveTime::MIN,
                },
                1,
            ),
            [a, b, c] => {
                let (b, named) = match digits(b, 1, 2) {
                    Some(n) => (n, false),
                    None => (month(b)?, true),
                };
                (Parts { a: digits(a, 1, 2)?, b, named, year: Some(year(c)?), time: NaiveTime::MIN }, 1)
            }
            [a, b] => {
                let (b, named) = match digits(b, 1, 2) {
                    Some(n) => (n, false),
                    None => (month(b)?, true),
                };
                (Parts { a: digits(a, 1, 2)?, b, named, year: None, time: NaiveTime::MIN }, 1)
            }
            _ => return None,
        }
    } else if let Some(d) = digits(strip_ordinal(first), 1, 2) {
        // "12 Jun 2025", "03 Feb", "12th Feb"
        let m = month(words.get(1)?)?;
        match words
            .get(2)
            .and_then(|w| year(w.trim_end_matches(',')))
            .filter(|_| words.get(2).is_some_and(|w| !w.contains(':')))
        {
            Some(y) => (Parts { a: d, b: m, named: true, year: Some(y), time: NaiveTime::MIN }, 3),
            None => (Parts { a: d, b: m, named: true, year: None, time: NaiveTime::MIN }, 2),
        }
    } else {
        // "May 02", "May 02, 2024", "Feb 3 2024"
        let m = month(first)?;
        let d = digits(words.get(1)?.trim_end_matches(','), 1, 2)?;
        match words
            .get(2)
            .and_then(|w| year(w.trim_end_matches(',')))
            .filter(|_| words.get(2).is_some_and(|w| w.len() == 4))
        {
            Some(y) => (Parts { a: d, b: m, named: true, year: Some(y), time: NaiveTime::MIN }, 3),
            None => (Parts { a: d, b: m, named: true, year: None, time: NaiveTime::MIN }, 2),
        }
    };
    let time = words.get(used..).and_then(time).map_or(NaiveTime::MIN, |(t, _)| t);
    let ok = (1..=31).contains(&p.a) && (1..=31).contains(&p.b) && (p.a <= 12 || p.b <= 12);
    ok.then_some(Parts { time, ..p })
}

/// `12th` → `12`, `1st` → `1`; other words unchanged.
fn strip_ordinal(w: &str) -> &str {
    for suffix in ["st", "nd", "rd", "th", "ST", "ND", "RD", "TH"] {
        if let Some(head) = w.strip_suffix(suffix)
            && !head.is_empty()
            && head.bytes().all(|b| b.is_ascii_digit())
        {
            return head;
        }
    }
    w
}

/// True when `text` starts with a date printed without a year (`03 Feb`, `May 02`, `03/02`).
pub fn without_year(text: &str) -> bool {
    parts(text).is_some_and(|p| p.year.is_none())
}

/// True when `text` starts with a date in any printed form, with or without a year.
pub fn looks_like_date(text: &str) -> bool {
    parts(text).is_some()
}

impl DateContext {
    /// Decides the order of day and month over a whole date column: a first
    /// number above 12 means day first, a second above 12 month first;
    /// otherwise the order under which the dates run in sequence (fewer steps
    /// backwards), day first at a tie (Indian statements).
    pub fn decide<'a>(cells: impl Iterator<Item = &'a str>, period: Option<(NaiveDate, NaiveDate)>) -> DateContext {
        let all: Vec<Parts> = cells.filter_map(parts).filter(|p| !p.named).collect();
        let day_first = DateContext { month_first: false, period };
        let month_first = DateContext { month_first: true, period };
        if all.iter().any(|p| p.a > 12) || all.is_empty() {
            return day_first;
        }
        if all.iter().any(|p| p.b > 12) {
            return month_first;
        }
        let backwards = |ctx: &DateContext| {
            let dates: Vec<NaiveDate> = all.iter().filter_map(|p| ctx.resolve(*p)).map(|d| d.date()).collect();
            let forward = dates.windows(2).filter(|w| w.first() < w.get(1)).count();
            let back = dates.windows(2).filter(|w| w.first() > w.get(1)).count();
            // A statement printed newest first runs backwards throughout.
            back.min(forward)
        };
        if backwards(&month_first) < backwards(&day_first) { month_first } else { day_first }
    }

    /// The date (and time) at the start of `text`.
    pub fn parse(&self, text: &str) -> Option<NaiveDateTime> {
        self.resolve(parts(text)?)
    }

    /// A date the calendar does not have (29 February of a common year, 31
    /// April, 30 February): day and month in range, no such day in that
    /// month. Read as the month's last day; `None` for anything else.
    pub fn parse_past_month_end(&self, text: &str) -> Option<NaiveDateTime> {
        let p = parts(text)?;
        if self.resolve(p).is_some() {
            return None;
        }
        let swapped = !p.named && self.month_first;
        let (d, m) = if swapped { (p.b, p.a) } else { (p.a, p.b) };
        if !(29..=31).contains(&d) || !(1..=12).contains(&m) {
            return None;
        }
        (28..d).rev().find_map(|last| {
            let q = if swapped { Parts { b: last, ..p } } else { Parts { a: last, ..p } };
            self.resolve(q)
        })
    }

    fn resolve(&self, p: Parts) -> Option<NaiveDateTime> {
        let (d, m) = if !p.named && self.month_first { (p.b, p.a) } else { (p.a, p.b) };
        let y = match p.year {
            Some(y) => y,
            None => {
                let (from, to) = self.period?;
                // The year that puts the date inside the period (a month of slack).
                let mut best: Option<(i64, i32)> = None;
                for y in from.year() - 1..=to.year() + 1 {
                    let Some(date) = ymd(y, m, d) else { continue };
                    let off = if date < from {
                        (from - date).num_days()
                    } else if date > to {
                        (date - to).num_days()
                    } else {
                        0
                    };
                    if best.is_none_or(|(o, _)| off < o) {
                        best = Some((off, y));
                    }
                }
                best?.1
            }
        };
        Some(ymd(y, m, d)?.and_time(p.time))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Option<String> {
        parse_date(s).map(|d| d.format("%Y-%m-%d %H:%M:%S").to_string())
    }

    #[test]
    fn printed_forms() {
        assert_eq!(p("01/04/25").as_deref(), Some("2025-04-01 00:00:00"));
        assert_eq!(p("01/04/2025").as_deref(), Some("2025-04-01 00:00:00"));
        assert_eq!(p("1-4-2025").as_deref(), Some("2025-04-01 00:00:00"));
        assert_eq!(p("01-Apr-25").as_deref(), Some("2025-04-01 00:00:00"));
        assert_eq!(p("01-APR-2025").as_deref(), Some("2025-04-01 00:00:00"));
        assert_eq!(p("12/Jun/2025").as_deref(), Some("2025-06-12 00:00:00"));
        assert_eq!(p("1 Apr 2025").as_deref(), Some("2025-04-01 00:00:00"));
        assert_eq!(p("01.04.2025").as_deref(), Some("2025-04-01 00:00:00"));
        // Wrapped inside a narrow cell, joined with a space by the row.
        assert_eq!(p("01-APR- 24").as_deref(), Some("2024-04-01 00:00:00"));
        // Without separators (HSBC).
        assert_eq!(p("01APR24").as_deref(), Some("2024-04-01 00:00:00"));
        assert_eq!(p("9DEC2024 ATM").as_deref(), Some("2024-12-09 00:00:00"));
        assert_eq!(p("01APR").as_deref(), None);
        assert_eq!(p("2024-04- 01").as_deref(), Some("2024-04-01 00:00:00"));
        assert_eq!(p("01/04/ 2024").as_deref(), Some("2024-04-01 00:00:00"));
        assert_eq!(p("1 Apr. 2025").as_deref(), p("1 Apr 2025").as_deref());
        assert_eq!(p("12/06/2025 01:02:43 PM").as_deref(), Some("2025-06-12 13:02:43"));
        assert_eq!(p("12/06/2025 12:02:43 AM").as_deref(), Some("2025-06-12 00:02:43"));
        assert_eq!(p("12/06/2025 13:02").as_deref(), Some("2025-06-12 13:02:00"));
        assert_eq!(p("2025-06-12").as_deref(), Some("2025-06-12 00:00:00"));
        assert_eq!(p("31/02/2025"), None);
        assert_eq!(p("UPI/123/456"), None);
        assert_eq!(p("1,234.50"), None);
        assert_eq!(p("Mar 2025"), None);
        assert_eq!(p("July 1, 2022").as_deref(), Some("2022-07-01 00:00:00"));
        assert_eq!(p("12 Marketing 2025"), None);
        // A month name glued to its day (IDFC First).
        assert_eq!(p("June30, 2025").as_deref(), Some("2025-06-30 00:00:00"));
        assert_eq!(p("Jun05,2025").as_deref(), Some("2025-06-05 00:00:00"));
        assert_eq!(p("Junk30, 2025"), None);
    }

    #[test]
    fn periods() {
        let d = dates_in("Statement From 01/04/2025 To 30/06/2025");
        assert_eq!(d.len(), 2);
        let d = dates_in("for the period 1 Apr 2025 to 30 Jun 2025");
        assert_eq!(d.iter().map(|d| d.to_string()).collect::<Vec<_>>(), vec!["2025-04-01", "2025-06-30"]);
        assert_eq!(dates_in("(01-04-2025 - 30-06-2025)").len(), 2);
    }

    #[test]
    fn dates_without_a_year_and_month_first() {
        let feb = DateContext {
            month_first: false,
            period: Some((ymd(2026, 2, 1).unwrap_or_default(), ymd(2026, 2, 28).unwrap_or_default())),
        };
        let f = |c: &DateContext, s: &str| c.parse(s).map(|d| d.format("%Y-%m-%d").to_string());
        assert_eq!(f(&feb, "03 Feb").as_deref(), Some("2026-02-03"));
        assert_eq!(f(&feb, "Feb 03").as_deref(), Some("2026-02-03"));
        assert_eq!(f(&feb, "10 Dec 19").as_deref(), Some("2019-12-10"));
        assert!(without_year("03 Feb") && without_year("May 02") && without_year("03/02"));
        assert!(!without_year("10 Dec 19") && !without_year("01-08-2024") && !without_year("12/Jun/2025"));
        let year_end = DateContext {
            month_first: false,
            period: Some((ymd(2025, 12, 9).unwrap_or_default(), ymd(2026, 1, 8).unwrap_or_default())),
        };
        assert_eq!(f(&year_end, "28 Dec").as_deref(), Some("2025-12-28"));
        assert_eq!(f(&year_end, "03 Jan").as_deref(), Some("2026-01-03"));
        assert_eq!(DateContext::default().parse("03 Feb"), None);
        // A day the month does not have: read on its last day, and only that.
        let us22 = DateContext {
            month_first: true,
            period: Some((ymd(2022, 2, 1).unwrap_or_default(), ymd(2022, 4, 30).unwrap_or_default())),
        };
        let g = |s: &str| us22.parse_past_month_end(s).map(|d| d.format("%Y-%m-%d").to_string());
        assert_eq!(us22.parse("02-29"), None);
        assert_eq!(g("02-29").as_deref(), Some("2022-02-28"));
        assert_eq!(g("04-31").as_deref(), Some("2022-04-30"));
        assert_eq!(g("02-28"), None);
        assert_eq!(g("02-32"), None);
        assert_eq!(g("13-29"), None);
        assert_eq!(DateContext::default().parse_past_month_end("31/04/2025").map(|d| d.date()), ymd(2025, 4, 30));
        // The column decides the order: a second number above 12 means month first.
        let us = DateContext::decide(["01/02/2024", "01/15/2024", "02/01/2024"].into_iter(), None);
        assert!(us.month_first);
        assert_eq!(f(&us, "02/01/2024").as_deref(), Some("2024-02-01"));
        let india = DateContext::decide(["01/02/2024", "15/02/2024"].into_iter(), None);
        assert!(!india.month_first);
        // All below 13: the order under which the dates run forward.
        let seq = DateContext::decide(["01/03/2024", "01/04/2024", "01/05/2024", "02/05/2024"].into_iter(), None);
        assert!(!seq.month_first);
        let seq_us = DateContext::decide(["01/03/2024", "01/04/2024", "01/05/2024", "02/01/2024"].into_iter(), None);
        assert!(seq_us.month_first);
        assert!(looks_like_date("03 Feb EFTPOS"));
        assert_eq!(f(&feb, "12th Feb").as_deref(), Some("2026-02-12"));
        assert!(!looks_like_date("1.00"));
        assert!(!looks_like_date("10.50"));
    }
}
