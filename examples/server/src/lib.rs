//! bankscope-server: the reference statement-analysis service over the
//! bankscope core.
//!
//! The server only translates: HTTP and storage in, core calls out. Uploads
//! are stored (bytes in the database) before processing; a worker pool runs
//! the stages off the request path; reads rebuild the core `Entity` from the
//! stored statements (or answer from a cache checked against them).
//! Authenticated requests are rate limited per organisation. See `README.md`
//! for running it.

pub mod client;
pub mod config;
pub mod crypto;
pub mod form;
pub mod metrics;
pub mod openapi;
pub mod pg;
pub mod ratelimit;
pub mod read;
pub mod retention;
pub mod routes;
pub mod session;
pub mod state;
pub mod store;
pub mod tls;
pub mod webhook;
pub mod worker;

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::sync::watch;

pub use config::Config;

/// Upload bodies read at once before their credentials are known (a file sent
/// before its session_id and token): at most this many times the body limit.
pub const PREAUTH_BODIES: usize = 2;

/// A running server.
#[derive(Debug)]
pub struct Running {
    /// The bound address (useful with port 0).
    pub addr: SocketAddr,
    /// The base URL links are written with.
    pub public_url: String,
    stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Running {
    /// Stops accepting, lets in-flight requests and stages finish, and waits.
    pub async fn shutdown(self) -> std::io::Result<()> {
        let _ = self.stop.send(true);
        self.task.await.map_err(std::io::Error::other)?
    }

    /// Waits until the server ends (after a shutdown signal).
    pub async fn wait(self) -> std::io::Result<()> {
        self.task.await.map_err(std::io::Error::other)?
    }

    /// A handle that stops the server.
    pub fn stopper(&self) -> watch::Sender<bool> {
        self.stop.clone()
    }
}

fn io(e: impl std::fmt::Display) -> std::io::Error {
    std::io::Error::other(e.to_string())
}

/// Opens the store, resumes unfinished jobs, binds and serves.
pub async fn start(config: Config) -> std::io::Result<Running> {
    // Store calls block (the PostgreSQL client runs its own runtime): off the async threads.
    let c = config.clone();
    let configured = state::configured_keys(&config)?;
    let (store, resumed, secret) = tokio::task::spawn_blocking(move || -> store::StoreResult<_> {
        let store = store::open(&c)?;
        let backoff = i64::try_from(c.job_backoff.as_millis()).unwrap_or(i64::MAX);
        let resumed = store.requeue_running(backoff)?;
        let secret = store.secret()?;
        Ok((store, resumed, secret))
    })
    .await
    .map_err(io)?
    .map_err(io)?;
    if resumed > 0 {
        tracing::info!(jobs = resumed, "resuming unfinished jobs");
    }
    let tcp = TcpListener::bind(config.listen).await?;
    let addr = tcp.local_addr()?;
    let scheme = if config.plain_http { "http" } else { "https" };
    let public_url =
        config.public_url.clone().unwrap_or_else(|| format!("{scheme}://{addr}")).trim_end_matches('/').to_string();
    let client_url =
        config.client_url.clone().unwrap_or_else(|| format!("{public_url}/client")).trim_end_matches('/').to_string();
    let verify_keys = configured.unwrap_or_else(|| vec![secret]);
    let state = Arc::new(state::Shared {
        store,
        secret: verify_keys.first().cloned().unwrap_or_default(),
        verify_keys,
        public_url: public_url.clone(),
        client_url,
        wake: tokio::sync::Notify::new(),
        waiters: std::sync::Mutex::new(Default::default()),
        max_body_bytes: config.max_body_bytes,
        identity_wait: config.identity_wait,
        webhooks: webhook::Settings::from_config(&config),
        webhook_wake: tokio::sync::Notify::new(),
        limiter: ratelimit::Limiter::new(config.rate_limit, config.rate_burst),
        session_limiter: ratelimit::Limiter::new(config.session_rate_limit, config.session_rate_burst),
        preauth: Arc::new(tokio::sync::Semaphore::new(PREAUTH_BODIES)),
        keep_pdfs: config.keep_pdfs,
        job_attempts: config.job_attempts.max(1),
        job_backoff: config.job_backoff,
        stage_timeout: config.stage_timeout,
        read_cache: read::ReadCache::default(),
    });
    let (stop, stop_rx) = watch::channel(false);
    let mut workers = worker::spawn(state.clone(), config.workers, stop_rx.clone());
    workers.push(webhook::spawn(state.clone(), stop_rx.clone()));
    if config.retention_days > 0 {
        workers.push(retention::spawn(state.clone(), config.retention_days, config.retention_sweep, stop_rx.clone()));
    }
    let app = routes::router(state, config.max_body_bytes, config.request_timeout);
    let mut shutdown_rx = stop_rx;
    let shutdown = async move {
        let _ = shutdown_rx.wait_for(|s| *s).await;
    };
    let tls = if config.plain_http {
        None
    } else {
        Some(tls::server_config(config.cert.as_deref(), config.key.as_deref(), &config.data_dir)?)
    };
    tracing::info!(%addr, tls = tls.is_some(), workers = config.workers, rate_limit = config.rate_limit, "serving");
    let task = tokio::spawn(async move {
        let served = match tls {
            Some(tls) => {
                let listener = tls::TlsListener::new(tcp, tls)?;
                axum::serve(listener, app).with_graceful_shutdown(shutdown).await
            }
            None => {
                use axum::serve::ListenerExt;
                // As the TLS listener: no Nagle delay on responses.
                let tcp = tcp.tap_io(|s| {
                    if let Err(e) = s.set_nodelay(true) {
                        tracing::debug!(error = %e, "TCP_NODELAY");
                    }
                });
                axum::serve(tcp, app).with_graceful_shutdown(shutdown).await
            }
        };
        for w in workers {
            let _ = w.await;
        }
        tracing::info!("stopped");
        served
    });
    Ok(Running { addr, public_url, stop, task })
}

/// Creates an organisation (blocking; PostgreSQL when configured); returns `(org_id, api_key, server_hash)`. Only
/// digests are stored: the key and hash are shown this once.
pub fn create_org(
    config: &Config,
    name: &str,
    plan_expires_at: Option<i64>,
) -> std::io::Result<(String, String, String)> {
    let store = store::open(config).map_err(io)?;
    let key = fresh_key()?;
    let hash = crypto::hex(&crypto::random_bytes(32)?);
    let id = store
        .create_org(name, &crypto::sha256(key.as_bytes()), &crypto::sha256(hash.as_bytes()), plan_expires_at)
        .map_err(io)?;
    store.set_org_key(&id, &crypto::sha256(key.as_bytes()), key_prefix(&key)).map_err(io)?;
    Ok((id, key, hash))
}

/// A fresh API key: `bsk_` and 64 hex digits.
fn fresh_key() -> std::io::Result<String> {
    Ok(format!("bsk_{}", crypto::hex(&crypto::random_bytes(32)?)))
}

/// The part of an API key `org list` shows: `bsk_` and 8 hex digits (32 bits,
/// enough to tell keys apart, far too little to guess the other 224).
pub fn key_prefix(key: &str) -> &str {
    key.get(..12).unwrap_or(key)
}

/// Every organisation (blocking), oldest first.
pub fn list_orgs(config: &Config) -> std::io::Result<Vec<store::OrgSummary>> {
    store::open(config).map_err(io)?.list_orgs().map_err(io)
}

/// The organisation `which` names: its id, or a name only one organisation has.
fn find_org(store: &dyn store::Store, which: &str) -> std::io::Result<store::OrgSummary> {
    let all = store.list_orgs().map_err(io)?;
    if let Some(o) = all.iter().find(|o| o.id == which) {
        return Ok(o.clone());
    }
    let named: Vec<_> = all.into_iter().filter(|o| o.name == which).collect();
    match named.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(io(format!("no organisation {which:?} (give its id or name; see `org list`)"))),
        _ => Err(io(format!("{} organisations are named {which:?}: give the id (see `org list`)", named.len()))),
    }
}

/// Gives organisation `which` (id or unique name) a new API key (blocking) and
/// returns `(org, new_key)`; the old key stops working at once, the server
/// hash stays. The key is shown this once: only its digest is stored.
pub fn rotate_org_key(config: &Config, which: &str) -> std::io::Result<(store::OrgSummary, String)> {
    let store = store::open(config).map_err(io)?;
    let org = find_org(store.as_ref(), which)?;
    if org.revoked_at.is_some() {
        return Err(io(format!("organisation {} ({}) is revoked", org.name, org.id)));
    }
    let key = fresh_key()?;
    if !store.set_org_key(&org.id, &crypto::sha256(key.as_bytes()), key_prefix(&key)).map_err(io)? {
        return Err(io(format!("organisation {} vanished", org.id)));
    }
    Ok((org, key))
}

/// Revokes organisation `which` (id or unique name; blocking): its key and
/// hash stop authenticating and its sessions' links expire now. Its data stays
/// (delete entities or let retention do it). Revoking twice keeps the first time.
pub fn revoke_org(config: &Config, which: &str) -> std::io::Result<store::OrgSummary> {
    let store = store::open(config).map_err(io)?;
    let org = find_org(store.as_ref(), which)?;
    store.revoke_org(&org.id, store::now()).map_err(io)?;
    find_org(store.as_ref(), &org.id)
}
