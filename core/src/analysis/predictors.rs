//! Predictors (interface 2.12): the account's last six months in the shape a
//! credit model reads.
//!
//! Built from the monthly tallies ([`super::monthly::tally`]), so every figure
//! counts what the monthly analysis field of the same meaning counts.
//!
//! # Decisions where the interface leaves room
//!
//! - **The six months**: month 0 is the calendar month of the account's latest
//!   transaction, months 1 to 5 the five calendar months before it. A month
//!   without transactions has no data: its name and every `_N` field are `null`
//!   and it adds nothing to the totals.
//! - **start_date / end_date**: the first and last transaction dates within the
//!   six months (`YYYY-MM-DD`). **Total days** = end_date − start_date in days;
//!   a window of a single day counts as one day so that annualising stays finite.
//! - **month_duration**: the number of the six months that have data; the
//!   `avg_monthly_*` figures divide by it.
//! - **Totals** (`credits`, `debits`, `cash_withdrawals`, ...): sums over the
//!   months with data of the matching monthly-analysis figure.
//!   `debitless_charges` = bank-charge debits; `net_banking_*` =
//!   `net_banking_transfer` (IMPS, NEFT, RTGS, internal transfers);
//!   `pos_expenses` = debit card debits; `reversals` = refund and reversal
//!   credits; `total_bounce_or_penal_charge` = ACH and cheque bounce charges
//!   plus penal charges (description `penalty_charge`); `inward_chq_bounces` /
//!   `outward_chq_bounces` = amounts of inward cheque bounce credits /
//!   outward cheque bounce debits; `total_emi_ecs_loan` = EMI debits.
//! - **expense_N** = debits except outward cheque bounce debits; **income_N** =
//!   the monthly analysis's income credits less self transfers (2.12's list);
//!   `total_expense` / `total_income` are their sums.
//! - **Ratios and percentages** are rounded to two decimals.
//!   `expense_to_income_ratio_N` is `null` in a month without income (the
//!   ratio does not exist); `avg_expense_to_income_perc` is 0 without income.
//! - **Balances**: `max_balance_N` / `min_balance_N` are over the balances
//!   after each transaction of the month; `avg_balance_N` is the monthly
//!   analysis's `avg_bal` (EOD over every day of the month, filled).
//!   `balance_on_Nth` is the filled EOD balance of that day; in a month shorter
//!   than the day (30th of February) the month's last day is used. `bal_last_N`
//!   is the filled EOD of the month's last calendar day.
//!   `bal_avgof_6dates_N` averages the seven days the interface lists
//!   (1, 5, 10, 15, 20, 25, 30).
//! - **balance_net_off_on_Nth**: the filled EOD balance of that day minus every
//!   loan credit (see [`super::monthly::is_loan_credit`]) dated on or before it
//!   since the account's first transaction: the balance as if no loan money had
//!   come in.
//! - **avg_daily_closing_balance**: the mean filled EOD balance of the days
//!   from start_date to end_date, both included. **avg_monthly_closing_balance**:
//!   the mean closing balance of the months with data.
//! - **annualised_credit** = credits × 365 / total days, to the paisa.
//! - **accountnumber**: the account number as an integer when it is all
//!   digits (a masked `XXXX4521` gives `null`).

use chrono::{Datelike, NaiveDate};

use super::eod::eod_at;
use super::monthly::{MonthTally, Tally, days_of, ratio, tally};
use crate::model::{Identity, Metadata, Transaction};
use crate::money::Money;
use crate::resources::{Predictors, YearMonth};

/// How many months the predictors look back (month 0 to 5).
pub const WINDOW_MONTHS: usize = 6;

/// The days of the month `balance_on_*` reads, in field order.
pub const BALANCE_DAYS: [u32; 7] = [1, 5, 10, 15, 20, 25, 30];

/// The predictors of one account: its enriched transactions (statement
/// order), `metadata` for salary detection, and the account's bank and
/// identity for the scalar fields.
pub fn compute(transactions: &[Transaction], metadata: &Metadata, bank: &str, identity: &Identity) -> Predictors {
    from_tally(&tally(transactions, metadata), bank, identity)
}

/// The predictors from an account's monthly tallies (see [`compute`]).
pub fn from_tally(tally: &Tally, bank: &str, identity: &Identity) -> Predictors {
    let mut p = Predictors {
        customer_name: non_empty(&identity.name),
        bank_name: non_empty(bank),
        account_type: identity.account_type,
        ifsc_code: identity.ifsc.clone(),
        accountnumber: account_number(&identity.account_number),
        ..Predictors::default()
    };
    let Some(latest) = tally.months.last().map(|m| m.month) else {
        return p;
    };
    // window[k]: month k (0 = latest), when it has data.
    let mut window: [Option<&MonthTally>; WINDOW_MONTHS] = [None; WINDOW_MONTHS];
    let mut month = Some(latest);
    for slot in window.iter_mut() {
        let Some(ym) = month else { break };
        *slot = tally.months.iter().rev().find(|m| m.month == ym);
        month = ym.pred();
    }
    let with_data: Vec<&MonthTally> = window.iter().flatten().copied().collect();
    let (Some(start), Some(end)) =
        (with_data.iter().map(|m| m.first_date).min(), with_data.iter().map(|m| m.last_date).max())
    else {
        return p;
    };
    p.start_date = Some(start.format("%Y-%m-%d").to_string());
    p.end_date = Some(end.format("%Y-%m-%d").to_string());

    // Totals over the months with data.
    let n = with_data.len();
    let sum = |f: &dyn Fn(&MonthTally) -> Money| with_data.iter().map(|m| f(m)).sum::<Money>();
    let count = |f: &dyn Fn(&MonthTally) -> u32| with_data.iter().fold(0u32, |a, m| a.saturating_add(f(m)));
    use crate::model::TxnType::{Credit, Debit};
    use crate::taxonomy::Channel::*;
    p.month_duration = n as u32;
    p.credits = sum(&|m| m.credit.amount);
    p.debits = sum(&|m| m.debit.amount);
    let total_days = (end - start).num_days().max(1);
    p.annualised_credit = Money::mean(i128::from(p.credits.paise()) * 365, total_days as usize);
    p.cash_withdrawals = count(&|m| m.channel(CashWithdrawl, Debit).count);
    p.chq_deposits = count(&|m| m.channel(Chq, Credit).count);
    p.chq_issues = count(&|m| m.channel(Chq, Debit).count);
    p.debitless_charges = sum(&|m| m.channel(BankCharge, Debit).amount);
    p.total_expense = sum(&|m| m.expense);
    p.total_income = sum(&|m| m.income_net_of_self);
    p.avg_monthly_expense = Money::mean(i128::from(p.total_expense.paise()), n);
    p.avg_monthly_income = Money::mean(i128::from(p.total_income.paise()), n);
    p.avg_expense_to_income_perc = ratio(p.total_expense, p.total_income, 100);
    p.inward_chq_bounces = sum(&|m| m.channel(InwardChequeBounce, Credit).amount);
    p.outward_chq_bounces = sum(&|m| m.channel(OutwardChequeBounce, Debit).amount);
    p.net_banking_credits = sum(&|m| m.channel(NetBankingTransfer, Credit).amount);
    p.net_banking_debits = sum(&|m| m.channel(NetBankingTransfer, Debit).amount);
    p.pos_expenses = sum(&|m| m.channel(DebitCard, Debit).amount);
    p.reversals = sum(&|m| m.reversals);
    p.total_bounce_or_penal_charge =
        sum(&|m| m.ach_bounce_charge.amount + m.chq_bounce_charge.amount + m.penal_charge.amount);
    p.total_cash_withdrawal = sum(&|m| m.channel(CashWithdrawl, Debit).amount);
    p.total_chq_deposit = sum(&|m| m.channel(Chq, Credit).amount);
    p.total_chq_issue = sum(&|m| m.channel(Chq, Debit).amount);
    p.total_creditcard_payment = sum(&|m| m.credit_card_bill.amount);
    p.total_emi_ecs_loan = sum(&|m| m.emi.amount);
    let daily: i128 =
        start.iter_days().take_while(|d| *d <= end).filter_map(|d| eod_at(&tally.eod, d)).map(paise).sum();
    p.avg_daily_closing_balance = Money::mean(daily, (end - start).num_days().max(0) as usize + 1);
    p.avg_monthly_closing_balance = Money::mean(with_data.iter().map(|m| paise(m.closing)).sum(), n);

    let net_off = NetOff::new(tally);
    for (k, m) in window.iter().enumerate() {
        let Some(m) = m else { continue };
        p.months[k] = Some(m.month);
        let q = &mut p.monthly;
        q.credits[k] = Some(m.credit.amount);
        q.debits[k] = Some(m.debit.amount);
        q.debitless_charges[k] = Some(m.channel(BankCharge, Debit).amount);
        q.expense[k] = Some(m.expense);
        q.income[k] = Some(m.income_net_of_self);
        q.expense_to_income_ratio[k] =
            (!m.income_net_of_self.is_zero()).then(|| ratio(m.expense, m.income_net_of_self, 1));
        q.number_of_transactions[k] = Some(m.transactions);
        q.total_creditcard_payment[k] = Some(m.credit_card_bill.amount);
        q.total_inward_payment_bounce[k] = Some(m.channel(InwardChequeBounce, Credit).amount);
        q.total_salary[k] = Some(m.salary.amount);
        q.max_balance[k] = Some(m.max_bal);
        q.min_balance[k] = Some(m.min_bal);
        q.avg_balance[k] = Some(m.eod.avg);
        q.bal_last[k] = days_of(m.month).last().and_then(|d| eod_at(&tally.eod, d));
        let on: Vec<Option<Money>> = BALANCE_DAYS.iter().map(|&d| eod_at(&tally.eod, day_of(m.month, d)?)).collect();
        let net: Vec<Option<Money>> = BALANCE_DAYS.iter().map(|&d| net_off.at(day_of(m.month, d)?)).collect();
        let on_dates = [
            &mut q.balance_on_1st,
            &mut q.balance_on_5th,
            &mut q.balance_on_10th,
            &mut q.balance_on_15th,
            &mut q.balance_on_20th,
            &mut q.balance_on_25th,
            &mut q.balance_on_30th,
        ];
        for (field, value) in on_dates.into_iter().zip(&on) {
            field[k] = *value;
        }
        let known: Vec<Money> = on.iter().flatten().copied().collect();
        q.bal_avgof_6dates[k] =
            (!known.is_empty()).then(|| Money::mean(known.iter().copied().map(paise).sum(), known.len()));
        let net_dates = [
            &mut q.balance_net_off_on_1st,
            &mut q.balance_net_off_on_5th,
            &mut q.balance_net_off_on_10th,
            &mut q.balance_net_off_on_15th,
            &mut q.balance_net_off_on_20th,
            &mut q.balance_net_off_on_25th,
            &mut q.balance_net_off_on_30th,
        ];
        for (field, value) in net_dates.into_iter().zip(&net) {
            field[k] = *value;
        }
    }
    p
}

fn paise(m: Money) -> i128 {
    i128::from(m.paise())
}

fn non_empty(s: &str) -> Option<String> {
    let s = s.trim();
    (!s.is_empty()).then(|| s.to_string())
}

/// The account number as an integer when it is all digits and fits.
fn account_number(number: &str) -> Option<i64> {
    let n = number.trim();
    if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    n.parse().ok()
}

/// Day `day` of `month`, or the month's last day when it is shorter.
fn day_of(month: YearMonth, day: u32) -> Option<NaiveDate> {
    days_of(month).take_while(|d| d.day() <= day).last()
}

/// EOD balances less the loan credits received so far.
struct NetOff<'a> {
    tally: &'a Tally,
    /// Loan credits by date, with the running total up to each.
    loans: Vec<(NaiveDate, Money)>,
}

impl<'a> NetOff<'a> {
    fn new(tally: &'a Tally) -> Self {
        let mut dated = tally.loan_credits.clone();
        dated.sort_by_key(|&(d, _)| d);
        let mut running = Money::ZERO;
        let loans = dated
            .into_iter()
            .map(|(d, a)| {
                running += a;
                (d, running)
            })
            .collect();
        NetOff { tally, loans }
    }

    /// The filled EOD balance of `date` less the loan credits dated on or
    /// before it (before the first transaction, the first day's figure: the
    /// closest available date).
    fn at(&self, date: NaiveDate) -> Option<Money> {
        let first = self.tally.eod.first()?.0;
        let on = date.max(first);
        let eod = eod_at(&self.tally.eod, on)?;
        let n = self.loans.partition_point(|&(d, _)| d <= on);
        let received = n.checked_sub(1).and_then(|i| self.loans.get(i)).map_or(Money::ZERO, |&(_, total)| total);
        Some(eod - received)
    }
}
