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
pub mod summary;
pub mod vocab;

use chrono::{NaiveDate, NaiveDateTime};

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
    pub bank: StatementBank,
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
    /// Per transaction: true when its row prints its own balance.
    pub printed_balances: Vec<bool>,
    /// Per transaction: the page of its row.
    pub pages: Vec<u32>,
    /// The closing balance the statement prints (summary or closing row).
    pub printed_closing: Option<Money>,
    /// Rows whose debit/credit side the balance chain decided against the columns.
    pub sides_corrected: usize,
    /// Printed debit/credit totals against the rows' sums (`None`: none printed).
    pub totals_reconcile: Option<bool>,
    /// Rows read in another place within their day than printed: the order
    /// the printed balances follow.
    pub rows_reordered: usize,
    /// Rows whose side neither the print nor the balance chain decides (more
    /// than one assignment of sides reproduces the balance closing their stretch).
    pub sides_undecided: usize,
    /// Rows dated on a day the calendar does not have (29 February of a
    /// common year, 31 April), read on the month's last day.
    pub dates_impossible: usize,
    /// Dates are printed without a year and no year is printed anywhere:
    /// the year is the file's (the twelve months before its creation date).
    pub year_from_file: bool,
    /// The page where another account's table starts (a consolidated
    /// statement): its rows and balances are not this statement's.
    pub other_account_page: Option<u32>,
}

/// Reads a statement from its pages. `declared_bank` is the caller's bank
/// (an identifier such as `hdfc`, or a name); it must agree with the bank the
/// statement names.
pub fn extract(pages: &[Page], declared_bank: Option<&str>) -> Result<Extracted> {
    extract_made(pages, declared_bank, None)
}

/// [`extract`], with the day the file was made (its `/CreationDate`): the
/// year of dates printed without one when the statement prints no year
/// anywhere (`10/02` under "Beginning balance on October 10"): the year that
/// puts them in the twelve months before the file was made.
pub fn extract_made(pages: &[Page], declared_bank: Option<&str>, made: Option<NaiveDate>) -> Result<Extracted> {
    let lines: Vec<PageLines> = pages.iter().map(layout::page_lines).collect();
    extract_lines_made(&lines, declared_bank, made)
}

/// [`extract`] over pages already grouped into lines.
pub fn extract_lines(pages: &[PageLines], declared_bank: Option<&str>) -> Result<Extracted> {
    extract_lines_made(pages, declared_bank, None)
}

/// [`extract_made`] over pages already grouped into lines.
pub fn extract_lines_made(
    pages: &[PageLines],
    declared_bank: Option<&str>,
    made: Option<NaiveDate>,
) -> Result<Extracted> {
    let table = layout::find_table(pages, &StatementVocabulary);
    let (block, rest) = header_block(pages, table.as_ref());
    let mut identity = identity::read(&block, &rest);
    let first_text: String =
        pages.first().map(|p| p.lines.iter().map(Line::text).collect::<Vec<_>>().join("\n")).unwrap_or_default();

    // The bank from what the statement says of itself: the account's IFSC,
    // then a bank's name above the table, after it, or in the page headers
    // and footers. Never from the rows: narrations name other banks.
    let zone_text = |lines: &[Line]| lines.iter().map(Line::text).collect::<Vec<_>>().join("\n");
    // Page headers and footers: the lines above a page's first figure and
    // those set well below its last (a wrapped narration follows its row
    // closely; a footer stands apart).
    let margins: String = pages
        .iter()
        .flat_map(|p| {
            let figure = |l: &Line| {
                l.words.iter().any(|w| layout::plain_amount(&w.text).contains('.') && Money::parse(&w.text).is_ok())
            };
            let first = p.lines.iter().position(figure).unwrap_or(p.lines.len());
            let last = p.lines.iter().rposition(figure);
            let foot = last.and_then(|k| p.lines.get(k)).map_or(f32::INFINITY, |l| l.y + 4.0 * l.size);
            p.lines
                .iter()
                .enumerate()
                .filter(move |(i, l)| *i < first.min(3) || (last.is_some_and(|k| *i > k) && l.y >= foot))
                .map(|(_, l)| l)
        })
        .map(Line::text)
        .collect::<Vec<_>>()
        .join("\n");
    // The account's IFSC names its bank: one bankscope knows, or one of the
    // RBI's bank codes, named by it. A name printed elsewhere counts only
    // when the IFSC names neither (a regional rural or co-operative bank
    // prints its sponsor's name: "Sponsored by Canara Bank").
    let by_code = identity.ifsc.as_deref().filter(|i| banks::is_ifsc(i)).and_then(|i| {
        let prefix = i.get(..4)?;
        banks::ifsc_bank_name(prefix).map(|name| StatementBank {
            id: prefix.to_ascii_lowercase(),
            name: name.to_string(),
            known: None,
        })
    });
    let detected = identity.ifsc.as_deref().and_then(banks::by_ifsc).or_else(|| {
        if by_code.is_some() {
            return None;
        }
        banks::by_name_in(&zone_text(&block))
            .or_else(|| banks::by_name_in(&zone_text(&rest)))
            .or_else(|| banks::by_name_in(&margins))
    });
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
    let bank = resolve_bank(detected, declared_bank, &block, &margins, by_code)?;

    // Dates printed without a year take it from the period, or failing
    // that from the years the statement's first page prints.
    let printed_period = identity.period_from.zip(identity.period_to).or_else(|| printed_years(pages));
    let made_period = made.and_then(|d| Some((d.checked_sub_days(chrono::Days::new(365))?, d)));
    let period = printed_period.or(made_period);
    // Said only when a date lacked its year: dates that print theirs need no period.
    let year_from_file = printed_period.is_none()
        && made_period.is_some()
        && table.rows.iter().any(|r| dates::without_year(r.cell(ColumnKind::Date)));
    let ctx = dates::DateContext::decide(
        table.rows.iter().map(|r| r.cell(ColumnKind::Date)).filter(|c| !c.is_empty()),
        period,
    );
    let leading_opening = table
        .specials
        .iter()
        .find(|s| s.kind == SpecialKind::Opening && s.after_rows == 0)
        .and_then(|s| special_balance(&s.row));
    // Rows printed undated under a dated brought-forward row ("12th Feb
    // Balance brought forward", then that day's rows without a date) are of
    // its day; else of the period's first day.
    let opening_day = table
        .specials
        .iter()
        .find(|s| s.kind == SpecialKind::Opening && s.after_rows == 0)
        .and_then(|s| ctx.parse(s.row.cell(ColumnKind::Date)))
        .map(|d| d.date());
    let (mut reads, unread_rows, first_row_opening) = transactions(&table, &ctx, opening_day.or(identity.period_from));
    // A balance carried forward at a page's foot (or brought forward at the
    // next page's head) is the balance after the row above it: a checkpoint
    // for statements that print a balance once a day.
    for s in table
        .specials
        .iter()
        .filter(|s| s.after_rows > 0 && matches!(s.kind, SpecialKind::CarriedForward | SpecialKind::Opening))
    {
        let Some(b) = special_balance(&s.row) else { continue };
        if let Some(r) = reads.iter_mut().rev().find(|r| r.row < s.after_rows)
            && r.row + 1 == s.after_rows
            && r.balance.is_none()
        {
            r.balance = Some(b);
        }
    }
    // Newest first (app exports, some banks): the chain runs from the bottom.
    // Decided by the days (an app may list the newest day first and each
    // day's rows oldest first; the chain then orders the day), or by the
    // times when every row is of one day.
    let steps = |by_day: bool| {
        reads.windows(2).fold((0usize, 0usize), |(b, f), w| {
            let s = w.first().zip(w.get(1)).map_or(0, |(a, c)| {
                if by_day {
                    (c.txn.date.date() - a.txn.date.date()).num_days().signum()
                } else {
                    (c.txn.date - a.txn.date).num_seconds().signum()
                }
            });
            (b + usize::from(s < 0), f + usize::from(s > 0))
        })
    };
    // Newest first: the dates run backwards, allowing a stray pair.
    let backwards = |(back, forward): (usize, usize)| back > 0 && forward * 10 <= back;
    let days = steps(true);
    if backwards(days) || (days == (0, 0) && backwards(steps(false))) {
        reads.reverse();
    }
    let mut printed_opening = leading_opening.or(first_row_opening).or(identity.opening_balance);
    let mut printed_closing = table
        .specials
        .iter()
        .rev()
        .find(|s| s.kind == SpecialKind::Closing)
        .and_then(|s| special_balance(&s.row))
        .or(identity.closing_balance);
    // A summary box the header reader did not take ("Opening Balance 2,435.53"
    // beside the address, "Previous Balance" on a card statement).
    // Not past the start of another account's table (a consolidated statement).
    let ours = |pi: usize, l: &Line| table.next_account.is_none_or(|(np, y)| pi < np || (pi == np && l.y < y));
    // The first two pages, the page of the table's last row and the page
    // where it ends (a summary after the rows, with pages of terms or
    // legends after it), and the last page.
    let mut summary_pages: Vec<usize> = vec![0, 1, pages.len().saturating_sub(1)];
    summary_pages.extend(table.rows.last().and_then(|r| pages.iter().position(|p| p.number == r.page)));
    summary_pages.extend(table.end_at.map(|(p, _)| p));
    summary_pages.sort_unstable();
    summary_pages.dedup();
    // A B/F or C/F line between the rows, its balance in the balance column
    // (`10 Jul 2024 BALANCE BROUGHT FORWARD 1,09,725.25` at page 2's head),
    // is the balance after the row above it, no summary's: never the
    // statement's opening.
    let carried = |number: u32, l: &Line| {
        table.specials.iter().any(|s| {
            s.after_rows > 0
                && s.after_rows < table.rows.len()
                && matches!(s.kind, SpecialKind::Opening | SpecialKind::CarriedForward)
                && !s.row.cell(ColumnKind::Balance).trim().is_empty()
                && s.row.page == number
                && (s.y - l.y).abs() < 0.5
        })
    };
    let summary_lines: Vec<&Line> = summary_pages
        .iter()
        .filter_map(|&pi| pages.get(pi).map(|p| (pi, p)))
        .flat_map(|(pi, p)| p.lines.iter().filter(move |l| ours(pi, l) && !carried(p.number, l)))
        .collect();
    if printed_opening.is_none() {
        // Above the table first: a consolidated statement prints the next
        // account's opening balance after this account's rows.
        let labels = ["OPENINGBALANCE", "OPENINGBAL", "PREVIOUSBALANCE", "BALANCEBROUGHTFORWARD", "BEGINNINGBALANCE"];
        let above: Vec<&Line> = block.iter().collect();
        printed_opening = summary_balance(&above, &labels).or_else(|| summary_balance(&summary_lines, &labels));
        identity.opening_balance = identity.opening_balance.or(printed_opening);
    }
    // A summary: labels over their figures (cut over two lines, figures a
    // few points off, a row per month), label and figure pairs, counts.
    let printed_summary = {
        use layout::Vocabulary;
        summary::read(&summary_lines, |t| StatementVocabulary.starts_with_date(t))
    };
    let summary_balance_of = |field: summary::Field| {
        printed_summary.iter().flatten().filter(move |(f, _)| *f == field).map(|(_, v)| match v {
            summary::Figure::Amount(m) => Some(*m),
            summary::Figure::Count(_) => None,
        })
    };
    if printed_closing.is_none() {
        // The last one printed (a file may bundle several statements; a
        // summary table prints a row per month).
        printed_closing = summary_balance_of(summary::Field::Closing).flatten().last();
    }
    if printed_closing.is_none() {
        // The last one printed: a file may bundle several statements.
        let reversed: Vec<&Line> = summary_lines.iter().rev().copied().collect();
        printed_closing = summary_balance(&reversed, &["CLOSINGBALANCE", "CLOSINGBAL", "NEWBALANCE", "ENDINGBALANCE"]);
    }
    if printed_opening.is_none() {
        printed_opening = summary_balance_of(summary::Field::Opening).flatten().next();
        identity.opening_balance = identity.opening_balance.or(printed_opening);
    }

    // "Balance as on 30 Jun 2024 : 12,345.67" after the rows: dated at the
    // period's end (or the last row's day), the closing balance.
    if printed_closing.is_none() {
        let end = identity.period_to.or_else(|| reads.iter().map(|r| r.txn.date.date()).max());
        printed_closing = end
            .and_then(|end| {
                summary_lines.iter().rev().find_map(|l| identity::balance_as_on(&l.text()).filter(|(d, _)| *d >= end))
            })
            .map(|(_, m)| m);
    }
    // A card statement prints what is owed ("Previous Balance", "New
    // Balance"): as an account balance that is negative, charges debits.
    if is_card_statement(pages) {
        printed_opening = printed_opening.map(|b| -b);
        printed_closing = printed_closing.map(|b| -b);
        identity.opening_balance = identity.opening_balance.map(|b| -b);
        identity.closing_balance = identity.closing_balance.map(|b| -b);
    }
    let dates_impossible = reads.iter().filter(|r| r.impossible_date).count();
    let settled = settle(reads, printed_opening);
    if settled.transactions.is_empty() {
        // A template: its date cells hold the form's placeholders
        // ("mm/dd/yyyy", "DD-MM-YYYY", "<Date>"), not dates.
        // (Such lines are no rows: their date cell holds no date.)
        let placeholder = pages
            .iter()
            .skip(table.header_at.0)
            .flat_map(|p| p.lines.iter())
            .filter_map(|l| l.words.first())
            .map(|w| w.text.trim())
            .find(|t| placeholder_date(t));
        if let Some(p) = placeholder {
            return Err(Error::UnsupportedFormat {
                reason: format!(
                    "a transaction table was found (page {}) but its dates are placeholders ({p:?}): a blank template, not a statement",
                    table.header_at.0 + 1
                ),
            });
        }
        return Err(Error::UnsupportedFormat {
            reason: format!(
                "a transaction table was found (page {}) but none of its {} rows could be read as a dated transaction with an amount",
                table.header_at.0 + 1,
                table.rows.len()
            ),
        });
    }
    let transactions = settled.transactions;
    let totals_reconcile =
        match (totals_check(&table, &transactions), summary_check(&printed_summary, &transactions, printed_opening)) {
            (Some(a), Some(b)) => Some(a && b),
            (a, b) => a.or(b),
        };
    identity.opening_balance = printed_opening.or_else(|| crate::reconcile::implied_opening(&transactions));
    identity.closing_balance = printed_closing.or_else(|| transactions.last().map(|t| t.balance));
    if identity.period_from.is_none() {
        identity.period_from = transactions.iter().map(|t| t.date.date()).min();
        identity.period_to = transactions.iter().map(|t| t.date.date()).max();
    }
    Ok(Extracted {
        bank,
        identity,
        transactions,
        printed_opening,
        unread_rows: unread_rows + settled.dropped,
        hidden_words: pages.iter().map(|p| p.hidden.len()).sum(),
        narration_first: table.narration_first,
        printed_balances: settled.printed,
        pages: settled.pages,
        printed_closing,
        sides_corrected: settled.flipped,
        totals_reconcile,
        rows_reordered: settled.reordered,
        sides_undecided: settled.undecided,
        dates_impossible,
        year_from_file,
        other_account_page: table
            .next_account
            .filter(|_| table.next_account_rows)
            .and_then(|(pi, _)| pages.get(pi))
            .map(|p| p.number),
    })
}

/// The lines above the table on its first page (the header block), and the
/// lines after the table ends (summaries, footers).
fn header_block(pages: &[PageLines], table: Option<&Table>) -> (Vec<Line>, Vec<Line>) {
    match table {
        Some(t) => {
            let (p, l) = t.header_at;
            // Pages before the table's first page (a cover page with the
            // holder and the summary), then the lines above its header.
            let mut block: Vec<Line> = pages.iter().take(p).flat_map(|pg| pg.lines.iter().cloned()).collect();
            block.extend(
                pages.get(p).map(|pg| pg.lines.iter().take(l).cloned().collect::<Vec<_>>()).unwrap_or_default(),
            );
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

/// Each printed total row with debit or credit figures ("TRANSACTION TOTAL",
/// a page total) against the sums of the rows it closes: those since the
/// previous total, or all rows before it. `None` when no total is printed.
fn totals_check(table: &Table, txns: &[Transaction]) -> Option<bool> {
    let mut verdict: Option<bool> = None;
    let mut since = 0;
    // A table may print two columns of one side (Withdrawals and Autosweep):
    // its total row totals each; the side's total is their sum.
    let side_total = |row: &Row, kind: ColumnKind| {
        row.cells
            .iter()
            .filter(|(k, _)| *k == kind)
            .filter_map(|(_, t)| amount_cell(t))
            .map(Money::abs)
            .reduce(|a, b| a + b)
    };
    for s in table.specials.iter().filter(|s| s.kind == SpecialKind::Total) {
        let d = side_total(&s.row, ColumnKind::Debit);
        let c = side_total(&s.row, ColumnKind::Credit);
        if d.is_none() && c.is_none() {
            continue;
        }
        let upto = s.after_rows.min(txns.len());
        let sums = |from: usize| {
            txns.get(from..upto).unwrap_or_default().iter().fold((Money::ZERO, Money::ZERO), |(dr, cr), t| {
                match t.kind {
                    TxnType::Debit => (dr + t.amount, cr),
                    TxnType::Credit => (dr, cr + t.amount),
                }
            })
        };
        let fits = |(dr, cr): (Money, Money)| d.is_none_or(|d| d == dr) && c.is_none_or(|c| c == cr);
        let ok = fits(sums(since)) || fits(sums(0));
        verdict = Some(verdict.unwrap_or(true) && ok);
        since = upto;
    }
    verdict
}

/// The debit and credit totals and counts each summary prints against the
/// rows': those of every row, or of a run of rows (a file of two months, each
/// with its summary). `None` when none is printed.
fn summary_check(
    printed: &[Vec<(summary::Field, summary::Figure)>],
    txns: &[Transaction],
    opening: Option<Money>,
) -> Option<bool> {
    use summary::{Field, Figure};
    // The balance before each row, and after the last.
    let mut balances: Vec<Money> = Vec::with_capacity(txns.len() + 1);
    balances.extend(opening.or_else(|| txns.first().map(|t| t.balance - t.signed_amount())));
    balances.extend(txns.iter().map(|t| t.balance));
    // Running sums: debits, credits, their numbers, and rows of nothing
    // (0.00: a bank may count one on either side).
    let mut sums = vec![(0i64, 0i64, 0u64, 0u64, 0u64)];
    for t in txns {
        let (dr, cr, ndr, ncr, nil) = sums.last().copied().unwrap_or_default();
        sums.push(match (t.kind, t.amount.is_zero()) {
            (_, true) => (dr, cr, ndr, ncr, nil + 1),
            (TxnType::Debit, false) => (dr + t.amount.paise(), cr, ndr + 1, ncr, nil),
            (TxnType::Credit, false) => (dr, cr + t.amount.paise(), ndr, ncr + 1, nil),
        });
    }
    let mut verdict = None;
    for group in printed {
        // A summary with totals or counts; its opening and closing balance
        // (when printed beside them) are checked with them: the balance
        // before its rows and after them (a sign printed otherwise aside).
        if !group
            .iter()
            .any(|(f, _)| matches!(f, Field::Debits | Field::Credits | Field::DebitCount | Field::CreditCount))
        {
            continue;
        }
        let balance_is = |at: usize, m: Money| balances.get(at).is_some_and(|b| b.abs() == m.abs());
        let fits = |i: usize, j: usize| {
            let (Some(a), Some(b)) = (sums.get(i), sums.get(j)) else { return false };
            group.iter().all(|(f, v)| match (f, v) {
                (Field::Debits, Figure::Amount(m)) => m.abs().paise() == b.0 - a.0,
                (Field::Credits, Figure::Amount(m)) => m.abs().paise() == b.1 - a.1,
                (Field::DebitCount, Figure::Count(n)) => (b.2 - a.2..=b.2 - a.2 + b.4 - a.4).contains(n),
                (Field::CreditCount, Figure::Count(n)) => (b.3 - a.3..=b.3 - a.3 + b.4 - a.4).contains(n),
                (Field::Opening, Figure::Amount(m)) => balance_is(i, *m),
                (Field::Closing, Figure::Amount(m)) => balance_is(j, *m),
                _ => false,
            })
        };
        let n = txns.len();
        // Every row, or a run of them (an empty one: a month without rows).
        let ok = fits(0, n) || (0..=n).any(|i| (i..=n).any(|j| fits(i, j)));
        verdict = Some(verdict.unwrap_or(true) && ok);
    }
    verdict
}

/// The first amount printed after one of `labels` (upper case, no spaces) on
/// a line, for summary boxes: "Ope ning Balance   2,435.53".
fn summary_balance(lines: &[&Line], labels: &[&str]) -> Option<Money> {
    inline_balance(lines, labels).or_else(|| columnar_balance(lines, labels))
}

/// A summary box set as a table: a line of labels and, under each, its
/// figure on the next line ("Opening Balance  Total Debits ..." / "38,105.06 ...").
fn columnar_balance(lines: &[&Line], labels: &[&str]) -> Option<Money> {
    for pair in lines.windows(2) {
        let (Some(a), Some(b)) = (pair.first(), pair.get(1)) else { continue };
        // Lines may come in reverse (the last summary first): the label line is the upper one.
        let (head, values) = if a.y <= b.y { (a, b) } else { (b, a) };
        // A line of figures only (not the first row under a table header).
        // A currency mark in front is part of a figure ("₹18,432.50", "Rs.5,123.00").
        let figures = values.words.iter().all(|w| {
            balance_mark(&w.text).is_some()
                || crate::money::strip_currency(w.text.trim_start_matches('+'))
                    .bytes()
                    .all(|b| b.is_ascii_digit() || b == b',' || b == b'.' || b == b'-')
        });
        if values.y - head.y > 3.0 * head.size.max(values.size) || !figures {
            continue;
        }
        // Where the label sits: words whose run spells it.
        for (i, _) in head.words.iter().enumerate() {
            let mut compact = String::new();
            for (j, w) in head.words.iter().enumerate().skip(i) {
                compact.extend(w.text.chars().filter(|c| !c.is_whitespace()).map(|c| c.to_ascii_uppercase()));
                if !labels.iter().any(|l| l.starts_with(compact.as_str())) {
                    break;
                }
                if labels.iter().any(|l| *l == compact) {
                    let (Some(a), Some(b)) = (head.words.get(i), head.words.get(j)) else { break };
                    let (x0, x1) = (a.x0, b.x1);
                    let under = values.words.iter().enumerate().find(|(_, v)| {
                        v.x0 < x1 && v.x1 > x0 && v.text.contains('.') && v.text.bytes().any(|c| c.is_ascii_digit())
                    });
                    if let Some((k, v)) = under {
                        let mark = values.words.get(k + 1).and_then(|n| balance_mark(&n.text));
                        let text = mark.map_or_else(|| v.text.clone(), |m| format!("{} {m}", v.text));
                        if let Ok(m) = Money::parse(&layout::plain_amount(&text)) {
                            return Some(m);
                        }
                    }
                    break;
                }
            }
        }
    }
    None
}

/// "Opening Balance   2,435.53": the figure after the label on its line.
fn inline_balance(lines: &[&Line], labels: &[&str]) -> Option<Money> {
    for line in lines {
        let mut compact = String::new();
        let mut found = false;
        for (i, w) in line.words.iter().enumerate() {
            if found {
                if w.text.contains('.') && w.text.bytes().any(|b| b.is_ascii_digit()) {
                    // "20,000.00 Dr": the mark may be a word of its own.
                    let mark = line.words.get(i + 1).and_then(|n| balance_mark(&n.text));
                    let text = match mark {
                        Some(m) => format!("{} {m}", w.text),
                        None => w.text.clone(),
                    };
                    if let Ok(m) = Money::parse(&layout::plain_amount(&text)) {
                        return Some(m);
                    }
                }
                continue;
            }
            compact.extend(w.text.chars().filter(|c| !c.is_whitespace()).map(|c| c.to_ascii_uppercase()));
            found = labels.iter().any(|l| compact.ends_with(l));
        }
    }
    None
}

/// The span of the years (2000–2099) printed on the first page, as a period.
fn printed_years(pages: &[PageLines]) -> Option<(NaiveDate, NaiveDate)> {
    let years: Vec<i32> = pages
        .first()?
        .lines
        .iter()
        .flat_map(|l| l.words.iter())
        .filter_map(|w| {
            let t = w.text.trim_matches(|c: char| !c.is_ascii_digit());
            (t.len() == 4 && t.starts_with("20") && w.text.len() <= t.len() + 2)
                .then(|| t.parse::<i32>().ok())
                .flatten()
        })
        .collect();
    let (lo, hi) = (years.iter().min()?, years.iter().max()?);
    Some((NaiveDate::from_ymd_opt(*lo, 1, 1)?, NaiveDate::from_ymd_opt(*hi, 12, 31)?))
}

/// A credit-card statement: a credit limit and a minimum payment printed.
fn is_card_statement(pages: &[PageLines]) -> bool {
    let text: String =
        pages.iter().take(2).flat_map(|p| p.lines.iter()).map(|l| l.text().to_ascii_uppercase() + "\n").collect();
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    compact.contains("CREDITLIMIT")
        && (compact.contains("MINIMUMPAYMENT")
            || compact.contains("MINIMUMAMOUNTDUE")
            || compact.contains("MINAMOUNTDUE"))
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

/// The bank of a statement: one bankscope knows, or one named as printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatementBank {
    /// The identifier: a known bank's (`hdfc`); else the account's IFSC bank
    /// code in lower case (`cosb` for Cosmos Co-operative Bank); else the
    /// printed name in lower case letters and digits (`kauribanknewzealand`);
    /// else `unknown`.
    pub id: String,
    /// The name as a person writes it.
    pub name: String,
    /// The known bank, when it is one.
    pub known: Option<&'static Bank>,
}

impl StatementBank {
    /// A bank bankscope knows, by its identifier and name.
    pub fn known(bank: &'static Bank) -> StatementBank {
        StatementBank { id: bank.id.to_string(), name: bank.name.to_string(), known: Some(bank) }
    }

    /// A bank bankscope does not know, named as its statement prints it above
    /// the table: the name on a line that names an institution ("Citizens
    /// Bank" of "Bank Statement - Citizens Bank"; Bank, Bancorp, Credit Union,
    /// Building Society, Co-operative, Sahakari), with the words of a title
    /// left out (Statement, Account, Example, ...); else the name in the
    /// bank's web address printed above the table or in the page margins
    /// (`www.santander.co.uk`, a logo's bank printing no name in text); else
    /// a title line at the top that is a name (no figures, not only title
    /// words: never "Everyday Current Account" or a period line); `unknown`
    /// ("Unknown bank") when no name is printed at all.
    fn printed(block: &[Line], margins: &str) -> StatementBank {
        let top = block.get(..block.len().min(15)).unwrap_or_default();
        let texts: Vec<String> = top
            .iter()
            .filter(|l| {
                vocab::special(&l.text(), false).is_none()
                    && !l.words.first().is_some_and(|w| dates::looks_like_date(&w.text))
            })
            .map(Line::text)
            .collect();
        let name = texts
            .iter()
            .find_map(|t| institution_name(t))
            .or_else(|| {
                let web = texts.iter().map(String::as_str).chain(margins.lines()).find_map(web_name)?;
                // The name as the page spells it ("Santander," for santander.co.uk).
                let spelled = texts.iter().chain(std::iter::once(&margins.to_string())).find_map(|t| {
                    t.split_whitespace()
                        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
                        .find(|w| w.eq_ignore_ascii_case(&web) && w.chars().next().is_some_and(char::is_uppercase))
                        .map(str::to_string)
                });
                Some(spelled.unwrap_or(web))
            })
            .or_else(|| texts.iter().take(3).find_map(|t| title_name(t)));
        let name: String = name.unwrap_or_default().chars().take(60).collect();
        let id: String =
            name.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).take(40).collect();
        if id.is_empty() {
            StatementBank { id: "unknown".into(), name: "Unknown bank".into(), known: None }
        } else {
            StatementBank { id, name: name.trim().to_string(), known: None }
        }
    }
}

/// A template's date placeholder: `mm/dd/yyyy`, `DD-MM-YY`, `<Date>`, `[date]`.
fn placeholder_date(cell: &str) -> bool {
    let c = cell.trim().to_ascii_lowercase();
    let pattern = !c.is_empty()
        && c.chars().all(|ch| matches!(ch, 'd' | 'm' | 'y' | '/' | '-' | '.' | ' '))
        && c.contains('d')
        && c.contains('m')
        && c.contains(['/', '-', '.']);
    let bracketed = (c.starts_with('<') && c.ends_with('>')) || (c.starts_with('[') && c.ends_with(']'));
    pattern || (bracketed && c.contains("date"))
}

/// Words of a statement's title, never of a bank's name.
fn title_word(w: &str) -> bool {
    const TITLE: &[&str] = &[
        "statement",
        "statements",
        "e-statement",
        "estatement",
        "account",
        "accounts",
        "a/c",
        "example",
        "sample",
        "summary",
        "period",
        "details",
        "detail",
        "transaction",
        "transactions",
        "history",
        "name",
        "branch",
        "address",
        "code",
        "-",
    ];
    TITLE.contains(&w.to_ascii_lowercase().as_str())
}

/// The words that make a name an institution's.
fn institution_word(words: &[&str], i: usize) -> bool {
    let w = |k: usize| {
        words.get(k).map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-').to_ascii_lowercase())
    };
    let Some(here) = w(i) else { return false };
    match here.as_str() {
        "bank" | "bancorp" | "bankcorp" | "co-operative" | "cooperative" | "co-op" | "sahakari" => true,
        "union" => w(i.wrapping_sub(1)).as_deref() == Some("credit"),
        "society" => w(i.wrapping_sub(1)).as_deref() == Some("building"),
        _ => false,
    }
}

/// The institution named on a line: the part of it (cut at ` - `, `|`,
/// `:`, `,`) that has an institution word and another word that is not a
/// title word; title words left out ("Citizens Bank Statement" → "Citizens
/// Bank"). "Bank Statement Example" names none.
fn institution_name(line: &str) -> Option<String> {
    line.split([':', '|', ',']).flat_map(|s| s.split(" - ").flat_map(|s| s.split(" \u{2013} "))).find_map(|segment| {
        // Connecting words stay inside a name ("Bank of Ayudhya"), never at its ends.
        let connector = |w: &&str| matches!(w.to_ascii_lowercase().as_str(), "of" | "for" | "and" | "&" | "the");
        let mut words: Vec<&str> = segment.split_whitespace().filter(|w| !title_word(w)).collect();
        while words.first().is_some_and(|w| connector(w) && !w.eq_ignore_ascii_case("the")) {
            words.remove(0);
        }
        while words.last().is_some_and(connector) {
            words.pop();
        }
        let at = (0..words.len()).find(|&i| institution_word(&words, i))?;
        let others = words.iter().enumerate().filter(|&(i, w)| {
            i != at && !institution_word(&words, i) && !connector(w) && w.chars().any(char::is_alphabetic)
        });
        if others.count() == 0 || words.len() > 8 || words.iter().any(|w| w.chars().any(|c| c.is_ascii_digit())) {
            return None;
        }
        Some(words.join(" "))
    })
}

/// The name in a web address (`www.santander.co.uk` → `santander`).
fn web_name(line: &str) -> Option<String> {
    line.split_whitespace().find_map(|w| {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric());
        let lower = w.to_ascii_lowercase();
        let host = lower.split("://").last()?;
        let host = host.strip_prefix("www.")?;
        let label = host.split(['.', '/']).next()?;
        (label.len() >= 3 && label.chars().all(|c| c.is_ascii_alphabetic())).then(|| label.to_string())
    })
}

/// A title line that is a name: letters only, not only title words
/// ("ChatGPT Powered Karbon Bannk"; never "Everyday Current Account").
fn title_name(line: &str) -> Option<String> {
    const KIND: &[&str] = &[
        "current", "savings", "saving", "everyday", "checking", "personal", "business", "page", "of", "for", "and",
        "&", "the",
    ];
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.is_empty() || line.contains(':') || words.iter().any(|w| w.chars().any(|c| c.is_ascii_digit())) {
        return None;
    }
    let named = words.iter().any(|w| !title_word(w) && !KIND.contains(&w.to_ascii_lowercase().as_str()));
    named.then(|| line.trim().to_string())
}

/// The bank: detected, checked against the declared one. A statement whose
/// bank is neither detected nor declared is still read, its bank named as
/// printed ([`StatementBank::printed`]).
fn resolve_bank(
    detected: Option<&'static Bank>,
    declared: Option<&str>,
    block: &[Line],
    margins: &str,
    by_code: Option<StatementBank>,
) -> Result<StatementBank> {
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
        (Some(found), _) => Ok(StatementBank::known(found)),
        (None, Some(said)) => Ok(StatementBank::known(said)),
        (None, None) => Ok(by_code.unwrap_or_else(|| StatementBank::printed(block, margins))),
    }
}

/// An amount cell: `(Dr)`/`(Cr)` marks made plain suffixes; blank, `-` and `0.00` → `None`/zero.
/// An amount that wrapped inside its cell (`1,23,456.` / `00`) is read whole.
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
    Money::parse(t).ok().or_else(|| layout::misgrouped(t)).or_else(|| layout::point_as_space(t)).or_else(|| {
        // Pieces of one number on two lines: join them where the result reads.
        let words: Vec<&str> = t.split_whitespace().collect();
        if words.len() < 2 {
            return None;
        }
        let (digits, marks): (Vec<&str>, Vec<&str>) = words.iter().partition(|w| w.bytes().any(|b| b.is_ascii_digit()));
        let joined = format!("{} {}", digits.concat(), marks.join(" "));
        Money::parse(joined.trim()).ok()
    })
}

/// The Dr / Cr mark after a summary's balance, as `Dr` or `Cr`; also in
/// brackets ("13,31,702.28 (Dr)", Union Bank).
fn balance_mark(text: &str) -> Option<&'static str> {
    drcr(text.trim().trim_matches(['(', ')'])).map(|k| if k == TxnType::Debit { "Dr" } else { "Cr" })
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
    let mark = if has_amount_col { balance_column_mark(row) } else { Some(row.cell(ColumnKind::DrCr)) };
    if mark.and_then(drcr) == Some(TxnType::Debit) { -bal.abs() } else { bal }
}

/// The Dr/Cr columns of a row standing before and after its balance, where
/// the table prints both (Kotak: Amount, Dr / Cr, Balance, Dr / Cr): the one
/// after the balance marks the balance, not the amount.
fn marks_around_balance(row: &Row) -> Option<(&str, &str)> {
    fn mark(cells: &[(ColumnKind, String)]) -> Option<&str> {
        let mut marks = cells.iter().filter(|(k, _)| *k == ColumnKind::DrCr).map(|(_, t)| t.as_str()).peekable();
        marks.peek()?;
        Some(marks.find(|t| !t.trim().is_empty()).unwrap_or(""))
    }
    let at = row.cells.iter().position(|(k, _)| *k == ColumnKind::Balance)?;
    Some((mark(&row.cells[..at])?, mark(&row.cells[at + 1..])?))
}

/// The Dr/Cr mark of a row's amount.
fn amount_mark(row: &Row) -> &str {
    marks_around_balance(row).map_or_else(|| row.cell(ColumnKind::DrCr), |(before, _)| before)
}

/// The Dr/Cr mark of the balance of a table with one amount column: only a
/// Dr/Cr column after the balance, beside the amount's own, is the balance's.
fn balance_column_mark(row: &Row) -> Option<&str> {
    marks_around_balance(row).map(|(_, after)| after)
}

/// A row read, before the balance chain: its type possibly still unknown
/// (one amount column, no Dr/Cr), its balance possibly not printed.
struct Read {
    txn: Transaction,
    kind_known: bool,
    balance: Option<Money>,
    page: u32,
    dated: bool,
    /// Index of its row in the table.
    row: usize,
    /// The row prints a zero figure (`0.00`) as its amount: a real row of
    /// nothing (a charge reversed in full), not a line repeating the balance.
    zero_printed: bool,
    /// Debit and credit both printed and no balance: a total line.
    total_line: bool,
    /// Its date is one the calendar does not have (`02-29` of 2022), read
    /// as the month's last day.
    impossible_date: bool,
}

/// Reads every row: dates in the table's order and year, rows without a date
/// of their own on the date of the row above (statements that print the date
/// once a day), the statement's first day for a leading undated row. Returns
/// the rows, the number that could not be read, and the balance of a first
/// row that prints only a balance (an opening balance set as a row).
fn transactions(
    table: &Table,
    ctx: &dates::DateContext,
    first_day: Option<NaiveDate>,
) -> (Vec<Read>, usize, Option<Money>) {
    let mut out: Vec<Read> = Vec::with_capacity(table.rows.len());
    let mut unread = 0;
    let mut opening = None;
    let mut last_date = first_day.and_then(|d| d.and_hms_opt(0, 0, 0));
    // A table that prints the date once a day (a quarter or more of its rows
    // undated): a row without its date is a row like a dated one.
    let undated = table.rows.iter().filter(|r| !r.dated).count();
    let date_once_a_day = table.rows.len() >= 8 && undated * 4 >= table.rows.len();
    for (index, row) in table.rows.iter().enumerate() {
        match read_row(row, ctx, last_date, !out.is_empty()).map(|r| Read { row: index, ..r }) {
            // Debit and credit figures on one line with no balance: a page
            // or day total ("Sub Total", "Total"), not a transaction.
            Some(r) if r.total_line => {}
            Some(r) if r.txn.amount.is_zero() && !r.kind_known => {
                // A balance and no amount: an opening balance set as the first
                // row, or a line repeating the balance. Not a transaction,
                // unless it prints its 0.00 with a date and a narration (a
                // charge reversed in full): a real row of nothing, kept where
                // it repeats the balance above it (undated too where the
                // date is printed once a day).
                match (r.balance, out.last()) {
                    (Some(b), None) if opening.is_none() => opening = Some(b),
                    (Some(b), Some(prev)) if prev.balance == Some(b) => {
                        if r.zero_printed && (r.dated || date_once_a_day) {
                            last_date = Some(r.txn.date);
                            out.push(r);
                        }
                    }
                    _ => unread += 1,
                }
            }
            Some(r) => {
                last_date = Some(r.txn.date);
                out.push(r);
            }
            None => unread += 1,
        }
    }
    (out, unread, opening)
}

/// `carried`: the date of the row before (or the period's first day);
/// `after_row`: a row was read before this one.
fn read_row(row: &Row, ctx: &dates::DateContext, carried: Option<NaiveDateTime>, after_row: bool) -> Option<Read> {
    let date_text = row.cell(ColumnKind::Date);
    let value_text = row.cell(ColumnKind::ValueDate);
    // A blank posting date under a row that had one is the same day again
    // (report writers' "suppress if duplicated"), even where the value date
    // beside it is printed (and later): the value date stands in only where
    // there is no row before to carry the posting date from.
    let suppressed = date_text.trim().is_empty()
        && after_row
        && carried.is_some()
        && row.cells.iter().any(|(k, _)| *k == ColumnKind::Date);
    let parsed = if suppressed { carried } else { ctx.parse(date_text).or_else(|| ctx.parse(value_text)) };
    let mut impossible_date = false;
    let date: NaiveDateTime = match parsed {
        Some(d) => d,
        None if date_text.trim().is_empty() && value_text.trim().is_empty() => carried?,
        None => {
            // A day the month does not have (a made-up statement's `02-29`
            // of a common year): the row is read, on the month's last day,
            // and the report says so; its figures still count.
            let d = ctx.parse_past_month_end(date_text).or_else(|| ctx.parse_past_month_end(value_text))?;
            impossible_date = true;
            d
        }
    };
    let balance = amount_cell(row.cell(ColumnKind::Balance)).map(|b| signed_balance(b, row));
    let has_amount_col = row.cells.iter().any(|(k, _)| *k == ColumnKind::Amount);
    let mut total_line = false;
    let zero_printed;
    let (kind, amount, kind_known) = if has_amount_col {
        let text = row.cell(ColumnKind::Amount);
        // A one-letter Dr/Cr column set close to right-aligned amounts: its
        // mark ("D", "C") lands in the amount's cell.
        let column_mark = drcr(amount_mark(row));
        let trailing = match text.trim_end().rsplit_once(' ') {
            Some((figure, mark)) if column_mark.is_none() && drcr(mark).is_some() => Some((figure, drcr(mark))),
            _ => None,
        };
        let (text, column_mark) = trailing.unwrap_or((text, column_mark));
        let amount = amount_cell(text).unwrap_or(Money::ZERO);
        zero_printed = amount_cell(text).is_some_and(Money::is_zero);
        let upper = text.to_ascii_uppercase();
        let marked = upper.contains("DR")
            || upper.contains("CR")
            || text.contains('-')
            || text.contains('+')
            || text.contains('(');
        match column_mark {
            Some(k) => (k, amount.abs(), true),
            None if marked => (if amount.is_negative() { TxnType::Debit } else { TxnType::Credit }, amount.abs(), true),
            None => (TxnType::Debit, amount.abs(), false),
        }
    } else {
        let (dc, cc) = (amount_cell(row.cell(ColumnKind::Debit)), amount_cell(row.cell(ColumnKind::Credit)));
        zero_printed = dc.is_some_and(Money::is_zero) || cc.is_some_and(Money::is_zero);
        let d = dc.unwrap_or(Money::ZERO).abs();
        let c = cc.unwrap_or(Money::ZERO).abs();
        total_line = balance.is_none() && !d.is_zero() && !c.is_zero();
        match (d.is_zero(), c.is_zero()) {
            (false, true) => (TxnType::Debit, d, true),
            (true, false) => (TxnType::Credit, c, true),
            (true, true) => (TxnType::Debit, Money::ZERO, false),
            (false, false) => (TxnType::Debit, d, false),
        }
    };
    if balance.is_none() && amount.is_zero() {
        return None;
    }
    let mut txn = Transaction::new(date, row.cell(ColumnKind::Narration), kind, amount, balance.unwrap_or(Money::ZERO));
    txn.value_date = ctx.parse(value_text).map(|d| d.date());
    let r = row.cell(ColumnKind::Ref).trim();
    txn.ref_no = (!r.is_empty() && r != "-").then(|| r.to_string());
    let zero_printed = zero_printed && amount.is_zero() && !txn.note.trim().is_empty();
    Some(Read {
        txn,
        kind_known,
        balance,
        page: row.page,
        dated: row.dated,
        row: 0,
        zero_printed,
        total_line,
        impossible_date,
    })
}

/// The rows as the balance chain reads them.
struct Settled {
    transactions: Vec<Transaction>,
    printed: Vec<bool>,
    pages: Vec<u32>,
    /// Rows dropped as not transactions (an undated row the chain skips over).
    dropped: usize,
    /// Rows whose side the chain decided against their column.
    flipped: usize,
    /// Rows read in another place within their day than printed (the order the balance follows).
    reordered: usize,
    /// Rows whose side neither the print nor the chain decides.
    undecided: usize,
}

fn signed(k: TxnType, a: Money) -> Money {
    if k == TxnType::Credit { a } else { -a }
}

fn last_index<T>(s: &[T]) -> usize {
    s.len().saturating_sub(1)
}

/// Sides of the rows in each stretch closed by a printed balance that the
/// columns leave open: settled when exactly one assignment reproduces the
/// balance (at most 12 open rows a stretch). A stretch whose sides are all
/// printed and do not reach its balance, where turning exactly one row
/// without a balance of its own to the other side does, has that row's side
/// corrected (the bank printed a debit in the credit column). Returns the
/// rows corrected.
fn settle_stretches(rows: &mut [Read], opening: Option<Money>) -> (usize, usize) {
    let (mut corrected, mut undecided) = (0, 0);
    let mut prev = opening;
    let mut start = 0;
    for i in 0..rows.len() {
        let Some(b) = rows.get(i).and_then(|r| r.balance) else { continue };
        if let Some(p) = prev
            && i > start
            && let Some(stretch) = rows.get_mut(start..=i)
        {
            let open: Vec<usize> =
                (0..stretch.len()).filter(|&k| stretch.get(k).is_some_and(|r| !r.kind_known)).collect();
            let fixed: Money = stretch
                .iter()
                .filter(|r| r.kind_known)
                .map(|r| signed(r.txn.kind, r.txn.amount))
                .fold(Money::ZERO, |a, x| a + x);
            if open.is_empty() && p + fixed != b {
                let turned: Vec<usize> = (0..stretch.len())
                    .filter(|&k| {
                        stretch.get(k).is_some_and(|r| {
                            !r.txn.amount.is_zero()
                                && p + fixed - signed(r.txn.kind, r.txn.amount) - signed(r.txn.kind, r.txn.amount) == b
                        })
                    })
                    .collect();
                if let [k] = turned.as_slice()
                    && *k < last_index(stretch)
                    && let Some(r) = stretch.get_mut(*k)
                {
                    r.txn.kind = if r.txn.kind == TxnType::Credit { TxnType::Debit } else { TxnType::Credit };
                    corrected += 1;
                }
            }
            if !open.is_empty() && open.len() <= 12 {
                let amounts: Vec<Money> = open.iter().filter_map(|&k| stretch.get(k)).map(|r| r.txn.amount).collect();
                let fits: Vec<u32> = (0u32..1 << open.len())
                    .filter(|mask| {
                        let sum = amounts
                            .iter()
                            .enumerate()
                            .fold(Money::ZERO, |a, (j, &m)| a + if mask >> j & 1 == 1 { m } else { -m });
                        p + fixed + sum == b
                    })
                    .collect();
                // Several assignments reach the balance: the one nearest the
                // sides the rows have (their column's), and the rows the
                // assignments disagree on are counted undecided.
                let current = open.iter().enumerate().fold(0u32, |m, (j, &k)| {
                    m | u32::from(stretch.get(k).is_some_and(|r| r.txn.kind == TxnType::Credit)) << j
                });
                if let Some(&mask) = fits.iter().min_by_key(|m| (**m ^ current).count_ones()) {
                    let last = stretch.len() - 1;
                    for (j, &k) in open.iter().enumerate() {
                        if let Some(r) = stretch.get_mut(k) {
                            r.txn.kind = if mask >> j & 1 == 1 { TxnType::Credit } else { TxnType::Debit };
                            // The last row's side the final pass checks against its balance.
                            r.kind_known = k < last || r.kind_known;
                        }
                        if fits.iter().any(|m| (m ^ mask) >> j & 1 == 1) {
                            undecided += 1;
                        }
                    }
                }
            }
        }
        prev = Some(b);
        start = i + 1;
    }
    (corrected, undecided)
}

/// Rows of one date, each with its printed balance, that the chain passes
/// through in another order than printed: reordered within the day when,
/// from the balance before the day, each next balance is reproduced by one
/// of the day's rows (the earliest printed when two would). Returns the
/// number of rows moved.
fn follow_day_order(rows: &mut Vec<Read>, opening: Option<Money>) -> usize {
    let fits = |p: Money, r: &Read| {
        r.balance.is_some_and(|b| {
            if r.kind_known {
                p + signed(r.txn.kind, r.txn.amount) == b
            } else {
                p + r.txn.amount == b || p - r.txn.amount == b
            }
        })
    };
    let mut moved = 0;
    let mut prev = opening;
    let mut i = 0;
    while i < rows.len() {
        let Some(r) = rows.get(i) else { break };
        let Some(p) = prev else {
            prev = r.balance;
            i += 1;
            continue;
        };
        if r.balance.is_none() || fits(p, r) {
            prev = r.balance.or(Some(p + signed(r.txn.kind, r.txn.amount)));
            i += 1;
            continue;
        }
        // The rest of this row's day, all printing a balance.
        let day = r.txn.date.date();
        let end = (i..rows.len())
            .take_while(|&k| rows.get(k).is_some_and(|x| x.txn.date.date() == day && x.balance.is_some()))
            .count()
            + i;
        let mut order: Vec<usize> = Vec::new();
        let mut cur = p;
        let mut left: Vec<usize> = (i..end).collect();
        while !left.is_empty() {
            let Some(pos) = left.iter().position(|&k| rows.get(k).is_some_and(|x| fits(cur, x))) else { break };
            let k = left.remove(pos);
            cur = rows.get(k).and_then(|x| x.balance).unwrap_or(cur);
            order.push(k);
        }
        if left.is_empty() && end - i >= 2 && order.iter().enumerate().any(|(j, &k)| k != i + j) {
            moved += order.iter().enumerate().filter(|(j, k)| **k != i + j).count();
            let mut day_rows: Vec<Option<Read>> = rows.drain(i..end).map(Some).collect();
            let chain: Vec<Read> =
                order.iter().filter_map(|&k| day_rows.get_mut(k - i).and_then(Option::take)).collect();
            rows.splice(i..i, chain);
            prev = Some(cur);
            i = end;
        } else {
            prev = r.balance;
            i += 1;
        }
    }
    moved
}

/// Settles what the columns leave open with the running balance: the side of
/// a row with one amount column and no mark, the side of a row whose column
/// contradicts the balance while the other side reproduces it exactly, an
/// undated row that the chain passes over (a summary line), and the balance
/// of rows that print none. The balance before the first row is `opening`,
/// or what the first printed balance implies.
fn settle(mut rows: Vec<Read>, opening: Option<Money>) -> Settled {
    let signed = |k: TxnType, a: Money| if k == TxnType::Credit { a } else { -a };
    let mut dropped = 0;
    // A row printed again at the top of the next page (a renderer that draws
    // a row cut by the page break on both pages): same date, amount and
    // printed balance, which two real rows cannot share. The later copy,
    // with the row's continuation lines, stays; the longer narration wins.
    let mut i = 0;
    while i + 1 < rows.len() {
        let repeated = match (rows.get(i), rows.get(i + 1)) {
            (Some(a), Some(b)) => {
                b.page > a.page
                    && a.balance.is_some()
                    && a.balance == b.balance
                    && !a.txn.amount.is_zero()
                    && a.txn.amount == b.txn.amount
                    && a.txn.date == b.txn.date
            }
            _ => false,
        };
        if repeated {
            let first = rows.remove(i);
            if let Some(kept) = rows.get_mut(i)
                && first.txn.note.len() > kept.txn.note.len()
            {
                kept.txn.note = first.txn.note;
            }
            dropped += 1;
        } else {
            i += 1;
        }
    }
    // Undated rows between two printed balances that agree without them.
    let mut i = 0;
    let mut prev_printed: Option<Money> = opening;
    while i < rows.len() {
        let (Some(r), next) = (rows.get(i), rows.get(i + 1)) else { break };
        let phantom = match (prev_printed, r.balance, next.and_then(|n| n.balance.map(|b| (n, b)))) {
            (Some(p), Some(b), Some((n, nb))) if !r.dated => {
                let fits_r = p + r.txn.amount == b || p - r.txn.amount == b;
                let fits_n_without = p + n.txn.amount == nb || p - n.txn.amount == nb;
                let fits_n_with = b + n.txn.amount == nb || b - n.txn.amount == nb;
                !fits_r && fits_n_without && !fits_n_with
            }
            (Some(p), Some(b), None) if !r.dated && i + 1 == rows.len() => {
                // A trailing undated line: a summary when it does not follow.
                !(p + r.txn.amount == b || p - r.txn.amount == b)
            }
            _ => false,
        };
        if phantom {
            rows.remove(i);
            dropped += 1;
            continue;
        }
        if let Some(b) = r.balance {
            prev_printed = Some(b);
        } else {
            prev_printed = prev_printed.map(|p| p + signed(r.txn.kind, r.txn.amount));
        }
        i += 1;
    }
    // One amount column whose marked rows are all of one side (debits as
    // `-1,234.00`, `(1,234.00)` or `1,234.00-`, credits bare; or credits as
    // `+ 500.00`, debits bare): a bare row is the other side, unless its
    // printed balance says otherwise (the pass below decides that).
    let known: Vec<TxnType> = rows.iter().filter(|r| r.kind_known).map(|r| r.txn.kind).collect();
    if known.len() >= 3 && rows.iter().any(|r| !r.kind_known && !r.txn.amount.is_zero()) {
        let other = match (known.contains(&TxnType::Debit), known.contains(&TxnType::Credit)) {
            (true, false) => Some(TxnType::Credit),
            (false, true) => Some(TxnType::Debit),
            _ => None,
        };
        for r in rows.iter_mut().filter(|r| !r.kind_known && !r.txn.amount.is_zero()) {
            if let Some(k) = other {
                r.txn.kind = k;
            }
        }
    }
    // Rows of unknown side between two printed balances (a balance printed
    // once a day): the one assignment of sides that reproduces the printed
    // balance closing the stretch.
    let (turned, undecided) = settle_stretches(&mut rows, opening);
    // Rows of one day printed in an order the balance does not follow: read
    // in the order it does, when that order reproduces every balance of the day.
    let reordered = follow_day_order(&mut rows, opening);
    // The balance before the first row when not printed: from the first printed balance.
    let opening = opening.or_else(|| {
        let j = rows.iter().position(|r| r.balance.is_some())?;
        let b = rows.get(j)?.balance?;
        let sum: Money =
            rows.iter().take(j + 1).map(|r| signed(r.txn.kind, r.txn.amount)).fold(Money::ZERO, |a, x| a + x);
        Some(b - sum)
    });
    let mut out = Settled {
        transactions: Vec::with_capacity(rows.len()),
        printed: Vec::with_capacity(rows.len()),
        pages: Vec::with_capacity(rows.len()),
        dropped,
        flipped: turned,
        reordered,
        undecided,
    };
    let mut prev = opening;
    for r in rows {
        let mut t = r.txn;
        if let (Some(p), Some(b)) = (prev, r.balance) {
            let credit_fits = p + t.amount == b;
            let debit_fits = p - t.amount == b;
            if !r.kind_known {
                t.kind = if credit_fits && !debit_fits {
                    TxnType::Credit
                } else if debit_fits {
                    TxnType::Debit
                } else if b >= p {
                    // A break: keep the direction the balance moved.
                    TxnType::Credit
                } else {
                    TxnType::Debit
                };
            } else if !t.amount.is_zero() {
                let fits = if t.kind == TxnType::Credit { credit_fits } else { debit_fits };
                let other = if t.kind == TxnType::Credit { debit_fits } else { credit_fits };
                if !fits && other {
                    t.kind = if t.kind == TxnType::Credit { TxnType::Debit } else { TxnType::Credit };
                    out.flipped += 1;
                }
            }
        }
        t.balance = match (r.balance, prev) {
            (Some(b), _) => b,
            (None, Some(p)) => p + signed(t.kind, t.amount),
            (None, None) => signed(t.kind, t.amount),
        };
        prev = Some(t.balance);
        out.printed.push(r.balance.is_some());
        out.pages.push(r.page);
        out.transactions.push(t);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(day: u32, kind: Option<TxnType>, amount: i64, balance: Option<i64>) -> Read {
        let date = NaiveDate::from_ymd_opt(2025, 6, day).and_then(|d| d.and_hms_opt(0, 0, 0)).unwrap_or_default();
        let txn = Transaction::new(
            date,
            "x",
            kind.unwrap_or(TxnType::Debit),
            Money::from_paise(amount),
            Money::from_paise(balance.unwrap_or(0)),
        );
        Read {
            txn,
            kind_known: kind.is_some(),
            balance: balance.map(Money::from_paise),
            page: 1,
            dated: true,
            row: 0,
            zero_printed: false,
            total_line: false,
            impossible_date: false,
        }
    }

    /// Amount, Dr / Cr, Balance, Dr / Cr (Kotak): the amount's mark may sit in
    /// the amount's own cell, its column empty; the balance's Cr is never the
    /// amount's side, and its Dr signs the balance.
    #[test]
    fn a_dr_cr_column_after_the_balance_marks_the_balance() {
        use ColumnKind::*;
        let row = |cells: &[(ColumnKind, &str)]| Row {
            page: 1,
            cells: cells.iter().map(|(k, t)| (*k, t.to_string())).collect(),
            dated: true,
        };
        let r = row(&[(Amount, "15,589.53 DR"), (DrCr, ""), (Balance, "47,834.45"), (DrCr, "Cr")]);
        assert_eq!(amount_mark(&r), "");
        assert_eq!(balance_column_mark(&r), Some("Cr"));
        assert_eq!(signed_balance(Money::from_paise(100), &r), Money::from_paise(100));
        let r = row(&[(Amount, "869.88"), (DrCr, "CR"), (Balance, "1,250.00"), (DrCr, "Dr")]);
        assert_eq!(drcr(amount_mark(&r)), Some(TxnType::Credit));
        assert_eq!(signed_balance(Money::from_paise(125_000), &r), Money::from_paise(-125_000));
        // One Dr/Cr column, wherever it stands, is the amount's.
        let r = row(&[(Amount, "869.88"), (Balance, "1,250.00"), (DrCr, "Dr")]);
        assert_eq!(drcr(amount_mark(&r)), Some(TxnType::Debit));
        assert_eq!(signed_balance(Money::from_paise(125_000), &r), Money::from_paise(125_000));
    }

    /// Withdrawals and Autosweep, Deposits and Reverse Sweep (ICICI Money
    /// Multiplier): a page total totals each column; a side's total is their sum.
    #[test]
    fn a_total_row_of_two_columns_of_one_side_totals_both() {
        use ColumnKind::*;
        let row = |cells: &[(ColumnKind, &str)]| Row {
            page: 1,
            cells: cells.iter().map(|(k, t)| (*k, t.to_string())).collect(),
            dated: false,
        };
        let total = row(&[
            (Narration, "Page Total"),
            (Debit, "100.00"),
            (Credit, "50.00"),
            (Debit, "400.00"),
            (Credit, "0.00"),
        ]);
        let table = Table {
            columns: Vec::new(),
            rows: Vec::new(),
            specials: vec![layout::Special { kind: SpecialKind::Total, row: total, after_rows: 3, y: 0.0 }],
            narration_first: false,
            orientation: layout::Orientation::After,
            header_at: (0, 0),
            end_at: None,
            next_account: None,
            next_account_rows: false,
        };
        let d = NaiveDate::from_ymd_opt(2024, 4, 1).and_then(|d| d.and_hms_opt(0, 0, 0)).expect("a date");
        let t = |kind, paise, bal| Transaction::new(d, "x", kind, Money::from_paise(paise), Money::from_paise(bal));
        let txns =
            [t(TxnType::Debit, 10_000, 90_000), t(TxnType::Credit, 5_000, 95_000), t(TxnType::Debit, 40_000, 55_000)];
        assert_eq!(totals_check(&table, &txns), Some(true));
    }

    #[test]
    fn template_dates_are_placeholders() {
        for p in ["mm/dd/yyyy", "DD-MM-YYYY", "dd/mm/yy", "<Date>", "[date]"] {
            assert!(placeholder_date(p), "{p}");
        }
        for d in ["12/06/2025", "May 2025", "mm", "dd", "Monday"] {
            assert!(!placeholder_date(d), "{d}");
        }
    }

    #[test]
    fn an_unknown_bank_is_named_by_its_name_never_by_a_title() {
        assert_eq!(institution_name("Citizens Bank Statement").as_deref(), Some("Citizens Bank"));
        assert_eq!(institution_name("Bank Statement - Citizens Bank").as_deref(), Some("Citizens Bank"));
        assert_eq!(institution_name("Kauri Bank New Zealand").as_deref(), Some("Kauri Bank New Zealand"));
        assert_eq!(institution_name("Shree Sahakari Bank Ltd.").as_deref(), Some("Shree Sahakari Bank Ltd."));
        assert_eq!(institution_name("Hometown Credit Union").as_deref(), Some("Hometown Credit Union"));
        assert_eq!(institution_name("Bank Statement Example"), None);
        assert_eq!(institution_name("Statement of Account - Bank of Ayudhya").as_deref(), Some("Bank of Ayudhya"));
        assert_eq!(institution_name("Bank Statement of Account"), None);
        assert_eq!(
            institution_name("The Hometown Co-operative Bank Ltd").as_deref(),
            Some("The Hometown Co-operative Bank Ltd")
        );
        assert_eq!(institution_name("Bank Name: "), None);
        assert_eq!(institution_name("Telephone Banking, enquiries or lost or"), None);
        assert_eq!(
            web_name("Online Banking service and information available at www.santander.co.uk").as_deref(),
            Some("santander")
        );
        assert_eq!(web_name("see https://www.example-bank.com/help"), None);
        assert_eq!(title_name("Everyday Current Account"), None);
        assert_eq!(title_name("Statement of Account"), None);
        assert_eq!(title_name("Statement Period February 1 – April 30, 2022"), None);
        assert_eq!(title_name("ChatGPT Powered Karbon Bannk").as_deref(), Some("ChatGPT Powered Karbon Bannk"));
    }

    fn amounts(rows: &[Read]) -> Vec<i64> {
        rows.iter().map(|r| r.txn.amount.paise()).collect()
    }

    #[test]
    fn a_day_is_read_in_the_order_its_balances_follow() {
        // 1,000.00; the bank posted -100 then +50, printed +50 first.
        let (d, c) = (Some(TxnType::Debit), Some(TxnType::Credit));
        let mut rows = vec![read(2, c, 5_000, Some(95_000)), read(2, d, 10_000, Some(90_000))];
        assert_eq!(follow_day_order(&mut rows, Some(Money::from_paise(100_000))), 2);
        assert_eq!(amounts(&rows), vec![10_000, 5_000]);
        // An altered amount: no order reproduces the balances; kept as printed.
        let mut rows = vec![read(2, c, 5_100, Some(95_000)), read(2, d, 10_000, Some(90_000))];
        assert_eq!(follow_day_order(&mut rows, Some(Money::from_paise(100_000))), 0);
        assert_eq!(amounts(&rows), vec![5_100, 10_000]);
        // Rows of two days are never exchanged.
        let mut rows = vec![read(2, c, 5_000, Some(95_000)), read(3, d, 10_000, Some(90_000))];
        assert_eq!(follow_day_order(&mut rows, Some(Money::from_paise(100_000))), 0);
    }

    #[test]
    fn a_stretch_settles_open_sides_and_one_misprinted_side() {
        let open = None;
        // Unsigned rows, the balance once a day: only -100, +300 reaches 1,200.
        let mut rows = vec![read(2, open, 10_000, None), read(2, open, 30_000, Some(120_000))];
        assert_eq!(settle_stretches(&mut rows, Some(Money::from_paise(100_000))), (0, 0));
        assert_eq!(rows.first().map(|r| r.txn.kind), Some(TxnType::Debit));
        assert_eq!(rows.get(1).map(|r| r.txn.kind), Some(TxnType::Credit));
        // A debit printed as a credit on a row without a balance.
        let (d, c) = (Some(TxnType::Debit), Some(TxnType::Credit));
        let mut rows = vec![read(2, c, 10_000, None), read(2, d, 5_000, Some(85_000))];
        assert_eq!(settle_stretches(&mut rows, Some(Money::from_paise(100_000))), (1, 0));
        assert_eq!(rows.first().map(|r| r.txn.kind), Some(TxnType::Debit));
        // A payment and its reversal of one amount: either side fits.
        let mut rows = vec![read(2, open, 10_000, None), read(2, open, 10_000, None), read(2, d, 5_000, Some(95_000))];
        assert_eq!(settle_stretches(&mut rows, Some(Money::from_paise(100_000))), (0, 2));
        // No assignment reaches the balance: nothing changed, the chain breaks.
        let mut rows = vec![read(2, c, 10_000, None), read(2, d, 5_000, Some(12_345))];
        assert_eq!(settle_stretches(&mut rows, Some(Money::from_paise(100_000))), (0, 0));
        assert_eq!(rows.first().map(|r| r.txn.kind), Some(TxnType::Credit));
    }
}
