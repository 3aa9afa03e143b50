//! `pipeline-run FILE.pdf [--password P] [--repeat N]`: the whole statement
//! pipeline in one process, as the pipeline bench runs it: `Entity::add_pdf`
//! then every response this build computes, as JSON text. Prints pages,
//! transactions, JSON bytes and the median time on stderr.
//!
//! For profiling a slow statement (`benches/PROFILING.md`) and for measuring
//! the pipeline's peak memory with `/usr/bin/time -v`.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use bankscope::resources::Resource;
use bankscope::{Entity, Metadata, ReadOptions};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mut file = None;
    let mut options = ReadOptions::default();
    let mut repeat = 1usize;
    while let Some(a) = args.next() {
        match a.as_str() {
            "--password" => options.password = args.next(),
            "--repeat" => repeat = args.next().and_then(|n| n.parse().ok()).unwrap_or(1).max(1),
            _ => file = Some(a),
        }
    }
    let Some(file) = file else {
        eprintln!("usage: pipeline-run FILE.pdf [--password P] [--repeat N]");
        return ExitCode::from(2);
    };
    let bytes = match std::fs::read(&file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("pipeline-run: {file}: {e}");
            return ExitCode::from(3);
        }
    };
    let mut times = Vec::with_capacity(repeat);
    let mut last = (0, 0);
    for _ in 0..repeat {
        let start = Instant::now();
        let mut entity = Entity::new(None, Metadata::default());
        let summary = match entity.add_pdf(&bytes, &options) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("pipeline-run: {file}: {e}");
                return ExitCode::FAILURE;
            }
        };
        // Responses this build does not compute yet answer with an error: skipped.
        let json: usize =
            Resource::ALL.iter().filter_map(|&r| entity.response_json(r, None).ok()).map(|j| j.len()).sum();
        times.push(start.elapsed());
        last = (summary.transactions, json);
    }
    times.sort();
    let median = times.get(repeat / 2).copied().unwrap_or(Duration::ZERO);
    let pages = bankscope::pdf::open(
        &bytes,
        &bankscope::pdf::OpenOptions { password: options.password.clone(), ..Default::default() },
    )
    .map_or(0, |d| d.page_count());
    eprintln!(
        "{file}: {pages} pages, {} transactions, {} bytes of JSON; median of {repeat}: {:.2} ms ({:.3} ms/page)",
        last.0,
        last.1,
        median.as_secs_f64() * 1e3,
        median.as_secs_f64() * 1e3 / pages.max(1) as f64
    );
    ExitCode::SUCCESS
}
