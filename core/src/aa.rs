//! Account Aggregator input: ReBIT deposit FI data to [`Statement`]s.
//!
//! Accepted forms (the ones FIUs and their gateways hand over):
//! - a bare `<Account>` XML document of the ReBIT deposit schema;
//! - `{"account": {...}}` JSON with lowercase names and attributes as keys;
//! - `{"Account": {"Profile", "Summary", "Transactions"}}` JSON, the
//!   capitalised xml2json form (attribute keys may carry `@` or `_`);
//! - the decrypted FI fetch envelope `{"FI": [{"fipID", "data": [{"decryptedFI": ...}]}]}`,
//!   whose `decryptedFI` is either of the JSON forms or the XML as a string.
//!
//! Every form is first turned into one small tree of `Node`s with lowercase
//! names, so the reading below is written once. Each `Account` becomes one
//! statement with source `online`.

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, Utc};
use quick_xml::events::{BytesStart, Event};
use uuid::Uuid;

use crate::banks;
use crate::error::{Error, Limit, Result};
use crate::model::{AccountCategory, AccountType, Identity, Source, Statement, Transaction, TxnType, assign_hashes};
use crate::money::Money;
use crate::reconcile;

/// Largest AA document read.
pub const MAX_INPUT_BYTES: usize = 64 << 20;
/// Most transactions read from one account.
pub const MAX_TRANSACTIONS: usize = 1_000_000;

/// A name, its attributes, its children: the common shape of XML and JSON here.
#[derive(Debug, Default)]
struct Node {
    name: String,
    attrs: Vec<(String, String)>,
    children: Vec<Node>,
}

impl Node {
    fn attr(&self, key: &str) -> Option<&str> {
        self.attrs.iter().find(|(k, _)| k == key).map(|(_, v)| v.trim()).filter(|v| !v.is_empty())
    }

    fn child(&self, name: &str) -> Option<&Node> {
        self.children.iter().find(|c| c.name == name)
    }

    fn children_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Node> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }

    /// Every `account` node below (or at) this one, depth first.
    fn accounts<'a>(&'a self, out: &mut Vec<&'a Node>) {
        if self.name == "account" {
            out.push(self);
            return;
        }
        for c in &self.children {
            c.accounts(out);
        }
    }
}

fn key_name(raw: &str) -> String {
    raw.trim_start_matches(['@', '_', '$']).to_ascii_lowercase()
}

fn from_json(name: &str, value: &serde_json::Value) -> Result<Node> {
    let mut node = Node { name: key_name(name), ..Node::default() };
    if let serde_json::Value::Object(map) = value {
        for (k, v) in map {
            if k.starts_with("_comment") {
                continue;
            }
            match v {
                serde_json::Value::Object(_) => node.children.push(from_json(k, v)?),
                serde_json::Value::Array(items) => {
                    for item in items {
                        if item.is_object() {
                            node.children.push(from_json(k, item)?);
                        }
                    }
                }
                serde_json::Value::String(s) if s.trim_start().starts_with('<') => {
                    // An XML document carried inside JSON (decryptedFI as a string).
                    let mut inner = from_xml(s)?;
                    node.children.append(&mut inner.children);
                }
                serde_json::Value::String(s) => node.attrs.push((key_name(k), s.clone())),
                serde_json::Value::Number(n) => node.attrs.push((key_name(k), n.to_string())),
                serde_json::Value::Bool(b) => node.attrs.push((key_name(k), b.to_string())),
                serde_json::Value::Null => {}
            }
        }
    }
    Ok(node)
}

fn xml_node(start: &BytesStart<'_>) -> Result<Node> {
    let name = key_name(&String::from_utf8_lossy(start.local_name().as_ref()));
    let mut node = Node { name, ..Node::default() };
    for attr in start.attributes() {
        let attr = attr.map_err(|e| Error::malformed(format!("AA XML attribute: {e}")))?;
        let key = key_name(&String::from_utf8_lossy(attr.key.local_name().as_ref()));
        let value = attr.unescape_value().map_err(|e| Error::malformed(format!("AA XML attribute {key}: {e}")))?;
        node.attrs.push((key, value.into_owned()));
    }
    Ok(node)
}

/// Parses XML into a root node whose children are the document's top elements.
fn from_xml(text: &str) -> Result<Node> {
    let mut reader = quick_xml::Reader::from_str(text);
    let mut stack: Vec<Node> = vec![Node::default()];
    loop {
        match reader.read_event() {
            Ok(Event::Start(e)) => {
                if stack.len() > 64 {
                    return Err(Error::LimitExceeded { limit: Limit::ObjectDepth, value: 65, max: 64 });
                }
                stack.push(xml_node(&e)?);
            }
            Ok(Event::Empty(e)) => {
                let node = xml_node(&e)?;
                if let Some(parent) = stack.last_mut() {
                    parent.children.push(node);
                }
            }
            Ok(Event::End(_)) => {
                let node = stack.pop().ok_or_else(|| Error::malformed("AA XML: unbalanced end tag"))?;
                match stack.last_mut() {
                    Some(parent) => parent.children.push(node),
                    None => return Err(Error::malformed("AA XML: unbalanced end tag")),
                }
            }
            Ok(Event::Eof) => break,
            Ok(_) => {}
            Err(e) => {
                return Err(Error::malformed(format!("AA XML at byte {}: {e}", reader.buffer_position())));
            }
        }
    }
    if stack.len() != 1 {
        return Err(Error::malformed("AA XML: document ends inside an element"));
    }
    stack.pop().ok_or_else(|| Error::malformed("AA XML: empty document"))
}

/// Reads every deposit account in AA data (JSON or XML, see the module doc).
///
/// `declared_bank` is the caller's bank identifier: it is used when the data
/// names no IFSC, and must agree with the IFSC when it does.
pub fn read(bytes: &[u8], declared_bank: Option<&str>) -> Result<Vec<Statement>> {
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(Error::LimitExceeded {
            limit: Limit::InputBytes,
            value: bytes.len() as u64,
            max: MAX_INPUT_BYTES as u64,
        });
    }
    let text = std::str::from_utf8(bytes).map_err(|e| Error::malformed(format!("AA data is not UTF-8: {e}")))?;
    let text = text.trim_start_matches('\u{feff}').trim_start();
    let root = if text.starts_with('<') {
        from_xml(text)?
    } else if text.starts_with('{') || text.starts_with('[') {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| Error::malformed(format!("AA JSON: {e}")))?;
        match &value {
            serde_json::Value::Array(items) => {
                let mut root = Node::default();
                for item in items {
                    root.children.push(from_json("item", item)?);
                }
                root
            }
            _ => from_json("", &value)?,
        }
    } else {
        return Err(Error::malformed("AA data is neither JSON nor XML"));
    };

    let fip_bank = find_fip(&root);
    let mut accounts = Vec::new();
    root.accounts(&mut accounts);
    if accounts.is_empty() {
        return Err(Error::NotAStatement { reason: "no deposit Account in the AA data".into() });
    }
    accounts.into_iter().map(|a| read_account(a, declared_bank, fip_bank.as_deref())).collect()
}

fn find_fip(node: &Node) -> Option<String> {
    if let Some(fip) = node.attr("fipid") {
        return Some(fip.to_string());
    }
    node.children.iter().find_map(find_fip)
}

fn read_account(account: &Node, declared_bank: Option<&str>, fip: Option<&str>) -> Result<Statement> {
    let profile = account.child("profile");
    let holders: Vec<&Node> =
        profile.and_then(|p| p.child("holders")).map_or_else(Vec::new, |h| h.children_named("holder").collect());
    let summary = account.child("summary");
    let txns_node = account.child("transactions");

    let ifsc = summary.and_then(|s| s.attr("ifsccode")).map(str::to_ascii_uppercase);
    let bank = resolve_bank(ifsc.as_deref(), fip, declared_bank)?;

    let mut identity = Identity {
        name: holders.iter().filter_map(|h| h.attr("name")).collect::<Vec<_>>().join(" & "),
        address: holders.first().and_then(|h| h.attr("address")).unwrap_or_default().to_string(),
        account_number: account.attr("maskedaccnumber").unwrap_or_default().to_string(),
        ifsc,
        micr: summary.and_then(|s| s.attr("micrcode")).map(str::to_string),
        ..Identity::default()
    };
    if let Some(pan) = holders.first().and_then(|h| h.attr("pan")) {
        identity.account_category = category_from_pan(pan);
    }
    identity.account_type = summary.and_then(|s| s.attr("type")).and_then(|t| match t.to_ascii_uppercase().as_str() {
        "SAVINGS" => Some(AccountType::Savings),
        "CURRENT" => Some(AccountType::Current),
        _ => None,
    });
    let limit_of = |key: &str| summary.and_then(|s| s.attr(key)).and_then(|v| Money::parse(v).ok());
    identity.credit_limit = limit_of("currentodlimit").max(limit_of("drawinglimit")).unwrap_or(Money::ZERO).abs();
    identity.period_from = txns_node.and_then(|t| t.attr("startdate")).and_then(parse_date);
    identity.period_to = txns_node.and_then(|t| t.attr("enddate")).and_then(parse_date);

    let mut transactions = Vec::new();
    let mut previous_balance: Option<Money> = None;
    for (i, row) in txns_node
        .map(|t| t.children_named("transaction").collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .enumerate()
    {
        if i >= MAX_TRANSACTIONS {
            return Err(Error::LimitExceeded {
                limit: Limit::Transactions,
                value: i as u64 + 1,
                max: MAX_TRANSACTIONS as u64,
            });
        }
        let at = |what: &str| Error::UnsupportedFormat { reason: format!("AA transaction {}: {what}", i + 1) };
        let kind = match row.attr("type").map(str::to_ascii_uppercase).as_deref() {
            Some("DEBIT" | "DR" | "D") => TxnType::Debit,
            Some("CREDIT" | "CR" | "C") => TxnType::Credit,
            _ => return Err(at("type is neither DEBIT nor CREDIT")),
        };
        let amount = row
            .attr("amount")
            .and_then(|v| Money::parse(v).ok())
            .ok_or_else(|| at("amount missing or unreadable"))?
            .abs();
        let balance = match row.attr("currentbalance").and_then(|v| Money::parse(v).ok()) {
            Some(b) => b,
            // Some FIPs leave balances empty; the running balance still follows.
            None => previous_balance.map(|p| p + kind.signed(amount)).ok_or_else(|| at("currentBalance missing"))?,
        };
        previous_balance = Some(balance);
        let date = row
            .attr("transactiontimestamp")
            .and_then(parse_timestamp)
            .or_else(|| row.attr("valuedate").and_then(parse_date).and_then(|d| d.and_hms_opt(0, 0, 0)))
            .ok_or_else(|| at("no transactionTimestamp or valueDate"))?;
        let mut t = Transaction::new(date, row.attr("narration").unwrap_or_default(), kind, amount, balance);
        t.value_date = row.attr("valuedate").and_then(parse_date);
        t.ref_no = row.attr("reference").map(str::to_string);
        transactions.push(t);
    }
    if transactions.is_empty() {
        return Err(Error::NotAStatement { reason: "the AA account has no transactions".into() });
    }

    let opening = reconcile::implied_opening(&transactions);
    identity.opening_balance = opening;
    identity.closing_balance = transactions.last().map(|t| t.balance);
    if identity.period_from.is_none() {
        identity.period_from = transactions.first().map(|t| t.date.date());
    }
    if identity.period_to.is_none() {
        identity.period_to = transactions.last().map(|t| t.date.date());
    }
    let balance_breaks = reconcile::balance_breaks(opening, &transactions);
    let printed = vec![true; transactions.len()];
    let reading = reconcile::reading_report(
        opening,
        &transactions,
        &reconcile::ReadFacts { printed: &printed, closing: identity.closing_balance, ..Default::default() },
    );
    assign_hashes(bank, &identity.account_number, &mut transactions);

    Ok(Statement {
        id: Uuid::new_v4(),
        source: Source::Online,
        bank: bank.to_string(),
        identity,
        transactions,
        balance_breaks,
        processed_at: Utc::now(),
        forensics: None,
        reading,
    })
}

fn resolve_bank(ifsc: Option<&str>, fip: Option<&str>, declared: Option<&str>) -> Result<&'static str> {
    let detected = ifsc
        .and_then(banks::by_ifsc)
        .or_else(|| fip.and_then(|f| f.split(['-', '_', ' ']).next()).and_then(banks::by_ifsc_prefix_or_id))
        .map(|b| b.id);
    let declared_bank = match declared.map(str::trim).filter(|d| !d.is_empty()) {
        Some(d) => Some(
            banks::by_id(d)
                .map(|b| b.id)
                .ok_or_else(|| Error::invalid_argument("bank_name", format!("unknown bank identifier {d:?}")))?,
        ),
        None => None,
    };
    match (detected, declared_bank) {
        (Some(d), Some(c)) if d != c => {
            Err(Error::BankNameMismatch { declared: c.to_string(), detected: d.to_string() })
        }
        (Some(d), _) => Ok(d),
        (None, Some(c)) => Ok(c),
        (None, None) => Err(Error::BankUndetected),
    }
}

/// PAN's fourth letter says who holds it: P (person) and H (HUF) are
/// individuals; C, F, T, A, B, L, J, G (company, firm, trust, ...) are corporate.
fn category_from_pan(pan: &str) -> AccountCategory {
    match pan.trim().as_bytes().get(3).map(u8::to_ascii_uppercase) {
        Some(b'C' | b'F' | b'T' | b'A' | b'B' | b'L' | b'J' | b'G') => AccountCategory::Corporate,
        _ => AccountCategory::Individual,
    }
}

fn parse_date(s: &str) -> Option<NaiveDate> {
    let s = s.trim();
    NaiveDate::parse_from_str(s.get(..10).unwrap_or(s), "%Y-%m-%d").ok()
}

/// A timestamp in Indian Standard Time: offsets are converted to +05:30; a
/// timestamp without an offset is taken as already local.
fn parse_timestamp(s: &str) -> Option<NaiveDateTime> {
    let s = s.trim();
    if let Ok(dt) = DateTime::parse_from_rfc3339(s) {
        let ist = FixedOffset::east_opt(5 * 3600 + 1800)?;
        return Some(dt.with_timezone(&ist).naive_local());
    }
    for fmt in ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M:%S"] {
        if let Ok(dt) = NaiveDateTime::parse_from_str(s, fmt) {
            return Some(dt);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pan_decides_category() {
        assert_eq!(category_from_pan("ABCPS1234K"), AccountCategory::Individual);
        assert_eq!(category_from_pan("AAACR1234K"), AccountCategory::Corporate);
        assert_eq!(category_from_pan("AB"), AccountCategory::Individual);
    }

    #[test]
    fn timestamps_become_ist() {
        let t = parse_timestamp("2025-01-01T04:42:44Z").map(|d| d.to_string());
        assert_eq!(t.as_deref(), Some("2025-01-01 10:12:44"));
        let t = parse_timestamp("2025-01-01T10:12:44+05:30").map(|d| d.to_string());
        assert_eq!(t.as_deref(), Some("2025-01-01 10:12:44"));
    }

    #[test]
    fn bad_input_is_a_typed_error() {
        assert!(matches!(read(b"hello", None), Err(Error::Malformed { .. })));
        assert!(matches!(read(b"<Account><Profile>", None), Err(Error::Malformed { .. })));
        assert!(matches!(read(b"{\"x\": 1}", None), Err(Error::NotAStatement { .. })));
        assert!(matches!(read(b"{\"account\": {", None), Err(Error::Malformed { .. })));
        assert!(matches!(read(&[0xff, 0xfe], None), Err(Error::Malformed { .. })));
    }
}
