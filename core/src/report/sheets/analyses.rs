//! Salary, Recurring Credits / Debits, Loans and EMIs, Top 5 Credits / Debits
//! and Expense Categories: the analysis responses of one account, as tables.

use std::collections::HashMap;

use rust_xlsxwriter::{Worksheet, XlsxError};

use super::account::{TXN_HEADERS, txn_cells};
use super::{
    AccountData, CATEGORIES, LOANS, RECURRING_CREDITS, RECURRING_DEBITS, SALARY, TOP_CREDITS, TOP_DEBITS, sheet,
};
use crate::analysis::categories::category_of;
use crate::analysis::top::MonthTop;
use crate::model::{Transaction, TxnType};
use crate::money::Money;
use crate::report::cells::{Cell, Styles, Table};
use crate::report::charts;
use crate::resources::{MonthShape, RecurringSet};

/// The account's transactions by hash, to show a response item with every
/// column of the Transactions sheet.
pub(crate) fn by_hash<'a>(data: &'a AccountData<'_>) -> HashMap<&'a str, &'a Transaction> {
    data.transactions().iter().map(|t| (t.hash.as_str(), t)).collect()
}

/// Writes "Total" and `total` under column `col` of a finished table.
fn total_row(
    ws: &mut Worksheet,
    st: &mut Styles,
    table: &Table,
    label_col: u16,
    col: u16,
    total: Money,
) -> Result<(), XlsxError> {
    if table.len() > 0 {
        let row = table.next + 1;
        ws.write_string_with_format(row, label_col, "Total", &st.label)?;
        st.write(ws, row, col, &Cell::Money(total))?;
    }
    Ok(())
}

/// Salary: each salary credit, the month it pays, the employer and why it
/// is salary (the rule that decided).
pub(crate) fn salary(st: &mut Styles, data: &AccountData<'_>) -> Result<Worksheet, XlsxError> {
    let mut ws = sheet(SALARY)?;
    let headers =
        ["Date", "Salary Month", "Amount", "Employer", "Why salary", "Transaction Note", "Channel", "Balance", "Hash"];
    let mut table = Table::new(&mut ws, st, 0, 0, &headers)?;
    let mut total = Money::ZERO;
    for (k, s) in data.salary.iter().enumerate() {
        total += s.amount;
        table.row(
            &mut ws,
            st,
            &[
                Cell::DateTime(s.date),
                Cell::text(s.month_year.format(MonthShape::Label)),
                Cell::Money(s.amount),
                Cell::text(&s.clean_transaction_note),
                Cell::text(data.salary_why.get(k).map_or("", String::as_str)),
                Cell::text(&s.transaction_note),
                Cell::text(s.transaction_channel.as_str()),
                Cell::Money(s.balance),
                Cell::text(&s.hash),
            ],
        )?;
    }
    if table.len() == 0 {
        ws.write_string(2, 0, "No salary credits found.")?;
    }
    table.finish(&mut ws, true)?;
    total_row(&mut ws, st, &table, 1, 2, total)?;
    Ok(ws)
}

/// Recurring Credits or Recurring Debits: one row per transaction of each
/// set, the set's counterparty, channel, dates and median on every row so
/// the autofilter picks a set.
pub(crate) fn recurring(st: &mut Styles, data: &AccountData<'_>, kind: TxnType) -> Result<Worksheet, XlsxError> {
    let (name, sets): (&str, &[RecurringSet]) = match kind {
        TxnType::Credit => (RECURRING_CREDITS, &data.recurring.credit_transactions),
        TxnType::Debit => (RECURRING_DEBITS, &data.recurring.debit_transactions),
    };
    let mut ws = sheet(name)?;
    let headers = [
        "Set",
        "Counterparty",
        "Channel",
        "Set Start",
        "Set End",
        "Median",
        "Transactions in Set",
        "Date",
        "Amount",
        "Transaction Note",
        "Balance",
        "Hash",
    ];
    let mut table = Table::new(&mut ws, st, 0, 0, &headers)?;
    for (i, set) in sets.iter().enumerate() {
        for t in &set.transactions {
            table.row(
                &mut ws,
                st,
                &[
                    Cell::Int(i as i64 + 1),
                    Cell::text(&set.clean_transaction_note),
                    Cell::text(set.transaction_channel.upper()),
                    Cell::DateTime(set.start_date),
                    Cell::DateTime(set.end_date),
                    Cell::Money(set.median),
                    Cell::Int(set.transactions.len() as i64),
                    Cell::DateTime(t.date),
                    Cell::Money(t.amount),
                    Cell::text(&t.transaction_note),
                    Cell::Money(t.balance),
                    Cell::text(&t.hash),
                ],
            )?;
        }
    }
    if table.len() == 0 {
        let what = if kind == TxnType::Credit { "credits" } else { "debits" };
        ws.write_string(2, 0, format!("No recurring {what} found."))?;
    }
    table.finish(&mut ws, true)?;
    Ok(ws)
}

/// Loans and EMIs: transactions with lenders (EMIs out, disbursals in, their
/// bounces), with every transaction column.
pub(crate) fn loans(st: &mut Styles, data: &AccountData<'_>) -> Result<Worksheet, XlsxError> {
    let mut ws = sheet(LOANS)?;
    let mut headers = vec!["Kind"];
    headers.extend_from_slice(TXN_HEADERS);
    headers.extend(["Hash", "Why lender"]);
    let mut table = Table::new(&mut ws, st, 0, 0, &headers)?;
    let txns = by_hash(data);
    let (mut emis, mut disbursed) = (Money::ZERO, Money::ZERO);
    for item in &data.lender {
        let Some(t) = txns.get(item.hash.as_str()) else { continue };
        let kind = match t.kind {
            TxnType::Debit => {
                emis += t.amount;
                "EMI / repayment"
            }
            TxnType::Credit => {
                disbursed += t.amount;
                "Disbursal / credit"
            }
        };
        let mut cells = vec![Cell::text(kind)];
        cells.extend(txn_cells(t));
        cells.push(Cell::text(&t.hash));
        cells.push(Cell::text(crate::enrich::lender::reason(t)));
        table.row(&mut ws, st, &cells)?;
    }
    if table.len() == 0 {
        ws.write_string(2, 0, "No transactions with lenders found.")?;
    }
    table.finish(&mut ws, true)?;
    if table.len() > 0 {
        // Under Debit and Credit (columns 6 and 7: Kind, then TXN_HEADERS).
        let row = table.next + 1;
        ws.write_string_with_format(row, 0, "Total", &st.label)?;
        st.write(&mut ws, row, 6, &Cell::Money(emis))?;
        st.write(&mut ws, row, 7, &Cell::Money(disbursed))?;
    }
    Ok(ws)
}

/// Top 5 Credits or Top 5 Debits: each month's five largest, by note.
pub(crate) fn top(st: &mut Styles, months: &[MonthTop], kind: TxnType) -> Result<Worksheet, XlsxError> {
    let name = if kind == TxnType::Credit { TOP_CREDITS } else { TOP_DEBITS };
    let mut ws = sheet(name)?;
    let mut table = Table::new(&mut ws, st, 0, 0, &["Month", "Rank", "Transaction Note", "Amount"])?;
    for m in months {
        for (rank, (note, amount)) in m.entries.iter().enumerate() {
            table.row(
                &mut ws,
                st,
                &[
                    Cell::text(m.month.format(MonthShape::Label)),
                    Cell::Int(rank as i64 + 1),
                    Cell::text(note),
                    Cell::Money(*amount),
                ],
            )?;
        }
    }
    table.finish(&mut ws, true)?;
    Ok(ws)
}

/// Expense Categories: each category's share of the debits (the response's
/// percentages), with the amount and count behind it, and a pie.
pub(crate) fn categories(st: &mut Styles, data: &AccountData<'_>) -> Result<Worksheet, XlsxError> {
    let mut ws = sheet(CATEGORIES)?;
    let mut amounts: HashMap<&str, (Money, i64)> = HashMap::new();
    for t in data.transactions().iter().filter(|t| t.kind == TxnType::Debit && !t.amount.is_zero()) {
        let e = amounts.entry(category_of(t)).or_insert((Money::ZERO, 0));
        e.0 += t.amount;
        e.1 += 1;
    }
    let mut table = Table::new(&mut ws, st, 0, 0, &["Category", "Share", "Amount", "Debits"])?;
    for c in &data.categories {
        let (amount, count) = amounts.get(c.category.as_str()).copied().unwrap_or((Money::ZERO, 0));
        table.row(
            &mut ws,
            st,
            &[Cell::text(&c.category), Cell::Pct(c.percentage as f64), Cell::Money(amount), Cell::Int(count)],
        )?;
    }
    table.finish(&mut ws, true)?;
    match table.last_row() {
        Some(last) => {
            let chart = charts::categories(CATEGORIES, 1, last, 0, 1);
            ws.insert_chart(1, 5, &chart)?;
        }
        None => {
            ws.write_string(2, 0, "No debits in this period.")?;
        }
    }
    Ok(ws)
}
