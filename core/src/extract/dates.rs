//! Dates as Indian statements print them, read by hand (no regex per token).
//!
//! Day first always: `dd/mm/yy`, `dd/mm/yyyy`, `dd-mm-yyyy`, `dd-mm-yy`,
//! `dd.mm.yyyy`, `dd-MMM-yy`, `dd-MMM-yyyy`, `dd/MMM/yyyy`, `dd MMM yyyy`
//! (three words), and ISO `yyyy-mm-dd`; each optionally followed by a time
//! (`13:02`, `13:02:43`, `01:02:43 PM`).

use chrono::{NaiveDate, NaiveDateTime, NaiveTime};

const MONTHS: [&str; 12] = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/// Month number of an English month name or its first three letters.
fn month(word: &str) -> Option<u32> {
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
    let words: Vec<&str> = text.split_whitespace().take(5).collect();
    let first = words.first()?;
    let (date, used) = if let Some(d) = one_word(first) {
        (d, 1)
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
        assert_eq!(p("12/06/2025 01:02:43 PM").as_deref(), Some("2025-06-12 13:02:43"));
        assert_eq!(p("12/06/2025 12:02:43 AM").as_deref(), Some("2025-06-12 00:02:43"));
        assert_eq!(p("12/06/2025 13:02").as_deref(), Some("2025-06-12 13:02:00"));
        assert_eq!(p("2025-06-12").as_deref(), Some("2025-06-12 00:00:00"));
        assert_eq!(p("31/02/2025"), None);
        assert_eq!(p("UPI/123/456"), None);
        assert_eq!(p("1,234.50"), None);
        assert_eq!(p("Mar 2025"), None);
        assert_eq!(p("12 Marketing 2025"), None);
    }

    #[test]
    fn periods() {
        let d = dates_in("Statement From 01/04/2025 To 30/06/2025");
        assert_eq!(d.len(), 2);
        let d = dates_in("for the period 1 Apr 2025 to 30 Jun 2025");
        assert_eq!(d.iter().map(|d| d.to_string()).collect::<Vec<_>>(), vec!["2025-04-01", "2025-06-30"]);
        assert_eq!(dates_in("(01-04-2025 - 30-06-2025)").len(), 2);
    }
}
