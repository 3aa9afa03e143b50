//! Webhook payloads (interface 2.15, 4.3, 6).

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

use super::format;

/// `progress` of a webhook payload.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WebhookProgress {
    /// Extraction completed.
    Completed,
    /// Extraction failed; `reason` says why.
    Failed,
}

/// The notification sent when extraction completes or fails.
///
/// `date_time` is present only in the payloads of the polling endpoint
/// (`webhook_payloads`); the POST to the webhook URL has no `date_time`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WebhookPayload {
    /// The entity.
    pub entity_id: String,
    /// The statement; `""` for a net-banking failure where nothing was uploaded.
    pub statement_id: String,
    /// The customer identifier given at session creation; `null` in manual
    /// upload when it does not exist.
    pub link_id: Option<String>,
    /// `completed` or `failed`.
    pub progress: WebhookProgress,
    /// Reason of failure when `failed`, otherwise `""`.
    pub reason: String,
    /// Polling endpoint only: when the payload was due, `YYYY-MM-DD HH:MM:SS`.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "format::date_time_opt")]
    pub date_time: Option<NaiveDateTime>,
}

impl WebhookPayload {
    /// The same payload as the polling endpoint lists it, due at `date_time`.
    pub fn with_date_time(self, date_time: NaiveDateTime) -> Self {
        WebhookPayload { date_time: Some(date_time), ..self }
    }

    /// The same payload as it is POSTed to the webhook URL (no `date_time`).
    pub fn without_date_time(self) -> Self {
        WebhookPayload { date_time: None, ..self }
    }
}

/// Response of `GET /v1/entity/webhook_payloads/`: payloads of a link_id, newest first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WebhookPayloadsResponse {
    /// Payloads with `date_time`, newest first.
    pub payloads: Vec<WebhookPayload>,
}
