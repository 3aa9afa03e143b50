//! Node bindings (napi-rs): the `bankscope` npm package.
//!
//! Only translation lives here. Core errors become JS `Error`s whose `code`
//! is the stable [`bankscope::ErrorKind::code`] (`PASSWORD_INCORRECT`, ...).
//! Read responses are the core's interface JSON turned into plain objects, so
//! Node sees the same keys (snake_case) and values as the HTTP server sends.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use napi::bindgen_prelude::{AsyncTask, Buffer, Either};
use napi::{Env, JsError, Task};
use napi_derive::napi;

fn to_js_err(e: &bankscope::Error) -> napi::Error<&'static str> {
    napi::Error::new(e.kind().code(), e.to_string())
}

/// A core error as a rejection: a JS `Error` carrying the kind's `code`.
/// (A task's rejections have the `Status` error type, whose code would be
/// napi's own; building the JS object here keeps ours.)
fn to_js_rejection(env: Env, e: &bankscope::Error) -> napi::Error {
    napi::Error::from(JsError::from(to_js_err(e)).into_unknown(env))
}

// This struct gives TypeScript the shape; the value itself crosses as JSON and
// is read by the core (`bankscope::Metadata::from_value`), one rule for every
// binding.
/// Hints about the customer (the session `metadata` of the interface). An
/// unknown key (a misspelt `employerName`) is refused with `INVALID_ARGUMENT`.
#[napi(object)]
#[derive(Debug, Default)]
pub struct Metadata {
    /// The customer's names, for name matching and self-transfer detection.
    pub names: Option<Vec<String>>,
    /// Employers, for salary detection.
    pub employer_names: Option<Vec<String>>,
    /// Companies whose transfers count as the customer's own.
    pub companies_for_self_transfer: Option<Vec<String>>,
}

/// Caller metadata read by the core's one rule. JavaScript's camelCase keys
/// (`employerNames`) are the core's snake_case ones (`employer_names`); any
/// other key is refused by the core.
fn metadata(value: Option<serde_json::Value>) -> bankscope::Result<bankscope::Metadata> {
    let snake = |key: &str| {
        let mut out = String::with_capacity(key.len() + 4);
        for c in key.chars() {
            if c.is_ascii_uppercase() {
                out.push('_');
                out.push(c.to_ascii_lowercase());
            } else {
                out.push(c);
            }
        }
        out
    };
    match value {
        None => Ok(bankscope::Metadata::default()),
        Some(serde_json::Value::Object(map)) => bankscope::Metadata::from_value(serde_json::Value::Object(
            map.into_iter().map(|(k, v)| (snake(&k), v)).collect(),
        )),
        Some(other) => bankscope::Metadata::from_value(other),
    }
}

/// Options of `new Entity(...)`.
#[napi(object)]
#[derive(Debug, Default)]
pub struct EntityOptions {
    /// The caller's customer identifier.
    pub link_id: Option<String>,
    /// Hints about the customer.
    #[napi(ts_type = "Metadata")]
    pub metadata: Option<serde_json::Value>,
}

/// Options of `addPdf` and `addPdfSync`.
#[napi(object)]
#[derive(Debug, Default)]
pub struct PdfOptions {
    /// The PDF password, when it has one.
    pub password: Option<String>,
    /// The bank the statement is declared to be from (`"hdfc"`, `"HDFC Bank"`);
    /// a statement of another bank is refused with `BANK_NAME_MISMATCH`.
    pub bank_name: Option<String>,
}

impl PdfOptions {
    fn read_options(self) -> bankscope::ReadOptions {
        bankscope::ReadOptions { password: self.password, declared_bank: self.bank_name, ..Default::default() }
    }
}

/// Options of `analyze`.
#[napi(object)]
#[derive(Debug, Default)]
pub struct AnalyzeOptions {
    /// The PDF password, when it has one.
    pub password: Option<String>,
    /// The bank the statement is declared to be from; see `PdfOptions`.
    pub bank_name: Option<String>,
    /// The new entity's customer identifier.
    pub link_id: Option<String>,
    /// Hints about the customer.
    #[napi(ts_type = "Metadata")]
    pub metadata: Option<serde_json::Value>,
}

/// What reading one statement gave (keys as in the Python binding).
#[napi(object, object_from_js = false)]
#[derive(Debug)]
pub struct StatementSummary {
    /// The statement id (UUID4 text).
    #[napi(js_name = "statement_id")]
    pub statement_id: String,
    /// The account it joined.
    #[napi(js_name = "account_id")]
    pub account_id: String,
    /// `pdf` or `online`.
    pub source: String,
    /// Bank identifier (`hdfc`, `sbi`, ...).
    pub bank: String,
    /// Account holder.
    pub name: String,
    /// Account number as printed.
    #[napi(js_name = "account_number")]
    pub account_number: String,
    /// First day of the statement period (`YYYY-MM-DD`).
    #[napi(js_name = "period_from")]
    pub period_from: Option<String>,
    /// Last day of the statement period (`YYYY-MM-DD`).
    #[napi(js_name = "period_to")]
    pub period_to: Option<String>,
    /// Transactions read.
    pub transactions: u32,
    /// Opening balance in rupees.
    #[napi(js_name = "opening_balance")]
    pub opening_balance: Option<f64>,
    /// Closing balance in rupees.
    #[napi(js_name = "closing_balance")]
    pub closing_balance: Option<f64>,
    /// Rows where the running balance breaks; 0 when the statement reconciles.
    #[napi(js_name = "balance_breaks")]
    pub balance_breaks: u32,
    /// Rows the balance chain proves.
    #[napi(js_name = "rows_proven")]
    pub rows_proven: u32,
    /// True when every row is proven from the opening to the closing balance.
    pub reconciles: bool,
    /// The reading report in one line (rows read and proven, first break, confidence).
    pub reading: String,
}

impl From<bankscope::respond::StatementSummary> for StatementSummary {
    fn from(s: bankscope::respond::StatementSummary) -> Self {
        let source = serde_json::to_value(s.source).ok().and_then(|v| v.as_str().map(str::to_string));
        StatementSummary {
            statement_id: s.statement_id,
            account_id: s.account_id,
            source: source.unwrap_or_default(),
            bank: s.bank,
            name: s.name,
            account_number: s.account_number,
            period_from: s.period_from.map(|d| d.to_string()),
            period_to: s.period_to.map(|d| d.to_string()),
            transactions: u32::try_from(s.transactions).unwrap_or(u32::MAX),
            opening_balance: s.opening_balance.map(bankscope::Money::to_f64),
            closing_balance: s.closing_balance.map(bankscope::Money::to_f64),
            balance_breaks: u32::try_from(s.balance_breaks).unwrap_or(u32::MAX),
            rows_proven: u32::try_from(s.rows_proven).unwrap_or(u32::MAX),
            reconciles: s.reconciles,
            reading: s.reading,
        }
    }
}

/// The shared state of one JS `Entity`: tasks on the libuv pool append to it.
#[derive(Debug, Clone)]
pub struct Shared(Arc<Mutex<bankscope::Entity>>);

impl Shared {
    fn lock(&self) -> MutexGuard<'_, bankscope::Entity> {
        // Only whole statements are ever appended, so a poisoned lock still
        // guards a consistent entity.
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// An empty entity with this one's id and hints to read a statement into
    /// without holding the lock (account ids derive from the entity id).
    fn scratch(&self) -> bankscope::Entity {
        self.lock().detached()
    }

    /// Moves what `scratch` read into the entity.
    fn absorb(&self, scratch: bankscope::Entity) {
        self.lock().absorb(scratch);
    }

    /// Reads a PDF into a scratch entity, then appends it: the lock is held
    /// only for the append, so reads never wait for a PDF to be parsed.
    fn add_pdf(
        &self,
        data: &[u8],
        options: &bankscope::ReadOptions,
    ) -> bankscope::Result<bankscope::respond::StatementSummary> {
        let mut scratch = self.scratch();
        let summary = scratch.add_pdf(data, options)?;
        self.absorb(scratch);
        Ok(summary)
    }

    fn response(
        &self,
        resource: bankscope::resources::Resource,
        account_id: Option<&str>,
    ) -> napi::Result<serde_json::Value, &'static str> {
        let text = self.lock().response_json(resource, account_id).map_err(|e| to_js_err(&e))?;
        serde_json::from_str(&text)
            .map_err(|e| to_js_err(&bankscope::Error::malformed(format!("re-reading {resource} JSON: {e}"))))
    }
}

/// `addPdf`'s work on the libuv thread pool.
#[derive(Debug)]
pub struct AddPdfTask {
    entity: Shared,
    data: Vec<u8>,
    options: bankscope::ReadOptions,
}

impl Task for AddPdfTask {
    type Output = bankscope::Result<bankscope::respond::StatementSummary>;
    type JsValue = StatementSummary;

    fn compute(&mut self) -> napi::Result<Self::Output> {
        Ok(self.entity.add_pdf(&self.data, &self.options))
    }

    fn resolve(&mut self, env: Env, output: Self::Output) -> napi::Result<Self::JsValue> {
        output.map(StatementSummary::from).map_err(|e| to_js_rejection(env, &e))
    }
}

/// `analyze`'s work on the libuv thread pool: read the file, then the PDF.
#[derive(Debug)]
pub struct AnalyzeTask {
    path: String,
    options: AnalyzeOptions,
}

/// Why `analyze` failed: the file, or the statement in it.
#[derive(Debug)]
pub enum AnalyzeError {
    /// The file could not be read.
    Io(std::io::Error),
    /// The statement could not be read.
    Core(bankscope::Error),
}

impl Task for AnalyzeTask {
    type Output = Result<Shared, AnalyzeError>;
    type JsValue = Entity;

    fn compute(&mut self) -> napi::Result<Self::Output> {
        let data = match std::fs::read(&self.path) {
            Ok(data) => data,
            Err(e) => return Ok(Err(AnalyzeError::Io(e))),
        };
        let metadata = match metadata(self.options.metadata.take()) {
            Ok(m) => m,
            Err(e) => return Ok(Err(AnalyzeError::Core(e))),
        };
        let entity = Shared(Arc::new(Mutex::new(bankscope::Entity::new(self.options.link_id.take(), metadata))));
        let options = bankscope::ReadOptions {
            password: self.options.password.take(),
            declared_bank: self.options.bank_name.take(),
            ..Default::default()
        };
        Ok(entity.add_pdf(&data, &options).map(|_| entity).map_err(AnalyzeError::Core))
    }

    fn resolve(&mut self, env: Env, output: Self::Output) -> napi::Result<Self::JsValue> {
        match output {
            Ok(inner) => Ok(Entity { inner }),
            Err(AnalyzeError::Core(e)) => Err(to_js_rejection(env, &e)),
            Err(AnalyzeError::Io(e)) => {
                // Node's own codes for file errors, as `fs` would throw them.
                let code = match e.kind() {
                    std::io::ErrorKind::NotFound => "ENOENT",
                    std::io::ErrorKind::PermissionDenied => "EACCES",
                    std::io::ErrorKind::IsADirectory => "EISDIR",
                    _ => "EIO",
                };
                let err = napi::Error::new(code, format!("{code}: cannot read {:?}: {e}", self.path));
                Err(napi::Error::from(JsError::from(err).into_unknown(env)))
            }
        }
    }
}

/// The statements of one customer and every analysis over them.
#[napi]
#[derive(Debug)]
pub struct Entity {
    inner: Shared,
}

#[napi]
impl Entity {
    /// An empty entity.
    #[napi(constructor)]
    pub fn new(options: Option<EntityOptions>) -> napi::Result<Self, &'static str> {
        let EntityOptions { link_id, metadata: given } = options.unwrap_or_default();
        let entity = bankscope::Entity::new(link_id, metadata(given).map_err(|e| to_js_err(&e))?);
        Ok(Entity { inner: Shared(Arc::new(Mutex::new(entity))) })
    }

    /// The entity id (UUID4 text).
    #[napi(getter)]
    pub fn entity_id(&self) -> String {
        self.inner.lock().id.to_string()
    }

    /// The caller's customer identifier.
    #[napi(getter)]
    pub fn link_id(&self) -> Option<String> {
        self.inner.lock().link_id.clone()
    }

    /// Reads a statement PDF into the entity on the libuv thread pool.
    /// Rejects with an Error whose `code` is the error kind
    /// (`PASSWORD_INCORRECT`, ...); nothing is added then.
    #[napi(ts_return_type = "Promise<StatementSummary>")]
    pub fn add_pdf(&self, data: Buffer, options: Option<PdfOptions>) -> AsyncTask<AddPdfTask> {
        let options = options.unwrap_or_default().read_options();
        AsyncTask::new(AddPdfTask { entity: self.inner.clone(), data: data.to_vec(), options })
    }

    /// `addPdf` on the calling thread (blocks the event loop while reading).
    #[napi]
    pub fn add_pdf_sync(
        &self,
        data: Buffer,
        options: Option<PdfOptions>,
    ) -> napi::Result<StatementSummary, &'static str> {
        let options = options.unwrap_or_default().read_options();
        self.inner.add_pdf(&data, &options).map(StatementSummary::from).map_err(|e| to_js_err(&e))
    }

    /// Reads Account Aggregator data (JSON or XML, as text or bytes); one
    /// summary per account in it. Nothing is added on error.
    #[napi]
    pub fn add_aa(
        &self,
        data: Either<String, Buffer>,
        bank_name: Option<String>,
    ) -> napi::Result<Vec<StatementSummary>, &'static str> {
        let bytes: &[u8] = match &data {
            Either::A(text) => text.as_bytes(),
            Either::B(buffer) => buffer,
        };
        let mut scratch = self.inner.scratch();
        let summaries = scratch.add_aa(bytes, bank_name.as_deref()).map_err(|e| to_js_err(&e))?;
        self.inner.absorb(scratch);
        Ok(summaries.into_iter().map(StatementSummary::from).collect())
    }

    /// The JSON text of a read endpoint by its interface name
    /// (`"accounts"`, `"get_expense_categories"`, `"monthly_analysis_updated"`, ...).
    #[napi]
    pub fn response_json(&self, resource: String, account_id: Option<String>) -> napi::Result<String, &'static str> {
        let Some(r) = bankscope::resources::Resource::from_name(&resource) else {
            let e = bankscope::Error::invalid_argument("resource", format!("no read endpoint {resource:?}"));
            return Err(to_js_err(&e));
        };
        self.inner.lock().response_json(r, account_id.as_deref()).map_err(|e| to_js_err(&e))
    }

    /// `GET .../accounts/`: the accounts, progress and fraud.
    #[napi]
    pub fn accounts(&self) -> napi::Result<serde_json::Value, &'static str> {
        self.inner.response(bankscope::resources::Resource::Accounts, None)
    }

    /// `GET .../identity/`: holder name, address and account per account.
    #[napi]
    pub fn identity(&self) -> napi::Result<serde_json::Value, &'static str> {
        self.inner.response(bankscope::resources::Resource::Identity, None)
    }

    /// `GET .../transactions/`: every transaction, of one account or all.
    #[napi]
    pub fn transactions(&self, account_id: Option<String>) -> napi::Result<serde_json::Value, &'static str> {
        self.inner.response(bankscope::resources::Resource::Transactions, account_id.as_deref())
    }

    /// `GET .../salary/`: salary credits.
    #[napi]
    pub fn salary(&self, account_id: Option<String>) -> napi::Result<serde_json::Value, &'static str> {
        self.inner.response(bankscope::resources::Resource::Salary, account_id.as_deref())
    }

    /// `GET .../recurring_transactions/`: recurring credit and debit sets.
    #[napi]
    pub fn recurring_transactions(&self, account_id: Option<String>) -> napi::Result<serde_json::Value, &'static str> {
        self.inner.response(bankscope::resources::Resource::RecurringTransactions, account_id.as_deref())
    }

    /// `GET .../lender_transactions/`: transactions with lenders.
    #[napi]
    pub fn lender_transactions(&self, account_id: Option<String>) -> napi::Result<serde_json::Value, &'static str> {
        self.inner.response(bankscope::resources::Resource::LenderTransactions, account_id.as_deref())
    }

    /// `GET .../get_expense_categories/`: expense shares by category.
    #[napi]
    pub fn expense_categories(&self, account_id: Option<String>) -> napi::Result<serde_json::Value, &'static str> {
        self.inner.response(bankscope::resources::Resource::ExpenseCategories, account_id.as_deref())
    }

    /// `GET .../top_credits_debits/`: top five credits and debits per month.
    #[napi]
    pub fn top_credits_debits(&self) -> napi::Result<serde_json::Value, &'static str> {
        self.inner.response(bankscope::resources::Resource::TopCreditsDebits, None)
    }

    /// `GET .../monthly_analysis_updated/`: monthly credits, debits, balances.
    #[napi]
    pub fn monthly_analysis(&self) -> napi::Result<serde_json::Value, &'static str> {
        self.inner.response(bankscope::resources::Resource::MonthlyAnalysis, None)
    }

    /// `GET .../predictors/`: underwriting predictors per account.
    #[napi]
    pub fn predictors(&self) -> napi::Result<serde_json::Value, &'static str> {
        self.inner.response(bankscope::resources::Resource::Predictors, None)
    }

    /// `GET .../score/`: the score per account.
    #[napi]
    pub fn score(&self) -> napi::Result<serde_json::Value, &'static str> {
        self.inner.response(bankscope::resources::Resource::Score, None)
    }

    /// The xlsx report as workbook bytes (an Excel `.xlsx` file, a zip
    /// archive): without `accountId`, the only account's workbook when the
    /// entity has one account, else the entity workbook (an overview of every
    /// account); with an `accountId`, that account's workbook. Throws an Error
    /// with code `INVALID_ARGUMENT` for an unknown account id or an entity
    /// without statements. Built on the calling thread. (The interface's
    /// `xlsx_report` endpoint answers with links to hosted workbooks, which
    /// only a server can give.)
    #[napi]
    pub fn xlsx_report(&self, account_id: Option<String>) -> napi::Result<Buffer, &'static str> {
        let bytes = self.inner.lock().xlsx_report(account_id.as_deref()).map_err(|e| to_js_err(&e))?;
        Ok(Buffer::from(bytes))
    }
}

/// Reads one statement PDF file into a new `Entity` on the libuv thread pool.
/// Rejects with the error kind's `code`, or `ENOENT`/`EACCES`/`EISDIR`/`EIO`
/// when the file cannot be read.
#[napi(ts_return_type = "Promise<Entity>")]
pub fn analyze(path: String, options: Option<AnalyzeOptions>) -> AsyncTask<AnalyzeTask> {
    AsyncTask::new(AnalyzeTask { path, options: options.unwrap_or_default() })
}

/// The library version.
#[napi]
pub fn version() -> &'static str {
    bankscope::VERSION
}

/// Parses an amount as Indian statements print it (`"1,23,456.78 Dr"`) into
/// integer paise. Throws an Error with code `INVALID_ARGUMENT` otherwise.
#[napi]
pub fn parse_amount(text: String) -> napi::Result<i64, &'static str> {
    bankscope::Money::parse(&text)
        .map(bankscope::Money::paise)
        .map_err(|e| to_js_err(&bankscope::Error::invalid_argument("text", e.to_string())))
}

/// Formats paise as rupees with Indian digit grouping (`"-5,30,000.00"`).
#[napi]
pub fn format_amount(paise: i64) -> String {
    bankscope::Money::from_paise(paise).to_indian_string()
}

/// The stable codes of every error kind, for `switch (err.code)`.
#[napi]
pub fn error_codes() -> Vec<&'static str> {
    bankscope::ErrorKind::ALL.iter().map(|k| k.code()).collect()
}
