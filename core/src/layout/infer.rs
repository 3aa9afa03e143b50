//! A table whose header the vocabulary cannot read (a header drawn as an
//! image, words the producer split apart, a language or wording never seen):
//! its columns inferred from the rows themselves.
//!
//! Rows of a statement start with a date and end with right-aligned amounts.
//! The right edges of the amounts cluster into columns; the rightmost column
//! that nearly every row fills is the running balance; of two amount columns
//! left of it, the one whose figures the balance falls by is the debit
//! column (voted over consecutive rows); a single one is an amount column
//! (its side then comes from marks or the balance chain). Text between the
//! dates and the first amount column is the narration; a second date on most
//! rows is a value date.

use super::lines::{Line, PageLines, Word};
use super::table::{Column, Header};
use super::{ColumnKind, Vocabulary};
use crate::money::Money;

/// Fewest dated rows with an amount needed to infer a table.
const MIN_ROWS: usize = 3;

/// A dated line with amounts: the candidate rows.
struct Candidate<'a> {
    page: usize,
    line: usize,
    /// Words of the leading date (one to three words).
    date_words: usize,
    words: &'a [Word],
}

fn amount_word(w: &Word) -> Option<Money> {
    let t = w.text.trim();
    if !(t.contains('.') && t.bytes().any(|b| b.is_ascii_digit())) {
        return None;
    }
    Money::parse(&super::plain_amount(t)).ok()
}

/// Words the leading date takes: `01/04/2025` one, `03 Feb` two,
/// `12 Jun 2025` three; 0 when the line does not start with a date.
fn date_prefix(words: &[Word], vocab: &dyn Vocabulary) -> usize {
    let Some(w0) = words.first() else { return 0 };
    if vocab.starts_with_date(&w0.text) {
        return 1;
    }
    let Some(w1) = words.get(1) else { return 0 };
    if !vocab.starts_with_date(&format!("{} {}", w0.text, w1.text)) {
        return 0;
    }
    let year = words.get(2).is_some_and(|w| {
        let t = w.text.trim_end_matches(',');
        (t.len() == 2 || t.len() == 4) && t.bytes().all(|b| b.is_ascii_digit())
    });
    if year { 3 } else { 2 }
}

/// A leading serial number (1 to 5 digits) before a row's date: the words it
/// takes (0 or 1) and then the date's words; `(0, 0)` for no dated line.
fn serial_and_date(words: &[Word], vocab: &dyn Vocabulary) -> (usize, usize) {
    let d = date_prefix(words, vocab);
    if d > 0 {
        return (0, d);
    }
    let serial =
        words.first().is_some_and(|w| (1..=5).contains(&w.text.len()) && w.text.bytes().all(|b| b.is_ascii_digit()));
    match words.get(1..) {
        Some(rest) if serial => match date_prefix(rest, vocab) {
            0 => (0, 0),
            d => (1, d),
        },
        _ => (0, 0),
    }
}

/// The first table of `pages` inferred from its rows: the page index and a
/// header whose `first` line is the first row (nothing above it is read as
/// the table) and whose columns come from the data.
pub fn infer_header(pages: &[PageLines], vocab: &dyn Vocabulary) -> Option<(usize, Header)> {
    let mut cands: Vec<Candidate> = Vec::new();
    for (pi, page) in pages.iter().enumerate() {
        for (li, line) in page.lines.iter().enumerate() {
            let (lead, d) = serial_and_date(&line.words, vocab);
            if d == 0 {
                continue;
            }
            let words = line.words.get(lead..).unwrap_or_default();
            let amounts = words.iter().skip(d).filter(|w| amount_word(w).is_some()).count();
            if amounts >= 1 {
                cands.push(Candidate { page: pi, line: li, date_words: d, words });
            }
        }
        // The table's first page is where the rows start; later pages follow it.
        if cands.len() >= MIN_ROWS {
            break;
        }
    }
    let first = cands.first()?;
    let page_index = first.page;
    let page = pages.get(page_index)?;
    // All candidate rows of that page.
    let mut rows: Vec<Candidate> = Vec::new();
    // Serial numbers before the dates: a column of their own.
    let mut serials: Vec<&Word> = Vec::new();
    for (li, line) in page.lines.iter().enumerate() {
        let (lead, d) = serial_and_date(&line.words, vocab);
        if lead == 1 {
            serials.extend(line.words.first());
        }
        let words = line.words.get(lead..).unwrap_or_default();
        if d > 0 && words.iter().skip(d).any(|w| amount_word(w).is_some()) {
            rows.push(Candidate { page: page_index, line: li, date_words: d, words });
        }
    }
    if rows.len() < MIN_ROWS {
        return None;
    }
    let size = page.lines.get(first.line).map_or(8.0, |l: &Line| l.size);
    // Right edges of the amounts, clustered.
    let mut edges: Vec<(f32, f32, usize)> = Vec::new(); // (x1, x0, row)
    for (r, c) in rows.iter().enumerate() {
        for w in c.words.iter().skip(c.date_words) {
            if amount_word(w).is_some() {
                edges.push((w.x1, w.x0, r));
            }
        }
    }
    edges.sort_by(|a, b| a.0.total_cmp(&b.0));
    let tol = 0.4 * size;
    let mut clusters: Vec<Vec<(f32, f32, usize)>> = Vec::new();
    for e in edges {
        match clusters.last_mut() {
            Some(c) if c.last().is_some_and(|l| e.0 - l.0 <= tol) => c.push(e),
            _ => clusters.push(vec![e]),
        }
    }
    let min_count = (rows.len() / 10).max(2);
    let sparse: Vec<Vec<(f32, f32, usize)>> = clusters.iter().filter(|c| c.len() < min_count).cloned().collect();
    clusters.retain(|c| c.len() >= min_count);
    let balance_cluster = clusters.last().filter(|c| c.len() * 10 >= rows.len() * 7)?;
    let balance_rows: Vec<usize> = balance_cluster.iter().map(|e| e.2).collect();
    let mut amount_clusters: Vec<&Vec<(f32, f32, usize)>> =
        clusters.iter().take(clusters.len().saturating_sub(1)).rev().take(2).rev().collect();
    if amount_clusters.is_empty() {
        return None;
    }
    let span = |c: &Vec<(f32, f32, usize)>| {
        let x0 = c.iter().map(|e| e.1).fold(f32::INFINITY, f32::min);
        let x1 = c.iter().map(|e| e.0).fold(f32::NEG_INFINITY, f32::max);
        (x0, x1)
    };
    // Which amount column the balance falls by: vote over consecutive rows
    // that both print a balance.
    let value_at = |row: usize, c: &Vec<(f32, f32, usize)>| -> Option<Money> {
        let (x0, x1) = span(c);
        let words = rows.get(row)?.words;
        words.iter().filter(|w| w.x1 >= x0 - 0.5 && w.x1 <= x1 + 0.5).find_map(amount_word)
    };
    // A column too sparse on the first page to count (two deposits among
    // forty debits), between the one amount column and the balance: a column
    // all the same when each of its figures alone moves the balance from the
    // row before (Canara's Deposit beside Withdraws, when the header is not read).
    if let [only] = amount_clusters.as_slice() {
        let (_, ax1) = span(only);
        let (bx0, _) = span(balance_cluster);
        let moves_balance = |e: &(f32, f32, usize)| {
            let Some(prev) = e.2.checked_sub(1) else { return false };
            let (Some(pb), Some(nb)) = (value_at(prev, balance_cluster), value_at(e.2, balance_cluster)) else {
                return false;
            };
            rows.get(e.2)
                .and_then(|c| c.words.iter().find(|w| w.x1 == e.0 && w.x0 == e.1))
                .and_then(amount_word)
                .is_some_and(|v| nb - pb == v.abs() || nb - pb == -v.abs())
        };
        if let Some(c) = sparse.iter().find(|c| {
            let (x0, x1) = span(c);
            x0 > ax1 && x1 < bx0 && c.iter().all(moves_balance)
        }) {
            amount_clusters.push(c);
        }
    }
    let mut kinds: Vec<ColumnKind> = Vec::new();
    if let [a, b] = amount_clusters.as_slice() {
        let mut a_debit = 0i32;
        for pair in balance_rows.windows(2) {
            let (Some(&p), Some(&n)) = (pair.first(), pair.get(1)) else { continue };
            let (Some(pb), Some(nb)) = (value_at(p, balance_cluster), value_at(n, balance_cluster)) else { continue };
            let delta = nb - pb;
            if let Some(v) = value_at(n, a) {
                a_debit += if delta == -v.abs() {
                    1
                } else if delta == v.abs() {
                    -1
                } else {
                    0
                };
            }
            if let Some(v) = value_at(n, b) {
                a_debit += if delta == v.abs() {
                    1
                } else if delta == -v.abs() {
                    -1
                } else {
                    0
                };
            }
        }
        kinds = if a_debit >= 0 {
            vec![ColumnKind::Debit, ColumnKind::Credit]
        } else {
            vec![ColumnKind::Credit, ColumnKind::Debit]
        };
    } else {
        kinds.push(ColumnKind::Amount);
    }
    let mut columns: Vec<Column> = Vec::new();
    // The date column, a value date when most rows print a second date.
    let date_x0 = rows.iter().filter_map(|c| c.words.first()).map(|w| w.x0).fold(f32::INFINITY, f32::min);
    let date_x1 = rows
        .iter()
        .filter_map(|c| c.words.get(c.date_words.saturating_sub(1)))
        .map(|w| w.x1)
        .fold(f32::NEG_INFINITY, f32::max);
    if serials.len() * 2 >= rows.len() {
        let sx0 = serials.iter().map(|w| w.x0).fold(f32::INFINITY, f32::min);
        let sx1 = serials.iter().map(|w| w.x1).fold(f32::NEG_INFINITY, f32::max);
        if sx1 < date_x0 {
            columns.push(Column { kind: ColumnKind::Serial, label: String::new(), x0: sx0, x1: sx1 });
        }
    }
    columns.push(Column { kind: ColumnKind::Date, label: String::new(), x0: date_x0, x1: date_x1 });
    let first_amount_x0 = amount_clusters.first().map_or(f32::INFINITY, |c| span(c).0);
    let second_date = rows
        .iter()
        .filter(|c| {
            let rest = c.words.get(c.date_words..).unwrap_or_default();
            date_prefix(rest, vocab) > 0
        })
        .count();
    let mut text_x0 = date_x1;
    if second_date * 10 >= rows.len() * 7 {
        let (vx0, vx1) = rows
            .iter()
            .filter_map(|c| {
                let rest = c.words.get(c.date_words..).unwrap_or_default();
                let n = date_prefix(rest, vocab);
                (n > 0).then(|| (rest.first().map_or(0.0, |w| w.x0), rest.get(n - 1).map_or(0.0, |w| w.x1)))
            })
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(a, b), (x0, x1)| (a.min(x0), b.max(x1)));
        columns.push(Column { kind: ColumnKind::ValueDate, label: String::new(), x0: vx0, x1: vx1 });
        text_x0 = vx1;
    }
    // The narration: the words after the dates and before the amounts.
    let narr_x0 = rows
        .iter()
        .flat_map(|c| c.words.iter())
        .filter(|w| w.x0 > text_x0 && w.x1 < first_amount_x0)
        .map(|w| w.x0)
        .fold(f32::INFINITY, f32::min);
    if narr_x0.is_finite() {
        columns.push(Column { kind: ColumnKind::Narration, label: String::new(), x0: narr_x0, x1: narr_x0 + size });
        // A cheque / reference column: on many rows the last word before the
        // amounts is a number of four or more digits, starting at one x.
        let mut refs: Vec<(f32, f32)> = rows
            .iter()
            .filter_map(|c| {
                let before: Vec<&Word> =
                    c.words.iter().filter(|w| w.x0 > narr_x0 + size && w.x1 < first_amount_x0).collect();
                let last = before.last()?;
                let t = last.text.trim();
                (t.len() >= 4 && t.bytes().all(|b| b.is_ascii_digit())).then_some((last.x0, last.x1))
            })
            .collect();
        refs.sort_by(|a, b| a.0.total_cmp(&b.0));
        let best = (0..refs.len())
            .map(|i| {
                let x = refs.get(i).map_or(0.0, |r| r.0);
                let group: Vec<&(f32, f32)> = refs.iter().skip(i).take_while(|r| r.0 - x <= 0.3 * size).collect();
                (group.len(), x, group.iter().map(|r| r.1).fold(f32::NEG_INFINITY, f32::max))
            })
            .max_by_key(|g| g.0);
        if let Some((n, x0, x1)) = best
            && n >= MIN_ROWS
            && n * 10 >= rows.len() * 3
        {
            columns.push(Column { kind: ColumnKind::Ref, label: String::new(), x0, x1 });
        }
    }
    for (c, k) in amount_clusters.iter().zip(kinds) {
        let (x0, x1) = span(c);
        columns.push(Column { kind: k, label: String::new(), x0, x1 });
    }
    let (bx0, bx1) = span(balance_cluster);
    columns.push(Column { kind: ColumnKind::Balance, label: String::new(), x0: bx0, x1: bx1 });
    columns.sort_by(|a, b| a.x0.total_cmp(&b.x0));
    let known = columns.len();
    Some((page_index, Header { first: first.line, last: first.line, columns, known, inferred: true }))
}

#[cfg(test)]
mod tests {
    use super::super::lines::tests::line;
    use super::super::{PageLines, find_table};
    use super::*;
    use crate::extract::StatementVocabulary;

    /// A statement whose header is not text: dates, narration, two amount
    /// columns (credits printed LEFT of debits, as Canara does) and a balance.
    #[test]
    fn columns_come_from_the_rows_when_no_header_is_readable() {
        let rows = [
            ("01/04/2025", "OPENING", "", "", "10,000.00"),
            ("02/04/2025", "NEFT CR ACME LTD SALARY", "50,000.00", "", "60,000.00"),
            ("03/04/2025", "UPI/DR/SWIGGY", "", "450.00", "59,550.00"),
            ("05/04/2025", "ATM WDL", "", "2,000.00", "57,550.00"),
            ("07/04/2025", "INT.PD", "12.50", "", "57,562.50"),
        ];
        let mut lines = vec![line(10.0, &[("STATEMENT", 0.0)])];
        for (i, (d, n, cr, dr, bal)) in rows.iter().enumerate() {
            let y = 30.0 + 12.0 * i as f32;
            // Amounts right-aligned at 300 (credit), 360 (debit) and 430 (balance).
            let mut words: Vec<(&str, f32)> = vec![(d, 0.0), (n, 60.0)];
            for (text, right) in [(*cr, 300.0), (*dr, 360.0), (*bal, 430.0)] {
                if !text.is_empty() {
                    words.push((text, right - 5.0 * text.len() as f32));
                }
            }
            lines.push(line(y, &words));
        }
        let page = PageLines { number: 1, height: 800.0, lines, hidden: vec![], rules: vec![] };
        let (p, header) = infer_header(std::slice::from_ref(&page), &StatementVocabulary).expect("inferred");
        assert_eq!(p, 0);
        let kinds: Vec<ColumnKind> = header.columns.iter().map(|c| c.kind).collect();
        assert_eq!(
            kinds,
            vec![ColumnKind::Date, ColumnKind::Narration, ColumnKind::Credit, ColumnKind::Debit, ColumnKind::Balance]
        );
        let table = find_table(&[page], &StatementVocabulary).expect("table");
        // The first row prints only a balance; the reader takes it as the opening.
        assert_eq!(table.rows.len(), 5);
        assert_eq!(table.rows[2].cell(ColumnKind::Debit), "450.00");
        assert_eq!(table.rows[1].cell(ColumnKind::Credit), "50,000.00");
        assert_eq!(table.rows[3].cell(ColumnKind::Narration), "ATM WDL");
    }

    /// Twenty-four debits and one deposit on the first page: the deposits'
    /// column is too sparse to count as a cluster, yet its figure alone moves
    /// the balance from the row before, so it is a column (else it is read
    /// as part of the balance).
    #[test]
    fn a_sparse_deposit_column_between_the_debits_and_the_balance() {
        let mut rows: Vec<(String, String, String, String)> = Vec::new();
        let mut bal = 100_000i64;
        for i in 0..25 {
            let (cr, dr) = if i == 12 { (25_000, 0) } else { (0, 100 + 7 * i) };
            bal += cr - dr;
            let fmt = |v: i64| if v == 0 { String::new() } else { format!("{v}.00") };
            rows.push((format!("{:02}/04/2025", i + 1), fmt(dr), fmt(cr), format!("{bal}.00")));
        }
        let mut lines = vec![line(10.0, &[("STATEMENT", 0.0)])];
        for (i, (d, dr, cr, b)) in rows.iter().enumerate() {
            let y = 30.0 + 12.0 * i as f32;
            let mut words: Vec<(&str, f32)> = vec![(d.as_str(), 0.0), ("UPI/DR/MERCHANT", 60.0)];
            for (text, right) in [(dr, 300.0), (cr, 360.0), (b, 430.0)] {
                if !text.is_empty() {
                    words.push((text.as_str(), right - 5.0 * text.len() as f32));
                }
            }
            lines.push(line(y, &words));
        }
        let page = PageLines { number: 1, height: 800.0, lines, hidden: vec![], rules: vec![] };
        let (_, header) = infer_header(std::slice::from_ref(&page), &StatementVocabulary).expect("inferred");
        let kinds: Vec<ColumnKind> = header.columns.iter().map(|c| c.kind).collect();
        assert_eq!(
            kinds,
            vec![ColumnKind::Date, ColumnKind::Narration, ColumnKind::Debit, ColumnKind::Credit, ColumnKind::Balance]
        );
        let table = find_table(&[page], &StatementVocabulary).expect("table");
        assert_eq!(table.rows[12].cell(ColumnKind::Credit), "25000.00");
        assert_eq!(table.rows[12].cell(ColumnKind::Balance), "123338.00");
    }

    /// A serial number before each date, and no readable header.
    #[test]
    fn a_serial_column_before_the_dates() {
        let rows = [
            ("1", "01/04/2025", "OPENING", "", "", "10,000.00"),
            ("2", "02/04/2025", "NEFT CR ACME LTD SALARY", "", "50,000.00", "60,000.00"),
            ("3", "03/04/2025", "UPI/DR/SWIGGY", "450.00", "", "59,550.00"),
            ("4", "05/04/2025", "ATM WDL", "2,000.00", "", "57,550.00"),
            ("5", "07/04/2025", "INT.PD", "", "12.50", "57,562.50"),
        ];
        let mut lines = vec![line(10.0, &[("STATEMENT", 0.0)])];
        for (i, (n, d, text, dr, cr, bal)) in rows.iter().enumerate() {
            let y = 30.0 + 12.0 * i as f32;
            let mut words: Vec<(&str, f32)> = vec![(n, 0.0), (d, 20.0), (text, 80.0)];
            for (t, right) in [(*dr, 300.0), (*cr, 360.0), (*bal, 430.0)] {
                if !t.is_empty() {
                    words.push((t, right - 5.0 * t.len() as f32));
                }
            }
            lines.push(line(y, &words));
        }
        let page = PageLines { number: 1, height: 800.0, lines, hidden: vec![], rules: vec![] };
        let (_, header) = infer_header(std::slice::from_ref(&page), &StatementVocabulary).expect("inferred");
        assert_eq!(header.columns.first().map(|c| c.kind), Some(ColumnKind::Serial), "{:?}", header.columns);
        let table = find_table(&[page], &StatementVocabulary).expect("table");
        assert_eq!(table.rows.len(), 5);
        assert_eq!(table.rows[2].cell(ColumnKind::Date), "03/04/2025");
        assert_eq!(table.rows[2].cell(ColumnKind::Serial), "3");
        assert_eq!(table.rows[2].cell(ColumnKind::Debit), "450.00");
        assert_eq!(table.rows[2].cell(ColumnKind::Narration), "UPI/DR/SWIGGY");
    }

    /// Cheque numbers printed in their own column between the narration and
    /// the amounts, with no readable header, are not narration.
    #[test]
    fn a_cheque_number_column_is_inferred() {
        let rows = [
            ("01/04/2025", "NEFT CR ACME LTD SALARY", "114305", "", "50,000.00", "60,000.00"),
            ("03/04/2025", "UPI/DR/SWIGGY", "", "450.00", "", "59,550.00"),
            ("05/04/2025", "CHQ PAID RAMESH", "454844", "2,000.00", "", "57,550.00"),
            ("07/04/2025", "INT.PD", "", "", "12.50", "57,562.50"),
            ("09/04/2025", "CLG CHQ DEPOSIT", "853713", "", "1,000.00", "58,562.50"),
        ];
        let mut lines = vec![line(10.0, &[("STATEMENT", 0.0)])];
        for (i, (d, n, chq, dr, cr, bal)) in rows.iter().enumerate() {
            let y = 30.0 + 12.0 * i as f32;
            let mut words: Vec<(&str, f32)> = vec![(d, 0.0), (n, 60.0)];
            if !chq.is_empty() {
                words.push((chq, 200.0));
            }
            for (text, right) in [(*dr, 300.0), (*cr, 360.0), (*bal, 430.0)] {
                if !text.is_empty() {
                    words.push((text, right - 5.0 * text.len() as f32));
                }
            }
            lines.push(line(y, &words));
        }
        let page = PageLines { number: 1, height: 800.0, lines, hidden: vec![], rules: vec![] };
        let (_, header) = infer_header(std::slice::from_ref(&page), &StatementVocabulary).expect("inferred");
        assert!(header.columns.iter().any(|c| c.kind == ColumnKind::Ref), "{:?}", header.columns);
        let table = find_table(&[page], &StatementVocabulary).expect("table");
        assert_eq!(table.rows[0].cell(ColumnKind::Narration), "NEFT CR ACME LTD SALARY");
        assert_eq!(table.rows[2].cell(ColumnKind::Ref), "454844");
    }
}
