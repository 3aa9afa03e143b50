//! The `fraud` object of every response that carries accounts (interface
//! 2.2), from the findings of [`crate::analysis::fraud`].

use serde::{Deserialize, Serialize};

use crate::account::EntityAnalysis;
#[cfg(doc)]
use crate::analysis::fraud;
use crate::analysis::fraud::Finding;
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
    /// Every fraud finding of every account ([`EntityAnalysis::fraud_findings`]).
    pub fn fraud_findings(&self) -> Vec<AccountFinding> {
        self.analysis().fraud_findings()
    }

    /// The `fraud` object ([`EntityAnalysis::fraud`]).
    pub fn fraud(&self) -> Fraud {
        self.analysis().fraud()
    }
}

impl EntityAnalysis<'_> {
    /// Every fraud finding of every account, accounts in the order of
    /// [`Entity::accounts`], each account's findings in the order of
    /// [`fraud::account_findings`].
    pub fn fraud_findings(&self) -> Vec<AccountFinding> {
        self.accounts
            .iter()
            .flat_map(|a| {
                a.findings()
                    .iter()
                    .map(|finding| AccountFinding { account_id: a.id().to_string(), finding: finding.clone() })
            })
            .collect()
    }

    /// The `fraud` object: one entry per finding; `fraudulent_statements`
    /// lists each statement with a statement-level or transaction-level
    /// finding once, in the order first found (account-level behavioural
    /// findings name no statement).
    pub fn fraud(&self) -> Fraud {
        let mut out = Fraud::default();
        for a in &self.accounts {
            for finding in a.findings() {
                let statement_id = finding.statement_id.map(|id| id.to_string());
                if let Some(id) = &statement_id
                    && !out.fraudulent_statements.contains(id)
                {
                    out.fraudulent_statements.push(id.clone());
                }
                out.fraud_type.push(FraudEntry::new(
                    finding.fraud_type,
                    a.id().to_string(),
                    statement_id,
                    finding.transaction_hash.clone(),
                ));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use chrono::{Datelike, NaiveDate};
    use serde_json::json;

    use crate::analysis::fraud::ForensicDigest;
    use crate::model::{Entity, Identity, Metadata, Statement, Transaction, TxnType, assign_hashes};
    use crate::money::Money;
    use crate::taxonomy::{Channel, FraudType};

    /// Rows (month, day, note, type, rupees, balance rupees) of HDFC account `number`, reconciled from `opening`.
    fn statement(number: &str, opening: i64, rows: &[(u32, u32, &str, TxnType, i64, i64)]) -> Statement {
        let mut txns: Vec<Transaction> = rows
            .iter()
            .map(|&(m, d, note, kind, amount, balance)| {
                let date = NaiveDate::from_ymd_opt(2025, m, d).and_then(|x| x.and_hms_opt(0, 0, 0)).unwrap_or_default();
                let mut t = Transaction::new(date, note, kind, Money::from_rupees(amount), Money::from_rupees(balance));
                t.channel = Channel::NetBankingTransfer;
                t
            })
            .collect();
        assign_hashes("hdfc", number, &mut txns);
        let balance_breaks = crate::reconcile::balance_breaks(Some(Money::from_rupees(opening)), &txns);
        let first = txns.first().map(|t| t.date.date());
        Statement {
            id: uuid::Uuid::new_v4(),
            bank: "hdfc".into(),
            identity: Identity {
                account_number: number.into(),
                period_from: first.and_then(|d| d.with_day0(0)),
                // The month's last day: the day before the first of the next month.
                period_to: first
                    .and_then(|d| NaiveDate::from_ymd_opt(2025, d.month() + 1, 1))
                    .and_then(|d| d.pred_opt()),
                opening_balance: Some(Money::from_rupees(opening)),
                ..Identity::default()
            },
            transactions: txns,
            balance_breaks,
            ..Statement::default()
        }
    }

    #[test]
    fn the_fraud_object_of_an_entity() {
        use TxnType::Debit;
        // April, opening 5,00,000: an RTGS of 1,50,000 (below the RTGS minimum)
        // → 3,50,000; then −495 printed 3,49,500 (3,50,000 − 495 = 3,49,505: a break).
        let mut april = statement(
            "501",
            500_000,
            &[(4, 5, "RTGS/HDFCR1/ACME LTD", Debit, 150_000, 350_000), (4, 10, "NEFT TO RAVI", Debit, 495, 349_500)],
        );
        // An Acrobat text edit in April's file.
        april.forensics = Some(ForensicDigest {
            producer: Some("iText 5.5.13".into()),
            touchup_text_edit: true,
            revisions: 1,
            ..ForensicDigest::default()
        });
        // May opens at 3,60,000, not April's 3,49,500.
        let may = statement("501", 360_000, &[(5, 2, "NEFT TO RAVI", Debit, 10_000, 350_000)]);
        let other = statement("777", 1_000, &[(5, 3, "NEFT TO RAVI", Debit, 100, 900)]);
        let (apr_id, may_id) = (april.id.to_string(), may.id.to_string());
        let (rtgs, edited) = (april.transactions[0].hash.clone(), april.transactions[1].hash.clone());

        let mut e = Entity::new(None, Metadata::default());
        let account = e.add_statement(may).to_string();
        e.add_statement(other);
        e.add_statement(april);

        let findings = e.fraud_findings();
        let got: Vec<(FraudType, Option<String>)> =
            findings.iter().map(|f| (f.finding.fraud_type, f.finding.statement_id.map(|s| s.to_string()))).collect();
        assert_eq!(
            got,
            vec![
                (FraudType::TextEditMarker, Some(apr_id.clone())),
                (FraudType::InconsistentTransaction, Some(apr_id.clone())),
                (FraudType::OpeningBalanceMismatch, Some(may_id.clone())),
                (FraudType::MinRtgsAmount, Some(apr_id.clone())),
            ]
        );
        assert!(findings.iter().all(|f| f.account_id == account), "the clean account 777 has none");

        let fraud = serde_json::to_value(e.fraud()).unwrap_or_default();
        assert_eq!(fraud["fraudulent_statements"], json!([apr_id, may_id]));
        assert_eq!(
            fraud["fraud_type"][1],
            json!({
                "statement_id": apr_id, "fraud_type": "inconsistent_transaction", "transaction_hash": edited,
                "account_id": account, "fraud_category": "accounting",
            })
        );
        assert_eq!(fraud["fraud_type"][2]["transaction_hash"], json!(null));
        assert_eq!(fraud["fraud_type"][3]["transaction_hash"], json!(rtgs));
        assert_eq!(fraud["fraud_type"][3]["fraud_category"], "transaction");
        // Every response that carries accounts carries it.
        let accounts = serde_json::to_value(e.accounts_response()).unwrap_or_default();
        assert_eq!(accounts["fraud"], fraud);
    }

    #[test]
    fn account_aggregator_statements_have_no_pdf_record() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/samples/aa/deposit_fi_sample.json");
        let mut e = Entity::new(None, Metadata::default());
        let added = e.add_aa(&std::fs::read(path).unwrap_or_default(), None).map(|s| s.len()).unwrap_or_default();
        assert!(added > 0);
        assert!(e.statements.iter().all(|s| s.forensics.is_none()));
        assert_eq!(e.fraud(), crate::resources::Fraud::default(), "{:?}", e.fraud_findings());
    }
}
