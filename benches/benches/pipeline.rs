//! The whole statement pipeline: PDF bytes → `Entity::add_pdf` (open, text,
//! layout, extract, reconcile, enrich) → every response this build computes
//! as JSON text. Throughput in bytes (MB/s); pages per second is printed from
//! a median of timed runs before each bench, since criterion reports one
//! throughput per group.
//!
//! Inputs: a small committed fixture (`fixtures/statements/hdfc_chromium_small.pdf`,
//! 2 pages) and 50- and 200-page statements generated at bench time by
//! [`bankscope_benches::statement_pdf`]. Each input is read once first and its
//! transaction count checked against what was generated (or the fixture's
//! truth file), so a bench never measures a failed read.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use bankscope::resources::Resource;
use bankscope::{Entity, Metadata, ReadOptions};
use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main};

/// One bench input and what a correct read finds in it.
struct Input {
    name: String,
    pdf: Vec<u8>,
    pages: usize,
    transactions: usize,
}

fn small_fixture() -> Input {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/statements");
    let pdf = std::fs::read(dir.join("hdfc_chromium_small.pdf")).unwrap_or_else(|e| panic!("fixture: {e}"));
    let truth: serde_json::Value = std::fs::read(dir.join("hdfc_chromium_small.truth.json"))
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or_else(|| panic!("hdfc_chromium_small.truth.json unreadable"));
    let transactions = truth["transactions"].as_array().map_or(0, Vec::len);
    let pages = bankscope::pdf::open(&pdf, &Default::default()).map_or(0, |d| d.page_count());
    Input { name: "hdfc_chromium_small".into(), pdf, pages, transactions }
}

fn generated(pages: usize) -> Input {
    let st = bankscope_benches::statement_pdf(pages, bankscope_benches::SEED)
        .unwrap_or_else(|e| panic!("generating {pages} pages: {e}"));
    Input { name: format!("generated-{pages}p"), pdf: st.pdf, pages: st.pages, transactions: st.transactions }
}

/// The whole pipeline once; returns the bytes of JSON produced.
fn run(pdf: &[u8], resources: &[Resource]) -> usize {
    let mut entity = Entity::new(None, Metadata::default());
    entity.add_pdf(pdf, &ReadOptions::default()).unwrap_or_else(|e| panic!("add_pdf: {e}"));
    resources.iter().map(|&r| entity.response_json(r, None).map_or(0, |json| json.len())).sum()
}

/// Reads the input once, checks the read, and returns the responses this
/// build computes (the others answer "not computed by this build").
fn check(input: &Input) -> Vec<Resource> {
    let mut entity = Entity::new(None, Metadata::default());
    let summary = entity
        .add_pdf(&input.pdf, &ReadOptions::default())
        .unwrap_or_else(|e| panic!("{}: the pipeline cannot read the bench input: {e}", input.name));
    assert_eq!(summary.transactions, input.transactions, "{}: transactions read", input.name);
    assert_eq!(summary.balance_breaks, 0, "{}: the running balance must reconcile", input.name);
    Resource::ALL.iter().copied().filter(|&r| entity.response_json(r, None).is_ok()).collect()
}

/// Median wall time of `runs` whole-pipeline runs.
fn median_time(input: &Input, resources: &[Resource], runs: usize) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            black_box(run(black_box(&input.pdf), resources));
            t.elapsed()
        })
        .collect();
    times.sort();
    times.get(runs / 2).copied().unwrap_or_default()
}

fn bench(c: &mut Criterion) {
    let inputs = [small_fixture(), generated(50), generated(200)];
    let mut g = c.benchmark_group("pipeline");
    g.sampling_mode(SamplingMode::Flat);
    for input in &inputs {
        let resources = check(input);
        let median = median_time(input, &resources, 5);
        let secs = median.as_secs_f64();
        println!(
            "pipeline/{}: {} pages, {} transactions, {:.1} KiB; responses {:?}; median of 5: {:.2} ms = {:.3} ms/page, {:.0} pages/s, {:.1} MB/s",
            input.name,
            input.pages,
            input.transactions,
            input.pdf.len() as f64 / 1024.0,
            resources.iter().map(|r| r.path_suffix()).collect::<Vec<_>>(),
            secs * 1e3,
            secs * 1e3 / input.pages as f64,
            input.pages as f64 / secs,
            input.pdf.len() as f64 / secs / 1e6,
        );
        // Large inputs take tens of milliseconds a run: fewer samples keep the
        // bench under a minute on a small machine.
        if input.pages >= 50 {
            g.sample_size(10).measurement_time(Duration::from_secs(8));
        } else {
            g.sample_size(50).measurement_time(Duration::from_secs(5));
        }
        g.throughput(Throughput::Bytes(input.pdf.len() as u64));
        g.bench_with_input(BenchmarkId::new("add_pdf+responses", &input.name), input, |b, input| {
            b.iter(|| black_box(run(black_box(&input.pdf), &resources)))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
