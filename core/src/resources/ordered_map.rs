//! [`OrderedMap`]: a JSON object whose keys keep the order they were inserted in.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Key–value pairs that serialize as a JSON object in insertion order.
///
/// The interface's maps are ordered: months run chronologically, top transactions
/// by amount. A `Vec` of pairs keeps that order without a hash map; lookups are
/// linear, which suits these maps (a few months, five notes, a few accounts).
///
/// Keys are unique. [`OrderedMap::insert`] replaces the value of a key already
/// present and leaves it where it was; deserializing refuses an object that
/// repeats a key.
///
/// Keys are written as JSON object keys, so they must serialize as strings:
/// `String`, or the month label types ([`super::MonthLabel`], ...).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OrderedMap<K, V>(Vec<(K, V)>);

impl<K, V> Default for OrderedMap<K, V> {
    fn default() -> Self {
        OrderedMap(Vec::new())
    }
}

impl<K, V> OrderedMap<K, V> {
    /// An empty map.
    pub fn new() -> Self {
        OrderedMap(Vec::new())
    }

    /// An empty map with room for `n` entries.
    pub fn with_capacity(n: usize) -> Self {
        OrderedMap(Vec::with_capacity(n))
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True without entries.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Entries in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&K, &V)> {
        self.0.iter().map(|(k, v)| (k, v))
    }

    /// Entries in order, values mutable.
    pub fn iter_mut(&mut self) -> impl ExactSizeIterator<Item = (&K, &mut V)> {
        self.0.iter_mut().map(|(k, v)| (&*k, v))
    }

    /// Keys in order.
    pub fn keys(&self) -> impl ExactSizeIterator<Item = &K> {
        self.0.iter().map(|(k, _)| k)
    }

    /// Values in order.
    pub fn values(&self) -> impl ExactSizeIterator<Item = &V> {
        self.0.iter().map(|(_, v)| v)
    }

    /// The pairs, in order.
    pub fn as_slice(&self) -> &[(K, V)] {
        &self.0
    }

    /// The pairs, in order.
    pub fn into_vec(self) -> Vec<(K, V)> {
        self.0
    }
}

impl<K: PartialEq, V> OrderedMap<K, V> {
    /// The map of `pairs` in their order, or the first key that repeats.
    pub fn try_from_pairs(pairs: Vec<(K, V)>) -> Result<Self, K> {
        let mut map = OrderedMap::with_capacity(pairs.len());
        for (k, v) in pairs {
            if map.contains_key(&k) {
                return Err(k);
            }
            map.0.push((k, v));
        }
        Ok(map)
    }

    /// Sets the value of `key`: a new key goes last, a present key keeps its
    /// place. Returns the value it replaced.
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        match self.get_mut(&key) {
            Some(slot) => Some(std::mem::replace(slot, value)),
            None => {
                self.0.push((key, value));
                None
            }
        }
    }

    /// The value of `key`.
    pub fn get(&self, key: &K) -> Option<&V> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// The value of `key`, mutable.
    pub fn get_mut(&mut self, key: &K) -> Option<&mut V> {
        self.0.iter_mut().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// True when `key` is present.
    pub fn contains_key(&self, key: &K) -> bool {
        self.0.iter().any(|(k, _)| k == key)
    }

    /// Removes `key`, keeping the order of the others.
    pub fn remove(&mut self, key: &K) -> Option<V> {
        let at = self.0.iter().position(|(k, _)| k == key)?;
        Some(self.0.remove(at).1)
    }
}

impl<K: Ord, V> OrderedMap<K, V> {
    /// Orders the entries by key (chronologically, for month keys).
    pub fn sort_keys(&mut self) {
        self.0.sort_by(|a, b| a.0.cmp(&b.0));
    }
}

/// Entries in iteration order; a repeated key keeps its first place and its
/// last value, as with [`OrderedMap::insert`].
impl<K: PartialEq, V> FromIterator<(K, V)> for OrderedMap<K, V> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        let mut map = OrderedMap::new();
        map.extend(iter);
        map
    }
}

impl<K: PartialEq, V> Extend<(K, V)> for OrderedMap<K, V> {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, iter: I) {
        for (k, v) in iter {
            self.insert(k, v);
        }
    }
}

impl<K, V> IntoIterator for OrderedMap<K, V> {
    type Item = (K, V);
    type IntoIter = std::vec::IntoIter<(K, V)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a, K, V> IntoIterator for &'a OrderedMap<K, V> {
    type Item = &'a (K, V);
    type IntoIter = std::slice::Iter<'a, (K, V)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<K: Serialize, V: Serialize> Serialize for OrderedMap<K, V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// Reads a JSON object in document order; a repeated key is an error.
impl<'de, K, V> Deserialize<'de> for OrderedMap<K, V>
where
    K: Deserialize<'de> + Ord + fmt::Display,
    V: Deserialize<'de>,
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MapVisitor<K, V>(PhantomData<(K, V)>);

        impl<'de, K, V> Visitor<'de> for MapVisitor<K, V>
        where
            K: Deserialize<'de> + Ord + fmt::Display,
            V: Deserialize<'de>,
        {
            type Value = OrderedMap<K, V>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Self::Value, A::Error> {
                // Cap the preallocation: the size hint comes from the input.
                let mut pairs: Vec<(K, V)> = Vec::with_capacity(access.size_hint().unwrap_or(0).min(256));
                while let Some((k, v)) = access.next_entry()? {
                    pairs.push((k, v));
                }
                // Sorting references finds a repeat in O(n log n), whatever the size.
                let mut keys: Vec<&K> = pairs.iter().map(|(k, _)| k).collect();
                keys.sort_unstable();
                if let Some(w) = keys.windows(2).find(|w| w[0] == w[1]) {
                    return Err(serde::de::Error::custom(format_args!("duplicate key {}", w[0])));
                }
                Ok(OrderedMap(pairs))
            }
        }

        deserializer.deserialize_map(MapVisitor(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_insertion_order_in_json() {
        let mut m = OrderedMap::new();
        m.insert("zeta".to_string(), 1);
        m.insert("alpha".to_string(), 2);
        m.insert("mid".to_string(), 3);
        assert_eq!(m.insert("zeta".to_string(), 9), Some(1));
        assert_eq!(serde_json::to_string(&m).ok().as_deref(), Some(r#"{"zeta":9,"alpha":2,"mid":3}"#));
        let back: OrderedMap<String, i32> = serde_json::from_str(r#"{"zeta":9,"alpha":2,"mid":3}"#).expect("reads");
        assert_eq!(back, m);
        assert_eq!(back.keys().map(String::as_str).collect::<Vec<_>>(), ["zeta", "alpha", "mid"]);
    }

    #[test]
    fn refuses_duplicate_keys() {
        let err = serde_json::from_str::<OrderedMap<String, i32>>(r#"{"a":1,"b":2,"a":3}"#).expect_err("duplicate");
        assert!(err.to_string().contains("duplicate key a"), "{err}");
        assert_eq!(OrderedMap::try_from_pairs(vec![("a", 1), ("a", 2)]), Err("a"));
        assert!(OrderedMap::try_from_pairs(vec![("a", 1), ("b", 2)]).is_ok());
    }

    #[test]
    fn lookups_and_removal() {
        let mut m: OrderedMap<&str, i32> = [("x", 1), ("y", 2), ("x", 3)].into_iter().collect();
        assert_eq!(m.len(), 2);
        assert_eq!(m.get(&"x"), Some(&3));
        if let Some(v) = m.get_mut(&"y") {
            *v += 10;
        }
        assert_eq!(m.remove(&"x"), Some(3));
        assert_eq!(m.as_slice(), &[("y", 12)]);
        assert!(!m.contains_key(&"x"));
        let mut s: OrderedMap<i32, ()> = [(3, ()), (1, ()), (2, ())].into_iter().collect();
        s.sort_keys();
        assert_eq!(s.keys().copied().collect::<Vec<_>>(), [1, 2, 3]);
    }

    #[test]
    fn empty_object() {
        let m: OrderedMap<String, i32> = serde_json::from_str("{}").expect("reads");
        assert!(m.is_empty());
        assert_eq!(serde_json::to_string(&m).ok().as_deref(), Some("{}"));
    }
}
