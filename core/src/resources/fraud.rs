//! The `fraud` object (interface 2.2, beta).

use serde::{Deserialize, Serialize};

use crate::taxonomy::{FraudCategory, FraudType};

/// Detected fraud of an entity: in the accounts, identity, transactions, salary,
/// recurring_transactions and lender_transactions responses.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fraud {
    /// Statement ids with a detected fraud (basic check or later analysis).
    pub fraudulent_statements: Vec<String>,
    /// One entry per detected fraud.
    pub fraud_type: Vec<FraudEntry>,
}

/// One detected fraud.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FraudEntry {
    /// The statement, or `null` for account-level fraud.
    pub statement_id: Option<String>,
    /// What was detected.
    pub fraud_type: FraudType,
    /// The transaction for transaction-level fraud, otherwise `null`.
    pub transaction_hash: Option<String>,
    /// The account.
    pub account_id: String,
    /// The family of `fraud_type`.
    pub fraud_category: FraudCategory,
}

impl FraudEntry {
    /// An entry whose `fraud_category` is the category of `fraud_type`.
    pub fn new(
        fraud_type: FraudType,
        account_id: impl Into<String>,
        statement_id: Option<String>,
        transaction_hash: Option<String>,
    ) -> Self {
        FraudEntry {
            statement_id,
            fraud_type,
            transaction_hash,
            account_id: account_id.into(),
            fraud_category: fraud_type.category(),
        }
    }
}
