//! C ABI over the bankscope core.
//!
//! Conventions (the header repeats them):
//! - Every function returns a [`bankscope_status`] or a value that cannot fail.
//!   `BANKSCOPE_STATUS_OK` is 0; numbers are never reused.
//! - Out-parameters are written only when the status is `BANKSCOPE_STATUS_OK`.
//! - After a non-OK status, `bankscope_last_error_message()` returns the message
//!   of the most recent failure on the calling thread.
//! - Strings returned by the library are freed with `bankscope_string_free`,
//!   byte buffers with `bankscope_bytes_free`, never with `free()`. Every
//!   `_free` accepts NULL.
//! - No panic crosses the boundary: each export runs inside [`guard`].

#![allow(non_camel_case_types)]

use std::cell::RefCell;
use std::ffi::{CStr, CString, c_char};
use std::panic::{AssertUnwindSafe, catch_unwind};

use bankscope::ErrorKind;

mod entity;
pub use entity::*;

/// Result of every fallible call. Numbers are part of the ABI and never reused.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum bankscope_status {
    /// Success.
    Ok = 0,
    /// A required pointer argument was NULL.
    NullArgument = 1,
    /// A string argument was not valid UTF-8.
    InvalidUtf8 = 2,
    /// A bug inside bankscope was caught at the boundary; the call had no effect.
    Panic = 3,
    /// The PDF is encrypted and the password is wrong or missing.
    PasswordIncorrect = 10,
    /// The PDF has no text layer (scanned).
    PdfIsImage = 11,
    /// The document is not a bank statement.
    NotAStatement = 12,
    /// The statement's transaction table could not be read.
    UnsupportedFormat = 13,
    /// The declared bank differs from the statement's bank.
    BankNameMismatch = 14,
    /// No bank detected and none declared.
    BankUndetected = 15,
    /// A configured limit was exceeded.
    LimitExceeded = 16,
    /// Bytes that are not a well-formed document.
    Malformed = 17,
    /// An argument that cannot be used (unknown resource, account id, option).
    InvalidArgument = 18,
}

impl bankscope_status {
    /// Every status (a new variant goes here too; a test compares this list
    /// with the boundary statuses plus one per core error kind).
    const ALL: [bankscope_status; 13] = [
        bankscope_status::Ok,
        bankscope_status::NullArgument,
        bankscope_status::InvalidUtf8,
        bankscope_status::Panic,
        bankscope_status::PasswordIncorrect,
        bankscope_status::PdfIsImage,
        bankscope_status::NotAStatement,
        bankscope_status::UnsupportedFormat,
        bankscope_status::BankNameMismatch,
        bankscope_status::BankUndetected,
        bankscope_status::LimitExceeded,
        bankscope_status::Malformed,
        bankscope_status::InvalidArgument,
    ];

    /// The status with this number, if any (a C caller may hold any `int`).
    fn from_number(n: i32) -> Option<bankscope_status> {
        Self::ALL.into_iter().find(|s| *s as i32 == n)
    }
}

impl From<ErrorKind> for bankscope_status {
    fn from(kind: ErrorKind) -> Self {
        // Exhaustive on purpose: a new core error kind must get its own status.
        match kind {
            ErrorKind::PasswordIncorrect => bankscope_status::PasswordIncorrect,
            ErrorKind::PdfIsImage => bankscope_status::PdfIsImage,
            ErrorKind::NotAStatement => bankscope_status::NotAStatement,
            ErrorKind::UnsupportedFormat => bankscope_status::UnsupportedFormat,
            ErrorKind::BankNameMismatch => bankscope_status::BankNameMismatch,
            ErrorKind::BankUndetected => bankscope_status::BankUndetected,
            ErrorKind::LimitExceeded => bankscope_status::LimitExceeded,
            ErrorKind::Malformed => bankscope_status::Malformed,
            ErrorKind::InvalidArgument => bankscope_status::InvalidArgument,
        }
    }
}

thread_local! {
    static LAST_ERROR: RefCell<Option<CString>> = const { RefCell::new(None) };
}

fn set_last_error(message: &str) {
    // An interior NUL cannot be represented in C; cut the message there.
    let cut = message.split('\0').next().unwrap_or_default();
    let c = CString::new(cut).unwrap_or_default();
    LAST_ERROR.with(|slot| *slot.borrow_mut() = Some(c));
}

/// A failure inside an export: its status and message.
struct Failure(bankscope_status, String);

impl From<bankscope::Error> for Failure {
    fn from(e: bankscope::Error) -> Self {
        Failure(e.kind().into(), e.to_string())
    }
}

/// Runs an export body: catches panics, records the message of a failure.
fn guard(body: impl FnOnce() -> Result<(), Failure>) -> bankscope_status {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => bankscope_status::Ok,
        Ok(Err(Failure(status, message))) => {
            set_last_error(&message);
            status
        }
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            set_last_error(&format!("internal error (panic caught at the C boundary): {what}"));
            bankscope_status::Panic
        }
    }
}

/// Reads a required C string argument.
///
/// # Safety
/// `ptr` is NULL or points to a NUL-terminated string valid for the call.
unsafe fn arg_str<'a>(ptr: *const c_char, name: &str) -> Result<&'a str, Failure> {
    if ptr.is_null() {
        return Err(Failure(bankscope_status::NullArgument, format!("{name} is NULL")));
    }
    // SAFETY: non-NULL and NUL-terminated per the caller's contract.
    let c = unsafe { CStr::from_ptr(ptr) };
    c.to_str().map_err(|_| Failure(bankscope_status::InvalidUtf8, format!("{name} is not valid UTF-8")))
}

/// Moves a Rust string to the caller; freed with `bankscope_string_free`.
fn into_c_string(s: String) -> Result<*mut c_char, Failure> {
    CString::new(s)
        .map(CString::into_raw)
        .map_err(|_| Failure(bankscope_status::InvalidArgument, "output contains a NUL byte".to_string()))
}

/// Moves a byte buffer to the caller as `(pointer, length)`; freed with
/// `bankscope_bytes_free(pointer, length)`. The buffer is exactly `length`
/// bytes (a boxed slice, no spare capacity), which is what the free needs.
fn into_c_bytes(bytes: Vec<u8>) -> (*mut u8, usize) {
    let boxed: Box<[u8]> = bytes.into_boxed_slice();
    let len = boxed.len();
    (Box::into_raw(boxed).cast::<u8>(), len)
}

/// The library version, a static NUL-terminated string. Never NULL; do not free.
#[unsafe(no_mangle)]
pub extern "C" fn bankscope_version() -> *const c_char {
    static VERSION: &CStr = match CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
        Ok(v) => v,
        Err(_) => c"unknown",
    };
    VERSION.as_ptr()
}

/// The message of the last failed call on this thread, or NULL when none
/// failed yet. Valid until the next failing call on the same thread; do not free.
#[unsafe(no_mangle)]
pub extern "C" fn bankscope_last_error_message() -> *const c_char {
    LAST_ERROR.with(|slot| slot.borrow().as_ref().map_or(std::ptr::null(), |c| c.as_ptr()))
}

/// The stable upper-case name of a status number (`"PASSWORD_INCORRECT"` for
/// 10), or `"UNKNOWN"` for a number that is no status. Takes an `int32_t`, not
/// the enum, so any value a C caller holds is safe to pass. A static string:
/// never NULL, do not free.
#[unsafe(no_mangle)]
pub extern "C" fn bankscope_status_name(status: i32) -> *const c_char {
    let name: &'static CStr = match bankscope_status::from_number(status) {
        None => c"UNKNOWN",
        Some(bankscope_status::Ok) => c"OK",
        Some(bankscope_status::NullArgument) => c"NULL_ARGUMENT",
        Some(bankscope_status::InvalidUtf8) => c"INVALID_UTF8",
        Some(bankscope_status::Panic) => c"PANIC",
        Some(bankscope_status::PasswordIncorrect) => c"PASSWORD_INCORRECT",
        Some(bankscope_status::PdfIsImage) => c"PDF_IS_IMAGE",
        Some(bankscope_status::NotAStatement) => c"NOT_A_STATEMENT",
        Some(bankscope_status::UnsupportedFormat) => c"UNSUPPORTED_FORMAT",
        Some(bankscope_status::BankNameMismatch) => c"BANK_NAME_MISMATCH",
        Some(bankscope_status::BankUndetected) => c"BANK_UNDETECTED",
        Some(bankscope_status::LimitExceeded) => c"LIMIT_EXCEEDED",
        Some(bankscope_status::Malformed) => c"MALFORMED",
        Some(bankscope_status::InvalidArgument) => c"INVALID_ARGUMENT",
    };
    name.as_ptr()
}

/// Parses an amount as Indian statements print it (`"1,23,456.78 Dr"`) into
/// paise. On success writes `*out_paise`; on failure leaves it untouched.
///
/// # Safety
/// `text` is a NUL-terminated string; `out_paise` points to writable memory.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bankscope_parse_amount(text: *const c_char, out_paise: *mut i64) -> bankscope_status {
    guard(|| {
        // SAFETY: caller contract above.
        let text = unsafe { arg_str(text, "text") }?;
        if out_paise.is_null() {
            return Err(Failure(bankscope_status::NullArgument, "out_paise is NULL".into()));
        }
        let money = bankscope::Money::parse(text)
            .map_err(|e| Failure(bankscope_status::InvalidArgument, format!("invalid argument text: {e}")))?;
        // SAFETY: non-NULL, writable per the caller's contract.
        unsafe { *out_paise = money.paise() };
        Ok(())
    })
}

/// Formats paise as rupees with Indian digit grouping (`"-1,23,456.78"`).
/// On success writes `*out` with a string freed by `bankscope_string_free`.
///
/// # Safety
/// `out` points to writable memory.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bankscope_format_amount(paise: i64, out: *mut *mut c_char) -> bankscope_status {
    guard(|| {
        if out.is_null() {
            return Err(Failure(bankscope_status::NullArgument, "out is NULL".into()));
        }
        let s = into_c_string(bankscope::Money::from_paise(paise).to_indian_string())?;
        // SAFETY: non-NULL, writable per the caller's contract.
        unsafe { *out = s };
        Ok(())
    })
}

/// Frees a string returned by this library. NULL is accepted and ignored.
///
/// # Safety
/// `s` is NULL or a pointer returned by this library and not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bankscope_string_free(s: *mut c_char) {
    if !s.is_null() {
        // SAFETY: created by CString::into_raw in this library, freed once.
        drop(unsafe { CString::from_raw(s) });
    }
}

/// Frees a byte buffer returned by this library, with the length returned
/// alongside it. NULL is accepted and ignored (whatever `len`).
///
/// # Safety
/// `ptr` is NULL or a buffer returned by this library and not freed before,
/// and `len` is exactly the length returned with it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn bankscope_bytes_free(ptr: *mut u8, len: usize) {
    if !ptr.is_null() {
        // SAFETY: created by `into_c_bytes` from a boxed slice of `len` bytes, freed once.
        drop(unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) });
    }
}

/// Test hook: panics inside the boundary and returns `BANKSCOPE_STATUS_PANIC`,
/// proving that no panic reaches the caller. Has no other effect.
#[unsafe(no_mangle)]
pub extern "C" fn bankscope_test_panic() -> bankscope_status {
    guard(|| panic!("deliberate panic from bankscope_test_panic"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn last_error() -> String {
        let p = bankscope_last_error_message();
        assert!(!p.is_null());
        // SAFETY: returned by the library, NUL-terminated, alive on this thread.
        unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
    }

    #[test]
    fn panic_is_caught_and_reported() {
        // Silence the default hook's message for this deliberate panic.
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let status = bankscope_test_panic();
        std::panic::set_hook(prev);
        assert_eq!(status, bankscope_status::Panic);
        assert!(last_error().contains("deliberate panic"));
    }

    #[test]
    fn parse_writes_out_param_only_on_success() {
        let mut out: i64 = -1;
        let ok = unsafe { bankscope_parse_amount(c"1,23,456.78 Dr".as_ptr(), &mut out) };
        assert_eq!(ok, bankscope_status::Ok);
        assert_eq!(out, -12_345_678);
        let mut untouched: i64 = 7;
        let bad = unsafe { bankscope_parse_amount(c"12abc".as_ptr(), &mut untouched) };
        assert_eq!(bad, bankscope_status::InvalidArgument);
        assert_eq!(untouched, 7);
        assert!(last_error().contains("12abc"));
        let null = unsafe { bankscope_parse_amount(std::ptr::null(), &mut untouched) };
        assert_eq!(null, bankscope_status::NullArgument);
        assert_eq!(last_error(), "text is NULL");
        let bad_utf8 = [0xffu8, 0xfe, 0];
        let s = unsafe { bankscope_parse_amount(bad_utf8.as_ptr().cast(), &mut untouched) };
        assert_eq!(s, bankscope_status::InvalidUtf8);
    }

    #[test]
    fn format_round_trips_through_string_free() {
        let mut out: *mut c_char = std::ptr::null_mut();
        assert_eq!(unsafe { bankscope_format_amount(-53_000_000, &mut out) }, bankscope_status::Ok);
        let s = unsafe { CStr::from_ptr(out) }.to_string_lossy().into_owned();
        unsafe { bankscope_string_free(out) };
        unsafe { bankscope_string_free(std::ptr::null_mut()) };
        assert_eq!(s, "-5,30,000.00");
    }

    #[test]
    fn byte_buffers_round_trip_through_bytes_free() {
        let (ptr, len) = into_c_bytes(b"PK\x03\x04 xlsx".to_vec());
        assert_eq!(len, 9);
        // SAFETY: `ptr` holds `len` bytes until freed below.
        assert_eq!(unsafe { std::slice::from_raw_parts(ptr, len) }, b"PK\x03\x04 xlsx");
        unsafe { bankscope_bytes_free(ptr, len) };
        // An empty buffer (a dangling, non-NULL pointer) and NULL free cleanly too.
        let (empty, zero) = into_c_bytes(Vec::new());
        assert_eq!(zero, 0);
        unsafe { bankscope_bytes_free(empty, zero) };
        unsafe { bankscope_bytes_free(std::ptr::null_mut(), 5) };
    }

    #[test]
    fn every_core_error_kind_has_a_distinct_status_and_name() {
        let mut seen = std::collections::HashSet::new();
        for kind in ErrorKind::ALL {
            let status = bankscope_status::from(kind);
            assert!(seen.insert(status as i32), "{kind:?} reuses a status number");
            let name = unsafe { CStr::from_ptr(bankscope_status_name(status as i32)) }.to_string_lossy().into_owned();
            assert_eq!(name, kind.code());
        }
        // ALL holds the four boundary statuses and one per core kind.
        let mut expected: Vec<bankscope_status> = vec![
            bankscope_status::Ok,
            bankscope_status::NullArgument,
            bankscope_status::InvalidUtf8,
            bankscope_status::Panic,
        ];
        expected.extend(ErrorKind::ALL.map(bankscope_status::from));
        assert_eq!(bankscope_status::ALL.to_vec(), expected);
        let numbers: std::collections::HashSet<i32> = bankscope_status::ALL.iter().map(|s| *s as i32).collect();
        assert_eq!(numbers.len(), 13, "status numbers are distinct");
        for n in [-1, 4, 9, 19, i32::MAX] {
            let name = unsafe { CStr::from_ptr(bankscope_status_name(n)) }.to_string_lossy().into_owned();
            assert_eq!(name, "UNKNOWN", "{n}");
        }
        let name = unsafe { CStr::from_ptr(bankscope_status_name(10)) }.to_string_lossy().into_owned();
        assert_eq!(name, "PASSWORD_INCORRECT");
        let v = unsafe { CStr::from_ptr(bankscope_version()) }.to_string_lossy().into_owned();
        assert_eq!(v, bankscope::VERSION);
    }
}
