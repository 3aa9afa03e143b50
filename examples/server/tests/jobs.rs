//! Job lifecycle limits: the attempt cap (a stored job that keeps killing its
//! process is failed, never run again), exponential backoff between runs, and
//! the per-stage watchdog; each failure ends in a failed webhook with its reason.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use bankscope_server::Config;
use bankscope_server::store::{EntityRow, NewStatement, SqliteStore, Store};
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

fn db(dir: &Path) -> rusqlite::Connection {
    rusqlite::Connection::open(dir.join("bankscope.db")).unwrap_or_else(|e| panic!("db: {e}"))
}

fn one<T: rusqlite::types::FromSql>(dir: &Path, sql: &str) -> Option<T> {
    db(dir).query_row(sql, [], |r| r.get(0)).ok()
}

/// An organisation with a webhook (mode 1) to `hook`, made through the store; its credentials.
fn org_with_hook(dir: &Path, hook: &str) -> (String, Org) {
    let config = Config { data_dir: dir.to_path_buf(), ..Config::default() };
    let (id, key, hash) = bankscope_server::create_org(&config, "acme", None).unwrap_or_else(|e| panic!("org: {e}"));
    let store = SqliteStore::open(dir).unwrap_or_else(|e| panic!("{e}"));
    store.set_webhook(&id, hook, 1).unwrap_or_else(|e| panic!("{e}"));
    (id, Org { key, hash })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_that_keeps_killing_its_process_is_failed_at_its_cap_and_never_run_again() {
    let dir = fresh_dir();
    let receiver = Receiver::start("127.0.0.1:0".parse().unwrap_or_else(|e| panic!("{e}")), 200).await;
    let (org_id, org) = org_with_hook(&dir, &receiver.url());
    // A stored upload whose identity stage was claimed three times by processes
    // that died under it (claim, then the restart's requeue): three attempts spent.
    let statement_id = uuid::Uuid::new_v4().to_string();
    {
        let store = SqliteStore::open(&dir).unwrap_or_else(|e| panic!("{e}"));
        let entity_id = uuid::Uuid::new_v4().to_string();
        let entity = EntityRow { id: entity_id.clone(), org_id, link_id: Some("crash".into()), metadata: json!({}) };
        store.create_entity(&entity).unwrap_or_else(|e| panic!("{e}"));
        let (bytes, password) = statement("sbi_fpdf2_encrypted");
        let new = NewStatement {
            id: statement_id.clone(),
            entity_id,
            session_id: None,
            file: bytes,
            password: Some(password),
            declared_bank: None,
        };
        store.insert_statement(&new).unwrap_or_else(|e| panic!("{e}"));
        for n in 1..=3 {
            let Some(job) = store.claim_job().unwrap_or_else(|e| panic!("{e}")) else { panic!("claim {n}") };
            assert_eq!(job.attempt, n);
            assert_eq!(store.requeue_running(0).unwrap_or_else(|e| panic!("{e}")), 1);
        }
    }
    let config = Config { job_attempts: 3, job_backoff: Duration::from_millis(10), ..test_config(&dir) };
    let s = start(config, org).await;
    eventually(Duration::from_secs(30), "the statement to fail", || async {
        (one::<String>(&dir, "SELECT analyses FROM statements").as_deref() == Some("failed")).then_some(())
    })
    .await;
    let message: String = one(&dir, "SELECT message FROM statements").unwrap_or_default();
    assert!(message.starts_with("ATTEMPTS_EXHAUSTED: the identity stage was started 3 times"), "{message}");
    assert!(message.contains("the process stopped while the stage ran"), "{message}");
    // Claimed a fourth time only to be failed: never read (no statement JSON).
    assert_eq!(one::<String>(&dir, "SELECT state FROM jobs").as_deref(), Some("failed"));
    assert_eq!(one::<i64>(&dir, "SELECT attempts FROM jobs"), Some(4));
    assert_eq!(one::<Option<String>>(&dir, "SELECT statement_json FROM statements"), Some(None));
    let got = eventually(Duration::from_secs(30), "the failed webhook", || async {
        receiver.received().into_iter().find(|r| r.body.contains(&statement_id))
    })
    .await;
    let body: Value = serde_json::from_str(&got.body).unwrap_or_default();
    assert_eq!(body["progress"], "failed");
    assert!(body["reason"].as_str().unwrap_or_default().starts_with("ATTEMPTS_EXHAUSTED"), "{body}");
    // The server is up and serves.
    let (status, _) = json_of(s.get("/healthz").send().await).await;
    assert_eq!(status, StatusCode::OK);
    receiver.stop().await;
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_requeues_an_interrupted_job_after_its_backoff() {
    let dir = fresh_dir();
    let org = org_in(&dir, "acme");
    let store = SqliteStore::open(&dir).unwrap_or_else(|e| panic!("{e}"));
    let Some(org_row) = store.org_by_key(&bankscope_server::crypto::sha256(org.key.as_bytes())).ok().flatten() else {
        panic!("org")
    };
    let entity_id = uuid::Uuid::new_v4().to_string();
    let entity = EntityRow { id: entity_id.clone(), org_id: org_row.id, link_id: None, metadata: json!({}) };
    store.create_entity(&entity).unwrap_or_else(|e| panic!("{e}"));
    let new = NewStatement {
        id: uuid::Uuid::new_v4().to_string(),
        entity_id,
        session_id: None,
        file: b"%PDF-1.4 x".to_vec(),
        password: None,
        declared_bank: None,
    };
    store.insert_statement(&new).unwrap_or_else(|e| panic!("{e}"));
    let Some(first) = store.claim_job().unwrap_or_else(|e| panic!("{e}")) else { panic!("claim") };
    // Two crashes: the waits are 1 s then 2 s (base 1 s, doubling).
    store.requeue_running(1000).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(store.claim_job().unwrap_or_else(|e| panic!("{e}")), None, "not due for a second");
    std::thread::sleep(Duration::from_millis(1100));
    let Some(second) = store.claim_job().unwrap_or_else(|e| panic!("{e}")) else { panic!("due after 1 s") };
    assert_eq!((second.id, second.attempt), (first.id, 2));
    let at = Instant::now();
    store.requeue_running(1000).unwrap_or_else(|e| panic!("{e}"));
    let run_after: i64 = one(&dir, "SELECT run_after_ms FROM jobs").unwrap_or_default();
    let wait = run_after - bankscope_server::store::now_ms();
    assert!((1800..=2000).contains(&wait), "second backoff {wait} ms, {:?} after the requeue", at.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stage_watchdog_retries_with_backoff_then_fails_with_a_webhook() {
    let dir = fresh_dir();
    let receiver = Receiver::start("127.0.0.1:0".parse().unwrap_or_else(|e| panic!("{e}")), 200).await;
    let (_, org) = org_with_hook(&dir, &receiver.url());
    // No stage can finish in a millisecond: three runs, 150 ms then 300 ms apart, then failed.
    let config = Config {
        stage_timeout: Duration::from_millis(1),
        job_attempts: 3,
        job_backoff: Duration::from_millis(150),
        identity_wait: Duration::from_millis(1),
        ..test_config(&dir)
    };
    let s = start(config, org).await;
    let (bytes, password) = statement("axis_fpdf2");
    let form = upload_form(&bytes, &[("link_id", "slow"), ("pdf_password", &password)]);
    let started = Instant::now();
    let (status, body) = json_of(s.authed(s.post("/v1/statement/bankless_upload/")).multipart(form).send().await).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    let id = body["statement_id"].as_str().unwrap_or_default().to_string();
    let got = eventually(Duration::from_secs(60), "the failed webhook", || async {
        receiver.received().into_iter().find(|r| r.body.contains(&id))
    })
    .await;
    let elapsed = started.elapsed();
    let body: Value = serde_json::from_str(&got.body).unwrap_or_default();
    assert_eq!(body["progress"], "failed");
    let reason = body["reason"].as_str().unwrap_or_default();
    assert!(reason.starts_with("STAGE_TIMEOUT: the identity stage ran longer than 0.001 s"), "{reason}");
    assert!(reason.ends_with("(attempt 3 of 3)"), "{reason}");
    assert!(elapsed >= Duration::from_millis(450), "two backoffs (150 + 300 ms) before the last run: {elapsed:?}");
    assert_eq!(one::<i64>(&dir, "SELECT attempts FROM jobs"), Some(3));
    assert_eq!(one::<String>(&dir, "SELECT state FROM jobs").as_deref(), Some("failed"));
    // The abandoned runs recorded nothing.
    assert_eq!(one::<String>(&dir, "SELECT identity FROM statements").as_deref(), Some("failed"));
    receiver.stop().await;
    s.stop().await;
}

/// Organisations take turns at the queue: one organisation's backlog of six
/// statements, queued first, does not hold back another's single statement,
/// which completes second with one worker (first-in-first-out made it seventh).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quiet_organisation_is_not_held_behind_a_busy_ones_backlog() {
    let dir = fresh_dir();
    let config = Config { data_dir: dir.clone(), ..Config::default() };
    let (busy, key, hash) = bankscope_server::create_org(&config, "busy", None).unwrap_or_else(|e| panic!("{e}"));
    let (quiet, _, _) = bankscope_server::create_org(&config, "quiet", None).unwrap_or_else(|e| panic!("{e}"));
    let (bytes, password) = statement("axis_fpdf2");
    let mut queued = Vec::new();
    {
        let store = SqliteStore::open(&dir).unwrap_or_else(|e| panic!("{e}"));
        for org in std::iter::repeat_n(&busy, 6).chain([&quiet]) {
            let entity = EntityRow {
                id: uuid::Uuid::new_v4().to_string(),
                org_id: org.clone(),
                link_id: None,
                metadata: json!({}),
            };
            store.create_entity(&entity).unwrap_or_else(|e| panic!("{e}"));
            let id = uuid::Uuid::new_v4().to_string();
            let new = NewStatement {
                id: id.clone(),
                entity_id: entity.id,
                session_id: None,
                file: bytes.clone(),
                password: Some(password.clone()),
                declared_bank: None,
            };
            store.insert_statement(&new).unwrap_or_else(|e| panic!("{e}"));
            queued.push(id);
        }
    }
    let s = start(Config { workers: 1, ..test_config(&dir) }, Org { key, hash }).await;
    eventually(Duration::from_secs(120), "every statement processed", || async {
        (one::<i64>(&dir, "SELECT count(*) FROM statements WHERE analyses = 'completed'") == Some(7)).then_some(())
    })
    .await;
    // Outcomes are written in the order statements finish.
    let finished: Vec<String> = db(&dir)
        .prepare("SELECT statement_id FROM webhook_outbox ORDER BY id")
        .and_then(|mut q| q.query_map([], |r| r.get(0))?.collect())
        .unwrap_or_default();
    assert_eq!(finished.len(), 7);
    let quiet_at = finished.iter().position(|id| Some(id) == queued.last());
    assert_eq!(quiet_at, Some(1), "the quiet organisation's statement finished second: {finished:?}");
    s.stop().await;
}
