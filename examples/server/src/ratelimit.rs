//! Per-organisation rate limiting: a token bucket per API key, in memory and
//! per process (each replica limits on its own).
//!
//! A bucket holds up to `burst` tokens and refills at `rate` tokens a second;
//! a request takes one token or is refused with the wait until the next one.
//! A bucket that has refilled to `burst` is the same as no bucket, so idle
//! buckets are dropped by a sweep at most once a minute.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often idle buckets are looked for.
const SWEEP_EVERY: Duration = Duration::from_secs(60);

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

#[derive(Debug)]
struct Buckets {
    by_key: HashMap<String, Bucket>,
    swept_at: Instant,
}

/// Token buckets by organisation.
#[derive(Debug)]
pub struct Limiter {
    rate: f64,
    burst: f64,
    buckets: Mutex<Buckets>,
}

impl Limiter {
    /// `rate` requests a second with bursts of up to `burst` (at least 1); a
    /// `rate` of 0 disables limiting.
    pub fn new(rate: u32, burst: u32) -> Self {
        Limiter {
            rate: f64::from(rate),
            burst: f64::from(burst.max(1)),
            buckets: Mutex::new(Buckets { by_key: HashMap::new(), swept_at: Instant::now() }),
        }
    }

    /// Whether limiting is on.
    pub fn enabled(&self) -> bool {
        self.rate > 0.0
    }

    /// Takes a token of `key`'s bucket, or says how long until one is there.
    pub fn check(&self, key: &str) -> Result<(), Duration> {
        self.check_at(key, Instant::now())
    }

    /// [`Limiter::check`] at a given instant (tests).
    pub fn check_at(&self, key: &str, now: Instant) -> Result<(), Duration> {
        if !self.enabled() {
            return Ok(());
        }
        // A poisoned lock only means another request panicked mid-update; the buckets stay usable.
        let mut b = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if now.saturating_duration_since(b.swept_at) >= SWEEP_EVERY {
            let (rate, burst) = (self.rate, self.burst);
            b.by_key.retain(|_, k| refilled(k, now, rate, burst) < burst);
            b.swept_at = now;
        }
        let (rate, burst) = (self.rate, self.burst);
        let bucket = b.by_key.entry(key.to_string()).or_insert(Bucket { tokens: burst, at: now });
        let tokens = refilled(bucket, now, rate, burst);
        if tokens >= 1.0 {
            *bucket = Bucket { tokens: tokens - 1.0, at: now };
            Ok(())
        } else {
            *bucket = Bucket { tokens, at: now };
            Err(Duration::from_secs_f64((1.0 - tokens) / rate))
        }
    }

    /// Buckets held (tests).
    pub fn len(&self) -> usize {
        self.buckets.lock().map(|b| b.by_key.len()).unwrap_or_default()
    }

    /// Whether no bucket is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

fn refilled(b: &Bucket, now: Instant, rate: f64, burst: f64) -> f64 {
    (b.tokens + now.saturating_duration_since(b.at).as_secs_f64() * rate).min(burst)
}

/// The `Retry-After` seconds of a wait: whole seconds, rounded up, at least 1.
pub fn retry_after_secs(wait: Duration) -> u64 {
    u64::try_from(wait.as_nanos().div_ceil(1_000_000_000)).unwrap_or(u64::MAX).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn burst_then_refill_per_key() {
        // rate 2/s, burst 3: three at once pass, the fourth waits 1/2 s for the next token.
        let l = Limiter::new(2, 3);
        let t0 = Instant::now();
        for _ in 0..3 {
            assert_eq!(l.check_at("a", t0), Ok(()));
        }
        assert_eq!(l.check_at("a", t0), Err(Duration::from_millis(500)));
        // Another key has its own bucket.
        assert_eq!(l.check_at("b", t0), Ok(()));
        // 250 ms later: 0.5 token, still short by 0.5 → 250 ms more.
        assert_eq!(l.check_at("a", t0 + Duration::from_millis(250)), Err(Duration::from_millis(250)));
        // 500 ms after the start: one token, taken.
        assert_eq!(l.check_at("a", t0 + Duration::from_millis(500)), Ok(()));
        assert!(l.check_at("a", t0 + Duration::from_millis(500)).is_err());
    }

    #[test]
    fn zero_rate_disables() {
        let l = Limiter::new(0, 1);
        let t0 = Instant::now();
        assert!((0..1000).all(|_| l.check_at("a", t0).is_ok()));
        assert!(l.is_empty());
    }

    #[test]
    fn idle_buckets_are_swept() {
        // rate 1/s, burst 2: "a" empties its bucket; "b" takes one token.
        let l = Limiter::new(1, 2);
        let t0 = Instant::now();
        assert!(l.check_at("a", t0).is_ok() && l.check_at("a", t0).is_ok());
        assert!(l.check_at("b", t0).is_ok());
        assert_eq!(l.len(), 2);
        // 61 s on both are full again (2 tokens): the sweep drops them; "c" is the only bucket left.
        assert!(l.check_at("c", t0 + Duration::from_secs(61)).is_ok());
        assert_eq!(l.len(), 1);
    }

    #[test]
    fn retry_after_rounds_up() {
        assert_eq!(retry_after_secs(Duration::from_millis(1)), 1);
        assert_eq!(retry_after_secs(Duration::from_millis(1000)), 1);
        assert_eq!(retry_after_secs(Duration::from_millis(1001)), 2);
        assert_eq!(retry_after_secs(Duration::ZERO), 1);
    }
}
