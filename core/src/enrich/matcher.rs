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
        // Sized for the worst case up front: growing it copied it each time.
        let bound = literals.iter().map(String::len).sum::<usize>().min(MAX_STATES) + 1;
        let mut trie: Vec<u32> = Vec::with_capacity(bound * ALPHABET);
        trie.resize(ALPHABET, 0);
        // Terms ending at each trie state, as (state, term) in term order.
        let mut ends: Vec<(u32, u32)> = Vec::with_capacity(literals.len());
        let mut states = 1usize;
        let mut dropped = Vec::new();
        for (id, lit) in literals.iter().enumerate() {
            if states + lit.len() > MAX_STATES {
                dropped.push(id);
                continue;
            }
            let mut s = 0usize;
            for &b in lit.as_bytes() {
                let k = s * ALPHABET + symbol(b);
                if trie[k] == 0 {
                    trie[k] = states as u32;
                    states += 1;
                    trie.resize(states * ALPHABET, 0);
                }
                s = trie[k] as usize;
            }
            ends.push((s as u32, id as u32));
        }
        // Each trie state's own terms, as a range into `own`.
        let mut own_start = vec![0u32; states + 1];
        for &(s, _) in &ends {
            own_start[s as usize + 1] += 1;
        }
        for i in 0..states {
            own_start[i + 1] += own_start[i];
        }
        let mut own = vec![0u32; ends.len()];
        let mut fill = own_start.clone();
        for &(s, id) in &ends {
            own[fill[s as usize] as usize] = id;
            fill[s as usize] += 1;
        }
        // One breadth-first pass numbers the states in the order it reaches
        // them (root, then depth 1, 2, ...: a scan spends most steps in
        // shallow states, and numbering them first packs their rows together
        // in a few cache lines), sets each state's failure link, completes
        // its row of the DFA and lists its terms. A state's failure target is
        // shallower, so its row and its terms are complete by then.
        let mut order: Vec<u32> = Vec::with_capacity(states);
        order.push(0);
        let mut fail = vec![0u32; states];
        let mut has_out = vec![false; states];
        has_out[0] = own_start[1] > own_start[0];
        let mut out = Vec::new();
        let mut out_range = vec![(0u32, 0u32); states];
        let mut table = vec![0u16; states * ALPHABET];
        let mut k = 0;
        while k < order.len() {
            let old = order[k] as usize;
            let f = fail[k] as usize;
            let start = out.len() as u32;
            out.extend_from_slice(&own[own_start[old] as usize..own_start[old + 1] as usize]);
            if k > 0 {
                let (a, z) = out_range[f];
                out.extend_from_within(a as usize..z as usize);
            }
            out_range[k] = (start, out.len() as u32);
            for c in 0..ALPHABET {
                let t = trie[old * ALPHABET + c] as usize;
                let via_fail = match k {
                    0 if has_out[0] => HAS_OUT,
                    0 => 0,
                    _ => table[f * ALPHABET + c],
                };
                table[k * ALPHABET + c] = if t != 0 {
                    let id = order.len();
                    order.push(t as u32);
                    let g = (via_fail & !HAS_OUT) as usize;
                    fail[id] = g as u32;
                    has_out[id] = own_start[t + 1] > own_start[t] || has_out[g];
                    id as u16 | if has_out[id] { HAS_OUT } else { 0 }
                } else {
                    via_fail
                };
            }
            k += 1;
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
