//! Persistent state behind one trait: organisations, sessions, entities,
//! statements (the uploaded bytes are stored before any processing, so an
//! upload is never lost) and processing jobs (rows, so a restart resumes
//! unfinished work). [`SqliteStore`] is the embedded implementation.

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{Connection, OptionalExtension, params};

/// A storage failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused or failed.
    #[error("database: {0}")]
    Db(String),
    /// The same file was already uploaded to this entity.
    #[error("duplicate statement {existing}")]
    Duplicate {
        /// The statement that has the same bytes.
        existing: String,
    },
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError::Db(e.to_string())
    }
}

/// Result of a store call.
pub type StoreResult<T> = Result<T, StoreError>;

/// An organisation (tenant).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Org {
    /// Organisation id (UUID text).
    pub id: String,
    /// Name given at creation.
    pub name: String,
    /// SHA-256 of the server hash.
    pub server_hash_digest: Vec<u8>,
    /// Unix seconds after which the plan has expired; `None` never expires.
    pub plan_expires_at: Option<i64>,
    /// Modes enabled for the organisation (`pdf`, `aa`, `online`).
    pub modes: Vec<String>,
    /// Organisation layer of v2 consent generation: a JSON object keyed by consent code.
    pub consent_overrides: serde_json::Value,
}

/// An organisation as `org list` shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrgSummary {
    /// Organisation id (UUID text).
    pub id: String,
    /// Name given at creation.
    pub name: String,
    /// The first characters of the current API key (`bsk_` and 8 hex digits);
    /// `None` for a key made before prefixes were kept.
    pub key_prefix: Option<String>,
    /// Unix seconds after which the plan has expired.
    pub plan_expires_at: Option<i64>,
    /// Unix seconds of revocation.
    pub revoked_at: Option<i64>,
    /// Unix seconds of creation.
    pub created_at: i64,
}

impl OrgSummary {
    /// `active`, `expired` (plan ended) or `revoked`.
    pub fn state(&self, now: i64) -> &'static str {
        if self.revoked_at.is_some() {
            "revoked"
        } else if self.plan_expires_at.is_some_and(|t| t <= now) {
            "expired"
        } else {
            "active"
        }
    }
}

/// A session and what it was created with.
#[derive(Clone, Debug, PartialEq)]
pub struct SessionRow {
    /// Session id; also the id of the entity it owns.
    pub id: String,
    /// Owning organisation.
    pub org_id: String,
    /// 1 or 2.
    pub version: u8,
    /// Customer identifier.
    pub link_id: String,
    /// The validated, corrected parameters (JSON object).
    pub params: serde_json::Value,
    /// v2: the generated consents (JSON object keyed by consent code).
    pub consents: Option<serde_json::Value>,
    /// Unix seconds of creation.
    pub created_at: i64,
    /// Unix seconds after which uploads are refused.
    pub expires_at: Option<i64>,
    /// Whether `initiate_processing` was called.
    pub submitted: bool,
}

/// An entity (one customer's statements).
#[derive(Clone, Debug, PartialEq)]
pub struct EntityRow {
    /// Entity id.
    pub id: String,
    /// Owning organisation.
    pub org_id: String,
    /// Customer identifier.
    pub link_id: Option<String>,
    /// `bankscope::Metadata` as JSON.
    pub metadata: serde_json::Value,
}

/// Opens the store the configuration names: PostgreSQL when `database_url` is
/// set, else SQLite in `data_dir`. Blocking (run it off the async runtime).
pub fn open(config: &crate::Config) -> StoreResult<std::sync::Arc<dyn Store>> {
    Ok(match config.database_url.as_deref().filter(|u| !u.trim().is_empty()) {
        Some(url) => std::sync::Arc::new(
            crate::pg::PgStore::open(url)?.with_job_lease(config.job_lease).with_org_job_quota(config.org_job_quota),
        ),
        None => std::sync::Arc::new(SqliteStore::open(&config.data_dir)?.with_org_job_quota(config.org_job_quota)),
    })
}

/// Processing stages, in the order they run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Read the PDF: identity, transactions as printed, forensic digest (metadata fraud).
    Identity,
    /// Enrich the transactions (channel, description, category).
    Transactions,
    /// Compute the analyses over the entity.
    Analyses,
}

impl Stage {
    /// Column and job name.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Identity => "identity",
            Stage::Transactions => "transactions",
            Stage::Analyses => "analyses",
        }
    }

    /// The stage of a column or job name.
    pub fn parse(s: &str) -> Option<Stage> {
        [Stage::Identity, Stage::Transactions, Stage::Analyses].into_iter().find(|st| st.name() == s)
    }

    /// The stage after this one.
    pub fn next(self) -> Option<Stage> {
        match self {
            Stage::Identity => Some(Stage::Transactions),
            Stage::Transactions => Some(Stage::Analyses),
            Stage::Analyses => None,
        }
    }
}

/// Status of one stage of one statement: `processing`, `completed` or `failed`.
pub type Status = bankscope::resources::ProgressStatus;

/// A statement row without its file bytes.
#[derive(Clone, Debug, PartialEq)]
pub struct StatementRow {
    /// Statement id.
    pub id: String,
    /// Entity.
    pub entity_id: String,
    /// Bank the uploader declared, if any.
    pub declared_bank: Option<String>,
    /// Identity stage status.
    pub identity: Status,
    /// Transactions stage status.
    pub transactions: Status,
    /// Analyses stage status.
    pub analyses: Status,
    /// Failure message.
    pub message: Option<String>,
    /// The read `bankscope::Statement` as JSON (after the identity stage; enriched after transactions).
    pub statement_json: Option<String>,
    /// Unix seconds of upload.
    pub created_at: i64,
}

/// A statement to store with its first job.
#[derive(Clone, Debug)]
pub struct NewStatement {
    /// Statement id.
    pub id: String,
    /// Entity.
    pub entity_id: String,
    /// Session it came through, if any.
    pub session_id: Option<String>,
    /// The uploaded file.
    pub file: Vec<u8>,
    /// PDF password; cleared when processing no longer needs it.
    pub password: Option<String>,
    /// Declared bank.
    pub declared_bank: Option<String>,
}

/// What processing reads of a stored upload: bytes, password, declared bank.
pub type StatementInput = (Vec<u8>, Option<String>, Option<String>);

/// A claimed job.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// Job id.
    pub id: i64,
    /// Statement it processes.
    pub statement_id: String,
    /// Stage to run.
    pub stage: Stage,
    /// Claims of this stage so far, this one included (1 on the first run).
    /// A claim left unfinished by a crash or an expired lease counts too, so a
    /// job that kills its process reaches the cap and is failed, never run again.
    pub attempt: u32,
    /// The job's total claim count when claimed: the claim's token. A completion,
    /// retry or failure counts only while the row still carries it (a run
    /// abandoned by the watchdog, or a lease taken over, records nothing).
    pub claim: i64,
    /// Why the previous attempt of this stage did not finish, if it was recorded.
    pub last_error: Option<String>,
}

/// Schema changes after the first version, in order, written once in SQL that
/// SQLite and PostgreSQL both accept. Version `n + 2` is `MIGRATIONS[n]`
/// (version 1 is each store's base schema); each store records the versions it
/// applied in `schema_migrations` and applies the missing ones at open.
pub const MIGRATIONS: &[&str] = &[
    // 2: per-stage attempt cap, backoff and the last error of a job.
    "ALTER TABLE jobs ADD COLUMN stage_attempts BIGINT NOT NULL DEFAULT 0;
     ALTER TABLE jobs ADD COLUMN run_after_ms BIGINT NOT NULL DEFAULT 0;
     ALTER TABLE jobs ADD COLUMN last_error TEXT;",
    // 3: webhook secret rotation with an overlap window.
    "ALTER TABLE webhooks ADD COLUMN previous_secret TEXT;
     ALTER TABLE webhooks ADD COLUMN previous_until BIGINT;",
    // 4: an entity's version, raised with every change to its statements (the read cache's key).
    "ALTER TABLE entities ADD COLUMN version BIGINT NOT NULL DEFAULT 0;",
    // 5: `org list|rotate-key|revoke`: the shown start of the API key, revocation.
    "ALTER TABLE orgs ADD COLUMN key_prefix TEXT;
     ALTER TABLE orgs ADD COLUMN revoked_at BIGINT;",
    // 6: per-organisation queue fairness and quota: a job's organisation, each organisation's last claim.
    "ALTER TABLE jobs ADD COLUMN org_id TEXT;
     UPDATE jobs SET org_id = (SELECT e.org_id FROM statements s JOIN entities e ON e.id = s.entity_id
                               WHERE s.id = jobs.statement_id);
     CREATE INDEX jobs_org_state ON jobs(org_id, state);
     ALTER TABLE orgs ADD COLUMN last_claim BIGINT NOT NULL DEFAULT 0;",
];

/// The schema version a store has once every migration is applied.
pub fn schema_version() -> i64 {
    1 + MIGRATIONS.len() as i64
}

/// `base_ms * 2^(attempt - 1)`, the wait after failed attempt `attempt` (doubling stops at 2^16).
pub fn backoff_ms(base_ms: i64, attempt: u32) -> i64 {
    base_ms.saturating_mul(1i64 << attempt.saturating_sub(1).min(16))
}

/// An organisation's webhook (interface 4.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Webhook {
    /// Receiving endpoint.
    pub url: String,
    /// 0: online (session) journeys only; 1: manual uploads too.
    pub mode: u8,
    /// HMAC-SHA256 key of the signature header, made at the first update and kept.
    pub signing_secret: String,
    /// The secret before the last rotation, still signing (beside the current
    /// one) until `previous_until`.
    pub previous_secret: Option<String>,
    /// Unix seconds until which `previous_secret` signs too.
    pub previous_until: Option<i64>,
}

impl Webhook {
    /// The secrets that sign at `now` (unix seconds): the current one, then the
    /// previous one while its overlap lasts.
    pub fn signing_secrets(&self, now: i64) -> Vec<&str> {
        let mut out = vec![self.signing_secret.as_str()];
        if let (Some(old), Some(until)) = (&self.previous_secret, self.previous_until)
            && until > now
        {
            out.push(old);
        }
        out
    }
}

/// A fresh webhook signing secret (`whsec_` and 64 hex digits).
pub fn fresh_webhook_secret() -> StoreResult<String> {
    Ok(format!(
        "whsec_{}",
        crate::crypto::hex(&crate::crypto::random_bytes(32).map_err(|e| StoreError::Db(e.to_string()))?)
    ))
}

/// One webhook payload (interface 2.15) and its delivery state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Payload {
    /// Outbox row id.
    pub id: i64,
    /// Owning organisation.
    pub org_id: String,
    /// Entity.
    pub entity_id: String,
    /// Statement.
    pub statement_id: String,
    /// The entity's link_id (null for a manual upload without one).
    pub link_id: Option<String>,
    /// `completed` or `failed`.
    pub progress: String,
    /// Why it failed; empty when completed.
    pub reason: String,
    /// Unix seconds when it was due to be sent (the `date_time` of 4.3).
    pub created_at: i64,
    /// `pending`, `delivered`, `failed` (attempts exhausted) or `stored` (not to be delivered).
    pub state: String,
    /// Delivery attempts made (including the one a claim starts).
    pub attempts: u32,
}

/// One delivery attempt, as recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    /// 1-based attempt number.
    pub attempt: u32,
    /// Unix milliseconds when it started.
    pub at_ms: i64,
    /// HTTP status the receiver answered, if it answered.
    pub status: Option<u16>,
    /// Transport error or refusal, if any.
    pub error: Option<String>,
    /// How long it took.
    pub elapsed_ms: i64,
}

/// Everything the server stores. Calls are blocking; the server runs them on
/// the blocking pool.
pub trait Store: Send + Sync + std::fmt::Debug + 'static {
    /// The server's HMAC secret, created at first use.
    fn secret(&self) -> StoreResult<Vec<u8>>;
    /// Adds an organisation with digests of its key and server hash.
    fn create_org(
        &self,
        name: &str,
        key_digest: &[u8],
        server_hash_digest: &[u8],
        plan_expires_at: Option<i64>,
    ) -> StoreResult<String>;
    /// The organisation whose API key has this digest.
    fn org_by_key(&self, key_digest: &[u8]) -> StoreResult<Option<Org>>;
    /// Every organisation, oldest first.
    fn list_orgs(&self) -> StoreResult<Vec<OrgSummary>>;
    /// Replaces an organisation's API key (its digest and shown prefix); the
    /// old key stops authenticating at once. False when there is no such org.
    fn set_org_key(&self, org_id: &str, key_digest: &[u8], key_prefix: &str) -> StoreResult<bool>;
    /// Revokes an organisation at `at`: its keys stop authenticating and its
    /// sessions' links expire. False when there is no such org.
    fn revoke_org(&self, org_id: &str, at: i64) -> StoreResult<bool>;
    /// Creates a session and its entity (same id) together.
    fn create_session(&self, session: &SessionRow, metadata: &serde_json::Value) -> StoreResult<()>;
    /// A session by id.
    fn session(&self, id: &str) -> StoreResult<Option<SessionRow>>;
    /// Marks a session submitted (`initiate_processing`).
    fn submit_session(&self, id: &str) -> StoreResult<()>;
    /// Creates an entity.
    fn create_entity(&self, entity: &EntityRow) -> StoreResult<()>;
    /// An entity of an organisation (another organisation's entity is `None`).
    fn entity(&self, org_id: &str, entity_id: &str) -> StoreResult<Option<EntityRow>>;
    /// The metadata of an entity, for processing (no organisation filter).
    fn entity_metadata(&self, entity_id: &str) -> StoreResult<Option<serde_json::Value>>;
    /// The version of an entity of `org_id`: raised in the same transaction as
    /// any change to its statements (inserted, a stage completed or failed,
    /// deleted, refused), so equal versions mean equal read responses.
    fn entity_version(&self, org_id: &str, entity_id: &str) -> StoreResult<Option<i64>>;
    /// The newest entity of an organisation with this link_id.
    fn entity_by_link(&self, org_id: &str, link_id: &str) -> StoreResult<Option<EntityRow>>;
    /// Stores an uploaded statement and queues its identity job in one
    /// transaction; the same bytes twice in one entity is [`StoreError::Duplicate`].
    fn insert_statement(&self, statement: &NewStatement) -> StoreResult<()>;
    /// The statements of an entity in upload order, without bytes.
    fn statements(&self, entity_id: &str) -> StoreResult<Vec<StatementRow>>;
    /// The statements uploaded through a session.
    fn session_statements(&self, session_id: &str) -> StoreResult<Vec<StatementRow>>;
    /// File bytes, password and declared bank of a statement.
    fn statement_input(&self, id: &str) -> StoreResult<Option<StatementInput>>;
    /// One statement row.
    fn statement(&self, id: &str) -> StoreResult<Option<StatementRow>>;
    /// Deletes a statement and its jobs; false when it did not exist.
    fn delete_statement(&self, id: &str) -> StoreResult<bool>;
    /// Refuses the statement of a claimed identity job whose uploader is
    /// waiting: queues its failed outcome (`message`) for the webhook, then
    /// deletes the statement and its job, in one transaction. False when the
    /// claim is no longer the job's.
    fn refuse_statement(&self, job: &Job, message: &str) -> StoreResult<bool>;
    /// Deletes an entity with its statements (and their files), jobs and
    /// session; with `purge_payloads` its webhook payloads and their attempts
    /// too. With `only_if_empty`, only an entity without statements. False when
    /// nothing was deleted.
    fn delete_entity(&self, entity_id: &str, only_if_empty: bool, purge_payloads: bool) -> StoreResult<bool>;
    /// Empties a processed statement's stored file (its digest stays, so the
    /// same file is still recognised as a duplicate); the password goes too.
    fn drop_file(&self, statement_id: &str) -> StoreResult<()>;
    /// Jobs by state (`queued`, `running`, `done`, `failed`), for `/metrics`.
    fn job_counts(&self) -> StoreResult<Vec<(String, i64)>>;
    /// Ids of entities created before `before` (unix seconds), at most `limit`.
    fn entities_created_before(&self, before: i64, limit: usize) -> StoreResult<Vec<String>>;
    /// Claims a queued job that is due (its backoff passed): counts the claim
    /// in the job's total and in its stage's attempts. Organisations take turns:
    /// the job is the oldest of the organisation whose last claim is the
    /// longest ago, so one organisation's backlog does not hold back another's
    /// statement; with an organisation quota (see the stores' `with_org_job_quota`),
    /// organisations already running that many jobs are passed over.
    fn claim_job(&self) -> StoreResult<Option<Job>>;
    /// Completes `job`'s stage: stores the statement JSON (when given), marks the
    /// stage completed, clears the password after the identity stage, and queues
    /// the next stage (its attempts from zero) or finishes the job (state `done`,
    /// the row and its claim count kept, and the outcome's webhook payload
    /// queued) in one transaction. False (nothing recorded) when the claim is
    /// no longer the job's (see [`Job::claim`]).
    fn complete_stage(&self, job: &Job, statement_json: Option<&str>) -> StoreResult<bool>;
    /// Marks `job`'s stage and every later one failed with `message`; ends the job
    /// (state `failed`) and queues the outcome's webhook payload. False when the
    /// claim is no longer the job's.
    fn fail_stage(&self, job: &Job, message: &str) -> StoreResult<bool>;
    /// Puts a claimed job back in the queue, due at `run_after_ms` (unix ms),
    /// with `error` as its last error. False when the claim is no longer the job's.
    fn retry_job(&self, job: &Job, error: &str, run_after_ms: i64) -> StoreResult<bool>;
    /// Puts jobs that were running when the server stopped back in the queue,
    /// each due after `backoff_ms(backoff_ms, its stage attempts)`: a job that
    /// brings its process down is retried later and later until its cap.
    fn requeue_running(&self, backoff_ms: i64) -> StoreResult<usize>;
    /// Sets an organisation's webhook URL and mode; returns the settings with
    /// the signing secret (made at the first call, kept after).
    fn set_webhook(&self, org_id: &str, url: &str, mode: u8) -> StoreResult<Webhook>;
    /// An organisation's webhook, if set.
    fn webhook(&self, org_id: &str) -> StoreResult<Option<Webhook>>;
    /// Replaces an organisation's signing secret with `fresh`; the old one keeps
    /// signing (beside it) until `previous_until` (unix seconds). `None` when the
    /// organisation has no webhook.
    fn rotate_webhook_secret(&self, org_id: &str, fresh: &str, previous_until: i64) -> StoreResult<Option<Webhook>>;
    /// Claims up to `limit` pending payloads due at `now_ms`: counts the attempt
    /// and leases the row until `now_ms + lease_ms` so no other sender takes it.
    fn claim_deliveries(&self, now_ms: i64, lease_ms: i64, limit: usize) -> StoreResult<Vec<Payload>>;
    /// Records an attempt of a claimed payload; then the payload is `delivered`
    /// when `delivered`, else due again at `retry_at_ms`, or `failed` when that is `None`.
    fn record_attempt(
        &self,
        payload_id: i64,
        attempt: &Attempt,
        delivered: bool,
        retry_at_ms: Option<i64>,
    ) -> StoreResult<()>;
    /// Every payload of an organisation's link_id, newest first.
    fn payloads_by_link(&self, org_id: &str, link_id: &str) -> StoreResult<Vec<Payload>>;
    /// The recorded attempts of a payload, in order.
    fn attempts(&self, payload_id: i64) -> StoreResult<Vec<Attempt>>;
}

/// Unix milliseconds now.
pub fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

const PAYLOAD_COLUMNS: &str =
    "id, org_id, entity_id, statement_id, link_id, progress, reason, created_at, state, attempts";

fn payload_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Payload> {
    Ok(Payload {
        id: r.get(0)?,
        org_id: r.get(1)?,
        entity_id: r.get(2)?,
        statement_id: r.get(3)?,
        link_id: r.get(4)?,
        progress: r.get(5)?,
        reason: r.get(6)?,
        created_at: r.get(7)?,
        state: r.get(8)?,
        attempts: r.get(9)?,
    })
}

/// The embedded SQLite store (one file, WAL).
#[derive(Debug)]
pub struct SqliteStore {
    conn: Mutex<Connection>,
    /// Most jobs of one organisation running at once; 0: no limit.
    org_job_quota: u32,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, applied_at BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS orgs (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    key_digest BLOB NOT NULL UNIQUE,
    server_hash_digest BLOB NOT NULL,
    plan_expires_at INTEGER,
    modes TEXT NOT NULL DEFAULT 'pdf,aa',
    consent_overrides TEXT NOT NULL DEFAULT '{}',
    created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS entities (
    id TEXT PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES orgs(id),
    link_id TEXT,
    metadata TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS entities_link ON entities(org_id, link_id);
CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY REFERENCES entities(id),
    org_id TEXT NOT NULL REFERENCES orgs(id),
    version INTEGER NOT NULL,
    link_id TEXT NOT NULL,
    params TEXT NOT NULL,
    consents TEXT,
    created_at INTEGER NOT NULL,
    expires_at INTEGER,
    submitted INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS statements (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    entity_id TEXT NOT NULL REFERENCES entities(id),
    session_id TEXT,
    file BLOB NOT NULL,
    file_digest BLOB NOT NULL,
    password TEXT,
    declared_bank TEXT,
    identity TEXT NOT NULL DEFAULT 'processing',
    transactions TEXT NOT NULL DEFAULT 'processing',
    analyses TEXT NOT NULL DEFAULT 'processing',
    message TEXT,
    statement_json TEXT,
    created_at INTEGER NOT NULL,
    UNIQUE (entity_id, file_digest)
);
CREATE TABLE IF NOT EXISTS jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    statement_id TEXT NOT NULL,
    stage TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'queued',
    attempts INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS jobs_queue ON jobs(state, id);
CREATE TABLE IF NOT EXISTS webhooks (
    org_id TEXT PRIMARY KEY REFERENCES orgs(id),
    url TEXT NOT NULL,
    mode INTEGER NOT NULL,
    signing_secret TEXT NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS webhook_outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id TEXT NOT NULL,
    entity_id TEXT NOT NULL,
    statement_id TEXT NOT NULL,
    link_id TEXT,
    progress TEXT NOT NULL,
    reason TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    state TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS webhook_outbox_due ON webhook_outbox(state, next_attempt_ms);
CREATE INDEX IF NOT EXISTS webhook_outbox_link ON webhook_outbox(org_id, link_id, id);
CREATE TABLE IF NOT EXISTS webhook_attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    outbox_id INTEGER NOT NULL,
    attempt INTEGER NOT NULL,
    at_ms INTEGER NOT NULL,
    status INTEGER,
    error TEXT,
    elapsed_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS webhook_attempts_outbox ON webhook_attempts(outbox_id, attempt);
";

/// The outbox row of a statement's outcome, in the transaction that records it.
/// `pending` (to deliver) when the organisation has a webhook and the statement
/// is in its mode's scope (session journeys always, manual uploads with mode 1);
/// otherwise `stored` (kept for `webhook_payloads` only).
const ENQUEUE_OUTCOME: &str = "
INSERT INTO webhook_outbox
    (org_id, entity_id, statement_id, link_id, progress, reason, created_at, state, next_attempt_ms)
SELECT e.org_id, s.entity_id, s.id, e.link_id, ?2, ?3, ?4,
       CASE WHEN w.url IS NOT NULL AND (s.session_id IS NOT NULL OR w.mode = 1) THEN 'pending' ELSE 'stored' END,
       ?5
FROM statements s JOIN entities e ON e.id = s.entity_id LEFT JOIN webhooks w ON w.org_id = e.org_id
WHERE s.id = ?1";

/// Unix seconds now.
pub fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// The status of a stored text.
pub fn status(text: &str) -> Status {
    match text {
        "completed" => Status::Completed,
        "failed" => Status::Failed,
        _ => Status::Processing,
    }
}

/// Stored JSON text as a value (null when absent or unreadable).
pub fn json_or_null(text: Option<String>) -> serde_json::Value {
    text.and_then(|t| serde_json::from_str(&t).ok()).unwrap_or(serde_json::Value::Null)
}

/// Marks organisation `?1` as the one claimed last (its turn comes after every other's).
const LAST_CLAIM: &str =
    "UPDATE orgs SET last_claim = (SELECT coalesce(max(last_claim), 0) + 1 FROM orgs) WHERE id = ?1";

/// Raises the version of statement `?1`'s entity (before the statement is deleted, when it is).
const BUMP_VERSION: &str =
    "UPDATE entities SET version = version + 1 WHERE id = (SELECT entity_id FROM statements WHERE id = ?1)";

const STATEMENT_COLUMNS: &str =
    "id, entity_id, declared_bank, identity, transactions, analyses, message, statement_json, created_at";

fn statement_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<StatementRow> {
    Ok(StatementRow {
        id: r.get(0)?,
        entity_id: r.get(1)?,
        declared_bank: r.get(2)?,
        identity: status(&r.get::<_, String>(3)?),
        transactions: status(&r.get::<_, String>(4)?),
        analyses: status(&r.get::<_, String>(5)?),
        message: r.get(6)?,
        statement_json: r.get(7)?,
        created_at: r.get(8)?,
    })
}

fn session_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<SessionRow> {
    Ok(SessionRow {
        id: r.get(0)?,
        org_id: r.get(1)?,
        version: r.get(2)?,
        link_id: r.get(3)?,
        params: json_or_null(r.get(4)?),
        consents: r.get::<_, Option<String>>(5)?.map(|t| json_or_null(Some(t))),
        created_at: r.get(6)?,
        expires_at: r.get(7)?,
        submitted: r.get::<_, i64>(8)? != 0,
    })
}

fn entity_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<EntityRow> {
    Ok(EntityRow { id: r.get(0)?, org_id: r.get(1)?, link_id: r.get(2)?, metadata: json_or_null(r.get(3)?) })
}

/// `dir` readable by its owner only, and `db` created (or narrowed) to 0600.
#[cfg(unix)]
fn private_files(dir: &Path, db: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))?;
    std::fs::OpenOptions::new().write(true).create(true).truncate(false).mode(0o600).open(db)?;
    for suffix in ["", "-wal", "-shm"] {
        let f = db.with_file_name(format!("bankscope.db{suffix}"));
        if f.exists() {
            std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o600))?;
        }
    }
    Ok(())
}

#[cfg(not(unix))]
fn private_files(_dir: &Path, _db: &Path) -> std::io::Result<()> {
    Ok(())
}

/// Whether `job`'s claim is still the job's: running, with the claim count it was claimed with.
fn sqlite_owns(tx: &rusqlite::Transaction<'_>, job: &Job) -> StoreResult<bool> {
    let mine = tx
        .query_row(
            "SELECT 1 FROM jobs WHERE id = ?1 AND state = 'running' AND attempts = ?2",
            params![job.id, job.claim],
            |_| Ok(()),
        )
        .optional()?
        .is_some();
    if !mine {
        tracing::warn!(job = job.id, "the job's claim is no longer current; its outcome is not recorded");
    }
    Ok(mine)
}

impl SqliteStore {
    /// Opens (creating when missing) `bankscope.db` in `dir`.
    /// The directory is made private (0700) and the database file 0600 before
    /// SQLite opens it (its WAL and shared-memory files take the same mode):
    /// it holds statements and signing secrets.
    pub fn open(dir: &Path) -> StoreResult<Self> {
        std::fs::create_dir_all(dir).map_err(|e| StoreError::Db(format!("creating {}: {e}", dir.display())))?;
        let path = dir.join("bankscope.db");
        private_files(dir, &path).map_err(|e| StoreError::Db(format!("securing {}: {e}", dir.display())))?;
        let conn = Connection::open(&path)?;
        conn.busy_timeout(std::time::Duration::from_secs(10))?;
        conn.execute_batch("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;")?;
        conn.execute_batch(SCHEMA)?;
        let mut conn = conn;
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        tx.execute("INSERT OR IGNORE INTO schema_migrations (version, applied_at) VALUES (1, ?1)", params![now()])?;
        let at: i64 = tx.query_row("SELECT max(version) FROM schema_migrations", [], |r| r.get(0))?;
        for (i, sql) in MIGRATIONS.iter().enumerate() {
            let version = i as i64 + 2;
            if version > at {
                tx.execute_batch(sql)?;
                tx.execute(
                    "INSERT INTO schema_migrations (version, applied_at) VALUES (?1, ?2)",
                    params![version, now()],
                )?;
            }
        }
        tx.commit()?;
        Ok(SqliteStore { conn: Mutex::new(conn), org_job_quota: 0 })
    }

    /// The same store with at most `quota` running jobs per organisation (0: no limit).
    pub fn with_org_job_quota(mut self, quota: u32) -> Self {
        self.org_job_quota = quota;
        self
    }

    fn with<T>(&self, f: impl FnOnce(&mut Connection) -> StoreResult<T>) -> StoreResult<T> {
        let mut guard = self.conn.lock().map_err(|_| StoreError::Db("connection lock poisoned".into()))?;
        f(&mut guard)
    }
}

impl Store for SqliteStore {
    fn secret(&self) -> StoreResult<Vec<u8>> {
        self.with(|c| {
            if let Some(s) = c.query_row("SELECT value FROM meta WHERE key = 'secret'", [], |r| r.get(0)).optional()? {
                return Ok(s);
            }
            let fresh = crate::crypto::random_bytes(32).map_err(|e| StoreError::Db(e.to_string()))?;
            c.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('secret', ?1)", params![fresh])?;
            Ok(c.query_row("SELECT value FROM meta WHERE key = 'secret'", [], |r| r.get(0))?)
        })
    }

    fn create_org(
        &self,
        name: &str,
        key_digest: &[u8],
        server_hash_digest: &[u8],
        plan_expires_at: Option<i64>,
    ) -> StoreResult<String> {
        let id = uuid::Uuid::new_v4().to_string();
        self.with(|c| {
            c.execute(
                "INSERT INTO orgs (id, name, key_digest, server_hash_digest, plan_expires_at, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![id, name, key_digest, server_hash_digest, plan_expires_at, now()],
            )?;
            Ok(id.clone())
        })
    }

    fn org_by_key(&self, key_digest: &[u8]) -> StoreResult<Option<Org>> {
        self.with(|c| {
            Ok(c.query_row(
                "SELECT id, name, server_hash_digest, plan_expires_at, modes, consent_overrides
                 FROM orgs WHERE key_digest = ?1 AND revoked_at IS NULL",
                params![key_digest],
                |r| {
                    Ok(Org {
                        id: r.get(0)?,
                        name: r.get(1)?,
                        server_hash_digest: r.get(2)?,
                        plan_expires_at: r.get(3)?,
                        modes: r.get::<_, String>(4)?.split(',').map(str::to_string).collect(),
                        consent_overrides: json_or_null(r.get(5)?),
                    })
                },
            )
            .optional()?)
        })
    }

    fn list_orgs(&self) -> StoreResult<Vec<OrgSummary>> {
        self.with(|c| {
            let mut q = c.prepare(
                "SELECT id, name, key_prefix, plan_expires_at, revoked_at, created_at FROM orgs
                 ORDER BY created_at, rowid",
            )?;
            let rows = q
                .query_map([], |r| {
                    Ok(OrgSummary {
                        id: r.get(0)?,
                        name: r.get(1)?,
                        key_prefix: r.get(2)?,
                        plan_expires_at: r.get(3)?,
                        revoked_at: r.get(4)?,
                        created_at: r.get(5)?,
                    })
                })?
                .collect::<rusqlite::Result<_>>()?;
            Ok(rows)
        })
    }

    fn set_org_key(&self, org_id: &str, key_digest: &[u8], key_prefix: &str) -> StoreResult<bool> {
        self.with(|c| {
            let n = c.execute(
                "UPDATE orgs SET key_digest = ?2, key_prefix = ?3 WHERE id = ?1",
                params![org_id, key_digest, key_prefix],
            )?;
            Ok(n > 0)
        })
    }

    fn revoke_org(&self, org_id: &str, at: i64) -> StoreResult<bool> {
        self.with(|c| {
            let tx = c.transaction()?;
            let n =
                tx.execute("UPDATE orgs SET revoked_at = coalesce(revoked_at, ?2) WHERE id = ?1", params![org_id, at])?;
            tx.execute(
                "UPDATE sessions SET expires_at = ?2 WHERE org_id = ?1 AND (expires_at IS NULL OR expires_at > ?2)",
                params![org_id, at],
            )?;
            tx.commit()?;
            Ok(n > 0)
        })
    }

    fn create_session(&self, s: &SessionRow, metadata: &serde_json::Value) -> StoreResult<()> {
        self.with(|c| {
            let tx = c.transaction()?;
            tx.execute(
                "INSERT INTO entities (id, org_id, link_id, metadata, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![s.id, s.org_id, s.link_id, metadata.to_string(), s.created_at],
            )?;
            tx.execute(
                "INSERT INTO sessions (id, org_id, version, link_id, params, consents, created_at, expires_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![
                    s.id,
                    s.org_id,
                    s.version,
                    s.link_id,
                    s.params.to_string(),
                    s.consents.as_ref().map(|c| c.to_string()),
                    s.created_at,
                    s.expires_at
                ],
            )?;
            tx.commit()?;
            Ok(())
        })
    }

    fn session(&self, id: &str) -> StoreResult<Option<SessionRow>> {
        self.with(|c| {
            Ok(c.query_row(
                "SELECT id, org_id, version, link_id, params, consents, created_at, expires_at, submitted
                 FROM sessions WHERE id = ?1",
                params![id],
                session_row,
            )
            .optional()?)
        })
    }

    fn submit_session(&self, id: &str) -> StoreResult<()> {
        self.with(|c| {
            c.execute("UPDATE sessions SET submitted = 1 WHERE id = ?1", params![id])?;
            Ok(())
        })
    }

    fn create_entity(&self, e: &EntityRow) -> StoreResult<()> {
        self.with(|c| {
            c.execute(
                "INSERT INTO entities (id, org_id, link_id, metadata, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![e.id, e.org_id, e.link_id, e.metadata.to_string(), now()],
            )?;
            Ok(())
        })
    }

    fn entity(&self, org_id: &str, entity_id: &str) -> StoreResult<Option<EntityRow>> {
        self.with(|c| {
            Ok(c.query_row(
                "SELECT id, org_id, link_id, metadata FROM entities WHERE id = ?1 AND org_id = ?2",
                params![entity_id, org_id],
                entity_row,
            )
            .optional()?)
        })
    }

    fn entity_metadata(&self, entity_id: &str) -> StoreResult<Option<serde_json::Value>> {
        self.with(|c| {
            let text: Option<String> = c
                .query_row("SELECT metadata FROM entities WHERE id = ?1", params![entity_id], |r| r.get(0))
                .optional()?;
            Ok(text.map(|t| json_or_null(Some(t))))
        })
    }

    fn entity_version(&self, org_id: &str, entity_id: &str) -> StoreResult<Option<i64>> {
        self.with(|c| {
            let mut q = c.prepare_cached("SELECT version FROM entities WHERE id = ?1 AND org_id = ?2")?;
            Ok(q.query_row(params![entity_id, org_id], |r| r.get(0)).optional()?)
        })
    }

    fn entity_by_link(&self, org_id: &str, link_id: &str) -> StoreResult<Option<EntityRow>> {
        self.with(|c| {
            Ok(c.query_row(
                "SELECT id, org_id, link_id, metadata FROM entities WHERE org_id = ?1 AND link_id = ?2
                 ORDER BY created_at DESC, rowid DESC LIMIT 1",
                params![org_id, link_id],
                entity_row,
            )
            .optional()?)
        })
    }

    fn insert_statement(&self, s: &NewStatement) -> StoreResult<()> {
        let digest = crate::crypto::sha256(&s.file).to_vec();
        self.with(|c| {
            let tx = c.transaction()?;
            let existing: Option<String> = tx
                .query_row(
                    "SELECT id FROM statements WHERE entity_id = ?1 AND file_digest = ?2",
                    params![s.entity_id, digest],
                    |r| r.get(0),
                )
                .optional()?;
            if let Some(existing) = existing {
                return Err(StoreError::Duplicate { existing });
            }
            let t = now();
            tx.execute(
                "INSERT INTO statements (id, entity_id, session_id, file, file_digest, password, declared_bank, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![s.id, s.entity_id, s.session_id, s.file, digest, s.password, s.declared_bank, t],
            )?;
            tx.execute(
                "INSERT INTO jobs (statement_id, stage, updated_at, org_id)
                 VALUES (?1, 'identity', ?2, (SELECT org_id FROM entities WHERE id = ?3))",
                params![s.id, t, s.entity_id],
            )?;
            tx.execute("UPDATE entities SET version = version + 1 WHERE id = ?1", params![s.entity_id])?;
            tx.commit()?;
            Ok(())
        })
    }

    fn statements(&self, entity_id: &str) -> StoreResult<Vec<StatementRow>> {
        self.with(|c| {
            let mut q = c.prepare_cached(&format!(
                "SELECT {STATEMENT_COLUMNS} FROM statements WHERE entity_id = ?1 ORDER BY seq"
            ))?;
            let rows = q.query_map(params![entity_id], statement_row)?.collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(rows)
        })
    }

    fn session_statements(&self, session_id: &str) -> StoreResult<Vec<StatementRow>> {
        self.with(|c| {
            let mut q = c.prepare_cached(&format!(
                "SELECT {STATEMENT_COLUMNS} FROM statements WHERE session_id = ?1 ORDER BY seq"
            ))?;
            let rows = q.query_map(params![session_id], statement_row)?.collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(rows)
        })
    }

    fn statement_input(&self, id: &str) -> StoreResult<Option<StatementInput>> {
        self.with(|c| {
            Ok(c.query_row("SELECT file, password, declared_bank FROM statements WHERE id = ?1", params![id], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
            .optional()?)
        })
    }

    fn statement(&self, id: &str) -> StoreResult<Option<StatementRow>> {
        self.with(|c| {
            Ok(c.query_row(
                &format!("SELECT {STATEMENT_COLUMNS} FROM statements WHERE id = ?1"),
                params![id],
                statement_row,
            )
            .optional()?)
        })
    }

    fn delete_statement(&self, id: &str) -> StoreResult<bool> {
        self.with(|c| {
            let tx = c.transaction()?;
            tx.execute(BUMP_VERSION, params![id])?;
            tx.execute("DELETE FROM jobs WHERE statement_id = ?1", params![id])?;
            let n = tx.execute("DELETE FROM statements WHERE id = ?1", params![id])?;
            tx.commit()?;
            Ok(n > 0)
        })
    }

    fn job_counts(&self) -> StoreResult<Vec<(String, i64)>> {
        self.with(|c| {
            let mut q = c.prepare_cached("SELECT state, count(*) FROM jobs GROUP BY state")?;
            let rows = q.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<rusqlite::Result<_>>()?;
            Ok(rows)
        })
    }

    fn drop_file(&self, statement_id: &str) -> StoreResult<()> {
        self.with(|c| {
            c.execute("UPDATE statements SET file = x'', password = NULL WHERE id = ?1", params![statement_id])?;
            Ok(())
        })
    }

    fn entities_created_before(&self, before: i64, limit: usize) -> StoreResult<Vec<String>> {
        self.with(|c| {
            let mut q =
                c.prepare_cached("SELECT id FROM entities WHERE created_at < ?1 ORDER BY created_at LIMIT ?2")?;
            let rows = q.query_map(params![before, limit as i64], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
            Ok(rows)
        })
    }

    fn refuse_statement(&self, job: &Job, message: &str) -> StoreResult<bool> {
        self.with(|c| {
            let tx = c.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            if !sqlite_owns(&tx, job)? {
                return Ok(false);
            }
            tx.execute(ENQUEUE_OUTCOME, params![job.statement_id, "failed", message, now(), now_ms()])?;
            tx.execute(BUMP_VERSION, params![job.statement_id])?;
            tx.execute("DELETE FROM jobs WHERE statement_id = ?1", params![job.statement_id])?;
            tx.execute("DELETE FROM statements WHERE id = ?1", params![job.statement_id])?;
            tx.commit()?;
            Ok(true)
        })
    }

    fn delete_entity(&self, entity_id: &str, only_if_empty: bool, purge_payloads: bool) -> StoreResult<bool> {
        self.with(|c| {
            let tx = c.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let statements: i64 =
                tx.query_row("SELECT count(*) FROM statements WHERE entity_id = ?1", params![entity_id], |r| r.get(0))?;
            if only_if_empty && statements > 0 {
                return Ok(false);
            }
            tx.execute(
                "DELETE FROM jobs WHERE statement_id IN (SELECT id FROM statements WHERE entity_id = ?1)",
                params![entity_id],
            )?;
            tx.execute("DELETE FROM statements WHERE entity_id = ?1", params![entity_id])?;
            if purge_payloads {
                tx.execute(
                    "DELETE FROM webhook_attempts WHERE outbox_id IN (SELECT id FROM webhook_outbox WHERE entity_id = ?1)",
                    params![entity_id],
                )?;
                tx.execute("DELETE FROM webhook_outbox WHERE entity_id = ?1", params![entity_id])?;
            }
            tx.execute("DELETE FROM sessions WHERE id = ?1", params![entity_id])?;
            let n = tx.execute("DELETE FROM entities WHERE id = ?1", params![entity_id])?;
            tx.commit()?;
            Ok(n > 0)
        })
    }

    fn claim_job(&self) -> StoreResult<Option<Job>> {
        self.with(|c| {
            let tx = c.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let row = tx
                .query_row(
                    "UPDATE jobs SET state = 'running', attempts = attempts + 1, stage_attempts = stage_attempts + 1,
                            updated_at = ?1
                     WHERE id = (SELECT j.id FROM jobs j LEFT JOIN orgs o ON o.id = j.org_id
                                 WHERE j.state = 'queued' AND j.run_after_ms <= ?2
                                   AND (?3 = 0 OR (SELECT count(*) FROM jobs r
                                                   WHERE r.org_id = j.org_id AND r.state = 'running') < ?3)
                                 ORDER BY coalesce(o.last_claim, 0), j.id LIMIT 1)
                     RETURNING id, statement_id, stage, stage_attempts, attempts, last_error, org_id",
                    params![now(), now_ms(), self.org_job_quota],
                    |r| {
                        Ok((
                            r.get::<_, i64>(0)?,
                            r.get::<_, String>(1)?,
                            r.get::<_, String>(2)?,
                            r.get::<_, i64>(3)?,
                            r.get::<_, i64>(4)?,
                            r.get::<_, Option<String>>(5)?,
                            r.get::<_, Option<String>>(6)?,
                        ))
                    },
                )
                .optional()?;
            if let Some(org) = row.as_ref().and_then(|r| r.6.as_deref()) {
                tx.execute(LAST_CLAIM, params![org])?;
            }
            tx.commit()?;
            Ok(row.and_then(|(id, statement_id, stage, attempt, claim, last_error, _)| {
                Stage::parse(&stage).map(|stage| Job {
                    id,
                    statement_id,
                    stage,
                    attempt: u32::try_from(attempt).unwrap_or(u32::MAX),
                    claim,
                    last_error,
                })
            }))
        })
    }

    fn complete_stage(&self, job: &Job, statement_json: Option<&str>) -> StoreResult<bool> {
        self.with(|c| {
            let tx = c.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            if !sqlite_owns(&tx, job)? {
                return Ok(false);
            }
            let col = job.stage.name();
            if let Some(json) = statement_json {
                tx.execute("UPDATE statements SET statement_json = ?1 WHERE id = ?2", params![json, job.statement_id])?;
            }
            tx.execute(&format!("UPDATE statements SET {col} = 'completed' WHERE id = ?1"), params![job.statement_id])?;
            tx.execute(BUMP_VERSION, params![job.statement_id])?;
            if job.stage == Stage::Transactions {
                // The PDF is read; its password is not needed any more.
                tx.execute("UPDATE statements SET password = NULL WHERE id = ?1", params![job.statement_id])?;
            }
            match job.stage.next() {
                Some(next) => tx.execute(
                    "UPDATE jobs SET stage = ?1, state = 'queued', stage_attempts = 0, run_after_ms = 0,
                            last_error = NULL, updated_at = ?2 WHERE id = ?3",
                    params![next.name(), now(), job.id],
                )?,
                None => {
                    tx.execute(ENQUEUE_OUTCOME, params![job.statement_id, "completed", "", now(), now_ms()])?;
                    tx.execute("UPDATE jobs SET state = 'done', updated_at = ?2 WHERE id = ?1", params![job.id, now()])?
                }
            };
            tx.commit()?;
            Ok(true)
        })
    }

    fn fail_stage(&self, job: &Job, message: &str) -> StoreResult<bool> {
        self.with(|c| {
            let tx = c.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            if !sqlite_owns(&tx, job)? {
                return Ok(false);
            }
            let mut stage = Some(job.stage);
            while let Some(s) = stage {
                tx.execute(
                    &format!("UPDATE statements SET {} = 'failed', message = ?1 WHERE id = ?2", s.name()),
                    params![message, job.statement_id],
                )?;
                stage = s.next();
            }
            tx.execute("UPDATE statements SET password = NULL WHERE id = ?1", params![job.statement_id])?;
            tx.execute(BUMP_VERSION, params![job.statement_id])?;
            tx.execute(ENQUEUE_OUTCOME, params![job.statement_id, "failed", message, now(), now_ms()])?;
            tx.execute(
                "UPDATE jobs SET state = 'failed', last_error = ?3, updated_at = ?2 WHERE id = ?1",
                params![job.id, now(), message],
            )?;
            tx.commit()?;
            Ok(true)
        })
    }

    fn retry_job(&self, job: &Job, error: &str, run_after_ms: i64) -> StoreResult<bool> {
        self.with(|c| {
            let n = c.execute(
                "UPDATE jobs SET state = 'queued', run_after_ms = ?3, last_error = ?4, updated_at = ?5
                 WHERE id = ?1 AND state = 'running' AND attempts = ?2",
                params![job.id, job.claim, run_after_ms, error, now()],
            )?;
            Ok(n > 0)
        })
    }

    fn requeue_running(&self, backoff: i64) -> StoreResult<usize> {
        self.with(|c| {
            let tx = c.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let running: Vec<(i64, i64)> = tx
                .prepare("SELECT id, stage_attempts FROM jobs WHERE state = 'running'")?
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<rusqlite::Result<_>>()?;
            let t = now_ms();
            for (id, attempts) in &running {
                let wait = backoff_ms(backoff, u32::try_from(*attempts).unwrap_or(u32::MAX));
                tx.execute(
                    "UPDATE jobs SET state = 'queued', run_after_ms = ?2,
                            last_error = 'the process stopped while the stage ran' WHERE id = ?1",
                    params![id, t.saturating_add(wait)],
                )?;
            }
            tx.commit()?;
            Ok(running.len())
        })
    }

    fn set_webhook(&self, org_id: &str, url: &str, mode: u8) -> StoreResult<Webhook> {
        let fresh = fresh_webhook_secret()?;
        self.with(|c| {
            c.execute(
                "INSERT INTO webhooks (org_id, url, mode, signing_secret, updated_at) VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (org_id) DO UPDATE SET url = excluded.url, mode = excluded.mode,
                 updated_at = excluded.updated_at",
                params![org_id, url, mode, fresh, now()],
            )?;
            Ok(())
        })?;
        self.webhook(org_id)?.ok_or_else(|| StoreError::Db("webhook row vanished".into()))
    }

    fn webhook(&self, org_id: &str) -> StoreResult<Option<Webhook>> {
        self.with(|c| {
            Ok(c.query_row(
                "SELECT url, mode, signing_secret, previous_secret, previous_until FROM webhooks WHERE org_id = ?1",
                params![org_id],
                |r| {
                    Ok(Webhook {
                        url: r.get(0)?,
                        mode: r.get(1)?,
                        signing_secret: r.get(2)?,
                        previous_secret: r.get(3)?,
                        previous_until: r.get(4)?,
                    })
                },
            )
            .optional()?)
        })
    }

    fn rotate_webhook_secret(&self, org_id: &str, fresh: &str, previous_until: i64) -> StoreResult<Option<Webhook>> {
        let n = self.with(|c| {
            Ok(c.execute(
                "UPDATE webhooks SET previous_secret = signing_secret, previous_until = ?3, signing_secret = ?2,
                        updated_at = ?4 WHERE org_id = ?1",
                params![org_id, fresh, previous_until, now()],
            )?)
        })?;
        if n == 0 { Ok(None) } else { self.webhook(org_id) }
    }

    fn claim_deliveries(&self, now_ms: i64, lease_ms: i64, limit: usize) -> StoreResult<Vec<Payload>> {
        self.with(|c| {
            let mut q = c.prepare_cached(&format!(
                "UPDATE webhook_outbox SET attempts = attempts + 1, next_attempt_ms = ?2
                 WHERE id IN (SELECT id FROM webhook_outbox WHERE state = 'pending' AND next_attempt_ms <= ?1
                              ORDER BY next_attempt_ms, id LIMIT ?3)
                 RETURNING {PAYLOAD_COLUMNS}"
            ))?;
            let rows = q
                .query_map(params![now_ms, now_ms + lease_ms, limit as i64], payload_row)?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(rows)
        })
    }

    fn record_attempt(
        &self,
        payload_id: i64,
        a: &Attempt,
        delivered: bool,
        retry_at_ms: Option<i64>,
    ) -> StoreResult<()> {
        self.with(|c| {
            let tx = c.transaction()?;
            tx.execute(
                "INSERT INTO webhook_attempts (outbox_id, attempt, at_ms, status, error, elapsed_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![payload_id, a.attempt, a.at_ms, a.status, a.error, a.elapsed_ms],
            )?;
            match (delivered, retry_at_ms) {
                (true, _) => {
                    tx.execute("UPDATE webhook_outbox SET state = 'delivered' WHERE id = ?1", params![payload_id])?
                }
                (false, Some(at)) => {
                    tx.execute("UPDATE webhook_outbox SET next_attempt_ms = ?2 WHERE id = ?1", params![payload_id, at])?
                }
                (false, None) => {
                    tx.execute("UPDATE webhook_outbox SET state = 'failed' WHERE id = ?1", params![payload_id])?
                }
            };
            tx.commit()?;
            Ok(())
        })
    }

    fn payloads_by_link(&self, org_id: &str, link_id: &str) -> StoreResult<Vec<Payload>> {
        self.with(|c| {
            let mut q = c.prepare_cached(&format!(
                "SELECT {PAYLOAD_COLUMNS} FROM webhook_outbox WHERE org_id = ?1 AND link_id = ?2
                 ORDER BY created_at DESC, id DESC"
            ))?;
            let rows = q.query_map(params![org_id, link_id], payload_row)?.collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(rows)
        })
    }

    fn attempts(&self, payload_id: i64) -> StoreResult<Vec<Attempt>> {
        self.with(|c| {
            let mut q = c.prepare_cached(
                "SELECT attempt, at_ms, status, error, elapsed_ms FROM webhook_attempts WHERE outbox_id = ?1
                 ORDER BY attempt, id",
            )?;
            let rows = q
                .query_map(params![payload_id], |r| {
                    Ok(Attempt {
                        attempt: r.get(0)?,
                        at_ms: r.get(1)?,
                        status: r.get(2)?,
                        error: r.get(3)?,
                        elapsed_ms: r.get(4)?,
                    })
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(rows)
        })
    }
}

#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    fn mode(p: &Path) -> u32 {
        std::fs::metadata(p).map(|m| m.permissions().mode() & 0o777).unwrap_or(0)
    }

    #[test]
    fn the_database_is_private_to_its_owner() {
        let dir = std::env::temp_dir().join(format!("bankscope-perm-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        // A database left world-readable by an earlier version is narrowed too.
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap_or_else(|e| panic!("{e}"));
        let store = SqliteStore::open(&dir).unwrap_or_else(|e| panic!("{e}"));
        store.secret().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(mode(&dir), 0o700);
        assert_eq!(mode(&dir.join("bankscope.db")), 0o600);
        for side in ["bankscope.db-wal", "bankscope.db-shm"] {
            let f = dir.join(side);
            if f.exists() {
                assert_eq!(mode(&f), 0o600, "{side}");
            }
        }
        drop(store);
        std::fs::set_permissions(dir.join("bankscope.db"), std::fs::Permissions::from_mode(0o644))
            .unwrap_or_else(|e| panic!("{e}"));
        let _again = SqliteStore::open(&dir).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(mode(&dir.join("bankscope.db")), 0o600);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
