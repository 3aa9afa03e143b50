//! The report's charts. Each points at cells a sheet wrote; the callers pass
//! only ranges with at least one row, so no chart is drawn over nothing.

use rust_xlsxwriter::{Chart, ChartAxisDateUnitType, ChartLegendPosition, ChartType, ColNum, RowNum};

/// Axis format of rupee amounts on a chart (whole rupees).
const AXIS_RUPEES: &str = "₹#,##0";
const WIDTH: u32 = 720;
const HEIGHT: u32 = 300;

/// Monthly credits vs debits, as columns: months in `header_row` from
/// `first_col` to `last_col` of `sheet`, credits in `credit_row`, debits in
/// `debit_row`.
pub(crate) fn monthly_credits_debits(
    sheet: &str,
    header_row: RowNum,
    credit_row: RowNum,
    debit_row: RowNum,
    (first_col, last_col): (ColNum, ColNum),
) -> Chart {
    let mut chart = Chart::new(ChartType::Column);
    chart.title().set_name("Monthly credits vs debits");
    for (name, row) in [("Credits", credit_row), ("Debits", debit_row)] {
        chart
            .add_series()
            .set_name(name)
            .set_categories((sheet, header_row, first_col, header_row, last_col))
            .set_values((sheet, row, first_col, row, last_col));
    }
    chart.y_axis().set_num_format(AXIS_RUPEES);
    chart.legend().set_position(ChartLegendPosition::Bottom);
    chart.set_width(WIDTH).set_height(HEIGHT);
    chart
}

/// End-of-day balance over time, as a line: dates in `date_col` and balances
/// in `date_col + 1` of `sheet`, rows `first_row` to `last_row`.
pub(crate) fn eod_balance(sheet: &str, first_row: RowNum, last_row: RowNum, date_col: ColNum) -> Chart {
    let mut chart = Chart::new(ChartType::Line);
    chart.title().set_name("End-of-day balance");
    chart
        .add_series()
        .set_name("EOD balance")
        .set_categories((sheet, first_row, date_col, last_row, date_col))
        .set_values((sheet, first_row, date_col + 1, last_row, date_col + 1));
    // One label per month: a label per day would overwrite each other.
    chart
        .x_axis()
        .set_date_axis(true)
        .set_num_format("mmm-yy")
        .set_major_unit(1)
        .set_major_unit_date_type(ChartAxisDateUnitType::Months);
    chart.y_axis().set_num_format(AXIS_RUPEES);
    chart.legend().set_hidden();
    chart.set_width(WIDTH).set_height(HEIGHT);
    chart
}

/// Expense categories, as a pie: names in `name_col`, shares in `share_col`
/// of `sheet`, rows `first_row` to `last_row`.
pub(crate) fn categories(
    sheet: &str,
    first_row: RowNum,
    last_row: RowNum,
    name_col: ColNum,
    share_col: ColNum,
) -> Chart {
    let mut chart = Chart::new(ChartType::Pie);
    chart.title().set_name("Expense categories");
    chart
        .add_series()
        .set_name("Share of debits")
        .set_categories((sheet, first_row, name_col, last_row, name_col))
        .set_values((sheet, first_row, share_col, last_row, share_col));
    chart.legend().set_position(ChartLegendPosition::Right);
    chart.set_width(560).set_height(360);
    chart
}
