//! The interface's read responses, shaped from an entity's analysis
//! ([`EntityAnalysis`], computed once per entity version); the `Entity`
//! methods of the same names build the analysis and shape one response.
//!
//! Each builder shapes accounts for its response ([`AccountShape`]), so the
//! presence rules of interface 2.3 hold by construction. A library entity
//! holds only statements that were read to the end, so every progress object
//! is `completed`; a host that processes in stages (the server) gives its own
//! statuses ([`EntityAnalysis::with_progress`]).

pub(crate) mod analyses;
mod fraud;
mod monthly;
mod score;

pub use fraud::AccountFinding;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::account::EntityAnalysis;
use crate::aggregate::account_id;
use crate::analysis::fraud::metadata;
use crate::error::{Error, Result};
use crate::model::{Entity, Statement};
use crate::money::Money;
use crate::resources::{
    AccountShape, AccountsResponse, IdentityItem, IdentityResponse, Progress, ProgressStatus, Resource,
    TransactionItem, TransactionsResponse,
};
use crate::resources::{DateRange, Fraud, FraudEntry, UploadIdentity, UploadResponse};
use crate::taxonomy::FraudCategory;

/// A statement that repeats one already in the entity ([`Entity::duplicate_of`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duplicate {
    /// The statement already there.
    pub existing: uuid::Uuid,
    /// Why the new one is refused, in words an analyst reads.
    pub message: String,
}

/// What reading one statement gave: the one-screen summary a caller shows
/// after an upload (not an interface object).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatementSummary {
    /// The statement id (UUID4 text).
    pub statement_id: String,
    /// The account it joined.
    pub account_id: String,
    /// `pdf` or `online`.
    pub source: crate::model::Source,
    /// Bank identifier.
    pub bank: String,
    /// Account holder.
    pub name: String,
    /// Account number.
    pub account_number: String,
    /// First day of the statement period.
    pub period_from: Option<NaiveDate>,
    /// Last day of the statement period.
    pub period_to: Option<NaiveDate>,
    /// Transactions read.
    pub transactions: usize,
    /// Opening balance.
    pub opening_balance: Option<Money>,
    /// Closing balance.
    pub closing_balance: Option<Money>,
    /// Rows where the running balance breaks; 0 when the statement reconciles.
    pub balance_breaks: usize,
    /// Rows the balance chain proves (see [`crate::model::ReadingReport`]).
    pub rows_proven: usize,
    /// True when every row is proven from the opening to the closing balance.
    pub reconciles: bool,
    /// The reading report in one line: rows read and proven, the first break
    /// (page, row, printed vs expected), printed totals, confidence.
    pub reading: String,
}

impl StatementSummary {
    fn of(entity_id: uuid::Uuid, s: &Statement) -> Self {
        StatementSummary {
            statement_id: s.id.to_string(),
            account_id: account_id(entity_id, &s.bank, &s.identity.account_number).to_string(),
            source: s.source,
            bank: s.bank.clone(),
            name: s.identity.name.clone(),
            account_number: s.identity.account_number.clone(),
            period_from: s.identity.period_from,
            period_to: s.identity.period_to,
            transactions: s.transactions.len(),
            opening_balance: s.identity.opening_balance,
            closing_balance: s.identity.closing_balance,
            balance_breaks: s.balance_breaks.len(),
            rows_proven: s.reading.rows_proven,
            reconciles: s.reading.reconciles(),
            reading: s.reading.summary(),
        }
    }
}

impl Entity {
    /// Reads Account Aggregator data (see [`crate::aa`]) into this entity;
    /// one summary per account in the data. Nothing is added on error.
    pub fn add_aa(&mut self, bytes: &[u8], declared_bank: Option<&str>) -> Result<Vec<StatementSummary>> {
        let mut statements = crate::aa::read(bytes, declared_bank)?;
        for s in &mut statements {
            crate::enrich::enrich_statement(s, &self.metadata);
        }
        let summaries = statements.iter().map(|s| StatementSummary::of(self.id, s)).collect();
        for s in statements {
            self.add_statement(s);
        }
        Ok(summaries)
    }

    /// Reads a statement PDF with its forensic digest
    /// ([`crate::read_pdf_with_forensics`]), enriches its transactions and adds
    /// it to this entity. Nothing is added on error.
    pub fn add_pdf(&mut self, bytes: &[u8], options: &crate::ReadOptions) -> Result<StatementSummary> {
        let (mut s, _) = crate::read_pdf_with_forensics(bytes, options)?;
        crate::enrich::enrich_statement(&mut s, &self.metadata);
        let summary = StatementSummary::of(self.id, &s);
        self.add_statement(s);
        Ok(summary)
    }

    /// The statement of this entity that `statement` repeats (another copy
    /// of one statement: same bank, account number, printed period and number
    /// of rows), with the refusal a host gives; `None` when it is new. A
    /// statement never repeats itself (same id).
    pub fn duplicate_of(&self, statement: &Statement) -> Option<Duplicate> {
        let earlier = self.statements.iter().find(|s| {
            s.id != statement.id
                && s.bank == statement.bank
                && s.identity.account_number == statement.identity.account_number
                && s.identity.period_from == statement.identity.period_from
                && s.identity.period_to == statement.identity.period_to
                && s.transactions.len() == statement.transactions.len()
        })?;
        let day = |d: Option<NaiveDate>| d.map(|d| d.to_string()).unwrap_or_default();
        Some(Duplicate {
            existing: earlier.id,
            message: format!(
                "This statement (account {}, {} to {}) was already uploaded as statement {}.",
                statement.identity.account_number,
                day(statement.identity.period_from),
                day(statement.identity.period_to),
                earlier.id
            ),
        })
    }

    /// What an upload answers once `statement`'s identity is read, as a
    /// statement of this entity (made with `link_id`): the account it joins
    /// and, `with_identity`, its identity, period and metadata (document)
    /// fraud findings.
    pub fn upload_response(
        &self,
        statement: &Statement,
        link_id: Option<String>,
        with_identity: bool,
    ) -> UploadResponse {
        let i = &statement.identity;
        let account = account_id(self.id, &statement.bank, &i.account_number).to_string();
        let mut out = UploadResponse::pending(self.id.to_string(), statement.id.to_string(), link_id);
        out.account_id = Some(account.clone());
        out.bank_name = Some(statement.bank.clone());
        if with_identity {
            // The statement's own document findings: its forensic digest graded
            // (nothing else of the fraud checks is metadata).
            let sid = statement.id.to_string();
            let mut fraud = Fraud::default();
            let findings =
                statement.forensics.as_ref().map(|d| metadata::grade(d, &statement.bank)).unwrap_or_default();
            for f in findings.iter().filter(|f| f.category() == FraudCategory::Metadata) {
                fraud.fraud_type.push(FraudEntry::new(f.fraud_type, account.clone(), Some(sid.clone()), None));
            }
            if !fraud.fraud_type.is_empty() {
                fraud.fraudulent_statements.push(sid);
            }
            out.date_range = Some(DateRange { from_date: i.period_from, to_date: i.period_to });
            out.is_fraud = Some(!fraud.fraud_type.is_empty());
            out.fraud = Some(fraud);
            out.identity = Some(UploadIdentity {
                account_category: i.account_category,
                account_number: i.account_number.clone(),
                account_type: i.account_type,
                address: i.address.clone(),
                credit_limit: i.credit_limit,
                ifsc: i.ifsc.clone(),
                micr: i.micr.clone(),
                name: i.name.clone(),
            });
        }
        out
    }

    /// The JSON text of one read endpoint, optionally for one account
    /// (`account_id` applies to the endpoints that take it; see
    /// [`Resource::filters_by_account`]).
    pub fn response_json(&self, resource: Resource, account_id: Option<&str>) -> Result<String> {
        self.analysis().response_json(resource, account_id)
    }

    /// [`Entity::response_json`] indented by two spaces, one value per line,
    /// ending in a newline: for files a person reads. Only whitespace differs
    /// (amounts keep their two decimals, keys their order).
    pub fn response_json_pretty(&self, resource: Resource, account_id: Option<&str>) -> Result<String> {
        self.analysis().response_json_pretty(resource, account_id)
    }

    /// One completed progress object per statement, in the order they were added.
    pub fn progress(&self) -> Vec<Progress> {
        self.statements
            .iter()
            .map(|s| {
                Progress::new(s.id.to_string(), s.source, Some(ProgressStatus::Completed), s.reading.progress_message())
            })
            .collect()
    }

    /// [`Entity::progress`] as the identity response writes it (with the
    /// `transaction_status` of each statement).
    pub fn identity_progress(&self) -> Vec<Progress> {
        self.statements
            .iter()
            .map(|s| {
                Progress::identity(
                    s.id.to_string(),
                    s.source,
                    Some(ProgressStatus::Completed),
                    s.reading.progress_message(),
                    ProgressStatus::Completed,
                )
            })
            .collect()
    }

    /// `GET .../accounts/` ([`EntityAnalysis::accounts_response`]).
    pub fn accounts_response(&self) -> AccountsResponse {
        self.analysis().accounts_response()
    }

    /// `GET .../identity/` ([`EntityAnalysis::identity_response`]).
    pub fn identity_response(&self) -> IdentityResponse {
        self.analysis().identity_response()
    }

    /// `GET .../transactions/[?account_id=]` ([`EntityAnalysis::transactions_response`]).
    pub fn transactions_response(&self, account_id: Option<&str>) -> Result<TransactionsResponse> {
        self.analysis().transactions_response(account_id)
    }
}

impl EntityAnalysis<'_> {
    /// The JSON text of one read endpoint, optionally for one account
    /// (`account_id` applies to the endpoints that take it; see
    /// [`Resource::filters_by_account`]).
    pub fn response_json(&self, resource: Resource, account_id: Option<&str>) -> Result<String> {
        self.serialize_response(resource, account_id, false)
    }

    /// [`EntityAnalysis::response_json`] indented by two spaces, one value per
    /// line, ending in a newline.
    pub fn response_json_pretty(&self, resource: Resource, account_id: Option<&str>) -> Result<String> {
        self.serialize_response(resource, account_id, true).map(|mut s| {
            s.push('\n');
            s
        })
    }

    fn serialize_response(&self, resource: Resource, account_id: Option<&str>, pretty: bool) -> Result<String> {
        if account_id.is_some() && !resource.filters_by_account() {
            return Err(Error::invalid_argument("account_id", format!("{resource} does not filter by account")));
        }
        fn text<T: serde::Serialize>(value: &T, pretty: bool) -> serde_json::Result<String> {
            if pretty { serde_json::to_string_pretty(value) } else { serde_json::to_string(value) }
        }
        let json = match resource {
            Resource::Accounts => text(&self.accounts_response(), pretty),
            Resource::Identity => text(&self.identity_response(), pretty),
            Resource::Transactions => text(&self.transactions_response(account_id)?, pretty),
            Resource::Salary => text(&self.salary_response(account_id)?, pretty),
            Resource::RecurringTransactions => text(&self.recurring_transactions_response(account_id)?, pretty),
            Resource::LenderTransactions => text(&self.lender_transactions_response(account_id)?, pretty),
            Resource::ExpenseCategories => text(&self.expense_categories_response(account_id)?, pretty),
            Resource::TopCreditsDebits => text(&self.top_credits_debits_response(), pretty),
            Resource::MonthlyAnalysis => text(&self.monthly_analysis_response(), pretty),
            Resource::Predictors => text(&self.predictors_response(), pretty),
            Resource::Score => text(&self.score_response(), pretty),
            Resource::XlsxReport => {
                // The response is a list of links, which only a host that
                // serves the workbooks can give; the library gives the bytes.
                return Err(Error::invalid_argument(
                    "resource",
                    "xlsx_report holds links a server hosts; use Entity::xlsx_report for the workbook bytes",
                ));
            }
        };
        json.map_err(|e| Error::malformed(format!("serialising {resource}: {e}")))
    }

    /// `GET .../accounts/`.
    pub fn accounts_response(&self) -> AccountsResponse {
        AccountsResponse {
            entity_id: self.entity_id(),
            progress: self.progress(Resource::Accounts),
            accounts: self.accounts.iter().map(|a| a.view.info.shaped(AccountShape::Accounts)).collect(),
            fraud: self.fraud(),
        }
    }

    /// `GET .../identity/`.
    pub fn identity_response(&self) -> IdentityResponse {
        IdentityResponse {
            entity_id: self.entity_id(),
            progress: self.progress(Resource::Identity),
            accounts: self.accounts.iter().map(|a| a.view.info.shaped(AccountShape::Identity)).collect(),
            fraud: self.fraud(),
            identity: self
                .accounts
                .iter()
                .map(|a| IdentityItem {
                    account_id: a.view.info.account_id.clone(),
                    name: a.view.identity.name.clone(),
                    address: a.view.identity.address.clone(),
                    account_number: a.view.info.account_number.clone(),
                    account_category: a.view.info.account_category,
                    credit_limit: a.view.info.credit_limit,
                })
                .collect(),
        }
    }

    /// `GET .../transactions/[?account_id=]`: each selected account's
    /// transactions, salary marked.
    pub fn transactions_response(&self, account_id: Option<&str>) -> Result<TransactionsResponse> {
        let accounts = self.selected(account_id)?;
        Ok(TransactionsResponse {
            entity_id: self.entity_id(),
            progress: self.progress(Resource::Transactions),
            accounts: accounts.iter().map(|a| a.view.info.shaped(AccountShape::Transactions)).collect(),
            fraud: self.fraud(),
            transactions: accounts
                .iter()
                .flat_map(|a| a.transactions().iter().map(|t| TransactionItem::from_model(t, a.id().to_string())))
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::model::{Entity, Metadata};

    fn aa_entity() -> Entity {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/samples/aa/deposit_fi_sample.json");
        let bytes = std::fs::read(path).unwrap_or_default();
        let mut e = Entity::new(Some("cust-42".into()), Metadata::default());
        for s in crate::aa::read(&bytes, None).unwrap_or_default() {
            e.add_statement(s);
        }
        e
    }

    #[test]
    fn a_fixture_pdf_becomes_enriched_transactions() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/statements");
        let bytes = std::fs::read(dir.join("sbi_fpdf2_encrypted.pdf")).unwrap_or_default();
        let truth: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.join("sbi_fpdf2_encrypted.truth.json")).unwrap_or_default())
                .unwrap_or_default();
        let password = truth["password"].as_str().map(str::to_string);
        let mut e = Entity::new(None, Metadata::default());
        let wrong = e.add_pdf(&bytes, &crate::ReadOptions { password: Some("wrong".into()), ..Default::default() });
        assert!(matches!(wrong, Err(crate::Error::PasswordIncorrect)));
        assert!(e.statements.is_empty(), "nothing is added on error");
        let summary = e.add_pdf(&bytes, &crate::ReadOptions { password, ..Default::default() });
        let summary = summary.unwrap_or_else(|err| panic!("reads: {err}"));
        assert_eq!(summary.bank, "sbi");
        assert_eq!(summary.name, truth["identity"]["name"].as_str().unwrap_or_default());
        assert_eq!(Some(summary.transactions), truth["transactions"].as_array().map(Vec::len));
        assert_eq!(summary.balance_breaks, 0);
        let txns = e.transactions_response(None).map(|r| r.transactions).unwrap_or_default();
        // Every narration got a channel; UPI rows are recognised as such.
        let upi = txns.iter().filter(|t| t.transaction_note.contains("UPI")).count();
        let upi_channel = txns.iter().filter(|t| t.transaction_channel == crate::taxonomy::Channel::Upi).count();
        assert!(upi_channel > 0 && upi_channel <= upi, "{upi} UPI notes, {upi_channel} upi channels");
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
