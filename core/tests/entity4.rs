//! Salary, lenders, channels, identity and OD/CC risk on 40 PDF statements
//! in 7 layouts drawn for this corpus (`fixtures/entity4/`: Bank of India,
//! Union Bank, IDBI, Indian Overseas Bank, Yes Bank, RBL, AU Small Finance
//! Bank), a fourth cold batch: its truth was written before reading the
//! enrich rules (`fixtures/entity4/README.md`). The tally is entity3's
//! (`tests/common/entity_pdf.rs`).
//!
//! Requires (the numbers reached; cold, on main `dd7a3da`: salary F1 0.928
//! with 15 false positives (pensions, a gig platform's weekly payouts),
//! lender F1 0.935, channel 99.27%, address right on 16 of 40, one clean
//! statement flagged `inconsistent_transaction`):
//! - transaction_channel one of the truth's accepted values on >= 99.9% of
//!   rows (99.95% reached; the misses are the salary not found);
//! - salary F1 >= 0.99 (0.991: a hospital trust's two credits on a
//!   three-month statement are not found), lender F1 >= 0.998 (1.000);
//! - holder, account number, address and category right on every statement;
//! - no phantom and no missed row;
//! - no `negative_balance` on an OD/CC account, no clean statement flagged
//!   as altered.
//!
//! `cargo test -p bankscope --test entity4 -- --nocapture` prints every miss.

#[path = "common/entity_pdf.rs"]
mod entity_pdf;

#[test]
fn salary_lenders_identity_and_od_risk_on_entity4_statements() {
    let t = entity_pdf::tally(&entity_pdf::corpus("entity4"), &[]);
    assert!(t.statements >= 40, "only {} statements", t.statements);
    t.print();
    let channel = t.channel();
    assert!(t.failures.is_empty(), "{}", t.failures.join("\n"));
    assert!(channel >= 0.999, "channel {:.2}% < 99.9%", 100.0 * channel);
    assert!(t.salary.f1() >= 0.99, "salary F1 {:.3} < 0.99", t.salary.f1());
    assert!(t.lender.f1() >= 0.998, "lender F1 {:.3} < 0.998", t.lender.f1());
}
