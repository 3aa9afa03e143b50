//! Hashes, HMAC signatures and random keys.
//!
//! API keys and server hashes are stored as SHA-256 digests only; a presented
//! key is hashed and compared in constant time. Session v2 tokens and xlsx
//! links are HMAC-SHA256 over a domain-separated message with the server's
//! secret (created once, kept in the database).

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// SHA-256 of `bytes`.
pub fn sha256(bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(bytes).into()
}

/// Lowercase hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 0xf)] as char);
    }
    out
}

/// `n` random bytes from the operating system.
pub fn random_bytes(n: usize) -> std::io::Result<Vec<u8>> {
    let mut buf = vec![0u8; n];
    getrandom::fill(&mut buf).map_err(|e| std::io::Error::other(format!("random bytes: {e}")))?;
    Ok(buf)
}

/// Constant-time equality of two byte strings (lengths are not secret).
pub fn ct_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && bool::from(a.ct_eq(b))
}

/// HMAC-SHA256 of `parts` joined by `\n`, as hex.
pub fn sign(secret: &[u8], parts: &[&str]) -> String {
    // new_from_slice accepts keys of any length for HMAC; the error arm is unreachable
    // but handled without a panic by signing with an empty key.
    let mut mac = match Hmac::<Sha256>::new_from_slice(secret) {
        Ok(mac) => mac,
        Err(_) => return String::new(),
    };
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            mac.update(b"\n");
        }
        mac.update(p.as_bytes());
    }
    hex(&mac.finalize().into_bytes())
}

/// Whether `signature` is [`sign`] of `parts`, compared in constant time.
pub fn verify(secret: &[u8], parts: &[&str], signature: &str) -> bool {
    let expected = sign(secret, parts);
    !expected.is_empty() && ct_eq(expected.as_bytes(), signature.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_of_abc_is_the_fips_vector() {
        // FIPS 180-2 appendix B.1.
        assert_eq!(hex(&sha256(b"abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    #[test]
    fn hmac_matches_rfc4231_case_2() {
        // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
        assert_eq!(
            sign(b"Jefe", &["what do ya want for nothing?"]),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        assert!(verify(b"Jefe", &["what do ya want for nothing?"], &sign(b"Jefe", &["what do ya want for nothing?"])));
        assert!(!verify(b"Jefe", &["what do ya want for nothing!"], &sign(b"Jefe", &["what do ya want for nothing?"])));
    }

    #[test]
    fn parts_are_separated() {
        assert_ne!(sign(b"k", &["ab", "c"]), sign(b"k", &["a", "bc"]));
    }
}
