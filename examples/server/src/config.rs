//! Server configuration: command-line flags with environment fallbacks.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Address to listen on (`BANKSCOPE_LISTEN`, default `127.0.0.1:8443`).
    pub listen: SocketAddr,
    /// Directory of the database and the development certificate
    /// (`BANKSCOPE_DATA_DIR`, default `./bankscope-data`).
    pub data_dir: PathBuf,
    /// PEM certificate chain; with `key`, replaces the development certificate.
    pub cert: Option<PathBuf>,
    /// PEM private key for `cert`.
    pub key: Option<PathBuf>,
    /// Serve plain HTTP (only behind a TLS-terminating proxy).
    pub plain_http: bool,
    /// Public base URL used in links (`BANKSCOPE_PUBLIC_URL`); defaults to
    /// `https://<listen address>`.
    pub public_url: Option<String>,
    /// Address of the hosted client that session redirect URLs point to;
    /// defaults to `<public_url>/client`.
    pub client_url: Option<String>,
    /// Processing workers (default: available cores).
    pub workers: usize,
    /// Largest request body in bytes (default 20 MiB).
    pub max_body_bytes: usize,
    /// Longest a request may take (default 30 s).
    pub request_timeout: Duration,
    /// How long an upload waits for its identity stage before answering
    /// with the statement still processing (default 20 s).
    pub identity_wait: Duration,
    /// PostgreSQL connection (`DATABASE_URL`, `--database-url`): a URL or
    /// `key=value` string; when set, replaces the SQLite file so several server
    /// processes can share one database.
    pub database_url: Option<String>,
    /// PostgreSQL: how long a claimed job stays its claimer's before another
    /// process may take it (`--job-lease-secs`, default 300; longer than any stage).
    pub job_lease: Duration,
    /// Runs of one stage of one job before it is failed (`--job-attempts`,
    /// default 3). A run that ends in an internal error, a panic, the stage
    /// watchdog, or a process that died under it counts; a statement the core
    /// refuses (wrong password, a scan, a limit) fails at once.
    pub job_attempts: u32,
    /// Wait before a stage's second run; it doubles after each further one
    /// (`--job-backoff-ms`, default 5000).
    pub job_backoff: Duration,
    /// Longest one stage may run before the watchdog fails (or retries) it
    /// (`--stage-timeout-secs`, default 120).
    pub stage_timeout: Duration,
    /// Signing keys of session tokens and report links, outside the database
    /// (env `BANKSCOPE_SIGNING_KEYS`: hex keys separated by commas or spaces;
    /// the first signs, every one verifies, so a rotation lists the new key
    /// first and keeps the old one for the overlap). Empty: `signing_key_file`.
    pub signing_keys: Vec<String>,
    /// File of signing keys, one hex key per line in the same order
    /// (`--signing-key-file`); made (0600, one fresh key) when missing. With
    /// neither, the key kept in the database signs (the old behaviour).
    pub signing_key_file: Option<PathBuf>,
    /// Keep statement PDFs after processing (`--keep-pdfs`); by default a
    /// statement's file is emptied once its last stage ends (its digest stays).
    pub keep_pdfs: bool,
    /// Delete entities (statements, PDFs, sessions, webhook payloads) this many
    /// days after creation (`--retention-days`, env `BANKSCOPE_RETENTION_DAYS`;
    /// 0, the default, keeps them).
    pub retention_days: u32,
    /// How often the retention sweep runs (default 1 hour).
    pub retention_sweep: Duration,
    /// Webhook receivers on loopback, private or link-local addresses are
    /// allowed (`--webhook-allow-private`, env `BANKSCOPE_WEBHOOK_ALLOW_PRIVATE=1`);
    /// off by default (SSRF guard).
    pub webhook_allow_private: bool,
    /// Delivery attempts per payload (default 6).
    pub webhook_attempts: u32,
    /// Wait before the second attempt; it doubles after each failure
    /// (default 2 min: 2 + 4 + 8 + 16 + 32 = 62 minutes over 6 attempts).
    pub webhook_backoff: Duration,
    /// How often the outbox is polled for due payloads (default 1 s).
    pub webhook_poll: Duration,
    /// Longest a receiver may take to answer (default 10 s).
    pub webhook_timeout: Duration,
    /// Authenticated requests a second per organisation (`--rate-limit`, env
    /// `BANKSCOPE_RATE_LIMIT`, default 50); 0 disables. In memory, per process.
    pub rate_limit: u32,
    /// Requests an organisation may make at once above the rate (`--rate-burst`,
    /// env `BANKSCOPE_RATE_BURST`, default 100).
    pub rate_burst: u32,
    /// Requests a second per session on the routes a session token authenticates
    /// (the hosted page's; `--session-rate-limit`, default 5; 0 disables); they
    /// also count against the session's organisation.
    pub session_rate_limit: u32,
    /// Burst of a session's bucket (`--session-rate-burst`, default 20).
    pub session_rate_burst: u32,
    /// Most processing jobs of one organisation running at once
    /// (`--org-job-quota`, env `BANKSCOPE_ORG_JOB_QUOTA`; default 0: no limit).
    /// Whatever it is, organisations take turns at the queue.
    pub org_job_quota: u32,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 8443)),
            data_dir: PathBuf::from("bankscope-data"),
            cert: None,
            key: None,
            plain_http: false,
            public_url: None,
            client_url: None,
            workers: std::thread::available_parallelism().map(usize::from).unwrap_or(2),
            max_body_bytes: 20 * 1024 * 1024,
            request_timeout: Duration::from_secs(30),
            identity_wait: Duration::from_secs(20),
            database_url: None,
            job_lease: Duration::from_secs(300),
            signing_keys: Vec::new(),
            signing_key_file: None,
            keep_pdfs: false,
            retention_days: 0,
            retention_sweep: Duration::from_secs(3600),
            job_attempts: 3,
            job_backoff: Duration::from_secs(5),
            stage_timeout: Duration::from_secs(120),
            webhook_allow_private: false,
            webhook_attempts: 6,
            webhook_backoff: Duration::from_secs(120),
            webhook_poll: Duration::from_secs(1),
            webhook_timeout: Duration::from_secs(10),
            rate_limit: 50,
            rate_burst: 100,
            session_rate_limit: 5,
            session_rate_burst: 20,
            org_job_quota: 0,
        }
    }
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Command {
    /// Serve.
    Serve(Config),
    /// `org create NAME [--expires YYYY-MM-DD]`.
    OrgCreate {
        /// Where the database is.
        config: Config,
        /// Organisation name.
        name: String,
        /// Plan end (exclusive), as a date.
        expires: Option<chrono::NaiveDate>,
    },
    /// `org list`: every organisation with its key prefix and state.
    OrgList {
        /// Where the database is.
        config: Config,
    },
    /// `org rotate-key ORG`: a new API key, printed once.
    OrgRotateKey {
        /// Where the database is.
        config: Config,
        /// Organisation id or name.
        org: String,
    },
    /// `org revoke ORG`: its credentials stop working.
    OrgRevoke {
        /// Where the database is.
        config: Config,
        /// Organisation id or name.
        org: String,
    },
    /// `--help`.
    Help,
}

/// Usage text.
pub const USAGE: &str = "bankscope-server: the reference statement-analysis service

USAGE:
    bankscope-server [OPTIONS]                 serve (HTTPS; a development certificate is made at first start)
    bankscope-server org create NAME [OPTIONS] [--expires YYYY-MM-DD]
                                               create an organisation; prints its API key and server hash once
    bankscope-server org list [OPTIONS]        organisations: id, name, key prefix, state (active, expired, revoked)
    bankscope-server org rotate-key ORG [OPTIONS]
                                               a new API key for ORG (id or name), printed once; the old key
                                               stops working at once, the server hash stays
    bankscope-server org revoke ORG [OPTIONS]  ORG's key and hash stop working, its session links expire
    (the org commands use the serving options' database: --data-dir, or --database-url / DATABASE_URL)

OPTIONS:
    --config FILE        a TOML file of these options (env BANKSCOPE_CONFIG): each key a long option without
                         its dashes (max-body-bytes = 1048576, keep-pdfs = true); the environment and then
                         the command line override it
    --listen ADDR        address to listen on (env BANKSCOPE_LISTEN, default 127.0.0.1:8443)
    --data-dir DIR       database and certificate directory (env BANKSCOPE_DATA_DIR, default ./bankscope-data)
    --cert FILE --key FILE   PEM certificate chain and private key instead of the development certificate
    --http               plain HTTP, only behind a TLS-terminating proxy
    --public-url URL     base URL written into links (env BANKSCOPE_PUBLIC_URL)
    --client-url URL     hosted client address for session redirect URLs (env BANKSCOPE_CLIENT_URL)
    --workers N          processing workers (default: cores)
    --database-url URL   PostgreSQL instead of SQLite (env DATABASE_URL), for several server processes
    --job-lease-secs N   PostgreSQL: seconds before another process may take a claimed job (default 300)
    --max-body-bytes N   largest upload body (default 20971520); larger is 413
    --signing-key-file FILE   signing keys of tokens and links, one hex key per line, the first signs,
                         all verify (made with one fresh key when missing); env BANKSCOPE_SIGNING_KEYS
                         (comma-separated) instead; neither: the key in the database
    --keep-pdfs          keep statement PDFs after processing (default: emptied when processing ends)
    --retention-days N   delete entities, their statements and PDFs N days after creation
                         (env BANKSCOPE_RETENTION_DAYS; default 0: keep)
    --job-attempts N     runs of one processing stage before the statement fails (default 3)
    --job-backoff-ms MS  wait before a stage runs again, doubling after each run (default 5000)
    --stage-timeout-secs N   watchdog: longest one stage may run (default 120)
    --org-job-quota N    most jobs of one organisation processed at once (env BANKSCOPE_ORG_JOB_QUOTA;
                         default 0: no limit); organisations always take turns at the queue
    --webhook-allow-private   allow webhook URLs on loopback/private/link-local addresses
                         (env BANKSCOPE_WEBHOOK_ALLOW_PRIVATE=1; off: SSRF guard)
    --webhook-attempts N      delivery attempts per payload (default 6)
    --webhook-backoff-ms MS   wait before the 2nd attempt, doubling after (default 120000)
    --webhook-poll-ms MS      outbox poll interval (default 1000)
    --rate-limit N       authenticated requests a second per organisation (env BANKSCOPE_RATE_LIMIT,
                         default 50; 0 disables); over it: 429 with Retry-After
    --session-rate-limit N   requests a second per session on the session-token routes (default 5;
                         0 disables); they count against the organisation's limit too
    --session-rate-burst N   burst of a session's bucket (default 20)
    --rate-burst N       requests an organisation may make at once (env BANKSCOPE_RATE_BURST, default 100)
";

/// Options that take no value (`true` in a config file).
const FLAGS: [&str; 3] = ["http", "keep-pdfs", "webhook-allow-private"];

/// The options of a TOML config file as command-line arguments: each key is a
/// long option without its dashes (`max-body-bytes` or `max_body_bytes`), each
/// value a string or an integer, `true`/`false` for the flags.
pub fn file_args(path: &str, text: &str) -> Result<Vec<String>, String> {
    let table: toml::Table = text.parse().map_err(|e| format!("{path}: {e}"))?;
    let mut out = Vec::new();
    for (key, value) in table {
        let name = key.replace('_', "-");
        if matches!(name.as_str(), "config" | "help" | "expires") {
            return Err(format!("{path}: {key} cannot be set in a config file"));
        }
        match (FLAGS.contains(&name.as_str()), value) {
            (true, toml::Value::Boolean(on)) => {
                if on {
                    out.push(format!("--{name}"));
                }
            }
            (false, toml::Value::String(v)) => out.extend([format!("--{name}"), v]),
            (false, toml::Value::Integer(v)) => out.extend([format!("--{name}"), v.to_string()]),
            (true, _) => return Err(format!("{path}: {key} takes true or false")),
            (false, other) => {
                return Err(format!("{path}: {key} takes a string or an integer, not {}", other.type_str()));
            }
        }
    }
    Ok(out)
}

/// Parses `args` (without the program name) with `env` as fallback and, with
/// `--config FILE` (or env `BANKSCOPE_CONFIG`), a TOML file below both:
/// command line, then environment, then the file, then the defaults.
pub fn parse(args: &[String], env: impl Fn(&str) -> Option<String>) -> Result<Command, String> {
    let read = |path: &str| std::fs::read_to_string(path).map_err(|e| format!("--config {path}: {e}"));
    parse_with(args, env, read)
}

/// [`parse`] with the config file read by `read` (tests).
pub fn parse_with(
    args: &[String],
    env: impl Fn(&str) -> Option<String>,
    read: impl Fn(&str) -> Result<String, String>,
) -> Result<Command, String> {
    let mut config = Config::default();
    let mut positional = Vec::new();
    let mut expires = None;
    let named = args.iter().position(|a| a == "--config").map(|i| args.get(i + 1).cloned());
    let file = match named {
        Some(None) => return Err("--config needs a value".into()),
        Some(Some(path)) => Some(path),
        None => env("BANKSCOPE_CONFIG").filter(|p| !p.trim().is_empty()),
    };
    if let Some(path) = file {
        let from_file = file_args(&path, &read(&path)?)?;
        apply(&mut config, &from_file, &mut positional, &mut expires).map_err(|e| format!("{path}: {e}"))?;
    }
    if let Some(v) = env("BANKSCOPE_LISTEN") {
        config.listen = v.parse().map_err(|e| format!("BANKSCOPE_LISTEN {v:?}: {e}"))?;
    }
    if let Some(v) = env("BANKSCOPE_DATA_DIR") {
        config.data_dir = PathBuf::from(v);
    }
    if let Some(v) = env("BANKSCOPE_PUBLIC_URL") {
        config.public_url = Some(v);
    }
    if let Some(v) = env("BANKSCOPE_CLIENT_URL") {
        config.client_url = Some(v);
    }
    if let Some(v) = env("DATABASE_URL").filter(|v| !v.trim().is_empty()) {
        config.database_url = Some(v);
    }
    if let Some(v) = env("BANKSCOPE_SIGNING_KEYS") {
        config.signing_keys = v.split([',', ' ', '\n']).filter(|k| !k.trim().is_empty()).map(str::to_string).collect();
    }
    if let Some(v) = env("BANKSCOPE_RETENTION_DAYS") {
        config.retention_days = v.trim().parse().map_err(|e| format!("BANKSCOPE_RETENTION_DAYS {v:?}: {e}"))?;
    }
    if let Some(v) = env("BANKSCOPE_WEBHOOK_ALLOW_PRIVATE") {
        config.webhook_allow_private = v == "1" || v == "true";
    }
    for (name, slot) in [
        ("BANKSCOPE_RATE_LIMIT", &mut config.rate_limit),
        ("BANKSCOPE_RATE_BURST", &mut config.rate_burst),
        ("BANKSCOPE_ORG_JOB_QUOTA", &mut config.org_job_quota),
    ] {
        if let Some(v) = env(name) {
            *slot = v.trim().parse().map_err(|e| format!("{name} {v:?}: {e}"))?;
        }
    }
    if apply(&mut config, args, &mut positional, &mut expires)? {
        return Ok(Command::Help);
    }
    if config.cert.is_some() != config.key.is_some() {
        return Err("--cert and --key go together".into());
    }
    match positional.as_slice() {
        [] => Ok(Command::Serve(config)),
        [org, create, name] if org == "org" && create == "create" => {
            Ok(Command::OrgCreate { config, name: name.clone(), expires })
        }
        [org, list] if org == "org" && list == "list" => Ok(Command::OrgList { config }),
        [org, rotate, which] if org == "org" && rotate == "rotate-key" => {
            Ok(Command::OrgRotateKey { config, org: which.clone() })
        }
        [org, revoke, which] if org == "org" && revoke == "revoke" => {
            Ok(Command::OrgRevoke { config, org: which.clone() })
        }
        _ => Err(format!("unexpected arguments {positional:?}")),
    }
}

/// Applies command-line style `args` to `config`; positional words and
/// `--expires` are collected. Returns whether help was asked for.
fn apply(
    config: &mut Config,
    args: &[String],
    positional: &mut Vec<String>,
    expires: &mut Option<chrono::NaiveDate>,
) -> Result<bool, String> {
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "-h" | "--help" => return Ok(true),
            "--config" => {
                value(arg)?;
            }
            "--listen" => {
                let v = value(arg)?;
                config.listen = v.parse().map_err(|e| format!("--listen {v:?}: {e}"))?;
            }
            "--data-dir" => config.data_dir = PathBuf::from(value(arg)?),
            "--cert" => config.cert = Some(PathBuf::from(value(arg)?)),
            "--key" => config.key = Some(PathBuf::from(value(arg)?)),
            "--http" => config.plain_http = true,
            "--public-url" => config.public_url = Some(value(arg)?),
            "--client-url" => config.client_url = Some(value(arg)?),
            "--workers" => {
                let v = value(arg)?;
                config.workers = v.parse().ok().filter(|n| *n > 0).ok_or_else(|| format!("--workers {v:?}"))?;
            }
            "--webhook-allow-private" => config.webhook_allow_private = true,
            "--database-url" => config.database_url = Some(value(arg)?),
            "--job-lease-secs" => {
                let v = value(arg)?;
                let secs: u64 = v.parse().ok().filter(|n| *n > 0).ok_or_else(|| format!("--job-lease-secs {v:?}"))?;
                config.job_lease = Duration::from_secs(secs);
            }
            "--max-body-bytes" => {
                let v = value(arg)?;
                config.max_body_bytes =
                    v.parse().ok().filter(|n| *n > 0).ok_or_else(|| format!("--max-body-bytes {v:?}"))?;
            }
            "--keep-pdfs" => config.keep_pdfs = true,
            "--signing-key-file" => config.signing_key_file = Some(PathBuf::from(value(arg)?)),
            "--retention-days" => {
                let v = value(arg)?;
                config.retention_days = v.parse().map_err(|e| format!("--retention-days {v:?}: {e}"))?;
            }
            "--job-attempts" => {
                let v = value(arg)?;
                config.job_attempts =
                    v.parse().ok().filter(|n| *n > 0).ok_or_else(|| format!("--job-attempts {v:?}"))?;
            }
            "--job-backoff-ms" => {
                let v = value(arg)?;
                let ms: u64 = v.parse().map_err(|e| format!("--job-backoff-ms {v:?}: {e}"))?;
                config.job_backoff = Duration::from_millis(ms);
            }
            "--stage-timeout-secs" => {
                let v = value(arg)?;
                let secs: u64 =
                    v.parse().ok().filter(|n| *n > 0).ok_or_else(|| format!("--stage-timeout-secs {v:?}"))?;
                config.stage_timeout = Duration::from_secs(secs);
            }
            "--webhook-attempts" => {
                let v = value(arg)?;
                config.webhook_attempts =
                    v.parse().ok().filter(|n| *n > 0).ok_or_else(|| format!("--webhook-attempts {v:?}"))?;
            }
            "--webhook-backoff-ms" | "--webhook-poll-ms" => {
                let v = value(arg)?;
                let ms: u64 = v.parse().ok().filter(|n| *n > 0).ok_or_else(|| format!("{arg} {v:?}"))?;
                if arg == "--webhook-backoff-ms" {
                    config.webhook_backoff = Duration::from_millis(ms);
                } else {
                    config.webhook_poll = Duration::from_millis(ms);
                }
            }
            "--org-job-quota" => {
                let v = value(arg)?;
                config.org_job_quota = v.parse().map_err(|e| format!("--org-job-quota {v:?}: {e}"))?;
            }
            "--rate-limit" => {
                let v = value(arg)?;
                config.rate_limit = v.parse().map_err(|e| format!("--rate-limit {v:?}: {e}"))?;
            }
            "--session-rate-limit" => {
                let v = value(arg)?;
                config.session_rate_limit = v.parse().map_err(|e| format!("--session-rate-limit {v:?}: {e}"))?;
            }
            "--session-rate-burst" => {
                let v = value(arg)?;
                config.session_rate_burst =
                    v.parse().ok().filter(|n| *n > 0).ok_or_else(|| format!("--session-rate-burst {v:?}"))?;
            }
            "--rate-burst" => {
                let v = value(arg)?;
                config.rate_burst = v.parse().ok().filter(|n| *n > 0).ok_or_else(|| format!("--rate-burst {v:?}"))?;
            }
            "--expires" => {
                let v = value(arg)?;
                *expires = Some(
                    chrono::NaiveDate::parse_from_str(&v, "%Y-%m-%d").map_err(|e| format!("--expires {v:?}: {e}"))?,
                );
            }
            other if other.starts_with('-') => return Err(format!("unknown option {other}")),
            other => positional.push(other.to_string()),
        }
    }
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn flags_and_env() {
        let env = |k: &str| (k == "BANKSCOPE_DATA_DIR").then(|| "/tmp/x".to_string());
        let Ok(Command::Serve(c)) = parse(&args("--listen 0.0.0.0:9000 --http --workers 3"), env) else {
            panic!("serve")
        };
        assert_eq!(c.listen.port(), 9000);
        assert!(c.plain_http);
        assert_eq!(c.workers, 3);
        assert_eq!(c.data_dir, PathBuf::from("/tmp/x"));
        let Ok(Command::OrgCreate { name, expires, .. }) =
            parse(&args("org create acme --expires 2030-01-31"), |_| None)
        else {
            panic!("org create")
        };
        assert_eq!(name, "acme");
        assert_eq!(expires, chrono::NaiveDate::from_ymd_opt(2030, 1, 31));
        assert!(matches!(parse(&args("org list --data-dir /d"), |_| None), Ok(Command::OrgList { .. })));
        let Ok(Command::OrgRotateKey { org, .. }) = parse(&args("org rotate-key acme"), |_| None) else {
            panic!("rotate-key")
        };
        assert_eq!(org, "acme");
        assert!(matches!(parse(&args("org revoke acme"), |_| None), Ok(Command::OrgRevoke { .. })));
        assert!(parse(&args("org rotate-key"), |_| None).is_err());
        assert!(parse(&args("--cert a.pem"), |_| None).is_err());
        assert!(parse(&args("--bogus"), |_| None).is_err());
        assert_eq!((c.rate_limit, c.rate_burst), (50, 100));
        let env = |k: &str| (k == "BANKSCOPE_RATE_BURST").then(|| "7".to_string());
        let Ok(Command::Serve(c)) = parse(&args("--rate-limit 0"), env) else { panic!("rate flags") };
        assert_eq!((c.rate_limit, c.rate_burst), (0, 7));
        assert!(parse(&args("--rate-burst 0"), |_| None).is_err());
    }

    #[test]
    fn a_config_file_sets_every_option_below_the_environment_and_the_command_line() {
        let file = r#"
            # bankscope-server.toml
            listen = "0.0.0.0:9443"
            data-dir = "/var/lib/bankscope"
            workers = 3
            http = true
            keep_pdfs = true
            webhook-allow-private = false
            public-url = "https://bank.example"
            max-body-bytes = 1048576
            rate-limit = 20
            rate-burst = 40
            org-job-quota = 2
            job-attempts = 5
            stage-timeout-secs = 60
            retention-days = 30
            signing-key-file = "/etc/bankscope/keys"
        "#;
        let read = |_: &str| Ok(file.to_string());
        let Ok(Command::Serve(c)) = parse_with(&args("--config /etc/b.toml"), |_| None, read) else { panic!("serve") };
        assert_eq!((c.listen.port(), c.data_dir.to_str(), c.workers), (9443, Some("/var/lib/bankscope"), 3));
        assert!(c.plain_http && c.keep_pdfs && !c.webhook_allow_private);
        assert_eq!(c.public_url.as_deref(), Some("https://bank.example"));
        assert_eq!((c.max_body_bytes, c.rate_limit, c.rate_burst, c.org_job_quota), (1_048_576, 20, 40, 2));
        assert_eq!((c.job_attempts, c.stage_timeout, c.retention_days), (5, Duration::from_secs(60), 30));
        assert_eq!(c.signing_key_file, Some(PathBuf::from("/etc/bankscope/keys")));

        // The environment overrides the file; the command line overrides both.
        let env = |k: &str| match k {
            "BANKSCOPE_RATE_LIMIT" => Some("7".to_string()),
            "BANKSCOPE_CONFIG" => Some("/from/env.toml".to_string()),
            _ => None,
        };
        let seen = std::cell::RefCell::new(String::new());
        let read = |p: &str| {
            seen.replace(p.to_string());
            Ok(file.to_string())
        };
        let Ok(Command::Serve(c)) = parse_with(&args("--workers 1 --rate-burst 9"), env, read) else { panic!("env") };
        assert_eq!(seen.borrow().as_str(), "/from/env.toml", "BANKSCOPE_CONFIG names the file");
        assert_eq!((c.workers, c.rate_limit, c.rate_burst, c.org_job_quota), (1, 7, 9, 2));

        // The org commands read the same file (their database).
        let read = |_: &str| Ok("data-dir = \"/srv/b\"".to_string());
        let Ok(Command::OrgList { config }) = parse_with(&args("org list --config f"), |_| None, read) else {
            panic!("org list")
        };
        assert_eq!(config.data_dir, PathBuf::from("/srv/b"));

        // Mistakes are refused, naming the file.
        let refused = |text: &'static str| {
            parse_with(&args("--config bad.toml"), |_| None, move |_: &str| Ok(text.to_string()))
                .err()
                .unwrap_or_default()
        };
        assert!(refused("worker = 2").contains("bad.toml: unknown option --worker"), "{}", refused("worker = 2"));
        assert!(refused("http = \"yes\"").contains("http takes true or false"));
        assert!(refused("workers = [1]").contains("workers takes a string or an integer"));
        assert!(refused("workers = 0").contains("--workers"));
        assert!(refused("config = \"x\"").contains("cannot be set in a config file"));
        assert!(refused("listen = ").contains("bad.toml"));
        assert!(parse_with(&args("--config"), |_| None, read).is_err());
    }
}
