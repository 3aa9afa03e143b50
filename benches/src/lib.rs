//! Benches of bankscope live in `benches/`; this crate has no library code.
//!
//! `cargo bench -p bankscope-benches` runs them; `benches/text-vs-pdftotext.sh`
//! times the `bankscope text` command against poppler's `pdftotext -layout`.
