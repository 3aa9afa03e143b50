//! Body lines of every page to the rows of one table.
//!
//! A line that carries a balance (or a date and an amount) is a row's anchor;
//! every row has exactly one. Lines without one are wrapped narration: they
//! belong to the anchor above them or the one below, decided per table by
//! where such lines sit (before the first anchor, after the last, and which
//! neighbour they are closer to). A line with a date but no amounts starts the
//! row whose anchor follows it.

use super::lines::{Line, PageLines, Word};
use super::table::{Bands, Column, find_header};
use super::{ColumnKind, SpecialKind, Vocabulary};
use crate::money::Money;

/// One transaction row: the text of each column, wrapped lines joined by one space.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// 1-based page number of its anchor line.
    pub page: u32,
    /// `(kind, text)` per column, left to right.
    pub cells: Vec<(ColumnKind, String)>,
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
    /// Page index (into the slice given) and line index of the first header.
    pub header_at: (usize, usize),
    /// Page index and line index where the table last ended (a total or end line).
    pub end_at: Option<(usize, usize)>,
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
    cells: Vec<(ColumnKind, String)>,
}

/// What one body line is.
struct LineInfo {
    cells: Vec<(ColumnKind, String)>,
    fits: bool,
    date: bool,
    balance: bool,
    amount: bool,
    special: Option<SpecialKind>,
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

/// Dr/Cr marks, dashes and currency marks that sit in amount columns.
fn amount_mark(text: &str) -> bool {
    let t = text.trim_matches(|c| c == '(' || c == ')' || c == '.').to_ascii_uppercase();
    matches!(t.as_str(), "DR" | "CR" | "D" | "C" | "-" | "--" | "" | "₹" | "INR" | "RS" | "NIL")
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

fn has_digit(s: &str) -> bool {
    s.bytes().any(|b| b.is_ascii_digit())
}

fn classify_line(line: &Line, bands: &Bands, vocab: &dyn Vocabulary) -> LineInfo {
    let mut texts: Vec<String> = vec![String::new(); bands.columns.len()];
    let mut fits = true;
    for w in &line.words {
        let like = amount_like(&w.text);
        let col = bands.column_of(w, like);
        let kind = bands.kind(col);
        fits &= match kind {
            k if k.is_numeric() => like || amount_mark(&w.text),
            ColumnKind::Date | ColumnKind::ValueDate => date_word(&w.text),
            _ => true,
        };
        if let Some(t) = texts.get_mut(col) {
            push_word(t, w);
        }
    }
    let cells: Vec<(ColumnKind, String)> = bands.columns.iter().map(|c| c.kind).zip(texts).collect();
    let get = |kind: ColumnKind| cells.iter().find(|(k, t)| *k == kind && !t.is_empty()).map_or("", |(_, t)| t);
    let date = vocab.starts_with_date(get(ColumnKind::Date));
    let balance = has_digit(get(ColumnKind::Balance));
    let amount = [ColumnKind::Debit, ColumnKind::Credit, ColumnKind::Amount].iter().any(|k| has_digit(get(*k)));
    let special = if date {
        vocab.special(get(ColumnKind::Narration), true)
    } else {
        let words: Vec<&str> = cells.iter().filter(|(k, _)| !k.is_numeric()).map(|(_, t)| t.as_str()).collect();
        vocab.special(words.join(" ").trim(), false)
    };
    LineInfo { cells, fits, date, balance, amount, special }
}

fn push_word(t: &mut String, w: &Word) {
    if !t.is_empty() {
        t.push(' ');
    }
    t.push_str(&w.text);
}

fn median(mut v: Vec<f32>) -> Option<f32> {
    v.sort_by(f32::total_cmp);
    v.get(v.len() / 2).copied()
}

/// Reads the transaction table of a statement: the first header row found,
/// its bands, and the body lines of that page and every later one (a later
/// page's own header, when it repeats, gives that page's bands).
pub fn find_table(pages: &[PageLines], vocab: &dyn Vocabulary) -> Option<Table> {
    let (p0, header) = pages.iter().enumerate().find_map(|(i, p)| find_header(&p.lines, 0, vocab).map(|h| (i, h)))?;
    let size = pages.get(p0).and_then(|p| p.lines.get(header.first)).map_or(8.0, |l| l.size);
    let columns = header.columns.clone();
    let mut bands = Bands::new(header.columns.clone(), size);
    let mut entries: Vec<Entry> = Vec::new();
    let mut specials: Vec<(SpecialKind, Entry)> = Vec::new();
    let mut end_at = None;
    let mut special_after: Vec<usize> = Vec::new();
    let mut body_size: Option<f32> = None;

    for (pi, page) in pages.iter().enumerate().skip(p0) {
        let start = if pi == p0 {
            Some(header.last + 1)
        } else if let Some(h) = find_header(&page.lines, 0, vocab) {
            let size = page.lines.get(h.first).map_or(size, |l| l.size);
            bands = Bands::new(h.columns, size);
            Some(h.last + 1)
        } else {
            None
        };
        let infos: Vec<LineInfo> = page
            .lines
            .iter()
            .enumerate()
            .map(|(i, l)| {
                if start.is_some_and(|s| i < s) {
                    LineInfo {
                        cells: Vec::new(),
                        fits: false,
                        date: false,
                        balance: false,
                        amount: false,
                        special: None,
                    }
                } else {
                    classify_line(l, &bands, vocab)
                }
            })
            .collect();
        let is_row = |x: &LineInfo| x.fits && (x.balance || (x.date && x.amount));
        let dated_row = |x: &LineInfo| is_row(x) && x.date;
        let first_body = match start {
            Some(s) => s,
            None => {
                // No header on this page: the table starts at the first row, or
                // at the wrapped lines set tight above it.
                let Some(k) = infos.iter().position(|x| {
                    dated_row(x) || (x.fits && x.date) || matches!(x.special, Some(SpecialKind::Opening))
                }) else {
                    continue;
                };
                let mut s = k;
                while s > 0 {
                    let (Some(above), Some(here), Some(info)) =
                        (page.lines.get(s - 1), page.lines.get(s), infos.get(s - 1))
                    else {
                        break;
                    };
                    if !info.fits || info.special.is_some() || info.date || here.y - above.y > 1.6 * here.size {
                        break;
                    }
                    s -= 1;
                }
                s
            }
        };
        let mut diffs: Vec<f32> = Vec::new();
        let mut prev_y: Option<f32> = None;
        for (li, (line, info)) in page.lines.iter().zip(infos).enumerate().skip(first_body) {
            if let Some(kind) = info.special {
                let e = Entry { kind: Kind::Cont, page: page.number, y: line.y, size: line.size, cells: info.cells };
                specials.push((kind, e));
                special_after.push(entries.len());
                if matches!(kind, SpecialKind::Total | SpecialKind::Closing | SpecialKind::End) {
                    end_at = Some((pi, li));
                    break;
                }
                prev_y = Some(line.y);
                continue;
            }
            // Amounts without a balance or a date are a summary, not a wrapped narration;
            // a line in another type size is a footnote.
            let stray_amount = !info.balance && !info.date && info.amount;
            let other_size = body_size.is_some_and(|b| (line.size - b).abs() > 0.2 * b);
            if !info.fits || stray_amount || other_size {
                if prev_y.is_none() {
                    continue;
                }
                break;
            }
            if let Some(py) = prev_y {
                let d = line.y - py;
                let recent = diffs.get(diffs.len().saturating_sub(32)..).unwrap_or_default();
                let pitch = median(recent.to_vec()).unwrap_or(d);
                if d > (4.0 * line.size).max(3.0 * pitch) {
                    break;
                }
                diffs.push(d);
            }
            prev_y = Some(line.y);
            let kind = if is_row(&info) {
                body_size.get_or_insert(line.size);
                Kind::Anchor
            } else if info.date {
                Kind::DateOnly
            } else {
                Kind::Cont
            };
            entries.push(Entry { kind, page: page.number, y: line.y, size: line.size, cells: info.cells });
        }
    }

    let narration_first = narration_first(&entries);
    let rows = group(&entries, narration_first);
    let specials = specials
        .into_iter()
        .zip(special_after)
        .map(|((kind, e), after)| {
            let after_rows = entries.iter().take(after).filter(|e| e.kind == Kind::Anchor).count();
            Special { kind, row: Row { page: e.page, cells: e.cells }, after_rows }
        })
        .collect();
    Some(Table { columns, rows, specials, narration_first, header_at: (p0, header.first), end_at })
}

/// Decides whether wrapped narration lines belong to the anchor below them.
fn narration_first(entries: &[Entry]) -> bool {
    let anchors: Vec<usize> =
        entries.iter().enumerate().filter(|(_, e)| e.kind == Kind::Anchor).map(|(i, _)| i).collect();
    let (Some(&first), Some(&last)) = (anchors.first(), anchors.last()) else { return false };
    let mut before = 0i32;
    let mut after = 0i32;
    if entries.iter().take(first).any(|e| e.kind == Kind::Cont) {
        before += 3;
    }
    if entries.iter().skip(last + 1).any(|e| e.kind == Kind::Cont) {
        after += 3;
    }
    for pair in anchors.windows(2) {
        let [a, b] = pair else { continue };
        let (Some(ea), Some(eb)) = (entries.get(*a), entries.get(*b)) else { continue };
        let run = entries.get(a + 1..*b).unwrap_or_default();
        let (Some(f), Some(l)) = (run.first(), run.last()) else { continue };
        if run.iter().any(|e| e.kind == Kind::DateOnly) || ea.page != eb.page || f.page != ea.page {
            continue;
        }
        let above = f.y - ea.y;
        let below = eb.y - l.y;
        let eps = 0.15 * ea.size;
        if above + eps < below {
            after += 1;
        } else if below + eps < above {
            before += 1;
        }
    }
    before > after
}

/// Gathers each anchor with its wrapped lines.
fn group(entries: &[Entry], narration_first: bool) -> Vec<Row> {
    let anchors: Vec<usize> =
        entries.iter().enumerate().filter(|(_, e)| e.kind == Kind::Anchor).map(|(i, _)| i).collect();
    let mut owner: Vec<Option<usize>> = vec![None; entries.len()];
    for (r, &a) in anchors.iter().enumerate() {
        if let Some(o) = owner.get_mut(a) {
            *o = Some(r);
        }
    }
    // Runs of non-anchor lines between anchors.
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
        let prev = anchors.iter().rposition(|&a| a < start);
        let next = anchors.iter().position(|&a| a >= i);
        let split = (start..i).find(|&j| entries.get(j).is_some_and(|e| e.kind == Kind::DateOnly));
        let cut = match split {
            Some(j) => j,
            None if narration_first => start,
            None => i,
        };
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
            }
        })
        .collect();
    for (e, o) in entries.iter().zip(&owner) {
        let Some(row) = o.and_then(|r| rows.get_mut(r)) else { continue };
        for (i, (_, text)) in e.cells.iter().enumerate() {
            if text.is_empty() {
                continue;
            }
            if let Some((_, t)) = row.cells.get_mut(i) {
                if !t.is_empty() {
                    t.push(' ');
                }
                t.push_str(text);
            }
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::plain_amount;

    #[test]
    fn plain_amount_rewrites_only_parenthesised_marks() {
        assert_eq!(plain_amount(" 1,234.00 (Dr) "), "1,234.00 Dr");
        assert_eq!(plain_amount("1,234.00(cr.)"), "1,234.00 Cr");
        // No closing parenthesis: returned trimmed, borrowed.
        assert!(matches!(plain_amount(" 1,234.00 Cr "), std::borrow::Cow::Borrowed("1,234.00 Cr")));
        assert!(matches!(plain_amount("(500.00)"), std::borrow::Cow::Borrowed("(500.00)")));
    }
}
