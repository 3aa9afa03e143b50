//! The server over real HTTPS on loopback: every route, every error row of
//! interface 7.2, tenant isolation, restart resumption and a full journey.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bankscope::resources::Resource;
use bankscope_server::store::{NewStatement, SqliteStore, Store};
use bankscope_server::{Config, Running};
use reqwest::{Client, StatusCode, multipart};
use serde_json::{Value, json};

struct Org {
    key: String,
    hash: String,
}

struct Server {
    running: Option<Running>,
    url: String,
    dir: PathBuf,
    client: Client,
    org: Org,
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/statements").join(name)
}

fn sbi() -> (Vec<u8>, String) {
    let bytes = std::fs::read(fixture("sbi_fpdf2_encrypted.pdf")).unwrap_or_default();
    let truth: Value =
        serde_json::from_slice(&std::fs::read(fixture("sbi_fpdf2_encrypted.truth.json")).unwrap_or_default())
            .unwrap_or_default();
    (bytes, truth["password"].as_str().unwrap_or_default().to_string())
}

fn fresh_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bankscope-server-test-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("temp dir: {e}"));
    dir
}

fn org_in(dir: &Path, name: &str, expires: Option<i64>) -> Org {
    let config = Config { data_dir: dir.to_path_buf(), ..Config::default() };
    let (_, key, hash) = bankscope_server::create_org(&config, name, expires).unwrap_or_else(|e| panic!("org: {e}"));
    Org { key, hash }
}

async fn start_in(dir: PathBuf, org: Org) -> Server {
    let config = Config {
        listen: "127.0.0.1:0".parse().unwrap_or_else(|e| panic!("{e}")),
        data_dir: dir.clone(),
        workers: 2,
        ..Config::default()
    };
    let running = bankscope_server::start(config).await.unwrap_or_else(|e| panic!("start: {e}"));
    let pem = std::fs::read(dir.join("dev-cert.pem")).unwrap_or_default();
    let cert = reqwest::Certificate::from_pem(&pem).unwrap_or_else(|e| panic!("dev cert: {e}"));
    // Trust exactly the development certificate the server generated.
    let client =
        Client::builder().add_root_certificate(cert).use_rustls_tls().build().unwrap_or_else(|e| panic!("client: {e}"));
    let url = format!("https://localhost:{}", running.addr.port());
    Server { running: Some(running), url, dir, client, org }
}

async fn server() -> Server {
    let dir = fresh_dir();
    let org = org_in(&dir, "acme", None);
    start_in(dir, org).await
}

impl Server {
    fn get(&self, path: &str) -> reqwest::RequestBuilder {
        self.client.get(format!("{}{path}", self.url))
    }

    fn post(&self, path: &str) -> reqwest::RequestBuilder {
        self.client.post(format!("{}{path}", self.url))
    }

    fn authed(&self, rb: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
        rb.header("x-api-key", &self.org.key).header("server-hash", &self.org.hash)
    }

    async fn session(&self, version: u8, fields: &[(&str, &str)]) -> (StatusCode, Value) {
        let mut form: Vec<(&str, &str)> = vec![("api_key", self.org.key.as_str())];
        form.extend_from_slice(fields);
        let r = self.post(&format!("/v{version}/session/")).form(&form).send().await;
        let r = r.unwrap_or_else(|e| panic!("session: {e}"));
        (r.status(), r.json().await.unwrap_or_default())
    }

    fn secret(&self) -> Vec<u8> {
        let store = SqliteStore::open(&self.dir).unwrap_or_else(|e| panic!("store: {e}"));
        store.secret().unwrap_or_default()
    }

    async fn stop(mut self) {
        if let Some(r) = self.running.take() {
            r.shutdown().await.unwrap_or_else(|e| panic!("shutdown: {e}"));
        }
    }
}

async fn json_of(r: reqwest::Response) -> (StatusCode, Value) {
    (r.status(), r.json().await.unwrap_or_default())
}

fn upload_form(bytes: &[u8], fields: &[(&str, &str)]) -> multipart::Form {
    let part = multipart::Part::bytes(bytes.to_vec()).file_name("statement.pdf");
    let mut form = multipart::Form::new().part("file", part);
    for (k, v) in fields {
        form = form.text(k.to_string(), v.to_string());
    }
    form
}

/// A one-page PDF with Helvetica text: `(x, y from the top, size, text)`.
fn pdf(lines: &[(f32, f32, f32, &str)]) -> Vec<u8> {
    page_pdf(lines, false)
}

/// A one-page PDF with a 1x1 grey image drawn over the page and no text: a scan.
fn scan_pdf() -> Vec<u8> {
    page_pdf(&[], true)
}

fn page_pdf(lines: &[(f32, f32, f32, &str)], image: bool) -> Vec<u8> {
    let mut content = if image { "q 595 0 0 842 0 0 cm /Im1 Do Q\n".to_string() } else { String::new() };
    for (x, y, size, text) in lines {
        content.push_str(&format!("BT /F1 {size} Tf 1 0 0 1 {x} {} Tm ({text}) Tj ET\n", 842.0 - y));
    }
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_string(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> \
         /XObject << /Im1 6 0 R >> >> /Contents 5 0 R >>"
            .to_string(),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".to_string(),
        format!("<< /Length {} >>\nstream\n{content}endstream", content.len()),
        "<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 \
         /Length 1 >>\nstream\nA\nendstream"
            .to_string(),
    ];
    let mut out = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, o) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n{o}\nendobj\n", i + 1).as_bytes());
    }
    let xref = out.len();
    out.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for off in offsets {
        out.extend_from_slice(format!("{off:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!("trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n", objects.len() + 1).as_bytes(),
    );
    out
}

// ---------------------------------------------------------------- transport

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plain_http_to_the_port_fails_and_https_serves_health() {
    let s = server().await;
    let plain =
        Client::new().get(format!("http://127.0.0.1:{}/healthz", s.running.as_ref().map_or(0, |r| r.addr.port())));
    assert!(plain.send().await.is_err(), "plain HTTP must not get an answer");
    let (status, body) = json_of(s.get("/healthz").send().await.unwrap_or_else(|e| panic!("{e}"))).await;
    assert_eq!((status, body), (StatusCode::OK, json!({"status": "ok"})));
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn openapi_lists_every_route() {
    let s = server().await;
    let (status, doc) = json_of(s.get("/openapi.json").send().await.unwrap_or_else(|e| panic!("{e}"))).await;
    assert_eq!(status, StatusCode::OK);
    let paths = doc["paths"].as_object().cloned().unwrap_or_default();
    for r in Resource::ALL {
        assert!(paths.contains_key(&format!("/v1/entity/{{entity_id}}/{}/", r.path_suffix())), "{r}");
    }
    for p in [
        "/healthz",
        "/v1/session/",
        "/v2/session/",
        "/v1/entity/",
        "/v1/statement/upload/",
        "/v1/statement/bankless_upload/",
        "/v1/statement/upload_session/",
        "/v1/session_data/{session_id}/session_upload_status/",
        "/v1/session_data/{session_id}/initiate_processing/",
        "/v1/session_data/{session_id}/delete/",
        "/v1/report/{entity_id}/{account_id}/",
        "/v1/entity/update_webhook/",
        "/v1/entity/webhook_payloads/",
        "/v1/entity/rotate_webhook_secret/",
        "/v1/entity/{entity_id}/",
        "/metrics",
    ] {
        assert!(paths.contains_key(p), "{p}");
    }
    // 12 reads + 16 others + the document itself.
    assert_eq!(paths.len(), 29);
    s.stop().await;
}

// ---------------------------------------------------------------- sessions

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v1_session_redirect_has_only_the_session_id() {
    let s = server().await;
    let (status, body) = s.session(1, &[("link_id", "cust-1")]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = body["session_id"].as_str().unwrap_or_default();
    assert_eq!(
        body["redirect_url"],
        format!("https://127.0.0.1:{}/client/?session_id={id}", s.running.as_ref().map_or(0, |r| r.addr.port()))
    );
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v2_session_token_is_an_hmac_of_the_session_id_and_consents_are_stored() {
    let s = server().await;
    // JSON body with the key in the header, a consent override and metadata.
    let r = s
        .post("/v2/session/")
        .header("X-Api-Key", &s.org.key)
        .json(&json!({"link_id": "cust-2", "aa_journey_code": "SVCAA003", "bank_name": "hdfc",
                      "consents": {"CC0004": {"consent_expiry": "01/01/2030"}},
                      "metadata": {"names": ["MEENA RAO"]}}))
        .send()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let (status, body) = json_of(r).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = body["session_id"].as_str().unwrap_or_default().to_string();
    let url = body["redirect_url"].as_str().unwrap_or_default();
    let token = url.rsplit("token=").next().unwrap_or_default();
    assert!(bankscope_server::crypto::verify(&s.secret(), &["session", &id], token));
    let conn = rusqlite::Connection::open(s.dir.join("bankscope.db")).unwrap_or_else(|e| panic!("{e}"));
    let consents: String =
        conn.query_row("SELECT consents FROM sessions WHERE id = ?1", [&id], |r| r.get(0)).unwrap_or_default();
    let consents: Value = serde_json::from_str(&consents).unwrap_or_default();
    // SVCAA003: CC0003 (CT001 one-time) and CC0004 (CT003 periodic), the request's expiry on CC0004.
    assert_eq!(consents["CC0003"]["template"], "CT001");
    assert_eq!(consents["CC0004"]["template"], "CT003");
    assert_eq!(consents["CC0004"]["consent_expiry"], "01/01/2030");
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn multipart_session_bodies_are_read() {
    let s = server().await;
    let form = multipart::Form::new().text("link_id", "cust-3").text("api_key", s.org.key.clone());
    let (status, body) =
        json_of(s.post("/v1/session/").multipart(form).send().await.unwrap_or_else(|e| panic!("{e}"))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    s.stop().await;
}

/// One test per error row of interface 7.2: request fields, HTTP status, code, message.
macro_rules! error_row {
    ($name:ident, $version:expr, [$(($k:expr, $v:expr)),* $(,)?], $status:expr, $code:expr, $message:expr) => {
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $name() {
            let s = server().await;
            let (status, body) = s.session($version, &[$(($k, $v)),*]).await;
            assert_eq!(status.as_u16(), $status, "{body}");
            assert_eq!(body, json!({"error": {"code": $code, "message": $message}}));
            s.stop().await;
        }
    };
}

error_row!(
    e_invalid_bank_name,
    2,
    [("link_id", "c"), ("bank_name", "nosuchbank")],
    400,
    "INVALID_BANK_NAME",
    "Invalid bank identifier."
);
error_row!(
    e_missing_bank_name,
    2,
    [("link_id", "c"), ("mode", "pdf")],
    400,
    "MISSING_BANK_NAME",
    "bank_name is required with mode."
);
error_row!(
    e_mode_not_enabled,
    2,
    [("link_id", "c"), ("mode", "online")],
    403,
    "MODE_NOT_ENABLED",
    "Specified mode not enabled."
);
error_row!(
    e_invalid_date_format,
    2,
    [("link_id", "c"), ("from_date", "2025-01-01")],
    400,
    "INVALID_DATE_FORMAT",
    "Invalid from_date or to_date format. Use DD/MM/YYYY."
);
error_row!(
    e_invalid_date_range,
    2,
    [("link_id", "c"), ("from_date", "10/05/2025"), ("to_date", "01/05/2025")],
    400,
    "INVALID_DATE_RANGE",
    "from_date cannot be greater or equal to to_date."
);
error_row!(
    e_missing_date_field,
    2,
    [("link_id", "c"), ("from_date", ""), ("to_date", "01/05/2025")],
    400,
    "MISSING_DATE_FIELD",
    "from_date and to_date are required."
);
error_row!(
    e_invalid_max_date_format,
    2,
    [("link_id", "c"), ("max_from_date", "May 2025")],
    400,
    "INVALID_DATE_FORMAT",
    "Invalid max_from_date or max_to_date format. Use DD/MM/YYYY."
);
error_row!(
    e_invalid_max_date_range,
    2,
    [("link_id", "c"), ("max_from_date", "10/05/2025"), ("max_to_date", "10/05/2025")],
    400,
    "INVALID_DATE_RANGE",
    "max_from_date cannot be greater or equal to max_to_date."
);
error_row!(
    e_invalid_mobile_number,
    2,
    [("link_id", "c"), ("mobile_number", "12345")],
    400,
    "INVALID_MOBILE_NUMBER",
    "Invalid mobile number."
);
error_row!(
    e_invalid_session_expiry,
    2,
    [("link_id", "c"), ("session_expiry", "43201")],
    400,
    "INVALID_SESSION_EXPIRY",
    "Min = 5, Max = 43200"
);
error_row!(
    e_invalid_aa_tenure,
    1,
    [
        ("link_id", "c"),
        ("mode", "aa"),
        ("bank_name", "hdfc"),
        ("aa_journey_mode", "only_recurring"),
        ("aa_recurring_tenure_month", "0")
    ],
    400,
    "INVALID_AA_PARAMETER",
    "Tenure must be between 1 and 84"
);
error_row!(
    e_missing_aa_frequency,
    1,
    [
        ("link_id", "c"),
        ("mode", "aa"),
        ("bank_name", "hdfc"),
        ("aa_journey_mode", "only_recurring"),
        ("aa_recurring_tenure_month", "12")
    ],
    400,
    "MISSING_AA_PARAMETER",
    "Frequency unit/value required"
);
error_row!(
    e_missing_aa_bank_and_mode,
    1,
    [("link_id", "c"), ("aa_journey_mode", "once_with_recurring")],
    400,
    "MISSING_AA_PARAMETER",
    "bank_name and mode required"
);
error_row!(e_invalid_url, 2, [("link_id", "c"), ("logo_url", "not a url")], 400, "INVALID_URL", "Enter a valid URL.");
error_row!(
    e_invalid_length,
    2,
    [("link_id", "c"), ("journey_mode", "m".repeat(51).as_str())],
    400,
    "INVALID_LENGTH",
    "Field length exceeds limit"
);
error_row!(
    e_invalid_parameter_count_duplicate,
    2,
    [("link_id", "c"), ("link_id", "d")],
    400,
    "INVALID_PARAMETER_COUNT",
    "Invalid number of parameters"
);
error_row!(
    e_request_link_id_absent,
    1,
    [("mode", "aa"), ("bank_name", "hdfc")],
    400,
    "INVALID_REQUEST",
    "link_id, required and absent"
);
error_row!(
    e_request_link_id_long,
    1,
    [("link_id", "l".repeat(501).as_str())],
    400,
    "INVALID_REQUEST",
    "link_id, longer than 500 characters"
);
error_row!(
    e_request_redirect_url_long,
    1,
    [("link_id", "c"), ("redirect_url", format!("https://example.com/{}", "p".repeat(190)).as_str())],
    400,
    "INVALID_REQUEST",
    "redirect_url, longer than 200 characters"
);
error_row!(
    e_request_bank_name_long,
    1,
    [("link_id", "c"), ("bank_name", "b".repeat(51).as_str())],
    400,
    "INVALID_REQUEST",
    "bank_name, longer than 50 characters"
);
// Interface 7.2 gives INVALID_URL for an invalid logo_url or redirect_url; its
// INVALID_REQUEST list also names logo_url, but the code table is the one that
// holds for v1 and v2 alike.
error_row!(
    e_invalid_url_v1_logo,
    1,
    [("link_id", "c"), ("logo_url", "ftp://x")],
    400,
    "INVALID_URL",
    "Enter a valid URL."
);
error_row!(
    e_invalid_url_v1_redirect,
    1,
    [("link_id", "c"), ("redirect_url", "not a url")],
    400,
    "INVALID_URL",
    "Enter a valid URL."
);
error_row!(
    e_invalid_url_v2_redirect,
    2,
    [("link_id", "c"), ("redirect_url", "javascript:alert(1)")],
    400,
    "INVALID_URL",
    "Enter a valid URL."
);
error_row!(e_request_mode, 1, [("link_id", "c"), ("mode", "fax")], 400, "INVALID_REQUEST", "mode, not a valid choice");
error_row!(
    e_request_journey_mode_long,
    1,
    [("link_id", "c"), ("journey_mode", "j".repeat(51).as_str())],
    400,
    "INVALID_REQUEST",
    "journey_mode, longer than 50 characters"
);
error_row!(
    e_request_aa_journey_mode,
    1,
    [("link_id", "c"), ("aa_journey_mode", "weekly")],
    400,
    "INVALID_REQUEST",
    "aa_journey_mode, not a valid choice"
);
error_row!(
    e_request_tenure_integer,
    1,
    [
        ("link_id", "c"),
        ("mode", "aa"),
        ("bank_name", "hdfc"),
        ("aa_journey_mode", "only_recurring"),
        ("aa_recurring_tenure_month", "ten")
    ],
    400,
    "INVALID_REQUEST",
    "aa_recurring_tenure_month_count, not a valid integer"
);
error_row!(
    e_request_frequency_unit,
    1,
    [
        ("link_id", "c"),
        ("mode", "aa"),
        ("bank_name", "hdfc"),
        ("aa_journey_mode", "only_recurring"),
        ("aa_recurring_tenure_month", "6"),
        ("aa_recurring_frequency_unit", "fortnight"),
        ("aa_recurring_frequency_value", "1")
    ],
    400,
    "INVALID_REQUEST",
    "aa_recurring_frequency_unit, not a valid choice"
);
error_row!(
    e_request_mobile_editable,
    1,
    [("link_id", "c"), ("is_mobile_field_editable", "maybe")],
    400,
    "INVALID_REQUEST",
    "is_mobile_field_editable, not a valid boolean"
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn e_mode_not_available() {
    let dir = fresh_dir();
    let org = org_in(&dir, "net-banking-client", None);
    let conn = rusqlite::Connection::open(dir.join("bankscope.db")).unwrap_or_else(|e| panic!("{e}"));
    conn.execute("UPDATE orgs SET modes = 'pdf,aa,online'", []).unwrap_or_else(|e| panic!("{e}"));
    let s = start_in(dir, org).await;
    let (status, body) = s.session(2, &[("link_id", "c"), ("mode", "online"), ("bank_name", "hdfc")]).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["error"],
        json!({"code": "MODE_NOT_AVAILABLE", "message": "Specified mode not available for this bank."})
    );
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn e_method_not_allowed() {
    let s = server().await;
    let (status, body) = json_of(s.get("/v2/session/").send().await.unwrap_or_else(|e| panic!("{e}"))).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(body, json!({"error": {"code": "METHOD_NOT_ALLOWED", "message": "Method GET not allowed."}}));
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn e_unsupported_media_type() {
    let s = server().await;
    let r =
        s.post("/v1/session/").header("content-type", "text/plain").header("X-Api-Key", &s.org.key).body("link_id=c");
    let (status, body) = json_of(r.send().await.unwrap_or_else(|e| panic!("{e}"))).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(
        body,
        json!({"error": {"code": "UNSUPPORTED_MEDIA_TYPE", "message": "Unsupported media type text/plain"}})
    );
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn e_authentication_credentials_not_provided() {
    let s = server().await;
    for key in [None, Some("bsk_wrong")] {
        let mut form = vec![("link_id", "c")];
        if let Some(k) = key {
            form.push(("api_key", k));
        }
        let (status, body) =
            json_of(s.post("/v2/session/").form(&form).send().await.unwrap_or_else(|e| panic!("{e}"))).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(
            body,
            json!({"error": {"code": "AUTHENTICATION_CREDENTIALS_NOT_PROVIDED", "message": "Authentication credentials were not provided"}})
        );
    }
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn e_payment_required() {
    let dir = fresh_dir();
    let org = org_in(&dir, "lapsed", Some(1_600_000_000)); // 2020-09-13: expired
    let s = start_in(dir, org).await;
    let (status, body) = s.session(2, &[("link_id", "c")]).await;
    assert_eq!(status, StatusCode::PAYMENT_REQUIRED);
    assert_eq!(body, json!({"error": {"code": "PAYMENT_REQUIRED", "message": "Payment required"}}));
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn e_invalid_parameter_count_empty_body() {
    let s = server().await;
    let r = s.post("/v2/session/").header("X-Api-Key", &s.org.key).form(&Vec::<(String, String)>::new());
    let (status, body) = json_of(r.send().await.unwrap_or_else(|e| panic!("{e}"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"]["code"], "INVALID_PARAMETER_COUNT");
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn e_request_generic_something_went_wrong() {
    let s = server().await;
    let r = s
        .post("/v2/session/")
        .header("X-Api-Key", &s.org.key)
        .header("content-type", "application/json")
        .body("{not json");
    let (status, body) = json_of(r.send().await.unwrap_or_else(|e| panic!("{e}"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body, json!({"error": {"code": "INVALID_REQUEST", "message": "Something went wrong"}}));
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn aa_corrections_are_stored_with_the_session() {
    let s = server().await;
    let fields = [
        ("link_id", "c"),
        ("mode", "aa"),
        ("bank_name", "hdfc"),
        ("from_date", "01/01/2015"),
        ("aa_journey_mode", "only_recurring"),
        ("aa_recurring_tenure_month", "84"),
        ("aa_recurring_frequency_unit", "MONTH"),
        ("aa_recurring_frequency_value", "1"),
    ];
    let (status, body) = s.session(1, &fields).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let conn = rusqlite::Connection::open(s.dir.join("bankscope.db")).unwrap_or_else(|e| panic!("{e}"));
    let params: String = conn
        .query_row(
            "SELECT params FROM sessions WHERE id = ?1",
            [body["session_id"].as_str().unwrap_or_default()],
            |r| r.get(0),
        )
        .unwrap_or_default();
    let params: Value = serde_json::from_str(&params).unwrap_or_default();
    assert_eq!(params["aa_recurring_tenure_month"], 60);
    // The capped from_date is 14 months before today (IST).
    let today = (chrono::Utc::now() + chrono::Duration::minutes(330)).date_naive();
    let earliest = today.checked_sub_months(chrono::Months::new(14)).unwrap_or(today);
    assert_eq!(params["from_date"], earliest.format("%d/%m/%Y").to_string());
    s.stop().await;
}

// ---------------------------------------------------------------- auth and tenants

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reads_need_both_headers() {
    let s = server().await;
    let id = uuid::Uuid::new_v4();
    let detail = json!({"detail": "Authentication credentials were not provided."});
    let path = format!("/v1/entity/{id}/accounts/");
    let cases = [
        s.get(&path),
        s.get(&path).header("x-api-key", &s.org.key),
        s.get(&path).header("server-hash", &s.org.hash),
        s.get(&path).header("x-api-key", &s.org.key).header("server-hash", "wrong"),
    ];
    for rb in cases {
        let (status, body) = json_of(rb.send().await.unwrap_or_else(|e| panic!("{e}"))).await;
        assert_eq!((status, body), (StatusCode::UNAUTHORIZED, detail.clone()));
    }
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_entity_is_visible_only_to_its_organisation() {
    let dir = fresh_dir();
    let other = org_in(&dir, "other", None);
    let org = org_in(&dir, "acme", None);
    let s = start_in(dir, org).await;
    let (bytes, password) = sbi();
    let r = s
        .authed(s.post("/v1/statement/bankless_upload/"))
        .multipart(upload_form(&bytes, &[("pdf_password", &password), ("link_id", "cust")]));
    let (status, up) = json_of(r.send().await.unwrap_or_else(|e| panic!("{e}"))).await;
    assert_eq!(status, StatusCode::OK, "{up}");
    let entity = up["entity_id"].as_str().unwrap_or_default();
    let mine =
        s.authed(s.get(&format!("/v1/entity/{entity}/accounts/"))).send().await.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(mine.status(), StatusCode::OK);
    let theirs = s
        .get(&format!("/v1/entity/{entity}/accounts/"))
        .header("x-api-key", &other.key)
        .header("server-hash", &other.hash)
        .send()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(theirs.status(), StatusCode::NOT_FOUND);
    // Nor can the other organisation upload into it.
    let r = s
        .post("/v1/statement/bankless_upload/")
        .header("x-api-key", &other.key)
        .header("server-hash", &other.hash)
        .multipart(upload_form(&bytes, &[("pdf_password", &password), ("entity_id", entity)]));
    assert_eq!(r.send().await.map(|r| r.status()).ok(), Some(StatusCode::NOT_FOUND));
    s.stop().await;
}

// ---------------------------------------------------------------- uploads

async fn upload_error(s: &Server, path: &str, bytes: &[u8], fields: &[(&str, &str)]) -> (StatusCode, Value) {
    let r = s.authed(s.post(path)).multipart(upload_form(bytes, fields));
    json_of(r.send().await.unwrap_or_else(|e| panic!("{e}"))).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_uploads_have_their_own_codes_and_store_nothing() {
    let s = server().await;
    let (bytes, password) = sbi();
    let link = [("link_id", "cust")];
    let (status, body) =
        upload_error(&s, "/v1/statement/bankless_upload/", &bytes, &[("pdf_password", "wrong"), link[0]]).await;
    assert_eq!((status, body["error"]["code"].clone()), (StatusCode::BAD_REQUEST, json!("PASSWORD_INCORRECT")));
    let scan = scan_pdf();
    let (status, body) = upload_error(&s, "/v1/statement/bankless_upload/", &scan, &link).await;
    assert_eq!((status, body["error"]["code"].clone()), (StatusCode::BAD_REQUEST, json!("PDF_IS_IMAGE")));
    let blank = pdf(&[]);
    let (status, body) = upload_error(&s, "/v1/statement/bankless_upload/", &blank, &link).await;
    assert_eq!((status, body["error"]["code"].clone()), (StatusCode::BAD_REQUEST, json!("NOT_A_STATEMENT")));
    let no_table = pdf(&[
        (40.0, 40.0, 16.0, "HDFC BANK"),
        (40.0, 80.0, 9.0, "Account No : 50100123456789"),
        (40.0, 92.0, 9.0, "IFSC : HDFC0001234"),
    ]);
    let (status, body) = upload_error(&s, "/v1/statement/bankless_upload/", &no_table, &link).await;
    assert_eq!((status, body["error"]["code"].clone()), (StatusCode::BAD_REQUEST, json!("UNSUPPORTED_FORMAT")));
    let (status, body) = upload_error(
        &s,
        "/v1/statement/upload/",
        &bytes,
        &[("pdf_password", &password), ("bank_name", "hdfc"), link[0]],
    )
    .await;
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (StatusCode::BAD_REQUEST, json!("BANK_NAME_MISMATCH")),
        "{body}"
    );
    let (status, body) = upload_error(&s, "/v1/statement/upload/", b"hello, not a pdf", &link).await;
    assert_eq!((status, body["error"]["code"].clone()), (StatusCode::BAD_REQUEST, json!("UNSUPPORTED_FILE_TYPE")));
    // Nothing of the refused uploads stayed.
    let conn = rusqlite::Connection::open(s.dir.join("bankscope.db")).unwrap_or_else(|e| panic!("{e}"));
    let n: i64 = conn.query_row("SELECT COUNT(*) FROM statements", [], |r| r.get(0)).unwrap_or(-1);
    assert_eq!(n, 0);
    // The right bank reads; the same file again is a duplicate.
    let (status, ok) = upload_error(
        &s,
        "/v1/statement/upload/",
        &bytes,
        &[("pdf_password", &password), ("bank_name", "sbi"), link[0]],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{ok}");
    let (status, body) = upload_error(
        &s,
        "/v1/statement/upload/",
        &bytes,
        &[("pdf_password", &password), ("bank_name", "sbi"), link[0]],
    )
    .await;
    assert_eq!((status, body["error"]["code"].clone()), (StatusCode::CONFLICT, json!("DUPLICATE_STATEMENT")));
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn entity_creation_is_201() {
    let s = server().await;
    let r = s.authed(s.post("/v1/entity/")).form(&[("link_id", "cust-7")]);
    let (status, body) = json_of(r.send().await.unwrap_or_else(|e| panic!("{e}"))).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(body["link_id"], "cust-7");
    let entity = body["entity_id"].as_str().unwrap_or_default();
    let (status, accounts) = json_of(
        s.authed(s.get(&format!("/v1/entity/{entity}/accounts/"))).send().await.unwrap_or_else(|e| panic!("{e}")),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(accounts["accounts"], json!([]));
    s.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn session_data_status_delete_and_initiate() {
    let s = server().await;
    let (_, session) = s.session(2, &[("link_id", "cust")]).await;
    let id = session["session_id"].as_str().unwrap_or_default().to_string();
    let token =
        session["redirect_url"].as_str().unwrap_or_default().rsplit("token=").next().unwrap_or_default().to_string();
    let (bytes, password) = sbi();
    // The hosted client uploads with the token only.
    let r = s
        .post("/v1/statement/upload_session/")
        .multipart(upload_form(&bytes, &[("session_id", &id), ("token", &token), ("pdf_password", &password)]));
    let (status, up) = json_of(r.send().await.unwrap_or_else(|e| panic!("{e}"))).await;
    assert_eq!(status, StatusCode::OK, "{up}");
    let statement = up["statement_id"].as_str().unwrap_or_default().to_string();
    // A wrong token is refused.
    let r =
        s.post("/v1/statement/upload_session/").multipart(upload_form(&bytes, &[("session_id", &id), ("token", "00")]));
    assert_eq!(r.send().await.map(|r| r.status()).ok(), Some(StatusCode::UNAUTHORIZED));
    let status_path = format!("/v1/session_data/{id}/session_upload_status/");
    let (code, st) = json_of(s.authed(s.get(&status_path)).send().await.unwrap_or_else(|e| panic!("{e}"))).await;
    assert_eq!(code, StatusCode::OK);
    assert_eq!(st["statements"][0]["statement_id"], statement.as_str());
    assert_eq!(st["statements"][0]["bank_name"], "sbi");
    let del = s.authed(s.client.delete(format!("{}/v1/session_data/{id}/delete/?statement_id={statement}", s.url)));
    assert_eq!(del.send().await.map(|r| r.status()).ok(), Some(StatusCode::OK));
    let (_, st) = json_of(s.authed(s.get(&status_path)).send().await.unwrap_or_else(|e| panic!("{e}"))).await;
    assert_eq!(st["statements"], json!([]));
    let init = format!("/v1/session_data/{id}/initiate_processing/");
    let (code, body) = json_of(s.authed(s.post(&init)).send().await.unwrap_or_else(|e| panic!("{e}"))).await;
    assert_eq!((code, body["error"]["code"].clone()), (StatusCode::BAD_REQUEST, json!("NO_STATEMENTS")));
    let r = s
        .authed(s.post("/v1/statement/upload_session/"))
        .multipart(upload_form(&bytes, &[("session_id", &id), ("pdf_password", &password)]));
    assert_eq!(r.send().await.map(|r| r.status()).ok(), Some(StatusCode::OK));
    let (code, body) = json_of(s.authed(s.post(&init)).send().await.unwrap_or_else(|e| panic!("{e}"))).await;
    assert_eq!((code, body["statements"].clone()), (StatusCode::OK, json!(1)));
    let r = s
        .authed(s.post("/v1/statement/upload_session/"))
        .multipart(upload_form(&bytes, &[("session_id", &id), ("pdf_password", &password)]));
    let (code, body) = json_of(r.send().await.unwrap_or_else(|e| panic!("{e}"))).await;
    assert_eq!((code, body["error"]["code"].clone()), (StatusCode::BAD_REQUEST, json!("SESSION_SUBMITTED")));
    s.stop().await;
}

// ---------------------------------------------------------------- restart

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_resumes_unfinished_jobs() {
    let dir = fresh_dir();
    let org = org_in(&dir, "acme", None);
    let (bytes, password) = sbi();
    let entity = uuid::Uuid::new_v4().to_string();
    let statement = uuid::Uuid::new_v4().to_string();
    {
        // What a server that died mid-stage leaves behind: a stored upload whose job is `running`.
        let store = SqliteStore::open(&dir).unwrap_or_else(|e| panic!("{e}"));
        let conn = rusqlite::Connection::open(dir.join("bankscope.db")).unwrap_or_else(|e| panic!("{e}"));
        let org_id: String = conn.query_row("SELECT id FROM orgs", [], |r| r.get(0)).unwrap_or_default();
        let row = bankscope_server::store::EntityRow { id: entity.clone(), org_id, link_id: None, metadata: json!({}) };
        store.create_entity(&row).unwrap_or_else(|e| panic!("{e}"));
        let new = NewStatement {
            id: statement.clone(),
            entity_id: entity.clone(),
            session_id: None,
            file: bytes,
            password: Some(password),
            declared_bank: None,
        };
        store.insert_statement(&new).unwrap_or_else(|e| panic!("{e}"));
        conn.execute("UPDATE jobs SET state = 'running'", []).unwrap_or_else(|e| panic!("{e}"));
    }
    let s = start_in(dir, org).await;
    let deadline = Instant::now() + Duration::from_secs(20);
    let conn = rusqlite::Connection::open(s.dir.join("bankscope.db")).unwrap_or_else(|e| panic!("{e}"));
    loop {
        let stages: (String, String, String) = conn
            .query_row("SELECT identity, transactions, analyses FROM statements WHERE id = ?1", [&statement], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
            .unwrap_or_default();
        if stages == ("completed".into(), "completed".into(), "completed".into()) {
            break;
        }
        assert!(Instant::now() < deadline, "the resumed job never finished: {stages:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (_, body) = json_of(
        s.authed(s.get(&format!("/v1/entity/{entity}/transactions/"))).send().await.unwrap_or_else(|e| panic!("{e}")),
    )
    .await;
    assert_eq!(body["progress"][0]["status"], "completed");
    assert_eq!(body["progress"][0]["statement_id"], statement.as_str());
    s.stop().await;
}

// ---------------------------------------------------------------- the journey

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn full_journey_session_upload_poll_read_all_and_download() {
    let s = server().await;
    let (status, session) = s.session(2, &[("link_id", "journey")]).await;
    assert_eq!(status, StatusCode::OK, "{session}");
    let id = session["session_id"].as_str().unwrap_or_default().to_string();
    let token =
        session["redirect_url"].as_str().unwrap_or_default().rsplit("token=").next().unwrap_or_default().to_string();
    let (bytes, password) = sbi();

    let started = Instant::now();
    let r = s
        .post("/v1/statement/upload_session/?identity=true")
        .multipart(upload_form(&bytes, &[("session_id", &id), ("token", &token), ("pdf_password", &password)]));
    let (status, up) = json_of(r.send().await.unwrap_or_else(|e| panic!("{e}"))).await;
    let identity_ms = started.elapsed().as_millis();
    assert_eq!(status, StatusCode::OK, "{up}");
    assert_eq!(up["entity_id"], id.as_str(), "a session owns one entity, with the session's id");
    assert_eq!(up["identity"]["name"], "ARJUN MANOJ DAS");
    assert_eq!(up["identity"]["account_number"], "31208104530");
    assert_eq!(up["is_fraud"], false);
    let statement = up["statement_id"].as_str().unwrap_or_default().to_string();

    // Poll until every stage completed.
    let status_path = format!("/v1/session_data/{id}/session_upload_status/?token={token}");
    loop {
        let (_, st) = json_of(s.get(&status_path).send().await.unwrap_or_else(|e| panic!("{e}"))).await;
        if st["statements"][0]["status"] == "completed" {
            break;
        }
        assert_ne!(st["statements"][0]["status"], "failed", "{st}");
        assert!(started.elapsed() < Duration::from_secs(30), "never completed: {st}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    eprintln!(
        "upload-to-identity {identity_ms} ms, upload-to-completed {} ms (sbi_fpdf2_encrypted.pdf, loopback, debug build)",
        started.elapsed().as_millis()
    );

    // The same statement read by the core directly is what every read must return.
    let mut core = bankscope::Entity::new(Some("journey".into()), bankscope::Metadata::default());
    core.id = id.parse().unwrap_or_default();
    core.add_pdf(&bytes, &bankscope::ReadOptions::with_password(password.clone()))
        .unwrap_or_else(|e| panic!("core: {e}"));
    core.statements[0].id = statement.parse().unwrap_or_default();
    // `last_updated` is when the statement was read: take the server's moment.
    let conn = rusqlite::Connection::open(s.dir.join("bankscope.db")).unwrap_or_else(|e| panic!("{e}"));
    let stored: String = conn
        .query_row("SELECT statement_json FROM statements WHERE id = ?1", [&statement], |r| r.get(0))
        .unwrap_or_default();
    let stored: bankscope::Statement =
        serde_json::from_str(&stored).unwrap_or_else(|e| panic!("stored statement: {e}"));
    core.statements[0].processed_at = stored.processed_at;
    let account = core.accounts().first().map(|a| a.info.account_id.clone()).unwrap_or_default();

    for r in Resource::ALL.iter().copied() {
        let resp = s
            .authed(s.get(&format!("/v1/entity/{id}/{}/", r.path_suffix())))
            .send()
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        let status = resp.status();
        let text = resp.text().await.unwrap_or_default();
        if r == Resource::XlsxReport {
            let body: Value = serde_json::from_str(&text).unwrap_or_default();
            assert_eq!(status, StatusCode::OK);
            assert_eq!(body["reports"].as_array().map(Vec::len), Some(1));
            assert_eq!(body["reports"][0]["account_id"], account.as_str());
            assert_eq!(body["progress"][0]["status"], "completed");
            let link = body["reports"][0]["link"].as_str().unwrap_or_default().replace("127.0.0.1", "localhost");
            let file = s.client.get(&link).send().await.unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(file.status(), StatusCode::OK);
            let xlsx = file.bytes().await.unwrap_or_default();
            assert!(xlsx.starts_with(b"PK"), "an xlsx is a zip");
            let tampered = format!("{}0", link);
            assert_eq!(s.client.get(&tampered).send().await.map(|r| r.status()).ok(), Some(StatusCode::FORBIDDEN));
            let expired = bankscope_server::read::report_link(
                &s.url,
                &s.secret(),
                &id,
                &account,
                bankscope_server::store::now() - 1,
            );
            let (code, body) = json_of(s.client.get(&expired).send().await.unwrap_or_else(|e| panic!("{e}"))).await;
            assert_eq!(code, StatusCode::FORBIDDEN);
            assert!(body["detail"].as_str().unwrap_or_default().contains("expired"), "{body}");
            continue;
        }
        match core.response_json(r, None) {
            Ok(expected) => {
                assert_eq!(status, StatusCode::OK, "{r}: {text}");
                // Byte for byte: the server keeps the core's text, progress included (all completed).
                assert_eq!(text, expected, "{r}");
            }
            Err(bankscope::Error::InvalidArgument { name, .. }) if name == "resource" => {
                assert_eq!(status, StatusCode::NOT_IMPLEMENTED, "{r}: the core does not compute it yet");
            }
            Err(e) => panic!("core {r}: {e}"),
        }
    }
    // account_id filters where the interface allows them, and only there.
    let resp = s
        .authed(s.get(&format!("/v1/entity/{id}/transactions/?account_id={account}")))
        .send()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(resp.status(), StatusCode::OK);
    assert_eq!(
        resp.text().await.unwrap_or_default(),
        core.response_json(Resource::Transactions, Some(&account)).unwrap_or_default()
    );
    let resp = s
        .authed(s.get(&format!("/v1/entity/{id}/accounts/?account_id={account}")))
        .send()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    let resp = s
        .authed(s.get(&format!("/v1/entity/{id}/transactions/?account_id=nope")))
        .send()
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    let resp =
        s.authed(s.get(&format!("/v1/entity/{id}/no_such_read/"))).send().await.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(resp.status(), StatusCode::NOT_FOUND);
    s.stop().await;
}
