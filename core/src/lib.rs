//! bankscope: Indian bank statements in, the analysed data of a lending
//! decision out.
//!
//! The pipeline runs one way, one module per stage (see `shared/DESIGN.md`):
//! statement bytes → [`model::Statement`] → [`model::Entity`] → the interface's
//! responses in [`resources`]. Money is exact ([`Money`], integer paise) all the
//! way to JSON. PDF reading ([`pdf`]) is its own crate, `bankscope-pdf`, with
//! the [`error`] and [`limits`] every stage shares, so the compiler keeps it
//! below everything here.

pub mod aa;
pub mod account;
pub mod aggregate;
pub mod analysis;
pub mod banks;
pub mod enrich;
pub mod extract;
pub mod group;
pub mod layout;
pub mod model;
pub mod money;
#[cfg(feature = "ocr")]
pub mod ocr;
pub mod pipeline;
pub mod reconcile;
pub mod report;
pub mod resources;
pub mod respond;
pub mod taxonomy;

pub use bankscope_pdf as pdf;
pub use bankscope_pdf::{error, limits};

pub use error::{Error, ErrorKind, Limit, Result};
pub use limits::Limits;
pub use model::{Entity, Metadata, Statement, Transaction, TxnType};
pub use money::Money;
pub use pipeline::{ReadOptions, read_pdf, read_pdf_with_forensics};

/// The library version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
