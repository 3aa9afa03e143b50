//! Caller metadata is read by the core's rule (`bankscope::Metadata::from_value`)
//! on every route that takes it — session v1 and v2, entity creation, uploads
//! that make an entity: an unknown key (a misspelt `employer_name`) or a value
//! that is not an array of strings is the interface's INVALID_REQUEST naming the
//! field and the reason; an explicit `null` is an absent key; what is stored is
//! the normalised object.

mod common;

use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

fn stored(s: &Server, entity: &str) -> Value {
    let conn = rusqlite::Connection::open(s.dir.join("bankscope.db")).unwrap_or_else(|e| panic!("{e}"));
    let text: String = conn
        .query_row("SELECT metadata FROM entities WHERE id = ?1", [entity], |r| r.get(0))
        .unwrap_or_else(|e| panic!("{e}"));
    serde_json::from_str(&text).unwrap_or_default()
}

fn entities(s: &Server) -> i64 {
    let conn = rusqlite::Connection::open(s.dir.join("bankscope.db")).unwrap_or_else(|e| panic!("{e}"));
    conn.query_row("SELECT count(*) FROM entities", [], |r| r.get(0)).unwrap_or(-1)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metadata_is_read_by_the_core_rule_on_every_route() {
    let dir = fresh_dir();
    let s = start(test_config(&dir), org_in(&dir, "acme")).await;
    let misspelt = json!({"names": ["MEENA RAO"], "employer_name": ["ACME LTD"]});

    // Sessions, v1 and v2, JSON and form bodies.
    for version in [1, 2] {
        let r = s
            .post(&format!("/v{version}/session/"))
            .header("X-Api-Key", &s.org.key)
            .json(&json!({"link_id": "m", "metadata": misspelt}))
            .send()
            .await;
        let (status, body) = json_of(r).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "v{version}: {body}");
        assert_eq!(body["error"]["code"], "INVALID_REQUEST");
        let message = body["error"]["message"].as_str().unwrap_or_default();
        assert!(message.starts_with("metadata, ") && message.contains("employer_name"), "v{version}: {message}");

        let r = s
            .post(&format!("/v{version}/session/"))
            .header("X-Api-Key", &s.org.key)
            .form(&[("link_id", "m"), ("metadata", r#"{"names": "MEENA"}"#)])
            .send()
            .await;
        let (status, body) = json_of(r).await;
        assert_eq!((status, body["error"]["code"].as_str()), (StatusCode::BAD_REQUEST, Some("INVALID_REQUEST")));
        assert!(body["error"]["message"].as_str().is_some_and(|m| m.starts_with("metadata, ")), "{body}");
    }
    assert_eq!(entities(&s), 0, "nothing made by a refused request");

    // An explicit null is an absent key; the stored object is complete.
    let r = s
        .post("/v2/session/")
        .header("X-Api-Key", &s.org.key)
        .json(&json!({"link_id": "m", "metadata": {"names": null, "employer_names": ["ACME LTD"]}}))
        .send()
        .await;
    let (status, body) = json_of(r).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let session = body["session_id"].as_str().unwrap_or_default().to_string();
    assert_eq!(
        stored(&s, &session),
        json!({"names": [], "employer_names": ["ACME LTD"], "companies_for_self_transfer": []})
    );

    // Entity creation and an upload that makes its entity from a link_id.
    let r = s.authed(s.post("/v1/entity/")).json(&json!({"link_id": "e", "metadata": misspelt})).send().await;
    let (status, body) = json_of(r).await;
    assert_eq!((status, body["error"]["code"].as_str()), (StatusCode::BAD_REQUEST, Some("INVALID_REQUEST")), "{body}");
    assert!(body["error"]["message"].as_str().is_some_and(|m| m.contains("employer_name")), "{body}");
    let (bytes, password) = statement("axis_fpdf2");
    let metadata = misspelt.to_string();
    let form = upload_form(&bytes, &[("link_id", "new-link"), ("pdf_password", &password), ("metadata", &metadata)]);
    let r = s.authed(s.post("/v1/statement/bankless_upload/")).multipart(form).send().await;
    let (status, body) = json_of(r).await;
    assert_eq!((status, body["error"]["code"].as_str()), (StatusCode::BAD_REQUEST, Some("INVALID_REQUEST")), "{body}");
    assert_eq!(entities(&s), 1, "only the valid session's entity");

    let r = s
        .authed(s.post("/v1/entity/"))
        .json(&json!({"link_id": "e", "metadata": {"companies_for_self_transfer": ["MEENA TRADERS"]}}))
        .send()
        .await;
    let (status, body) = json_of(r).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let entity = body["entity_id"].as_str().unwrap_or_default().to_string();
    assert_eq!(stored(&s, &entity)["companies_for_self_transfer"], json!(["MEENA TRADERS"]));
    s.stop().await;
}
