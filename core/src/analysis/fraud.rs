//! Fraud findings of an account (interface 2.2; types and categories in
//! [`crate::taxonomy::FraudType`]).
//!
//! Five families, each a pure function:
//!
//! - **metadata** ([`metadata::grade`]): the PDF's forensic digest, graded in
//!   points so a password-stripping re-save alone is not flagged;
//! - **page geometry** ([`placement_findings`], category metadata, not
//!   graded): `misaligned_figure` at a transaction whose figure stands off
//!   its right-aligned column's common edge (an editor kept the old figure's
//!   left edge), `mixed_fonts` at a transaction whose figures are the page's
//!   only figures in their font (a row typed in) or in a second subset of
//!   their column's face (glyphs an editor embedded); see [`metadata::placement`];
//! - **accounting**: [`inconsistent_transaction`] at the first row of a
//!   statement whose running balance breaks, and [`opening_balance_mismatches`]
//!   where a statement's opening balance does not continue the previous
//!   statement of the same account;
//! - **transaction** ([`transaction_checks`]): `negative_balance` (an
//!   end-of-day balance below zero on an account without an overdraft / credit
//!   limit), `min_rtgs_amount` (RTGS below [`RTGS_MIN`]),
//!   `max_upi_limit_per_transaction` (UPI above [`UPI_MAX`]) and
//!   `max_imps_limit_per_transaction` (IMPS above [`IMPS_MAX`]);
//! - **behavioural** ([`behavioural_checks`]): `more_cash_deposits_than_salary`,
//!   `mostly_cash_transactions`, `equal_credit_debit`, `salary_1000_multiple`
//!   (thresholds on each function).
//!
//! [`account_findings`] runs them all over one account of an entity.
//! Run [`crate::enrich::enrich`] first: the checks read `channel`.

pub mod metadata;

use std::collections::{HashMap, VecDeque};

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::model::{Identity, SalaryHit, Statement, Transaction, TxnType};
use crate::money::Money;
use crate::taxonomy::{Channel, FraudCategory, FraudType, description};

pub use metadata::{ForensicDigest, TableFont};

/// RTGS has a ₹2,00,000 minimum (RBI); a smaller RTGS does not exist.
pub const RTGS_MIN: Money = Money::from_rupees(200_000);

/// The highest per-transaction UPI limit of any NPCI category. NPCI's general
/// (person-to-person) limit is ₹1,00,000; verified merchant categories
/// (capital markets, insurance, tax, hospitals and education, loan and
/// credit-card collections, ...) go up to ₹5,00,000. A narration does not
/// reliably tell a person from such a merchant, so only an amount no UPI
/// transaction of any category can carry, above ₹5,00,000, is flagged.
pub const UPI_MAX: Money = Money::from_rupees(500_000);

/// IMPS carries at most ₹5,00,000 per transaction (NPCI).
pub const IMPS_MAX: Money = Money::from_rupees(500_000);

/// `more_cash_deposits_than_salary`: cash deposits must exceed this many
/// times the salary credits. Salaried customers in India commonly deposit
/// cash (rent collected, family money, a side trade) of the order of their
/// pay; only a clear multiple says the income is not what the salary shows.
pub const CASH_TO_SALARY_RATIO: i128 = 3;

/// `mostly_cash_transactions` needs at least this many transactions.
pub const MOSTLY_CASH_MIN_TRANSACTIONS: usize = 10;

/// `equal_credit_debit`: smallest credit that counts.
pub const EQUAL_MIN: Money = Money::from_rupees(10_000);
/// `equal_credit_debit`: days within which the same amount leaves again.
pub const EQUAL_WINDOW_DAYS: i64 = 2;
/// `equal_credit_debit`: pairs needed.
pub const EQUAL_MIN_PAIRS: usize = 3;
/// `equal_credit_debit`: share of the account's credit value the pairs must
/// carry, in percent.
pub const EQUAL_MIN_SHARE_PCT: i64 = 33;

/// `salary_1000_multiple`: salary credits needed.
pub const ROUND_SALARY_MIN_CREDITS: usize = 3;

/// One fraud signal found in an account.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finding {
    /// What was found.
    pub fraud_type: FraudType,
    /// The statement it was found in; `None` for account-level findings.
    pub statement_id: Option<Uuid>,
    /// The transaction, for transaction-level findings.
    pub transaction_hash: Option<String>,
    /// Why, in words a credit analyst reads.
    pub reason: String,
}

impl Finding {
    fn new(fraud_type: FraudType, transaction_hash: Option<String>, reason: String) -> Finding {
        Finding { fraud_type, statement_id: None, transaction_hash, reason }
    }

    /// The family of the finding's type.
    pub fn category(&self) -> FraudCategory {
        self.fraud_type.category()
    }
}

/// Every finding of one account: per statement (metadata, running balance),
/// across statements (opening balances), per transaction and behavioural,
/// in that order. `statements` are the account's in period order,
/// `transactions` its merged transactions, `identity` the latest statement's
/// holder details and `salary` the account's salary credits. Transaction
/// findings carry the statement that holds the transaction; behavioural ones
/// carry no statement.
pub fn account_findings(
    statements: &[&Statement],
    transactions: &[Transaction],
    identity: &Identity,
    salary: &[SalaryHit],
) -> Vec<Finding> {
    let mut out = Vec::new();
    for s in statements {
        if let Some(digest) = &s.forensics {
            out.extend(metadata::grade(digest, &s.bank).into_iter().map(|f| Finding { statement_id: Some(s.id), ..f }));
        }
        if let Some(digest) = &s.forensics {
            out.extend(placement_findings(digest).into_iter().map(|f| Finding { statement_id: Some(s.id), ..f }));
        }
        out.extend(inconsistent_transaction(s));
    }
    out.extend(opening_balance_mismatches(statements));
    let mut per_txn = transaction_checks_of(transactions, identity);
    if !per_txn.is_empty() {
        // The first statement (in period order) that holds the transaction.
        let mut owner: HashMap<&str, Uuid> = HashMap::new();
        if let [only] = statements {
            per_txn.iter_mut().for_each(|f| f.statement_id = Some(only.id));
        } else {
            for s in statements {
                for t in &s.transactions {
                    owner.entry(t.hash.as_str()).or_insert(s.id);
                }
            }
            for f in &mut per_txn {
                f.statement_id = f.transaction_hash.as_deref().and_then(|h| owner.get(h)).copied();
            }
        }
    }
    out.extend(per_txn);
    out.extend(behavioural_checks(transactions, salary));
    out
}

/// Transaction-level alteration findings from the table's geometry
/// ([`metadata::placement`]): `misaligned_figure` for each transaction with a
/// figure off its column's right edge, `mixed_fonts` for one whose figure is
/// set in a font no other figure of its page uses. Not graded in points: a
/// figure an editor moved is the edit itself, not a trace of a tool.
pub fn placement_findings(digest: &ForensicDigest) -> Vec<Finding> {
    let mut out: Vec<Finding> = Vec::new();
    let kinds =
        [(FraudType::MisalignedFigure, &digest.misaligned_figures), (FraudType::MixedFonts, &digest.off_font_figures)];
    for (fraud_type, flags) in kinds {
        for f in flags {
            match out.iter_mut().find(|o| o.fraud_type == fraud_type && o.transaction_hash == f.transaction_hash) {
                Some(o) => {
                    o.reason.push_str("; ");
                    o.reason.push_str(&f.detail);
                }
                None => out.push(Finding::new(fraud_type, f.transaction_hash.clone(), f.detail.clone())),
            }
        }
    }
    out
}

/// `inconsistent_transaction` at the first row of `statement` whose printed
/// balance does not follow from the row before (see [`crate::reconcile`]).
pub fn inconsistent_transaction(statement: &Statement) -> Option<Finding> {
    let first = statement.balance_breaks.first()?;
    let t = statement.transactions.get(first.index)?;
    Some(Finding {
        statement_id: Some(statement.id),
        ..Finding::new(
            FraudType::InconsistentTransaction,
            Some(t.hash.clone()),
            format!(
                "running balance breaks on {} ({}): printed {}, previous balance and amount give {}{}",
                t.date.date(),
                t.note,
                t.balance.to_indian_string(),
                first.expected.to_indian_string(),
                match statement.balance_breaks.len() {
                    1 => String::new(),
                    n => format!("; {} more break(s) later", n - 1),
                }
            ),
        )
    })
}

fn start_date(s: &Statement) -> Option<NaiveDate> {
    s.identity.period_from.or_else(|| s.transactions.iter().map(|t| t.date.date()).min())
}

fn end_date(s: &Statement) -> Option<NaiveDate> {
    s.identity.period_to.or_else(|| s.transactions.iter().map(|t| t.date.date()).max())
}

/// `opening_balance_mismatch` for each statement of one account (`statements`
/// in period order) whose opening balance differs from the balance the
/// previous statement shows at the end of the day before it starts. A
/// statement that starts more than a day after the previous one ends (a gap
/// no statement covers) is not compared.
pub fn opening_balance_mismatches(statements: &[&Statement]) -> Vec<Finding> {
    let mut out = Vec::new();
    for pair in statements.windows(2) {
        let [prev, next] = pair else { continue };
        let (Some(start), Some(prev_start), Some(prev_end), Some(opening)) =
            (start_date(next), start_date(prev), end_date(prev), next.identity.opening_balance)
        else {
            continue;
        };
        if start < prev_start || start.signed_duration_since(prev_end).num_days() > 1 {
            continue;
        }
        let expected = match prev.transactions.iter().rev().find(|t| t.date.date() < start) {
            Some(t) => Some(t.balance),
            None if prev.transactions.is_empty() => prev.identity.closing_balance,
            None => prev.identity.opening_balance,
        };
        let Some(expected) = expected else { continue };
        if expected != opening {
            out.push(Finding {
                statement_id: Some(next.id),
                ..Finding::new(
                    FraudType::OpeningBalanceMismatch,
                    None,
                    format!(
                        "opening balance {} on {start} does not continue the previous statement's {} (statement {})",
                        opening.to_indian_string(),
                        expected.to_indian_string(),
                        prev.id
                    ),
                )
            });
        }
    }
    out
}

/// What a narration's words say about the payment rail.
#[derive(Default)]
struct Rails {
    rtgs: bool,
    upi: bool,
    imps: bool,
    /// A charge, fee or commission row (`RTGS CHGS`, `IMPS COMM + GST`).
    charge: bool,
}

const CHARGE_WORDS: &[&str] =
    &["CHG", "CHGS", "CHRG", "CHRGS", "CHARGE", "CHARGES", "COMM", "COMMISSION", "GST", "FEE", "FEES"];

/// The rails a narration names as words (`RTGS/...`, `UPI-...`), in one pass.
fn rails(note: &str) -> Rails {
    let mut r = Rails::default();
    for w in note.split(|c: char| !c.is_ascii_alphanumeric()) {
        match w.len() {
            3 if w.eq_ignore_ascii_case("UPI") => r.upi = true,
            4 if w.eq_ignore_ascii_case("RTGS") => r.rtgs = true,
            4 if w.eq_ignore_ascii_case("IMPS") => r.imps = true,
            3..=10 if CHARGE_WORDS.iter().any(|k| w.eq_ignore_ascii_case(k)) => r.charge = true,
            _ => {}
        }
    }
    r
}

/// The balance at the end of each day: the balance after the day's last
/// transaction, with that transaction's index. `transactions` in date order.
fn end_of_day(transactions: &[Transaction]) -> Vec<(NaiveDate, usize)> {
    let mut out: Vec<(NaiveDate, usize)> = Vec::new();
    for (i, t) in transactions.iter().enumerate() {
        let d = t.date.date();
        match out.last_mut() {
            Some((last, idx)) if *last == d => *idx = i,
            _ => out.push((d, i)),
        }
    }
    out
}

/// True when the statement shows an overdraft or cash-credit account even
/// without a printed limit: the balance is below zero at the end of most days
/// (the account's normal state), or interest is charged on an OD/CC account.
fn overdraft_in_use(transactions: &[Transaction]) -> bool {
    let days = end_of_day(transactions);
    let negative = days.iter().filter(|(_, i)| transactions.get(*i).is_some_and(|t| t.balance.is_negative())).count();
    if !days.is_empty() && negative * 2 > days.len() {
        return true;
    }
    const OD_WORDS: [&str; 10] = [
        "CC A/C",
        "OD A/C",
        "CASH CREDIT",
        "OVERDRAFT",
        "INT ON CC",
        "INT ON OD",
        "INTEREST ON CC",
        "INTEREST ON OD",
        "OD INT",
        "CC INT",
    ];
    transactions.iter().any(|t| {
        let n = t.note.to_ascii_uppercase();
        OD_WORDS.iter().any(|w| n.contains(w))
    })
}

/// Per-transaction rules over one account's transactions (date order):
///
/// - `negative_balance`: the end-of-day balance is below zero and the account
///   is not an overdraft / cash-credit account (no `credit_limit`, no
///   printed OD/CC account type, balances not negative on most days, no
///   OD/CC interest); one finding per run of such days, at the first day's
///   last transaction;
/// - `min_rtgs_amount`: an RTGS transfer below [`RTGS_MIN`];
/// - `max_upi_limit_per_transaction`: a UPI transaction above [`UPI_MAX`];
/// - `max_imps_limit_per_transaction`: an IMPS transfer above [`IMPS_MAX`].
///
/// Charge, fee and interest rows that name a rail (`RTGS CHGS 29.50`) are
/// not transfers and are left out.
pub fn transaction_checks(transactions: &[Transaction], credit_limit: Money) -> Vec<Finding> {
    checks(transactions, credit_limit > Money::ZERO)
}

/// [`transaction_checks`] for an account whose holder details are
/// `identity`: an account with a limit, or whose printed type is an
/// overdraft or cash-credit account ([`Identity::overdraft`]), may be below
/// zero.
pub fn transaction_checks_of(transactions: &[Transaction], identity: &Identity) -> Vec<Finding> {
    checks(transactions, identity.credit_limit > Money::ZERO || identity.overdraft)
}

fn checks(transactions: &[Transaction], overdraft: bool) -> Vec<Finding> {
    let mut out = Vec::new();
    if !overdraft && !overdraft_in_use(transactions) {
        let mut in_run = false;
        for (day, i) in end_of_day(transactions) {
            let t = &transactions[i];
            let negative = t.balance.is_negative();
            if negative && !in_run {
                out.push(Finding::new(
                    FraudType::NegativeBalance,
                    Some(t.hash.clone()),
                    format!(
                        "end-of-day balance {} on {day} on an account without an overdraft limit",
                        t.balance.to_indian_string()
                    ),
                ));
            }
            in_run = negative;
        }
    }
    for t in transactions {
        if matches!(t.channel, Channel::BankCharge | Channel::BankInterest) {
            continue;
        }
        let r = rails(&t.note);
        if r.charge || !(r.rtgs || r.upi || r.imps || t.channel == Channel::Upi) {
            continue;
        }
        let mut flag = |fraud_type, reason: String| out.push(Finding::new(fraud_type, Some(t.hash.clone()), reason));
        if r.rtgs && t.amount < RTGS_MIN && t.amount > Money::ZERO {
            flag(
                FraudType::MinRtgsAmount,
                format!("RTGS of {} on {}: RTGS starts at ₹2,00,000", t.amount.to_indian_string(), t.date.date()),
            );
        }
        if (t.channel == Channel::Upi || r.upi) && t.amount > UPI_MAX {
            flag(
                FraudType::MaxUpiLimitPerTransaction,
                format!(
                    "UPI {} of {} on {}: above ₹5,00,000, the highest NPCI per-transaction limit",
                    t.kind.as_str(),
                    t.amount.to_indian_string(),
                    t.date.date()
                ),
            );
        }
        if r.imps && t.amount > IMPS_MAX {
            flag(
                FraudType::MaxImpsLimitPerTransaction,
                format!(
                    "IMPS {} of {} on {}: above the ₹5,00,000 per-transaction limit",
                    t.kind.as_str(),
                    t.amount.to_indian_string(),
                    t.date.date()
                ),
            );
        }
    }
    out
}

fn is_cash(t: &Transaction) -> bool {
    matches!(t.channel, Channel::CashDeposit | Channel::CashWithdrawl)
}

fn percent(part: i128, whole: i128) -> i128 {
    if whole == 0 { 0 } else { part * 100 / whole }
}

/// Behavioural patterns over one account's transactions (date order), each
/// an account-level finding (no statement, no transaction):
///
/// - `more_cash_deposits_than_salary`: the account has salary credits
///   (`salary`, decided by `crate::enrich::salary::mark`) and its cash deposits
///   (channel `cash_deposit`) add up to more than [`CASH_TO_SALARY_RATIO`]
///   times them;
/// - `mostly_cash_transactions`: at least [`MOSTLY_CASH_MIN_TRANSACTIONS`]
///   transactions and more than half of them (by count) are cash deposits or
///   withdrawals;
/// - `equal_credit_debit`: money that passes straight through: credits of at
///   least [`EQUAL_MIN`] that leave again as a debit of the identical amount
///   within [`EQUAL_WINDOW_DAYS`] days (not to the holder's own account), at
///   least [`EQUAL_MIN_PAIRS`] times, and those credits are at least
///   [`EQUAL_MIN_SHARE_PCT`]% of the account's credit value;
/// - `salary_1000_multiple`: at least [`ROUND_SALARY_MIN_CREDITS`] salary
///   credits, every one an exact multiple of ₹1,000, and not all the same
///   amount. Net pay after PF, tax and leave deductions is rarely round; a
///   fixed salary paid the same every month may be, but round figures that
///   change from month to month are what made-up salaries look like.
pub fn behavioural_checks(transactions: &[Transaction], salary: &[SalaryHit]) -> Vec<Finding> {
    let mut out = Vec::new();
    let salary_total: i128 = salary.iter().map(|h| i128::from(transactions[h.index].amount.paise())).sum();
    let cash_deposits: i128 = transactions
        .iter()
        .filter(|t| t.kind == TxnType::Credit && t.channel == Channel::CashDeposit)
        .map(|t| i128::from(t.amount.paise()))
        .sum();
    if salary_total > 0 && cash_deposits > CASH_TO_SALARY_RATIO * salary_total {
        out.push(Finding::new(
            FraudType::MoreCashDepositsThanSalary,
            None,
            format!(
                "cash deposits {} are more than {CASH_TO_SALARY_RATIO} times the salary credits {}",
                rupees(cash_deposits).to_indian_string(),
                rupees(salary_total).to_indian_string()
            ),
        ));
    }

    let cash = transactions.iter().filter(|t| is_cash(t)).count();
    if transactions.len() >= MOSTLY_CASH_MIN_TRANSACTIONS && cash * 2 > transactions.len() {
        out.push(Finding::new(
            FraudType::MostlyCashTransactions,
            None,
            format!("{cash} of {} transactions are cash deposits or withdrawals", transactions.len()),
        ));
    }

    let (pairs, paired) = pass_through(transactions);
    let credits: i128 =
        transactions.iter().filter(|t| t.kind == TxnType::Credit).map(|t| i128::from(t.amount.paise())).sum();
    let share = percent(paired, credits);
    if pairs >= EQUAL_MIN_PAIRS && share >= i128::from(EQUAL_MIN_SHARE_PCT) {
        out.push(Finding::new(
            FraudType::EqualCreditDebit,
            None,
            format!(
                "{pairs} credits ({share}% of credit value) left again as debits of the same amount within \
                 {EQUAL_WINDOW_DAYS} days"
            ),
        ));
    }

    let amounts: Vec<Money> = salary.iter().map(|h| transactions[h.index].amount).collect();
    let round = amounts.iter().all(|a| a.paise() % 100_000 == 0);
    let varying = amounts.iter().any(|a| Some(a) != amounts.first());
    if amounts.len() >= ROUND_SALARY_MIN_CREDITS && round && varying {
        let list: Vec<String> = amounts.iter().map(|a| a.to_indian_string()).collect();
        out.push(Finding::new(
            FraudType::Salary1000Multiple,
            None,
            format!("salary credits are round thousands that change from month to month: {}", list.join(", ")),
        ));
    }
    out
}

fn rupees(paise: i128) -> Money {
    Money::from_paise(i64::try_from(paise).unwrap_or(i64::MAX))
}

/// Credits that leave again: (pairs, paise of the paired credits). Each debit
/// pairs with the earliest open credit of the same amount within the window.
/// Only credits of the last [`EQUAL_WINDOW_DAYS`] days are kept, so memory
/// stays bounded by a few days of transactions.
fn pass_through(transactions: &[Transaction]) -> (usize, i128) {
    // Open credits by amount (dates, oldest first), and every credit kept in
    // arrival order so expired ones leave the map.
    let mut open: HashMap<i64, VecDeque<NaiveDate>> = HashMap::new();
    let mut arrivals: VecDeque<(NaiveDate, i64)> = VecDeque::new();
    let (mut pairs, mut paired) = (0usize, 0i128);
    for t in transactions {
        if t.amount < EQUAL_MIN {
            continue;
        }
        let day = t.date.date();
        while let Some(&(d, amount)) = arrivals.front() {
            if day.signed_duration_since(d).num_days() <= EQUAL_WINDOW_DAYS {
                break;
            }
            arrivals.pop_front();
            // Credits of one amount and day expire together; a paired one
            // was already taken from the front.
            if let Some(queue) = open.get_mut(&amount) {
                if queue.front() == Some(&d) {
                    queue.pop_front();
                }
                if queue.is_empty() {
                    open.remove(&amount);
                }
            }
        }
        let amount = t.amount.paise();
        match t.kind {
            TxnType::Credit => {
                if !matches!(t.channel, Channel::Refund | Channel::Reversal | Channel::SelfTransfer) {
                    open.entry(amount).or_default().push_back(day);
                    arrivals.push_back((day, amount));
                }
            }
            TxnType::Debit => {
                if t.channel == Channel::SelfTransfer || t.description == description::SELF_TRANSFER {
                    continue;
                }
                if open.get_mut(&amount).and_then(VecDeque::pop_front).is_some() {
                    pairs += 1;
                    paired += i128::from(amount);
                }
            }
        }
    }
    (pairs, paired)
}

#[cfg(test)]
mod tests;
