//! Entity aggregation: statements grouped into accounts.
//!
//! Statements belong to the account named by (bank, account number). Several
//! statements of one account are merged in period order; a transaction present
//! in two overlapping statements appears once (same hash, see
//! [`crate::model::assign_hashes`]). A statement of another account becomes a
//! second account of the same entity.
//!
//! Account ids are UUID4-shaped values derived from the entity id, bank and
//! account number, so the same entity gives the same account ids in every
//! process that rebuilds it from its statements (a server after a restart).

use std::borrow::Cow;
use std::collections::HashSet;

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::model::{Entity, Identity, Statement, Transaction, stable_hash128};
use crate::resources::{AccountInfo, YearMonth};

/// One account of an entity with its statements merged.
#[derive(Clone, Debug, PartialEq)]
pub struct AccountView<'a> {
    /// Id, bank, months, statements, ... as the responses show them.
    pub info: AccountInfo,
    /// Holder details from the latest statement of the account.
    pub identity: &'a Identity,
    /// Statements of the account in period order.
    pub statements: Vec<&'a Statement>,
    /// Every transaction once, in period order: the statement's own slice
    /// when the account has one statement, a merged copy when it has several.
    /// Derefs to `&[Transaction]`, the input of every analysis.
    pub transactions: Cow<'a, [Transaction]>,
}

/// The account id of (bank, account number) within `entity_id`.
pub fn account_id(entity_id: Uuid, bank: &str, account_number: &str) -> Uuid {
    let h = stable_hash128(&[entity_id.as_bytes(), bank.as_bytes(), account_number.as_bytes()]);
    uuid::Builder::from_random_bytes(h.to_le_bytes()).into_uuid()
}

impl Entity {
    /// Adds a read statement. Returns the id of the account it joined.
    pub fn add_statement(&mut self, statement: Statement) -> Uuid {
        let id = account_id(self.id, &statement.bank, &statement.identity.account_number);
        self.statements.push(statement);
        id
    }

    /// The entity's accounts, in the order their first statement was added.
    pub fn accounts(&self) -> Vec<AccountView<'_>> {
        let mut keys: Vec<(&str, &str)> = Vec::new();
        for s in &self.statements {
            let key = (s.bank.as_str(), s.identity.account_number.as_str());
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
        keys.into_iter().filter_map(|(bank, number)| self.account_view(bank, number)).collect()
    }

    /// One account by its id (UUID text).
    pub fn account(&self, account_id: &str) -> Option<AccountView<'_>> {
        self.accounts().into_iter().find(|a| a.info.account_id == account_id)
    }

    fn account_view<'a>(&'a self, bank: &str, number: &str) -> Option<AccountView<'a>> {
        let mut statements: Vec<&'a Statement> =
            self.statements.iter().filter(|s| s.bank == bank && s.identity.account_number == number).collect();
        // Period order; statements without a period keep the order they were added in.
        statements.sort_by_key(|s| s.identity.period_from.or_else(|| s.transactions.first().map(|t| t.date.date())));
        let latest = statements.iter().max_by_key(|s| (s.identity.period_to, s.processed_at))?;

        let transactions: Cow<'a, [Transaction]> = match statements.as_slice() {
            [only] => Cow::Borrowed(only.transactions.as_slice()),
            several => {
                let mut seen: HashSet<&str> = HashSet::new();
                let mut merged = Vec::new();
                for s in several {
                    for t in &s.transactions {
                        if seen.insert(t.hash.as_str()) {
                            merged.push(t.clone());
                        }
                    }
                }
                Cow::Owned(merged)
            }
        };
        let mut months: Vec<YearMonth> = transactions.iter().filter_map(|t| YearMonth::of(&t.date)).collect();
        months.sort_unstable();
        months.dedup();
        let last_updated: DateTime<Utc> = statements.iter().map(|s| s.processed_at).max()?;
        let identity = &latest.identity;
        let info = AccountInfo {
            months,
            statements: statements.iter().map(|s| s.id.to_string()).collect(),
            account_id: account_id(self.id, bank, number).to_string(),
            bank: bank.to_string(),
            ifsc: identity.ifsc.clone(),
            micr: identity.micr.clone(),
            account_number: number.to_string(),
            account_category: identity.account_category,
            credit_limit: identity.credit_limit.paise() / 100,
            last_updated,
        };
        Some(AccountView { info, identity, statements, transactions })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Metadata, Source, TxnType, assign_hashes};
    use crate::money::Money;
    use chrono::NaiveDate;

    fn day(m: u32, d: u32) -> chrono::NaiveDateTime {
        NaiveDate::from_ymd_opt(2025, m, d).and_then(|x| x.and_hms_opt(0, 0, 0)).unwrap_or_default()
    }

    /// Rows of one account: (month, day, note, type, amount in rupees, balance in rupees).
    fn statement(bank: &str, number: &str, rows: &[(u32, u32, &str, TxnType, i64, i64)]) -> Statement {
        let mut txns: Vec<Transaction> = rows
            .iter()
            .map(|&(m, d, note, kind, amt, bal)| {
                Transaction::new(day(m, d), note, kind, Money::from_rupees(amt), Money::from_rupees(bal))
            })
            .collect();
        assign_hashes(bank, number, &mut txns);
        Statement {
            id: Uuid::new_v4(),
            source: Source::Pdf,
            bank: bank.into(),
            identity: Identity {
                account_number: number.into(),
                period_from: txns.first().map(|t| t.date.date()),
                period_to: txns.last().map(|t| t.date.date()),
                ..Identity::default()
            },
            transactions: txns,
            balance_breaks: vec![],
            processed_at: Utc::now(),
            forensics: None,
            reading: Default::default(),
        }
    }

    #[test]
    fn a_detached_copy_reads_into_the_same_accounts() {
        let mut e = Entity::new(Some("cust-7".into()), Metadata::default());
        let first = e.add_statement(statement("hdfc", "501", &[(4, 1, "NEFT SALARY ACME", TxnType::Credit, 50, 60)]));
        let mut scratch = e.detached();
        assert_eq!((scratch.id, scratch.link_id.as_deref(), scratch.statements.len()), (e.id, Some("cust-7"), 0));
        let second = scratch.add_statement(statement("hdfc", "501", &[(5, 1, "ATM WDL", TxnType::Debit, 10, 50)]));
        assert_eq!(first, second, "same entity id, bank and number give the same account id");
        e.absorb(scratch);
        assert_eq!(e.statements.len(), 2);
        assert_eq!(e.accounts().len(), 1);
        assert_eq!(e.accounts()[0].transactions.len(), 2);
    }

    #[test]
    fn overlapping_statements_merge_without_duplicates() {
        use TxnType::{Credit, Debit};
        // April–May and May–June statements of one account; the May rows are in both.
        let april_may = statement(
            "hdfc",
            "501",
            &[
                (4, 1, "NEFT SALARY ACME", Credit, 50_000, 60_000),
                (4, 10, "ATM WDL", Debit, 5_000, 55_000),
                (5, 1, "NEFT SALARY ACME", Credit, 50_000, 105_000),
                (5, 5, "ACH D- BAJAJ FINANCE", Debit, 12_000, 93_000),
            ],
        );
        let may_june = statement(
            "hdfc",
            "501",
            &[
                (5, 1, "NEFT SALARY ACME", Credit, 50_000, 105_000),
                (5, 5, "ACH D- BAJAJ FINANCE", Debit, 12_000, 93_000),
                (6, 1, "NEFT SALARY ACME", Credit, 50_000, 143_000),
            ],
        );
        let other = statement("sbi", "3009", &[(6, 2, "UPI/123/SWIGGY", Debit, 250, 750)]);
        let mut e = Entity::new(None, Metadata::default());
        // Added out of period order on purpose.
        let a = e.add_statement(may_june);
        let b = e.add_statement(other);
        let c = e.add_statement(april_may);
        assert_eq!(a, c);
        assert_ne!(a, b);

        let accounts = e.accounts();
        assert_eq!(accounts.len(), 2);
        let hdfc = &accounts[0];
        assert_eq!(hdfc.info.account_id, a.to_string());
        assert_eq!(hdfc.transactions.len(), 5, "May rows appear once");
        let balances: Vec<i64> = hdfc.transactions.iter().map(|t| t.balance.paise() / 100).collect();
        assert_eq!(balances, vec![60_000, 55_000, 105_000, 93_000, 143_000]);
        let months: Vec<String> = hdfc.info.months.iter().map(|m| m.to_string()).collect();
        assert_eq!(months, vec!["2025-04", "2025-05", "2025-06"]);
        assert_eq!(hdfc.info.statements.len(), 2);
        assert_eq!(accounts[1].info.bank, "sbi");
        assert_eq!(e.account(&b.to_string()).map(|v| v.transactions.len()), Some(1));
        assert_eq!(account_id(e.id, "hdfc", "501").get_version_num(), 4);
    }
}
