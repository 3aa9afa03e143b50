//! Salary, lenders, channels and identity on 24 PDF statements in 5 layouts
//! drawn for this corpus (`fixtures/entity7/`: IDFC FIRST Bank, South Indian
//! Bank, J&K Bank with `Cr` balances, DBS digibank with mixed-case prose
//! narrations and its details as labels over values at the right, Airtel
//! Payments Bank with the time under the date), a seventh cold batch: its
//! truth was written before reading the enrich, analysis and identity rules
//! (`fixtures/entity7/README.md`); statements 21-24 were drawn after the
//! fixes, from a sweep of every persona over every layout that found two
//! more classes (a hospital's per-visit `CONSULTATION` fees read as pay, a
//! payee named by the holder's middle and last names read as a self
//! transfer). The tally is entity3's
//! (`tests/common/entity_pdf.rs`).
//!
//! Requires every figure reached (cold, on main `c45f61f`: salary F1 0.917, a
//! hospital's monthly `PROF FEES` to a consultant doctor read as pay (12 rows),
//! a PSU's `PRP FY 2024-25 <employer>` and `DA ARREAR <employer>` printed
//! without a rail missed (2), a staffing company's ₹4,901 `INCENTIVE` missed
//! (1); lender F1 1.000; channel 99.26%; account number 16 of 20, DBS's
//! `Account Number` at the right end of the holder's line over its value):
//! - transaction_channel one of the truth's accepted values on every row;
//! - salary and lender F1 1.0;
//! - holder, account number, address and category right on every statement;
//! - no phantom and no missed row; no clean statement flagged as altered.
//!
//! `cargo test -p bankscope --test entity7 -- --nocapture` prints every miss.

#[path = "common/entity_pdf.rs"]
mod entity_pdf;

#[test]
fn salary_lenders_identity_on_entity7_statements() {
    let t = entity_pdf::tally(&entity_pdf::corpus("entity7"), &[]);
    assert!(t.statements >= 24, "only {} statements", t.statements);
    t.print();
    let channel = t.channel();
    assert!(t.failures.is_empty(), "{}", t.failures.join("\n"));
    assert!(channel >= 1.0, "channel {:.2}% < 100%", 100.0 * channel);
    assert!(t.salary.f1() >= 1.0, "salary F1 {:.3} < 1.0", t.salary.f1());
    assert!(t.lender.f1() >= 1.0, "lender F1 {:.3} < 1.0", t.lender.f1());
}
