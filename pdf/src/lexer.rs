//! A zero-copy tokenizer for content streams and CMaps.
//!
//! Content streams are the hot path of text extraction, so the lexer hands out
//! slices of the input and decodes strings into one scratch buffer that the
//! caller clears per operator: no allocation per token.

/// One token of a content stream.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Token<'a> {
    /// A number (integers and reals alike).
    Number(f32),
    /// A name without the leading `/`, undecoded (`#xx` escapes kept).
    Name(&'a [u8]),
    /// A string: a range of the scratch buffer holding its decoded bytes.
    Str { start: usize, end: usize },
    /// `[`
    ArrayStart,
    /// `]`
    ArrayEnd,
    /// `<<`
    DictStart,
    /// `>>`
    DictEnd,
    /// An operator or keyword (`Tj`, `true`, `beginbfchar`, ...).
    Keyword(&'a [u8]),
}

/// Tokenizer over one byte slice.
#[derive(Debug)]
pub(crate) struct Lexer<'a> {
    data: &'a [u8],
    pos: usize,
}

/// Nesting of `(` in literal strings deeper than this ends the string (hostile input).
const MAX_PAREN_DEPTH: u32 = 256;

pub(crate) fn is_white(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t' | b'\x0c' | b'\0')
}

fn is_delim(b: u8) -> bool {
    matches!(b, b'(' | b')' | b'<' | b'>' | b'[' | b']' | b'{' | b'}' | b'/' | b'%')
}

fn hex_val(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

impl<'a> Lexer<'a> {
    pub(crate) fn new(data: &'a [u8]) -> Self {
        Lexer { data, pos: 0 }
    }

    fn peek(&self) -> Option<u8> {
        self.data.get(self.pos).copied()
    }

    fn skip_space(&mut self) {
        while let Some(b) = self.peek() {
            if is_white(b) {
                self.pos += 1;
            } else if b == b'%' {
                while let Some(c) = self.peek() {
                    if c == b'\n' || c == b'\r' {
                        break;
                    }
                    self.pos += 1;
                }
            } else {
                break;
            }
        }
    }

    fn regular_run(&mut self) -> &'a [u8] {
        let start = self.pos;
        while let Some(b) = self.peek() {
            if is_white(b) || is_delim(b) {
                break;
            }
            self.pos += 1;
        }
        self.data.get(start..self.pos).unwrap_or_default()
    }

    /// The next token, decoding strings into `scratch`; `None` at the end.
    pub(crate) fn next_token(&mut self, scratch: &mut Vec<u8>) -> Option<Token<'a>> {
        loop {
            self.skip_space();
            let b = self.peek()?;
            match b {
                b'/' => {
                    self.pos += 1;
                    return Some(Token::Name(self.regular_run()));
                }
                b'(' => {
                    self.pos += 1;
                    let start = scratch.len();
                    self.literal_string(scratch);
                    return Some(Token::Str { start, end: scratch.len() });
                }
                b'<' => {
                    if self.data.get(self.pos + 1) == Some(&b'<') {
                        self.pos += 2;
                        return Some(Token::DictStart);
                    }
                    self.pos += 1;
                    let start = scratch.len();
                    self.hex_string(scratch);
                    return Some(Token::Str { start, end: scratch.len() });
                }
                b'>' => {
                    self.pos += 1;
                    if self.peek() == Some(b'>') {
                        self.pos += 1;
                        return Some(Token::DictEnd);
                    }
                    // A stray '>' is noise; skip it.
                }
                b'[' => {
                    self.pos += 1;
                    return Some(Token::ArrayStart);
                }
                b']' => {
                    self.pos += 1;
                    return Some(Token::ArrayEnd);
                }
                b'{' | b'}' | b')' => {
                    // PostScript procedures (in CMaps) and stray parens carry nothing for us.
                    self.pos += 1;
                }
                b'0'..=b'9' | b'+' | b'-' | b'.' => {
                    let run = self.regular_run();
                    if run.is_empty() {
                        self.pos += 1;
                        continue;
                    }
                    return Some(match parse_number(run) {
                        Some(n) => Token::Number(n),
                        None => Token::Keyword(run),
                    });
                }
                _ => {
                    let run = self.regular_run();
                    if run.is_empty() {
                        self.pos += 1;
                        continue;
                    }
                    return Some(Token::Keyword(run));
                }
            }
        }
    }

    fn literal_string(&mut self, out: &mut Vec<u8>) {
        let mut depth = 0u32;
        while let Some(b) = self.peek() {
            self.pos += 1;
            match b {
                b'\\' => {
                    let Some(e) = self.peek() else { return };
                    self.pos += 1;
                    match e {
                        b'n' => out.push(b'\n'),
                        b'r' => out.push(b'\r'),
                        b't' => out.push(b'\t'),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'\r' => {
                            if self.peek() == Some(b'\n') {
                                self.pos += 1;
                            }
                        }
                        b'\n' => {}
                        b'0'..=b'7' => {
                            let mut v = u32::from(e - b'0');
                            for _ in 0..2 {
                                match self.peek() {
                                    Some(d @ b'0'..=b'7') => {
                                        v = v * 8 + u32::from(d - b'0');
                                        self.pos += 1;
                                    }
                                    _ => break,
                                }
                            }
                            out.push((v & 0xff) as u8);
                        }
                        other => out.push(other),
                    }
                }
                b'(' => {
                    depth += 1;
                    if depth > MAX_PAREN_DEPTH {
                        return;
                    }
                    out.push(b);
                }
                b')' => {
                    if depth == 0 {
                        return;
                    }
                    depth -= 1;
                    out.push(b);
                }
                _ => out.push(b),
            }
        }
    }

    fn hex_string(&mut self, out: &mut Vec<u8>) {
        let mut hi: Option<u8> = None;
        while let Some(b) = self.peek() {
            self.pos += 1;
            if b == b'>' {
                break;
            }
            if let Some(v) = hex_val(b) {
                match hi.take() {
                    Some(h) => out.push(h << 4 | v),
                    None => hi = Some(v),
                }
            }
        }
        if let Some(h) = hi {
            out.push(h << 4);
        }
    }

    /// Skip the data of an inline image: called right after the `ID` keyword,
    /// moves past the matching `EI`. Producers do not always set white space
    /// before `EI` (HSBC's statements end the image data with it directly), so
    /// an `EI` glued to the data counts when what follows it reads as content
    /// operators (printable ASCII), as viewers accept.
    pub(crate) fn skip_inline_image(&mut self) {
        // One white-space byte follows ID.
        self.pos += 1;
        let data = self.data;
        let mut i = self.pos;
        while i + 1 < data.len() {
            if data.get(i..i + 2) == Some(b"EI") && data.get(i + 2).is_none_or(|&b| is_white(b) || is_delim(b)) {
                let spaced = i > 0 && data.get(i - 1).is_some_and(|&b| is_white(b));
                let after = data.get(i + 2..(i + 34).min(data.len())).unwrap_or_default();
                let text_follows =
                    after.iter().all(|&b| b == b'\t' || b == b'\n' || b == b'\r' || (0x20..0x7f).contains(&b));
                if spaced || text_follows {
                    self.pos = i + 2;
                    return;
                }
            }
            i += 1;
        }
        self.pos = data.len();
    }
}

/// Parse a PDF number (`12`, `-3.5`, `.5`, `4.`); `None` when it is not one.
pub(crate) fn parse_number(s: &[u8]) -> Option<f32> {
    let mut neg = false;
    let mut i = 0;
    while let Some(&c) = s.get(i) {
        match c {
            b'-' => neg = !neg,
            b'+' => {}
            _ => break,
        }
        i += 1;
    }
    let mut int: f64 = 0.0;
    let mut frac: f64 = 0.0;
    let mut scale = 1.0f64;
    let mut seen_dot = false;
    let mut digits = 0;
    for &c in s.get(i..)? {
        match c {
            b'0'..=b'9' => {
                digits += 1;
                if seen_dot {
                    scale *= 0.1;
                    frac += f64::from(c - b'0') * scale;
                } else {
                    int = int * 10.0 + f64::from(c - b'0');
                }
            }
            b'.' if !seen_dot => seen_dot = true,
            // Tolerate junk such as "1.2.3" or "4-5" the way viewers do: stop there.
            _ => break,
        }
    }
    if digits == 0 {
        return None;
    }
    let v = (int + frac) as f32;
    Some(if neg { -v } else { v })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn tokens(src: &[u8]) -> (Vec<String>, Vec<u8>) {
        let mut lx = Lexer::new(src);
        let mut scratch = Vec::new();
        let mut out = Vec::new();
        while let Some(t) = lx.next_token(&mut scratch) {
            out.push(match t {
                Token::Number(n) => format!("{n}"),
                Token::Name(n) => format!("/{}", String::from_utf8_lossy(n)),
                Token::Str { start, end } => format!("({})", String::from_utf8_lossy(&scratch[start..end])),
                Token::ArrayStart => "[".into(),
                Token::ArrayEnd => "]".into(),
                Token::DictStart => "<<".into(),
                Token::DictEnd => ">>".into(),
                Token::Keyword(k) => String::from_utf8_lossy(k).into_owned(),
            });
        }
        (out, scratch)
    }

    #[test]
    fn lexes_operators_strings_and_numbers() {
        let (t, _) =
            tokens(b"BT /F1 12 Tf 1 0 0 1 72.5 -.5 Tm (a\\(b\\)c\\101) Tj [(x) -250 <4142>] TJ ET % comment\n");
        assert_eq!(
            t,
            vec![
                "BT", "/F1", "12", "Tf", "1", "0", "0", "1", "72.5", "-0.5", "Tm", "(a(b)cA)", "Tj", "[", "(x)",
                "-250", "(AB)", "]", "TJ", "ET"
            ]
        );
    }

    #[test]
    fn nested_parens_and_odd_hex() {
        let (t, _) = tokens(b"(a(b)c) <414> <</A 1>>");
        assert_eq!(t, vec!["(a(b)c)", "(A@)", "<<", "/A", "1", ">>"]);
    }

    #[test]
    fn skips_inline_images_whose_data_runs_into_ei() {
        // No white space between the image data and EI (HSBC UK statements).
        let src = b"BI /W 8 /H 1 /BPC 1 /IM true ID \x0f\x80EI\nQ BT (x) Tj ET";
        let mut lx = Lexer::new(src);
        let mut s = Vec::new();
        while let Some(t) = lx.next_token(&mut s) {
            if t == Token::Keyword(b"ID") {
                lx.skip_inline_image();
                break;
            }
        }
        assert_eq!(lx.next_token(&mut s), Some(Token::Keyword(b"Q")));
    }

    #[test]
    fn skips_inline_images() {
        let src = b"BI /W 2 /H 1 ID \x00EI\xffxx EI Q";
        let mut lx = Lexer::new(src);
        let mut s = Vec::new();
        while let Some(t) = lx.next_token(&mut s) {
            if t == Token::Keyword(b"ID") {
                lx.skip_inline_image();
                break;
            }
        }
        assert_eq!(lx.next_token(&mut s), Some(Token::Keyword(b"Q")));
    }

    #[test]
    fn numbers() {
        assert_eq!(parse_number(b"-12.25"), Some(-12.25));
        assert_eq!(parse_number(b"4."), Some(4.0));
        assert_eq!(parse_number(b"--3"), Some(3.0));
        assert_eq!(parse_number(b"-"), None);
    }
}
