//! Tesseract: a page raster in, words with pixel boxes and confidences out.
//!
//! One engine per thread, made on first use and kept (loading the English
//! model takes about a tenth of a second). Figures get a second reading with
//! a digit-only alphabet when the first is doubtful (see `numeric`).

use std::cell::RefCell;

use super::numeric;
use super::tess::{self, PSM_SINGLE_LINE, PSM_SPARSE_TEXT, Tess};
use crate::pdf::Raster;

/// A word as Tesseract read it, in raster pixels.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PixelWord {
    pub(crate) text: String,
    pub(crate) left: u32,
    pub(crate) top: u32,
    pub(crate) width: u32,
    pub(crate) height: u32,
    /// 0 to 100.
    pub(crate) confidence: f32,
    /// Tesseract's (block, paragraph, line): words of one text line.
    pub(crate) line: (u32, u32, u32),
}

/// Glyphs a statement does not print, which Tesseract reads for smudged
/// letters and digits (`ICIC!` for ICICI, `1,871.00°`).
const BLACKLIST: &str = "!|[]{}~©®°«»¢§¥“”‘’—_";
/// The alphabet of the second reading of a figure.
const DIGITS: &str = "0123456789.,-/:";
/// Figures read with less confidence than this are read again.
const DOUBT: f32 = 90.0;
/// A word that is no figure, read with less confidence than this where a
/// column of figures stands, is read again with digits only.
const COLUMN_DOUBT: f32 = 80.0;
/// Below this mean confidence of a page's words no word is read a second
/// time: the page is unreadable (scans of print average 85-96, a photo of a
/// screen 23).
const NO_SECOND_READING: f32 = 35.0;
/// The confidence a garbled word's second reading needs to replace it.
const GARBLED_SURE: f32 = 50.0;

thread_local! {
    static ENGINE: RefCell<Option<Tess>> = const { RefCell::new(None) };
}

/// Why the engine failed, for the caller to word.
#[derive(Debug)]
pub(crate) struct EngineError(pub(crate) String);

fn fresh() -> Result<Tess, EngineError> {
    // No library: its own message (which packages to install).
    tess::library()?;
    let mut t = Tess::new("eng").map_err(|e| {
        EngineError(format!(
            "Tesseract could not load its English model ({}); install the Debian packages tesseract-ocr and \
             tesseract-ocr-eng, or set TESSDATA_PREFIX",
            e.0
        ))
    })?;
    t.set_variable("tessedit_char_blacklist", BLACKLIST)
        .and_then(|()| t.set_variable("debug_file", "/dev/null"))
        .map_err(|e| EngineError(format!("Tesseract refused a setting: {}", e.0)))?;
    Ok(t)
}

/// The mean confidence of a page's words (0 when it has none).
pub(crate) fn mean_confidence(words: &[PixelWord]) -> f32 {
    if words.is_empty() { 0.0 } else { words.iter().map(|w| w.confidence).sum::<f32>() / words.len() as f32 }
}

/// Reads the words of a page.
pub(crate) fn read(raster: &Raster) -> Result<Vec<PixelWord>, EngineError> {
    ENGINE.with(|cell| {
        let mut slot = cell.borrow_mut();
        let engine = match slot.take() {
            Some(t) => t,
            None => fresh()?,
        };
        let (words, engine) = read_with(engine, raster)?;
        *slot = engine;
        Ok(words)
    })
}

/// The read, and the engine back when it can be used again.
fn read_with(mut t: Tess, raster: &Raster) -> Result<(Vec<PixelWord>, Option<Tess>), EngineError> {
    t.set_grey_image(&raster.pixels, raster.width, raster.height)?;
    t.set_source_resolution(raster.dpi.round() as i32);
    // Tesseract's own page layout: a table's columns become blocks, which
    // keeps a row's rule or a wrapped cell from merging two rows into one
    // text line (as "one block" mode does); the words keep their positions.
    t.set_page_seg_mode(PSM_SPARSE_TEXT);
    t.recognize()?;
    let tsv = t.tsv_text(0)?;
    let mut words = split_months(parse_tsv(&tsv));
    numeric::dollar_or_five(&mut words);
    // Figures: mend letters read for digits, then read the doubtful ones again
    // with digits only.
    for word in &mut words {
        if let Some(m) = numeric::mend(&word.text) {
            word.text = m;
            word.confidence = word.confidence.min(DOUBT - 1.0);
        }
    }
    // A page read this badly is refused whatever its figures say (see
    // `UNREADABLE_CONFIDENCE`): no second readings of noise.
    if mean_confidence(&words) < NO_SECOND_READING {
        return Ok((words, Some(t)));
    }
    let in_column = numeric::in_figure_column(&words);

    let doubtful: Vec<usize> = words
        .iter()
        .enumerate()
        .filter_map(|(i, word)| {
            let figure = numeric::is_numeric(&word.text) || numeric::is_day(&word.text);
            let garbled = !figure && word.confidence < COLUMN_DOUBT && in_column.get(i).copied().unwrap_or(false);
            ((figure && (word.confidence < DOUBT || word.text.len() == 1)) || garbled).then_some(i)
        })
        .collect();
    if doubtful.is_empty() {
        return Ok((words, Some(t)));
    }
    t.set_variable("tessedit_char_whitelist", DIGITS)?;
    t.set_page_seg_mode(PSM_SINGLE_LINE);
    for i in doubtful {
        let Some(word) = words.get_mut(i) else { continue };
        // The rows where the word's letters stand: a speck of dust above or
        // below a figure makes Tesseract's box twice as tall, and the figure
        // then reads as nothing at all.
        let (top, bottom) = match super::ink_band(raster, word) {
            Some((a, b)) if (b - a) * 3 < word.height * 2 => {
                let h = b - a;
                (a.saturating_sub(h / 3 + 2), (b + h / 3 + 2).min(raster.height))
            }
            _ => (word.top, word.top + word.height),
        };
        let height = bottom - top;
        let pad = (height / 4).max(2);
        // A lone digit may have lost its neighbour ("3" for "13"): look a
        // digit's width further left.
        let pad_left = if word.text.chars().count() == 1 { pad + height * 2 / 3 } else { pad };
        let (left, top) = (word.left.saturating_sub(pad_left), top.saturating_sub(pad));
        let right = (word.left + word.width + pad).min(raster.width);
        let bottom = (bottom + pad).min(raster.height);
        let rect = |v: u32| i32::try_from(v).unwrap_or(0);
        t.set_rectangle(rect(left), rect(top), rect(right - left), rect(bottom - top));
        t.recognize()?;
        let again = t.utf8_text()?;
        let again = again.trim();
        let confidence = t.mean_text_conf() as f32;
        let figure = numeric::is_numeric(again) || numeric::is_day(again);
        // A lone digit that reads as two with the digit beside it is a day.
        let longer = word.text.len() == 1 && again.len() == 2 && again.ends_with(&word.text) && confidence >= 60.0;
        // A garbled word ("ees") becomes a figure only when read with some confidence.
        let garbled = !numeric::is_numeric(&word.text) && !numeric::is_day(&word.text);
        let sure = !garbled || confidence >= GARBLED_SURE;
        if figure && sure && !again.contains(char::is_whitespace) && (confidence > word.confidence || longer) {
            // Mended as the first reading was: a speck or a redaction bar's
            // edge beside the figure reads as a trailing point ("1,250.00.").
            word.text = numeric::mend(again).unwrap_or_else(|| again.to_string());
            word.confidence = confidence;
        }
    }
    // The engine's variables persist: back to the full alphabet for the next page.
    t.set_variable("tessedit_char_whitelist", "")?;
    Ok((words, Some(t)))
}

/// Dates' month names freed from the punctuation OCR ran into them.
fn split_months(words: Vec<PixelWord>) -> Vec<PixelWord> {
    let mut out = Vec::with_capacity(words.len());
    for w in words {
        match numeric::month_split(&w.text) {
            Some((month, None)) => out.push(PixelWord { text: month, ..w }),
            Some((month, Some(year))) => {
                // "May.2024": eight characters; the month is the first three.
                let cut = w.width * 3 / 8;
                out.push(PixelWord { text: month, width: cut, ..w.clone() });
                let gap = w.width / 8;
                out.push(PixelWord { text: year, left: w.left + cut + gap, width: w.width - cut - gap, ..w });
            }
            None => out.push(w),
        }
    }
    out
}

/// Words of Tesseract's TSV output (level 5 rows with text).
fn parse_tsv(tsv: &str) -> Vec<PixelWord> {
    let mut out = Vec::new();
    for line in tsv.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 12 || f.first() != Some(&"5") {
            continue;
        }
        let n = |i: usize| f.get(i).and_then(|v| v.parse::<u32>().ok()).unwrap_or(0);
        let text = f.get(11).map_or("", |t| t.trim());
        let confidence = f.get(10).and_then(|v| v.parse::<f32>().ok()).unwrap_or(-1.0);
        if text.is_empty() || confidence < 0.0 {
            continue;
        }
        out.push(PixelWord {
            text: text.to_string(),
            left: n(6),
            top: n(7),
            width: n(8),
            height: n(9),
            confidence,
            line: (n(2), n(3), n(4)),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tsv_words() {
        let tsv = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n\
                   4\t1\t1\t1\t1\t0\t10\t20\t300\t22\t-1\t\n\
                   5\t1\t1\t1\t1\t1\t10\t20\t80\t22\t96.5\t01\n\
                   5\t1\t1\t1\t1\t2\t95\t20\t60\t22\t91\tApr\n\
                   5\t1\t1\t1\t1\t3\t160\t20\t60\t22\t-1\t \n";
        let words = parse_tsv(tsv);
        assert_eq!(words.len(), 2);
        assert_eq!((words[0].text.as_str(), words[0].left, words[0].confidence), ("01", 10, 96.5));
        assert_eq!(words[1].line, (1, 1, 1));
    }
}
