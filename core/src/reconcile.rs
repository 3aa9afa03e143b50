//! Running-balance reconciliation, in integer paise.
//!
//! Each row's printed balance must equal the previous balance plus the row's
//! signed amount. Where it does not, the statement is still returned; the
//! break is recorded for the fraud checks (`inconsistent_transaction`).

use crate::model::{BalanceBreak, ChainBreak, ReadingReport, Transaction};
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

/// What the reader knows of a statement beyond its rows, for [`reading_report`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ReadFacts<'a> {
    /// Per row: true when it prints its own balance (rows without one carry
    /// the chain's); empty means every row does.
    pub printed: &'a [bool],
    /// Per row: its page (empty for sources without pages).
    pub pages: &'a [u32],
    /// The printed closing balance.
    pub closing: Option<Money>,
    /// Table rows that could not be read.
    pub unread: usize,
    /// Rows whose side the chain decided against their column.
    pub corrected: usize,
    /// Printed totals against the rows' sums.
    pub totals: Option<bool>,
    /// Rows read in another place within their day than printed.
    pub reordered: usize,
    /// Rows whose side neither the print nor the chain decides.
    pub undecided: usize,
    /// Rows dated on a day the calendar does not have.
    pub impossible: usize,
    /// The year of the dates is the file's, none being printed.
    pub year_from_file: bool,
    /// The page where another account's table starts.
    pub other_account_page: Option<u32>,
}

/// What the balance chain proves of a statement's rows (see [`ReadingReport`]).
pub fn reading_report(opening: Option<Money>, transactions: &[Transaction], facts: &ReadFacts) -> ReadingReport {
    let ReadFacts {
        printed,
        pages,
        closing,
        unread,
        corrected,
        totals: totals_reconcile,
        reordered,
        undecided,
        impossible,
        year_from_file,
        other_account_page,
    } = *facts;
    let n = transactions.len();
    let is_printed = |i: usize| printed.get(i).copied().unwrap_or(true);
    let page = |i: usize| pages.get(i).copied().unwrap_or(0);
    let mut proven = 0;
    let mut first_break: Option<ChainBreak> = None;
    let mut previous = opening;
    let mut stretch = 0; // rows since the last proven printed balance
    for (i, t) in transactions.iter().enumerate() {
        stretch += 1;
        let expected = previous.map_or(t.balance, |p| p + t.signed_amount());
        if is_printed(i) {
            if expected == t.balance {
                proven += stretch;
            } else if first_break.is_none() {
                first_break = Some(ChainBreak {
                    page: page(i),
                    row: i + 1,
                    printed: t.balance,
                    expected,
                    from_row: i + 2 - stretch,
                });
            }
            stretch = 0;
        }
        previous = Some(if is_printed(i) { t.balance } else { expected });
    }
    let last = transactions.last().map(|t| t.balance).or(opening);
    let closing_reconciles = closing.zip(last).map(|(c, l)| c == l);
    if stretch > 0 && closing_reconciles == Some(true) {
        proven += stretch;
    }
    if let (Some(false), None, Some(c), Some(l)) = (closing_reconciles, &first_break, closing, last) {
        first_break = Some(ChainBreak {
            page: page(n.saturating_sub(1)),
            row: n + 1,
            printed: c,
            expected: l,
            from_row: n + 1 - stretch,
        });
    }
    let confidence = if n == 0 {
        0.0
    } else {
        let mut c = proven as f64 / n as f64;
        if opening.is_none() {
            c *= 0.9;
        }
        match closing_reconciles {
            Some(false) => c *= 0.5,
            None => c *= 0.95,
            Some(true) => {}
        }
        c * n as f64 / (n + unread) as f64
    };
    ReadingReport {
        rows_read: n,
        rows_proven: proven,
        rows_unread: unread,
        balances_printed: (0..n).filter(|&i| is_printed(i)).count(),
        opening_printed: opening.is_some(),
        closing_reconciles,
        sides_corrected: corrected,
        rows_reordered: reordered,
        sides_undecided: undecided,
        dates_impossible: impossible,
        year_from_file,
        totals_reconcile,
        first_break,
        confidence: (confidence * 100.0).round() / 100.0,
        other_account_page,
        ocr: None,
    }
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

    #[test]
    fn the_report_proves_rows_up_to_each_printed_balance() {
        // A balance printed once a day: rows 1-2 (one day), row 3 (next day).
        let rows = vec![
            t(TxnType::Debit, 1_000, 99_000),
            t(TxnType::Debit, 2_000, 97_000),
            t(TxnType::Credit, 5_000, 102_000),
        ];
        let printed = [false, true, true];
        let r = reading_report(
            Some(Money::from_paise(100_000)),
            &rows,
            &ReadFacts {
                printed: &printed,
                pages: &[1, 1, 2],
                closing: Some(Money::from_paise(102_000)),
                ..ReadFacts::default()
            },
        );
        assert_eq!((r.rows_read, r.rows_proven, r.balances_printed), (3, 3, 2));
        assert!(r.reconciles());
        assert_eq!(r.confidence, 1.0);
        // The closing balance disagrees: the break is past the last row.
        let r = reading_report(
            Some(Money::from_paise(100_000)),
            &rows,
            &ReadFacts {
                printed: &printed,
                pages: &[1, 1, 2],
                closing: Some(Money::from_paise(1)),
                ..ReadFacts::default()
            },
        );
        assert_eq!(r.first_break.as_ref().map(|b| (b.page, b.row)), Some((2, 4)));
        assert!(!r.reconciles());
        // An edited amount: the day's stretch is not proven, the next day is.
        let mut edited = rows.clone();
        edited[0].amount = Money::from_paise(1_500);
        let r = reading_report(
            Some(Money::from_paise(100_000)),
            &edited,
            &ReadFacts { printed: &printed, pages: &[1, 1, 2], closing: None, ..ReadFacts::default() },
        );
        assert_eq!(r.rows_proven, 1);
        assert_eq!(r.first_break.as_ref().map(|b| b.from_row), Some(1));
        assert!(r.summary().contains("rows 1-2"), "{}", r.summary());
        assert_eq!(
            r.first_break.as_ref().map(|b| (b.row, b.printed.paise(), b.expected.paise())),
            Some((2, 97_000, 96_500))
        );
    }
}
