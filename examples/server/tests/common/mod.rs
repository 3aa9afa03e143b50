//! Helpers shared by the webhook and fault suites: a server in-process or as a
//! child process, its organisation, an HTTPS client trusting its development
//! certificate, fixtures and a local webhook receiver.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bankscope_server::{Config, Running};
use reqwest::{Client, StatusCode, multipart};
use serde_json::Value;

/// An organisation's credentials.
#[derive(Clone, Debug)]
pub struct Org {
    pub key: String,
    pub hash: String,
}

pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures").join(name)
}

/// Bytes of `fixtures/statements/<name>.pdf` and its password (empty when none).
pub fn statement(name: &str) -> (Vec<u8>, String) {
    let bytes = std::fs::read(fixture(&format!("statements/{name}.pdf"))).unwrap_or_default();
    assert!(!bytes.is_empty(), "fixture {name}");
    let truth: Value =
        serde_json::from_slice(&std::fs::read(fixture(&format!("statements/{name}.truth.json"))).unwrap_or_default())
            .unwrap_or_default();
    (bytes, truth["password"].as_str().unwrap_or_default().to_string())
}

pub fn fresh_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bankscope-server-test-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("temp dir: {e}"));
    dir
}

pub fn org_in(dir: &Path, name: &str) -> Org {
    let config = Config { data_dir: dir.to_path_buf(), ..Config::default() };
    let (_, key, hash) = bankscope_server::create_org(&config, name, None).unwrap_or_else(|e| panic!("org: {e}"));
    Org { key, hash }
}

/// A client that trusts exactly the development certificate in `dir`.
pub fn client_for(dir: &Path) -> Client {
    let pem = std::fs::read(dir.join("dev-cert.pem")).unwrap_or_default();
    let cert = reqwest::Certificate::from_pem(&pem).unwrap_or_else(|e| panic!("dev cert: {e}"));
    Client::builder()
        .add_root_certificate(cert)
        .use_rustls_tls()
        .timeout(Duration::from_secs(60))
        .build()
        .unwrap_or_else(|e| panic!("client: {e}"))
}

/// A server on loopback with its organisation.
pub struct Server {
    pub running: Option<Running>,
    pub url: String,
    pub dir: PathBuf,
    pub client: Client,
    pub org: Org,
}

/// The test configuration: port 0, two workers, fast webhook retries, loopback receivers allowed.
pub fn test_config(dir: &Path) -> Config {
    Config {
        listen: "127.0.0.1:0".parse().unwrap_or_else(|e| panic!("{e}")),
        data_dir: dir.to_path_buf(),
        workers: 2,
        webhook_allow_private: true,
        webhook_backoff: Duration::from_millis(300),
        webhook_poll: Duration::from_millis(50),
        webhook_timeout: Duration::from_secs(2),
        ..Config::default()
    }
}

pub async fn start(config: Config, org: Org) -> Server {
    let dir = config.data_dir.clone();
    let running = bankscope_server::start(config).await.unwrap_or_else(|e| panic!("start: {e}"));
    let url = format!("https://localhost:{}", running.addr.port());
    Server { running: Some(running), url, client: client_for(&dir), dir, org }
}

impl Server {
    pub fn get(&self, path: &str) -> reqwest::RequestBuilder {
        self.client.get(format!("{}{path}", self.url))
    }

    pub fn post(&self, path: &str) -> reqwest::RequestBuilder {
        self.client.post(format!("{}{path}", self.url))
    }

    pub fn authed(&self, rb: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
        rb.header("x-api-key", &self.org.key).header("server-hash", &self.org.hash)
    }

    pub async fn stop(mut self) {
        if let Some(r) = self.running.take() {
            r.shutdown().await.unwrap_or_else(|e| panic!("shutdown: {e}"));
        }
    }
}

pub async fn json_of(r: Result<reqwest::Response, reqwest::Error>) -> (StatusCode, Value) {
    let r = r.unwrap_or_else(|e| panic!("request: {e}"));
    (r.status(), r.json().await.unwrap_or_default())
}

pub fn upload_form(bytes: &[u8], fields: &[(&str, &str)]) -> multipart::Form {
    let part = multipart::Part::bytes(bytes.to_vec()).file_name("statement.pdf");
    let mut form = multipart::Form::new().part("file", part);
    for (k, v) in fields {
        form = form.text(k.to_string(), v.to_string());
    }
    form
}

/// Polls `probe` every 50 ms until it gives `Some`, or panics after `limit` with `what`.
pub async fn eventually<T, F, Fut>(limit: Duration, what: &str, mut probe: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let deadline = Instant::now() + limit;
    loop {
        if let Some(v) = probe().await {
            return v;
        }
        assert!(Instant::now() < deadline, "timed out after {limit:?}: {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// One request the receiver got.
#[derive(Clone, Debug)]
pub struct Received {
    pub body: String,
    pub signature: String,
    pub delivery: String,
    pub attempt: String,
    /// `x-bankscope-signature-v1`: `t=…,v1=…[,v1=…]`.
    pub signature_v1: String,
}

/// A webhook receiver on loopback (plain HTTP) that records every request and
/// answers `status`.
pub struct Receiver {
    pub addr: SocketAddr,
    pub got: Arc<Mutex<Vec<Received>>>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<()>,
}

impl Receiver {
    /// Listens on `addr` (port 0 for any).
    pub async fn start(addr: SocketAddr, status: u16) -> Receiver {
        use axum::http::HeaderMap;
        let got: Arc<Mutex<Vec<Received>>> = Arc::default();
        let sink = got.clone();
        let app = axum::Router::new().route(
            "/hook",
            axum::routing::post(move |headers: HeaderMap, body: String| {
                let sink = sink.clone();
                async move {
                    let h = |n: &str| headers.get(n).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
                    let r = Received {
                        body,
                        signature: h("x-bankscope-signature"),
                        delivery: h("x-bankscope-delivery"),
                        attempt: h("x-bankscope-attempt"),
                        signature_v1: h("x-bankscope-signature-v1"),
                    };
                    if let Ok(mut g) = sink.lock() {
                        g.push(r);
                    }
                    axum::http::StatusCode::from_u16(status).unwrap_or(axum::http::StatusCode::OK)
                }
            }),
        );
        let listener = tokio::net::TcpListener::bind(addr).await.unwrap_or_else(|e| panic!("receiver bind: {e}"));
        let addr = listener.local_addr().unwrap_or_else(|e| panic!("{e}"));
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, app)
                .with_graceful_shutdown(async move {
                    let _ = rx.await;
                })
                .await;
        });
        Receiver { addr, got, stop: Some(tx), task }
    }

    pub fn url(&self) -> String {
        format!("http://{}/hook", self.addr)
    }

    pub fn received(&self) -> Vec<Received> {
        self.got.lock().map(|g| g.clone()).unwrap_or_default()
    }

    pub async fn stop(mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        let _ = self.task.await;
    }
}

/// HMAC-SHA256 of `body` with `key`, as the receiver of the README computes it.
pub fn expected_signature(key: &str, body: &str) -> String {
    use hmac::{Hmac, Mac};
    let Ok(mut mac) = Hmac::<sha2::Sha256>::new_from_slice(key.as_bytes()) else { panic!("hmac key") };
    mac.update(body.as_bytes());
    let bytes = mac.finalize().into_bytes();
    format!("sha256={}", bytes.iter().map(|b| format!("{b:02x}")).collect::<String>())
}

/// The built server binary as a child process, killed (SIGKILL) when dropped
/// so a failing test leaves no process behind.
pub struct ServerProcess(Child);

impl ServerProcess {
    /// The OS process id.
    pub fn id(&self) -> u32 {
        self.0.id()
    }

    /// Kills the process at once (SIGKILL) and reaps it.
    pub fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Starts the built server binary on `dir` with 2 workers and private webhook
/// URLs allowed: on PostgreSQL at `database_url`, or on SQLite in `dir` when
/// `None` (even when the test command has a PostgreSQL for the other suites).
/// Returns the process and its base URL.
pub fn spawn_server(dir: &Path, database_url: Option<&str>, extra: &[&str]) -> (ServerProcess, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_bankscope-server"));
    command
        .args(["--listen", "127.0.0.1:0", "--workers", "2", "--webhook-poll-ms", "50"])
        .args(extra)
        .arg("--data-dir")
        .arg(dir)
        .env("BANKSCOPE_WEBHOOK_ALLOW_PRIVATE", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    match database_url {
        Some(url) => command.env("DATABASE_URL", url),
        None => command.env_remove("DATABASE_URL"),
    };
    let mut child = command.spawn().unwrap_or_else(|e| panic!("spawn server: {e}"));
    let Some(stdout) = child.stdout.take() else { panic!("no stdout") };
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    // Read the address, then keep draining the log so the child never blocks on a full pipe.
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if let Some(url) = line.strip_prefix("listening on ") {
                let _ = tx.send(url.trim().replace("127.0.0.1", "localhost"));
            }
        }
    });
    let url = rx.recv_timeout(Duration::from_secs(60)).unwrap_or_else(|e| panic!("server did not start: {e}"));
    (ServerProcess(child), url)
}
