//! The layout corpora: 32 Indian banks' statement layouts with the traits real
//! statements have (fixtures/layouts/README.md; drawn by reportlab and fpdf2),
//! net-banking statements printed from HTML by headless Chromium
//! (fixtures/html/README.md) and the same HTML printed by wkhtmltopdf (Qt
//! WebKit, fixtures/qt), and statements drawn with OpenPDF, the Java
//! library of many Indian banks' statement systems (fixtures/java/README.md),
//! statements made with TCPDF, the PHP library of bank and NBFC portals
//! (fixtures/php/README.md), spreadsheets and documents exported by
//! LibreOffice as branches make them (fixtures/office/README.md), XSL-FO
//! rendered by Apache FOP (fixtures/fop), JasperReports templates as HDFC
//! and Yes Bank statements are made (fixtures/jasper), and pdfmake / jsPDF statements of
//! fintech back ends (fixtures/node), WeasyPrint and xhtml2pdf statements of
//! Django back ends (fixtures/pyhtml), and PDFs written object by object as
//! core-banking report engines write them (fixtures/rawpdf: per-glyph
//! positioning, kerning-only word gaps, /Differences fonts without ToUnicode,
//! Form XObjects, /Rotate, CropBox, out-of-order, clipped and painted-over text),
//! statements written as producers we cannot run write them (fixtures/idioms:
//! Quartz, Skia, GDI, Word, Excel, SSRS, form templates),
//! bilingual Hindi and English statements (fixtures/bilingual), header
//! blocks arranged as Indian banks arrange them (fixtures/identity) and as
//! real statements print them (fixtures/identity2), their cells off their
//! baselines (fixtures/identity_jitter), a third set measured cold
//! (fixtures/identity3: branch blocks with their own Address label,
//! Communication and Permanent Address, City / State / Pin Code fields,
//! numbers only in title lines, joint and Karta lines) and a fourth
//! (fixtures/identity4: grids, logos, cover pages, bilingual labels),
//! net-banking pages printed from the browser with its header and footer
//! (fixtures/browserprint), statements whose print leaves a row's side,
//! amount or place within its day open for the balance chain to decide
//! (fixtures/chainfix), fixed-width line-printer reports of core-banking
//! systems (fixtures/coreprint), opening and closing balances, totals and Dr /
//! Cr counts printed in summaries outside the rows, whose reading report is
//! checked too (fixtures/summaries), and layouts drawn at random from the space
//! Indian statements occupy (fixtures/randlayout: seeds 1-40 and fresh seeds
//! that found a class of fault, kept once it was fixed; its known failures
//! listed) and the same draws printed as HTML by Chromium and wkhtmltopdf
//! (fixtures/randhtml: grids, rules and zebra fills as drawn shapes, centred
//! rows without padding, labels centred over wide columns, monospaced header cells one space
//! apart, narrow-font header cells one padding apart, Qt page breaks cutting rows, dates left in
//! wide cells under centred labels, a cut row's rest alone above the closing row, Dr/Cr suffixes
//! a space from long balances, a cut row's rest a row space above the next page's first row), and the page
//! furniture of real net-banking statements (fixtures/realtraits: watermarks
//! across and behind the rows, margin text, page numbers and seals in the
//! table's area, the bank's dated notes among the rows, continuation pages on
//! other templates), and a second cold batch of it (fixtures/realtraits2:
//! legends, summaries, pending / hold / reward tables after the rows, shaded
//! and bordered tables, zero rows, prefixed and suffixed figures, headers on
//! every page), transaction tables as real statements print them, quoted by
//! public parsers of Indian statements (fixtures/realquotes: headers broken by
//! their cells, quoted column gutters, dates wrapped in their cells, dates above
//! and amounts below a wrapped narration, B/F and OPENING BALANCE rows, unusual
//! column orders) and a second and third cold batch of them (fixtures/realquotes2,
//! fixtures/realquotes3: banks and statement types the first two did not draw,
//! two producers), and
//! long statements of 260 to 700 rows page after page (fixtures/longstmts: rows cut by page breaks, B/F and C/F lines,
//! days of 60+ UPI rows, identical real rows, and fresh random draws kept for
//! the class each showed), and narrations wrapped in their
//! cells by character count, by the cell's width in points and by word
//! (fixtures/wrapjoin: the narration compared as the bank's system held it),
//! each made by the generate script beside them.
//!
//! Every fixture must read exactly: each row's date, narration as read across
//! its lines (runs of spaces counted as one), side, amount and balance; the chain reconciled from the printed
//! opening to the printed closing balance; the bank the fixture names. Prints a
//! table per fixture.

use std::path::PathBuf;

use bankscope::{ReadOptions, TxnType, read_pdf};
use serde_json::Value;

fn fixtures(corpus: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures").join(corpus)
}

fn money(m: bankscope::Money) -> String {
    let p = m.paise();
    format!("{}{}.{:02}", if p < 0 { "-" } else { "" }, p.abs() / 100, p.abs() % 100)
}

#[test]
fn every_layout_reads_exactly_and_reconciles() {
    corpus_reads_exactly("layouts", 30);
}

#[test]
fn every_chromium_printed_statement_reads_exactly_and_reconciles() {
    corpus_reads_exactly("html", 10);
}

#[test]
fn every_wkhtmltopdf_printed_statement_reads_exactly_and_reconciles() {
    corpus_reads_exactly("qt", 15);
}

#[test]
fn every_weasyprint_and_xhtml2pdf_statement_reads_exactly_and_reconciles() {
    corpus_reads_exactly("pyhtml", 6);
}

#[test]
fn every_jasperreports_statement_reads_exactly_and_reconciles() {
    corpus_reads_exactly("jasper", 6);
}

#[test]
fn every_fop_statement_reads_exactly_and_reconciles() {
    corpus_reads_exactly("fop", 6);
}

#[test]
fn every_pdfmake_and_jspdf_statement_reads_exactly_and_reconciles() {
    corpus_reads_exactly("node", 8);
}

#[test]
fn every_libreoffice_statement_reads_exactly_and_reconciles() {
    corpus_reads_exactly("office", 8);
}

#[test]
fn every_tcpdf_statement_reads_exactly_and_reconciles() {
    corpus_reads_exactly("php", 10);
}

#[test]
fn every_openpdf_statement_reads_exactly_and_reconciles() {
    corpus_reads_exactly("java", 10);
}

#[test]
fn every_narration_wrapped_in_its_cell_reads_as_the_bank_wrote_it() {
    // Narrations cut every N characters (monospaced and proportional fonts),
    // at the cell's width in points, by word, and a narration cut by
    // characters beside a reference column cut by words; centred rows and
    // two-line headers (fixtures/wrapjoin). The truth is the narration as the
    // bank's system held it, never its printed lines joined by a space.
    // Cold: 271 of 628 narrations exact, 2 of 22 statements. Left: tokens
    // too long for a word-wrapped cell, cut where the cell ends (a line the
    // token fills, the next line its rest), read with a space.
    corpus_reads_exactly_except("wrapjoin", 22, &["hdfc_words_mid.pdf", "sbi_words_mono.pdf", "icici_words.pdf"]);
}

#[test]
fn every_hand_written_report_engine_statement_reads_exactly_and_reconciles() {
    corpus_reads_exactly("rawpdf", 13);
}

#[test]
fn every_real_page_furniture_statement_reads_exactly_and_reconciles() {
    // Page furniture of statements downloaded from Indian net banking
    // (fixtures/realtraits/README.md): diagonal watermarks of rotated text
    // across the table and large light watermarks behind it, text rotated 90
    // degrees in the margins, "Page N of M", "Contd..." and "Page Total" lines
    // inside the table area, round seals whose text is set glyph by glyph
    // along a ring, "Digitally signed by" boxes, dated informational lines
    // with no figure (cheque book issued, interest rate revised), "Page N of
    // M" and "continued from previous page" between the column header and
    // the first row, continuation
    // pages on another template or without headers, landscape pages after a
    // portrait first page (wide MediaBox or /Rotate 90), a second account
    // after the first one's table, vector logos with the IFSC only in the
    // footer.
    corpus_reads_exactly("realtraits", 46);
}

#[test]
fn every_real_statement_furniture_of_the_second_batch_reads_exactly_and_reconciles() {
    // A second cold batch of real statement furniture
    // (fixtures/realtraits2/README.md): legends and small-type disclaimers
    // full of figures and dates, END OF STATEMENT lines, "Balance as on"
    // closing rows, statement summaries, pending / hold funds / reward points
    // tables after the rows (some set in the table's own columns, dated,
    // with amounts and balances), alternating shading with white grid
    // lines, light-grey and tight cell borders, white headers on coloured
    // bands, zero-amount rows, reversals, narrations carrying dates, times
    // and amounts or running under the amount columns, rupee and INR
    // prefixes, Dr/Cr columns, Cr balances, overdrafts in brackets, the
    // header block on every page, tables starting mid page 1, a last page
    // of one row.
    corpus_reads_exactly("realtraits2", 46);
}

#[test]
fn every_quoted_real_transaction_table_reads_exactly_and_reconciles() {
    // Transaction tables as real statements print them, quoted by public code
    // that parses Indian statements (fixtures/realquotes/README.md): headers
    // exactly as printed and broken by their cells, columns at quoted camelot
    // gutters, dates wrapped in narrow cells, a row's date alone above its
    // narration or its amounts on a line of their own, narration above the
    // dated line, B/F and OPENING / CLOSING BALANCE rows, Dr / Cr forms,
    // unusual column orders (credit before debit, narration or value date
    // last), pages of 640, 803 x 1180, 910 and 1190 points. Narrations cut by
    // character have the narration the bank held for truth (fixtures/wrapjoin);
    // one statement cuts no line but tokens too long for the cell (no break
    // where two words would fit on a line), too little for the reader to call
    // its column cut by character, so its cuts read with a space.
    corpus_reads_exactly_except("realquotes", 34, &["baroda_tall_opening_cr.pdf"]);
}

#[test]
fn every_quoted_real_transaction_table_of_the_second_batch_reads_exactly_and_reconciles() {
    // A second cold batch of quoted tables (fixtures/realquotes2/README.md):
    // Standard Chartered's dated BALANCE FROM PREVIOUS STATEMENT and a dated
    // CLOSING BALANCE row carrying the period's totals, deposit before
    // withdrawal; ICICI Money Multiplier's Autosweep / Reverse Sweep columns
    // and Page Total rows; HDFC labels drawn word by word without space
    // glyphs; (Dr) / (Cr) glued or in parentheses; Debit / Credit words in a
    // side column; ISO dates; rows drawn right to left.
    corpus_reads_exactly("realquotes2", 21);
}

#[test]
fn every_quoted_real_transaction_table_of_the_third_batch_reads_exactly_and_reconciles() {
    // A third cold batch of quoted tables (fixtures/realquotes3/README.md),
    // banks and statement types the first two did not draw, by reportlab and
    // fpdf2: Bandhan's `June30, 2025` and `INR34,279.01`, RBL's unpadded dates
    // at its quoted right edges on a landscape page, Equitas's amount on the
    // line above its date, DBS's Sub Total, PNB's `2024/04/01`, SBI's 2016
    // dates with the year below, its YONO rows (date / reference / `- - 90.00
    // 236.21`), its header repeated at a page's foot, J&K's value date first
    // and reference after the balance, ICICI's transaction history and tran-id
    // statement (`02/Dec/2024`, `Withdra` / `wal`), a district co-operative
    // bank's whole rupees (`14719 CR`), HSBC's date once per day with B/F and
    // C/F every page, Kotak's date glued to the narration (also where July's
    // narrower month moves the narration into the date's band), SBI's header
    // printed under a page's last row with the next page's rows under no header.
    corpus_reads_exactly_except("realquotes3", 27, KNOWN_REALQUOTES3_FAILURES);
}

/// Cold failures of the third quoted batch not yet read (README.md there).
const KNOWN_REALQUOTES3_FAILURES: &[&str] = &[];

#[test]
fn every_long_statement_reads_exactly_and_reconciles() {
    // Long statements, 260 to 700 rows over 8 to 18 pages
    // (fixtures/longstmts/README.md), from reportlab, fpdf2, Chromium and
    // wkhtmltopdf: the header block on every page with its page number (a
    // shorter one after page 1), the column header repeated or printed once,
    // rows cut by the page break, a cut row's rest above the next page's
    // B/F line, page totals and C/F lines at every foot, days of 60 and more
    // UPI rows, identical rows that are both real, long narrations, zero-amount
    // rows, amounts of crores and of a rupee or less, a summary after the
    // table. One misread row in 500 breaks such a statement. Three fresh
    // draws of `generate.py --check` kept for what they showed: the last row's
    // rest alone on a header-less last page above the summary (check_278),
    // a first row's narration above its figures under labels the reader could
    // not read (check_183), a Qt row cut after its first line at a centred
    // table's page foot (check_274).
    corpus_reads_exactly("longstmts", 15);
}

#[test]
fn every_core_banking_line_printer_statement_reads_exactly_and_reconciles() {
    // Fixed-width text reports of public-sector, regional rural and
    // co-operative banks' core systems turned into PDFs
    // (fixtures/coreprint/README.md): each printed line one monospaced string
    // whose columns are aligned by spaces, page headers with run date and page
    // number, 80 to 160 columns, Tz or a smaller size for lines too long for
    // the page, T* / ' / " page text objects, every line struck twice a
    // fraction of a point apart, Cr/Dr balances of overdrawn accounts, rows
    // cut by the page break, box-drawn `|` cells, COBOL trailing minus and
    // 0.00 cells, underlines printed over the labels, a column header on the
    // first page only.
    corpus_reads_exactly("coreprint", 38);
}

#[test]
fn every_producer_idiom_statement_reads_exactly_and_reconciles() {
    // Statements written as producers we cannot run write them
    // (fixtures/idioms/README.md): Quartz / Skia flipped user spaces, GDI and
    // Print to PDF scales, size in the text matrix, mirrored matrices, Tw /
    // Tc / Tz / Ts, Type3 fonts, rupee glyph names, MacRoman, Identity-H with
    // CIDToGIDMap, split /Contents, marked content, optional content, form
    // fields (appearances, or only /V) and flattened fields, a reused
    // letterhead form, clipped cells, Excel's accounting format, simulated
    // bold, the Rupee Foradian glyph, per-cell white fills, a searchable
    // scan, suppressed duplicate dates, pre-printed stationery, Unicode
    // hyphens and minus signs, Cr/Dr raised by Ts, band forms, white headers
    // on images, a visible digital signature, content streams listed twice,
    // landscape content turned on portrait paper.
    corpus_reads_exactly("idioms", 33);
}

#[test]
fn every_itext_statement_reads_exactly_and_reconciles() {
    corpus_reads_exactly("itext", 8);
}

#[test]
fn every_resaved_statement_reads_exactly_and_reconciles() {
    // Fixtures of the other corpora as customers re-save them: qpdf,
    // Ghostscript, cairo, MuPDF, LibreOffice Draw, print to PDF, 2-up and
    // scaled sheets, a removed password, two months merged into one file.
    corpus_reads_exactly("resaved", 29);
}

#[test]
fn every_bilingual_statement_reads_exactly_and_reconciles() {
    // Hindi and English side by side (public-sector and regional rural banks):
    // bilingual header rows and identity labels, Hindi titles, footers,
    // opening / closing / B/F lines and narration words, drawn by Chromium,
    // LibreOffice, wkhtmltopdf and reportlab (fixtures/bilingual/README.md).
    corpus_reads_exactly("bilingual", 11);
}

#[test]
fn every_identity_block_arrangement_reads_exactly() {
    // One-page statements whose header blocks are set the ways Indian banks
    // set them (fixtures/identity/README.md): label : value, two columns with
    // drifting baselines, labels over values, captions under values, bordered
    // grids, left-column labels, joint holders and nominees, branch blocks,
    // salutations, masked and grouped account numbers, firms, trusts and
    // societies. Holder, account number, IFSC, address and category exact.
    corpus_reads_exactly("identity", 40);
}

#[test]
fn every_real_identity_header_form_reads_exactly() {
    // Header forms as real Indian statements print them, quoted by public
    // code that parses them (fixtures/identity2/README.md): HDFC's branch
    // block beside the customer block with its own Address / City / State
    // lines, `Label :value` glued, JOINT HOLDERS; SBI's label / ':' / value
    // cells; Kotak's cells and CRN; Axis's `Name :-` and the number only in
    // the title; ICICI's glued MR.NAME; wrapped names, PROP. lines, customer
    // numbers as long as the account number. Identity exact.
    corpus_reads_exactly("identity2", 26);
}

#[test]
fn every_identity_block_reads_with_its_cells_off_their_baselines() {
    // The statements of fixtures/identity and fixtures/identity2 again, every
    // header cell up to 1.2 pt above or below its row's baseline as cells of
    // different fonts and sizes sit (fixtures/identity_jitter/generate.py):
    // a label a little above its value, a value cell on a line of its own.
    corpus_reads_exactly("identity_jitter", 74);
}

#[test]
fn every_cold_identity_header_form_reads_exactly() {
    // Header forms of banks and layouts identity and identity2 do not draw,
    // written before the identity rules were read (fixtures/identity3/
    // README.md): customer and branch blocks each with an Address label,
    // Communication before Permanent Address, `Name & Address`, City / State
    // / Pin Code fields, numbers with dashes or only in a title line, joint,
    // Karta and JOINTLY WITH lines, Address 1 / Address 2 fields, `Add.`,
    // headings read as labels, names in larger type, `Customer Name &
    // Address`, `Address :` alone over lines in the values' column;
    // reportlab and fpdf2.
    corpus_reads_exactly("identity3", 74);
}

#[test]
fn every_fourth_cold_identity_header_form_reads_exactly() {
    // A fourth cold batch of header forms, written before the identity rules
    // were read (fixtures/identity4/README.md): bordered grids of two or three
    // label / value pairs with the address in one cell, a logo beside the
    // block, the block under the table or on a cover page, bilingual and
    // Hindi labels, labels flush right on their colons, guardian / nominee /
    // Operated by / Mode of operation / CKYC / PAN rows, OD and CC limits
    // beside the number, GSTIN / Aadhaar rows, definition lists (batches
    // 2-4 measured cold on the previous fixes); reportlab and Chromium.
    corpus_reads_exactly("identity4", 82);
}

#[test]
fn every_sectioned_statement_reads_exactly_and_reconciles() {
    // Statements that are more than one table (fixtures/sections/README.md):
    // summary tables before the rows, tables after them (cheques, standing
    // instructions, fixed deposits, sweeps, foreign currency, a loan schedule,
    // legends), month headings and sub-totals, B/F at every month, page and
    // grand totals, a blank page, terms pages first, and consolidated
    // statements whose second account's table is not this statement's.
    corpus_reads_exactly("sections", 14);
}

#[test]
fn every_browser_printed_statement_reads_exactly_and_reconciles() {
    // Net-banking statement pages printed from the browser as the customer
    // sees them (fixtures/browserprint/README.md): the browser's header and
    // footer (print date, title, URL, page n/N), the portal's menu, Welcome /
    // Last login line, left navigation, a filter form with other dates,
    // summary boxes, "Records 1-N of N" and pagination, a column header
    // printed once, rows cut by page breaks, newest first on two.
    corpus_reads_exactly("browserprint", 10);
    // The period printed in the account block, not the filter form's dates
    // (or the form's dates where nothing else prints one).
    for f in ["hdfc_netbanking", "kotak_netbanking", "idfc_netbanking"] {
        let bytes = std::fs::read(fixtures("browserprint").join(format!("{f}.pdf"))).expect("fixture");
        let st = read_pdf(&bytes, &ReadOptions::default()).expect("reads");
        let period = (st.identity.period_from.map(|d| d.to_string()), st.identity.period_to.map(|d| d.to_string()));
        assert_eq!(period, (Some("2024-04-01".into()), Some("2024-06-30".into())), "{f}");
    }
}

#[test]
fn every_chain_decided_statement_reads_exactly_and_reconciles() {
    // Statements whose print leaves a row's side, amount or place open
    // (fixtures/chainfix/README.md): amounts as `1,23,456.00 Cr`, `(Dr)`,
    // `(1,234.00)`, trailing minus, `Rs.`, `INR34,279.01`, `+ ₹500.00`, whole
    // rupees and `.50`, `0.00` / `-` / `NIL` in the empty column, DR balances,
    // a `44.079.83` typo; a balance once a day, a day printed in another order
    // than the balance follows, dated Total / Sub Total / Carried forward
    // lines, an amount in the wrong band, a 0.00 reversal row, a debit printed
    // in the credit column. The chain decides; the truth is what it proves.
    corpus_reads_exactly("chainfix", 14);
    // Their twins with one amount altered and the printed balances left as
    // printed: no reading reproduces the balances, and the report names the
    // first row where the chain breaks, with the printed and expected balance.
    let manifest: Value =
        serde_json::from_slice(&std::fs::read(fixtures("chainfix").join("manifest.json")).expect("manifest"))
            .expect("JSON");
    let broken = manifest["broken"].as_array().cloned().unwrap_or_default();
    assert!(broken.len() >= 3);
    for b in broken {
        let file = b["file"].as_str().unwrap_or_default();
        let bytes = std::fs::read(fixtures("chainfix").join(file)).expect("fixture");
        let st = read_pdf(&bytes, &ReadOptions::default()).unwrap_or_else(|e| panic!("{file}: {e}"));
        println!("{file:<32} {}", st.reading.summary());
        assert!(!st.reading.reconciles(), "{file}: {}", st.reading.summary());
        let got =
            st.reading.first_break.as_ref().map(|x| (x.page, x.from_row, x.row, money(x.printed), money(x.expected)));
        let want = (
            b["page"].as_u64().unwrap_or_default() as u32,
            b["from_row"].as_u64().unwrap_or_default() as usize,
            b["row"].as_u64().unwrap_or_default() as usize,
            b["printed"].as_str().unwrap_or_default().to_string(),
            b["expected"].as_str().unwrap_or_default().to_string(),
        );
        assert_eq!(got, Some(want), "{file}");
    }
    // A twin where two rows' sides are open and either reading reproduces
    // the balance: read, reconciled, and reported undecided.
    for u in manifest["undecided"].as_array().cloned().unwrap_or_default() {
        let file = u["file"].as_str().unwrap_or_default();
        let bytes = std::fs::read(fixtures("chainfix").join(file)).expect("fixture");
        let st = read_pdf(&bytes, &ReadOptions::default()).unwrap_or_else(|e| panic!("{file}: {e}"));
        println!("{file:<32} {}", st.reading.summary());
        assert_eq!(st.transactions.len() as u64, u["rows"].as_u64().unwrap_or_default(), "{file}");
        assert!(st.reading.reconciles(), "{file}: {}", st.reading.summary());
        assert_eq!(st.reading.sides_undecided as u64, u["sides_undecided"].as_u64().unwrap_or_default(), "{file}");
    }
}

#[test]
fn every_printed_summary_is_read_and_checked() {
    // Opening and closing balances, debit and credit totals and the number
    // of debits and credits as Indian statements print them outside a B/F
    // row (fixtures/summaries/README.md): HDFC's STATEMENT SUMMARY after the
    // rows (labels over figures, with Dr / Cr counts, figures a few points
    // off their labels, another font size, a page of its own), Axis's
    // OPENING BALANCE / TRANSACTION TOTAL / CLOSING BALANCE rows, ICICI's
    // Summary of Account box, SBI's "Balance as on" beside other balances,
    // Kotak's 2 x 4 and 4 x 2 boxes, "Opening / Closing Balance as on
    // <date>" lines and labels over figures, account summary grids with
    // counts and with the account's number and type, labels cut over two
    // lines, captions under figures, figures off their labels' baseline, a
    // summary row per month, a box at every page's head, INR before the
    // figures, overdrawn balances (minus, Dr, parentheses), no credits at
    // all. The report must say the opening was printed, the closing
    // reconciles and the printed totals and counts are reproduced; twins
    // whose summary disagrees with the rows must say so.
    let manifest: Value =
        serde_json::from_slice(&std::fs::read(fixtures("summaries").join("manifest.json")).expect("manifest"))
            .expect("JSON");
    let mut failures = Vec::new();
    for (list, agree) in [("files", true), ("disagree", false)] {
        for f in manifest[list].as_array().cloned().unwrap_or_default() {
            let file = f["file"].as_str().unwrap_or_default();
            let truth: Value = serde_json::from_slice(
                &std::fs::read(fixtures("summaries").join(file.replace(".pdf", ".truth.json"))).expect("truth"),
            )
            .expect("JSON");
            let bytes = std::fs::read(fixtures("summaries").join(file)).expect("fixture");
            let st = match read_pdf(&bytes, &ReadOptions::default()) {
                Ok(st) => st,
                Err(e) => {
                    failures.push(format!("{file}: {e}"));
                    continue;
                }
            };
            let r = &st.reading;
            println!("{file:<32} {}", r.summary());
            let printed = &truth["summary"];
            let expect = &truth["expect"];
            let opening_in_truth = !printed["opening"].is_null();
            if r.opening_printed != opening_in_truth {
                failures.push(format!("{file}: opening_printed {}", r.opening_printed));
            }
            // The balances read are the printed ones (a twin's misprinted
            // summary opening is not taken over the B/F row's).
            let opening = truth["opening_balance"].as_str();
            if opening_in_truth && st.identity.opening_balance.map(money).as_deref() != opening {
                failures.push(format!("{file}: opening {:?}, expected {opening:?}", st.identity.opening_balance));
            }
            if agree
                && !printed["closing"].is_null()
                && st.identity.closing_balance.map(money).as_deref() != printed["closing"].as_str()
            {
                failures.push(format!(
                    "{file}: closing {:?}, expected {}",
                    st.identity.closing_balance, printed["closing"]
                ));
            }
            let want_closing = expect["closing_reconciles"].as_bool();
            if r.closing_reconciles != want_closing {
                failures
                    .push(format!("{file}: closing_reconciles {:?}, expected {want_closing:?}", r.closing_reconciles));
            }
            if want_closing == Some(false) {
                let got = r.first_break.as_ref().map(|b| money(b.printed));
                if got.as_deref() != printed["closing"].as_str() {
                    failures.push(format!("{file}: break printed {got:?}, expected {}", printed["closing"]));
                }
            }
            let want_totals = expect["totals_reconcile"].as_bool();
            if r.totals_reconcile != want_totals {
                failures.push(format!("{file}: totals_reconcile {:?}, expected {want_totals:?}", r.totals_reconcile));
            }
            if agree && !r.reconciles() {
                failures.push(format!("{file}: {}", r.summary()));
            }
            if !agree && r.reconciles() {
                failures.push(format!("{file}: reconciles though its summary disagrees"));
            }
            let rows = truth["transactions"].as_array().map_or(0, Vec::len);
            if st.transactions.len() != rows {
                failures.push(format!("{file}: {} rows read, {rows} printed", st.transactions.len()));
            }
        }
    }
    assert!(failures.is_empty(), "{} problem(s):\n{}", failures.len(), failures.join("\n"));
    corpus_reads_exactly("summaries", 38);
}

#[test]
fn a_resaved_statement_whose_text_was_outlined_is_refused_clearly() {
    // Ghostscript -dNoOutputFonts: every glyph a filled path, no text layer.
    let manifest: Value =
        serde_json::from_slice(&std::fs::read(fixtures("resaved").join("manifest.json")).expect("manifest"))
            .expect("JSON");
    let refused = manifest["refused"].as_array().cloned().unwrap_or_default();
    assert!(!refused.is_empty());
    for f in refused {
        let file = f["file"].as_str().unwrap_or_default();
        let bytes = std::fs::read(fixtures("resaved").join(file)).expect("fixture");
        match read_pdf(&bytes, &ReadOptions::default()) {
            Err(e) => {
                assert_eq!(e.kind(), bankscope::ErrorKind::UnsupportedFormat, "{file}: {e}");
                assert!(e.to_string().contains("text is drawn as outlines"), "{file}: {e}");
            }
            Ok(st) => panic!("{file}: read {} rows from outlined text", st.transactions.len()),
        }
    }
}

#[test]
fn a_statement_whose_table_fonts_map_no_text_is_refused_clearly() {
    // Type3 fonts whose glyphs are /g1 /g2 ... without a ToUnicode draw the
    // table; the header is readable. Reading what is left would give a
    // statement without its dates and amounts: refused, saying why.
    let manifest: Value =
        serde_json::from_slice(&std::fs::read(fixtures("idioms").join("manifest.json")).expect("manifest"))
            .expect("JSON");
    let refused = manifest["refused"].as_array().cloned().unwrap_or_default();
    assert!(!refused.is_empty());
    for f in refused {
        let file = f["file"].as_str().unwrap_or_default();
        let bytes = std::fs::read(fixtures("idioms").join(file)).expect("fixture");
        match read_pdf(&bytes, &ReadOptions::default()) {
            Err(e) => {
                assert_eq!(e.kind(), bankscope::ErrorKind::UnsupportedFormat, "{file}: {e}");
                let msg = e.to_string();
                assert!(msg.contains("cannot be decoded") && msg.contains("map none of their glyphs"), "{file}: {e}");
            }
            Ok(st) => panic!("{file}: read {} rows from text it cannot decode", st.transactions.len()),
        }
    }
}

#[test]
fn every_random_layout_reads_exactly_but_the_known_failures() {
    // Layouts drawn at random from the space Indian statements occupy
    // (fixtures/randlayout/README.md): column sets, orders and header wording,
    // header lines and styles, widths and alignment, wrapped narration below,
    // above or centred, rules and fills, fonts, date and amount forms,
    // opening / B/F / C/F / total rows, header blocks. The seeds listed still
    // read wrong (classes in the README); every other must read exactly.
    corpus_reads_exactly_except("randlayout", 49, KNOWN_RANDOM_FAILURES);
}

#[test]
fn every_random_browser_printed_layout_reads_exactly_but_the_known_failures() {
    // randlayout's layout draws rendered as HTML + CSS and printed by headless
    // Chromium or wkhtmltopdf (fixtures/randhtml/README.md): cells centred,
    // top or bottom aligned, padding, rules as drawn rectangles, zebra fills,
    // the machine's fonts as CID subsets, thead repeated or not, rows kept
    // whole or cut by page breaks; seeds 1..30 and 24 fresh seeds kept for
    // rows divided by drawn edges, centred rows without padding, labels
    // centred over wide columns, debit and credit labels (and "Amount (INR)"
    // and "D/C") one monospaced cell apart, bottom-aligned rows whose 1 px padding is the only row space, a
    // row cut by a page break whose rest stands a padded row space above the
    // next page's first row (or more than 2.2 sizes above a centred one), an
    // After table whose page breaks cut rows after their first line, header
    // labels one cell's padding apart in a narrow font, rows a little further
    // apart than the lines of a row (13%), bottom-aligned rows a border's
    // spacing apart, figures right-aligned past the end of left-aligned labels,
    // "Withdrawal" and "Amount (INR)" a monospaced space apart, dates left in
    // wide cells under centred labels, a cut row's rest alone above the
    // closing row of the last page, a bottom-aligned row cut after its figures,
    // a monospaced Dr/Cr suffix a space after the amount with long balances
    // reaching within a space of it, an After table's row cut after its first
    // line with its rest a row space above the next page's first row.
    // The seeds listed still read wrong (classes in the README); every other
    // must read exactly.
    corpus_reads_exactly_except("randhtml", 54, KNOWN_RANDOM_HTML_FAILURES);
}

/// Browser-printed random layouts the reader does not yet read exactly, by
/// class (fixtures/randhtml/README.md).
const KNOWN_RANDOM_HTML_FAILURES: &[&str] = &[];

/// Random layouts the reader does not yet read exactly, by class
/// (fixtures/randlayout/README.md).
const KNOWN_RANDOM_FAILURES: &[&str] = &[];

/// `note` as `got` reads it where `got` leaves out some of the spaces at
/// `unseen` (character offsets): those spaces dropped, the rest kept.
fn seen_as(note: &str, unseen: &[usize], got: &str) -> String {
    let got: Vec<char> = got.chars().collect();
    let mut out = String::new();
    let mut j = 0;
    for (i, c) in note.chars().enumerate() {
        if c == ' ' && unseen.contains(&i) && got.get(j) != Some(&' ') {
            continue;
        }
        out.push(c);
        if got.get(j) == Some(&c) {
            j += 1;
        }
    }
    out
}

fn corpus_reads_exactly(corpus: &str, at_least: usize) {
    corpus_reads_exactly_except(corpus, at_least, &[]);
}

fn corpus_reads_exactly_except(corpus: &str, at_least: usize, known: &[&str]) {
    let dir = || fixtures(corpus);
    let manifest: Value = serde_json::from_slice(&std::fs::read(dir().join("manifest.json")).expect("manifest.json"))
        .expect("manifest is JSON");
    let files = manifest["files"].as_array().cloned().unwrap_or_default();
    assert!(files.len() >= at_least, "{corpus}: at least {at_least} layouts, has {}", files.len());
    let mut failures = Vec::new();
    println!("{:<22} {:>5} {:>5} {:>6}  {:<12} reading", "fixture", "rows", "read", "exact", "bank");
    for f in &files {
        let file = f["file"].as_str().unwrap_or_default();
        let truth_path = dir().join(file.replace(".pdf", ".truth.json"));
        let truth: Value = serde_json::from_slice(&std::fs::read(&truth_path).expect("truth")).expect("truth is JSON");
        let bytes = std::fs::read(dir().join(file)).expect("fixture PDF");
        let st = match read_pdf(&bytes, &ReadOptions::default()) {
            Ok(st) => st,
            Err(e) => {
                println!("{file:<22} refused: {e}");
                failures.push(format!("{file}: {e}"));
                continue;
            }
        };
        let want = truth["transactions"].as_array().cloned().unwrap_or_default();
        let mut exact = 0;
        // Narrations compared exactly, runs of spaces counted as one; a
        // reference column where the truth records it (fixtures/wrapjoin).
        let spaced = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        for (i, (t, w)) in st.transactions.iter().zip(&want).enumerate() {
            let got = (
                t.date.format("%Y-%m-%d %H:%M:%S").to_string(),
                spaced(&t.note),
                if t.kind == TxnType::Credit { "credit" } else { "debit" }.to_string(),
                money(t.amount),
                money(t.balance),
                w["ref"].as_str().map(|_| spaced(t.ref_no.as_deref().unwrap_or_default())),
            );
            // Where the page cannot show whether the bank's string has a space
            // (a cut at a space it does not print), the truth lists those
            // spaces (`unseen_spaces`, character offsets in the note): with or
            // without each, the narration is exact.
            let note = w["note"].as_str().unwrap_or_default();
            let unseen: Vec<usize> = w["unseen_spaces"]
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_u64).map(|u| u as usize).collect())
                .unwrap_or_default();
            let note = if unseen.is_empty() { note.to_string() } else { seen_as(note, &unseen, &got.1) };
            let expected = (
                w["date"].as_str().unwrap_or_default().to_string(),
                spaced(&note),
                w["type"].as_str().unwrap_or_default().to_string(),
                w["amount"].as_str().unwrap_or_default().to_string(),
                w["balance"].as_str().unwrap_or_default().to_string(),
                w["ref"].as_str().map(spaced),
            );
            if got == expected {
                exact += 1;
            } else if failures.iter().filter(|x: &&String| x.starts_with(file)).count() < 2 {
                failures.push(format!("{file} row {}: expected {expected:?}, got {got:?}", i + 1));
            }
        }
        let bank = truth["bank"].as_str().unwrap_or_default();
        println!(
            "{file:<22} {:>5} {:>5} {:>6}  {:<12} {}",
            want.len(),
            st.transactions.len(),
            exact,
            st.bank,
            st.reading.summary()
        );
        if st.transactions.len() != want.len() || exact != want.len() {
            failures.push(format!("{file}: {exact} of {} rows exact, {} read", want.len(), st.transactions.len()));
        }
        if !st.reading.reconciles() {
            failures.push(format!("{file}: {}", st.reading.summary()));
        }
        if st.bank != bank {
            failures.push(format!("{file}: bank {}, expected {bank}", st.bank));
        }
        // Identity, where the truth records it: the account number and IFSC
        // as printed, the holder without a title, the address (fixtures/
        // randlayout records them as `printed_*`).
        let recorded = |field: &str| -> Option<String> {
            truth[field].as_str().or_else(|| truth[format!("printed_{field}").as_str()].as_str()).map(String::from)
        };
        for (field, got) in
            [("account_number", &st.identity.account_number), ("ifsc", &st.identity.ifsc.clone().unwrap_or_default())]
        {
            if let Some(want) = recorded(field)
                && got != &want
            {
                failures.push(format!("{file}: {field} {got:?}, expected {want:?}"));
            }
        }
        if let Some(want) = recorded("holder").as_deref() {
            // The printed name without its salutation ("Mr.RAMESH", "Kum.
            // DIVYA", "Miss SNEHA"); the reader gives it so, or as printed
            // where the salutation is part of an organisation's name.
            let untitled = |n: &str| {
                let n = n.to_ascii_uppercase();
                [
                    "MR.", "MR ", "MRS.", "MRS ", "MS.", "MS ", "MISS ", "M/S.", "M/S ", "SHRI.", "SHRI ", "SRI ",
                    "SMT.", "SMT ", "DR.", "DR ", "KUM.", "KUM ",
                ]
                .iter()
                .find_map(|t| n.strip_prefix(t).map(|r| r.trim().to_string()))
                .unwrap_or(n)
            };
            let got = st.identity.name.to_ascii_uppercase();
            if got != untitled(want) && untitled(&got) != untitled(want) {
                failures.push(format!("{file}: holder {:?}, expected {want:?}", st.identity.name));
            }
        }
        // The holder's address as printed ("" when the statement prints none),
        // compared on its letters and digits: the reader joins lines with ", ".
        if let Some(want) = recorded("address").as_deref() {
            let key = |a: &str| a.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_ascii_uppercase();
            if key(&st.identity.address) != key(want) {
                failures.push(format!("{file}: address {:?}, expected {want:?}", st.identity.address));
            }
        }
        // Individual or corporate (a company's, firm's, trust's or society's
        // account), where the truth records it.
        if let Some(want) = truth["account_category"].as_str() {
            let got = match st.identity.account_category {
                bankscope::model::AccountCategory::Individual => "individual",
                bankscope::model::AccountCategory::Corporate => "corporate",
            };
            if got != want {
                failures.push(format!("{file}: account_category {got}, expected {want}"));
            }
        }
        // A second account's table after this one's (fixtures/realtraits):
        // left out of the chain and reported, on the page it starts.
        if let Some(p) = truth["other_account_page"].as_u64()
            && st.reading.other_account_page.map(u64::from) != Some(p)
        {
            failures.push(format!("{file}: other account's page {:?}, expected {p}", st.reading.other_account_page));
        }
        let opening = truth["opening_balance"].as_str().unwrap_or_default();
        if st.identity.opening_balance.map(money).as_deref() != Some(opening) {
            failures.push(format!("{file}: opening {:?}, expected {opening}", st.identity.opening_balance.map(money)));
        }
    }
    let (tolerated, failures): (Vec<String>, Vec<String>) =
        failures.into_iter().partition(|f| known.iter().any(|k| f.starts_with(*k)));
    for f in &tolerated {
        println!("known failure: {f}");
    }
    for k in known {
        if !tolerated.iter().any(|f| f.starts_with(k)) {
            println!("{k} now reads exactly: take it off the known failures");
        }
    }
    assert!(failures.is_empty(), "{} problem(s):\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn a_statement_turned_on_its_side_reads_as_upright() {
    // Every page given /Rotate 90, 180 or 270 (a customer turned the pages in
    // a viewer and saved): the text reads sideways on screen, the rows are
    // the same.
    let bytes = std::fs::read(fixtures("java").join("axis_openpdf.pdf")).expect("fixture");
    let upright = read_pdf(&bytes, &ReadOptions::default()).expect("upright reads");
    for angle in [90i64, 180, 270] {
        let mut doc = lopdf::Document::load_mem(&bytes).expect("lopdf loads");
        for id in doc.get_pages().into_values() {
            if let Ok(page) = doc.get_dictionary_mut(id) {
                page.set("Rotate", angle);
            }
        }
        let mut turned = Vec::new();
        doc.save_to(&mut turned).expect("saves");
        let st = read_pdf(&turned, &ReadOptions::default()).unwrap_or_else(|e| panic!("{angle}: {e}"));
        assert_eq!(st.transactions.len(), upright.transactions.len(), "{angle}");
        for (a, b) in st.transactions.iter().zip(&upright.transactions) {
            assert_eq!(
                (a.date, &a.note, a.kind, a.amount, a.balance),
                (b.date, &b.note, b.kind, b.amount, b.balance),
                "{angle}"
            );
        }
        assert!(st.reading.reconciles(), "{angle}: {}", st.reading.summary());
        assert_eq!(st.bank, upright.bank);
    }
}
