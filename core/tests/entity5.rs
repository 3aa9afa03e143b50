//! Salary, lenders, channels, identity and OD/CC risk on 30 PDF statements
//! in 7 layouts drawn for this corpus (`fixtures/entity5/`: SBI YONO export,
//! HDFC net banking, Kotak 2024, ICICI detailed, Federal Bank, Paytm Payments
//! Bank, Central Bank of India), a fifth cold batch: its truth was written
//! before reading the enrich and identity rules (`fixtures/entity5/README.md`).
//! The tally is entity3's (`tests/common/entity_pdf.rs`).
//!
//! Requires (the numbers reached; cold, on entity4 `71d4a15`: salary F1
//! 0.958, lender F1 0.986, channel 99.15%, address right on 22 of 30):
//! - transaction_channel one of the truth's accepted values on >= 99.8% of
//!   rows (99.82% reached; the misses are the salaries not found);
//! - salary F1 >= 0.96 (0.964: a job switch on a four-month Paytm Payments
//!   Bank statement, `Received from <employer> NEFT <utr>` with no remark, is
//!   two months of each employer: not found), lender F1 >= 0.995 (0.997);
//! - holder, account number, address and category right on every statement;
//! - no phantom and no missed row;
//! - no `negative_balance` on an OD/CC account, no clean statement flagged
//!   as altered.
//!
//! `cargo test -p bankscope --test entity5 -- --nocapture` prints every miss.

#[path = "common/entity_pdf.rs"]
mod entity_pdf;

#[test]
fn salary_lenders_identity_and_od_risk_on_entity5_statements() {
    let t = entity_pdf::tally(&entity_pdf::corpus("entity5"), &[]);
    assert!(t.statements >= 30, "only {} statements", t.statements);
    t.print();
    let channel = t.channel();
    assert!(t.failures.is_empty(), "{}", t.failures.join("\n"));
    assert!(channel >= 0.998, "channel {:.2}% < 99.8%", 100.0 * channel);
    assert!(t.salary.f1() >= 0.96, "salary F1 {:.3} < 0.96", t.salary.f1());
    assert!(t.lender.f1() >= 0.995, "lender F1 {:.3} < 0.995", t.lender.f1());
}
