//! Small, total helpers over lopdf objects: follow references, read numbers and
//! names, and decode streams within the budget. Missing or mistyped entries read
//! as `None`, never as a panic.

use std::cell::Cell;
use std::time::Instant;

use lopdf::{Dictionary, Document, Object, Stream};

use crate::error::{Error, Limit, Result};
use crate::limits::Limits;

/// Follow references (bounded by lopdf); a dangling one reads as `Null`.
pub(crate) fn deref<'a>(doc: &'a Document, obj: &'a Object) -> &'a Object {
    match doc.dereference(obj) {
        Ok((_, o)) => o,
        Err(_) => &Object::Null,
    }
}

/// `dict[key]` with references followed.
pub(crate) fn get<'a>(doc: &'a Document, dict: &'a Dictionary, key: &[u8]) -> Option<&'a Object> {
    match dict.get(key) {
        Ok(o) => match deref(doc, o) {
            Object::Null => None,
            o => Some(o),
        },
        Err(_) => None,
    }
}

/// A dictionary entry that is a dictionary (or a stream's dictionary).
pub(crate) fn get_dict<'a>(doc: &'a Document, dict: &'a Dictionary, key: &[u8]) -> Option<&'a Dictionary> {
    match get(doc, dict, key)? {
        Object::Dictionary(d) => Some(d),
        Object::Stream(s) => Some(&s.dict),
        _ => None,
    }
}

pub(crate) fn get_name<'a>(doc: &'a Document, dict: &'a Dictionary, key: &[u8]) -> Option<&'a [u8]> {
    match get(doc, dict, key)? {
        Object::Name(n) => Some(n),
        _ => None,
    }
}

pub(crate) fn get_array<'a>(doc: &'a Document, dict: &'a Dictionary, key: &[u8]) -> Option<&'a [Object]> {
    match get(doc, dict, key)? {
        Object::Array(a) => Some(a),
        _ => None,
    }
}

pub(crate) fn get_num(doc: &Document, dict: &Dictionary, key: &[u8]) -> Option<f32> {
    num(get(doc, dict, key)?)
}

pub(crate) fn num(o: &Object) -> Option<f32> {
    match o {
        Object::Integer(i) => Some(*i as f32),
        Object::Real(r) if r.is_finite() => Some(*r),
        _ => None,
    }
}

/// A rectangle `[x0 y0 x1 y1]`, normalised so that x0 <= x1 and y0 <= y1.
pub(crate) fn rect(doc: &Document, o: &Object) -> Option<[f32; 4]> {
    let Object::Array(a) = deref(doc, o) else { return None };
    let mut v = [0f32; 4];
    if a.len() != 4 {
        return None;
    }
    for (slot, item) in v.iter_mut().zip(a) {
        *slot = num(deref(doc, item))?;
    }
    Some([v[0].min(v[2]), v[1].min(v[3]), v[0].max(v[2]), v[1].max(v[3])])
}

/// Work counters for one pass over a document: decompressed bytes and time.
#[derive(Debug)]
#[doc(hidden)]
pub struct Budget<'l> {
    pub(crate) limits: &'l Limits,
    started: Instant,
    total: Cell<u64>,
    /// Glyphs drawn on the pages already read.
    glyphs: Cell<u64>,
}

impl<'l> Budget<'l> {
    pub fn new(limits: &'l Limits, started: Instant) -> Self {
        Budget { limits, started, total: Cell::new(0), glyphs: Cell::new(0) }
    }

    /// `Err(LimitExceeded)` when `page_glyphs` drawn on the page being read
    /// are past the page's limit, or with the pages before it the document's.
    pub(crate) fn check_glyphs(&self, page_glyphs: u64) -> Result<()> {
        self.limits.check(Limit::GlyphsPerPage, page_glyphs)?;
        self.limits.check(Limit::Glyphs, self.glyphs.get().saturating_add(page_glyphs))
    }

    /// Counts a finished page's glyphs towards the document's.
    pub(crate) fn add_glyphs(&self, page_glyphs: u64) {
        self.glyphs.set(self.glyphs.get().saturating_add(page_glyphs));
    }

    /// `Err(LimitExceeded{time_millis})` once the time budget is spent.
    pub(crate) fn check_time(&self) -> Result<()> {
        let ms = u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.limits.check(Limit::TimeMillis, ms)
    }

    /// The decoded content of a stream, bounded per stream and in total. The
    /// inflater stops one byte past the bound, so a bomb is refused without
    /// being inflated.
    pub(crate) fn decode(&self, stream: &Stream) -> Result<Vec<u8>> {
        let per_stream = self.limits.stream_bytes;
        let remaining = self.limits.total_decompressed_bytes.saturating_sub(self.total.get());
        let (cap, limit) = if remaining < per_stream {
            (remaining, Limit::TotalDecompressedBytes)
        } else {
            (per_stream, Limit::StreamBytes)
        };
        let cap_usize = usize::try_from(cap).unwrap_or(usize::MAX);
        let data = match stream.decompressed_content_with_limit(cap_usize) {
            Ok(d) => d,
            Err(lopdf::Error::Decompress(lopdf::DecompressError::MemoryLimitExceeded { .. })) => {
                return Err(self.over(limit, cap));
            }
            // A broken filter: keep what viewers keep, the raw bytes are useless, so nothing.
            Err(_) if stream.filters().is_ok_and(|f| !f.is_empty()) => {
                return Err(Error::malformed("a stream could not be decoded"));
            }
            Err(_) => stream.content.clone(),
        };
        let total = self.total.get().saturating_add(data.len() as u64);
        self.total.set(total);
        self.limits.check(Limit::TotalDecompressedBytes, total)?;
        self.limits.check(Limit::StreamBytes, data.len() as u64)?;
        Ok(data)
    }

    fn over(&self, limit: Limit, cap: u64) -> Error {
        let max = self.limits.max(limit);
        let value = match limit {
            Limit::TotalDecompressedBytes => self.total.get().saturating_add(cap).saturating_add(1),
            _ => cap.saturating_add(1),
        };
        Error::LimitExceeded { limit, value, max }
    }
}
