//! Fraud through the whole read: clean fixtures raise none; the tampered
//! files of `fixtures/tampered/`, `fixtures/tampered2/` and
//! `fixtures/tampered3/` (each made by its `generate.py`) raise what their
//! edit should.

use std::path::{Path, PathBuf};

use bankscope::analysis::fraud::metadata;
use bankscope::model::{Entity, Metadata};
use bankscope::money::Money;
use bankscope::respond::AccountFinding;
use bankscope::taxonomy::{FraudCategory, FraudType};
use bankscope::{ReadOptions, TxnType};
use lopdf::dictionary;

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

/// `fixtures/tampered/manifest.json`.
fn tampered() -> Vec<serde_json::Value> {
    let path = fixtures().join("tampered/manifest.json");
    let text = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let v: serde_json::Value = serde_json::from_slice(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    v["files"].as_array().cloned().unwrap_or_default()
}

/// The tampered file `name` read into an entity, with its manifest entry.
fn read_tampered(name: &str) -> (Entity, serde_json::Value) {
    let Some(entry) = tampered().into_iter().find(|f| f["file"] == name) else { panic!("{name} not in the manifest") };
    (entity_of(&fixtures().join("tampered").join(name), None), entry)
}

fn fraud_types(e: &Entity) -> Vec<String> {
    let mut types: Vec<String> = e.fraud().fraud_type.iter().map(|f| f.fraud_type.to_string()).collect();
    types.sort();
    types.dedup();
    types
}

#[test]
fn every_tampered_file_raises_what_its_edit_should() {
    let files = tampered();
    assert_eq!(files.len(), 4);
    for entry in files {
        let name = entry["file"].as_str().unwrap_or_default();
        let (e, _) = read_tampered(name);
        let mut expected: Vec<String> = entry["expected_fraud_types"]
            .as_array()
            .map(|a| a.iter().filter_map(|t| t.as_str().map(str::to_string)).collect())
            .unwrap_or_default();
        expected.sort();
        assert_eq!(fraud_types(&e), expected, "{name}:\n  {}", describe(&e.fraud_findings()));
        let fraud = e.fraud();
        let statement = e.statements[0].id.to_string();
        let want: Vec<String> = if expected.is_empty() { vec![] } else { vec![statement] };
        assert_eq!(fraud.fraudulent_statements, want, "{name}");
    }
}

#[test]
fn acrobat_edit_is_seen_in_the_structure() {
    let (e, _) = read_tampered("acrobat_touchup.pdf");
    let Some(d) = &e.statements[0].forensics else { panic!("a PDF keeps its digest") };
    assert_eq!((d.revisions, d.touchup_text_edit), (2, true));
    // 3 (Acrobat) + 1 (ModDate five weeks after creation) + 2 (update) + 2
    // (the update redraws page 1) + 3 (TouchUp).
    assert_eq!(d.pages_redrawn_by_update, vec![1]);
    assert_eq!(metadata::score(d, "kotak"), 11);
    // The statement itself still reads: the edit left the table alone.
    assert!(e.statements[0].balance_breaks.is_empty());
}

#[test]
fn sejda_resave_is_an_editing_tool() {
    let (e, _) = read_tampered("sejda_resave.pdf");
    let f = e.fraud_findings();
    let author: Vec<&str> = f
        .iter()
        .filter(|f| f.finding.fraud_type == FraudType::AuthorFraud)
        .map(|f| f.finding.reason.as_str())
        .collect();
    assert_eq!(author.len(), 1);
    assert!(author[0].contains("SAMBox") || author[0].contains("sejda"), "{}", author[0]);
}

#[test]
fn one_digit_edit_is_caught_at_its_row() {
    let (e, entry) = read_tampered("one_digit_edit.pdf");
    let row = &entry["row"];
    let printed = Money::parse(row["printed"].as_str().unwrap_or_default()).unwrap_or_default();
    let date = row["date"].as_str().unwrap_or_default();
    let kind = if row["type"] == "debit" { TxnType::Debit } else { TxnType::Credit };
    let s = &e.statements[0];
    // The row as the edited PDF prints it.
    let Some(edited) = s
        .transactions
        .iter()
        .find(|t| t.date.format("%Y-%m-%d %H:%M:%S").to_string() == date && t.amount == printed && t.kind == kind)
    else {
        panic!("no row of {} on {date}", printed.to_indian_string())
    };
    let fraud = e.fraud();
    assert_eq!(fraud.fraud_type.len(), 1, "one break: the walk continues from the printed balance");
    assert_eq!(fraud.fraud_type[0].transaction_hash.as_deref(), Some(edited.hash.as_str()));
    assert_eq!(fraud.fraud_type[0].fraud_category.to_string(), "accounting");
    // Metadata is the source's exactly: ReportLab is not an IDFC producer (1
    // point), nothing else.
    let Some(d) = &s.forensics else { panic!("a PDF keeps its digest") };
    assert_eq!(metadata::score(d, &s.bank), 1);
}

#[test]
fn a_password_stripping_resave_alone_raises_nothing() {
    let (e, _) = read_tampered("password_stripped.pdf");
    let s = &e.statements[0];
    let Some(d) = &s.forensics else { panic!("a PDF keeps its digest") };
    assert_eq!(d.producer.as_deref(), Some("iLovePDF"));
    assert!(!d.encrypted);
    // 1 (re-save tool) + 1 (ModDate 2025 on a file created in 2000) = 2 < 3.
    assert_eq!(metadata::score(d, &s.bank), 2);
    assert!(e.fraud_findings().is_empty(), "{}", describe(&e.fraud_findings()));
}

/// Banks sign e-statements: the signature field's widget draws "Digitally
/// signed by ..." over the page, and that is no overlay.
#[test]
fn a_digital_signature_widget_is_not_an_overlay() {
    let path = fixtures().join("html/hdfc_netbanking.pdf");
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{e}"));
    let mut doc = lopdf::Document::load_mem(&bytes).unwrap_or_else(|e| panic!("{e}"));
    let first = doc.get_pages().into_values().next().unwrap_or((0, 0));
    let field = doc.add_object(dictionary! { "FT" => "Sig", "T" => lopdf::Object::string_literal("Signature1") });
    let widget = doc.add_object(dictionary! {
        "Type" => "Annot", "Subtype" => "Widget", "Parent" => field,
        "Rect" => vec![400.into(), 60.into(), 560.into(), 100.into()],
    });
    if let Ok(page) = doc.get_dictionary_mut(first) {
        page.set("Annots", vec![lopdf::Object::Reference(widget)]);
    }
    let mut signed = Vec::new();
    doc.save_to(&mut signed).unwrap_or_else(|e| panic!("{e}"));
    let dir = std::env::temp_dir().join(format!("bankscope-sig-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let out = dir.join("signed.pdf");
    std::fs::write(&out, &signed).unwrap_or_else(|e| panic!("{e}"));
    let e = entity_of(&out, None);
    let overlays: Vec<_> =
        e.fraud_findings().into_iter().filter(|f| f.finding.fraud_type == FraudType::OverlaidText).collect();
    assert!(overlays.is_empty(), "{}", describe(&overlays));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn text_added_as_an_annotation_is_flagged() {
    // "Fill & Sign" and comment tools put new text over a statement as a
    // FreeText annotation; the page content underneath is untouched.
    let path = fixtures().join("html/hdfc_netbanking.pdf");
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{e}"));
    let mut doc = lopdf::Document::load_mem(&bytes).unwrap_or_else(|e| panic!("{e}"));
    let first = doc.get_pages().into_values().next().unwrap_or((0, 0));
    let annot = doc.add_object(dictionary! {
        "Type" => "Annot", "Subtype" => "FreeText",
        "Rect" => vec![400.into(), 600.into(), 460.into(), 612.into()],
        "Contents" => lopdf::Object::string_literal("95,000.00"),
        "DA" => lopdf::Object::string_literal("/Helv 8 Tf 0 g"),
    });
    if let Ok(page) = doc.get_dictionary_mut(first) {
        page.set("Annots", vec![lopdf::Object::Reference(annot)]);
    }
    let mut edited = Vec::new();
    doc.save_to(&mut edited).unwrap_or_else(|e| panic!("{e}"));
    let dir = std::env::temp_dir().join(format!("bankscope-annot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let out = dir.join("annotated.pdf");
    std::fs::write(&out, &edited).unwrap_or_else(|e| panic!("{e}"));
    let e = entity_of(&out, None);
    let findings = e.fraud_findings();
    assert!(
        findings
            .iter()
            .any(|f| f.finding.fraud_type == FraudType::OverlaidText && f.finding.reason.contains("FreeText")),
        "{}",
        describe(&findings)
    );
    // The original has none.
    assert!(entity_of(&path, None).fraud_findings().is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every corpus of statements generated clean (fixtures/*/ with a manifest,
/// the hand-written, re-saved, bilingual, identity, sectioned, chain-decided
/// and producer-idiom ones included; the chain-decided corpus's altered twins
/// are listed apart in its manifest): none is flagged as altered (metadata or accounting).
#[test]
fn no_clean_statement_of_any_corpus_is_flagged_as_altered() {
    let corpora = [
        "layouts",
        "html",
        "qt",
        "java",
        "php",
        "office",
        "fop",
        "jasper",
        "node",
        "pyhtml",
        "itext",
        "rawpdf",
        "resaved",
        "bilingual",
        "identity",
        "sections",
        "browserprint",
        "coreprint",
        "chainfix",
        "idioms",
        "identity2",
        "randlayout",
        "randhtml",
    ];
    // Made with the tools a forger uses, and flagged by design: a statement
    // saved from Microsoft Word, a template whose values are form fields, a
    // scan run through Acrobat's OCR (the producer names an editor).
    let by_design = [
        "idioms/sbi_print_to_pdf.pdf",
        "idioms/axis_word_tw_tc.pdf",
        "idioms/indusind_artifact_actualtext.pdf",
        "idioms/jkbank_rupee_glyph.pdf",
        "idioms/sc_acroform_fields.pdf",
        "idioms/cub_need_appearances.pdf",
        "idioms/boi_searchable_scan.pdf",
    ];
    let mut read = 0;
    let mut flagged = Vec::new();
    let mut unflagged_by_design = Vec::new();
    for corpus in corpora {
        let manifest: serde_json::Value = serde_json::from_slice(
            &std::fs::read(fixtures().join(corpus).join("manifest.json")).unwrap_or_else(|e| panic!("{corpus}: {e}")),
        )
        .unwrap_or_else(|e| panic!("{corpus}: {e}"));
        for f in manifest["files"].as_array().cloned().unwrap_or_default() {
            let pdf = fixtures().join(corpus).join(f["file"].as_str().unwrap_or_default());
            let e = entity_of(&pdf, password(&pdf));
            read += 1;
            let altered: Vec<AccountFinding> = e
                .fraud_findings()
                .into_iter()
                .filter(|f| matches!(f.finding.category(), FraudCategory::Metadata | FraudCategory::Accounting))
                .collect();
            let name = format!("{corpus}/{}", f["file"].as_str().unwrap_or_default());
            if by_design.contains(&name.as_str()) {
                if altered.is_empty() {
                    unflagged_by_design.push(name);
                }
            } else if !altered.is_empty() {
                flagged.push(format!("{}:\n  {}", pdf.display(), describe(&altered)));
            }
        }
    }
    assert!(read >= 250, "{read} statements read");
    assert!(flagged.is_empty(), "clean statements flagged as altered:\n{}", flagged.join("\n"));
    assert!(unflagged_by_design.is_empty(), "made with a forger's tools, not flagged: {unflagged_by_design:?}");
}

/// Overdraft and cash-credit accounts live below zero: a printed OD/CC
/// account type (Bank of Baroda's CASH CREDIT statements printed by Chromium
/// and by wkhtmltopdf, whose balance goes Dr), or balances below zero on most
/// days (the co-operative bank's cash-credit line-printer report), raise no
/// negative_balance.
#[test]
fn overdraft_and_cash_credit_accounts_raise_no_negative_balance() {
    for (corpus, name, printed_type) in
        [("html", "baroda_od", true), ("qt", "baroda_od", true), ("rawpdf", "tjsb_lineprinter_od", false)]
    {
        let pdf = fixtures().join(corpus).join(format!("{name}.pdf"));
        let e = entity_of(&pdf, password(&pdf));
        let s = &e.statements[0];
        assert!(s.transactions.iter().any(|t| t.balance.is_negative()), "{corpus}/{name}: goes below zero");
        if printed_type {
            assert!(s.identity.overdraft, "{corpus}/{name}: the printed account type is cash credit");
        }
        let types: Vec<FraudType> = e.fraud_findings().iter().map(|f| f.finding.fraud_type).collect();
        assert!(!types.contains(&FraudType::NegativeBalance), "{corpus}/{name}: {types:?}");
    }
}

/// `fixtures/tampered2` (made by its `generate.py`): fraudsters' edits of
/// clean fixtures of several producers. Each raises exactly the metadata and
/// accounting types its manifest expects (an empty list is an edit the PDF
/// does not reveal; see the manifest's `detectable`); a file with `with` is
/// read in one entity with that statement.
#[test]
fn tampered2_files_raise_what_the_manifest_expects() {
    let dir = fixtures().join("tampered2");
    let v: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap_or_else(|e| panic!("{e}")))
            .unwrap_or_else(|e| panic!("{e}"));
    let files = v["files"].as_array().cloned().unwrap_or_default();
    assert_eq!(files.len(), 17);
    let mut wrong = Vec::new();
    for f in files {
        let name = f["file"].as_str().unwrap_or_default();
        let mut e = entity_of(&dir.join(name), None);
        if let Some(other) = f["with"].as_str() {
            let bytes = std::fs::read(dir.join(other)).unwrap_or_else(|e| panic!("{e}"));
            e.add_pdf(&bytes, &ReadOptions::default()).unwrap_or_else(|err| panic!("{other}: {err}"));
        }
        let mut got: Vec<String> = e
            .fraud_findings()
            .iter()
            .filter(|f| matches!(f.finding.category(), FraudCategory::Metadata | FraudCategory::Accounting))
            .map(|f| f.finding.fraud_type.to_string())
            .collect();
        got.sort();
        got.dedup();
        let mut want: Vec<String> = f["expected_fraud_types"]
            .as_array()
            .map(|a| a.iter().filter_map(|t| t.as_str().map(str::to_string)).collect())
            .unwrap_or_default();
        want.sort();
        if got != want {
            wrong.push(format!("{name}: got {got:?}, want {want:?}\n  {}", describe(&e.fraud_findings())));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// `fixtures/tampered3` (made by its `generate.py`): edits made the way
/// forgers' tools write files, right-aligned in the page font's own codes, so
/// only how the file was written can show them. Each raises exactly the
/// metadata and accounting types its manifest expects (`cold_fraud_types`
/// records what the engine raised before this corpus; `detectable` says what
/// the PDF honestly shows), and at least as many files are flagged as cold.
#[test]
fn tampered3_files_raise_what_the_manifest_expects() {
    let dir = fixtures().join("tampered3");
    let v: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap_or_else(|e| panic!("{e}")))
            .unwrap_or_else(|e| panic!("{e}"));
    let files = v["files"].as_array().cloned().unwrap_or_default();
    assert_eq!(files.len(), 28);
    let list = |f: &serde_json::Value, key: &str| -> Vec<String> {
        let mut l: Vec<String> = f[key]
            .as_array()
            .map(|a| a.iter().filter_map(|t| t.as_str().map(str::to_string)).collect())
            .unwrap_or_default();
        l.sort();
        l
    };
    let (mut cold, mut now) = (0, 0);
    let mut wrong = Vec::new();
    for f in files {
        let name = f["file"].as_str().unwrap_or_default();
        let e = entity_of(&dir.join(name), None);
        let mut got: Vec<String> = e
            .fraud_findings()
            .iter()
            .filter(|f| matches!(f.finding.category(), FraudCategory::Metadata | FraudCategory::Accounting))
            .map(|f| f.finding.fraud_type.to_string())
            .collect();
        got.sort();
        got.dedup();
        cold += usize::from(!list(&f, "cold_fraud_types").is_empty());
        now += usize::from(!got.is_empty());
        let want = list(&f, "expected_fraud_types");
        if got != want {
            wrong.push(format!("{name}: got {got:?}, want {want:?}\n  {}", describe(&e.fraud_findings())));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(now >= cold, "{now} flagged, {cold} cold");
}

/// The online editor's typed figures sit in another subset of the column's
/// font: the finding names both subsets, at the first edited figure.
#[test]
fn figures_in_a_second_subset_of_the_column_font_are_flagged() {
    let e = entity_of(&fixtures().join("tampered3/a_ilovepdf_hdfc_openpdf.pdf"), None);
    let f = e.fraud_findings();
    let mixed: Vec<&str> =
        f.iter().filter(|f| f.finding.fraud_type == FraudType::MixedFonts).map(|f| f.finding.reason.as_str()).collect();
    assert!(mixed.iter().any(|r| r.contains("another subset")), "{}", describe(&f));
    // Its clean original raises nothing.
    assert!(entity_of(&fixtures().join("java/hdfc_openpdf.pdf"), None).fraud_findings().is_empty());
}
