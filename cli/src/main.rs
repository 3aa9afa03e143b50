//! `bankscope`: statements from a shell.
//!
//! ```text
//! bankscope text FILE.pdf [--password P]   print each page's text in reading order
//! ```
//!
//! Arguments are parsed by hand: two subcommand shapes do not justify a parser
//! dependency. Exit codes name the error kind (see [`exit_code`]).

use std::io::Write;
use std::process::ExitCode;

use bankscope::pdf::{self, OpenOptions};
use bankscope::{Error, ErrorKind};

const USAGE: &str = "usage: bankscope text FILE.pdf [--password P]

commands:
  text    print each page's text in reading order (pages separated by form feed)

exit codes: 0 ok, 2 usage, 3 file not readable, 10 wrong or missing password,
  11 no text layer (scanned), 12 limit exceeded, 13 malformed PDF, 1 other";

/// The process exit code for an error kind; stable, documented in `--help`.
fn exit_code(e: &Error) -> u8 {
    match e.kind() {
        ErrorKind::PasswordIncorrect => 10,
        ErrorKind::PdfIsImage => 11,
        ErrorKind::LimitExceeded => 12,
        ErrorKind::Malformed => 13,
        _ => 1,
    }
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

fn text(args: &[String]) -> ExitCode {
    let args = match parse_text_args(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("bankscope text: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let bytes = match std::fs::read(&args.file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("bankscope: cannot read {}: {e}", args.file);
            return ExitCode::from(3);
        }
    };
    let options = OpenOptions { password: args.password, ..OpenOptions::default() };
    let pages = match pdf::extract(&bytes, &options) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("bankscope: {}: {e}", args.file);
            return ExitCode::from(exit_code(&e));
        }
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for page in &pages {
        // Like pdftotext: each page ends with a form feed.
        if write!(out, "{}\x0c", pdf::layout_text(page)).is_err() {
            return ExitCode::SUCCESS; // a closed pipe (`| head`) is not an error
        }
    }
    let _ = out.flush();
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("text") => text(args.get(1..).unwrap_or_default()),
        Some("--version" | "-V") => {
            println!("bankscope {}", bankscope::VERSION);
            ExitCode::SUCCESS
        }
        Some("--help" | "-h" | "help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("bankscope: unknown command {other:?}\n{USAGE}");
            ExitCode::from(2)
        }
        None => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}
