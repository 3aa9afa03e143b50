//! The router: session creation, entity creation, uploads, session data,
//! the read endpoints, signed report downloads, health and the OpenAPI document.

use std::time::{Duration, Instant};

use axum::extract::{DefaultBodyLimit, Path, Query, Request, State};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, delete, get, post};
use axum::{Json, Router};
use bankscope::resources::{SessionError, SessionErrorCode, SessionResponse};
use serde::Deserialize;
use serde_json::json;

use crate::form::{Form, FormError};
use crate::state::{ApiError, AppState, IdentityOutcome, blocking, header, org_by_key, org_from_headers, plan_expired};
use crate::store::{EntityRow, NewStatement, Org, SessionRow, StoreError, now};

/// The application router with its limits and request log.
pub fn router(state: AppState, max_body_bytes: usize, timeout: Duration) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(crate::metrics::endpoint))
        .route("/openapi.json", get(|| async { Json(crate::openapi::document()) }))
        .route("/v1/session/", any(session_v1))
        .route("/v2/session/", any(session_v2))
        .route("/v1/entity/", post(create_entity))
        .route("/v1/entity/update_webhook/", post(crate::webhook::update))
        .route("/v1/entity/rotate_webhook_secret/", post(crate::webhook::rotate))
        .route("/v1/entity/webhook_payloads/", get(crate::webhook::payloads))
        .route("/v1/statement/upload/", post(upload))
        .route("/v1/statement/bankless_upload/", post(bankless_upload))
        .route("/v1/statement/upload_session/", post(upload_session))
        .route("/v1/session_data/{session_id}/session_upload_status/", get(session_upload_status))
        .route("/v1/session_data/{session_id}/initiate_processing/", post(initiate_processing))
        .route("/v1/session_data/{session_id}/delete/", delete(delete_statement))
        .route("/v1/entity/{entity_id}/", delete(delete_entity))
        .route("/v1/entity/{entity_id}/{suffix}/", get(crate::read::read))
        .route("/v1/report/{entity_id}/{account_id}/", get(crate::read::download))
        .merge(crate::client::routes())
        .fallback(|| async { ApiError::detail(StatusCode::NOT_FOUND, "Not found.") })
        .layer(middleware::from_fn(move |req, next| limit_time(timeout, req, next)))
        .layer(middleware::from_fn(log))
        .layer(DefaultBodyLimit::max(max_body_bytes))
        .with_state(state)
}

async fn healthz(State(state): State<AppState>) -> Response {
    let store = state.store.clone();
    match blocking(move || store.secret().map(|_| ())).await {
        Ok(Ok(())) => Json(json!({"status": "ok"})).into_response(),
        _ => (StatusCode::SERVICE_UNAVAILABLE, Json(json!({"status": "unavailable"}))).into_response(),
    }
}

/// One structured line per request (no query string: it can carry tokens).
async fn log(req: Request, next: Next) -> Response {
    let (method, path) = (req.method().clone(), req.uri().path().to_string());
    let started = Instant::now();
    let response = next.run(req).await;
    tracing::info!(%method, path, status = response.status().as_u16(), ms = started.elapsed().as_millis() as u64, "request");
    response
}

async fn limit_time(timeout: Duration, req: Request, next: Next) -> Response {
    match tokio::time::timeout(timeout, next.run(req)).await {
        Ok(r) => r,
        Err(_) => ApiError::detail(StatusCode::SERVICE_UNAVAILABLE, "Request timed out.").into_response(),
    }
}

fn today_ist() -> chrono::NaiveDate {
    (chrono::Utc::now() + chrono::Duration::minutes(330)).date_naive()
}

async fn session_v1(State(state): State<AppState>, req: Request) -> Result<Json<SessionResponse>, ApiError> {
    create_session(state, 1, req).await
}

async fn session_v2(State(state): State<AppState>, req: Request) -> Result<Json<SessionResponse>, ApiError> {
    create_session(state, 2, req).await
}

/// Session creation, v1 and v2 (interface 4.1): method, content type,
/// credentials, plan, then the parameters.
async fn create_session(state: AppState, version: u8, req: Request) -> Result<Json<SessionResponse>, ApiError> {
    if req.method() != Method::POST {
        let message = format!("Method {} not allowed.", req.method());
        return Err(ApiError::session(SessionError::new(SessionErrorCode::MethodNotAllowed, message)));
    }
    let not_provided = || {
        ApiError::session(SessionError::new(
            SessionErrorCode::AuthenticationCredentialsNotProvided,
            "Authentication credentials were not provided",
        ))
    };
    // A key in the header is checked before the body is read; a key given only
    // as the api_key parameter is read from a body of at most SESSION_BODY_LIMIT.
    let header_org = match header(req.headers(), "x-api-key").map(str::to_string) {
        Some(key) => Some(org_by_key(&state, &key).await?.ok_or_else(not_provided)?),
        None => None,
    };
    let form = match Form::read(req, SESSION_BODY_LIMIT).await {
        Ok(f) => f,
        Err(FormError::UnsupportedMediaType(ct)) => {
            let message = format!("Unsupported media type {ct}").trim_end().to_string();
            return Err(ApiError::session(SessionError::new(SessionErrorCode::UnsupportedMediaType, message)));
        }
        Err(FormError::TooLarge(m)) => return Err(too_large(&m)),
        Err(FormError::Malformed(_)) => return Err(ApiError::session(crate::session::something_went_wrong())),
    };
    let org = match header_org {
        Some(org) => org,
        None => {
            let Some(key) = form.text("api_key") else { return Err(not_provided()) };
            org_by_key(&state, &key).await?.ok_or_else(not_provided)?
        }
    };
    crate::state::rate_limit(&state, &org)?;
    if plan_expired(&org) {
        return Err(ApiError::payment_required());
    }
    let valid = crate::session::validate(version, &form, &org, today_ist()).map_err(ApiError::session)?;
    let id = uuid::Uuid::new_v4().to_string();
    let created_at = now();
    let row = SessionRow {
        id: id.clone(),
        org_id: org.id.clone(),
        version,
        link_id: valid.link_id.clone(),
        params: valid.params,
        consents: valid.consents,
        created_at,
        expires_at: valid.session_expiry.map(|m| created_at + m * 60),
        submitted: false,
    };
    let store = state.store.clone();
    let metadata = valid.metadata;
    blocking(move || store.create_session(&row, &metadata)).await??;
    let redirect_url = if version == 1 {
        format!("{}/?session_id={id}", state.client_url)
    } else {
        format!("{}/?session_id={id}&token={}", state.client_url, crate::state::session_token(&state.secret, &id))
    };
    tracing::info!(session = id, org = org.id, version, "session created");
    Ok(Json(SessionResponse { session_id: id, redirect_url }))
}

/// Largest body of session creation (its parameters are small; a key given
/// only in the body is read from at most this much).
pub const SESSION_BODY_LIMIT: usize = 64 * 1024;

/// 413 `PAYLOAD_TOO_LARGE`.
fn too_large(m: &str) -> ApiError {
    ApiError::coded(StatusCode::PAYLOAD_TOO_LARGE, "PAYLOAD_TOO_LARGE", format!("The body is too large: {m}"))
}

fn form_error(e: FormError) -> ApiError {
    match e {
        FormError::UnsupportedMediaType(ct) => ApiError::coded(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "UNSUPPORTED_MEDIA_TYPE",
            format!("Unsupported media type {ct}").trim_end().to_string(),
        ),
        FormError::TooLarge(m) => too_large(&m),
        FormError::Malformed(m) => {
            ApiError::coded(StatusCode::BAD_REQUEST, "INVALID_REQUEST", format!("The body could not be read: {m}"))
        }
    }
}

/// Reads a form body for the non-session endpoints; errors are `{"error": ...}`.
async fn read_form(state: &AppState, req: Request) -> Result<Form, ApiError> {
    Form::read(req, state.max_body_bytes).await.map_err(form_error)
}

fn metadata_of(form: &Form) -> Result<serde_json::Value, ApiError> {
    let invalid =
        |reason: &str| ApiError::coded(StatusCode::BAD_REQUEST, "INVALID_REQUEST", format!("metadata, {reason}"));
    match form.json("metadata") {
        None => Ok(json!({})),
        Some(Ok(v)) => crate::session::caller_metadata(v).map_err(|reason| invalid(&reason)),
        Some(Err(())) => Err(invalid("not valid JSON")),
    }
}

/// An organisation with a live plan.
async fn paying_org(state: &AppState, headers: &HeaderMap) -> Result<Org, ApiError> {
    let org = org_from_headers(state, headers).await?;
    if plan_expired(&org) {
        return Err(ApiError::payment_required());
    }
    Ok(org)
}

/// `POST /v1/entity/` → 201 `{entity_id, link_id}`.
async fn create_entity(State(state): State<AppState>, headers: HeaderMap, req: Request) -> Result<Response, ApiError> {
    let org = paying_org(&state, &headers).await?;
    let form = read_form(&state, req).await?;
    let link_id = form.text("link_id").filter(|s| !s.is_empty());
    if link_id.as_ref().is_some_and(|l| l.chars().count() > 500) {
        return Err(ApiError::coded(StatusCode::BAD_REQUEST, "INVALID_REQUEST", "link_id, longer than 500 characters"));
    }
    let row =
        EntityRow { id: uuid::Uuid::new_v4().to_string(), org_id: org.id, link_id, metadata: metadata_of(&form)? };
    let store = state.store.clone();
    let body = json!({"entity_id": row.id, "link_id": row.link_id});
    blocking(move || store.create_entity(&row)).await??;
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// `DELETE /v1/entity/{entity_id}/`: the entity, its statements and PDFs, its
/// session and its webhook payloads, now.
async fn delete_entity(
    State(state): State<AppState>,
    Path(entity_id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<serde_json::Value>, ApiError> {
    let org = org_from_headers(&state, &headers).await?;
    let store = state.store.clone();
    let id = entity_id.clone();
    let deleted = blocking(move || -> Result<bool, StoreError> {
        if store.entity(&org.id, &id)?.is_none() {
            return Ok(false);
        }
        store.delete_entity(&id, false, true)
    })
    .await??;
    if !deleted {
        return Err(ApiError::detail(StatusCode::NOT_FOUND, "Entity not found."));
    }
    state.read_cache.forget(&entity_id);
    tracing::info!(entity = entity_id, "entity deleted");
    Ok(Json(json!({"entity_id": entity_id, "deleted": true})))
}

/// `?identity=true`.
#[derive(Debug, Deserialize)]
struct UploadQuery {
    #[serde(default)]
    identity: Option<String>,
}

impl UploadQuery {
    fn identity(&self) -> bool {
        matches!(self.identity.as_deref(), Some("true" | "1" | "True"))
    }
}

async fn upload(
    State(state): State<AppState>,
    Query(q): Query<UploadQuery>,
    headers: HeaderMap,
    req: Request,
) -> Result<Response, ApiError> {
    manual_upload(state, q, headers, req, true).await
}

async fn bankless_upload(
    State(state): State<AppState>,
    Query(q): Query<UploadQuery>,
    headers: HeaderMap,
    req: Request,
) -> Result<Response, ApiError> {
    manual_upload(state, q, headers, req, false).await
}

fn bad(code: &str, message: impl Into<String>) -> ApiError {
    ApiError::coded(StatusCode::BAD_REQUEST, code, message)
}

/// The declared bank: required by `/upload/`, optional for the bankless one.
fn declared_bank(form: &Form, required: bool) -> Result<Option<String>, ApiError> {
    match form.text("bank_name").filter(|s| !s.is_empty()) {
        None if required => Err(bad(
            "MISSING_BANK_NAME",
            "bank_name is required; use /v1/statement/bankless_upload/ to detect the bank",
        )),
        None => Ok(None),
        Some(b) => match bankscope::banks::by_id(&b.to_ascii_lowercase()) {
            Some(bank) => Ok(Some(bank.id.to_string())),
            None => Err(bad("INVALID_BANK_NAME", "Invalid bank identifier.")),
        },
    }
}

fn pdf_file(form: &Form) -> Result<Vec<u8>, ApiError> {
    let Some(bytes) = form.file("file") else {
        return Err(bad("MISSING_FILE", "file is required (a multipart file field named file)"));
    };
    // A PDF starts with %PDF- within its first kilobyte.
    let head = &bytes[..bytes.len().min(1024)];
    if !head.windows(5).any(|w| w == b"%PDF-") {
        return Err(bad("UNSUPPORTED_FILE_TYPE", "The file is not a PDF; upload the statement PDF."));
    }
    Ok(bytes.to_vec())
}

async fn manual_upload(
    state: AppState,
    q: UploadQuery,
    headers: HeaderMap,
    req: Request,
    bank_required: bool,
) -> Result<Response, ApiError> {
    let org = paying_org(&state, &headers).await?;
    let form = read_form(&state, req).await?;
    let file = pdf_file(&form)?;
    let bank = declared_bank(&form, bank_required)?;
    let store = state.store.clone();
    let mut created = false;
    let entity =
        match (form.text("entity_id").filter(|s| !s.is_empty()), form.text("link_id").filter(|s| !s.is_empty())) {
            (Some(id), _) => {
                let org_id = org.id.clone();
                blocking(move || store.entity(&org_id, &id))
                    .await??
                    .ok_or_else(|| ApiError::detail(StatusCode::NOT_FOUND, "Entity not found."))?
            }
            (None, Some(link)) => {
                let org_id = org.id.clone();
                let metadata = metadata_of(&form)?;
                let (row, made) = blocking(move || -> Result<(EntityRow, bool), StoreError> {
                    if let Some(e) = store.entity_by_link(&org_id, &link)? {
                        return Ok((e, false));
                    }
                    let row = EntityRow { id: uuid::Uuid::new_v4().to_string(), org_id, link_id: Some(link), metadata };
                    store.create_entity(&row)?;
                    Ok((row, true))
                })
                .await??;
                created = made;
                row
            }
            (None, None) => return Err(bad("MISSING_ENTITY", "entity_id or link_id is required")),
        };
    let statement = NewStatement {
        id: uuid::Uuid::new_v4().to_string(),
        entity_id: entity.id.clone(),
        session_id: None,
        file,
        password: form.text("pdf_password").filter(|s| !s.is_empty()),
        declared_bank: bank,
    };
    let answer = accept_upload(&state, statement, entity.link_id, q.identity()).await;
    if answer.is_err() && created {
        // The entity this upload made holds nothing: it goes with the refusal.
        let store = state.store.clone();
        let id = entity.id.clone();
        if let Ok(Err(e)) = blocking(move || store.delete_entity(&id, true, false)).await {
            tracing::error!(error = %e, "removing the empty entity of a refused upload");
        }
    }
    answer
}

/// Stores the statement with its job, then waits for the identity stage:
/// a refused statement answers its error (and was removed), a read one its
/// summary; a slow one answers 202 while it keeps processing.
async fn accept_upload(
    state: &AppState,
    statement: NewStatement,
    link_id: Option<String>,
    with_identity: bool,
) -> Result<Response, ApiError> {
    let (tx, rx) = tokio::sync::oneshot::channel::<IdentityOutcome>();
    let id = statement.id.clone();
    let entity_id = statement.entity_id.clone();
    if let Ok(mut w) = state.waiters.lock() {
        w.insert(id.clone(), tx);
    }
    let store = state.store.clone();
    let inserted = blocking(move || store.insert_statement(&statement)).await?;
    if let Err(e) = inserted {
        if let Ok(mut w) = state.waiters.lock() {
            w.remove(&id);
        }
        return Err(match e {
            StoreError::Duplicate { existing } => ApiError::coded(
                StatusCode::CONFLICT,
                "DUPLICATE_STATEMENT",
                format!("This file was already uploaded to the entity as statement {existing}."),
            ),
            other => ApiError::internal(other),
        });
    }
    state.wake.notify_one();
    let outcome = wait_identity(state, &id, rx).await;
    if let Ok(mut w) = state.waiters.lock() {
        w.remove(&id);
    }
    match outcome {
        Some(Ok(statement)) => {
            let mut entity = bankscope::Entity::new(None, bankscope::Metadata::default());
            entity.id = entity_id.parse().map_err(ApiError::internal)?;
            Ok(Json(entity.upload_response(&statement, link_id, with_identity)).into_response())
        }
        Some(Err(refused)) => Err(refused.into()),
        None => {
            let body = bankscope::resources::UploadResponse::pending(entity_id, id, link_id);
            Ok((StatusCode::ACCEPTED, Json(body)).into_response())
        }
    }
}

/// Waits for the identity stage of an upload: this process's worker answers
/// through `rx`; with several processes on one database another process's
/// worker may take the job, so the stored row is looked at too. `None` when
/// `identity_wait` passed first.
async fn wait_identity(
    state: &AppState,
    id: &str,
    mut rx: tokio::sync::oneshot::Receiver<IdentityOutcome>,
) -> Option<IdentityOutcome> {
    let deadline = tokio::time::sleep(state.identity_wait);
    tokio::pin!(deadline);
    let mut tick = tokio::time::interval(Duration::from_millis(200));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            r = &mut rx => return r.ok(),
            _ = &mut deadline => return None,
            _ = tick.tick() => {
                let store = state.store.clone();
                let sid = id.to_string();
                let Ok(Ok(Some(row))) = blocking(move || store.statement(&sid)).await else { continue };
                use bankscope::resources::ProgressStatus as P;
                match row.identity {
                    P::Completed => {
                        let read = row.statement_json.as_deref().and_then(|j| serde_json::from_str(j).ok());
                        if let Some(statement) = read {
                            return Some(Ok(Box::new(statement)));
                        }
                    }
                    P::Failed => return Some(Err(crate::worker::refusal_of(row.message.as_deref().unwrap_or("")))),
                    P::Processing => {}
                }
            }
        }
    }
}

/// The session of a request: the organisation's (both headers) or, with the
/// v2 redirect token, the session the token was issued for.
async fn authorised_session(
    state: &AppState,
    headers: &HeaderMap,
    session_id: &str,
    token: Option<&str>,
) -> Result<SessionRow, ApiError> {
    let store = state.store.clone();
    let sid = session_id.to_string();
    let session = blocking(move || store.session(&sid)).await??;
    let by_token = token.is_some_and(|t| state.verify(&["session", session_id], t));
    // A v1 redirect URL carries the session id only (interface 4.1): for a v1
    // session its id (a random UUID) is the page's credential.
    let keyed = header(headers, "x-api-key").is_some() || header(headers, "server-hash").is_some();
    let v1_by_id = token.is_none() && !keyed && session.as_ref().is_some_and(|s| s.version == 1);
    if by_token || v1_by_id {
        let session = session.ok_or_else(|| ApiError::detail(StatusCode::NOT_FOUND, "Session not found."))?;
        if session.expires_at.is_some_and(|t| t <= now()) {
            return Err(ApiError::coded(
                StatusCode::FORBIDDEN,
                "SESSION_EXPIRED",
                "The session has expired; its link no longer gives access.",
            ));
        }
        crate::state::session_rate_limit(state, &session.id, &session.org_id)?;
        return Ok(session);
    }
    let org = org_from_headers(state, headers).await?;
    match session {
        Some(s) if s.org_id == org.id => Ok(s),
        _ => Err(ApiError::detail(StatusCode::NOT_FOUND, "Session not found.")),
    }
}

/// Who an upload_session request is, when known before its body.
enum EarlyAuth {
    Org(Org),
    Session(SessionRow),
}

/// `?identity=true`, and optionally `session_id` and `token`, of upload_session.
#[derive(Debug, Deserialize)]
struct SessionUploadQuery {
    #[serde(default)]
    identity: Option<String>,
    #[serde(default)]
    session_id: Option<String>,
    #[serde(default)]
    token: Option<String>,
}

/// `POST /v1/statement/upload_session/`: session_id, file, pdf_password (and bank_name).
async fn upload_session(
    State(state): State<AppState>,
    Query(q): Query<SessionUploadQuery>,
    headers: HeaderMap,
    req: Request,
) -> Result<Response, ApiError> {
    // Credentials before the body: the API key headers, or session_id and token
    // in the query string, are checked first; otherwise the multipart fields
    // that come before the file must carry them (the hosted client sends them
    // first). A file that comes before any credential is read only under one of
    // a few pre-authentication permits, so unauthenticated bodies cannot pile up.
    let query_session = q.session_id.clone().filter(|s| !s.is_empty());
    let early = if header(&headers, "x-api-key").is_some() || header(&headers, "server-hash").is_some() {
        let org = org_from_headers(&state, &headers).await?;
        Some(EarlyAuth::Org(org))
    } else if let (Some(sid), Some(token)) = (query_session.as_deref(), q.token.as_deref()) {
        Some(EarlyAuth::Session(authorised_session(&state, &headers, sid, Some(token)).await?))
    } else {
        None
    };
    let form = if early.is_some() {
        read_form(&state, req).await?
    } else if crate::form::is_multipart(&req) {
        let st = state.clone();
        let h = headers.clone();
        let gate = move |fields: Form| async move {
            match (fields.text("session_id").filter(|s| !s.is_empty()), fields.text("token")) {
                (Some(sid), token) => {
                    authorised_session(&st, &h, &sid, token.as_deref()).await.map(|s| (Some(s), None))
                }
                _ => {
                    let permit = st.preauth.clone().acquire_owned().await.map_err(ApiError::internal)?;
                    Ok((None, Some(permit)))
                }
            }
        };
        match Form::read_gated(req, state.max_body_bytes, gate).await {
            Ok((form, _kept)) => form,
            Err(crate::form::Gated::Gate(e)) => return Err(e),
            Err(crate::form::Gated::Form(e)) => return Err(form_error(e)),
        }
    } else {
        Form::read(req, SESSION_BODY_LIMIT).await.map_err(form_error)?
    };
    let Some(session_id) = form.text("session_id").or(query_session).filter(|s| !s.is_empty()) else {
        return Err(bad("MISSING_SESSION_ID", "session_id is required"));
    };
    let token = form.text("token").or(q.token.clone());
    let session = match early {
        Some(EarlyAuth::Session(s)) if s.id == session_id => s,
        Some(EarlyAuth::Org(org)) => {
            let store = state.store.clone();
            let sid = session_id.clone();
            match blocking(move || store.session(&sid)).await?? {
                Some(s) if s.org_id == org.id => s,
                _ => return Err(ApiError::detail(StatusCode::NOT_FOUND, "Session not found.")),
            }
        }
        _ => authorised_session(&state, &headers, &session_id, token.as_deref()).await?,
    };
    if session.expires_at.is_some_and(|t| t <= now()) {
        return Err(bad("SESSION_EXPIRED", "The session has expired; create a new one."));
    }
    if session.submitted {
        return Err(bad("SESSION_SUBMITTED", "Processing was initiated for this session; it takes no more uploads."));
    }
    let file = pdf_file(&form)?;
    let bank = declared_bank(&form, false)?.or_else(|| session.params["bank_name"].as_str().map(str::to_string));
    let statement = NewStatement {
        id: uuid::Uuid::new_v4().to_string(),
        entity_id: session.id.clone(),
        session_id: Some(session.id.clone()),
        file,
        password: form.text("pdf_password").filter(|s| !s.is_empty()),
        declared_bank: bank,
    };
    let identity = UploadQuery { identity: q.identity.clone() }.identity();
    accept_upload(&state, statement, Some(session.link_id), identity).await
}

/// `?token=` of the session-data endpoints.
#[derive(Debug, Deserialize)]
struct TokenQuery {
    #[serde(default)]
    token: Option<String>,
    #[serde(default)]
    statement_id: Option<String>,
}

fn overall(r: &crate::store::StatementRow) -> &'static str {
    use bankscope::resources::ProgressStatus as P;
    let all = [r.identity, r.transactions, r.analyses];
    if all.contains(&P::Failed) {
        "failed"
    } else if all.iter().all(|s| *s == P::Completed) {
        "completed"
    } else {
        "processing"
    }
}

fn status_text(s: bankscope::resources::ProgressStatus) -> &'static str {
    use bankscope::resources::ProgressStatus as P;
    match s {
        P::Processing => "processing",
        P::Completed => "completed",
        P::Failed => "failed",
    }
}

async fn session_upload_status(
    State(state): State<AppState>,
    Path(session_id): Path<String>,
    Query(q): Query<TokenQuery>,
    headers: HeaderMap,
) -> Result<Json<serde_json::Value>, ApiError> {
    let session = authorised_session(&state, &headers, &session_id, q.token.as_deref()).await?;
    let store = state.store.clone();
    let sid = session.id.clone();
    let rows = blocking(move || store.session_statements(&sid)).await??;
    let statements: Vec<_> = rows
        .iter()
        .map(|r| {
            let bank = r
                .statement_json
                .as_deref()
                .and_then(|j| serde_json::from_str::<serde_json::Value>(j).ok())
                .and_then(|v| v["bank"].as_str().map(str::to_string))
                .or_else(|| r.declared_bank.clone());
            json!({
                "statement_id": r.id,
                "bank_name": bank,
                "status": overall(r),
                "identity_status": status_text(r.identity),
                "transaction_status": status_text(r.transactions),
                "analyses_status": status_text(r.analyses),
                "message": r.message,
            })
        })
        .collect();
    Ok(Json(json!({
        "session_id": session.id,
        "entity_id": session.id,
        "link_id": session.link_id,
        "processing_initiated": session.submitted,
        "statements": statements,
    })))
}

async fn initiate_processing(
    State(state): State<AppState>,
    Path(session_id): Path<String>,
    Query(q): Query<TokenQuery>,
    headers: HeaderMap,
) -> Result<Json<serde_json::Value>, ApiError> {
    let session = authorised_session(&state, &headers, &session_id, q.token.as_deref()).await?;
    let store = state.store.clone();
    let sid = session.id.clone();
    let rows = blocking(move || -> Result<_, StoreError> {
        let rows = store.session_statements(&sid)?;
        if !rows.is_empty() {
            store.submit_session(&sid)?;
        }
        Ok(rows)
    })
    .await??;
    if rows.is_empty() {
        return Err(bad("NO_STATEMENTS", "Upload a statement to the session before initiating processing."));
    }
    let status = if rows.iter().all(|r| overall(r) == "completed") { "completed" } else { "processing" };
    Ok(Json(json!({"session_id": session.id, "entity_id": session.id, "status": status, "statements": rows.len()})))
}

async fn delete_statement(
    State(state): State<AppState>,
    Path(session_id): Path<String>,
    Query(q): Query<TokenQuery>,
    headers: HeaderMap,
) -> Result<Json<serde_json::Value>, ApiError> {
    let session = authorised_session(&state, &headers, &session_id, q.token.as_deref()).await?;
    if session.submitted {
        return Err(bad(
            "SESSION_SUBMITTED",
            "Processing was initiated for this session; its statements cannot be deleted.",
        ));
    }
    let Some(statement_id) = q.statement_id.filter(|s| !s.is_empty()) else {
        return Err(bad("MISSING_STATEMENT_ID", "statement_id is required"));
    };
    let store = state.store.clone();
    let sid = session.id.clone();
    let stid = statement_id.clone();
    let deleted = blocking(move || -> Result<bool, StoreError> {
        match store.statement(&stid)? {
            Some(row) if row.entity_id == sid => store.delete_statement(&stid),
            _ => Ok(false),
        }
    })
    .await??;
    if !deleted {
        return Err(ApiError::detail(StatusCode::NOT_FOUND, "Statement not found."));
    }
    Ok(Json(json!({"session_id": session.id, "statement_id": statement_id, "deleted": true})))
}
