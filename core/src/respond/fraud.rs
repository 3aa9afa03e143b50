//! The `fraud` object of every response that carries accounts (interface
//! 2.2), from the findings of [`crate::analysis::fraud`].

use serde::{Deserialize, Serialize};

use crate::analysis::fraud::{self, Finding};
use crate::model::Entity;
use crate::resources::{Fraud, FraudEntry};

/// A finding with the account it belongs to, for lists (the xlsx report, the CLI).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AccountFinding {
    /// The account (UUID text), as the responses write it.
    pub account_id: String,
    /// What was found, where and why.
    #[serde(flatten)]
    pub finding: Finding,
}

impl Entity {
    /// Every fraud finding of every account, accounts in the order of
    /// [`Entity::accounts`], each account's findings in the order of
    /// [`fraud::account_findings`].
    pub fn fraud_findings(&self) -> Vec<AccountFinding> {
        self.accounts()
            .iter()
            .flat_map(|a| {
                fraud::account_findings(a, &self.metadata)
                    .into_iter()
                    .map(|finding| AccountFinding { account_id: a.info.account_id.clone(), finding })
            })
            .collect()
    }

    /// The `fraud` object: one entry per finding; `fraudulent_statements`
    /// lists each statement with a statement-level or transaction-level
    /// finding once, in the order first found (account-level behavioural
    /// findings name no statement).
    pub fn fraud(&self) -> Fraud {
        let mut out = Fraud::default();
        for AccountFinding { account_id, finding } in self.fraud_findings() {
            let statement_id = finding.statement_id.map(|id| id.to_string());
            if let Some(id) = &statement_id
                && !out.fraudulent_statements.contains(id)
            {
                out.fraudulent_statements.push(id.clone());
            }
            out.fraud_type.push(FraudEntry::new(
                finding.fraud_type,
                account_id,
                statement_id,
                finding.transaction_hash,
            ));
        }
        out
    }
}
