//! Limits and typed errors: bombs, deep or exponential forms, page counts,
//! scans without text, and bytes that are not a PDF.

#![allow(clippy::unwrap_used)]

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bankscope::pdf::{self, OpenOptions};
use bankscope::{Error, ErrorKind, Limit, Limits};
use lopdf::{Document, Object, Stream, dictionary};

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/pdf").join(name)).unwrap()
}

fn with_limits(limits: Limits) -> OpenOptions {
    OpenOptions { password: None, limits }
}

fn limit_of(e: &Error) -> Option<Limit> {
    match e {
        Error::LimitExceeded { limit, .. } => Some(*limit),
        _ => None,
    }
}

/// A one-page PDF whose page draws `/X0`, with the given XObjects (name, stream) as objects.
fn page_with_forms(forms: impl FnOnce(&mut Document) -> Object) -> Vec<u8> {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let x0 = forms(&mut doc);
    let content = doc.add_object(Stream::new(dictionary! {}, b"q /X0 Do Q".to_vec()));
    let page = doc.add_object(dictionary! {
        "Type" => "Page", "Parent" => pages_id, "Contents" => content,
        "Resources" => dictionary! { "XObject" => dictionary! { "X0" => x0 } },
        "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
    });
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => vec![page.into()], "Count" => 1 }),
    );
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    doc.trailer.set("Root", catalog);
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).unwrap();
    bytes
}

#[test]
fn decompression_bomb_is_refused_without_inflating_it() {
    let bomb = fixture("hostile/bomb-1gib.pdf");
    assert!(bomb.len() < 10_000);
    for limits in [Limits { stream_bytes: 4 << 20, ..Limits::default() }, Limits::default()] {
        let max = limits.stream_bytes;
        let started = Instant::now();
        let doc = pdf::open(&bomb, &with_limits(limits)).unwrap();
        let err = doc.page(0).unwrap_err();
        // The inflater stopped one byte past the bound: the gigabyte never existed.
        match err {
            Error::LimitExceeded { limit: Limit::StreamBytes, value, max: m } => {
                assert_eq!((value, m), (max + 1, max));
            }
            other => panic!("expected stream_bytes limit, got {other}"),
        }
        assert!(started.elapsed() < Duration::from_secs(20), "took {:?}", started.elapsed());
    }
}

#[test]
fn total_decompressed_bytes_are_bounded() {
    let bytes = fixture("statement-50p.pdf");
    let doc =
        pdf::open(&bytes, &with_limits(Limits { total_decompressed_bytes: 100_000, ..Limits::default() })).unwrap();
    let err = doc.pages().unwrap_err();
    assert_eq!(limit_of(&err), Some(Limit::TotalDecompressedBytes), "{err}");
}

#[test]
fn pages_and_input_bytes_are_bounded() {
    let bytes = fixture("statement-50p.pdf");
    let err = pdf::open(&bytes, &with_limits(Limits { pages: 10, ..Limits::default() })).unwrap_err();
    assert_eq!(err.to_string(), "limit exceeded: pages is 50, the maximum is 10");
    let err = pdf::open(&bytes, &with_limits(Limits { input_bytes: 1000, ..Limits::default() })).unwrap_err();
    assert_eq!(limit_of(&err), Some(Limit::InputBytes));
}

#[test]
fn deeply_nested_forms_hit_the_depth_limit() {
    let bytes = page_with_forms(|doc| {
        // X0 draws X1 draws ... X99, each its own form object.
        let mut next: Option<Object> = None;
        for _ in 0..100 {
            let (content, res) = match next.take() {
                Some(child) => (b"/X1 Do".to_vec(), dictionary! { "XObject" => dictionary! { "X1" => child } }),
                None => (b"BT /F1 10 Tf (deep) Tj ET".to_vec(), dictionary! {}),
            };
            let form = doc.add_object(Stream::new(
                dictionary! { "Type" => "XObject", "Subtype" => "Form", "BBox" => vec![0.into(), 0.into(), 10.into(), 10.into()], "Resources" => res },
                content,
            ));
            next = Some(form.into());
        }
        next.unwrap()
    });
    let doc = pdf::open(&bytes, &OpenOptions::default()).unwrap();
    let err = doc.page(0).unwrap_err();
    assert_eq!(limit_of(&err), Some(Limit::ObjectDepth), "{err}");
}

#[test]
fn exponential_forms_hit_the_time_budget() {
    // "Billion laughs": 12 levels of forms, each drawing the next 10 times.
    let bytes = page_with_forms(|doc| {
        let leaf = doc.add_object(Stream::new(
            dictionary! { "Type" => "XObject", "Subtype" => "Form", "BBox" => vec![0.into(), 0.into(), 10.into(), 10.into()] },
            b"0 0 1 1 re f".to_vec(),
        ));
        let mut child: Object = leaf.into();
        for _ in 0..12 {
            let form = doc.add_object(Stream::new(
                dictionary! {
                    "Type" => "XObject", "Subtype" => "Form", "BBox" => vec![0.into(), 0.into(), 10.into(), 10.into()],
                    "Resources" => dictionary! { "XObject" => dictionary! { "X1" => child.clone() } },
                },
                b"/X1 Do /X1 Do /X1 Do /X1 Do /X1 Do /X1 Do /X1 Do /X1 Do /X1 Do /X1 Do".to_vec(),
            ));
            child = form.into();
        }
        child
    });
    let started = Instant::now();
    let doc = pdf::open(&bytes, &with_limits(Limits { time_millis: 300, ..Limits::default() })).unwrap();
    let err = doc.page(0).unwrap_err();
    assert!(matches!(limit_of(&err), Some(Limit::TimeMillis | Limit::TotalDecompressedBytes)), "{err}");
    assert!(started.elapsed() < Duration::from_secs(10), "took {:?}", started.elapsed());
}

#[test]
fn form_cycles_end() {
    let bytes = page_with_forms(|doc| {
        let id = doc.new_object_id();
        doc.objects.insert(
            id,
            Object::Stream(Stream::new(
                dictionary! {
                    "Type" => "XObject", "Subtype" => "Form", "BBox" => vec![0.into(), 0.into(), 10.into(), 10.into()],
                    "Resources" => dictionary! { "XObject" => dictionary! { "X1" => id },
                        "Font" => dictionary! { "F1" => dictionary! { "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica" } } },
                },
                b"BT /F1 10 Tf 10 10 Td (loop) Tj ET /X1 Do".to_vec(),
            )),
        );
        id.into()
    });
    let pages = pdf::extract(&bytes, &OpenOptions::default()).unwrap();
    assert_eq!(pdf::layout_text(&pages[0]).trim(), "loop");
}

#[test]
fn blank_pages_are_no_text_not_a_scan() {
    // Nothing drawn at all: not a scan, a document with no text.
    let bytes = page_with_forms(|doc| {
        doc.add_object(Stream::new(
            dictionary! { "Type" => "XObject", "Subtype" => "Form", "BBox" => vec![0.into(), 0.into(), 595.into(), 842.into()] },
            b"0 0 m 100 100 l S".to_vec(),
        ))
        .into()
    });
    let err = pdf::extract(&bytes, &OpenOptions::default()).unwrap_err();
    assert_eq!(err.kind(), bankscope::ErrorKind::NotAStatement, "{err}");
    assert!(err.to_string().contains("no text"), "{err}");
}

#[test]
fn glyphs_without_any_text_mapping_are_not_a_scan() {
    // A composite font with neither a ToUnicode map nor an embedded program:
    // glyphs are drawn, none names its text. That is an unreadable text
    // layer, not an image.
    let bytes = page_with_forms(|doc| {
        let cid = doc.add_object(dictionary! {
            "Type" => "Font", "Subtype" => "CIDFontType2", "BaseFont" => "ABCDEF+Unknown",
            "CIDSystemInfo" => dictionary! { "Registry" => Object::string_literal("Adobe"), "Ordering" => Object::string_literal("Identity"), "Supplement" => 0 },
        });
        let font = doc.add_object(dictionary! {
            "Type" => "Font", "Subtype" => "Type0", "BaseFont" => "ABCDEF+Unknown", "Encoding" => "Identity-H",
            "DescendantFonts" => vec![cid.into()],
        });
        doc.add_object(Stream::new(
            dictionary! {
                "Type" => "XObject", "Subtype" => "Form", "BBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
                "Resources" => dictionary! { "Font" => dictionary! { "F0" => font } },
            },
            b"BT /F0 12 Tf 100 700 Td <002400250026> Tj ET".to_vec(),
        ))
        .into()
    });
    let err = pdf::extract(&bytes, &OpenOptions::default()).unwrap_err();
    assert_eq!(err.kind(), bankscope::ErrorKind::UnsupportedFormat, "{err}");
    assert!(err.to_string().contains("cannot be decoded"), "{err}");
}

#[test]
fn a_scan_without_text_is_pdf_is_image() {
    let bytes = page_with_forms(|doc| {
        doc.add_object(Stream::new(
            dictionary! { "Type" => "XObject", "Subtype" => "Image", "Width" => 1, "Height" => 1, "ColorSpace" => "DeviceGray", "BitsPerComponent" => 8 },
            vec![0u8],
        ))
        .into()
    });
    let err = pdf::extract(&bytes, &OpenOptions::default()).unwrap_err();
    assert!(matches!(err, Error::PdfIsImage { pages: 1 }), "{err}");
    let f = pdf::open(&bytes, &OpenOptions::default()).unwrap().forensics().unwrap();
    assert_eq!(f.pages[0].images, 1);
}

#[test]
fn not_a_pdf_truncated_and_garbage_are_malformed() {
    let good = fixture("reportlab-base14.pdf");
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty", Vec::new()),
        ("text", b"Account statement, not a PDF".to_vec()),
        ("zip", b"PK\x03\x04\x14\x00\x00\x00".to_vec()),
        ("header only", b"%PDF-1.7\n".to_vec()),
        ("garbage", (0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect()),
        ("first 300 bytes", good[..300].to_vec()),
    ];
    for (name, bytes) in cases {
        let err = pdf::extract(&bytes, &OpenOptions::default()).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Malformed, "{name}: {err}");
    }
}

#[test]
fn an_encrypted_file_whose_pages_decrypt_to_nothing_is_not_a_scan() {
    // Pages that draw nothing, RC4-encrypted: opened with the right password
    // they hold no text and no images. Not a scan, and the message says the
    // decryption is in question.
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let content = doc.add_object(Stream::new(dictionary! {}, b"0 0 m 100 100 l S".to_vec()));
    let page = doc.add_object(dictionary! {
        "Type" => "Page", "Parent" => pages_id, "Contents" => content,
        "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
    });
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => vec![page.into()], "Count" => 1 }),
    );
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    doc.trailer.set("Root", catalog);
    doc.trailer.set(
        "ID",
        Object::Array(vec![Object::string_literal("0123456789abcdef"), Object::string_literal("0123456789abcdef")]),
    );
    let version = lopdf::encryption::EncryptionVersion::V2 {
        document: &doc,
        owner_password: "owner",
        user_password: "secret",
        key_length: 128,
        permissions: lopdf::encryption::Permissions::all(),
    };
    let state = lopdf::EncryptionState::try_from(version).unwrap();
    doc.encrypt(&state).unwrap();
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).unwrap();
    let err = pdf::extract(&bytes, &OpenOptions::with_password("secret")).unwrap_err();
    assert_eq!(err.kind(), bankscope::ErrorKind::Malformed, "{err}");
    assert!(err.to_string().contains("decrypt"), "{err}");
}

/// `pages` pages, each showing `glyphs` glyphs of Helvetica in one content stream.
fn pages_of_glyphs(pages: usize, glyphs: usize) -> Vec<u8> {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let font = doc.add_object(dictionary! { "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica" });
    let mut kids: Vec<Object> = Vec::new();
    for _ in 0..pages {
        let mut content = b"BT /F1 1 Tf 10 10 Td ".to_vec();
        for _ in 0..glyphs / 10 {
            content.extend_from_slice(b"(AAAAAAAAAA) Tj ");
        }
        content.extend_from_slice(b"ET");
        let mut stream = Stream::new(dictionary! {}, content);
        stream.compress().unwrap();
        let content = doc.add_object(stream);
        kids.push(
            doc.add_object(dictionary! {
                "Type" => "Page", "Parent" => pages_id, "Contents" => content,
                "Resources" => dictionary! { "Font" => dictionary! { "F1" => font } },
                "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
            })
            .into(),
        );
    }
    let count = kids.len() as i64;
    doc.objects
        .insert(pages_id, Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => kids, "Count" => count }));
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    doc.trailer.set("Root", catalog);
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).unwrap();
    bytes
}

#[test]
fn a_page_of_text_operators_hits_the_glyph_budget_without_exhausting_memory() {
    // A few kilobytes that draw 2,000,000 glyphs on one page: refused at the
    // page's glyph budget (1,000,000 by default), long before its memory.
    let bytes = pages_of_glyphs(1, 2_000_000);
    assert!(bytes.len() < 64 * 1024, "{}", bytes.len());
    let started = Instant::now();
    let err = pdf::extract(&bytes, &OpenOptions::default()).unwrap_err();
    assert!(matches!(err, Error::LimitExceeded { limit: Limit::GlyphsPerPage, .. }), "{err}");
    assert!(started.elapsed() < Duration::from_secs(10));
    // The document's budget adds the pages up.
    let bytes = pages_of_glyphs(3, 500);
    let limits = Limits { glyphs_per_page: 600, glyphs: 1_000, ..Limits::default() };
    let err = pdf::extract(&bytes, &with_limits(limits.clone())).unwrap_err();
    assert!(matches!(err, Error::LimitExceeded { limit: Limit::Glyphs, .. }), "{err}");
    assert!(pdf::extract(&bytes, &with_limits(Limits { glyphs: 1_500, ..limits })).is_ok());
}
