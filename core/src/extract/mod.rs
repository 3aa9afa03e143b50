//! The generic statement reader: pages of words to identity and transactions.
//!
//! Needs no bank profile: the table is found by its header vocabulary
//! ([`vocab`]), dates and amounts are read in every printed form ([`dates`],
//! [`crate::money`]), the bank is detected from an IFSC code or its name, and
//! the holder's details come from the header block ([`identity`]). Profiles
//! ([`profiles`]) only add what the reader cannot know.

pub mod dates;
pub mod identity;
pub mod profiles;
pub mod vocab;

use chrono::NaiveDateTime;

use crate::banks::{self, Bank};
use crate::error::{Error, Result};
use crate::layout::{self, ColumnKind, Line, PageLines, Row, SpecialKind, Table};
use crate::model::{Identity, Transaction, TxnType};
use crate::money::Money;
use crate::pdf::Page;

pub use vocab::StatementVocabulary;

/// What the reader found in a statement.
#[derive(Clone, Debug, PartialEq)]
pub struct Extracted {
    /// The bank, detected (or declared when the statement does not say).
    pub bank: &'static Bank,
    /// Holder and account; balances filled from the table when the header lacks them.
    pub identity: Identity,
    /// Every transaction row, in statement order.
    pub transactions: Vec<Transaction>,
    /// Balance before the first row, when printed (B/F row or summary).
    pub printed_opening: Option<Money>,
    /// Dated anchor rows that could not be read as transactions (bad amounts).
    pub unread_rows: usize,
    /// Words drawn invisible or in white, left out of the table.
    pub hidden_words: usize,
    /// True when wrapped narration sits above the amounts.
    pub narration_first: bool,
}

/// Reads a statement from its pages. `declared_bank` is the caller's bank
/// (an identifier such as `hdfc`, or a name); it must agree with the bank the
/// statement names.
pub fn extract(pages: &[Page], declared_bank: Option<&str>) -> Result<Extracted> {
    let lines: Vec<PageLines> = pages.iter().map(layout::page_lines).collect();
    extract_lines(&lines, declared_bank)
}

/// [`extract`] over pages already grouped into lines.
pub fn extract_lines(pages: &[PageLines], declared_bank: Option<&str>) -> Result<Extracted> {
    let table = layout::find_table(pages, &StatementVocabulary);
    let (block, rest) = header_block(pages, table.as_ref());
    let mut identity = identity::read(&block, &rest);
    let first_text: String =
        pages.first().map(|p| p.lines.iter().map(Line::text).collect::<Vec<_>>().join("\n")).unwrap_or_default();

    let detected = identity.ifsc.as_deref().and_then(banks::by_ifsc).or_else(|| banks::by_name_in(&first_text));
    let table = match table {
        Some(t) if !t.rows.is_empty() => t,
        _ => {
            let signals = statement_signals(&first_text)
                + usize::from(detected.is_some()) * 2
                + usize::from(!identity.account_number.is_empty()) * 2;
            return Err(if signals >= 3 {
                Error::UnsupportedFormat {
                    reason: "no transaction table (a header row naming date, amount and balance columns) was found"
                        .into(),
                }
            } else {
                Error::NotAStatement { reason: "no bank, account number or transaction table in the document".into() }
            });
        }
    };
    let bank = resolve_bank(detected, declared_bank)?;

    let (transactions, unread_rows) = transactions(&table);
    let printed_opening = table
        .specials
        .iter()
        .find(|s| s.kind == SpecialKind::Opening && s.after_rows == 0)
        .and_then(|s| special_balance(&s.row))
        .or(identity.opening_balance);
    let printed_closing =
        table.specials.iter().rev().find(|s| s.kind == SpecialKind::Closing).and_then(|s| special_balance(&s.row));
    let transactions = infer_types(transactions, printed_opening);
    identity.opening_balance = printed_opening.or_else(|| crate::reconcile::implied_opening(&transactions));
    identity.closing_balance =
        printed_closing.or(identity.closing_balance).or_else(|| transactions.last().map(|t| t.balance));
    if identity.period_from.is_none() {
        identity.period_from = transactions.iter().map(|t| t.date.date()).min();
        identity.period_to = transactions.iter().map(|t| t.date.date()).max();
    }
    Ok(Extracted {
        bank,
        identity,
        transactions,
        printed_opening,
        unread_rows,
        hidden_words: pages.iter().map(|p| p.hidden.len()).sum(),
        narration_first: table.narration_first,
    })
}

/// The lines above the table on its first page (the header block), and the
/// lines after the table ends (summaries, footers).
fn header_block(pages: &[PageLines], table: Option<&Table>) -> (Vec<Line>, Vec<Line>) {
    match table {
        Some(t) => {
            let (p, l) = t.header_at;
            let block = pages.get(p).map(|pg| pg.lines.iter().take(l).cloned().collect()).unwrap_or_default();
            let rest = match t.end_at {
                Some((ep, el)) => {
                    pages.get(ep).map(|pg| pg.lines.iter().skip(el + 1).cloned().collect()).unwrap_or_default()
                }
                None => Vec::new(),
            };
            (block, rest)
        }
        None => (pages.first().map(|p| p.lines.clone()).unwrap_or_default(), Vec::new()),
    }
}

/// How many words of a bank statement a text has.
fn statement_signals(text: &str) -> usize {
    let u = text.to_ascii_uppercase();
    [
        "STATEMENT OF ACCOUNT",
        "ACCOUNT STATEMENT",
        "ACCOUNT NO",
        "ACCOUNT NUMBER",
        "A/C NO",
        "IFSC",
        "BRANCH",
        "BALANCE",
        "NARRATION",
        "WITHDRAWAL",
        "DEPOSIT",
    ]
    .iter()
    .filter(|w| u.contains(*w))
    .count()
}

/// The bank: detected, checked against the declared one.
fn resolve_bank(detected: Option<&'static Bank>, declared: Option<&str>) -> Result<&'static Bank> {
    let declared_bank = match declared.map(str::trim).filter(|d| !d.is_empty()) {
        Some(d) => Some(
            banks::by_id(d)
                .or_else(|| banks::by_ifsc_prefix_or_id(d))
                .or_else(|| banks::by_name_in(d))
                .ok_or_else(|| Error::invalid_argument("bank", format!("unknown bank {d:?}")))?,
        ),
        None => None,
    };
    match (detected, declared_bank) {
        (Some(found), Some(said)) if found.id != said.id => {
            Err(Error::BankNameMismatch { declared: said.id.to_string(), detected: found.id.to_string() })
        }
        (Some(found), _) => Ok(found),
        (None, Some(said)) => Ok(said),
        (None, None) => Err(Error::BankUndetected),
    }
}

/// An amount cell: `(Dr)`/`(Cr)` marks made plain suffixes; blank, `-` and `0.00` → `None`/zero.
fn amount_cell(text: &str) -> Option<Money> {
    let t = text.trim();
    // A suffix mark printed as its own word: "500.00 (Dr)". Only cells with a
    // parenthesis pay for the rewrite (amount cells are read for every row).
    let t: std::borrow::Cow<'_, str> = if t.contains('(') {
        t.replace("(Dr)", "Dr").replace("(Cr)", "Cr").replace("(DR)", "DR").replace("(CR)", "CR").into()
    } else {
        t.into()
    };
    let t = layout::plain_amount(&t);
    let t = t.trim();
    if t.is_empty() || matches!(t, "-" | "--" | "NIL" | "Nil") {
        return None;
    }
    Money::parse(t).ok()
}

fn drcr(text: &str) -> Option<TxnType> {
    match text.trim().trim_end_matches('.').to_ascii_uppercase().as_str() {
        "DR" | "D" | "DEBIT" => Some(TxnType::Debit),
        "CR" | "C" | "CREDIT" => Some(TxnType::Credit),
        _ => None,
    }
}

/// The balance of a brought-forward, opening or closing row.
fn special_balance(row: &Row) -> Option<Money> {
    let bal = amount_cell(row.cell(ColumnKind::Balance))?;
    Some(signed_balance(bal, row))
}

/// A balance with the sign its own Dr/Cr column gives (when the table has
/// debit and credit columns, a DR/CR column marks the balance).
fn signed_balance(bal: Money, row: &Row) -> Money {
    let has_amount_col = row.cells.iter().any(|(k, _)| *k == ColumnKind::Amount);
    if !has_amount_col && drcr(row.cell(ColumnKind::DrCr)) == Some(TxnType::Debit) { -bal.abs() } else { bal }
}

/// A row read, its type possibly still unknown (one amount column, no Dr/Cr).
struct Read {
    txn: Transaction,
    kind_known: bool,
}

fn transactions(table: &Table) -> (Vec<Read>, usize) {
    let mut out = Vec::with_capacity(table.rows.len());
    let mut unread = 0;
    for row in &table.rows {
        match read_row(row) {
            Some(r) => out.push(r),
            None => unread += 1,
        }
    }
    (out, unread)
}

fn read_row(row: &Row) -> Option<Read> {
    let date: NaiveDateTime =
        dates::parse_date(row.cell(ColumnKind::Date)).or_else(|| dates::parse_date(row.cell(ColumnKind::ValueDate)))?;
    let balance = signed_balance(amount_cell(row.cell(ColumnKind::Balance))?, row);
    let has_amount_col = row.cells.iter().any(|(k, _)| *k == ColumnKind::Amount);
    let (kind, amount, kind_known) = if has_amount_col {
        let text = row.cell(ColumnKind::Amount);
        let amount = amount_cell(text).unwrap_or(Money::ZERO);
        let upper = text.to_ascii_uppercase();
        let marked = upper.contains("DR") || upper.contains("CR") || text.contains('-') || text.contains('(');
        match drcr(row.cell(ColumnKind::DrCr)) {
            Some(k) => (k, amount.abs(), true),
            None if marked => (if amount.is_negative() { TxnType::Debit } else { TxnType::Credit }, amount.abs(), true),
            None => (TxnType::Debit, amount.abs(), false),
        }
    } else {
        let d = amount_cell(row.cell(ColumnKind::Debit)).unwrap_or(Money::ZERO).abs();
        let c = amount_cell(row.cell(ColumnKind::Credit)).unwrap_or(Money::ZERO).abs();
        match (d.is_zero(), c.is_zero()) {
            (false, true) => (TxnType::Debit, d, true),
            (true, false) => (TxnType::Credit, c, true),
            (true, true) => (TxnType::Debit, Money::ZERO, false),
            (false, false) => (TxnType::Debit, d, false),
        }
    };
    let mut txn = Transaction::new(date, row.cell(ColumnKind::Narration), kind, amount, balance);
    txn.value_date = dates::parse_date(row.cell(ColumnKind::ValueDate)).map(|d| d.date());
    let r = row.cell(ColumnKind::Ref).trim();
    txn.ref_no = (!r.is_empty() && r != "-").then(|| r.to_string());
    Some(Read { txn, kind_known })
}

/// Debit or credit from the balance movement where the row does not say.
fn infer_types(rows: Vec<Read>, opening: Option<Money>) -> Vec<Transaction> {
    let mut out: Vec<Transaction> = Vec::with_capacity(rows.len());
    let mut prev = opening;
    for r in &rows {
        let mut t = r.txn.clone();
        if !r.kind_known {
            let before = prev;
            let credit_fits = before.is_some_and(|p| p + t.amount == t.balance);
            let debit_fits = before.is_some_and(|p| p - t.amount == t.balance);
            if let (Some(p), false, false) = (before, credit_fits, debit_fits) {
                // A break: keep the direction the balance moved.
                t.kind = if t.balance >= p { TxnType::Credit } else { TxnType::Debit };
            } else {
                t.kind = if credit_fits && !debit_fits { TxnType::Credit } else { TxnType::Debit };
            }
        }
        prev = Some(t.balance);
        out.push(t);
    }
    out
}
