//! Key Harvest as the host sees it: its [`Engine`] implementation, the seam between this game
//! and the shared service, store, reminders, bots and engine test harness.

use crate::key_harvest;
use crate::{Engine, SeatResult, TableSetup};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

impl Engine for key_harvest::Game {
    const KIND: &'static str = "key_harvest";
    const NAME: &'static str = "Key Harvest";
    const PLAYERS: std::ops::RangeInclusive<usize> = 2..=4;
    const BOTS: &'static [&'static str] = &key_harvest::bots::BOT_NAMES;

    type Rules = key_harvest::Board;
    type Action = key_harvest::Action;
    type Event = key_harvest::Event;
    type Error = key_harvest::ActionError;
    type Snapshot = key_harvest::GameSnapshot;
    /// The turn number and the seat on turn.
    type Stage = (u32, usize);

    fn start(
        rules: &Arc<Self::Rules>,
        setup: &TableSetup,
    ) -> Result<(Self, Vec<Self::Event>), String> {
        let options = key_harvest::Options {
            players: setup.players as u8,
        };
        key_harvest::Game::new(rules.clone(), &options, setup.seed).map_err(|e| e.to_string())
    }
    fn snapshot(&self) -> Self::Snapshot {
        key_harvest::Game::snapshot(self)
    }
    fn restore(_rules: &Arc<Self::Rules>, snapshot: Self::Snapshot) -> Result<Self, String> {
        // The snapshot carries its own board (a group may have swapped in its printed one
        // since the game began; the game goes on with the board it started with).
        key_harvest::Game::from_snapshot(snapshot).map_err(|e| e.to_string())
    }
    fn players(&self) -> usize {
        usize::from(key_harvest::Game::players(self))
    }
    fn waiting_for(&self) -> Vec<usize> {
        self.to_move().map(usize::from).into_iter().collect()
    }
    fn is_over(&self) -> bool {
        key_harvest::Game::is_over(self)
    }
    fn results(&self) -> Option<Vec<SeatResult>> {
        let pad = self.score_pad()?;
        let mut lines: Vec<&key_harvest::ScoreLine> = pad.lines.iter().collect();
        lines.sort_by_key(|l| l.seat);
        Some(
            lines
                .into_iter()
                .map(|l| SeatResult {
                    score: l.total,
                    won: pad.winners.contains(&l.seat),
                    place: u32::from(l.rank),
                    favourites: l.crops.iter().map(|c| c.id().to_string()).collect(),
                })
                .collect(),
        )
    }
    fn stage(&self) -> Self::Stage {
        let s = self.state();
        (s.turn.number, usize::from(s.turn.active))
    }
    fn apply(
        &mut self,
        seat: usize,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, Self::Error> {
        key_harvest::Game::apply(self, seat as key_harvest::Seat, action)
    }
    fn undoable(
        &self,
        after: &Self,
        seat: usize,
        action: &Self::Action,
        events: &[Self::Event],
    ) -> bool {
        key_harvest::Game::undoable(self, after, seat, action, events)
    }
    fn legal_sample(&self, seat: usize, rng: &mut ChaCha8Rng) -> Vec<Self::Action> {
        let seat = seat as key_harvest::Seat;
        let supply = self.state().players[usize::from(seat)].supply;
        let stock = self.state().stock;
        self.legal_actions(seat)
            .iter()
            .filter_map(|c| key_harvest::bots::random::fill_choice(c, supply, stock, rng))
            .collect()
    }
    fn listed(&self, seat: usize, action: &Self::Action) -> bool {
        self.lists(seat as key_harvest::Seat, action)
    }
    fn check_invariants(&self) -> Result<(), String> {
        key_harvest::Game::check_invariants(self)
    }
    fn player_view_json(&self, seat: usize) -> String {
        serde_json::to_string(&self.player_view(seat as key_harvest::Seat))
            .expect("views serialize")
    }
    fn public_view_json(&self) -> String {
        serde_json::to_string(&self.public_view()).expect("views serialize")
    }
    fn scenario(
        setup: &TableSetup,
        names: &[String],
        actions: Vec<(usize, Self::Action)>,
    ) -> serde_json::Value {
        let scenario = key_harvest::replay::Scenario {
            players: setup.players as u8,
            seed: setup.seed,
            board: None,
            names: names.to_vec(),
            position: None,
            actions: actions
                .into_iter()
                .map(|(seat, action)| key_harvest::replay::SeatAction {
                    seat: seat as key_harvest::pieces::Seat,
                    action,
                })
                .collect(),
        };
        serde_json::to_value(&scenario).expect("scenarios serialize")
    }
    fn valid_bot(bot: &str) -> Result<(), String> {
        match key_harvest::bots::by_name(bot) {
            Some(_) => Ok(()),
            None => Err(format!(
                "unknown bot {bot:?}: use {}",
                key_harvest::bots::BOT_NAMES.join(" or ")
            )),
        }
    }
    fn bot_action(
        &self,
        seat: usize,
        bot: &str,
        rng: &mut ChaCha8Rng,
    ) -> Result<Self::Action, String> {
        let mut b =
            key_harvest::bots::by_name(bot).ok_or_else(|| format!("unknown bot {bot:?}"))?;
        let view = self.player_view(seat as key_harvest::Seat);
        Ok(b.decide(self.board(), &view, rng))
    }
    fn coach_rank(
        &self,
        seat: usize,
        also: Option<&Self::Action>,
        worlds: usize,
        rng: &mut ChaCha8Rng,
    ) -> Vec<(Self::Action, f64)> {
        let view = self.player_view(seat as key_harvest::Seat);
        key_harvest::bots::search::SearchBot::default().rank(self.board(), &view, also, worlds, rng)
    }
    fn projection(&self) -> Vec<f64> {
        key_harvest::bots::search::projection(self)
    }
    fn chapter(&self) -> (u32, u32) {
        let turn = self.state().turn.number;
        (key_harvest::round_of(turn, u32::from(self.players())), turn)
    }
}
