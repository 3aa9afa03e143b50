//! `bankscope analyze`: statements in, a summary on stdout and the
//! interface's JSON responses on disk.
//!
//! Each FILE is its own entity written to `OUT/<file stem>/`; a directory
//! argument is one entity of all its statement files (`OUT/<dir name>/`), and
//! `--entity` puts every input into one entity. A file that fails is reported
//! on one line and the others still run; the exit code is the first failure's.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use bankscope::account::EntityAnalysis;
use bankscope::model::Metadata;
use bankscope::resources::{Fraud, Resource};
use bankscope::respond::StatementSummary;
use bankscope::{Entity, Error, Money, ReadOptions};

use crate::exit::{self, Exit};
use crate::progress::Progress;

/// The default output directory.
pub const DEFAULT_OUT: &str = "bankscope-out";

/// The parsed command line of `analyze`.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Args {
    /// Files and directories, in the order given.
    pub inputs: Vec<String>,
    /// Passwords to try, in order, on each encrypted PDF.
    pub passwords: Vec<String>,
    /// The bank the statements are declared to be from.
    pub bank: Option<String>,
    /// Where the JSON goes.
    pub out: PathBuf,
    /// `--entity` (`Some(None)`) or `--entity=NAME` (`Some(Some(NAME))`).
    pub entity: Option<Option<String>>,
    /// `--help` was asked for.
    pub help: bool,
}

/// Parses the arguments after `analyze`.
pub fn parse(args: &[String]) -> Result<Args, String> {
    let mut parsed = Args { out: PathBuf::from(DEFAULT_OUT), ..Args::default() };
    let mut it = args.iter();
    let mut options_done = false;
    while let Some(a) = it.next() {
        if options_done || a == "-" || !a.starts_with('-') {
            parsed.inputs.push(a.clone());
            continue;
        }
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_owned())),
            _ => (a.as_str(), None),
        };
        let mut value = |name: &str| -> Result<String, String> {
            match &inline {
                Some(v) => Ok(v.clone()),
                None => it.next().cloned().ok_or_else(|| format!("{name} needs a value")),
            }
        };
        match flag {
            "--" => options_done = true,
            "--password" | "-p" => parsed.passwords.push(value("--password")?),
            "--bank" | "-b" => parsed.bank = Some(value("--bank")?),
            "--out" | "-o" => parsed.out = PathBuf::from(value("--out")?),
            // A bare `--entity` never takes the next word: it would be a FILE.
            "--entity" | "-e" => parsed.entity = Some(inline.clone()),
            "--help" | "-h" => parsed.help = true,
            other => return Err(format!("unknown option {other}")),
        }
    }
    if parsed.inputs.is_empty() && !parsed.help {
        return Err("missing FILE_OR_DIR".into());
    }
    if matches!(&parsed.entity, Some(Some(name)) if !valid_dir_name(name)) {
        return Err("--entity=NAME must be a plain directory name".into());
    }
    Ok(parsed)
}

fn valid_dir_name(name: &str) -> bool {
    !name.is_empty() && name != "." && name != ".." && !name.contains(['/', '\\'])
}

/// Files read into one entity and written to one directory.
#[derive(Debug)]
struct Unit {
    /// The output directory name (before de-duplication).
    name: String,
    /// The files, as the user will see them named.
    files: Vec<PathBuf>,
    /// From a directory or `--entity`: print an entity summary.
    merged: bool,
}

/// The kind of input a file holds, from its extension.
fn is_aa(path: &Path) -> bool {
    matches!(path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref(), Some("json" | "xml"))
}

fn is_statement_file(path: &Path) -> bool {
    let hidden = path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with('.'));
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    !hidden && matches!(ext.as_deref(), Some("pdf" | "json" | "xml"))
}

fn stem(path: &Path) -> String {
    path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "statement".into())
}

fn dir_name(path: &Path) -> String {
    let named = path.file_name().map(|n| n.to_string_lossy().into_owned());
    named
        .or_else(|| std::fs::canonicalize(path).ok()?.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "entity".into())
}

/// The run's state: the first failure decides the exit code.
#[derive(Debug)]
struct Run {
    first_failure: Option<Exit>,
}

impl Run {
    fn fail(&mut self, exit: Exit, message: &str, progress: &mut Progress) {
        progress.clear();
        eprintln!("bankscope: {message}");
        self.first_failure.get_or_insert(exit);
    }
}

/// Runs `analyze`; the returned exit says how it went.
pub fn run(args: &Args) -> Exit {
    let mut run = Run { first_failure: None };
    let mut progress = Progress::new(0);
    let mut units = Vec::new();
    for input in &args.inputs {
        let path = PathBuf::from(input);
        if path.is_dir() {
            match list_dir(&path) {
                Ok(files) if files.is_empty() => {
                    run.fail(Exit::Unreadable, &format!("no .pdf, .json or .xml files in {input}"), &mut progress);
                }
                Ok(files) => units.push(Unit { name: dir_name(&path), files, merged: true }),
                Err(e) => run.fail(Exit::Unreadable, &format!("cannot read directory {input}: {e}"), &mut progress),
            }
        } else {
            units.push(Unit { name: stem(&path), files: vec![path], merged: false });
        }
    }
    if let Some(name) = &args.entity {
        let single_dir = match units.as_slice() {
            [only] if only.merged => Some(only.name.clone()),
            _ => None,
        };
        let name = name.clone().or(single_dir).unwrap_or_else(|| "entity".into());
        let files = units.drain(..).flat_map(|u| u.files).collect();
        units.push(Unit { name, files, merged: true });
    }

    progress = Progress::new(units.iter().map(|u| u.files.len()).sum());
    let mut used: HashSet<String> = HashSet::new();
    for unit in &units {
        analyze_unit(unit, args, &mut used, &mut run, &mut progress);
    }
    progress.clear();
    run.first_failure.unwrap_or(Exit::Ok)
}

fn list_dir(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_file() && is_statement_file(&path) {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// One output directory name per unit: a second `a.pdf` (from another
/// directory) writes to `a-2/` rather than over the first.
fn unique_name(name: &str, used: &mut HashSet<String>) -> String {
    let mut candidate = name.to_owned();
    let mut n = 2;
    while !used.insert(candidate.clone()) {
        candidate = format!("{name}-{n}");
        n += 1;
    }
    candidate
}

fn analyze_unit(unit: &Unit, args: &Args, used: &mut HashSet<String>, run: &mut Run, progress: &mut Progress) {
    let mut entity = Entity::new(None, Metadata::default());
    // Statement id → the file it came from, to name files in fraud lines.
    let mut origin: HashMap<String, String> = HashMap::new();
    for file in &unit.files {
        let shown = file.display().to_string();
        progress.start(&shown);
        let result = read_file(&mut entity, file, args);
        progress.finish_one();
        match result {
            Ok(summaries) => {
                progress.clear();
                let mut text = String::new();
                for s in &summaries {
                    origin.insert(s.statement_id.clone(), shown.clone());
                    summary(&mut text, &shown, s, &entity);
                }
                print(&text);
            }
            Err((exit, message)) => run.fail(exit, &message, progress),
        }
    }
    if entity.statements.is_empty() {
        return;
    }
    let name = unique_name(&unit.name, used);
    let dir = args.out.join(&name);
    let mut text = String::new();
    if unit.merged {
        text.push('\n');
        entity_summary(&mut text, &name, &entity);
    }
    // The entity analysed once: the fraud lines, every JSON response and the
    // workbooks are shaped from it.
    let analysis = entity.analysis();
    fraud_lines(&mut text, &analysis.fraud(), &origin, &analysis);
    match write_responses(&analysis, &dir).and_then(|json| Ok((json, write_reports(&analysis, &dir)?))) {
        Ok((json, xlsx)) => {
            let reports = if xlsx == 1 { "1 xlsx report".to_owned() } else { format!("{xlsx} xlsx reports") };
            let _ = writeln!(text, "  {:<15}{}/ ({json} JSON files, {reports})\n", "written", dir.display());
            progress.clear();
            print(&text);
        }
        Err((exit, message)) => {
            progress.clear();
            print(&text);
            run.fail(exit, &message, progress);
        }
    }
}

fn print(text: &str) {
    let mut out = std::io::stdout().lock();
    // A closed pipe (`| head`) is not the statement's fault; keep going.
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}

/// Reads one file into `entity`: a PDF through [`Entity::add_pdf`] (each
/// password in turn), `.json` / `.xml` through [`Entity::add_aa`].
fn read_file(entity: &mut Entity, file: &Path, args: &Args) -> Result<Vec<StatementSummary>, (Exit, String)> {
    let shown = file.display().to_string();
    let bytes =
        std::fs::read(file).map_err(|e| (Exit::Unreadable, exit::one_line(&format!("cannot read {shown}: {e}"))))?;
    let failed = |e: &Error| (Exit::of(e.kind()), exit::message(&shown, e, !args.passwords.is_empty()));
    if is_aa(file) {
        return entity.add_aa(&bytes, args.bank.as_deref()).map_err(|e| failed(&e));
    }
    let options = |password: Option<&String>| ReadOptions {
        password: password.cloned(),
        declared_bank: args.bank.clone(),
        ..ReadOptions::default()
    };
    let mut result = entity.add_pdf(&bytes, &options(args.passwords.first()));
    for password in args.passwords.iter().skip(1) {
        if !matches!(result, Err(Error::PasswordIncorrect)) {
            break;
        }
        result = entity.add_pdf(&bytes, &options(Some(password)));
    }
    result.map(|s| vec![s]).map_err(|e| failed(&e))
}

/// `₹1,20,344.61`, `-₹5,000.00`.
fn rupees(m: Money) -> String {
    let s = m.to_indian_string();
    match s.strip_prefix('-') {
        Some(abs) => format!("-₹{abs}"),
        None => format!("₹{s}"),
    }
}

fn summary(text: &mut String, shown: &str, s: &StatementSummary, entity: &Entity) {
    let date = |d: Option<chrono::NaiveDate>| d.map_or_else(|| "?".to_owned(), |d| d.format("%d %b %Y").to_string());
    let money = |m: Option<Money>| m.map_or_else(|| "not printed".to_owned(), rupees);
    let _ = writeln!(text, "{shown}");
    let mut row = |label: &str, value: &str| {
        let _ = writeln!(text, "  {label:<15}{value}");
    };
    row("bank", &s.bank);
    row("holder", if s.name.is_empty() { "(not found)" } else { &s.name });
    row("account", if s.account_number.is_empty() { "(not found)" } else { &s.account_number });
    row("period", &format!("{} to {}", date(s.period_from), date(s.period_to)));
    row("transactions", &s.transactions.to_string());
    row("opening", &money(s.opening_balance));
    row("closing", &money(s.closing_balance));
    let statement = entity.statements.iter().find(|st| st.id.to_string() == s.statement_id);
    let first_break = statement.and_then(|st| st.balance_breaks.first());
    let reconciliation = match (s.balance_breaks, first_break) {
        (0, _) if s.reconciles => "ok: every running balance follows from the previous one".to_owned(),
        (0, _) => "not proven end to end".to_owned(),
        (n, Some(b)) => format!(
            "BROKEN at {n} row(s); first at transaction {}: printed {}, expected {}",
            b.index + 1,
            rupees(b.printed),
            rupees(b.expected)
        ),
        (n, None) => format!("BROKEN at {n} row(s)"),
    };
    row("reconciliation", &reconciliation);
    row("reading", &s.reading);
}

fn entity_summary(text: &mut String, name: &str, entity: &Entity) {
    let accounts = entity.accounts();
    let _ = writeln!(text, "entity {name}: {} statement(s), {} account(s)", entity.statements.len(), accounts.len());
    for a in &accounts {
        let months = match (a.info.months.first(), a.info.months.last()) {
            (Some(first), Some(last)) => format!(", months {first} to {last}"),
            _ => String::new(),
        };
        let _ = writeln!(
            text,
            "  {:<15}{} {}: {} statement(s), {} transactions{months}",
            "account",
            a.info.bank,
            a.info.account_number,
            a.statements.len(),
            a.transactions.len()
        );
    }
}

fn fraud_lines(text: &mut String, fraud: &Fraud, origin: &HashMap<String, String>, analysis: &EntityAnalysis<'_>) {
    if fraud.fraud_type.is_empty() {
        let _ = writeln!(text, "  {:<15}none found", "fraud");
        return;
    }
    for f in &fraud.fraud_type {
        let place = match &f.statement_id {
            Some(id) => origin.get(id).cloned().unwrap_or_else(|| format!("statement {id}")),
            None => analysis.account(&f.account_id).map_or_else(
                || format!("account {}", f.account_id),
                |a| format!("account {}", a.view.info.account_number),
            ),
        };
        let at = f.transaction_hash.as_deref().map(|h| format!(", transaction {h}")).unwrap_or_default();
        let _ = writeln!(text, "  {:<15}{} ({}) in {place}{at}", "FRAUD", f.fraud_type, f.fraud_category);
    }
}

/// Writes `dir/<endpoint>.json` for every read endpoint this build computes
/// (xlsx is a workbook, not JSON). An endpoint not built yet answers
/// `InvalidArgument { name: "resource" }` and is skipped.
fn write_responses(analysis: &EntityAnalysis<'_>, dir: &Path) -> Result<usize, (Exit, String)> {
    let unwritable =
        |e: std::io::Error| (Exit::Unwritable, exit::one_line(&format!("cannot write {}: {e}", dir.display())));
    std::fs::create_dir_all(dir).map_err(unwritable)?;
    let mut written = 0;
    for &resource in Resource::ALL {
        if resource == Resource::XlsxReport {
            continue;
        }
        let json = match analysis.response_json_pretty(resource, None) {
            Ok(json) => json,
            Err(Error::InvalidArgument { name, .. }) if name == "resource" => continue,
            Err(e) => {
                let message = format!("{}: building {resource}: {e}", dir.display());
                return Err((Exit::of(e.kind()), exit::one_line(&message)));
            }
        };
        std::fs::write(dir.join(resource.file_name()), json).map_err(unwritable)?;
        written += 1;
    }
    Ok(written)
}

/// Writes the xlsx report ([`EntityAnalysis::xlsx_report`]): `report.xlsx` for an
/// entity of one account; with several accounts, `report-<account number>.xlsx`
/// for each (bank added when two share a number) and `report.xlsx`, the
/// entity workbook. Returns how many workbooks were written.
fn write_reports(analysis: &EntityAnalysis<'_>, dir: &Path) -> Result<usize, (Exit, String)> {
    let failed =
        |e: Error| (Exit::of(e.kind()), exit::one_line(&format!("{}: building report.xlsx: {e}", dir.display())));
    let write = |name: &str, bytes: Vec<u8>| {
        let path = dir.join(name);
        std::fs::write(&path, bytes)
            .map_err(|e| (Exit::Unwritable, exit::one_line(&format!("cannot write {}: {e}", path.display()))))
    };
    write("report.xlsx", analysis.xlsx_report(None).map_err(failed)?)?;
    let accounts: Vec<_> = analysis.accounts.iter().map(|a| &a.view.info).collect();
    if accounts.len() < 2 {
        return Ok(1);
    }
    for a in &accounts {
        let shared = accounts.iter().filter(|b| b.account_number == a.account_number).count() > 1;
        let number = file_part(&a.account_number);
        let name = if shared {
            format!("report-{}-{number}.xlsx", file_part(&a.bank))
        } else {
            format!("report-{number}.xlsx")
        };
        write(&name, analysis.xlsx_report(Some(&a.account_id)).map_err(failed)?)?;
    }
    Ok(accounts.len() + 1)
}

/// A piece of a file name: letters, digits, `-` and `_` kept, anything else `_`.
fn file_part(s: &str) -> String {
    let cleaned: String = s.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect();
    if cleaned.is_empty() { "account".into() } else { cleaned }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn options_anywhere_and_repeated_passwords() {
        let a = parse(&strings(&["a.pdf", "-p", "x", "--password=y", "--out", "o", "--bank=sbi", "dir"]));
        let a = a.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(a.inputs, ["a.pdf", "dir"]);
        assert_eq!(a.passwords, ["x", "y"]);
        assert_eq!((a.out, a.bank, a.entity), (PathBuf::from("o"), Some("sbi".into()), None));
        // A bare --entity does not swallow the next file.
        let a = parse(&strings(&["--entity", "a.pdf", "--", "-odd.pdf"])).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((a.entity, a.inputs), (Some(None), strings(&["a.pdf", "-odd.pdf"])));
        assert!(parse(&strings(&["--entity=x/y", "a.pdf"])).is_err());
        assert!(parse(&strings(&["a.pdf", "--password"])).is_err());
        assert!(parse(&strings(&["--frob", "a.pdf"])).is_err());
        assert!(parse(&strings(&[])).is_err());
    }

    #[test]
    fn names_and_money() {
        let mut used = HashSet::new();
        assert_eq!(unique_name("a", &mut used), "a");
        assert_eq!(unique_name("a", &mut used), "a-2");
        assert_eq!(unique_name("a", &mut used), "a-3");
        // 1,20,344.61: lakh grouping after the first three digits.
        assert_eq!(rupees(Money::from_paise(12_034_461)), "₹1,20,344.61");
        assert_eq!(rupees(Money::from_paise(-500_000)), "-₹5,000.00");
        assert!(is_aa(Path::new("x/Feb.JSON")) && !is_aa(Path::new("x.pdf")));
        assert!(!is_statement_file(Path::new("d/.hidden.pdf")) && !is_statement_file(Path::new("d/notes.txt")));
        assert_eq!(file_part("XXXX/4521 "), "XXXX_4521_");
        assert_eq!(file_part(""), "account");
    }
}
