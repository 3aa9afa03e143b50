//! The exact JSON shapes of the interface (`shared/spec/interface.md`).
//!
//! One serde type per object and response: field names, field order, nullability,
//! presence and string formats follow the interface, and the golden tests in
//! `core/tests/golden/` pin the bytes. Every object refuses unknown fields, so a
//! renamed field fails loudly.
//!
//! | Interface | Types |
//! |---|---|
//! | 2.1 progress | [`Progress`], [`ProgressStatus`] |
//! | 2.2 fraud | [`Fraud`], [`FraudEntry`] |
//! | 2.3 account | [`Account`], built by [`AccountInfo::shaped`] for an [`AccountShape`] |
//! | 2.4 identity | [`IdentityItem`] |
//! | 2.5 transaction | [`TransactionItem`] |
//! | 2.6 salary transaction | [`SalaryTransaction`] |
//! | 2.7 recurring | [`RecurringTransactions`], [`RecurringSet`], [`RecurringTxn`] |
//! | 2.8 expense categories | [`ExpenseCategory`] |
//! | 2.9 top credits / debits | [`TopCreditsDebits`] |
//! | 2.10 monthly analysis | [`AccountMonthlyAnalysis`], [`MonthlyAnalysis`] |
//! | 2.11 excel report | [`ReportLink`] |
//! | 2.12 predictors | [`AccountPredictors`], [`Predictors`], [`MonthlyPredictors`] |
//! | 2.13 score | [`AccountScore`] |
//! | 2.14, 7.2, 7.1 session and errors | [`SessionResponse`], [`SessionError`], [`AuthError`] |
//! | 2.15, 4.3 webhook | [`WebhookPayload`], [`WebhookPayloadsResponse`] |
//! | 4 read responses | [`AccountsResponse`] ... [`ScoreResponse`], named by [`Resource`] |
//!
//! Maps whose order matters are [`OrderedMap`]s; months are [`YearMonth`] and its
//! label types; date shapes are in [`mod@format`].

#![warn(missing_docs)]

mod account;
mod categories;
pub mod format;
mod fraud;
mod monthly;
mod ordered_map;
mod predictors;
mod progress;
mod recurring;
mod report;
mod responses;
mod score;
mod session;
mod top;
mod transaction;
mod upload;
mod webhook;

pub use crate::analysis::predictors::{MonthlyPredictors, Predictors};
pub use crate::model::{LowerMonthLabel, MonthLabel, MonthShape, ShortMonthLabel, YearMonth, month_year};
pub use account::{Account, AccountInfo, AccountShape, IdentityItem};
pub use categories::ExpenseCategory;
pub use fraud::{Fraud, FraudEntry};
pub use monthly::{AccountMonthlyAnalysis, ByMonth, MonthlyAnalysis};
pub use ordered_map::OrderedMap;
pub use predictors::AccountPredictors;
pub use progress::{Progress, ProgressStatus};
pub use recurring::{RecurringSet, RecurringTransactions, RecurringTxn};
pub use report::ReportLink;
pub use responses::{
    AccountsResponse, ExpenseCategoriesResponse, IdentityResponse, LenderTransactionsResponse, MonthlyAnalysisResponse,
    PredictorsResponse, ReadResponse, RecurringTransactionsResponse, Resource, SalaryResponse, ScoreResponse,
    TopCreditsDebitsResponse, TransactionsResponse, XlsxReportResponse,
};
pub use score::AccountScore;
pub use session::{AuthError, SessionError, SessionErrorBody, SessionErrorCode, SessionResponse};
pub use top::{TopByMonth, TopCreditsDebits};
pub use transaction::{SalaryTransaction, TransactionItem};
pub use upload::{DateRange, UploadIdentity, UploadResponse};
pub use webhook::{WebhookPayload, WebhookPayloadsResponse, WebhookProgress};
