//! `bankscope`: statements from a shell.
//!
//! ```text
//! bankscope analyze FILE_OR_DIR... [--password P] [--bank NAME] [--out DIR] [--entity[=NAME]]
//! bankscope text FILE.pdf [--password P]
//! ```
//!
//! Arguments are parsed by hand: two subcommands with a handful of flags do
//! not justify a parser dependency. Exit codes name the outcome (see
//! [`exit::EXIT_CODES`]) and are the same for both commands.

mod analyze;
mod exit;
mod progress;

use std::io::Write;
use std::process::ExitCode;

use bankscope::pdf::{self, OpenOptions};

use crate::exit::Exit;

const USAGE: &str = "\
usage: bankscope analyze FILE_OR_DIR... [--password P]... [--bank NAME] [--out DIR] [--entity[=NAME]]
       bankscope text FILE.pdf [--password P]
       bankscope --help | --version";

const HELP: &str = "\
commands:
  analyze   read bank statements, print a summary of each, write the JSON responses
  text      print each page's text in reading order (pages separated by form feed;
            a scanned page shows the words OCR read)

analyze reads each FILE (a statement PDF, or Account Aggregator data as .json or
.xml) and prints bank, holder, account number, period, transaction count, opening
and closing balance, whether the running balance reconciles, and fraud flags. It
writes one JSON file per read endpoint of the interface (every endpoint this
build computes) and the xlsx report:

  DIR/<file stem>/accounts.json, identity.json, transactions.json, ...
                  report.xlsx

When an entity has several accounts, report.xlsx is the entity workbook (every
account side by side) and each account gets report-<account number>.xlsx.

  -p, --password P   PDF password; repeat it to try several in order on each
                     encrypted file (e.g. --password ABCD0101 --password 12345)
  -b, --bank NAME    the bank the statements are from (sbi, hdfc, \"Bank of India\");
                     needed when the bank cannot be detected, refused when it differs
  -o, --out DIR      output directory (default: bankscope-out)
  -e, --entity[=NAME]
                     read ALL inputs into one entity (statements of one account
                     merge, overlaps counted once) written to DIR/NAME/; NAME
                     defaults to the directory's name when one directory is
                     given, else \"entity\"

A directory argument is one entity of its .pdf/.json/.xml files (name order, not
recursive), written to DIR/<directory name>/. Output directories with the same
name get -2, -3, ... A progress bar is drawn on stderr when it is a terminal.

A file that fails gets a one-line message on stderr and the other files still
run. The exit code is that of the FIRST failure in input order (directories in
file-name order), or 0 when every file was read and every output file written.
";

fn help() -> String {
    format!("{USAGE}\n\n{HELP}\n{}", exit::table())
}

struct TextArgs {
    file: String,
    password: Option<String>,
}

fn parse_text_args(args: &[String]) -> Result<TextArgs, String> {
    let mut file = None;
    let mut password = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--password" | "-p" => {
                password = Some(it.next().ok_or("--password needs a value")?.clone());
            }
            s if s.starts_with("--password=") => password = Some(s.trim_start_matches("--password=").to_owned()),
            s if s.starts_with('-') && s != "-" => return Err(format!("unknown option {s}")),
            s => {
                if file.replace(s.to_owned()).is_some() {
                    return Err("give one FILE".into());
                }
            }
        }
    }
    Ok(TextArgs { file: file.ok_or("missing FILE")?, password })
}

fn text(args: &[String]) -> Exit {
    let args = match parse_text_args(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("bankscope text: {e}\n{USAGE}");
            return Exit::Usage;
        }
    };
    let bytes = match std::fs::read(&args.file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("bankscope: cannot read {}: {e}", args.file);
            return Exit::Unreadable;
        }
    };
    let password_given = args.password.is_some();
    let options = OpenOptions { password: args.password, ..OpenOptions::default() };
    let pages = match bankscope::pipeline::read_pages(&bytes, &options) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("bankscope: {}", exit::message(&args.file, &e, password_given));
            return Exit::of(e.kind());
        }
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for page in &pages {
        // Like pdftotext: each page ends with a form feed.
        if write!(out, "{}\x0c", pdf::layout_text(page)).is_err() {
            return Exit::Ok; // a closed pipe (`| head`) is not an error
        }
    }
    let _ = out.flush();
    Exit::Ok
}

fn analyze(args: &[String]) -> Exit {
    match analyze::parse(args) {
        Ok(a) if a.help => {
            println!("{}", help());
            Exit::Ok
        }
        Ok(a) => analyze::run(&a),
        Err(e) => {
            eprintln!("bankscope analyze: {e}\n{USAGE}");
            Exit::Usage
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = args.get(1..).unwrap_or_default();
    let exit = match args.first().map(String::as_str) {
        Some("analyze") => analyze(rest),
        Some("text") => text(rest),
        Some("--version" | "-V") => {
            println!("bankscope {}", bankscope::VERSION);
            Exit::Ok
        }
        Some("--help" | "-h" | "help") => {
            println!("{}", help());
            Exit::Ok
        }
        Some(other) => {
            eprintln!("bankscope: unknown command {other:?}\n{USAGE}");
            Exit::Usage
        }
        None => {
            eprintln!("{USAGE}\n(bankscope --help for more)");
            Exit::Usage
        }
    };
    exit.into()
}
