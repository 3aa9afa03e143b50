//! The 12 read endpoints (interface 4) and the signed xlsx downloads.
//!
//! Every entity carries a version in the store, raised in the same transaction
//! as any change to its statements (an upload, a stage finishing or failing, a
//! statement deleted or refused). A read asks the store for that version only
//! (one small query) and answers from [`ReadCache`], where the responses of
//! each entity version are built once: the core `Entity` is rebuilt from the
//! stored statements, its typed responses get the statements' real stage
//! statuses as `progress` and are serialised, and the bytes are kept. A read of
//! an unchanged entity parses no JSON and touches no statement row; a newer
//! version (on this process or another replica sharing the database) builds
//! afresh; deleting the entity drops its responses.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use axum::body::Bytes;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bankscope::account::EntityAnalysis;
use bankscope::resources::{Progress, ProgressStatus, ReportLink, Resource, XlsxReportResponse};
use bankscope::{Entity, Error, Metadata};
use serde::{Deserialize, Serialize};

use crate::state::{ApiError, AppState, blocking, org_from_headers};
use crate::store::{StatementRow, now};

/// Largest total size of cached read responses; past it whole entities are
/// dropped (least recently built first).
const CACHE_BYTES: usize = 128 << 20;

/// An error answer kept with the responses (a resource the core refuses).
type Refusal = (StatusCode, String);

/// The responses of one entity version.
#[derive(Debug)]
pub struct EntityReads {
    version: i64,
    /// By resource, for the whole entity (`xlsx_report` excluded).
    whole: HashMap<Resource, Result<Bytes, Refusal>>,
    /// The progress array of each resource.
    progress: HashMap<Resource, Vec<Progress>>,
    /// By resource and `account_id`, made on first demand.
    by_account: Mutex<HashMap<(Resource, String), Bytes>>,
    /// The statements whose analyses completed: the entity of the
    /// account-filtered analyses and of the workbooks.
    analysed: Arc<Entity>,
    /// The statements whose transactions completed.
    enriched: Arc<Entity>,
    /// `xlsx_report` without its links: progress and account ids (none while
    /// a statement is processing).
    xlsx_progress: Vec<Progress>,
    xlsx_accounts: Vec<String>,
    bytes: usize,
}

/// Read responses by entity, each set tagged with the entity version it was
/// built from; see the module documentation.
#[derive(Debug, Default)]
pub struct ReadCache {
    inner: Mutex<CacheInner>,
    /// Serialises the building of one entity's responses (concurrent readers
    /// of a new version wait for one build instead of each making their own).
    building: Mutex<HashMap<String, Arc<Mutex<()>>>>,
    builds: AtomicU64,
    hits: AtomicU64,
}

#[derive(Debug, Default)]
struct CacheInner {
    by_entity: HashMap<String, (u64, Arc<EntityReads>)>,
    bytes: usize,
    tick: u64,
}

impl ReadCache {
    /// The responses of `entity_id` at `version`, when built.
    fn get(&self, entity_id: &str, version: i64) -> Option<Arc<EntityReads>> {
        let inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        let found = inner.by_entity.get(entity_id).filter(|(_, r)| r.version == version).map(|(_, r)| r.clone());
        if found.is_some() {
            self.hits.fetch_add(1, Ordering::Relaxed);
        }
        found
    }

    /// Keeps `reads` unless a newer version is already held.
    fn put(&self, entity_id: &str, reads: Arc<EntityReads>) {
        let mut inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        if inner.by_entity.get(entity_id).is_some_and(|(_, r)| r.version > reads.version) {
            return;
        }
        inner.tick += 1;
        let tick = inner.tick;
        inner.bytes += reads.bytes;
        if let Some((_, old)) = inner.by_entity.insert(entity_id.to_string(), (tick, reads)) {
            inner.bytes -= old.bytes;
        }
        while inner.bytes > CACHE_BYTES && inner.by_entity.len() > 1 {
            let Some(oldest) = inner.by_entity.iter().min_by_key(|(_, (t, _))| *t).map(|(k, _)| k.clone()) else {
                break;
            };
            if let Some((_, gone)) = inner.by_entity.remove(&oldest) {
                inner.bytes -= gone.bytes;
            }
        }
    }

    /// Drops an entity's responses (the entity was deleted).
    pub fn forget(&self, entity_id: &str) {
        let mut inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((_, gone)) = inner.by_entity.remove(entity_id) {
            inner.bytes -= gone.bytes;
        }
    }

    fn gate(&self, entity_id: &str) -> Arc<Mutex<()>> {
        let mut building = self.building.lock().unwrap_or_else(|p| p.into_inner());
        building.retain(|_, g| Arc::strong_count(g) > 1);
        building.entry(entity_id.to_string()).or_default().clone()
    }

    /// Entities whose responses are held.
    pub fn len(&self) -> usize {
        self.inner.lock().map(|i| i.by_entity.len()).unwrap_or_default()
    }

    /// Whether nothing is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Entity versions whose responses were built (this process).
    pub fn builds(&self) -> u64 {
        self.builds.load(Ordering::Relaxed)
    }

    /// Reads answered from built responses (this process).
    pub fn hits(&self) -> u64 {
        self.hits.load(Ordering::Relaxed)
    }
}

/// How long an xlsx link stays valid (interface 8).
pub const LINK_LIFETIME_SECS: i64 = 3600;

/// `?account_id=`.
#[derive(Debug, Deserialize)]
pub struct ReadQuery {
    #[serde(default)]
    account_id: Option<String>,
}

/// Which stage a resource's values come from.
fn stage_status(resource: Resource, row: &StatementRow) -> ProgressStatus {
    match resource {
        Resource::Accounts | Resource::Identity => row.identity,
        Resource::Transactions | Resource::LenderTransactions => row.transactions,
        _ => row.analyses,
    }
}

#[derive(Deserialize)]
struct StatementHead {
    #[serde(default)]
    source: bankscope::model::Source,
    #[serde(default)]
    reading: bankscope::model::ReadingReport,
}

/// The source of a stored statement and its progress message once read
/// (the reading report's line, as the core gives it).
fn head_of(row: &StatementRow) -> (bankscope::model::Source, Option<String>) {
    let head = row.statement_json.as_deref().and_then(|j| serde_json::from_str::<StatementHead>(j).ok());
    match head {
        Some(h) => (h.source, h.reading.progress_message()),
        None => (bankscope::model::Source::default(), None),
    }
}

/// The progress array of `resource`: one object per stored statement.
pub fn progress(resource: Resource, rows: &[StatementRow]) -> Vec<Progress> {
    let heads: Vec<_> = rows.iter().map(head_of).collect();
    progress_with(resource, rows, &heads)
}

fn progress_with(
    resource: Resource,
    rows: &[StatementRow],
    heads: &[(bankscope::model::Source, Option<String>)],
) -> Vec<Progress> {
    rows.iter()
        .zip(heads)
        .map(|(r, (source, read))| {
            let stage = stage_status(resource, r);
            let message = match stage {
                ProgressStatus::Failed => r.message.clone(),
                ProgressStatus::Completed => read.clone(),
                _ => None,
            };
            let status = Some(stage);
            if resource == Resource::Identity {
                Progress::identity(r.id.clone(), *source, status, message, r.transactions)
            } else {
                Progress::new(r.id.clone(), *source, status, message)
            }
        })
        .collect()
}

/// The entity of `rows` with the statements whose `resource` stage completed.
pub fn entity(
    entity_id: &str,
    metadata: Metadata,
    rows: &[StatementRow],
    resource: Resource,
) -> Result<Entity, ApiError> {
    let mut e = Entity::new(None, metadata);
    e.id = entity_id.parse().map_err(ApiError::internal)?;
    for r in rows.iter().filter(|r| stage_status(resource, r) == ProgressStatus::Completed) {
        if let Some(json) = &r.statement_json {
            e.statements.push(serde_json::from_str(json).map_err(ApiError::internal)?);
        }
    }
    Ok(e)
}

/// One response shaped from the entity's analysis (which carries the
/// host's `progress`), serialised once. While a statement is processing,
/// `predictors` and `score` are withheld (empty), as the interface's
/// descriptions say.
fn typed(
    a: &EntityAnalysis<'_>,
    resource: Resource,
    account_id: Option<&str>,
    processing: bool,
) -> bankscope::Result<Vec<u8>> {
    fn json<T: Serialize>(value: &T) -> bankscope::Result<Vec<u8>> {
        serde_json::to_vec(value).map_err(|e| Error::malformed(format!("serialising a response: {e}")))
    }
    match resource {
        Resource::Accounts => json(&a.accounts_response()),
        Resource::Identity => json(&a.identity_response()),
        Resource::Transactions => json(&a.transactions_response(account_id)?),
        Resource::Salary => json(&a.salary_response(account_id)?),
        Resource::RecurringTransactions => json(&a.recurring_transactions_response(account_id)?),
        Resource::LenderTransactions => json(&a.lender_transactions_response(account_id)?),
        Resource::ExpenseCategories => json(&a.expense_categories_response(account_id)?),
        Resource::TopCreditsDebits => json(&a.top_credits_debits_response()),
        Resource::MonthlyAnalysis => json(&a.monthly_analysis_response()),
        Resource::Predictors => {
            let mut r = a.predictors_response();
            if processing {
                r.predictors.clear();
            }
            json(&r)
        }
        Resource::Score => {
            let mut r = a.score_response();
            if processing {
                r.score.clear();
            }
            json(&r)
        }
        Resource::XlsxReport => Err(Error::invalid_argument("resource", "xlsx_report is answered with links")),
    }
}

/// The answer of a core refusal.
fn refusal(suffix: &str, err: Error) -> Result<Refusal, ApiError> {
    match err {
        Error::InvalidArgument { name, reason } if name == "resource" => {
            Ok((StatusCode::NOT_IMPLEMENTED, format!("{suffix}: {reason}")))
        }
        Error::InvalidArgument { reason, .. } => Ok((StatusCode::BAD_REQUEST, reason)),
        other => Err(ApiError::internal(other)),
    }
}

impl EntityReads {
    /// Builds every whole-entity response of `entity_id` from its stored rows.
    fn build(entity_id: &str, version: i64, metadata: Metadata, rows: &[StatementRow]) -> Result<Self, ApiError> {
        let heads: Vec<_> = rows.iter().map(head_of).collect();
        let processing = rows.iter().any(|r| r.analyses == ProgressStatus::Processing);
        // Three entities at most: the statements past identity, past
        // transactions, analysed. Each resource reads one of them by index.
        let mut entities: Vec<(Vec<&str>, Arc<Entity>)> = Vec::new();
        let mut entity_of = |resource: Resource| -> Result<usize, ApiError> {
            let ids: Vec<&str> = rows
                .iter()
                .filter(|r| stage_status(resource, r) == ProgressStatus::Completed)
                .map(|r| r.id.as_str())
                .collect();
            if let Some(i) = entities.iter().position(|(i, _)| *i == ids) {
                return Ok(i);
            }
            entities.push((ids, Arc::new(entity(entity_id, metadata.clone(), rows, resource)?)));
            Ok(entities.len() - 1)
        };
        let resources: Vec<Resource> = Resource::ALL.iter().copied().filter(|r| *r != Resource::XlsxReport).collect();
        let mut which = Vec::with_capacity(resources.len());
        for &resource in &resources {
            which.push(entity_of(resource)?);
        }
        let analysed = entity_of(Resource::XlsxReport)?;
        let enriched = entity_of(Resource::Transactions)?;
        let progress: HashMap<Resource, Vec<Progress>> =
            resources.iter().map(|&r| (r, progress_with(r, rows, &heads))).collect();
        // Each entity analysed once; every response shaped from its analysis.
        let analyses: Vec<EntityAnalysis<'_>> =
            entities.iter().map(|(_, e)| e.analysis().with_progress(progress.clone())).collect();
        let mut whole = HashMap::new();
        let mut bytes = rows.iter().map(|r| r.statement_json.as_ref().map_or(0, String::len) * 2).sum::<usize>();
        for (&resource, &i) in resources.iter().zip(&which) {
            let answer = match typed(&analyses[i], resource, None, processing) {
                Ok(text) => {
                    bytes += text.len();
                    Ok(Bytes::from(text))
                }
                Err(err) => Err(refusal(resource.path_suffix(), err)?),
            };
            whole.insert(resource, answer);
        }
        let xlsx_accounts = if processing {
            Vec::new()
        } else {
            analyses[analysed].accounts.iter().map(|a| a.id().to_string()).collect()
        };
        drop(analyses);
        let (analysed, enriched) = (entities[analysed].1.clone(), entities[enriched].1.clone());
        Ok(EntityReads {
            version,
            whole,
            progress,
            by_account: Mutex::default(),
            xlsx_progress: progress_with(Resource::XlsxReport, rows, &heads),
            xlsx_accounts,
            analysed,
            enriched,
            bytes,
        })
    }

    fn processing(&self) -> bool {
        self.xlsx_progress.iter().any(|p| p.status == Some(ProgressStatus::Processing))
    }

    /// The response of `resource` for one account, made once.
    fn for_account(&self, resource: Resource, account_id: &str) -> Result<Bytes, ApiError> {
        let key = (resource, account_id.to_string());
        if let Some(b) = self.by_account.lock().unwrap_or_else(|p| p.into_inner()).get(&key) {
            return Ok(b.clone());
        }
        let e = match resource {
            Resource::Transactions | Resource::LenderTransactions => &self.enriched,
            _ => &self.analysed,
        };
        let analysis = e.analysis().with_progress(self.progress.clone());
        let text = typed(&analysis, resource, Some(account_id), self.processing()).map_err(|err| {
            match refusal(resource.path_suffix(), err) {
                Ok((status, message)) => ApiError::detail(status, message),
                Err(e) => e,
            }
        })?;
        let text = Bytes::from(text);
        let mut map = self.by_account.lock().unwrap_or_else(|p| p.into_inner());
        // A caller naming many accounts cannot grow this without bound.
        if map.len() < 256 {
            map.insert(key, text.clone());
        }
        Ok(text)
    }
}

fn json_response(text: Bytes) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], text).into_response()
}

/// The signed download address of one account's workbook.
pub fn report_link(public_url: &str, secret: &[u8], entity_id: &str, account_id: &str, expires: i64) -> String {
    let sig = crate::crypto::sign(secret, &["xlsx", entity_id, account_id, &expires.to_string()]);
    format!("{public_url}/v1/report/{entity_id}/{account_id}/?expires={expires}&sig={sig}")
}

/// The built responses of an entity of `org_id` at its current version, or 404.
fn reads_of(st: &crate::state::Shared, org_id: &str, entity_id: &str) -> Result<Arc<EntityReads>, ApiError> {
    let not_found = || ApiError::detail(StatusCode::NOT_FOUND, "Entity not found.");
    let version = st.store.entity_version(org_id, entity_id)?.ok_or_else(not_found)?;
    if let Some(reads) = st.read_cache.get(entity_id, version) {
        return Ok(reads);
    }
    let gate = st.read_cache.gate(entity_id);
    let _building = gate.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(reads) = st.read_cache.get(entity_id, version) {
        return Ok(reads);
    }
    let row = st.store.entity(org_id, entity_id)?.ok_or_else(not_found)?;
    let rows = st.store.statements(entity_id)?;
    let metadata = crate::session::stored_metadata(entity_id, row.metadata);
    let reads = Arc::new(EntityReads::build(entity_id, version, metadata, &rows)?);
    st.read_cache.builds.fetch_add(1, Ordering::Relaxed);
    st.read_cache.put(entity_id, reads.clone());
    Ok(reads)
}

/// `GET /v1/entity/<entity_id>/<suffix>/[?account_id=]`.
pub async fn read(
    State(state): State<AppState>,
    Path((entity_id, suffix)): Path<(String, String)>,
    Query(q): Query<ReadQuery>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let org = org_from_headers(&state, &headers).await?;
    let Some(resource) = Resource::from_name(&suffix) else {
        return Err(ApiError::detail(StatusCode::NOT_FOUND, "Not found."));
    };
    let account_id = q.account_id.filter(|s| !s.is_empty());
    if account_id.is_some() && !resource.filters_by_account() {
        return Err(ApiError::detail(StatusCode::BAD_REQUEST, format!("{suffix} does not take account_id.")));
    }
    let st = state.clone();
    let text = blocking(move || -> Result<Bytes, ApiError> {
        let reads = reads_of(&st, &org.id, &entity_id)?;
        if resource == Resource::XlsxReport {
            let expires = now() + LINK_LIFETIME_SECS;
            let reports = reads
                .xlsx_accounts
                .iter()
                .map(|a| ReportLink {
                    link: report_link(&st.public_url, &st.secret, &entity_id, a, expires),
                    account_id: a.clone(),
                })
                .collect();
            let body =
                XlsxReportResponse { entity_id: entity_id.clone(), progress: reads.xlsx_progress.clone(), reports };
            return serde_json::to_vec(&body).map(Bytes::from).map_err(ApiError::internal);
        }
        if let Some(account_id) = &account_id {
            return reads.for_account(resource, account_id);
        }
        match reads.whole.get(&resource) {
            Some(Ok(text)) => Ok(text.clone()),
            Some(Err((status, message))) => Err(ApiError::detail(*status, message.clone())),
            None => Err(ApiError::detail(StatusCode::NOT_FOUND, "Not found.")),
        }
    })
    .await??;
    Ok(json_response(text))
}

/// `?expires=&sig=` of a report link.
#[derive(Debug, Deserialize)]
pub struct LinkQuery {
    #[serde(default)]
    expires: Option<i64>,
    #[serde(default)]
    sig: Option<String>,
}

/// `GET /v1/report/<entity_id>/<account_id>/?expires=&sig=`: the workbook, while the link lives.
pub async fn download(
    State(state): State<AppState>,
    Path((entity_id, account_id)): Path<(String, String)>,
    Query(q): Query<LinkQuery>,
) -> Result<Response, ApiError> {
    let (Some(expires), Some(sig)) = (q.expires, q.sig) else {
        return Err(ApiError::detail(StatusCode::FORBIDDEN, "Invalid report link."));
    };
    if !state.verify(&["xlsx", &entity_id, &account_id, &expires.to_string()], &sig) {
        return Err(ApiError::detail(StatusCode::FORBIDDEN, "Invalid report link."));
    }
    // Links are made to live LINK_LIFETIME_SECS: one that claims longer was not made here.
    if expires > now() + LINK_LIFETIME_SECS + 60 {
        return Err(ApiError::detail(StatusCode::FORBIDDEN, "Invalid report link."));
    }
    if expires <= now() {
        return Err(ApiError::detail(
            StatusCode::FORBIDDEN,
            "This report link has expired; call xlsx_report again for a new link.",
        ));
    }
    let store = state.store.clone();
    let (eid, aid) = (entity_id.clone(), account_id.clone());
    let bytes = blocking(move || -> Result<Vec<u8>, ApiError> {
        let metadata =
            store.entity_metadata(&eid)?.map(|v| crate::session::stored_metadata(&eid, v)).unwrap_or_default();
        let rows = store.statements(&eid)?;
        let e = entity(&eid, metadata, &rows, Resource::XlsxReport)?;
        e.xlsx_report(Some(&aid)).map_err(|err| match err {
            Error::InvalidArgument { reason, .. } => ApiError::detail(StatusCode::NOT_FOUND, reason),
            other => ApiError::internal(other),
        })
    })
    .await??;
    let disposition = format!("attachment; filename=\"report-{account_id}.xlsx\"");
    Ok((
        [
            (header::CONTENT_TYPE, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        bytes,
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str, json: Option<&str>, analyses: ProgressStatus) -> StatementRow {
        StatementRow {
            id: id.into(),
            entity_id: "e1".into(),
            declared_bank: None,
            identity: ProgressStatus::Completed,
            transactions: ProgressStatus::Completed,
            analyses,
            message: None,
            statement_json: json.map(str::to_string),
            created_at: 0,
        }
    }

    const ENTITY: &str = "6f1c2a3e-0b4d-4c5e-8f60-718293a4b5c6";

    fn reads(version: i64, analyses: ProgressStatus) -> Arc<EntityReads> {
        let rows = [row("s1", None, analyses)];
        Arc::new(EntityReads::build(ENTITY, version, Metadata::default(), &rows).unwrap_or_else(|_| panic!("build")))
    }

    #[test]
    fn built_responses_carry_the_stage_progress_and_withhold_while_processing() {
        let r = reads(1, ProgressStatus::Processing);
        let Some(Ok(score)) = r.whole.get(&Resource::Score) else { panic!("score") };
        let v: serde_json::Value = serde_json::from_slice(score).unwrap_or_default();
        assert_eq!(v["progress"][0]["status"], "processing");
        assert_eq!(v["score"], serde_json::json!([]));
        let Some(Ok(accounts)) = r.whole.get(&Resource::Accounts) else { panic!("accounts") };
        let v: serde_json::Value = serde_json::from_slice(accounts).unwrap_or_default();
        assert_eq!((v["entity_id"].as_str(), v["progress"][0]["status"].as_str()), (Some(ENTITY), Some("completed")));
        assert!(r.xlsx_accounts.is_empty() && r.processing());
    }

    #[test]
    fn cache_answers_only_the_current_version_and_never_goes_back() {
        let c = ReadCache::default();
        c.put(ENTITY, reads(2, ProgressStatus::Completed));
        assert!(c.get(ENTITY, 2).is_some());
        assert!(c.get(ENTITY, 3).is_none());
        // An older build finishing late does not replace a newer one.
        c.put(ENTITY, reads(1, ProgressStatus::Completed));
        assert!(c.get(ENTITY, 2).is_some());
        assert_eq!(c.hits(), 2);
        c.forget(ENTITY);
        assert!(c.is_empty());
        assert_eq!(c.inner.lock().map(|i| i.bytes).unwrap_or(1), 0);
    }

    #[test]
    fn links_verify_only_unchanged() {
        let link = report_link("https://h", b"k", "e1", "a1", 100);
        let sig = link.rsplit("sig=").next().unwrap_or_default();
        assert!(crate::crypto::verify(b"k", &["xlsx", "e1", "a1", "100"], sig));
        assert!(!crate::crypto::verify(b"k", &["xlsx", "e1", "a1", "101"], sig));
    }
}
