//! Values the interface leaves "not shown": transaction channels, merchant
//! categories, fixed descriptions, fraud types and fraud categories. These are
//! the real service's values (see `shared/DESIGN.md`), spelling included
//! (`cash_withdrawl`).

use serde::{Deserialize, Serialize};

macro_rules! string_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident { $( $(#[$vmeta:meta])* $variant:ident = $text:literal ),+ $(,)? }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum $name {
            $( $(#[$vmeta])* #[serde(rename = $text)] $variant ),+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The exact string of the interface.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }

            /// The value for an exact interface string.
            pub fn from_name(text: &str) -> Option<$name> {
                match text { $($text => Some($name::$variant),)+ _ => None }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

string_enum! {
    /// `transaction_channel`: how money moved.
    pub enum Channel {
        /// Unified Payments Interface.
        Upi = "upi",
        /// NEFT, IMPS, RTGS, internal fund transfers.
        NetBankingTransfer = "net_banking_transfer",
        /// ATM or branch cash withdrawal (the interface's spelling).
        CashWithdrawl = "cash_withdrawl",
        /// Cash deposited at a branch or machine.
        CashDeposit = "cash_deposit",
        /// Card spend at a shop or online.
        DebitCard = "debit_card",
        /// ACH / NACH / ECS / standing-instruction debit.
        AutoDebitPayment = "auto_debit_payment",
        /// An auto-debit that was returned unpaid.
        AutoDebitPaymentBounce = "auto_debit_payment_bounce",
        /// Biller payment (BillDesk, BBPS, utilities).
        BillPayment = "bill_payment",
        /// Fees and charges levied by the bank.
        BankCharge = "bank_charge",
        /// Interest paid by the bank.
        BankInterest = "bank_interest",
        /// Cheque paid or deposited.
        Chq = "chq",
        /// A cheque deposited by the holder returned unpaid.
        InwardChequeBounce = "inward_cheque_bounce",
        /// A cheque issued by the holder returned unpaid.
        OutwardChequeBounce = "outward_cheque_bounce",
        /// Payment through an online payment gateway.
        PaymentGatewayPurchase = "payment_gateway_purchase",
        /// Money returned by a merchant.
        Refund = "refund",
        /// A transaction reversed by the bank.
        Reversal = "reversal",
        /// Salary credit.
        Salary = "salary",
        /// Between the holder's own accounts.
        SelfTransfer = "self_transfer",
        /// Money put into investments.
        Investment = "investment",
        /// Money coming back from investments.
        InvestmentCashin = "investment_cashin",
        /// Forex / international arbitrage.
        InternationalTransactionArbitrage = "international_transaction_arbitrage",
        /// Demand draft.
        DemandDraft = "demand_draft",
        /// Automatic credit (sweeps, standing credits).
        AutoCredit = "auto_credit",
        /// Anything else.
        Other = "Other",
    }
}

impl Channel {
    /// The upper-case form recurring sets carry (`UPI`, `AUTO_DEBIT_PAYMENT`, `OTHER`).
    pub fn upper(self) -> String {
        self.as_str().to_ascii_uppercase()
    }
}

string_enum! {
    /// `merchant_category`: what kind of merchant; [`MerchantCategory::None`] is `""`.
    pub enum MerchantCategory {
        /// Not a merchant transaction.
        None = "",
        /// Restaurants and food delivery.
        Food = "food",
        /// Groceries.
        Groceries = "groceries",
        /// Shops.
        Shopping = "shopping",
        /// Online marketplaces.
        OnlineShopping = "online_shopping",
        /// Travel and transport.
        Travel = "travel",
        /// Fuel stations.
        Fuel = "fuel",
        /// Entertainment and subscriptions.
        Entertainment = "entertainment",
        /// Pharmacies, hospitals, diagnostics.
        Medical = "medical",
        /// Bills.
        Bills = "bills",
        /// Utilities (power, water, gas, telecom).
        Utilities = "utilities",
        /// Wallet top-ups.
        Ewallet = "ewallet",
        /// Mutual funds and other investments.
        Investments = "investments",
        /// Stock brokers.
        Trading = "trading",
        /// Lenders.
        Loans = "loans",
        /// Insurers.
        Insurance = "insurance",
        /// Taxes.
        Tax = "tax",
        /// Buy-now-pay-later.
        Bnpl = "bnpl",
        /// Liquor.
        Alcohol = "alcohol",
        /// Betting and gaming.
        Gambling = "gambling",
    }
}

// The macro cannot place `#[default]` on one variant.
#[allow(clippy::derivable_impls)]
impl Default for MerchantCategory {
    fn default() -> Self {
        MerchantCategory::None
    }
}

string_enum! {
    /// `fraud_category`: the family a fraud type belongs to.
    pub enum FraudCategory {
        /// PDF metadata and structure.
        Metadata = "metadata",
        /// Running balances that do not add up.
        Accounting = "accounting",
        /// A single transaction that breaks a rule.
        Transaction = "transaction",
        /// Patterns across the account.
        Behavioural = "behavioural",
    }
}

string_enum! {
    /// `fraud_type`: one detected fraud signal.
    pub enum FraudType {
        /// Producer or creator not a known producer of that bank, or an editing tool.
        AuthorFraud = "author_fraud",
        /// Modified long after creation.
        DateFraud = "date_fraud",
        /// Incremental updates appended to the original file.
        IncrementalEdits = "incremental_edits",
        /// Acrobat's `/TouchUp_TextEdit` marker.
        TextEditMarker = "text_edit_marker",
        /// Fonts that differ inside the transaction table.
        MixedFonts = "mixed_fonts",
        /// Text hidden, in white, or under a filled rectangle.
        OverlaidText = "overlaid_text",
        /// A figure of the table set off its column's common right edge.
        MisalignedFigure = "misaligned_figure",
        /// The running balance breaks.
        InconsistentTransaction = "inconsistent_transaction",
        /// An opening balance that does not continue the previous statement.
        OpeningBalanceMismatch = "opening_balance_mismatch",
        /// End-of-day balance below zero without an overdraft limit.
        NegativeBalance = "negative_balance",
        /// RTGS below ₹2,00,000.
        MinRtgsAmount = "min_rtgs_amount",
        /// UPI above the per-transaction limit.
        MaxUpiLimitPerTransaction = "max_upi_limit_per_transaction",
        /// IMPS above the per-transaction limit.
        MaxImpsLimitPerTransaction = "max_imps_limit_per_transaction",
        /// A transaction dated on a bank holiday.
        BankHolidayTransaction = "bank_holiday_transaction",
        /// Cash deposits larger than salary.
        MoreCashDepositsThanSalary = "more_cash_deposits_than_salary",
        /// Most transactions in cash.
        MostlyCashTransactions = "mostly_cash_transactions",
        /// Credits and debits that mirror each other.
        EqualCreditDebit = "equal_credit_debit",
        /// Salary in exact multiples of 1,000.
        Salary1000Multiple = "salary_1000_multiple",
        /// Credits on more than 15 days of a month.
        MoreThan15DaysCredit = "more_than_15_days_credit",
    }
}

impl FraudType {
    /// The category the type belongs to.
    pub fn category(self) -> FraudCategory {
        use FraudType::*;
        match self {
            AuthorFraud | DateFraud | IncrementalEdits | TextEditMarker | MixedFonts | OverlaidText
            | MisalignedFigure => FraudCategory::Metadata,
            InconsistentTransaction | OpeningBalanceMismatch => FraudCategory::Accounting,
            NegativeBalance
            | MinRtgsAmount
            | MaxUpiLimitPerTransaction
            | MaxImpsLimitPerTransaction
            | BankHolidayTransaction => FraudCategory::Transaction,
            MoreCashDepositsThanSalary
            | MostlyCashTransactions
            | EqualCreditDebit
            | Salary1000Multiple
            | MoreThan15DaysCredit => FraudCategory::Behavioural,
        }
    }
}

/// Fixed `description` values. Person-to-person transfers use free text
/// (`Transfer to NAME` / `Transfer from NAME`); anything else is `""`.
pub mod description {
    /// EMI, disbursal or bounce with a lender.
    pub const LENDER_TRANSACTION: &str = "lender_transaction";
    /// Credit card bill payment.
    pub const CREDIT_CARD_BILL: &str = "credit_card_bill";
    /// Mobile / broadband bill.
    pub const TELCO_BILL: &str = "telco_bill";
    /// Electricity bill.
    pub const ELECTRIC_BILL: &str = "electric_bill";
    /// Penal charge for an overdue instalment.
    pub const PENALTY_CHARGE: &str = "penalty_charge";
    /// Charge for a returned auto-debit.
    pub const ACH_BOUNCE_CHARGE: &str = "ach_bounce_charge";
    /// Charge for a returned cheque.
    pub const CHQ_BOUNCE_CHARGE: &str = "chq_bounce_charge";
    /// Cheque returned for insufficient funds.
    pub const CHQ_BOUNCE_INSUFF_FUNDS: &str = "chq_bounce_insuff_funds";
    /// NEFT returned.
    pub const NEFT_RETURN: &str = "neft_return";
    /// Cash deposited by machine.
    pub const DEPOSIT_BY_MACHINE: &str = "deposit_by_machine";
    /// Between the holder's own accounts.
    pub const SELF_TRANSFER: &str = "self_transfer";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_match_serde() {
        for c in Channel::ALL {
            assert_eq!(Channel::from_name(c.as_str()), Some(*c));
            assert_eq!(serde_json::to_string(c).ok(), Some(format!("\"{}\"", c.as_str())));
        }
        for m in MerchantCategory::ALL {
            assert_eq!(MerchantCategory::from_name(m.as_str()), Some(*m));
        }
        for f in FraudType::ALL {
            assert_eq!(FraudType::from_name(f.as_str()), Some(*f));
        }
        assert_eq!(Channel::CashWithdrawl.as_str(), "cash_withdrawl");
        assert_eq!(Channel::AutoDebitPayment.upper(), "AUTO_DEBIT_PAYMENT");
        assert_eq!(Channel::Other.upper(), "OTHER");
        assert_eq!(MerchantCategory::None.as_str(), "");
        assert_eq!(FraudType::MinRtgsAmount.category(), FraudCategory::Transaction);
        assert_eq!(FraudType::Salary1000Multiple.category(), FraudCategory::Behavioural);
    }
}
