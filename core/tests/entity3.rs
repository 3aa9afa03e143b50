//! Salary, lenders, identity and OD/CC risk on 70 PDF statements of 13 Indian
//! banks' layouts (`fixtures/entity3/`): truth written from how Indian payroll
//! and lending look, before reading the salary and lender rules
//! (`fixtures/entity3/README.md`). Each PDF is read, enriched and analysed as
//! one entity; rows are matched to the truth on (date, type, amount, balance).
//!
//! Requires (the numbers reached; cold, before the rules learnt from this
//! corpus: salary F1 0.928, lender F1 0.956 on statements 1-40; statements
//! 41-60, written after those rules, were salary F1 0.868 and lender 1.000
//! before the rules learnt from them; 61-70 salary 0.915, lender 1.000):
//! - transaction_channel one of the truth's accepted values on >= 99.5% of
//!   rows (99.8% reached; the misses are salary the rules do not find);
//! - salary F1 >= 0.98 and lender F1 >= 0.998 (BNPL repayments are lender
//!   transactions, as the project decided);
//! - holder (salutation aside), account number, address and category right
//!   on every statement;
//! - no phantom row (opening, closing, B/F, C/F and total rows are never
//!   transactions) and no missed row, but for [`KNOWN_ROW_ERRORS`];
//! - no `negative_balance` finding on an overdraft / cash-credit account, and
//!   no statement flagged as altered (metadata or accounting): all are clean.
//!
//! `cargo test -p bankscope --test entity3 -- --nocapture` prints every miss.

use std::collections::HashMap;
use std::path::PathBuf;

use bankscope::{Entity, ReadOptions};
use serde_json::Value;

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/entity3")
}

fn paise(v: &Value) -> i64 {
    let text = match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    bankscope::Money::parse(&text).map(|m| m.paise()).unwrap_or(i64::MIN)
}

type Key = (String, String, i64, i64);

fn key(r: &Value) -> Key {
    (
        r["date"].as_str().unwrap_or_default().chars().take(10).collect(),
        r["type"].as_str().or_else(|| r["transaction_type"].as_str()).unwrap_or_default().to_string(),
        paise(&r["amount"]),
        paise(&r["balance"]),
    )
}

fn untitled(n: &str) -> String {
    let n = n.split_whitespace().collect::<Vec<_>>().join(" ").to_ascii_uppercase();
    ["MR.", "MR ", "MRS.", "MRS ", "MS.", "MS ", "MISS ", "M/S.", "M/S ", "SHRI ", "SRI ", "SMT.", "SMT ", "DR.", "DR "]
        .iter()
        .find_map(|t| n.strip_prefix(t).map(|r| r.trim().to_string()))
        .unwrap_or(n)
}

fn alnum(s: &str) -> String {
    s.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_ascii_uppercase()
}

/// Statements the reader does not yet read exactly, with the number of rows
/// it gets wrong (a wrong row is one phantom and one missed row). None now;
/// `48_icici_nokw_trunc` was one (its last page holds one row, and the
/// summary under the totals line was read for that page's gutters: the row's
/// Transaction Date fell into the Value Date cell).
const KNOWN_ROW_ERRORS: &[(&str, usize)] = &[];

#[derive(Default)]
struct Score {
    tp: usize,
    fp: usize,
    fn_: usize,
}

impl Score {
    fn f1(&self) -> f64 {
        let p = self.tp as f64 / (self.tp + self.fp).max(1) as f64;
        let r = self.tp as f64 / (self.tp + self.fn_).max(1) as f64;
        if p + r == 0.0 { 0.0 } else { 2.0 * p * r / (p + r) }
    }
}

#[test]
fn salary_lenders_identity_and_od_risk_on_entity3_statements() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus())
        .expect("fixtures/entity3")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pdf"))
        .collect();
    files.sort();
    assert!(files.len() >= 70, "only {} statements", files.len());
    let (mut salary, mut lender) = (Score::default(), Score::default());
    let mut failures: Vec<String> = Vec::new();
    let mut misses: Vec<String> = Vec::new();
    // (rows compared, channel right)
    let mut channels = (0usize, 0usize);
    for pdf in &files {
        let stem = pdf.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        let truth: Value =
            serde_json::from_str(&std::fs::read_to_string(pdf.with_extension("truth.json")).expect("truth"))
                .expect("truth JSON");
        let mut e = Entity::new(None, bankscope::Metadata::default());
        e.add_pdf(&std::fs::read(pdf).expect("pdf"), &ReadOptions::default())
            .unwrap_or_else(|err| panic!("{stem}: {err}"));
        let json = |v: serde_json::Result<Value>| v.unwrap_or_default();
        let txns = json(serde_json::to_value(e.transactions_response(None).expect("transactions")));
        let sal = json(serde_json::to_value(e.salary_response(None).expect("salary")));
        let lend = json(serde_json::to_value(e.lender_transactions_response(None).expect("lenders")));
        let ident = json(serde_json::to_value(e.identity_response()));
        let fraud = json(serde_json::to_value(e.fraud()));

        // Truth rows by key (a key may repeat: a queue per key).
        let rows: Vec<&Value> = truth["transactions"].as_array().map(|a| a.iter().collect()).unwrap_or_default();
        let mut pool: HashMap<Key, Vec<usize>> = HashMap::new();
        for (i, r) in rows.iter().enumerate().rev() {
            pool.entry(key(r)).or_default().push(i);
        }
        let matched = |got: &Value| -> Vec<usize> {
            let mut p = pool.clone();
            let mut out = Vec::new();
            for r in got["transactions"].as_array().into_iter().flatten() {
                match p.get_mut(&key(r)).and_then(Vec::pop) {
                    Some(i) => out.push(i),
                    None => out.push(usize::MAX),
                }
            }
            out
        };
        let read = matched(&txns);
        let phantom = read.iter().filter(|&&i| i == usize::MAX).count();
        // The channel of every row read, against the alternatives the truth accepts.
        for (row, &i) in txns["transactions"].as_array().into_iter().flatten().zip(&read) {
            let Some(want) = rows.get(i).and_then(|r| r["channel"].as_str()) else { continue };
            let got = row["transaction_channel"].as_str().unwrap_or_default();
            channels.0 += 1;
            if want.split('|').any(|w| w == got) {
                channels.1 += 1;
            } else {
                misses.push(format!(
                    "  {stem} channel {got}, expected {want}: {}",
                    rows[i]["note"].as_str().unwrap_or_default()
                ));
            }
        }
        let known = KNOWN_ROW_ERRORS.iter().find(|(f, _)| *f == stem).map_or(0, |&(_, n)| n);
        if phantom > known || read.len() != rows.len() {
            failures.push(format!("{stem}: {} rows read, {} in truth, {phantom} phantom", read.len(), rows.len()));
        }
        for (label, got, score) in [("salary", &sal, &mut salary), ("lender", &lend, &mut lender)] {
            let hit: std::collections::HashSet<usize> = matched(got).into_iter().filter(|&i| i != usize::MAX).collect();
            for (i, r) in rows.iter().enumerate() {
                let want = r[label] == true;
                let have = hit.contains(&i);
                match (want, have) {
                    (true, true) => score.tp += 1,
                    (false, true) => score.fp += 1,
                    (true, false) => score.fn_ += 1,
                    (false, false) => {}
                }
                if want != have {
                    misses.push(format!(
                        "  {stem} {label} {} [{}] {}",
                        if want { "missed" } else { "false positive" },
                        r["class"].as_str().unwrap_or_default(),
                        r["note"].as_str().unwrap_or_default()
                    ));
                }
            }
        }
        let id = &ident["identity"][0];
        let s = |v: &Value| v.as_str().unwrap_or_default().to_string();
        if untitled(&s(&id["name"])) != untitled(&s(&truth["holder"])) {
            failures.push(format!("{stem}: holder {:?}, expected {:?}", id["name"], truth["holder"]));
        }
        if s(&id["account_number"]) != s(&truth["account_number"]) {
            failures
                .push(format!("{stem}: account {:?}, expected {:?}", id["account_number"], truth["account_number"]));
        }
        if alnum(&s(&id["address"])) != alnum(&s(&truth["address"])) {
            failures.push(format!("{stem}: address {:?}, expected {:?}", id["address"], truth["address"]));
        }
        if s(&id["account_category"]) != s(&truth["account_category"]) {
            failures.push(format!(
                "{stem}: category {:?}, expected {:?}",
                id["account_category"], truth["account_category"]
            ));
        }
        let findings: Vec<&Value> = fraud["fraud_type"].as_array().map(|a| a.iter().collect()).unwrap_or_default();
        if truth["od_cc"] == true && findings.iter().any(|f| f["fraud_type"] == "negative_balance") {
            failures.push(format!("{stem}: negative_balance on an OD/CC account"));
        }
        let altered: Vec<&str> = findings
            .iter()
            .filter(|f| f["fraud_category"] == "metadata" || f["fraud_category"] == "accounting")
            .filter_map(|f| f["fraud_type"].as_str())
            .collect();
        if !altered.is_empty() {
            failures.push(format!("{stem}: a clean statement flagged {altered:?}"));
        }
    }
    println!("misses:\n{}", misses.join("\n"));
    println!(
        "salary tp {} fp {} fn {} F1 {:.3}; lender tp {} fp {} fn {} F1 {:.3}",
        salary.tp,
        salary.fp,
        salary.fn_,
        salary.f1(),
        lender.tp,
        lender.fp,
        lender.fn_,
        lender.f1()
    );
    let channel = channels.1 as f64 / channels.0.max(1) as f64;
    println!("channel {} of {} ({:.2}%)", channels.1, channels.0, 100.0 * channel);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(channel >= 0.995, "channel {:.2}% < 99.5%", 100.0 * channel);
    assert!(salary.f1() >= 0.98, "salary F1 {:.3} < 0.98", salary.f1());
    assert!(lender.f1() >= 0.998, "lender F1 {:.3} < 0.998", lender.f1());
}
