//! Analyses over an account's enriched transactions: recurring sets,
//! expense categories, top credits and debits, EOD balances, the monthly
//! tally, predictors, the score and the fraud checks.
//!
//! Every analysis takes a slice of [`Transaction`](crate::model::Transaction)s
//! (and, where it needs them, the account stage's decisions: salary credits as
//! [`crate::model::SalaryHit`]s and lender transaction indices) and returns
//! typed results that refer back to the slice by index. Nothing here imports
//! `enrich`, `account` or `resources`: the decisions are taken once per account
//! by [`crate::account::AccountAnalysis`], and the JSON shapes are written from
//! these results in `crate::resources` and `crate::respond`. Months are
//! [`crate::model::YearMonth`]; a transaction dated outside the years 0 to
//! 9999 has no month and is left out of the month-keyed results.

pub mod categories;
pub mod eod;
pub mod fraud;
pub mod monthly;
pub mod predictors;
pub mod recurring;
pub mod score;
pub mod top;

pub(crate) use crate::group::FastMap;
pub use crate::group::median;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_and_degenerate_input() {
        use crate::enrich::{lender, salary};
        use crate::model::{Metadata, Transaction, TxnType};
        use crate::money::Money;
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
}
