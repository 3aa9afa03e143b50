//! Enrichment: what each transaction is.
//!
//! For every transaction the classifier decides `transaction_channel`,
//! `description`, `merchant_category` and the clean note (the counterparty or
//! merchant in clean words) from the narration, the type and the amount.
//!
//! The knowledge is data, in three tables compiled into the library (their
//! format is described at the top of `rules.txt` and in `enrich/rules.rs`):
//! `rules.txt` (how banks write channels, charges, returns, salary, ...),
//! `merchants.txt` (merchant keyword → clean name and category) and
//! `lenders.txt` (banks, NBFCs and digital lenders). They are parsed once and
//! matched with one Aho–Corasick scan per narration.
//!
//! On top of the tables, three things depend on the caller's data and are
//! decided in code: self transfers (the holder's name, [`Metadata::names`],
//! [`Metadata::companies_for_self_transfer`]), salary from
//! [`Metadata::employer_names`], and `Transfer to NAME` / `Transfer from NAME`
//! for person-to-person UPI and bank transfers.

mod counterparty;
pub mod lender;
mod matcher;
mod rules;
pub mod salary;

use crate::model::{Metadata, Statement, Transaction, TxnType};
use crate::money::Money;
use crate::taxonomy::{Channel, MerchantCategory, description};

/// Salary keywords are trusted only from this amount up (₹3,000).
pub const SALARY_MIN: Money = Money::from_rupees(3_000);

/// Narration words that make a credit not a salary even when it names the
/// employer or says SALARY: advances, reimbursements, reversals. The salary rule
/// in `rules.txt` carries the same list; a test keeps them in step.
/// Names of `merchants.txt` rows that say what kind of payee it is, not
/// who (a credit named so keeps the narration's payer, see `classify`).
const GENERIC_NAMES: &[&str] = &["Insurance", "Insurance Premium"];

pub const SALARY_EXCLUSIONS: &[&str] = &[
    "EARLYSAL*",
    "EARLY SALARY",
    "LOAN DISB*",
    "SALADV*",
    "ADVSAL*",
    "SAL ADV*",
    "SALARY ADV*",
    "ADVANCE SAL*",
    "ADV SAL*",
    "REIMB*",
    "EXPENSE CLAIM",
    "CLAIM",
    "REV",
    "REVERSAL",
    "REVERSED",
    "RETURN",
    "RTN",
    "REFUND",
    // A pension (CPPC, treasury, EPFO) is retirement income, not pay for work.
    "PENSION*",
    "PENSN",
    "CPPC",
    // So is an annuity from an insurer (LIC OF INDIA-ANNUITY JEEVAN AKSHAY), paid
    // monthly at one amount on one day like a salary.
    "ANNUITY",
    "ANNUITIES",
    // A professional's fee (a hospital's monthly PROF FEES to a consultant doctor,
    // a firm's to its CA: TDS under 194J, not payroll; a hospital's per-visit
    // CONSULTATION) is a client's payment, however regular its day and amount.
    // (Not CONSULTANCY or CONSULTING alone: Tata Consultancy Services pays salaries.)
    "CONSULTATION",
    "CONSULTATIONS",
    "PROF FEE",
    "PROF FEES",
    "PROFESSIONAL FEE*",
    "CONSULTANCY FEE*",
    "CONSULTATION FEE*",
    "CONSULTING FEE*",
];

thread_local! {
    /// The normalised narration, reused across calls on one thread.
    static NORM: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// What the classifier decided for one transaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Classification {
    /// `transaction_channel`.
    pub channel: Channel,
    /// `description`: a fixed value of [`crate::taxonomy::description`],
    /// `Transfer to NAME` / `Transfer from NAME`, or `""`.
    pub description: String,
    /// `merchant_category` ([`MerchantCategory::None`] when not a merchant).
    pub merchant_category: MerchantCategory,
    /// `clean_transaction_note`: counterparty or merchant in clean words, `""`
    /// when the narration names none.
    pub clean_note: String,
}

/// A classifier prepared for one customer: the rule tables plus the holder's
/// names, employers and own companies, normalised once.
#[derive(Clone, Debug, Default)]
pub struct Classifier {
    /// Holder name and every metadata name, as upper-case words.
    own_names: Vec<Vec<String>>,
    /// `companies_for_self_transfer`, normalised (` ACME TRADING `), without
    /// a trailing company form (CO, COMPANY, LTD, PVT, ...), so "Verma Trading
    /// Co" finds "VERMA TRADING COMPANY" and "VERMA TRADING CO LTD".
    own_companies: Vec<String>,
    /// Own names of three or more words as whole phrases, normalised: in full
    /// (` ANIL KUMAR VERMA `) and with the given names as initials
    /// (` A K VERMA `), for narrations whose counterparty is not extracted.
    own_phrases: Vec<String>,
    /// `employer_names`, normalised, in the forms banks print them.
    employers: Vec<Employer>,
}

/// One employer of the metadata, its printed forms worked out once.
#[derive(Clone, Debug, Default)]
struct Employer {
    /// Normalised (` ZENITH SOFTLABS `).
    norm: String,
    /// As the metadata writes it, to show.
    shown: String,
    /// All words but the last, as a phrase (` ZENITH `), and the last word
    /// (`SOFTLABS`): banks cut the last word short. `None` for one word.
    cut: Option<(String, String)>,
    /// Without spaces (`ZENITHSOFTLABS`), for names of two or more words and
    /// at least 8 letters, which banks also print glued.
    glued: Option<Vec<u8>>,
}

impl Employer {
    fn new(norm: String, shown: String) -> Employer {
        let words: Vec<&str> = norm.split_whitespace().collect();
        let cut = words
            .split_last()
            .filter(|(_, head)| !head.is_empty())
            .map(|(last, head)| (format!(" {} ", head.join(" ")), (*last).to_string()));
        let compact: Vec<u8> = words.concat().into_bytes();
        let glued = (words.len() >= 2 && compact.len() >= 8).then_some(compact);
        Employer { norm, shown, cut, glued }
    }

    /// True when `normalized` names this employer: whole, with its last word
    /// cut to at least four letters (` ZENITH SOFTLAB `), or glued (`glued`
    /// is `normalized` without spaces, made by the caller once).
    fn in_text(&self, normalized: &str, glued: &mut Option<Vec<u8>>) -> bool {
        if normalized.contains(self.norm.as_str()) {
            return true;
        }
        if let Some((lead, last)) = &self.cut
            && normalized.match_indices(lead.as_str()).any(|(at, _)| {
                let next = normalized[at + lead.len()..].split(' ').next().unwrap_or_default();
                next.len() >= 4 && next.len() < last.len() && last.starts_with(next)
            })
        {
            return true;
        }
        self.glued.as_ref().is_some_and(|g| {
            let text = glued.get_or_insert_with(|| normalized.bytes().filter(|b| *b != b' ').collect());
            text.windows(g.len()).any(|w| w == g.as_slice())
        })
    }
}

impl Classifier {
    /// Prepares a classifier for a customer with `metadata` whose statement
    /// names `holder_name` (either may be empty).
    pub fn new(metadata: &Metadata, holder_name: &str) -> Classifier {
        let own_names: Vec<Vec<String>> = std::iter::once(holder_name)
            .chain(metadata.names.iter().map(String::as_str))
            .map(counterparty::name_key)
            .filter(|k| !k.is_empty())
            .collect();
        let norm = |s: &String| {
            let n = matcher::normalize(s);
            (n.trim().len() >= 3).then_some(n)
        };
        let own_phrases = own_names
            .iter()
            .filter(|k: &&Vec<String>| (3..=4).contains(&k.len()))
            .flat_map(|k| {
                let last = k.len() - 1;
                let initials: Vec<String> =
                    k.iter().enumerate().map(|(i, w)| if i == last { w.clone() } else { w[..1].to_string() }).collect();
                [format!(" {} ", k.join(" ")), format!(" {} ", initials.join(" "))]
            })
            .collect();
        let company = |s: &String| {
            const FORMS: &[&str] = &["CO", "COMPANY", "LTD", "LIMITED", "PVT", "PRIVATE", "LLP", "INC", "CORP"];
            let n = matcher::normalize(s);
            let mut words: Vec<&str> = n.split_whitespace().collect();
            while words.len() > 1 && words.last().is_some_and(|w| FORMS.contains(w)) {
                words.pop();
            }
            let core = words.join(" ");
            (core.len() >= 3).then(|| format!(" {core} "))
        };
        Classifier {
            own_names,
            own_phrases,
            own_companies: metadata.companies_for_self_transfer.iter().filter_map(company).collect(),
            employers: metadata
                .employer_names
                .iter()
                .filter_map(|e| norm(e).map(|n| Employer::new(n, e.trim().to_string())))
                .collect(),
        }
    }

    /// Classifies one narration of type `kind` and magnitude `amount`.
    pub fn classify(&self, note: &str, kind: TxnType, amount: Money) -> Classification {
        NORM.with(|cell| match cell.try_borrow_mut() {
            Ok(mut norm) => self.classify_with(note, kind, amount, &mut norm),
            Err(_) => self.classify_with(note, kind, amount, &mut Vec::new()),
        })
    }

    /// The employer rule: a credit of at least [`SALARY_MIN`] by a transfer
    /// channel whose normalised narration names one of
    /// [`Metadata::employer_names`] and has no [`SALARY_EXCLUSIONS`] word is
    /// salary from that employer (returned as the metadata writes it).
    fn employer_in(&self, normalized: &str, kind: TxnType, amount: Money, channel: Channel) -> Option<&str> {
        let eligible = kind == TxnType::Credit
            && amount >= SALARY_MIN
            && matches!(
                channel,
                Channel::NetBankingTransfer
                    | Channel::Other
                    | Channel::Salary
                    | Channel::AutoCredit
                    | Channel::Chq
                    | Channel::Upi
            );
        if !eligible {
            return None;
        }
        // Whole, cut short ("ZENITH SOFTLAB") or glued ("ZENITHSOFTLABS").
        let mut glued = None;
        let employer = self.employers.iter().find(|e| e.in_text(normalized, &mut glued))?;
        (!has_salary_exclusion(normalized)).then_some(employer.shown.as_str())
    }

    /// The employer an already classified transaction (its `channel` as
    /// [`Classifier::classify`] gave it) is salary from by the employer rule,
    /// without classifying the narration again: only the narration is
    /// normalised, and only when the customer has employers and the credit is
    /// eligible.
    pub fn salary_employer(&self, note: &str, kind: TxnType, amount: Money, channel: Channel) -> Option<&str> {
        if self.employers.is_empty() || kind != TxnType::Credit || amount < SALARY_MIN {
            return None;
        }
        let check = |norm: &mut Vec<u8>| {
            matcher::normalize_into(note, norm);
            let text = std::str::from_utf8(norm).unwrap_or("");
            self.employer_in(text, kind, amount, channel)
        };
        NORM.with(|cell| match cell.try_borrow_mut() {
            Ok(mut norm) => check(&mut norm),
            Err(_) => check(&mut Vec::new()),
        })
    }

    fn classify_with(&self, note: &str, kind: TxnType, amount: Money, norm: &mut Vec<u8>) -> Classification {
        matcher::normalize_into(note, norm);
        let norm: &[u8] = norm;
        let set = rules::rule_set();
        let v = set.evaluate(norm, kind, amount);
        let mut channel = v.channel.map_or(Channel::Other, |c| c.0);
        let mut desc: Option<String> = v.description.map(|d| d.0.to_string());
        let mut category = v.category.map_or(MerchantCategory::None, |c| c.0);
        let mut clean = v.name.map(|n| n.0.to_string());
        let text = std::str::from_utf8(norm).unwrap_or("");

        // A credit named only by a generic table name (`Insurance` for "BY
        // TRANSFER-INB ABHAYA LIFE INSURANCE SEP24-": an insurer paying its
        // employee) keeps the payer's own name when the narration gives one,
        // so its salary, bonus and arrears credits are one payer.
        // Only a name of its own: "GENERAL INSURANCE" says no more.
        let generic = |w: &str| {
            ["GENERAL", "LIFE", "INSURANCE", "INS", "PREMIUM", "CO", "COMPANY", "OF"]
                .iter()
                .any(|g| w.eq_ignore_ascii_case(g))
        };
        if kind == TxnType::Credit
            && clean.as_deref().is_some_and(|c| GENERIC_NAMES.contains(&c))
            && let Some(counterparty::Party::Name(p)) = counterparty::extract(note)
            && !p.split(' ').all(generic)
        {
            clean = Some(counterparty::title_case(&p));
        }
        let party = if clean.is_none() { counterparty::extract(note) } else { None };
        // Upper-case words of the counterparty when it is a name (not a bank).
        let person = match &party {
            Some(counterparty::Party::Name(n)) => Some(n.as_str()),
            _ => None,
        };

        // Salary from the caller's employer list.
        if let Some(shown) = self.employer_in(text, kind, amount, channel) {
            channel = Channel::Salary;
            clean = Some(shown.to_string());
            desc = Some(String::new());
        }

        // A bill payment to a merchant that sells goods or travel (BillDesk as
        // a payment gateway: "NB/BILLDESK/AIR INDIA") is a gateway purchase; a
        // merchant's credit over UPI (Uber, Ajio) is a refund or cashback.
        let shop = shop_category(category);
        if shop
            && channel == Channel::BillPayment
            && kind == TxnType::Debit
            && desc.as_deref().is_none_or(str::is_empty)
        {
            channel = Channel::PaymentGatewayPurchase;
        }
        // A net-banking payment to a merchant (SBI `TO TRANSFER-INB AMAZON--`, Axis
        // `INB/<ref>/MAX LIFE INSURANCE CO. LTD./...`) goes through the bank's payment
        // gateway: a gateway purchase, not a transfer. Not a NEFT/IMPS/RTGS or a
        // third-party transfer (IFT, TPT) keyed in net banking, which name a payee.
        if channel == Channel::NetBankingTransfer
            && kind == TxnType::Debit
            && (shop || category == MerchantCategory::Insurance)
            && desc.as_deref().is_none_or(str::is_empty)
            && text.contains(" INB ")
            && !text.split(' ').any(|w| {
                matches!(w, "IFT" | "TPT" | "IMPS" | "NEFT" | "RTGS") || w.starts_with("IMPS") || w.starts_with("NEFT")
            })
        {
            channel = Channel::PaymentGatewayPurchase;
        }
        // A debit no rule placed, printed as HDFC prints a net-banking payment through a
        // gateway or to a biller: `<gateway ref>/<payee> <bank ref> <date>`.
        if matches!(channel, Channel::Other | Channel::BillPayment)
            && kind == TxnType::Debit
            && let Some(payee) = gateway_ref_payee(note)
        {
            // BillDesk's code (BILLDK...) made it a bill; anything else on the line is a gateway's.
            let biller = channel == Channel::BillPayment;
            channel = Channel::PaymentGatewayPurchase;
            // The payee glued to the gateway's code (CCACLEARTRIPPRIVATEL, TECHHATHWAYINTERNET,
            // BILLDKBESCOM): the merchant tables read what follows the code. A biller stays a
            // bill; a merchant that sells (a wallet, a shop, travel) is a gateway purchase.
            let mut billed = biller;
            if category == MerchantCategory::None {
                let bare = matcher::normalize(strip_gateway_code(payee));
                let m = set.evaluate(bare.as_bytes(), kind, amount);
                if let Some((c, _)) = m.category {
                    category = c;
                    clean = m.name.map(|n| n.0.to_string()).or(clean);
                    if desc.is_none() {
                        desc = m.description.map(|d| d.0.to_string());
                    }
                    billed = m.channel.is_some_and(|c| c.0 == Channel::BillPayment)
                        || (biller && !matches!(c, MerchantCategory::Ewallet) && !shop_category(c));
                }
            }
            if billed {
                channel = Channel::BillPayment;
            }
        }
        // Not when the credit says it pays for a service (a clinic paying a
        // doctor's CONSULT FEE, a diagnostics centre's PROFESSIONAL FEES).
        let fee = text
            .split(' ')
            .any(|w| matches!(w, "FEE" | "FEES" | "PROFESSIONAL" | "HONORARIUM") || w.starts_with("CONSULT"));
        if shop && channel == Channel::Upi && kind == TxnType::Credit && !fee {
            channel = Channel::Refund;
        }

        // A loan word between people ("hand loan", "emi 3", "loan to friend")
        // is a note, not a lender: without a named lender, a transfer to or
        // from a person keeps its "Transfer to/from" description.
        if desc.as_deref() == Some(description::LENDER_TRANSACTION)
            && clean.is_none()
            && matches!(channel, Channel::Upi | Channel::NetBankingTransfer)
            && person.is_some_and(counterparty::looks_like_person)
        {
            desc = None;
            category = MerchantCategory::None;
        }

        // Self transfers: the counterparty is the holder, or an own company.
        let transferish = matches!(
            channel,
            Channel::Upi | Channel::NetBankingTransfer | Channel::Other | Channel::Chq | Channel::SelfTransfer
        );
        if transferish && category == MerchantCategory::None && desc.as_deref() != Some(description::LENDER_TRANSACTION)
        {
            // A merchant's QR handle (paytmqr..., PhonePe's Q<digits>@ybl, BharatPe,
            // Mswipe) is a shop's, whatever short name the bank prints beside it.
            let by_name = person.is_some_and(|p| self.own_names.iter().any(|h| counterparty::same_person(p, h)))
                && !merchant_handle(text);
            let by_name = by_name || (person.is_none() && self.own_phrases.iter().any(|p| text.contains(p.as_str())));
            let by_company = self.own_companies.iter().any(|c| text.contains(c.as_str()));
            if by_name || by_company {
                channel = Channel::SelfTransfer;
                desc = Some(description::SELF_TRANSFER.to_string());
            }
        }
        if channel == Channel::SelfTransfer && desc.is_none() {
            desc = Some(description::SELF_TRANSFER.to_string());
        }

        let clean_note = match (clean, &party) {
            (Some(c), _) => c,
            (None, Some(counterparty::Party::Name(p))) => counterparty::title_case(p),
            (None, Some(counterparty::Party::Bank(b))) => b.clone(),
            (None, None) => String::new(),
        };
        let description = match desc {
            Some(d) => d,
            None => match person {
                Some(p)
                    if matches!(channel, Channel::Upi | Channel::NetBankingTransfer)
                        && category == MerchantCategory::None
                        && counterparty::looks_like_person(p) =>
                {
                    let dir = if kind == TxnType::Debit { "to" } else { "from" };
                    format!("Transfer {dir} {clean_note}")
                }
                _ => String::new(),
            },
        };
        Classification { channel, description, merchant_category: category, clean_note }
    }
}

/// True when the normalised narration carries a merchant's collection handle:
/// a Paytm, BharatPe or Mswipe QR (`PAYTMQR281...`, `BHARATPE90...`,
/// `Mswipe.140...`) or PhonePe's `Q<nine digits>@ybl` (normalised ` Q 822039996 `).
fn merchant_handle(normalized: &str) -> bool {
    let words: Vec<&str> = normalized.split(' ').collect();
    words.iter().any(|w| w.starts_with("PAYTMQR") || w.starts_with("BHARATPE") || w.starts_with("MSWIPE"))
        || words.windows(2).any(|p| p[0] == "Q" && p[1].len() >= 8 && p[1].bytes().all(|b| b.is_ascii_digit()))
}

/// Categories of merchants that sell goods, food or travel.
fn shop_category(c: MerchantCategory) -> bool {
    matches!(
        c,
        MerchantCategory::Food
            | MerchantCategory::Groceries
            | MerchantCategory::Shopping
            | MerchantCategory::OnlineShopping
            | MerchantCategory::Travel
            | MerchantCategory::Fuel
            | MerchantCategory::Entertainment
            | MerchantCategory::Medical
    )
}

/// The payee's words when `note` is HDFC's line for a net-banking payment through a payment gateway
/// or to a biller: a reference of letters and digits, a slash, the payee's words (often
/// the gateway's code glued to the merchant: `CCACLEARTRIPPRIVATEL`, `PAYUBRUHATBENGALURUM`,
/// `TECHHATHWAYINTERNET`), then the bank's reference of ten digits or more and the date
/// (`CCAGD1HKP861/CCACLEARTRIPPRIVATEL 190980141785 08/04/2019`,
/// `SHDF8619769877/BAJAJ ALLIANZ GENERA 200745290655 14/03/2020`).
fn gateway_ref_payee(note: &str) -> Option<&str> {
    let (head, rest) = note.trim().split_once('/')?;
    let head_ok = (6..=25).contains(&head.len())
        && head.bytes().all(|b| b.is_ascii_alphanumeric())
        && head.bytes().any(|b| b.is_ascii_digit());
    if !head_ok {
        return None;
    }
    let mut payee_letters = 0;
    for word in rest.split_whitespace() {
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            let end = word.as_ptr() as usize - rest.as_ptr() as usize;
            return (digits >= 10 && payee_letters >= 3).then(|| rest[..end].trim());
        }
        if word.contains('/') {
            return None;
        }
        payee_letters += word.bytes().filter(u8::is_ascii_alphabetic).count();
    }
    None
}

/// `payee` without the code a gateway glues before the merchant's name on HDFC's line
/// (CCAvenue `CCA`, PayU `PAYU`, Razorpay `RAZP`, TechProcess `TECH`, Atom `ATOM`,
/// Paytm `PAYTM`, BillDesk `BILLDK`, Citrus `CITRUS`).
fn strip_gateway_code(payee: &str) -> &str {
    const CODES: &[&str] = &["BILLDK", "CITRUS", "PAYTM", "PAYU", "RAZP", "TECH", "ATOM", "CCA"];
    CODES
        .iter()
        .find_map(|c| payee.get(..c.len()).filter(|h| h.eq_ignore_ascii_case(c)).map(|_| &payee[c.len()..]))
        .filter(|rest| rest.len() >= 3)
        .unwrap_or(payee)
}

/// True when the normalised narration has one of [`SALARY_EXCLUSIONS`].
fn has_salary_exclusion(normalized: &str) -> bool {
    use std::sync::OnceLock;
    static LITS: OnceLock<Vec<String>> = OnceLock::new();
    let lits = LITS.get_or_init(|| {
        SALARY_EXCLUSIONS
            .iter()
            .map(|t| match t.strip_suffix('*') {
                Some(p) => matcher::literal(p, matcher::Anchor::Prefix),
                None => matcher::literal(t, matcher::Anchor::Word),
            })
            .collect()
    });
    lits.iter().any(|l| normalized.contains(l.as_str()))
}

/// True when a narration has a salary exclusion word (advance, reimbursement,
/// reversal); see [`SALARY_EXCLUSIONS`].
pub fn is_salary_exclusion(note: &str) -> bool {
    let check = |norm: &mut Vec<u8>| {
        matcher::normalize_into(note, norm);
        has_salary_exclusion(std::str::from_utf8(norm).unwrap_or(""))
    };
    NORM.with(|cell| match cell.try_borrow_mut() {
        Ok(mut norm) => check(&mut norm),
        Err(_) => check(&mut Vec::new()),
    })
}

/// True when the narration names one of the lenders of `lenders.txt` or uses
/// a loan word (EMI, loan repayment, disbursal).
pub fn is_lender_narration(note: &str) -> bool {
    let norm = matcher::normalize(note);
    let v = rules::rule_set().evaluate(norm.as_bytes(), TxnType::Debit, Money::ZERO);
    let v2 = rules::rule_set().evaluate(norm.as_bytes(), TxnType::Credit, Money::ZERO);
    [v.description, v2.description].iter().flatten().any(|d| d.0 == description::LENDER_TRANSACTION)
}

/// True when an upper-case word marks an organisation (`PVT`, `LTD`,
/// `TECHNOLOGIES`, `TRADERS`, ...) rather than a person.
pub(crate) fn is_organisation_word(word: &str) -> bool {
    counterparty::is_org_word(word)
}

/// True when an upper-case word is an organisation word cut short by the
/// bank (five letters or more, the start of one: `MEDICA`, `SOLU`... not).
pub(crate) fn is_organisation_word_cut(word: &str) -> bool {
    counterparty::is_org_word_cut(word)
}

/// Classifies one narration for a customer; builds a [`Classifier`] each call,
/// so prefer [`Classifier::classify`] in loops.
pub fn classify(note: &str, kind: TxnType, amount: Money, metadata: &Metadata, holder_name: &str) -> Classification {
    Classifier::new(metadata, holder_name).classify(note, kind, amount)
}

/// Enriches one read statement in place ([`enrich`] with its holder's
/// name, so transfers to the holder's other accounts read as self
/// transfers): the intake step every surface runs between reading a
/// statement and adding it to an entity.
pub fn enrich_statement(statement: &mut Statement, metadata: &Metadata) {
    let holder = std::mem::take(&mut statement.identity.name);
    enrich(&mut statement.transactions, metadata, &holder);
    statement.identity.name = holder;
}

/// Fills `channel`, `description`, `merchant_category` and `clean_note` of
/// every transaction of one statement in place, each from its own narration.
/// Salary by regularity is an account-level decision taken once per account
/// version ([`salary::detect`] and [`salary::apply`], called by [`crate::account::AccountAnalysis`]).
pub fn enrich(transactions: &mut [Transaction], metadata: &Metadata, holder_name: &str) {
    let classifier = Classifier::new(metadata, holder_name);
    for t in transactions.iter_mut() {
        let c = classifier.classify(&t.note, t.kind, t.amount);
        t.channel = c.channel;
        t.description = c.description;
        t.merchant_category = c.merchant_category;
        t.clean_note = c.clean_note;
    }
}

#[cfg(test)]
mod tests;
