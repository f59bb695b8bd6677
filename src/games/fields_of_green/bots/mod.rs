//! Computer players for Fields of Green (issue #5): the exact harvest planner, a fast heuristic
//! bot and a search bot, all pure (no clock, no I/O; the CLI measures time).
//!
//! The information rule: a bot decides from its seat's [`PlayerView`] only. It never sees another
//! hand, a face-down selection, the order of a pile or of the Equipment stack. The search bot
//! builds complete games for its rollouts by sampling the hidden parts consistently with the view
//! ([`determinize`]).

pub mod determinize;
pub mod eval;
pub mod geometry;
pub mod heuristic;
pub mod planner;
pub mod search;
pub mod stress;

use super::action::Action;
use super::cards::Deck;
use super::farm::{Cell, CellCard, Farm};
use super::game::Game;
use super::view::{FarmView, PlayerView};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// A hasher for the bots' memo tables (the evaluation memo's keys of a few hundred bytes, the
/// actions a pick tries): eight bytes a step, where SipHash would cost more than a hit saves.
/// Not for keys an adversary chooses.
#[derive(Default)]
pub(crate) struct FastHasher(u64);

impl std::hash::Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let n = u64::from_le_bytes(c.try_into().expect("eight bytes"));
            self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(K);
        }
        for &b in chunks.remainder() {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(K);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// A computer player. `decide` is called only when the game waits for the seat, and must return
/// one of `view.legal` or an action the engine accepts in its place (the planner names the Water
/// Towers paying a harvest, which the listed actions leave to the engine's default).
pub trait Bot {
    /// A short name for tables: `heuristic`, `search:30`.
    fn name(&self) -> String;
    /// The seat's next action, from what the seat can see. `rng` is the bot's own random stream:
    /// the same view, deck and stream give the same action.
    fn decide(&mut self, view: &PlayerView, deck: &Arc<Deck>, rng: &mut ChaCha8Rng) -> Action;
}

/// Which bot to build, as written on the command line: `random`, `heuristic`, `search` or
/// `search:N` (N rollouts per decision at two players, N x 2 / P at P players scaled by the year:
/// [`search::SearchBot::budget`]), optionally with
/// `:hH` (rounds of picks each rollout plays before the evaluation), `:cC` (candidate actions
/// compared) and `:quick` (rollouts played by the cheap policy instead of the heuristic bot),
/// e.g. `search:400:h3:c8:quick`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotSpec {
    Random,
    Heuristic,
    Search {
        rollouts: u32,
        horizon: u32,
        candidates: u32,
        /// Rollouts played by the cheap policy ([`search::RolloutPolicy::Quick`]).
        quick: bool,
    },
}

/// Rollouts per decision of a plain `search` (the `strong` level of `/fog new`) at two players;
/// at 3+ players N x 2 / P scaled by the year, 60, 30, 22 and 15 at four players in years 1-4
/// ([`search::SearchBot::budget`]). Each rollout plays every seat with the
/// heuristic bot's own choices, about ten times the cost of a cheap policy's rollout (`:quick`;
/// two-player decisions p50 105 ms with 400 of those, 73 ms with 30 of these), and they measured
/// far stronger.
pub const DEFAULT_ROLLOUTS: u32 = 30;

impl BotSpec {
    /// Parses `random`, `heuristic`, `search`, `search:N`, `search:N:hH:cC:quick`.
    pub fn parse(text: &str) -> Result<BotSpec, String> {
        let text = text.trim();
        let unknown = || format!("unknown bot {text:?}: use random, heuristic, search or search:N");
        let mut parts = text.split(':');
        match parts.next() {
            Some("random") if text == "random" => Ok(BotSpec::Random),
            Some("heuristic") if text == "heuristic" => Ok(BotSpec::Heuristic),
            Some("search") => {
                let mut spec = (
                    DEFAULT_ROLLOUTS,
                    search::DEFAULT_HORIZON,
                    search::DEFAULT_CANDIDATES,
                    false,
                );
                for (k, part) in parts.enumerate() {
                    let bad = || format!("search: bad part {part:?} in {text:?}");
                    if k == 0 && part.chars().all(|c| c.is_ascii_digit()) {
                        spec.0 = part.parse().map_err(|_| bad())?;
                        if !(1..=1_000_000).contains(&spec.0) {
                            return Err(format!(
                                "search:{part}: the number of rollouts must be 1 to 1000000"
                            ));
                        }
                    } else if part == "quick" {
                        spec.3 = true;
                    } else if let Some(h) = part.strip_prefix('h') {
                        spec.1 = h.parse().map_err(|_| bad())?;
                    } else if let Some(c) = part.strip_prefix('c') {
                        spec.2 = c.parse().map_err(|_| bad())?;
                        if spec.2 == 0 {
                            return Err(bad());
                        }
                    } else {
                        return Err(bad());
                    }
                }
                Ok(BotSpec::Search {
                    rollouts: spec.0,
                    horizon: spec.1,
                    candidates: spec.2,
                    quick: spec.3,
                })
            }
            _ => Err(unknown()),
        }
    }

    /// The bot this spec names.
    pub fn build(&self) -> Box<dyn Bot + Send> {
        match *self {
            BotSpec::Random => Box::new(RandomBot),
            BotSpec::Heuristic => Box::new(heuristic::HeuristicBot::default()),
            BotSpec::Search {
                rollouts,
                horizon,
                candidates,
                quick,
            } => Box::new(search::SearchBot::with(
                rollouts,
                horizon,
                candidates,
                if quick {
                    search::RolloutPolicy::Quick
                } else {
                    search::RolloutPolicy::Heuristic
                },
            )),
        }
    }
}

impl std::fmt::Display for BotSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotSpec::Random => write!(f, "random"),
            BotSpec::Heuristic => write!(f, "heuristic"),
            BotSpec::Search {
                rollouts,
                horizon,
                candidates,
                quick,
            } => {
                write!(f, "search:{rollouts}")?;
                if *horizon != search::DEFAULT_HORIZON {
                    write!(f, ":h{horizon}")?;
                }
                if *candidates != search::DEFAULT_CANDIDATES {
                    write!(f, ":c{candidates}")?;
                }
                if *quick {
                    write!(f, ":quick")?;
                }
                Ok(())
            }
        }
    }
}

/// Uniformly random legal actions (a baseline), harvesting with the planner so its farm is not
/// mostly Open Areas.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl Bot for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn decide(&mut self, view: &PlayerView, deck: &Arc<Deck>, rng: &mut ChaCha8Rng) -> Action {
        use rand::seq::IndexedRandom;
        if let Some(a) = planner::harvest_step(deck, view) {
            return a;
        }
        view.legal
            .choose(rng)
            .cloned()
            .expect("the game waits for this seat, so it has a legal action")
    }
}

/// The seat's farm rebuilt from its public view (design and tile ids back to indices). Returns
/// None when an id is not in `deck` (a view of another deck).
pub fn farm_from_view(deck: &Deck, view: &FarmView) -> Option<Farm> {
    let mut cells = Vec::with_capacity(view.cells.len());
    for c in &view.cells {
        let card = match c.card.as_str() {
            "water_tower" => CellCard::WaterTower,
            "silo" => CellCard::Silo,
            id => CellCard::Location(deck.location_by_id(id)?),
        };
        let mut equipment = Vec::with_capacity(c.equipment.len());
        for e in &c.equipment {
            equipment.push(deck.equipment_by_id(e)?);
        }
        cells.push(Cell {
            pos: c.pos,
            card,
            face_up: c.face_up,
            water: c.water,
            equipment,
        });
    }
    Some(Farm { cells })
}

/// Most decisions a game can take before the driver gives up (a game takes a few hundred).
pub const MAX_STEPS: u64 = 20_000;

/// Who plays which seat in game `g` of an arena of `bots` kinds of bot at `players` seats: seat
/// s plays bot (s + g) mod `bots`, so every bot takes every seat in turn (`farmhand arena`, the
/// `fog_arena` example).
pub fn arena_seating(players: usize, bots: usize, g: u64) -> Vec<usize> {
    (0..players).map(|s| (s + g as usize) % bots).collect()
}

/// Each seat's random stream in an arena game dealt from `seed` (one per seat, so a bot's draws
/// do not depend on the other seats' bots).
pub fn arena_streams(seed: u64, players: usize) -> Vec<ChaCha8Rng> {
    (0..players)
        .map(|s| ChaCha8Rng::seed_from_u64(seed.wrapping_mul(1_000_003).wrapping_add(s as u64)))
        .collect()
}

/// What one seat of an arena game gave its bot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArenaSeat {
    /// Which of the arena's bots played the seat.
    pub bot: usize,
    /// The seat's final score.
    pub score: u32,
    /// The seat's share of the win: 1 for a sole winner, split among tied winners, else 0.
    pub share: f64,
}

/// Game `g` of an arena of `kinds` bots (`farmhand arena`, the `fog_arena` example): dealt for
/// `options` from `seed` (the arena's seed + g), seat s played by the bot `make(b)` builds for
/// b = [`arena_seating`]'s choice, with its own stream ([`arena_streams`]), to the end. Returns
/// each seat's result, and the seats' bots (with whatever they kept, such as timings); an error
/// names a refused set-up or move.
pub fn arena_game<B: Bot + ?Sized>(
    deck: &Arc<Deck>,
    options: super::Options,
    seed: u64,
    g: u64,
    kinds: usize,
    make: impl FnMut(usize) -> Box<B>,
) -> Result<(Vec<ArenaSeat>, Vec<Box<B>>), String> {
    let players = usize::from(options.players);
    let mut game = Game::new(deck.clone(), options, seed)
        .map_err(|e| format!("cannot set up the game: {e}"))?;
    let which = arena_seating(players, kinds, g);
    let mut seats: Vec<Box<B>> = which.iter().copied().map(make).collect();
    let mut rngs = arena_streams(seed, players);
    play_out(&mut game, &mut seats, &mut rngs, |_, _, _| {})?;
    let pads = game.scores().ok_or("the game did not end")?;
    let (winners, _) = game.winners().ok_or("no winners")?;
    let share = 1.0 / winners.len() as f64;
    let results = (0..players)
        .map(|s| ArenaSeat {
            bot: which[s],
            score: pads[s].total,
            share: if winners.contains(&s) { share } else { 0.0 },
        })
        .collect();
    Ok((results, seats))
}

/// Plays `game` to its end with one bot per seat (`bots[seat]`, each with its own random stream
/// `rngs[seat]`), asking the first seat the game waits for each time. Every decision is made from
/// the seat's view. `each` is called after every applied action. Returns the number of actions,
/// or an error naming the seat and action the engine refused.
pub fn play_out<B: Bot + ?Sized>(
    game: &mut Game,
    bots: &mut [Box<B>],
    rngs: &mut [ChaCha8Rng],
    mut each: impl FnMut(&Game, usize, &Action),
) -> Result<u64, String> {
    let deck = game.deck_arc().clone();
    let mut steps = 0u64;
    while let Some(&seat) = game.waiting_for().first() {
        let view = game.player_view(seat);
        let action = bots[seat].decide(&view, &deck, &mut rngs[seat]);
        if let Err(e) = game.apply(seat, &action) {
            return Err(format!(
                "seat {seat} ({}) played {action:?} in {:?}: {e}",
                bots[seat].name(),
                game.phase()
            ));
        }
        each(game, seat, &action);
        steps += 1;
        if steps > MAX_STEPS {
            return Err(format!("no end after {MAX_STEPS} actions"));
        }
    }
    Ok(steps)
}
