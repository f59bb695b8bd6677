//! The rules topics of a game's `/… rules` command (`/fog rules`, `/kh rules`): a list of keys,
//! and the catalogue messages named after each key. For a game whose messages start with
//! `fog`, topic `upkeep` reads `fog-topic-upkeep` where the topics are listed, and
//! `fog-rules-upkeep-title` over `fog-rules-upkeep` in its embed. One list of keys per game
//! thus serves both languages, and the test below holds every message it names to both
//! catalogues (the `t!` check of src/i18n sees only literal ids).

use crate::i18n;

/// A game's rules topics.
pub struct Topics {
    /// The start of the game's message ids (`fog`, `kh`).
    prefix: &'static str,
    /// The topic keys (the words the command takes, in every language), in the order listed.
    keys: &'static [&'static str],
}

impl Topics {
    pub const fn new(prefix: &'static str, keys: &'static [&'static str]) -> Topics {
        Topics { prefix, keys }
    }

    pub fn keys(&self) -> &'static [&'static str] {
        self.keys
    }

    /// The topic `key` names, if it is one.
    pub fn find(&self, key: &str) -> Option<&'static str> {
        self.keys.iter().copied().find(|k| *k == key)
    }

    /// How the list of topics names or describes topic `key`, in the language in scope.
    pub fn label(&self, key: &str) -> String {
        i18n::format(&format!("{}-topic-{key}", self.prefix), None)
    }

    /// Topic `key`'s title and text in the language in scope; `None` for an unknown topic.
    pub fn text(&self, key: &str) -> Option<(String, String)> {
        let key = self.find(key)?;
        let body = format!("{}-rules-{key}", self.prefix);
        Some((
            i18n::format(&format!("{body}-title"), None),
            i18n::format(&body, None),
        ))
    }

    /// Every message id the topics use.
    #[cfg(test)]
    fn ids(&self) -> Vec<String> {
        let p = self.prefix;
        self.keys
            .iter()
            .flat_map(|k| {
                [
                    format!("{p}-topic-{k}"),
                    format!("{p}-rules-{k}-title"),
                    format!("{p}-rules-{k}"),
                ]
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::i18n::{Locale, has};

    #[test]
    fn every_topic_message_exists_in_both_languages() {
        for topics in [
            &crate::discord::fields_of_green::RULES_TOPICS,
            &crate::discord::key_harvest::RULES_TOPICS,
        ] {
            let ids = topics.ids();
            assert_eq!(ids.len(), 3 * topics.keys().len());
            for l in Locale::ALL {
                let missing: Vec<&String> = ids.iter().filter(|id| !has(l, id)).collect();
                assert!(missing.is_empty(), "{l:?} lacks {missing:?}");
            }
        }
    }
}
