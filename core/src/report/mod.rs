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
mod charts;
mod sheets;

use rust_xlsxwriter::{DocProperties, ExcelDateTime, Workbook, XlsxError};

use crate::account::EntityAnalysis;
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
        self.analysis().xlsx_report(account_id)
    }
}

impl EntityAnalysis<'_> {
    /// The xlsx report as bytes ([`Entity::xlsx_report`]), shaped from this
    /// analysis.
    pub fn xlsx_report(&self, account_id: Option<&str>) -> Result<Vec<u8>> {
        let accounts = self.selected(account_id)?;
        let mut workbook = Workbook::new();
        // Created when the newest statement was processed, not at the moment
        // of writing: one entity gives the same workbook bytes every time.
        let processed = self.entity.statements.iter().map(|s| s.processed_at.timestamp()).max().unwrap_or(0);
        let created = ExcelDateTime::from_timestamp(processed).map_err(xlsx_error)?;
        workbook.set_properties(&DocProperties::new().set_creation_datetime(&created));
        match accounts.as_slice() {
            [] => return Err(Error::invalid_argument("entity", "no statements to report on")),
            [account] => {
                let data = sheets::AccountData::gather(account);
                sheets::account(&mut workbook, &data).map_err(xlsx_error)?;
            }
            several => {
                let data: Vec<_> = several.iter().map(|a| sheets::AccountData::gather(a)).collect();
                sheets::entity(&mut workbook, self.entity, &data).map_err(xlsx_error)?;
            }
        }
        workbook.save_to_buffer().map_err(xlsx_error)
    }
}
