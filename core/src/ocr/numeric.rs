//! The numeric-aware pass: amounts, balances and dates decide whether the
//! balance chain proves a row, and OCR's commonest slips are letters read in
//! place of digits (`O` for 0, `l` for 1, `S` for 5) and stray punctuation.
//!
//! A token that is a number with a few such letters in it is mended here;
//! the engine then reads the figures it still doubts a second time with a
//! digit-only alphabet (see `engine`).

/// Characters a number is printed with.
fn numeric_char(c: char) -> bool {
    c.is_ascii_digit() || matches!(c, ',' | '.' | '-' | '/' | ':')
}

/// The digit a letter stands for inside a number.
fn as_digit(c: char) -> Option<char> {
    Some(match c {
        'O' | 'o' | 'D' | 'Q' | 'U' => '0',
        'l' | 'I' | 'i' | '|' | '!' | ']' | '[' | 'J' => '1',
        'Z' | 'z' => '2',
        'S' | 's' => '5',
        'G' | 'b' => '6',
        'B' => '8',
        'g' | 'q' => '9',
        _ => return None,
    })
}

/// `$` before a figure is a currency sign on a page that prints it before
/// its amounts ("$2,716.50" throughout an NZ statement), and a misread `5`
/// where it is rare (one "$44.11" among an Indian statement's "544.11"s):
/// when fewer than a quarter of a page's figures carry it, each `$` that
/// starts a figure is read as 5.
pub(crate) fn dollar_or_five(words: &mut [super::engine::PixelWord]) {
    let figure = |t: &str| is_numeric(t.trim_start_matches('$'));
    let figures = words.iter().filter(|w| figure(&w.text)).count();
    let dollars = words.iter().filter(|w| w.text.starts_with('$') && figure(&w.text)).count();
    if dollars == 0 || dollars * 4 >= figures {
        return;
    }
    for w in
        words.iter_mut().filter(|w| w.text.starts_with('$') && w.text[1..].starts_with(|c: char| c.is_ascii_digit()))
    {
        w.text.replace_range(..1, "5");
    }
}

/// True when `text` reads as a figure: at least two digits, and nothing but
/// digits and separators once its edges' punctuation is trimmed.
pub(crate) fn is_numeric(text: &str) -> bool {
    let t = trim_edges(text);
    t.chars().filter(char::is_ascii_digit).count() >= 2 && t.chars().all(numeric_char)
}

/// For each word: whether it stands in a column of figures, i.e. at least
/// three figures on other lines start or end where it does (within its
/// height). A word OCR garbled there ("ees" for 15,000.00 in a Debit column,
/// "erro" for a date) is a figure misread, worth a second reading.
pub(crate) fn in_figure_column(words: &[super::engine::PixelWord]) -> Vec<bool> {
    let figures: Vec<&super::engine::PixelWord> = words.iter().filter(|w| is_numeric(&w.text)).collect();
    words
        .iter()
        .map(|w| {
            let tol = w.height.max(4);
            let (left, right) = (w.left, w.left + w.width);
            figures
                .iter()
                .filter(|f| {
                    f.line != w.line && (f.left.abs_diff(left) <= tol || (f.left + f.width).abs_diff(right) <= tol)
                })
                .count()
                >= 3
        })
        .collect()
}

/// True for a day of the month printed alone ("3", "13").
pub(crate) fn is_day(text: &str) -> bool {
    !text.is_empty() && text.len() <= 2 && text.chars().all(|c| c.is_ascii_digit())
}

/// Trailing dots, commas and quotes that OCR leaves after a figure ("2,121.00,"),
/// and opening quotes before it; a trailing "Cr"/"Dr" is not touched.
fn trim_edges(text: &str) -> &str {
    text.trim_start_matches(['\'', '"', '`', ',', '.', '‘', '’', '“', '”'])
        .trim_end_matches(['\'', '"', '`', ',', '.', ':', ';', '‘', '’', '“', '”', '°'])
}

/// Mends a token that is a number with a few letters read for digits: at
/// least two real digits, at most one mended character per three digits,
/// nothing that is neither a digit, a separator nor a known stand-in. Returns
/// `None` when the token is not such a number (words and account numbers
/// with real letters stay as read).
pub(crate) fn mend(text: &str) -> Option<String> {
    let t = trim_edges(text);
    let digits = t.chars().filter(char::is_ascii_digit).count();
    if digits == 1 && t.len() == 1 && t != text {
        // A quote or speck before a day's digit ("'9").
        return Some(t.to_string());
    }
    if digits < 2 {
        return None;
    }
    let mut out = String::with_capacity(t.len());
    let mut mended = 0;
    for c in t.chars() {
        if numeric_char(c) {
            out.push(c);
        } else if let Some(d) = as_digit(c) {
            out.push(d);
            mended += 1;
        } else {
            return None;
        }
    }
    if mended * 3 > digits.max(1) {
        return None;
    }
    // A money figure ends in two decimals; OCR reads the point as a comma
    // ("2,121,00"). No grouping (Western or lakh) ends in a group of two.
    if !out.contains('.')
        && let Some(pos) = out.rfind(',')
        && out.len() - pos == 3
        && out.get(pos + 1..).is_some_and(|d| d.chars().all(|c| c.is_ascii_digit()))
    {
        out.replace_range(pos..pos + 1, ".");
    }
    (out != text).then_some(out)
}

const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/// A month name that OCR ran into punctuation: `Apr.` is `Apr`, and
/// `May.2024` is `May` and `2024` (the dot is a speck between them).
pub(crate) fn month_split(text: &str) -> Option<(String, Option<String>)> {
    let letters: String = text.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
    if letters.len() != 3 || !MONTHS.contains(&letters.to_ascii_lowercase().as_str()) {
        return None;
    }
    let rest = text.get(3..)?;
    let after = rest.trim_start_matches(['.', ',', '\'', ':']);
    if after.len() == rest.len() {
        return None;
    }
    if after.is_empty() {
        return Some((letters, None));
    }
    (after.len() == 4 && after.chars().all(|c| c.is_ascii_digit())).then(|| (letters, Some(after.to_string())))
}

#[cfg(test)]
mod tests {
    use super::super::engine::PixelWord;

    fn words(texts: &[&str]) -> Vec<PixelWord> {
        texts
            .iter()
            .map(|t| PixelWord {
                text: (*t).to_string(),
                left: 0,
                top: 0,
                width: 1,
                height: 1,
                confidence: 90.0,
                line: (0, 0, 0),
            })
            .collect()
    }

    #[test]
    fn a_rare_dollar_before_a_figure_is_a_five_a_common_one_a_currency_sign() {
        let mut w = words(&["$44.11", "1,200.00", "544.11", "2,300.00", "12.00", "UPI/$X"]);
        dollar_or_five(&mut w);
        assert_eq!(w[0].text, "544.11");
        assert_eq!(w[5].text, "UPI/$X");
        let mut w = words(&["$2,716.50", "$12.00", "$300.00", "45.00"]);
        dollar_or_five(&mut w);
        assert_eq!(w[0].text, "$2,716.50");
    }

    use super::*;

    #[test]
    fn a_garbled_word_under_figures_stands_in_their_column() {
        // Balances right-aligned at x = 500 on three lines; "ees" ends there
        // on a fourth, "Total" stands far to the left.
        let mut w = words(&["1,200.00", "12,480.00", "40,145.50", "ees", "Total"]);
        for (i, x) in w.iter_mut().enumerate() {
            x.line = (1, 1, i as u32);
            x.height = 20;
            x.width = 60;
            x.left = 440;
        }
        w[4].left = 100;
        assert_eq!(in_figure_column(&w), vec![false, false, false, true, false]);
    }

    #[test]
    fn letters_in_figures_become_digits() {
        assert_eq!(mend("1,2O,000.00").as_deref(), Some("1,20,000.00"));
        assert_eq!(mend("S00.00").as_deref(), Some("500.00"));
        assert_eq!(mend("l,871.00").as_deref(), Some("1,871.00"));
        assert_eq!(mend("2,121.00,").as_deref(), Some("2,121.00"));
        assert_eq!(mend("O1/04/2024").as_deref(), Some("01/04/2024"));
        assert_eq!(mend("1,21,621,00").as_deref(), Some("1,21,621.00"));
        // Words and identifiers stay as read.
        assert_eq!(mend("S1ACPN0625"), None);
        assert_eq!(mend("BANK"), None);
        assert_eq!(mend("SOS"), None);
        assert_eq!(mend("2,121.00"), None);
        assert_eq!(mend("1,200"), None);
        assert_eq!(mend("'9").as_deref(), Some("9"));
        // A currency sign is not a 5 ("$2,716.50").
        assert_eq!(mend("$2,716.50"), None);
        assert!(is_numeric("2,121.00") && is_numeric("01/04/2024") && !is_numeric("Apr"));
        assert_eq!(month_split("Apr."), Some(("Apr".into(), None)));
        assert_eq!(month_split("May.2024"), Some(("May".into(), Some("2024".into()))));
        assert_eq!(month_split("May"), None);
        assert_eq!(month_split("Mayor."), None);
    }
}
