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

#[path = "common/entity_pdf.rs"]
mod entity_pdf;

/// Statements the reader does not yet read exactly, with the number of rows
/// it gets wrong (a wrong row is one phantom and one missed row). None now;
/// `48_icici_nokw_trunc` was one (its last page holds one row, and the
/// summary under the totals line was read for that page's gutters: the row's
/// Transaction Date fell into the Value Date cell).
const KNOWN_ROW_ERRORS: &[(&str, usize)] = &[];

#[test]
fn salary_lenders_identity_and_od_risk_on_entity3_statements() {
    let t = entity_pdf::tally(&entity_pdf::corpus("entity3"), KNOWN_ROW_ERRORS);
    assert!(t.statements >= 70, "only {} statements", t.statements);
    t.print();
    let channel = t.channel();
    assert!(t.failures.is_empty(), "{}", t.failures.join("\n"));
    assert!(channel >= 0.995, "channel {:.2}% < 99.5%", 100.0 * channel);
    assert!(t.salary.f1() >= 0.98, "salary F1 {:.3} < 0.98", t.salary.f1());
    assert!(t.lender.f1() >= 0.998, "lender F1 {:.3} < 0.998", t.lender.f1());
}
