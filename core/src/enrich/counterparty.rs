//! Finding the counterparty's name in a narration, and writing names cleanly.
//!
//! Narrations are fields separated by `/`, `-`, `*`, `:` and the like:
//! `UPI/DR/412345678901/RAHUL SH/SBIN/rahul@oksbi/Payment`,
//! `NEFT CR-HDFC0000001-ACME TECHNOLOGIES PVT LTD-ANIL VERMA-HDFCN5202...`,
//! `BY TRANSFER-NEFT*HDFC0000001*N123456*ACME TECH*`. The counterparty is the
//! first field that, once channel words, references, IFSC codes, VPAs, bank
//! names and remarks are set aside, is made of letters only. When no field
//! qualifies, the user part of a VPA that reads as a name (`priya.singh@okaxis`)
//! is used.

/// Tokens that are never part of a counterparty name: channel words,
/// directions, banks' short codes and common UPI remarks.
const STOP: &[&str] = &[
    "A",
    "AC",
    "ACCOUNT",
    "ACH",
    "AGAINST",
    "APP",
    "APR",
    "ATM",
    "AUG",
    "AUTO",
    "AXIS",
    "BANK",
    "BARB",
    "BENEFICIARY",
    "BHIM",
    "BIL",
    "BILL",
    "BILLPAY",
    "BRANCH",
    "BRN",
    "BY",
    "CANARA",
    "CASH",
    "CHARGE",
    "CHARGES",
    "CHQ",
    "CLG",
    "CMS",
    "CNRB",
    "COLLECT",
    "CR",
    "CREDIT",
    "CTS",
    "DEBIT",
    "DEC",
    "DEP",
    "DEPOSIT",
    "DINNER",
    "DR",
    "ECS",
    "EXPENSES",
    "FAMILY",
    "FEB",
    "FOR",
    "FROM",
    "FT",
    "FUND",
    "FUNDS",
    "GIFT",
    "GOOGLE",
    "GOOGLEPAY",
    "GPAY",
    "HDFC",
    "HDFCBANK",
    "IB",
    "ICIC",
    "ICICI",
    "ICON",
    "ICONN",
    "IDFB",
    "IFT",
    "IMPS",
    "IN",
    "INB",
    "INDB",
    "INF",
    "INFT",
    "INTERNET",
    "INWARD",
    "IW",
    "JAN",
    "JUL",
    "JUN",
    "KKBK",
    "KOTAK",
    "LUNCH",
    "MAINT",
    "MAINTENANCE",
    "MAR",
    "MAY",
    "MB",
    "MISC",
    "MMT",
    "MOB",
    "MOBILE",
    "MONEY",
    "MPAY",
    "MS",
    "NA",
    "NACH",
    "NB",
    "NEFT",
    "NET",
    "NETBANKING",
    "NFS",
    "NO",
    "NOV",
    "NPCI",
    "OCT",
    "OF",
    "OK",
    "ONL",
    "OTHERS",
    "OUT",
    "OUTWARD",
    "OW",
    "P2A",
    "P2M",
    "P2P",
    "PAID",
    "PAY",
    "PAYMENT",
    "PAYTM",
    "PERSONAL",
    "PH",
    "PHONE",
    "PHONEPE",
    "POS",
    "PUNB",
    "RECEIVED",
    "REF",
    "REMARKS",
    "RENT",
    "REPAY",
    "RRN",
    "RTGS",
    "SBI",
    "SBIN",
    "SELF",
    "SENT",
    "SEP",
    "SI",
    "STATE",
    "TFR",
    "THE",
    "TO",
    "TPT",
    "TRANSFER",
    "TRANSFERRED",
    "TRF",
    "TXN",
    "UBIN",
    "UPI",
    "UPIAB",
    "UPIAR",
    "USING",
    "UTIB",
    "UTR",
    "VIA",
    "VMT",
    "YBL",
    "YESB",
    "YOU",
];

/// Words that mark an organisation rather than a person.
const ORG: &[&str] = &[
    "AGENCIES",
    "AGENCY",
    "APARTMENTS",
    "ASSOCIATES",
    "ASSOCIATION",
    "AUTO",
    "AUTOMOBILES",
    "BAKERY",
    "BANK",
    "BROKING",
    "CAFE",
    "CAPITAL",
    "CENTER",
    "CENTRE",
    "CLINIC",
    "CO",
    "COLLEGE",
    "COMPANY",
    "CONSTRUCTION",
    "CONSULTANCY",
    "CONSULTANTS",
    "CORP",
    "CORPORATION",
    "DAIRY",
    "DIAGNOSTICS",
    "ELECTRICALS",
    "ELECTRONICS",
    "ENTERPRISE",
    "ENTERPRISES",
    "EXPORTS",
    "FINANCE",
    "FINSERV",
    "FOODS",
    "FOUNDATION",
    "GARMENTS",
    "GENERAL",
    "GLOBAL",
    "HOSPITAL",
    "HOTEL",
    "HOUSING",
    "IMPORTS",
    "INDIA",
    "INDUSTRIES",
    "INFO",
    "INFOTECH",
    "INFRA",
    "INSURANCE",
    "INTERNATIONAL",
    "JEWELLERS",
    "KIRANA",
    "LABS",
    "LIMITED",
    "LLP",
    "LOGISTICS",
    "LTD",
    "MART",
    "MEDICAL",
    "MEDICALS",
    "MOTORS",
    "PHARMA",
    "PHARMACY",
    "PRIVATE",
    "PVT",
    "RESTAURANT",
    "RETAIL",
    "SALES",
    "SCHOOL",
    "SERVICES",
    "SOCIETY",
    "SOFTWARE",
    "SOLUTIONS",
    "STORE",
    "STORES",
    "SUPERMARKET",
    "SWEETS",
    "SYSTEMS",
    "TECH",
    "TECHNOLOGIES",
    "TELECOM",
    "TRADERS",
    "TRADING",
    "TRAVELS",
    "TRUST",
    "UNIVERSITY",
    "VENTURES",
    "WORKS",
];

/// Tokens kept upper-case when a name is title-cased.
const KEEP_UPPER: &[&str] = &["HUF", "LLP", "LIC", "HDFC", "ICICI", "SBI", "IDFC", "HPCL", "BPCL", "IOCL", "MF", "IT"];

/// FNV-1a: these sets are looked up for every word of every narration, and
/// the words are short, where SipHash costs more than the lookup.
#[derive(Default)]
struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 { 0xcbf2_9ce4_8422_2325 } else { self.0 };
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

type WordSet = std::collections::HashSet<&'static str, std::hash::BuildHasherDefault<Fnv>>;

fn word_set(words: &'static [&'static str]) -> WordSet {
    words.iter().copied().collect()
}

fn is_stop(token: &str) -> bool {
    static SET: std::sync::OnceLock<WordSet> = std::sync::OnceLock::new();
    token.len() <= STOP_MAX_LEN && SET.get_or_init(|| word_set(STOP)).contains(token)
}

/// Length of the longest stop word.
const STOP_MAX_LEN: usize = 11;

/// True when `token` (upper-case) marks an organisation.
pub(crate) fn is_org_word(token: &str) -> bool {
    static SET: std::sync::OnceLock<WordSet> = std::sync::OnceLock::new();
    SET.get_or_init(|| word_set(ORG)).contains(token)
}

/// True when `token` (any case) is a stop word.
fn is_stop_ci(token: &str) -> bool {
    let mut buf = [0u8; 24];
    if token.len() > buf.len() {
        return false;
    }
    let up = &mut buf[..token.len()];
    up.copy_from_slice(token.as_bytes());
    up.make_ascii_uppercase();
    std::str::from_utf8(up).is_ok_and(is_stop)
}

/// Strips channel words and remarks from both ends of a run of words and
/// upper-cases what is left; `None` when nothing that reads as a name is left.
fn trim_run(tokens: &[&str]) -> Option<Vec<String>> {
    let mut a = 0;
    let mut z = tokens.len();
    while a < z && is_stop_ci(tokens[a]) {
        a += 1;
    }
    while z > a && is_stop_ci(tokens[z - 1]) {
        z -= 1;
    }
    let run = &tokens[a..z];
    // A lone short code (`SH`, `XX`) is not a name.
    if run.is_empty() || (run.len() == 1 && run[0].len() < 3) {
        return None;
    }
    Some(run.iter().map(|t| t.to_ascii_uppercase()).collect())
}

/// The name in a VPA's user part, when it reads as one: `priya.singh@okaxis`.
fn vpa_name(field: &str) -> Option<Vec<String>> {
    let user = field.trim().split_once('@')?.0;
    let parts: Vec<&str> = user.split(['.', '_']).filter(|p| !p.is_empty()).collect();
    let ok = !parts.is_empty() && parts.iter().all(|p| p.len() >= 3 && p.bytes().all(|b| b.is_ascii_alphabetic()));
    if !ok {
        return None;
    }
    trim_run(&parts)
}

/// The first name candidate of one field: the VPA's name, or the first run of
/// alphabetic words between references (`NEFT TO RAHUL SHARMA BARBN2172...` →
/// `RAHUL SHARMA`).
fn field_name(field: &str) -> Option<Vec<String>> {
    let field = field.trim();
    if field.is_empty() {
        return None;
    }
    if field.contains('@') {
        return vpa_name(field);
    }
    let mut run: Vec<&str> = Vec::new();
    for raw in field.split(|c: char| c.is_whitespace() || c == '.' || c == ',' || c == '&' || c == '(' || c == ')') {
        if raw.is_empty() {
            continue;
        }
        if raw.bytes().all(|c| c.is_ascii_alphabetic() || c == b'\'') {
            run.push(raw);
        } else if !run.is_empty() {
            if let Some(name) = trim_run(&run) {
                return Some(name);
            }
            run.clear();
        }
    }
    trim_run(&run)
}

/// Splits a narration into fields.
fn fields(note: &str) -> impl Iterator<Item = &str> {
    note.split(['/', '-', '*', ':', '|', '\\', ';', '#', '_', '~']).flat_map(|f| f.split("  "))
}

/// Rewrites slash abbreviations standing as words so they do not split fields
/// (`M/S` → `MS`, `A/C` → `AC`), leaving `DSOUZA/CNRB` alone.
fn unslash(note: &str) -> std::borrow::Cow<'_, str> {
    const ABBR: &[&str] = &["M/S", "A/C", "I/W", "O/W"];
    let b = note.as_bytes();
    let mut hits = Vec::new();
    for i in 0..b.len().saturating_sub(2) {
        let word = [b[i].to_ascii_uppercase(), b[i + 1], b[i + 2].to_ascii_uppercase()];
        let before_ok = i == 0 || !b[i - 1].is_ascii_alphanumeric();
        let after_ok = i + 3 >= b.len() || !b[i + 3].is_ascii_alphanumeric();
        if before_ok && after_ok && ABBR.iter().any(|a| a.as_bytes() == word) {
            hits.push(i + 1);
        }
    }
    if hits.is_empty() {
        return std::borrow::Cow::Borrowed(note);
    }
    // Drop the slashes (ASCII bytes, so the rest stays valid UTF-8).
    let s: Vec<u8> = b.iter().enumerate().filter(|(i, _)| !hits.contains(i)).map(|(_, &c)| c).collect();
    std::borrow::Cow::Owned(String::from_utf8(s).unwrap_or_else(|_| note.to_string()))
}

/// The counterparty's name as upper-case words, if the narration has one:
/// the first name candidate of the fields in order.
pub(crate) fn extract(note: &str) -> Option<Vec<String>> {
    let note = unslash(note);
    fields(&note).find_map(field_name)
}

/// `RAHUL KUMAR` → `Rahul Kumar`; acronyms such as `LLP` stay upper-case.
pub(crate) fn title_case(tokens: &[String]) -> String {
    let mut out = String::new();
    for t in tokens {
        if !out.is_empty() {
            out.push(' ');
        }
        if KEEP_UPPER.contains(&t.as_str()) {
            out.push_str(t);
            continue;
        }
        let mut start = true;
        for c in t.chars() {
            if start {
                out.push(c.to_ascii_uppercase());
            } else {
                out.push(c.to_ascii_lowercase());
            }
            start = c == '\'';
        }
    }
    out
}

/// True when the words read as a person's name: one to four words, none of
/// them an organisation word.
pub(crate) fn looks_like_person(tokens: &[String]) -> bool {
    (1..=4).contains(&tokens.len()) && !tokens.iter().any(|t| is_org_word(t))
}

/// Upper-case words of a name, for matching (`Anil K. Verma` → `ANIL K VERMA`).
pub(crate) fn name_key(name: &str) -> Vec<String> {
    name.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|t| !t.is_empty())
        .map(str::to_ascii_uppercase)
        .filter(|t| !matches!(t.as_str(), "MR" | "MRS" | "MS" | "SHRI" | "SMT" | "KUM" | "DR"))
        .collect()
}

/// True when the counterparty words name the same person as `holder`: at least
/// two words, the first equal to one of the holder's words and each of the
/// others the start of a different holder word (banks truncate: `ANIL VE`).
pub(crate) fn same_person(counterparty: &[String], holder: &[String]) -> bool {
    if counterparty.len() < 2 || holder.is_empty() {
        return false;
    }
    if !holder.contains(&counterparty[0]) {
        return false;
    }
    let mut used = vec![false; holder.len()];
    if let Some(i) = holder.iter().position(|h| *h == counterparty[0]) {
        used[i] = true;
    }
    counterparty[1..].iter().all(|c| {
        let hit = holder.iter().enumerate().position(|(i, h)| !used[i] && h.starts_with(c.as_str()));
        match hit {
            Some(i) => {
                used[i] = true;
                true
            }
            None => false,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ex(s: &str) -> String {
        extract(s).map(|t| title_case(&t)).unwrap_or_default()
    }

    #[test]
    fn tables_are_sorted() {
        assert_eq!(STOP.iter().map(|w| w.len()).max(), Some(STOP_MAX_LEN));
        assert!(STOP.windows(2).all(|w| w[0] < w[1]), "STOP not sorted");
        assert!(ORG.windows(2).all(|w| w[0] < w[1]), "ORG not sorted");
    }

    #[test]
    fn finds_counterparties_in_bank_formats() {
        assert_eq!(ex("UPI/DR/412345678901/RAHUL SH/SBIN/rahul@oksbi/Payment"), "Rahul Sh");
        assert_eq!(ex("UPI-PRIYA SINGH-PRIYA.SINGH@OKAXIS-UTIB0001234-412345678901-RENT"), "Priya Singh");
        assert_eq!(
            ex("NEFT CR-HDFC0000001-ACME TECHNOLOGIES PVT LTD-ANIL VERMA-HDFCN52025031512345"),
            "Acme Technologies Pvt Ltd"
        );
        assert_eq!(ex("BY TRANSFER-NEFT*HDFC0000001*N123456789*MEERA IYER*"), "Meera Iyer");
        assert_eq!(ex("TO TRANSFER-INB RAJESH GUPTA"), "Rajesh Gupta");
        assert_eq!(ex("UPI/412345678901/DR/9876543210@ybl"), "");
        assert_eq!(ex("UPI/412345678901/Payment/sunita.rao@okicici/ICICI"), "Sunita Rao");
        assert_eq!(ex("IMPS/P2A/412345678901/M/S SHREE GANESH TRADERS"), "Shree Ganesh Traders");
        assert_eq!(ex("MMT/IMPS/412345678901/O'BRIEN DSOUZA/SBI"), "O'Brien Dsouza");
    }

    #[test]
    fn matches_holder_names() {
        let holder = name_key("Mr. Anil Kumar Verma");
        assert!(same_person(&name_key("ANIL VERMA"), &holder));
        assert!(same_person(&name_key("ANIL VE"), &holder));
        assert!(same_person(&name_key("VERMA ANIL KUMAR"), &holder));
        assert!(!same_person(&name_key("ANIL"), &holder));
        assert!(!same_person(&name_key("SUNIL VERMA"), &holder));
        assert!(!same_person(&name_key("ANIL SHARMA"), &holder));
        assert!(looks_like_person(&name_key("Rahul Sharma")));
        assert!(!looks_like_person(&name_key("Sharma General Stores")));
    }
}
