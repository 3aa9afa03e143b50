//! Frauds (every fraud type, Yes/No, linked to its transactions) and Fraud
//! Transactions (the transactions a finding names).

use std::collections::HashMap;

use rust_xlsxwriter::{Worksheet, XlsxError};

use super::account::{TXN_HEADERS, txn_cells};
use super::{AccountData, FRAUD_TXNS, FRAUDS, sheet};
use crate::analysis::fraud::Finding;
use crate::model::Transaction;
use crate::report::cells::{Cell, Styles, Table, cell_ref};
use crate::taxonomy::FraudType;

/// One line per fraud type in the order of [`FraudType::ALL`], the findings
/// that name a transaction in that order too: the layout both sheets share.
fn transaction_findings<'a>(data: &'a AccountData<'_>) -> Vec<(&'a Finding, Option<&'a Transaction>)> {
    let by_hash: HashMap<&str, &Transaction> = data.transactions().iter().map(|t| (t.hash.as_str(), t)).collect();
    let mut out: Vec<(&Finding, Option<&Transaction>)> = data
        .findings
        .iter()
        .filter_map(|f| f.transaction_hash.as_deref().map(|h| (f, by_hash.get(h).copied())))
        .collect();
    let order = |t: FraudType| FraudType::ALL.iter().position(|x| *x == t);
    out.sort_by_key(|(f, t)| (order(f.fraud_type), t.map(|t| t.date)));
    out
}

/// Frauds: every fraud type with Yes / No, how many findings, the reason and
/// a link to its first transaction on Fraud Transactions.
pub(crate) fn frauds(st: &mut Styles, data: &AccountData<'_>) -> Result<Worksheet, XlsxError> {
    let mut ws = sheet(FRAUDS)?;
    let headers = ["Fraud Type", "Category", "Detected", "Findings", "Transactions", "Reason"];
    let mut table = Table::new(&mut ws, st, 0, 0, &headers)?;
    let listed = transaction_findings(data);
    for &fraud_type in FraudType::ALL {
        let found: Vec<&Finding> = data.findings.iter().filter(|f| f.fraud_type == fraud_type).collect();
        let first_row = listed.iter().position(|(f, _)| f.fraud_type == fraud_type);
        let n_txns = listed.iter().filter(|(f, _)| f.fraud_type == fraud_type).count();
        let link = match first_row {
            Some(i) => {
                Cell::Link { text: format!("{n_txns} transaction(s)"), target: cell_ref(FRAUD_TXNS, i as u32 + 1, 0) }
            }
            None => Cell::Empty,
        };
        let mut reasons: Vec<&str> = found.iter().map(|f| f.reason.as_str()).collect();
        reasons.dedup();
        let reason = match reasons.as_slice() {
            [] => String::new(),
            [one] => (*one).to_owned(),
            [first, rest @ ..] => format!("{first} (and {} more)", rest.len()),
        };
        table.row(
            &mut ws,
            st,
            &[
                Cell::text(fraud_type.as_str()),
                Cell::text(fraud_type.category().as_str()),
                Cell::YesNo(!found.is_empty()),
                Cell::Int(found.len() as i64),
                link,
                Cell::Wrap(reason),
            ],
        )?;
    }
    table.finish(&mut ws, true)?;
    Ok(ws)
}

/// Fraud Transactions: each finding that names a transaction, with the
/// transaction, grouped by fraud type.
pub(crate) fn fraud_transactions(st: &mut Styles, data: &AccountData<'_>) -> Result<Worksheet, XlsxError> {
    let mut ws = sheet(FRAUD_TXNS)?;
    let mut headers = vec!["Fraud Type", "Category", "Reason"];
    headers.extend_from_slice(TXN_HEADERS);
    headers.push("Hash");
    let mut table = Table::new(&mut ws, st, 0, 0, &headers)?;
    for (f, t) in transaction_findings(data) {
        let mut cells =
            vec![Cell::text(f.fraud_type.as_str()), Cell::text(f.category().as_str()), Cell::Wrap(f.reason.clone())];
        match t {
            Some(t) => cells.extend(txn_cells(t)),
            None => cells.extend(TXN_HEADERS.iter().map(|_| Cell::Empty)),
        }
        cells.push(Cell::text(f.transaction_hash.as_deref().unwrap_or("")));
        table.row(&mut ws, st, &cells)?;
    }
    if table.len() == 0 {
        ws.write_string(2, 0, "No fraud finding names a transaction.")?;
    }
    table.finish(&mut ws, true)?;
    Ok(ws)
}
