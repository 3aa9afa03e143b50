//! Accuracy of PDF extraction over every statement fixture.
//!
//! Reads `fixtures/statements/manifest.json`, extracts each PDF (with the
//! password in its truth file) and compares identity fields (all must match)
//! and transactions (date, amount, type, balance and note all exact on at
//! least 99.5% of rows). Prints a per-bank and per-producer table. Fails —
//! never skips — when the fixtures are missing or a threshold is not met.
//! `BANKSCOPE_FIXTURES=DIR` reads another fixtures directory.

use std::collections::BTreeMap;
use std::path::PathBuf;

use bankscope::model::{AccountCategory, AccountType, Statement};
use bankscope::{ReadOptions, read_pdf};
use serde_json::Value;

const TXN_THRESHOLD: f64 = 99.5;

fn fixtures_dir() -> PathBuf {
    match std::env::var_os("BANKSCOPE_FIXTURES") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/statements"),
    }
}

#[derive(Default, Clone, Copy)]
struct Tally {
    expected: usize,
    exact: usize,
    identity_fields: usize,
    identity_ok: usize,
}

impl Tally {
    fn add(&mut self, o: Tally) {
        self.expected += o.expected;
        self.exact += o.exact;
        self.identity_fields += o.identity_fields;
        self.identity_ok += o.identity_ok;
    }
    fn pct(&self) -> f64 {
        if self.expected == 0 { 100.0 } else { 100.0 * self.exact as f64 / self.expected as f64 }
    }
}

fn s(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn opt(v: Option<String>) -> String {
    v.unwrap_or_default()
}

/// Field-by-field identity comparison: (name, expected, got).
fn identity_diffs(truth: &Value, st: &Statement, bank: &str) -> (usize, Vec<(String, String, String)>) {
    let id = &st.identity;
    let t = &truth["identity"];
    let category = match id.account_category {
        AccountCategory::Individual => "individual",
        AccountCategory::Corporate => "corporate",
    };
    let kind = match id.account_type {
        Some(AccountType::Savings) => "savings",
        Some(AccountType::Current) => "current",
        None => "",
    };
    let got: Vec<(&str, String)> = vec![
        ("bank", st.bank.clone()),
        ("name", id.name.clone()),
        ("address", id.address.clone()),
        ("account_number", id.account_number.clone()),
        ("ifsc", opt(id.ifsc.clone())),
        ("micr", opt(id.micr.clone())),
        ("account_category", category.to_string()),
        ("account_type", kind.to_string()),
        ("credit_limit", id.credit_limit.to_string()),
        ("period_from", opt(id.period_from.map(|d| d.to_string()))),
        ("period_to", opt(id.period_to.map(|d| d.to_string()))),
        ("opening_balance", opt(id.opening_balance.map(|m| m.to_string()))),
        ("closing_balance", opt(id.closing_balance.map(|m| m.to_string()))),
    ];
    let mut diffs = Vec::new();
    for (name, value) in &got {
        let expected = if *name == "bank" { bank.to_string() } else { s(&t[*name]) };
        if &expected != value {
            diffs.push((name.to_string(), expected, value.clone()));
        }
    }
    (got.len(), diffs)
}

fn txn_key(t: &Value) -> (String, String, String, String, String) {
    (s(&t["date"]), s(&t["type"]), s(&t["amount"]), s(&t["balance"]), s(&t["note"]))
}

#[test]
fn extraction_accuracy_over_all_fixtures() {
    let dir = fixtures_dir();
    let manifest_path = dir.join("manifest.json");
    let manifest_text = std::fs::read_to_string(&manifest_path).unwrap_or_else(|e| {
        panic!("statement fixtures missing: cannot read {} ({e}); merge the `fixtures` branch", manifest_path.display())
    });
    let manifest: Value = serde_json::from_str(&manifest_text).expect("manifest.json is JSON");
    let files = manifest["files"].as_array().expect("manifest has files[]");
    assert!(!files.is_empty(), "manifest lists no fixtures");

    let mut by_bank: BTreeMap<String, Tally> = BTreeMap::new();
    let mut by_producer: BTreeMap<String, Tally> = BTreeMap::new();
    let mut total = Tally::default();
    let mut problems: Vec<String> = Vec::new();

    // The manifest's fixtures, then the holdout (a bank and a producer the
    // fixtures do not have), reported in the same table.
    let mut todo: Vec<PathBuf> = files.iter().map(|f| dir.join(s(&f["file"]))).collect();
    let holdout = dir.join("../holdout");
    let mut extra: Vec<PathBuf> = std::fs::read_dir(&holdout)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|e| e == "pdf")).collect()
        })
        .unwrap_or_default();
    extra.sort();
    todo.extend(extra);

    for pdf in todo {
        let file = pdf.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
        let truth_path = pdf.with_file_name(file.replace(".pdf", ".truth.json"));
        let truth: Value = serde_json::from_str(&std::fs::read_to_string(&truth_path).expect("truth file readable"))
            .expect("truth is JSON");
        let bank = s(&truth["bank"]);
        let producer = s(&truth["producer"]);
        let bytes = std::fs::read(&pdf).expect("fixture readable");
        let options = ReadOptions { password: truth["password"].as_str().map(str::to_string), ..Default::default() };
        let expected_txns = truth["transactions"].as_array().cloned().unwrap_or_default();
        let mut tally = Tally { expected: expected_txns.len(), ..Tally::default() };
        match read_pdf(&bytes, &options) {
            Err(e) => {
                problems.push(format!("{file}: {e}"));
                tally.identity_fields = 13;
            }
            Ok(st) => {
                let (n, diffs) = identity_diffs(&truth, &st, &bank);
                tally.identity_fields = n;
                tally.identity_ok = n - diffs.len();
                for (name, want, got) in diffs {
                    problems.push(format!("{file}: identity {name}: expected {want:?}, got {got:?}"));
                }
                // Align by position; report the first few differences per file.
                let got: Vec<(String, String, String, String, String)> = st
                    .transactions
                    .iter()
                    .map(|t| {
                        (
                            t.date.format("%Y-%m-%d %H:%M:%S").to_string(),
                            t.kind.as_str().to_string(),
                            t.amount.to_string(),
                            t.balance.to_string(),
                            t.note.clone(),
                        )
                    })
                    .collect();
                if got.len() != expected_txns.len() {
                    problems.push(format!("{file}: {} transactions expected, {} read", expected_txns.len(), got.len()));
                }
                let mut shown = 0;
                let mut j = 0;
                for want in expected_txns.iter().map(txn_key) {
                    // Resynchronise on (date, amount, balance) within a small window.
                    let found = (j..got.len().min(j + 6))
                        .find(|&k| got.get(k).is_some_and(|g| g.0 == want.0 && g.2 == want.2 && g.3 == want.3));
                    let k = found.unwrap_or(j);
                    match got.get(k) {
                        Some(g) if *g == want => tally.exact += 1,
                        Some(g) if shown < 3 => {
                            problems.push(format!("{file}: row {k}: expected {want:?}, got {g:?}"));
                            shown += 1;
                        }
                        _ => {}
                    }
                    if found.is_some() || k < got.len() {
                        j = k + 1;
                    }
                }
            }
        }
        by_bank.entry(bank).or_default().add(tally);
        by_producer.entry(producer).or_default().add(tally);
        total.add(tally);
    }

    let print = |title: &str, rows: &BTreeMap<String, Tally>| {
        println!("\n{title:<14} {:>9} {:>9} {:>8} {:>10}", "expected", "exact", "%", "identity");
        for (k, t) in rows {
            println!(
                "{k:<14} {:>9} {:>9} {:>7.2}% {:>5}/{:<4}",
                t.expected,
                t.exact,
                t.pct(),
                t.identity_ok,
                t.identity_fields
            );
        }
    };
    print("bank", &by_bank);
    print("producer", &by_producer);
    println!(
        "\nTOTAL          {:>9} {:>9} {:>7.2}% {:>5}/{:<4}",
        total.expected,
        total.exact,
        total.pct(),
        total.identity_ok,
        total.identity_fields
    );
    if !problems.is_empty() {
        println!("\n{} problem(s):", problems.len());
        for p in &problems {
            println!("  {p}");
        }
    }
    assert!(total.pct() >= TXN_THRESHOLD, "transactions exact {:.2}% < {TXN_THRESHOLD}%", total.pct());
    assert_eq!(total.identity_ok, total.identity_fields, "identity fields must all match");
}
