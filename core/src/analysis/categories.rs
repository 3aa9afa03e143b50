//! Expense categories (interface 2.8): how debits split by category.
//!
//! A debit's category is its merchant category when it has one (`food`,
//! `loans`, ...), else its channel (`upi`, `cash_withdrawl`, ...). Each
//! category's share of the total debited amount is rounded to an integer by the
//! largest-remainder method, so the shares sum to exactly 100: every category
//! first gets the floor of its exact share, then the points still missing go
//! one each to the categories with the largest remainders (ties: larger amount,
//! then name). Categories with debits whose share rounds to 0 are kept (a small
//! gambling spend is still worth seeing). Zero-amount debits are ignored.

use std::collections::HashMap;

use crate::model::{Transaction, TxnType};
use crate::taxonomy::MerchantCategory;

/// One category and its share.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CategoryShare {
    /// Merchant category or channel name.
    pub category: String,
    /// Integer percentage; all shares of one result sum to 100.
    pub percentage: i64,
}

/// The category a debit is counted under.
pub fn category_of(t: &Transaction) -> &'static str {
    if t.merchant_category != MerchantCategory::None { t.merchant_category.as_str() } else { t.channel.as_str() }
}

/// Shares of debits by category, largest first (ties by name); empty when
/// there are no debits. Takes one account's slice, or the transactions of
/// several accounts chained (an entity's shares are over all its debits).
pub fn expense_shares<'a>(transactions: impl IntoIterator<Item = &'a Transaction>) -> Vec<CategoryShare> {
    let mut totals: HashMap<&'static str, i128> = HashMap::new();
    for t in transactions.into_iter().filter(|t| t.kind == TxnType::Debit && t.amount.paise() > 0) {
        *totals.entry(category_of(t)).or_insert(0) += i128::from(t.amount.paise());
    }
    let total: i128 = totals.values().sum();
    if total <= 0 {
        return Vec::new();
    }
    // (category, amount, floor share, remainder numerator)
    let mut rows: Vec<(&'static str, i128, i64, i128)> = totals
        .into_iter()
        .map(|(c, a)| {
            let scaled = a * 100;
            (c, a, (scaled / total) as i64, scaled % total)
        })
        .collect();
    let assigned: i64 = rows.iter().map(|r| r.2).sum();
    rows.sort_by(|a, b| b.3.cmp(&a.3).then(b.1.cmp(&a.1)).then(a.0.cmp(b.0)));
    let missing = (100 - assigned).max(0) as usize;
    for r in rows.iter_mut().take(missing) {
        r.2 += 1;
    }
    rows.sort_by(|a, b| b.2.cmp(&a.2).then(b.1.cmp(&a.1)).then(a.0.cmp(b.0)));
    rows.into_iter().map(|(c, _, p, _)| CategoryShare { category: c.to_string(), percentage: p }).collect()
}
