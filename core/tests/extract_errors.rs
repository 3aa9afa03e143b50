//! Every error kind of statement reading, on small hand-made PDFs, and a
//! hand-made statement that reads (one amount column, type from the balance).

use bankscope::{Error, ReadOptions, read_pdf};

/// A one-page PDF with Helvetica text: `(x, y from the top, size, text)`.
fn pdf(lines: &[(f32, f32, f32, &str)]) -> Vec<u8> {
    let mut content = String::new();
    for (x, y, size, text) in lines {
        let esc = text.replace('\\', "\\\\").replace('(', "\\(").replace(')', "\\)");
        content.push_str(&format!("BT /F1 {size} Tf 1 0 0 1 {x} {} Tm ({esc}) Tj ET\n", 842.0 - y));
    }
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_string(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>"
            .to_string(),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".to_string(),
        format!("<< /Length {} >>\nstream\n{content}endstream", content.len()),
    ];
    let mut out = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, o) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n{o}\nendobj\n", i + 1).as_bytes());
    }
    let xref = out.len();
    out.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for off in offsets {
        out.extend_from_slice(format!("{off:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!("trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n", objects.len() + 1).as_bytes(),
    );
    out
}

/// A small statement: header block, a table with one amount column (no Dr/Cr),
/// an opening-balance row and three transactions, one of them wrapped.
fn statement(bank_lines: &[(f32, f32, f32, &str)]) -> Vec<u8> {
    let mut lines: Vec<(f32, f32, f32, &str)> = bank_lines.to_vec();
    lines.extend_from_slice(&[
        (40.0, 90.0, 9.0, "MEENA RAO"),
        (40.0, 101.0, 8.0, "12 LAKE ROAD"),
        (40.0, 112.0, 8.0, "PUNE 411001"),
        (300.0, 90.0, 8.0, "Account No : 001234567890"),
        (40.0, 130.0, 8.0, "Statement Period : 01/04/2025 to 30/04/2025"),
        (40.0, 160.0, 8.0, "Date"),
        (100.0, 160.0, 8.0, "Particulars"),
        (380.0, 160.0, 8.0, "Amount"),
        (480.0, 160.0, 8.0, "Balance"),
        (100.0, 175.0, 8.0, "Opening Balance"),
        (480.0, 175.0, 8.0, "1,000.00"),
        (40.0, 188.0, 8.0, "02/04/2025"),
        (100.0, 188.0, 8.0, "SALARY APRIL"),
        (380.0, 188.0, 8.0, "5,000.00"),
        (480.0, 188.0, 8.0, "6,000.00"),
        (40.0, 201.0, 8.0, "03/04/2025"),
        (100.0, 201.0, 8.0, "UPI/123456/GROCERY STORE/"),
        (380.0, 201.0, 8.0, "250.50"),
        (480.0, 201.0, 8.0, "5,749.50"),
        (100.0, 210.0, 8.0, "PUNE"),
        (40.0, 223.0, 8.0, "04/04/2025"),
        (100.0, 223.0, 8.0, "ATM WDL"),
        (380.0, 223.0, 8.0, "1,000.00"),
        (480.0, 223.0, 8.0, "4,749.50"),
    ]);
    pdf(&lines)
}

fn read(bytes: &[u8], declared: Option<&str>) -> bankscope::Result<bankscope::Statement> {
    read_pdf(bytes, &ReadOptions { declared_bank: declared.map(str::to_string), ..ReadOptions::default() })
}

#[test]
fn a_letter_is_not_a_statement() {
    let bytes = pdf(&[
        (60.0, 80.0, 11.0, "Dear Sir,"),
        (60.0, 100.0, 11.0, "Thank you for your letter of 3 March. We are glad to confirm"),
        (60.0, 115.0, 11.0, "the booking of the hall for the annual function on 12 April."),
        (60.0, 150.0, 11.0, "Yours sincerely,"),
    ]);
    assert!(matches!(read(&bytes, None), Err(Error::NotAStatement { .. })), "{:?}", read(&bytes, None));
}

#[test]
fn a_statement_without_a_table_is_unsupported() {
    let bytes = pdf(&[
        (40.0, 40.0, 16.0, "HDFC BANK"),
        (40.0, 60.0, 10.0, "Statement of Account"),
        (40.0, 80.0, 9.0, "Account No : 50100123456789"),
        (40.0, 92.0, 9.0, "IFSC : HDFC0001234"),
        (40.0, 120.0, 9.0, "Your transactions are available in the mobile app."),
    ]);
    assert!(matches!(read(&bytes, None), Err(Error::UnsupportedFormat { .. })), "{:?}", read(&bytes, None));
}

#[test]
fn a_declared_bank_must_match() {
    let bytes = statement(&[(40.0, 40.0, 16.0, "HDFC BANK"), (300.0, 101.0, 8.0, "IFSC : HDFC0001234")]);
    match read(&bytes, Some("sbi")) {
        Err(Error::BankNameMismatch { declared, detected }) => {
            assert_eq!((declared.as_str(), detected.as_str()), ("sbi", "hdfc"));
        }
        other => panic!("expected BankNameMismatch, got {other:?}"),
    }
    assert!(read(&bytes, Some("HDFC Bank")).is_ok());
}

#[test]
fn an_unknown_bank_is_read_and_named_as_printed() {
    let bytes = statement(&[(40.0, 40.0, 16.0, "FRIENDLY COOPERATIVE SOCIETY")]);
    let st = read(&bytes, None).expect("an unknown bank is not a refusal");
    assert_eq!(st.bank, "friendlycooperativesociety");
    assert!(!st.transactions.is_empty());
    let st = read(&bytes, Some("saraswat")).expect("declared bank is used");
    assert_eq!(st.bank, "saraswat");
}

#[test]
fn a_bank_named_only_in_a_narration_is_not_the_statement_bank() {
    // The header names no bank; a row pays "HDFC BANK". Declaring ICICI is not a mismatch.
    let bytes = statement(&[
        (40.0, 40.0, 16.0, "FRIENDLY COOPERATIVE SOCIETY"),
        (40.0, 236.0, 8.0, "05/04/2025"),
        (100.0, 236.0, 8.0, "NEFT CR HDFC BANK REFUND"),
        (380.0, 236.0, 8.0, "250.50"),
        (480.0, 236.0, 8.0, "5,000.00"),
    ]);
    let st = read(&bytes, Some("icici")).expect("narrations do not name the statement's bank");
    assert_eq!(st.bank, "icici");
    assert_eq!(st.transactions.len(), 4);
}

#[test]
fn a_blank_page_is_no_text_not_an_image() {
    // Nothing drawn: not a scan (a scan draws images; see pdf_limits.rs).
    let bytes = pdf(&[]);
    assert!(matches!(read(&bytes, None), Err(Error::NotAStatement { .. })), "{:?}", read(&bytes, None));
}

#[test]
fn one_amount_column_reads_its_direction_from_the_balance() {
    let bytes = statement(&[(40.0, 40.0, 16.0, "AXIS BANK")]);
    let st = read(&bytes, None).expect("reads");
    assert_eq!(st.bank, "axis");
    assert_eq!(st.identity.name, "MEENA RAO");
    assert_eq!(st.identity.address, "12 LAKE ROAD, PUNE 411001");
    assert_eq!(st.identity.account_number, "001234567890");
    assert_eq!(st.identity.opening_balance.map(|m| m.to_string()).as_deref(), Some("1000.00"));
    let rows: Vec<(String, &str, String, String, &str)> = st
        .transactions
        .iter()
        .map(|t| (t.date.to_string(), t.kind.as_str(), t.amount.to_string(), t.balance.to_string(), t.note.as_str()))
        .collect();
    assert_eq!(
        rows,
        vec![
            ("2025-04-02 00:00:00".into(), "credit", "5000.00".into(), "6000.00".into(), "SALARY APRIL"),
            (
                "2025-04-03 00:00:00".into(),
                "debit",
                "250.50".into(),
                "5749.50".into(),
                "UPI/123456/GROCERY STORE/ PUNE"
            ),
            ("2025-04-04 00:00:00".into(), "debit", "1000.00".into(), "4749.50".into(), "ATM WDL"),
        ]
    );
    assert!(st.balance_breaks.is_empty());
    assert!(st.transactions.iter().all(|t| t.hash.len() == 32));
}

#[test]
fn forensics_come_with_the_statement() {
    let bytes = statement(&[(40.0, 40.0, 16.0, "AXIS BANK")]);
    let (st, forensics) =
        bankscope::read_pdf_with_forensics(&bytes, &ReadOptions::default()).expect("reads with forensics");
    assert_eq!(st.transactions.len(), 3);
    assert_eq!(forensics.page_count, 1);
}

#[test]
fn read_options_hide_the_password() {
    let o = ReadOptions::with_password("secret123");
    assert!(!format!("{o:?}").contains("secret123"));
}

/// Every PDF fixture, hostile ones included, ends in a statement or a typed
/// error: reading never panics.
#[test]
fn reading_any_fixture_never_panics() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/pdf");
    let mut paths: Vec<std::path::PathBuf> = Vec::new();
    for dir in [root.clone(), root.join("hostile")] {
        if let Ok(rd) = std::fs::read_dir(&dir) {
            paths.extend(rd.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_file()));
        }
    }
    assert!(!paths.is_empty(), "no PDF fixtures under {}", root.display());
    for p in paths {
        let Ok(bytes) = std::fs::read(&p) else { continue };
        let outcome =
            std::panic::catch_unwind(|| read_pdf(&bytes, &ReadOptions::default()).map(|s| s.transactions.len()));
        assert!(outcome.is_ok(), "{} panicked", p.display());
    }
}

/// Words moved, swapped, emptied and given non-finite positions: the layout
/// and the reader end in a statement or a typed error, never a panic.
#[test]
fn scrambled_pages_never_panic() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/statements/hdfc_chromium_small.pdf");
    let bytes = std::fs::read(&path).expect("fixture");
    let pages = bankscope::pdf::extract(&bytes, &bankscope::pdf::OpenOptions::default()).expect("pages");
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    for round in 0..60 {
        let mut pages = pages.clone();
        for page in &mut pages {
            let n = page.runs.len().max(1) as u64;
            for _ in 0..(round * 3 + 1) {
                let i = (next() % n) as usize;
                let j = (next() % n) as usize;
                let r = next();
                match r % 6 {
                    0 if i < page.runs.len() && j < page.runs.len() => page.runs.swap(i, j),
                    0 => {}
                    1 => {
                        if let Some(run) = page.runs.get_mut(i) {
                            run.y += (r % 40) as f32 - 20.0;
                        }
                    }
                    2 => {
                        if let Some(run) = page.runs.get_mut(i) {
                            run.x0 = f32::NAN;
                        }
                    }
                    3 => {
                        let text = page.runs.get(j).map(|r| r.text.clone()).unwrap_or_default();
                        if let Some(run) = page.runs.get_mut(i) {
                            run.text = text;
                        }
                    }
                    4 => {
                        if i < page.runs.len() {
                            page.runs.remove(i);
                        }
                    }
                    _ => {
                        if let Some(run) = page.runs.get_mut(i) {
                            run.text = ":(Cr)0.00-₹".repeat((r % 3) as usize);
                        }
                    }
                }
            }
        }
        let outcome =
            std::panic::catch_unwind(|| bankscope::extract::extract(&pages, None).map(|e| e.transactions.len()));
        assert!(outcome.is_ok(), "round {round} panicked");
    }
}

#[test]
fn a_bank_without_an_identifier_is_named_by_its_ifsc_code() {
    // Cosmos Co-operative Bank has no bankscope identifier; its IFSC names it.
    let bytes = statement(&[(300.0, 101.0, 8.0, "IFSC : COSB0000123")]);
    let st = read(&bytes, None).expect("read");
    assert_eq!(st.bank, "cosb");
}

#[test]
fn a_bank_named_only_in_the_document_information_is_detected() {
    // No bank name, logo text or IFSC on the page; the PDF's /Info names it.
    let plain = statement(&[]);
    assert_ne!(read(&plain, None).expect("read").bank, "axis");
    let text = String::from_utf8_lossy(&plain)
        .replace("/Root 1 0 R >>", "/Root 1 0 R /Info << /Title (Statement of Account) /Author (Axis Bank Ltd) >> >>");
    let st = read(text.as_bytes(), None).expect("read");
    assert_eq!(st.bank, "axis");
    // A declared bank is not overridden by the document information.
    assert_eq!(read(text.as_bytes(), Some("hdfc")).expect("read").bank, "hdfc");
}

#[test]
fn a_statement_in_whole_rupees_reads() {
    // No amount has paise: plain numbers in the amount and balance columns
    // are figures ("300" under Debit), not wrapped fragments.
    let mut lines: Vec<(f32, f32, f32, String)> = vec![
        (40.0, 40.0, 14.0, "FINO PAYMENTS BANK".into()),
        (40.0, 70.0, 9.0, "Account Number : 60123456789".into()),
        (40.0, 82.0, 9.0, "Statement Period : 01/04/2024 to 30/04/2024".into()),
        (40.0, 110.0, 9.0, "Date".into()),
        (120.0, 110.0, 9.0, "Particulars".into()),
        (340.0, 110.0, 9.0, "Debit".into()),
        (420.0, 110.0, 9.0, "Credit".into()),
        (500.0, 110.0, 9.0, "Balance".into()),
    ];
    // (day, debit, credit, balance), opening 900.
    let rows = [(1, 300, 0, 600), (2, 450, 0, 150), (3, 0, 50, 200), (4, 0, 700, 900), (6, 50, 0, 850)];
    for (i, (d, dr, cr, bal)) in rows.iter().enumerate() {
        let y = 125.0 + 14.0 * i as f32;
        lines.push((40.0, y, 9.0, format!("{d:02}/04/2024")));
        lines.push((120.0, y, 9.0, "UPI/123456789012/SHOP".into()));
        let right = |x: f32, n: i32| (x - 5.0 * n.to_string().len() as f32, n.to_string());
        if *dr > 0 {
            let (x, t) = right(365.0, *dr);
            lines.push((x, y, 9.0, t));
        }
        if *cr > 0 {
            let (x, t) = right(445.0, *cr);
            lines.push((x, y, 9.0, t));
        }
        let (x, t) = right(530.0, *bal);
        lines.push((x, y, 9.0, t));
    }
    let refs: Vec<(f32, f32, f32, &str)> = lines.iter().map(|(x, y, s, t)| (*x, *y, *s, t.as_str())).collect();
    let st = read(&pdf(&refs), None).expect("whole-rupee statement reads");
    let got: Vec<(i64, i64)> =
        st.transactions.iter().map(|t| (t.amount.paise() / 100, t.balance.paise() / 100)).collect();
    assert_eq!(got, vec![(300, 600), (450, 150), (50, 200), (700, 900), (50, 850)]);
    assert!(st.reading.reconciles(), "{}", st.reading.summary());
}

#[test]
fn a_table_without_a_date_column_takes_the_date_from_the_details() {
    // "Transaction details | Amount | Balance": the date and time open the
    // details cell, a line above its description (fintech app statements).
    let mut lines: Vec<(f32, f32, f32, String)> = vec![
        (40.0, 40.0, 14.0, "FEDERAL BANK".into()),
        (40.0, 70.0, 9.0, "Account No : 55550101234567".into()),
        (40.0, 82.0, 9.0, "Opening balance : 10,000.00".into()),
        (40.0, 110.0, 9.0, "Transaction details".into()),
        (400.0, 110.0, 9.0, "Amount".into()),
        (500.0, 110.0, 9.0, "Balance".into()),
    ];
    // (date, description, amount, balance): opening 10,000.00.
    let rows = [
        ("01 Apr 2024, 10:01 AM", "UPI payment to SWIGGY", "450.00", "9,550.00"),
        ("02 Apr 2024, 09:15 AM", "Salary from ACME LTD", "50,000.00", "59,550.00"),
        ("05 Apr 2024, 06:40 PM", "ATM cash withdrawal", "2,000.00", "57,550.00"),
    ];
    for (i, (d, n, a, b)) in rows.iter().enumerate() {
        let y = 130.0 + 24.0 * i as f32;
        lines.push((40.0, y, 9.0, (*d).into()));
        lines.push((430.0 - 5.0 * a.len() as f32, y + 5.0, 9.0, (*a).into()));
        lines.push((535.0 - 5.0 * b.len() as f32, y + 5.0, 9.0, (*b).into()));
        lines.push((40.0, y + 10.0, 9.0, (*n).into()));
    }
    let refs: Vec<(f32, f32, f32, &str)> = lines.iter().map(|(x, y, s, t)| (*x, *y, *s, t.as_str())).collect();
    let st = read(&pdf(&refs), None).expect("reads");
    let got: Vec<(String, String, String)> = st
        .transactions
        .iter()
        .map(|t| (t.date.format("%Y-%m-%d %H:%M").to_string(), t.note.clone(), format!("{:?}", t.kind)))
        .collect();
    assert_eq!(
        got,
        vec![
            ("2024-04-01 10:01".into(), "UPI payment to SWIGGY".into(), "Debit".into()),
            ("2024-04-02 09:15".into(), "Salary from ACME LTD".into(), "Credit".into()),
            ("2024-04-05 18:40".into(), "ATM cash withdrawal".into(), "Debit".into()),
        ]
    );
    assert!(st.reading.reconciles(), "{}", st.reading.summary());
}
