//! Support code for the benches in `benches/`: a generator of realistic
//! multi-page statement PDFs ([`statement::statement_pdf`]), so the 50- and
//! 200-page inputs are made at bench time instead of committed.
//!
//! `cargo bench -p bankscope-benches` runs the criterion benches;
//! `benches/compare` times the bankscope CLI against poppler, PyMuPDF and
//! pdfplumber on the same files and writes `benches/RESULTS.md`;
//! `cargo run -p bankscope-benches --release --bin gen-statement -- 50 out.pdf`
//! writes a generated statement to a file, and `pipeline-run FILE.pdf` runs the
//! whole pipeline on one file (for profiling, see `benches/PROFILING.md`).

pub mod statement;

pub use statement::{GeneratedStatement, statement_pdf};

/// The seed every bench and the compare script use, so they measure the same bytes.
pub const SEED: u64 = 2024;
