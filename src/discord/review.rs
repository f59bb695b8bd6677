//! The coach's review of a finished game on Discord (issue 30), for any game: the Review button
//! on the finished table's message and `/fog review` / `/kh review`.
//!
//! The review is computed once, in the background (a blocking thread: it replays the game and
//! asks the strong bot about every decision, up to about a minute), and stored (migration 0008);
//! afterwards it is read from the store. The database row is the claim, so a second click while
//! it is computed waits for the first computation instead of starting another, even from another
//! process. Its sentences are stored in every language, so each asker reads it in their own.
//!
//! Who sees what: a player who held a seat sees, privately, their own three costliest decisions
//! (each named as the game names the moment: "Year 4 · turn 3", "Round 5, bid") and the chart of
//! everyone's expected final score after every turn, with a line saying what it shows. Anyone else sees the chart
//! only (it shows the scores as the game went, which the finished table shows anyway), with a
//! line saying why there are no sentences: the decisions are each player's own to read.

use super::answer::{edit_original, sorry, text, user_text};
use super::coach::Coached;
use super::spec::{FileSpec, MessageSpec};
use super::{Ctx, Data, Error, send, ui};
use crate::games::TableSetup;
use crate::games::coach::{self, Review};
use crate::host::Kind;
use crate::i18n::Locale;
use crate::render::coach::{ChartText, drawn_text};
use crate::service::ServiceError;
use crate::store::{ReviewClaim, Status, Table};
use poise::serenity_prelude as serenity;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// One decision in one language: when it was, what the seat did and what the bot would have
/// done.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Said {
    pub locale: Locale,
    /// The moment, as the game names it ([`Coached::moment`]); empty in a review stored
    /// before issue 43, which is then named by its chart point ("Turn 98").
    #[serde(default)]
    pub when: String,
    pub chosen: String,
    pub best: String,
}

/// A stored review: each decision in every language.
pub type StoredReview = Review<Vec<Said>>;

/// How often a second asker looks at the store while the first computation runs.
const POLL: Duration = Duration::from_millis(500);
/// How long a second asker waits at most: Discord lets a deferred answer be edited for 15
/// minutes.
const WAIT_AT_MOST: Duration = Duration::from_secs(14 * 60);

/// The interaction to answer: a click or a slash command, both deferred privately first, each
/// with when the bot received it (milliseconds of the one clock).
#[derive(Clone, Copy)]
enum Asker<'a> {
    Click(&'a serenity::ComponentInteraction, i64),
    Command(&'a serenity::CommandInteraction, i64),
}

/// Discord lets a deferred answer be edited for 15 minutes after the interaction; an answer
/// ready later than this (a long review on a loaded machine) goes by DM instead (issue 42), so
/// it never depends on an expired token (401 50027).
const TOKEN_SAFE_MS: i64 = 14 * 60 * 1000;

/// Whether an interaction received at `received_ms` is too old at `now_ms` for its deferred
/// answer to be edited safely. Both are readings of the one clock: the time in the
/// interaction's id is Discord's, which the one clock of a test (simulated) does not share.
/// Counting from receipt instead of creation is later by the gateway's delay, well inside the
/// minute [`TOKEN_SAFE_MS`] keeps in hand.
fn token_too_old(received_ms: i64, now_ms: i64) -> bool {
    now_ms - received_ms > TOKEN_SAFE_MS
}

impl Asker<'_> {
    /// Replaces the deferred answer ("thinking...") with `m`; past [`TOKEN_SAFE_MS`], sends
    /// it to the asker by DM.
    async fn edit(self, http: &serenity::Http, data: &Data, m: &MessageSpec) {
        let (token, received, user) = match self {
            Asker::Click(ci, at) => (&ci.token, at, ci.user.id),
            Asker::Command(ci, at) => (&ci.token, at, ci.user.id),
        };
        if token_too_old(received, data.service.store().now_ms()) {
            let store = data.service.store();
            if let Err(e) = super::dm::send(http, &data.pace, store, user.get(), m).await {
                tracing::warn!(error = %send::describe(&e), "a review was ready after the interaction's 15 minutes and could not be sent by DM");
            }
            return;
        }
        let edited = edit_original(http, data, token, m, "answer a review").await;
        if let Err(e) = edited {
            tracing::warn!(error = %e, "could not show a review");
        }
    }
}

/// The Review button of finished table `game_id` was clicked (the shared lobby codec's: the
/// game is told from the table's row).
pub(crate) async fn click(
    ctx: &serenity::Context,
    data: &Data,
    ci: &serenity::ComponentInteraction,
    game_id: i64,
) {
    let received = data.service.store().now_ms();
    // Answer before work: a private "thinking..." the review replaces.
    if let Err(e) = ci.defer_ephemeral(&ctx.http).await {
        tracing::warn!(error = %e, "could not defer a Review click");
        return;
    }
    let asker = Asker::Click(ci, received);
    let kind = match data.service.store().table(game_id).await {
        Ok(t) => Kind::parse(&t.game.kind),
        Err(e) => {
            let m = text(&user_text(&ServiceError::from(e)));
            return asker.edit(&ctx.http, data, &m).await;
        }
    };
    let Some(kind) = kind else {
        let m = text(&user_text(&ServiceError::NotFound));
        return asker.edit(&ctx.http, data, &m).await;
    };
    let user = ci.user.id.get();
    let guild = ci.guild_id.map(|g| g.get());
    crate::on_kind!(kind, G => answer::<G>(&ctx.http, data, asker, user, guild, Ok(game_id)).await)
}

/// `/fog review` and `/kh review`: the game named by its table number, or else the newest game
/// of this kind played to the end in this channel (or its thread).
pub async fn command<G: Coached>(ctx: Ctx<'_>, game: Option<i64>) -> Result<(), Error> {
    let poise::Context::Application(actx) = ctx else {
        return Ok(());
    };
    let received = ctx.data().service.store().now_ms();
    ctx.defer_ephemeral().await?;
    let data = ctx.data();
    let id = match game {
        Some(id) => Ok(id),
        None => match data
            .service
            .store()
            .latest_ended_in(ctx.channel_id().get(), G::KIND)
            .await
        {
            Ok(Some(id)) => Ok(id),
            Ok(None) => Err(text(&crate::t!(
                "review-none-here",
                game = ui::game_name(G::GAME)
            ))),
            Err(e) => Err(text(&user_text(&ServiceError::from(e)))),
        },
    };
    answer::<G>(
        &ctx.serenity_context().http,
        data,
        Asker::Command(actx.interaction, received),
        ctx.author().id.get(),
        ctx.guild_id().map(|g| g.get()),
        id,
    )
    .await;
    Ok(())
}

/// Finds the table, gets its review (computing it, or waiting for whoever is) and shows it.
async fn answer<G: Coached>(
    http: &serenity::Http,
    data: &Data,
    asker: Asker<'_>,
    user: u64,
    guild: Option<u64>,
    id: Result<i64, MessageSpec>,
) {
    let m = match id {
        Err(m) => m,
        Ok(id) => match reviewable::<G>(data, guild, id).await {
            Err(m) => m,
            Ok(table) => match stored_or_computed::<G>(http, data, asker, &table).await {
                Ok(review) => shown::<G>(&table, &review, table.seat_of(user)),
                Err(m) => m,
            },
        },
    };
    asker.edit(http, data, &m).await;
}

/// Table `id` when it is a game of this kind in this server, played to the end; else what to
/// tell the asker.
async fn reviewable<G: Coached>(
    data: &Data,
    guild: Option<u64>,
    id: i64,
) -> Result<Table, MessageSpec> {
    let game = ui::game_name(G::GAME);
    let no_table = || {
        text(&crate::t!(
            "review-no-table",
            game = game.clone(),
            table = id
        ))
    };
    let Ok((table, _)) = data.service.load::<G>(id).await else {
        // A table of another game, or none: the same answer, so ids reveal nothing.
        return Err(no_table());
    };
    if table.game.guild_id != guild || Kind::parse(&table.game.kind) != Some(G::GAME) {
        return Err(no_table());
    }
    if table.game.status != Status::Ended {
        return Err(text(&crate::t!("review-not-ended", table = id)));
    }
    Ok(table)
}

/// The stored review of `table`, or computes it when nobody has (telling the asker it is being
/// prepared), or waits while someone else computes it.
async fn stored_or_computed<G: Coached>(
    http: &serenity::Http,
    data: &Data,
    asker: Asker<'_>,
    table: &Table,
) -> Result<StoredReview, MessageSpec> {
    let store = data.service.store();
    let id = table.game.id;
    let preparing = text(&crate::t!("review-preparing", table = id));
    let claim = store
        .claim_review(id, store.now_ms())
        .await
        .map_err(|e| text(&user_text(&ServiceError::from(e))))?;
    let json = match claim {
        ReviewClaim::Done(json) => json,
        ReviewClaim::Failed => return Err(text(&crate::t!("review-failed"))),
        ReviewClaim::Mine => {
            asker.edit(http, data, &preparing).await;
            compute_and_store::<G>(data, table).await?
        }
        ReviewClaim::Computing => {
            asker.edit(http, data, &preparing).await;
            wait_for(data, id).await?
        }
    };
    serde_json::from_str(&json).map_err(|e| {
        tracing::error!(game = id, error = %e, "a stored review does not parse");
        text(&sorry())
    })
}

/// Computes the claimed review of `table` on a blocking thread and stores it (or its failure).
async fn compute_and_store<G: Coached>(data: &Data, table: &Table) -> Result<String, MessageSpec> {
    let store = data.service.store();
    let id = table.game.id;
    let actions = match store.actions(id).await {
        Ok(a) => a,
        Err(e) => {
            // Marked failed so that those waiting stop; it is claimed again after a while.
            let _ = store.finish_review(id, None, store.now_ms()).await;
            return Err(text(&user_text(&ServiceError::from(e))));
        }
    };
    let rules = G::rules(data.service.library()).clone();
    let owned = table.clone();
    let started = std::time::Instant::now();
    // What was priced while the game was played (`game.review_ahead`), if anything: only the
    // decisions after it are priced now.
    let made = data.reviews_ahead.take_when_idle(id).await;
    let computed =
        tokio::task::spawn_blocking(move || compute_from::<G>(&owned, &rules, made, &actions))
            .await;
    data.reviews_ahead.forget(id);
    let json = match computed {
        Ok(Ok(review)) => serde_json::to_string(&review).map_err(|e| e.to_string()),
        Ok(Err(why)) => Err(why),
        Err(e) => Err(format!("the review's thread failed: {e}")),
    };
    tracing::info!(
        game = id,
        ms = started.elapsed().as_millis() as u64,
        ok = json.is_ok(),
        "review computed"
    );
    let stored = store
        .finish_review(id, json.as_deref().ok(), store.now_ms())
        .await;
    match (json, stored) {
        (Ok(json), Ok(())) => Ok(json),
        (Ok(_), Err(e)) => Err(text(&user_text(&ServiceError::from(e)))),
        (Err(why), _) => {
            tracing::error!(game = id, %why, "a game could not be reviewed");
            Err(text(&crate::t!("review-failed")))
        }
    }
}

/// Waits while another click (or process) computes game `id`'s review.
async fn wait_for(data: &Data, id: i64) -> Result<String, MessageSpec> {
    let store = data.service.store();
    let deadline = tokio::time::Instant::now() + WAIT_AT_MOST;
    while tokio::time::Instant::now() < deadline {
        tokio::time::sleep(POLL).await;
        match store.review_row(id).await {
            Ok(Some(row)) => match (row.state.as_str(), row.review) {
                ("done", Some(json)) => return Ok(json),
                ("failed", _) => return Err(text(&crate::t!("review-failed"))),
                _ => {}
            },
            Ok(None) => return Err(text(&crate::t!("review-failed"))),
            Err(e) => return Err(text(&user_text(&ServiceError::from(e)))),
        }
    }
    Err(text(&crate::t!("review-failed")))
}

/// The review of `table`'s game, replayed from its setup and `actions` (version, seat, JSON), with
/// each costly decision said in every language, at once (what a review made ahead must equal).
/// Slow: call it off the async workers.
pub fn compute<G: Coached>(
    table: &Table,
    rules: &std::sync::Arc<G::Rules>,
    actions: &[(i64, usize, String)],
) -> Result<StoredReview, String> {
    compute_from::<G>(table, rules, None, actions)
}

/// [`compute`], going on from `made` (a reviewer fed a first part of `actions` while the game
/// was played) when it is this game's.
fn compute_from<G: Coached>(
    table: &Table,
    rules: &std::sync::Arc<G::Rules>,
    made: Option<Made>,
    actions: &[(i64, usize, String)],
) -> Result<StoredReview, String> {
    let (reviewer, _) = feed::<G>(table, rules, made, actions)?;
    reviewer.finish(|g: &G, seat, chosen, best| {
        Locale::ALL
            .iter()
            .map(|&locale| {
                crate::i18n::with(locale, || Said {
                    locale,
                    when: G::moment(g, chosen),
                    chosen: G::action_words(table, g, seat, chosen),
                    best: G::action_words(table, g, seat, best),
                })
            })
            .collect()
    })
}

/// A stored action as a reviewer was fed it: its seat and JSON.
fn fed_key(seat: usize, json: &str) -> String {
    format!("{seat}:{json}")
}

/// `made` (when it is a reviewer of this game fed a first part of `actions`), or a new reviewer
/// of `table`'s game, fed the rest of `actions`. Slow: call it off the async workers.
fn feed<G: Coached>(
    table: &Table,
    rules: &std::sync::Arc<G::Rules>,
    made: Option<Made>,
    actions: &[(i64, usize, String)],
) -> Result<(coach::Reviewer<G>, Vec<String>), String> {
    let going_on = made.and_then(|m| {
        let reviewer = m.reviewer.downcast::<coach::Reviewer<G>>().ok()?;
        // Fed a first part of these actions (an undo since, or another game's, starts anew).
        let prefix = m.fed.len() <= actions.len()
            && m.fed
                .iter()
                .zip(actions)
                .all(|(k, (_, seat, json))| *k == fed_key(*seat, json));
        prefix.then_some((*reviewer, m.fed))
    });
    let (mut reviewer, mut fed) = match going_on {
        Some(r) => r,
        None => {
            let setup = TableSetup {
                players: table.seats.len(),
                intro: table.game.options.intro,
                seed: table.game.seed,
            };
            let (game, _) = G::start(rules, &setup)?;
            (coach::Reviewer::new(game, coach::REVIEW_WORLDS), Vec::new())
        }
    };
    // One memo for the sitting (`Engine::reviewing`): its decisions evaluate many of the same
    // positions.
    G::reviewing(|| {
        for (version, seat, json) in &actions[fed.len()..] {
            let a: G::Action = serde_json::from_str(json)
                .map_err(|e| format!("the action of version {version} does not parse: {e}"))?;
            reviewer.step(*seat, &a)?;
            fed.push(fed_key(*seat, json));
        }
        Ok::<(), String>(())
    })?;
    Ok((reviewer, fed))
}

/// A review being made while its game is played: a `coach::Reviewer` of the game's type, and
/// the stored actions it was fed ([`fed_key`]).
pub(crate) struct Made {
    reviewer: Box<dyn std::any::Any + Send>,
    fed: Vec<String>,
}

/// One game's review being made ahead.
#[derive(Default)]
struct Sitting {
    made: Option<Made>,
    /// A task holds the reviewer (feeding it, or finishing the review).
    busy: bool,
    /// Actions were stored while it was busy: feed again.
    again: bool,
}

/// The coach's reviews being made while their games are played (issue 43, `game.review_ahead`):
/// after each stored action, the decisions not priced yet are priced in the background, one
/// task per game at a time; when the game ends, the review is finished and stored, so the Review
/// button answers at once. Each decision's price depends only on the game before it, so a review
/// made in many sittings is the one made at once. In memory only: after a restart the next
/// sitting starts a new reviewer from the first action.
#[derive(Default)]
pub struct Ahead {
    games: std::sync::Mutex<std::collections::HashMap<i64, Sitting>>,
}

impl std::fmt::Debug for Ahead {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let games = self.games.lock().map_or(0, |g| g.len());
        f.debug_struct("Ahead").field("games", &games).finish()
    }
}

impl Ahead {
    fn games(&self) -> std::sync::MutexGuard<'_, std::collections::HashMap<i64, Sitting>> {
        // A panic while holding it leaves nothing half-done worth refusing (a map of caches).
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes game `id`'s reviewer, waiting while a sitting feeds it; the game stays held (no
    /// sitting starts) until [`Ahead::forget`].
    async fn take_when_idle(&self, id: i64) -> Option<Made> {
        loop {
            {
                let mut games = self.games();
                let s = games.get_mut(&id)?;
                if !s.busy {
                    s.busy = true;
                    return s.made.take();
                }
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// How many games are held.
    pub fn len(&self) -> usize {
        self.games().len()
    }

    /// True when no game is held.
    pub fn is_empty(&self) -> bool {
        self.games().is_empty()
    }

    /// Game `id`'s review is stored (or failed): nothing more to make.
    fn forget(&self, id: i64) {
        self.games().remove(&id);
    }
}

/// After an action of `table`'s game was stored (`game.review_ahead`): prices the decisions not
/// priced yet in the background, and when the game is over finishes the review and stores it,
/// unless someone asked for it first.
pub(crate) fn ahead(data: &Data, table: &Table) {
    if !data.config.game.review_ahead {
        return;
    }
    if let Some(kind) = Kind::parse(&table.game.kind) {
        crate::on_kind!(kind, G => ahead_as::<G>(data, table));
    }
}

/// [`ahead`] for a table of game `G`.
fn ahead_as<G: Coached>(data: &Data, table: &Table) {
    let id = table.game.id;
    {
        let mut games = data.reviews_ahead.games();
        let s = games.entry(id).or_default();
        if s.busy {
            s.again = true;
            return;
        }
        s.busy = true;
    }
    let (data, table) = (data.clone(), table.clone());
    tokio::spawn(async move { sittings::<G>(&data, table).await });
}

/// Feeds game `table`'s reviewer every stored action, again while more were stored meanwhile;
/// when the game is over, finishes its review.
async fn sittings<G: Coached>(data: &Data, table: Table) {
    let id = table.game.id;
    let store = data.service.store();
    // A call after the game ended (a late click on its table, a bot's seat) finds its review
    // stored already: nothing is priced again, and nothing is kept.
    if table.game.status == Status::Ended
        && matches!(store.review_row(id).await, Ok(Some(r)) if r.state == "done" || r.state == "failed")
    {
        data.reviews_ahead.forget(id);
        return;
    }
    loop {
        let actions = match store.actions(id).await {
            Ok(a) => a,
            Err(e) => {
                tracing::warn!(game = id, error = %e, "a review made ahead could not read the actions");
                data.reviews_ahead.forget(id);
                return;
            }
        };
        let made = data
            .reviews_ahead
            .games()
            .get_mut(&id)
            .and_then(|s| s.made.take());
        let rules = G::rules(data.service.library()).clone();
        let owned = table.clone();
        let fed = tokio::task::spawn_blocking(move || {
            feed::<G>(&owned, &rules, made, &actions).map(|(r, fed)| (r.game().is_over(), r, fed))
        })
        .await;
        let over = match fed {
            Ok(Ok((over, reviewer, fed))) => {
                let made = Made {
                    reviewer: Box::new(reviewer),
                    fed,
                };
                if let Some(s) = data.reviews_ahead.games().get_mut(&id) {
                    s.made = Some(made);
                }
                over
            }
            Ok(Err(why)) => {
                // Left to the Review button, which says it failed if it fails again.
                tracing::warn!(game = id, %why, "a review made ahead stopped");
                data.reviews_ahead.forget(id);
                return;
            }
            Err(e) => {
                tracing::warn!(game = id, error = %e, "a review made ahead failed");
                data.reviews_ahead.forget(id);
                return;
            }
        };
        if over {
            return finish_ahead::<G>(data, &table).await;
        }
        let mut games = data.reviews_ahead.games();
        let Some(s) = games.get_mut(&id) else {
            return;
        };
        if !s.again {
            s.busy = false;
            return;
        }
        s.again = false;
    }
}

/// The game is over: the review is finished and stored, unless someone claimed it first (a
/// click, which then takes the reviewer from here).
async fn finish_ahead<G: Coached>(data: &Data, table: &Table) {
    let id = table.game.id;
    let store = data.service.store();
    match store.claim_review(id, store.now_ms()).await {
        Ok(ReviewClaim::Mine) => {
            // Held already (busy): compute_and_store takes it from the map.
            if let Some(s) = data.reviews_ahead.games().get_mut(&id) {
                s.busy = false;
            }
            let table = table.clone();
            if let Err(e) = compute_and_store::<G>(data, &table).await {
                tracing::warn!(game = id, message = %e.content, "a review made ahead could not be stored");
            }
        }
        // Being computed by a click: it takes the reviewer when this lets go of it.
        Ok(ReviewClaim::Computing) => {
            if let Some(s) = data.reviews_ahead.games().get_mut(&id) {
                s.busy = false;
            }
        }
        Ok(ReviewClaim::Done(_) | ReviewClaim::Failed) => data.reviews_ahead.forget(id),
        Err(e) => {
            tracing::warn!(game = id, error = %e, "a review made ahead could not be claimed");
            data.reviews_ahead.forget(id);
        }
    }
}

/// What the asker sees, in the language in scope: their own costliest decisions when `seat` is
/// theirs, and the chart.
pub(crate) fn shown<G: Coached>(
    table: &Table,
    review: &StoredReview,
    seat: Option<usize>,
) -> MessageSpec {
    let id = table.game.id;
    let locale = crate::i18n::current();
    let mut lines = Vec::new();
    match seat.and_then(|s| review.costliest.get(s)) {
        None => lines.push(crate::t!("review-chart-only", table = id)),
        Some(decisions) => {
            lines.push(crate::t!("review-head", table = id));
            if decisions.is_empty() {
                lines.push(crate::t!("review-clean"));
            }
            for d in decisions {
                let said = d
                    .words
                    .iter()
                    .find(|s| s.locale == locale)
                    .or_else(|| d.words.first());
                let (chosen, best) =
                    said.map_or(("?", "?"), |s| (s.chosen.as_str(), s.best.as_str()));
                let when = match said {
                    Some(s) if !s.when.is_empty() => s.when.clone(),
                    _ => crate::t!("review-when-turn", turn = d.turn),
                };
                lines.push(crate::t!(
                    "review-mine",
                    when = when,
                    chosen = chosen,
                    best = best,
                    points = crate::render::coach::points(d.cost)
                ));
            }
        }
    }
    let names = ui::names(table, review.players);
    let names: Vec<String> = (0..review.players)
        .map(|s| crate::render::seat_name(&names, s))
        .collect();
    // The chart's words: the message says them in the reader's language; the picture draws them
    // in English when its font cannot draw the reader's (it has no Japanese).
    let periods = (!review.periods.is_empty()).then_some(G::PERIODS);
    lines.push(ChartText::new(periods).caption());
    let drawn = drawn_text(periods);
    let mut files = Vec::new();
    match crate::render::coach::chart_png(&review.curve, &review.periods, &names, &drawn) {
        Ok(bytes) => files.push(FileSpec {
            name: format!("review-{id}.png"),
            bytes,
            description: Some(crate::t!("review-chart-alt", table = id)),
        }),
        Err(e) => tracing::warn!(game = id, error = %e, "could not draw a review's chart"),
    }
    MessageSpec {
        content: lines.join("\n"),
        files,
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_ready_after_fourteen_minutes_goes_by_dm() {
        // An interaction received at 2026-01-01T00:00:00Z.
        let at = 1_767_225_600_000i64;
        assert!(!token_too_old(at, at + 60_000));
        assert!(!token_too_old(at, at + TOKEN_SAFE_MS));
        assert!(token_too_old(at, at + TOKEN_SAFE_MS + 1));
        assert!(token_too_old(at, at + 15 * 60 * 1000));
    }
}
