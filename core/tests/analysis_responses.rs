//! The analysis responses of a small two-account entity, checked as JSON
//! values against the interface (2.6–2.9 and section 4): keys of every object,
//! values worked out by hand, per account and for the entity.
//!
//! The entity (holder Priya Sharma, 2025):
//!
//! | Account | Date | Type | ₹ | What |
//! |---|---|---|---|---|
//! | A hdfc | 31 Jan | credit | 85,000 | Zenith Softlabs salary |
//! | A | 5 Feb | debit | 4,500 | Bajaj Finance EMI (ACH) |
//! | A | 28 Feb | credit | 85,000 | salary |
//! | A | 5 Mar | debit | 4,500 | Bajaj EMI |
//! | A | 10 Mar | debit | 1,500 | Swiggy (UPI) |
//! | A | 31 Mar | credit | 85,000 | salary |
//! | A | 5 Apr | debit | 4,500 | Bajaj EMI |
//! | B sbi | 1 Feb | debit | 15,000 | rent to Meera Iyer (UPI) |
//! | B | 1 Mar | debit | 15,000 | rent |
//! | B | 3 Mar | debit | 3,000 | ATM cash |
//! | B | 6 Mar | credit | 35,000 | KreditBee loan disbursal (IMPS) |
//! | B | 1 Apr | debit | 15,000 | rent |

use bankscope::model::{Identity, assign_hashes};
use bankscope::resources::Resource;
use bankscope::{Entity, Metadata, Money, Statement, Transaction, TxnType};
use chrono::NaiveDate;
use serde_json::{Value, json};

use TxnType::{Credit as C, Debit as D};

const HOLDER: &str = "PRIYA SHARMA";

type Row<'a> = ((u32, u32), TxnType, i64, &'a str);

fn account(bank: &str, number: &str, rows: &[Row<'_>]) -> Statement {
    let mut balance = Money::from_rupees(100_000);
    let mut transactions: Vec<Transaction> = rows
        .iter()
        .map(|&((m, d), kind, rupees, note)| {
            let date = NaiveDate::from_ymd_opt(2025, m, d).and_then(|x| x.and_hms_opt(0, 0, 0)).unwrap_or_default();
            let amount = Money::from_rupees(rupees);
            balance += kind.signed(amount);
            Transaction::new(date, note, kind, amount, balance)
        })
        .collect();
    assign_hashes(bank, number, &mut transactions);
    bankscope::enrich::enrich(&mut transactions, &Metadata::default(), HOLDER);
    let identity = Identity { name: HOLDER.into(), account_number: number.into(), ..Identity::default() };
    Statement { id: uuid::Uuid::new_v4(), bank: bank.into(), identity, transactions, ..Statement::default() }
}

/// The entity of the module docs and its two account ids (A, B).
fn entity() -> (Entity, String, String) {
    let a = account(
        "hdfc",
        "50100011112222",
        &[
            ((1, 31), C, 85_000, "NEFT CR-CITI0100000-ZENITH SOFTLABS PVT LTD-PRIYA SHARMA-CITIN1-SALARY JAN 2025"),
            ((2, 5), D, 4_500, "ACH D- BAJAJ FINANCE LTD-7000111"),
            ((2, 28), C, 85_000, "NEFT CR-CITI0100000-ZENITH SOFTLABS PVT LTD-PRIYA SHARMA-CITIN2-SALARY FEB 2025"),
            ((3, 5), D, 4_500, "ACH D- BAJAJ FINANCE LTD-7000222"),
            ((3, 10), D, 1_500, "UPI/P2M/503000000011/SWIGGY/Axis Bank/Pay"),
            ((3, 31), C, 85_000, "NEFT CR-CITI0100000-ZENITH SOFTLABS PVT LTD-PRIYA SHARMA-CITIN3-SALARY MAR 2025"),
            ((4, 5), D, 4_500, "ACH D- BAJAJ FINANCE LTD-7000333"),
        ],
    );
    let b = account(
        "sbi",
        "30012345678",
        &[
            ((2, 1), D, 15_000, "UPI/DR/502000000010/MEERA IYER/SBIN/meera.iyer@oksbi/rent"),
            ((3, 1), D, 15_000, "UPI/DR/503000000010/MEERA IYER/SBIN/meera.iyer@oksbi/rent"),
            ((3, 3), D, 3_000, "ATW-416021XXXXXX4321-S1ANMU12-MUMBAI"),
            ((3, 6), C, 35_000, "IMPS-512345678901-KREDITBEE-LOAN DISBURSAL"),
            ((4, 1), D, 15_000, "UPI/DR/504000000010/MEERA IYER/SBIN/meera.iyer@oksbi/rent"),
        ],
    );
    let mut e = Entity::new(None, Metadata::default());
    let id_a = e.add_statement(a).to_string();
    let id_b = e.add_statement(b).to_string();
    (e, id_a, id_b)
}

/// The response as a JSON value, through `Entity::response_json` (the text the
/// CLI and bindings write).
fn get(e: &Entity, resource: Resource, account_id: Option<&str>) -> Value {
    let text = e.response_json(resource, account_id).unwrap_or_else(|err| panic!("{resource}: {err}"));
    serde_json::from_str(&text).unwrap_or_else(|err| panic!("{resource}: {err}"))
}

/// The keys of a JSON object, sorted.
fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v.as_object().map(|o| o.keys().map(String::as_str).collect()).unwrap_or_default();
    k.sort_unstable();
    k
}

fn sorted(mut k: Vec<&str>) -> Vec<&str> {
    k.sort_unstable();
    k
}

fn items(v: &Value) -> &[Value] {
    v.as_array().map(Vec::as_slice).unwrap_or_default()
}

/// Keys of a 2.5 transaction object.
const TXN_KEYS: [&str; 10] = [
    "transaction_note",
    "hash",
    "description",
    "account_id",
    "transaction_type",
    "amount",
    "date",
    "merchant_category",
    "balance",
    "transaction_channel",
];

/// Account object keys (2.3): every account has these; `account_number` and
/// `last_updated` depend on the response; `credit_limit` is only in accounts.
fn account_keys(last_updated: bool) -> Vec<&'static str> {
    let mut k =
        vec!["months", "statements", "account_id", "bank", "ifsc", "micr", "account_number", "account_category"];
    if last_updated {
        k.push("last_updated");
    }
    sorted(k)
}

fn check_envelope(v: &Value, e: &Entity, top: &[&str], accounts: &[&str], last_updated: bool) {
    assert_eq!(keys(v), sorted(top.to_vec()));
    assert_eq!(v["entity_id"], e.id.to_string());
    assert_eq!(items(&v["progress"]).len(), 2, "one progress object per statement");
    for p in items(&v["progress"]) {
        assert_eq!(keys(p), sorted(vec!["status", "statement_id", "source", "message"]));
        assert_eq!(p["status"], "completed");
    }
    let got: Vec<&str> = items(&v["accounts"]).iter().filter_map(|a| a["account_id"].as_str()).collect();
    assert_eq!(got, accounts);
    for a in items(&v["accounts"]) {
        assert_eq!(keys(a), account_keys(last_updated));
    }
}

#[test]
fn salary_endpoint() {
    let (e, a, b) = entity();
    let v = get(&e, Resource::Salary, None);
    check_envelope(&v, &e, &["entity_id", "progress", "accounts", "fraud", "transactions"], &[&a, &b], true);
    // By hand: the three Zenith credits of account A say SALARY and are paid
    // after the 5th (31 Jan, 28 Feb, 31 Mar) → for 1-, 2- and 3-2025. Account B
    // has no salary (the KreditBee credit is a loan disbursal).
    let t = items(&v["transactions"]);
    let months: Vec<&str> = t.iter().filter_map(|x| x["month_year"].as_str()).collect();
    assert_eq!(months, ["1-2025", "2-2025", "3-2025"]);
    let mut salary_keys = TXN_KEYS.to_vec();
    salary_keys.extend(["clean_transaction_note", "month_year"]);
    for x in t {
        assert_eq!(keys(x), sorted(salary_keys.clone()));
        assert_eq!(x["account_id"], a.as_str());
        assert_eq!(x["transaction_type"], "credit");
        assert_eq!(x["transaction_channel"], "salary");
        assert_eq!(x["amount"].as_f64(), Some(85_000.0));
        assert_eq!(x["clean_transaction_note"], "Zenith Softlabs Pvt Ltd");
    }
    assert_eq!(t[0]["date"], "2025-01-31 00:00:00");
    // Balance after the first row of A: 100,000 + 85,000.
    assert_eq!(t[0]["balance"].as_f64(), Some(185_000.0));

    let only_b = get(&e, Resource::Salary, Some(&b));
    check_envelope(&only_b, &e, &["entity_id", "progress", "accounts", "fraud", "transactions"], &[&b], true);
    assert_eq!(only_b["transactions"], json!([]));
    assert!(e.response_json(Resource::Salary, Some("not-an-account")).is_err());
}

#[test]
fn recurring_transactions_endpoint() {
    let (e, a, b) = entity();
    let v = get(&e, Resource::RecurringTransactions, None);
    // Recurring accounts carry no last_updated (2.3).
    check_envelope(&v, &e, &["entity_id", "progress", "accounts", "fraud", "transactions"], &[&a, &b], false);
    assert_eq!(keys(&v["transactions"]), ["credit_transactions", "debit_transactions"]);
    // By hand: credits: A's salary 31 Jan / 28 Feb / 31 Mar (gaps 28, 31 days:
    // monthly), median 85,000. Debits, accounts in order: A's Bajaj EMI on the
    // 5th of Feb, Mar, Apr (monthly, median 4,500), then B's rent to Meera Iyer
    // on the 1st of Feb, Mar, Apr (monthly, median 15,000). Swiggy, the cash
    // withdrawal and the disbursal happen once.
    let credit = items(&v["transactions"]["credit_transactions"]);
    let debit = items(&v["transactions"]["debit_transactions"]);
    let summary = |s: &Value| {
        (
            s["account_id"].as_str().unwrap_or_default().to_string(),
            s["clean_transaction_note"].as_str().unwrap_or_default().to_string(),
            s["transaction_channel"].as_str().unwrap_or_default().to_string(),
            s["start_date"].as_str().unwrap_or_default().to_string(),
            s["end_date"].as_str().unwrap_or_default().to_string(),
            s["median"].as_f64().unwrap_or_default(),
            items(&s["transactions"]).len(),
        )
    };
    let row = |acc: &str, note: &str, ch: &str, start: &str, end: &str, median: f64| {
        (acc.to_string(), note.to_string(), ch.to_string(), start.to_string(), end.to_string(), median, 3)
    };
    assert_eq!(
        credit.iter().map(summary).collect::<Vec<_>>(),
        [row(&a, "Zenith Softlabs Pvt Ltd", "SALARY", "2025-01-31 00:00:00", "2025-03-31 00:00:00", 85_000.0)]
    );
    assert_eq!(
        debit.iter().map(summary).collect::<Vec<_>>(),
        [
            row(&a, "Bajaj Finance", "AUTO_DEBIT_PAYMENT", "2025-02-05 00:00:00", "2025-04-05 00:00:00", 4_500.0),
            row(&b, "Meera Iyer", "UPI", "2025-02-01 00:00:00", "2025-04-01 00:00:00", 15_000.0),
        ]
    );
    let set_keys = sorted(vec![
        "account_id",
        "start_date",
        "end_date",
        "transaction_channel",
        "median",
        "clean_transaction_note",
        "transactions",
    ]);
    let member_keys = sorted(vec![
        "transaction_channel",
        "transaction_note",
        "clean_transaction_note",
        "hash",
        "account_id",
        "transaction_type",
        "amount",
        "date",
        "balance",
        "description",
    ]);
    for s in credit.iter().chain(debit) {
        assert_eq!(keys(s), set_keys);
        for m in items(&s["transactions"]) {
            assert_eq!(keys(m), member_keys);
            assert_eq!(m["account_id"], s["account_id"]);
        }
    }
    // Members keep the lower-case channel; only the set's is upper case.
    assert_eq!(debit[0]["transactions"][0]["transaction_channel"], "auto_debit_payment");
    assert_eq!(
        debit[1]["transactions"][2]["transaction_note"],
        "UPI/DR/504000000010/MEERA IYER/SBIN/meera.iyer@oksbi/rent"
    );

    let only_a = get(&e, Resource::RecurringTransactions, Some(&a));
    check_envelope(&only_a, &e, &["entity_id", "progress", "accounts", "fraud", "transactions"], &[&a], false);
    assert_eq!(items(&only_a["transactions"]["debit_transactions"]).len(), 1);
    assert_eq!(items(&only_a["transactions"]["credit_transactions"]).len(), 1);
}

#[test]
fn lender_transactions_endpoint() {
    let (e, a, b) = entity();
    let v = get(&e, Resource::LenderTransactions, None);
    check_envelope(&v, &e, &["entity_id", "progress", "accounts", "fraud", "transactions"], &[&a, &b], true);
    // By hand: A's three Bajaj Finance EMIs, then B's KreditBee disbursal.
    let t = items(&v["transactions"]);
    let got: Vec<(&str, &str, Option<f64>)> = t
        .iter()
        .map(|x| {
            (x["account_id"].as_str().unwrap_or_default(), x["transaction_type"].as_str().unwrap_or_default(), {
                x["amount"].as_f64()
            })
        })
        .collect();
    assert_eq!(
        got,
        [
            (a.as_str(), "debit", Some(4_500.0)),
            (a.as_str(), "debit", Some(4_500.0)),
            (a.as_str(), "debit", Some(4_500.0)),
            (b.as_str(), "credit", Some(35_000.0)),
        ]
    );
    for x in t {
        assert_eq!(keys(x), sorted(TXN_KEYS.to_vec()));
        assert_eq!(x["description"], "lender_transaction");
        assert_eq!(x["merchant_category"], "loans");
    }
    assert_eq!(t[3]["date"], "2025-03-06 00:00:00");

    let only_b = get(&e, Resource::LenderTransactions, Some(&b));
    check_envelope(&only_b, &e, &["entity_id", "progress", "accounts", "fraud", "transactions"], &[&b], true);
    assert_eq!(items(&only_b["transactions"]).len(), 1);
    assert_eq!(only_b["transactions"][0]["transaction_note"], "IMPS-512345678901-KREDITBEE-LOAN DISBURSAL");
}

#[test]
fn expense_categories_endpoint() {
    let (e, a, b) = entity();
    let shares = |v: &Value| -> Vec<(String, i64)> {
        items(&v["categories"])
            .iter()
            .map(|c| {
                assert_eq!(keys(c), ["category", "percentage"]);
                (c["category"].as_str().unwrap_or_default().to_string(), c["percentage"].as_i64().unwrap_or(-1))
            })
            .collect()
    };
    let s = |x: &str| x.to_string();
    // By hand, the entity's debits: rent 45,000 (upi: a person, no merchant),
    // Bajaj 13,500 (loans), cash 3,000 (cash_withdrawl), Swiggy 1,500 (food);
    // total 63,000. Exact shares 71.43, 21.43, 4.76, 2.38; floors 71 + 21 + 4
    // + 2 = 98. The two missing points go to the largest remainders: cash (.76),
    // then upi and loans tie at exactly 27,000/63,000 (.43) and the larger
    // amount (upi) wins → upi 72, loans 21, cash_withdrawl 5, food 2 = 100.
    let v = get(&e, Resource::ExpenseCategories, None);
    assert_eq!(keys(&v), ["categories", "entity_id", "progress"]);
    assert_eq!(v["entity_id"], e.id.to_string());
    assert_eq!(items(&v["progress"]).len(), 2);
    assert_eq!(shares(&v), [(s("upi"), 72), (s("loans"), 21), (s("cash_withdrawl"), 5), (s("food"), 2)]);
    // Account A: Bajaj 13,500 and Swiggy 1,500 of 15,000 → 90 / 10.
    assert_eq!(shares(&get(&e, Resource::ExpenseCategories, Some(&a))), [(s("loans"), 90), (s("food"), 10)]);
    // Account B: rent 45,000 and cash 3,000 of 48,000 → 93.75 / 6.25; floors
    // 93 + 6 = 99; the point goes to upi (.75) → 94 / 6.
    assert_eq!(shares(&get(&e, Resource::ExpenseCategories, Some(&b))), [(s("upi"), 94), (s("cash_withdrawl"), 6)]);
}

#[test]
fn top_credits_debits_endpoint() {
    let (e, a, _) = entity();
    let v = get(&e, Resource::TopCreditsDebits, None);
    assert_eq!(keys(&v), ["entity_id", "progress", "top_5_credit_debit"]);
    assert_eq!(keys(&v["top_5_credit_debit"]), ["top_5_credit", "top_5_debit"]);
    // By hand, over both accounts. Credits: Jan-25 salary; Feb-25 salary;
    // Mar-25 salary 85,000 then the KreditBee disbursal 35,000. Debits: Feb-25
    // rent 15,000 then EMI 4,500; Mar-25 rent 15,000, EMI 4,500, cash 3,000,
    // Swiggy 1,500; Apr-25 rent (1 Apr) 15,000 then EMI (5 Apr) 4,500.
    let expected = json!({
        "top_5_credit": {
            "Jan-25": {"NEFT CR-CITI0100000-ZENITH SOFTLABS PVT LTD-PRIYA SHARMA-CITIN1-SALARY JAN 2025": 85000.0},
            "Feb-25": {"NEFT CR-CITI0100000-ZENITH SOFTLABS PVT LTD-PRIYA SHARMA-CITIN2-SALARY FEB 2025": 85000.0},
            "Mar-25": {
                "NEFT CR-CITI0100000-ZENITH SOFTLABS PVT LTD-PRIYA SHARMA-CITIN3-SALARY MAR 2025": 85000.0,
                "IMPS-512345678901-KREDITBEE-LOAN DISBURSAL": 35000.0
            }
        },
        "top_5_debit": {
            "Feb-25": {
                "UPI/DR/502000000010/MEERA IYER/SBIN/meera.iyer@oksbi/rent": 15000.0,
                "ACH D- BAJAJ FINANCE LTD-7000111": 4500.0
            },
            "Mar-25": {
                "UPI/DR/503000000010/MEERA IYER/SBIN/meera.iyer@oksbi/rent": 15000.0,
                "ACH D- BAJAJ FINANCE LTD-7000222": 4500.0,
                "ATW-416021XXXXXX4321-S1ANMU12-MUMBAI": 3000.0,
                "UPI/P2M/503000000011/SWIGGY/Axis Bank/Pay": 1500.0
            },
            "Apr-25": {
                "UPI/DR/504000000010/MEERA IYER/SBIN/meera.iyer@oksbi/rent": 15000.0,
                "ACH D- BAJAJ FINANCE LTD-7000333": 4500.0
            }
        }
    });
    assert_eq!(v["top_5_credit_debit"], expected);
    // serde_json::Value sorts keys, so the order is checked on the text: months
    // chronological, notes largest first.
    let text = e.response_json(Resource::TopCreditsDebits, None).unwrap_or_default();
    let at = |needle: &str| text.find(needle).unwrap_or(usize::MAX);
    assert!(at("\"Jan-25\"") < at("\"Feb-25\"") && at("\"Feb-25\"") < at("\"Mar-25\""), "{text}");
    assert!(at("CITIN3-SALARY MAR 2025") < at("KREDITBEE"), "{text}");
    assert!(text.contains(":85000.00"), "amounts keep two decimals: {text}");
    // The endpoint takes no account_id.
    assert!(e.response_json(Resource::TopCreditsDebits, Some(&a)).is_err());
}
