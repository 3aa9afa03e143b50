//! Top credits and debits (interface 2.9).

use serde::{Deserialize, Serialize};

use super::ordered_map::OrderedMap;
use crate::model::ShortMonthLabel;
use crate::money::Money;

/// Month (`Mmm-YY`, chronological) → transaction note → amount (largest first,
/// up to five per month).
pub type TopByMonth = OrderedMap<ShortMonthLabel, OrderedMap<String, Money>>;

/// The `top_5_credit_debit` object.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TopCreditsDebits {
    /// Largest credits per month.
    pub top_5_credit: TopByMonth,
    /// Largest debits per month.
    pub top_5_debit: TopByMonth,
}
