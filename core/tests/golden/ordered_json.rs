//! [`J`]: JSON with object keys in document order, to check key order in the
//! golden files.

use serde_json::Value;

/// JSON that keeps object keys in document order (`serde_json::Value` sorts
/// them, and the crate does not enable `preserve_order`).
#[derive(Debug)]
pub enum J {
    Scalar(Value),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

static NULL: J = J::Scalar(Value::Null);

impl J {
    pub fn keys(&self) -> Vec<&str> {
        match self {
            J::Obj(pairs) => pairs.iter().map(|(k, _)| k.as_str()).collect(),
            other => panic!("not an object: {other:?}"),
        }
    }

    pub fn items(&self) -> &[J] {
        match self {
            J::Arr(items) => items,
            other => panic!("not an array: {other:?}"),
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self, J::Scalar(Value::Null))
    }

    pub fn str(&self) -> Option<&str> {
        match self {
            J::Scalar(Value::String(s)) => Some(s),
            _ => None,
        }
    }
}

impl std::ops::Index<&str> for J {
    type Output = J;
    fn index(&self, key: &str) -> &J {
        match self {
            J::Obj(pairs) => pairs.iter().find(|(k, _)| k == key).map_or(&NULL, |(_, v)| v),
            _ => &NULL,
        }
    }
}

impl std::ops::Index<usize> for J {
    type Output = J;
    fn index(&self, i: usize) -> &J {
        match self {
            J::Arr(items) => items.get(i).unwrap_or(&NULL),
            _ => &NULL,
        }
    }
}

impl<'de> serde::Deserialize<'de> for J {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<J, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = J;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("JSON")
            }
            fn visit_bool<E>(self, v: bool) -> Result<J, E> {
                Ok(J::Scalar(Value::Bool(v)))
            }
            fn visit_i64<E>(self, v: i64) -> Result<J, E> {
                Ok(J::Scalar(Value::from(v)))
            }
            fn visit_u64<E>(self, v: u64) -> Result<J, E> {
                Ok(J::Scalar(Value::from(v)))
            }
            fn visit_f64<E>(self, v: f64) -> Result<J, E> {
                Ok(J::Scalar(Value::from(v)))
            }
            fn visit_str<E>(self, v: &str) -> Result<J, E> {
                Ok(J::Scalar(Value::from(v)))
            }
            fn visit_unit<E>(self) -> Result<J, E> {
                Ok(J::Scalar(Value::Null))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<J, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element()? {
                    items.push(item);
                }
                Ok(J::Arr(items))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<J, A::Error> {
                let mut pairs = Vec::new();
                while let Some(pair) = map.next_entry()? {
                    pairs.push(pair);
                }
                Ok(J::Obj(pairs))
            }
        }
        deserializer.deserialize_any(V)
    }
}
