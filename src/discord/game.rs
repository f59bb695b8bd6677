//! What the shared Discord code (table redraws, DM panels, reminders, the stand-in, bot seats)
//! needs from each game's screens. Each game implements [`Screens`] next to its own messages;
//! the shared code is written once over it and reaches a row's game with `on_kind!` / `on_game!`.

use super::Data;
use super::spec::MessageSpec;
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
    /// The game's name for people, in the language in scope.
    fn name() -> String;
    /// A refusal by this game's rules as a sentence in the language in scope; `None` when the
    /// error is not this game's.
    fn rule_text(e: &(dyn std::error::Error + 'static)) -> Option<String>;
    /// The letter that marks this game in the records' page buttons (`h:<letter>:...`).
    const RECORD_TAG: &'static str;
    /// What the records call this game's favourites ("Favourite cards").
    fn favourites_title() -> String;
    /// The name of a favourite id (a card's, a crop's), or the id as stored when the rules
    /// data no longer has it (a group changed its deck file).
    fn favourite_name(library: &crate::host::Library, id: &str) -> String;
    /// The game's own options in the lobby's options line (" · introductory mode: on"), or "".
    fn lobby_options(options: &crate::store::TableOptions) -> String;
    /// The `farmhand replay` flag that names this game (" --game key-harvest"), or "".
    const REPLAY_FLAG: &'static str;
    /// A note for an export when the game was played with other rules data (deck, board) than
    /// the defaults `farmhand replay` uses.
    fn own_rules_note(game: &Self) -> Option<String>;
    /// The label of the table's button that opens a seat's private screen ("My hand").
    fn my_panel_button() -> String;
    /// Where a game in progress stands, in a few words ("Year 2 · Action phase", "Turn 14").
    fn progress(game: &Self) -> String;
    /// The winners of an ended game (several on a shared win).
    fn winners(game: &Self) -> Vec<usize>;
    /// The public sentences of `events` (stored log events), one per line, for the catch-up at
    /// the top of a seat's screen ("since your last move").
    fn catch_up_lines(table: &Table, game: &Self, events: &[Self::Event]) -> Vec<String>;
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
