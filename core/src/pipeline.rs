//! The whole read of one PDF statement: bytes to a reconciled [`Statement`].
//!
//! `pdf::extract` → `layout` → `extract` → `reconcile` → hashes. Enrichment
//! (channel, description, merchant category) runs after this, on the
//! returned statement's transactions, so a host can report identity first.

use std::fmt;

use chrono::Utc;
use uuid::Uuid;

use crate::error::Result;
use crate::extract::{self, Extracted};
use crate::limits::Limits;
use crate::model::{BalanceBreak, Source, Statement, assign_hashes};
use crate::pdf::{self, OpenOptions};
use crate::reconcile;

/// How to read a statement PDF.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// The PDF password, when it has a non-empty one.
    pub password: Option<String>,
    /// The bank the caller says the statement is from (`hdfc`, or a name);
    /// a statement from another bank is refused with `BankNameMismatch`.
    pub declared_bank: Option<String>,
    /// Resource limits.
    pub limits: Limits,
}

impl fmt::Debug for ReadOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ReadOptions")
            .field("password", &self.password.as_ref().map(|_| "***"))
            .field("declared_bank", &self.declared_bank)
            .field("limits", &self.limits)
            .finish()
    }
}

impl ReadOptions {
    /// Options with a password and default limits.
    pub fn with_password(password: impl Into<String>) -> Self {
        ReadOptions { password: Some(password.into()), ..ReadOptions::default() }
    }
}

/// Reads a statement PDF: identity, every transaction, running-balance breaks.
///
/// Errors: `PasswordIncorrect`, `PdfIsImage`, `NotAStatement`,
/// `UnsupportedFormat`, `BankNameMismatch`, `BankUndetected`, `LimitExceeded`,
/// `Malformed` (see [`crate::Error`]).
pub fn read_pdf(bytes: &[u8], options: &ReadOptions) -> Result<Statement> {
    let open = OpenOptions { password: options.password.clone(), limits: options.limits.clone() };
    let doc = pdf::open(bytes, &open)?;
    let (pages, ocr) = pages(&doc)?;
    let info = doc.info();
    let made = info.creation_date.map(|d| d.date_naive());
    let mut extracted = extract::extract_made(&pages, options.declared_bank.as_deref(), made)?;
    bank_from_info(&mut extracted, &info, options);
    Ok(with_ocr(extracted, &ocr))
}

/// The pages the statement reader sees: text layers, and (with the `ocr`
/// feature) the words OCR reads on scanned pages. `bankscope text` prints them,
/// so a scan shows what the reader was given.
///
/// Errors: as [`crate::pdf::extract`], and a scan OCR cannot read.
pub fn read_pages(bytes: &[u8], options: &OpenOptions) -> Result<Vec<pdf::Page>> {
    let doc = pdf::open(bytes, options)?;
    Ok(pages(&doc)?.0)
}

/// What OCR read, when the feature is on.
#[cfg(feature = "ocr")]
type Ocr = crate::ocr::OcrPass;
#[cfg(not(feature = "ocr"))]
type Ocr = ();

/// The document's pages: text layers, and with the `ocr` feature scans read by OCR.
fn pages(doc: &pdf::Document) -> Result<(Vec<pdf::Page>, Ocr)> {
    #[cfg(feature = "ocr")]
    return crate::ocr::pages(doc);
    #[cfg(not(feature = "ocr"))]
    return Ok((doc.pages()?, ()));
}

/// [`statement`], with the reading report saying which pages OCR read.
#[cfg_attr(not(feature = "ocr"), allow(clippy::let_unit_value, unused_variables))]
fn with_ocr(extracted: Extracted, ocr: &Ocr) -> Statement {
    #[cfg(feature = "ocr")]
    let rows: Vec<_> = extracted.transactions.iter().map(|t| t.balance).zip(extracted.pages.iter().copied()).collect();
    #[cfg_attr(not(feature = "ocr"), allow(unused_mut))]
    let mut statement = statement(extracted);
    #[cfg(feature = "ocr")]
    {
        statement.reading.ocr = ocr.reading(&rows);
    }
    statement
}

/// A statement whose pages name no bank bankscope knows (no IFSC, no name,
/// none declared) takes the bank its document information names: title,
/// author or creator ("Axis Bank Statement", "ICICI Bank Ltd").
fn bank_from_info(extracted: &mut Extracted, info: &pdf::Info, options: &ReadOptions) {
    if extracted.bank.known.is_some() || options.declared_bank.is_some() || extracted.identity.ifsc.is_some() {
        return;
    }
    let said = [&info.title, &info.author, &info.creator].into_iter().flatten().cloned().collect::<Vec<_>>().join(" ");
    if let Some(bank) = crate::banks::by_name_in(&said) {
        extracted.bank = extract::StatementBank::known(bank);
    }
}

/// [`read_pdf`] plus the PDF's forensic record (producer, revisions, fonts,
/// hidden text) for the metadata fraud checks, from one open of the file. The
/// returned statement keeps the digest the checks need
/// ([`Statement::forensics`]).
pub fn read_pdf_with_forensics(bytes: &[u8], options: &ReadOptions) -> Result<(Statement, pdf::Forensics)> {
    let open = OpenOptions { password: options.password.clone(), limits: options.limits.clone() };
    let doc = pdf::open(bytes, &open)?;
    let (pages, ocr) = pages(&doc)?;
    let made = doc.info().creation_date.map(|d| d.date_naive());
    let mut extracted = extract::extract_made(&pages, options.declared_bank.as_deref(), made)?;
    let forensics = doc.forensics()?;
    bank_from_info(&mut extracted, &forensics.info, options);
    let mut statement = with_ocr(extracted, &ocr);
    statement.forensics = Some(crate::analysis::fraud::metadata::digest(&forensics, &pages, &statement.transactions));
    Ok((statement, forensics))
}

/// A statement from what the reader found: reconciled and hashed.
pub fn statement(extracted: Extracted) -> Statement {
    let Extracted {
        bank,
        identity,
        mut transactions,
        printed_opening,
        printed_balances,
        pages,
        printed_closing,
        unread_rows,
        sides_corrected,
        totals_reconcile,
        rows_reordered,
        sides_undecided,
        dates_impossible,
        year_from_file,
        other_account_page,
        ..
    } = extracted;
    let opening = printed_opening.or(identity.opening_balance);
    let mut balance_breaks = reconcile::balance_breaks(opening, &transactions);
    // A printed closing balance the rows do not reach is a break at the last row.
    if let (Some(closing), Some(last)) = (printed_closing, transactions.last())
        && closing != last.balance
        && balance_breaks.is_empty()
    {
        balance_breaks.push(BalanceBreak { index: transactions.len() - 1, expected: last.balance, printed: closing });
    }
    let reading = reconcile::reading_report(
        printed_opening,
        &transactions,
        &reconcile::ReadFacts {
            printed: &printed_balances,
            pages: &pages,
            closing: printed_closing,
            unread: unread_rows,
            corrected: sides_corrected,
            totals: totals_reconcile,
            reordered: rows_reordered,
            undecided: sides_undecided,
            impossible: dates_impossible,
            year_from_file,
            other_account_page,
        },
    );
    assign_hashes(&bank.id, &identity.account_number, &mut transactions);
    Statement {
        id: Uuid::new_v4(),
        source: Source::Pdf,
        bank: bank.id,
        identity,
        transactions,
        balance_breaks,
        processed_at: Utc::now(),
        forensics: None,
        reading,
    }
}
