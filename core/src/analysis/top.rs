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

use std::collections::BTreeMap;

use chrono::NaiveDateTime;

use crate::group::{FastState, PassThrough, Prehashed, PrehashedMap};
use crate::model::YearMonth;
use crate::model::{Transaction, TxnType};
use crate::money::Money;

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

/// The top 5 credits and debits of every month of `transactions`: one
/// account's slice, or the transactions of several accounts chained (the
/// entity's top 5 are over all its accounts).
pub fn top5<'a>(transactions: impl IntoIterator<Item = &'a Transaction>) -> TopCreditsDebits {
    // Each transaction is read once into a compact row; counts per (side,
    // month) then size each month's note map up front, so no map grows.
    // The note is hashed in this pass (see [`Prehashed`]).
    type Row<'a> = (bool, YearMonth, Prehashed<'a>, Money, NaiveDateTime);
    let state = FastState::default();
    let rows: Vec<Row<'a>> = transactions
        .into_iter()
        .filter(|t| !t.amount.is_zero())
        .filter_map(|t| {
            let month = YearMonth::of(&t.date)?;
            Some((t.kind == TxnType::Credit, month, Prehashed::new(&state, &t.note), t.amount, t.date))
        })
        .collect();
    let mut counts: BTreeMap<(bool, YearMonth), usize> = BTreeMap::new();
    for r in &rows {
        *counts.entry((r.0, r.1)).or_default() += 1;
    }
    let mut sums: BTreeMap<(bool, YearMonth), NoteSums<'a>> =
        counts.into_iter().map(|(k, n)| (k, NoteSums::with_capacity_and_hasher(n, PassThrough))).collect();
    for (credit, month, note, amount, date) in rows {
        let Some(notes) = sums.get_mut(&(credit, month)) else { continue };
        let e = notes.entry(note).or_insert((Money::ZERO, date));
        e.0 += amount;
        e.1 = e.1.min(date);
    }
    let mut out = TopCreditsDebits::default();
    for ((credit, month), notes) in sums {
        let top = MonthTop { month, entries: largest(notes) };
        if credit { out.credit.push(top) } else { out.debit.push(top) }
    }
    out
}

/// One side's notes in one month: note → (sum, first date).
type NoteSums<'a> = PrehashedMap<'a, (Money, NaiveDateTime)>;

/// The [`TOP_N`] largest notes of one month, largest first.
fn largest(notes: NoteSums<'_>) -> Vec<(String, Money)> {
    // A total order (notes are distinct within a month). One pass keeps the
    // best five in order; most notes lose on the amount alone.
    type Entry<'a> = (&'a str, Money, NaiveDateTime);
    let order = |a: &Entry<'_>, b: &Entry<'_>| b.1.cmp(&a.1).then(a.2.cmp(&b.2)).then(a.0.cmp(b.0));
    let mut best: Vec<Entry<'_>> = Vec::with_capacity(TOP_N + 1);
    for (note, (amount, date)) in notes {
        let e = (note.text(), amount, date);
        if best.len() == TOP_N && best.last().is_some_and(|last| order(&e, last).is_ge()) {
            continue;
        }
        let at = best.partition_point(|b| order(b, &e).is_lt());
        best.insert(at, e);
        best.truncate(TOP_N);
    }
    best.into_iter().map(|(n, a, _)| (n.to_string(), a)).collect()
}
