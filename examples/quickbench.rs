//! Fixed-work engine benchmark for instruction counting (valgrind --tool=callgrind) while the
//! machine is busy: `quickbench GAMES PLAYERS`.
use farmhand::games::fields_of_green::{Deck, Game, Options, sim};
use rand::SeedableRng;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(50);
    let players: u8 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(4);
    let deck = Deck::default_deck();
    let t = std::time::Instant::now();
    let mut steps = 0usize;
    for seed in 0..games {
        let mut g = Game::new(deck.clone(), Options { players, intro: false, first_player: 0 }, seed).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        steps += sim::play_out(&mut g, &mut rng, |_, _, _| {});
    }
    let s = t.elapsed().as_secs_f64();
    println!("{players}p: {games} games, {steps} actions, {:.0} games/s", games as f64 / s);
}
