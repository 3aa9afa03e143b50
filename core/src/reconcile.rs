//! Running-balance reconciliation, in integer paise.
//!
//! Each row's printed balance must equal the previous balance plus the row's
//! signed amount. Where it does not, the statement is still returned; the
//! break is recorded for the fraud checks (`inconsistent_transaction`).

use crate::model::{BalanceBreak, Transaction};
use crate::money::Money;

/// Walks the balances from `opening` (the balance before the first row; when
/// `None`, the first row is taken as given) and returns every row whose
/// printed balance does not follow. After a break the walk continues from the
/// printed balance, so one altered row is reported once, not on every row after.
pub fn balance_breaks(opening: Option<Money>, transactions: &[Transaction]) -> Vec<BalanceBreak> {
    let mut breaks = Vec::new();
    let mut previous = opening;
    for (index, t) in transactions.iter().enumerate() {
        if let Some(prev) = previous {
            let expected = prev + t.signed_amount();
            if expected != t.balance {
                breaks.push(BalanceBreak { index, expected, printed: t.balance });
            }
        }
        previous = Some(t.balance);
    }
    breaks
}

/// The balance before the first row, implied by that row.
pub fn implied_opening(transactions: &[Transaction]) -> Option<Money> {
    transactions.first().map(|t| t.balance - t.signed_amount())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::TxnType;
    use chrono::NaiveDate;

    fn t(kind: TxnType, amount: i64, balance: i64) -> Transaction {
        let date = NaiveDate::from_ymd_opt(2025, 1, 1).and_then(|d| d.and_hms_opt(0, 0, 0)).unwrap_or_default();
        Transaction::new(date, "x", kind, Money::from_paise(amount), Money::from_paise(balance))
    }

    #[test]
    fn a_one_digit_edit_is_caught_once() {
        // 10,000.00 opening; debit 500.00 altered to 495.00 with the printed
        // balance left as the bank printed it.
        let rows = vec![
            t(TxnType::Debit, 49_500, 950_000),
            t(TxnType::Credit, 100_000, 1_050_000),
            t(TxnType::Debit, 50_000, 1_000_000),
        ];
        let breaks = balance_breaks(Some(Money::from_paise(1_000_000)), &rows);
        assert_eq!(
            breaks,
            vec![BalanceBreak { index: 0, expected: Money::from_paise(950_500), printed: Money::from_paise(950_000) }]
        );
        assert!(balance_breaks(Some(Money::from_paise(999_500)), &rows).is_empty());
        assert!(balance_breaks(None, &rows).is_empty());
        assert_eq!(implied_opening(&rows), Some(Money::from_paise(999_500)));
    }

    #[test]
    fn overdrawn_balances_reconcile() {
        let rows = vec![t(TxnType::Debit, 20_000, -5_000), t(TxnType::Credit, 10_000, 5_000)];
        assert!(balance_breaks(Some(Money::from_paise(15_000)), &rows).is_empty());
    }
}
