//! The forensic record of a PDF: who made it and when, how often it was
//! saved, which fonts each page uses and text that a reader does not see.
//!
//! These are signals for the fraud checks, not verdicts: customers re-save
//! statements to strip passwords, and banks' own generators differ.

use std::time::Instant;

use chrono::{DateTime, FixedOffset, NaiveDate, TimeZone};
use lopdf::{Dictionary, Document as LoDocument, Object};

use super::content::FontCache;
use super::objects::{Budget, deref, get, get_array, get_dict, get_name};
use super::open::{Document, EncryptionKind, PageScan};
use crate::error::Result;

/// At most this many hidden words are listed per page.
const MAX_HIDDEN_PER_PAGE: usize = 50;

/// Everything the fraud checks read from the file's structure.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Forensics {
    /// The header's version, e.g. `1.4`.
    pub pdf_version: String,
    /// The Info dictionary.
    pub info: Info,
    /// Producer and creator tool from the XMP metadata stream, when there is one.
    pub xmp: Option<Xmp>,
    /// Revisions of the file: 1 for the original, plus one per incremental
    /// update (a linearized file's first-page cross-reference section is not one).
    pub revisions: u32,
    /// `%%EOF` markers in the bytes (each save appends one; linearized files have two).
    pub eof_markers: u32,
    /// Whether the file is linearized ("fast web view").
    pub linearized: bool,
    /// The security handler.
    pub encryption: EncryptionKind,
    /// The handler's revision `R` (2 to 6), when encrypted.
    pub encryption_revision: Option<u8>,
    /// Number of pages.
    pub page_count: usize,
    /// Per page, in order.
    pub pages: Vec<PageForensics>,
    /// Whether any content stream carries Acrobat's `/TouchUp_TextEdit` marker.
    pub touchup_text_edit: bool,
    /// Pages whose content streams were written by an incremental update
    /// (stored after the original file's `%%EOF`): the page's drawing was
    /// changed after the file was made. Signature and form updates add
    /// annotations, not page content. Not looked for in linearized files.
    pub pages_redrawn_by_update: Vec<u32>,
}

/// The Info dictionary's standard entries.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Info {
    /// `/Producer`
    pub producer: Option<String>,
    /// `/Creator`
    pub creator: Option<String>,
    /// `/Author`
    pub author: Option<String>,
    /// `/Title`
    pub title: Option<String>,
    /// `/CreationDate` as written.
    pub creation_date_raw: Option<String>,
    /// `/ModDate` as written.
    pub mod_date_raw: Option<String>,
    /// `/CreationDate` parsed (`D:YYYYMMDDHHmmSS+HH'mm'`).
    pub creation_date: Option<DateTime<FixedOffset>>,
    /// `/ModDate` parsed.
    pub mod_date: Option<DateTime<FixedOffset>>,
}

/// The XMP packet's tool names.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Xmp {
    /// `xmp:CreatorTool`
    pub creator_tool: Option<String>,
    /// `pdf:Producer`
    pub producer: Option<String>,
}

/// One page's structure signals.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PageForensics {
    /// 1-based page number.
    pub number: u32,
    /// Displayed width in points.
    pub width: f32,
    /// Displayed height in points.
    pub height: f32,
    /// `/Rotate`.
    pub rotation: u16,
    /// Content streams of the page (editors append one per edit).
    pub content_streams: u32,
    /// Fonts in the page's resources (and its forms').
    pub fonts: Vec<FontUse>,
    /// Whether the page's content carries `/TouchUp_TextEdit`.
    pub touchup_text_edit: bool,
    /// Images drawn.
    pub images: u32,
    /// Words drawn that a reader does not see (capped at 50 per page).
    pub hidden_text: Vec<HiddenText>,
    /// Subtypes of the annotations that draw on the page over its content
    /// (`FreeText`, `Stamp`, `Square`, `Ink`, form fields ...): how "Fill &
    /// Sign" and comment tools put new text on a statement. Links, notes
    /// and text markup are left out.
    pub annotations: Vec<String>,
}

/// Annotation subtypes that draw text or marks over a page.
const DRAWN_ANNOTATIONS: &[&[u8]] =
    &[b"FreeText", b"Stamp", b"Ink", b"Square", b"Circle", b"Polygon", b"PolyLine", b"Line", b"Redact", b"Widget"];

/// A widget of a signature field: its own `/FT /Sig`, or its parent field's
/// (a widget is often a kid of the field that names the type).
fn is_signature_field(doc: &LoDocument, widget: &Dictionary) -> bool {
    let mut field = Some(widget);
    for _ in 0..8 {
        let Some(d) = field else { return false };
        if let Some(ft) = get_name(doc, d, b"FT") {
            return ft == b"Sig";
        }
        field = get_dict(doc, d, b"Parent");
    }
    false
}

/// A font a page uses.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FontUse {
    /// `/BaseFont` as written (`ABCDEF+Arial-BoldMT`).
    pub name: String,
    /// `/Subtype` (`Type1`, `TrueType`, `Type0`, `Type3`).
    pub subtype: String,
    /// Whether a font program is embedded.
    pub embedded: bool,
    /// The six-letter subset tag (`ABCDEF`), when the font is a subset.
    pub subset_tag: Option<String>,
}

/// Why a word is not seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Hidden {
    /// Text render mode 3 (or 7): drawn without ink.
    Invisible,
    /// Filled in white.
    White,
    /// Covered by a filled rectangle drawn after it.
    Covered,
}

/// A word that is drawn but not seen.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct HiddenText {
    /// The word.
    pub text: String,
    /// How it is hidden.
    pub how: Hidden,
    /// Left edge, points from the left.
    pub x: f32,
    /// Baseline, points from the top.
    pub y: f32,
}

/// Parse a PDF date: `D:YYYY[MM[DD[HH[mm[SS]]]]][Z|+HH'mm'|-HH'mm']`.
pub fn parse_pdf_date(s: &str) -> Option<DateTime<FixedOffset>> {
    let s = s.trim();
    let s = s.strip_prefix("D:").unwrap_or(s);
    let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
    if digits.len() < 4 {
        return None;
    }
    let field = |from: usize, len: usize, default: u32| -> Option<u32> {
        match digits.get(from..from + len) {
            Some(v) => v.parse().ok(),
            None => Some(default),
        }
    };
    let year = i32::try_from(field(0, 4, 0)?).ok()?;
    let date = NaiveDate::from_ymd_opt(year, field(4, 2, 1)?, field(6, 2, 1)?)?;
    let time = date.and_hms_opt(field(8, 2, 0)?, field(10, 2, 0)?, field(12, 2, 0)?.min(59))?;
    let rest = s.get(digits.len()..).unwrap_or_default();
    let offset = match rest.chars().next() {
        Some(sign @ ('+' | '-')) => {
            let nums: Vec<i32> = rest
                .get(1..)
                .unwrap_or_default()
                .split(|c: char| !c.is_ascii_digit())
                .filter(|p| !p.is_empty())
                .filter_map(|p| p.parse().ok())
                .collect();
            let hours = nums.first().copied().unwrap_or(0).clamp(0, 23);
            let minutes = nums.get(1).copied().unwrap_or(0).clamp(0, 59);
            let secs = hours * 3600 + minutes * 60;
            FixedOffset::east_opt(if sign == '-' { -secs } else { secs })?
        }
        _ => FixedOffset::east_opt(0)?,
    };
    offset.from_local_datetime(&time).single()
}

fn text_string(doc: &LoDocument, dict: &Dictionary, key: &[u8]) -> Option<String> {
    let o = get(doc, dict, key)?;
    let s = lopdf::decode_text_string(o).ok()?;
    let s = s.trim_matches(char::from(0)).trim().to_owned();
    (!s.is_empty()).then_some(s)
}

fn xml_unescape(s: &str) -> String {
    s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&apos;", "'").replace("&amp;", "&")
}

/// The value of an XMP property, written as an element or as an attribute.
fn xmp_value(xml: &str, name: &str) -> Option<String> {
    let open = format!("<{name}>");
    if let Some(start) = xml.find(&open).map(|i| i + open.len()) {
        let rest = xml.get(start..)?;
        let end = rest.find(&format!("</{name}>"))?;
        let inner = rest.get(..end)?;
        // rdf:Alt / rdf:li wrappers: keep the text of the first item.
        let text = match inner.find("<rdf:li") {
            Some(li) => {
                let after = inner.get(li..)?;
                let body = after.get(after.find('>')? + 1..)?;
                body.get(..body.find('<').unwrap_or(body.len()))?
            }
            None => inner,
        };
        let v = xml_unescape(text.trim());
        return (!v.is_empty()).then_some(v);
    }
    let attr = format!("{name}=\"");
    let start = xml.find(&attr)? + attr.len();
    let rest = xml.get(start..)?;
    let v = xml_unescape(rest.get(..rest.find('"')?)?.trim());
    (!v.is_empty()).then_some(v)
}

fn font_use(doc: &LoDocument, dict: &Dictionary) -> FontUse {
    let name = get_name(doc, dict, b"BaseFont").map(|n| String::from_utf8_lossy(n).into_owned()).unwrap_or_default();
    let subtype = get_name(doc, dict, b"Subtype").map(|n| String::from_utf8_lossy(n).into_owned()).unwrap_or_default();
    let descriptor = if subtype == "Type0" {
        get(doc, dict, b"DescendantFonts")
            .and_then(|o| o.as_array().ok())
            .and_then(|a| a.first())
            .and_then(|o| deref(doc, o).as_dict().ok())
            .and_then(|d| get_dict(doc, d, b"FontDescriptor"))
    } else {
        get_dict(doc, dict, b"FontDescriptor")
    };
    let embedded = subtype == "Type3"
        || descriptor
            .is_some_and(|d| [&b"FontFile"[..], b"FontFile2", b"FontFile3"].iter().any(|k| get(doc, d, k).is_some()));
    let subset_tag = subset_of(&name).map(|(tag, _)| tag.to_owned());
    FontUse { name, subtype, embedded, subset_tag }
}

/// A BaseFont's subset tag (`ABCDEF+`, six capitals) and the face after it:
/// `ABCDEF+DejaVuSans` is `("ABCDEF", "DejaVuSans")`; a name without a tag
/// is `None`.
pub fn subset_of(font: &str) -> Option<(&str, &str)> {
    let (tag, face) = font.split_once('+')?;
    (tag.len() == 6 && tag.bytes().all(|b| b.is_ascii_uppercase()) && !face.is_empty()).then_some((tag, face))
}

/// Fonts of a resource dictionary and of the forms it draws, to a bounded depth.
fn collect_fonts(doc: &LoDocument, resources: &Dictionary, depth: u32, out: &mut Vec<FontUse>) {
    if let Some(fonts) = get_dict(doc, resources, b"Font") {
        for (_, f) in fonts.iter() {
            if let Object::Dictionary(d) = deref(doc, f) {
                let u = font_use(doc, d);
                if !out.contains(&u) {
                    out.push(u);
                }
            }
        }
    }
    if depth >= 8 {
        return;
    }
    if let Some(xobjects) = get_dict(doc, resources, b"XObject") {
        for (_, x) in xobjects.iter() {
            if let Object::Stream(s) = deref(doc, x)
                && get_name(doc, &s.dict, b"Subtype") == Some(b"Form")
                && let Some(r) = get_dict(doc, &s.dict, b"Resources")
                && !std::ptr::eq(r, resources)
            {
                collect_fonts(doc, r, depth + 1, out);
            }
        }
    }
}

/// What the forensic record takes from a page's interpretation (its words
/// are not needed again).
#[derive(Clone, Debug)]
pub(crate) struct PageMarks {
    number: u32,
    width: f32,
    height: f32,
    rotation: u16,
    content_streams: u32,
    touchup_markers: u32,
    images: u32,
    hidden_text: Vec<HiddenText>,
}

impl PageMarks {
    pub(crate) fn of(scan: &PageScan) -> PageMarks {
        PageMarks {
            number: scan.page.number,
            width: scan.page.width,
            height: scan.page.height,
            rotation: scan.page.rotation,
            content_streams: scan.content_streams,
            touchup_markers: scan.touchup_markers,
            images: scan.images,
            hidden_text: hidden_text(scan),
        }
    }
}

fn hidden_text(scan: &PageScan) -> Vec<HiddenText> {
    let mut out = Vec::new();
    for run in &scan.page.runs {
        if out.len() >= MAX_HIDDEN_PER_PAGE {
            break;
        }
        if run.text.trim().is_empty() {
            continue;
        }
        let how = if run.invisible {
            Some(Hidden::Invisible)
        } else if run.white {
            Some(Hidden::White)
        } else if scan.rects.iter().any(|r| r.after_glyphs > run.order && super::text::inside(run, &r.bbox)) {
            Some(Hidden::Covered)
        } else {
            None
        };
        if let Some(how) = how {
            out.push(HiddenText { text: run.text.clone(), how, x: run.x0, y: run.y });
        }
    }
    out
}

impl Document {
    /// The document information dictionary (`/Info`): producer, creator,
    /// author, title and dates.
    pub fn info(&self) -> Info {
        let doc = &self.doc;
        let info_dict = match doc.trailer.get(b"Info").map(|o| deref(doc, o)) {
            Ok(Object::Dictionary(d)) => Some(d),
            _ => None,
        };
        info_dict.map_or_else(Info::default, |d| {
            let creation_date_raw = text_string(doc, d, b"CreationDate");
            let mod_date_raw = text_string(doc, d, b"ModDate");
            Info {
                producer: text_string(doc, d, b"Producer"),
                creator: text_string(doc, d, b"Creator"),
                author: text_string(doc, d, b"Author"),
                title: text_string(doc, d, b"Title"),
                creation_date: creation_date_raw.as_deref().and_then(parse_pdf_date),
                mod_date: mod_date_raw.as_deref().and_then(parse_pdf_date),
                creation_date_raw,
                mod_date_raw,
            }
        })
    }

    /// 1-based numbers of the pages whose content streams an incremental
    /// update wrote (their objects stored after the first `%%EOF`).
    fn pages_redrawn_by_update(&self) -> Vec<u32> {
        let doc = &self.doc;
        let Some(end) = self.first_eof_end else { return Vec::new() };
        if doc.linearization.is_some() || doc.revision_count() < 2 {
            return Vec::new();
        }
        let offset = |id: u32| -> Option<usize> {
            match doc.reference_table.get(id)? {
                lopdf::xref::XrefEntry::Normal { offset, .. } => usize::try_from(*offset).ok(),
                lopdf::xref::XrefEntry::Compressed { container, .. } => match doc.reference_table.get(*container)? {
                    lopdf::xref::XrefEntry::Normal { offset, .. } => usize::try_from(*offset).ok(),
                    _ => None,
                },
                _ => None,
            }
        };
        let mut out = Vec::new();
        for (i, &page_id) in self.pages.iter().enumerate() {
            let Ok(page) = doc.get_dictionary(page_id) else { continue };
            let mut ids: Vec<u32> = Vec::new();
            match page.get(b"Contents") {
                Ok(Object::Reference(r)) => {
                    ids.push(r.0);
                    if let Ok(Object::Array(a)) = doc.get_object(*r) {
                        ids.extend(a.iter().filter_map(|o| o.as_reference().ok().map(|r| r.0)));
                    }
                }
                Ok(Object::Array(a)) => ids.extend(a.iter().filter_map(|o| o.as_reference().ok().map(|r| r.0))),
                _ => {}
            }
            if ids.iter().any(|&id| offset(id).is_some_and(|o| o > end)) {
                out.push(u32::try_from(i + 1).unwrap_or(u32::MAX));
            }
        }
        out
    }

    /// The forensic record. Reads every page's content (within the limits).
    pub fn forensics(&self) -> Result<Forensics> {
        let doc = &self.doc;
        let budget = Budget::new(&self.limits, Instant::now());
        let info = self.info();
        let xmp = match doc.catalog().ok().and_then(|c| get(doc, c, b"Metadata")) {
            Some(Object::Stream(s)) => {
                let data = budget.decode(s)?;
                let xml = String::from_utf8_lossy(&data);
                Some(Xmp {
                    creator_tool: xmp_value(&xml, "xmp:CreatorTool"),
                    producer: xmp_value(&xml, "pdf:Producer"),
                })
            }
            _ => None,
        };
        let mut fonts_cache = FontCache::new();
        let mut pages = Vec::with_capacity(self.pages.len());
        let kept = self.page_marks.get();
        for i in 0..self.pages.len() {
            let scan = match kept.and_then(|k| k.get(i)) {
                Some(m) => m.clone(),
                None => PageMarks::of(&self.scan(i, &budget, &mut fonts_cache)?),
            };
            let page = self.page_dict(i)?;
            let mut fonts = Vec::new();
            if let Some(Object::Dictionary(r)) = self.inherited(page, b"Resources") {
                collect_fonts(doc, r, 0, &mut fonts);
            }
            let annotations: Vec<String> = get_array(doc, page, b"Annots")
                .unwrap_or_default()
                .iter()
                .take(1_000)
                .filter_map(|a| match deref(doc, a) {
                    // A signature field's appearance ("Digitally signed by
                    // ...", as banks sign e-statements) is the signer's mark,
                    // not text put over the page.
                    Object::Dictionary(d) if !is_signature_field(doc, d) => {
                        get_name(doc, d, b"Subtype").map(|n| n.to_vec())
                    }
                    _ => None,
                })
                .filter(|n| DRAWN_ANNOTATIONS.contains(&n.as_slice()))
                .map(|n| String::from_utf8_lossy(&n).into_owned())
                .collect();
            pages.push(PageForensics {
                number: scan.number,
                width: scan.width,
                height: scan.height,
                rotation: scan.rotation,
                content_streams: scan.content_streams,
                fonts,
                touchup_text_edit: scan.touchup_markers > 0,
                images: scan.images,
                hidden_text: scan.hidden_text,
                annotations,
            });
        }
        let pages_redrawn_by_update = self.pages_redrawn_by_update();
        Ok(Forensics {
            pages_redrawn_by_update,
            pdf_version: doc.version.clone(),
            info,
            xmp,
            revisions: u32::try_from(doc.revision_count()).unwrap_or(u32::MAX),
            eof_markers: self.eof_markers,
            linearized: doc.linearization.is_some(),
            encryption: self.encryption,
            encryption_revision: self.encryption_revision.and_then(|r| u8::try_from(r).ok()),
            page_count: self.pages.len(),
            touchup_text_edit: pages.iter().any(|p| p.touchup_text_edit),
            pages,
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn pdf_dates() {
        let d = parse_pdf_date("D:20250701103015+05'30'").unwrap();
        assert_eq!(d.to_rfc3339(), "2025-07-01T10:30:15+05:30");
        assert_eq!(parse_pdf_date("D:20240229").unwrap().to_rfc3339(), "2024-02-29T00:00:00+00:00");
        assert_eq!(parse_pdf_date("D:20250701103015Z").unwrap().to_rfc3339(), "2025-07-01T10:30:15+00:00");
        assert_eq!(parse_pdf_date("20250101120000-08'00").unwrap().to_rfc3339(), "2025-01-01T12:00:00-08:00");
        assert_eq!(parse_pdf_date("D:2025133"), None);
        assert!(parse_pdf_date("D:20250101000000+99999999999'99999'").is_some());
        assert_eq!(parse_pdf_date("yesterday"), None);
    }

    #[test]
    fn xmp_values() {
        let xml = r#"<x:xmpmeta><rdf:Description xmp:CreatorTool="Microsoft&#174; Word" pdf:Producer="SAMBox 1.1"/>
            <rdf:Description><xmp:CreatorTool>Sejda &amp; co</xmp:CreatorTool></rdf:Description></x:xmpmeta>"#;
        assert_eq!(xmp_value(xml, "xmp:CreatorTool").as_deref(), Some("Sejda & co"));
        assert_eq!(xmp_value(xml, "pdf:Producer").as_deref(), Some("SAMBox 1.1"));
        assert_eq!(xmp_value(xml, "dc:title"), None);
    }
}
