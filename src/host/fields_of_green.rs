//! Fields of Green as the host keeps it: its deck (the built-in one or a deck file) and how its
//! finished game's ties are said.

use super::{AnyGame, Hosted, Kind, Library};
use crate::games::fields_of_green as fog;
use std::sync::Arc;

impl Hosted for fog::Game {
    const GAME: Kind = Kind::FieldsOfGreen;
    const COMMAND: &'static str = "fog";
    // The introductory mode's fixed pile splits exist for 2 to 4 players (ruling 5).
    const INTRO_SEATS: Option<usize> = Some(4);
    fn rules(library: &Library) -> &Arc<fog::Deck> {
        &library.fields_of_green
    }
    fn built_in() -> Arc<fog::Deck> {
        fog::Deck::default_deck()
    }
    fn configured(config: &crate::config::Config) -> anyhow::Result<Arc<fog::Deck>> {
        use anyhow::Context as _;
        let Some(path) = &config.game.deck else {
            return Ok(Self::built_in());
        };
        let text = crate::input::read_text(path, crate::input::cap::DECK)
            .with_context(|| format!("cannot read the deck file {}", path.display()))?;
        let deck =
            fog::Deck::from_toml(&text).with_context(|| format!("deck file {}", path.display()))?;
        Ok(Arc::new(deck))
    }
    fn summary(deck: &fog::Deck) -> String {
        format!("deck {}", deck.name)
    }
    fn into_any(self) -> AnyGame {
        AnyGame::FieldsOfGreen(self)
    }
    fn tie_lines(&self, names: &[String]) -> Vec<String> {
        self.scores()
            .map(|pads| crate::render::fields_of_green::tie_lines(pads, names))
            .unwrap_or_default()
    }
}
