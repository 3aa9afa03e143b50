//! Statement summaries: the opening and closing balance, the debit and credit
//! totals and the number of debits and credits as statements print them
//! outside the table's rows.
//!
//! Two arrangements: a grid, whose labels ("Opening Balance  Dr Count  Cr
//! Count  Debits  Credits  Closing Bal", a label's words possibly cut over
//! two lines) stand over a line of figures (read in order when there are as
//! many figures as labels, else each under its label); and pairs, a label
//! followed on its line by its figure ("Opening Balance : 45,000.00 Dr",
//! "Total Withdrawal  1,23,456.00", several pairs to a line).

use crate::layout::{self, Line, Word};
use crate::money::Money;

/// What a summary states.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    Opening,
    Closing,
    Debits,
    Credits,
    DebitCount,
    CreditCount,
}

/// A printed figure: an amount, or a count.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Figure {
    Amount(Money),
    Count(u64),
}

/// Labels, upper case letters and digits only, and what each states. Bare
/// column words ("DEBITS", "WITHDRAWALS") are summary labels only beside a
/// balance or count label (see [`read`]): they also head transaction tables.
const LABELS: &[(&str, Field)] = &[
    ("OPENINGBALANCE", Field::Opening),
    ("OPENINGBAL", Field::Opening),
    ("OPGBAL", Field::Opening),
    ("BEGINNINGBALANCE", Field::Opening),
    ("BALANCEBROUGHTFORWARD", Field::Opening),
    ("CLOSINGBALANCE", Field::Closing),
    ("CLOSINGBAL", Field::Closing),
    ("CLGBAL", Field::Closing),
    ("ENDINGBALANCE", Field::Closing),
    ("TOTALDEBITS", Field::Debits),
    ("TOTALDEBIT", Field::Debits),
    ("TOTALDR", Field::Debits),
    ("TOTALWITHDRAWALS", Field::Debits),
    ("TOTALWITHDRAWAL", Field::Debits),
    ("DEBITS", Field::Debits),
    ("WITHDRAWALS", Field::Debits),
    ("TOTALCREDITS", Field::Credits),
    ("TOTALCREDIT", Field::Credits),
    ("TOTALCR", Field::Credits),
    ("TOTALDEPOSITS", Field::Credits),
    ("TOTALDEPOSIT", Field::Credits),
    ("CREDITS", Field::Credits),
    ("DEPOSITS", Field::Credits),
    ("DRCOUNT", Field::DebitCount),
    ("DEBITCOUNT", Field::DebitCount),
    ("NOOFDEBITS", Field::DebitCount),
    ("NOOFDEBIT", Field::DebitCount),
    ("NOOFDR", Field::DebitCount),
    ("NOOFWITHDRAWALS", Field::DebitCount),
    ("CRCOUNT", Field::CreditCount),
    ("CREDITCOUNT", Field::CreditCount),
    ("NOOFCREDITS", Field::CreditCount),
    ("NOOFCREDIT", Field::CreditCount),
    ("NOOFCR", Field::CreditCount),
    ("NOOFDEPOSITS", Field::CreditCount),
];

/// True for the labels that name a summary on their own (not a bare column word).
fn names_summary(text: &str, field: Field) -> bool {
    matches!(field, Field::Opening | Field::Closing | Field::DebitCount | Field::CreditCount)
        || text.starts_with("TOTAL")
}

/// True when `text` is a summary box's labels only, two or more
/// ("OPENING BALANCE DR COUNT CR COUNT"): the line over its figures, never a row.
pub fn labels_only(text: &str) -> bool {
    segment(&compact(text)).is_some_and(|l| {
        l.iter().any(|(f, l)| names_summary(l, *f)) && l.iter().any(|(f, _)| l.first().is_some_and(|x| x.0 != *f))
    })
}

fn compact(text: &str) -> String {
    text.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_uppercase()).collect()
}

/// A figure as printed: `1,23,456.78`, `-1,234.56`, `(1,234.56)`,
/// `INR12,345.00`, `₹ 500.00`, a count `45`. `None` for anything else.
fn figure(text: &str) -> Option<Figure> {
    let t = crate::money::strip_currency(text.trim().trim_start_matches('+'));
    if t.is_empty() {
        return None;
    }
    if t.bytes().all(|b| b.is_ascii_digit()) && t.len() <= 6 {
        return t.parse().ok().map(Figure::Count);
    }
    if !t.contains('.') || !t.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    Money::parse(&layout::plain_amount(t)).ok().map(Figure::Amount)
}

fn currency_word(text: &str) -> bool {
    matches!(text.trim_end_matches(['.', ':']).to_ascii_uppercase().as_str(), "INR" | "RS" | "₹" | "`")
}

fn mark(text: &str) -> bool {
    matches!(text.trim_end_matches('.').to_ascii_uppercase().as_str(), "DR" | "CR")
}

/// Words a label may carry after it: `:`, `as on 01-04-2024`, `(INR)`, `in Rs.`.
fn filler(text: &str) -> bool {
    let c = compact(text);
    c.is_empty()
        || matches!(c.as_str(), "AS" | "ON" | "OF" | "AT" | "IN" | "INR" | "RS")
        || (c.bytes().all(|b| b.is_ascii_digit()) && text.contains(['-', '/']))
        || crate::extract::dates::month(&c).is_some()
}

/// The figures of a line of figures only, each with its x-range (a Cr / Dr
/// mark after a figure and a currency word before it belong to it). `None`
/// when the line has other words.
fn figures(line: &Line) -> Option<Vec<(Figure, f32, f32)>> {
    let mut out: Vec<(Figure, f32, f32)> = Vec::new();
    let mut pending: Option<f32> = None;
    for (i, w) in line.words.iter().enumerate() {
        if currency_word(&w.text) {
            pending = Some(w.x0);
            continue;
        }
        if mark(&w.text) && i > 0 {
            continue;
        }
        let text = match line.words.get(i + 1).filter(|n| mark(&n.text)) {
            Some(n) => format!("{} {}", w.text, n.text),
            None => w.text.clone(),
        };
        let f = figure(&text)?;
        let x1 = line.words.get(i + 1).filter(|n| mark(&n.text)).map_or(w.x1, |n| n.x1);
        out.push((f, pending.take().unwrap_or(w.x0), x1));
    }
    (!out.is_empty()).then_some(out)
}

/// The labels a run of compact text spells, longest first at each place.
fn segment(mut s: &str) -> Option<Vec<(Field, &'static str)>> {
    let mut out = Vec::new();
    while !s.is_empty() {
        let (l, f) = LABELS.iter().filter(|(l, _)| s.starts_with(l)).max_by_key(|(l, _)| l.len())?;
        out.push((*f, *l));
        s = s.get(l.len()..).unwrap_or_default();
        // "as on <date>" after a label.
        for skip in ["ASON", "ASOF", "ASAT"] {
            if let Some(rest) = s.strip_prefix(skip) {
                s = rest.trim_start_matches(|c: char| c.is_ascii_alphanumeric() && !c.is_ascii_uppercase());
            }
        }
        s = s.strip_prefix("INR").or_else(|| s.strip_prefix("RS")).unwrap_or(s);
    }
    Some(out)
}

/// The label cells of one line, or of two lines whose words are cut under
/// each other ("Opening" over "Balance"): words closer than a space join a
/// cell, a word over another joins its cell. Each cell spells one or more
/// labels; `None` when a cell spells none.
fn label_cells(band: &[&Line]) -> Option<Vec<(Field, &'static str, f32, f32)>> {
    let words: Vec<(usize, &Word)> =
        band.iter().enumerate().flat_map(|(i, l)| l.words.iter().map(move |w| (i, w))).collect();
    if words.is_empty() {
        return None;
    }
    // Union-find over words.
    let mut parent: Vec<usize> = (0..words.len()).collect();
    fn root(p: &mut [usize], mut i: usize) -> usize {
        while let Some(&q) = p.get(i) {
            if q == i {
                break;
            }
            i = q;
        }
        i
    }
    for a in 0..words.len() {
        for b in a + 1..words.len() {
            let (Some((la, wa)), Some((lb, wb))) = (words.get(a), words.get(b)) else { continue };
            let join = if la == lb {
                let gap = if wa.x0 <= wb.x0 { wb.x0 - wa.x1 } else { wa.x0 - wb.x1 };
                gap < 0.6 * wa.size.max(wb.size)
            } else {
                wa.x0 < wb.x1 && wb.x0 < wa.x1
            };
            if join {
                let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
                if let Some(p) = parent.get_mut(ra) {
                    *p = rb;
                }
            }
        }
    }
    let mut cells: Vec<(usize, Vec<(usize, &Word)>)> = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let r = root(&mut parent, i);
        match cells.iter_mut().find(|(c, _)| *c == r) {
            Some((_, ws)) => ws.push(*w),
            None => cells.push((r, vec![*w])),
        }
    }
    let mut out = Vec::new();
    for (_, mut ws) in cells {
        ws.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.x0.total_cmp(&b.1.x0)));
        let kept: Vec<&Word> = ws.iter().map(|(_, w)| *w).filter(|w| !compact(&w.text).is_empty()).collect();
        if kept.is_empty() {
            continue;
        }
        let text: String = kept.iter().map(|w| compact(&w.text)).collect();
        let labels = segment(&text)?;
        let x0 = kept.iter().map(|w| w.x0).fold(f32::INFINITY, f32::min);
        let x1 = kept.iter().map(|w| w.x1).fold(f32::NEG_INFINITY, f32::max);
        out.extend(labels.into_iter().map(|(f, l)| (f, l, x0, x1)));
    }
    out.sort_by(|a, b| a.2.total_cmp(&b.2));
    Some(out)
}

fn fits(field: Field, f: Figure) -> bool {
    matches!(
        (field, f),
        (Field::DebitCount | Field::CreditCount, Figure::Count(_))
            | (Field::Opening | Field::Closing | Field::Debits | Field::Credits, Figure::Amount(_))
    )
}

/// A grid's labels over its figures.
fn grid(band: &[&Line], values: &Line) -> Option<Vec<(Field, Figure)>> {
    let labels = label_cells(band)?;
    if labels.len() < 2 || !labels.iter().any(|(f, l, ..)| names_summary(l, *f)) {
        return None;
    }
    let figs = figures(values)?;
    // As many figures as labels: in order (a figure set a few points off its label).
    if figs.len() == labels.len() && labels.iter().zip(&figs).all(|(l, f)| fits(l.0, f.0)) {
        return Some(labels.iter().zip(&figs).map(|(l, f)| (l.0, f.0)).collect());
    }
    // Else each label takes the figure under it.
    let mut out = Vec::new();
    for (field, _, x0, x1) in &labels {
        if let Some((f, ..)) = figs.iter().find(|(f, a, b)| a < x1 && b > x0 && fits(*field, *f)) {
            out.push((*field, *f));
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Label and figure pairs on one line.
fn pairs(line: &Line) -> Option<Vec<(Field, Figure)>> {
    let words = &line.words;
    let mut out = Vec::new();
    let mut open: Option<(Field, &str)> = None;
    let mut any_summary = false;
    let mut i = 0;
    while let Some(w) = words.get(i) {
        // The longest label starting here.
        let mut text = String::new();
        let mut best: Option<(usize, Field, &'static str)> = None;
        for (j, x) in words.iter().enumerate().skip(i) {
            text.push_str(&compact(&x.text));
            if !LABELS.iter().any(|(l, _)| l.starts_with(text.as_str())) {
                break;
            }
            if let Some((l, f)) = LABELS.iter().find(|(l, _)| *l == text) {
                best = Some((j, *f, l));
            }
        }
        if let Some((j, f, l)) = best {
            open = Some((f, l));
            any_summary |= names_summary(l, f);
            i = j + 1;
            continue;
        }
        if currency_word(&w.text) || (mark(&w.text) && i > 0) {
            i += 1;
            continue;
        }
        let next_mark = words.get(i + 1).filter(|n| mark(&n.text));
        let text = next_mark.map_or_else(|| w.text.clone(), |n| format!("{} {}", w.text, n.text));
        match (figure(&text), open) {
            (Some(f), Some((field, _))) if fits(field, f) => {
                out.push((field, f));
                open = None;
            }
            _ if filler(&w.text) => {}
            _ => return None,
        }
        i += 1;
    }
    (any_summary && !out.is_empty()).then_some(out)
}

/// Every summary printed on `lines` (in their order, top to bottom), each
/// the figures of one grid or of consecutive label and figure lines. Lines
/// that start with a date (transaction rows) are passed over.
pub fn read(lines: &[&Line], starts_with_date: impl Fn(&str) -> bool) -> Vec<Vec<(Field, Figure)>> {
    let mut out: Vec<Vec<(Field, Figure)>> = Vec::new();
    let mut last_pairs: Option<usize> = None;
    let usable: Vec<&Line> = lines.iter().copied().filter(|l| !starts_with_date(&l.text())).collect();
    let near = |a: &Line, b: &Line| b.y > a.y && b.y - a.y <= 3.0 * a.size.max(b.size);
    let mut i = 0;
    while let Some(line) = usable.get(i) {
        // A grid: one or two label lines over a line of figures.
        let found =
            usable.get(i + 1).filter(|v| near(line, v)).and_then(|v| grid(&[line], v).map(|g| (g, 2))).or_else(|| {
                let (b, v) = (usable.get(i + 1)?, usable.get(i + 2)?);
                (near(line, b) && near(b, v) && b.y - line.y <= 1.8 * line.size.max(b.size))
                    .then(|| grid(&[line, b], v))
                    .flatten()
                    .map(|g| (g, 3))
            });
        if let Some((g, used)) = found {
            out.push(g);
            i += used;
            continue;
        }
        if let Some(p) = pairs(line) {
            match out.last_mut() {
                Some(group) if last_pairs.is_some_and(|k| k + 1 == i) => group.extend(p),
                _ => out.push(p),
            }
            last_pairs = Some(i);
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(y: f32, words: &[(&str, f32)]) -> Line {
        Line {
            y,
            size: 8.0,
            words: words
                .iter()
                .map(|(t, x)| Word { text: (*t).into(), x0: *x, x1: *x + 5.0 * t.len() as f32, y, size: 8.0 })
                .collect(),
        }
    }

    #[test]
    fn a_grid_with_counts_and_a_figure_off_its_label() {
        let labels = line(
            10.0,
            &[
                ("Opening", 0.0),
                ("Balance", 38.0),
                ("Dr", 110.0),
                ("Count", 122.0),
                ("Debits", 200.0),
                ("Closing", 300.0),
                ("Bal", 338.0),
            ],
        );
        let values =
            line(22.0, &[("1,234.50", 40.0), ("12", 160.0), ("500.00", 240.0), ("734.50", 352.0), ("Dr", 384.0)]);
        let got = read(&[&labels, &values], |_| false);
        assert_eq!(
            got,
            vec![vec![
                (Field::Opening, Figure::Amount(Money::from_paise(123_450))),
                (Field::DebitCount, Figure::Count(12)),
                (Field::Debits, Figure::Amount(Money::from_paise(50_000))),
                (Field::Closing, Figure::Amount(Money::from_paise(-73_450))),
            ]]
        );
    }

    #[test]
    fn labels_cut_over_two_lines_and_pairs() {
        let a = line(10.0, &[("Opening", 0.0), ("Total", 100.0), ("Closing", 200.0)]);
        let b = line(19.0, &[("Balance", 0.0), ("Deposit", 100.0), ("Balance", 200.0)]);
        let v = line(30.0, &[("10.00", 0.0), ("5.00", 100.0), ("15.00", 200.0), ("Cr", 230.0)]);
        assert_eq!(read(&[&a, &b, &v], |_| false).concat().len(), 3);
        let p = line(10.0, &[("Opening", 0.0), ("Balance", 38.0), (":", 80.0), ("(1,000.00)", 90.0)]);
        assert_eq!(read(&[&p], |_| false), vec![vec![(Field::Opening, Figure::Amount(Money::from_paise(-100_000)))]]);
        // A table's header over its first row is no summary.
        let h = line(10.0, &[("Date", 0.0), ("Withdrawals", 100.0), ("Deposits", 200.0)]);
        let r = line(20.0, &[("500.00", 100.0), ("600.00", 200.0)]);
        assert!(read(&[&h, &r], |_| false).is_empty());
    }
}
