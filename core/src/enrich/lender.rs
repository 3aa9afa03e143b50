//! Lender transactions: EMIs, loan disbursals, and bounces with lenders.
//!
//! The lenders are the table `enrich/lenders.txt` (banks' loan accounts,
//! NBFCs, housing finance companies, microfinance institutions, digital
//! lenders and BNPL providers) plus loan words without a lender name (EMI,
//! LOAN REPAYMENT, DISBURSAL). [`crate::enrich::enrich`] already gives these
//! transactions description `lender_transaction` and merchant category `loans`
//! in place; [`detect`] selects them.

use super::is_lender_narration;
use crate::model::{Transaction, TxnType};
use crate::taxonomy::Channel;
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

/// Why a lender transaction ([`detect`]) is one, in words an analyst reads:
/// how the money moved and the lender the narration names.
pub fn reason(t: &Transaction) -> String {
    let lender = if t.clean_note.is_empty() { "a lender".to_string() } else { t.clean_note.clone() };
    match (t.channel, t.kind) {
        (Channel::AutoDebitPaymentBounce | Channel::InwardChequeBounce | Channel::OutwardChequeBounce, _) => {
            format!("a bounced payment to {lender}")
        }
        (Channel::AutoDebitPayment, TxnType::Debit) => {
            format!("EMI collected by mandate (NACH/ACH/ECS/SI) for {lender}")
        }
        (Channel::BankCharge, _) => format!("a charge on a loan with {lender}"),
        (_, TxnType::Debit) => format!("a repayment to {lender}, named in the narration"),
        (_, TxnType::Credit) => format!("money from {lender} (a disbursal, top-up or refund), named in the narration"),
    }
}
