//! The storage contract on both backends, and PostgreSQL journeys: one
//! in-process server, then two server processes on one database sharing 50
//! uploads with no job done twice and none lost.
//!
//! The PostgreSQL tests need `DATABASE_URL` (scripts/test starts a throwaway
//! cluster with `scripts/pg-cluster start`); each test makes its own database.
//! Without it they say so and pass, unless `BANKSCOPE_REQUIRE_PG=1`.

mod common;

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use bankscope::resources::ProgressStatus as P;
use bankscope_server::pg::PgStore;
use bankscope_server::store::{
    Attempt, EntityRow, NewStatement, SessionRow, SqliteStore, Stage, Store, StoreError, now_ms,
};
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// The server's PostgreSQL, or `None` (the test is skipped) when none is configured.
fn pg_base() -> Option<String> {
    let url = std::env::var("DATABASE_URL").ok().filter(|u| !u.trim().is_empty());
    if url.is_none() {
        assert!(std::env::var("BANKSCOPE_REQUIRE_PG").is_err(), "BANKSCOPE_REQUIRE_PG is set but DATABASE_URL is not");
        eprintln!("DATABASE_URL not set: PostgreSQL test skipped");
    }
    url
}

/// A new, empty database on the server of `base`; its connection string.
fn fresh_db(base: &str) -> String {
    let name = format!("t_{}", uuid::Uuid::new_v4().simple());
    let mut admin = postgres::Client::connect(base, postgres::NoTls).unwrap_or_else(|e| panic!("connect {base}: {e}"));
    admin.batch_execute(&format!("CREATE DATABASE {name}")).unwrap_or_else(|e| panic!("create database: {e}"));
    if base.starts_with("postgres://") || base.starts_with("postgresql://") {
        let (head, query) = base.split_once('?').map_or((base, None), |(h, q)| (h, Some(q)));
        let (server, _) = head.rsplit_once('/').unwrap_or((head, ""));
        let server = if server.ends_with(':') || server.ends_with('/') { head } else { server };
        format!("{server}/{name}{}", query.map(|q| format!("?{q}")).unwrap_or_default())
    } else {
        format!("{base} dbname={name}")
    }
}

fn pg_client(url: &str) -> postgres::Client {
    postgres::Client::connect(url, postgres::NoTls).unwrap_or_else(|e| panic!("connect: {e}"))
}

fn new_statement(id: &str, entity: &str, session: Option<&str>, file: &[u8]) -> NewStatement {
    NewStatement {
        id: id.into(),
        entity_id: entity.into(),
        session_id: session.map(str::to_string),
        file: file.to_vec(),
        password: Some("pw".into()),
        declared_bank: Some("sbi".into()),
    }
}

fn id() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// What every store must do, call by call.
fn contract(store: &dyn Store) {
    let ok = |e: StoreError| -> ! { panic!("store: {e}") };
    let secret = store.secret().unwrap_or_else(|e| ok(e));
    assert_eq!(secret.len(), 32);
    assert_eq!(store.secret().unwrap_or_else(|e| ok(e)), secret, "made once");

    let org = store.create_org("acme", &[1; 32], &[2; 32], Some(4_102_444_800)).unwrap_or_else(|e| ok(e));
    let Some(o) = store.org_by_key(&[1; 32]).unwrap_or_else(|e| ok(e)) else { panic!("org by key") };
    assert_eq!((o.id.as_str(), o.name.as_str(), o.plan_expires_at), (org.as_str(), "acme", Some(4_102_444_800)));
    assert_eq!((o.server_hash_digest, o.modes), (vec![2; 32], vec!["pdf".to_string(), "aa".to_string()]));
    assert_eq!(store.org_by_key(&[9; 32]).unwrap_or_else(|e| ok(e)), None);

    // org list | rotate-key | revoke: a new key replaces the old at once; a revoked org has no key.
    let other = store.create_org("other", &[11; 32], &[12; 32], None).unwrap_or_else(|e| ok(e));
    assert!(store.set_org_key(&other, &[13; 32], "bsk_0000aaaa").unwrap_or_else(|e| ok(e)));
    assert_eq!(store.org_by_key(&[11; 32]).unwrap_or_else(|e| ok(e)), None);
    assert!(store.org_by_key(&[13; 32]).unwrap_or_else(|e| ok(e)).is_some());
    let find = |id: &str| store.list_orgs().unwrap_or_else(|e| ok(e)).into_iter().find(|o| o.id == id);
    let Some(o) = find(&other) else { panic!("listed") };
    assert_eq!(
        (o.name.as_str(), o.key_prefix.as_deref(), o.state(now_ms() / 1000)),
        ("other", Some("bsk_0000aaaa"), "active")
    );
    assert!(store.revoke_org(&other, 1_700_000_000).unwrap_or_else(|e| ok(e)));
    assert_eq!(store.org_by_key(&[13; 32]).unwrap_or_else(|e| ok(e)), None);
    assert_eq!(find(&other).map(|o| (o.revoked_at, o.state(0))), Some((Some(1_700_000_000), "revoked")));
    assert!(!store.revoke_org("no-such-org", 1).unwrap_or_else(|e| ok(e)));
    assert_eq!(find(&org).map(|o| o.state(0)), Some("active"));

    let e1 = id();
    let entity =
        EntityRow { id: e1.clone(), org_id: org.clone(), link_id: Some("L".into()), metadata: json!({"names": ["A"]}) };
    store.create_entity(&entity).unwrap_or_else(|e| ok(e));
    assert_eq!(store.entity(&org, &e1).unwrap_or_else(|e| ok(e)), Some(entity.clone()));
    assert_eq!(store.entity("another-org", &e1).unwrap_or_else(|e| ok(e)), None);
    assert_eq!(store.entity_by_link(&org, "L").unwrap_or_else(|e| ok(e)).map(|e| e.id), Some(e1.clone()));
    assert_eq!(store.entity_metadata(&e1).unwrap_or_else(|e| ok(e)), Some(json!({"names": ["A"]})));
    let version = |e: &str| store.entity_version(&org, e).unwrap_or_else(|e| ok(e));
    assert_eq!((version(&e1), store.entity_version("another-org", &e1).unwrap_or_else(|e| ok(e))), (Some(0), None));

    let sid = id();
    let session = SessionRow {
        id: sid.clone(),
        org_id: org.clone(),
        version: 2,
        link_id: "S".into(),
        params: json!({"bank_name": "sbi"}),
        consents: Some(json!({"CC0001": {}})),
        created_at: 1_700_000_000,
        expires_at: Some(1_700_000_600),
        submitted: false,
    };
    store.create_session(&session, &json!({})).unwrap_or_else(|e| ok(e));
    assert_eq!(store.session(&sid).unwrap_or_else(|e| ok(e)), Some(session.clone()));
    store.submit_session(&sid).unwrap_or_else(|e| ok(e));
    assert_eq!(store.session(&sid).unwrap_or_else(|e| ok(e)).map(|s| s.submitted), Some(true));

    // Statements: stored with their first job; the same bytes twice in one entity are refused.
    let (s1, s2, s3) = (id(), id(), id());
    store.insert_statement(&new_statement(&s1, &e1, None, b"%PDF-1 one")).unwrap_or_else(|e| ok(e));
    match store.insert_statement(&new_statement(&id(), &e1, None, b"%PDF-1 one")) {
        Err(StoreError::Duplicate { existing }) => assert_eq!(existing, s1),
        other => panic!("duplicate expected: {other:?}"),
    }
    store.insert_statement(&new_statement(&s2, &e1, None, b"%PDF-1 two")).unwrap_or_else(|e| ok(e));
    assert_eq!(version(&e1), Some(2), "each stored statement is a new version; the refused duplicate is not");
    let rows = store.statements(&e1).unwrap_or_else(|e| ok(e));
    assert_eq!(rows.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(), [s1.as_str(), s2.as_str()]);
    assert!(rows.iter().all(|r| [r.identity, r.transactions, r.analyses] == [P::Processing; 3]));
    assert_eq!(
        store.statement_input(&s1).unwrap_or_else(|e| ok(e)),
        Some((b"%PDF-1 one".to_vec(), Some("pw".into()), Some("sbi".into())))
    );

    // Jobs: oldest first, one claimer each; a completed stage queues the next on the same job row.
    let Some(j1) = store.claim_job().unwrap_or_else(|e| ok(e)) else { panic!("job 1") };
    let Some(j2) = store.claim_job().unwrap_or_else(|e| ok(e)) else { panic!("job 2") };
    assert_eq!((j1.statement_id.as_str(), j1.stage), (s1.as_str(), Stage::Identity));
    assert_eq!((j2.statement_id.as_str(), j2.stage), (s2.as_str(), Stage::Identity));
    assert_eq!(store.claim_job().unwrap_or_else(|e| ok(e)), None, "both are running");
    store.complete_stage(&j1, Some(r#"{"read":1}"#)).unwrap_or_else(|e| ok(e));
    assert_eq!(version(&e1), Some(3), "a completed stage is a new version");
    let Some(row) = store.statement(&s1).unwrap_or_else(|e| ok(e)) else { panic!("s1") };
    assert_eq!(
        (row.identity, row.transactions, row.statement_json.as_deref()),
        (P::Completed, P::Processing, Some(r#"{"read":1}"#))
    );
    let Some(j3) = store.claim_job().unwrap_or_else(|e| ok(e)) else { panic!("job 3") };
    assert_eq!((j3.id, j3.stage), (j1.id, Stage::Transactions));
    store.complete_stage(&j3, None).unwrap_or_else(|e| ok(e));
    assert_eq!(store.statement_input(&s1).unwrap_or_else(|e| ok(e)).and_then(|i| i.1), None, "password cleared");
    let Some(j4) = store.claim_job().unwrap_or_else(|e| ok(e)) else { panic!("job 4") };
    assert_eq!(j4.stage, Stage::Analyses);
    store.complete_stage(&j4, None).unwrap_or_else(|e| ok(e));
    let before = version(&e1);
    store.fail_stage(&j2, "PASSWORD_INCORRECT: wrong password").unwrap_or_else(|e| ok(e));
    assert_eq!(version(&e1), before.map(|v| v + 1), "a failed stage is a new version");
    let Some(row) = store.statement(&s2).unwrap_or_else(|e| ok(e)) else { panic!("s2") };
    assert_eq!([row.identity, row.transactions, row.analyses], [P::Failed; 3]);
    assert_eq!(row.message.as_deref(), Some("PASSWORD_INCORRECT: wrong password"));
    assert_eq!(store.claim_job().unwrap_or_else(|e| ok(e)), None);

    // Outcomes are payloads; without a webhook they are stored (listed) and never due.
    let listed = store.payloads_by_link(&org, "L").unwrap_or_else(|e| ok(e));
    let summary: Vec<_> =
        listed.iter().map(|p| (p.statement_id.as_str(), p.progress.as_str(), p.state.as_str())).collect();
    assert_eq!(summary, [(s2.as_str(), "failed", "stored"), (s1.as_str(), "completed", "stored")], "newest first");
    assert_eq!(listed[0].reason, "PASSWORD_INCORRECT: wrong password");
    assert_eq!(listed[0].link_id.as_deref(), Some("L"));
    let t = now_ms();
    assert!(store.claim_deliveries(t, 60_000, 10).unwrap_or_else(|e| ok(e)).is_empty());

    // The webhook: the secret is made once; mode 1 makes manual outcomes due.
    let w0 = store.set_webhook(&org, "https://a.example/hook", 0).unwrap_or_else(|e| ok(e));
    assert!(w0.signing_secret.starts_with("whsec_"));
    let w1 = store.set_webhook(&org, "https://b.example/hook", 1).unwrap_or_else(|e| ok(e));
    assert_eq!((w1.url.as_str(), w1.mode, &w1.signing_secret), ("https://b.example/hook", 1, &w0.signing_secret));
    assert_eq!(store.webhook(&org).unwrap_or_else(|e| ok(e)), Some(w1));
    store.insert_statement(&new_statement(&s3, &e1, None, b"%PDF-1 three")).unwrap_or_else(|e| ok(e));
    for _ in 0..3 {
        let Some(j) = store.claim_job().unwrap_or_else(|e| ok(e)) else { panic!("s3 job") };
        store.complete_stage(&j, Some("{}")).unwrap_or_else(|e| ok(e));
    }
    let t = now_ms();
    let due = store.claim_deliveries(t, 60_000, 10).unwrap_or_else(|e| ok(e));
    assert_eq!(due.iter().map(|p| (p.statement_id.as_str(), p.attempts)).collect::<Vec<_>>(), [(s3.as_str(), 1)]);
    assert!(store.claim_deliveries(t, 60_000, 10).unwrap_or_else(|e| ok(e)).is_empty(), "leased");
    let refused = Attempt { attempt: 1, at_ms: t, status: None, error: Some("refused".into()), elapsed_ms: 3 };
    store.record_attempt(due[0].id, &refused, false, Some(t - 1)).unwrap_or_else(|e| ok(e));
    let again = store.claim_deliveries(t, 60_000, 10).unwrap_or_else(|e| ok(e));
    assert_eq!(again.iter().map(|p| (p.id, p.attempts)).collect::<Vec<_>>(), [(due[0].id, 2)]);
    let delivered = Attempt { attempt: 2, at_ms: t + 5, status: Some(200), error: None, elapsed_ms: 4 };
    store.record_attempt(due[0].id, &delivered, true, None).unwrap_or_else(|e| ok(e));
    assert_eq!(store.attempts(due[0].id).unwrap_or_else(|e| ok(e)), vec![refused, delivered]);
    let listed = store.payloads_by_link(&org, "L").unwrap_or_else(|e| ok(e));
    assert_eq!((listed[0].statement_id.as_str(), listed[0].state.as_str()), (s3.as_str(), "delivered"));

    // A session's statements; deletion.
    let s4 = id();
    store.insert_statement(&new_statement(&s4, &sid, Some(&sid), b"%PDF-1 four")).unwrap_or_else(|e| ok(e));
    assert_eq!(store.session_statements(&sid).unwrap_or_else(|e| ok(e)).len(), 1);
    let before = version(&sid);
    assert!(store.delete_statement(&s4).unwrap_or_else(|e| ok(e)));
    assert_eq!(version(&sid), before.map(|v| v + 1), "a deleted statement is a new version");
    assert!(!store.delete_statement(&s4).unwrap_or_else(|e| ok(e)));
    assert_eq!(store.claim_job().unwrap_or_else(|e| ok(e)), None, "its job went with it");
}

/// Attempts, backoff and claim tokens: a retried job is not due before its
/// time, counts its stage's attempts, and a claim that was given up records nothing.
fn job_attempts_contract(store: &dyn Store) {
    let ok = |e: StoreError| -> ! { panic!("store: {e}") };
    let org = store.create_org("jobs", &[3; 32], &[4; 32], None).unwrap_or_else(|e| ok(e));
    let e1 = id();
    let entity = EntityRow { id: e1.clone(), org_id: org, link_id: None, metadata: json!({}) };
    store.create_entity(&entity).unwrap_or_else(|e| ok(e));
    let s1 = id();
    store.insert_statement(&new_statement(&s1, &e1, None, b"%PDF-1 jobs")).unwrap_or_else(|e| ok(e));
    let Some(j1) = store.claim_job().unwrap_or_else(|e| ok(e)) else { panic!("first claim") };
    assert_eq!((j1.attempt, j1.last_error.as_deref()), (1, None));
    // Back in the queue in 800 ms: not due before.
    assert!(store.retry_job(&j1, "INTERNAL: flaky", now_ms() + 800).unwrap_or_else(|e| ok(e)));
    assert_eq!(store.claim_job().unwrap_or_else(|e| ok(e)), None, "not due before its backoff");
    // The given-up claim records nothing.
    assert!(!store.complete_stage(&j1, Some("{}")).unwrap_or_else(|e| ok(e)));
    assert!(!store.fail_stage(&j1, "late").unwrap_or_else(|e| ok(e)));
    assert!(!store.retry_job(&j1, "late", 0).unwrap_or_else(|e| ok(e)));
    let Some(row) = store.statement(&s1).unwrap_or_else(|e| ok(e)) else { panic!("s1") };
    assert_eq!(row.identity, P::Processing);
    // Due after the wait: the second attempt of the stage, with the first one's error.
    std::thread::sleep(Duration::from_millis(900));
    let Some(j2) = store.claim_job().unwrap_or_else(|e| ok(e)) else { panic!("second claim") };
    assert_eq!((j2.id, j2.attempt, j2.last_error.as_deref()), (j1.id, 2, Some("INTERNAL: flaky")));
    assert!(store.complete_stage(&j2, Some("{}")).unwrap_or_else(|e| ok(e)));
    // The next stage counts its own attempts from one.
    let Some(j3) = store.claim_job().unwrap_or_else(|e| ok(e)) else { panic!("next stage") };
    assert_eq!((j3.stage, j3.attempt, j3.last_error.as_deref()), (Stage::Transactions, 1, None));
    assert!(store.fail_stage(&j3, "ATTEMPTS_EXHAUSTED: test").unwrap_or_else(|e| ok(e)));
    assert_eq!(store.claim_job().unwrap_or_else(|e| ok(e)), None);
}

/// Data lifecycle calls: emptying a processed file, finding old entities,
/// deleting an entity (only when empty, or with everything).
fn lifecycle_contract(store: &dyn Store) {
    let ok = |e: StoreError| -> ! { panic!("store: {e}") };
    let org = store.create_org("life", &[7; 32], &[8; 32], None).unwrap_or_else(|e| ok(e));
    let e1 = id();
    let entity = EntityRow { id: e1.clone(), org_id: org, link_id: Some("life".into()), metadata: json!({}) };
    store.create_entity(&entity).unwrap_or_else(|e| ok(e));
    let s1 = id();
    store.insert_statement(&new_statement(&s1, &e1, None, b"%PDF-1 life")).unwrap_or_else(|e| ok(e));
    store.drop_file(&s1).unwrap_or_else(|e| ok(e));
    assert_eq!(store.statement_input(&s1).unwrap_or_else(|e| ok(e)), Some((Vec::new(), None, Some("sbi".into()))));
    assert!(matches!(
        store.insert_statement(&new_statement(&id(), &e1, None, b"%PDF-1 life")),
        Err(StoreError::Duplicate { .. })
    ));
    let now = chrono::Utc::now().timestamp();
    assert!(store.entities_created_before(now + 10, 1000).unwrap_or_else(|e| ok(e)).contains(&e1));
    assert!(!store.entities_created_before(now - 3600, 1000).unwrap_or_else(|e| ok(e)).contains(&e1));
    assert!(!store.delete_entity(&e1, true, false).unwrap_or_else(|e| ok(e)), "not empty");
    assert!(store.delete_entity(&e1, false, true).unwrap_or_else(|e| ok(e)));
    assert_eq!(store.statement(&s1).unwrap_or_else(|e| ok(e)), None);
    assert_eq!(store.entity_metadata(&e1).unwrap_or_else(|e| ok(e)), None);
    assert!(!store.delete_entity(&e1, false, true).unwrap_or_else(|e| ok(e)), "already gone");
}

/// Organisations take turns at the queue: `busy` queued five statements
/// before `quiet` queued one, yet `quiet`'s is claimed second, not sixth. With
/// a quota of one running job per organisation, a third claim waits until one
/// of the two running jobs is done.
fn fairness_contract(store: &dyn Store, quota_store: &dyn Store) {
    let ok = |e: StoreError| -> ! { panic!("store: {e}") };
    let statement_of = |store: &dyn Store, org: &str, tag: &str| -> String {
        let entity = EntityRow { id: id(), org_id: org.into(), link_id: None, metadata: json!({}) };
        store.create_entity(&entity).unwrap_or_else(|e| ok(e));
        let sid = id();
        store.insert_statement(&new_statement(&sid, &entity.id, None, tag.as_bytes())).unwrap_or_else(|e| ok(e));
        sid
    };
    let busy = store.create_org("busy", &[21; 32], &[22; 32], None).unwrap_or_else(|e| ok(e));
    let quiet = store.create_org("quiet", &[23; 32], &[24; 32], None).unwrap_or_else(|e| ok(e));
    let backlog: Vec<String> = (0..5).map(|i| statement_of(store, &busy, &format!("%PDF-1 busy {i}"))).collect();
    let single = statement_of(store, &quiet, "%PDF-1 quiet");
    let mut claimed = Vec::new();
    while let Some(job) = store.claim_job().unwrap_or_else(|e| ok(e)) {
        claimed.push(job.statement_id);
    }
    let mut expected = vec![backlog[0].clone(), single];
    expected.extend(backlog[1..].iter().cloned());
    assert_eq!(claimed, expected, "the quiet organisation's statement is claimed second");

    let busy = quota_store.create_org("busy-q", &[25; 32], &[26; 32], None).unwrap_or_else(|e| ok(e));
    let quiet = quota_store.create_org("quiet-q", &[27; 32], &[28; 32], None).unwrap_or_else(|e| ok(e));
    let b: Vec<String> = (0..3).map(|i| statement_of(quota_store, &busy, &format!("%PDF-1 q busy {i}"))).collect();
    let q = statement_of(quota_store, &quiet, "%PDF-1 q quiet");
    let claim = || quota_store.claim_job().unwrap_or_else(|e| ok(e));
    let Some(first) = claim() else { panic!("first claim") };
    let Some(second) = claim() else { panic!("second claim") };
    assert_eq!((first.statement_id.as_str(), second.statement_id.as_str()), (b[0].as_str(), q.as_str()));
    assert_eq!(claim(), None, "each organisation runs its quota of one job");
    quota_store.complete_stage(&first, Some("{}")).unwrap_or_else(|e| ok(e));
    let Some(third) = claim() else { panic!("a place is free again") };
    assert_eq!((third.statement_id.as_str(), third.stage), (b[0].as_str(), Stage::Transactions));
    assert_eq!(claim(), None);
}

#[test]
fn queue_fairness_and_quota_on_sqlite() {
    let dir = fresh_dir();
    let store = SqliteStore::open(&dir).unwrap_or_else(|e| panic!("{e}"));
    let quota = SqliteStore::open(&fresh_dir()).unwrap_or_else(|e| panic!("{e}")).with_org_job_quota(1);
    fairness_contract(&store, &quota);
}

#[test]
fn queue_fairness_and_quota_on_postgres() {
    let Some(base) = pg_base() else { return };
    let store = PgStore::open(&fresh_db(&base)).unwrap_or_else(|e| panic!("{e}"));
    let quota = PgStore::open(&fresh_db(&base)).unwrap_or_else(|e| panic!("{e}")).with_org_job_quota(1);
    fairness_contract(&store, &quota);
}

#[test]
fn the_storage_contract_on_sqlite() {
    let store = SqliteStore::open(&fresh_dir()).unwrap_or_else(|e| panic!("{e}"));
    contract(&store);
    job_attempts_contract(&store);
    lifecycle_contract(&store);
}

#[test]
fn the_storage_contract_on_postgres() {
    let Some(base) = pg_base() else { return };
    let store = PgStore::open(&fresh_db(&base)).unwrap_or_else(|e| panic!("{e}"));
    contract(&store);
    job_attempts_contract(&store);
    lifecycle_contract(&store);
}

/// A claim whose lease runs out is taken again as the stage's next attempt,
/// with the lost lease as its last error: a job that keeps killing the process
/// that claims it reaches the attempt cap.
#[test]
fn an_expired_lease_counts_as_an_attempt_on_postgres() {
    let Some(base) = pg_base() else { return };
    let store =
        PgStore::open(&fresh_db(&base)).unwrap_or_else(|e| panic!("{e}")).with_job_lease(Duration::from_secs(1));
    let org = store.create_org("lease", &[5; 32], &[6; 32], None).unwrap_or_else(|e| panic!("{e}"));
    let e1 = id();
    let entity = EntityRow { id: e1.clone(), org_id: org, link_id: None, metadata: json!({}) };
    store.create_entity(&entity).unwrap_or_else(|e| panic!("{e}"));
    store.insert_statement(&new_statement(&id(), &e1, None, b"%PDF-1 lease")).unwrap_or_else(|e| panic!("{e}"));
    let mut last = None;
    for n in 1..=3u32 {
        let Some(j) = store.claim_job().unwrap_or_else(|e| panic!("{e}")) else { panic!("claim {n}") };
        assert_eq!(j.attempt, n);
        if n > 1 {
            assert_eq!(j.last_error.as_deref(), Some("the lease of the claiming process ran out"));
        }
        // The claimer "dies": nothing completes; after the lease the job is claimable again.
        std::thread::sleep(Duration::from_millis(2100));
        last = Some(j);
    }
    let Some(stale) = last else { panic!("claims") };
    let Some(now) = store.claim_job().unwrap_or_else(|e| panic!("{e}")) else { panic!("claim 4") };
    assert_eq!(now.attempt, 4);
    assert!(!store.complete_stage(&stale, None).unwrap_or_else(|e| panic!("{e}")), "a lost lease records nothing");
}

#[test]
fn skip_locked_claims_are_exclusive_across_processes_connections() {
    let Some(base) = pg_base() else { return };
    let url = fresh_db(&base);
    // Two stores stand for two processes; each claims from two threads at once.
    let a = std::sync::Arc::new(PgStore::open(&url).unwrap_or_else(|e| panic!("{e}")));
    let b = std::sync::Arc::new(PgStore::open(&url).unwrap_or_else(|e| panic!("{e}")));
    let org = a.create_org("acme", &[1; 32], &[2; 32], None).unwrap_or_else(|e| panic!("{e}"));
    let entity = id();
    let row = EntityRow { id: entity.clone(), org_id: org, link_id: None, metadata: json!({}) };
    a.create_entity(&row).unwrap_or_else(|e| panic!("{e}"));
    for i in 0..40 {
        a.insert_statement(&new_statement(&id(), &entity, None, format!("%PDF-1 {i}").as_bytes()))
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let threads: Vec<_> = [a.clone(), a.clone(), b.clone(), b.clone()]
        .into_iter()
        .map(|store| {
            std::thread::spawn(move || {
                let mut got = Vec::new();
                while let Ok(Some(job)) = store.claim_job() {
                    got.push(job.id);
                }
                got
            })
        })
        .collect();
    let claimed: Vec<Vec<i64>> = threads.into_iter().map(|t| t.join().unwrap_or_default()).collect();
    let all: Vec<i64> = claimed.iter().flatten().copied().collect();
    let distinct: HashSet<i64> = all.iter().copied().collect();
    eprintln!("claims per claimer: {:?}", claimed.iter().map(Vec::len).collect::<Vec<_>>());
    assert_eq!(all.len(), 40, "every job claimed");
    assert_eq!(distinct.len(), 40, "no job claimed twice");
    let mut c = pg_client(&url);
    let owners: i64 =
        c.query_one("SELECT count(DISTINCT claimed_by) FROM jobs", &[]).and_then(|r| r.try_get(0)).unwrap_or_default();
    assert!(owners >= 1);
    let n: i64 = c
        .query_one("SELECT count(*) FROM jobs WHERE state = 'running' AND attempts = 1", &[])
        .and_then(|r| r.try_get(0))
        .unwrap_or_default();
    assert_eq!(n, 40);
}

// ---------------------------------------------------------------- journeys

async fn set_webhook(client: &reqwest::Client, base: &str, org: &Org, url: &str) {
    let r = client
        .post(format!("{base}/v1/entity/update_webhook/"))
        .header("x-api-key", &org.key)
        .header("server-hash", &org.hash)
        .json(&json!({"webhook_url": url, "webhook_mode": 1}))
        .send()
        .await;
    let (status, body) = json_of(r).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

async fn org_on(url: &str) -> Org {
    let url = url.to_string();
    tokio::task::spawn_blocking(move || {
        let config = bankscope_server::Config { database_url: Some(url), ..bankscope_server::Config::default() };
        let (_, key, hash) = bankscope_server::create_org(&config, "acme", None).unwrap_or_else(|e| panic!("{e}"));
        Org { key, hash }
    })
    .await
    .unwrap_or_else(|e| panic!("{e}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_journey_on_postgres() {
    let Some(base) = pg_base() else { return };
    let url = tokio::task::spawn_blocking(move || fresh_db(&base)).await.unwrap_or_default();
    let org = org_on(&url).await;
    let dir = fresh_dir();
    let config = bankscope_server::Config { database_url: Some(url.clone()), ..test_config(&dir) };
    let s = start(config, org).await;
    let receiver = Receiver::start("127.0.0.1:0".parse().unwrap_or_else(|e| panic!("{e}")), 200).await;
    set_webhook(&s.client, &s.url, &s.org, &receiver.url()).await;

    let form = [("api_key", s.org.key.as_str()), ("link_id", "pg-journey")];
    let (_, session) = json_of(s.post("/v2/session/").form(&form).send().await).await;
    let sid = session["session_id"].as_str().unwrap_or_default().to_string();
    let token =
        session["redirect_url"].as_str().unwrap_or_default().rsplit("token=").next().unwrap_or_default().to_string();
    let (bytes, password) = statement("sbi_fpdf2_encrypted");
    let form = upload_form(&bytes, &[("session_id", &sid), ("token", &token), ("pdf_password", &password)]);
    let (status, up) =
        json_of(s.post("/v1/statement/upload_session/?identity=true").multipart(form).send().await).await;
    assert_eq!(status, StatusCode::OK, "{up}");
    assert_eq!(up["identity"]["account_number"], "31208104530");
    // The same bytes again: refused by the store's duplicate rule.
    let form = upload_form(&bytes, &[("session_id", &sid), ("token", &token), ("pdf_password", &password)]);
    let (status, dup) = json_of(s.post("/v1/statement/upload_session/").multipart(form).send().await).await;
    assert_eq!((status, dup["error"]["code"].clone()), (StatusCode::CONFLICT, json!("DUPLICATE_STATEMENT")));

    let got = eventually(Duration::from_secs(60), "the webhook", || async {
        let r = receiver.received();
        (!r.is_empty()).then_some(r)
    })
    .await;
    let body: Value = serde_json::from_str(&got[0].body).unwrap_or_default();
    assert_eq!((body["entity_id"].as_str(), body["progress"].as_str()), (Some(sid.as_str()), Some("completed")));
    // Every read answers from PostgreSQL as from SQLite: the core's text for this statement.
    let (status, tx) = json_of(s.authed(s.get(&format!("/v1/entity/{sid}/transactions/"))).send().await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(tx["progress"][0]["status"], "completed");
    let truth: Value = serde_json::from_slice(
        &std::fs::read(fixture("statements/sbi_fpdf2_encrypted.truth.json")).unwrap_or_default(),
    )
    .unwrap_or_default();
    assert_eq!(tx["transactions"].as_array().map(Vec::len), truth["transactions"].as_array().map(Vec::len));
    let (status, listed) =
        json_of(s.authed(s.get("/v1/entity/webhook_payloads/?link_id=pg-journey")).send().await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(listed["payloads"].as_array().map(Vec::len), Some(1));
    receiver.stop().await;
    s.stop().await;
}

const FIXTURES: [&str; 5] = ["sbi_fpdf2_encrypted", "axis_fpdf2", "baroda_fpdf2", "canara_reportlab", "icici_fpdf2"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_server_processes_on_one_database_share_50_uploads_none_twice_none_lost() {
    let Some(base) = pg_base() else { return };
    let url = tokio::task::spawn_blocking(move || fresh_db(&base)).await.unwrap_or_default();
    let org = org_on(&url).await;
    let (dir_a, dir_b) = (fresh_dir(), fresh_dir());
    let (_a, url_a) = spawn_server(&dir_a, Some(&url), &[]);
    let (_b, url_b) = spawn_server(&dir_b, Some(&url), &[]);
    // Each process made its own development certificate.
    let servers = [(client_for(&dir_a), url_a), (client_for(&dir_b), url_b)];
    let receiver = Receiver::start("127.0.0.1:0".parse().unwrap_or_else(|e| panic!("{e}")), 200).await;
    set_webhook(&servers[0].0, &servers[0].1, &org, &receiver.url()).await;

    // 50 uploads, alternating between the processes, 8 in flight at a time.
    let started = Instant::now();
    let inputs: Vec<(Vec<u8>, String)> = FIXTURES.iter().map(|f| statement(f)).collect();
    let semaphore = std::sync::Arc::new(tokio::sync::Semaphore::new(8));
    let mut tasks = Vec::new();
    for i in 0..50 {
        let (client, base) = servers[i % 2].clone();
        let (bytes, password) = inputs[i % FIXTURES.len()].clone();
        let org = org.clone();
        let permit = semaphore.clone();
        tasks.push(tokio::spawn(async move {
            let _permit = permit.acquire().await;
            let form = upload_form(&bytes, &[("link_id", &format!("two-{i}")), ("pdf_password", &password)]);
            let r = client
                .post(format!("{base}/v1/statement/bankless_upload/"))
                .header("x-api-key", &org.key)
                .header("server-hash", &org.hash)
                .multipart(form)
                .send()
                .await;
            let (status, body) = json_of(r).await;
            assert!(status == StatusCode::OK || status == StatusCode::ACCEPTED, "upload {i}: {status} {body}");
            body["statement_id"].as_str().unwrap_or_default().to_string()
        }));
    }
    let mut ids = Vec::new();
    for t in tasks {
        ids.push(t.await.unwrap_or_else(|e| panic!("upload task: {e}")));
    }
    let uploaded_ms = started.elapsed().as_millis();
    let check = url.clone();
    let count = move |sql: &'static str| {
        let url = check.clone();
        async move {
            tokio::task::spawn_blocking(move || {
                pg_client(&url).query_one(sql, &[]).and_then(|r| r.try_get::<_, i64>(0)).unwrap_or(-1)
            })
            .await
            .unwrap_or(-1)
        }
    };
    eventually(Duration::from_secs(300), "50 statements completed", || async {
        (count("SELECT count(*) FROM statements WHERE analyses = 'completed'").await == 50).then_some(())
    })
    .await;
    eprintln!(
        "two processes: 50 uploads answered in {uploaded_ms} ms, all completed in {} ms",
        started.elapsed().as_millis()
    );

    // None lost: 50 statements, each completed; none twice: one job row each,
    // claimed exactly three times (identity, transactions, analyses), done.
    let url2 = url.clone();
    let (jobs, claimers, per_outbox) = tokio::task::spawn_blocking(move || {
        let mut c = pg_client(&url2);
        let jobs: Vec<(String, String, i64)> = c
            .query("SELECT statement_id, state, attempts FROM jobs", &[])
            .unwrap_or_default()
            .iter()
            .map(|r| (r.get(0), r.get(1), r.get(2)))
            .collect();
        let claimers: HashMap<String, i64> = c
            .query("SELECT claimed_by, count(*) FROM jobs GROUP BY claimed_by", &[])
            .unwrap_or_default()
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect();
        let outbox: Vec<(String, i64)> = c
            .query("SELECT statement_id, count(*) FROM webhook_outbox GROUP BY statement_id", &[])
            .unwrap_or_default()
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect();
        (jobs, claimers, outbox)
    })
    .await
    .unwrap_or_default();
    assert_eq!(count("SELECT count(*) FROM statements").await, 50);
    let stored: HashSet<&str> = jobs.iter().map(|j| j.0.as_str()).collect();
    assert_eq!(stored, ids.iter().map(String::as_str).collect::<HashSet<_>>(), "a job for every upload");
    assert_eq!(jobs.len(), 50, "one job row per statement");
    let bad: Vec<_> = jobs.iter().filter(|j| j.1 != "done" || j.2 != 3).collect();
    assert!(bad.is_empty(), "each job done with exactly three claims: {bad:?}");
    eprintln!("last-stage claims per process: {claimers:?}");
    assert_eq!(claimers.len(), 2, "both processes worked: {claimers:?}");
    assert_eq!(per_outbox.len(), 50);
    assert!(per_outbox.iter().all(|(_, n)| *n == 1), "one outcome per statement");

    // Both senders share the outbox: every payload delivered, each exactly once.
    let got = eventually(Duration::from_secs(60), "50 webhooks", || async {
        let r = receiver.received();
        (r.len() >= 50).then_some(r)
    })
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let got = if receiver.received().len() > got.len() { receiver.received() } else { got };
    let deliveries: HashSet<&str> = got.iter().map(|r| r.delivery.as_str()).collect();
    assert_eq!((got.len(), deliveries.len()), (50, 50), "each payload sent once");
    assert_eq!(count("SELECT count(*) FROM webhook_outbox WHERE state = 'delivered'").await, 50);
    receiver.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replica_killed_mid_stage_loses_nothing_the_other_takes_over_its_jobs() {
    let Some(base) = pg_base() else { return };
    let url = tokio::task::spawn_blocking(move || fresh_db(&base)).await.unwrap_or_default();
    let org = org_on(&url).await;
    let (dir_a, dir_b) = (fresh_dir(), fresh_dir());
    // Claims last 2 s, so the survivor takes the dead replica's running jobs quickly.
    let lease = ["--job-lease-secs", "2"];
    let (mut a, url_a) = spawn_server(&dir_a, Some(&url), &lease);
    let (_b, url_b) = spawn_server(&dir_b, Some(&url), &lease);
    let pid_a = a.id();
    let client_a = client_for(&dir_a);

    // Six uploads to A, not awaited: SIGKILL A the moment one of its workers holds a job.
    let inputs: Vec<(Vec<u8>, String)> = FIXTURES.iter().chain(&FIXTURES[..1]).map(|f| statement(f)).collect();
    for (i, (bytes, password)) in inputs.into_iter().enumerate() {
        let (client, base, org) = (client_a.clone(), url_a.clone(), org.clone());
        tokio::spawn(async move {
            let form = upload_form(&bytes, &[("link_id", &format!("failover-{i}")), ("pdf_password", &password)]);
            let _ = client
                .post(format!("{base}/v1/statement/bankless_upload/"))
                .header("x-api-key", &org.key)
                .header("server-hash", &org.hash)
                .multipart(form)
                .send()
                .await;
        });
    }
    let held = format!("{pid_a}-%");
    let probe = url.clone();
    let held_jobs = tokio::task::spawn_blocking(move || {
        let mut c = pg_client(&probe);
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let n: i64 = c
                .query_one("SELECT count(*) FROM jobs WHERE state = 'running' AND claimed_by LIKE $1", &[&held])
                .and_then(|r| r.try_get(0))
                .unwrap_or(0);
            if n > 0 {
                return n;
            }
            assert!(Instant::now() < deadline, "replica A never held a job");
            std::thread::sleep(Duration::from_millis(2));
        }
    })
    .await
    .unwrap_or_default();
    a.kill();
    let killed_at = Instant::now();
    let count = |sql: &'static str| {
        let url = url.clone();
        async move {
            tokio::task::spawn_blocking(move || {
                pg_client(&url).query_one(sql, &[]).and_then(|r| r.try_get::<_, i64>(0)).unwrap_or(-1)
            })
            .await
            .unwrap_or(-1)
        }
    };
    let stored = count("SELECT count(*) FROM statements").await;
    let orphaned = count("SELECT count(*) FROM jobs WHERE state = 'running'").await;
    eprintln!("killed replica A holding {held_jobs} job(s); {stored} uploads stored, {orphaned} running at the kill");
    assert!(stored >= 1);

    // B finishes everything that was stored, A's claimed jobs included, each exactly once.
    eventually(Duration::from_secs(120), "every stored statement analysed by B", || async {
        (count("SELECT count(*) FROM statements WHERE analyses = 'completed'").await == stored).then_some(())
    })
    .await;
    eprintln!("recovered {} ms after the kill", killed_at.elapsed().as_millis());
    assert_eq!(count("SELECT count(*) FROM jobs WHERE state <> 'done'").await, 0);
    assert_eq!(count("SELECT count(*) FROM jobs").await, stored, "one job per stored upload");
    assert_eq!(count("SELECT count(*) FROM webhook_outbox WHERE progress = 'completed'").await, stored);
    assert_eq!(
        count(
            "SELECT count(*) FROM (SELECT statement_id FROM webhook_outbox GROUP BY statement_id HAVING count(*) > 1) d"
        )
        .await,
        0,
        "one outcome per statement"
    );
    // A's interrupted claim was taken over: a fourth (or later) claim of that job.
    assert!(count("SELECT count(*) FROM jobs WHERE attempts > 3").await >= 1, "a job of A was claimed again by B");
    // B still serves the statements.
    let client_b = client_for(&dir_b);
    let r = client_b
        .get(format!("{url_b}/v1/entity/webhook_payloads/?link_id=failover-0"))
        .header("x-api-key", &org.key)
        .header("server-hash", &org.hash)
        .send()
        .await;
    let (status, body) = json_of(r).await;
    assert_eq!(status, StatusCode::OK);
    let n = body["payloads"].as_array().map_or(0, Vec::len);
    assert!(n <= 1, "{body}");
}
