//! Positioned text on PDFs built here: fonts, encodings, matrices, spacing.

#![allow(clippy::unwrap_used)]

use bankscope::pdf::{self, OpenOptions, Page};
use lopdf::{Dictionary, Document, Object, Stream, dictionary};

/// One page with the given fonts (resource name → font dict) and content.
fn one_page(fonts: Vec<(&str, Dictionary)>, content: &[u8], rotate: i64) -> Page {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let mut font_res = Dictionary::new();
    for (name, dict) in fonts {
        let id = doc.add_object(dict);
        font_res.set(name, id);
    }
    let content = doc.add_object(Stream::new(dictionary! {}, content.to_vec()));
    let page = doc.add_object(dictionary! {
        "Type" => "Page", "Parent" => pages_id, "Contents" => content, "Rotate" => rotate,
        "MediaBox" => vec![0.into(), 0.into(), 600.into(), 800.into()],
    });
    // Resources inherited from the page tree node.
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages", "Kids" => vec![page.into()], "Count" => 1,
            "Resources" => dictionary! { "Font" => font_res },
        }),
    );
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    doc.trailer.set("Root", catalog);
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).unwrap();
    pdf::extract(&bytes, &OpenOptions::default()).unwrap().remove(0)
}

fn helvetica() -> Dictionary {
    dictionary! { "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica", "Encoding" => "WinAnsiEncoding" }
}

fn words(p: &Page) -> Vec<(&str, f32, f32, f32)> {
    p.runs.iter().map(|r| (r.text.as_str(), r.x0, r.x1, r.y)).collect()
}

fn close(a: f32, b: f32) -> bool {
    (a - b).abs() < 0.01
}

#[test]
fn base14_widths_place_words_exactly() {
    // Helvetica has no /Widths here: the built-in metrics give the advances.
    // "AB" = (667 + 667) / 1000 * 10 pt; a space 278.
    let p = one_page(vec![("F1", helvetica())], b"BT /F1 10 Tf 100 700 Td (AB CD) Tj ET", 0);
    let w = words(&p);
    assert_eq!(w.len(), 2);
    assert_eq!(w[0].0, "AB");
    assert!(close(w[0].1, 100.0) && close(w[0].2, 113.34) && close(w[0].3, 100.0), "{w:?}");
    assert_eq!(w[1].0, "CD");
    // C 722, D 722, after "AB " (667+667+278 = 1612).
    assert!(close(w[1].1, 116.12) && close(w[1].2, 130.56), "{w:?}");
    assert_eq!(p.runs[0].font.as_ref(), "Helvetica");
    assert!(close(p.runs[0].font_size, 10.0));
}

#[test]
fn kerning_spacing_and_scaling() {
    let content = b"BT /F1 10 Tf 50 700 Td
        [(Ka) -50 (rt) -900 (Next)] TJ
        0 -20 Td 2 Tc (spaced) Tj 0 Tc
        0 -20 Td 10 Tw (w1 w2) Tj 0 Tw
        0 -20 Td 50 Tz (half) Tj 100 Tz
        ET
        q 2 0 0 2 0 0 cm BT /F1 10 Tf 25 100 Td (Big) Tj ET Q";
    let p = one_page(vec![("F1", helvetica())], content, 0);
    let w: Vec<&str> = p.runs.iter().map(|r| r.text.as_str()).collect();
    // -50 kerning keeps the word; -900 (9 pt) splits it. Tc letter-spacing stays a word.
    assert_eq!(w, ["Kart", "Next", "spaced", "w1", "w2", "half", "Big"]);
    let run = |t: &str| p.runs.iter().find(|r| r.text == t).unwrap();
    // Tw widens the space: "w1" (722+556)/100 = 12.78, space 2.78 + 10.
    assert!(close(run("w2").x0 - run("w1").x0, 25.56), "{:?}", run("w2"));
    // Tz 50 halves advances: half = h556 a556 l222 f278 = 1612 -> 8.06 pt.
    assert!(close(run("half").x1 - run("half").x0, 8.06), "{:?}", run("half"));
    // cm 2x: at (50, 200) user space, size 20.
    let big = run("Big");
    assert!(close(big.x0, 50.0) && close(big.y, 600.0) && close(big.font_size, 20.0), "{big:?}");
    // Lines and columns in reading order.
    let text = pdf::layout_text(&p);
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).map(str::trim).collect();
    assert_eq!(lines[0].split_whitespace().collect::<Vec<_>>(), ["Kart", "Next"]);
    assert!(lines.iter().any(|l| l.split_whitespace().eq(["w1", "w2"])), "{lines:?}");
}

#[test]
fn line_operators_move_by_leading() {
    let content =
        b"BT /F1 10 Tf 12 TL 72 700 Td (one) Tj T* (two) Tj (three) ' 5 2 (four) \" 0 -30 TD (five) Tj T* (six) Tj ET";
    let p = one_page(vec![("F1", helvetica())], content, 0);
    let ys: Vec<(&str, f32)> = p.runs.iter().map(|r| (r.text.as_str(), r.y)).collect();
    assert_eq!(
        ys,
        [("one", 100.0), ("two", 112.0), ("three", 124.0), ("four", 136.0), ("five", 166.0), ("six", 196.0)]
    );
}

#[test]
fn differences_and_glyph_names() {
    let font = dictionary! {
        "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Times-Roman",
        "Encoding" => dictionary! { "Type" => "Encoding", "BaseEncoding" => "WinAnsiEncoding",
            "Differences" => vec![65.into(), Object::Name(b"uni20B9".to_vec()), Object::Name(b"Euro".to_vec()), 90.into(), Object::Name(b"fi".to_vec())] },
    };
    let p = one_page(vec![("F1", font)], b"BT /F1 10 Tf 72 700 Td (AB 1Z) Tj ET", 0);
    let w: Vec<&str> = p.runs.iter().map(|r| r.text.as_str()).collect();
    assert_eq!(w, ["\u{20B9}\u{20AC}", "1fi"]);
}

#[test]
fn type0_identity_h_with_tounicode() {
    let mut doc_fonts = Vec::new();
    let cmap = b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap
        1 begincodespacerange <0000> <FFFF> endcodespacerange
        1 beginbfchar <0003> <0020> endbfchar
        2 beginbfrange <0010> <0012> <0055> <0020> <0022> [<0050> <0049> <20B9>] endbfrange
        endcmap end end"
        .to_vec();
    // The ToUnicode stream must be an indirect object: build the font in the test document.
    let p = {
        let mut doc = Document::with_version("1.5");
        let tu = doc.add_object(Stream::new(dictionary! {}, cmap));
        let cid = doc.add_object(dictionary! {
            "Type" => "Font", "Subtype" => "CIDFontType2", "BaseFont" => "ABCDEF+Noto",
            "CIDSystemInfo" => dictionary! { "Registry" => Object::string_literal("Adobe"), "Ordering" => Object::string_literal("Identity"), "Supplement" => 0 },
            "DW" => 500, "W" => vec![0x10.into(), vec![Object::Integer(600), Object::Integer(700)].into(), 0x20.into(), 0x22.into(), 400.into()],
        });
        doc_fonts.push(dictionary! {
            "Type" => "Font", "Subtype" => "Type0", "BaseFont" => "ABCDEF+Noto", "Encoding" => "Identity-H",
            "DescendantFonts" => vec![cid.into()], "ToUnicode" => tu,
        });
        let pages_id = doc.new_object_id();
        let font = doc.add_object(doc_fonts.remove(0));
        let content = doc.add_object(Stream::new(
            dictionary! {},
            b"BT /F1 10 Tf 100 700 Td <0010001100120003002000210022> Tj ET".to_vec(),
        ));
        let page = doc.add_object(dictionary! {
            "Type" => "Page", "Parent" => pages_id, "Contents" => content,
            "Resources" => dictionary! { "Font" => dictionary! { "F1" => font } },
            "MediaBox" => vec![0.into(), 0.into(), 600.into(), 800.into()],
        });
        doc.objects.insert(
            pages_id,
            Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => vec![page.into()], "Count" => 1 }),
        );
        let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
        doc.trailer.set("Root", catalog);
        let mut bytes = Vec::new();
        doc.save_to(&mut bytes).unwrap();
        pdf::extract(&bytes, &OpenOptions::default()).unwrap().remove(0)
    };
    let w = words(&p);
    assert_eq!(w.iter().map(|x| x.0).collect::<Vec<_>>(), ["UVW", "PI\u{20B9}"]);
    // Widths 600, 700 (array form) then DW 500 for 0x12: 18 pt.
    assert!(close(w[0].2 - w[0].1, 18.0), "{w:?}");
    // After the space (DW 500): 100 + 18 + 5; then three glyphs of 400.
    assert!(close(w[1].1, 123.0) && close(w[1].2, 135.0), "{w:?}");
}

#[test]
fn rotated_page_reads_upright() {
    // /Rotate 90 with the content turned back, as producers draw landscape pages.
    let content = b"q 0 1 -1 0 600 0 cm BT /F1 10 Tf 50 500 Td (Upright) Tj 0 -20 Td (Below) Tj ET Q";
    let p = one_page(vec![("F1", helvetica())], content, 90);
    assert_eq!((p.width, p.height, p.rotation), (800.0, 600.0, 90));
    let r = &p.runs[0];
    assert_eq!((r.text.as_str(), r.rotation), ("Upright", 0));
    assert!(close(r.x0, 50.0) && close(r.y, 100.0), "{r:?}");
    assert_eq!(pdf::layout_text(&p).split_whitespace().collect::<Vec<_>>(), ["Upright", "Below"]);
}

#[test]
fn cid_truetype_without_tounicode_reads_from_the_embedded_font() {
    // Chromium's statement with its fonts' /ToUnicode keys renamed
    // (fixtures/pdf/generate.py): the text must come from the embedded
    // TrueType cmap and post tables, word for word as with the map.
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures/pdf");
    let read = |name: &str| {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        pdf::extract(&bytes, &OpenOptions::default()).unwrap()
    };
    let (with, without) = (read("chromium.pdf"), read("chromium-no-tounicode.pdf"));
    assert_eq!(with.len(), without.len());
    let text = |pages: &[Page]| pages.iter().map(pdf::layout_text).collect::<Vec<_>>().join("\n");
    let (a, b) = (text(&with), text(&without));
    assert!(a.contains("Withdrawal") || a.contains("Balance"), "{a}");
    assert!(!b.contains('\u{FFFD}'), "{b}");
    assert_eq!(a, b);
}

#[test]
fn words_split_by_kerning_are_joined_again() {
    // Glyph runs kerned apart inside words (0.2 em), as justifying producers
    // emit them; the page separates words with space glyphs.
    let p = one_page(
        vec![("F1", helvetica())],
        b"BT /F1 10 Tf 100 700 Td [(Acco) -200 (unt) ( ) (Nam) -150 (e) ( ) (Paid) -200 (Out) ( ) (12) -200 (34)] TJ ET",
        0,
    );
    let texts: Vec<&str> = p.runs.iter().map(|r| r.text.as_str()).collect();
    assert_eq!(texts, ["Account", "Name", "Paid", "Out", "12", "34"]);
    // Without space glyphs on the page, gaps are the only word breaks: kept.
    let p = one_page(vec![("F1", helvetica())], b"BT /F1 10 Tf 100 700 Td [(Acco) -200 (unt)] TJ ET", 0);
    let texts: Vec<&str> = p.runs.iter().map(|r| r.text.as_str()).collect();
    assert_eq!(texts, ["Acco", "unt"]);
}

#[test]
fn white_words_on_a_coloured_band_are_visible() {
    // A table header in white on a dark band (Kotak prints its column
    // labels so) is text to read; white on the paper stays hidden.
    let p = one_page(
        vec![("F1", helvetica())],
        b"0.8 0.1 0.1 rg 50 690 300 20 re f 1 1 1 rg BT /F1 10 Tf 100 700 Td (Withdrawal) Tj ET \
          BT /F1 10 Tf 100 600 Td (hidden) Tj ET",
        0,
    );
    let white = |t: &str| p.runs.iter().find(|r| r.text == t).map(|r| r.white);
    assert_eq!(white("Withdrawal"), Some(false));
    assert_eq!(white("hidden"), Some(true));
}

#[test]
fn actual_text_spans_replace_the_text_of_their_glyphs() {
    // Shaped Devanagari as Chromium and LibreOffice write it: the pre-base
    // vowel sign drawn before its consonant, the cluster's text in an
    // /ActualText span. The span's text is the word's, at its glyphs' place;
    // a span inside a word keeps the word whole.
    let content = b"BT /F1 10 Tf 100 700 Td
        /Span <</ActualText <FEFF0915093F>>> BDC (ik) Tj EMC
        /Span <</MCID 3>> BDC (ab) Tj EMC
        ( X) Tj
        0 -20 Td (A) Tj /Span <</ActualText (fi)>> BDC /P <<>> BDC (xy) Tj EMC EMC (le) Tj
        ET";
    let p = one_page(vec![("F1", helvetica())], content, 0);
    let w = words(&p);
    let texts: Vec<&str> = w.iter().map(|x| x.0).collect();
    assert_eq!(texts, ["\u{915}\u{93F}ab", "X", "Afile"], "{w:?}");
    // "ik" (222 + 500) and "ab" (556 + 556) at 10 pt: the word spans all four glyphs.
    assert!(close(w[0].1, 100.0) && close(w[0].2, 118.34), "{w:?}");
}
