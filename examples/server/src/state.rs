//! Shared state of the handlers, the error responses, and authentication.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use bankscope::resources::{AuthError, SessionError, SessionErrorCode};
use serde_json::json;
use tokio::sync::{Notify, oneshot};

use crate::crypto;
use crate::store::{Org, Store, StoreError};

/// What the identity stage of one upload gave, for the request that waits on it.
/// The identity stage's outcome for a waiting upload: the statement as read, or the refusal.
pub type IdentityOutcome = Result<Box<bankscope::Statement>, UploadError>;

/// A refused upload: its code and message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UploadError {
    /// HTTP status.
    pub status: u16,
    /// Stable code (`PASSWORD_INCORRECT`, `PDF_IS_IMAGE`, `DUPLICATE_STATEMENT`, ...).
    pub code: String,
    /// What went wrong, for a person.
    pub message: String,
}

/// State shared by handlers and workers.
#[derive(Debug)]
pub struct Shared {
    /// The store.
    pub store: Arc<dyn Store>,
    /// HMAC secret that signs tokens and links (the first signing key).
    pub secret: Vec<u8>,
    /// Every key that verifies tokens and links: the signing one first, then
    /// the previous ones of a rotation.
    pub verify_keys: Vec<Vec<u8>>,
    /// Base URL of links (no trailing slash).
    pub public_url: String,
    /// Hosted client address of redirect URLs (no trailing slash).
    pub client_url: String,
    /// Wakes the workers when a job is queued.
    pub wake: Notify,
    /// Uploads waiting for their identity stage, by statement id.
    pub waiters: Mutex<HashMap<String, oneshot::Sender<IdentityOutcome>>>,
    /// Largest body of a non-multipart request.
    pub max_body_bytes: usize,
    /// How long an upload waits for its identity stage.
    pub identity_wait: std::time::Duration,
    /// Webhook delivery settings.
    pub webhooks: crate::webhook::Settings,
    /// Wakes the webhook sender when a payload is queued.
    pub webhook_wake: Notify,
    /// Per-organisation request rate limits.
    pub limiter: crate::ratelimit::Limiter,
    /// Per-session limits of the routes a session token authenticates.
    pub session_limiter: crate::ratelimit::Limiter,
    /// Permits to read an upload body before its credentials are known (a
    /// multipart body whose file comes before its session_id and token).
    pub preauth: Arc<tokio::sync::Semaphore>,
    /// Keep statement PDFs after processing.
    pub keep_pdfs: bool,
    /// Runs of one stage before its statement fails.
    pub job_attempts: u32,
    /// Wait before a stage's second run (doubling after).
    pub job_backoff: std::time::Duration,
    /// Watchdog: longest one stage may run.
    pub stage_timeout: std::time::Duration,
    /// Read responses already made, checked against the stored inputs.
    pub read_cache: crate::read::ReadCache,
}

/// The handlers' state.
pub type AppState = Arc<Shared>;

/// An error response.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    body: serde_json::Value,
    retry_after: Option<u64>,
}

impl ApiError {
    /// `{"detail": message}`.
    pub fn detail(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError { retry_after: None, status, body: json!({ "detail": message.into() }) }
    }

    /// The 401 of the read endpoints (interface 5, 7.1).
    pub fn unauthorized() -> Self {
        ApiError { retry_after: None, status: StatusCode::UNAUTHORIZED, body: json!(AuthError::not_provided()) }
    }

    /// A session-creation error (interface 7.2) with its status.
    pub fn session(e: SessionError) -> Self {
        let status = StatusCode::from_u16(e.http_status()).unwrap_or(StatusCode::BAD_REQUEST);
        ApiError { retry_after: None, status, body: json!(e) }
    }

    /// `{"error": {"code", "message"}}` for the upload endpoints.
    pub fn coded(status: StatusCode, code: &str, message: impl Into<String>) -> Self {
        ApiError { retry_after: None, status, body: json!({ "error": { "code": code, "message": message.into() } }) }
    }

    /// 402 PAYMENT_REQUIRED.
    pub fn payment_required() -> Self {
        Self::session(SessionError::new(SessionErrorCode::PaymentRequired, "Payment required"))
    }

    /// 429 of a request over its organisation's rate limit, with `Retry-After`
    /// (DRF's throttle body: `{"detail": ...}`).
    pub fn throttled(wait: std::time::Duration) -> Self {
        let secs = crate::ratelimit::retry_after_secs(wait);
        let unit = if secs == 1 { "second" } else { "seconds" };
        ApiError {
            status: StatusCode::TOO_MANY_REQUESTS,
            body: json!({ "detail": format!("Request was throttled. Expected available in {secs} {unit}.") }),
            retry_after: Some(secs),
        }
    }

    /// 500 with a logged cause.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!(error = %cause, "internal error");
        Self::detail(StatusCode::INTERNAL_SERVER_ERROR, "Internal server error.")
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        ApiError::internal(e)
    }
}

impl From<UploadError> for ApiError {
    fn from(e: UploadError) -> Self {
        ApiError::coded(StatusCode::from_u16(e.status).unwrap_or(StatusCode::BAD_REQUEST), &e.code, e.message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, axum::Json(self.body)).into_response();
        if let Some(secs) = self.retry_after {
            response.headers_mut().insert(axum::http::header::RETRY_AFTER, secs.into());
        }
        response
    }
}

/// Runs blocking work (the store, statement reading) on the blocking pool.
pub async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f).await.map_err(ApiError::internal)
}

/// A header as text.
pub fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok()).map(str::trim).filter(|s| !s.is_empty())
}

/// The organisation of an API key, if any.
pub async fn org_by_key(state: &AppState, key: &str) -> Result<Option<Org>, ApiError> {
    let digest = crypto::sha256(key.as_bytes());
    let store = state.store.clone();
    Ok(blocking(move || store.org_by_key(&digest)).await??)
}

/// The organisation of a request with both `x-api-key` and `server-hash`;
/// anything less is the 401 of interface 5.
pub async fn org_from_headers(state: &AppState, headers: &HeaderMap) -> Result<Org, ApiError> {
    let (Some(key), Some(hash)) = (header(headers, "x-api-key"), header(headers, "server-hash")) else {
        return Err(ApiError::unauthorized());
    };
    let Some(org) = org_by_key(state, key).await? else { return Err(ApiError::unauthorized()) };
    if !crypto::ct_eq(&crypto::sha256(hash.as_bytes()), &org.server_hash_digest) {
        return Err(ApiError::unauthorized());
    }
    rate_limit(state, &org)?;
    Ok(org)
}

/// Takes one request of `org`'s rate limit, or the 429 with its wait. The
/// refusal is logged once, by the request log line (status 429).
pub fn rate_limit(state: &AppState, org: &Org) -> Result<(), ApiError> {
    org_rate_limit(state, &org.id)
}

fn org_rate_limit(state: &AppState, org_id: &str) -> Result<(), ApiError> {
    state.limiter.check(org_id).map_err(|wait| {
        crate::metrics::rate_limited("organisation");
        ApiError::throttled(wait)
    })
}

/// Takes one request of a session-token route: the session's own bucket, then
/// its organisation's (the customer's page counts against the lender's limit).
pub fn session_rate_limit(state: &AppState, session_id: &str, org_id: &str) -> Result<(), ApiError> {
    state.session_limiter.check(session_id).map_err(|wait| {
        crate::metrics::rate_limited("session");
        ApiError::throttled(wait)
    })?;
    org_rate_limit(state, org_id)
}

/// Whether the organisation's plan has run out.
pub fn plan_expired(org: &Org) -> bool {
    org.plan_expires_at.is_some_and(|t| t <= crate::store::now())
}

impl Shared {
    /// Whether `signature` is the signature of `parts` under one of the keys.
    pub fn verify(&self, parts: &[&str], signature: &str) -> bool {
        self.verify_keys.iter().any(|k| crypto::verify(k, parts, signature))
    }
}

/// The signing keys of the configuration, when they live outside the database:
/// `signing_keys` (hex), else `signing_key_file` (made with a fresh key when missing).
pub fn configured_keys(config: &crate::Config) -> std::io::Result<Option<Vec<Vec<u8>>>> {
    let parse = |text: &str| -> std::io::Result<Vec<u8>> {
        let t = text.trim();
        let bytes: Option<Vec<u8>> =
            (0..t.len()).step_by(2).map(|i| t.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok())).collect();
        match bytes {
            Some(b) if b.len() >= 32 && t.len().is_multiple_of(2) => Ok(b),
            _ => Err(std::io::Error::other("a signing key must be at least 64 hex digits (32 bytes)")),
        }
    };
    if !config.signing_keys.is_empty() {
        return config.signing_keys.iter().map(|k| parse(k)).collect::<Result<Vec<_>, _>>().map(Some);
    }
    let Some(path) = &config.signing_key_file else { return Ok(None) };
    if !path.exists() {
        let key = crypto::hex(&crypto::random_bytes(32)?);
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        std::io::Write::write_all(&mut options.open(path)?, format!("{key}\n").as_bytes())?;
    }
    let text = std::fs::read_to_string(path)?;
    let keys: Vec<Vec<u8>> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(parse)
        .collect::<Result<_, _>>()?;
    if keys.is_empty() {
        return Err(std::io::Error::other(format!("{}: no signing key", path.display())));
    }
    Ok(Some(keys))
}

/// The v2 redirect token of a session.
pub fn session_token(secret: &[u8], session_id: &str) -> String {
    crypto::sign(secret, &["session", session_id])
}
