//! The analysis responses (interface 2.6–2.9): salary, recurring transactions,
//! lender transactions, expense categories, top credits and debits.
//!
//! Salary, recurring sets and lender transactions are found per account (a
//! salary in one account is never chained with credits of another; a rent paid
//! alternately from two accounts is two broken sets, not one) and the results
//! are concatenated in account order. Expense categories are shares of the
//! debits of all selected accounts together, and top credits and debits are
//! over all the entity's accounts: neither response names an account.

use crate::account::{AccountAnalysis, EntityAnalysis};
use crate::analysis::{categories, recurring, top};
use crate::error::Result;
use crate::model::{Entity, Transaction};
use crate::resources::{
    AccountShape, ExpenseCategoriesResponse, ExpenseCategory, LenderTransactionsResponse, RecurringSet,
    RecurringTransactions, RecurringTransactionsResponse, RecurringTxn, Resource, SalaryResponse, SalaryTransaction,
    ShortMonthLabel, TopByMonth, TopCreditsDebits, TopCreditsDebitsResponse, TransactionItem,
};

impl Entity {
    /// `GET .../salary/[?account_id=]` ([`EntityAnalysis::salary_response`]).
    pub fn salary_response(&self, account_id: Option<&str>) -> Result<SalaryResponse> {
        self.analysis().salary_response(account_id)
    }

    /// `GET .../recurring_transactions/[?account_id=]`
    /// ([`EntityAnalysis::recurring_transactions_response`]).
    pub fn recurring_transactions_response(&self, account_id: Option<&str>) -> Result<RecurringTransactionsResponse> {
        self.analysis().recurring_transactions_response(account_id)
    }

    /// `GET .../lender_transactions/[?account_id=]`
    /// ([`EntityAnalysis::lender_transactions_response`]).
    pub fn lender_transactions_response(&self, account_id: Option<&str>) -> Result<LenderTransactionsResponse> {
        self.analysis().lender_transactions_response(account_id)
    }

    /// `GET .../get_expense_categories/[?account_id=]`
    /// ([`EntityAnalysis::expense_categories_response`]).
    pub fn expense_categories_response(&self, account_id: Option<&str>) -> Result<ExpenseCategoriesResponse> {
        self.analysis().expense_categories_response(account_id)
    }

    /// `GET .../top_credits_debits/` ([`EntityAnalysis::top_credits_debits_response`]).
    pub fn top_credits_debits_response(&self) -> TopCreditsDebitsResponse {
        self.analysis().top_credits_debits_response()
    }
}

impl EntityAnalysis<'_> {
    /// `GET .../salary/[?account_id=]`: the salary credits of each selected
    /// account (decided once per account, [`AccountAnalysis::salary`]).
    /// `clean_transaction_note` is the employer; `month_year` the month the
    /// salary is for.
    pub fn salary_response(&self, account_id: Option<&str>) -> Result<SalaryResponse> {
        let accounts = self.selected(account_id)?;
        let transactions = accounts.iter().flat_map(|a| salary_items(a)).collect();
        Ok(SalaryResponse {
            entity_id: self.entity_id(),
            progress: self.progress(Resource::Salary),
            accounts: accounts.iter().map(|a| a.view.info.shaped(AccountShape::Salary)).collect(),
            fraud: self.fraud(),
            transactions,
        })
    }

    /// `GET .../recurring_transactions/[?account_id=]`: recurring credit and
    /// debit sets of each selected account ([`recurring::detect`]); the set's
    /// channel is written in upper case, its members' in lower case.
    pub fn recurring_transactions_response(&self, account_id: Option<&str>) -> Result<RecurringTransactionsResponse> {
        let accounts = self.selected(account_id)?;
        let mut out = RecurringTransactions::default();
        for a in &accounts {
            let found = recurring_items(a);
            out.credit_transactions.extend(found.credit_transactions);
            out.debit_transactions.extend(found.debit_transactions);
        }
        Ok(RecurringTransactionsResponse {
            entity_id: self.entity_id(),
            progress: self.progress(Resource::RecurringTransactions),
            accounts: accounts.iter().map(|a| a.view.info.shaped(AccountShape::Recurring)).collect(),
            fraud: self.fraud(),
            transactions: out,
        })
    }

    /// `GET .../lender_transactions/[?account_id=]`: EMIs, disbursals and
    /// bounces with lenders ([`AccountAnalysis::lenders`]), in each account's order.
    pub fn lender_transactions_response(&self, account_id: Option<&str>) -> Result<LenderTransactionsResponse> {
        let accounts = self.selected(account_id)?;
        let transactions = accounts.iter().flat_map(|a| lender_items(a)).collect();
        Ok(LenderTransactionsResponse {
            entity_id: self.entity_id(),
            progress: self.progress(Resource::LenderTransactions),
            accounts: accounts.iter().map(|a| a.view.info.shaped(AccountShape::Lender)).collect(),
            fraud: self.fraud(),
            transactions,
        })
    }

    /// `GET .../get_expense_categories/[?account_id=]`: shares of the debits of
    /// one account, or of all the entity's accounts together
    /// ([`categories::expense_shares`]); the percentages sum to 100 (empty
    /// without debits).
    pub fn expense_categories_response(&self, account_id: Option<&str>) -> Result<ExpenseCategoriesResponse> {
        let accounts = self.selected(account_id)?;
        Ok(ExpenseCategoriesResponse {
            entity_id: self.entity_id(),
            progress: self.progress(Resource::ExpenseCategories),
            categories: expense_categories(accounts.iter().flat_map(|a| a.transactions().iter())),
        })
    }

    /// `GET .../top_credits_debits/`: the five largest credits and debits of
    /// every month over all the entity's accounts ([`top::top5`]), months
    /// chronological and labelled `Mmm-YY`, notes largest first.
    pub fn top_credits_debits_response(&self) -> TopCreditsDebitsResponse {
        let found = top::top5(self.accounts.iter().flat_map(|a| a.transactions().iter()));
        TopCreditsDebitsResponse {
            entity_id: self.entity_id(),
            progress: self.progress(Resource::TopCreditsDebits),
            top_5_credit_debit: top_by_month(found),
        }
    }
}

/// Top credits and debits as the response keys them (`Mmm-YY`).
pub(crate) fn top_by_month(found: top::TopCreditsDebits) -> TopCreditsDebits {
    let by_month = |months: Vec<top::MonthTop>| -> TopByMonth {
        months.into_iter().map(|m| (ShortMonthLabel(m.month), m.entries.into_iter().collect())).collect()
    };
    TopCreditsDebits { top_5_credit: by_month(found.credit), top_5_debit: by_month(found.debit) }
}

/// The salary credits of one account, as the salary response lists them.
pub(crate) fn salary_items(a: &AccountAnalysis<'_>) -> Vec<SalaryTransaction> {
    a.salary
        .iter()
        .filter_map(|hit| {
            let t = a.transactions().get(hit.index)?;
            let mut item = SalaryTransaction::from_model(t, a.id().to_string(), hit.month_year);
            if !hit.employer.is_empty() {
                item.clean_transaction_note.clone_from(&hit.employer);
            }
            Some(item)
        })
        .collect()
}

/// The recurring credit and debit sets of one account.
pub(crate) fn recurring_items(a: &AccountAnalysis<'_>) -> RecurringTransactions {
    let found = a.recurring();
    let (id, txns) = (a.id(), a.transactions());
    RecurringTransactions {
        credit_transactions: found.credit.iter().map(|s| recurring_set(txns, s, id)).collect(),
        debit_transactions: found.debit.iter().map(|s| recurring_set(txns, s, id)).collect(),
    }
}

/// The lender transactions of one account, in its order.
pub(crate) fn lender_items(a: &AccountAnalysis<'_>) -> Vec<TransactionItem> {
    a.lenders
        .iter()
        .filter_map(|&i| a.transactions().get(i))
        .map(|t| TransactionItem::from_model(t, a.id().to_string()))
        .collect()
}

/// Expense category shares of the debits among `transactions`.
pub(crate) fn expense_categories<'t>(transactions: impl Iterator<Item = &'t Transaction>) -> Vec<ExpenseCategory> {
    categories::expense_shares(transactions)
        .into_iter()
        .map(|c| ExpenseCategory { category: c.category, percentage: c.percentage })
        .collect()
}

/// The response object of one recurring set found in `transactions`.
fn recurring_set(transactions: &[Transaction], set: &recurring::RecurringSet, account_id: &str) -> RecurringSet {
    RecurringSet {
        account_id: account_id.to_string(),
        start_date: set.start,
        end_date: set.end,
        transaction_channel: set.channel,
        median: set.median,
        clean_transaction_note: set.clean_note.clone(),
        transactions: set
            .indices
            .iter()
            .filter_map(|&i| transactions.get(i))
            .map(|t| RecurringTxn::from_model(t, account_id))
            .collect(),
    }
}
