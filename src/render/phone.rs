//! Score pads for a phone (issue 32): monospaced lines of at most [`COLUMNS`] columns, the width
//! a 390 px screen shows in a Discord code block without wrapping. Instead of one column per
//! player (too wide past two players), each player gets a block of lines, ranked, and every line
//! is a label with its number at the right edge.

//!
//! Each game's pad is in its own folder (`render/<game>/phone.rs`); the measures are here.

/// The width of `s` in a monospaced code block: East Asian wide characters take two columns
/// (the `unicode-width` crate's measure, as every pad's).
pub fn width(s: &str) -> usize {
    text_width(s)
}

/// Columns a character takes in a monospaced font, by its East Asian width (UAX #11, from the
/// `unicode-width` crate): 2 for kanji, kana and full-width forms, 1 for most others, 0 for
/// combining marks and control characters.
pub(crate) fn char_width(c: char) -> usize {
    unicode_width::UnicodeWidthChar::width(c).unwrap_or(0)
}

/// Columns a text takes in a monospaced font.
pub(crate) fn text_width(s: &str) -> usize {
    s.chars().map(char_width).sum()
}

/// The widest monospaced line a 390 px phone shows.
pub const COLUMNS: usize = 34;

/// `s` cut to at most `max` columns (wide characters take two), with `…` when cut.
pub fn clip(s: &str, max: usize) -> String {
    if width(s) <= max {
        return s.to_string();
    }
    let mut out = String::new();
    for c in s.chars() {
        if width(&out) + width(&c.to_string()) + 1 > max {
            break;
        }
        out.push(c);
    }
    out.push('…');
    out
}

/// `label` at `indent`, `value` flush with the right edge; the label is clipped to leave one
/// space before the value.
pub fn line(indent: usize, label: &str, value: &str) -> String {
    let room = COLUMNS.saturating_sub(indent + width(value) + 1);
    let label = clip(label, room);
    let fill = COLUMNS.saturating_sub(indent + width(&label) + width(value));
    format!("{}{label}{}{value}", " ".repeat(indent), " ".repeat(fill))
}

/// `text` broken at spaces into lines of at most [`COLUMNS`] columns (a word longer than that
/// is clipped).
pub fn wrap(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let word = clip(word, COLUMNS);
        if current.is_empty() {
            current = word;
        } else if width(&current) + 1 + width(&word) <= COLUMNS {
            current.push(' ');
            current.push_str(&word);
        } else {
            out.push(std::mem::take(&mut current));
            current = word;
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_fit_and_keep_their_numbers() {
        let l = line(2, "A label much too long to fit on a phone screen", "123");
        assert_eq!(width(&l), COLUMNS, "{l:?}");
        assert!(l.ends_with(" 123") && l.contains('…'), "{l:?}");
        let l = line(0, "1. Ada", "66");
        assert_eq!(width(&l), COLUMNS);
        assert!(l.starts_with("1. Ada ") && l.ends_with("66"));
        // Japanese takes two columns a character.
        let l = line(2, "ゲーム終了時の得点の合計と内訳の説明", "9");
        assert!(width(&l) <= COLUMNS, "{l:?}");
        for w in wrap("Winner: Ada and Bram (still tied after both tie-breaks: a shared win)") {
            assert!(width(&w) <= COLUMNS, "{w:?}");
        }
    }
}
