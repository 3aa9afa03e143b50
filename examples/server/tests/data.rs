//! Data lifecycle: statement PDFs are not kept after processing (unless
//! configured), an entity can be deleted on request, and the retention policy
//! deletes entities older than N days.

mod common;

use std::path::Path;
use std::time::Duration;

use bankscope_server::Config;
use common::*;
use reqwest::StatusCode;
use serde_json::json;

fn count(dir: &Path, sql: &str) -> i64 {
    rusqlite::Connection::open(dir.join("bankscope.db")).and_then(|c| c.query_row(sql, [], |r| r.get(0))).unwrap_or(-1)
}

async fn upload(s: &Server, fixture: &str, link: &str) -> (StatusCode, serde_json::Value) {
    let (bytes, password) = statement(fixture);
    let form = upload_form(&bytes, &[("link_id", link), ("pdf_password", &password)]);
    json_of(s.authed(s.post("/v1/statement/bankless_upload/")).multipart(form).send().await).await
}

async fn processed(dir: &Path) {
    eventually(Duration::from_secs(60), "processing to end", || async {
        (count(dir, "SELECT count(*) FROM statements WHERE analyses = 'processing'") == 0).then_some(())
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pdfs_are_not_kept_after_processing_unless_configured() {
    let dir = fresh_dir();
    let s = start(test_config(&dir), org_in(&dir, "acme")).await;
    let (status, body) = upload(&s, "axis_fpdf2", "pdf-1").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    processed(&dir).await;
    assert_eq!(count(&dir, "SELECT count(*) FROM statements WHERE analyses = 'completed'"), 1);
    assert_eq!(count(&dir, "SELECT length(file) FROM statements"), 0, "the PDF is gone");
    assert_eq!(count(&dir, "SELECT length(file_digest) FROM statements"), 32, "its digest stays");
    // The same file is still recognised.
    let (status, body) = upload(&s, "axis_fpdf2", "pdf-1").await;
    assert_eq!((status, body["error"]["code"].clone()), (StatusCode::CONFLICT, json!("DUPLICATE_STATEMENT")));
    s.stop().await;

    let dir = fresh_dir();
    let s = start(Config { keep_pdfs: true, ..test_config(&dir) }, org_in(&dir, "acme")).await;
    let (status, _) = upload(&s, "axis_fpdf2", "pdf-2").await;
    assert_eq!(status, StatusCode::OK);
    processed(&dir).await;
    assert!(count(&dir, "SELECT length(file) FROM statements") > 1000, "kept with --keep-pdfs");
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_entity_is_deleted_on_request_with_everything_it_holds() {
    let dir = fresh_dir();
    let s = start(test_config(&dir), org_in(&dir, "acme")).await;
    let (status, body) = upload(&s, "axis_fpdf2", "gone").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let entity = body["entity_id"].as_str().unwrap_or_default().to_string();
    processed(&dir).await;
    let read = format!("/v1/entity/{entity}/transactions/");
    assert_eq!(json_of(s.authed(s.get(&read)).send().await).await.0, StatusCode::OK);
    // Another organisation cannot delete it.
    let other = org_in(&dir, "other");
    let r = s.client.delete(format!("{}/v1/entity/{entity}/", s.url)).header("x-api-key", &other.key);
    let r = r.header("server-hash", &other.hash);
    assert_eq!(json_of(r.send().await).await.0, StatusCode::NOT_FOUND);
    let (status, body) =
        json_of(s.authed(s.client.delete(format!("{}/v1/entity/{entity}/", s.url))).send().await).await;
    assert_eq!((status, body), (StatusCode::OK, json!({"entity_id": entity, "deleted": true})));
    assert_eq!(json_of(s.authed(s.get(&read)).send().await).await.0, StatusCode::NOT_FOUND);
    for table in ["entities", "statements", "jobs", "webhook_outbox"] {
        assert_eq!(count(&dir, &format!("SELECT count(*) FROM {table}")), 0, "{table}");
    }
    let (status, _) = json_of(s.authed(s.client.delete(format!("{}/v1/entity/{entity}/", s.url))).send().await).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "already gone");
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_retention_policy_deletes_entities_older_than_n_days() {
    let dir = fresh_dir();
    let config = Config { retention_days: 30, retention_sweep: Duration::from_millis(100), ..test_config(&dir) };
    let s = start(config, org_in(&dir, "acme")).await;
    let (status, old) = upload(&s, "axis_fpdf2", "old").await;
    assert_eq!(status, StatusCode::OK, "{old}");
    let (status, new) = upload(&s, "baroda_fpdf2", "new").await;
    assert_eq!(status, StatusCode::OK, "{new}");
    processed(&dir).await;
    let old_id = old["entity_id"].as_str().unwrap_or_default().to_string();
    let new_id = new["entity_id"].as_str().unwrap_or_default().to_string();
    // Both are read, so both have responses held in memory.
    for id in [&old_id, &new_id] {
        let r = s.authed(s.get(&format!("/v1/entity/{id}/transactions/"))).send().await;
        assert_eq!(r.map(|r| r.status()).ok(), Some(StatusCode::OK));
    }
    assert_eq!(cached_entities(&s).await, 2);
    // The first entity was made 31 days ago.
    let conn = rusqlite::Connection::open(dir.join("bankscope.db")).unwrap_or_else(|e| panic!("{e}"));
    let long_ago = chrono::Utc::now().timestamp() - 31 * 86_400;
    conn.execute("UPDATE entities SET created_at = ?1 WHERE id = ?2", rusqlite::params![long_ago, old_id])
        .unwrap_or_else(|e| panic!("{e}"));
    eventually(Duration::from_secs(10), "the old entity to go", || async {
        (count(&dir, &format!("SELECT count(*) FROM entities WHERE id = '{old_id}'")) == 0).then_some(())
    })
    .await;
    assert_eq!(count(&dir, &format!("SELECT count(*) FROM statements WHERE entity_id = '{old_id}'")), 0);
    assert_eq!(count(&dir, &format!("SELECT count(*) FROM entities WHERE id = '{new_id}'")), 1, "the recent one stays");
    assert_eq!(count(&dir, &format!("SELECT count(*) FROM statements WHERE entity_id = '{new_id}'")), 1);
    // The deleted entity's responses are dropped from memory too, not only refused.
    eventually(Duration::from_secs(10), "the old entity's responses to go", || async {
        (cached_entities(&s).await == 1).then_some(())
    })
    .await;
    s.stop().await;
}

async fn cached_entities(s: &Server) -> i64 {
    let text = s.get("/metrics").send().await.unwrap_or_else(|e| panic!("{e}")).text().await.unwrap_or_default();
    text.lines()
        .find_map(|l| l.strip_prefix("bankscope_read_cache_entities "))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(-1)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signing_keys_live_outside_the_database_and_rotate_with_overlap() {
    use bankscope_server::store::{SqliteStore, Store};
    let dir = fresh_dir();
    let org = org_in(&dir, "acme");
    let key_file = dir.join("signing-keys");
    let s = start(Config { signing_key_file: Some(key_file.clone()), ..test_config(&dir) }, org.clone()).await;
    // The file was made (0600) with one key; tokens are signed with it, not the database's secret.
    let text = std::fs::read_to_string(&key_file).unwrap_or_default();
    let old_key = text.trim().to_string();
    assert_eq!(old_key.len(), 64);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&key_file).map(|m| m.permissions().mode() & 0o777).unwrap_or(0);
        assert_eq!(mode, 0o600);
    }
    let (status, created) =
        json_of(s.post("/v2/session/").header("x-api-key", &org.key).form(&[("link_id", "k")]).send().await).await;
    assert_eq!(status, StatusCode::OK, "{created}");
    let id = created["session_id"].as_str().unwrap_or_default().to_string();
    let token = created["redirect_url"].as_str().unwrap_or_default().rsplit("token=").next().unwrap_or_default();
    let hex_key = |h: &str| {
        (0..h.len()).step_by(2).filter_map(|i| u8::from_str_radix(&h[i..i + 2], 16).ok()).collect::<Vec<u8>>()
    };
    assert_eq!(token, bankscope_server::crypto::sign(&hex_key(&old_key), &["session", &id]));
    let db_secret = SqliteStore::open(&dir).and_then(|st| st.secret()).unwrap_or_default();
    let forged = bankscope_server::crypto::sign(&db_secret, &["session", &id]);
    let status_of = |t: String| s.get(&format!("/v1/session_data/{id}/session_upload_status/?token={t}"));
    assert_eq!(
        json_of(status_of(forged).send().await).await.0,
        StatusCode::UNAUTHORIZED,
        "the database secret signs nothing"
    );
    // Even with the right key, a report link claiming to live until 2100 was not made here.
    let link = bankscope_server::read::report_link(&s.url, &hex_key(&old_key), &id, "acct", 4_102_444_800);
    let (status, body) = json_of(s.client.get(&link).send().await).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    s.stop().await;
    // Rotation: a new key first, the old one kept for the overlap; restart.
    let new_key = bankscope_server::crypto::hex(&[7u8; 32]);
    std::fs::write(&key_file, format!("{new_key}\n{old_key}\n")).unwrap_or_else(|e| panic!("{e}"));
    let s = start(Config { signing_key_file: Some(key_file.clone()), ..test_config(&dir) }, org.clone()).await;
    let status_of = |t: &str| s.get(&format!("/v1/session_data/{id}/session_upload_status/?token={t}"));
    assert_eq!(json_of(status_of(token).send().await).await.0, StatusCode::OK, "old tokens verify during the overlap");
    let (_, created) =
        json_of(s.post("/v2/session/").header("x-api-key", &org.key).form(&[("link_id", "k2")]).send().await).await;
    let id2 = created["session_id"].as_str().unwrap_or_default().to_string();
    let token2 = created["redirect_url"].as_str().unwrap_or_default().rsplit("token=").next().unwrap_or_default();
    assert_eq!(token2, bankscope_server::crypto::sign(&[7u8; 32], &["session", &id2]), "the new key signs");
    s.stop().await;
    // The overlap ends: the old key is removed; its tokens stop working.
    std::fs::write(&key_file, format!("{new_key}\n")).unwrap_or_else(|e| panic!("{e}"));
    let s = start(Config { signing_key_file: Some(key_file), ..test_config(&dir) }, org).await;
    let r = s.get(&format!("/v1/session_data/{id}/session_upload_status/?token={token}"));
    assert_eq!(json_of(r.send().await).await.0, StatusCode::UNAUTHORIZED);
    s.stop().await;
}
