//! HTTPS for the fake: serenity's rate limiter builds every request for `https://discord.com`
//! and ignores the proxy (serenity 0.12.5 `http/ratelimiting.rs`, `perform`), so the fake also
//! listens with TLS, presenting a test certificate for `discord.com` (see `tls/README.md`), and
//! [`client`] makes a reqwest client that resolves `discord.com` to that listener and trusts
//! only the test CA. (reqwest 0.12 / hyper-util keep a resolved address's port when the URL has
//! none, so any loopback port works.)

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::{TcpListener, TcpStream};
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls;
use tokio_rustls::server::TlsStream;

const CA: &str = include_str!("tls/ca.pem");
const CERT: &str = include_str!("tls/discord.com.pem");
const KEY: &str = include_str!("tls/discord.com.key");

/// A TCP listener that completes a TLS handshake before handing a connection to axum.
pub struct TlsListener {
    tcp: TcpListener,
    acceptor: TlsAcceptor,
}

impl TlsListener {
    pub fn new(tcp: TcpListener) -> io::Result<TlsListener> {
        use rustls::pki_types::pem::PemObject;
        use rustls::pki_types::{CertificateDer, PrivateKeyDer};
        let bad = |e: &dyn std::fmt::Display| io::Error::other(e.to_string());
        let certs = vec![
            CertificateDer::from_pem_slice(CERT.as_bytes()).map_err(|e| bad(&e))?,
            CertificateDer::from_pem_slice(CA.as_bytes()).map_err(|e| bad(&e))?,
        ];
        let key = PrivateKeyDer::from_pem_slice(KEY.as_bytes()).map_err(|e| bad(&e))?;
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let mut config = rustls::ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| bad(&e))?
            .with_no_client_auth()
            .with_single_cert(certs, key)
            .map_err(|e| bad(&e))?;
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        Ok(TlsListener {
            tcp,
            acceptor: TlsAcceptor::from(Arc::new(config)),
        })
    }
}

impl axum::serve::Listener for TlsListener {
    type Io = TlsStream<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        loop {
            let Ok((tcp, addr)) = self.tcp.accept().await else {
                tokio::time::sleep(std::time::Duration::from_millis(5)).await;
                continue;
            };
            let _ = tcp.set_nodelay(true);
            match self.acceptor.accept(tcp).await {
                Ok(tls) => return (tls, addr),
                Err(e) => tracing::warn!(error = %e, "fake Discord: TLS handshake failed"),
            }
        }
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.tcp.local_addr()
    }
}

/// A reqwest client for serenity that reaches the fake's TLS listener at `addr` for every
/// `https://discord.com` URL, trusting only the fake's test CA.
pub fn client(addr: SocketAddr) -> reqwest::Client {
    builder(addr).build().expect("a reqwest client")
}

/// The builder of [`client`], for the bot to finish with its own settings (its timeout).
pub fn builder(addr: SocketAddr) -> reqwest::ClientBuilder {
    let ca = reqwest::Certificate::from_pem(CA.as_bytes()).expect("the test CA parses");
    reqwest::Client::builder()
        .use_rustls_tls()
        .tls_built_in_root_certs(false)
        .add_root_certificate(ca)
        .resolve("discord.com", addr)
}
