//! Daily EOD Balances (day × month), Monthly Analysis (metric × month) and
//! Predictors.

use chrono::NaiveDate;
use rust_xlsxwriter::{ColNum, Worksheet, XlsxError};
use serde_json::Value;

use super::{AccountData, EOD, MONTHLY, PREDICTORS, sheet};
use crate::money::Money;
use crate::report::cells::{Cell, Styles, Table};
use crate::resources::{MonthShape, MonthlyAnalysis, Predictors, YearMonth};

/// Where the chart data of the EOD sheet is: the (date, balance) series to
/// the right of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EodSeries {
    /// Column of the dates (balances are one to the right).
    pub(crate) date_col: ColNum,
    /// First and last data row.
    pub(crate) rows: (u32, u32),
}

/// Daily EOD Balances: day 1–31 down, months across, each cell the balance
/// at the end of that day (missing days carry the previous balance, as the
/// interface fills them); days outside the transactions' first to last date
/// stay empty. The same balances as one date-ordered series to the right
/// feed the balance chart.
pub(crate) fn eod(st: &mut Styles, data: &AccountData<'_>) -> Result<(Worksheet, Option<EodSeries>), XlsxError> {
    let mut ws = sheet(EOD)?;
    let mut months: Vec<YearMonth> = data.eod.iter().filter_map(|(d, _)| YearMonth::of(d)).collect();
    months.dedup();
    let labels: Vec<String> = months.iter().map(|m| m.format(MonthShape::Label)).collect();
    let mut headers = vec!["Day"];
    headers.extend(labels.iter().map(String::as_str));
    let mut grid = Table::new(&mut ws, st, 0, 0, &headers)?;
    for day in 1..=31u32 {
        let mut cells = vec![Cell::Int(i64::from(day))];
        for m in &months {
            let date = NaiveDate::from_ymd_opt(m.year(), m.month(), day);
            cells.push(date.and_then(|d| balance_on(data.eod, d)).map_or(Cell::Empty, Cell::Money));
        }
        grid.row(&mut ws, st, &cells)?;
    }
    grid.finish(&mut ws, false)?;
    ws.set_freeze_panes(1, 1)?;

    let date_col = (months.len() + 2) as ColNum;
    let mut series = Table::new(&mut ws, st, 0, date_col, &["Date", "EOD Balance"])?;
    for &(d, b) in data.eod {
        series.row(&mut ws, st, &[Cell::Date(d), Cell::Money(b)])?;
    }
    series.finish(&mut ws, false)?;
    let rows = series.last_row().map(|last| EodSeries { date_col, rows: (1, last) });
    Ok((ws, rows))
}

/// The EOD balance of `date` when it is inside the series.
fn balance_on(eod: &[(NaiveDate, Money)], date: NaiveDate) -> Option<Money> {
    let first = eod.first()?.0;
    let at = usize::try_from((date - first).num_days()).ok()?;
    eod.get(at).filter(|(d, _)| *d == date).map(|(_, b)| *b)
}

/// How a monthly-analysis or predictor value reads: counts, percentages and
/// ratios by name, rupees otherwise.
fn typed(key: &str, v: &Value) -> Cell {
    match v {
        Value::Null => Cell::Empty,
        Value::String(s) => Cell::text(s),
        Value::Number(n) => {
            let x = n.as_f64().unwrap_or(f64::NAN);
            let count = key.starts_with("cnt_")
                || key.starts_with("number_of_")
                || matches!(key, "month_duration" | "cash_withdrawals" | "chq_deposits" | "chq_issues");
            if key == "accountnumber" {
                Cell::text(n.to_string())
            } else if count {
                Cell::Int(x as i64)
            } else if key.starts_with("perc_") || key.ends_with("_perc") {
                Cell::Pct(x)
            } else if key.contains("ratio") {
                Cell::Num(x)
            } else {
                Cell::Money(Money::from_f64_rupees(x))
            }
        }
        other => Cell::text(other.to_string()),
    }
}

/// Where the chart data of the monthly sheet is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MonthlyRows {
    /// Row of `amt_credit`.
    pub(crate) credit: u32,
    /// Row of `amt_debit`.
    pub(crate) debit: u32,
    /// Last month column (months start at column 1).
    pub(crate) last_col: ColNum,
}

/// Monthly Analysis: every field of interface 2.10 down, months across.
pub(crate) fn monthly(
    st: &mut Styles,
    analysis: &MonthlyAnalysis,
) -> Result<(Worksheet, Option<MonthlyRows>), XlsxError> {
    let mut ws = sheet(MONTHLY)?;
    let months: Vec<String> = analysis.months().map(|m| m.to_string()).collect();
    let mut headers = vec!["Metric"];
    headers.extend(months.iter().map(String::as_str));
    let mut table = Table::new(&mut ws, st, 0, 0, &headers)?;
    let json = serde_json::to_value(analysis).unwrap_or(Value::Null);
    let (mut credit, mut debit) = (None, None);
    for &field in MonthlyAnalysis::FIELD_NAMES {
        let mut cells = vec![Cell::text(field)];
        cells.extend(months.iter().map(|m| typed(field, &json[field][m.as_str()])));
        match field {
            "amt_credit" => credit = Some(table.next),
            "amt_debit" => debit = Some(table.next),
            _ => {}
        }
        table.row(&mut ws, st, &cells)?;
    }
    table.finish(&mut ws, true)?;
    ws.set_freeze_panes(1, 1)?;
    let rows = match (credit, debit, months.len()) {
        (Some(credit), Some(debit), n) if n > 0 => Some(MonthlyRows { credit, debit, last_col: n as ColNum }),
        _ => None,
    };
    Ok((ws, rows))
}

/// Predictors: the six-month figures as name / value, then each per-month
/// predictor across months 0 (latest) to 5.
pub(crate) fn predictors(st: &mut Styles, p: &Predictors) -> Result<Worksheet, XlsxError> {
    let mut ws = sheet(PREDICTORS)?;
    let json = serde_json::to_value(p).unwrap_or(Value::Null);
    let indexed = |key: &str| -> Option<String> {
        let (prefix, i) = key.rsplit_once('_')?;
        (i.len() == 1 && i.as_bytes()[0].is_ascii_digit()).then(|| prefix.to_owned())
    };
    let mut table = Table::new(&mut ws, st, 0, 0, &["Predictor", "Value"])?;
    let mut prefixes: Vec<String> = Vec::new();
    for &key in Predictors::FIELD_NAMES {
        match indexed(key) {
            Some(prefix) => {
                if !prefixes.contains(&prefix) {
                    prefixes.push(prefix);
                }
            }
            None => table.row(&mut ws, st, &[Cell::text(key), typed(key, &json[key])])?,
        }
    }
    table.finish(&mut ws, false)?;

    // Month headers: the month's label, or month_k where there is no data.
    let top = table.next + 1;
    let labels: Vec<String> = p
        .months
        .iter()
        .enumerate()
        .map(|(i, m)| m.map_or_else(|| format!("month_{i}"), |m| format!("{} ({i})", m.format(MonthShape::Label))))
        .collect();
    let mut headers = vec!["Per month (0 = latest)"];
    headers.extend(labels.iter().map(String::as_str));
    let mut grid = Table::new(&mut ws, st, top, 0, &headers)?;
    for prefix in prefixes.iter().filter(|p| *p != "month") {
        let mut cells = vec![Cell::text(prefix)];
        cells.extend((0..6).map(|i| {
            let key = format!("{prefix}_{i}");
            typed(&key, &json[key.as_str()])
        }));
        grid.row(&mut ws, st, &cells)?;
    }
    grid.finish(&mut ws, false)?;
    ws.set_freeze_panes(1, 0)?;
    Ok(ws)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2025, m, day).unwrap_or_default()
    }

    #[test]
    fn balances_inside_the_series_only() {
        // 30 Apr to 2 May: 30 Apr is index 0; 1 May index 1.
        let eod = [(d(4, 30), Money::from_rupees(10)), (d(5, 1), Money::from_rupees(10)), (d(5, 2), Money::ZERO)];
        assert_eq!(balance_on(&eod, d(5, 1)), Some(Money::from_rupees(10)));
        assert_eq!(balance_on(&eod, d(5, 2)), Some(Money::ZERO));
        assert_eq!(balance_on(&eod, d(4, 29)), None);
        assert_eq!(balance_on(&eod, d(5, 3)), None);
    }

    #[test]
    fn values_are_typed_by_name() {
        let n = |x: f64| serde_json::json!(x);
        assert_eq!(typed("cnt_credit", &n(3.0)), Cell::Int(3));
        assert_eq!(typed("amt_credit", &n(1234.5)), Cell::Money(Money::from_paise(123_450)));
        assert_eq!(typed("perc_salary_spend_upi", &n(12.5)), Cell::Pct(12.5));
        assert_eq!(typed("expense_to_income_ratio_0", &n(0.5)), Cell::Num(0.5));
        assert_eq!(typed("avg_expense_to_income_perc", &n(50.0)), Cell::Pct(50.0));
        assert_eq!(typed("number_of_transactions_2", &Value::Null), Cell::Empty);
        assert_eq!(typed("accountnumber", &serde_json::json!(12345678901u64)), Cell::text("12345678901"));
    }
}
