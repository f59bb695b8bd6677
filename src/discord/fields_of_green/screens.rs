//! Fields of Green's part of the shared host screens ([`Screens`]): what the table, DM panels,
//! reminders, the stand-in and the shared router show for a Fields of Green game.

use crate::discord::Data;
use crate::discord::game::Screens;
use crate::discord::spec::MessageSpec;
use crate::games::fields_of_green as fog;
use crate::service::Acted;
use crate::store::Table;
use poise::serenity_prelude::Http;
use std::future::Future;

impl Screens for fog::Game {
    fn table_message(table: &Table, game: &Self) -> MessageSpec {
        super::table_message(table, game)
    }
    fn main_panel(table: &Table, game: &Self, seat: usize, note: Option<&str>) -> MessageSpec {
        super::panel(
            table,
            game,
            seat,
            &crate::discord::fields_of_green::ids::Screen::Main,
            note,
        )
    }
    const RECORD_TAG: &'static str = "f";
    const REPLAY_FLAG: &'static str = "";
    fn name() -> String {
        crate::t!("game-fields-of-green")
    }
    fn rule_text(e: &(dyn std::error::Error + 'static)) -> Option<String> {
        super::rule_text(e)
    }
    fn favourites_title() -> String {
        crate::t!("rec-favourites-fog")
    }
    fn favourite_name(library: &crate::host::Library, id: &str) -> String {
        crate::render::fields_of_green::card_name(&library.fields_of_green, id)
    }
    fn lobby_options(options: &crate::store::TableOptions) -> String {
        // Introductory mode is Fields of Green's alone.
        if options.intro {
            format!(" · {}", crate::t!("lobby-intro-on"))
        } else {
            format!(" · {}", crate::t!("lobby-intro-off"))
        }
    }
    fn own_rules_note(game: &Self) -> Option<String> {
        let default = fog::Deck::default_deck();
        (game.deck().fingerprint != default.fingerprint).then(|| crate::t!("export-own-deck"))
    }
    fn my_panel_button() -> String {
        crate::t!("btn-my-hand")
    }
    fn progress(game: &Self) -> String {
        super::year_phase(game)
    }
    fn winners(game: &Self) -> Vec<usize> {
        game.winners().map(|(w, _)| w).unwrap_or_default()
    }
    fn catch_up_lines(table: &Table, game: &Self, events: &[fog::Event]) -> Vec<String> {
        super::public::log_lines(table, game, events)
    }
    fn done_note(table: &Table, game: &Self, events: &[fog::Event]) -> String {
        let names = table.names();
        let said = crate::render::fields_of_green::events::describe_in(game, events, &names);
        crate::t!(
            "done",
            said = said.first().map(String::as_str).unwrap_or("")
        )
        .trim()
        .to_string()
    }
    fn reminder(table: &Table, game: &Self, seats: &[usize]) -> MessageSpec {
        super::reminder(table, game, seats)
    }
    fn dm_reminder(table: &Table, game: &Self, seat: usize) -> MessageSpec {
        super::dm_reminder(table, game, seat)
    }
    fn stand_in_note(table: &Table, game: &Self, seat: usize, minutes: u32) -> String {
        super::stand_in_note(table, game, seat, minutes)
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

impl crate::discord::coach::Coached for fog::Game {
    const PERIODS: crate::render::coach::Periods = crate::render::coach::Periods::Years;
    fn hint_text(_table: &Table, game: &Self, seat: usize) -> Option<String> {
        let hint = crate::games::coach::hint(game, seat)?;
        let view = game.player_view(seat);
        let say = |a: &fog::Action| {
            crate::render::fields_of_green::coach::action_words(game.deck(), &view, a)
        };
        let runner_up = hint.runner_up.as_ref().map(|(a, gap)| (say(a), *gap));
        Some(crate::render::coach::hint_text(
            &say(&hint.best),
            runner_up.as_ref().map(|(a, gap)| (a.as_str(), *gap)),
        ))
    }

    fn action_words(_table: &Table, game: &Self, seat: usize, action: &fog::Action) -> String {
        crate::render::fields_of_green::coach::action_words(
            game.deck(),
            &game.player_view(seat),
            action,
        )
    }

    fn moment(game: &Self, action: &fog::Action) -> String {
        crate::render::fields_of_green::coach::moment(game, action)
    }
}
