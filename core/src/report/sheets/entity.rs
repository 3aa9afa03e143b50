//! The entity workbook: every account side by side.

use rust_xlsxwriter::{Worksheet, XlsxError};

use super::account::{Section, TXN_HEADERS, txn_cells, write_sections};
use super::{AccountData, OVERVIEW, TRANSACTIONS, sheet};
use crate::model::{Entity, TxnType};
use crate::money::Money;
use crate::report::cells::{Cell, Styles, Table};

/// The sheets of an entity workbook, in order.
pub const ENTITY_SHEETS: &[&str] = &[OVERVIEW, TRANSACTIONS];

/// Overview: the entity's totals, then one row per account.
pub(crate) fn overview(st: &mut Styles, entity: &Entity, accounts: &[AccountData<'_>]) -> Result<Worksheet, XlsxError> {
    let mut ws = sheet(OVERVIEW)?;
    ws.write_string_with_format(0, 0, "Statement analysis: all accounts", &st.title)?;
    let mut holders: Vec<&str> = Vec::new();
    for name in accounts.iter().map(|a| a.view.identity.name.trim()).filter(|n| !n.is_empty()) {
        if !holders.contains(&name) {
            holders.push(name);
        }
    }
    let from = accounts.iter().filter_map(|a| a.period.map(|p| p.0)).min();
    let to = accounts.iter().filter_map(|a| a.period.map(|p| p.1)).max();
    let sum = |kind: TxnType| accounts.iter().map(|a| a.totals(kind).1).fold(Money::ZERO, |x, y| x + y);
    let closing = accounts.iter().filter_map(|a| a.closing).fold(Money::ZERO, |x, y| x + y);
    let bounces: usize = accounts.iter().map(|a| a.bounces.len()).sum();
    let txns: usize = accounts.iter().map(|a| a.transactions().len()).sum();
    let sections = [Section {
        title: "Entity",
        rows: vec![
            ("Entity id".into(), Cell::text(entity.id.to_string())),
            ("Account holders".into(), Cell::text(holders.join(", "))),
            ("Accounts".into(), Cell::Int(accounts.len() as i64)),
            ("Statements".into(), Cell::Int(entity.statements.len() as i64)),
            ("From".into(), from.map_or(Cell::Empty, Cell::Date)),
            ("To".into(), to.map_or(Cell::Empty, Cell::Date)),
            ("Transactions".into(), Cell::Int(txns as i64)),
            ("Total credits".into(), Cell::Money(sum(TxnType::Credit))),
            ("Total debits".into(), Cell::Money(sum(TxnType::Debit))),
            ("Closing balances together".into(), Cell::Money(closing)),
            ("Bounces and penal charges".into(), Cell::Int(bounces as i64)),
            ("Fraud signals".into(), Cell::Int(accounts.iter().map(|a| a.findings.len() as i64).sum())),
        ],
    }];
    let row = write_sections(&mut ws, st, 2, &sections)?;

    let headers = [
        "Bank",
        "Account Number",
        "Account Holder",
        "IFSC",
        "From",
        "To",
        "Transactions",
        "Credits",
        "Debits",
        "Closing Balance",
        "Missing Months",
        "Bounces",
        "Fraud Signals",
    ];
    ws.write_string_with_format(row, 0, "Accounts", &st.section)?;
    let mut table = Table::new(&mut ws, st, row + 1, 0, &headers)?;
    for a in accounts {
        let info = &a.view.info;
        table.row(
            &mut ws,
            st,
            &[
                Cell::text(&info.bank),
                Cell::text(&info.account_number),
                Cell::text(&a.view.identity.name),
                Cell::text(info.ifsc.as_deref().unwrap_or("")),
                a.period.map_or(Cell::Empty, |p| Cell::Date(p.0)),
                a.period.map_or(Cell::Empty, |p| Cell::Date(p.1)),
                Cell::Int(a.transactions().len() as i64),
                Cell::Money(a.totals(TxnType::Credit).1),
                Cell::Money(a.totals(TxnType::Debit).1),
                Cell::money_opt(a.closing),
                Cell::Int(a.missing_months.len() as i64),
                Cell::Int(a.bounces.len() as i64),
                Cell::Int(a.findings.len() as i64),
            ],
        )?;
    }
    // The label and value columns of the sections above are wider than any
    // cell of the table's first two columns: keep them.
    table.finish(&mut ws, false)?;
    ws.set_column_width(0, 30)?;
    ws.set_column_width(1, 48)?;
    ws.set_active(true);
    Ok(ws)
}

/// Transactions of every account, with the account number first.
pub(crate) fn transactions(st: &mut Styles, accounts: &[AccountData<'_>]) -> Result<Worksheet, XlsxError> {
    let mut ws = sheet(TRANSACTIONS)?;
    let mut headers = vec!["Bank", "Account Number"];
    headers.extend_from_slice(TXN_HEADERS);
    headers.push("Hash");
    let mut table = Table::new(&mut ws, st, 0, 0, &headers)?;
    for a in accounts {
        for t in a.transactions() {
            let mut cells = vec![Cell::text(&a.view.info.bank), Cell::text(&a.view.info.account_number)];
            cells.extend(txn_cells(t));
            cells.push(Cell::text(&t.hash));
            table.row(&mut ws, st, &cells)?;
        }
    }
    table.finish(&mut ws, true)?;
    Ok(ws)
}
