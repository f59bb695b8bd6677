//! The search bot.
use super::Bot;
use crate::games::fields_of_green::action::Action;
use crate::games::fields_of_green::cards::Deck;
use crate::games::fields_of_green::view::PlayerView;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

#[derive(Clone, Debug)]
pub struct SearchBot {
    rollouts: u32,
}

impl SearchBot {
    pub fn new(rollouts: u32) -> SearchBot {
        SearchBot { rollouts }
    }
}

impl Bot for SearchBot {
    fn name(&self) -> String {
        format!("search:{}", self.rollouts)
    }
    fn decide(&mut self, view: &PlayerView, deck: &Arc<Deck>, _rng: &mut ChaCha8Rng) -> Action {
        if let Some(a) = super::planner::harvest_step(deck, view) {
            return a;
        }
        view.legal[0].clone()
    }
}
