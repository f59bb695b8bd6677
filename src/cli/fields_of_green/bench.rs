//! `farmhand bench engine` and `bench render` for Fields of Green: whole random games per second
//! and the snapshots' size; the farm pictures.

use crate::cli::bench::{Timing, time_pictures};
use crate::cli::cpu_model;
use crate::games::fields_of_green::{Deck, Game, Options, sim};
use crate::render::fields_of_green::farm_picture;
use anyhow::bail;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Player counts measured by default: the 2-player duel and the standard 4-player draft.
const PLAYER_COUNTS: [u8; 2] = [2, 4];
/// Snapshots are sampled after every Nth action...
const SAMPLE_EVERY: usize = 10;
/// ...of this many games (the first ones of the timed run, replayed with the same seeds).
const SAMPLE_GAMES: u64 = 20;

/// `bench engine`: full random games per second and actions per second for each player count
/// (2 and 4 by default), and the size of a game snapshot as JSON.
pub fn engine(seconds: f64, players: &[u8]) -> anyhow::Result<()> {
    if let Some(n) = players.iter().find(|n| !(2..=6).contains(*n)) {
        bail!("Fields of Green is played by 2 to 6 players, not {n}");
    }
    let counts: &[u8] = if players.is_empty() {
        &PLAYER_COUNTS
    } else {
        players
    };
    let budget = Duration::from_secs_f64(seconds);
    let deck = Deck::default_deck();
    let mut out = std::io::stdout().lock();
    writeln!(out, "farmhand bench engine")?;
    writeln!(out, "cpu:     {}", cpu_model())?;
    let cores = crate::cli::cores();
    writeln!(out, "cores:   {cores} available, 1 used")?;
    let build = crate::cli::build_name();
    writeln!(out, "build:   {build}")?;
    writeln!(
        out,
        "deck:    {} (fingerprint {:016x})",
        deck.name, deck.fingerprint
    )?;
    for &players in counts {
        let speed = measure_speed(&deck, players, budget)?;
        let size = measure_snapshots(&deck, players, speed.games.min(SAMPLE_GAMES))?;
        writeln!(
            out,
            "{players} players: {} games in {:.2} s: {:.1} games/s, {:.0} actions/s ({:.1} actions/game)",
            speed.games,
            speed.elapsed,
            speed.games as f64 / speed.elapsed,
            speed.actions as f64 / speed.elapsed,
            speed.actions as f64 / speed.games as f64
        )?;
        writeln!(
            out,
            "           snapshot as JSON: mean {:.0} bytes, max {} bytes ({} samples, every {SAMPLE_EVERY}th action \
             of {} games); snapshot + serde_json::to_vec {:.1} us each",
            size.bytes as f64 / size.samples as f64,
            size.max,
            size.samples,
            size.games,
            size.seconds * 1e6 / size.samples as f64
        )?;
    }
    Ok(())
}

/// `bench render`: one farm and the final farms of four players, drawn from finished games.
pub fn pictures(count: u32) -> anyhow::Result<Vec<(&'static str, Timing)>> {
    let deck = Deck::default_deck();
    // Four finished 4-player games: their farms are as full as farms get.
    let mut games = Vec::new();
    for seed in 1..=4 {
        let mut game = Game::new(
            deck.clone(),
            Options {
                players: 4,
                intro: false,
                first_player: 0,
            },
            seed,
        )?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        sim::play_out(&mut game, &mut rng, |_, _, _| {});
        games.push(game);
    }
    let views: Vec<_> = games.iter().map(|g| g.public_view()).collect();
    let seats: Vec<&[_]> = views.iter().map(|v| v.seats.as_slice()).collect();
    let draw = (farm_picture::farm_png, farm_picture::farms_png);
    let labels = [
        "one farm (end of a 4-player game)",
        "final farms, 4 players",
    ];
    time_pictures(count, &*deck, &seats, draw, labels)
}

fn new_game(deck: &Arc<Deck>, players: u8, seed: u64) -> anyhow::Result<Game> {
    Ok(Game::new(
        deck.clone(),
        Options {
            players,
            intro: false,
            first_player: 0,
        },
        seed,
    )?)
}

struct Speed {
    games: u64,
    actions: u64,
    elapsed: f64,
}

/// Plays whole games (seeds 0, 1, ...) until `budget` has passed; at least one game.
fn measure_speed(deck: &Arc<Deck>, players: u8, budget: Duration) -> anyhow::Result<Speed> {
    let started = Instant::now();
    let (mut games, mut actions) = (0u64, 0u64);
    while games == 0 || started.elapsed() < budget {
        // Setting up (shuffles) is part of a game, so it is inside the timing.
        let mut game = new_game(deck, players, games)?;
        let mut rng = ChaCha8Rng::seed_from_u64(games);
        actions += sim::play_out(&mut game, &mut rng, |_, _, _| {}) as u64;
        games += 1;
    }
    Ok(Speed {
        games,
        actions,
        elapsed: started.elapsed().as_secs_f64(),
    })
}

struct Sizes {
    games: u64,
    samples: u64,
    bytes: u64,
    max: usize,
    /// Time spent taking and serialising the sampled snapshots.
    seconds: f64,
}

/// Replays the first `games` games and serialises `game.snapshot()` after every
/// `SAMPLE_EVERY`th action: what the bot will store per action. Kept out of the timed run so
/// the JSON work does not slow the games/s figure.
fn measure_snapshots(deck: &Arc<Deck>, players: u8, games: u64) -> anyhow::Result<Sizes> {
    let mut s = Sizes {
        games,
        samples: 0,
        bytes: 0,
        max: 0,
        seconds: 0.0,
    };
    let mut error = None;
    for seed in 0..games {
        let mut game = new_game(deck, players, seed)?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut step = 0usize;
        sim::play_out(&mut game, &mut rng, |g, _, _| {
            step += 1;
            if step.is_multiple_of(SAMPLE_EVERY) {
                let t = Instant::now();
                match serde_json::to_vec(&g.snapshot()) {
                    Ok(json) => {
                        s.seconds += t.elapsed().as_secs_f64();
                        s.samples += 1;
                        s.bytes += json.len() as u64;
                        s.max = s.max.max(json.len());
                    }
                    Err(e) => error = Some(e),
                }
            }
        });
    }
    if let Some(e) = error {
        bail!("a snapshot did not serialise: {e}");
    }
    if s.samples == 0 {
        bail!("no snapshot was sampled (games shorter than {SAMPLE_EVERY} actions?)");
    }
    Ok(s)
}
