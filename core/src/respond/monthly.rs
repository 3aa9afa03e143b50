//! Monthly analysis (interface 2.10) and predictors (2.12) responses.

use crate::account::EntityAnalysis;
use crate::model::Entity;
use crate::resources::{
    AccountMonthlyAnalysis, AccountPredictors, AccountShape, MonthlyAnalysis, MonthlyAnalysisResponse, Predictors,
    PredictorsResponse, ProgressStatus, Resource,
};

impl Entity {
    /// `GET .../monthly_analysis_updated/` ([`EntityAnalysis::monthly_analysis_response`]).
    pub fn monthly_analysis_response(&self) -> MonthlyAnalysisResponse {
        self.analysis().monthly_analysis_response()
    }

    /// `GET .../predictors/` ([`EntityAnalysis::predictors_response`]).
    pub fn predictors_response(&self) -> PredictorsResponse {
        self.analysis().predictors_response()
    }

    /// The predictors of every account (account id, predictors), in account
    /// order: the input of the score.
    pub fn account_predictors(&self) -> Vec<(String, Predictors)> {
        self.analysis().account_predictors()
    }
}

impl EntityAnalysis<'_> {
    /// `GET .../monthly_analysis_updated/`: every month of every account
    /// (its tally, [`crate::account::AccountAnalysis::tally`], written as the
    /// interface's fields), keyed by account id in account order.
    pub fn monthly_analysis_response(&self) -> MonthlyAnalysisResponse {
        MonthlyAnalysisResponse {
            entity_id: self.entity_id(),
            progress: self.progress(Resource::MonthlyAnalysis),
            accounts: self.accounts.iter().map(|a| a.view.info.shaped(AccountShape::MonthlyAnalysis)).collect(),
            monthly_analysis: self
                .accounts
                .iter()
                .map(|a| {
                    let monthly_analysis = MonthlyAnalysis::from_tally(a.tally());
                    (a.id().to_string(), AccountMonthlyAnalysis { monthly_analysis })
                })
                .collect(),
        }
    }

    /// `GET .../predictors/`: one item per account, in account order; empty
    /// while any statement is processing, as the score is
    /// ([`PredictorsResponse::withheld_while_processing`]).
    pub fn predictors_response(&self) -> PredictorsResponse {
        PredictorsResponse {
            entity_id: self.entity_id(),
            progress: self.progress(Resource::Predictors),
            predictors: self
                .accounts
                .iter()
                .map(|a| AccountPredictors { account_id: a.id().to_string(), predictors: a.predictors().clone() })
                .collect(),
        }
        .withheld_while_processing()
    }

    /// The predictors of every account (account id, predictors), in account
    /// order: the input of the score.
    pub fn account_predictors(&self) -> Vec<(String, Predictors)> {
        self.accounts.iter().map(|a| (a.id().to_string(), a.predictors().clone())).collect()
    }
}

impl PredictorsResponse {
    /// The response with an empty `predictors` list when any statement in
    /// `progress` is `processing` (the interface: predictors are computed once
    /// every statement is analysed); unchanged otherwise.
    pub fn withheld_while_processing(mut self) -> Self {
        if self.progress.iter().any(|p| p.status == Some(ProgressStatus::Processing)) {
            self.predictors.clear();
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use crate::model::{Entity, Metadata, Statement, TxnType};
    use crate::money::Money;
    use crate::resources::{MonthLabel, MonthlyAnalysis, Predictors, Resource, YearMonth};

    /// A fixture statement read into a fresh entity, with its truth JSON.
    fn fixture(name: &str) -> (Entity, serde_json::Value) {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/statements");
        let bytes = std::fs::read(dir.join(format!("{name}.pdf"))).unwrap_or_default();
        let truth: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.join(format!("{name}.truth.json"))).unwrap_or_default())
                .unwrap_or_default();
        let password = truth["password"].as_str().map(str::to_string);
        let mut e = Entity::new(None, Metadata::default());
        e.add_pdf(&bytes, &crate::ReadOptions { password, ..Default::default() })
            .unwrap_or_else(|err| panic!("{name}: {err}"));
        (e, truth)
    }

    fn money(v: &serde_json::Value) -> Money {
        Money::parse(v.as_str().unwrap_or_default()).unwrap_or_else(|e| panic!("{v}: {e}"))
    }

    /// Per month of the truth transactions: (credits, debits, credit count, debit count).
    fn truth_by_month(truth: &serde_json::Value) -> BTreeMap<YearMonth, (Money, Money, u32, u32)> {
        let mut out: BTreeMap<YearMonth, (Money, Money, u32, u32)> = BTreeMap::new();
        for t in truth["transactions"].as_array().into_iter().flatten() {
            let date = t["date"].as_str().unwrap_or_default();
            let month = date.get(..7).and_then(|m| m.parse::<YearMonth>().ok());
            let Some(month) = month else { panic!("date {date}") };
            let e = out.entry(month).or_default();
            match t["type"].as_str() {
                Some("credit") => (e.0 += money(&t["amount"]), e.2 += 1),
                Some("debit") => (e.1 += money(&t["amount"]), e.3 += 1),
                other => panic!("type {other:?}"),
            };
        }
        out
    }

    fn analysis_of(e: &Entity) -> MonthlyAnalysis {
        let r = e.monthly_analysis_response();
        let Some((_, a)) = r.monthly_analysis.into_vec().into_iter().next() else { panic!("no account") };
        a.monthly_analysis
    }

    #[test]
    fn fixture_months_total_the_truth_transactions() {
        for name in ["hdfc_fpdf2_yearend", "sbi_fpdf2_encrypted", "hdfc_reportlab_large"] {
            let (e, truth) = fixture(name);
            let want = truth_by_month(&truth);
            let a = analysis_of(&e);
            let months: Vec<YearMonth> = a.months().map(|m| m.0).collect();
            assert_eq!(months, want.keys().copied().collect::<Vec<_>>(), "{name}");
            for (m, &(credit, debit, cnt_credit, cnt_debit)) in &want {
                let l = MonthLabel(*m);
                assert_eq!(a.amt_credit.get(&l), Some(&credit), "{name} {l} credits");
                assert_eq!(a.amt_debit.get(&l), Some(&debit), "{name} {l} debits");
                assert_eq!(a.cnt_credit.get(&l), Some(&cnt_credit), "{name} {l}");
                assert_eq!(a.cnt_debit.get(&l), Some(&cnt_debit), "{name} {l}");
                assert_eq!(a.cnt_transactions.get(&l), Some(&(cnt_credit + cnt_debit)), "{name} {l}");
                assert_eq!(a.net_cash_inflow.get(&l), Some(&(credit - debit)), "{name} {l}");
            }
            // The first month opens and the last closes as the statement prints.
            let first = want.keys().next().map(|m| MonthLabel(*m));
            let last = want.keys().last().map(|m| MonthLabel(*m));
            let opening = first.and_then(|l| a.opening_balance.get(&l).copied());
            let closing = last.and_then(|l| a.closing_balance.get(&l).copied());
            assert_eq!(opening, Some(money(&truth["identity"]["opening_balance"])), "{name}");
            assert_eq!(closing, Some(money(&truth["identity"]["closing_balance"])), "{name}");

            // Predictors: the six latest months' credits and debits.
            let preds = e.account_predictors();
            let [(_, p)] = preds.as_slice() else { panic!("{name}: one account") };
            let window: Vec<_> = want.iter().rev().take(6).collect();
            let credits: Money = window.iter().map(|(_, v)| v.0).sum();
            let debits: Money = window.iter().map(|(_, v)| v.1).sum();
            assert_eq!((p.credits, p.debits), (credits, debits), "{name}");
            assert_eq!(p.months[0], window.first().map(|(m, _)| **m), "{name}");
            assert_eq!(p.month_duration as usize, window.len(), "{name}");
        }
    }

    fn two_account_entity() -> Entity {
        let row = |day: u32, kind: TxnType, amount: i64, balance: i64| {
            let date = chrono::NaiveDate::from_ymd_opt(2025, 5, day).and_then(|d| d.and_hms_opt(0, 0, 0));
            crate::Transaction::new(
                date.unwrap_or_default(),
                "UPI/1/X",
                kind,
                Money::from_rupees(amount),
                Money::from_rupees(balance),
            )
        };
        let stmt = |bank: &str, number: &str, rows| {
            let mut s = Statement { bank: bank.into(), transactions: rows, ..Statement::default() };
            s.identity.account_number = number.into();
            s.id = uuid::Uuid::new_v4();
            s
        };
        let mut e = Entity::new(None, Metadata::default());
        e.add_statement(stmt("hdfc", "501", vec![row(2, TxnType::Credit, 100, 100), row(9, TxnType::Debit, 40, 60)]));
        e.add_statement(stmt("sbi", "3009", vec![row(3, TxnType::Debit, 5, 95)]));
        e
    }

    #[test]
    fn responses_have_the_interface_shape() {
        let e = two_account_entity();
        let accounts = e.accounts();
        let ids: Vec<String> = accounts.iter().map(|a| a.info.account_id.clone()).collect();

        let text = e.response_json(Resource::MonthlyAnalysis, None).unwrap_or_default();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        assert_eq!(json["entity_id"], e.id.to_string());
        assert_eq!(json["progress"].as_array().map(Vec::len), Some(2));
        let acc = &json["accounts"][0];
        assert!(acc.get("account_number").is_none() && acc.get("last_updated").is_none(), "{acc}");
        let ma = json["monthly_analysis"].as_object().cloned().unwrap_or_default();
        assert_eq!(ma.keys().cloned().collect::<std::collections::BTreeSet<_>>(), ids.iter().cloned().collect());
        let fields = ma[&ids[0]]["monthly_analysis"].as_object().map(|o| o.len());
        assert_eq!(fields, Some(MonthlyAnalysis::FIELD_NAMES.len()));
        // hdfc May: credit 100, debit 40.
        assert!(text.contains(r#""amt_credit":{"May-2025":100.00}"#), "{text}");
        assert!(text.contains(r#""amt_debit":{"May-2025":40.00}"#), "{text}");
        // Keys in interface order: entity_id, progress, accounts, monthly_analysis.
        let order = ["\"entity_id\"", "\"progress\"", "\"accounts\"", "\"monthly_analysis\""].map(|k| text.find(k));
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");

        let text = e.response_json(Resource::Predictors, None).unwrap_or_default();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        let items = json["predictors"].as_array().cloned().unwrap_or_default();
        assert_eq!(items.len(), 2);
        assert_eq!(items[1]["account_id"], ids[1].as_str());
        assert_eq!(items[0]["predictors"].as_object().map(|o| o.len()), Some(Predictors::FIELD_NAMES.len()));
        assert_eq!(items[0]["predictors"]["month_0"], "may-25");
        assert_eq!(items[0]["predictors"]["month_1"], serde_json::Value::Null);
        assert_eq!(items[0]["predictors"]["accountnumber"], 501);
        assert_eq!(items[1]["predictors"]["bank_name"], "sbi");
        // 40 / 100 expense to income.
        assert_eq!(items[0]["predictors"]["expense_to_income_ratio_0"].as_f64(), Some(0.4));
        assert!(e.response_json(Resource::Predictors, Some(&ids[0])).is_err(), "predictors take no account_id");

        let per_account = e.account_predictors();
        assert_eq!(per_account.iter().map(|(id, _)| id.clone()).collect::<Vec<_>>(), ids);
        assert_eq!(per_account[1].1.debits, Money::from_rupees(5));
    }
}
