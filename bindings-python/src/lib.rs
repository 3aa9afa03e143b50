//! Python bindings: the `bankscope._native` extension module.
//!
//! Only translation lives here; the typed package in `python/bankscope/` is
//! the public face. Core errors become one exception class per
//! [`bankscope::ErrorKind`], mapped by an exhaustive `match`.
//!
//! Data crosses as JSON text: the core already renders every response as the
//! interface's JSON, and the Python layer turns it into dicts with the `json`
//! module. That keeps one renderer (the core's), gives Python exactly the
//! bytes the HTTP server would send, and lets a caller ask for
//! `parse_float=decimal.Decimal` when sums must be exact.

use std::sync::{Mutex, MutexGuard, PoisonError};

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

create_exception!(bankscope, BankscopeError, PyException, "Base class of every bankscope error.");
create_exception!(bankscope, PasswordIncorrect, BankscopeError, "The PDF password is wrong or missing.");
create_exception!(bankscope, PdfIsImage, BankscopeError, "The PDF has no text layer (scanned).");
create_exception!(bankscope, NotAStatement, BankscopeError, "The document is not a bank statement.");
create_exception!(bankscope, UnsupportedFormat, BankscopeError, "The transaction table could not be read.");
create_exception!(bankscope, BankNameMismatch, BankscopeError, "The declared bank differs from the statement's.");
create_exception!(bankscope, BankUndetected, BankscopeError, "No bank detected and none declared.");
create_exception!(bankscope, LimitExceeded, BankscopeError, "A configured limit was exceeded.");
create_exception!(bankscope, Malformed, BankscopeError, "Bytes that are not a well-formed document.");
create_exception!(bankscope, InvalidArgument, BankscopeError, "An argument that cannot be used.");

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

/// The error for a summary that will not serialise (a bug, still typed).
fn serialise_err(e: &serde_json::Error) -> PyErr {
    to_py_err(&bankscope::Error::malformed(format!("serialising a summary: {e}")))
}

/// The statements of one customer (`bankscope.Entity` wraps this class).
///
/// Safe to share between threads: reading a statement happens on an entity of
/// its own with the GIL released, and only the finished statement is appended
/// under the lock, so reads of the entity never wait for a PDF to be parsed.
#[pyclass(module = "bankscope._native", name = "Entity", frozen)]
#[derive(Debug)]
struct Entity {
    inner: Mutex<bankscope::Entity>,
}

impl Entity {
    fn lock(&self) -> MutexGuard<'_, bankscope::Entity> {
        // The entity is only changed by appending whole statements, so a
        // poisoned lock still guards a consistent entity.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// An empty entity with this one's id and hints, to read a statement into
    /// outside the lock (account ids derive from the entity id).
    fn scratch(&self) -> bankscope::Entity {
        self.lock().detached()
    }

    /// Moves what `scratch` read into this entity.
    fn absorb(&self, scratch: bankscope::Entity) {
        self.lock().absorb(scratch);
    }
}

#[pymethods]
impl Entity {
    /// An empty entity; `metadata_json` is the JSON text of the hints object
    /// (`names`, `employer_names`, `companies_for_self_transfer`).
    #[new]
    #[pyo3(signature = (link_id=None, metadata_json=None))]
    fn new(link_id: Option<String>, metadata_json: Option<&str>) -> PyResult<Self> {
        let metadata = match metadata_json {
            Some(json) => bankscope::Metadata::from_json(json).map_err(|e| to_py_err(&e))?,
            None => bankscope::Metadata::default(),
        };
        Ok(Entity { inner: Mutex::new(bankscope::Entity::new(link_id, metadata)) })
    }

    /// The entity id (UUID4 text).
    #[getter]
    fn entity_id(&self) -> String {
        self.lock().id.to_string()
    }

    /// The caller's customer identifier.
    #[getter]
    fn link_id(&self) -> Option<String> {
        self.lock().link_id.clone()
    }

    /// Reads a statement PDF into the entity with the GIL released; returns
    /// the JSON text of its summary. Nothing is added on error.
    #[pyo3(signature = (data, password=None, bank_name=None))]
    fn add_pdf(
        &self,
        py: Python<'_>,
        data: &[u8],
        password: Option<String>,
        bank_name: Option<String>,
    ) -> PyResult<String> {
        let options = bankscope::ReadOptions { password, declared_bank: bank_name, ..Default::default() };
        let mut scratch = self.scratch();
        let summary = py.detach(|| scratch.add_pdf(data, &options)).map_err(|e| to_py_err(&e))?;
        self.absorb(scratch);
        serde_json::to_string(&summary).map_err(|e| serialise_err(&e))
    }

    /// Reads Account Aggregator data (JSON or XML) with the GIL released;
    /// returns the JSON text of one summary per account. Nothing is added on error.
    #[pyo3(signature = (data, bank_name=None))]
    fn add_aa(&self, py: Python<'_>, data: &[u8], bank_name: Option<String>) -> PyResult<String> {
        let mut scratch = self.scratch();
        let summaries = py.detach(|| scratch.add_aa(data, bank_name.as_deref())).map_err(|e| to_py_err(&e))?;
        self.absorb(scratch);
        serde_json::to_string(&summaries).map_err(|e| serialise_err(&e))
    }

    /// The JSON text of one read endpoint by its interface name
    /// (`"accounts"`, `"monthly_analysis_updated"`, ...), built with the GIL released.
    #[pyo3(signature = (resource, account_id=None))]
    fn response_json(&self, py: Python<'_>, resource: &str, account_id: Option<&str>) -> PyResult<String> {
        let Some(resource) = bankscope::resources::Resource::from_name(resource) else {
            let e = bankscope::Error::invalid_argument("resource", format!("no read endpoint {resource:?}"));
            return Err(to_py_err(&e));
        };
        py.detach(|| self.lock().response_json(resource, account_id)).map_err(|e| to_py_err(&e))
    }

    /// The xlsx report as workbook bytes (see `bankscope::Entity::xlsx_report`),
    /// built with the GIL released.
    #[pyo3(signature = (account_id=None))]
    fn xlsx_report<'py>(&self, py: Python<'py>, account_id: Option<&str>) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = py.detach(|| self.lock().xlsx_report(account_id)).map_err(|e| to_py_err(&e))?;
        Ok(PyBytes::new(py, &bytes))
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
    m.add_class::<Entity>()?;
    m.add_function(wrap_pyfunction!(parse_amount, m)?)?;
    m.add_function(wrap_pyfunction!(format_amount, m)?)?;
    Ok(())
}
