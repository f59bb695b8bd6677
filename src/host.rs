//! The games this host serves, in one place. The service, the store, reminders, stand-ins and bot
//! seats work through [`Engine`] (what a game is) and [`Hosted`] (where the host keeps its
//! components); code that must handle a row of any game matches on [`AnyGame`] once, at the edge.
//! A third game is one more [`Kind`], one more [`AnyGame`] arm and one more [`Library`] field.

use crate::games::{Engine, fields_of_green as fog, key_harvest as kh};
use std::sync::Arc;

/// The printed components the bot plays with: the deck of Fields of Green and the board of Key
/// Harvest (our own by default, or a group's file).
#[derive(Clone, Debug)]
pub struct Library {
    pub fields_of_green: Arc<fog::Deck>,
    pub key_harvest: Arc<kh::Board>,
}

impl Default for Library {
    fn default() -> Library {
        Library {
            fields_of_green: fog::Deck::default_deck(),
            key_harvest: kh::Board::standard(),
        }
    }
}

impl Library {
    /// The components the bot plays with: the configured deck and board files, or the built-in
    /// ones. An error names the file and what is wrong with it.
    pub fn from_config(config: &crate::config::Config) -> anyhow::Result<Library> {
        use anyhow::Context as _;
        let fields_of_green = match &config.game.deck {
            None => fog::Deck::default_deck(),
            Some(path) => {
                let text = crate::input::read_text(path, crate::input::cap::DECK)
                    .with_context(|| format!("cannot read the deck file {}", path.display()))?;
                let deck = fog::Deck::from_toml(&text)
                    .with_context(|| format!("deck file {}", path.display()))?;
                Arc::new(deck)
            }
        };
        let key_harvest = read_board(config.game.board.as_deref())?;
        Ok(Library {
            fields_of_green,
            key_harvest,
        })
    }

    /// What the log says the bot plays with.
    pub fn summary(&self) -> String {
        format!(
            "deck {}, board {}",
            self.fields_of_green.name,
            if self.key_harvest == kh::Board::standard() {
                "standard"
            } else {
                "from file"
            }
        )
    }
}

/// The Key Harvest board: the built-in one, or a board file (the error names the path and the
/// field). File reading lives here, outside the pure engine.
pub fn read_board(path: Option<&std::path::Path>) -> Result<Arc<kh::Board>, kh::board::BoardError> {
    let Some(path) = path else {
        return Ok(kh::Board::standard());
    };
    let shown = path.display().to_string();
    let text = crate::input::read_text(path, crate::input::cap::DECK).map_err(|e| {
        kh::board::BoardError::Read {
            path: shown.clone(),
            message: e.to_string(),
        }
    })?;
    Ok(Arc::new(kh::Board::from_file_text(&shown, &text)?))
}

/// A game the host can store and play.
pub trait Hosted: Engine {
    const GAME: Kind;
    /// This game's components in the library.
    fn rules(library: &Library) -> &Arc<Self::Rules>;
    /// Wraps a loaded game.
    fn into_any(self) -> AnyGame;
    /// One short line for every tie on score of a finished game, at every place, in the
    /// language in scope (the final table's lines; empty without a tie or before the end).
    fn tie_lines(&self, names: &[String]) -> Vec<String>;
}

impl Hosted for fog::Game {
    const GAME: Kind = Kind::FieldsOfGreen;
    fn rules(library: &Library) -> &Arc<fog::Deck> {
        &library.fields_of_green
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

impl Hosted for kh::Game {
    const GAME: Kind = Kind::KeyHarvest;
    fn rules(library: &Library) -> &Arc<kh::Board> {
        &library.key_harvest
    }
    fn into_any(self) -> AnyGame {
        AnyGame::KeyHarvest(self)
    }
    fn tie_lines(&self, names: &[String]) -> Vec<String> {
        self.score_pad()
            .map(|pad| crate::render::key_harvest::text::tie_lines(pad, names))
            .unwrap_or_default()
    }
}

/// Which game a table plays (the `game.kind` column).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    FieldsOfGreen,
    KeyHarvest,
}

impl Kind {
    pub const ALL: [Kind; 2] = [Kind::FieldsOfGreen, Kind::KeyHarvest];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::FieldsOfGreen => <fog::Game as Engine>::KIND,
            Kind::KeyHarvest => <kh::Game as Engine>::KIND,
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// The game's name for people.
    pub fn name(self) -> &'static str {
        match self {
            Kind::FieldsOfGreen => <fog::Game as Engine>::NAME,
            Kind::KeyHarvest => <kh::Game as Engine>::NAME,
        }
    }

    /// The slash command group of the game.
    pub fn command(self) -> &'static str {
        match self {
            Kind::FieldsOfGreen => "fog",
            Kind::KeyHarvest => "kh",
        }
    }

    pub fn players(self) -> std::ops::RangeInclusive<usize> {
        match self {
            Kind::FieldsOfGreen => <fog::Game as Engine>::PLAYERS,
            Kind::KeyHarvest => <kh::Game as Engine>::PLAYERS,
        }
    }

    pub fn valid_bot(self, bot: &str) -> Result<(), String> {
        match self {
            Kind::FieldsOfGreen => <fog::Game as Engine>::valid_bot(bot),
            Kind::KeyHarvest => <kh::Game as Engine>::valid_bot(bot),
        }
    }
}

/// A started game of any kind, as loaded from its row.
// One is loaded per request and dropped after it: the size difference between the games does
// not matter, and unboxed games keep `on_game!` bodies plain (`&kh::Game`, not `&Box<_>`).
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum AnyGame {
    FieldsOfGreen(fog::Game),
    KeyHarvest(kh::Game),
}

impl AnyGame {
    pub fn kind(&self) -> Kind {
        match self {
            AnyGame::FieldsOfGreen(_) => Kind::FieldsOfGreen,
            AnyGame::KeyHarvest(_) => Kind::KeyHarvest,
        }
    }

    pub fn waiting_for(&self) -> Vec<usize> {
        match self {
            AnyGame::FieldsOfGreen(g) => Engine::waiting_for(g),
            AnyGame::KeyHarvest(g) => Engine::waiting_for(g),
        }
    }

    pub fn is_over(&self) -> bool {
        match self {
            AnyGame::FieldsOfGreen(g) => Engine::is_over(g),
            AnyGame::KeyHarvest(g) => Engine::is_over(g),
        }
    }

    pub fn players(&self) -> usize {
        match self {
            AnyGame::FieldsOfGreen(g) => Engine::players(g),
            AnyGame::KeyHarvest(g) => Engine::players(g),
        }
    }
}

/// Runs `$body` with `$g` bound to the game inside an [`AnyGame`] (by reference or by value, as
/// `$any` is), once per game: the body is written once and compiled for each game's type.
#[macro_export]
macro_rules! on_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::host::AnyGame::FieldsOfGreen($g) => $body,
            $crate::host::AnyGame::KeyHarvest($g) => $body,
        }
    };
}

/// Runs `$body` with the type `$G` naming the game of a [`Kind`]: generic host code
/// (`drive::<G>`, `load::<G>`) reached from a row whose game is known only at run time.
#[macro_export]
macro_rules! on_kind {
    ($kind:expr, $G:ident => $body:expr) => {
        match $kind {
            $crate::host::Kind::FieldsOfGreen => {
                type $G = $crate::games::fields_of_green::Game;
                $body
            }
            $crate::host::Kind::KeyHarvest => {
                type $G = $crate::games::key_harvest::Game;
                $body
            }
        }
    };
}
