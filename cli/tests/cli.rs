//! `bankscope text` as a user runs it: output, errors and exit codes.

#![allow(clippy::unwrap_used)]

use std::path::PathBuf;
use std::process::Command;

fn bankscope(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_bankscope")).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn path(rel: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel).to_string_lossy().into_owned()
}

#[test]
fn text_prints_pages_in_reading_order() {
    let (code, out, err) = bankscope(&["text", &path("../fixtures/pdf/reportlab-base14.pdf")]);
    assert_eq!(code, 0, "{err}");
    let pages: Vec<&str> = out.split('\x0c').collect();
    assert_eq!(pages.len(), 4, "three pages, each ending in a form feed");
    let first = pages[0].lines().next().unwrap();
    assert_eq!(first.trim(), "STATEMENT OF ACCOUNT");
    assert!(pages[0].contains("IFSC: HDFC0001234"));
    let header = pages[0].lines().find(|l| l.contains("Narration")).unwrap();
    assert_eq!(
        header.split_whitespace().collect::<Vec<_>>(),
        ["Date", "Narration", "Chq/Ref", "No", "Withdrawal", "Deposit", "Balance"]
    );
    // The rotated third page reads upright too.
    assert!(pages[2].lines().any(|l| l.split_whitespace().next() == Some("Date")));
}

/// A scan prints the words OCR gave the reader (the CLI builds with OCR on by
/// default); without OCR it is refused as a scan.
#[test]
fn text_of_a_scan_is_what_ocr_read() {
    let (code, out, err) = bankscope(&["text", &path("../fixtures/scans/jupiter_300dpi.pdf")]);
    if err.contains("is a scan") {
        assert_eq!(code, 11, "{err}");
        return;
    }
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().any(|l| l.contains("Balance")), "{out}");
    assert!(out.matches("UPI").count() >= 5, "{out}");
}

#[test]
fn password_and_exit_codes() {
    let enc = path("../fixtures/samples/encryption/r4-user-password.pdf");
    let (code, out, _) = bankscope(&["text", &enc, "--password", "asdfzxcv"]);
    assert_eq!((code, out.split_whitespace().next()), (0, Some("pdf")));
    let (code, _, err) = bankscope(&["text", &enc]);
    assert_eq!(code, 10);
    assert!(err.contains("password"), "{err}");
    assert_eq!(err.lines().count(), 1, "one-line message: {err}");
    let (code, _, err) = bankscope(&["text", &path("Cargo.toml")]);
    assert_eq!(code, 13, "{err}");
    let (code, _, _) = bankscope(&["text", &path("no-such.pdf")]);
    assert_eq!(code, 3);
    let (code, _, err) = bankscope(&["text"]);
    assert_eq!(code, 2);
    assert!(err.contains("usage"));
    let (code, _, _) = bankscope(&["frobnicate"]);
    assert_eq!(code, 2);
}
