//! A player's absence, leaving a game in progress and giving a seat to another member (issue
//! 41): `/fog away` (shared by both games, like `settings`: it covers all the player's games in
//! the server), `/fog leave` and `/fog give` (and `/kh`'s), and the Leave confirmation button.
//! The service does the writes (`Service::leave_game`, `Service::give_seat`), each in one
//! transaction; here the player is asked, answered and the table told.

use super::answer::{in_time, private_or_followup, say, text, update_or_edit, user_text};
use super::commands::{is_manager, table_here};
use super::ids::{LobbyId, LobbyVerb};
use super::spec::{ButtonSpec, MessageSpec, RowSpec, Style};
use super::{Ctx, Data, Error, bots, notify, ui};
use crate::day::DayError;
use crate::host::Kind;
use crate::store::{ChangeKind, Status, Table};
use poise::serenity_prelude as serenity;

/// "/fog" or "/kh": the group the command was used from, for the answers that name a command.
fn group(ctx: Ctx<'_>) -> String {
    // Every command here is a subcommand; outside a group, the first game's group.
    let name = ctx
        .parent_commands()
        .first()
        .map_or(Kind::default().command(), |c| &c.name[..]);
    format!("/{name}")
}

/// A day ("2026-12-03") as a player reads it: "Thu 3 Dec" in English, 「12月3日（木）」 in
/// Japanese (the language in scope). The year is left out: an absence is at most 60 days.
pub(crate) fn show_date(date: &str) -> String {
    let Some((_, month, day, weekday)) = crate::day::date_parts(date) else {
        return date.to_string();
    };
    let w = usize::from(weekday).min(6);
    match crate::i18n::current() {
        crate::i18n::Locale::Ja => {
            const DAYS: [&str; 7] = ["月", "火", "水", "木", "金", "土", "日"];
            format!("{month}月{day}日（{}）", DAYS[w])
        }
        _ => {
            const DAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
            const MONTHS: [&str; 12] = [
                "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
            ];
            let m = MONTHS[usize::try_from(month - 1).unwrap_or(0).min(11)];
            format!("{} {day} {m}", DAYS[w])
        }
    }
}

/// The table message's lines for the players away now: "💤 Ada is away until Thu 3 Dec."
pub(crate) fn away_lines(table: &Table) -> Vec<String> {
    table
        .away_now()
        .into_iter()
        .filter_map(|(seat, away)| {
            let name = ui::esc(&table.seats.iter().find(|s| s.seat == seat)?.name);
            let date = show_date(&away.until_date);
            Some(if away.stand_in {
                crate::t!("away-line-stand-in", name = name, date = date)
            } else {
                crate::t!("away-line", name = name, date = date)
            })
        })
        .collect()
}

/// The next two weeks, for the `until` option as the player types: "Thu 3 Dec (2026-12-03)".
async fn away_days(ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let data = ctx.data();
    let prefs = data
        .service
        .store()
        .prefs(ctx.author().id.get())
        .await
        .unwrap_or_default();
    let locale = ctx
        .locale()
        .map(crate::i18n::Locale::from_discord)
        .unwrap_or(crate::i18n::Locale::En);
    let now = data.service.store().now_ms();
    let typed = partial.trim().to_lowercase();
    let choices = crate::day::next_days(prefs.time_zone.as_deref(), now, 14)
        .into_iter()
        .map(|(date, _)| {
            let shown = crate::i18n::with(locale, || show_date(&date));
            (format!("{shown} ({date})"), date)
        })
        .filter(|(name, _)| name.to_lowercase().contains(&typed))
        .map(|(name, date)| serenity::AutocompleteChoice::new(name, date))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Away from all your games on this server until a day; leave out the day when you are back
#[poise::command(slash_command, guild_only)]
pub(super) async fn away(
    ctx: Ctx<'_>,
    #[description = "The day you are back, e.g. 2026-12-03 or 3d (leave out to end your absence)"]
    #[autocomplete = "away_days"]
    #[max_length = 32]
    until: Option<String>,
    #[description = "Let a bot make your decisions meanwhile instead of holding them (default: no)"]
    stand_in: Option<bool>,
) -> Result<(), Error> {
    let data = ctx.data();
    let store = data.service.store();
    let user = ctx.author().id.get();
    let Some(guild) = ctx.guild_id().map(|g| g.get()) else {
        return say(ctx, &text(&crate::t!("use-in-server"))).await;
    };
    let cmd = group(ctx);
    let now = store.now_ms();
    let example = crate::day::next_days(None, now, 3)
        .pop()
        .map(|(d, _)| d)
        .unwrap_or_default();
    let Some(until) = until else {
        // Back: the absence ends now.
        let m = match store.clear_away(user, guild).await {
            Ok(true) => crate::t!("away-cleared"),
            Ok(false) => crate::t!("away-not-set", cmd = cmd.as_str(), example = example),
            Err(e) => user_text(&e.into()),
        };
        redraw_games_of(data, user, guild).await;
        return say(ctx, &text(&m)).await;
    };
    let prefs = store.prefs(user).await.unwrap_or_default();
    // Checked before anything is saved: a refusal changes nothing.
    let (back, date) = match crate::day::back_on(&until, prefs.time_zone.as_deref(), now) {
        Ok(b) => b,
        Err(DayError::PastDate(d)) => {
            return say(ctx, &text(&crate::t!("away-past", date = show_date(&d)))).await;
        }
        Err(DayError::FarDate(d)) => {
            return say(ctx, &text(&crate::t!("away-too-far", date = show_date(&d)))).await;
        }
        Err(_) => {
            let m = crate::t!("away-bad-date", typed = until.as_str(), example = example);
            return say(ctx, &text(&m)).await;
        }
    };
    let away = crate::day::Away {
        user_id: user,
        from: now,
        until: back,
        until_date: date.clone(),
        stand_in: stand_in.unwrap_or(false),
    };
    if let Err(e) = store.set_away(guild, &away).await {
        return say(ctx, &text(&user_text(&e.into()))).await;
    }
    redraw_games_of(data, user, guild).await;
    let date = show_date(&date);
    let m = if away.stand_in {
        crate::t!("away-set-stand-in", date = date, cmd = cmd.as_str())
    } else {
        crate::t!(
            "away-set-wait",
            date = date,
            max = crate::store::DEFAULT_MAX_AWAY_DAYS,
            cmd = cmd.as_str()
        )
    };
    say(ctx, &text(&m)).await
}

/// Redraws the table messages of a player's games in a server (their away line changed).
async fn redraw_games_of(data: &Data, user: u64, guild: u64) {
    match data.service.store().active_games_of_in(user, guild).await {
        Ok(ids) => {
            for id in ids {
                notify::refresh_table(data, id);
            }
        }
        Err(e) => tracing::warn!(error = %e, "could not list a player's games to redraw"),
    }
}

/// The bot that takes the seat of a player who leaves: the table's own bots' strength, else
/// the stand-in's.
fn leaver_bot(table: &Table) -> String {
    table
        .game
        .options
        .bots
        .first()
        .map_or(bots::STAND_IN_BOT, |b| b.bot.as_str())
        .to_string()
}

/// `/fog leave` (and `/kh leave`): at a lobby, leaves it; in a game in progress, asks first
/// (privately, with a button), since it cannot be taken back.
pub(crate) async fn leave_here(ctx: Ctx<'_>, kind: Kind) -> Result<(), Error> {
    let data = ctx.data();
    let user = ctx.author().id.get();
    let m = match table_here(ctx, kind).await {
        Ok(Some((table, _))) if table.game.status == Status::Open => {
            match data.service.leave(table.game.id, user).await {
                Ok(t) => {
                    notify::refresh_table(data, t.game.id);
                    text(&crate::t!("leave-done-lobby"))
                }
                Err(e) => text(&user_text(&e)),
            }
        }
        Ok(Some((table, Some(_)))) => match table.seat_of(user) {
            Some(_) => confirm_leave(&table),
            None => text(&user_text(&crate::service::not_seated(&table, user))),
        },
        Ok(Some((_, None))) | Ok(None) => text(&crate::t!("no-game-here")),
        Err(e) => text(&user_text(&e)),
    };
    say(ctx, &m).await
}

/// The private question before leaving: what happens, and the one button that does it.
fn confirm_leave(table: &Table) -> MessageSpec {
    let mut m = text(&crate::t!("leave-confirm", bot = leaver_bot(table)));
    m.rows = vec![RowSpec::Buttons(vec![ButtonSpec {
        id: LobbyId {
            game: table.game.id,
            version: table.game.version,
            verb: LobbyVerb::Quit,
        }
        .encode(),
        label: crate::t!("leave-button"),
        style: Style::Danger,
        disabled: false,
    }])];
    m
}

/// The Leave button of [`confirm_leave`]: a bot takes the seat, the table and the thread say
/// so, and the bots play on. Leaving does not depend on the version the question was drawn
/// at: only on the player still holding a seat in a game in progress.
pub(crate) async fn quit_click(
    ctx: &serenity::Context,
    data: &Data,
    ci: &serenity::ComponentInteraction,
    game: i64,
) {
    let user = ci.user.id.get();
    let (result, deferred) = in_time(ctx, ci, async {
        let table = data.service.store().table(game).await?;
        data.service
            .leave_game(game, user, &leaver_bot(&table))
            .await
    })
    .await;
    match result {
        Ok((table, seat)) => {
            let done = text(&crate::t!("leave-done"));
            update_or_edit(ctx, data, ci, &done, deferred).await;
            let name = table
                .changes
                .iter()
                .rev()
                .find(|c| c.seat == seat && c.kind == ChangeKind::Left)
                .map(|c| c.from_name.clone())
                .unwrap_or_default();
            notify::post_public(&ctx.http, data, &table, || {
                ui::plain(&crate::t!("leave-public", name = ui::esc(&name)))
            })
            .await;
            notify::refresh_table(data, table.game.id);
            bots::drive(&ctx.http, data, table.game.id).await;
        }
        Err(e) => private_or_followup(ctx, data, ci, &text(&user_text(&e)), deferred).await,
    }
}

/// The seat a `seat:` option names: its number as the table lists it (1, 2, ...) or the name
/// of who holds it now.
fn seat_named(table: &Table, typed: &str) -> Option<usize> {
    let t = typed.trim();
    if let Ok(n) = t.parse::<usize>() {
        return table.seats.iter().find(|s| s.seat + 1 == n).map(|s| s.seat);
    }
    table
        .seats
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(t))
        .map(|s| s.seat)
}

/// The seats of the table here, for the `seat:` option as the host types: "2 · Bram".
pub(crate) async fn seat_choices(
    ctx: Ctx<'_>,
    kind: Kind,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let typed = partial.trim().to_lowercase();
    let choices = match table_here(ctx, kind).await {
        Ok(Some((table, _))) => {
            let mut seats: Vec<_> = table.seats.iter().collect();
            seats.sort_by_key(|s| s.seat);
            seats
                .into_iter()
                .map(|s| {
                    (
                        format!("{} · {}", s.seat + 1, s.name),
                        (s.seat + 1).to_string(),
                    )
                })
                .filter(|(name, _)| name.to_lowercase().contains(&typed))
                .map(|(name, value)| serenity::AutocompleteChoice::new(name, value))
                .collect()
        }
        _ => Vec::new(),
    };
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// `/fog give seat: to:` (and `/kh give`): the host, or a member with Manage Server, gives a
/// seat of the game here to another member. The thread tells the new player where their
/// private screen is; the one before is refused from then on.
pub(crate) async fn give_here(
    ctx: Ctx<'_>,
    kind: Kind,
    seat: String,
    to: serenity::User,
) -> Result<(), Error> {
    // The thread's post is a Discord call of its own: answer "thinking..." first.
    ctx.defer_ephemeral().await?;
    let data = ctx.data();
    let cmd = group(ctx);
    let by = ctx.author().id.get();
    let m = match table_here(ctx, kind).await {
        Ok(Some((table, Some(_)))) => match seat_named(&table, &seat) {
            None => text(&crate::t!("err-no-such-seat", seat = seat.as_str())),
            Some(s) => {
                // The seat by its player's name: a bot that took it when they left is named
                // after them ("Bruno's seat", not "Bruno (bot)'s seat").
                let held = table.seats.iter().find(|r| r.seat == s);
                let from = table
                    .changes
                    .iter()
                    .rev()
                    .find(|c| {
                        c.seat == s
                            && c.kind == ChangeKind::Left
                            && held.is_some_and(|h| h.user_id == c.to_user)
                    })
                    .map(|c| c.from_name.clone())
                    .or_else(|| held.map(|r| r.name.clone()))
                    .unwrap_or_default();
                let to_name = to.global_name.clone().unwrap_or_else(|| to.name.clone());
                match data
                    .service
                    .give_seat(
                        table.game.id,
                        by,
                        is_manager(ctx).await,
                        s,
                        to.id.get(),
                        &to_name,
                        to.bot,
                    )
                    .await
                {
                    Ok(t) => {
                        notify::post_public(ctx.http(), data, &t, || {
                            ui::plain(&crate::t!(
                                "give-public",
                                by = format!("<@{by}>"),
                                from = ui::esc(&from),
                                to = format!("<@{}>", to.id.get()),
                                cmd = cmd.as_str()
                            ))
                        })
                        .await;
                        notify::refresh_table(data, t.game.id);
                        notify::redraw_dm_panels(data, &t, None).await;
                        text(&crate::t!(
                            "give-done",
                            from = ui::esc(&from),
                            to = ui::esc(&to_name)
                        ))
                    }
                    Err(e) => text(&user_text(&e)),
                }
            }
        },
        Ok(Some((_, None))) => text(&crate::t!("not-started")),
        Ok(None) => text(&crate::t!("no-game-here")),
        Err(e) => text(&user_text(&e)),
    };
    say(ctx, &m).await
}

#[cfg(test)]
mod tests {
    use super::show_date;
    use crate::i18n::{Locale, with};

    #[test]
    fn a_day_reads_as_people_write_it() {
        assert_eq!(with(Locale::En, || show_date("2026-12-03")), "Thu 3 Dec");
        assert_eq!(
            with(Locale::Ja, || show_date("2026-12-03")),
            "12月3日（木）"
        );
        assert_eq!(with(Locale::En, || show_date("2027-01-31")), "Sun 31 Jan");
        // Not a day: shown as stored rather than guessed.
        assert_eq!(with(Locale::En, || show_date("someday")), "someday");
    }
}
