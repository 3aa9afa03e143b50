//! The one error type of the core.
//!
//! Upload-time kinds mirror the codes a statement-analysis service reports, so
//! every surface (C status, Python exception class, Node `code`, HTTP error code)
//! maps them one to one. Bad input never panics: it ends in one of these.

use std::fmt;

/// Result with the core [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// A limit of [`crate::Limits`] that input went past.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Limit {
    /// Size of the input file in bytes.
    InputBytes,
    /// Number of pages.
    Pages,
    /// Decompressed size of one stream in bytes.
    StreamBytes,
    /// Decompressed size of all streams together in bytes.
    TotalDecompressedBytes,
    /// Nesting depth of objects (arrays, dictionaries, forms).
    ObjectDepth,
    /// Wall-clock time spent on one document, in milliseconds.
    TimeMillis,
    /// Number of transactions in one statement.
    Transactions,
    /// Glyphs drawn on one page.
    GlyphsPerPage,
    /// Glyphs drawn in one document.
    Glyphs,
    /// Pixels of one scanned page read by OCR.
    OcrPixelsPerPage,
    /// Pages read by OCR in one document.
    OcrPages,
    /// Wall-clock time spent on OCR of one document, in milliseconds.
    OcrTimeMillis,
}

impl Limit {
    /// The snake_case name used in messages and options JSON.
    pub fn name(self) -> &'static str {
        match self {
            Limit::InputBytes => "input_bytes",
            Limit::Pages => "pages",
            Limit::StreamBytes => "stream_bytes",
            Limit::TotalDecompressedBytes => "total_decompressed_bytes",
            Limit::ObjectDepth => "object_depth",
            Limit::TimeMillis => "time_millis",
            Limit::Transactions => "transactions",
            Limit::GlyphsPerPage => "glyphs_per_page",
            Limit::Glyphs => "glyphs",
            Limit::OcrPixelsPerPage => "ocr_pixels_per_page",
            Limit::OcrPages => "ocr_pages",
            Limit::OcrTimeMillis => "ocr_time_millis",
        }
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Everything that can go wrong between statement bytes and analysis output.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The PDF is encrypted and the password is wrong or was not given.
    #[error("the PDF is password protected and the password is wrong or missing")]
    PasswordIncorrect,

    /// The PDF has no text layer (a scan or photo of a statement).
    #[error("the PDF has no text layer ({pages} page(s) of images); scanned statements are not supported")]
    PdfIsImage {
        /// Pages in the document.
        pages: usize,
    },

    /// A scanned page that OCR cannot read: blank, a photo of a screen, too
    /// blurred or too small, or an image encoding bankscope cannot decode
    /// (feature `ocr`; its kind is [`ErrorKind::PdfIsImage`]).
    #[error("scanned page {page} cannot be read: {reason}")]
    ScanUnreadable {
        /// 1-based page.
        page: u32,
        /// Why, in words for the person who scanned it.
        reason: String,
    },

    /// The document reads, but is not a bank statement.
    #[error("not a bank statement: {reason}")]
    NotAStatement {
        /// What was missing.
        reason: String,
    },

    /// A statement whose transaction table could not be found or read.
    #[error("unsupported statement format: {reason}")]
    UnsupportedFormat {
        /// What was missing (date, amount or balance columns, ...).
        reason: String,
    },

    /// The caller declared one bank and the statement belongs to another.
    #[error("bank name mismatch: declared {declared:?}, statement is from {detected:?}")]
    BankNameMismatch {
        /// The bank the caller named.
        declared: String,
        /// The bank found in the statement.
        detected: String,
    },

    /// No bank could be detected and none was declared.
    #[error("the bank could not be detected from the statement; pass the bank name")]
    BankUndetected,

    /// The input went past a configured limit.
    #[error("limit exceeded: {limit} is {value}, the maximum is {max}")]
    LimitExceeded {
        /// Which limit.
        limit: Limit,
        /// The value reached (at least; reading stops there).
        value: u64,
        /// The configured maximum.
        max: u64,
    },

    /// Bytes that are not a well-formed document of the expected kind.
    #[error("malformed input: {context}")]
    Malformed {
        /// Where reading failed.
        context: String,
    },

    /// A caller argument that cannot be used (unknown resource, account id, option).
    #[error("invalid argument {name}: {reason}")]
    InvalidArgument {
        /// The argument.
        name: String,
        /// Why it was refused.
        reason: String,
    },
}

/// Stable identifiers of the error kinds, shared by every surface.
///
/// Deliberately *not* `#[non_exhaustive]`: bindings map it with an exhaustive
/// `match`, so a kind added here breaks every binding's build until it is
/// mapped there too (C status, Python exception class, Node `code`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// [`Error::PasswordIncorrect`]
    PasswordIncorrect,
    /// [`Error::PdfIsImage`]
    PdfIsImage,
    /// [`Error::NotAStatement`]
    NotAStatement,
    /// [`Error::UnsupportedFormat`]
    UnsupportedFormat,
    /// [`Error::BankNameMismatch`]
    BankNameMismatch,
    /// [`Error::BankUndetected`]
    BankUndetected,
    /// [`Error::LimitExceeded`]
    LimitExceeded,
    /// [`Error::Malformed`]
    Malformed,
    /// [`Error::InvalidArgument`]
    InvalidArgument,
}

impl ErrorKind {
    /// Every kind.
    pub const ALL: [ErrorKind; 9] = [
        ErrorKind::PasswordIncorrect,
        ErrorKind::PdfIsImage,
        ErrorKind::NotAStatement,
        ErrorKind::UnsupportedFormat,
        ErrorKind::BankNameMismatch,
        ErrorKind::BankUndetected,
        ErrorKind::LimitExceeded,
        ErrorKind::Malformed,
        ErrorKind::InvalidArgument,
    ];

    /// The upper-case code used by the HTTP server and the Node `code` property.
    pub fn code(self) -> &'static str {
        match self {
            ErrorKind::PasswordIncorrect => "PASSWORD_INCORRECT",
            ErrorKind::PdfIsImage => "PDF_IS_IMAGE",
            ErrorKind::NotAStatement => "NOT_A_STATEMENT",
            ErrorKind::UnsupportedFormat => "UNSUPPORTED_FORMAT",
            ErrorKind::BankNameMismatch => "BANK_NAME_MISMATCH",
            ErrorKind::BankUndetected => "BANK_UNDETECTED",
            ErrorKind::LimitExceeded => "LIMIT_EXCEEDED",
            ErrorKind::Malformed => "MALFORMED",
            ErrorKind::InvalidArgument => "INVALID_ARGUMENT",
        }
    }
}

impl Error {
    /// The kind, for mapping onto status codes and exception classes.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::PasswordIncorrect => ErrorKind::PasswordIncorrect,
            Error::PdfIsImage { .. } | Error::ScanUnreadable { .. } => ErrorKind::PdfIsImage,
            Error::NotAStatement { .. } => ErrorKind::NotAStatement,
            Error::UnsupportedFormat { .. } => ErrorKind::UnsupportedFormat,
            Error::BankNameMismatch { .. } => ErrorKind::BankNameMismatch,
            Error::BankUndetected => ErrorKind::BankUndetected,
            Error::LimitExceeded { .. } => ErrorKind::LimitExceeded,
            Error::Malformed { .. } => ErrorKind::Malformed,
            Error::InvalidArgument { .. } => ErrorKind::InvalidArgument,
        }
    }

    /// Shorthand for [`Error::Malformed`].
    pub fn malformed(context: impl Into<String>) -> Self {
        Error::Malformed { context: context.into() }
    }

    /// Shorthand for [`Error::InvalidArgument`].
    pub fn invalid_argument(name: impl Into<String>, reason: impl Into<String>) -> Self {
        Error::InvalidArgument { name: name.into(), reason: reason.into() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_context() {
        let e = Error::LimitExceeded { limit: Limit::Pages, value: 5001, max: 5000 };
        assert_eq!(e.to_string(), "limit exceeded: pages is 5001, the maximum is 5000");
        assert_eq!(e.kind().code(), "LIMIT_EXCEEDED");
        let e = Error::BankNameMismatch { declared: "sbi".into(), detected: "hdfc".into() };
        assert_eq!(e.to_string(), "bank name mismatch: declared \"sbi\", statement is from \"hdfc\"");
        assert_eq!(Error::PdfIsImage { pages: 3 }.kind(), ErrorKind::PdfIsImage);
    }
}
