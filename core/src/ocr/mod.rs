//! OCR of scanned pages (feature `ocr`): image-only pages become words with
//! positions, and enter the same table reader as a text layer's words, so the
//! balance chain proves their rows as it proves any other.
//!
//! ```text
//! pdf::Document ──scans──► pages with a text layer: as they are
//!                        └► pages that only draw images ──images──► one grey raster per page
//!     ──prep──► straight raster, table rules wiped ──engine (Tesseract)──► words, boxes, confidences
//!     ──numeric──► figures mended and re-read with digits only
//!     ──► TextRun words in page points ──► layout / extract / reconcile as usual
//! ```
//!
//! Pages are read one by one, so a statement with a text layer on some pages
//! and scans on others reads whole. A page that cannot be read (blank, a photo
//! of a screen) is left empty; when no page of the document has text the
//! document is refused with [`Error::ScanUnreadable`] saying why.
//! Limits: [`crate::Limits::ocr_pixels_per_page`], `ocr_pages`, `ocr_time_millis`.

mod engine;
mod numeric;
mod prep;
mod tess;

use std::sync::Arc;
use std::time::Instant;

use crate::error::{Error, Limit, Result};
use crate::limits::Limits;
use crate::model::OcrReading;
use crate::money::Money;
use crate::pdf::{Budget, Document, Page, PageScan, Raster, TextRun};

/// Pages with fewer readable characters than this that draw an image are
/// read by OCR (a scanner app's "Page 1" stamp is not a text layer).
const TEXT_LAYER_CHARS: usize = 40;
/// Below this share of ink pixels a page is blank paper.
const BLANK_INK: f64 = 0.0005;
/// A page whose words average less confidence than this is not read.
const UNREADABLE_CONFIDENCE: f32 = 45.0;
/// Nor one with fewer confident words than this.
const MIN_WORDS: usize = 5;
/// A page more of whose pixels than this are grey once flattened (neither
/// paper nor ink) is not print on paper ([`prep::grey`]: 1-7% on scans, over
/// half on a photo of a screen).
const NOT_PAPER_GREY: f64 = 0.3;

/// One page read by OCR.
#[derive(Clone, Debug, PartialEq)]
pub struct OcrPage {
    /// 1-based page number.
    pub number: u32,
    /// Resolution the page was read at (pixels per inch).
    pub dpi: f32,
    /// Skew found and undone, degrees (positive: the page lay turned counter-clockwise).
    pub skew_degrees: f32,
    /// Mean word confidence, 0 to 1.
    pub confidence: f32,
    /// Time spent on the page (decoding, deskewing, recognising), milliseconds.
    pub millis: u64,
    /// The words read, in page points with their confidence (0 to 1).
    pub words: Vec<(TextRun, f32)>,
}

/// What OCR did on a document.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OcrPass {
    /// Pages read by OCR.
    pub pages: Vec<OcrPage>,
    /// Pages that draw images but could not be read, with the reason.
    pub unreadable: Vec<(u32, String)>,
}

impl OcrPass {
    /// The reading report's OCR part for the rows of a statement (`row_pages`:
    /// the page of each row), or `None` when no page was read by OCR.
    ///
    /// A row's confidence is the lowest word confidence of the line that
    /// prints its balance (found by its value on the row's page), or the
    /// page's mean when that line is not found.
    pub fn reading(&self, balances: &[(Money, u32)]) -> Option<OcrReading> {
        if self.pages.is_empty() {
            return None;
        }
        let row_confidence = balances
            .iter()
            .map(|(balance, page)| {
                let p = self.pages.iter().find(|p| p.number == *page)?;
                Some(round2(line_confidence(p, *balance).unwrap_or(p.confidence)))
            })
            .collect();
        Some(OcrReading {
            pages: self.pages.iter().map(|p| p.number).collect(),
            page_confidence: self.pages.iter().map(|p| round2(p.confidence)).collect(),
            row_confidence,
            millis: self.pages.iter().map(|p| p.millis).sum(),
        })
    }
}

fn round2(v: f32) -> f64 {
    (f64::from(v) * 100.0).round() / 100.0
}

/// The lowest confidence on the line whose word reads as `balance`.
fn line_confidence(page: &OcrPage, balance: Money) -> Option<f32> {
    let (anchor, _) = page
        .words
        .iter()
        .find(|(w, _)| numeric::is_numeric(&w.text) && Money::parse(&w.text).is_ok_and(|m| m.abs() == balance.abs()))?;
    let tol = 0.4 * anchor.font_size;
    page.words.iter().filter(|(w, _)| (w.y - anchor.y).abs() <= tol).map(|(_, c)| *c).reduce(f32::min)
}

/// Every page's words: the text layer where a page has one, OCR where it
/// only draws images. Refuses like [`Document::pages`] when no page has any
/// text, and with [`Error::ScanUnreadable`] when the scans cannot be read.
pub fn pages(doc: &Document) -> Result<(Vec<Page>, OcrPass)> {
    let limits = doc.limits();
    let scans = doc.scans()?;
    let mut pass = OcrPass::default();
    let started = Instant::now();
    // OCR has its own clock: decoding images counts against it, not against
    // the text layer's `time_millis`.
    let ocr_limits = Limits { time_millis: limits.ocr_time_millis, ..limits.clone() };
    let budget = Budget::new(&ocr_limits, started);
    let mut out = Vec::with_capacity(scans.len());
    let mut first_unreadable: Option<Error> = None;
    let mut read = 0u64;
    for scan in &scans {
        let mut page = scan.page.clone();
        if needs_ocr(scan) {
            read += 1;
            limits.check(Limit::OcrPages, read)?;
            let t0 = Instant::now();
            match ocr_page(doc, scan, &budget).map_err(|e| ocr_time(e, limits))? {
                Some(Ok(mut p)) => {
                    p.millis = u64::try_from(t0.elapsed().as_millis()).unwrap_or(u64::MAX);
                    page.runs = p.words.iter().map(|(w, _)| w.clone()).collect();
                    pass.pages.push(p);
                }
                Some(Err(reason)) => {
                    first_unreadable.get_or_insert(Error::ScanUnreadable { page: page.number, reason: reason.clone() });
                    pass.unreadable.push((page.number, reason));
                }
                None => {}
            }
            let ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
            limits.check(Limit::OcrTimeMillis, ms)?;
        }
        out.push(page);
    }
    if pass.pages.is_empty()
        && let Some(e) = doc.no_text(&scans)
    {
        return Err(first_unreadable.unwrap_or(e));
    }
    Ok((out, pass))
}

/// A time limit reached while decoding images is OCR's.
fn ocr_time(e: Error, limits: &Limits) -> Error {
    match e {
        Error::LimitExceeded { limit: Limit::TimeMillis, value, .. } => {
            Error::LimitExceeded { limit: Limit::OcrTimeMillis, value, max: limits.ocr_time_millis }
        }
        e => e,
    }
}

fn needs_ocr(scan: &PageScan) -> bool {
    let chars: usize = scan
        .page
        .runs
        .iter()
        .filter(|r| !r.invisible)
        .map(|r| r.text.chars().filter(|c| c.is_alphanumeric()).count())
        .sum();
    !scan.placed.is_empty() && chars < TEXT_LAYER_CHARS
}

/// One page: `None` when it draws no image worth reading, `Some(Err(reason))`
/// when its scan cannot be read.
fn ocr_page(doc: &Document, scan: &PageScan, budget: &Budget) -> Result<Option<Result<OcrPage, String>>> {
    let number = scan.page.number;
    let raster = match doc.page_raster(scan, budget) {
        Ok(Some(r)) => r,
        Ok(None) => return Ok(None),
        Err(Error::ScanUnreadable { reason, .. }) => return Ok(Some(Err(reason))),
        Err(e) => return Err(e),
    };
    Ok(Some(read_raster(number, &raster)))
}

/// OCR of one page's raster.
fn read_raster(number: u32, raster: &Raster) -> Result<OcrPage, String> {
    if prep::ink(raster) < BLANK_INK {
        return Err("the page is blank: the scan shows no ink".into());
    }
    let mut flat = raster.clone();
    prep::flatten(&mut flat);
    // A photo of a screen is grey all over, paper is not: refused before
    // Tesseract spends half a minute reading its moiré as 1,700 words.
    let grey = prep::grey(&flat);
    if grey > NOT_PAPER_GREY {
        return Err(format!(
            "{:.0}% of it is grey, neither paper nor ink: a photo of a screen, or a scan too blurred or dark. \
             Scan the paper statement at 200-300 dpi",
            grey * 100.0
        ));
    }
    let skew = prep::skew_degrees(&flat);
    let mut straight = if skew.abs() >= 0.1 { prep::rotate(&flat, skew) } else { flat };
    prep::remove_rules(&mut straight);
    let raster = &straight;
    let words = engine::read(raster).map_err(|e| e.0)?;
    let confident =
        words.iter().filter(|w| w.confidence >= 60.0 && w.text.chars().filter(|c| c.is_alphanumeric()).count() >= 2);
    let mean = engine::mean_confidence(&words);
    if confident.count() < MIN_WORDS || mean < UNREADABLE_CONFIDENCE {
        return Err(format!(
            "OCR finds no readable text on it (mean confidence {mean:.0}%): a photo of a screen, or a scan too \
             blurred, dark or small. Scan the paper statement at 200-300 dpi"
        ));
    }
    let runs = to_runs(&words, raster);
    Ok(OcrPage { number, dpi: raster.dpi, skew_degrees: skew, confidence: mean / 100.0, millis: 0, words: runs })
}

/// The rows of a word's box where its letters stand: from the first to the
/// last pixel row holding at least a third of the densest row's ink. A
/// descender's few pixels, a speck of dust or a rule's remnant in the box
/// fall outside it, so its bottom is the baseline.
fn ink_band(raster: &Raster, w: &engine::PixelWord) -> Option<(u32, u32)> {
    let width = raster.width as usize;
    let counts: Vec<usize> = (w.top..(w.top + w.height).min(raster.height))
        .map(|y| {
            let row = y as usize * width;
            let (a, b) = (row + w.left as usize, row + ((w.left + w.width) as usize).min(width));
            raster.pixels.get(a..b).map_or(0, |r| r.iter().filter(|&&p| p < 128).count())
        })
        .collect();
    let max = counts.iter().copied().max().filter(|&m| m > 0)?;
    let first = counts.iter().position(|&c| 3 * c >= max)?;
    let last = counts.iter().rposition(|&c| 3 * c >= max)?;
    Some((w.top + first as u32, w.top + last as u32 + 1))
}

/// Pixel words to page words: x edges as boxed, the baseline where the
/// word's letters stand (see [`ink_band`]), the size from Tesseract's line.
fn to_runs(words: &[engine::PixelWord], raster: &Raster) -> Vec<(TextRun, f32)> {
    let pt = 72.0 / raster.dpi;
    let font: Arc<str> = "OCR".into();
    // Per Tesseract line: the median word height.
    let mut lines: Vec<((u32, u32, u32), Vec<f32>)> = Vec::new();
    for w in words {
        match lines.iter_mut().find(|(k, _)| *k == w.line) {
            Some((_, heights)) => heights.push(w.height as f32),
            None => lines.push((w.line, vec![w.height as f32])),
        }
    }
    for (_, heights) in &mut lines {
        heights.sort_by(f32::total_cmp);
    }
    words
        .iter()
        .enumerate()
        .map(|(order, w)| {
            let height = lines
                .iter()
                .find(|(k, _)| *k == w.line)
                .and_then(|(_, h)| h.get(h.len() / 2).copied())
                .unwrap_or(w.height as f32);
            let y = ink_band(raster, w).map_or((w.top + w.height) as f32, |(_, bottom)| bottom as f32);
            let run = TextRun {
                text: w.text.clone(),
                x0: w.left as f32 * pt,
                x1: (w.left + w.width) as f32 * pt,
                y: y * pt,
                // Letters from the top of capitals to the baseline are about
                // 0.7 of the type size.
                font_size: height / 0.8 * pt,
                font: font.clone(),
                rotation: 0,
                invisible: false,
                white: false,
                covered: false,
                skewed: false,
                order: u32::try_from(order).unwrap_or(u32::MAX),
            };
            (run, w.confidence / 100.0)
        })
        .collect()
}
