//! Fraud through the whole read: clean fixtures raise none; the tampered
//! files of `fixtures/tampered/` (made by its `generate.py`) raise what their
//! edit should.

use std::path::{Path, PathBuf};

use bankscope::ReadOptions;
use bankscope::model::{Entity, Metadata};
use bankscope::respond::AccountFinding;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
}

/// The password in a fixture's truth JSON (`""` and missing mean none).
fn password(pdf: &Path) -> Option<String> {
    let truth = pdf.with_extension("truth.json");
    let text = std::fs::read(&truth).unwrap_or_else(|e| panic!("{}: {e}", truth.display()));
    let v: serde_json::Value = serde_json::from_slice(&text).unwrap_or_else(|e| panic!("{}: {e}", truth.display()));
    v["password"].as_str().filter(|p| !p.is_empty()).map(str::to_string)
}

fn pdfs(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pdf"))
        .collect();
    out.sort();
    out
}

/// One entity holding `pdf`, read through `Entity::add_pdf`.
fn entity_of(pdf: &Path, password: Option<String>) -> Entity {
    let bytes = std::fs::read(pdf).unwrap_or_else(|e| panic!("{}: {e}", pdf.display()));
    let mut e = Entity::new(None, Metadata::default());
    e.add_pdf(&bytes, &ReadOptions { password, ..ReadOptions::default() })
        .unwrap_or_else(|err| panic!("{}: {err}", pdf.display()));
    e
}

fn describe(findings: &[AccountFinding]) -> String {
    findings.iter().map(|f| format!("{}: {}", f.finding.fraud_type, f.finding.reason)).collect::<Vec<_>>().join("\n  ")
}

#[test]
fn clean_fixtures_raise_no_fraud() {
    let files: Vec<PathBuf> =
        pdfs(&fixtures().join("statements")).into_iter().chain(pdfs(&fixtures().join("holdout"))).collect();
    // 50 statements + the holdout (fixtures/statements/README.md).
    assert_eq!(files.len(), 51);
    let mut dirty = Vec::new();
    for pdf in &files {
        let e = entity_of(pdf, password(pdf));
        let s = &e.statements[0];
        let Some(digest) = &s.forensics else { panic!("{}: add_pdf keeps the forensic digest", pdf.display()) };
        // The mixed-font check has something to look at: every row's amount
        // (at least) is found among the page's words, all in one font family.
        let figures: u32 = digest.table_fonts.iter().map(|f| f.figures).sum();
        assert!(figures as usize >= s.transactions.len(), "{}: {:?}", pdf.display(), digest.table_fonts);
        assert_eq!(digest.table_fonts.len(), 1, "{}: {:?}", pdf.display(), digest.table_fonts);
        let findings = e.fraud_findings();
        let fraud = e.fraud();
        assert_eq!(fraud.fraud_type.len(), findings.len());
        if !findings.is_empty() || !fraud.fraudulent_statements.is_empty() {
            dirty.push(format!("{}:\n  {}", pdf.display(), describe(&findings)));
        }
    }
    assert!(dirty.is_empty(), "clean fixtures with fraud:\n{}", dirty.join("\n"));
}
