//! Indents compact JSON text without parsing it.
//!
//! Re-serialising through `serde_json::Value` would print `65000.00` as
//! `65000.0` and (without `preserve_order`) sort keys; the interface's JSON
//! keeps two decimals and its own key order. Indenting the text token by
//! token changes only whitespace.

/// `compact` (valid JSON without insignificant whitespace, as
/// `serde_json::to_string` writes it) indented by two spaces, ending in a newline.
pub fn indent(compact: &str) -> String {
    let mut out = String::with_capacity(compact.len() + compact.len() / 2);
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let mut chars = compact.chars().peekable();
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '{' | '[' => {
                out.push(c);
                // An empty object or array stays on one line: `[]`.
                if matches!(chars.peek(), Some('}' | ']')) {
                    if let Some(close) = chars.next() {
                        out.push(close);
                    }
                } else {
                    depth += 1;
                    newline(&mut out, depth);
                }
            }
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                newline(&mut out, depth);
                out.push(c);
            }
            ',' => {
                out.push(c);
                newline(&mut out, depth);
            }
            ':' => out.push_str(": "),
            c if c.is_whitespace() => {}
            c => out.push(c),
        }
    }
    out.push('\n');
    out
}

fn newline(out: &mut String, depth: usize) {
    out.push('\n');
    for _ in 0..depth {
        out.push_str("  ");
    }
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
    }
}
