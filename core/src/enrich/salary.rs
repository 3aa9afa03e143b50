//! Salary credits (interface 2.6).
//!
//! A credit is salary when any of these holds:
//!
//! 1. **Keyword**: the narration says SALARY / SAL / PAYROLL / STIPEND / WAGES
//!    (the salary rule of `rules.txt`) and the amount is at least
//!    [`SALARY_MIN`] (₹3,000); or
//! 2. **Employer**: the narration names one of [`Metadata::employer_names`]
//!    and the amount is at least [`SALARY_MIN`]; or
//! 3. **Regularity**, when the narration never says SALARY: the same payer
//!    (clean note) credits at least [`REGULAR_MIN`] (₹5,000) in at least
//!    three months with at most one month missing between two of them, every
//!    amount within ±20% of the stream's median, and the pay day within
//!    7 days of the usual day (counted around the month's turn, so the 30th and
//!    the 2nd are 3 days apart, and the 15th and the 16th 1 day apart: see
//!    [`day_distance`]). Months are pay periods: calendar months shifted so
//!    the usual day is mid-period (paid around the 3rd, the 6 September and
//!    1 October credits are two periods). One credit per period counts: the
//!    one nearest the median. A payer's credits are split into amount bands first (a
//!    band starts where an amount is more than 25% above the one below it),
//!    so a salary paid in two parts each month (₹1,01,362 and ₹33,788) is two
//!    streams, both salary. In a period of the stream's run (or the one next
//!    to either end) where the usual credit is missing, a credit of the payer
//!    within 14 days of the usual day between half and three times the median
//!    counts too (a bonus or increment month, or a salary paid a week late);
//!    in a period that has its credit, a second credit within ±20% of the
//!    median on the usual day counts too (arrears paid as a second month's pay).
//!    The payer must look like an employer, by one of: a company word in its
//!    name (LTD, PVT, INSURANCE, ...); an employee, batch or payout marker in
//!    the narration (EMP04320, B2405387, PAYOUT, a month tag such as MAR24);
//!    or net pay that is not a round figure (at least a third of the
//!    stream's amounts not a multiple of ₹100). A relative's or a tenant's monthly
//!    ₹9,000 or ₹9,500 is none of these, and banks cut employer names short
//!    ("ABHAYA LI", "DEVGIRI A"), so the name alone cannot decide. Bank
//!    transfers, cheques, auto-credits and unclassified credits qualify; UPI,
//!    cash, refunds, reversals, interest and self transfers do not.
//!
//!    Three checks keep customers' money and marketplaces out (measured on
//!    the narration shapes of `fixtures/entity/mined/`, where Upwork escrow
//!    payouts, a clinic's CMS collections and Razorpay settlements were taken
//!    for pay): a payer crediting more than twice a month on average
//!    ([`MAX_CREDITS_PER_MONTH`], its credits under ₹5,000 counted too: a
//!    gig platform's weekly payouts) pays for work or goods, not a salary; a
//!    credit that says SETTLEMENT / SETL / STLMT / ESCROW is a merchant's or a
//!    freelancer's receipt, one that says RENT / RENTAL / LEASE a
//!    landlord's (a company renting the holder's flat), and one that says
//!    COMMISSION / COMMN / BROKERAGE an agent's (LIC's monthly agency
//!    commission: paid per policy, not payroll); and the months with a credit within ±20% of the
//!    stream's median (on any day) must be at least two thirds of the months
//!    in which the payer credited anything ([`MIN_COVERAGE_PCT`]): a salary is
//!    paid nearly every month at nearly the same amount, a customer pays what
//!    the month's bill was. The pay periods of the stream paid within the day
//!    tolerance of the usual day, whatever their amount (a salesman's
//!    commission moves his pay by a third, not its day), must also be
//!    at least three in four of those months ([`MIN_ON_DAY_PCT`]): a salary
//!    keeps its day; a clinic's collections on the 13th, 21st, 4th, 17th,
//!    12th, 5th, 8th and 8th (five of eight months near one day) are not pay.
//!
//! Once a payer's salary is found, its credits that say BONUS, ARREARS,
//! INCENTIVE, INCREMENT or PRP are salary too (paid on their own day and
//! amount, from ₹3,000: an incentive under the ₹5,000 of rule 3 counts), and
//! so is such a credit that reads another payer but names the found payer
//! (two words or more) as whole words (`PRP FY 2024-25 BHARAT HEAVY
//! ELECTRICALS` beside `TRF FROM PAY ACCOUNT BHARAT HEAVY ELECTRICALS`),
//! and so are its other bank transfers of at least a quarter of the salary
//! (arrears or a bonus printed without a word; claims say REIMB / CLAIM and
//! never join the payer). A payer found by the keyword counts too: its
//! months printed without the word are pay (`BY TRANSFER-INB INDIAN
//! INSTITUTE OF STIPEND AUG 2024`, and `TRANSFER FROM <acct> INDIAN
//! INSTITUTE OF` two months before).
//!
//! A job change: a payer of two consecutive months at
//! a steady amount (±10%) and day, looking like an employer, that starts
//! within 62 days after the last salary found or stops within 62 days before
//! the first, at half to three times that salary; or, with a company word,
//! whose two months run to the end of the data (a new job the statement
//! shows starting).
//!
//! A single credit of a company at the salary's amount (within 2%) and usual
//! day (within 3 days), 20 to 45 days before the first salary or after the
//! last, is the employer under its old or new name (a merger renamed it).
//!
//! The company-word test also takes a last word cut by the bank at its field
//! width when it is the start (5 letters or more) of an organisation word
//! (`SRI SAI KRUPA MEDICA`, `INDUS VALLEY CONSULT`).
//!
//! On a company's, firm's, trust's or society's account ([`detect_for`] with
//! `corporate`), rule 3 and the rules after it do not apply: such an account
//! is paid by customers (a client's retainer every month), not employers.
//!
//! A credit reversed within [`REVERSAL_DAYS`] days (a debit of the same
//! amount classified as a reversal) is never salary, by any rule.
//!
//! Advances (EARLYSAL, SALADV, ADVSAL, "salary advance"), reimbursements,
//! reversals, pensions (PENSION, CPPC: retirement income, not pay for
//! work), annuities (an insurer's monthly ANNUITY) and professionals' fees
//! (PROF FEES, CONSULTATION: a client's payment) never count ([`crate::enrich::SALARY_EXCLUSIONS`]).
//!
//! **month_year** is the month the salary is for: a salary credited on or before
//! the 5th ([`PAID_IN_ARREARS_UNTIL_DAY`]) is for the month before (paid
//! 1 April → `3-2025`); later in the month it is for that month (paid
//! 28 March → `3-2025`).

use chrono::Datelike;

use super::{Classifier, SALARY_MIN, is_salary_exclusion};
use crate::group::{FastMap, counterparty_key, median};
pub use crate::model::SalaryHit;
use crate::model::{Metadata, Transaction, TxnType, YearMonth};
use crate::money::Money;
use crate::taxonomy::{Channel, description};

/// Smallest credit that counts towards a regular (keyword-less) salary.
pub const REGULAR_MIN: Money = Money::from_rupees(5_000);

/// A salary credited on or before this day of the month is for the month before.
pub const PAID_IN_ARREARS_UNTIL_DAY: u32 = 5;

/// Allowed spread of a regular salary's amounts around its median, in percent.
const AMOUNT_TOLERANCE_PCT: i64 = 20;
/// Allowed spread of a regular salary's pay day around its usual day.
const DAY_TOLERANCE: i64 = 7;
/// Months a regular salary needs.
const MIN_MONTHS: usize = 3;
/// An amount band ends where the next amount is more than this many percent
/// above the band's last.
const BAND_GAP_PCT: i64 = 25;
/// A payer crediting more than this many times a month on average is not an
/// employer (a salary is one credit, or two when paid in parts). Its credits
/// below [`REGULAR_MIN`] count too (down to [`RATE_MIN`]): a gig platform's
/// weekly payouts of ₹3,000 to ₹7,000 leave one or two a month above ₹5,000,
/// which alone look like pay.
const MAX_CREDITS_PER_MONTH: usize = 2;
/// Smallest credit counted in a payer's credits per month.
const RATE_MIN: Money = Money::from_rupees(500);
/// Months with a credit near a stream's amount, in percent of the months in
/// which its payer credited at all.
const MIN_COVERAGE_PCT: usize = 66;
/// Share (percent) of the months in which a payer credited anything that a
/// regular salary's stream (on its usual day) must cover.
const MIN_ON_DAY_PCT: usize = 75;
/// A credit reversed (same amount, channel reversal) within this many days
/// was never paid.
pub const REVERSAL_DAYS: i64 = 7;

/// The month a salary credited on `date` is for; `None` for a date outside
/// the years 0 to 9999 (or in January of year 0, paid for the month before).
pub fn salary_month(date: chrono::NaiveDateTime) -> Option<YearMonth> {
    let m = YearMonth::of(&date)?;
    if date.day() <= PAID_IN_ARREARS_UNTIL_DAY { m.pred() } else { Some(m) }
}

/// Marks an account's salary credits (`hits`, from [`detect`] on the same
/// slice) in place: each gets channel `salary`, loses a "Transfer from"
/// description, and takes the employer as its clean note, so every later
/// surface (transactions, recurring sets, categories, the monthly figures)
/// sees the same values.
pub fn apply(transactions: &mut [Transaction], hits: &[SalaryHit]) {
    for hit in hits {
        if let Some(t) = transactions.get_mut(hit.index) {
            t.channel = Channel::Salary;
            if t.description.starts_with("Transfer ") {
                t.description.clear();
            }
            if hit.employer != t.clean_note && !hit.employer.is_empty() {
                t.clean_note.clone_from(&hit.employer);
            }
        }
    }
}

/// True when [`apply`] would change any of `transactions`.
pub fn apply_needed(transactions: &[Transaction], hits: &[SalaryHit]) -> bool {
    hits.iter().any(|hit| {
        transactions.get(hit.index).is_some_and(|t| {
            t.channel != Channel::Salary
                || t.description.starts_with("Transfer ")
                || (hit.employer != t.clean_note && !hit.employer.is_empty())
        })
    })
}

/// Salary credits among `transactions` (one account's, or an entity's), in
/// slice order. Reads `channel` and `clean_note` when the slice is enriched;
/// classifies the narrations itself when it is not.
pub fn detect(transactions: &[Transaction], metadata: &Metadata) -> Vec<SalaryHit> {
    detect_for(transactions, metadata, false)
}

/// [`detect`] for an account whose holder is a company, firm, trust or
/// society when `corporate`: such an account is paid by customers, not
/// employers, so the regularity rule (3) is not applied (a client's retainer
/// every month on the 5th is a receipt); a credit that says salary still is.
pub fn detect_for(transactions: &[Transaction], metadata: &Metadata, corporate: bool) -> Vec<SalaryHit> {
    let enriched = transactions.iter().any(|t| t.channel != Channel::Other || !t.clean_note.is_empty());
    let classifier = Classifier::new(metadata, "");
    let mut is_salary = vec![false; transactions.len()];
    // The employer of each hit, by index: keyword and employer hits, and (for
    // a slice that is not enriched) the classified payer of regular members.
    // Regular members of an enriched slice take their clean note at the end,
    // so no string is kept per transaction.
    let mut employer: FastMap<usize, String> = FastMap::default();
    // Why each hit is salary, in words an analyst reads (hits only).
    let mut reason: FastMap<usize, String> = FastMap::default();
    let reversed = reversed_credits(transactions, enriched);

    // 1 and 2: keyword and employer names.
    // An enriched transaction already has the keyword rule's channel; only the
    // employer rule is checked again (the metadata may have changed since).
    for (i, t) in transactions.iter().enumerate() {
        if t.kind != TxnType::Credit || t.amount < SALARY_MIN || reversed[i] {
            continue;
        }
        let found = if !enriched {
            let c = classifier.classify(&t.note, t.kind, t.amount);
            (c.channel == Channel::Salary).then_some((c.clean_note, "the narration says salary or names an employer"))
        } else if t.channel == Channel::Salary {
            Some((t.clean_note.clone(), "the narration says salary"))
        } else {
            classifier
                .salary_employer(&t.note, t.kind, t.amount, t.channel)
                .map(|name| (name.to_string(), "the narration names an employer of the customer's metadata"))
        };
        if let Some((name, why)) = found
            && !is_salary_exclusion(&t.note)
        {
            is_salary[i] = true;
            employer.insert(i, name);
            reason.insert(i, format!("{why}, at least ₹{}", SALARY_MIN.to_indian_string()));
        }
    }

    // 3: regularity, grouped by payer. The grouping key and the organisation
    // test depend on the clean note only: worked out once per distinct note.
    let mut payer_of_note: FastMap<String, Option<usize>> = FastMap::default();
    let mut payers: FastMap<String, usize> = FastMap::default();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    // Per group: the payer's name has a company word.
    let mut organisation: Vec<bool> = Vec::new();
    // Per group: the payer's credits below REGULAR_MIN (they count in its
    // credits per month only).
    let mut smaller: Vec<Vec<usize>> = Vec::new();
    for (i, t) in transactions.iter().enumerate() {
        if corporate || is_salary[i] || t.kind != TxnType::Credit || t.amount < RATE_MIN || reversed[i] {
            continue;
        }
        let classified;
        let (channel, clean, desc) = if enriched {
            (t.channel, t.clean_note.as_str(), t.description.as_str())
        } else {
            classified = classifier.classify(&t.note, t.kind, t.amount);
            (classified.channel, classified.clean_note.as_str(), classified.description.as_str())
        };
        let channel_ok =
            matches!(channel, Channel::NetBankingTransfer | Channel::Chq | Channel::AutoCredit | Channel::Other);
        if !channel_ok || desc == description::LENDER_TRANSACTION || clean.is_empty() {
            continue;
        }
        let payer = match payer_of_note.get(clean) {
            Some(&p) => p,
            None => {
                let key = counterparty_key(clean);
                if key.is_empty() {
                    payer_of_note.insert(clean.to_string(), None);
                    continue;
                }
                // A company word, or the last word cut from one at the bank's
                // field width (`SRI SAI KRUPA MEDICA`).
                let org = key.split(' ').any(super::is_organisation_word)
                    || key.rsplit(' ').next().is_some_and(super::is_organisation_word_cut);
                let next = groups.len();
                let p = *payers.entry(key).or_insert(next);
                if p == next {
                    groups.push(Vec::new());
                    smaller.push(Vec::new());
                    organisation.push(org);
                }
                payer_of_note.insert(clean.to_string(), Some(p));
                Some(p)
            }
        };
        let Some(payer) = payer else { continue };
        if is_salary_exclusion(&t.note) || is_receipt(&t.note) {
            continue;
        }
        if t.amount < REGULAR_MIN {
            smaller[payer].push(i);
            continue;
        }
        if !enriched {
            employer.insert(i, clean.to_string());
        }
        groups[payer].push(i);
    }
    // A payer cut at different widths on different rails (ICICI's IMPS prints
    // 10 characters, NEFT 20: `PAYU PAYME` and `PAYU PAYMENTS PVT LT`) is one
    // payer: a key of two words or more and 8 characters or more that begins
    // another joins its group.
    let (smaller, _) = merge_truncated_payers(&payers, smaller, organisation.clone());
    let (groups, organisation) = merge_truncated_payers(&payers, groups, organisation);
    // The payers of the keyword and employer hits (their counterparty keys
    // and amounts): a payer's credits without the word are its pay too
    // (`BY TRANSFER-INB INDIAN INSTITUTE OF STIPEND AUG 2024` and, two months
    // before, `BY TRANSFER-TRANSFER FROM 41716096563 INDIAN INSTITUTE OF`).
    let keyword_payers: Vec<(String, Money)> = (0..transactions.len())
        .filter(|&i| is_salary[i])
        .filter_map(|i| {
            let name = employer.get(&i).map_or(transactions[i].clean_note.as_str(), String::as_str);
            let key = counterparty_key(name);
            (!key.is_empty()).then(|| (key, transactions[i].amount))
        })
        .collect();
    for (g, members) in groups.iter().enumerate() {
        let months = |ix: &[usize]| {
            let mut m: Vec<YearMonth> = ix.iter().filter_map(|&i| YearMonth::of(&transactions[i].date)).collect();
            m.sort_unstable();
            m.dedup();
            m.len()
        };
        let small = smaller.get(g).map_or(&[][..], Vec::as_slice);
        let all: Vec<usize> = members.iter().chain(small).copied().collect();
        if all.len() > MAX_CREDITS_PER_MONTH * months(&all) {
            continue;
        }
        for stream in amount_bands(transactions, members) {
            let (regular, on_day) = regular_members(transactions, &stream, members);
            if !regular.is_empty() {
                // Months with a credit of the payer near the stream's amount
                // (whatever its day), against every month the payer credited.
                let med = median(regular.iter().map(|&i| transactions[i].amount)).paise();
                let near: Vec<usize> = members
                    .iter()
                    .copied()
                    .filter(|&i| (transactions[i].amount.paise() - med).abs() * 100 <= med * AMOUNT_TOLERANCE_PCT)
                    .collect();
                if 100 * months(&near) < MIN_COVERAGE_PCT * months(members) {
                    continue;
                }
                // The months paid on the usual day, against every month the
                // payer credited: a salary keeps its day; a customer pays
                // whenever (a clinic's CMS collections on the 13th, 21st, 4th,
                // 17th, 12th and then by chance on the 5th, 8th and 8th).
                if 100 * on_day < MIN_ON_DAY_PCT * months(members) {
                    continue;
                }
            }
            let looks_like = if organisation.get(g).copied().unwrap_or(false) {
                Some("a company name")
            } else if regular.iter().any(|&i| has_employer_marker(&transactions[i].note)) {
                Some("employee, batch, payout or month markers")
            } else if 3 * regular.iter().filter(|&&i| transactions[i].amount.paise() % 10_000 != 0).count()
                >= regular.len()
            {
                Some("net pay that is not a round figure")
            } else {
                None
            };
            let Some(looks_like) = looks_like else { continue };
            let Some(&first) = regular.first() else { continue };
            let why = format!(
                "regular pay: {} monthly credits from {} around ₹{} on the usual day; an employer by {looks_like}",
                regular.len(),
                employer.get(&first).map_or(transactions[first].clean_note.as_str(), String::as_str),
                median(regular.iter().map(|&i| transactions[i].amount)).to_indian_string(),
            );
            for i in regular {
                is_salary[i] = true;
                reason.insert(i, why.clone());
            }
        }
        // The employer's bonus, arrears or incentive paid as a credit of its
        // own ("...SURAKSHA GENERAL INS*BONUS-") is pay too, and so is any
        // other bank transfer of at least a quarter of the salary from the
        // payer whose salary was found (arrears or a bonus the bank prints
        // without a word: an employer pays its employee nothing else but
        // claims, which say REIMB / CLAIM and never join the group).
        let mut paid: Vec<i64> =
            members.iter().filter(|&&i| is_salary[i]).map(|&i| transactions[i].amount.paise()).collect();
        if paid.is_empty() && !keyword_payers.is_empty() {
            let key_of = |i: usize| {
                counterparty_key(employer.get(&i).map_or(transactions[i].clean_note.as_str(), String::as_str))
            };
            // The same payer by its whole key, however short (a brand the
            // merchant table names: `Swiggy` for BUNDL TECHNOLOGIES paying its
            // own staff `SAL MAR25` some months and nothing in others); one cut
            // at another width only by keys of two words and 8 characters or more.
            let long = |k: &str| k.len() >= 8 && k.contains(' ');
            if let Some(&first) = members.first() {
                let key = key_of(first);
                paid = keyword_payers
                    .iter()
                    .filter(|(k, _)| {
                        *k == key
                            || (long(k) && long(&key) && (k.starts_with(key.as_str()) || key.starts_with(k.as_str())))
                    })
                    .map(|(_, a)| a.paise())
                    .collect();
            }
        }
        if !paid.is_empty() {
            let med = median(paid.iter().map(|&p| Money::from_paise(p))).paise();
            // The payer's credits under REGULAR_MIN too, when they say what
            // they are (a staffing company's ₹4,901 INCENTIVE beside its pay).
            let small = smaller.get(g).map_or(&[][..], Vec::as_slice);
            for &i in small {
                if !is_salary[i] && transactions[i].amount >= SALARY_MIN && names_extra_pay(&transactions[i].note) {
                    is_salary[i] = true;
                    reason.insert(i, "bonus, arrears or incentive from a payer whose salary was found".to_string());
                }
            }
            for &i in members {
                if is_salary[i] {
                    continue;
                }
                if names_extra_pay(&transactions[i].note) {
                    is_salary[i] = true;
                    reason.insert(i, "bonus, arrears or incentive from a payer whose salary was found".to_string());
                } else if 4 * transactions[i].amount.paise() >= med {
                    is_salary[i] = true;
                    reason.insert(
                        i,
                        "another transfer, a quarter of the salary or more, from a payer whose salary was found"
                            .to_string(),
                    );
                }
            }
        }
    }
    // A job change: a new payer that starts paying within two months of the
    // last salary of the old one (or an old one that stopped within two
    // months of the first salary of the new one), two months running at a steady amount and
    // day, and looks like an employer (the same tests as rule 3). Three months
    // are too many to ask of a statement that shows the change.
    // Twice: a stream this finds (a new job's two months) is the neighbour of
    // another (the old name's last month).
    for _ in 0..2 {
        successor_streams(transactions, &groups, &organisation, &mut is_salary, &mut reason);
    }
    named_extra_pay(transactions, &employer, &reversed, enriched, &classifier, &mut is_salary, &mut reason);

    transactions
        .iter()
        .enumerate()
        .filter(|(i, _)| is_salary[*i])
        .filter_map(|(i, t)| {
            let name = employer.remove(&i).unwrap_or_else(|| t.clean_note.clone());
            let reason = reason.remove(&i).unwrap_or_default();
            Some(SalaryHit { index: i, month_year: salary_month(t.date)?, employer: name, reason })
        })
        .collect()
}

/// The job-change rule of [`detect`]: groups (payers) not yet salary whose
/// credits form a two-month stream (consecutive months, within ±10% of each
/// other, pay days within [`DAY_TOLERANCE`]) that begins after the last salary
/// credit found or ends before the first, within 62 days of it (the new or
/// the old employer), at half to three times the salary's median, and whose
/// payer looks like an employer.
fn successor_streams(
    transactions: &[Transaction],
    groups: &[Vec<usize>],
    organisation: &[bool],
    is_salary: &mut [bool],
    reason: &mut FastMap<usize, String>,
) {
    // The last salary credit found so far, and the salary's median (none
    // found: the new-job rule alone can apply).
    let hits: Vec<usize> = (0..transactions.len()).filter(|&i| is_salary[i]).collect();
    let last = hits.iter().map(|&i| transactions[i].date).max();
    let first_hit = hits.iter().map(|&i| transactions[i].date).min();
    let med = if hits.is_empty() { 0 } else { median(hits.iter().map(|&i| transactions[i].amount)).paise() };
    let data_end = transactions.iter().map(|t| t.date).max();
    for (g, members) in groups.iter().enumerate() {
        if members.is_empty() || members.iter().any(|&i| is_salary[i]) || members.len() > MAX_CREDITS_PER_MONTH * 2 {
            continue;
        }
        // One credit at the salary's amount (within 2%) and usual day, in the
        // month before the first salary or after the last: the employer
        // under its old or new name (a merger renames it mid-statement).
        if let ([only], Some(first), Some(last)) = (members.as_slice(), first_hit, last) {
            let t = &transactions[*only];
            let next_to = |a: chrono::NaiveDateTime, b: chrono::NaiveDateTime| (20..=45).contains(&(b - a).num_days());
            let usual = hits.first().map(|&i| day_offset(transactions[i].date)).unwrap_or(0);
            let same_amount = (t.amount.paise() - med).abs() * 50 <= med;
            let org = organisation.get(g).copied().unwrap_or(false);
            if org
                && same_amount
                && day_distance(day_offset(t.date), usual) <= 3
                && (next_to(t.date, first) || next_to(last, t.date))
            {
                is_salary[*only] = true;
                reason.insert(
                    *only,
                    "the salary's amount and day from a company in the month next to it (the employer renamed)"
                        .to_string(),
                );
            }
            continue;
        }
        // Two credits of consecutive months at a steady amount and day.
        let mut pair = None;
        for w in members.windows(2) {
            let (a, b) = (&transactions[w[0]], &transactions[w[1]]);
            let (Some(ma), Some(mb)) = (YearMonth::of(&a.date), YearMonth::of(&b.date)) else { continue };
            let (pa, pb) = (a.amount.paise(), b.amount.paise());
            if mb.months_since(ma) == 1
                && (pa - pb).abs() * 10 <= pa.max(pb)
                && day_distance(day_offset(a.date), day_offset(b.date)) <= DAY_TOLERANCE
            {
                pair = Some((w[0], w[1]));
                break;
            }
        }
        let Some((first, second)) = pair else { continue };
        let start = transactions[first].date;
        let amount = transactions[first].amount.paise();
        let end = transactions[second].date;
        let follows = last.is_some_and(|last| last < start && (start - last).num_days() <= 62)
            || first_hit.is_some_and(|first_hit| end < first_hit && (first_hit - end).num_days() <= 62);
        let follows = follows && 2 * amount >= med && amount <= 3 * med;
        // Or a new employer's first two months at the end of the data: a
        // company pays the same amount on the same day two months running
        // up to the statement's last month (a job the statement shows
        // starting; three months are not there yet).
        let at_end =
            data_end.is_some_and(|e| (e - end).num_days() <= 45) && organisation.get(g).copied().unwrap_or(false);
        let follows = follows || at_end;
        if !follows {
            continue;
        }
        let pair = [first, second];
        let employer_like = organisation.get(g).copied().unwrap_or(false)
            || pair.iter().any(|&i| has_employer_marker(&transactions[i].note))
            || pair.iter().any(|&i| transactions[i].amount.paise() % 10_000 != 0);
        if !employer_like {
            continue;
        }
        for i in pair {
            is_salary[i] = true;
            reason.insert(
                i,
                "a new employer's pay, two months running, from where the old employer's salary stopped (a job change)"
                    .to_string(),
            );
        }
    }
}

/// Credits reversed within [`REVERSAL_DAYS`]: a later debit of the same
/// amount that is a reversal (its channel, or for a slice that is not
/// enriched, its narration).
fn reversed_credits(transactions: &[Transaction], enriched: bool) -> Vec<bool> {
    let mut out = vec![false; transactions.len()];
    // "REV-NEFT CR ...", "RTN NEFT IN/...": the bank's own return of a credit.
    let says_return = |note: &str| {
        let first = note.split(|c: char| !c.is_ascii_alphanumeric()).find(|w| !w.is_empty()).unwrap_or_default();
        ["REV", "RTN", "RETURN", "REVERSAL", "REVERSED"].iter().any(|w| first.eq_ignore_ascii_case(w))
    };
    let is_reversal = |t: &Transaction| (enriched && t.channel == Channel::Reversal) || says_return(&t.note);
    // The reversal debits' dates by amount: one pass, then a lookup per credit
    // (reversals are few; a scan of every debit per credit was quadratic).
    let mut reversals: FastMap<Money, Vec<chrono::NaiveDateTime>> = FastMap::default();
    for d in transactions.iter().filter(|d| d.kind == TxnType::Debit && is_reversal(d)) {
        reversals.entry(d.amount).or_default().push(d.date);
    }
    if reversals.is_empty() {
        return out;
    }
    for (i, t) in transactions.iter().enumerate() {
        if t.kind != TxnType::Credit {
            continue;
        }
        out[i] = reversals
            .get(&t.amount)
            .is_some_and(|dates| dates.iter().any(|&d| (0..=REVERSAL_DAYS).contains(&(d - t.date).num_days())));
    }
    out
}

/// Groups of payers whose keys are the same name cut at different widths,
/// merged (members in slice order; a merged group is an organisation when any
/// of its parts is).
fn merge_truncated_payers(
    payers: &FastMap<String, usize>,
    groups: Vec<Vec<usize>>,
    organisation: Vec<bool>,
) -> (Vec<Vec<usize>>, Vec<bool>) {
    let mut root: Vec<usize> = (0..groups.len()).collect();
    fn find(root: &mut [usize], mut g: usize) -> usize {
        while root[g] != g {
            root[g] = root[root[g]];
            g = root[g];
        }
        g
    }
    let keys: Vec<(&str, usize)> = payers.iter().map(|(k, &g)| (k.as_str(), g)).collect();
    for &(short, gs) in &keys {
        if short.len() < 8 || !short.contains(' ') {
            continue;
        }
        for &(long, gl) in &keys {
            if long.len() > short.len() && long.starts_with(short) {
                let (a, b) = (find(&mut root, gs), find(&mut root, gl));
                root[a.max(b)] = a.min(b);
            }
        }
    }
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut org: Vec<bool> = Vec::new();
    let mut index: FastMap<usize, usize> = FastMap::default();
    for (g, members) in groups.iter().enumerate() {
        let r = find(&mut root, g);
        let k = *index.entry(r).or_insert_with(|| {
            out.push(Vec::new());
            org.push(false);
            out.len() - 1
        });
        out[k].extend_from_slice(members);
        org[k] |= organisation.get(g).copied().unwrap_or(false);
    }
    for members in &mut out {
        members.sort_unstable();
    }
    (out, org)
}

/// A merchant's or a freelancer's receipt: SETTLEMENT, SETL, STLMT, ESCROW
/// (`NEFT/.../RAZORPAY SOFTWARE PVT LTD/.../SETTLEMENT`, `...*Upwork Escrow In--`);
/// or a landlord's: RENT, RENTAL, LEASE (a company renting the holder's flat
/// pays the same sum on the same day every month, and says so); or an agent's:
/// COMMISSION, COMMN, BROKERAGE (an insurance agent's `LIC OF INDIA AGENCY
/// COMMISSION` every month, a fund distributor's brokerage: paid per policy or
/// sale, TDS under 194D / 194H, not payroll). Not an employee's
/// full-and-final settlement (FNF / FULL AND FINAL / F&F). Not COMM alone: it
/// also cuts COMMISSIONER (`PAY BILL DY COMM OF POLICE`), a government payer.
fn is_receipt(note: &str) -> bool {
    let up = note.to_ascii_uppercase();
    // An employee's full-and-final settlement (FNF SETTLEMENT, FULL AND FINAL
    // SETTLEMENT, F&F SETTLEMENT) is the employer's last pay, not a receipt.
    let words: Vec<&str> = up.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
    if words.contains(&"FNF")
        || words.windows(3).any(|w| w == ["FULL", "AND", "FINAL"] || w == ["F", "AND", "F"])
        || words.windows(2).any(|w| w == ["FULL", "FINAL"] || w == ["F", "F"])
    {
        return false;
    }
    up.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| {
        w.starts_with("SETTL")
            || w.starts_with("SETL")
            || w.starts_with("STLMT")
            || w == "ESCROW"
            || w == "RENT"
            || w == "RENTAL"
            || w == "LEASE"
            || w == "COMMISSION"
            || w == "COMMN"
            || w == "BROKERAGE"
    })
}

/// BONUS, ARREARS, INCENTIVE or INCREMENT (as banks cut them: "INCREMENT AR")
/// in a narration, or a public sector's PRP (performance related pay; not PLI,
/// which is also Postal Life Insurance).
fn names_extra_pay(note: &str) -> bool {
    note.to_ascii_uppercase().split(|c: char| !c.is_ascii_alphanumeric()).any(|w| {
        w == "BONUS" || w.starts_with("ARREAR") || w == "INCENTIVE" || w == "INCREMENT" || w == "EXGRATIA" || w == "PRP"
    })
}

/// A bonus, arrears or performance pay printed without a rail, its words
/// before the employer's name (`PRP FY 2024-25 BHARAT HEAVY ELECTRICALS`,
/// `DA ARREAR BHARAT HEAVY ELECTRICALS 644122`), reads a payer of its own
/// (`Prp Fy`): a credit of at least [`SALARY_MIN`] that says so
/// ([`names_extra_pay`]) and names, as whole words, the payer (two words or
/// more, 8 letters or more) of a salary already found is salary too.
fn named_extra_pay(
    transactions: &[Transaction],
    employer: &FastMap<usize, String>,
    reversed: &[bool],
    enriched: bool,
    classifier: &Classifier,
    is_salary: &mut [bool],
    reason: &mut FastMap<usize, String>,
) {
    let mut keys: Vec<String> = (0..transactions.len())
        .filter(|&i| is_salary[i])
        .filter_map(|i| {
            let key = counterparty_key(employer.get(&i).map_or(transactions[i].clean_note.as_str(), String::as_str));
            (key.len() >= 8 && key.contains(' ')).then(|| format!(" {key} "))
        })
        .collect();
    keys.sort_unstable();
    keys.dedup();
    if keys.is_empty() {
        return;
    }
    for (i, t) in transactions.iter().enumerate() {
        if is_salary[i]
            || t.kind != TxnType::Credit
            || t.amount < SALARY_MIN
            || reversed[i]
            || !names_extra_pay(&t.note)
        {
            continue;
        }
        if is_salary_exclusion(&t.note) || is_receipt(&t.note) {
            continue;
        }
        let channel = if enriched { t.channel } else { classifier.classify(&t.note, t.kind, t.amount).channel };
        if !matches!(channel, Channel::NetBankingTransfer | Channel::Chq | Channel::AutoCredit | Channel::Other) {
            continue;
        }
        let words = format!(" {} ", counterparty_key(&t.note));
        if let Some(key) = keys.iter().find(|k| words.contains(k.as_str())) {
            is_salary[i] = true;
            reason.insert(i, format!("bonus, arrears or performance pay naming the employer {}", key.trim()));
        }
    }
}

/// An employee code, payroll batch, payout or pay-month tag in a narration:
/// `EMP04320`, `B2405387`, `PAYOUT`, `MAR24` / `NOV-24`.
fn has_employer_marker(note: &str) -> bool {
    const MONTHS: [&str; 12] = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
    let up = note.to_ascii_uppercase();
    let tokens: Vec<&str> = up.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
    tokens.iter().enumerate().any(|(k, w)| {
        let digits_after =
            |p: &str| w.strip_prefix(p).is_some_and(|d| d.len() >= 3 && d.bytes().all(|b| b.is_ascii_digit()));
        let month_tag = MONTHS.iter().any(|m| {
            w.strip_prefix(m).is_some_and(|y| matches!(y.len(), 2 | 4) && y.bytes().all(|b| b.is_ascii_digit()))
                || (*w == *m
                    && tokens.get(k + 1).is_some_and(|y| y.len() == 2 && y.bytes().all(|b| b.is_ascii_digit())))
        });
        *w == "PAYOUT"
            || digits_after("EMP")
            || (w.len() >= 7 && w.starts_with('B') && w[1..].bytes().all(|b| b.is_ascii_digit()))
            || month_tag
    })
}

/// A payer's credits split into bands of similar amount (ascending): a band
/// ends where the next amount is more than [`BAND_GAP_PCT`] above the last.
fn amount_bands(transactions: &[Transaction], members: &[usize]) -> Vec<Vec<usize>> {
    let mut sorted = members.to_vec();
    sorted.sort_by_key(|&i| transactions[i].amount);
    let mut bands: Vec<Vec<usize>> = Vec::new();
    let mut last: Option<i64> = None;
    for i in sorted {
        let a = transactions[i].amount.paise();
        match (last, bands.last_mut()) {
            (Some(prev), Some(band)) if a * 100 <= prev * (100 + BAND_GAP_PCT) => band.push(i),
            _ => bands.push(vec![i]),
        }
        last = Some(a);
    }
    // Slice order inside each band.
    for b in &mut bands {
        b.sort_unstable();
    }
    bands
}

/// Signed day relative to the turn of the month: the 2nd is 2, the last day
/// of the month is -1, the 30th of a 31-day month is -2.
/// Days between two pay days given as [`day_offset`]s, around the month (to
/// within a day where the offsets wrap, as a month has 28 to 31 days): the
/// 15th (offset 15) and the 16th (offset -15 or -16) are a day apart, not 30.
/// Mid-month pay days straddle the point where the offsets wrap; measured in
/// a straight line, a salary paid on the 15th, 16th and 17th by turns (Zenlogic
/// and Devgiri ACH credits, Sahyadri transfers of `fixtures/entity/`) was two
/// half-streams, and the months after the wrap were lost.
fn day_distance(a: i64, b: i64) -> i64 {
    let d = (a - b).abs();
    d.min(31 - d).max(0)
}

fn day_offset(date: chrono::NaiveDateTime) -> i64 {
    let d = i64::from(date.day());
    let days = YearMonth::of(&date).map_or(31, YearMonth::days_in_month);
    if d <= 15 { d } else { d - i64::from(days) - 1 }
}

/// The members of one amount band of a payer's credits that form a regular
/// monthly salary, with the fill months from all of the payer's credits
/// (`all_members`), or nothing; and the number of pay periods of the
/// stream paid on the usual day (within the day tolerance, whatever the
/// amount: variable pay keeps its day).
fn regular_members(transactions: &[Transaction], members: &[usize], all_members: &[usize]) -> (Vec<usize>, usize) {
    if members.len() < MIN_MONTHS {
        return (Vec::new(), 0);
    }
    let med = median(members.iter().map(|&i| transactions[i].amount)).paise();
    let tol = med * AMOUNT_TOLERANCE_PCT / 100;
    let near: Vec<usize> =
        members.iter().copied().filter(|&i| (transactions[i].amount.paise() - med).abs() <= tol).collect();
    if near.len() < MIN_MONTHS {
        return (Vec::new(), 0);
    }
    let mut offsets: Vec<i64> = near.iter().map(|&i| day_offset(transactions[i].date)).collect();
    let mid = offsets.len() / 2;
    // The middle value of the sorted offsets, without sorting them all.
    let usual = *offsets.select_nth_unstable(mid).1;
    // The pay period of a credit: the calendar month of its date moved so
    // that the usual day falls mid-month. A window of days around the usual
    // day is then one period, whatever the usual day: paid around the 3rd,
    // the 6 September and 1 October credits are September's and October's
    // (by salary month both were September's, and one of a split salary's
    // parts was lost; so were months paid on the 5th then the 4th).
    let period = |d: chrono::NaiveDateTime| YearMonth::of(&(d + chrono::Duration::days(15 - usual)));
    // One per pay period: the one nearest the median amount.
    let mut by_month: std::collections::BTreeMap<YearMonth, usize> = std::collections::BTreeMap::new();
    for &i in &near {
        let t = &transactions[i];
        if day_distance(day_offset(t.date), usual) > DAY_TOLERANCE {
            continue;
        }
        let Some(m) = period(t.date) else { continue };
        let better = by_month
            .get(&m)
            .is_none_or(|&j| (t.amount.paise() - med).abs() < (transactions[j].amount.paise() - med).abs());
        if better {
            by_month.insert(m, i);
        }
    }
    // The longest run of months with gaps of at most one missing month.
    let months: Vec<(YearMonth, usize)> = by_month.into_iter().collect();
    let mut best: &[(YearMonth, usize)] = &[];
    let mut start = 0;
    for k in 1..=months.len() {
        let breaks = k == months.len() || months[k].0.months_since(months[k - 1].0) > 2;
        if breaks {
            if k - start > best.len() {
                best = &months[start..k];
            }
            start = k;
        }
    }
    if best.len() < MIN_MONTHS {
        return (Vec::new(), 0);
    }
    let mut out: Vec<usize> = best.iter().map(|&(_, i)| i).collect();
    // A period of the run, or the one just before or after it, without its
    // usual credit: the payer's credit at half to three times the median
    // within twice the day tolerance (a bonus or increment month, or a month
    // paid a week late: the 5th for a salary of the 28th).
    // And in a period of the run that has its credit, a second credit of the
    // payer near the median on the usual day (arrears paid as a second
    // month's pay three days later).
    if let (Some(&(first, _)), Some(&(last, _))) = (best.first(), best.last()) {
        let taken: std::collections::BTreeSet<YearMonth> = best.iter().map(|&(m, _)| m).collect();
        let mut filled: std::collections::BTreeSet<YearMonth> = std::collections::BTreeSet::new();
        let mut by_distance: Vec<usize> = all_members.iter().copied().filter(|i| !out.contains(i)).collect();
        by_distance.sort_by_key(|&i| (day_distance(day_offset(transactions[i].date), usual), i));
        for i in by_distance {
            let t = &transactions[i];
            let Some(m) = period(t.date) else { continue };
            let a = t.amount.paise();
            let days = day_distance(day_offset(t.date), usual);
            if m.months_since(first) < -1 || last.months_since(m) < -1 {
                continue;
            }
            let fills = !taken.contains(&m)
                && !filled.contains(&m)
                && 2 * a >= med
                && a <= 3 * med
                && days <= 2 * DAY_TOLERANCE;
            let repeats = taken.contains(&m) && (a - med).abs() <= tol && days <= DAY_TOLERANCE;
            if fills || repeats {
                filled.insert(m);
                out.push(i);
            }
        }
    }
    out.sort_unstable();
    // The pay periods of the stream (its run and the months filled in) paid
    // within the day tolerance of the usual day: a salesman's pay that moves
    // by a third with his commission keeps its day, a clinic's collections
    // do not.
    let on_day: std::collections::BTreeSet<YearMonth> = out
        .iter()
        .filter(|&&i| day_distance(day_offset(transactions[i].date), usual) <= DAY_TOLERANCE)
        .filter_map(|&i| period(transactions[i].date))
        .collect();
    (out, on_day.len().max(best.len()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn at(y: i32, m: u32, d: u32) -> chrono::NaiveDateTime {
        NaiveDate::from_ymd_opt(y, m, d).and_then(|d| d.and_hms_opt(0, 0, 0)).unwrap_or_default()
    }

    #[test]
    fn salary_month_rule() {
        // Paid on or before the 5th: for the month before (1 Apr → March;
        // 5 Jan → December of the year before). After the 5th: that month.
        assert_eq!(salary_month(at(2025, 4, 1)), YearMonth::new(2025, 3));
        assert_eq!(salary_month(at(2025, 1, 5)), YearMonth::new(2024, 12));
        assert_eq!(salary_month(at(2025, 1, 6)), YearMonth::new(2025, 1));
        assert_eq!(salary_month(at(2025, 3, 28)), YearMonth::new(2025, 3));
        assert_eq!(salary_month(at(10_000, 3, 28)), None);
    }

    fn credit(y: i32, m: u32, d: u32, note: &str, rupees: f64) -> Transaction {
        let paise = (rupees * 100.0).round() as i64;
        Transaction::new(at(y, m, d), note, TxnType::Credit, Money::from_paise(paise), Money::ZERO)
    }

    fn debit(y: i32, m: u32, d: u32, note: &str, rupees: f64) -> Transaction {
        let paise = (rupees * 100.0).round() as i64;
        Transaction::new(at(y, m, d), note, TxnType::Debit, Money::from_paise(paise), Money::ZERO)
    }

    fn found(t: &[Transaction]) -> Vec<usize> {
        detect(t, &Metadata::default()).into_iter().map(|h| h.index).collect()
    }

    #[test]
    fn weekly_payouts_and_a_pension_are_not_salary() {
        // A platform's weekly payouts: in each month one or two above ₹5,000
        // near one day and amount, the others below; four credits a month.
        let mut t = Vec::new();
        for m in 1..=5 {
            for (d, r) in [(2, 4_100.5), (9, 6_520.25), (16, 3_180.75), (23, 4_620.1)] {
                t.push(credit(2025, m, d, "IMPS:071857182455:ROPPEN TRANSPORTATIO:PAYOUT", r + f64::from(m)));
            }
        }
        assert!(found(&t).is_empty());
        // A pension on the 1st, worded or cut (`TREASURY PENSION OFF`).
        let p: Vec<Transaction> =
            (1..=5).map(|m| credit(2025, m, 1, "FT CR 04234238551249 TREASURY PENSION OFF", 21_845.0)).collect();
        assert!(found(&p).is_empty());
    }

    #[test]
    fn an_agents_monthly_commission_is_not_salary() {
        // LIC pays its agent every month, near one day, amounts in one band.
        let t: Vec<Transaction> =
            [(3, 10, 25_569.29), (4, 15, 22_104.14), (5, 11, 25_430.62), (6, 15, 24_072.94), (7, 15, 25_011.65)]
                .iter()
                .map(|&(m, d, r)| credit(2025, m, d, "NEFT IN HSBCN591103180135 LIC OF INDIA AGENCY COMMISSION", r))
                .collect();
        assert!(found(&t).is_empty());
    }

    #[test]
    fn a_brands_own_staff_paid_with_and_without_a_salary_word() {
        // The merchant table names BUNDL TECHNOLOGIES `Swiggy`: a short key. Its
        // staff's pay says SAL some months and nothing in others; the months
        // without the word are the same payer's pay.
        let mut t = Vec::new();
        for (m, d) in [(1, 31), (2, 28), (3, 28), (4, 29), (5, 30), (6, 30), (7, 31), (8, 29)] {
            let memo = if matches!(m, 3 | 4 | 5 | 7) { "/SAL MAR25" } else { "" };
            t.push(credit(
                2025,
                m,
                d,
                &format!("CR/NEFT/PUNBN51120896308{m}/BUNDL TECHNOLOGIES PVT LTD{memo}"),
                97_046.23,
            ));
        }
        let enriched: Vec<Transaction> = t
            .into_iter()
            .map(|mut x| {
                let c = crate::enrich::classify(&x.note, x.kind, x.amount, &Metadata::default(), "");
                x.channel = c.channel;
                x.description = c.description;
                x.merchant_category = c.merchant_category;
                x.clean_note = c.clean_note;
                x
            })
            .collect();
        assert_eq!(detect(&enriched, &Metadata::default()).len(), 8);
    }

    #[test]
    fn an_employer_cut_short_with_net_pay_is_salary_a_round_monthly_transfer_is_not() {
        // "ABHAYA LI" (Abhaya Life Insurance, cut by the bank): no company
        // word, but net pay that is not a round figure.
        let t: Vec<Transaction> = (1..=5)
            .map(|m| credit(2024, m, 28, "NEFT IN/KKBKN24030921217/ABHAYA LI/X", 136_650.0 - f64::from(m) * 3.0))
            .collect();
        assert_eq!(found(&t), vec![0, 1, 2, 3, 4]);
        // A relative's ₹9,500 every month, same rail and day: not salary.
        let t: Vec<Transaction> =
            (1..=5).map(|m| credit(2024, m, 5, "IMPS CR 494500830278 GURPREET JOSHI", 9_500.0)).collect();
        assert!(found(&t).is_empty());
        // The same round amount with an employee code in the narration is.
        let t: Vec<Transaction> = (1..=5)
            .map(|m| credit(2024, m, 15, "TRF/829048530383012/SAHYADRI STEEL AND W/EMP38386", 116_500.0))
            .collect();
        assert_eq!(found(&t).len(), 5);
    }

    #[test]
    fn a_salary_in_two_parts_a_bonus_month_and_a_reversed_credit() {
        let mut t = Vec::new();
        for m in 1..=4 {
            t.push(credit(2024, m, 1, "NEFT CR-ICIC0980682-ORBIT SYSTEMS LTD-X", 101_362.0));
            t.push(credit(2024, m, 3, "NEFT CR-INDB0022768-ORBIT SYSTEMS LTD-Y", 33_788.0));
        }
        // Both parts of every month.
        assert_eq!(found(&t), (0..8).collect::<Vec<_>>());
        // May pays a bonus month in one credit, 1.4 times the usual part.
        t.push(credit(2024, 5, 2, "NEFT CR-ICIC0980682-ORBIT SYSTEMS LTD-Z", 141_907.0));
        assert!(found(&t).contains(&8));
        // A credit returned two days later was never paid; the re-credit is.
        t.push(credit(2024, 6, 1, "NEFT CR-UTIBN24344841786-ORBIT SYSTEMS LTD-W", 101_362.0));
        t.push(debit(2024, 6, 3, "RTN NEFT CR-UTIBN24344841786-ORBIT SYSTEMS LTD-W", 101_362.0));
        t.push(credit(2024, 6, 4, "NEFT CR-DEUTN24347075107-ORBIT SYSTEMS LTD-V", 101_362.0));
        let hits = found(&t);
        assert!(!hits.contains(&9) && hits.contains(&11), "{hits:?}");
        // The employer's annual bonus on a day and amount of its own.
        t.push(credit(2024, 3, 20, "NEFT/SCBLN24232507217/ORBIT SYSTEMS LTD/ANNUAL BONUS", 291_000.0));
        // A relative's gift of the same size is not.
        t.push(credit(2024, 3, 21, "NEFT/SCBLN24232507218/RAJESH GUPTA/BONUS", 291_000.0));
        let hits = found(&t);
        assert!(hits.contains(&12) && !hits.contains(&13), "{hits:?}");
    }

    #[test]
    fn arrears_from_the_payer_a_job_change_and_a_company_account() {
        // Three months of pay from a company without a salary word, then an
        // unworded arrears credit from it on another day: all four are pay.
        let mut t: Vec<Transaction> =
            (1..=3).map(|m| credit(2024, m, 28, "NEFT-IN-UTIBN4973-VIHAAN SOFTWARE SOLU", 86_412.0)).collect();
        t.push(credit(2024, 2, 15, "NEFT-IN-UTIBN4974-VIHAAN SOFTWARE SOLU", 23_700.0));
        assert_eq!(found(&t), vec![0, 1, 2, 3]);
        // The new employer's first two months, a month after the old one's
        // last salary: a job change.
        t.push(credit(2024, 5, 7, "IMPS/CR/8836886/GREENLEAF FOODS PRIVATE L", 95_333.0));
        t.push(credit(2024, 6, 7, "IMPS/CR/8836887/GREENLEAF FOODS PRIVATE L", 95_333.0));
        assert_eq!(found(&t), vec![0, 1, 2, 3, 4, 5]);
        // A tenant's rent two months running after it is not (a person, round).
        t.push(credit(2024, 5, 3, "IMPS/CR/1234567/NEHA BANERJEE/RENT", 20_000.0));
        t.push(credit(2024, 6, 3, "IMPS/CR/1234568/NEHA BANERJEE/RENT", 20_000.0));
        assert_eq!(found(&t), vec![0, 1, 2, 3, 4, 5]);
        // A company renting the holder's flat: the same sum every month, RENT.
        let rent: Vec<Transaction> =
            (1..=4).map(|m| credit(2024, m, 5, "NEFT-IN-UTIBN4975-ORBIT LOGISTICS PVT LTD-RENT", 45_000.0)).collect();
        assert!(found(&rent).is_empty());
        // On a company's account the same monthly credits are receipts.
        assert!(detect_for(&t, &Metadata::default(), true).is_empty());
    }

    #[test]
    fn variable_pay_on_its_day_and_a_renamed_employer() {
        // A salesman's pay moves by a third with his commission, on the last day.
        let pay = [125_472.55, 90_404.53, 129_456.75, 115_576.98, 108_796.95, 157_605.07];
        let t: Vec<Transaction> = pay
            .iter()
            .zip(4..)
            .map(|(&a, m)| credit(2024, m, 28, "NEFT/DEUTN30791/KALPATARU INFRASTRUCTURE PROJE/DEUTSCHE BANK", a))
            .collect();
        assert_eq!(found(&t), (0..6).collect::<Vec<_>>());
        // The employer's last month under its old name, then two under the new one.
        let t = vec![
            credit(2024, 8, 1, "IMPS/CR/386054735475/ASHWA LOGISTICS PRIVATE LIMITE", 165_000.0),
            credit(2024, 8, 30, "IMPS/CR/337128072913/ASHWA SUPPLY CHAIN LIMITED", 165_000.0),
            credit(2024, 9, 30, "IMPS/CR/510521238745/ASHWA SUPPLY CHAIN LIMITED", 165_000.0),
        ];
        assert_eq!(found(&t), vec![0, 1, 2]);
    }

    #[test]
    fn performance_pay_arrears_and_small_incentives_of_a_found_employer() {
        // A PSU's pay by transfer from its pay account (found by regularity),
        // its performance pay and DA arrear printed without a rail, the
        // words before the employer's name: salary by the name.
        let mut t: Vec<Transaction> = (1..=4)
            .map(|m| credit(2025, m, 27, "TRF FROM PAY ACCOUNT BHARAT HEAVY ELECTRICALS 335945", 118_857.78))
            .collect();
        t.push(credit(2025, 2, 20, "PRP FY 2024-25 BHARAT HEAVY ELECTRICALS", 165_400.04));
        t.push(credit(2025, 3, 12, "DA ARREAR BHARAT HEAVY ELECTRICALS 644122", 42_187.0));
        // Another payer's PRP is not the holder's pay.
        t.push(credit(2025, 3, 14, "PRP FY 2024-25 STEEL AUTHORITY OF INDIA", 65_000.0));
        assert_eq!(found(&t), vec![0, 1, 2, 3, 4, 5]);
        // A staffing company's ₹4,901 incentive beside the pay that says SALARY.
        let mut t: Vec<Transaction> = (4..=7)
            .map(|m| credit(2025, m, 2, "NEFT inward QUESS CORP LIMITED SBINN584685905817 SALARY", 23_480.39))
            .collect();
        t.push(credit(2025, 7, 18, "NEFT inward QUESS CORP LIMITED KKBKN836292734538 INCENTIVE AIRTEL", 4_901.0));
        assert_eq!(found(&t), vec![0, 1, 2, 3, 4]);
        // A hospital's monthly professional fee to a consultant is no pay.
        let t: Vec<Transaction> = (3..=8)
            .map(|m| credit(2025, m, 7, "NEFT/CR/ICICN355466736803/MANIPAL HOSPITALS PVT LTD/PROF FEES", 94_500.0))
            .collect();
        assert!(found(&t).is_empty());
    }

    #[test]
    fn day_offsets_wrap_at_month_end() {
        assert_eq!(day_offset(at(2025, 3, 31)), -1);
        assert_eq!(day_offset(at(2025, 4, 30)), -1);
        assert_eq!(day_offset(at(2025, 4, 2)), 2);
        assert_eq!(day_offset(at(2025, 2, 28)), -1);
        assert_eq!(day_distance(day_offset(at(2025, 4, 15)), day_offset(at(2025, 4, 16))), 1);
        // Across the wrap the distance is within a day of the calendar's (offsets count from 31).
        assert!((1..=2).contains(&day_distance(day_offset(at(2025, 3, 15)), day_offset(at(2025, 3, 17)))));
        assert_eq!(day_distance(day_offset(at(2025, 3, 31)), day_offset(at(2025, 4, 2))), 3);
    }
}
