//! Fault tests, bounded and on loopback: the server process killed with
//! SIGKILL while statements are processing, then restarted on the same data;
//! a PDF that trips a core limit among good ones.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// The server binary on SQLite in `dir`, with fast webhook retries.
fn spawn(dir: &Path) -> (ServerProcess, String) {
    spawn_server(dir, None, &["--webhook-backoff-ms", "200"])
}

fn db(dir: &Path) -> rusqlite::Connection {
    rusqlite::Connection::open(dir.join("bankscope.db")).unwrap_or_else(|e| panic!("db: {e}"))
}

fn count(dir: &Path, sql: &str) -> i64 {
    db(dir).query_row(sql, [], |r| r.get(0)).unwrap_or(-1)
}

async fn upload(client: &reqwest::Client, base: &str, org: &Org, fixture: &str, link: &str) -> String {
    let (bytes, password) = statement(fixture);
    let form = upload_form(&bytes, &[("link_id", link), ("pdf_password", &password)]);
    let r = client
        .post(format!("{base}/v1/statement/bankless_upload/"))
        .header("x-api-key", &org.key)
        .header("server-hash", &org.hash)
        .multipart(form)
        .send()
        .await;
    let (status, body) = json_of(r).await;
    assert!(status == StatusCode::OK || status == StatusCode::ACCEPTED, "{fixture}: {status} {body}");
    body["statement_id"].as_str().unwrap_or_default().to_string()
}

const FIXTURES: [&str; 6] =
    ["sbi_fpdf2_encrypted", "axis_fpdf2", "baroda_fpdf2", "canara_reportlab", "icici_fpdf2", "hdfc_libreoffice"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_while_processing_then_restart_completes_every_statement_once() {
    let dir = fresh_dir();
    let org = org_in(&dir, "acme");
    let receiver = Receiver::start("127.0.0.1:0".parse().unwrap_or_else(|e| panic!("{e}")), 200).await;

    let (mut child, base) = spawn(&dir);
    let client = client_for(&dir);
    let r = client
        .post(format!("{base}/v1/entity/update_webhook/"))
        .header("x-api-key", &org.key)
        .header("server-hash", &org.hash)
        .json(&json!({"webhook_url": receiver.url(), "webhook_mode": 1}))
        .send()
        .await;
    assert_eq!(json_of(r).await.0, StatusCode::OK);

    // Three uploads at once; when all are answered (identity read, later stages
    // queued) a fourth is sent and, the moment its bytes are stored (its
    // identity stage queued or running, its request unanswered), SIGKILL.
    let uploads: Vec<_> = FIXTURES[..3]
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let (client, base, org) = (client.clone(), base.clone(), org.clone());
            tokio::spawn(async move { upload(&client, &base, &org, f, &format!("kill-{i}")).await })
        })
        .collect();
    let mut ids = Vec::new();
    for u in uploads {
        ids.push(u.await.unwrap_or_else(|e| panic!("upload task: {e}")));
    }
    let fourth = {
        let (client, base, org) = (client.clone(), base.clone(), org.clone());
        let (bytes, password) = statement(FIXTURES[3]);
        tokio::spawn(async move {
            let form = upload_form(&bytes, &[("link_id", "kill-3"), ("pdf_password", &password)]);
            let _ = client
                .post(format!("{base}/v1/statement/bankless_upload/"))
                .header("x-api-key", &org.key)
                .header("server-hash", &org.hash)
                .multipart(form)
                .send()
                .await;
        })
    };
    // A tight poll: the kill must land before the stages of the fourth finish (hundreds of ms).
    let deadline = Instant::now() + Duration::from_secs(30);
    while count(&dir, "SELECT count(*) FROM statements") != 4 {
        assert!(Instant::now() < deadline, "the fourth upload was never stored");
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill();
    let _ = fourth.await;
    let unfinished = count(&dir, "SELECT count(*) FROM jobs WHERE state IN ('queued', 'running')");
    let incomplete = count(&dir, "SELECT count(*) FROM statements WHERE analyses != 'completed'");
    eprintln!("killed with {unfinished} unfinished jobs, {incomplete} statements not complete");
    assert!(unfinished > 0 && incomplete > 0, "the kill must interrupt work");
    let fourth_id: String =
        db(&dir).query_row("SELECT id FROM statements ORDER BY seq DESC LIMIT 1", [], |r| r.get(0)).unwrap_or_default();
    assert!(!ids.contains(&fourth_id));
    ids.push(fourth_id);

    // Restart on the same data; two more uploads to the new process.
    let (mut child, base) = spawn(&dir);
    for (i, f) in FIXTURES[4..].iter().enumerate() {
        ids.push(upload(&client, &base, &org, f, &format!("kill-{}", i + 4)).await);
    }
    let started = Instant::now();
    eventually(Duration::from_secs(120), "every statement to complete after the restart", || async {
        (count(&dir, "SELECT count(*) FROM statements WHERE analyses = 'completed'") == 6).then_some(())
    })
    .await;
    eprintln!("completed {} ms after the last upload", started.elapsed().as_millis());

    // Nothing lost, nothing doubled: six statements, each whole, no jobs left,
    // one outcome payload each, every one delivered.
    assert_eq!(count(&dir, "SELECT count(*) FROM jobs WHERE state IN ('queued', 'running')"), 0);
    assert_eq!(count(&dir, "SELECT count(*) FROM jobs WHERE state = 'done'"), 6);
    let conn = db(&dir);
    for (id, fixture) in ids.iter().zip(FIXTURES) {
        let (stages, json): ((String, String, String), String) = conn
            .query_row(
                "SELECT identity, transactions, analyses, statement_json FROM statements WHERE id = ?1",
                [id],
                |r| Ok(((r.get(0)?, r.get(1)?, r.get(2)?), r.get(3)?)),
            )
            .unwrap_or_else(|e| panic!("{fixture}: {e}"));
        assert_eq!(stages, ("completed".into(), "completed".into(), "completed".into()), "{fixture}");
        let stored: Value = serde_json::from_str(&json).unwrap_or_default();
        let truth: Value = serde_json::from_slice(
            &std::fs::read(fixture_path(&format!("statements/{fixture}.truth.json"))).unwrap_or_default(),
        )
        .unwrap_or_default();
        assert_eq!(
            stored["transactions"].as_array().map(Vec::len),
            truth["transactions"].as_array().map(Vec::len),
            "{fixture}: every transaction of the statement"
        );
        let payloads: i64 = conn
            .query_row("SELECT count(*) FROM webhook_outbox WHERE statement_id = ?1", [id], |r| r.get(0))
            .unwrap_or(-1);
        assert_eq!(payloads, 1, "{fixture}: one outcome");
    }
    let got = eventually(Duration::from_secs(30), "every webhook", || async {
        let r = receiver.received();
        ids.iter().all(|id| r.iter().any(|x| x.body.contains(id.as_str()))).then_some(r)
    })
    .await;
    assert!(got.iter().all(|r| r.body.contains("\"completed\"")));
    // A delivery sent just before the kill is sent again once its lease (3x the
    // 2 s webhook timeout) runs out: allow for that on a loaded machine.
    eventually(Duration::from_secs(30), "outbox delivered", || async {
        (count(&dir, "SELECT count(*) FROM webhook_outbox WHERE state = 'delivered'") == 6).then_some(())
    })
    .await;
    child.kill();
    receiver.stop().await;
}

fn fixture_path(name: &str) -> std::path::PathBuf {
    fixture(name)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_decompression_bomb_is_refused_with_its_limit_and_the_upload_stores_nothing() {
    let dir = fresh_dir();
    let org = org_in(&dir, "acme");
    let s = start(test_config(&dir), org).await;
    let bomb = std::fs::read(fixture("pdf/hostile/bomb-1gib.pdf")).unwrap_or_default();
    let started = Instant::now();
    let form = upload_form(&bomb, &[("link_id", "bomb")]);
    let (status, body) = json_of(s.authed(s.post("/v1/statement/bankless_upload/")).multipart(form).send().await).await;
    eprintln!("bomb refused in {} ms", started.elapsed().as_millis());
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    assert_eq!(body["error"]["code"], "LIMIT_EXCEEDED", "{body}");
    assert_eq!(count(&dir, "SELECT count(*) FROM statements"), 0);
    assert_eq!(count(&dir, "SELECT count(*) FROM jobs"), 0);
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bomb_among_good_statements_fails_alone_and_the_others_complete() {
    let dir = fresh_dir();
    let org = org_in(&dir, "acme");
    // Uploads answer at once (202): the bomb fails in the background, beside the others.
    let config = bankscope_server::Config { identity_wait: Duration::from_millis(1), ..test_config(&dir) };
    let s = start(config, org).await;
    let receiver = Receiver::start("127.0.0.1:0".parse().unwrap_or_else(|e| panic!("{e}")), 200).await;
    let r =
        s.authed(s.post("/v1/entity/update_webhook/")).json(&json!({"webhook_url": receiver.url(), "webhook_mode": 1}));
    assert_eq!(json_of(r.send().await).await.0, StatusCode::OK);

    let bomb = std::fs::read(fixture("pdf/hostile/bomb-1gib.pdf")).unwrap_or_default();
    let mut ids = Vec::new();
    for (i, f) in FIXTURES[..2].iter().enumerate() {
        ids.push(upload(&s.client, &s.url, &s.org, f, &format!("good-{i}")).await);
    }
    let form = upload_form(&bomb, &[("link_id", "bomb")]);
    let (status, body) = json_of(s.authed(s.post("/v1/statement/bankless_upload/")).multipart(form).send().await).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    let bomb_id = body["statement_id"].as_str().unwrap_or_default().to_string();
    ids.push(upload(&s.client, &s.url, &s.org, FIXTURES[2], "good-2").await);

    eventually(Duration::from_secs(120), "every statement to end", || async {
        (count(&dir, "SELECT count(*) FROM statements WHERE analyses != 'processing'") == 4).then_some(())
    })
    .await;
    let conn = db(&dir);
    let (identity, analyses, message): (String, String, String) = conn
        .query_row("SELECT identity, analyses, message FROM statements WHERE id = ?1", [&bomb_id], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .unwrap_or_default();
    assert_eq!((identity.as_str(), analyses.as_str()), ("failed", "failed"));
    assert!(message.starts_with("LIMIT_EXCEEDED"), "{message}");
    for id in &ids {
        let analyses: String =
            conn.query_row("SELECT analyses FROM statements WHERE id = ?1", [id], |r| r.get(0)).unwrap_or_default();
        assert_eq!(analyses, "completed", "{id}");
    }
    assert_eq!(count(&dir, "SELECT count(*) FROM jobs WHERE state IN ('queued', 'running')"), 0);
    // The session-less status of the bomb's entity shows it failed; its webhook says why.
    let got = eventually(Duration::from_secs(30), "four webhooks", || async {
        let r = receiver.received();
        (r.len() >= 4).then_some(r)
    })
    .await;
    let Some(failed) = got.iter().find(|r| r.body.contains(&bomb_id)) else { panic!("no bomb webhook") };
    let body: Value = serde_json::from_str(&failed.body).unwrap_or_default();
    assert_eq!(body["progress"], "failed");
    assert!(body["reason"].as_str().unwrap_or_default().starts_with("LIMIT_EXCEEDED"), "{body}");
    receiver.stop().await;
    s.stop().await;
}
