//! The catalogue is complete: both languages load, define the same messages with the same
//! arguments, and every message the code asks for exists in both.

use super::*;
use std::collections::{BTreeMap, BTreeSet};

/// Message ids (and `id.attr` for attributes) of a language, with the variables each uses.
fn entries(locale: Locale) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (_, text) in sources(locale) {
        let mut current: Option<String> = None;
        let mut message: Option<String> = None;
        for line in text.lines() {
            let trimmed = line.trim_start();
            if line.starts_with('#') || trimmed.is_empty() {
                continue;
            }
            if !line.starts_with(' ') {
                if let Some((id, _)) = line.split_once('=') {
                    let id = id.trim().to_string();
                    message = Some(id.clone());
                    current = Some(id);
                }
            } else if let Some(rest) = trimmed.strip_prefix('.')
                && let Some((attr, _)) = rest.split_once('=')
                && let Some(m) = &message
            {
                current = Some(format!("{m}.{}", attr.trim()));
            }
            let Some(id) = &current else { continue };
            let vars = out.entry(id.clone()).or_default();
            let mut rest = line;
            while let Some(k) = rest.find('$') {
                let name: String = rest[k + 1..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                    .collect();
                vars.insert(name);
                rest = &rest[k + 1..];
            }
        }
    }
    out
}

#[test]
fn both_languages_load() {
    for l in Locale::ALL {
        if let Err(e) = build(l) {
            panic!("{l:?}: {e}");
        }
    }
}

#[test]
fn both_languages_define_the_same_messages_with_the_same_arguments() {
    let en = entries(Locale::En);
    let ja = entries(Locale::Ja);
    let only_en: Vec<_> = en.keys().filter(|k| !ja.contains_key(*k)).collect();
    let only_ja: Vec<_> = ja.keys().filter(|k| !en.contains_key(*k)).collect();
    assert!(only_en.is_empty(), "missing in Japanese: {only_en:?}");
    assert!(only_ja.is_empty(), "missing in English: {only_ja:?}");
    for (id, vars) in &en {
        assert_eq!(vars, &ja[id], "{id}: the languages use different arguments");
    }
    assert!(
        en.len() > 100,
        "the catalogue has only {} messages",
        en.len()
    );
}

/// Every `t!` call with a literal id in the source files.
fn ids_in_code() -> BTreeSet<(String, String)> {
    fn walk(dir: &std::path::Path, out: &mut BTreeSet<(String, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs")
                && !path.ends_with("i18n/tests.rs")
            {
                let text = std::fs::read_to_string(&path).unwrap();
                let mut from = 0;
                while let Some(k) = text[from..].find(concat!("t", "!(")) {
                    let at = from + k;
                    from = at + 3;
                    let before = text[..at].chars().next_back();
                    if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                        continue;
                    }
                    // Examples in comments are not uses.
                    let line_start = text[..at].rfind('\n').map_or(0, |k| k + 1);
                    if text[line_start..at].trim_start().starts_with("//") {
                        continue;
                    }
                    let rest = text[from..].trim_start();
                    let Some(rest) = rest.strip_prefix('"') else {
                        continue;
                    };
                    if let Some(end) = rest.find('"') {
                        out.insert((rest[..end].to_string(), path.display().to_string()));
                    }
                }
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(
        // The library's manifest is src/Cargo.toml: its folder is src/.
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        &mut out,
    );
    out
}

/// Every message found from a piece's name ([`named_id`], [`variant_id`]), for each card pile
/// (alone and counted), each kind a card of the built-in deck has (all seven), each timing, each
/// tie-break, each worker and each event, exists in both languages.
#[test]
fn every_named_message_exists_in_both_languages() {
    use crate::games::fields_of_green::Deck;
    use crate::games::fields_of_green::effects::{Pile, Timing};
    use crate::games::fields_of_green::game::scoring::TieBreak;
    use crate::games::key_harvest::{EventTile, Worker};
    let deck = Deck::default_deck();
    let kinds: BTreeSet<&str> = deck
        .locations
        .iter()
        .filter_map(|d| d.kind.map(|k| k.name()))
        .collect();
    assert_eq!(kinds.len(), 7, "{kinds:?}");
    let mut ids: Vec<String> = Vec::new();
    for p in Pile::ALL {
        let id = named_id("fog-pile", p.name());
        ids.push(format!("{id}-n"));
        ids.push(id);
    }
    ids.extend(kinds.iter().map(|k| named_id("fog-kind", k)));
    ids.extend(
        [
            Timing::Immediate,
            Timing::Harvest,
            Timing::GameEnd,
            Timing::Ongoing,
        ]
        .map(|t| variant_id("fog-timing", t)),
    );
    ids.extend(
        [
            TieBreak::None,
            TieBreak::Locations,
            TieBreak::Coins,
            TieBreak::Shared,
        ]
        .map(|t| variant_id("fog-tie", t)),
    );
    for w in Worker::ALL {
        ids.extend(["kh-worker", "kh-ability"].map(|prefix| named_id(prefix, w.name())));
    }
    for e in EventTile::ALL {
        ids.extend(["kh-event", "kh-rule"].map(|prefix| named_id(prefix, e.name())));
    }
    assert_eq!(ids.len(), 4 * 2 + 7 + 4 + 4 + 12 * 2 + 14 * 2);
    assert!(ids.contains(&"fog-timing-game-end".to_string()));
    for l in Locale::ALL {
        let missing: Vec<&String> = ids.iter().filter(|id| !has(l, id)).collect();
        assert!(missing.is_empty(), "{l:?} lacks {missing:?}");
    }
}

#[test]
fn every_message_the_code_uses_exists_in_both_languages() {
    let used = ids_in_code();
    assert!(!used.is_empty());
    for l in Locale::ALL {
        let missing: Vec<_> = used.iter().filter(|(id, _)| !has(l, id)).collect();
        assert!(missing.is_empty(), "{l:?} lacks {missing:?}");
    }
}

#[test]
fn the_language_in_scope_is_the_innermost() {
    assert_eq!(current(), Locale::En);
    with(Locale::Ja, || {
        assert_eq!(current(), Locale::Ja);
        with(Locale::En, || assert_eq!(current(), Locale::En));
        assert_eq!(current(), Locale::Ja);
    });
    assert_eq!(current(), Locale::En);
    let rt = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    rt.block_on(in_locale(Locale::Ja, async {
        assert_eq!(current(), Locale::Ja);
        tokio::task::yield_now().await;
        assert_eq!(current(), Locale::Ja);
        with(Locale::En, || assert_eq!(current(), Locale::En));
    }));
}

#[test]
fn discord_locales_map_to_the_two_languages() {
    assert_eq!(Locale::from_discord("ja"), Locale::Ja);
    assert_eq!(Locale::from_discord("en-US"), Locale::En);
    assert_eq!(Locale::from_discord("en-GB"), Locale::En);
    assert_eq!(Locale::from_discord("de"), Locale::En);
    assert_eq!(Locale::from_stored(None), Locale::En);
    assert_eq!(Locale::from_stored(Some("ja")), Locale::Ja);
}

#[test]
fn a_missing_message_falls_back_to_english_then_to_its_id() {
    assert_eq!(
        format_in(Locale::Ja, "no-such-message", None),
        "no-such-message"
    );
}

/// What [`prose`] puts in place of a span it leaves out.
const HIDDEN: char = '\u{FFFC}';

/// The prose of a Fluent line: what a player reads, without placeables (`{ $name }`), code spans
/// (`` `/fog new` ``), Markdown link targets (`](...)`) and a variant's key (`*[other]`).
/// `continuation`: a line of a multi-line value, which may start with a variant's key.
fn prose(line: &str, continuation: bool) -> String {
    let line = line.trim_start();
    let line = match line.strip_prefix('*').unwrap_or(line).strip_prefix('[') {
        Some(rest) if continuation => rest.split_once(']').map_or(line, |(_, r)| r),
        _ => line,
    };
    let mut out = String::new();
    let (mut depth, mut code, mut link) = (0usize, false, 0usize);
    let mut previous = ' ';
    for c in line.chars() {
        match c {
            _ if code => code = c != '`',
            '{' if depth > 0 => depth += 1,
            '}' if depth > 0 => depth -= 1,
            _ if depth > 0 => {}
            '(' if link > 0 => link += 1,
            ')' if link > 0 => link -= 1,
            _ if link > 0 => {}
            // What is left out stands as one object replacement character, so the prose on
            // either side is not joined ("。`cmd` で" is not "。 で").
            '{' => {
                depth = 1;
                out.push(HIDDEN);
            }
            '`' => {
                code = true;
                out.push(HIDDEN);
            }
            '(' if previous == ']' => {
                link = 1;
                out.push(HIDDEN);
            }
            _ => out.push(c),
        }
        previous = c;
    }
    out
}

/// Japanese text uses full-width punctuation (issue 43): no half-width `!`, `(`, `)` or `, ` in
/// what a player reads, no half-width `: ` after Japanese, and no stray half-width space after 「。」 or 「、」 or around 「（」「）」.
#[test]
fn japanese_punctuation_is_full_width() {
    let mut bad = Vec::new();
    for (file, text) in sources(Locale::Ja) {
        for (k, line) in text.lines().enumerate() {
            if line.trim_start().starts_with('#') {
                continue;
            }
            // The message's value: after `id =` or `.attr =` (ids are ASCII), else the whole
            // continuation line.
            let p = match line.split_once('=') {
                Some((key, v))
                    if key
                        .trim()
                        .trim_start_matches('.')
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') =>
                {
                    prose(v, false)
                }
                _ => prose(line, true),
            };
            for bad_text in ["!", "(", ")", ", ", "。 ", "、 ", " （"] {
                if p.contains(bad_text) {
                    bad.push(format!("{file}:{}: {bad_text:?} in {line}", k + 1));
                }
            }
            // A colon after Japanese (or after a placeable or bold text) is the full-width 「：」,
            // which carries its own space.
            let mut prev: Option<char> = None;
            for (i, c) in p.char_indices() {
                if c == ':'
                    && p[i..].starts_with(": ")
                    && prev.is_some_and(|q| !q.is_ascii() || q == '}' || q == '*')
                {
                    bad.push(format!("{file}:{}: \": \" in {line}", k + 1));
                }
                prev = Some(c);
            }
            // A full-width bracket carries its own space: none after it, but before a " · "
            // separator.
            if p.match_indices("） ")
                .any(|(i, _)| !p[i..].starts_with("） ·"))
            {
                bad.push(format!("{file}:{}: \"） \" in {line}", k + 1));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "half-width punctuation:\n{}",
        bad.join("\n")
    );
    // The check itself sees what it must.
    assert_eq!(
        prose(" a (b) c! { $x -> [one] d } `e (f)` [g](h)", false),
        "a (b) c! \u{FFFC} \u{FFFC} [g]\u{FFFC}"
    );
    assert_eq!(prose("    *[other] x (y)", true), " x (y)");
}
