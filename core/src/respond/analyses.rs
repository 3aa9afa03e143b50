//! The analysis responses (interface 2.6–2.9): salary, recurring transactions,
//! lender transactions, expense categories, top credits and debits.
//!
//! Salary, recurring sets and lender transactions are found per account (a
//! salary in one account is never chained with credits of another; a rent paid
//! alternately from two accounts is two broken sets, not one) and the results
//! are concatenated in account order. Expense categories are shares of the
//! debits of all selected accounts together, and top credits and debits are
//! over all the entity's accounts: neither response names an account.

use crate::aggregate::AccountView;
use crate::analysis::{categories, lender, recurring, salary, top};
use crate::error::Result;
use crate::model::{Entity, Transaction};
use crate::resources::{
    AccountShape, ExpenseCategoriesResponse, ExpenseCategory, LenderTransactionsResponse, RecurringSet,
    RecurringTransactions, RecurringTransactionsResponse, RecurringTxn, SalaryResponse, SalaryTransaction,
    ShortMonthLabel, TopByMonth, TopCreditsDebits, TopCreditsDebitsResponse, TransactionItem,
};

impl Entity {
    /// `GET .../salary/[?account_id=]`: salary credits of each selected account
    /// ([`salary::detect`] with the entity's metadata). `clean_transaction_note`
    /// is the employer; `month_year` the month the salary is for.
    pub fn salary_response(&self, account_id: Option<&str>) -> Result<SalaryResponse> {
        let accounts = self.selected_accounts(account_id)?;
        let transactions = accounts.iter().flat_map(|a| self.salary_items(a)).collect();
        Ok(SalaryResponse {
            entity_id: self.id.to_string(),
            progress: self.progress(),
            accounts: accounts.iter().map(|a| a.info.shaped(AccountShape::Salary)).collect(),
            fraud: self.fraud(),
            transactions,
        })
    }

    /// `GET .../recurring_transactions/[?account_id=]`: recurring credit and
    /// debit sets of each selected account ([`recurring::detect`]); the set's
    /// channel is written in upper case, its members' in lower case.
    pub fn recurring_transactions_response(&self, account_id: Option<&str>) -> Result<RecurringTransactionsResponse> {
        let accounts = self.selected_accounts(account_id)?;
        let mut out = RecurringTransactions::default();
        for a in &accounts {
            let found = recurring_items(a);
            out.credit_transactions.extend(found.credit_transactions);
            out.debit_transactions.extend(found.debit_transactions);
        }
        Ok(RecurringTransactionsResponse {
            entity_id: self.id.to_string(),
            progress: self.progress(),
            accounts: accounts.iter().map(|a| a.info.shaped(AccountShape::Recurring)).collect(),
            fraud: self.fraud(),
            transactions: out,
        })
    }

    /// `GET .../lender_transactions/[?account_id=]`: EMIs, disbursals and
    /// bounces with lenders ([`lender::detect`]), in each account's order.
    pub fn lender_transactions_response(&self, account_id: Option<&str>) -> Result<LenderTransactionsResponse> {
        let accounts = self.selected_accounts(account_id)?;
        let transactions = accounts.iter().flat_map(lender_items).collect();
        Ok(LenderTransactionsResponse {
            entity_id: self.id.to_string(),
            progress: self.progress(),
            accounts: accounts.iter().map(|a| a.info.shaped(AccountShape::Lender)).collect(),
            fraud: self.fraud(),
            transactions,
        })
    }

    /// `GET .../get_expense_categories/[?account_id=]`: shares of the debits of
    /// one account, or of all the entity's accounts together
    /// ([`categories::expense_shares`]); the percentages sum to 100 (empty
    /// without debits).
    pub fn expense_categories_response(&self, account_id: Option<&str>) -> Result<ExpenseCategoriesResponse> {
        let accounts = self.selected_accounts(account_id)?;
        Ok(ExpenseCategoriesResponse {
            entity_id: self.id.to_string(),
            progress: self.progress(),
            categories: expense_categories(accounts.iter().flat_map(|a| a.transactions.iter())),
        })
    }

    /// `GET .../top_credits_debits/`: the five largest credits and debits of
    /// every month over all the entity's accounts ([`top::top5`]), months
    /// chronological and labelled `Mmm-YY`, notes largest first.
    pub fn top_credits_debits_response(&self) -> TopCreditsDebitsResponse {
        let accounts = self.accounts();
        let found = top::top5(accounts.iter().flat_map(|a| a.transactions.iter()));
        let by_month = |months: Vec<top::MonthTop>| -> TopByMonth {
            months.into_iter().map(|m| (ShortMonthLabel(m.month), m.entries.into_iter().collect())).collect()
        };
        TopCreditsDebitsResponse {
            entity_id: self.id.to_string(),
            progress: self.progress(),
            top_5_credit_debit: TopCreditsDebits {
                top_5_credit: by_month(found.credit),
                top_5_debit: by_month(found.debit),
            },
        }
    }
}

impl Entity {
    /// The salary credits of one account, as the salary response lists them.
    pub(crate) fn salary_items(&self, a: &AccountView<'_>) -> Vec<SalaryTransaction> {
        salary::detect(&a.transactions, &self.metadata)
            .into_iter()
            .filter_map(|hit| {
                let t = a.transactions.get(hit.index)?;
                let mut item = SalaryTransaction::from_model(t, a.info.account_id.clone(), hit.month_year);
                if !hit.employer.is_empty() {
                    item.clean_transaction_note = hit.employer;
                }
                Some(item)
            })
            .collect()
    }
}

/// The recurring credit and debit sets of one account.
pub(crate) fn recurring_items(a: &AccountView<'_>) -> RecurringTransactions {
    let found = recurring::detect(&a.transactions);
    let id = a.info.account_id.as_str();
    RecurringTransactions {
        credit_transactions: found.credit.iter().map(|s| recurring_set(&a.transactions, s, id)).collect(),
        debit_transactions: found.debit.iter().map(|s| recurring_set(&a.transactions, s, id)).collect(),
    }
}

/// The lender transactions of one account, in its order.
pub(crate) fn lender_items(a: &AccountView<'_>) -> Vec<TransactionItem> {
    lender::detect(&a.transactions)
        .into_iter()
        .filter_map(|i| a.transactions.get(i))
        .map(|t| TransactionItem::from_model(t, a.info.account_id.clone()))
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
