//! The `progress` array of every analysis response (interface 2.1).

use serde::{Deserialize, Serialize};

use crate::model::Source;

/// Status of one analysis for one statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProgressStatus {
    /// Still running: values may change.
    Processing,
    /// Done: values are final.
    Completed,
    /// The analysis failed for this statement.
    Failed,
}

/// One statement's progress in one analysis response.
///
/// `transaction_status` exists only in the identity response (there it reports
/// transaction extraction, which runs separately from identity extraction).
/// Build with [`Progress::new`] for every other response and
/// [`Progress::identity`] for the identity response.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Progress {
    /// `processing`, `completed`, `failed`, or `null`.
    pub status: Option<ProgressStatus>,
    /// The statement.
    pub statement_id: String,
    /// `pdf` or `online`.
    pub source: Source,
    /// Additional message, or `null`.
    pub message: Option<String>,
    /// Identity response only: the statement's transaction extraction status.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transaction_status: Option<ProgressStatus>,
}

impl Progress {
    /// Progress for any response but identity (no `transaction_status`).
    pub fn new(
        statement_id: impl Into<String>,
        source: Source,
        status: Option<ProgressStatus>,
        message: Option<String>,
    ) -> Self {
        Progress { status, statement_id: statement_id.into(), source, message, transaction_status: None }
    }

    /// Progress for the identity response, which also carries `transaction_status`.
    pub fn identity(
        statement_id: impl Into<String>,
        source: Source,
        status: Option<ProgressStatus>,
        message: Option<String>,
        transaction_status: ProgressStatus,
    ) -> Self {
        Progress {
            transaction_status: Some(transaction_status),
            ..Progress::new(statement_id, source, status, message)
        }
    }

    /// True when the status is `completed`: the values of this statement are final.
    pub fn is_completed(&self) -> bool {
        self.status == Some(ProgressStatus::Completed)
    }
}
