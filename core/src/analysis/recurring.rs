//! Recurring transactions (interface 2.7): sets of credits or debits with the
//! same counterparty on a regular cadence.
//!
//! How a set is found, in O(n log n):
//!
//! 1. Transactions are grouped by direction and counterparty: the clean note
//!    (written by the classifier, so one counterparty has one spelling), or,
//!    when it is empty, the narration's words without numbers (references and
//!    dates change from month to month).
//! 2. Within a group, amounts are clustered: sorted, and split wherever one
//!    amount is more than 25% above the previous, so gradual drift (a rent
//!    raised 10%, an SIP step-up) stays in one cluster while a ₹500 transfer
//!    and a ₹15,000 rent to the same person do not mix.
//! 3. For each cluster of at least three, the dates are chained for each
//!    cadence: weekly (gaps of 5–9 days), monthly (24–38 days) and quarterly
//!    (80–100 days). A gap of two periods (one missed payment) keeps the chain;
//!    an item closer to the previous one than a period is passed over (an
//!    extra payment); any other gap ends the chain. The cadence whose chains of
//!    at least three cover most transactions wins (monthly on ties).
//! 4. A group where no cluster chains but that has at most one transaction a
//!    month (plus one) is chained monthly as a whole: bills whose amounts vary
//!    more than 25% (electricity) are still recurring.
//!
//! A set's channel is the most common channel of its members, its clean note
//! the most common clean note, its median the median amount.

use std::borrow::Cow;

use chrono::{Datelike, NaiveDateTime};

use super::{FastMap, median};
use crate::model::YearMonth;
use crate::model::{Transaction, TxnType};
use crate::money::Money;
use crate::taxonomy::Channel;

/// Minimum members of a set.
pub const MIN_SET: usize = 3;
/// Largest step between consecutive sorted amounts of one cluster, in percent.
const DRIFT_PCT: i64 = 25;

/// How often a set recurs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cadence {
    /// About every 7 days.
    Weekly,
    /// About every month.
    Monthly,
    /// About every three months.
    Quarterly,
}

impl Cadence {
    /// Accepted gaps in days for one period.
    fn window(self) -> (i64, i64) {
        match self {
            Cadence::Weekly => (5, 9),
            Cadence::Monthly => (24, 38),
            Cadence::Quarterly => (80, 100),
        }
    }

    /// `weekly`, `monthly` or `quarterly`.
    pub fn as_str(self) -> &'static str {
        match self {
            Cadence::Weekly => "weekly",
            Cadence::Monthly => "monthly",
            Cadence::Quarterly => "quarterly",
        }
    }
}

/// One recurring set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecurringSet {
    /// Indices into the slice given to [`detect`], in date order.
    pub indices: Vec<usize>,
    /// The members' most common channel (the response writes it upper-case,
    /// [`Channel::upper`]).
    pub channel: Channel,
    /// The counterparty in clean words.
    pub clean_note: String,
    /// Date of the first member.
    pub start: NaiveDateTime,
    /// Date of the last member.
    pub end: NaiveDateTime,
    /// Median amount of the members.
    pub median: Money,
    /// How often it recurs.
    pub cadence: Cadence,
}

/// Recurring credit and debit sets.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recurring {
    /// Credit sets, by start date.
    pub credit: Vec<RecurringSet>,
    /// Debit sets, by start date.
    pub debit: Vec<RecurringSet>,
}

/// The counterparty key of a transaction (see the module docs). Clean notes
/// are written by one function, so they are used as they are.
fn group_key(t: &Transaction) -> Cow<'_, str> {
    if !t.clean_note.trim().is_empty() {
        return Cow::Borrowed(t.clean_note.as_str());
    }
    let mut out = String::new();
    for w in t.note.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| w.len() > 1) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&w.to_ascii_uppercase());
    }
    Cow::Owned(out)
}

/// Recurring sets among `transactions` (one account's, or an entity's).
pub fn detect(transactions: &[Transaction]) -> Recurring {
    let mut groups: FastMap<(TxnType, Cow<'_, str>), Vec<usize>> = FastMap::default();
    for (i, t) in transactions.iter().enumerate() {
        if t.amount.is_zero() {
            continue;
        }
        let key = group_key(t);
        if !key.is_empty() {
            groups.entry((t.kind, key)).or_default().push(i);
        }
    }
    let mut out = Recurring::default();
    for ((kind, _), members) in groups {
        if members.len() < MIN_SET {
            continue;
        }
        for set in sets_of_group(transactions, members) {
            match kind {
                TxnType::Credit => out.credit.push(set),
                TxnType::Debit => out.debit.push(set),
            }
        }
    }
    for v in [&mut out.credit, &mut out.debit] {
        v.sort_by(|a, b| {
            a.start.cmp(&b.start).then_with(|| a.clean_note.cmp(&b.clean_note)).then(a.indices.cmp(&b.indices))
        });
    }
    out
}

/// A member of a group, copied out of its transaction so that sorting and
/// chaining run over a small array instead of the transactions.
#[derive(Clone, Copy, Debug)]
struct Member {
    amount: i64,
    date: NaiveDateTime,
    day: i64,
    index: usize,
}

fn sets_of_group(transactions: &[Transaction], members: Vec<usize>) -> Vec<RecurringSet> {
    let mut items: Vec<Member> = members
        .iter()
        .map(|&index| {
            let t = &transactions[index];
            Member { amount: t.amount.paise(), date: t.date, day: day_number(t.date), index }
        })
        .collect();
    // Clusters by amount: runs of the amount-sorted members split where one
    // amount is more than DRIFT_PCT above the one before. A finished run is
    // re-sorted by date in place; the split test only looks ahead of it.
    items.sort_unstable_by_key(|m| (m.amount, m.date, m.index));
    let by_date = |v: &mut [Member]| v.sort_unstable_by_key(|m| (m.date, m.index));
    let mut sets = Vec::new();
    let mut start = 0;
    for k in 1..=items.len() {
        let split = k == items.len()
            || items[k].amount.saturating_mul(100) > items[k - 1].amount.saturating_mul(100 + DRIFT_PCT);
        if split {
            if k - start >= MIN_SET {
                let cluster = &mut items[start..k];
                by_date(cluster);
                sets.extend(best_chains(transactions, cluster));
            }
            start = k;
        }
    }
    if sets.is_empty() {
        by_date(&mut items);
        let (first, last) = match (items.first(), items.last()) {
            (Some(f), Some(l)) => (f.date, l.date),
            _ => return sets,
        };
        let months = match (YearMonth::of(&first), YearMonth::of(&last)) {
            (Some(a), Some(b)) => b.months_since(a) + 1,
            _ => 0,
        };
        if (items.len() as i64) <= months + 1 {
            sets.extend(chains(&items, Cadence::Monthly).into_iter().map(|c| build(transactions, c, Cadence::Monthly)));
        }
    }
    sets
}

/// The chains of the cadence that covers most members (monthly on ties).
fn best_chains(transactions: &[Transaction], dated: &[Member]) -> Vec<RecurringSet> {
    let mut best: Option<(usize, Cadence, Vec<Vec<usize>>)> = None;
    for cadence in [Cadence::Monthly, Cadence::Weekly, Cadence::Quarterly] {
        let found = chains(dated, cadence);
        let covered: usize = found.iter().map(Vec::len).sum();
        if covered > 0 && best.as_ref().is_none_or(|b| covered > b.0) {
            best = Some((covered, cadence, found));
        }
    }
    match best {
        Some((_, cadence, found)) => found.into_iter().map(|c| build(transactions, c, cadence)).collect(),
        None => Vec::new(),
    }
}

/// Chains of at least [`MIN_SET`] members of `dated` (sorted by date) at
/// `cadence`, as transaction indices.
fn chains(dated: &[Member], cadence: Cadence) -> Vec<Vec<usize>> {
    let (lo, hi) = cadence.window();
    let mut out = Vec::new();
    let mut cur: Vec<usize> = Vec::new();
    let mut last_day = 0;
    for m in dated {
        if cur.is_empty() {
            cur.push(m.index);
            last_day = m.day;
            continue;
        }
        let gap = m.day - last_day;
        if gap < lo {
            continue; // an extra payment within the period
        }
        let one = gap <= hi;
        let missed_one = gap >= 2 * lo && gap <= 2 * hi;
        if one || missed_one {
            cur.push(m.index);
        } else {
            if cur.len() >= MIN_SET {
                out.push(std::mem::take(&mut cur));
            }
            cur.clear();
            cur.push(m.index);
        }
        last_day = m.day;
    }
    if cur.len() >= MIN_SET {
        out.push(cur);
    }
    out
}

/// Days since the common era, for cheap date differences.
fn day_number(d: NaiveDateTime) -> i64 {
    i64::from(d.date().num_days_from_ce())
}

/// The most frequent item, the earliest among equals. A linear scan: a set
/// has few distinct channels and, being one counterparty, one clean note.
fn most_common<T: PartialEq>(items: impl Iterator<Item = T>) -> Option<T> {
    let mut counts: Vec<(T, usize)> = Vec::new();
    for it in items {
        match counts.iter_mut().find(|c| c.0 == it) {
            Some(c) => c.1 += 1,
            None => counts.push((it, 1)),
        }
    }
    // Earliest wins among equals: max_by_key keeps the last maximum, so reverse.
    counts.into_iter().rev().max_by_key(|c| c.1).map(|c| c.0)
}

fn build(transactions: &[Transaction], indices: Vec<usize>, cadence: Cadence) -> RecurringSet {
    let members = || indices.iter().map(|&i| &transactions[i]);
    let channel = most_common(members().map(|t| t.channel)).unwrap_or(Channel::Other);
    let clean_note = most_common(members().map(|t| t.clean_note.as_str())).unwrap_or_default().to_string();
    let start = members().map(|t| t.date).min().unwrap_or_default();
    let end = members().map(|t| t.date).max().unwrap_or_default();
    let median = median(members().map(|t| t.amount));
    RecurringSet { indices, channel, clean_note, start, end, median, cadence }
}
