//! Account objects (interface 2.3) and identity items (2.4).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::format;
use crate::model::AccountCategory;
use crate::model::YearMonth;

/// Which response an account object is shaped for: the interface shows
/// different fields of an account in different responses.
///
/// | Field | Accounts | Identity | Transactions | Salary | Recurring | Lender | MonthlyAnalysis |
/// |---|---|---|---|---|---|---|---|
/// | months, statements, account_id, bank, ifsc, micr, account_category | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |
/// | account_number | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | – |
/// | credit_limit | ✓ | – | – | – | – | – | – |
/// | last_updated | ✓ | ✓ | ✓ | ✓ | – | ✓ | – |
///
/// `ifsc` and `micr` are always present, `null` when unknown. `credit_limit` is
/// "shown in the accounts response and in identity items": the identity
/// response carries it in its `identity` items ([`IdentityItem`]), not in its
/// account objects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AccountShape {
    /// `accounts` response.
    Accounts,
    /// `identity` response.
    Identity,
    /// `transactions` response.
    Transactions,
    /// `salary` response.
    Salary,
    /// `recurring_transactions` response.
    Recurring,
    /// `lender_transactions` response.
    Lender,
    /// `monthly_analysis_updated` response.
    MonthlyAnalysis,
}

impl AccountShape {
    /// Every shape.
    pub const ALL: &'static [AccountShape] = &[
        AccountShape::Accounts,
        AccountShape::Identity,
        AccountShape::Transactions,
        AccountShape::Salary,
        AccountShape::Recurring,
        AccountShape::Lender,
        AccountShape::MonthlyAnalysis,
    ];

    /// Whether `account_number` is present.
    pub const fn has_account_number(self) -> bool {
        !matches!(self, AccountShape::MonthlyAnalysis)
    }

    /// Whether `credit_limit` is present.
    pub const fn has_credit_limit(self) -> bool {
        matches!(self, AccountShape::Accounts)
    }

    /// Whether `last_updated` is present.
    pub const fn has_last_updated(self) -> bool {
        !matches!(self, AccountShape::Recurring | AccountShape::MonthlyAnalysis)
    }
}

/// Everything known about an account, before it is shaped for a response.
/// Its JSON form has every field (it is not an interface object).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AccountInfo {
    /// Months with data, chronological.
    pub months: Vec<YearMonth>,
    /// Statement ids under the account.
    pub statements: Vec<String>,
    /// Account id (UUID4 text).
    pub account_id: String,
    /// Bank identifier (`hdfc`, `sbi`, ...).
    pub bank: String,
    /// IFSC code.
    pub ifsc: Option<String>,
    /// MICR code.
    pub micr: Option<String>,
    /// Account number.
    pub account_number: String,
    /// Individual or corporate.
    pub account_category: AccountCategory,
    /// Sanctioned working-capital limit in whole rupees; 0 when none.
    pub credit_limit: i64,
    /// When the last statement of this account number was processed.
    #[serde(with = "format::timestamp")]
    pub last_updated: DateTime<Utc>,
}

impl AccountInfo {
    /// The account object for the response `shape`; see [`AccountShape`] for
    /// which fields that keeps. `last_updated` is kept to the millisecond.
    pub fn shaped(&self, shape: AccountShape) -> Account {
        Account {
            months: self.months.clone(),
            statements: self.statements.clone(),
            account_id: self.account_id.clone(),
            bank: self.bank.clone(),
            ifsc: self.ifsc.clone(),
            micr: self.micr.clone(),
            account_number: shape.has_account_number().then(|| self.account_number.clone()),
            account_category: self.account_category,
            credit_limit: shape.has_credit_limit().then_some(self.credit_limit),
            last_updated: shape.has_last_updated().then(|| format::to_millis(self.last_updated)),
        }
    }
}

/// An object of an `accounts` array.
///
/// Which optional fields are present depends on the response: build it with
/// [`AccountInfo::shaped`] or [`Account::new`] so the rule table of
/// [`AccountShape`] holds; [`Account::conforms_to`] checks a value against it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Account {
    /// Months with data, `YYYY-MM`.
    pub months: Vec<YearMonth>,
    /// Statement ids under the account.
    pub statements: Vec<String>,
    /// Account id.
    pub account_id: String,
    /// Bank identifier.
    pub bank: String,
    /// IFSC code, or `null`.
    pub ifsc: Option<String>,
    /// MICR code, or `null`.
    pub micr: Option<String>,
    /// Account number; absent from monthly analysis accounts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account_number: Option<String>,
    /// `individual` or `corporate`.
    pub account_category: AccountCategory,
    /// Working-capital limit in whole rupees; only in the accounts response.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credit_limit: Option<i64>,
    /// `yyyy-MM-ddTHH:mm:ss.SSSZ`; absent from recurring and monthly analysis accounts.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "format::timestamp_opt")]
    pub last_updated: Option<DateTime<Utc>>,
}

impl Account {
    /// The account object of `info` for the response `shape` (same as [`AccountInfo::shaped`]).
    pub fn new(info: &AccountInfo, shape: AccountShape) -> Self {
        info.shaped(shape)
    }

    /// True when exactly the fields that `shape` shows are present.
    pub fn conforms_to(&self, shape: AccountShape) -> bool {
        self.account_number.is_some() == shape.has_account_number()
            && self.credit_limit.is_some() == shape.has_credit_limit()
            && self.last_updated.is_some() == shape.has_last_updated()
    }
}

/// An object of the `identity` array (identity response only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IdentityItem {
    /// The account this identity belongs to.
    pub account_id: String,
    /// Account holder name as extracted.
    pub name: String,
    /// Account holder address as extracted.
    pub address: String,
    /// Account number.
    pub account_number: String,
    /// `individual` or `corporate`.
    pub account_category: AccountCategory,
    /// Credit limit in whole rupees; 0 when none.
    pub credit_limit: i64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn info() -> AccountInfo {
        AccountInfo {
            months: vec![YearMonth::new(2025, 4).expect("month")],
            statements: vec!["s1".into()],
            account_id: "a1".into(),
            bank: "hdfc".into(),
            ifsc: Some("HDFC0001234".into()),
            micr: None,
            account_number: "50100234567891".into(),
            account_category: AccountCategory::Individual,
            credit_limit: 0,
            last_updated: Utc.with_ymd_and_hms(2025, 6, 30, 10, 15, 2).single().expect("instant")
                + chrono::Duration::nanoseconds(123_456_789),
        }
    }

    #[test]
    fn every_shape_round_trips_and_conforms() {
        let info = info();
        for &shape in AccountShape::ALL {
            let a = info.shaped(shape);
            assert!(a.conforms_to(shape), "{shape:?}");
            let json = serde_json::to_value(&a).expect("json");
            let back: Account = serde_json::from_value(json).expect("back");
            assert_eq!(back, a, "{shape:?}");
        }
        assert!(!info.shaped(AccountShape::Accounts).conforms_to(AccountShape::Identity));
        assert!(!info.shaped(AccountShape::Recurring).conforms_to(AccountShape::MonthlyAnalysis));
    }

    #[test]
    fn last_updated_is_kept_to_the_millisecond() {
        let a = info().shaped(AccountShape::Accounts);
        let json = serde_json::to_string(&a).expect("json");
        assert!(json.contains(r#""last_updated":"2025-06-30T10:15:02.123Z""#), "{json}");
        assert!(json.contains(r#""micr":null"#), "{json}");
    }
}
