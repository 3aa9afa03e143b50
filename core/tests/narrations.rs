//! The labelled narration set (`tests/data/narrations.tsv`): channel accuracy
//! must be at least 97%; description and merchant-category accuracy are
//! reported. Prints a confusion table of channels and every miss.
//!
//! Run with `cargo test -p bankscope --test narrations -- --nocapture` to see
//! the table.

use std::collections::BTreeMap;

use bankscope::enrich::Classifier;
use bankscope::{Metadata, Money, TxnType};

const DATA: &str = include_str!("data/narrations.tsv");
const HOLDER: &str = "ANIL KUMAR VERMA";

struct Row<'a> {
    line: usize,
    bank: &'a str,
    kind: TxnType,
    amount: Money,
    note: &'a str,
    channel: &'a str,
    description: &'a str,
    category: &'a str,
}

fn rows() -> Vec<Row<'static>> {
    let mut out = Vec::new();
    for (i, line) in DATA.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 7, "line {}: expected 7 tab-separated fields: {line:?}", i + 1);
        let kind = match f[1] {
            "debit" => TxnType::Debit,
            "credit" => TxnType::Credit,
            other => panic!("line {}: bad type {other:?}", i + 1),
        };
        let amount = Money::parse(f[2]).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        out.push(Row {
            line: i + 1,
            bank: f[0],
            kind,
            amount,
            note: f[3],
            channel: f[4],
            description: f[5],
            category: f[6],
        });
    }
    out
}

#[test]
fn narration_set_accuracy() {
    let rows = rows();
    assert!(rows.len() >= 500, "only {} labelled narrations", rows.len());
    let banks: std::collections::BTreeSet<&str> = rows.iter().map(|r| r.bank).collect();
    assert!(banks.len() >= 12, "banks: {banks:?}");

    let metadata = Metadata {
        companies_for_self_transfer: vec!["Verma Trading Co".into()],
        employer_names: vec!["Zenith Softlabs".into()],
        ..Default::default()
    };
    let classifier = Classifier::new(&metadata, HOLDER);
    let mut confusion: BTreeMap<(String, String), usize> = BTreeMap::new();
    let (mut ch_ok, mut desc_ok, mut cat_ok) = (0usize, 0usize, 0usize);
    let mut misses = Vec::new();
    for r in &rows {
        let got = classifier.classify(r.note, r.kind, r.amount);
        let got_ch = got.channel.as_str();
        *confusion.entry((r.channel.to_string(), got_ch.to_string())).or_default() += 1;
        let c = got_ch == r.channel;
        let d = got.description == r.description;
        let m = got.merchant_category.as_str() == r.category;
        ch_ok += usize::from(c);
        desc_ok += usize::from(d);
        cat_ok += usize::from(m);
        if !(c && d && m) {
            misses.push(format!(
                "line {:>3} {:<12} {:?}\n      want {} | {} | {}\n      got  {} | {} | {}  (clean note {:?})",
                r.line,
                r.bank,
                r.note,
                r.channel,
                r.description,
                r.category,
                got_ch,
                got.description,
                got.merchant_category.as_str(),
                got.clean_note
            ));
        }
    }
    let n = rows.len() as f64;
    let pct = |k: usize| 100.0 * k as f64 / n;

    println!("\nchannel confusion (expected -> got: count), off-diagonal first:");
    for ((want, got), count) in confusion.iter().filter(|((w, g), _)| w != g) {
        println!("  {want:<38} -> {got:<38} {count}");
    }
    println!("diagonal:");
    for ((want, _), count) in confusion.iter().filter(|((w, g), _)| w == g) {
        println!("  {want:<38} {count}");
    }
    println!("\nmisses (any field):");
    for m in &misses {
        println!("{m}");
    }
    println!(
        "\n{} narrations: channel {:.1}%, description {:.1}%, merchant_category {:.1}%",
        rows.len(),
        pct(ch_ok),
        pct(desc_ok),
        pct(cat_ok)
    );
    assert!(pct(ch_ok) >= 97.0, "channel accuracy {:.1}% below 97%", pct(ch_ok));
}

/// Every field the classifier decides for every labelled narration (channel,
/// description, merchant category, clean note), pinned in
/// `tests/golden/narrations_classified.tsv`, so a speed-up of the classifier
/// cannot change a single output unnoticed. `UPDATE_GOLDEN=1` rewrites the file
/// after an intended change (review the diff).
#[test]
fn classifications_are_pinned() {
    let metadata = Metadata {
        companies_for_self_transfer: vec!["Verma Trading Co".into()],
        employer_names: vec!["Zenith Softlabs".into()],
        ..Default::default()
    };
    let classifier = Classifier::new(&metadata, HOLDER);
    let mut out = String::from("# line\tchannel\tdescription\tmerchant_category\tclean_note\n");
    for r in rows() {
        let c = classifier.classify(r.note, r.kind, r.amount);
        out.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\n",
            r.line,
            c.channel.as_str(),
            c.description,
            c.merchant_category.as_str(),
            c.clean_note
        ));
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/narrations_classified.tsv");
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        std::fs::write(&path, &out).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; run with UPDATE_GOLDEN=1 to create it", path.display()));
    let diff: Vec<String> =
        want.lines().zip(out.lines()).filter(|(w, g)| w != g).map(|(w, g)| format!("  want {w}\n  got  {g}")).collect();
    assert!(
        diff.is_empty() && want.lines().count() == out.lines().count(),
        "{} classifications changed (UPDATE_GOLDEN=1 if intended):\n{}",
        diff.len(),
        diff.join("\n")
    );
}
