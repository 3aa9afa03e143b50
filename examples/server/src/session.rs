//! Session creation parameters (interface 4.1, 7.2, 8): every parameter, its
//! default, limit and correction, and the error of each failed check.
//!
//! Field-level failures follow the version's error table: v1 answers
//! `INVALID_REQUEST` with `<field>, <reason>` (the interface's INVALID_REQUEST
//! table names v1 fields such as `aa_journey_mode`), v2 answers the specific
//! codes (`INVALID_LENGTH`, `INVALID_URL`). Conditions that only one table
//! covers get that table's error in both versions.

use bankscope::resources::{SessionError, SessionErrorCode as Code};
use chrono::{Datelike, Months, NaiveDate};
use serde_json::{Map, Value as Json, json};

use crate::form::Form;
use crate::store::Org;

/// Parameters every version takes.
const COMMON: &[&str] = &[
    "link_id",
    "api_key",
    "redirect_url",
    "from_date",
    "to_date",
    "max_from_date",
    "max_to_date",
    "logo_url",
    "bank_name",
    "mode",
    "mobile_number",
    "session_expiry",
    "journey_mode",
    "accept_anything",
    "is_mobile_field_editable",
    "metadata",
];
/// v1 only.
const V1: &[&str] = &[
    "aa_journey_mode",
    "aa_recurring_tenure_month",
    "aa_recurring_tenure_month_count",
    "aa_recurring_frequency_unit",
    "aa_recurring_frequency_value",
];
/// v2 only (`bank` is the key the interface's v2 examples use for bank_name).
const V2: &[&str] = &["aa_journey_code", "consents", "bank"];

const DATE: &str = "%d/%m/%Y";

/// A validated session: what is stored with it.
#[derive(Clone, Debug, PartialEq)]
pub struct Validated {
    /// Customer identifier.
    pub link_id: String,
    /// The corrected parameters as stored (dates DD/MM/YYYY).
    pub params: Json,
    /// v2 consents.
    pub consents: Option<Json>,
    /// `bankscope::Metadata` as JSON.
    pub metadata: Json,
    /// Minutes until the session expires.
    pub session_expiry: Option<i64>,
}

fn err(code: Code, message: impl Into<String>) -> SessionError {
    SessionError::new(code, message)
}

fn invalid(field: &str, reason: &str) -> SessionError {
    err(Code::InvalidRequest, format!("{field}, {reason}"))
}

/// A caller's `metadata` read by the core's rule ([`bankscope::Metadata::from_value`]:
/// a JSON object of string arrays `names`, `employer_names`,
/// `companies_for_self_transfer`; an explicit `null` is absent; any other key
/// is refused, so a misspelt key is an error, not a hint silently lost), as the
/// JSON stored with the entity; or the core's reason for refusing it.
pub fn caller_metadata(value: Json) -> Result<Json, String> {
    match bankscope::Metadata::from_value(value) {
        Ok(m) => serde_json::to_value(m).map_err(|e| e.to_string()),
        Err(bankscope::Error::InvalidArgument { reason, .. }) => Err(reason),
        Err(other) => Err(other.to_string()),
    }
}

/// Stored entity metadata as the core's value. It was validated on the way in
/// ([`caller_metadata`]); a row that no longer reads (edited by hand, or made
/// by an older server) is logged and treated as no metadata.
pub fn stored_metadata(entity_id: &str, value: Json) -> bankscope::Metadata {
    bankscope::Metadata::from_value(value).unwrap_or_else(|e| {
        tracing::warn!(entity = entity_id, error = %e, "stored metadata does not read; analysing without it");
        bankscope::Metadata::default()
    })
}

/// The generic message of a body that cannot be read.
pub fn something_went_wrong() -> SessionError {
    err(Code::InvalidRequest, "Something went wrong")
}

fn valid_url(url: &str) -> bool {
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
    let Some(rest) = rest else { return false };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = host.rsplit_once('@').map_or(host, |(_, h)| h);
    let name = host.split(':').next().unwrap_or_default();
    !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-' || c == '[' || c == ']')
        && !name.starts_with('.')
        && !name.ends_with('.')
        && !url.chars().any(|c| c.is_whitespace() || c.is_control())
}

fn parse_bool(s: &str) -> Option<bool> {
    match s.to_ascii_lowercase().as_str() {
        "true" | "1" => Some(true),
        "false" | "0" => Some(false),
        _ => None,
    }
}

/// Indian mobile numbers: ten digits starting 6 to 9, optionally after `+91`, `91` or `0`.
fn mobile(s: &str) -> Option<String> {
    let digits = s.trim();
    let digits = digits.strip_prefix("+91").unwrap_or(digits);
    let digits = if digits.len() == 12 { digits.strip_prefix("91").unwrap_or(digits) } else { digits };
    let digits = if digits.len() == 11 { digits.strip_prefix('0').unwrap_or(digits) } else { digits };
    let ok = digits.len() == 10
        && digits.bytes().all(|b| b.is_ascii_digit())
        && matches!(digits.as_bytes().first(), Some(b'6'..=b'9'));
    ok.then(|| digits.to_string())
}

fn fmt(d: NaiveDate) -> String {
    d.format(DATE).to_string()
}

/// The date pair `from`/`to` (either may be absent): format, emptiness and order.
fn date_pair(
    from: Option<String>,
    to: Option<String>,
    names: (&str, &str),
) -> Result<(Option<NaiveDate>, Option<NaiveDate>), SessionError> {
    let (fname, tname) = names;
    let max = fname.starts_with("max_");
    let format_err = || {
        if max {
            err(Code::InvalidDateFormat, "Invalid max_from_date or max_to_date format. Use DD/MM/YYYY.")
        } else {
            err(Code::InvalidDateFormat, "Invalid from_date or to_date format. Use DD/MM/YYYY.")
        }
    };
    // A date field sent empty is a required date missing.
    if from.as_deref().is_some_and(|s| s.trim().is_empty()) || to.as_deref().is_some_and(|s| s.trim().is_empty()) {
        return Err(err(Code::MissingDateField, format!("{fname} and {tname} are required.")));
    }
    let parse = |s: Option<String>| -> Result<Option<NaiveDate>, SessionError> {
        match s {
            None => Ok(None),
            Some(s) => NaiveDate::parse_from_str(s.trim(), DATE).map(Some).map_err(|_| format_err()),
        }
    };
    let (f, t) = (parse(from)?, parse(to)?);
    if let (Some(f), Some(t)) = (f, t)
        && f >= t
    {
        return Err(err(Code::InvalidDateRange, format!("{fname} cannot be greater or equal to {tname}.")));
    }
    Ok((f, t))
}

/// Validates a session request of `version` (1 or 2) for `org` on `today`.
pub fn validate(version: u8, form: &Form, org: &Org, today: NaiveDate) -> Result<Validated, SessionError> {
    let v1 = version == 1;
    let allowed: Vec<&str> = COMMON.iter().chain(if v1 { V1 } else { V2 }).copied().collect();

    // Parameter count: nothing sent, more fields than the version has, or a field twice.
    let names: Vec<&str> = form.fields.iter().map(|(k, _)| k.as_str()).collect();
    let mut unique = names.clone();
    unique.sort_unstable();
    unique.dedup();
    if names.is_empty() || names.len() > allowed.len() || unique.len() != names.len() {
        return Err(err(Code::InvalidParameterCount, "Invalid number of parameters"));
    }
    if let Some(unknown) = names.iter().find(|n| !allowed.contains(n)) {
        return Err(invalid(unknown, "not a valid parameter"));
    }
    let text = |name: &str| form.text(name).filter(|s| !s.is_empty() || name.ends_with("date"));
    let length_err = |field: &str, limit: usize| {
        if v1 {
            invalid(field, &format!("longer than {limit} characters"))
        } else {
            err(Code::InvalidLength, "Field length exceeds limit")
        }
    };
    // Interface 7.2: INVALID_URL for an invalid logo_url or redirect_url, in v1 and v2 alike.
    let url_err = |_field: &str| err(Code::InvalidUrl, "Enter a valid URL.");

    let Some(link_id) = text("link_id").filter(|s| !s.trim().is_empty()) else {
        return Err(invalid("link_id", "required and absent"));
    };
    if link_id.chars().count() > 500 {
        return Err(invalid("link_id", "longer than 500 characters"));
    }
    let mut params = Map::new();
    params.insert("link_id".into(), json!(link_id));

    if let Some(url) = text("redirect_url") {
        if url.chars().count() > 200 {
            return Err(length_err("redirect_url", 200));
        }
        if !valid_url(&url) {
            return Err(url_err("redirect_url"));
        }
        params.insert("redirect_url".into(), json!(url));
    }
    if let Some(url) = text("logo_url") {
        if !valid_url(&url) {
            return Err(url_err("logo_url"));
        }
        params.insert("logo_url".into(), json!(url));
    }
    let bank = text("bank_name").or_else(|| if v1 { None } else { text("bank") });
    if let Some(b) = &bank
        && b.chars().count() > 50
    {
        return Err(length_err("bank_name", 50));
    }
    if let Some(j) = text("journey_mode") {
        if j.chars().count() > 50 {
            return Err(length_err("journey_mode", 50));
        }
        if j != "multi_pdf" && j != "multi_banking" {
            return Err(invalid("journey_mode", "not a valid choice"));
        }
        params.insert("journey_mode".into(), json!(j));
    }
    let mode = text("mode");
    if let Some(m) = &mode {
        if !["pdf", "aa", "online"].contains(&m.as_str()) {
            return Err(invalid("mode", "not a valid choice"));
        }
        if !org.modes.iter().any(|enabled| enabled == m) {
            return Err(err(Code::ModeNotEnabled, "Specified mode not enabled."));
        }
    }
    let bank_id = match &bank {
        None => None,
        Some(b) => match bankscope::banks::by_id(&b.to_ascii_lowercase()) {
            Some(known) => Some(known.id),
            None => return Err(err(Code::InvalidBankName, "Invalid bank identifier.")),
        },
    };
    // v1 AA recurring consent needs the bank and the mode.
    let aa_journey_mode = if v1 { text("aa_journey_mode") } else { None };
    if let Some(m) = &aa_journey_mode {
        if m != "only_recurring" && m != "once_with_recurring" {
            return Err(invalid("aa_journey_mode", "not a valid choice"));
        }
        if bank_id.is_none() || mode.is_none() {
            return Err(err(Code::MissingAaParameter, "bank_name and mode required"));
        }
    }
    if matches!(mode.as_deref(), Some("pdf" | "aa")) && bank_id.is_none() {
        return Err(err(Code::MissingBankName, "bank_name is required with mode."));
    }
    if mode.as_deref() == Some("online") {
        // The reference server reads PDFs and AA data; it has no net-banking connector.
        return Err(err(Code::ModeNotAvailable, "Specified mode not available for this bank."));
    }
    if let Some(m) = &mode {
        params.insert("mode".into(), json!(m));
    }
    if let Some(b) = bank_id {
        params.insert("bank_name".into(), json!(b));
    }

    // Dates: defaults, order, the first-week rule and the AA window.
    let (from, to) = date_pair(text("from_date"), text("to_date"), ("from_date", "to_date"))?;
    let to = to.unwrap_or(today);
    let mut corrections = Vec::new();
    let mut from = from.unwrap_or_else(|| to.checked_sub_months(Months::new(6)).unwrap_or(to));
    if from >= to {
        return Err(err(Code::InvalidDateRange, "from_date cannot be greater or equal to to_date."));
    }
    let aa_flow =
        mode.as_deref() == Some("aa") || aa_journey_mode.is_some() || (!v1 && text("aa_journey_code").is_some());
    if aa_flow {
        let earliest = today.checked_sub_months(Months::new(14)).unwrap_or(today);
        if from < earliest {
            corrections.push(format!(
                "from_date {} corrected to {} (AA data reaches back 14 months)",
                fmt(from),
                fmt(earliest)
            ));
            from = earliest;
        }
    }
    // When to_date lies in the first week of a month, that month is not considered.
    let journey_to = if to.day() <= 7 { to.with_day(1).and_then(|d| d.pred_opt()).unwrap_or(to) } else { to };
    params.insert("from_date".into(), json!(fmt(from)));
    params.insert("to_date".into(), json!(fmt(to)));
    params.insert("journey_to_date".into(), json!(fmt(journey_to)));
    let (max_from, max_to) = date_pair(text("max_from_date"), text("max_to_date"), ("max_from_date", "max_to_date"))?;
    if let Some(d) = max_from {
        params.insert("max_from_date".into(), json!(fmt(d)));
    }
    if let Some(d) = max_to {
        params.insert("max_to_date".into(), json!(fmt(d)));
    }

    if let Some(m) = text("mobile_number") {
        let Some(m) = mobile(&m) else { return Err(err(Code::InvalidMobileNumber, "Invalid mobile number.")) };
        params.insert("mobile_number".into(), json!(m));
    }
    let session_expiry = match text("session_expiry") {
        None => None,
        Some(s) => match s.trim().parse::<i64>() {
            Ok(n) if (5..=43200).contains(&n) => Some(n),
            _ => return Err(err(Code::InvalidSessionExpiry, "Min = 5, Max = 43200")),
        },
    };
    if let Some(n) = session_expiry {
        params.insert("session_expiry".into(), json!(n));
    }
    for name in ["accept_anything", "is_mobile_field_editable"] {
        let value = match text(name) {
            None => false,
            Some(s) => match parse_bool(&s) {
                Some(b) => b,
                None => return Err(invalid(name, "not a valid boolean")),
            },
        };
        params.insert(name.into(), json!(value));
    }
    let metadata = match form.json("metadata") {
        None => json!({}),
        Some(Ok(v)) => caller_metadata(v).map_err(|reason| invalid("metadata", &reason))?,
        Some(Err(())) => return Err(invalid("metadata", "not valid JSON")),
    };

    let consents = if v1 {
        if let Some(m) = aa_journey_mode {
            params.insert("aa_journey_mode".into(), json!(m));
            let tenure = text("aa_recurring_tenure_month").or_else(|| text("aa_recurring_tenure_month_count"));
            let Some(tenure) = tenure else {
                return Err(err(Code::MissingAaParameter, "aa_recurring_tenure_month_count required"));
            };
            let Ok(tenure) = tenure.trim().parse::<i64>() else {
                return Err(invalid("aa_recurring_tenure_month_count", "not a valid integer"));
            };
            if tenure < 1 {
                return Err(err(Code::InvalidAaParameter, "Tenure must be between 1 and 84"));
            }
            let tenure = if tenure > 60 {
                corrections.push(format!("aa_recurring_tenure_month {tenure} corrected to 60"));
                60
            } else {
                tenure
            };
            params.insert("aa_recurring_tenure_month".into(), json!(tenure));
            let (Some(unit), Some(value)) = (text("aa_recurring_frequency_unit"), text("aa_recurring_frequency_value"))
            else {
                return Err(err(Code::MissingAaParameter, "Frequency unit/value required"));
            };
            let unit = unit.to_ascii_uppercase();
            if !["HOUR", "DAY", "MONTH", "YEAR"].contains(&unit.as_str()) {
                return Err(invalid("aa_recurring_frequency_unit", "not a valid choice"));
            }
            match value.trim().parse::<i64>() {
                Ok(v) if (1..=5).contains(&v) => {
                    params.insert("aa_recurring_frequency_unit".into(), json!(unit));
                    params.insert("aa_recurring_frequency_value".into(), json!(v));
                }
                _ => return Err(err(Code::InvalidAaParameter, "Frequency value must be between 1 and 5")),
            }
        }
        None
    } else {
        let code = text("aa_journey_code").unwrap_or_else(|| "SVCAA001".to_string());
        let user = match form.json("consents") {
            None => Map::new(),
            Some(Ok(Json::Object(m))) => m,
            Some(_) => return Err(invalid("consents", "not a valid object")),
        };
        params.insert("aa_journey_code".into(), json!(code));
        Some(consents(&code, from, to, today, &org.consent_overrides, &user)?)
    };
    if !corrections.is_empty() {
        params.insert("corrections".into(), json!(corrections));
    }
    Ok(Validated { link_id, params: Json::Object(params), consents, metadata, session_expiry })
}

/// The consent codes and templates of an AA journey code (interface 4.1).
fn journey(code: &str) -> Option<&'static [(&'static str, &'static str)]> {
    match code {
        "SVCAA001" => Some(&[("CC0001", "CT001")]),
        "SVCAA002" => Some(&[("CC0002", "CT003")]),
        "SVCAA003" => Some(&[("CC0003", "CT001"), ("CC0004", "CT003")]),
        "SVCAA004" => Some(&[("CC0005", "CT001"), ("CC0006", "CT003"), ("CC0007", "CT035")]),
        _ => None,
    }
}

/// v2 consents in three layers: the template default, the organisation's
/// overrides, the request's overrides (later layers win, field by field).
pub fn consents(
    code: &str,
    from: NaiveDate,
    to: NaiveDate,
    today: NaiveDate,
    org: &Json,
    user: &Map<String, Json>,
) -> Result<Json, SessionError> {
    let Some(codes) = journey(code) else {
        return Err(err(Code::InvalidAaParameter, format!("Invalid aa_journey_code {code}")));
    };
    if let Some(unknown) = user.keys().find(|k| !codes.iter().any(|(c, _)| c == k)) {
        return Err(err(Code::InvalidAaParameter, format!("Consent {unknown} is not part of journey {code}")));
    }
    let mut out = Map::new();
    for (consent, template) in codes {
        // Layer 1: the template's default.
        let (kind, expiry_months) = match *template {
            "CT001" => ("ONETIME", 1),
            "CT003" => ("PERIODIC", 12),
            _ => ("COLLECTIONS", 12),
        };
        let expiry = today.checked_add_months(Months::new(expiry_months)).unwrap_or(today);
        let mut c = Map::new();
        c.insert("template".into(), json!(template));
        c.insert("consent_type".into(), json!(kind));
        c.insert("fi_types".into(), json!(["DEPOSIT"]));
        c.insert("from_date".into(), json!(fmt(from)));
        c.insert("to_date".into(), json!(fmt(to)));
        c.insert("consent_expiry".into(), json!(fmt(expiry)));
        if *template != "CT001" {
            c.insert("frequency".into(), json!({"unit": "MONTH", "value": 1}));
        }
        // Layers 2 and 3: organisation, then request.
        for layer in [org.get(*consent), user.get(*consent)].into_iter().flatten() {
            let Json::Object(fields) = layer else {
                return Err(err(Code::InvalidAaParameter, format!("Consent {consent} must be an object")));
            };
            for (k, v) in fields {
                c.insert(k.clone(), v.clone());
            }
        }
        let date = |k: &str| c.get(k).and_then(Json::as_str).map(str::to_string);
        date_pair(date("from_date"), date("to_date"), ("from_date", "to_date"))?;
        if let Some(e) = date("consent_expiry")
            && NaiveDate::parse_from_str(&e, DATE).is_err()
        {
            return Err(err(Code::InvalidDateFormat, "Invalid from_date or to_date format. Use DD/MM/YYYY."));
        }
        out.insert((*consent).to_string(), Json::Object(c));
    }
    Ok(Json::Object(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::form::Value;

    fn org() -> Org {
        Org {
            id: "o".into(),
            name: "acme".into(),
            server_hash_digest: Vec::new(),
            plan_expires_at: None,
            modes: vec!["pdf".into(), "aa".into()],
            consent_overrides: json!({"CC0001": {"consent_expiry": "31/12/2026"}}),
        }
    }

    fn form(pairs: &[(&str, &str)]) -> Form {
        Form { fields: pairs.iter().map(|(k, v)| (k.to_string(), Value::Text(v.to_string()))).collect() }
    }

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2025, 9, 20).unwrap_or_default()
    }

    #[test]
    fn defaults_six_months_back_and_v2_consent_layers() {
        let f = form(&[("link_id", "c1"), ("consents", r#"{"CC0001": {"to_date": "10/09/2025"}}"#)]);
        let v = validate(2, &f, &org(), today()).unwrap_or_else(|e| panic!("{e:?}"));
        // 20/09/2025 minus six months is 20/03/2025.
        assert_eq!(v.params["from_date"], "20/03/2025");
        assert_eq!(v.params["to_date"], "20/09/2025");
        let c = &v.consents.unwrap_or_default()["CC0001"];
        assert_eq!(c["template"], "CT001");
        // Layer 1 gave from_date; layer 2 (organisation) the expiry; layer 3 (request) to_date.
        assert_eq!(c["from_date"], "20/03/2025");
        assert_eq!(c["consent_expiry"], "31/12/2026");
        assert_eq!(c["to_date"], "10/09/2025");
    }

    #[test]
    fn aa_from_date_is_capped_at_14_months_and_tenure_at_60() {
        let f = form(&[
            ("link_id", "c1"),
            ("mode", "aa"),
            ("bank_name", "hdfc"),
            ("from_date", "01/01/2020"),
            ("aa_journey_mode", "only_recurring"),
            ("aa_recurring_tenure_month", "75"),
            ("aa_recurring_frequency_unit", "month"),
            ("aa_recurring_frequency_value", "2"),
        ]);
        let v = validate(1, &f, &org(), today()).unwrap_or_else(|e| panic!("{e:?}"));
        // 20/09/2025 minus 14 months is 20/07/2024.
        assert_eq!(v.params["from_date"], "20/07/2024");
        assert_eq!(v.params["aa_recurring_tenure_month"], 60);
        assert_eq!(v.params["aa_recurring_frequency_unit"], "MONTH");
    }

    #[test]
    fn first_week_to_date_drops_that_month() {
        let f = form(&[("link_id", "c1"), ("from_date", "01/01/2025"), ("to_date", "05/06/2025")]);
        let v = validate(1, &f, &org(), today()).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(v.params["journey_to_date"], "31/05/2025");
    }

    #[test]
    fn mobile_numbers() {
        assert_eq!(mobile("+919876543210").as_deref(), Some("9876543210"));
        assert_eq!(mobile("09876543210").as_deref(), Some("9876543210"));
        assert_eq!(mobile("5876543210"), None);
        assert_eq!(mobile("98765"), None);
    }

    #[test]
    fn urls() {
        assert!(valid_url("https://example.com/x?y=1"));
        assert!(!valid_url("example.com"));
        assert!(!valid_url("https:// bad"));
        assert!(!valid_url("ftp://example.com"));
    }
}
