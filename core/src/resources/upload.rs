//! What a statement upload answers once identity is read (the interface
//! leaves the upload endpoints "not shown"; this is the reference server's
//! answer, built in core so every host answers the same). Keys are written in
//! alphabetical order.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::fraud::Fraud;
use crate::model::{AccountCategory, AccountType};
use crate::money::Money;

/// The upload's answer. Once the statement's identity is read: the account
/// it joined and, when asked for (`?identity=true`), its identity, period and
/// metadata fraud findings; while it is still being read
/// ([`UploadResponse::pending`]): only the ids and the status.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UploadResponse {
    /// The account the statement joined.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account_id: Option<String>,
    /// Bank identifier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank_name: Option<String>,
    /// The statement period as printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date_range: Option<DateRange>,
    /// The entity the statement belongs to.
    pub entity_id: String,
    /// The metadata (document) fraud findings of this statement.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fraud: Option<Fraud>,
    /// Holder and account details as read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub identity: Option<UploadIdentity>,
    /// True when `fraud` lists any finding.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_fraud: Option<bool>,
    /// The customer identifier the entity was made with, or null.
    pub link_id: Option<String>,
    /// The statement id.
    pub statement_id: String,
    /// `processing`: the transactions and analyses are still being read.
    pub status: String,
}

impl UploadResponse {
    /// The answer for a statement whose identity is not read yet.
    pub fn pending(entity_id: impl Into<String>, statement_id: impl Into<String>, link_id: Option<String>) -> Self {
        UploadResponse {
            account_id: None,
            bank_name: None,
            date_range: None,
            entity_id: entity_id.into(),
            fraud: None,
            identity: None,
            is_fraud: None,
            link_id,
            statement_id: statement_id.into(),
            status: "processing".into(),
        }
    }
}

/// The statement period of an upload (`YYYY-MM-DD`, or null when not printed).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DateRange {
    /// First day.
    pub from_date: Option<NaiveDate>,
    /// Last day.
    pub to_date: Option<NaiveDate>,
}

/// Holder and account details of an upload.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UploadIdentity {
    /// `individual` or `corporate`.
    pub account_category: AccountCategory,
    /// Account number as printed.
    pub account_number: String,
    /// `savings`, `current`, ... when printed.
    pub account_type: Option<AccountType>,
    /// Holder's address.
    pub address: String,
    /// Sanctioned limit of an overdraft or cash-credit account.
    pub credit_limit: Money,
    /// IFSC.
    pub ifsc: Option<String>,
    /// MICR.
    pub micr: Option<String>,
    /// Holder's name.
    pub name: String,
}
