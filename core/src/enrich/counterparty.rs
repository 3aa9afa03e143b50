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
    "ALLOWANCE",
    "ALLOWANCES",
    "AND",
    "APP",
    "APR",
    "ATM",
    "ATTN",
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
    "CHEQUE",
    "CHQ",
    "CLEARING",
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
    "ESCROW",
    "EXPENSES",
    "FAMILY",
    "FBB",
    "FEB",
    "FOR",
    "FROM",
    "FT",
    "FTB",
    "FTO",
    "FUND",
    "FUNDS",
    "FY",
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
    "IFI",
    "IFO",
    "IFT",
    "IMPS",
    "IMPSAB",
    "IMPSTXN",
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
    "MICR",
    "MISC",
    "MISS",
    "MMT",
    "MOB",
    "MOBFT",
    "MOBILE",
    "MONEY",
    "MPAY",
    "MR",
    "MRS",
    "MS",
    "NA",
    "NACH",
    "NB",
    "NEFT",
    // HDFC's squeezed heads: NEFTCR-<IFSC>-<NAME>, NEFTDR-<IFSC>-<NAME>; PNB's inward RTGS NRTGS/<UTR>/<NAME>.
    "NEFTCR",
    "NEFTDR",
    "NET",
    "NETBANKING",
    "NFS",
    "NFT",
    "NO",
    "NOV",
    "NPCI",
    "NRTGS",
    "NULL",
    "OCT",
    "OF",
    "OK",
    "ONL",
    "OPM",
    "OTHERS",
    "OUT",
    "OUTWARD",
    "OW",
    "P2A",
    "P2M",
    "P2P",
    "PAID",
    "PAY",
    "PAYM",
    "PAYME",
    "PAYMEN",
    "PAYMENT",
    "PAYTM",
    "PERSONAL",
    "PH",
    "PHONE",
    "PHONEPE",
    "POS",
    "PRP",
    "PUNB",
    "RECD",
    "RECEIVED",
    "REF",
    "REMARKS",
    "RENT",
    "REPAY",
    "REQUEST",
    "RRN",
    "RTGS",
    "RTGSCR",
    "RTGSDR",
    "SBI",
    "SBIN",
    "SELF",
    "SENDER",
    "SENT",
    "SEP",
    "SHRI",
    "SI",
    "SMT",
    "STAN",
    "STATE",
    "SUPERM",
    "TFR",
    "THE",
    "THROUGH",
    "TO",
    "TPFT",
    "TPT",
    "TRANSFER",
    "TRANSFERRED",
    "TRF",
    "TXN",
    "UBIN",
    "UPI",
    "UPIAB",
    "UPIAR",
    "UPIIN",
    "UPIINW",
    "UPIOUT",
    "USING",
    "UTIB",
    "UTR",
    "VERIFICATION",
    "VERIFY",
    "VIA",
    "VMT",
    "WDL",
    "YBL",
    "YESB",
    "YOU",
];

/// Words that mark an organisation rather than a person.
const ORG: &[&str] = &[
    "ACADEMY",
    "AGENCIES",
    "AGENCY",
    "AGRO",
    "ANALYTICS",
    "APARTMENTS",
    "ASSOCIATES",
    "ASSOCIATION",
    "AUTO",
    "AUTOMOBILES",
    "AVENUES",
    "BAJAJPAY",
    "BAKER",
    "BAKERS",
    "BAKERY",
    "BANK",
    "BAZAAR",
    "BHARATPE",
    "BHAVAN",
    "BILLDESK",
    "BILLDESKPP",
    "BIRYANI",
    "BOARD",
    "BOOKING",
    "BOOKS",
    "BOUTIQUE",
    "BROADBAND",
    "BROKERS",
    "BROKING",
    "BUILDERS",
    "CABLE",
    "CAFE",
    "CANTEEN",
    "CAPITAL",
    "CARDS",
    "CARE",
    "CARGO",
    "CARRIERS",
    "CATERERS",
    "CATERING",
    "CCAVENUE",
    "CCAVENUES",
    "CEMENT",
    "CENTER",
    "CENTRE",
    "CHEMICALS",
    "CHEMIST",
    "CHEMISTS",
    "CLAIM",
    "CLASSES",
    "CLINIC",
    "CLUB",
    "CO",
    "COFFEE",
    "COLLECTION",
    "COLLEGE",
    "COMMISSIONER",
    "COMPANY",
    "COMPUTERS",
    "CONSTRUC",
    "CONSTRUCTION",
    "CONSTRUCTIONS",
    "CONSULTANCY",
    "CONSULTANTS",
    "CONTRACTORS",
    "CONVENT",
    "CORP",
    "CORPN",
    "CORPORATION",
    "COUNCIL",
    "COURIER",
    "CREATIONS",
    "CYBER",
    "DAIRY",
    "DEALER",
    "DEALERS",
    "DENTAL",
    "DEPARTMENT",
    "DEPT",
    "DEVELOPERS",
    "DHABA",
    "DIAGNOSTICS",
    "DIGITAL",
    "DISTRIBUTORS",
    "DONUTS",
    "DUKAN",
    "EDUCATION",
    "ELECTRIC",
    "ELECTRICALS",
    "ELECTRONICS",
    "EMPORIUM",
    "ENERGY",
    "ENGINEERING",
    "ENGINEERS",
    "ENTERPRISE",
    "ENTERPRISES",
    "ESTATE",
    "EXPORTS",
    "EXPRESS",
    "FABRICS",
    "FARMS",
    "FASHION",
    "FILLING",
    "FINANCE",
    "FINSERV",
    "FITNESS",
    "FOOD",
    "FOODS",
    "FOUNDATION",
    "FREIGHT",
    "FUELS",
    "FURNITURE",
    "GALLERY",
    "GAMES",
    "GARAGE",
    "GARMENTS",
    "GAS",
    "GENERAL",
    "GLOBAL",
    "GOVERNMENT",
    "GOVT",
    "GYM",
    "HARDWARE",
    "HEALTH",
    "HEALTHCARE",
    "HEALTHCAREPVTLTD",
    "HOLDINGS",
    "HOLIDAYS",
    "HOSPITAL",
    "HOSPITALITY",
    "HOTEL",
    "HOUSING",
    "HUNGERBOX",
    "IMPORTS",
    "INDIA",
    "INDUSTRIES",
    "INDUSTRY",
    "INFO",
    "INFOTECH",
    "INFRA",
    "INSTITUTE",
    "INSURANCE",
    "INTERNATIONAL",
    "INVESTMENTS",
    "IRON",
    "JEWELLERS",
    "JUICE",
    "KIRANA",
    "KITCHEN",
    "LABS",
    "LAUNDRY",
    "LIFE",
    "LIGHTS",
    "LIMITED",
    "LLP",
    "LOGISTIC",
    "LOGISTICS",
    "LTD",
    "MAHAVIDYALAYA",
    "MANDAL",
    "MANUFACTURING",
    "MARKET",
    "MART",
    "MATERNITY",
    "MEDIA",
    "MEDICAL",
    "MEDICALS",
    "MEDICOS",
    "MESS",
    "MILLS",
    "MOBILES",
    "MOTOR",
    "MOTORS",
    "MOVERS",
    "MUNICIPAL",
    "NETWORKS",
    "NIGAM",
    "NOBROKER",
    "NODAL",
    "OFFICE",
    "OFFICEMART",
    "ONLINE",
    "OPTICALS",
    "OPTICIANS",
    "PACKAGING",
    "PACKERS",
    "PAINTS",
    "PAKODI",
    "PANCHAYAT",
    "PARISHAD",
    "PARLOUR",
    "PATHOLOGY",
    "PAYMENTS",
    "PAYOUT",
    "PETROLEUM",
    "PHARMA",
    "PHARMACY",
    "PHONEPEMER",
    "PHOTO",
    "PIZZA",
    "PLASTICS",
    "POLYMER",
    "POLYMERS",
    "POWER",
    "PRATISHTHAN",
    "PRINT",
    "PRINTERS",
    "PRINTS",
    "PRIVATE",
    "PRODUCTS",
    "PRODUCTSPVT",
    "PROPERTIES",
    "PROVISION",
    "PROVISIONS",
    "PVT",
    "PVTLTD",
    "REAL",
    "REALTY",
    "RESORT",
    "RESORTS",
    "RESTAURANT",
    "RETAIL",
    "REWARDS",
    "REWINDING",
    "ROADWAYS",
    "SALES",
    "SALON",
    "SAMITI",
    "SANSTHA",
    "SANSTHAN",
    "SCHOOL",
    "SCRAP",
    "SEAFOODS",
    "SECURITIES",
    "SERVICE",
    "SERVICES",
    "SETTL",
    "SETTLEMENT",
    "SHOP",
    "SILKS",
    "SNACKS",
    "SOCIETY",
    "SOFTLABS",
    "SOFTWARE",
    "SOLUTIONS",
    "SPA",
    "STATION",
    "STATIONERY",
    "STEEL",
    "STEELS",
    "STORE",
    "STORES",
    "STUDIO",
    "SUPERCA",
    "SUPERMARKET",
    "SUPERMONEY",
    "SUPPLIERS",
    "SUPPLY",
    "SWEET",
    "SWEETS",
    "SYSTEMS",
    "TAILORS",
    "TECH",
    "TECHNOLOGIES",
    "TELECOM",
    "TEXTILE",
    "TEXTILES",
    "TICKET",
    "TIFFIN",
    "TOOLS",
    "TOURS",
    "TRADE",
    "TRADERS",
    "TRADING",
    "TRANSPORT",
    "TRAVELS",
    "TREASURY",
    "TRUST",
    "TUTORIALS",
    "UNIVERSITY",
    "UPWORK",
    "VEG",
    "VEGETABLE",
    "VEGETABLES",
    "VENTURES",
    "VIDYALAYA",
    "VIDYAPEETH",
    "WHOLESALE",
    "WHOLESALERS",
    "WORKS",
    "ZP",
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

/// True when `token` (upper-case) is a stop word. The words are bucketed by
/// length and first letter, so a lookup compares a token with one to four
/// words, with no hashing.
fn is_stop(token: &str) -> bool {
    static BUCKETS: std::sync::OnceLock<Vec<Vec<&'static str>>> = std::sync::OnceLock::new();
    let bucket = |w: &str| {
        let first = w.as_bytes().first().copied().unwrap_or(0);
        w.len() * 36 + usize::from(first % 36)
    };
    if token.is_empty() || token.len() > STOP_MAX_LEN {
        return false;
    }
    let buckets = BUCKETS.get_or_init(|| {
        let mut v = vec![Vec::new(); (STOP_MAX_LEN + 1) * 36];
        for w in STOP {
            v[bucket(w)].push(*w);
        }
        v
    });
    buckets.get(bucket(token)).is_some_and(|b| b.contains(&token))
}

/// Length of the longest stop word.
const STOP_MAX_LEN: usize = 12;

/// True when `token` (upper-case) marks an organisation.
/// True when an upper-case word of five letters or more is the start of an
/// organisation word, as a bank cuts a name at its field width
/// (`SRI SAI KRUPA MEDICA`, `... SOFTWARE SOLU`).
pub(crate) fn is_org_word_cut(token: &str) -> bool {
    token.len() >= 5
        && token.bytes().all(|b| b.is_ascii_uppercase())
        && ORG.iter().any(|w| w.len() > token.len() && w.starts_with(token))
}

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

/// Characters that separate the words of a field.
fn word_sep(c: char) -> bool {
    c.is_whitespace() || matches!(c, '.' | ',' | '&' | '(' | ')')
}

/// Up to this many words of a run are kept on the stack; longer runs (never
/// seen in a narration) spill to the heap.
const RUN_INLINE: usize = 16;

/// A run of words, on the stack while short.
struct Run<'a> {
    inline: [&'a str; RUN_INLINE],
    len: usize,
    spill: Vec<&'a str>,
}

impl<'a> Run<'a> {
    fn new() -> Self {
        Run { inline: [""; RUN_INLINE], len: 0, spill: Vec::new() }
    }

    fn push(&mut self, word: &'a str) {
        if self.len < RUN_INLINE {
            self.inline[self.len] = word;
        } else {
            if self.spill.is_empty() {
                self.spill.extend_from_slice(&self.inline);
            }
            self.spill.push(word);
        }
        self.len += 1;
    }

    fn words(&self) -> &[&'a str] {
        if self.spill.is_empty() { &self.inline[..self.len] } else { &self.spill }
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn clear(&mut self) {
        self.len = 0;
        self.spill.clear();
    }
}

/// Strips channel words and remarks from both ends of a run of words and
/// joins what is left, upper-cased, with single spaces; `None` when nothing
/// that reads as a name is left.
fn trim_run(tokens: &[&str]) -> Option<String> {
    let mut a = 0;
    let mut z = tokens.len();
    // "A K VERMA": a leading single letter before more initials and a name is
    // an initial, not the stop word "A".
    let initials_then_name = |from: usize| {
        let n =
            tokens[from..z].iter().take_while(|t| t.len() == 1 && t.bytes().all(|b| b.is_ascii_alphabetic())).count();
        n >= 2 && tokens.get(from + n).is_some_and(|t| t.len() >= 3 && from + n < z && !is_stop_ci(t))
    };
    while a < z && is_stop_ci(tokens[a]) && !initials_then_name(a) {
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
    let mut out = String::with_capacity(run.iter().map(|t| t.len() + 1).sum());
    for t in run {
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(t.chars().map(|c| c.to_ascii_uppercase()));
    }
    Some(out)
}

/// The name in a VPA's user part, when it reads as one: `priya.singh@okaxis`.
fn vpa_name(field: &str) -> Option<String> {
    let user = field.trim().split_once('@')?.0;
    let mut parts = Run::new();
    for p in user.split(['.', '_']).filter(|p| !p.is_empty()) {
        if p.len() < 3 || !p.bytes().all(|b| b.is_ascii_alphabetic()) {
            return None;
        }
        parts.push(p);
    }
    // One word (`manukokadan@okicici`, `spaparath@okaxis`) is a handle the
    // holder chose, not a name the bank printed: only first.last reads as one.
    if parts.len < 2 {
        return None;
    }
    trim_run(parts.words())
}

/// The first name candidate of one field: the VPA's name, or the first run of
/// alphabetic words between references (`NEFT TO RAHUL SHARMA BARBN2172...` →
/// `RAHUL SHARMA`).
fn field_name(field: &str) -> Option<String> {
    let field = field.trim();
    if field.is_empty() {
        return None;
    }
    if field.contains('@') {
        return vpa_name(field);
    }
    let mut run = Run::new();
    for raw in field.split(word_sep) {
        if raw.is_empty() {
            continue;
        }
        if raw.bytes().all(|c| c.is_ascii_alphabetic() || c == b'\'') {
            run.push(raw);
        } else if !run.is_empty() {
            if let Some(name) = trim_run(run.words()) {
                return Some(name);
            }
            run.clear();
        }
    }
    trim_run(run.words())
}

/// True for the bytes that separate the fields of a narration.
const FIELD_SEP: [bool; 256] = {
    let mut t = [false; 256];
    let seps = b"/-*:|\\;#_~";
    let mut i = 0;
    while i < seps.len() {
        t[seps[i] as usize] = true;
        i += 1;
    }
    t
};

/// Splits a narration into fields: at `/ - * : | \ ; # _ ~` and at two
/// spaces in a row, in one pass over the bytes. (A run of three or more
/// spaces leaves spaces or empty fields behind, which [`field_name`] trims and
/// skips.)
fn fields(note: &str) -> impl Iterator<Item = &str> {
    // A `/`-delimited narration keeps two spaces inside a field: a name with an
    // empty middle name (`UPI/PYARELAL  DALU/BARB/...`) is one field.
    let spaces = !note.contains('/');
    let b = note.as_bytes();
    let mut start = 0;
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < b.len() {
            let width = if FIELD_SEP[b[i] as usize] {
                1
            } else if spaces && b[i] == b' ' && b.get(i + 1) == Some(&b' ') {
                2
            } else {
                i += 1;
                continue;
            };
            // Separators are ASCII, so both ends are character boundaries.
            let field = note.get(start..i).unwrap_or("");
            i += width;
            start = i;
            return Some(field);
        }
        if start <= b.len() {
            let field = note.get(start..).unwrap_or("");
            start = b.len() + 1;
            return Some(field);
        }
        None
    })
}

/// Rewrites slash abbreviations standing as words so they do not split fields
/// (`M/S` → `MS`, `A/C` → `AC`), leaving `DSOUZA/CNRB` alone.
fn unslash(note: &str) -> std::borrow::Cow<'_, str> {
    const ABBR: &[&str] = &["M/S", "A/C", "I/W", "O/W"];
    let b = note.as_bytes();
    let mut hits = Vec::new();
    // Only a `/` can be the middle of an abbreviation.
    for j in 1..b.len().saturating_sub(1) {
        if b[j] != b'/' {
            continue;
        }
        let i = j - 1;
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

/// Who a narration names as the counterparty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Party {
    /// A name as upper-case words joined by single spaces (`RAHUL SHARMA`).
    Name(String),
    /// No name, only a bank (a cheque's drawee bank, `BANK OF BARODA`), in
    /// clean words (`Bank of Baroda`).
    Bank(String),
}

/// Short bank names that stand alone in a field (`BY CLG/CHQ NO 000432/PNB`)
/// and the bank each is ([`crate::banks`] id). Codes that are also stop words
/// (`SBI`, `HDFC`) are not here: a field of only those is skipped.
const BANK_CODES: &[(&str, &str)] =
    &[("BOB", "baroda"), ("BOI", "boi"), ("IOB", "iob"), ("PNB", "pnbbnk"), ("UBI", "ubi"), ("UCO", "uco")];

/// The bank a field names, in clean words, when the field names only a bank:
/// one of [`BANK_CODES`] alone, or words with `BANK` where every other word is
/// the bank's (`BANK OF BARODA`, `SVC BANK`, `HDFC BANK LTD`), a stop word or
/// a number. A field with a name beside the bank (`RAHUL SHARMA SBI BANK`) is
/// not a bank field. A bank the table of banks knows is written as it names it
/// (`Bank of Baroda`); others are title-cased (`Svc Bank`).
fn bank_field(field: &str) -> Option<String> {
    // Most fields are neither three letters nor hold BANK: one cheap look.
    let t = field.trim();
    if t.len() != 3 && !t.as_bytes().windows(4).any(|w| w.eq_ignore_ascii_case(b"BANK")) {
        return None;
    }
    let mut words = Run::new();
    for w in t.split(word_sep).filter(|w| !w.is_empty()) {
        words.push(w);
    }
    let words = words.words();
    if let [code] = words
        && let Some((_, id)) = BANK_CODES.iter().find(|(c, _)| c.eq_ignore_ascii_case(code))
    {
        return crate::banks::by_id(id).map(|b| b.name.to_string());
    }
    let at = words.iter().position(|w| w.eq_ignore_ascii_case("BANK"))?;
    let known = crate::banks::by_name_in(t);
    let bank_word = |i: usize, w: &str| {
        i == at
            || (i + 1 == at && w.bytes().all(|b| b.is_ascii_alphabetic()))
            || known.is_some_and(|k| k.aliases.iter().any(|a| a.split(' ').any(|x| x.eq_ignore_ascii_case(w))))
    };
    let only_bank = words.iter().enumerate().all(|(i, w)| {
        bank_word(i, w)
            || is_stop_ci(w)
            || !w.bytes().all(|b| b.is_ascii_alphabetic())
            || ["LTD", "LIMITED", "BRANCH"].iter().any(|x| x.eq_ignore_ascii_case(w))
    });
    if !only_bank {
        return None;
    }
    if let Some(bank) = known {
        return Some(bank.name.to_string());
    }
    let upper = format!("{} BANK", words.get(at.wrapping_sub(1)).map_or(String::new(), |w| w.to_ascii_uppercase()));
    Some(title_case(upper.trim()))
}

/// The counterparty a narration names: the first name candidate of the fields
/// in order. Fields that name a bank ([`bank_field`]) are passed over (the
/// drawee bank of a cheque is not who paid: `CHQ DEP - MICR CTS - BANK OF
/// BARODA - RAHUL JOSHI` is from Rahul Joshi); the first of them is the
/// counterparty only when no field has a name.
pub(crate) fn extract(note: &str) -> Option<Party> {
    let note = unslash(note);
    // ICICI's IMPS line puts the remitter's remark before the name:
    // MMT/IMPS/<ref>/<remark>/<NAME>/<bank>. The fifth field is the name when it
    // reads as one (`MMT/IMPS/<ref>/<NAME>/<bank>` leaves a bank or nothing there).
    if note.get(..9).is_some_and(|p| p.eq_ignore_ascii_case("MMT/IMPS/"))
        && let Some(f) = note.split('/').nth(4)
        && bank_field(f).is_none()
        && let Some(name) = field_name(f)
    {
        return Some(Party::Name(name));
    }
    // ICICI's internet fund transfer: BIL/INFT/<ref>/<remark>/ <NAME> and
    // INF/INFT/<ref>/<remark>/<NAME>: the remark comes first, the name last.
    // Axis IMPS from a mobile number or an account (IMPS/P2A/<rrn>/<number>/<remark>):
    // what follows the number is the remitter's remark, not a name.
    if note.get(..9).is_some_and(|p| p.eq_ignore_ascii_case("IMPS/P2A/"))
        && note.split('/').nth(3).is_some_and(|f| f.len() >= 6 && f.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let head = note.get(..9).unwrap_or("");
    if (head.eq_ignore_ascii_case("BIL/INFT/") || head.eq_ignore_ascii_case("INF/INFT/"))
        && let Some(name) = note
            .split('/')
            .skip(2)
            .collect::<Vec<_>>()
            .iter()
            .rev()
            .find_map(|f| if bank_field(f).is_some() { None } else { field_name(f) })
    {
        return Some(Party::Name(name));
    }
    let mut bank = None;
    for f in fields(&note) {
        if let Some(b) = bank_field(f) {
            bank.get_or_insert(b);
            continue;
        }
        if let Some(name) = field_name(f) {
            return Some(Party::Name(name));
        }
    }
    bank.map(Party::Bank)
}

/// `RAHUL KUMAR` → `Rahul Kumar`; acronyms such as `LLP` stay upper-case.
/// `name` is words joined by single spaces, as [`extract`] gives them.
pub(crate) fn title_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for t in name.split(' ') {
        if !out.is_empty() {
            out.push(' ');
        }
        if KEEP_UPPER.contains(&t) {
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

/// True when a word glues a name to an organisation word of at least six
/// letters (`KMPSTEELS`, `SAISTEELS`: firms printed without spaces), at least
/// three letters before it.
fn ends_with_org_word(word: &str) -> bool {
    let up = word.to_ascii_uppercase();
    (6..=up.len().saturating_sub(3)).any(|k| up.is_char_boundary(up.len() - k) && is_org_word(&up[up.len() - k..]))
}

/// True when a word names a loan's purpose: a name made only of such words
/// (`TRANSFER TO 4998... LOAN INSTALMENT`) is the purpose, not a person; with
/// a name beside it (`DEEPA LOAN`) it stays a person's note.
fn is_loan_word(word: &str) -> bool {
    ["LOAN", "INSTALMENT", "INSTALLMENT", "REPAYMENT"].iter().any(|l| word.eq_ignore_ascii_case(l))
}

/// True when the words (joined by single spaces) read as a person's name: one
/// to four words, none of them an organisation word (nor glued to one).
pub(crate) fn looks_like_person(name: &str) -> bool {
    let (mut n, mut loan_words) = (0, 0);
    for w in name.split(' ') {
        if is_org_word(w) || is_org_word(&w.to_ascii_uppercase()) || ends_with_org_word(w) {
            return false;
        }
        loan_words += usize::from(is_loan_word(w));
        n += 1;
    }
    (1..=4).contains(&n) && loan_words < n
}

/// Upper-case words of a name, for matching (`Anil K. Verma` → `ANIL K VERMA`).
pub(crate) fn name_key(name: &str) -> Vec<String> {
    name.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|t| !t.is_empty())
        .map(str::to_ascii_uppercase)
        .filter(|t| !matches!(t.as_str(), "MR" | "MRS" | "MS" | "SHRI" | "SMT" | "KUM" | "DR"))
        .collect()
}

/// "A K VERMA" for ANIL KUMAR VERMA: as many words as the holder's name (at
/// most four), each holder word matched once, by its initial or in full, and
/// at least one in full. "A VERMA" (Amit? Ajay?) is not enough.
fn initials_of(counterparty: &str, holder: &[String]) -> bool {
    let words: Vec<&str> = counterparty.split(' ').collect();
    if words.len() != holder.len() || holder.len() > 4 || !words.iter().any(|w| w.len() == 1) {
        return false;
    }
    let mut used = 0u8;
    let mut full = false;
    for w in &words {
        let hit = holder
            .iter()
            .enumerate()
            .position(|(i, h)| used & (1 << i) == 0 && (h == w || (w.len() == 1 && h.starts_with(w))));
        let Some(i) = hit else { return false };
        full |= holder[i] == *w;
        used |= 1 << i;
    }
    full
}

/// True when the counterparty words (joined by single spaces) name the same
/// person as `holder`: at least two words, the first equal to one of the
/// holder's words and each of the others the start of a different holder word
/// (banks truncate: `ANIL VE`). Only the first 64 words of `holder` count.
pub(crate) fn same_person(counterparty: &str, holder: &[String]) -> bool {
    let holder = &holder[..holder.len().min(64)];
    let mut words = counterparty.split(' ');
    let Some(first) = words.next() else { return false };
    if words.clone().next().is_none() || holder.is_empty() {
        return false;
    }
    if initials_of(counterparty, holder) {
        return true;
    }
    // The holder's middle and last names without the first (`SURESH
    // SUBRAMANIAN` for POOJA SURESH SUBRAMANIAN): an Indian middle name is the
    // father's or the husband's given name, so this names him, not her.
    if let [_, middle, last] = holder
        && middle.len() > 1
        && last.len() > 1
        && counterparty.split(' ').eq([middle.as_str(), last.as_str()])
    {
        return false;
    }
    // Bit i: holder word i already taken.
    let Some(i) = holder.iter().position(|h| h == first) else { return false };
    let mut used = 1u64 << i;
    words.all(|c| {
        let hit = holder.iter().enumerate().position(|(i, h)| used & (1 << i) == 0 && h.starts_with(c));
        match hit {
            Some(i) => {
                used |= 1 << i;
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
        match extract(s) {
            Some(Party::Name(n)) => title_case(&n),
            Some(Party::Bank(b)) => b,
            None => String::new(),
        }
    }

    #[test]
    fn the_holders_middle_and_last_name_is_her_father_or_husband() {
        let holder = name_key("Ms. POOJA SURESH SUBRAMANIAN");
        assert!(!same_person("SURESH SUBRAMANIAN", &holder));
        assert!(same_person("POOJA SUBRAMANIAN", &holder));
        assert!(same_person("POOJA SURESH SUBRAMANIAN", &holder));
        assert!(same_person("POOJA SUBRA", &holder));
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
        assert_eq!(ex("UPIOUT/514594223935/rahuls661@okicici/RAHUL SONI/loan return"), "Rahul Soni");
        assert_eq!(ex("UPI/412345678901/Payment/sunita.rao@okicici/ICICI"), "Sunita Rao");
        assert_eq!(ex("IMPS/P2A/412345678901/M/S SHREE GANESH TRADERS"), "Shree Ganesh Traders");
        assert_eq!(ex("MMT/IMPS/412345678901/O'BRIEN DSOUZA/SBI"), "O'Brien Dsouza");
        assert_eq!(ex("MMT/IMPS/432316117723/Ali Helper/SANJEEV SH/HDFC Bank"), "Sanjeev Sh");
        assert_eq!(ex("MMT/IMPS/432108828325/null/MANGALA KO/State Bank of I"), "Mangala Ko");
        // ICICI's fund transfer puts the remark before the name.
        assert_eq!(ex("BIL/INFT/EAR6966960/Q1 25 A303 Main/ VIMAL RAJASEKAR"), "Vimal Rajasekar");
        assert_eq!(ex("INF/INFT/0811539633/School fee/KAVYA REDDY"), "Kavya Reddy");
        // Federal's IMPS codes and honorifics are not names.
        assert_eq!(ex("FT IMPS/IFI/416646743711/TARUN DESHPANDE/IMPSTXN"), "Tarun Deshpande");
        assert_eq!(ex("UPI/P2A/346817559697/Mrs JAYA /Bank of M/Payment"), "Jaya");
        // A one-word handle is the holder's choice, not a printed name.
        assert_eq!(ex("UPI IN/457942094031/manukokadan@okicici/UPI/0000"), "");
        // Axis IMPS from a mobile number: the rest is the remitter's remark.
        assert_eq!(ex("IMPS/P2A/632421768103/918698972467/Borrowed mone"), "");
        // SBI YONO's WDL TFR / DEP TFR head and Federal's MB and NFT heads are no names.
        assert_eq!(ex("WDL TFR UPI/DR/110352967844/KUSUM P/SBIN/arya.kumar/na 0097696162090 AT 09006 X"), "Kusum P");
        assert_eq!(ex("MB FTB/24218750791/MUHAMMED R/Hamras/"), "Muhammed R");
        assert_eq!(ex("NFT/KAVERI AGENCIES/BARBN883921010349/BANK OF BARODA"), "Kaveri Agencies");
        // Two spaces inside a `/` field are an empty middle name, not a field break.
        assert_eq!(ex("UPI/PYARELAL  DALU/BARB/622141005927/Back"), "Pyarelal Dalu");
    }

    #[test]
    fn cheque_counterparties_skip_clearing_words_and_banks() {
        // The drawer after the drawee bank (the xlsx showed "Micr" here).
        assert_eq!(ex("CHQ DEP - MICR CTS - BANK OF BARODA - RAHUL JOSHI"), "Rahul Joshi");
        // No name: the bank, as the table of banks writes it.
        assert_eq!(ex("CHQ DEP - MICR CTS - BANK OF BARODA"), "Bank of Baroda");
        // HDFC: MICR, CTS and NO are clearing words.
        assert_eq!(ex("CHQ PAID-MICR CTS-NO 000145-RAJESH GUPTA"), "Rajesh Gupta");
        assert_eq!(ex("CHQ DEP - MICR CLG - GURPREET KAUR"), "Gurpreet Kaur");
        // ICICI and Axis.
        assert_eq!(ex("CLG/000123/ICICI BANK LTD/SUNITA RAO"), "Sunita Rao");
        assert_eq!(ex("CTS-CLG/000768/SUNITA RAO"), "Sunita Rao");
        // SBI: clearing in words, and "TO CLG".
        assert_eq!(ex("BY CLEARING-JOSEPH DSOUZA"), "Joseph Dsouza");
        assert_eq!(ex("TO CLG-JOSEPH DSOUZA"), "Joseph Dsouza");
        assert_eq!(ex("TO DEBIT THROUGH CHEQUE-000125"), "");
        // Inward and outward clearing (I/W, O/W are one word each).
        assert_eq!(ex("INWARD CLG/000432/MEHTA FABRICS PVT LTD"), "Mehta Fabrics Pvt Ltd");
        assert_eq!(ex("I/W CLG 000432 SVC BANK"), "Svc Bank");
        // A bank's short code alone (PNB), and a bank field with no drawer.
        assert_eq!(ex("BY CLG/CHQ NO 000432/PNB"), "Punjab National Bank");
        assert_eq!(ex("CHQ DEP 000155/HDFC BANK"), "HDFC Bank");
        // A name beside a bank in one field is still the name.
        assert_eq!(ex("CHQ 000123 RAHUL SHARMA SBI BANK"), "Rahul Sharma");
    }

    #[test]
    fn matches_holder_names() {
        let holder = name_key("Mr. Anil Kumar Verma");
        assert!(same_person("ANIL VERMA", &holder));
        assert!(same_person("ANIL VE", &holder));
        assert!(same_person("VERMA ANIL KUMAR", &holder));
        assert!(!same_person("ANIL", &holder));
        assert!(!same_person("SUNIL VERMA", &holder));
        assert!(!same_person("ANIL SHARMA", &holder));
        // Each holder word is used once: ANIL ANIL is not Anil Kumar Verma.
        assert!(!same_person("ANIL ANIL", &holder));
        assert!(same_person("A K VERMA", &holder));
        assert!(!same_person("A VERMA", &holder));
        assert!(!same_person("A K SHARMA", &holder));
        assert!(!same_person("S K VERMA", &holder));
        assert!(looks_like_person("RAHUL SHARMA"));
        assert!(!looks_like_person("SHARMA GENERAL STORES"));
        assert!(!looks_like_person("A B C D E"));
    }
}
