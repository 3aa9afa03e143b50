//! The hosted client's server side: the page's headers and the session summary
//! it starts from (the browser journey itself is examples/server/client-test).

mod common;

use common::*;
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_and_its_session_summary() {
    let dir = fresh_dir();
    let org = org_in(&dir, "acme");
    let s = start(test_config(&dir), org).await;
    let page = s.get("/client/").send().await.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(page.status(), StatusCode::OK);
    let header = |n: &str| page.headers().get(n).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    assert!(header("content-type").starts_with("text/html"));
    assert_eq!(header("referrer-policy"), "no-referrer", "the token in the URL stays here");
    assert!(header("content-security-policy").contains("script-src 'self'"));
    assert!(page.text().await.unwrap_or_default().contains("<script src=\"app.js\" defer></script>"));
    let script = s.get("/client/app.js").send().await.unwrap_or_else(|e| panic!("{e}"));
    assert!(script.headers()["content-type"].to_str().unwrap_or_default().starts_with("text/javascript"));

    let form = [
        ("api_key", s.org.key.as_str()),
        ("link_id", "client"),
        ("bank_name", "hdfc"),
        ("from_date", "01/01/2025"),
        ("to_date", "30/06/2025"),
        ("redirect_url", "https://lender.example/back"),
    ];
    let (status, session) = json_of(s.post("/v2/session/").form(&form).send().await).await;
    assert_eq!(status, StatusCode::OK, "{session}");
    let id = session["session_id"].as_str().unwrap_or_default().to_string();
    let redirect = session["redirect_url"].as_str().unwrap_or_default().to_string();
    let token = redirect.rsplit("token=").next().unwrap_or_default().to_string();
    assert!(
        redirect.starts_with(&format!("{}/client/?session_id={id}&token=", s.url.replace("localhost", "127.0.0.1")))
    );

    let (status, info) = json_of(s.get(&format!("/client/session/{id}/?token={token}")).send().await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        info,
        json!({
            "session_id": id, "link_id": "client", "bank_name": "hdfc", "bank_display_name": "HDFC Bank",
            "from_date": "01/01/2025", "to_date": "30/06/2025", "redirect_url": "https://lender.example/back",
            "expired": false, "submitted": false, "statements": 0,
        })
    );
    // Another session's token, or none, is refused.
    let (_, other) =
        json_of(s.post("/v2/session/").form(&[("api_key", s.org.key.as_str()), ("link_id", "x")]).send().await).await;
    let other_token =
        other["redirect_url"].as_str().unwrap_or_default().rsplit("token=").next().unwrap_or_default().to_string();
    for q in [format!("?token={other_token}"), String::new()] {
        let (status, body) = json_of(s.get(&format!("/client/session/{id}/{q}")).send().await).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{q}: {body}");
    }
    s.stop().await;
}
