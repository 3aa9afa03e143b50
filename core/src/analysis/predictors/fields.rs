//! The predictors' values and their keys (interface 2.12).
//!
//! About 230 keys, most of them one of 29 per-month prefixes with suffixes `_0`
//! (latest month) to `_5` (oldest). Rather than a struct field per key,
//! [`MonthlyPredictors`] holds one `[Option<T>; 6]` per prefix, and the
//! `predictors!` macro below writes the struct, its key list and its serde from
//! one table, so keys, order and types cannot drift apart.

use std::fmt;

use serde::de::{Error as _, MapAccess, Visitor};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::model::AccountType;
use crate::model::{LowerMonthLabel, YearMonth};
use crate::money::Money;

const MONTH_KEYS: [&str; 6] = ["month_0", "month_1", "month_2", "month_3", "month_4", "month_5"];

macro_rules! predictors {
    (
        scalars { $( $(#[doc = $sdoc:literal])* $s:ident : $sty:ty, )+ }
        totals { $( $(#[doc = $tdoc:literal])* $t:ident : $tty:ty, )+ }
        indexed { $( $(#[doc = $idoc:literal])* $i:ident : $ity:ty => $prefix:literal, )+ }
    ) => {
        /// The predictors of one account over the last six months.
        ///
        /// JSON keys, in output order: the scalars, `month_0` .. `month_5`, the
        /// six-month totals, then every per-month prefix with `_0` .. `_5`
        /// ([`Predictors::FIELD_NAMES`]). Every key is always present; a
        /// per-month value is `null` when that month has no data. Amounts are
        /// [`Money`] (a JSON number with two decimals), counts `u32`, ratios and
        /// percentages `f64`. Reading refuses unknown, repeated and missing keys.
        #[derive(Clone, Debug, Default, PartialEq)]
        pub struct Predictors {
            $( $(#[doc = $sdoc])* pub $s: $sty, )+
            /// `month_0` .. `month_5` (`mmm-yy`, e.g. `apr-25`): month 0 is the
            /// latest, 5 the oldest; `None` (`null`) where there is no data.
            pub months: [Option<YearMonth>; 6],
            $( $(#[doc = $tdoc])* pub $t: $tty, )+
            /// The per-month keys `<prefix>_0` .. `<prefix>_5`.
            pub monthly: MonthlyPredictors,
        }

        /// Per-month predictors: index 0 is the latest month (`<prefix>_0`), 5 the
        /// oldest; `None` (`null`) when the month has no data. Balances marked
        /// EOD* are end-of-day balances with missing days filled.
        #[derive(Clone, Debug, Default, PartialEq)]
        pub struct MonthlyPredictors {
            $( $(#[doc = $idoc])* pub $i: [Option<$ity>; 6], )+
        }

        impl Predictors {
            /// Every JSON key, in output order.
            pub const FIELD_NAMES: &'static [&'static str] = &[
                $( stringify!($s), )+
                "month_0", "month_1", "month_2", "month_3", "month_4", "month_5",
                $( stringify!($t), )+
                $(
                    concat!($prefix, "0"), concat!($prefix, "1"), concat!($prefix, "2"),
                    concat!($prefix, "3"), concat!($prefix, "4"), concat!($prefix, "5"),
                )+
            ];
        }

        impl Serialize for Predictors {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut st = serializer.serialize_struct("Predictors", Self::FIELD_NAMES.len())?;
                $( st.serialize_field(stringify!($s), &self.$s)?; )+
                for (key, month) in MONTH_KEYS.iter().zip(&self.months) {
                    st.serialize_field(key, &month.map(LowerMonthLabel))?;
                }
                $( st.serialize_field(stringify!($t), &self.$t)?; )+
                $(
                    let keys: [&'static str; 6] = [
                        concat!($prefix, "0"), concat!($prefix, "1"), concat!($prefix, "2"),
                        concat!($prefix, "3"), concat!($prefix, "4"), concat!($prefix, "5"),
                    ];
                    for (key, value) in keys.iter().zip(&self.monthly.$i) {
                        st.serialize_field(key, value)?;
                    }
                )+
                st.end()
            }
        }

        impl<'de> Deserialize<'de> for Predictors {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct PredictorsVisitor;

                impl<'de> Visitor<'de> for PredictorsVisitor {
                    type Value = Predictors;

                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str("a predictors object")
                    }

                    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Predictors, A::Error> {
                        let names = Predictors::FIELD_NAMES;
                        // Not `unknown_field`: its message would list all ~230 keys.
                        let unknown = |key: &str| A::Error::custom(format_args!("unknown field `{key}` in predictors"));
                        let mut out = Predictors::default();
                        let mut seen = [false; Predictors::FIELD_NAMES.len()];
                        while let Some(key) = map.next_key::<String>()? {
                            let Some(at) = names.iter().position(|n| *n == key) else {
                                return Err(unknown(&key));
                            };
                            if std::mem::replace(&mut seen[at], true) {
                                return Err(A::Error::duplicate_field(names[at]));
                            }
                            let month = |label: Option<LowerMonthLabel>| label.map(|l| l.0);
                            match key.as_str() {
                                $( stringify!($s) => out.$s = map.next_value()?, )+
                                "month_0" => out.months[0] = month(map.next_value()?),
                                "month_1" => out.months[1] = month(map.next_value()?),
                                "month_2" => out.months[2] = month(map.next_value()?),
                                "month_3" => out.months[3] = month(map.next_value()?),
                                "month_4" => out.months[4] = month(map.next_value()?),
                                "month_5" => out.months[5] = month(map.next_value()?),
                                $( stringify!($t) => out.$t = map.next_value()?, )+
                                $(
                                    concat!($prefix, "0") => out.monthly.$i[0] = map.next_value()?,
                                    concat!($prefix, "1") => out.monthly.$i[1] = map.next_value()?,
                                    concat!($prefix, "2") => out.monthly.$i[2] = map.next_value()?,
                                    concat!($prefix, "3") => out.monthly.$i[3] = map.next_value()?,
                                    concat!($prefix, "4") => out.monthly.$i[4] = map.next_value()?,
                                    concat!($prefix, "5") => out.monthly.$i[5] = map.next_value()?,
                                )+
                                // Every name of FIELD_NAMES has an arm above.
                                _ => return Err(unknown(&key)),
                            }
                        }
                        if let Some(at) = seen.iter().position(|s| !s) {
                            return Err(A::Error::missing_field(names[at]));
                        }
                        Ok(out)
                    }
                }

                deserializer.deserialize_struct("Predictors", Predictors::FIELD_NAMES, PredictorsVisitor)
            }
        }
    };
}

predictors! {
    scalars {
        /// Account holder name, or `null`.
        customer_name: Option<String>,
        /// Bank identifier, or `null`.
        bank_name: Option<String>,
        /// `current` or `savings`, or `null`.
        account_type: Option<AccountType>,
        /// IFSC code, or `null`.
        ifsc_code: Option<String>,
        /// Date of the last transaction in the six months, or `null`. The
        /// interface gives no shape; bankscope writes `YYYY-MM-DD`.
        end_date: Option<String>,
        /// Date of the first transaction, or `null` (`YYYY-MM-DD`, as `end_date`).
        start_date: Option<String>,
        /// Account number as an integer (leading zeros are lost), or `null`.
        accountnumber: Option<i64>,
    }
    totals {
        /// Total number of months.
        month_duration: u32,
        /// Credits divided by total days, times 365.
        annualised_credit: Money,
        /// Number of cash withdrawals in the last six months.
        cash_withdrawals: u32,
        /// Number of cheque credits in the last six months.
        chq_deposits: u32,
        /// Number of cheque debits in the last six months.
        chq_issues: u32,
        /// Total credit amount in the last six months.
        credits: Money,
        /// Total debit amount in the last six months.
        debits: Money,
        /// Total bank charges in the last six months.
        debitless_charges: Money,
        /// Total expense over total months.
        avg_monthly_expense: Money,
        /// Total income over total months.
        avg_monthly_income: Money,
        /// Total expenses as a percentage of total income.
        avg_expense_to_income_perc: f64,
        /// Amount of inward cheque bounces in the last six months.
        inward_chq_bounces: Money,
        /// Amount of outward cheque bounces in the last six months.
        outward_chq_bounces: Money,
        /// Credited through IMPS, NEFT or RTGS.
        net_banking_credits: Money,
        /// Debited through IMPS, NEFT or RTGS.
        net_banking_debits: Money,
        /// Spent through debit card in the last six months.
        pos_expenses: Money,
        /// Transaction reversals (refunded funds).
        reversals: Money,
        /// Bounce or penal charges in the last six months.
        total_bounce_or_penal_charge: Money,
        /// Cash withdrawn in the last six months.
        total_cash_withdrawal: Money,
        /// Credited through cheque in the last six months.
        total_chq_deposit: Money,
        /// Debited through cheque in the last six months.
        total_chq_issue: Money,
        /// Credit card payments in the last six months.
        total_creditcard_payment: Money,
        /// Loan EMI debited in the last six months.
        total_emi_ecs_loan: Money,
        /// Expense in the last six months.
        total_expense: Money,
        /// Income in the last six months.
        total_income: Money,
        /// Average daily closing balance over total days.
        avg_daily_closing_balance: Money,
        /// Average monthly closing balance over total months.
        avg_monthly_closing_balance: Money,
    }
    indexed {
        /// `credits_N`: total credit amount in the month.
        credits: Money => "credits_",
        /// `debits_N`: total debit amount in the month.
        debits: Money => "debits_",
        /// `debitless_charges_N`: total bank charges in the month.
        debitless_charges: Money => "debitless_charges_",
        /// `expense_N`: debit amount excluding outward cheque bounce.
        expense: Money => "expense_",
        /// `income_N`: credit excluding inward cheque bounce, auto-debit payment
        /// bounce, international transaction arbitrage credits, loan credits and
        /// self-transfers.
        income: Money => "income_",
        /// `expense_to_income_ratio_N`.
        expense_to_income_ratio: f64 => "expense_to_income_ratio_",
        /// `number_of_transactions_N`: number of transactions.
        number_of_transactions: u32 => "number_of_transactions_",
        /// `total_creditcard_payment_N`: credit card payments.
        total_creditcard_payment: Money => "total_creditcard_payment_",
        /// `total_inward_payment_bounce_N`: inward payment bounce amount.
        total_inward_payment_bounce: Money => "total_inward_payment_bounce_",
        /// `total_salary_N`: salary credited.
        total_salary: Money => "total_salary_",
        /// `max_balance_N`: maximum balance.
        max_balance: Money => "max_balance_",
        /// `min_balance_N`: minimum balance.
        min_balance: Money => "min_balance_",
        /// `avg_balance_N`: average EOD* balance.
        avg_balance: Money => "avg_balance_",
        /// `bal_last_N`: EOD* balance on the last date of the month.
        bal_last: Money => "bal_last_",
        /// `balance_on_1st_N`: EOD* balance on the 1st.
        balance_on_1st: Money => "balance_on_1st_",
        /// `balance_on_5th_N`: EOD* balance on the 5th.
        balance_on_5th: Money => "balance_on_5th_",
        /// `balance_on_10th_N`: EOD* balance on the 10th.
        balance_on_10th: Money => "balance_on_10th_",
        /// `balance_on_15th_N`: EOD* balance on the 15th.
        balance_on_15th: Money => "balance_on_15th_",
        /// `balance_on_20th_N`: EOD* balance on the 20th.
        balance_on_20th: Money => "balance_on_20th_",
        /// `balance_on_25th_N`: EOD* balance on the 25th.
        balance_on_25th: Money => "balance_on_25th_",
        /// `balance_on_30th_N`: EOD* balance on the 30th.
        balance_on_30th: Money => "balance_on_30th_",
        /// `bal_avgof_6dates_N`: average EOD* balance over days 1, 5, 10, 15, 20, 25, 30.
        bal_avgof_6dates: Money => "bal_avgof_6dates_",
        /// `balance_net_off_on_1st_N`: EOD balance on the 1st excluding loan credits.
        balance_net_off_on_1st: Money => "balance_net_off_on_1st_",
        /// `balance_net_off_on_5th_N`: EOD balance on the 5th excluding loan credits.
        balance_net_off_on_5th: Money => "balance_net_off_on_5th_",
        /// `balance_net_off_on_10th_N`: EOD balance on the 10th excluding loan credits.
        balance_net_off_on_10th: Money => "balance_net_off_on_10th_",
        /// `balance_net_off_on_15th_N`: EOD balance on the 15th excluding loan credits.
        balance_net_off_on_15th: Money => "balance_net_off_on_15th_",
        /// `balance_net_off_on_20th_N`: EOD balance on the 20th excluding loan credits.
        balance_net_off_on_20th: Money => "balance_net_off_on_20th_",
        /// `balance_net_off_on_25th_N`: EOD balance on the 25th excluding loan credits.
        balance_net_off_on_25th: Money => "balance_net_off_on_25th_",
        /// `balance_net_off_on_30th_N`: EOD balance on the 30th excluding loan credits.
        balance_net_off_on_30th: Money => "balance_net_off_on_30th_",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_complete() {
        let names = Predictors::FIELD_NAMES;
        // 7 scalars, 6 months, 27 totals, 29 prefixes of 6.
        assert_eq!(names.len(), 7 + 6 + 27 + 29 * 6);
        let mut sorted = names.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len());
        let json = serde_json::to_value(Predictors::default()).expect("json");
        let keys: Vec<&str> = json.as_object().expect("object").keys().map(String::as_str).collect();
        let mut expected = names.to_vec();
        expected.sort_unstable();
        assert_eq!(keys, expected);
    }

    #[test]
    fn refuses_unknown_missing_and_repeated_keys() {
        let good = serde_json::to_string(&Predictors::default()).expect("json");
        assert_eq!(serde_json::from_str::<Predictors>(&good).expect("reads"), Predictors::default());

        let unknown = good.replacen("\"credits_0\"", "\"credits_6\"", 1);
        let err = serde_json::from_str::<Predictors>(&unknown).expect_err("unknown");
        assert!(err.to_string().contains("unknown field `credits_6`"), "{err}");

        let missing = good.replacen("\"month_duration\":0,", "", 1);
        let err = serde_json::from_str::<Predictors>(&missing).expect_err("missing");
        assert!(err.to_string().contains("missing field `month_duration`"), "{err}");

        let repeated = good.replacen("\"month_duration\":0,", "\"month_duration\":0,\"month_duration\":1,", 1);
        let err = serde_json::from_str::<Predictors>(&repeated).expect_err("repeated");
        assert!(err.to_string().contains("duplicate field `month_duration`"), "{err}");
    }
}
