//! The OpenAPI 3.1 document served at `/openapi.json`: every route.

use bankscope::resources::Resource;
use serde_json::{Map, Value, json};

fn form_body(fields: &[(&str, &str)], required: &[&str], file: bool) -> Value {
    let mut props = Map::new();
    for (name, ty) in fields {
        props.insert((*name).to_string(), json!({"type": ty}));
    }
    if file {
        props.insert("file".into(), json!({"type": "string", "format": "binary"}));
    }
    let schema = json!({"type": "object", "properties": props, "required": required});
    let mut content = Map::new();
    content.insert("multipart/form-data".into(), json!({"schema": schema}));
    if !file {
        content.insert("application/x-www-form-urlencoded".into(), json!({"schema": schema}));
        content.insert("application/json".into(), json!({"schema": schema}));
    }
    json!({"required": true, "content": content})
}

fn ok(description: &str) -> Value {
    json!({"description": description, "content": {"application/json": {"schema": {"type": "object"}}}})
}

const KEYS: &[&str] = &["ApiKey", "ServerHash"];

fn both_keys() -> Value {
    json!([{ KEYS[0]: [], KEYS[1]: [] }])
}

fn session_op(version: u8) -> Value {
    let mut fields = vec![
        ("link_id", "string"),
        ("api_key", "string"),
        ("redirect_url", "string"),
        ("from_date", "string"),
        ("to_date", "string"),
        ("max_from_date", "string"),
        ("max_to_date", "string"),
        ("logo_url", "string"),
        ("bank_name", "string"),
        ("mode", "string"),
        ("mobile_number", "string"),
        ("session_expiry", "integer"),
        ("journey_mode", "string"),
        ("accept_anything", "boolean"),
        ("is_mobile_field_editable", "boolean"),
        ("metadata", "object"),
    ];
    if version == 1 {
        fields.extend([
            ("aa_journey_mode", "string"),
            ("aa_recurring_tenure_month", "integer"),
            ("aa_recurring_frequency_unit", "string"),
            ("aa_recurring_frequency_value", "integer"),
        ]);
    } else {
        fields.extend([("aa_journey_code", "string"), ("consents", "object")]);
    }
    json!({
        "summary": format!("Create a session (v{version})"),
        "security": [{"ApiKey": []}],
        "requestBody": form_body(&fields, &["link_id"], false),
        "responses": {
            "200": ok("{session_id, redirect_url}"),
            "400": ok("{error: {code, message}}: parameter errors of interface 7.2; metadata (an object of string arrays names, employer_names, companies_for_self_transfer; null is absent) with another key or value is INVALID_REQUEST 'metadata, <reason>'"),
            "401": ok("AUTHENTICATION_CREDENTIALS_NOT_PROVIDED"),
            "402": ok("PAYMENT_REQUIRED"),
            "403": ok("MODE_NOT_ENABLED"),
            "405": ok("METHOD_NOT_ALLOWED"),
            "413": ok("PAYLOAD_TOO_LARGE: the body is over 64 KiB"),
            "415": ok("UNSUPPORTED_MEDIA_TYPE"),
        }
    })
}

fn upload_op(summary: &str, bank_required: bool) -> Value {
    let required: &[&str] = if bank_required { &["file", "bank_name"] } else { &["file"] };
    json!({
        "summary": summary,
        "security": both_keys(),
        "parameters": [{"name": "identity", "in": "query", "schema": {"type": "boolean"},
                        "description": "answer with the statement's identity and metadata fraud"}],
        "requestBody": form_body(&[("pdf_password", "string"), ("bank_name", "string"), ("entity_id", "string"), ("link_id", "string")], required, true),
        "responses": {
            "200": ok("identity read; later stages processing"),
            "202": ok("stored; still processing"),
            "400": ok("PASSWORD_INCORRECT, PDF_IS_IMAGE, UNSUPPORTED_FORMAT, NOT_A_STATEMENT, BANK_NAME_MISMATCH, BANK_UNDETECTED, UNSUPPORTED_FILE_TYPE, MISSING_FILE, MISSING_BANK_NAME, INVALID_BANK_NAME, MISSING_ENTITY"),
            "401": ok("Authentication credentials were not provided."),
            "402": ok("PAYMENT_REQUIRED"),
            "409": ok("DUPLICATE_STATEMENT"),
            "413": ok("LIMIT_EXCEEDED (the statement) or PAYLOAD_TOO_LARGE (the body is over the limit)"),
        }
    })
}

fn session_data_op(summary: &str, statement_param: bool) -> Value {
    let mut params = vec![
        json!({"name": "session_id", "in": "path", "required": true, "schema": {"type": "string"}}),
        json!({"name": "token", "in": "query", "schema": {"type": "string"}, "description": "v2 redirect token instead of the keys"}),
    ];
    if statement_param {
        params.push(json!({"name": "statement_id", "in": "query", "required": true, "schema": {"type": "string"}}));
    }
    json!({"summary": summary, "security": both_keys(), "parameters": params,
           "responses": {"200": ok(summary), "401": ok("no credentials"), "404": ok("unknown session")}})
}

/// The document.
pub fn document() -> Value {
    let mut paths = Map::new();
    paths.insert(
        "/healthz".into(),
        json!({"get": {"summary": "Liveness and database check", "responses": {"200": ok("{status: ok}")}}}),
    );
    paths.insert(
        "/metrics".into(),
        json!({"get": {"summary": "Prometheus metrics: stage runs by stage and outcome, stage durations, jobs by state (queue depth), webhook attempts, rate-limit refusals, read responses built and served from the cache",
            "responses": {"200": {"description": "text/plain; version=0.0.4", "content": {"text/plain": {}}}}}}),
    );
    paths.insert(
        "/openapi.json".into(),
        json!({"get": {"summary": "This document", "responses": {"200": ok("OpenAPI")}}}),
    );
    paths.insert("/v1/session/".into(), json!({"post": session_op(1)}));
    paths.insert("/v2/session/".into(), json!({"post": session_op(2)}));
    paths.insert(
        "/v1/entity/".into(),
        json!({"post": {"summary": "Create an entity", "security": both_keys(),
            "requestBody": form_body(&[("link_id", "string"), ("metadata", "object")], &[], false),
            "responses": {"201": ok("{entity_id, link_id}"),
                "400": ok("{error: {code: INVALID_REQUEST, message: 'metadata, <reason>'}}: metadata with an unknown key or a value that is not an array of strings"),
                "401": ok("no credentials"), "402": ok("PAYMENT_REQUIRED")}}}),
    );
    paths.insert(
        "/v1/statement/upload/".into(),
        json!({"post": upload_op("Upload a statement PDF of a declared bank", true)}),
    );
    paths.insert(
        "/v1/statement/bankless_upload/".into(),
        json!({"post": upload_op("Upload a statement PDF; the bank is detected", false)}),
    );
    let mut session_upload = upload_op("Upload a statement PDF into a session (keys or the v2 token)", false);
    session_upload["requestBody"] = form_body(
        &[("session_id", "string"), ("pdf_password", "string"), ("bank_name", "string"), ("token", "string")],
        &["session_id", "file"],
        true,
    );
    session_upload["parameters"] = json!([
        {"name": "identity", "in": "query", "schema": {"type": "boolean"}},
        {"name": "session_id", "in": "query", "schema": {"type": "string"},
         "description": "with token: checked before the body is read"},
        {"name": "token", "in": "query", "schema": {"type": "string"}, "description": "the session's v2 token"}]);
    session_upload["description"] = json!(
        "Credentials are checked before the file is read: the key headers, session_id and token in the query, \
         or session_id and token as multipart fields sent before the file."
    );
    paths.insert("/v1/statement/upload_session/".into(), json!({"post": session_upload}));
    paths.insert(
        "/v1/session_data/{session_id}/session_upload_status/".into(),
        json!({"get": session_data_op("Statements of a session and their statuses", false)}),
    );
    paths.insert(
        "/v1/session_data/{session_id}/initiate_processing/".into(),
        json!({"post": session_data_op("Close the session to uploads", false)}),
    );
    paths.insert(
        "/v1/session_data/{session_id}/delete/".into(),
        json!({"delete": session_data_op("Delete a statement of the session", true)}),
    );
    paths.insert(
        "/v1/entity/update_webhook/".into(),
        json!({"post": {"summary": "Set the webhook URL and mode (0: online journeys; 1: manual uploads too; omitted: 0)",
            "security": both_keys(),
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object",
                "properties": {"webhook_url": {"type": "string"}, "webhook_mode": {"type": "integer", "enum": [0, 1]}},
                "required": ["webhook_url"]}}}},
            "responses": {"200": ok("{webhook_url, webhook_mode, signing_secret}"),
                          "400": ok("{detail}: missing or refused URL (SSRF guard), bad mode"),
                          "401": {"description": "{detail: 'Authentication credentials were not provided.'}"},
                          "413": ok("{detail}: the body is over 64 KiB"),
                          "415": ok("not application/json")}}}),
    );
    paths.insert(
        "/v1/entity/{entity_id}/".into(),
        json!({"delete": {"summary": "Delete an entity now: its statements and PDFs, its session, its webhook payloads",
            "security": both_keys(),
            "parameters": [{"name": "entity_id", "in": "path", "required": true, "schema": {"type": "string"}}],
            "responses": {"200": ok("{entity_id, deleted: true}"),
                          "401": {"description": "{detail: 'Authentication credentials were not provided.'}"},
                          "404": ok("unknown entity or another organisation's")}}}),
    );
    paths.insert(
        "/v1/entity/rotate_webhook_secret/".into(),
        json!({"post": {"summary": "Rotate the webhook signing secret; the old one keeps signing beside the new one during the overlap",
            "security": both_keys(),
            "requestBody": {"required": false, "content": {"application/json": {"schema": {"type": "object",
                "properties": {"overlap_secs": {"type": "integer", "minimum": 0, "maximum": 2_592_000, "default": 86_400}}}}}},
            "responses": {"200": ok("{signing_secret, previous_secret_valid_until}"),
                          "400": ok("{detail}: bad overlap_secs"),
                          "401": {"description": "{detail: 'Authentication credentials were not provided.'}"},
                          "404": ok("{detail}: no webhook set")}}}),
    );
    paths.insert(
        "/v1/entity/webhook_payloads/".into(),
        json!({"get": {"summary": "Every webhook payload of a link_id, newest first, with date_time", "security": both_keys(),
            "parameters": [{"name": "link_id", "in": "query", "required": true, "schema": {"type": "string"}}],
            "responses": {"200": ok("{payloads: [{entity_id, statement_id, link_id, progress, reason, date_time}]}"),
                          "400": ok("link_id missing"),
                          "401": {"description": "{detail: 'Authentication credentials were not provided.'}"}}}}),
    );
    for r in Resource::ALL {
        let mut params =
            vec![json!({"name": "entity_id", "in": "path", "required": true, "schema": {"type": "string"}})];
        if r.filters_by_account() {
            params.push(json!({"name": "account_id", "in": "query", "schema": {"type": "string"}}));
        }
        paths.insert(
            format!("/v1/entity/{{entity_id}}/{}/", r.path_suffix()),
            json!({"get": {"summary": format!("Read {}", r.path_suffix()), "security": both_keys(), "parameters": params,
                "responses": {"200": ok("the response of interface section 4"),
                              "401": {"description": "{detail: 'Authentication credentials were not provided.'}"},
                              "404": ok("unknown entity or another organisation's")}}}),
        );
    }
    paths.insert(
        "/v1/report/{entity_id}/{account_id}/".into(),
        json!({"get": {"summary": "Download an xlsx report (signed link from xlsx_report, valid 1 hour)",
            "parameters": [
                {"name": "entity_id", "in": "path", "required": true, "schema": {"type": "string"}},
                {"name": "account_id", "in": "path", "required": true, "schema": {"type": "string"}},
                {"name": "expires", "in": "query", "required": true, "schema": {"type": "integer"}},
                {"name": "sig", "in": "query", "required": true, "schema": {"type": "string"}}],
            "responses": {"200": {"description": "the workbook", "content": {"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {}}},
                          "403": ok("invalid or expired link")}}}),
    );
    // Every operation that authenticates by key is rate limited per organisation.
    for op in paths.values_mut().filter_map(Value::as_object_mut).flat_map(|ops| ops.values_mut()) {
        if let Some(responses) = op.get_mut("responses").and_then(Value::as_object_mut)
            && responses.contains_key("401")
        {
            responses.insert(
                "429".into(),
                json!({"description": "{detail: 'Request was throttled. Expected available in N seconds.'}, \
                    with a Retry-After header (seconds)"}),
            );
        }
    }
    json!({
        "openapi": "3.1.0",
        "info": {"title": "bankscope reference server", "version": bankscope::VERSION},
        "components": {"securitySchemes": {
            "ApiKey": {"type": "apiKey", "in": "header", "name": "x-api-key"},
            "ServerHash": {"type": "apiKey", "in": "header", "name": "server-hash"}}},
        "paths": paths,
    })
}
