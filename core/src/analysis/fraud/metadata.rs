//! Metadata fraud: the PDF's own record, graded.
//!
//! A statement PDF is kept with a [`ForensicDigest`] (producer, dates,
//! revisions, edit markers, hidden words, the fonts of the table's figures);
//! [`grade`] turns it into findings. No single weak signal is a verdict:
//! customers re-save statements to strip the password (iLovePDF, qpdf), which
//! changes the producer and the modification date and nothing else. So every
//! signal scores points and a statement is flagged only when its signals add
//! up to [`FLAG_AT`]; then each signal that scored becomes a finding of its
//! own type.
//!
//! | signal | fraud_type | points |
//! |---|---|---|
//! | producer / creator is an editing tool ([`EDITING_TOOLS`]: Sejda/SAMBox, Smallpdf, MS Word, Acrobat, ...) | `author_fraud` | 3 |
//! | producer / creator not one the bank's profile knows, a re-save tool ([`RESAVE_TOOLS`]), or none at all | `author_fraud` | 1 |
//! | modified more than [`DATE_GAP_HOURS`] hours after creation | `date_fraud` | 1 |
//! | incremental updates appended (more than one revision) | `incremental_edits` | 2 |
//! | Acrobat's `/TouchUp_TextEdit` marker | `text_edit_marker` | 3 |
//! | the table's amounts printed in more than one font family | `mixed_fonts` | 2 |
//! | words drawn invisible, in white or under a filled rectangle | `overlaid_text` | 2 |
//! | text or marks added as annotations (FreeText, Stamp, Ink, shapes, form fields) | `overlaid_text` | 3 |
//!
//! So a password-stripping re-save (1 + 1) is not flagged; an Acrobat text
//! edit (3 alone, usually with 3 + 2 + 1 more) and a Sejda or Word file (3)
//! are; a bank-signed file with an incremental signature update (2) is not,
//! unless something else is wrong with it.

use std::collections::{BTreeMap, HashSet};

use chrono::{DateTime, FixedOffset};
use serde::{Deserialize, Serialize};

use super::Finding;
use crate::extract::profiles;
use crate::model::Transaction;
use crate::money::Money;
use crate::pdf::{EncryptionKind, Forensics, Page};
use crate::taxonomy::FraudType;

/// Points at which a statement's metadata signals become findings.
pub const FLAG_AT: u32 = 3;

/// A modification date this many hours after the creation date is a signal.
/// Banks write both dates in the same second; a later save is somebody's edit
/// or re-save.
pub const DATE_GAP_HOURS: i64 = 24;

/// Producer / creator substrings (lower case) of tools that edit a PDF's
/// content. Acrobat's Distiller, which some banks use to make statements, is
/// not one (see [`is_editing_tool`]).
pub const EDITING_TOOLS: &[&str] = &[
    "sejda",
    "sambox",
    "smallpdf",
    "acrobat pro",
    "acrobat standard",
    "adobe acrobat",
    "pdfelement",
    "wondershare",
    "foxit phantompdf",
    "foxit pdf editor",
    "nitro pro",
    "pdf-xchange editor",
    "pdfescape",
    "soda pdf",
    "sodapdf",
    "pdffiller",
];

/// Producer / creator substrings (lower case) of tools customers use to
/// re-save a statement without its password.
pub const RESAVE_TOOLS: &[&str] = &["ilovepdf", "qpdf", "pypdf", "pikepdf", "pdfunlock", "unlock-pdf", "pdf24"];

/// Hidden words kept in the digest, for the finding's reason.
const HIDDEN_SAMPLE: usize = 5;

/// What the fraud checks keep of a PDF's forensic record
/// ([`crate::pdf::Forensics`]): small, serializable, kept with the statement.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ForensicDigest {
    /// Info `/Producer`.
    pub producer: Option<String>,
    /// Info `/Creator`.
    pub creator: Option<String>,
    /// XMP `pdf:Producer`.
    pub xmp_producer: Option<String>,
    /// XMP `xmp:CreatorTool`.
    pub xmp_creator_tool: Option<String>,
    /// Info `/CreationDate`.
    pub created: Option<DateTime<FixedOffset>>,
    /// Info `/ModDate`.
    pub modified: Option<DateTime<FixedOffset>>,
    /// Revisions: 1 for the original, plus one per incremental update.
    pub revisions: u32,
    /// Whether the file was encrypted.
    pub encrypted: bool,
    /// Whether any page carries `/TouchUp_TextEdit`.
    pub touchup_text_edit: bool,
    /// Words drawn invisible, in white or covered by a filled rectangle.
    pub hidden_words: u32,
    /// The first few of those words.
    pub hidden_sample: Vec<String>,
    /// Fonts of the figures in the transaction table (amounts and balances of
    /// the statement's rows), most used first.
    pub table_fonts: Vec<TableFont>,
    /// Annotations drawn over the pages (`FreeText on page 2`), as "Fill &
    /// Sign" and comment tools add text.
    #[serde(default)]
    pub drawn_annotations: Vec<String>,
}

/// A font family the table's figures are printed in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableFont {
    /// Family name: subset tag and style dropped (`ABCDEF+Arial-BoldMT` → `Arial`).
    pub family: String,
    /// Whether the font program is embedded.
    pub embedded: bool,
    /// Figures printed in it.
    pub figures: u32,
}

/// The family of a BaseFont name: no subset tag, no style suffix.
pub fn font_family(base_font: &str) -> String {
    let name = base_font.split_once('+').map_or(base_font, |(_, n)| n);
    let mut name = name.split(['-', ',']).next().unwrap_or(name);
    // fpdf2 and some generators glue the style on (`DejaVuSansBold`, `ArialMT`).
    loop {
        let before = name.len();
        for suffix in ["MT", "PS", "Bold", "Italic", "Oblique", "Book", "Roman", "Regular", "Medium", "Light"] {
            if let Some(rest) = name.strip_suffix(suffix)
                && !rest.is_empty()
            {
                name = rest;
            }
        }
        if name.len() == before {
            return name.to_string();
        }
    }
}

/// A word that prints an amount with paise (`1,234.50`, `12,345.67(Cr)`, `500.00 Dr`).
fn figure(text: &str) -> Option<Money> {
    let t = text.trim();
    let digits_then_point = t.find('.').is_some_and(|i| {
        t.get(i + 1..i + 3).is_some_and(|d| d.bytes().all(|b| b.is_ascii_digit()))
            && t.get(..i).is_some_and(|p| p.bytes().any(|b| b.is_ascii_digit()))
    });
    if !digits_then_point {
        return None;
    }
    Money::parse(t).ok().map(Money::abs)
}

impl ForensicDigest {
    /// The digest of a PDF: its forensic record, and the fonts of the words on
    /// its pages that print one of `transactions`' amounts or balances.
    pub fn new(forensics: &Forensics, pages: &[Page], transactions: &[Transaction]) -> ForensicDigest {
        let figures: HashSet<i64> =
            transactions.iter().flat_map(|t| [t.amount.paise(), t.balance.paise().abs()]).filter(|&p| p != 0).collect();
        let embedded: HashSet<&str> = forensics
            .pages
            .iter()
            .flat_map(|p| p.fonts.iter().filter(|f| f.embedded).map(|f| f.name.as_str()))
            .collect();
        let mut fonts: BTreeMap<(String, bool), u32> = BTreeMap::new();
        for run in pages.iter().flat_map(|p| &p.runs) {
            if run.invisible || run.white {
                continue;
            }
            if figure(&run.text).is_some_and(|m| figures.contains(&m.paise())) {
                let key = (font_family(&run.font), embedded.contains(&*run.font));
                *fonts.entry(key).or_insert(0) += 1;
            }
        }
        let mut table_fonts: Vec<TableFont> =
            fonts.into_iter().map(|((family, embedded), figures)| TableFont { family, embedded, figures }).collect();
        table_fonts.sort_by(|a, b| b.figures.cmp(&a.figures).then_with(|| a.family.cmp(&b.family)));
        let hidden: Vec<&str> =
            forensics.pages.iter().flat_map(|p| p.hidden_text.iter().map(|h| h.text.as_str())).collect();
        ForensicDigest {
            producer: forensics.info.producer.clone(),
            creator: forensics.info.creator.clone(),
            xmp_producer: forensics.xmp.as_ref().and_then(|x| x.producer.clone()),
            xmp_creator_tool: forensics.xmp.as_ref().and_then(|x| x.creator_tool.clone()),
            created: forensics.info.creation_date,
            modified: forensics.info.mod_date,
            revisions: forensics.revisions,
            encrypted: forensics.encryption != EncryptionKind::None,
            touchup_text_edit: forensics.touchup_text_edit,
            hidden_words: u32::try_from(hidden.len()).unwrap_or(u32::MAX),
            hidden_sample: hidden.iter().take(HIDDEN_SAMPLE).map(|s| (*s).to_string()).collect(),
            table_fonts,
            drawn_annotations: forensics
                .pages
                .iter()
                .flat_map(|p| p.annotations.iter().map(move |a| format!("{a} on page {}", p.number)))
                .collect(),
        }
    }

    /// Producer, creator and the XMP tool names that are set.
    fn tools(&self) -> impl Iterator<Item = &str> {
        [&self.producer, &self.creator, &self.xmp_producer, &self.xmp_creator_tool]
            .into_iter()
            .filter_map(|s| s.as_deref())
            .filter(|s| !s.trim().is_empty())
    }
}

/// True when `tool` (a producer or creator) names a PDF editor.
pub fn is_editing_tool(tool: &str) -> bool {
    let t = tool.to_lowercase();
    if t.contains("distiller") {
        return false;
    }
    EDITING_TOOLS.iter().any(|k| t.contains(k)) || (t.contains("microsoft") && t.contains("word"))
}

/// True when `tool` names a tool customers re-save statements with.
pub fn is_resave_tool(tool: &str) -> bool {
    let t = tool.to_lowercase();
    RESAVE_TOOLS.iter().any(|k| t.contains(k))
}

/// One scored signal.
struct Signal {
    fraud_type: FraudType,
    points: u32,
    reason: String,
}

/// The author signal: an editing tool (3), or a producer the bank is not known
/// to use, a re-save tool or no producer at all (1).
fn author(digest: &ForensicDigest, bank: &str) -> Option<Signal> {
    let tools: Vec<&str> = digest.tools().collect();
    let signal = |points, reason| Some(Signal { fraud_type: FraudType::AuthorFraud, points, reason });
    if let Some(editor) = tools.iter().find(|t| is_editing_tool(t)) {
        return signal(3, format!("made or edited with {editor:?}, a PDF editor"));
    }
    let profile = profiles::profile(bank);
    let known = |t: &str| profile.is_some_and(|p| p.known_producer(t));
    if let Some(resave) = tools.iter().copied().filter(|t| !known(t)).find(|t| is_resave_tool(t)) {
        return signal(1, format!("re-saved with {resave:?} (weak: customers strip passwords this way)"));
    }
    match profile {
        Some(_) if tools.is_empty() => signal(1, format!("no producer recorded (weak: {bank} statements name one)")),
        Some(_) if !tools.iter().copied().any(known) => {
            signal(1, format!("producer {:?} is not one seen on {bank} statements (weak)", tools.join(" / ")))
        }
        _ => None,
    }
}

fn signals(digest: &ForensicDigest, bank: &str) -> Vec<Signal> {
    let mut out: Vec<Signal> = author(digest, bank).into_iter().collect();
    if let (Some(created), Some(modified)) = (digest.created, digest.modified) {
        let gap = modified.signed_duration_since(created);
        if gap.num_hours() > DATE_GAP_HOURS {
            out.push(Signal {
                fraud_type: FraudType::DateFraud,
                points: 1,
                reason: format!(
                    "modified {} after creation ({} → {})",
                    human_gap(gap.num_hours()),
                    created.to_rfc3339(),
                    modified.to_rfc3339()
                ),
            });
        }
    }
    if digest.revisions > 1 {
        out.push(Signal {
            fraud_type: FraudType::IncrementalEdits,
            points: 2,
            reason: format!("{} incremental update(s) appended to the original file", digest.revisions - 1),
        });
    }
    if digest.touchup_text_edit {
        out.push(Signal {
            fraud_type: FraudType::TextEditMarker,
            points: 3,
            reason: "Acrobat's /TouchUp_TextEdit marker: text was edited in Acrobat".into(),
        });
    }
    if digest.table_fonts.len() > 1 {
        let fonts: Vec<String> = digest
            .table_fonts
            .iter()
            .map(|f| {
                format!(
                    "{} ({}, {} figures)",
                    f.family,
                    if f.embedded { "embedded" } else { "not embedded" },
                    f.figures
                )
            })
            .collect();
        out.push(Signal {
            fraud_type: FraudType::MixedFonts,
            points: 2,
            reason: format!("the table's amounts are printed in {} fonts: {}", fonts.len(), fonts.join(", ")),
        });
    }
    if !digest.drawn_annotations.is_empty() {
        out.push(Signal {
            fraud_type: FraudType::OverlaidText,
            points: 3,
            reason: format!(
                "text or marks added over the page as annotations ({}): how 'Fill & Sign' and comment tools edit a PDF",
                digest.drawn_annotations.join(", ")
            ),
        });
    }
    if digest.hidden_words > 0 {
        out.push(Signal {
            fraud_type: FraudType::OverlaidText,
            points: 2,
            reason: format!(
                "{} word(s) drawn but not visible (invisible, white or covered), e.g. {:?}",
                digest.hidden_words, digest.hidden_sample
            ),
        });
    }
    out
}

fn human_gap(hours: i64) -> String {
    if hours >= 48 { format!("{} days", hours / 24) } else { format!("{hours} hours") }
}

/// The points a statement's metadata scores (see the module docs).
pub fn score(digest: &ForensicDigest, bank: &str) -> u32 {
    signals(digest, bank).iter().map(|s| s.points).sum()
}

/// Metadata findings of one statement of `bank`: one per signal that scored,
/// when they add up to [`FLAG_AT`]; none otherwise. Findings carry no
/// statement id (the caller knows it) and no transaction hash.
pub fn grade(digest: &ForensicDigest, bank: &str) -> Vec<Finding> {
    let signals = signals(digest, bank);
    let total: u32 = signals.iter().map(|s| s.points).sum();
    if total < FLAG_AT {
        return Vec::new();
    }
    signals
        .into_iter()
        .map(|s| Finding {
            fraud_type: s.fraud_type,
            statement_id: None,
            transaction_hash: None,
            reason: format!("{} [{} of {total} metadata points; flagged at {FLAG_AT}]", s.reason, s.points),
        })
        .collect()
}
