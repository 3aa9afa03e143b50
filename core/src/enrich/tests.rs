//! Every rule of the tables decides its own example; plus the code paths that
//! depend on the caller's metadata.

use super::rules::{AmountCond, Dir, Table, rule_set};
use super::*;

/// The transaction type and amount a rule's example is classified with.
fn example_context(dir: Dir, amount: AmountCond) -> (TxnType, Money) {
    let kind = if dir == Dir::Credit { TxnType::Credit } else { TxnType::Debit };
    let paise = match amount {
        AmountCond::Any => 100_000,
        AmountCond::AtLeast(p) => p + 1_000_000,
        AmountCond::Below(p) => (p - 100).max(1),
    };
    (kind, Money::from_paise(paise))
}

/// A narration that a merchant or lender row must match: its first term of
/// every positive group, with `*` marks dropped.
fn synth_example(when: &str) -> String {
    let mut parts = vec!["POS 4160XXXX1234".to_string()];
    for g in when.split('+') {
        let g = g.trim();
        if g.starts_with('!') {
            continue;
        }
        let first = g.split(',').next().unwrap_or("").trim().trim_matches('*');
        parts.push(first.to_string());
    }
    parts.join(" ")
}

#[test]
fn every_rule_decides_its_example() {
    let set = rule_set();
    let mut failures = Vec::new();
    for (i, r) in set.rules.iter().enumerate() {
        let example = match r.table {
            Table::Rules => match &r.example {
                Some(e) => e.clone(),
                None => {
                    failures.push(format!("rules.txt:{} has no example", r.line));
                    continue;
                }
            },
            Table::Merchants | Table::Lenders => synth_example(&r.when),
        };
        let (kind, amount) = example_context(r.dir, r.amount);
        let norm = matcher::normalize(&example);
        let v = set.evaluate(norm.as_bytes(), kind, amount);
        let file = match r.table {
            Table::Rules => "rules.txt",
            Table::Merchants => "merchants.txt",
            Table::Lenders => "lenders.txt",
        };
        // A field passes when this rule decided it, or a higher rule decided
        // the same value (a merchant row under a keyword rule that agrees).
        let mut check = |field: &str, sets: bool, decided_by: Option<usize>, same: bool| {
            if sets && decided_by != Some(i) && !same {
                let by = decided_by.map(|j| format!("line {} of {:?}", set.rules[j].line, set.rules[j].table));
                failures.push(format!("{file}:{} {field} of {example:?} decided by {by:?}", r.line));
            }
        };
        check("channel", r.channel(kind).is_some(), v.channel.map(|c| c.1), v.channel.map(|c| c.0) == r.channel(kind));
        check(
            "description",
            r.description.is_some(),
            v.description.map(|c| c.1),
            v.description.map(|c| c.0) == r.description.as_deref(),
        );
        check("category", r.category.is_some(), v.category.map(|c| c.1), v.category.map(|c| c.0) == r.category);
        check("name", r.name.is_some(), v.name.map(|c| c.1), v.name.map(|c| c.0) == r.name.as_deref());
    }
    assert!(failures.is_empty(), "{} rules do not decide their example:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn salary_exclusions_block_the_salary_rule() {
    let c = Classifier::default();
    for ex in SALARY_EXCLUSIONS {
        let word = ex.trim_end_matches('*');
        let note = format!("NEFT CR-ACME TECHNOLOGIES PVT LTD-SALARY {word} APR25");
        let got = c.classify(&note, TxnType::Credit, Money::from_rupees(40_000));
        assert_ne!(got.channel, Channel::Salary, "{note}");
        assert!(is_salary_exclusion(&note), "{note}");
    }
    let plain =
        c.classify("NEFT CR-ACME TECHNOLOGIES PVT LTD-SALARY APR25", TxnType::Credit, Money::from_rupees(40_000));
    assert_eq!(plain.channel, Channel::Salary);
    // Below ₹3,000 the keyword is not trusted.
    let small =
        c.classify("NEFT CR-ACME TECHNOLOGIES PVT LTD-SALARY APR25", TxnType::Credit, Money::from_rupees(2_999));
    assert_eq!(small.channel, Channel::NetBankingTransfer);
}

#[test]
fn employer_names_make_salary() {
    let md = Metadata { employer_names: vec!["Zenith Softlabs".into()], ..Default::default() };
    let c = Classifier::new(&md, "Anil Kumar Verma");
    let got = c.classify(
        "NEFT CR-CITI0000002-ZENITH SOFTLABS PVT LTD-APR25 PAYOUT",
        TxnType::Credit,
        Money::from_rupees(65_000),
    );
    assert_eq!(got.channel, Channel::Salary);
    assert_eq!(got.clean_note, "Zenith Softlabs");
    assert_eq!(got.description, "");
    let adv = c.classify("NEFT CR-ZENITH SOFTLABS PVT LTD-SALARY ADVANCE", TxnType::Credit, Money::from_rupees(20_000));
    assert_ne!(adv.channel, Channel::Salary);
    let small = c.classify("NEFT CR-ZENITH SOFTLABS PVT LTD-CLAIM", TxnType::Credit, Money::from_rupees(2_000));
    assert_ne!(small.channel, Channel::Salary);
}

#[test]
fn self_transfers_by_name_and_company() {
    let md = Metadata {
        names: vec!["A K Verma".into()],
        companies_for_self_transfer: vec!["Verma Trading Co".into()],
        ..Default::default()
    };
    let c = Classifier::new(&md, "ANIL KUMAR VERMA");
    let own = c.classify(
        "UPI/DR/412345678901/ANIL KUMAR VERMA/SBIN/anilv@oksbi/Self",
        TxnType::Debit,
        Money::from_rupees(5_000),
    );
    assert_eq!((own.channel, own.description.as_str()), (Channel::SelfTransfer, "self_transfer"));
    let trunc =
        c.classify("NEFT DR-SBIN0001234-ANIL VE-NETBANK, MUM-N123456", TxnType::Debit, Money::from_rupees(5_000));
    assert_eq!(trunc.channel, Channel::SelfTransfer);
    let co = c.classify(
        "NEFT CR-ICIC0000104-VERMA TRADING CO-ANIL KUMAR VERMA-ICICN2025",
        TxnType::Credit,
        Money::from_rupees(90_000),
    );
    assert_eq!(co.channel, Channel::SelfTransfer);
    let other =
        c.classify("UPI/DR/412345678901/SUNIL VERMA/SBIN/sunil@oksbi/Rent", TxnType::Debit, Money::from_rupees(5_000));
    assert_eq!(other.channel, Channel::Upi);
    assert_eq!(other.description, "Transfer to Sunil Verma");
}

#[test]
fn clean_notes_and_transfer_descriptions() {
    let c = Classifier::new(&Metadata::default(), "Anil Kumar Verma");
    let cases: &[(&str, TxnType, &str, &str)] = &[
        ("UPI/P2M/412345678901/SWIGGY/swiggy.stores@axb/Pay", TxnType::Debit, "Swiggy", ""),
        (
            "UPI-RAHUL SHARMA-RAHUL.SHARMA@OKHDFCBANK-HDFC0000123-412345678901-DINNER",
            TxnType::Debit,
            "Rahul Sharma",
            "Transfer to Rahul Sharma",
        ),
        (
            "IMPS-412345678901-PRIYA SINGH-SBIN-XXXXXXX1234-GIFT",
            TxnType::Credit,
            "Priya Singh",
            "Transfer from Priya Singh",
        ),
        ("NACH DR-BAJAJ FINANCE LTD-UMRN HDFC7000123456", TxnType::Debit, "Bajaj Finance", "lender_transaction"),
        ("UPI/P2M/412345678901/SHREE BALAJI GENERAL STORE/Pay", TxnType::Debit, "Grocery Store", ""),
        (
            "NEFT CR-HDFC0000001-ACME TECHNOLOGIES PVT LTD-ANIL VERMA-HDFCN52025",
            TxnType::Credit,
            "Acme Technologies Pvt Ltd",
            "",
        ),
        ("ATW-416021XXXXXX1234-S1ANMU12-MUMBAI", TxnType::Debit, "Cash Withdrawal", ""),
    ];
    for (note, kind, clean, desc) in cases {
        let got = c.classify(note, *kind, Money::from_rupees(1_500));
        assert_eq!((got.clean_note.as_str(), got.description.as_str()), (*clean, *desc), "{note}");
    }
}

#[test]
fn enrich_fills_in_place() {
    let d = chrono::NaiveDate::from_ymd_opt(2025, 4, 3).and_then(|d| d.and_hms_opt(0, 0, 0)).unwrap_or_default();
    let mut t = vec![Transaction::new(
        d,
        "POS 416021XXXXXX1234 ZOMATO LTD",
        TxnType::Debit,
        Money::from_rupees(450),
        Money::ZERO,
    )];
    enrich(&mut t, &Metadata::default(), "");
    assert_eq!(
        (t[0].channel, t[0].merchant_category, t[0].clean_note.as_str()),
        (Channel::DebitCard, MerchantCategory::Food, "Zomato")
    );
    assert!(is_lender_narration("ACH D- KREDITBEE-000123"));
    assert!(!is_lender_narration("ACH D- NETFLIX"));
}

/// A bank collecting by mandate is collecting an EMI; a bank paying by ACH
/// (a dividend on its shares) or named in a transfer is not a lender.
#[test]
fn banks_are_lenders_only_on_loan_words_or_mandate_debits() {
    let c = Classifier::new(&Metadata::default(), "FATIMA BANERJEE");
    let cases: &[(&str, TxnType, &str, &str)] = &[
        ("ACH D- IDFC FIRST BANK LTD-P400P5500517368", TxnType::Debit, "lender_transaction", "IDFC First Bank"),
        ("NACH DR-HDFC BANK LTD-UMRN HDFC7000123456", TxnType::Debit, "lender_transaction", "HDFC Bank"),
        ("ACH D- ICICI BANK LTD-ICIC7021102230012345", TxnType::Debit, "lender_transaction", "ICICI Bank"),
        ("ACH C- HDFC BANK LTD-DIVIDEND 2024-25", TxnType::Credit, "", ""),
        ("NEFT CR-HDFC0000001-ACME LTD-FATIMA BANERJEE-SALARY", TxnType::Credit, "", ""),
        (
            "ACH DEBIT RETURN CHARGES 050524 050524- P400P5500517368-IDFC FIRST BANK LTD",
            TxnType::Debit,
            "ach_bounce_charge",
            "",
        ),
    ];
    for (note, kind, desc, clean) in cases {
        let got = c.classify(note, *kind, Money::from_rupees(3_300));
        assert_eq!(got.description.as_str(), *desc, "{note}");
        if !clean.is_empty() {
            assert_eq!(got.clean_note.as_str(), *clean, "{note}");
        }
    }
}

#[test]
fn odd_input_never_panics() {
    let c = Classifier::new(&Metadata { names: vec![String::new(), "é".into()], ..Default::default() }, "  ");
    let long = "UPI/".repeat(5_000);
    let mut inputs: Vec<String> = vec![
        String::new(),
        " ".into(),
        "////----****".into(),
        "₹₹₹ ऋण EMI 😀 BAJAJ".into(),
        "@@@".into(),
        "a@b".into(),
        "M/S".into(),
        "A/".into(),
        long,
        "\u{0}\u{7f}\u{ff}".into(),
    ];
    // A fixed pseudo-random sequence of bytes, cut to valid UTF-8.
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    for _ in 0..2_000 {
        let mut bytes = Vec::new();
        for _ in 0..(x % 90) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            bytes.push(b"UPI/NEFT-IMPS ATM POS SAL 0123456789@.*:ACHRETURNCHQ M/S A/C"[(x % 59) as usize]);
        }
        inputs.push(String::from_utf8_lossy(&bytes).into_owned());
    }
    for s in &inputs {
        for kind in [TxnType::Debit, TxnType::Credit] {
            let got = c.classify(s, kind, Money::from_rupees(5_000));
            assert!(got.clean_note.len() <= s.len() + 32, "{s:?}");
        }
    }
}

#[test]
fn cred_as_a_upi_app_and_gateway_settlements() {
    let c = Classifier::default();
    // A merchant paid over UPI from the CRED app: a UPI payment, not a card bill.
    let swiggy =
        c.classify("UPI/P2M/412345678901/SWIGGY LIMITED/Paid via CRED", TxnType::Debit, Money::from_rupees(450));
    assert_eq!(swiggy.channel, Channel::Upi);
    assert_eq!(swiggy.description, "");
    // CRED's own bill payment stays a credit-card bill.
    let bill = c.classify("UPI/P2M/412345678901/CRED Club/cred.club@axisb", TxnType::Debit, Money::from_rupees(12_000));
    assert_eq!((bill.channel, bill.description.as_str()), (Channel::BillPayment, "credit_card_bill"));
    // A gateway's credit to a merchant is a settlement, not a purchase.
    let settle = c.classify(
        "NEFT CR-ICIC0000104-CASHFREE PAYMENTS INDIA PVT LTD-SETTLEMENT 240412",
        TxnType::Credit,
        Money::from_rupees(84_500),
    );
    assert_ne!(settle.channel, Channel::PaymentGatewayPurchase);
    let buy = c.classify("PAYU*PAYMENTS INDIA 3412", TxnType::Debit, Money::from_rupees(999));
    assert_eq!(buy.channel, Channel::PaymentGatewayPurchase);
}

#[test]
fn a_loan_word_between_people_over_upi_is_not_a_lender() {
    let c = Classifier::default();
    let friend = c.classify(
        "UPI/DR/412345678901/RAHUL SHARMA/SBIN/rahul@oksbi/loan return",
        TxnType::Debit,
        Money::from_rupees(5_000),
    );
    assert_ne!(friend.description, "lender_transaction");
    let nach = c.classify("NACH DR LOAN REPAYMENT 000123456", TxnType::Debit, Money::from_rupees(8_999));
    assert_eq!(nach.description, "lender_transaction");
}

#[test]
fn classes_of_the_fifth_cold_batch() {
    let c = Classifier::default();
    // A KCC is a crop loan account at the bank: a transfer to it repays the loan.
    let kcc = c.classify("TRF TO KCC A/C KCC182085043", TxnType::Debit, Money::from_rupees(80_000));
    assert_eq!(kcc.description, "lender_transaction");
    // Penal charges paid over UPI to a named lender are the lender's, not a rail charge.
    let penal =
        c.classify("UPI/314159096462/PENAL CHARGES/kreditbee.repay@icic/Icic", TxnType::Debit, Money::from_rupees(354));
    assert_eq!(penal.description, "lender_transaction");
    assert_ne!(penal.channel, Channel::BankCharge);
    // A mandate debit reversed back is a bounce, not a plain reversal.
    let rev = c.classify("REV ACH/KRAZYBEE SERVICES PVT", TxnType::Credit, Money::from_rupees(4_120));
    assert_eq!(rev.channel, Channel::AutoDebitPaymentBounce);
    // A clinic paying a doctor's consultation fee over UPI is no refund.
    let fee =
        c.classify("UPI/581191238302/CONSULT FEE/clinic8223@okaxis/Okax", TxnType::Credit, Money::from_rupees(12_000));
    assert_ne!(fee.channel, Channel::Refund);
    let fee = c.classify(
        "BY TRANSFER-UPI/CR/732660965979/LIFELINE POLYCLINIC/OKAX/clinic6875@okaxis/CONSULT FEE--",
        TxnType::Credit,
        Money::from_rupees(12_000),
    );
    assert_eq!(fee.channel, Channel::Upi);
}

#[test]
fn classes_of_the_second_mined_set() {
    let c = Classifier::default();
    let md = Metadata::default();
    let anil = Classifier::new(&md, "Anil Kumar Verma");
    // A bank named beside ECS on a credit sponsors a company's dividend; it collects only by debit.
    let div = c.classify("ECS/ITC LIMITED/532286/AXIS BANK  UTB", TxnType::Credit, Money::from_rupees(475));
    assert_eq!(div.channel, Channel::InvestmentCashin);
    assert_ne!(div.description, "lender_transaction");
    let emi = c.classify("ECS/AXIS BANK LTD/UMRN0001234", TxnType::Debit, Money::from_rupees(9_800));
    assert_eq!(emi.description, "lender_transaction");
    // A payroll agent's credit is salary.
    let adp =
        c.classify("NEFT/CITIN16682950535/ADP INDIA PRIVATE LIMITED/ME", TxnType::Credit, Money::from_rupees(37_320));
    assert_eq!(adp.channel, Channel::Salary);
    // SBI net banking to a merchant is a gateway purchase; to a person a transfer.
    let amazon = c.classify("TO TRANSFER-INB AMAZON--", TxnType::Debit, Money::from_rupees(1_218));
    assert_eq!(amazon.channel, Channel::PaymentGatewayPurchase);
    let person = c.classify("TO TRANSFER-INB RAJESH GUPTA", TxnType::Debit, Money::from_rupees(1_218));
    assert_eq!(person.channel, Channel::NetBankingTransfer);
    // A shop's QR is not the holder, whatever short name is printed beside it.
    let qr = anil.classify(
        "TO TRANSFER- UPI/DR/217636524896/Anil Ku/PYTM/paytmqr281/G-",
        TxnType::Debit,
        Money::from_rupees(10),
    );
    assert_eq!(qr.channel, Channel::Upi);
    let own = anil.classify(
        "TO TRANSFER- UPI/DR/217636524896/Anil Ku/SBIN/9880749490/G-",
        TxnType::Debit,
        Money::from_rupees(10),
    );
    assert_eq!(own.channel, Channel::SelfTransfer);
    // RET in a payer's remark on a debit is no reversal; a card bill to self is a card bill.
    let ret = c.classify("UPI/RAJANI  KUMAR/SBIN/622242950846/Borrowed ret", TxnType::Debit, Money::from_rupees(5_000));
    assert_eq!(ret.channel, Channel::Upi);
    let cc = c.classify("BIL/INFT/001184930729/CC BillPay-3006/Self", TxnType::Debit, Money::from_rupees(30_060));
    assert_eq!((cc.channel, cc.description.as_str()), (Channel::BillPayment, "credit_card_bill"));
    // COMM inside a merchant's name on a card line is no commission.
    let card = c.classify("ECOM PUR/One97Comm_Pay/SBIPG/070917/09:17", TxnType::Debit, Money::from_rupees(1_380));
    assert_eq!(card.channel, Channel::DebitCard);
}

#[test]
fn classes_of_the_sixth_cold_batch() {
    let c = Classifier::default();
    // Gold-loan interest sent over UPI to the lender is the lender's, not the bank's interest debit.
    let gl = c.classify(
        "UPI/DR/936743497440/MUTHOOT FINANCE/ICIC/muthootfinance@icici/GL INTEREST",
        TxnType::Debit,
        Money::from_rupees(2_600),
    );
    assert_eq!(gl.description, "lender_transaction");
    assert_eq!(gl.channel, Channel::Upi);
    // The bank's own interest debit stays a charge.
    let od = c.classify("CC INT DEBIT", TxnType::Debit, Money::from_rupees(42_000));
    assert_eq!(od.channel, Channel::BankCharge);
    // Snapmint (pay later) collects by mandate.
    let snap =
        c.classify("ACH DR/SNAPMINT CREDIT ADVISO/YESB7774728014934992", TxnType::Debit, Money::from_rupees(2_499));
    assert_eq!(snap.description, "lender_transaction");
    // An insurer's monthly annuity is retirement income, never salary.
    let annuity = c.classify(
        "NEFT CREDIT BARBN579285380776 LIC OF INDIA ANNUITY JEEVAN AKSHAY",
        TxnType::Credit,
        Money::from_rupees(12_345),
    );
    assert_ne!(annuity.channel, Channel::Salary);
    assert!(is_salary_exclusion("NEFT-HDFCN018384302775-LIC OF INDIA-ANNUITY JEEVAN AKSHAY"));
    // A municipal tax through the bill-payment rail is a bill.
    let tax = c.classify("BILLPAY MUNICIPAL CORP PROPERTY TAX", TxnType::Debit, Money::from_rupees(18_450));
    assert_eq!(tax.channel, Channel::BillPayment);
}
