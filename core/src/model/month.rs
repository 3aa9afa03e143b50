//! Calendar months and the five ways the interface writes them.
//!
//! | Shape | Example | Where |
//! |---|---|---|
//! | `YYYY-MM` | `2025-04` | `accounts[].months` |
//! | `Mmm-YYYY` | `Apr-2025` | monthly analysis month keys |
//! | `Mmm-YY` | `Apr-25` | top credits / debits month keys |
//! | `mmm-yy` | `apr-25` | predictors `month_0` .. `month_5` |
//! | `M-YYYY` | `4-2025` | salary `month_year` (no zero padding) |
//!
//! Parsing is strict: a text is accepted only when formatting the parsed month
//! in the same shape gives the text back, so `2025-4`, `APR-2025` or `04-2025`
//! are refused where the interface writes `2025-04`, `Apr-2025` and `4-2025`.

use std::fmt;
use std::str::FromStr;

use chrono::Datelike;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A text that is not in the shape the interface gives for it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not in the shape {shape}")]
pub struct FormatError {
    /// The expected shape, as the interface writes it (`YYYY-MM-DD HH:MM:SS`, `Mmm-YYYY`, ...).
    pub shape: &'static str,
    /// The text that was refused.
    pub text: String,
}

impl FormatError {
    /// A refusal of `text` for `shape`.
    pub fn new(shape: &'static str, text: impl Into<String>) -> Self {
        FormatError { shape, text: text.into() }
    }
}

const NAMES: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/// One of the interface's month shapes.
///
/// | Shape | Example | Where |
/// |---|---|---|
/// | `YYYY-MM` | `2025-04` | `accounts[].months` |
/// | `Mmm-YYYY` | `Apr-2025` | monthly analysis month keys ([`MonthLabel`]) |
/// | `Mmm-YY` | `Apr-25` | top credits / debits month keys ([`ShortMonthLabel`]) |
/// | `mmm-yy` | `apr-25` | predictors `month_0` .. `month_5` ([`LowerMonthLabel`]) |
/// | `M-YYYY` | `4-2025` | salary `month_year` (no zero padding; [`month_year`]) |
///
/// Parsing is strict: a text is accepted only when formatting the parsed month
/// in the same shape gives the text back, so `2025-4`, `APR-2025` or `04-2025`
/// are refused where the interface writes `2025-04`, `Apr-2025` and `4-2025`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MonthShape {
    /// `YYYY-MM`, e.g. `2025-04`.
    Iso,
    /// `Mmm-YYYY`, e.g. `Apr-2025`.
    Label,
    /// `Mmm-YY`, e.g. `Apr-25`.
    ShortLabel,
    /// `mmm-yy`, e.g. `apr-25`.
    LowerShortLabel,
    /// `M-YYYY` without zero padding, e.g. `4-2025`.
    MonthYear,
}

impl MonthShape {
    /// The shape as the interface writes it (`"YYYY-MM"`, `"Mmm-YYYY"`, ...).
    pub fn pattern(self) -> &'static str {
        match self {
            MonthShape::Iso => "YYYY-MM",
            MonthShape::Label => "Mmm-YYYY",
            MonthShape::ShortLabel => "Mmm-YY",
            MonthShape::LowerShortLabel => "mmm-yy",
            MonthShape::MonthYear => "M-YYYY",
        }
    }
}

/// A calendar month: a year (0 to 9999) and a month (1 to 12).
///
/// Orders chronologically. Serializes as `YYYY-MM`; the other shapes go through
/// [`MonthLabel`], [`ShortMonthLabel`] or [`YearMonth::format`].
///
/// The two-digit-year shapes (`Mmm-YY`, `mmm-yy`) read `YY` as `20YY`; a month
/// outside 2000 to 2099 written in them does not read back as itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct YearMonth {
    year: i32,
    month: u32,
}

impl YearMonth {
    /// The month, when `year` is in 0 to 9999 and `month` in 1 to 12.
    pub fn new(year: i32, month: u32) -> Option<Self> {
        ((0..=9999).contains(&year) && (1..=12).contains(&month)).then_some(YearMonth { year, month })
    }

    /// The month a date falls in (`None` only for years outside 0 to 9999).
    pub fn of(date: &impl Datelike) -> Option<Self> {
        YearMonth::new(date.year(), date.month())
    }

    /// The year.
    pub fn year(self) -> i32 {
        self.year
    }

    /// The month, 1 to 12.
    pub fn month(self) -> u32 {
        self.month
    }

    /// The month after, `None` after December 9999.
    pub fn succ(self) -> Option<Self> {
        if self.month == 12 { YearMonth::new(self.year + 1, 1) } else { YearMonth::new(self.year, self.month + 1) }
    }

    /// The month before, `None` before January 0.
    pub fn pred(self) -> Option<Self> {
        if self.month == 1 { YearMonth::new(self.year - 1, 12) } else { YearMonth::new(self.year, self.month - 1) }
    }

    /// Number of days in the month, 28 to 31 (proleptic Gregorian leap years).
    pub fn days_in_month(self) -> u32 {
        match self.month {
            4 | 6 | 9 | 11 => 30,
            2 if self.year % 4 == 0 && (self.year % 100 != 0 || self.year % 400 == 0) => 29,
            2 => 28,
            _ => 31,
        }
    }

    /// Months since January of year 0, so the difference of two ordinals
    /// counts months (see [`YearMonth::months_since`]).
    pub fn ordinal(self) -> i64 {
        i64::from(self.year) * 12 + i64::from(self.month) - 1
    }

    /// Months from `earlier` to `self`: `2025-04` is 4 months since `2024-12`;
    /// negative when `earlier` is later.
    pub fn months_since(self, earlier: YearMonth) -> i64 {
        self.ordinal() - earlier.ordinal()
    }

    fn name(self) -> &'static str {
        // `month` is 1..=12 by construction.
        NAMES[(self.month as usize).saturating_sub(1) % 12]
    }

    /// The month written in `shape`.
    pub fn format(self, shape: MonthShape) -> String {
        match shape {
            MonthShape::Iso => format!("{:04}-{:02}", self.year, self.month),
            MonthShape::Label => format!("{}-{:04}", self.name(), self.year),
            MonthShape::ShortLabel => format!("{}-{:02}", self.name(), self.year.rem_euclid(100)),
            MonthShape::LowerShortLabel => {
                format!("{}-{:02}", self.name().to_ascii_lowercase(), self.year.rem_euclid(100))
            }
            MonthShape::MonthYear => format!("{}-{:04}", self.month, self.year),
        }
    }

    /// Reads a month written in `shape`, exactly as [`YearMonth::format`] writes it.
    pub fn parse(text: &str, shape: MonthShape) -> Result<Self, FormatError> {
        let err = || FormatError::new(shape.pattern(), text);
        let (a, b) = text.split_once('-').ok_or_else(err)?;
        let digits = |s: &str| -> Option<u32> {
            // At most four digits: no shape has more, and it keeps the sums below in range.
            if s.is_empty() || s.len() > 4 || !s.bytes().all(|c| c.is_ascii_digit()) {
                return None;
            }
            s.parse().ok()
        };
        let by_name = |s: &str| NAMES.iter().position(|n| n.eq_ignore_ascii_case(s)).map(|i| i as u32 + 1);
        let parsed = match shape {
            MonthShape::Iso => digits(a).zip(digits(b)).and_then(|(y, m)| YearMonth::new(y as i32, m)),
            MonthShape::Label => by_name(a).zip(digits(b)).and_then(|(m, y)| YearMonth::new(y as i32, m)),
            MonthShape::ShortLabel | MonthShape::LowerShortLabel => {
                by_name(a).zip(digits(b)).and_then(|(m, y)| YearMonth::new(2000 + y as i32, m))
            }
            MonthShape::MonthYear => digits(a).zip(digits(b)).and_then(|(m, y)| YearMonth::new(y as i32, m)),
        };
        // Strict: only the canonical spelling of the shape reads back.
        parsed.filter(|ym| ym.format(shape) == text).ok_or_else(err)
    }
}

/// `YYYY-MM`.
impl fmt::Display for YearMonth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.format(MonthShape::Iso))
    }
}

/// Reads `YYYY-MM`.
impl FromStr for YearMonth {
    type Err = FormatError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        YearMonth::parse(s, MonthShape::Iso)
    }
}

/// Serde for a month type written as a string in one [`MonthShape`].
macro_rules! month_serde {
    ($ty:ty, $shape:expr, $to:expr, $from:expr) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let ym: YearMonth = $to(*self);
                serializer.serialize_str(&ym.format($shape))
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct V;
                impl serde::de::Visitor<'_> for V {
                    type Value = $ty;
                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        write!(f, "a month written {}", $shape.pattern())
                    }
                    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<$ty, E> {
                        YearMonth::parse(v, $shape).map($from).map_err(E::custom)
                    }
                }
                deserializer.deserialize_str(V)
            }
        }
    };
}

month_serde!(YearMonth, MonthShape::Iso, |ym| ym, |ym| ym);

/// A month written `Mmm-YYYY` (`Apr-2025`): the month keys of the monthly analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MonthLabel(pub YearMonth);

month_serde!(MonthLabel, MonthShape::Label, |l: MonthLabel| l.0, MonthLabel);

/// A month written `Mmm-YY` (`Apr-25`): the month keys of top credits and debits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShortMonthLabel(pub YearMonth);

month_serde!(ShortMonthLabel, MonthShape::ShortLabel, |l: ShortMonthLabel| l.0, ShortMonthLabel);

/// A month written `mmm-yy` (`apr-25`): the predictors' `month_0` .. `month_5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LowerMonthLabel(pub YearMonth);

month_serde!(LowerMonthLabel, MonthShape::LowerShortLabel, |l: LowerMonthLabel| l.0, LowerMonthLabel);

macro_rules! label_text {
    ($ty:ident, $shape:expr) => {
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0.format($shape))
            }
        }

        impl FromStr for $ty {
            type Err = FormatError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                YearMonth::parse(s, $shape).map($ty)
            }
        }

        impl From<YearMonth> for $ty {
            fn from(ym: YearMonth) -> Self {
                $ty(ym)
            }
        }
    };
}

label_text!(MonthLabel, MonthShape::Label);
label_text!(ShortMonthLabel, MonthShape::ShortLabel);
label_text!(LowerMonthLabel, MonthShape::LowerShortLabel);

/// `#[serde(with = "month_year")]` for a [`YearMonth`] written `M-YYYY` (`4-2025`),
/// the salary `month_year`.
pub mod month_year {
    use super::{MonthShape, YearMonth};
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes `M-YYYY`.
    pub fn serialize<S: Serializer>(ym: &YearMonth, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&ym.format(MonthShape::MonthYear))
    }

    /// Reads `M-YYYY`.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<YearMonth, D::Error> {
        let text = std::borrow::Cow::<str>::deserialize(deserializer)?;
        YearMonth::parse(&text, MonthShape::MonthYear).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ym(y: i32, m: u32) -> YearMonth {
        YearMonth::new(y, m).expect("valid month")
    }

    #[test]
    fn formats_every_shape() {
        let apr = ym(2025, 4);
        assert_eq!(apr.format(MonthShape::Iso), "2025-04");
        assert_eq!(apr.format(MonthShape::Label), "Apr-2025");
        assert_eq!(apr.format(MonthShape::ShortLabel), "Apr-25");
        assert_eq!(apr.format(MonthShape::LowerShortLabel), "apr-25");
        assert_eq!(apr.format(MonthShape::MonthYear), "4-2025");
        let dec = ym(2009, 12);
        assert_eq!(dec.format(MonthShape::Iso), "2009-12");
        assert_eq!(dec.format(MonthShape::ShortLabel), "Dec-09");
        assert_eq!(dec.format(MonthShape::MonthYear), "12-2009");
        assert_eq!(apr.to_string(), "2025-04");
        assert_eq!(MonthLabel(apr).to_string(), "Apr-2025");
        assert_eq!(ShortMonthLabel(apr).to_string(), "Apr-25");
        assert_eq!(LowerMonthLabel(apr).to_string(), "apr-25");
    }

    #[test]
    fn parses_every_shape_and_round_trips() {
        for shape in [
            MonthShape::Iso,
            MonthShape::Label,
            MonthShape::ShortLabel,
            MonthShape::LowerShortLabel,
            MonthShape::MonthYear,
        ] {
            for year in [2000, 2009, 2024, 2025, 2099] {
                for month in 1..=12 {
                    let m = ym(year, month);
                    assert_eq!(YearMonth::parse(&m.format(shape), shape), Ok(m), "{shape:?} {m}");
                }
            }
        }
        assert_eq!(YearMonth::parse("Sep-2025", MonthShape::Label), Ok(ym(2025, 9)));
        assert_eq!(YearMonth::parse("jan-26", MonthShape::LowerShortLabel), Ok(ym(2026, 1)));
        assert_eq!(YearMonth::parse("10-2025", MonthShape::MonthYear), Ok(ym(2025, 10)));
        assert_eq!("2025-04".parse::<YearMonth>(), Ok(ym(2025, 4)));
        assert_eq!("Apr-2025".parse::<MonthLabel>(), Ok(MonthLabel(ym(2025, 4))));
    }

    #[test]
    fn refuses_other_spellings() {
        let bad: [(&str, MonthShape); 16] = [
            ("2025-4", MonthShape::Iso),
            ("25-04", MonthShape::Iso),
            ("2025-13", MonthShape::Iso),
            ("2025/04", MonthShape::Iso),
            ("APR-2025", MonthShape::Label),
            ("apr-2025", MonthShape::Label),
            ("April-2025", MonthShape::Label),
            ("Apr-25", MonthShape::Label),
            ("Apr-2025", MonthShape::ShortLabel),
            ("apr-25", MonthShape::ShortLabel),
            ("Apr-25", MonthShape::LowerShortLabel),
            ("04-2025", MonthShape::MonthYear),
            ("0-2025", MonthShape::MonthYear),
            ("4-25", MonthShape::MonthYear),
            ("+4-2025", MonthShape::MonthYear),
            ("", MonthShape::Iso),
        ];
        for (text, shape) in bad {
            assert!(YearMonth::parse(text, shape).is_err(), "{text:?} as {shape:?}");
        }
    }

    #[test]
    fn orders_chronologically_and_steps() {
        assert!(ym(2024, 12) < ym(2025, 1));
        assert_eq!(ym(2024, 12).succ(), Some(ym(2025, 1)));
        assert_eq!(ym(2025, 1).pred(), Some(ym(2024, 12)));
        assert_eq!(ym(9999, 12).succ(), None);
        assert_eq!(YearMonth::new(2025, 0), None);
        let d = chrono::NaiveDate::from_ymd_opt(2025, 6, 30).expect("date");
        assert_eq!(YearMonth::of(&d), Some(ym(2025, 6)));
    }

    #[test]
    fn days_and_month_arithmetic() {
        // 2024 is a leap year; 1900 is not (divisible by 100); 2000 is (by 400).
        assert_eq!(ym(2024, 2).days_in_month(), 29);
        assert_eq!(ym(2025, 2).days_in_month(), 28);
        assert_eq!(ym(1900, 2).days_in_month(), 28);
        assert_eq!(ym(2000, 2).days_in_month(), 29);
        assert_eq!(ym(2025, 4).days_in_month(), 30);
        assert_eq!(ym(2025, 12).days_in_month(), 31);
        // Dec 2024 → Apr 2025: Jan, Feb, Mar, Apr = 4 months.
        assert_eq!(ym(2025, 4).months_since(ym(2024, 12)), 4);
        assert_eq!(ym(2024, 12).months_since(ym(2025, 4)), -4);
        assert_eq!(ym(0, 1).ordinal(), 0);
        assert_eq!(ym(2025, 1).ordinal(), 2025 * 12);
    }

    #[test]
    fn serde_uses_the_shape_of_each_type() {
        let m = ym(2025, 5);
        let json = serde_json::to_string(&(m, MonthLabel(m), ShortMonthLabel(m), LowerMonthLabel(m))).expect("json");
        assert_eq!(json, r#"["2025-05","May-2025","May-25","may-25"]"#);
        let back: (YearMonth, MonthLabel, ShortMonthLabel, LowerMonthLabel) =
            serde_json::from_str(&json).expect("back");
        assert_eq!(back, (m, MonthLabel(m), ShortMonthLabel(m), LowerMonthLabel(m)));
        assert!(serde_json::from_str::<MonthLabel>("\"May-25\"").is_err());
    }
}
