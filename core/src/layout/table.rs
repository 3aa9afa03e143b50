//! The header row of a transaction table, and the column bands it implies.

use super::lines::{Line, Phrase, Word};
use super::{ColumnKind, Vocabulary};

/// Widest gap inside one header label, in font sizes (a space is 0.25–0.32).
const LABEL_GAP: f32 = 0.45;
/// Most baselines a header spans: "Withdrawal" / "Amt." and a centred line
/// between, or HTML-table headers whose cells of one to three lines are each
/// centred vertically ("S" / "No." beside "Withdrawal" / "Amount" / "(INR )"),
/// which interleave into five or six baselines.
const MAX_HEADER_LINES: usize = 6;

/// One column as its header names it.
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    /// What it holds.
    pub kind: ColumnKind,
    /// The header label, wrapped lines joined by one space.
    pub label: String,
    /// Left edge of the label.
    pub x0: f32,
    /// Right edge of the label.
    pub x1: f32,
}

/// A header row: its lines and columns, left to right.
#[derive(Clone, Debug, PartialEq)]
pub struct Header {
    /// Index of its first line in the page's lines.
    pub first: usize,
    /// Index of its last line.
    pub last: usize,
    /// Its columns, sorted by `x0`.
    pub columns: Vec<Column>,
    /// Number of columns the vocabulary named.
    pub known: usize,
    /// True when no header was printed (or read) and the columns come from
    /// the rows ([`super::infer`]); `first` is then the first row.
    pub inferred: bool,
}

/// Finds the first header row at or after line `from`: one to three close
/// baselines whose labels name a date, a balance and amount columns.
pub fn find_header(lines: &[Line], from: usize, vocab: &dyn Vocabulary) -> Option<Header> {
    find_header_with(lines, from, vocab, false)
}

/// [`find_header`] for tables that print no date column: the date sits at
/// the start of the narration cell ("Transaction details": "01 Apr 2024,
/// 10:01 AM" over the description). Tried only where no page has a header
/// with a date column, so a summary box is never taken for the table.
pub fn find_undated_header(lines: &[Line], from: usize, vocab: &dyn Vocabulary) -> Option<Header> {
    find_header_with(lines, from, vocab, true)
}

fn find_header_with(lines: &[Line], from: usize, vocab: &dyn Vocabulary, undated: bool) -> Option<Header> {
    let labelled = |i: usize| {
        lines.get(i).is_some_and(|l| {
            if l.words.len() > 40 {
                return false;
            }
            // A phrase names a column, or one of its words does: a label a
            // narrow cell broke mid-word ("Debit Amo" / "unt") is named only
            // once its lines are joined (`classify`). Each word is looked up
            // once; a phrase of several words once per cut.
            let word_named: Vec<bool> = l.words.iter().map(|w| vocab.column_kind(&w.text).is_some()).collect();
            let names = |a: usize, b: usize| {
                word_named.get(a..b).is_some_and(|n| n.iter().any(|&x| x))
                    || (b - a > 1
                        && l.words.get(a..b).is_some_and(|ws| {
                            let text = ws.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" ");
                            vocab.column_kind(&text).is_some()
                        }))
            };
            // The phrases `Line::phrases` cuts at `gap`, counted where named.
            let named = |gap: f32| {
                let (mut count, mut start, mut x1, mut size) = (0, 0, f32::MIN, 0.0f32);
                for (k, w) in l.words.iter().enumerate() {
                    if k > 0 && w.x0 - x1 <= gap * w.size.max(size) {
                        x1 = x1.max(w.x1);
                        continue;
                    }
                    if k > 0 {
                        count += usize::from(names(start, k));
                    }
                    (start, x1, size) = (k, w.x1, w.size);
                }
                count + usize::from(!l.words.is_empty() && names(start, l.words.len()))
            };
            // Labels a line printer sets one cell apart name their columns
            // only once the phrase is cut (`classify`): word by word, then.
            // So do labels a browser sets one cell's padding apart in a
            // narrow font (2 pt, as wide as the space inside a label).
            named(label_gap(l)) >= 2 || named(LABEL_GAP) >= 2 || named(0.0) >= 3
        })
    };
    for first in from..lines.len() {
        // Cheap test first: a header has labels on its first or second line.
        let near_next = match (lines.get(first), lines.get(first + 1)) {
            (Some(a), Some(b)) => b.y - a.y <= 1.7 * a.size.max(b.size),
            _ => false,
        };
        // Cells centred vertically in a two-line header put a one-line label
        // ("AMOUNT") on a line of its own between the two lines of the others
        // ("Txn" / "Date"): the named line is then the third, all three
        // within one line pitch and a half.
        let interleaved = match (lines.get(first), lines.get(first + 2)) {
            (Some(a), Some(c)) => c.y - a.y <= 1.7 * a.size.max(c.size),
            _ => false,
        };
        if !(labelled(first) || (near_next && labelled(first + 1)) || (interleaved && labelled(first + 2))) {
            continue;
        }
        let mut best: Option<Header> = None;
        for n in 1..=MAX_HEADER_LINES {
            let last = first + n - 1;
            let Some(block) = lines.get(first..=last) else { break };
            if n > 1 {
                let (Some(prev), Some(cur)) = (block.get(n - 2), block.get(n - 1)) else { break };
                if cur.y - prev.y > 1.7 * prev.size.max(cur.size) {
                    break;
                }
                // A dated line with a figure is the first row, not more of
                // the header ("01/10/2024 Balance B/F 15,900.00" set close
                // under it names the balance column again).
                let text = cur.words.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" ");
                if vocab.starts_with_date(&text) && cur.words.iter().any(|w| super::rows::amount_like(&w.text)) {
                    break;
                }
                // A page number or a continued mark set right under the
                // header, in the table's area ("Page 1 of 2" under
                // "Balance"), is not more of it.
                if vocab.page_mark(&text) {
                    break;
                }
            }
            // More named columns wins; at a tie, the taller block whose extra
            // line only continued labels ("Withdrawal Amount" / "(INR )") or
            // named a column that was nothing without it ("Transaction" /
            // "Date").
            let unnamed = |h: &Header| h.columns.iter().filter(|c| c.kind == ColumnKind::Other).count();
            if let Some(h) = classify(block, first, vocab, undated)
                && best.as_ref().is_none_or(|b| {
                    h.known > b.known
                        || (h.known == b.known && (h.columns.len() == b.columns.len() || unnamed(&h) < unnamed(b)))
                })
            {
                best = Some(h);
            }
        }
        if best.is_some() {
            return best;
        }
    }
    None
}

/// Widest gap inside one header label of a monospaced font, where a space is
/// 0.6 of the size ("Tran Date" in Courier).
const MONO_LABEL_GAP: f32 = 0.75;
/// Widest gap inside one label whose words a proportional font sets two spaces
/// apart (a space is 0.25–0.32 of the size).
const TWO_SPACES_GAP: f32 = 0.7;

/// True when every word of the block of two or more letters is as wide as a
/// monospaced font sets it (0.6 of its size per character, as Courier).
fn monospaced(block: &[Line]) -> bool {
    let words: Vec<&Word> = block.iter().flat_map(|l| &l.words).filter(|w| w.text.chars().count() >= 2).collect();
    words.len() >= 3
        && words.iter().all(|w| {
            let per = (w.x1 - w.x0) / (w.text.chars().count() as f32 * w.size.max(1.0));
            (0.56..=0.64).contains(&per)
        })
}

/// The header a block of lines makes, when it names the columns a statement
/// needs. In a monospaced font a space is wider than the gap that ends a
/// label elsewhere: the labels are also read with the wider gap, and taken
/// so where that leaves fewer words naming nothing ("Tran" beside "Date")
/// or fewer kinds named twice.
fn classify(block: &[Line], first: usize, vocab: &dyn Vocabulary, undated: bool) -> Option<Header> {
    let narrow = classify_with(block, first, vocab, undated, LABEL_GAP);
    // A proportional header may set a label's words two spaces apart ("TRN.  Date",
    // "Value  Date", "Closing  Bal": a co-operative bank's report writer): read
    // with that gap too, and taken on the same terms.
    let wide_gap = if monospaced(block) { MONO_LABEL_GAP } else { TWO_SPACES_GAP };
    let wide = classify_with(block, first, vocab, undated, wide_gap);
    let others = |h: &Header| h.columns.iter().filter(|c| c.kind == ColumnKind::Other).count();
    // A kind named twice ("Amt." and "Amount" beside "Deposit" and
    // "Balance", "Date" after "Tran." and after "Val") is a label cut at its
    // spaces.
    let twice = |h: &Header| {
        h.columns
            .iter()
            .enumerate()
            .filter(|(i, c)| c.kind != ColumnKind::Other && h.columns.iter().take(*i).any(|d| d.kind == c.kind))
            .count()
    };
    match (narrow, wide) {
        (Some(n), Some(w)) => {
            Some(if others(&w) < others(&n) || (others(&w) == others(&n) && twice(&w) < twice(&n)) { w } else { n })
        }
        (n, w) => n.or(w),
    }
}

fn classify_with(block: &[Line], first: usize, vocab: &dyn Vocabulary, undated: bool, gap: f32) -> Option<Header> {
    // Quick reject: a header line has few words and at least three labels.
    if block.first().is_none_or(|l| l.words.len() > 40) {
        return None;
    }
    // A line printer's header block shares one pitch: a line too short to
    // show it ("VALUE DT" under "DATE") takes the block's.
    let gaps: Vec<f32> = block.iter().map(|l| label_gap(l).max(gap)).collect();
    let mono = block.iter().zip(&gaps).filter(|(_, g)| **g > gap).map(|(l, g)| (l.size, *g)).next();
    let phrases: Vec<Vec<Phrase>> = block
        .iter()
        .zip(&gaps)
        .map(|(l, g)| {
            let gap = match mono {
                Some((size, m)) if (l.size - size).abs() <= 0.05 * size => g.max(m),
                _ => *g,
            };
            l.phrases(gap)
        })
        .collect();
    let stacks = stack(&phrases, vocab);
    let mut columns = Vec::new();
    // Dr/Cr labels that cut into a debit and a credit label: where they stand
    // among `columns`, and the two.
    let mut run_together: Vec<(usize, Vec<Column>)> = Vec::new();
    for parts in stacks {
        let label = label_text(parts.iter().map(|p| p.text.as_str()), vocab);
        let x0 = parts.iter().map(|p| p.x0).fold(f32::INFINITY, f32::min);
        let x1 = parts.iter().map(|p| p.x1).fold(f32::NEG_INFINITY, f32::max);
        // Labels set closer than a word gap (two or more, a monospaced font
        // leaving one space between columns): cut where every piece names a
        // column, each piece where its words are printed. A group with two
        // phrases on one line (bridged by a phrase of another) is such labels
        // whatever the whole names.
        let bridged = parts.iter().enumerate().any(|(i, p)| parts.iter().skip(i + 1).any(|q| (p.y - q.y).abs() < 0.5));
        // A currency in parentheses with more words after it on its line ends
        // a label there ("Amount (Rs.)" and "Bal" a monospaced space apart):
        // such labels too, whatever the whole names.
        let bridged = bridged
            || parts
                .iter()
                .any(|p| p.words.iter().enumerate().any(|(k, w)| currency_qualifier(&w.text) && k + 1 < p.words.len()));
        let kind = vocab.column_kind(&label);
        match (kind, bridged) {
            (Some(ColumnKind::DrCr), false) => {
                // "Debit Credit": a Dr/Cr mark's label, or a debit and a
                // credit label set closer than a word gap (monospaced cells
                // a space apart): decided below by what the rest names.
                if let Some(pieces) = split_stack_apart(&parts, vocab) {
                    run_together.push((columns.len(), pieces));
                }
                columns.push(Column { kind: ColumnKind::DrCr, label, x0, x1 });
            }
            (Some(kind), false) => columns.push(Column { kind, label, x0, x1 }),
            _ => match split_stack(&parts, vocab) {
                Some(pieces) => columns.extend(pieces),
                None => columns.push(Column { kind: kind.unwrap_or(ColumnKind::Other), label, x0, x1 }),
            },
        }
    }
    // A Dr/Cr label where no other column names an amount is a debit and a
    // credit label run together ("Debit" and "Credit (INR)" one character
    // cell apart in Liberation Mono): the two columns.
    let amount_named =
        columns.iter().any(|c| matches!(c.kind, ColumnKind::Debit | ColumnKind::Credit | ColumnKind::Amount));
    if !amount_named && let [(at, _)] = run_together.as_slice() {
        let at = *at;
        if let Some((_, pieces)) = run_together.pop() {
            columns.splice(at..=at, pieces);
        }
    }
    columns.sort_by(|a, b| a.x0.total_cmp(&b.x0));
    // "Withdrawal" and "Amount (INR)" a monospaced space apart beside
    // "Lodgements": one debit label cut at its space ("Withdrawal Amount
    // (INR)" over two lines in Liberation Mono), not a debit column and a
    // one-amount column beside a credit column.
    let count = |k: ColumnKind| columns.iter().filter(|c| c.kind == k).count();
    if count(ColumnKind::Debit) == 1 && count(ColumnKind::Credit) == 1 && count(ColumnKind::Amount) == 1 {
        let at = columns.iter().position(|c| c.kind == ColumnKind::Amount);
        let size = block.first().map_or(8.0, |l| l.size);
        let side = |c: &Column| matches!(c.kind, ColumnKind::Debit | ColumnKind::Credit);
        if let Some(a) = at
            && a > 0
            && let (Some(prev), Some(amount)) = (columns.get(a - 1), columns.get(a))
            && side(prev)
            && amount.x0 - prev.x1 <= 0.7 * size
        {
            let joined = Column {
                kind: prev.kind,
                label: format!("{} {}", prev.label, amount.label),
                x0: prev.x0.min(amount.x0),
                x1: prev.x1.max(amount.x1),
            };
            columns.splice(a - 1..=a, [joined]);
        }
    }
    let has = |k: ColumnKind| columns.iter().any(|c| c.kind == k);
    let dated = has(ColumnKind::Date) || has(ColumnKind::ValueDate);
    let amounts = (has(ColumnKind::Debit) && has(ColumnKind::Credit)) || has(ColumnKind::Amount);
    // Card statements print no running balance: date, details and amount then.
    let balanced = has(ColumnKind::Balance);
    let undated_table = undated && !dated && amounts && balanced && has(ColumnKind::Narration);
    if !(dated && amounts && (balanced || has(ColumnKind::Narration))) && !undated_table {
        return None;
    }
    let known = columns.iter().filter(|c| c.kind != ColumnKind::Other).count();
    // A line of prose that happens to hold the words is not a header.
    if known < if balanced && !undated_table { 4 } else { 3 } || columns.len() > 2 * known {
        return None;
    }
    // No column named as the narration: the text column between the date and
    // the first amount column is ("Transaction", "Entry", a label in another language).
    if !columns.iter().any(|c| c.kind == ColumnKind::Narration) {
        let first_amount = columns.iter().position(|c| c.kind.is_numeric()).unwrap_or(columns.len());
        let after_date = columns
            .iter()
            .position(|c| matches!(c.kind, ColumnKind::Date | ColumnKind::ValueDate))
            .map_or(0, |i| i + 1);
        if let Some(c) = columns
            .iter_mut()
            .take(first_amount)
            .skip(after_date)
            .filter(|c| c.kind == ColumnKind::Other)
            .max_by(|a, b| (a.x1 - a.x0).total_cmp(&(b.x1 - b.x0)))
        {
            c.kind = ColumnKind::Narration;
        }
    }
    // One amount column and no Dr/Cr column named: a column headed "Type"
    // beside the amount is its Dr/Cr mark (its cells read as DR / CR, or as
    // nothing, leaving the side to the balance chain).
    let amount_at = columns.iter().position(|c| c.kind == ColumnKind::Amount);
    if let Some(a) = amount_at
        && !columns.iter().any(|c| matches!(c.kind, ColumnKind::DrCr | ColumnKind::Debit | ColumnKind::Credit))
    {
        let is_type = |c: &Column| c.kind == ColumnKind::Other && c.label.trim().eq_ignore_ascii_case("type");
        let beside = [a + 1, a.wrapping_sub(1)].into_iter().find(|&i| columns.get(i).is_some_and(is_type));
        if let Some(c) = beside.and_then(|i| columns.get_mut(i)) {
            c.kind = ColumnKind::DrCr;
        }
    }
    if !columns.iter().any(|c| c.kind == ColumnKind::Date) {
        for c in &mut columns {
            if c.kind == ColumnKind::ValueDate {
                c.kind = ColumnKind::Date;
                break;
            }
        }
    }
    Some(Header { first, last: first + block.len() - 1, columns, known, inferred: false })
}

/// The lines of one label joined with spaces; where that names nothing, a
/// label a narrow cell wrapped inside its parentheses ("WITHDRAWAL(D" /
/// "R)") joined without one, or broken mid-word ("Value Dat" / "e"), when
/// that names a column.
fn label_text<'a>(lines: impl Iterator<Item = &'a str> + Clone, vocab: &dyn Vocabulary) -> String {
    let spaced = lines.clone().collect::<Vec<_>>().join(" ");
    if vocab.column_kind(&spaced).is_some() {
        return spaced;
    }
    let tight = join_label(lines.clone());
    if vocab.column_kind(&tight).is_some() {
        return tight;
    }
    // A narrow cell breaks a label mid-word ("Transactio" / "n Date", "Debit
    // Amo" / "unt"): its lines joined as they are, when that names a column.
    let glued: String = lines.collect();
    if vocab.column_kind(&glued).is_some() { glued } else { spaced }
}

/// A label that names nothing, cut into the fewest labels that each name a
/// column, each placed where its words are printed. Its words are first
/// grouped into pieces that cannot be cut: the words of its lines that sit
/// over one another ("Amount" over "(Rs.)", "Dr" over "/"); a cut falls
/// between two such pieces. `None` where no cut names every label.
fn split_stack(parts: &[Phrase], vocab: &dyn Vocabulary) -> Option<Vec<Column>> {
    split_stack_with(parts, vocab, true)
}

/// A label that names a Dr/Cr mark ("Debit Credit (INR)") cut into a debit
/// and a credit label, each placed where its words are printed; `None` where
/// it does not cut so.
fn split_stack_apart(parts: &[Phrase], vocab: &dyn Vocabulary) -> Option<Vec<Column>> {
    let cut = split_stack_with(parts, vocab, false)?;
    let kinds: Vec<ColumnKind> = cut.iter().map(|c| c.kind).collect();
    matches!(kinds.as_slice(), [ColumnKind::Debit, ColumnKind::Credit] | [ColumnKind::Credit, ColumnKind::Debit])
        .then_some(cut)
}

fn split_stack_with(parts: &[Phrase], vocab: &dyn Vocabulary, whole: bool) -> Option<Vec<Column>> {
    let words: Vec<&Word> = parts.iter().flat_map(|p| &p.words).collect();
    // Words of different lines that overlap join one piece.
    let mut group: Vec<usize> = (0..words.len()).collect();
    for (i, a) in words.iter().enumerate() {
        for (j, b) in words.iter().enumerate().skip(i + 1) {
            if (a.y - b.y).abs() >= 0.5 && a.x0 < b.x1 - 0.5 && b.x0 < a.x1 - 0.5 {
                let (gi, gj) = (group[i], group[j]);
                for g in &mut group {
                    if *g == gj {
                        *g = gi;
                    }
                }
            }
        }
    }
    let mut pieces: Vec<Vec<&Word>> = Vec::new();
    let mut ids: Vec<usize> = Vec::new();
    for (w, g) in words.iter().zip(&group) {
        match ids.iter().position(|x| x == g) {
            Some(k) => pieces[k].push(w),
            None => {
                ids.push(*g);
                pieces.push(vec![w]);
            }
        }
    }
    let left = |p: &Vec<&Word>| p.iter().map(|w| w.x0).fold(f32::INFINITY, f32::min);
    pieces.sort_by(|a, b| left(a).total_cmp(&left(b)));
    // The text of pieces i..j: their words line by line, left to right.
    let text = |i: usize, j: usize| {
        let mut ws: Vec<&Word> = pieces.get(i..j).unwrap_or_default().iter().flatten().copied().collect();
        ws.sort_by(|a, b| a.y.total_cmp(&b.y).then(a.x0.total_cmp(&b.x0)));
        let mut lines: Vec<String> = Vec::new();
        let mut y = f32::NAN;
        for w in ws {
            match lines.last_mut() {
                Some(l) if (w.y - y).abs() < 0.5 => {
                    l.push(' ');
                    l.push_str(&w.text);
                }
                _ => {
                    lines.push(w.text.clone());
                    y = w.y;
                }
            }
        }
        label_text(lines.iter().map(String::as_str), vocab)
    };
    let cuts = split_labels(pieces.len(), &text, vocab, whole)?;
    if cuts.len() < 2 {
        return None;
    }
    Some(
        cuts.into_iter()
            .map(|(i, j, kind)| {
                let ws = pieces.get(i..j).unwrap_or_default().iter().flatten();
                let x0 = ws.clone().map(|w| w.x0).fold(f32::INFINITY, f32::min);
                let x1 = ws.map(|w| w.x1).fold(f32::NEG_INFINITY, f32::max);
                Column { kind, label: text(i, j), x0, x1 }
            })
            .collect(),
    )
}

/// `n` pieces of a label cut into the fewest runs that each name a column
/// ("Sl. No." + "Tran. Date" + "Val Date", not "Val" + "Date"), as ranges of
/// pieces and their kinds; `text(i, j)` is the label pieces `i..j` make.
/// `None` where no cut names every run.
fn split_labels(
    n: usize,
    text: &dyn Fn(usize, usize) -> String,
    vocab: &dyn Vocabulary,
    whole: bool,
) -> Option<Vec<(usize, usize, ColumnKind)>> {
    if n > 12 {
        return None;
    }
    // best[i]: the fewest labels pieces[i..] cut into, then the fewest of
    // them ending loose, in a piece that names nothing alone (a label ends
    // in its head word: "Txn. Date" + "Transaction Remarks", not "Txn. Date
    // Transaction" + "Remarks"), and the first one's length.
    let mut best: Vec<Option<(usize, usize, usize, ColumnKind)>> = vec![None; n + 1];
    best[n] = Some((0, 0, 0, ColumnKind::Other));
    for i in (0..n).rev() {
        for k in (1..=n - i).rev() {
            let Some((count, loose, _, _)) = best[i + k] else { continue };
            if !whole && k == n {
                continue;
            }
            // A currency in parentheses ("(INR)", "(Rs.)") qualifies the
            // label before it and starts none ("Amount (INR)" + "D/C", not
            // "Amount" + "(INR) D/C": Liberation Mono cells a space apart).
            if i > 0 && currency_qualifier(&text(i, i + 1)) {
                continue;
            }
            // And ends it: "Amount (Rs.)" + "Bal", not "Amount (Rs.) Bal"
            // (a whole that names a balance).
            if (i..i + k - 1).any(|a| currency_qualifier(&text(a, a + 1))) {
                continue;
            }
            // A branch column's label names no kind but is one piece
            // ("Branch" + "Withdrawals" a browser's padding apart).
            let piece = text(i, i + k);
            let Some(kind) =
                vocab.column_kind(&piece).or_else(|| vocab.names_unused_column(&piece).then_some(ColumnKind::Other))
            else {
                continue;
            };
            // A label names one kind of figure: pieces naming two of debit,
            // credit and balance ("Dr /", "Cr" and "Closing Balance") are
            // labels run together, unless the whole is a Dr/Cr mark ("Dr /
            // Cr").
            let figures = |k: ColumnKind| matches!(k, ColumnKind::Debit | ColumnKind::Credit | ColumnKind::Balance);
            let mut named = (i..i + k).filter_map(|a| vocab.column_kind(&text(a, a + 1))).filter(|k| figures(*k));
            let first = named.next();
            if kind != ColumnKind::DrCr && named.any(|k| Some(k) != first) {
                continue;
            }
            // Nor does it end in a separator ("Amount Dr (Rs.) /" + "Cr",
            // not "Amount (Rs.)" + "Dr / Cr").
            let tail = vocab.column_kind(&text(i + k - 1, i + k)).is_none() || piece.ends_with(['/', '-', '&', '|']);
            let loose = loose + usize::from(tail);
            if best[i].is_none_or(|(c, l, _, _)| (count + 1, loose) < (c, l)) {
                best[i] = Some((count + 1, loose, k, kind));
            }
        }
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < n {
        let (_, _, k, kind) = best[i]?;
        out.push((i, i + k, kind));
        i += k;
    }
    Some(out)
}

/// A currency in parentheses, a word of a label: "(INR)", "(Rs.)", "(₹)".
fn currency_qualifier(word: &str) -> bool {
    let Some(inner) = word.trim().strip_prefix('(').and_then(|w| w.strip_suffix(')')) else { return false };
    matches!(inner.trim().trim_end_matches('.').to_ascii_uppercase().as_str(), "INR" | "RS" | "₹")
}

/// The widest gap inside one label of this header line, in font sizes.
///
/// A line printer's report sets its header in a monospaced font as one string:
/// the words of a label are one character cell apart ("TXN DATE", 0.6 em, wider
/// than a proportional space) and labels at least two. Where every word of the
/// line advances by one pitch per character and every gap is a whole number of
/// cells, one cell joins and two separate; otherwise [`LABEL_GAP`].
fn label_gap(line: &Line) -> f32 {
    let words = &line.words;
    let size = line.size.max(0.1);
    if words.len() < 3 {
        return LABEL_GAP;
    }
    // Width = pitch × characters (+ the same small overhang on every word where
    // the line was struck twice and the copies' extents were joined): a
    // least-squares line through (characters, width); fixed pitch when every
    // word sits on it.
    let pts: Vec<(f32, f32)> = words.iter().map(|w| (w.text.chars().count() as f32, w.x1 - w.x0)).collect();
    let n = pts.len() as f32;
    let (mx, my) = (pts.iter().map(|p| p.0).sum::<f32>() / n, pts.iter().map(|p| p.1).sum::<f32>() / n);
    let sxx: f32 = pts.iter().map(|p| (p.0 - mx) * (p.0 - mx)).sum();
    if sxx <= 0.0 {
        return LABEL_GAP;
    }
    let pitch = pts.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum::<f32>() / sxx;
    let over = my - pitch * mx;
    if pitch <= 0.0 || over < -0.1 * pitch || over > 0.5 * pitch {
        return LABEL_GAP;
    }
    let fixed = pts.iter().all(|p| (p.1 - (pitch * p.0 + over)).abs() <= 0.1 * pitch);
    // Every word starts a whole number of cells after the one before ends.
    let cells = words.windows(2).zip(&pts).all(|(w, p)| {
        let c = (w[1].x0 - w[0].x0) / pitch - p.0;
        c >= 0.9 && (c - c.round()).abs() <= 0.15
    });
    if fixed && cells { LABEL_GAP.max(1.5 * pitch / size) } else { LABEL_GAP }
}

/// The lines of one label joined with spaces, except where a narrow cell
/// wrapped the label inside its parentheses ("WITHDRAWAL(D" over "R)").
fn join_label<'a>(parts: impl Iterator<Item = &'a str>) -> String {
    let mut label = String::new();
    for part in parts {
        let open = label.matches('(').count() > label.matches(')').count();
        if !label.is_empty() && !open {
            label.push(' ');
        }
        label.push_str(part);
    }
    label
}

/// Groups phrases of consecutive lines that sit over one another into one
/// label each. A phrase over two or more phrases of another line is a group
/// title ("Amount" over "Debit" and "Credit") and is dropped, unless its
/// words and theirs cut into a label for each of them: then it is labels
/// run together ("Withdrawal Credit" over "(Dr)" and "Amount", Courier
/// labels one space apart), cut with the rest of its group.
fn stack(lines: &[Vec<Phrase>], vocab: &dyn Vocabulary) -> Vec<Vec<Phrase>> {
    let all: Vec<&Phrase> = lines.iter().flatten().collect();
    let overlaps = |a: (f32, f32), b: (f32, f32)| a.0 < b.1 - 0.5 && b.0 < a.1 - 0.5;
    let span = |p: &Phrase| (p.x0, p.x1);
    let mut group: Vec<usize> = (0..all.len()).collect();
    let mut dropped = vec![false; all.len()];
    // A phrase over two or more of the line `y`, that is a group title: with
    // them it makes no labels cut where their words stand.
    let title = |a: &Phrase, y: f32| {
        let mut group: Vec<Phrase> = vec![a.clone()];
        group.extend(all.iter().filter(|c| (c.y - y).abs() < 0.5 && overlaps(span(a), span(c))).map(|c| (*c).clone()));
        group.len() > 2 && split_stack(&group, vocab).is_none_or(|cut| cut.len() < group.len() - 1)
    };
    for (i, a) in all.iter().enumerate() {
        for (j, b) in all.iter().enumerate().skip(i + 1) {
            if (a.y - b.y).abs() < 0.5 || !overlaps(span(a), span(b)) {
                continue;
            }
            if title(a, b.y) {
                dropped[i] = true;
            } else if title(b, a.y) {
                dropped[j] = true;
            } else {
                let (gi, gj) = (group[i], group[j]);
                for g in &mut group {
                    if *g == gj {
                        *g = gi;
                    }
                }
            }
        }
    }
    let mut out: Vec<Vec<Phrase>> = Vec::new();
    let mut ids: Vec<usize> = Vec::new();
    for (i, p) in all.iter().enumerate() {
        if dropped[i] {
            continue;
        }
        match ids.iter().position(|g| *g == group[i]) {
            Some(k) => out[k].push((*p).clone()),
            None => {
                ids.push(group[i]);
                out.push(vec![(*p).clone()]);
            }
        }
    }
    for parts in &mut out {
        parts.sort_by(|a, b| a.y.total_cmp(&b.y).then(a.x0.total_cmp(&b.x0)));
    }
    out
}

/// Column bands: which column a word of a body line belongs to.
///
/// Text columns are left-aligned and amount columns right-aligned, but a
/// header label may sit anywhere over its column (centred over a wide one,
/// say). So the boundary between two columns is learned from the body where
/// it can be: the gutter, the x range between the two labels that the fewest
/// body words cross (see [`Bands::learn`]). A text word belongs to the band
/// that holds its left edge, an amount to the band that holds its right edge.
/// Before learning (or with no body), boundaries come from the labels alone.
#[derive(Clone, Debug, PartialEq)]
pub struct Bands {
    /// The columns, sorted by `x0`.
    pub columns: Vec<Column>,
    /// `bounds[i]` is the left boundary of column `i + 1`.
    bounds: Vec<f32>,
    /// True once the boundaries come from the body's gutters.
    learned: bool,
    /// Per column, the left edge most of its figures share (figures set
    /// flush left), learned with the gutters.
    left_edges: Vec<Option<f32>>,
    /// The table prints whole rupees (no amount has paise): a plain number
    /// in an amount or balance column is a figure.
    pub whole_rupees: bool,
}

/// A word shaped like a date (`01 Aug 2023` joined, `02/08/2023`,
/// `02-AUG-23`, `02.08.2023`): digits, no digit group, and a month's name or
/// two separators.
fn date_shaped(text: &str) -> bool {
    const MONTHS: [&str; 12] = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
    let upper = text.to_ascii_uppercase();
    let digits = upper.bytes().filter(u8::is_ascii_digit).count();
    let seps = upper.bytes().filter(|b| matches!(b, b'/' | b'-' | b'.' | b' ')).count();
    (2..=8).contains(&digits)
        && upper.len() <= 12
        && !upper.contains(',')
        && (seps >= 2 || MONTHS.iter().any(|m| upper.contains(m)))
}

impl Bands {
    /// Bands from a header's columns; `size` is the font size of the table.
    pub fn new(columns: Vec<Column>, size: f32) -> Bands {
        let tol = 0.5 * size;
        let mut bounds = Vec::with_capacity(columns.len().saturating_sub(1));
        for pair in columns.windows(2) {
            let [cur, next] = pair else { continue };
            let b = if cur.kind.is_numeric() && next.kind.is_numeric() {
                cur.x1 + tol
            } else if cur.kind.is_numeric() {
                (next.x0 - tol).max(cur.x1 + 0.5)
            } else {
                next.x0 - tol
            };
            let floor = bounds.last().copied().unwrap_or(f32::NEG_INFINITY);
            bounds.push(b.max(floor));
        }
        Bands { columns, bounds, learned: false, left_edges: Vec::new(), whole_rupees: false }
    }

    /// Moves each boundary into the gutter of the body below the header:
    /// between the centres of the two labels, the position the
    /// fewest `words` cross; among equals, the middle of the widest run. A
    /// body too small to tell (fewer than two words on each side) keeps the
    /// label boundary. `lines` is the number of body lines the words come
    /// from: one position in eight of them may be crossed by stray lines.
    pub fn learn(&mut self, words: &[&Word], lines: usize) {
        if words.len() < 4 {
            return;
        }
        let n = self.columns.len();
        let mut bounds = self.bounds.clone();
        for i in 0..n.saturating_sub(1) {
            let (Some(cur), Some(next)) = (self.columns.get(i), self.columns.get(i + 1)) else { continue };
            // Between the labels' centres: a long narration may run past the
            // next label's start, short amounts start right of it.
            let lo = (cur.x0 + cur.x1) / 2.0;
            let hi = ((next.x0 + next.x1) / 2.0).max(lo);
            let (lo, hi) = if hi - lo < 1.0 { (lo - 0.5, hi + 0.5) } else { (lo, hi) };
            let steps = (((hi - lo) * 2.0).ceil() as usize).clamp(1, 4000);
            // Crossings at every half point, from a difference array: O(words + steps).
            let mut diff = vec![0i32; steps + 2];
            for w in words {
                let k0 = ((w.x0 - lo) * 2.0).floor() + 1.0;
                let k1 = ((w.x1 - lo) * 2.0).ceil() - 1.0;
                if k1 < 0.0 || k0 > steps as f32 || k1 < k0 {
                    continue;
                }
                let (k0, k1) = (k0.max(0.0) as usize, (k1 as usize).min(steps));
                if let Some(d) = diff.get_mut(k0) {
                    *d += 1;
                }
                if let Some(d) = diff.get_mut(k1 + 1) {
                    *d -= 1;
                }
            }
            let mut counts: Vec<usize> = Vec::with_capacity(steps + 1);
            let mut crossings = 0i32;
            for k in 0..=steps {
                crossings += diff.get(k).copied().unwrap_or(0);
                counts.push(crossings.max(0) as usize);
            }
            // The widest run of positions crossed by at most a few more words
            // than the emptiest one (a stray summary line crosses everything).
            let least = counts.iter().copied().min().unwrap_or(0);
            let limit = least + lines / 40;
            let mut runs: Vec<(usize, usize)> = Vec::new(); // (run start, run len)
            let mut run: Option<(usize, usize)> = None;
            for (k, c) in counts.iter().enumerate() {
                if *c <= limit {
                    run = Some(run.map_or((k, 1), |(s, l)| (s, l + 1)));
                } else if let Some(r) = run.take() {
                    runs.push(r);
                }
            }
            runs.extend(run);
            // Words on both sides: a gutter, not the margin of an empty body.
            let gutter = |&(start, len): &(usize, usize)| {
                let (g0, g1) = (lo + start as f32 * 0.5, lo + (start + len - 1) as f32 * 0.5);
                words.iter().any(|w| w.x1 <= g0 + 0.5) && words.iter().any(|w| w.x0 >= g1 - 0.5)
            };
            // After a column of right-aligned figures and before a text
            // column, the gutter is the one right of the figures (a label
            // set at the left of a wide amount column leaves an empty run
            // left of them too); elsewhere the widest.
            // Between two amount columns the gutter has figures of both
            // beside it (the left one's ending right of its label's centre):
            // under a long label ("Withdrawal
            // Amount (INR)") over short right-aligned figures, the empty left
            // half of the column is wider than the gutter but has none of its
            // figures ending left of it.
            // The last column's figures may start past its label's end (a
            // label set at the left of a wide column over right-aligned
            // figures); before another column they might be that one's.
            // Before another column, a figure wholly left of that column's
            // label is the next column's too (labels set at the left of
            // wide cells over right-aligned figures: every column's figures
            // past its label's end); a figure reaching that label may be
            // its column's (a balance starting left of its centred label).
            let after_next = self.columns.get(i + 2).map_or(f32::INFINITY, |c| c.x0);
            // Right of it a figure, not only a Dr/Cr mark: the space between
            // a balance and its `Cr` (a monospaced space, wider than the
            // cells' padding) is no gutter.
            let figures_both_sides = |&(start, len): &(usize, usize)| {
                let (g0, g1) = (lo + start as f32 * 0.5, lo + (start + len - 1) as f32 * 0.5);
                words.iter().any(|w| w.x1 > lo && w.x1 <= g0 + 0.5)
                    && words.iter().any(|w| {
                        w.x0 >= g1 - 0.5
                            && (w.x0 < hi.max(next.x1) || w.x1 <= after_next)
                            && w.text.bytes().any(|b| b.is_ascii_digit())
                    })
            };
            let widest =
                runs.iter().fold(None, |best, &(s, l)| better(best, (0, s, l))).map(|(_, s, l)| (s, l)).filter(gutter);
            // After a text column the gutter has words of the next column
            // right of it (reaching its label, and starting before the label
            // ends): under a label set at the left of a wide column,
            // flush-left figures (or a Dr/Cr mark set before its label, or
            // branch codes set before a wide label) leave an empty run right
            // of them that may be wider than the true gutter.
            // A run may hold the first few figures of a column that has few
            // (fewer than the crossings a run tolerates): they count too.
            // Dates under a label centred over a wide date cell (a browser
            // centres `th` and sets `td` at the cell's left edge) may end
            // well before that label starts: a date right of the run, left
            // of the label's end, is the date column's all the same.
            let dates_next = matches!(next.kind, ColumnKind::Date | ColumnKind::ValueDate);
            let next_right = |&(start, _): &(usize, usize)| {
                let g0 = lo + start as f32 * 0.5;
                words.iter().any(|w| {
                    w.x0 >= g0 - 0.5
                        && w.x0 < next.x1
                        && (w.x1 >= next.x0 - 0.5 * w.size || (dates_next && w.x1 <= next.x1 && date_shaped(&w.text)))
                })
            };
            let chosen = if cur.kind.is_numeric() && !next.kind.is_numeric() {
                runs.iter().copied().rev().find(|r| gutter(r))
            } else if !cur.kind.is_numeric() && widest.is_some_and(|r| !next_right(&r)) {
                runs.iter()
                    .filter(|r| gutter(r) && next_right(r))
                    .fold(None, |best, &(s, l)| better(best, (0, s, l)))
                    .map(|(_, s, l)| (s, l))
                    .or(widest)
            } else if cur.kind.is_numeric() && next.kind.is_numeric() && widest.is_some_and(|r| !figures_both_sides(&r))
            {
                runs.iter()
                    .filter(|r| gutter(r) && figures_both_sides(r))
                    .fold(None, |best, &(s, l)| better(best, (0, s, l)))
                    .map(|(_, s, l)| (s, l))
                    .or(widest)
            } else {
                widest
            };
            // Between two amount columns, Dr/Cr marks right of the run, each a
            // fixed space after the left column's figure while the right
            // column's figures start at varying distances after them (a
            // right-aligned `3,300.00 Dr` beside a right-aligned balance whose
            // long figures reach within a space of the mark): the marks are
            // the left column's suffix, and the gutter is right of them.
            let chosen = match chosen {
                Some(run) if cur.kind.is_numeric() && next.kind.is_numeric() => {
                    let g1 = lo + (run.0 + run.1 - 1) as f32 * 0.5;
                    match suffix_marks_end(words, g1, hi.max(next.x0), next.x0) {
                        Some(end) => runs
                            .iter()
                            .filter(|r| gutter(r) && figures_both_sides(r) && lo + r.0 as f32 * 0.5 >= end - 0.5)
                            .fold(None, |best, &(s, l)| better(best, (0, s, l)))
                            .map(|(_, s, l)| (s, l))
                            .or(chosen),
                        None => chosen,
                    }
                }
                _ => chosen,
            };
            // Between two text columns, the second's label set flush with its
            // text (several lines start a word at its left edge): it starts
            // there, so its boundary is no gutter right of that edge. (Figures
            // there, a cheque number under a label the extractor glued to the
            // next one, `Cheque No.Description`, say nothing.) A code
            // column under one label with the details beside it (HSBC's
            // `Payment type and details` over `VIS` and the payee) leaves a
            // gutter inside the label as wide as the one before it.
            let text_col = |k: ColumnKind| !k.is_numeric() && k != ColumnKind::DrCr;
            let flush = text_col(cur.kind)
                && text_col(next.kind)
                && words
                    .iter()
                    .filter(|w| (w.x0 - next.x0).abs() <= 1.0 && w.text.bytes().any(|b| b.is_ascii_alphabetic()))
                    .count()
                    >= (lines / 8).max(2);
            let chosen = match chosen {
                Some((s, _)) if flush && lo + s as f32 * 0.5 > next.x0 + 0.5 => runs
                    .iter()
                    .filter(|run| gutter(run) && lo + (run.0 + run.1 - 1) as f32 * 0.5 <= next.x0 + 0.5)
                    .fold(None, |best, &(s, l)| better(best, (0, s, l)))
                    .map(|(_, s, l)| (s, l))
                    .or(chosen),
                _ => chosen,
            };
            // A label centred over a wide text column of left-aligned values (a
            // serial number, a date or a narration starting at the cell's
            // left edge, well left of the label): the column ends about as
            // far right of the label's centre as its values start left of
            // it, so the gutter starts by then; an empty run further right
            // is the next column's empty part (its values set at its left
            // edge, under a label centred further right).
            let from = if i == 0 { f32::NEG_INFINITY } else { bounds.get(i - 1).copied().unwrap_or(f32::NEG_INFINITY) };
            let size = words.first().map_or(8.0, |w| w.size);
            let mut starts: Vec<f32> = words.iter().map(|w| w.x0).filter(|&x| x >= from && x < lo).collect();
            starts.sort_by(f32::total_cmp);
            let need = (lines / 8).max(2);
            let left =
                starts.iter().copied().find(|&x| starts.iter().filter(|&&y| (y - x).abs() <= 1.0).count() >= need);
            let text = !cur.kind.is_numeric() && cur.kind != ColumnKind::DrCr;
            let reach = left.filter(|&l| text && l < cur.x0 - 0.5 * size).map(|l| 2.0 * lo - l + 0.5 * size);
            let chosen = match (chosen, reach) {
                (Some((s, _)), Some(r)) if lo + s as f32 * 0.5 > r => runs
                    .iter()
                    .filter(|run| gutter(run) && lo + run.0 as f32 * 0.5 <= r)
                    .fold(None, |best, &(s, l)| better(best, (0, s, l)))
                    .map(|(_, s, l)| (s, l))
                    .or(chosen),
                _ => chosen,
            };
            let Some((start, len)) = chosen else { continue };
            // Inside the run, its emptiest stretch: a column with few figures
            // (fewer than the crossings a run tolerates) keeps them.
            let inside = counts.get(start..start + len).unwrap_or_default();
            let fewest = inside.iter().copied().min().unwrap_or(0);
            let mut stretch: Option<(usize, usize)> = None;
            let mut at: Option<(usize, usize)> = None;
            for (k, c) in inside.iter().enumerate() {
                if *c == fewest {
                    let cur = at.map_or((k, 1), |(s, l)| (s, l + 1));
                    at = Some(cur);
                    if stretch.is_none_or(|(_, l)| cur.1 > l) {
                        stretch = Some(cur);
                    }
                } else {
                    at = None;
                }
            }
            let (start, len) = stretch.map_or((start, len), |(s, l)| (start + s, l));
            if let Some(b) = bounds.get_mut(i) {
                *b = lo + (start as f32 + (len as f32 - 1.0) / 2.0) * 0.5;
            }
        }
        // Keep them ordered.
        for i in 1..bounds.len() {
            let prev = bounds.get(i - 1).copied().unwrap_or(f32::NEG_INFINITY);
            if let Some(b) = bounds.get_mut(i) {
                *b = b.max(prev);
            }
        }
        self.bounds = bounds;
        self.learned = true;
        // The left edge shared by at least two figures of a column, at
        // least half of those starting in it.
        let figure = |t: &str| t.contains('.') && t.bytes().any(|b| b.is_ascii_digit());
        self.left_edges = (0..n)
            .map(|i| {
                if !self.kind(i).is_numeric() {
                    return None;
                }
                let mut xs: Vec<i64> = words
                    .iter()
                    .filter(|w| figure(&w.text) && self.band_of(w.x0 + 0.25) == i)
                    .map(|w| (w.x0 * 2.0).round() as i64)
                    .collect();
                xs.sort_unstable();
                let total = xs.len();
                let (mut best, mut best_n) = (None, 0usize);
                for chunk in xs.chunk_by(|a, b| a == b) {
                    if chunk.len() > best_n {
                        best_n = chunk.len();
                        best = chunk.first().copied();
                    }
                }
                best.filter(|_| best_n >= 2 && 2 * best_n >= total).map(|x| x as f32 / 2.0)
            })
            .collect();
    }

    /// Decides [`Bands::whole_rupees`] from the table's words: none in an
    /// amount or balance column has a decimal point, and at least three are
    /// plain numbers.
    pub fn learn_whole_rupees(&mut self, words: &[&Word]) {
        let numeric: Vec<&&Word> = words.iter().filter(|w| self.kind(self.band_of(w.x1 - 0.25)).is_numeric()).collect();
        let decimals = numeric.iter().any(|w| w.text.contains('.') && w.text.bytes().any(|b| b.is_ascii_digit()));
        let plain = numeric.iter().filter(|w| super::rows::plain_number(&w.text)).count();
        self.whole_rupees = !decimals && plain >= 3;
    }

    fn band_of(&self, x: f32) -> usize {
        self.bounds.partition_point(|b| *b <= x)
    }

    /// The column index for `word`; `amount_like` when it reads as an amount.
    pub fn column_of(&self, word: &Word, amount_like: bool) -> usize {
        if amount_like {
            if self.learned {
                let by_right = self.band_of(word.x1 - 0.25);
                let by_left = self.band_of(word.x0 + 0.25);
                // Figures set flush left under their label: a rare wide one
                // ("1,20,000.00") reaches into the next amount column's band.
                // It starts where its label starts (or where the column's
                // other figures start: a label need not start at its cell's
                // edge) and ends nowhere near the other label's right edge.
                let starts_with_column = |i: usize| {
                    self.columns.get(i).is_some_and(|c| (word.x0 - c.x0).abs() <= 1.0)
                        || self.left_edges.get(i).copied().flatten().is_some_and(|e| (word.x0 - e).abs() <= 1.0)
                };
                let flush_left = by_left != by_right
                    && self.kind(by_left).is_numeric()
                    && self.kind(by_right).is_numeric()
                    && starts_with_column(by_left)
                    && self.columns.get(by_right).is_some_and(|c| (word.x1 - c.x1).abs() > 1.0);
                return if flush_left { by_left } else { by_right };
            }
            let mut under = self
                .columns
                .iter()
                .enumerate()
                .filter(|(_, c)| c.kind.is_numeric() && word.x0 < c.x1 + 1.0 && c.x0 - 1.0 < word.x1);
            if let (Some((i, _)), None) = (under.next(), under.next()) {
                return i;
            }
            return self.band_of(word.x1);
        }
        self.band_of(word.x0 + 0.25)
    }

    /// The kind of column `i`.
    pub fn kind(&self, i: usize) -> ColumnKind {
        self.columns.get(i).map_or(ColumnKind::Other, |c| c.kind)
    }

    /// Index of the first column of `kind`.
    pub fn index_of(&self, kind: ColumnKind) -> Option<usize> {
        self.columns.iter().position(|c| c.kind == kind)
    }
}

/// The better gutter run: fewer crossings, then wider.
/// A Dr/Cr mark printed as a word of its own.
fn dr_cr_mark(text: &str) -> bool {
    let t = text.trim_matches(|c| c == '(' || c == ')' || c == '.').to_ascii_uppercase();
    matches!(t.as_str(), "DR" | "CR")
}

/// Where Dr/Cr marks set right of a gutter candidate (ending at `g1`, the
/// marks starting before `limit`) end, when they are the left column's
/// suffix: on most lines with a word right of the run that word is a mark
/// between two figures, and the marks keep a fixed space (at most a size)
/// after the left figure while the right figure starts at varying distances
/// after them, or further than the left one, or (where neither varies: every
/// balance of a page as long) the marks end before the right column's label
/// (at `next_x0`) starts.
fn suffix_marks_end(words: &[&Word], g1: f32, limit: f32, next_x0: f32) -> Option<f32> {
    let same_line = |a: &Word, b: &Word| (a.y - b.y).abs() <= 0.25 * a.size.max(b.size);
    let figure = |w: &Word| w.text.bytes().any(|b| b.is_ascii_digit()) && w.text.contains(['.', ',']);
    let firsts: Vec<&Word> = words
        .iter()
        .copied()
        .filter(|w| w.x0 >= g1 - 0.5 && w.x0 < limit)
        .filter(|w| !words.iter().any(|o| same_line(o, w) && o.x0 >= g1 - 0.5 && o.x0 < w.x0))
        .collect();
    let mut left: Vec<f32> = Vec::new();
    let mut right: Vec<f32> = Vec::new();
    let mut end = f32::NEG_INFINITY;
    let mut size = 0.0f32;
    for m in firsts.iter().filter(|w| dr_cr_mark(&w.text)) {
        let before =
            words.iter().filter(|o| same_line(o, m) && o.x1 <= m.x0 + 0.5).max_by(|a, b| a.x1.total_cmp(&b.x1));
        let after = words.iter().filter(|o| same_line(o, m) && o.x0 >= m.x1 - 0.5).min_by(|a, b| a.x0.total_cmp(&b.x0));
        let (Some(b), Some(a)) = (before, after) else { continue };
        if !figure(b) || !figure(a) {
            continue;
        }
        left.push(m.x0 - b.x1);
        right.push(a.x0 - m.x1);
        end = end.max(m.x1);
        size = size.max(m.size);
    }
    if left.len() < 2 || 2 * left.len() < firsts.len() {
        return None;
    }
    let spread = |v: &[f32]| {
        let (lo, hi) = v.iter().fold((f32::INFINITY, f32::NEG_INFINITY), |(l, h), &x| (l.min(x), h.max(x)));
        (hi - lo, lo)
    };
    let ((ls, lmin), (rs, rmin)) = (spread(&left), spread(&right));
    let fixed_left = ls <= 1.0 && lmin >= 0.0 && lmin + ls <= size;
    (fixed_left && (rs > 1.0 || rmin > lmin + ls || end <= next_x0 + 0.5)).then_some(end)
}

fn better(best: Option<(usize, usize, usize)>, run: (usize, usize, usize)) -> Option<(usize, usize, usize)> {
    match best {
        Some(b) if b.0 < run.0 || (b.0 == run.0 && b.2 >= run.2) => Some(b),
        _ => Some(run),
    }
}

#[cfg(test)]
mod tests {
    use super::super::lines::tests::line;
    use super::*;
    use crate::extract::StatementVocabulary;

    /// Narrow cells one space apart: three labels in one phrase are cut into
    /// the pieces the vocabulary knows.
    #[test]
    fn labels_one_cell_apart_are_cut_where_each_piece_is_known() {
        let cut = |words: &[&str]| {
            let text = |i: usize, j: usize| words.get(i..j).unwrap_or_default().join(" ");
            split_labels(words.len(), &text, &StatementVocabulary, true)
                .map(|p| p.into_iter().map(|(i, j, kind)| (kind, text(i, j))).collect::<Vec<_>>())
        };
        assert_eq!(
            cut(&["TXN", "DATE", "VAL", "DATE", "PARTICULARS"]).expect("cut"),
            vec![
                (ColumnKind::Date, "TXN DATE".to_string()),
                (ColumnKind::ValueDate, "VAL DATE".to_string()),
                (ColumnKind::Narration, "PARTICULARS".to_string()),
            ]
        );
        assert!(cut(&["TOTAL", "AMOUNT", "WORDS"]).is_none());
    }

    /// A line printer's header: one monospaced string, the words of a label
    /// one cell apart, labels two or more.
    #[test]
    fn a_monospaced_header_joins_label_words_one_cell_apart() {
        let text = "TXN DATE    VALUE DATE  DESCRIPTION             DEBIT     CREDIT    BALANCE";
        let mut words = Vec::new();
        let mut at = 0;
        for w in text.split(' ') {
            if !w.is_empty() {
                words.push((w, 5.0 * at as f32));
            }
            at += w.chars().count() + 1;
        }
        let l = line(100.0, &words);
        let h = find_header(&[l], 0, &StatementVocabulary).expect("header");
        let kinds: Vec<(ColumnKind, &str)> = h.columns.iter().map(|c| (c.kind, c.label.as_str())).collect();
        assert_eq!(
            kinds,
            vec![
                (ColumnKind::Date, "TXN DATE"),
                (ColumnKind::ValueDate, "VALUE DATE"),
                (ColumnKind::Narration, "DESCRIPTION"),
                (ColumnKind::Debit, "DEBIT"),
                (ColumnKind::Credit, "CREDIT"),
                (ColumnKind::Balance, "BALANCE"),
            ]
        );
    }

    /// One line of a monospaced font (Courier at 10 pt: 6 pt a character,
    /// a space between words), the words in order.
    fn mono(y: f32, text: &str) -> Line {
        let mut x = 0.0;
        let mut words = Vec::new();
        for t in text.split(' ') {
            if !t.is_empty() {
                let w = 6.0 * t.chars().count() as f32;
                words.push(Word { text: t.to_string(), x0: x, x1: x + w, y, size: 10.0 });
                x += w;
            }
            x += 6.0;
        }
        Line { y, size: 10.0, words }
    }

    fn kinds(h: &Header) -> Vec<ColumnKind> {
        h.columns.iter().map(|c| c.kind).collect()
    }

    #[test]
    fn courier_labels_one_space_apart_are_cut_where_every_piece_names_a_column() {
        use ColumnKind::*;
        let lines =
            [mono(10.0, "Sl. No. Tran. Date Val Date NARRATION          Withdrawal Deposit Amt. Balance Amount")];
        let h = find_header(&lines, 0, &StatementVocabulary).expect("a header");
        assert_eq!(kinds(&h), vec![Serial, Date, ValueDate, Narration, Debit, Credit, Balance]);
    }

    /// Two-line Courier labels one space apart: the words of both lines that
    /// sit over one another are cut together ("Amount" over "(Rs.)", "Dr"
    /// over "/ Cr"), and a label ends in no separator.
    #[test]
    fn courier_labels_on_two_lines_are_cut_where_their_words_stand() {
        use ColumnKind::*;
        let lines = [
            mono(10.0, &format!("Txn Date Transaction Details{}Amount Dr   Closing", " ".repeat(12))),
            mono(20.0, &format!("{}(Rs.) / Cr Balance", " ".repeat(41))),
        ];
        let h = find_header(&lines, 0, &StatementVocabulary).expect("a header");
        assert_eq!(kinds(&h), vec![Date, Narration, Amount, DrCr, Balance]);
        let lines = [
            mono(10.0, &format!("Txn Date Particulars{}Amount Type   Balance", " ".repeat(12))),
            mono(20.0, &format!("{}(INR){}(INR)", " ".repeat(33), " ".repeat(9))),
        ];
        let h = find_header(&lines, 0, &StatementVocabulary).expect("a header");
        assert_eq!(kinds(&h), vec![Date, Narration, Amount, DrCr, Balance]);
    }

    /// Proportional labels closer than a word gap: each piece where its
    /// words are printed, however many.
    #[test]
    fn proportional_labels_run_together_are_placed_at_their_words() {
        use ColumnKind::*;
        let word = |text: &str, x0: f32, x1: f32| Word { text: text.to_string(), x0, x1, y: 10.0, size: 10.0 };
        let words = vec![
            word("Date", 0.0, 20.0),
            word("Narration", 40.0, 85.0),
            word("Withdrawal", 200.0, 248.0),
            word("Deposit", 251.0, 285.0),
            word("Balance", 288.0, 322.0),
        ];
        let h = find_header(&[Line { y: 10.0, size: 10.0, words }], 0, &StatementVocabulary).expect("a header");
        let cols: Vec<(ColumnKind, f32, f32)> = h.columns.iter().map(|c| (c.kind, c.x0, c.x1)).collect();
        assert_eq!(
            cols,
            vec![
                (Date, 0.0, 20.0),
                (Narration, 40.0, 85.0),
                (Debit, 200.0, 248.0),
                (Credit, 251.0, 285.0),
                (Balance, 288.0, 322.0)
            ]
        );
    }

    /// A co-operative bank's labels set two spaces apart ("TRN.  Date",
    /// "Value  Date", "Closing  Bal"): one label each, not "Value" + "Date".
    #[test]
    fn proportional_labels_two_spaces_apart_are_one_label() {
        use ColumnKind::*;
        let word = |text: &str, x0: f32, x1: f32| Word { text: text.to_string(), x0, x1, y: 10.0, size: 10.0 };
        let words = vec![
            word("TRN.", 62.0, 85.0),
            word("Date", 91.0, 113.0),
            word("Value", 181.0, 208.0),
            word("Date", 213.0, 235.0),
            word("Narration", 300.0, 344.0),
            word("Chq/Ref.No", 581.0, 635.0),
            word("Debit", 830.0, 855.0),
            word("Credit", 959.0, 988.0),
            word("Closing", 1070.0, 1107.0),
            word("Bal", 1112.0, 1128.0),
        ];
        let h = find_header(&[Line { y: 10.0, size: 10.0, words }], 0, &StatementVocabulary).expect("a header");
        assert_eq!(kinds(&h), vec![Date, ValueDate, Narration, Ref, Debit, Credit, Balance]);
    }

    /// ICICI's narrow cells break labels mid-word ("Transactio" / "n Date",
    /// "Debit Amo" / "unt"): each label's lines joined as printed.
    #[test]
    fn labels_broken_mid_word_by_their_cells_are_joined() {
        use ColumnKind::*;
        let word = |text: &str, x0: f32, x1: f32, y: f32| Word { text: text.to_string(), x0, x1, y, size: 7.0 };
        let line = |y: f32, words: Vec<Word>| Line { y, size: 7.0, words };
        let top = line(
            10.0,
            vec![
                word("Value", 87.0, 106.0, 10.0),
                word("Dat", 108.0, 119.0, 10.0),
                word("Transactio", 158.0, 193.0, 10.0),
                word("Transactio", 287.0, 322.0, 10.0),
                word("Debit", 381.0, 398.0, 10.0),
                word("Amo", 400.0, 416.0, 10.0),
                word("Credit", 448.0, 468.0, 10.0),
                word("Am", 470.0, 481.0, 10.0),
                word("Balance(IN", 522.0, 558.0, 10.0),
            ],
        );
        let bottom = line(
            19.0,
            vec![
                word("e", 87.0, 91.0, 19.0),
                word("n", 158.0, 162.0, 19.0),
                word("Date", 164.0, 179.0, 19.0),
                word("n", 287.0, 291.0, 19.0),
                word("Remarks", 293.0, 323.0, 19.0),
                word("unt", 405.0, 416.0, 19.0),
                word("ount", 466.0, 481.0, 19.0),
                word("R)", 551.0, 558.0, 19.0),
            ],
        );
        let h = find_header(&[top, bottom], 0, &StatementVocabulary).expect("a header");
        assert_eq!(kinds(&h), vec![ValueDate, Date, Narration, Debit, Credit, Balance]);
    }

    #[test]
    fn a_type_column_beside_the_only_amount_is_its_dr_cr_mark() {
        use ColumnKind::*;
        let lines = [mono(10.0, "Txn.Date  Particulars            Amount  Type  Balance")];
        let h = find_header(&lines, 0, &StatementVocabulary).expect("a header");
        assert_eq!(kinds(&h), vec![Date, Narration, Amount, DrCr, Balance]);
        // Beside debit and credit columns "Type" is something else.
        let lines = [mono(10.0, "Date  Type  Particulars            Debit  Credit  Balance")];
        let h = find_header(&lines, 0, &StatementVocabulary).expect("a header");
        assert_eq!(kinds(&h), vec![Date, Other, Narration, Debit, Credit, Balance]);
    }

    /// Liberation Mono cells a browser's padding apart (3–4 pt at 6.5 pt, less
    /// than its 3.9 pt space): "Amount (Rs.) Bal" names a balance as a whole,
    /// but the currency in parentheses ends the amount's label (randhtml 7612
    /// drawn at 30 rows).
    #[test]
    fn a_currency_in_parentheses_ends_a_monospaced_label() {
        use ColumnKind::*;
        let at = [
            ("Sr.", 58.0, 70.0),
            ("No.", 74.0, 86.0),
            ("Txn.", 89.0, 104.0),
            ("Date", 108.0, 124.0),
            ("Particulars", 127.0, 170.0),
            ("Amount", 227.0, 251.0),
            ("(Rs.)", 255.0, 274.0),
            ("Bal", 277.0, 289.0),
        ];
        let words = at.iter().map(|&(t, x0, x1)| Word { text: t.to_string(), x0, x1, y: 130.5, size: 6.5 }).collect();
        let lines = [Line { y: 130.5, size: 6.5, words }];
        let h = find_header(&lines, 0, &StatementVocabulary).expect("a header");
        assert_eq!(kinds(&h), vec![Serial, Date, Narration, Amount, Balance]);
    }
}
