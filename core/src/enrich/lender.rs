//! Lender transactions: EMIs, loan disbursals, and bounces with lenders.
//!
//! The lenders are the table `enrich/lenders.txt` (banks' loan accounts,
//! NBFCs, housing finance companies, microfinance institutions, digital
//! lenders and BNPL providers) plus loan words without a lender name (EMI,
//! LOAN REPAYMENT, DISBURSAL). [`crate::enrich::enrich`] already gives these
//! transactions description `lender_transaction` and merchant category `loans`
//! in place; [`detect`] selects them, and the mandate debits that name no
//! creditor at all (only a UMRN and a NACH utility code) at one amount in two
//! months or more ([`unnamed_mandates`]: loan EMIs; the account stage marks
//! them with [`apply`]). Before, the account stage unmarks the credits of the
//! customer's own employer when the employer is a lender ([`employer_credits`]:
//! an NBFC's salary, incentive and reimbursement to its branch officer).

use super::is_lender_narration;
use crate::model::{SalaryHit, Transaction, TxnType};
use crate::taxonomy::Channel;
use crate::taxonomy::description;

/// Indices of the lender transactions in `transactions`, in slice order: those
/// whose description is `lender_transaction`, or, for a slice that was not
/// enriched, whose narration names a lender.
pub fn detect(transactions: &[Transaction]) -> Vec<usize> {
    let enriched = transactions.iter().any(|t| !t.clean_note.is_empty() || !t.description.is_empty());
    let unnamed = unnamed_mandates(transactions);
    transactions
        .iter()
        .enumerate()
        .filter(|(i, t)| {
            t.description == description::LENDER_TRANSACTION
                || (!enriched && is_lender_narration(&t.note))
                || unnamed.binary_search(i).is_ok()
        })
        .map(|(i, _)| i)
        .collect()
}

/// Mandate debits that name no creditor, only codes (`ACH D-
/// NACH00000000013149-HDFC7021807230034567`, `DEBIT-ACHDr UTIB70... NACH26...`:
/// a UMRN and the collector's NACH utility code), debited at the same amount
/// in two months or more: a loan EMI. Insurers, fund houses, SIP platforms
/// and card issuers collecting by mandate print their names (and are not
/// selected here); a fixed monthly mandate that prints none is, by far most
/// often, a lender's. Indices in slice order.
pub fn unnamed_mandates(transactions: &[Transaction]) -> Vec<usize> {
    let mut by_amount: std::collections::BTreeMap<i64, Vec<usize>> = std::collections::BTreeMap::new();
    for (i, t) in transactions.iter().enumerate() {
        if t.kind == TxnType::Debit
            && t.channel == Channel::AutoDebitPayment
            && t.description.is_empty()
            && t.amount.paise() >= 50_000
            && names_no_one(&t.note)
        {
            by_amount.entry(t.amount.paise()).or_default().push(i);
        }
    }
    let mut out: Vec<usize> = Vec::new();
    for members in by_amount.values() {
        let mut months: Vec<crate::model::YearMonth> =
            members.iter().filter_map(|&i| crate::model::YearMonth::of(&transactions[i].date)).collect();
        months.sort_unstable();
        months.dedup();
        if months.len() >= 2 {
            out.extend_from_slice(members);
        }
    }
    out.sort_unstable();
    out
}

/// True when every word of a mandate narration is a rail word or a code
/// (letters and digits: a UMRN, a utility code, a reference).
fn names_no_one(note: &str) -> bool {
    const RAIL: &[&str] = &[
        "ACH", "NACH", "ECS", "D", "DR", "DEBIT", "ACHDR", "NACHDR", "ECSDR", "ENACH", "MANDATE", "MAND", "UMRN",
        "INW", "TP", "AUTO", "SI", "ACHD", "NACHD",
    ];
    let mut code = false;
    for w in note.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()) {
        let up = w.to_ascii_uppercase();
        if RAIL.contains(&up.as_str()) || up.starts_with("ACHINW") || up.starts_with("NACHINW") {
            continue;
        }
        if w.chars().filter(char::is_ascii_digit).count() >= 6 {
            code = true;
            continue;
        }
        return false;
    }
    code
}

/// Marks the lender transactions that [`unnamed_mandates`] found (their
/// narration names no lender, so the classifier left them plain mandate
/// debits): description `lender_transaction`, category loans, so every
/// later surface reads them as the lender response does.
pub fn apply(transactions: &mut [Transaction], unnamed: &[usize]) {
    for &i in unnamed {
        if let Some(t) = transactions.get_mut(i) {
            t.description = description::LENDER_TRANSACTION.to_string();
            t.merchant_category = crate::taxonomy::MerchantCategory::Loans;
        }
    }
}

/// Credits from the customer's own employer that the lender table took for a
/// lender's because the employer is one (a branch officer of `BAJAJ FINANCE
/// LIMITED` or `MUTHOOT FINANCE LTD` paid his salary, incentive and conveyance
/// reimbursement by the NBFC): the salary credits themselves, and the
/// employer's other credits whose narration, without the words the employer's
/// salary lines print (rail, name), names no lender or loan any more. A loan
/// paid out to its own employee (`BAJAJ FINANCE LIMITED-LOAN DISB`) still does
/// and stays; debits (the employee's EMIs to his employer) are not looked at.
/// Indices in slice order; [`clear`] unmarks them.
pub fn employer_credits(transactions: &[Transaction], salary: &[SalaryHit]) -> Vec<usize> {
    let words = |note: &str| -> Vec<String> {
        note.split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty() && !w.bytes().any(|b| b.is_ascii_digit()))
            .map(str::to_ascii_uppercase)
            .collect()
    };
    // Each employer (clean name, upper case) and the words its salary lines print.
    let mut employers: Vec<(String, std::collections::BTreeSet<String>)> = Vec::new();
    let mut out: Vec<usize> = Vec::new();
    for hit in salary {
        let Some(t) = transactions.get(hit.index) else { continue };
        if t.description == description::LENDER_TRANSACTION {
            out.push(hit.index);
        }
        for name in [&hit.employer, &t.clean_note] {
            if name.is_empty() {
                continue;
            }
            let key = name.to_ascii_uppercase();
            match employers.iter_mut().find(|(k, _)| *k == key) {
                Some((_, set)) => set.extend(words(&t.note)),
                None => employers.push((key, words(&t.note).into_iter().collect())),
            }
        }
    }
    for (i, t) in transactions.iter().enumerate() {
        if t.kind != TxnType::Credit || t.description != description::LENDER_TRANSACTION || out.contains(&i) {
            continue;
        }
        let key = t.clean_note.to_ascii_uppercase();
        let Some((_, printed)) = employers.iter().find(|(k, _)| !key.is_empty() && *k == key) else { continue };
        let rest: Vec<String> = words(&t.note).into_iter().filter(|w| !printed.contains(w)).collect();
        if !is_lender_narration(&rest.join(" ")) {
            out.push(i);
        }
    }
    out.sort_unstable();
    out
}

/// Unmarks the employer's credits that [`employer_credits`] found: no
/// lender description, no loans category.
pub fn clear(transactions: &mut [Transaction], employer: &[usize]) {
    for &i in employer {
        if let Some(t) = transactions.get_mut(i) {
            t.description.clear();
            if t.merchant_category == crate::taxonomy::MerchantCategory::Loans {
                t.merchant_category = crate::taxonomy::MerchantCategory::None;
            }
        }
    }
}

/// Why a lender transaction ([`detect`]) is one, in words an analyst reads:
/// how the money moved and the lender the narration names.
pub fn reason(t: &Transaction) -> String {
    let lender = if t.clean_note.is_empty() { "a lender".to_string() } else { t.clean_note.clone() };
    match (t.channel, t.kind) {
        (Channel::AutoDebitPaymentBounce | Channel::InwardChequeBounce | Channel::OutwardChequeBounce, _) => {
            format!("a bounced payment to {lender}")
        }
        (Channel::AutoDebitPayment, TxnType::Debit) => {
            format!("EMI collected by mandate (NACH/ACH/ECS/SI) for {lender}")
        }
        (Channel::BankCharge, _) => format!("a charge on a loan with {lender}"),
        (_, TxnType::Debit) => format!("a repayment to {lender}, named in the narration"),
        (_, TxnType::Credit) => format!("money from {lender} (a disbursal, top-up or refund), named in the narration"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::Money;
    use chrono::NaiveDate;

    fn mandate(m: u32, note: &str, rupees: i64) -> Transaction {
        let date = NaiveDate::from_ymd_opt(2024, m, 5).and_then(|d| d.and_hms_opt(6, 0, 0)).unwrap_or_default();
        let mut t = Transaction::new(date, note, TxnType::Debit, Money::from_rupees(rupees), Money::ZERO);
        t.channel = Channel::AutoDebitPayment;
        t
    }

    #[test]
    fn lenders_cut_at_ten_characters_by_icici_imps() {
        for cut in ["QUADRILLIO", "TATA CAPIT", "HOME CREDI", "SHRIRAM FI", "HERO FINCO", "MUTHOOT FI", "LIC HOUSIN"] {
            let note = format!("MMT/IMPS/685015516967/IMPS/{cut}/STATE BANK OF INDIA");
            assert!(is_lender_narration(&note), "{note}");
        }
        // Cuts that name others too stay out (Aditya Birla Sun Life, Cholamandalam MS General).
        for cut in ["ADITYA BIR", "CHOLAMANDA"] {
            assert!(!is_lender_narration(&format!("MMT/IMPS/685015516967/IMPS/{cut}/STATE BANK OF INDIA")));
        }
    }

    #[test]
    fn microfinance_sidbi_and_bajaj_auto_credit_are_lenders() {
        for note in [
            "UPIAR/466651411932/DR/BANDHAN BANK LTD/YBL/bandhanmfi@ybl/MFI LOAN EMI",
            "UPI/P2M/375735116678/BANDHAN BANK LTD/bandhanmfi@ybl/MFI LOAN EMI",
            "ACH DR/SIDBI/SBIN7933599754119743",
            "ACH DR/BAJAJ AUTO CREDIT LI/ICIC7072190688488660",
        ] {
            assert!(is_lender_narration(note), "{note}");
        }
        // A friend's hand loan over UPI names no lender.
        assert!(!is_lender_narration("UPI/P2A/794399741689/NEHA PATEL/HAND LOAN/YES BANK"));
    }

    #[test]
    fn a_dividend_from_a_lender_is_not_a_lender_transaction() {
        // Shareholders of NBFCs are paid dividends by ACH credit: FINDIV / INTDIV.
        for note in ["ACH C- BAJAJ FINANCE LIMITED-FINDIV2024123456", "ACH C- SHRIRAM FINANCE LIMITED-INTDIV"] {
            let c = crate::enrich::classify(
                note,
                TxnType::Credit,
                Money::from_rupees(1_200),
                &crate::model::Metadata::default(),
                "",
            );
            assert_eq!(c.channel, Channel::InvestmentCashin, "{note}");
            assert_ne!(c.description, description::LENDER_TRANSACTION, "{note}");
        }
    }

    #[test]
    fn p2p_platforms_lend_to_borrowers_and_take_investors_money() {
        // The borrower's EMI by mandate and the loan paid out: a lender.
        assert!(is_lender_narration("NACH DR FAIRCENT 2474928403"));
        assert!(is_lender_narration("CR/NEFT/HDFCN092859615714/FAIRCENT ESCROW ACCOUNT/LOAN DISBURSAL"));
        // Money added to lend out through the platform: an investment.
        let c = crate::enrich::classify(
            "UPI/022830123431/DR/LENDENCLUB/lendenclub@icici/ADD FUNDS",
            TxnType::Debit,
            Money::from_rupees(10_000),
            &crate::model::Metadata::default(),
            "",
        );
        assert_eq!(c.channel, Channel::Investment);
        assert_ne!(c.description, description::LENDER_TRANSACTION);
        let emi = crate::enrich::classify(
            "DR/NACH/FAIRCENT/YESB7097599625570718",
            TxnType::Debit,
            Money::from_rupees(7_150),
            &crate::model::Metadata::default(),
            "",
        );
        assert_eq!(emi.channel, Channel::AutoDebitPayment);
        assert_eq!(emi.description, description::LENDER_TRANSACTION);
        for note in ["ACH DR FDRL7125982283492042 MUTHOOT CAPITAL SERVICES", "NACH DR PAYU FINANCE INDIA 3622943756"] {
            assert!(is_lender_narration(note), "{note}");
        }
    }

    #[test]
    fn an_nbfc_paying_its_own_employee_is_not_a_lender_to_him() {
        let md = crate::model::Metadata::default();
        let credit = |m: u32, d: u32, note: &str, rupees: i64| {
            let date = NaiveDate::from_ymd_opt(2025, m, d).and_then(|x| x.and_hms_opt(0, 0, 0)).unwrap_or_default();
            let mut t = Transaction::new(date, note, TxnType::Credit, Money::from_rupees(rupees), Money::ZERO);
            let c = crate::enrich::classify(note, TxnType::Credit, t.amount, &md, "");
            t.channel = c.channel;
            t.description = c.description;
            t.merchant_category = c.merchant_category;
            t.clean_note = c.clean_note;
            t
        };
        let mut t = vec![
            credit(3, 3, "NEFT-CITIN204523528545-BAJAJ FINANCE LIMITED-SALARY FOR FEB 2025", 27_539),
            credit(3, 20, "NEFT-UTIBN996276121744-BAJAJ FINANCE LIMITED-CONV REIMB", 2_503),
            credit(4, 1, "NEFT-PUNBN763904389937-BAJAJ FINANCE LIMITED-SALARY FOR MAR 2025", 27_539),
            credit(4, 15, "NEFT-CNRBN100622796550-BAJAJ FINANCE LIMITED-INCENTIVE Q1", 15_134),
            credit(4, 20, "NEFT-SBINN071468337508-BAJAJ FINANCE LIMITED-LOAN DISB", 75_000),
            credit(5, 2, "NEFT-RATNN903572317744-BAJAJ FINANCE LIMITED-SALARY FOR APR 2025", 27_539),
        ];
        assert_eq!(detect(&t), vec![1, 3, 4], "the table reads the employer's other credits as a lender's");
        let hits = crate::enrich::salary::detect(&t, &md);
        crate::enrich::salary::apply(&mut t, &hits);
        let employer = employer_credits(&t, &hits);
        clear(&mut t, &employer);
        // The reimbursement and the incentive are the employer's; its loan to him stays a loan.
        assert_eq!(detect(&t), vec![4]);
    }

    #[test]
    fn a_monthly_mandate_naming_no_creditor_is_an_emi() {
        let t = vec![
            mandate(1, "ACH D- NACH91444467393897-UTIB7032564822808849", 6_278),
            mandate(2, "ACH D- NACH91444467393897-UTIB7032564822808849", 6_278),
            // Once only: not a series.
            mandate(2, "NACH DR HDFC7493245961690659 NACH67031961294494", 26_200),
            // Named collectors are the classifier's to judge.
            mandate(1, "NACH-DR-TATA AIA LIFE INS-HDFC7021807230034567", 2_500),
            mandate(2, "NACH-DR-TATA AIA LIFE INS-HDFC7021807230034567", 2_500),
        ];
        assert_eq!(unnamed_mandates(&t), vec![0, 1]);
        assert_eq!(detect(&t), vec![0, 1]);
    }
}
