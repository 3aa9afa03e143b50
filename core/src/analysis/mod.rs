//! Analyses over enriched transactions (interface 2.6–2.9): salary, recurring
//! sets, lender transactions, expense categories, top credits and debits.
//!
//! Every analysis takes a slice of [`Transaction`](crate::model::Transaction)s
//! and returns model-level results that refer back to the slice by index; the
//! JSON shapes are built from them in `crate::resources`. Pass one account's
//! transactions for a per-account result, or all of an entity's for the
//! entity's. Run [`crate::enrich::enrich`] first: the analyses read `channel`,
//! `description`, `merchant_category` and `clean_note`. Months are
//! [`crate::resources::YearMonth`]; a transaction dated outside the years 0 to
//! 9999 has no month and is left out of the month-keyed results (salary months,
//! top credits and debits).

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

use crate::money::Money;

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
    fn empty_and_degenerate_input() {
        use crate::model::{Metadata, Transaction, TxnType};
        assert!(salary::detect(&[], &Metadata::default()).is_empty());
        assert_eq!(recurring::detect(&[]), recurring::Recurring::default());
        assert!(lender::detect(&[]).is_empty());
        assert!(categories::expense_shares(&[]).is_empty());
        assert_eq!(top::top5(&[]), top::TopCreditsDebits::default());
        // Many identical rows on one day: no cadence, no panic.
        let d = chrono::NaiveDate::from_ymd_opt(2025, 1, 1).and_then(|d| d.and_hms_opt(0, 0, 0)).unwrap_or_default();
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
