//! Webhooks (interface 4.2, 4.3, 6): settings per organisation, a persisted
//! outbox delivered at least once with exponential backoff, an HMAC-SHA256
//! signature over the body, and the SSRF guard on receiver addresses.
//!
//! A statement's outcome (completed or failed) is written to the outbox in the
//! same transaction that records it, so a crash can delay a payload but never
//! lose it. The sender claims due rows with a lease (another sender, or this one
//! after a restart, takes the row again only when the lease ran out), POSTs the
//! body, and records every attempt. Receivers deduplicate by the
//! `x-bankscope-delivery` header, which is the same on every retry.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use serde_json::json;
use tokio::sync::watch;

use crate::config::Config;
use crate::state::{ApiError, AppState, blocking, header, org_from_headers};
use crate::store::{Attempt, Payload, now_ms};

/// Header carrying `sha256=<hex HMAC-SHA256 of the raw body with the signing secret>`
/// (kept for receivers written against it; it has no timestamp, so prefer
/// [`TIMED_SIGNATURE_HEADER`]).
pub const SIGNATURE_HEADER: &str = "x-bankscope-signature";
/// Header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`,
/// with one `v1=` per signing secret (two while a rotated secret overlaps).
pub const TIMED_SIGNATURE_HEADER: &str = "x-bankscope-signature-v1";
/// How far a receiver should accept `t` from its own clock (documented for receivers).
pub const TOLERANCE_SECS: i64 = 300;
/// Default overlap of a rotated secret (24 hours).
pub const DEFAULT_OVERLAP_SECS: i64 = 86_400;
/// Header carrying the payload's id, the same on every retry (deduplication key).
pub const DELIVERY_HEADER: &str = "x-bankscope-delivery";
/// Header carrying the 1-based attempt number.
pub const ATTEMPT_HEADER: &str = "x-bankscope-attempt";

/// How webhooks are delivered.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Receivers on loopback, private or link-local addresses are allowed.
    pub allow_private: bool,
    /// Attempts per payload.
    pub attempts: u32,
    /// Wait before the second attempt; doubled after each further failure.
    pub backoff: Duration,
    /// Outbox poll interval.
    pub poll: Duration,
    /// Longest a receiver may take.
    pub timeout: Duration,
}

impl Settings {
    /// The webhook part of the server configuration.
    pub fn from_config(c: &Config) -> Self {
        Settings {
            allow_private: c.webhook_allow_private,
            attempts: c.webhook_attempts.max(1),
            backoff: c.webhook_backoff,
            poll: c.webhook_poll,
            timeout: c.webhook_timeout,
        }
    }

    /// The wait after failed attempt number `made` (1-based), or `None` when
    /// that was the last: `backoff * 2^(made - 1)`.
    pub fn retry_delay(&self, made: u32) -> Option<Duration> {
        (made < self.attempts).then(|| self.backoff.saturating_mul(1u32 << made.saturating_sub(1).min(20)))
    }
}

/// Whether an address is one the SSRF guard refuses: loopback, private,
/// link-local, shared (CGNAT), unspecified, broadcast or multicast, in IPv4 or
/// IPv6 (IPv4-mapped addresses are judged as IPv4).
pub fn is_internal(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let o = v4.octets();
            v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_multicast()
                || o[0] == 0
                || (o[0] == 100 && (o[1] & 0xc0) == 64)
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = embedded_ipv4(v6) {
                return is_internal(IpAddr::V4(v4));
            }
            let seg = v6.segments();
            let first = seg[0];
            v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || (first & 0xfe00) == 0xfc00 // unique local fc00::/7
                || (first & 0xffc0) == 0xfe80 // link-local fe80::/10
                || (first & 0xffc0) == 0xfec0 // site-local fec0::/10 (deprecated)
                || (seg[0] == 0x0064 && seg[1] == 0xff9b && seg[2] == 0x0001) // local-use NAT64 64:ff9b:1::/48
                || (seg[0] == 0x2001 && seg[1] == 0x0000) // Teredo 2001::/32 (the IPv4 inside is obfuscated)
        }
    }
}

/// The IPv4 address an IPv6 address carries, when it is one of the forms
/// that reach it: IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d`,
/// NAT64 `64:ff9b::a.b.c.d` (RFC 6052) or 6to4 `2002:aabb:ccdd::/48`.
pub fn embedded_ipv4(v6: std::net::Ipv6Addr) -> Option<std::net::Ipv4Addr> {
    let o = v6.octets();
    let s = v6.segments();
    let last = std::net::Ipv4Addr::new(o[12], o[13], o[14], o[15]);
    if let Some(v4) = v6.to_ipv4_mapped() {
        return Some(v4);
    }
    // ::a.b.c.d, but not :: and ::1 (judged as IPv6).
    if s[..6].iter().all(|x| *x == 0) && u32::from(last) > 1 {
        return Some(last);
    }
    if s[..6] == [0x0064, 0xff9b, 0, 0, 0, 0] {
        return Some(last);
    }
    if s[0] == 0x2002 {
        return Some(std::net::Ipv4Addr::new(o[2], o[3], o[4], o[5]));
    }
    None
}

/// Checks a receiver URL: http or https, a host, and (unless `allow_private`)
/// no address it resolves to is internal. Returns the reason of a refusal.
pub async fn check_url(url: &str, allow_private: bool) -> Result<(), String> {
    let parsed = reqwest::Url::parse(url).map_err(|e| format!("webhook_url is not a valid URL ({e})"))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err("webhook_url must be an http or https URL".into());
    }
    let Some(host) = parsed.host_str().map(|h| h.trim_start_matches('[').trim_end_matches(']').to_string()) else {
        return Err("webhook_url has no host".into());
    };
    if allow_private {
        return Ok(());
    }
    let port = parsed.port_or_known_default().unwrap_or(443);
    let addrs: Vec<SocketAddr> = match host.parse::<IpAddr>() {
        Ok(ip) => vec![SocketAddr::new(ip, port)],
        Err(_) => tokio::net::lookup_host((host.as_str(), port))
            .await
            .map_err(|e| format!("webhook_url host {host} does not resolve ({e})"))?
            .collect(),
    };
    match addrs.iter().find(|a| is_internal(a.ip())) {
        Some(a) => Err(format!(
            "webhook_url resolves to an internal address ({}); the operator must allow private receivers",
            a.ip()
        )),
        None if addrs.is_empty() => Err(format!("webhook_url host {host} has no address")),
        None => Ok(()),
    }
}

/// The resolver of the sending client: refuses internal addresses at
/// connection time too, so a name that re-resolves inward (DNS rebinding) is
/// not followed.
#[derive(Debug)]
struct GuardedResolver;

impl reqwest::dns::Resolve for GuardedResolver {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let host = name.as_str().to_string();
        Box::pin(async move {
            let addrs: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            if let Some(a) = addrs.iter().find(|a| is_internal(a.ip())) {
                let refusal = format!("{host} resolves to the internal address {}", a.ip());
                return Err(refusal.into());
            }
            let addrs: reqwest::dns::Addrs = Box::new(addrs.into_iter());
            Ok(addrs)
        })
    }
}

fn client(settings: &Settings) -> reqwest::Result<reqwest::Client> {
    let mut builder = reqwest::Client::builder()
        .timeout(settings.timeout)
        .connect_timeout(settings.timeout)
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!("bankscope-server/", env!("CARGO_PKG_VERSION"), " webhook"));
    if !settings.allow_private {
        builder = builder.dns_resolver(Arc::new(GuardedResolver));
    }
    builder.build()
}

/// The body of interface 2.15 without `date_time`, fields in interface order.
#[derive(Debug, Serialize)]
struct Body<'a> {
    entity_id: &'a str,
    statement_id: &'a str,
    link_id: Option<&'a str>,
    progress: &'a str,
    reason: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    date_time: Option<String>,
}

fn body_of(p: &Payload, date_time: Option<String>) -> Body<'_> {
    Body {
        entity_id: &p.entity_id,
        statement_id: &p.statement_id,
        link_id: p.link_id.as_deref(),
        progress: &p.progress,
        reason: &p.reason,
        date_time,
    }
}

/// The JSON text a receiver gets for `p`.
pub fn body(p: &Payload) -> String {
    serde_json::to_string(&body_of(p, None)).unwrap_or_default()
}

/// The signature header value of `body`: `sha256=` and the lowercase hex
/// HMAC-SHA256 of the raw body bytes keyed with the signing secret.
pub fn signature(signing_secret: &str, body: &str) -> String {
    format!("sha256={}", crate::crypto::sign(signing_secret.as_bytes(), &[body]))
}

/// The timed signature header value of `body` sent at `t` (unix seconds):
/// `t=<t>,v1=<hex HMAC-SHA256 of "<t>.<body>">` for each secret, in order.
pub fn timed_signature(secrets: &[&str], t: i64, body: &str) -> String {
    let signed = format!("{t}.{body}");
    let mut out = format!("t={t}");
    for secret in secrets {
        out.push_str(",v1=");
        out.push_str(&crate::crypto::sign(secret.as_bytes(), &[&signed]));
    }
    out
}

/// `YYYY-MM-DD HH:MM:SS` in Indian Standard Time.
pub fn date_time(unix: i64) -> String {
    chrono::DateTime::from_timestamp(unix, 0)
        .map(|t| (t + chrono::Duration::minutes(330)).format("%Y-%m-%d %H:%M:%S").to_string())
        .unwrap_or_default()
}

/// Starts the sender; it stops when `stop` turns true (after the attempts in flight).
pub fn spawn(state: AppState, mut stop: watch::Receiver<bool>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let client = match client(&state.webhooks) {
            Ok(c) => c,
            Err(e) => {
                tracing::error!(error = %e, "webhook client could not be built; webhooks are not sent");
                return;
            }
        };
        // A claim holds a row for longer than one attempt can take.
        let lease_ms = i64::try_from((state.webhooks.timeout * 3).as_millis()).unwrap_or(60_000).max(1_000);
        loop {
            if *stop.borrow() {
                break;
            }
            let store = state.store.clone();
            match blocking(move || store.claim_deliveries(now_ms(), lease_ms, 16)).await {
                Ok(Ok(batch)) if !batch.is_empty() => {
                    let mut set = tokio::task::JoinSet::new();
                    for p in batch {
                        let (state, client) = (state.clone(), client.clone());
                        set.spawn(async move { deliver(&state, &client, p).await });
                    }
                    while set.join_next().await.is_some() {}
                    continue;
                }
                Ok(Ok(_)) => {}
                Ok(Err(e)) => tracing::error!(error = %e, "claiming webhook payloads failed"),
                Err(_) => tracing::error!("claim task failed"),
            }
            tokio::select! {
                _ = state.webhook_wake.notified() => {}
                _ = tokio::time::sleep(state.webhooks.poll) => {}
                _ = stop.changed() => {}
            }
        }
    })
}

/// One attempt of one claimed payload, recorded.
async fn deliver(state: &AppState, client: &reqwest::Client, p: Payload) {
    let at_ms = now_ms();
    let started = Instant::now();
    let store = state.store.clone();
    let org = p.org_id.clone();
    let hook = blocking(move || store.webhook(&org)).await;
    let (status, error) = match hook {
        Ok(Ok(Some(hook))) => send(state, client, &p, &hook).await,
        Ok(Ok(None)) => (None, Some("the organisation has no webhook_url".to_string())),
        Ok(Err(e)) => (None, Some(format!("store: {e}"))),
        Err(_) => (None, Some("store task failed".to_string())),
    };
    let delivered = status.is_some_and(|s| (200..300).contains(&s));
    crate::metrics::webhook_attempt(delivered);
    let retry_at_ms = if delivered {
        None
    } else {
        state.webhooks.retry_delay(p.attempts).map(|d| now_ms() + i64::try_from(d.as_millis()).unwrap_or(i64::MAX / 2))
    };
    let attempt = Attempt {
        attempt: p.attempts,
        at_ms,
        status,
        error,
        elapsed_ms: i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX),
    };
    tracing::info!(
        payload = p.id,
        statement = p.statement_id,
        attempt = p.attempts,
        status = attempt.status,
        error = attempt.error.as_deref().unwrap_or(""),
        delivered,
        retry = retry_at_ms.is_some(),
        "webhook attempt"
    );
    let store = state.store.clone();
    let id = p.id;
    match blocking(move || store.record_attempt(id, &attempt, delivered, retry_at_ms)).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => tracing::error!(error = %e, payload = id, "recording a webhook attempt failed"),
        Err(_) => tracing::error!(payload = id, "recording task failed"),
    }
}

async fn send(
    state: &AppState,
    client: &reqwest::Client,
    p: &Payload,
    hook: &crate::store::Webhook,
) -> (Option<u16>, Option<String>) {
    // IP literals never reach the resolver: check them (and the scheme) here.
    if let Err(refusal) = check_literal(&hook.url, state.webhooks.allow_private) {
        return (None, Some(refusal));
    }
    let body = body(p);
    let t = crate::store::now();
    let request = client
        .post(&hook.url)
        .header("content-type", "application/json")
        .header(SIGNATURE_HEADER, signature(&hook.signing_secret, &body))
        .header(TIMED_SIGNATURE_HEADER, timed_signature(&hook.signing_secrets(t), t, &body))
        .header(DELIVERY_HEADER, p.id.to_string())
        .header(ATTEMPT_HEADER, p.attempts.to_string())
        .body(body);
    match request.send().await {
        Ok(resp) => {
            let status = resp.status().as_u16();
            let error = (!resp.status().is_success()).then(|| format!("receiver answered HTTP {status}"));
            (Some(status), error)
        }
        Err(e) => {
            let mut text = e.to_string();
            let mut source = std::error::Error::source(&e);
            while let Some(s) = source {
                text.push_str(": ");
                text.push_str(&s.to_string());
                source = s.source();
            }
            (None, Some(text))
        }
    }
}

fn check_literal(url: &str, allow_private: bool) -> Result<(), String> {
    let parsed = reqwest::Url::parse(url).map_err(|e| format!("invalid webhook_url: {e}"))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err("webhook_url must be http or https".into());
    }
    let literal =
        parsed.host_str().and_then(|h| h.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>().ok());
    match literal {
        Some(ip) if !allow_private && is_internal(ip) => Err(format!("refused internal address {ip}")),
        _ => Ok(()),
    }
}

/// `POST /v1/entity/update_webhook/` (interface 4.2): JSON `{webhook_url,
/// webhook_mode?}`; a missing mode resets it to 0. Answers the settings and the
/// signing secret of the signature header.
pub async fn update(
    State(state): State<AppState>,
    req: axum::extract::Request,
) -> Result<Json<serde_json::Value>, ApiError> {
    // Credentials first; the body (at most 64 KiB) only then.
    let headers = req.headers().clone();
    let org = org_from_headers(&state, &headers).await?;
    if crate::form::content_length(&req).is_some_and(|n| n > UPDATE_BODY_LIMIT as u64) {
        return Err(ApiError::detail(StatusCode::PAYLOAD_TOO_LARGE, "The body is too large."));
    }
    let body: Bytes = axum::body::to_bytes(req.into_body(), UPDATE_BODY_LIMIT)
        .await
        .map_err(|_| ApiError::detail(StatusCode::PAYLOAD_TOO_LARGE, "The body is too large."))?;
    let content_type = header(&headers, "content-type").unwrap_or_default();
    if !content_type.to_ascii_lowercase().starts_with("application/json") {
        return Err(ApiError::detail(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            format!("Unsupported media type \"{content_type}\" in request; send application/json."),
        ));
    }
    let bad = |m: &str| ApiError::detail(StatusCode::BAD_REQUEST, m);
    let value: serde_json::Value = serde_json::from_slice(&body).map_err(|_| bad("The body is not valid JSON."))?;
    let Some(url) = value.get("webhook_url").and_then(|v| v.as_str()).map(str::trim).filter(|s| !s.is_empty()) else {
        return Err(bad("webhook_url is required."));
    };
    if url.len() > 2000 {
        return Err(bad("webhook_url is longer than 2000 characters."));
    }
    let mode = match value.get("webhook_mode") {
        None | Some(serde_json::Value::Null) => 0,
        Some(v) => match v.as_u64().or_else(|| v.as_str().and_then(|s| s.trim().parse().ok())) {
            Some(m @ (0 | 1)) => m as u8,
            _ => return Err(bad("webhook_mode must be 0 (online journeys) or 1 (manual uploads too).")),
        },
    };
    check_url(url, state.webhooks.allow_private).await.map_err(|m| bad(&m))?;
    let store = state.store.clone();
    let (org_id, url) = (org.id.clone(), url.to_string());
    let hook = blocking(move || store.set_webhook(&org_id, &url, mode)).await??;
    tracing::info!(org = org.id, mode, "webhook updated");
    Ok(Json(json!({
        "webhook_url": hook.url,
        "webhook_mode": hook.mode,
        "signing_secret": hook.signing_secret,
    })))
}

/// `POST /v1/entity/rotate_webhook_secret/` (keys; optional JSON
/// `{"overlap_secs": N}`, default 24 h, at most 30 days): a new signing secret;
/// the old one keeps signing beside it until the overlap ends, so receivers can
/// switch without losing a delivery.
pub async fn rotate(
    State(state): State<AppState>,
    req: axum::extract::Request,
) -> Result<Json<serde_json::Value>, ApiError> {
    let headers = req.headers().clone();
    let org = org_from_headers(&state, &headers).await?;
    let body: Bytes = axum::body::to_bytes(req.into_body(), UPDATE_BODY_LIMIT)
        .await
        .map_err(|_| ApiError::detail(StatusCode::PAYLOAD_TOO_LARGE, "The body is too large."))?;
    let overlap = if body.iter().all(u8::is_ascii_whitespace) {
        DEFAULT_OVERLAP_SECS
    } else {
        let value: serde_json::Value = serde_json::from_slice(&body)
            .map_err(|_| ApiError::detail(StatusCode::BAD_REQUEST, "The body is not valid JSON."))?;
        match value.get("overlap_secs") {
            None | Some(serde_json::Value::Null) => DEFAULT_OVERLAP_SECS,
            Some(v) => match v.as_i64() {
                Some(n @ 0..=2_592_000) => n,
                _ => {
                    return Err(ApiError::detail(
                        StatusCode::BAD_REQUEST,
                        "overlap_secs must be an integer from 0 to 2592000 (30 days).",
                    ));
                }
            },
        }
    };
    let fresh = crate::store::fresh_webhook_secret()?;
    let until = crate::store::now() + overlap;
    let store = state.store.clone();
    let org_id = org.id.clone();
    let Some(hook) = blocking(move || store.rotate_webhook_secret(&org_id, &fresh, until)).await?? else {
        return Err(ApiError::detail(StatusCode::NOT_FOUND, "No webhook is set; call update_webhook first."));
    };
    tracing::info!(org = org.id, overlap, "webhook secret rotated");
    Ok(Json(json!({
        "signing_secret": hook.signing_secret,
        "previous_secret_valid_until": hook.previous_until,
    })))
}

/// Largest body of `update_webhook`.
pub const UPDATE_BODY_LIMIT: usize = 64 * 1024;

/// `?link_id=`.
#[derive(Debug, Deserialize)]
pub struct LinkQuery {
    #[serde(default)]
    link_id: Option<String>,
}

/// `GET /v1/entity/webhook_payloads/?link_id=` (interface 4.3): every payload
/// of the link, newest first, with `date_time`.
pub async fn payloads(
    State(state): State<AppState>,
    Query(q): Query<LinkQuery>,
    headers: HeaderMap,
) -> Result<Json<serde_json::Value>, ApiError> {
    let org = org_from_headers(&state, &headers).await?;
    let Some(link_id) = q.link_id.filter(|l| !l.is_empty()) else {
        return Err(ApiError::detail(StatusCode::BAD_REQUEST, "link_id is required."));
    };
    let store = state.store.clone();
    let rows = blocking(move || store.payloads_by_link(&org.id, &link_id)).await??;
    let payloads: Vec<serde_json::Value> = rows
        .iter()
        .map(|p| serde_json::to_value(body_of(p, Some(date_time(p.created_at)))).unwrap_or_default())
        .collect();
    Ok(Json(json!({ "payloads": payloads })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_and_stops_after_the_last_attempt() {
        let s = Settings {
            allow_private: false,
            attempts: 6,
            backoff: Duration::from_secs(120),
            poll: Duration::from_secs(1),
            timeout: Duration::from_secs(10),
        };
        // 2, 4, 8, 16, 32 minutes between the six attempts: 62 minutes in all.
        let waits: Vec<u64> = (1..=6).filter_map(|n| s.retry_delay(n)).map(|d| d.as_secs() / 60).collect();
        assert_eq!(waits, vec![2, 4, 8, 16, 32]);
        assert_eq!(waits.iter().sum::<u64>(), 62);
    }

    #[test]
    fn internal_addresses_are_recognised() {
        for internal in
            ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1"]
        {
            assert!(is_internal(internal.parse().unwrap_or(IpAddr::from([8, 8, 8, 8]))), "{internal}");
        }
        for internal in ["fe80::1", "fd00::1", "::ffff:127.0.0.1"] {
            assert!(is_internal(internal.parse().unwrap_or(IpAddr::from([8, 8, 8, 8]))), "{internal}");
        }
        for public in ["8.8.8.8", "172.32.0.1", "100.128.0.1", "2001:4860:4860::8888"] {
            assert!(!is_internal(public.parse().unwrap_or(IpAddr::from([127, 0, 0, 1]))), "{public}");
        }
    }

    #[test]
    fn ipv6_forms_that_embed_internal_ipv4_are_refused() {
        let v = |s: &str| s.parse::<IpAddr>().unwrap_or(IpAddr::from([127, 0, 0, 1]));
        for internal in [
            "64:ff9b::7f00:1",     // NAT64 of 127.0.0.1
            "64:ff9b::a9fe:a9fe",  // NAT64 of 169.254.169.254
            "64:ff9b::10.0.0.1",   // NAT64 written with the IPv4 tail
            "64:ff9b:1::808:808",  // local-use NAT64 prefix
            "2002:7f00:1::1",      // 6to4 of 127.0.0.1
            "2002:c0a8:101::",     // 6to4 of 192.168.1.1
            "2002:a9fe:a9fe:1::1", // 6to4 of 169.254.169.254
            "::127.0.0.1",         // IPv4-compatible
            "::10.1.2.3",
            "::ffff:10.0.0.1", // IPv4-mapped
            "::ffff:169.254.169.254",
            "2001:0:4136:e378:8000:63bf:3fff:fdd2", // Teredo
            "fec0::1",                              // site-local
        ] {
            assert!(is_internal(v(internal)), "{internal}");
        }
        for public in ["64:ff9b::808:808", "2002:808:808::1", "::8.8.8.8", "2606:4700::1111"] {
            assert!(!is_internal(public.parse().unwrap_or(IpAddr::from([127, 0, 0, 1]))), "{public}");
        }
        assert!(check_literal("http://[64:ff9b::7f00:1]:8080/hook", false).is_err());
        assert!(check_literal("http://[2002:7f00:1::1]/hook", false).is_err());
        assert!(check_literal("http://[::7f00:1]/hook", false).is_err());
    }

    #[test]
    fn timed_signatures_sign_the_timestamp_and_the_body() {
        // HMAC-SHA256("k", "1700000000.{}"), computed independently with Python's hmac module.
        let one = timed_signature(&["k"], 1_700_000_000, "{}");
        assert_eq!(one, "t=1700000000,v1=c6ef4734033cee2367414a0939385eca0397754aa7a59716da7463a9298b5146");
        let two = timed_signature(&["k", "old"], 1_700_000_000, "{}");
        assert!(two.starts_with(&one) && two.matches("v1=").count() == 2, "{two}");
        assert_ne!(timed_signature(&["k"], 1_700_000_001, "{}"), one, "the timestamp is signed");
    }

    #[tokio::test]
    async fn the_guard_refuses_literals_and_localhost_names() {
        assert!(check_url("http://127.0.0.1:9/hook", false).await.is_err());
        assert!(check_url("http://[::1]/hook", false).await.is_err());
        assert!(check_url("http://169.254.169.254/latest/meta-data", false).await.is_err());
        assert!(check_url("http://localhost:9/hook", false).await.is_err());
        assert!(check_url("ftp://example.com/", false).await.is_err());
        assert!(check_url("http://127.0.0.1:9/hook", true).await.is_ok());
        assert!(check_literal("http://10.0.0.1/", false).is_err());
        assert!(check_literal("http://10.0.0.1/", true).is_ok());
    }

    #[test]
    fn body_and_signature() {
        let p = Payload {
            id: 1,
            org_id: "o".into(),
            entity_id: "e".into(),
            statement_id: "s".into(),
            link_id: None,
            progress: "failed".into(),
            reason: "r".into(),
            created_at: 0,
            state: "pending".into(),
            attempts: 1,
        };
        let b = body(&p);
        assert_eq!(b, r#"{"entity_id":"e","statement_id":"s","link_id":null,"progress":"failed","reason":"r"}"#);
        // RFC 4231 case 2 through the header format: key "Jefe".
        assert_eq!(
            signature("Jefe", "what do ya want for nothing?"),
            "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        // 1970-01-01 00:00:00 UTC is 05:30 in India.
        assert_eq!(date_time(0), "1970-01-01 05:30:00");
    }
}
