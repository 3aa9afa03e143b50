//! Every standard security handler decrypts to the text of the unencrypted file.

#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use bankscope::pdf::{self, EncryptionKind, OpenOptions};
use bankscope::{Error, ErrorKind};

fn samples() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/samples/encryption")
}

fn words(bytes: &[u8], password: Option<&str>) -> Result<Vec<String>, Error> {
    let opts = OpenOptions { password: password.map(str::to_owned), ..OpenOptions::default() };
    let pages = pdf::extract(bytes, &opts)?;
    Ok(pages
        .iter()
        .flat_map(|p| pdf::layout_text(p).split_whitespace().map(str::to_owned).collect::<Vec<_>>())
        .collect())
}

fn read(name: &str) -> Vec<u8> {
    let path = samples().join(name);
    std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (the samples live in shared/ beside the repo)", path.display()))
}

#[test]
fn every_handler_decrypts_to_the_unencrypted_text() {
    let expected = words(&read("unencrypted.pdf"), None).unwrap();
    assert_eq!(expected, ["pdf", "encryption", "test", "password:", "asdfzxcv"]);
    let cases: &[(&str, Option<&str>, EncryptionKind)] = &[
        ("r2-empty-password.pdf", None, EncryptionKind::Rc4_40),
        ("r2-owner-password.pdf", None, EncryptionKind::Rc4_40),
        ("r2-user-password.pdf", Some("asdfzxcv"), EncryptionKind::Rc4_40),
        ("r3-empty-password.pdf", None, EncryptionKind::Rc4_128),
        ("r3-user-password.pdf", Some("asdfzxcv"), EncryptionKind::Rc4_128),
        ("r4-aes-user-password.pdf", Some("asdfzxcv"), EncryptionKind::Aes128),
        ("r4-aes-v2-no-key-length.pdf", Some("asdfzxcv"), EncryptionKind::Aes128),
        ("r4-owner-password.pdf", None, EncryptionKind::Rc4_128),
        ("r4-user-password.pdf", Some("asdfzxcv"), EncryptionKind::Rc4_128),
        ("r5-empty-password.pdf", None, EncryptionKind::Aes256),
        ("r5-owner-password.pdf", None, EncryptionKind::Aes256),
        ("r5-user-password.pdf", Some("asdfzxcv"), EncryptionKind::Aes256),
        ("r6-both-passwords.pdf", Some("foo"), EncryptionKind::Aes256),
        ("r6-both-passwords.pdf", Some("bar"), EncryptionKind::Aes256),
        ("r6-empty-password.pdf", None, EncryptionKind::Aes256),
        ("r6-owner-password.pdf", None, EncryptionKind::Aes256),
        ("r6-user-password.pdf", Some("asdfzxcv"), EncryptionKind::Aes256),
    ];
    let mut files: Vec<String> = std::fs::read_dir(samples())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".pdf") && n != "unencrypted.pdf")
        .collect();
    files.sort();
    files.dedup();
    for f in &files {
        assert!(cases.iter().any(|c| c.0 == f), "{f} has no case in this test");
    }
    for (name, password, kind) in cases {
        let bytes = read(name);
        assert_eq!(words(&bytes, *password).unwrap(), expected, "{name} with {password:?}");
        let opts = OpenOptions { password: password.map(str::to_owned), ..OpenOptions::default() };
        assert_eq!(pdf::open(&bytes, &opts).unwrap().encryption(), *kind, "{name}");
    }
    let plain = pdf::open(&read("unencrypted.pdf"), &OpenOptions::default()).unwrap();
    assert_eq!(plain.encryption(), EncryptionKind::None);
}

#[test]
fn wrong_or_missing_password_is_password_incorrect() {
    for (name, password) in [
        ("r2-user-password.pdf", None),
        ("r3-user-password.pdf", Some("wrong")),
        ("r4-aes-user-password.pdf", Some("")),
        // (r5- and r6-user-password.pdf are not here: their owner password is empty, so
        // poppler, qpdf and we open it with any password.)
        ("r6-both-passwords.pdf", None),
        ("r6-both-passwords.pdf", Some("asdfzxcv")),
    ] {
        let opts = OpenOptions { password: password.map(str::to_owned), ..OpenOptions::default() };
        let err = pdf::open(&read(name), &opts).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::PasswordIncorrect, "{name} with {password:?}: {err}");
    }
}

#[test]
fn options_debug_hides_the_password() {
    let opts = OpenOptions::with_password("s3cret-pan-ABCDE1234F");
    let shown = format!("{opts:?}");
    assert!(shown.contains("***") && !shown.contains("s3cret"), "{shown}");
}
