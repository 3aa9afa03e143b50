//! Expense categories (interface 2.8).

use serde::{Deserialize, Serialize};

/// One item of `categories`: a category's share of expenses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpenseCategory {
    /// Expense category: a merchant category or a transaction channel.
    pub category: String,
    /// Share in percent, rounded to the nearest integer; the shares sum to 100.
    pub percentage: i64,
}
