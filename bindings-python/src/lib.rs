//! Python bindings: the `bankscope._native` extension module.
//!
//! Only translation lives here; the typed package in `python/bankscope/` is
//! the public face. Core errors become one exception class per
//! [`bankscope::ErrorKind`], mapped by an exhaustive `match`.

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

create_exception!(_native, BankscopeError, PyException, "Base class of every bankscope error.");
create_exception!(_native, PasswordIncorrect, BankscopeError, "The PDF password is wrong or missing.");
create_exception!(_native, PdfIsImage, BankscopeError, "The PDF has no text layer (scanned).");
create_exception!(_native, NotAStatement, BankscopeError, "The document is not a bank statement.");
create_exception!(_native, UnsupportedFormat, BankscopeError, "The transaction table could not be read.");
create_exception!(_native, BankNameMismatch, BankscopeError, "The declared bank differs from the statement's.");
create_exception!(_native, BankUndetected, BankscopeError, "No bank detected and none declared.");
create_exception!(_native, LimitExceeded, BankscopeError, "A configured limit was exceeded.");
create_exception!(_native, Malformed, BankscopeError, "Bytes that are not a well-formed document.");
create_exception!(_native, InvalidArgument, BankscopeError, "An argument that cannot be used.");

/// Converts a core error into the matching Python exception.
fn to_py_err(e: &bankscope::Error) -> PyErr {
    let msg = e.to_string();
    // Exhaustive on purpose (no `_ =>`): a new core kind breaks this build.
    match e.kind() {
        bankscope::ErrorKind::PasswordIncorrect => PasswordIncorrect::new_err(msg),
        bankscope::ErrorKind::PdfIsImage => PdfIsImage::new_err(msg),
        bankscope::ErrorKind::NotAStatement => NotAStatement::new_err(msg),
        bankscope::ErrorKind::UnsupportedFormat => UnsupportedFormat::new_err(msg),
        bankscope::ErrorKind::BankNameMismatch => BankNameMismatch::new_err(msg),
        bankscope::ErrorKind::BankUndetected => BankUndetected::new_err(msg),
        bankscope::ErrorKind::LimitExceeded => LimitExceeded::new_err(msg),
        bankscope::ErrorKind::Malformed => Malformed::new_err(msg),
        bankscope::ErrorKind::InvalidArgument => InvalidArgument::new_err(msg),
    }
}

/// Parses an amount as Indian statements print it into integer paise.
#[pyfunction]
fn parse_amount(text: &str) -> PyResult<i64> {
    bankscope::Money::parse(text)
        .map(bankscope::Money::paise)
        .map_err(|e| to_py_err(&bankscope::Error::invalid_argument("text", e.to_string())))
}

/// Formats paise as rupees with Indian digit grouping.
#[pyfunction]
fn format_amount(paise: i64) -> String {
    bankscope::Money::from_paise(paise).to_indian_string()
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", bankscope::VERSION)?;
    m.add("BankscopeError", py.get_type::<BankscopeError>())?;
    m.add("PasswordIncorrect", py.get_type::<PasswordIncorrect>())?;
    m.add("PdfIsImage", py.get_type::<PdfIsImage>())?;
    m.add("NotAStatement", py.get_type::<NotAStatement>())?;
    m.add("UnsupportedFormat", py.get_type::<UnsupportedFormat>())?;
    m.add("BankNameMismatch", py.get_type::<BankNameMismatch>())?;
    m.add("BankUndetected", py.get_type::<BankUndetected>())?;
    m.add("LimitExceeded", py.get_type::<LimitExceeded>())?;
    m.add("Malformed", py.get_type::<Malformed>())?;
    m.add("InvalidArgument", py.get_type::<InvalidArgument>())?;
    m.add_function(wrap_pyfunction!(parse_amount, m)?)?;
    m.add_function(wrap_pyfunction!(format_amount, m)?)?;
    Ok(())
}
