//! Opening PDF bytes: limits on the input, decryption, the page list, and
//! each page's geometry, resources and content.

use std::fmt;
use std::time::Instant;

use lopdf::{Dictionary, Object, ObjectId};

use super::content::{FontCache, Interpreter, Matrix};
use super::objects::{Budget, deref, get, get_dict, num, rect};
use super::text::{Collector, FilledRect, Page, Shape};
use crate::error::{Error, Limit, Result};
use crate::limits::Limits;

/// How to open a PDF: the password (user or owner) and the limits.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct OpenOptions {
    /// The password, when the file is encrypted with a non-empty one.
    pub password: Option<String>,
    /// Resource limits.
    pub limits: Limits,
}

impl OpenOptions {
    /// Options with a password and default limits.
    pub fn with_password(password: impl Into<String>) -> Self {
        OpenOptions { password: Some(password.into()), limits: Limits::default() }
    }
}

impl fmt::Debug for OpenOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OpenOptions")
            .field("password", &self.password.as_ref().map(|_| "***"))
            .field("limits", &self.limits)
            .finish()
    }
}

/// The security handler a file was encrypted with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum EncryptionKind {
    /// Not encrypted.
    None,
    /// RC4 with a 40-bit key (R2, or R3 with /Length 40).
    Rc4_40,
    /// RC4 with a 128-bit key (R3, or R4 with the V2 crypt filter).
    Rc4_128,
    /// AES-128 (R4 with the AESV2 crypt filter).
    Aes128,
    /// AES-256 (R5, R6).
    Aes256,
    /// A standard handler this list does not name.
    Other,
}

/// An open PDF: decrypted objects, the page list and the limits to read it under.
pub struct Document {
    pub(crate) doc: lopdf::Document,
    pub(crate) limits: Limits,
    pub(crate) pages: Vec<ObjectId>,
    pub(crate) encryption: EncryptionKind,
    pub(crate) encryption_revision: Option<i64>,
    pub(crate) eof_markers: u32,
    /// Byte offset just past the first `%%EOF`: where the original file ends
    /// and incremental updates begin.
    pub(crate) first_eof_end: Option<usize>,
    /// What the forensic record needs of each page, kept by [`Document::scans`]
    /// so that [`Document::forensics`] does not interpret every page again.
    pub(crate) page_marks: std::sync::OnceLock<Vec<super::forensics::PageMarks>>,
}

impl Document {
    /// The limits this document is read under.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }
}

impl fmt::Debug for Document {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Document")
            .field("pages", &self.pages.len())
            .field("encryption", &self.encryption)
            .field("limits", &self.limits)
            .finish()
    }
}

/// One page, interpreted: its words and what the forensic record needs
/// (public for bankscope's OCR stage, which reads image-only pages).
#[derive(Debug)]
#[doc(hidden)]
pub struct PageScan {
    pub page: Page,
    pub(crate) rects: Vec<FilledRect>,
    pub(crate) images: u32,
    /// Glyphs the content shows, readable or not.
    pub(crate) glyphs: u32,
    /// Curve segments of filled paths (text converted to outlines).
    pub(crate) filled_curves: u32,
    /// Form XObjects the page's content draws itself.
    pub(crate) forms: Vec<super::text::PlacedForm>,
    pub(crate) content_streams: u32,
    pub(crate) touchup_markers: u32,
    /// Image XObjects drawn on the page, for OCR.
    #[cfg(feature = "ocr")]
    pub placed: Vec<super::text::PlacedImage>,
}

fn lopdf_error(e: lopdf::Error, limits: &Limits) -> Error {
    match e {
        lopdf::Error::InvalidPassword => Error::PasswordIncorrect,
        lopdf::Error::Decompress(lopdf::DecompressError::MemoryLimitExceeded { limit }) => Error::LimitExceeded {
            limit: Limit::StreamBytes,
            value: (limit as u64).saturating_add(1),
            max: limits.stream_bytes,
        },
        lopdf::Error::UnsupportedSecurityHandler(h) => {
            Error::malformed(format!("unsupported security handler /{}", String::from_utf8_lossy(&h)))
        }
        other => Error::malformed(format!("cannot read the PDF structure: {other}")),
    }
}

fn encryption_kind(state: &lopdf::EncryptionState) -> EncryptionKind {
    match state.revision() {
        2 => EncryptionKind::Rc4_40,
        3 => match state.key_length() {
            Some(bits) if bits <= 40 || bits == 5 => EncryptionKind::Rc4_40,
            _ => EncryptionKind::Rc4_128,
        },
        4 => {
            let filter = state.get_stream_filter();
            match filter.method() {
                b"AESV2" => EncryptionKind::Aes128,
                b"AESV3" => EncryptionKind::Aes256,
                b"V2" => EncryptionKind::Rc4_128,
                b"Identity" => EncryptionKind::None,
                _ => EncryptionKind::Other,
            }
        }
        5 | 6 => EncryptionKind::Aes256,
        _ => EncryptionKind::Other,
    }
}

/// Open PDF bytes. Wrong or missing password → [`Error::PasswordIncorrect`];
/// bytes that are not a readable PDF → [`Error::Malformed`]; past a limit →
/// [`Error::LimitExceeded`].
pub fn open(bytes: &[u8], options: &OpenOptions) -> Result<Document> {
    let limits = &options.limits;
    let started = Instant::now();
    limits.check(Limit::InputBytes, bytes.len() as u64)?;
    let head = bytes.get(..bytes.len().min(1024)).unwrap_or_default();
    if !head.windows(5).any(|w| w == b"%PDF-") {
        return Err(Error::malformed("not a PDF: no %PDF- header"));
    }
    let load = lopdf::LoadOptions {
        password: options.password.clone(),
        max_decompressed_size: Some(usize::try_from(limits.stream_bytes).unwrap_or(usize::MAX)),
        ..lopdf::LoadOptions::default()
    };
    // lopdf is written not to panic on bad input; the guard keeps a bug there
    // from reaching our callers as a panic.
    let loaded = std::panic::catch_unwind(|| lopdf::Document::load_mem_with_options(bytes, load))
        .map_err(|_| Error::malformed("the PDF structure could not be read"))?;
    let doc = loaded.map_err(|e| lopdf_error(e, limits))?;
    if doc.trailer.has(b"Encrypt") && doc.encryption_state.is_none() {
        return Err(Error::PasswordIncorrect);
    }
    let (encryption, encryption_revision) = match &doc.encryption_state {
        Some(s) => (encryption_kind(s), Some(s.revision())),
        None => (EncryptionKind::None, None),
    };
    let ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    limits.check(Limit::TimeMillis, ms)?;
    let pages: Vec<ObjectId> = doc.get_pages().into_values().collect();
    limits.check(Limit::Pages, pages.len() as u64)?;
    if pages.is_empty() {
        return Err(Error::malformed("the PDF has no pages"));
    }
    Ok(Document {
        doc,
        limits: limits.clone(),
        pages,
        encryption,
        encryption_revision,
        eof_markers: count(bytes, b"%%EOF"),
        first_eof_end: bytes.windows(5).position(|w| w == b"%%EOF").map(|i| i + 5),
        page_marks: std::sync::OnceLock::new(),
    })
}

/// Why a document without any text has none: images (a scan), glyphs the
/// fonts name no text for, text converted to outlines (many filled curves,
/// no glyph), nothing drawn at all, or (encrypted) content that did not
/// decrypt to anything.
fn no_text(pages: usize, images: u64, glyphs: u64, curves: u64, encrypted: bool) -> Error {
    if glyphs == 0 && images == 0 && encrypted {
        // An encrypted file whose pages decrypt to nothing drawn: not a scan,
        // and not blank by the producer's doing either.
        Error::malformed(format!(
            "the encrypted PDF's {pages} page(s) decrypt to no text and no images: its encryption could not be \
             undone correctly"
        ))
    } else if glyphs > 0 {
        Error::UnsupportedFormat {
            reason: format!(
                "the text layer cannot be decoded: {glyphs} glyph(s) drawn with fonts that map none of them to text"
            ),
        }
    } else if images > 0 {
        Error::PdfIsImage { pages }
    } else if curves >= OUTLINED_TEXT_CURVES * pages as u64 {
        Error::UnsupportedFormat {
            reason: format!(
                "the text is drawn as outlines ({curves} curve segments of filled shapes, no glyph): there is no \
                 text layer to read; the statement was re-saved through a tool that converted its text to curves"
            ),
        }
    } else {
        Error::NotAStatement { reason: format!("no text: the PDF's {pages} page(s) are blank") }
    }
}

/// Glyphs of one font at least for it to count as a font that maps nothing.
const UNMAPPED_FONT_GLYPHS: usize = 20;

/// The refusal of a document part of whose text cannot be decoded: fonts
/// (Type3 fonts with glyphs named `/g1 /g2 ...` and no ToUnicode, as some
/// report writers and Android's PDF writer make them) that map none of their
/// glyphs to text draw a tenth or more of the glyphs. Reading the rest would
/// give a statement with its dates, amounts or narrations missing, so the file
/// is refused, saying why. Fonts that map most of their glyphs (Devanagari
/// fonts without entries for some conjuncts) are not counted.
fn unmapped_fonts(scans: &[PageScan]) -> Option<Error> {
    let mut by_font: Vec<(&str, usize, usize)> = Vec::new(); // (font, glyphs, unreadable)
    let mut total = 0usize;
    for r in scans.iter().flat_map(|s| &s.page.runs) {
        let (mut n, mut bad) = (0usize, 0usize);
        for c in r.text.chars().filter(|c| !c.is_whitespace()) {
            n += 1;
            bad += usize::from(c == '\u{FFFD}');
        }
        total += n;
        if let Some(f) = by_font.iter_mut().find(|f| f.0 == &*r.font) {
            f.1 += n;
            f.2 += bad;
        } else if by_font.len() < 256 {
            by_font.push((&r.font, n, bad));
        }
    }
    let unmapped: Vec<&(&str, usize, usize)> =
        by_font.iter().filter(|f| f.2 >= UNMAPPED_FONT_GLYPHS && f.2 == f.1).collect();
    let bad: usize = unmapped.iter().map(|f| f.2).sum();
    if bad == 0 || bad * 10 < total {
        return None;
    }
    let names: Vec<String> =
        unmapped.iter().map(|f| if f.0.is_empty() { "(unnamed)".to_string() } else { f.0.to_string() }).collect();
    Some(Error::UnsupportedFormat {
        reason: format!(
            "part of the text layer cannot be decoded: {bad} of {total} glyphs ({}%) are drawn with font(s) {} that \
             map none of their glyphs to text (no ToUnicode map, no known glyph names; Type3 fonts as some report \
             writers and Android's PDF writer make them); the statement would be read only in part",
            bad * 100 / total.max(1),
            names.join(", ")
        ),
    })
}

/// A sheet printed with several pages on it ("2 pages per sheet", N-up
/// tools): each source page drawn as one Form XObject, the forms side by
/// side or stacked, apart from each other, each a large part of the sheet,
/// and (nearly) all the sheet's words inside them. Such a sheet is read as
/// its pages, in the order drawn, each in its own coordinates; any other
/// page is returned as it is.
fn split_sheet(scan: PageScan) -> Vec<PageScan> {
    let page = &scan.page;
    let area = |b: &[f32; 4]| (b[2] - b[0]).max(0.0) * (b[3] - b[1]).max(0.0);
    let sheet = page.width * page.height;
    let words =
        |f: &super::text::PlacedForm| page.runs.iter().filter(|r| r.order >= f.first && r.order < f.end).count();
    let parts: Vec<super::text::PlacedForm> =
        scan.forms.iter().filter(|f| area(&f.bbox) >= 0.15 * sheet && words(f) >= 10).copied().collect();
    let apart = parts.iter().enumerate().all(|(i, a)| {
        parts[i + 1..].iter().all(|b| {
            let o = [
                a.bbox[0].max(b.bbox[0]),
                a.bbox[1].max(b.bbox[1]),
                a.bbox[2].min(b.bbox[2]),
                a.bbox[3].min(b.bbox[3]),
            ];
            area(&o) < 0.02 * area(&a.bbox).min(area(&b.bbox))
        })
    });
    let inside: usize = parts.iter().map(words).sum();
    if page.rotation != 0 || parts.len() < 2 || !apart || inside * 20 < page.runs.len() * 19 {
        return vec![scan];
    }
    parts
        .iter()
        .enumerate()
        .map(|(k, f)| {
            let [x0, y0, x1, y1] = f.bbox;
            let runs = page
                .runs
                .iter()
                .filter(|r| r.order >= f.first && r.order < f.end)
                .map(|r| super::text::TextRun { x0: r.x0 - x0, x1: r.x1 - x0, y: r.y - y0, ..r.clone() })
                .collect();
            let rects = scan
                .rects
                .iter()
                .filter(|r| {
                    r.bbox[0] >= x0 - 1.0 && r.bbox[2] <= x1 + 1.0 && r.bbox[1] >= y0 - 1.0 && r.bbox[3] <= y1 + 1.0
                })
                .map(|r| FilledRect { bbox: [r.bbox[0] - x0, r.bbox[1] - y0, r.bbox[2] - x0, r.bbox[3] - y0], ..*r })
                .collect();
            PageScan {
                page: Page {
                    number: page.number,
                    width: x1 - x0,
                    height: y1 - y0,
                    rotation: 0,
                    runs,
                    shapes: page
                        .shapes
                        .iter()
                        .filter(|s| s.x0 >= x0 - 1.0 && s.x1 <= x1 + 1.0 && s.y0 >= y0 - 1.0 && s.y1 <= y1 + 1.0)
                        .map(|s| Shape { x0: s.x0 - x0, x1: s.x1 - x0, y0: s.y0 - y0, y1: s.y1 - y0, ..*s })
                        .collect(),
                },
                rects,
                images: if k == 0 { scan.images } else { 0 },
                glyphs: f.end - f.first,
                filled_curves: if k == 0 { scan.filled_curves } else { 0 },
                forms: Vec::new(),
                content_streams: if k == 0 { scan.content_streams } else { 0 },
                touchup_markers: if k == 0 { scan.touchup_markers } else { 0 },
                #[cfg(feature = "ocr")]
                placed: if k == 0 { scan.placed.clone() } else { Vec::new() },
            }
        })
        .collect()
}

/// Filled curve segments per page above which a page without glyphs is text
/// converted to outlines: a line of a dozen letters alone draws a hundred.
const OUTLINED_TEXT_CURVES: u64 = 300;

fn count(hay: &[u8], needle: &[u8]) -> u32 {
    let n = hay.windows(needle.len()).filter(|w| *w == needle).count();
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl Document {
    /// Number of pages.
    pub fn page_count(&self) -> usize {
        self.pages.len()
    }

    /// The security handler the file was encrypted with.
    pub fn encryption(&self) -> EncryptionKind {
        self.encryption
    }

    /// Every page's positioned text. A document in which no page has any
    /// text is refused by what its pages hold instead: images only (a scan)
    /// is [`Error::PdfIsImage`]; glyphs whose fonts name no text is
    /// [`Error::UnsupportedFormat`]; nothing at all (blank pages) is
    /// [`Error::NotAStatement`].
    pub fn pages(&self) -> Result<Vec<Page>> {
        let scans = self.scans()?;
        if let Some(e) = self.no_text(&scans) {
            return Err(e);
        }
        Ok(scans.into_iter().map(|s| s.page).collect())
    }

    /// Every page interpreted, text or not.
    #[doc(hidden)]
    pub fn scans(&self) -> Result<Vec<PageScan>> {
        let budget = Budget::new(&self.limits, Instant::now());
        let mut fonts = FontCache::new();
        let mut scans = Vec::with_capacity(self.pages.len());
        let mut marks = Vec::with_capacity(self.pages.len());
        for i in 0..self.pages.len() {
            let scan = self.scan(i, &budget, &mut fonts)?;
            marks.push(super::forensics::PageMarks::of(&scan));
            scans.extend(split_sheet(scan));
        }
        let _ = self.page_marks.set(marks);
        if scans.len() != self.pages.len() {
            for (k, s) in scans.iter_mut().enumerate() {
                s.page.number = k as u32 + 1;
            }
        }
        Ok(scans)
    }

    /// The refusal of a document in which no page has any text (see [`Document::pages`]).
    #[doc(hidden)]
    pub fn no_text(&self, scans: &[PageScan]) -> Option<Error> {
        // U+FFFD stands for a glyph whose font names no text.
        let unreadable = |r: &super::text::TextRun| r.text.chars().all(|c| c.is_whitespace() || c == '\u{FFFD}');
        if !scans.iter().all(|s| s.page.runs.iter().all(unreadable)) {
            return unmapped_fonts(scans);
        }
        let images = scans.iter().map(|s| u64::from(s.images)).sum();
        let glyphs = scans.iter().map(|s| u64::from(s.glyphs)).sum();
        let curves = scans.iter().map(|s| u64::from(s.filled_curves)).sum();
        Some(no_text(scans.len(), images, glyphs, curves, self.encryption != EncryptionKind::None))
    }

    /// One page's positioned text, `index` counted from 0.
    pub fn page(&self, index: usize) -> Result<Page> {
        let budget = Budget::new(&self.limits, Instant::now());
        Ok(self.scan(index, &budget, &mut FontCache::new())?.page)
    }

    /// A page attribute, inherited through `/Parent` as the spec allows.
    pub(crate) fn inherited<'a>(&'a self, page: &'a Dictionary, key: &[u8]) -> Option<&'a Object> {
        let mut node = page;
        for _ in 0..self.limits.object_depth.min(256) {
            if let Some(v) = get(&self.doc, node, key) {
                return Some(v);
            }
            node = get_dict(&self.doc, node, b"Parent")?;
        }
        None
    }

    pub(crate) fn page_dict(&self, index: usize) -> Result<&Dictionary> {
        let id = self.pages.get(index).ok_or_else(|| Error::invalid_argument("page", "no such page"))?;
        self.doc.get_dictionary(*id).map_err(|_| Error::malformed(format!("page {} is not a dictionary", index + 1)))
    }

    /// The displayed box (CropBox within MediaBox) and rotation of a page.
    pub(crate) fn geometry(&self, page: &Dictionary) -> ([f32; 4], u16) {
        let media =
            self.inherited(page, b"MediaBox").and_then(|o| rect(&self.doc, o)).unwrap_or([0.0, 0.0, 612.0, 792.0]);
        let crop = self
            .inherited(page, b"CropBox")
            .and_then(|o| rect(&self.doc, o))
            .map(|c| [c[0].max(media[0]), c[1].max(media[1]), c[2].min(media[2]), c[3].min(media[3])]);
        let bbox = match crop {
            Some(c) if c[2] > c[0] && c[3] > c[1] => c,
            _ => media,
        };
        let rotate = self.inherited(page, b"Rotate").and_then(num).unwrap_or(0.0) as i64;
        let rotation = u16::try_from(rotate.rem_euclid(360) / 90 * 90).unwrap_or(0);
        (bbox, rotation)
    }

    /// The decoded content streams of a page, and how many there are.
    pub(crate) fn contents(&self, page: &Dictionary, budget: &Budget) -> Result<(Vec<u8>, u32)> {
        let mut data = Vec::new();
        let mut count = 0u32;
        let streams: Vec<&Object> = match page.get(b"Contents").map(|o| deref(&self.doc, o)) {
            Ok(Object::Array(a)) => a.iter().map(|o| deref(&self.doc, o)).collect(),
            Ok(o) => vec![o],
            Err(_) => Vec::new(),
        };
        for s in streams {
            if let Object::Stream(s) = s {
                count += 1;
                data.extend_from_slice(&budget.decode(s)?);
                data.push(b'\n');
            }
        }
        Ok((data, count))
    }

    pub(crate) fn scan(&self, index: usize, budget: &Budget, fonts: &mut FontCache) -> Result<PageScan> {
        budget.check_time()?;
        let page = self.page_dict(index)?;
        let (bbox, rotation) = self.geometry(page);
        let [x0, y0, x1, y1] = bbox;
        let (w, h) = (x1 - x0, y1 - y0);
        // User space to the displayed page, origin top-left, y down.
        let (device, width, height) = match rotation {
            90 => (Matrix::new([0.0, 1.0, 1.0, 0.0, -y0, -x0]), h, w),
            180 => (Matrix::new([-1.0, 0.0, 0.0, 1.0, x1, -y0]), w, h),
            270 => (Matrix::new([0.0, -1.0, -1.0, 0.0, y1, x1]), h, w),
            _ => (Matrix::new([1.0, 0.0, 0.0, -1.0, -x0, y1]), w, h),
        };
        let resources = self.inherited(page, b"Resources").and_then(|o| match o {
            Object::Dictionary(d) => Some(d),
            _ => None,
        });
        let (content, content_streams) = self.contents(page, budget)?;
        let mut collector = Collector::new((width, height));
        let touchup_markers = {
            let mut interp = Interpreter::new(&self.doc, budget, fonts, &mut collector);
            interp.run(&content, resources, device)?;
            interp.widgets(page, device)?;
            interp.touchup_markers
        };
        budget.add_glyphs(u64::from(collector.glyphs));
        collector.finish();
        collector.drop_overstruck();
        collector.reveal_scan_text_layer();
        collector.reveal_white_on_fills();
        collector.cover_by_white_fills();
        #[cfg(feature = "ocr")]
        let placed = std::mem::take(&mut collector.placed);
        let shapes = collector.shapes();
        let Collector { runs, rects, images, glyphs, filled_curves, forms, .. } = collector;
        Ok(PageScan {
            #[cfg(feature = "ocr")]
            placed,
            page: Page { number: index as u32 + 1, width, height, rotation, runs, shapes },
            rects,
            images,
            glyphs,
            filled_curves,
            forms,
            content_streams,
            touchup_markers,
        })
    }
}
