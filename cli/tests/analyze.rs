//! `bankscope analyze` as a user runs it: the built binary on fixtures, its
//! summary, the JSON files it writes, and one exit code per error kind.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

struct Run {
    code: i32,
    out: String,
    err: String,
}

fn bankscope(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_bankscope"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run bankscope: {e}"));
    Run {
        code: out.status.code().unwrap_or(-1),
        out: String::from_utf8_lossy(&out.stdout).into_owned(),
        err: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn repo(rel: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join(rel).to_string_lossy().into_owned()
}

/// A fresh, empty scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("analyze").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

fn json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn truth(rel: &str) -> Value {
    json(Path::new(&repo(rel)))
}

fn s(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

/// A one-page PDF: Helvetica text `(x, y from the top, text)` and, when
/// `image`, a 2x2 grey image drawn over the page.
fn pdf(lines: &[(f32, f32, &str)], image: bool) -> Vec<u8> {
    let mut content = String::new();
    for (x, y, text) in lines {
        content.push_str(&format!("BT /F1 9 Tf 1 0 0 1 {x} {} Tm ({text}) Tj ET\n", 842.0 - y));
    }
    if image {
        content.push_str("q 500 0 0 700 40 70 cm /Im1 Do Q\n");
    }
    let objects: Vec<Vec<u8>> = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 5 0 R \
          /Resources << /Font << /F1 4 0 R >> /XObject << /Im1 6 0 R >> >> >>"
            .to_vec(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".to_vec(),
        format!("<< /Length {} >>\nstream\n{content}endstream", content.len()).into_bytes(),
        [
            &b"<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray \
               /BitsPerComponent 8 /Length 4 >>\nstream\n"[..],
            &[0x00, 0xff, 0xff, 0x00],
            b"\nendstream",
        ]
        .concat(),
    ];
    let mut out = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, o) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n", i + 1).as_bytes());
        out.extend_from_slice(o);
        out.extend_from_slice(b"\nendobj\n");
    }
    let xref = out.len();
    out.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for off in offsets {
        out.extend_from_slice(format!("{off:010} 00000 n \n").as_bytes());
    }
    let trailer = format!("trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n", objects.len() + 1);
    out.extend_from_slice(trailer.as_bytes());
    out
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    s(&path)
}

/// The files `analyze` wrote into one output directory.
fn written(dir: &Path) -> HashSet<String> {
    std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default()
}

#[test]
fn an_encrypted_statement_with_its_password_writes_the_json() {
    let t = truth("fixtures/statements/sbi_fpdf2_encrypted.truth.json");
    let password = t["password"].as_str().unwrap_or_default();
    let out = scratch("encrypted");
    let r = bankscope(&[
        "analyze",
        &repo("fixtures/statements/sbi_fpdf2_encrypted.pdf"),
        "--password",
        password,
        "--out",
        &s(&out),
    ]);
    assert_eq!(r.code, 0, "{}", r.err);
    let dir = out.join("sbi_fpdf2_encrypted");
    let files = written(&dir);
    for f in ["accounts.json", "identity.json", "transactions.json"] {
        assert!(files.contains(f), "{f} in {files:?}");
    }
    assert!(!files.contains("xlsx_report.json"), "xlsx is a workbook, not an endpoint file");
    // The report is a workbook (a zip), the other files are JSON of the
    // endpoint they are named after.
    let report = std::fs::read(dir.join("report.xlsx")).unwrap_or_default();
    assert!(report.starts_with(b"PK\x03\x04"), "report.xlsx is an xlsx (zip) file");
    assert!(!files.iter().any(|f| f.starts_with("report-")), "one account: one workbook");
    for f in files.iter().filter(|f| *f != "report.xlsx") {
        let v = json(&dir.join(f));
        assert!(v["entity_id"].is_string(), "{f} is a response");
    }
    let txns = json(&dir.join("transactions.json"));
    let want = t["transactions"].as_array().map(Vec::len);
    assert_eq!(txns["transactions"].as_array().map(Vec::len), want);
    assert_eq!(want, Some(150));
    let identity = json(&dir.join("identity.json"));
    assert_eq!(identity["identity"][0]["name"], t["identity"]["name"]);
    assert_eq!(identity["identity"][0]["account_number"], t["identity"]["account_number"]);
    // Pretty printing keeps the interface's two decimals.
    let text = std::fs::read_to_string(dir.join("transactions.json")).unwrap_or_default();
    let amounts: Vec<&str> = text.lines().filter_map(|l| l.trim().strip_prefix("\"amount\": ")).collect();
    assert_eq!(amounts.len(), 150);
    for a in amounts {
        let decimals = a.trim_end_matches(',').split_once('.').map(|(_, d)| d.len());
        assert_eq!(decimals, Some(2), "amount {a}");
    }

    // The summary: opening 120344.61 and closing 1370968.50 in lakh grouping.
    assert!(r.out.contains("ARJUN MANOJ DAS"), "{}", r.out);
    assert!(r.out.contains("31208104530"));
    assert!(r.out.contains("01 Jan 2025 to 31 May 2025"));
    assert!(r.out.contains("₹1,20,344.61") && r.out.contains("₹13,70,968.50"), "{}", r.out);
    assert!(r.out.contains("reconciliation ok"));
    assert!(r.out.contains("fraud          none found"));
}

#[test]
fn a_wrong_or_missing_password_has_its_code_and_message() {
    let out = scratch("password");
    let file = repo("fixtures/statements/sbi_fpdf2_encrypted.pdf");
    let r = bankscope(&["analyze", &file, "--password", "000000", "-o", &s(&out)]);
    assert_eq!(r.code, 10, "{}", r.err);
    assert_eq!(r.err.lines().count(), 1, "one line: {}", r.err);
    assert!(r.err.contains("wrong password for") && r.err.contains("sbi_fpdf2_encrypted.pdf"), "{}", r.err);
    assert!(written(&out).is_empty(), "nothing written for a file that failed");
    let r = bankscope(&["analyze", &file, "-o", &s(&out)]);
    assert_eq!(r.code, 10);
    assert!(r.err.contains("password protected — pass --password"), "{}", r.err);
    // Several passwords are tried in order.
    let t = truth("fixtures/statements/sbi_fpdf2_encrypted.truth.json");
    let right = t["password"].as_str().unwrap_or_default();
    let r = bankscope(&["analyze", &file, "-p", "000000", "-p", right, "-o", &s(&out)]);
    assert_eq!(r.code, 0, "{}", r.err);
}

#[test]
fn every_error_kind_has_its_own_code() {
    let dir = scratch("errors");
    let out = dir.join("out");
    let garbage: Vec<u8> = (0u32..4096).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    let unknown_bank = [
        (40.0, 40.0, "FRIENDLY COOPERATIVE SOCIETY"),
        (40.0, 90.0, "MEENA RAO"),
        (300.0, 90.0, "Account No : 001234567890"),
        (40.0, 160.0, "Date"),
        (100.0, 160.0, "Particulars"),
        (380.0, 160.0, "Amount"),
        (480.0, 160.0, "Balance"),
        (40.0, 188.0, "02/04/2025"),
        (100.0, 188.0, "SALARY APRIL"),
        (380.0, 188.0, "5,000.00"),
        (480.0, 188.0, "6,000.00"),
    ];
    let no_table = [
        (40.0, 40.0, "HDFC BANK"),
        (40.0, 60.0, "Statement of Account"),
        (40.0, 80.0, "Account No : 50100123456789"),
        (40.0, 92.0, "IFSC : HDFC0001234"),
    ];
    let cases: Vec<(&str, Vec<String>, i32, &str)> = vec![
        ("garbage", vec![write(&dir, "garbage.pdf", &garbage)], 13, "cannot be read"),
        // Without OCR "is a scan"; with it (the default) "scanned page 1 cannot be read".
        ("scan", vec![write(&dir, "scan.pdf", &pdf(&[], true))], 11, "scan"),
        ("not a statement", vec![repo("fixtures/samples/encryption/unencrypted.pdf")], 14, "is not a bank statement"),
        ("no table", vec![write(&dir, "no-table.pdf", &pdf(&no_table, false))], 15, "layout not supported"),
        (
            "mismatch",
            vec![repo("fixtures/statements/sbi_fpdf2.pdf"), "--bank".into(), "hdfc".into()],
            16,
            "is from bank sbi, not hdfc",
        ),
        ("limit", vec![repo("fixtures/pdf/hostile/bomb-1gib.pdf")], 12, "past a limit"),
        (
            "unknown bank",
            vec![repo("fixtures/statements/sbi_fpdf2.pdf"), "--bank".into(), "no such bank".into()],
            18,
            "give --bank as an id",
        ),
        ("missing file", vec![s(&dir.join("absent.pdf"))], 3, "cannot read"),
        ("no file", vec![], 2, "missing FILE"),
        ("unknown option", vec!["--frobnicate".into(), "x.pdf".into()], 2, "unknown option"),
    ];
    for (what, args, code, message) in cases {
        let mut argv: Vec<&str> = vec!["analyze", "-o"];
        let out = s(&out);
        argv.push(&out);
        argv.extend(args.iter().map(String::as_str));
        let r = bankscope(&argv);
        assert_eq!(r.code, code, "{what}: {}", r.err);
        assert!(r.err.contains(message), "{what}: {}", r.err);
        if code != 2 {
            assert_eq!(r.err.lines().count(), 1, "{what}: one line: {}", r.err);
        }
    }
    // An output directory that cannot be made: --out names a file.
    let blocker = write(&dir, "a-file", b"");
    let r = bankscope(&["analyze", &repo("fixtures/statements/ubi_fpdf2_tiny.pdf"), "-o", &blocker]);
    assert_eq!(r.code, 4, "{}", r.err);
    assert!(r.err.contains("cannot write"), "{}", r.err);
    // A bank bankscope does not know is read and named as printed.
    let coop = write(&dir, "coop.pdf", &pdf(&unknown_bank, false));
    let r = bankscope(&["analyze", &coop, "-o", &s(&out)]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("friendlycooperativesociety"), "{}", r.out);
    // The declared bank is used when none is detected.
    let r = bankscope(&["analyze", &coop, "--bank", "saraswat", "-o", &s(&out)]);
    assert_eq!(r.code, 0, "{}", r.err);
}

#[test]
fn with_several_files_the_others_run_and_the_first_failure_wins() {
    let dir = scratch("several");
    let out = dir.join("out");
    let scan = write(&dir, "scan.pdf", &pdf(&[], true));
    let garbage = write(&dir, "garbage.pdf", b"this is not a pdf");
    let good = repo("fixtures/statements/ubi_fpdf2_tiny.pdf");
    let r = bankscope(&["analyze", &scan, &good, &garbage, "-o", &s(&out)]);
    assert_eq!(r.code, 11, "the scan came first: {}", r.err);
    assert_eq!(r.err.lines().count(), 2, "{}", r.err);
    assert_eq!(written(&out), HashSet::from(["ubi_fpdf2_tiny".to_string()]));
    let r = bankscope(&["analyze", &garbage, &scan, &good, "-o", &s(&out)]);
    assert_eq!(r.code, 13, "{}", r.err);
}

/// (date, note, type, amount, balance) of truth transactions.
fn truth_rows(t: &Value) -> Vec<(String, String, String, String, String)> {
    let f = |v: &Value, k: &str| v[k].as_str().unwrap_or_default().to_string();
    t["transactions"]
        .as_array()
        .map(|a| {
            a.iter().map(|x| (f(x, "date"), f(x, "note"), f(x, "type"), f(x, "amount"), f(x, "balance"))).collect()
        })
        .unwrap_or_default()
}

/// The same fields of a transactions.json; the JSON numbers read back in the
/// truth's two-decimal form.
fn response_rows(v: &Value) -> Vec<(String, String, String, String, String)> {
    let f = |x: &Value, k: &str| x[k].as_str().unwrap_or_default().to_string();
    let money = |x: &Value, k: &str| format!("{:.2}", x[k].as_f64().unwrap_or(f64::NAN));
    v["transactions"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|x| {
                    (
                        f(x, "date"),
                        f(x, "transaction_note"),
                        f(x, "transaction_type"),
                        money(x, "amount"),
                        money(x, "balance"),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Tried as a new user would: Bank of India and Indian
/// Bank statements typeset by groff (fixtures/trial/generate.py), banks and a
/// producer that no fixture the reader was built on has. Identity and every transaction
/// must come back exactly and reconcile.
#[test]
fn a_bank_and_producer_never_seen_read_exactly() {
    let out = scratch("trial");
    // Transaction counts as generated: 84 + 84 (Bank of India, two quarters), 99 (Indian Bank).
    for (name, bank, count) in
        [("boi_groff_q1", "boi", 84), ("boi_groff_q2", "boi", 84), ("indianbnk_groff", "indianbnk", 99)]
    {
        let t = truth(&format!("fixtures/trial/{name}.truth.json"));
        let r = bankscope(&["analyze", &repo(&format!("fixtures/trial/{name}.pdf")), "-o", &s(&out)]);
        assert_eq!(r.code, 0, "{name}: {}", r.err);
        assert!(r.out.contains("reconciliation ok"), "{name}: {}", r.out);
        let dir = out.join(name);
        let txns = json(&dir.join("transactions.json"));
        let (got, want) = (response_rows(&txns), truth_rows(&t));
        assert_eq!(got.len(), count, "{name}");
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(g, w, "{name} transaction {}", i + 1);
        }
        assert_eq!(got.len(), want.len());
        let id = json(&dir.join("identity.json"));
        let ti = &t["identity"];
        for k in ["name", "address", "account_number"] {
            assert_eq!(id["identity"][0][k], ti[k], "{name} {k}");
        }
        for k in ["ifsc", "micr"] {
            assert_eq!(id["accounts"][0][k], ti[k], "{name} {k}");
        }
        assert_eq!(id["accounts"][0]["bank"], bank);
        assert_eq!(id["identity"][0]["account_category"], "individual");
        assert_eq!(id["identity"][0]["credit_limit"], 0);
    }
}

/// Two statements of one account (Apr-Jun and Jun-Aug, June in both) into
/// one entity: one account, June's transactions once, five months.
#[test]
fn entity_merges_two_statements_of_one_account() {
    let q1 = truth("fixtures/trial/boi_groff_q1.truth.json");
    let q2 = truth("fixtures/trial/boi_groff_q2.truth.json");
    let mut union = truth_rows(&q1);
    for row in truth_rows(&q2) {
        if !union.contains(&row) {
            union.push(row);
        }
    }
    // 84 + 84 rows, minus the June rows printed in both statements.
    let june = truth_rows(&q2).iter().filter(|r| r.0.starts_with("2025-06")).count();
    assert!(june > 0);
    assert_eq!(union.len(), 84 + 84 - june);

    let out = scratch("entity");
    let a = repo("fixtures/trial/boi_groff_q2.pdf");
    let b = repo("fixtures/trial/boi_groff_q1.pdf");
    let r = bankscope(&["analyze", "--entity", &a, &b, "-o", &s(&out)]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("entity entity: 2 statement(s), 1 account(s)"), "{}", r.out);
    assert_eq!(written(&out), HashSet::from(["entity".to_string()]));
    let accounts = json(&out.join("entity/accounts.json"));
    assert_eq!(accounts["accounts"].as_array().map(Vec::len), Some(1));
    assert_eq!(accounts["accounts"][0]["statements"].as_array().map(Vec::len), Some(2));
    let months: Vec<&str> = accounts["accounts"][0]["months"]
        .as_array()
        .map(|m| m.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    assert_eq!(months, ["2025-04", "2025-05", "2025-06", "2025-07", "2025-08"]);
    let txns = json(&out.join("entity/transactions.json"));
    // In date order whatever order the files were given in.
    assert_eq!(response_rows(&txns), union);

    // A directory argument is one entity named after the directory.
    let dir = scratch("entity-dir").join("suresh");
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    for f in ["boi_groff_q1.pdf", "boi_groff_q2.pdf"] {
        std::fs::copy(repo(&format!("fixtures/trial/{f}")), dir.join(f)).unwrap_or_else(|e| panic!("{e}"));
    }
    std::fs::write(dir.join("notes.txt"), "not a statement file, skipped").unwrap_or_else(|e| panic!("{e}"));
    let out = scratch("entity-dir-out");
    let r = bankscope(&["analyze", &s(&dir), "-o", &s(&out)]);
    assert_eq!(r.code, 0, "{}", r.err);
    let txns = json(&out.join("suresh/transactions.json"));
    assert_eq!(txns["transactions"].as_array().map(Vec::len), Some(union.len()));
}

/// Two accounts in one entity: the entity workbook plus one per account,
/// named after the account numbers of the truth files.
#[test]
fn an_entity_of_two_accounts_gets_three_workbooks() {
    let hdfc = truth("fixtures/statements/hdfc_chromium_small.truth.json");
    let boi = truth("fixtures/trial/boi_groff_q1.truth.json");
    let out = scratch("two-accounts");
    let a = repo("fixtures/statements/hdfc_chromium_small.pdf");
    let b = repo("fixtures/trial/boi_groff_q1.pdf");
    let r = bankscope(&["analyze", "--entity=both", &a, &b, "-o", &s(&out)]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("3 xlsx reports"), "{}", r.out);
    let files = written(&out.join("both"));
    let mut reports: Vec<&String> = files.iter().filter(|f| f.ends_with(".xlsx")).collect();
    reports.sort();
    let number = |t: &Value| t["identity"]["account_number"].as_str().unwrap_or_default().to_owned();
    let mut want = vec![format!("report-{}.xlsx", number(&hdfc)), format!("report-{}.xlsx", number(&boi))];
    want.push("report.xlsx".into());
    want.sort();
    assert_eq!(reports, want.iter().collect::<Vec<_>>());
}

#[test]
fn account_aggregator_json_is_analysed_too() {
    let out = scratch("aa");
    let r = bankscope(&["analyze", &repo("fixtures/samples/aa/deposit_fi_sample.json"), "-o", &s(&out)]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("RAHUL KUMAR SHARMA"), "{}", r.out);
    let txns = json(&out.join("deposit_fi_sample/transactions.json"));
    assert_eq!(txns["transactions"].as_array().map(Vec::len), Some(19));
}

#[test]
fn help_documents_flags_layout_and_exit_codes() {
    let r = bankscope(&["analyze", "--help"]);
    assert_eq!(r.code, 0);
    for needle in ["--password", "--bank", "--out", "--entity", "bankscope-out", "FIRST failure", " 10  ", " 18  "] {
        assert!(r.out.contains(needle), "{needle} in help:\n{}", r.out);
    }
}
