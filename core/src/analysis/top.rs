//! Top 5 credits and debits per month (interface 2.9).
//!
//! Per calendar month and direction, amounts are summed by transaction note
//! (the exact narration): the response maps a note to an amount, so two
//! identical notes in one month are one entry with their total. The five
//! largest entries are kept; ties are broken by the earliest date the note
//! appears in the month, then by the note's text, so the result is
//! deterministic. Zero amounts, and dates outside the years 0 to 9999 (no
//! month label), are ignored. Months come in calendar order and
//! only months with at least one transaction of that direction appear.

use std::collections::{BTreeMap, HashMap};

use crate::model::{Transaction, TxnType};
use crate::money::Money;
use crate::resources::YearMonth;

/// How many entries a month keeps.
pub const TOP_N: usize = 5;

/// One month's top entries, largest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MonthTop {
    /// The month (the response labels it `Mmm-YY`,
    /// [`crate::resources::MonthShape::ShortLabel`]).
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

/// One direction's notes per month: month → note → (sum, first date).
type NoteSums<'a> = BTreeMap<YearMonth, HashMap<&'a str, (Money, chrono::NaiveDateTime)>>;

/// The top 5 credits and debits of every month of `transactions`: one
/// account's slice, or the transactions of several accounts chained (the
/// entity's top 5 are over all its accounts).
pub fn top5<'a>(transactions: impl IntoIterator<Item = &'a Transaction>) -> TopCreditsDebits {
    let (mut credit, mut debit): (NoteSums<'a>, NoteSums<'a>) = (BTreeMap::new(), BTreeMap::new());
    for t in transactions {
        if t.amount.is_zero() {
            continue;
        }
        let Some(month) = YearMonth::of(&t.date) else { continue };
        let side = match t.kind {
            TxnType::Credit => &mut credit,
            TxnType::Debit => &mut debit,
        };
        let e = side.entry(month).or_default().entry(t.note.as_str()).or_insert((Money::ZERO, t.date));
        e.0 += t.amount;
        e.1 = e.1.min(t.date);
    }
    TopCreditsDebits { credit: largest(credit), debit: largest(debit) }
}

fn largest(months: NoteSums<'_>) -> Vec<MonthTop> {
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
