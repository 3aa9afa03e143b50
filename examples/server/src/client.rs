//! The hosted client (the `redirect_url` of interface 4.1): a static page,
//! its script and style, and the session summary it starts from. The page
//! talks to the same endpoints an integrator would (`upload_session`,
//! `initiate_processing`, `session_upload_status`) with the session's v2 token.

use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router, routing::get};
use serde::Deserialize;
use serde_json::json;

use crate::state::{ApiError, AppState, blocking};
use crate::store::now;

const INDEX: &str = include_str!("../client/index.html");
const SCRIPT: &str = include_str!("../client/app.js");
const STYLE: &str = include_str!("../client/app.css");

/// The page's routes under `/client/`.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/client/", get(|| async { page("text/html; charset=utf-8", INDEX) }))
        .route("/client", get(|| async { page("text/html; charset=utf-8", INDEX) }))
        .route("/client/app.js", get(|| async { page("text/javascript; charset=utf-8", SCRIPT) }))
        .route("/client/app.css", get(|| async { page("text/css; charset=utf-8", STYLE) }))
        .route("/client/session/{session_id}/", get(session))
}

/// A static file with headers that keep the token in the URL to this origin:
/// no referrer, scripts and connections only to the server itself.
fn page(content_type: &'static str, body: &'static str) -> Response {
    let mut r = body.into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; \
             form-action 'self'; base-uri 'none'",
        ),
    );
    r
}

/// `?token=`.
#[derive(Debug, Deserialize)]
pub struct TokenQuery {
    #[serde(default)]
    token: Option<String>,
}

/// `GET /client/session/{id}/?token=`: what the page shows before uploads —
/// the bank and period asked for, where to return, and whether the session
/// still takes uploads. With the session's v2 token, or for a v1 session its id alone.
pub async fn session(
    State(state): State<AppState>,
    Path(session_id): Path<String>,
    Query(q): Query<TokenQuery>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let token_ok = q.token.as_deref().is_some_and(|t| state.verify(&["session", &session_id], t));
    let store = state.store.clone();
    let sid = session_id.clone();
    let found = blocking(move || store.session(&sid)).await??;
    // A v1 redirect URL has no token (interface 4.1): a v1 session's id opens its page.
    let v1 = q.token.is_none() && found.as_ref().is_some_and(|s| s.version == 1);
    if !token_ok && !v1 {
        return Err(ApiError::detail(StatusCode::FORBIDDEN, "This link is not valid: its token does not match."));
    }
    let Some(s) = found else {
        return Err(ApiError::detail(StatusCode::NOT_FOUND, "Session not found."));
    };
    crate::state::session_rate_limit(&state, &s.id, &s.org_id)?;
    if s.expires_at.is_some_and(|t| t <= now()) {
        // An expired link shows only that it expired.
        return Ok(Json(json!({"session_id": s.id, "expired": true})));
    }
    let store = state.store.clone();
    let sid = session_id.clone();
    let uploaded = blocking(move || store.session_statements(&sid)).await??.len();
    let bank = s.params["bank_name"].as_str().map(str::to_string);
    let bank_display = bank.as_deref().and_then(bankscope::banks::by_id).map(|b| b.name.to_string());
    Ok(Json(json!({
        "session_id": s.id,
        "link_id": s.link_id,
        "bank_name": bank,
        "bank_display_name": bank_display,
        "from_date": s.params["from_date"],
        "to_date": s.params["to_date"],
        "redirect_url": s.params["redirect_url"],
        "expired": s.expires_at.is_some_and(|t| t <= now()),
        "submitted": s.submitted,
        "statements": uploaded,
    })))
}
