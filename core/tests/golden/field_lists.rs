//! Field lists copied by hand from `shared/spec/interface.md` (2.10, 2.12),
//! compared with the types' own lists and with the golden files.

use bankscope::resources::{MonthlyAnalysis, Predictors};

use super::{golden_value, keys};

/// Interface 2.10, table order; combined rows (`a / b`) split in their order.
const MONTHLY_ANALYSIS_FIELDS: &[&str] = &[
    "amt_auto_debit_payment_bounce_credit",
    "amt_auto_debit_payment_debit",
    "amt_bank_charge_debit",
    "amt_bank_interest_credit",
    "amt_bill_payment_debit",
    "amt_cash_deposit_credit",
    "amt_cash_withdrawl_debit",
    "amt_chq_credit",
    "amt_chq_debit",
    "amt_income_credit",
    "amt_credit",
    "amt_debit",
    "amt_debit_card_debit",
    "amt_international_transaction_arbitrage_credit",
    "amt_international_transaction_arbitrage_debit",
    "amt_investment_cashin_credit",
    "amt_net_banking_transfer_credit",
    "amt_net_banking_transfer_debit",
    "amt_outward_cheque_bounce_debit",
    "amt_inward_cheque_bounce_credit",
    "amt_outward_cheque_bounce_insuff_funds_debit",
    "amt_inward_cheque_bounce_insuff_funds_credit",
    "amt_ach_bounce_charge",
    "amt_chq_bounce_charge",
    "amt_bounce_charge",
    "amt_payment_gateway_purchase_debit",
    "amt_refund_credit",
    "amt_upi_credit",
    "amt_upi_debit",
    "amt_emi_debit",
    "amt_emi_bounce_credit",
    "amt_credit_card_bill_debit",
    "amt_investment",
    "amt_loan_credits",
    "amt_business_credit",
    "amt_self_transfer_credit",
    "amt_self_transfer_debit",
    "avg_bal",
    "avg_credit_transaction_size",
    "avg_debit_transaction_size",
    "avg_emi",
    "closing_balance",
    "opening_balance",
    "cnt_auto_debit_payment_bounce_credit",
    "cnt_auto_debit_payment_debit",
    "cnt_bank_charge_debit",
    "cnt_bank_interest_credit",
    "cnt_bill_payment_debit",
    "cnt_cash_deposit_credit",
    "cnt_cash_withdrawl_debit",
    "cnt_chq_credit",
    "cnt_chq_debit",
    "cnt_income_credit",
    "cnt_credit",
    "cnt_debit",
    "cnt_debit_card_debit",
    "cnt_international_transaction_arbitrage_credit",
    "cnt_international_transaction_arbitrage_debit",
    "cnt_investment_cashin_credit",
    "cnt_net_banking_transfer_credit",
    "cnt_net_banking_transfer_debit",
    "cnt_outward_cheque_bounce_debit",
    "cnt_inward_cheque_bounce_credit",
    "cnt_inward_cheque_bounce_insuff_funds_credit",
    "cnt_outward_cheque_bounce_insuff_funds_debit",
    "cnt_ach_bounce_charge",
    "cnt_chq_bounce_charge",
    "cnt_bounce_charge",
    "cnt_payment_gateway_purchase_debit",
    "cnt_emi_debit",
    "cnt_emi_bounce_credit",
    "cnt_refund_credit",
    "cnt_transactions",
    "cnt_upi_credit",
    "cnt_upi_debit",
    "cnt_investment",
    "cnt_credit_card_bill_debit",
    "cnt_loan_credits",
    "cnt_business_credit",
    "cnt_self_transfer_debit",
    "cnt_self_transfer_credit",
    "max_bal",
    "min_bal",
    "max_eod_balance",
    "min_eod_balance",
    "median_balance",
    "mode_balance",
    "net_cash_inflow",
    "number_of_salary_transactions",
    "total_amount_of_salary",
    "perc_salary_spend_bill_payment",
    "perc_salary_spend_cash_withdrawl",
    "perc_salary_spend_debit_card",
    "perc_salary_spend_net_banking_transfer",
    "perc_salary_spend_upi",
];

/// Interface 2.12: scalar fields, then `accountnumber`.
const PREDICTOR_SCALARS: &[&str] =
    &["customer_name", "bank_name", "account_type", "ifsc_code", "end_date", "start_date", "accountnumber"];

/// Interface 2.12: month names.
const PREDICTOR_MONTHS: &[&str] = &["month_0", "month_1", "month_2", "month_3", "month_4", "month_5"];

/// Interface 2.12: non-indexed fields, table order, combined rows split.
const PREDICTOR_TOTALS: &[&str] = &[
    "month_duration",
    "annualised_credit",
    "cash_withdrawals",
    "chq_deposits",
    "chq_issues",
    "credits",
    "debits",
    "debitless_charges",
    "avg_monthly_expense",
    "avg_monthly_income",
    "avg_expense_to_income_perc",
    "inward_chq_bounces",
    "outward_chq_bounces",
    "net_banking_credits",
    "net_banking_debits",
    "pos_expenses",
    "reversals",
    "total_bounce_or_penal_charge",
    "total_cash_withdrawal",
    "total_chq_deposit",
    "total_chq_issue",
    "total_creditcard_payment",
    "total_emi_ecs_loan",
    "total_expense",
    "total_income",
    "avg_daily_closing_balance",
    "avg_monthly_closing_balance",
];

/// Interface 2.12: indexed name prefixes, table order, combined rows split.
const PREDICTOR_PREFIXES: &[&str] = &[
    "credits_",
    "debits_",
    "debitless_charges_",
    "expense_",
    "income_",
    "expense_to_income_ratio_",
    "number_of_transactions_",
    "total_creditcard_payment_",
    "total_inward_payment_bounce_",
    "total_salary_",
    "max_balance_",
    "min_balance_",
    "avg_balance_",
    "bal_last_",
    "balance_on_1st_",
    "balance_on_5th_",
    "balance_on_10th_",
    "balance_on_15th_",
    "balance_on_20th_",
    "balance_on_25th_",
    "balance_on_30th_",
    "bal_avgof_6dates_",
    "balance_net_off_on_1st_",
    "balance_net_off_on_5th_",
    "balance_net_off_on_10th_",
    "balance_net_off_on_15th_",
    "balance_net_off_on_20th_",
    "balance_net_off_on_25th_",
    "balance_net_off_on_30th_",
];

fn predictor_keys() -> Vec<String> {
    let mut all: Vec<String> =
        PREDICTOR_SCALARS.iter().chain(PREDICTOR_MONTHS).chain(PREDICTOR_TOTALS).map(|s| s.to_string()).collect();
    for prefix in PREDICTOR_PREFIXES {
        all.extend((0..6).map(|i| format!("{prefix}{i}")));
    }
    all
}

#[test]
fn monthly_analysis_has_exactly_the_interface_fields() {
    assert_eq!(MONTHLY_ANALYSIS_FIELDS.len(), 95);
    assert_eq!(MonthlyAnalysis::FIELD_NAMES, MONTHLY_ANALYSIS_FIELDS);
    let v = golden_value("monthly_analysis_updated.json");
    let accounts = v["monthly_analysis"].keys();
    assert_eq!(accounts.len(), 2);
    for account in accounts {
        assert_eq!(keys(&v["monthly_analysis"][account]["monthly_analysis"]), MONTHLY_ANALYSIS_FIELDS);
    }
}

#[test]
fn predictors_have_exactly_the_interface_fields() {
    let expected = predictor_keys();
    assert_eq!(expected.len(), 7 + 6 + 27 + 29 * 6);
    assert_eq!(Predictors::FIELD_NAMES, expected);
    let v = golden_value("predictors.json");
    for item in v["predictors"].items() {
        assert_eq!(keys(&item["predictors"]), expected);
    }
}
