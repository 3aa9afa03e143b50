//! Body lines of every page to the rows of one table.
//!
//! A line that carries a balance (or a date and an amount) is a row's anchor;
//! every row has exactly one. Lines without one are wrapped narration: they
//! belong to the anchor above them or the one below, decided per table by
//! where such lines sit (before the first anchor, after the last, and which
//! neighbour they are closer to). A line with a date but no amounts starts the
//! row whose anchor follows it.

use super::lines::{Line, PageLines, Word, join_words};
use super::table::{Bands, Column, find_header, find_undated_header};
use super::{ColumnKind, SpecialKind, Vocabulary};
use crate::money::Money;

/// One transaction row: the text of each column, wrapped lines joined by one space.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// 1-based page number of its anchor line.
    pub page: u32,
    /// `(kind, text)` per column, left to right.
    pub cells: Vec<(ColumnKind, String)>,
    /// True when one of its lines prints a date in the date column (rows of
    /// statements that print the date once per day have none).
    pub dated: bool,
}

impl Row {
    /// The text of the first column of `kind` that has any ("" when none).
    pub fn cell(&self, kind: ColumnKind) -> &str {
        self.cells.iter().find(|(k, t)| *k == kind && !t.is_empty()).map_or("", |(_, t)| t.as_str())
    }
}

/// A row of the table that is not a transaction.
#[derive(Clone, Debug, PartialEq)]
pub struct Special {
    /// What it is.
    pub kind: SpecialKind,
    /// Its cells (the balance of a brought-forward row, the totals of a total row).
    pub row: Row,
    /// Number of transaction rows before it.
    pub after_rows: usize,
    /// Its line's baseline on its page.
    pub y: f32,
}

/// The transaction table of a statement.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// Columns of the first header.
    pub columns: Vec<Column>,
    /// Transaction rows in statement order.
    pub rows: Vec<Row>,
    /// Brought-forward, carried-forward, total and closing rows.
    pub specials: Vec<Special>,
    /// True when wrapped narration sits above the line with the amounts.
    pub narration_first: bool,
    /// Where wrapped narration sits.
    pub orientation: Orientation,
    /// Page index (into the slice given) and line index of the first header.
    pub header_at: (usize, usize),
    /// Page index and line index where the table last ended (a total or end line).
    pub end_at: Option<(usize, usize)>,
    /// Page index and baseline where another account's table starts (a
    /// consolidated statement): what is printed from there on is that account's.
    pub next_account: Option<(usize, f32)>,
    /// Dated rows follow where `next_account` starts: another account's
    /// table, not only a summary of balances after this one's rows.
    pub next_account_rows: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Anchor,
    DateOnly,
    Cont,
}

#[derive(Debug)]
struct Entry {
    kind: Kind,
    page: u32,
    y: f32,
    size: f32,
    /// The line prints a date.
    dated: bool,
    /// The line prints a balance.
    balance: bool,
    /// A drawn edge (a rule, a grid line, a fill's top or bottom) across the
    /// table lies between the line before on its page and this one.
    ruled: bool,
    cells: Vec<(ColumnKind, String)>,
    /// Where its narration ends, and how wide its first word is: whether
    /// the next line's first word would have fitted after it.
    narr: Option<Narr>,
    /// Its narration's words as the line prints them, for how a row's
    /// narration lines join (`None` where the line's words were moved).
    wrap: Option<Wrapped>,
}

/// A line's narration as its cell prints it: where it starts and ends, its
/// characters (a space between words) and its first and last words'
/// characters and widths. Whether the bank's system cut it by character or
/// by word is told from these over the whole column ([`narration_joins`]).
#[derive(Clone, Debug, Default)]
struct Wrapped {
    /// The line's last narration word: two breaks between the same two words
    /// (a monthly EMI's narration printed alike each month) are one piece of
    /// evidence of how the column wraps.
    last_word: String,
    first_word: String,
    first: Option<char>,
    last: Option<char>,
    x0: f32,
    x1: f32,
    size: f32,
    chars: usize,
    first_chars: usize,
    first_w: f32,
    last_chars: usize,
    last_w: f32,
    /// The widest gap between two of its words, and its words' widths and
    /// characters: a justified line's gaps are stretched past a space.
    gap: f32,
    ink: f32,
    ink_chars: usize,
}

/// A line's narration: the right edge of its last word, the width of its
/// first word, the font size.
#[derive(Clone, Copy, Debug)]
struct Narr {
    x1: f32,
    first: f32,
    size: f32,
}

/// What one body line is.
struct LineInfo {
    narr: Option<Narr>,
    wrap: Option<Wrapped>,
    cells: Vec<(ColumnKind, String)>,
    fits: bool,
    date: bool,
    balance: bool,
    amount: bool,
    special: Option<SpecialKind>,
    /// A rule drawn with characters (`-----`, `=====`, `_____`, `+----+`): a
    /// line printer's separator, never part of a row.
    rule: bool,
}

/// A special row's line (B/F, C/F, totals, closing) as an entry of the page.
fn special_entry(page: u32, line: &Line, info: LineInfo) -> Entry {
    Entry {
        kind: Kind::Cont,
        page,
        y: line.y,
        size: line.size,
        dated: info.date,
        balance: info.balance,
        ruled: false,
        narr: info.narr,
        wrap: None,
        cells: info.cells,
    }
}

/// Words made only of rule characters, five or more of them on the line.
fn rule_line(line: &Line) -> bool {
    let rule_char = |c: char| matches!(c, '-' | '=' | '_' | '*' | '+' | '~' | '.' | '–' | '—');
    !line.words.is_empty()
        && line.words.iter().all(|w| w.text.chars().all(rule_char))
        && line.words.iter().map(|w| w.text.chars().count()).sum::<usize>() >= 5
}

/// An amount as printed, with a parenthesised Dr/Cr mark made a plain suffix
/// (`12,345.67(Cr)` → `12,345.67 Cr`), ready for [`Money::parse`].
pub fn plain_amount(text: &str) -> std::borrow::Cow<'_, str> {
    let t = text.trim();
    // Every mark ends with `)`; most words have none, so skip the upper-casing.
    if !t.ends_with(')') {
        return t.into();
    }
    let upper = t.to_ascii_uppercase();
    for (mark, plain) in [("(DR)", " Dr"), ("(CR)", " Cr"), ("(DR.)", " Dr"), ("(CR.)", " Cr")] {
        if upper.ends_with(mark) {
            let head = t.get(..t.len() - mark.len()).unwrap_or_default().trim_end();
            return format!("{head}{plain}").into();
        }
    }
    t.into()
}

/// True for a word that reads as an amount: digits with a decimal point.
pub(crate) fn amount_like(text: &str) -> bool {
    text.contains('.') && text.bytes().any(|b| b.is_ascii_digit()) && Money::parse(&plain_amount(text)).is_ok()
}

/// A currency mark printed as a word of its own.
fn currency_mark(text: &str) -> bool {
    matches!(text, "₹" | "Rs." | "Rs" | "RS." | "RS" | "INR")
}

/// Dr/Cr marks, dashes and currency marks that sit in amount columns.
fn amount_mark(text: &str) -> bool {
    let t = text.trim_matches(|c| c == '(' || c == ')' || c == '.').to_ascii_uppercase();
    matches!(t.as_str(), "DR" | "CR" | "D" | "C" | "-" | "--" | "+" | "" | "₹" | "INR" | "RS" | "NIL" | "$" | "£")
        || Money::parse(&plain_amount(text)).is_ok()
}

/// Words a date cell holds: digits, month names, AM/PM, punctuation.
fn date_word(text: &str) -> bool {
    const MONTHS: [&str; 12] = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
    let upper = text.trim_matches(|c: char| !c.is_alphanumeric()).to_ascii_uppercase();
    upper.bytes().any(|b| b.is_ascii_digit())
        || upper.is_empty()
        || matches!(upper.as_str(), "AM" | "PM")
        || (upper.len() <= 9 && MONTHS.iter().any(|m| upper.starts_with(m)))
}

/// A number without paise (`500`, `-1,250`): a figure only in a table of
/// whole rupees ([`Bands::whole_rupees`]).
pub(crate) fn plain_number(text: &str) -> bool {
    let t = text.trim_start_matches(['-', '+']);
    !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit() || b == b',')
}

/// A figure printed with its digit groups set wrong (`2,7843.55`,
/// `31,82.76`: a slip in a made-up statement, or a misread scan): digits
/// and commas, a point and two decimals. Its digits are its value; the
/// balance chain proves or breaks it.
pub fn misgrouped(text: &str) -> Option<Money> {
    let t = text.trim();
    let t = t.strip_prefix('-').unwrap_or(t);
    let (int, frac) = t.split_once('.')?;
    let well_formed = int.contains(',')
        && !int.starts_with(',')
        && !int.ends_with(',')
        && !int.contains(",,")
        && int.bytes().all(|b| b.is_ascii_digit() || b == b',')
        && frac.len() == 2
        && frac.bytes().all(|b| b.is_ascii_digit());
    if !well_formed || Money::parse(t).is_ok() {
        return None;
    }
    let v = Money::parse(&format!("{}.{frac}", int.replace(',', ""))).ok()?;
    Some(if text.trim().starts_with('-') { -v } else { v })
}

/// A figure whose decimal point is printed as a space (`120 00`): a whole
/// number and a word of exactly two digits, alone in an amount cell.
pub fn point_as_space(cell: &str) -> Option<Money> {
    let words: Vec<&str> = cell.split_whitespace().collect();
    let [int, frac] = words.as_slice() else { return None };
    let whole = !int.is_empty() && int.bytes().all(|b| b.is_ascii_digit() || b == b',') && plain_number(int);
    let two = frac.len() == 2 && frac.bytes().all(|b| b.is_ascii_digit());
    if !whole || !two {
        return None;
    }
    Money::parse(&format!("{int}.{frac}")).ok()
}

/// A balance a scan or a careless hand garbled past reading (`2,540.BB`):
/// digits with a point or comma and letters a misread puts for digits. It
/// belongs in its column, but is no figure.
fn garbled_figure(text: &str) -> bool {
    let t = text.trim();
    let digits = t.bytes().filter(u8::is_ascii_digit).count();
    t.bytes().next().is_some_and(|b| b.is_ascii_digit())
        && digits >= 3
        && t.contains(['.', ','])
        && t.chars().all(|c| c.is_ascii_digit() || matches!(c, ',' | '.' | 'B' | 'O' | 'o' | 'S' | 'l' | 'I'))
}

/// A cell that holds a figure: a word that reads as an amount and has a
/// decimal point or a digit group (`1,234.50`, `500.00`, `1,000`). The `00`
/// of an amount that wrapped in its cell (`1,23,456.` / `00`) is not one.
fn has_figure(cell: &str) -> bool {
    cell.split_whitespace().any(|w| {
        (w.contains('.') || w.contains(','))
            && w.bytes().any(|b| b.is_ascii_digit())
            && Money::parse(&plain_amount(w)).is_ok()
    })
}

fn classify_line(line: &Line, bands: &Bands, vocab: &dyn Vocabulary) -> LineInfo {
    let mut texts: Vec<String> = vec![String::new(); bands.columns.len()];
    let mut last_x1: Vec<Option<f32>> = vec![None; bands.columns.len()];
    let mut fits = true;
    let figure_like = |t: &str| amount_like(t) || (bands.whole_rupees && plain_number(t));
    let mut last_col: Option<usize> = None;
    let mut narr: Option<Narr> = None;
    let mut wrap: Option<Wrapped> = None;
    let narr_col = bands.index_of(ColumnKind::Narration);
    for (i, w) in line.words.iter().enumerate() {
        let like = figure_like(&w.text);
        let mut col = bands.column_of(w, like);
        // A currency mark set apart at the left of an amount cell, the
        // figure at its right (spreadsheets' accounting format: `₹` ...
        // `18,089.26`, `₹` ... `-`): the mark is the figure's, not the
        // column's its left edge falls in; before a dash (an empty cell) it
        // is nothing.
        if currency_mark(&w.text)
            && let Some(next) = line.words.get(i + 1)
        {
            if matches!(next.text.as_str(), "-" | "--" | "–" | "—") {
                continue;
            }
            if figure_like(&next.text) {
                col = bands.column_of(next, true);
            }
        }
        // A column's gap right of the narration's last word.
        let apart = bands.kind(col) == ColumnKind::Narration
            && last_x1.get(col).copied().flatten().is_some_and(|x1| w.x0 - x1 > 0.8 * line.size);
        if apart {
            if bands.columns.get(col + 1).is_some_and(|next| !next.kind.is_numeric() && w.x0 >= next.x0 - 1.0) {
                // A word that starts under the next column's label (a cheque
                // number the gutters, learned from rows that leave that
                // column empty, gave to the narration).
                col += 1;
            } else if matches!(w.text.as_str(), "-" | "--" | "–" | "—") {
                // An empty cell's placeholder: nothing.
                continue;
            }
        }
        // A line written as one string whose fields are set apart by runs
        // of spaces, not placed (a font without widths: the fields drift off
        // their labels): a word after a date that is already whole in the
        // date column starts the narration beside it ("1/1/2024  AMAZON").
        // The same for a date and narration printed as one text run (Kotak:
        // `04 Jul, 2025 IMPS-856117977151-SUNITA`), where the narration's first
        // word starts where the date ends, inside the date's band when the
        // month's name is narrow: after a whole date (day, month and year), a
        // word with letters that is neither a time nor a date of its own starts
        // the narration (a bare number there is a cheque number's, Canara's
        // under a label glued to the next, `Cheque No.Description`).
        let whole_date = |t: &str| {
            vocab.starts_with_date(t) && t.split(['-', '/', '.', ' ', ',']).filter(|p| !p.is_empty()).count() == 3
        };
        let time_or_date = |t: &str| {
            (t.contains(':') && t.bytes().all(|b| b.is_ascii_digit() || b == b':'))
                || matches!(t.to_ascii_uppercase().as_str(), "AM" | "PM")
                || vocab.starts_with_date(t.trim_start_matches('('))
        };
        if matches!(bands.kind(col), ColumnKind::Date | ColumnKind::ValueDate)
            && bands.kind(col + 1) == ColumnKind::Narration
            && texts.get(col).is_some_and(|t| {
                (!date_word(&w.text) && !t.is_empty() && vocab.starts_with_date(t) && !t.contains(' '))
                    || (whole_date(t) && !time_or_date(&w.text) && w.text.bytes().any(|b| b.is_ascii_alphabetic()))
            })
        {
            col += 1;
        }
        let kind = bands.kind(col);
        last_col = Some(col);
        if let Some(x) = last_x1.get_mut(col) {
            *x = Some(w.x1);
        }
        if Some(col) == narr_col {
            narr = Some(match narr {
                Some(n) => Narr { x1: w.x1, ..n },
                None => Narr { x1: w.x1, first: w.x1 - w.x0, size: w.size },
            });
            let n = w.text.chars().count();
            wrap = Some(match wrap {
                Some(p) => Wrapped {
                    last_word: w.text.clone(),
                    x1: w.x1,
                    chars: p.chars + 1 + n,
                    last_chars: n,
                    last_w: w.x1 - w.x0,
                    last: w.text.chars().last(),
                    gap: p.gap.max(w.x0 - p.x1),
                    ink: p.ink + (w.x1 - w.x0),
                    ink_chars: p.ink_chars + n,
                    ..p
                },
                None => Wrapped {
                    last_word: w.text.clone(),
                    first_word: w.text.clone(),
                    first: w.text.chars().next(),
                    last: w.text.chars().last(),
                    x0: w.x0,
                    x1: w.x1,
                    size: w.size,
                    chars: n,
                    first_chars: n,
                    first_w: w.x1 - w.x0,
                    last_chars: n,
                    last_w: w.x1 - w.x0,
                    gap: 0.0,
                    ink: w.x1 - w.x0,
                    ink_chars: n,
                },
            });
        }
        fits &= match kind {
            ColumnKind::Balance if garbled_figure(&w.text) => true,
            k if k.is_numeric() => like || amount_mark(&w.text) || misgrouped(&w.text).is_some(),
            ColumnKind::Date | ColumnKind::ValueDate => date_word(&w.text),
            // A serial number is never a figure with paise or digit groups
            // (a summary box's "973.00" under "S.No" on a page without a
            // header is no row).
            ColumnKind::Serial => !has_figure(&w.text),
            _ => true,
        };
        if let Some(t) = texts.get_mut(col) {
            push_word(t, w);
        }
    }
    // The same lines' amount, the line's last word, set after the narration
    // and short of its label: in a table with one amount column and no
    // balance, a dated line whose amount cells are empty and whose last word
    // is a figure in the narration has that figure as its amount.
    if let (Some(lc), Some(last)) = (last_col, line.words.last())
        && bands.kind(lc) == ColumnKind::Narration
        && has_figure(&last.text)
        && bands.index_of(ColumnKind::Balance).is_none()
        && bands.columns.iter().filter(|c| c.kind.is_numeric()).count() == 1
        && let Some(amount) = bands.index_of(ColumnKind::Amount).filter(|a| *a > lc)
        && texts.iter().enumerate().all(|(i, t)| !bands.kind(i).is_numeric() || t.is_empty())
        && bands.index_of(ColumnKind::Date).and_then(|d| texts.get(d)).is_some_and(|t| vocab.starts_with_date(t))
        && let Some(cell) = texts.get_mut(lc)
        && let Some(head) = cell.strip_suffix(last.text.as_str())
    {
        *cell = head.trim_end().to_string();
        wrap = None;
        if let Some(t) = texts.get_mut(amount) {
            *t = last.text.clone();
        }
    }
    let cells: Vec<(ColumnKind, String)> = bands.columns.iter().map(|c| c.kind).zip(texts).collect();
    let get = |kind: ColumnKind| cells.iter().find(|(k, t)| *k == kind && !t.is_empty()).map_or("", |(_, t)| t);
    let date = vocab.starts_with_date(get(ColumnKind::Date));
    let figure = |cell: &str| {
        has_figure(cell)
            || (bands.whole_rupees && cell.split_whitespace().any(plain_number))
            || cell.split_whitespace().any(|w| misgrouped(w).is_some())
    };
    let balance = figure(get(ColumnKind::Balance));
    // On a dated line, a whole number alone in an amount cell is a figure
    // too: banks print whole rupees without paise (`500` among `1,234.50`),
    // and a row without a balance of its own (a balance once a day) has no
    // other figure to make it a row.
    let whole = |cell: &str| {
        date && ((cell.split_whitespace().count() == 1 && plain_number(cell)) || point_as_space(cell).is_some())
    };
    let amount =
        [ColumnKind::Debit, ColumnKind::Credit, ColumnKind::Amount].iter().any(|k| figure(get(*k)) || whole(get(*k)));
    // A month heading set in the date column ("APRIL 2024", which reads as
    // the start of a date): the whole line, when it holds nothing else.
    let heading = || {
        (!balance && !amount)
            .then(|| line.words.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" "))
            .and_then(|all| vocab.special(&all, false))
            .filter(|k| *k == SpecialKind::Heading)
    };
    let special = if date {
        vocab.special(get(ColumnKind::Narration), true).or_else(heading)
    } else {
        let words: Vec<&str> = cells.iter().filter(|(k, _)| !k.is_numeric()).map(|(_, t)| t.as_str()).collect();
        vocab
            .special(words.join(" ").trim(), false)
            .or_else(|| {
                // Dated in the value-date column only (ICICI prints Value
                // Date first): `21-01-2024 BROUGHT FORWARD` is the special
                // row a posting date would make it.
                vocab
                    .starts_with_date(get(ColumnKind::ValueDate))
                    .then(|| vocab.special(get(ColumnKind::Narration), true))
                    .flatten()
            })
            .or_else(|| {
                // A date garbled past reading (`1 1th Mar` for 11th) before a
                // closing or carried-forward label: the label decides.
                let garbled = get(ColumnKind::Date).bytes().any(|b| b.is_ascii_digit());
                garbled
                    .then(|| vocab.special(get(ColumnKind::Narration), true))
                    .flatten()
                    .filter(|k| matches!(k, SpecialKind::CarriedForward | SpecialKind::Closing))
            })
            .or_else(|| {
                // A footer across the columns ("Page 1 of" over the narration,
                // "2" under an amount): the whole line reads as a page number.
                // Only lines that say "page" or "of" are joined again.
                let footer_like =
                    line.words.iter().any(|w| w.text.eq_ignore_ascii_case("page") || w.text.eq_ignore_ascii_case("of"));
                footer_like
                    .then(|| line.words.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" "))
                    .and_then(|all| vocab.special(&all, false))
                    .filter(|k| *k == SpecialKind::End)
            })
    };
    // A month heading starts at the table's left edge, in a column that is
    // not the narration's: "APR 2024" alone under a narration is its wrapped
    // end ("... SALARY" / "APR 2024").
    let at_left = line.words.first().is_some_and(|w| {
        let c = bands.column_of(w, false);
        c == 0 && bands.kind(0) != ColumnKind::Narration
    });
    let special = special.filter(|k| *k != SpecialKind::Heading || at_left);
    let rule = rule_line(line);
    LineInfo { narr, wrap, cells, fits: fits && !rule, date, balance, amount, special, rule }
}

fn push_word(t: &mut String, w: &Word) {
    if !t.is_empty() {
        t.push(' ');
    }
    t.push_str(&w.text);
}

/// The middle value (the upper one of an even count); `None` when empty.
pub(crate) fn median(mut v: Vec<f32>) -> Option<f32> {
    v.sort_by(f32::total_cmp);
    v.get(v.len() / 2).copied()
}

/// Where a table's wrapped narration sits relative to the line with the amounts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orientation {
    /// Wrapped lines follow the anchor line (HDFC).
    After,
    /// Wrapped lines precede it (HSBC UK, some Axis exports).
    Before,
    /// The anchor is vertically centred: lines above and below it.
    Centred,
}

/// A report whose form feeds the PDF converter ignored runs its pages on over
/// the PDF's: the report's page head (bank, branch, run date, page number, a
/// rule) and this table's column header fall among the rows. Where this
/// table's header repeats below table rows (a line with a date or a figure
/// above it), it goes, with the head set tight above it (up to the space
/// before it); a page whose header went so has rows above it and is read as
/// one with no header. `None` (the pages as they are) when no header sits
/// among rows.
fn strip_heads_among_rows(
    pages: &[PageLines],
    p0: usize,
    header: &super::table::Header,
    vocab: &dyn Vocabulary,
) -> (Option<Vec<PageLines>>, Vec<bool>) {
    let kinds: Vec<ColumnKind> = header.columns.iter().map(|c| c.kind).collect();
    let mut headless = vec![false; pages.len()];
    if header.inferred {
        return (None, headless);
    }
    // (A date printed as words, `17 Apr` over its year, is one: `17` alone
    // starts no date.)
    let row_like = |l: &Line| {
        let words = whole_dates(l, vocab);
        words.iter().any(|w| amount_like(&w.text))
            && words.first().is_some_and(|w| vocab.starts_with_date(&w.text) || amount_like(&w.text))
    };
    let mut out: Option<Vec<PageLines>> = None;
    for (pi, page) in pages.iter().enumerate().skip(p0) {
        let mut cuts: Vec<(usize, usize)> = Vec::new();
        let mut from = if pi == p0 { header.last + 1 } else { 0 };
        while let Some(h) = find_header(&page.lines, from, vocab) {
            from = h.last + 1;
            if h.columns.iter().map(|c| c.kind).collect::<Vec<_>>() != kinds {
                continue;
            }
            // The head set tight above the header, up to the space before it.
            let mut top = h.first;
            while top > 0 {
                let (Some(above), Some(here)) = (page.lines.get(top - 1), page.lines.get(top)) else { break };
                if here.y - above.y > 1.6 * here.size.max(above.size) || row_like(above) {
                    break;
                }
                top -= 1;
            }
            // A report page's footer (print date, user, page number: words,
            // no figure) set apart above that head goes with it.
            let figureless = |l: &Line| !l.words.iter().any(|w| amount_like(&w.text));
            let mut foot = top;
            while foot > 0 {
                let (Some(above), Some(here)) = (page.lines.get(foot - 1), page.lines.get(foot)) else { break };
                let tight = here.y - above.y <= 1.6 * here.size.max(above.size);
                if !figureless(above) || row_like(above) || (foot < top && !tight) {
                    break;
                }
                foot -= 1;
            }
            let apart = foot < top
                && (foot == 0
                    || page
                        .lines
                        .get(foot - 1)
                        .zip(page.lines.get(foot))
                        .is_some_and(|(a, b)| b.y - a.y > 1.6 * a.size.max(b.size)));
            if apart {
                top = foot;
            }
            let rows_above = page.lines.get(..top).unwrap_or_default().iter().any(row_like);
            if !rows_above {
                continue;
            }
            if cuts.is_empty()
                && pi != p0
                && let Some(f) = headless.get_mut(pi)
            {
                *f = true;
            }
            cuts.push((top, h.last));
        }
        if cuts.is_empty() {
            continue;
        }
        let all = out.get_or_insert_with(|| pages.to_vec());
        if let Some(p) = all.get_mut(pi) {
            for &(a, b) in cuts.iter().rev() {
                if b < p.lines.len() {
                    p.lines.drain(a..=b);
                }
            }
        }
    }
    (out, headless)
}

/// A page's body lines, classified, before they become rows.
struct PageBody {
    entries: Vec<Entry>,
    specials: Vec<(SpecialKind, Entry, usize)>,
    ended_at: Option<usize>,
}

/// Reads the transaction table of a statement: the first header row found,
/// its bands (learned from the body's gutters), and the body lines of that
/// page and every later one (a later page's own header, when it repeats,
/// gives that page's bands).
///
/// Rows come from anchors: a line that carries an amount or a balance. The
/// lines between two anchors are split where the vertical gap is widest (the
/// space between rows), and where the gaps say nothing, by where the table's
/// wrapped lines sit (see [`Orientation`]). A line with a date and no amounts
/// starts the next row. Lines that do not fit the columns are kept as
/// narration between anchors and end the page's table after the last one.
pub fn find_table(pages: &[PageLines], vocab: &dyn Vocabulary) -> Option<Table> {
    let (p0, header) = pages
        .iter()
        .enumerate()
        .find_map(|(i, p)| find_header(&p.lines, 0, vocab).map(|h| (i, h)))
        .or_else(|| super::infer::infer_header(pages, vocab))
        .or_else(|| {
            pages.iter().enumerate().find_map(|(i, p)| find_undated_header(&p.lines, 0, vocab).map(|h| (i, h)))
        })?;
    let undated = !header.columns.iter().any(|c| matches!(c.kind, ColumnKind::Date | ColumnKind::ValueDate));
    let (stripped, headless) = strip_heads_among_rows(pages, p0, &header, vocab);
    let pages: &[PageLines] = stripped.as_deref().unwrap_or(pages);
    let size = pages.get(p0).and_then(|p| p.lines.get(header.first)).map_or(8.0, |l| l.size);
    let columns = header.columns.clone();
    let mut bands = Bands::new(header.columns.clone(), size);
    let mut bodies: Vec<PageBody> = Vec::new();
    let mut end_at = None;
    // The table closed by its Closing Balance or End of Statement line: a
    // later page without a column header of its own does not continue it
    // (reward points, hold funds or notes set in the table's columns).
    let mut closed = false;

    for (pi, page) in pages.iter().enumerate().skip(p0) {
        let start = if pi == p0 {
            Some(if header.inferred { header.first } else { header.last + 1 })
        } else if headless.get(pi).copied().unwrap_or(false) {
            if closed {
                break;
            }
            None
        } else if let Some(h) =
            if undated { find_undated_header(&page.lines, 0, vocab) } else { find_header(&page.lines, 0, vocab) }
        {
            // A later page's table without the balance column the
            // statement's own prints, one amount where it prints debit and
            // credit (a statement's transactions again, by type): another
            // table. The statement's table ended before it.
            let has = |cols: &[Column], k: ColumnKind| cols.iter().any(|c| c.kind == k);
            if has(&columns, ColumnKind::Balance)
                && has(&columns, ColumnKind::Debit)
                && !has(&h.columns, ColumnKind::Balance)
                && has(&h.columns, ColumnKind::Amount)
            {
                end_at = end_at.or(Some((pi, h.first.saturating_sub(1))));
                break;
            }
            // The header repeated where it stood is the same table: a page
            // too sparse to show a gutter (one row above the summary) keeps
            // the ones learned before.
            let same = h.columns.len() == bands.columns.len()
                && h.columns
                    .iter()
                    .zip(&bands.columns)
                    .all(|(a, b)| a.kind == b.kind && (a.x0 - b.x0).abs() <= 1.0 && (a.x1 - b.x1).abs() <= 1.0);
            // The header repeated on every page has the lines it had on the
            // first: a line under it that continues a label's words (the rest
            // of a row the page break cut, "Payment" under "Description") is
            // the page's first body line, not more of the header.
            let depth = header.last.saturating_sub(header.first);
            let kinds = |cols: &[Column]| cols.iter().map(|c| c.kind).collect::<Vec<_>>();
            let last = if !header.inferred && h.last - h.first > depth && kinds(&h.columns) == kinds(&columns) {
                h.first + depth
            } else {
                h.last
            };
            if !same {
                let size = page.lines.get(h.first).map_or(size, |l| l.size);
                let whole_rupees = bands.whole_rupees;
                bands = Bands::new(h.columns, size);
                bands.whole_rupees = whole_rupees;
            }
            Some(last + 1)
        } else if closed {
            break;
        } else {
            None
        };
        if let Some(s) = start {
            // The gutters of the table's lines, down to its end on this page.
            let rows = table_lines(page.lines.get(s..).unwrap_or_default(), vocab);
            let words: Vec<&Word> = rows.iter().flat_map(|l| l.words.iter()).collect();
            let whole: Vec<Word> = rows.iter().flat_map(|l| whole_dates(l, vocab)).collect();
            bands.learn(&whole.iter().collect::<Vec<_>>(), rows.len());
            if pi == p0 {
                bands.learn_whole_rupees(&words);
            }
        }
        let body = page_body(page, start, pi == p0 && header.inferred, &bands, vocab);
        let ended = body.ended_at;
        // (An End line may be a page's footer: only "End of Statement /
        // Report" closes the table.)
        closed = ended.is_some()
            && body.specials.last().is_some_and(|(k, e, _)| match k {
                SpecialKind::Closing => true,
                SpecialKind::End => {
                    let text: String = e.cells.iter().map(|(_, t)| t.to_ascii_uppercase() + " ").collect();
                    text.split_whitespace().collect::<Vec<_>>().windows(2).any(|w| w == ["END", "OF"])
                }
                _ => false,
            });
        bodies.push(body);
        if let Some(li) = ended {
            end_at = Some((pi, li));
        }
    }

    // A consolidated statement: after the rows, another account's table opens
    // with its own opening balance, which the last row's balance does not
    // carry (a brought-forward balance does; a row without a balance gives
    // nothing to compare). This statement's table ends
    // there; what follows is the other account's.
    let balance_of = |cells: &[(ColumnKind, String)]| {
        cells
            .iter()
            .find(|(k, t)| *k == ColumnKind::Balance && !t.is_empty())
            .and_then(|(_, t)| Money::parse(&plain_amount(t)).ok())
    };
    let mut last: Option<Money> = None;
    let mut cut: Option<(usize, usize)> = None;
    'bodies: for (bi, body) in bodies.iter().enumerate() {
        for (si, (kind, e, after)) in body.specials.iter().enumerate() {
            if *kind != SpecialKind::Opening {
                continue;
            }
            let before = body
                .entries
                .iter()
                .take(*after)
                .rev()
                .find(|e| e.kind == Kind::Anchor)
                .map(|e| balance_of(&e.cells))
                .unwrap_or(last);
            if let (Some(prev), Some(b)) = (before, balance_of(&e.cells))
                && prev != b
            {
                cut = Some((bi, si));
                break 'bodies;
            }
        }
        // The last row's balance; none when it prints none (a balance
        // printed once a day): nothing to compare then.
        if let Some(e) = body.entries.iter().rev().find(|e| e.kind == Kind::Anchor) {
            last = balance_of(&e.cells);
        }
    }
    let next_account =
        cut.and_then(|(bi, si)| bodies.get(bi).and_then(|b| b.specials.get(si)).map(|(_, e, _)| (p0 + bi, e.y)));
    let mut next_account_rows = false;
    if let Some((bi, si)) = cut {
        let after = bodies.get(bi).and_then(|b| b.specials.get(si)).map_or(0, |s| s.2);
        next_account_rows = bodies
            .iter()
            .skip(bi)
            .enumerate()
            .flat_map(|(k, b)| b.entries.iter().skip(if k == 0 { after } else { 0 }))
            .any(|e| e.kind == Kind::Anchor && e.dated);
        bodies.truncate(bi + 1);
        if let Some(body) = bodies.get_mut(bi) {
            let after = body.specials.get(si).map_or(body.entries.len(), |s| s.2);
            body.entries.truncate(after);
            body.specials.truncate(si);
        }
    }

    // A table that prints a balance on (almost) every row: an amount line
    // without balance or date there is a total or a summary, not a row.
    let (with_bal, without_bal) = bodies.iter().flat_map(|b| b.entries.iter()).filter(|e| e.kind == Kind::Anchor).fold(
        (0usize, 0usize),
        |(w, wo), e| {
            if e.balance {
                (w + 1, wo)
            } else if e.dated {
                (w, wo)
            } else {
                (w, wo + 1)
            }
        },
    );
    let balance_always = with_bal >= 4 && without_bal * 10 < with_bal;
    let mut entries: Vec<Entry> = Vec::new();
    let mut specials: Vec<(SpecialKind, Entry, usize)> = Vec::new();
    for body in bodies {
        let base = entries.len();
        let mut removed_before: Vec<usize> = Vec::with_capacity(body.entries.len() + 1);
        let mut removed = 0;
        // A day's rows whose balance is printed once, after the day's last row
        // (and whose date once, on its first): an undated row without a
        // balance that a later undated row of the page closes with one, no
        // dated line between, is one of them.
        let closed: Vec<bool> = (0..body.entries.len())
            .map(|i| {
                body.entries.iter().skip(i + 1).take_while(|e| !e.dated).any(|e| e.kind == Kind::Anchor && e.balance)
            })
            .collect();
        for (i, e) in body.entries.into_iter().enumerate() {
            removed_before.push(removed);
            if balance_always
                && e.kind == Kind::Anchor
                && !e.balance
                && !e.dated
                && !closed.get(i).copied().unwrap_or(false)
            {
                removed += 1;
                continue;
            }
            entries.push(e);
        }
        removed_before.push(removed);
        for (k, e, after) in body.specials {
            let r = removed_before.get(after).copied().unwrap_or(removed);
            specials.push((k, e, base + after - r));
        }
    }

    // Where (nearly) every row prints its date beside its amounts, a date
    // line without amounts is a second date of the row above (a value date
    // set under the posting date), not the start of a row.
    let anchors = entries.iter().filter(|e| e.kind == Kind::Anchor).count();
    let dated_anchors = entries.iter().filter(|e| e.kind == Kind::Anchor && e.dated).count();
    if anchors >= 4 && dated_anchors * 10 >= anchors * 9 {
        let notes = informational_lines(&entries);
        for &j in notes.iter().rev() {
            entries.remove(j);
            for s in specials.iter_mut().filter(|s| s.2 > j) {
                s.2 -= 1;
            }
        }
        for e in entries.iter_mut().filter(|e| e.kind == Kind::DateOnly) {
            e.kind = Kind::Cont;
        }
    }
    // A row whose amount and balance are printed on two of its lines (Equitas:
    // the amount on the narration's first line beside the reference, the date
    // and the balance on the line below): an amount line without a balance or
    // a date, set tight above a line with a balance and no amount, is one row
    // with it. Where a table does so twice or more, the lower line is the
    // row's wrapped line, not a row of its own (else read as a row of
    // nothing and the narration's rest lost).
    let amount_cells = [ColumnKind::Debit, ColumnKind::Credit, ColumnKind::Amount];
    let has = |e: &Entry, kinds: &[ColumnKind]| e.cells.iter().any(|(k, t)| kinds.contains(k) && has_figure(t));
    let split_rows: Vec<usize> = entries
        .windows(2)
        .enumerate()
        .filter(|(_, w)| {
            let (a, b) = (&w[0], &w[1]);
            a.kind == Kind::Anchor
                && b.kind == Kind::Anchor
                && a.page == b.page
                && !a.dated
                && !a.balance
                && has(a, &amount_cells)
                && b.balance
                && !has(b, &amount_cells)
                && b.y - a.y <= 1.6 * a.size.max(b.size)
        })
        .map(|(j, _)| j + 1)
        .collect();
    if split_rows.len() >= 2 {
        for &j in &split_rows {
            if let Some(e) = entries.get_mut(j) {
                e.kind = Kind::Cont;
            }
        }
    }
    // A brought-forward line printed below lines at a page's head (the rest
    // of a row the page break cut, then "BALANCE B/F"): those lines are the
    // row above's, never the row after the B/F line's.
    let barriers: Vec<usize> = specials
        .iter()
        .filter(|(k, e, after)| {
            *k == SpecialKind::Opening
                && *after > 0
                && entries.get(after - 1).is_some_and(|p| p.page == e.page && p.kind != Kind::Anchor)
                && entries.get(*after).is_some_and(|n| n.page == e.page)
        })
        .map(|(_, _, after)| *after)
        .collect();
    let orientation = orientation(&entries, &barriers);
    let mut rows = group(&entries, orientation, &barriers, &|t: &str| vocab.starts_with_date(t));
    // A date a narrow cell wraps (a browser's `02-04-` over `2024`) is
    // printed on none of the row's lines whole: the row is dated still.
    for row in rows.iter_mut().filter(|r| !r.dated) {
        row.dated = vocab.starts_with_date(row.cell(ColumnKind::Date));
    }
    if undated {
        for row in &mut rows {
            date_from_narration(row, vocab);
        }
    }
    let specials: Vec<Special> = specials
        .into_iter()
        .map(|(kind, e, after)| {
            let after_rows = entries.iter().take(after).filter(|e| e.kind == Kind::Anchor).count();
            Special { kind, y: e.y, row: Row { page: e.page, cells: e.cells, dated: e.dated }, after_rows }
        })
        .collect();
    // A table that prints a balance on every row: dated lines after its last
    // balance, nothing but footers after them, are a small table after the rows
    // set in their columns (transactions under clearing, blocked amounts,
    // whatever its title), not rows: no balance proves them.
    if balance_always {
        let keep = rows.iter().rposition(|r| !r.cell(ColumnKind::Balance).is_empty()).map_or(0, |i| i + 1);
        let trailing = rows.len().saturating_sub(keep);
        if keep > 0
            && trailing > 0
            && trailing * 4 <= keep
            && rows.iter().skip(keep).all(|r| r.dated)
            && specials.iter().all(|s| s.after_rows <= keep || s.kind == SpecialKind::End)
        {
            rows.truncate(keep);
        }
    }
    Some(Table {
        columns,
        rows,
        specials,
        narration_first: orientation == Orientation::Before,
        orientation,
        header_at: (p0, header.first),
        end_at,
        next_account,
        next_account_rows,
    })
}

/// The words of a line, a date printed as several words ("11 Aug 2023",
/// "Aug 11, 2023") made one: a gutter is never inside a date, even where
/// every date of a column leaves the same gap inside it as the one after it
/// (a line printer setting columns one space apart).
fn whole_dates(line: &Line, vocab: &dyn Vocabulary) -> Vec<Word> {
    let words = &line.words;
    let mut out: Vec<Word> = Vec::with_capacity(words.len());
    let mut i = 0;
    while let Some(w) = words.get(i) {
        let joined = (2..=3).rev().find(|&k| {
            let Some(run) = words.get(i..i + k) else { return false };
            // Cheap tests first: most words are no date part at all.
            run.iter().all(|x| date_word(&x.text))
                && run.windows(2).all(|p| p[1].x0 - p[0].x1 <= 0.7 * p[0].size.max(p[1].size))
                && !vocab.starts_with_date(&w.text)
                && vocab.starts_with_date(&join_words(run.iter()))
        });
        match joined.and_then(|k| words.get(i..i + k)) {
            Some(run) => {
                let x1 = run.iter().map(|x| x.x1).fold(w.x1, f32::max);
                out.push(Word { text: join_words(run.iter()), x1, ..w.clone() });
                i += run.len();
            }
            None => {
                out.push(w.clone());
                i += 1;
            }
        }
    }
    out
}

/// A table without a date column prints the date at the start of the
/// narration ("01 Apr 2024, 10:01 AM UPI payment to …"): moved into a date
/// cell of its own, with a time that follows it.
fn date_from_narration(row: &mut Row, vocab: &dyn Vocabulary) {
    let Some(narr) = row.cells.iter().position(|(k, t)| *k == ColumnKind::Narration && !t.is_empty()) else { return };
    let text = row.cells.get(narr).map(|(_, t)| t.clone()).unwrap_or_default();
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut taken = 0;
    let mut complete = false;
    for (k, w) in words.iter().enumerate() {
        let prefix = words.get(..=k).unwrap_or_default().join(" ");
        if !complete {
            if !date_word(w) {
                break;
            }
            taken = k + 1;
            complete = vocab.starts_with_date(&prefix);
        } else if w.contains(':') || matches!(w.to_ascii_uppercase().as_str(), "AM" | "PM") {
            taken = k + 1;
        } else if k == taken && year_after(words.get(k.wrapping_sub(1)).copied().unwrap_or_default(), w) {
            // "01 Apr" then "2024,", "May 02," then "2024".
            taken = k + 1;
        } else {
            break;
        }
    }
    if !complete || taken == 0 {
        return;
    }
    let date = words.get(..taken).unwrap_or_default().join(" ");
    let rest = words.get(taken..).unwrap_or_default().join(" ");
    if let Some((_, t)) = row.cells.get_mut(narr) {
        *t = rest;
    }
    row.cells.push((ColumnKind::Date, date));
    row.dated = true;
}

/// True when `w` is the year of a date whose last word so far is `last` (a
/// month name, or a day followed by a comma).
fn year_after(last: &str, w: &str) -> bool {
    let y = w.trim_end_matches(',');
    (y.len() == 4 || y.len() == 2)
        && y.bytes().all(|b| b.is_ascii_digit())
        && (last.ends_with(',') || (!last.is_empty() && last.chars().all(char::is_alphabetic)))
}

/// The lines of a table below its header, for learning its gutters: down to
/// an ending row (total, closing balance, page footer), a change of type size
/// or a gap wider than four lines (the prose and boxes after a table), or
/// the header of another table (labels apart across the line, no figure).
fn table_lines<'a>(lines: &'a [Line], vocab: &dyn Vocabulary) -> Vec<&'a Line> {
    let mut out: Vec<&Line> = Vec::new();
    let size = lines.first().map_or(8.0, |l| l.size);
    let header_like = |l: &Line| {
        let phrases = l.phrases(1.2);
        phrases.len() >= 3
            && phrases.iter().filter(|p| vocab.column_kind(&p.text).is_some()).count() >= 2
            && !l.words.iter().any(|w| amount_like(&w.text))
    };
    // A line's words other than its figures: "Total" of `Total 2,83,149.04
    // 12,23,279.59` (the sums printed under the last row).
    let label = |l: &Line| {
        let words: Vec<&str> = l.words.iter().filter(|w| !amount_like(&w.text)).map(|w| w.text.as_str()).collect();
        (words.len() < l.words.len()).then(|| words.join(" "))
    };
    let ending = |text: &str| {
        matches!(vocab.special(text, false), Some(SpecialKind::Total | SpecialKind::End | SpecialKind::Closing))
    };
    for l in lines {
        // A totals line ends the table too: under a page's only row, the
        // summary after it would otherwise be read for the gutters (its
        // "Summary of Account" crossing the one between two date columns).
        let ends = ending(&l.text())
            || (!out.is_empty() && label(l).is_some_and(|t| !t.is_empty() && ending(&t)))
            || (!out.is_empty() && header_like(l));
        let other_size = (l.size - size).abs() > 0.2 * size;
        let far = out.last().is_some_and(|p| l.y - p.y > 4.0 * size.max(l.size));
        if ends || other_size || far {
            break;
        }
        out.push(l);
    }
    out
}

/// The body of one page: its lines from the header (or the first row) down
/// to the end of the table, each an anchor, a date line or a wrapped line.
/// A piece of a figure that wrapped at a digit group in a narrow cell: digits
/// and group commas ending in a comma (`5,65,` over `442.00`).
fn figure_piece(text: &str) -> bool {
    text.len() >= 2
        && text.ends_with(',')
        && text.as_bytes().first().is_some_and(u8::is_ascii_digit)
        && text.bytes().all(|b| b.is_ascii_digit() || b == b',')
}

/// Figures that wrapped at a digit group inside their cell (`5,65,` on one
/// line, `442.00` under it in the same amount column, the next line or the
/// one after when the row's other cells are centred between them) joined into
/// one word, so the amount stays whole and in its column. The word goes to
/// the line, from the piece's to the rest's, that holds most of the row's
/// other figures (the anchor line with the balance); the other lines keep
/// their narration. `None` when the page has no such piece (nearly always:
/// the page is not copied).
fn join_wrapped_figures(page: &PageLines, bands: &Bands) -> Option<PageLines> {
    if !page.lines.iter().flat_map(|l| &l.words).any(|w| figure_piece(&w.text)) {
        return None;
    }
    let figures_in_columns = |line: &Line| {
        line.words.iter().filter(|w| amount_like(&w.text) && bands.kind(bands.column_of(w, true)).is_numeric()).count()
    };
    let mut lines = page.lines.clone();
    let mut joined = false;
    for i in 0..lines.len() {
        let mut wi = 0;
        while let Some(piece) = lines.get(i).and_then(|l| l.words.get(wi)).cloned() {
            wi += 1;
            let col = bands.column_of(&piece, true);
            if !figure_piece(&piece.text) || !bands.kind(col).is_numeric() {
                continue;
            }
            // The rest: the first word below, in the same column, that
            // completes the figure.
            let rest = (i + 1..lines.len().min(i + 3)).find_map(|j| {
                let below = lines.get(j)?;
                if below.y - piece.y > 1.8 * (j - i) as f32 * piece.size {
                    return None;
                }
                let k = below.words.iter().position(|w| {
                    w.text.as_bytes().first().is_some_and(u8::is_ascii_digit)
                        && amount_like(&format!("{}{}", piece.text, w.text))
                        && bands.column_of(w, true) == col
                        && (w.x1 - piece.x1).abs() <= 2.0 * piece.size
                })?;
                Some((j, k))
            });
            let Some((j, k)) = rest else { continue };
            let Some(tail) = lines.get_mut(j).map(|l| l.words.remove(k)) else { continue };
            if let Some(l) = lines.get_mut(i) {
                l.words.remove(wi - 1);
            }
            wi -= 1;
            // Later lines win only with more figures: the piece's line by default.
            let target = (i..=j).rev().max_by_key(|&t| lines.get(t).map_or(0, figures_in_columns)).unwrap_or(i);
            let Some(line) = lines.get_mut(target) else { continue };
            let word = Word {
                text: format!("{}{}", piece.text, tail.text),
                x0: piece.x0.min(tail.x0),
                x1: piece.x1.max(tail.x1),
                y: line.y,
                size: piece.size.max(tail.size),
            };
            let at = line.words.iter().position(|w| w.x0 > word.x0).unwrap_or(line.words.len());
            line.words.insert(at, word);
            if target == i && at <= wi {
                wi += 1;
            }
            joined = true;
        }
    }
    joined.then(|| PageLines { lines, ..page.clone() })
}

fn page_body(
    page: &PageLines,
    start: Option<usize>,
    inferred: bool,
    bands: &Bands,
    vocab: &dyn Vocabulary,
) -> PageBody {
    let joined = join_wrapped_figures(page, bands);
    let page = joined.as_ref().unwrap_or(page);
    let mut out = PageBody { entries: Vec::new(), specials: Vec::new(), ended_at: None };
    // Columns inferred from the rows: the table starts at its first row, or
    // at the narration lines set tight above it (a row whose narration is
    // printed above its figures, under a header the vocabulary could not
    // read).
    let start = match start {
        Some(mut s) if inferred => {
            let narr_col = bands.index_of(ColumnKind::Narration);
            while let (Some(above), Some(here)) = (s.checked_sub(1).and_then(|a| page.lines.get(a)), page.lines.get(s))
            {
                let info = classify_line(above, bands, vocab);
                let tight = here.y - above.y <= 1.6 * here.size;
                let narration_only =
                    narr_col.is_some() && above.words.iter().all(|w| Some(bands.column_of(w, false)) == narr_col);
                if !tight
                    || !narration_only
                    || !info.fits
                    || info.special.is_some()
                    || info.date
                    || info.amount
                    || info.balance
                {
                    break;
                }
                s -= 1;
            }
            Some(s)
        }
        s => s,
    };
    let from = start.unwrap_or(0);
    let infos: Vec<(usize, LineInfo)> =
        page.lines.iter().enumerate().skip(from).map(|(i, l)| (i, classify_line(l, bands, vocab))).collect();
    let is_row = |x: &LineInfo| x.fits && (x.balance || x.amount);
    // A header-less page without a row that opens with the previous page's
    // last row's rest.
    let mut rest_of_last_row = false;
    let first_body = match start {
        Some(s) => s,
        None => {
            // No header on this page and no row on it (a last page of legends
            // and dated notes, a figure in a note's text reaching an amount
            // column: in a table with a balance column, a row prints its
            // balance or its date): nothing of the table's, nothing to continue.
            let with_balance = bands.columns.iter().any(|c| c.kind == ColumnKind::Balance);
            if !infos.iter().any(|(_, x)| is_row(x) && (!with_balance || x.balance || x.date)) {
                // Unless the page opens with the rest of the previous page's
                // last row, cut by the page break: the first lines of the
                // page's table columns, under the page's head (lines that fit
                // no column) and before anything else, words of the
                // narration column only (the last row's last narration
                // lines alone on the last page, above the summary).
                let narr_col = bands.index_of(ColumnKind::Narration);
                let rest = infos.iter().find(|(li, x)| {
                    x.fits
                        || x.special.is_some()
                        || page.lines.get(*li).is_some_and(|l| vocab.page_mark(&join_words(l.words.iter())))
                });
                match rest {
                    Some((li, x))
                        if narr_col.is_some()
                            && x.fits
                            && x.special.is_none()
                            && !x.date
                            && !x.amount
                            && !x.balance
                            && page.lines.get(*li).is_some_and(|l| {
                                l.words.iter().all(|w| Some(bands.column_of(w, false)) == narr_col)
                            }) =>
                    {
                        rest_of_last_row = true;
                        *li
                    }
                    _ => return out,
                }
            } else {
                // No header on this page: the table starts at the first row, or
                // at the wrapped lines set tight above it.
                // (A row whose date wrapped inside its cell has no date line: its
                // anchor starts the table then.)
                let Some(k) = infos.iter().position(|(_, x)| {
                    (x.fits && x.date) || matches!(x.special, Some(SpecialKind::Opening)) || is_row(x)
                }) else {
                    return out;
                };
                // A line of words that ends a table ("End of Statement", a
                // "Reward Points" or "Pending Transactions" title) above the
                // page's first row: the rows below are another table's. (A page
                // mark, a stamp, a summary box over every page's rows end
                // nothing here.)
                let closing_title = infos.iter().take(k).any(|(li, x)| {
                    x.special == Some(SpecialKind::End)
                        && page.lines.get(*li).is_some_and(|l| vocab.ends_statement(&join_words(l.words.iter())))
                });
                if closing_title {
                    return out;
                }
                // The space between this page's rows: over its consecutive rows,
                // the median of the widest gap between the lines from one to the
                // next (a top-aligned row's last line to the next row's first,
                // cell padding and all; in a centred table the gap above a row's
                // figures is one of its own lines').
                let rows_at: Vec<usize> =
                    infos.iter().enumerate().skip(k).filter(|(_, (_, x))| is_row(x)).map(|(j, _)| j).collect();
                let row_gaps: Vec<f32> = rows_at
                    .windows(2)
                    .filter_map(|w| {
                        let ys: Vec<f32> = infos
                            .get(w[0]..=w[1])?
                            .iter()
                            .filter_map(|(li, _)| page.lines.get(*li).map(|l| l.y))
                            .collect();
                        ys.windows(2).map(|p| p[1] - p[0]).reduce(f32::max)
                    })
                    .collect();
                let row_gap = if row_gaps.len() >= 3 { median(row_gaps).unwrap_or(0.0) } else { 0.0 };
                let text_line = |x: &LineInfo| x.fits && x.special.is_none() && !x.date && !x.amount;
                let limit = |size: f32| (2.2 * size).max(1.25 * row_gap).min(3.5 * size);
                let gap_at = |j: usize| {
                    let (Some((la, _)), Some((lh, _))) = (infos.get(j.wrapping_sub(1)), infos.get(j)) else {
                        return None;
                    };
                    let (Some(above), Some(here)) = (page.lines.get(*la), page.lines.get(*lh)) else { return None };
                    Some((here.y - above.y, here.size))
                };
                // Set tight above the row, or a row's space above it (the end of
                // the previous page's last row, cut by the page break; with large
                // cell padding the space is the page's own).
                let mut s = k;
                while s > 0 {
                    let Some((_, above_info)) = infos.get(s - 1) else { break };
                    let Some((gap, size)) = gap_at(s) else { break };
                    if !text_line(above_info) || gap > limit(size) {
                        break;
                    }
                    s -= 1;
                }
                // The page's first lines, nothing above them, in the table's text
                // columns and set tight: the rest of a row Qt's page break cut,
                // set lower than the page's space between rows (its cell's
                // padding and the next row's), up to 3.5 sizes above the row.
                if s > 0
                    && infos.first().is_some_and(|(li, _)| *li == 0)
                    && infos.iter().take(s).all(|(_, x)| text_line(x))
                    && (1..s).all(|j| gap_at(j).is_some_and(|(g, size)| g <= limit(size)))
                    && gap_at(s).is_some_and(|(g, size)| g <= 3.5 * size)
                {
                    s = 0;
                }
                // Lines taken above the page's first row before a closing row
                // and nothing else: the rest of the previous page's last row.
                rest_of_last_row = s < k;
                infos.get(s).map_or(from, |(li, _)| *li)
            }
        }
    };
    // The lines of the page's table: up to an ending special row.
    let mut body: Vec<(usize, LineInfo)> = Vec::new();
    // The page's last row: a page total above it (a report whose form feeds
    // the converter ignored prints several report pages on one) ends nothing.
    let last_row = infos.iter().rev().find(|(_, x)| is_row(x) && x.special.is_none()).map(|(li, _)| *li);
    // Set once a total ends the table: a closing row right under it (a dated
    // CLOSING BALANCE carrying the period's totals and the balance in the
    // table's columns, under the last page total) is still the table's.
    let mut total_ended = false;
    for (li, info) in infos.into_iter().filter(|(li, _)| *li >= first_body) {
        if total_ended {
            if info.special == Some(SpecialKind::Closing)
                && let Some(line) = page.lines.get(li)
            {
                let e = special_entry(page.number, line, info);
                out.specials.push((SpecialKind::Closing, e, body.len()));
                out.ended_at = Some(li);
            }
            break;
        }
        if let Some(kind) = info.special {
            let Some(line) = page.lines.get(li) else { continue };
            // A page number or a continued mark between the header and the
            // page's first row ("Page 2 of 5" under the column labels,
            // "(continued from previous page)") ends nothing.
            if kind == SpecialKind::End
                && !body.iter().any(|(_, x)| is_row(x))
                && !info.amount
                && !info.balance
                && vocab.page_mark(&join_words(line.words.iter()))
            {
                continue;
            }
            let page_total = kind == SpecialKind::Total
                && last_row.is_some_and(|r| r > li)
                && line.words.windows(2).any(|w| {
                    w[0].text.eq_ignore_ascii_case("page") && w[1].text.to_ascii_uppercase().starts_with("TOT")
                });
            let e = special_entry(page.number, line, info);
            out.specials.push((kind, e, body.len()));
            if matches!(kind, SpecialKind::Total | SpecialKind::Closing | SpecialKind::End) && !page_total {
                out.ended_at = Some(li);
                if kind == SpecialKind::Total {
                    total_ended = true;
                    continue;
                }
                break;
            }
            continue;
        }
        body.push((li, info));
    }
    // Another table after the rows (fixed deposits, cheques, foreign currency,
    // a loan schedule): its header ends this one, with the title above it.
    if let Some(k) = section_break(page, &body, bands, vocab) {
        body.truncate(k);
        if out.ended_at.is_none() {
            out.ended_at = body.last().map(|(li, _)| *li);
        }
        out.specials.retain(|s| s.2 <= k);
    }
    // Specials point into `body`; entries are built from it below, one each
    // until the table's end on this page.
    let last_anchor = body.iter().rposition(|(_, x)| is_row(x));
    let body_size = body.iter().find(|(_, x)| is_row(x)).and_then(|(li, _)| page.lines.get(*li)).map(|l| l.size);
    // The table's width on this page (its rows' words), which a drawn edge
    // between two of its lines must half cover to divide rows.
    let (tx0, tx1) = body
        .iter()
        .filter(|(_, x)| is_row(x))
        .filter_map(|(li, _)| page.lines.get(*li))
        .flat_map(|l| l.words.iter())
        .fold((f32::MAX, f32::MIN), |(a, b), w| (a.min(w.x0), b.max(w.x1)));
    let mut pitches: Vec<f32> = Vec::new();
    let mut prev_y: Option<f32> = None;
    let mut kept = 0usize;
    for (k, (li, info)) in body.into_iter().enumerate() {
        let Some(line) = page.lines.get(li) else { continue };
        let before_last = last_anchor.is_some_and(|l| k <= l);
        let anchor = is_row(&info);
        if before_last && info.rule {
            // A separator between rows (or above a page's first row).
            continue;
        }
        if !before_last {
            // After the page's last row: wrapped lines of that row, while
            // they fit, keep the type size and follow at the table's pitch.
            let other_size = body_size.is_some_and(|b| (line.size - b).abs() > 0.2 * b);
            let pitch = median(pitches.clone()).unwrap_or(1.2 * line.size);
            // The widest gap between the page's rows so far: centred cells
            // interleave lines at a small pitch, rows stand a wider gap apart.
            let row_gap = pitches.iter().copied().fold(0.0f32, f32::max);
            let far = prev_y.is_some_and(|p| line.y - p > (2.2 * pitch).max(1.5 * line.size).max(1.1 * row_gap));
            // A page whose only table lines continue the previous page's last
            // row (its last narration line alone under the repeated header).
            let continues_last_row = prev_y.is_none()
                && last_anchor.is_none()
                && (rest_of_last_row
                    || start.is_some()
                        && first_body
                            .checked_sub(1)
                            .and_then(|h| page.lines.get(h))
                            .is_some_and(|h| line.y - h.y <= 2.5 * line.size));
            // A sentence closed by a danda ("... आवश्यकता नहीं है।"): a Hindi
            // note or footer, never a narration's wrapped line.
            let sentence = line.words.iter().any(|w| w.text.contains(['\u{0964}', '\u{0965}']));
            if !info.fits
                || info.amount
                || info.balance
                || other_size
                || far
                || sentence
                || (prev_y.is_none() && !continues_last_row)
            {
                break;
            }
        } else if prev_y.is_none() && !anchor && !info.fits {
            // Not-fitting lines before the first row: not the table.
            continue;
        }
        if let Some(p) = prev_y {
            pitches.push(line.y - p);
        }
        let ruled = prev_y.is_some_and(|p| page.ruled_between(p, line.y, line.size, tx0, tx1));
        prev_y = Some(line.y);
        let kind = if anchor {
            Kind::Anchor
        } else if info.date && info.fits {
            Kind::DateOnly
        } else {
            Kind::Cont
        };
        let cells = if info.fits { info.cells } else { salvage(info.cells) };
        let narr = info.narr;
        let wrap = info.wrap.filter(|_| info.fits);
        out.entries.push(Entry {
            narr,
            wrap,
            kind,
            page: page.number,
            y: line.y,
            size: line.size,
            dated: info.date,
            balance: info.balance,
            ruled,
            cells,
        });
        kept = k + 1;
    }
    // Specials after the kept lines still count after them.
    for s in &mut out.specials {
        s.2 = s.2.min(kept);
    }
    out
}

/// Where another table starts below this one's rows on a page: the first
/// line, after a row, that is a table header (labels set apart across three
/// or more of the columns, words in an amount column that are not figures,
/// no date) and is not this table's own header repeated; with the title line
/// set above it after a wider gap. `None` when no other table follows.
fn section_break(page: &PageLines, body: &[(usize, LineInfo)], bands: &Bands, vocab: &dyn Vocabulary) -> Option<usize> {
    let is_row = |x: &LineInfo| x.fits && (x.balance || x.amount);
    let first_row = body.iter().position(|(_, x)| is_row(x))?;
    let own: Vec<ColumnKind> = bands.columns.iter().map(|c| c.kind).collect();
    let k = body.iter().enumerate().skip(first_row + 1).find_map(|(k, (li, x))| {
        // Labels over amount columns do not fit them; a wrapped narration
        // line, even one run across the columns, is one phrase.
        if x.fits || x.date || x.balance || x.amount || x.special.is_some() {
            return None;
        }
        let line = page.lines.get(*li)?;
        let phrases = line.phrases(1.2);
        let cols: std::collections::BTreeSet<usize> = phrases
            .iter()
            .filter_map(|p| line.words.iter().find(|w| w.x0 >= p.x0 - 0.01).map(|w| bands.column_of(w, false)))
            .collect();
        if phrases.len() < 3 || cols.len() < 3 {
            return None;
        }
        // The table's own header again (a second page set on this sheet).
        let named: Vec<ColumnKind> = phrases.iter().filter_map(|p| vocab.column_kind(&p.text)).collect();
        let repeated = named.len() >= 3 && named.iter().all(|k| own.contains(k));
        (!repeated).then_some(k)
    })?;
    // A title line above the header, parted from the rows by a wider gap.
    let y = |k: usize| body.get(k).and_then(|(li, _)| page.lines.get(*li)).map(|l| (l.y, l.size));
    let titled = k >= first_row + 2
        && body.get(k - 1).is_some_and(|(_, x)| !(x.date || x.balance || x.amount))
        && matches!((y(k - 2), y(k - 1)), (Some((ya, _)), Some((yb, size))) if yb - ya > 1.9 * size);
    Some(if titled { k - 1 } else { k })
}

/// A line that does not fit the columns but sits between rows: its words in
/// amount or date columns that are not amounts or dates are narration that
/// ran across the column (moved to the narration cell).
fn salvage(mut cells: Vec<(ColumnKind, String)>) -> Vec<(ColumnKind, String)> {
    let mut moved = String::new();
    for (k, t) in &mut cells {
        let misplaced = match *k {
            kk if kk.is_numeric() => t.split_whitespace().any(|w| !amount_mark(w)),
            ColumnKind::Date | ColumnKind::ValueDate => t.split_whitespace().any(|w| !date_word(w)),
            _ => false,
        };
        if misplaced {
            if !moved.is_empty() {
                moved.push(' ');
            }
            moved.push_str(t);
            t.clear();
        }
    }
    if !moved.is_empty()
        && let Some((_, t)) = cells.iter_mut().find(|(k, _)| *k == ColumnKind::Narration)
    {
        if !t.is_empty() {
            t.push(' ');
        }
        t.push_str(&moved);
    }
    cells
}

/// Where the table's wrapped lines sit, from the runs whose gaps tell and
/// from the lines before a page's first row and after its last.
fn orientation(entries: &[Entry], barriers: &[usize]) -> Orientation {
    let step = row_step(entries);
    let anchors: Vec<usize> =
        entries.iter().enumerate().filter(|(_, e)| e.kind == Kind::Anchor).map(|(i, _)| i).collect();
    let mut before = 0i32;
    let mut after = 0i32;
    // Votes from runs between two rows of one page whose gaps tell.
    let mut told = 0;
    // Runs whose widest gap stands out by less than telling, but clearly
    // (0.4 pt): a row space a point wider than the lines' pitch, the same
    // on every row, tells over many runs what one run cannot.
    let (mut weak_told, mut weak_before, mut weak_after) = (0usize, 0usize, 0usize);
    // Votes from the table's first and last rows (no page break cuts them).
    let mut ends_voted = false;
    // Page heads with lines above the page's first row (the table's first row not counted).
    let mut page_heads = 0usize;
    // A row's last line ends its narration short; a line before it is full
    // (the next line's first word would not have fitted after it). Between
    // two rows one line apart: the anchor's narration full and the line
    // short (After), or the other way (Before). The cell's width: as far as
    // any narration reaches.
    let right = entries.iter().filter_map(|e| e.narr.map(|n| n.x1)).fold(f32::MIN, f32::max);
    let full = |a: &Entry, b: &Entry| {
        a.narr.zip(b.narr).is_some_and(|(x, y)| x.x1 + 0.25 * x.size + y.first > right + 0.1 * x.size)
    };
    let (mut fill_before, mut fill_after) = (0usize, 0usize);
    // Runs of lines after a page's last row and before a page's first.
    let (mut feet, mut heads) = (0i32, 0i32);
    // The widest step inside a row and the narrowest between rows, over the
    // runs whose gaps tell; the gap between a page's head lines and its first
    // row, and between its last row and its foot lines.
    let (mut pitch_max, mut space_min) = (0.0f32, f32::INFINITY);
    let (mut head_gaps, mut foot_gaps): (Vec<f32>, Vec<f32>) = (Vec::new(), Vec::new());
    // Whether any of those runs had lines before their next row, after their previous one.
    let (mut told_before, mut told_after) = (false, false);
    let mut i = 0;
    while i < entries.len() {
        if entries.get(i).is_some_and(|e| e.kind == Kind::Anchor) {
            i += 1;
            continue;
        }
        let start = i;
        while entries.get(i).is_some_and(|e| e.kind != Kind::Anchor) {
            i += 1;
        }
        let prev = anchors.iter().rev().find(|&&a| a < start).and_then(|&a| entries.get(a));
        let next = anchors.iter().find(|&&a| a >= i).and_then(|&a| entries.get(a));
        let run = entries.get(start..i).unwrap_or_default();
        if run.iter().any(|e| e.kind == Kind::DateOnly) {
            continue;
        }
        let (Some(first), Some(last)) = (run.first(), run.last()) else { continue };
        // Lines above a B/F line are the row above's: its rest after a page
        // break, as an After table prints it.
        if barriers.iter().any(|&b| b > start && b <= i) {
            after += 2;
            continue;
        }
        match (prev, next) {
            (Some(p), Some(n)) if p.page == first.page && n.page == last.page && p.page == n.page => {
                if let Some(cut) = clear_split(p, run, n, step) {
                    before += i32::from(cut < run.len());
                    after += i32::from(cut > 0);
                    told += 1;
                    told_before |= cut < run.len();
                    told_after |= cut > 0;
                    let ys: Vec<f32> = std::iter::once(p.y).chain(run.iter().map(|e| e.y)).chain([n.y]).collect();
                    for (k, w) in ys.windows(2).enumerate() {
                        let g = w[1] - w[0];
                        if k == cut {
                            space_min = space_min.min(g);
                        } else {
                            pitch_max = pitch_max.max(g);
                        }
                    }
                } else if let Some(cut) = faint_split(p, run, n) {
                    weak_before += usize::from(cut < run.len());
                    weak_after += usize::from(cut > 0);
                    weak_told += 1;
                }
                if let [line] = run {
                    match (full(p, line), full(line, n)) {
                        (true, false) => fill_after += 1,
                        (false, true) => fill_before += 1,
                        _ => {}
                    }
                }
            }
            // Lines at a page's foot after its last row and lines at the
            // next page's head before its first: centred rows kept whole
            // print both, as rows of an After table a page break cuts do;
            // such a run tells nothing.
            (Some(p), Some(n)) if p.page == first.page && n.page != p.page && n.page == last.page => {}
            (Some(p), _) if p.page == first.page && (next.is_none() || next.is_some_and(|n| n.page != p.page)) => {
                ends_voted |= next.is_none();
                feet += 1;
                foot_gaps.push(first.y - p.y);
            }
            (_, Some(n)) if n.page == last.page && (prev.is_none() || prev.is_some_and(|p| p.page != n.page)) => {
                ends_voted |= prev.is_none();
                page_heads += usize::from(prev.is_some());
                heads += 1;
                head_gaps.push(n.y - last.y);
            }
            _ => {}
        }
    }
    // Lines after a page's last row are its own in a table whose rows are
    // kept whole and whose narration follows the figures, lines before a
    // page's first row are in one whose narration precedes them; where both
    // occur, page breaks cut rows (Qt's do, `break-inside: avoid` or not),
    // and either is the rest of a row the break cut: with runs whose gaps
    // tell, the page breaks tell nothing.
    // Where every run whose gaps tell puts its lines after its row (or every
    // one before), a page's head lines a row space above its first row (as
    // wide as the gaps that divide rows elsewhere, wider than any step inside
    // a row) are no part of that row: the rest of a row the page break cut,
    // as an After table prints it (a Qt break after a row's first line); foot
    // lines a row space below the page's last row in a Before table, the
    // start of the next row. They vote so, not for the side they stand on.
    // (A centred table's runs tell both sides, and a head line a pitch above
    // its row's anchor is a row space above the anchor of another.)
    if told > 0 && told_before != told_after && space_min.is_finite() && space_min > 1.05 * pitch_max {
        let mid = 0.5 * (pitch_max + space_min);
        let apart = |gaps: &[f32]| gaps.iter().filter(|&&g| g >= mid).count() as i32;
        let heads_apart = if told_after { apart(&head_gaps) } else { 0 };
        let feet_apart = if told_before { apart(&foot_gaps) } else { 0 };
        heads -= heads_apart;
        feet -= feet_apart;
        after += 2 * heads_apart;
        before += 2 * feet_apart;
    }
    if told == 0 || feet == 0 || heads == 0 {
        after += 2 * feet;
        before += 2 * heads;
    }
    if told == 0 && weak_told >= 5 {
        // Nine runs in ten or more cut at one end, none or few at the other.
        let most = |k: usize| k * 10 >= weak_told * 9;
        let few = |k: usize| k * 10 <= weak_told;
        if most(weak_before) && few(weak_after) {
            return Orientation::Before;
        }
        if most(weak_after) && few(weak_before) {
            return Orientation::After;
        }
    }
    if told == 0 && fill_before + fill_after >= 10 {
        // Nothing in the spacing tells: the narration's fill does, where
        // four runs in five agree.
        if fill_before >= 4 * fill_after {
            return Orientation::Before;
        }
        if fill_after >= 4 * fill_before {
            return Orientation::After;
        }
    }
    // Page breaks in the table: rows the break cuts are a few of them; a
    // Before table prints lines above a page's first row on a quarter of its
    // pages or more (a 601-row browser table, cells bottom aligned: 5 of 15).
    let breaks = entries.windows(2).filter(|w| w[0].page != w[1].page).count();
    if told == 0 && !ends_voted && page_heads * 4 < breaks && one_pitch(entries) {
        // Only page breaks voting, in a table set at one pitch: lines before
        // a page's first row are the rest of a row the break cut, lines after
        // a page's last row its own (a page head's one line does not make a
        // long table Before).
        return Orientation::After;
    }
    if before > 2 * after {
        Orientation::Before
    } else if after > 2 * before || before == 0 || (told == 0 && one_pitch(entries)) {
        // Only page breaks voting, in a table set at one pitch (a line
        // printer's: no space between rows, so no gap tells): lines before a
        // page's first row are the end of a row the page break cut, as those
        // after a page's last row are its own; the row's first line holds its
        // date and figures.
        Orientation::After
    } else {
        Orientation::Centred
    }
}

/// In a table whose rows each print their date beside their figures, the
/// dated lines without a figure that are no row's part: a bank's note among
/// the rows ("CHEQUE BOOK ISSUED ...", "INTEREST RATE REVISED ...", "KYC
/// UPDATED"), a date and words, no amount, no balance. Such a line is one of
/// a few (a value date stacked under the posting date is printed under most
/// rows), carries words beside its date, is followed by a dated row (the row
/// after has its own date) and stands apart from the lines beside it on its
/// page by the space between rows, not at the pitch of a row's wrapped lines
/// (where no row wraps, nothing tells the two apart but how few they are);
/// its own wrapped lines, at that pitch under it, go with it. Indices into
/// `entries`, ascending.
fn informational_lines(entries: &[Entry]) -> Vec<usize> {
    let anchors = entries.iter().filter(|e| e.kind == Kind::Anchor).count();
    let candidates: Vec<usize> = entries
        .iter()
        .enumerate()
        .filter(|(_, e)| e.kind == Kind::DateOnly)
        .filter(|(_, e)| e.cells.iter().any(|(k, t)| *k == ColumnKind::Narration && t.chars().any(char::is_alphabetic)))
        .map(|(j, _)| j)
        .collect();
    let dated_lines = entries.iter().filter(|e| e.kind == Kind::DateOnly).count();
    if candidates.is_empty() || dated_lines * 4 > anchors {
        return Vec::new();
    }
    let Some(space) = row_space(entries) else { return Vec::new() };
    // The pitch of a row's own lines, where a row wraps: the tightest step
    // from one line of the table to the next on a page.
    let pitch = entries
        .windows(2)
        .filter(|w| w[0].page == w[1].page && w[1].kind == Kind::Cont)
        .map(|w| w[1].y - w[0].y)
        .fold(f32::INFINITY, f32::min);
    let apart = |gap: f32| !pitch.is_finite() || pitch > 0.9 * space || gap >= 0.5 * (pitch + space);
    let mut out = Vec::new();
    for j in candidates {
        let Some(e) = entries.get(j) else { continue };
        // The note's own wrapped lines: at a row's pitch under it.
        let mut last = j;
        while let (Some(l), Some(w)) = (entries.get(last), entries.get(last + 1)) {
            if w.kind != Kind::Cont || w.page != l.page || apart(w.y - l.y) {
                break;
            }
            last += 1;
        }
        let next = entries.get(last + 1);
        if !next.is_some_and(|n| n.kind == Kind::Anchor && n.dated) {
            continue;
        }
        let Some(l) = entries.get(last) else { continue };
        let above = j.checked_sub(1).and_then(|i| entries.get(i)).filter(|p| p.page == e.page);
        let below = next.filter(|n| n.page == l.page);
        if above.is_some_and(|p| apart(e.y - p.y)) && below.is_none_or(|n| apart(n.y - l.y)) {
            out.extend(j..=last);
        }
    }
    out
}

/// Every line of the table follows the one before it on its page at the same
/// pitch (within 8%), over at least three steps: a line printer's grid.
fn one_pitch(entries: &[Entry]) -> bool {
    let steps: Vec<f32> = entries.windows(2).filter(|w| w[0].page == w[1].page).map(|w| w[1].y - w[0].y).collect();
    let min = steps.iter().copied().fold(f32::INFINITY, f32::min);
    let max = steps.iter().copied().fold(0.0f32, f32::max);
    steps.len() >= 3 && min > 0.0 && max <= 1.08 * min
}

/// Where a drawn edge cuts a run of wrapped lines between anchors `prev` and
/// `next` on one page (a grid, row rules or row fills): the number of lines
/// that go to `prev`, when exactly one edge lies among them.
fn ruled_split(run: &[Entry], next: &Entry) -> Option<usize> {
    let mut ruled = run.iter().chain(std::iter::once(next)).enumerate().filter(|(_, e)| e.ruled).map(|(k, _)| k);
    let k = ruled.next()?;
    ruled.next().is_none().then_some(k)
}

/// Where the widest vertical gap cuts a run of wrapped lines between anchors
/// `prev` and `next` when it stands out by less than `clear_split` asks but by
/// 0.4 pt or more over every other gap of the run: a faint row space, telling
/// only when most runs agree (`orientation`).
fn faint_split(prev: &Entry, run: &[Entry], next: &Entry) -> Option<usize> {
    let ys: Vec<f32> = std::iter::once(prev.y).chain(run.iter().map(|e| e.y)).chain(std::iter::once(next.y)).collect();
    let gaps: Vec<f32> = ys.windows(2).map(|w| w[1] - w[0]).collect();
    let (k, widest) = gaps.iter().copied().enumerate().max_by(|a, b| a.1.total_cmp(&b.1))?;
    let rest = gaps.iter().enumerate().filter(|(j, _)| *j != k).map(|(_, g)| *g).fold(0.0f32, f32::max);
    (widest - rest >= 0.4).then_some(k)
}

/// Where the widest vertical gap cuts a run of wrapped lines between anchors
/// `prev` and `next`: the number of lines that go to `prev`. `None` when no
/// gap stands out (all the same pitch). A drawn edge between the rows says
/// it first.
///
/// `step`, the table's [`row_step`]: where no gap stands out on its own, the
/// one gap of the run that reaches it divides the rows.
fn clear_split(prev: &Entry, run: &[Entry], next: &Entry, step: Option<f32>) -> Option<usize> {
    if let Some(k) = ruled_split(run, next) {
        return Some(k);
    }
    let mut ys: Vec<f32> = Vec::with_capacity(run.len() + 2);
    ys.push(prev.y);
    ys.extend(run.iter().map(|e| e.y));
    ys.push(next.y);
    row_gap_at(&ys, prev.size.max(next.size), step).map(|(k, _)| k)
}

/// Where a table sets its rows a little further apart than the lines of a
/// row (1 px of cell padding or a border's spacing, scaled down: 5–30% wider,
/// less than one run's gap must stand out by), the step from one row to the
/// next tells over the whole table what it cannot in one run: over the steps
/// between consecutive lines of a page (not under 0.7 of the median: a centred
/// anchor half a line from its row's lines), the
/// tightest that recurs (three times or more) and the next, no step between,
/// both tight clusters (each within 4%), recurring, the wider 5–30% above the
/// tighter; the middle between them. `None` where the steps show no such two.
fn row_step(entries: &[Entry]) -> Option<f32> {
    let mut steps: Vec<f32> =
        entries.windows(2).filter(|w| w[0].page == w[1].page).map(|w| w[1].y - w[0].y).filter(|g| *g > 0.0).collect();
    steps.sort_by(f32::total_cmp);
    // A centred row's anchor half a line from its lines is no pitch.
    let least = 0.7 * steps.get(steps.len() / 2).copied()?;
    // (least, most, count) of runs of steps each within 2% (0.2 pt) of the last.
    let mut clusters: Vec<(f32, f32, usize)> = Vec::new();
    for g in steps {
        match clusters.last_mut() {
            Some(c) if g - c.1 <= (0.02 * c.1).max(0.2) => {
                c.1 = g;
                c.2 += 1;
            }
            _ => clusters.push((g, g, 1)),
        }
    }
    // The pitch: the tightest step that recurs; the space: the next one.
    let at = clusters.iter().position(|c| c.2 >= 3 && c.0 >= least)?;
    let (pitch, space) = (clusters.get(at)?, clusters.get(at + 1)?);
    let tight = |c: &(f32, f32, usize)| c.1 - c.0 <= 0.04 * c.0 && c.2 >= 3;
    (tight(pitch) && tight(space) && (1.05..=1.3).contains(&(space.0 / pitch.1))).then_some(0.5 * (pitch.1 + space.0))
}

/// The widest gap between consecutive baselines `ys`, as (index, width),
/// when it stands out: 15% and 0.15 of `size` wider than any other (1 px of
/// cell padding each side sets rows 1.5 pt further apart than the lines of a
/// row: 18% at a 7.5 pt pitch).
/// [`standout_gap`], or where none stands out the one gap that reaches the
/// table's [`row_step`].
fn row_gap_at(ys: &[f32], size: f32, step: Option<f32>) -> Option<(usize, f32)> {
    if let Some(g) = standout_gap(ys, size) {
        return Some(g);
    }
    let step = step?;
    let mut wide = ys.windows(2).enumerate().filter(|(_, w)| w[1] - w[0] >= step).map(|(k, w)| (k, w[1] - w[0]));
    let g = wide.next()?;
    wide.next().is_none().then_some(g)
}

fn standout_gap(ys: &[f32], size: f32) -> Option<(usize, f32)> {
    let gaps: Vec<f32> =
        ys.windows(2).map(|w| w.get(1).copied().unwrap_or(0.0) - w.first().copied().unwrap_or(0.0)).collect();
    let (k, widest) = gaps.iter().copied().enumerate().max_by(|a, b| a.1.total_cmp(&b.1))?;
    let second = gaps.iter().copied().enumerate().filter(|(j, _)| *j != k).map(|(_, g)| g).fold(0.0f32, f32::max);
    (widest > 1.15 * second && widest - second > 0.15 * size).then_some((k, widest))
}

/// The space between rows of the table: over consecutive anchors on one
/// page, the widest gap between the lines from one to the next; the median.
/// `None` with fewer than three such pairs.
fn row_space(entries: &[Entry]) -> Option<f32> {
    let anchors: Vec<usize> =
        entries.iter().enumerate().filter(|(_, e)| e.kind == Kind::Anchor).map(|(i, _)| i).collect();
    let mut spaces: Vec<f32> = anchors
        .windows(2)
        .filter_map(|w| {
            let run = entries.get(w[0]..=w[1])?;
            let page = run.first()?.page;
            if run.iter().any(|e| e.page != page) {
                return None;
            }
            run.windows(2).map(|p| p[1].y - p[0].y).reduce(f32::max)
        })
        .collect();
    if spaces.len() < 3 {
        return None;
    }
    spaces.sort_by(f32::total_cmp);
    spaces.get(spaces.len() / 2).copied()
}

/// Whether the table's rows are divided by drawn edges: of three or more
/// pairs of consecutive anchors on one page, nine in ten have exactly one
/// edge between them. Where they are, no edge between lines is as telling
/// as one: lines a page break separates are one row's unless an edge lies
/// between them.
fn ruled_rows(entries: &[Entry]) -> bool {
    let anchors: Vec<usize> =
        entries.iter().enumerate().filter(|(_, e)| e.kind == Kind::Anchor).map(|(i, _)| i).collect();
    let (mut pairs, mut one) = (0usize, 0usize);
    for w in anchors.windows(2) {
        let Some(run) = entries.get(w[0] + 1..=w[1]) else { continue };
        if run.iter().any(|e| e.page != w.first().and_then(|&a| entries.get(a)).map_or(0, |a| a.page)) {
            continue;
        }
        pairs += 1;
        one += usize::from(run.iter().filter(|e| e.ruled).count() == 1);
    }
    pairs >= 3 && one * 10 >= pairs * 9
}

/// How many of `lines`, the first lines of a page before the line
/// `following` (the page's first date line or anchor), are the rest of the
/// previous page's last row (a row split by the page break): those above the
/// widest gap between them and `following`, when that gap is the space
/// between rows (`row_space`, give or take 15%) and clearly wider than any
/// other gap of the run (or the one that reaches the table's `step`, and none
/// short of it); or those above the one drawn edge among them.
fn carried_over(lines: &[Entry], following: &Entry, row_space: Option<f32>, ruled: bool, step: Option<f32>) -> usize {
    if let Some(k) = ruled_split(lines, following) {
        return k;
    }
    if ruled {
        return 0;
    }
    let Some(row_space) = row_space else { return 0 };
    if lines.is_empty() {
        return 0;
    }
    let ys: Vec<f32> = lines.iter().chain(std::iter::once(following)).map(|e| e.y).collect();
    match row_gap_at(&ys, following.size, step) {
        Some((k, widest)) if widest >= 0.85 * row_space && step.is_none_or(|s| widest >= s) => k + 1,
        _ => 0,
    }
}

/// How many of `lines`, which follow the anchor `prev` at the foot of its
/// page, stay with it: all, unless the widest gap among them is the table's
/// space between rows (and reaches the table's `step`, where it has one), or
/// a drawn edge lies among them (then the lines after it begin the next row).
fn staying(prev: &Entry, lines: &[Entry], row_space: Option<f32>, ruled: bool, step: Option<f32>) -> usize {
    if let Some(k) = lines.iter().position(|e| e.ruled) {
        return k;
    }
    if ruled {
        return lines.len();
    }
    let Some(row_space) = row_space else { return lines.len() };
    let ys: Vec<f32> = std::iter::once(prev).chain(lines).map(|e| e.y).collect();
    match row_gap_at(&ys, prev.size, step) {
        Some((k, widest)) if widest >= 0.85 * row_space && step.is_none_or(|s| widest >= s) => k,
        _ => lines.len(),
    }
}

/// Gathers each anchor with its wrapped lines.
fn group(entries: &[Entry], orientation: Orientation, barriers: &[usize], is_date: &dyn Fn(&str) -> bool) -> Vec<Row> {
    // The date cells of some lines, joined as a row joins them.
    let dates_of = |lines: &[Entry], kind: ColumnKind| {
        lines
            .iter()
            .filter_map(|e| e.cells.iter().find(|(k, t)| *k == kind && !t.is_empty()).map(|(_, t)| t.as_str()))
            .collect::<Vec<_>>()
            .join(" ")
    };
    // A whole date: day, month and year (`01- 04- 2024` wrapped in a narrow
    // cell and joined again), nothing more, nothing less.
    let whole = |t: &str| {
        let joined = t.replace("- ", "-").replace("/ ", "/").replace(". ", ".");
        let parts = joined.split(['-', '/', '.', ' ']).filter(|p| !p.is_empty()).count();
        t.trim().is_empty() || (parts == 3 && is_date(&joined))
    };
    // The date lines the row before took from the run above its anchor.
    let mut date_prefix: Vec<(ColumnKind, String)> = Vec::new();
    let row_space = row_space(entries);
    let step = row_step(entries);
    let ruled = ruled_rows(entries);
    let anchors: Vec<usize> =
        entries.iter().enumerate().filter(|(_, e)| e.kind == Kind::Anchor).map(|(i, _)| i).collect();
    let mut owner: Vec<Option<usize>> = vec![None; entries.len()];
    for (r, &a) in anchors.iter().enumerate() {
        if let Some(o) = owner.get_mut(a) {
            *o = Some(r);
        }
    }
    // Runs of non-anchor lines between anchors. In a table whose anchors
    // are centred in their rows, a row has as many lines above its anchor as
    // below it: `carry` is the number of lines above the last anchor that
    // are its own (`None` where that is not known), so the same number below
    // it are too.
    let mut carry: Option<usize> = None;
    let mut i = 0;
    while i < entries.len() {
        if entries.get(i).is_some_and(|e| e.kind == Kind::Anchor) {
            // An anchor right after another (or the table's first): no line
            // above it is its own.
            if i == 0 || entries.get(i - 1).is_some_and(|e| e.kind == Kind::Anchor) {
                carry = Some(0);
            }
            i += 1;
            continue;
        }
        let start = i;
        while entries.get(i).is_some_and(|e| e.kind != Kind::Anchor) {
            i += 1;
        }
        let prev = anchors.iter().rposition(|&a| a < start);
        let next = anchors.iter().position(|&a| a >= i);
        let prev_e = prev.and_then(|r| anchors.get(r)).and_then(|&a| entries.get(a));
        let next_e = next.and_then(|r| anchors.get(r)).and_then(|&a| entries.get(a));
        // A date line starts the next row: it and what follows go to it. The
        // lines before it are shared between the two rows.
        let date_at = (start..i).find(|&j| entries.get(j).is_some_and(|e| e.kind == Kind::DateOnly));
        let date_cut = date_at.unwrap_or(i);
        let cut = match (prev_e, next_e) {
            (None, _) => start,
            (_, None) => date_cut,
            (Some(p), Some(n)) => {
                let pre = entries.get(start..date_cut).unwrap_or_default();
                let to_prev = if pre.is_empty() {
                    0
                } else if p.page != n.page {
                    // Across a page break: lines on the row's own page stay
                    // with it; lines on the next page go to the next row
                    // unless the table wraps narration after the amounts.
                    let on_prev_page = pre.iter().take_while(|e| e.page == p.page).count();
                    let carried = pre.get(on_prev_page..).unwrap_or_default();
                    if orientation == Orientation::After && date_at.is_none() {
                        pre.len()
                    } else if orientation == Orientation::Before && date_at.is_none() && !ruled {
                        // Narration before the figures: the page's last lines
                        // after its last row begin the next row. Unless the
                        // gaps say the row was cut after its figures: lines
                        // at the foot set at the pitch under the row's
                        // figures, and at the next page's head the space
                        // between rows after the first lines (a browser sets
                        // a cut row's figures at the top of its first part,
                        // bottom-aligned cells or not): those lines are its.
                        // (The space stands out against the foot's pitch:
                        // one line at the head shows no second gap.)
                        let tail = pre.get(..on_prev_page).unwrap_or_default();
                        let following = entries.get(date_cut).unwrap_or(n);
                        let pitch =
                            std::iter::once(p).chain(tail).zip(tail).map(|(a, b)| b.y - a.y).fold(0.0f32, f32::max);
                        let more = carried_over(carried, following, row_space, ruled, step);
                        let space = match (more.checked_sub(1).and_then(|k| carried.get(k)), carried.get(more)) {
                            (Some(a), Some(b)) => b.y - a.y,
                            (Some(a), None) => following.y - a.y,
                            _ => 0.0,
                        };
                        let stands_out = space > 1.15 * pitch && space - pitch > 0.15 * p.size;
                        if on_prev_page > 0
                            && staying(p, tail, row_space, ruled, step) == on_prev_page
                            && more > 0
                            && stands_out
                        {
                            on_prev_page + more
                        } else {
                            0
                        }
                    } else if let Some(c) =
                        carry.filter(|&c| orientation == Orientation::Centred && !ruled && c == on_prev_page)
                    {
                        // A centred row: as many lines below its anchor as
                        // above it, the rest of its page. (Fewer above: a row
                        // the break cuts is centred on its first part, or
                        // the next row starts; left to the gaps.) A row the
                        // break cut after its first line (Qt sets a cut
                        // row's first part top aligned: its first narration
                        // line beside its figures at the page's foot) leaves
                        // its rest at the next page's head, the space between
                        // rows after it.
                        // (The next row's anchor sits half a line under its
                        // line above: the space between rows stands out
                        // against a whole line, twice that half.)
                        let following = entries.get(date_cut).unwrap_or(n);
                        let rest = carried_over(carried, following, row_space, ruled, step);
                        let half = carried.last().map_or(0.0, |l| following.y - l.y);
                        let space = match (rest.checked_sub(1).and_then(|k| carried.get(k)), carried.get(rest)) {
                            (Some(a), Some(b)) => b.y - a.y,
                            _ => 0.0,
                        };
                        c + if space > 1.15 * 2.0 * half { rest } else { 0 }
                    } else {
                        // The page's last lines after the space between
                        // rows begin the next row (its first narration line
                        // printed above a page break).
                        let tail = pre.get(..on_prev_page).unwrap_or_default();
                        let stays = staying(p, tail, row_space, ruled, step);
                        if stays < on_prev_page {
                            stays
                        } else {
                            let following = entries.get(date_cut).unwrap_or(n);
                            on_prev_page + carried_over(carried, following, row_space, ruled, step)
                        }
                    }
                } else if date_at.is_some() {
                    // Lines above a date line: where the widest vertical gap
                    // of the whole run stands out at or above the date line,
                    // it is the space between the rows (cells centred
                    // vertically print the next row's narration above its
                    // date); else the next row's only when the table prints
                    // narration before amounts.
                    let run = entries.get(start..i).unwrap_or_default();
                    match clear_split(p, run, n, step) {
                        Some(k) if k <= pre.len() => k,
                        _ if orientation == Orientation::Before => 0,
                        _ => pre.len(),
                    }
                } else {
                    match clear_split(p, pre, n, step) {
                        Some(k) => k,
                        None => match orientation {
                            Orientation::After => pre.len(),
                            Orientation::Before => 0,
                            // As many below the row's anchor as above it.
                            Orientation::Centred => match carry {
                                Some(c) if c <= pre.len() => c,
                                _ => pre.len().div_ceil(2),
                            },
                        },
                    }
                };
                start + to_prev.min(pre.len())
            }
        };
        // The lines above the next anchor that are its own, when they are
        // all on its page and no date line starts its row.
        carry = next_e
            .filter(|n| {
                date_at.is_none() && entries.get(cut.max(start)..i).unwrap_or_default().iter().all(|e| e.page == n.page)
            })
            .map(|_| i - cut.clamp(start, i));
        // Lines above a B/F line are the row above's.
        let cut = barriers.iter().filter(|&&b| b > start && b <= i).fold(cut, |c, &b| c.max(b));
        // A date a narrow cell wraps over lines of its own (`01-` / `04-` /
        // `2024`, set above the row's figures when cells are bottom aligned
        // or centred): the lines go where each row's date comes out whole,
        // where exactly one cut does that.
        let run = entries.get(start..i).unwrap_or_default();
        let kinds = [ColumnKind::Date, ColumnKind::ValueDate];
        let fragments = run.iter().any(|e| e.cells.iter().any(|(k, t)| kinds.contains(k) && !t.is_empty()));
        let cut = match (prev_e, next_e) {
            (Some(p), Some(n)) if fragments && date_at.is_none() => {
                let fits = |k: usize| {
                    kinds.iter().all(|&kind| {
                        let before = date_prefix.iter().filter(|(c, _)| *c == kind).map(|(_, t)| t.as_str());
                        let left = before
                            .chain(std::iter::once(dates_of(std::slice::from_ref(p), kind).as_str()))
                            .chain(std::iter::once(dates_of(run.get(..k).unwrap_or_default(), kind).as_str()))
                            .filter(|t| !t.is_empty())
                            .collect::<Vec<_>>()
                            .join(" ");
                        let right =
                            [dates_of(run.get(k..).unwrap_or_default(), kind), dates_of(std::slice::from_ref(n), kind)]
                                .iter()
                                .filter(|t| !t.is_empty())
                                .cloned()
                                .collect::<Vec<_>>()
                                .join(" ");
                        // (No fragment after the cut: the next row's date
                        // may go on below its anchor.)
                        let rest = dates_of(run.get(k..).unwrap_or_default(), kind);
                        whole(&left) && (rest.is_empty() || whole(&right))
                    })
                };
                let ok: Vec<usize> = (0..=run.len()).filter(|&k| fits(k)).collect();
                match ok.as_slice() {
                    [k] => start + k,
                    _ => cut,
                }
            }
            _ => cut,
        };
        date_prefix = kinds
            .iter()
            .map(|&kind| (kind, dates_of(entries.get(cut.clamp(start, i)..i).unwrap_or_default(), kind)))
            .filter(|(_, t)| !t.is_empty())
            .collect();
        for (j, o) in owner.iter_mut().enumerate().take(i).skip(start) {
            *o = if j < cut { prev.or(next) } else { next.or(prev) };
        }
    }
    let mut rows: Vec<Row> = anchors
        .iter()
        .map(|&a| {
            let e = entries.get(a);
            Row {
                page: e.map_or(0, |e| e.page),
                cells: e.map_or_else(Vec::new, |e| e.cells.iter().map(|(k, _)| (*k, String::new())).collect()),
                dated: false,
            }
        })
        .collect();
    let glued = narration_joins(entries, &owner);
    for ((e, o), glued) in entries.iter().zip(&owner).zip(glued) {
        let Some(row) = o.and_then(|r| rows.get_mut(r)) else { continue };
        row.dated |= e.dated;
        for (i, (kind, text)) in e.cells.iter().enumerate() {
            if text.is_empty() {
                continue;
            }
            if let Some((_, t)) = row.cells.get_mut(i) {
                let continues = glued && *kind == ColumnKind::Narration;
                if !t.is_empty() && !continues {
                    t.push(' ');
                }
                t.push_str(text);
            }
        }
    }
    rows
}

/// A character's width in a sans-serif face, in ems (Helvetica's and Arial's
/// proportions, by class): the share of its word's width it takes.
fn glyph_share(c: char) -> f32 {
    match c {
        'i' | 'j' | 'l' | 'I' | '.' | ',' | ':' | ';' | '\'' | '!' | '|' | ' ' | '/' | 'f' | 't' => 0.28,
        'r' | '-' | '(' | ')' | '*' => 0.35,
        'm' | 'M' | 'W' | 'w' | '%' => 0.86,
        '@' => 1.0,
        'C' | 'D' | 'G' | 'H' | 'N' | 'O' | 'Q' | 'R' | 'U' => 0.74,
        c if c.is_ascii_uppercase() => 0.65,
        'c' | 'k' | 's' | 'v' | 'x' | 'y' | 'z' => 0.5,
        _ => 0.556,
    }
}

/// For each line, whether its narration continues the row's narration line
/// before it with no space: the bank's system cut the string there by
/// character count or at the cell's width, not at a space.
///
/// A break (two narration lines of one row) is *full* when the line before it
/// has no room left: its characters (a space between words, one more for a
/// line whose first word stands a space right of the cell's left edge) are the
/// most any line of the column has, and at least three lines have that many
/// (a cut every N characters, in any font); or it ends closer to the cell's
/// right edge (as far as any narration line reaches) than the width of the
/// next line's first character (a cut at the cell's width in points). A line
/// whose gaps are stretched past a space (justified) is never full. *Nearly
/// full* allows one character more (the space a cut left at the line's end).
///
/// The column is cut by character when, of its breaks where the two words
/// meeting there would have fitted on one line (where a wrapper cutting at
/// spaces never cuts a word), at least eight and nine in ten are nearly full,
/// by count or by points (whichever finds more): a word wrapper leaves lines
/// ragged, short of the cell by part of the next word. Five to seven such
/// breaks do where all are nearly full and a full break has digits on both
/// sides (`915051` / `931235`: a word wrapper leaves that only where a
/// narration spaces two numbers apart at the cell's edge). In such a column a full
/// break joins with no space, unless the next line starts a space right of the
/// cell's left edge (the space the cut left at the line's head). A break whose
/// line ends short of the cell (the space the cut left at the line's end,
/// invisible) joins with a space, and so does every break of a column whose
/// evidence is weaker (today's reading).
fn narration_joins(entries: &[Entry], owner: &[Option<usize>]) -> Vec<bool> {
    let mut glued = vec![false; entries.len()];
    // Consecutive narration lines of one row.
    let mut last: std::collections::HashMap<usize, usize> = std::collections::HashMap::new();
    let mut breaks: Vec<(usize, usize)> = Vec::new();
    for (j, (e, o)) in entries.iter().zip(owner).enumerate() {
        let (Some(r), Some(_)) = (o, &e.wrap) else { continue };
        if let Some(i) = last.insert(*r, j) {
            breaks.push((i, j));
        }
    }
    if breaks.len() < 5 {
        return glued;
    }
    // The cell's left edge (where most lines start) and right edge, per page.
    let mut on_page: std::collections::HashMap<u32, (Vec<f32>, f32)> = std::collections::HashMap::new();
    for e in entries {
        if let Some(w) = &e.wrap {
            let (starts, right) = on_page.entry(e.page).or_insert((Vec::new(), f32::MIN));
            starts.push(w.x0);
            *right = right.max(w.x1);
        }
    }
    let edges: std::collections::HashMap<u32, (f32, f32)> =
        on_page.into_iter().map(|(p, (starts, right))| (p, (median(starts).unwrap_or(0.0), right))).collect();
    let edge = |page: u32| edges.get(&page).copied().unwrap_or((0.0, 0.0));
    let indented = |w: &Wrapped, left: f32| w.x0 - left > 0.15 * w.size;
    let chars = |w: &Wrapped, left: f32| w.chars + usize::from(indented(w, left) && w.x0 - left < 1.2 * w.size);
    let all: Vec<usize> = entries.iter().filter_map(|e| e.wrap.as_ref().map(|w| chars(w, edge(e.page).0))).collect();
    let most = all.iter().copied().max().unwrap_or(0);
    let counted = most >= 12 && all.iter().filter(|&&c| c == most).count() >= 3;
    // A justified line (its gaps stretched past a space: more than 1.3 of its
    // characters' mean width, a monospaced space being one) ends at the
    // cell's edge whatever the cut: its end tells nothing.
    let stretched = |w: &Wrapped| w.gap > 1.3 * w.ink / w.ink_chars.max(1) as f32;
    /// One break, by count and by points.
    struct Break {
        at: usize,
        full: (bool, bool),
        nearly: (bool, bool),
        // The line's last word and the next line's first would not fit on a
        // line together.
        long_pair: (bool, bool),
        indented: bool,
        // Digits on both sides of the break (`915051` / `931235`): a wrapper
        // cutting at spaces leaves that only where a narration spaces two
        // numbers apart.
        digits: bool,
    }
    // A break between the same two words as an earlier one tells nothing new
    // (a monthly EMI's narration printed alike each month but its reference).
    let mut seen: std::collections::HashSet<(&str, &str)> = std::collections::HashSet::new();
    let judged: Vec<(Break, bool)> = breaks
        .iter()
        .filter_map(|&(i, j)| {
            let (a, b) = (entries.get(i)?, entries.get(j)?);
            let (wa, wb) = (a.wrap.as_ref()?, b.wrap.as_ref()?);
            let (left, right) = edge(a.page);
            let char_w = wb.first_w / wb.first_chars.max(1) as f32;
            // The next line's first character's width: its word's width
            // shared out by the usual proportions of a sans-serif face.
            let first_w = wb.first.map_or(char_w, |c| {
                let shares: f32 = wb.first_word.chars().map(glyph_share).sum();
                wb.first_w * glyph_share(c) / shares.max(0.1)
            });
            let room = right - wa.x1;
            let count = chars(wa, left);
            let pair = (wa.last_word.as_str(), wb.first_word.as_str());
            let new = seen.insert(pair);
            let b = Break {
                at: j,
                full: (counted && count >= most, !stretched(wa) && room < first_w),
                nearly: (counted && count + 1 >= most, !stretched(wa) && room < 2.0 * char_w),
                long_pair: (wa.last_chars + wb.first_chars > most, wa.last_w + wb.first_w + char_w > right - left),
                indented: indented(wb, edge(b.page).0),
                digits: wa.last.is_some_and(|c| c.is_ascii_digit()) && wb.first.is_some_and(|c| c.is_ascii_digit()),
            };
            Some((b, new))
        })
        .collect();
    let distinct: Vec<&Break> = judged.iter().filter(|(_, new)| *new).map(|(b, _)| b).collect();
    // By count or by points: whichever finds more of the column's breaks
    // (where the two words would have fitted on a line together) nearly full.
    let share = |pick: fn(&Break) -> (bool, bool)| {
        let open: Vec<&&Break> = distinct.iter().filter(|b| !pick(b).0).collect();
        let near = open.iter().filter(|b| pick(b).1).count();
        (near, open.len())
    };
    let by_count = share(|b| (b.long_pair.0, b.nearly.0));
    let by_points = share(|b| (b.long_pair.1, b.nearly.1));
    let counting = counted && by_count.0 * by_points.1.max(1) >= by_points.0 * by_count.1.max(1);
    let (near, open) = if counting { by_count } else { by_points };
    // Five to seven breaks tell where every one is nearly full and a full one
    // cuts a number (digits on both sides).
    let number_cut = distinct.iter().any(|b| b.digits && !b.indented && if counting { b.full.0 } else { b.full.1 });
    let by_character = (near >= 8 && near * 10 >= open * 9) || (near >= 5 && near == open && number_cut);
    if !by_character {
        return glued;
    }
    for (b, _) in &judged {
        let full = if counting { b.full.0 } else { b.full.1 };
        if full
            && !b.indented
            && let Some(g) = glued.get_mut(b.at)
        {
            *g = true;
        }
    }
    glued
}

#[cfg(test)]
mod tests {
    use super::super::lines::tests::line;
    use super::super::lines::{Line, PageLines};
    use super::{find_table, plain_amount, rule_line};
    use crate::extract::StatementVocabulary;
    use crate::layout::ColumnKind;

    /// One string per line, fields set apart by runs of spaces, every
    /// character 5 pt: the fields drift off their labels as the text before
    /// them grows.
    fn typed(y: f32, text: &str) -> Line {
        let mut words: Vec<(&str, f32)> = Vec::new();
        let mut start = None;
        for (i, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
            match (c == ' ', start) {
                (true, Some(s)) => {
                    words.push((&text[s..i], 50.0 + 5.0 * text[..s].chars().count() as f32));
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        line(y, &words)
    }

    #[test]
    fn fields_set_apart_by_spaces_are_read_by_what_they_are() {
        let rows = [
            ("1/1/2024", "AMAZON PURCHASE", "$600.88"),
            ("1/4/2024", "ATM WITHDRAWAL", "-$780.36"),
            ("1/10/2024", "SUBSCRIPTION SERVICE", "-$442.24"),
            ("1/13/2024", "CHECK #4010", "$757.00"),
            ("1/16/2024", "RESTAURANT", "-$130.21"),
            ("1/22/2024", "DIRECT DEPOSIT PAYROLL", "-$900.13"),
        ];
        let mut lines = vec![typed(40.0, "Date        Description                    Amount")];
        for (i, (d, n, a)) in rows.iter().enumerate() {
            lines.push(typed(52.0 + 12.0 * i as f32, &format!("{d}  {n}  {a}")));
        }
        let page = PageLines { number: 1, height: 800.0, lines, hidden: vec![], rules: vec![] };
        let table = find_table(&[page], &StatementVocabulary).expect("table");
        let got: Vec<(&str, &str, &str)> = table
            .rows
            .iter()
            .map(|r| (r.cell(ColumnKind::Date), r.cell(ColumnKind::Narration), r.cell(ColumnKind::Amount)))
            .collect();
        assert_eq!(got, rows.to_vec());
    }

    /// A total row, then a dated closing row carrying the period's totals and
    /// the balance in the table's columns (Axis's TRANSACTION TOTAL above
    /// Standard Chartered's CLOSING BALANCE): the closing row is the table's.
    #[test]
    fn a_closing_row_under_the_total_is_the_tables() {
        let row = |d: &str, n: &str, cr: &str, dr: &str, bal: &str| format!("{d:<12}{n:<26}{cr:>12}{dr:>12}{bal:>14}");
        let lines = vec![
            typed(40.0, &row("Date", "Description", "Deposit", "Withdrawal", "Balance")),
            typed(52.0, &row("01/04/2024", "SALARY", "5,000.00", "", "15,000.00")),
            typed(64.0, &row("02/04/2024", "ATM", "", "1,000.00", "14,000.00")),
            typed(76.0, &row("", "TRANSACTION TOTAL", "5,000.00", "1,000.00", "")),
            typed(88.0, &row("02/04/2024", "CLOSING BALANCE", "5,000.00", "1,000.00", "14,000.00")),
        ];
        let page = PageLines { number: 1, height: 800.0, lines, hidden: vec![], rules: vec![] };
        let table = find_table(&[page], &StatementVocabulary).expect("table");
        assert_eq!(table.rows.len(), 2);
        let closing = table.specials.iter().find(|s| s.kind == super::SpecialKind::Closing).expect("the closing row");
        assert_eq!(closing.row.cell(ColumnKind::Balance), "14,000.00");
    }

    #[test]
    fn rules_drawn_with_characters_are_rules() {
        assert!(rule_line(&line(10.0, &[("------------------------", 0.0)])));
        assert!(rule_line(&line(10.0, &[("+-----+", 0.0), ("=====", 50.0), ("____", 90.0)])));
        // A placeholder dash, or a rule with text on the line, is not.
        assert!(!rule_line(&line(10.0, &[("-", 0.0)])));
        assert!(!rule_line(&line(10.0, &[("-----", 0.0), ("PAGE", 50.0)])));
    }

    #[test]
    fn plain_amount_rewrites_only_parenthesised_marks() {
        assert_eq!(plain_amount(" 1,234.00 (Dr) "), "1,234.00 Dr");
        assert_eq!(plain_amount("1,234.00(cr.)"), "1,234.00 Cr");
        // No closing parenthesis: returned trimmed, borrowed.
        assert!(matches!(plain_amount(" 1,234.00 Cr "), std::borrow::Cow::Borrowed("1,234.00 Cr")));
        assert!(matches!(plain_amount("(500.00)"), std::borrow::Cow::Borrowed("(500.00)")));
    }
}
