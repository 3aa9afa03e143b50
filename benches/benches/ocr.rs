//! OCR of scanned statements: milliseconds per page for `read_pdf` on the
//! scans of `fixtures/scans` at 150, 200 and 300 dpi (decode, deskew, rule
//! removal, Tesseract, the numeric pass, then the usual reader). Needs the
//! `ocr` feature and Tesseract's Debian packages:
//!
//! ```sh
//! cargo bench -p bankscope-benches --features ocr --bench ocr
//! ```
//!
//! Each input is read once first and must give as many rows as its truth, so
//! the bench never measures a failed read. Throughput is in pages.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use bankscope::{ReadOptions, read_pdf};
use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};

fn ocr(c: &mut Criterion) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/scans");
    let mut group = c.benchmark_group("ocr");
    group.sampling_mode(SamplingMode::Flat).sample_size(10).measurement_time(Duration::from_secs(20));
    for name in ["hsbc_india_150dpi", "hsbc_india_200dpi", "stanchart_300dpi"] {
        let pdf = std::fs::read(dir.join(format!("{name}.pdf"))).unwrap_or_else(|e| panic!("{name}: {e}"));
        let truth: serde_json::Value = std::fs::read(dir.join(format!("{name}.truth.json")))
            .ok()
            .and_then(|b| serde_json::from_slice(&b).ok())
            .unwrap_or_else(|| panic!("{name}.truth.json unreadable"));
        let rows = truth["transactions"].as_array().map_or(0, Vec::len);
        let st = read_pdf(&pdf, &ReadOptions::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(st.transactions.len() + 2 >= rows, "{name}: {} of {rows} rows", st.transactions.len());
        let pages = st.reading.ocr.as_ref().map_or(0, |o| o.pages.len()) as u64;
        group.throughput(Throughput::Elements(pages));
        group.bench_function(name, |b| b.iter(|| read_pdf(black_box(&pdf), &ReadOptions::default())));
    }
    group.finish();
}

criterion_group!(benches, ocr);
criterion_main!(benches);
