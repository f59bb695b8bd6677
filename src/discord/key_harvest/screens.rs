//! Key Harvest's part of the shared host screens ([`Screens`]): what the table, DM panels,
//! reminders, the stand-in and bot seats show and say for a Key Harvest table. The messages
//! themselves are built in this module's siblings from views only (KH 68-70).

use super::ids::{KhId, KhVerb};
use super::public::decision_text;
use super::{KhScreen, final_scores, panel, round_of, round_summary, table_message};
use crate::discord::Data;
use crate::discord::game::Screens;
use crate::discord::spec::{self, ButtonSpec, MessageSpec, RowSpec, Style, limits};
use crate::discord::{notify, ui};
use crate::games::key_harvest::{Event, Game};
use crate::render::key_harvest::text::{and_list, describe_event};
use crate::service::Acted;
use crate::store::Table;
use crate::t;
use poise::serenity_prelude::Http;

/// A mention of the seat's player, or the bot's name.
fn mention(table: &Table, seat: usize) -> String {
    match table.user_of(seat) {
        Some(u) => format!("<@{u}>"),
        None => table.names().get(seat).cloned().unwrap_or_default(),
    }
}

impl Screens for Game {
    fn table_message(table: &Table, game: &Self) -> MessageSpec {
        table_message(table, game)
    }

    fn main_panel(table: &Table, game: &Self, seat: usize, note: Option<&str>) -> MessageSpec {
        panel(table, game, seat, &KhScreen::Main, note)
    }

    const RECORD_TAG: &'static str = "k";
    const REPLAY_FLAG: &'static str = " --game key-harvest";
    fn name() -> String {
        t!("game-key-harvest")
    }
    fn rule_text(e: &(dyn std::error::Error + 'static)) -> Option<String> {
        super::rule_text(e)
    }
    fn favourites_title() -> String {
        t!("rec-favourites-kh")
    }
    fn favourite_name(library: &crate::host::Library, id: &str) -> String {
        crate::games::key_harvest::Crop::parse(id)
            .map(|c| crate::render::key_harvest::text::crop_name(&library.key_harvest, c))
            .unwrap_or_else(|| id.to_string())
    }
    fn lobby_options(_options: &crate::store::TableOptions) -> String {
        String::new()
    }
    fn own_rules_note(game: &Self) -> Option<String> {
        (**game.board() != *crate::games::key_harvest::Board::standard())
            .then(|| t!("export-own-board"))
    }
    fn my_panel_button() -> String {
        t!("btn-my-screen")
    }
    fn progress(game: &Self) -> String {
        let s = game.state();
        match s.final_turns {
            Some(_) => t!("kh-progress-final", turn = s.turn.number),
            None => t!("kh-progress-turn", turn = s.turn.number),
        }
    }

    fn winners(game: &Self) -> Vec<usize> {
        game.score_pad()
            .map(|p| p.winners.iter().map(|&s| usize::from(s)).collect())
            .unwrap_or_default()
    }

    /// The clicker's answer names what their action did: the first public sentence of its
    /// events, as the clicker may see it (their own counters included).
    fn catch_up_lines(table: &Table, game: &Self, events: &[Event]) -> Vec<String> {
        super::public::log_sentences(table, game, events)
    }
    fn done_note(
        table: &Table,
        game: &Self,
        events: &[crate::games::key_harvest::Event],
    ) -> String {
        let names = table.names();
        let first = events
            .iter()
            .find_map(|e| describe_event(game.board(), e, &names, game.players(), None));
        format!("{} {}", t!("kh-done"), first.unwrap_or_default())
            .trim()
            .to_string()
    }

    fn reminder(table: &Table, game: &Self, seats: &[usize]) -> MessageSpec {
        let who: Vec<String> = seats.iter().map(|&s| mention(table, s)).collect();
        let content = t!(
            "kh-reminder",
            names = and_list(&who),
            decision = decision_text(game),
            table = table.game.id,
            progress = Self::progress(game)
        );
        let mut m = MessageSpec {
            content,
            ping: seats.iter().filter_map(|&s| table.user_of(s)).collect(),
            ..Default::default()
        };
        m.content = spec::clip(&m.content, limits::CONTENT);
        m
    }

    fn dm_reminder(table: &Table, game: &Self, _seat: usize) -> MessageSpec {
        let content = t!(
            "kh-dm-reminder",
            table = table.game.id,
            progress = Self::progress(game),
            decision = decision_text(game),
            channel = format!("<#{}>", table.game.play_channel())
        );
        let mut m = MessageSpec {
            content,
            ..Default::default()
        };
        let id = KhId::new(table.game.id, table.game.version, KhVerb::Hand);
        if id.fits() {
            m.rows.push(RowSpec::Buttons(vec![ButtonSpec {
                id: id.encode(),
                label: t!("kh-button-my-screen"),
                style: Style::Primary,
                disabled: false,
            }]));
        }
        m
    }

    fn stand_in_note(table: &Table, game: &Self, seat: usize, minutes: u32) -> String {
        let name = table.names().get(seat).cloned().unwrap_or_default();
        t!(
            "kh-stand-in-note",
            name = ui::esc(&name),
            minutes = minutes,
            progress = Self::progress(game)
        )
    }

    async fn after_action(http: &Http, data: &Data, done: &Acted<Self>, from_dm: Option<u64>) {
        let table = &done.table;
        notify::refresh_table(data, table.game.id);
        // Turns are short in Key Harvest (about one action each): a post per action spent
        // Discord's per-channel message limit twice as fast as Fields of Green. So, as Fields
        // of Green gathers a turn, the thread gets one post per round (each seat's turn once)
        // when the round is over, saying what everybody did; the table message shows where the
        // game stands after every action, and its Log button the latest sentences.
        if let Some(m) = finished_round(data, table, &done.game, &done.events).await {
            notify::post(http, data, table, &m).await;
        }
        if done.game.is_over() {
            let mut m = final_scores(table, &done.game);
            crate::discord::coach::add_hints_used(data, table, &mut m).await;
            notify::post(http, data, table, &m).await;
        }
        // One seat decides at a time: whenever the decision moved to another seat (or the
        // game changed under a waiting player's DM panel), redraw the DM panels.
        notify::redraw_dm_panels(data, table, from_dm).await;
    }
}

/// The summary of the round this action finished (a new round's first turn began, or the game
/// ended), if any: every public sentence since the round's first turn began.
async fn finished_round(
    data: &Data,
    table: &Table,
    game: &Game,
    events: &[Event],
) -> Option<MessageSpec> {
    let players = u32::from(game.players());
    let starts_round = |e: &Event| {
        matches!(e, Event::TurnStarted { turn, .. }
            if *turn >= 1 && round_of(*turn, players) != round_of(turn - 1, players))
    };
    let boundary = events.iter().position(starts_round);
    if boundary.is_none() && !game.is_over() {
        return None;
    }
    // Enough of the log for a round of four seats (a turn is a few events).
    let all: Vec<Event> = match crate::discord::router::last_events(data, table, 400).await {
        Ok(all) => all,
        Err(e) => {
            tracing::warn!(game = table.game.id, error = %e, "could not read the log for a round summary");
            return None;
        }
    };
    let first_new = all.len().saturating_sub(events.len());
    let end = (first_new + boundary.unwrap_or(events.len())).min(all.len());
    let start = all[..end].iter().rposition(starts_round);
    // The round that ended: the one before the round this action began, or the last one.
    let round = match boundary.map(|k| &events[k]) {
        Some(Event::TurnStarted { turn, .. }) => round_of(*turn, players) - 1,
        _ => round_of(game.state().turn.number, players),
    };
    round_summary(table, game, round, &all[start.unwrap_or(0)..end])
}

impl crate::discord::coach::Coached for Game {
    const PERIODS: crate::render::coach::Periods = crate::render::coach::Periods::Rounds;
    fn hint_text(table: &Table, game: &Self, seat: usize) -> Option<String> {
        let hint = crate::games::coach::hint(game, seat)?;
        let names = ui::names(table, usize::from(game.players()));
        let say = |a| crate::render::key_harvest::coach::action_words(game.board(), &names, a);
        let Some(best) = say(&hint.best) else {
            return Some(t!("kh-coach-no-advice"));
        };
        let runner_up = hint
            .runner_up
            .as_ref()
            .and_then(|(a, gap)| Some((say(a)?, *gap)));
        Some(crate::render::coach::hint_text(
            &best,
            runner_up.as_ref().map(|(a, gap)| (a.as_str(), *gap)),
        ))
    }

    fn action_words(
        table: &Table,
        game: &Self,
        _seat: usize,
        action: &crate::games::key_harvest::Action,
    ) -> String {
        let names = ui::names(table, usize::from(game.players()));
        crate::render::key_harvest::coach::action_words(game.board(), &names, action)
            .unwrap_or_else(|| t!("coach-other-choice"))
    }

    fn moment(game: &Self, action: &crate::games::key_harvest::Action) -> String {
        crate::render::key_harvest::coach::moment(game, action)
    }
}
