//! What the shared Discord code (table redraws, DM panels, reminders, the stand-in, bot seats)
//! needs from each game's screens. Each game implements [`Screens`] next to its own messages;
//! the shared code is written once over it and reaches a row's game with `on_kind!` / `on_game!`.

use super::Data;
use super::spec::MessageSpec;
use crate::games::fields_of_green as fog;
use crate::host::Hosted;
use crate::service::Acted;
use crate::store::Table;
use poise::serenity_prelude::Http;
use std::future::Future;

pub trait Screens: Hosted {
    /// The public table message of a started game.
    fn table_message(table: &Table, game: &Self) -> MessageSpec;
    /// The seat's private screen as it opens (in an ephemeral reply or the player's DM), with an
    /// optional note at the top.
    fn main_panel(table: &Table, game: &Self, seat: usize, note: Option<&str>) -> MessageSpec;
    /// Where a game in progress stands, in a few words ("Year 2 · Action phase", "Turn 14").
    fn progress(game: &Self) -> String;
    /// The winners of an ended game (several on a shared win).
    fn winners(game: &Self) -> Vec<usize>;
    /// The first line of the clicker's answer after an accepted action ("Done. You built ...").
    fn done_note(table: &Table, game: &Self, events: &[Self::Event]) -> String;
    /// The public reminder naming the `seats` the game waits for.
    fn reminder(table: &Table, game: &Self, seats: &[usize]) -> MessageSpec;
    /// The reminder sent by DM to the player in `seat`.
    fn dm_reminder(table: &Table, game: &Self, seat: usize) -> MessageSpec;
    /// What the thread says when the stand-in made a decision for the slow player in `seat`:
    /// public facts only.
    fn stand_in_note(table: &Table, game: &Self, seat: usize, minutes: u32) -> String;
    /// Everything said after an accepted action besides the clicker's own answer: the table
    /// message, summaries, the final scores, DM panels. `from_dm` is the user whose click came
    /// from their DM panel (already redrawn by the interaction response).
    fn after_action<'a>(
        http: &'a Http,
        data: &'a Data,
        done: &'a Acted<Self>,
        from_dm: Option<u64>,
    ) -> impl Future<Output = ()> + Send + 'a;
}

impl Screens for fog::Game {
    fn table_message(table: &Table, game: &Self) -> MessageSpec {
        super::fields_of_green::table_message(table, game)
    }
    fn main_panel(table: &Table, game: &Self, seat: usize, note: Option<&str>) -> MessageSpec {
        super::fields_of_green::panel(table, game, seat, &super::ids::Screen::Main, note)
    }
    fn progress(game: &Self) -> String {
        super::fields_of_green::year_phase(game)
    }
    fn winners(game: &Self) -> Vec<usize> {
        game.winners().map(|(w, _)| w).unwrap_or_default()
    }
    fn done_note(table: &Table, game: &Self, events: &[fog::Event]) -> String {
        let names = table.names();
        let farms: Vec<_> = game
            .public_view()
            .seats
            .into_iter()
            .map(|s| s.farm)
            .collect();
        let said = crate::render::events::describe_events(game.deck(), events, &names, &farms);
        crate::t!(
            "done",
            said = said.first().map(String::as_str).unwrap_or("")
        )
        .trim()
        .to_string()
    }
    fn reminder(table: &Table, game: &Self, seats: &[usize]) -> MessageSpec {
        super::fields_of_green::reminder(table, game, seats)
    }
    fn dm_reminder(table: &Table, game: &Self, seat: usize) -> MessageSpec {
        super::fields_of_green::dm_reminder(table, game, seat)
    }
    fn stand_in_note(table: &Table, game: &Self, seat: usize, minutes: u32) -> String {
        super::fields_of_green::stand_in_note(table, game, seat, minutes)
    }
    fn after_action<'a>(
        http: &'a Http,
        data: &'a Data,
        done: &'a Acted<Self>,
        from_dm: Option<u64>,
    ) -> impl Future<Output = ()> + Send + 'a {
        super::notify::after_fog_action(
            http,
            data,
            &done.table,
            &done.game,
            &done.events,
            &done.stage_before,
            from_dm,
        )
    }
}
