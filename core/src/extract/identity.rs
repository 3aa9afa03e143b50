//! Identity from the header block: holder, address, account, IFSC, MICR,
//! account type and category, limit, period, opening and closing balance.
//!
//! The block is read as label/value pairs (`Account No : 5010…`, `IFSC Code
//! HDFC0001234`, two pairs side by side on one line), plus the customer block:
//! the holder's name and the address lines under it.

use chrono::NaiveDate;

use super::dates;
use crate::banks;
use crate::layout::Line;
use crate::model::{AccountCategory, AccountType, Identity};
use crate::money::Money;

/// Gap between the segments of a line (label/value pairs side by side), in font sizes.
const SEGMENT_GAP: f32 = 1.6;

/// One segment of a header-block line.
#[derive(Clone, Debug)]
struct Segment {
    text: String,
    x0: f32,
    line: usize,
}

/// A label and its value.
#[derive(Clone, Debug)]
struct Field {
    label: Label,
    value: String,
    line: usize,
    /// Left edge of the value (address lines continue under it).
    x0: f32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Label {
    Name,
    Address,
    Account,
    Ifsc,
    Micr,
    AccountType,
    Limit,
    Period,
    From,
    To,
    Opening,
    Closing,
    /// City, state or PIN on a row of its own under the address.
    AddressPart,
    Ignored,
}

const LABELS: &[(&str, Label)] = &[
    ("ACCOUNT HOLDER NAME", Label::Name),
    ("ACCOUNT HOLDERS NAME", Label::Name),
    ("ACCOUNT HOLDER", Label::Name),
    // "Account Holder(s)" over the holders' names, the first the holder's.
    ("ACCOUNT HOLDER S", Label::Name),
    ("ACCOUNT HOLDERS", Label::Name),
    ("ACCOUNT NAME", Label::Name),
    ("CUSTOMER NAME", Label::Name),
    ("A/C NAME", Label::Name),
    ("A/C HOLDER", Label::Name),
    ("A/C HOLDER NAME", Label::Name),
    // "Account Holder's Name": the apostrophe leaves an S of its own.
    ("ACCOUNT HOLDER S NAME", Label::Name),
    ("HOLDER NAME", Label::Name),
    ("HOLDER S NAME", Label::Name),
    ("NAME OF THE ACCOUNT HOLDER", Label::Name),
    ("NAME OF ACCOUNT HOLDER", Label::Name),
    ("NAME OF CUSTOMER", Label::Name),
    ("NAME OF A/C HOLDER", Label::Name),
    // "Customer Name & Address : SMT. NAME" over the address lines.
    ("NAME ADDRESS", Label::Name),
    ("NAME AND ADDRESS", Label::Name),
    ("CUSTOMER NAME ADDRESS", Label::Name),
    ("CUSTOMER NAME AND ADDRESS", Label::Name),
    ("NAME OF THE CUSTOMER", Label::Name),
    // HSBC and Standard Chartered: "Account Title : MR. NAME".
    ("ACCOUNT TITLE", Label::Name),
    // Joint accounts: the primary (first) holder is the account's name.
    ("PRIMARY HOLDER", Label::Name),
    ("PRIMARY ACCOUNT HOLDER", Label::Name),
    ("PRIMARY HOLDER NAME", Label::Name),
    ("FIRST HOLDER", Label::Name),
    ("FIRST HOLDER NAME", Label::Name),
    ("NAME", Label::Name),
    ("ADDRESS", Label::Address),
    // "Add. : W/O ...", "Addr :" (numbered fields: below).
    ("ADD", Label::Address),
    ("ADDR", Label::Address),
    ("ADDRESS OF THE CUSTOMER", Label::Address),
    ("ADDRESS OF CUSTOMER", Label::Address),
    ("CUSTOMER ADDRESS", Label::Address),
    ("COMMUNICATION ADDRESS", Label::Address),
    ("ADDRESS FOR COMMUNICATION", Label::Address),
    ("MAILING ADDRESS", Label::Address),
    ("CORRESPONDENCE ADDRESS", Label::Address),
    ("REGISTERED ADDRESS", Label::Address),
    // A person's "Residential Address". (Not "Regd. Office :": the bank's
    // own, in its masthead.)
    ("RESIDENTIAL ADDRESS", Label::Address),
    ("RESIDENCE ADDRESS", Label::Address),
    ("VILLAGE", Label::Address),
    // Co-operative banks' cores print the address a line per label: "Add1 : H NO 271/A
    // SHIVAJI PETH", "Add2 : OPP BUS STAND", "Add3 : PATNA", "Add4 : BIHAR 800091". The first
    // starts the address, the others continue it (as City / State / PIN rows do).
    ("ADD1", Label::Address),
    ("ADD 1", Label::Address),
    ("ADDRESS1", Label::Address),
    ("ADDRESS 1", Label::Address),
    ("ADDRESS LINE 1", Label::Address),
    ("ADDR1", Label::Address),
    ("ACCOUNT NUMBER", Label::Account),
    ("ACCOUNT NO", Label::Account),
    // ICICI's export: "Accountno:" in one word.
    ("ACCOUNTNO", Label::Account),
    ("A/C NUMBER", Label::Account),
    ("A/C NO", Label::Account),
    ("AC NO", Label::Account),
    // Federal / Jupiter: "A/c: 1567 0100 0234 56".
    ("A/C", Label::Account),
    ("ACCOUNT", Label::Account),
    ("RTGS/NEFT IFSC", Label::Ifsc),
    ("RTGS/NEFT IFSC CODE", Label::Ifsc),
    ("IFSC CODE", Label::Ifsc),
    ("IFS CODE", Label::Ifsc),
    ("IFSC", Label::Ifsc),
    ("MICR CODE", Label::Micr),
    ("MICR", Label::Micr),
    ("ACCOUNT TYPE", Label::AccountType),
    ("A/C TYPE", Label::AccountType),
    ("TYPE OF ACCOUNT", Label::AccountType),
    ("PRODUCT", Label::AccountType),
    ("PRODUCT NAME", Label::AccountType),
    ("PRODUCT TYPE", Label::AccountType),
    ("SCHEME", Label::AccountType),
    ("SCHEME NAME", Label::AccountType),
    ("ACCOUNT DESCRIPTION", Label::AccountType),
    ("OD LIMIT", Label::Limit),
    ("CC LIMIT", Label::Limit),
    ("OD/CC LIMIT", Label::Limit),
    ("SANCTIONED LIMIT", Label::Limit),
    ("SANCTION LIMIT", Label::Limit),
    ("CREDIT LIMIT", Label::Limit),
    ("DRAWING POWER", Label::Limit),
    ("LIMIT", Label::Limit),
    ("STATEMENT PERIOD", Label::Period),
    ("PERIOD", Label::Period),
    ("STATEMENT FROM", Label::From),
    ("FROM DATE", Label::From),
    ("FROM", Label::From),
    ("TO DATE", Label::To),
    ("TO", Label::To),
    ("OPENING BALANCE", Label::Opening),
    ("OPENING BAL", Label::Opening),
    ("CLOSING BALANCE", Label::Closing),
    ("CLOSING BAL", Label::Closing),
    ("PREVIOUS BALANCE", Label::Opening),
    ("NEW BALANCE", Label::Closing),
    ("BRANCH", Label::Ignored),
    ("BRANCH NAME", Label::Ignored),
    ("BRANCH ADDRESS", Label::Ignored),
    ("CUSTOMER ID", Label::Ignored),
    ("CUST ID", Label::Ignored),
    ("CIF NO", Label::Ignored),
    ("CIF", Label::Ignored),
    ("EMAIL", Label::Ignored),
    ("EMAIL ID", Label::Ignored),
    ("MOBILE", Label::Ignored),
    ("MOBILE NO", Label::Ignored),
    ("MOBILE NUMBER", Label::Ignored),
    ("REGISTERED MOBILE", Label::Ignored),
    ("REGISTERED MOBILE NO", Label::Ignored),
    ("REGISTERED MOBILE NUMBER", Label::Ignored),
    ("REGISTERED EMAIL", Label::Ignored),
    ("REGISTERED EMAIL ID", Label::Ignored),
    ("PHONE", Label::Ignored),
    ("PHONE NO", Label::Ignored),
    ("DATE OF BIRTH", Label::Ignored),
    ("DOB", Label::Ignored),
    ("CURRENCY", Label::Ignored),
    ("NOMINATION", Label::Ignored),
    ("NOMINEE", Label::Ignored),
    ("JOINT HOLDERS", Label::Ignored),
    // "Joint Holder(s)"
    ("JOINT HOLDER S", Label::Ignored),
    ("JOINT HOLDER NAMES", Label::Ignored),
    ("SECOND HOLDER", Label::Ignored),
    // "JOINTLY WITH MRS. S. KAVITHA" under the holder's name; an HUF's
    // "Karta :- NAME": neither the holder nor the address.
    ("JOINTLY WITH", Label::Ignored),
    // How a joint or minor's account is operated, between name and address
    // ("Mode of Operation : EITHER OR SURVIVOR", "Operated By : GUARDIAN").
    ("MODE OF OPERATION", Label::Ignored),
    ("OPERATION MODE", Label::Ignored),
    ("OPERATED BY", Label::Ignored),
    ("PROPRIETOR", Label::Ignored),
    ("MEMBER NO", Label::Ignored),
    ("MEMBER NUMBER", Label::Ignored),
    ("CKYC NUMBER", Label::Ignored),
    ("CKYCR NUMBER", Label::Ignored),
    ("FATHER S / HUSBAND S NAME", Label::Ignored),
    ("FATHER S/HUSBAND S NAME", Label::Ignored),
    ("KARTA", Label::Ignored),
    // A firm's signatories under its name ("Partner : MR. SIJO PAUL").
    ("PARTNER", Label::Ignored),
    ("PARTNERS", Label::Ignored),
    ("DESIGNATED PARTNER", Label::Ignored),
    ("DESIGNATED PARTNERS", Label::Ignored),
    ("AUTHORISED SIGNATORY", Label::Ignored),
    ("AUTHORIZED SIGNATORY", Label::Ignored),
    ("CRN", Label::Ignored),
    ("CRN NO", Label::Ignored),
    ("CIF NUMBER", Label::Ignored),
    ("CIF ID", Label::Ignored),
    ("CUSTOMER NO", Label::Ignored),
    ("CUSTOMER NUMBER", Label::Ignored),
    ("CUSTOMER ID NO", Label::Ignored),
    ("JOINT HOLDER", Label::Ignored),
    ("JOINT HOLDER NAME", Label::Ignored),
    ("JOINT HOLDER 1", Label::Ignored),
    ("JOINT HOLDER 2", Label::Ignored),
    ("JOINT A/C HOLDER", Label::Ignored),
    ("NOMINEE NAME", Label::Ignored),
    ("FATHER NAME", Label::Ignored),
    ("FATHERS NAME", Label::Ignored),
    ("FATHER S NAME", Label::Ignored),
    ("SPOUSE NAME", Label::Ignored),
    // A minor's account names the guardian beside the minor (the holder).
    ("GUARDIAN", Label::Ignored),
    ("GUARDIAN NAME", Label::Ignored),
    ("GUARDIAN S NAME", Label::Ignored),
    ("NAME OF GUARDIAN", Label::Ignored),
    ("BRANCH MANAGER", Label::Ignored),
    ("RELATIONSHIP MANAGER", Label::Ignored),
    ("RM NAME", Label::Ignored),
    ("ACCOUNT OPEN DATE", Label::Ignored),
    ("ACCOUNT OPENING DATE", Label::Ignored),
    ("A/C OPEN DATE", Label::Ignored),
    ("OPEN DATE", Label::Ignored),
    ("ACCOUNT STATUS", Label::Ignored),
    ("STATUS", Label::Ignored),
    ("PAN", Label::Ignored),
    ("PAN NO", Label::Ignored),
    ("PAN NUMBER", Label::Ignored),
    // A firm's tax and registration numbers, a person's masked Aadhaar, under the
    // name ("GSTIN : 24AABFS1234K1Z5", "Constitution : PROPRIETORSHIP").
    ("GSTIN", Label::Ignored),
    ("GSTIN NO", Label::Ignored),
    ("GST NO", Label::Ignored),
    ("GST NUMBER", Label::Ignored),
    ("UDYAM NO", Label::Ignored),
    ("UDYAM REGISTRATION NO", Label::Ignored),
    ("CONSTITUTION", Label::Ignored),
    ("AADHAAR", Label::Ignored),
    ("AADHAAR NO", Label::Ignored),
    ("AADHAR", Label::Ignored),
    ("AADHAR NO", Label::Ignored),
    ("CKYC", Label::Ignored),
    ("CKYC NO", Label::Ignored),
    ("DATE", Label::Ignored),
    ("STATEMENT DATE", Label::Ignored),
    ("CITY", Label::AddressPart),
    ("STATE", Label::AddressPart),
    ("PIN", Label::AddressPart),
    ("PIN CODE", Label::AddressPart),
    ("PINCODE", Label::AddressPart),
    ("ADD2", Label::AddressPart),
    ("ADD3", Label::AddressPart),
    ("ADD4", Label::AddressPart),
    ("ADD5", Label::AddressPart),
    ("ADD 2", Label::AddressPart),
    ("ADD 3", Label::AddressPart),
    ("ADD 4", Label::AddressPart),
    ("ADDRESS2", Label::AddressPart),
    ("ADDRESS3", Label::AddressPart),
    ("ADDRESS4", Label::AddressPart),
    ("ADDRESS 2", Label::AddressPart),
    ("ADDRESS 3", Label::AddressPart),
    ("ADDRESS 4", Label::AddressPart),
    ("ADDRESS LINE 2", Label::AddressPart),
    ("ADDRESS LINE 3", Label::AddressPart),
    ("ADDRESS LINE 4", Label::AddressPart),
    ("ADDR2", Label::AddressPart),
    ("ADDR3", Label::AddressPart),
    ("ADDR4", Label::AddressPart),
    ("PHONE CODE", Label::Ignored),
    ("INTEREST RATE", Label::Ignored),
    ("HOME BRANCH", Label::Ignored),
    // UK and international headers beside "Account Name" (HSBC UK: "Account
    // Name | Sortcode | Account Number | Sheet Number" over their values).
    ("SORTCODE", Label::Ignored),
    ("SORT CODE", Label::Ignored),
    ("SHEET NUMBER", Label::Ignored),
    ("IBAN", Label::Ignored),
    ("SWIFT CODE", Label::Ignored),
    ("BIC CODE", Label::Ignored),
];

/// Hindi identity labels as regional rural and co-operative banks print them
/// without an English half, and the English label each is.
const HINDI_LABELS: &[(&str, &str)] = &[
    ("खाता धारक का नाम", "ACCOUNT HOLDER NAME"),
    ("खाताधारक का नाम", "ACCOUNT HOLDER NAME"),
    ("खाताधारक", "ACCOUNT HOLDER"),
    ("ग्राहक का नाम", "CUSTOMER NAME"),
    ("नाम", "NAME"),
    ("खाता संख्या", "ACCOUNT NUMBER"),
    ("खाता सं.", "ACCOUNT NO"),
    ("खाता सं", "ACCOUNT NO"),
    ("खाता नं.", "ACCOUNT NO"),
    ("खाता क्रमांक", "ACCOUNT NUMBER"),
    // Co-operative banks: "खाता क्र." (account no.), "सदस्य क्र." (member no.).
    ("खाता क्र.", "ACCOUNT NO"),
    ("खाता क्र", "ACCOUNT NO"),
    ("सदस्य क्र.", "MEMBER NO"),
    ("सदस्य क्र", "MEMBER NO"),
    ("पता", "ADDRESS"),
    ("ग्राहक का पता", "CUSTOMER ADDRESS"),
    ("आईएफएससी कोड", "IFSC CODE"),
    ("आईएफएससी", "IFSC"),
    ("आई.एफ.एस.सी. कोड", "IFSC CODE"),
    ("एमआईसीआर कोड", "MICR CODE"),
    ("शाखा", "BRANCH"),
    ("शाखा का नाम", "BRANCH NAME"),
    ("ग्राहक आईडी", "CUSTOMER ID"),
    ("खाते का प्रकार", "ACCOUNT TYPE"),
    ("खाता प्रकार", "ACCOUNT TYPE"),
    ("अवधि", "PERIOD"),
    ("विवरणी की अवधि", "STATEMENT PERIOD"),
    ("प्रारंभिक शेष", "OPENING BALANCE"),
    ("आरंभिक शेष", "OPENING BALANCE"),
    ("अंतिम शेष", "CLOSING BALANCE"),
    ("मोबाइल नं.", "MOBILE NO"),
    ("मोबाइल", "MOBILE"),
];

fn norm_label(s: &str) -> String {
    // A label in Hindi only ("खाता संख्या"): its English label.
    if !s.chars().any(|c| c.is_ascii_alphabetic()) && !s.is_ascii() {
        let hindi = s.split_whitespace().collect::<Vec<_>>().join(" ");
        let hindi = hindi.trim_end_matches([':', ' ']);
        if let Some((_, en)) = HINDI_LABELS.iter().find(|(hi, _)| *hi == hindi) {
            return (*en).to_string();
        }
    }
    let mut out = String::new();
    for c in s.chars() {
        // Other scripts go: bilingual labels ("खाता संख्या / Account Number").
        let c = if c.is_ascii_alphanumeric() || c == '/' { c.to_ascii_uppercase() } else { ' ' };
        if c == ' ' && (out.is_empty() || out.ends_with(' ')) {
            continue;
        }
        out.push(c);
    }
    // "खाता संख्या / Account Number" leaves a stray slash in front.
    out.trim_matches(|c: char| c == ' ' || c == '/').to_string()
}

fn label_of(s: &str) -> Option<Label> {
    let n = norm_label(s);
    LABELS.iter().find(|(l, _)| *l == n).map(|(_, k)| *k)
}

/// The longest label `s` starts with, and the rest.
fn label_prefix(s: &str) -> Option<(Label, String)> {
    let words: Vec<&str> = s.split_whitespace().collect();
    // Up to six words: "NAME OF THE ACCOUNT HOLDER", a bilingual "खाता संख्या /
    // Account No.".
    (1..=words.len().min(6)).rev().find_map(|k| {
        let head = words.get(..k)?.join(" ");
        let label = label_of(&head)?;
        Some((label, words.get(k..)?.join(" ")))
    })
}

fn segments(lines: &[Line]) -> Vec<Vec<Segment>> {
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| l.phrases(SEGMENT_GAP).into_iter().flat_map(|p| cut_at_cell_labels(&p, i)).collect())
        .collect()
}

/// A phrase cut where a grid's next cell starts: a bordered grid's value
/// cell and the label cell after it can sit closer than a segment gap
/// ("MR. AMIT KUMAR SRIVASTAVA  Account No.", "A-1203, LODHA AMARA  Cust ID",
/// cell paddings of a few points), but farther apart than words are. A
/// known label (also in Hindi and English, "आईएफएससी / IFSC") after a gap
/// of more than a font size (a page header sets "NAME  A/c No." about one
/// apart) starts a segment of its own.
fn cut_at_cell_labels(p: &crate::layout::lines::Phrase, line: usize) -> Vec<Segment> {
    let words = &p.words;
    let mut out: Vec<Segment> = Vec::new();
    let mut start = 0usize;
    for k in 1..words.len() {
        let (Some(prev), Some(w)) = (words.get(k - 1), words.get(k)) else { continue };
        if w.x0 - prev.x1 < 1.2 * w.size.max(prev.size) {
            continue;
        }
        let label = (1..=5.min(words.len() - k)).rev().find_map(|m| {
            let text = words.get(k..k + m)?.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" ");
            label_of(&text)
        });
        if label
            .is_some_and(|l| !matches!(l, Label::To | Label::From | Label::Period | Label::Opening | Label::Closing))
        {
            out.push(segment_of(words.get(start..k).unwrap_or_default(), line));
            start = k;
        }
    }
    out.push(segment_of(words.get(start..).unwrap_or_default(), line));
    out
}

fn segment_of(words: &[crate::layout::Word], line: usize) -> Segment {
    Segment {
        text: words.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" "),
        x0: words.first().map_or(0.0, |w| w.x0),
        line,
    }
}

/// A word of a header-block line, with `:` split off as its own word.
struct W {
    text: String,
    x0: f32,
    x1: f32,
}

fn words_split_at_colons(line: &Line) -> Vec<W> {
    let mut out = Vec::with_capacity(line.words.len() + 4);
    for w in &line.words {
        if !w.text.contains(':') {
            out.push(W { text: w.text.clone(), x0: w.x0, x1: w.x1 });
            continue;
        }
        // Split "Phone:" / "Name:RAHUL" / "::" at the colons, positions by character share.
        let n = w.text.chars().count().max(1) as f32;
        let per = (w.x1 - w.x0) / n;
        let mut cur = String::new();
        let mut start = 0usize;
        for (i, c) in w.text.chars().enumerate() {
            if c == ':' {
                if !cur.is_empty() {
                    out.push(W {
                        text: std::mem::take(&mut cur),
                        x0: w.x0 + per * start as f32,
                        x1: w.x0 + per * i as f32,
                    });
                }
                out.push(W { text: ":".into(), x0: w.x0 + per * i as f32, x1: w.x0 + per * (i + 1) as f32 });
                start = i + 1;
            } else {
                cur.push(c);
            }
        }
        if !cur.is_empty() {
            out.push(W { text: cur, x0: w.x0 + per * start as f32, x1: w.x1 });
        }
    }
    out
}

/// Label/value pairs: `Label : value` anywhere on a line (several per line),
/// and segments that start with a known label and carry no colon.
fn fields(lines: &[Line], segs: &[Vec<Segment>]) -> Vec<Field> {
    let mut out = Vec::new();
    for (li, line) in lines.iter().enumerate() {
        let words = words_split_at_colons(line);
        let big_gap = SEGMENT_GAP * line.size;
        // (label start, colon index, label)
        let mut pairs: Vec<(usize, usize, Option<Label>)> = Vec::new();
        for (c, w) in words.iter().enumerate() {
            if w.text != ":" {
                continue;
            }
            let floor = pairs.last().map_or(0, |p| p.1 + 1);
            // The label's words, walking back from the colon; a word that runs
            // into the one after it is another cell's overflow and is skipped.
            let mut chain: Vec<usize> = Vec::new();
            let mut j = c;
            while j > floor && chain.len() < 4 {
                j -= 1;
                let (Some(w), Some(after)) = (words.get(j), chain.last().map_or(words.get(c), |&k| words.get(k)))
                else {
                    break;
                };
                if w.text == ":" || (!chain.is_empty() && after.x0 - w.x1 > big_gap) {
                    break;
                }
                if w.x1 > after.x0 + 0.5 {
                    continue;
                }
                chain.push(j);
            }
            let known = (1..=chain.len()).rev().find_map(|k| {
                let mut idx: Vec<usize> = chain.get(..k)?.to_vec();
                idx.reverse();
                let text =
                    idx.iter().filter_map(|&i| words.get(i)).map(|w| w.text.as_str()).collect::<Vec<_>>().join(" ");
                Some((*idx.first()?, label_of(&text)?))
            });
            match known {
                Some((start, label)) => pairs.push((start, c, Some(label))),
                // The word before the colon far to its left (another cell's):
                // the colon's label may sit on a neighbouring baseline
                // ("Account No" a little lower than ": 0123456789012"), the
                // last words there before the colon.
                None if words.get(c.wrapping_sub(1)).is_none_or(|p| w.x0 - p.x1 > big_gap)
                    && label_beside(lines, li, w).is_some() =>
                {
                    pairs.push((c, c, label_beside(lines, li, w)));
                }
                None => {
                    let mut start = c;
                    while start > floor
                        && words.get(start - 1).is_some_and(|w| w.text != ":")
                        && words
                            .get(start)
                            .zip(words.get(start - 1))
                            .is_none_or(|(a, b)| a.x0 - b.x1 <= big_gap || start == c)
                    {
                        start -= 1;
                    }
                    pairs.push((start, c, None));
                }
            }
        }
        // The stretches of the line the colon pairs take (label to value's
        // end): segments outside them are read on their own below.
        let mut covered: Vec<(f32, f32)> = Vec::new();
        for (i, (start, c, label)) in pairs.iter().enumerate() {
            let end = pairs.get(i + 1).map_or(words.len(), |p| p.0);
            let Some(label) = label else {
                let x1 = words.get(c + 1..end).unwrap_or_default().iter().fold(
                    words.get(*c).map_or(0.0, |w| w.x1),
                    |acc, w| if w.x0 - acc > 2.0 * big_gap { acc } else { w.x1 },
                );
                covered.push((words.get(*start).map_or(0.0, |w| w.x0), x1));
                continue;
            };
            let mut value: Vec<&W> = Vec::new();
            for w in words.get(c + 1..end).unwrap_or_default() {
                if value.last().is_some_and(|p| w.x0 - p.x1 > 2.0 * big_gap) {
                    break;
                }
                value.push(w);
            }
            // Nothing after the colon on this line: the value cell may sit a
            // little lower or higher, a line of its own ("Account Number :"
            // over-and-right "00129****4521"), starting just after the colon.
            let shifted: Vec<W>;
            if value.is_empty()
                && let Some(colon) = words.get(*c)
            {
                let near = |k: usize| {
                    lines.get(k).filter(|o| (o.y - line.y).abs() <= 0.6 * line.size.max(o.size)).and_then(|o| {
                        let ws = words_split_at_colons(o);
                        let first =
                            ws.iter().position(|w| w.x0 >= colon.x1 - 0.5 && w.x0 <= colon.x1 + 3.0 * line.size)?;
                        // The value alone there: nothing before it near the colon.
                        let clear = ws.get(..first).unwrap_or_default().iter().all(|w| w.x1 < colon.x0 - big_gap);
                        let mut run: Vec<W> = Vec::new();
                        for w in ws.into_iter().skip(first) {
                            if w.text == ":" || run.last().is_some_and(|p: &W| w.x0 - p.x1 > 2.0 * big_gap) {
                                break;
                            }
                            run.push(w);
                        }
                        (clear && !run.is_empty()).then_some(run)
                    })
                };
                shifted =
                    li.checked_add(1).and_then(near).or_else(|| li.checked_sub(1).and_then(near)).unwrap_or_default();
                value = shifted.iter().collect();
            }
            let x0 = value.first().map_or(0.0, |w| w.x0);
            let x1 = value.last().copied().or(words.get(*c)).map_or(0.0, |w| w.x1);
            covered.push((words.get(*start).map_or(0.0, |w| w.x0), x1));
            let text = value.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" ");
            // Axis prints ":-" after its labels ("Name :- SHREE BALAJI
            // AGENCIES", "Joint Holder :- -"): the dash is the separator.
            // A minus sign before a figure stays.
            let text = match text.strip_prefix('-') {
                Some(r) if !r.trim_start().starts_with(|c: char| c.is_ascii_digit() || c == '.') => {
                    r.trim_start().to_string()
                }
                _ => text,
            };
            out.push(Field { label: *label, value: text, line: li, x0 });
        }
        {
            // A line without colons is all segments; on a line with colon
            // pairs, the segments beside them ("Name : X" left, "Account
            // No 1234567890123" right without a colon).
            let line_segs: Vec<Segment> = segs
                .get(li)
                .map(Vec::as_slice)
                .unwrap_or_default()
                .iter()
                .filter(|s| !covered.iter().any(|&(a, b)| s.x0 <= b + 0.5 && s.x0 + 0.1 >= a - 0.5))
                .filter_map(|s| {
                    if !s.text.contains(':') {
                        return Some(s.clone());
                    }
                    // A colon pair set a few spaces after a pair without one
                    // ("A/c No. 1234    IFSC: HDFC0001234"): the words
                    // before the first colon label are a segment of their own.
                    let cut = pairs.iter().filter_map(|p| words.get(p.0)).map(|w| w.x0).find(|&x| x > s.x0 + 0.1)?;
                    let head: Vec<&W> = words.iter().filter(|w| w.x0 >= s.x0 - 0.5 && w.x0 < cut).collect();
                    if head.is_empty() || head.iter().any(|w| w.text == ":") {
                        return None;
                    }
                    let text = head.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" ");
                    Some(Segment { text, x0: s.x0, line: s.line })
                })
                .collect();
            let line_segs = line_segs.as_slice();
            let skip = |l: Label| matches!(l, Label::Ignored | Label::To | Label::From);
            // A name or address label counts only alone in its cell: words
            // that merely start with "Name" or "Address" are not fields.
            let alone_only = |l: Label| matches!(l, Label::Name | Label::Address);
            for (k, seg) in line_segs.iter().enumerate() {
                if let Some((label, rest)) = label_prefix(seg.text.trim())
                    && !skip(label)
                {
                    if !rest.is_empty() {
                        if alone_only(label) {
                            // A label of two words or more ("Customer Name",
                            // "Communication Address") with its value a word
                            // space after it, no colon (a tight label column:
                            // Paytm Payments Bank): the value starts at its
                            // first word, where the lines under it continue.
                            let head = seg.text.split_whitespace().count() - rest.split_whitespace().count();
                            let at = words.iter().filter(|w| w.x0 >= seg.x0 - 0.5).nth(head).map(|w| w.x0);
                            // Not a row of labels ("Customer Name  Account No.").
                            if (head >= 2 || cell_apart(&words, seg.x0, head, line.size))
                                && label_prefix(&rest).is_none()
                                && let Some(x0) = at
                            {
                                out.push(Field { label, value: rest, line: seg.line, x0 });
                            }
                            continue;
                        }
                        // A City / State / PIN field's value continues the
                        // address where its first word stands ("PIN Code  560
                        // 004" a cell's padding apart, under the address lines).
                        let head = seg.text.split_whitespace().count() - rest.split_whitespace().count();
                        let x0 = match label {
                            Label::AddressPart => {
                                words.iter().filter(|w| w.x0 >= seg.x0 - 0.5).nth(head).map_or(seg.x0, |w| w.x0)
                            }
                            _ => seg.x0,
                        };
                        out.push(Field { label, value: rest, line: seg.line, x0 });
                    } else if let Some(value) = line_segs.get(k + 1)
                        && label_prefix(value.text.trim()).is_none()
                        // Balances in boxes are read by the summary reader,
                        // which takes the last of a bundle of statements.
                        && !matches!(label, Label::Opening | Label::Closing)
                        && !caption_beside(line, seg, value)
                    {
                        // A label alone in its cell, its value in the next
                        // ("A/c No." | "100214003456"), no colon between.
                        out.push(Field { label, value: value.text.trim().to_string(), line: seg.line, x0: value.x0 });
                    } else if label == Label::Address
                        && line_segs.get(k + 1).is_none_or(|next| {
                            label_prefix(next.text.trim()).is_some() || caption_beside(line, seg, next)
                        })
                    {
                        // An address label alone in its column, the next cell
                        // another column's label ("Communication Address" |
                        // "Product  YES ESSENCE SAVINGS"): the address is the
                        // lines under the label, at its edge.
                        out.push(Field { label, value: String::new(), line: seg.line, x0: seg.x0 });
                    }
                }
            }
        }
    }
    out.extend(labels_over_values(lines, segs));
    out
}

/// The label of a colon that has none before it on its line: the last words
/// before the colon on a neighbouring line within a little over half a line,
/// nothing between them and the colon.
fn label_beside(lines: &[Line], li: usize, colon: &W) -> Option<Label> {
    let line = lines.get(li)?;
    [li.checked_add(1), li.checked_sub(1)].into_iter().flatten().find_map(|k| {
        let o = lines.get(k).filter(|o| (o.y - line.y).abs() <= 0.6 * line.size.max(o.size))?;
        let ws = words_split_at_colons(o);
        let before: Vec<&W> = ws.iter().filter(|w| w.x1 <= colon.x0 + 0.5).collect();
        // Nothing on that line over the colon itself.
        if ws.iter().any(|w| w.x0 < colon.x1 && w.x1 > colon.x0) {
            return None;
        }
        let last = before.last()?;
        if last.text == ":" {
            return None;
        }
        let gap = SEGMENT_GAP * o.size;
        let mut run: Vec<&W> = vec![last];
        for w in before.iter().rev().skip(1) {
            if w.text == ":" || run.last().is_some_and(|n| n.x0 - w.x1 > gap) || run.len() >= 4 {
                break;
            }
            run.push(w);
        }
        run.reverse();
        label_of(&run.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" "))
    })
}

/// An address's PIN line printed as part of it, without a colon ("PIN
/// 680035", "PIN CODE - 560001"): an address line, not a labelled field.
/// An address line that names its landmark or locality with a colon
/// ("LANDMARK: CITY HOSPITAL INDORE", "NEAR: WATER TANK", "VILL: KHERA"):
/// the colon is part of the address, not a new label's.
fn landmark_colon(text: &str) -> bool {
    let Some((head, tail)) = text.split_once(':') else { return false };
    let head = norm_label(head);
    !tail.trim().is_empty()
        && !tail.contains(':')
        && matches!(
            head.as_str(),
            "LANDMARK"
                | "LAND MARK"
                | "LM"
                | "NEAR"
                | "OPP"
                | "BEHIND"
                | "VILL"
                | "VILLAGE"
                | "PO"
                | "POST"
                | "TALUK"
                | "TQ"
                | "DIST"
                | "DISTT"
                | "DISTRICT"
                | "TEHSIL"
                | "MANDAL"
                | "AREA"
                | "LOCALITY"
                // A house or flat number so labelled inside an address line
                // ("FLAT NO: 302, ROAD NO 12", "H.NO: 12-3-45").
                | "FLAT NO"
                | "FLAT"
                | "H NO"
                | "HNO"
                | "HOUSE NO"
                | "PLOT NO"
                | "PLOT"
                | "DOOR NO"
                | "D NO"
                | "SHOP NO"
                | "ROOM NO"
                | "QTR NO"
                | "WARD NO"
                | "SURVEY NO"
                | "SECTOR"
                | "BLOCK"
        )
}

fn is_pin_line(text: &str) -> bool {
    let up = text.trim().to_ascii_uppercase();
    let rest = ["PIN CODE", "PINCODE", "PIN"].iter().find_map(|p| up.strip_prefix(p));
    rest.is_some_and(|r| {
        let digits = r.trim_start_matches([' ', '-', '.', ':']).trim_end();
        // Also printed in two groups of three ("PIN : 500 095").
        let digits = match digits.split_once(' ') {
            Some((a, b)) if a.len() == 3 && b.len() == 3 => format!("{a}{b}"),
            _ => digits.to_string(),
        };
        digits.len() == 6 && digits.bytes().all(|b| b.is_ascii_digit()) && r.starts_with([' ', '-', '.', ':'])
    })
}

/// Labels set over their values, as a row of column heads ("Account Number
/// IFSC Code Branch" over "1234567890123 HDFC0001234 PUNE"): each value is
/// the segment of the next line that starts under its label. A name,
/// address, account or IFSC label alone on its line takes the value under
/// it at its edge ("Account Holder Name" over "JOSEPH THOMAS"). Captions
/// under their values ("NEHA KAPOOR" over "Account Holder", a row of
/// figures over "Account Number IFSC ..."), with no value under them, take
/// the values above; such a field counts as on the caption's line.
fn labels_over_values(lines: &[Line], segs: &[Vec<Segment>]) -> Vec<Field> {
    let mut out = Vec::new();
    // Lines a label row above has taken as its values: not captions' values.
    let mut taken: Vec<usize> = Vec::new();
    for (li, line) in lines.iter().enumerate() {
        let Some(heads) = segs.get(li) else { continue };
        if heads.is_empty() || line.text().contains(':') {
            continue;
        }
        let mut heads = split_labels(line, heads);
        let mut labels: Vec<Option<Label>> = heads.iter().map(|h| label_of(h.text.trim())).collect();
        // An account or IFSC label at the right end of a line whose other
        // segments are no labels (the holder's name at the left, "Account
        // Number" at the right over "799411063595", as a digital bank prints
        // its details beside the envelope's lines): that label alone, over
        // its value.
        if heads.len() >= 2
            && labels[..labels.len() - 1].iter().all(Option::is_none)
            && matches!(labels.last(), Some(Some(Label::Account | Label::Ifsc)))
        {
            let k = heads.len() - 1;
            heads.drain(..k);
            labels.drain(..k);
        }
        let heads = &heads;
        if labels.iter().any(Option::is_none) || labels.iter().all(|l| *l == Some(Label::Ignored)) {
            continue;
        }
        let single = heads.len() == 1;
        if single && !matches!(labels.first(), Some(Some(Label::Name | Label::Address | Label::Account | Label::Ifsc)))
        {
            continue;
        }
        let tol = 1.5 * line.size;
        let near = |other: &Line| (other.y - line.y).abs() <= 2.2 * line.size.max(other.size);
        // The values a neighbouring line gives: the segment starting under
        // each label (a lone label: at its edge, and not a label itself).
        let values_in = |k: usize| -> Vec<(Label, Segment)> {
            let (Some(vals), Some(other)) = (segs.get(k), lines.get(k)) else { return Vec::new() };
            if !near(other) {
                return Vec::new();
            }
            let mut got = Vec::new();
            for (j, (head, label)) in heads.iter().zip(&labels).enumerate() {
                let Some(label) = label else { continue };
                let until = heads.get(j + 1).map_or(f32::INFINITY, |n| n.x0 - tol);
                let found = if single {
                    vals.iter()
                        .find(|v| (v.x0 - head.x0).abs() <= tol && label_prefix(v.text.trim()).is_none())
                        .or_else(|| indented_value(vals, head, line.size))
                } else {
                    vals.iter().find(|v| v.x0 >= head.x0 - tol && v.x0 < until)
                };
                if single {
                    if let Some(v) = found {
                        got.push((*label, v.clone()));
                    }
                    continue;
                }
                // A row of labels marks its columns: a value set close to
                // the one before it ("RAHUL SHARMA 50100123456789", a space
                // or two apart) ends where the next label's column starts,
                // and the next value starts there.
                let ws = &other.words;
                let edge = |k: usize| heads.get(k).map_or(f32::INFINITY, |n| n.x0 - 0.5 * line.size);
                let start = match found {
                    Some(v) => ws.iter().position(|w| (w.x0 - v.x0).abs() <= 0.1),
                    None => ws.iter().enumerate().position(|(i, w)| {
                        w.x0 >= edge(j)
                            && w.x0 < until
                            && i.checked_sub(1).and_then(|p| ws.get(p)).is_some_and(|p| p.x0 < edge(j))
                    }),
                };
                let Some(start) = start else { continue };
                let mut run: Vec<&crate::layout::Word> = Vec::new();
                for w in ws.iter().skip(start) {
                    let apart = run.last().is_some_and(|p| w.x0 - p.x1 > SEGMENT_GAP * w.size.max(p.size));
                    if apart || (!run.is_empty() && w.x0 >= edge(j + 1)) {
                        break;
                    }
                    run.push(w);
                }
                let Some(first) = run.first() else { continue };
                let text = run.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" ");
                got.push((*label, Segment { text, x0: first.x0, line: k }));
            }
            got
        };
        let below = values_in(li + 1);
        // Captions: every label with its value right above it, at its edge.
        let above: Vec<(Label, Segment)> = li
            .checked_sub(1)
            .map(&values_in)
            .unwrap_or_default()
            .into_iter()
            .filter(|(_, v)| heads.iter().any(|h| (h.x0 - v.x0).abs() <= tol) && !v.text.contains(':'))
            .collect();
        let above = if above.len() == heads.len() { above } else { Vec::new() };
        // Values both above and under: the label goes with the nearer line
        // (a caption sits tight under its value, a label over its value).
        let gap = |k: Option<usize>| k.and_then(|k| lines.get(k)).map_or(f32::INFINITY, |o| (o.y - line.y).abs());
        // Rows of labels each over its values ("Name" / "ANJALI MENON" /
        // "Communication Address" / "KOCHUPARAMBIL HOUSE"): the line above
        // is the previous label's value, whatever the spacing.
        let above_taken = li.checked_sub(1).is_some_and(|k| taken.contains(&k));
        let caption =
            !above.is_empty() && !above_taken && (below.is_empty() || gap(li.checked_sub(1)) + 0.5 < gap(Some(li + 1)));
        if caption {
            out.extend(above.into_iter().map(|(label, v)| Field { label, value: v.text, line: li, x0: v.x0 }));
        } else {
            if !below.is_empty() {
                taken.push(li + 1);
            }
            out.extend(below.into_iter().map(|(label, v)| Field { label, value: v.text, line: li + 1, x0: v.x0 }));
        }
    }
    out
}

/// A one-word name or address label and its value a grid cell's padding
/// apart ("Name  MR. JOSEPH MATHEW", the label set flush right in its cell):
/// wider than a word space, narrower than a segment gap.
fn cell_apart(words: &[W], seg_x0: f32, head: usize, size: f32) -> bool {
    let mut own = words.iter().filter(|w| w.x0 >= seg_x0 - 0.5);
    let (Some(label_end), Some(value)) = (own.clone().nth(head.wrapping_sub(1)), own.nth(head)) else {
        return false;
    };
    value.x0 - label_end.x1 >= 1.2 * size
}

/// A lone label's value indented under it, as a definition list sets it
/// ("Account Holder" over "MS. AISHA KHAN" five characters in): the next
/// line's only segment, right of the label's edge by up to five font sizes,
/// no label and no colon.
fn indented_value<'a>(vals: &'a [Segment], head: &Segment, size: f32) -> Option<&'a Segment> {
    let [only] = vals else { return None };
    (only.x0 > head.x0
        && only.x0 - head.x0 <= 5.0 * size
        && label_prefix(only.text.trim()).is_none()
        && !only.text.contains(':'))
    .then_some(only)
}

/// A row of labels set close together ("Customer Name  Account No." a space
/// or two apart, one segment): each segment that is no label but runs of
/// labels word after word becomes one segment per label.
fn split_labels(line: &Line, heads: &[Segment]) -> Vec<Segment> {
    let mut out = Vec::with_capacity(heads.len());
    for (k, h) in heads.iter().enumerate() {
        let end = heads.get(k + 1).map_or(f32::INFINITY, |n| n.x0 - 0.1);
        let ws: Vec<&crate::layout::Word> = line.words.iter().filter(|w| w.x0 >= h.x0 - 0.1 && w.x0 < end).collect();
        let mut pieces: Vec<Segment> = Vec::new();
        let mut i = 0;
        while i < ws.len() && label_of(h.text.trim()).is_none() {
            let text =
                |n: usize| ws.get(i..i + n).map(|r| r.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" "));
            let Some(n) = (1..=4.min(ws.len() - i)).rev().find(|&n| text(n).is_some_and(|t| label_of(&t).is_some()))
            else {
                break;
            };
            let (Some(t), Some(first)) = (text(n), ws.get(i)) else { break };
            pieces.push(Segment { text: t, x0: first.x0, line: h.line });
            i += n;
        }
        if pieces.len() >= 2 && i == ws.len() {
            out.extend(pieces);
        } else {
            out.push(h.clone());
        }
    }
    out
}

/// A figure rather than words ("25,00,000.00", "1,200 Cr"): never an address line.
fn is_amount_like(t: &str) -> bool {
    t.split_whitespace().next().is_some_and(|w| Money::parse(w).is_ok() && w.contains(['.', ',']))
}

/// A name printed in two scripts ("RAJESH KUMAR SHARMA राजेश कुमार शर्मा",
/// as bilingual statements print the holder): its Latin words. A name in
/// one script only stays as printed.
fn latin_rendering(name: &str) -> String {
    let other = |w: &str| w.chars().any(|c| c.is_alphabetic() && !c.is_ascii());
    let latin = |w: &str| w.chars().any(|c| c.is_ascii_alphabetic());
    let words: Vec<&str> = name.split_whitespace().collect();
    if !words.iter().any(|w| latin(w)) || !words.iter().any(|w| other(w)) {
        return name.to_string();
    }
    words.into_iter().filter(|w| !other(w) && *w != "/" && *w != "(" && *w != ")").collect::<Vec<_>>().join(" ")
}

/// Salutations printed before a holder's name, in capitals.
/// Salutations; MAST. / MASTER and BABY are a minor boy's and girl's.
const TITLES: &[&str] = &[
    "MR", "MRS", "MS", "MISS", "DR", "SHRI", "SRI", "SMT", "SHRIMATI", "KUM", "KUMARI", "M/S", "MESSRS", "MAST",
    "MASTER", "BABY",
];

/// The first holder of two people's names joined by an ampersand on one line
/// ("JITENDRA SHETTY & SUNITA SHETTY", "Mr. ABHISHEK SHETTY & POOJA SHETTY"):
/// both sides names of two words or more, and no firm's ("SHAH & SONS",
/// "JOHNSON & JOHNSON PVT LTD", "R K JAIN & CO" keep theirs).
fn first_of_joint(name: &str) -> &str {
    let Some((a, b)) = name.split_once(" & ") else { return name };
    let person = |s: &str| {
        let s = strip_title(s);
        s.split_whitespace().count() >= 2 && is_name_words(&s) && !organisation(&s) && !s.contains('&')
    };
    if person(a) && person(b) && !organisation(name) { a.trim_end() } else { name }
}

/// The name without the minor's-account marker after it ("MAST. KABIR SAXENA
/// (MINOR)", "ANIKA RAO MINOR"): the holder is the minor, the marker no part of
/// the name.
fn without_minor_marker(name: &str) -> &str {
    let t = name.trim_end();
    for marker in ["(MINOR)", "(MINOR A/C)", "(MINOR AC)", " MINOR"] {
        if let Some(head) = t.len().checked_sub(marker.len()).and_then(|k| t.get(..k))
            && t.get(head.len()..).is_some_and(|m| m.eq_ignore_ascii_case(marker))
            && head.split_whitespace().count() >= 2
        {
            return head.trim_end();
        }
    }
    t
}

/// The name without its salutation, in any case, with or without a dot and
/// with the dot glued to the name ("Mr.RAMESH", "Kum. DIVYA", "M/s. BHARAT").
/// "SHRI SAI SEVA TRUST" keeps its Shri: an organisation's name begins so.
fn strip_title(name: &str) -> String {
    let t = name.trim();
    let head: String = t.chars().take_while(|c| c.is_ascii_alphabetic() || *c == '/').collect();
    let upper = head.to_ascii_uppercase();
    if !TITLES.contains(&upper.as_str()) {
        return t.to_string();
    }
    let rest = t.get(head.len()..).unwrap_or_default();
    let rest = match rest.strip_prefix('.') {
        Some(r) => r,
        None if rest.starts_with(' ') => rest,
        None => return t.to_string(),
    };
    let rest = rest.trim();
    let religious = matches!(upper.as_str(), "SHRI" | "SRI");
    if rest.is_empty() || (religious && organisation(rest)) {
        return t.to_string();
    }
    rest.to_string()
}

/// The name after "Welcome" on a portal's top bar, up to a "|", a comma or
/// "Last login": "Welcome RAHUL SHARMA | Last login 24-Nov-2026 18:22:10".
fn welcome_name(line: &str) -> Option<String> {
    let mut words =
        line.split_whitespace().skip_while(|w| !w.trim_end_matches([',', ':']).eq_ignore_ascii_case("welcome"));
    words.next()?;
    let mut name: Vec<&str> = Vec::new();
    for w in words {
        let stop = w.starts_with('|') || w.eq_ignore_ascii_case("last") || w.bytes().any(|b| b.is_ascii_digit());
        if stop {
            break;
        }
        let end = w.ends_with([',', '|', '!']);
        let w = w.trim_end_matches([',', '|', '!']).trim_start_matches([',', ':']);
        if !w.is_empty() {
            name.push(w);
        }
        if end {
            break;
        }
    }
    let name = name.join(" ");
    let first = name.split_whitespace().next().unwrap_or_default().to_ascii_lowercase();
    (is_name_words(&strip_title(&name))
        && !matches!(first.as_str(), "to" | "back")
        && banks::by_name_in(&name).is_none())
    .then_some(name)
}

/// One to six words of letters (and `.`, `'`, `-`, `&`), no digits: a
/// person's or firm's name in any case.
/// A holder label's value that names the account's product ("Everyday
/// account", "Regular Savings A/C"), not its holder.
fn names_a_product(value: &str) -> bool {
    value.split_whitespace().last().is_some_and(|w| {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric() && c != '/');
        w.eq_ignore_ascii_case("ACCOUNT") || w.eq_ignore_ascii_case("A/C")
    })
}

/// A heading read as a name label and its value ("ACCOUNT HOLDER DETAILS"
/// over the customer block, "Account Holder Information"): no name.
fn heading_value(value: &str) -> bool {
    let words: Vec<String> = value.split_whitespace().map(str::to_ascii_uppercase).collect();
    !words.is_empty()
        && words.iter().all(|w| matches!(w.as_str(), "DETAILS" | "DETAIL" | "INFORMATION" | "INFO" | "PARTICULARS"))
}

fn is_name_words(s: &str) -> bool {
    let words = s.split_whitespace().count();
    (1..=6).contains(&words)
        && s.chars().filter(|c| c.is_alphabetic()).count() >= 3
        && s.chars().all(|c| c.is_alphabetic() || matches!(c, ' ' | '.' | '&' | '/' | '-' | '\''))
}

fn is_caps_name(s: &str) -> bool {
    let letters = s.chars().filter(|c| c.is_alphabetic()).count();
    letters >= 3
        && s.chars().all(|c| c.is_ascii_uppercase() || matches!(c, ' ' | '.' | '&' | '/' | '-' | '\''))
        && s.split_whitespace().count() <= 8
}

const NOT_A_NAME: &[&str] = &[
    "BANK",
    "STATEMENT",
    "ACCOUNT",
    "BRANCH",
    "PAGE",
    "SAVINGS",
    "CURRENT",
    "DETAILS",
    "SUMMARY",
    // A summary grid's column labels in capitals ("BALANCE FORWARD  TOTAL
    // DEBITS  TOTAL CREDITS  CLOSING BALANCE"), a help box's title.
    "BALANCE",
    "FORWARD",
    "TOTAL",
    "DEBITS",
    "CREDITS",
    "OPENING",
    "CLOSING",
    "TRANSACTIONS",
    "CUSTOMER",
];

/// Words that make a name a firm's, trust's or society's on any account.
const ORGANISATION: &[&str] = &[
    "PVT",
    "PRIVATE",
    "LTD",
    "LIMITED",
    "LLP",
    "ENTERPRISES",
    "TRADERS",
    "M/S",
    "MESSRS",
    "HUF",
    "TRUST",
    "SOCIETY",
    "FOUNDATION",
    "ASSOCIATION",
    "SAMITI",
    "SANSTHA",
    "SANGH",
    "MANDAL",
    "MANDALI",
    "PROP",
    "PROPRIETOR",
    "PROPRIETRIX",
    "INDUSTRIES",
    "CORPORATION",
    "COOPERATIVE",
    "COOP",
    "PANCHAYAT",
    "SCHOOL",
    "COLLEGE",
    "HOSPITAL",
];

/// Words of a business's name: corporate on a current, cash-credit or
/// overdraft account (a person's name on such an account stays individual).
const CORPORATE: &[&str] = &[
    "CO",
    "COMPANY",
    "EXPORTS",
    "IMPORTS",
    "AGENCIES",
    "AGENCY",
    "SOLUTIONS",
    "TECHNOLOGIES",
    "TECH",
    "INFOTECH",
    "DIGITAL",
    "ASSOCIATES",
    "STEELS",
    "STEEL",
    "METALS",
    "MOTORS",
    "AUTOMOBILES",
    "STORES",
    "STORE",
    "MEDICALS",
    "MEDICAL",
    "PHARMA",
    "ELECTRICALS",
    "ELECTRONICS",
    "HARDWARE",
    "TEXTILES",
    "GARMENTS",
    "JEWELLERS",
    "FOODS",
    "TRANSPORT",
    "LOGISTICS",
    "CONSTRUCTIONS",
    "CONSTRUCTION",
    "BUILDERS",
    "DEVELOPERS",
    "INFRA",
    "PROJECTS",
    "SERVICES",
    "SYSTEMS",
    "CONSULTANTS",
    "CONSULTANCY",
    "VENTURES",
    "BROTHERS",
    "BROS",
    "SONS",
    "TRADING",
    "MILLS",
    "WORKS",
    "ENGINEERING",
    "ENGINEERS",
    "TRAVELS",
    "HOTEL",
    "SWEETS",
    "CLINIC",
    "PACKAGING",
    "SUPPLIERS",
    "DISTRIBUTORS",
    "DEALERS",
    "MARKETING",
    "AGRO",
    "CHEMICALS",
    "PLASTICS",
    "FURNITURE",
    "EMPORIUM",
    "INTERNATIONAL",
];

fn name_words(name: &str) -> Vec<String> {
    name.to_ascii_uppercase()
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '/')
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// A firm's, company's, trust's or society's name (not a person's).
fn organisation(name: &str) -> bool {
    name_words(name).iter().any(|w| ORGANISATION.contains(&w.as_str()) || CORPORATE.contains(&w.as_str()))
}

/// Individual or corporate, from the name and the account type.
pub fn category(name: &str, current: bool) -> AccountCategory {
    let upper = name.to_ascii_uppercase();
    let words = name_words(name);
    // "& CO", "AND CO": a partnership firm.
    let and_co = words.windows(2).any(|p| matches!(p, [a, b] if a == "AND" && b == "CO")) || upper.contains("& CO");
    if words.iter().any(|w| ORGANISATION.contains(&w.as_str())) || upper.starts_with("M/S") || and_co {
        return AccountCategory::Corporate;
    }
    if current && words.iter().any(|w| CORPORATE.contains(&w.as_str())) {
        return AccountCategory::Corporate;
    }
    AccountCategory::Individual
}

/// An overdraft or cash-credit account type (`OD`, `CC`, `OCC`, `SOD`,
/// `CASH CREDIT`, `OVERDRAFT`, `OVER DRAFT`).
fn overdraft_type(text: &str) -> bool {
    let n = norm_label(text);
    let words: Vec<&str> = n.split(' ').collect();
    ["OD", "CC", "OCC", "SOD"].iter().any(|w| words.contains(w))
        || n.contains("OVERDRAFT")
        || n.contains("OVER DRAFT")
        || n.contains("CASH CREDIT")
}

fn account_type(text: &str) -> Option<AccountType> {
    let n = norm_label(text);
    let words: Vec<&str> = n.split(' ').collect();
    let has = |w: &str| words.contains(&w);
    if has("SAVINGS") || has("SAVING") || has("SB") || n.contains("SAVINGS") {
        Some(AccountType::Savings)
    } else if has("CURRENT") || has("CA") || has("CD") || overdraft_type(text) {
        Some(AccountType::Current)
    } else {
        None
    }
}

/// The account number of a value: one word ("50100234567812", masked
/// "XXXXXX1234" or "50100****4521", grouped with hyphens "052-123456-001"),
/// or groups of digits printed apart ("2701 0100 0123 45", masked "XXXX
/// XXXX 5678"), joined.
fn account_number(value: &str) -> Option<String> {
    let words: Vec<&str> = value
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '*'))
        .filter(|w| !w.is_empty())
        .collect();
    let group = |w: &str| (2..=7).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_digit() || b"Xx*".contains(&b));
    for (i, w) in words.iter().enumerate() {
        if !group(w) {
            continue;
        }
        let run: Vec<&str> = words.iter().skip(i).take_while(|w| group(w)).copied().collect();
        let joined = run.concat();
        if run.len() >= 2 && (9..=20).contains(&joined.len()) && joined.bytes().filter(u8::is_ascii_digit).count() >= 4
        {
            return Some(joined);
        }
        break;
    }
    words
        .into_iter()
        .find(|w| {
            let plain = w.len() >= 6
                && w.bytes().filter(u8::is_ascii_digit).count() >= 4
                && w.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'*');
            // Grouped with hyphens as HSBC prints it ("052-123456-001"); not a date.
            let grouped = w.contains('-')
                && w.bytes().filter(u8::is_ascii_digit).count() >= 8
                && w.bytes().all(|b| b.is_ascii_digit() || b == b'-')
                && !dates::looks_like_date(w);
            plain || grouped
        })
        .map(str::to_string)
}

/// The number in a title line whose label is followed by a dash, not a colon
/// ("Statement of Account No - 917020012345678 for the period (From : ...").
fn account_in_title(text: &str) -> Option<String> {
    let upper = text.to_ascii_uppercase();
    ["ACCOUNT NO", "ACCOUNT NUMBER", "A/C NO"].iter().find_map(|label| {
        let at = upper.find(label)? + label.len();
        let after = upper.get(at..)?.trim_start_matches(['.', ' ']);
        let value = after.strip_prefix('-')?;
        let value = value.split(" FOR ").next().unwrap_or(value);
        account_number(value)
    })
}

/// The number right after the label of a statement's title line, with no
/// colon or dash: "Statement of account for A/c 50100412345678 for the
/// period ...", "Statement of Account No. XXXXXXXXXX1234 for the period".
fn account_in_statement_title(text: &str) -> Option<String> {
    let upper = text.to_ascii_uppercase();
    if !upper.trim_start().starts_with("STATEMENT OF") {
        return None;
    }
    ["ACCOUNT NUMBER", "ACCOUNT NO", "A/C NO", "A/C"].iter().find_map(|label| {
        let at = upper.find(label)? + label.len();
        let after = upper.get(at..)?;
        // A label word, not the start of a longer one ("A/CS").
        if !after.starts_with([' ', '.', ':']) {
            return None;
        }
        let first = after.trim_start_matches(['.', ' ', ':']).split_whitespace().next()?;
        account_number(first).filter(|n| n.len() >= 9)
    })
}

/// A joint holder's name on the row under the holder's, with no label
/// ("MR VIVEK SHARMA" over "MRS ANJU SHARMA", then the address): a person's
/// salutation and name words only. Shri, Sri and Dr begin place and road
/// names ("SHRI RAM NAGAR", "DR AMBEDKAR ROAD"), so they do not count here.
fn joint_name_row(text: &str) -> bool {
    let t = text.trim();
    let head: String = t.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
    let person =
        matches!(head.to_ascii_uppercase().as_str(), "MR" | "MRS" | "MS" | "MISS" | "SMT" | "SHRIMATI" | "KUM");
    let untitled = strip_title(t);
    person && untitled.len() < t.len() && is_name_words(&untitled) && !t.contains('/')
}

/// A name set alone on its row in type larger than the block's ("Rohit
/// Sinha" in 11 pt over 8 pt details, no label and no salutation, in any
/// case): two to four capitalised words of letters.
fn large_name_row(block: &[Line], segs: &[Vec<Segment>]) -> Option<Segment> {
    let mut sizes: Vec<f32> = block.iter().map(|l| l.size).collect();
    sizes.sort_by(f32::total_cmp);
    let body = *sizes.get(sizes.len() / 2)?;
    const NOT_HOLDER: &[&str] = &["HISTORY", "TRANSACTION", "PASSBOOK", "REPORT", "E-STATEMENT", "WELCOME"];
    block.iter().zip(segs).find_map(|(l, row)| {
        // Alone on its row, or first on it with the account details far to
        // its right ("Anand K. Menon" in 10 pt, "A/c: 1567 0100 0234 56" in 8
        // pt at the right): its own words are the larger type.
        let only = row.first()?;
        let n = only.text.split_whitespace().count();
        let own =
            l.words.iter().filter(|w| w.x0 >= only.x0 - 0.1).take(n).map(|w| w.size).fold(f32::INFINITY, f32::min);
        let end = l.words.iter().filter(|w| w.x0 >= only.x0 - 0.1).take(n).last().map_or(only.x0, |w| w.x1);
        if row.len() > 1 && !row.iter().skip(1).all(|s| s.x0 > end + 10.0 * own) {
            return None;
        }
        let t = only.text.trim();
        let words: Vec<&str> = t.split_whitespace().collect();
        let fit = own >= 1.25 * body
            && (2..=4).contains(&words.len())
            && is_name_words(t)
            && words.iter().all(|w| w.chars().next().is_some_and(|c| c.is_ascii_uppercase()))
            && label_prefix(t).is_none()
            && banks::by_name_in(t).is_none()
            && !words.iter().any(|w| {
                let w = w.to_ascii_uppercase();
                NOT_A_NAME.contains(&w.as_str()) || NOT_HOLDER.contains(&w.as_str())
            });
        fit.then(|| only.clone())
    })
}

/// A customer block set right of another block (the branch's labels and
/// address on the left, "To" and the holder's name and address on the
/// right): the unlabelled name's own row has a segment far left of it. The
/// left edge of the customer block then; what lies left of it on the
/// address rows is the other block's.
fn other_block_beside(
    block: &[Line],
    segs: &[Vec<Segment>],
    unlabelled: bool,
    name_line: Option<usize>,
    name_x: f32,
) -> Option<f32> {
    let l = name_line.filter(|_| unlabelled)?;
    let far = 10.0 * block.get(l)?.size;
    segs.get(l)?.iter().any(|s| s.x0 < name_x - far).then_some(name_x - far)
}

/// A row of a grid whose address cell spans several rows ("IFSC" | "THANE
/// WEST 400 607" | "HDFC0002345"): the segment left of the address column is
/// a label alone (not a name's or an address's), and the segment right after
/// the address line is a value, not a label: that label's value, so the line
/// between is the spanning cell's.
fn spanned_row(row: &[Segment], at_column: &Segment, left: &Segment) -> bool {
    let label_alone = matches!(label_prefix(left.text.trim()), Some((l, rest))
        if rest.is_empty() && !matches!(l, Label::Name | Label::Address | Label::AddressPart));
    let next = row.iter().find(|s| s.x0 > at_column.x0 + 0.1);
    label_alone
        && label_prefix(at_column.text.trim()).is_none()
        && !at_column.text.contains(':')
        && next.is_some_and(|n| label_prefix(n.text.trim()).is_none() && !n.text.contains(':'))
}

/// The extent of a segment on its line (its words' left and right edges).
fn extent(line: &Line, seg: &Segment) -> (f32, f32) {
    let n = seg.text.split_whitespace().count();
    let words: Vec<&crate::layout::Word> = line.words.iter().filter(|w| w.x0 >= seg.x0 - 0.1).take(n).collect();
    (seg.x0, words.last().map_or(seg.x0, |w| w.x1))
}

/// The address lines under a name whose block is set centred (a cover page's
/// "MS. SHREYA BANERJEE" over "12/3A, BALLYGUNGE PLACE" and "KOLKATA 700 019",
/// each centred) or flush right (a customer block at the top right, beside
/// the account details): each line's centre, or its right edge, where the
/// name's is. Rows with nothing there (another column's) are stepped over;
/// a blank row, a label, a colon, the statement's title end the address.
fn address_aligned_under(block: &[Line], segs: &[Vec<Segment>], name_line: usize, name_x: f32) -> Vec<String> {
    let (Some(nl), Some(name_seg)) =
        (block.get(name_line), segs.get(name_line).and_then(|ss| ss.iter().find(|s| (s.x0 - name_x).abs() <= 0.5)))
    else {
        return Vec::new();
    };
    let (n0, n1) = extent(nl, name_seg);
    let mut out: Vec<String> = Vec::new();
    // 1: flush right, 2: centred (fixed by the first line).
    let mut mode = 0u8;
    let mut off_left_seen = false;
    let mut prev_y = nl.y;
    for (i, row) in segs.iter().enumerate().skip(name_line + 1) {
        let Some(l) = block.get(i) else { break };
        let tol = (0.8 * l.size).max(2.0);
        if l.y - prev_y > 2.2 * l.size.max(nl.size) * if out.is_empty() { 1.0 } else { 1.5 } {
            break;
        }
        let hit = row.iter().find_map(|s| {
            let (x0, x1) = extent(l, s);
            let right = (x1 - n1).abs() <= tol;
            let centred = ((x0 + x1) / 2.0 - (n0 + n1) / 2.0).abs() <= tol;
            let m = match (right, centred) {
                (true, _) if mode != 2 => 1,
                (_, true) if mode != 1 => 2,
                _ => return None,
            };
            Some((m, s, (x0 - n0).abs() > tol))
        });
        let Some((m, seg, off_left)) = hit else {
            if row.is_empty() {
                break;
            }
            continue;
        };
        let text = seg.text.trim();
        let stop = (text.contains(':') && !landmark_colon(text) && !is_pin_line(text))
            || (label_prefix(text).is_some() && !is_pin_line(text) && !place_line(text))
            || text.to_ascii_uppercase().contains("STATEMENT")
            || dates::dates_in(text).len() >= 2
            || text.contains('@')
            || is_amount_like(text)
            || (text.len() >= 8 && text.bytes().all(|b| b.is_ascii_digit() || b"Xx*".contains(&b)));
        if stop {
            break;
        }
        mode = m;
        off_left_seen |= off_left;
        out.push(text.to_string());
        prev_y = l.y;
    }
    // Lines all at the name's left edge are the main reading's.
    if off_left_seen { out } else { Vec::new() }
}

/// The holder named in the statement's title between dashes ("Statement of
/// Account - MR. VIKRAM SINGH RATHORE - A/c No. 12340100056789"): a part
/// that starts with a salutation and is name words only.
fn name_in_title(text: &str) -> Option<String> {
    let upper = text.trim_start().to_ascii_uppercase();
    if !(upper.starts_with("STATEMENT OF ACCOUNT") || upper.starts_with("ACCOUNT STATEMENT")) {
        return None;
    }
    text.split(" - ").skip(1).map(str::trim).find_map(|part| {
        let untitled = strip_title(part);
        (untitled.len() < part.len() && is_name_words(&untitled) && !organisation(&untitled)).then(|| part.to_string())
    })
}

/// "Regd. Office:" / "Registered Office :" alone on its row under a
/// company's name, over its address lines: a heading, neither name nor
/// address.
fn registered_office_heading(text: &str) -> bool {
    matches!(
        norm_label(text).as_str(),
        "REGD OFFICE" | "REGD OFF" | "REGISTERED OFFICE" | "REGD OFFICE ADDRESS" | "REGISTERED OFFICE ADDRESS"
    )
}

/// A label in caption type (smaller than the cell after it on its row: a
/// card's grey "Address" over its lines, "IFSC" over its code in another
/// column): its value is under it, not the next cell, which is another
/// column's value.
fn caption_beside(line: &Line, label: &Segment, next: &Segment) -> bool {
    let size_of = |seg: &Segment| {
        let n = seg.text.split_whitespace().count();
        line.words.iter().filter(|w| w.x0 >= seg.x0 - 0.1).take(n).map(|w| w.size).fold(f32::INFINITY, f32::min)
    };
    size_of(label) < 0.85 * size_of(next)
}

/// A segment left of the address column that belongs to no cell of the
/// customer block: a logo's letters in type larger than the name's ("AXIS"
/// in a dark box beside "KARVE NAGAR"), or the Hindi half of a bilingual
/// label cell ("पता" under "Address", the address's second line beside it).
fn beside_the_column(line: &Line, seg: &Segment, addr_x: f32, name_size: f32) -> bool {
    if seg.x0 >= addr_x - (0.8 * line.size).max(2.0) {
        return false;
    }
    let n = seg.text.split_whitespace().count();
    let words: Vec<&crate::layout::Word> = line.words.iter().filter(|w| w.x0 >= seg.x0 - 0.1).take(n).collect();
    // (A Hindi label with a colon on its row is a label of its own.)
    let hindi = !seg.text.chars().any(|c| c.is_ascii_alphanumeric())
        && !seg.text.is_ascii()
        && !line.words.iter().any(|w| w.text.contains(':'));
    let logo = n <= 2
        && seg.text.chars().all(|c| c.is_ascii_uppercase() || c == ' ')
        && words.iter().all(|w| w.size >= 1.2 * name_size);
    hindi || logo
}

/// An address line that starts with a word that is also a label ("VILLAGE
/// ROAD NO 3", "STATE BANK COLONY"): no colon, and a road or locality word
/// right after the label or at the end.
fn place_line(text: &str) -> bool {
    const PLACE: &[&str] = &[
        "ROAD",
        "RD",
        "STREET",
        "ST",
        "MARG",
        "LANE",
        "NAGAR",
        "COLONY",
        "CROSS",
        "MAIN",
        "CHOWK",
        "BAZAR",
        "BAZAAR",
        "SALAI",
        "GALI",
        "LAYOUT",
        "VIHAR",
        "ENCLAVE",
        "EXTN",
        "SOCIETY",
        "APARTMENTS",
    ];
    let Some((_, rest)) = label_prefix(text) else { return false };
    let place = |w: Option<&str>| {
        w.is_some_and(|w| {
            PLACE.contains(&w.trim_matches(|c: char| !c.is_ascii_alphabetic()).to_ascii_uppercase().as_str())
        })
    };
    !text.contains(':') && (place(rest.split_whitespace().next()) || place(text.split_whitespace().last()))
}

/// The edge of the lines under an address label with nothing after it: the
/// label's, or, when the row under it has nothing there and starts further
/// right ("Address :" alone, its lines in the values' column), that row's.
fn lines_right_of_label(block: &[Line], segs: &[Vec<Segment>], label_line: usize, label_x: f32) -> f32 {
    let Some(size) = block.get(label_line + 1).map(|l| l.size) else { return label_x };
    let tol = (0.8 * size).max(2.0);
    match segs.get(label_line + 1).map(Vec::as_slice) {
        Some([first, ..])
            if first.x0 > label_x + tol
                && first.x0 < label_x + 20.0 * size
                && label_prefix(first.text.trim()).is_none()
                && !first.text.contains(':') =>
        {
            first.x0
        }
        _ => label_x,
    }
}

/// Identity from the header-block lines (above the table on the first page).
/// `rest` is the other text of the statement (footers, the summary after the
/// table), searched for a period, IFSC, MICR or balances the block lacks.
pub fn read(block: &[Line], rest: &[Line]) -> Identity {
    let segs = segments(block);
    let all_fields = fields(block, &segs);
    let rest_fields = fields(rest, &segments(rest));
    let mut id = Identity::default();
    let first = |fs: &[Field], l: Label| fs.iter().find(|f| f.label == l && !f.value.is_empty()).cloned();
    let find = |l: Label| first(&all_fields, l).or_else(|| first(&rest_fields, l));

    // Holder name and address.
    // "Account name  Everyday account" (NZ and UK banks name the product
    // there, the holder above the address): a value ending in ACCOUNT or A/C
    // names no person or firm.
    let name_field = first(&all_fields, Label::Name).filter(|f| !names_a_product(&f.value) && !heading_value(&f.value));
    // The name as printed keeps its title: "M/S" says the holder is a firm.
    let (printed_name, name_line, name_x) = match &name_field {
        Some(f) => (f.value.clone(), Some(f.line), f.x0),
        None => {
            let plausible = |t: &str| {
                label_prefix(t).is_none()
                    && !NOT_A_NAME.iter().any(|w| t.split_whitespace().any(|x| x.eq_ignore_ascii_case(w)))
                    && banks::by_name_in(t).is_none()
            };
            // A line that starts with a title ("Mr. Rahul Sharma", "Mrs.
            // SUNITA DEVI", "M/S ORBIT TRADERS") names the holder in any case
            // of letters; else the first name in capitals.
            let titled = segs.iter().flatten().find(|s| {
                let untitled = strip_title(&s.text);
                untitled.len() < s.text.trim().len()
                    && is_name_words(without_minor_marker(&untitled))
                    && plausible(&s.text)
            });
            // A name alone in larger type comes before the first run of
            // capitals ("INR" of a "Currency INR" row under it).
            let large = if titled.is_none() { large_name_row(block, &segs) } else { None };
            let in_title = segs
                .iter()
                .flatten()
                .find_map(|s| name_in_title(&s.text).map(|text| Segment { text, x0: s.x0, line: s.line }));
            let cand = in_title
                .as_ref()
                .or(titled)
                .or(large.as_ref())
                .or_else(|| segs.iter().flatten().find(|s| is_caps_name(&s.text) && plausible(&s.text)));
            match cand {
                // HDFC sets the salutation apart from the name ("MR      RAHUL
                // VERMA"): a title alone in the segment before it is the
                // name's, and its edge is the block's (the address under it).
                Some(s) => {
                    let before = segs.get(s.line).and_then(|l| l.iter().rev().find(|p| p.x0 < s.x0));
                    match before.filter(|p| {
                        let t = p.text.trim().trim_end_matches('.').to_ascii_uppercase();
                        TITLES.contains(&t.as_str()) && s.x0 - p.x0 < 20.0 * block.get(s.line).map_or(8.0, |l| l.size)
                    }) {
                        Some(p) => (format!("{} {}", p.text.trim(), s.text.trim()), Some(s.line), p.x0),
                        None => (s.text.clone(), Some(s.line), s.x0),
                    }
                }
                None => (String::new(), None, 0.0),
            }
        }
    };
    // A net-banking page printed from the browser names the logged-in user
    // ("Welcome RAHUL SHARMA | Last login ..."): the holder only when nothing
    // else on the statement names one (the user may be a joint holder).
    let printed_name = if printed_name.is_empty() {
        block.iter().chain(rest).find_map(|l| welcome_name(&l.text())).unwrap_or_default()
    } else {
        printed_name
    };
    // A labelled name too long for its cell wraps onto the next row, at the
    // value's edge ("Customer Name : M/S SRI VENKATESWARA RICE" over
    // "MILLS"), a label starting the row after: one or two words of letters.
    // Two words under a person's name of two words or more are a joint
    // holder's name ("Name : Mr. JITENDRA GHOSH" over "SUNITA GHOSH"), not the
    // rest of the first.
    let mut name_line = name_line;
    let printed_name = match (&name_field, name_line) {
        (Some(f), Some(l)) if f.value.len() >= 18 => {
            let next = segs.get(l + 1).map(Vec::as_slice).unwrap_or_default();
            let size = block.get(l).map_or(8.0, |b| b.size);
            let after_is_label = segs
                .get(l + 2)
                .and_then(|s| s.first())
                .is_some_and(|s| label_prefix(s.text.trim()).is_some() || s.text.contains(':'));
            match next {
                [only]
                    if (only.x0 - f.x0).abs() <= 0.8 * size
                        && after_is_label
                        && (only.text.split_whitespace().count() == 1
                            || (only.text.split_whitespace().count() == 2
                                && (organisation(&printed_name)
                                    || strip_title(&printed_name).split_whitespace().count() < 2)))
                        && only.text.chars().all(|c| c.is_ascii_uppercase() || c == ' ')
                        && label_prefix(only.text.trim()).is_none() =>
                {
                    name_line = Some(l + 1);
                    format!("{} {}", printed_name.trim(), only.text.trim())
                }
                _ => printed_name,
            }
        }
        _ => printed_name,
    };
    // A company's name wrapped in a narrow customer box ("M/S. SHREE GANESH
    // AGRO INDUSTRIES" over "PRIVATE LIMITED"): a row at the name's edge of
    // company-form words only continues the name.
    let printed_name = match name_line {
        Some(l) => {
            let size = block.get(l).map_or(8.0, |b| b.size);
            let at_edge = segs
                .get(l + 1)
                .and_then(|s| s.iter().find(|s| (s.x0 - name_x).abs() <= 0.8 * size))
                .filter(|s| segs.get(l + 1).is_some_and(|all| all.iter().all(|o| o.x0 >= s.x0)));
            let words = at_edge.map(|s| name_words(&s.text)).unwrap_or_default();
            const FORM: &[&str] = &["PRIVATE", "PVT", "LIMITED", "LTD", "LLP", "CO", "COMPANY", "HUF"];
            const ALSO: &[&str] = &["AND", "SONS", "INDIA", "INDUSTRIES", "ENTERPRISES", "TRADERS", "CORPORATION"];
            let company_form = !words.is_empty()
                && words.iter().any(|w| FORM.contains(&w.as_str()))
                && words.iter().all(|w| FORM.contains(&w.as_str()) || ALSO.contains(&w.as_str()))
                && at_edge.is_some_and(|s| s.text.chars().all(|c| c.is_ascii_uppercase() || " .&()".contains(c)));
            match at_edge.filter(|_| company_form) {
                Some(s) => {
                    name_line = Some(l + 1);
                    format!("{} {}", printed_name.trim(), s.text.trim())
                }
                None => printed_name,
            }
        }
        None => printed_name,
    };
    let printed_name = latin_rendering(&printed_name);
    id.name = first_of_joint(without_minor_marker(&strip_title(&printed_name))).to_string();
    // A name of fewer than two letters ("A", "=" where a redaction bar or a
    // smudge stands on a scan) names nobody.
    if id.name.chars().filter(|c| c.is_alphabetic()).count() < 2 {
        id.name.clear();
    }
    // The address: under an "Address" label when the name had a label too,
    // else the lines set under the name in the customer block.
    // A name found without a label ("MR. DINESH PANDEY" in bold) takes an
    // Address label right under it, at its edge (not a branch block's
    // "Address" in another column).
    // A labelled address, or else an address label with nothing after it
    // (the lines under it are the address).
    let addr_field = first(&all_fields, Label::Address)
        .or_else(|| all_fields.iter().find(|f| f.label == Label::Address).cloned())
        .filter(|f| {
            name_field.is_some()
                || name_line.is_some_and(|l| {
                    let size = block.get(f.line).map_or(8.0, |b| b.size);
                    f.line > l
                        && f.line <= l + 2
                        && segs.get(f.line).and_then(|s| s.first()).is_some_and(|s| {
                            (s.x0 - name_x).abs() <= 2.0 * size
                                && label_prefix(s.text.trim()).is_some_and(|(l, _)| l == Label::Address)
                        })
                })
        });
    let (addr_start, addr_x, mut address) = match (&addr_field, name_line) {
        // A label with nothing after it ("Customer Address :" over the
        // lines): they start at the label's edge.
        (Some(f), _) if f.value.trim().is_empty() => {
            let label_x = segs
                .get(f.line)
                .and_then(|ss| ss.iter().find(|s| matches!(label_prefix(s.text.trim()), Some((Label::Address, _)))))
                .map_or(f.x0, |s| s.x0);
            (f.line + 1, lines_right_of_label(block, &segs, f.line, label_x), Vec::new())
        }
        (Some(f), _) => (f.line + 1, f.x0, vec![f.value.clone()]),
        // Under a labelled name ("Name :- SHREE BALAJI AGENCIES") the
        // address may start at the label's edge.
        // (the first row under it, past a joint holder's, that starts there).
        (None, Some(l)) if name_field.is_some() => {
            let size = block.get(l).map_or(8.0, |b| b.size);
            let label_x = segs.get(name_field.as_ref().map_or(l, |f| f.line)).and_then(|s| s.first()).map(|s| s.x0);
            let first_under = segs
                .iter()
                .skip(l + 1)
                .take(3)
                .filter_map(|s| s.first())
                .find(|s| !matches!(label_prefix(s.text.trim()), Some((Label::Ignored, _))));
            let at_label = label_x.zip(first_under).is_some_and(|(lx, s)| {
                (s.x0 - lx).abs() <= 0.8 * size && name_x - lx > 2.0 * size && !s.text.contains(':')
            });
            (l + 1, if at_label { label_x.unwrap_or(name_x) } else { name_x }, Vec::new())
        }
        (None, Some(l)) => (l + 1, name_x, Vec::new()),
        (None, None) => (usize::MAX, 0.0, Vec::new()),
    };
    let mut prev_y = block.get(addr_start.wrapping_sub(1)).map(|l| l.y);
    // The address set in a column of its own at the right of the header, other
    // cells to its left on the row of its label or name (Canara's "Address" over
    // its lines beside the holder's label : value pairs; Indian Bank's customer
    // box beside the account details): on its rows, the other column's cells to
    // the left are stepped over.
    let column_x = match (&addr_field, &name_field) {
        (Some(f), _) => segs
            .get(f.line)
            .and_then(|ss| ss.iter().find(|s| matches!(label_prefix(s.text.trim()), Some((Label::Address, _)))))
            .map(|s| (f.line, s.x0)),
        (None, None) => name_line.map(|l| (l, name_x)),
        (None, Some(_)) => None,
    };
    let right_column = column_x.is_some_and(|(l, x)| {
        let size = block.get(l).map_or(8.0, |b| b.size);
        segs.get(l).is_some_and(|ss| ss.iter().any(|s| s.x0 < x - 4.0 * size))
    });
    // Under a labelled address the lines continue at the value's left edge,
    // or at the label's ("Address : FLAT 302" over "14 MG ROAD"), or after a
    // colon under an empty label (": PUNE 411038"); under a name they may be
    // indented (Axis sets them a few characters in), and the first one fixes
    // the edge for the rest.
    let label_x = addr_field.as_ref().and_then(|f| segs.get(f.line)?.first().map(|s| s.x0));
    let mut addr_x = addr_x;
    let mut edge_fixed = addr_field.is_some();
    let mut last_line = addr_start.wrapping_sub(1);
    // Lines of another column only (Qt sets the branch block's rows between
    // the holder's address lines) are stepped over, each widening the gap
    // allowed before the next address line.
    let mut stepped = 0.0f32;
    let beside = other_block_beside(block, &segs, name_field.is_none(), name_line, name_x);
    for (i, line) in segs.iter().enumerate().skip(addr_start) {
        let Some(l) = block.get(i) else { break };
        let kept: Vec<Segment>;
        let line = match beside {
            Some(edge) => {
                kept = line.iter().filter(|s| s.x0 >= edge).cloned().collect();
                &kept
            }
            None => line,
        };
        // A logo's letters and a bilingual label's Hindi half left of the
        // address column are no cells of this block (`beside_the_column`).
        let name_size = name_line.and_then(|k| block.get(k)).map_or(l.size, |n| n.size);
        let kept_here: Vec<Segment> =
            line.iter().filter(|s| !beside_the_column(l, s, addr_x, name_size)).cloned().collect();
        if kept_here.is_empty() && !line.is_empty() {
            stepped += 1.0;
            continue;
        }
        let line = &kept_here;
        let tol = (0.8 * l.size).max(2.0);
        let indent = if edge_fixed { tol } else { 12.0 * l.size };
        // The first address line may sit a blank row below the name block
        // (Kotak leaves one under the CRN).
        let gap = if address.is_empty() { 4.0 } else { 2.2 };
        if prev_y.is_some_and(|py| l.y - py > gap * l.size * (1.0 + stepped)) {
            break;
        }
        if !line.is_empty() && line.iter().all(|s| s.x0 > addr_x + 10.0 * l.size) {
            stepped += 1.0;
            continue;
        }
        // Between the name and its address: a joint holder's, nominee's or
        // customer number's row ("Joint Holder :- -", "CRN xxxxxx4982",
        // "JOINT HOLDERS : KAVITA SETHI") or a proprietor's ("PROP. SURESH
        // GUPTA"), at the name's edge: neither name nor address.
        // In a column at the right, the row's first cell in that column.
        if address.is_empty()
            && addr_field.is_none()
            && let Some(first) = if right_column { line.iter().find(|s| s.x0 >= addr_x - tol) } else { line.first() }
            && (first.x0 - addr_x).abs() <= 12.0 * l.size
        {
            let t = first.text.trim();
            let upper = t.to_ascii_uppercase();
            let word = upper.split(|c: char| !c.is_ascii_alphabetic()).next().unwrap_or_default();
            // A minor's guardian ("U/G MR. SURESH SAXENA": under guardianship of)
            // too, and a joint holder's name: after an ampersand ("& SUNITA
            // GHOSH"), or a name alone that ends in the holder's surname
            // ("REKHA SUBRAMANIAN" under "Mr. SURESH SUBRAMANIAN").
            let surname = printed_name.split_whitespace().last().map(str::to_ascii_uppercase);
            let words = upper.split_whitespace().collect::<Vec<_>>();
            // ("S/O DATTATRAY JADHAV", "C/O ..." start the address: a relation, not a holder.)
            let family_name = (2..=4).contains(&words.len())
                && is_name_words(t)
                && !t.contains('/')
                && label_prefix(t).is_none()
                && words.last().map(|w| w.to_string()) == surname
                && !strip_title(t).eq_ignore_ascii_case(&strip_title(&printed_name));
            let between = matches!(label_prefix(t), Some((Label::Ignored, _)))
                || matches!(word, "PROP" | "PROPRIETOR" | "PROPRIETRIX" | "GUARDIAN")
                || upper.starts_with("U/G ")
                || (t.starts_with('&') && is_name_words(t.trim_start_matches(['&', ' '])))
                || family_name
                || (name_field.is_none() && joint_name_row(t))
                || registered_office_heading(t);
            if between {
                prev_y = Some(l.y);
                continue;
            }
        }
        // A labelled value's edge is estimated from the glyphs after its
        // colon: the next line may start up to a character and a half left.
        let below = if addr_field.is_some() { tol.max(1.5 * l.size) } else { tol };
        let at_column = line.iter().find(|s| s.x0 >= addr_x - below && s.x0 <= addr_x + indent);
        let left: Vec<&Segment> =
            line.iter().filter(|s| s.x0 < addr_x - below && !(right_column && at_column.is_some())).collect();
        let text = match (at_column, left.as_slice()) {
            (Some(seg), []) => {
                let t = seg.text.trim();
                t.strip_prefix(':').map_or(t, str::trim_start).to_string()
            }
            // A continuation at the label's edge or after a lone colon, with
            // nothing at the value's edge: not a label of its own.
            (None, [only])
                if label_x.is_some_and(|lx| (only.x0 - lx).abs() <= tol) || only.text.trim().starts_with(':') =>
            {
                let t = only.text.trim();
                t.strip_prefix(':').map_or(t, str::trim_start).to_string()
            }
            // ":" in a cell of its own, the line's words at the value's edge.
            (Some(seg), [colon]) if colon.text.trim() == ":" => seg.text.trim().to_string(),
            // A grid's address cell spanning rows: another row's label left of
            // the line, its value right of it.
            (Some(seg), [label]) if !address.is_empty() && addr_field.is_some() && spanned_row(line, seg, label) => {
                seg.text.trim().to_string()
            }
            _ => break,
        };
        // The statement's title or period line under the block ("Statement of
        // account for the period 01-04-2024 to 30-06-2024") ends the address.
        let title_or_period = text.to_ascii_uppercase().contains("STATEMENT") || dates::dates_in(&text).len() >= 2;
        if (text.contains(':') && !landmark_colon(&text) && !is_pin_line(&text))
            || (label_prefix(&text).is_some() && !is_pin_line(&text) && !place_line(&text))
            || text.is_empty()
            || title_or_period
            || (!edge_fixed && is_amount_like(&text))
            // An e-mail address is no address line.
            || text.contains('@')
            // A number of eight digits or more alone (an account or customer
            // number in a row of values under the address; a PIN has six).
            || (text.len() >= 8 && text.bytes().all(|b| b.is_ascii_digit() || b"Xx*".contains(&b)))
        {
            break;
        }
        if !edge_fixed {
            addr_x = at_column.map_or(addr_x, |s| s.x0);
            edge_fixed = true;
        }
        address.push(text);
        prev_y = Some(l.y);
        last_line = i;
        stepped = 0.0;
    }
    // "City : PUNE - 411041", "State : ...", "PIN : ..." rows right under the
    // address, their values in the address's column, complete it.
    if addr_field.is_some() {
        let mut next = last_line.wrapping_add(1);
        while let Some(part) = all_fields.iter().find(|f| {
            f.line == next && f.label == Label::AddressPart && !f.value.is_empty() && (f.x0 - addr_x).abs() <= 6.0
        }) {
            address.push(part.value.clone());
            next += 1;
        }
    }
    // A block set centred or flush right under an unlabelled name: its lines
    // share no left edge with the name.
    if name_field.is_none()
        && address.len() <= 1
        && let Some(l) = name_line
    {
        let aligned = address_aligned_under(block, &segs, l, name_x);
        if aligned.len() >= 2 && aligned.len() > address.len() {
            address = aligned;
        }
    }
    id.address = address.into_iter().filter(|a| !a.is_empty()).collect::<Vec<_>>().join(", ");

    // Account, IFSC, MICR.
    let find_map = |l: Label, f: &dyn Fn(&str) -> Option<String>| {
        all_fields.iter().chain(&rest_fields).filter(|x| x.label == l).find_map(|x| f(&x.value))
    };
    id.account_number = find_map(Label::Account, &account_number)
        .or_else(|| block.iter().chain(rest).find_map(|l| account_in_title(&l.text())))
        .or_else(|| block.iter().chain(rest).find_map(|l| account_in_statement_title(&l.text())))
        .unwrap_or_default();
    let words_of = |lines: &[Line]| -> Vec<String> {
        lines
            .iter()
            .flat_map(|l| l.words.iter())
            // "Code:UTIB0000123", "(UTIB0000123)": codes glued to punctuation.
            .flat_map(|w| w.text.split(|c: char| !c.is_ascii_alphanumeric()))
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    };
    let block_words = words_of(block);
    let rest_words = words_of(rest);
    id.ifsc = find(Label::Ifsc)
        .and_then(|f| {
            f.value.split(|c: char| !c.is_ascii_alphanumeric()).find(|w| banks::is_ifsc(w)).map(str::to_ascii_uppercase)
        })
        .or_else(|| block_words.iter().chain(&rest_words).find(|w| banks::is_ifsc(w)).map(|w| w.to_ascii_uppercase()));
    id.micr = find_map(Label::Micr, &|v| {
        v.split_whitespace().find(|w| w.len() == 9 && w.bytes().all(|b| b.is_ascii_digit())).map(str::to_string)
    });

    // Type, category, limit.
    id.account_type = find(Label::AccountType).and_then(|f| account_type(&f.value)).or_else(|| {
        block.iter().find_map(|l| {
            let t = l.text().to_ascii_uppercase();
            (t.contains("ACCOUNT") || t.contains("A/C")).then(|| account_type(&t)).flatten()
        })
    });
    id.overdraft = find(Label::AccountType).is_some_and(|f| overdraft_type(&f.value))
        || block.iter().any(|l| {
            let t = l.text().to_ascii_uppercase();
            (t.contains("ACCOUNT TYPE") || t.contains("A/C TYPE") || t.contains("PRODUCT")) && overdraft_type(&t)
        });
    id.credit_limit = find(Label::Limit)
        .and_then(|f| f.value.split_whitespace().find_map(|w| Money::parse(w).ok()))
        .unwrap_or(Money::ZERO)
        .abs();
    id.account_category = category(&printed_name, id.account_type == Some(AccountType::Current));
    // Not printed: an account with a limit or a company's is current, a person's savings.
    if id.account_type.is_none() {
        id.account_type = Some(if !id.credit_limit.is_zero() || id.account_category == AccountCategory::Corporate {
            AccountType::Current
        } else {
            AccountType::Savings
        });
    }

    // Period.
    let period = period(block, &all_fields).or_else(|| period(rest, &rest_fields));
    if let Some((from, to)) = period {
        id.period_from = Some(from);
        id.period_to = Some(to);
    }
    // The first figure of the value, with the Dr/Cr that follows it
    // ("60,000.00 Dr" on an overdraft or cash-credit account). A label in
    // running prose ("*Closing balance includes funds earmarked ... within 30
    // days") has words before any figure: a word of four letters or more
    // (other than a currency's) ends the search.
    let balance = |l: Label| {
        find(l).and_then(|f| {
            let words: Vec<&str> = f.value.split_whitespace().collect();
            let prose = |w: &str| {
                let letters: String = w.chars().filter(char::is_ascii_alphabetic).collect();
                letters.len() >= 4 && !["RUPEES", "AMOUNT"].contains(&letters.to_ascii_uppercase().as_str())
            };
            let end = words.iter().position(|w| prose(w)).unwrap_or(words.len());
            // "as on 01 Apr 2024 : 44,000.00": a dated value's day and year are no figure.
            let dated = !dates::dates_in(&f.value).is_empty();
            words.get(..end).unwrap_or_default().iter().enumerate().find_map(|(i, w)| {
                if dated && !w.contains(['.', ',']) {
                    return None;
                }
                let amount = Money::parse(w).ok()?;
                // Also in brackets ("13,31,702.28 (Dr)", Union Bank).
                let marked = words
                    .get(i + 1)
                    .map(|m| m.trim_matches(['(', ')']).trim_end_matches('.'))
                    .filter(|m| matches!(m.to_ascii_uppercase().as_str(), "DR" | "CR"))
                    .and_then(|m| Money::parse(&format!("{w} {m}")).ok());
                Some(marked.unwrap_or(amount))
            })
        })
    };
    id.opening_balance = balance(Label::Opening);
    id.closing_balance = balance(Label::Closing);
    // "Balance as on 01-04-2024 : 12,345.67" (SBI): the opening balance when
    // dated at the period's start, the closing balance at its end.
    for l in block.iter().chain(rest) {
        let Some((date, amount)) = balance_as_on(&l.text()) else { continue };
        match (id.period_from, id.period_to) {
            (Some(from), _) if date <= from && id.opening_balance.is_none() => id.opening_balance = Some(amount),
            (_, Some(to)) if date >= to && id.closing_balance.is_none() => id.closing_balance = Some(amount),
            (None, None) if id.opening_balance.is_none() => id.opening_balance = Some(amount),
            _ => {}
        }
    }
    holder_after_table(&mut id, rest);
    id
}

/// The holder's block printed after the table ("ACCOUNT HOLDER DETAILS" /
/// "Customer Details" at the foot of page 1, the rows above it): when the
/// block above the table names nobody, the name, address and category are
/// read from the lines after the table as a block of their own.
fn holder_after_table(id: &mut Identity, rest: &[Line]) {
    if !id.name.is_empty() || rest.is_empty() {
        return;
    }
    let below = read(rest, &[]);
    if below.name.is_empty() {
        return;
    }
    id.name = below.name;
    if id.address.is_empty() {
        id.address = below.address;
    }
    id.account_category = below.account_category;
}

/// The date and amount of a "Balance as on <date> : <amount>" line (also
/// "as of", "as at").
pub(crate) fn balance_as_on(text: &str) -> Option<(NaiveDate, Money)> {
    let upper = text.to_ascii_uppercase();
    let at =
        ["BALANCE AS ON", "BALANCE AS OF", "BALANCE AS AT"].iter().find_map(|k| upper.find(k).map(|i| i + k.len()))?;
    let rest = text.get(at..)?;
    let date = *dates::dates_in(rest).first()?;
    // The last figure, with the Cr / Dr after it ("45,000.00 Dr" on an
    // overdrawn account).
    let words: Vec<&str> = rest.split(|c: char| c.is_whitespace() || c == ':').filter(|w| !w.is_empty()).collect();
    let amount = words.iter().enumerate().rev().find_map(|(i, w)| {
        if !(w.contains('.') && w.bytes().any(|b| b.is_ascii_digit())) {
            return None;
        }
        let amount = Money::parse(w).ok()?;
        let marked = words
            .get(i + 1)
            .filter(|m| matches!(m.trim_end_matches('.').to_ascii_uppercase().as_str(), "DR" | "CR"))
            .and_then(|m| Money::parse(&format!("{w} {m}")).ok());
        Some(marked.unwrap_or(amount))
    })?;
    Some((date, amount))
}

/// The statement period: a `Period` field, `From`/`To` fields, or a line with
/// "from <date> to <date>" / "period ... <date> to <date>".
fn period(lines: &[Line], fields: &[Field]) -> Option<(NaiveDate, NaiveDate)> {
    let pair = |text: &str| {
        let d = dates::dates_in(text);
        match (d.first(), d.get(1)) {
            (Some(a), Some(b)) if a <= b => Some((*a, *b)),
            _ => None,
        }
    };
    if let Some(p) = fields.iter().filter(|f| f.label == Label::Period).find_map(|f| pair(&f.value)) {
        return Some(p);
    }
    let from =
        fields.iter().filter(|f| f.label == Label::From).find_map(|f| dates::dates_in(&f.value).first().copied());
    let to = fields.iter().filter(|f| f.label == Label::To).find_map(|f| dates::dates_in(&f.value).first().copied());
    if let (Some(a), Some(b)) = (from, to) {
        return Some((a, b));
    }
    lines.iter().find_map(|l| {
        let t = l.text();
        let u = t.to_ascii_uppercase();
        (u.contains("PERIOD") || u.contains("FROM") || u.contains("BETWEEN") || u.contains(" TO "))
            .then(|| pair(&t))
            .flatten()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::lines::tests::line;

    #[test]
    fn label_value_pairs_and_customer_block() {
        let block = vec![
            line(10.0, &[("HDFC", 0.0), ("BANK", 25.0)]),
            line(
                30.0,
                &[
                    ("MR.", 0.0),
                    ("RAHUL", 20.0),
                    ("SHARMA", 55.0),
                    ("Account", 300.0),
                    ("No", 340.0),
                    (":", 352.0),
                    ("50100123456789", 360.0),
                ],
            ),
            line(
                42.0,
                &[
                    ("FLAT", 0.0),
                    ("12,", 25.0),
                    ("SUNRISE", 45.0),
                    ("APTS", 85.0),
                    ("IFSC", 300.0),
                    (":", 325.0),
                    ("HDFC0001234", 335.0),
                ],
            ),
            line(54.0, &[("ANDHERI", 0.0), ("EAST", 40.0), ("MICR", 300.0), (":", 325.0), ("400240123", 335.0)]),
            line(
                66.0,
                &[
                    ("MUMBAI", 0.0),
                    ("400069", 35.0),
                    ("Account", 300.0),
                    ("Type", 340.0),
                    (":", 362.0),
                    ("SAVINGS", 370.0),
                ],
            ),
            line(
                90.0,
                &[
                    ("Statement", 0.0),
                    ("From", 50.0),
                    (":", 72.0),
                    ("01/04/2025", 80.0),
                    ("To", 140.0),
                    (":", 152.0),
                    ("30/06/2025", 160.0),
                ],
            ),
        ];
        let id = read(&block, &[]);
        assert_eq!(id.name, "RAHUL SHARMA");
        assert_eq!(id.address, "FLAT 12, SUNRISE APTS, ANDHERI EAST, MUMBAI 400069");
        assert_eq!(id.account_number, "50100123456789");
        assert_eq!(id.ifsc.as_deref(), Some("HDFC0001234"));
        assert_eq!(id.micr.as_deref(), Some("400240123"));
        assert_eq!(id.account_type, Some(AccountType::Savings));
        assert_eq!(id.account_category, AccountCategory::Individual);
        assert_eq!(id.period_from.map(|d| d.to_string()).as_deref(), Some("2025-04-01"));
        assert_eq!(id.period_to.map(|d| d.to_string()).as_deref(), Some("2025-06-30"));
    }

    #[test]
    fn a_label_a_word_space_before_its_value_and_a_landmark_line() {
        // Paytm Payments Bank: "Customer Name SMT KAVITA DESAI", "Communication
        // Address DOOR NO ..." (no colon, the value a word space after the
        // label), the address's next line "LANDMARK: CITY HOSPITAL INDORE".
        let block = vec![
            line(10.0, &[("Customer", 0.0), ("Name", 37.0), ("SMT", 90.0), ("KAVITA", 109.0), ("DESAI", 140.0)]),
            line(21.0, &[("Account", 0.0), ("Number", 31.0), ("574350517516", 90.0)]),
            line(
                32.0,
                &[
                    ("Communication", 0.0),
                    ("Address", 58.0),
                    ("DOOR", 90.0),
                    ("NO", 116.0),
                    ("912/31", 130.0),
                    ("WARD", 157.0),
                    ("12", 184.0),
                ],
            ),
            line(43.0, &[("LANDMARK:", 90.0), ("CITY", 139.0), ("HOSPITAL", 159.0), ("INDORE", 201.0)]),
            line(54.0, &[("MADHYA", 90.0), ("PRADESH", 126.0), ("452049", 167.0)]),
        ];
        let id = read(&block, &[]);
        assert_eq!(id.name, "KAVITA DESAI");
        assert_eq!(id.address, "DOOR NO 912/31 WARD 12, LANDMARK: CITY HOSPITAL INDORE, MADHYA PRADESH 452049");
    }

    #[test]
    fn an_address_under_a_bare_label_and_a_pin_line() {
        // RBL: "Customer Address :" with nothing after the colon.
        let rbl = vec![
            line(
                10.0,
                &[
                    ("Customer", 0.0),
                    ("Name", 45.0),
                    (":", 70.0),
                    ("TARUN", 80.0),
                    ("GOWDA", 110.0),
                    ("Account", 300.0),
                    ("Number", 340.0),
                    (":", 375.0),
                    ("36914764066016", 390.0),
                ],
            ),
            line(
                22.0,
                &[
                    ("Customer", 0.0),
                    ("Address", 45.0),
                    (":", 85.0),
                    ("Account", 300.0),
                    ("Type", 340.0),
                    (":", 375.0),
                    ("SAVINGS", 390.0),
                ],
            ),
            line(
                34.0,
                &[
                    ("H", 0.0),
                    ("NO", 10.0),
                    ("134-2,", 25.0),
                    ("SHANTI", 60.0),
                    ("APTS", 95.0),
                    ("IFSC", 300.0),
                    ("Code", 325.0),
                    (":", 375.0),
                    ("RATN0425368", 390.0),
                ],
            ),
            line(46.0, &[("SHIVAJI", 0.0), ("CHOWK,", 40.0), ("BHOPAL", 75.0)]),
            line(58.0, &[("MADHYA", 0.0), ("PRADESH", 35.0), ("462014", 75.0)]),
        ];
        let id = read(&rbl, &[]);
        assert_eq!(id.address, "H NO 134-2, SHANTI APTS, SHIVAJI CHOWK, BHOPAL, MADHYA PRADESH 462014");
        assert_eq!(id.account_number, "36914764066016");
        // Yes Bank: "Communication Address" beside another column's label; a PIN line.
        let yes = vec![
            line(
                10.0,
                &[
                    ("Primary", 0.0),
                    ("Holder", 40.0),
                    ("YOGESH", 150.0),
                    ("RATHOD", 185.0),
                    ("Account", 360.0),
                    ("Number", 400.0),
                    ("925286346378325", 450.0),
                ],
            ),
            line(22.0, &[("Communication", 0.0), ("Address", 70.0), ("Product", 360.0), ("SAVINGS", 450.0)]),
            line(
                34.0,
                &[
                    ("H", 0.0),
                    ("NO", 10.0),
                    ("598-15,", 25.0),
                    ("SAI", 65.0),
                    ("NAGAR", 85.0),
                    ("Customer", 360.0),
                    ("ID", 405.0),
                    ("540991323", 450.0),
                ],
            ),
            line(46.0, &[("THRISSUR", 0.0), ("KERALA", 45.0)]),
            line(58.0, &[("PIN", 0.0), ("680035", 20.0)]),
        ];
        assert_eq!(read(&yes, &[]).address, "H NO 598-15, SAI NAGAR, THRISSUR KERALA, PIN 680035");
        assert!(is_pin_line("PIN 680035") && is_pin_line("PIN CODE - 560001") && !is_pin_line("PINK CITY 302001"));
    }

    #[test]
    fn a_titled_name_in_any_case_is_the_holder_not_the_city_below_it() {
        for (first, want) in [
            ("Mr. Rahul Sharma", "Rahul Sharma"),
            ("Mrs. SUNITA DEVI", "SUNITA DEVI"),
            ("M/S Orbit Traders", "Orbit Traders"),
        ] {
            let block = vec![
                line(10.0, &[(first, 0.0), ("Account", 300.0), ("No", 340.0), (":", 352.0), ("1234567890123", 360.0)]),
                line(22.0, &[("12 MG ROAD", 0.0)]),
                line(34.0, &[("PUNE", 0.0)]),
                line(46.0, &[("MAHARASHTRA", 0.0)]),
            ];
            let id = read(&block, &[]);
            assert_eq!(id.name, want);
            assert_eq!(id.account_number, "1234567890123");
        }
    }

    #[test]
    fn a_name_redacted_to_a_letter_or_a_mark_names_nobody() {
        for value in ["A", "=", "1"] {
            let block = vec![
                line(10.0, &[("Account Holder", 0.0), (":", 80.0), (value, 90.0)]),
                line(22.0, &[("Account Number", 0.0), (":", 80.0), ("XXXXXXXX4821", 90.0)]),
            ];
            let id = read(&block, &[]);
            assert_eq!(id.name, "", "{value}");
        }
    }

    #[test]
    fn labels_set_over_their_values() {
        let block = vec![
            line(10.0, &[("RAHUL SHARMA", 0.0)]),
            line(22.0, &[("12 MG ROAD, PUNE", 0.0)]),
            line(40.0, &[("Account Number", 0.0), ("IFSC Code", 150.0), ("Branch", 300.0)]),
            line(52.0, &[("1234567890123", 0.0), ("HDFC0001234", 150.0), ("PUNE", 300.0)]),
        ];
        let id = read(&block, &[]);
        assert_eq!(id.name, "RAHUL SHARMA");
        assert_eq!(id.address, "12 MG ROAD, PUNE");
        assert_eq!(id.account_number, "1234567890123");
        assert_eq!(id.ifsc.as_deref(), Some("HDFC0001234"));
    }

    #[test]
    fn a_row_of_labels_cuts_values_set_close_together() {
        // "Customer Name | Account No. | IFSC | Period" over values, the name
        // a space from the account number beside it: each value ends where
        // the next label's column starts.
        let block = vec![
            line(10.0, &[("HDFC", 0.0), ("BANK", 25.0)]),
            line(
                40.0,
                &[
                    ("Customer", 0.0),
                    ("Name", 45.0),
                    ("Account", 110.0),
                    ("No.", 150.0),
                    ("IFSC", 200.0),
                    ("Period", 300.0),
                ],
            ),
            line(
                54.0,
                &[
                    ("MR", 0.0),
                    ("ANJALI", 13.0),
                    ("FATIMA", 46.0),
                    ("SINGH", 79.0),
                    ("46869258667", 110.0),
                    ("HDFC0093948", 200.0),
                    ("01-10-2023", 300.0),
                    ("to", 355.0),
                    ("30-10-2023", 368.0),
                ],
            ),
        ];
        let id = read(&block, &[]);
        assert_eq!(id.name, "ANJALI FATIMA SINGH");
        assert_eq!(id.account_number, "46869258667");
        assert_eq!(id.ifsc.as_deref(), Some("HDFC0093948"));
    }

    #[test]
    fn a_row_of_labels_a_space_apart_is_still_a_row_of_labels() {
        // "Customer Name" and "Account No." closer than a segment's gap.
        let block = vec![
            line(10.0, &[("HDFC", 0.0), ("BANK", 25.0)]),
            line(40.0, &[("Customer", 0.0), ("Name", 45.0), ("Account", 75.0), ("No.", 115.0), ("IFSC", 160.0)]),
            line(54.0, &[("NEHA", 0.0), ("JOSHI", 25.0), ("414826885186", 75.0), ("HDFC0729429", 160.0)]),
        ];
        let id = read(&block, &[]);
        assert_eq!(id.name, "NEHA JOSHI");
        assert_eq!(id.account_number, "414826885186");
        assert_eq!(id.ifsc.as_deref(), Some("HDFC0729429"));
    }

    #[test]
    fn a_pair_without_a_colon_before_pairs_with_one() {
        // "A/c No. 1234    IFSC: …    Statement from …" on one line.
        let block = vec![
            line(10.0, &[("HDFC", 0.0), ("BANK", 25.0)]),
            line(24.0, &[("MR.", 0.0), ("ARJUN", 20.0), ("PATEL", 52.0)]),
            line(36.0, &[("H", 0.0), ("NO", 10.0), ("4-56/2,", 25.0), ("GANDHI", 65.0), ("NAGAR", 100.0)]),
            line(
                56.0,
                &[
                    ("A/c", 0.0),
                    ("No.", 20.0),
                    ("615718680676", 40.0),
                    ("IFSC:", 108.0),
                    ("HDFC0107958", 136.0),
                    ("Statement", 198.0),
                    ("from", 246.0),
                    ("01-05-2024", 268.0),
                    ("to", 320.0),
                    ("30-06-2024", 332.0),
                ],
            ),
        ];
        let id = read(&block, &[]);
        assert_eq!(id.account_number, "615718680676");
        assert_eq!(id.ifsc.as_deref(), Some("HDFC0107958"));
        assert_eq!(id.name, "ARJUN PATEL");
    }

    #[test]
    fn the_welcome_line_names_the_holder_only_when_nothing_else_does() {
        let welcome = vec![
            line(10.0, &[("Welcome RAHUL SHARMA | Last login 24-Nov-2026 18:22:10 | Logout", 0.0)]),
            line(30.0, &[("Account Number", 0.0), (":", 80.0), ("50100384572916", 90.0)]),
        ];
        assert_eq!(read(&welcome, &[]).name, "RAHUL SHARMA");
        let mut named = welcome.clone();
        named.push(line(40.0, &[("Customer Name", 0.0), (":", 80.0), ("PRIYA NAIR", 90.0)]));
        assert_eq!(read(&named, &[]).name, "PRIYA NAIR");
        assert_eq!(welcome_name("Welcome, Mr. Amit Patel | Logout").as_deref(), Some("Mr. Amit Patel"));
        assert_eq!(welcome_name("Welcome to HDFC Bank NetBanking"), None);
        assert_eq!(welcome_name("Welcome back"), None);
    }

    #[test]
    fn the_first_holder_not_the_joint_holder_nominee_or_father() {
        let block = vec![
            line(10.0, &[("Joint Holder", 0.0), (":", 80.0), ("PRIYA SHARMA", 90.0)]),
            line(22.0, &[("Father's Name", 0.0), (":", 80.0), ("SURESH SHARMA", 90.0)]),
            line(34.0, &[("Account Name", 0.0), (":", 80.0), ("RAHUL SHARMA", 90.0)]),
            line(46.0, &[("Nominee Name", 0.0), (":", 80.0), ("ANITA SHARMA", 90.0)]),
        ];
        assert_eq!(read(&block, &[]).name, "RAHUL SHARMA");
    }

    #[test]
    fn a_label_in_its_own_cell_without_a_colon() {
        let block = vec![
            line(10.0, &[("SHANKAR RAO DESHMUKH", 0.0)]),
            line(22.0, &[("A/c No.", 0.0), ("100214003456", 120.0), ("IFSC", 300.0), ("ADCC0000012", 380.0)]),
        ];
        let id = read(&block, &[]);
        assert_eq!(id.account_number, "100214003456");
        assert_eq!(id.ifsc.as_deref(), Some("ADCC0000012"));
    }

    #[test]
    fn header_arrangements_give_name_address_and_account() {
        let a = vec![
            line(10.0, &[("To,", 0.0)]),
            line(22.0, &[("MR RAHUL SHARMA", 0.0), ("Customer ID", 300.0), (":", 360.0), ("12345", 370.0)]),
            line(
                34.0,
                &[("FLAT 12 SUNRISE APTS", 0.0), ("Account No", 300.0), (":", 360.0), ("50100123456789", 370.0)],
            ),
            line(46.0, &[("ANDHERI EAST", 0.0), ("IFSC", 300.0), (":", 360.0), ("HDFC0001234", 370.0)]),
            line(58.0, &[("MUMBAI 400069", 0.0)]),
        ];
        let id = read(&a, &[]);
        assert_eq!(
            (id.name.as_str(), id.address.as_str(), id.account_number.as_str()),
            ("RAHUL SHARMA", "FLAT 12 SUNRISE APTS, ANDHERI EAST, MUMBAI 400069", "50100123456789")
        );
        let b = vec![
            line(10.0, &[("Customer Name", 0.0), (":", 80.0), ("RAHUL SHARMA", 90.0)]),
            line(22.0, &[("Address", 0.0), (":", 80.0), ("FLAT 12 SUNRISE APTS", 90.0)]),
            line(34.0, &[("ANDHERI EAST", 90.0)]),
            line(46.0, &[("MUMBAI 400069", 90.0)]),
            line(58.0, &[("Account Number", 0.0), (":", 80.0), ("50100123456789", 90.0)]),
        ];
        let id = read(&b, &[]);
        assert_eq!(
            (id.name.as_str(), id.address.as_str(), id.account_number.as_str()),
            ("RAHUL SHARMA", "FLAT 12 SUNRISE APTS, ANDHERI EAST, MUMBAI 400069", "50100123456789")
        );
        let c = vec![
            line(
                10.0,
                &[
                    ("Account Holder", 0.0),
                    (":", 80.0),
                    ("M/S SHREE GANESH TRADERS", 90.0),
                    ("Branch", 300.0),
                    (":", 360.0),
                    ("PUNE", 370.0),
                ],
            ),
            line(
                22.0,
                &[
                    ("Address", 0.0),
                    (":", 80.0),
                    ("SHOP 4 MARKET YARD", 90.0),
                    ("A/c No", 300.0),
                    (":", 360.0),
                    ("1234567890123", 370.0),
                ],
            ),
            line(34.0, &[("PUNE 411037", 90.0), ("A/c Type", 300.0), (":", 360.0), ("CURRENT", 370.0)]),
        ];
        let id = read(&c, &[]);
        assert_eq!(
            (id.name.as_str(), id.address.as_str(), id.account_number.as_str()),
            ("SHREE GANESH TRADERS", "SHOP 4 MARKET YARD, PUNE 411037", "1234567890123")
        );
        assert_eq!(id.account_category, AccountCategory::Corporate);
    }

    #[test]
    fn an_address_column_at_the_right_address_line_labels_a_joint_line_and_a_minor() {
        // Canara: the holder's label : value pairs at the left, "Address" over
        // its lines at the right, beside the pairs' rows.
        let a = vec![
            line(10.0, &[("Account Holders Name", 30.0), (":", 150.0), ("MR ROHAN VERMA", 160.0), ("Address", 400.0)]),
            line(22.0, &[("TANVI VERMA", 160.0), ("FLAT 32/A NEHRU COLONY", 400.0)]),
            line(34.0, &[("Customer Id", 30.0), (":", 150.0), ("944138373", 160.0), ("MANGALURU", 400.0)]),
            line(
                46.0,
                &[("Account Number", 30.0), (":", 150.0), ("7549307007299", 160.0), ("KARNATAKA 575035", 400.0)],
            ),
            line(58.0, &[("IFSC Code", 30.0), (":", 150.0), ("CNRB0430272", 160.0)]),
        ];
        let id = read(&a, &[]);
        assert_eq!(
            (id.name.as_str(), id.address.as_str(), id.account_number.as_str()),
            ("ROHAN VERMA", "FLAT 32/A NEHRU COLONY, MANGALURU, KARNATAKA 575035", "7549307007299")
        );
        // Indian Bank: the account details at the left, the customer's name and
        // address unlabelled in a box at the right.
        let b = vec![
            line(10.0, &[("ACCOUNT DETAILS", 30.0)]),
            line(
                22.0,
                &[("Account Number", 30.0), (":", 110.0), ("4501062336", 120.0), ("BLUEPINE INTERIORS PVT LTD", 340.0)],
            ),
            line(
                34.0,
                &[("Account Type", 30.0), (":", 110.0), ("CURRENT ACCOUNT", 120.0), ("PLOT NO 4 SURYA ESTATE", 340.0)],
            ),
            line(46.0, &[("CIF", 30.0), (":", 110.0), ("129227077", 120.0), ("KANPUR UTTAR PRADESH 208031", 340.0)]),
            line(58.0, &[("IFSC", 30.0), (":", 110.0), ("IDIB0655158", 120.0)]),
        ];
        let id = read(&b, &[]);
        assert_eq!(
            (id.name.as_str(), id.address.as_str()),
            ("BLUEPINE INTERIORS PVT LTD", "PLOT NO 4 SURYA ESTATE, KANPUR UTTAR PRADESH 208031")
        );
        // A co-operative bank: the joint holder's name under the first, the
        // address a line per label (Add1 ... Add4).
        let c = vec![
            line(10.0, &[("Name", 30.0), (":", 100.0), ("Mr. JITENDRA GHOSH", 110.0)]),
            line(22.0, &[("SUNITA GHOSH", 110.0)]),
            line(34.0, &[("Add1", 30.0), (":", 100.0), ("H NO 271/A SHIVAJI PETH", 110.0)]),
            line(46.0, &[("Add2", 30.0), (":", 100.0), ("OPP BUS STAND", 110.0)]),
            line(58.0, &[("Add3", 30.0), (":", 100.0), ("PATNA", 110.0)]),
            line(70.0, &[("Add4", 30.0), (":", 100.0), ("BIHAR 800091", 110.0)]),
            line(82.0, &[("Account No", 30.0), (":", 100.0), ("976782732611627", 110.0)]),
        ];
        let id = read(&c, &[]);
        assert_eq!(
            (id.name.as_str(), id.address.as_str()),
            ("JITENDRA GHOSH", "H NO 271/A SHIVAJI PETH, OPP BUS STAND, PATNA, BIHAR 800091")
        );
        // A minor's account: MAST. and (MINOR) are no part of the name, and the
        // guardian's row (U/G ..., Guardian Name : ...) neither names the holder
        // nor starts the address.
        let d = vec![
            line(10.0, &[("MAST. KABIR SAXENA (MINOR)", 40.0), ("Statement of Account", 380.0)]),
            line(22.0, &[("U/G MR. SURESH SAXENA", 40.0)]),
            line(34.0, &[("NO 650-B ANNA SALAI", 40.0)]),
            line(46.0, &[("LUDHIANA", 40.0)]),
            line(58.0, &[("PUNJAB 141076", 40.0)]),
        ];
        let id = read(&d, &[]);
        assert_eq!(
            (id.name.as_str(), id.address.as_str()),
            ("KABIR SAXENA", "NO 650-B ANNA SALAI, LUDHIANA, PUNJAB 141076")
        );
        let e = vec![
            line(10.0, &[("Customer Name", 30.0), (":", 110.0), ("MAST. KABIR AGARWAL (MINOR)", 120.0)]),
            line(22.0, &[("Guardian Name", 30.0), (":", 110.0), ("MR. TARUN AGARWAL", 120.0)]),
            line(34.0, &[("Customer Address", 30.0), (":", 110.0), ("H NO 799 CIVIL LINES", 120.0)]),
            line(46.0, &[("KANPUR 208071", 120.0)]),
        ];
        let id = read(&e, &[]);
        assert_eq!((id.name.as_str(), id.address.as_str()), ("KABIR AGARWAL", "H NO 799 CIVIL LINES, KANPUR 208071"));
    }

    #[test]
    fn joint_holders_on_one_line_after_an_ampersand_or_under_the_name() {
        // "A & B" on the name's line: the first is the holder; a firm keeps its ampersand.
        let a = vec![
            line(10.0, &[("JITENDRA SHETTY & SUNITA SHETTY", 40.0), ("Statement of Account", 380.0)]),
            line(22.0, &[("NO 12 MG ROAD", 40.0)]),
            line(34.0, &[("PUNE 411001", 40.0)]),
        ];
        let id = read(&a, &[]);
        assert_eq!((id.name.as_str(), id.address.as_str()), ("JITENDRA SHETTY", "NO 12 MG ROAD, PUNE 411001"));
        assert_eq!(first_of_joint("SHAH & SONS TRADERS"), "SHAH & SONS TRADERS");
        assert_eq!(first_of_joint("JOHNSON & JOHNSON PVT LTD"), "JOHNSON & JOHNSON PVT LTD");
        assert_eq!(first_of_joint("Mr. ABHISHEK SHETTY & POOJA SHETTY"), "Mr. ABHISHEK SHETTY");
        // In a customer box at the right: "& <joint>" and "U/G <guardian>" rows
        // under the name are neither name nor address.
        let b = vec![
            line(22.0, &[("Account Number", 30.0), (":", 110.0), ("4501062336", 120.0), ("DEEPA GHOSH", 340.0)]),
            line(34.0, &[("Account Type", 30.0), (":", 110.0), ("SAVINGS", 120.0), ("& BHAVANA GHOSH", 340.0)]),
            line(46.0, &[("CIF", 30.0), (":", 110.0), ("129227077", 120.0), ("FLAT 544/A KAMLA NAGAR", 340.0)]),
            line(58.0, &[("IFSC", 30.0), (":", 110.0), ("IDIB0655158", 120.0), ("COIMBATORE 641095", 340.0)]),
        ];
        let id = read(&b, &[]);
        assert_eq!(
            (id.name.as_str(), id.address.as_str()),
            ("DEEPA GHOSH", "FLAT 544/A KAMLA NAGAR, COIMBATORE 641095")
        );
        // A second name alone under the first, of the same family, is the joint holder's.
        let c = vec![
            line(10.0, &[("Name & Address", 30.0), ("Account Number", 330.0), (":", 420.0), ("30512345678", 430.0)]),
            line(22.0, &[("Mr. SURESH SUBRAMANIAN", 30.0), ("Product Type", 330.0), (":", 420.0), ("SAVINGS", 430.0)]),
            line(34.0, &[("REKHA SUBRAMANIAN", 30.0), ("Branch", 330.0), (":", 420.0), ("Jaipur", 430.0)]),
            line(46.0, &[("FLAT 461 KAMLA NAGAR", 30.0)]),
            line(58.0, &[("JAIPUR RAJASTHAN 302036", 30.0)]),
        ];
        let id = read(&c, &[]);
        assert_eq!(
            (id.name.as_str(), id.address.as_str()),
            ("SURESH SUBRAMANIAN", "FLAT 461 KAMLA NAGAR, JAIPUR RAJASTHAN 302036")
        );
    }

    #[test]
    fn address_lines_indented_under_the_name_or_beside_a_label_cell() {
        // Axis: the address set a few characters in under the name, a
        // label/value column to its right.
        let a = vec![
            line(10.0, &[("MR RAHUL SHARMA", 30.0)]),
            line(22.0, &[("FLAT NO 402 SAI ENCLAVE", 99.5), ("Joint Holder", 297.5), (":", 390.0), ("-", 404.5)]),
            line(34.0, &[("BANER ROAD", 99.5), ("Customer ID", 297.5), (":", 390.0), ("874512369", 404.5)]),
            line(46.0, &[("PUNE", 99.5), ("IFSC Code", 297.5), (":", 390.0), ("UTIB0000123", 404.5)]),
            line(58.0, &[("411045", 99.5)]),
        ];
        let id = read(&a, &[]);
        assert_eq!(
            (id.name.as_str(), id.address.as_str()),
            ("RAHUL SHARMA", "FLAT NO 402 SAI ENCLAVE, BANER ROAD, PUNE, 411045")
        );
        // Labels in their own cells without colons: the address stops at the
        // next label, whose value sits under it ("Sanctioned Limit").
        let b = vec![
            line(
                10.0,
                &[
                    ("Account Name", 40.0),
                    ("M/S KRISHNA WHOLESALE MART", 134.0),
                    ("Account No", 440.0),
                    ("129730110000456", 590.0),
                ],
            ),
            line(
                22.0,
                &[
                    ("Address", 40.0),
                    ("GALA NO 14, NEW MONDHA, JALNA", 134.0),
                    ("IFSC Code", 440.0),
                    ("BKID0001297", 590.0),
                ],
            ),
            line(
                34.0,
                &[
                    ("Sanctioned Limit", 40.0),
                    ("25,00,000.00", 134.0),
                    ("Drawing Power", 440.0),
                    ("25,00,000.00", 590.0),
                ],
            ),
        ];
        let id = read(&b, &[]);
        assert_eq!(
            (id.name.as_str(), id.address.as_str(), id.account_number.as_str()),
            ("KRISHNA WHOLESALE MART", "GALA NO 14, NEW MONDHA, JALNA", "129730110000456")
        );
        // "M/S" names a firm even when the rest of the name has no company word.
        assert_eq!(id.account_category, AccountCategory::Corporate);
    }

    #[test]
    fn address_continuations_at_the_label_edge_after_a_colon_in_a_city_row_and_between_another_columns_rows() {
        let value = |a: &[Line]| read(a, &[]).address;
        // Continuation lines at the label's edge.
        let a = vec![
            line(
                10.0,
                &[
                    ("Account Name", 5.0),
                    (":", 90.0),
                    ("MR SANJAY GUPTA", 100.0),
                    ("Account No", 300.0),
                    (":", 360.0),
                    ("2650101012345", 370.0),
                ],
            ),
            line(
                22.0,
                &[
                    ("Address", 5.0),
                    (":", 90.0),
                    ("FLAT 302, SAI KRUPA APARTMENTS", 100.0),
                    ("Account Type", 300.0),
                    (":", 360.0),
                    ("SAVINGS", 370.0),
                ],
            ),
            line(34.0, &[("14 MG ROAD", 5.0), ("Branch", 330.0), (":", 400.0), ("JAYANAGAR", 410.0)]),
            line(46.0, &[("BENGALURU 411001", 5.0)]),
            line(58.0, &[("Customer ID", 5.0), (":", 90.0), ("713984954", 100.0)]),
        ];
        assert_eq!(value(&a), "FLAT 302, SAI KRUPA APARTMENTS, 14 MG ROAD, BENGALURU 411001");
        // A continuation after a colon under an empty label, then a City row.
        let b = vec![
            line(10.0, &[("Account Holder", 5.0), (":", 90.0), ("SACHIN PAWAR", 100.0)]),
            line(22.0, &[("Address", 5.0), (":", 90.0), ("FLAT 12, SAI KRUPA SOC", 100.0)]),
            line(34.0, &[(": KOTHRUD", 95.0)]),
            line(46.0, &[("City", 5.0), (":", 90.0), ("PUNE - 411038", 100.0)]),
            line(58.0, &[("CIF No", 5.0), (":", 90.0), ("40123456789", 100.0)]),
        ];
        assert_eq!(value(&b), "FLAT 12, SAI KRUPA SOC, KOTHRUD, PUNE - 411038");
        // Qt sets the branch block's rows between the holder's lines.
        let c = vec![
            line(10.0, &[("MR VIKRAM MENON", 5.0), ("Account Branch", 400.0), (":", 480.0), ("KORAMANGALA", 490.0)]),
            line(22.0, &[("FLAT 302, SAI KRUPA APARTMENTS", 5.0)]),
            line(34.0, &[("Address", 400.0), (":", 480.0), ("GROUND FLOOR, 80 FEET ROAD", 490.0)]),
            line(46.0, &[("14 MG ROAD", 5.0)]),
            line(58.0, &[("City", 400.0), (":", 480.0), ("BENGALURU 560034", 490.0)]),
            line(70.0, &[("KORAMANGALA 411001", 5.0)]),
            line(82.0, &[("JOINT HOLDERS :", 5.0), ("Phone no.", 400.0), (":", 480.0), ("18002026161", 490.0)]),
        ];
        assert_eq!(value(&c), "FLAT 302, SAI KRUPA APARTMENTS, 14 MG ROAD, KORAMANGALA 411001");
    }

    #[test]
    fn bilingual_labels() {
        let block = vec![
            line(10.0, &[("ग्राहक का नाम / Customer Name", 0.0), (":", 150.0), ("RAHUL SHARMA", 160.0)]),
            line(22.0, &[("खाता संख्या / Account Number", 0.0), (":", 150.0), ("31208104530", 160.0)]),
        ];
        let id = read(&block, &[]);
        assert_eq!((id.name.as_str(), id.account_number.as_str()), ("RAHUL SHARMA", "31208104530"));
    }

    #[test]
    fn hindi_only_labels() {
        let block = vec![
            line(10.0, &[("खाताधारक का नाम", 0.0), (":", 100.0), ("BHANWAR LAL JAT", 110.0)]),
            line(22.0, &[("खाता संख्या", 0.0), (":", 100.0), ("47250100003321", 110.0)]),
            line(34.0, &[("पता", 0.0), (":", 100.0), ("VPO SILORA", 110.0)]),
            line(46.0, &[("आईएफएससी कोड", 0.0), (":", 100.0), ("BARB0BRGB47", 110.0)]),
        ];
        let id = read(&block, &[]);
        assert_eq!(
            (id.name.as_str(), id.account_number.as_str(), id.address.as_str(), id.ifsc.as_deref()),
            ("BHANWAR LAL JAT", "47250100003321", "VPO SILORA", Some("BARB0BRGB47"))
        );
    }

    #[test]
    fn a_name_in_two_scripts_is_its_latin_rendering() {
        let block = vec![
            line(
                10.0,
                &[
                    ("खाता धारक का नाम / Account Holder Name", 0.0),
                    (":", 200.0),
                    ("RAJESH KUMAR SHARMA", 210.0),
                    ("राजेश कुमार शर्मा", 320.0),
                ],
            ),
            line(22.0, &[("खाता संख्या / Account No.", 0.0), (":", 200.0), ("2246001500087321", 210.0)]),
        ];
        let id = read(&block, &[]);
        assert_eq!((id.name.as_str(), id.account_number.as_str()), ("RAJESH KUMAR SHARMA", "2246001500087321"));
        assert_eq!(latin_rendering("राजेश कुमार शर्मा"), "राजेश कुमार शर्मा");
        assert_eq!(latin_rendering("M/S ORBIT TRADERS"), "M/S ORBIT TRADERS");
    }

    #[test]
    fn an_opening_balance_in_debit() {
        let block = vec![
            line(10.0, &[("M/S SHREE TRADERS", 0.0)]),
            line(22.0, &[("Opening Balance", 0.0), (":", 100.0), ("60,000.00", 110.0), ("Dr", 160.0)]),
            line(34.0, &[("Closing Balance", 0.0), (":", 100.0), ("9,393.19", 110.0), ("Cr", 160.0)]),
        ];
        let id = read(&block, &[]);
        assert_eq!(id.opening_balance.map(Money::paise), Some(-6_000_000));
        assert_eq!(id.closing_balance.map(Money::paise), Some(939_319));
    }

    #[test]
    fn account_numbers_as_printed() {
        assert_eq!(account_number(": 052-123456-001").as_deref(), Some("052-123456-001"));
        assert_eq!(account_number("50100123456789").as_deref(), Some("50100123456789"));
        assert_eq!(account_number("01-04-2024"), None);
    }

    #[test]
    fn an_ifsc_glued_to_its_label() {
        // Axis prints "IFSC Code :UTIB0000123"; others "IFSC:UTIB0000123".
        for words in [
            &[("IFSC", 300.0), ("Code", 325.0), (":UTIB0000123", 350.0)][..],
            &[("IFSC", 300.0), ("Code:UTIB0000123", 325.0)][..],
        ] {
            let block = vec![line(10.0, &[("RAHUL", 0.0), ("SHARMA", 40.0)]), line(22.0, words)];
            assert_eq!(read(&block, &[]).ifsc.as_deref(), Some("UTIB0000123"), "{words:?}");
        }
    }

    #[test]
    fn an_account_name_that_names_the_product_is_not_the_holder() {
        // Kowhai Bank NZ (real-dev): the holder above the address, "Account
        // name" the product's.
        let lines = vec![
            line(10.0, &[("JAMIE SAMPLE", 0.0)]),
            line(22.0, &[("1 Example Street", 0.0)]),
            line(34.0, &[("Wellington 6011", 0.0)]),
            line(58.0, &[("Account name", 0.0), ("Everyday account", 100.0)]),
            line(70.0, &[("Account number", 0.0), ("02-1234-0567890-00", 100.0)]),
        ];
        let id = read(&lines, &[]);
        assert_eq!(id.name, "JAMIE SAMPLE");
        assert!(names_a_product("Regular Savings A/C") && !names_a_product("ACCOUNTS PAYABLE SERVICES LLP"));
    }

    #[test]
    fn a_summary_grids_capital_labels_name_nobody() {
        // Woodforest (real-dev fake): the holder was read as "BALANCE", and
        // Chase's as its help box "CUSTOMER SERVICE INFORMATION".
        let lines = vec![
            line(10.0, &[("John Citizen", 0.0), ("CUSTOMER SERVICE INFORMATION", 300.0)]),
            line(22.0, &[("Main Street 123", 0.0)]),
            line(40.0, &[("BALANCE", 200.0), ("TOTAL", 280.0), ("TOTAL", 340.0), ("CLOSING", 400.0)]),
            line(52.0, &[("FORWARD", 200.0), ("DEBITS", 280.0), ("CREDITS", 340.0), ("BALANCE", 400.0)]),
            line(64.0, &[("JOHN CITIZEN", 0.0), ("2.01", 200.0)]),
        ];
        assert_eq!(read(&lines, &[]).name, "JOHN CITIZEN");
    }

    #[test]
    fn a_row_of_uk_labels_over_their_values_names_the_holder_under_account_name() {
        // HSBC UK (real-dev): the holder was read as "Sortcode", the label
        // beside "Account Name", while "Sortcode" was no label.
        let lines = vec![
            line(10.0, &[("Mr Z Testname", 0.0)]),
            line(22.0, &[("1 Test Street", 0.0)]),
            line(
                60.0,
                &[("Account Name", 0.0), ("Sortcode", 300.0), ("Account Number", 360.0), ("Sheet Number", 440.0)],
            ),
            line(72.0, &[("Zeus Test Mark Testname", 0.0), ("00-11-22", 300.0), ("12345678", 360.0), ("169", 440.0)]),
        ];
        let id = read(&lines, &[]);
        assert_eq!((id.name.as_str(), id.account_number.as_str()), ("Zeus Test Mark Testname", "12345678"));
    }

    #[test]
    fn an_account_label_at_the_right_end_of_the_holders_line_takes_the_value_under_it() {
        // DBS digibank: the envelope's lines at the left, "Account Number"
        // at the right of the holder's line over the number.
        let lines = vec![
            line(10.0, &[("MRS REVATHI SAMEER SHETTY", 0.0), ("Account Number", 350.0)]),
            line(21.0, &[("NO 755/A KAMLA NAGAR NEAR HANUMAN TEMPLE", 0.0), ("799411063595", 350.0)]),
            line(32.0, &[("PATNA", 0.0), ("Account Type", 350.0)]),
            line(43.0, &[("BIHAR 800073", 0.0), ("SAVINGS ACCOUNT", 350.0)]),
        ];
        let id = read(&lines, &[]);
        assert_eq!((id.name.as_str(), id.account_number.as_str()), ("REVATHI SAMEER SHETTY", "799411063595"));
    }

    #[test]
    fn corporate_names() {
        assert_eq!(category("SHREE GANESH TRADERS PVT LTD", false), AccountCategory::Corporate);
        assert_eq!(category("M/S KRISHNA AGENCIES", false), AccountCategory::Corporate);
        assert_eq!(category("ORBIT SOLUTIONS", true), AccountCategory::Corporate);
        assert_eq!(category("RAHUL SHARMA", true), AccountCategory::Individual);
        assert_eq!(category("RAMESH CHAND AGARWAL HUF", true), AccountCategory::Corporate);
        assert_eq!(category("SHRI SAI SEVA TRUST", false), AccountCategory::Corporate);
        assert_eq!(category("ST MARYS EDUCATIONAL SOCIETY", false), AccountCategory::Corporate);
        assert_eq!(category("SRI MURUGAN & CO", true), AccountCategory::Corporate);
        assert_eq!(category("SHREE BALAJI STEELS", true), AccountCategory::Corporate);
        assert_eq!(category("SHREE BALAJI STEELS", false), AccountCategory::Individual);
        assert_eq!(category("SHIVAM TRADERS PROP. RAMESH KUMAR", true), AccountCategory::Corporate);
    }

    #[test]
    fn salutations_in_any_case_with_or_without_a_dot() {
        for (printed, name) in [
            ("Mr.RAMESH CHANDRA", "RAMESH CHANDRA"),
            ("MR. K. S. RAO", "K. S. RAO"),
            ("Kum. DIVYA R", "DIVYA R"),
            ("Miss SNEHA PILLAI", "SNEHA PILLAI"),
            ("Shri MOHAN LAL", "MOHAN LAL"),
            ("Dr ANJALI VERMA", "ANJALI VERMA"),
            ("M/s. BHARAT ENTERPRISES", "BHARAT ENTERPRISES"),
            ("SHRI SAI SEVA TRUST", "SHRI SAI SEVA TRUST"),
            ("MD ABDUL KALAM", "MD ABDUL KALAM"),
            ("MRIDULA SEN", "MRIDULA SEN"),
            ("KUMAR SANU", "KUMAR SANU"),
        ] {
            assert_eq!(strip_title(printed), name, "{printed}");
        }
    }

    #[test]
    fn cold_header_forms_of_identity3() {
        // The number right after a title line's label, no colon or dash.
        let t = "Statement of account for A/c 50100412345678 for the period 01-04-2024 to 30-04-2024";
        assert_eq!(account_in_statement_title(t).as_deref(), Some("50100412345678"));
        let t = "Statement of Account No. XXXXXXXXXX1234 for the period 01-04-2024 to 30-04-2024";
        assert_eq!(account_in_statement_title(t).as_deref(), Some("XXXXXXXXXX1234"));
        assert_eq!(account_in_statement_title("Statement of Account for the period 01-04-2024"), None);
        assert_eq!(account_in_statement_title("Transfer to A/c 50100412345678"), None);
        // A joint holder's titled name, never a place named after Shri or Dr.
        assert!(joint_name_row("MRS ANJU SHARMA"));
        assert!(!joint_name_row("SHRI RAM NAGAR"));
        assert!(!joint_name_row("DR AMBEDKAR ROAD"));
        assert!(!joint_name_row("B-7 DEFENCE COLONY"));
        // PIN lines with a colon; heading words are no name.
        assert!(is_pin_line("Pin: 800001"));
        assert!(is_pin_line("PIN CODE - 560034"));
        assert!(heading_value("DETAILS"));
        assert!(!heading_value("RAHUL SHARMA"));
    }

    #[test]
    fn account_numbers_grouped_or_masked() {
        for (value, want) in [
            ("2701 0100 0123 45", Some("27010100012345")),
            ("1001 2345 6789 0123 45", Some("100123456789012345")),
            ("XXXX XXXX XXX5678", Some("XXXXXXXXXXX5678")),
            ("00129****4521", Some("00129****4521")),
            ("XXXXXXXX4521", Some("XXXXXXXX4521")),
            ("0123 0123456789", Some("0123456789")),
            ("50100234567812 SAVINGS", Some("50100234567812")),
            ("01 04 2024", None),
        ] {
            assert_eq!(account_number(value).as_deref(), want, "{value}");
        }
    }

    #[test]
    fn an_account_number_beside_a_colon_pair_without_its_own_colon() {
        // "Customer Name : X" on the left with a colon, "Account No
        // 6123456789" on the right without one.
        let block = vec![
            line(
                30.0,
                &[
                    ("Customer", 0.0),
                    ("Name", 40.0),
                    (":", 70.0),
                    ("DIVYA", 80.0),
                    ("R", 110.0),
                    ("Account", 300.0),
                    ("No", 340.0),
                    ("6123456789", 390.0),
                ],
            ),
            line(42.0, &[("Address", 0.0), (":", 70.0), ("4", 80.0), ("RAMAN", 90.0), ("STREET", 130.0)]),
        ];
        let id = read(&block, &[]);
        assert_eq!(id.account_number, "6123456789");
        assert_eq!(id.name, "DIVYA R");
    }

    #[test]
    fn captions_under_their_values() {
        // Values in large type, a small caption under each.
        let block = vec![
            line(10.0, &[("NEHA", 0.0), ("KAPOOR", 25.0)]),
            line(19.0, &[("Account", 0.0), ("Holder", 40.0)]),
            line(33.0, &[("B", 0.0), ("1204", 10.0), ("LODHA", 35.0)]),
            line(43.0, &[("MUMBAI", 0.0), ("400011", 35.0)]),
            line(70.0, &[("309012345678", 0.0), ("RATN0000402", 140.0)]),
            line(79.0, &[("Account", 0.0), ("Number", 40.0), ("IFSC", 140.0)]),
        ];
        let id = read(&block, &[]);
        assert_eq!(id.name, "NEHA KAPOOR");
        assert_eq!(id.address, "B 1204 LODHA, MUMBAI 400011");
        assert_eq!(id.account_number, "309012345678");
    }

    #[test]
    fn identity4_header_forms() {
        // A PIN in two groups of three; a place name that starts with a label word.
        assert!(is_pin_line("PIN : 500 095") && is_pin_line("PIN 560 009") && !is_pin_line("PIN : 50 0095"));
        assert!(place_line("VILLAGE ROAD NO 3") && place_line("STATE BANK COLONY") && !place_line("STATE : BIHAR"));
        // The holder named in a dashed title.
        assert_eq!(
            name_in_title("Statement of Account - MR. VIKRAM SINGH RATHORE - A/c No. 12340100056789").as_deref(),
            Some("MR. VIKRAM SINGH RATHORE")
        );
        assert_eq!(name_in_title("Statement of Account - 01-04-2024 to 30-04-2024"), None);
        assert!(registered_office_heading("Regd. Office:") && !registered_office_heading("Regd. Office: SIB House"));
        // Mode of Operation / Operated by rows between the name and the address.
        let block = vec![
            line(
                10.0,
                &[
                    ("MRS.", 0.0),
                    ("MEENAKSHI", 25.0),
                    ("SUNDARAM", 80.0),
                    ("Account", 300.0),
                    ("No", 340.0),
                    (":", 352.0),
                    ("6789012345", 360.0),
                ],
            ),
            line(
                22.0,
                &[("Operated", 0.0), ("by", 45.0), (":", 60.0), ("EITHER", 70.0), ("OR", 110.0), ("SURVIVOR", 125.0)],
            ),
            line(34.0, &[("NO", 0.0), ("14,", 15.0), ("KAMARAJ", 35.0), ("NAGAR", 85.0)]),
            line(46.0, &[("TIRUNELVELI", 0.0), ("627", 60.0), ("011", 80.0)]),
        ];
        let id = read(&block, &[]);
        assert_eq!(
            (id.name.as_str(), id.address.as_str()),
            ("MEENAKSHI SUNDARAM", "NO 14, KAMARAJ NAGAR, TIRUNELVELI 627 011")
        );
        // The holder's block after the table when the block above names nobody.
        let above = vec![line(10.0, &[("Statement", 0.0), ("of", 50.0), ("Account", 65.0)])];
        let after = vec![
            line(300.0, &[("Name", 0.0), (":", 60.0), ("SRI", 70.0), ("MANJUNATH", 90.0), ("B", 150.0), ("S", 160.0)]),
            line(312.0, &[("Address", 0.0), (":", 60.0), ("S/O", 70.0), ("SIDDAPPA", 90.0)]),
            line(324.0, &[("HUBBALLI", 70.0), ("580", 120.0), ("021", 140.0)]),
        ];
        let id = read(&above, &after);
        assert_eq!((id.name.as_str(), id.address.as_str()), ("MANJUNATH B S", "S/O SIDDAPPA, HUBBALLI 580 021"));
    }
}
