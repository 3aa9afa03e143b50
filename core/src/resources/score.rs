//! Score (interface 2.13).

use serde::{Deserialize, Serialize};

/// One item of `score`: the score of one account.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AccountScore {
    /// The account.
    pub account_id: String,
    /// The score, 300 to 900, written as a string (`"742"`).
    pub score: String,
}

impl AccountScore {
    /// The item for a numeric score.
    pub fn new(account_id: impl Into<String>, score: u16) -> Self {
        AccountScore { account_id: account_id.into(), score: score.to_string() }
    }
}
