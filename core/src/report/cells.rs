//! Typed cells and the one table writer every sheet uses: formats (₹ with
//! Indian digit grouping, real Excel dates), header row, column widths,
//! frozen header and autofilter.

use std::collections::HashMap;

use chrono::{Datelike, NaiveDate, NaiveDateTime, Timelike};
use rust_xlsxwriter::{
    ColNum, Color, ExcelDateTime, Format, FormatAlign, FormatBorder, RowNum, Url, Worksheet, XlsxError,
};

use crate::money::Money;

/// Excel's limit on the characters of one cell.
const MAX_CELL_CHARS: usize = 32_767;
/// Widest a column is set (characters); longer text runs on under its neighbour.
const MAX_WIDTH: usize = 60;
/// Width of a column of wrapped text.
const WRAP_WIDTH: usize = 50;
/// Height of one line of text (points).
const ROW_HEIGHT: f64 = 15.0;
/// Most lines a wrapped row is made tall for.
const MAX_LINES: usize = 10;
/// Narrowest a column is set.
const MIN_WIDTH: usize = 6;

/// Date as analysts in India read it, unambiguous between day-first and month-first.
pub(crate) const DATE_FORMAT: &str = "dd-mmm-yyyy";
const DATETIME_FORMAT: &str = "dd-mmm-yyyy hh:mm:ss";
const HEADER_FILL: u32 = 0x1F4E79;
const SECTION_FILL: u32 = 0xDDEBF7;

/// One cell's value, typed, so each kind gets its format and width.
#[allow(dead_code)] // TEMP: the analysis sheets use every kind
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Cell {
    /// Text as is.
    Text(String),
    /// Long text, wrapped inside its column.
    Wrap(String),
    /// Rupees, written from paise.
    Money(Money),
    /// A day.
    Date(NaiveDate),
    /// A transaction time: written as a date when the time is midnight.
    DateTime(NaiveDateTime),
    /// A count.
    Int(i64),
    /// A plain number (ratio), two decimals.
    Num(f64),
    /// A percentage given in percent units (12.5 means 12.5%).
    Pct(f64),
    /// `Yes` / `No`.
    YesNo(bool),
    /// A link to a place in the workbook (`'Sheet'!A1`), shown as `text`.
    Link {
        /// What the cell shows.
        text: String,
        /// `'Sheet name'!A1`.
        target: String,
    },
    /// Nothing.
    Empty,
}

impl Cell {
    /// A text cell.
    pub(crate) fn text(s: impl Into<String>) -> Cell {
        Cell::Text(s.into())
    }

    /// Money, or an empty cell for `None`.
    pub(crate) fn money_opt(m: Option<Money>) -> Cell {
        m.map_or(Cell::Empty, Cell::Money)
    }

    /// Characters the cell shows, for column widths.
    fn shown_len(&self) -> usize {
        match self {
            Cell::Text(s) | Cell::Link { text: s, .. } => s.chars().count(),
            Cell::Wrap(s) => s.chars().count().min(WRAP_WIDTH),
            // ₹ plus the grouped digits, and room so a right-aligned amount
            // does not touch the left-aligned text of the next column.
            Cell::Money(m) => m.to_indian_string().len() + 5,
            Cell::Date(_) => DATE_FORMAT.len(),
            Cell::DateTime(t) => {
                if is_midnight(t) {
                    DATE_FORMAT.len()
                } else {
                    DATETIME_FORMAT.len()
                }
            }
            Cell::Int(n) => n.to_string().len() + n.unsigned_abs().to_string().len() / 3 + 2,
            Cell::Num(x) | Cell::Pct(x) => format!("{x:.2}").len() + 1,
            Cell::YesNo(_) => 3,
            Cell::Empty => 0,
        }
    }
}

fn is_midnight(t: &NaiveDateTime) -> bool {
    t.hour() == 0 && t.minute() == 0 && t.second() == 0
}

/// The Excel number format of rupees with `pairs` two-digit groups before the
/// last three digits: 0 or 1 → `₹#,##0.00` (below ₹1,00,000 Indian and western
/// grouping agree), 2 → `₹##\,##\,##0.00` (`₹1,23,456.78`), 3 → crores
/// (`₹1,23,45,678.00`), and so on. The commas are literal characters between
/// digit placeholders, which is how Excel and LibreOffice can show lakh
/// grouping at all; a placeholder with no digit shows nothing, so the leading
/// group may have one digit. Negative values get `-₹`.
///
/// Why one format per magnitude rather than one conditional format
/// (`[>=10000000]...;[>=100000]...;...`): a format holds two conditions at
/// most, which leaves no room for negative balances of a lakh or more.
/// Each cell's value is known when it is written, so it gets the format of its
/// magnitude.
pub(crate) fn indian_pattern(pairs: usize) -> String {
    let body = if pairs <= 1 { "#,##0.00".to_owned() } else { format!("{}##0.00", "##\\,".repeat(pairs)) };
    format!("₹{body};-₹{body}")
}

/// The number of two-digit groups lakh grouping writes before the last
/// three digits of `m`'s whole rupees: 1,23,456 → 2.
pub(crate) fn indian_pairs(m: Money) -> usize {
    let digits = (m.paise().unsigned_abs() / 100).to_string().len();
    digits.saturating_sub(3).div_ceil(2)
}

/// An Excel date-time from a chrono one; `None` outside Excel's years 1900 to 9999.
fn excel_datetime(t: &NaiveDateTime) -> Option<ExcelDateTime> {
    let year = u16::try_from(t.year()).ok()?;
    let d = ExcelDateTime::from_ymd(year, t.month() as u8, t.day() as u8).ok()?;
    d.and_hms(t.hour() as u16, t.minute() as u8, t.second()).ok()
}

/// The formats of a workbook, built once.
#[derive(Debug)]
pub(crate) struct Styles {
    pub(crate) header: Format,
    pub(crate) title: Format,
    pub(crate) section: Format,
    pub(crate) label: Format,
    pub(crate) date: Format,
    pub(crate) datetime: Format,
    pub(crate) int: Format,
    pub(crate) num: Format,
    pub(crate) pct: Format,
    pub(crate) link: Format,
    pub(crate) yes: Format,
    pub(crate) wrap: Format,
    money: HashMap<usize, Format>,
}

impl Styles {
    pub(crate) fn new() -> Styles {
        Styles {
            header: Format::new()
                .set_bold()
                .set_font_color(Color::White)
                .set_background_color(Color::RGB(HEADER_FILL))
                .set_border_bottom(FormatBorder::Thin)
                .set_align(FormatAlign::Center)
                .set_align(FormatAlign::VerticalCenter),
            title: Format::new().set_bold().set_font_size(14),
            section: Format::new().set_bold().set_background_color(Color::RGB(SECTION_FILL)),
            label: Format::new().set_bold(),
            date: Format::new().set_num_format(DATE_FORMAT).set_align(FormatAlign::Left),
            datetime: Format::new().set_num_format(DATETIME_FORMAT).set_align(FormatAlign::Left),
            int: Format::new().set_num_format("#,##0"),
            num: Format::new().set_num_format("0.00"),
            pct: Format::new().set_num_format("0.00\"%\""),
            link: Format::new().set_hyperlink().set_indent(1),
            yes: Format::new().set_bold().set_font_color(Color::RGB(0xC00000)),
            wrap: Format::new().set_text_wrap(),
            money: HashMap::new(),
        }
    }

    /// The ₹ format for `m` (see [`indian_pattern`]).
    pub(crate) fn money(&mut self, m: Money) -> &Format {
        self.money
            .entry(indian_pairs(m))
            .or_insert_with_key(|&pairs| Format::new().set_num_format(indian_pattern(pairs)))
    }

    /// Writes one typed cell.
    pub(crate) fn write(&mut self, ws: &mut Worksheet, row: RowNum, col: ColNum, cell: &Cell) -> Result<(), XlsxError> {
        match cell {
            Cell::Text(s) => {
                if s.chars().count() > MAX_CELL_CHARS {
                    let cut: String = s.chars().take(MAX_CELL_CHARS).collect();
                    ws.write_string(row, col, cut)?;
                } else if !s.is_empty() {
                    ws.write_string(row, col, s)?;
                }
            }
            Cell::Wrap(s) => {
                let cut: String = s.chars().take(MAX_CELL_CHARS).collect();
                ws.write_string_with_format(row, col, cut, &self.wrap)?;
            }
            Cell::Money(m) => {
                let f = self.money(*m).clone();
                ws.write_number_with_format(row, col, m.to_f64(), &f)?;
            }
            Cell::Date(d) => match d.and_hms_opt(0, 0, 0).as_ref().and_then(excel_datetime) {
                Some(x) => {
                    ws.write_datetime_with_format(row, col, &x, &self.date)?;
                }
                None => {
                    ws.write_string(row, col, d.format("%Y-%m-%d").to_string())?;
                }
            },
            Cell::DateTime(t) => match excel_datetime(t) {
                Some(x) => {
                    let f = if is_midnight(t) { &self.date } else { &self.datetime };
                    ws.write_datetime_with_format(row, col, &x, f)?;
                }
                None => {
                    ws.write_string(row, col, t.format("%Y-%m-%d %H:%M:%S").to_string())?;
                }
            },
            Cell::Int(n) => {
                ws.write_number_with_format(row, col, *n as f64, &self.int)?;
            }
            Cell::Num(x) if x.is_finite() => {
                ws.write_number_with_format(row, col, *x, &self.num)?;
            }
            Cell::Pct(x) if x.is_finite() => {
                ws.write_number_with_format(row, col, *x, &self.pct)?;
            }
            Cell::Num(_) | Cell::Pct(_) => {
                ws.write_string(row, col, "n/a")?;
            }
            Cell::YesNo(true) => {
                ws.write_string_with_format(row, col, "Yes", &self.yes)?;
            }
            Cell::YesNo(false) => {
                ws.write_string(row, col, "No")?;
            }
            Cell::Link { text, target } => {
                let url = Url::new(format!("internal:{target}")).set_text(text);
                ws.write_url_with_format(row, col, url, &self.link)?;
            }
            Cell::Empty => {}
        }
        Ok(())
    }
}

/// `'Sheet name'!A1`-style reference to a cell (0-based row and column).
pub(crate) fn cell_ref(sheet: &str, row: RowNum, col: ColNum) -> String {
    format!("'{}'!{}{}", sheet.replace('\'', "''"), column_name(col), row + 1)
}

/// `A`, `B`, ..., `Z`, `AA`, ...
pub(crate) fn column_name(col: ColNum) -> String {
    let mut n = u32::from(col) + 1;
    let mut out = Vec::new();
    while n > 0 {
        let rem = (n - 1) % 26;
        out.push(b'A' + rem as u8);
        n = (n - 1) / 26;
    }
    out.reverse();
    String::from_utf8_lossy(&out).into_owned()
}

/// Writes a table (header row, then data rows) at `top` of a sheet and
/// keeps the widest cell of each column.
#[derive(Debug)]
pub(crate) struct Table {
    /// Row of the header.
    pub(crate) top: RowNum,
    /// First column.
    pub(crate) left: ColNum,
    columns: usize,
    /// The next row to write.
    pub(crate) next: RowNum,
    widths: Vec<usize>,
}

impl Table {
    /// Writes the header row at (`top`, `left`).
    pub(crate) fn new(
        ws: &mut Worksheet,
        st: &Styles,
        top: RowNum,
        left: ColNum,
        headers: &[&str],
    ) -> Result<Table, XlsxError> {
        for (i, h) in headers.iter().enumerate() {
            ws.write_string_with_format(top, left + i as ColNum, *h, &st.header)?;
        }
        Ok(Table {
            top,
            left,
            columns: headers.len(),
            next: top + 1,
            widths: headers.iter().map(|h| h.chars().count() + 2).collect(),
        })
    }

    /// Writes one data row; a row with wrapped text is made tall enough for
    /// it (neither Excel nor LibreOffice fits row heights when they open a file).
    pub(crate) fn row(&mut self, ws: &mut Worksheet, st: &mut Styles, cells: &[Cell]) -> Result<(), XlsxError> {
        let mut lines = 1;
        for (i, c) in cells.iter().enumerate().take(self.columns) {
            st.write(ws, self.next, self.left + i as ColNum, c)?;
            self.widths[i] = self.widths[i].max(c.shown_len() + 1);
            if let Cell::Wrap(s) = c {
                // A wrapped line holds a little less than the column's width
                // in characters: words do not break.
                lines = lines.max((s.chars().count() * 6).div_ceil(WRAP_WIDTH * 5));
            }
        }
        if lines > 1 {
            ws.set_row_height(self.next, ROW_HEIGHT * lines.min(MAX_LINES) as f64)?;
        }
        self.next += 1;
        Ok(())
    }

    /// Rows written below the header.
    pub(crate) fn len(&self) -> u32 {
        self.next - self.top - 1
    }

    /// The last data row, or `None` when no row was written.
    pub(crate) fn last_row(&self) -> Option<RowNum> {
        (self.len() > 0).then(|| self.next - 1)
    }

    /// Sets the widths; with `filter`, freezes the header row (when the table
    /// is at the top of the sheet) and puts an autofilter on it.
    pub(crate) fn finish(&self, ws: &mut Worksheet, filter: bool) -> Result<(), XlsxError> {
        self.set_widths(ws)?;
        if filter {
            if self.top == 0 {
                ws.set_freeze_panes(1, 0)?;
                ws.set_repeat_rows(0, 0)?;
            }
            let last = self.last_row().unwrap_or(self.top);
            ws.autofilter(self.top, self.left, last, self.left + self.columns as ColNum - 1)?;
        }
        Ok(())
    }

    fn set_widths(&self, ws: &mut Worksheet) -> Result<(), XlsxError> {
        for (i, w) in self.widths.iter().enumerate() {
            ws.set_column_width(self.left + i as ColNum, (*w).clamp(MIN_WIDTH, MAX_WIDTH) as f64)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indian_patterns_by_magnitude() {
        // 99,999.00 has 5 digits: one pair, plain western grouping agrees.
        assert_eq!(indian_pairs(Money::from_rupees(99_999)), 1);
        assert_eq!(indian_pairs(Money::from_paise(99)), 0);
        // 1,23,456 → two pairs (1 and 23) before 456; 12,34,567 too.
        assert_eq!(indian_pairs(Money::from_rupees(123_456)), 2);
        assert_eq!(indian_pairs(Money::from_rupees(1_234_567)), 2);
        // 1,23,45,678 (a crore and more) → three; the sign does not matter.
        assert_eq!(indian_pairs(Money::from_rupees(-12_345_678)), 3);
        assert_eq!(indian_pattern(1), "₹#,##0.00;-₹#,##0.00");
        assert_eq!(indian_pattern(2), "₹##\\,##\\,##0.00;-₹##\\,##\\,##0.00");
        assert_eq!(indian_pattern(3), "₹##\\,##\\,##\\,##0.00;-₹##\\,##\\,##\\,##0.00");
    }

    #[test]
    fn references() {
        assert_eq!(column_name(0), "A");
        assert_eq!(column_name(25), "Z");
        assert_eq!(column_name(26), "AA");
        assert_eq!(column_name(27), "AB");
        assert_eq!(cell_ref("Fraud Transactions", 4, 1), "'Fraud Transactions'!B5");
        assert_eq!(cell_ref("It's", 0, 0), "'It''s'!A1");
    }

    #[test]
    fn dates_outside_excel_are_text_not_errors() {
        let mut st = Styles::new();
        let mut ws = Worksheet::new();
        let old = NaiveDate::from_ymd_opt(1800, 1, 1).and_then(|d| d.and_hms_opt(0, 0, 0)).unwrap_or_default();
        assert!(st.write(&mut ws, 0, 0, &Cell::DateTime(old)).is_ok());
        assert!(st.write(&mut ws, 0, 1, &Cell::Num(f64::NAN)).is_ok());
    }
}
