//! `bankscope-server`: serve, or manage organisations (`org create|list|rotate-key|revoke`).

use bankscope_server::config::{self, Command};

fn main() -> std::process::ExitCode {
    init_logs();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = match config::parse(&args, |k| std::env::var(k).ok()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}\n\n{}", config::USAGE);
            return std::process::ExitCode::from(2);
        }
    };
    let result = match command {
        Command::Help => {
            print!("{}", config::USAGE);
            Ok(())
        }
        Command::OrgCreate { config, name, expires } => {
            let expires_at = expires.and_then(|d| d.and_hms_opt(0, 0, 0)).map(|t| t.and_utc().timestamp());
            bankscope_server::create_org(&config, &name, expires_at).map(|(id, key, hash)| {
                println!("organisation: {name} ({id})");
                println!("api key:      {key}");
                println!("server hash:  {hash}");
                println!("(shown once; only their SHA-256 digests are stored)");
            })
        }
        Command::OrgList { config } => bankscope_server::list_orgs(&config).map(|orgs| {
            let now = bankscope_server::store::now();
            println!("{:<36}  {:<24}  {:<13}  {:<8}  plan ends", "id", "name", "key", "state");
            for o in orgs {
                let ends = o
                    .plan_expires_at
                    .and_then(|t| chrono::DateTime::from_timestamp(t, 0))
                    .map_or("-".to_string(), |d| d.format("%Y-%m-%d").to_string());
                let key = o.key_prefix.as_deref().map_or("-".to_string(), |p| format!("{p}…"));
                println!("{:<36}  {:<24}  {:<13}  {:<8}  {ends}", o.id, o.name, key, o.state(now));
            }
        }),
        Command::OrgRotateKey { config, org } => bankscope_server::rotate_org_key(&config, &org).map(|(o, key)| {
            println!("organisation: {} ({})", o.name, o.id);
            println!("api key:      {key}");
            println!("(shown once; the previous key no longer works; the server hash is unchanged)");
        }),
        Command::OrgRevoke { config, org } => bankscope_server::revoke_org(&config, &org).map(|o| {
            println!("organisation: {} ({}) revoked", o.name, o.id);
        }),
        Command::Serve(config) => serve(config),
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Logs to stderr, filtered by `RUST_LOG` (`info` by default; `target=level`
/// pairs and a default level, e.g. `warn,bankscope_server=debug`). JSON lines
/// unless stderr is a terminal or `BANKSCOPE_LOG_FORMAT=text`; colours only on
/// a terminal.
fn init_logs() {
    use std::io::IsTerminal;
    use tracing_subscriber::filter::Targets;
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    let filter: Targets = std::env::var("RUST_LOG")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| Targets::new().with_default(tracing::Level::INFO));
    let terminal = std::io::stderr().is_terminal();
    let json = match std::env::var("BANKSCOPE_LOG_FORMAT").as_deref() {
        Ok("json") => true,
        Ok("text") => false,
        _ => !terminal,
    };
    let registry = tracing_subscriber::registry().with(filter);
    if json {
        let layer = tracing_subscriber::fmt::layer().json().with_writer(std::io::stderr).with_ansi(false);
        registry.with(layer).init();
    } else {
        let layer =
            tracing_subscriber::fmt::layer().with_target(false).with_writer(std::io::stderr).with_ansi(terminal);
        registry.with(layer).init();
    }
}

fn serve(config: config::Config) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async {
        let running = bankscope_server::start(config).await?;
        println!("listening on {}", running.public_url);
        let stop = running.stopper();
        tokio::spawn(async move {
            shutdown_signal().await;
            tracing::info!("shutting down");
            let _ = stop.send(true);
        });
        running.wait().await
    })
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = term => {}
    }
}
