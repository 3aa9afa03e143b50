//! The rule tables: parsing (once, at first use) and evaluation.
//!
//! Three files are compiled in, all `|`-separated, `#` starting a comment:
//!
//! - `rules.txt`: `prio | dir | when | amount | channel | description | category | name | example`
//! - `merchants.txt`: `when | name | category | description | channel` (last two optional)
//! - `lenders.txt`: `when | name | dir` (dir optional, `both` when left out)
//!
//! **when** is the match condition on the normalised narration (see
//! [`super::matcher`]): groups joined by `+` must all hold; a group is terms
//! joined by `,` of which one must occur; a group starting with `!` must not
//! occur. A term is a whole word (or run of words) unless marked with `*`:
//! `SWIGGY*` starts a word, `*BAZAAR` ends one, `*PAYTM*` is anywhere.
//! A leading `^` anchors a term at the narration's start: `^AD` is ICICI's
//! standing-instruction head `AD~...`, not the word AD inside a name, and
//! `^R` is IndusInd's RTGS head `R/<UTR>/<IFSC>/...`.
//! Terms are normalised like narrations, so `L&T FINANCE` and `l t finance` are
//! the same term.
//!
//! **dir** is `debit`, `credit` or `both`. **amount** is `-`, `>=N` or `<N`
//! (rupees). **channel**, **description**, **category** and **name** are `-`
//! when the rule leaves the field to other rules; `none` sets the description or
//! category to the empty string. A merchant's channel may be `debit/credit`
//! (`investment/investment_cashin`).
//!
//! **Resolution**: of the rules that match a narration, each field comes from
//! the one with the highest `prio` that sets it (file order breaks ties).
//! Merchants are priority 50, lenders 55.

use std::cell::RefCell;
use std::sync::OnceLock;

use super::matcher::{Anchor, Automaton, literal};
use crate::model::TxnType;
use crate::money::Money;
use crate::taxonomy::{Channel, MerchantCategory, description};

const RULES: &str = include_str!("rules.txt");
const MERCHANTS: &str = include_str!("merchants.txt");
const LENDERS: &str = include_str!("lenders.txt");

/// Priority of every merchant row.
const MERCHANT_PRIO: i32 = 50;
/// Priority of every lender row.
const LENDER_PRIO: i32 = 55;

/// Which transaction type a rule applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dir {
    Debit,
    Credit,
    Both,
}

/// A condition on the amount, in paise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AmountCond {
    Any,
    AtLeast(i64),
    Below(i64),
}

/// One group of a condition: any of `terms` (or none of them when negated).
#[derive(Clone, Debug)]
pub(crate) struct Group {
    pub negated: bool,
    pub terms: Vec<u32>,
}

/// Which table a rule came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Table {
    Rules,
    Merchants,
    Lenders,
}

/// One compiled row. `table`, `line`, `when` and `example` are for the table
/// tests and messages.
#[derive(Clone, Debug)]
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) struct Rule {
    pub table: Table,
    /// 1-based line in its file.
    pub line: usize,
    pub prio: i32,
    pub dir: Dir,
    pub groups: Vec<Group>,
    /// The `when` text as written (for messages).
    pub when: String,
    pub amount: AmountCond,
    pub channel_debit: Option<Channel>,
    pub channel_credit: Option<Channel>,
    pub description: Option<String>,
    pub category: Option<MerchantCategory>,
    pub name: Option<String>,
    /// A narration the rule must decide (rules.txt only).
    pub example: Option<String>,
}

impl Rule {
    fn applies(&self, kind: TxnType, amount: Money) -> bool {
        let dir_ok =
            matches!((self.dir, kind), (Dir::Both, _) | (Dir::Debit, TxnType::Debit) | (Dir::Credit, TxnType::Credit));
        let amount_ok = match self.amount {
            AmountCond::Any => true,
            AmountCond::AtLeast(p) => amount.paise() >= p,
            AmountCond::Below(p) => amount.paise() < p,
        };
        dir_ok && amount_ok
    }

    /// The channel this rule sets for a transaction of `kind`.
    pub fn channel(&self, kind: TxnType) -> Option<Channel> {
        match kind {
            TxnType::Debit => self.channel_debit,
            TxnType::Credit => self.channel_credit,
        }
    }
}

/// What the rules decided; `None` where no matching rule set the field.
/// Each field also records the index of the deciding rule.
#[derive(Clone, Debug, Default)]
pub(crate) struct Verdict<'r> {
    pub channel: Option<(Channel, usize)>,
    pub description: Option<(&'r str, usize)>,
    pub category: Option<(MerchantCategory, usize)>,
    pub name: Option<(&'r str, usize)>,
}

/// All rules, compiled into one automaton.
#[derive(Debug)]
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) struct RuleSet {
    automaton: Automaton,
    /// Sorted by priority, highest first, then file order.
    pub rules: Vec<Rule>,
    /// For each term, the rules that need it (positively).
    term_rules: Vec<Vec<u32>>,
    /// The term each automaton literal reports (start-anchored terms are not
    /// in the automaton).
    auto_terms: Vec<u32>,
    /// Start-anchored terms (`^WORD`) and their literals, checked by prefix.
    start_terms: Vec<(u32, String)>,
    /// Problems met while parsing (rows are skipped); a test keeps it empty.
    pub errors: Vec<String>,
}

/// Per-thread working memory of [`RuleSet::evaluate`]: one bit per term seen
/// and one bit per candidate rule, both all zero between calls.
#[derive(Default)]
struct Scratch {
    seen: Vec<u64>,
    candidates: Vec<u64>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// The compiled tables, parsed on first use.
pub(crate) fn rule_set() -> &'static RuleSet {
    static SET: OnceLock<RuleSet> = OnceLock::new();
    SET.get_or_init(|| RuleSet::parse(RULES, MERCHANTS, LENDERS))
}

struct Builder {
    literals: Vec<String>,
    /// Parallel to `literals`: the term must start the narration (`^`).
    at_start: Vec<bool>,
    index: std::collections::HashMap<String, u32>,
    errors: Vec<String>,
}

impl Builder {
    fn term(&mut self, raw: &str) -> Option<u32> {
        let raw = raw.trim();
        let (at_start, raw) = match raw.strip_prefix('^') {
            Some(r) => (true, r),
            None => (false, raw),
        };
        let (starts, rest) = match raw.strip_prefix('*') {
            Some(r) => (true, r),
            None => (false, raw),
        };
        let (ends, core) = match rest.strip_suffix('*') {
            Some(r) => (true, r),
            None => (false, rest),
        };
        let anchor = match (starts, ends) {
            (false, false) => Anchor::Word,
            (false, true) => Anchor::Prefix,
            (true, false) => Anchor::Suffix,
            (true, true) => Anchor::Anywhere,
        };
        let lit = literal(core, anchor);
        if lit.trim().is_empty() {
            return None;
        }
        let next = self.literals.len() as u32;
        let key = if at_start { format!("^{lit}") } else { lit.clone() };
        let id = *self.index.entry(key).or_insert(next);
        if id == next {
            self.literals.push(lit);
            self.at_start.push(at_start);
        }
        Some(id)
    }

    fn when(&mut self, text: &str, at: &str) -> Option<Vec<Group>> {
        let mut groups = Vec::new();
        for g in text.split('+') {
            let g = g.trim();
            let (negated, body) = match g.strip_prefix('!') {
                Some(b) => (true, b),
                None => (false, g),
            };
            let terms: Vec<u32> = body.split(',').filter_map(|t| self.term(t)).collect();
            if terms.is_empty() {
                self.errors.push(format!("{at}: empty group in {text:?}"));
                return None;
            }
            groups.push(Group { negated, terms });
        }
        if !groups.iter().any(|g| !g.negated) {
            self.errors.push(format!("{at}: no positive group in {text:?}"));
            return None;
        }
        Some(groups)
    }
}

fn opt(field: &str) -> Option<&str> {
    let f = field.trim();
    if f == "-" || f.is_empty() { None } else { Some(f) }
}

/// A row's direction field (`debit`, `credit`, `both`), shared by rules.txt and lenders.txt.
fn parse_dir(f: &str, at: &str, errors: &mut Vec<String>) -> Option<Dir> {
    match f {
        "debit" => Some(Dir::Debit),
        "credit" => Some(Dir::Credit),
        "both" => Some(Dir::Both),
        other => {
            errors.push(format!("{at}: bad direction {other:?}"));
            None
        }
    }
}

fn parse_channel(field: &str, at: &str, errors: &mut Vec<String>) -> (Option<Channel>, Option<Channel>) {
    let Some(f) = opt(field) else { return (None, None) };
    let one = |s: &str, errors: &mut Vec<String>| {
        let c = Channel::from_name(s.trim());
        if c.is_none() {
            errors.push(format!("{at}: unknown channel {s:?}"));
        }
        c
    };
    match f.split_once('/') {
        Some((d, c)) => {
            let side = |s: &str, errors: &mut Vec<String>| if s.trim() == "-" { None } else { one(s, errors) };
            (side(d, errors), side(c, errors))
        }
        None => {
            let c = one(f, errors);
            (c, c)
        }
    }
}

fn parse_category(field: &str, at: &str, errors: &mut Vec<String>) -> Option<MerchantCategory> {
    let f = opt(field)?;
    if f == "none" {
        return Some(MerchantCategory::None);
    }
    let c = MerchantCategory::from_name(f);
    if c.is_none() {
        errors.push(format!("{at}: unknown merchant category {f:?}"));
    }
    c
}

fn parse_description(field: &str) -> Option<String> {
    opt(field).map(|d| if d == "none" { String::new() } else { d.to_string() })
}

fn parse_amount(field: &str, at: &str, errors: &mut Vec<String>) -> AmountCond {
    let Some(f) = opt(field) else { return AmountCond::Any };
    let parsed = if let Some(n) = f.strip_prefix(">=") {
        n.trim().parse::<i64>().ok().map(|r| AmountCond::AtLeast(r * 100))
    } else if let Some(n) = f.strip_prefix('<') {
        n.trim().parse::<i64>().ok().map(|r| AmountCond::Below(r * 100))
    } else {
        None
    };
    parsed.unwrap_or_else(|| {
        errors.push(format!("{at}: bad amount condition {f:?}"));
        AmountCond::Any
    })
}

/// Data rows of a table: (1-based line, fields).
fn rows(text: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    text.lines().enumerate().filter_map(|(i, line)| {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            None
        } else {
            Some((i + 1, line.split('|').map(str::trim).collect()))
        }
    })
}

impl RuleSet {
    fn parse(rules_txt: &str, merchants_txt: &str, lenders_txt: &str) -> RuleSet {
        let mut b =
            Builder { literals: Vec::new(), at_start: Vec::new(), index: Default::default(), errors: Vec::new() };
        let mut rules = Vec::new();

        for (line, f) in rows(rules_txt) {
            let at = format!("rules.txt:{line}");
            if f.len() != 9 {
                b.errors.push(format!("{at}: expected 9 fields, found {}", f.len()));
                continue;
            }
            let Ok(prio) = f[0].parse::<i32>() else {
                b.errors.push(format!("{at}: bad priority {:?}", f[0]));
                continue;
            };
            let Some(dir) = parse_dir(f[1], &at, &mut b.errors) else { continue };
            let Some(groups) = b.when(f[2], &at) else { continue };
            let amount = parse_amount(f[3], &at, &mut b.errors);
            let (channel_debit, channel_credit) = parse_channel(f[4], &at, &mut b.errors);
            let category = parse_category(f[6], &at, &mut b.errors);
            rules.push(Rule {
                table: Table::Rules,
                line,
                prio,
                dir,
                groups,
                when: f[2].to_string(),
                amount,
                channel_debit,
                channel_credit,
                description: parse_description(f[5]),
                category,
                name: opt(f[7]).map(str::to_string),
                example: opt(f[8]).map(str::to_string),
            });
        }

        for (line, f) in rows(merchants_txt) {
            let at = format!("merchants.txt:{line}");
            if !(3..=5).contains(&f.len()) {
                b.errors.push(format!("{at}: expected 3 to 5 fields, found {}", f.len()));
                continue;
            }
            let Some(groups) = b.when(f[0], &at) else { continue };
            let category = parse_category(f[2], &at, &mut b.errors);
            let (channel_debit, channel_credit) =
                f.get(4).map(|c| parse_channel(c, &at, &mut b.errors)).unwrap_or((None, None));
            rules.push(Rule {
                table: Table::Merchants,
                line,
                prio: MERCHANT_PRIO,
                dir: Dir::Both,
                groups,
                when: f[0].to_string(),
                amount: AmountCond::Any,
                channel_debit,
                channel_credit,
                description: f.get(3).and_then(|d| parse_description(d)),
                category,
                name: opt(f[1]).map(str::to_string),
                example: None,
            });
        }

        for (line, f) in rows(lenders_txt) {
            let at = format!("lenders.txt:{line}");
            if !(2..=3).contains(&f.len()) {
                b.errors.push(format!("{at}: expected 2 or 3 fields, found {}", f.len()));
                continue;
            }
            let Some(dir) = parse_dir(f.get(2).copied().unwrap_or("both"), &at, &mut b.errors) else { continue };
            let Some(groups) = b.when(f[0], &at) else { continue };
            rules.push(Rule {
                table: Table::Lenders,
                line,
                prio: LENDER_PRIO,
                dir,
                groups,
                when: f[0].to_string(),
                amount: AmountCond::Any,
                channel_debit: None,
                channel_credit: None,
                description: Some(description::LENDER_TRANSACTION.to_string()),
                category: Some(MerchantCategory::Loans),
                name: opt(f[1]).map(str::to_string),
                example: None,
            });
        }

        // Stable: equal priorities keep table and file order.
        rules.sort_by_key(|r| std::cmp::Reverse(r.prio));
        let mut term_rules = vec![Vec::new(); b.literals.len()];
        for (i, r) in rules.iter().enumerate() {
            for g in r.groups.iter().filter(|g| !g.negated) {
                for &t in &g.terms {
                    let list: &mut Vec<u32> = &mut term_rules[t as usize];
                    if list.last() != Some(&(i as u32)) {
                        list.push(i as u32);
                    }
                }
            }
        }
        let mut auto_literals = Vec::new();
        let mut auto_terms = Vec::new();
        let mut start_terms = Vec::new();
        for (i, lit) in b.literals.iter().enumerate() {
            if b.at_start[i] {
                start_terms.push((i as u32, lit.clone()));
            } else {
                auto_literals.push(lit.clone());
                auto_terms.push(i as u32);
            }
        }
        let (automaton, dropped) = Automaton::new(&auto_literals);
        for d in dropped {
            b.errors.push(format!("automaton full: term {:?} left out", auto_literals[d]));
        }
        RuleSet { automaton, rules, term_rules, auto_terms, start_terms, errors: b.errors }
    }

    /// Evaluates every rule against `normalized` (see [`super::matcher::normalize_into`]).
    pub(crate) fn evaluate(&self, normalized: &[u8], kind: TxnType, amount: Money) -> Verdict<'_> {
        SCRATCH.with(|cell| match cell.try_borrow_mut() {
            Ok(mut s) => self.evaluate_with(&mut s, normalized, kind, amount),
            // Re-entered on this thread (cannot happen today): use fresh scratch.
            Err(_) => self.evaluate_with(&mut Scratch::default(), normalized, kind, amount),
        })
    }

    fn evaluate_with(&self, s: &mut Scratch, normalized: &[u8], kind: TxnType, amount: Money) -> Verdict<'_> {
        let term_words = self.term_rules.len().div_ceil(64);
        let rule_words = self.rules.len().div_ceil(64);
        if s.seen.len() < term_words || s.candidates.len() < rule_words {
            s.seen.resize(term_words, 0);
            s.candidates.resize(rule_words, 0);
        }
        let Scratch { seen, candidates } = s;
        // The rules to try are those with a term in the text. A bit per rule
        // (rules are in priority order) gives them sorted and without
        // duplicates, with no sort.
        let starts = self.start_terms.iter().filter(|(_, lit)| normalized.starts_with(lit.as_bytes()));
        let mut mark = |t: u32| {
            let (w, bit) = ((t / 64) as usize, 1u64 << (t % 64));
            if seen[w] & bit == 0 {
                seen[w] |= bit;
                for &r in &self.term_rules[t as usize] {
                    candidates[(r / 64) as usize] |= 1u64 << (r % 64);
                }
            }
        };
        for &(t, _) in starts {
            mark(t);
        }
        self.automaton.scan(normalized, |a| mark(self.auto_terms[a as usize]));
        let has = |t: u32| seen[(t / 64) as usize] & (1u64 << (t % 64)) != 0;
        let mut v = Verdict::default();
        'words: for w in 0..rule_words {
            let mut bits = std::mem::take(&mut candidates[w]);
            while bits != 0 {
                let ri = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let r = &self.rules[ri];
                if !r.applies(kind, amount) {
                    continue;
                }
                let ok = r.groups.iter().all(|g| g.terms.iter().any(|&t| has(t)) != g.negated);
                if !ok {
                    continue;
                }
                if v.channel.is_none() {
                    v.channel = r.channel(kind).map(|c| (c, ri));
                }
                if v.description.is_none() {
                    v.description = r.description.as_deref().map(|d| (d, ri));
                }
                if v.category.is_none() {
                    v.category = r.category.map(|c| (c, ri));
                }
                if v.name.is_none() {
                    v.name = r.name.as_deref().map(|n| (n, ri));
                }
                if v.channel.is_some() && v.description.is_some() && v.category.is_some() && v.name.is_some() {
                    // Leave the scratch all zero for the next call.
                    candidates[w + 1..rule_words].fill(0);
                    break 'words;
                }
            }
        }
        seen[..term_words].fill(0);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_parse_without_errors() {
        let set = rule_set();
        assert!(set.errors.is_empty(), "rule table errors:\n{}", set.errors.join("\n"));
        let lenders = set.rules.iter().filter(|r| r.table == Table::Lenders).count();
        assert!(lenders >= 100, "only {lenders} lenders");
        let merchants = set.rules.iter().filter(|r| r.table == Table::Merchants).count();
        assert!(merchants >= 60, "only {merchants} merchants");
    }

    #[test]
    fn parser_reports_bad_rows() {
        let set = RuleSet::parse(
            "10 | sideways | UPI | - | upi | - | - | - | -\n10 | both | !UPI | - | upi | - | - | - | -\n\
             10 | both | UPI | >=x | bogus | - | nope | - | -\n",
            "SWIGGY | Swiggy\n",
            "BAJAJ FIN* | Bajaj Finance | extra\n",
        );
        assert_eq!(set.errors.len(), 7, "{:#?}", set.errors);
    }

    #[test]
    fn highest_priority_wins_per_field() {
        let set = RuleSet::parse(
            "10 | both | UPI | - | upi | - | - | - | -\n\
             80 | credit | REV,REVERSAL | - | reversal | - | - | Reversal | -\n\
             90 | both | ACH + RETURN,RTN + !CHG*,CHARGE* | - | auto_debit_payment_bounce | - | - | - | -\n",
            "SWIGGY* | Swiggy | food\n",
            "",
        );
        assert!(set.errors.is_empty(), "{:?}", set.errors);
        let run = |s: &str, k: TxnType| {
            let v = set.evaluate(super::super::matcher::normalize(s).as_bytes(), k, Money::from_rupees(100));
            (v.channel.map(|c| c.0), v.category.map(|c| c.0), v.name.map(|n| n.0.to_string()))
        };
        assert_eq!(
            run("UPI/REV/123/SWIGGY", TxnType::Credit),
            (Some(Channel::Reversal), Some(MerchantCategory::Food), Some("Reversal".into()))
        );
        assert_eq!(
            run("UPI/REV/123/SWIGGY", TxnType::Debit),
            (Some(Channel::Upi), Some(MerchantCategory::Food), Some("Swiggy".into()))
        );
        assert_eq!(run("ACH RTN BAJAJ", TxnType::Debit).0, Some(Channel::AutoDebitPaymentBounce));
        assert_eq!(run("ACH RTN CHGS", TxnType::Debit).0, None);
        assert_eq!(run("NOTHING HERE", TxnType::Debit), (None, None, None));
    }

    #[test]
    fn start_anchored_terms_match_only_the_first_word() {
        let set = RuleSet::parse(
            "20 | both | ^R,^YESF* | - | net_banking_transfer | - | - | - | -\n\
             35 | debit | ^AD + !UPI | - | auto_debit_payment | - | - | - | -\n\
             30 | both | UPI | - | upi | - | - | - | -\n",
            "",
            "",
        );
        assert!(set.errors.is_empty(), "{:?}", set.errors);
        let run = |s: &str| {
            let v =
                set.evaluate(super::super::matcher::normalize(s).as_bytes(), TxnType::Debit, Money::from_rupees(100));
            v.channel.map(|c| c.0)
        };
        assert_eq!(
            run("R/JAKA202602165000072098/JAKA0GHAZIA/PARATUS REAL/URGENT//"),
            Some(Channel::NetBankingTransfer)
        );
        assert_eq!(run("YESF26182604791600 108361100000014/TIMEZONE"), Some(Channel::NetBankingTransfer));
        assert_eq!(run("AD~1ADBAJAJFINNEW~01MAR26~ICIC"), Some(Channel::AutoDebitPayment));
        // The same words elsewhere in the line are not heads.
        assert_eq!(run("NEFT SHOP R K TRADERS"), None);
        assert_eq!(run("UPI/AD/RAVI"), Some(Channel::Upi));
        assert_eq!(run("IMPS AD AGENCY"), None);
    }
}
