//! Seeded random playouts to the end of the game for every player count (2-6), with checks after
//! every step (docs/TESTING.md, "What the suite covers"): the engine's own invariant check plus an
//! independent count of every card, tile, Water Tower and Silo, storage caps read from the views,
//! hand sizes, snapshot round trips, refused actions leaving the game untouched, every listed
//! action being accepted, and views that leak nothing hidden. Each step is also checked against
//! the events it returned and the rulings (`check_transition`): every change of coins, Food,
//! Water and VP tokens is explained by an event; draws take the top cards with a legal split
//! (rulings 4, 5); income (3); reveal and pass (6, 7); costs of actions B-E (8); Water from towers
//! in range (11); unpaid Harvest abilities turning face down (15); the first player (16); the
//! Equipment offer and the stack's bottom (17); the 2-player row (21).
//!
//! Cost control (the suite must stay well under a minute on 2 cores): the cheap checks run after
//! every step of every game. The expensive ones (snapshot JSON round trip, refused actions, "every
//! legal action is accepted", hidden-information views) run after EVERY step for the first
//! `FULL_GAMES` seeds of each configuration, and after every `SAMPLE_EVERY`-th step (plus the
//! first and last) for the other games. An exhaustive sweep (a broad family of actions is accepted
//! exactly when listed) runs every 8th step of the first `EXHAUSTIVE_GAMES` seeds.
//!
//! A failure names the player count, mode, seed, first player and step. Game `seed` of a player
//! count is fully determined by those two numbers (the moves come from
//! `ChaCha8Rng::seed_from_u64(seed)`, the test's own probing from a second generator, so probing
//! never changes the moves); to rerun one game alone, with its state printed at a step:
//! `FOG_REPRO=players:seed[:step] cargo test --test suite playouts::reproduce -- --ignored --nocapture`.

use crate::common::{
    card_candidates, known_hands, market_and_equipment_candidates, reselection_no_op,
    split_candidates, tower_and_silo,
};
use farmhand_games::fields_of_green::cards::{DesignIdx, EquipIdx};
use farmhand_games::fields_of_green::farm::CellCard;
use farmhand_games::fields_of_green::game::{State, TieBreak, hand_size};
use farmhand_games::fields_of_green::view::PublicView;
use farmhand_games::fields_of_green::{
    Action, ActionError, Deck, Game, GameSnapshot, Options, Phase, Pos, sim,
};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use smol_str::SmolStr;
use std::collections::BTreeSet;
use std::sync::Arc;

/// Games per player count.
const GAMES: u64 = 120;
/// Seeds `0..FULL_GAMES` of each player count get every expensive check after every step.
const FULL_GAMES: u64 = 12;
/// The other games get the expensive checks after every `SAMPLE_EVERY`-th step.
const SAMPLE_EVERY: usize = 10;
/// Seeds `0..EXHAUSTIVE_GAMES` also get the exhaustive "accepted iff listed" sweep every 8th step.
const EXHAUSTIVE_GAMES: u64 = 6;

/// Which game a failure happened in, and at which step (0 = right after `Game::new`).
#[derive(Clone, Copy)]
struct Ctx {
    players: u8,
    intro: bool,
    seed: u64,
    first_player: u8,
    step: usize,
}

impl std::fmt::Display for Ctx {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "[{} players{}, seed {}, first player {}, after step {}]",
            self.players,
            if self.intro { " intro" } else { "" },
            self.seed,
            self.first_player,
            self.step
        )
    }
}

#[derive(Default, Debug)]
struct Stats {
    games: u64,
    steps: usize,
    round_trips: usize,
    rejected: usize,
    legal_applied: usize,
    /// Piles drawn empty (ruling 4's corner cases follow).
    piles_emptied: usize,
    /// Steps where a card turning face down cost Water or Food that no event reports.
    silent_losses: usize,
    /// Actions of the exhaustive sweep (accepted iff listed) that were refused.
    exhaustive: usize,
    view_checks: usize,
    /// View checks where the disguise changed a hand, a selection, an offer or the 2-player pile
    /// (not only the piles' order).
    disguised: usize,
}

/// The options of game `seed` of a configuration: the first player rotates with the seed; with
/// 2-4 players, every fourth game uses introductory mode (ruling 5).
fn options(players: u8, seed: u64) -> Options {
    Options {
        players,
        intro: players <= 4 && seed % 4 == 3,
        first_player: (seed % players as u64) as u8,
    }
}

fn run(players: u8) -> Stats {
    let deck = Deck::default_deck();
    let mut stats = Stats::default();
    for seed in 0..GAMES {
        play_one(&deck, players, seed, &mut stats);
    }
    eprintln!("{players} players: {stats:?}");
    assert_eq!(stats.games, GAMES);
    assert!(
        stats.disguised > 0,
        "the hidden-information check never changed anything"
    );
    stats
}

fn play_one(deck: &Arc<Deck>, players: u8, seed: u64, stats: &mut Stats) {
    let opts = options(players, seed);
    let mut ctx = Ctx {
        players,
        intro: opts.intro,
        seed,
        first_player: opts.first_player,
        step: 0,
    };
    let mut game =
        Game::new(deck.clone(), opts, seed).unwrap_or_else(|e| panic!("{ctx} Game::new: {e}"));
    let mut moves = ChaCha8Rng::seed_from_u64(seed);
    let mut probe = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let full = seed < FULL_GAMES;
    let mut stale: Vec<(usize, Action)> = Vec::new();

    check_start(&game, ctx);
    check_cheap(&game, ctx);
    check_expensive(&mut game, ctx, full, &mut probe, &mut stale, stats);
    while let Some((seat, action)) = sim::random_step(&game, &mut moves) {
        let before = game.state().clone();
        let events = match game.apply(seat, &action) {
            Ok(events) => events,
            Err(e) => panic!("{ctx} seat {seat} listed {action:?} but apply refused it: {e}"),
        };
        ctx.step += 1;
        if let Err(e) = check_transition(&before, &game, seat, &action, &events, stats) {
            panic!("{ctx} seat {seat} {action:?}: {e}\nevents: {events:?}");
        }
        check_cheap(&game, ctx);
        if full || ctx.step.is_multiple_of(SAMPLE_EVERY) || game.is_over() {
            check_expensive(&mut game, ctx, full, &mut probe, &mut stale, stats);
        }
        assert!(ctx.step < 5_000, "{ctx} the game does not end");
    }
    assert!(
        game.is_over(),
        "{ctx} no seat has a legal action but the game is in {:?}",
        game.phase()
    );
    check_end(&game, ctx);
    stats.games += 1;
    stats.steps += ctx.step;
}

/// Reruns one game with every check (see the module docs), printing its state at a step.
#[test]
#[ignore = "a tool: set FOG_REPRO=players:seed[:step]"]
fn reproduce() {
    let spec = std::env::var("FOG_REPRO").expect("set FOG_REPRO=players:seed[:step]");
    let parts: Vec<u64> = spec
        .split(':')
        .map(|x| x.parse().expect("numbers"))
        .collect();
    let (players, seed) = (parts[0] as u8, parts[1]);
    if let Some(&step) = parts.get(2) {
        let mut game = Game::new(Deck::default_deck(), options(players, seed), seed).unwrap();
        let mut moves = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..step {
            let (seat, action) =
                sim::random_step(&game, &mut moves).expect("the game ended earlier");
            game.apply(seat, &action).unwrap();
        }
        eprintln!(
            "state after step {step}:\n{}",
            serde_json::to_string_pretty(&game.snapshot()).unwrap()
        );
        for seat in 0..game.players() {
            eprintln!("seat {seat} legal: {:?}", game.legal_actions(seat));
        }
        eprintln!("next move: {:?}", sim::random_step(&game, &mut moves));
    }
    let mut stats = Stats::default();
    play_one(&Deck::default_deck(), players, seed, &mut stats);
    eprintln!("{stats:?}");
}

// ------------------------------------------------------------------------------- every step

fn check_cheap(game: &Game, ctx: Ctx) {
    if let Err(e) = game.check_invariants() {
        panic!("{ctx} check_invariants: {e}");
    }
    if let Err(e) = conservation(game) {
        panic!("{ctx} conservation: {e}");
    }
    if let Err(e) = bookkeeping(game) {
        panic!("{ctx} bookkeeping: {e}");
    }
    if let Err(e) = resources(game, &game.public_view()) {
        panic!("{ctx} resources: {e}");
    }
}

/// Every copy of every design, every Equipment tile, Water Tower and Silo card, counted from the
/// state independently of the engine's own check.
fn conservation(game: &Game) -> Result<(), String> {
    let deck = game.deck();
    let s = game.state();
    let mut cards = vec![0usize; deck.locations.len()];
    let mut tiles = vec![0usize; deck.equipment.len()];
    let (mut towers, mut silos) = (0usize, 0usize);
    for (k, pile) in s.piles.iter().enumerate() {
        for &d in pile {
            if deck.location(d).pile.index() != k {
                return Err(format!("{} lies in pile {k}", deck.location(d).id));
            }
        }
    }
    let loose = s
        .piles
        .iter()
        .flatten()
        .chain(&s.discard)
        .chain(&s.row)
        .chain(&s.row_pile);
    for &d in loose {
        cards[d as usize] += 1;
    }
    for &e in s.equipment.iter().chain(&s.equipment_discard) {
        tiles[e as usize] += 1;
    }
    for p in &s.players {
        for &d in p
            .hand
            .iter()
            .chain(p.selected.iter())
            .chain(p.revealed.iter())
        {
            cards[d as usize] += 1;
        }
        for &e in p.set_aside.iter().chain(&p.offer) {
            tiles[e as usize] += 1;
        }
        for c in &p.farm.cells {
            match c.card {
                CellCard::Location(d) => cards[d as usize] += 1,
                CellCard::WaterTower => towers += 1,
                CellCard::Silo => silos += 1,
            }
            for &e in &c.equipment {
                tiles[e as usize] += 1;
            }
        }
    }
    for (d, def) in deck.locations.iter().enumerate() {
        if cards[d] != def.copies as usize {
            return Err(format!(
                "{}: {} cards in play, {} printed",
                def.id, cards[d], def.copies
            ));
        }
    }
    for (e, def) in deck.equipment.iter().enumerate() {
        if tiles[e] != def.copies as usize {
            return Err(format!(
                "Equipment {}: {} tiles in play, {} printed",
                def.id, tiles[e], def.copies
            ));
        }
    }
    if towers + s.towers_left as usize != deck.supply.water_towers as usize {
        return Err(format!(
            "{towers} towers in farms + {} left != {}",
            s.towers_left, deck.supply.water_towers
        ));
    }
    if silos + s.silos_left as usize != deck.supply.silos as usize {
        return Err(format!(
            "{silos} Silos in farms + {} left != {}",
            s.silos_left, deck.supply.silos
        ));
    }
    Ok(())
}

/// Hand sizes and per-phase bookkeeping (rulings 4, 7, 20, 21).
fn bookkeeping(game: &Game) -> Result<(), String> {
    let s = game.state();
    let n = s.players.len();
    let hs = hand_size(n) as usize;
    if hs != if n == 6 { 5 } else { 6 } {
        return Err(format!("hand size {hs} with {n} players (ruling 20)"));
    }
    // Ruling 16: the First Player tile passes left after every harvest.
    let first = (s.options.first_player as usize + s.year as usize - 1) % n;
    if s.first_player as usize != first {
        return Err(format!(
            "year {}: first player {}, want {first}",
            s.year, s.first_player
        ));
    }
    let quiet = |why: &str| -> Result<(), String> {
        for (seat, p) in s.players.iter().enumerate() {
            if !p.hand.is_empty() || p.selected.is_some() || p.revealed.is_some() {
                return Err(format!("seat {seat} holds cards {why}"));
            }
        }
        if !s.row.is_empty() || !s.row_pile.is_empty() {
            return Err(format!("the 2-player row holds cards {why}"));
        }
        Ok(())
    };
    for (seat, p) in s.players.iter().enumerate() {
        if let Some(split) = p.split {
            let sum: usize = split.iter().map(|&c| c as usize).sum();
            if sum > hs {
                return Err(format!("seat {seat} drew {split:?}, more than {hs}"));
            }
        }
        if p.offer.len() > 3 {
            return Err(format!(
                "seat {seat} has {} Equipment tiles to choose from",
                p.offer.len()
            ));
        }
        if p.coins > 10_000 || p.food > 10_000 || p.vp_tokens > 10_000 {
            return Err(format!(
                "seat {seat}: absurd resources (wrapped?) {} {} {}",
                p.coins, p.food, p.vp_tokens
            ));
        }
    }
    // Ruling 14: each Harvest ability once per harvest (more only where Equipment says so), and
    // only face-up locations with one.
    for (seat, p) in s.players.iter().enumerate() {
        for (i, c) in p.farm.cells.iter().enumerate() {
            let used = p.harvested.iter().filter(|&&x| x == c.pos).count();
            if used == 0 {
                continue;
            }
            let harvest = match c.card {
                CellCard::Location(d) => {
                    game.deck().location(d).timing()
                        == Some(farmhand_games::fields_of_green::effects::Timing::Harvest)
                }
                _ => false,
            };
            let limit =
                farmhand_games::fields_of_green::game::eval::harvest_limit(game.deck(), &p.farm, i)
                    as usize;
            if !harvest || used > limit {
                return Err(format!(
                    "seat {seat}: the card at {:?} harvested {used} times (limit {limit})",
                    c.pos
                ));
            }
        }
        if !p
            .harvested
            .iter()
            .all(|&x| p.farm.cells.iter().any(|c| c.pos == x))
        {
            return Err(format!("seat {seat}: harvested a space with no card"));
        }
    }
    match s.phase {
        Phase::Upkeep { next } => {
            if next as usize > n {
                return Err(format!("upkeep next {next}"));
            }
            let order = game.turn_order();
            let mut drawn_total = 0;
            for (k, &seat) in order.iter().enumerate() {
                let p = &s.players[seat];
                let drawn = (k as u8) < next;
                if drawn != p.split.is_some() {
                    return Err(format!(
                        "upkeep next {next}: seat {seat} (turn order {k}) split {:?}",
                        p.split
                    ));
                }
                let want: usize = p.split.map_or(0, |sp| sp.iter().map(|&c| c as usize).sum());
                drawn_total += want;
                // Ruling 21: with 2 players the drawn cards go face down into the year's pile
                // unseen; with more they are the seat's hand.
                let held = if n == 2 { 0 } else { want };
                if p.hand.len() != held {
                    return Err(format!(
                        "seat {seat} holds {} cards after drawing {:?}",
                        p.hand.len(),
                        p.split
                    ));
                }
                if p.selected.is_some() || p.revealed.is_some() || !p.offer.is_empty() {
                    return Err(format!(
                        "seat {seat} has a card or tiles in play during the upkeep"
                    ));
                }
            }
            let pooled = if n == 2 { drawn_total } else { 0 };
            if !s.row.is_empty() || s.row_pile.len() != pooled {
                return Err(format!(
                    "upkeep: row {} / face-down pile {} (want 0 / {pooled})",
                    s.row.len(),
                    s.row_pile.len()
                ));
            }
        }
        Phase::Action { turn } => {
            if n < 3 || turn == 0 || turn as usize > hs + 1 {
                return Err(format!("action turn {turn} with {n} players"));
            }
            // Each turn takes one card from every hand. All hands are the same size unless the
            // piles ran short (ruling 4), which the default deck never does.
            let full = s.players.iter().all(|p| {
                p.split
                    .is_some_and(|sp| sp.iter().map(|&c| c as usize).sum::<usize>() == hs)
            });
            for (seat, p) in s.players.iter().enumerate() {
                let held = p.hand.len() + p.selected.is_some() as usize;
                let want = hs + 1 - turn as usize;
                if held > want || (full && held != want) {
                    return Err(format!("seat {seat} holds {held} cards on turn {turn}"));
                }
            }
            if !s.row.is_empty() || !s.row_pile.is_empty() {
                return Err("the 2-player row holds cards with 3+ players".into());
            }
        }
        Phase::Duel {
            current,
            picks,
            taken,
        } => {
            if n != 2 || current > 1 {
                return Err(format!("duel with {n} players, current {current}"));
            }
            if s.row.len() + s.row_pile.len() + picks as usize != 2 * hs {
                return Err(format!(
                    "row {} + pile {} + picks {picks} != {}",
                    s.row.len(),
                    s.row_pile.len(),
                    2 * hs
                ));
            }
            // Ruling 21: the first player takes a card, then the other; once both have, 2 more
            // cards turn face up, so each pair of picks starts with 6 (or all that are left).
            let k = picks as usize - taken as usize;
            let year: usize = s
                .players
                .iter()
                .filter_map(|p| p.split)
                .map(|sp| sp.iter().map(|&c| c as usize).sum::<usize>())
                .sum();
            if current as usize != (s.first_player as usize + k) % 2 {
                return Err(format!(
                    "pick {k}: seat {current} to take a card, first player {}",
                    s.first_player
                ));
            }
            let want_row = if k.is_multiple_of(2) {
                6.min(year - k)
            } else {
                6.min(year + 1 - k) - 1
            };
            if s.row.len() + taken as usize != want_row {
                return Err(format!(
                    "pick {k} (taken {taken}): {} face-up cards, want {want_row}",
                    s.row.len()
                ));
            }
            for (seat, p) in s.players.iter().enumerate() {
                if !p.hand.is_empty() || p.selected.is_some() {
                    return Err(format!(
                        "seat {seat} holds a hand in the 2-player action phase"
                    ));
                }
                if p.revealed.is_some() && !(seat == current as usize && taken) {
                    return Err(format!("seat {seat} holds a picked card out of turn"));
                }
            }
        }
        Phase::Harvest => quiet("in the harvest")?,
        Phase::Ended => {
            quiet("after the end")?;
            if s.scores.as_ref().map(Vec::len) != Some(n) {
                return Err("ended without a score pad per seat".into());
            }
        }
    }
    Ok(())
}

/// Storage caps and resources, read from the public view and compared with the state.
fn resources(game: &Game, view: &PublicView) -> Result<(), String> {
    let s = game.state();
    let sizes = [
        s.piles[0].len(),
        s.piles[1].len(),
        s.piles[2].len(),
        s.piles[3].len(),
    ];
    if view.piles != sizes
        || view.equipment_left != s.equipment.len()
        || view.row_pile != s.row_pile.len()
    {
        return Err("public pile / stack sizes disagree with the state".into());
    }
    if view.water_towers_left != s.towers_left || view.silos_left != s.silos_left {
        return Err("public supply disagrees with the state".into());
    }
    if view.seats.len() != s.players.len() {
        return Err("a seat is missing from the public view".into());
    }
    for (seat, (v, p)) in view.seats.iter().zip(&s.players).enumerate() {
        if v.coins != p.coins
            || v.food != p.food
            || v.vp_tokens != p.vp_tokens
            || v.hand_size != p.hand.len()
        {
            return Err(format!(
                "seat {seat}: public resources disagree with the state"
            ));
        }
        if v.has_selected != p.selected.is_some() || v.equipment_offer != p.offer.len() {
            return Err(format!(
                "seat {seat}: public selection / offer counts disagree with the state"
            ));
        }
        // Ruling 3 / 12: Food is one pool, capped by the Silos.
        if v.food > v.food_capacity {
            return Err(format!(
                "seat {seat}: {} Food in Silos holding {}",
                v.food, v.food_capacity
            ));
        }
        let silos = p
            .farm
            .cells
            .iter()
            .filter(|c| c.card == CellCard::Silo)
            .count() as u32;
        if v.food_capacity < silos * game.deck().supply.silo_capacity as u32 {
            return Err(format!(
                "seat {seat}: {silos} Silos hold only {}",
                v.food_capacity
            ));
        }
        if v.farm.cells.len() != p.farm.cells.len() {
            return Err(format!(
                "seat {seat}: farm view has {} cards, farm {}",
                v.farm.cells.len(),
                p.farm.cells.len()
            ));
        }
        let mut seen = BTreeSet::new();
        for (cv, c) in v.farm.cells.iter().zip(&p.farm.cells) {
            if cv.pos != c.pos || cv.water != c.water || cv.face_up != c.face_up {
                return Err(format!("seat {seat}: farm view disagrees at {:?}", c.pos));
            }
            if !seen.insert((c.pos.x, c.pos.y)) {
                return Err(format!("seat {seat}: two cards at {:?}", c.pos));
            }
            match c.card {
                // Ruling 3: a tower holds at most its capacity (3 unless Equipment says otherwise).
                CellCard::WaterTower => {
                    if cv.water > cv.capacity || cv.capacity < game.deck().supply.tower_capacity {
                        return Err(format!(
                            "seat {seat}: tower at {:?} holds {}/{}",
                            c.pos, cv.water, cv.capacity
                        ));
                    }
                    if !c.face_up {
                        return Err(format!(
                            "seat {seat}: a face-down Water Tower at {:?}",
                            c.pos
                        ));
                    }
                }
                CellCard::Silo if !c.face_up => {
                    return Err(format!("seat {seat}: a face-down Silo at {:?}", c.pos));
                }
                _ => {
                    if c.water != 0 {
                        return Err(format!(
                            "seat {seat}: Water on a card that is not a tower at {:?}",
                            c.pos
                        ));
                    }
                }
            }
            // Ruling 15: an Open Area has no Equipment; ruling 17: at most 2, never two alike.
            if (!c.face_up && !c.equipment.is_empty())
                || c.equipment.len() > 2
                || (c.equipment.len() == 2 && c.equipment[0] == c.equipment[1])
            {
                return Err(format!(
                    "seat {seat}: bad Equipment {:?} at {:?}",
                    c.equipment, c.pos
                ));
            }
        }
        // Ruling 10: every card but the first touches an earlier one (farms grow by adjacency).
        for (i, c) in p.farm.cells.iter().enumerate().skip(1) {
            if !p.farm.cells.iter().any(|o| o.pos.is_adjacent(c.pos)) {
                return Err(format!(
                    "seat {seat}: card {i} at {:?} touches no other card",
                    c.pos
                ));
            }
        }
    }
    Ok(())
}

// ------------------------------------------------------------------------------- each transition

/// Ruling 1: 15 coins, a Water Tower with 3 Water and next to it a Silo with 1 Food.
fn check_start(game: &Game, ctx: Ctx) {
    for (seat, p) in game.state().players.iter().enumerate() {
        assert_eq!(
            (p.coins, p.food, p.vp_tokens),
            (15, 1, 0),
            "{ctx} seat {seat}: starting resources"
        );
        let cards: Vec<_> = p
            .farm
            .cells
            .iter()
            .map(|c| (c.card, c.water, c.face_up))
            .collect();
        assert_eq!(
            cards,
            [(CellCard::WaterTower, 3, true), (CellCard::Silo, 0, true)],
            "{ctx} seat {seat}"
        );
        assert!(
            p.farm.cells[0].pos.is_adjacent(p.farm.cells[1].pos),
            "{ctx} seat {seat}: tower and Silo apart"
        );
    }
    assert_eq!(game.year(), 1, "{ctx}");
}

fn water(p: &farmhand_games::fields_of_green::game::PlayerState) -> i64 {
    p.farm.cells.iter().map(|c| c.water as i64).sum()
}

/// Distances through the farm's cards (ruling 11) from `from` (a card, or an empty space whose
/// neighbours are at distance 1), computed here independently of the engine.
fn distances(farm: &farmhand_games::fields_of_green::farm::Farm, from: Pos) -> Vec<Option<u32>> {
    let n = farm.cells.len();
    let mut dist: Vec<Option<u32>> = vec![None; n];
    let mut queue = std::collections::VecDeque::new();
    match farm.cells.iter().position(|c| c.pos == from) {
        Some(i) => {
            dist[i] = Some(0);
            queue.push_back(i);
        }
        None => {
            for (i, c) in farm.cells.iter().enumerate() {
                if c.pos.is_adjacent(from) {
                    dist[i] = Some(1);
                    queue.push_back(i);
                }
            }
        }
    }
    while let Some(i) = queue.pop_front() {
        for j in 0..n {
            if dist[j].is_none() && farm.cells[j].pos.is_adjacent(farm.cells[i].pos) {
                dist[j] = Some(dist[i].unwrap() + 1);
                queue.push_back(j);
            }
        }
    }
    dist
}

fn sorted<T: Ord + Clone>(v: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut v: Vec<T> = v.into_iter().collect();
    v.sort();
    v
}

/// What one applied action did, checked against the events it returned and the rulings:
/// every change of coins, Food, Water and VP tokens is explained by an event (the log is the
/// game's history), draws take the top cards with a legal split (rulings 4, 5), income (3), the
/// reveal and the pass (6, 7), the costs of actions B-E (8), Water from towers in range (11),
/// unpaid Harvest abilities turning face down (15), the first player (16) and Equipment offers (17).
fn check_transition(
    before: &State,
    game: &Game,
    actor: usize,
    action: &Action,
    events: &[farmhand_games::fields_of_green::Event],
    stats: &mut Stats,
) -> Result<(), String> {
    use farmhand_games::fields_of_green::Event as E;
    use farmhand_games::fields_of_green::event::Direction;
    let deck = game.deck();
    let after = game.state();
    let n = after.players.len();
    let hs = hand_size(n) as usize;

    // Resources: state change == what the events say.
    let mut delta = vec![[0i64; 4]; n]; // coins, food, Water, VP tokens
    let mut flipped_seats = BTreeSet::new();
    let mut years = Vec::new();
    for (k, e) in events.iter().enumerate() {
        match e {
            E::YearStarted {
                year,
                first_player,
                direction,
            } => {
                years.push(*year);
                // Rulings 6 and 16.
                let want_first = (after.options.first_player as usize + *year as usize - 1) % n;
                if *first_player != want_first {
                    return Err(format!(
                        "year {year} starts with first player {first_player}, not {want_first}"
                    ));
                }
                let want_dir = if year % 2 == 1 {
                    Direction::Left
                } else {
                    Direction::Right
                };
                if *direction != want_dir {
                    return Err(format!("year {year} passes {direction:?} (ruling 6)"));
                }
            }
            E::Income {
                seat,
                coins,
                water,
                food,
                water_lost,
                food_lost,
            } => {
                // Ruling 3: years 2-4 only; 3 coins, 2 Water, 1 Food.
                if years.last().is_none_or(|&y| y < 2) {
                    return Err("income outside the start of years 2-4".into());
                }
                let chosen = matches!(events.get(k + 1), Some(E::WaterToPlace { seat: s, water: 2 }) if s == seat);
                if *coins != 3
                    || food + food_lost != 1
                    || (!chosen && water + water_lost != 2)
                    || (chosen && *water != 0)
                {
                    return Err(format!("income {e:?} (ruling 3)"));
                }
                delta[*seat][0] += *coins as i64;
                delta[*seat][1] += *food as i64;
                delta[*seat][2] += *water as i64;
            }
            E::WaterPlaced { seat, towers } => delta[*seat][2] += towers.len() as i64,
            E::Built { seat, paid, .. } | E::Harvested { seat, paid, .. } => {
                delta[*seat][0] -= paid.coins as i64;
                delta[*seat][1] -= paid.food as i64;
                delta[*seat][2] -= paid.water as i64;
            }
            E::BuiltWaterTower { seat, paid, .. } => {
                // Ruling 8 B: 2 coins, arrives with 3 Water.
                if paid.coins != deck.supply.tower_cost as u32 || paid.water != 0 || paid.food != 0
                {
                    return Err(format!("a Water Tower cost {paid:?} (ruling 8)"));
                }
                delta[*seat][0] -= paid.coins as i64;
                delta[*seat][2] += deck.supply.tower_capacity as i64;
            }
            E::WentToMarket {
                seat,
                food_sold,
                coins,
                ..
            } => {
                // Ruling 8 D: 2 coins plus 2 per Food sold, up to 2 Food.
                if *food_sold > 2 || *coins != 2 + 2 * food_sold {
                    return Err(format!("market {e:?} (ruling 8)"));
                }
                delta[*seat][0] += *coins as i64;
                delta[*seat][1] -= *food_sold as i64;
            }
            // Ruling 8 E: 1 coin.
            E::Restored { seat, .. } => delta[*seat][0] -= 1,
            E::Gained { seat, gained, .. } => {
                delta[*seat][0] += gained.coins as i64;
                delta[*seat][1] += gained.food as i64;
                delta[*seat][3] += gained.vp as i64;
            }
            E::Refilled { seat, towers } => {
                delta[*seat][2] += towers.iter().map(|&(_, w)| w as i64).sum::<i64>()
            }
            E::BecameOpenArea { seat, .. } => {
                flipped_seats.insert(*seat);
            }
            E::PileEmptied { .. } => stats.piles_emptied += 1,
            _ => {}
        }
    }
    for (seat, said) in delta.iter().enumerate() {
        let (b, a) = (&before.players[seat], &after.players[seat]);
        let real = [
            a.coins as i64 - b.coins as i64,
            a.food as i64 - b.food as i64,
            water(a) - water(b),
            a.vp_tokens as i64 - b.vp_tokens as i64,
        ];
        let said = *said;
        let mut ok = real[0] == said[0] && real[3] == said[3];
        if flipped_seats.contains(&seat) {
            // A card turning face down may shrink a capacity; what no longer fits is lost.
            ok &= real[1] <= said[1] && real[2] <= said[2];
            if real[1] < said[1] || real[2] < said[2] {
                stats.silent_losses += 1;
            }
        } else {
            ok &= real[1] == said[1] && real[2] == said[2];
        }
        if !ok {
            return Err(format!(
                "seat {seat}: coins/Food/Water/VP changed by {real:?}, the events say {said:?}"
            ));
        }
    }

    // Rulings 4 and 5: draws take the top of each pile, with a legal split.
    let mut piles = before.piles.clone();
    let mut drawn: Vec<Vec<DesignIdx>> = vec![Vec::new(); n];
    for e in events {
        if let E::Drew { seat, split } = e {
            let sizes: Vec<usize> = piles.iter().map(Vec::len).collect();
            let total: usize = sizes.iter().sum();
            let sum: usize = split.iter().map(|&c| c as usize).sum();
            let non_empty = sizes.iter().filter(|&&k| k > 0).count();
            let used = split.iter().filter(|&&c| c > 0).count();
            if sum != hs.min(total)
                || used < non_empty.min(3)
                || split.iter().zip(&sizes).any(|(&c, &k)| c as usize > k)
            {
                return Err(format!(
                    "seat {seat} drew {split:?} from piles of {sizes:?} (ruling 4)"
                ));
            }
            let year = years.last().copied().unwrap_or(before.year);
            let fixed = farmhand_games::fields_of_green::game::INTRO_SPLITS[year as usize - 1];
            if after.options.intro
                && fixed.iter().zip(&sizes).all(|(&c, &k)| c as usize <= k)
                && *split != fixed
            {
                return Err(format!(
                    "intro mode, year {year}: drew {split:?}, not {fixed:?} (ruling 5)"
                ));
            }
            for (k, &c) in split.iter().enumerate() {
                for _ in 0..c {
                    drawn[*seat].push(piles[k].pop().unwrap());
                }
            }
        }
    }
    if piles != after.piles {
        return Err("the piles changed other than by drawing from the top".into());
    }
    for (seat, cards) in drawn.iter().enumerate().filter(|(_, c)| !c.is_empty()) {
        if n > 2 && sorted(after.players[seat].hand.clone()) != sorted(cards.clone()) {
            return Err(format!(
                "seat {seat} drew {cards:?} but holds {:?}",
                after.players[seat].hand
            ));
        }
    }
    if n == 2 && drawn.iter().any(|c| !c.is_empty()) {
        // Ruling 21: the drawn cards join the year's face-down pile (and maybe the row) unseen.
        let was = sorted(
            before
                .row_pile
                .iter()
                .chain(&before.row)
                .chain(drawn.iter().flatten())
                .copied(),
        );
        let now = sorted(after.row_pile.iter().chain(&after.row).copied());
        if was != now {
            return Err("the 2-player row and pile do not hold the drawn cards".into());
        }
    }

    // Rulings 6 and 7: all selected cards revealed at once, hands passed the year's way.
    for e in events {
        if let E::Revealed { cards, .. } = e {
            let dir = if before.year % 2 == 1 { 1 } else { n - 1 };
            for (from, card) in cards.iter().enumerate() {
                let b = &before.players[from];
                let shown = match card {
                    Some(id) => Some(deck.location_by_id(id).ok_or("unknown revealed card")?),
                    None => None,
                };
                if after.players[from].revealed != shown {
                    return Err(format!(
                        "seat {from}: revealed {:?} but holds {:?}",
                        card, after.players[from].revealed
                    ));
                }
                let mut pre: Vec<DesignIdx> =
                    b.hand.iter().chain(b.selected.iter()).copied().collect();
                match shown {
                    Some(shown) => {
                        let at = pre
                            .iter()
                            .position(|&d| d == shown)
                            .ok_or(format!("seat {from} revealed a card it did not hold"))?;
                        pre.remove(at);
                        if from != actor && b.selected != Some(shown) {
                            return Err(format!(
                                "seat {from}: revealed {shown} but had selected {:?}",
                                b.selected
                            ));
                        }
                    }
                    // Only a seat with no cards left reveals nothing.
                    None if !pre.is_empty() => {
                        return Err(format!("seat {from} held {pre:?} but revealed nothing"));
                    }
                    None => {}
                }
                let to = (from + dir) % n;
                if sorted(pre.clone()) != sorted(after.players[to].hand.clone()) {
                    return Err(format!(
                        "seat {from}'s hand {pre:?} did not pass to seat {to} ({:?})",
                        after.players[to].hand
                    ));
                }
            }
        }
    }

    // Ruling 11: Water paid for a build or a harvest comes from towers in range of the target.
    let target = match action {
        Action::Build { pos, .. } | Action::Harvest { pos, .. } => Some(*pos),
        _ => None,
    };
    if let Some(pos) = target {
        let (b, a) = (&before.players[actor].farm, &after.players[actor].farm);
        let dist = distances(b, pos);
        for (i, c) in b.cells.iter().enumerate() {
            if c.card == CellCard::WaterTower && a.cells[i].water < c.water {
                let range =
                    farmhand_games::fields_of_green::game::eval::tower_range(deck, b, i) as u32;
                if dist[i].is_none_or(|d| d > range) {
                    return Err(format!(
                        "Water paid from the tower at {:?}, {:?} away, range {range}",
                        c.pos, dist[i]
                    ));
                }
            }
        }
    }

    // Ruling 15: when a seat finishes its harvest, exactly its face-up locations with an unpaid
    // Harvest ability turn face down, losing their Equipment.
    for e in events {
        if let E::HarvestFinished { seat } = e {
            let b = &before.players[*seat];
            let paid: Vec<Pos> = b
                .harvested
                .iter()
                .copied()
                .chain(events.iter().filter_map(|e| match e {
                    E::Harvested { seat: s, pos, .. } if s == seat => Some(*pos),
                    _ => None,
                }))
                .collect();
            // The farm as it was when the harvest finished: cards built by this step arrive
            // face up, and a Restore of this step turned its card face up.
            let restored = match action {
                Action::Restore { pos } if actor == *seat => Some(*pos),
                _ => None,
            };
            let cards = &after.players[*seat].farm.cells;
            let was_up = |i: usize| {
                b.farm
                    .cells
                    .get(i)
                    .is_none_or(|c| c.face_up || Some(c.pos) == restored)
            };
            let want: Vec<Pos> = cards
                .iter()
                .enumerate()
                .filter(|&(i, c)| was_up(i) && !paid.contains(&c.pos))
                .map(|(_, c)| c)
                .filter(|c| match c.card {
                    CellCard::Location(d) => {
                        deck.location(d).timing()
                            == Some(farmhand_games::fields_of_green::effects::Timing::Harvest)
                    }
                    _ => false,
                })
                .map(|c| c.pos)
                .collect();
            let got: Vec<Pos> = events
                .iter()
                .filter_map(|e| match e {
                    E::BecameOpenArea { seat: s, pos, .. } if s == seat => Some(*pos),
                    _ => None,
                })
                .collect();
            if sorted(want.clone()) != sorted(got.clone()) {
                return Err(format!(
                    "seat {seat}: {want:?} should turn face down, {got:?} did (ruling 15)"
                ));
            }
            for (i, now) in cards.iter().enumerate() {
                let face_up = was_up(i) && !want.contains(&now.pos);
                if now.face_up != face_up || (!face_up && !now.equipment.is_empty()) {
                    return Err(format!(
                        "seat {seat}: card at {:?} face up {}, want {face_up}",
                        now.pos, now.face_up
                    ));
                }
            }
        }
    }

    // Ruling 17: offers are the top 3 tiles; tiles not kept go to the bottom.
    let mut stack: Vec<EquipIdx> = before.equipment.iter().copied().collect();
    if let Action::Equipment { keep, place } = action {
        let mut offer = before.players[actor].offer.clone();
        let e = deck.equipment_by_id(keep).ok_or("unknown tile kept")?;
        let at = offer
            .iter()
            .position(|&x| x == e)
            .ok_or("kept a tile not offered")?;
        offer.remove(at);
        stack.extend(offer);
        let a = &after.players[actor];
        let held = match place {
            None => {
                a.set_aside.iter().filter(|&&x| x == e).count()
                    > before.players[actor]
                        .set_aside
                        .iter()
                        .filter(|&&x| x == e)
                        .count()
            }
            Some(pos) => {
                a.farm.cells.iter().any(|c| c.pos == *pos && c.equipment.contains(&e))
                    // Placed, then lost when its card turned face down in the same step (an
                    // unpaid Harvest ability and nothing left to decide: ruling 15).
                    || events.iter().any(|ev| {
                        matches!(ev, E::BecameOpenArea { seat, pos: p, equipment_lost, .. }
                            if *seat == actor && p == pos && equipment_lost.iter().any(|t| t == keep))
                    })
            }
        };
        if !held {
            return Err(format!(
                "the kept tile {keep} is not where it was put ({place:?})"
            ));
        }
    }
    let mut drew_offer = false;
    for e in events {
        if let E::EquipmentDrawn { seat, count } = e {
            let c = *count as usize;
            if c != stack.len().min(3) || after.players[*seat].offer != stack[..c] {
                return Err(format!(
                    "seat {seat} drew {c} tiles {:?} from {stack:?} (ruling 17)",
                    after.players[*seat].offer
                ));
            }
            stack.drain(..c);
            drew_offer = true;
        }
    }
    if (drew_offer || matches!(action, Action::Equipment { .. }))
        && stack != after.equipment.iter().copied().collect::<Vec<_>>()
    {
        return Err(format!(
            "the Equipment stack is {:?}, want {stack:?} (ruling 17)",
            after.equipment
        ));
    }
    Ok(())
}

// ------------------------------------------------------------------------------- sampled steps

fn check_expensive(
    game: &mut Game,
    ctx: Ctx,
    exact: bool,
    probe: &mut ChaCha8Rng,
    stale: &mut Vec<(usize, Action)>,
    stats: &mut Stats,
) {
    round_trip(game, ctx);
    stats.round_trips += 1;
    let legal: Vec<Vec<Action>> = (0..game.players()).map(|s| game.legal_actions(s)).collect();
    stats.legal_applied += every_legal_action_is_accepted(game, &legal, ctx);
    stats.rejected += refused_actions_change_nothing(game, &legal, stale, probe, ctx);
    if ctx.seed < EXHAUSTIVE_GAMES && ctx.step.is_multiple_of(8) {
        stats.exhaustive += listed_is_exactly_accepted(game, &legal, ctx);
    }
    *stale = legal
        .iter()
        .enumerate()
        .flat_map(|(s, l)| l.iter().map(move |a| (s, a.clone())))
        .collect();
    let (checks, disguised) = views_hide_secrets(game, probe, exact, ctx);
    stats.view_checks += checks;
    stats.disguised += disguised;
}

/// Panics unless `what` is the same in the real game and its twin (and, when `exact`, the same
/// JSON): it must not depend on hidden information. `hint` says where the two states differ.
fn same_in_twin<T: PartialEq + serde::Serialize>(
    what: &str,
    real: &T,
    seen: &T,
    exact: bool,
    hint: impl FnOnce() -> String,
) {
    if real != seen || (exact && json(real) != json(seen)) {
        panic!(
            "{what} depends on hidden information:\n real: {}\n twin: {}\n{}",
            json(real),
            json(seen),
            hint()
        );
    }
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("serializes")
}

/// snapshot -> JSON -> snapshot -> `Game::from_snapshot` gives the same game.
fn round_trip(game: &Game, ctx: Ctx) {
    let text = json(&game.snapshot());
    let snap: GameSnapshot = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{ctx} snapshot JSON does not parse: {e}"));
    assert!(
        snap == game.snapshot(),
        "{ctx} the snapshot changed in a JSON round trip"
    );
    let back = Game::from_snapshot(game.deck_arc().clone(), snap)
        .unwrap_or_else(|e| panic!("{ctx} from_snapshot: {e}"));
    assert!(back == *game, "{ctx} the restored game differs");
    assert_eq!(
        json(&back.snapshot()),
        text,
        "{ctx} the restored game serializes differently"
    );
}

/// Applies every listed action of every seat to a clone: all must be accepted and keep the
/// invariants.
fn every_legal_action_is_accepted(game: &Game, legal: &[Vec<Action>], ctx: Ctx) -> usize {
    let mut applied = 0;
    for (seat, actions) in legal.iter().enumerate() {
        for a in actions {
            let mut g = game.clone();
            if let Err(e) = g.apply(seat, a) {
                panic!("{ctx} seat {seat}: listed action {a:?} refused: {e}");
            }
            if let Err(e) = g.check_invariants() {
                panic!("{ctx} seat {seat}: after listed action {a:?}: {e}");
            }
            applied += 1;
        }
    }
    applied
}

/// The same action in a canonical form: the order of Water in a placement does not matter.
fn canonical(a: &Action) -> Action {
    match a {
        Action::PlaceWater { towers } => {
            let mut towers = towers.clone();
            towers.sort();
            Action::PlaceWater { towers }
        }
        other => other.clone(),
    }
}

/// Whether `a` is one of the seat's legal actions, up to form. Re-selecting the design already
/// selected (while another copy is in hand) is a no-op that `apply` accepts and the list leaves
/// out, so it counts as legal here.
fn is_listed(game: &Game, seat: usize, a: &Action, legal: &[Action]) -> bool {
    let c = canonical(a);
    legal.iter().any(|l| canonical(l) == c) || reselection_no_op(game, seat, a)
}

fn sid(s: &str) -> SmolStr {
    SmolStr::new(s)
}

/// Tries actions that must be refused and checks each leaves the snapshot byte-for-byte as it
/// was. Returns how many were tried.
fn refused_actions_change_nothing(
    game: &mut Game,
    legal: &[Vec<Action>],
    stale: &[(usize, Action)],
    probe: &mut ChaCha8Rng,
    ctx: Ctx,
) -> usize {
    let n = game.players();
    let deck = game.deck_arc().clone();
    let hs = hand_size(n);
    let far = Pos::new(100, 100);
    let mut tries: Vec<(usize, Action)> = Vec::new();

    // Legal for another seat, and legal at an earlier step.
    for (seat, actions) in legal.iter().enumerate() {
        for a in actions.choose_multiple(probe, 2) {
            tries.push(((seat + 1 + probe.random_range(0..n - 1)) % n, a.clone()));
        }
    }
    tries.extend(stale.choose_multiple(probe, 4).cloned());

    // Seats that do not exist.
    let any = legal
        .iter()
        .flatten()
        .next()
        .cloned()
        .unwrap_or(Action::EndHarvest);
    tries.push((n, any.clone()));
    tries.push((n + 1, Action::EndHarvest));
    tries.push((usize::MAX, any));

    // Garbage, for every seat.
    let not_offered = |offer: &[EquipIdx]| {
        (0..deck.equipment.len())
            .find(|&e| !offer.contains(&(e as EquipIdx)))
            .map(|e| sid(&deck.equipment[e].id))
    };
    for seat in 0..n {
        let p = &game.state().players[seat];
        let space = p.farm.build_spaces()[0];
        let mut g: Vec<Action> = vec![
            Action::Select {
                card: sid("no_such_card"),
            },
            Action::Pick {
                card: sid("no_such_card"),
            },
            Action::Equipment {
                keep: sid("no_such_tile"),
                place: None,
            },
            Action::Build {
                pos: far,
                water: vec![],
                extra: 0,
                equipment: vec![],
            },
            Action::Build {
                pos: Pos::new(0, 0),
                water: vec![],
                extra: 0,
                equipment: vec![],
            },
            Action::Build {
                pos: Pos::new(i8::MAX, i8::MIN),
                water: vec![],
                extra: 0,
                equipment: vec![],
            },
            Action::Build {
                pos: space,
                water: vec![],
                extra: 200,
                equipment: vec![],
            },
            Action::Build {
                pos: space,
                water: vec![far],
                extra: 0,
                equipment: vec![],
            },
            Action::Build {
                pos: space,
                water: vec![],
                extra: 0,
                equipment: vec![sid("no_such_tile")],
            },
            Action::WaterTower {
                pos: far,
                equipment: vec![],
            },
            Action::WaterTower {
                pos: Pos::new(1, 0),
                equipment: vec![],
            },
            Action::Silo {
                pos: Pos::new(0, 0),
                equipment: vec![],
            },
            Action::Silo {
                pos: Pos::new(-100, 3),
                equipment: vec![],
            },
            Action::Restore {
                pos: Pos::new(0, 0),
            },
            Action::Restore { pos: far },
            Action::Market { food: 3 },
            Action::Market { food: u8::MAX },
            Action::Draw {
                split: [6, 6, 6, 6],
            },
            Action::Draw {
                split: [hs, 0, 0, 0],
            },
            Action::Draw {
                split: [hs + 1, 0, 0, 0],
            },
            Action::Draw {
                split: [0, 0, 0, 0],
            },
            Action::Draw {
                split: [1, 1, 1, 1],
            },
            Action::Draw {
                split: [255, 255, 1, 1],
            },
            Action::Harvest {
                pos: Pos::new(0, 0),
                water: vec![],
                extra: 0,
            },
            Action::Harvest {
                pos: Pos::new(1, 0),
                water: vec![],
                extra: 0,
            },
            Action::Harvest {
                pos: far,
                water: vec![],
                extra: 0,
            },
            Action::PlaceWater { towers: vec![far] },
            Action::PlaceWater {
                towers: vec![Pos::new(0, 0); 5],
            },
            Action::PlaceWater { towers: vec![] },
            Action::EndHarvest,
        ];
        if p.food < 2 {
            g.push(Action::Market {
                food: p.food as u8 + 1,
            });
        }
        if let Some(keep) = not_offered(&p.offer) {
            g.push(Action::Equipment {
                keep: keep.clone(),
                place: None,
            });
            if let Some(c) = p.farm.cells.first() {
                g.push(Action::Equipment {
                    keep,
                    place: Some(c.pos),
                });
            }
        }
        if let Some(&e) = p.offer.first() {
            g.push(Action::Equipment {
                keep: sid(&deck.equip(e).id),
                place: Some(far),
            });
        }
        // A location without a Harvest ability, and a harvest card asked for too many repeats.
        for c in &p.farm.cells {
            if let CellCard::Location(d) = c.card {
                let timing = deck.location(d).timing();
                if timing != Some(farmhand_games::fields_of_green::effects::Timing::Harvest)
                    || !c.face_up
                {
                    g.push(Action::Harvest {
                        pos: c.pos,
                        water: vec![],
                        extra: 0,
                    });
                } else {
                    g.push(Action::Harvest {
                        pos: c.pos,
                        water: vec![],
                        extra: 200,
                    });
                }
            }
        }
        // A card that is not in hand / not in the row.
        if let Some(d) = (0..deck.locations.len() as DesignIdx)
            .find(|d| !p.hand.contains(d) && p.selected != Some(*d))
        {
            g.push(Action::Select {
                card: sid(&deck.location(d).id),
            });
        }
        if let Some(d) =
            (0..deck.locations.len() as DesignIdx).find(|d| !game.state().row.contains(d))
        {
            g.push(Action::Pick {
                card: sid(&deck.location(d).id),
            });
        }
        for a in g.choose_multiple(probe, 6) {
            tries.push((seat, a.clone()));
        }
    }

    // After each refusal, the acting seat and the table are compared with their state before
    // (cheap); after the batch, the whole snapshot's JSON text. If that differs, the tries are
    // re-run one by one on a copy to name the culprit.
    let original = game.clone();
    let before = json(&game.snapshot());
    let mut tried = 0;
    let mut done = Vec::new();
    for (seat, a) in tries {
        if seat < n && is_listed(game, seat, &a, &legal[seat]) {
            continue;
        }
        match game.apply(seat, &a) {
            Ok(events) => {
                panic!("{ctx} seat {seat}: unlisted action {a:?} was accepted: {events:?}")
            }
            Err(e) => {
                if seat >= n {
                    let want = if game.is_over() {
                        ActionError::GameOver
                    } else {
                        ActionError::NoSuchSeat(seat)
                    };
                    assert_eq!(e, want, "{ctx} seat {seat} {a:?}");
                }
            }
        }
        let (now, was) = (game.state(), original.state());
        let same = now.phase == was.phase
            && now.piles == was.piles
            && now.discard == was.discard
            && now.equipment == was.equipment
            && (now.towers_left, now.silos_left) == (was.towers_left, was.silos_left)
            && (&now.row, &now.row_pile) == (&was.row, &was.row_pile)
            && (seat >= n || now.players[seat] == was.players[seat]);
        if !same {
            panic!(
                "{ctx} seat {seat}: refused {a:?} changed the game:\n{before}\n{}",
                json(&game.snapshot())
            );
        }
        done.push((seat, a));
        tried += 1;
    }
    if json(&game.snapshot()) != before {
        for (seat, a) in &done {
            let mut g = original.clone();
            let _ = g.apply(*seat, a);
            if json(&g.snapshot()) != before {
                panic!(
                    "{ctx} seat {seat}: refused {a:?} changed the game:\n{before}\n{}",
                    json(&g.snapshot())
                );
            }
        }
        panic!("{ctx} a sequence of refused actions changed the game: {done:?}");
    }
    tried
}

/// Every action of a broad family (every design, every space of the farm and around it, every
/// split, every tower combination, every tile, 0-2 repeats...) is accepted exactly when it is
/// listed: the list leaves out nothing a player could do (except the forms `is_listed` accepts)
/// and refusals change nothing. Returns how many were refused.
fn listed_is_exactly_accepted(game: &mut Game, legal: &[Vec<Action>], ctx: Ctx) -> usize {
    let deck = game.deck_arc().clone();
    let hs = game.hand_size();
    let mut refused = 0;
    for (seat, listed) in legal.iter().enumerate() {
        let p = game.state().players[seat].clone();
        let mut spaces: Vec<Pos> = p.farm.build_spaces();
        spaces.extend(p.farm.cells.iter().map(|c| c.pos));
        let towers: Vec<Pos> = p
            .farm
            .cells
            .iter()
            .filter(|c| c.card == CellCard::WaterTower)
            .map(|c| c.pos)
            .collect();
        let mut aside: Vec<EquipIdx> = p.set_aside.clone();
        aside.sort_unstable();
        aside.dedup();
        let mut tile_sets: Vec<Vec<SmolStr>> = vec![vec![]];
        for (i, &a) in aside.iter().enumerate() {
            tile_sets.push(vec![sid(&deck.equip(a).id)]);
            for &b in &aside[i + 1..] {
                tile_sets.push(vec![sid(&deck.equip(a).id), sid(&deck.equip(b).id)]);
                tile_sets.push(vec![sid(&deck.equip(b).id), sid(&deck.equip(a).id)]);
            }
        }
        let mut all: Vec<Action> = vec![Action::EndHarvest];
        all.extend(card_candidates(&deck));
        if matches!(game.phase(), Phase::Upkeep { .. }) {
            all.extend(split_candidates(hs));
            // Income Water: every multiset of 0-3 towers.
            let mut sets: Vec<Vec<Pos>> = vec![vec![]];
            for _ in 0..3 {
                let longer: Vec<Vec<Pos>> = sets
                    .iter()
                    .flat_map(|v| {
                        towers
                            .iter()
                            .filter(move |&&t| v.last().is_none_or(|&l| l <= t))
                            .map(move |&t| {
                                let mut w = v.clone();
                                w.push(t);
                                w
                            })
                    })
                    .collect();
                sets.extend(longer);
            }
            sets.dedup();
            all.extend(sets.into_iter().map(|towers| Action::PlaceWater { towers }));
        }
        for &pos in &spaces {
            for extra in 0..=2 {
                for t in &tile_sets {
                    all.push(Action::Build {
                        pos,
                        water: vec![],
                        extra,
                        equipment: t.clone(),
                    });
                }
                all.push(Action::Harvest {
                    pos,
                    water: vec![],
                    extra,
                });
            }
            for t in &tile_sets {
                all.extend(tower_and_silo(pos, t));
            }
            all.push(Action::Restore { pos });
        }
        // Placing a kept tile is tried only while the seat has an Equipment offer.
        let places: Vec<Pos> = if p.offer.is_empty() {
            vec![]
        } else {
            p.farm.cells.iter().map(|c| c.pos).collect()
        };
        all.extend(market_and_equipment_candidates(&deck, &places));
        let was = game.state().clone();
        for a in all {
            if is_listed(game, seat, &a, listed) {
                continue;
            }
            if let Ok(events) = game.apply(seat, &a) {
                panic!(
                    "{ctx} seat {seat}: {a:?} is not listed but was accepted: {events:?}\nlisted: {:?}",
                    listed
                );
            }
            if game.state().players[seat] != was.players[seat] || game.state().phase != was.phase {
                panic!("{ctx} seat {seat}: refused {a:?} changed the game");
            }
            refused += 1;
        }
        assert!(
            *game.state() == was,
            "{ctx} seat {seat}: the sweep changed the game"
        );
    }
    refused
}

// ------------------------------------------------------------------------------- hidden information

/// Where a card hidden from the viewer lies.
#[derive(Clone, Copy)]
enum Slot {
    Hand(usize, usize),
    Selected(usize),
    RowPile(usize),
}

fn get(st: &State, slot: Slot) -> DesignIdx {
    match slot {
        Slot::Hand(t, i) => st.players[t].hand[i],
        Slot::Selected(t) => st.players[t].selected.expect("slot exists"),
        Slot::RowPile(i) => st.row_pile[i],
    }
}

fn set(st: &mut State, slot: Slot, d: DesignIdx) {
    match slot {
        Slot::Hand(t, i) => st.players[t].hand[i] = d,
        Slot::Selected(t) => st.players[t].selected = Some(d),
        Slot::RowPile(i) => st.row_pile[i] = d,
    }
}

/// Another state the viewer (`None`: nobody) cannot tell apart from `snap`: the piles' order and
/// which cards are in the piles, in other players' hands and face-down selections and in the
/// 2-player face-down pile are shuffled together (a card stays in its own kind of pile); the
/// Equipment stack and other players' drawn tiles are shuffled together. Sizes and multisets stay
/// the same, so the state stays valid. A hand the viewer held earlier in the year (`known`, ruling
/// 7) keeps its cards; only which of them is its holder's face-down selection is shuffled.
fn disguise(
    deck: &Deck,
    snap: &GameSnapshot,
    viewer: Option<usize>,
    known: &[bool],
    rng: &mut ChaCha8Rng,
) -> GameSnapshot {
    let mut snap = snap.clone();
    let st = &mut snap.state;
    let n = st.players.len();
    for t in (0..n).filter(|&t| known.get(t) == Some(&true)) {
        let p = &mut st.players[t];
        if let Some(sel) = p.selected {
            p.hand.push(sel);
            p.hand.shuffle(rng);
            p.selected = p.hand.pop();
            p.hand.sort_unstable();
        }
    }
    let mut slots = Vec::new();
    for t in (0..n).filter(|&t| Some(t) != viewer && known.get(t) != Some(&true)) {
        let p = &st.players[t];
        slots.extend((0..p.hand.len()).map(|i| Slot::Hand(t, i)));
        if p.selected.is_some() {
            slots.push(Slot::Selected(t));
        }
    }
    slots.extend((0..st.row_pile.len()).map(Slot::RowPile));

    // Exchange cards between the piles and the hidden slots, kind by kind.
    for k in 0..4 {
        let mine: Vec<Slot> = slots
            .iter()
            .copied()
            .filter(|&s| deck.location(get(st, s)).pile.index() == k)
            .collect();
        let mut cards: Vec<DesignIdx> = st.piles[k].clone();
        cards.extend(mine.iter().map(|&s| get(st, s)));
        cards.shuffle(rng);
        let (top, rest) = cards.split_at(st.piles[k].len());
        st.piles[k] = top.to_vec();
        for (&s, &d) in mine.iter().zip(rest) {
            set(st, s, d);
        }
    }
    // Then shuffle the hidden slots among themselves, whatever their kind.
    let mut cards: Vec<DesignIdx> = slots.iter().map(|&s| get(st, s)).collect();
    cards.shuffle(rng);
    for (&s, &d) in slots.iter().zip(&cards) {
        set(st, s, d);
    }
    // The engine keeps hands sorted.
    for t in (0..n).filter(|&t| Some(t) != viewer) {
        st.players[t].hand.sort_unstable();
    }

    // The Equipment stack and other players' offers.
    let mut tiles: Vec<EquipIdx> = st.equipment.iter().copied().collect();
    for t in (0..n).filter(|&t| Some(t) != viewer) {
        tiles.extend(&st.players[t].offer);
    }
    tiles.shuffle(rng);
    let mut it = tiles.into_iter();
    for e in st.equipment.iter_mut() {
        *e = it.next().expect("same count");
    }
    for t in (0..n).filter(|&t| Some(t) != viewer) {
        for e in st.players[t].offer.iter_mut() {
            *e = it.next().expect("same count");
        }
    }
    snap
}

/// For each seat, a disguised game gives the same player view; a game disguised for nobody gives
/// the same public view. Views are compared as values (`PartialEq`, which implies equal JSON);
/// with `exact` also as JSON text. Returns (checks, checks where the state really changed).
fn views_hide_secrets(game: &Game, rng: &mut ChaCha8Rng, exact: bool, ctx: Ctx) -> (usize, usize) {
    let deck = game.deck_arc();
    let snap = game.snapshot();
    let public = game.public_view();
    let mut changed = 0;
    let mut checks = 0;
    for viewer in (0..game.players()).map(Some).chain([None]) {
        let known = known_hands(game, viewer);
        let other = disguise(deck, &snap, viewer, &known, rng);
        let secret = |g: &GameSnapshot| {
            let p: Vec<_> = g
                .state
                .players
                .iter()
                .map(|p| (p.hand.clone(), p.selected, p.offer.clone()))
                .collect();
            (p, g.state.row_pile.clone())
        };
        // Count the disguises that changed more than the piles' order.
        if secret(&other) != secret(&snap) {
            changed += 1;
        }
        let twin = Game::from_snapshot(deck.clone(), other.clone())
            .unwrap_or_else(|e| panic!("{ctx} disguised state for {viewer:?} refused: {e}"));
        match viewer {
            Some(s) => {
                let view = game.player_view(s);
                assert!(
                    view.table == public,
                    "{ctx} seat {s}'s view has another table than the public view"
                );
                let what = format!("{ctx} seat {s}'s view");
                same_in_twin(&what, &view, &twin.player_view(s), exact, || {
                    diff_hint(&snap, &other)
                });
            }
            None => {
                let what = format!("{ctx} the public view");
                same_in_twin(&what, &public, &twin.public_view(), exact, || {
                    diff_hint(&snap, &other)
                });
            }
        }
        checks += 1;
    }
    (checks, changed)
}

fn diff_hint(a: &GameSnapshot, b: &GameSnapshot) -> String {
    let mut out = String::new();
    for (t, (p, q)) in a.state.players.iter().zip(&b.state.players).enumerate() {
        if p.hand != q.hand || p.selected != q.selected || p.offer != q.offer {
            out += &format!(
                " seat {t}: hand {:?}/{:?} selected {:?}/{:?} offer {:?}/{:?}\n",
                p.hand, q.hand, p.selected, q.selected, p.offer, q.offer
            );
        }
    }
    out
}

// ------------------------------------------------------------------------------- the end

fn check_end(game: &Game, ctx: Ctx) {
    let s = game.state();
    let deck = game.deck();
    let pads = game
        .scores()
        .unwrap_or_else(|| panic!("{ctx} ended without scores"));
    assert_eq!(pads.len(), game.players(), "{ctx} one score pad per seat");
    for (seat, (pad, p)) in pads.iter().zip(&s.players).enumerate() {
        assert_eq!(pad.seat, seat, "{ctx}");
        let lines = pad.cards
            + pad.tokens
            + pad.equipment
            + pad.money
            + pad.food
            + pad.water_towers
            + pad.game_end_total;
        assert_eq!(
            pad.total, lines,
            "{ctx} seat {seat}: total is not the sum of the lines: {pad:?}"
        );
        let game_end: u32 = pad.game_end.iter().map(|l| l.vp).sum();
        assert_eq!(
            pad.game_end_total, game_end,
            "{ctx} seat {seat}: Game End lines"
        );
        // Ruling 18, line by line, from the state.
        let face_up_vp: u32 = p
            .farm
            .cells
            .iter()
            .filter(|c| c.face_up)
            .filter_map(|c| {
                if let CellCard::Location(d) = c.card {
                    Some(deck.location(d).vp as u32)
                } else {
                    None
                }
            })
            .sum();
        assert_eq!(pad.cards, face_up_vp, "{ctx} seat {seat}: printed VP");
        assert_eq!(pad.tokens, p.vp_tokens, "{ctx} seat {seat}: VP tokens");
        assert_eq!(
            pad.set_aside,
            p.set_aside.len() as u32,
            "{ctx} seat {seat}: set-aside Equipment"
        );
        assert!(
            pad.equipment >= pad.set_aside,
            "{ctx} seat {seat}: Equipment line"
        );
        assert_eq!(
            pad.coins + pad.coins_paid,
            p.coins,
            "{ctx} seat {seat}: coins"
        );
        assert_eq!(
            pad.money,
            pad.coins / 3,
            "{ctx} seat {seat}: 1 VP per 3 coins"
        );
        assert_eq!(pad.food, p.food / 2, "{ctx} seat {seat}: 1 VP per 2 Food");
        let empty = p
            .farm
            .cells
            .iter()
            .filter(|c| c.card == CellCard::WaterTower && c.water == 0)
            .count() as u32;
        assert_eq!(
            pad.water_towers, empty,
            "{ctx} seat {seat}: empty Water Towers"
        );
        let locations = p.farm.cells.iter().filter(|c| c.face_up).count() as u32;
        assert_eq!(
            pad.locations, locations,
            "{ctx} seat {seat}: tie-break locations (ruling 19)"
        );
    }
    // Ruling 19, recomputed.
    let best = pads.iter().map(|p| p.total).max().unwrap();
    let mut tied: Vec<_> = pads.iter().filter(|p| p.total == best).collect();
    let mut why = TieBreak::None;
    if tied.len() > 1 {
        let most = tied.iter().map(|p| p.locations).max().unwrap();
        tied.retain(|p| p.locations == most);
        why = TieBreak::Locations;
    }
    if tied.len() > 1 {
        let richest = tied.iter().map(|p| p.coins).max().unwrap();
        tied.retain(|p| p.coins == richest);
        why = TieBreak::Coins;
    }
    if tied.len() > 1 {
        why = TieBreak::Shared;
    }
    let want: Vec<usize> = tied.iter().map(|p| p.seat).collect();
    assert_eq!(game.winners(), Some((want.clone(), why)), "{ctx} winners");
    for &w in &want {
        assert_eq!(pads[w].total, best, "{ctx} a winner without the best total");
    }
    let public = game.public_view();
    assert_eq!(public.scores.as_deref(), Some(pads), "{ctx} public scores");
    assert_eq!(
        public.waiting_for,
        Vec::<usize>::new(),
        "{ctx} waiting after the end"
    );
    for seat in 0..game.players() {
        assert!(
            game.legal_actions(seat).is_empty(),
            "{ctx} seat {seat} has legal actions after the end"
        );
    }
}

// ------------------------------------------------------------------------------- the tests

#[test]
fn playouts_2_players() {
    run(2);
}

#[test]
fn playouts_3_players() {
    run(3);
}

#[test]
fn playouts_4_players() {
    run(4);
}

#[test]
fn playouts_5_players() {
    run(5);
}

#[test]
fn playouts_6_players() {
    run(6);
}
