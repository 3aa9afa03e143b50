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
use super::monthly::{MonthTally, Tally, days_of, ratio};
use crate::model::Identity;
use crate::model::YearMonth;
use crate::money::Money;

mod fields;

pub use fields::{MonthlyPredictors, Predictors};

/// How many months the predictors look back (month 0 to 5).
pub const WINDOW_MONTHS: usize = 6;

/// The days of the month `balance_on_*` reads, in field order.
pub const BALANCE_DAYS: [u32; 7] = [1, 5, 10, 15, 20, 25, 30];

/// The predictors of one account from its monthly tallies ([`tally`](super::monthly::tally)),
/// with its bank and identity for the scalar fields.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::monthly::tests::{inr, statement, three_months};
    use crate::model::AccountType;
    use crate::model::TxnType::{Credit, Debit};
    use crate::model::{Metadata, Transaction};
    use crate::taxonomy::Channel::*;
    use crate::taxonomy::description;

    /// The predictors as an account's analysis gives them: salary and lender
    /// transactions decided first, then the tally.
    fn compute(t: &[Transaction], md: &Metadata, bank: &str, identity: &Identity) -> Predictors {
        let salary = crate::enrich::salary::detect(t, md);
        from_tally(&super::super::monthly::tally(t, &salary, &crate::enrich::lender::detect(t)), bank, identity)
    }

    fn identity(number: &str) -> Identity {
        Identity {
            name: "ASHA RAO".into(),
            account_number: number.into(),
            ifsc: Some("HDFC0000240".into()),
            account_type: Some(AccountType::Savings),
            ..Identity::default()
        }
    }

    fn ym(y: i32, m: u32) -> YearMonth {
        YearMonth::new(y, m).unwrap_or_else(|| panic!("{y}-{m}"))
    }

    fn some(texts: [Option<&str>; 6]) -> [Option<Money>; 6] {
        texts.map(|t| t.map(inr))
    }

    /// January, March and April 2025 (no February), opening balance ₹1,000.
    #[rustfmt::skip]
    fn with_a_gap() -> Vec<Transaction> {
        statement("1,000.00", &[
            (1, 10, Credit, "20,000.00", Salary, ""),                                          // 21,000
            (1, 20, Debit, "5,000.00", Upi, ""),                                               // 16,000
            (3, 5, Credit, "10,000.00", NetBankingTransfer, description::LENDER_TRANSACTION), // 26,000 loan
            (3, 12, Debit, "2,000.00", CashWithdrawl, ""),                                     // 24,000
            (4, 2, Debit, "1,000.00", DebitCard, ""),                                          // 23,000
        ])
    }

    #[test]
    fn a_month_without_data_is_null_and_month_0_is_the_latest() {
        let p = compute(&with_a_gap(), &Metadata::default(), "hdfc", &identity("50100012345678"));
        // April is month 0; March 1; February (no data) 2; January 3; Dec and Nov 2024 none.
        assert_eq!(p.months, [Some(ym(2025, 4)), Some(ym(2025, 3)), None, Some(ym(2025, 1)), None, None]);
        let q = &p.monthly;
        assert_eq!(q.credits, some([Some("0.00"), Some("10,000.00"), None, Some("20,000.00"), None, None]));
        assert_eq!(q.debits, some([Some("1,000.00"), Some("2,000.00"), None, Some("5,000.00"), None, None]));
        assert_eq!(q.number_of_transactions, [Some(1), Some(2), None, Some(2), None, None]);
        // The March loan credit is not income.
        assert_eq!(q.income, some([Some("0.00"), Some("0.00"), None, Some("20,000.00"), None, None]));
        assert_eq!(q.expense, some([Some("1,000.00"), Some("2,000.00"), None, Some("5,000.00"), None, None]));
        // 5,000 / 20,000 in January; no income in March and April: no ratio.
        assert_eq!(q.expense_to_income_ratio, [None, None, None, Some(0.25), None, None]);
        assert_eq!(q.total_salary, some([Some("0.00"), Some("0.00"), None, Some("20,000.00"), None, None]));
        assert_eq!(q.max_balance, some([Some("23,000.00"), Some("26,000.00"), None, Some("21,000.00"), None, None]));
        assert_eq!(q.min_balance, some([Some("23,000.00"), Some("24,000.00"), None, Some("16,000.00"), None, None]));
        // EOD days: January 1–9 take the closest date (10 Jan, 21,000): 21,000 ×19
        // + 16,000 ×12 = 5,91,000 / 31 = 19,064.516… ; March 1–4 carry 16,000 ×4,
        // 5–11 26,000 ×7, 12–31 24,000 ×20 = 7,26,000 / 31 = 23,419.354… ;
        // April 1 carries 24,000, 2–30 23,000 ×29 = 6,91,000 / 30 = 23,033.33.
        assert_eq!(q.avg_balance, some([Some("23,033.33"), Some("23,419.35"), None, Some("19,064.52"), None, None]));
        // Last calendar day: 30 Apr carries 23,000; 31 Mar 24,000; 31 Jan 16,000.
        assert_eq!(q.bal_last, some([Some("23,000.00"), Some("24,000.00"), None, Some("16,000.00"), None, None]));
        assert_eq!(q.balance_on_1st, some([Some("24,000.00"), Some("16,000.00"), None, Some("21,000.00"), None, None]));
        assert_eq!(q.balance_on_5th, some([Some("23,000.00"), Some("26,000.00"), None, Some("21,000.00"), None, None]));
        assert_eq!(
            q.balance_on_15th,
            some([Some("23,000.00"), Some("24,000.00"), None, Some("21,000.00"), None, None])
        );
        assert_eq!(
            q.balance_on_20th,
            some([Some("23,000.00"), Some("24,000.00"), None, Some("16,000.00"), None, None])
        );
        assert_eq!(
            q.balance_on_30th,
            some([Some("23,000.00"), Some("24,000.00"), None, Some("16,000.00"), None, None])
        );
        // April: (24,000 + 23,000 ×6) / 7 = 23,142.857… ; March: (16,000 + 26,000 ×2
        // + 24,000 ×4) / 7 = 1,64,000 / 7 = 23,428.571… ; January: (21,000 ×4 +
        // 16,000 ×3) / 7 = 1,32,000 / 7 = 18,857.142…
        assert_eq!(
            q.bal_avgof_6dates,
            some([Some("23,142.86"), Some("23,428.57"), None, Some("18,857.14"), None, None])
        );
        // Net of the 10,000 loan credit of 5 March from that day on.
        assert_eq!(
            q.balance_net_off_on_1st,
            some([Some("14,000.00"), Some("16,000.00"), None, Some("21,000.00"), None, None])
        );
        assert_eq!(
            q.balance_net_off_on_5th,
            some([Some("13,000.00"), Some("16,000.00"), None, Some("21,000.00"), None, None])
        );
        assert_eq!(
            q.balance_net_off_on_15th,
            some([Some("13,000.00"), Some("14,000.00"), None, Some("21,000.00"), None, None])
        );

        assert_eq!(p.start_date.as_deref(), Some("2025-01-10"));
        assert_eq!(p.end_date.as_deref(), Some("2025-04-02"));
        assert_eq!(p.month_duration, 3);
        assert_eq!(p.credits, inr("30,000.00"));
        assert_eq!(p.debits, inr("8,000.00"));
        // Total days 10 Jan → 2 Apr = 21 + 28 + 31 + 2 = 82; 30,000 × 365 / 82 = 1,33,536.585…
        assert_eq!(p.annualised_credit, inr("1,33,536.59"));
        assert_eq!(p.total_income, inr("20,000.00"));
        assert_eq!(p.total_expense, inr("8,000.00"));
        // 8,000 / 3 and 20,000 / 3; 8,000 / 20,000 = 40 %.
        assert_eq!(p.avg_monthly_expense, inr("2,666.67"));
        assert_eq!(p.avg_monthly_income, inr("6,666.67"));
        assert_eq!(p.avg_expense_to_income_perc, 40.0);
        assert_eq!((p.cash_withdrawals, p.total_cash_withdrawal), (1, inr("2,000.00")));
        assert_eq!(p.pos_expenses, inr("1,000.00"));
        assert_eq!(p.net_banking_credits, inr("10,000.00"));
        // 10 Jan – 2 Apr, 83 days: 21,000 ×10 + 16,000 ×44 (20 Jan – 4 Mar) + 26,000 ×7
        // + 24,000 ×21 (12 Mar – 1 Apr) + 23,000 = 16,23,000 / 83 = 19,554.216…
        assert_eq!(p.avg_daily_closing_balance, inr("19,554.22"));
        // Closings 16,000, 24,000, 23,000.
        assert_eq!(p.avg_monthly_closing_balance, inr("21,000.00"));

        assert_eq!(p.customer_name.as_deref(), Some("ASHA RAO"));
        assert_eq!(p.bank_name.as_deref(), Some("hdfc"));
        assert_eq!(p.account_type, Some(AccountType::Savings));
        assert_eq!(p.ifsc_code.as_deref(), Some("HDFC0000240"));
        assert_eq!(p.accountnumber, Some(50100012345678));

        // The JSON: month names mmm-yy, nulls where there is no data.
        let json = serde_json::to_value(&p).unwrap_or_default();
        assert_eq!(json["month_0"], "apr-25");
        assert_eq!(json["month_2"], serde_json::Value::Null);
        assert_eq!(json["month_3"], "jan-25");
        assert_eq!(json["credits_2"], serde_json::Value::Null);
        let text = serde_json::to_string(&p).unwrap_or_default();
        assert!(text.contains(r#""credits_0":0.00,"credits_1":10000.00,"credits_2":null,"#), "{text}");
        assert_eq!(json["expense_to_income_ratio_3"].as_f64(), Some(0.25));
    }

    #[test]
    fn six_month_totals_of_the_three_month_statement() {
        let p = compute(&three_months(), &Metadata::default(), "sbi", &identity("XXXXXX4521"));
        assert_eq!(p.months, [Some(ym(2025, 3)), Some(ym(2025, 2)), Some(ym(2025, 1)), None, None, None]);
        // 50,520.50 + 1,87,000 + 86,000.
        assert_eq!(p.credits, inr("3,23,520.50"));
        // 21,090 + 47,390 + 43,403.
        assert_eq!(p.debits, inr("1,11,883.00"));
        // 3 Jan → 31 Mar = 87 days: 3,23,520.50 × 365 / 87 = 13,57,298.649…
        assert_eq!(p.annualised_credit, inr("13,57,298.65"));
        // income_N: January all 50,520.50; February 75,000; March 83,000 less
        // the 10,000 self transfer = 73,000.
        assert_eq!(p.monthly.income, some([Some("73,000.00"), Some("75,000.00"), Some("50,520.50"), None, None, None]));
        assert_eq!(p.total_income, inr("1,98,520.50"));
        // expense_N: March 43,403 less the 15,000 outward cheque bounce.
        assert_eq!(
            p.monthly.expense,
            some([Some("28,403.00"), Some("47,390.00"), Some("21,090.00"), None, None, None])
        );
        // 28,403 / 73,000 = 0.3890… ; 47,390 / 75,000 = 0.6318… ; 21,090 / 50,520.50 = 0.4174…
        assert_eq!(p.monthly.expense_to_income_ratio, [Some(0.39), Some(0.63), Some(0.42), None, None, None]);
        // 96,883 / 1,98,520.50 = 48.8025… %
        assert_eq!(p.total_expense, inr("96,883.00"));
        assert_eq!(p.avg_expense_to_income_perc, 48.80);
        // Bank charges 590 + 590 + 604; bounce charges 590 + 590 + 354 plus penal 250.
        assert_eq!(p.debitless_charges, inr("1,784.00"));
        assert_eq!(p.total_bounce_or_penal_charge, inr("1,784.00"));
        assert_eq!(p.total_emi_ecs_loan, inr("36,000.00"));
        assert_eq!(p.total_creditcard_payment, inr("1,500.00"));
        assert_eq!((p.chq_deposits, p.chq_issues), (1, 1));
        assert_eq!((p.total_chq_deposit, p.total_chq_issue), (inr("15,000.00"), inr("7,500.00")));
        assert_eq!((p.inward_chq_bounces, p.outward_chq_bounces), (inr("2,000.00"), inr("15,000.00")));
        assert_eq!(p.monthly.total_inward_payment_bounce[0], Some(inr("2,000.00")));
        assert_eq!(p.reversals, inr("5,000.00"));
        assert_eq!(
            p.monthly.total_salary,
            some([Some("50,000.00"), Some("50,000.00"), Some("50,000.00"), None, None, None])
        );
        // The February loan credit of 1,00,000 comes off every later balance:
        // 1 Mar carries 1,79,040.50 → 79,040.50; 1 Feb 38,630.50 is before it.
        assert_eq!(p.monthly.balance_net_off_on_1st[0], Some(inr("79,040.50")));
        assert_eq!(p.monthly.balance_net_off_on_1st[1], Some(inr("38,630.50")));
        // 30 Feb does not exist: the last day of February (1,79,040.50).
        assert_eq!(p.monthly.balance_on_30th[1], Some(inr("1,79,040.50")));
        assert_eq!(p.accountnumber, None, "a masked number is not an integer");
    }

    #[test]
    fn no_transactions_give_scalars_only() {
        let p = compute(&[], &Metadata::default(), "hdfc", &Identity::default());
        assert_eq!(p.months, [None; 6]);
        assert_eq!((p.start_date, p.end_date, p.month_duration), (None, None, 0));
        assert_eq!(p.bank_name.as_deref(), Some("hdfc"));
        assert_eq!(p.customer_name, None);
    }
}
