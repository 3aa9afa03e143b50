//! The core model: what a statement is once read, before it is shaped into the
//! interface's responses (`crate::resources`).
//!
//! Amounts are [`Money`] (integer paise); dates are `chrono` values; strings are
//! kept exactly as the statement prints them.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::money::Money;

mod month;

use crate::taxonomy::{Channel, MerchantCategory};
pub use month::{FormatError, LowerMonthLabel, MonthLabel, MonthShape, ShortMonthLabel, YearMonth, month_year};

/// Debit or credit, as the interface writes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TxnType {
    /// Money out.
    Debit,
    /// Money in.
    Credit,
}

impl TxnType {
    /// `"debit"` or `"credit"`.
    pub fn as_str(self) -> &'static str {
        match self {
            TxnType::Debit => "debit",
            TxnType::Credit => "credit",
        }
    }

    /// The signed effect of `amount` on the balance.
    pub fn signed(self, amount: Money) -> Money {
        match self {
            TxnType::Debit => -amount,
            TxnType::Credit => amount,
        }
    }
}

/// Where a statement came from, as `progress.source` writes it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// An uploaded PDF.
    #[default]
    Pdf,
    /// Net banking or Account Aggregator data.
    Online,
}

/// `account_category`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AccountCategory {
    /// A person's account.
    #[default]
    Individual,
    /// A company's or firm's account.
    Corporate,
}

/// `account_type` of the predictors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AccountType {
    /// Savings account.
    Savings,
    /// Current account (or OD / CC).
    Current,
}

/// One row of a statement's transaction table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Transaction {
    /// Posting date (and time when printed).
    pub date: NaiveDateTime,
    /// Value date when the statement prints one.
    pub value_date: Option<NaiveDate>,
    /// The narration exactly as printed, wrapped lines joined by one space.
    pub note: String,
    /// Cheque or reference number when printed in its own column.
    pub ref_no: Option<String>,
    /// Debit or credit.
    pub kind: TxnType,
    /// Magnitude, never negative.
    pub amount: Money,
    /// Balance just after the transaction (negative when overdrawn).
    pub balance: Money,
    /// Deterministic identifier; see [`assign_hashes`].
    pub hash: String,
    /// Enrichment: channel.
    pub channel: Channel,
    /// Enrichment: description (`lender_transaction`, `Transfer to NAME`, ... or `""`).
    pub description: String,
    /// Enrichment: merchant category.
    pub merchant_category: MerchantCategory,
    /// Enrichment: counterparty or merchant in clean words.
    pub clean_note: String,
}

impl Transaction {
    /// A transaction as read, before enrichment and hashing.
    pub fn new(date: NaiveDateTime, note: impl Into<String>, kind: TxnType, amount: Money, balance: Money) -> Self {
        Transaction {
            date,
            value_date: None,
            note: note.into(),
            ref_no: None,
            kind,
            amount: amount.abs(),
            balance,
            hash: String::new(),
            channel: Channel::Other,
            description: String::new(),
            merchant_category: MerchantCategory::None,
            clean_note: String::new(),
        }
    }

    /// Signed effect on the balance.
    pub fn signed_amount(&self) -> Money {
        self.kind.signed(self.amount)
    }
}

/// Who holds the account and what the statement says about it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Identity {
    /// Account holder name.
    pub name: String,
    /// Address, lines joined with `", "`.
    pub address: String,
    /// Account number as printed (no spaces).
    pub account_number: String,
    /// IFSC code.
    pub ifsc: Option<String>,
    /// MICR code.
    pub micr: Option<String>,
    /// Individual or corporate.
    pub account_category: AccountCategory,
    /// Savings or current, when the statement says.
    pub account_type: Option<AccountType>,
    /// OD / CC limit or drawing power; zero when none.
    pub credit_limit: Money,
    /// The printed account type is an overdraft or cash-credit account (OD,
    /// CC, OCC, SOD, cash credit): a balance below zero is its normal state.
    #[serde(default)]
    pub overdraft: bool,
    /// Statement period as printed.
    pub period_from: Option<NaiveDate>,
    /// Statement period as printed.
    pub period_to: Option<NaiveDate>,
    /// Opening balance as printed.
    pub opening_balance: Option<Money>,
    /// Closing balance as printed.
    pub closing_balance: Option<Money>,
}

/// A row where the running balance does not follow from the previous one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BalanceBreak {
    /// Index into [`Statement::transactions`].
    pub index: usize,
    /// Balance the previous row and this amount imply.
    pub expected: Money,
    /// Balance printed on the row.
    pub printed: Money,
}

/// Where the balance chain of a statement first fails.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChainBreak {
    /// 1-based page of the row (0 for sources without pages).
    pub page: u32,
    /// 1-based row number among the statement's transactions; one past the
    /// last row when only the printed closing balance disagrees.
    pub row: usize,
    /// Balance printed on the row (or the printed closing balance).
    pub printed: Money,
    /// Balance the opening, credits and debits before it give.
    pub expected: Money,
    /// 1-based first row of the stretch the broken balance closes (rows
    /// without a balance of their own before it, back to the last balance
    /// the chain reproduced): the fault is in rows `from_row..=row`. Equal
    /// to `row` when every row prints its balance.
    #[serde(default)]
    pub from_row: usize,
}

/// How a statement was read: what the balance chain proves of its rows.
///
/// A row is proven when the printed balance that closes its stretch of rows
/// (its own, or the next printed one for statements that print a balance once
/// a day) equals the opening plus the credits minus the debits up to it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ReadingReport {
    /// Transaction rows read.
    pub rows_read: usize,
    /// Rows the chain proves.
    pub rows_proven: usize,
    /// Table rows that could not be read as transactions (no date, no amount).
    pub rows_unread: usize,
    /// Rows that print their own balance.
    pub balances_printed: usize,
    /// True when the statement prints the balance before its first row.
    pub opening_printed: bool,
    /// The printed closing balance against the chain's; `None` when none is printed.
    pub closing_reconciles: Option<bool>,
    /// Rows whose printed debit/credit side the balance chain corrected.
    pub sides_corrected: usize,
    /// Rows the balance follows in another order within their day than the
    /// statement prints them: read (and returned) in the balance's order.
    pub rows_reordered: usize,
    /// Rows whose side neither the print nor the balance chain decides: more
    /// than one assignment of sides reproduces the balance closing their
    /// stretch (a balance printed once a day); the one nearest the columns is read.
    pub sides_undecided: usize,
    /// Rows dated on a day the calendar does not have (29 February of a
    /// common year, 31 April: a made-up or altered statement): read, on the
    /// month's last day, so that their figures still count.
    pub dates_impossible: usize,
    /// The statement prints its dates without a year and no year anywhere:
    /// the year was taken from the file's creation date (the twelve months
    /// before it).
    pub year_from_file: bool,
    /// The debit and credit totals the statement prints ("Transaction Total",
    /// page totals, a summary's "Debits" / "Total Withdrawal") and the number of
    /// debits and credits a summary prints ("Dr Count", "No. of Credits")
    /// against the rows' sums and numbers (a summary's against every row or a
    /// run of them, as a file of two months prints two, the summary's opening
    /// and closing balance being the balances before and after that run);
    /// `None` when none is printed. `false` when a printed figure disagrees.
    pub totals_reconcile: Option<bool>,
    /// The first row where the chain fails.
    pub first_break: Option<ChainBreak>,
    /// 0 to 1: the share of rows proven, lowered when the opening or closing
    /// balance is not printed or rows could not be read.
    pub confidence: f64,
    /// The page where another account's table starts (a consolidated
    /// statement: an FD, RD or second savings account after this one's
    /// rows, with its own header, opening and closing balance). This
    /// statement is the first account's; that table is left out, not read
    /// into this chain. `None` when the file holds one account's table.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other_account_page: Option<u32>,
    /// Pages read by OCR and the OCR confidence of each row; `None` when
    /// every page was read from its text layer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ocr: Option<OcrReading>,
}

/// The OCR part of a [`ReadingReport`]: which pages were scans, and how sure
/// the OCR was of each row.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct OcrReading {
    /// 1-based pages read by OCR.
    pub pages: Vec<u32>,
    /// Mean word confidence of each of those pages, 0 to 1.
    pub page_confidence: Vec<f64>,
    /// Per transaction (statement order): the lowest word confidence on the
    /// line that prints its balance, 0 to 1; `None` for rows from a text layer.
    pub row_confidence: Vec<Option<f64>>,
    /// Time spent on OCR, milliseconds.
    pub millis: u64,
}

impl ReadingReport {
    /// True when every row is proven and the closing balance (when printed) agrees.
    pub fn reconciles(&self) -> bool {
        self.rows_read > 0
            && self.first_break.is_none()
            && self.rows_proven == self.rows_read
            && self.totals_reconcile != Some(false)
    }

    /// The progress `message` of a statement read: [`Self::summary`], or
    /// `None` when no rows were read (Account Aggregator data).
    pub fn progress_message(&self) -> Option<String> {
        (self.rows_read > 0).then(|| self.summary())
    }

    /// One line for people: `34 rows read, 34 proven by the balance chain (confidence 1.00)`.
    pub fn summary(&self) -> String {
        let mut s = format!(
            "{} rows read, {} proven by the balance chain (confidence {:.2})",
            self.rows_read, self.rows_proven, self.confidence
        );
        if let Some(b) = &self.first_break {
            if b.from_row > 0 && b.from_row < b.row {
                s.push_str(&format!(
                    "; first break on page {} rows {}-{} (balance printed on row {}): printed {} vs expected {}",
                    b.page, b.from_row, b.row, b.row, b.printed, b.expected
                ));
            } else {
                s.push_str(&format!(
                    "; first break on page {} row {}: printed {} vs expected {}",
                    b.page, b.row, b.printed, b.expected
                ));
            }
        }
        if let Some(p) = self.other_account_page {
            s.push_str(&format!("; another account's table from page {p} left out"));
        }
        match self.totals_reconcile {
            Some(true) => s.push_str("; printed totals reproduced"),
            Some(false) => s.push_str("; printed totals NOT reproduced"),
            None => {}
        }
        if self.rows_reordered > 0 {
            s.push_str(&format!(
                "; {} rows of a day printed in another order than the balance follows, read in the balance's order",
                self.rows_reordered
            ));
        }
        if self.sides_undecided > 0 {
            s.push_str(&format!(
                "; {} rows' side undecided (more than one reading reproduces the balance)",
                self.sides_undecided
            ));
        }
        if self.year_from_file {
            s.push_str("; no year printed: dates read in the twelve months before the file was made");
        }
        if self.dates_impossible > 0 {
            s.push_str(&format!(
                "; {} rows dated on a day the calendar does not have (read on the month's last day)",
                self.dates_impossible
            ));
        }
        if self.rows_unread > 0 {
            s.push_str(&format!("; {} unreadable rows", self.rows_unread));
        }
        if let Some(ocr) = &self.ocr {
            let pages = ocr.pages.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
            let n = ocr.page_confidence.len().max(1) as f64;
            let conf = ocr.page_confidence.iter().sum::<f64>() / n;
            s.push_str(&format!("; page(s) {pages} read by OCR (confidence {conf:.2})"));
        }
        s
    }
}

/// One statement: a PDF or one Account Aggregator account, read and reconciled.
///
/// `Default` gives an empty PDF statement with a nil id; tests build one with
/// `Statement { bank, identity, transactions, ..Statement::default() }` so a
/// new field never breaks them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Statement {
    /// UUID4 statement id.
    pub id: Uuid,
    /// PDF or online.
    pub source: Source,
    /// Bank identifier (`hdfc`, `sbi`, ...).
    pub bank: String,
    /// Holder and account details.
    pub identity: Identity,
    /// Transactions in statement order.
    pub transactions: Vec<Transaction>,
    /// Where the running balance broke.
    pub balance_breaks: Vec<BalanceBreak>,
    /// When bankscope finished reading it.
    pub processed_at: DateTime<Utc>,
    /// What the metadata fraud checks need of the PDF's forensic record;
    /// `None` for Account Aggregator statements and PDFs read without it.
    #[serde(default)]
    pub forensics: Option<crate::pdf::ForensicDigest>,
    /// How it was read: rows read and proven, the first break, a confidence.
    #[serde(default)]
    pub reading: ReadingReport,
}

/// Optional hints a caller gives for one customer (session `metadata`).
///
/// Unknown keys are refused (`deny_unknown_fields`): a misspelt
/// `employer_name` must not silently switch employer-based salary detection
/// off. Every surface reads caller metadata through [`Metadata::from_json`] /
/// [`Metadata::from_value`] (or serde with this type), so the rule is one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Metadata {
    /// The customer's names, for name matching and self-transfer detection.
    pub names: Vec<String>,
    /// Employers, for salary detection.
    pub employer_names: Vec<String>,
    /// Companies whose transfers count as the customer's own.
    pub companies_for_self_transfer: Vec<String>,
}

impl Metadata {
    /// Metadata from a caller's JSON object text (`{"names": [...],
    /// "employer_names": [...], "companies_for_self_transfer": [...]}`, every
    /// key optional, `null` as absent).
    ///
    /// # Errors
    /// [`crate::Error::InvalidArgument`] naming `metadata` for text that is
    /// not a JSON object, an unknown key, or a value that is not an array of
    /// strings.
    pub fn from_json(text: &str) -> crate::Result<Metadata> {
        let value: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| crate::Error::invalid_argument("metadata", format!("not JSON: {e}")))?;
        Metadata::from_value(value)
    }

    /// [`Metadata::from_json`] for an already parsed JSON value; `null` is
    /// empty metadata.
    ///
    /// # Errors
    /// As [`Metadata::from_json`].
    pub fn from_value(value: serde_json::Value) -> crate::Result<Metadata> {
        let bad = |reason: String| crate::Error::invalid_argument("metadata", reason);
        match value {
            serde_json::Value::Null => Ok(Metadata::default()),
            serde_json::Value::Object(mut map) => {
                // An explicit null is an absent key.
                map.retain(|_, v| !v.is_null());
                serde_json::from_value(serde_json::Value::Object(map)).map_err(|e| bad(e.to_string()))
            }
            other => Err(bad(format!("expected a JSON object, got {other}"))),
        }
    }
}

/// The statements of one customer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entity {
    /// UUID4 entity id.
    pub id: Uuid,
    /// Caller's customer identifier.
    pub link_id: Option<String>,
    /// Caller's hints.
    pub metadata: Metadata,
    /// Statements in the order they were added.
    pub statements: Vec<Statement>,
}

impl Entity {
    /// An empty entity with a fresh UUID4.
    pub fn new(link_id: Option<String>, metadata: Metadata) -> Self {
        Entity { id: Uuid::new_v4(), link_id, metadata, statements: Vec::new() }
    }

    /// An empty entity with this one's id, link id and metadata: read a
    /// statement into it without holding a lock on this one (account ids and
    /// enrichment come out the same), then [`Entity::absorb`] it. That is how
    /// the bindings let reads run while a PDF is being parsed.
    pub fn detached(&self) -> Entity {
        Entity { id: self.id, link_id: self.link_id.clone(), metadata: self.metadata.clone(), statements: Vec::new() }
    }

    /// Moves the statements of `other` (a [`Entity::detached`] copy) into this entity.
    pub fn absorb(&mut self, other: Entity) {
        for s in other.statements {
            self.add_statement(s);
        }
    }
}

/// Gives every transaction of one account a deterministic hash.
///
/// The hash covers the account (`bank`, `account_number`) and everything printed
/// on the row (date, type, amount, balance, narration), plus how many identical
/// rows came before it. So reading the same statement twice gives the same
/// hashes, the same row in two overlapping statements of one account gets one
/// hash (that is how overlaps are de-duplicated), and rows that repeat date,
/// amount and note still differ. 128-bit FNV-1a, written as 32 hex digits.
pub fn assign_hashes(bank: &str, account_number: &str, transactions: &mut [Transaction]) {
    let mut seen: HashMap<u128, u32> = HashMap::new();
    for t in transactions.iter_mut() {
        let mut h = Fnv128::new();
        h.field(bank.as_bytes());
        h.field(account_number.as_bytes());
        h.field(t.date.format("%Y-%m-%d %H:%M:%S").to_string().as_bytes());
        h.field(t.kind.as_str().as_bytes());
        h.field(&t.amount.paise().to_le_bytes());
        h.field(&t.balance.paise().to_le_bytes());
        h.field(t.note.as_bytes());
        let row = h.0;
        let occurrence = seen.entry(row).or_insert(0);
        h.field(&occurrence.to_le_bytes());
        *occurrence += 1;
        t.hash = format!("{:032x}", h.0);
    }
}

/// A stable 128-bit hash of length-prefixed fields (FNV-1a): the same in
/// every process and version, for ids derived from content.
pub fn stable_hash128(fields: &[&[u8]]) -> u128 {
    let mut h = Fnv128::new();
    for f in fields {
        h.field(f);
    }
    h.0
}

/// FNV-1a over length-prefixed fields, so `("ab","c")` and `("a","bc")` differ.
struct Fnv128(u128);

impl Fnv128 {
    const OFFSET: u128 = 0x6c62272e07bb014262b821756295c58d;
    const PRIME: u128 = 0x0000000001000000000000000000013B;

    fn new() -> Self {
        Fnv128(Self::OFFSET)
    }

    fn bytes(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u128::from(*b);
            self.0 = self.0.wrapping_mul(Self::PRIME);
        }
    }

    fn field(&mut self, bytes: &[u8]) {
        self.bytes(&(bytes.len() as u64).to_le_bytes());
        self.bytes(bytes);
    }
}

/// One salary credit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SalaryHit {
    /// Index into the account's transactions (the slice salary detection was given).
    pub index: usize,
    /// The month the salary is for (`crate::enrich::salary::salary_month`).
    pub month_year: YearMonth,
    /// The employer in clean words (the clean note, or the metadata employer name).
    pub employer: String,
    /// Why it is salary, in words an analyst reads: the rule that decided
    /// (keyword, metadata employer, regular pay with its months, amount and
    /// employer evidence, or a salary payer's bonus).
    pub reason: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn metadata_is_read_strictly() {
        let m = Metadata::from_json(r#"{"names": ["ARJUN DAS"], "employer_names": null}"#).unwrap_or_default();
        assert_eq!(m.names, vec!["ARJUN DAS".to_string()]);
        assert!(m.employer_names.is_empty());
        assert_eq!(Metadata::from_json("null").ok(), Some(Metadata::default()));
        for bad in
            [r#"{"employer_name": ["ACME"]}"#, r#"{"names": "ARJUN DAS"}"#, r#"{"names": [1]}"#, r#"["names"]"#, "{"]
        {
            let e = Metadata::from_json(bad).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(e.contains("metadata"), "{bad}: {e:?}");
        }
        let e = Metadata::from_json(r#"{"employer_name": ["ACME"]}"#).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains("employer_name"), "{e}");
    }

    fn dt(d: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2025, 4, d).and_then(|d| d.and_hms_opt(0, 0, 0)).unwrap_or_default()
    }

    fn sample() -> Vec<Transaction> {
        // Two identical ATM rows on one day (same date, amount, note) and a
        // balance that then moves; plus ordinary rows.
        vec![
            Transaction::new(
                dt(1),
                "ATM WDL SBI ATM ANDHERI",
                TxnType::Debit,
                Money::from_rupees(500),
                Money::from_rupees(9500),
            ),
            Transaction::new(
                dt(1),
                "ATM WDL SBI ATM ANDHERI",
                TxnType::Debit,
                Money::from_rupees(500),
                Money::from_rupees(9000),
            ),
            Transaction::new(dt(1), "SMS CHARGES", TxnType::Debit, Money::from_rupees(0), Money::from_rupees(9000)),
            Transaction::new(dt(1), "SMS CHARGES", TxnType::Debit, Money::from_rupees(0), Money::from_rupees(9000)),
            Transaction::new(
                dt(2),
                "UPI/123/Swiggy",
                TxnType::Debit,
                Money::from_paise(25_050),
                Money::from_paise(874_950),
            ),
        ]
    }

    #[test]
    fn hashes_are_deterministic() {
        let mut a = sample();
        let mut b = sample();
        assign_hashes("sbi", "00000012345678901", &mut a);
        assign_hashes("sbi", "00000012345678901", &mut b);
        let ha: Vec<_> = a.iter().map(|t| t.hash.clone()).collect();
        let hb: Vec<_> = b.iter().map(|t| t.hash.clone()).collect();
        assert_eq!(ha, hb);
        assert!(ha.iter().all(|h| h.len() == 32 && h.chars().all(|c| c.is_ascii_hexdigit())));
    }

    #[test]
    fn identical_rows_never_collide() {
        let mut a = sample();
        assign_hashes("sbi", "1", &mut a);
        let set: HashSet<_> = a.iter().map(|t| t.hash.as_str()).collect();
        assert_eq!(set.len(), a.len());
        // Another account with the same rows gets other hashes.
        let mut b = sample();
        assign_hashes("sbi", "2", &mut b);
        assert!(a.iter().zip(&b).all(|(x, y)| x.hash != y.hash));
    }

    #[test]
    fn overlapping_statements_share_hashes() {
        // The second statement starts at row 2 of the first.
        let mut first = sample();
        let mut second: Vec<Transaction> = sample().into_iter().skip(4).collect();
        assign_hashes("hdfc", "501", &mut first);
        assign_hashes("hdfc", "501", &mut second);
        assert_eq!(first[4].hash, second[0].hash);
    }
}
