//! The sheets of one account's workbook.

use rust_xlsxwriter::{Worksheet, XlsxError};

use super::{AccountData, BOUNCES, FRAUDS, OVERVIEW, TRANSACTIONS, sheet};
use crate::model::{AccountCategory, AccountType, Transaction, TxnType};
use crate::money::Money;
use crate::report::cells::{Cell, Styles, Table, cell_ref, fit_row, wrap_lines};
use crate::resources::MonthShape;
use crate::taxonomy::FraudType;

/// A titled block of label / value rows on an overview sheet.
#[derive(Debug)]
pub(crate) struct Section {
    pub(crate) title: &'static str,
    pub(crate) rows: Vec<(String, Cell)>,
}

/// Width of the label column of an overview.
const LABEL_WIDTH: f64 = 40.0;
/// Width of the value column of an overview.
const VALUE_WIDTH: f64 = 48.0;

/// Writes `sections` from `row` down, one blank row between them; returns the
/// next free row.
pub(crate) fn write_sections(
    ws: &mut Worksheet,
    st: &mut Styles,
    mut row: u32,
    sections: &[Section],
) -> Result<u32, XlsxError> {
    ws.set_column_width(0, LABEL_WIDTH)?;
    ws.set_column_width(1, VALUE_WIDTH)?;
    for s in sections {
        ws.write_string_with_format(row, 0, s.title, &st.section)?;
        ws.write_string_with_format(row, 1, "", &st.section)?;
        row += 1;
        for (label, value) in &s.rows {
            ws.write_string_with_format(row, 0, label, &st.label)?;
            st.write(ws, row, 1, value)?;
            if let Cell::Wrap(text) = value {
                fit_row(ws, row, wrap_lines(text, VALUE_WIDTH as usize))?;
            }
            row += 1;
        }
        row += 1;
    }
    Ok(row)
}

fn category(c: AccountCategory) -> &'static str {
    match c {
        AccountCategory::Individual => "Individual",
        AccountCategory::Corporate => "Corporate",
    }
}

fn or_not_found(s: &str) -> Cell {
    if s.trim().is_empty() { Cell::text("(not found)") } else { Cell::text(s) }
}

/// The account block of an overview: holder, bank, numbers, category.
pub(crate) fn account_section(data: &AccountData<'_>) -> Section {
    let info = &data.view.info;
    let id = data.view.identity;
    let account_type = match id.account_type {
        Some(AccountType::Savings) => "Savings",
        Some(AccountType::Current) => "Current",
        None => "(not printed)",
    };
    Section {
        title: "Account",
        rows: vec![
            ("Account holder".into(), or_not_found(&id.name)),
            ("Address".into(), or_not_found(&id.address)),
            ("Bank".into(), Cell::text(&info.bank)),
            ("Account number".into(), or_not_found(&info.account_number)),
            ("IFSC".into(), Cell::text(info.ifsc.as_deref().unwrap_or("(not printed)"))),
            ("MICR".into(), Cell::text(info.micr.as_deref().unwrap_or("(not printed)"))),
            ("Account category".into(), Cell::text(category(info.account_category))),
            ("Account type".into(), Cell::text(account_type)),
            ("Credit limit".into(), Cell::Money(id.credit_limit)),
            ("Account id".into(), Cell::text(&info.account_id)),
        ],
    }
}

/// The period block: dates, statements, months with and without data.
pub(crate) fn period_section(data: &AccountData<'_>) -> Section {
    let (from, to) = match data.period {
        Some((a, b)) => (Cell::Date(a), Cell::Date(b)),
        None => (Cell::text("(no transactions)"), Cell::Empty),
    };
    let missing = if data.missing_months.is_empty() {
        "None".to_owned()
    } else {
        data.missing_months.iter().map(|m| m.format(MonthShape::Label)).collect::<Vec<_>>().join(", ")
    };
    Section {
        title: "Period",
        rows: vec![
            ("From".into(), from),
            ("To".into(), to),
            ("Statements".into(), Cell::Int(data.view.statements.len() as i64)),
            ("Months with transactions".into(), Cell::Int(data.view.info.months.len() as i64)),
            ("Missing months".into(), Cell::text(missing)),
            ("Transactions".into(), Cell::Int(data.transactions().len() as i64)),
        ],
    }
}

/// The reading block: per statement, what the balance chain proves of its rows.
pub(crate) fn reading_section(data: &AccountData<'_>) -> Section {
    let mut rows: Vec<(String, Cell)> = Vec::new();
    for (i, s) in data.view.statements.iter().enumerate() {
        let r = &s.reading;
        let label = |what: &str| {
            if data.view.statements.len() > 1 { format!("{what} (statement {})", i + 1) } else { what.to_string() }
        };
        rows.push((label("Rows read / proven"), Cell::text(format!("{} / {}", r.rows_read, r.rows_proven))));
        let chain = match &r.first_break {
            None if r.reconciles() => "Reconciles from opening to closing".to_string(),
            None => "Not proven end to end".to_string(),
            Some(b) => {
                format!("Breaks on page {} row {}: printed {} vs expected {}", b.page, b.row, b.printed, b.expected)
            }
        };
        rows.push((label("Balance chain"), Cell::text(chain)));
        if let Some(t) = r.totals_reconcile {
            rows.push((label("Printed totals"), Cell::text(if t { "Reproduced" } else { "NOT reproduced" })));
        }
        rows.push((label("Reading confidence"), Cell::text(format!("{:.2}", r.confidence))));
    }
    Section { title: "Reading", rows }
}

fn sum(amounts: impl Iterator<Item = Money>) -> Money {
    amounts.fold(Money::ZERO, |a, b| a + b)
}

/// The mean, to the paisa; `None` for no values.
fn average(amounts: impl Iterator<Item = Money>) -> Option<Money> {
    let (total, n) = amounts.fold((0i128, 0usize), |(t, n), m| (t + i128::from(m.paise()), n + 1));
    (n > 0).then(|| Money::mean(total, n))
}

/// Key figures an analyst looks at first.
pub(crate) fn highlights_section(data: &AccountData<'_>) -> Section {
    let (n_credit, credits) = data.totals(TxnType::Credit);
    let (n_debit, debits) = data.totals(TxnType::Debit);
    let largest = |kind: TxnType| data.transactions().iter().filter(|t| t.kind == kind).map(|t| t.amount).max();
    let bounce_total = data.bounces.iter().filter_map(|&(i, _)| data.transactions().get(i)).map(|t| t.amount);
    let bounce_total = sum(bounce_total);
    let emis: Vec<_> = data.lender.iter().filter(|t| t.transaction_type == TxnType::Debit).collect();
    Section {
        title: "Key highlights",
        rows: vec![
            ("Opening balance".into(), Cell::money_opt(data.opening)),
            ("Closing balance".into(), Cell::money_opt(data.closing)),
            (format!("Total credits ({n_credit})"), Cell::Money(credits)),
            (format!("Total debits ({n_debit})"), Cell::Money(debits)),
            ("Net cash flow".into(), Cell::Money(credits - debits)),
            ("Largest credit".into(), Cell::money_opt(largest(TxnType::Credit))),
            ("Largest debit".into(), Cell::money_opt(largest(TxnType::Debit))),
            (format!("Bounces and penal charges ({})", data.bounces.len()), Cell::Money(bounce_total)),
            ("Average EOD balance".into(), Cell::money_opt(average(data.eod.iter().map(|(_, b)| *b)))),
            (format!("Salary credits ({})", data.salary.len()), Cell::Money(sum(data.salary.iter().map(|s| s.amount)))),
            (
                "Employer".into(),
                Cell::text(data.salary.last().map_or("(no salary found)", |s| s.clean_transaction_note.as_str())),
            ),
            (format!("EMI / loan debits ({})", emis.len()), Cell::Money(sum(emis.iter().map(|t| t.amount)))),
            ("Recurring credit sets".into(), Cell::Int(data.recurring.credit_transactions.len() as i64)),
            ("Recurring debit sets".into(), Cell::Int(data.recurring.debit_transactions.len() as i64)),
            (
                "Largest expense category".into(),
                Cell::text(
                    data.categories
                        .first()
                        .map_or("(no debits)".to_owned(), |c| format!("{} ({}%)", c.category, c.percentage)),
                ),
            ),
        ],
    }
}

/// The fraud block: status, the types found, a link to the Frauds sheet.
pub(crate) fn fraud_section(data: &AccountData<'_>) -> Section {
    let types: Vec<&str> = FraudType::ALL
        .iter()
        .filter(|t| data.findings.iter().any(|f| f.fraud_type == **t))
        .map(|t| t.as_str())
        .collect();
    let status = if types.is_empty() {
        "No fraud signals".to_owned()
    } else {
        format!("{} signal(s) found", data.findings.len())
    };
    let flagged =
        data.view.statements.iter().filter(|s| data.findings.iter().any(|f| f.statement_id == Some(s.id))).count();
    Section {
        title: "Fraud",
        rows: vec![
            ("Fraud status".into(), Cell::text(status)),
            (
                "Fraud types found".into(),
                Cell::text(if types.is_empty() { "None".to_owned() } else { types.join(", ") }),
            ),
            ("Statements flagged".into(), Cell::text(format!("{flagged} of {}", data.view.statements.len()))),
            ("Details".into(), Cell::Link { text: "See the Frauds sheet".into(), target: cell_ref(FRAUDS, 0, 0) }),
        ],
    }
}

/// The score block: the score, then each factor's points and reason.
pub(crate) fn score_section(data: &AccountData<'_>) -> Section {
    let card = &data.scorecard;
    let mut rows = vec![
        ("Score (300 to 900)".into(), Cell::Int(i64::from(card.score))),
        ("Points".into(), Cell::text(format!("{} of {}", card.points, card.max_points))),
    ];
    for f in &card.factors {
        rows.push((format!("{} ({}/{})", f.name, f.points, f.max_points), Cell::Wrap(f.reason.clone())));
    }
    Section { title: "Score", rows }
}

/// Overview: holder, bank, account, period, key highlights.
pub(crate) fn overview(st: &mut Styles, data: &AccountData<'_>) -> Result<Worksheet, XlsxError> {
    let mut ws = sheet(OVERVIEW)?;
    let holder = data.view.identity.name.trim();
    let title = if holder.is_empty() {
        format!("Statement analysis: {} {}", data.view.info.bank, data.view.info.account_number)
    } else {
        format!("Statement analysis: {holder}")
    };
    ws.write_string_with_format(0, 0, title, &st.title)?;
    let sections = [
        account_section(data),
        period_section(data),
        reading_section(data),
        score_section(data),
        fraud_section(data),
        highlights_section(data),
    ];
    write_sections(&mut ws, st, 2, &sections)?;
    ws.set_active(true);
    Ok(ws)
}

/// The columns of a transaction row (shared by Transactions and the lists of
/// the analysis sheets).
pub(crate) const TXN_HEADERS: &[&str] = &[
    "Date",
    "Value Date",
    "Transaction Note",
    "Ref No",
    "Type",
    "Debit",
    "Credit",
    "Balance",
    "Channel",
    "Description",
    "Merchant Category",
    "Counterparty",
];

/// The cells of [`TXN_HEADERS`] for one transaction.
pub(crate) fn txn_cells(t: &Transaction) -> Vec<Cell> {
    let (debit, credit) = match t.kind {
        TxnType::Debit => (Cell::Money(t.amount), Cell::Empty),
        TxnType::Credit => (Cell::Empty, Cell::Money(t.amount)),
    };
    vec![
        Cell::DateTime(t.date),
        t.value_date.map_or(Cell::Empty, Cell::Date),
        Cell::text(&t.note),
        Cell::text(t.ref_no.as_deref().unwrap_or("")),
        Cell::text(t.kind.as_str()),
        debit,
        credit,
        Cell::Money(t.balance),
        Cell::text(t.channel.as_str()),
        Cell::text(&t.description),
        Cell::text(t.merchant_category.as_str()),
        Cell::text(&t.clean_note),
    ]
}

/// Transactions: every row with its enrichment columns and the hash that
/// ties it to the JSON.
pub(crate) fn transactions(st: &mut Styles, data: &AccountData<'_>) -> Result<Worksheet, XlsxError> {
    let mut ws = sheet(TRANSACTIONS)?;
    let mut headers = TXN_HEADERS.to_vec();
    headers.push("Hash");
    let mut table = Table::new(&mut ws, st, 0, 0, &headers)?;
    for t in data.transactions() {
        let mut cells = txn_cells(t);
        cells.push(Cell::text(&t.hash));
        table.row(&mut ws, st, &cells)?;
    }
    table.finish(&mut ws, true)?;
    Ok(ws)
}

/// Bounces and penal charges: returned cheques and auto-debits, their
/// charges and penal charges.
pub(crate) fn bounces(st: &mut Styles, data: &AccountData<'_>) -> Result<Worksheet, XlsxError> {
    let mut ws = sheet(BOUNCES)?;
    let mut headers = vec!["Kind"];
    headers.extend_from_slice(TXN_HEADERS);
    let mut table = Table::new(&mut ws, st, 0, 0, &headers)?;
    for &(i, kind) in &data.bounces {
        let Some(t) = data.transactions().get(i) else { continue };
        let mut cells = vec![Cell::text(kind)];
        cells.extend(txn_cells(t));
        table.row(&mut ws, st, &cells)?;
    }
    if table.len() == 0 {
        ws.write_string(2, 0, "No bounces or penal charges in this period.")?;
    }
    table.finish(&mut ws, true)?;
    Ok(ws)
}
