//! Each flag tripped by a hand-made case and left alone by its near miss.

use std::sync::Arc;

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime};

use super::metadata::{self, ForensicDigest, TableFont, font_family, grade, is_editing_tool, score};
use super::*;
use crate::model::{Identity, Metadata};

/// The behavioural checks with the account's salary decided first, as the
/// account's analysis runs them.
fn behavioural_checks(t: &[Transaction], md: &Metadata) -> Vec<Finding> {
    super::behavioural_checks(t, &crate::enrich::salary::detect(t, md))
}
use crate::pdf::{EncryptionKind, FontUse, Forensics, Info, Page, PageForensics, TextRun};
use crate::reconcile::balance_breaks;

fn day(m: u32, d: u32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2025, m, d).and_then(|x| x.and_hms_opt(0, 0, 0)).unwrap_or_default()
}

fn rs(rupees: i64) -> Money {
    Money::from_rupees(rupees)
}

/// Rows (month, day, note, type, amount paise, balance paise, channel), hashed `h0`, `h1`, ...
fn rows(spec: &[(u32, u32, &str, TxnType, i64, i64, Channel)]) -> Vec<Transaction> {
    spec.iter()
        .enumerate()
        .map(|(i, &(m, d, note, kind, amount, balance, channel))| {
            let mut t = Transaction::new(day(m, d), note, kind, Money::from_paise(amount), Money::from_paise(balance));
            t.channel = channel;
            t.hash = format!("h{i}");
            t
        })
        .collect()
}

fn types(findings: &[Finding]) -> Vec<FraudType> {
    findings.iter().map(|f| f.fraud_type).collect()
}

// ---------------------------------------------------------------- metadata

fn at(s: &str) -> Option<DateTime<FixedOffset>> {
    DateTime::parse_from_rfc3339(s).ok()
}

/// An HDFC statement as HDFC makes it: iText, created and modified together,
/// one revision, one table font.
fn genuine() -> ForensicDigest {
    ForensicDigest {
        producer: Some("iText 5.5.13.3 ©2000-2022 iText Group NV".into()),
        created: at("2025-07-01T10:30:15+05:30"),
        modified: at("2025-07-01T10:30:15+05:30"),
        revisions: 1,
        table_fonts: vec![TableFont { family: "Arial".into(), embedded: true, figures: 120 }],
        ..ForensicDigest::default()
    }
}

#[test]
fn a_genuine_digest_scores_nothing() {
    assert_eq!(score(&genuine(), "hdfc"), 0);
    assert!(grade(&genuine(), "hdfc").is_empty());
}

#[test]
fn author_fraud_for_editing_tools() {
    // Sejda: Creator sejda.com, Producer SAMBox → 3 points, flagged alone.
    let sejda =
        ForensicDigest { producer: Some("SAMBox 1.1.61".into()), creator: Some("sejda.com".into()), ..genuine() };
    assert_eq!(score(&sejda, "hdfc"), 3);
    let found = grade(&sejda, "hdfc");
    assert_eq!(types(&found), vec![FraudType::AuthorFraud]);
    assert!(found[0].reason.contains("SAMBox"), "{}", found[0].reason);
    assert_eq!((found[0].statement_id, found[0].transaction_hash.as_deref()), (None, None));
    // A Word-made "statement" whose totals reconcile: only metadata shows it.
    let word = ForensicDigest { xmp_creator_tool: Some("Microsoft® Word for Microsoft 365".into()), ..genuine() };
    assert_eq!(types(&grade(&word, "hdfc")), vec![FraudType::AuthorFraud]);
    assert!(is_editing_tool("Adobe Acrobat Pro (64-bit) 23.6.20320"));
    assert!(is_editing_tool("Smallpdf.com"));
    // Distiller makes statements at some banks; it edits nothing.
    assert!(!is_editing_tool("Acrobat Distiller 10.1.16 (Windows)"));
    assert!(!is_editing_tool("iText 5.5.13"));
}

#[test]
fn a_password_stripping_resave_alone_is_not_fraud() {
    // iLovePDF re-save three months later: 1 (re-save tool) + 1 (date gap) = 2 < 3.
    let stripped = ForensicDigest {
        producer: Some("iLovePDF".into()),
        modified: at("2025-10-01T09:00:00+05:30"),
        encrypted: false,
        ..genuine()
    };
    assert_eq!(score(&stripped, "hdfc"), 2);
    assert!(grade(&stripped, "hdfc").is_empty());
    // SBI customers do this so often that its profile lists iLovePDF: only the date scores.
    assert_eq!(score(&stripped, "sbi"), 1);
    // A producer the bank is not known to use is weak too (1), and a bank
    // without a profile has no known producers to differ from (0).
    let unknown = ForensicDigest { producer: Some("ReportLab PDF Library".into()), ..genuine() };
    assert_eq!(score(&unknown, "hdfc"), 1);
    assert_eq!(score(&unknown, "federal"), 0);
    let none = ForensicDigest { producer: None, ..genuine() };
    assert_eq!(score(&none, "hdfc"), 1);
}

#[test]
fn date_fraud_past_the_gap_with_incremental_edits() {
    // Modified 3 days later (1) in an incremental update (2) = 3: both reported.
    let edited = ForensicDigest { modified: at("2025-07-04T10:30:15+05:30"), revisions: 2, ..genuine() };
    assert_eq!(score(&edited, "hdfc"), 3);
    let found = grade(&edited, "hdfc");
    assert_eq!(types(&found), vec![FraudType::DateFraud, FraudType::IncrementalEdits]);
    assert!(found[0].reason.contains("3 days"), "{}", found[0].reason);
    assert!(found[1].reason.contains("1 incremental update"), "{}", found[1].reason);
    // Exactly 24 hours is within the gap: no date signal; the update alone
    // (a bank's signature is one) scores 2 and is not flagged.
    let signed = ForensicDigest { modified: at("2025-07-02T10:30:15+05:30"), revisions: 2, ..genuine() };
    assert_eq!(score(&signed, "hdfc"), 2);
    assert!(grade(&signed, "hdfc").is_empty());
    let later = ForensicDigest { modified: at("2025-07-02T11:30:15+05:30"), revisions: 2, ..genuine() };
    assert_eq!(types(&grade(&later, "hdfc")), vec![FraudType::DateFraud, FraudType::IncrementalEdits]);
    assert_eq!(metadata::DATE_GAP_HOURS, 24);
}

#[test]
fn touchup_text_edit_alone_is_enough() {
    let touched = ForensicDigest { touchup_text_edit: true, ..genuine() };
    assert_eq!(score(&touched, "hdfc"), 3);
    assert_eq!(types(&grade(&touched, "hdfc")), vec![FraudType::TextEditMarker]);
    assert!(grade(&ForensicDigest { touchup_text_edit: false, ..genuine() }, "hdfc").is_empty());
}

#[test]
fn mixed_fonts_and_overlaid_text() {
    let two_fonts = vec![
        TableFont { family: "Arial".into(), embedded: true, figures: 119 },
        TableFont { family: "Helvetica".into(), embedded: false, figures: 1 },
    ];
    // Mixed fonts (2) alone: not flagged; with an unknown producer (1): flagged.
    let mixed = ForensicDigest { table_fonts: two_fonts.clone(), ..genuine() };
    assert_eq!(score(&mixed, "hdfc"), 2);
    assert!(grade(&mixed, "hdfc").is_empty());
    let mixed_unknown = ForensicDigest { producer: Some("PDFsharp".into()), ..mixed.clone() };
    let found = grade(&mixed_unknown, "hdfc");
    assert_eq!(types(&found), vec![FraudType::AuthorFraud, FraudType::MixedFonts]);
    assert!(found[1].reason.contains("Helvetica (not embedded, 1 figures)"), "{}", found[1].reason);
    // Covered words (2) with mixed fonts (2): a white box over the old amount
    // and a new one typed on top.
    let overlay =
        ForensicDigest { hidden_words: 1, hidden_sample: vec!["500.00".into()], table_fonts: two_fonts, ..genuine() };
    assert_eq!(types(&grade(&overlay, "hdfc")), vec![FraudType::MixedFonts, FraudType::OverlaidText]);
    // One family in several styles is one font.
    let one = ForensicDigest { hidden_words: 0, ..genuine() };
    assert!(grade(&one, "hdfc").is_empty());
}

#[test]
fn font_families() {
    assert_eq!(font_family("ABCDEF+Arial-BoldMT"), "Arial");
    assert_eq!(font_family("ArialMT"), "Arial");
    assert_eq!(font_family("MPDFAA+DejaVuSansBold"), "DejaVuSans");
    assert_eq!(font_family("MPDFAA+DejaVuSansBook"), "DejaVuSans");
    assert_eq!(font_family("DejaVuSansCondensed-Bold"), "DejaVuSansCondensed");
    assert_eq!(font_family("Times-Roman"), "Times");
    assert_eq!(font_family("Helvetica"), "Helvetica");
    assert_eq!(font_family("Bold"), "Bold");
}

fn run(text: &str, font: &str, order: u32) -> TextRun {
    TextRun {
        text: text.into(),
        x0: 400.0,
        x1: 440.0,
        y: 100.0 + order as f32 * 12.0,
        font_size: 9.0,
        font: Arc::from(font),
        rotation: 0,
        invisible: false,
        white: false,
        covered: false,
        skewed: false,
        order,
    }
}

#[test]
fn digest_of_a_forensic_record() {
    // One row: debit 500.00, balance 9,500.00.
    let txns = rows(&[(4, 1, "ATM", TxnType::Debit, 50_000, 950_000, Channel::CashWithdrawl)]);
    let font =
        |name: &str, embedded| FontUse { name: name.into(), subtype: "TrueType".into(), embedded, subset_tag: None };
    let forensics = Forensics {
        pdf_version: "1.4".into(),
        info: Info { producer: Some("iText".into()), ..Info::default() },
        xmp: None,
        revisions: 2,
        eof_markers: 2,
        linearized: false,
        encryption: EncryptionKind::Aes128,
        encryption_revision: Some(4),
        page_count: 1,
        pages: vec![PageForensics {
            number: 1,
            width: 595.0,
            height: 842.0,
            rotation: 0,
            content_streams: 2,
            fonts: vec![font("ABCDEF+Arial", true), font("Helvetica", false)],
            touchup_text_edit: true,
            images: 0,
            hidden_text: Vec::new(),
            annotations: Vec::new(),
        }],
        touchup_text_edit: true,
        pages_redrawn_by_update: Vec::new(),
    };
    let mut white = run("500.00", "Helvetica", 5);
    white.white = true;
    let page = Page {
        number: 1,
        width: 595.0,
        height: 842.0,
        rotation: 0,
        shapes: Vec::new(),
        runs: vec![
            run("500.00", "ABCDEF+Arial", 0),   // the amount: Arial, embedded
            run("9,500.00", "ABCDEF+Arial", 1), // the balance
            run("495.00", "Helvetica", 2),      // not a figure of this statement
            run("500.00", "Helvetica", 3),      // an amount typed in another font
            run("2025", "ABCDEF+Arial", 4),     // no paise: not a figure
            white,                              // unseen: not counted
        ],
    };
    let d = metadata::digest(&forensics, &[page], &txns);
    assert_eq!(
        d.table_fonts,
        vec![
            TableFont { family: "Arial".into(), embedded: true, figures: 2 },
            TableFont { family: "Helvetica".into(), embedded: false, figures: 1 },
        ]
    );
    assert_eq!((d.revisions, d.encrypted, d.touchup_text_edit), (2, true, true));
    assert_eq!(d.producer.as_deref(), Some("iText"));
    // The digest survives JSON (it is kept with the statement).
    let back: ForensicDigest = serde_json::from_str(&serde_json::to_string(&d).unwrap_or_default()).unwrap_or_default();
    assert_eq!(back, d);
}

/// A table of `n` rows (credit `amounts[i]` rupees, a running balance),
/// Helvetica 8 pt, right-aligned at 500 (amount) and 570 (balance): each
/// figure's width is its characters × 4.45 pt (digits and the comma alike
/// are close enough for the check). Returns the transactions and the page.
fn aligned_table(amounts: &[i64]) -> (Vec<Transaction>, Vec<TextRun>) {
    let mut spec = Vec::new();
    let mut balance = 100_000;
    for &a in amounts {
        balance += a * 100;
        spec.push((4, 1, "NEFT", TxnType::Credit, a * 100, balance, Channel::CashWithdrawl));
    }
    let txns = rows(&spec);
    let mut runs = Vec::new();
    for (i, t) in txns.iter().enumerate() {
        for (text, edge) in [(t.amount.to_indian_string(), 500.0), (t.balance.to_indian_string(), 570.0)] {
            let text = text.trim_start_matches('₹').to_string();
            let width = text.chars().count() as f32 * 4.45;
            runs.push(TextRun { x0: edge - width, x1: edge, font_size: 8.0, ..run(&text, "Helvetica", i as u32) });
        }
    }
    (txns, runs)
}

fn page_of(runs: Vec<TextRun>) -> Page {
    Page { number: 1, width: 595.0, height: 842.0, rotation: 0, runs, shapes: vec![] }
}

#[test]
fn a_figure_off_its_right_aligned_column_is_misaligned() {
    let (txns, mut runs) = aligned_table(&[500, 1_200, 35_000, 90, 12_345, 700, 8_000, 15]);
    // Clean: every figure ends at its column's edge.
    let (misaligned, off_font) = metadata::placement(&[page_of(runs.clone())], &txns);
    assert!(misaligned.is_empty() && off_font.is_empty(), "{misaligned:?} {off_font:?}");
    // The 4th amount (90.00) overwritten in place, keeping its left edge:
    // "90.00" → "25,090.00" would change the chain; an edit of the same width
    // class is shown by moving its right edge 2 digits right.
    let amount = runs.iter_mut().filter(|r| r.x1 == 500.0).nth(3).map(|r| {
        r.x1 += 8.9;
        r.text.clone()
    });
    let (misaligned, _) = metadata::placement(&[page_of(runs.clone())], &txns);
    assert_eq!(misaligned.len(), 1, "{misaligned:?}");
    assert_eq!(Some(misaligned[0].text.clone()), amount);
    assert_eq!(misaligned[0].transaction_hash.as_deref(), Some("h3"));
    // A closing minus or bracket (a third of an em) is not enough.
    let (txns2, mut runs2) = aligned_table(&[500, 1_200, 35_000, 90, 12_345, 700, 8_000, 15]);
    if let Some(r) = runs2.iter_mut().filter(|r| r.x1 == 500.0).nth(3) {
        r.x1 += 2.6;
    }
    assert!(metadata::placement(&[page_of(runs2)], &txns2).0.is_empty());
    // A balance with its own suffix word (`90.00 Dr`) right-aligned with
    // the column: figure and suffix end at the edge together.
    let (txns3, mut runs3) = aligned_table(&[500, 1_200, 35_000, 90, 12_345, 700, 8_000, 15]);
    let mut dr = None;
    if let Some(r) = runs3.iter_mut().filter(|r| r.x1 == 570.0).nth(3) {
        r.x0 -= 10.0;
        r.x1 -= 10.0;
        dr = Some(TextRun { text: "Dr".into(), x0: r.x1 + 1.5, x1: 570.0, ..r.clone() });
    }
    runs3.extend(dr);
    assert!(metadata::placement(&[page_of(runs3)], &txns3).0.is_empty());
    // OCR words carry no reliable geometry: never judged.
    for r in &mut runs {
        r.font = Arc::from("OCR");
    }
    assert!(metadata::placement(&[page_of(runs)], &txns).0.is_empty());
}

#[test]
fn a_centred_column_is_never_judged() {
    // Centred at 480: figures of one width share a right edge, wider ones do not.
    let (txns, runs) = aligned_table(&[500, 600, 700, 800, 900, 35_000, 12_345, 100_000]);
    let runs: Vec<TextRun> = runs
        .into_iter()
        .map(|r| {
            let w = r.x1 - r.x0;
            if r.x1 == 500.0 { TextRun { x0: 480.0 - w / 2.0, x1: 480.0 + w / 2.0, ..r } } else { r }
        })
        .collect();
    assert!(metadata::placement(&[page_of(runs)], &txns).0.is_empty());
}

#[test]
fn one_row_in_a_font_its_column_never_uses_is_mixed_fonts() {
    let (txns, mut runs) = aligned_table(&[500, 1_200, 35_000, 90, 12_345, 700, 8_000, 15, 2_500, 640]);
    for r in runs.iter_mut().filter(|r| r.order == 4) {
        r.font = Arc::from("Courier");
    }
    let (_, off_font) = metadata::placement(&[page_of(runs.clone())], &txns);
    assert_eq!(off_font.len(), 2, "{off_font:?}");
    assert!(off_font.iter().all(|f| f.transaction_hash.as_deref() == Some("h4")));
    let d = ForensicDigest { off_font_figures: off_font, ..ForensicDigest::default() };
    let findings = placement_findings(&d);
    assert_eq!(types(&findings), vec![FraudType::MixedFonts]);
    assert_eq!(findings[0].category(), FraudCategory::Metadata);
    // Bold totals and B/F rows keep the family; the last row (a closing
    // row) in another font is not between rows of the column.
    for r in runs.iter_mut() {
        r.font = Arc::from(if r.order == 4 { "Helvetica-Bold" } else { "Helvetica" });
        if r.order == 9 {
            r.font = Arc::from("Times-Roman");
        }
    }
    assert!(metadata::placement(&[page_of(runs)], &txns).1.is_empty());
}

// -------------------------------------------------------------- accounting

fn statement(number: &str, from: (u32, u32), to: (u32, u32), opening: i64, txns: Vec<Transaction>) -> Statement {
    let breaks = balance_breaks(Some(Money::from_paise(opening)), &txns);
    Statement {
        id: Uuid::new_v4(),
        bank: "hdfc".into(),
        identity: Identity {
            account_number: number.into(),
            period_from: NaiveDate::from_ymd_opt(2025, from.0, from.1),
            period_to: NaiveDate::from_ymd_opt(2025, to.0, to.1),
            opening_balance: Some(Money::from_paise(opening)),
            closing_balance: txns.last().map(|t| t.balance),
            ..Identity::default()
        },
        transactions: txns,
        balance_breaks: breaks,
        ..Statement::default()
    }
}

#[test]
fn inconsistent_transaction_at_the_first_break() {
    use TxnType::{Credit, Debit};
    // Opening 10,000.00. +1,000 → 11,000 (fine); −495 printed 10,500 but
    // 11,000 − 495 = 10,505 (break at row 1); −500 → 10,000 (fine from 10,500);
    // +1 printed 10,002 (second break, row 3).
    let txns = rows(&[
        (4, 1, "NEFT CR", Credit, 100_000, 1_100_000, Channel::Other),
        (4, 2, "POS AMAZON", Debit, 49_500, 1_050_000, Channel::Other),
        (4, 3, "POS FLIPKART", Debit, 50_000, 1_000_000, Channel::Other),
        (4, 4, "INT", Credit, 100, 1_000_200, Channel::Other),
    ]);
    let s = statement("1", (4, 1), (4, 30), 1_000_000, txns);
    let Some(f) = inconsistent_transaction(&s) else { panic!("the edit is caught") };
    assert_eq!(f.fraud_type, FraudType::InconsistentTransaction);
    assert_eq!(f.category(), FraudCategory::Accounting);
    assert_eq!((f.statement_id, f.transaction_hash.as_deref()), (Some(s.id), Some("h1")));
    assert!(f.reason.contains("printed 10,500.00") && f.reason.contains("give 10,505.00"), "{}", f.reason);
    assert!(f.reason.contains("1 more break"), "{}", f.reason);

    // The same rows as the bank printed them (−500 → 10,500) reconcile.
    let fine = rows(&[
        (4, 1, "NEFT CR", Credit, 100_000, 1_100_000, Channel::Other),
        (4, 2, "POS AMAZON", Debit, 50_000, 1_050_000, Channel::Other),
        (4, 3, "POS FLIPKART", Debit, 50_000, 1_000_000, Channel::Other),
    ]);
    assert_eq!(inconsistent_transaction(&statement("1", (4, 1), (4, 30), 1_000_000, fine)), None);
}

#[test]
fn opening_balance_continues_the_previous_statement() {
    use TxnType::{Credit, Debit};
    // April: opening 10,000; +5,000 on 15 Apr → 15,000; −4,500 on 25 Apr → 10,500.
    let april = || {
        rows(&[
            (4, 15, "NEFT CR", Credit, 500_000, 1_500_000, Channel::Other),
            (4, 25, "RENT", Debit, 450_000, 1_050_000, Channel::Other),
        ])
    };
    let may_rows = || rows(&[(5, 3, "POS", Debit, 50_000, 1_000_000, Channel::Other)]);
    let apr = statement("1", (4, 1), (4, 30), 1_000_000, april());
    // May opens at April's closing 10,500: continues.
    let may = statement("1", (5, 1), (5, 31), 1_050_000, may_rows());
    assert!(opening_balance_mismatches(&[&apr, &may]).is_empty());
    // May opens at 12,000: 1,500 appeared from nowhere.
    let may_bad = statement("1", (5, 1), (5, 31), 1_200_000, may_rows());
    let found = opening_balance_mismatches(&[&apr, &may_bad]);
    assert_eq!(types(&found), vec![FraudType::OpeningBalanceMismatch]);
    assert_eq!((found[0].statement_id, found[0].transaction_hash.as_deref()), (Some(may_bad.id), None));
    assert!(found[0].reason.contains("12,000.00") && found[0].reason.contains("10,500.00"), "{}", found[0].reason);
    // Overlapping: a statement from 20 April continues April's balance on
    // 19 April (15,000), not its closing balance.
    let overlap = statement("1", (4, 20), (5, 20), 1_500_000, rows(&[]));
    assert!(opening_balance_mismatches(&[&apr, &overlap]).is_empty());
    let overlap_bad = statement("1", (4, 20), (5, 20), 1_050_000, rows(&[]));
    assert_eq!(opening_balance_mismatches(&[&apr, &overlap_bad]).len(), 1);
    // A June statement after a missing May: nothing to compare with.
    let june = statement("1", (6, 1), (6, 30), 1_200_000, rows(&[]));
    assert!(opening_balance_mismatches(&[&apr, &june]).is_empty());
}

// ------------------------------------------------------------- transaction

#[test]
fn an_overdraft_in_use_without_a_printed_limit_is_not_a_negative_balance() {
    use TxnType::{Credit, Debit};
    // Negative at the end of three of four days: the account's normal state.
    let od = rows(&[
        (4, 1, "CHQ PAID", Debit, 500_000, -400_000, Channel::Other),
        (4, 2, "NEFT CR", Credit, 100_000, -300_000, Channel::Other),
        (4, 3, "NEFT CR", Credit, 400_000, 100_000, Channel::Other),
        (4, 4, "RTGS DR", Debit, 300_000, -200_000, Channel::Other),
    ]);
    assert!(transaction_checks(&od, Money::ZERO).iter().all(|f| f.fraud_type != FraudType::NegativeBalance));
    // Negative on one day of three, but interest is charged on a CC account.
    let cc = rows(&[
        (4, 1, "NEFT CR", Credit, 100_000, 100_000, Channel::Other),
        (4, 2, "INT ON CC A/C 01.03.24 TO 31.03.24", Debit, 150_000, -50_000, Channel::BankInterest),
        (4, 3, "NEFT CR", Credit, 100_000, 50_000, Channel::Other),
    ]);
    assert!(transaction_checks(&cc, Money::ZERO).iter().all(|f| f.fraud_type != FraudType::NegativeBalance));
}

#[test]
fn negative_balance_at_end_of_day_without_a_limit() {
    use TxnType::{Credit, Debit};
    // 1 Apr 1,000; 2 Apr −1,500 (−500 intraday) then +1,000 → EOD 500: not negative;
    // 3 Apr −700 → −200 EOD (first run, row 3); 4 Apr −100 → −300 (same run);
    // 5 Apr +1,000 → 700; 6 Apr −800 → −100 (second run, row 6).
    let txns = rows(&[
        (4, 1, "NEFT CR", Credit, 100_000, 100_000, Channel::Other),
        (4, 2, "POS", Debit, 150_000, -50_000, Channel::Other),
        (4, 2, "NEFT CR", Credit, 100_000, 50_000, Channel::Other),
        (4, 3, "POS", Debit, 70_000, -20_000, Channel::Other),
        (4, 4, "POS", Debit, 10_000, -30_000, Channel::Other),
        (4, 5, "NEFT CR", Credit, 100_000, 70_000, Channel::Other),
        (4, 6, "POS", Debit, 80_000, -10_000, Channel::Other),
    ]);
    let found = transaction_checks(&txns, Money::ZERO);
    assert_eq!(types(&found), vec![FraudType::NegativeBalance; 2]);
    let hashes: Vec<_> = found.iter().filter_map(|f| f.transaction_hash.as_deref()).collect();
    assert_eq!(hashes, vec!["h3", "h6"]);
    assert!(found[0].reason.contains("-200.00 on 2025-04-03"), "{}", found[0].reason);
    // An overdraft account may go below zero.
    assert!(transaction_checks(&txns, rs(50_000)).is_empty());
    // Below zero only within a day is not an end-of-day balance.
    assert!(transaction_checks(&txns[..3], Money::ZERO).is_empty());
}

#[test]
fn rail_limits() {
    use TxnType::{Credit, Debit};
    let txns = rows(&[
        (4, 1, "RTGS/UTIBR52025/ACME LTD/AXIS BANK", Debit, 19_999_999, 0, Channel::NetBankingTransfer),
        (4, 1, "RTGS/UTIBR52026/ACME LTD/AXIS BANK", Debit, 20_000_000, 0, Channel::NetBankingTransfer),
        (4, 1, "RTGS CHGS INCL GST", Debit, 2_950, 0, Channel::BankCharge),
        (4, 1, "HARTGSON TRADERS", Debit, 100_000, 0, Channel::Other),
        (4, 2, "UPI/512345/RAHUL/okaxis", Credit, 50_000_001, 0, Channel::Upi),
        (4, 2, "UPI/512346/RAHUL/okaxis", Credit, 50_000_000, 0, Channel::Upi),
        (4, 2, "UPI/512347/ZERODHA/okaxis", Debit, 29_400_000, 0, Channel::Upi),
        (4, 3, "IMPS/P2A/512348/PRIYA", Credit, 50_000_100, 0, Channel::NetBankingTransfer),
        (4, 3, "IMPS/P2A/512349/PRIYA", Credit, 50_000_000, 0, Channel::NetBankingTransfer),
    ]);
    // Balances are zero, not negative: no negative_balance.
    let found = transaction_checks(&txns, Money::ZERO);
    let got: Vec<(FraudType, &str)> =
        found.iter().map(|f| (f.fraud_type, f.transaction_hash.as_deref().unwrap_or_default())).collect();
    assert_eq!(
        got,
        vec![
            // ₹1,99,999.99 < ₹2,00,000; exactly ₹2,00,000 is allowed.
            (FraudType::MinRtgsAmount, "h0"),
            // ₹5,00,000.01 > ₹5,00,000; exactly ₹5,00,000 and ₹2,94,000 are allowed.
            (FraudType::MaxUpiLimitPerTransaction, "h4"),
            // ₹5,00,001 > ₹5,00,000.
            (FraudType::MaxImpsLimitPerTransaction, "h7"),
        ]
    );
    assert!(found.iter().all(|f| f.category() == FraudCategory::Transaction));
    assert!(found[0].reason.contains("1,99,999.99"), "{}", found[0].reason);
}

// ------------------------------------------------------------- behavioural

fn salary(m: u32, amount_rupees: i64) -> (u32, u32, &'static str, TxnType, i64, i64, Channel) {
    (m, 1, "NEFT SALARY ACME TECHNOLOGIES PVT LTD", TxnType::Credit, amount_rupees * 100, 0, Channel::Salary)
}

fn cash_deposit(m: u32, amount_rupees: i64) -> (u32, u32, &'static str, TxnType, i64, i64, Channel) {
    (m, 10, "CASH DEPOSIT SELF", TxnType::Credit, amount_rupees * 100, 0, Channel::CashDeposit)
}

fn behavioural(spec: &[(u32, u32, &str, TxnType, i64, i64, Channel)]) -> Vec<FraudType> {
    types(&behavioural_checks(&rows(spec), &Metadata::default()))
}

#[test]
fn cash_deposits_against_salary() {
    // Salary 3 × 50,000 = 1,50,000; 3 × that = 4,50,000.
    let mut spec = vec![salary(4, 50_000), salary(5, 50_000), salary(6, 50_000)];
    // Deposits 4 × 1,12,500 = 4,50,000: not more than three times.
    spec.extend((4..8).map(|m| cash_deposit(m, 112_500)));
    assert_eq!(behavioural(&spec), vec![]);
    // One more rupee: 4,50,001 > 4,50,000.
    spec.push(cash_deposit(8, 1));
    assert_eq!(behavioural(&spec), vec![FraudType::MoreCashDepositsThanSalary]);
    // No salary at all: nothing to compare with.
    assert_eq!(behavioural(&spec[3..]), vec![]);
}

#[test]
fn mostly_cash() {
    let atm = (4, 5, "ATM WDL", TxnType::Debit, 200_000, 0, Channel::CashWithdrawl);
    let pos = (4, 6, "POS AMAZON", TxnType::Debit, 200_000, 0, Channel::Other);
    // 6 of 10 in cash: more than half.
    let six: Vec<_> = std::iter::repeat_n(atm, 6).chain(std::iter::repeat_n(pos, 4)).collect();
    assert_eq!(behavioural(&six), vec![FraudType::MostlyCashTransactions]);
    // 5 of 10: not more than half.
    let five: Vec<_> = std::iter::repeat_n(atm, 5).chain(std::iter::repeat_n(pos, 5)).collect();
    assert_eq!(behavioural(&five), vec![]);
    // 6 of 9: too few transactions to say.
    assert_eq!(behavioural(&six[..9]), vec![]);
}

#[test]
fn money_passing_straight_through() {
    let cr = |d| (4, d, "NEFT FROM RAVI TRADERS", TxnType::Credit, 5_000_000, 0, Channel::NetBankingTransfer);
    let dr = |d| (4, d, "NEFT TO KIRAN AGENCIES", TxnType::Debit, 5_000_000, 0, Channel::NetBankingTransfer);
    // 50,000 in and out again within 2 days, three times: 3 pairs, 100% of credits.
    let three = vec![cr(1), dr(3), cr(10), dr(10), cr(20), dr(21)];
    assert_eq!(behavioural(&three), vec![FraudType::EqualCreditDebit]);
    // The third leaves after 3 days: 2 pairs.
    let late = vec![cr(1), dr(3), cr(10), dr(10), cr(20), dr(23)];
    assert_eq!(behavioural(&late), vec![]);
    // Three pairs, but other credits of 3,20,000 make them 1,50,000 / 4,70,000 = 31% < 33%.
    let mut diluted = three.clone();
    diluted.push((4, 25, "NEFT FROM OTHERS", TxnType::Credit, 32_000_000, 0, Channel::NetBankingTransfer));
    assert_eq!(behavioural(&diluted), vec![]);
    // Sweeping money to one's own account is not passing it on.
    let own: Vec<_> = three
        .iter()
        .map(
            |&(m, d, n, k, a, b, c)| {
                if k == TxnType::Debit { (m, d, n, k, a, b, Channel::SelfTransfer) } else { (m, d, n, k, a, b, c) }
            },
        )
        .collect();
    assert_eq!(behavioural(&own), vec![]);
}

#[test]
fn round_salaries_that_change() {
    // 50,000 / 52,000 / 51,000: round thousands, and not one fixed pay.
    assert_eq!(
        behavioural(&[salary(4, 50_000), salary(5, 52_000), salary(6, 51_000)]),
        vec![FraudType::Salary1000Multiple]
    );
    // The same round pay each month: a fixed salary.
    assert_eq!(behavioural(&[salary(4, 50_000), salary(5, 50_000), salary(6, 50_000)]), vec![]);
    // 51,250 is not a multiple of 1,000.
    assert_eq!(behavioural(&[salary(4, 50_000), salary(5, 52_000), salary(6, 51_250)]), vec![]);
    // Two salaries are too few.
    assert_eq!(behavioural(&[salary(4, 50_000), salary(5, 52_000)]), vec![]);
}
