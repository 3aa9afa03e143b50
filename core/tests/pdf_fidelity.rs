//! Our text against poppler's `pdftotext -layout`, word by word, on fixture
//! PDFs from several producers (see `fixtures/pdf/generate.py`).
//!
//! Needs `pdftotext` (Debian/Ubuntu: poppler-utils). Without it the test fails,
//! unless `BANKSCOPE_SKIP_POPPLER=1` says to skip it.

#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

use bankscope::pdf::{self, OpenOptions};

const REQUIRED: f64 = 0.995;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/pdf")
}

/// Length of the longest common subsequence of two word lists.
fn lcs(a: &[&str], b: &[&str]) -> usize {
    let mut prev = vec![0usize; b.len() + 1];
    let mut cur = vec![0usize; b.len() + 1];
    for x in a {
        for (j, y) in b.iter().enumerate() {
            cur[j + 1] = if x == y { prev[j] + 1 } else { prev[j + 1].max(cur[j]) };
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

fn poppler_pages(path: &Path) -> Vec<String> {
    let out = Command::new("pdftotext").arg("-layout").arg(path).arg("-").output().expect("pdftotext runs");
    assert!(out.status.success(), "pdftotext failed on {}", path.display());
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut pages: Vec<String> = text.split('\x0c').map(str::to_owned).collect();
    if pages.last().is_some_and(|p| p.trim().is_empty()) {
        pages.pop();
    }
    pages
}

#[test]
fn words_agree_with_pdftotext() {
    if Command::new("pdftotext").arg("-v").output().is_err() {
        if std::env::var("BANKSCOPE_SKIP_POPPLER").as_deref() == Ok("1") {
            eprintln!("pdf_fidelity: SKIPPED (pdftotext missing, BANKSCOPE_SKIP_POPPLER=1)");
            return;
        }
        panic!(
            "pdftotext (poppler-utils) is not installed: install it (apt-get install poppler-utils) \
             or set BANKSCOPE_SKIP_POPPLER=1 to skip this test"
        );
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .expect("fixtures/pdf exists")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdf"))
        // Fonts without ToUnicode, which poppler cannot read; pdf_text.rs
        // compares it with chromium.pdf instead.
        .filter(|p| !p.to_string_lossy().contains("no-tounicode"))
        .collect();
    files.sort();
    assert!(files.len() >= 6, "fixtures missing: {files:?}");
    let mut failures = Vec::new();
    println!("{:<26} {:>6} {:>8} {:>8} {:>9}", "file", "pages", "poppler", "ours", "agree");
    for path in &files {
        let bytes = std::fs::read(path).expect("fixture readable");
        let ours = pdf::extract(&bytes, &OpenOptions::default()).expect("fixture extracts");
        let theirs = poppler_pages(path);
        assert_eq!(ours.len(), theirs.len(), "{}: page count", path.display());
        let (mut common, mut n_ours, mut n_theirs) = (0usize, 0usize, 0usize);
        for (page, text) in ours.iter().zip(&theirs) {
            let mine = pdf::layout_text(page);
            let a: Vec<&str> = mine.split_whitespace().collect();
            let b: Vec<&str> = text.split_whitespace().collect();
            common += lcs(&a, &b);
            n_ours += a.len();
            n_theirs += b.len();
        }
        let agree = if n_ours + n_theirs == 0 { 1.0 } else { 2.0 * common as f64 / (n_ours + n_theirs) as f64 };
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        println!("{name:<26} {:>6} {n_theirs:>8} {n_ours:>8} {:>8.2}%", ours.len(), agree * 100.0);
        assert!(n_theirs > 100, "{name}: poppler read almost nothing");
        if agree < REQUIRED {
            failures.push(format!("{name}: {:.2}%", agree * 100.0));
        }
    }
    assert!(failures.is_empty(), "below {:.1}% word agreement: {failures:?}", REQUIRED * 100.0);
}

#[test]
fn lcs_counts_common_words() {
    assert_eq!(lcs(&["a", "b", "c", "d"], &["a", "c", "d", "e"]), 3);
    assert_eq!(lcs(&[], &["a"]), 0);
}
