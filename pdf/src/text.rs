//! Glyphs to words, and words to reading-order text.
//!
//! The interpreter hands over glyphs in drawing order; [`Collector`] joins a
//! glyph to the word before it when it continues the same baseline without a
//! gap, as poppler's text output does (a gap wider than a tenth of the font size,
//! a drawn space or a jump back starts a new word). [`layout_text`] then prints
//! lines top to bottom with words placed at their columns, like
//! `pdftotext -layout`.

use std::fmt::Write as _;
use std::sync::Arc;

/// A word on a page: glyphs that share a baseline with no gap between them.
///
/// Coordinates are PDF points in the displayed page (after `/Rotate`), origin
/// at the top-left, y growing downwards. For `rotation` 0 (text reading left to
/// right) `x0`/`x1` are the left and right edges and `y` is the baseline. For
/// other rotations they are measured in the text's own frame: the page turned
/// by `rotation` degrees counter-clockwise so that the text reads left to right.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct TextRun {
    /// The Unicode text.
    pub text: String,
    /// Start of the word along the reading direction.
    pub x0: f32,
    /// End of the word along the reading direction (start plus advance widths).
    pub x1: f32,
    /// Baseline.
    pub y: f32,
    /// Font size in points as displayed (text matrix and CTM applied).
    pub font_size: f32,
    /// BaseFont name of the font, with its subset tag (`ABCDEF+Arial`).
    #[serde(serialize_with = "ser_arc_str")]
    pub font: Arc<str>,
    /// Direction of the text on the displayed page in degrees clockwise: 0, 90, 180 or 270.
    pub rotation: u16,
    /// Drawn invisible (text render mode 3 or 7), as OCR layers and hidden edits are.
    pub invisible: bool,
    /// Drawn in white fill.
    pub white: bool,
    /// Painted over by a white fill drawn after it (a cover-up: the page shows paper there).
    pub covered: bool,
    /// Drawn at an angle more than a few degrees off `rotation` (a diagonal
    /// watermark, a seal's text set glyph by glyph along its ring): no line of
    /// the page's text, whatever direction it is nearest.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub skewed: bool,
    /// Drawing order on the page (index of the first glyph among all glyphs).
    pub order: u32,
}

fn ser_arc_str<S: serde::Serializer>(v: &Arc<str>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(v)
}

impl TextRun {
    /// Top of the word's box (baseline minus the font size).
    pub fn top(&self) -> f32 {
        self.y - self.font_size
    }
}

/// One page of positioned text.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Page {
    /// 1-based page number.
    pub number: u32,
    /// Displayed width in points (after `/Rotate`).
    pub width: f32,
    /// Displayed height in points (after `/Rotate`).
    pub height: f32,
    /// The page's `/Rotate`, normalised to 0, 90, 180 or 270.
    pub rotation: u16,
    /// Words in drawing order.
    pub runs: Vec<TextRun>,
    /// Shapes drawn that may rule a table (cell and row fills, rules and
    /// grids), in displayed-page coordinates like the words.
    #[serde(skip)]
    pub shapes: Vec<Shape>,
}

/// A drawn shape a table may be ruled by: a filled rectangle that is not
/// white (a cell or row fill, a zebra stripe, a rule or grid line drawn as a
/// thin fill) or a stroked straight line (each side of a stroked rectangle
/// is one). Displayed-page box, origin top-left, y down, CTM applied; a
/// stroked line has no thickness.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shape {
    /// Left edge.
    pub x0: f32,
    /// Top edge.
    pub y0: f32,
    /// Right edge.
    pub x1: f32,
    /// Bottom edge.
    pub y1: f32,
    /// Filled (else stroked).
    pub filled: bool,
}

impl Page {
    /// The page's text in reading order (see [`layout_text`]).
    pub fn text(&self) -> String {
        layout_text(self)
    }
}

/// A glyph as placed by the interpreter, in displayed-page coordinates.
#[derive(Debug)]
pub(crate) struct GlyphIn<'a> {
    pub(crate) x: f32,
    pub(crate) y: f32,
    /// Advance vector (including character and word spacing).
    pub(crate) dx: f32,
    pub(crate) dy: f32,
    pub(crate) size: f32,
    pub(crate) font: &'a Arc<str>,
    pub(crate) text: &'a str,
    pub(crate) invisible: bool,
    pub(crate) white: bool,
    /// The advance a space glyph of this font would have here (the font's own
    /// space width with spacing and scaling applied), along the text.
    pub(crate) space: f32,
    /// A glyph of an /ActualText span whose text an earlier glyph of the span
    /// carries: it extends the word it is drawn in and adds no text.
    pub(crate) silent: bool,
}

/// A filled rectangle: displayed-page bbox `[x0, y0, x1, y1]` and how many
/// glyphs were drawn before it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FilledRect {
    pub(crate) bbox: [f32; 4],
    pub(crate) after_glyphs: u32,
    /// Filled in white (paper), not a coloured or dark fill.
    pub(crate) white: bool,
}

/// A Form XObject drawn by the page's own content: its `/BBox` on the
/// displayed page and the glyphs drawn inside it (`first..end` in drawing order).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PlacedForm {
    pub(crate) bbox: [f32; 4],
    pub(crate) first: u32,
    pub(crate) end: u32,
}

/// At most this many forms are kept per page.
pub(crate) const MAX_FORMS: usize = 16;

/// An image XObject drawn on a page: its object and the matrix that maps
/// the unit square onto the displayed page (origin top-left, y down).
#[cfg(feature = "ocr")]
#[derive(Clone, Copy, Debug)]
#[doc(hidden)]
pub struct PlacedImage {
    pub(crate) id: lopdf::ObjectId,
    pub(crate) ctm: super::content::Matrix,
}

/// At most this many image placements are kept per page (for OCR).
#[cfg(feature = "ocr")]
const MAX_PLACED: usize = 64;

/// Builds words from glyphs, and keeps what the forensic record needs.
#[derive(Debug, Default)]
pub(crate) struct Collector {
    pub(crate) runs: Vec<TextRun>,
    /// Image XObjects drawn, where (for OCR of scanned pages).
    #[cfg(feature = "ocr")]
    pub(crate) placed: Vec<PlacedImage>,
    cur: Option<TextRun>,
    pub(crate) rects: Vec<FilledRect>,
    /// Straight lines stroked (a stroked rectangle's sides among them).
    pub(crate) strokes: Vec<[f32; 4]>,
    pub(crate) images: u32,
    pub(crate) glyphs: u32,
    /// Form XObjects drawn directly by the page: where, and the glyphs they
    /// drew (an N-up sheet places each source page as one form).
    pub(crate) forms: Vec<PlacedForm>,
    /// Curve segments of filled paths: glyph outlines where text was
    /// converted to shapes.
    pub(crate) filled_curves: u32,
    /// Displayed page size; glyphs placed outside it are not shown, so not read.
    pub(crate) bounds: (f32, f32),
    /// Space glyphs drawn: the producer separates words with spaces.
    spaces: u32,
    /// Runs that began after a small gap (0.1 to 0.25 em) on their
    /// predecessor's baseline: a word split by kerning, or two words. With
    /// the gap and the font's space advance there.
    kerned: Vec<(usize, f32, f32)>,
}

/// Map displayed-page coordinates into the frame of a text direction.
fn to_frame(rot: u16, x: f32, y: f32) -> (f32, f32) {
    match rot {
        90 => (y, -x),
        180 => (-x, -y),
        270 => (-y, x),
        _ => (x, y),
    }
}

/// True when an advance `(dx, dy)` runs more than about 2.5 degrees off the
/// nearest of the four directions (tan 2.5° ≈ 0.044): upright text, text
/// turned by /Rotate or set up a margin runs along one; a watermark across
/// the page or a seal's ring does not.
fn skewed(dx: f32, dy: f32) -> bool {
    let (a, b) = (dx.abs(), dy.abs());
    let (long, short) = if a >= b { (a, b) } else { (b, a) };
    long > 0.0 && short > 0.044 * long
}

fn quadrant(dx: f32, dy: f32) -> Option<u16> {
    if dx == 0.0 && dy == 0.0 {
        None
    } else if dx.abs() >= dy.abs() {
        Some(if dx > 0.0 { 0 } else { 180 })
    } else {
        Some(if dy > 0.0 { 90 } else { 270 })
    }
}

/// True when most of `run`'s box (baseline up to 0.7 of the font size) lies
/// in `bbox` (upright text only).
pub(crate) fn inside(run: &TextRun, bbox: &[f32; 4]) -> bool {
    if run.rotation != 0 {
        return false;
    }
    let (x0, x1, top, bottom) = (run.x0, run.x1, run.y - 0.7 * run.font_size, run.y);
    let w = (x1.min(bbox[2]) - x0.max(bbox[0])).max(0.0);
    let h = (bottom.min(bbox[3]) - top.max(bbox[1])).max(0.0);
    let area = (x1 - x0) * (bottom - top);
    area > 0.0 && w * h >= 0.6 * area
}

/// At most this many filled rectangles are kept per page.
const MAX_RECTS: usize = 100_000;

impl Collector {
    pub(crate) fn new(bounds: (f32, f32)) -> Self {
        Collector { bounds, ..Collector::default() }
    }

    pub(crate) fn glyph(&mut self, g: &GlyphIn) {
        let order = self.glyphs;
        self.glyphs = self.glyphs.saturating_add(1);
        let (w, h) = self.bounds;
        let outside = g.x < -1.0 || g.y < -1.0 || (w > 0.0 && g.x > w + 1.0) || (h > 0.0 && g.y > h + 1.0);
        if g.silent {
            if !outside && let Some(cur) = self.cur.as_mut() {
                let rot = quadrant(g.dx, g.dy).unwrap_or(cur.rotation);
                let (u0, v) = to_frame(rot, g.x, g.y);
                let (ue, _) = to_frame(rot, g.x + g.dx, g.y + g.dy);
                let tol = cur.font_size.max(g.size).max(0.1);
                if cur.rotation == rot && (v - cur.y).abs() <= 0.5 * tol && u0 - cur.x1 <= 0.1 * tol {
                    cur.x1 = cur.x1.max(ue.max(u0));
                }
            }
            return;
        }
        if outside || g.text.is_empty() || g.text.chars().all(char::is_whitespace) {
            if !outside && g.text == " " {
                self.spaces = self.spaces.saturating_add(1);
            }
            self.flush();
            return;
        }
        let rot = quadrant(g.dx, g.dy).or(self.cur.as_ref().map(|c| c.rotation)).unwrap_or(0);
        let skew =
            if g.dx == 0.0 && g.dy == 0.0 { self.cur.as_ref().is_some_and(|c| c.skewed) } else { skewed(g.dx, g.dy) };
        let (u0, v) = to_frame(rot, g.x, g.y);
        let (ue, _) = to_frame(rot, g.x + g.dx, g.y + g.dy);
        let u1 = ue.max(u0);
        let size = g.size;
        if let Some(cur) = self.cur.as_mut() {
            let tol = cur.font_size.max(size).max(0.1);
            let gap = u0 - cur.x1;
            let joins = cur.rotation == rot
                && cur.skewed == skew
                && (v - cur.y).abs() <= 0.5 * tol
                && gap <= 0.1 * tol
                && gap >= -0.5 * tol
                && cur.invisible == g.invisible;
            if joins {
                cur.text.push_str(g.text);
                cur.x1 = cur.x1.max(u1);
                cur.white &= g.white;
                return;
            }
            let kerned = cur.rotation == rot
                && cur.skewed == skew
                && (v - cur.y).abs() <= 0.1 * tol
                && gap <= 0.25 * tol
                && cur.invisible == g.invisible
                && Arc::ptr_eq(&cur.font, g.font);
            if kerned {
                self.kerned.push((self.runs.len() + 1, gap, g.space));
            }
        }
        self.flush();
        // Room for a typical word, so the glyphs that join it do not reallocate.
        let mut text = String::with_capacity(g.text.len().max(24));
        text.push_str(g.text);
        self.cur = Some(TextRun {
            text,
            x0: u0,
            x1: u1,
            y: v,
            font_size: size,
            font: g.font.clone(),
            rotation: rot,
            invisible: g.invisible,
            white: g.white,
            covered: false,
            skewed: skew,
            order,
        });
    }

    #[cfg(feature = "ocr")]
    pub(crate) fn place_image(&mut self, id: lopdf::ObjectId, ctm: super::content::Matrix) {
        if self.placed.len() < MAX_PLACED {
            self.placed.push(PlacedImage { id, ctm });
        }
    }

    pub(crate) fn fill_rect(&mut self, bbox: [f32; 4], white: bool) {
        self.flush();
        if self.rects.len() < MAX_RECTS {
            self.rects.push(FilledRect { bbox, after_glyphs: self.glyphs, white });
        }
    }

    /// A straight line stroked from `(x0, y0)` to `(x1, y1)` (displayed page).
    pub(crate) fn stroke_line(&mut self, x0: f32, y0: f32, x1: f32, y1: f32) {
        if self.strokes.len() < MAX_RECTS && [x0, y0, x1, y1].iter().all(|v| v.is_finite()) {
            self.strokes.push([x0.min(x1), y0.min(y1), x0.max(x1), y0.max(y1)]);
        }
    }

    /// The shapes a table may be ruled by: fills that are not white, and
    /// stroked lines.
    pub(crate) fn shapes(&self) -> Vec<Shape> {
        let fills = self.rects.iter().filter(|r| !r.white).map(|r| Shape {
            x0: r.bbox[0],
            y0: r.bbox[1],
            x1: r.bbox[2],
            y1: r.bbox[3],
            filled: true,
        });
        let strokes = self.strokes.iter().map(|b| Shape { x0: b[0], y0: b[1], x1: b[2], y1: b[3], filled: false });
        fills.chain(strokes).collect()
    }

    /// White words drawn over a coloured fill (table headers in white on a
    /// dark band) are visible, so they are not white-hidden.
    pub(crate) fn reveal_white_on_fills(&mut self) {
        if !self.runs.iter().any(|r| r.white) {
            return;
        }
        let rects = &self.rects;
        for run in self.runs.iter_mut().filter(|r| r.white) {
            let on_fill = rects.iter().any(|r| !r.white && r.after_glyphs <= run.order && inside(run, &r.bbox));
            if on_fill {
                run.white = false;
            }
        }
    }

    /// End the current word.
    pub(crate) fn flush(&mut self) {
        if let Some(w) = self.cur.take() {
            self.runs.push(w);
        }
    }

    /// Drop words drawn a second time over themselves: simulated bold (a
    /// printer driver without the bold face draws the text twice, a fraction
    /// of a point apart) and content drawn twice in place (a page whose
    /// /Contents lists its stream twice, a form drawn twice). A word with the
    /// same text, size and direction as an earlier word of the page,
    /// starting less than a quarter em and less than half its width from it
    /// on the same baseline, is the same ink. Only words drawn the same way
    /// (both visible or both not, both white or both not) are compared:
    /// hidden copies stay for the forensic record.
    pub(crate) fn drop_overstruck(&mut self) {
        // Where each run goes: itself, or the earlier run it overstrikes.
        let mut into: Vec<Option<usize>> = vec![None; self.runs.len()];
        {
            let runs = &self.runs;
            let mut by_text: std::collections::HashMap<&str, Vec<usize>> = std::collections::HashMap::new();
            for (j, run) in runs.iter().enumerate() {
                let size = run.font_size.max(0.1);
                let seen = by_text.entry(run.text.as_str()).or_default();
                let same = seen.iter().copied().find(|&i| {
                    runs.get(i).is_some_and(|k| {
                        k.rotation == run.rotation
                            && k.invisible == run.invisible
                            && k.white == run.white
                            && (k.font_size - run.font_size).abs() <= 0.05 * size
                            && (k.y - run.y).abs() <= 0.1 * size
                            && (k.x0 - run.x0).abs() <= (0.25 * size).min(0.5 * (k.x1 - k.x0))
                    })
                });
                match same {
                    Some(i) => into[j] = Some(i),
                    None => seen.push(j),
                }
            }
        }
        if into.iter().all(Option::is_none) {
            return;
        }
        // The copy's extent joins the word it repeats (kept words are never
        // copies, so their own right edges are final when read).
        for (j, i) in into.iter().enumerate() {
            if let Some(i) = *i {
                let x1 = self.runs.get(j).map_or(f32::NEG_INFINITY, |r| r.x1);
                if let Some(k) = self.runs.get_mut(i) {
                    k.x1 = k.x1.max(x1);
                }
            }
        }
        let mut j = 0;
        self.runs.retain(|_| {
            let keep = into.get(j).is_none_or(Option::is_none);
            j += 1;
            keep
        });
    }

    /// The text layer of a scanned page ("searchable image" PDFs of Acrobat's
    /// and ABBYY's OCR): the page draws an image and no visible text, and its
    /// words are all drawn invisible (render mode 3) over the image. Those
    /// words are what the page shows, so they are read as visible. A page
    /// with any visible word keeps its invisible ones hidden (hidden text
    /// beside the printed text is an edit the forensic record must see).
    pub(crate) fn reveal_scan_text_layer(&mut self) {
        const LAYER_WORDS: usize = 20;
        if self.images == 0 {
            return;
        }
        let shown = |r: &TextRun| !r.text.trim().is_empty();
        if self.runs.iter().any(|r| shown(r) && !r.invisible) {
            return;
        }
        if self.runs.iter().filter(|r| shown(r) && r.invisible).count() < LAYER_WORDS {
            return;
        }
        for r in &mut self.runs {
            r.invisible = false;
        }
    }

    /// End the page: words split by kerning are joined again.
    ///
    /// Producers that position glyphs one by one, or justify with large TJ
    /// adjustments, leave small gaps inside words ("Acco unt Nam e"). Where
    /// the page separates its words with space glyphs, a gap of at most a
    /// quarter em in the same font, between a letter and a lower-case letter,
    /// is inside a word. Where it draws no space glyph at all (word gaps are
    /// only kerning or positioning), a gap under half the font's own space
    /// advance cannot be a word gap: it is kerning inside the word, whatever
    /// the letters ("Narrati o n", "1 11,720.00").
    pub(crate) fn finish(&mut self) {
        self.flush();
        if self.kerned.is_empty() {
            return;
        }
        let no_spaces = self.spaces == 0;
        let kerned = std::mem::take(&mut self.kerned);
        let mut runs = Vec::with_capacity(self.runs.len());
        let mut next_kerned = kerned.iter().copied().peekable();
        for (i, run) in std::mem::take(&mut self.runs).into_iter().enumerate() {
            while next_kerned.peek().is_some_and(|&(k, _, _)| k < i) {
                next_kerned.next();
            }
            let candidate = next_kerned.peek().filter(|&&(k, _, _)| k == i).copied();
            let joins = candidate.is_some_and(|(_, gap, space)| {
                runs.last().is_some_and(|prev: &TextRun| {
                    if no_spaces {
                        space > 0.0 && gap < 0.5 * space
                    } else {
                        prev.text.chars().last().is_some_and(char::is_alphabetic)
                            && run.text.chars().next().is_some_and(char::is_lowercase)
                    }
                })
            });
            match runs.last_mut() {
                Some(prev) if joins => {
                    prev.text.push_str(&run.text);
                    prev.x1 = prev.x1.max(run.x1);
                    prev.white &= run.white;
                }
                _ => runs.push(run),
            }
        }
        self.runs = runs;
    }

    /// Words painted over by a white fill drawn after them (most of the word's
    /// box inside it) are marked covered: the page shows paper there.
    pub(crate) fn cover_by_white_fills(&mut self) {
        let whites: Vec<&FilledRect> = self.rects.iter().filter(|r| r.white && r.after_glyphs > 0).collect();
        if whites.is_empty() {
            return;
        }
        for run in &mut self.runs {
            if whites.iter().any(|r| r.after_glyphs > run.order && inside(run, &r.bbox)) {
                run.covered = true;
            }
        }
    }
}

/// Columns beyond this are not padded to.
const MAX_COLUMN: f32 = 400.0;

/// A line of words for layout: baseline, size and the runs' indices.
struct Line {
    y: f32,
    size: f32,
    runs: Vec<usize>,
}

/// The text of a page in reading order: lines top to bottom, words left to
/// right, each word at the column its x position gives (as `pdftotext -layout`
/// prints), lines separated by `\n`. Text of other directions follows, each
/// direction laid out in its own frame.
pub fn layout_text(page: &Page) -> String {
    let mut out = String::new();
    for rot in [0u16, 90, 180, 270] {
        let idx: Vec<usize> = page.runs.iter().enumerate().filter(|(_, r)| r.rotation == rot).map(|(i, _)| i).collect();
        if !idx.is_empty() {
            layout_direction(&page.runs, idx, &mut out);
        }
    }
    out
}

fn layout_direction(runs: &[TextRun], mut idx: Vec<usize>, out: &mut String) {
    let get = |i: usize| runs.get(i);
    // Column width: the median advance per character.
    let mut widths: Vec<f32> = idx
        .iter()
        .filter_map(|&i| get(i))
        .filter_map(|r| {
            let n = r.text.chars().count();
            (n > 0 && r.x1 > r.x0).then(|| (r.x1 - r.x0) / n as f32)
        })
        .collect();
    widths.sort_by(f32::total_cmp);
    let cw = widths.get(widths.len() / 2).copied().filter(|w| *w > 0.1).unwrap_or(5.0);
    let min_x = idx.iter().filter_map(|&i| get(i)).map(|r| r.x0).fold(f32::INFINITY, f32::min);

    idx.sort_by(|&a, &b| {
        let (ra, rb) = (get(a), get(b));
        let ya = ra.map_or(0.0, |r| r.y);
        let yb = rb.map_or(0.0, |r| r.y);
        ya.total_cmp(&yb).then(ra.map_or(0.0, |r| r.x0).total_cmp(&rb.map_or(0.0, |r| r.x0)))
    });
    let mut lines: Vec<Line> = Vec::new();
    for i in idx {
        let Some(r) = get(i) else { continue };
        match lines.last_mut() {
            Some(l) if (r.y - l.y).abs() <= 0.4 * l.size.min(r.font_size).max(0.1) => l.runs.push(i),
            _ => lines.push(Line { y: r.y, size: r.font_size, runs: vec![i] }),
        }
    }
    let mut prev: Option<(f32, f32)> = None;
    let mut line = String::new();
    for l in &mut lines {
        l.runs.sort_by(|&a, &b| get(a).map_or(0.0, |r| r.x0).total_cmp(&get(b).map_or(0.0, |r| r.x0)));
        if let Some((py, psize)) = prev
            && l.y - py > 2.2 * psize.max(l.size)
        {
            out.push('\n');
        }
        prev = Some((l.y, l.size));
        line.clear();
        let mut cols = 0usize;
        let mut last_x1 = f32::NEG_INFINITY;
        for r in l.runs.iter().filter_map(|&i| get(i)) {
            // Bounded: a hostile page can be wider than any terminal.
            let col = ((r.x0 - min_x) / cw).round().clamp(0.0, MAX_COLUMN) as usize;
            let gap = r.x0 - last_x1;
            let touching = gap < 0.1 * r.font_size && gap > -0.05 * r.font_size;
            if cols > 0 && !touching {
                // A gap of about a space stays one space; wider gaps align to the column.
                let pad = if gap < cw { 1 } else { col.saturating_sub(cols).max(1) };
                line.extend(std::iter::repeat_n(' ', pad));
                cols += pad;
            } else if cols == 0 {
                line.extend(std::iter::repeat_n(' ', col));
                cols = col;
            }
            line.push_str(&r.text);
            cols += r.text.chars().count();
            last_x1 = r.x1;
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn glyphs(c: &mut Collector, text: &str, x: f32, y: f32, w: f32) {
        let font: Arc<str> = "F".into();
        for (k, ch) in text.chars().enumerate() {
            let s = ch.to_string();
            c.glyph(&GlyphIn {
                x: x + k as f32 * w,
                y,
                dx: w,
                dy: 0.0,
                size: 10.0,
                font: &font,
                text: &s,
                invisible: false,
                white: false,
                space: 0.278 * 10.0,
                silent: false,
            });
        }
    }

    #[test]
    fn a_line_struck_twice_reads_once() {
        // Bold on a line printer: the whole line drawn again 0.4 pt to the right.
        let mut c = Collector::default();
        glyphs(&mut c, "01/04/2024 BY CASH 500.00", 10.0, 100.0, 6.0);
        glyphs(&mut c, "01/04/2024 BY CASH 500.00", 10.4, 100.0, 6.0);
        // The same word in another column is another word.
        glyphs(&mut c, "500.00", 200.0, 100.0, 6.0);
        c.finish();
        c.drop_overstruck();
        let words: Vec<(&str, f32)> = c.runs.iter().map(|r| (r.text.as_str(), r.x0)).collect();
        assert_eq!(
            words,
            vec![("01/04/2024", 10.0), ("BY", 76.0), ("CASH", 94.0), ("500.00", 124.0), ("500.00", 200.0)]
        );
    }

    #[test]
    fn text_at_an_angle_is_marked_skewed_and_joins_no_upright_word() {
        // A watermark at 40 degrees drawn over an upright word: each glyph
        // advances 5 pt along the slant.
        let mut c = Collector::default();
        glyphs(&mut c, "CASH", 10.0, 100.0, 5.0);
        let font: Arc<str> = "F".into();
        let (dx, dy) = (5.0 * 40f32.to_radians().cos(), -5.0 * 40f32.to_radians().sin());
        for (k, ch) in "TE".chars().enumerate() {
            let s = ch.to_string();
            c.glyph(&GlyphIn {
                x: 30.0 + k as f32 * dx,
                y: 100.0 + k as f32 * dy,
                dx,
                dy,
                size: 10.0,
                font: &font,
                text: &s,
                invisible: false,
                white: false,
                space: 2.78,
                silent: false,
            });
        }
        // Upright and turned text runs along its direction: not skewed.
        glyphs(&mut c, "ROW", 10.0, 120.0, 5.0);
        c.flush();
        let got: Vec<(&str, bool)> = c.runs.iter().map(|r| (r.text.as_str(), r.skewed)).collect();
        assert_eq!(got, vec![("CASH", false), ("TE", true), ("ROW", false)]);
        assert!(!skewed(0.0, 5.0) && !skewed(-5.0, 0.1) && skewed(5.0, 0.5));
    }

    #[test]
    fn words_from_gaps_and_spaces() {
        let mut c = Collector::default();
        glyphs(&mut c, "ab cd", 10.0, 100.0, 5.0);
        glyphs(&mut c, "ef", 40.0, 100.0, 5.0); // gap of 5 pt after "cd" ends at 35
        glyphs(&mut c, "gh", 50.2, 100.0, 5.0); // 0.2 pt gap: same word
        glyphs(&mut c, "top", 10.0, 80.0, 5.0);
        c.flush();
        let words: Vec<&str> = c.runs.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(words, vec!["ab", "cd", "efgh", "top"]);
        let ab = &c.runs[0];
        assert_eq!((ab.x0, ab.x1, ab.y), (10.0, 20.0, 100.0));
        let page = Page { number: 1, width: 200.0, height: 200.0, rotation: 0, runs: c.runs, shapes: Vec::new() };
        assert_eq!(layout_text(&page), "top\nab cd efgh\n");
    }

    #[test]
    fn huge_coordinates_stay_bounded() {
        let mut c = Collector::default();
        glyphs(&mut c, "near", 0.0, 10.0, 5.0);
        glyphs(&mut c, "far", 1e30, 10.0, 5.0);
        c.flush();
        let page = Page { number: 1, width: f32::MAX, height: f32::MAX, rotation: 0, runs: c.runs, shapes: Vec::new() };
        let text = layout_text(&page);
        assert!(text.len() < 1000 && text.ends_with("far\n"), "{}", text.len());
    }
}
