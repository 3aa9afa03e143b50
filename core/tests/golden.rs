//! Golden files: every response of the interface, fully populated, serialized
//! and compared byte for byte with `core/tests/golden/<name>.json`, then read
//! back. `UPDATE_GOLDEN=1 cargo test -p bankscope --test golden` rewrites the
//! files; review the diff next to `shared/spec/interface.md` before committing.

#[path = "golden/analysis_fixtures.rs"]
mod analysis_fixtures;
#[path = "golden/field_lists.rs"]
mod field_lists;
#[path = "golden/fixtures.rs"]
mod fixtures;
#[path = "golden/ordered_json.rs"]
mod ordered_json;

use std::fmt::Debug;
use std::path::PathBuf;

use bankscope::model::Source;
use bankscope::resources::*;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use analysis_fixtures::{monthly_analysis, predictors};
use fixtures::*;
use ordered_json::J;

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join("golden").join(name)
}

/// Compares the pretty JSON of `value` with the golden file `name` (or rewrites
/// it under `UPDATE_GOLDEN=1`), then checks the file reads back to `value`.
fn check<T: Serialize + DeserializeOwned + PartialEq + Debug>(name: &str, value: &T) {
    let path = golden_path(name);
    let json = serde_json::to_string_pretty(value).expect("serializes") + "\n";
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        std::fs::write(&path, &json).expect("writes golden file");
    }
    let on_disk = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; run with UPDATE_GOLDEN=1 to create it", path.display()));
    if on_disk != json {
        let line = on_disk.lines().zip(json.lines()).position(|(a, b)| a != b).unwrap_or(0);
        panic!(
            "{name} differs from the golden file at line {}:\n  file: {:?}\n  now:  {:?}\n\
             rerun with UPDATE_GOLDEN=1 if the change is intended",
            line + 1,
            on_disk.lines().nth(line).unwrap_or("<end>"),
            json.lines().nth(line).unwrap_or("<end>"),
        );
    }
    let back: T = serde_json::from_str(&on_disk).unwrap_or_else(|e| panic!("{name} does not read back: {e}"));
    assert_eq!(&back, value, "{name} reads back to another value");
}

/// The golden file `name` as JSON with object keys in document order.
fn golden_value(name: &str) -> J {
    let text = std::fs::read_to_string(golden_path(name)).expect("golden file exists");
    serde_json::from_str(&text).expect("golden file is JSON")
}

fn accounts_response() -> AccountsResponse {
    AccountsResponse {
        entity_id: ENTITY.into(),
        progress: progress(),
        accounts: accounts(AccountShape::Accounts),
        fraud: fraud(),
    }
}

fn identity_response() -> IdentityResponse {
    IdentityResponse {
        entity_id: ENTITY.into(),
        progress: identity_progress(),
        accounts: accounts(AccountShape::Identity),
        fraud: fraud(),
        identity: identity(),
    }
}

fn transactions_response() -> TransactionsResponse {
    TransactionsResponse {
        entity_id: ENTITY.into(),
        progress: progress(),
        accounts: accounts(AccountShape::Transactions),
        fraud: fraud(),
        transactions: transactions(),
    }
}

fn salary_response() -> SalaryResponse {
    SalaryResponse {
        entity_id: ENTITY.into(),
        progress: progress(),
        accounts: accounts(AccountShape::Salary),
        fraud: fraud(),
        transactions: salary_transactions(),
    }
}

fn recurring_response() -> RecurringTransactionsResponse {
    RecurringTransactionsResponse {
        entity_id: ENTITY.into(),
        progress: progress(),
        accounts: accounts(AccountShape::Recurring),
        fraud: fraud(),
        transactions: recurring(),
    }
}

fn lender_response() -> LenderTransactionsResponse {
    LenderTransactionsResponse {
        entity_id: ENTITY.into(),
        progress: progress(),
        accounts: accounts(AccountShape::Lender),
        fraud: fraud(),
        transactions: lender_transactions(),
    }
}

fn monthly_response() -> MonthlyAnalysisResponse {
    MonthlyAnalysisResponse {
        entity_id: ENTITY.into(),
        progress: progress(),
        accounts: accounts(AccountShape::MonthlyAnalysis),
        monthly_analysis: monthly_analysis(),
    }
}

fn webhook_payload() -> WebhookPayload {
    // A manual upload whose link_id does not exist: link_id is null.
    WebhookPayload {
        entity_id: ENTITY.into(),
        statement_id: STMT_HDFC.into(),
        link_id: None,
        progress: WebhookProgress::Completed,
        reason: String::new(),
        date_time: None,
    }
}

fn webhook_payloads() -> WebhookPayloadsResponse {
    let base = WebhookPayload {
        entity_id: ENTITY.into(),
        statement_id: STMT_ICICI.into(),
        link_id: Some("CUST-2025-000418".into()),
        progress: WebhookProgress::Completed,
        reason: String::new(),
        date_time: None,
    };
    WebhookPayloadsResponse {
        payloads: vec![
            base.clone().with_date_time(at("2025-06-02 09:43:06")),
            WebhookPayload {
                statement_id: String::new(),
                progress: WebhookProgress::Failed,
                reason: "Wrong credentials entered in net banking".into(),
                ..base
            }
            .with_date_time(at("2025-06-02 09:36:51")),
        ],
    }
}

#[test]
fn golden_accounts() {
    check(Resource::Accounts.file_name(), &accounts_response());
}

#[test]
fn golden_identity() {
    check(Resource::Identity.file_name(), &identity_response());
}

#[test]
fn golden_transactions() {
    check(Resource::Transactions.file_name(), &transactions_response());
}

#[test]
fn golden_salary() {
    check(Resource::Salary.file_name(), &salary_response());
}

#[test]
fn golden_recurring_transactions() {
    check(Resource::RecurringTransactions.file_name(), &recurring_response());
}

#[test]
fn golden_lender_transactions() {
    check(Resource::LenderTransactions.file_name(), &lender_response());
}

#[test]
fn golden_expense_categories() {
    let value = ExpenseCategoriesResponse { entity_id: ENTITY.into(), progress: progress(), categories: categories() };
    assert_eq!(value.categories.iter().map(|c| c.percentage).sum::<i64>(), 100);
    check(Resource::ExpenseCategories.file_name(), &value);
}

#[test]
fn golden_top_credits_debits() {
    let value = TopCreditsDebitsResponse {
        entity_id: ENTITY.into(),
        progress: progress(),
        top_5_credit_debit: top_credits_debits(),
    };
    check(Resource::TopCreditsDebits.file_name(), &value);
}

#[test]
fn golden_monthly_analysis() {
    check(Resource::MonthlyAnalysis.file_name(), &monthly_response());
}

#[test]
fn golden_xlsx_report() {
    let value = XlsxReportResponse { entity_id: ENTITY.into(), progress: progress(), reports: reports() };
    check(Resource::XlsxReport.file_name(), &value);
}

#[test]
fn golden_predictors() {
    let value = PredictorsResponse { entity_id: ENTITY.into(), progress: progress(), predictors: predictors() };
    check(Resource::Predictors.file_name(), &value);
}

#[test]
fn golden_score() {
    let value = ScoreResponse { entity_id: ENTITY.into(), progress: progress(), score: scores() };
    check(Resource::Score.file_name(), &value);
}

#[test]
fn golden_session() {
    let value = SessionResponse {
        session_id: "5e8b1c2d-9f3a-4b7e-8c6d-0a1b2c3d4e5f".into(),
        redirect_url: "https://client.bankscope.example/?session_id=5e8b1c2d-9f3a-4b7e-8c6d-0a1b2c3d4e5f\
                       &token=7d3f9a1c5e2b8d4f6a0c3e5b7d9f1a2c"
            .into(),
    };
    check("session.json", &value);
}

#[test]
fn golden_session_error() {
    let value =
        SessionError::new(SessionErrorCode::InvalidDateRange, "from_date cannot be greater or equal to to_date.");
    assert_eq!(value.http_status(), 400);
    check("session_error.json", &value);
}

#[test]
fn golden_webhook_payload() {
    check("webhook_payload.json", &webhook_payload());
}

#[test]
fn golden_webhook_payloads() {
    check("webhook_payloads.json", &webhook_payloads());
}

#[test]
fn golden_auth_error() {
    check("auth_error.json", &AuthError::not_provided());
}

/// Every read endpoint has its golden file.
#[test]
fn every_resource_has_a_golden_file() {
    for r in Resource::ALL {
        assert!(golden_path(r.file_name()).is_file(), "{} has no golden file", r.file_name());
    }
}

// ---- Presence rules, checked on the golden files themselves. ----

fn keys(object: &J) -> Vec<&str> {
    object.keys()
}

/// Keys of each account object of a golden file, and of each progress object.
fn account_and_progress_keys(name: &str) -> (Vec<Vec<String>>, Vec<Vec<String>>) {
    let v = golden_value(name);
    let owned = |o: &J| o.keys().into_iter().map(String::from).collect::<Vec<_>>();
    let accounts = v["accounts"].items().iter().map(owned).collect();
    let progress = v["progress"].items().iter().map(owned).collect();
    (accounts, progress)
}

const ALWAYS: [&str; 7] = ["months", "statements", "account_id", "bank", "ifsc", "micr", "account_category"];

fn assert_account_keys(name: &str, number: bool, credit_limit: bool, last_updated: bool, transaction_status: bool) {
    let (accounts, progress) = account_and_progress_keys(name);
    assert_eq!(accounts.len(), 2, "{name}");
    for a in &accounts {
        let has = |k: &str| a.iter().any(|x| x == k);
        for k in ALWAYS {
            assert!(has(k), "{name}: account without {k}");
        }
        assert_eq!(has("account_number"), number, "{name}: account_number");
        assert_eq!(has("credit_limit"), credit_limit, "{name}: credit_limit");
        assert_eq!(has("last_updated"), last_updated, "{name}: last_updated");
        assert_eq!(a.len(), ALWAYS.len() + [number, credit_limit, last_updated].iter().filter(|b| **b).count());
    }
    for p in &progress {
        assert_eq!(p.iter().any(|k| k == "transaction_status"), transaction_status, "{name}: transaction_status");
    }
}

#[test]
fn shape_accounts_has_credit_limit_and_last_updated() {
    assert_account_keys("accounts.json", true, true, true, false);
}

#[test]
fn shape_identity_has_transaction_status_and_no_account_credit_limit() {
    assert_account_keys("identity.json", true, false, true, true);
    let v = golden_value("identity.json");
    for item in v["identity"].items() {
        assert_eq!(keys(item), ["account_id", "name", "address", "account_number", "account_category", "credit_limit"]);
    }
}

#[test]
fn shape_transactions() {
    assert_account_keys("transactions.json", true, false, true, false);
}

#[test]
fn shape_salary() {
    assert_account_keys("salary.json", true, false, true, false);
}

#[test]
fn shape_recurring_has_no_last_updated() {
    assert_account_keys("recurring_transactions.json", true, false, false, false);
}

#[test]
fn shape_lender() {
    assert_account_keys("lender_transactions.json", true, false, true, false);
}

#[test]
fn shape_monthly_analysis_has_no_last_updated_nor_account_number() {
    assert_account_keys("monthly_analysis_updated.json", false, false, false, false);
}

#[test]
fn shapes_agree_with_resource_table() {
    for &r in Resource::ALL {
        let Some(shape) = r.account_shape() else { continue };
        let text = std::fs::read_to_string(golden_path(r.file_name())).expect("golden file");
        let v: Value = serde_json::from_str(&text).expect("JSON");
        for a in v["accounts"].as_array().expect("accounts array") {
            let account: Account = serde_json::from_value(a.clone()).expect("account reads");
            assert!(account.conforms_to(shape), "{r}: {shape:?}");
        }
    }
}

#[test]
fn nulls_where_the_interface_allows_them() {
    let accounts = golden_value("accounts.json");
    assert!(accounts["accounts"][1].keys().contains(&"micr"));
    assert!(accounts["accounts"][1]["micr"].is_null());
    assert!(accounts["progress"][0]["message"].is_null());
    assert!(accounts["fraud"]["fraud_type"][0]["transaction_hash"].is_null());
    assert!(accounts["fraud"]["fraud_type"][2]["statement_id"].is_null());
    let predictors = golden_value("predictors.json");
    let p = &predictors["predictors"][0]["predictors"];
    assert_eq!(p["month_0"].str(), Some("may-25"));
    assert!(p["month_5"].is_null());
    assert!(p["credits_5"].is_null());
    assert!(p["number_of_transactions_5"].is_null());
    assert!(golden_value("webhook_payload.json")["link_id"].is_null());
}

#[test]
fn webhook_date_time_only_when_polled() {
    assert_eq!(
        keys(&golden_value("webhook_payload.json")),
        ["entity_id", "statement_id", "link_id", "progress", "reason"]
    );
    for p in golden_value("webhook_payloads.json")["payloads"].items() {
        assert_eq!(keys(p), ["entity_id", "statement_id", "link_id", "progress", "reason", "date_time"]);
    }
}

#[test]
fn string_shapes_in_the_files() {
    let t = golden_value("transactions.json");
    assert_eq!(t["transactions"][0]["date"].str(), Some("2025-04-01 00:00:00"));
    assert_eq!(t["transactions"][0]["merchant_category"].str(), Some(""));
    assert_eq!(t["accounts"][0]["months"][0].str(), Some("2025-04"));
    assert_eq!(t["accounts"][0]["last_updated"].str(), Some("2025-06-02T09:41:27.318Z"));
    let s = golden_value("salary.json");
    assert_eq!(s["transactions"][0]["month_year"].str(), Some("3-2025"));
    let r = golden_value("recurring_transactions.json");
    let debit = &r["transactions"]["debit_transactions"][0];
    assert_eq!(debit["transaction_channel"].str(), Some("AUTO_DEBIT_PAYMENT"));
    assert_eq!(debit["transactions"][0]["transaction_channel"].str(), Some("auto_debit_payment"));
    let top = golden_value("top_credits_debits.json");
    assert_eq!(keys(&top["top_5_credit_debit"]["top_5_credit"]), ["Apr-25", "May-25"]);
    let m = golden_value("monthly_analysis_updated.json");
    assert_eq!(keys(&m["monthly_analysis"]), [ACC_HDFC, ACC_ICICI]);
    assert_eq!(keys(&m["monthly_analysis"][ACC_HDFC]["monthly_analysis"]["avg_bal"]), ["Apr-2025", "May-2025"]);
    let text = std::fs::read_to_string(golden_path("monthly_analysis_updated.json")).expect("file");
    assert!(text.contains("\"Apr-2025\": 4,\n"), "counts are integers");
    assert!(text.contains("\"Apr-2025\": 85000.00,\n"), "amounts have two decimals");
}

#[test]
fn progress_constructors() {
    let p = Progress::new(STMT_HDFC, Source::Pdf, None, Some("statement queued".into()));
    let json = serde_json::to_string(&p).expect("json");
    assert_eq!(
        json,
        format!(r#"{{"status":null,"statement_id":"{STMT_HDFC}","source":"pdf","message":"statement queued"}}"#)
    );
}
