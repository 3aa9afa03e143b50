//! The twelve read responses (interface section 4) and [`Resource`], the name of
//! each read endpoint.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::account::{Account, AccountShape, IdentityItem};
use super::categories::ExpenseCategory;
use super::fraud::Fraud;
use super::monthly::AccountMonthlyAnalysis;
use super::ordered_map::OrderedMap;
use super::predictors::AccountPredictors;
use super::progress::Progress;
use super::recurring::RecurringTransactions;
use super::report::ReportLink;
use super::score::AccountScore;
use super::top::TopCreditsDebits;
use super::transaction::{SalaryTransaction, TransactionItem};

/// The read endpoints, `GET {base_url}/v1/entity/<entity_id>/<path_suffix>/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Resource {
    /// `accounts` → [`AccountsResponse`].
    Accounts,
    /// `identity` → [`IdentityResponse`].
    Identity,
    /// `transactions` → [`TransactionsResponse`].
    Transactions,
    /// `salary` → [`SalaryResponse`].
    Salary,
    /// `recurring_transactions` → [`RecurringTransactionsResponse`].
    RecurringTransactions,
    /// `lender_transactions` → [`LenderTransactionsResponse`].
    LenderTransactions,
    /// `get_expense_categories` → [`ExpenseCategoriesResponse`].
    ExpenseCategories,
    /// `top_credits_debits` → [`TopCreditsDebitsResponse`].
    TopCreditsDebits,
    /// `monthly_analysis_updated` → [`MonthlyAnalysisResponse`].
    MonthlyAnalysis,
    /// `xlsx_report` → [`XlsxReportResponse`].
    XlsxReport,
    /// `predictors` → [`PredictorsResponse`].
    Predictors,
    /// `score` → [`ScoreResponse`].
    Score,
}

impl Resource {
    /// Every read endpoint, in the order of the interface's table.
    pub const ALL: &'static [Resource] = &[
        Resource::Accounts,
        Resource::Identity,
        Resource::Transactions,
        Resource::Salary,
        Resource::RecurringTransactions,
        Resource::LenderTransactions,
        Resource::ExpenseCategories,
        Resource::TopCreditsDebits,
        Resource::MonthlyAnalysis,
        Resource::XlsxReport,
        Resource::Predictors,
        Resource::Score,
    ];

    /// The path segment after `/v1/entity/<entity_id>/` (without slashes).
    pub fn path_suffix(self) -> &'static str {
        match self {
            Resource::Accounts => "accounts",
            Resource::Identity => "identity",
            Resource::Transactions => "transactions",
            Resource::Salary => "salary",
            Resource::RecurringTransactions => "recurring_transactions",
            Resource::LenderTransactions => "lender_transactions",
            Resource::ExpenseCategories => "get_expense_categories",
            Resource::TopCreditsDebits => "top_credits_debits",
            Resource::MonthlyAnalysis => "monthly_analysis_updated",
            Resource::XlsxReport => "xlsx_report",
            Resource::Predictors => "predictors",
            Resource::Score => "score",
        }
    }

    /// The endpoint of an exact path suffix (`"accounts"`, `"monthly_analysis_updated"`, ...).
    pub fn from_name(name: &str) -> Option<Resource> {
        Resource::ALL.iter().copied().find(|r| r.path_suffix() == name)
    }

    /// A file name for the response: the path suffix with `.json` (`accounts.json`).
    pub fn file_name(self) -> &'static str {
        match self {
            Resource::Accounts => "accounts.json",
            Resource::Identity => "identity.json",
            Resource::Transactions => "transactions.json",
            Resource::Salary => "salary.json",
            Resource::RecurringTransactions => "recurring_transactions.json",
            Resource::LenderTransactions => "lender_transactions.json",
            Resource::ExpenseCategories => "get_expense_categories.json",
            Resource::TopCreditsDebits => "top_credits_debits.json",
            Resource::MonthlyAnalysis => "monthly_analysis_updated.json",
            Resource::XlsxReport => "xlsx_report.json",
            Resource::Predictors => "predictors.json",
            Resource::Score => "score.json",
        }
    }

    /// Whether the endpoint takes the optional `account_id` query parameter.
    pub fn filters_by_account(self) -> bool {
        matches!(
            self,
            Resource::Transactions
                | Resource::Salary
                | Resource::RecurringTransactions
                | Resource::LenderTransactions
                | Resource::ExpenseCategories
        )
    }

    /// The shape of the response's account objects, `None` for a response without `accounts`.
    pub fn account_shape(self) -> Option<AccountShape> {
        match self {
            Resource::Accounts => Some(AccountShape::Accounts),
            Resource::Identity => Some(AccountShape::Identity),
            Resource::Transactions => Some(AccountShape::Transactions),
            Resource::Salary => Some(AccountShape::Salary),
            Resource::RecurringTransactions => Some(AccountShape::Recurring),
            Resource::LenderTransactions => Some(AccountShape::Lender),
            Resource::MonthlyAnalysis => Some(AccountShape::MonthlyAnalysis),
            _ => None,
        }
    }
}

/// The path suffix.
impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.path_suffix())
    }
}

/// A response type of one read endpoint.
pub trait ReadResponse: Serialize + for<'de> Deserialize<'de> {
    /// The endpoint that returns it.
    const RESOURCE: Resource;
}

/// Declares a read response struct; every response has `entity_id` and
/// `progress` first, then its own fields in the interface's order.
macro_rules! response {
    (
        $(#[$meta:meta])*
        $name:ident = $resource:ident { $( $(#[doc = $doc:literal])* $field:ident : $ty:ty, )* }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            /// The entity (UUID4 text).
            pub entity_id: String,
            /// One object per statement.
            pub progress: Vec<Progress>,
            $( $(#[doc = $doc])* pub $field: $ty, )*
        }

        impl ReadResponse for $name {
            const RESOURCE: Resource = Resource::$resource;
        }
    };
}

response! {
    /// `GET .../accounts/`. Accounts are [`AccountShape::Accounts`].
    AccountsResponse = Accounts {
        /// Accounts of the entity.
        accounts: Vec<Account>,
        /// Detected fraud.
        fraud: Fraud,
    }
}

response! {
    /// `GET .../identity/`. Progress objects carry `transaction_status`
    /// ([`Progress::identity`]); accounts are [`AccountShape::Identity`].
    IdentityResponse = Identity {
        /// Accounts of the entity.
        accounts: Vec<Account>,
        /// Detected fraud.
        fraud: Fraud,
        /// One identity per account.
        identity: Vec<IdentityItem>,
    }
}

response! {
    /// `GET .../transactions/`. Accounts are [`AccountShape::Transactions`].
    TransactionsResponse = Transactions {
        /// Accounts of the entity.
        accounts: Vec<Account>,
        /// Detected fraud.
        fraud: Fraud,
        /// Transactions.
        transactions: Vec<TransactionItem>,
    }
}

response! {
    /// `GET .../salary/`. Accounts are [`AccountShape::Salary`].
    SalaryResponse = Salary {
        /// Accounts of the entity.
        accounts: Vec<Account>,
        /// Detected fraud.
        fraud: Fraud,
        /// Salary transactions.
        transactions: Vec<SalaryTransaction>,
    }
}

response! {
    /// `GET .../recurring_transactions/`. Accounts are [`AccountShape::Recurring`].
    RecurringTransactionsResponse = RecurringTransactions {
        /// Accounts of the entity.
        accounts: Vec<Account>,
        /// Detected fraud.
        fraud: Fraud,
        /// Recurring credit and debit sets.
        transactions: RecurringTransactions,
    }
}

response! {
    /// `GET .../lender_transactions/`. Accounts are [`AccountShape::Lender`].
    LenderTransactionsResponse = LenderTransactions {
        /// Accounts of the entity.
        accounts: Vec<Account>,
        /// Detected fraud.
        fraud: Fraud,
        /// Transactions with lenders (description `lender_transaction`).
        transactions: Vec<TransactionItem>,
    }
}

response! {
    /// `GET .../get_expense_categories/`.
    ExpenseCategoriesResponse = ExpenseCategories {
        /// Expense shares; they sum to 100.
        categories: Vec<ExpenseCategory>,
    }
}

response! {
    /// `GET .../top_credits_debits/`.
    TopCreditsDebitsResponse = TopCreditsDebits {
        /// Top five credits and debits per month.
        top_5_credit_debit: TopCreditsDebits,
    }
}

response! {
    /// `GET .../monthly_analysis_updated/`. Accounts are [`AccountShape::MonthlyAnalysis`].
    MonthlyAnalysisResponse = MonthlyAnalysis {
        /// Accounts of the entity.
        accounts: Vec<Account>,
        /// Account id → `{"monthly_analysis": {...}}`.
        monthly_analysis: OrderedMap<String, AccountMonthlyAnalysis>,
    }
}

response! {
    /// `GET .../xlsx_report/`. Empty while any statement is processing.
    XlsxReportResponse = XlsxReport {
        /// One workbook link per account.
        reports: Vec<ReportLink>,
    }
}

response! {
    /// `GET .../predictors/`. Empty while any statement is processing.
    PredictorsResponse = Predictors {
        /// Predictors per account.
        predictors: Vec<AccountPredictors>,
    }
}

response! {
    /// `GET .../score/`. Empty while any statement is processing.
    ScoreResponse = Score {
        /// Score per account.
        score: Vec<AccountScore>,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        assert_eq!(Resource::ALL.len(), 12);
        for &r in Resource::ALL {
            assert_eq!(Resource::from_name(r.path_suffix()), Some(r));
            assert_eq!(r.file_name(), format!("{}.json", r.path_suffix()));
            assert_eq!(r.to_string(), r.path_suffix());
        }
        assert_eq!(Resource::from_name("monthly_analysis_updated"), Some(Resource::MonthlyAnalysis));
        assert_eq!(Resource::from_name("monthly_analysis"), None);
        assert_eq!(Resource::from_name("/accounts/"), None);
        assert_eq!(AccountsResponse::RESOURCE, Resource::Accounts);
        assert_eq!(ScoreResponse::RESOURCE.file_name(), "score.json");
    }
}
