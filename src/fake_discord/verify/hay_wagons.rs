//! Hay Wagons' checks after a game: its score pad. The game hides nothing, so there is no
//! privacy to check.

use super::ScorePadText;
use crate::games::Engine;
use crate::games::hay_wagons::Game;

impl ScorePadText for Game {
    fn totals(&self) -> Option<Vec<u32>> {
        Some(self.results()?.iter().map(|r| r.score).collect())
    }
    fn expected_pad(&self, names: &[String]) -> Option<String> {
        crate::render::hay_wagons::phone::pad(self, names)
    }
}
