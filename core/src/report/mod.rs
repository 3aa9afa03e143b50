//! The xlsx report an analyst opens (interface 2.11): one workbook per
//! account, and an entity workbook with an aggregated overview when the
//! entity has several accounts.
//!
//! Each sheet is a small function fed by typed data ([`sheets`]); this module
//! gathers that data from the entity (the same builders the JSON responses
//! use, so the workbook and the JSON agree) and assembles the workbook.
//! Amounts are written as rupees from exact paise with an Indian-grouping ₹
//! format ([`cells::indian_pattern`]); dates are real Excel dates.

mod cells;
mod sheets;

use rust_xlsxwriter::{Workbook, XlsxError};

use crate::aggregate::AccountView;
use crate::error::{Error, Result};
use crate::model::Entity;

pub use sheets::{ENTITY_SHEETS, SHEETS};

/// A failed workbook write (a row past Excel's limits, say) as a core error.
fn xlsx_error(e: XlsxError) -> Error {
    Error::malformed(format!("writing the xlsx report: {e}"))
}

impl Entity {
    /// The xlsx report as bytes: the workbook of the account `account_id`; with
    /// `None`, the entity workbook (aggregated overview) when the entity has
    /// several accounts, or the only account's workbook when it has one.
    ///
    /// An unknown account id, or an entity without statements, is
    /// [`Error::InvalidArgument`].
    pub fn xlsx_report(&self, account_id: Option<&str>) -> Result<Vec<u8>> {
        let mut accounts = self.accounts();
        if let Some(id) = account_id {
            accounts.retain(|a| a.info.account_id == id);
            if accounts.is_empty() {
                return Err(Error::invalid_argument("account_id", format!("no account {id:?} in this entity")));
            }
        }
        let mut workbook = Workbook::new();
        match accounts.len() {
            0 => return Err(Error::invalid_argument("entity", "no statements to report on")),
            1 => {
                let Some(account) = accounts.pop() else {
                    return Err(Error::invalid_argument("entity", "no statements to report on"));
                };
                self.account_workbook(&mut workbook, &account).map_err(xlsx_error)?;
            }
            _ => self.entity_workbook(&mut workbook, &accounts).map_err(xlsx_error)?,
        }
        workbook.save_to_buffer().map_err(xlsx_error)
    }

    fn account_workbook(&self, workbook: &mut Workbook, account: &AccountView<'_>) -> Result<(), XlsxError> {
        let data = sheets::AccountData::gather(self, account);
        sheets::account(workbook, &data)
    }

    fn entity_workbook(&self, workbook: &mut Workbook, accounts: &[AccountView<'_>]) -> Result<(), XlsxError> {
        let data: Vec<sheets::AccountData<'_>> =
            accounts.iter().map(|a| sheets::AccountData::gather(self, a)).collect();
        sheets::entity(workbook, self, &data)
    }
}
