//! The score of interface 2.13: a documented scorecard over one account's
//! [`Predictors`] (interface 2.12), from 300 to 900.
//!
//! Nine factors each read a few predictors, reduce them to one integer
//! *measure* (paise, basis points or months), find the *band* the measure
//! falls in and earn that band's points:
//!
//! | Factor | Reads |
//! |---|---|
//! | [`Factor::BalanceLevel`] | `avg_balance_N` |
//! | [`Factor::BalanceStability`] | `min_balance_N` |
//! | [`Factor::IncomeLevel`] | `income_N` |
//! | [`Factor::IncomeRegularity`] | `income_N` |
//! | [`Factor::Obligations`] | `total_emi_ecs_loan`, `total_creditcard_payment`, `income_N` |
//! | [`Factor::Bounces`] | `outward_chq_bounces`, `inward_chq_bounces`, `total_inward_payment_bounce_N` |
//! | [`Factor::PenalCharges`] | `total_bounce_or_penal_charge` |
//! | [`Factor::CashIntensity`] | `total_cash_withdrawal`, `debits` |
//! | [`Factor::History`] | `month_duration` |
//!
//! The points add up to at most [`MAX_POINTS`] (1000) and map linearly onto
//! 300–900: `score = 300 + round(points × 600 / 1000)`, clamped to 300..=900
//! ([`points_to_score`]).
//!
//! The bands and their points are data ([`Factor::bands`]);
//! `docs/scorecard.md` shows them as tables generated from that data
//! ([`scorecard_markdown`]), and a test fails when the committed document
//! differs from the generated text.
//!
//! # Bands
//!
//! A band includes its lower bound and excludes its upper bound (`₹25k–₹1L`
//! means ₹25,000 up to but not including ₹1,00,000). A measure below the first
//! band's bound falls in the first band. Shares and ratios are in basis points
//! (1% = 100), rounded down, so comparing them with a whole-percent bound gives
//! the same answer as comparing the exact fraction.
//!
//! # Missing data
//!
//! - A month whose `month_N` is `null` is a month without data. When **no**
//!   month has data, every factor is "no data", earns 0 points, and the score
//!   is 300.
//! - A `null` value in a per-month array (`avg_balance_3: null`) is **skipped**,
//!   never read as zero: averages and shares are over the months that have a
//!   value. Two months of ₹30,000 and four `null`s average ₹30,000, not ₹10,000.
//!   A month with a value of zero is a month with zero.
//! - A factor whose per-month predictor is `null` in every month has no data
//!   and earns 0 points: the score never rewards what it cannot see. The
//!   bounce factor's per-month amounts are the exception: a `null` there adds
//!   nothing to the amount bounced, as the six-month totals it also reads are
//!   never `null`.
//! - Negative amounts where only non-negative ones make sense (bounces,
//!   charges, EMI, cash withdrawn, debits, income in a ratio) are read as zero.
//!
//! # Monotonic by construction
//!
//! Every factor's measure moves one way with its predictors and every band
//! table's points move one way with the measure, so more bounces or penal
//! charges never raise the score, and higher balances or income never lower
//! it (all else equal). Balance stability counts months above a fixed floor and
//! income regularity months above a fixed amount, rather than a spread, for
//! that reason: a spread can grow when one month's balance rises.

use std::fmt::Write as _;

use serde::Serialize;

use super::predictors::Predictors;
use crate::money::Money;

/// The most points a scorecard can earn: the sum of every factor's maximum.
pub const MAX_POINTS: u32 = 1000;
/// The lowest score.
pub const MIN_SCORE: u16 = 300;
/// The highest score.
pub const MAX_SCORE: u16 = 900;
/// Balance stability counts the months whose minimum balance is at least this.
pub const BALANCE_FLOOR: Money = Money::from_rupees(1_000);
/// Income regularity counts the months whose income is at least this (below
/// it, interest and small transfers are not an income).
pub const EARNING_MONTH_INCOME: Money = Money::from_rupees(5_000);

/// One basis point of a whole: 10,000 is 100%.
const WHOLE: i64 = 10_000;

/// A scorecard factor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Factor {
    /// The mean of the monthly average EOD balances (`avg_balance_N`).
    BalanceLevel,
    /// The share of months whose minimum balance (`min_balance_N`) stayed at or
    /// above [`BALANCE_FLOOR`].
    BalanceStability,
    /// The mean monthly income (`income_N`).
    IncomeLevel,
    /// The share of months whose income (`income_N`) reached [`EARNING_MONTH_INCOME`].
    IncomeRegularity,
    /// Loan EMI plus credit card payments as a share of the income of the
    /// months with data.
    Obligations,
    /// The amount of bounced payments: cheques issued and deposited that were
    /// returned, and inward payment bounces.
    Bounces,
    /// Bounce or penal charges levied by the bank.
    PenalCharges,
    /// Cash withdrawn as a share of all debits.
    CashIntensity,
    /// The number of months the statements cover (`month_duration`).
    History,
}

/// What a factor's measure counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// An amount in paise.
    Paise,
    /// A share of a whole in basis points, 0 to 10,000 (100%).
    Share,
    /// A ratio in basis points with no upper end (10,000 is 100%).
    Ratio,
    /// A number of months.
    Months,
}

/// One band of a factor: measures from `from` (inclusive) up to the next
/// band's `from` (exclusive) earn `points`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Band {
    /// The lower bound, in the factor's [`Unit`]; `i64::MIN` for "below ...".
    pub from: i64,
    /// Points earned in the band.
    pub points: u16,
}

const fn band(from: i64, points: u16) -> Band {
    Band { from, points }
}

/// Whole rupees as paise, for the band tables.
const fn rs(rupees: i64) -> i64 {
    rupees * 100
}

/// A whole percentage as basis points, for the band tables.
const fn pct(percent: i64) -> i64 {
    percent * 100
}

const BELOW: i64 = i64::MIN;

const BALANCE_LEVEL: &[Band] = &[
    band(BELOW, 0),
    band(rs(2_000), 30),
    band(rs(10_000), 60),
    band(rs(25_000), 90),
    band(rs(100_000), 125),
    band(rs(500_000), 150),
];
const BALANCE_STABILITY: &[Band] = &[band(BELOW, 0), band(pct(50), 40), band(pct(80), 70), band(pct(100), 100)];
const INCOME_LEVEL: &[Band] = &[
    band(BELOW, 0),
    band(rs(10_000), 40),
    band(rs(25_000), 80),
    band(rs(50_000), 110),
    band(rs(100_000), 135),
    band(rs(250_000), 150),
];
const INCOME_REGULARITY: &[Band] = &[band(BELOW, 0), band(pct(50), 40), band(pct(80), 70), band(pct(100), 100)];
const OBLIGATIONS: &[Band] =
    &[band(BELOW, 150), band(pct(10), 120), band(pct(30), 80), band(pct(50), 40), band(pct(70), 0)];
const BOUNCES: &[Band] = &[band(0, 150), band(1, 80), band(rs(5_000), 40), band(rs(25_000), 0)];
const PENAL_CHARGES: &[Band] = &[band(0, 50), band(1, 30), band(rs(1_000), 10), band(rs(5_000), 0)];
const CASH_INTENSITY: &[Band] =
    &[band(BELOW, 75), band(pct(10), 55), band(pct(25), 30), band(pct(50), 10), band(pct(75), 0)];
const HISTORY: &[Band] = &[band(BELOW, 0), band(3, 25), band(4, 50), band(6, 75)];

impl Factor {
    /// Every factor, in the scorecard's order.
    pub const ALL: [Factor; 9] = [
        Factor::BalanceLevel,
        Factor::BalanceStability,
        Factor::IncomeLevel,
        Factor::IncomeRegularity,
        Factor::Obligations,
        Factor::Bounces,
        Factor::PenalCharges,
        Factor::CashIntensity,
        Factor::History,
    ];

    /// The name an analyst reads ("Balance level").
    pub fn name(self) -> &'static str {
        match self {
            Factor::BalanceLevel => "Balance level",
            Factor::BalanceStability => "Balance stability",
            Factor::IncomeLevel => "Income level",
            Factor::IncomeRegularity => "Income regularity",
            Factor::Obligations => "EMI and obligations to income",
            Factor::Bounces => "Bounced payments",
            Factor::PenalCharges => "Bounce and penal charges",
            Factor::CashIntensity => "Cash intensity",
            Factor::History => "Months of history",
        }
    }

    /// What the measure counts.
    pub fn unit(self) -> Unit {
        match self {
            Factor::BalanceLevel | Factor::IncomeLevel | Factor::Bounces | Factor::PenalCharges => Unit::Paise,
            Factor::BalanceStability | Factor::IncomeRegularity | Factor::CashIntensity => Unit::Share,
            Factor::Obligations => Unit::Ratio,
            Factor::History => Unit::Months,
        }
    }

    /// The bands, by ascending lower bound.
    pub fn bands(self) -> &'static [Band] {
        match self {
            Factor::BalanceLevel => BALANCE_LEVEL,
            Factor::BalanceStability => BALANCE_STABILITY,
            Factor::IncomeLevel => INCOME_LEVEL,
            Factor::IncomeRegularity => INCOME_REGULARITY,
            Factor::Obligations => OBLIGATIONS,
            Factor::Bounces => BOUNCES,
            Factor::PenalCharges => PENAL_CHARGES,
            Factor::CashIntensity => CASH_INTENSITY,
            Factor::History => HISTORY,
        }
    }

    /// The most points the factor earns.
    pub fn max_points(self) -> u16 {
        self.bands().iter().map(|b| b.points).max().unwrap_or(0)
    }

    /// The predictor keys read, as markdown.
    fn reads(self) -> &'static str {
        match self {
            Factor::BalanceLevel => "`avg_balance_0` … `avg_balance_5`",
            Factor::BalanceStability => "`min_balance_0` … `min_balance_5`",
            Factor::IncomeLevel | Factor::IncomeRegularity => "`income_0` … `income_5`",
            Factor::Obligations => "`total_emi_ecs_loan`, `total_creditcard_payment`, `income_0` … `income_5`",
            Factor::Bounces => {
                "`outward_chq_bounces`, `inward_chq_bounces`, \
                 `total_inward_payment_bounce_0` … `total_inward_payment_bounce_5`"
            }
            Factor::PenalCharges => "`total_bounce_or_penal_charge`",
            Factor::CashIntensity => "`total_cash_withdrawal`, `debits`",
            Factor::History => "`month_duration`",
        }
    }

    /// How the measure is worked out, for the document.
    fn measure_doc(self) -> String {
        let text = match self {
            Factor::BalanceLevel => {
                "The mean of the monthly average EOD balances, over the months that have one, \
                 rounded to the paisa."
            }
            Factor::BalanceStability => {
                return format!(
                    "The share of months (among those with a minimum balance) whose minimum balance \
                     stayed at or above {}.",
                    rupees(BALANCE_FLOOR)
                );
            }
            Factor::IncomeLevel => "The mean monthly income, over the months that have one, rounded to the paisa.",
            Factor::IncomeRegularity => {
                return format!(
                    "The share of months (among those with an income value) whose income was {} or more.",
                    rupees(EARNING_MONTH_INCOME)
                );
            }
            Factor::Obligations => {
                "Loan EMI plus credit card payments of the six months, as a percentage of the income of \
                 the months that have one. With no income, no obligations is 0% and any obligation falls \
                 in the last band."
            }
            Factor::Bounces => {
                "The amount bounced: outward cheque bounces, inward cheque bounces and the inward payment \
                 bounces of every month, added up. The predictors give amounts, not counts."
            }
            Factor::PenalCharges => "Bounce or penal charges levied by the bank over the six months.",
            Factor::CashIntensity => {
                "Cash withdrawn as a percentage of all debits (0% when there are no debits and no cash)."
            }
            Factor::History => "The number of months the statements cover.",
        };
        text.to_string()
    }

    /// The heading of the measure's column in the band table.
    fn column(self) -> String {
        let text = match self {
            Factor::BalanceLevel => "Average EOD balance",
            Factor::BalanceStability => return format!("Months at or above {}", rupees(BALANCE_FLOOR)),
            Factor::IncomeLevel => "Average monthly income",
            Factor::IncomeRegularity => return format!("Months with {} or more income", rupees(EARNING_MONTH_INCOME)),
            Factor::Obligations => "EMI + card payments ÷ income",
            Factor::Bounces => "Amount bounced",
            Factor::PenalCharges => "Charges",
            Factor::CashIntensity => "Cash withdrawn ÷ debits",
            Factor::History => "Months",
        };
        text.to_string()
    }

    /// The index of the band `measure` falls in.
    pub fn band_of(self, measure: i64) -> usize {
        self.bands().iter().rposition(|b| b.from <= measure).unwrap_or(0)
    }

    /// The label of band `index` ("₹25k–₹1L", "below 10%", "6 months or more");
    /// empty when there is no such band.
    pub fn band_label(self, index: usize) -> String {
        let bands = self.bands();
        let Some(this) = bands.get(index) else {
            return String::new();
        };
        let unit = self.unit();
        let next = bands.get(index + 1).map(|b| b.from);
        let bound = |v: i64| format_bound(unit, v);
        match next {
            Some(n) if this.from == BELOW && unit == Unit::Months => format!("below {}", months(n)),
            Some(n) if this.from == BELOW => format!("below {}", bound(n)),
            Some(n) if n == this.from.saturating_add(1) => single_value(unit, this.from),
            Some(n) if unit == Unit::Paise && this.from == 1 => format!("above ₹0, below {}", bound(n)),
            Some(n) if unit == Unit::Months => format!("{}–{} months", this.from, n - 1),
            Some(n) => format!("{}–{}", bound(this.from), bound(n)),
            None if unit == Unit::Share && this.from >= WHOLE => "100%".to_string(),
            None if unit == Unit::Share => format!("{}–100%", bound(this.from)),
            None if unit == Unit::Paise && this.from == 1 => "above ₹0".to_string(),
            None if unit == Unit::Months => format!("{} months or more", this.from),
            None => format!("{} or more", bound(this.from)),
        }
    }
}

/// A value a factor read: the predictor's key and value (`None` for `null`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreInput {
    /// The predictor's JSON key (`avg_balance_0`, `month_duration`).
    pub key: String,
    /// Its value; `None` when it is `null`.
    pub value: Option<Reading>,
}

/// A predictor value: an amount or a count. Serializes as a JSON number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Reading {
    /// An amount (two decimals in JSON).
    Money(Money),
    /// A count.
    Count(u32),
}

/// One factor of a [`Scorecard`]: what it read, where that fell and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreFactor {
    /// The factor.
    pub factor: Factor,
    /// Its name ("Balance level").
    pub name: String,
    /// The predictor values it read.
    pub inputs: Vec<ScoreInput>,
    /// The measure in `unit`; `None` when there is no data. An obligations
    /// ratio over zero income is `i64::MAX`.
    pub measure: Option<i64>,
    /// The unit of `measure`.
    pub unit: Unit,
    /// The band the measure fell in ("₹25k–₹1L"), or "no data".
    pub band: String,
    /// Points earned.
    pub points: u16,
    /// The most points the factor can earn.
    pub max_points: u16,
    /// Why, in words ("Average EOD balance ₹42,310 over 6 months: band ₹25k–₹1L, 90 of 150 points.").
    pub reason: String,
}

/// An account's score and the factors behind it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Scorecard {
    /// The score, [`MIN_SCORE`] to [`MAX_SCORE`].
    pub score: u16,
    /// Points earned, the sum of the factors' points.
    pub points: u32,
    /// [`MAX_POINTS`].
    pub max_points: u32,
    /// One entry per factor of [`Factor::ALL`], in that order.
    pub factors: Vec<ScoreFactor>,
}

/// The score of `points` out of [`MAX_POINTS`]: `300 + points × 600 / 1000`,
/// rounded half up, clamped to 300..=900.
pub fn points_to_score(points: u32) -> u16 {
    let points = u64::from(points.min(MAX_POINTS));
    let span = u64::from(MAX_SCORE - MIN_SCORE);
    let max = u64::from(MAX_POINTS);
    let above = (points * span + max / 2) / max;
    (u64::from(MIN_SCORE) + above).clamp(u64::from(MIN_SCORE), u64::from(MAX_SCORE)) as u16
}

/// The scorecard of one account's predictors. See the module documentation
/// for the factors, bands and the treatment of missing data.
pub fn score(p: &Predictors) -> Scorecard {
    let any_month = p.months.iter().any(Option::is_some);
    let factors: Vec<ScoreFactor> = Factor::ALL
        .iter()
        .map(|&factor| {
            let (inputs, measured) = measure(factor, p);
            let measured = if any_month { measured } else { Err("No month has data".to_string()) };
            finish(factor, inputs, measured)
        })
        .collect();
    let points = factors.iter().map(|f| u32::from(f.points)).sum();
    Scorecard { score: points_to_score(points), points, max_points: MAX_POINTS, factors }
}

/// The factor from its measure (or the reason there is none).
fn finish(factor: Factor, inputs: Vec<ScoreInput>, measured: Result<(i64, String), String>) -> ScoreFactor {
    let max_points = factor.max_points();
    let (measure, band, points, reason) = match measured {
        Ok((value, what)) => {
            let at = factor.band_of(value);
            let points = factor.bands().get(at).map_or(0, |b| b.points);
            let band = factor.band_label(at);
            let reason = format!("{what}: band {band}, {points} of {max_points} points.");
            (Some(value), band, points, reason)
        }
        Err(why) => (None, "no data".to_string(), 0, format!("{why}: no data, 0 of {max_points} points.")),
    };
    ScoreFactor {
        factor,
        name: factor.name().to_string(),
        inputs,
        measure,
        unit: factor.unit(),
        band,
        points,
        max_points,
        reason,
    }
}

/// The values a factor read, and its measure with the words that state it, or
/// why it has none.
fn measure(factor: Factor, p: &Predictors) -> (Vec<ScoreInput>, Result<(i64, String), String>) {
    let m = &p.monthly;
    match factor {
        Factor::BalanceLevel => {
            let inputs = monthly_inputs("avg_balance_", &m.avg_balance);
            let measured = mean_of(&m.avg_balance)
                .map(|(mean, n)| {
                    (mean.paise(), format!("Average EOD balance {} over {}", rupees(mean), months(n as i64)))
                })
                .ok_or_else(|| "No average balance in any month".to_string());
            (inputs, measured)
        }
        Factor::BalanceStability => {
            let inputs = monthly_inputs("min_balance_", &m.min_balance);
            let measured = share_at_least(&m.min_balance, BALANCE_FLOOR)
                .map(|(share, k, n)| {
                    (
                        share,
                        format!(
                            "Lowest balance at or above {} in {k} of {} ({})",
                            rupees(BALANCE_FLOOR),
                            months(n as i64),
                            percent(share)
                        ),
                    )
                })
                .ok_or_else(|| "No minimum balance in any month".to_string());
            (inputs, measured)
        }
        Factor::IncomeLevel => {
            let inputs = monthly_inputs("income_", &m.income);
            let measured = mean_of(&m.income)
                .map(|(mean, n)| {
                    (mean.paise(), format!("Average monthly income {} over {}", rupees(mean), months(n as i64)))
                })
                .ok_or_else(|| "No income in any month".to_string());
            (inputs, measured)
        }
        Factor::IncomeRegularity => {
            let inputs = monthly_inputs("income_", &m.income);
            let measured = share_at_least(&m.income, EARNING_MONTH_INCOME)
                .map(|(share, k, n)| {
                    (
                        share,
                        format!(
                            "Income of {} or more in {k} of {} ({})",
                            rupees(EARNING_MONTH_INCOME),
                            months(n as i64),
                            percent(share)
                        ),
                    )
                })
                .ok_or_else(|| "No income in any month".to_string());
            (inputs, measured)
        }
        Factor::Obligations => {
            let mut inputs = vec![
                money_input("total_emi_ecs_loan", p.total_emi_ecs_loan),
                money_input("total_creditcard_payment", p.total_creditcard_payment),
            ];
            inputs.extend(monthly_inputs("income_", &m.income));
            (inputs, obligations(p))
        }
        Factor::Bounces => {
            let mut inputs = vec![
                money_input("outward_chq_bounces", p.outward_chq_bounces),
                money_input("inward_chq_bounces", p.inward_chq_bounces),
            ];
            inputs.extend(monthly_inputs("total_inward_payment_bounce_", &m.total_inward_payment_bounce));
            let outward = non_negative(p.outward_chq_bounces);
            let inward = non_negative(p.inward_chq_bounces);
            let payments: i128 = m.total_inward_payment_bounce.iter().flatten().map(|&v| non_negative(v)).sum();
            let total = outward + inward + payments;
            let what = format!(
                "Bounced {} (cheques issued {}, cheques deposited {}, inward payments {})",
                rupees(paise_money(total)),
                rupees(paise_money(outward)),
                rupees(paise_money(inward)),
                rupees(paise_money(payments)),
            );
            (inputs, Ok((saturate(total), what)))
        }
        Factor::PenalCharges => {
            let charges = non_negative(p.total_bounce_or_penal_charge);
            let inputs = vec![money_input("total_bounce_or_penal_charge", p.total_bounce_or_penal_charge)];
            (inputs, Ok((saturate(charges), format!("Bounce or penal charges {}", rupees(paise_money(charges))))))
        }
        Factor::CashIntensity => {
            let inputs =
                vec![money_input("total_cash_withdrawal", p.total_cash_withdrawal), money_input("debits", p.debits)];
            let cash = non_negative(p.total_cash_withdrawal);
            let debits = non_negative(p.debits);
            let share =
                if debits == 0 { if cash == 0 { 0 } else { WHOLE } } else { ratio_bps(cash, debits).min(WHOLE) };
            let what = format!(
                "Cash withdrawals {} are {} of debits {}",
                rupees(paise_money(cash)),
                percent(share),
                rupees(paise_money(debits))
            );
            (inputs, Ok((share, what)))
        }
        Factor::History => {
            let inputs =
                vec![ScoreInput { key: "month_duration".into(), value: Some(Reading::Count(p.month_duration)) }];
            let n = i64::from(p.month_duration);
            (inputs, Ok((n, format!("{} of statements", months(n)))))
        }
    }
}

/// Loan EMI plus card payments over the income of the months with data.
fn obligations(p: &Predictors) -> Result<(i64, String), String> {
    if p.monthly.income.iter().all(Option::is_none) {
        return Err("No income in any month to compare obligations with".to_string());
    }
    let emi = non_negative(p.total_emi_ecs_loan);
    let cards = non_negative(p.total_creditcard_payment);
    let owed = emi + cards;
    let income: i128 = p.monthly.income.iter().flatten().map(|&v| i128::from(v.paise())).sum::<i128>().max(0);
    let head = format!("EMI {} and credit card payments {}", rupees(paise_money(emi)), rupees(paise_money(cards)));
    if income == 0 {
        let ratio = if owed == 0 { 0 } else { i64::MAX };
        return Ok((ratio, format!("{head} against no income")));
    }
    let ratio = ratio_bps(owed, income);
    Ok((ratio, format!("{head} are {} of income {}", percent(ratio), rupees(paise_money(income)))))
}

/// `num / den` in basis points, rounded down; `den` must be positive.
fn ratio_bps(num: i128, den: i128) -> i64 {
    saturate(num.saturating_mul(i128::from(WHOLE)) / den.max(1))
}

fn saturate(v: i128) -> i64 {
    v.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
}

fn non_negative(m: Money) -> i128 {
    i128::from(m.paise().max(0))
}

fn paise_money(v: i128) -> Money {
    Money::from_paise(saturate(v))
}

/// The mean of the non-null values (rounded to the paisa) and how many there were.
fn mean_of(values: &[Option<Money>; 6]) -> Option<(Money, usize)> {
    let present: Vec<Money> = values.iter().flatten().copied().collect();
    if present.is_empty() {
        return None;
    }
    let total: i128 = present.iter().map(|m| i128::from(m.paise())).sum();
    Some((Money::mean(total, present.len()), present.len()))
}

/// Among the non-null values, the share (basis points, rounded down) that are
/// at least `floor`, how many are, and how many values there were.
fn share_at_least(values: &[Option<Money>; 6], floor: Money) -> Option<(i64, usize, usize)> {
    let n = values.iter().flatten().count();
    if n == 0 {
        return None;
    }
    let k = values.iter().flatten().filter(|&&v| v >= floor).count();
    Some((k as i64 * WHOLE / n as i64, k, n))
}

fn monthly_inputs(prefix: &str, values: &[Option<Money>; 6]) -> Vec<ScoreInput> {
    values
        .iter()
        .enumerate()
        .map(|(i, v)| ScoreInput { key: format!("{prefix}{i}"), value: v.map(Reading::Money) })
        .collect()
}

fn money_input(key: &str, value: Money) -> ScoreInput {
    ScoreInput { key: key.to_string(), value: Some(Reading::Money(value)) }
}

fn months(n: i64) -> String {
    if n == 1 { "1 month".to_string() } else { format!("{n} months") }
}

/// `₹42,310` or `₹24,999.60`: Indian grouping, paise only when there are some.
fn rupees(m: Money) -> String {
    // `to_indian_string` takes the magnitude without overflow (unlike `Money::abs` at `i64::MIN`).
    let text = m.to_indian_string();
    let text = text.strip_suffix(".00").unwrap_or(&text);
    match text.strip_prefix('-') {
        Some(magnitude) => format!("-₹{magnitude}"),
        None => format!("₹{text}"),
    }
}

/// Basis points as a percentage: `24.94%`, `12.5%`, `10%`.
fn percent(bps: i64) -> String {
    if bps == i64::MAX {
        return "no limit".to_string();
    }
    let whole = bps / 100;
    let frac = (bps % 100).abs();
    if frac == 0 {
        format!("{whole}%")
    } else {
        let digits = format!("{frac:02}");
        format!("{whole}.{}%", digits.trim_end_matches('0'))
    }
}

/// A band bound: `₹25k`, `₹1L`, `₹2.5L`, `10%`, `6`.
fn format_bound(unit: Unit, v: i64) -> String {
    match unit {
        Unit::Paise => {
            if v % 100 != 0 {
                return rupees(Money::from_paise(v));
            }
            let r = v / 100;
            if r != 0 && r % 100_000 == 0 {
                format!("₹{}L", r / 100_000)
            } else if r.abs() > 100_000 && r % 1_000 == 0 {
                let frac = format!("{:05}", (r % 100_000).abs());
                format!("₹{}.{}L", r / 100_000, frac.trim_end_matches('0'))
            } else if r != 0 && r % 1_000 == 0 {
                format!("₹{}k", r / 1_000)
            } else {
                rupees(Money::from_paise(v))
            }
        }
        Unit::Share | Unit::Ratio => percent(v),
        Unit::Months => v.to_string(),
    }
}

/// The label of a band that holds one value.
fn single_value(unit: Unit, v: i64) -> String {
    match unit {
        Unit::Paise if v == 0 => "none".to_string(),
        Unit::Months => months(v),
        _ => format_bound(unit, v),
    }
}

/// The scorecard's tables in markdown: one summary table, then each factor's
/// measure and bands. `docs/scorecard.md` holds this text between its
/// generated-section markers.
pub fn scorecard_markdown() -> String {
    let mut out = String::new();
    out.push_str("| Factor | Reads | Max points |\n|---|---|---:|\n");
    for f in Factor::ALL {
        let _ = writeln!(out, "| {} | {} | {} |", f.name(), f.reads(), f.max_points());
    }
    let _ = writeln!(out, "| **Total** | | **{MAX_POINTS}** |");
    for f in Factor::ALL {
        let _ = write!(out, "\n### {} (up to {} points)\n\n{}\n\n", f.name(), f.max_points(), f.measure_doc());
        let _ = writeln!(out, "| {} | Points |\n|---|---:|", f.column());
        for (i, b) in f.bands().iter().enumerate() {
            let _ = writeln!(out, "| {} | {} |", f.band_label(i), b.points);
        }
    }
    out
}

impl Scorecard {
    /// The scorecard as a markdown table: one row per factor (band, points,
    /// reason), then the total and the score with its arithmetic.
    pub fn to_markdown(&self) -> String {
        let mut out = String::from("| Factor | Band | Points | Reason |\n|---|---|---:|---|\n");
        for f in &self.factors {
            let _ = writeln!(out, "| {} | {} | {} of {} | {} |", f.name, f.band, f.points, f.max_points, f.reason);
        }
        let _ = writeln!(out, "| **Total** | | **{} of {}** | |", self.points, self.max_points);
        let _ = writeln!(
            out,
            "\nScore = 300 + {} × 600 / {} = **{}** (rounded half up).",
            self.points, self.max_points, self.score
        );
        out
    }
}

#[cfg(test)]
mod tests;
