//! Indents compact JSON text without parsing it.
//!
//! Re-serialising through `serde_json::Value` would print `65000.00` as
//! `65000.0` and (without `preserve_order`) sort keys; the interface's JSON
//! keeps two decimals and its own key order. Indenting the text token by
//! token changes only whitespace.

/// `compact` (valid JSON without insignificant whitespace, as
/// `serde_json::to_string` writes it) indented by two spaces, ending in a newline.
///
/// Works on bytes: every structural character is ASCII and no byte of a
/// multi-byte UTF-8 character is, so string contents are copied intact.
pub fn indent(compact: &str) -> String {
    let bytes = compact.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(bytes.len() + bytes.len() / 2);
    let mut depth = 0usize;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        i += 1;
        match b {
            b'"' => {
                // Copy the whole string, escapes included, in one go.
                let mut j = i;
                while let Some(&c) = bytes.get(j) {
                    j += if c == b'\\' { 2 } else { 1 };
                    if c == b'"' {
                        break;
                    }
                }
                let j = j.min(bytes.len());
                out.push(b'"');
                out.extend_from_slice(bytes.get(i..j).unwrap_or_default());
                i = j;
            }
            b'{' | b'[' => {
                out.push(b);
                // An empty object or array stays on one line: `[]`.
                if let Some(&close @ (b'}' | b']')) = bytes.get(i) {
                    out.push(close);
                    i += 1;
                } else {
                    depth += 1;
                    newline(&mut out, depth);
                }
            }
            b'}' | b']' => {
                depth = depth.saturating_sub(1);
                newline(&mut out, depth);
                out.push(b);
            }
            b',' => {
                out.push(b);
                newline(&mut out, depth);
            }
            b':' => out.extend_from_slice(b": "),
            b' ' | b'\n' | b'\r' | b'\t' => {}
            _ => out.push(b),
        }
    }
    out.push(b'\n');
    // Only ASCII was added and whole characters copied, so this cannot fail;
    // the compact text is the fallback all the same.
    String::from_utf8(out).unwrap_or_else(|_| format!("{compact}\n"))
}

fn newline(out: &mut Vec<u8>, depth: usize) {
    out.push(b'\n');
    out.resize(out.len() + 2 * depth, b' ');
}

#[cfg(test)]
mod tests {
    use super::indent;

    #[test]
    fn only_whitespace_changes() {
        let compact = r#"{"b":1,"a":[65000.00,{"k":"x, y: {\"q\"]"}],"e":[],"o":{},"n":null}"#;
        let pretty = indent(compact);
        let expected = r#"{
  "b": 1,
  "a": [
    65000.00,
    {
      "k": "x, y: {\"q\"]"
    }
  ],
  "e": [],
  "o": {},
  "n": null
}
"#;
        assert_eq!(pretty, expected);
        // Removing the added whitespace outside strings gives the input back.
        let v: serde_json::Value = serde_json::from_str(&pretty).unwrap_or_default();
        let w: serde_json::Value = serde_json::from_str(compact).unwrap_or_default();
        assert_eq!(v, w);
    }

    #[test]
    fn a_backslash_before_a_quote_ends_the_string() {
        assert_eq!(indent(r#"["a\\",1]"#), "[\n  \"a\\\\\",\n  1\n]\n");
        // Multi-byte characters are copied whole.
        assert_eq!(indent(r#"{"₹":"₹1,00,000.00 नमस्ते"}"#), "{\n  \"₹\": \"₹1,00,000.00 नमस्ते\"\n}\n");
    }
}
