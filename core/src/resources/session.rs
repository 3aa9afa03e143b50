//! Session creation (interface 2.14, 4.1), its error envelope (7.2), and the
//! 401 body of the read endpoints (5, 7.1).

use serde::{Deserialize, Serialize};

/// Body of a successful session creation (v1 and v2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SessionResponse {
    /// The session, kept by the caller for later calls.
    pub session_id: String,
    /// The hosted client: `{client_url}/?session_id=<id>` (v1) or
    /// `{client_url}/?session_id=<id>&token=<secure_hash>` (v2).
    pub redirect_url: String,
}

/// The error codes of session creation (interface 7.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SessionErrorCode {
    /// Invalid or unsupported bank_name (400).
    InvalidBankName,
    /// mode is pdf or aa and bank_name is absent (400).
    MissingBankName,
    /// The bank does not support the mode (400).
    ModeNotAvailable,
    /// The mode is disabled for the client (403).
    ModeNotEnabled,
    /// Wrong date format (400).
    InvalidDateFormat,
    /// from_date not before to_date (400).
    InvalidDateRange,
    /// Required date fields missing (400).
    MissingDateField,
    /// Wrong mobile number format or length (400).
    InvalidMobileNumber,
    /// session_expiry outside 5 to 43200 (400).
    InvalidSessionExpiry,
    /// Invalid AA recurring parameter (400).
    InvalidAaParameter,
    /// Missing AA parameter (400).
    MissingAaParameter,
    /// Invalid logo_url or redirect_url (400).
    InvalidUrl,
    /// A field longer than its limit (400).
    InvalidLength,
    /// GET used instead of POST (405).
    MethodNotAllowed,
    /// Wrong or missing Content-Type (415).
    UnsupportedMediaType,
    /// Missing or invalid credentials (401).
    AuthenticationCredentialsNotProvided,
    /// Plan expired or payment pending (402).
    PaymentRequired,
    /// Too many or too few parameters (400).
    InvalidParameterCount,
    /// A parameter failed validation; message `<field>, <reason>` (400).
    InvalidRequest,
}

impl SessionErrorCode {
    /// The HTTP status the interface gives for the code.
    pub fn http_status(self) -> u16 {
        match self {
            SessionErrorCode::ModeNotEnabled => 403,
            SessionErrorCode::MethodNotAllowed => 405,
            SessionErrorCode::UnsupportedMediaType => 415,
            SessionErrorCode::AuthenticationCredentialsNotProvided => 401,
            SessionErrorCode::PaymentRequired => 402,
            _ => 400,
        }
    }
}

/// Error body of session creation: `{"error": {"code": ..., "message": ...}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SessionError {
    /// The error.
    pub error: SessionErrorBody,
}

/// The `error` object of a [`SessionError`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SessionErrorBody {
    /// Error code.
    pub code: SessionErrorCode,
    /// Message, as the interface gives it for the code.
    pub message: String,
}

impl SessionError {
    /// The envelope of `code` with `message`.
    pub fn new(code: SessionErrorCode, message: impl Into<String>) -> Self {
        SessionError { error: SessionErrorBody { code, message: message.into() } }
    }

    /// The HTTP status of the code.
    pub fn http_status(&self) -> u16 {
        self.error.code.http_status()
    }
}

/// The 401 body of the read and webhook endpoints: `{"detail": ...}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuthError {
    /// Why the request was refused.
    pub detail: String,
}

impl AuthError {
    /// The interface's text for missing, wrong or incomplete keys.
    pub const NOT_PROVIDED: &'static str = "Authentication credentials were not provided.";

    /// `{"detail": "Authentication credentials were not provided."}`.
    pub fn not_provided() -> Self {
        AuthError { detail: Self::NOT_PROVIDED.to_string() }
    }
}
