//! Hostile input: every fixture and sample, plus thousands of truncations and
//! byte flips of them, must end in `Ok` or a typed error: never a panic, never
//! a hang.

#![allow(clippy::unwrap_used)]

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bankscope::pdf::{self, OpenOptions};
use bankscope::{ErrorKind, Limits};

/// xorshift64*: deterministic, so a failure reproduces.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn pdfs_in(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdf"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&p).unwrap()))
        .collect();
    out.sort();
    out
}

/// Run the whole reading path; `Err(message)` on a panic or an untyped outcome.
fn check(name: &str, bytes: &[u8], opts: &OpenOptions, forensics: bool) -> Result<(), String> {
    let started = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(|| {
        let doc = pdf::open(bytes, opts)?;
        let pages = doc.pages();
        if let Ok(pages) = &pages {
            for p in pages {
                let _ = pdf::layout_text(p);
            }
        }
        if forensics {
            let _ = doc.forensics()?;
        }
        pages.map(|_| ())
    }));
    let elapsed = started.elapsed();
    if elapsed > Duration::from_secs(10) {
        return Err(format!("{name}: took {elapsed:?}"));
    }
    match result {
        Err(_) => Err(format!("{name}: panicked")),
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => match e.kind() {
            // A mutation may also leave pages blank (NotAStatement) or glyphs
            // without text (UnsupportedFormat).
            ErrorKind::Malformed
            | ErrorKind::LimitExceeded
            | ErrorKind::PasswordIncorrect
            | ErrorKind::PdfIsImage
            | ErrorKind::NotAStatement
            | ErrorKind::UnsupportedFormat => Ok(()),
            other => Err(format!("{name}: unexpected error kind {other:?}: {e}")),
        },
    }
}

#[test]
fn mutations_never_panic_or_hang() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut inputs = pdfs_in(&root.join("../fixtures/pdf"));
    inputs.extend(pdfs_in(&root.join("../fixtures/pdf/hostile")));
    inputs.extend(pdfs_in(&root.join("../fixtures/samples/encryption")));
    assert!(inputs.len() >= 20, "fixtures and samples: {}", inputs.len());
    // A tight budget keeps a pathological mutant from stalling the suite.
    let opts = OpenOptions {
        password: Some("asdfzxcv".into()),
        limits: Limits { time_millis: 2_000, stream_bytes: 8 << 20, ..Limits::default() },
    };
    let mut failures = Vec::new();
    for (name, bytes) in &inputs {
        if let Err(e) = check(name, bytes, &opts, true) {
            failures.push(e);
        }
    }

    // Mutants come from the small files: the big statement has the structure of
    // the small reportlab file, and R5/R6 key derivation (hundreds of SHA-2
    // rounds) takes half a second per open in a debug build. Both were read
    // whole above.
    let small: Vec<&(String, Vec<u8>)> = inputs
        .iter()
        .filter(|(n, b)| b.len() < 60_000 && !n.contains("bomb") && !n.starts_with("r5-") && !n.starts_with("r6-"))
        .collect();
    let mut rng = Rng(0x5EED_BA5E_u64);
    let mut cases = 0;
    for round in 0..1200 {
        let (name, original) = small[round % small.len()];
        let mut bytes = original.clone();
        let kind = rng.below(4);
        match kind {
            0 => bytes.truncate(rng.below(bytes.len())),
            1 => {
                for _ in 0..1 + rng.below(8) {
                    let i = rng.below(bytes.len());
                    bytes[i] ^= 1 << rng.below(8);
                }
            }
            2 => {
                for _ in 0..1 + rng.below(32) {
                    let i = rng.below(bytes.len());
                    bytes[i] = rng.next() as u8;
                }
            }
            _ => {
                // Replace a run with digits or delimiters, the bytes PDF syntax hinges on.
                let start = rng.below(bytes.len());
                let len = rng.below(64).min(bytes.len() - start);
                let alphabet = b"0123456789 <>[]()/R\n";
                for b in &mut bytes[start..start + len] {
                    *b = alphabet[rng.below(alphabet.len())];
                }
            }
        }
        cases += 1;
        let label = format!("{name} round {round} mutation {kind}");
        if let Err(e) = check(&label, &bytes, &opts, round % 8 == 0) {
            failures.push(e);
        }
    }
    assert!(cases >= 1000);
    assert!(failures.is_empty(), "{} failures: {:#?}", failures.len(), &failures[..failures.len().min(20)]);
}
