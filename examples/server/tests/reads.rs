//! Reads: the responses of an entity are built once per entity version (the
//! store raises it with every change to the entity's statements) and served
//! from memory until the version changes or the entity is deleted.

mod common;

use std::path::Path;
use std::time::Duration;

use bankscope::resources::Resource;
use common::*;
use reqwest::StatusCode;

fn count(dir: &Path, sql: &str) -> i64 {
    rusqlite::Connection::open(dir.join("bankscope.db")).and_then(|c| c.query_row(sql, [], |r| r.get(0))).unwrap_or(-1)
}

async fn processed(dir: &Path) {
    eventually(Duration::from_secs(90), "processing to end", || async {
        (count(dir, "SELECT count(*) FROM statements WHERE analyses = 'processing'") == 0).then_some(())
    })
    .await;
}

async fn metric(s: &Server, series: &str) -> f64 {
    let text = s.get("/metrics").send().await.unwrap_or_else(|e| panic!("{e}")).text().await.unwrap_or_default();
    text.lines()
        .find_map(|l| l.strip_prefix(series).and_then(|rest| rest.strip_prefix(' ')))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no {series} in /metrics:\n{text}"))
}

async fn read(s: &Server, entity: &str, resource: Resource) -> (StatusCode, serde_json::Value) {
    json_of(s.authed(s.get(&format!("/v1/entity/{entity}/{}/", resource.path_suffix()))).send().await).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn responses_are_built_once_per_entity_version() {
    let dir = fresh_dir();
    let s = start(test_config(&dir), org_in(&dir, "acme")).await;
    let upload = |fixture: &'static str| {
        let (bytes, password) = statement(fixture);
        let form = upload_form(&bytes, &[("link_id", "cached"), ("pdf_password", &password)]);
        s.authed(s.post("/v1/statement/bankless_upload/")).multipart(form).send()
    };
    let (status, body) = json_of(upload("axis_fpdf2").await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let entity = body["entity_id"].as_str().unwrap_or_default().to_string();
    processed(&dir).await;

    let builds = metric(&s, "bankscope_read_builds_total").await;
    let hits = metric(&s, "bankscope_read_cache_hits_total").await;
    let mut first = Vec::new();
    for round in 0..3 {
        for resource in Resource::ALL.iter().copied() {
            let (status, body) = read(&s, &entity, resource).await;
            assert_eq!(status, StatusCode::OK, "{resource}: {body}");
            assert_eq!(body["progress"][0]["status"], "completed", "{resource}");
            if round == 0 {
                first.push(body);
            } else if resource != Resource::XlsxReport {
                // The same bytes each time (xlsx links carry a fresh expiry).
                assert_eq!(first[Resource::ALL.iter().position(|r| *r == resource).unwrap_or(0)], body);
            }
        }
    }
    // 36 reads of one version: one build, the rest from memory.
    assert_eq!(metric(&s, "bankscope_read_builds_total").await - builds, 1.0);
    assert!(metric(&s, "bankscope_read_cache_hits_total").await - hits >= 35.0);

    // A second statement is a new version: the next read sees it, built once more.
    let (status, body) = json_of(upload("baroda_fpdf2").await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["entity_id"].as_str(), Some(entity.as_str()));
    processed(&dir).await;
    let (_, body) = read(&s, &entity, Resource::Transactions).await;
    assert_eq!(body["progress"].as_array().map(Vec::len), Some(2), "{body}");
    assert_eq!(body["accounts"].as_array().map(Vec::len), Some(2));
    let after = metric(&s, "bankscope_read_builds_total").await;
    assert_eq!(after - builds, 2.0);
    let (_, again) = read(&s, &entity, Resource::Transactions).await;
    assert_eq!(again, body);
    assert_eq!(metric(&s, "bankscope_read_builds_total").await, after);
    assert_eq!(metric(&s, "bankscope_read_cache_entities").await, 1.0);

    // Deleting the entity drops its responses; reads answer 404.
    let r = s.authed(s.client.delete(format!("{}/v1/entity/{entity}/", s.url))).send().await;
    assert_eq!(r.map(|r| r.status()).ok(), Some(StatusCode::OK));
    assert_eq!(metric(&s, "bankscope_read_cache_entities").await, 0.0);
    assert_eq!(read(&s, &entity, Resource::Accounts).await.0, StatusCode::NOT_FOUND);
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stage_finishing_is_seen_by_the_next_read() {
    let dir = fresh_dir();
    let s = start(test_config(&dir), org_in(&dir, "acme")).await;
    let (bytes, password) = statement("axis_fpdf2");
    let form = upload_form(&bytes, &[("link_id", "staged"), ("pdf_password", &password)]);
    let (status, body) = json_of(s.authed(s.post("/v1/statement/bankless_upload/")).multipart(form).send().await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let entity = body["entity_id"].as_str().unwrap_or_default().to_string();
    // Read while it processes, then after: the score goes from withheld to given.
    let (_, early) = read(&s, &entity, Resource::Score).await;
    processed(&dir).await;
    let (_, late) = read(&s, &entity, Resource::Score).await;
    assert_eq!(late["progress"][0]["status"], "completed", "{late}");
    assert_eq!(late["score"].as_array().map(Vec::len), Some(1), "{late}");
    if early["progress"][0]["status"] == "processing" {
        assert_eq!(early["score"], serde_json::json!([]));
    }
    s.stop().await;
}
