//! Everything the bot says without being asked: requests to redraw the public table message and
//! the DM hand panels (merged by `redraw.rs`, drawn by `draw.rs`), posts in the game's thread,
//! and reminders to players who hold a game up. A failed Discord call here is logged and never
//! stops the game: the database already holds the truth, and the next change redraws everything.

use super::game::Screens;
use super::redraw::Target;
use super::{Data, send, ui};
use crate::store::{Reminders, Table};
use poise::serenity_prelude as serenity;
use serenity::{ChannelId, Http};

/// Asks for the public table message to be redrawn (edited in place, never reposted) from the
/// latest state. Returns at once: redraws of one message are made one at a time and merged
/// (see `redraw`), so an older edit never lands after a newer one.
pub fn refresh_table(data: &Data, game: i64) {
    data.redraws.request(data, Target::Table(game), None);
}

/// [`post`]s a public message made in the table's language (the server's, or the one the table
/// was opened with), whoever's action led to it.
pub async fn post_public(
    http: &Http,
    data: &Data,
    table: &Table,
    make: impl FnOnce() -> super::spec::MessageSpec,
) {
    let spec = crate::i18n::with(table.locale(), make);
    post(http, data, table, &spec).await;
}

/// Posts a public message in the game's thread (or channel): queued in the channel's outbox,
/// which sends posts in order and merges those that pile up behind Discord's rate limit (see
/// `outbox`). Returns at once once the bot is connected.
pub async fn post(http: &Http, data: &Data, table: &Table, spec: &super::spec::MessageSpec) {
    // A parked game's place is gone (issue 42): nothing goes there.
    if table.game.parked.is_some() {
        return;
    }
    let channel = table.game.play_channel();
    // In a thread, the outbox must know where the thread hangs to find another way for a post
    // the thread refuses (deleted, or no Send Messages in Threads).
    let home = table.game.thread_id.map(|_| {
        let kind = crate::host::Kind::of_row(&table.game.kind);
        super::outbox::Home {
            game: table.game.id,
            parent: table.game.channel_id,
            thread_name: crate::i18n::with(table.locale(), || {
                format!("{} #{}", ui::game_name(kind), table.game.id)
            }),
            moved_note: crate::i18n::with(table.locale(), || {
                super::answer::text(&crate::t!("thread-closed-note", table = table.game.id))
            }),
        }
    });
    if data.outbox.post_at(channel, home, spec.clone()) {
        return;
    }
    data.pace.turn().await;
    if let Err(e) = ChannelId::new(channel)
        .send_message(http, send::message(spec))
        .await
    {
        tracing::warn!(game = table.game.id, error = %send::describe(&e), "could not post in the game's channel");
    }
}

/// Asks for the DM panels of the players who keep them in DMs to be redrawn, after the game
/// moved on (merged like the table message's redraws; see `redraw`).
pub async fn redraw_dm_panels(data: &Data, table: &Table, from_dm: Option<u64>) {
    for s in &table.seats {
        // The clicker's own panel was redrawn by the interaction response at this action's
        // version; redraw it only if someone else has acted since.
        let drawn_at = (Some(s.user_id) == from_dm).then_some(table.game.version);
        if let Ok(prefs) = data.service.store().prefs(s.user_id).await
            && prefs.dm_panels()
        {
            let target = Target::DmPanel {
                game: table.game.id,
                seat: s.seat,
            };
            data.redraws.request(data, target, drawn_at);
        }
    }
}

/// One reminder pass at time `now` (ms).
pub async fn remind_due(
    http: &Http,
    data: &Data,
    now: i64,
) -> Result<(), crate::service::ServiceError> {
    for id in data.due_games(now).await? {
        // One game that cannot be read (a snapshot a newer or older build cannot decode, a row
        // gone meanwhile) is logged, counted and skipped: the other games' reminders go on.
        if let Err(e) = remind_one(http, data, id, now).await {
            tracing::warn!(game = id, error = %e, "could not look at a game for its reminder; the others go on");
            data.service.metrics().error("reminder");
        }
    }
    Ok(())
}

/// [`remind_due`] for one game.
pub(super) async fn remind_one(
    http: &Http,
    data: &Data,
    id: i64,
    now: i64,
) -> Result<(), crate::service::ServiceError> {
    let repeat_ms = data.config.game.reminder_repeat_minutes as i64 * 60_000;
    {
        // The row alone says whether a reminder can be due: the game's snapshot is read only
        // for the games this process looks after whose reminder time has come.
        let table = data.service.store().table(id).await?;
        if !data.looks_after(&table.game) {
            return Ok(());
        }
        let Some(since) = table.game.waiting_since else {
            return Ok(());
        };
        let first_ms = table.game.options.reminder_minutes as i64 * 60_000;
        if now < since + first_ms + table.game.reminders_sent * repeat_ms {
            return Ok(());
        }
    }
    {
        let (table, game) = data.service.load_any(id).await?;
        let Some(game) = game else { return Ok(()) };
        let waiting = game.waiting_for();
        let Some(since) = table.game.waiting_since else {
            return Ok(());
        };
        if waiting.is_empty() {
            return Ok(());
        }
        let first_ms = table.game.options.reminder_minutes as i64 * 60_000;
        let due = since + first_ms + table.game.reminders_sent * repeat_ms;
        if now < due {
            return Ok(());
        }
        // The round's players: those already reminded in it are done; a player inside their
        // quiet hours is held until they end (the scheduler looks again then); the others are
        // reminded now.
        let before = &table.game.round_reminded;
        let mut now_seats = Vec::new();
        let mut to_send = Vec::new();
        let mut held = false;
        for &seat in &waiting {
            let Some(user) = table.user_of(seat) else {
                continue;
            };
            if before.contains(&seat) {
                continue;
            }
            // Away: no reminder (their absence is on the table for all to see).
            if table.away_at(seat, now).is_some() {
                continue;
            }
            let prefs = data.service.store().prefs(user).await.unwrap_or_default();
            if prefs.reminders != Reminders::Off && prefs.day().is_some_and(|d| d.is_quiet(now)) {
                held = true;
                continue;
            }
            now_seats.push(seat);
            to_send.push((seat, user, prefs));
        }
        if now_seats.is_empty() && held {
            return Ok(());
        }
        // Claimed in the database before it goes out: sent once, whoever else looks. The
        // round counts as sent once nobody in it is held.
        if !data
            .service
            .store()
            .claim_reminder_seats(
                id,
                table.game.reminders_sent,
                since,
                before,
                &now_seats,
                !held,
            )
            .await?
        {
            return Ok(());
        }
        // Claimed: it goes out now (as a DM, or a mention in the thread).
        // A round in which everyone waited for is away is over, with nothing sent.
        if now_seats.is_empty() {
            return Ok(());
        }
        data.service.metrics().reminders_sent.inc();
        // Each player's deadline, where the table has one, as a Discord timestamp: every reader
        // sees it in their own time zone and language.
        let deadline = |seat: usize, prefs: &crate::store::Prefs| {
            table.deadline(seat, since, prefs.day().as_ref())
        };
        let mut mention = Vec::new();
        let mut deadlines = Vec::new();
        for (seat, user, prefs) in to_send {
            let at = deadline(seat, &prefs);
            // DMs known to be closed (issue 42): straight to the thread, no refused DM.
            let by_dm = prefs.reminders == Reminders::Dm && !prefs.dms_closed;
            match prefs.reminders {
                Reminders::Off => {}
                _ if !by_dm => {
                    mention.push(seat);
                    deadlines.push((seat, at));
                }
                _ => {
                    let locale = super::draw::reader_locale(data, &table, user).await;
                    let mut spec = crate::i18n::with(
                        locale,
                        || crate::on_game!(&game, g => Screens::dm_reminder(&table, g, seat)),
                    );
                    if let Some(at) = at {
                        let line = crate::i18n::with(locale, || {
                            crate::t!("reminder-deadline-you", at = (at / 1000).to_string())
                        });
                        spec.content = format!("{}\n{line}", spec.content).trim().to_string();
                    }
                    let sent = super::dm::send(http, &data.pace, data.service.store(), user, &spec)
                        .await
                        .is_ok();
                    if !sent {
                        // A closed DM never stops the game: fall back to the thread.
                        mention.push(seat);
                        deadlines.push((seat, at));
                    }
                }
            }
        }
        if !mention.is_empty() {
            let mut spec = crate::i18n::with(
                table.locale(),
                || crate::on_game!(&game, g => Screens::reminder(&table, g, &mention)),
            );
            let lines: Vec<String> = crate::i18n::with(table.locale(), || {
                deadlines
                    .iter()
                    .filter_map(|&(seat, at)| {
                        let at = at?;
                        let name = table.seats.iter().find(|s| s.seat == seat)?.name.clone();
                        Some(crate::t!(
                            "reminder-deadline",
                            name = name,
                            at = (at / 1000).to_string()
                        ))
                    })
                    .collect()
            });
            if !lines.is_empty() {
                spec.content = format!("{}\n{}", spec.content, lines.join("\n"))
                    .trim()
                    .to_string();
            }
            post(http, data, &table, &spec).await;
        }
    }
    Ok(())
}
