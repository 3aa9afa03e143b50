//! A load test on loopback: an in-process server (SQLite in a temporary
//! directory, or PostgreSQL with `DATABASE_URL`), then for a fixed time some
//! clients upload statement PDFs (each into a new entity, waiting for the
//! identity answer) while others cycle through the 12 reads of an analysed
//! entity. Prints throughput and latency percentiles per kind, errors, and how
//! long the processing backlog took to drain.
//!
//! ```sh
//! cargo run --release -p bankscope-server --example load -- --seconds 30 --uploaders 4 --readers 8 --workers 2
//! # reads only (requests/s and p50/p95/p99 of the read endpoints)
//! cargo run --release -p bankscope-server --example load -- --seconds 20 --uploaders 0 --readers 16
//! # reads of a large entity (1,450 transactions)
//! cargo run --release -p bankscope-server --example load -- --seconds 10 --uploaders 0 --readers 8 \
//!     --read-fixture hdfc_reportlab_large
//! ```
//!
//! The server's per-organisation rate limit is off here unless `--rate-limit N` is given.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use bankscope::resources::Resource;
use bankscope_server::Config;
use reqwest::{Client, multipart};

#[derive(Debug, Clone)]
struct Args {
    seconds: u64,
    uploaders: usize,
    readers: usize,
    workers: usize,
    rate_limit: u32,
    /// The fixture statement of the entity the readers read.
    read_fixture: String,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        seconds: 30,
        uploaders: 4,
        readers: 8,
        workers: 2,
        rate_limit: 0,
        read_fixture: FIXTURES[0].to_string(),
    };
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let mut it = argv.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        if flag == "--read-fixture" {
            a.read_fixture = value.clone();
            continue;
        }
        let n: u64 = value.parse().map_err(|e| format!("{flag} {value}: {e}"))?;
        match flag.as_str() {
            "--seconds" => a.seconds = n,
            "--uploaders" => a.uploaders = n as usize,
            "--readers" => a.readers = n as usize,
            "--workers" => a.workers = (n as usize).max(1),
            "--rate-limit" => a.rate_limit = u32::try_from(n).map_err(|e| format!("{flag} {value}: {e}"))?,
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(a)
}

const FIXTURES: [&str; 5] = ["sbi_fpdf2_encrypted", "axis_fpdf2", "baroda_fpdf2", "canara_reportlab", "icici_fpdf2"];

fn fixture(name: &str) -> (Vec<u8>, String) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/statements");
    let bytes = std::fs::read(dir.join(format!("{name}.pdf"))).unwrap_or_default();
    let truth: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join(format!("{name}.truth.json"))).unwrap_or_default())
            .unwrap_or_default();
    (bytes, truth["password"].as_str().unwrap_or_default().to_string())
}

#[derive(Debug, Default)]
struct Tally {
    ok_ms: Vec<f64>,
    errors: usize,
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn report(kind: &str, mut t: Tally, seconds: f64) {
    t.ok_ms.sort_by(f64::total_cmp);
    let n = t.ok_ms.len();
    println!(
        "{kind:<8} {n:>6} ok {:>4} errors  {:>8.1}/s  p50 {:>7.1} ms  p95 {:>7.1} ms  p99 {:>7.1} ms  max {:>7.1} ms",
        t.errors,
        n as f64 / seconds,
        percentile(&t.ok_ms, 0.50),
        percentile(&t.ok_ms, 0.95),
        percentile(&t.ok_ms, 0.99),
        t.ok_ms.last().copied().unwrap_or(0.0),
    );
}

fn upload_form(bytes: &[u8], fields: &[(&str, &str)]) -> multipart::Form {
    let mut form = multipart::Form::new().part("file", multipart::Part::bytes(bytes.to_vec()).file_name("s.pdf"));
    for (k, v) in fields {
        form = form.text(k.to_string(), v.to_string());
    }
    form
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = parse_args()?;
    let dir: PathBuf = std::env::temp_dir().join(format!("bankscope-load-{}", uuid::Uuid::new_v4()));
    let config = Config {
        listen: "127.0.0.1:0".parse()?,
        data_dir: dir.clone(),
        workers: args.workers,
        rate_limit: args.rate_limit,
        database_url: std::env::var("DATABASE_URL").ok().filter(|u| !u.is_empty()),
        ..Config::default()
    };
    let c = config.clone();
    let (_, key, hash) = tokio::task::spawn_blocking(move || bankscope_server::create_org(&c, "load", None)).await??;
    let running = bankscope_server::start(config).await?;
    let pem = std::fs::read(dir.join("dev-cert.pem"))?;
    let client = Client::builder()
        .add_root_certificate(reqwest::Certificate::from_pem(&pem)?)
        .use_rustls_tls()
        .pool_max_idle_per_host(64)
        .build()?;
    let base = format!("https://localhost:{}", running.addr.port());
    let inputs: Arc<Vec<(Vec<u8>, String)>> = Arc::new(FIXTURES.iter().map(|f| fixture(f)).collect());

    // The entity the readers read: one statement, analysed.
    let (bytes, password) = fixture(&args.read_fixture);
    if bytes.is_empty() {
        return Err(format!("no fixture {}", args.read_fixture).into());
    }
    let up: serde_json::Value = client
        .post(format!("{base}/v1/statement/bankless_upload/"))
        .header("x-api-key", &key)
        .header("server-hash", &hash)
        .multipart(upload_form(&bytes, &[("link_id", "read-me"), ("pdf_password", &password)]))
        .send()
        .await?
        .json()
        .await?;
    let entity = up["entity_id"].as_str().unwrap_or_default().to_string();
    loop {
        // The score's progress is the analyses stage: the last one.
        let accounts: serde_json::Value = client
            .get(format!("{base}/v1/entity/{entity}/score/"))
            .header("x-api-key", &key)
            .header("server-hash", &hash)
            .send()
            .await?
            .json()
            .await?;
        if accounts["progress"][0]["status"] == "completed" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    println!(
        "load: {} s, {} uploaders, {} readers, {} workers, {} ({} cores), readers read {}",
        args.seconds,
        args.uploaders,
        args.readers,
        args.workers,
        if std::env::var("DATABASE_URL").is_ok_and(|u| !u.is_empty()) { "PostgreSQL" } else { "SQLite" },
        std::thread::available_parallelism().map(usize::from).unwrap_or(0),
        args.read_fixture,
    );
    let started = Instant::now();
    let until = started + Duration::from_secs(args.seconds);
    let mut uploads = Vec::new();
    for u in 0..args.uploaders {
        let (client, base, key, hash, inputs) =
            (client.clone(), base.clone(), key.clone(), hash.clone(), inputs.clone());
        uploads.push(tokio::spawn(async move {
            let mut t = Tally::default();
            let mut i = 0usize;
            while Instant::now() < until {
                let (bytes, password) = &inputs[(u + i) % inputs.len()];
                let link = format!("load-{u}-{i}");
                let sent = Instant::now();
                let r = client
                    .post(format!("{base}/v1/statement/bankless_upload/"))
                    .header("x-api-key", &key)
                    .header("server-hash", &hash)
                    .multipart(upload_form(bytes, &[("link_id", &link), ("pdf_password", password)]))
                    .send()
                    .await;
                match r {
                    Ok(r) if r.status().is_success() => t.ok_ms.push(sent.elapsed().as_secs_f64() * 1e3),
                    _ => t.errors += 1,
                }
                i += 1;
            }
            t
        }));
    }
    let mut reads = Vec::new();
    for r in 0..args.readers {
        let (client, base, key, hash, entity) =
            (client.clone(), base.clone(), key.clone(), hash.clone(), entity.clone());
        reads.push(tokio::spawn(async move {
            let mut t = Tally::default();
            let mut i = r;
            while Instant::now() < until {
                let resource = Resource::ALL[i % Resource::ALL.len()];
                let sent = Instant::now();
                let resp = client
                    .get(format!("{base}/v1/entity/{entity}/{}/", resource.path_suffix()))
                    .header("x-api-key", &key)
                    .header("server-hash", &hash)
                    .send()
                    .await;
                let ok = match resp {
                    // 501: a read the core does not compute yet; still a served request.
                    Ok(resp) if resp.status().is_success() || resp.status().as_u16() == 501 => {
                        resp.bytes().await.is_ok()
                    }
                    _ => false,
                };
                if ok {
                    t.ok_ms.push(sent.elapsed().as_secs_f64() * 1e3);
                } else {
                    t.errors += 1;
                }
                i += 1;
            }
            t
        }));
    }
    let mut up_tally = Tally::default();
    for h in uploads {
        let t = h.await?;
        up_tally.ok_ms.extend(t.ok_ms);
        up_tally.errors += t.errors;
    }
    let mut read_tally = Tally::default();
    for h in reads {
        let t = h.await?;
        read_tally.ok_ms.extend(t.ok_ms);
        read_tally.errors += t.errors;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let uploaded = up_tally.ok_ms.len();
    report("upload", up_tally, elapsed);
    report("read", read_tally, elapsed);

    // Drain: every accepted upload analysed.
    let conn_dir = dir.clone();
    let drained_at = loop {
        let dir = conn_dir.clone();
        let pending = tokio::task::spawn_blocking(move || -> i64 {
            const PENDING: &str = "SELECT count(*) FROM jobs WHERE state IN ('queued', 'running')";
            if let Some(url) = std::env::var("DATABASE_URL").ok().filter(|u| !u.is_empty()) {
                return postgres::Client::connect(&url, postgres::NoTls)
                    .and_then(|mut c| c.query_one(PENDING, &[]))
                    .and_then(|r| r.try_get(0))
                    .unwrap_or(-1);
            }
            rusqlite::Connection::open(dir.join("bankscope.db"))
                .and_then(|c| {
                    c.query_row("SELECT count(*) FROM jobs WHERE state IN ('queued', 'running')", [], |r| r.get(0))
                })
                .unwrap_or(-1)
        })
        .await?;
        if pending == 0 {
            break started.elapsed().as_secs_f64();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    println!(
        "backlog drained {:.1} s after the start: {} statements fully analysed, {:.2} statements/s end to end",
        drained_at,
        uploaded + 1,
        (uploaded + 1) as f64 / drained_at
    );
    running.shutdown().await?;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
