//! Fields of Green as the host sees it: its [`Engine`] implementation, the seam between this
//! game and the shared service, store, reminders, bots and engine test harness.

use crate::coach;
use crate::fields_of_green;
use crate::{Engine, SeatResult, TableSetup};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

impl Engine for fields_of_green::Game {
    const KIND: &'static str = "fields_of_green";
    const NAME: &'static str = "Fields of Green";
    const PLAYERS: std::ops::RangeInclusive<usize> = 2..=6;
    const BOTS: &'static [&'static str] = &["random", "heuristic", "search"];

    type Rules = fields_of_green::Deck;
    type Action = fields_of_green::Action;
    type Event = fields_of_green::Event;
    type Error = fields_of_green::ActionError;
    type Snapshot = fields_of_green::GameSnapshot;
    type Stage = fields_of_green::Phase;

    fn start(
        rules: &Arc<Self::Rules>,
        setup: &TableSetup,
    ) -> Result<(Self, Vec<Self::Event>), String> {
        let options = fields_of_green::Options {
            players: setup.players as u8,
            intro: setup.intro && setup.players <= 4,
            first_player: 0,
        };
        fields_of_green::Game::start(
            rules.clone(),
            fields_of_green::Setup::new(options, setup.seed),
        )
        .map_err(|e| e.to_string())
    }
    fn snapshot(&self) -> Self::Snapshot {
        fields_of_green::Game::snapshot(self)
    }
    fn restore(rules: &Arc<Self::Rules>, snapshot: Self::Snapshot) -> Result<Self, String> {
        fields_of_green::Game::from_snapshot(rules.clone(), snapshot).map_err(|e| e.to_string())
    }
    fn players(&self) -> usize {
        fields_of_green::Game::players(self)
    }
    fn waiting_for(&self) -> Vec<usize> {
        fields_of_green::Game::waiting_for(self)
    }
    fn is_over(&self) -> bool {
        fields_of_green::Game::is_over(self)
    }
    fn results(&self) -> Option<Vec<SeatResult>> {
        let pads = self.scores()?;
        let (winners, _) = self.winners()?;
        let deck = self.deck();
        let standings = fields_of_green::game::scoring::standings(pads);
        Some(
            pads.iter()
                .map(|pad| SeatResult {
                    score: pad.total,
                    won: winners.contains(&pad.seat),
                    place: standings
                        .iter()
                        .find(|(s, _)| *s == pad.seat)
                        .map_or(0, |(_, place)| *place),
                    // Cards built face up; an Open Area is a card turned face down, not one the
                    // player chose to have (ruling 15).
                    favourites: self.state().players[pad.seat]
                        .farm
                        .cells
                        .iter()
                        .filter(|c| c.face_up)
                        .filter_map(|c| match c.card {
                            fields_of_green::farm::CellCard::Location(d) => {
                                Some(deck.location(d).id.clone())
                            }
                            _ => None,
                        })
                        .collect(),
                })
                .collect(),
        )
    }
    fn stage(&self) -> Self::Stage {
        self.phase().clone()
    }
    fn apply(
        &mut self,
        seat: usize,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, Self::Error> {
        fields_of_green::Game::apply(self, seat, action)
    }
    fn undoable(
        &self,
        after: &Self,
        seat: usize,
        action: &Self::Action,
        events: &[Self::Event],
    ) -> bool {
        fields_of_green::Game::undoable(self, after, seat, action, events)
    }
    fn legal_sample(&self, seat: usize, _rng: &mut ChaCha8Rng) -> Vec<Self::Action> {
        self.legal_actions(seat)
    }
    fn listed(&self, seat: usize, action: &Self::Action) -> bool {
        self.legal_actions(seat).contains(action)
    }
    fn check_invariants(&self) -> Result<(), String> {
        fields_of_green::Game::check_invariants(self)
    }
    fn player_view_json(&self, seat: usize) -> String {
        serde_json::to_string(&self.player_view(seat)).expect("views serialize")
    }
    fn public_view_json(&self) -> String {
        serde_json::to_string(&self.public_view()).expect("views serialize")
    }
    fn scenario(
        setup: &TableSetup,
        names: &[String],
        actions: Vec<(usize, Self::Action)>,
    ) -> serde_json::Value {
        // The same options as `start`, so the scenario sets up the game the table played.
        let options = fields_of_green::Options {
            players: setup.players as u8,
            intro: setup.intro && setup.players <= 4,
            first_player: 0,
        };
        let scenario = fields_of_green::replay::Scenario {
            deck: None,
            setup: fields_of_green::Setup::new(options, setup.seed),
            names: names.to_vec(),
            actions: actions
                .into_iter()
                .map(|(seat, action)| fields_of_green::replay::SeatAction { seat, action })
                .collect(),
        };
        serde_json::to_value(&scenario).expect("scenarios serialize")
    }
    fn valid_bot(bot: &str) -> Result<(), String> {
        fields_of_green::bots::BotSpec::parse(bot).map(|_| ())
    }
    fn bot_action(
        &self,
        seat: usize,
        bot: &str,
        rng: &mut ChaCha8Rng,
    ) -> Result<Self::Action, String> {
        let spec = fields_of_green::bots::BotSpec::parse(bot)?;
        let view = self.player_view(seat);
        Ok(spec.build().decide(&view, self.deck_arc(), rng))
    }
    fn coach_rank(
        &self,
        seat: usize,
        also: Option<&Self::Action>,
        worlds: usize,
        rng: &mut ChaCha8Rng,
    ) -> Vec<(Self::Action, f64)> {
        let bot =
            fields_of_green::bots::search::SearchBot::new(fields_of_green::bots::DEFAULT_ROLLOUTS);
        bot.rank(&self.player_view(seat), self.deck_arc(), also, worlds, rng)
    }
    fn projection(&self) -> Vec<f64> {
        (0..self.players())
            .map(|s| fields_of_green::bots::eval::project(self, s))
            .collect()
    }
    /// The heuristic bot's choice on the whole state for every seat, as the search bot's
    /// rollouts play (`bots::search`), rather than from each seat's view (a view is rebuilt into
    /// a sampled game at every decision, which made the review's forecasts cost as much as its
    /// pricing); its evaluation harvests greedily, while the harvests themselves are the exact
    /// planner's, as in the search bot's cheap rollouts. The draws to come are the game's own.
    fn forecast(&self, _seed: u64) -> Vec<f64> {
        let bot = fields_of_green::bots::heuristic::HeuristicBot { exact: false };
        // Each choice evaluates the same farms again (every card on the same spaces).
        let _memo = fields_of_green::bots::eval::MemoScope::enter();
        let mut g = self.clone();
        for _ in 0..coach::FORECAST_STEPS {
            if g.is_over() {
                break;
            }
            let Some(&seat) = fields_of_green::Game::waiting_for(&g).first() else {
                break;
            };
            let legal = g.legal_actions(seat);
            let planned = (g.phase() == &fields_of_green::Phase::Harvest)
                .then(|| fields_of_green::bots::planner::plan_game(&g, seat, 2_000))
                .and_then(|plan| plan.actions.into_iter().next())
                .filter(|a| legal.contains(a));
            let action = planned.unwrap_or_else(|| bot.choose(&g, seat, &legal));
            if g.apply_quiet(seat, &action).is_err() {
                break;
            }
        }
        match g.scores() {
            Some(pads) => pads.iter().map(|p| f64::from(p.total)).collect(),
            None => self.projection(),
        }
    }
    /// One evaluation memo for the whole review ([`fields_of_green::bots::eval::MemoScope`]):
    /// successive decisions evaluate many of the same farms.
    fn reviewing<R>(work: impl FnOnce() -> R) -> R {
        let _memo = fields_of_green::bots::eval::MemoScope::enter();
        work()
    }
    fn chapter(&self) -> (u32, u32) {
        let year = u32::from(self.year());
        let turn = match self.phase() {
            fields_of_green::Phase::Upkeep { .. } => 0,
            // The turn whose cards are being chosen (the cards of the turn before are being
            // used meanwhile).
            fields_of_green::Phase::Action { turn } => u32::from(*turn),
            // Two players take a card each per turn (ruling 21).
            fields_of_green::Phase::Duel { picks, .. } => u32::from(*picks) / 2 + 1,
            fields_of_green::Phase::Harvest | fields_of_green::Phase::Ended => {
                u32::from(self.hand_size()) + 1
            }
        };
        (year, turn)
    }
}
