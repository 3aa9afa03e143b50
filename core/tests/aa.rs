//! Account Aggregator input against the shared samples, values checked by hand
//! from the sample files.

use std::path::PathBuf;

use bankscope::model::{AccountType, Source};
use bankscope::{Error, Money, TxnType};

fn sample(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/samples/aa").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()))
}

fn check_sahamati_style_account(s: &bankscope::Statement) {
    assert_eq!(s.source, Source::Online);
    assert_eq!(s.bank, "hdfc");
    assert_eq!(s.identity.name, "RAHUL KUMAR SHARMA");
    assert_eq!(s.identity.address, "12 MG ROAD, INDIRANAGAR, BENGALURU, KARNATAKA, 560038");
    assert_eq!(s.identity.account_number, "XXXXXXXX4521");
    assert_eq!(s.identity.ifsc.as_deref(), Some("HDFC0001234"));
    assert_eq!(s.identity.micr.as_deref(), Some("560240012"));
    assert_eq!(s.identity.account_type, Some(AccountType::Savings));
    assert_eq!(s.identity.credit_limit, Money::ZERO);
    assert_eq!(s.identity.period_from.map(|d| d.to_string()).as_deref(), Some("2025-01-01"));
    assert_eq!(s.identity.period_to.map(|d| d.to_string()).as_deref(), Some("2025-03-31"));
    assert_eq!(s.transactions.len(), 19);
    // First row: salary credit of 65,000.00 leaving 71,230.55, so the
    // opening balance is 6,230.55.
    let first = &s.transactions[0];
    assert_eq!(first.kind, TxnType::Credit);
    assert_eq!(first.amount, Money::from_paise(6_500_000));
    assert_eq!(first.balance, Money::from_paise(7_123_055));
    assert_eq!(first.date.to_string(), "2025-01-01 10:12:44");
    assert_eq!(first.note, "NEFT CR-ICIC0000104-ACME TECHNOLOGIES PVT LTD-SALARY JAN 2025");
    assert_eq!(first.ref_no.as_deref(), Some("ICICN52025010112345"));
    assert_eq!(s.identity.opening_balance, Some(Money::from_paise(623_055)));
    // Last row: interest 297.30 credited, closing at the summary's 48,211.40.
    let last = &s.transactions[18];
    assert_eq!(last.note, "CREDIT INTEREST CAPITALISED");
    assert_eq!(last.amount, Money::from_paise(29_730));
    assert_eq!(s.identity.closing_balance, Some(Money::from_paise(4_821_140)));
    assert!(s.balance_breaks.is_empty(), "the sample reconciles: {:?}", s.balance_breaks);
    let hashes: std::collections::HashSet<_> = s.transactions.iter().map(|t| t.hash.as_str()).collect();
    assert_eq!(hashes.len(), 19);
}

#[test]
fn json_lowercase_form() {
    let statements = bankscope::aa::read(&sample("deposit_fi_sample.json"), None).expect("reads");
    assert_eq!(statements.len(), 1);
    check_sahamati_style_account(&statements[0]);
}

#[test]
fn xml_form_matches_json_form() {
    let xml = bankscope::aa::read(&sample("deposit_fi_sample.xml"), None).expect("reads");
    let json = bankscope::aa::read(&sample("deposit_fi_sample.json"), None).expect("reads");
    check_sahamati_style_account(&xml[0]);
    let strip = |s: &bankscope::Statement| s.transactions.clone();
    assert_eq!(strip(&xml[0]), strip(&json[0]));
}

#[test]
fn capitalised_json_form() {
    // The xml2json rendering: capitalised element names, attributes as
    // `@`-prefixed keys, one Holder as an object rather than an array.
    let json: serde_json::Value = serde_json::from_slice(&sample("deposit_fi_sample.json")).expect("json");
    fn capitalise(v: &serde_json::Value, attr: bool) -> serde_json::Value {
        match v {
            serde_json::Value::Object(m) => serde_json::Value::Object(
                m.iter()
                    .map(|(k, v)| {
                        let is_node = v.is_object() || v.is_array();
                        let key = if is_node {
                            let mut c = k.chars();
                            c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
                        } else if attr {
                            format!("@{k}")
                        } else {
                            k.clone()
                        };
                        (key, capitalise(v, true))
                    })
                    .collect(),
            ),
            serde_json::Value::Array(a) => serde_json::Value::Array(a.iter().map(|x| capitalise(x, true)).collect()),
            other => other.clone(),
        }
    }
    let cap = capitalise(&json, false);
    let text = serde_json::to_string(&cap).expect("serialise");
    assert!(text.contains("\"Account\"") && text.contains("\"@maskedAccNumber\""));
    let statements = bankscope::aa::read(text.as_bytes(), None).expect("reads");
    check_sahamati_style_account(&statements[0]);
}

#[test]
fn fetch_envelope_with_xml_inside() {
    let xml = String::from_utf8(sample("deposit_fi_sample.xml")).expect("utf8");
    let envelope = serde_json::json!({
        "ver": "2.0.0",
        "FI": [{ "fipID": "HDFC-FIP", "data": [{ "linkRefNumber": "x", "maskedAccNumber": "XXXXXXXX4521", "decryptedFI": xml }] }]
    });
    let statements = bankscope::aa::read(envelope.to_string().as_bytes(), None).expect("reads");
    check_sahamati_style_account(&statements[0]);
}

#[test]
fn declared_bank_must_agree() {
    let data = sample("deposit_fi_sample.json");
    assert!(bankscope::aa::read(&data, Some("hdfc")).is_ok());
    match bankscope::aa::read(&data, Some("sbi")) {
        Err(Error::BankNameMismatch { declared, detected }) => {
            assert_eq!((declared.as_str(), detected.as_str()), ("sbi", "hdfc"));
        }
        other => panic!("expected a mismatch, got {other:?}"),
    }
}

#[test]
fn sahamati_schema_sample_without_balances_is_refused_clearly() {
    // The schema's own sample has empty IFSC, empty balances and no FIP id.
    match bankscope::aa::read(&sample("Deposit_sample_sahamati.xml"), Some("hdfc")) {
        Err(Error::UnsupportedFormat { reason }) => assert!(reason.contains("currentBalance"), "{reason}"),
        other => panic!("expected UnsupportedFormat, got {other:?}"),
    }
    assert!(matches!(bankscope::aa::read(&sample("Deposit_sample_sahamati.xml"), None), Err(Error::BankUndetected)));
}
