//! Scanned statements (fixtures/scans, made by its generate.py from
//! fixtures/layouts): with the `ocr` feature, read by OCR into the same table
//! reader, every row compared with the source statement's truth; without it,
//! refused with `PdfIsImage` as before.
//!
//! `cargo test -p bankscope --features ocr --test ocr_scans -- --nocapture`
//! prints rows exact per resolution (phone photos apart) and milliseconds per
//! page (`OCR_NOTES=1` adds each narration OCR misread; `OCR_ONLY=name` reads
//! only the scans whose file name contains it).
#![cfg_attr(not(feature = "ocr"), allow(dead_code, unused_imports))]
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;
use std::time::Instant;

use bankscope::{Error, ReadOptions, TxnType, read_pdf};
use lopdf::{Document, Object, Stream, dictionary};
use serde_json::Value;

fn scans() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/scans")
}

fn money(m: bankscope::Money) -> String {
    let p = m.paise();
    format!("{}{}.{:02}", if p < 0 { "-" } else { "" }, p.abs() / 100, p.abs() % 100)
}

/// What one scan read: rows in its truth, rows read, rows exact (date,
/// narration, side, amount, balance), rows whose figures are exact (all but
/// the narration), whether the chain reconciles, milliseconds.
#[derive(Debug, Default)]
struct Outcome {
    rows: usize,
    read: usize,
    exact: usize,
    figures: usize,
    reconciles: bool,
    /// The printed debit and credit totals against the rows' sums (`None`: none read).
    totals: Option<bool>,
    millis: u128,
}

#[cfg(feature = "ocr")]
fn read_scan(file: &str) -> Outcome {
    let truth: Value =
        serde_json::from_slice(&std::fs::read(scans().join(file.replace(".pdf", ".truth.json"))).expect("truth"))
            .expect("truth is JSON");
    let bytes = std::fs::read(scans().join(file)).expect("scan");
    let t0 = Instant::now();
    let st = match read_pdf(&bytes, &ReadOptions::default()) {
        Ok(st) => st,
        Err(e) => {
            println!("{file:<26} refused: {e}");
            return Outcome::default();
        }
    };
    let millis = t0.elapsed().as_millis();
    let want = truth["transactions"].as_array().cloned().unwrap_or_default();
    let mut out = Outcome { rows: want.len(), read: st.transactions.len(), millis, ..Outcome::default() };
    for (i, (t, w)) in st.transactions.iter().zip(&want).enumerate() {
        let got = (
            t.date.format("%Y-%m-%d %H:%M:%S").to_string(),
            if t.kind == TxnType::Credit { "credit" } else { "debit" }.to_string(),
            money(t.amount),
            money(t.balance),
        );
        let expected = (
            w["date"].as_str().unwrap_or_default().to_string(),
            w["type"].as_str().unwrap_or_default().to_string(),
            w["amount"].as_str().unwrap_or_default().to_string(),
            w["balance"].as_str().unwrap_or_default().to_string(),
        );
        let note = w["note"].as_str().unwrap_or_default();
        if got == expected {
            out.figures += 1;
            if t.note == note {
                out.exact += 1;
            } else if std::env::var_os("OCR_NOTES").is_some() {
                println!("  {file} row {}: narration {:?}, printed {note:?}", i + 1, t.note);
            }
        } else {
            println!("  {file} row {}: expected {expected:?}, got {got:?}", i + 1);
        }
    }
    out.reconciles = st.reading.reconciles();
    out.totals = st.reading.totals_reconcile;
    let ocr = st.reading.ocr.clone().unwrap_or_default();
    assert_eq!(ocr.row_confidence.len(), st.transactions.len(), "{file}: a confidence per row");
    println!(
        "{file:<26} {:>4} {:>4} {:>5} {:>7} {:>6} ms  {}",
        out.rows,
        out.read,
        out.exact,
        out.figures,
        out.millis,
        st.reading.summary()
    );
    out
}

/// Rows with exact figures each scan must keep, at least (what the reader
/// achieves today; a change that loses a row fails here). Scans at 200 dpi
/// and above, the mixed statement and the phone photos must also read every
/// row and reconcile (see below).
const FLOORS: &[(&str, usize)] = &[
    ("hsbc_india_150dpi.pdf", 32),
    ("uco_150dpi.pdf", 15),
    ("stanchart_150dpi.pdf", 0),
    ("totals10_150dpi.pdf", 10),
    ("hsbc_india_phone.pdf", 34),
    ("totals10_phone.pdf", 10),
];

/// Scans whose every row must be read and whose chain must reconcile.
fn must_reconcile(file: &str, dpi: u64, encoding: &str) -> bool {
    dpi >= 200 && encoding != "phone-jpeg" || encoding == "mixed" || RECONCILE.contains(&file)
}

/// Below 200 dpi and photos: those that read whole and reconcile today.
const RECONCILE: &[&str] =
    &["totals10_200dpi.pdf", "totals10_150dpi.pdf", "hsbc_india_phone.pdf", "totals10_phone.pdf"];

#[cfg(feature = "ocr")]
#[test]
fn generated_scans_read_by_ocr() {
    let manifest: Value =
        serde_json::from_slice(&std::fs::read(scans().join("manifest.json")).expect("manifest")).expect("JSON");
    let mut failures = Vec::new();
    let mut broken = Vec::new();
    // Per resolution (or kind): rows, rows exact, rows with exact figures, pages, ms.
    let mut by_kind: std::collections::BTreeMap<String, (usize, usize, usize, u64, u128)> = Default::default();
    println!("{:<26} {:>4} {:>4} {:>5} {:>7}", "file", "rows", "read", "exact", "figures");
    for f in manifest["files"].as_array().cloned().unwrap_or_default() {
        let file = f["file"].as_str().unwrap_or_default();
        let dpi = f["dpi"].as_u64().unwrap_or(0);
        let encoding = f["encoding"].as_str().unwrap_or_default();
        if std::env::var("OCR_ONLY").is_ok_and(|only| !file.contains(&only)) {
            continue;
        }
        let o = read_scan(file);
        let kind = match encoding {
            "mixed" => "mixed".to_string(),
            "phone-jpeg" => "phone".to_string(),
            _ => format!("{dpi:03}"),
        };
        let e = by_kind.entry(kind).or_default();
        e.0 += o.rows;
        e.1 += o.exact;
        e.2 += o.figures;
        e.3 += f["pages"].as_u64().unwrap_or(1);
        e.4 += o.millis;
        if let Some((_, floor)) = FLOORS.iter().find(|(f, _)| *f == file)
            && o.figures < *floor
        {
            failures.push(format!("{file}: {} rows with exact figures, {floor} before", o.figures));
        }
        if must_reconcile(file, dpi, encoding) {
            if o.read != o.rows {
                failures.push(format!("{file}: {} of {} rows read", o.read, o.rows));
            }
            if !o.reconciles {
                broken.push(file.to_string());
            }
        }
        // A statement that prints its debit and credit totals: the rows' sums
        // reproduce them (and the totals lines are no transactions: the row
        // count above).
        let truth: Value =
            serde_json::from_slice(&std::fs::read(scans().join(file.replace(".pdf", ".truth.json"))).expect("truth"))
                .expect("JSON");
        if truth.get("totals").is_some() && must_reconcile(file, dpi, encoding) && o.totals != Some(true) {
            failures.push(format!("{file}: printed totals {:?}", o.totals));
        }
    }
    println!("\n{:>8} {:>5} {:>12} {:>16} {:>10}", "dpi", "rows", "rows exact", "figures exact", "ms/page");
    for (kind, (rows, exact, figures, pages, ms)) in &by_kind {
        let label = kind.trim_start_matches('0');
        let pct = |n: usize| 100.0 * n as f64 / (*rows).max(1) as f64;
        println!(
            "{label:>8} {rows:>5} {exact:>5} ({:>3.0}%) {figures:>5} ({:>5.1}%) {:>10}",
            pct(*exact),
            pct(*figures),
            ms / u128::from((*pages).max(1))
        );
        // The acceptance: at 200 dpi at least 99% of rows with the printed figures.
        if label.parse::<u64>().is_ok_and(|dpi| dpi >= 200) && *figures * 100 < *rows * 99 {
            failures.push(format!("{label} dpi: {figures} of {rows} rows with exact figures"));
        }
    }
    // Every chain at 200 dpi and above reconciles (a '$' read for a 5 once
    // broke stanchart_200dpi's: see numeric::dollar_or_five).
    if !broken.is_empty() {
        failures.push(format!("chains broken: {}", broken.join(", ")));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `OCR_DUMP=file.pdf cargo test --features ocr --test ocr_scans dump -- --nocapture`
/// prints what OCR reads, laid out as `bankscope text` prints a text layer.
#[cfg(feature = "ocr")]
#[test]
fn dump() {
    let Ok(file) = std::env::var("OCR_DUMP") else { return };
    let bytes = std::fs::read(scans().join(&file)).expect("scan");
    let doc = bankscope::pdf::open(&bytes, &bankscope::pdf::OpenOptions::default()).expect("opens");
    let (pages, pass) = bankscope::ocr::pages(&doc).expect("reads");
    for p in &pages {
        println!("{}", bankscope::pdf::layout_text(p));
    }
    for p in &pass.pages {
        println!(
            "page {}: dpi {} skew {:.2} confidence {:.2} {} ms",
            p.number, p.dpi, p.skew_degrees, p.confidence, p.millis
        );
    }
}

/// An image-only PDF of one A4-sized page: `pixels` grey, `w` x `h`, drawn over the page.
fn image_pdf(w: u32, h: u32, pixels: Vec<u8>) -> Vec<u8> {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let image = doc.add_object(Stream::new(
        dictionary! {
            "Type" => "XObject", "Subtype" => "Image", "Width" => w, "Height" => h,
            "ColorSpace" => "DeviceGray", "BitsPerComponent" => 8,
        },
        pixels,
    ));
    let content = doc.add_object(Stream::new(dictionary! {}, b"q 595 0 0 842 0 0 cm /Im0 Do Q".to_vec()));
    let page = doc.add_object(dictionary! {
        "Type" => "Page", "Parent" => pages_id, "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
        "Resources" => dictionary! { "XObject" => dictionary! { "Im0" => image } }, "Contents" => content,
    });
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => vec![page.into()], "Count" => 1 }),
    );
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    doc.trailer.set("Root", catalog);
    let mut out = Vec::new();
    doc.save_to(&mut out).expect("saves");
    out
}

/// A photo of a monitor: moiré bands of the screen's pixel grid over a
/// blurred, low-contrast page.
fn screen_photo() -> (u32, u32, Vec<u8>) {
    let (w, h) = (1240u32, 1754u32);
    let mut px = Vec::with_capacity((w * h) as usize);
    for y in 0..h {
        for x in 0..w {
            let (xf, yf) = (x as f32, y as f32);
            let moire = (xf * 0.37 + yf * 0.11).sin() * (xf * 0.05 - yf * 0.31).sin();
            let glow = 30.0 * ((xf / 180.0).sin() + (yf / 240.0).cos());
            let text = if (y / 9) % 3 == 0 && (x / 7) % 5 != 0 { -25.0 } else { 0.0 };
            px.push((150.0 + 60.0 * moire + glow + text).clamp(0.0, 255.0) as u8);
        }
    }
    (w, h, px)
}

#[cfg(not(feature = "ocr"))]
#[test]
fn without_the_feature_a_scan_is_pdf_is_image() {
    let bytes = std::fs::read(scans().join("hsbc_india_200dpi.pdf")).expect("scan");
    let err = read_pdf(&bytes, &ReadOptions::default()).unwrap_err();
    assert!(matches!(err, Error::PdfIsImage { pages: 1 }), "{err}");
    let bytes = image_pdf(100, 100, vec![255; 100 * 100]);
    assert!(matches!(read_pdf(&bytes, &ReadOptions::default()), Err(Error::PdfIsImage { pages: 1 })));
}

#[cfg(feature = "ocr")]
#[test]
fn a_blank_scan_and_a_photo_of_a_screen_are_refused_with_the_reason() {
    let blank = image_pdf(1240, 1754, vec![250; 1240 * 1754]);
    let err = read_pdf(&blank, &ReadOptions::default()).unwrap_err();
    assert!(matches!(&err, Error::ScanUnreadable { page: 1, reason } if reason.contains("blank")), "{err}");
    assert_eq!(err.kind(), bankscope::ErrorKind::PdfIsImage);
    let (w, h, px) = screen_photo();
    let err = read_pdf(&image_pdf(w, h, px), &ReadOptions::default()).unwrap_err();
    assert!(matches!(&err, Error::ScanUnreadable { page: 1, reason } if reason.contains("photo of a screen")), "{err}");
}

#[cfg(feature = "ocr")]
#[test]
fn ocr_limits_pixels_pages_and_time() {
    use bankscope::{Limit, Limits};
    let bytes = std::fs::read(scans().join("jupiter_300dpi.pdf")).expect("scan");
    let opts = |limits: Limits| ReadOptions { limits, ..ReadOptions::default() };
    let err = read_pdf(&bytes, &opts(Limits { ocr_pixels_per_page: 1_000_000, ..Limits::default() })).unwrap_err();
    assert!(matches!(err, Error::LimitExceeded { limit: Limit::OcrPixelsPerPage, .. }), "{err}");
    let err = read_pdf(&bytes, &opts(Limits { ocr_pages: 0, ..Limits::default() })).unwrap_err();
    assert!(matches!(err, Error::LimitExceeded { limit: Limit::OcrPages, value: 1, max: 0 }), "{err}");
    let err = read_pdf(&bytes, &opts(Limits { ocr_time_millis: 1, ..Limits::default() })).unwrap_err();
    assert!(matches!(err, Error::LimitExceeded { limit: Limit::OcrTimeMillis, .. }), "{err}");
}
