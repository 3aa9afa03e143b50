//! Monthly analysis (interface 2.10).

use serde::{Deserialize, Serialize};

use super::ordered_map::OrderedMap;
use crate::analysis::monthly::Tally;
use crate::model::{MonthLabel, TxnType};
use crate::money::Money;
use crate::taxonomy::Channel;

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

impl MonthlyAnalysis {
    /// The account's monthly tallies ([`crate::analysis::monthly::tally`])
    /// written as the interface's fields.
    pub fn from_tally(tally: &Tally) -> MonthlyAnalysis {
        use Channel::*;
        use TxnType::{Credit, Debit};
        let labels: Vec<MonthLabel> = tally.months.iter().map(|m| MonthLabel(m.month)).collect();
        let mut a = MonthlyAnalysis::zeroed(&labels);
        let per = &tally.months;
        macro_rules! fill {
            ($($field:ident: $m:ident => $value:expr;)+) => {
                $( for ((_, v), $m) in a.$field.iter_mut().zip(per.iter()) { *v = $value; } )+
            };
        }
        fill! {
            amt_auto_debit_payment_bounce_credit: m => m.channel(AutoDebitPaymentBounce, Credit).amount;
            amt_auto_debit_payment_debit: m => m.channel(AutoDebitPayment, Debit).amount;
            amt_bank_charge_debit: m => m.channel(BankCharge, Debit).amount;
            amt_bank_interest_credit: m => m.channel(BankInterest, Credit).amount;
            amt_bill_payment_debit: m => m.channel(BillPayment, Debit).amount;
            amt_cash_deposit_credit: m => m.channel(CashDeposit, Credit).amount;
            amt_cash_withdrawl_debit: m => m.channel(CashWithdrawl, Debit).amount;
            amt_chq_credit: m => m.channel(Chq, Credit).amount;
            amt_chq_debit: m => m.channel(Chq, Debit).amount;
            amt_income_credit: m => m.income.amount;
            amt_credit: m => m.credit.amount;
            amt_debit: m => m.debit.amount;
            amt_debit_card_debit: m => m.channel(DebitCard, Debit).amount;
            amt_international_transaction_arbitrage_credit: m => m.channel(InternationalTransactionArbitrage, Credit).amount;
            amt_international_transaction_arbitrage_debit: m => m.channel(InternationalTransactionArbitrage, Debit).amount;
            amt_investment_cashin_credit: m => m.channel(InvestmentCashin, Credit).amount;
            amt_net_banking_transfer_credit: m => m.channel(NetBankingTransfer, Credit).amount;
            amt_net_banking_transfer_debit: m => m.channel(NetBankingTransfer, Debit).amount;
            amt_outward_cheque_bounce_debit: m => m.channel(OutwardChequeBounce, Debit).amount;
            amt_inward_cheque_bounce_credit: m => m.channel(InwardChequeBounce, Credit).amount;
            amt_outward_cheque_bounce_insuff_funds_debit: m => m.outward_insuff_funds.amount;
            amt_inward_cheque_bounce_insuff_funds_credit: m => m.inward_insuff_funds.amount;
            amt_ach_bounce_charge: m => m.ach_bounce_charge.amount;
            amt_chq_bounce_charge: m => m.chq_bounce_charge.amount;
            amt_bounce_charge: m => m.ach_bounce_charge.amount + m.chq_bounce_charge.amount;
            amt_payment_gateway_purchase_debit: m => m.channel(PaymentGatewayPurchase, Debit).amount;
            amt_refund_credit: m => m.channel(Refund, Credit).amount;
            amt_upi_credit: m => m.channel(Upi, Credit).amount;
            amt_upi_debit: m => m.channel(Upi, Debit).amount;
            amt_emi_debit: m => m.emi.amount;
            amt_emi_bounce_credit: m => m.emi_bounce.amount;
            amt_credit_card_bill_debit: m => m.credit_card_bill.amount;
            amt_investment: m => m.channel(Investment, Debit).amount;
            amt_loan_credits: m => m.loan_credit.amount;
            amt_business_credit: m => m.business.amount;
            amt_self_transfer_credit: m => m.channel(SelfTransfer, Credit).amount;
            amt_self_transfer_debit: m => m.channel(SelfTransfer, Debit).amount;
            avg_bal: m => m.eod.avg;
            avg_credit_transaction_size: m => m.credit.mean();
            avg_debit_transaction_size: m => m.debit.mean();
            avg_emi: m => m.emi.mean();
            closing_balance: m => m.closing;
            opening_balance: m => m.opening;
            cnt_auto_debit_payment_bounce_credit: m => m.channel(AutoDebitPaymentBounce, Credit).count;
            cnt_auto_debit_payment_debit: m => m.channel(AutoDebitPayment, Debit).count;
            cnt_bank_charge_debit: m => m.channel(BankCharge, Debit).count;
            cnt_bank_interest_credit: m => m.channel(BankInterest, Credit).count;
            cnt_bill_payment_debit: m => m.channel(BillPayment, Debit).count;
            cnt_cash_deposit_credit: m => m.channel(CashDeposit, Credit).count;
            cnt_cash_withdrawl_debit: m => m.channel(CashWithdrawl, Debit).count;
            cnt_chq_credit: m => m.channel(Chq, Credit).count;
            cnt_chq_debit: m => m.channel(Chq, Debit).count;
            cnt_income_credit: m => m.income.count;
            cnt_credit: m => m.credit.count;
            cnt_debit: m => m.debit.count;
            cnt_debit_card_debit: m => m.channel(DebitCard, Debit).count;
            cnt_international_transaction_arbitrage_credit: m => m.channel(InternationalTransactionArbitrage, Credit).count;
            cnt_international_transaction_arbitrage_debit: m => m.channel(InternationalTransactionArbitrage, Debit).count;
            cnt_investment_cashin_credit: m => m.channel(InvestmentCashin, Credit).count;
            cnt_net_banking_transfer_credit: m => m.channel(NetBankingTransfer, Credit).count;
            cnt_net_banking_transfer_debit: m => m.channel(NetBankingTransfer, Debit).count;
            cnt_outward_cheque_bounce_debit: m => m.channel(OutwardChequeBounce, Debit).count;
            cnt_inward_cheque_bounce_credit: m => m.channel(InwardChequeBounce, Credit).count;
            cnt_inward_cheque_bounce_insuff_funds_credit: m => m.inward_insuff_funds.count;
            cnt_outward_cheque_bounce_insuff_funds_debit: m => m.outward_insuff_funds.count;
            cnt_ach_bounce_charge: m => m.ach_bounce_charge.count;
            cnt_chq_bounce_charge: m => m.chq_bounce_charge.count;
            cnt_bounce_charge: m => m.ach_bounce_charge.count.saturating_add(m.chq_bounce_charge.count);
            cnt_payment_gateway_purchase_debit: m => m.channel(PaymentGatewayPurchase, Debit).count;
            cnt_emi_debit: m => m.emi.count;
            cnt_emi_bounce_credit: m => m.emi_bounce.count;
            cnt_refund_credit: m => m.channel(Refund, Credit).count;
            cnt_transactions: m => m.transactions;
            cnt_upi_credit: m => m.channel(Upi, Credit).count;
            cnt_upi_debit: m => m.channel(Upi, Debit).count;
            cnt_investment: m => m.channel(Investment, Debit).count;
            cnt_credit_card_bill_debit: m => m.credit_card_bill.count;
            cnt_loan_credits: m => m.loan_credit.count;
            cnt_business_credit: m => m.business.count;
            cnt_self_transfer_debit: m => m.channel(SelfTransfer, Debit).count;
            cnt_self_transfer_credit: m => m.channel(SelfTransfer, Credit).count;
            max_bal: m => m.max_bal;
            min_bal: m => m.min_bal;
            max_eod_balance: m => m.eod.max;
            min_eod_balance: m => m.eod.min;
            median_balance: m => m.eod.median;
            mode_balance: m => m.eod.mode;
            net_cash_inflow: m => m.credit.amount - m.debit.amount;
            number_of_salary_transactions: m => m.salary.count;
            total_amount_of_salary: m => m.salary.amount;
            perc_salary_spend_bill_payment: m => m.salary_spend_perc(0);
            perc_salary_spend_cash_withdrawl: m => m.salary_spend_perc(1);
            perc_salary_spend_debit_card: m => m.salary_spend_perc(2);
            perc_salary_spend_net_banking_transfer: m => m.salary_spend_perc(3);
            perc_salary_spend_upi: m => m.salary_spend_perc(4);
        }
        a
    }
}
