//! Fonts: how codes in a shown string become glyph widths and Unicode text.
//!
//! A font dictionary is read once per document into [`Font`], which answers
//! per glyph without allocating: the next code of a string, its advance width
//! and its text.

use std::sync::Arc;

use lopdf::{Dictionary, Document, Object};

use super::cmap::{self, CodeMap, ToUnicode};
use super::fontdata;
use super::objects::{Budget, deref, get, get_array, get_dict, get_name, get_num, num};
use crate::error::Result;

/// A glyph's Unicode text in a simple font: one char, or a range of `Font::extra`.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Uni {
    None,
    Char(char),
    Str(u32, u32),
}

#[derive(Debug)]
enum Kind {
    /// One byte per code.
    Simple { widths: Box<[f32; 256]>, uni: Box<[Uni; 256]> },
    /// Type0: codes by the encoding CMap, widths by CID.
    Composite(Box<Composite>),
}

#[derive(Debug)]
struct Composite {
    codes: CodeMap,
    widths: Vec<(u32, u32, f32)>,
    default_width: f32,
    to_unicode: ToUnicode,
    /// Text by CID from the embedded TrueType font's own tables, for fonts
    /// without a ToUnicode map (empty otherwise).
    by_cid: ToUnicode,
}

/// A font as the text extractor needs it.
#[derive(Debug)]
pub(crate) struct Font {
    /// BaseFont, with its subset tag.
    pub(crate) name: Arc<str>,
    /// Glyph-space to text-space scale of widths (0.001 except for Type3).
    pub(crate) scale: f32,
    /// Vertical text-space extent of 1 unit of font size (1 except for Type3s
    /// whose /FontMatrix is not square).
    pub(crate) v_scale: f32,
    kind: Kind,
    extra: String,
}

/// Which standard-14 metrics a font name stands for.
fn standard_metrics(base: &str) -> Option<&'static [(&'static str, u16)]> {
    let name = base.split_once('+').map_or(base, |(_, n)| n);
    let lower = name.to_ascii_lowercase().replace(['-', ',', ' ', '_'], "");
    let bold = lower.contains("bold") || lower.contains("black") || lower.contains("heavy");
    let italic = lower.contains("italic") || lower.contains("oblique");
    let f: &'static [(&'static str, u16)] = if lower.starts_with("courier") {
        match (bold, italic) {
            (false, false) => &fontdata::COURIER,
            (true, false) => &fontdata::COURIER_BOLD,
            (false, true) => &fontdata::COURIER_OBLIQUE,
            (true, true) => &fontdata::COURIER_BOLD_OBLIQUE,
        }
    } else if lower.starts_with("helvetica") || lower.starts_with("arial") {
        match (bold, italic) {
            (false, false) => &fontdata::HELVETICA,
            (true, false) => &fontdata::HELVETICA_BOLD,
            (false, true) => &fontdata::HELVETICA_OBLIQUE,
            (true, true) => &fontdata::HELVETICA_BOLD_OBLIQUE,
        }
    } else if lower.starts_with("times") {
        match (bold, italic) {
            (false, false) => &fontdata::TIMES_ROMAN,
            (true, false) => &fontdata::TIMES_BOLD,
            (false, true) => &fontdata::TIMES_ITALIC,
            (true, true) => &fontdata::TIMES_BOLD_ITALIC,
        }
    } else if lower.starts_with("symbol") {
        &fontdata::SYMBOL_WIDTHS
    } else if lower.starts_with("zapfdingbats") {
        &fontdata::ZAPF_DINGBATS_WIDTHS
    } else {
        return None;
    };
    Some(f)
}

fn afm_width(metrics: &[(&str, u16)], glyph: &str) -> Option<f32> {
    metrics.binary_search_by(|(n, _)| (*n).cmp(glyph)).ok().and_then(|i| metrics.get(i)).map(|(_, w)| f32::from(*w))
}

fn agl(name: &str) -> Option<char> {
    let list = &fontdata::GLYPH_LIST;
    list.binary_search_by(|(n, _)| (*n).cmp(name)).ok().and_then(|i| list.get(i)).map(|(_, c)| *c)
}

fn hex_char(h: &str) -> Option<char> {
    u32::from_str_radix(h, 16).ok().and_then(char::from_u32)
}

/// Unicode for a glyph name: the Adobe Glyph List, `uniXXXX[XXXX...]`,
/// `uXXXX[XX]`, `name.suffix` and `a_b` ligatures. Appends to `out`.
pub(crate) fn push_glyph_name(name: &str, out: &mut String) -> bool {
    if let Some(c) = agl(name) {
        out.push(c);
        return true;
    }
    let base = name.split('.').next().unwrap_or(name);
    if base != name && !base.is_empty() {
        return push_glyph_name(base, out);
    }
    if base.contains('_') {
        let start = out.len();
        for part in base.split('_') {
            if !push_glyph_name(part, out) {
                out.truncate(start);
                return false;
            }
        }
        return true;
    }
    if let Some(hex) = base.strip_prefix("uni")
        && hex.len() >= 4
        && hex.len() % 4 == 0
        && hex.bytes().all(|b| b.is_ascii_hexdigit())
    {
        let start = out.len();
        for chunk in hex.as_bytes().chunks(4) {
            match std::str::from_utf8(chunk).ok().and_then(hex_char) {
                Some(c) => out.push(c),
                None => {
                    out.truncate(start);
                    return false;
                }
            }
        }
        return true;
    }
    if let Some(hex) = base.strip_prefix('u')
        && (4..=6).contains(&hex.len())
        && let Some(c) = hex_char(hex)
    {
        out.push(c);
        return true;
    }
    false
}

fn encoding_table(name: &[u8]) -> Option<&'static [&'static str; 256]> {
    match name {
        b"WinAnsiEncoding" => Some(&fontdata::WIN_ANSI),
        b"MacRomanEncoding" => Some(&fontdata::MAC_ROMAN),
        b"StandardEncoding" => Some(&fontdata::STANDARD),
        _ => None,
    }
}

fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Read the ToUnicode CMap of a font dictionary, if any.
fn to_unicode(doc: &Document, dict: &Dictionary, budget: &Budget) -> Result<ToUnicode> {
    match get(doc, dict, b"ToUnicode") {
        Some(Object::Stream(s)) => Ok(cmap::parse(&budget.decode(s)?).0),
        _ => Ok(ToUnicode::default()),
    }
}

fn has_font_file(doc: &Document, desc: Option<&Dictionary>) -> bool {
    desc.is_some_and(|d| [&b"FontFile"[..], b"FontFile2", b"FontFile3"].iter().any(|k| get(doc, d, k).is_some()))
}

impl Font {
    /// Read a font dictionary. Never fails on odd fonts (they read as glyphs
    /// without text); fails only on limits.
    pub(crate) fn load(doc: &Document, dict: &Dictionary, budget: &Budget) -> Result<Font> {
        let subtype = get_name(doc, dict, b"Subtype").unwrap_or(b"Type1");
        if subtype == b"Type0" {
            return Self::load_composite(doc, dict, budget);
        }
        let base = get_name(doc, dict, b"BaseFont").map(lossy).unwrap_or_default();
        let desc = get_dict(doc, dict, b"FontDescriptor");
        let embedded = has_font_file(doc, desc);
        let std_metrics = standard_metrics(&base);

        // Glyph names per code: the base encoding, then /Differences.
        let mut names: [&str; 256] = [""; 256];
        let base_table = match &base {
            b if b.starts_with("Symbol") => Some(&fontdata::SYMBOL),
            b if b.starts_with("ZapfDingbats") => Some(&fontdata::ZAPF_DINGBATS),
            _ => None,
        };
        let mut diffs: Option<&[Object]> = None;
        let enc_table = match get(doc, dict, b"Encoding") {
            Some(Object::Name(n)) => encoding_table(n),
            Some(Object::Dictionary(d)) => {
                diffs = get_array(doc, d, b"Differences");
                get_name(doc, d, b"BaseEncoding").and_then(encoding_table)
            }
            _ => None,
        };
        let symbolic = desc.and_then(|d| get_num(doc, d, b"Flags")).is_some_and(|f| (f as u32) & 4 != 0);
        let table = enc_table.or(base_table).or(if embedded && (symbolic || subtype == b"TrueType") {
            None
        } else {
            Some(&fontdata::STANDARD)
        });
        if let Some(t) = table {
            names = *t;
        }
        let mut diff_names: Vec<(usize, Vec<u8>)> = Vec::new();
        if let Some(diffs) = diffs {
            let mut code = 0usize;
            for d in diffs {
                match deref(doc, d) {
                    Object::Integer(i) => code = usize::try_from(*i).unwrap_or(256),
                    Object::Name(n) => {
                        if code < 256 {
                            diff_names.push((code, n.clone()));
                        }
                        code = code.saturating_add(1);
                    }
                    _ => {}
                }
            }
        }
        let diff_strs: Vec<(usize, String)> = diff_names.into_iter().map(|(c, n)| (c, lossy(&n))).collect();
        for (code, name) in &diff_strs {
            if let Some(slot) = names.get_mut(*code) {
                *slot = name.as_str();
            }
        }

        let (scale, v_scale) = if subtype == b"Type3" {
            let m = get_array(doc, dict, b"FontMatrix").unwrap_or_default();
            let a = m.first().and_then(num).unwrap_or(0.001);
            let d = m.get(3).and_then(num).unwrap_or(0.001);
            // The em is as tall as it is wide, whatever units the glyph
            // procedures use (1000, 2048 as Skia writes them, or 1): the
            // vertical scale is the matrix's aspect, not d × 1000.
            let aspect = if a.abs() > f32::EPSILON { (d / a).abs() } else { 1.0 };
            (a, aspect.clamp(0.05, 20.0))
        } else {
            (0.001, 1.0)
        };

        // Widths: /Widths, else the standard metrics by glyph name, else MissingWidth.
        let missing = desc.and_then(|d| get_num(doc, d, b"MissingWidth")).unwrap_or(0.0);
        let mut widths = Box::new([f32::NAN; 256]);
        let first = get_num(doc, dict, b"FirstChar").unwrap_or(0.0).max(0.0) as usize;
        if let Some(ws) = get_array(doc, dict, b"Widths") {
            for (i, w) in ws.iter().enumerate() {
                if let (Some(slot), Some(w)) = (widths.get_mut(first.saturating_add(i)), num(deref(doc, w))) {
                    *slot = w;
                }
            }
        }
        let monospace = std_metrics.is_none() && base.to_ascii_lowercase().contains("courier");
        for (code, w) in widths.iter_mut().enumerate() {
            if w.is_nan() {
                let name = names.get(code).copied().unwrap_or("");
                *w = std_metrics
                    .and_then(|m| afm_width(m, name))
                    .or_else(|| (std_metrics.is_some() || monospace).then_some(if monospace { 600.0 } else { 0.0 }))
                    .filter(|w| *w > 0.0)
                    .unwrap_or(missing);
            }
        }
        // A font without any width information at all: a fixed-pitch one (the
        // descriptor's FixedPitch flag, or a typewriter / line-printer face by
        // name) advances every glyph alike, by the descriptor's average or
        // widest glyph where it gives one, else as Courier; others fall back to
        // Helvetica's widths.
        let fixed_pitch = desc.and_then(|d| get_num(doc, d, b"Flags")).is_some_and(|f| (f as i64) & 1 == 1) || {
            let b = base.to_ascii_lowercase();
            ["mono", "lineprinter", "line printer", "lucidaconsole", "lucida console", "consolas", "lettergothic"]
                .iter()
                .any(|m| b.contains(m))
        };
        if fixed_pitch && widths.iter().all(|w| *w == 0.0) {
            let pitch = [b"AvgWidth".as_slice(), b"MaxWidth".as_slice()]
                .iter()
                .find_map(|k| desc.and_then(|d| get_num(doc, d, k)).filter(|w| *w > 0.0))
                .unwrap_or(600.0);
            widths.iter_mut().for_each(|w| *w = pitch);
        }
        if widths.iter().all(|w| *w == 0.0) {
            for (code, w) in widths.iter_mut().enumerate() {
                let name = fontdata::STANDARD.get(code).copied().unwrap_or("");
                *w = afm_width(&fontdata::HELVETICA, name).unwrap_or(500.0);
            }
        }

        let tu = to_unicode(doc, dict, budget)?;
        let mut extra = String::new();
        let mut uni = Box::new([Uni::None; 256]);
        for (code, slot) in uni.iter_mut().enumerate() {
            let start = extra.len();
            let code32 = code as u32;
            let found = tu.push(code32, &mut extra)
                || names.get(code).is_some_and(|n| !n.is_empty() && push_glyph_name(n, &mut extra));
            *slot = if !found {
                // Last resort for printable ASCII codes in fonts that name nothing.
                if (32..127).contains(&code) && tu.is_empty() && names.get(code).is_none_or(|n| n.is_empty()) {
                    Uni::Char(char::from(code as u8))
                } else {
                    Uni::None
                }
            } else {
                let s = extra.get(start..).unwrap_or_default();
                let mut chars = s.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => {
                        extra.truncate(start);
                        Uni::Char(c)
                    }
                    (None, _) => Uni::None,
                    _ => Uni::Str(start as u32, extra.len() as u32),
                }
            };
        }
        // The Rupee Foradian font (and its copies, "Rupee_Foradian", "Rupee"),
        // which Indian documents use for the rupee sign before Unicode had
        // one: its only glyph is the sign, at the grave accent's code.
        let bare = base.split_once('+').map_or(base.as_str(), |(_, n)| n).to_ascii_lowercase();
        if bare.trim_start_matches(|c: char| !c.is_ascii_alphabetic()).starts_with("rupee")
            && let Some(slot) = uni.get_mut(0x60)
            && matches!(*slot, Uni::Char('`') | Uni::None)
        {
            *slot = Uni::Char('\u{20B9}');
        }
        // A Type3 font has no /BaseFont: it goes by its /Name, or by its kind.
        let name = match base.as_str() {
            "" if subtype == b"Type3" => get_name(doc, dict, b"Name").map_or_else(|| "Type3".to_string(), lossy),
            _ => base,
        };
        Ok(Font { name: name.into(), scale, v_scale, kind: Kind::Simple { widths, uni }, extra })
    }

    fn load_composite(doc: &Document, dict: &Dictionary, budget: &Budget) -> Result<Font> {
        let base = get_name(doc, dict, b"BaseFont").map(lossy).unwrap_or_default();
        let descendant = get_array(doc, dict, b"DescendantFonts").and_then(|a| a.first()).map(|o| deref(doc, o));
        let cid_font = match descendant {
            Some(Object::Dictionary(d)) => Some(d),
            _ => None,
        };
        let codes = match get(doc, dict, b"Encoding") {
            Some(Object::Stream(s)) => cmap::parse(&budget.decode(s)?).1,
            _ => CodeMap::default(),
        };
        let default_width = cid_font.and_then(|d| get_num(doc, d, b"DW")).unwrap_or(1000.0);
        let mut widths = Vec::new();
        if let Some(w) = cid_font.and_then(|d| get_array(doc, d, b"W")) {
            let mut i = 0;
            while let Some(first) = w.get(i).map(|o| deref(doc, o)).and_then(num) {
                let first = first.max(0.0) as u32;
                match w.get(i + 1).map(|o| deref(doc, o)) {
                    Some(Object::Array(list)) => {
                        for (k, wv) in list.iter().enumerate() {
                            if let Some(wv) = num(deref(doc, wv)) {
                                let c = first.saturating_add(k as u32);
                                widths.push((c, c, wv));
                            }
                        }
                        i += 2;
                    }
                    Some(o) => {
                        let last = num(o).unwrap_or(0.0).max(0.0) as u32;
                        let wv = w.get(i + 2).map(|o| deref(doc, o)).and_then(num).unwrap_or(default_width);
                        widths.push((first, last, wv));
                        i += 3;
                    }
                    None => break,
                }
            }
        }
        widths.sort_by_key(|w| w.0);
        let to_unicode = to_unicode(doc, dict, budget)?;
        let by_cid = match cid_font {
            Some(cid_font) if to_unicode.is_empty() => embedded_text_by_cid(doc, cid_font, budget)?,
            _ => ToUnicode::default(),
        };
        Ok(Font {
            name: base.into(),
            scale: 0.001,
            v_scale: 1.0,
            kind: Kind::Composite(Box::new(Composite { codes, widths, default_width, to_unicode, by_cid })),
            extra: String::new(),
        })
    }

    /// A stand-in for a missing or unreadable font, so its text still reads.
    pub(crate) fn fallback() -> Font {
        let mut uni = Box::new([Uni::None; 256]);
        let mut widths = Box::new([500.0f32; 256]);
        for code in 32u8..127 {
            if let Some(slot) = uni.get_mut(usize::from(code)) {
                *slot = Uni::Char(char::from(code));
            }
            let name = fontdata::STANDARD.get(usize::from(code)).copied().unwrap_or("");
            if let (Some(slot), Some(w)) = (widths.get_mut(usize::from(code)), afm_width(&fontdata::HELVETICA, name)) {
                *slot = w;
            }
        }
        Font { name: "".into(), scale: 0.001, v_scale: 1.0, kind: Kind::Simple { widths, uni }, extra: String::new() }
    }

    /// The next code of a shown string, advancing `i`; `None` at the end.
    #[inline]
    pub(crate) fn next_code(&self, bytes: &[u8], i: &mut usize) -> Option<(u32, bool)> {
        if *i >= bytes.len() {
            return None;
        }
        match &self.kind {
            Kind::Simple { .. } => {
                let b = bytes.get(*i).copied()?;
                *i += 1;
                Some((u32::from(b), true))
            }
            Kind::Composite(c) => {
                let codes = &c.codes;
                let before = *i;
                let code = codes.next_code(bytes, i);
                Some((code, *i - before == 1))
            }
        }
    }

    /// Advance width of a code in glyph units (thousandths of the font size for most fonts).
    #[inline]
    /// The advance width (glyph units) of the font's space glyph: the code
    /// whose text is a space (simple fonts only).
    pub(crate) fn space_width(&self) -> Option<f32> {
        match &self.kind {
            Kind::Simple { widths, uni } => {
                let code = if uni.get(32) == Some(&Uni::Char(' ')) {
                    32
                } else {
                    uni.iter().position(|u| *u == Uni::Char(' '))?
                };
                widths.get(code).copied().filter(|w| *w > 0.0)
            }
            Kind::Composite(_) => None,
        }
    }

    pub(crate) fn width(&self, code: u32) -> f32 {
        match &self.kind {
            Kind::Simple { widths, .. } => widths.get(code as usize).copied().unwrap_or(0.0),
            Kind::Composite(c) => {
                let (widths, default_width) = (&c.widths, &c.default_width);
                let cid = c.codes.cid(code);
                let idx = widths.partition_point(|w| w.0 <= cid);
                // Ranges may overlap; the nearest one starting at or below the cid wins.
                match idx.checked_sub(1).and_then(|k| widths.get(k)) {
                    Some(&(lo, hi, w)) if (lo..=hi).contains(&cid) => w,
                    _ => *default_width,
                }
            }
        }
    }

    /// Append the text of a code; `false` when the font does not say.
    #[inline]
    pub(crate) fn push_text(&self, code: u32, out: &mut String) -> bool {
        match &self.kind {
            Kind::Simple { uni, .. } => match uni.get(code as usize).copied().unwrap_or(Uni::None) {
                Uni::None => false,
                Uni::Char(c) => {
                    out.push(c);
                    true
                }
                Uni::Str(s, e) => {
                    out.push_str(self.extra.get(s as usize..e as usize).unwrap_or_default());
                    true
                }
            },
            Kind::Composite(c) => c.to_unicode.push(code, out) || c.by_cid.push(c.codes.cid(code), out),
        }
    }
}

/// The text of each CID of a CIDFontType2 whose font program is embedded,
/// for fonts that come without a ToUnicode map: the CID becomes a glyph id
/// (`/CIDToGIDMap`), and the glyph's text comes from the font's Unicode
/// `cmap` subtables, else from its glyph name (`post`) read as the Adobe
/// Glyph List reads it. Empty when the font has neither.
fn embedded_text_by_cid(doc: &Document, cid_font: &Dictionary, budget: &Budget) -> Result<ToUnicode> {
    let Some(Object::Stream(file)) = get_dict(doc, cid_font, b"FontDescriptor").and_then(|d| get(doc, d, b"FontFile2"))
    else {
        return Ok(ToUnicode::default());
    };
    let data = budget.decode(file)?;
    let Ok(face) = ttf_parser::Face::parse(&data, 0) else { return Ok(ToUnicode::default()) };
    let glyphs = face.number_of_glyphs();
    // Glyph id -> the smallest code point that names it.
    let mut text: Vec<Option<char>> = vec![None; usize::from(glyphs)];
    if let Some(cmap) = face.tables().cmap {
        for sub in cmap.subtables.into_iter().filter(|s| s.is_unicode()) {
            sub.codepoints(|cp| {
                let (Some(ch), Some(gid)) = (char::from_u32(cp), sub.glyph_index(cp)) else { return };
                if let Some(slot) = text.get_mut(usize::from(gid.0))
                    && slot.is_none_or(|c| ch < c)
                {
                    *slot = Some(ch);
                }
            });
        }
    }
    // Neither a cmap nor glyph names (a font re-embedded by a print path:
    // pdftops' Type 42 fonts through ps2pdf keep only the outlines). Fonts
    // built in the standard Macintosh glyph order (Arial, Times New Roman,
    // DejaVu, Liberation, ...) hold printable ASCII at glyph ids 3..=97,
    // `space` first; that order is taken when the font shows it.
    let mac_order = text.iter().all(Option::is_none)
        && face.glyph_name(ttf_parser::GlyphId(36)).is_none()
        && macintosh_glyph_order(&face);
    let named = |gid: u16| -> Option<String> {
        match text.get(usize::from(gid)).copied().flatten() {
            Some(c) => Some(c.to_string()),
            None if mac_order => (3..=97).contains(&gid).then(|| char::from(gid as u8 + 29).to_string()),
            None => {
                let mut s = String::new();
                let name = face.glyph_name(ttf_parser::GlyphId(gid))?;
                push_glyph_name(name, &mut s).then_some(s)
            }
        }
    };
    // CID -> glyph id: the identity, or two bytes per CID in a stream.
    let mut pairs = Vec::new();
    match get(doc, cid_font, b"CIDToGIDMap") {
        Some(Object::Stream(map)) => {
            let map = budget.decode(map)?;
            for (cid, gid) in map.chunks_exact(2).enumerate() {
                let gid = u16::from_be_bytes([gid[0], gid[1]]);
                if gid != 0
                    && let Some(t) = named(gid)
                {
                    pairs.push((cid as u32, t));
                }
            }
        }
        _ => {
            for gid in 1..glyphs {
                if let Some(t) = named(gid) {
                    pairs.push((u32::from(gid), t));
                }
            }
        }
    }
    Ok(ToUnicode::from_pairs(pairs))
}

/// Whether a font's glyphs sit in the standard Macintosh order, judged by
/// what that order implies: glyph 3 (`space`) draws nothing, the ten digits
/// (glyphs 19..=28) share one advance as table figures do, and the letters
/// (A at 36, a at 68) are drawn.
fn macintosh_glyph_order(face: &ttf_parser::Face) -> bool {
    use ttf_parser::GlyphId;
    struct Nothing;
    impl ttf_parser::OutlineBuilder for Nothing {
        fn move_to(&mut self, _: f32, _: f32) {}
        fn line_to(&mut self, _: f32, _: f32) {}
        fn quad_to(&mut self, _: f32, _: f32, _: f32, _: f32) {}
        fn curve_to(&mut self, _: f32, _: f32, _: f32, _: f32, _: f32, _: f32) {}
        fn close(&mut self) {}
    }
    let drawn = |g: u16| face.outline_glyph(GlyphId(g), &mut Nothing).is_some();
    let digit = face.glyph_hor_advance(GlyphId(19)).unwrap_or(0);
    face.number_of_glyphs() > 97
        && !drawn(3)
        && digit > 0
        && (19..=28).all(|g| face.glyph_hor_advance(GlyphId(g)) == Some(digit))
        && (29..=97).any(drawn)
}

#[cfg(test)]
#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn glyph_names() {
        let mut s = String::new();
        for n in ["A", "Euro", "uni20B9", "u1F600", "f_i", "one.oldstyle", "quoteright", "nosuchglyph"] {
            push_glyph_name(n, &mut s);
        }
        assert_eq!(s, "A\u{20AC}\u{20B9}\u{1F600}fi1\u{2019}");
    }

    #[test]
    fn standard_metrics_by_name() {
        let h = standard_metrics("Helvetica").unwrap();
        assert_eq!(afm_width(h, "A"), Some(667.0));
        assert_eq!(afm_width(standard_metrics("ABCDEF+Arial,Bold").unwrap(), "A"), Some(722.0));
        assert_eq!(afm_width(standard_metrics("Times-Roman").unwrap(), "space"), Some(250.0));
        assert!(standard_metrics("DejaVuSans").is_none());
    }
}
