//! The entity handle: statements in, the interface's JSON out.

use std::ffi::c_char;

use bankscope::resources::Resource;
use bankscope::{Entity, Limits, Metadata, ReadOptions};

use crate::{Failure, arg_str, bankscope_status, guard, into_c_bytes, into_c_string};

/// An entity: the statements of one customer. Opaque; create with
/// `bankscope_entity_new`, release with `bankscope_entity_free`.
///
/// Thread safety: a handle may be used from any thread, one call at a time
/// for the calls that change it (`bankscope_entity_add_pdf`,
/// `bankscope_entity_add_aa`, `bankscope_entity_free`); calls that only read it
/// (`bankscope_entity_get`, `bankscope_entity_xlsx`) may run concurrently with
/// each other. Callers that share a handle between threads lock around the
/// changing calls.
#[derive(Debug)]
pub struct bankscope_entity {
    inner: Entity,
    /// Limits applied to every document added to this entity.
    limits: Limits,
}

// The thread-safety promise above rests on these: a handle moves between
// threads (Send) and shared reads are data-race free (Sync). A core change that
// adds interior mutability to `Entity` breaks this build instead of the promise.
const _: () = {
    const fn send_and_sync<T: Send + Sync>() {}
    send_and_sync::<bankscope_entity>();
};

#[derive(serde::Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
struct EntityOptions {
    link_id: Option<String>,
    metadata: Metadata,
    limits: Limits,
}

/// Reads an optional C string argument (NULL or empty means absent).
///
/// # Safety
/// `ptr` is NULL or a NUL-terminated string valid for the call.
unsafe fn opt_str<'a>(ptr: *const c_char, name: &str) -> Result<Option<&'a str>, Failure> {
    if ptr.is_null() {
        return Ok(None);
    }
    // SAFETY: forwarded contract.
    let s = unsafe { arg_str(ptr, name) }?;
    Ok(Some(s).filter(|s| !s.is_empty()))
}

/// Borrows caller bytes.
///
/// # Safety
/// `ptr` points to `len` readable bytes (or is NULL with `len` 0).
unsafe fn arg_bytes<'a>(ptr: *const u8, len: usize, name: &str) -> Result<&'a [u8], Failure> {
    if ptr.is_null() {
        if len == 0 {
            return Ok(&[]);
        }
        return Err(Failure(bankscope_status::NullArgument, format!("{name} is NULL")));
    }
    // SAFETY: caller guarantees `len` readable bytes at `ptr`.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

fn entity_mut<'a>(e: *mut bankscope_entity) -> Result<&'a mut bankscope_entity, Failure> {
    // SAFETY: a non-NULL handle comes from bankscope_entity_new and is not
    // used from two threads at once (header contract).
    unsafe { e.as_mut() }.ok_or_else(|| Failure(bankscope_status::NullArgument, "entity is NULL".into()))
}

fn json<T: serde::Serialize>(value: &T) -> Result<String, Failure> {
    serde_json::to_string(value).map_err(|e| Failure(bankscope_status::Malformed, format!("serialising: {e}")))
}

/// Creates an entity. `options_json` may be NULL (or empty) or a JSON object
/// with optional `link_id` (string), `metadata` (`{names, employer_names,
/// companies_for_self_transfer}`: arrays of strings) and `limits` (`{input_bytes,
/// pages, stream_bytes, total_decompressed_bytes, object_depth, time_millis,
/// glyphs_per_page, glyphs}`: integers; an omitted one keeps its default). Unknown keys are refused with
/// `BANKSCOPE_STATUS_INVALID_ARGUMENT`.
///
/// Ownership: `options_json` is borrowed for the call. On success writes to
/// `*out` a new handle owned by the caller, released with
/// `bankscope_entity_free`; on failure `*out` is not written.
///
/// # Safety
/// `options_json` is NULL or a NUL-terminated string; `out` is writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bankscope_entity_new(
    options_json: *const c_char,
    out: *mut *mut bankscope_entity,
) -> bankscope_status {
    guard(|| {
        if out.is_null() {
            return Err(Failure(bankscope_status::NullArgument, "out is NULL".into()));
        }
        // SAFETY: caller contract.
        let options = match unsafe { opt_str(options_json, "options_json") }? {
            None => EntityOptions::default(),
            Some(text) => serde_json::from_str(text).map_err(|e| {
                Failure(bankscope_status::InvalidArgument, format!("invalid argument options_json: {e}"))
            })?,
        };
        let handle = Box::new(bankscope_entity {
            inner: Entity::new(options.link_id, options.metadata),
            limits: options.limits,
        });
        // SAFETY: checked non-NULL above.
        unsafe { *out = Box::into_raw(handle) };
        Ok(())
    })
}

/// Adds Account Aggregator data (ReBIT deposit JSON or XML, `len` bytes).
/// `bank_name` may be NULL. On success writes to `*out_summary_json` a JSON
/// array with one statement summary (as for `bankscope_entity_add_pdf`) per
/// account in the data; on failure nothing is added to the entity and
/// `*out_summary_json` is not written.
///
/// Ownership: `data` and `bank_name` are borrowed for the call. The summary
/// string belongs to the caller, freed with `bankscope_string_free`.
///
/// # Safety
/// `entity` is a live handle; `data` points to `len` bytes; `bank_name` is
/// NULL or a NUL-terminated string; `out_summary_json` is writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bankscope_entity_add_aa(
    entity: *mut bankscope_entity,
    data: *const u8,
    len: usize,
    bank_name: *const c_char,
    out_summary_json: *mut *mut c_char,
) -> bankscope_status {
    guard(|| {
        let e = entity_mut(entity)?;
        // SAFETY: caller contract.
        let bytes = unsafe { arg_bytes(data, len, "data") }?;
        // SAFETY: caller contract.
        let bank = unsafe { opt_str(bank_name, "bank_name") }?;
        if out_summary_json.is_null() {
            return Err(Failure(bankscope_status::NullArgument, "out_summary_json is NULL".into()));
        }
        let summaries = e.inner.add_aa(bytes, bank)?;
        let s = into_c_string(json(&summaries)?)?;
        // SAFETY: checked non-NULL above.
        unsafe { *out_summary_json = s };
        Ok(())
    })
}

/// Reads a statement PDF (`len` bytes at `data`) and adds it to the entity.
///
/// `password` is NULL (or empty) for an unencrypted PDF. `declared_bank` is NULL
/// or the bank the caller says the statement is from (`"hdfc"`, or a name); a
/// statement from another bank fails with `BANKSCOPE_STATUS_BANK_NAME_MISMATCH`.
/// The entity's limits (see `bankscope_entity_new`) apply.
///
/// On success writes to `*out_summary_json` a JSON object summarising the
/// statement: `statement_id`, `account_id`, `source`, `bank`, `name`,
/// `account_number`, `period_from`, `period_to` (`YYYY-MM-DD` or null),
/// `transactions` (count), `opening_balance`, `closing_balance` (rupees or
/// null), `balance_breaks`, and the reading report: `rows_proven`,
/// `reconciles` (every row proven from opening to closing) and `reading` (one
/// line: rows read and proven, the first break, confidence). On failure
/// (wrong or missing password: `BANKSCOPE_STATUS_PASSWORD_INCORRECT`; a scan:
/// `BANKSCOPE_STATUS_PDF_IS_IMAGE`; bytes that are not a PDF:
/// `BANKSCOPE_STATUS_MALFORMED`; ...) nothing is added to the entity and
/// `*out_summary_json` is not written.
///
/// Ownership: `data`, `password` and `declared_bank` are borrowed for the call
/// and not kept. The summary string belongs to the caller, freed with
/// `bankscope_string_free`.
///
/// # Safety
/// `entity` is a live handle; `data` points to `len` readable bytes (or is
/// NULL with `len` 0); `password` and `declared_bank` are NULL or
/// NUL-terminated strings; `out_summary_json` is writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bankscope_entity_add_pdf(
    entity: *mut bankscope_entity,
    data: *const u8,
    len: usize,
    password: *const c_char,
    declared_bank: *const c_char,
    out_summary_json: *mut *mut c_char,
) -> bankscope_status {
    guard(|| {
        let e = entity_mut(entity)?;
        // SAFETY: caller contract.
        let bytes = unsafe { arg_bytes(data, len, "data") }?;
        // SAFETY: caller contract.
        let password = unsafe { opt_str(password, "password") }?;
        // SAFETY: caller contract.
        let declared_bank = unsafe { opt_str(declared_bank, "declared_bank") }?;
        if out_summary_json.is_null() {
            return Err(Failure(bankscope_status::NullArgument, "out_summary_json is NULL".into()));
        }
        let options = ReadOptions {
            password: password.map(str::to_string),
            declared_bank: declared_bank.map(str::to_string),
            limits: e.limits.clone(),
        };
        let summary = e.inner.add_pdf(bytes, &options)?;
        let s = into_c_string(json(&summary)?)?;
        // SAFETY: checked non-NULL above.
        unsafe { *out_summary_json = s };
        Ok(())
    })
}

/// The JSON of one read endpoint: `resource` is its name (`accounts`,
/// `identity`, `transactions`, `salary`, `recurring_transactions`,
/// `lender_transactions`, `get_expense_categories`, `top_credits_debits`,
/// `monthly_analysis_updated`, `xlsx_report`, `predictors`, `score`);
/// `account_id` may be NULL (all accounts); it is accepted only by the
/// endpoints that filter by account (`transactions`, `salary`,
/// `recurring_transactions`, `lender_transactions`, `get_expense_categories`).
/// An unknown resource or account id gives `BANKSCOPE_STATUS_INVALID_ARGUMENT`.
/// The JSON is the interface's response body for that endpoint; every endpoint
/// but `xlsx_report` is computed here. `xlsx_report` answers with links to
/// workbooks, which only a server hosting them can give, so it too gives
/// `BANKSCOPE_STATUS_INVALID_ARGUMENT`; the workbook bytes come from
/// `bankscope_entity_xlsx`.
///
/// Ownership: `resource` and `account_id` are borrowed for the call. On
/// success writes to `*out_json` a string owned by the caller, freed with
/// `bankscope_string_free`; on failure `*out_json` is not written.
///
/// # Safety
/// `entity` is a live handle; strings are NULL or NUL-terminated; `out_json` is writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bankscope_entity_get(
    entity: *const bankscope_entity,
    resource: *const c_char,
    account_id: *const c_char,
    out_json: *mut *mut c_char,
) -> bankscope_status {
    guard(|| {
        // SAFETY: a non-NULL handle comes from bankscope_entity_new.
        let e = unsafe { entity.as_ref() }
            .ok_or_else(|| Failure(bankscope_status::NullArgument, "entity is NULL".into()))?;
        // SAFETY: caller contract.
        let name = unsafe { arg_str(resource, "resource") }?;
        // SAFETY: caller contract.
        let account = unsafe { opt_str(account_id, "account_id") }?;
        if out_json.is_null() {
            return Err(Failure(bankscope_status::NullArgument, "out_json is NULL".into()));
        }
        let resource = Resource::from_name(name.trim_matches('/'))
            .ok_or_else(|| Failure(bankscope_status::InvalidArgument, format!("unknown resource {name:?}")))?;
        if resource == Resource::XlsxReport {
            // The core's message names the Rust method; name this surface's one.
            return Err(Failure(
                bankscope_status::InvalidArgument,
                "xlsx_report holds links a server hosts; use bankscope_entity_xlsx for the workbook bytes".into(),
            ));
        }
        let text = e.inner.response_json(resource, account)?;
        let s = into_c_string(text)?;
        // SAFETY: checked non-NULL above.
        unsafe { *out_json = s };
        Ok(())
    })
}

/// The xlsx report of the entity as workbook bytes (an Excel `.xlsx` file, a
/// zip archive starting with `PK`): with `account_id` NULL (or empty), the only
/// account's workbook when the entity has one account, else the entity workbook
/// (an overview of every account); with an `account_id`, that account's workbook.
/// An unknown account id, or an entity without statements, gives
/// `BANKSCOPE_STATUS_INVALID_ARGUMENT`.
///
/// Ownership: `account_id` is borrowed for the call. On success writes to
/// `*out_bytes` a buffer of `*out_len` bytes owned by the caller, released with
/// `bankscope_bytes_free(*out_bytes, *out_len)` (never `free()`); on failure
/// neither out-parameter is written.
///
/// # Safety
/// `entity` is a live handle; `account_id` is NULL or a NUL-terminated string;
/// `out_bytes` and `out_len` are writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bankscope_entity_xlsx(
    entity: *const bankscope_entity,
    account_id: *const c_char,
    out_bytes: *mut *mut u8,
    out_len: *mut usize,
) -> bankscope_status {
    guard(|| {
        // SAFETY: a non-NULL handle comes from bankscope_entity_new.
        let e = unsafe { entity.as_ref() }
            .ok_or_else(|| Failure(bankscope_status::NullArgument, "entity is NULL".into()))?;
        // SAFETY: caller contract.
        let account = unsafe { opt_str(account_id, "account_id") }?;
        if out_bytes.is_null() {
            return Err(Failure(bankscope_status::NullArgument, "out_bytes is NULL".into()));
        }
        if out_len.is_null() {
            return Err(Failure(bankscope_status::NullArgument, "out_len is NULL".into()));
        }
        let (ptr, len) = into_c_bytes(e.inner.xlsx_report(account)?);
        // SAFETY: both checked non-NULL above.
        unsafe {
            *out_bytes = ptr;
            *out_len = len;
        }
        Ok(())
    })
}

/// Frees an entity and everything it holds. NULL is accepted and ignored.
/// Strings returned earlier by calls on the entity stay valid (they are
/// separate allocations, freed with `bankscope_string_free`).
///
/// # Safety
/// `entity` is NULL or a handle from `bankscope_entity_new` not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bankscope_entity_free(entity: *mut bankscope_entity) {
    if !entity.is_null() {
        // SAFETY: created by Box::into_raw in bankscope_entity_new, freed once.
        drop(unsafe { Box::from_raw(entity) });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    fn take(s: *mut c_char) -> String {
        let out = unsafe { CStr::from_ptr(s) }.to_string_lossy().into_owned();
        unsafe { crate::bankscope_string_free(s) };
        out
    }

    #[test]
    fn aa_data_to_accounts_json() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/samples/aa/deposit_fi_sample.xml");
        let data = std::fs::read(path).unwrap_or_default();
        let mut e: *mut bankscope_entity = std::ptr::null_mut();
        let st = unsafe { bankscope_entity_new(c"{\"link_id\": \"cust-1\"}".as_ptr(), &mut e) };
        assert_eq!(st, bankscope_status::Ok);
        let mut summary: *mut c_char = std::ptr::null_mut();
        let st = unsafe { bankscope_entity_add_aa(e, data.as_ptr(), data.len(), std::ptr::null(), &mut summary) };
        assert_eq!(st, bankscope_status::Ok);
        let summary: serde_json::Value = serde_json::from_str(&take(summary)).unwrap_or_default();
        assert_eq!(summary[0]["transactions"], 19);
        assert_eq!(summary[0]["bank"], "hdfc");

        let mut out: *mut c_char = std::ptr::null_mut();
        let st = unsafe { bankscope_entity_get(e, c"accounts".as_ptr(), std::ptr::null(), &mut out) };
        assert_eq!(st, bankscope_status::Ok);
        let accounts: serde_json::Value = serde_json::from_str(&take(out)).unwrap_or_default();
        assert_eq!(accounts["accounts"][0]["account_number"], "XXXXXXXX4521");

        // Errors: unknown resource, garbage data, NULL entity; out stays untouched.
        let mut untouched: *mut c_char = std::ptr::null_mut();
        let st = unsafe { bankscope_entity_get(e, c"nope".as_ptr(), std::ptr::null(), &mut untouched) };
        assert_eq!(st, bankscope_status::InvalidArgument);
        assert!(untouched.is_null());
        let garbage = b"%PDF-not really";
        let st =
            unsafe { bankscope_entity_add_aa(e, garbage.as_ptr(), garbage.len(), std::ptr::null(), &mut untouched) };
        assert_eq!(st, bankscope_status::Malformed);
        let st =
            unsafe { bankscope_entity_get(std::ptr::null(), c"accounts".as_ptr(), std::ptr::null(), &mut untouched) };
        assert_eq!(st, bankscope_status::NullArgument);
        unsafe { bankscope_entity_free(e) };
        unsafe { bankscope_entity_free(std::ptr::null_mut()) };
    }

    fn fixture(name: &str) -> Vec<u8> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/statements");
        std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    fn new_entity(options: &std::ffi::CStr) -> *mut bankscope_entity {
        let mut e: *mut bankscope_entity = std::ptr::null_mut();
        let st = unsafe { bankscope_entity_new(options.as_ptr(), &mut e) };
        assert_eq!(st, bankscope_status::Ok);
        assert!(!e.is_null());
        e
    }

    #[test]
    fn unknown_metadata_keys_are_refused_at_every_level() {
        for options in [c"{\"metadata\": {\"employer_name\": [\"ACME\"]}}", c"{\"metdata\": {}}"] {
            let mut e: *mut bankscope_entity = std::ptr::null_mut();
            let st = unsafe { bankscope_entity_new(options.as_ptr(), &mut e) };
            assert_eq!(st, bankscope_status::InvalidArgument, "{options:?}");
            assert!(e.is_null());
        }
        assert!(last_error().contains("metdata"), "{}", last_error());
    }

    fn last_error() -> String {
        let p = crate::bankscope_last_error_message();
        assert!(!p.is_null());
        unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
    }

    /// Calls add_pdf with a sentinel out-pointer; returns the status and the
    /// summary (None when the out-param was left untouched).
    fn add_pdf(
        e: *mut bankscope_entity,
        data: &[u8],
        password: Option<&std::ffi::CStr>,
        bank: Option<&std::ffi::CStr>,
    ) -> (bankscope_status, Option<serde_json::Value>) {
        let mut out: *mut c_char = std::ptr::null_mut();
        let st = unsafe {
            bankscope_entity_add_pdf(
                e,
                data.as_ptr(),
                data.len(),
                password.map_or(std::ptr::null(), CStr::as_ptr),
                bank.map_or(std::ptr::null(), CStr::as_ptr),
                &mut out,
            )
        };
        let summary = (!out.is_null()).then(|| serde_json::from_str(&take(out)).unwrap_or_default());
        (st, summary)
    }

    fn get(e: *const bankscope_entity, resource: &std::ffi::CStr) -> (bankscope_status, Option<serde_json::Value>) {
        let mut out: *mut c_char = std::ptr::null_mut();
        let st = unsafe { bankscope_entity_get(e, resource.as_ptr(), std::ptr::null(), &mut out) };
        (st, (!out.is_null()).then(|| serde_json::from_str(&take(out)).unwrap_or_default()))
    }

    #[test]
    fn a_fixture_pdf_through_the_c_abi() {
        // Truth of icici_fpdf2_encrypted.truth.json: password "fati1612", holder
        // FATIMA MISHRA, account 579901053326, 100 transactions.
        let pdf = fixture("icici_fpdf2_encrypted.pdf");
        let e = new_entity(c"{\"link_id\": \"cust-7\", \"metadata\": {\"names\": [\"FATIMA MISHRA\"]}}");

        // Wrong password, wrong bank, garbage: typed statuses, out-param untouched, entity unchanged.
        let (st, out) = add_pdf(e, &pdf, Some(c"wrong"), None);
        assert_eq!((st, out), (bankscope_status::PasswordIncorrect, None));
        assert!(last_error().contains("password"), "{}", last_error());
        let (st, out) = add_pdf(e, &pdf, None, None);
        assert_eq!((st, out), (bankscope_status::PasswordIncorrect, None));
        let (st, out) = add_pdf(e, &pdf, Some(c"fati1612"), Some(c"hdfc"));
        assert_eq!((st, out), (bankscope_status::BankNameMismatch, None));
        assert!(last_error().contains("icici"), "{}", last_error());
        let (st, out) = add_pdf(e, b"\x00\x01 definitely not a PDF", None, None);
        assert_eq!((st, out), (bankscope_status::Malformed, None));
        let (st, accounts) = get(e, c"accounts");
        assert_eq!(st, bankscope_status::Ok);
        assert_eq!(accounts.unwrap_or_default()["accounts"].as_array().map(Vec::len), Some(0));

        // The right password (and the right bank declared) reads it.
        let (st, summary) = add_pdf(e, &pdf, Some(c"fati1612"), Some(c"icici"));
        assert_eq!(st, bankscope_status::Ok, "{}", last_error());
        let summary = summary.unwrap_or_default();
        assert_eq!(summary["bank"], "icici");
        assert_eq!(summary["name"], "FATIMA MISHRA");
        assert_eq!(summary["account_number"], "579901053326");
        assert_eq!(summary["transactions"], 100);
        assert_eq!(summary["source"], "pdf");

        let (st, accounts) = get(e, c"accounts");
        assert_eq!(st, bankscope_status::Ok);
        let accounts = accounts.unwrap_or_default();
        assert_eq!(accounts["accounts"][0]["account_number"], "579901053326");
        assert_eq!(accounts["accounts"][0]["account_id"], summary["account_id"]);
        let (st, txns) = get(e, c"/transactions/");
        assert_eq!(st, bankscope_status::Ok, "slashes around the name are accepted");
        assert_eq!(txns.unwrap_or_default()["transactions"].as_array().map(Vec::len), Some(100));
        unsafe { bankscope_entity_free(e) };
    }

    #[test]
    fn every_read_endpoint_name_reaches_the_core() {
        // Each of the 12 names is recognised and computed: the call answers with
        // the endpoint's JSON (carrying entity_id), on an empty entity and on
        // one with statements. xlsx_report alone answers with an error naming
        // bankscope_entity_xlsx (its links need a host). Never "unknown resource".
        let data = std::fs::read(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/samples/aa/deposit_fi_sample.xml"),
        )
        .unwrap_or_default();
        let empty = new_entity(c"{}");
        let full = new_entity(c"{}");
        let mut summary: *mut c_char = std::ptr::null_mut();
        let st = unsafe { bankscope_entity_add_aa(full, data.as_ptr(), data.len(), std::ptr::null(), &mut summary) };
        assert_eq!(st, bankscope_status::Ok, "{}", last_error());
        take(summary);
        assert_eq!(Resource::ALL.len(), 12);
        for e in [empty, full] {
            for r in Resource::ALL {
                let name = std::ffi::CString::new(r.path_suffix()).unwrap_or_default();
                let (st, body) = get(e, &name);
                if *r == Resource::XlsxReport {
                    assert_eq!((st, body), (bankscope_status::InvalidArgument, None));
                    assert!(last_error().contains("use bankscope_entity_xlsx"), "{}", last_error());
                    continue;
                }
                assert_eq!(st, bankscope_status::Ok, "{name:?}: {}", last_error());
                let body = body.unwrap_or_default();
                assert!(body["entity_id"].is_string(), "{name:?}: {body}");
            }
        }
        unsafe { bankscope_entity_free(full) };
        let e = empty;
        let (st, body) = get(e, c"monthly");
        assert_eq!((st, body), (bankscope_status::InvalidArgument, None));
        assert_eq!(last_error(), "unknown resource \"monthly\"");
        // account_id on an endpoint that does not take one, and an unknown account.
        let mut out: *mut c_char = std::ptr::null_mut();
        let st = unsafe { bankscope_entity_get(e, c"accounts".as_ptr(), c"x".as_ptr(), &mut out) };
        assert_eq!(st, bankscope_status::InvalidArgument);
        let st = unsafe { bankscope_entity_get(e, c"transactions".as_ptr(), c"x".as_ptr(), &mut out) };
        assert_eq!(st, bankscope_status::InvalidArgument);
        assert!(out.is_null());
        unsafe { bankscope_entity_free(e) };
    }

    /// Calls bankscope_entity_xlsx with sentinel out-parameters; returns the
    /// status and the bytes (None when neither out-parameter was written).
    fn xlsx(e: *const bankscope_entity, account_id: Option<&std::ffi::CStr>) -> (bankscope_status, Option<Vec<u8>>) {
        let mut ptr: *mut u8 = std::ptr::null_mut();
        let mut len: usize = usize::MAX;
        let st =
            unsafe { bankscope_entity_xlsx(e, account_id.map_or(std::ptr::null(), CStr::as_ptr), &mut ptr, &mut len) };
        if ptr.is_null() {
            assert_eq!(len, usize::MAX, "out_len written without out_bytes");
            return (st, None);
        }
        let bytes = unsafe { std::slice::from_raw_parts(ptr, len) }.to_vec();
        unsafe { crate::bankscope_bytes_free(ptr, len) };
        (st, Some(bytes))
    }

    #[test]
    fn xlsx_workbook_bytes_through_the_c_abi() {
        let data = std::fs::read(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/samples/aa/deposit_fi_sample.xml"),
        )
        .unwrap_or_default();
        let e = new_entity(c"{}");
        // No statements yet: nothing to report on.
        let (st, out) = xlsx(e, None);
        assert_eq!((st, out), (bankscope_status::InvalidArgument, None));
        assert!(last_error().contains("no statements"), "{}", last_error());

        let mut summary: *mut c_char = std::ptr::null_mut();
        let st = unsafe { bankscope_entity_add_aa(e, data.as_ptr(), data.len(), std::ptr::null(), &mut summary) };
        assert_eq!(st, bankscope_status::Ok, "{}", last_error());
        let summary: serde_json::Value = serde_json::from_str(&take(summary)).unwrap_or_default();
        let account_id =
            std::ffi::CString::new(summary[0]["account_id"].as_str().unwrap_or_default()).unwrap_or_default();

        // The whole entity (one account) and that account by id: a zip (local
        // file header "PK\x03\x04") naming the workbook part inside. With one
        // account both are that account's workbook, so the same length (the
        // bytes may differ only in the creation time stamp).
        let (st, whole) = xlsx(e, None);
        assert_eq!(st, bankscope_status::Ok, "{}", last_error());
        let whole = whole.unwrap_or_default();
        assert!(whole.starts_with(b"PK\x03\x04"), "{:?}", whole.get(..4));
        assert!(whole.windows(15).any(|w| w == b"xl/workbook.xml"));
        let (st, one) = xlsx(e, Some(&account_id));
        assert_eq!(st, bankscope_status::Ok, "{}", last_error());
        let one = one.unwrap_or_default();
        assert!(one.starts_with(b"PK\x03\x04"));
        assert_eq!(one.len(), whole.len(), "with one account, NULL and its id give the same workbook");

        // Unknown account, NULL arguments, invalid UTF-8: typed statuses, outs untouched.
        let (st, out) = xlsx(e, Some(c"no-such-account"));
        assert_eq!((st, out), (bankscope_status::InvalidArgument, None));
        assert!(last_error().contains("no-such-account"), "{}", last_error());
        let (st, out) = xlsx(std::ptr::null(), None);
        assert_eq!((st, out), (bankscope_status::NullArgument, None));
        assert_eq!(last_error(), "entity is NULL");
        let bad = [0xffu8, 0];
        let (st, out) = xlsx(e, Some(unsafe { CStr::from_ptr(bad.as_ptr().cast()) }));
        assert_eq!((st, out), (bankscope_status::InvalidUtf8, None));
        let mut len = 0usize;
        let mut ptr: *mut u8 = std::ptr::null_mut();
        let st = unsafe { bankscope_entity_xlsx(e, std::ptr::null(), std::ptr::null_mut(), &mut len) };
        assert_eq!(st, bankscope_status::NullArgument);
        assert_eq!(last_error(), "out_bytes is NULL");
        let st = unsafe { bankscope_entity_xlsx(e, std::ptr::null(), &mut ptr, std::ptr::null_mut()) };
        assert_eq!(st, bankscope_status::NullArgument);
        assert_eq!(last_error(), "out_len is NULL");
        assert!(ptr.is_null());
        unsafe { bankscope_entity_free(e) };
    }

    #[test]
    fn options_limits_apply_to_added_pdfs() {
        // input_bytes 1000 against a 35,415-byte fixture: refused before reading.
        let pdf = fixture("icici_fpdf2_encrypted.pdf");
        let e = new_entity(c"{\"limits\": {\"input_bytes\": 1000}}");
        let (st, out) = add_pdf(e, &pdf, Some(c"fati1612"), None);
        assert_eq!((st, out), (bankscope_status::LimitExceeded, None));
        assert!(last_error().contains("input_bytes"), "{}", last_error());
        unsafe { bankscope_entity_free(e) };

        let mut untouched: *mut bankscope_entity = std::ptr::null_mut();
        let st = unsafe { bankscope_entity_new(c"{\"limit\": {}}".as_ptr(), &mut untouched) };
        assert_eq!(st, bankscope_status::InvalidArgument);
        assert!(last_error().contains("limit"), "{}", last_error());
        assert!(untouched.is_null());
    }

    #[test]
    fn null_arguments_are_refused_by_name() {
        let e = new_entity(c"{}");
        let mut out: *mut c_char = std::ptr::null_mut();
        let null = std::ptr::null::<c_char>;
        let one = [0u8];
        let expect_null = |st: bankscope_status, message: &str| {
            assert_eq!(st, bankscope_status::NullArgument, "{message}");
            assert_eq!(last_error(), message);
        };
        let st = unsafe { bankscope_entity_add_pdf(std::ptr::null_mut(), one.as_ptr(), 1, null(), null(), &mut out) };
        expect_null(st, "entity is NULL");
        let st = unsafe { bankscope_entity_add_pdf(e, std::ptr::null(), 10, null(), null(), &mut out) };
        expect_null(st, "data is NULL");
        let st = unsafe { bankscope_entity_add_pdf(e, one.as_ptr(), 1, null(), null(), std::ptr::null_mut()) };
        expect_null(st, "out_summary_json is NULL");
        let st = unsafe { bankscope_entity_add_aa(e, std::ptr::null(), 3, null(), &mut out) };
        expect_null(st, "data is NULL");
        let st = unsafe { bankscope_entity_get(e, null(), null(), &mut out) };
        expect_null(st, "resource is NULL");
        let st = unsafe { bankscope_entity_get(e, c"accounts".as_ptr(), null(), std::ptr::null_mut()) };
        expect_null(st, "out_json is NULL");
        let st = unsafe { bankscope_entity_new(null(), std::ptr::null_mut()) };
        expect_null(st, "out is NULL");
        assert!(out.is_null());
        // NULL data with length 0 is an empty document, not a NULL argument.
        let st =
            unsafe { bankscope_entity_add_pdf(e, std::ptr::null(), 0, std::ptr::null(), std::ptr::null(), &mut out) };
        assert_eq!(st, bankscope_status::Malformed, "{}", last_error());
        // Invalid UTF-8 in the password.
        let bad = [0xffu8, 0];
        let st =
            unsafe { bankscope_entity_add_pdf(e, [0u8].as_ptr(), 1, bad.as_ptr().cast(), std::ptr::null(), &mut out) };
        assert_eq!(st, bankscope_status::InvalidUtf8);
        assert_eq!(last_error(), "password is not valid UTF-8");
        unsafe { bankscope_entity_free(e) };
    }
}
