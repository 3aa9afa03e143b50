//! Narration normalisation and a small Aho–Corasick automaton over it.
//!
//! Every narration is normalised once: ASCII letters upper-cased, digits kept,
//! everything else (punctuation, `/`, `-`, `@`, non-ASCII) turned into a single
//! space, a space inserted where letters meet digits (`SAL0324` → `SAL 0324`,
//! `HDFC0000123` → `HDFC 0000123`), and one space added at each end. So the text
//! is ` TOKEN TOKEN ... ` and a whole-word term `SAL` is the literal ` SAL `.
//!
//! All terms of all rules go into one automaton, so a narration is scanned once
//! whatever the number of rules (no regex per rule). The automaton is a dense
//! DFA over the 37 symbols of normalised text (space, `0-9`, `A-Z`).

/// Symbols of normalised text: space, ten digits, 26 letters.
const ALPHABET: usize = 37;

/// Where a term must sit relative to token boundaries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Anchor {
    /// A whole token or run of tokens: `SAL` matches ` SAL ` only.
    Word,
    /// Starts a token: `SWIGGY*` matches `SWIGGYINSTAMART`.
    Prefix,
    /// Ends a token: `*BAZAAR` matches `BIGBAZAAR`.
    Suffix,
    /// Anywhere: `*PAYTM*`.
    Anywhere,
}

/// Byte → normalised byte: upper-case letter, digit, or space for the rest.
const CLASS: [u8; 256] = {
    let mut t = [b' '; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        t[i] = match b {
            b'a'..=b'z' => b - 32,
            b'A'..=b'Z' | b'0'..=b'9' => b,
            _ => b' ',
        };
        i += 1;
    }
    t
};

/// A run of letters and digits at least this long ...
const REF_MIN_LEN: usize = 16;
/// ... that switches between letters and digits at least this often is a
/// transaction id (ICICI's `ICI7de43fa40188479e9baf883d6`, `IBLa4fc535f...`,
/// Paytm's `SMY2411160941ROO2MQXIFRWV32PTV3541C`): only its leading letters are
/// kept, so its fragments are not read as words (`...E50CAD6` as the currency
/// CAD). Account numbers, IFSCs, UMRNs and UTRs switch once or twice.
const REF_MIN_SWITCHES: usize = 6;

/// Where the run of ASCII letters and digits starting at `start` ends, and
/// where to stop reading it: the run's end, or the end of its leading letters
/// when the run is a transaction id ([`REF_MIN_LEN`], [`REF_MIN_SWITCHES`]).
fn run_bounds(bytes: &[u8], start: usize) -> (usize, usize) {
    let mut end = start;
    let mut switches = 0;
    while end < bytes.len() && bytes[end].is_ascii_alphanumeric() {
        if end > start && bytes[end].is_ascii_digit() != bytes[end - 1].is_ascii_digit() {
            switches += 1;
        }
        end += 1;
    }
    if end - start >= REF_MIN_LEN && switches >= REF_MIN_SWITCHES {
        let letters = bytes[start..end].iter().take_while(|b| b.is_ascii_alphabetic()).count();
        (end, start + letters)
    } else {
        (end, end)
    }
}

/// Appends the normalised form of `text` to `out` (which is cleared first).
pub(crate) fn normalize_into(text: &str, out: &mut Vec<u8>) {
    out.clear();
    out.reserve(text.len() + 8);
    out.push(b' ');
    let bytes = text.as_bytes();
    let mut prev = b' ';
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_alphanumeric() {
            if prev != b' ' {
                out.push(b' ');
            }
            prev = b' ';
            i += 1;
            continue;
        }
        let (end, keep) = run_bounds(bytes, i);
        for &b in &bytes[i..keep] {
            let c = CLASS[b as usize];
            // A space where letters meet digits.
            if prev != b' ' && ((prev <= b'9') != (c <= b'9')) {
                out.push(b' ');
            }
            out.push(c);
            prev = c;
        }
        i = end;
    }
    if prev != b' ' {
        out.push(b' ');
    }
}

/// The normalised form of `text` as a `String` (for tables and tests).
pub(crate) fn normalize(text: &str) -> String {
    let mut out = Vec::with_capacity(text.len() + 2);
    normalize_into(text, &mut out);
    // Only ASCII bytes are ever pushed.
    String::from_utf8(out).unwrap_or_default()
}

/// The literal a term is searched as, in normalised text.
pub(crate) fn literal(term: &str, anchor: Anchor) -> String {
    let core = normalize(term);
    let core = core.trim();
    match anchor {
        Anchor::Word => format!(" {core} "),
        Anchor::Prefix => format!(" {core}"),
        Anchor::Suffix => format!("{core} "),
        Anchor::Anywhere => core.to_string(),
    }
}

/// Byte → automaton symbol: 0 for space (and anything else), 1–10 for the
/// digits, 11–36 for the letters. A table, as the scan looks every byte up.
const SYMBOL: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        t[i] = match b {
            b'0'..=b'9' => 1 + (b - b'0'),
            b'A'..=b'Z' => 11 + (b - b'A'),
            _ => 0,
        };
        i += 1;
    }
    t
};

fn symbol(b: u8) -> usize {
    SYMBOL[b as usize] as usize
}

/// Bit of a transition target that says the target state reports terms.
const HAS_OUT: u16 = 1 << 15;
/// Most states a table of `u16` targets with [`HAS_OUT`] can address.
pub(crate) const MAX_STATES: usize = (HAS_OUT - 1) as usize;

/// A dense Aho–Corasick DFA reporting every (overlapping) term occurrence.
///
/// Transitions are `u16` (the whole table of ~8,000 states × 37 symbols is
/// under 600 KB, so it stays in cache), with [`HAS_OUT`] set on targets that
/// report terms so the scan only looks outputs up where there are some.
#[derive(Debug)]
pub(crate) struct Automaton {
    /// `next[state * ALPHABET + symbol]`, target state | [`HAS_OUT`].
    next: Vec<u16>,
    /// Terms ending at each state (own and inherited through failure links),
    /// as a range into `out`.
    out_range: Vec<(u32, u32)>,
    out: Vec<u32>,
}

impl Automaton {
    /// Builds the automaton; term `i` of `literals` is reported as `i`.
    /// Literals must already be normalised (see [`literal`]). Literals that
    /// would take the automaton past [`MAX_STATES`] are left out and returned.
    pub(crate) fn new(literals: &[String]) -> (Automaton, Vec<usize>) {
        // Trie with dense rows; 0 = no edge (the root is never a target).
        let mut next: Vec<u32> = vec![0; ALPHABET];
        let mut own: Vec<Vec<u32>> = vec![Vec::new()];
        let mut dropped = Vec::new();
        for (id, lit) in literals.iter().enumerate() {
            if own.len() + lit.len() > MAX_STATES {
                dropped.push(id);
                continue;
            }
            let mut s = 0usize;
            for &b in lit.as_bytes() {
                let k = s * ALPHABET + symbol(b);
                if next[k] == 0 {
                    let new = own.len();
                    own.push(Vec::new());
                    next.extend(std::iter::repeat_n(0, ALPHABET));
                    next[k] = new as u32;
                }
                s = next[k] as usize;
            }
            own[s].push(id as u32);
        }
        let states = own.len();
        // Breadth-first: failure links, then complete the DFA rows.
        let mut fail = vec![0u32; states];
        let mut order = Vec::with_capacity(states);
        let mut queue = std::collections::VecDeque::new();
        for &t in &next[..ALPHABET] {
            if t != 0 {
                queue.push_back(t as usize);
            }
        }
        while let Some(s) = queue.pop_front() {
            order.push(s);
            for c in 0..ALPHABET {
                let t = next[s * ALPHABET + c] as usize;
                let f = fail[s] as usize;
                if t != 0 {
                    fail[t] = next[f * ALPHABET + c];
                    queue.push_back(t);
                } else {
                    next[s * ALPHABET + c] = next[f * ALPHABET + c];
                }
            }
        }
        // Outputs in BFS order so a state's failure target is already merged.
        let mut merged: Vec<Vec<u32>> = vec![Vec::new(); states];
        merged[0] = own[0].clone();
        for &s in &order {
            let mut v = own[s].clone();
            v.extend_from_slice(&merged[fail[s] as usize]);
            merged[s] = v;
        }
        // Renumber the states breadth-first (root, then depth 1, 2, ...): a
        // scan spends most steps in shallow states, and numbering them first
        // packs their rows together in a few cache lines instead of spreading
        // them over the whole table.
        let mut new_id = vec![0u32; states];
        for (k, &s) in order.iter().enumerate() {
            new_id[s] = k as u32 + 1;
        }
        let mut out = Vec::new();
        let mut out_range = vec![(0u32, 0u32); states];
        let mut table = vec![0u16; states * ALPHABET];
        for old in std::iter::once(0).chain(order.iter().copied()) {
            let id = new_id[old] as usize;
            let start = out.len() as u32;
            out.extend_from_slice(&merged[old]);
            out_range[id] = (start, out.len() as u32);
            for c in 0..ALPHABET {
                let t = next[old * ALPHABET + c] as usize;
                let flag = if merged[t].is_empty() { 0 } else { HAS_OUT };
                table[id * ALPHABET + c] = new_id[t] as u16 | flag;
            }
        }
        (Automaton { next: table, out_range, out }, dropped)
    }

    /// Calls `hit(term)` for every occurrence of every term in `text`
    /// (normalised text; other bytes count as spaces).
    #[inline]
    pub(crate) fn scan(&self, text: &[u8], mut hit: impl FnMut(u32)) {
        let mut s = 0usize;
        for &b in text {
            let t = self.next[s * ALPHABET + symbol(b)];
            s = (t & !HAS_OUT) as usize;
            if t & HAS_OUT != 0 {
                let (a, z) = self.out_range[s];
                for &term in &self.out[a as usize..z as usize] {
                    hit(term);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_tokens() {
        assert_eq!(
            normalize("UPI/DR/412345/Rahul Sh/SBIN0001234/rahul@oksbi"),
            " UPI DR 412345 RAHUL SH SBIN 0001234 RAHUL OKSBI "
        );
        assert_eq!(normalize("Int.Pd:01-04-2025"), " INT PD 01 04 2025 ");
        assert_eq!(normalize("  ₹ SAL0324 "), " SAL 0324 ");
        assert_eq!(normalize(""), " ");
        // A transaction id keeps only its leading letters (no CAD read out of ...E50CAD6).
        assert_eq!(normalize("UPI/1/IBLa4fc535fb1d94fadaad705770e50cad6"), " UPI 1 IBLA ");
        assert_eq!(normalize("NACH/UTIBDE11165163202409/X"), " NACH UTIBDE 11165163202409 X ");
    }

    #[test]
    fn finds_overlapping_terms_with_anchors() {
        let lits = vec![
            literal("SAL", Anchor::Word),
            literal("SWIGGY", Anchor::Prefix),
            literal("BAZAAR", Anchor::Suffix),
            literal("PAYTM", Anchor::Anywhere),
            literal("NEFT SAL", Anchor::Word),
        ];
        let (a, dropped) = Automaton::new(&lits);
        assert!(dropped.is_empty());
        let find = |s: &str| {
            let mut v = Vec::new();
            a.scan(normalize(s).as_bytes(), |t| v.push(t));
            v.sort_unstable();
            v
        };
        assert_eq!(find("NEFT-SAL FOR MAR"), vec![0, 4]);
        assert_eq!(find("SALMAN KHAN"), Vec::<u32>::new());
        assert_eq!(find("POS SWIGGYINSTAMART BIGBAZAAR"), vec![1, 2]);
        assert_eq!(find("paytmqr28100@paytm"), vec![3, 3]);
        assert_eq!(find("SAL"), vec![0]);
    }
}
