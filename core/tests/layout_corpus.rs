//! The layout corpus: 32 Indian banks' statement layouts with the traits real
//! statements have (fixtures/layouts/README.md; made by generate.py there).
//!
//! Every fixture must read exactly: each row's date, narration as read across
//! its lines, side, amount and balance; the chain reconciled from the printed
//! opening to the printed closing balance; the bank the fixture names. Prints a
//! table per fixture.

use std::path::PathBuf;

use bankscope::{ReadOptions, TxnType, read_pdf};
use serde_json::Value;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/layouts")
}

fn money(m: bankscope::Money) -> String {
    let p = m.paise();
    format!("{}{}.{:02}", if p < 0 { "-" } else { "" }, p.abs() / 100, p.abs() % 100)
}

#[test]
fn every_layout_reads_exactly_and_reconciles() {
    let manifest: Value = serde_json::from_slice(&std::fs::read(dir().join("manifest.json")).expect("manifest.json"))
        .expect("manifest is JSON");
    let files = manifest["files"].as_array().cloned().unwrap_or_default();
    assert!(files.len() >= 30, "the corpus covers at least 30 layouts, has {}", files.len());
    let mut failures = Vec::new();
    println!("{:<22} {:>5} {:>5} {:>6}  {:<12} reading", "fixture", "rows", "read", "exact", "bank");
    for f in &files {
        let file = f["file"].as_str().unwrap_or_default();
        let truth_path = dir().join(file.replace(".pdf", ".truth.json"));
        let truth: Value = serde_json::from_slice(&std::fs::read(&truth_path).expect("truth")).expect("truth is JSON");
        let bytes = std::fs::read(dir().join(file)).expect("fixture PDF");
        let st = match read_pdf(&bytes, &ReadOptions::default()) {
            Ok(st) => st,
            Err(e) => {
                println!("{file:<22} refused: {e}");
                failures.push(format!("{file}: {e}"));
                continue;
            }
        };
        let want = truth["transactions"].as_array().cloned().unwrap_or_default();
        let mut exact = 0;
        for (i, (t, w)) in st.transactions.iter().zip(&want).enumerate() {
            let got = (
                t.date.format("%Y-%m-%d %H:%M:%S").to_string(),
                t.note.clone(),
                if t.kind == TxnType::Credit { "credit" } else { "debit" }.to_string(),
                money(t.amount),
                money(t.balance),
            );
            let expected = (
                w["date"].as_str().unwrap_or_default().to_string(),
                w["note"].as_str().unwrap_or_default().to_string(),
                w["type"].as_str().unwrap_or_default().to_string(),
                w["amount"].as_str().unwrap_or_default().to_string(),
                w["balance"].as_str().unwrap_or_default().to_string(),
            );
            if got == expected {
                exact += 1;
            } else if failures.iter().filter(|x: &&String| x.starts_with(file)).count() < 2 {
                failures.push(format!("{file} row {}: expected {expected:?}, got {got:?}", i + 1));
            }
        }
        let bank = truth["bank"].as_str().unwrap_or_default();
        println!(
            "{file:<22} {:>5} {:>5} {:>6}  {:<12} {}",
            want.len(),
            st.transactions.len(),
            exact,
            st.bank,
            st.reading.summary()
        );
        if st.transactions.len() != want.len() || exact != want.len() {
            failures.push(format!("{file}: {exact} of {} rows exact, {} read", want.len(), st.transactions.len()));
        }
        if !st.reading.reconciles() {
            failures.push(format!("{file}: {}", st.reading.summary()));
        }
        if st.bank != bank {
            failures.push(format!("{file}: bank {}, expected {bank}", st.bank));
        }
        let opening = truth["opening_balance"].as_str().unwrap_or_default();
        if st.identity.opening_balance.map(money).as_deref() != Some(opening) {
            failures.push(format!("{file}: opening {:?}, expected {opening}", st.identity.opening_balance.map(money)));
        }
    }
    assert!(failures.is_empty(), "{} problem(s):\n{}", failures.len(), failures.join("\n"));
}
