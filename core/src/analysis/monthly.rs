//! Monthly analysis (interface 2.10): every field for every calendar month
//! with transactions, labelled `Mmm-YYYY`.
//!
//! One pass over the account's transactions tallies each month ([`tally`]);
//! `crate::resources::MonthlyAnalysis::from_tally` writes the tallies as the
//! interface's fields, and the predictors (`super::predictors`) read the same
//! tallies.
//!
//! # Decisions where the interface leaves room
//!
//! - **Months**: the calendar months that have at least one transaction, as in
//!   `accounts[].months`; a transaction belongs to the month of its posting date.
//! - **Channel fields** (`amt_upi_credit`, `cnt_cash_withdrawl_debit`, ...):
//!   transactions whose enriched `transaction_channel` is that channel and
//!   whose type is the field's direction. `amt_investment` / `cnt_investment`
//!   are `investment` debits.
//! - **Loan credits** ([`is_loan_credit`]): credits that
//!   the account stage selects as lender transactions (`crate::enrich::lender::detect`: (description
//!   `lender_transaction`) and that are not bounces: disbursals and top-ups.
//! - **Income credits** ([`is_income_credit`]): every credit except
//!   auto-debit payment bounces, cheque bounces of either direction
//!   (`inward_cheque_bounce`, `outward_cheque_bounce`: money coming back is
//!   not earned), `international_transaction_arbitrage` credits and loan
//!   credits. Self transfers, refunds, reversals, interest and cash deposits
//!   stay in, as the interface lists no other exclusion (the predictors'
//!   `income_N` additionally leaves out self transfers, as 2.12 says).
//! - **Business credits**: income credits strictly above ₹500
//!   ([`BUSINESS_CREDIT_ABOVE`]).
//! - **EMI** ([`is_emi_debit`]): debits selected as lender transactions that are
//!   neither a bounce nor a bank charge. **EMI bounce** ([`is_emi_bounce_credit`]):
//!   credits selected as lender transactions whose channel is a bounce.
//! - **Credit card bills**, **ACH / cheque bounce charges**: debits with the
//!   description `credit_card_bill`, `ach_bounce_charge`, `chq_bounce_charge`.
//!   `*_insuff_funds_*`: the cheque-bounce channel of the field's direction with
//!   the description `chq_bounce_insuff_funds`.
//! - **Salary**: the account's salary credits (decided once per account by
//!   `crate::enrich::salary::mark`),
//!   counted in the calendar month they were credited in (not their
//!   `month_year`).
//! - **`perc_salary_spend_*`** ([`SALARY_SPEND_DAYS`]): for each salary credit
//!   the window is its day and the six days after (7 days, possibly running
//!   into the next month). The windows of one month's salary credits are
//!   joined (a day counts once); the debits of the channel inside the joined
//!   window, divided by the month's total salary, times 100, rounded to two
//!   decimals. 0 in a month without salary.
//! - **Balances**: `opening_balance` is the balance before the month's first
//!   transaction (its balance minus its signed amount), `closing_balance` the
//!   balance after the last (statement order). `max_bal` / `min_bal` are over
//!   the balances printed after each of the month's transactions.
//! - **EOD fields** (`avg_bal`, `median_balance`, `mode_balance`,
//!   `max_eod_balance`, `min_eod_balance`): over every calendar day of the
//!   month, each day's balance filled as [`super::eod`] describes (before the
//!   first transaction: the closest available date; after the last: carried
//!   forward). The median of an even number of days is the mean of the two
//!   middle values; the mode is the most frequent value, the lowest of equally
//!   frequent ones (the conservative reading for a lender).
//! - **Averages** (`avg_bal`, `avg_*_transaction_size`, `avg_emi`): rounded to
//!   the paisa, half away from zero; 0 when there is nothing to average.

use chrono::{Datelike, NaiveDate};

use super::eod::{eod_at, eod_balances};
use crate::model::YearMonth;
use crate::model::{SalaryHit, Transaction, TxnType};
use crate::money::Money;
use crate::taxonomy::{Channel, description};

/// Income credits above this amount are business credits (interface 8).
pub const BUSINESS_CREDIT_ABOVE: Money = Money::from_rupees(500);

/// Length of the window after a salary credit that `perc_salary_spend_*`
/// looks at, the credit's own day included.
pub const SALARY_SPEND_DAYS: usize = 7;

/// The channels of `perc_salary_spend_*`, in the order of [`MonthTally::salary_spend`].
pub const SALARY_SPEND_CHANNELS: [Channel; 5] =
    [Channel::BillPayment, Channel::CashWithdrawl, Channel::DebitCard, Channel::NetBankingTransfer, Channel::Upi];

const CHANNELS: usize = Channel::ALL.len();

/// A total and a count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sum {
    /// Total amount.
    pub amount: Money,
    /// Number of transactions.
    pub count: u32,
}

impl Sum {
    fn add(&mut self, amount: Money) {
        self.amount += amount;
        self.count = self.count.saturating_add(1);
    }

    /// The mean amount, to the paisa; zero for no transactions.
    pub fn mean(self) -> Money {
        Money::mean(i128::from(self.amount.paise()), self.count as usize)
    }
}

/// Statistics of one month's filled EOD balances.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EodStats {
    /// Mean.
    pub avg: Money,
    /// Median.
    pub median: Money,
    /// Most frequent value (lowest of ties).
    pub mode: Money,
    /// Highest.
    pub max: Money,
    /// Lowest.
    pub min: Money,
}

/// Everything the monthly analysis and the predictors need about one month.
#[derive(Clone, Debug, PartialEq)]
pub struct MonthTally {
    /// The month.
    pub month: YearMonth,
    /// Per channel (index `Channel as usize`) and direction (index `TxnType as usize`).
    pub by_channel: [[Sum; 2]; CHANNELS],
    /// All credits.
    pub credit: Sum,
    /// All debits.
    pub debit: Sum,
    /// Income credits ([`is_income_credit`]).
    pub income: Sum,
    /// Income credits above ₹500.
    pub business: Sum,
    /// Income credits that are not self transfers (predictors' `income_N`).
    pub income_net_of_self: Money,
    /// Debits except outward cheque bounces (predictors' `expense_N`).
    pub expense: Money,
    /// Loan credits ([`is_loan_credit`]).
    pub loan_credit: Sum,
    /// EMI debits ([`is_emi_debit`]).
    pub emi: Sum,
    /// EMI bounce credits ([`is_emi_bounce_credit`]).
    pub emi_bounce: Sum,
    /// Credit card bill debits.
    pub credit_card_bill: Sum,
    /// ACH bounce charges.
    pub ach_bounce_charge: Sum,
    /// Cheque bounce charges.
    pub chq_bounce_charge: Sum,
    /// Penal charges (description `penalty_charge`).
    pub penal_charge: Sum,
    /// Inward cheque bounce credits for insufficient funds.
    pub inward_insuff_funds: Sum,
    /// Outward cheque bounce debits for insufficient funds.
    pub outward_insuff_funds: Sum,
    /// Refund and reversal credits.
    pub reversals: Money,
    /// Salary credits.
    pub salary: Sum,
    /// Debits in the salary windows, per [`SALARY_SPEND_CHANNELS`].
    pub salary_spend: [Money; 5],
    /// Number of transactions.
    pub transactions: u32,
    /// Balance before the month's first transaction.
    pub opening: Money,
    /// Balance after the month's last transaction.
    pub closing: Money,
    /// Highest balance after a transaction.
    pub max_bal: Money,
    /// Lowest balance after a transaction.
    pub min_bal: Money,
    /// Earliest transaction date.
    pub first_date: NaiveDate,
    /// Latest transaction date.
    pub last_date: NaiveDate,
    /// Filled EOD balances over the whole calendar month.
    pub eod: EodStats,
}

impl MonthTally {
    fn new(month: YearMonth, first: &Transaction) -> Self {
        let date = first.date.date();
        MonthTally {
            month,
            by_channel: [[Sum::default(); 2]; CHANNELS],
            credit: Sum::default(),
            debit: Sum::default(),
            income: Sum::default(),
            business: Sum::default(),
            income_net_of_self: Money::ZERO,
            expense: Money::ZERO,
            loan_credit: Sum::default(),
            emi: Sum::default(),
            emi_bounce: Sum::default(),
            credit_card_bill: Sum::default(),
            ach_bounce_charge: Sum::default(),
            chq_bounce_charge: Sum::default(),
            penal_charge: Sum::default(),
            inward_insuff_funds: Sum::default(),
            outward_insuff_funds: Sum::default(),
            reversals: Money::ZERO,
            salary: Sum::default(),
            salary_spend: [Money::ZERO; 5],
            transactions: 0,
            opening: first.balance - first.signed_amount(),
            closing: first.balance,
            max_bal: first.balance,
            min_bal: first.balance,
            first_date: date,
            last_date: date,
            eod: EodStats::default(),
        }
    }

    /// Total and count of one channel in one direction.
    pub fn channel(&self, channel: Channel, kind: TxnType) -> Sum {
        self.by_channel[channel as usize][kind as usize]
    }

    /// `perc_salary_spend_*` of one of [`SALARY_SPEND_CHANNELS`] (by index).
    pub fn salary_spend_perc(&self, at: usize) -> f64 {
        let spent = self.salary_spend.get(at).copied().unwrap_or_default();
        percent(spent, self.salary.amount)
    }
}

/// The tallies of an account: one per month with transactions, chronological,
/// plus the account's EOD series.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// One per month with transactions, chronological.
    pub months: Vec<MonthTally>,
    /// EOD balances from the first to the last transaction date ([`eod_balances`]).
    pub eod: Vec<(NaiveDate, Money)>,
    /// Loan credits ([`is_loan_credit`]) with their dates, in slice order.
    pub loan_credits: Vec<(NaiveDate, Money)>,
}

/// A returned payment: auto-debit bounce or cheque bounce of either direction.
pub fn is_bounce(channel: Channel) -> bool {
    matches!(channel, Channel::AutoDebitPaymentBounce | Channel::InwardChequeBounce | Channel::OutwardChequeBounce)
}

/// A loan credit: a credit with a lender (`lender` is whether
/// the account stage selected it as a lender transaction) that is not a bounce.
pub fn is_loan_credit(t: &Transaction, lender: bool) -> bool {
    lender && t.kind == TxnType::Credit && !is_bounce(t.channel)
}

/// An income credit: any credit except bounces, international transaction
/// arbitrage and loan credits (see the module docs).
pub fn is_income_credit(t: &Transaction, lender: bool) -> bool {
    t.kind == TxnType::Credit
        && !is_bounce(t.channel)
        && t.channel != Channel::InternationalTransactionArbitrage
        && !is_loan_credit(t, lender)
}

/// An EMI: a debit with a lender that is neither a bounce nor a bank charge.
pub fn is_emi_debit(t: &Transaction, lender: bool) -> bool {
    lender && t.kind == TxnType::Debit && !is_bounce(t.channel) && t.channel != Channel::BankCharge
}

/// An EMI bounce: a credit with a lender whose channel is a bounce (the
/// returned EMI coming back).
pub fn is_emi_bounce_credit(t: &Transaction, lender: bool) -> bool {
    lender && t.kind == TxnType::Credit && is_bounce(t.channel)
}

/// Every month of the account tallied in one pass; see the module docs for
/// what each figure counts. `salary` and `lenders` are the account stage's
/// decisions about these transactions (indices into the slice).
pub fn tally(transactions: &[Transaction], salary: &[SalaryHit], lenders: &[usize]) -> Tally {
    let eod = eod_balances(transactions);
    let Some(&(first_day, _)) = eod.first() else {
        return Tally::default();
    };
    let mut is_salary = vec![false; transactions.len()];
    for hit in salary {
        if let Some(s) = is_salary.get_mut(hit.index) {
            *s = true;
        }
    }
    let mut is_lender = vec![false; transactions.len()];
    for &i in lenders {
        if let Some(l) = is_lender.get_mut(i) {
            *l = true;
        }
    }

    // Months with data, chronological, and a dense index from month ordinal.
    let ordinal = |ym: YearMonth| i64::from(ym.year()) * 12 + i64::from(ym.month()) - 1;
    let (first_month, last_month) = match (YearMonth::of(&first_day), eod.last().and_then(|(d, _)| YearMonth::of(d))) {
        (Some(a), Some(b)) => (a, b),
        _ => return Tally { eod, ..Tally::default() },
    };
    let base = ordinal(first_month);
    let span = (ordinal(last_month) - base + 1).max(0) as usize;
    let mut slot: Vec<Option<usize>> = vec![None; span];
    let mut months: Vec<MonthTally> = Vec::new();
    let mut loan_credits = Vec::new();
    // Per day of the EOD series: debits of the salary-spend channels.
    let mut spend_by_day: Vec<[Money; 5]> = vec![[Money::ZERO; 5]; eod.len()];
    // Per month: the EOD day indices of its salary credits.
    let mut salary_days: Vec<Vec<usize>> = Vec::new();

    // Rows of one day are adjacent: month slot and day index are computed once per day.
    let mut prev: Option<(NaiveDate, usize, usize)> = None;
    for (i, t) in transactions.iter().enumerate() {
        let date = t.date.date();
        let (k, day) = match prev {
            Some((d, k, day)) if d == date => (k, day),
            _ => {
                let Some(ym) = YearMonth::of(&date) else { continue };
                let Some(at) = slot.get_mut((ordinal(ym) - base) as usize) else { continue };
                let k = match *at {
                    Some(k) => k,
                    None => {
                        let k = months.len();
                        *at = Some(k);
                        months.push(MonthTally::new(ym, t));
                        salary_days.push(Vec::new());
                        k
                    }
                };
                let day = (date - first_day).num_days() as usize;
                prev = Some((date, k, day));
                (k, day)
            }
        };
        let m = &mut months[k];
        let amount = t.amount;
        let lender = is_lender[i];

        m.transactions = m.transactions.saturating_add(1);
        m.closing = t.balance;
        m.max_bal = m.max_bal.max(t.balance);
        m.min_bal = m.min_bal.min(t.balance);
        m.first_date = m.first_date.min(date);
        m.last_date = m.last_date.max(date);
        m.by_channel[t.channel as usize][t.kind as usize].add(amount);
        match t.kind {
            TxnType::Credit => {
                m.credit.add(amount);
                if is_loan_credit(t, lender) {
                    m.loan_credit.add(amount);
                    loan_credits.push((date, amount));
                }
                if is_emi_bounce_credit(t, lender) {
                    m.emi_bounce.add(amount);
                }
                if is_income_credit(t, lender) {
                    m.income.add(amount);
                    if amount > BUSINESS_CREDIT_ABOVE {
                        m.business.add(amount);
                    }
                    if t.channel != Channel::SelfTransfer {
                        m.income_net_of_self += amount;
                    }
                }
                if t.channel == Channel::InwardChequeBounce && t.description == description::CHQ_BOUNCE_INSUFF_FUNDS {
                    m.inward_insuff_funds.add(amount);
                }
                if matches!(t.channel, Channel::Refund | Channel::Reversal) {
                    m.reversals += amount;
                }
                if is_salary[i] {
                    m.salary.add(amount);
                    if let Some(s) = salary_days.get_mut(k) {
                        s.push(day);
                    }
                }
            }
            TxnType::Debit => {
                m.debit.add(amount);
                if is_emi_debit(t, lender) {
                    m.emi.add(amount);
                }
                match t.description.as_str() {
                    description::CREDIT_CARD_BILL => m.credit_card_bill.add(amount),
                    description::ACH_BOUNCE_CHARGE => m.ach_bounce_charge.add(amount),
                    description::CHQ_BOUNCE_CHARGE => m.chq_bounce_charge.add(amount),
                    description::PENALTY_CHARGE => m.penal_charge.add(amount),
                    _ => {}
                }
                if t.channel == Channel::OutwardChequeBounce {
                    if t.description == description::CHQ_BOUNCE_INSUFF_FUNDS {
                        m.outward_insuff_funds.add(amount);
                    }
                } else {
                    m.expense += amount;
                }
                if let Some(c) = SALARY_SPEND_CHANNELS.iter().position(|&c| c == t.channel)
                    && let Some(d) = spend_by_day.get_mut(day)
                {
                    d[c] += amount;
                }
            }
        }
    }

    for (m, days) in months.iter_mut().zip(&mut salary_days) {
        m.salary_spend = salary_window_spend(days, &spend_by_day);
        m.eod = eod_stats(&eod, m.month);
    }
    // Months were opened in slice order; a merged slice need not be chronological.
    months.sort_by_key(|m| m.month);
    Tally { months, eod, loan_credits }
}

/// The channel debits inside the joined 7-day windows that start on `days`.
fn salary_window_spend(days: &mut [usize], spend_by_day: &[[Money; 5]]) -> [Money; 5] {
    let mut out = [Money::ZERO; 5];
    days.sort_unstable();
    let mut next = 0; // first day not yet counted
    for &start in days.iter() {
        let from = start.max(next);
        let to = (start + SALARY_SPEND_DAYS).min(spend_by_day.len());
        for d in spend_by_day.get(from..to).unwrap_or_default() {
            for (o, v) in out.iter_mut().zip(d) {
                *o += *v;
            }
        }
        next = next.max(to);
    }
    out
}

/// Every day of a calendar month.
pub fn days_of(month: YearMonth) -> impl Iterator<Item = NaiveDate> {
    let first = NaiveDate::from_ymd_opt(month.year(), month.month(), 1);
    first.into_iter().flat_map(|f| f.iter_days().take_while(move |d| d.month() == f.month()))
}

/// Mean, median, mode, max and min of the month's filled EOD balances.
fn eod_stats(eod: &[(NaiveDate, Money)], month: YearMonth) -> EodStats {
    let mut days: Vec<Money> = days_of(month).filter_map(|d| eod_at(eod, d)).collect();
    if days.is_empty() {
        return EodStats::default();
    }
    let total: i128 = days.iter().map(|m| i128::from(m.paise())).sum();
    let avg = Money::mean(total, days.len());
    days.sort_unstable();
    let n = days.len();
    let median = if n % 2 == 1 {
        days[n / 2]
    } else {
        Money::mean(i128::from(days[n / 2 - 1].paise()) + i128::from(days[n / 2].paise()), 2)
    };
    // Sorted, so runs of equal values are adjacent; `>` keeps the lowest of ties.
    let (mut mode, mut best, mut run) = (days[0], 0, 0);
    for (i, v) in days.iter().enumerate() {
        run = if i > 0 && days[i - 1] == *v { run + 1 } else { 1 };
        if run > best {
            best = run;
            mode = *v;
        }
    }
    EodStats { avg, median, mode, max: days[n - 1], min: days[0] }
}

/// `part / whole × 100`, rounded to two decimals (half away from zero); 0 when
/// `whole` is zero.
pub fn percent(part: Money, whole: Money) -> f64 {
    ratio(part, whole, 100)
}

/// `part / whole × scale`, rounded to two decimals in integers (half away
/// from zero), then as a float; 0 when `whole` is zero.
pub(crate) fn ratio(part: Money, whole: Money, scale: i128) -> f64 {
    let den = i128::from(whole.paise());
    if den == 0 {
        return 0.0;
    }
    let num = i128::from(part.paise()) * scale * 100;
    let (num, den) = if den < 0 { (-num, -den) } else { (num, den) };
    let q = if num >= 0 { (num + den / 2) / den } else { (num - den / 2) / den };
    q as f64 / 100.0
}

#[cfg(test)]
pub(crate) mod tests;
