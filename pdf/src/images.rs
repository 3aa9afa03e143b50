//! A scanned page as pixels: its image XObjects decoded and drawn, with the
//! matrices the content stream placed them with, into one grey raster aligned
//! with the displayed page (feature `ocr`).
//!
//! Encodings: DCTDecode (JPEG, pure-Rust `zune-jpeg`), CCITTFaxDecode (Group 3
//! and 4, `fax`), and raw samples after FlateDecode/LZW/RunLength (lopdf) with
//! 1, 2, 4, 8 or 16 bits per component in DeviceGray, DeviceRGB, DeviceCMYK,
//! ICCBased, CalGray/CalRGB, Separation and Indexed colour spaces; image masks
//! (stencils, as in mixed-raster scans where the text is a 1-bit mask over a
//! JPEG background) paint black. JBIG2 and JPEG 2000 are not decoded: no
//! maintained pure-Rust decoder builds on the toolchain this crate supports.

use lopdf::{Dictionary, Object, Stream};

use super::content::Matrix;
use super::objects::{Budget, deref, get, num};
use super::open::{Document, PageScan};
use crate::error::{Error, Limit, Result};

/// A page's pixels, grey (0 black, 255 white), row by row from the top, at
/// `dpi` pixels per inch of the displayed page: pixel `(x, y)` covers the page
/// point `(x, y) * 72 / dpi` (origin top-left, y down).
#[derive(Clone, PartialEq)]
pub struct Raster {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Resolution: pixels per inch of the page.
    pub dpi: f32,
    /// `width * height` grey levels.
    pub pixels: Vec<u8>,
}

impl std::fmt::Debug for Raster {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Raster")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("dpi", &self.dpi)
            .finish()
    }
}

impl Raster {
    /// A white raster.
    pub fn white(width: u32, height: u32, dpi: f32) -> Raster {
        Raster { width, height, dpi, pixels: vec![255; width as usize * height as usize] }
    }

    /// The grey level at `(x, y)`, white outside.
    pub fn at(&self, x: i64, y: i64) -> u8 {
        if x < 0 || y < 0 || x >= i64::from(self.width) || y >= i64::from(self.height) {
            return 255;
        }
        self.pixels.get(y as usize * self.width as usize + x as usize).copied().unwrap_or(255)
    }
}

/// One decoded image: grey samples, or a stencil (true where it paints).
enum Decoded {
    Grey(Vec<u8>),
    Stencil(Vec<bool>),
}

/// Scans render at this resolution at most (a 600 dpi scan is read at 400).
const MAX_DPI: f32 = 400.0;
/// Scans below this are enlarged twice (bilinear) before they are read:
/// Tesseract reads small type best with capitals about 20 pixels high. (A
/// scan of 200 dpi or more is read as it is: enlarging it by a fraction
/// blurs more than it helps.)
const MIN_DPI: f32 = 190.0;

impl Document {
    /// The page's images drawn into one raster, or `None` when it draws none
    /// that can be decoded (`Err` only for limits and broken streams).
    #[doc(hidden)]
    pub fn page_raster(&self, scan: &PageScan, budget: &Budget) -> Result<Option<Raster>> {
        let (w_pt, h_pt) = (scan.page.width, scan.page.height);
        if !(w_pt > 1.0 && h_pt > 1.0) {
            return Ok(None);
        }
        let mut decoded = Vec::new();
        let mut unsupported = Vec::new();
        for placed in &scan.placed {
            budget.check_time()?;
            let Ok(Object::Stream(stream)) = self.doc.get_object(placed.id) else { continue };
            let Some((w, h)) = dims(&self.doc, &stream.dict) else { continue };
            // An image drawn smaller than 1/20 of the page is a logo or a signature.
            let (ex, ey) = extent(&placed.ctm);
            if ex < w_pt / 20.0 && ey < h_pt / 20.0 {
                continue;
            }
            budget.limits.check(Limit::OcrPixelsPerPage, u64::from(w) * u64::from(h))?;
            match decode(&self.doc, stream, w, h, budget)? {
                Some(d) => decoded.push((placed.ctm, w, h, d)),
                None => unsupported.push(filter_name(&self.doc, &stream.dict)),
            }
        }
        if decoded.is_empty() {
            if let Some(f) = unsupported.first() {
                return Err(Error::ScanUnreadable {
                    page: scan.page.number,
                    reason: format!("its image is encoded with {f}, which bankscope cannot decode"),
                });
            }
            return Ok(None);
        }
        // The resolution of the sharpest image, within bounds.
        let dpi = decoded
            .iter()
            .map(|(m, w, h, _)| {
                let (ex, ey) = extent(m);
                (*w as f32 / ex.max(1.0)).max(*h as f32 / ey.max(1.0)) * 72.0
            })
            .fold(0.0f32, f32::max);
        let dpi = if dpi < MIN_DPI { (dpi * 2.0).min(MIN_DPI * 2.0) } else { dpi.min(MAX_DPI) };
        let (cw, ch) = ((w_pt * dpi / 72.0).round() as u32, (h_pt * dpi / 72.0).round() as u32);
        budget.limits.check(Limit::OcrPixelsPerPage, u64::from(cw) * u64::from(ch))?;
        let mut raster = Raster::white(cw, ch, dpi);
        for (ctm, w, h, d) in &decoded {
            draw(&mut raster, ctm, *w, *h, d);
        }
        Ok(Some(raster))
    }
}

/// The size of the unit square on the page under `m`, in points.
fn extent(m: &Matrix) -> (f32, f32) {
    let (x0, y0) = m.apply(0.0, 0.0);
    let corners = [m.apply(1.0, 0.0), m.apply(0.0, 1.0), m.apply(1.0, 1.0)];
    let (mut minx, mut maxx, mut miny, mut maxy) = (x0, x0, y0, y0);
    for (x, y) in corners {
        minx = minx.min(x);
        maxx = maxx.max(x);
        miny = miny.min(y);
        maxy = maxy.max(y);
    }
    (maxx - minx, maxy - miny)
}

/// Draws an image placed by `ctm` (unit square → page points): each raster
/// pixel inside it takes the nearest image sample.
fn draw(raster: &mut Raster, ctm: &Matrix, w: u32, h: u32, d: &Decoded) {
    let det = ctm.a * ctm.d - ctm.b * ctm.c;
    if det.abs() < 1e-6 || !det.is_finite() {
        return;
    }
    // Page point → unit square.
    let inv = Matrix {
        a: ctm.d / det,
        b: -ctm.b / det,
        c: -ctm.c / det,
        d: ctm.a / det,
        e: (ctm.c * ctm.f - ctm.d * ctm.e) / det,
        f: (ctm.b * ctm.e - ctm.a * ctm.f) / det,
    };
    let scale = 72.0 / raster.dpi;
    let (x0, y0) = ctm.apply(0.0, 0.0);
    let pts = [(x0, y0), ctm.apply(1.0, 0.0), ctm.apply(0.0, 1.0), ctm.apply(1.0, 1.0)];
    let px = |v: f32, max: u32| (v / scale).clamp(0.0, max as f32) as u32;
    let minx = px(pts.iter().map(|p| p.0).fold(f32::MAX, f32::min), raster.width);
    let maxx = px(pts.iter().map(|p| p.0).fold(f32::MIN, f32::max).ceil(), raster.width);
    let miny = px(pts.iter().map(|p| p.1).fold(f32::MAX, f32::min), raster.height);
    let maxy = px(pts.iter().map(|p| p.1).fold(f32::MIN, f32::max).ceil(), raster.height);
    let (wf, hf) = (w as f32, h as f32);
    let width = raster.width as usize;
    // Enlarged images are interpolated; others take the nearest sample.
    let (ex, ey) = extent(ctm);
    let enlarged = ex / scale > wf * 1.2 || ey / scale > hf * 1.2;
    let sample = |g: &[u8], x: f32, y: f32| -> u8 {
        let at = |ix: usize, iy: usize| {
            f32::from(g.get(iy.min(h as usize - 1) * w as usize + ix.min(w as usize - 1)).copied().unwrap_or(255))
        };
        let (x, y) = ((x - 0.5).max(0.0), (y - 0.5).max(0.0));
        let (x0, y0) = (x as usize, y as usize);
        let (fx, fy) = (x - x0 as f32, y - y0 as f32);
        let top = at(x0, y0) * (1.0 - fx) + at(x0 + 1, y0) * fx;
        let bottom = at(x0, y0 + 1) * (1.0 - fx) + at(x0 + 1, y0 + 1) * fx;
        (top * (1.0 - fy) + bottom * fy).round() as u8
    };
    for y in miny..maxy {
        let py = (y as f32 + 0.5) * scale;
        for x in minx..maxx {
            let (u, v) = inv.apply((x as f32 + 0.5) * scale, py);
            if !(0.0..1.0).contains(&u) || !(0.0..1.0).contains(&v) {
                continue;
            }
            // Image row 0 is the top of the unit square (v = 1).
            let (ix, iy) = ((u * wf) as usize, ((1.0 - v) * hf) as usize);
            let i = iy.min(h as usize - 1) * w as usize + ix.min(w as usize - 1);
            let Some(slot) = raster.pixels.get_mut(y as usize * width + x as usize) else { continue };
            match d {
                Decoded::Grey(g) if enlarged => *slot = sample(g, u * wf, (1.0 - v) * hf),
                Decoded::Grey(g) => *slot = g.get(i).copied().unwrap_or(255),
                Decoded::Stencil(s) => {
                    if s.get(i).copied().unwrap_or(false) {
                        *slot = 0;
                    }
                }
            }
        }
    }
}

fn dims(doc: &lopdf::Document, dict: &Dictionary) -> Option<(u32, u32)> {
    let w = get(doc, dict, b"Width").and_then(num)?;
    let h = get(doc, dict, b"Height").and_then(num)?;
    (w >= 1.0 && h >= 1.0 && w <= 1e6 && h <= 1e6).then_some((w as u32, h as u32))
}

fn filters(doc: &lopdf::Document, dict: &Dictionary) -> Vec<Vec<u8>> {
    match get(doc, dict, b"Filter").or_else(|| get(doc, dict, b"F")) {
        Some(Object::Name(n)) => vec![n.clone()],
        Some(Object::Array(a)) => a
            .iter()
            .filter_map(|o| match deref(doc, o) {
                Object::Name(n) => Some(n.clone()),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn filter_name(doc: &lopdf::Document, dict: &Dictionary) -> String {
    filters(doc, dict).last().map_or_else(|| "an unknown filter".into(), |f| String::from_utf8_lossy(f).into_owned())
}

/// The decode parameters of the last filter.
fn decode_parms<'a>(doc: &'a lopdf::Document, dict: &'a Dictionary) -> Option<&'a Dictionary> {
    match get(doc, dict, b"DecodeParms").or_else(|| get(doc, dict, b"DP"))? {
        Object::Dictionary(d) => Some(d),
        Object::Array(a) => match a.last().map(|o| deref(doc, o)) {
            Some(Object::Dictionary(d)) => Some(d),
            _ => None,
        },
        _ => None,
    }
}

fn decode(doc: &lopdf::Document, stream: &Stream, w: u32, h: u32, budget: &Budget) -> Result<Option<Decoded>> {
    let dict = &stream.dict;
    let mask = matches!(get(doc, dict, b"ImageMask"), Some(Object::Boolean(true)));
    let filters = filters(doc, dict);
    let n = w as usize * h as usize;
    let invert_decode = match get(doc, dict, b"Decode") {
        Some(Object::Array(a)) => a.first().and_then(|o| num(deref(doc, o))).is_some_and(|v| v > 0.5),
        _ => false,
    };
    match filters.last().map(Vec::as_slice) {
        Some(b"DCTDecode" | b"DCT") if filters.len() == 1 => {
            let Some(grey) = jpeg(&stream.content, w, h) else { return Ok(None) };
            let grey = if invert_decode { grey.into_iter().map(|g| 255 - g).collect() } else { grey };
            return Ok(Some(Decoded::Grey(grey)));
        }
        Some(b"CCITTFaxDecode" | b"CCF") if filters.len() == 1 => {
            let parms = decode_parms(doc, dict);
            let Some(black) = ccitt(&stream.content, w, h, parms, doc) else { return Ok(None) };
            // For masks, sample 0 paints unless Decode is [1 0]; for images, 0 is black.
            return Ok(Some(if mask {
                Decoded::Stencil(black.into_iter().map(|b| b != invert_decode).collect())
            } else {
                Decoded::Grey(black.into_iter().map(|b| if b != invert_decode { 0 } else { 255 }).collect())
            }));
        }
        Some(b"JBIG2Decode" | b"JPXDecode") => return Ok(None),
        Some(f) if filters.len() > 1 && matches!(f, b"DCTDecode" | b"CCITTFaxDecode") => return Ok(None),
        _ => {}
    }
    let data = budget.decode(stream)?;
    if mask {
        let bits = unpack(&data, w, h, 1, 1);
        return Ok(Some(Decoded::Stencil(bits.into_iter().map(|b| (b == 0) != invert_decode).collect())));
    }
    let bpc = get(doc, dict, b"BitsPerComponent").and_then(num).unwrap_or(8.0) as u32;
    if !matches!(bpc, 1 | 2 | 4 | 8 | 16) {
        return Ok(None);
    }
    let Some(space) = get(doc, dict, b"ColorSpace").and_then(|cs| colour_space(doc, cs, 0)) else {
        return Ok(None);
    };
    let comps = space.components();
    let samples = unpack(&data, w, h, comps, bpc);
    let max = ((1u32 << bpc.min(8)) - 1) as f32;
    let mut grey = Vec::with_capacity(n);
    for px in samples.chunks_exact(comps as usize).take(n) {
        let g = space.grey(px, max);
        grey.push(if invert_decode && comps == 1 { 255 - g } else { g });
    }
    grey.resize(n, 255);
    Ok(Some(Decoded::Grey(grey)))
}

/// Samples of `comps` components at `bpc` bits, rows padded to a byte; 16-bit
/// samples keep their high byte.
fn unpack(data: &[u8], w: u32, h: u32, comps: u32, bpc: u32) -> Vec<u8> {
    let per_row = w as usize * comps as usize;
    let row_bytes = (per_row * bpc as usize).div_ceil(8);
    let mut out = Vec::with_capacity(per_row * h as usize);
    for row in data.chunks(row_bytes.max(1)).take(h as usize) {
        match bpc {
            8 => out.extend_from_slice(row.get(..per_row).unwrap_or(row)),
            16 => out.extend(row.chunks_exact(2).map(|p| p.first().copied().unwrap_or(0)).take(per_row)),
            _ => {
                let mask = (1u8 << bpc) - 1;
                let per_byte = 8 / bpc as usize;
                let start = out.len();
                for byte in row {
                    for k in 0..per_byte {
                        out.push((byte >> (8 - bpc as usize * (k + 1))) & mask);
                    }
                }
                out.truncate(start + per_row);
            }
        }
    }
    out.resize(per_row * h as usize, 0);
    out
}

/// A colour space reduced to what grey conversion needs.
enum Space {
    Grey,
    Rgb,
    Cmyk,
    /// Separation / DeviceN with one colourant: 1 is full ink.
    Ink,
    /// Palette of grey levels.
    Indexed(Vec<u8>),
}

impl Space {
    fn components(&self) -> u32 {
        match self {
            Space::Rgb => 3,
            Space::Cmyk => 4,
            _ => 1,
        }
    }

    fn grey(&self, px: &[u8], max: f32) -> u8 {
        let v = |i: usize| f32::from(px.get(i).copied().unwrap_or(0)) / max;
        let g = match self {
            Space::Grey => v(0),
            Space::Rgb => 0.299 * v(0) + 0.587 * v(1) + 0.114 * v(2),
            Space::Cmyk => (1.0 - (0.3 * v(0) + 0.59 * v(1) + 0.11 * v(2) + v(3))).max(0.0),
            Space::Ink => 1.0 - v(0),
            Space::Indexed(p) => {
                return p.get(usize::from(px.first().copied().unwrap_or(0))).copied().unwrap_or(255);
            }
        };
        (g.clamp(0.0, 1.0) * 255.0).round() as u8
    }
}

fn colour_space(doc: &lopdf::Document, cs: &Object, depth: u32) -> Option<Space> {
    if depth > 4 {
        return None;
    }
    match deref(doc, cs) {
        Object::Name(n) => match n.as_slice() {
            b"DeviceGray" | b"G" | b"CalGray" => Some(Space::Grey),
            b"DeviceRGB" | b"RGB" | b"CalRGB" | b"Lab" => Some(Space::Rgb),
            b"DeviceCMYK" | b"CMYK" => Some(Space::Cmyk),
            _ => None,
        },
        Object::Array(a) => {
            let family = match a.first().map(|o| deref(doc, o)) {
                Some(Object::Name(n)) => n.as_slice(),
                _ => return None,
            };
            match family {
                b"CalGray" => Some(Space::Grey),
                b"CalRGB" | b"Lab" => Some(Space::Rgb),
                b"ICCBased" => {
                    let Some(Object::Stream(s)) = a.get(1).map(|o| deref(doc, o)) else { return None };
                    match get(doc, &s.dict, b"N").and_then(num).map(|n| n as u32) {
                        Some(1) => Some(Space::Grey),
                        Some(4) => Some(Space::Cmyk),
                        _ => Some(Space::Rgb),
                    }
                }
                b"Separation" | b"DeviceN" => Some(Space::Ink),
                b"Indexed" | b"I" => {
                    let base = colour_space(doc, a.get(1)?, depth + 1)?;
                    let hival = a.get(2).and_then(|o| num(deref(doc, o)))?.clamp(0.0, 255.0) as usize;
                    let lookup: Vec<u8> = match a.get(3).map(|o| deref(doc, o))? {
                        Object::String(s, _) => s.clone(),
                        Object::Stream(s) => s.decompressed_content().unwrap_or_else(|_| s.content.clone()),
                        _ => return None,
                    };
                    let c = base.components() as usize;
                    let palette = (0..=hival)
                        .map(|i| lookup.get(i * c..i * c + c).map_or(255, |px| base.grey(px, 255.0)))
                        .collect();
                    Some(Space::Indexed(palette))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

fn jpeg(data: &[u8], w: u32, h: u32) -> Option<Vec<u8>> {
    use zune_jpeg::JpegDecoder;
    use zune_jpeg::zune_core::colorspace::ColorSpace;
    use zune_jpeg::zune_core::options::DecoderOptions;
    let options = DecoderOptions::default()
        .jpeg_set_out_colorspace(ColorSpace::Luma)
        .set_max_width(w as usize + 16)
        .set_max_height(h as usize + 16);
    let mut decoder = JpegDecoder::new_with_options(data, options);
    let pixels = decoder.decode().ok()?;
    let (dw, dh) = decoder.dimensions()?;
    if dw as u32 != w || dh as u32 != h || pixels.len() < dw * dh {
        return None;
    }
    Some(pixels)
}

/// A CCITT image as "sample is 0" per pixel (what paints in a stencil, and
/// black in a DeviceGray image, before `/Decode`).
fn ccitt(data: &[u8], w: u32, h: u32, parms: Option<&Dictionary>, doc: &lopdf::Document) -> Option<Vec<bool>> {
    use fax::Color;
    let p = |key: &[u8]| parms.and_then(|d| get(doc, d, key)).and_then(num);
    let k = p(b"K").unwrap_or(0.0);
    let columns = p(b"Columns").map_or(1728, |c| c as u32).max(1);
    let black_is_1 = matches!(parms.and_then(|d| get(doc, d, b"BlackIs1")), Some(Object::Boolean(true)));
    let mut out = Vec::with_capacity(w as usize * h as usize);
    let mut line = |transitions: &[u32]| {
        if out.len() < w as usize * h as usize {
            out.extend(fax::decoder::pels(transitions, columns).take(w as usize).map(|c| c == Color::Black));
        }
    };
    let input = data.iter().copied();
    if k < 0.0 {
        fax::decoder::decode_g4(input, columns, Some(h), &mut line)?;
    } else {
        fax::decoder::decode_g3(input, &mut line)?;
    }
    out.resize(w as usize * h as usize, false);
    // Black runs are samples of 1 with /BlackIs1, else of 0.
    Some(if black_is_1 { out.into_iter().map(|b| !b).collect() } else { out })
}
