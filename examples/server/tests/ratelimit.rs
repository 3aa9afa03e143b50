//! Per-organisation rate limiting over HTTPS: a tiny limit, requests past it
//! get 429 with `Retry-After`, another organisation is unaffected, and the
//! limited one is served again after the wait.

mod common;

use std::time::{Duration, Instant};

use bankscope_server::Config;
use common::{fresh_dir, json_of, org_in, start, test_config};
use reqwest::StatusCode;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_the_limit_is_429_with_retry_after_and_other_orgs_are_unaffected() {
    let dir = fresh_dir();
    let a = org_in(&dir, "a");
    let b = org_in(&dir, "b");
    // 1 request a second, bursts of 3.
    let config = Config { rate_limit: 1, rate_burst: 3, ..test_config(&dir) };
    let s = start(config, a.clone()).await;
    // An authenticated read of an entity nobody has: 404 once the key is accepted, so it counts.
    let missing = format!("/v1/entity/{}/accounts/", uuid::Uuid::new_v4());
    let read_as = |org: &common::Org| s.get(&missing).header("x-api-key", &org.key).header("server-hash", &org.hash);

    let first = Instant::now();
    for i in 0..3 {
        let (status, body) = json_of(read_as(&a).send().await).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "request {i} within the burst: {body}");
    }
    // The bucket is empty; refilling one token takes 1 s, so the 4th request is refused with Retry-After 1.
    let r = read_as(&a).send().await.unwrap_or_else(|e| panic!("request: {e}"));
    assert!(first.elapsed() < Duration::from_secs(1), "the 4 requests took {:?}; the limit refilled", first.elapsed());
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry = r.headers().get("retry-after").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    assert_eq!(retry, "1");
    let body: serde_json::Value = r.json().await.unwrap_or_default();
    assert_eq!(body["detail"], "Request was throttled. Expected available in 1 second.");

    // Session creation is authenticated by the same key and limited by the same bucket.
    let (status, body) =
        json_of(s.post("/v1/session/").header("x-api-key", &a.key).form(&[("mode", "pdf")]).send().await).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");

    // Organisation b has its own bucket.
    for i in 0..3 {
        let (status, body) = json_of(read_as(&b).send().await).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "org b request {i}: {body}");
    }

    // After the wait a is served again.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let (status, body) = json_of(read_as(&a).send().await).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "after Retry-After: {body}");

    // The OpenAPI document lists the 429 on the keyed operations, not on the signed download.
    let (_, doc) = json_of(s.get("/openapi.json").send().await).await;
    let paths = &doc["paths"];
    assert!(paths["/v1/entity/{entity_id}/accounts/"]["get"]["responses"]["429"].is_object(), "{paths}");
    assert!(paths["/v1/session/"]["post"]["responses"]["429"].is_object());
    assert!(paths["/v1/report/{entity_id}/{account_id}/"]["get"]["responses"]["429"].is_null());
    s.stop().await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// Log output captured for the test below (one global subscriber per test binary).
#[derive(Clone, Default)]
struct Captured(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if let Ok(mut b) = self.0.lock() {
            b.extend_from_slice(buf);
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn session_token_routes_are_limited_per_session_and_per_organisation_with_one_log_line_each() {
    let logs = Captured::default();
    let sink = logs.clone();
    let _ = tracing_subscriber::fmt().with_ansi(false).with_writer(move || sink.clone()).try_init();
    let dir = fresh_dir();
    let org = org_in(&dir, "a");
    // Sessions: 3 at once; the organisation: 7 at once (2 of them the session creations below).
    let config =
        Config { rate_limit: 1, rate_burst: 7, session_rate_limit: 1, session_rate_burst: 3, ..test_config(&dir) };
    let s = start(config, org.clone()).await;
    let mut sessions = Vec::new();
    for link in ["one", "two"] {
        let (status, body) =
            json_of(s.post("/v2/session/").header("x-api-key", &org.key).form(&[("link_id", link)]).send().await).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let id = body["session_id"].as_str().unwrap_or_default().to_string();
        let url = body["redirect_url"].as_str().unwrap_or_default();
        let token = url.rsplit("token=").next().unwrap_or_default().to_string();
        sessions.push((id, token));
    }
    let started = Instant::now();
    let status_of = |i: usize, page: bool| {
        let (id, token) = &sessions[i];
        let path = if page {
            format!("/client/session/{id}/?token={token}")
        } else {
            format!("/v1/session_data/{id}/session_upload_status/?token={token}")
        };
        s.get(&path)
    };
    // Session one: its burst of 3 (the hosted page's summary counts too), then 429.
    let mut codes = Vec::new();
    for k in 0..5 {
        let r = status_of(0, k == 0).send().await.unwrap_or_else(|e| panic!("{e}"));
        codes.push(r.status().as_u16());
    }
    assert_eq!(codes, [200, 200, 200, 429, 429], "session one");
    // Session two has its own bucket, but the organisation has 2 tokens left (7 - 2 creations - 3).
    let mut codes = Vec::new();
    for _ in 0..3 {
        let r = status_of(1, false).send().await.unwrap_or_else(|e| panic!("{e}"));
        codes.push(r.status().as_u16());
    }
    assert!(started.elapsed() < Duration::from_secs(1), "took {:?}: the buckets refilled", started.elapsed());
    assert_eq!(codes, [200, 200, 429], "session two, limited by its organisation");
    s.stop().await;
    // One log line per throttled request: the request line with status 429.
    let text = String::from_utf8_lossy(&logs.0.lock().map(|b| b.clone()).unwrap_or_default()).to_string();
    // (The other test of this binary logs to the same place: only this test's sessions.)
    let ours = |l: &&str| sessions.iter().any(|(id, _)| l.contains(id.as_str())) || l.contains("rate limited");
    let throttled: Vec<&str> =
        text.lines().filter(ours).filter(|l| !l.contains("status=200") && !l.contains("session created")).collect();
    assert_eq!(throttled.len(), 3, "{throttled:#?}");
    let _ = std::fs::remove_dir_all(&dir);
}
