//! What goes into each sheet ([`AccountData`], gathered once per account)
//! and the order the sheets come in.

mod account;
mod analyses;
mod entity;
mod fraud;
mod monthly_sheets;

pub use entity::ENTITY_SHEETS;

use std::collections::HashSet;

use chrono::NaiveDate;
use rust_xlsxwriter::{Workbook, Worksheet, XlsxError};

use super::cells::Styles;
use super::charts;
use crate::account::AccountAnalysis;
use crate::aggregate::AccountView;
use crate::analysis::fraud::Finding;
use crate::analysis::score::Scorecard;
use crate::analysis::top::{self, TopCreditsDebits};
use crate::model::{Entity, Transaction, TxnType};
use crate::money::Money;
use crate::resources::{
    ExpenseCategory, MonthlyAnalysis, Predictors, RecurringTransactions, SalaryTransaction, TransactionItem, YearMonth,
};
use crate::respond::analyses::{expense_categories, lender_items, recurring_items, salary_items};
use crate::taxonomy::{Channel, description};

/// The sheets of an account workbook, in order.
pub const SHEETS: &[&str] = &[
    OVERVIEW,
    TRANSACTIONS,
    EOD,
    MONTHLY,
    SALARY,
    RECURRING_CREDITS,
    RECURRING_DEBITS,
    LOANS,
    BOUNCES,
    TOP_CREDITS,
    TOP_DEBITS,
    CATEGORIES,
    PREDICTORS,
    FRAUDS,
    FRAUD_TXNS,
];

pub(crate) const OVERVIEW: &str = "Overview";
pub(crate) const TRANSACTIONS: &str = "Transactions";
pub(crate) const EOD: &str = "Daily EOD Balances";
pub(crate) const MONTHLY: &str = "Monthly Analysis";
pub(crate) const SALARY: &str = "Salary";
pub(crate) const RECURRING_CREDITS: &str = "Recurring Credits";
pub(crate) const RECURRING_DEBITS: &str = "Recurring Debits";
pub(crate) const LOANS: &str = "Loans and EMIs";
pub(crate) const BOUNCES: &str = "Bounces and Penal Charges";
pub(crate) const TOP_CREDITS: &str = "Top 5 Credits";
pub(crate) const TOP_DEBITS: &str = "Top 5 Debits";
pub(crate) const CATEGORIES: &str = "Expense Categories";
pub(crate) const PREDICTORS: &str = "Predictors";
pub(crate) const FRAUDS: &str = "Frauds";
pub(crate) const FRAUD_TXNS: &str = "Fraud Transactions";

/// Everything the sheets of one account show, typed.
#[derive(Debug)]
pub(crate) struct AccountData<'a> {
    pub(crate) view: &'a AccountView<'a>,
    /// Balance before the first transaction: as printed, else derived from
    /// the first row.
    pub(crate) opening: Option<Money>,
    /// Balance after the last transaction.
    pub(crate) closing: Option<Money>,
    /// First and last day covered (statement period, else transaction dates).
    pub(crate) period: Option<(NaiveDate, NaiveDate)>,
    /// Months inside the period without a single transaction.
    pub(crate) missing_months: Vec<YearMonth>,
    /// Indices of bounces and penal charges, with what each is.
    pub(crate) bounces: Vec<(usize, &'static str)>,
    /// Fraud findings of the account ([`AccountAnalysis::findings`], what the
    /// `fraud` object of the responses lists).
    pub(crate) findings: &'a [Finding],
    /// End-of-day balances, every day from the first to the last transaction.
    pub(crate) eod: &'a [(NaiveDate, Money)],
    /// The salary response's transactions of this account.
    pub(crate) salary: Vec<SalaryTransaction>,
    /// Why each of `salary` is salary (the rule that decided), in order.
    pub(crate) salary_why: Vec<String>,
    /// The recurring response's sets of this account.
    pub(crate) recurring: RecurringTransactions,
    /// The lender response's transactions of this account.
    pub(crate) lender: Vec<TransactionItem>,
    /// The expense categories response of this account.
    pub(crate) categories: Vec<ExpenseCategory>,
    /// The top five credits and debits of each month of this account.
    pub(crate) top: TopCreditsDebits,
    /// The monthly analysis of this account.
    pub(crate) monthly: MonthlyAnalysis,
    /// The predictors of this account.
    pub(crate) predictors: &'a Predictors,
    /// The score and the factors behind it.
    pub(crate) scorecard: &'a Scorecard,
}

impl<'a> AccountData<'a> {
    /// The data of one account, shaped from its analysis as the JSON
    /// responses shape it.
    pub(crate) fn gather(account: &'a AccountAnalysis<'a>) -> AccountData<'a> {
        let view = &account.view;
        let txns: &[Transaction] = &view.transactions;
        let opening = view
            .statements
            .first()
            .and_then(|s| s.identity.opening_balance)
            .or_else(|| txns.first().map(|t| t.balance - t.signed_amount()));
        let closing = txns.last().map(|t| t.balance);
        let period = period(view);
        let missing_months = period.map(|p| missing_months(p, &view.info.months)).unwrap_or_default();
        let bounces = txns.iter().enumerate().filter_map(|(i, t)| bounce_kind(t).map(|k| (i, k))).collect();
        AccountData {
            view,
            opening,
            closing,
            period,
            missing_months,
            bounces,
            findings: account.findings(),
            salary: salary_items(account),
            salary_why: account.salary.iter().filter(|h| h.index < txns.len()).map(|h| h.reason.clone()).collect(),
            recurring: recurring_items(account),
            lender: lender_items(account),
            categories: expense_categories(txns.iter()),
            top: top::top5(txns.iter()),
            monthly: MonthlyAnalysis::from_tally(account.tally()),
            eod: &account.tally().eod,
            scorecard: account.scorecard(),
            predictors: account.predictors(),
        }
    }

    pub(crate) fn transactions(&self) -> &[Transaction] {
        &self.view.transactions
    }

    /// (count, total) of one direction.
    pub(crate) fn totals(&self, kind: TxnType) -> (i64, Money) {
        self.transactions()
            .iter()
            .filter(|t| t.kind == kind)
            .fold((0, Money::ZERO), |(n, sum), t| (n + 1, sum + t.amount))
    }
}

/// The period the statements cover: from the earliest printed start (or
/// first transaction) to the latest printed end (or last transaction).
fn period(view: &AccountView<'_>) -> Option<(NaiveDate, NaiveDate)> {
    let first_txn = view.transactions.iter().map(|t| t.date.date()).min();
    let last_txn = view.transactions.iter().map(|t| t.date.date()).max();
    let from = view.statements.iter().filter_map(|s| s.identity.period_from).min().or(first_txn)?;
    let to = view.statements.iter().filter_map(|s| s.identity.period_to).max().or(last_txn)?;
    Some((from.min(to), from.max(to)))
}

/// Months from the period's first to its last that have no transaction.
fn missing_months((from, to): (NaiveDate, NaiveDate), with_data: &[YearMonth]) -> Vec<YearMonth> {
    let have: HashSet<YearMonth> = with_data.iter().copied().collect();
    let mut out = Vec::new();
    let (Some(mut m), Some(last)) = (YearMonth::of(&from), YearMonth::of(&to)) else { return out };
    while m <= last {
        if !have.contains(&m) {
            out.push(m);
        }
        let Some(next) = m.succ() else { break };
        m = next;
    }
    out
}

/// What a bounce or penal charge is, or `None` for other transactions.
pub(crate) fn bounce_kind(t: &Transaction) -> Option<&'static str> {
    match t.channel {
        Channel::AutoDebitPaymentBounce => return Some("Auto-debit (ACH/NACH) bounce"),
        Channel::InwardChequeBounce => return Some("Inward cheque bounce"),
        Channel::OutwardChequeBounce => return Some("Outward cheque bounce"),
        _ => {}
    }
    match t.description.as_str() {
        description::PENALTY_CHARGE => Some("Penal charge"),
        description::ACH_BOUNCE_CHARGE => Some("ACH bounce charge"),
        description::CHQ_BOUNCE_CHARGE => Some("Cheque bounce charge"),
        description::CHQ_BOUNCE_INSUFF_FUNDS => Some("Cheque returned, insufficient funds"),
        _ => None,
    }
}

/// A new named worksheet that prints landscape on A4, one page wide.
fn sheet(name: &str) -> Result<Worksheet, XlsxError> {
    let mut ws = Worksheet::new();
    ws.set_name(name)?;
    ws.set_landscape().set_paper_size(A4).set_print_fit_to_pages(1, 0);
    Ok(ws)
}

/// Excel's paper size code of A4.
const A4: u8 = 9;

/// The workbook of one account.
pub(crate) fn account(workbook: &mut Workbook, data: &AccountData<'_>) -> Result<(), XlsxError> {
    let mut st = Styles::new();
    // The sheets the overview's charts read come first, so their ranges are known.
    let (eod, eod_series) = monthly_sheets::eod(&mut st, data)?;
    let (monthly_sheet, monthly_rows) = monthly_sheets::monthly(&mut st, &data.monthly)?;
    let mut overview = account::overview(&mut st, data)?;
    let mut at = 2;
    if let Some(m) = monthly_rows {
        let chart = charts::monthly_credits_debits(MONTHLY, 0, m.credit, m.debit, (1, m.last_col));
        overview.insert_chart(at, 3, &chart)?;
        at += 17;
    }
    if let Some(e) = eod_series {
        overview.insert_chart(at, 3, &charts::eod_balance(EOD, e.rows.0, e.rows.1, e.date_col))?;
    }
    workbook.push_worksheet(overview);
    workbook.push_worksheet(account::transactions(&mut st, data)?);
    workbook.push_worksheet(eod);
    workbook.push_worksheet(monthly_sheet);
    workbook.push_worksheet(analyses::salary(&mut st, data)?);
    workbook.push_worksheet(analyses::recurring(&mut st, data, TxnType::Credit)?);
    workbook.push_worksheet(analyses::recurring(&mut st, data, TxnType::Debit)?);
    workbook.push_worksheet(analyses::loans(&mut st, data)?);
    workbook.push_worksheet(account::bounces(&mut st, data)?);
    workbook.push_worksheet(analyses::top(&mut st, &data.top.credit, TxnType::Credit)?);
    workbook.push_worksheet(analyses::top(&mut st, &data.top.debit, TxnType::Debit)?);
    workbook.push_worksheet(analyses::categories(&mut st, data)?);
    workbook.push_worksheet(monthly_sheets::predictors(&mut st, data.predictors)?);
    workbook.push_worksheet(fraud::frauds(&mut st, data)?);
    workbook.push_worksheet(fraud::fraud_transactions(&mut st, data)?);
    Ok(())
}

/// The entity workbook: an aggregated overview of several accounts.
pub(crate) fn entity(workbook: &mut Workbook, entity: &Entity, accounts: &[AccountData<'_>]) -> Result<(), XlsxError> {
    let mut st = Styles::new();
    workbook.push_worksheet(entity::overview(&mut st, entity, accounts)?);
    workbook.push_worksheet(entity::transactions(&mut st, accounts)?);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap_or_default()
    }

    fn ym(y: i32, m: u32) -> YearMonth {
        YearMonth::new(y, m).unwrap_or_else(|| panic!("{y}-{m}"))
    }

    #[test]
    fn missing_months_inside_the_period() {
        // Nov 2024 to Mar 2025 with data in Nov, Jan and Mar: Dec and Feb are missing.
        let have = [ym(2024, 11), ym(2025, 1), ym(2025, 3)];
        assert_eq!(missing_months((d(2024, 11, 5), d(2025, 3, 31)), &have), vec![ym(2024, 12), ym(2025, 2)]);
        assert!(missing_months((d(2025, 1, 1), d(2025, 1, 31)), &[ym(2025, 1)]).is_empty());
    }

    #[test]
    fn bounces_by_channel_and_description() {
        let at = d(2025, 4, 1).and_hms_opt(0, 0, 0).unwrap_or_default();
        let mut t = Transaction::new(at, "ACH RTN", TxnType::Credit, Money::from_rupees(5_000), Money::ZERO);
        t.channel = Channel::AutoDebitPaymentBounce;
        assert_eq!(bounce_kind(&t), Some("Auto-debit (ACH/NACH) bounce"));
        t.channel = Channel::BankCharge;
        t.description = description::PENALTY_CHARGE.into();
        assert_eq!(bounce_kind(&t), Some("Penal charge"));
        t.description.clear();
        assert_eq!(bounce_kind(&t), None);
    }
}
