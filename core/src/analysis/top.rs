//! Top 5 credits and debits per month (interface 2.9).
//!
//! Per calendar month and direction, amounts are summed by transaction note
//! (the exact narration): the response maps a note to an amount, so two
//! identical notes in one month are one entry with their total. The five
//! largest entries are kept; ties are broken by the earliest date the note
//! appears in the month, then by the note's text, so the result is
//! deterministic. Zero amounts are ignored. Months come in calendar order and
//! only months with at least one transaction of that direction appear.

use std::collections::{BTreeMap, HashMap};

use super::YearMonth;
use crate::model::{Transaction, TxnType};
use crate::money::Money;

/// How many entries a month keeps.
pub const TOP_N: usize = 5;

/// One month's top entries, largest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MonthTop {
    /// The month (label it with [`YearMonth::label_mmm_yy`]).
    pub month: YearMonth,
    /// (transaction note, total amount of that note in the month), up to [`TOP_N`].
    pub entries: Vec<(String, Money)>,
}

/// Top credits and debits by month.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TopCreditsDebits {
    /// Credits, months in calendar order.
    pub credit: Vec<MonthTop>,
    /// Debits, months in calendar order.
    pub debit: Vec<MonthTop>,
}

/// The top 5 credits and debits of every month of `transactions`.
pub fn top5(transactions: &[Transaction]) -> TopCreditsDebits {
    TopCreditsDebits { credit: side(transactions, TxnType::Credit), debit: side(transactions, TxnType::Debit) }
}

fn side(transactions: &[Transaction], kind: TxnType) -> Vec<MonthTop> {
    // month -> note -> (sum, first date)
    let mut months: BTreeMap<YearMonth, HashMap<&str, (Money, chrono::NaiveDateTime)>> = BTreeMap::new();
    for t in transactions.iter().filter(|t| t.kind == kind && !t.amount.is_zero()) {
        let e =
            months.entry(YearMonth::of(t.date)).or_default().entry(t.note.as_str()).or_insert((Money::ZERO, t.date));
        e.0 += t.amount;
        e.1 = e.1.min(t.date);
    }
    months
        .into_iter()
        .map(|(month, notes)| {
            let mut v: Vec<(&str, Money, chrono::NaiveDateTime)> =
                notes.into_iter().map(|(n, (a, d))| (n, a, d)).collect();
            v.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(&b.2)).then(a.0.cmp(b.0)));
            v.truncate(TOP_N);
            MonthTop { month, entries: v.into_iter().map(|(n, a, _)| (n.to_string(), a)).collect() }
        })
        .collect()
}
