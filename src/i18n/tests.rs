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
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut out,
    );
    out
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
