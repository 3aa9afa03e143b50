//! Sessions and uploads: a session's link stops giving access when the session
//! expires; v1 links (no token) open their page; a refused upload leaves no
//! empty entity and sends its failed webhook.

mod common;

use std::time::Duration;

use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

fn db(dir: &std::path::Path) -> rusqlite::Connection {
    rusqlite::Connection::open(dir.join("bankscope.db")).unwrap_or_else(|e| panic!("db: {e}"))
}

async fn session(s: &Server, version: u8, link: &str) -> (String, Option<String>) {
    let r = s.post(&format!("/v{version}/session/")).header("x-api-key", &s.org.key).form(&[("link_id", link)]);
    let (status, body) = json_of(r.send().await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = body["session_id"].as_str().unwrap_or_default().to_string();
    let url = body["redirect_url"].as_str().unwrap_or_default();
    (id, url.split_once("token=").map(|(_, t)| t.to_string()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_session_token_reads_nothing_but_the_keys_still_do() {
    let dir = fresh_dir();
    let s = start(test_config(&dir), org_in(&dir, "acme")).await;
    let (id, token) = session(&s, 2, "exp").await;
    let token = token.unwrap_or_default();
    let status_path = format!("/v1/session_data/{id}/session_upload_status/?token={token}");
    assert_eq!(json_of(s.get(&status_path).send().await).await.0, StatusCode::OK);
    db(&dir)
        .execute(
            "UPDATE sessions SET expires_at = ?1 WHERE id = ?2",
            rusqlite::params![chrono::Utc::now().timestamp() - 1, id],
        )
        .unwrap_or_else(|e| panic!("{e}"));
    let (status, body) = json_of(s.get(&status_path).send().await).await;
    assert_eq!((status, body["error"]["code"].clone()), (StatusCode::FORBIDDEN, json!("SESSION_EXPIRED")), "{body}");
    let init = format!("/v1/session_data/{id}/initiate_processing/?token={token}");
    assert_eq!(json_of(s.post(&init).send().await).await.0, StatusCode::FORBIDDEN);
    // The page learns only that the link expired.
    let (status, info) = json_of(s.get(&format!("/client/session/{id}/?token={token}")).send().await).await;
    assert_eq!((status, info), (StatusCode::OK, json!({"session_id": id, "expired": true})));
    // The lender's keys still read the session.
    let keyed = s.authed(s.get(&format!("/v1/session_data/{id}/session_upload_status/")));
    assert_eq!(json_of(keyed.send().await).await.0, StatusCode::OK);
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_v1_redirect_page_opens_with_its_session_id_and_a_v2_one_needs_its_token() {
    let dir = fresh_dir();
    let s = start(test_config(&dir), org_in(&dir, "acme")).await;
    let (v1, token) = session(&s, 1, "v1-page").await;
    assert_eq!(token, None, "a v1 redirect URL carries the session id only");
    let (status, info) = json_of(s.get(&format!("/client/session/{v1}/")).send().await).await;
    assert_eq!(status, StatusCode::OK, "{info}");
    assert_eq!((info["link_id"].clone(), info["expired"].clone()), (json!("v1-page"), json!(false)));
    // The page's upload (session_id before the file, as the page sends it) and status.
    let (bytes, password) = statement("sbi_fpdf2_encrypted");
    let form = reqwest::multipart::Form::new()
        .text("session_id", v1.clone())
        .part("file", reqwest::multipart::Part::bytes(bytes).file_name("s.pdf"))
        .text("pdf_password", password);
    let (status, up) = json_of(s.post("/v1/statement/upload_session/").multipart(form).send().await).await;
    assert_eq!(status, StatusCode::OK, "{up}");
    let (status, st) = json_of(s.get(&format!("/v1/session_data/{v1}/session_upload_status/")).send().await).await;
    assert_eq!((status, st["statements"].as_array().map(Vec::len)), (StatusCode::OK, Some(1)), "{st}");
    // A v2 session's page and status still need the token.
    let (v2, _) = session(&s, 2, "v2-page").await;
    assert_eq!(json_of(s.get(&format!("/client/session/{v2}/")).send().await).await.0, StatusCode::FORBIDDEN);
    let r = s.get(&format!("/v1/session_data/{v2}/session_upload_status/"));
    assert_eq!(json_of(r.send().await).await.0, StatusCode::UNAUTHORIZED);
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_upload_leaves_no_empty_entity_and_sends_a_failed_webhook() {
    let dir = fresh_dir();
    let s = start(test_config(&dir), org_in(&dir, "acme")).await;
    let receiver = Receiver::start("127.0.0.1:0".parse().unwrap_or_else(|e| panic!("{e}")), 200).await;
    let hook =
        s.authed(s.post("/v1/entity/update_webhook/")).json(&json!({"webhook_url": receiver.url(), "webhook_mode": 1}));
    assert_eq!(json_of(hook.send().await).await.0, StatusCode::OK);
    let (bytes, _) = statement("sbi_fpdf2_encrypted");
    let form = upload_form(&bytes, &[("link_id", "refused-new"), ("pdf_password", "wrong")]);
    let (status, body) = json_of(s.authed(s.post("/v1/statement/bankless_upload/")).multipart(form).send().await).await;
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (StatusCode::BAD_REQUEST, json!("PASSWORD_INCORRECT")),
        "{body}"
    );
    let count = |sql: &str| db(&dir).query_row(sql, [], |r| r.get::<_, i64>(0)).unwrap_or(-1);
    assert_eq!(count("SELECT count(*) FROM entities WHERE link_id = 'refused-new'"), 0, "no empty entity");
    assert_eq!(count("SELECT count(*) FROM statements"), 0);
    let got =
        eventually(Duration::from_secs(30), "the failed webhook", || async { receiver.received().into_iter().next() })
            .await;
    let payload: Value = serde_json::from_str(&got.body).unwrap_or_default();
    assert_eq!((payload["progress"].clone(), payload["link_id"].clone()), (json!("failed"), json!("refused-new")));
    assert!(payload["reason"].as_str().unwrap_or_default().starts_with("PASSWORD_INCORRECT"), "{payload}");
    // An entity that existed before keeps existing after a refused upload into it.
    let r = s.authed(s.post("/v1/entity/")).form(&[("link_id", "kept")]);
    assert_eq!(json_of(r.send().await).await.0, StatusCode::CREATED);
    let form = upload_form(&bytes, &[("link_id", "kept"), ("pdf_password", "wrong")]);
    let (status, _) = json_of(s.authed(s.post("/v1/statement/bankless_upload/")).multipart(form).send().await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(count("SELECT count(*) FROM entities WHERE link_id = 'kept'"), 1);
    receiver.stop().await;
    s.stop().await;
}
