//! The tally of an entity corpus of PDF statements with per-row truth
//! (`fixtures/entity3/`, `fixtures/entity4/`: `NAME.pdf` beside
//! `NAME.truth.json` with `transactions` carrying `salary`, `lender`,
//! `class` and `channel`, and the statement's holder, account number,
//! address, category and `od_cc`). Each PDF is read, enriched and analysed
//! as one entity; rows are matched to the truth on (date, type, amount,
//! balance). Shared by `tests/entity3.rs` and `tests/entity4.rs`.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use bankscope::{Entity, ReadOptions};
use serde_json::Value;

pub fn corpus(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures").join(name)
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

/// The name without its salutations, all of them ("M/S SRI BALAJI ..." and
/// "SRI BALAJI ..." compare equal).
fn untitled(n: &str) -> String {
    let mut n = n.split_whitespace().collect::<Vec<_>>().join(" ").to_ascii_uppercase();
    while let Some(rest) = [
        "MR.", "MR ", "MRS.", "MRS ", "MS.", "MS ", "MISS ", "M/S.", "M/S ", "SHRI ", "SRI ", "SMT.", "SMT ", "DR.",
        "DR ", "KUM.", "KUM ", "MAST.", "MASTER ",
    ]
    .iter()
    .find_map(|t| n.strip_prefix(t).map(|r| r.trim().to_string()))
    {
        n = rest;
    }
    n
}

fn alnum(s: &str) -> String {
    s.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_ascii_uppercase()
}

#[derive(Default)]
pub struct Score {
    pub tp: usize,
    pub fp: usize,
    pub fn_: usize,
}

impl Score {
    pub fn f1(&self) -> f64 {
        let p = self.tp as f64 / (self.tp + self.fp).max(1) as f64;
        let r = self.tp as f64 / (self.tp + self.fn_).max(1) as f64;
        if p + r == 0.0 { 0.0 } else { 2.0 * p * r / (p + r) }
    }
}

/// What a corpus scored: `failures` break the statement-level requirements
/// (rows, identity, OD/CC risk, altered flags); `misses` are the row-level
/// errors behind the scores, for printing.
#[derive(Default)]
pub struct Tally {
    pub statements: usize,
    pub salary: Score,
    pub lender: Score,
    /// (rows compared, channel right)
    pub channels: (usize, usize),
    pub failures: Vec<String>,
    pub misses: Vec<String>,
}

impl Tally {
    pub fn channel(&self) -> f64 {
        self.channels.1 as f64 / self.channels.0.max(1) as f64
    }

    pub fn print(&self) {
        println!("misses:\n{}", self.misses.join("\n"));
        println!(
            "salary tp {} fp {} fn {} F1 {:.3}; lender tp {} fp {} fn {} F1 {:.3}",
            self.salary.tp,
            self.salary.fp,
            self.salary.fn_,
            self.salary.f1(),
            self.lender.tp,
            self.lender.fp,
            self.lender.fn_,
            self.lender.f1()
        );
        println!("channel {} of {} ({:.2}%)", self.channels.1, self.channels.0, 100.0 * self.channel());
    }
}

/// Reads every PDF of `dir` and scores it against its truth.
/// `known_row_errors`: statements the reader does not yet read exactly, with
/// the number of wrong rows (a wrong row is one phantom and one missed row).
pub fn tally(dir: &Path, known_row_errors: &[(&str, usize)]) -> Tally {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("corpus directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pdf"))
        .collect();
    files.sort();
    let mut out = Tally { statements: files.len(), ..Tally::default() };
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
            out.channels.0 += 1;
            if want.split('|').any(|w| w == got) {
                out.channels.1 += 1;
            } else {
                out.misses.push(format!(
                    "  {stem} channel {got}, expected {want}: {}",
                    rows[i]["note"].as_str().unwrap_or_default()
                ));
            }
        }
        let known = known_row_errors.iter().find(|(f, _)| *f == stem).map_or(0, |&(_, n)| n);
        if phantom > known || read.len() != rows.len() {
            out.failures.push(format!("{stem}: {} rows read, {} in truth, {phantom} phantom", read.len(), rows.len()));
        }
        for (label, got) in [("salary", &sal), ("lender", &lend)] {
            let hit: HashSet<usize> = matched(got).into_iter().filter(|&i| i != usize::MAX).collect();
            let score = if label == "salary" { &mut out.salary } else { &mut out.lender };
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
                    out.misses.push(format!(
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
            out.failures.push(format!("{stem}: holder {:?}, expected {:?}", id["name"], truth["holder"]));
        }
        if s(&id["account_number"]) != s(&truth["account_number"]) {
            out.failures
                .push(format!("{stem}: account {:?}, expected {:?}", id["account_number"], truth["account_number"]));
        }
        if alnum(&s(&id["address"])) != alnum(&s(&truth["address"])) {
            out.failures.push(format!("{stem}: address {:?}, expected {:?}", id["address"], truth["address"]));
        }
        if s(&id["account_category"]) != s(&truth["account_category"]) {
            out.failures.push(format!(
                "{stem}: category {:?}, expected {:?}",
                id["account_category"], truth["account_category"]
            ));
        }
        let findings: Vec<&Value> = fraud["fraud_type"].as_array().map(|a| a.iter().collect()).unwrap_or_default();
        if truth["od_cc"] == true && findings.iter().any(|f| f["fraud_type"] == "negative_balance") {
            out.failures.push(format!("{stem}: negative_balance on an OD/CC account"));
        }
        let altered: Vec<&str> = findings
            .iter()
            .filter(|f| f["fraud_category"] == "metadata" || f["fraud_category"] == "accounting")
            .filter_map(|f| f["fraud_type"].as_str())
            .collect();
        if !altered.is_empty() {
            out.failures.push(format!("{stem}: a clean statement flagged {altered:?}"));
        }
    }
    out
}
