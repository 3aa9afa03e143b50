//! `bankscope-server`: serve, or create an organisation.

use bankscope_server::config::{self, Command};

fn main() -> std::process::ExitCode {
    tracing_subscriber::fmt().with_target(false).init();
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
