//! Request bodies of the form endpoints: `application/x-www-form-urlencoded`,
//! `multipart/form-data` (text fields and files) and `application/json`
//! (an object), read into one list of named values.

use axum::extract::{FromRequest, Multipart, Request};
use axum::http::header::CONTENT_TYPE;

/// One field of a request body.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A text field (form bodies).
    Text(String),
    /// A JSON value (JSON bodies).
    Json(serde_json::Value),
    /// An uploaded file.
    File {
        /// File name given by the client.
        filename: Option<String>,
        /// The bytes (as received: not copied).
        bytes: axum::body::Bytes,
    },
}

/// The fields of a body in the order sent (names may repeat).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Form {
    /// `(name, value)` pairs.
    pub fields: Vec<(String, Value)>,
}

/// Why a body could not be read.
#[derive(Debug, PartialEq, Eq)]
pub enum FormError {
    /// The content type is none of the three (its text, possibly empty).
    UnsupportedMediaType(String),
    /// The body does not parse as its content type says.
    Malformed(String),
    /// The body is larger than the limit (413).
    TooLarge(String),
}

/// Why a gated body could not be read: the body, or the gate refused.
#[derive(Debug)]
pub enum Gated<E> {
    /// The body.
    Form(FormError),
    /// The gate's refusal.
    Gate(E),
}

impl<E> From<FormError> for Gated<E> {
    fn from(e: FormError) -> Self {
        Gated::Form(e)
    }
}

fn too_large(limit: usize) -> FormError {
    FormError::TooLarge(format!("the body is larger than {limit} bytes"))
}

fn multipart_error(e: axum::extract::multipart::MultipartError) -> FormError {
    if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        FormError::TooLarge(e.body_text())
    } else {
        FormError::Malformed(e.body_text())
    }
}

/// The declared `Content-Length`, if any.
pub fn content_length(req: &Request) -> Option<u64> {
    req.headers().get(axum::http::header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok())
}

/// Whether the body is `multipart/form-data`.
pub fn is_multipart(req: &Request) -> bool {
    req.headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().to_ascii_lowercase().starts_with("multipart/form-data"))
}

impl Form {
    /// Reads the body of `req` (at most `limit` bytes for non-multipart bodies;
    /// multipart bodies are limited by the router's body limit).
    pub async fn read(req: Request, limit: usize) -> Result<Form, FormError> {
        match Self::read_gated(req, limit, |_| async { Ok::<(), ()>(()) }).await {
            Ok((form, _)) => Ok(form),
            Err(Gated::Form(e)) => Err(e),
            Err(Gated::Gate(())) => Err(FormError::Malformed("refused".into())),
        }
    }

    /// [`Form::read`] with a gate: in a multipart body, when the first file
    /// field starts (before its bytes are read), `before_file` gets the fields
    /// read so far and may refuse (its error is returned and the rest of the body
    /// is never read) or give a value kept until the body is read (a permit).
    /// A body whose `Content-Length` is over the limit is refused unread.
    pub async fn read_gated<E, G, F, Fut>(
        req: Request,
        limit: usize,
        before_file: F,
    ) -> Result<(Form, Option<G>), Gated<E>>
    where
        F: FnOnce(Form) -> Fut,
        Fut: std::future::Future<Output = Result<G, E>>,
    {
        if content_length(&req).is_some_and(|n| n > limit as u64) {
            return Err(too_large(limit).into());
        }
        let content_type =
            req.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
        let essence = content_type.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
        match essence.as_str() {
            "application/x-www-form-urlencoded" => {
                let bytes = axum::body::to_bytes(req.into_body(), limit).await.map_err(|_| too_large(limit))?;
                let pairs: Vec<(String, String)> =
                    serde_urlencoded::from_bytes(&bytes).map_err(|e| FormError::Malformed(e.to_string()))?;
                Ok((Form { fields: pairs.into_iter().map(|(k, v)| (k, Value::Text(v))).collect() }, None))
            }
            "application/json" => {
                let bytes = axum::body::to_bytes(req.into_body(), limit).await.map_err(|_| too_large(limit))?;
                let value: serde_json::Value =
                    serde_json::from_slice(&bytes).map_err(|e| FormError::Malformed(e.to_string()))?;
                let serde_json::Value::Object(map) = value else {
                    return Err(FormError::Malformed("the JSON body is not an object".into()).into());
                };
                Ok((Form { fields: map.into_iter().map(|(k, v)| (k, Value::Json(v))).collect() }, None))
            }
            "multipart/form-data" => {
                let mut multipart =
                    Multipart::from_request(req, &()).await.map_err(|e| FormError::Malformed(e.body_text()))?;
                let mut fields = Vec::new();
                let mut gate = Some(before_file);
                let mut kept = None;
                while let Some(field) = multipart.next_field().await.map_err(multipart_error)? {
                    let name = field.name().unwrap_or_default().to_string();
                    let filename = field.file_name().map(str::to_string);
                    if filename.is_some()
                        && let Some(g) = gate.take()
                    {
                        kept = Some(g(Form { fields: fields.clone() }).await.map_err(Gated::Gate)?);
                    }
                    let bytes = field.bytes().await.map_err(multipart_error)?;
                    let value = match filename {
                        Some(filename) => Value::File { filename: Some(filename), bytes },
                        None => match std::str::from_utf8(&bytes) {
                            Ok(text) => Value::Text(text.to_string()),
                            Err(_) => Value::File { filename: None, bytes },
                        },
                    };
                    fields.push((name, value));
                }
                Ok((Form { fields }, kept))
            }
            _ => Err(FormError::UnsupportedMediaType(content_type).into()),
        }
    }

    /// The first value named `name`.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.fields.iter().find(|(k, _)| k == name).map(|(_, v)| v)
    }

    /// The field as text: a text field, a JSON string, or a JSON number or
    /// boolean written as text. `None` when absent or `null`.
    pub fn text(&self, name: &str) -> Option<String> {
        match self.get(name)? {
            Value::Text(t) => Some(t.clone()),
            Value::Json(serde_json::Value::String(s)) => Some(s.clone()),
            Value::Json(serde_json::Value::Null) => None,
            Value::Json(serde_json::Value::Number(n)) => Some(n.to_string()),
            Value::Json(serde_json::Value::Bool(b)) => Some(b.to_string()),
            Value::Json(other) => Some(other.to_string()),
            Value::File { .. } => None,
        }
    }

    /// The field as a JSON value: a JSON field as is, a text field parsed as JSON.
    /// `Some(Err(()))` when the text does not parse.
    pub fn json(&self, name: &str) -> Option<Result<serde_json::Value, ()>> {
        match self.get(name)? {
            Value::Json(serde_json::Value::Null) => None,
            Value::Json(v) => Some(Ok(v.clone())),
            Value::Text(t) => Some(serde_json::from_str(t).map_err(|_| ())),
            Value::File { .. } => Some(Err(())),
        }
    }

    /// The first file field named `name`.
    pub fn file(&self, name: &str) -> Option<&[u8]> {
        self.fields.iter().find_map(|(k, v)| match v {
            Value::File { bytes, .. } if k == name => Some(bytes.as_ref()),
            _ => None,
        })
    }
}
