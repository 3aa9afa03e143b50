//! Lender transactions: EMIs, loan disbursals, and bounces with lenders.
//!
//! The lenders are the table `enrich/lenders.txt` (banks' loan accounts,
//! NBFCs, housing finance companies, microfinance institutions, digital
//! lenders and BNPL providers) plus loan words without a lender name (EMI,
//! LOAN REPAYMENT, DISBURSAL). [`crate::enrich::enrich`] already gives these
//! transactions description `lender_transaction` and merchant category `loans`
//! in place; [`detect`] selects them.

use super::is_lender_narration;
use crate::model::Transaction;
use crate::taxonomy::description;

/// Indices of the lender transactions in `transactions`, in slice order: those
/// whose description is `lender_transaction`, or, for a slice that was not
/// enriched, whose narration names a lender.
pub fn detect(transactions: &[Transaction]) -> Vec<usize> {
    let enriched = transactions.iter().any(|t| !t.clean_note.is_empty() || !t.description.is_empty());
    transactions
        .iter()
        .enumerate()
        .filter(|(_, t)| {
            t.description == description::LENDER_TRANSACTION || (!enriched && is_lender_narration(&t.note))
        })
        .map(|(i, _)| i)
        .collect()
}
