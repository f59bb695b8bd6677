//! Every player-facing text, in English and Japanese, from one message catalogue (Fluent).
//!
//! The catalogue is `src/i18n/<lang>/*.ftl`, built into the binary. Code asks for a message by
//! its id with [`t!`]; the language is the one in scope:
//! - a click or a command is answered in the clicker's Discord language (the interaction's
//!   `locale`): the router runs the whole handling inside [`in_locale`];
//! - a public message many people read (the table message, turn summaries, reminders in the
//!   channel) is drawn in the server's language (`guild_locale`, kept with the table) inside
//!   [`with`], whatever the language of the click that caused it;
//! - a DM is drawn in its reader's language (kept in their preferences).
//!
//! Outside any scope (the CLI, tests) the language is English. Only two languages are shipped:
//! any Discord locale starting with `ja` reads Japanese, every other one English.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use std::cell::Cell;
use std::sync::OnceLock;

/// A language the bot speaks.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Locale {
    #[default]
    #[serde(rename = "en")]
    En,
    #[serde(rename = "ja")]
    Ja,
}

impl Locale {
    pub const ALL: [Locale; 2] = [Locale::En, Locale::Ja];

    /// The language for a Discord locale tag (`ja`, `en-US`, `de`...): Japanese for `ja`, English
    /// for every other (the only other language shipped).
    pub fn from_discord(tag: &str) -> Locale {
        if tag.eq_ignore_ascii_case("ja") || tag.to_ascii_lowercase().starts_with("ja-") {
            Locale::Ja
        } else {
            Locale::En
        }
    }

    /// The tag as stored and as Discord's localization maps key it.
    pub fn tag(self) -> &'static str {
        match self {
            Locale::En => "en-US",
            Locale::Ja => "ja",
        }
    }

    /// A stored tag back (None or an unknown tag: English).
    pub fn from_stored(tag: Option<&str>) -> Locale {
        tag.map_or(Locale::En, Locale::from_discord)
    }
}

/// A catalogue file of one language: (path under src/i18n, text).
macro_rules! ftl {
    ($lang:literal, $name:expr) => {
        (
            concat!($lang, "/", $name, ".ftl"),
            include_str!(concat!($lang, "/", $name, ".ftl")),
        )
    };
}

/// The catalogue files of one language, in the order they are added to its bundle: the shared
/// ones, then one per game of the list (`<game>.ftl`, named as the game's engine module).
macro_rules! catalogue {
    ([$lang:literal] $($module:ident: $Variant:ident),*) => {
        vec![
            ftl!($lang, "common"),
            ftl!($lang, "commands"),
            ftl!($lang, "records"),
            $(ftl!($lang, stringify!($module)),)*
        ]
    };
}

/// The source files of a language's catalogue: (path under src/i18n, text).
pub fn sources(locale: Locale) -> Vec<(&'static str, &'static str)> {
    match locale {
        Locale::En => crate::for_each_game!(catalogue; "en"),
        Locale::Ja => crate::for_each_game!(catalogue; "ja"),
    }
}

/// A language's bundle, or why its files do not load (a syntax error, an id defined twice).
pub fn build(locale: Locale) -> Result<FluentBundle<FluentResource>, String> {
    let lang: unic_langid::LanguageIdentifier = match locale {
        Locale::En => "en-US",
        Locale::Ja => "ja",
    }
    .parse()
    .map_err(|e| format!("{e}"))?;
    let mut bundle = FluentBundle::new_concurrent(vec![lang]);
    // Discord shows Unicode isolation marks as they are (stray boxes in some fonts); the
    // arguments are names and numbers, never right-to-left text that would need them.
    bundle.set_use_isolating(false);
    for (path, text) in sources(locale) {
        let res = FluentResource::try_new(text.to_string())
            .map_err(|(_, errs)| format!("src/i18n/{path}: {errs:?}"))?;
        bundle
            .add_resource(res)
            .map_err(|errs| format!("src/i18n/{path}: {errs:?}"))?;
    }
    Ok(bundle)
}

fn bundle(locale: Locale) -> &'static FluentBundle<FluentResource> {
    static EN: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
    static JA: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
    let cell = match locale {
        Locale::En => &EN,
        Locale::Ja => &JA,
    };
    // The catalogue is part of the binary and checked by the tests (i18n::tests): a failure here
    // is a build that was never tested.
    cell.get_or_init(|| build(locale).unwrap_or_else(|e| panic!("message catalogue: {e}")))
}

thread_local! {
    /// The language set by [`with`] on this thread (synchronous drawing code).
    static OVERRIDE: Cell<Option<Locale>> = const { Cell::new(None) };
}

tokio::task_local! {
    /// The language of the task handling one interaction ([`in_locale`]).
    static TASK: Locale;
}

/// The language in scope: [`with`]'s, else the task's ([`in_locale`]), else English.
pub fn current() -> Locale {
    OVERRIDE
        .with(Cell::get)
        .or_else(|| TASK.try_with(|l| *l).ok())
        .unwrap_or_default()
}

/// Runs synchronous drawing code in `locale` (restored afterwards, even on a panic). Never hold
/// it across an `.await`: use [`in_locale`] for async code.
pub fn with<R>(locale: Locale, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<Locale>);
    impl Drop for Restore {
        fn drop(&mut self) {
            OVERRIDE.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(OVERRIDE.with(|c| c.replace(Some(locale))));
    f()
}

/// Runs an async handler in `locale`. A [`with`] scope inside it takes precedence.
pub async fn in_locale<F: Future>(locale: Locale, f: F) -> F::Output {
    TASK.scope(locale, f).await
}

/// Whether the catalogue of `locale` itself (no fallback) has message `id`, or `id.attr`.
pub fn has(locale: Locale, id: &str) -> bool {
    let b = bundle(locale);
    match id.split_once('.') {
        Some((m, a)) => b
            .get_message(m)
            .is_some_and(|msg| msg.get_attribute(a).is_some()),
        None => b.get_message(id).is_some_and(|msg| msg.value().is_some()),
    }
}

/// Message `id` (or `id.attr`) in `locale`, with `args`: falls back to English, then to the id
/// itself (logged), so a gap never hides a whole message.
pub fn format_in(locale: Locale, id: &str, args: Option<&FluentArgs<'_>>) -> String {
    let (msg_id, attr) = match id.split_once('.') {
        Some((m, a)) => (m, Some(a)),
        None => (id, None),
    };
    for l in [locale, Locale::En] {
        let b = bundle(l);
        let Some(msg) = b.get_message(msg_id) else {
            continue;
        };
        let pattern = match attr {
            Some(a) => msg.get_attribute(a).map(|a| a.value()),
            None => msg.value(),
        };
        let Some(pattern) = pattern else { continue };
        let mut errors = Vec::new();
        let text = b.format_pattern(pattern, args, &mut errors);
        if !errors.is_empty() {
            tracing::warn!(id, ?errors, "a message was formatted with errors");
        }
        return text.into_owned();
    }
    tracing::warn!(id, "no such message in the catalogue");
    id.to_string()
}

/// Message `id` in the language in scope.
pub fn format(id: &str, args: Option<&FluentArgs<'_>>) -> String {
    format_in(current(), id, args)
}

/// The id of the message the catalogue keeps under `prefix` for a piece named `name` in the
/// rules' English: `kh-worker` and `casual worker` give `kh-worker-casual-worker`, `fog-pile`
/// and `Field` give `fog-pile-field`. Card piles, kinds, workers and events each have one message
/// per piece named this way, so their texts are found from the piece's own name rather than a
/// table of ids per message. The check of literal `t!` ids cannot see these:
/// `every_named_message_exists_in_both_languages` holds each one to both catalogues.
pub fn named_id(prefix: &str, name: &str) -> String {
    format!("{prefix}-{}", name.to_lowercase().replace([' ', '_'], "-"))
}

/// Message [`named_id`]`(prefix, name)` in the language in scope.
pub fn named(prefix: &str, name: &str) -> String {
    format(&named_id(prefix, name), None)
}

/// [`named_id`] for a unit variant of an engine's enum, named as the game's files name it (its
/// serde name: `Timing::GameEnd` is `game_end`, so `fog-timing` gives `fog-timing-game-end`).
pub fn variant_id<T: serde::Serialize>(prefix: &str, variant: T) -> String {
    let value = serde_json::to_value(variant).unwrap_or_default();
    named_id(prefix, value.as_str().unwrap_or_default())
}

/// Message [`variant_id`]`(prefix, variant)` in the language in scope.
pub fn named_variant<T: serde::Serialize>(prefix: &str, variant: T) -> String {
    format(&variant_id(prefix, variant), None)
}

/// A message from the catalogue in the language in scope:
/// `t!("fog-hand-title")`, `t!("fog-built", name = player, card = card_name)`.
/// Argument values are strings or numbers.
#[macro_export]
macro_rules! t {
    ($id:literal) => {
        $crate::i18n::format($id, None)
    };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = ::fluent_bundle::FluentArgs::new();
        $( args.set(stringify!($name), ::fluent_bundle::FluentValue::from($value)); )+
        $crate::i18n::format($id, Some(&args))
    }};
}

#[cfg(test)]
mod tests;
