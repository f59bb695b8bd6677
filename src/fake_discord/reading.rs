//! How a scripted player (or a check) recognises a text whatever the language it is shown in:
//! the player knows the English words ("Refresh", "Final scores"), and the catalogue says what
//! the same message reads in every language. Only single-line messages are looked at (labels and
//! titles, and the first line of longer ones); a placeable (`{ $table }`) ends the fixed start of a text and begins its fixed end.

use crate::i18n::{Locale, sources};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, OnceLock};

/// Every single-line message of a language: id -> raw pattern.
fn lines(locale: Locale) -> &'static BTreeMap<String, String> {
    static EN: OnceLock<BTreeMap<String, String>> = OnceLock::new();
    static JA: OnceLock<BTreeMap<String, String>> = OnceLock::new();
    let cell = match locale {
        Locale::En => &EN,
        Locale::Ja => &JA,
    };
    cell.get_or_init(|| {
        let mut out = BTreeMap::new();
        for (_, text) in sources(locale) {
            for line in text.lines() {
                if line.starts_with([' ', '#', '.']) || line.trim().is_empty() {
                    continue;
                }
                // A message continued on the next lines keeps its first line: enough for its
                // fixed start (`Start ({ $n ->`), never equal to a whole label.
                if let Some((id, value)) = line.split_once(" = ") {
                    out.insert(id.trim().to_string(), value.trim().to_string());
                }
            }
        }
        out
    })
}

/// The fixed text before the first placeable.
fn head(pattern: &str) -> &str {
    pattern.split('{').next().unwrap_or("")
}

/// The fixed text after the last placeable.
fn tail(pattern: &str) -> &str {
    pattern.rsplit('}').next().unwrap_or("")
}

/// What `english` (a whole message, no arguments) reads in every language.
pub fn same_as(english: &str) -> Vec<&'static str> {
    remembered(Question::SameAs, english, || {
        let mut out = vec![];
        for (id, v) in lines(Locale::En) {
            if v == english {
                for l in Locale::ALL {
                    if let Some(t) = lines(l).get(id) {
                        out.push(t.as_str());
                    }
                }
            }
        }
        out
    })
    .to_vec()
}

/// The questions [`remembered`] keeps the answers to.
#[derive(Clone, Copy)]
enum Question {
    /// [`same_as`].
    SameAs,
    /// The non-empty fixed starts, in every language, of the messages whose English starts
    /// with the text ([`starts_like`]).
    Heads,
    /// The non-empty fixed ends of the messages whose English ends with the text ([`ends_like`]).
    Tails,
    /// The fixed starts of 3 characters or more of the messages whose English contains the text
    /// ([`contains_like`]).
    HeadsWithin,
}

/// The answer to a question about an English text, worked out once: the players and the checks
/// ask the same few questions thousands of times a game ("Final scores" of every message they
/// look at), and each answer walks the whole catalogue of both languages (it was 8% of two
/// end-to-end games' CPU samples under perf, in the catalogue's string comparisons).
fn remembered(
    question: Question,
    english: &str,
    work: impl FnOnce() -> Vec<&'static str>,
) -> Arc<[&'static str]> {
    type Answers = Mutex<HashMap<String, Arc<[&'static str]>>>;
    static ANSWERS: OnceLock<[Answers; 4]> = OnceLock::new();
    let answers = &ANSWERS.get_or_init(Default::default)[question as usize];
    if let Some(known) = answers
        .lock()
        .expect("the catalogue's answers")
        .get(english)
    {
        return known.clone();
    }
    let answer: Arc<[&'static str]> = work().into();
    answers
        .lock()
        .expect("the catalogue's answers")
        .insert(english.to_string(), answer.clone());
    answer
}

/// The fixed texts (starts or ends, as `part` cuts them) of every language's form of the
/// messages whose English text passes `english_matches`, when `keep` takes them.
fn parts(
    english_matches: impl Fn(&str) -> bool,
    part: fn(&'static str) -> &'static str,
    keep: fn(&str) -> bool,
) -> Vec<&'static str> {
    let mut out = vec![];
    for (id, v) in lines(Locale::En) {
        if english_matches(v) {
            for l in Locale::ALL {
                if let Some(p) = lines(l).get(id) {
                    let fixed = part(p.as_str());
                    if keep(fixed) {
                        out.push(fixed);
                    }
                }
            }
        }
    }
    out
}

/// True when `text` is the message that reads `english` in English, in any language.
pub fn says(text: &str, english: &str) -> bool {
    text == english || same_as(english).contains(&text)
}

/// True when `text` starts like a message whose English text starts with `english`, in any
/// language (the message's fixed start, before its first argument, must be non-empty).
pub fn starts_like(text: &str, english: &str) -> bool {
    like(
        text,
        english,
        Question::Heads,
        |t, p| t.starts_with(p),
        head,
    )
}

/// True when `text` ends like a message whose English text ends with `english`, in any
/// language (the message's fixed end, after its last argument, must be non-empty).
pub fn ends_like(text: &str, english: &str) -> bool {
    like(text, english, Question::Tails, |t, p| t.ends_with(p), tail)
}

/// [`starts_like`] and [`ends_like`]: `at` says whether a text has a piece at the end looked
/// at, `part` cuts that end's fixed text out of a pattern, `question` remembers the answers.
fn like(
    text: &str,
    english: &str,
    question: Question,
    at: fn(&str, &str) -> bool,
    part: fn(&'static str) -> &'static str,
) -> bool {
    at(text, english)
        || remembered(question, english, || {
            parts(|v| at(v, english), part, |p| !p.trim().is_empty())
        })
        .iter()
        .any(|p| at(text, p))
}

/// True when `text` contains a message that reads `english` (whole, no arguments) in any
/// language.
pub fn contains_said(text: &str, english: &str) -> bool {
    text.contains(english) || same_as(english).iter().any(|t| text.contains(t))
}

/// True when `text` contains the fixed start of a message whose English text contains
/// `english`, in any language (e.g. "Your counters" in `**Your counters** ({ $total } in all)`).
pub fn contains_like(text: &str, english: &str) -> bool {
    text.contains(english)
        || remembered(Question::HeadsWithin, english, || {
            parts(
                |v| v.contains(english),
                head,
                |h| h.trim().chars().count() >= 3,
            )
        })
        .iter()
        .any(|h| text.contains(h))
}

/// True when a text has Japanese in it (kana or kanji).
pub fn has_japanese(s: &str) -> bool {
    s.chars()
        .any(|c| matches!(c as u32, 0x3040..=0x30FF | 0x4E00..=0x9FFF))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_is_known_in_every_language() {
        assert!(says("Join", "Join"));
        assert!(says("参加", "Join"));
        assert!(!says("抜ける", "Join"));
        assert!(starts_like("開始（3人）", "Start ("));
        assert!(ends_like("Fields of Green · table #3", "table #3"));
    }
}
