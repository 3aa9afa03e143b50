//! The predictors response's items (interface 2.12); the values are
//! [`crate::analysis::predictors::Predictors`].

use serde::{Deserialize, Serialize};

use crate::analysis::predictors::Predictors;

/// One item of the predictors response's `predictors` array.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AccountPredictors {
    /// The account.
    pub account_id: String,
    /// Its predictors.
    pub predictors: Predictors,
}
