//! One realistic entity for the golden files: Priya Sharma, a salaried HDFC
//! savings account (PDF statement), and her firm Sharma Handloom Traders, an
//! ICICI current account with an overdraft limit (Account Aggregator data),
//! April and May 2025.

use bankscope::Money;
use bankscope::model::{AccountCategory, Source, TxnType};
use bankscope::resources::format::{parse_date_time, parse_timestamp};
use bankscope::resources::*;
use bankscope::taxonomy::{Channel, FraudType, MerchantCategory, description};
use chrono::NaiveDateTime;

pub const ENTITY: &str = "3f9c2a7e-5b1d-4c8e-9a6f-2d7b8e1c4a50";
pub const STMT_HDFC: &str = "8d2e4f61-7a3b-4c9d-8e5f-1a2b3c4d5e6f";
pub const STMT_ICICI: &str = "c1a7e9b3-2d4f-4a6b-9c8d-7e5f3a1b2c4d";
pub const ACC_HDFC: &str = "a4b6c8d0-1e2f-4a3b-8c5d-6e7f8a9b0c1d";
pub const ACC_ICICI: &str = "f0e1d2c3-b4a5-4968-8776-5a4b3c2d1e0f";

pub const SALARY_NOTE: &str = "NEFT CR-CITI0000002-INFOSYS LIMITED-PRIYA SHARMA-CITIN25090012345";
pub const SALARY_NOTE_MAY: &str = "NEFT CR-CITI0000002-INFOSYS LIMITED-PRIYA SHARMA-CITIN25120054321";
pub const EMI_NOTE: &str = "ACH D- BAJAJ FINANCE LTD-P400PLA1234567";
pub const RENT_NOTE_APR: &str = "UPI-SURESH KUMAR-9820012345@PAYTM-PYTM0123456-510045678901-RENT APRIL";
pub const RENT_NOTE_MAY: &str = "UPI-SURESH KUMAR-9820012345@PAYTM-PYTM0123456-513098765432-RENT MAY";
pub const AMAZON_NOTE_APR: &str = "NEFT-N105250412345678-AMAZON SELLER SERVICES PVT LTD-SETTLEMENT";
pub const AMAZON_NOTE_MAY: &str = "NEFT-N136250516789012-AMAZON SELLER SERVICES PVT LTD-SETTLEMENT";
pub const TATA_EMI_NOTE: &str = "ACH/TATA CAPITAL FIN SERV/BL0012345678";

/// Rupees as printed (`"1,27,310.55"`).
pub fn rs(text: &str) -> Money {
    Money::parse(text).expect("fixture amount")
}

/// `YYYY-MM-DD HH:MM:SS`.
pub fn at(text: &str) -> NaiveDateTime {
    parse_date_time(text).expect("fixture date")
}

pub fn ym(year: i32, month: u32) -> YearMonth {
    YearMonth::new(year, month).expect("fixture month")
}

pub fn account_infos() -> Vec<AccountInfo> {
    vec![
        AccountInfo {
            months: vec![ym(2025, 4), ym(2025, 5)],
            statements: vec![STMT_HDFC.into()],
            account_id: ACC_HDFC.into(),
            bank: "hdfc".into(),
            ifsc: Some("HDFC0000240".into()),
            micr: Some("400240015".into()),
            account_number: "50100234567891".into(),
            account_category: AccountCategory::Individual,
            credit_limit: 0,
            last_updated: parse_timestamp("2025-06-02T09:41:27.318Z").expect("fixture instant"),
        },
        AccountInfo {
            months: vec![ym(2025, 4), ym(2025, 5)],
            statements: vec![STMT_ICICI.into()],
            account_id: ACC_ICICI.into(),
            bank: "icici".into(),
            ifsc: Some("ICIC0001856".into()),
            micr: None,
            account_number: "185605001234".into(),
            account_category: AccountCategory::Corporate,
            credit_limit: 500000,
            last_updated: parse_timestamp("2025-06-02T09:43:05.007Z").expect("fixture instant"),
        },
    ]
}

pub fn accounts(shape: AccountShape) -> Vec<Account> {
    account_infos().iter().map(|a| a.shaped(shape)).collect()
}

pub fn progress() -> Vec<Progress> {
    vec![
        Progress::new(STMT_HDFC, Source::Pdf, Some(ProgressStatus::Completed), None),
        Progress::new(STMT_ICICI, Source::Online, Some(ProgressStatus::Completed), None),
    ]
}

/// Identity is done for both statements; transactions of the AA statement still run.
pub fn identity_progress() -> Vec<Progress> {
    vec![
        Progress::identity(STMT_HDFC, Source::Pdf, Some(ProgressStatus::Completed), None, ProgressStatus::Completed),
        Progress::identity(
            STMT_ICICI,
            Source::Online,
            Some(ProgressStatus::Completed),
            None,
            ProgressStatus::Processing,
        ),
    ]
}

pub fn fraud() -> Fraud {
    Fraud {
        fraudulent_statements: vec![STMT_HDFC.into()],
        fraud_type: vec![
            FraudEntry::new(FraudType::AuthorFraud, ACC_HDFC, Some(STMT_HDFC.into()), None),
            FraudEntry::new(
                FraudType::InconsistentTransaction,
                ACC_HDFC,
                Some(STMT_HDFC.into()),
                Some("e2a4c6e8f0b2d4a6c8e0f2b4d6a8c9d7".into()),
            ),
            FraudEntry::new(FraudType::Salary1000Multiple, ACC_HDFC, None, None),
        ],
    }
}

pub fn identity() -> Vec<IdentityItem> {
    vec![
        IdentityItem {
            account_id: ACC_HDFC.into(),
            name: "PRIYA SHARMA".into(),
            address: "FLAT 1204, SAI KRUPA CHS, LINK ROAD, KANDIVALI WEST, MUMBAI 400067".into(),
            account_number: "50100234567891".into(),
            account_category: AccountCategory::Individual,
            credit_limit: 0,
        },
        IdentityItem {
            account_id: ACC_ICICI.into(),
            name: "SHARMA HANDLOOM TRADERS".into(),
            address: "SHOP NO 7, GANDHI MARKET, SION EAST, MUMBAI 400022".into(),
            account_number: "185605001234".into(),
            account_category: AccountCategory::Corporate,
            credit_limit: 500000,
        },
    ]
}

#[allow(clippy::too_many_arguments)]
fn txn(
    account: &str,
    date: &str,
    note: &str,
    kind: TxnType,
    amount: &str,
    balance: &str,
    channel: Channel,
    description: &str,
    merchant: MerchantCategory,
    hash: &str,
) -> TransactionItem {
    TransactionItem {
        transaction_note: note.into(),
        hash: hash.into(),
        description: description.into(),
        account_id: account.into(),
        transaction_type: kind,
        amount: rs(amount),
        date: at(date),
        merchant_category: merchant,
        balance: rs(balance),
        transaction_channel: channel,
    }
}

#[rustfmt::skip]
pub fn transactions() -> Vec<TransactionItem> {
    use Channel::*;
    use MerchantCategory as M;
    use TxnType::{Credit, Debit};
    let (h, i) = (ACC_HDFC, ACC_ICICI);
    let d = description::LENDER_TRANSACTION;
    vec![
        txn(h, "2025-04-01 00:00:00", SALARY_NOTE, Credit, "85,000.00", "1,27,310.55", Salary, "", M::None,
            "3e7a9c1f0b2d4e6a8c5f7b9d1e3a5c70"),
        txn(h, "2025-04-01 00:00:00", EMI_NOTE, Debit, "12,450.00", "1,14,860.55", AutoDebitPayment, d, M::Loans,
            "b81f4d2c6e0a9b3d5f7c1e8a2d4b6f91"),
        txn(h, "2025-04-03 00:00:00", "UPI-SWIGGY-SWIGGY8@YBL-YESB0YBLUPI-509312345678-PAYMENT FROM PHONE", Debit,
            "486.00", "1,14,374.55", Upi, "", M::Food, "0d5e8b3a7c1f9e2d4a6b8c0f1e3d5a27"),
        txn(h, "2025-04-05 00:00:00", "ATW-416021XXXXXX1234-S1AWMU12-MUMBAI", Debit, "5,000.00", "1,09,374.55",
            CashWithdrawl, "", M::None, "6a2c4e8f0b1d3f5a7c9e2b4d6f8a0c13"),
        txn(h, "2025-04-07 00:00:00", "UPI-RAHUL VERMA-RAHULV@OKSBI-SBIN0001234-509798765432-DINNER SPLIT", Credit,
            "3,500.00", "1,12,874.55", Upi, "Transfer from RAHUL VERMA", M::None, "f3b5d7e9a1c2e4f6b8d0a2c4e6f8b059"),
        txn(h, "2025-04-10 00:00:00", RENT_NOTE_APR, Debit, "15,000.00", "97,874.55", Upi,
            "Transfer to SURESH KUMAR", M::None, "2b4d6f8a0c1e3a5c7e9b1d3f5a7c9e48"),
        txn(h, "2025-05-02 00:00:00", SALARY_NOTE_MAY, Credit, "85,000.00", "1,59,021.45", Salary, "", M::None,
            "7c9e1a3b5d7f9b1c3e5a7d9f1b3c5e62"),
        txn(h, "2025-05-02 00:00:00", EMI_NOTE, Debit, "12,450.00", "1,46,571.45", AutoDebitPayment, d, M::Loans,
            "c4e6a8b0d2f4a6c8e0b2d4f6a8c0e284"),
        txn(h, "2025-05-06 00:00:00", "IMPS-512612345678-PRIYA SHARMA-ICIC-XXXXXXXX1234-SELF TRANSFER", Debit,
            "20,000.00", "1,26,571.45", SelfTransfer, description::SELF_TRANSFER, M::None,
            "5f7b9d1e3a5c7e9f1b3d5a7c9e1f3b06"),
        txn(h, "2025-05-10 00:00:00", RENT_NOTE_MAY, Debit, "15,000.00", "1,11,571.45", Upi,
            "Transfer to SURESH KUMAR", M::None, "9a1c3e5b7d9f1a3c5e7b9d1f3a5c7e20"),
        txn(h, "2025-05-12 00:00:00", "POS 416021XXXXXX1234 DMART AVENUE SUPERMAR", Debit, "1,540.00",
            "1,10,031.45", DebitCard, "", M::Groceries, "e2a4c6e8f0b2d4a6c8e0f2b4d6a8c9d7"),
        txn(i, "2025-04-15 11:42:18", AMAZON_NOTE_APR, Credit, "1,42,350.75", "4,54,800.75", NetBankingTransfer, "",
            M::None, "a9c1e3f5b7d9a1c3e5f7b9d1a3c5e7f8"),
        txn(i, "2025-04-18 16:05:52", "RTGS-UTIBR52025041800012345-GUJARAT TEXTILES PVT LTD", Debit, "2,50,000.00",
            "2,04,800.75", NetBankingTransfer, "Transfer to GUJARAT TEXTILES PVT LTD", M::None,
            "18b3d5f7a9c1e3b5d7f9a1c3e5b7d9a2"),
        txn(i, "2025-04-21 09:14:03", "BIL/ONL/000412345678/TATA POWER/CA 900012345678", Debit, "3,450.80",
            "2,01,349.95", BillPayment, description::ELECTRIC_BILL, M::Utilities, "d0f2b4a6c8e0d2f4b6a8c0e2d4f6b8a1"),
        txn(i, "2025-05-06 10:02:44", "MMT/IMPS/512612345678/PRIYA SHARMA/HDFC BANK", Credit, "20,000.00",
            "3,33,574.15", SelfTransfer, description::SELF_TRANSFER, M::None, "47a9c1e3b5d7f9a2c4e6b8d0f2a4c6e9"),
    ]
}

#[rustfmt::skip]
pub fn lender_transactions() -> Vec<TransactionItem> {
    use MerchantCategory as M;
    let d = description::LENDER_TRANSACTION;
    let ch = Channel::AutoDebitPayment;
    vec![
        txn(ACC_HDFC, "2025-04-01 00:00:00", EMI_NOTE, TxnType::Debit, "12,450.00", "1,14,860.55", ch, d, M::Loans,
            "b81f4d2c6e0a9b3d5f7c1e8a2d4b6f91"),
        txn(ACC_ICICI, "2025-04-05 07:30:11", TATA_EMI_NOTE, TxnType::Debit, "18,920.00", "2,93,530.00", ch, d,
            M::Loans, "8e0a2c4e6b8d0f2a4c6e8b0d2f4a6c57"),
        txn(ACC_HDFC, "2025-05-02 00:00:00", EMI_NOTE, TxnType::Debit, "12,450.00", "1,46,571.45", ch, d, M::Loans,
            "c4e6a8b0d2f4a6c8e0b2d4f6a8c0e284"),
        txn(ACC_ICICI, "2025-05-05 07:30:09", TATA_EMI_NOTE, TxnType::Debit, "18,920.00", "3,13,574.15", ch, d,
            M::Loans, "3d5f7a9c1e3b5d7f9a1c3e5b7d9f1a64"),
    ]
}

pub fn salary_transactions() -> Vec<SalaryTransaction> {
    let one = |date: &str, note: &str, balance: &str, hash: &str, month: u32| SalaryTransaction {
        balance: rs(balance),
        hash: hash.into(),
        description: String::new(),
        account_id: ACC_HDFC.into(),
        transaction_type: TxnType::Credit,
        date: at(date),
        amount: rs("85,000.00"),
        merchant_category: MerchantCategory::None,
        transaction_channel: Channel::Salary,
        transaction_note: note.into(),
        clean_transaction_note: "INFOSYS LIMITED".into(),
        month_year: ym(2025, month),
    };
    vec![
        one("2025-04-01 00:00:00", SALARY_NOTE, "1,27,310.55", "3e7a9c1f0b2d4e6a8c5f7b9d1e3a5c70", 3),
        one("2025-05-02 00:00:00", SALARY_NOTE_MAY, "1,59,021.45", "7c9e1a3b5d7f9b1c3e5a7d9f1b3c5e62", 4),
    ]
}

fn recurring_txn(item: &TransactionItem, clean: &str) -> RecurringTxn {
    RecurringTxn {
        transaction_channel: item.transaction_channel,
        transaction_note: item.transaction_note.clone(),
        clean_transaction_note: clean.into(),
        hash: item.hash.clone(),
        account_id: item.account_id.clone(),
        transaction_type: item.transaction_type,
        amount: item.amount,
        date: item.date,
        balance: item.balance,
        description: item.description.clone(),
    }
}

pub fn recurring() -> RecurringTransactions {
    let all = transactions();
    let lender = lender_transactions();
    let pick = |hashes: &[&str], clean: &str| -> Vec<RecurringTxn> {
        hashes
            .iter()
            .map(|h| {
                let t = all.iter().chain(&lender).find(|t| t.hash == *h).expect("fixture hash");
                recurring_txn(t, clean)
            })
            .collect()
    };
    let amazon_apr = pick(&["a9c1e3f5b7d9a1c3e5f7b9d1a3c5e7f8"], "AMAZON SELLER SERVICES").remove(0);
    // May's settlement is not among the sample transactions of `transactions()`.
    let amazon_may = RecurringTxn {
        transaction_note: AMAZON_NOTE_MAY.into(),
        hash: "6b8d0f2a4c6e8a0b2d4f6c8e0a2b4d13".into(),
        amount: rs("1,21,004.10"),
        date: at("2025-05-16 11:38:27"),
        balance: rs("4,73,498.25"),
        ..amazon_apr.clone()
    };
    RecurringTransactions {
        credit_transactions: vec![
            RecurringSet {
                account_id: ACC_HDFC.into(),
                start_date: at("2025-04-01 00:00:00"),
                end_date: at("2025-05-02 00:00:00"),
                transaction_channel: Channel::Salary,
                median: rs("85,000.00"),
                clean_transaction_note: "INFOSYS LIMITED".into(),
                transactions: pick(
                    &["3e7a9c1f0b2d4e6a8c5f7b9d1e3a5c70", "7c9e1a3b5d7f9b1c3e5a7d9f1b3c5e62"],
                    "INFOSYS LIMITED",
                ),
            },
            RecurringSet {
                account_id: ACC_ICICI.into(),
                start_date: at("2025-04-15 11:42:18"),
                end_date: at("2025-05-16 11:38:27"),
                transaction_channel: Channel::NetBankingTransfer,
                median: rs("1,31,677.43"),
                clean_transaction_note: "AMAZON SELLER SERVICES".into(),
                transactions: vec![amazon_apr, amazon_may],
            },
        ],
        debit_transactions: vec![
            RecurringSet {
                account_id: ACC_HDFC.into(),
                start_date: at("2025-04-01 00:00:00"),
                end_date: at("2025-05-02 00:00:00"),
                transaction_channel: Channel::AutoDebitPayment,
                median: rs("12,450.00"),
                clean_transaction_note: "BAJAJ FINANCE".into(),
                transactions: pick(
                    &["b81f4d2c6e0a9b3d5f7c1e8a2d4b6f91", "c4e6a8b0d2f4a6c8e0b2d4f6a8c0e284"],
                    "BAJAJ FINANCE",
                ),
            },
            RecurringSet {
                account_id: ACC_HDFC.into(),
                start_date: at("2025-04-10 00:00:00"),
                end_date: at("2025-05-10 00:00:00"),
                transaction_channel: Channel::Upi,
                median: rs("15,000.00"),
                clean_transaction_note: "SURESH KUMAR".into(),
                transactions: pick(
                    &["2b4d6f8a0c1e3a5c7e9b1d3f5a7c9e48", "9a1c3e5b7d9f1a3c5e7b9d1f3a5c7e20"],
                    "SURESH KUMAR",
                ),
            },
            RecurringSet {
                account_id: ACC_ICICI.into(),
                start_date: at("2025-04-05 07:30:11"),
                end_date: at("2025-05-05 07:30:09"),
                transaction_channel: Channel::AutoDebitPayment,
                median: rs("18,920.00"),
                clean_transaction_note: "TATA CAPITAL".into(),
                transactions: pick(
                    &["8e0a2c4e6b8d0f2a4c6e8b0d2f4a6c57", "3d5f7a9c1e3b5d7f9a1c3e5b7d9f1a64"],
                    "TATA CAPITAL",
                ),
            },
        ],
    }
}

pub fn categories() -> Vec<ExpenseCategory> {
    [
        ("net_banking_transfer", 58),
        ("auto_debit_payment", 12),
        ("upi", 9),
        ("self_transfer", 5),
        ("cash_withdrawl", 4),
        ("loans", 4),
        ("utilities", 3),
        ("groceries", 2),
        ("food", 1),
        ("bank_charge", 1),
        ("online_shopping", 1),
    ]
    .into_iter()
    .map(|(category, percentage)| ExpenseCategory { category: category.into(), percentage })
    .collect()
}

fn top_month(entries: &[(&str, &str)]) -> OrderedMap<String, Money> {
    OrderedMap::try_from_pairs(entries.iter().map(|(n, a)| (n.to_string(), rs(a))).collect())
        .expect("unique fixture notes")
}

pub fn top_credits_debits() -> TopCreditsDebits {
    let apr = ShortMonthLabel(ym(2025, 4));
    let may = ShortMonthLabel(ym(2025, 5));
    let credit = [
        (
            apr,
            top_month(&[
                (AMAZON_NOTE_APR, "1,42,350.75"),
                ("NEFT-N108250418765432-FLIPKART INTERNET PVT LTD-SETTLEMENT", "98,410.20"),
                (SALARY_NOTE, "85,000.00"),
                ("CLG/000123/MEHTA FABRICS/SVC BANK", "75,000.00"),
                ("CASH DEPOSIT BY SELF-SION BRANCH", "30,000.00"),
            ]),
        ),
        (
            may,
            top_month(&[
                (AMAZON_NOTE_MAY, "1,21,004.10"),
                (SALARY_NOTE_MAY, "85,000.00"),
                ("NEFT-N140250520112233-MEESHO SUPPLY PVT LTD-PAYOUT", "44,216.30"),
                ("CASH DEPOSIT BY SELF-SION BRANCH", "30,000.00"),
                ("MMT/IMPS/512612345678/PRIYA SHARMA/HDFC BANK", "20,000.00"),
            ]),
        ),
    ];
    let debit = [
        (
            apr,
            top_month(&[
                ("RTGS-UTIBR52025041800012345-GUJARAT TEXTILES PVT LTD", "2,50,000.00"),
                ("CHQ PAID-000457-RAJ TRANSPORT CO", "45,000.00"),
                ("NEFT-ICICN52025042299887-SURAT SILK MILLS", "32,800.00"),
                (TATA_EMI_NOTE, "18,920.00"),
                (RENT_NOTE_APR, "15,000.00"),
            ]),
        ),
        (
            may,
            top_month(&[
                ("NEFT-ICICN52025051455661-GUJARAT TEXTILES PVT LTD", "1,20,000.00"),
                ("NEFT-ICICN52025052077441-SURAT SILK MILLS", "54,500.00"),
                ("IMPS-512612345678-PRIYA SHARMA-ICIC-XXXXXXXX1234-SELF TRANSFER", "20,000.00"),
                (TATA_EMI_NOTE, "18,920.00"),
                (RENT_NOTE_MAY, "15,000.00"),
            ]),
        ),
    ];
    TopCreditsDebits { top_5_credit: credit.into_iter().collect(), top_5_debit: debit.into_iter().collect() }
}

pub fn reports() -> Vec<ReportLink> {
    [(ACC_HDFC, "4f1c9a7e2b8d6a3f"), (ACC_ICICI, "b27e0d5c913f8a64")]
        .into_iter()
        .map(|(acc, signature)| ReportLink {
            link: format!(
                "https://reports.bankscope.example/v1/xlsx/{ENTITY}/{acc}.xlsx?expires=1748860200&signature={signature}"
            ),
            account_id: acc.into(),
        })
        .collect()
}

pub fn scores() -> Vec<AccountScore> {
    vec![AccountScore::new(ACC_HDFC, 742), AccountScore::new(ACC_ICICI, 681)]
}
