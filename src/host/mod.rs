//! The games this host serves, in one place: [`for_each_game!`] is the one list, and everything
//! that must know every game is generated from it ([`Kind`] and [`Kind::ALL`], [`AnyGame`],
//! [`Library`], [`on_game!`] and [`on_kind!`], the slash commands and click routes of
//! `discord::registry`, the CLI's `--game` value, the fake Discord's guided players). The
//! service, the store, reminders, stand-ins and bot seats work through [`Engine`] (what a game
//! is) and [`Hosted`] (what the host keeps and shows of it, implemented in each game's own file
//! beside this one); code that must handle a row of any game matches on [`AnyGame`] once, at the
//! edge, through [`on_game!`] or [`on_kind!`].
//!
//! A third game: one line in [`for_each_game!`], its engine under `games/<game>/` (with its
//! `impl Engine`, and a `mod` line in `games/mod.rs`), `host/<game>.rs` (`impl Hosted`),
//! `discord/<game>/` (its screens, its slash command group `commands::group`, its click decoder
//! `router::Id::decode` and the steps that answer a click, `router::handle`), `render/<game>/`,
//! `fake_discord/guided/<game>.rs` and `fake_discord/verify/<game>.rs`, `cli/<game>/`, and its
//! Fluent files `i18n/{en,ja}/<game>.ftl`; every layer's `mod` line for it comes from the list
//! ([`game_modules!`]). Hay Wagons, compiled only for the tests, is such a game
//! (docs/ARCHITECTURE.md, "Adding a third game", lists every file).

// This game's `impl Hosted`, one file per game (`host/fields_of_green.rs`, ...).
crate::game_modules!();

use crate::games::Engine;
use std::sync::Arc;

/// The one list of games: `engine module: Kind variant`, in the order every list of games shows
/// them (the first is the CLI's default `--game`). `for_each_game!(then)` calls the macro
/// `then` (a macro in scope where it is called) with `[]` and the list;
/// `for_each_game!(then; args...)` passes `[args...]` first, so a caller can carry its own
/// tokens through.
///
/// Two spellings of the one list: the shipped games, and (feature `test-game`, which only the
/// tests turn on) the same with Hay Wagons, the game that proves the seam (issue 40). Nothing
/// else in the host knows the difference.
#[cfg(not(feature = "test-game"))]
#[macro_export]
macro_rules! for_each_game {
    // This crate's own exported macros (`on_game!`, `on_kind!`, the host's types).
    (@crate $then:ident; $($args:tt)*) => {
        $crate::$then! { [$($args)*] fields_of_green: FieldsOfGreen, key_harvest: KeyHarvest }
    };
    ($then:ident $(; $($args:tt)*)?) => {
        $crate::for_each_game! { @crate __call_with_games; ($then) $($($args)*)? }
    };
}

/// The one list with the test game (see the other spelling above).
#[cfg(feature = "test-game")]
#[macro_export]
macro_rules! for_each_game {
    (@crate $then:ident; $($args:tt)*) => {
        $crate::$then! {
            [$($args)*] fields_of_green: FieldsOfGreen, key_harvest: KeyHarvest,
            hay_wagons: HayWagons
        }
    };
    ($then:ident $(; $($args:tt)*)?) => {
        $crate::for_each_game! { @crate __call_with_games; ($then) $($($args)*)? }
    };
}

/// [`for_each_game!`]'s call of a macro in scope where it was called.
#[doc(hidden)]
#[macro_export]
macro_rules! __call_with_games {
    ([($then:ident) $($args:tt)*] $($list:tt)*) => {
        $then! { [$($args)*] $($list)* }
    };
}

/// Declares one module per game of the list, named as its engine module (`mod fields_of_green;`
/// and so on, with the visibility given: `game_modules!(pub)`), in the folder of the module that
/// calls it: how each layer's folder of per-game code (`discord/<game>/`, `render/<game>/`) is
/// declared without naming the games.
#[macro_export]
macro_rules! game_modules {
    () => {
        $crate::for_each_game!(@crate __game_modules;);
    };
    ($vis:vis) => {
        $crate::for_each_game!(@crate __game_modules; $vis);
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __game_modules {
    ([] $($module:ident: $Variant:ident),*) => {
        $(mod $module;)*
    };
    ([$vis:vis] $($module:ident: $Variant:ident),*) => {
        $($vis mod $module;)*
    };
}

/// Runs `$body` with `$g` bound to the game inside an [`AnyGame`] (by reference or by value, as
/// `$any` is), once per game: the body is written once and compiled for each game's type.
#[macro_export]
macro_rules! on_game {
    ($any:expr, $g:ident => $body:expr) => {
        $crate::for_each_game!(@crate __on_game; ($any) $g ($body))
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __on_game {
    ([($any:expr) $g:ident ($body:expr)] $($module:ident: $Variant:ident),*) => {
        match $any {
            $($crate::host::AnyGame::$Variant($g) => $body,)*
        }
    };
}

/// Runs `$body` with the type `$G` naming the game of a [`Kind`]: generic host code
/// (`drive::<G>`, `load::<G>`) reached from a row whose game is known only at run time.
#[macro_export]
macro_rules! on_kind {
    ($kind:expr, $G:ident => $body:expr) => {
        $crate::for_each_game!(@crate __on_kind; ($kind) $G ($body))
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __on_kind {
    ([($kind:expr) $G:ident ($body:expr)] $($module:ident: $Variant:ident),*) => {
        match $kind {
            $($crate::host::Kind::$Variant => {
                type $G = $crate::games::$module::Game;
                $body
            })*
        }
    };
}

/// The types the list generates: [`Kind`], [`AnyGame`] and [`Library`].
#[doc(hidden)]
#[macro_export]
macro_rules! __declare_games {
    ([] $($module:ident: $Variant:ident),*) => {
        /// Which game a table plays (the `game.kind` column), and the CLI's `--game` value
        /// (clap writes the variant in kebab case: `fields-of-green`), which `--help` describes
        /// with the game's name and seats.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
        pub enum Kind {
            $(
                #[value(help = $crate::host::kind_help::<$crate::games::$module::Game>())]
                $Variant,
            )*
        }

        impl Kind {
            /// Every game, in the list's order.
            pub const ALL: &'static [Kind] = &[$(Kind::$Variant,)*];
        }

        /// A started game of any kind, as loaded from its row.
        // One is loaded per request and dropped after it: the size difference between the
        // games does not matter, and unboxed games keep `on_game!` bodies plain (`&G`, not
        // `&Box<G>`).
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $($Variant($crate::games::$module::Game),)*
        }

        /// The printed components the bot plays with, a field per game named as its engine's
        /// module (Fields of Green's deck, Key Harvest's board): the built-in ones, or a
        /// group's files.
        #[derive(Clone, Debug)]
        pub struct Library {
            $(pub $module: Arc<<$crate::games::$module::Game as Engine>::Rules>,)*
        }

        impl Default for Library {
            fn default() -> Library {
                Library {
                    $($module: <$crate::games::$module::Game as Hosted>::built_in(),)*
                }
            }
        }

        impl Library {
            /// The components the bot plays with: the configured files, or the built-in ones.
            /// An error names the file and what is wrong with it.
            pub fn from_config(config: &$crate::config::Config) -> anyhow::Result<Library> {
                Ok(Library {
                    $($module: <$crate::games::$module::Game as Hosted>::configured(config)?,)*
                })
            }

            /// What the log says the bot plays with.
            pub fn summary(&self) -> String {
                let parts: Vec<String> = vec![
                    $(<$crate::games::$module::Game as Hosted>::summary(&self.$module),)*
                ];
                parts.join(", ")
            }
        }
    };
}

for_each_game!(@crate __declare_games;);

/// What `--help` says of a game among `--game`'s values: its name and how many play it
/// (`Fields of Green, 2-6 players`).
#[doc(hidden)]
pub fn kind_help<G: Engine>() -> String {
    let (least, most) = (G::PLAYERS.start(), G::PLAYERS.end());
    if least == most {
        format!("{}, {least} players", G::NAME)
    } else {
        format!("{}, {least}-{most} players", G::NAME)
    }
}

/// Reads a Key Harvest board file (for the CLI's `--board`).
pub use key_harvest::read_board;

/// A game the host can store and play.
pub trait Hosted: Engine {
    const GAME: Kind;
    /// The slash command group of the game (`/fog`, `/kh`).
    const COMMAND: &'static str;
    /// The most seats its introductory mode allows, for a game that has one (Fields of Green,
    /// ruling 5); `None`: the game has no introductory mode.
    const INTRO_SEATS: Option<usize> = None;
    /// This game's components in the library.
    fn rules(library: &Library) -> &Arc<Self::Rules>;
    /// The built-in components (our own deck or board).
    fn built_in() -> Arc<Self::Rules>;
    /// The components the configuration names (a deck or board file), or the built-in ones.
    fn configured(config: &crate::config::Config) -> anyhow::Result<Arc<Self::Rules>>;
    /// The components in a few words, for the log (`deck standard`, `board from file`).
    fn summary(rules: &Self::Rules) -> String;
    /// Wraps a loaded game.
    fn into_any(self) -> AnyGame;
    /// One short line for every tie on score of a finished game, at every place, in the
    /// language in scope (the final table's lines; empty without a tie or before the end).
    fn tie_lines(&self, names: &[String]) -> Vec<String>;
}

impl Default for Kind {
    /// The first game of the list: the CLI's `--game` when none is given.
    fn default() -> Kind {
        Kind::ALL[0]
    }
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        crate::on_kind!(self, G => G::KIND)
    }

    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.iter().copied().find(|k| k.as_str() == s)
    }

    /// The game of a stored row. The store writes only known kinds, so an unknown one means a
    /// row written by a newer Farmhand; it is handled as the first game of the list, which at
    /// worst names the wrong command in a message.
    pub fn of_row(s: &str) -> Kind {
        Kind::parse(s).unwrap_or_default()
    }

    /// The game as the CLI's `--game` names it (`fields-of-green`).
    pub fn cli_name(self) -> String {
        use clap::ValueEnum as _;
        self.to_possible_value()
            .map_or_else(|| self.as_str().to_string(), |v| v.get_name().to_string())
    }

    /// The game's name for people.
    pub fn name(self) -> &'static str {
        crate::on_kind!(self, G => G::NAME)
    }

    /// The slash command group of the game.
    pub fn command(self) -> &'static str {
        crate::on_kind!(self, G => <G as Hosted>::COMMAND)
    }

    pub fn players(self) -> std::ops::RangeInclusive<usize> {
        crate::on_kind!(self, G => G::PLAYERS)
    }

    /// The most seats of the game's introductory mode, if it has one.
    pub fn intro_seats(self) -> Option<usize> {
        crate::on_kind!(self, G => <G as Hosted>::INTRO_SEATS)
    }

    pub fn valid_bot(self, bot: &str) -> Result<(), String> {
        crate::on_kind!(self, G => G::valid_bot(bot))
    }
}

impl AnyGame {
    pub fn kind(&self) -> Kind {
        crate::on_game!(self, g => kind_of(g))
    }

    pub fn waiting_for(&self) -> Vec<usize> {
        crate::on_game!(self, g => Engine::waiting_for(g))
    }

    pub fn is_over(&self) -> bool {
        crate::on_game!(self, g => Engine::is_over(g))
    }

    pub fn players(&self) -> usize {
        crate::on_game!(self, g => Engine::players(g))
    }
}

fn kind_of<G: Hosted>(_: &G) -> Kind {
    G::GAME
}
