//! The xlsx report read back: sheet names, headers, values against
//! the JSON responses, real Excel dates, ₹ formats, and charts that point at
//! non-empty ranges.

use std::io::{Cursor, Read};
use std::path::{Path, PathBuf};

use bankscope::report::{ENTITY_SHEETS, SHEETS};
use bankscope::{Entity, Metadata, ReadOptions};
use calamine::{Data, Range, Reader, Xlsx};
use chrono::NaiveDate;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
}

/// Reads `dir/name.pdf` (with the password of its truth file, if any) into `entity`.
fn add(entity: &mut Entity, dir: &str, name: &str) {
    let dir = fixtures().join(dir);
    let bytes = std::fs::read(dir.join(format!("{name}.pdf"))).unwrap_or_else(|e| panic!("{name}: {e}"));
    let truth: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join(format!("{name}.truth.json"))).unwrap_or_default())
            .unwrap_or_default();
    let password = truth["password"].as_str().map(str::to_string);
    let options = ReadOptions { password, ..ReadOptions::default() };
    entity.add_pdf(&bytes, &options).unwrap_or_else(|e| panic!("{name}: {e}"));
}

fn entity_of(files: &[(&str, &str)]) -> Entity {
    let mut e = Entity::new(None, Metadata::default());
    for (dir, name) in files {
        add(&mut e, dir, name);
    }
    e
}

fn open(bytes: &[u8]) -> Xlsx<Cursor<Vec<u8>>> {
    Xlsx::new(Cursor::new(bytes.to_vec())).unwrap_or_else(|e| panic!("calamine opens the report: {e}"))
}

fn sheet(book: &mut Xlsx<Cursor<Vec<u8>>>, name: &str) -> Range<Data> {
    book.worksheet_range(name).unwrap_or_else(|e| panic!("sheet {name}: {e}"))
}

fn text(r: &Range<Data>, row: u32, col: u32) -> String {
    match r.get_value((row, col)) {
        Some(Data::String(s)) => s.clone(),
        Some(Data::Empty) | None => String::new(),
        Some(other) => other.to_string(),
    }
}

fn number(r: &Range<Data>, row: u32, col: u32) -> Option<f64> {
    match r.get_value((row, col)) {
        Some(Data::Float(x)) => Some(*x),
        Some(Data::Int(n)) => Some(*n as f64),
        _ => None,
    }
}

fn header(r: &Range<Data>, row: u32) -> Vec<String> {
    (0..r.width() as u32).map(|c| text(r, row, c)).take_while(|h| !h.is_empty()).collect()
}

fn col(r: &Range<Data>, name: &str) -> u32 {
    header(r, 0).iter().position(|h| h == name).unwrap_or_else(|| panic!("no column {name}")) as u32
}

/// The value of the label `label` in column A of an overview (column B).
fn overview_value(r: &Range<Data>, label: &str) -> Option<Data> {
    (0..r.height() as u32).find(|&row| text(r, row, 0) == label).and_then(|row| r.get_value((row, 1)).cloned())
}

/// Excel's serial number of a day: days since 1899-12-30.
fn serial(d: NaiveDate) -> f64 {
    let epoch = NaiveDate::from_ymd_opt(1899, 12, 30).unwrap_or_default();
    (d - epoch).num_days() as f64
}

/// Every file of the xlsx zip whose name starts with `prefix`, as text.
fn zip_texts(bytes: &[u8], prefix: &str) -> Vec<(String, String)> {
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).unwrap_or_else(|e| panic!("zip: {e}"));
    let mut out = Vec::new();
    for i in 0..zip.len() {
        let Ok(mut f) = zip.by_index(i) else { continue };
        if f.name().starts_with(prefix) {
            let mut s = String::new();
            let name = f.name().to_owned();
            f.read_to_string(&mut s).unwrap_or_else(|e| panic!("{name}: {e}"));
            out.push((name, s));
        }
    }
    out
}

#[test]
fn one_account_workbook_matches_the_transactions_response() {
    let e = entity_of(&[("statements", "sbi_fpdf2_encrypted")]);
    let bytes = e.xlsx_report(None).unwrap_or_else(|err| panic!("report: {err}"));
    let mut book = open(&bytes);
    assert_eq!(book.sheet_names(), SHEETS);

    let json = e.transactions_response(None).unwrap_or_else(|err| panic!("{err}"));
    let txns = sheet(&mut book, "Transactions");
    assert_eq!(
        header(&txns, 0),
        [
            "Date",
            "Value Date",
            "Transaction Note",
            "Ref No",
            "Type",
            "Debit",
            "Credit",
            "Balance",
            "Channel",
            "Description",
            "Merchant Category",
            "Counterparty",
            "Hash"
        ]
    );
    // One row per transaction of the JSON (the truth file has 150), in order.
    assert_eq!(json.transactions.len(), 150);
    assert_eq!(txns.height() - 1, json.transactions.len());
    let (date, debit, credit, balance, hash) =
        (col(&txns, "Date"), col(&txns, "Debit"), col(&txns, "Credit"), col(&txns, "Balance"), col(&txns, "Hash"));
    for (i, t) in json.transactions.iter().enumerate() {
        let row = i as u32 + 1;
        assert_eq!(text(&txns, row, hash), t.hash, "row {row}");
        assert_eq!(text(&txns, row, col(&txns, "Transaction Note")), t.transaction_note, "row {row}");
        // The amount is in the Debit or the Credit column, the other is empty.
        let (here, empty) = match t.transaction_type {
            bankscope::TxnType::Debit => (debit, credit),
            bankscope::TxnType::Credit => (credit, debit),
        };
        assert_eq!(number(&txns, row, here), Some(t.amount.to_f64()), "row {row}");
        assert_eq!(txns.get_value((row, empty)), Some(&Data::Empty), "row {row}");
        assert_eq!(number(&txns, row, balance), Some(t.balance.to_f64()), "row {row}");
        // A real Excel date (a number with a date format), on the JSON's day.
        let Some(Data::DateTime(d)) = txns.get_value((row, date)) else {
            panic!("row {row}: date is {:?}", txns.get_value((row, date)))
        };
        assert_eq!(d.as_f64().floor(), serial(t.date.date()), "row {row}");
    }

    let overview = sheet(&mut book, "Overview");
    let truth: serde_json::Value = serde_json::from_slice(
        &std::fs::read(fixtures().join("statements/sbi_fpdf2_encrypted.truth.json")).unwrap_or_default(),
    )
    .unwrap_or_default();
    let name = truth["identity"]["name"].as_str().unwrap_or_default();
    assert_eq!(overview_value(&overview, "Account holder"), Some(Data::String(name.into())));
    let account = &json.accounts[0];
    assert_eq!(overview_value(&overview, "Account number"), account.account_number.clone().map(Data::String));
    assert_eq!(overview_value(&overview, "Bank"), Some(Data::String("sbi".into())));
    assert_eq!(overview_value(&overview, "IFSC"), account.ifsc.clone().map(Data::String));
    assert_eq!(overview_value(&overview, "Transactions"), Some(Data::Float(150.0)));
    // The reading report: every row proven by the balance chain.
    assert_eq!(overview_value(&overview, "Rows read / proven"), Some(Data::String("150 / 150".into())));
    assert_eq!(
        overview_value(&overview, "Balance chain"),
        Some(Data::String("Reconciles from opening to closing".into()))
    );
    // The closing balance is the last row's balance.
    let last = json.transactions.last().map(|t| t.balance.to_f64());
    assert_eq!(
        overview_value(&overview, "Closing balance").and_then(|d| if let Data::Float(x) = d { Some(x) } else { None }),
        last
    );
}

#[test]
fn amounts_carry_an_indian_grouping_rupee_format() {
    // HDFC's large statement has balances above ₹1,00,000: lakh-grouped cells.
    let e = entity_of(&[("statements", "hdfc_reportlab_large")]);
    let bytes = e.xlsx_report(None).unwrap_or_else(|err| panic!("report: {err}"));
    let styles = zip_texts(&bytes, "xl/styles.xml");
    let [(_, styles)] = styles.as_slice() else { panic!("one styles.xml") };
    // Below a lakh western and Indian grouping agree; from a lakh up, literal
    // commas between digit placeholders give 1,23,456.78.
    assert!(styles.contains(r#"formatCode="₹#,##0.00;-₹#,##0.00""#), "{styles}");
    assert!(styles.contains(r#"formatCode="₹##\,##\,##0.00;-₹##\,##\,##0.00""#), "{styles}");
    assert!(styles.contains(r#"formatCode="dd-mmm-yyyy""#), "{styles}");
}

#[test]
fn several_accounts_give_an_entity_workbook_and_one_per_account() {
    let e = entity_of(&[("statements", "hdfc_chromium_small"), ("trial", "boi_groff_q1")]);
    let accounts = e.accounts_response().accounts;
    assert_eq!(accounts.len(), 2);

    let bytes = e.xlsx_report(None).unwrap_or_else(|err| panic!("entity report: {err}"));
    let mut book = open(&bytes);
    assert_eq!(book.sheet_names(), ENTITY_SHEETS);
    let txns = sheet(&mut book, "Transactions");
    let all = e.transactions_response(None).map(|r| r.transactions.len()).unwrap_or_default();
    assert_eq!(txns.height() - 1, all);
    let overview = sheet(&mut book, "Overview");
    assert_eq!(overview_value(&overview, "Accounts"), Some(Data::Float(2.0)));
    assert_eq!(overview_value(&overview, "Transactions"), Some(Data::Float(all as f64)));

    for a in &accounts {
        let bytes = e.xlsx_report(Some(&a.account_id)).unwrap_or_else(|err| panic!("account report: {err}"));
        let mut book = open(&bytes);
        assert_eq!(book.sheet_names(), SHEETS);
        let own = e.transactions_response(Some(&a.account_id)).map(|r| r.transactions.len()).unwrap_or_default();
        assert_eq!(sheet(&mut book, "Transactions").height() - 1, own);
        let overview = sheet(&mut book, "Overview");
        assert_eq!(overview_value(&overview, "Account number"), a.account_number.clone().map(Data::String));
    }
    assert!(matches!(e.xlsx_report(Some("no-such-account")), Err(bankscope::Error::InvalidArgument { .. })));
    let empty = Entity::new(None, Metadata::default());
    assert!(matches!(empty.xlsx_report(None), Err(bankscope::Error::InvalidArgument { .. })));
}

#[test]
fn frauds_list_every_type_and_link_to_the_tampered_row() {
    // fixtures/tampered/one_digit_edit.pdf: row 16 of an IDFC statement
    // printed 556.50 for 555.50 with the balance unchanged, so the running
    // balance breaks there (manifest.json): one inconsistent_transaction.
    let e = entity_of(&[("tampered", "one_digit_edit")]);
    let fraud = e.fraud();
    assert_eq!(fraud.fraud_type.len(), 1, "{fraud:?}");
    let hash = fraud.fraud_type[0].transaction_hash.clone().unwrap_or_default();
    assert!(!hash.is_empty());

    let bytes = e.xlsx_report(None).unwrap_or_else(|err| panic!("report: {err}"));
    let mut book = open(&bytes);
    let frauds = sheet(&mut book, "Frauds");
    assert_eq!(header(&frauds, 0), ["Fraud Type", "Category", "Detected", "Findings", "Transactions", "Reason"]);
    // One row per fraud type of the taxonomy, Yes only for the one found.
    let types: Vec<String> = (1..frauds.height() as u32).map(|r| text(&frauds, r, 0)).collect();
    let all: Vec<&str> = bankscope::taxonomy::FraudType::ALL.iter().map(|t| t.as_str()).collect();
    assert_eq!(types, all);
    let row = types.iter().position(|t| t == "inconsistent_transaction").map_or(0, |i| i as u32 + 1);
    assert_eq!(text(&frauds, row, 1), "accounting");
    assert_eq!(text(&frauds, row, 2), "Yes");
    assert_eq!(number(&frauds, row, 3), Some(1.0));
    assert_eq!(text(&frauds, row, 4), "1 transaction(s)");
    let yes = (1..frauds.height() as u32).filter(|&r| text(&frauds, r, 2) == "Yes").count();
    assert_eq!(yes, 1);

    // The link goes to the first row of Fraud Transactions, which is the
    // tampered transaction: 24 Apr 2025, a debit printed as 556.50.
    let sheets = zip_texts(&bytes, "xl/worksheets/sheet");
    let want = format!(r#"<hyperlink ref="E{}" location="'Fraud Transactions'!A2""#, row + 1);
    assert!(sheets.iter().any(|(_, xml)| xml.contains(&want)), "{want}");
    let ftx = sheet(&mut book, "Fraud Transactions");
    assert_eq!(ftx.height(), 2);
    assert_eq!(text(&ftx, 1, 0), "inconsistent_transaction");
    assert_eq!(text(&ftx, 1, col(&ftx, "Hash")), hash);
    assert_eq!(number(&ftx, 1, col(&ftx, "Debit")), Some(556.5));
    let Some(Data::DateTime(d)) = ftx.get_value((1, col(&ftx, "Date"))) else { panic!("a date") };
    assert_eq!(d.as_f64(), serial(NaiveDate::from_ymd_opt(2025, 4, 24).unwrap_or_default()));

    let overview = sheet(&mut book, "Overview");
    assert_eq!(overview_value(&overview, "Fraud status"), Some(Data::String("1 signal(s) found".into())));
    assert_eq!(overview_value(&overview, "Fraud types found"), Some(Data::String("inconsistent_transaction".into())));
    // The reading report places the break: page and row, printed vs expected.
    let chain = overview_value(&overview, "Balance chain").map(|d| d.to_string()).unwrap_or_default();
    assert!(chain.starts_with("Breaks on page ") && chain.contains("row 17:"), "{chain}"); // 1-based: the 17th row
}

/// The cell references of every `<c:f>` formula in the chart XML.
fn chart_ranges(bytes: &[u8]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (name, xml) in zip_texts(bytes, "xl/charts/chart") {
        for part in xml.split("<c:f>").skip(1) {
            let f = part.split("</c:f>").next().unwrap_or_default();
            out.push((name.clone(), f.to_owned()));
        }
    }
    out
}

/// `'Sheet'!$A$1:$B$3` → (sheet, (row, col) of the first and last cell, 0-based).
fn parse_range(f: &str) -> (String, (u32, u32), (u32, u32)) {
    let (sheet, cells) = f.rsplit_once('!').unwrap_or_else(|| panic!("range {f}"));
    let sheet = sheet.trim_matches('\'').replace("''", "'");
    let cell = |c: &str| -> (u32, u32) {
        let c = c.replace('$', "");
        let letters: String = c.chars().take_while(|ch| ch.is_ascii_alphabetic()).collect();
        let row: u32 = c[letters.len()..].parse().unwrap_or_else(|e| panic!("{c}: {e}"));
        let col = letters.bytes().fold(0u32, |n, b| n * 26 + u32::from(b - b'A') + 1);
        (row - 1, col - 1)
    };
    let (a, b) = cells.split_once(':').unwrap_or((cells, cells));
    (sheet, cell(a), cell(b))
}

#[test]
fn analysis_sheets_match_their_responses_and_charts_point_at_data() {
    let e = entity_of(&[("statements", "hdfc_reportlab_large")]);
    let bytes = e.xlsx_report(None).unwrap_or_else(|err| panic!("report: {err}"));
    let mut book = open(&bytes);
    assert_eq!(book.sheet_names(), SHEETS);

    // Monthly Analysis: amt_credit of each month is the response's.
    let response = e.monthly_analysis_response();
    let (_, ma) = response.monthly_analysis.iter().next().unwrap_or_else(|| panic!("one account"));
    let ma = serde_json::to_value(&ma.monthly_analysis).unwrap_or_default();
    let monthly = sheet(&mut book, "Monthly Analysis");
    let months = header(&monthly, 0);
    assert_eq!(months.len(), 13, "Metric + 12 months (Apr 2024 to Mar 2025): {months:?}");
    assert_eq!(months[1], "Apr-2024");
    for field in ["amt_credit", "amt_debit", "cnt_transactions", "avg_bal", "closing_balance"] {
        let row = (1..monthly.height() as u32).find(|&r| text(&monthly, r, 0) == field).unwrap_or(0);
        assert!(row > 0, "{field}");
        for (c, m) in months.iter().enumerate().skip(1) {
            let want = ma[field][m].as_f64();
            assert!(want.is_some(), "{field} {m}");
            assert_eq!(number(&monthly, row, c as u32), want, "{field} {m}");
        }
    }

    // Salary: the response's credits, in order, with their amounts.
    let salary = e.salary_response(None).map(|r| r.transactions).unwrap_or_default();
    let sal = sheet(&mut book, "Salary");
    assert_eq!(header(&sal, 0)[..3], ["Date", "Salary Month", "Amount"]);
    for (i, s) in salary.iter().enumerate() {
        assert_eq!(number(&sal, i as u32 + 1, 2), Some(s.amount.to_f64()));
        assert_eq!(text(&sal, i as u32 + 1, col(&sal, "Hash")), s.hash);
    }
    // Each salary row says why it is salary (the rule that decided).
    for i in 0..salary.len() {
        let why = text(&sal, i as u32 + 1, col(&sal, "Why salary"));
        assert!(
            why.starts_with("regular pay") || why.starts_with("the narration") || why.starts_with("bonus"),
            "{why}"
        );
    }
    let total: f64 = salary.iter().map(|s| s.amount.to_f64()).sum();
    if !salary.is_empty() {
        // Total two rows under the last salary row.
        let row = salary.len() as u32 + 2;
        assert_eq!(text(&sal, row, 1), "Total");
        assert!((number(&sal, row, 2).unwrap_or_default() - total).abs() < 0.005);
    }

    // Daily EOD: the grid's 31 Mar 2025 is the statement's closing balance.
    let eod = sheet(&mut book, "Daily EOD Balances");
    let mar = header(&eod, 0).iter().position(|m| m == "Mar-2025").unwrap_or(0) as u32;
    assert!(mar > 0);
    let closing = e.transactions_response(None).ok().and_then(|r| r.transactions.last().map(|t| t.balance.to_f64()));
    assert_eq!(number(&eod, 31, mar), closing, "row 31 is day 31");
    // 31 Feb does not exist: empty.
    let feb = header(&eod, 0).iter().position(|m| m == "Feb-2025").unwrap_or(0) as u32;
    assert_eq!(eod.get_value((31, feb)), Some(&Data::Empty));

    // Expense categories: the response's percentages, in order.
    let cats = e.expense_categories_response(None).map(|r| r.categories).unwrap_or_default();
    let ec = sheet(&mut book, "Expense Categories");
    assert!(!cats.is_empty());
    for (i, c) in cats.iter().enumerate() {
        assert_eq!(text(&ec, i as u32 + 1, 0), c.category);
        assert_eq!(number(&ec, i as u32 + 1, 1), Some(c.percentage as f64));
    }

    // Three charts (credits vs debits, EOD line, categories pie); every range
    // they name is on a sheet of the workbook and holds no empty cell.
    let ranges = chart_ranges(&bytes);
    let charts: std::collections::HashSet<&str> = ranges.iter().map(|(c, _)| c.as_str()).collect();
    assert_eq!(charts.len(), 3, "{ranges:?}");
    for (chart, f) in &ranges {
        let (name, (r0, c0), (r1, c1)) = parse_range(f);
        let range = sheet(&mut book, &name);
        assert!(r1 >= r0 && c1 >= c0, "{chart}: {f}");
        for r in r0..=r1 {
            for c in c0..=c1 {
                let v = range.get_value((r, c));
                assert!(!matches!(v, None | Some(Data::Empty)), "{chart}: {f} has an empty cell at ({r}, {c})");
            }
        }
    }
    let kinds: Vec<String> = zip_texts(&bytes, "xl/charts/chart").into_iter().map(|(_, x)| x).collect();
    assert!(kinds.iter().any(|x| x.contains("<c:barChart>") && x.contains("<c:barDir val=\"col\"/>")));
    assert!(kinds.iter().any(|x| x.contains("<c:lineChart>")));
    assert!(kinds.iter().any(|x| x.contains("<c:pieChart>")));

    // Score on the overview: the scorecard of the predictors response.
    let predictors = e.account_predictors();
    let scores = e.score_explanations_from(&predictors);
    let overview = sheet(&mut book, "Overview");
    assert_eq!(overview_value(&overview, "Score (300 to 900)"), Some(Data::Float(f64::from(scores[0].1.score))));
}
