//! Recurring transaction sets (interface 2.7).

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

use super::format;
use crate::model::{self, TxnType};
use crate::money::Money;
use crate::taxonomy::Channel;

/// The `transactions` object of the recurring_transactions response.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecurringTransactions {
    /// Sets of recurring credits.
    pub credit_transactions: Vec<RecurringSet>,
    /// Sets of recurring debits.
    pub debit_transactions: Vec<RecurringSet>,
}

/// A set of transactions that recur to or from one counterparty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecurringSet {
    /// Owning account.
    pub account_id: String,
    /// First transaction of the set, `YYYY-MM-DD HH:MM:SS`.
    #[serde(with = "format::date_time")]
    pub start_date: NaiveDateTime,
    /// Last transaction of the set, `YYYY-MM-DD HH:MM:SS`.
    #[serde(with = "format::date_time")]
    pub end_date: NaiveDateTime,
    /// Channel in UPPER CASE (`UPI`, `AUTO_DEBIT_PAYMENT`).
    #[serde(with = "format::upper_channel")]
    pub transaction_channel: Channel,
    /// Median of the amounts.
    pub median: Money,
    /// Short clean note naming the source or destination.
    pub clean_transaction_note: String,
    /// The transactions of the set.
    pub transactions: Vec<RecurringTxn>,
}

/// A transaction inside a [`RecurringSet`]. Its channel is the ordinary
/// lower-case channel; only the set's own channel is upper case.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecurringTxn {
    /// Channel (lower case, as everywhere but the set).
    pub transaction_channel: Channel,
    /// Note exactly as in the statement.
    pub transaction_note: String,
    /// The note in clean words.
    pub clean_transaction_note: String,
    /// Unique identifying hash.
    pub hash: String,
    /// Owning account.
    pub account_id: String,
    /// `debit` or `credit`.
    pub transaction_type: TxnType,
    /// Amount, never negative.
    pub amount: Money,
    /// `YYYY-MM-DD HH:MM:SS`.
    #[serde(with = "format::date_time")]
    pub date: NaiveDateTime,
    /// Balance just after the transaction.
    pub balance: Money,
    /// More about the channel.
    pub description: String,
}

impl RecurringTxn {
    /// The object of an enriched model transaction of `account_id`.
    pub fn from_model(t: &model::Transaction, account_id: impl Into<String>) -> Self {
        RecurringTxn {
            transaction_channel: t.channel,
            transaction_note: t.note.clone(),
            clean_transaction_note: t.clean_note.clone(),
            hash: t.hash.clone(),
            account_id: account_id.into(),
            transaction_type: t.kind,
            amount: t.amount,
            date: t.date,
            balance: t.balance,
            description: t.description.clone(),
        }
    }
}
