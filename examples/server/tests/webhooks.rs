//! Webhooks over real HTTPS on loopback with a local receiver: update_webhook
//! and its modes, signed delivery, the listing, retries with backoff while the
//! receiver is down, giving up, and the SSRF guard.

mod common;

use std::time::Duration;

use bankscope_server::store::{SqliteStore, Store};
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn set_webhook(s: &Server, body: Value) -> (StatusCode, Value) {
    json_of(s.authed(s.post("/v1/entity/update_webhook/")).json(&body).send().await).await
}

async fn payloads(s: &Server, link: &str) -> Vec<Value> {
    let (status, body) =
        json_of(s.authed(s.get(&format!("/v1/entity/webhook_payloads/?link_id={link}"))).send().await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["payloads"].as_array().cloned().unwrap_or_default()
}

/// A manual upload (bank detected) into the entity of `link`.
async fn manual_upload(s: &Server, fixture: &str, link: &str, password: Option<&str>) -> Value {
    let (bytes, truth_password) = statement(fixture);
    let password = password.map(str::to_string).unwrap_or(truth_password);
    let form = upload_form(&bytes, &[("link_id", link), ("pdf_password", &password)]);
    let (status, body) = json_of(s.authed(s.post("/v1/statement/bankless_upload/")).multipart(form).send().await).await;
    assert!(status == StatusCode::OK || status == StatusCode::ACCEPTED, "{fixture}: {status} {body}");
    body
}

fn is_date_time(s: &str) -> bool {
    // YYYY-MM-DD HH:MM:SS
    chrono::NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M:%S").is_ok() && s.len() == 19
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn session_journeys_are_delivered_signed_manual_ones_by_mode_and_listed() {
    let dir = fresh_dir();
    let org = org_in(&dir, "acme");
    let s = start(test_config(&dir), org).await;
    let receiver = Receiver::start("127.0.0.1:0".parse().unwrap_or_else(|e| panic!("{e}")), 200).await;

    // The mode is 0 when omitted; the signing secret is made now.
    let (status, hook) = set_webhook(&s, json!({"webhook_url": receiver.url()})).await;
    assert_eq!(status, StatusCode::OK, "{hook}");
    assert_eq!(hook["webhook_mode"], 0);
    assert_eq!(hook["webhook_url"], receiver.url().as_str());
    let secret = hook["signing_secret"].as_str().unwrap_or_default().to_string();
    assert!(secret.starts_with("whsec_") && secret.len() == 6 + 64, "{secret}");

    // An online journey: a v2 session and an upload through its token.
    let form = [("api_key", s.org.key.as_str()), ("link_id", "wh-journey")];
    let (_, session) = json_of(s.post("/v2/session/").form(&form).send().await).await;
    let sid = session["session_id"].as_str().unwrap_or_default().to_string();
    let token =
        session["redirect_url"].as_str().unwrap_or_default().rsplit("token=").next().unwrap_or_default().to_string();
    let (bytes, password) = statement("sbi_fpdf2_encrypted");
    let form = upload_form(&bytes, &[("session_id", &sid), ("token", &token), ("pdf_password", &password)]);
    let (status, up) = json_of(s.post("/v1/statement/upload_session/").multipart(form).send().await).await;
    assert_eq!(status, StatusCode::OK, "{up}");
    let statement_id = up["statement_id"].as_str().unwrap_or_default().to_string();

    let got = eventually(Duration::from_secs(60), "the journey's webhook", || async {
        let r = receiver.received();
        (!r.is_empty()).then_some(r)
    })
    .await;
    let first = &got[0];
    // Interface 2.15 without date_time, fields in interface order.
    assert_eq!(
        first.body,
        format!(
            r#"{{"entity_id":"{sid}","statement_id":"{statement_id}","link_id":"wh-journey","progress":"completed","reason":""}}"#
        )
    );
    // The receiver's check of the README: HMAC-SHA256 of the raw body with the signing secret.
    assert_eq!(first.signature, expected_signature(&secret, &first.body));
    assert_ne!(first.signature, expected_signature(&secret, &first.body.replace("completed", "failed")));
    assert_eq!(first.attempt, "1");
    assert!(!first.delivery.is_empty());

    // Mode 0: a manual upload makes a payload (listed) but none is sent.
    manual_upload(&s, "axis_fpdf2", "wh-manual", None).await;
    let listed = eventually(Duration::from_secs(60), "the manual payload", || async {
        let p = payloads(&s, "wh-manual").await;
        (!p.is_empty()).then_some(p)
    })
    .await;
    assert_eq!(listed[0]["progress"], "completed", "{listed:?}");
    tokio::time::sleep(Duration::from_millis(600)).await; // 12 poll intervals
    assert_eq!(receiver.received().len(), 1, "mode 0 sends nothing for manual uploads");

    // Mode 1: manual uploads are sent too.
    let (status, hook) = set_webhook(&s, json!({"webhook_url": receiver.url(), "webhook_mode": 1})).await;
    assert_eq!((status, hook["webhook_mode"].clone()), (StatusCode::OK, json!(1)));
    assert_eq!(hook["signing_secret"], secret.as_str(), "the secret is kept across updates");
    manual_upload(&s, "baroda_fpdf2", "wh-manual-2", None).await;
    let got = eventually(Duration::from_secs(60), "the mode-1 manual webhook", || async {
        let r = receiver.received();
        (r.len() >= 2).then_some(r)
    })
    .await;
    let body: Value = serde_json::from_str(&got[1].body).unwrap_or_default();
    assert_eq!((body["link_id"].clone(), body["progress"].clone()), (json!("wh-manual-2"), json!("completed")));
    assert_eq!(got[1].signature, expected_signature(&secret, &got[1].body));

    // An update without webhook_mode resets it to 0.
    let (_, hook) = set_webhook(&s, json!({"webhook_url": receiver.url()})).await;
    assert_eq!(hook["webhook_mode"], 0);

    // The listing: the payload as sent plus date_time.
    let listed = payloads(&s, "wh-journey").await;
    assert_eq!(listed.len(), 1);
    let mut expected: Value = serde_json::from_str(&first.body).unwrap_or_default();
    let date_time = listed[0]["date_time"].as_str().unwrap_or_default().to_string();
    assert!(is_date_time(&date_time), "{date_time}");
    expected["date_time"] = json!(date_time);
    assert_eq!(listed[0], expected);
    receiver.stop().await;
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_statement_sends_its_reason_and_the_listing_is_newest_first() {
    let dir = fresh_dir();
    let org = org_in(&dir, "acme");
    // Uploads answer at once (202), so a refused PDF fails in the background.
    let config = bankscope_server::Config { identity_wait: Duration::from_millis(1), ..test_config(&dir) };
    let s = start(config, org).await;
    let receiver = Receiver::start("127.0.0.1:0".parse().unwrap_or_else(|e| panic!("{e}")), 200).await;
    let (status, _) = set_webhook(&s, json!({"webhook_url": receiver.url(), "webhook_mode": 1})).await;
    assert_eq!(status, StatusCode::OK);

    manual_upload(&s, "sbi_fpdf2_encrypted", "wh-order", None).await;
    eventually(Duration::from_secs(60), "the completed payload", || async {
        (payloads(&s, "wh-order").await.len() == 1).then_some(())
    })
    .await;
    // One second later, so the two date_times differ.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    manual_upload(&s, "pnbbnk_libreoffice_encrypted", "wh-order", Some("not-the-password")).await;
    let listed = eventually(Duration::from_secs(60), "the failed payload", || async {
        let p = payloads(&s, "wh-order").await;
        (p.len() == 2).then_some(p)
    })
    .await;
    assert_eq!(listed[0]["progress"], "failed", "newest first: {listed:?}");
    assert!(listed[0]["reason"].as_str().unwrap_or_default().starts_with("PASSWORD_INCORRECT"), "{listed:?}");
    assert_eq!(listed[1]["progress"], "completed");
    assert_eq!(listed[1]["reason"], "");
    let (newer, older) = (listed[0]["date_time"].as_str().unwrap_or(""), listed[1]["date_time"].as_str().unwrap_or(""));
    assert!(is_date_time(newer) && is_date_time(older) && newer > older, "{newer} after {older}");
    assert_eq!(listed[0]["entity_id"], listed[1]["entity_id"], "one entity per link");

    let got = eventually(Duration::from_secs(30), "both webhooks", || async {
        let r = receiver.received();
        (r.len() >= 2).then_some(r)
    })
    .await;
    let failed = got.iter().find(|r| r.body.contains("\"failed\"")).cloned();
    let Some(failed) = failed else { panic!("no failed payload sent: {got:?}") };
    let body: Value = serde_json::from_str(&failed.body).unwrap_or_default();
    let mut expected = listed[0].clone();
    if let Some(o) = expected.as_object_mut() {
        o.remove("date_time");
    }
    assert_eq!(body, expected);

    // Another organisation sees none of it; no keys is the 401 of 7.1.
    let other = org_in(&dir, "other");
    let (status, body) = json_of(
        s.get("/v1/entity/webhook_payloads/?link_id=wh-order")
            .header("x-api-key", &other.key)
            .header("server-hash", &other.hash)
            .send()
            .await,
    )
    .await;
    assert_eq!((status, body), (StatusCode::OK, json!({"payloads": []})));
    let (status, body) = json_of(s.get("/v1/entity/webhook_payloads/?link_id=wh-order").send().await).await;
    assert_eq!(
        (status, body),
        (StatusCode::UNAUTHORIZED, json!({"detail": "Authentication credentials were not provided."}))
    );
    receiver.stop().await;
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_receiver_down_then_back_gets_every_payload_once_with_every_attempt_recorded() {
    let dir = fresh_dir();
    let org = org_in(&dir, "acme");
    let backoff = Duration::from_millis(250);
    // Eight attempts (a 32 s window) so a slow, shared machine still sees the receiver come back.
    let config = bankscope_server::Config { webhook_backoff: backoff, webhook_attempts: 8, ..test_config(&dir) };
    let s = start(config, org).await;
    // A port with nobody listening: connection refused until the receiver starts.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or_else(|e| panic!("{e}"));
    let url = format!("http://127.0.0.1:{port}/hook");
    let (status, _) = set_webhook(&s, json!({"webhook_url": url, "webhook_mode": 1})).await;
    assert_eq!(status, StatusCode::OK);

    let fixtures = ["sbi_fpdf2_encrypted", "axis_fpdf2", "baroda_fpdf2"];
    let mut statements = Vec::new();
    for (i, f) in fixtures.iter().enumerate() {
        let up = manual_upload(&s, f, &format!("down-{i}"), None).await;
        statements.push(up["statement_id"].as_str().unwrap_or_default().to_string());
    }
    let store = SqliteStore::open(&dir).unwrap_or_else(|e| panic!("{e}"));
    // Every payload has failed at least twice: two refused attempts recorded
    // (the payload's counter rises when an attempt is claimed, before it
    // ends; waiting on it let a second attempt in flight reach the receiver).
    eventually(Duration::from_secs(60), "two failed attempts per payload", || async {
        let all: Vec<_> = (0..fixtures.len()).filter_map(|i| payload_of(&dir, &store, &format!("down-{i}"))).collect();
        let refused = |id| store.attempts(id).unwrap_or_default().iter().filter(|a| a.status.is_none()).count();
        (all.len() == fixtures.len() && all.iter().all(|p| refused(p.id) >= 2)).then_some(())
    })
    .await;

    let receiver = Receiver::start(format!("127.0.0.1:{port}").parse().unwrap_or_else(|e| panic!("{e}")), 200).await;
    let got = eventually(Duration::from_secs(60), "every payload after the receiver came back", || async {
        let r = receiver.received();
        let all = statements.iter().all(|id| r.iter().any(|x| x.body.contains(id.as_str())));
        all.then_some(r)
    })
    .await;
    for (i, id) in statements.iter().enumerate() {
        let Some(p) = payload_of(&dir, &store, &format!("down-{i}")) else { panic!("payload {i}") };
        assert_eq!(p.statement_id, *id);
        let p = eventually(Duration::from_secs(10), "delivered state", || async {
            payload_of(&dir, &store, &format!("down-{i}")).filter(|p| p.state == "delivered")
        })
        .await;
        let attempts = store.attempts(p.id).unwrap_or_default();
        let n = attempts.len();
        assert!(n >= 3, "two refusals and a delivery at least: {attempts:?}");
        assert_eq!(n as u32, p.attempts);
        for (k, a) in attempts.iter().enumerate() {
            assert_eq!(a.attempt as usize, k + 1);
            if k + 1 < n {
                assert_eq!(a.status, None, "{a:?}");
                assert!(a.error.as_deref().is_some_and(|e| !e.is_empty()), "{a:?}");
                // The wait after failure k+1 is backoff * 2^k (it starts when the attempt ended).
                let wait = i64::try_from(backoff.as_millis()).unwrap_or_default() << k;
                assert!(attempts[k + 1].at_ms - a.at_ms >= wait, "attempt {} came early: {attempts:?}", k + 2);
            } else {
                assert_eq!((a.status, a.error.clone()), (Some(200), None));
            }
        }
        // Delivered once: the receiver answered 200, so there was no reason to send it again.
        let sent: Vec<_> = got.iter().filter(|r| r.body.contains(id.as_str())).collect();
        assert_eq!(sent.len(), 1, "{sent:?}");
        assert_eq!(sent[0].attempt, n.to_string());
        assert_eq!(sent[0].delivery, p.id.to_string());
        assert_eq!(payloads(&s, &format!("down-{i}")).await.len(), 1);
    }
    receiver.stop().await;
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn delivery_gives_up_after_the_configured_attempts() {
    let dir = fresh_dir();
    let org = org_in(&dir, "acme");
    let config = bankscope_server::Config {
        webhook_backoff: Duration::from_millis(100),
        webhook_attempts: 3,
        ..test_config(&dir)
    };
    let s = start(config, org).await;
    let receiver = Receiver::start("127.0.0.1:0".parse().unwrap_or_else(|e| panic!("{e}")), 500).await;
    let (status, _) = set_webhook(&s, json!({"webhook_url": receiver.url(), "webhook_mode": 1})).await;
    assert_eq!(status, StatusCode::OK);
    manual_upload(&s, "axis_fpdf2", "give-up", None).await;
    let store = SqliteStore::open(&dir).unwrap_or_else(|e| panic!("{e}"));
    let p = eventually(Duration::from_secs(60), "the payload to fail", || async {
        payload_of(&dir, &store, "give-up").filter(|p| p.state == "failed")
    })
    .await;
    let attempts = store.attempts(p.id).unwrap_or_default();
    assert_eq!(
        attempts.iter().map(|a| (a.attempt, a.status)).collect::<Vec<_>>(),
        [(1, Some(500)), (2, Some(500)), (3, Some(500))]
    );
    let got = receiver.received();
    assert_eq!(got.iter().map(|r| r.attempt.as_str()).collect::<Vec<_>>(), ["1", "2", "3"]);
    assert!(got.iter().all(|r| r.delivery == p.id.to_string()), "one delivery id across retries");
    // Still listed for polling.
    assert_eq!(payloads(&s, "give-up").await.len(), 1);
    receiver.stop().await;
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn update_webhook_refuses_internal_addresses_and_bad_requests() {
    let dir = fresh_dir();
    let org = org_in(&dir, "acme");
    // The default: no private receivers.
    let config = bankscope_server::Config { webhook_allow_private: false, ..test_config(&dir) };
    let s = start(config, org).await;
    for url in [
        "http://127.0.0.1:9/hook",
        "http://localhost:9/hook",
        "http://10.0.0.7/hook",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]/hook",
        "http://[::ffff:192.168.0.1]/hook",
    ] {
        let (status, body) = set_webhook(&s, json!({"webhook_url": url})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{url}: {body}");
        assert!(body["detail"].as_str().unwrap_or_default().contains("internal address"), "{url}: {body}");
    }
    for (body, want) in [
        (json!({}), "webhook_url is required."),
        (json!({"webhook_url": "ftp://example.com/x"}), "webhook_url must be an http or https URL"),
        (json!({"webhook_url": "not a url"}), "webhook_url is not a valid URL"),
        (json!({"webhook_url": "https://example.com/x", "webhook_mode": 2}), "webhook_mode must be 0"),
    ] {
        let (status, answer) = set_webhook(&s, body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(answer["detail"].as_str().unwrap_or_default().starts_with(want), "{body}: {answer}");
    }
    let (status, _) = json_of(
        s.authed(s.post("/v1/entity/update_webhook/")).form(&[("webhook_url", "https://example.com/")]).send().await,
    )
    .await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let (status, body) = json_of(
        s.post("/v1/entity/update_webhook/").json(&json!({"webhook_url": "https://example.com/"})).send().await,
    )
    .await;
    assert_eq!(
        (status, body),
        (StatusCode::UNAUTHORIZED, json!({"detail": "Authentication credentials were not provided."}))
    );
    let (status, _) = json_of(s.authed(s.get("/v1/entity/webhook_payloads/")).send().await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "link_id is required");
    s.stop().await;
}

/// The first payload of a link of organisation "acme".
fn payload_of(dir: &std::path::Path, store: &SqliteStore, link: &str) -> Option<bankscope_server::store::Payload> {
    let conn = rusqlite::Connection::open(dir.join("bankscope.db")).ok()?;
    let org: String = conn.query_row("SELECT id FROM orgs WHERE name = 'acme'", [], |r| r.get(0)).ok()?;
    store.payloads_by_link(&org, link).ok()?.into_iter().next()
}

/// Verifies `x-bankscope-signature-v1` as the README's receiver does: `t` within
/// the tolerance of now, and some `v1` is HMAC-SHA256(secret, "<t>.<body>").
fn timed_ok(secret: &str, header: &str, body: &str) -> bool {
    let mut t = None;
    let mut sigs = Vec::new();
    for part in header.split(',') {
        match part.split_once('=') {
            Some(("t", v)) => t = v.parse::<i64>().ok(),
            Some(("v1", v)) => sigs.push(v.to_string()),
            _ => {}
        }
    }
    let Some(t) = t else { return false };
    let now = chrono::Utc::now().timestamp();
    if (now - t).abs() > bankscope_server::webhook::TOLERANCE_SECS {
        return false;
    }
    let expected = expected_signature(secret, &format!("{t}.{body}"));
    let expected = expected.trim_start_matches("sha256=");
    sigs.iter().any(|s| s == expected)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signatures_carry_a_timestamp_and_a_rotated_secret_overlaps() {
    let dir = fresh_dir();
    let org = org_in(&dir, "acme");
    let s = start(test_config(&dir), org).await;
    let receiver = Receiver::start("127.0.0.1:0".parse().unwrap_or_else(|e| panic!("{e}")), 200).await;
    let (status, hook) = set_webhook(&s, json!({"webhook_url": receiver.url(), "webhook_mode": 1})).await;
    assert_eq!(status, StatusCode::OK, "{hook}");
    let old = hook["signing_secret"].as_str().unwrap_or_default().to_string();
    // Rotate with a one-hour overlap: deliveries carry both signatures.
    let (status, rotated) = json_of(
        s.authed(s.post("/v1/entity/rotate_webhook_secret/")).json(&json!({"overlap_secs": 3600})).send().await,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{rotated}");
    let new = rotated["signing_secret"].as_str().unwrap_or_default().to_string();
    assert!(new.starts_with("whsec_") && new != old);
    let until = rotated["previous_secret_valid_until"].as_i64().unwrap_or_default();
    assert!((until - chrono::Utc::now().timestamp() - 3600).abs() <= 5, "{rotated}");
    manual_upload(&s, "axis_fpdf2", "rot-1", None).await;
    let got =
        eventually(Duration::from_secs(60), "the first webhook", || async { receiver.received().into_iter().next() })
            .await;
    assert!(got.signature_v1.starts_with("t="), "{}", got.signature_v1);
    assert_eq!(got.signature_v1.matches("v1=").count(), 2, "{}", got.signature_v1);
    assert!(timed_ok(&new, &got.signature_v1, &got.body), "the new secret signs");
    assert!(timed_ok(&old, &got.signature_v1, &got.body), "the old secret signs during the overlap");
    assert!(!timed_ok(&new, &got.signature_v1, &got.body.replace("completed", "failed")), "the body is signed");
    // The legacy header is the new secret's.
    assert_eq!(got.signature, expected_signature(&new, &got.body));
    // A rotation without overlap: only the newest secret signs.
    let (status, again) =
        json_of(s.authed(s.post("/v1/entity/rotate_webhook_secret/")).json(&json!({"overlap_secs": 0})).send().await)
            .await;
    assert_eq!(status, StatusCode::OK, "{again}");
    let newest = again["signing_secret"].as_str().unwrap_or_default().to_string();
    manual_upload(&s, "baroda_fpdf2", "rot-2", None).await;
    let got = eventually(Duration::from_secs(60), "the second webhook", || async {
        let r = receiver.received();
        (r.len() >= 2).then(|| r[1].clone())
    })
    .await;
    assert_eq!(got.signature_v1.matches("v1=").count(), 1, "{}", got.signature_v1);
    assert!(timed_ok(&newest, &got.signature_v1, &got.body));
    assert!(!timed_ok(&new, &got.signature_v1, &got.body), "the overlap ended");
    // Without a webhook there is nothing to rotate; a bad overlap is refused.
    let (status, _) =
        json_of(s.authed(s.post("/v1/entity/rotate_webhook_secret/")).json(&json!({"overlap_secs": -1})).send().await)
            .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    receiver.stop().await;
    s.stop().await;
}
