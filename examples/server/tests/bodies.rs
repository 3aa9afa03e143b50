//! Request bodies: credentials are checked before a body is read (a request
//! with wrong credentials is answered while its body is still being sent), and
//! a body over the limit is 413, with or without a Content-Length.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use bankscope_server::Config;
use common::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A plain-HTTP server (raw sockets below) with a 1 MiB body limit.
async fn plain() -> (bankscope_server::Running, SocketAddr, Org) {
    let dir = fresh_dir();
    let org = org_in(&dir, "acme");
    let config = Config { plain_http: true, max_body_bytes: 1024 * 1024, ..test_config(&dir) };
    let running = bankscope_server::start(config).await.unwrap_or_else(|e| panic!("start: {e}"));
    let addr = running.addr;
    (running, addr, org)
}

/// Sends the request head and the first part of a body that would be `total`
/// bytes long, then stalls: the answer must come without the rest of the body.
/// Returns the status line and body of the answer, or `None` after 5 s.
async fn answer_before_body(addr: SocketAddr, head: &str, first: &[u8]) -> Option<String> {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap_or_else(|e| panic!("connect: {e}"));
    s.write_all(head.as_bytes()).await.unwrap_or_else(|e| panic!("write: {e}"));
    s.write_all(first).await.unwrap_or_else(|e| panic!("write: {e}"));
    let mut buf = vec![0u8; 4096];
    let n = tokio::time::timeout(Duration::from_secs(5), s.read(&mut buf)).await.ok()?.ok()?;
    Some(String::from_utf8_lossy(&buf[..n]).to_string())
}

const BOUNDARY: &str = "XbankscopeX";

fn multipart_head(path: &str, extra: &str, total: usize) -> String {
    format!(
        "POST {path} HTTP/1.1\r\nhost: localhost\r\ncontent-type: multipart/form-data; boundary={BOUNDARY}\r\n\
         content-length: {total}\r\n{extra}\r\n"
    )
}

fn text_part(name: &str, value: &str) -> String {
    format!("--{BOUNDARY}\r\ncontent-disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n")
}

fn file_part_start() -> String {
    format!(
        "--{BOUNDARY}\r\ncontent-disposition: form-data; name=\"file\"; filename=\"s.pdf\"\r\n\
         content-type: application/pdf\r\n\r\n%PDF-1.4\n"
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_credentials_are_refused_before_the_body_is_read() {
    let (running, addr, org) = plain().await;
    let total = 900 * 1024; // under the limit, so only the credentials can refuse it
    // Session upload with a wrong token sent before the file.
    let mut first = text_part("session_id", &uuid::Uuid::new_v4().to_string());
    first.push_str(&text_part("token", "00"));
    first.push_str(&file_part_start());
    let got = answer_before_body(addr, &multipart_head("/v1/statement/upload_session/", "", total), first.as_bytes())
        .await
        .unwrap_or_else(|| panic!("upload_session waited for the whole body"));
    assert!(got.starts_with("HTTP/1.1 401"), "{got}");
    // Wrong API key headers on an upload, on session creation and on update_webhook.
    let wrong = "x-api-key: bsk_wrong\r\nserver-hash: nope\r\n";
    let got = answer_before_body(
        addr,
        &multipart_head("/v1/statement/upload_session/", wrong, total),
        file_part_start().as_bytes(),
    )
    .await
    .unwrap_or_else(|| panic!("upload_session with headers waited for the body"));
    assert!(got.starts_with("HTTP/1.1 401"), "{got}");
    let session = "POST /v2/session/ HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/x-www-form-urlencoded\r\n\
         x-api-key: bsk_wrong\r\ncontent-length: 60000\r\n\r\n";
    let got = answer_before_body(addr, session, b"link_id=c&")
        .await
        .unwrap_or_else(|| panic!("session creation waited for the body"));
    assert!(got.starts_with("HTTP/1.1 401") && got.contains("AUTHENTICATION_CREDENTIALS_NOT_PROVIDED"), "{got}");
    let hook = "POST /v1/entity/update_webhook/ HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\n\
         content-length: 60000\r\n\r\n";
    let got = answer_before_body(addr, hook, b"{\"webhook_url\": \"")
        .await
        .unwrap_or_else(|| panic!("update_webhook waited for the body"));
    assert!(got.starts_with("HTTP/1.1 401"), "{got}");
    // The right key is still served (the headers are checked, then the body is read).
    let right = format!("x-api-key: {}\r\nserver-hash: {}\r\n", org.key, org.hash);
    let body = "{\"webhook_url\": \"http://127.0.0.1:9/hook\"}";
    let hook = format!(
        "POST /v1/entity/update_webhook/ HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\n{right}\
         content-length: {}\r\n\r\n",
        body.len()
    );
    let got = answer_before_body(addr, &hook, body.as_bytes()).await.unwrap_or_default();
    assert!(got.starts_with("HTTP/1.1 200"), "{got}");
    running.shutdown().await.unwrap_or_else(|e| panic!("{e}"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversized_bodies_are_413() {
    let (running, addr, org) = plain().await;
    let auth = format!("x-api-key: {}\r\nserver-hash: {}\r\n", org.key, org.hash);
    // Declared too large: refused unread.
    let head = multipart_head("/v1/statement/bankless_upload/", &auth, 2 * 1024 * 1024);
    let got = answer_before_body(addr, &head, file_part_start().as_bytes()).await.unwrap_or_default();
    assert!(got.starts_with("HTTP/1.1 413") && got.contains("PAYLOAD_TOO_LARGE"), "{got}");
    // Chunked (no length): refused when the limit is crossed.
    let mut sock = tokio::net::TcpStream::connect(addr).await.unwrap_or_else(|e| panic!("connect: {e}"));
    let head = format!(
        "POST /v1/statement/bankless_upload/ HTTP/1.1\r\nhost: localhost\r\n{auth}\
         content-type: multipart/form-data; boundary={BOUNDARY}\r\ntransfer-encoding: chunked\r\n\r\n"
    );
    let _ = sock.write_all(head.as_bytes()).await;
    let start = file_part_start();
    let _ = sock.write_all(format!("{:x}\r\n{start}\r\n", start.len()).as_bytes()).await;
    let chunk = vec![b'x'; 64 * 1024];
    for _ in 0..20 {
        if sock.write_all(format!("{:x}\r\n", chunk.len()).as_bytes()).await.is_err()
            || sock.write_all(&chunk).await.is_err()
            || sock.write_all(b"\r\n").await.is_err()
        {
            break;
        }
    }
    let mut buf = vec![0u8; 4096];
    let n = tokio::time::timeout(Duration::from_secs(5), sock.read(&mut buf)).await.ok().and_then(Result::ok);
    let got = String::from_utf8_lossy(&buf[..n.unwrap_or(0)]).to_string();
    assert!(got.starts_with("HTTP/1.1 413") && got.contains("PAYLOAD_TOO_LARGE"), "{got}");
    let client = reqwest::Client::new();
    // Session creation takes small bodies only.
    let big = format!("link_id=c&pad={}", "x".repeat(70 * 1024));
    let r = client
        .post(format!("http://{addr}/v2/session/"))
        .header("x-api-key", &org.key)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(big)
        .send()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.status().as_u16(), 413);
    running.shutdown().await.unwrap_or_else(|e| panic!("{e}"));
}
