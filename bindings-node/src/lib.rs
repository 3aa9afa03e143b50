//! Node bindings (napi-rs): the `bankscope` npm package.
//!
//! Only translation lives here. Core errors become JS `Error`s whose `code`
//! is the stable [`bankscope::ErrorKind::code`] (`PASSWORD_INCORRECT`, ...).

use napi_derive::napi;

fn to_js_err(e: &bankscope::Error) -> napi::Error<&'static str> {
    napi::Error::new(e.kind().code(), e.to_string())
}

/// The library version.
#[napi]
pub fn version() -> &'static str {
    bankscope::VERSION
}

/// Parses an amount as Indian statements print it (`"1,23,456.78 Dr"`) into
/// integer paise. Throws an Error with code `INVALID_ARGUMENT` otherwise.
#[napi]
pub fn parse_amount(text: String) -> napi::Result<i64, &'static str> {
    bankscope::Money::parse(&text)
        .map(bankscope::Money::paise)
        .map_err(|e| to_js_err(&bankscope::Error::invalid_argument("text", e.to_string())))
}

/// Formats paise as rupees with Indian digit grouping (`"-5,30,000.00"`).
#[napi]
pub fn format_amount(paise: i64) -> String {
    bankscope::Money::from_paise(paise).to_indian_string()
}

/// The stable codes of every error kind, for `switch (err.code)`.
#[napi]
pub fn error_codes() -> Vec<&'static str> {
    bankscope::ErrorKind::ALL.iter().map(|k| k.code()).collect()
}
