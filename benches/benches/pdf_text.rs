//! Text extraction throughput on a 50-page statement (pages per second).
//!
//! The input is `fixtures/pdf/statement-50p.pdf` (reportlab, base-14 fonts,
//! 40 transactions a page). The target is at most 1.5 ms per page on one core.

use std::hint::black_box;
use std::path::PathBuf;

use bankscope::pdf::{self, OpenOptions};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/pdf").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn bench(c: &mut Criterion) {
    let bytes = fixture("statement-50p.pdf");
    let opts = OpenOptions::default();
    let pages = pdf::open(&bytes, &opts).map(|d| d.page_count()).unwrap_or(0) as u64;
    assert_eq!(pages, 50);

    let mut g = c.benchmark_group("pdf_text");
    g.throughput(Throughput::Elements(pages));
    g.bench_function("open+pages/statement-50p", |b| {
        b.iter(|| {
            let doc = pdf::open(black_box(&bytes), &opts).expect("opens");
            black_box(doc.pages().expect("text"))
        })
    });
    let doc = pdf::open(&bytes, &opts).expect("opens");
    g.bench_function("pages/statement-50p", |b| b.iter(|| black_box(doc.pages().expect("text"))));
    g.bench_function("open+pages+layout_text/statement-50p", |b| {
        b.iter(|| {
            let doc = pdf::open(black_box(&bytes), &opts).expect("opens");
            let pages = doc.pages().expect("text");
            black_box(pages.iter().map(pdf::layout_text).map(|t| t.len()).sum::<usize>())
        })
    });
    g.bench_function("forensics/statement-50p", |b| b.iter(|| black_box(doc.forensics().expect("record"))));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
