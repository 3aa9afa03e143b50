//! Analyses over enriched transactions (interface 2.6–2.9): salary, recurring
//! sets, lender transactions, expense categories, top credits and debits.
//!
//! Every analysis takes a slice of [`Transaction`](crate::model::Transaction)s
//! and returns model-level results that refer back to the slice by index; the
//! JSON shapes are built from them in `crate::resources`. Pass one account's
//! transactions for a per-account result, or all of an entity's for the
//! entity's. Run [`crate::enrich::enrich`] first: the analyses read `channel`,
//! `description`, `merchant_category` and `clean_note`.

pub mod categories;
pub mod eod;
pub mod fraud;
pub mod lender;
pub mod monthly;
pub mod predictors;
pub mod recurring;
pub mod salary;
pub mod score;
pub mod top;

use chrono::{Datelike, NaiveDate, NaiveDateTime};
use serde::{Deserialize, Serialize};

use crate::money::Money;

/// A calendar month.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct YearMonth {
    /// Year, e.g. 2025.
    pub year: i32,
    /// Month, 1 to 12.
    pub month: u32,
}

const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

impl YearMonth {
    /// The month `year`-`month`; `month` outside 1–12 is clamped.
    pub fn new(year: i32, month: u32) -> YearMonth {
        YearMonth { year, month: month.clamp(1, 12) }
    }

    /// The month a date falls in.
    pub fn of(date: NaiveDateTime) -> YearMonth {
        YearMonth { year: date.year(), month: date.month() }
    }

    /// The month before.
    pub fn prev(self) -> YearMonth {
        if self.month <= 1 { YearMonth::new(self.year - 1, 12) } else { YearMonth::new(self.year, self.month - 1) }
    }

    /// Months since year 0, so differences count months.
    pub fn ordinal(self) -> i64 {
        i64::from(self.year) * 12 + i64::from(self.month) - 1
    }

    /// Number of days in the month.
    pub fn days(self) -> u32 {
        let first = NaiveDate::from_ymd_opt(self.year, self.month, 1);
        let next = if self.month == 12 {
            NaiveDate::from_ymd_opt(self.year + 1, 1, 1)
        } else {
            NaiveDate::from_ymd_opt(self.year, self.month + 1, 1)
        };
        match (first, next) {
            (Some(a), Some(b)) => (b - a).num_days() as u32,
            _ => 30,
        }
    }

    /// `Mmm-YY` (`Apr-25`), the label of top credits and debits.
    pub fn label_mmm_yy(self) -> String {
        format!("{}-{:02}", MONTHS[(self.month - 1) as usize % 12], self.year.rem_euclid(100))
    }

    /// `M-YYYY` (`4-2025`), the salary `month_year`.
    pub fn label_m_yyyy(self) -> String {
        format!("{}-{}", self.month, self.year)
    }
}

/// Median of amounts; the mean of the two middle values (rounded to the
/// paisa) when the count is even; zero when empty.
pub fn median(amounts: impl IntoIterator<Item = Money>) -> Money {
    let mut v: Vec<Money> = amounts.into_iter().collect();
    if v.is_empty() {
        return Money::ZERO;
    }
    v.sort_unstable();
    let n = v.len();
    if n % 2 == 1 { v[n / 2] } else { Money::mean(i128::from(v[n / 2 - 1].paise()) + i128::from(v[n / 2].paise()), 2) }
}

/// A grouping key for a counterparty: upper-case letters and digits of the
/// clean note, words joined by one space (`Rahul  Sharma.` → `RAHUL SHARMA`).
pub(crate) fn counterparty_key(clean_note: &str) -> String {
    let mut out = String::with_capacity(clean_note.len());
    for w in clean_note.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&w.to_ascii_uppercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn month_labels_and_arithmetic() {
        let m = YearMonth::new(2025, 1);
        assert_eq!(m.label_mmm_yy(), "Jan-25");
        assert_eq!(m.label_m_yyyy(), "1-2025");
        assert_eq!(m.prev(), YearMonth::new(2024, 12));
        assert_eq!(YearMonth::new(2024, 2).days(), 29);
        assert_eq!(YearMonth::new(2025, 4).ordinal() - YearMonth::new(2024, 12).ordinal(), 4);
        assert_eq!(YearMonth::new(2009, 11).label_mmm_yy(), "Nov-09");
    }

    #[test]
    fn empty_and_degenerate_input() {
        use crate::model::{Metadata, Transaction, TxnType};
        assert!(salary::detect(&[], &Metadata::default()).is_empty());
        assert_eq!(recurring::detect(&[]), recurring::Recurring::default());
        assert!(lender::detect(&[]).is_empty());
        assert!(categories::expense_shares(&[]).is_empty());
        assert_eq!(top::top5(&[]), top::TopCreditsDebits::default());
        // Many identical rows on one day: no cadence, no panic.
        let d = NaiveDate::from_ymd_opt(2025, 1, 1).and_then(|d| d.and_hms_opt(0, 0, 0)).unwrap_or_default();
        let same: Vec<Transaction> =
            (0..50).map(|_| Transaction::new(d, "", TxnType::Debit, Money::from_rupees(10), Money::ZERO)).collect();
        assert!(recurring::detect(&same).debit.is_empty());
        assert_eq!(categories::expense_shares(&same)[0].percentage, 100);
        assert_eq!(top::top5(&same).debit[0].entries, vec![(String::new(), Money::from_rupees(500))]);
    }

    #[test]
    fn medians() {
        let r = |v: &[i64]| median(v.iter().map(|&x| Money::from_rupees(x)));
        assert_eq!(r(&[]), Money::ZERO);
        assert_eq!(r(&[5, 1, 3]), Money::from_rupees(3));
        assert_eq!(r(&[1, 2]), Money::from_paise(150));
        assert_eq!(counterparty_key(" Rahul  Sharma. "), "RAHUL SHARMA");
    }
}
