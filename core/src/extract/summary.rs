//! Statement summaries: the opening and closing balance, the debit and credit
//! totals and the number of debits and credits as statements print them
//! outside the table's rows.
//!
//! Two arrangements: a grid, whose labels ("Opening Balance  Dr Count  Cr
//! Count  Debits  Credits  Closing Bal", a label's words possibly cut over
//! two lines, cells of other kinds beside them) stand over a line of figures
//! (read in order when there are as many figures as labels, else each under
//! its label), or under it (captions), or over a row per month; and pairs, a
//! label followed on its line by its figure ("Opening Balance : 45,000.00
//! Dr", "Total Withdrawal  1,23,456.00", "Dr Count:12", several pairs to a
//! line), or by a figure on a line of its own a little off its baseline.
//!
//! Only what is printed is read; `crate::extract` checks it against the rows
//! (a summary that disagrees is reported, never taken over the rows).

use crate::layout::{self, Line, Word};
use crate::money::Money;

/// What a summary states.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// The balance before the first row.
    Opening,
    /// The balance after the last row.
    Closing,
    /// Total of the debits.
    Debits,
    /// Total of the credits.
    Credits,
    /// Number of debits ("Dr Count", "No. of Debits").
    DebitCount,
    /// Number of credits.
    CreditCount,
}

/// A printed figure: an amount, or a count.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Figure {
    /// A sum of money (signed: "Dr", "-", "( )" make it negative).
    Amount(Money),
    /// A number of rows.
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

const MONTHS: &[&str] = &[
    "JANUARY",
    "FEBRUARY",
    "MARCH",
    "APRIL",
    "JUNE",
    "JULY",
    "AUGUST",
    "SEPTEMBER",
    "OCTOBER",
    "NOVEMBER",
    "DECEMBER",
    "JAN",
    "FEB",
    "MAR",
    "APR",
    "MAY",
    "JUN",
    "JUL",
    "AUG",
    "SEP",
    "OCT",
    "NOV",
    "DEC",
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

/// A Dr / Cr mark, also in brackets ("13,31,702.28 (Dr)", Union Bank).
fn mark(text: &str) -> bool {
    matches!(unbracketed(text).to_ascii_uppercase().as_str(), "DR" | "CR")
}

fn unbracketed(text: &str) -> &str {
    text.trim_matches(['(', ')']).trim_end_matches('.')
}

/// Words a label may carry after it: `:`, `as on 01-04-2024`, `(INR)`, `in Rs.`.
fn filler(text: &str) -> bool {
    let c = compact(text);
    c.is_empty()
        || matches!(c.as_str(), "AS" | "ON" | "OF" | "AT" | "IN" | "INR" | "RS")
        || (c.bytes().all(|b| b.is_ascii_digit()) && text.contains(['-', '/']))
        || crate::extract::dates::month(&c).is_some()
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
                let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
                let rest = MONTHS.iter().find_map(|m| rest.strip_prefix(m)).unwrap_or(rest);
                s = rest.trim_start_matches(|c: char| c.is_ascii_digit());
            }
        }
        s = s.strip_prefix("INR").or_else(|| s.strip_prefix("RS")).unwrap_or(s);
    }
    Some(out)
}

/// A figure and its x-range.
type Placed = (Figure, f32, f32);

/// A label cell: what it states (`None`: a cell of another kind, "Account
/// Number", "Account Type") and its x-range.
type Cell = (Option<(Field, &'static str)>, f32, f32);

/// The label cells of one line, or of two lines whose words are cut under
/// each other ("Opening" over "Balance"): words closer than a space join a
/// cell, a word over another joins its cell. A cell may spell more than one
/// label (all then share its x-range) or none.
fn label_cells(band: &[&Line]) -> Vec<Cell> {
    let words: Vec<(usize, &Word)> =
        band.iter().enumerate().flat_map(|(i, l)| l.words.iter().map(move |w| (i, w))).collect();
    // Union-find over words.
    let mut parent: Vec<usize> = (0..words.len()).collect();
    fn root(p: &[usize], mut i: usize) -> usize {
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
                let (ra, rb) = (root(&parent, a), root(&parent, b));
                if let Some(p) = parent.get_mut(ra) {
                    *p = rb;
                }
            }
        }
    }
    let mut cells: Vec<(usize, Vec<(usize, &Word)>)> = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let r = root(&parent, i);
        match cells.iter_mut().find(|(c, _)| *c == r) {
            Some((_, ws)) => ws.push(*w),
            None => cells.push((r, vec![*w])),
        }
    }
    let mut out: Vec<Cell> = Vec::new();
    for (_, mut ws) in cells {
        ws.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.x0.total_cmp(&b.1.x0)));
        let kept: Vec<&Word> = ws.iter().map(|(_, w)| *w).filter(|w| !compact(&w.text).is_empty()).collect();
        if kept.is_empty() {
            continue;
        }
        let text: String = kept.iter().map(|w| compact(&w.text)).collect();
        let x0 = kept.iter().map(|w| w.x0).fold(f32::INFINITY, f32::min);
        let x1 = kept.iter().map(|w| w.x1).fold(f32::NEG_INFINITY, f32::max);
        match segment(&text) {
            Some(labels) => out.extend(labels.into_iter().map(|l| (Some(l), x0, x1))),
            None => out.push((None, x0, x1)),
        }
    }
    out.sort_by(|a, b| a.1.total_cmp(&b.1));
    out
}

fn fits(field: Field, f: Figure) -> bool {
    matches!(
        (field, f),
        (Field::DebitCount | Field::CreditCount, Figure::Count(_))
            | (Field::Opening | Field::Closing | Field::Debits | Field::Credits, Figure::Amount(_))
    )
}

/// The figures of a line with their x-ranges (a Cr / Dr mark after a figure
/// and a currency word before it belong to it), and whether the line has
/// other words too. `None` when it has no figure.
fn line_figures(line: &Line) -> Option<(Vec<Placed>, bool)> {
    let mut out: Vec<Placed> = Vec::new();
    let mut other = false;
    let mut pending: Option<f32> = None;
    for (i, w) in line.words.iter().enumerate() {
        if currency_word(&w.text) {
            pending = Some(w.x0);
            continue;
        }
        if mark(&w.text) && i > 0 {
            continue;
        }
        let next_mark = line.words.get(i + 1).filter(|n| mark(&n.text));
        let text = next_mark.map_or_else(|| w.text.clone(), |n| format!("{} {}", w.text, unbracketed(&n.text)));
        match figure(&text) {
            Some(f) => out.push((f, pending.take().unwrap_or(w.x0), next_mark.map_or(w.x1, |n| n.x1))),
            None => {
                pending = None;
                other |= !compact(&w.text).is_empty();
            }
        }
    }
    (!out.is_empty()).then_some((out, other))
}

/// A grid's label cells over (or under) a line of figures. Two or more
/// labels, one naming a summary; or one opening or closing label over a
/// single figure.
fn grid(cells: &[Cell], values: &Line) -> Option<Vec<(Field, Figure)>> {
    let known: Vec<(Field, &str, f32, f32)> =
        cells.iter().filter_map(|(l, a, b)| l.map(|(f, t)| (f, t, *a, *b))).collect();
    if !known.iter().any(|(f, l, ..)| names_summary(l, *f)) {
        return None;
    }
    let (figs, other) = line_figures(values)?;
    if known.len() == 1 && !(figs.len() == 1 && matches!(known.first(), Some((Field::Opening | Field::Closing, ..)))) {
        return None;
    }
    // As many figures as labels: in order (a figure set a few points off its label).
    if !other
        && known.len() == cells.len()
        && figs.len() == known.len()
        && known.iter().zip(&figs).all(|(l, f)| fits(l.0, f.0))
    {
        return Some(known.iter().zip(&figs).map(|(l, f)| (l.0, f.0)).collect());
    }
    // Else each label takes the figure under it: most labels one.
    let mut out = Vec::new();
    for (field, _, x0, x1) in &known {
        if let Some((f, ..)) = figs.iter().find(|(f, a, b)| a < x1 && b > x0 && fits(*field, *f)) {
            out.push((*field, *f));
        }
    }
    (!out.is_empty() && out.len() * 2 >= known.len()).then_some(out)
}

/// Label and figure pairs on one line.
fn pairs(line: &Line) -> Option<Vec<(Field, Figure)>> {
    // "Opening Balance:12,345.67": a colon glued to the label or the figure parts them.
    let words: Vec<String> = line
        .words
        .iter()
        .flat_map(|w| w.text.split(':').filter(|t| !t.trim().is_empty()).map(str::to_string))
        .collect();
    let mut out = Vec::new();
    let mut open: Option<(Field, &str)> = None;
    let mut any_summary = false;
    let mut i = 0;
    while let Some(w) = words.get(i) {
        // The longest label starting here.
        let mut text = String::new();
        let mut best: Option<(usize, Field, &'static str)> = None;
        for (j, x) in words.iter().enumerate().skip(i) {
            text.push_str(&compact(x));
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
        if currency_word(w) || (mark(w) && i > 0) {
            i += 1;
            continue;
        }
        // Not the "Dr" of "Dr Count".
        let next_mark = words.get(i + 1).filter(|n| mark(n) && words.get(i + 2).is_none_or(|c| compact(c) != "COUNT"));
        let text = next_mark.map_or_else(|| w.clone(), |n| format!("{w} {}", unbracketed(n)));
        match (figure(&text), open) {
            (Some(f), Some((field, _))) if fits(field, f) => {
                out.push((field, f));
                open = None;
            }
            _ if filler(w) => {}
            _ => return None,
        }
        i += 1;
    }
    (any_summary && !out.is_empty()).then_some(out)
}

/// Every summary printed on `lines` (in their order, top to bottom), each
/// the figures of one grid row or of consecutive label and figure lines.
/// Lines that start with a date (transaction rows) or name a table's date or
/// narration column (its header) are passed over.
pub fn read(lines: &[&Line], starts_with_date: impl Fn(&str) -> bool) -> Vec<Vec<(Field, Figure)>> {
    // A table's header names its date and its narration column.
    let header = |l: &Line| {
        let kinds: Vec<_> = l.words.iter().filter_map(|w| crate::extract::vocab::column_kind(&w.text)).collect();
        kinds.contains(&crate::layout::ColumnKind::Date) && kinds.contains(&crate::layout::ColumnKind::Narration)
    };
    let dated = |l: &Line| starts_with_date(&l.text());
    let (usable, at): (Vec<&Line>, Vec<usize>) =
        lines.iter().enumerate().filter(|(_, l)| !dated(l) && !header(l)).map(|(k, l)| (*l, k)).unzip();
    let near = |a: &Line, b: &Line| b.y > a.y && b.y - a.y <= 3.0 * a.size.max(b.size);
    // A figure set a little off its label's baseline, on a line of its own.
    let beside = |a: &Line, b: &Line| (b.y - a.y).abs() <= 0.9 * a.size.max(b.size);
    let mut out: Vec<Vec<(Field, Figure)>> = Vec::new();
    let mut last_pairs: Option<usize> = None;
    let mut used = vec![false; usable.len()];
    let mut i = 0;
    while let Some(line) = usable.get(i) {
        let line: &Line = line;
        if used.get(i).copied().unwrap_or(false) || line_figures(line).is_some_and(|(_, other)| !other) {
            i += 1;
            continue;
        }
        if let Some(p) = pairs(line) {
            match out.last_mut() {
                Some(group) if last_pairs.is_some_and(|k| k + 1 == i) => group.extend(p),
                _ => out.push(p),
            }
            last_pairs = Some(i);
            i += 1;
            continue;
        }
        let cells = label_cells(&[line]);
        // Labels cut over two lines: every cell of the two a label, and the
        // lower line not a row of labels over the figures by itself.
        let two_lines = |i: usize| {
            let (b, v): (&Line, &Line) = (usable.get(i + 1)?, usable.get(i + 2)?);
            let line: &Line = usable.get(i)?;
            if !(near(line, b) && near(b, v) && b.y - line.y <= 1.8 * line.size.max(b.size)) {
                return None;
            }
            if grid(&label_cells(&[b]), v).is_some() {
                return None;
            }
            let cells = label_cells(&[line, b]);
            cells.iter().all(|c| c.0.is_some()).then(|| grid(&cells, v)).flatten()
        };
        if cells.iter().all(|c| c.0.is_none()) {
            // Perhaps the upper half of labels cut over two lines.
            let two = two_lines(i);
            if let Some(g) = two {
                out.push(g);
                used.iter_mut().skip(i).take(3).for_each(|u| *u = true);
                i += 3;
                continue;
            }
            i += 1;
            continue;
        }
        // Labels over a line of figures, and further rows of figures under
        // them. The line under the labels may start with a date ("From / To /
        // Opening Balance ..." over "01/04/2024 30/06/2024 ...").
        let under_dated = at
            .get(i)
            .and_then(|k| lines.get(k + 1))
            .filter(|v| dated(v) && near(line, v))
            .and_then(|v| grid(&cells, v));
        if let Some(g) = under_dated {
            out.push(g);
            used.iter_mut().skip(i).take(1).for_each(|u| *u = true);
            i += 1;
            continue;
        }
        let below = usable.get(i + 1).filter(|v| near(line, v)).and_then(|v| grid(&cells, v));
        if let Some(g) = below {
            let mut rows = vec![g];
            let mut k = i + 1;
            // Further rows: a figure under every label (not a footer's stray figure).
            let known = cells.iter().filter(|c| c.0.is_some()).count();
            while let Some(next) = usable.get(k + 1).filter(|n| usable.get(k).is_some_and(|p| near(p, n))) {
                match grid(&cells, next) {
                    Some(g) if g.len() == known => rows.push(g),
                    _ => break,
                }
                k += 1;
            }
            // Rows of periods (a row per month) run on: each opens with the
            // balance the one before closes with. Rows that do not (one per
            // account of a consolidated statement) are not this statement's
            // summary.
            let balance = |g: &[(Field, Figure)], field: Field| g.iter().find(|(f, _)| *f == field).map(|(_, v)| *v);
            let runs_on = rows.windows(2).all(|w| match (w.first(), w.get(1)) {
                (Some(a), Some(b)) => match (balance(a, Field::Closing), balance(b, Field::Opening)) {
                    (Some(c), Some(o)) => c == o,
                    _ => true,
                },
                _ => true,
            });
            if runs_on {
                out.extend(rows);
            }
            used.iter_mut().skip(i).take(k + 1 - i).for_each(|u| *u = true);
            i = k + 1;
            continue;
        }
        // Labels cut over two lines.
        let two = two_lines(i);
        if let Some(g) = two {
            out.push(g);
            used.iter_mut().skip(i).take(3).for_each(|u| *u = true);
            i += 3;
            continue;
        }
        // Captions under their figures.
        let above = i
            .checked_sub(1)
            .filter(|k| !used.get(*k).copied().unwrap_or(true))
            .and_then(|k| usable.get(k))
            .filter(|v| near(v, line))
            .and_then(|v| grid(&cells, v));
        if let Some(g) = above {
            out.push(g);
            used.iter_mut().skip(i).take(1).for_each(|u| *u = true);
            i += 1;
            continue;
        }
        // One label, its figure on a line of its own a little above or below,
        // to its right.
        if let [(Some((field, label)), _, x1)] = cells.as_slice()
            && names_summary(label, *field)
        {
            let off = [i.checked_sub(1), Some(i + 1)].into_iter().flatten().find_map(|k| {
                let v: &Line = usable.get(k).filter(|v| beside(line, v) && !used.get(k).copied().unwrap_or(true))?;
                match line_figures(v)? {
                    (figs, false) => match figs.as_slice() {
                        [(f, a, _)] if *a > *x1 && fits(*field, *f) => Some((k, *f)),
                        _ => None,
                    },
                    _ => None,
                }
            });
            if let Some((k, f)) = off {
                match out.last_mut() {
                    Some(group) if last_pairs.is_some_and(|p| p + 1 >= i) => group.push((*field, f)),
                    _ => out.push(vec![(*field, f)]),
                }
                if let Some(u) = used.get_mut(k) {
                    *u = true;
                }
                last_pairs = Some(i.max(k));
            }
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
        // A bracketed mark (Union Bank: "Opening Balance 13,31,702.28 (Dr) Total Debits ...").
        let u = line(10.0, &[("Opening", 0.0), ("Balance", 38.0), ("13,31,702.28", 80.0), ("(Dr)", 145.0)]);
        assert_eq!(
            read(&[&u], |_| false),
            vec![vec![(Field::Opening, Figure::Amount(Money::from_paise(-133_170_228)))]]
        );
        let glued = line(10.0, &[("Total", 0.0), ("Debits:1,000.00", 30.0), ("Dr", 120.0), ("Count:4", 140.0)]);
        assert_eq!(
            read(&[&glued], |_| false),
            vec![vec![
                (Field::Debits, Figure::Amount(Money::from_paise(100_000))),
                (Field::DebitCount, Figure::Count(4))
            ]]
        );
        // Captions under their figures; a table of a row per month.
        let f = line(10.0, &[("1,000.00", 0.0), ("250.00", 100.0)]);
        let c = line(20.0, &[("Opening", 0.0), ("balance", 38.0), ("Total", 100.0), ("debits", 128.0)]);
        assert_eq!(read(&[&f, &c], |_| false).concat().len(), 2);
        let h =
            line(10.0, &[("Month", 0.0), ("Opening", 100.0), ("Balance", 138.0), ("Closing", 200.0), ("Bal", 238.0)]);
        let r1 = line(20.0, &[("Apr-2024", 0.0), ("10.00", 110.0), ("20.00", 210.0)]);
        let r2 = line(30.0, &[("May-2024", 0.0), ("20.00", 110.0), ("35.00", 210.0)]);
        let foot = line(40.0, &[("Toll", 0.0), ("free", 30.0), ("5700.", 210.0)]);
        let got = read(&[&h, &r1, &r2, &foot], |_| false);
        assert_eq!(got.len(), 2);
        // One row per account: not this statement's summary.
        let r3 = line(30.0, &[("FD", 0.0), ("900.00", 110.0), ("950.00", 210.0)]);
        assert!(read(&[&h, &r1, &r3], |_| false).is_empty());
        assert_eq!(got.last().and_then(|g| g.last()), Some(&(Field::Closing, Figure::Amount(Money::from_paise(3500)))));
        // A table's header over its first row is no summary.
        let h = line(10.0, &[("Date", 0.0), ("Withdrawals", 100.0), ("Deposits", 200.0)]);
        let r = line(20.0, &[("500.00", 100.0), ("600.00", 200.0)]);
        assert!(read(&[&h, &r], |_| false).is_empty());
    }
}
