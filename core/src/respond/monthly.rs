//! Monthly analysis (interface 2.10) and predictors (2.12) responses.

use crate::aggregate::AccountView;
use crate::analysis::{monthly, predictors};
use crate::model::Entity;
use crate::resources::{
    AccountMonthlyAnalysis, AccountPredictors, AccountShape, MonthlyAnalysisResponse, Predictors, PredictorsResponse,
};

impl Entity {
    /// `GET .../monthly_analysis_updated/`: every month of every account
    /// ([`monthly::analyse`]), keyed by account id in account order.
    pub fn monthly_analysis_response(&self) -> MonthlyAnalysisResponse {
        let accounts = self.accounts();
        MonthlyAnalysisResponse {
            entity_id: self.id.to_string(),
            progress: self.progress(),
            accounts: accounts.iter().map(|a| a.info.shaped(AccountShape::MonthlyAnalysis)).collect(),
            monthly_analysis: accounts
                .iter()
                .map(|a| {
                    let analysis = monthly::analyse(&a.transactions, &self.metadata);
                    (a.info.account_id.clone(), AccountMonthlyAnalysis { monthly_analysis: analysis })
                })
                .collect(),
        }
    }

    /// `GET .../predictors/`: one item per account, in account order.
    pub fn predictors_response(&self) -> PredictorsResponse {
        PredictorsResponse {
            entity_id: self.id.to_string(),
            progress: self.progress(),
            predictors: self
                .account_predictors()
                .into_iter()
                .map(|(account_id, predictors)| AccountPredictors { account_id, predictors })
                .collect(),
        }
    }

    /// The predictors of every account (account id, predictors), in account
    /// order: the input of the score.
    pub fn account_predictors(&self) -> Vec<(String, Predictors)> {
        self.accounts().iter().map(|a| (a.info.account_id.clone(), account_predictors(self, a))).collect()
    }
}

fn account_predictors(entity: &Entity, a: &AccountView<'_>) -> Predictors {
    predictors::compute(&a.transactions, &entity.metadata, &a.info.bank, a.identity)
}
