//! A realistic multi-page statement PDF, generated in memory so benches need
//! no committed large files and no Python.
//!
//! The layout follows an HDFC statement as reportlab renders it: base-14
//! Helvetica (not embedded, WinAnsi), a header block with the holder's address
//! and an account key/value panel on page 1, a short header on later pages,
//! the table header row repeated on every page, narrations wrapped onto a
//! second line, running balances, a footer on every page and a summary after
//! the last row. Content streams are Flate-compressed, as real statements are.
//!
//! The text is seeded and deterministic: the same `(pages, seed)` gives the
//! same bytes, so cached copies and repeated runs measure the same file.

use chrono::{Datelike, NaiveDate};
use lopdf::content::{Content, Operation};
use lopdf::{Dictionary, Document, Object, Stream, dictionary};

/// Printed lines of a page (header included); a wrapped narration takes two
/// or three lines, so a page holds fewer rows when many wrap.
const LINES_PER_PAGE: usize = 76;
/// Font size of the table and header text.
const SIZE: f32 = 7.2;
/// Line pitch of table text.
const LEAD: f32 = 9.0;
/// A4 portrait.
const PAGE_W: f32 = 595.28;
const PAGE_H: f32 = 841.89;
const MARGIN: f32 = 24.0;
/// Narration characters per printed line; conservative for Helvetica capitals
/// at 7.2 pt in a 200 pt column (widest capitals 0.944 em, typical 0.667 em).
const NARRATION_CHARS: usize = 40;

/// Left edges of the left-aligned columns and right edges of the amounts.
const X_DATE: f32 = MARGIN;
const X_NARR: f32 = 66.0;
const X_REF: f32 = 272.0;
const X_VDATE: f32 = 352.0;
const R_DEBIT: f32 = 446.0;
const R_CREDIT: f32 = 506.0;
const R_BALANCE: f32 = PAGE_W - MARGIN;

/// A generated statement and what a correct read of it must find.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedStatement {
    /// The PDF file.
    pub pdf: Vec<u8>,
    /// Pages in the file.
    pub pages: usize,
    /// Transaction rows printed.
    pub transactions: usize,
    /// Balance before the first row, in paise.
    pub opening_paise: i64,
    /// Balance after the last row, in paise.
    pub closing_paise: i64,
    /// Account number printed in the header.
    pub account_number: String,
    /// Holder name printed in the header.
    pub holder: String,
}

/// Generates a statement of exactly `pages` pages (at least 1) from `seed`.
///
/// Errors only when lopdf cannot serialise the document (never for valid input).
pub fn statement_pdf(pages: usize, seed: u64) -> Result<GeneratedStatement, lopdf::Error> {
    let pages = pages.max(1);
    let mut rng = Rng(seed ^ 0x9e37_79b9_7f4a_7c15);
    let holder = format!(
        "{} {}",
        rng.pick(&["RAHUL", "PRIYA", "AMIT", "SNEHA", "VIKRAM", "ANJALI", "SURESH", "KAVITA"]),
        rng.pick(&["SHARMA", "VERMA", "PATEL", "IYER", "NAIR", "REDDY", "GUPTA", "BANERJEE"])
    );
    let account_number = format!("5010{}", rng.digits(10));
    let opening = rng.paise(25000, 50000);
    let header = Header {
        holder: holder.clone(),
        account_number: account_number.clone(),
        cust_id: format!("0{}", rng.digits(8)),
        ifsc: format!("HDFC0{}", rng.digits(6)),
        micr: format!("560240{}", rng.digits(3)),
    };

    // Rows fill each page's line budget; page 1 loses lines to the header
    // panel and the last page keeps room for the summary.
    let budget = |p: usize| match p {
        0 => LINES_PER_PAGE - 22,
        _ => LINES_PER_PAGE - 5,
    } - if p + 1 == pages { 8 } else { 0 };
    let period_days = 365i64;
    // Rows expected, at about 1.9 printed lines a row (most UPI narrations
    // wrap), to spread the dates over the year.
    let expected_rows = ((0..pages).map(budget).sum::<usize>() * 10 / 19).max(1) as i64;
    let start = NaiveDate::from_ymd_opt(2024, 4, 1).unwrap_or_default();
    let mut page_rows: Vec<Vec<Row>> = (0..pages).map(|_| Vec::new()).collect();
    let mut balance = opening;
    let mut month = 0u32;
    let mut made = 0i64;
    let mut pending: Option<Row> = None;
    for (p, rows) in page_rows.iter_mut().enumerate() {
        let mut used = 0;
        loop {
            let row = match pending.take() {
                Some(r) => r,
                None => {
                    let day = (made * period_days / expected_rows).min(period_days - 1);
                    let date = start + chrono::Duration::days(day);
                    let kind = if date.month() != month {
                        month = date.month();
                        Kind::Salary
                    } else {
                        rng.kind(balance)
                    };
                    made += 1;
                    make_row(&mut rng, kind, date, &mut balance, &holder)
                }
            };
            if used + row.narration.len() > budget(p) {
                pending = Some(row);
                break;
            }
            used += row.narration.len();
            rows.push(row);
        }
    }
    // The row that did not fit on the last page is never printed: undo it.
    if let Some(r) = pending {
        balance -= r.amount;
    }
    let closing = balance;

    let mut doc = Document::with_version("1.4");
    let pages_id = doc.new_object_id();
    let regular = doc.add_object(dictionary! {
        "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica", "Encoding" => "WinAnsiEncoding",
    });
    let bold = doc.add_object(dictionary! {
        "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica-Bold", "Encoding" => "WinAnsiEncoding",
    });
    let resources = doc.add_object(dictionary! { "Font" => dictionary! { "F1" => regular, "F2" => bold } });

    let mut kids = Vec::new();
    let mut totals = Totals::default();
    for (p, rows) in page_rows.iter().enumerate() {
        let mut page = PageOps::default();
        let mut y = header.draw(&mut page, p);
        table_header(&mut page, y);
        y -= LEAD * 1.4;
        for row in rows {
            row.draw(&mut page, y);
            totals.add(row);
            y -= LEAD * row.narration.len() as f32;
        }
        if p + 1 == pages {
            summary(&mut page, y - LEAD, opening, &totals, closing);
        }
        footer(&mut page);
        let content = Content { operations: page.ops };
        let mut stream = Stream::new(Dictionary::new(), content.encode()?);
        // Compression failing leaves the stream plain; both are valid PDF.
        let _ = stream.compress();
        let contents = doc.add_object(stream);
        kids.push(Object::Reference(doc.add_object(dictionary! {
            "Type" => "Page",
            "Parent" => pages_id,
            "MediaBox" => vec![0.into(), 0.into(), Object::Real(PAGE_W), Object::Real(PAGE_H)],
            "Resources" => resources,
            "Contents" => contents,
        })));
    }
    let count = kids.len() as i64;
    doc.objects
        .insert(pages_id, Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => kids, "Count" => count }));
    let info = doc.add_object(dictionary! {
        "Producer" => Object::string_literal("bankscope-benches (lopdf)"),
        "Creator" => Object::string_literal("bankscope-benches statement generator"),
        "CreationDate" => Object::string_literal("D:20250715103000+05'30'"),
    });
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    doc.trailer.set("Root", catalog);
    doc.trailer.set("Info", info);
    let mut pdf = Vec::new();
    doc.save_to(&mut pdf)?;
    Ok(GeneratedStatement {
        pdf,
        pages,
        transactions: page_rows.iter().map(Vec::len).sum(),
        opening_paise: opening,
        closing_paise: closing,
        account_number,
        holder,
    })
}

/// xorshift64*: small, seeded, the same on every platform.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0.max(1);
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    /// An amount in paise from `from` rupees up to `from + span` rupees.
    fn paise(&mut self, from: i64, span: i64) -> i64 {
        from * 100 + self.below(span as u64 * 100) as i64
    }
    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from.get(self.below(from.len() as u64) as usize).copied().unwrap_or_default()
    }
    fn digits(&mut self, n: usize) -> String {
        (0..n).map(|_| char::from(b'0' + self.below(10) as u8)).collect()
    }
    /// A transaction kind; a low balance makes a credit likely.
    fn kind(&mut self, balance: i64) -> Kind {
        let r = self.below(100);
        if balance < 2_000_000 && r < 50 {
            return if r < 25 { Kind::UpiCredit } else { Kind::CashDeposit };
        }
        match r {
            0..=39 => Kind::UpiMerchant,
            40..=51 => Kind::UpiPerson,
            52..=59 => Kind::UpiCredit,
            60..=67 => Kind::Pos,
            68..=74 => Kind::Atm,
            75..=80 => Kind::Imps,
            81..=85 => Kind::NeftCredit,
            86..=89 => Kind::Emi,
            90..=93 => Kind::BillPay,
            94..=96 => Kind::CashDeposit,
            97 => Kind::Charges,
            _ => Kind::ChequeDeposit,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Salary,
    UpiMerchant,
    UpiPerson,
    UpiCredit,
    Pos,
    Atm,
    Imps,
    NeftCredit,
    Emi,
    BillPay,
    CashDeposit,
    ChequeDeposit,
    Charges,
}

const MERCHANTS: &[(&str, &str, &str)] = &[
    ("SWIGGY", "swiggy@ybl", "YESB"),
    ("ZOMATO", "zomato@hdfcbank", "HDFC"),
    ("BIGBASKET", "bigbasket@icici", "ICIC"),
    ("BHARAT PETROLEUM", "bpcl@okaxis", "UTIB"),
    ("AMAZON PAY", "amazonpay@apl", "UTIB"),
    ("DMART AVENUE", "dmart@paytm", "PYTM"),
    ("UBER INDIA", "uber@paytm", "PYTM"),
    ("APOLLO PHARMACY", "apollo@hdfcbank", "HDFC"),
    ("IRCTC", "irctc@icici", "ICIC"),
    ("SHREE GANESH KIRANA", "9822012345@okbizaxis", "UTIB"),
];
const PEOPLE: &[&str] = &[
    "LAKSHMI BANERJEE",
    "ROHIT NAIR",
    "KAVITA KHAN",
    "SUNITA JOSHI",
    "DEEPAK IYER",
    "MEENA DESAI",
    "VENKATESH CHATTERJEE",
    "ANITA MISHRA",
];
const REMARKS: &[&str] = &["PAYMENT", "SENT USING PAYTM", "PAY TO MERCHANT", "ORDER", "UPI", "SPLIT"];
const POS: &[&str] = &["CROMA RETAIL", "LIFESTYLE", "PANTALOONS", "SPENCERS RETAIL", "MORE RETAIL", "SHOPPERS STOP"];
const BANKS: &[&str] = &["SBIN", "ICIC", "UTIB", "KKBK", "BARB", "PUNB", "CNRB", "YESB"];

/// One table row: narration already wrapped into printed lines.
struct Row {
    date: NaiveDate,
    value_date: NaiveDate,
    narration: Vec<String>,
    reference: String,
    /// Positive for a deposit, negative for a withdrawal (paise).
    amount: i64,
    balance: i64,
}

fn make_row(rng: &mut Rng, kind: Kind, date: NaiveDate, balance: &mut i64, holder: &str) -> Row {
    let rrn = rng.digits(12);
    let person = rng.pick(PEOPLE);
    let bank = rng.pick(BANKS);
    let (text, reference, amount) = match kind {
        Kind::Salary => {
            let mon = date.format("%b").to_string().to_uppercase();
            (
                format!("NEFT CR-CITI0000002-ACME TECHNOLOGIES PVT LTD-{holder}-SALARY {mon} {}", date.year()),
                format!("CITIN5{}", rng.digits(10)),
                rng.paise(85000, 20000),
            )
        }
        Kind::UpiMerchant => {
            let (name, vpa, bk) =
                MERCHANTS.get(rng.below(MERCHANTS.len() as u64) as usize).copied().unwrap_or_default();
            let remark = rng.pick(REMARKS);
            let vpa = vpa.to_uppercase();
            (format!("UPI-{name}-{vpa}-{bk}0UPIUPI-{rrn}-{remark}"), format!("0000{rrn}"), -rng.paise(50, 3000))
        }
        Kind::UpiPerson | Kind::UpiCredit => {
            let vpa = format!("{}@YBL", rng.digits(10));
            let remark = rng.pick(REMARKS);
            let amt = rng.paise(100, 15000);
            (
                format!("UPI-{person}-{vpa}-{bank}0UPIUPI-{rrn}-{remark}"),
                format!("0000{rrn}"),
                if kind == Kind::UpiCredit { amt } else { -amt },
            )
        }
        Kind::Pos => (
            format!("POS 4{}XXXXXX{} {}", rng.digits(5), rng.digits(4), rng.pick(POS)),
            format!("0000{rrn}"),
            -rng.paise(200, 8000),
        ),
        Kind::Atm => (
            format!("NWD-4{}XXXXXX{}-S1BW{}-BENGALURU", rng.digits(5), rng.digits(4), rng.digits(4)),
            format!("0000{rrn}"),
            -((1 + rng.below(20) as i64) * 50_000),
        ),
        Kind::Imps => (
            format!("IMPS-{rrn}-{person}-{bank}-XXXXXXXX{}-RENT", rng.digits(4)),
            format!("0000{rrn}"),
            -rng.paise(1000, 25000),
        ),
        Kind::NeftCredit => {
            let utr = format!("{bank}N{}", rng.digits(12));
            (
                format!("NEFT CR-{bank}0{}-{person}-{utr}-SELF", rng.digits(6)),
                utr.chars().take(16).collect(),
                rng.paise(1000, 30000),
            )
        }
        Kind::Emi => {
            let mandate = rng.digits(10);
            (format!("ACH D- BAJAJ FINANCE LTD-P400P{mandate}"), format!("00000P{mandate}"), -rng.paise(3300, 5000))
        }
        Kind::BillPay => (
            format!("BIL/ONL/{}/AIRTEL/MOBILE POSTPAID", rng.digits(9)),
            format!("0000000{}", rng.digits(9)),
            -rng.paise(299, 2000),
        ),
        Kind::CashDeposit => {
            ("CASH DEPOSIT BY - SELF - JAYANAGAR".into(), "0".repeat(16), (5 + rng.below(60) as i64) * 100_000)
        }
        Kind::ChequeDeposit => (
            format!("CHQ DEP - MICR CTS - BANK OF BARODA - {person}"),
            format!("0000000000{}", rng.digits(6)),
            rng.paise(5000, 80000),
        ),
        Kind::Charges => ("SMS CHARGES FOR QTR INCL GST".into(), "0".repeat(16), -1770),
    };
    // A withdrawal never overdraws: this account has no OD limit.
    let amount = if amount < 0 && *balance + amount < 0 { -amount } else { amount };
    *balance += amount;
    let value_date = if kind == Kind::ChequeDeposit { date + chrono::Duration::days(1) } else { date };
    Row { date, value_date, narration: wrap(&text), reference, amount, balance: *balance }
}

/// Splits a narration into printed lines, breaking after `-`, `/` or a
/// space when one is near the end of the line, else mid-token (as banks do).
fn wrap(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut lines = Vec::new();
    let mut start = 0;
    while chars.len() - start > NARRATION_CHARS {
        let end = start + NARRATION_CHARS;
        let cut = (start + NARRATION_CHARS / 2..end)
            .rev()
            .find(|&i| matches!(chars.get(i), Some('-' | '/' | ' ')))
            .map_or(end, |i| i + 1);
        lines.push(chars[start..cut].iter().collect::<String>().trim_end().to_string());
        start = cut;
    }
    lines.push(chars[start..].iter().collect::<String>().trim().to_string());
    lines
}

impl Row {
    fn draw(&self, page: &mut PageOps, y: f32) {
        let f = false;
        page.text(X_DATE, y, &self.date.format("%d/%m/%y").to_string(), f);
        for (i, line) in self.narration.iter().enumerate() {
            page.text(X_NARR, y - LEAD * i as f32, line, f);
        }
        page.text(X_REF, y, &self.reference, f);
        page.text(X_VDATE, y, &self.value_date.format("%d/%m/%y").to_string(), f);
        let right = if self.amount < 0 { R_DEBIT } else { R_CREDIT };
        page.right(right, y, &amount(self.amount.abs()), f);
        page.right(R_BALANCE, y, &amount(self.balance), f);
    }
}

#[derive(Default)]
struct Totals {
    debits: i64,
    credits: i64,
    dr_count: usize,
    cr_count: usize,
}

impl Totals {
    fn add(&mut self, row: &Row) {
        if row.amount < 0 {
            self.debits -= row.amount;
            self.dr_count += 1;
        } else {
            self.credits += row.amount;
            self.cr_count += 1;
        }
    }
}

struct Header {
    holder: String,
    account_number: String,
    cust_id: String,
    ifsc: String,
    micr: String,
}

impl Header {
    /// Draws the page header; returns the y of the table header row.
    fn draw(&self, page: &mut PageOps, index: usize) -> f32 {
        let top = PAGE_H - 36.0;
        page.sized(MARGIN, top, "HDFC BANK", true, 14.0);
        page.right(R_BALANCE, top, &format!("Page No .:  {}", index + 1), false);
        page.right(R_BALANCE, top - 12.0, "Statement of account", true);
        page.text(MARGIN, top - 16.0, "We understand your world", false);
        let mut y = top - 40.0;
        if index == 0 {
            let left = [
                self.holder.as_str(),
                "FLAT 146, OM SAI CHS",
                "2ND CROSS",
                "JAYANAGAR",
                "BENGALURU 560041",
                "",
                "JOINT HOLDERS :",
                "Nomination : Registered",
            ];
            let open_date = "27/01/2016";
            let ifsc_line = format!("{}   MICR : {}", self.ifsc, self.micr);
            let account_line = format!("{}   PRIME", self.account_number);
            let branch_code: String = self.ifsc.chars().skip(7).collect();
            let kv: [(&str, &str); 15] = [
                ("Account Branch", "JAYANAGAR"),
                ("Address", "OPP RAILWAY STATION, NEHRU MARG"),
                ("", "JAYANAGAR, BENGALURU 560041"),
                ("City", "BENGALURU 560041"),
                ("Phone no.", "18002026161"),
                ("OD Limit", "0.00"),
                ("Currency", "INR"),
                ("Email", "RXXXXXX@GMAIL.COM"),
                ("Cust ID", &self.cust_id),
                ("Account No", &account_line),
                ("A/C Open Date", open_date),
                ("Account Status", "Regular"),
                ("RTGS/NEFT IFSC", &ifsc_line),
                ("Branch Code", &branch_code),
                ("Product Code", "100"),
            ];
            for (i, line) in left.iter().enumerate() {
                page.text(MARGIN, y - LEAD * i as f32, line, i == 0);
            }
            for (i, (k, v)) in kv.iter().enumerate() {
                let yy = y - LEAD * i as f32;
                if !k.is_empty() {
                    page.text(340.0, yy, k, false);
                    page.text(410.0, yy, ":", false);
                }
                page.text(418.0, yy, v, false);
            }
            y -= LEAD * (kv.len() as f32 + 1.0);
        } else {
            page.text(MARGIN, y, &self.holder, true);
            page.text(340.0, y, "Account No", false);
            page.text(410.0, y, ":", false);
            page.text(418.0, y, &self.account_number, false);
            y -= LEAD * 1.5;
        }
        page.text(MARGIN, y, "Statement From : 01/04/2024   To : 31/03/2025", false);
        y - LEAD * 2.0
    }
}

fn table_header(page: &mut PageOps, y: f32) {
    page.text(X_DATE, y, "Date", true);
    page.text(X_NARR, y, "Narration", true);
    page.text(X_REF, y, "Chq./Ref.No.", true);
    page.text(X_VDATE, y, "Value Dt", true);
    page.right(R_DEBIT, y, "Withdrawal Amt.", true);
    page.right(R_CREDIT, y, "Deposit Amt.", true);
    page.right(R_BALANCE, y, "Closing Balance", true);
}

fn summary(page: &mut PageOps, y: f32, opening: i64, t: &Totals, closing: i64) {
    page.text(MARGIN, y, "STATEMENT SUMMARY :-", true);
    let cols = [
        ("Opening Balance", amount(opening)),
        ("Dr Count", t.dr_count.to_string()),
        ("Cr Count", t.cr_count.to_string()),
        ("Debits", amount(t.debits)),
        ("Credits", amount(t.credits)),
        ("Closing Bal", amount(closing)),
    ];
    for (i, (label, value)) in cols.iter().enumerate() {
        let right = 120.0 + 90.0 * i as f32;
        page.right(right, y - LEAD * 1.5, label, false);
        page.right(right, y - LEAD * 2.5, value, false);
    }
    page.text(MARGIN, y - LEAD * 4.5, "Generated On: 15/07/2025 10:30:00 Requesting Branch Code: NET", false);
    page.text(MARGIN, y - LEAD * 5.5, "This is a computer generated statement and does not require signature.", false);
}

fn footer(page: &mut PageOps) {
    let lines = [
        "HDFC BANK LIMITED",
        "*Closing balance includes funds earmarked for hold and uncleared funds",
        "Contents of this statement will be considered correct if no error is reported within 30 days of receipt of statement.",
        "The address on this statement is that on record with the Bank as at the day of requesting this statement.",
        "Registered Office Address: HDFC Bank House, Senapati Bapat Marg, Lower Parel, Mumbai 400013",
    ];
    for (i, line) in lines.iter().enumerate() {
        page.sized(MARGIN, 60.0 - 8.0 * i as f32, line, i == 0, 6.0);
    }
}

/// `1,234,567.89`: HDFC's western digit grouping.
fn amount(paise: i64) -> String {
    let rupees = (paise / 100).to_string();
    let mut grouped = String::new();
    for (i, c) in rupees.chars().enumerate() {
        if i > 0 && (rupees.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("{grouped}.{:02}", paise % 100)
}

/// Text-drawing operations of one page.
#[derive(Default)]
struct PageOps {
    ops: Vec<Operation>,
}

impl PageOps {
    fn text(&mut self, x: f32, y: f32, s: &str, bold: bool) {
        self.sized(x, y, s, bold, SIZE);
    }

    fn sized(&mut self, x: f32, y: f32, s: &str, bold: bool, size: f32) {
        if s.is_empty() {
            return;
        }
        let font = if bold { "F2" } else { "F1" };
        self.ops.push(Operation::new("BT", vec![]));
        self.ops.push(Operation::new("Tf", vec![font.into(), Object::Real(size)]));
        self.ops.push(Operation::new(
            "Tm",
            vec![1.into(), 0.into(), 0.into(), 1.into(), Object::Real(round2(x)), Object::Real(round2(y))],
        ));
        self.ops.push(Operation::new("Tj", vec![Object::string_literal(s)]));
        self.ops.push(Operation::new("ET", vec![]));
    }

    /// Text whose right edge is at `right`.
    fn right(&mut self, right: f32, y: f32, s: &str, bold: bool) {
        self.text(right - width(s, SIZE, bold), y, s, bold);
    }
}

fn round2(v: f32) -> f32 {
    (v * 100.0).round() / 100.0
}

/// Width in points of `s` in Helvetica (or Helvetica-Bold) at `size`.
fn width(s: &str, size: f32, bold: bool) -> f32 {
    let units: u32 = s
        .bytes()
        .map(|b| {
            let i = usize::from(b).wrapping_sub(32);
            let table = if bold { &HELVETICA_BOLD } else { &HELVETICA };
            u32::from(table.get(i).copied().unwrap_or(556))
        })
        .sum();
    units as f32 * size / 1000.0
}

/// Helvetica advance widths (AFM, 1/1000 em) of ASCII 32..=126.
#[rustfmt::skip]
const HELVETICA: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/// Helvetica-Bold advance widths (AFM, 1/1000 em) of ASCII 32..=126.
#[rustfmt::skip]
const HELVETICA_BOLD: [u16; 95] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
    975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
    333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
    611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_group_in_threes() {
        assert_eq!(amount(146_430_967), "1,464,309.67");
        assert_eq!(amount(1_770), "17.70");
        assert_eq!(amount(5), "0.05");
    }

    #[test]
    fn narrations_wrap_within_the_column() {
        let lines = wrap("UPI-SHREE GANESH KIRANA-9822012345@OKBIZAXIS-UTIB0UPIUPI-507272220226-ORDER");
        // 75 characters: the first break is after the last '-' at or before 40.
        assert_eq!(lines, ["UPI-SHREE GANESH KIRANA-", "9822012345@OKBIZAXIS-UTIB0UPIUPI-", "507272220226-ORDER"]);
        assert!(lines.iter().all(|l| l.len() <= NARRATION_CHARS));
    }

    #[test]
    fn a_statement_has_the_pages_asked_for_and_is_deterministic() {
        let a = statement_pdf(3, 7).unwrap_or_else(|e| panic!("{e}"));
        let b = statement_pdf(3, 7).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(a, b);
        let doc = Document::load_mem(&a.pdf).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(doc.get_pages().len(), 3);
        assert!(a.transactions > 80, "{} rows on 3 pages", a.transactions);
    }
}
