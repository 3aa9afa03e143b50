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
//! | an incremental update rewrote a page's content streams (not just a signature, form or Info) | `incremental_edits` | 2 |
//! | Acrobat's `/TouchUp_TextEdit` marker | `text_edit_marker` | 3 |
//! | the table's amounts printed in more than one font family | `mixed_fonts` | 2 |
//! | words drawn invisible, in white or under a filled rectangle | `overlaid_text` | 2 |
//! | text or marks added as annotations (FreeText, Stamp, Ink, shapes, form fields) | `overlaid_text` | 3 |
//!
//! So a password-stripping re-save (1 + 1) is not flagged; an Acrobat text
//! edit (3 alone, usually with 3 + 2 + 1 more) and a Sejda or Word file (3)
//! are; a bank-signed file with an incremental signature update (2) is not,
//! unless something else is wrong with it.

use std::collections::HashSet;

use super::Finding;
use crate::extract::profiles;
use crate::layout::rows::median;
use crate::model::Transaction;
use crate::money::Money;
pub use crate::pdf::{FigureFlag, ForensicDigest, TableFont, font_family};
use crate::pdf::{Forensics, Page, subset_of};
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

/// The digest of a statement's PDF: [`ForensicDigest::new`] with the words
/// that print one of `transactions`' amounts or balances as the table's figures.
/// The figures' geometry is checked too ([`placement`]).
pub fn digest(forensics: &Forensics, pages: &[Page], transactions: &[Transaction]) -> ForensicDigest {
    let figures: HashSet<i64> =
        transactions.iter().flat_map(|t| [t.amount.paise(), t.balance.paise().abs()]).filter(|&p| p != 0).collect();
    let mut d =
        ForensicDigest::new(forensics, pages, |text| figure(text).is_some_and(|m| figures.contains(&m.paise())));
    (d.misaligned_figures, d.off_font_figures) = placement(pages, transactions);
    d
}

/// A figure word of a page's table: a plain figure (digits, grouping commas,
/// paise, an optional minus) printing one of the statement's amounts or balances.
struct Fig<'a> {
    text: &'a str,
    x0: f32,
    x1: f32,
    y: f32,
    size: f32,
    family: String,
    /// The BaseFont as named, subset tag included (`ABCDEF+DejaVuSans`).
    font: &'a str,
    paise: i64,
}

/// The offset from a right-aligned column's edge, in ems, from which a figure
/// is off the column: more than a minus sign or a bracket (0.33 em), less
/// than the one digit (0.56 em) an edit that keeps the old left edge adds.
pub const MISALIGNED_EM: f32 = 0.45;

/// Figures sharing a right edge (within 0.5 pt) that make a right-aligned
/// column: at least this many, of widths differing by a digit or more.
pub const ALIGNED_MIN: usize = 5;

/// Figures of the statement's table set off their column, and figures of one
/// row in a font family their column otherwise never uses, with the
/// transaction each prints. Read from the positioned words the reader read
/// (no second parse); pages read by OCR (font `OCR`) carry no reliable
/// geometry and are skipped.
///
/// A column is right-aligned when [`ALIGNED_MIN`] figures of different widths
/// end within 0.5 pt of one edge. A figure that starts inside that column and
/// ends more than [`MISALIGNED_EM`] from its edge, among its rows, was not
/// set by the program that set the others: an editor that replaced the text
/// and kept its start (`500.00` → `25,500.00`), or a row typed in. A centred
/// or left-aligned column has no such edge (its figures sharing a right edge
/// are of one width) and is never judged.
///
/// The font check: in such a column of eight or more figures, one row (with
/// rows of the column above and below it on the page) whose figure is set in
/// a family no other figure of the page uses. Bold totals and B/F rows keep
/// the family (styles are dropped), closing rows are last.
///
/// The subset check: a page whose table figures (eight or more) are set in
/// two subsets of one face (the BaseFont after the tag equal, the tags not).
/// A producer embeds a face once per document; an editor embeds the glyphs it
/// types as a subset of its own, even in the table's face and right-aligned.
pub fn placement(pages: &[Page], transactions: &[Transaction]) -> (Vec<FigureFlag>, Vec<FigureFlag>) {
    let mut misaligned = Vec::new();
    let mut off_font = Vec::new();
    let values: HashSet<i64> =
        transactions.iter().flat_map(|t| [t.amount.paise(), t.balance.paise().abs()]).filter(|&p| p != 0).collect();
    let hash_of = |paise: i64| {
        transactions
            .iter()
            .find(|t| t.balance.paise().abs() == paise)
            .or_else(|| transactions.iter().find(|t| t.amount.paise() == paise))
            .map(|t| t.hash.clone())
    };
    for page in pages {
        let figs: Vec<Fig> = page
            .runs
            .iter()
            .filter(|r| !(r.invisible || r.white || r.covered) && r.rotation == 0 && &*r.font != "OCR")
            .filter_map(|r| {
                // A run padded with spaces: its extent is not the figure's.
                let text = r.text.as_str();
                if text.trim() != text {
                    return None;
                }
                let plain = text.strip_prefix('-').unwrap_or(text);
                if plain.is_empty() || !plain.bytes().all(|b| b.is_ascii_digit() || b == b',' || b == b'.') {
                    return None;
                }
                let paise = figure(text)?.paise();
                (values.contains(&paise) && r.x1 > r.x0 && r.x0.is_finite() && r.x1.is_finite()).then(|| Fig {
                    text,
                    x0: r.x0,
                    x1: r.x1,
                    y: r.y,
                    size: r.font_size.abs().max(1.0),
                    family: font_family(&r.font),
                    font: &r.font,
                    paise,
                })
            })
            .collect();
        if figs.len() < ALIGNED_MIN {
            continue;
        }
        let mut order: Vec<usize> = (0..figs.len()).collect();
        order.sort_by(|&a, &b| figs[a].x1.total_cmp(&figs[b].x1));
        // Runs of right edges no more than 0.5 pt apart.
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for i in order {
            match groups.last_mut() {
                Some(g) if g.last().is_some_and(|&j| figs[i].x1 - figs[j].x1 <= 0.5) => g.push(i),
                _ => groups.push(vec![i]),
            }
        }
        off_font.extend(second_subset(&figs, page.number, &hash_of));
        let mut flagged: HashSet<usize> = HashSet::new();
        for g in groups.iter().filter(|g| g.len() >= ALIGNED_MIN) {
            let size = median(g.iter().map(|&i| figs[i].size).collect()).unwrap_or(0.0);
            let widths = g.iter().map(|&i| figs[i].x1 - figs[i].x0);
            let (wmin, wmax) = widths.fold((f32::MAX, f32::MIN), |(a, b), w| (a.min(w), b.max(w)));
            if wmax - wmin < 0.5 * size {
                // Figures of one width: centred or left-aligned as well as right.
                continue;
            }
            let edge = median(g.iter().map(|&i| figs[i].x1).collect()).unwrap_or(0.0);
            let left = g.iter().map(|&i| figs[i].x0).fold(f32::MAX, f32::min);
            let top = g.iter().map(|&i| figs[i].y).fold(f32::MAX, f32::min) - 2.0 * size;
            let bottom = g.iter().map(|&i| figs[i].y).fold(f32::MIN, f32::max) + 2.0 * size;
            let members: HashSet<usize> = g.iter().copied().collect();
            let off: Vec<usize> = (0..figs.len())
                .filter(|i| !members.contains(i))
                .filter(|&i| {
                    let f = &figs[i];
                    let d = f.x1 - edge;
                    (f.size - size).abs() <= 0.2 * size
                        && f.y >= top
                        && f.y <= bottom
                        && f.x0 >= left - 0.5 * size
                        && f.x0 < edge
                        && f.x1 > left
                        && d.abs() > MISALIGNED_EM * size
                        && !suffixed(page, f, edge)
                })
                .collect();
            // The column is right-aligned: its off figures are a few among many.
            if off.len() * 5 > g.len() {
                continue;
            }
            for &i in &off {
                if !flagged.insert(i) {
                    continue;
                }
                let f = &figs[i];
                misaligned.push(FigureFlag {
                    text: f.text.to_string(),
                    page: page.number,
                    transaction_hash: hash_of(f.paise),
                    detail: format!(
                        "{} on page {} ends {:.1} pt {} the right edge that {} other figures of its column share \
                         (within 0.5 pt)",
                        f.text,
                        page.number,
                        (f.x1 - edge).abs(),
                        if f.x1 > edge { "right of" } else { "left of" },
                        g.len()
                    ),
                });
            }
            // The font check over the column's figures (members and off ones).
            let column: Vec<usize> = g.iter().copied().chain(off.iter().copied()).collect();
            if column.len() < 8 {
                continue;
            }
            let mut families: Vec<(&str, Vec<usize>)> = Vec::new();
            for &i in &column {
                match families.iter_mut().find(|(f, _)| *f == figs[i].family) {
                    Some((_, v)) => v.push(i),
                    None => families.push((figs[i].family.as_str(), vec![i])),
                }
            }
            if families.len() != 2 {
                continue;
            }
            families.sort_by_key(|(_, v)| v.len());
            let (odd_family, odd) = (families[0].0, &families[0].1);
            let (main_family, main) = (families[1].0, &families[1].1);
            let [o] = odd.as_slice() else { continue };
            let y = figs[*o].y;
            let above = main.iter().any(|&i| figs[i].y < y - 0.5 * size);
            let below = main.iter().any(|&i| figs[i].y > y + 0.5 * size);
            // The family on no other row of the page's figures.
            let elsewhere = figs.iter().any(|f| f.family == odd_family && (f.y - y).abs() > 0.5 * size);
            if !above || !below || elsewhere || main.len() < 7 {
                continue;
            }
            let f = &figs[*o];
            off_font.push(FigureFlag {
                text: f.text.to_string(),
                page: page.number,
                transaction_hash: hash_of(f.paise),
                detail: format!(
                    "{} on page {} is set in {odd_family}, a font no other figure of the page uses; the {} other \
                     figures of its column are in {main_family}",
                    f.text,
                    page.number,
                    main.len()
                ),
            });
        }
    }
    (misaligned, off_font)
}

/// Subset tags of one face, with the figures set in each.
type Tags<'a> = Vec<(&'a str, Vec<usize>)>;

/// The table's figures of one page (eight or more) set in two subsets of
/// one face (the same BaseFont after the tag, two tags): a producer embeds a
/// face once per document, so a second subset is glyphs embedded later, by an
/// editor that typed the figures. Pages are judged one at a time (a file
/// merged from several documents carries each one's subsets on its own
/// pages). Flags the first figure (top of the page) of the subset fewer
/// figures use, with their count.
fn second_subset(figs: &[Fig], page: u32, hash_of: &dyn Fn(i64) -> Option<String>) -> Option<FigureFlag> {
    if figs.len() < 8 {
        return None;
    }
    // Per face, its tags with the figures set in each.
    let mut faces: Vec<(&str, Tags)> = Vec::new();
    for (i, f) in figs.iter().enumerate() {
        let Some((tag, face)) = subset_of(f.font) else { continue };
        let tags = match faces.iter_mut().find(|(f, _)| *f == face) {
            Some((_, tags)) => tags,
            None => {
                faces.push((face, Vec::new()));
                &mut faces.last_mut()?.1
            }
        };
        match tags.iter_mut().find(|(t, _)| *t == tag) {
            Some((_, v)) => v.push(i),
            None => tags.push((tag, vec![i])),
        }
    }
    let (face, tags) = faces.iter_mut().find(|(_, tags)| tags.len() > 1)?;
    tags.sort_by_key(|(_, v)| std::cmp::Reverse(v.len()));
    let (main_tag, main) = &tags[0];
    let (odd_tag, odd) = &tags[1];
    let &first = odd.iter().min_by(|&&a, &&b| figs[a].y.total_cmp(&figs[b].y))?;
    let f = &figs[first];
    Some(FigureFlag {
        text: f.text.to_string(),
        page,
        transaction_hash: hash_of(f.paise),
        detail: format!(
            "{} on page {page} and {} more figure(s) of the table are set in {odd_tag}+{face}, another subset of the \
             font the page's {} other figures use ({main_tag}+{face}): glyphs embedded after the page was made",
            f.text,
            odd.len() - 1,
            main.len()
        ),
    })
}

/// True when a word set just after `f` on its line (`Dr`, `Cr`, a marker)
/// ends at the column's `edge`: the figure and its suffix are right-aligned
/// together (`1,234.00 Dr` among bare `5,678.00`).
fn suffixed(page: &Page, f: &Fig, edge: f32) -> bool {
    f.x1 < edge
        && page.runs.iter().any(|r| {
            (r.y - f.y).abs() <= 0.4 * f.size
                && r.x0 >= f.x1 - 0.1
                && r.x0 <= f.x1 + 1.5 * f.size
                && (r.x1 - edge).abs() <= 1.0
                && !r.text.trim().is_empty()
        })
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
    if !digest.pages_redrawn_by_update.is_empty() {
        let pages: Vec<String> = digest.pages_redrawn_by_update.iter().map(u32::to_string).collect();
        out.push(Signal {
            fraud_type: FraudType::IncrementalEdits,
            points: 2,
            reason: format!(
                "the update rewrote what page(s) {} draw: their content streams were stored after the original \
                 file ended (signing or filling a form adds annotations, not page content)",
                pages.join(", ")
            ),
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
                counted(&digest.drawn_annotations).join(", ")
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

/// Repeated entries once each, in first-seen order, with their count where
/// there are several ("Widget on page 1 (x30)").
fn counted(items: &[String]) -> Vec<String> {
    let mut seen: Vec<(&str, usize)> = Vec::new();
    for i in items {
        match seen.iter_mut().find(|(s, _)| *s == i.as_str()) {
            Some((_, n)) => *n += 1,
            None => seen.push((i.as_str(), 1)),
        }
    }
    seen.into_iter().map(|(s, n)| if n > 1 { format!("{s} (x{n})") } else { s.to_string() }).collect()
}
