//! Salary credits (interface 2.6).
//!
//! A credit is salary when any of these holds:
//!
//! 1. **Keyword**: the narration says SALARY / SAL / PAYROLL / STIPEND / WAGES
//!    (the salary rule of `rules.txt`) and the amount is at least
//!    [`SALARY_MIN`] (₹3,000); or
//! 2. **Employer**: the narration names one of [`Metadata::employer_names`]
//!    and the amount is at least [`SALARY_MIN`]; or
//! 3. **Regularity**, when the narration never says SALARY: the same payer
//!    (clean note) credits at least [`REGULAR_MIN`] (₹5,000) in at least
//!    three months with at most one month missing between two of them, every
//!    amount within ±20% of the payer's median, and the pay day within
//!    7 days of the payer's usual day (counted from the month's turn, so the
//!    30th and the 2nd are 3 days apart). One credit per month counts: the one
//!    nearest the median. Payers that read as a person's name (no company
//!    word) are left out: a monthly transfer from a relative or a tenant is not
//!    a salary. Bank transfers, cheques, auto-credits and unclassified credits
//!    qualify; UPI, cash, refunds, reversals, interest and self transfers do not.
//!
//! Advances (EARLYSAL, SALADV, ADVSAL, "salary advance"), reimbursements and
//! reversals never count ([`crate::enrich::SALARY_EXCLUSIONS`]).
//!
//! **month_year** is the month the salary is for: a salary credited on or before
//! the 5th ([`PAID_IN_ARREARS_UNTIL_DAY`]) is for the month before (paid
//! 1 April → `3-2025`); later in the month it is for that month (paid
//! 28 March → `3-2025`).

use chrono::Datelike;

use super::{FastMap, counterparty_key, median};
use crate::enrich::{Classifier, SALARY_MIN, is_salary_exclusion};
use crate::model::{Metadata, Transaction, TxnType};
use crate::money::Money;
use crate::resources::YearMonth;
use crate::taxonomy::{Channel, description};

/// Smallest credit that counts towards a regular (keyword-less) salary.
pub const REGULAR_MIN: Money = Money::from_rupees(5_000);

/// A salary credited on or before this day of the month is for the month before.
pub const PAID_IN_ARREARS_UNTIL_DAY: u32 = 5;

/// Allowed spread of a regular salary's amounts around its median, in percent.
const AMOUNT_TOLERANCE_PCT: i64 = 20;
/// Allowed spread of a regular salary's pay day around its usual day.
const DAY_TOLERANCE: i64 = 7;
/// Months a regular salary needs.
const MIN_MONTHS: usize = 3;

/// One salary credit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SalaryHit {
    /// Index into the slice given to [`detect`].
    pub index: usize,
    /// The month the salary is for (see the module docs).
    pub month_year: YearMonth,
    /// The employer in clean words (the clean note, or the metadata employer name).
    pub employer: String,
}

/// The month a salary credited on `date` is for; `None` for a date outside
/// the years 0 to 9999 (or in January of year 0, paid for the month before).
pub fn salary_month(date: chrono::NaiveDateTime) -> Option<YearMonth> {
    let m = YearMonth::of(&date)?;
    if date.day() <= PAID_IN_ARREARS_UNTIL_DAY { m.pred() } else { Some(m) }
}

/// Salary credits among `transactions` (one account's, or an entity's), in
/// slice order. Reads `channel` and `clean_note` when the slice is enriched;
/// classifies the narrations itself when it is not.
pub fn detect(transactions: &[Transaction], metadata: &Metadata) -> Vec<SalaryHit> {
    let enriched = transactions.iter().any(|t| t.channel != Channel::Other || !t.clean_note.is_empty());
    let classifier = Classifier::new(metadata, "");
    let mut is_salary = vec![false; transactions.len()];
    // The employer of each hit, by index: keyword and employer hits, and (for
    // a slice that is not enriched) the classified payer of regular members.
    // Regular members of an enriched slice take their clean note at the end,
    // so no string is kept per transaction.
    let mut employer: FastMap<usize, String> = FastMap::default();

    // 1 and 2: keyword and employer names.
    // An enriched transaction already has the keyword rule's channel; only the
    // employer rule is checked again (the metadata may have changed since).
    for (i, t) in transactions.iter().enumerate() {
        if t.kind != TxnType::Credit || t.amount < SALARY_MIN {
            continue;
        }
        let found = if !enriched {
            let c = classifier.classify(&t.note, t.kind, t.amount);
            (c.channel == Channel::Salary).then_some(c.clean_note)
        } else if t.channel == Channel::Salary {
            Some(t.clean_note.clone())
        } else {
            classifier.salary_employer(&t.note, t.kind, t.amount, t.channel).map(str::to_string)
        };
        if let Some(name) = found {
            if !is_salary_exclusion(&t.note) {
                is_salary[i] = true;
                employer.insert(i, name);
            }
        }
    }

    // 3: regularity, grouped by payer. The grouping key and the organisation
    // test depend on the clean note only: worked out once per distinct note.
    let mut payer_of_note: FastMap<String, Option<usize>> = FastMap::default();
    let mut payers: FastMap<String, usize> = FastMap::default();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (i, t) in transactions.iter().enumerate() {
        if is_salary[i] || t.kind != TxnType::Credit || t.amount < REGULAR_MIN {
            continue;
        }
        let classified;
        let (channel, clean, desc) = if enriched {
            (t.channel, t.clean_note.as_str(), t.description.as_str())
        } else {
            classified = classifier.classify(&t.note, t.kind, t.amount);
            (classified.channel, classified.clean_note.as_str(), classified.description.as_str())
        };
        let channel_ok =
            matches!(channel, Channel::NetBankingTransfer | Channel::Chq | Channel::AutoCredit | Channel::Other);
        if !channel_ok || desc == description::LENDER_TRANSACTION || clean.is_empty() {
            continue;
        }
        let payer = match payer_of_note.get(clean) {
            Some(&p) => p,
            None => {
                let key = counterparty_key(clean);
                let organisation = key.split(' ').any(crate::enrich::is_organisation_word);
                let p = organisation.then(|| {
                    let next = groups.len();
                    *payers.entry(key).or_insert(next)
                });
                if p == Some(groups.len()) {
                    groups.push(Vec::new());
                }
                payer_of_note.insert(clean.to_string(), p);
                p
            }
        };
        let Some(payer) = payer else { continue };
        if is_salary_exclusion(&t.note) {
            continue;
        }
        if !enriched {
            employer.insert(i, clean.to_string());
        }
        groups[payer].push(i);
    }
    for members in &groups {
        for i in regular_members(transactions, members) {
            is_salary[i] = true;
        }
    }

    transactions
        .iter()
        .enumerate()
        .filter(|(i, _)| is_salary[*i])
        .filter_map(|(i, t)| {
            let name = employer.remove(&i).unwrap_or_else(|| t.clean_note.clone());
            Some(SalaryHit { index: i, month_year: salary_month(t.date)?, employer: name })
        })
        .collect()
}

/// Signed day relative to the turn of the month: the 2nd is 2, the last day
/// of the month is -1, the 30th of a 31-day month is -2.
fn day_offset(date: chrono::NaiveDateTime) -> i64 {
    let d = i64::from(date.day());
    let days = YearMonth::of(&date).map_or(31, YearMonth::days_in_month);
    if d <= 15 { d } else { d - i64::from(days) - 1 }
}

/// The members of one payer's credits that form a regular monthly salary, or
/// nothing.
fn regular_members(transactions: &[Transaction], members: &[usize]) -> Vec<usize> {
    if members.len() < MIN_MONTHS {
        return Vec::new();
    }
    let med = median(members.iter().map(|&i| transactions[i].amount)).paise();
    let tol = med * AMOUNT_TOLERANCE_PCT / 100;
    let near: Vec<usize> =
        members.iter().copied().filter(|&i| (transactions[i].amount.paise() - med).abs() <= tol).collect();
    if near.len() < MIN_MONTHS {
        return Vec::new();
    }
    let mut offsets: Vec<i64> = near.iter().map(|&i| day_offset(transactions[i].date)).collect();
    let mid = offsets.len() / 2;
    // The middle value of the sorted offsets, without sorting them all.
    let usual = *offsets.select_nth_unstable(mid).1;
    // One per salary month: the one nearest the median amount.
    let mut by_month: std::collections::BTreeMap<YearMonth, usize> = std::collections::BTreeMap::new();
    for &i in &near {
        let t = &transactions[i];
        if (day_offset(t.date) - usual).abs() > DAY_TOLERANCE {
            continue;
        }
        let Some(m) = salary_month(t.date) else { continue };
        let better = by_month
            .get(&m)
            .is_none_or(|&j| (t.amount.paise() - med).abs() < (transactions[j].amount.paise() - med).abs());
        if better {
            by_month.insert(m, i);
        }
    }
    // The longest run of months with gaps of at most one missing month.
    let months: Vec<(YearMonth, usize)> = by_month.into_iter().collect();
    let mut best: &[(YearMonth, usize)] = &[];
    let mut start = 0;
    for k in 1..=months.len() {
        let breaks = k == months.len() || months[k].0.months_since(months[k - 1].0) > 2;
        if breaks {
            if k - start > best.len() {
                best = &months[start..k];
            }
            start = k;
        }
    }
    if best.len() < MIN_MONTHS {
        return Vec::new();
    }
    best.iter().map(|&(_, i)| i).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn at(y: i32, m: u32, d: u32) -> chrono::NaiveDateTime {
        NaiveDate::from_ymd_opt(y, m, d).and_then(|d| d.and_hms_opt(0, 0, 0)).unwrap_or_default()
    }

    #[test]
    fn salary_month_rule() {
        // Paid on or before the 5th: for the month before (1 Apr → March;
        // 5 Jan → December of the year before). After the 5th: that month.
        assert_eq!(salary_month(at(2025, 4, 1)), YearMonth::new(2025, 3));
        assert_eq!(salary_month(at(2025, 1, 5)), YearMonth::new(2024, 12));
        assert_eq!(salary_month(at(2025, 1, 6)), YearMonth::new(2025, 1));
        assert_eq!(salary_month(at(2025, 3, 28)), YearMonth::new(2025, 3));
        assert_eq!(salary_month(at(10_000, 3, 28)), None);
    }

    #[test]
    fn day_offsets_wrap_at_month_end() {
        assert_eq!(day_offset(at(2025, 3, 31)), -1);
        assert_eq!(day_offset(at(2025, 4, 30)), -1);
        assert_eq!(day_offset(at(2025, 4, 2)), 2);
        assert_eq!(day_offset(at(2025, 2, 28)), -1);
    }
}
