//! TLS through rustls: a configured certificate, or a development certificate
//! generated at first start; and a listener that hands axum only connections
//! whose TLS handshake succeeded (plain HTTP to the port fails the handshake).

use std::io;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::server::TlsStream;

/// Loads the PEM chain and key, or creates `dev-cert.pem`/`dev-key.pem` in
/// `data_dir` (for localhost and 127.0.0.1) when none was configured.
pub fn server_config(cert: Option<&Path>, key: Option<&Path>, data_dir: &Path) -> io::Result<Arc<ServerConfig>> {
    let (cert_path, key_path) = match (cert, key) {
        (Some(c), Some(k)) => (c.to_path_buf(), k.to_path_buf()),
        _ => {
            let c = data_dir.join("dev-cert.pem");
            let k = data_dir.join("dev-key.pem");
            if !c.exists() || !k.exists() {
                let (cert_pem, key_pem) = dev_certificate()?;
                std::fs::create_dir_all(data_dir)?;
                std::fs::write(&c, cert_pem)?;
                write_private(&k, key_pem.as_bytes())?;
                tracing::info!(cert = %c.display(), "generated a development certificate");
            }
            (c, k)
        }
    };
    let certs: Vec<CertificateDer<'static>> =
        rustls_pemfile::certs(&mut io::BufReader::new(std::fs::File::open(&cert_path)?)).collect::<Result<_, _>>()?;
    let key: PrivateKeyDer<'static> =
        rustls_pemfile::private_key(&mut io::BufReader::new(std::fs::File::open(&key_path)?))?.ok_or_else(|| {
            io::Error::new(io::ErrorKind::InvalidData, format!("no private key in {}", key_path.display()))
        })?;
    let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
    let mut config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(io::Error::other)?
        .with_no_client_auth()
        .with_single_cert(certs, key)
        .map_err(io::Error::other)?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}

/// A self-signed certificate for `localhost` and `127.0.0.1`, as PEM (cert, key).
pub fn dev_certificate() -> io::Result<(String, String)> {
    let names = vec!["localhost".to_string(), "127.0.0.1".to_string(), "::1".to_string()];
    let certified = rcgen::generate_simple_self_signed(names).map_err(io::Error::other)?;
    Ok((certified.cert.pem(), certified.signing_key.serialize_pem()))
}

fn write_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::io::Write;
        use std::os::unix::fs::OpenOptionsExt;
        let mut f = std::fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(path)?;
        f.write_all(bytes)
    }
    #[cfg(not(unix))]
    {
        std::fs::write(path, bytes)
    }
}

/// Accepts TCP connections and completes TLS handshakes off the accept loop;
/// axum gets only finished handshakes.
#[derive(Debug)]
pub struct TlsListener {
    local: SocketAddr,
    ready: mpsc::Receiver<(TlsStream<TcpStream>, SocketAddr)>,
}

impl TlsListener {
    /// Serves TLS on `tcp` with `config`.
    pub fn new(tcp: TcpListener, config: Arc<ServerConfig>) -> io::Result<Self> {
        let local = tcp.local_addr()?;
        let acceptor = TlsAcceptor::from(config);
        let (tx, ready) = mpsc::channel(64);
        tokio::spawn(async move {
            loop {
                let (stream, peer) = match tcp.accept().await {
                    Ok(conn) => conn,
                    Err(e) => {
                        tracing::warn!(error = %e, "accept failed");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                // Responses go out whole, not held back by Nagle's algorithm until the
                // client's delayed ACK (up to 40 ms on the last segment of a large response).
                if let Err(e) = stream.set_nodelay(true) {
                    tracing::debug!(error = %e, "TCP_NODELAY");
                }
                let acceptor = acceptor.clone();
                let ready = tx.clone();
                tokio::spawn(async move {
                    match tokio::time::timeout(Duration::from_secs(10), acceptor.accept(stream)).await {
                        Ok(Ok(tls)) => {
                            let _ = ready.send((tls, peer)).await;
                        }
                        Ok(Err(e)) => tracing::debug!(%peer, error = %e, "TLS handshake failed"),
                        Err(_) => tracing::debug!(%peer, "TLS handshake timed out"),
                    }
                });
                if tx.is_closed() {
                    break;
                }
            }
        });
        Ok(TlsListener { local, ready })
    }
}

impl axum::serve::Listener for TlsListener {
    type Io = TlsStream<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        match self.ready.recv().await {
            Some(conn) => conn,
            // The accept task ended (it never does while the listener lives); wait for shutdown.
            None => std::future::pending().await,
        }
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        Ok(self.local)
    }
}
