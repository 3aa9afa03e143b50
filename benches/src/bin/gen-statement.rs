//! `gen-statement PAGES OUT.pdf [SEED]`: writes a generated statement PDF and
//! prints `pages transactions bytes` on stdout (for `benches/compare`).

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(pages), Some(out)) = (args.first().and_then(|p| p.parse::<usize>().ok()), args.get(1)) else {
        eprintln!("usage: gen-statement PAGES OUT.pdf [SEED]");
        return ExitCode::from(2);
    };
    let seed = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(bankscope_benches::SEED);
    let st = match bankscope_benches::statement_pdf(pages, seed) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("gen-statement: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = std::fs::write(out, &st.pdf) {
        eprintln!("gen-statement: {out}: {e}");
        return ExitCode::FAILURE;
    }
    println!("{} {} {}", st.pages, st.transactions, st.pdf.len());
    ExitCode::SUCCESS
}
