//! Hay Wagons' part of the shared host screens ([`Screens`]) and of the coach ([`Coached`]):
//! what the table, DM panels, reminders, the stand-in and bot seats show and say for its table.

use super::ids::{HwId, HwVerb};
use super::{final_scores, panel, table_message};
use crate::discord::Data;
use crate::discord::coach::Coached;
use crate::discord::game::Screens;
use crate::discord::spec::{ButtonSpec, MessageSpec, RowSpec, Style};
use crate::discord::ui::esc;
use crate::discord::{notify, spec};
use crate::games::Engine;
use crate::games::hay_wagons::{Action, Event, Field, Game, Refusal};
use crate::render::hay_wagons::{action_words, describe_event, moment};
use crate::service::Acted;
use crate::store::Table;
use crate::t;
use poise::serenity_prelude::Http;

/// A mention of the seat's player, or the bot's name.
fn mention(table: &Table, seat: usize) -> String {
    match table.user_of(seat) {
        Some(u) => format!("<@{u}>"),
        None => esc(&crate::render::seat_name(&table.names(), seat)),
    }
}

impl Screens for Game {
    fn table_message(table: &Table, game: &Self) -> MessageSpec {
        table_message(table, game)
    }

    fn main_panel(table: &Table, game: &Self, seat: usize, note: Option<&str>) -> MessageSpec {
        panel(table, game, seat, note)
    }

    const RECORD_TAG: &'static str = "w";
    const REPLAY_FLAG: &'static str = " --game hay-wagons";
    fn name() -> String {
        t!("game-hay-wagons")
    }
    fn rule_text(e: &(dyn std::error::Error + 'static)) -> Option<String> {
        Some(match e.downcast_ref::<Refusal>()? {
            Refusal::Over => t!("hw-refusal-over"),
            Refusal::NoSuchSeat { .. } => t!("hw-refusal-no-seat"),
            Refusal::NotYourTurn { .. } => t!("hw-refusal-not-your-turn"),
        })
    }
    fn favourites_title() -> String {
        t!("hw-favourites")
    }
    /// The game records no favourites (every bale is hay): an id is shown as stored.
    fn favourite_name(_library: &crate::host::Library, id: &str) -> String {
        id.to_string()
    }
    fn lobby_options(_options: &crate::store::TableOptions) -> String {
        String::new()
    }
    fn own_rules_note(game: &Self) -> Option<String> {
        (**game.field() != *Field::standard()).then(|| t!("hw-own-field"))
    }
    fn my_panel_button() -> String {
        t!("hw-button-my-wagon")
    }
    fn progress(game: &Self) -> String {
        moment(game)
    }
    fn winners(game: &Self) -> Vec<usize> {
        game.winners()
    }
    fn catch_up_lines(table: &Table, _game: &Self, events: &[Event]) -> Vec<String> {
        let names = table.names();
        events.iter().map(|e| describe_event(e, &names)).collect()
    }
    /// "Done." and what the load did.
    fn done_note(table: &Table, _game: &Self, events: &[Event]) -> String {
        let names = table.names();
        let first = events.first().map(|e| describe_event(e, &names));
        format!("{} {}", t!("hw-done"), first.unwrap_or_default())
            .trim()
            .to_string()
    }

    fn reminder(table: &Table, game: &Self, seats: &[usize]) -> MessageSpec {
        let who: Vec<String> = seats.iter().map(|&s| mention(table, s)).collect();
        MessageSpec {
            content: spec::clip(
                &t!(
                    "hw-reminder",
                    names = crate::render::and_list(&who),
                    table = table.game.id,
                    progress = moment(game)
                ),
                spec::limits::CONTENT,
            ),
            ping: seats.iter().filter_map(|&s| table.user_of(s)).collect(),
            ..Default::default()
        }
    }

    fn dm_reminder(table: &Table, game: &Self, _seat: usize) -> MessageSpec {
        MessageSpec {
            content: t!(
                "hw-dm-reminder",
                table = table.game.id,
                progress = moment(game),
                channel = format!("<#{}>", table.game.play_channel())
            ),
            rows: vec![RowSpec::Buttons(vec![ButtonSpec {
                id: HwId::new(table.game.id, table.game.version, HwVerb::Hand).encode(),
                label: t!("hw-button-my-wagon"),
                style: Style::Primary,
                disabled: false,
            }])],
            ..Default::default()
        }
    }

    fn stand_in_note(table: &Table, game: &Self, seat: usize, minutes: u32) -> String {
        t!(
            "hw-stand-in-note",
            name = esc(&crate::render::seat_name(&table.names(), seat)),
            minutes = minutes,
            progress = moment(game)
        )
    }

    /// The table message follows every load; the thread gets each load's sentence (a game is
    /// a dozen loads, far from Discord's per-channel limits), then the final scores; DM panels
    /// are redrawn for the seat whose turn it now is.
    async fn after_action(http: &Http, data: &Data, done: &Acted<Self>, from_dm: Option<u64>) {
        let table = &done.table;
        notify::refresh_table(data, table.game.id);
        let names = table.names();
        let said: Vec<String> = done
            .events
            .iter()
            .filter(|e| matches!(e, Event::Loaded { .. }))
            .map(|e| describe_event(e, &names))
            .collect();
        if !said.is_empty() {
            notify::post(
                http,
                data,
                table,
                &crate::discord::ui::plain(&said.join("\n")),
            )
            .await;
        }
        if done.game.is_over() {
            let mut m = final_scores(table, &done.game);
            crate::discord::coach::add_hints_used(data, table, &mut m).await;
            notify::post(http, data, table, &m).await;
        }
        notify::redraw_dm_panels(data, table, from_dm).await;
    }
}

impl Coached for Game {
    const PERIODS: crate::render::coach::Periods = crate::render::coach::Periods::Rounds;

    fn hint_text(_table: &Table, game: &Self, seat: usize) -> Option<String> {
        let hint = crate::games::coach::hint(game, seat)?;
        let best = action_words(game, &hint.best);
        let runner_up = hint
            .runner_up
            .as_ref()
            .map(|(a, gap)| (action_words(game, a), *gap));
        Some(crate::render::coach::hint_text(
            &best,
            runner_up.as_ref().map(|(a, gap)| (a.as_str(), *gap)),
        ))
    }

    fn action_words(_table: &Table, game: &Self, _seat: usize, action: &Action) -> String {
        action_words(game, action)
    }

    fn moment(game: &Self, _action: &Action) -> String {
        moment(game)
    }
}
