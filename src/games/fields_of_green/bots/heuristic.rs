//! The heuristic bot.
use super::Bot;
use crate::games::fields_of_green::action::Action;
use crate::games::fields_of_green::cards::Deck;
use crate::games::fields_of_green::view::PlayerView;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

#[derive(Clone, Debug, Default)]
pub struct HeuristicBot;

impl Bot for HeuristicBot {
    fn name(&self) -> String {
        "heuristic".into()
    }
    fn decide(&mut self, view: &PlayerView, deck: &Arc<Deck>, _rng: &mut ChaCha8Rng) -> Action {
        if let Some(a) = super::planner::harvest_step(deck, view) {
            return a;
        }
        view.legal[0].clone()
    }
}
