//! Operations: `/metrics` in the Prometheus text format, and the logs of the
//! server binary (JSON lines honouring RUST_LOG, no ANSI codes off a terminal).

mod common;

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::Duration;

use bankscope_server::Config;
use common::*;
use reqwest::StatusCode;
use serde_json::json;

fn metric(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(series).and_then(|rest| rest.trim().parse().ok()))
        .unwrap_or_else(|| panic!("no {series} in\n{text}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_stages_jobs_webhooks_and_rate_limits() {
    let dir = fresh_dir();
    let config = Config { session_rate_limit: 1, session_rate_burst: 1, ..test_config(&dir) };
    let s = start(config, org_in(&dir, "acme")).await;
    let receiver = Receiver::start("127.0.0.1:0".parse().unwrap_or_else(|e| panic!("{e}")), 200).await;
    let hook =
        s.authed(s.post("/v1/entity/update_webhook/")).json(&json!({"webhook_url": receiver.url(), "webhook_mode": 1}));
    assert_eq!(json_of(hook.send().await).await.0, StatusCode::OK);
    let (bytes, password) = statement("axis_fpdf2");
    let form = upload_form(&bytes, &[("link_id", "m"), ("pdf_password", &password)]);
    assert_eq!(
        json_of(s.authed(s.post("/v1/statement/bankless_upload/")).multipart(form).send().await).await.0,
        StatusCode::OK
    );
    eventually(Duration::from_secs(60), "the webhook", || async { receiver.received().into_iter().next() }).await;
    // A session's second request within its 1-request burst is refused.
    let (_, created) =
        json_of(s.post("/v2/session/").header("x-api-key", &s.org.key).form(&[("link_id", "m2")]).send().await).await;
    let id = created["session_id"].as_str().unwrap_or_default().to_string();
    let token =
        created["redirect_url"].as_str().unwrap_or_default().rsplit("token=").next().unwrap_or_default().to_string();
    let path = format!("/v1/session_data/{id}/session_upload_status/?token={token}");
    let _ = s.get(&path).send().await;
    assert_eq!(json_of(s.get(&path).send().await).await.0, StatusCode::TOO_MANY_REQUESTS);

    let r = s.get("/metrics").send().await.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.status(), StatusCode::OK);
    let ct = r.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    assert!(ct.starts_with("text/plain; version=0.0.4"), "{ct}");
    let text = r.text().await.unwrap_or_default();
    // Counters are per process (other tests of this binary may add to them); the job gauge is this store's.
    for stage in ["identity", "transactions", "analyses"] {
        assert!(
            metric(&text, &format!("bankscope_stage_runs_total{{stage=\"{stage}\",outcome=\"completed\"}}")) >= 1.0
        );
        assert!(metric(&text, &format!("bankscope_stage_duration_seconds_count{{stage=\"{stage}\"}}")) >= 1.0);
        assert!(metric(&text, &format!("bankscope_stage_duration_seconds_sum{{stage=\"{stage}\"}}")) > 0.0);
    }
    assert_eq!(metric(&text, "bankscope_jobs{state=\"done\"}"), 1.0);
    assert_eq!(metric(&text, "bankscope_jobs{state=\"queued\"}"), 0.0);
    assert!(metric(&text, "bankscope_webhook_attempts_total{result=\"delivered\"}") >= 1.0);
    assert!(metric(&text, "bankscope_rate_limited_total{scope=\"session\"}") >= 1.0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (series, value) = line.rsplit_once(' ').unwrap_or_default();
        assert!(series.starts_with("bankscope_") && value.parse::<f64>().is_ok(), "{line}");
    }
    receiver.stop().await;
    s.stop().await;
}

/// Runs the binary until it listens, then stops it; returns its stderr.
fn server_stderr(rust_log: Option<&str>) -> String {
    let dir = fresh_dir();
    let mut command = Command::new(env!("CARGO_BIN_EXE_bankscope-server"));
    command
        .args(["--listen", "127.0.0.1:0", "--workers", "1", "--http", "--data-dir"])
        .arg(&dir)
        .env_remove("DATABASE_URL")
        .env_remove("BANKSCOPE_LOG_FORMAT")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    match rust_log {
        Some(v) => command.env("RUST_LOG", v),
        None => command.env_remove("RUST_LOG"),
    };
    let mut child = command.spawn().unwrap_or_else(|e| panic!("spawn: {e}"));
    let stdout = child.stdout.take().unwrap_or_else(|| panic!("stdout"));
    let mut lines = BufReader::new(stdout).lines();
    assert!(lines.any(|l| l.is_ok_and(|l| l.starts_with("listening on "))), "the server did not start");
    std::thread::sleep(Duration::from_millis(200));
    let _ = child.kill();
    let _ = child.wait();
    let mut err = String::new();
    if let Some(mut e) = child.stderr.take() {
        let _ = e.read_to_string(&mut err);
    }
    let _ = std::fs::remove_dir_all(&dir);
    err
}

#[test]
fn logs_are_json_lines_without_ansi_and_follow_rust_log() {
    let default = server_stderr(None);
    assert!(!default.contains('\u{1b}'), "ANSI codes off a terminal:\n{default}");
    let lines: Vec<serde_json::Value> =
        default.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}"))).collect();
    assert!(lines.iter().any(|l| l["fields"]["message"] == "serving" && l["level"] == "INFO"), "{default}");
    let quiet = server_stderr(Some("error"));
    assert!(!quiet.contains("serving"), "RUST_LOG=error hides info lines:\n{quiet}");
    let targeted = server_stderr(Some("warn,bankscope_server=info"));
    assert!(targeted.contains("\"serving\""), "{targeted}");
}

/// `--config FILE` sets options of the real binary (here plain HTTP and a rate
/// limit of one request with no burst); the command line still wins (`--listen`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_reads_its_options_from_a_config_file() {
    let dir = fresh_dir();
    let org = org_in(&dir, "acme");
    let file = dir.join("bankscope.toml");
    std::fs::write(&file, "# test\nlisten = \"127.0.0.1:1\"\nhttp = true\nrate-limit = 1\nrate_burst = 1\n")
        .unwrap_or_else(|e| panic!("{e}"));
    let config = file.to_string_lossy().to_string();
    let (_server, url) = spawn_server(&dir, None, &["--config", &config]);
    assert!(url.starts_with("http://localhost:") && !url.ends_with(":1"), "{url}");
    let client = reqwest::Client::new();
    let mut statuses = Vec::new();
    for _ in 0..2 {
        let r = client
            .get(format!("{url}/v1/entity/webhook_payloads/?link_id=x"))
            .header("x-api-key", &org.key)
            .header("server-hash", &org.hash)
            .send()
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        statuses.push(r.status().as_u16());
    }
    assert_eq!(statuses, [200, 429], "burst 1 from the file");
}
