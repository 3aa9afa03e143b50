//! The forensic record on small PDFs built here, one signal each.

#![allow(clippy::unwrap_used)]

use bankscope::pdf::{self, EncryptionKind, Hidden, OpenOptions};
use lopdf::{Document, Object, Stream, dictionary};

struct Built {
    bytes: Vec<u8>,
    catalog: (u32, u16),
    max_id: u32,
}

fn build() -> Built {
    let mut doc = Document::with_version("1.4");
    let pages_id = doc.new_object_id();
    let helv = doc.add_object(dictionary! {
        "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica", "Encoding" => "WinAnsiEncoding",
    });
    let font_file = doc.add_object(Stream::new(dictionary! {}, b"not really a font".to_vec()));
    let descriptor = doc.add_object(dictionary! {
        "Type" => "FontDescriptor", "FontName" => "ABCDEF+Foo", "Flags" => 32, "FontFile2" => font_file,
    });
    let subset = doc.add_object(dictionary! {
        "Type" => "Font", "Subtype" => "TrueType", "BaseFont" => "ABCDEF+Foo", "FirstChar" => 32, "LastChar" => 126,
        "Widths" => vec![Object::Integer(500); 95], "FontDescriptor" => descriptor, "Encoding" => "WinAnsiEncoding",
    });
    let resources = doc.add_object(dictionary! { "Font" => dictionary! { "F1" => helv, "F2" => subset } });
    let c1 = doc.add_object(Stream::new(
        dictionary! {},
        b"BT /F1 12 Tf 72 760 Td (Visible) Tj ET
          q BT /F1 12 Tf 3 Tr 72 740 Td (Ghost) Tj ET Q
          q 1 g BT /F1 12 Tf 72 720 Td (Whiteout) Tj ET Q
          BT /F1 12 Tf 72 700 Td (Covered) Tj ET
          q 1 1 1 rg 70 695 80 20 re f Q
          /TouchUp_TextEdit MP"
            .to_vec(),
    ));
    let c2 = doc.add_object(Stream::new(dictionary! {}, b"BT /F2 10 Tf 72 680 Td (Subset) Tj ET".to_vec()));
    let page1 = doc.add_object(dictionary! {
        "Type" => "Page", "Parent" => pages_id, "Contents" => vec![c1.into(), c2.into()],
        "Resources" => resources, "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
    });
    let c3 = doc.add_object(Stream::new(dictionary! {}, b"BT /F1 10 Tf 72 500 Td (Turned) Tj ET".to_vec()));
    let page2 = doc.add_object(dictionary! {
        "Type" => "Page", "Parent" => pages_id, "Contents" => c3, "Resources" => resources,
        "MediaBox" => vec![0.into(), 0.into(), 612.into(), 792.into()], "Rotate" => 90,
    });
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => vec![page1.into(), page2.into()], "Count" => 2 }),
    );
    let xmp = br#"<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about=""
 xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<xmp:CreatorTool>Microsoft Word</xmp:CreatorTool><pdf:Producer>Microsoft: Print To PDF</pdf:Producer>
</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>"#;
    let metadata = doc.add_object(Stream::new(dictionary! { "Type" => "Metadata", "Subtype" => "XML" }, xmp.to_vec()));
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id, "Metadata" => metadata });
    let info = doc.add_object(dictionary! {
        "Producer" => Object::string_literal("SAMBox 1.1"),
        "Creator" => Object::string_literal("sejda.com"),
        "Author" => Object::string_literal("HDFC Bank"),
        "CreationDate" => Object::string_literal("D:20250701103015+05'30'"),
        "ModDate" => Object::string_literal("D:20250815090000Z"),
    });
    doc.trailer.set("Root", catalog);
    doc.trailer.set("Info", info);
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).unwrap();
    Built { bytes, catalog, max_id: doc.max_id }
}

/// Append an incremental update that replaces the Info dictionary.
fn append_update(b: &Built) -> Vec<u8> {
    let text = String::from_utf8_lossy(&b.bytes);
    let at = text.rfind("startxref").unwrap();
    let prev: usize = text[at + 9..].split_whitespace().next().unwrap().parse().unwrap();
    let mut out = b.bytes.clone();
    let id = b.max_id + 1;
    let obj_at = out.len() + 1;
    out.extend_from_slice(
        format!("\n{id} 0 obj\n<< /Producer (Acrobat Pro) /ModDate (D:20250901120000Z) >>\nendobj\n").as_bytes(),
    );
    let xref_at = out.len();
    out.extend_from_slice(
        format!(
            "xref\n0 1\n0000000000 65535 f \n{id} 1\n{obj_at:010} 00000 n \ntrailer\n<< /Size {} /Root {} {} R /Info {id} 0 R /Prev {prev} >>\nstartxref\n{xref_at}\n%%EOF\n",
            id + 1,
            b.catalog.0,
            b.catalog.1
        )
        .as_bytes(),
    );
    out
}

#[test]
fn record_of_a_built_document() {
    let built = build();
    let doc = pdf::open(&built.bytes, &OpenOptions::default()).unwrap();
    let f = doc.forensics().unwrap();

    assert!(built.bytes.starts_with(format!("%PDF-{}", f.pdf_version).as_bytes()), "{}", f.pdf_version);
    assert_eq!(f.info.producer.as_deref(), Some("SAMBox 1.1"));
    assert_eq!(f.info.creator.as_deref(), Some("sejda.com"));
    assert_eq!(f.info.author.as_deref(), Some("HDFC Bank"));
    assert_eq!(f.info.creation_date.unwrap().to_rfc3339(), "2025-07-01T10:30:15+05:30");
    assert_eq!(f.info.mod_date.unwrap().to_rfc3339(), "2025-08-15T09:00:00+00:00");
    let xmp = f.xmp.as_ref().unwrap();
    assert_eq!(xmp.creator_tool.as_deref(), Some("Microsoft Word"));
    assert_eq!(xmp.producer.as_deref(), Some("Microsoft: Print To PDF"));
    assert_eq!((f.revisions, f.eof_markers, f.linearized), (1, 1, false));
    assert_eq!((f.encryption, f.encryption_revision), (EncryptionKind::None, None));
    assert_eq!(f.page_count, 2);

    let p1 = &f.pages[0];
    assert_eq!((p1.width, p1.height, p1.rotation), (595.0, 842.0, 0));
    assert_eq!(p1.content_streams, 2);
    assert!(p1.touchup_text_edit && f.touchup_text_edit);
    let font = |name: &str| p1.fonts.iter().find(|u| u.name == name).unwrap();
    assert!(!font("Helvetica").embedded);
    assert_eq!(font("Helvetica").subset_tag, None);
    assert!(font("ABCDEF+Foo").embedded);
    assert_eq!(font("ABCDEF+Foo").subset_tag.as_deref(), Some("ABCDEF"));
    assert_eq!(font("ABCDEF+Foo").subtype, "TrueType");
    let hidden: Vec<(&str, Hidden)> = p1.hidden_text.iter().map(|h| (h.text.as_str(), h.how)).collect();
    assert_eq!(hidden, vec![("Ghost", Hidden::Invisible), ("Whiteout", Hidden::White), ("Covered", Hidden::Covered)]);

    let p2 = &f.pages[1];
    assert_eq!((p2.width, p2.height, p2.rotation), (792.0, 612.0, 90));
    assert_eq!(p2.content_streams, 1);
    assert!(!p2.touchup_text_edit && p2.hidden_text.is_empty());

    // The text layer still reads all of it, hidden or not, in reading order.
    let pages = doc.pages().unwrap();
    assert_eq!(
        pdf::layout_text(&pages[0]).split_whitespace().collect::<Vec<_>>(),
        ["Visible", "Ghost", "Whiteout", "Covered", "Subset"]
    );
    let turned = &pages[1].runs[0];
    assert_eq!((turned.text.as_str(), turned.rotation), ("Turned", 90));

    let json = serde_json::to_value(&f).unwrap();
    assert_eq!(json["encryption"], "none");
    assert_eq!(json["pages"][0]["hidden_text"][1]["how"], "white");
}

#[test]
fn incremental_update_is_a_revision() {
    let built = build();
    let updated = append_update(&built);
    let f = pdf::open(&updated, &OpenOptions::default()).unwrap().forensics().unwrap();
    assert_eq!((f.revisions, f.eof_markers), (2, 2));
    assert_eq!(f.info.producer.as_deref(), Some("Acrobat Pro"));
    assert_eq!(f.info.mod_date.unwrap().to_rfc3339(), "2025-09-01T12:00:00+00:00");
}

#[test]
fn encryption_in_the_record() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/samples/encryption/r6-both-passwords.pdf");
    let bytes = std::fs::read(path).unwrap();
    let f = pdf::open(&bytes, &OpenOptions::with_password("foo")).unwrap().forensics().unwrap();
    assert_eq!((f.encryption, f.encryption_revision), (EncryptionKind::Aes256, Some(6)));
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/samples/encryption/r2-empty-password.pdf");
    let f = pdf::open(&std::fs::read(path).unwrap(), &OpenOptions::default()).unwrap().forensics().unwrap();
    assert_eq!((f.encryption, f.encryption_revision), (EncryptionKind::Rc4_40, Some(2)));
}

#[test]
fn fixtures_name_their_producers() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/pdf");
    let f = pdf::open(&std::fs::read(dir.join("libreoffice.pdf")).unwrap(), &OpenOptions::default())
        .unwrap()
        .forensics()
        .unwrap();
    assert!(f.info.producer.as_deref().unwrap().starts_with("LibreOffice"));
    assert!(f.pages.iter().all(|p| p.fonts.iter().all(|u| u.embedded && u.subset_tag.is_some())));
    let f = pdf::open(&std::fs::read(dir.join("reportlab-base14.pdf")).unwrap(), &OpenOptions::default())
        .unwrap()
        .forensics()
        .unwrap();
    assert_eq!(f.pages[2].rotation, 90);
    assert_eq!((f.pages[2].width, f.pages[2].height), (595.2756, 841.8898));
    assert!(f.pages[0].fonts.iter().any(|u| u.name == "Helvetica" && !u.embedded));
    assert!(f.pages.iter().all(|p| p.hidden_text.is_empty()), "{:?}", f.pages[0].hidden_text);
}
