//! Grouping helpers of the enrichment and analysis stages: hash maps for
//! grouping by note or counterparty, texts hashed beforehand, the median of
//! amounts and the counterparty key of a clean note.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};

use crate::money::Money;

/// A hash map for grouping by note or counterparty: the analyses hash every
/// transaction's text, and std's SipHash was the largest cost of top credits
/// and debits and of recurring sets (see `benches/benches/classify.rs`).
pub(crate) type FastMap<K, V> = HashMap<K, V, FastState>;

/// foldhash's fast hasher with a per-process random seed, so colliding
/// narrations cannot be written in advance; a maintained crate (already in the
/// lock through hashbrown) instead of the multiply–rotate hasher we kept.
pub(crate) type FastState = foldhash::fast::RandomState;

/// A text with its [`FastState`] hash computed beforehand. Hashing every
/// note in one pass and inserting in a second keeps many cache misses on the
/// notes' bytes in flight at once; the map then compares the stored hashes
/// first, so texts are compared only when they are very likely equal.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Prehashed<'a> {
    hash: u64,
    text: &'a str,
}

impl<'a> Prehashed<'a> {
    /// `text` hashed with `state`.
    pub(crate) fn new(state: &FastState, text: &'a str) -> Self {
        Prehashed { hash: state.hash_one(text), text }
    }

    /// The text.
    pub(crate) fn text(&self) -> &'a str {
        self.text
    }
}

impl PartialEq for Prehashed<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.hash == other.hash && self.text == other.text
    }
}

impl Eq for Prehashed<'_> {}

impl std::hash::Hash for Prehashed<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// A map keyed by [`Prehashed`] texts, hashing nothing again.
pub(crate) type PrehashedMap<'a, V> = HashMap<Prehashed<'a>, V, PassThrough>;

/// Hashes a [`Prehashed`] key to the hash it carries.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PassThrough;

impl BuildHasher for PassThrough {
    type Hasher = PassThroughHasher;
    fn build_hasher(&self) -> PassThroughHasher {
        PassThroughHasher(0)
    }
}

/// See [`PassThrough`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct PassThroughHasher(u64);

impl Hasher for PassThroughHasher {
    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is used by `Prehashed`; anything else still hashes.
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0xf135_7aea_2e62_a9c5).rotate_left(26);
        }
    }

    fn write_u64(&mut self, i: u64) {
        self.0 = i;
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Median of amounts; the mean of the two middle values (rounded to the
/// paisa) when the count is even; zero when empty.
pub fn median(amounts: impl IntoIterator<Item = Money>) -> Money {
    let mut v: Vec<Money> = amounts.into_iter().collect();
    if v.is_empty() {
        return Money::ZERO;
    }
    // The middle values by selection (linear time), not by sorting.
    let n = v.len();
    let (below, &mut upper, _) = v.select_nth_unstable(n / 2);
    if n % 2 == 1 {
        upper
    } else {
        let lower = below.iter().copied().max().unwrap_or(upper);
        Money::mean(i128::from(lower.paise()) + i128::from(upper.paise()), 2)
    }
}

/// A grouping key for a counterparty: the upper-case words of the clean note
/// joined by one space (`Rahul  Sharma.` → `RAHUL SHARMA`), without words
/// that carry digits (monthly references); empty when nothing is left.
pub(crate) fn counterparty_key(clean_note: &str) -> String {
    let mut out = String::with_capacity(clean_note.len());
    // Words with digits are references that change every month
    // (ZENLOG08839533, B2405387), not the payer's name.
    let words = clean_note.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty());
    for w in words.filter(|w| !w.bytes().any(|b| b.is_ascii_digit())) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&w.to_ascii_uppercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_hash_separates_near_keys() {
        use std::collections::HashSet;
        let state = FastState::default();
        // Keys that differ in one byte, in length only (trailing zero bytes
        // are padding), or only past the first eight bytes hash apart.
        let keys = ["", "\0", "\0\0", "A", "B", "UPI/P2M/1/SWIGGY", "UPI/P2M/2/SWIGGY", "UPI/P2M/1/SWIGGY "];
        let hashes: HashSet<u64> = keys.iter().map(|k| state.hash_one(k)).collect();
        assert_eq!(hashes.len(), keys.len());
        // One state hashes a text the same every time (the prehashed maps of
        // the top analyses hash with one state; each map seeds its own).
        assert_eq!(state.hash_one("x"), state.hash_one("x"));
        let mut m: FastMap<&str, i32> = FastMap::default();
        *m.entry("a").or_default() += 1;
        *m.entry("a").or_default() += 1;
        assert_eq!(m.get("a"), Some(&2));
    }

    #[test]
    fn medians() {
        let r = |v: &[i64]| median(v.iter().map(|&x| Money::from_rupees(x)));
        assert_eq!(r(&[]), Money::ZERO);
        assert_eq!(r(&[5, 1, 3]), Money::from_rupees(3));
        assert_eq!(r(&[1, 2]), Money::from_paise(150));
        assert_eq!(counterparty_key(" Rahul  Sharma. "), "RAHUL SHARMA");
        assert_eq!(counterparty_key("Zenlogic Softwa Zenlog08839533"), "ZENLOGIC SOFTWA");
    }
}
