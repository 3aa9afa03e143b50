//! Exit codes and one-line error messages, shared by every command.
//!
//! One code per outcome, never reused: a script can tell a wrong password
//! from a scanned statement without reading stderr. [`EXIT_CODES`] is the one
//! source of the table that `--help` prints and the README repeats.

use std::process::ExitCode;

use bankscope::{Error, ErrorKind};

/// How a command ended; the discriminant is the process exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Everything read and written.
    Ok = 0,
    /// Bad command line.
    Usage = 2,
    /// An input file or directory could not be read from disk.
    Unreadable = 3,
    /// An output file or directory could not be written.
    Unwritable = 4,
    /// [`ErrorKind::PasswordIncorrect`]
    PasswordIncorrect = 10,
    /// [`ErrorKind::PdfIsImage`]
    PdfIsImage = 11,
    /// [`ErrorKind::LimitExceeded`]
    LimitExceeded = 12,
    /// [`ErrorKind::Malformed`]
    Malformed = 13,
    /// [`ErrorKind::NotAStatement`]
    NotAStatement = 14,
    /// [`ErrorKind::UnsupportedFormat`]
    UnsupportedFormat = 15,
    /// [`ErrorKind::BankNameMismatch`]
    BankNameMismatch = 16,
    /// [`ErrorKind::BankUndetected`]
    BankUndetected = 17,
    /// [`ErrorKind::InvalidArgument`]
    InvalidArgument = 18,
}

/// Every exit code with what it means, in `--help` order.
pub const EXIT_CODES: &[(Exit, &str)] = &[
    (Exit::Ok, "every file read, every JSON file written"),
    (Exit::Usage, "bad command line (unknown option, missing FILE)"),
    (Exit::Unreadable, "an input file or directory cannot be read (missing, permissions)"),
    (Exit::Unwritable, "an output directory or JSON file cannot be written"),
    (Exit::PasswordIncorrect, "PDF password wrong or missing"),
    (Exit::PdfIsImage, "scanned PDF: no text layer"),
    (Exit::LimitExceeded, "input past a size, page, depth or time limit"),
    (Exit::Malformed, "not a readable PDF / AA document (garbage or truncated bytes)"),
    (Exit::NotAStatement, "a readable document that is not a bank statement"),
    (Exit::UnsupportedFormat, "a statement whose transaction table cannot be read"),
    (Exit::BankNameMismatch, "--bank names another bank than the statement's"),
    (Exit::BankUndetected, "the bank cannot be detected: pass --bank"),
    (Exit::InvalidArgument, "an argument the library refused (e.g. an unknown --bank form)"),
];

impl Exit {
    /// The code for a library error kind. Exhaustive on purpose: a new kind
    /// in core breaks this build until it has its own code.
    pub fn of(kind: ErrorKind) -> Exit {
        match kind {
            ErrorKind::PasswordIncorrect => Exit::PasswordIncorrect,
            ErrorKind::PdfIsImage => Exit::PdfIsImage,
            ErrorKind::LimitExceeded => Exit::LimitExceeded,
            ErrorKind::Malformed => Exit::Malformed,
            ErrorKind::NotAStatement => Exit::NotAStatement,
            ErrorKind::UnsupportedFormat => Exit::UnsupportedFormat,
            ErrorKind::BankNameMismatch => Exit::BankNameMismatch,
            ErrorKind::BankUndetected => Exit::BankUndetected,
            ErrorKind::InvalidArgument => Exit::InvalidArgument,
        }
    }

    /// The numeric code.
    pub fn code(self) -> u8 {
        self as u8
    }
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e.code())
    }
}

/// The exit-code table as `--help` prints it.
pub fn table() -> String {
    let mut out = String::from("exit codes (analyze and text):\n");
    for (exit, meaning) in EXIT_CODES {
        out.push_str(&format!("  {:>3}  {meaning}\n", exit.code()));
    }
    out
}

/// One line telling the user what went wrong with `file` and what to do.
/// `password_given` tells "wrong" from "missing" for an encrypted PDF.
pub fn message(file: &str, e: &Error, password_given: bool) -> String {
    let line = match e {
        Error::PasswordIncorrect if password_given => format!("wrong password for {file} — check --password"),
        Error::PasswordIncorrect => format!("{file} is password protected — pass --password"),
        Error::PdfIsImage { pages } => {
            format!("{file} is a scan ({pages} page(s) of images, no text layer) — ask for the bank's original PDF")
        }
        Error::ScanUnreadable { page, reason } => format!("{file}: scanned page {page} cannot be read — {reason}"),
        Error::NotAStatement { reason } => format!("{file} is not a bank statement ({reason})"),
        Error::UnsupportedFormat { reason } => format!("{file}: statement layout not supported ({reason})"),
        Error::BankNameMismatch { declared, detected } => {
            format!("{file} is from bank {detected}, not {declared} — correct or drop --bank")
        }
        Error::BankUndetected => format!("cannot tell which bank {file} is from — pass --bank NAME"),
        Error::LimitExceeded { limit, value, max } => {
            format!("{file} is past a limit: {limit} is {value}, the maximum is {max}")
        }
        Error::Malformed { context } => format!("{file} cannot be read: {context}"),
        Error::InvalidArgument { name, reason } if name == "bank" => {
            format!("{file}: {reason} — give --bank as an id (sbi, hdfc, boi) or the bank's name")
        }
        Error::InvalidArgument { name, reason } => format!("{file}: invalid {name}: {reason}"),
        other => format!("{file}: {other}"),
    };
    one_line(&line)
}

/// Newlines inside a library message (a quoted PDF fragment) would break
/// the one-line promise.
pub fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_distinct_and_every_kind_has_one() {
        let mut codes: Vec<u8> = EXIT_CODES.iter().map(|(e, _)| e.code()).collect();
        let n = codes.len();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), n, "no code is used twice");
        for kind in [
            ErrorKind::PasswordIncorrect,
            ErrorKind::PdfIsImage,
            ErrorKind::NotAStatement,
            ErrorKind::UnsupportedFormat,
            ErrorKind::BankNameMismatch,
            ErrorKind::BankUndetected,
            ErrorKind::LimitExceeded,
            ErrorKind::Malformed,
            ErrorKind::InvalidArgument,
        ] {
            let exit = Exit::of(kind);
            assert!(EXIT_CODES.iter().any(|(e, _)| *e == exit), "{kind:?} is in the table");
            assert!(exit.code() >= 10, "{kind:?}: library kinds use 10 and up");
        }
    }

    #[test]
    fn messages_are_one_line_and_say_what_to_do() {
        let m = message("a.pdf", &Error::PasswordIncorrect, true);
        assert_eq!(m, "wrong password for a.pdf — check --password");
        assert!(message("a.pdf", &Error::PasswordIncorrect, false).contains("pass --password"));
        let m = message("a.pdf", &Error::Malformed { context: "bad\nxref\n table".into() }, false);
        assert_eq!(m, "a.pdf cannot be read: bad xref table");
    }
}
