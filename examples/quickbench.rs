use farmhand::games::fields_of_green::{Deck, Game, Options, sim};
use rand::SeedableRng;
fn main() {
    let deck = Deck::default_deck();
    for players in [2u8, 4] {
        let t = std::time::Instant::now();
        let mut games = 0u64; let mut steps = 0usize;
        while t.elapsed().as_secs_f64() < 2.0 {
            let mut g = Game::new(deck.clone(), Options { players, intro: false, first_player: 0 }, games).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(games);
            steps += sim::play_out(&mut g, &mut rng, |_, _, _| {});
            games += 1;
        }
        let s = t.elapsed().as_secs_f64();
        println!("{players}p: {:.0} games/s, {:.0} actions/s", games as f64 / s, steps as f64 / s);
    }
}
