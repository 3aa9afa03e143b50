//! Process-wide counters and the `/metrics` endpoint (Prometheus text
//! exposition format 0.0.4, written by hand: a few counters need no library).
//!
//! Counters are per process (each replica exposes its own); the queue depth is
//! read from the store at scrape time, so it is the shared queue's.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::state::{AppState, blocking};
use crate::store::Stage;

const STAGES: [Stage; 3] = [Stage::Identity, Stage::Transactions, Stage::Analyses];
/// Outcomes of one stage run, as `process` names them.
pub const OUTCOMES: [&str; 4] = ["completed", "retry", "failed", "exhausted"];

static JOBS: [AtomicU64; 12] = [const { AtomicU64::new(0) }; 12];
static STAGE_MICROS: [AtomicU64; 3] = [const { AtomicU64::new(0) }; 3];
static STAGE_RUNS: [AtomicU64; 3] = [const { AtomicU64::new(0) }; 3];
static WEBHOOK_DELIVERED: AtomicU64 = AtomicU64::new(0);
static WEBHOOK_FAILED: AtomicU64 = AtomicU64::new(0);
static RATE_LIMITED_ORG: AtomicU64 = AtomicU64::new(0);
static RATE_LIMITED_SESSION: AtomicU64 = AtomicU64::new(0);

fn stage_index(stage: Stage) -> usize {
    STAGES.iter().position(|s| *s == stage).unwrap_or(0)
}

/// Counts one stage run that ended with `outcome` after `elapsed`.
pub fn stage_run(stage: Stage, outcome: &str, elapsed: std::time::Duration) {
    let s = stage_index(stage);
    let o = OUTCOMES.iter().position(|x| *x == outcome).unwrap_or(2);
    if let Some(c) = JOBS.get(s * OUTCOMES.len() + o) {
        c.fetch_add(1, Ordering::Relaxed);
    }
    if let (Some(m), Some(n)) = (STAGE_MICROS.get(s), STAGE_RUNS.get(s)) {
        m.fetch_add(u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX), Ordering::Relaxed);
        n.fetch_add(1, Ordering::Relaxed);
    }
}

/// Counts one webhook delivery attempt.
pub fn webhook_attempt(delivered: bool) {
    let c = if delivered { &WEBHOOK_DELIVERED } else { &WEBHOOK_FAILED };
    c.fetch_add(1, Ordering::Relaxed);
}

/// Counts a request refused by a rate limit (`organisation` or `session`).
pub fn rate_limited(scope: &str) {
    let c = if scope == "session" { &RATE_LIMITED_SESSION } else { &RATE_LIMITED_ORG };
    c.fetch_add(1, Ordering::Relaxed);
}

/// Requests refused by rate limits so far: `(organisation, session)`.
pub fn rate_limited_counts() -> (u64, u64) {
    (RATE_LIMITED_ORG.load(Ordering::Relaxed), RATE_LIMITED_SESSION.load(Ordering::Relaxed))
}

/// The read cache's figures of one server: entity versions built, reads
/// answered from built responses, entities held.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReadCacheFigures {
    /// Entity versions whose responses were built.
    pub builds: u64,
    /// Reads answered from built responses.
    pub hits: u64,
    /// Entities whose responses are held.
    pub entities: usize,
}

/// The exposition text, with the job counts by state of the store.
pub fn render(jobs_by_state: &[(String, i64)], reads: ReadCacheFigures) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# HELP bankscope_stage_runs_total Stage runs by stage and outcome (this process).");
    let _ = writeln!(out, "# TYPE bankscope_stage_runs_total counter");
    for (s, stage) in STAGES.iter().enumerate() {
        for (o, outcome) in OUTCOMES.iter().enumerate() {
            let n = JOBS.get(s * OUTCOMES.len() + o).map_or(0, |c| c.load(Ordering::Relaxed));
            let _ = writeln!(out, "bankscope_stage_runs_total{{stage=\"{}\",outcome=\"{outcome}\"}} {n}", stage.name());
        }
    }
    let _ = writeln!(out, "# HELP bankscope_stage_duration_seconds Time spent running stages (this process).");
    let _ = writeln!(out, "# TYPE bankscope_stage_duration_seconds summary");
    for (s, stage) in STAGES.iter().enumerate() {
        let micros = STAGE_MICROS.get(s).map_or(0, |c| c.load(Ordering::Relaxed));
        let runs = STAGE_RUNS.get(s).map_or(0, |c| c.load(Ordering::Relaxed));
        let name = stage.name();
        let _ = writeln!(out, "bankscope_stage_duration_seconds_sum{{stage=\"{name}\"}} {}", micros as f64 / 1e6);
        let _ = writeln!(out, "bankscope_stage_duration_seconds_count{{stage=\"{name}\"}} {runs}");
    }
    let _ = writeln!(out, "# HELP bankscope_jobs Jobs in the store by state (queued is the queue depth).");
    let _ = writeln!(out, "# TYPE bankscope_jobs gauge");
    for state in ["queued", "running", "done", "failed"] {
        let n = jobs_by_state.iter().find(|(s, _)| s == state).map_or(0, |(_, n)| *n);
        let _ = writeln!(out, "bankscope_jobs{{state=\"{state}\"}} {n}");
    }
    let _ =
        writeln!(out, "# HELP bankscope_webhook_attempts_total Webhook delivery attempts by result (this process).");
    let _ = writeln!(out, "# TYPE bankscope_webhook_attempts_total counter");
    let _ = writeln!(
        out,
        "bankscope_webhook_attempts_total{{result=\"delivered\"}} {}",
        WEBHOOK_DELIVERED.load(Ordering::Relaxed)
    );
    let _ = writeln!(
        out,
        "bankscope_webhook_attempts_total{{result=\"failed\"}} {}",
        WEBHOOK_FAILED.load(Ordering::Relaxed)
    );
    let (org, session) = rate_limited_counts();
    let _ = writeln!(out, "# HELP bankscope_rate_limited_total Requests refused with 429 by bucket (this process).");
    let _ = writeln!(out, "# TYPE bankscope_rate_limited_total counter");
    let _ = writeln!(out, "bankscope_rate_limited_total{{scope=\"organisation\"}} {org}");
    let _ = writeln!(out, "bankscope_rate_limited_total{{scope=\"session\"}} {session}");
    let _ = writeln!(
        out,
        "# HELP bankscope_read_builds_total Entity versions whose read responses were built (this process)."
    );
    let _ = writeln!(out, "# TYPE bankscope_read_builds_total counter");
    let _ = writeln!(out, "bankscope_read_builds_total {}", reads.builds);
    let _ = writeln!(out, "# HELP bankscope_read_cache_hits_total Reads answered from built responses (this process).");
    let _ = writeln!(out, "# TYPE bankscope_read_cache_hits_total counter");
    let _ = writeln!(out, "bankscope_read_cache_hits_total {}", reads.hits);
    let _ =
        writeln!(out, "# HELP bankscope_read_cache_entities Entities whose read responses are held (this process).");
    let _ = writeln!(out, "# TYPE bankscope_read_cache_entities gauge");
    let _ = writeln!(out, "bankscope_read_cache_entities {}", reads.entities);
    out
}

/// `GET /metrics`.
pub async fn endpoint(State(state): State<AppState>) -> Response {
    let store = state.store.clone();
    let reads = ReadCacheFigures {
        builds: state.read_cache.builds(),
        hits: state.read_cache.hits(),
        entities: state.read_cache.len(),
    };
    match blocking(move || store.job_counts()).await {
        Ok(Ok(counts)) => {
            ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], render(&counts, reads))
                .into_response()
        }
        _ => (StatusCode::SERVICE_UNAVAILABLE, "store unavailable\n").into_response(),
    }
}
