//! Hand-checked monthly analysis of a three-month statement.

use super::*;
use crate::model::{Metadata, MonthLabel};
use crate::resources::{ByMonth, MonthlyAnalysis};
use Channel::*;
use TxnType::{Credit, Debit};

/// The monthly analysis as an account's analysis gives it: salary and lender
/// transactions decided first, then the tally written as the interface's fields.
pub(crate) fn analyse(t: &[Transaction], md: &Metadata) -> MonthlyAnalysis {
    let salary = crate::enrich::salary::detect(t, md);
    MonthlyAnalysis::from_tally(&tally(t, &salary, &crate::enrich::lender::detect(t)))
}

/// `"1,79,040.50"` as money.
pub(crate) fn inr(text: &str) -> Money {
    Money::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// One row: (month, day, type, amount, channel, description), all in 2025.
pub(crate) type Row = (u32, u32, TxnType, &'static str, Channel, &'static str);

/// Enriched transactions of `rows` in order, balances run from `opening`.
/// Salary rows get a salary narration; every other row's narration is its
/// channel name.
pub(crate) fn statement(opening: &str, rows: &[Row]) -> Vec<Transaction> {
    let mut balance = inr(opening);
    rows.iter()
        .map(|&(m, d, kind, amount, channel, desc)| {
            let date = NaiveDate::from_ymd_opt(2025, m, d).and_then(|x| x.and_hms_opt(11, 0, 0));
            let amount = inr(amount);
            balance += kind.signed(amount);
            let note = if channel == Salary { "NEFT CR ACME PVT LTD SALARY" } else { channel.as_str() };
            let mut t = Transaction::new(date.unwrap_or_default(), note, kind, amount, balance);
            t.channel = channel;
            t.description = desc.to_string();
            t.clean_note = if channel == Salary { "ACME PVT LTD".into() } else { String::new() };
            t
        })
        .collect()
}

const LENDER: &str = description::LENDER_TRANSACTION;

/// Three months of a salaried account, opening balance ₹10,000.00; the
/// running balance after each row is in the comment.
#[rustfmt::skip]
pub(crate) fn three_months() -> Vec<Transaction> {
    statement("10,000.00", &[
        // January
        (1, 3, Credit, "50,000.00", Salary, ""),                                  // 60,000.00
        (1, 3, Debit, "2,000.00", Upi, ""),                                       // 58,000.00
        (1, 5, Debit, "5,000.00", CashWithdrawl, ""),                             // 53,000.00
        (1, 8, Debit, "1,500.00", BillPayment, description::CREDIT_CARD_BILL),    // 51,500.00
        (1, 10, Debit, "12,000.00", AutoDebitPayment, LENDER),                    // 39,500.00 EMI
        (1, 15, Credit, "400.00", Upi, ""),                                       // 39,900.00
        (1, 20, Debit, "590.00", BankCharge, description::ACH_BOUNCE_CHARGE),     // 39,310.00
        (1, 31, Credit, "120.50", BankInterest, ""),                              // 39,430.50
        // February
        (2, 1, Debit, "800.00", DebitCard, ""),                                   // 38,630.50
        (2, 3, Credit, "50,000.00", Salary, ""),                                  // 88,630.50
        (2, 4, Debit, "10,000.00", NetBankingTransfer, ""),                       // 78,630.50
        (2, 9, Debit, "3,000.00", Upi, ""),                                       // 75,630.50 last day of the window
        (2, 10, Debit, "1,000.00", Upi, ""),                                      // 74,630.50 after the window
        (2, 10, Debit, "12,000.00", AutoDebitPayment, LENDER),                    // 62,630.50 EMI
        (2, 11, Credit, "12,000.00", AutoDebitPaymentBounce, LENDER),             // 74,630.50 EMI bounce
        (2, 12, Debit, "590.00", BankCharge, description::ACH_BOUNCE_CHARGE),     // 74,040.50
        (2, 14, Credit, "25,000.00", CashDeposit, ""),                            // 99,040.50
        (2, 20, Credit, "1,00,000.00", NetBankingTransfer, LENDER),               // 1,99,040.50 loan disbursal
        (2, 25, Debit, "20,000.00", SelfTransfer, description::SELF_TRANSFER),    // 1,79,040.50
        // March
        (3, 3, Credit, "50,000.00", Salary, ""),                                  // 2,29,040.50
        (3, 5, Debit, "7,500.00", Chq, ""),                                       // 2,21,540.50
        (3, 6, Credit, "15,000.00", Chq, ""),                                     // 2,36,540.50
        (3, 8, Debit, "15,000.00", OutwardChequeBounce, description::CHQ_BOUNCE_INSUFF_FUNDS), // 2,21,540.50
        (3, 8, Debit, "354.00", BankCharge, description::CHQ_BOUNCE_CHARGE),      // 2,21,186.50
        (3, 10, Credit, "2,000.00", InwardChequeBounce, description::CHQ_BOUNCE_INSUFF_FUNDS), // 2,23,186.50
        (3, 12, Debit, "12,000.00", AutoDebitPayment, LENDER),                    // 2,11,186.50 EMI
        (3, 15, Debit, "250.00", BankCharge, description::PENALTY_CHARGE),        // 2,10,936.50
        (3, 18, Credit, "5,000.00", Refund, ""),                                  // 2,15,936.50
        (3, 20, Debit, "2,499.00", PaymentGatewayPurchase, ""),                   // 2,13,437.50
        (3, 22, Debit, "5,000.00", Investment, ""),                               // 2,08,437.50
        (3, 25, Credit, "3,000.00", InvestmentCashin, ""),                        // 2,11,437.50
        (3, 28, Credit, "1,000.00", InternationalTransactionArbitrage, ""),       // 2,12,437.50
        (3, 28, Debit, "800.00", InternationalTransactionArbitrage, ""),          // 2,11,637.50
        (3, 31, Credit, "10,000.00", SelfTransfer, description::SELF_TRANSFER),   // 2,21,637.50
    ])
}

fn ym(m: u32) -> MonthLabel {
    MonthLabel(YearMonth::new(2025, m).unwrap_or_else(|| panic!("month {m}")))
}

fn at<V: Copy + Default>(field: &ByMonth<V>, m: u32) -> V {
    field.get(&ym(m)).copied().unwrap_or_else(|| panic!("no month {m}"))
}

/// Asserts the money fields of one month: `(field values, month, expected)`.
macro_rules! money {
    ($a:expr, $m:expr, { $($field:ident: $v:expr,)+ }) => {
        $( assert_eq!(at(&$a.$field, $m), inr($v), "{} of month {}", stringify!($field), $m); )+
    };
}
macro_rules! counts {
    ($a:expr, $m:expr, { $($field:ident: $v:expr,)+ }) => {
        $( assert_eq!(at(&$a.$field, $m), $v, "{} of month {}", stringify!($field), $m); )+
    };
}
macro_rules! percs {
    ($a:expr, $m:expr, { $($field:ident: $v:expr,)+ }) => {
        $( assert_eq!(at(&$a.$field, $m), $v, "{} of month {}", stringify!($field), $m); )+
    };
}

fn analysis() -> MonthlyAnalysis {
    analyse(&three_months(), &Metadata::default())
}

#[test]
fn months_are_labelled_and_complete() {
    let a = analysis();
    let labels: Vec<String> = a.months().map(|m| m.to_string()).collect();
    assert_eq!(labels, ["Jan-2025", "Feb-2025", "Mar-2025"]);
    // Every field has the three months in this order, and the JSON has
    // every field name.
    let text = serde_json::to_string(&a).unwrap_or_default();
    assert!(text.contains(r#""amt_credit":{"Jan-2025":50520.50,"Feb-2025":187000.00,"Mar-2025":86000.00}"#), "{text}");
    let json = serde_json::to_value(&a).unwrap_or_default();
    assert_eq!(json.as_object().map(|o| o.len()), Some(MonthlyAnalysis::FIELD_NAMES.len()));
    for name in MonthlyAnalysis::FIELD_NAMES {
        assert_eq!(json[name].as_object().map(|o| o.len()), Some(3), "{name}");
    }
    assert!(analyse(&[], &Metadata::default()).months().next().is_none());
}

#[test]
fn january_by_hand() {
    let a = analysis();
    // 8 rows. Credits: salary 50,000 + UPI 400 + interest 120.50 = 50,520.50 (3).
    // Debits: 2,000 + 5,000 + 1,500 + 12,000 + 590 = 21,090.00 (5).
    // Income: all three credits. Business (> ₹500): the salary only.
    money!(a, 1, {
        amt_credit: "50,520.50",
        amt_debit: "21,090.00",
        amt_income_credit: "50,520.50",
        amt_business_credit: "50,000.00",
        amt_upi_credit: "400.00",
        amt_upi_debit: "2,000.00",
        amt_cash_withdrawl_debit: "5,000.00",
        amt_bill_payment_debit: "1,500.00",
        amt_credit_card_bill_debit: "1,500.00",
        amt_auto_debit_payment_debit: "12,000.00",
        amt_emi_debit: "12,000.00",
        amt_bank_charge_debit: "590.00",
        amt_ach_bounce_charge: "590.00",
        amt_chq_bounce_charge: "0.00",
        amt_bounce_charge: "590.00",
        amt_bank_interest_credit: "120.50",
        amt_loan_credits: "0.00",
        total_amount_of_salary: "50,000.00",
        // 60,000.00 after the salary, less the salary itself.
        opening_balance: "10,000.00",
        closing_balance: "39,430.50",
        max_bal: "60,000.00",
        min_bal: "39,310.00",
        // 50,520.50 / 3 = 16,840.1666… ; 21,090 / 5 = 4,218 ; 12,000 / 1.
        avg_credit_transaction_size: "16,840.17",
        avg_debit_transaction_size: "4,218.00",
        avg_emi: "12,000.00",
        // 50,520.50 − 21,090.00.
        net_cash_inflow: "29,430.50",
        // EOD: 1–2 Jan come before the first transaction: the closest
        // date's EOD (3 Jan, 58,000). 1–4: 58,000 ×4 = 2,32,000;
        // 5–7: 53,000 ×3 = 1,59,000; 8–9: 51,500 ×2 = 1,03,000;
        // 10–14: 39,500 ×5 = 1,97,500; 15–19: 39,900 ×5 = 1,99,500;
        // 20–30: 39,310 ×11 = 4,32,410; 31: 39,430.50.
        // Sum 13,62,840.50 over 31 days = 43,962.5967… → 43,962.60.
        avg_bal: "43,962.60",
        // Sorted: 39,310 ×11 (1st–11th), 39,430.50 (12th), 39,500 ×5 (13th–17th): the 16th.
        median_balance: "39,500.00",
        // 39,310 on 11 days.
        mode_balance: "39,310.00",
        max_eod_balance: "58,000.00",
        min_eod_balance: "39,310.00",
    });
    counts!(a, 1, {
        cnt_transactions: 8,
        cnt_credit: 3,
        cnt_debit: 5,
        cnt_income_credit: 3,
        cnt_business_credit: 1,
        cnt_upi_credit: 1,
        cnt_upi_debit: 1,
        cnt_cash_withdrawl_debit: 1,
        cnt_bill_payment_debit: 1,
        cnt_credit_card_bill_debit: 1,
        cnt_auto_debit_payment_debit: 1,
        cnt_emi_debit: 1,
        cnt_bank_charge_debit: 1,
        cnt_ach_bounce_charge: 1,
        cnt_bounce_charge: 1,
        cnt_bank_interest_credit: 1,
        number_of_salary_transactions: 1,
    });
    // Salary window 3–9 Jan: bill 1,500, cash 5,000, UPI 2,000 (the EMI on
    // the 10th is outside); over the 50,000 salary: 3 %, 10 %, 4 %.
    percs!(a, 1, {
        perc_salary_spend_bill_payment: 3.0,
        perc_salary_spend_cash_withdrawl: 10.0,
        perc_salary_spend_debit_card: 0.0,
        perc_salary_spend_net_banking_transfer: 0.0,
        perc_salary_spend_upi: 4.0,
    });
}

#[test]
fn february_by_hand() {
    let a = analysis();
    // 11 rows. Credits: 50,000 + 12,000 + 25,000 + 1,00,000 = 1,87,000 (4).
    // Debits: 800 + 10,000 + 3,000 + 1,000 + 12,000 + 590 + 20,000 = 47,390 (7).
    // Income: salary + cash deposit = 75,000 (the EMI bounce and the loan
    // disbursal are not income); both above ₹500.
    money!(a, 2, {
        amt_credit: "1,87,000.00",
        amt_debit: "47,390.00",
        amt_income_credit: "75,000.00",
        amt_business_credit: "75,000.00",
        amt_loan_credits: "1,00,000.00",
        amt_emi_bounce_credit: "12,000.00",
        amt_auto_debit_payment_bounce_credit: "12,000.00",
        amt_emi_debit: "12,000.00",
        amt_net_banking_transfer_credit: "1,00,000.00",
        amt_net_banking_transfer_debit: "10,000.00",
        amt_upi_debit: "4,000.00",
        amt_debit_card_debit: "800.00",
        amt_cash_deposit_credit: "25,000.00",
        amt_self_transfer_debit: "20,000.00",
        amt_self_transfer_credit: "0.00",
        amt_ach_bounce_charge: "590.00",
        opening_balance: "39,430.50",
        closing_balance: "1,79,040.50",
        max_bal: "1,99,040.50",
        min_bal: "38,630.50",
        // 1,87,000 / 4 ; 47,390 / 7 = 6,770 exactly.
        avg_credit_transaction_size: "46,750.00",
        avg_debit_transaction_size: "6,770.00",
        net_cash_inflow: "1,39,610.00",
        // EOD: 1–2: 38,630.50 ×2 = 77,261; 3: 88,630.50; 4–8: 78,630.50 ×5 =
        // 3,93,152.50; 9: 75,630.50; 10: 62,630.50; 11: 74,630.50;
        // 12–13: 74,040.50 ×2 = 1,48,081; 14–19: 99,040.50 ×6 = 5,94,243;
        // 20–24: 1,99,040.50 ×5 = 9,95,202.50; 25–28: 1,79,040.50 ×4 = 7,16,162.
        // Sum 32,25,624.00 / 28 = 1,15,200.857… → 1,15,200.86.
        avg_bal: "1,15,200.86",
        // Sorted: 38,630.50 ×2, 62,630.50, 74,040.50 ×2, 74,630.50,
        // 75,630.50, 78,630.50 ×5 (8th–12th), 88,630.50 (13th),
        // 99,040.50 ×6 (14th–19th): 14th and 15th are both 99,040.50.
        median_balance: "99,040.50",
        // 99,040.50 on 6 days beats 78,630.50 and 1,99,040.50 on 5.
        mode_balance: "99,040.50",
        max_eod_balance: "1,99,040.50",
        min_eod_balance: "38,630.50",
    });
    counts!(a, 2, {
        cnt_transactions: 11,
        cnt_credit: 4,
        cnt_debit: 7,
        cnt_income_credit: 2,
        cnt_business_credit: 2,
        cnt_loan_credits: 1,
        cnt_emi_bounce_credit: 1,
        cnt_auto_debit_payment_bounce_credit: 1,
        cnt_emi_debit: 1,
        cnt_upi_debit: 2,
        cnt_self_transfer_debit: 1,
        number_of_salary_transactions: 1,
    });
    // Window 3–9 Feb: net banking 10,000 (4th), UPI 3,000 (9th, the last
    // day); the card spend of the 1st and the UPI of the 10th are outside.
    // 10,000 / 50,000 = 20 %; 3,000 / 50,000 = 6 %.
    percs!(a, 2, {
        perc_salary_spend_net_banking_transfer: 20.0,
        perc_salary_spend_upi: 6.0,
        perc_salary_spend_debit_card: 0.0,
    });
}

#[test]
fn march_by_hand() {
    let a = analysis();
    // 15 rows. Credits: 50,000 + 15,000 + 2,000 + 5,000 + 3,000 + 1,000 +
    // 10,000 = 86,000 (7). Debits: 7,500 + 15,000 + 354 + 12,000 + 250 +
    // 2,499 + 5,000 + 800 = 43,403 (8).
    // Income leaves out the inward cheque bounce (2,000) and the arbitrage
    // credit (1,000): 83,000 (5), all above ₹500.
    money!(a, 3, {
        amt_credit: "86,000.00",
        amt_debit: "43,403.00",
        amt_income_credit: "83,000.00",
        amt_business_credit: "83,000.00",
        amt_chq_credit: "15,000.00",
        amt_chq_debit: "7,500.00",
        amt_outward_cheque_bounce_debit: "15,000.00",
        amt_outward_cheque_bounce_insuff_funds_debit: "15,000.00",
        amt_inward_cheque_bounce_credit: "2,000.00",
        amt_inward_cheque_bounce_insuff_funds_credit: "2,000.00",
        amt_chq_bounce_charge: "354.00",
        amt_ach_bounce_charge: "0.00",
        amt_bounce_charge: "354.00",
        // Cheque bounce charge 354 + penal charge 250.
        amt_bank_charge_debit: "604.00",
        amt_emi_debit: "12,000.00",
        amt_refund_credit: "5,000.00",
        amt_payment_gateway_purchase_debit: "2,499.00",
        amt_investment: "5,000.00",
        amt_investment_cashin_credit: "3,000.00",
        amt_international_transaction_arbitrage_credit: "1,000.00",
        amt_international_transaction_arbitrage_debit: "800.00",
        amt_self_transfer_credit: "10,000.00",
        opening_balance: "1,79,040.50",
        closing_balance: "2,21,637.50",
        max_bal: "2,36,540.50",
        min_bal: "2,08,437.50",
        // 86,000 / 7 = 12,285.714… ; 43,403 / 8 = 5,425.375 → 5,425.38 (half away from zero).
        avg_credit_transaction_size: "12,285.71",
        avg_debit_transaction_size: "5,425.38",
        net_cash_inflow: "42,597.00",
        // EOD: 1–2 carried from 28 Feb: 1,79,040.50 ×2 = 3,58,081;
        // 3–4: 2,29,040.50 ×2 = 4,58,081; 5: 2,21,540.50; 6–7: 2,36,540.50 ×2 = 4,73,081;
        // 8–9: 2,21,186.50 ×2 = 4,42,373; 10–11: 2,23,186.50 ×2 = 4,46,373;
        // 12–14: 2,11,186.50 ×3 = 6,33,559.50; 15–17: 2,10,936.50 ×3 = 6,32,809.50;
        // 18–19: 2,15,936.50 ×2 = 4,31,873; 20–21: 2,13,437.50 ×2 = 4,26,875;
        // 22–24: 2,08,437.50 ×3 = 6,25,312.50; 25–27: 2,11,437.50 ×3 = 6,34,312.50;
        // 28–30: 2,11,637.50 ×3 = 6,34,912.50; 31: 2,21,637.50.
        // Sum 66,40,821.50 / 31 = 2,14,220.048… → 2,14,220.05.
        avg_bal: "2,14,220.05",
        // Sorted: 1,79,040.50 ×2 (1–2), 2,08,437.50 ×3 (3–5), 2,10,936.50 ×3 (6–8),
        // 2,11,186.50 ×3 (9–11), 2,11,437.50 ×3 (12–14), 2,11,637.50 ×3 (15–17): the 16th.
        median_balance: "2,11,637.50",
        // Five values on 3 days each: the lowest of them.
        mode_balance: "2,08,437.50",
        max_eod_balance: "2,36,540.50",
        min_eod_balance: "1,79,040.50",
    });
    counts!(a, 3, {
        cnt_transactions: 15,
        cnt_credit: 7,
        cnt_debit: 8,
        cnt_income_credit: 5,
        cnt_business_credit: 5,
        cnt_chq_credit: 1,
        cnt_chq_debit: 1,
        cnt_outward_cheque_bounce_debit: 1,
        cnt_outward_cheque_bounce_insuff_funds_debit: 1,
        cnt_inward_cheque_bounce_credit: 1,
        cnt_inward_cheque_bounce_insuff_funds_credit: 1,
        cnt_chq_bounce_charge: 1,
        cnt_bounce_charge: 1,
        cnt_bank_charge_debit: 2,
        cnt_refund_credit: 1,
        cnt_payment_gateway_purchase_debit: 1,
        cnt_investment: 1,
        cnt_investment_cashin_credit: 1,
        cnt_international_transaction_arbitrage_credit: 1,
        cnt_international_transaction_arbitrage_debit: 1,
        cnt_self_transfer_credit: 1,
        cnt_loan_credits: 0,
        number_of_salary_transactions: 1,
    });
    // Window 3–9 Mar holds a cheque, a cheque bounce and a charge: none of
    // the five spend channels.
    percs!(a, 3, {
        perc_salary_spend_bill_payment: 0.0,
        perc_salary_spend_cash_withdrawl: 0.0,
        perc_salary_spend_upi: 0.0,
    });
}

#[test]
fn months_are_chronological_for_an_unsorted_slice() {
    // A merged account whose March statement came first.
    let rows = three_months();
    let (jan_feb, march) = rows.split_at(19);
    let swapped: Vec<Transaction> = march.iter().chain(jan_feb).cloned().collect();
    let a = analyse(&swapped, &Metadata::default());
    let labels: Vec<String> = a.months().map(|m| m.to_string()).collect();
    assert_eq!(labels, ["Jan-2025", "Feb-2025", "Mar-2025"]);
    assert_eq!(at(&a.amt_credit, 3), inr("86,000.00"));
    assert_eq!(at(&a.avg_bal, 1), inr("43,962.60"));
}

#[test]
fn overlapping_salary_windows_count_a_day_once() {
    // Two salary credits on 1 and 4 Apr: windows 1–7 and 4–10 join into
    // 1–10. The UPI debits on 5 Apr (in both windows) and 10 Apr count once
    // each: 3,000 + 1,000 = 4,000 over 40,000 of salary = 10 %.
    // The UPI debit on 11 Apr is outside.
    let rows = statement(
        "0.00",
        &[
            (4, 1, Credit, "30,000.00", Salary, ""),
            (4, 4, Credit, "10,000.00", Salary, ""),
            (4, 5, Debit, "3,000.00", Upi, ""),
            (4, 10, Debit, "1,000.00", Upi, ""),
            (4, 11, Debit, "7,000.00", Upi, ""),
        ],
    );
    let a = analyse(&rows, &Metadata::default());
    assert_eq!(at(&a.number_of_salary_transactions, 4), 2);
    assert_eq!(at(&a.total_amount_of_salary, 4), inr("40,000.00"));
    assert_eq!(at(&a.perc_salary_spend_upi, 4), 10.0);
    // 2 / 3 % rounds to 0.67 with two decimals.
    assert_eq!(percent(inr("2.00"), inr("300.00")), 0.67);
    assert_eq!(percent(inr("2.00"), Money::ZERO), 0.0);
}

#[test]
fn business_credits_are_strictly_above_500() {
    // ₹500.00 is income but not business; ₹500.01 is both. A loan credit of
    // ₹10,000 is neither.
    let rows = statement(
        "0.00",
        &[
            (6, 2, Credit, "500.00", Upi, ""),
            (6, 3, Credit, "500.01", Upi, ""),
            (6, 4, Credit, "10,000.00", NetBankingTransfer, LENDER),
        ],
    );
    let a = analyse(&rows, &Metadata::default());
    assert_eq!((at(&a.cnt_income_credit, 6), at(&a.amt_income_credit, 6)), (2, inr("1,000.01")));
    assert_eq!((at(&a.cnt_business_credit, 6), at(&a.amt_business_credit, 6)), (1, inr("500.01")));
    assert_eq!((at(&a.cnt_loan_credits, 6), at(&a.amt_loan_credits, 6)), (1, inr("10,000.00")));
}
