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

/// For programs that read scans: Tesseract reads `OMP_THREAD_LIMIT` when the
/// program loads, and without it its OpenMP threads spin against each other
/// (a 200 dpi page took 4.6-8.9 s instead of 1.6 s, and twice the CPU, on a
/// busy 2-core machine). When the variable is unset, this runs the program
/// again with it set to 1 (`exec` replaces the process: call it first thing
/// in `main`, before any thread starts); when it is set, or the program
/// cannot be run again, it returns and nothing changes. The CLI and the
/// reference server call it; a Python or Node process sets the variable in
/// its own environment.
#[cfg(unix)]
pub fn restart_with_one_ocr_thread() {
    use std::os::unix::process::CommandExt;
    if std::env::var_os("OMP_THREAD_LIMIT").is_some() {
        return;
    }
    if let Ok(me) = std::env::current_exe() {
        let _ = std::process::Command::new(me).args(std::env::args_os().skip(1)).env("OMP_THREAD_LIMIT", "1").exec();
    }
}
