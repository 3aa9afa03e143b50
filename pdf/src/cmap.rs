//! CMaps: `ToUnicode` maps (codes to Unicode) and embedded encoding CMaps of
//! Type0 fonts (codes to CIDs, code lengths from the codespace ranges).

use std::collections::HashMap;

use super::lexer::{Lexer, Token};

/// A bound on entries read from one CMap, against hostile files.
const MAX_ENTRIES: usize = 200_000;

/// Codes to Unicode text.
#[derive(Debug, Default)]
pub(crate) struct ToUnicode {
    /// Single codes: a range of `text`.
    chars: HashMap<u32, (u32, u32)>,
    /// `lo..=hi` mapped to `text[prefix] + char(last + code - lo)`.
    ranges: Vec<Range>,
    text: String,
}

#[derive(Debug)]
struct Range {
    lo: u32,
    hi: u32,
    prefix: (u32, u32),
    last: u32,
}

/// Codespace ranges (code length in bytes) and code-to-CID maps.
#[derive(Debug, Default)]
pub(crate) struct CodeMap {
    /// `(bytes, lo, hi)`
    pub(crate) codespace: Vec<(u8, u32, u32)>,
    cid_ranges: Vec<(u32, u32, u32)>,
    cid_chars: HashMap<u32, u32>,
}

impl CodeMap {
    /// The CID of a code (identity when the CMap does not name it).
    pub(crate) fn cid(&self, code: u32) -> u32 {
        if let Some(c) = self.cid_chars.get(&code) {
            return *c;
        }
        for &(lo, hi, start) in &self.cid_ranges {
            if (lo..=hi).contains(&code) {
                return start.saturating_add(code - lo);
            }
        }
        code
    }

    /// Read the next code from `bytes[*i..]` by the codespace ranges; 2 bytes
    /// when there are none (Identity-H).
    pub(crate) fn next_code(&self, bytes: &[u8], i: &mut usize) -> u32 {
        if self.codespace.is_empty() {
            return take(bytes, i, 2);
        }
        for n in 1..=4u8 {
            let code = peek(bytes, *i, usize::from(n));
            if self.codespace.iter().any(|&(len, lo, hi)| len == n && (lo..=hi).contains(&code)) {
                *i += usize::from(n);
                return code;
            }
        }
        // Not in any range: take the shortest declared length, as viewers do.
        let n = self.codespace.iter().map(|c| c.0).min().unwrap_or(1);
        take(bytes, i, usize::from(n))
    }
}

fn peek(bytes: &[u8], i: usize, n: usize) -> u32 {
    let mut v = 0u32;
    for k in 0..n {
        v = v << 8 | u32::from(bytes.get(i + k).copied().unwrap_or(0));
    }
    v
}

fn take(bytes: &[u8], i: &mut usize, n: usize) -> u32 {
    let v = peek(bytes, *i, n);
    *i += n;
    v
}

fn be(bytes: &[u8]) -> u32 {
    bytes.iter().take(4).fold(0u32, |v, &b| v << 8 | u32::from(b))
}

/// Decode UTF-16BE (surrogates joined, lone ones dropped) onto `out`.
pub(crate) fn push_utf16be(bytes: &[u8], out: &mut String) {
    let units = bytes
        .chunks(2)
        .map(|c| u16::from(c.first().copied().unwrap_or(0)) << 8 | u16::from(c.get(1).copied().unwrap_or(0)));
    for ch in char::decode_utf16(units).flatten() {
        out.push(ch);
    }
}

impl ToUnicode {
    /// Append the text of `code`; `false` when the map does not name it.
    pub(crate) fn push(&self, code: u32, out: &mut String) -> bool {
        if let Some(&(s, e)) = self.chars.get(&code) {
            out.push_str(self.text.get(s as usize..e as usize).unwrap_or_default());
            return true;
        }
        // Ranges are few (tens) in real fonts; a linear scan beats building an index.
        for r in &self.ranges {
            if (r.lo..=r.hi).contains(&code) {
                out.push_str(self.text.get(r.prefix.0 as usize..r.prefix.1 as usize).unwrap_or_default());
                if let Some(c) = char::from_u32(r.last.saturating_add(code - r.lo)) {
                    out.push(c);
                }
                return true;
            }
        }
        false
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.chars.is_empty() && self.ranges.is_empty()
    }

    /// A map of single codes to text, as an embedded font's own tables give it.
    pub(crate) fn from_pairs(pairs: impl IntoIterator<Item = (u32, String)>) -> ToUnicode {
        let mut map = ToUnicode::default();
        for (code, text) in pairs {
            let start = map.text.len() as u32;
            map.text.push_str(&text);
            map.chars.insert(code, (start, map.text.len() as u32));
        }
        map
    }

    fn add_char(&mut self, code: u32, utf16: &[u8]) {
        let start = self.text.len() as u32;
        push_utf16be(utf16, &mut self.text);
        self.chars.insert(code, (start, self.text.len() as u32));
    }

    fn add_range(&mut self, lo: u32, hi: u32, utf16: &[u8]) {
        let mut s = String::new();
        push_utf16be(utf16, &mut s);
        let Some(last) = s.pop() else { return };
        let start = self.text.len() as u32;
        self.text.push_str(&s);
        self.ranges.push(Range { lo, hi, prefix: (start, self.text.len() as u32), last: u32::from(last) });
    }
}

/// What a CMap section is collecting.
#[derive(Clone, Copy, PartialEq)]
enum Section {
    None,
    Codespace,
    BfChar,
    BfRange,
    CidChar,
    CidRange,
}

/// Operands seen since the last keyword; strings are ranges of the scratch buffer.
#[derive(Clone, Copy)]
enum Operand {
    Str(usize, usize),
    Num(u32),
    ArrayStart,
    ArrayEnd,
}

/// Parse a CMap stream into its Unicode map and code map (either may be empty).
pub(crate) fn parse(data: &[u8]) -> (ToUnicode, CodeMap) {
    let mut uni = ToUnicode::default();
    let mut codes = CodeMap::default();
    let mut lx = Lexer::new(data);
    let mut scratch = Vec::new();
    let mut ops: Vec<Operand> = Vec::new();
    let mut section = Section::None;
    let mut entries = 0usize;
    while let Some(tok) = lx.next_token(&mut scratch) {
        match tok {
            Token::Str { start, end } => ops.push(Operand::Str(start, end)),
            Token::Number(n) => ops.push(Operand::Num(n.max(0.0) as u32)),
            Token::ArrayStart => ops.push(Operand::ArrayStart),
            Token::ArrayEnd => ops.push(Operand::ArrayEnd),
            Token::Keyword(k) => {
                let next = match k {
                    b"begincodespacerange" => Some(Section::Codespace),
                    b"beginbfchar" => Some(Section::BfChar),
                    b"beginbfrange" => Some(Section::BfRange),
                    b"begincidchar" => Some(Section::CidChar),
                    b"begincidrange" => Some(Section::CidRange),
                    _ if k.starts_with(b"end") => {
                        entries += apply(section, &ops, &scratch, &mut uni, &mut codes);
                        Some(Section::None)
                    }
                    _ => None,
                };
                if let Some(s) = next {
                    section = s;
                    ops.clear();
                    scratch.clear();
                }
                if entries > MAX_ENTRIES {
                    break;
                }
            }
            _ => {}
        }
        if ops.len() > MAX_ENTRIES {
            break;
        }
    }
    (uni, codes)
}

fn apply(section: Section, ops: &[Operand], s: &[u8], uni: &mut ToUnicode, codes: &mut CodeMap) -> usize {
    let bytes = |o: &Operand| match *o {
        Operand::Str(a, b) => s.get(a..b),
        _ => None,
    };
    let mut n = 0;
    let mut i = 0;
    while i < ops.len() {
        match section {
            Section::Codespace => {
                if let (Some(lo), Some(hi)) = (ops.get(i).and_then(bytes), ops.get(i + 1).and_then(bytes)) {
                    let len = u8::try_from(lo.len().clamp(1, 4)).unwrap_or(1);
                    codes.codespace.push((len, be(lo), be(hi)));
                }
                i += 2;
            }
            Section::BfChar => {
                if let (Some(src), Some(dst)) = (ops.get(i).and_then(bytes), ops.get(i + 1).and_then(bytes)) {
                    uni.add_char(be(src), dst);
                    n += 1;
                }
                i += 2;
            }
            Section::BfRange => {
                let (Some(lo), Some(hi)) = (ops.get(i).and_then(bytes), ops.get(i + 1).and_then(bytes)) else {
                    i += 1;
                    continue;
                };
                let (lo, hi) = (be(lo), be(hi));
                match ops.get(i + 2) {
                    Some(Operand::ArrayStart) => {
                        let mut j = i + 3;
                        let mut code = lo;
                        while let Some(op) = ops.get(j) {
                            j += 1;
                            match op {
                                Operand::ArrayEnd => break,
                                o => {
                                    if let Some(dst) = bytes(o)
                                        && code <= hi
                                    {
                                        uni.add_char(code, dst);
                                        n += 1;
                                    }
                                    code = code.saturating_add(1);
                                }
                            }
                        }
                        i = j;
                    }
                    Some(o) => {
                        if let Some(dst) = bytes(o)
                            && lo <= hi
                        {
                            uni.add_range(lo, hi, dst);
                            n += 1;
                        }
                        i += 3;
                    }
                    None => i += 3,
                }
            }
            Section::CidChar => {
                if let (Some(src), Some(Operand::Num(cid))) = (ops.get(i).and_then(bytes), ops.get(i + 1)) {
                    codes.cid_chars.insert(be(src), *cid);
                    n += 1;
                }
                i += 2;
            }
            Section::CidRange => {
                if let (Some(lo), Some(hi), Some(Operand::Num(cid))) =
                    (ops.get(i).and_then(bytes), ops.get(i + 1).and_then(bytes), ops.get(i + 2))
                {
                    codes.cid_ranges.push((be(lo), be(hi), *cid));
                    n += 1;
                }
                i += 3;
            }
            Section::None => break,
        }
    }
    n
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn bfchar_bfrange_and_array_form() {
        let src = b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap
            1 begincodespacerange <0000> <FFFF> endcodespacerange
            2 beginbfchar <0003> <0020> <0010> <D835DC00> endbfchar
            2 beginbfrange <0020> <0022> <0041> <0030> <0032> [<0066> <00660069> <0078>] endbfrange
            endcmap";
        let (u, c) = parse(src);
        let get = |code| {
            let mut s = String::new();
            u.push(code, &mut s).then_some(s)
        };
        assert_eq!(get(3).as_deref(), Some(" "));
        assert_eq!(get(0x10).as_deref(), Some("\u{1D400}"));
        assert_eq!(get(0x21).as_deref(), Some("B"));
        assert_eq!(get(0x31).as_deref(), Some("fi"));
        assert_eq!(get(0x32).as_deref(), Some("x"));
        assert_eq!(get(0x40), None);
        assert_eq!(c.codespace, vec![(2, 0, 0xFFFF)]);
        let mut i = 0;
        assert_eq!(c.next_code(&[0x12, 0x34, 0x56], &mut i), 0x1234);
    }

    #[test]
    fn cid_ranges() {
        let (_, c) = parse(b"1 begincodespacerange <00> <80> <8140> <FFFF> endcodespacerange 1 begincidrange <8140> <8150> 633 endcidrange");
        assert_eq!(c.cid(0x8141), 634);
        let mut i = 0;
        let bytes = [0x41, 0x81, 0x40];
        assert_eq!(c.next_code(&bytes, &mut i), 0x41);
        assert_eq!(c.next_code(&bytes, &mut i), 0x8140);
        assert_eq!(i, 3);
    }
}
