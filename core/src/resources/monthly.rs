//! Monthly analysis (interface 2.10).

use serde::{Deserialize, Serialize};

use super::month::MonthLabel;
use super::ordered_map::OrderedMap;
use crate::money::Money;

/// Values of one analysis field per month (`Mmm-YYYY`, chronological).
pub type ByMonth<V> = OrderedMap<MonthLabel, V>;

/// One entry of the response's `monthly_analysis` map (keyed by account id):
/// `{"monthly_analysis": {...}}`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AccountMonthlyAnalysis {
    /// The account's analysis.
    pub monthly_analysis: MonthlyAnalysis,
}

/// Declares [`MonthlyAnalysis`]: one field per analysis name of the interface,
/// in the interface's order, plus the list of names and a zero constructor.
macro_rules! monthly_analysis {
    ($( $(#[doc = $doc:literal])* $name:ident : $ty:ty, )+) => {
        /// The analysis of one account: every field of interface 2.10, each a map
        /// from month (`Mmm-YYYY`) to a value.
        ///
        /// Amounts and balances are [`Money`], counts `u32`, percentages `f64`.
        /// Average, median and mode balances are over end-of-day balances with
        /// missing days filled (previous EOD carried forward; before the first,
        /// the closest available date).
        #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct MonthlyAnalysis {
            $( $(#[doc = $doc])* pub $name: ByMonth<$ty>, )+
        }

        impl MonthlyAnalysis {
            /// Every field name, in output order.
            pub const FIELD_NAMES: &'static [&'static str] = &[$(stringify!($name)),+];

            /// Every field with every month of `months` at zero, in the order given:
            /// the starting point of an analysis, and what a month without
            /// transactions reports.
            pub fn zeroed(months: &[MonthLabel]) -> Self {
                MonthlyAnalysis {
                    $( $name: months.iter().map(|m| (*m, <$ty>::default())).collect(), )+
                }
            }

            /// The months of the analysis: the keys of `amt_credit`.
            pub fn months(&self) -> impl Iterator<Item = MonthLabel> + '_ {
                self.amt_credit.keys().copied()
            }
        }
    };
}

monthly_analysis! {
        /// Total auto-debit bounce amount.
        amt_auto_debit_payment_bounce_credit: Money,
        /// Total auto-debit payments.
        amt_auto_debit_payment_debit: Money,
        /// Total bank charges.
        amt_bank_charge_debit: Money,
        /// Total bank interest.
        amt_bank_interest_credit: Money,
        /// Total bill payments.
        amt_bill_payment_debit: Money,
        /// Total cash deposited.
        amt_cash_deposit_credit: Money,
        /// Total cash withdrawn.
        amt_cash_withdrawl_debit: Money,
        /// Total credited through cheque.
        amt_chq_credit: Money,
        /// Total debited through cheque.
        amt_chq_debit: Money,
        /// Total credited excluding inward cheque bounce, auto-debit payment bounce, international transaction arbitrage credits and loan credits.
        amt_income_credit: Money,
        /// Total credited.
        amt_credit: Money,
        /// Total debited.
        amt_debit: Money,
        /// Total spent by debit card.
        amt_debit_card_debit: Money,
        /// Total credit from price difference of an asset in two markets.
        amt_international_transaction_arbitrage_credit: Money,
        /// Total debit from price difference of an asset in two markets.
        amt_international_transaction_arbitrage_debit: Money,
        /// Total investment cash-ins.
        amt_investment_cashin_credit: Money,
        /// Total credited through transfers.
        amt_net_banking_transfer_credit: Money,
        /// Total debited through transfers.
        amt_net_banking_transfer_debit: Money,
        /// Total debited through outward cheque bounce.
        amt_outward_cheque_bounce_debit: Money,
        /// Total credited through inward cheque bounce.
        amt_inward_cheque_bounce_credit: Money,
        /// Outward cheque bounce, insufficient funds.
        amt_outward_cheque_bounce_insuff_funds_debit: Money,
        /// Inward cheque bounce, insufficient funds.
        amt_inward_cheque_bounce_insuff_funds_credit: Money,
        /// Total debited as ACH bounce charge.
        amt_ach_bounce_charge: Money,
        /// Total debited as cheque bounce charge.
        amt_chq_bounce_charge: Money,
        /// ACH bounce charge plus cheque bounce charge.
        amt_bounce_charge: Money,
        /// Total payment gateway purchases.
        amt_payment_gateway_purchase_debit: Money,
        /// Total refunds.
        amt_refund_credit: Money,
        /// Total credited through UPI.
        amt_upi_credit: Money,
        /// Total debited through UPI.
        amt_upi_debit: Money,
        /// Total debited as loan EMI.
        amt_emi_debit: Money,
        /// Total credited through EMI bounce.
        amt_emi_bounce_credit: Money,
        /// Total debited for credit card bills.
        amt_credit_card_bill_debit: Money,
        /// Total investments.
        amt_investment: Money,
        /// Total loan credits.
        amt_loan_credits: Money,
        /// Total income credit transactions whose amount is greater than 500.
        amt_business_credit: Money,
        /// Total self-transfer credit.
        amt_self_transfer_credit: Money,
        /// Total self-transfer debit.
        amt_self_transfer_debit: Money,
        /// Average of EOD balances (missing days filled).
        avg_bal: Money,
        /// Average credit transaction size.
        avg_credit_transaction_size: Money,
        /// Average debit transaction size.
        avg_debit_transaction_size: Money,
        /// Average loan EMI amount.
        avg_emi: Money,
        /// Closing balance.
        closing_balance: Money,
        /// Opening balance.
        opening_balance: Money,
        /// Number of auto-debit bounces.
        cnt_auto_debit_payment_bounce_credit: u32,
        /// Number of auto-debited payments.
        cnt_auto_debit_payment_debit: u32,
        /// Number of bank charge payments.
        cnt_bank_charge_debit: u32,
        /// Number of bank interest credits.
        cnt_bank_interest_credit: u32,
        /// Number of bill payments.
        cnt_bill_payment_debit: u32,
        /// Number of cash deposits.
        cnt_cash_deposit_credit: u32,
        /// Number of cash withdrawals.
        cnt_cash_withdrawl_debit: u32,
        /// Number of cheque credits.
        cnt_chq_credit: u32,
        /// Number of cheque debits.
        cnt_chq_debit: u32,
        /// Number of income credits.
        cnt_income_credit: u32,
        /// Number of credits.
        cnt_credit: u32,
        /// Number of debits.
        cnt_debit: u32,
        /// Number of debit card transactions.
        cnt_debit_card_debit: u32,
        /// Number of international credits.
        cnt_international_transaction_arbitrage_credit: u32,
        /// Number of international debits.
        cnt_international_transaction_arbitrage_debit: u32,
        /// Number of investment cash-ins.
        cnt_investment_cashin_credit: u32,
        /// Number of net banking credits.
        cnt_net_banking_transfer_credit: u32,
        /// Number of net banking debits.
        cnt_net_banking_transfer_debit: u32,
        /// Number of outward cheque bounce transactions.
        cnt_outward_cheque_bounce_debit: u32,
        /// Number of inward cheque bounce transactions.
        cnt_inward_cheque_bounce_credit: u32,
        /// Number of inward cheque bounces, insufficient funds.
        cnt_inward_cheque_bounce_insuff_funds_credit: u32,
        /// Number of outward cheque bounces, insufficient funds.
        cnt_outward_cheque_bounce_insuff_funds_debit: u32,
        /// Number of ACH bounce charge debits.
        cnt_ach_bounce_charge: u32,
        /// Number of cheque bounce charge debits.
        cnt_chq_bounce_charge: u32,
        /// Number of bounce charge debits (ACH and cheque).
        cnt_bounce_charge: u32,
        /// Number of payment gateway purchases.
        cnt_payment_gateway_purchase_debit: u32,
        /// Number of EMI debits.
        cnt_emi_debit: u32,
        /// Number of EMI bounce credits.
        cnt_emi_bounce_credit: u32,
        /// Number of refunds.
        cnt_refund_credit: u32,
        /// Number of transactions.
        cnt_transactions: u32,
        /// Number of UPI credits.
        cnt_upi_credit: u32,
        /// Number of UPI debits.
        cnt_upi_debit: u32,
        /// Number of investments.
        cnt_investment: u32,
        /// Number of credit card bill transactions.
        cnt_credit_card_bill_debit: u32,
        /// Number of loan credits.
        cnt_loan_credits: u32,
        /// Number of income credits greater than 500.
        cnt_business_credit: u32,
        /// Number of self-transfer debits.
        cnt_self_transfer_debit: u32,
        /// Number of self-transfer credits.
        cnt_self_transfer_credit: u32,
        /// Maximum balance.
        max_bal: Money,
        /// Minimum balance.
        min_bal: Money,
        /// Maximum EOD balance.
        max_eod_balance: Money,
        /// Minimum EOD balance.
        min_eod_balance: Money,
        /// Median of EOD balances (missing days filled).
        median_balance: Money,
        /// Mode of EOD balances (missing days filled).
        mode_balance: Money,
        /// Total credited minus total debited.
        net_cash_inflow: Money,
        /// Number of salary transactions.
        number_of_salary_transactions: u32,
        /// Total salary.
        total_amount_of_salary: Money,
        /// % of salary spent on bill payment (7 days).
        perc_salary_spend_bill_payment: f64,
        /// % of salary spent by cash withdrawal (7 days).
        perc_salary_spend_cash_withdrawl: f64,
        /// % of salary spent by debit card (7 days).
        perc_salary_spend_debit_card: f64,
        /// % of salary spent by net banking (7 days).
        perc_salary_spend_net_banking_transfer: f64,
        /// % of salary spent by UPI (7 days).
        perc_salary_spend_upi: f64,
}
