//! End-of-day (EOD) balances with missing days filled (interface 2.10).
//!
//! A day's EOD balance is the balance after the day's last transaction (last in
//! slice order, which is the statement's running-balance order). Days without
//! a transaction are filled the way the interface says:
//!
//! - after a day with data, the previous available EOD balance is carried
//!   forward ([`eod_balances`] fills every day from the first to the last
//!   transaction date this way);
//! - where no previous EOD exists (a day before the first transaction), the
//!   EOD balance of the closest available date is used: the first day's EOD
//!   ([`eod_at`]). Days after the last transaction carry the last EOD forward.
//!
//! The monthly analysis and the predictors read every calendar day of a month
//! through [`eod_at`], so a month that the statement covers only in part is
//! still averaged over all its days.

use chrono::NaiveDate;

use crate::model::Transaction;
use crate::money::Money;

/// One EOD balance per calendar day from the first to the last transaction
/// date, in date order; empty for no transactions.
///
/// The days are consecutive, so the balance of a date `d` is at index
/// `d - first date`. A day without transactions carries the previous day's
/// balance. The slice need not be sorted by date: the first and last dates
/// are its earliest and latest, and a day's EOD is the balance of the last
/// transaction of that date in slice order. Runs in O(transactions + days).
pub fn eod_balances(transactions: &[Transaction]) -> Vec<(NaiveDate, Money)> {
    let (Some(head), Some(tail)) = (transactions.first(), transactions.last()) else {
        return Vec::new();
    };
    // Statement order is date order almost always: try the first and last
    // rows' dates as the range, and scan for the true range only when a row
    // falls outside it (one pass instead of two over a large slice).
    let (a, b) = (head.date.date(), tail.date.date());
    let (first, day) = match last_balance_per_day(transactions, a.min(b), a.max(b)) {
        Some(day) => (a.min(b), day),
        None => {
            let Some((first, last)) = date_range(transactions) else { return Vec::new() };
            (first, last_balance_per_day(transactions, first, last).unwrap_or_default())
        }
    };
    let mut out = Vec::with_capacity(day.len());
    // The first day always has a transaction; `Money::ZERO` is never used.
    let mut carried = day.first().copied().flatten().unwrap_or(Money::ZERO);
    for (date, balance) in first.iter_days().zip(day) {
        if let Some(b) = balance {
            carried = b;
        }
        out.push((date, carried));
    }
    out
}

/// The balance of the last transaction of each day from `first` to `last`
/// (slice order), or `None` when a transaction falls outside that range.
fn last_balance_per_day(transactions: &[Transaction], first: NaiveDate, last: NaiveDate) -> Option<Vec<Option<Money>>> {
    let span = usize::try_from((last - first).num_days()).ok()? + 1;
    let mut day: Vec<Option<Money>> = vec![None; span];
    // Rows of one day are adjacent: the day index is computed once per day.
    let mut prev: Option<(NaiveDate, usize)> = None;
    for t in transactions {
        let date = t.date.date();
        let at = match prev {
            Some((d, at)) if d == date => at,
            _ => {
                let at = usize::try_from((date - first).num_days()).ok().filter(|&at| at < span)?;
                prev = Some((date, at));
                at
            }
        };
        day[at] = Some(t.balance);
    }
    Some(day)
}

/// The earliest and latest transaction dates.
pub fn date_range(transactions: &[Transaction]) -> Option<(NaiveDate, NaiveDate)> {
    let mut dates = transactions.iter().map(|t| t.date.date());
    let first = dates.next()?;
    Some(dates.fold((first, first), |(lo, hi), d| (lo.min(d), hi.max(d))))
}

/// The filled EOD balance of any date, from a series made by
/// [`eod_balances`]: the series' own value inside it, the first day's balance
/// before it (the closest available date) and the last day's balance after it
/// (carried forward). `None` only for an empty series.
pub fn eod_at(eod: &[(NaiveDate, Money)], date: NaiveDate) -> Option<Money> {
    let &(first, first_balance) = eod.first()?;
    if date <= first {
        return Some(first_balance);
    }
    let at = (date - first).num_days() as usize;
    match eod.get(at) {
        Some(&(d, b)) if d == date => Some(b),
        // Past the end, or a series that is not one entry per day: the last
        // entry on or before `date`.
        _ => {
            let n = eod.partition_point(|&(d, _)| d <= date);
            eod.get(n.saturating_sub(1)).map(|&(_, b)| b)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::TxnType;

    fn day(m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2025, m, d).unwrap_or_default()
    }

    fn t(m: u32, d: u32, kind: TxnType, amount: i64, balance: i64) -> Transaction {
        let at = day(m, d).and_hms_opt(10, 0, 0).unwrap_or_default();
        Transaction::new(at, "x", kind, Money::from_rupees(amount), Money::from_rupees(balance))
    }

    #[test]
    fn last_transaction_of_a_day_and_carry_forward() {
        use TxnType::{Credit, Debit};
        // 30 Jan: two rows, the EOD is the second (900). 31 Jan and 1 Feb have
        // none: 900 carried. 2 Feb: one row (1,400). 3 Feb: none, 1,400
        // carried. 4 Feb: three rows, last one 1,100.
        let rows = [
            t(1, 30, Credit, 1_000, 1_000),
            t(1, 30, Debit, 100, 900),
            t(2, 2, Credit, 500, 1_400),
            t(2, 4, Debit, 200, 1_200),
            t(2, 4, Debit, 50, 1_150),
            t(2, 4, Debit, 50, 1_100),
        ];
        let eod = eod_balances(&rows);
        let expected: Vec<(NaiveDate, Money)> = [
            (day(1, 30), 900),
            (day(1, 31), 900),
            (day(2, 1), 900),
            (day(2, 2), 1_400),
            (day(2, 3), 1_400),
            (day(2, 4), 1_100),
        ]
        .into_iter()
        .map(|(d, b)| (d, Money::from_rupees(b)))
        .collect();
        assert_eq!(eod, expected);

        // Before the first day: the closest available date (30 Jan, 900).
        assert_eq!(eod_at(&eod, day(1, 1)), Some(Money::from_rupees(900)));
        assert_eq!(eod_at(&eod, day(1, 30)), Some(Money::from_rupees(900)));
        assert_eq!(eod_at(&eod, day(2, 3)), Some(Money::from_rupees(1_400)));
        // After the last day: carried forward (1,100).
        assert_eq!(eod_at(&eod, day(2, 28)), Some(Money::from_rupees(1_100)));
        assert_eq!(eod_at(&[], day(2, 28)), None);
        assert!(eod_balances(&[]).is_empty());
    }

    #[test]
    fn a_series_that_skips_days_still_answers() {
        let sparse = [(day(3, 1), Money::from_rupees(5)), (day(3, 10), Money::from_rupees(7))];
        // 5 March: index 4 does not exist; the last entry on or before is 1 March.
        assert_eq!(eod_at(&sparse, day(3, 5)), Some(Money::from_rupees(5)));
        assert_eq!(eod_at(&sparse, day(3, 10)), Some(Money::from_rupees(7)));
        assert_eq!(eod_at(&sparse, day(3, 20)), Some(Money::from_rupees(7)));
    }

    #[test]
    fn unsorted_rows_span_their_earliest_to_latest_date() {
        use TxnType::Credit;
        // A merged account whose later statement was added first.
        let rows = [t(3, 2, Credit, 10, 30), t(3, 1, Credit, 10, 20)];
        let eod = eod_balances(&rows);
        assert_eq!(eod, vec![(day(3, 1), Money::from_rupees(20)), (day(3, 2), Money::from_rupees(30))]);
        assert_eq!(date_range(&rows), Some((day(3, 1), day(3, 2))));
        // A middle row outside the first and last rows' dates.
        let rows = [t(3, 2, Credit, 10, 30), t(2, 27, Credit, 10, 40), t(3, 3, Credit, 10, 50)];
        let eod = eod_balances(&rows);
        assert_eq!(eod.first(), Some(&(day(2, 27), Money::from_rupees(40))));
        assert_eq!(eod.get(3), Some(&(day(3, 2), Money::from_rupees(30))));
        assert_eq!(eod.last(), Some(&(day(3, 3), Money::from_rupees(50))));
        assert_eq!(eod.len(), 5);
    }
}
