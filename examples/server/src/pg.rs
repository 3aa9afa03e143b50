//! The PostgreSQL store: the same [`Store`] contract as SQLite, for several
//! server processes on one database.
//!
//! Workers claim jobs (and senders webhook payloads) with `FOR UPDATE SKIP
//! LOCKED`, so two processes never take the same row. A claim is a lease
//! (`lease_until`): a job whose process died is taken again once its lease ran
//! out, never while the process that holds it may still be working on it; a
//! completion only counts while the job is still the claimer's. Finished job
//! rows stay (state `done` or `failed`) with the number of claims in `attempts`.

use std::sync::Mutex;

use postgres::{Client, NoTls, Row};

use crate::store::{
    Attempt, EntityRow, Job, MIGRATIONS, NewStatement, Org, OrgSummary, Payload, SessionRow, Stage, StatementInput,
    StatementRow, Store, StoreError, StoreResult, Webhook, json_or_null, now, now_ms, status,
};

/// Default of how long a claimed job stays with its claimer without completing:
/// beyond a stage's own limit (the core's 30 s document budget) with room to spare.
pub const JOB_LEASE_SECS: i64 = 300;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, applied_at BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value BYTEA NOT NULL);
CREATE TABLE IF NOT EXISTS orgs (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    key_digest BYTEA NOT NULL UNIQUE,
    server_hash_digest BYTEA NOT NULL,
    plan_expires_at BIGINT,
    modes TEXT NOT NULL DEFAULT 'pdf,aa',
    consent_overrides TEXT NOT NULL DEFAULT '{}',
    created_at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS entities (
    seq BIGSERIAL,
    id TEXT PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES orgs(id),
    link_id TEXT,
    metadata TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS entities_link ON entities(org_id, link_id);
CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY REFERENCES entities(id),
    org_id TEXT NOT NULL REFERENCES orgs(id),
    version BIGINT NOT NULL,
    link_id TEXT NOT NULL,
    params TEXT NOT NULL,
    consents TEXT,
    created_at BIGINT NOT NULL,
    expires_at BIGINT,
    submitted BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE TABLE IF NOT EXISTS statements (
    seq BIGSERIAL PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    entity_id TEXT NOT NULL REFERENCES entities(id),
    session_id TEXT,
    file BYTEA NOT NULL,
    file_digest BYTEA NOT NULL,
    password TEXT,
    declared_bank TEXT,
    identity TEXT NOT NULL DEFAULT 'processing',
    transactions TEXT NOT NULL DEFAULT 'processing',
    analyses TEXT NOT NULL DEFAULT 'processing',
    message TEXT,
    statement_json TEXT,
    created_at BIGINT NOT NULL,
    UNIQUE (entity_id, file_digest)
);
CREATE INDEX IF NOT EXISTS statements_entity ON statements(entity_id, seq);
CREATE INDEX IF NOT EXISTS statements_session ON statements(session_id, seq);
CREATE TABLE IF NOT EXISTS jobs (
    id BIGSERIAL PRIMARY KEY,
    statement_id TEXT NOT NULL,
    stage TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'queued',
    attempts BIGINT NOT NULL DEFAULT 0,
    claimed_by TEXT,
    lease_until BIGINT,
    updated_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS jobs_queue ON jobs(state, id);
CREATE TABLE IF NOT EXISTS webhooks (
    org_id TEXT PRIMARY KEY REFERENCES orgs(id),
    url TEXT NOT NULL,
    mode BIGINT NOT NULL,
    signing_secret TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS webhook_outbox (
    id BIGSERIAL PRIMARY KEY,
    org_id TEXT NOT NULL,
    entity_id TEXT NOT NULL,
    statement_id TEXT NOT NULL,
    link_id TEXT,
    progress TEXT NOT NULL,
    reason TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    state TEXT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    next_attempt_ms BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS webhook_outbox_due ON webhook_outbox(state, next_attempt_ms);
CREATE INDEX IF NOT EXISTS webhook_outbox_link ON webhook_outbox(org_id, link_id, id);
CREATE TABLE IF NOT EXISTS webhook_attempts (
    id BIGSERIAL PRIMARY KEY,
    outbox_id BIGINT NOT NULL,
    attempt BIGINT NOT NULL,
    at_ms BIGINT NOT NULL,
    status BIGINT,
    error TEXT,
    elapsed_ms BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS webhook_attempts_outbox ON webhook_attempts(outbox_id, attempt);
";

/// See `ENQUEUE_OUTCOME` of the SQLite store: the same rule.
const ENQUEUE_OUTCOME: &str = "
INSERT INTO webhook_outbox
    (org_id, entity_id, statement_id, link_id, progress, reason, created_at, state, next_attempt_ms)
SELECT e.org_id, s.entity_id, s.id, e.link_id, $2, $3, $4,
       CASE WHEN w.url IS NOT NULL AND (s.session_id IS NOT NULL OR w.mode = 1) THEN 'pending' ELSE 'stored' END,
       $5
FROM statements s JOIN entities e ON e.id = s.entity_id LEFT JOIN webhooks w ON w.org_id = e.org_id
WHERE s.id = $1";

/// Marks organisation `$1` as the one claimed last (its turn comes after every other's).
const LAST_CLAIM: &str =
    "UPDATE orgs SET last_claim = (SELECT coalesce(max(last_claim), 0) + 1 FROM orgs) WHERE id = $1";

/// Raises the version of statement `$1`'s entity (before the statement is deleted, when it is).
const BUMP_VERSION: &str =
    "UPDATE entities SET version = version + 1 WHERE id = (SELECT entity_id FROM statements WHERE id = $1)";

const STATEMENT_COLUMNS: &str =
    "id, entity_id, declared_bank, identity, transactions, analyses, message, statement_json, created_at";

const PAYLOAD_COLUMNS: &str =
    "id, org_id, entity_id, statement_id, link_id, progress, reason, created_at, state, attempts";

impl From<postgres::Error> for StoreError {
    fn from(e: postgres::Error) -> Self {
        StoreError::Db(match e.as_db_error() {
            Some(db) => format!("{}: {}", db.code().code(), db.message()),
            None => e.to_string(),
        })
    }
}

fn statement_row(r: &Row) -> StoreResult<StatementRow> {
    Ok(StatementRow {
        id: r.try_get(0)?,
        entity_id: r.try_get(1)?,
        declared_bank: r.try_get(2)?,
        identity: status(r.try_get::<_, &str>(3)?),
        transactions: status(r.try_get::<_, &str>(4)?),
        analyses: status(r.try_get::<_, &str>(5)?),
        message: r.try_get(6)?,
        statement_json: r.try_get(7)?,
        created_at: r.try_get(8)?,
    })
}

fn entity_row(r: &Row) -> StoreResult<EntityRow> {
    Ok(EntityRow {
        id: r.try_get(0)?,
        org_id: r.try_get(1)?,
        link_id: r.try_get(2)?,
        metadata: json_or_null(r.try_get(3)?),
    })
}

fn payload_row(r: &Row) -> StoreResult<Payload> {
    Ok(Payload {
        id: r.try_get(0)?,
        org_id: r.try_get(1)?,
        entity_id: r.try_get(2)?,
        statement_id: r.try_get(3)?,
        link_id: r.try_get(4)?,
        progress: r.try_get(5)?,
        reason: r.try_get(6)?,
        created_at: r.try_get(7)?,
        state: r.try_get(8)?,
        attempts: u32::try_from(r.try_get::<_, i64>(9)?).unwrap_or(u32::MAX),
    })
}

fn webhook_row(r: &Row) -> StoreResult<Webhook> {
    Ok(Webhook {
        url: r.try_get(0)?,
        mode: u8::try_from(r.try_get::<_, i64>(1)?).unwrap_or(0),
        signing_secret: r.try_get(2)?,
        previous_secret: r.try_get(3)?,
        previous_until: r.try_get(4)?,
    })
}

/// Whether `job` is still running under this process's claim (locking its row
/// for the transaction). A lease taken over by another process is not: its
/// outcome is left to that process.
fn owns(tx: &mut postgres::Transaction<'_>, job: &Job, instance: &str) -> StoreResult<bool> {
    let mine = tx
        .query_opt(
            "SELECT 1 FROM jobs WHERE id = $1 AND state = 'running' AND claimed_by = $2 AND attempts = $3 FOR UPDATE",
            &[&job.id, &instance, &job.claim],
        )?
        .is_some();
    if !mine {
        tracing::warn!(job = job.id, "the job's lease passed to another process; its outcome is that process's");
    }
    Ok(mine)
}

/// PostgreSQL behind the [`Store`] trait, with a small connection pool.
pub struct PgStore {
    config: postgres::Config,
    idle: Mutex<Vec<Client>>,
    /// This process's name on the jobs it claims.
    instance: String,
    /// Seconds a claim lasts.
    lease_secs: i64,
    /// Most jobs of one organisation running at once; 0: no limit.
    org_job_quota: i64,
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore").field("instance", &self.instance).finish_non_exhaustive()
    }
}

const MAX_IDLE: usize = 16;

impl Drop for PgStore {
    /// Closing a blocking client runs a small runtime, which must not happen on
    /// an async thread (the last handle of the store may go there): close them
    /// on a thread of their own.
    fn drop(&mut self) {
        let clients = self.idle.get_mut().map(std::mem::take).unwrap_or_default();
        if !clients.is_empty() {
            let _ = std::thread::Builder::new().name("pg-close".into()).spawn(move || drop(clients));
        }
    }
}

impl PgStore {
    /// Connects to `url` (a `postgresql://` URL or `key=value` pairs) and
    /// creates the tables when missing (under an advisory lock, so several
    /// processes starting together do not race). Blocking.
    pub fn open(url: &str) -> StoreResult<Self> {
        let config: postgres::Config = url.parse().map_err(|e| StoreError::Db(format!("DATABASE_URL: {e}")))?;
        let store = PgStore {
            config,
            idle: Mutex::new(Vec::new()),
            instance: format!("{}-{}", std::process::id(), uuid::Uuid::new_v4().simple()),
            lease_secs: JOB_LEASE_SECS,
            org_job_quota: 0,
        };
        store.with(|c| {
            let mut tx = c.transaction()?;
            tx.execute("SELECT pg_advisory_xact_lock(7215004)", &[])?;
            tx.batch_execute(SCHEMA)?;
            tx.execute(
                "INSERT INTO schema_migrations (version, applied_at) VALUES (1, $1) ON CONFLICT DO NOTHING",
                &[&now()],
            )?;
            let at: i64 = tx.query_one("SELECT max(version) FROM schema_migrations", &[])?.try_get(0)?;
            for (i, sql) in MIGRATIONS.iter().enumerate() {
                let version = i as i64 + 2;
                if version > at {
                    tx.batch_execute(sql)?;
                    tx.execute(
                        "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)",
                        &[&version, &now()],
                    )?;
                }
            }
            tx.commit()?;
            Ok(())
        })?;
        Ok(store)
    }

    /// The same store with claims lasting `lease` (at least one second).
    pub fn with_job_lease(mut self, lease: std::time::Duration) -> Self {
        self.lease_secs = i64::try_from(lease.as_secs()).unwrap_or(JOB_LEASE_SECS).max(1);
        self
    }

    /// The same store with at most `quota` running jobs per organisation (0: no
    /// limit). Counted in the database, so across replicas; two replicas claiming
    /// at the same instant may each take the last place (the count is read, not locked).
    pub fn with_org_job_quota(mut self, quota: u32) -> Self {
        self.org_job_quota = i64::from(quota);
        self
    }

    /// The name this process claims jobs under (`<pid>-<random>`).
    pub fn instance(&self) -> &str {
        &self.instance
    }

    fn with<T>(&self, f: impl FnOnce(&mut Client) -> StoreResult<T>) -> StoreResult<T> {
        let pooled = self.idle.lock().map_err(|_| StoreError::Db("pool lock poisoned".into()))?.pop();
        let mut client = match pooled {
            Some(c) if !c.is_closed() => c,
            _ => self.config.connect(NoTls)?,
        };
        let result = f(&mut client);
        if !client.is_closed()
            && let Ok(mut idle) = self.idle.lock()
            && idle.len() < MAX_IDLE
        {
            idle.push(client);
        }
        result
    }
}

impl Store for PgStore {
    fn secret(&self) -> StoreResult<Vec<u8>> {
        let fresh = crate::crypto::random_bytes(32).map_err(|e| StoreError::Db(e.to_string()))?;
        self.with(|c| {
            c.execute("INSERT INTO meta (key, value) VALUES ('secret', $1) ON CONFLICT (key) DO NOTHING", &[&fresh])?;
            Ok(c.query_one("SELECT value FROM meta WHERE key = 'secret'", &[])?.try_get(0)?)
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
                 VALUES ($1, $2, $3, $4, $5, $6)",
                &[&id, &name, &key_digest, &server_hash_digest, &plan_expires_at, &now()],
            )?;
            Ok(id.clone())
        })
    }

    fn org_by_key(&self, key_digest: &[u8]) -> StoreResult<Option<Org>> {
        self.with(|c| {
            let row = c.query_opt(
                "SELECT id, name, server_hash_digest, plan_expires_at, modes, consent_overrides
                 FROM orgs WHERE key_digest = $1 AND revoked_at IS NULL",
                &[&key_digest],
            )?;
            row.map(|r| {
                Ok(Org {
                    id: r.try_get(0)?,
                    name: r.try_get(1)?,
                    server_hash_digest: r.try_get(2)?,
                    plan_expires_at: r.try_get(3)?,
                    modes: r.try_get::<_, &str>(4)?.split(',').map(str::to_string).collect(),
                    consent_overrides: json_or_null(r.try_get(5)?),
                })
            })
            .transpose()
        })
    }

    fn list_orgs(&self) -> StoreResult<Vec<OrgSummary>> {
        self.with(|c| {
            let rows = c.query(
                "SELECT id, name, key_prefix, plan_expires_at, revoked_at, created_at FROM orgs ORDER BY created_at, id",
                &[],
            )?;
            rows.iter()
                .map(|r| {
                    Ok(OrgSummary {
                        id: r.try_get(0)?,
                        name: r.try_get(1)?,
                        key_prefix: r.try_get(2)?,
                        plan_expires_at: r.try_get(3)?,
                        revoked_at: r.try_get(4)?,
                        created_at: r.try_get(5)?,
                    })
                })
                .collect()
        })
    }

    fn set_org_key(&self, org_id: &str, key_digest: &[u8], key_prefix: &str) -> StoreResult<bool> {
        self.with(|c| {
            let n = c.execute(
                "UPDATE orgs SET key_digest = $2, key_prefix = $3 WHERE id = $1",
                &[&org_id, &key_digest, &key_prefix],
            )?;
            Ok(n > 0)
        })
    }

    fn revoke_org(&self, org_id: &str, at: i64) -> StoreResult<bool> {
        self.with(|c| {
            let mut tx = c.transaction()?;
            let n =
                tx.execute("UPDATE orgs SET revoked_at = coalesce(revoked_at, $2) WHERE id = $1", &[&org_id, &at])?;
            tx.execute(
                "UPDATE sessions SET expires_at = $2 WHERE org_id = $1 AND (expires_at IS NULL OR expires_at > $2)",
                &[&org_id, &at],
            )?;
            tx.commit()?;
            Ok(n > 0)
        })
    }

    fn create_session(&self, s: &SessionRow, metadata: &serde_json::Value) -> StoreResult<()> {
        self.with(|c| {
            let mut tx = c.transaction()?;
            tx.execute(
                "INSERT INTO entities (id, org_id, link_id, metadata, created_at) VALUES ($1, $2, $3, $4, $5)",
                &[&s.id, &s.org_id, &s.link_id, &metadata.to_string(), &s.created_at],
            )?;
            tx.execute(
                "INSERT INTO sessions (id, org_id, version, link_id, params, consents, created_at, expires_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                &[
                    &s.id,
                    &s.org_id,
                    &i64::from(s.version),
                    &s.link_id,
                    &s.params.to_string(),
                    &s.consents.as_ref().map(|c| c.to_string()),
                    &s.created_at,
                    &s.expires_at,
                ],
            )?;
            tx.commit()?;
            Ok(())
        })
    }

    fn session(&self, id: &str) -> StoreResult<Option<SessionRow>> {
        self.with(|c| {
            let row = c.query_opt(
                "SELECT id, org_id, version, link_id, params, consents, created_at, expires_at, submitted
                 FROM sessions WHERE id = $1",
                &[&id],
            )?;
            row.map(|r| {
                Ok(SessionRow {
                    id: r.try_get(0)?,
                    org_id: r.try_get(1)?,
                    version: u8::try_from(r.try_get::<_, i64>(2)?).unwrap_or(1),
                    link_id: r.try_get(3)?,
                    params: json_or_null(r.try_get(4)?),
                    consents: r.try_get::<_, Option<String>>(5)?.map(|t| json_or_null(Some(t))),
                    created_at: r.try_get(6)?,
                    expires_at: r.try_get(7)?,
                    submitted: r.try_get(8)?,
                })
            })
            .transpose()
        })
    }

    fn submit_session(&self, id: &str) -> StoreResult<()> {
        self.with(|c| {
            c.execute("UPDATE sessions SET submitted = TRUE WHERE id = $1", &[&id])?;
            Ok(())
        })
    }

    fn create_entity(&self, e: &EntityRow) -> StoreResult<()> {
        self.with(|c| {
            c.execute(
                "INSERT INTO entities (id, org_id, link_id, metadata, created_at) VALUES ($1, $2, $3, $4, $5)",
                &[&e.id, &e.org_id, &e.link_id, &e.metadata.to_string(), &now()],
            )?;
            Ok(())
        })
    }

    fn entity(&self, org_id: &str, entity_id: &str) -> StoreResult<Option<EntityRow>> {
        self.with(|c| {
            c.query_opt(
                "SELECT id, org_id, link_id, metadata FROM entities WHERE id = $1 AND org_id = $2",
                &[&entity_id, &org_id],
            )?
            .map(|r| entity_row(&r))
            .transpose()
        })
    }

    fn entity_metadata(&self, entity_id: &str) -> StoreResult<Option<serde_json::Value>> {
        self.with(|c| {
            let row = c.query_opt("SELECT metadata FROM entities WHERE id = $1", &[&entity_id])?;
            row.map(|r| Ok(json_or_null(r.try_get(0)?))).transpose()
        })
    }

    fn entity_version(&self, org_id: &str, entity_id: &str) -> StoreResult<Option<i64>> {
        self.with(|c| {
            let row =
                c.query_opt("SELECT version FROM entities WHERE id = $1 AND org_id = $2", &[&entity_id, &org_id])?;
            row.map(|r| Ok(r.try_get(0)?)).transpose()
        })
    }

    fn entity_by_link(&self, org_id: &str, link_id: &str) -> StoreResult<Option<EntityRow>> {
        self.with(|c| {
            c.query_opt(
                "SELECT id, org_id, link_id, metadata FROM entities WHERE org_id = $1 AND link_id = $2
                 ORDER BY created_at DESC, seq DESC LIMIT 1",
                &[&org_id, &link_id],
            )?
            .map(|r| entity_row(&r))
            .transpose()
        })
    }

    fn insert_statement(&self, s: &NewStatement) -> StoreResult<()> {
        let digest = crate::crypto::sha256(&s.file).to_vec();
        self.with(|c| {
            let mut tx = c.transaction()?;
            // One upload of the same bytes per entity, also across processes.
            tx.execute("SELECT pg_advisory_xact_lock(hashtext($1))", &[&s.entity_id])?;
            if let Some(r) = tx.query_opt(
                "SELECT id FROM statements WHERE entity_id = $1 AND file_digest = $2",
                &[&s.entity_id, &digest],
            )? {
                return Err(StoreError::Duplicate { existing: r.try_get(0)? });
            }
            let t = now();
            tx.execute(
                "INSERT INTO statements (id, entity_id, session_id, file, file_digest, password, declared_bank, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                &[&s.id, &s.entity_id, &s.session_id, &s.file, &digest, &s.password, &s.declared_bank, &t],
            )?;
            tx.execute(
                "INSERT INTO jobs (statement_id, stage, updated_at, org_id)
                 VALUES ($1, 'identity', $2, (SELECT org_id FROM entities WHERE id = $3))",
                &[&s.id, &t, &s.entity_id],
            )?;
            tx.execute("UPDATE entities SET version = version + 1 WHERE id = $1", &[&s.entity_id])?;
            tx.commit()?;
            Ok(())
        })
    }

    fn statements(&self, entity_id: &str) -> StoreResult<Vec<StatementRow>> {
        self.with(|c| {
            c.query(
                &format!("SELECT {STATEMENT_COLUMNS} FROM statements WHERE entity_id = $1 ORDER BY seq"),
                &[&entity_id],
            )?
            .iter()
            .map(statement_row)
            .collect()
        })
    }

    fn session_statements(&self, session_id: &str) -> StoreResult<Vec<StatementRow>> {
        self.with(|c| {
            c.query(
                &format!("SELECT {STATEMENT_COLUMNS} FROM statements WHERE session_id = $1 ORDER BY seq"),
                &[&session_id],
            )?
            .iter()
            .map(statement_row)
            .collect()
        })
    }

    fn statement_input(&self, id: &str) -> StoreResult<Option<StatementInput>> {
        self.with(|c| {
            let row = c.query_opt("SELECT file, password, declared_bank FROM statements WHERE id = $1", &[&id])?;
            row.map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?))).transpose()
        })
    }

    fn statement(&self, id: &str) -> StoreResult<Option<StatementRow>> {
        self.with(|c| {
            c.query_opt(&format!("SELECT {STATEMENT_COLUMNS} FROM statements WHERE id = $1"), &[&id])?
                .map(|r| statement_row(&r))
                .transpose()
        })
    }

    fn delete_statement(&self, id: &str) -> StoreResult<bool> {
        self.with(|c| {
            let mut tx = c.transaction()?;
            tx.execute(BUMP_VERSION, &[&id])?;
            tx.execute("DELETE FROM jobs WHERE statement_id = $1", &[&id])?;
            let n = tx.execute("DELETE FROM statements WHERE id = $1", &[&id])?;
            tx.commit()?;
            Ok(n > 0)
        })
    }

    fn job_counts(&self) -> StoreResult<Vec<(String, i64)>> {
        self.with(|c| {
            let rows = c.query("SELECT state, count(*) FROM jobs GROUP BY state", &[])?;
            rows.iter().map(|r| Ok((r.try_get(0)?, r.try_get(1)?))).collect()
        })
    }

    fn drop_file(&self, statement_id: &str) -> StoreResult<()> {
        self.with(|c| {
            c.execute("UPDATE statements SET file = ''::bytea, password = NULL WHERE id = $1", &[&statement_id])?;
            Ok(())
        })
    }

    fn entities_created_before(&self, before: i64, limit: usize) -> StoreResult<Vec<String>> {
        let limit = i64::try_from(limit).unwrap_or(100);
        self.with(|c| {
            let rows = c.query(
                "SELECT id FROM entities WHERE created_at < $1 ORDER BY created_at LIMIT $2",
                &[&before, &limit],
            )?;
            rows.iter().map(|r| Ok(r.try_get(0)?)).collect()
        })
    }

    fn refuse_statement(&self, job: &Job, message: &str) -> StoreResult<bool> {
        self.with(|c| {
            let mut tx = c.transaction()?;
            if !owns(&mut tx, job, &self.instance)? {
                return Ok(false);
            }
            tx.execute(ENQUEUE_OUTCOME, &[&job.statement_id, &"failed", &message, &now(), &now_ms()])?;
            tx.execute(BUMP_VERSION, &[&job.statement_id])?;
            tx.execute("DELETE FROM jobs WHERE statement_id = $1", &[&job.statement_id])?;
            tx.execute("DELETE FROM statements WHERE id = $1", &[&job.statement_id])?;
            tx.commit()?;
            Ok(true)
        })
    }

    fn delete_entity(&self, entity_id: &str, only_if_empty: bool, purge_payloads: bool) -> StoreResult<bool> {
        self.with(|c| {
            let mut tx = c.transaction()?;
            // Lock the entity row so an upload cannot slip a statement in meanwhile.
            if tx.query_opt("SELECT 1 FROM entities WHERE id = $1 FOR UPDATE", &[&entity_id])?.is_none() {
                return Ok(false);
            }
            let statements: i64 =
                tx.query_one("SELECT count(*) FROM statements WHERE entity_id = $1", &[&entity_id])?.try_get(0)?;
            if only_if_empty && statements > 0 {
                return Ok(false);
            }
            tx.execute(
                "DELETE FROM jobs WHERE statement_id IN (SELECT id FROM statements WHERE entity_id = $1)",
                &[&entity_id],
            )?;
            tx.execute("DELETE FROM statements WHERE entity_id = $1", &[&entity_id])?;
            if purge_payloads {
                tx.execute(
                    "DELETE FROM webhook_attempts WHERE outbox_id IN (SELECT id FROM webhook_outbox WHERE entity_id = $1)",
                    &[&entity_id],
                )?;
                tx.execute("DELETE FROM webhook_outbox WHERE entity_id = $1", &[&entity_id])?;
            }
            tx.execute("DELETE FROM sessions WHERE id = $1", &[&entity_id])?;
            let n = tx.execute("DELETE FROM entities WHERE id = $1", &[&entity_id])?;
            tx.commit()?;
            Ok(n > 0)
        })
    }

    fn claim_job(&self) -> StoreResult<Option<Job>> {
        let t = now();
        self.with(|c| {
            let mut tx = c.transaction()?;
            let row = tx.query_opt(
                "UPDATE jobs SET state = 'running', attempts = attempts + 1, stage_attempts = stage_attempts + 1,
                        claimed_by = $2, lease_until = $3, updated_at = $1,
                        last_error = CASE WHEN state = 'running'
                                          THEN 'the lease of the claiming process ran out' ELSE last_error END
                 WHERE id = (SELECT j.id FROM jobs j LEFT JOIN orgs o ON o.id = j.org_id
                             WHERE ((j.state = 'queued' AND j.run_after_ms <= $4)
                                    OR (j.state = 'running' AND j.lease_until < $1))
                               AND ($5::BIGINT = 0 OR (SELECT count(*) FROM jobs r
                                                       WHERE r.org_id = j.org_id AND r.state = 'running'
                                                         AND r.lease_until >= $1) < $5::BIGINT)
                             ORDER BY coalesce(o.last_claim, 0), j.id LIMIT 1 FOR UPDATE OF j SKIP LOCKED)
                 RETURNING id, statement_id, stage, stage_attempts, attempts, last_error, org_id",
                &[&t, &self.instance, &(t + self.lease_secs), &now_ms(), &self.org_job_quota],
            )?;
            let Some(r) = row else { return Ok(None) };
            if let Some(org) = r.try_get::<_, Option<String>>(6)? {
                tx.execute(LAST_CLAIM, &[&org])?;
            }
            tx.commit()?;
            let stage: String = r.try_get(2)?;
            Ok(match Stage::parse(&stage) {
                Some(stage) => Some(Job {
                    id: r.try_get(0)?,
                    statement_id: r.try_get(1)?,
                    stage,
                    attempt: u32::try_from(r.try_get::<_, i64>(3)?).unwrap_or(u32::MAX),
                    claim: r.try_get(4)?,
                    last_error: r.try_get(5)?,
                }),
                None => None,
            })
        })
    }

    fn complete_stage(&self, job: &Job, statement_json: Option<&str>) -> StoreResult<bool> {
        self.with(|c| {
            let mut tx = c.transaction()?;
            // Only the claimer of a running job completes it (a lease taken over is not).
            if !owns(&mut tx, job, &self.instance)? {
                return Ok(false);
            }
            let col = job.stage.name();
            if let Some(json) = statement_json {
                tx.execute("UPDATE statements SET statement_json = $1 WHERE id = $2", &[&json, &job.statement_id])?;
            }
            tx.execute(&format!("UPDATE statements SET {col} = 'completed' WHERE id = $1"), &[&job.statement_id])?;
            tx.execute(BUMP_VERSION, &[&job.statement_id])?;
            if job.stage == Stage::Transactions {
                tx.execute("UPDATE statements SET password = NULL WHERE id = $1", &[&job.statement_id])?;
            }
            match job.stage.next() {
                Some(next) => tx.execute(
                    "UPDATE jobs SET stage = $1, state = 'queued', lease_until = NULL, stage_attempts = 0,
                            run_after_ms = 0, last_error = NULL, updated_at = $2 WHERE id = $3",
                    &[&next.name(), &now(), &job.id],
                )?,
                None => {
                    tx.execute(ENQUEUE_OUTCOME, &[&job.statement_id, &"completed", &"", &now(), &now_ms()])?;
                    tx.execute("UPDATE jobs SET state = 'done', updated_at = $2 WHERE id = $1", &[&job.id, &now()])?
                }
            };
            tx.commit()?;
            Ok(true)
        })
    }

    fn fail_stage(&self, job: &Job, message: &str) -> StoreResult<bool> {
        self.with(|c| {
            let mut tx = c.transaction()?;
            if !owns(&mut tx, job, &self.instance)? {
                return Ok(false);
            }
            let mut stage = Some(job.stage);
            while let Some(s) = stage {
                tx.execute(
                    &format!("UPDATE statements SET {} = 'failed', message = $1 WHERE id = $2", s.name()),
                    &[&message, &job.statement_id],
                )?;
                stage = s.next();
            }
            tx.execute("UPDATE statements SET password = NULL WHERE id = $1", &[&job.statement_id])?;
            tx.execute(BUMP_VERSION, &[&job.statement_id])?;
            tx.execute(ENQUEUE_OUTCOME, &[&job.statement_id, &"failed", &message, &now(), &now_ms()])?;
            tx.execute(
                "UPDATE jobs SET state = 'failed', lease_until = NULL, last_error = $3, updated_at = $2 WHERE id = $1",
                &[&job.id, &now(), &message],
            )?;
            tx.commit()?;
            Ok(true)
        })
    }

    fn retry_job(&self, job: &Job, error: &str, run_after_ms: i64) -> StoreResult<bool> {
        self.with(|c| {
            let n = c.execute(
                "UPDATE jobs SET state = 'queued', lease_until = NULL, run_after_ms = $4, last_error = $5, updated_at = $6
                 WHERE id = $1 AND state = 'running' AND claimed_by = $2 AND attempts = $3",
                &[&job.id, &self.instance, &job.claim, &run_after_ms, &error, &now()],
            )?;
            Ok(n > 0)
        })
    }

    /// Several processes share the queue: a running job may be another live
    /// process's, so only jobs whose lease ran out are put back (due after their
    /// backoff). Jobs of a dead process are otherwise claimed again when their
    /// lease runs out (see [`JOB_LEASE_SECS`]); that claim counts as an attempt.
    fn requeue_running(&self, backoff: i64) -> StoreResult<usize> {
        let t = now();
        self.with(|c| {
            let n = c.execute(
                "UPDATE jobs SET state = 'queued', lease_until = NULL,
                        last_error = 'the lease of the claiming process ran out',
                        run_after_ms = $2 + $3 * (1::BIGINT << LEAST(GREATEST(stage_attempts - 1, 0), 16)::INT)
                 WHERE state = 'running' AND lease_until < $1",
                &[&t, &now_ms(), &backoff],
            )?;
            Ok(usize::try_from(n).unwrap_or(usize::MAX))
        })
    }

    fn set_webhook(&self, org_id: &str, url: &str, mode: u8) -> StoreResult<Webhook> {
        let fresh = crate::store::fresh_webhook_secret()?;
        self.with(|c| {
            let r = c.query_one(
                "INSERT INTO webhooks (org_id, url, mode, signing_secret, updated_at) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (org_id) DO UPDATE SET url = excluded.url, mode = excluded.mode,
                 updated_at = excluded.updated_at
                 RETURNING url, mode, signing_secret, previous_secret, previous_until",
                &[&org_id, &url, &i64::from(mode), &fresh, &now()],
            )?;
            webhook_row(&r)
        })
    }

    fn webhook(&self, org_id: &str) -> StoreResult<Option<Webhook>> {
        self.with(|c| {
            let row = c.query_opt(
                "SELECT url, mode, signing_secret, previous_secret, previous_until FROM webhooks WHERE org_id = $1",
                &[&org_id],
            )?;
            row.map(|r| webhook_row(&r)).transpose()
        })
    }

    fn rotate_webhook_secret(&self, org_id: &str, fresh: &str, previous_until: i64) -> StoreResult<Option<Webhook>> {
        self.with(|c| {
            let row = c.query_opt(
                "UPDATE webhooks SET previous_secret = signing_secret, previous_until = $3, signing_secret = $2,
                        updated_at = $4 WHERE org_id = $1
                 RETURNING url, mode, signing_secret, previous_secret, previous_until",
                &[&org_id, &fresh, &previous_until, &now()],
            )?;
            row.map(|r| webhook_row(&r)).transpose()
        })
    }

    fn claim_deliveries(&self, now_ms: i64, lease_ms: i64, limit: usize) -> StoreResult<Vec<Payload>> {
        let limit = i64::try_from(limit).unwrap_or(16);
        self.with(|c| {
            c.query(
                &format!(
                    "UPDATE webhook_outbox SET attempts = attempts + 1, next_attempt_ms = $2
                     WHERE id IN (SELECT id FROM webhook_outbox WHERE state = 'pending' AND next_attempt_ms <= $1
                                  ORDER BY next_attempt_ms, id LIMIT $3 FOR UPDATE SKIP LOCKED)
                     RETURNING {PAYLOAD_COLUMNS}"
                ),
                &[&now_ms, &(now_ms + lease_ms), &limit],
            )?
            .iter()
            .map(payload_row)
            .collect()
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
            let mut tx = c.transaction()?;
            tx.execute(
                "INSERT INTO webhook_attempts (outbox_id, attempt, at_ms, status, error, elapsed_ms)
                 VALUES ($1, $2, $3, $4, $5, $6)",
                &[&payload_id, &i64::from(a.attempt), &a.at_ms, &a.status.map(i64::from), &a.error, &a.elapsed_ms],
            )?;
            match (delivered, retry_at_ms) {
                (true, _) => {
                    tx.execute("UPDATE webhook_outbox SET state = 'delivered' WHERE id = $1", &[&payload_id])?
                }
                (false, Some(at)) => {
                    tx.execute("UPDATE webhook_outbox SET next_attempt_ms = $2 WHERE id = $1", &[&payload_id, &at])?
                }
                (false, None) => {
                    tx.execute("UPDATE webhook_outbox SET state = 'failed' WHERE id = $1", &[&payload_id])?
                }
            };
            tx.commit()?;
            Ok(())
        })
    }

    fn payloads_by_link(&self, org_id: &str, link_id: &str) -> StoreResult<Vec<Payload>> {
        self.with(|c| {
            c.query(
                &format!(
                    "SELECT {PAYLOAD_COLUMNS} FROM webhook_outbox WHERE org_id = $1 AND link_id = $2
                     ORDER BY created_at DESC, id DESC"
                ),
                &[&org_id, &link_id],
            )?
            .iter()
            .map(payload_row)
            .collect()
        })
    }

    fn attempts(&self, payload_id: i64) -> StoreResult<Vec<Attempt>> {
        self.with(|c| {
            c.query(
                "SELECT attempt, at_ms, status, error, elapsed_ms FROM webhook_attempts WHERE outbox_id = $1
                 ORDER BY attempt, id",
                &[&payload_id],
            )?
            .iter()
            .map(|r| {
                Ok(Attempt {
                    attempt: u32::try_from(r.try_get::<_, i64>(0)?).unwrap_or(u32::MAX),
                    at_ms: r.try_get(1)?,
                    status: r.try_get::<_, Option<i64>>(2)?.and_then(|s| u16::try_from(s).ok()),
                    error: r.try_get(3)?,
                    elapsed_ms: r.try_get(4)?,
                })
            })
            .collect()
        })
    }
}
