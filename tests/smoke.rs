use farmhand::games::fields_of_green::{Deck, Game, Options, sim};
use rand::SeedableRng;

#[test]
fn smoke() {
    let deck = Deck::default_deck();
    for players in 2..=6u8 {
        for seed in 0..20u64 {
            let mut g = Game::new(deck.clone(), Options { players, intro: false, first_player: 0 }, seed).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let n = sim::play_out(&mut g, &mut rng, |g, _, _| g.check_invariants().unwrap());
            assert!(g.is_over(), "players {players} seed {seed} stuck after {n} at {:?}", g.phase());
            if seed == 0 { eprintln!("{players}p: {n} steps, scores {:?}", g.scores().unwrap().iter().map(|p| p.total).collect::<Vec<_>>()); }
        }
    }
}
