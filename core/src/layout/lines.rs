//! Words grouped into lines by baseline.

use crate::pdf::Page;

/// A visible word of a page (text reading left to right).
#[derive(Clone, Debug, PartialEq)]
pub struct Word {
    /// The text.
    pub text: String,
    /// Left edge.
    pub x0: f32,
    /// Right edge.
    pub x1: f32,
    /// Baseline (top-left origin, y down).
    pub y: f32,
    /// Font size.
    pub size: f32,
}

/// Words sharing a baseline, left to right.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Baseline of the first word.
    pub y: f32,
    /// Largest font size on the line.
    pub size: f32,
    /// Words sorted by `x0`.
    pub words: Vec<Word>,
}

impl Line {
    /// The words joined by single spaces.
    pub fn text(&self) -> String {
        join_words(self.words.iter())
    }

    /// Runs of words with gaps no wider than `gap` × font size: the phrases of
    /// a header or a label/value block.
    pub fn phrases(&self, gap: f32) -> Vec<Phrase> {
        let mut out: Vec<Phrase> = Vec::new();
        for w in &self.words {
            match out.last_mut() {
                Some(p) if w.x0 - p.x1 <= gap * w.size.max(p.size) => {
                    p.text.push(' ');
                    p.text.push_str(&w.text);
                    p.x1 = p.x1.max(w.x1);
                    p.words.push(w.clone());
                }
                _ => out.push(Phrase {
                    text: w.text.clone(),
                    x0: w.x0,
                    x1: w.x1,
                    y: self.y,
                    size: w.size,
                    words: vec![w.clone()],
                }),
            }
        }
        out
    }
}

/// Neighbouring words of one line.
#[derive(Clone, Debug, PartialEq)]
pub struct Phrase {
    /// Words joined by single spaces.
    pub text: String,
    /// Left edge.
    pub x0: f32,
    /// Right edge.
    pub x1: f32,
    /// Baseline.
    pub y: f32,
    /// Font size of the first word.
    pub size: f32,
    /// Its words, each where it is printed.
    pub words: Vec<Word>,
}

/// Words joined by single spaces.
pub fn join_words<'a>(words: impl Iterator<Item = &'a Word>) -> String {
    let mut s = String::new();
    for w in words {
        if !s.is_empty() {
            s.push(' ');
        }
        s.push_str(&w.text);
    }
    s
}

/// The lines of one page.
#[derive(Clone, Debug, PartialEq)]
pub struct PageLines {
    /// 1-based page number.
    pub number: u32,
    /// Page height, for telling headers from footers.
    pub height: f32,
    /// Lines top to bottom.
    pub lines: Vec<Line>,
    /// Words left out because they are drawn invisible, in white or painted
    /// over in white: never part
    /// of a table, kept here so a caller can report them.
    pub hidden: Vec<Word>,
    /// Horizontal edges drawn on the page (rules, grid lines, the tops and
    /// bottoms of cell and row fills), top to bottom: where a person sees one
    /// row end and the next begin.
    pub rules: Vec<Rule>,
}

/// A horizontal edge drawn across `x0..x1` at `y` (pieces drawn at one
/// height, touching or overlapping, joined).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rule {
    /// Height on the page (top-left origin, y down).
    pub y: f32,
    /// Left end.
    pub x0: f32,
    /// Right end.
    pub x1: f32,
}

impl PageLines {
    /// Whether a drawn edge lies between the baselines `above` and `below`
    /// (clear of the lower line's letters and of the upper line's
    /// underline) and covers at least half of `x0..x1` (the table's width):
    /// rows divided there, not a word underlined.
    pub fn ruled_between(&self, above: f32, below: f32, size: f32, x0: f32, x1: f32) -> bool {
        let (lo, hi) = (above + 0.05 * size, below - 0.45 * size);
        let width = x1 - x0;
        if hi <= lo || width <= 0.0 {
            return false;
        }
        let from = self.rules.partition_point(|r| r.y <= lo);
        let in_gap = self.rules.get(from..).unwrap_or_default().iter().take_while(|r| r.y < hi);
        // Pieces at one height (within half a point) add up.
        let mut best = 0.0f32;
        let mut level: Option<(f32, f32)> = None;
        for r in in_gap {
            let covered = (r.x1.min(x1) - r.x0.max(x0)).max(0.0);
            level = match level {
                Some((y, c)) if r.y - y <= 0.5 => Some((y, c + covered)),
                _ => Some((r.y, covered)),
            };
            best = best.max(level.map_or(0.0, |l| l.1));
        }
        best >= 0.5 * width
    }
}

/// The horizontal edges of a page's shapes: a thin shape (2.5 pt or less
/// high, wider than high) is one rule; a wider fill gives its top and
/// bottom. Vertical lines and shapes as large as the page give none.
fn page_rules(page: &Page) -> Vec<Rule> {
    let mut edges: Vec<Rule> = Vec::new();
    for s in &page.shapes {
        let (w, h) = (s.x1 - s.x0, s.y1 - s.y0);
        if !(w.is_finite() && h.is_finite()) || w <= 2.5 || w <= h || w >= 0.98 * page.width && h >= 0.9 * page.height {
            continue;
        }
        if h <= 2.5 {
            edges.push(Rule { y: 0.5 * (s.y0 + s.y1), x0: s.x0, x1: s.x1 });
        } else if s.filled {
            edges.push(Rule { y: s.y0, x0: s.x0, x1: s.x1 });
            edges.push(Rule { y: s.y1, x0: s.x0, x1: s.x1 });
        }
    }
    edges.sort_by(|a, b| a.y.total_cmp(&b.y).then(a.x0.total_cmp(&b.x0)));
    // Pieces at one height that touch or overlap are one edge.
    let mut out: Vec<Rule> = Vec::with_capacity(edges.len());
    for e in edges {
        if let Some(last) =
            out.iter_mut().rev().take_while(|r| e.y - r.y <= 0.5).find(|r| e.x0 <= r.x1 + 1.0 && e.x1 >= r.x0 - 1.0)
        {
            last.x0 = last.x0.min(e.x0);
            last.x1 = last.x1.max(e.x1);
            continue;
        }
        out.push(e);
    }
    out.sort_by(|a, b| a.y.total_cmp(&b.y).then(a.x0.total_cmp(&b.x0)));
    out
}

/// Groups a page's upright words into lines: sorted by baseline, a word joins
/// the current line when its baseline is within 0.4 × font size. O(n log n).
pub fn page_lines(page: &Page) -> PageLines {
    let mut words: Vec<Word> = Vec::with_capacity(page.runs.len());
    let mut hidden = Vec::new();
    // The direction most of the page's text reads in: upright, or a page
    // turned on its side (its words are measured in their own frame).
    let mut by_rotation = [0usize; 4];
    for r in &page.runs {
        if let Some(n) = by_rotation.get_mut(usize::from(r.rotation / 90)) {
            *n += r.text.len();
        }
    }
    let upright = by_rotation.first().copied().unwrap_or(0);
    // Skewed text is set apart where it is the page's furniture; a page whose
    // text is mostly skewed (a crooked scan's text layer) keeps it.
    let (skewed, all) = page
        .runs
        .iter()
        .fold((0usize, 0usize), |(s, a), r| (s + usize::from(r.skewed) * r.text.len(), a + r.text.len()));
    let set_apart = 2 * skewed < all;
    let rotation = match by_rotation.iter().enumerate().max_by_key(|(_, n)| **n) {
        Some((k, n)) if *n > 2 * upright => (k * 90) as u16,
        _ => 0,
    };
    for r in &page.runs {
        // U+FFFD stands for a glyph whose font maps it to no text (Devanagari
        // conjuncts and half forms without a ToUnicode entry): it gives nothing.
        let mapped;
        let text =
            if r.text.contains(['\u{FFFD}', '\u{2010}', '\u{2011}', '\u{2012}', '\u{2212}', '\u{FE63}', '\u{FF0D}']) {
                mapped = hyphens_plain(&r.text.replace('\u{FFFD}', ""));
                mapped.trim()
            } else {
                r.text.trim()
            };
        // Text drawn at an angle (a diagonal watermark across the table, the
        // text of a seal set along its ring) is no line's: each of its glyphs
        // would stand on a baseline of its own among the rows. Unless most of
        // the page is so drawn.
        if text.is_empty()
            || r.rotation != rotation
            || (r.skewed && set_apart)
            || !(r.x0.is_finite() && r.x1.is_finite() && r.y.is_finite())
        {
            continue;
        }
        let w = Word { text: text.to_string(), x0: r.x0, x1: r.x1.max(r.x0), y: r.y, size: r.font_size.abs().max(1.0) };
        let out = if r.invisible || r.white || r.covered { &mut hidden } else { &mut words };
        split_at_cell_walls(w, out);
    }
    drop_watermarks(&mut words);
    words.sort_by(|a, b| a.y.total_cmp(&b.y).then(a.x0.total_cmp(&b.x0)));
    let mut lines: Vec<Line> = Vec::new();
    for w in words {
        match lines.last_mut() {
            Some(l) if (w.y - l.y).abs() <= 0.4 * l.size.min(w.size) => {
                l.size = l.size.max(w.size);
                l.words.push(w);
            }
            _ => lines.push(Line { y: w.y, size: w.size, words: vec![w] }),
        }
    }
    join_raised_words(&mut lines);
    for l in &mut lines {
        l.words.sort_by(|a, b| a.x0.total_cmp(&b.x0));
    }
    drop_browser_decorations(&mut lines, page.height);
    // The page's shapes are in upright coordinates: they rule upright text only.
    let rules = if rotation == 0 { page_rules(page) } else { Vec::new() };
    PageLines { number: page.number, height: page.height, lines, hidden, rules }
}

/// A watermark set upright behind the table ("ORIGINAL", the bank's name in
/// large light letters across the rows) is no line's: a word at least 2.5
/// times the size most of the page's words are set in, whose height covers the
/// baselines of two or more lines of that smaller text beside or under it, would
/// otherwise join one of those rows (its narration gains "ORIGINAL"). A large
/// title above the table covers no two lines of body text under it, and stays.
fn drop_watermarks(words: &mut Vec<Word>) {
    let mut sizes: Vec<f32> = words.iter().map(|w| w.size).collect();
    sizes.sort_by(f32::total_cmp);
    let Some(&body) = sizes.get(sizes.len() / 2) else { return };
    if !words.iter().any(|w| w.size >= 2.5 * body) {
        return;
    }
    let marks: Vec<bool> = words
        .iter()
        .map(|big| {
            if big.size < 2.5 * body {
                return false;
            }
            let top = big.y - 0.75 * big.size;
            let mut baselines: Vec<f32> = words
                .iter()
                .filter(|w| w.size < 1.5 * body && w.y > top && w.y < big.y + 0.2 * big.size)
                .filter(|w| w.x1 > big.x0 && w.x0 < big.x1)
                .map(|w| w.y)
                .collect();
            baselines.sort_by(f32::total_cmp);
            baselines.dedup_by(|a, b| (*a - *b).abs() <= 0.4 * body);
            baselines.len() >= 2
        })
        .collect();
    let mut k = 0;
    words.retain(|_| {
        k += 1;
        !marks[k - 1]
    });
}

/// The vertical strokes of box-drawn text reports.
const CELL_WALLS: [char; 5] = ['|', '¦', '│', '┃', '║'];

/// A text report drawn as a box (`|01-04-2024|BY CASH   |   500.00|`) has its
/// cell walls glued to the values: a word that starts or ends with a wall, or
/// is nothing but walls, is cut at every wall and the walls left out (each
/// part at its share of the word's width, exact in the monospaced fonts such
/// reports use). A bar inside a word ("UPI|DR") is part of it.
fn split_at_cell_walls(w: Word, out: &mut Vec<Word>) {
    let walled = w.text.starts_with(CELL_WALLS) || w.text.ends_with(CELL_WALLS);
    if !walled {
        out.push(w);
        return;
    }
    let n = w.text.chars().count().max(1) as f32;
    let step = (w.x1 - w.x0) / n;
    let mut part = String::new();
    let mut start = 0usize;
    for (k, ch) in w.text.chars().chain(std::iter::once('|')).enumerate() {
        if CELL_WALLS.contains(&ch) {
            let text = part.trim();
            if !text.is_empty() {
                let x0 = w.x0 + step * start as f32;
                out.push(Word { text: text.to_string(), x0, x1: w.x0 + step * k as f32, y: w.y, size: w.size });
            }
            part.clear();
            start = k + 1;
        } else {
            part.push(ch);
        }
    }
}

/// A page printed from a browser with its header and footer on carries the
/// browser's own lines in the page margins: the print date and time at the top
/// left ("25/11/2026, 14:03", "11/25/26, 2:03 PM") with the page title beside
/// it, the address ("https://...") at the bottom left with "2/4" at the
/// right. They are never part of the statement: the first line, in the top
/// 8% of the page, when it starts with such a stamp; the last line, in the
/// bottom 8%, when it starts with an address or is an address and / or
/// nothing but a "n/N" page count.
fn drop_browser_decorations(lines: &mut Vec<Line>, height: f32) {
    if height.is_nan() || height <= 0.0 {
        return;
    }
    if lines.first().is_some_and(|l| l.y < 0.08 * height && print_stamp(&l.words)) {
        lines.remove(0);
    }
    if lines.last().is_some_and(|l| l.y > 0.92 * height && address_or_count(&l.words)) {
        lines.pop();
    }
}

/// "25/11/2026," "14:03" or "11/25/26," "2:03" "PM": a short date ending in a
/// comma, then a clock time.
fn print_stamp(words: &[Word]) -> bool {
    let (Some(d), Some(t)) = (words.first(), words.get(1)) else { return false };
    let Some(date) = d.text.strip_suffix(',') else { return false };
    let parts: Vec<&str> = date.split(['/', '.', '-']).collect();
    let date_ok = parts.len() == 3
        && parts.iter().all(|p| !p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit()));
    let time_ok = match t.text.split_once(':') {
        Some((h, m)) => {
            (1..=2).contains(&h.len())
                && h.bytes().all(|b| b.is_ascii_digit())
                && m.len() >= 2
                && m.bytes().take(2).all(|b| b.is_ascii_digit())
        }
        None => false,
    };
    date_ok && time_ok
}

/// The browser footer: starts with an address (scheme://, file:) or is a
/// "n/N" page count (n <= N) at its right end, with nothing but an address
/// before it.
fn address_or_count(words: &[Word]) -> bool {
    let address = |w: &Word| {
        let t = w.text.to_ascii_lowercase();
        t.starts_with("http://") || t.starts_with("https://") || t.starts_with("file:")
    };
    let count = |w: &Word| {
        w.text.split_once('/').is_some_and(|(n, of)| match (n.parse::<u32>(), of.parse::<u32>()) {
            (Ok(n), Ok(of)) => n >= 1 && n <= of && of <= 999,
            _ => false,
        })
    };
    match words {
        [] => false,
        [only] => count(only) || address(only),
        [first, .., last] => address(first) && (count(last) || words.len() <= 3),
    }
}

/// Superscripts and subscripts set by text rise (`Ts`): a line of only
/// smaller words (at most 0.8 of the size) whose baseline lies within half
/// the size above or below the next (or previous) line's, each word starting
/// where a word of that line ends ("1,28,070.20" then a raised "Dr", "1" then
/// a raised "st"), is part of that line.
fn join_raised_words(lines: &mut Vec<Line>) {
    let attached = |small: &Line, big: &Line| {
        small.words.iter().all(|w| w.size <= 0.8 * big.size)
            && (small.y - big.y).abs() <= 0.5 * big.size
            && small.words.iter().all(|w| big.words.iter().any(|b| (w.x0 - b.x1).abs() <= 0.5 * big.size))
    };
    let mut i = 0;
    while i < lines.len() {
        let target = match (i.checked_sub(1).and_then(|k| lines.get(k)), lines.get(i), lines.get(i + 1)) {
            (_, Some(cur), Some(next)) if attached(cur, next) => Some(i + 1),
            (Some(prev), Some(cur), _) if attached(cur, prev) => Some(i - 1),
            _ => None,
        };
        match target {
            Some(t) => {
                let small = lines.remove(i);
                let t = if t > i { t - 1 } else { t };
                if let Some(big) = lines.get_mut(t) {
                    big.words.extend(small.words);
                }
                i = t.min(i);
            }
            None => i += 1,
        }
    }
}

/// Hyphens and minus signs typography writes as their own characters (the
/// hyphen U+2010, Word's non-breaking hyphen U+2011 in typed dates
/// `01‑04‑2024`, the figure dash, the minus sign U+2212 of Apple's and
/// Excel's negative numbers `−1,234.50`, small and full-width hyphen-minus)
/// read as the ASCII hyphen-minus, which dates and amounts are written with.
fn hyphens_plain(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2212}' | '\u{FE63}' | '\u{FF0D}' => '-',
            c => c,
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A line of words from `(text, x0)` pairs with a 5 pt advance per character.
    pub(crate) fn line(y: f32, words: &[(&str, f32)]) -> Line {
        let words = words
            .iter()
            .map(|(t, x)| Word {
                text: (*t).to_string(),
                x0: *x,
                x1: x + 5.0 * t.chars().count() as f32,
                y,
                size: 10.0,
            })
            .collect();
        Line { y, size: 10.0, words }
    }

    #[test]
    fn box_walls_glued_to_values_are_cut_away() {
        let mut out = Vec::new();
        for (t, x) in [("|01-04-2024|BY", 0.0), ("CASH", 75.0), ("|", 150.0), ("500.00|", 200.0), ("UPI|DR", 300.0)] {
            let w = Word { text: t.into(), x0: x, x1: x + 5.0 * t.chars().count() as f32, y: 10.0, size: 10.0 };
            split_at_cell_walls(w, &mut out);
        }
        let got: Vec<(&str, f32, f32)> = out.iter().map(|w| (w.text.as_str(), w.x0, w.x1)).collect();
        assert_eq!(
            got,
            vec![
                ("01-04-2024", 5.0, 55.0),
                ("BY", 60.0, 70.0),
                ("CASH", 75.0, 95.0),
                ("500.00", 200.0, 230.0),
                ("UPI|DR", 300.0, 330.0)
            ]
        );
    }

    #[test]
    fn phrases_split_at_wide_gaps() {
        let l = line(10.0, &[("Withdrawal", 0.0), ("Amt.", 53.0), ("Deposit", 90.0)]);
        let p: Vec<String> = l.phrases(0.45).into_iter().map(|p| p.text).collect();
        assert_eq!(p, vec!["Withdrawal Amt.", "Deposit"]);
    }

    #[test]
    fn browser_header_and_footer_lines_are_dropped() {
        let mut lines = vec![
            line(20.0, &[("25/11/2026,", 30.0), ("14:03", 90.0), ("HDFC", 300.0), ("Bank", 330.0)]),
            line(60.0, &[("01/04/24", 30.0), ("UPI-SWIGGY", 90.0), ("1,350.50", 400.0)]),
            line(780.0, &[("https://netbanking.hdfcbank.com/netbanking/entry", 30.0), ("2/3", 550.0)]),
        ];
        drop_browser_decorations(&mut lines, 800.0);
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0].words[0].text, "01/04/24");
        // US form, and a lone page count.
        let mut lines = vec![
            line(20.0, &[("11/25/26,", 30.0), ("2:03", 80.0), ("PM", 100.0)]),
            line(60.0, &[("Statement", 30.0)]),
            line(785.0, &[("1/4", 550.0)]),
        ];
        drop_browser_decorations(&mut lines, 800.0);
        assert_eq!(lines.len(), 1);
        // A statement's own first row and a date line at the top are kept.
        let mut lines =
            vec![line(20.0, &[("25/11/2026", 30.0), ("14:03", 90.0)]), line(785.0, &[("Page", 30.0), ("2/3", 60.0)])];
        drop_browser_decorations(&mut lines, 800.0);
        assert_eq!(lines.len(), 2);
    }
}
