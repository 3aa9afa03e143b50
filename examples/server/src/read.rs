//! The 12 read endpoints (interface 4) and the signed xlsx downloads.
//!
//! A read rebuilds the core `Entity` from the stored statements (read once, at
//! upload, and stored as JSON), asks the core for the response, and replaces
//! its `progress` with the statements' real stage statuses. The response text
//! from the core is kept byte for byte apart from `progress` (amounts keep
//! their two decimals). Responses are cached while their inputs are unchanged
//! ([`ReadCache`]).

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Mutex;

use axum::body::Bytes;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bankscope::resources::{Progress, ProgressStatus, ReportLink, Resource, XlsxReportResponse};
use bankscope::{Entity, Error, Metadata};
use serde::Deserialize;
use serde::de::{Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;

use crate::state::{ApiError, AppState, blocking, org_from_headers};
use crate::store::{StatementRow, now};

/// Largest total size of cached read responses; past it the cache starts over.
const CACHE_BYTES: usize = 64 << 20;

/// Read responses already made, by entity, resource and account filter, each
/// with the fingerprint of the stored inputs it was made from (the entity's
/// metadata and every statement row: id, stage statuses, message and
/// statement JSON). A read whose inputs hash the same is answered from here
/// instead of rebuilding the `Entity` and its analyses; any change to the
/// entity's statements changes the fingerprint, so a stale answer is never
/// served. `xlsx_report` is not cached (its links carry an expiry).
#[derive(Debug, Default)]
pub struct ReadCache {
    inner: Mutex<CacheInner>,
}

type CacheKey = (String, Resource, Option<String>);

#[derive(Debug, Default)]
struct CacheInner {
    by_key: HashMap<CacheKey, (u64, Bytes)>,
    bytes: usize,
}

impl ReadCache {
    fn get(&self, key: &CacheKey, fingerprint: u64) -> Option<Bytes> {
        let inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        inner.by_key.get(key).filter(|(f, _)| *f == fingerprint).map(|(_, t)| t.clone())
    }

    fn put(&self, key: CacheKey, fingerprint: u64, text: Bytes) {
        if text.len() > CACHE_BYTES / 4 {
            return;
        }
        let mut inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        if inner.bytes + text.len() > CACHE_BYTES {
            inner.by_key.clear();
            inner.bytes = 0;
        }
        inner.bytes += text.len();
        if let Some((_, old)) = inner.by_key.insert(key, (fingerprint, text)) {
            inner.bytes -= old.len();
        }
    }

    /// Responses held (tests).
    pub fn len(&self) -> usize {
        self.inner.lock().map(|i| i.by_key.len()).unwrap_or_default()
    }

    /// Whether nothing is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A hash of everything a read response is made from.
fn fingerprint(metadata: &serde_json::Value, rows: &[StatementRow]) -> u64 {
    let mut h = std::hash::DefaultHasher::new();
    metadata.to_string().hash(&mut h);
    for r in rows {
        (&r.id, r.identity, r.transactions, r.analyses, &r.message, &r.statement_json).hash(&mut h);
    }
    h.finish()
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

/// The source of a stored statement and its progress message once read
/// (the reading report's line, as the core gives it).
fn head_of(row: &StatementRow) -> (bankscope::model::Source, Option<String>) {
    let head = row.statement_json.as_deref().and_then(|j| serde_json::from_str::<StatementHead>(j).ok());
    match head {
        Some(h) => (h.source, h.reading.progress_message()),
        None => (bankscope::model::Source::default(), None),
    }
}

#[derive(Deserialize)]
struct StatementHead {
    #[serde(default)]
    source: bankscope::model::Source,
    #[serde(default)]
    reading: bankscope::model::ReadingReport,
}

/// The progress array of `resource`: one object per stored statement.
pub fn progress(resource: Resource, rows: &[StatementRow]) -> Vec<Progress> {
    rows.iter()
        .map(|r| {
            let stage = stage_status(resource, r);
            let (source, read) = head_of(r);
            let message = match stage {
                ProgressStatus::Failed => r.message.clone(),
                ProgressStatus::Completed => read,
                _ => None,
            };
            let status = Some(stage);
            if resource == Resource::Identity {
                Progress::identity(r.id.clone(), source, status, message, r.transactions)
            } else {
                Progress::new(r.id.clone(), source, status, message)
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

/// A JSON object with its members' text kept as sent, in order.
struct RawObject(Vec<(String, Box<RawValue>)>);

impl<'de> Deserialize<'de> for RawObject {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawObject;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawObject, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, Box<RawValue>>()? {
                    out.push((k, v));
                }
                Ok(RawObject(out))
            }
        }
        d.deserialize_map(V)
    }
}

/// `text` with `progress` replaced and, while a statement processes, the
/// withheld list emptied (`predictors`, `score`).
fn restamp(text: &str, progress: &[Progress], empty: Option<&str>) -> Result<String, ApiError> {
    let RawObject(members) = serde_json::from_str(text).map_err(ApiError::internal)?;
    let progress = serde_json::to_string(progress).map_err(ApiError::internal)?;
    let mut out = String::with_capacity(text.len() + progress.len());
    out.push('{');
    for (i, (k, v)) in members.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&serde_json::to_string(k).map_err(ApiError::internal)?);
        out.push(':');
        if k == "progress" {
            out.push_str(&progress);
        } else if Some(k.as_str()) == empty {
            out.push_str("[]");
        } else {
            out.push_str(v.get());
        }
    }
    out.push('}');
    Ok(out)
}

fn json_response(text: Bytes) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], text).into_response()
}

/// The signed download address of one account's workbook.
pub fn report_link(public_url: &str, secret: &[u8], entity_id: &str, account_id: &str, expires: i64) -> String {
    let sig = crate::crypto::sign(secret, &["xlsx", entity_id, account_id, &expires.to_string()]);
    format!("{public_url}/v1/report/{entity_id}/{account_id}/?expires={expires}&sig={sig}")
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
        let Some(row) = st.store.entity(&org.id, &entity_id)? else {
            return Err(ApiError::detail(StatusCode::NOT_FOUND, "Entity not found."));
        };
        let rows = st.store.statements(&entity_id)?;
        let cache_key = (entity_id.clone(), resource, account_id.clone());
        let print = fingerprint(&row.metadata, &rows);
        if resource != Resource::XlsxReport
            && let Some(text) = st.read_cache.get(&cache_key, print)
        {
            return Ok(text);
        }
        let metadata: Metadata = serde_json::from_value(row.metadata).unwrap_or_default();
        let e = entity(&entity_id, metadata, &rows, resource)?;
        let progress = progress(resource, &rows);
        let processing = rows.iter().any(|r| r.analyses == ProgressStatus::Processing);
        if resource == Resource::XlsxReport {
            let expires = now() + LINK_LIFETIME_SECS;
            let reports = if processing {
                Vec::new()
            } else {
                e.accounts()
                    .iter()
                    .map(|a| ReportLink {
                        link: report_link(&st.public_url, &st.secret, &entity_id, &a.info.account_id, expires),
                        account_id: a.info.account_id.clone(),
                    })
                    .collect()
            };
            let body = XlsxReportResponse { entity_id: entity_id.clone(), progress, reports };
            return serde_json::to_string(&body).map(Bytes::from).map_err(ApiError::internal);
        }
        let text = e.response_json(resource, account_id.as_deref()).map_err(|err| match err {
            Error::InvalidArgument { name, reason } if name == "resource" => {
                ApiError::detail(StatusCode::NOT_IMPLEMENTED, format!("{suffix}: {reason}"))
            }
            Error::InvalidArgument { reason, .. } => ApiError::detail(StatusCode::BAD_REQUEST, reason),
            other => ApiError::internal(other),
        })?;
        let withheld = match resource {
            Resource::Predictors if processing => Some("predictors"),
            Resource::Score if processing => Some("score"),
            _ => None,
        };
        let text: Bytes = restamp(&text, &progress, withheld)?.into();
        st.read_cache.put(cache_key, print, text.clone());
        Ok(text)
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
        let metadata = store.entity_metadata(&eid)?.and_then(|v| serde_json::from_value(v).ok()).unwrap_or_default();
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

    #[test]
    fn restamp_keeps_members_byte_for_byte() {
        let text = r#"{"entity_id":"e","progress":[],"transactions":[{"amount":65000.00}],"score":[{"s":"700"}]}"#;
        let p = vec![Progress::new("s1", bankscope::model::Source::Pdf, Some(ProgressStatus::Processing), None)];
        let out = restamp(text, &p, Some("score")).unwrap_or_default();
        assert_eq!(
            out,
            r#"{"entity_id":"e","progress":[{"status":"processing","statement_id":"s1","source":"pdf","message":null}],"transactions":[{"amount":65000.00}],"score":[]}"#
        );
    }

    fn row(json: &str, analyses: ProgressStatus) -> StatementRow {
        StatementRow {
            id: "s1".into(),
            entity_id: "e1".into(),
            declared_bank: None,
            identity: ProgressStatus::Completed,
            transactions: ProgressStatus::Completed,
            analyses,
            message: None,
            statement_json: Some(json.into()),
            created_at: 0,
        }
    }

    #[test]
    fn fingerprint_changes_with_any_input() {
        let meta = serde_json::json!({});
        let base = fingerprint(&meta, &[row("{\"a\":1}", ProgressStatus::Processing)]);
        assert_eq!(base, fingerprint(&meta, &[row("{\"a\":1}", ProgressStatus::Processing)]));
        // A stage finishing, the statement JSON being enriched, another statement, the metadata: each is a new print.
        assert_ne!(base, fingerprint(&meta, &[row("{\"a\":1}", ProgressStatus::Completed)]));
        assert_ne!(base, fingerprint(&meta, &[row("{\"a\":2}", ProgressStatus::Processing)]));
        let two = [row("{\"a\":1}", ProgressStatus::Processing), row("{}", ProgressStatus::Processing)];
        assert_ne!(base, fingerprint(&meta, &two));
        assert_ne!(
            base,
            fingerprint(&serde_json::json!({"k": ["v"]}), &[row("{\"a\":1}", ProgressStatus::Processing)])
        );
    }

    #[test]
    fn cache_answers_only_the_same_print_and_stays_bounded() {
        let c = ReadCache::default();
        let key = ("e1".to_string(), Resource::Accounts, None);
        c.put(key.clone(), 7, Bytes::from_static(b"{}"));
        assert_eq!(c.get(&key, 7), Some(Bytes::from_static(b"{}")));
        assert_eq!(c.get(&key, 8), None);
        // Replacing keeps one entry; a response larger than a quarter of the budget is not kept.
        c.put(key.clone(), 8, Bytes::from_static(b"[]"));
        assert_eq!((c.len(), c.get(&key, 7)), (1, None));
        c.put(("e2".to_string(), Resource::Accounts, None), 1, Bytes::from(vec![b' '; CACHE_BYTES / 4 + 1]));
        assert_eq!(c.len(), 1);
    }

    #[test]
    fn links_verify_only_unchanged() {
        let link = report_link("https://h", b"k", "e1", "a1", 100);
        let sig = link.rsplit("sig=").next().unwrap_or_default();
        assert!(crate::crypto::verify(b"k", &["xlsx", "e1", "a1", "100"], sig));
        assert!(!crate::crypto::verify(b"k", &["xlsx", "e1", "a1", "101"], sig));
    }
}
