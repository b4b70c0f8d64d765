//! A received message as bytes, read with a bound.
//!
//! The MTA may hand over anything, 50 MB included. [`RawMail::read`]
//! keeps at most the size limit in memory, reads (and so drains) the rest
//! without keeping it, and digests the body as it goes, so even a message
//! over the limit is recognised when the MTA delivers it again
//! ([`super::fingerprint`]).

use std::io::{self, Read};

use sha2::{Digest, Sha256};

/// One received message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawMail {
    /// The first bytes of the message, at most the limit it was read with.
    pub kept: Vec<u8>,
    /// How many bytes the message had.
    pub size: u64,
    /// Where the header block ends in `kept` (the body starts after the
    /// blank line), or `kept.len()` when no blank line was kept.
    pub header_end: usize,
    /// SHA-256 of the whole body, carriage returns left out.
    pub body_digest: [u8; 32],
    /// True when the message was larger than what was kept.
    pub truncated: bool,
}

impl RawMail {
    /// Reads `input` to its end, keeping at most `limit` bytes.
    pub fn read(mut input: impl Read, limit: usize) -> io::Result<RawMail> {
        let mut kept = Vec::new();
        (&mut input).take(limit as u64).read_to_end(&mut kept)?;
        let header_end = header_end(&kept);
        let mut body = Sha256::new();
        feed(&mut body, &kept[header_end..]);
        let mut size = kept.len() as u64;
        let mut chunk = vec![0u8; 64 * 1024];
        loop {
            let n = match input.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            size += n as u64;
            feed(&mut body, &chunk[..n]);
        }
        Ok(RawMail {
            truncated: size > kept.len() as u64,
            kept,
            size,
            header_end,
            body_digest: body.finalize().into(),
        })
    }

    /// A message as it was spooled ([`super::spool`]): `kept` is the copy
    /// with its reply tokens masked, the rest as the message was read.
    pub fn spooled(kept: Vec<u8>, size: u64, truncated: bool, body_digest: [u8; 32]) -> RawMail {
        RawMail {
            header_end: header_end(&kept),
            kept,
            size,
            body_digest,
            truncated,
        }
    }

    /// A message already in memory (tests, the library API).
    pub fn from_bytes(bytes: &[u8], limit: usize) -> RawMail {
        RawMail::read(bytes, limit).expect("reading from memory cannot fail")
    }

    /// True when the message was larger than what was kept.
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// The header block as kept.
    pub fn headers(&self) -> &[u8] {
        &self.kept[..self.header_end]
    }
}

/// The body bytes with carriage returns left out, so a copy whose line
/// ends were rewritten on the way still digests the same.
fn feed(hasher: &mut Sha256, bytes: &[u8]) {
    for part in bytes.split(|&b| b == b'\r') {
        hasher.update(part);
    }
}

/// The offset just past the blank line that ends the header block.
fn header_end(bytes: &[u8]) -> usize {
    let mut start = 0;
    while start < bytes.len() {
        let end = bytes[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |i| start + i + 1);
        let line = &bytes[start..end];
        if line == b"\n" || line == b"\r\n" {
            return end;
        }
        start = end;
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_over_the_limit_is_kept_in_part_and_digested_whole() {
        let mut big = b"From: a@example.org\r\nSubject: help\r\n\r\n".to_vec();
        big.extend(std::iter::repeat_n(b'x', 100_000));
        let raw = RawMail::from_bytes(&big, 1000);
        assert_eq!((raw.kept.len(), raw.size), (1000, big.len() as u64));
        assert!(raw.is_truncated());
        assert_eq!(
            raw.headers(),
            b"From: a@example.org\r\nSubject: help\r\n\r\n"
        );
        let whole = RawMail::from_bytes(&big, big.len());
        assert!(!whole.is_truncated());
        assert_eq!(raw.body_digest, whole.body_digest);
        let mut other = big.clone();
        *other.last_mut().unwrap() = b'y';
        assert_ne!(
            RawMail::from_bytes(&other, 1000).body_digest,
            raw.body_digest
        );
    }

    #[test]
    fn line_ends_do_not_change_the_body_digest() {
        let crlf = RawMail::from_bytes(b"Subject: x\r\n\r\nline 1\r\nline 2\r\n", 100);
        let lf = RawMail::from_bytes(b"Subject: x\n\nline 1\nline 2\n", 100);
        assert_eq!(crlf.body_digest, lf.body_digest);
        assert_eq!(lf.headers(), b"Subject: x\n\n");
        let headless = RawMail::from_bytes(b"no blank line", 100);
        assert_eq!(headless.header_end, 13);
    }
}
