//! Transaction objects: the `transactions` arrays of the transactions and
//! lender_transactions responses (interface 2.5) and of the salary response (2.6).

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

use super::format;
use crate::model::{self, TxnType};
use crate::model::{YearMonth, month_year};
use crate::money::Money;
use crate::taxonomy::{Channel, MerchantCategory};

/// A transaction object (interface 2.5); fields in the interface's order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransactionItem {
    /// Note or description exactly as in the statement.
    pub transaction_note: String,
    /// Unique identifying hash.
    pub hash: String,
    /// More about the channel (`lender_transaction` in lender transactions).
    pub description: String,
    /// Owning account.
    pub account_id: String,
    /// `debit` or `credit`.
    pub transaction_type: TxnType,
    /// Amount, never negative.
    pub amount: Money,
    /// `YYYY-MM-DD HH:MM:SS`.
    #[serde(with = "format::date_time")]
    pub date: NaiveDateTime,
    /// Merchant category, `""` when not a merchant.
    pub merchant_category: MerchantCategory,
    /// Balance just after the transaction.
    pub balance: Money,
    /// Channel.
    pub transaction_channel: Channel,
}

impl TransactionItem {
    /// The object of an enriched model transaction of `account_id`.
    pub fn from_model(t: &model::Transaction, account_id: impl Into<String>) -> Self {
        TransactionItem {
            transaction_note: t.note.clone(),
            hash: t.hash.clone(),
            description: t.description.clone(),
            account_id: account_id.into(),
            transaction_type: t.kind,
            amount: t.amount,
            date: t.date,
            merchant_category: t.merchant_category,
            balance: t.balance,
            transaction_channel: t.channel,
        }
    }
}

/// A salary transaction object (interface 2.6): the fields of 2.5 in the order
/// 2.6 lists them, then `clean_transaction_note` and `month_year`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SalaryTransaction {
    /// Balance just after the transaction.
    pub balance: Money,
    /// Unique identifying hash.
    pub hash: String,
    /// More about the channel.
    pub description: String,
    /// Owning account.
    pub account_id: String,
    /// `debit` or `credit`.
    pub transaction_type: TxnType,
    /// `YYYY-MM-DD HH:MM:SS`.
    #[serde(with = "format::date_time")]
    pub date: NaiveDateTime,
    /// Amount, never negative.
    pub amount: Money,
    /// Merchant category, `""` when not a merchant.
    pub merchant_category: MerchantCategory,
    /// Channel.
    pub transaction_channel: Channel,
    /// Note exactly as in the statement.
    pub transaction_note: String,
    /// The note in clean English words.
    pub clean_transaction_note: String,
    /// The month the salary is for, `M-YYYY` (`4-2025`).
    #[serde(with = "month_year")]
    pub month_year: YearMonth,
}

impl SalaryTransaction {
    /// The object of an enriched model transaction of `account_id`, paying the
    /// salary of `month_year`.
    pub fn from_model(t: &model::Transaction, account_id: impl Into<String>, month_year: YearMonth) -> Self {
        SalaryTransaction {
            balance: t.balance,
            hash: t.hash.clone(),
            description: t.description.clone(),
            account_id: account_id.into(),
            transaction_type: t.kind,
            date: t.date,
            amount: t.amount,
            merchant_category: t.merchant_category,
            transaction_channel: t.channel,
            transaction_note: t.note.clone(),
            clean_transaction_note: t.clean_note.clone(),
            month_year,
        }
    }
}
