//! The words of statements: column headers and special-row labels.

use crate::layout::{ColumnKind, SpecialKind, Vocabulary};

use super::dates;

/// The vocabulary every statement layout is read with.
#[derive(Clone, Copy, Debug, Default)]
pub struct StatementVocabulary;

impl Vocabulary for StatementVocabulary {
    fn column_kind(&self, label: &str) -> Option<ColumnKind> {
        column_kind(label)
    }

    fn starts_with_date(&self, text: &str) -> bool {
        dates::looks_like_date(text)
    }

    fn special(&self, text: &str, dated: bool) -> Option<SpecialKind> {
        special(text, dated)
    }

    fn page_mark(&self, text: &str) -> bool {
        let n = normal_bilingual(text);
        page_number(&n) || continued_from(&n)
    }

    fn ends_statement(&self, text: &str) -> bool {
        let n = normal_bilingual(text);
        n.contains("END OF STATEMENT")
            || n.contains("END OF REPORT")
            || n == "STATEMENT SUMMARY"
            || n == "ACCOUNT SUMMARY"
            || (!n.chars().any(|c| c.is_ascii_digit())
                && END_TITLES.iter().any(|l| n == *l || n.strip_prefix(l).is_some_and(|rest| rest.starts_with(' '))))
    }

    fn names_unused_column(&self, label: &str) -> bool {
        // "Type" names a column only beside the one amount column (its Dr/Cr
        // mark, `layout::table`), but is a label wherever it stands.
        branch_label(label) || tokens(label) == ["TYPE"]
    }
}

/// The branch a transaction was posted at: "Branch", "Branch Code", "Br.
/// Code", "Init. Br", "SOL ID" (a column the reader does not use).
pub fn branch_label(label: &str) -> bool {
    let t = tokens(label);
    !t.is_empty()
        && t.len() <= 3
        && t.iter().all(|x| matches!(x.as_str(), "BRANCH" | "BR" | "BRN" | "CODE" | "INIT" | "SOL" | "ID" | "NAME"))
        && t.iter().any(|x| matches!(x.as_str(), "BRANCH" | "BR" | "BRN" | "SOL"))
}

/// Upper-case alphanumeric tokens of a label without its currency
/// qualifier: `"Chq./Ref.No."` → `CHQ REF NO`, `"Withdrawal (in Rs.)"` →
/// `WITHDRAWAL` (the `IN` of "in Rs." / "in INR" goes with the currency).
fn tokens(label: &str) -> Vec<String> {
    let currency = |t: &str| matches!(t, "INR" | "RS" | "RUPEES");
    // Words of other scripts go: public-sector banks print bilingual labels
    // ("तिथि / Date", "विवरण Particulars"), and Hindi glyphs often have no
    // Unicode mapping at all (U+FFFD).
    // Words a producer set apart without a space glyph are read as one
    // ("ValueDt", "DepositAmt.", "ClosingBalance": HDFC's labels drawn word
    // by word a fraction of a space apart): a lower-case letter followed by
    // a capital starts a new word.
    let all: Vec<String> = label
        .split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty() && t.is_ascii())
        .flat_map(camel_words)
        .map(|t| t.to_uppercase())
        .collect();
    let qualified = all.iter().any(|t| currency(t));
    all.into_iter().filter(|t| !(currency(t) || (qualified && t == "IN"))).collect()
}

/// A run of letters and digits cut where a lower-case letter is followed by a
/// capital ("ClosingBalance" → "Closing", "Balance"; "DEPOSIT" and "Dt" whole).
fn camel_words(run: &str) -> Vec<&str> {
    let mut words = Vec::new();
    let mut start = 0;
    let bytes = run.as_bytes();
    for i in 1..bytes.len() {
        if bytes[i - 1].is_ascii_lowercase() && bytes[i].is_ascii_uppercase() {
            words.push(&run[start..i]);
            start = i;
        }
    }
    words.push(&run[start..]);
    words
}

/// The kind of a column header label, `None` when it names none the reader knows.
pub fn column_kind(label: &str) -> Option<ColumnKind> {
    // Every label the reader knows has a letter: figures and dates name nothing.
    if !label.bytes().any(|b| b.is_ascii_alphabetic()) {
        return None;
    }
    let t = tokens(label);
    if t.is_empty() || t.len() > 6 {
        return None;
    }
    let has = |w: &str| t.iter().any(|x| x == w);
    let any = |ws: &[&str]| ws.iter().any(|w| has(w));
    let only = |ws: &[&str]| t.iter().all(|x| ws.contains(&x.as_str()));
    // "Date(Value Date)": the transaction date's column, each cell printing
    // the value date in parentheses under it (Indian Overseas Bank).
    if let Some((outside, inside)) = label.split_once('(')
        && column_kind(outside) == Some(ColumnKind::Date)
        && column_kind(inside.trim_end_matches(')')) == Some(ColumnKind::ValueDate)
    {
        return Some(ColumnKind::Date);
    }
    if only(&["VALUE", "VAL", "DATE", "DT"]) && any(&["VALUE", "VAL"]) {
        return Some(ColumnKind::ValueDate);
    }
    // "Book Date", "Entry Date": the posting date as some core-banking
    // systems name it.
    if only(&[
        "DATE",
        "DT",
        "TXN",
        "TRN",
        "TRAN",
        "TRANS",
        "TRANSACTION",
        "POST",
        "POSTED",
        "POSTING",
        "BOOKING",
        "BOOK",
        "ENTRY",
        "AND",
        "TIME",
    ]) && any(&["DATE", "DT"])
    {
        return Some(ColumnKind::Date);
    }
    if only(&[
        "NARRATION",
        "PARTICULARS",
        "DESCRIPTION",
        "REMARKS",
        "DETAILS",
        "TRANSACTION",
        "TRANSACTIONS",
        "TXN",
        "TRN",
        "TRAN",
        "OF",
        "PAYMENT",
        "TYPE",
        "AND",
        "ACCOUNT",
        "INFORMATION",
        "NARR",
        "DESC",
        "PARTICULAR",
        "PARTICULARS",
    ]) && any(&["NARRATION", "PARTICULARS", "DESCRIPTION", "REMARKS", "DETAILS", "NARR", "DESC", "PARTICULAR"])
    {
        return Some(ColumnKind::Narration);
    }
    // UK and NZ wording: "Paid out" / "Paid in", "Money out" / "Money in".
    // Ledger wording: "Payments" / "Receipts", "Amount Debited" / "Amount
    // Credited", "Lodgements"; "Debit/Credit" alone is the Dr/Cr marker.
    match t.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["PAID" | "MONEY" | "PAYMENTS", "OUT"] | ["PAYMENTS"] => return Some(ColumnKind::Debit),
        ["PAID" | "MONEY" | "PAYMENTS", "IN"] | ["LODGEMENTS"] => return Some(ColumnKind::Credit),
        ["AMOUNT" | "AMT", "DEBITED"] | ["DEBITED", "AMOUNT" | "AMT"] => return Some(ColumnKind::Debit),
        ["AMOUNT" | "AMT", "CREDITED"] | ["CREDITED", "AMOUNT" | "AMT"] => return Some(ColumnKind::Credit),
        ["DEBIT", "CREDIT"] | ["CREDIT", "DEBIT"] => return Some(ColumnKind::DrCr),
        _ => {}
    }
    // Sweep accounts (ICICI Money Multiplier and the like) print the money
    // moved to the linked deposit and back in columns of their own, beside
    // Withdrawals and Deposits: out of the balance ("Autosweep", "Sweep Out")
    // and into it ("Reverse Sweep", "Sweep In", whose IN a currency qualifier
    // would take away: read from the label itself).
    if any(&["SWEEP", "AUTOSWEEP"])
        && only(&["SWEEP", "AUTOSWEEP", "AUTO", "OUT", "IN", "REVERSE", "REV", "AMOUNT", "AMT"])
    {
        let inward = any(&["REVERSE", "REV"])
            || label.split(|c: char| !c.is_alphanumeric()).any(|w| w.eq_ignore_ascii_case("in"));
        return Some(if inward { ColumnKind::Credit } else { ColumnKind::Debit });
    }
    let refs = ["CHQ", "CHEQUE", "REF", "REFERENCE", "INSTRUMENT", "UTR", "CHQNO", "REFNO"];
    if only(&[
        "CHQ",
        "CHEQUE",
        "REF",
        "REFERENCE",
        "NO",
        "NUMBER",
        "INSTRUMENT",
        "ID",
        "UTR",
        "CHQNO",
        "REFNO",
        "DETAILS",
    ]) && any(&refs)
    {
        return Some(ColumnKind::Ref);
    }
    if only(&["TRANSACTION", "TRAN", "TXN", "TRN", "ID"]) && has("ID") && t.len() == 2 {
        return Some(ColumnKind::Ref);
    }
    if only(&["DR", "CR", "D", "C"]) && t.len() == 2 && (has("DR") || has("D")) && (has("CR") || has("C")) {
        return Some(ColumnKind::DrCr);
    }
    let amount_words = ["AMT", "AMOUNT", "AMOUNTS"];
    if only(&["BALANCE", "BAL", "CLOSING", "RUNNING", "AVAILABLE", "AMT", "AMOUNT", "DR", "CR"])
        && any(&["BALANCE", "BAL"])
    {
        return Some(ColumnKind::Balance);
    }
    // "Withdrawl Amt": the misspelling some banks print; "Withdraws": Canara's
    // (TRANS DATE, VALUE DATE, BRANCH, REF/CHQ.NO, DESCRIPTION, WITHDRAWS, DEPOSIT, BALANCE).
    let debit =
        ["WITHDRAWAL", "WITHDRAWALS", "WITHDRAWL", "WITHDRAWLS", "WITHDRAWS", "WDL", "WDLS", "DEBIT", "DEBITS", "DR"];
    if t.iter().all(|x| debit.contains(&x.as_str()) || amount_words.contains(&x.as_str())) && any(&debit) {
        return Some(ColumnKind::Debit);
    }
    // "Deposite": the misspelling co-operative banks' own report writers print.
    let credit = [
        "DEPOSIT",
        "DEPOSITS",
        "DEPOSITE",
        "DEPOSITES",
        "DEP",
        "DEPS",
        "CREDIT",
        "CREDITS",
        "CR",
        "RECEIPT",
        "RECEIPTS",
    ];
    if t.iter().all(|x| credit.contains(&x.as_str()) || amount_words.contains(&x.as_str())) && any(&credit) {
        return Some(ColumnKind::Credit);
    }
    if only(&["AMT", "AMOUNT", "TRANSACTION", "TXN", "TRAN"]) && any(&amount_words) {
        return Some(ColumnKind::Amount);
    }
    if only(&["S", "SR", "SL", "NO", "SNO", "SRNO", "SLNO", "SERIAL"]) && !only(&["NO"]) {
        return Some(ColumnKind::Serial);
    }
    None
}

/// Normalised words for label matching: upper case, punctuation other than
/// `/` turned into spaces.
fn normal(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let c = if c.is_alphanumeric() || c == '/' { c.to_ascii_uppercase() } else { ' ' };
        if c == ' ' && (out.is_empty() || out.ends_with(' ')) {
            continue;
        }
        out.push(c);
    }
    out.truncate(out.trim_end().len());
    out
}

const OPENING: &[&str] = &[
    "OPENING BALANCE",
    "OPENING BAL",
    "OPG BAL",
    "OP BAL",
    "BALANCE B/F",
    "BAL B/F",
    "B/F",
    "BROUGHT FORWARD",
    "BALANCE BROUGHT FORWARD",
    "BALANCE FORWARD",
];
const CARRIED: &[&str] = &["CARRIED FORWARD", "BALANCE CARRIED FORWARD", "BALANCE C/F", "BAL C/F", "C/F"];
const CLOSING: &[&str] = &["CLOSING BALANCE", "CLOSING BAL"];
const TOTAL: &[&str] = &["TRANSACTION TOTAL", "GRAND TOTAL", "PAGE TOTAL", "SUB TOTAL", "TOTAL", "TOTALS"];
const END: &[&str] = &["STATEMENT SUMMARY", "ACCOUNT SUMMARY", "DR COUNT", "CR COUNT", "SUMMARY"];
/// Titles of the small tables banks print after the rows, set in the rows'
/// own columns (dated lines with amounts, even balances: pending and hold
/// lines chain as debits would), and of legends: a line of words only
/// starting so ends the table.
const END_TITLES: &[&str] = &[
    "PENDING TRANSACTIONS",
    "PENDING TRANSACTION",
    "HOLD FUNDS",
    "HOLD / LIEN",
    "HOLD/LIEN",
    "LIEN DETAILS",
    "UNCLEAR FUNDS",
    "UNCLEARED FUNDS",
    "UNCLEAR BALANCE",
    "REWARD POINTS",
    "REWARDS SUMMARY",
    "LEGEND",
    "LEGENDS",
    "ABBREVIATIONS",
    "ABBREVIATIONS USED",
];
const END_ANYWHERE: &[&str] = &[
    "END OF STATEMENT",
    "COMPUTER GENERATED",
    "SYSTEM GENERATED",
    "GENERATED BY COMPUTER",
    "CONTINUED ON NEXT PAGE",
    "CONTINUED ON PAGE",
];

/// Hindi labels of special rows and footers, as public-sector and regional
/// rural banks print them alone or beside the English ones, and the English
/// label each stands for. Longer phrases first.
const HINDI: &[(&str, &str)] = &[
    ("शेष आगे ले जाया गया", "CARRIED FORWARD"),
    ("आगे ले जाया गया शेष", "CARRIED FORWARD"),
    ("आगे ले जाया गया", "CARRIED FORWARD"),
    ("आगे ले जाए", "CARRIED FORWARD"),
    ("शेष आगे लाया गया", "BROUGHT FORWARD"),
    ("आगे लाया गया शेष", "BROUGHT FORWARD"),
    ("आगे लाया गया", "BROUGHT FORWARD"),
    ("पिछला शेष", "BROUGHT FORWARD"),
    ("प्रारंभिक शेष", "OPENING BALANCE"),
    ("प्रारम्भिक शेष", "OPENING BALANCE"),
    ("आरंभिक शेष", "OPENING BALANCE"),
    ("आरम्भिक शेष", "OPENING BALANCE"),
    ("अथ शेष", "OPENING BALANCE"),
    ("अंतिम शेष", "CLOSING BALANCE"),
    ("अन्तिम शेष", "CLOSING BALANCE"),
    ("समापन शेष", "CLOSING BALANCE"),
    ("इति शेष", "CLOSING BALANCE"),
    ("कुल योग", "GRAND TOTAL"),
    ("कंप्यूटर जनित", "COMPUTER GENERATED"),
    ("कम्प्यूटर जनित", "COMPUTER GENERATED"),
    ("कंप्यूटर द्वारा", "GENERATED BY COMPUTER"),
    ("कम्प्यूटर द्वारा", "GENERATED BY COMPUTER"),
    ("हस्ताक्षर की आवश्यकता नहीं", "COMPUTER GENERATED"),
    ("विवरणी समाप्त", "END OF STATEMENT"),
    ("विवरण समाप्त", "END OF STATEMENT"),
    ("अगले पृष्ठ पर जारी", "CONTINUED ON NEXT PAGE"),
];

/// `normal` of a label, with its Hindi phrases read as their English labels
/// ("प्रारंभिक शेष / Opening Balance" → `OPENING BALANCE / OPENING BALANCE`).
fn normal_bilingual(text: &str) -> String {
    let mut n = normal(text);
    if n.is_ascii() {
        return n;
    }
    // The phrases as `normal` writes them, worked out once: this runs for
    // every line of a bilingual statement.
    static PHRASES: std::sync::LazyLock<Vec<(String, &str)>> =
        std::sync::LazyLock::new(|| HINDI.iter().map(|(hi, en)| (normal(hi), *en)).collect());
    for (h, en) in PHRASES.iter() {
        if n.contains(h.as_str()) {
            n = n.replace(h.as_str(), en);
        }
    }
    n
}

/// A special-row label (see [`Vocabulary::special`]).
pub fn special(text: &str, dated: bool) -> Option<SpecialKind> {
    let n = normal_bilingual(text);
    // Ledger style: "By Opening Balance", "To Balance C/F".
    let n = match n.strip_prefix("BY ").or_else(|| n.strip_prefix("TO ")) {
        Some(rest) if special(rest, dated).is_some() => rest.to_string(),
        _ => n,
    };
    if n.is_empty() {
        return None;
    }
    // `n` is the label, or starts with a multi-word label and a space. No
    // allocation: this runs for every line of every page.
    let starts = |labels: &[&str]| {
        labels.iter().any(|l| {
            n == *l
                || (l.contains(' ') || l.contains('/')) && n.strip_prefix(l).is_some_and(|rest| rest.starts_with(' '))
        })
    };
    let exact = |labels: &[&str]| labels.iter().any(|l| n == *l);
    // A dated row: the label alone, or a label of two words or more and more
    // words ("Opening Balance as on 01-04-2024"), never a transaction's.
    let dated_label = |labels: &[&str]| {
        exact(labels)
            || labels.iter().any(|l| l.contains(' ') && n.strip_prefix(l).is_some_and(|rest| rest.starts_with(' ')))
    };
    // A sentence that starts with a label ("*Closing balance includes funds
    // earmarked for hold and uncleared funds": HDFC's note at every page's
    // foot) is a note, not the row: three words or more after the label and
    // no figure or date anywhere.
    let prose = |labels: &[&str]| {
        !n.chars().any(|c| c.is_ascii_digit())
            && labels.iter().any(|l| {
                n.strip_prefix(l).is_some_and(|rest| {
                    rest.starts_with(' ')
                        && rest.split_whitespace().filter(|w| w.chars().all(|c| c.is_ascii_alphabetic())).count() >= 3
                })
            })
    };
    if dated {
        return if dated_label(OPENING) {
            Some(SpecialKind::Opening)
        } else if dated_label(CARRIED) {
            Some(SpecialKind::CarriedForward)
        } else if dated_label(CLOSING) {
            Some(SpecialKind::Closing)
        } else if (exact(TOTAL) && n.contains(' ')) || n == "SUBTOTAL" || sub_total(&n) {
            // "Sub Total" / "Page Total" dated like a row, with its sums (and
            // the balance) beside it: never a transaction's narration alone
            // (a bare "TOTAL" may be a merchant's).
            // A sub-total: rows may follow it.
            Some(SpecialKind::SubTotal)
        } else {
            None
        };
    }
    // "Opening Balance  Total Debits  Total Credits  Closing Balance": the
    // labels of a summary box, which ends the table.
    if starts(OPENING) && (n.contains("CLOSING BAL") || n.contains("TOTAL") || super::summary::labels_only(&n)) {
        Some(SpecialKind::End)
    } else if starts(OPENING) && !prose(OPENING) {
        Some(SpecialKind::Opening)
    } else if starts(CARRIED) && !prose(CARRIED) {
        Some(SpecialKind::CarriedForward)
    } else if starts(CLOSING) && !prose(CLOSING) {
        Some(SpecialKind::Closing)
    } else if sub_total(&n) {
        Some(SpecialKind::SubTotal)
    } else if month_heading(&n) {
        Some(SpecialKind::Heading)
    } else if starts(TOTAL) || total_of_a_column(&n) || column_total(&n) {
        Some(SpecialKind::Total)
    } else if starts(END)
        || (starts(END_TITLES) && !n.chars().any(|c| c.is_ascii_digit()))
        || END_ANYWHERE.iter().any(|l| n.contains(l))
        || page_number(&n)
        || continued_from(&n)
    {
        Some(SpecialKind::End)
    } else {
        None
    }
}

/// A month named with its year, alone: `APRIL 2024`, `MAY 24`, `MONTH JUN
/// 2024` ("Month: Jun-2024"), `FOR THE MONTH OF JULY 2024`: the sub-heading
/// some statements print where a month's rows begin.
fn month_heading(n: &str) -> bool {
    let rest = ["FOR THE MONTH OF ", "TRANSACTIONS FOR ", "MONTH ", "FOR "]
        .iter()
        .find_map(|p| n.strip_prefix(p))
        .unwrap_or(n);
    let words: Vec<&str> = rest.split([' ', '/']).filter(|w| !w.is_empty()).collect();
    let year = |w: &str| (w.len() == 4 || w.len() == 2) && w.bytes().all(|b| b.is_ascii_digit());
    matches!(words.as_slice(), [m, y] if super::dates::month(m).is_some() && year(y))
}

/// A month's sub-total between the rows: `SUB TOTAL APR 2024`, `TOTAL FOR
/// APRIL 2024`, `APRIL 2024 TOTAL`, `MONTH TOTAL`. A bare `SUB TOTAL` is a
/// page's total (at its foot) and stays a [`SpecialKind::Total`].
fn sub_total(n: &str) -> bool {
    if n == "MONTH TOTAL" || n == "MONTHLY TOTAL" {
        return true;
    }
    ["SUB TOTAL ", "SUBTOTAL ", "TOTAL FOR ", "TOTAL "].iter().any(|p| n.strip_prefix(p).is_some_and(month_heading))
        || n.strip_suffix(" TOTAL").is_some_and(month_heading)
}

/// `TOTAL WITHDRAWALS`, `TOTAL DEPOSITS 6,44,937.86`, `TOTAL DR`: a total
/// named after an amount column (Bank of India's closing summary). `TOTAL
/// ENERGIES` (a merchant) names no column.
/// Only the label and figures: `TOTAL CREDIT CARD PAYMENT` (a narration) is
/// not one.
fn total_of_a_column(n: &str) -> bool {
    let Some(rest) = n.strip_prefix("TOTAL ") else {
        return false;
    };
    let numeric = |w: &str| w.bytes().all(|b| b.is_ascii_digit());
    let label: Vec<&str> = rest.split(' ').take_while(|w| !numeric(w)).collect();
    let figures_only = rest.split(' ').skip(label.len()).all(numeric);
    figures_only
        && column_kind(&label.join(" "))
            .is_some_and(|k| matches!(k, ColumnKind::Debit | ColumnKind::Credit | ColumnKind::Amount))
}

/// `DEBIT TOTAL`, `CREDIT TOTAL 57,462.00`, `WITHDRAWALS TOTAL`: the same
/// total with the column named first, as many statements print one line per
/// column under the table. Only the label and figures.
fn column_total(n: &str) -> bool {
    let Some((label, rest)) = n.split_once(" TOTAL") else {
        return false;
    };
    let rest = rest.strip_prefix('S').unwrap_or(rest);
    (rest.is_empty() || rest.starts_with(' '))
        && rest.split(' ').filter(|w| !w.is_empty()).all(|w| w.bytes().all(|b| b.is_ascii_digit()))
        && column_kind(label).is_some_and(|k| matches!(k, ColumnKind::Debit | ColumnKind::Credit | ColumnKind::Amount))
}

/// A line saying the table continues from the page before, alone:
/// `(continued from previous page)`, `CONTD. FROM PAGE 1`.
fn continued_from(n: &str) -> bool {
    (n.starts_with("CONTINUED FROM ") || n.starts_with("CONTD FROM ")) && n.split(' ').count() <= 6
}

/// `PAGE 2`, `PAGE 2 OF 5`, `PAGE NO 2`, `2 OF 5`.
fn page_number(n: &str) -> bool {
    // Both shapes need one of these; most lines have neither (no allocation then).
    if !n.starts_with("PAGE") && !n.contains(" OF ") {
        return false;
    }
    let w: Vec<&str> = n.split(' ').collect();
    let num = |s: Option<&&str>| s.is_some_and(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()));
    match w.as_slice() {
        ["PAGE", rest @ ..] => {
            let rest: Vec<&str> = rest.iter().copied().filter(|x| *x != "NO").collect();
            num(rest.first()) && (rest.len() == 1 || (rest.len() == 3 && rest[1] == "OF" && num(rest.get(2))))
        }
        [a, "OF", b] => num(Some(a)) && num(Some(b)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ColumnKind::*;

    #[test]
    fn header_labels() {
        for (label, kind) in [
            ("Date", Date),
            ("Txn Date", Date),
            ("Tran Date", Date),
            ("Transaction Date", Date),
            ("Post Date", Date),
            ("TXN-DATE", Date),
            ("TRN DT", Date),
            ("TRN ID", Ref),
            ("DEPOSITE", Credit),
            ("WITHDRAWL", Debit),
            ("BALANCE-AMT", Balance),
            ("Value Dt", ValueDate),
            ("Value Date", ValueDate),
            ("Narration", Narration),
            ("Transaction Remarks", Narration),
            ("Particulars", Narration),
            ("Chq./Ref.No.", Ref),
            ("Ref No./Cheque No.", Ref),
            ("Cheque No/Reference No", Ref),
            ("Cheque Number", Ref),
            ("Withdrawal Amt.", Debit),
            ("Withdrawal Amount (INR )", Debit),
            ("Withdrawal (Dr)", Debit),
            ("WITHDRAWAL(DR)", Debit),
            ("Dr Amount", Debit),
            ("Withdrawals", Debit),
            ("Deposit Amt.", Credit),
            ("Deposit (Cr)", Credit),
            ("Cr Amount", Credit),
            ("Deposits", Credit),
            ("Amount(INR)", Amount),
            ("Amount(Rs.)", Amount),
            ("DR/CR", DrCr),
            ("Balance (INR )", Balance),
            ("Closing Balance", Balance),
            ("Running Balance", Balance),
            ("BALANCE(INR)", Balance),
            ("S No.", Serial),
            ("Transaction Id", Ref),
            // Bank of India (the groff trial statement): "(in Rs.)".
            ("Sl No", Serial),
            ("Withdrawal (in Rs.)", Debit),
            ("Deposits (in Rs.)", Credit),
            ("Balance (in Rs.)", Balance),
            ("Amount in INR", Amount),
            ("Paid out", Debit),
            ("Paid in", Credit),
            ("Money out", Debit),
            ("Money In", Credit),
            ("Payment type and details", Narration),
            ("Transaction type and details", Narration),
            ("Transaction details", Narration),
            ("Account Description", Narration),
            // Abbreviated labels.
            ("Narr.", Narration),
            ("Desc", Narration),
            ("Wdl Amt", Debit),
            ("Dep Amt", Credit),
            // Bilingual labels of public-sector banks.
            ("तिथि / Date", Date),
            ("विवरण Particulars", Narration),
            ("नामे Debit", Debit),
            ("जमा Credit", Credit),
            ("शेष Balance", Balance),
            ("\u{FFFD}\u{FFFD}\u{FFFD} Balance", Balance),
            ("Debit Amt", Debit),
            ("Date & Time", Date),
            // Found by the random layouts (fixtures/randlayout).
            ("Book Date", Date),
            ("Entry Date", Date),
            ("Payments", Debit),
            ("Amount Debited", Debit),
            ("Amount Credited", Credit),
            ("Lodgements", Credit),
            ("Debit/Credit", DrCr),
            // Quoted by public parsers of real statements (fixtures/realquotes).
            ("Txn Posted Date", Date),
            ("Transaction Posted Date", Date),
            ("TRANS DATE", Date),
            ("WITHDRAWS", Debit),
            ("REF/CHQ.NO", Ref),
            ("Date(Value Date)", Date),
            ("ValueDt", ValueDate),
            ("WithdrawalAmt.", Debit),
            ("DepositAmt.", Credit),
            ("ClosingBalance", Balance),
            ("TxnDate", Date),
            ("Autosweep", Debit),
            ("Reverse Sweep", Credit),
            ("Sweep In", Credit),
            ("Sweep In (INR)", Credit),
            ("Sweep Out (INR)", Debit),
            ("Auto Sweep Amount", Debit),
            ("Debit(Rs)", Debit),
            ("Balance(Rs)", Balance),
        ] {
            assert_eq!(column_kind(label), Some(kind), "{label}");
        }
        for other in ["Branch Name", "Init. Br", "Tran Type", "Name", "Statement of account"] {
            assert_eq!(column_kind(other), None, "{other}");
        }
        for branch in ["Branch Name", "Init. Br", "Branch", "Br. Code", "SOL ID"] {
            assert!(branch_label(branch), "{branch}");
        }
        for other in ["Name", "Code", "ID", "Branch Withdrawals"] {
            assert!(!branch_label(other), "{other}");
        }
    }

    #[test]
    fn hindi_special_rows_and_footers() {
        assert_eq!(special("प्रारंभिक शेष / Opening Balance", false), Some(SpecialKind::Opening));
        assert_eq!(special("प्रारंभिक शेष", false), Some(SpecialKind::Opening));
        assert_eq!(special("आगे लाया गया शेष", false), Some(SpecialKind::Opening));
        assert_eq!(special("आगे ले जाया गया शेष / C/F", false), Some(SpecialKind::CarriedForward));
        assert_eq!(special("अंतिम शेष Closing Balance", false), Some(SpecialKind::Closing));
        assert_eq!(special("अंतिम शेष", true), Some(SpecialKind::Closing));
        assert_eq!(special("यह कंप्यूटर जनित विवरणी है, हस्ताक्षर की आवश्यकता नहीं है।", false), Some(SpecialKind::End));
        assert_eq!(special("नकद जमा BY CASH", false), None);
        assert_eq!(special("ब्याज CREDIT INTEREST", true), None);
    }

    #[test]
    fn special_rows() {
        assert_eq!(special("B/F", false), Some(SpecialKind::Opening));
        // HDFC's note at every page's foot is no closing row.
        assert_eq!(special("*Closing balance includes funds earmarked for hold and uncleared funds", false), None);
        assert_eq!(special("Closing Balance as on 31-03-2024", false), Some(SpecialKind::Closing));
        assert_eq!(special("CLOSING BALANCE", false), Some(SpecialKind::Closing));
        assert_eq!(special("Opening Balance B/F", false), Some(SpecialKind::Opening));
        assert_eq!(
            special("Opening Balance Total Debits Total Credits Closing Balance", false),
            Some(SpecialKind::End)
        );
        assert_eq!(special("Opening Balance", true), Some(SpecialKind::Opening));
        assert_eq!(special("BROUGHT FORWARD", false), Some(SpecialKind::Opening));
        assert_eq!(special("CARRIED FORWARD", false), Some(SpecialKind::CarriedForward));
        assert_eq!(special("TRANSACTION TOTAL", false), Some(SpecialKind::Total));
        assert_eq!(special("Total for April 2024", false), Some(SpecialKind::SubTotal));
        assert_eq!(special("Sub Total May 2024", false), Some(SpecialKind::SubTotal));
        // Dated like a row: a total label alone, never a narration that starts so.
        assert_eq!(special("Sub Total", true), Some(SpecialKind::SubTotal));
        assert_eq!(special("SUBTOTAL", true), Some(SpecialKind::SubTotal));
        assert_eq!(special("Total for the day", true), None);
        assert_eq!(special("TOTAL ENERGIES", true), None);
        assert_eq!(special("APRIL 2024", false), Some(SpecialKind::Heading));
        assert_eq!(special("Month: May-2024", false), Some(SpecialKind::Heading));
        assert_eq!(special("SALARY APRIL 2024", false), None);
        assert_eq!(special("Total", false), Some(SpecialKind::Total));
        assert_eq!(special("TOTAL ENERGIES", false), None);
        assert_eq!(special("Total Withdrawals", false), Some(SpecialKind::Total));
        assert_eq!(special("Total Deposits 6,44,937.86", false), Some(SpecialKind::Total));
        assert_eq!(special("TOTAL DR", false), Some(SpecialKind::Total));
        assert_eq!(special("Total Withdrawal Amount", false), Some(SpecialKind::Total));
        assert_eq!(special("TOTAL CREDIT CARD PAYMENT", false), None);
        assert_eq!(special("Debit Total", false), Some(SpecialKind::Total));
        assert_eq!(special("Credit Total 57,462.00", false), Some(SpecialKind::Total));
        assert_eq!(special("Withdrawals Total : 36,909.50", false), Some(SpecialKind::Total));
        assert_eq!(special("CREDIT TOTAL ENERGIES", false), None);
        assert_eq!(special("UPI CREDIT TOTAL", false), None);
        assert_eq!(special("TOTAL DEPOSITS MADE 5", false), None);
        assert_eq!(special("TOTAL", true), None);
        assert_eq!(special("Page 2 of 5", false), Some(SpecialKind::End));
        assert_eq!(special("*** End of Statement ***", false), Some(SpecialKind::End));
        assert_eq!(special("CONTINUED ON NEXT PAGE", false), Some(SpecialKind::End));
        // Ledger style and dated labels with more words.
        assert_eq!(special("BY OPENING BALANCE", true), Some(SpecialKind::Opening));
        assert_eq!(special("To Balance C/F", false), Some(SpecialKind::CarriedForward));
        assert_eq!(special("OPENING BALANCE AS ON 01-04-2024", true), Some(SpecialKind::Opening));
        assert_eq!(special("Closing Balance as on 30/06/2024", true), Some(SpecialKind::Closing));
        assert_eq!(special("OPG BAL", true), Some(SpecialKind::Opening));
        assert_eq!(special("TO NEFT RAHUL", true), None);
        assert_eq!(special("BY CASH", true), None);
        assert_eq!(special("UPI/123/PAGE", false), None);
        // Titles of the small tables after the rows; never a row with figures.
        assert_eq!(special("Pending Transactions / Hold Funds", false), Some(SpecialKind::End));
        assert_eq!(special("Hold / Lien Details", false), Some(SpecialKind::End));
        assert_eq!(special("Unclear Funds and Lien Details", false), Some(SpecialKind::End));
        assert_eq!(special("Reward Points Earned", false), Some(SpecialKind::End));
        assert_eq!(special("REWARD POINTS REDEMPTION 500.00", false), None);
        assert_eq!(special("Legends", false), Some(SpecialKind::End));
        assert_eq!(special("Abbreviations used :", false), Some(SpecialKind::End));
        assert_eq!(special("LEGEND MOTORS PVT LTD", false), None);
        assert_eq!(special("REWARD POINTS REDEMPTION", true), None);
    }

    #[test]
    fn multi_word_labels_match_as_a_prefix_at_a_word_boundary() {
        // "OPENING BALANCE" then a space: a prefix match, on dated lines too
        // (a label of two words or more).
        assert_eq!(special("Opening Balance as on 01/04/2024", false), Some(SpecialKind::Opening));
        assert_eq!(special("Opening Balance as on 01/04/2024", true), Some(SpecialKind::Opening));
        assert_eq!(special("B/F RAHUL", true), None);
        // No space after the label: not the label.
        assert_eq!(special("OPENING BALANCES", false), None);
        // One-word labels match only whole: "TOTAL" is not a prefix label.
        assert_eq!(special("TOTAL 5 ROWS", false), None);
        assert_eq!(special("Page No 3", false), Some(SpecialKind::End));
        assert_eq!(special("2 of 5", false), Some(SpecialKind::End));
        assert_eq!(special("PAGES OF HISTORY", false), None);
    }
}
