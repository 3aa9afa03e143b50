//! Bank identifiers, as data.
//!
//! Each bank has a lowercase short identifier (the interface's `bank`), the
//! four-letter IFSC prefix that names it, and the names it prints on its own
//! statements. A bank is detected from an IFSC code first (exact), then from
//! its name in the statement text.

/// One bank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bank {
    /// Lowercase identifier (`hdfc`, `sbi`, ...).
    pub id: &'static str,
    /// Name as a person writes it.
    pub name: &'static str,
    /// The first four letters of its IFSC codes.
    pub ifsc_prefix: &'static str,
    /// Upper-case names and spellings printed on its statements, most specific first.
    pub aliases: &'static [&'static str],
}

/// Every bank bankscope knows by identifier. Order matters only for name
/// detection: a longer, more specific alias is tried before a shorter one.
pub const BANKS: &[Bank] = &[
    Bank { id: "hdfc", name: "HDFC Bank", ifsc_prefix: "HDFC", aliases: &["HDFC BANK"] },
    Bank { id: "sbi", name: "State Bank of India", ifsc_prefix: "SBIN", aliases: &["STATE BANK OF INDIA"] },
    Bank { id: "icici", name: "ICICI Bank", ifsc_prefix: "ICIC", aliases: &["ICICI BANK"] },
    Bank { id: "axis", name: "Axis Bank", ifsc_prefix: "UTIB", aliases: &["AXIS BANK"] },
    Bank {
        id: "kotak",
        name: "Kotak Mahindra Bank",
        ifsc_prefix: "KKBK",
        aliases: &["KOTAK MAHINDRA BANK", "KOTAK BANK", "KOTAK"],
    },
    Bank { id: "yesbnk", name: "Yes Bank", ifsc_prefix: "YESB", aliases: &["YES BANK"] },
    Bank { id: "baroda", name: "Bank of Baroda", ifsc_prefix: "BARB", aliases: &["BANK OF BARODA"] },
    Bank { id: "pnbbnk", name: "Punjab National Bank", ifsc_prefix: "PUNB", aliases: &["PUNJAB NATIONAL BANK"] },
    Bank { id: "canara", name: "Canara Bank", ifsc_prefix: "CNRB", aliases: &["CANARA BANK"] },
    Bank { id: "ubi", name: "Union Bank of India", ifsc_prefix: "UBIN", aliases: &["UNION BANK OF INDIA"] },
    Bank { id: "idfc", name: "IDFC First Bank", ifsc_prefix: "IDFB", aliases: &["IDFC FIRST BANK", "IDFC BANK"] },
    Bank { id: "indusind", name: "IndusInd Bank", ifsc_prefix: "INDB", aliases: &["INDUSIND BANK"] },
    Bank { id: "federal", name: "Federal Bank", ifsc_prefix: "FDRL", aliases: &["THE FEDERAL BANK", "FEDERAL BANK"] },
    Bank { id: "rbl", name: "RBL Bank", ifsc_prefix: "RATN", aliases: &["RBL BANK", "RATNAKAR BANK"] },
    Bank { id: "idbi", name: "IDBI Bank", ifsc_prefix: "IBKL", aliases: &["IDBI BANK"] },
    Bank { id: "boi", name: "Bank of India", ifsc_prefix: "BKID", aliases: &["BANK OF INDIA"] },
    Bank { id: "centralbnk", name: "Central Bank of India", ifsc_prefix: "CBIN", aliases: &["CENTRAL BANK OF INDIA"] },
    Bank { id: "indianbnk", name: "Indian Bank", ifsc_prefix: "IDIB", aliases: &["INDIAN BANK"] },
    Bank { id: "iob", name: "Indian Overseas Bank", ifsc_prefix: "IOBA", aliases: &["INDIAN OVERSEAS BANK"] },
    Bank { id: "uco", name: "UCO Bank", ifsc_prefix: "UCBA", aliases: &["UCO BANK"] },
    Bank { id: "bom", name: "Bank of Maharashtra", ifsc_prefix: "MAHB", aliases: &["BANK OF MAHARASHTRA"] },
    Bank {
        id: "psb",
        name: "Punjab & Sind Bank",
        ifsc_prefix: "PSIB",
        aliases: &["PUNJAB & SIND BANK", "PUNJAB AND SIND BANK"],
    },
    Bank { id: "au", name: "AU Small Finance Bank", ifsc_prefix: "AUBL", aliases: &["AU SMALL FINANCE BANK"] },
    Bank { id: "bandhan", name: "Bandhan Bank", ifsc_prefix: "BDBL", aliases: &["BANDHAN BANK"] },
    Bank { id: "dbs", name: "DBS Bank India", ifsc_prefix: "DBSS", aliases: &["DBS BANK"] },
    Bank { id: "sib", name: "South Indian Bank", ifsc_prefix: "SIBL", aliases: &["SOUTH INDIAN BANK"] },
    Bank { id: "karur", name: "Karur Vysya Bank", ifsc_prefix: "KVBL", aliases: &["KARUR VYSYA BANK"] },
    Bank { id: "kbl", name: "Karnataka Bank", ifsc_prefix: "KARB", aliases: &["KARNATAKA BANK"] },
    Bank { id: "cub", name: "City Union Bank", ifsc_prefix: "CIUB", aliases: &["CITY UNION BANK"] },
    Bank { id: "tmb", name: "Tamilnad Mercantile Bank", ifsc_prefix: "TMBL", aliases: &["TAMILNAD MERCANTILE BANK"] },
    Bank {
        id: "saraswat",
        name: "Saraswat Co-operative Bank",
        ifsc_prefix: "SRCB",
        aliases: &["SARASWAT CO-OPERATIVE BANK", "SARASWAT BANK"],
    },
    Bank {
        id: "equitas",
        name: "Equitas Small Finance Bank",
        ifsc_prefix: "ESFB",
        aliases: &["EQUITAS SMALL FINANCE BANK"],
    },
    Bank {
        id: "ujjivan",
        name: "Ujjivan Small Finance Bank",
        ifsc_prefix: "UJVN",
        aliases: &["UJJIVAN SMALL FINANCE BANK"],
    },
    Bank {
        id: "jkbank",
        name: "Jammu & Kashmir Bank",
        ifsc_prefix: "JAKA",
        aliases: &["JAMMU & KASHMIR BANK", "J&K BANK"],
    },
    Bank { id: "sc", name: "Standard Chartered", ifsc_prefix: "SCBL", aliases: &["STANDARD CHARTERED"] },
    Bank { id: "hsbc", name: "HSBC", ifsc_prefix: "HSBC", aliases: &["HSBC"] },
    Bank { id: "citi", name: "Citibank", ifsc_prefix: "CITI", aliases: &["CITIBANK"] },
    Bank { id: "paytm", name: "Paytm Payments Bank", ifsc_prefix: "PYTM", aliases: &["PAYTM PAYMENTS BANK"] },
    Bank { id: "airtel", name: "Airtel Payments Bank", ifsc_prefix: "AIRP", aliases: &["AIRTEL PAYMENTS BANK"] },
];

/// The bank with this identifier (`"hdfc"`), case-insensitive.
pub fn by_id(id: &str) -> Option<&'static Bank> {
    BANKS.iter().find(|b| b.id.eq_ignore_ascii_case(id.trim()))
}

/// The bank an IFSC code belongs to (`HDFC0001234` → hdfc). The code must have
/// the IFSC shape: four letters, a zero, six letters or digits.
pub fn by_ifsc(ifsc: &str) -> Option<&'static Bank> {
    let code = ifsc.trim();
    if !is_ifsc(code) {
        return None;
    }
    let prefix = code.get(..4)?;
    BANKS.iter().find(|b| b.ifsc_prefix.eq_ignore_ascii_case(prefix))
}

/// Every IFSC bank code of India (RBI's four-letter bank codes) with the
/// bank's name: Razorpay's MIT-licensed dataset, see `core/data/ifsc-banks.tsv`.
const IFSC_BANKS: &str = include_str!("../data/ifsc-banks.tsv");

/// The name of the bank whose IFSC codes start with `prefix` (`COSB` →
/// "Cosmos Co-operative Bank"), for every bank of India, known to
/// [`BANKS`] or not.
pub fn ifsc_bank_name(prefix: &str) -> Option<&'static str> {
    let prefix = prefix.trim();
    if prefix.len() != 4 {
        return None;
    }
    IFSC_BANKS.lines().filter(|l| !l.starts_with('#')).find_map(|l| {
        let (code, name) = l.split_once('\t')?;
        code.eq_ignore_ascii_case(prefix).then_some(name)
    })
}

/// The bank named by a short code that is either its IFSC prefix (`HDFC`) or
/// its identifier (`sbi`), as FIP ids (`HDFC-FIP`, `SBI-FIP`) carry them.
pub fn by_ifsc_prefix_or_id(code: &str) -> Option<&'static Bank> {
    let code = code.trim();
    BANKS.iter().find(|b| b.ifsc_prefix.eq_ignore_ascii_case(code)).or_else(|| by_id(code))
}

/// True for the IFSC shape `AAAA0XXXXXX`.
pub fn is_ifsc(code: &str) -> bool {
    let b = code.as_bytes();
    b.len() == 11
        && b[..4].iter().all(u8::is_ascii_alphabetic)
        && b[4] == b'0'
        && b[5..].iter().all(u8::is_ascii_alphanumeric)
}

/// The bank whose name appears in `text` (upper-cased by the caller or not).
/// The longest matching alias wins, so "BANK OF INDIA" does not shadow
/// "CENTRAL BANK OF INDIA" or "UNION BANK OF INDIA".
pub fn by_name_in(text: &str) -> Option<&'static Bank> {
    let upper = text.to_ascii_uppercase();
    let mut best: Option<(&'static Bank, usize)> = None;
    for bank in BANKS {
        for alias in bank.aliases {
            if alias.len() > best.map_or(0, |(_, l)| l) && contains_word(&upper, alias) {
                best = Some((bank, alias.len()));
            }
        }
    }
    best.map(|(b, _)| b)
}

/// `needle` in `hay` with no letter directly before or after it.
fn contains_word(hay: &str, needle: &str) -> bool {
    let bytes = hay.as_bytes();
    let mut from = 0;
    while let Some(pos) = hay.get(from..).and_then(|h| h.find(needle)) {
        let start = from + pos;
        let end = start + needle.len();
        let before_ok = start == 0 || !bytes[start - 1].is_ascii_alphabetic();
        let after_ok = end >= bytes.len() || !bytes[end].is_ascii_alphabetic();
        if before_ok && after_ok {
            return true;
        }
        from = start + 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ifsc_prefix_names_the_bank() {
        assert_eq!(by_ifsc("HDFC0001234").map(|b| b.id), Some("hdfc"));
        assert_eq!(by_ifsc("sbin0000691").map(|b| b.id), Some("sbi"));
        assert_eq!(by_ifsc("UTIB0000123").map(|b| b.id), Some("axis"));
        assert_eq!(by_ifsc("YESB0000001").map(|b| b.id), Some("yesbnk"));
        assert_eq!(by_ifsc("PUNB0123400").map(|b| b.id), Some("pnbbnk"));
        assert_eq!(by_ifsc("HDFC1001234"), None, "fifth character must be 0");
        assert_eq!(by_ifsc("ZZZZ0001234"), None);
        assert_eq!(by_ifsc(""), None);
    }

    #[test]
    fn longest_name_wins() {
        assert_eq!(by_name_in("Union Bank of India, Andheri branch").map(|b| b.id), Some("ubi"));
        assert_eq!(by_name_in("CENTRAL BANK OF INDIA").map(|b| b.id), Some("centralbnk"));
        assert_eq!(by_name_in("Bank of India statement").map(|b| b.id), Some("boi"));
        assert_eq!(by_name_in("Welcome to HDFC Bank NetBanking").map(|b| b.id), Some("hdfc"));
        assert_eq!(by_name_in("INDIAN BANKS ASSOCIATION"), None);
    }

    #[test]
    fn ids_and_prefixes_are_unique() {
        let mut ids = std::collections::HashSet::new();
        let mut prefixes = std::collections::HashSet::new();
        for b in BANKS {
            assert!(ids.insert(b.id), "{}", b.id);
            assert!(prefixes.insert(b.ifsc_prefix), "{}", b.ifsc_prefix);
            assert_eq!(b.id, b.id.to_ascii_lowercase());
        }
        assert_eq!(by_id("HDFC").map(|b| b.ifsc_prefix), Some("HDFC"));
    }

    #[test]
    fn every_indian_bank_code_has_a_name() {
        let codes = IFSC_BANKS.lines().filter(|l| !l.starts_with('#')).count();
        assert!(codes > 1_400, "{codes}");
        assert_eq!(ifsc_bank_name("COSB"), Some("Cosmos Co-operative Bank"));
        assert_eq!(ifsc_bank_name("airp"), Some("Airtel Payments Bank"));
        assert_eq!(ifsc_bank_name("SURY"), Some("Suryoday Small Finance Bank"));
        assert_eq!(ifsc_bank_name("ZZZZ"), None);
        // Every bank bankscope names has its IFSC code in the table.
        for b in BANKS {
            assert!(ifsc_bank_name(b.ifsc_prefix).is_some(), "{} {}", b.id, b.ifsc_prefix);
        }
    }
}
