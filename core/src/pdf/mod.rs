//! Reading PDF statements: decryption, positioned text, the forensic record.
//!
//! ```no_run
//! use bankscope::pdf::{self, OpenOptions};
//! # fn main() -> bankscope::Result<()> {
//! let bytes = std::fs::read("statement.pdf").expect("readable");
//! let doc = pdf::open(&bytes, &OpenOptions::with_password("secret"))?;
//! for page in doc.pages()? {
//!     for run in &page.runs {
//!         println!("{:>7.1} {:>7.1} {:>6.1} {}", run.x0, run.x1, run.y, run.text);
//!     }
//!     print!("{}", pdf::layout_text(&page));
//! }
//! # Ok(())
//! # }
//! ```
//!
//! lopdf parses the file and decrypts it; the content-stream interpreter, the
//! fonts, the word building and the layout are ours (modules `content`, `fonts`,
//! `cmap`, `text`), written for positions a table reader can trust and for speed.
//! Every read is bounded by [`crate::Limits`].

mod cmap;
mod content;
mod digest;
#[rustfmt::skip]
mod fontdata;
mod fonts;
mod forensics;
#[cfg(feature = "ocr")]
mod images;
mod lexer;
mod objects;
mod open;
mod text;

pub use digest::{ForensicDigest, TableFont, font_family};
pub use forensics::{FontUse, Forensics, Hidden, HiddenText, Info, PageForensics, Xmp, parse_pdf_date};
pub use open::{Document, EncryptionKind, OpenOptions, open};
pub use text::{Page, TextRun, layout_text};

#[cfg(feature = "ocr")]
pub use images::Raster;
#[cfg(feature = "ocr")]
pub(crate) use {objects::Budget, open::PageScan};

use crate::error::Result;

/// Open `bytes` and read every page's positioned text: [`open`] then [`Document::pages`].
pub fn extract(bytes: &[u8], options: &OpenOptions) -> Result<Vec<Page>> {
    open(bytes, options)?.pages()
}
