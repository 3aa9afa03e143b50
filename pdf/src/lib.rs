//! Reading PDF statements: decryption, positioned text, the forensic record
//! (re-exported by the `bankscope` core as `bankscope::pdf`, with this crate's
//! [`error`] and [`limits`], which every later stage shares). Its own crate so
//! that the compiler keeps reading below everything else: it depends on no
//! other part of bankscope.
//!
//! ```no_run
//! use bankscope_pdf::{self as pdf, OpenOptions};
//! # fn main() -> bankscope_pdf::Result<()> {
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

pub mod error;
pub mod limits;

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

pub use digest::{FigureFlag, ForensicDigest, TableFont, font_family};
pub use forensics::{FontUse, Forensics, Hidden, HiddenText, Info, PageForensics, Xmp, parse_pdf_date, subset_of};
pub use open::{Document, EncryptionKind, OpenOptions, open};
pub use text::{Page, Shape, TextRun, layout_text};

#[cfg(feature = "ocr")]
pub use images::Raster;
#[cfg(feature = "ocr")]
#[doc(hidden)]
pub use {objects::Budget, open::PageScan};

pub use error::{Error, ErrorKind, Limit, Result};
pub use limits::Limits;

/// Open `bytes` and read every page's positioned text: [`open`] then [`Document::pages`].
pub fn extract(bytes: &[u8], options: &OpenOptions) -> Result<Vec<Page>> {
    open(bytes, options)?.pages()
}
