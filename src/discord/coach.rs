//! The coach's Hint button (issue 30), for any game: the shared steps of a click. Each game says
//! its hint in words through [`Coached`] (in its `screens.rs`); the advice itself is the pure
//! `games::coach::hint`, from the seat's view only.
//!
//! The click is answered first (a deferred private reply: the strong bot thinks for up to a
//! couple of seconds), the hint is computed on a blocking thread, counted durably for the seat,
//! and only then shown.

use super::Data;
use super::answer::{edit_original, respond, sorry, text, user_text};
use super::game::Screens;
use super::spec::MessageSpec;
use crate::store::Table;
use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, CreateInteractionResponse, CreateInteractionResponseMessage};

/// What a game says for the coach.
pub trait Coached: Screens {
    /// The hint for `seat` now, as a sentence in the language in scope, or None when the game
    /// does not wait for the seat. Slow (the strong bot searches): call it off the async workers.
    fn hint_text(table: &Table, game: &Self, seat: usize) -> Option<String>;
    /// A choice `seat` had in `game` (as the seat saw it), in a few words in the language in
    /// scope ("a Silo at C3"), for the review's sentences.
    fn action_words(table: &Table, game: &Self, seat: usize, action: &Self::Action) -> String;
    /// The moment `action` is taken in `game` (before it), as the game names it to players, in
    /// the language in scope ("Year 4 · turn 3", "Round 5, bid"): the review's name for a
    /// decision (issue 43).
    fn moment(game: &Self, action: &Self::Action) -> String;
    /// What the review's chart marks along its bottom (Fields of Green's years, Key Harvest's
    /// rounds).
    const PERIODS: crate::render::coach::Periods;
}

/// The Hint button was clicked on game `game_id`'s private screen.
pub(crate) async fn hint<G: Coached>(
    ctx: &serenity::Context,
    data: &Data,
    ci: &ComponentInteraction,
    game_id: i64,
) {
    // Answer before work: a private "thinking..." the answer replaces.
    respond(
        ctx,
        ci,
        CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new().ephemeral(true)),
    )
    .await;
    let m = answer::<G>(data, ci.user.id.get(), game_id).await;
    let edited = edit_original(&ctx.http, data, &ci.token, &m, "answer a hint").await;
    if let Err(e) = edited {
        tracing::warn!(error = %e, "could not show a hint");
    }
}

async fn answer<G: Coached>(data: &Data, user: u64, game_id: i64) -> MessageSpec {
    let (table, game) = match data.service.load::<G>(game_id).await {
        Ok((t, Some(g))) => (t, g),
        Ok((_, None)) => return text(&crate::t!("not-started")),
        Err(e) => return text(&user_text(&e)),
    };
    let Some(seat) = table.seat_of(user) else {
        return text(&user_text(&crate::service::not_seated(&table, user)));
    };
    if !table.game.options.hints {
        return text(&crate::t!("coach-hints-off"));
    }
    let locale = crate::i18n::current();
    let started = std::time::Instant::now();
    let said = tokio::task::spawn_blocking(move || {
        crate::i18n::with(locale, || G::hint_text(&table, &game, seat))
    })
    .await;
    let said = match said {
        Ok(Some(s)) => s,
        Ok(None) => return text(&crate::t!("coach-hint-not-now")),
        Err(e) => {
            tracing::error!(error = %e, "the coach failed");
            return text(&sorry());
        }
    };
    tracing::debug!(
        game = game_id,
        seat,
        ms = started.elapsed().as_millis() as u64,
        "hint"
    );
    // Counted before it is shown: a hint seen is a hint in the records.
    if let Err(e) = data.service.store().count_hint(game_id, seat).await {
        tracing::warn!(error = %e, "could not count a hint");
        return text(&sorry());
    }
    text(&said)
}

/// The final result's line per seat that used hints ("Ada used 3 hints."), or "" when none did.
async fn hints_used_text(data: &Data, table: &Table) -> String {
    let used = match data.service.store().hints_used(table.game.id).await {
        Ok(u) => u,
        Err(e) => {
            tracing::warn!(error = %e, "could not read the hints used");
            return String::new();
        }
    };
    used.iter()
        .filter_map(|&(seat, n)| {
            let name = table.seats.iter().find(|s| s.seat == seat)?.name.clone();
            Some(crate::t!("coach-hints-used", name = name, n = n))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Adds the hints each seat used to a game's final result (the line under the scores).
pub(crate) async fn add_hints_used(data: &Data, table: &Table, spec: &mut MessageSpec) {
    let used = hints_used_text(data, table).await;
    if used.is_empty() {
        return;
    }
    if !spec.content.is_empty() {
        spec.content.push('\n');
    }
    spec.content.push_str(&used);
}
