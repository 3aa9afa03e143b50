//! Monthly analysis and predictors of the golden entity (see `fixtures.rs`).

use bankscope::Money;
use bankscope::model::AccountType;
use bankscope::resources::*;

use super::fixtures::{ACC_HDFC, ACC_ICICI, rs, ym};

fn months() -> [MonthLabel; 2] {
    [MonthLabel(ym(2025, 4)), MonthLabel(ym(2025, 5))]
}

/// Sets April and May of one field.
fn set<V>(field: &mut ByMonth<V>, apr: V, may: V) {
    let [a, m] = months();
    field.insert(a, apr);
    field.insert(m, may);
}

fn amt(field: &mut ByMonth<Money>, apr: &str, may: &str) {
    set(field, rs(apr), rs(may));
}

/// Priya Sharma's salaried HDFC savings account.
#[rustfmt::skip]
fn hdfc_monthly() -> MonthlyAnalysis {
    let mut a = MonthlyAnalysis::zeroed(&months());
    amt(&mut a.amt_auto_debit_payment_debit, "12,450.00", "12,450.00");
    amt(&mut a.amt_bank_charge_debit, "17.70", "29.50");
    amt(&mut a.amt_bill_payment_debit, "3,120.40", "2,874.10");
    amt(&mut a.amt_cash_deposit_credit, "0.00", "10,000.00");
    amt(&mut a.amt_cash_withdrawl_debit, "5,000.00", "10,000.00");
    amt(&mut a.amt_income_credit, "89,599.00", "97,750.00");
    amt(&mut a.amt_credit, "89,599.00", "97,750.00");
    amt(&mut a.amt_debit, "57,062.60", "99,509.85");
    amt(&mut a.amt_debit_card_debit, "2,899.00", "1,540.00");
    amt(&mut a.amt_net_banking_transfer_credit, "85,000.00", "85,000.00");
    amt(&mut a.amt_net_banking_transfer_debit, "0.00", "15,000.00");
    amt(&mut a.amt_payment_gateway_purchase_debit, "1,299.00", "0.00");
    amt(&mut a.amt_refund_credit, "649.00", "0.00");
    amt(&mut a.amt_upi_credit, "3,950.00", "2,750.00");
    amt(&mut a.amt_upi_debit, "18,736.50", "21,410.25");
    amt(&mut a.amt_emi_debit, "12,450.00", "12,450.00");
    amt(&mut a.amt_credit_card_bill_debit, "8,540.00", "11,206.00");
    amt(&mut a.amt_investment, "5,000.00", "5,000.00");
    amt(&mut a.amt_business_credit, "89,149.00", "97,750.00");
    amt(&mut a.amt_self_transfer_debit, "0.00", "20,000.00");
    amt(&mut a.avg_bal, "92,418.36", "1,04,882.73");
    amt(&mut a.avg_credit_transaction_size, "22,399.75", "24,437.50");
    amt(&mut a.avg_debit_transaction_size, "2,282.50", "3,431.37");
    amt(&mut a.avg_emi, "12,450.00", "12,450.00");
    amt(&mut a.closing_balance, "74,846.95", "73,087.10");
    amt(&mut a.opening_balance, "42,310.55", "74,846.95");
    set(&mut a.cnt_auto_debit_payment_debit, 1, 1);
    set(&mut a.cnt_bank_charge_debit, 1, 2);
    set(&mut a.cnt_bill_payment_debit, 2, 2);
    set(&mut a.cnt_cash_deposit_credit, 0, 1);
    set(&mut a.cnt_cash_withdrawl_debit, 1, 2);
    set(&mut a.cnt_income_credit, 4, 4);
    set(&mut a.cnt_credit, 4, 4);
    set(&mut a.cnt_debit, 25, 29);
    set(&mut a.cnt_debit_card_debit, 3, 2);
    set(&mut a.cnt_net_banking_transfer_credit, 1, 1);
    set(&mut a.cnt_net_banking_transfer_debit, 0, 1);
    set(&mut a.cnt_payment_gateway_purchase_debit, 1, 0);
    set(&mut a.cnt_emi_debit, 1, 1);
    set(&mut a.cnt_refund_credit, 1, 0);
    set(&mut a.cnt_transactions, 29, 33);
    set(&mut a.cnt_upi_credit, 2, 2);
    set(&mut a.cnt_upi_debit, 14, 16);
    set(&mut a.cnt_investment, 1, 1);
    set(&mut a.cnt_credit_card_bill_debit, 1, 1);
    set(&mut a.cnt_business_credit, 3, 4);
    set(&mut a.cnt_self_transfer_debit, 0, 1);
    amt(&mut a.max_bal, "1,27,310.55", "1,59,021.45");
    amt(&mut a.min_bal, "74,197.95", "71,312.60");
    amt(&mut a.max_eod_balance, "1,14,860.55", "1,46,571.45");
    amt(&mut a.min_eod_balance, "74,846.95", "72,437.10");
    amt(&mut a.median_balance, "90,112.15", "98,340.20");
    amt(&mut a.mode_balance, "74,846.95", "73,087.10");
    amt(&mut a.net_cash_inflow, "32,536.40", "-1,759.85");
    set(&mut a.number_of_salary_transactions, 1, 1);
    amt(&mut a.total_amount_of_salary, "85,000.00", "85,000.00");
    set(&mut a.perc_salary_spend_bill_payment, 1.85, 2.11);
    set(&mut a.perc_salary_spend_cash_withdrawl, 5.88, 11.76);
    set(&mut a.perc_salary_spend_debit_card, 1.02, 0.95);
    set(&mut a.perc_salary_spend_net_banking_transfer, 0.0, 17.65);
    set(&mut a.perc_salary_spend_upi, 4.12, 6.35);
    a
}

/// Sharma Handloom Traders' ICICI current account: marketplace settlements,
/// supplier payments, a business-loan EMI and one bounced cheque in May.
#[rustfmt::skip]
fn icici_monthly() -> MonthlyAnalysis {
    let mut a = MonthlyAnalysis::zeroed(&months());
    amt(&mut a.amt_auto_debit_payment_debit, "18,920.00", "18,920.00");
    amt(&mut a.amt_bank_charge_debit, "826.00", "354.00");
    amt(&mut a.amt_bank_interest_credit, "0.00", "0.00");
    amt(&mut a.amt_bill_payment_debit, "3,450.80", "3,812.60");
    amt(&mut a.amt_cash_deposit_credit, "50,000.00", "30,000.00");
    amt(&mut a.amt_chq_credit, "75,000.00", "0.00");
    amt(&mut a.amt_chq_debit, "45,000.00", "0.00");
    amt(&mut a.amt_income_credit, "4,02,540.95", "2,56,450.40");
    amt(&mut a.amt_credit, "4,02,540.95", "2,56,450.40");
    amt(&mut a.amt_debit, "3,82,496.80", "2,34,176.60");
    amt(&mut a.amt_net_banking_transfer_credit, "2,40,760.95", "1,65,220.40");
    amt(&mut a.amt_net_banking_transfer_debit, "3,14,300.00", "2,10,500.00");
    amt(&mut a.amt_chq_bounce_charge, "0.00", "590.00");
    amt(&mut a.amt_bounce_charge, "0.00", "590.00");
    amt(&mut a.amt_upi_credit, "36,780.00", "41,230.00");
    amt(&mut a.amt_emi_debit, "18,920.00", "18,920.00");
    amt(&mut a.amt_business_credit, "4,01,840.95", "2,55,550.40");
    amt(&mut a.amt_self_transfer_credit, "0.00", "20,000.00");
    amt(&mut a.avg_bal, "2,87,640.10", "3,41,208.66");
    amt(&mut a.avg_credit_transaction_size, "28,752.93", "17,096.69");
    amt(&mut a.avg_debit_transaction_size, "42,499.64", "29,272.08");
    amt(&mut a.avg_emi, "18,920.00", "18,920.00");
    amt(&mut a.closing_balance, "3,32,494.15", "3,54,767.95");
    amt(&mut a.opening_balance, "3,12,450.00", "3,32,494.15");
    set(&mut a.cnt_auto_debit_payment_debit, 1, 1);
    set(&mut a.cnt_bank_charge_debit, 2, 1);
    set(&mut a.cnt_bill_payment_debit, 1, 1);
    set(&mut a.cnt_cash_deposit_credit, 2, 1);
    set(&mut a.cnt_chq_credit, 1, 0);
    set(&mut a.cnt_chq_debit, 1, 0);
    set(&mut a.cnt_income_credit, 14, 15);
    set(&mut a.cnt_credit, 14, 15);
    set(&mut a.cnt_debit, 9, 8);
    set(&mut a.cnt_net_banking_transfer_credit, 2, 2);
    set(&mut a.cnt_net_banking_transfer_debit, 4, 4);
    set(&mut a.cnt_chq_bounce_charge, 0, 1);
    set(&mut a.cnt_bounce_charge, 0, 1);
    set(&mut a.cnt_emi_debit, 1, 1);
    set(&mut a.cnt_transactions, 23, 23);
    set(&mut a.cnt_upi_credit, 9, 11);
    set(&mut a.cnt_business_credit, 12, 12);
    set(&mut a.cnt_self_transfer_credit, 0, 1);
    amt(&mut a.max_bal, "4,54,800.75", "4,73,498.25");
    amt(&mut a.min_bal, "2,01,349.95", "2,93,574.15");
    amt(&mut a.max_eod_balance, "4,54,800.75", "4,73,498.25");
    amt(&mut a.min_eod_balance, "2,01,349.95", "3,13,574.15");
    amt(&mut a.median_balance, "2,93,530.00", "3,38,112.40");
    amt(&mut a.mode_balance, "3,32,494.15", "3,54,767.95");
    amt(&mut a.net_cash_inflow, "20,044.15", "22,273.80");
    a
}

pub fn monthly_analysis() -> OrderedMap<String, AccountMonthlyAnalysis> {
    [
        (ACC_HDFC.to_string(), AccountMonthlyAnalysis { monthly_analysis: hdfc_monthly() }),
        (ACC_ICICI.to_string(), AccountMonthlyAnalysis { monthly_analysis: icici_monthly() }),
    ]
    .into_iter()
    .collect()
}

/// Month 0 (May 2025) and month 1 (April 2025); months 2 to 5 have no data.
fn two<T>(may: T, apr: T) -> [Option<T>; 6] {
    [Some(may), Some(apr), None, None, None, None]
}

fn amts(may: &str, apr: &str) -> [Option<Money>; 6] {
    two(rs(may), rs(apr))
}

#[rustfmt::skip]
fn hdfc_predictors() -> Predictors {
    Predictors {
        customer_name: Some("PRIYA SHARMA".into()),
        bank_name: Some("hdfc".into()),
        account_type: Some(AccountType::Savings),
        ifsc_code: Some("HDFC0000240".into()),
        end_date: Some("2025-05-31".into()),
        start_date: Some("2025-04-01".into()),
        accountnumber: Some(50100234567891),
        months: two(ym(2025, 5), ym(2025, 4)),
        month_duration: 2,
        annualised_credit: rs("11,39,706.42"),
        cash_withdrawals: 3,
        chq_deposits: 0,
        chq_issues: 0,
        credits: rs("1,87,349.00"),
        debits: rs("1,56,572.45"),
        debitless_charges: rs("47.20"),
        avg_monthly_expense: rs("78,286.23"),
        avg_monthly_income: rs("93,674.50"),
        avg_expense_to_income_perc: 83.57,
        inward_chq_bounces: rs("0.00"),
        outward_chq_bounces: rs("0.00"),
        net_banking_credits: rs("1,70,000.00"),
        net_banking_debits: rs("15,000.00"),
        pos_expenses: rs("4,439.00"),
        reversals: rs("649.00"),
        total_bounce_or_penal_charge: rs("0.00"),
        total_cash_withdrawal: rs("15,000.00"),
        total_chq_deposit: rs("0.00"),
        total_chq_issue: rs("0.00"),
        total_creditcard_payment: rs("19,746.00"),
        total_emi_ecs_loan: rs("24,900.00"),
        total_expense: rs("1,56,572.45"),
        total_income: rs("1,87,349.00"),
        avg_daily_closing_balance: rs("98,650.55"),
        avg_monthly_closing_balance: rs("73,967.03"),
        monthly: MonthlyPredictors {
            credits: amts("97,750.00", "89,599.00"),
            debits: amts("99,509.85", "57,062.60"),
            debitless_charges: amts("29.50", "17.70"),
            expense: amts("99,509.85", "57,062.60"),
            income: amts("97,750.00", "89,599.00"),
            expense_to_income_ratio: two(1.02, 0.64),
            number_of_transactions: two(33, 29),
            total_creditcard_payment: amts("11,206.00", "8,540.00"),
            total_inward_payment_bounce: amts("0.00", "0.00"),
            total_salary: amts("85,000.00", "85,000.00"),
            max_balance: amts("1,59,021.45", "1,27,310.55"),
            min_balance: amts("71,312.60", "74,197.95"),
            avg_balance: amts("1,04,882.73", "92,418.36"),
            bal_last: amts("73,087.10", "74,846.95"),
            balance_on_1st: amts("74,021.45", "1,14,860.55"),
            balance_on_5th: amts("1,46,571.45", "1,09,374.55"),
            balance_on_10th: amts("1,11,571.45", "97,874.55"),
            balance_on_15th: amts("1,03,268.20", "93,005.30"),
            balance_on_20th: amts("96,410.85", "88,736.05"),
            balance_on_25th: amts("84,902.35", "81,219.60"),
            balance_on_30th: amts("73,912.60", "74,846.95"),
            bal_avgof_6dates: amts("98,665.48", "94,273.94"),
            balance_net_off_on_1st: amts("74,021.45", "1,14,860.55"),
            balance_net_off_on_5th: amts("1,46,571.45", "1,09,374.55"),
            balance_net_off_on_10th: amts("1,11,571.45", "97,874.55"),
            balance_net_off_on_15th: amts("1,03,268.20", "93,005.30"),
            balance_net_off_on_20th: amts("96,410.85", "88,736.05"),
            balance_net_off_on_25th: amts("84,902.35", "81,219.60"),
            balance_net_off_on_30th: amts("73,912.60", "74,846.95"),
        },
    }
}

#[rustfmt::skip]
fn icici_predictors() -> Predictors {
    Predictors {
        customer_name: Some("SHARMA HANDLOOM TRADERS".into()),
        bank_name: Some("icici".into()),
        account_type: Some(AccountType::Current),
        ifsc_code: Some("ICIC0001856".into()),
        end_date: Some("2025-05-30".into()),
        start_date: Some("2025-04-02".into()),
        accountnumber: Some(185605001234),
        months: two(ym(2025, 5), ym(2025, 4)),
        month_duration: 2,
        annualised_credit: rs("41,47,100.74"),
        cash_withdrawals: 0,
        chq_deposits: 1,
        chq_issues: 1,
        credits: rs("6,58,991.35"),
        debits: rs("6,16,673.40"),
        debitless_charges: rs("1,180.00"),
        avg_monthly_expense: rs("3,08,336.70"),
        avg_monthly_income: rs("3,19,495.68"),
        avg_expense_to_income_perc: 96.51,
        inward_chq_bounces: rs("0.00"),
        outward_chq_bounces: rs("0.00"),
        net_banking_credits: rs("4,05,981.35"),
        net_banking_debits: rs("5,24,800.00"),
        pos_expenses: rs("0.00"),
        reversals: rs("0.00"),
        total_bounce_or_penal_charge: rs("590.00"),
        total_cash_withdrawal: rs("0.00"),
        total_chq_deposit: rs("75,000.00"),
        total_chq_issue: rs("45,000.00"),
        total_creditcard_payment: rs("0.00"),
        total_emi_ecs_loan: rs("37,840.00"),
        total_expense: rs("6,16,673.40"),
        total_income: rs("6,38,991.35"),
        avg_daily_closing_balance: rs("3,14,982.40"),
        avg_monthly_closing_balance: rs("3,43,631.05"),
        monthly: MonthlyPredictors {
            credits: amts("2,56,450.40", "4,02,540.95"),
            debits: amts("2,34,176.60", "3,82,496.80"),
            debitless_charges: amts("354.00", "826.00"),
            expense: amts("2,34,176.60", "3,82,496.80"),
            income: amts("2,36,450.40", "4,02,540.95"),
            expense_to_income_ratio: two(0.99, 0.95),
            number_of_transactions: two(23, 23),
            total_creditcard_payment: amts("0.00", "0.00"),
            total_inward_payment_bounce: amts("0.00", "0.00"),
            total_salary: amts("0.00", "0.00"),
            max_balance: amts("4,73,498.25", "4,54,800.75"),
            min_balance: amts("2,93,574.15", "2,01,349.95"),
            avg_balance: amts("3,41,208.66", "2,87,640.10"),
            bal_last: amts("3,54,767.95", "3,32,494.15"),
            balance_on_1st: amts("3,32,494.15", "3,12,450.00"),
            balance_on_5th: amts("3,13,574.15", "2,93,530.00"),
            balance_on_10th: amts("3,27,810.40", "3,05,116.25"),
            balance_on_15th: amts("3,46,902.75", "4,54,800.75"),
            balance_on_20th: amts("4,52,677.05", "2,04,800.75"),
            balance_on_25th: amts("3,61,240.30", "2,18,662.95"),
            balance_on_30th: amts("3,54,767.95", "3,32,494.15"),
            bal_avgof_6dates: amts("3,55,638.11", "3,03,122.12"),
            balance_net_off_on_1st: amts("3,32,494.15", "3,12,450.00"),
            balance_net_off_on_5th: amts("3,13,574.15", "2,93,530.00"),
            balance_net_off_on_10th: amts("3,27,810.40", "3,05,116.25"),
            balance_net_off_on_15th: amts("3,46,902.75", "4,54,800.75"),
            balance_net_off_on_20th: amts("4,52,677.05", "2,04,800.75"),
            balance_net_off_on_25th: amts("3,61,240.30", "2,18,662.95"),
            balance_net_off_on_30th: amts("3,54,767.95", "3,32,494.15"),
        },
    }
}

pub fn predictors() -> Vec<AccountPredictors> {
    vec![
        AccountPredictors { account_id: ACC_HDFC.into(), predictors: hdfc_predictors() },
        AccountPredictors { account_id: ACC_ICICI.into(), predictors: icici_predictors() },
    ]
}
