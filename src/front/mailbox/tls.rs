//! The TLS connection to the IMAP server: rustls (already linked for
//! SMTP through lettre) with the same public roots lettre trusts, plus
//! the certificates of the setting's `?ca=PATH` for a server with a
//! self-signed certificate.
//!
//! Every read has a deadline, so that a connection the network dropped
//! without a word (a NAT's table forgetting it, a provider's silent
//! timeout) ends in an error and a reconnect instead of a wait for ever.
//! IDLE's wait is one deadline for the whole wait, not for each read: a
//! server that sends "still here" every two minutes (Dovecot) would
//! otherwise keep an IDLE from ever being renewed.

use std::io::{self, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use rustls::{ClientConfig, ClientConnection, RootCertStore, StreamOwned};

/// How long connecting, and any one read or write outside IDLE, may take.
pub const DEADLINE: Duration = Duration::from_secs(60);

/// A TLS stream to the server, ready for the `imap` crate.
#[derive(Debug)]
pub struct TlsStream {
    stream: StreamOwned<ClientConnection, TcpStream>,
    /// When the wait IDLE set ends (`None`: [`DEADLINE`] per read).
    wait_until: Option<Instant>,
}

impl TlsStream {
    /// Connects to `host:port` and starts TLS, trusting the public roots
    /// and the certificates in `ca`.
    pub fn connect(host: &str, port: u16, ca: Option<&Path>) -> Result<TlsStream, String> {
        let config = client_config(ca)?;
        let name = ServerName::try_from(host.to_string()).map_err(|e| e.to_string())?;
        let addrs = (host, port).to_socket_addrs().map_err(|e| e.to_string())?;
        let mut last = format!("no address for {host}");
        for addr in addrs {
            match TcpStream::connect_timeout(&addr, DEADLINE) {
                Ok(tcp) => {
                    tcp.set_read_timeout(Some(DEADLINE))
                        .and_then(|()| tcp.set_write_timeout(Some(DEADLINE)))
                        .map_err(|e| e.to_string())?;
                    let conn = ClientConnection::new(Arc::clone(&config), name.clone())
                        .map_err(|e| e.to_string())?;
                    let mut stream = StreamOwned::new(conn, tcp);
                    // The handshake now, so that a bad certificate is
                    // named as such and not as a failed greeting.
                    while stream.conn.is_handshaking() {
                        stream
                            .conn
                            .complete_io(&mut stream.sock)
                            .map_err(|e| format!("TLS: {e}"))?;
                    }
                    return Ok(TlsStream {
                        stream,
                        wait_until: None,
                    });
                }
                Err(e) => last = e.to_string(),
            }
        }
        Err(last)
    }
}

fn client_config(ca: Option<&Path>) -> Result<Arc<ClientConfig>, String> {
    let mut roots = RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    if let Some(path) = ca {
        let certs =
            CertificateDer::pem_file_iter(path).map_err(|e| format!("{}: {e}", path.display()))?;
        for cert in certs {
            let cert = cert.map_err(|e| format!("{}: {e}", path.display()))?;
            roots
                .add(cert)
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Arc::new(config))
}

impl Read for TlsStream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(until) = self.wait_until {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(io::ErrorKind::TimedOut.into());
            }
            self.stream.sock.set_read_timeout(Some(left))?;
        }
        self.stream.read(buf)
    }
}

impl Write for TlsStream {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.stream.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.stream.flush()
    }
}

impl imap::extensions::idle::SetReadTimeout for TlsStream {
    /// IDLE sets its wait (one deadline for all its reads), then clears
    /// it: cleared, [`DEADLINE`] applies to each read again, never none.
    fn set_read_timeout(&mut self, timeout: Option<Duration>) -> imap::Result<()> {
        self.wait_until = timeout.map(|wait| Instant::now() + wait);
        self.stream
            .sock
            .set_read_timeout(Some(timeout.unwrap_or(DEADLINE)))
            .map_err(imap::Error::Io)
    }
}
