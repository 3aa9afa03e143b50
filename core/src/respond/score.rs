//! The score response (interface 2.13) and the scorecards that explain it.
//!
//! Both builders take each account's predictors as `(account_id, predictors)`
//! pairs, the shape `Entity::account_predictors` gives, so the score is always
//! computed from the same predictors the predictors response shows.

use crate::account::EntityAnalysis;
use crate::analysis::score::{Scorecard, score};
use crate::model::Entity;
use crate::resources::{AccountScore, Predictors, ProgressStatus, Resource, ScoreResponse};

impl Entity {
    /// `GET .../score/`: every account scored from its predictors
    /// ([`Entity::account_predictors`]).
    pub fn score_response(&self) -> ScoreResponse {
        self.analysis().score_response()
    }

    /// The scorecard of every account ([`EntityAnalysis::score_explanations`]).
    pub fn score_explanations(&self) -> Vec<(String, Scorecard)> {
        self.analysis().score_explanations()
    }

    /// `GET .../score/` from each account's predictors: one item per pair, in
    /// the order given, the score (300 to 900) written as a string. The list
    /// is empty while any statement is processing
    /// ([`ScoreResponse::withheld_while_processing`]).
    pub fn score_response_from(&self, predictors: &[(String, Predictors)]) -> ScoreResponse {
        ScoreResponse {
            entity_id: self.id.to_string(),
            progress: self.progress(),
            score: predictors.iter().map(|(id, p)| AccountScore::new(id.clone(), score(p).score)).collect(),
        }
        .withheld_while_processing()
    }

    /// Why each account scored what it did: the full [`Scorecard`] (factors,
    /// values read, bands, points, reasons) per account, in the order given,
    /// for the Excel report and an API that shows the working.
    pub fn score_explanations_from(&self, predictors: &[(String, Predictors)]) -> Vec<(String, Scorecard)> {
        predictors.iter().map(|(id, p)| (id.clone(), score(p))).collect()
    }
}

impl EntityAnalysis<'_> {
    /// `GET .../score/`: every account scored from its predictors
    /// ([`crate::account::AccountAnalysis::scorecard`]), in account order, the
    /// score (300 to 900) written as a string; empty while any statement is
    /// processing ([`ScoreResponse::withheld_while_processing`]).
    pub fn score_response(&self) -> ScoreResponse {
        ScoreResponse {
            entity_id: self.entity_id(),
            progress: self.progress(Resource::Score),
            score: self.accounts.iter().map(|a| AccountScore::new(a.id().to_string(), a.scorecard().score)).collect(),
        }
        .withheld_while_processing()
    }

    /// The scorecard of every account, in account order.
    pub fn score_explanations(&self) -> Vec<(String, Scorecard)> {
        self.accounts.iter().map(|a| (a.id().to_string(), a.scorecard().clone())).collect()
    }
}

impl ScoreResponse {
    /// The response with an empty `score` list when any statement in
    /// `progress` is `processing` (interface section 3: the score list is
    /// empty while any statement is processing); unchanged otherwise. A host
    /// that replaces `progress` with its own statuses calls this afterwards.
    pub fn withheld_while_processing(mut self) -> Self {
        if self.progress.iter().any(|p| p.status == Some(ProgressStatus::Processing)) {
            self.score.clear();
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use crate::analysis::score::Factor;
    use crate::model::{Entity, Identity, Metadata, Source, Statement};
    use crate::money::Money;
    use crate::resources::{Predictors, Progress, ProgressStatus, ScoreResponse, YearMonth};

    fn entity() -> Entity {
        let mut e = Entity::new(None, Metadata::default());
        let identity = Identity { account_number: "50100012345678".into(), ..Identity::default() };
        e.add_statement(Statement { bank: "hdfc".into(), identity, transactions: Vec::new(), ..Statement::default() });
        e
    }

    /// Six months with data, `month_duration` 6 and every amount zero.
    fn six_quiet_months() -> Predictors {
        let mut months = [None; 6];
        let mut m = YearMonth::new(2025, 4);
        for slot in &mut months {
            *slot = m;
            m = m.and_then(YearMonth::pred);
        }
        Predictors { months, month_duration: 6, ..Predictors::default() }
    }

    #[test]
    fn one_score_per_account_as_a_string() {
        let e = entity();
        let mut rich = six_quiet_months();
        rich.monthly.avg_balance = [Some(Money::from_rupees(600_000)); 6];
        rich.monthly.min_balance = [Some(Money::from_rupees(200_000)); 6];
        rich.monthly.income = [Some(Money::from_rupees(300_000)); 6];
        let input = vec![
            // No balance or income values: balance and income factors have no
            // data (0); no bounces 150, no charges 50, no cash 75 (0% of no
            // debits), 6 months 75: 350 points → 300 + 350 × 0.6 = 510.
            ("acc-quiet".to_string(), six_quiet_months()),
            // Every factor at its maximum: 1000 points → 900.
            ("acc-rich".to_string(), rich),
            // No month has data: 300.
            ("acc-empty".to_string(), Predictors::default()),
        ];
        let response = e.score_response_from(&input);
        let json = serde_json::to_value(&response).unwrap_or_default();
        assert_eq!(
            json["score"],
            serde_json::json!([
                {"account_id": "acc-quiet", "score": "510"},
                {"account_id": "acc-rich", "score": "900"},
                {"account_id": "acc-empty", "score": "300"},
            ])
        );
        assert_eq!(json["entity_id"], e.id.to_string());
        assert_eq!(json["progress"][0]["status"], "completed");

        let why = e.score_explanations_from(&input);
        let ids: Vec<&str> = why.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(ids, ["acc-quiet", "acc-rich", "acc-empty"]);
        assert_eq!(why[0].1.points, 350);
        assert_eq!(why[0].1.score, 510);
        let Some(cash) = why[0].1.factors.iter().find(|f| f.factor == Factor::CashIntensity) else {
            panic!("no cash factor")
        };
        assert_eq!(cash.reason, "Cash withdrawals ₹0 are 0% of debits ₹0: band below 10%, 75 of 75 points.");
        assert!(e.score_response_from(&[]).score.is_empty());
    }

    #[test]
    fn empty_while_any_statement_is_processing() {
        let e = entity();
        let input = vec![("acc".to_string(), six_quiet_months())];
        let mut response = e.score_response_from(&input);
        assert_eq!(response.score.len(), 1);
        // A host adds a second statement that is still being read.
        response.progress.push(Progress::new("s-2", Source::Pdf, Some(ProgressStatus::Processing), None));
        let response = response.withheld_while_processing();
        assert!(response.score.is_empty());
        let text = serde_json::to_string(&response).unwrap_or_default();
        assert!(text.ends_with(",\"score\":[]}"), "{text}");
        let back: Option<ScoreResponse> = serde_json::from_str(&text).ok();
        assert_eq!(back.as_ref(), Some(&response));

        // Failed and completed statements do not withhold the score.
        let mut response = e.score_response_from(&input);
        response.progress.push(Progress::new("s-3", Source::Pdf, Some(ProgressStatus::Failed), None));
        assert_eq!(response.withheld_while_processing().score.len(), 1);
    }
}
