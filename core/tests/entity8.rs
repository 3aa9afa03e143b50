//! Salary, lenders, channels and identity on 24 PDF statements in 6 layouts
//! drawn for this corpus (`fixtures/entity8/`: Karur Vysya Bank with the time
//! beside the date, UCO Bank with `Cr`/`Dr` balances and a `BALANCE B/F` row,
//! Bank of Maharashtra with a Channel column after the balance and overdrawn
//! balances with a leading minus, Bandhan Bank with one Amount column and a
//! `Dr / Cr` column, Equitas SFB with a letter's `To,` block, Karnataka Bank
//! with `dd.mm.yyyy` dates and `DR/`/`CR/` narrations), an eighth cold batch:
//! its truth was written before reading the enrich, analysis and identity
//! rules (`fixtures/entity8/README.md`). The tally is entity3's
//! (`tests/common/entity_pdf.rs`).
//!
//! Requires every figure reached (cold, on main `4c66aec`: salary F1 1.000;
//! lender F1 0.908: an NBFC employer's incentive and reimbursements read as a
//! lender's credits (24 rows), money added to LenDenClub read as a loan (4),
//! Muthoot Capital Services' and PayU Finance's EMIs missed (32 and 12);
//! channel 99.42%: Faircent's EMIs by NACH read as investments (21)):
//! - transaction_channel one of the truth's accepted values on every row;
//! - salary and lender F1 1.0;
//! - holder, account number, address and category right on every statement;
//! - no phantom and no missed row; no clean statement flagged as altered;
//! - no negative_balance finding on the two overdraft accounts (the tally's
//!   failures).
//!
//! `cargo test -p bankscope --test entity8 -- --nocapture` prints every miss.

#[path = "common/entity_pdf.rs"]
mod entity_pdf;

#[test]
fn salary_lenders_identity_on_entity8_statements() {
    let t = entity_pdf::tally(&entity_pdf::corpus("entity8"), &[]);
    assert!(t.statements >= 24, "only {} statements", t.statements);
    t.print();
    let channel = t.channel();
    assert!(t.failures.is_empty(), "{}", t.failures.join("\n"));
    assert!(channel >= 1.0, "channel {:.2}% < 100%", 100.0 * channel);
    assert!(t.salary.f1() >= 1.0, "salary F1 {:.3} < 1.0", t.salary.f1());
    assert!(t.lender.f1() >= 1.0, "lender F1 {:.3} < 1.0", t.lender.f1());
}
