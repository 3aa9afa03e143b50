//! Prints what the table reader sees in a statement PDF: every line with its
//! words' positions, the header found, and the rows read. A tool for working
//! on layouts: `cargo run -p bankscope --example layout_dump -- FILE.pdf [PASSWORD]`.

use bankscope::extract::StatementVocabulary;
use bankscope::layout;
use bankscope::pdf::{self, OpenOptions};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: layout_dump FILE.pdf [PASSWORD]");
        std::process::exit(2);
    };
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(3);
        }
    };
    let open = OpenOptions { password: args.get(2).cloned(), ..OpenOptions::default() };
    let pages = match pdf::extract(&bytes, &open) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    };
    let lines: Vec<layout::PageLines> = pages.iter().map(layout::page_lines).collect();
    for p in &lines {
        println!("=== page {} ({} lines)", p.number, p.lines.len());
        for (i, l) in p.lines.iter().enumerate() {
            let words: Vec<String> = l.words.iter().map(|w| format!("{}@{:.0}-{:.0}", w.text, w.x0, w.x1)).collect();
            println!("{i:3} y={:6.1} s={:4.1} | {}", l.y, l.size, words.join(" "));
        }
    }
    match layout::find_table(&lines, &StatementVocabulary) {
        Some(t) => {
            println!("=== header at {:?}, wrapped narration {:?}", t.header_at, t.orientation);
            for c in &t.columns {
                println!("  {:?} {:?} {:.0}-{:.0}", c.kind, c.label, c.x0, c.x1);
            }
            for r in &t.rows {
                println!("row p{} {:?}", r.page, r.cells);
            }
            for s in &t.specials {
                println!("special {:?} after {} {:?}", s.kind, s.after_rows, s.row.cells);
            }
        }
        None => println!("=== no table"),
    }
    let options = bankscope::ReadOptions { password: args.get(2).cloned(), ..bankscope::ReadOptions::default() };
    match bankscope::read_pdf(&bytes, &options) {
        Ok(st) => println!("=== read: bank {}, {}", st.bank, st.reading.summary()),
        Err(e) => println!("=== read: {e}"),
    }
}
