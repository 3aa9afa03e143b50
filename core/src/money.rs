//! Exact money: integer paise.
//!
//! Every amount and balance inside bankscope is a [`Money`], a signed count of
//! paise (1 rupee = 100 paise). Floats appear only at the JSON boundary, where
//! a value is written as a number with exactly two decimals (`1234.50`).
//!
//! [`Money::parse`] reads amounts the way Indian statements print them:
//! lakh grouping (`1,23,456.78`), western grouping (`123,456.78`), bare digits,
//! a currency mark (`₹`, `Rs.`, `INR`), and the sign in any of its printed forms:
//! `-1,234.50`, `(1,234.50)`, `1234.50-`, `1,234.50 Dr`, `1,234.50CR`.

use std::fmt;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A signed amount in paise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Money(i64);

/// Why a printed amount could not be read as money.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoneyParseError {
    /// Nothing but white space, currency marks or signs.
    #[error("no digits in amount {0:?}")]
    Empty(String),
    /// A character that has no place in an amount.
    #[error("unexpected character {ch:?} in amount {text:?}")]
    BadChar {
        /// The offending character.
        ch: char,
        /// The whole input.
        text: String,
    },
    /// Thousands separators in places no grouping system puts them.
    #[error("misplaced digit grouping in amount {0:?}")]
    BadGrouping(String),
    /// More than two decimals, or more than one decimal point.
    #[error("bad decimals in amount {0:?}")]
    BadDecimals(String),
    /// Two signs that disagree or repeat, such as `-(5.00)` or `5.00 Dr Cr`.
    #[error("conflicting signs in amount {0:?}")]
    ConflictingSign(String),
    /// Beyond what an `i64` of paise holds.
    #[error("amount out of range {0:?}")]
    Overflow(String),
}

impl Money {
    /// Zero rupees.
    pub const ZERO: Money = Money(0);

    /// From a count of paise.
    pub const fn from_paise(paise: i64) -> Self {
        Money(paise)
    }

    /// From whole rupees.
    pub const fn from_rupees(rupees: i64) -> Self {
        Money(rupees * 100)
    }

    /// The count of paise.
    pub const fn paise(self) -> i64 {
        self.0
    }

    /// The magnitude.
    pub const fn abs(self) -> Self {
        Money(self.0.abs())
    }

    /// True below zero.
    pub const fn is_negative(self) -> bool {
        self.0 < 0
    }

    /// True at zero.
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// Checked addition.
    pub fn checked_add(self, other: Money) -> Option<Money> {
        self.0.checked_add(other.0).map(Money)
    }

    /// Checked subtraction.
    pub fn checked_sub(self, other: Money) -> Option<Money> {
        self.0.checked_sub(other.0).map(Money)
    }

    /// Rupees as a float, for ratios and for JSON; never for arithmetic on money.
    pub fn to_f64(self) -> f64 {
        self.0 as f64 / 100.0
    }

    /// The nearest paisa to a float amount of rupees (half away from zero).
    /// Non-finite input gives zero.
    pub fn from_f64_rupees(rupees: f64) -> Money {
        if !rupees.is_finite() {
            return Money::ZERO;
        }
        let paise = (rupees * 100.0).round();
        if paise >= i64::MAX as f64 {
            Money(i64::MAX)
        } else if paise <= i64::MIN as f64 {
            Money(i64::MIN)
        } else {
            Money(paise as i64)
        }
    }

    /// Mean of a sum of paise over `n` items, rounded to the nearest paisa.
    /// Zero when `n` is zero.
    pub fn mean(total: i128, n: usize) -> Money {
        if n == 0 {
            return Money::ZERO;
        }
        let n = n as i128;
        let q = if total >= 0 { (total + n / 2) / n } else { (total - n / 2) / n };
        Money(q.clamp(i64::MIN as i128, i64::MAX as i128) as i64)
    }

    /// Reads a printed amount. See the module doc for the accepted forms.
    ///
    /// `Dr` / `-` / parentheses make the value negative and `Cr` positive, as a
    /// balance column prints them; callers reading a debit column take
    /// [`Money::abs`].
    pub fn parse(text: &str) -> Result<Money, MoneyParseError> {
        parse_amount(text)
    }
}

/// Drops leading currency marks: `₹`, `INR`, `Rs.` (and `$`, `£`, `€` of foreign statements).
pub(crate) fn strip_currency(mut s: &str) -> &str {
    loop {
        let before = s;
        for mark in ["₹", "INR", "Rs.", "Rs", "RS.", "RS", "rs.", "rs", "$", "£", "€"] {
            if let Some(rest) = s.strip_prefix(mark) {
                s = rest.trim_start();
            }
        }
        if s.len() == before.len() {
            return s;
        }
    }
}

fn parse_amount(text: &str) -> Result<Money, MoneyParseError> {
    let err_text = || text.to_string();
    let mut s = text.trim();
    let mut negative: Option<bool> = None;
    let mut set_sign = |neg: bool| -> Result<(), MoneyParseError> {
        if negative.is_some() {
            return Err(MoneyParseError::ConflictingSign(text.to_string()));
        }
        negative = Some(neg);
        Ok(())
    };

    // Trailing Dr / Cr marker, in any case, with or without a space or dot.
    let lower = s.to_ascii_lowercase();
    for (suffix, neg) in [("dr.", true), ("cr.", false), ("dr", true), ("cr", false)] {
        if lower.ends_with(suffix) {
            set_sign(neg)?;
            s = s[..s.len() - suffix.len()].trim_end();
            break;
        }
    }
    // Parentheses.
    if s.starts_with('(') && s.ends_with(')') && s.len() >= 2 {
        set_sign(true)?;
        s = s[1..s.len() - 1].trim();
    }
    // Currency marks, before or after a leading sign.
    s = strip_currency(s);
    if let Some(rest) = s.strip_prefix('-') {
        set_sign(true)?;
        s = strip_currency(rest.trim_start());
    } else if let Some(rest) = s.strip_prefix('+') {
        set_sign(false)?;
        s = strip_currency(rest.trim_start());
    }
    if let Some(rest) = s.strip_suffix('-') {
        set_sign(true)?;
        s = rest.trim_end();
    }

    if s.is_empty() {
        return Err(MoneyParseError::Empty(err_text()));
    }

    // Digit groups set off by points where commas belong (`44.079.83`, a
    // typing slip in a bank's own print): the last point is the decimal one
    // when every earlier group is a valid digit group, the last of them three
    // digits and the decimals two. A date (`12.06.25`) never reads so.
    let regrouped;
    if s.matches('.').count() >= 2 && !s.contains(',') {
        let (int_dots, frac) = s.rsplit_once('.').unwrap_or((s, ""));
        let candidate = int_dots.replace('.', ",");
        if frac.len() == 2 && frac.bytes().all(|b| b.is_ascii_digit()) && grouping_ok(&candidate) {
            regrouped = format!("{candidate}.{frac}");
            s = &regrouped;
        }
    }
    let (int_part, frac_part) = match s.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (s, None),
    };
    if let Some(ch) = s.chars().find(|c| !(c.is_ascii_digit() || *c == ',' || *c == '.')) {
        return Err(MoneyParseError::BadChar { ch, text: err_text() });
    }
    let frac_paise: i64 = match frac_part {
        None => 0,
        Some(f) if f.contains('.') || f.contains(',') || f.len() > 2 => {
            return Err(MoneyParseError::BadDecimals(err_text()));
        }
        Some("") => 0,
        Some(f) => {
            let v: i64 = f.parse().map_err(|_| MoneyParseError::BadDecimals(err_text()))?;
            if f.len() == 1 { v * 10 } else { v }
        }
    };
    if int_part.is_empty() && frac_part.is_none_or(str::is_empty) {
        return Err(MoneyParseError::Empty(err_text()));
    }
    if int_part.contains(',') && !grouping_ok(int_part) {
        return Err(MoneyParseError::BadGrouping(err_text()));
    }
    let digits: String = int_part.chars().filter(char::is_ascii_digit).collect();
    let rupees: i64 =
        if digits.is_empty() { 0 } else { digits.parse().map_err(|_| MoneyParseError::Overflow(err_text()))? };
    let paise = rupees
        .checked_mul(100)
        .and_then(|p| p.checked_add(frac_paise))
        .ok_or_else(|| MoneyParseError::Overflow(err_text()))?;
    Ok(Money(if negative == Some(true) { -paise } else { paise }))
}

/// Western (`123,456,789`) or Indian (`12,34,56,789`) grouping.
fn grouping_ok(int_part: &str) -> bool {
    let groups: Vec<&str> = int_part.split(',').collect();
    let first = groups[0];
    if first.is_empty() || first.len() > 3 {
        return false;
    }
    let Some((last, middle)) = groups[1..].split_last() else {
        return true;
    };
    if last.len() != 3 {
        return false;
    }
    middle.iter().all(|g| g.len() == 3) || (first.len() <= 2 && middle.iter().all(|g| g.len() == 2))
}

impl FromStr for Money {
    type Err = MoneyParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Money::parse(s)
    }
}

/// Plain rupees with two decimals, `-1234.50`: the JSON form.
impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
    }
}

impl Money {
    /// Rupees with Indian digit grouping, as a report prints them: `-1,23,456.78`.
    pub fn to_indian_string(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let rupees = (abs / 100).to_string();
        let mut grouped = String::with_capacity(rupees.len() + rupees.len() / 2);
        let n = rupees.len();
        for (i, ch) in rupees.chars().enumerate() {
            let left = n - i;
            if i > 0 && (left == 3 || (left > 3 && (left - 3).is_multiple_of(2))) {
                grouped.push(',');
            }
            grouped.push(ch);
        }
        format!("{sign}{grouped}.{:02}", abs % 100)
    }
}

impl Add for Money {
    type Output = Money;
    fn add(self, rhs: Money) -> Money {
        Money(self.0.saturating_add(rhs.0))
    }
}
impl AddAssign for Money {
    fn add_assign(&mut self, rhs: Money) {
        *self = *self + rhs;
    }
}
impl Sub for Money {
    type Output = Money;
    fn sub(self, rhs: Money) -> Money {
        Money(self.0.saturating_sub(rhs.0))
    }
}
impl SubAssign for Money {
    fn sub_assign(&mut self, rhs: Money) {
        *self = *self - rhs;
    }
}
impl Neg for Money {
    type Output = Money;
    fn neg(self) -> Money {
        Money(self.0.saturating_neg())
    }
}
impl std::iter::Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        iter.fold(Money::ZERO, |a, b| a + b)
    }
}

/// Written as a JSON number with exactly two decimals (`1234.50`), never through
/// a float, so the digits are the statement's digits.
impl Serialize for Money {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let raw = serde_json::value::RawValue::from_string(self.to_string()).map_err(serde::ser::Error::custom)?;
        raw.serialize(serializer)
    }
}

/// Read from a JSON number (rupees) or a printed string (`"1,234.50 Dr"`).
impl<'de> Deserialize<'de> for Money {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Money;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an amount in rupees")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Money, E> {
                v.checked_mul(100).map(Money).ok_or_else(|| E::custom("amount out of range"))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Money, E> {
                i64::try_from(v)
                    .ok()
                    .and_then(|v| v.checked_mul(100))
                    .map(Money)
                    .ok_or_else(|| E::custom("amount out of range"))
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Money, E> {
                if !v.is_finite() || v.abs() > 9.0e16 {
                    return Err(E::custom("amount out of range"));
                }
                Ok(Money::from_f64_rupees(v))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Money, E> {
                Money::parse(v).map_err(E::custom)
            }
        }
        deserializer.deserialize_any(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> i64 {
        match Money::parse(s) {
            Ok(m) => m.paise(),
            Err(e) => panic!("{s:?} did not parse: {e}"),
        }
    }

    #[test]
    fn parses_printed_forms() {
        assert_eq!(p("1,23,456.78"), 12_345_678);
        assert_eq!(p("123,456.78"), 12_345_678);
        assert_eq!(p("123456.78"), 12_345_678);
        assert_eq!(p("1,234.50 Dr"), -123_450);
        assert_eq!(p("1,234.50 dr"), -123_450);
        assert_eq!(p("1,234.50DR"), -123_450);
        assert_eq!(p("1,234.50 Cr"), 123_450);
        assert_eq!(p("1,234.50 cR"), 123_450);
        assert_eq!(p("(1,234.50)"), -123_450);
        assert_eq!(p("1234.50-"), -123_450);
        assert_eq!(p("-1,234.50"), -123_450);
        assert_eq!(p("₹ 5,30,000.00"), 53_000_000);
        assert_eq!(p("Rs. 12.5"), 1250);
        assert_eq!(p("INR 1,00,00,000"), 1_000_000_000);
        assert_eq!(p("0.00"), 0);
        assert_eq!(p(".75"), 75);
        assert_eq!(p("  42  "), 4200);
        assert_eq!(p("9,99,99,99,999.99"), 999_999_999_999);
        assert_eq!(p("1,234.50 Dr."), -123_450);
    }

    #[test]
    fn digit_groups_set_off_by_points_read_as_groups() {
        // A typing slip in a bank's own print; the balance chain proves it.
        assert_eq!(p("44.079.83"), 4_407_983);
        assert_eq!(p("1.23.456.00"), 12_345_600);
        assert_eq!(p("44.079.83 Cr"), 4_407_983);
        assert_eq!(p("(1.234.50)"), -123_450);
    }

    #[test]
    fn rejects_what_is_not_an_amount() {
        for bad in [
            "",
            "  ",
            "Dr",
            "abc",
            "12a.00",
            "1.234",
            "1..2",
            "1,2345.00",
            "12,34",
            "-(5.00)",
            "5.00- Dr",
            "1,23,4567.00",
            "99999999999999999999",
            // Points where commas belong read only as valid digit groups:
            // never a date, a version or an IP-like reference.
            "12.06.25",
            "30.06.2025",
            "1.2.3",
            "1.23.45",
        ] {
            assert!(Money::parse(bad).is_err(), "{bad:?} should not parse");
        }
    }

    #[test]
    fn formats_two_decimals_and_indian_grouping() {
        assert_eq!(Money::from_paise(123_450).to_string(), "1234.50");
        assert_eq!(Money::from_paise(-5).to_string(), "-0.05");
        assert_eq!(Money::ZERO.to_string(), "0.00");
        assert_eq!(Money::from_paise(12_345_678).to_indian_string(), "1,23,456.78");
        assert_eq!(Money::from_paise(-53_000_000).to_indian_string(), "-5,30,000.00");
        assert_eq!(Money::from_paise(99_900).to_indian_string(), "999.00");
        assert_eq!(Money::from_paise(100_000).to_indian_string(), "1,000.00");
        assert_eq!(Money::from_paise(1_000_000_000).to_indian_string(), "1,00,00,000.00");
    }

    #[test]
    fn json_number_with_two_decimals() {
        let json = serde_json::to_string(&vec![Money::from_paise(123_450), Money::from_paise(-7)]).ok();
        assert_eq!(json.as_deref(), Some("[1234.50,-0.07]"));
        let back: Vec<Money> = serde_json::from_str("[1234.5, -0.07, 12, \"1,000.00 Dr\"]").unwrap_or_default();
        assert_eq!(back, vec![Money(123_450), Money(-7), Money(1200), Money(-100_000)]);
    }

    #[test]
    fn mean_rounds_half_away_from_zero() {
        assert_eq!(Money::mean(5, 2), Money(3));
        assert_eq!(Money::mean(-5, 2), Money(-3));
        assert_eq!(Money::mean(4, 3), Money(1));
        assert_eq!(Money::mean(7, 0), Money::ZERO);
    }

    /// Property: every value formats and parses back to itself, in both the
    /// plain and the Indian-grouped form, with every printed sign convention.
    #[test]
    fn round_trips_over_many_values() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        // Up to ₹10 lakh crore: the range where the JSON float is still exact to the paisa.
        let mut values = vec![0i64, 1, -1, 99, 100, 101, 99_999, 100_000, 999_999_999_999_999, -999_999_999_999_999];
        for _ in 0..20_000 {
            // xorshift64*: a fixed pseudo-random sequence, so failures reproduce.
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            let r = x.wrapping_mul(0x2545_F491_4F6C_DD1D);
            let magnitude = (r >> (r % 50)) as i64 % 1_000_000_000_000_000;
            values.push(if r & 1 == 0 { magnitude } else { -magnitude });
        }
        for v in values {
            let m = Money(v);
            assert_eq!(Money::parse(&m.to_string()), Ok(m));
            assert_eq!(Money::parse(&m.to_indian_string()), Ok(m));
            let a = m.abs().to_indian_string();
            let expect_neg = if v == 0 { m } else { -m.abs() };
            assert_eq!(Money::parse(&format!("{a} Dr")), Ok(expect_neg));
            assert_eq!(Money::parse(&format!("({a})")), Ok(expect_neg));
            assert_eq!(Money::parse(&format!("{a}-")), Ok(expect_neg));
            assert_eq!(Money::parse(&format!("{a}CR")), Ok(m.abs()));
            let json = serde_json::to_string(&m).unwrap_or_default();
            let back: Option<Money> = serde_json::from_str(&json).ok();
            assert_eq!(back, Some(m), "json {json}");
        }
    }
}
