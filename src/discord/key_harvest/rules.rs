//! `/kh rules [topic]`: the rules of Key Harvest in our own words (as docs/RULES.md states them,
//! with the KH ruling numbers), by topic, each within one embed. A worker's or an event's
//! name or letter opens its topic; an unknown topic answers with the list of topics.

use crate::discord::spec::{self, EmbedSpec, MessageSpec, limits};
use crate::discord::topics::Topics;
use crate::games::key_harvest::{EventTile, Worker};
use crate::render::key_harvest::text::{event_name, worker_name};
use crate::t;

const COLOUR: u32 = 0x8BC34A;

/// Topic names (the words `/kh rules` takes, in every language).
pub(crate) const TOPICS: Topics = Topics::new(
    "kh",
    &[
        "overview",
        "setup",
        "turn",
        "actions",
        "workers",
        "events",
        "drawing",
        "end",
        "information",
        "rulings",
        "discord",
    ],
);

/// The rules topics `/kh rules` offers (for autocomplete).
pub fn rules_topics() -> Vec<&'static str> {
    TOPICS.keys().to_vec()
}

/// The topic a query names: a topic, a common word for one, or a worker's or event's name or
/// letter.
fn resolve(q: &str) -> Option<&'static str> {
    let t = q.trim().to_lowercase().replace(['_', ' '], "-");
    let alias = match t.as_str() {
        "harvest" | "action" | "stores" | "store" | "registry" | "bids" | "bid" | "bidding" => {
            "actions"
        }
        "worker" | "townsfolk" | "farmhands" => "workers",
        "event" => "events",
        "scoring" | "score" | "scores" | "winning" | "game-end" | "tie" | "ties" => "end",
        "hidden" | "public" | "counters" | "info" => "information",
        "ruling" | "kh" | "our-rulings" => "rulings",
        "help" | "bot" | "screen" | "table" => "discord",
        "start" | "set-up" => "setup",
        "turns" => "turn",
        "refill" | "draws" | "chains" | "reposition-bonus" => "drawing",
        other => other,
    };
    if let Some(topic) = TOPICS.find(alias) {
        return Some(topic);
    }
    let raw = q.trim();
    // A worker's or event's name in either language, or its letter.
    let named = |name: String| name.eq_ignore_ascii_case(raw);
    let in_both = |f: &dyn Fn() -> String| {
        crate::i18n::Locale::ALL
            .into_iter()
            .any(|l| named(crate::i18n::with(l, f)))
    };
    if Worker::parse(raw).is_some() || Worker::ALL.into_iter().any(|w| in_both(&|| worker_name(w)))
    {
        return Some("workers");
    }
    if EventTile::parse(raw).is_some()
        || EventTile::ALL
            .into_iter()
            .any(|e| in_both(&|| event_name(e)))
    {
        return Some("events");
    }
    None
}

/// The list of topics, one line each.
fn topic_list() -> String {
    TOPICS
        .keys()
        .iter()
        .map(|t| format!("**{t}** · {}", TOPICS.label(t)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A rules topic (see [`rules_topics`]); `None` gives the overview. An unknown topic answers
/// with the list of topics.
pub fn rules(topic: Option<&str>) -> MessageSpec {
    let asked = topic.map(str::trim).filter(|t| !t.is_empty());
    let embed = match asked {
        None => TOPICS.text("overview"),
        Some(q) => resolve(q).and_then(|t| TOPICS.text(t)),
    };
    let mut m = MessageSpec::default();
    match embed {
        Some((title, body)) => m.embeds.push(EmbedSpec {
            title,
            description: body,
            color: COLOUR,
            footer: Some(t!("kh-rules-footer", topics = rules_topics().join(", "))),
            ..Default::default()
        }),
        None => {
            m.content = spec::clip(
                &t!(
                    "kh-rules-unknown",
                    topic = crate::discord::ui::esc(asked.unwrap_or_default())
                ),
                limits::CONTENT,
            );
            m.embeds.push(EmbedSpec {
                title: t!("kh-rules-topics-title"),
                description: format!("{}\n\n{}", topic_list(), t!("kh-rules-topics-note")),
                color: COLOUR,
                ..Default::default()
            });
        }
    }
    for e in &mut m.embeds {
        e.description = spec::clip(&e.description, limits::DESCRIPTION);
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_of(m: &MessageSpec) -> String {
        let mut s = m.content.clone();
        for e in &m.embeds {
            s.push_str(&e.title);
            s.push_str(&e.description);
        }
        s
    }

    #[test]
    fn every_topic_fits_and_has_its_own_text() {
        let mut titles = Vec::new();
        for t in rules_topics() {
            let m = rules(Some(t));
            spec::check(&m).unwrap_or_else(|e| panic!("{t}: {e}"));
            assert!(m.content.is_empty(), "{t} is a known topic");
            let e = &m.embeds[0];
            // Nothing was clipped: every topic fits whole.
            assert!(!e.description.ends_with('…'), "{t} was cut");
            assert!(e.description.chars().count() < limits::DESCRIPTION);
            titles.push(e.title.clone());
        }
        titles.sort();
        titles.dedup();
        assert_eq!(titles.len(), rules_topics().len());
        spec::check(&rules(None)).unwrap();
        assert!(text_of(&rules(None)).contains("overview"));
    }

    #[test]
    fn the_required_topics_exist() {
        for t in [
            "overview", "turn", "actions", "workers", "events", "end", "rulings",
        ] {
            assert!(rules_topics().contains(&t), "{t}");
        }
    }

    /// Each piece (its letter, its name) has an entry in `topic`: `**L ` and its name.
    fn each_described(topic: &str, pieces: impl IntoIterator<Item = (char, &'static str)>) {
        let text = text_of(&rules(Some(topic)));
        for (letter, name) in pieces {
            assert!(text.contains(&format!("**{letter} ")), "{topic}: {name}");
            assert!(text.to_lowercase().contains(name), "{topic}: {name}");
        }
    }

    #[test]
    fn every_worker_and_event_is_described() {
        each_described("workers", Worker::ALL.map(|w| (w.letter(), w.name())));
        each_described("events", EventTile::ALL.map(|e| (e.letter(), e.name())));
        let actions = text_of(&rules(Some("actions"))).to_lowercase();
        for word in ["harvest", "worker", "store", "registry", "bid"] {
            assert!(actions.contains(word), "{word}");
        }
    }

    #[test]
    fn aliases_names_and_letters_open_their_topic() {
        assert_eq!(rules(Some("harvest")), rules(Some("actions")));
        assert_eq!(rules(Some("Bids")), rules(Some("actions")));
        assert_eq!(rules(Some("scoring")), rules(Some("end")));
        assert_eq!(rules(Some("lawyer")), rules(Some("workers")));
        assert_eq!(rules(Some("J")), rules(Some("workers")));
        assert_eq!(rules(Some("windfall")), rules(Some("events")));
        assert_eq!(rules(Some("z")), rules(Some("events")));
        assert_eq!(rules(Some("  ")), rules(None));
    }

    #[test]
    fn an_unknown_topic_lists_the_topics() {
        let m = rules(Some("chess <@everyone>"));
        spec::check(&m).unwrap();
        assert!(m.content.contains("no rules topic"));
        assert!(!m.content.contains("<@everyone>"));
        let text = text_of(&m);
        for t in rules_topics() {
            assert!(text.contains(&format!("**{t}**")), "{t}");
        }
        let long = "x".repeat(5000);
        spec::check(&rules(Some(&long))).unwrap();
    }

    #[test]
    fn every_topic_reads_whole_in_japanese_with_no_english_left() {
        crate::i18n::with(crate::i18n::Locale::Ja, || {
            let mut all = vec![rules(None), rules(Some("no such topic"))];
            all.extend(rules_topics().into_iter().map(|t| rules(Some(t))));
            for m in &all {
                spec::check(m).unwrap();
                for e in &m.embeds {
                    assert!(!e.description.ends_with('…'), "{} was cut", e.title);
                }
                let mut text = text_of(m);
                for e in &m.embeds {
                    text.push_str(e.footer.as_deref().unwrap_or(""));
                }
                assert!(
                    crate::discord::key_harvest::english_left(&text, &[]).is_none(),
                    "{text}"
                );
            }
            let workers = text_of(&rules(Some("workers")));
            for w in Worker::ALL {
                assert!(workers.contains(&format!("**{} {}", w.letter(), worker_name(w))));
            }
            let events = text_of(&rules(Some("events")));
            for e in EventTile::ALL {
                assert!(events.contains(&format!("**{} {}", e.letter(), event_name(e))));
            }
            // Japanese names open their topic too.
            assert_eq!(rules(Some("弁護士")), rules(Some("workers")));
            assert_eq!(rules(Some("棚ぼた")), rules(Some("events")));
        });
        // And in English, a Japanese name still works.
        assert_eq!(rules(Some("弁護士")), rules(Some("workers")));
    }

    #[test]
    fn the_rulings_topic_cites_kh_rulings() {
        let text = text_of(&rules(Some("rulings")));
        for n in ["KH 6", "KH 17", "KH 26", "KH 31", "KH 61", "KH 62", "KH 67"] {
            assert!(text.contains(n), "{n}");
        }
    }
}
