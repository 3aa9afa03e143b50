//! Prints, for each PDF given, the metadata and accounting fraud findings the
//! whole read raises (one JSON line each: file, types, reasons, metadata
//! score): for measuring tampered and clean corpora without a test per file.
//! A truth JSON beside the PDF with a `password` supplies it.
//!
//!     cargo run -q -p bankscope --example fraud_dump -- A.pdf B.pdf ...

use bankscope::model::{Entity, Metadata};
use bankscope::taxonomy::FraudCategory;

fn password(path: &std::path::Path) -> Option<String> {
    let truth = path.with_extension("truth.json");
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(truth).ok()?).ok()?;
    v["password"].as_str().filter(|p| !p.is_empty()).map(str::to_string)
}

fn main() {
    for path in std::env::args().skip(1) {
        let p = std::path::Path::new(&path);
        let Ok(bytes) = std::fs::read(p) else { continue };
        let mut e = Entity::new(None, Metadata::default());
        let options = bankscope::ReadOptions { password: password(p), ..bankscope::ReadOptions::default() };
        let line = match e.add_pdf(&bytes, &options) {
            Ok(_) => {
                let altered: Vec<_> = e
                    .fraud_findings()
                    .into_iter()
                    .filter(|f| matches!(f.finding.category(), FraudCategory::Metadata | FraudCategory::Accounting))
                    .collect();
                let mut types: Vec<String> = altered.iter().map(|f| f.finding.fraud_type.to_string()).collect();
                types.sort();
                types.dedup();
                let score = e.statements.first().and_then(|s| {
                    s.forensics.as_ref().map(|d| bankscope::analysis::fraud::metadata::score(d, &s.bank))
                });
                serde_json::json!({
                    "file": path,
                    "types": types,
                    "score": score,
                    "rows": e.statements.first().map(|s| s.transactions.len()),
                    "reasons": altered.iter().map(|f| format!("{}: {}", f.finding.fraud_type, f.finding.reason)).collect::<Vec<_>>(),
                })
            }
            Err(err) => serde_json::json!({ "file": path, "error": err.to_string() }),
        };
        println!("{line}");
    }
}
