//! Resource limits for reading untrusted input.
//!
//! Every stage that reads bytes from a customer honours these, so a hostile or
//! broken file ends in [`crate::Error::LimitExceeded`] instead of exhausting memory
//! or time. The defaults fit real statements with a wide margin.

use std::time::Duration;

use crate::error::{Error, Limit};

/// Upper bounds on the work one document may cause.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Limits {
    /// Size of the input file in bytes (default 64 MiB).
    pub input_bytes: u64,
    /// Number of pages (default 2,000).
    pub pages: u64,
    /// Decompressed size of one stream in bytes (default 64 MiB).
    pub stream_bytes: u64,
    /// Decompressed size of all streams of a document together (default 512 MiB).
    pub total_decompressed_bytes: u64,
    /// Nesting depth of objects, arrays and Form XObjects (default 64).
    pub object_depth: u64,
    /// Wall-clock time budget for one document in milliseconds (default 30 s).
    pub time_millis: u64,
    /// Glyphs drawn on one page (default 1,000,000: a dense A4 page draws
    /// about 5,000, a statement exported as one tall page of 5,000 rows about
    /// 300,000). Bounds the memory a page of text operators takes.
    pub glyphs_per_page: u64,
    /// Glyphs drawn in the whole document (default 3,000,000, some 600 dense
    /// pages; at most a few hundred MiB of words).
    pub glyphs: u64,
    /// Pixels of one scanned page as OCR reads it, and of each image on it
    /// (default 40,000,000: an A4 page at 600 dpi is 35 million). Feature `ocr`.
    pub ocr_pixels_per_page: u64,
    /// Pages read by OCR in one document (default 50). Feature `ocr`.
    pub ocr_pages: u64,
    /// Wall-clock time for the OCR of one document in milliseconds, on top of
    /// `time_millis` (default 180 s; a 200 dpi page takes about 1-3 s). Feature `ocr`.
    pub ocr_time_millis: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            input_bytes: 64 << 20,
            pages: 2_000,
            stream_bytes: 64 << 20,
            total_decompressed_bytes: 512 << 20,
            object_depth: 64,
            time_millis: 30_000,
            glyphs_per_page: 1_000_000,
            glyphs: 3_000_000,
            ocr_pixels_per_page: 40_000_000,
            ocr_pages: 50,
            ocr_time_millis: 180_000,
        }
    }
}

impl Limits {
    /// The time budget as a [`Duration`].
    pub fn time_budget(&self) -> Duration {
        Duration::from_millis(self.time_millis)
    }

    /// `Err(LimitExceeded)` when `value` is past the maximum of `limit`.
    pub fn check(&self, limit: Limit, value: u64) -> Result<(), Error> {
        let max = self.max(limit);
        if value > max { Err(Error::LimitExceeded { limit, value, max }) } else { Ok(()) }
    }

    /// The configured maximum of `limit` (`u64::MAX` for limits kept elsewhere).
    pub fn max(&self, limit: Limit) -> u64 {
        match limit {
            Limit::InputBytes => self.input_bytes,
            Limit::Pages => self.pages,
            Limit::StreamBytes => self.stream_bytes,
            Limit::TotalDecompressedBytes => self.total_decompressed_bytes,
            Limit::ObjectDepth => self.object_depth,
            Limit::TimeMillis => self.time_millis,
            Limit::GlyphsPerPage => self.glyphs_per_page,
            Limit::Glyphs => self.glyphs,
            Limit::OcrPixelsPerPage => self.ocr_pixels_per_page,
            Limit::OcrPages => self.ocr_pages,
            Limit::OcrTimeMillis => self.ocr_time_millis,
            _ => u64::MAX,
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_check() {
        let l = Limits::default();
        assert_eq!(l.input_bytes, 64 * 1024 * 1024);
        assert_eq!(l.pages, 2000);
        assert!(l.check(Limit::Pages, 2000).is_ok());
        let e = l.check(Limit::Pages, 2001).unwrap_err();
        assert_eq!(e.to_string(), "limit exceeded: pages is 2001, the maximum is 2000");
        let parsed: Limits = serde_json::from_str(r#"{"pages": 5}"#).unwrap();
        assert_eq!(parsed.pages, 5);
        assert_eq!(parsed.time_millis, 30_000);
    }
}
