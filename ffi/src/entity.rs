//! The entity handle: statements in, the interface's JSON out.

use std::ffi::c_char;

use bankscope::resources::Resource;
use bankscope::{Entity, Metadata};

use crate::{Failure, arg_str, bankscope_status, guard, into_c_string};

/// An entity: the statements of one customer. Opaque; create with
/// `bankscope_entity_new`, release with `bankscope_entity_free`.
#[derive(Debug)]
pub struct bankscope_entity {
    inner: Entity,
}

#[derive(serde::Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
struct EntityOptions {
    link_id: Option<String>,
    metadata: Metadata,
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

/// Creates an entity. `options_json` may be NULL or a JSON object with
/// optional `link_id` (string) and `metadata` (`{names, employer_names,
/// companies_for_self_transfer}`: arrays of strings). On success writes a new
/// handle to `*out`, owned by the caller.
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
        let handle = Box::new(bankscope_entity { inner: Entity::new(options.link_id, options.metadata) });
        // SAFETY: checked non-NULL above.
        unsafe { *out = Box::into_raw(handle) };
        Ok(())
    })
}

/// Adds Account Aggregator data (ReBIT deposit JSON or XML, `len` bytes).
/// `bank_name` may be NULL. On success writes to `*out_summary_json` a JSON
/// array with one statement summary per account in the data (free with
/// `bankscope_string_free`); on failure nothing is added to the entity.
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

/// The JSON of one read endpoint: `resource` is its name (`accounts`,
/// `identity`, `transactions`, `salary`, `recurring_transactions`,
/// `lender_transactions`, `get_expense_categories`, `top_credits_debits`,
/// `monthly_analysis_updated`, `xlsx_report`, `predictors`, `score`);
/// `account_id` may be NULL (all accounts). On success writes the JSON to
/// `*out_json` (free with `bankscope_string_free`).
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
        let text = e.inner.response_json(resource, account)?;
        let s = into_c_string(text)?;
        // SAFETY: checked non-NULL above.
        unsafe { *out_json = s };
        Ok(())
    })
}

/// Frees an entity. NULL is accepted and ignored.
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
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/samples/aa/deposit_fi_sample.xml");
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
}
