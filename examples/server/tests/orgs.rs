//! `bankscope-server org list|rotate-key|revoke`: organisations listed with
//! their key prefix and state; a rotated key replaces the old one at once; a
//! revoked organisation's credentials and session links stop working.

mod common;

use std::path::Path;
use std::process::Command;

use common::*;
use reqwest::StatusCode;

/// Runs `bankscope-server <args> --data-dir <dir>`; returns (success, stdout, stderr).
fn cli(dir: &Path, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_bankscope-server"))
        .args(args)
        .arg("--data-dir")
        .arg(dir)
        .env_remove("DATABASE_URL")
        .env("BANKSCOPE_LOG_FORMAT", "text")
        .output()
        .unwrap_or_else(|e| panic!("run: {e}"));
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

fn field(out: &str, label: &str) -> String {
    out.lines()
        .find_map(|l| l.strip_prefix(label))
        .map(|v| v.trim().to_string())
        .unwrap_or_else(|| panic!("no {label:?} in {out}"))
}

fn listed<'a>(list: &'a str, name: &str) -> Vec<&'a str> {
    list.lines()
        .find(|l| l.split_whitespace().nth(1) == Some(name))
        .map_or(Vec::new(), |l| l.split_whitespace().collect())
}

async fn authed_status(s: &Server, key: &str, hash: &str) -> StatusCode {
    s.get("/v1/entity/webhook_payloads/?link_id=x")
        .header("x-api-key", key)
        .header("server-hash", hash)
        .send()
        .await
        .map(|r| r.status())
        .unwrap_or_else(|e| panic!("{e}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn orgs_are_listed_rotated_and_revoked_from_the_command_line() {
    let dir = fresh_dir();
    let (ok, created, err) = cli(&dir, &["org", "create", "acme"]);
    assert!(ok, "{err}");
    let (key, hash) = (field(&created, "api key:"), field(&created, "server hash:"));
    let (ok, _, err) = cli(&dir, &["org", "create", "beta"]);
    assert!(ok, "{err}");
    let beta = org_in(&dir, "gamma");

    let s = start(test_config(&dir), Org { key: key.clone(), hash: hash.clone() }).await;
    assert_eq!(authed_status(&s, &key, &hash).await, StatusCode::OK);
    // A v2 session of acme, whose link works until the revocation.
    let r = s.post("/v2/session/").header("x-api-key", &key).form(&[("link_id", "cust")]);
    let (status, body) = json_of(r.send().await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let session = body["session_id"].as_str().unwrap_or_default().to_string();
    let token = body["redirect_url"].as_str().and_then(|u| u.split_once("token=")).map(|(_, t)| t.to_string());
    let page = format!("/client/session/{session}/?token={}", token.unwrap_or_default());
    let (status, body) = json_of(s.get(&page).send().await).await;
    assert_eq!((status, body["expired"].as_bool()), (StatusCode::OK, Some(false)), "{body}");

    // list: id, name, the key's first 12 characters, state.
    let (ok, list, err) = cli(&dir, &["org", "list"]);
    assert!(ok, "{err}");
    let row = listed(&list, "acme");
    assert_eq!(row.get(2).copied(), Some(format!("{}…", &key[..12])).as_deref(), "{list}");
    assert_eq!(row.get(3).copied(), Some("active"), "{list}");
    assert!(!list.contains(&key[12..]), "only the prefix is shown");
    assert_eq!(list.lines().count(), 4, "a header and three organisations: {list}");

    // rotate-key: a new key, shown once; the old one stops at once, the hash stays.
    let (ok, rotated, err) = cli(&dir, &["org", "rotate-key", "acme"]);
    assert!(ok, "{err}");
    let fresh = field(&rotated, "api key:");
    assert!(fresh.starts_with("bsk_") && fresh != key);
    assert_eq!(authed_status(&s, &key, &hash).await, StatusCode::UNAUTHORIZED);
    assert_eq!(authed_status(&s, &fresh, &hash).await, StatusCode::OK);
    let (_, list, _) = cli(&dir, &["org", "list"]);
    assert_eq!(listed(&list, "acme").get(2).copied(), Some(format!("{}…", &fresh[..12])).as_deref());

    // revoke (by id): the key and the session link stop working; other organisations do not.
    let id = listed(&list, "acme").first().map(|s| s.to_string()).unwrap_or_default();
    let (ok, out, err) = cli(&dir, &["org", "revoke", &id]);
    assert!(ok && out.contains("revoked"), "{out}{err}");
    assert_eq!(authed_status(&s, &fresh, &hash).await, StatusCode::UNAUTHORIZED);
    let r = s.post("/v2/session/").header("x-api-key", &fresh).form(&[("link_id", "cust")]);
    assert_eq!(json_of(r.send().await).await.0, StatusCode::UNAUTHORIZED);
    let (status, body) = json_of(s.get(&page).send().await).await;
    assert_eq!((status, body["expired"].as_bool()), (StatusCode::OK, Some(true)), "{body}");
    assert_eq!(authed_status(&s, &beta.key, &beta.hash).await, StatusCode::OK);
    let (_, list, _) = cli(&dir, &["org", "list"]);
    assert_eq!(listed(&list, "acme").get(3).copied(), Some("revoked"), "{list}");
    assert_eq!(listed(&list, "beta").get(3).copied(), Some("active"), "{list}");

    // A revoked organisation gets no new key; an unknown one is an error.
    let (ok, _, err) = cli(&dir, &["org", "rotate-key", "acme"]);
    assert!(!ok && err.contains("revoked"), "{err}");
    let (ok, _, err) = cli(&dir, &["org", "revoke", "nobody"]);
    assert!(!ok && err.contains("no organisation"), "{err}");
    s.stop().await;
}
