//! Which language each message is drawn in (see `crate::i18n`), and the slash commands' names
//! and descriptions in every language of the catalogue.

use super::{Data, Error};
use crate::i18n::{self, Locale};
use poise::serenity_prelude as serenity;
use std::borrow::Cow;

/// poise's framework, run in the language of the interaction being handled: every answer to a
/// click or command is drawn in the clicker's language (the interaction's `locale`), unless a
/// narrower scope says otherwise (public messages: the table's language).
pub struct Localized(pub poise::Framework<Data, Error>);

/// The clicker's language for an interaction event.
fn locale_of(event: &serenity::FullEvent) -> Option<Locale> {
    let serenity::FullEvent::InteractionCreate { interaction } = event else {
        return None;
    };
    let tag = match interaction {
        serenity::Interaction::Command(c) | serenity::Interaction::Autocomplete(c) => &c.locale,
        serenity::Interaction::Component(c) => &c.locale,
        serenity::Interaction::Modal(m) => &m.locale,
        _ => return None,
    };
    Some(Locale::from_discord(tag))
}

#[serenity::async_trait]
impl serenity::Framework for Localized {
    async fn init(&mut self, client: &serenity::Client) {
        self.0.init(client).await;
    }

    async fn dispatch(&self, ctx: serenity::Context, event: serenity::FullEvent) {
        match locale_of(&event) {
            Some(l) => i18n::in_locale(l, self.0.dispatch(ctx, event)).await,
            None => self.0.dispatch(ctx, event).await,
        }
    }
}

/// The catalogue id of a command (`fog new` -> `cmd-fog-new`).
fn command_id(path: &str) -> String {
    format!("cmd-{}", path.replace(' ', "-"))
}

/// Gives every command, subcommand, parameter and choice its name and description from the
/// catalogue: English as the default, the other languages as Discord localizations. Returns the
/// catalogue entries that are missing (the tests require none).
pub fn localize(commands: &mut [poise::Command<Data, Error>]) -> Vec<String> {
    let mut missing = Vec::new();
    for c in commands {
        localize_one(c, "", &mut missing);
    }
    missing
}

fn text(locale: Locale, id: &str, missing: &mut Vec<String>) -> Option<String> {
    if !i18n::has(locale, id) {
        missing.push(format!("{locale:?}: {id}"));
        return None;
    }
    Some(i18n::format_in(locale, id, None))
}

fn localize_one(c: &mut poise::Command<Data, Error>, parent: &str, missing: &mut Vec<String>) {
    let path = if parent.is_empty() {
        c.name.to_string()
    } else {
        format!("{parent} {}", c.name)
    };
    let id = command_id(&path);
    for locale in Locale::ALL {
        let name = text(locale, &id, missing);
        let description = text(locale, &format!("{id}.description"), missing);
        let mut params = Vec::new();
        for p in &c.parameters {
            let pname = text(locale, &format!("{id}.{}", p.name), missing);
            let pdesc = text(locale, &format!("{id}.{}-desc", p.name), missing);
            let choices: Vec<_> = (0..p.choices.len())
                .map(|k| text(locale, &format!("{id}.{}-{k}", p.name), missing))
                .collect();
            params.push((pname, pdesc, choices));
        }
        match locale {
            // The default, shown to every other language: the English catalogue (the names in
            // the code are the same; the catalogue is the one place to change them).
            Locale::En => {
                if let Some(d) = description {
                    c.description = Some(Cow::Owned(d));
                }
                for (p, (pname, pdesc, choices)) in c.parameters.iter_mut().zip(params) {
                    if let Some(n) = pname {
                        p.name = Cow::Owned(n);
                    }
                    if let Some(d) = pdesc {
                        p.description = Some(Cow::Owned(d));
                    }
                    for (choice, label) in p.choices.to_mut().iter_mut().zip(choices) {
                        if let Some(l) = label {
                            choice.name = Cow::Owned(l);
                        }
                    }
                }
                // Renaming a command would change what it is dispatched by: the English name
                // stays the code's, and the test checks the catalogue agrees.
                if name.as_deref().is_some_and(|n| n != c.name) {
                    missing.push(format!("En: {id} must be {:?}", c.name));
                }
            }
            other => {
                let tag = other.tag();
                add_translation(&mut c.name_localizations, tag, name);
                add_translation(&mut c.description_localizations, tag, description);
                for (p, (pname, pdesc, choices)) in c.parameters.iter_mut().zip(params) {
                    add_translation(&mut p.name_localizations, tag, pname);
                    add_translation(&mut p.description_localizations, tag, pdesc);
                    for (choice, label) in p.choices.to_mut().iter_mut().zip(choices) {
                        add_translation(&mut choice.localizations, tag, label);
                    }
                }
            }
        }
    }
    for sub in &mut c.subcommands {
        localize_one(sub, &path, missing);
    }
}

/// Adds `text` (when the catalogue has it) to a name's, a description's or a choice's
/// translations, under the language `tag` Discord knows it by.
fn add_translation(
    translations: &mut Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]>,
    tag: &'static str,
    text: Option<String>,
) {
    if let Some(t) = text {
        translations
            .to_mut()
            .push((Cow::Borrowed(tag), Cow::Owned(t)));
    }
}

/// Every command in one list, with its catalogue id, for the catalogue's tests and for writing
/// the catalogue: (id, name, description, parameters (name, description, choices)).
pub fn dump(commands: &[poise::Command<Data, Error>]) -> String {
    fn one(c: &poise::Command<Data, Error>, parent: &str, out: &mut String) {
        let path = if parent.is_empty() {
            c.name.to_string()
        } else {
            format!("{parent} {}", c.name)
        };
        out.push_str(&format!(
            "{} = {}\n    .description = {}\n",
            command_id(&path),
            c.name,
            c.description.as_deref().unwrap_or("")
        ));
        for p in &c.parameters {
            out.push_str(&format!(
                "    .{} = {}\n    .{}-desc = {}\n",
                p.name,
                p.name,
                p.name,
                p.description.as_deref().unwrap_or("")
            ));
            for (k, ch) in p.choices.iter().enumerate() {
                out.push_str(&format!("    .{}-{k} = {}\n", p.name, ch.name));
            }
        }
        for s in &c.subcommands {
            one(s, &path, out);
        }
    }
    let mut out = String::new();
    for c in commands {
        one(c, "", &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_has_its_names_and_descriptions_in_every_language() {
        let mut commands = super::super::registry::commands();
        let missing = localize(&mut commands);
        assert!(missing.is_empty(), "missing: {missing:#?}");
    }

    /// Discord's rules for names (lower case; letters, numbers, `-` and `_`; 1-32 characters)
    /// and descriptions (1-100 characters), in every language.
    #[test]
    fn localized_names_and_descriptions_are_ones_discord_accepts() {
        let mut commands = super::super::registry::commands();
        localize(&mut commands);
        fn name_ok(n: &str) -> bool {
            let len = n.chars().count();
            (1..=32).contains(&len)
                && n.chars()
                    .all(|c| (c.is_alphanumeric() && !c.is_uppercase()) || c == '-' || c == '_')
        }
        fn desc_ok(d: &str) -> bool {
            (1..=100).contains(&d.chars().count())
        }
        fn check(c: &poise::Command<Data, Error>, bad: &mut Vec<String>) {
            let names = std::iter::once(c.name.as_ref())
                .chain(c.name_localizations.iter().map(|(_, n)| n.as_ref()));
            for n in names {
                if !name_ok(n) {
                    bad.push(format!("name {n:?}"));
                }
            }
            let descs = c
                .description
                .as_deref()
                .into_iter()
                .chain(c.description_localizations.iter().map(|(_, d)| d.as_ref()));
            for d in descs {
                if !desc_ok(d) {
                    bad.push(format!("description {d:?}"));
                }
            }
            for p in &c.parameters {
                for n in std::iter::once(p.name.as_ref())
                    .chain(p.name_localizations.iter().map(|(_, n)| n.as_ref()))
                {
                    if !name_ok(n) {
                        bad.push(format!("parameter {n:?}"));
                    }
                }
                for d in p
                    .description
                    .as_deref()
                    .into_iter()
                    .chain(p.description_localizations.iter().map(|(_, d)| d.as_ref()))
                {
                    if !desc_ok(d) {
                        bad.push(format!("parameter description {d:?}"));
                    }
                }
                for ch in p.choices.iter() {
                    for l in std::iter::once(ch.name.as_ref())
                        .chain(ch.localizations.iter().map(|(_, l)| l.as_ref()))
                    {
                        if !desc_ok(l) {
                            bad.push(format!("choice {l:?}"));
                        }
                    }
                }
            }
            for s in &c.subcommands {
                check(s, bad);
            }
        }
        let mut bad = Vec::new();
        for c in &commands {
            check(c, &mut bad);
            assert!(
                c.name_localizations.iter().any(|(l, _)| l == "ja"),
                "/{} has no Japanese name",
                c.name
            );
        }
        assert!(bad.is_empty(), "{bad:#?}");
    }

    /// Prints the command tree in catalogue form (`cargo test dump_commands -- --ignored
    /// --nocapture`), to start a new language's commands.ftl from.
    #[test]
    #[ignore]
    fn dump_commands() {
        println!("{}", dump(&super::super::registry::commands()));
    }
}
