//! Hay Wagons as the host keeps it (the test game, issue 40): its field is always the built-in
//! one (no file configures it), and a tie is a shared win (HW 4).

use super::{AnyGame, Hosted, Kind, Library};
use crate::games::hay_wagons as hw;
use std::sync::Arc;

impl Hosted for hw::Game {
    const GAME: Kind = Kind::HayWagons;
    const COMMAND: &'static str = "hw";
    fn rules(library: &Library) -> &Arc<hw::Field> {
        &library.hay_wagons
    }
    fn built_in() -> Arc<hw::Field> {
        hw::Field::standard()
    }
    /// The configuration has no key for this game: its field is the built-in one.
    fn configured(_config: &crate::config::Config) -> anyhow::Result<Arc<hw::Field>> {
        Ok(Self::built_in())
    }
    fn summary(field: &hw::Field) -> String {
        format!("field of {} bales", field.bales)
    }
    fn into_any(self) -> AnyGame {
        AnyGame::HayWagons(self)
    }
    fn tie_lines(&self, names: &[String]) -> Vec<String> {
        crate::render::hay_wagons::tie_lines(self, names)
    }
}
