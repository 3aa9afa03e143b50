//! Excel report links (interface 2.11).

use serde::{Deserialize, Serialize};

/// One item of `reports`: the workbook of one account.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReportLink {
    /// URL of the `.xlsx` workbook; valid for one hour.
    pub link: String,
    /// The account.
    pub account_id: String,
}
