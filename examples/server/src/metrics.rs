//! Process-wide counters for `/metrics` (Prometheus text format, written by hand).

use std::sync::atomic::{AtomicU64, Ordering};

static RATE_LIMITED_ORG: AtomicU64 = AtomicU64::new(0);
static RATE_LIMITED_SESSION: AtomicU64 = AtomicU64::new(0);

/// Counts a request refused by a rate limit (`organisation` or `session`).
pub fn rate_limited(scope: &str) {
    let c = if scope == "session" { &RATE_LIMITED_SESSION } else { &RATE_LIMITED_ORG };
    c.fetch_add(1, Ordering::Relaxed);
}

/// Requests refused by rate limits so far: `(organisation, session)`.
pub fn rate_limited_counts() -> (u64, u64) {
    (RATE_LIMITED_ORG.load(Ordering::Relaxed), RATE_LIMITED_SESSION.load(Ordering::Relaxed))
}
