//! The interface's read responses, built from an [`Entity`].
//!
//! Each builder shapes accounts for its response ([`AccountShape`]), so the
//! presence rules of interface 2.3 hold by construction. A library entity
//! holds only statements that were read to the end, so every progress object
//! is `completed`; a host that processes in stages (the server) replaces
//! `progress` with its own statuses.

use crate::aggregate::AccountView;
use crate::error::{Error, Result};
use crate::model::Entity;
use crate::resources::{
    AccountShape, AccountsResponse, Fraud, IdentityItem, IdentityResponse, Progress, ProgressStatus, TransactionItem,
    TransactionsResponse,
};

impl Entity {
    /// One completed progress object per statement, in the order they were added.
    pub fn progress(&self) -> Vec<Progress> {
        self.statements
            .iter()
            .map(|s| Progress::new(s.id.to_string(), s.source, Some(ProgressStatus::Completed), None))
            .collect()
    }

    /// The accounts of `account_id` only, or all; an unknown id is an error.
    fn selected_accounts(&self, account_id: Option<&str>) -> Result<Vec<AccountView<'_>>> {
        let all = self.accounts();
        match account_id {
            None => Ok(all),
            Some(id) => {
                let chosen: Vec<_> = all.into_iter().filter(|a| a.info.account_id == id).collect();
                if chosen.is_empty() {
                    Err(Error::invalid_argument("account_id", format!("no account {id:?} in this entity")))
                } else {
                    Ok(chosen)
                }
            }
        }
    }

    /// Fraud found so far.
    pub fn fraud(&self) -> Fraud {
        Fraud::default()
    }

    /// `GET .../accounts/`.
    pub fn accounts_response(&self) -> AccountsResponse {
        AccountsResponse {
            entity_id: self.id.to_string(),
            progress: self.progress(),
            accounts: self.accounts().iter().map(|a| a.info.shaped(AccountShape::Accounts)).collect(),
            fraud: self.fraud(),
        }
    }

    /// `GET .../identity/`.
    pub fn identity_response(&self) -> IdentityResponse {
        let accounts = self.accounts();
        IdentityResponse {
            entity_id: self.id.to_string(),
            progress: self
                .statements
                .iter()
                .map(|s| {
                    Progress::identity(
                        s.id.to_string(),
                        s.source,
                        Some(ProgressStatus::Completed),
                        None,
                        ProgressStatus::Completed,
                    )
                })
                .collect(),
            accounts: accounts.iter().map(|a| a.info.shaped(AccountShape::Identity)).collect(),
            fraud: self.fraud(),
            identity: accounts
                .iter()
                .map(|a| IdentityItem {
                    account_id: a.info.account_id.clone(),
                    name: a.identity.name.clone(),
                    address: a.identity.address.clone(),
                    account_number: a.info.account_number.clone(),
                    account_category: a.info.account_category,
                    credit_limit: a.info.credit_limit,
                })
                .collect(),
        }
    }

    /// `GET .../transactions/[?account_id=]`.
    pub fn transactions_response(&self, account_id: Option<&str>) -> Result<TransactionsResponse> {
        let accounts = self.selected_accounts(account_id)?;
        Ok(TransactionsResponse {
            entity_id: self.id.to_string(),
            progress: self.progress(),
            accounts: accounts.iter().map(|a| a.info.shaped(AccountShape::Transactions)).collect(),
            fraud: self.fraud(),
            transactions: accounts
                .iter()
                .flat_map(|a| a.transactions.iter().map(|t| TransactionItem::from_model(t, a.info.account_id.clone())))
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::model::{Entity, Metadata};

    fn aa_entity() -> Entity {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/samples/aa/deposit_fi_sample.json");
        let bytes = std::fs::read(path).unwrap_or_default();
        let mut e = Entity::new(Some("cust-42".into()), Metadata::default());
        for s in crate::aa::read(&bytes, None).unwrap_or_default() {
            e.add_statement(s);
        }
        e
    }

    #[test]
    fn responses_carry_the_aa_account() {
        let e = aa_entity();
        let accounts = serde_json::to_value(e.accounts_response()).unwrap_or_default();
        let acc = &accounts["accounts"][0];
        assert_eq!(acc["bank"], "hdfc");
        assert_eq!(acc["account_number"], "XXXXXXXX4521");
        assert_eq!(acc["credit_limit"], 0);
        assert_eq!(acc["months"], serde_json::json!(["2025-01", "2025-02", "2025-03"]));
        assert_eq!(accounts["progress"][0]["source"], "online");
        assert!(accounts["progress"][0].get("transaction_status").is_none());

        let identity = serde_json::to_value(e.identity_response()).unwrap_or_default();
        assert_eq!(identity["identity"][0]["name"], "RAHUL KUMAR SHARMA");
        assert_eq!(identity["progress"][0]["transaction_status"], "completed");
        assert!(identity["accounts"][0].get("credit_limit").is_none());

        let id = acc["account_id"].as_str().unwrap_or_default().to_string();
        let txns = e.transactions_response(Some(&id)).map(|r| serde_json::to_value(r).unwrap_or_default());
        let txns = txns.unwrap_or_default();
        assert_eq!(txns["transactions"].as_array().map(Vec::len), Some(19));
        assert_eq!(txns["transactions"][0]["amount"].as_f64(), Some(65000.0));
        // The JSON text keeps two decimals.
        let text = e.transactions_response(None).map(|r| serde_json::to_string(&r).unwrap_or_default());
        assert!(text.unwrap_or_default().contains("\"amount\":65000.00,"));
        assert_eq!(txns["transactions"][0]["date"], "2025-01-01 10:12:44");
        assert!(e.transactions_response(Some("nope")).is_err());
    }
}
