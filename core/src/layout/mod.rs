//! Table reconstruction: positioned words to the rows of a statement's
//! transaction table.
//!
//! Three steps, one file each:
//! - [`lines`]: words of a page grouped into lines by baseline (invisible and
//!   white text is left out of the table and counted, so forensics can see it);
//! - [`table`]: the header row found by its vocabulary (one to three baselines,
//!   for headers that wrap), and the column bands it implies;
//! - [`rows`]: body lines cut out of every page (page headers, footers and the
//!   repeated customer block skipped), special rows (brought forward, totals)
//!   recognised, and wrapped narrations merged into their row.
//!
//! The layout knows geometry, not words: the column vocabulary, dates and
//! special-row labels come from a [`Vocabulary`] (see `crate::extract`), so
//! data flows one way, `pdf` → `layout` → `extract`.

pub mod infer;
pub mod lines;
pub mod rows;
pub mod table;

pub use lines::{Line, PageLines, Rule, Word, page_lines};
pub use rows::{Orientation, Row, Special, Table, find_table, misgrouped, plain_amount, point_as_space};
pub use table::{Bands, Column, Header, find_header};

/// What a column of the transaction table holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColumnKind {
    /// Transaction (posting) date.
    Date,
    /// Value date.
    ValueDate,
    /// Narration / particulars / description.
    Narration,
    /// Cheque or reference number.
    Ref,
    /// Withdrawals.
    Debit,
    /// Deposits.
    Credit,
    /// One amount column for both directions.
    Amount,
    /// Dr/Cr marker of the amount (with [`ColumnKind::Amount`]) or of the balance.
    DrCr,
    /// Running balance.
    Balance,
    /// Serial number.
    Serial,
    /// A column the reader does not use (branch, transaction type, ...).
    Other,
}

impl ColumnKind {
    /// Columns that hold amounts (right-aligned on almost every statement).
    pub fn is_numeric(self) -> bool {
        matches!(self, ColumnKind::Debit | ColumnKind::Credit | ColumnKind::Amount | ColumnKind::Balance)
    }
}

/// Rows that are part of the table but are not transactions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SpecialKind {
    /// "Opening Balance", "B/F", "Brought Forward": the balance before the next row.
    Opening,
    /// "Carried Forward", "C/F".
    CarriedForward,
    /// "Total", "Transaction Total", "Grand Total": ends the page's table.
    Total,
    /// "Closing Balance" in the table: ends it.
    Closing,
    /// "Statement Summary", "Dr Count", "End of statement", page footers: end the page's table.
    End,
    /// A month's sub-total between the rows ("Total for April 2024", "Sub
    /// Total May 2024"): not a row, and the table goes on after it.
    SubTotal,
    /// A sub-heading between the rows ("APRIL 2024", "Month: May-2024"): not
    /// a row, and the table goes on after it.
    Heading,
}

/// The words a layout needs recognised; `crate::extract` provides them.
pub trait Vocabulary {
    /// The kind of a header label (`"Withdrawal Amt."` → Debit), or `None`.
    fn column_kind(&self, label: &str) -> Option<ColumnKind>;
    /// True when `text` starts with a date.
    fn starts_with_date(&self, text: &str) -> bool;
    /// A special row label at the start of `text`: the text of a line without
    /// its amount columns, or (`dated`) the narration of a line with a date,
    /// where only a whole-cell opening, carried-forward or closing label counts.
    fn special(&self, text: &str, dated: bool) -> Option<SpecialKind>;
    /// True when `label` names a column the reader does not use ("Branch",
    /// "Init. Br", "SOL ID", "Type"): it names no kind, but a header phrase
    /// may be cut at it.
    fn names_unused_column(&self, _label: &str) -> bool {
        false
    }
    /// True when `text` is a page's mark and nothing else: its number ("Page 2
    /// of 5", "PAGE NO 2", "2 of 5") or a line saying the table continues from
    /// the page before ("(continued from previous page)", "CONTD. FROM PAGE 1").
    fn page_mark(&self, _text: &str) -> bool {
        false
    }
    /// True when `text` says the statement's rows are over and what follows
    /// is not theirs: "End of Statement", "Statement Summary", the title of a
    /// pending, hold or reward points table or of a legend.
    fn ends_statement(&self, _text: &str) -> bool {
        false
    }
}
