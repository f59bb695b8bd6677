//! Seeded random playouts to the end of the game for every player count (2-6), with checks after
//! every step (ARCHITECTURE.md "Tests, in layers"): the engine's own invariant check plus an
//! independent count of every card, tile, Water Tower and Silo, storage caps read from the views,
//! hand sizes, snapshot round trips, refused actions leaving the game untouched, every listed
//! action being accepted, and views that leak nothing hidden.
//!
//! Cost control (the suite must stay well under a minute on 2 cores): the cheap checks run after
//! every step of every game. The expensive ones (snapshot JSON round trip, refused actions, "every
//! legal action is accepted", hidden-information views) run after EVERY step for the first
//! `FULL_GAMES` seeds of each configuration, and after every `SAMPLE_EVERY`-th step (plus the
//! first and last) for the other games.
//!
//! A failure names the player count, mode, seed, first player and step: `replay(players, intro,
//! seed)` below reproduces the game exactly (the moves come from `ChaCha8Rng::seed_from_u64(seed)`,
//! the test's own probing from a separate generator, so probing never changes the moves).

use farmhand::games::fields_of_green::cards::{DesignIdx, EquipIdx};
use farmhand::games::fields_of_green::farm::CellCard;
use farmhand::games::fields_of_green::game::{State, TieBreak, hand_size};
use farmhand::games::fields_of_green::view::PublicView;
use farmhand::games::fields_of_green::{Action, ActionError, Deck, Game, GameSnapshot, Options, Phase, Pos, sim};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use smol_str::SmolStr;
use std::collections::BTreeSet;
use std::sync::Arc;

/// Games per player count.
const GAMES: u64 = 200;
/// Seeds `0..FULL_GAMES` of each player count get every expensive check after every step.
const FULL_GAMES: u64 = 12;
/// The other games get the expensive checks after every `SAMPLE_EVERY`-th step.
const SAMPLE_EVERY: usize = 10;

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
    view_checks: usize,
    /// View checks where the disguised state really differed from the real one.
    disguised: usize,
}

/// The options of game `seed` of a configuration: the first player rotates with the seed; with
/// 2-4 players, every fourth game uses introductory mode (ruling 5).
fn options(players: u8, seed: u64) -> Options {
    Options { players, intro: players <= 4 && seed % 4 == 3, first_player: (seed % players as u64) as u8 }
}

fn run(players: u8) -> Stats {
    let deck = Deck::default_deck();
    let mut stats = Stats::default();
    for seed in 0..GAMES {
        play_one(&deck, players, seed, &mut stats);
    }
    eprintln!("{players} players: {stats:?}");
    assert_eq!(stats.games, GAMES);
    assert!(stats.disguised > 0, "the hidden-information check never changed anything");
    stats
}

fn play_one(deck: &Arc<Deck>, players: u8, seed: u64, stats: &mut Stats) {
    let opts = options(players, seed);
    let mut ctx = Ctx { players, intro: opts.intro, seed, first_player: opts.first_player, step: 0 };
    let mut game = Game::new(deck.clone(), opts, seed).unwrap_or_else(|e| panic!("{ctx} Game::new: {e}"));
    let mut moves = ChaCha8Rng::seed_from_u64(seed);
    let mut probe = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let full = seed < FULL_GAMES;
    let mut stale: Vec<(usize, Action)> = Vec::new();

    check_cheap(&game, ctx);
    check_expensive(&mut game, ctx, full, &mut probe, &mut stale, stats);
    while let Some((seat, action)) = sim::random_step(&game, &mut moves) {
        if let Err(e) = game.apply(seat, &action) {
            panic!("{ctx} seat {seat} listed {action:?} but apply refused it: {e}");
        }
        ctx.step += 1;
        check_cheap(&game, ctx);
        if full || ctx.step % SAMPLE_EVERY == 0 || game.is_over() {
            check_expensive(&mut game, ctx, full, &mut probe, &mut stale, stats);
        }
        assert!(ctx.step < 5_000, "{ctx} the game does not end");
    }
    assert!(game.is_over(), "{ctx} no seat has a legal action but the game is in {:?}", game.phase());
    check_end(&game, ctx);
    stats.games += 1;
    stats.steps += ctx.step;
}

/// Replays game `seed` of a configuration up to `step` (for reproducing a failure by hand).
#[allow(dead_code)]
fn replay(players: u8, seed: u64, step: usize) -> Game {
    let mut game = Game::new(Deck::default_deck(), options(players, seed), seed).unwrap();
    let mut moves = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..step {
        let (seat, action) = sim::random_step(&game, &mut moves).expect("the game ended earlier");
        game.apply(seat, &action).unwrap();
    }
    game
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
    let loose = s.piles.iter().flatten().chain(&s.discard).chain(&s.row).chain(&s.row_pile);
    for &d in loose {
        cards[d as usize] += 1;
    }
    for &e in s.equipment.iter().chain(&s.equipment_discard) {
        tiles[e as usize] += 1;
    }
    for p in &s.players {
        for &d in p.hand.iter().chain(p.selected.iter()).chain(p.revealed.iter()) {
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
            return Err(format!("{}: {} cards in play, {} printed", def.id, cards[d], def.copies));
        }
    }
    for (e, def) in deck.equipment.iter().enumerate() {
        if tiles[e] != def.copies as usize {
            return Err(format!("Equipment {}: {} tiles in play, {} printed", def.id, tiles[e], def.copies));
        }
    }
    if towers + s.towers_left as usize != deck.supply.water_towers as usize {
        return Err(format!("{towers} towers in farms + {} left != {}", s.towers_left, deck.supply.water_towers));
    }
    if silos + s.silos_left as usize != deck.supply.silos as usize {
        return Err(format!("{silos} Silos in farms + {} left != {}", s.silos_left, deck.supply.silos));
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
            return Err(format!("seat {seat} has {} Equipment tiles to choose from", p.offer.len()));
        }
        if p.coins > 10_000 || p.food > 10_000 || p.vp_tokens > 10_000 {
            return Err(format!("seat {seat}: absurd resources (wrapped?) {} {} {}", p.coins, p.food, p.vp_tokens));
        }
    }
    match s.phase {
        Phase::Upkeep { next } => {
            if next as usize > n {
                return Err(format!("upkeep next {next}"));
            }
            let order = game.turn_order();
            for (k, &seat) in order.iter().enumerate() {
                let p = &s.players[seat];
                let drawn = (k as u8) < next;
                if drawn != p.split.is_some() {
                    return Err(format!("upkeep next {next}: seat {seat} (turn order {k}) split {:?}", p.split));
                }
                let want: usize = p.split.map_or(0, |sp| sp.iter().map(|&c| c as usize).sum());
                if p.hand.len() != want {
                    return Err(format!("seat {seat} holds {} cards after drawing {:?}", p.hand.len(), p.split));
                }
                if p.selected.is_some() || p.revealed.is_some() || !p.offer.is_empty() {
                    return Err(format!("seat {seat} has a card or tiles in play during the upkeep"));
                }
            }
            if !s.row.is_empty() || !s.row_pile.is_empty() {
                return Err("the 2-player row holds cards during the upkeep".into());
            }
        }
        Phase::Action { turn } => {
            if n < 3 || turn == 0 || turn as usize > hs + 1 {
                return Err(format!("action turn {turn} with {n} players"));
            }
            for (seat, p) in s.players.iter().enumerate() {
                let held = p.hand.len() + p.selected.is_some() as usize;
                if held != hs + 1 - turn as usize {
                    return Err(format!("seat {seat} holds {held} cards on turn {turn}"));
                }
            }
            if !s.row.is_empty() || !s.row_pile.is_empty() {
                return Err("the 2-player row holds cards with 3+ players".into());
            }
        }
        Phase::Duel { current, picks, taken } => {
            if n != 2 || current > 1 {
                return Err(format!("duel with {n} players, current {current}"));
            }
            if s.row.len() + s.row_pile.len() + picks as usize != 2 * hs {
                return Err(format!("row {} + pile {} + picks {picks} != {}", s.row.len(), s.row_pile.len(), 2 * hs));
            }
            for (seat, p) in s.players.iter().enumerate() {
                if !p.hand.is_empty() || p.selected.is_some() {
                    return Err(format!("seat {seat} holds a hand in the 2-player action phase"));
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
    let sizes = [s.piles[0].len(), s.piles[1].len(), s.piles[2].len(), s.piles[3].len()];
    if view.piles != sizes || view.equipment_left != s.equipment.len() || view.row_pile != s.row_pile.len() {
        return Err("public pile / stack sizes disagree with the state".into());
    }
    if view.water_towers_left != s.towers_left || view.silos_left != s.silos_left {
        return Err("public supply disagrees with the state".into());
    }
    if view.seats.len() != s.players.len() {
        return Err("a seat is missing from the public view".into());
    }
    for (seat, (v, p)) in view.seats.iter().zip(&s.players).enumerate() {
        if v.coins != p.coins || v.food != p.food || v.vp_tokens != p.vp_tokens || v.hand_size != p.hand.len() {
            return Err(format!("seat {seat}: public resources disagree with the state"));
        }
        if v.has_selected != p.selected.is_some() || v.equipment_offer != p.offer.len() {
            return Err(format!("seat {seat}: public selection / offer counts disagree with the state"));
        }
        // Ruling 3 / 12: Food is one pool, capped by the Silos.
        if v.food > v.food_capacity {
            return Err(format!("seat {seat}: {} Food in Silos holding {}", v.food, v.food_capacity));
        }
        let silos = p.farm.cells.iter().filter(|c| c.card == CellCard::Silo).count() as u32;
        if v.food_capacity < silos * game.deck().supply.silo_capacity as u32 {
            return Err(format!("seat {seat}: {silos} Silos hold only {}", v.food_capacity));
        }
        if v.farm.cells.len() != p.farm.cells.len() {
            return Err(format!("seat {seat}: farm view has {} cards, farm {}", v.farm.cells.len(), p.farm.cells.len()));
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
                        return Err(format!("seat {seat}: tower at {:?} holds {}/{}", c.pos, cv.water, cv.capacity));
                    }
                    if !c.face_up {
                        return Err(format!("seat {seat}: a face-down Water Tower at {:?}", c.pos));
                    }
                }
                CellCard::Silo if !c.face_up => return Err(format!("seat {seat}: a face-down Silo at {:?}", c.pos)),
                _ => {
                    if c.water != 0 {
                        return Err(format!("seat {seat}: Water on a card that is not a tower at {:?}", c.pos));
                    }
                }
            }
            // Ruling 15: an Open Area has no Equipment; ruling 17: at most 2, never two alike.
            if (!c.face_up && !c.equipment.is_empty())
                || c.equipment.len() > 2
                || (c.equipment.len() == 2 && c.equipment[0] == c.equipment[1])
            {
                return Err(format!("seat {seat}: bad Equipment {:?} at {:?}", c.equipment, c.pos));
            }
        }
        // Ruling 10: every card but the first touches an earlier one (farms grow by adjacency).
        for (i, c) in p.farm.cells.iter().enumerate().skip(1) {
            if !p.farm.cells.iter().any(|o| o.pos.is_adjacent(c.pos)) {
                return Err(format!("seat {seat}: card {i} at {:?} touches no other card", c.pos));
            }
        }
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
    *stale = legal.iter().enumerate().flat_map(|(s, l)| l.iter().map(move |a| (s, a.clone()))).collect();
    let (checks, disguised) = views_hide_secrets(game, probe, exact, ctx);
    stats.view_checks += checks;
    stats.disguised += disguised;
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("serializes")
}

/// snapshot -> JSON -> snapshot -> `Game::from_snapshot` gives the same game.
fn round_trip(game: &Game, ctx: Ctx) {
    let text = json(&game.snapshot());
    let snap: GameSnapshot = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{ctx} snapshot JSON does not parse: {e}"));
    assert!(snap == game.snapshot(), "{ctx} the snapshot changed in a JSON round trip");
    let back = Game::from_snapshot(game.deck_arc().clone(), snap).unwrap_or_else(|e| panic!("{ctx} from_snapshot: {e}"));
    assert!(back == *game, "{ctx} the restored game differs");
    assert_eq!(json(&back.snapshot()), text, "{ctx} the restored game serializes differently");
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
    if legal.iter().any(|l| canonical(l) == c) {
        return true;
    }
    if let Action::Select { card } = a
        && let Some(d) = game.deck().location_by_id(card)
    {
        let p = &game.state().players[seat];
        let drafting = matches!(*game.phase(), Phase::Action { turn } if turn <= game.hand_size());
        return drafting && p.offer.is_empty() && p.selected == Some(d) && p.hand.contains(&d);
    }
    false
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
        for a in actions.choose_multiple(probe, 3) {
            tries.push(((seat + 1 + probe.random_range(0..n - 1)) % n, a.clone()));
        }
    }
    tries.extend(stale.choose_multiple(probe, 6).cloned());

    // Seats that do not exist.
    let any = legal.iter().flatten().next().cloned().unwrap_or(Action::EndHarvest);
    for seat in [n, n + 1, usize::MAX] {
        tries.push((seat, any.clone()));
        tries.push((seat, Action::EndHarvest));
    }

    // Garbage, for every seat.
    let not_offered = |offer: &[EquipIdx]| {
        (0..deck.equipment.len()).find(|&e| !offer.contains(&(e as EquipIdx))).map(|e| sid(&deck.equipment[e].id))
    };
    for seat in 0..n {
        let p = &game.state().players[seat];
        let space = p.farm.build_spaces()[0];
        let mut g: Vec<Action> = vec![
            Action::Select { card: sid("no_such_card") },
            Action::Pick { card: sid("no_such_card") },
            Action::Equipment { keep: sid("no_such_tile"), place: None },
            Action::Build { pos: far, water: vec![], extra: 0, equipment: vec![] },
            Action::Build { pos: Pos::new(0, 0), water: vec![], extra: 0, equipment: vec![] },
            Action::Build { pos: Pos::new(i8::MAX, i8::MIN), water: vec![], extra: 0, equipment: vec![] },
            Action::Build { pos: space, water: vec![], extra: 200, equipment: vec![] },
            Action::Build { pos: space, water: vec![far], extra: 0, equipment: vec![] },
            Action::Build { pos: space, water: vec![], extra: 0, equipment: vec![sid("no_such_tile")] },
            Action::WaterTower { pos: far, equipment: vec![] },
            Action::WaterTower { pos: Pos::new(1, 0), equipment: vec![] },
            Action::Silo { pos: Pos::new(0, 0), equipment: vec![] },
            Action::Silo { pos: Pos::new(-100, 3), equipment: vec![] },
            Action::Restore { pos: Pos::new(0, 0) },
            Action::Restore { pos: far },
            Action::Market { food: 3 },
            Action::Market { food: u8::MAX },
            Action::Draw { split: [6, 6, 6, 6] },
            Action::Draw { split: [hs, 0, 0, 0] },
            Action::Draw { split: [hs + 1, 0, 0, 0] },
            Action::Draw { split: [0, 0, 0, 0] },
            Action::Draw { split: [1, 1, 1, 1] },
            Action::Draw { split: [255, 255, 1, 1] },
            Action::Harvest { pos: Pos::new(0, 0), water: vec![], extra: 0 },
            Action::Harvest { pos: Pos::new(1, 0), water: vec![], extra: 0 },
            Action::Harvest { pos: far, water: vec![], extra: 0 },
            Action::PlaceWater { towers: vec![far] },
            Action::PlaceWater { towers: vec![Pos::new(0, 0); 5] },
            Action::PlaceWater { towers: vec![] },
            Action::EndHarvest,
        ];
        if p.food < 2 {
            g.push(Action::Market { food: p.food as u8 + 1 });
        }
        if let Some(keep) = not_offered(&p.offer) {
            g.push(Action::Equipment { keep: keep.clone(), place: None });
            if let Some(c) = p.farm.cells.first() {
                g.push(Action::Equipment { keep, place: Some(c.pos) });
            }
        }
        if let Some(&e) = p.offer.first() {
            g.push(Action::Equipment { keep: sid(&deck.equip(e).id), place: Some(far) });
        }
        // A location without a Harvest ability, and a harvest card asked for too many repeats.
        for c in &p.farm.cells {
            if let CellCard::Location(d) = c.card {
                let timing = deck.location(d).timing();
                if timing != Some(farmhand::games::fields_of_green::effects::Timing::Harvest) || !c.face_up {
                    g.push(Action::Harvest { pos: c.pos, water: vec![], extra: 0 });
                } else {
                    g.push(Action::Harvest { pos: c.pos, water: vec![], extra: 200 });
                }
            }
        }
        // A card that is not in hand / not in the row.
        if let Some(d) = (0..deck.locations.len() as DesignIdx).find(|d| !p.hand.contains(d) && p.selected != Some(*d)) {
            g.push(Action::Select { card: sid(&deck.location(d).id) });
        }
        if let Some(d) = (0..deck.locations.len() as DesignIdx).find(|d| !game.state().row.contains(d)) {
            g.push(Action::Pick { card: sid(&deck.location(d).id) });
        }
        for a in g.choose_multiple(probe, 12) {
            tries.push((seat, a.clone()));
        }
    }

    // Each refusal is checked against the whole state (exact, and cheaper than JSON); the batch
    // ends with a comparison of the snapshots' JSON text.
    let before = json(&game.snapshot());
    let before_state = game.state().clone();
    let mut tried = 0;
    for (seat, a) in tries {
        if seat < n && is_listed(game, seat, &a, &legal[seat]) {
            continue;
        }
        match game.apply(seat, &a) {
            Ok(events) => panic!("{ctx} seat {seat}: unlisted action {a:?} was accepted: {events:?}"),
            Err(e) => {
                if seat >= n {
                    let want = if game.is_over() { ActionError::GameOver } else { ActionError::NoSuchSeat(seat) };
                    assert_eq!(e, want, "{ctx} seat {seat} {a:?}");
                }
            }
        }
        if *game.state() != before_state {
            let after = json(&game.snapshot());
            panic!("{ctx} seat {seat}: refused {a:?} changed the game:\n{before}\n{after}");
        }
        tried += 1;
    }
    assert_eq!(json(&game.snapshot()), before, "{ctx} refused actions changed the snapshot");
    tried
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
/// the same, so the state stays valid.
fn disguise(deck: &Deck, snap: &GameSnapshot, viewer: Option<usize>, rng: &mut ChaCha8Rng) -> GameSnapshot {
    let mut snap = snap.clone();
    let st = &mut snap.state;
    let n = st.players.len();
    let mut slots = Vec::new();
    for t in (0..n).filter(|&t| Some(t) != viewer) {
        let p = &st.players[t];
        slots.extend((0..p.hand.len()).map(|i| Slot::Hand(t, i)));
        if p.selected.is_some() {
            slots.push(Slot::Selected(t));
        }
    }
    slots.extend((0..st.row_pile.len()).map(Slot::RowPile));

    // Exchange cards between the piles and the hidden slots, kind by kind.
    for k in 0..4 {
        let mine: Vec<Slot> = slots.iter().copied().filter(|&s| deck.location(get(st, s)).pile.index() == k).collect();
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
        let other = disguise(deck, &snap, viewer, rng);
        if other != snap {
            changed += 1;
        }
        let twin = Game::from_snapshot(deck.clone(), other.clone())
            .unwrap_or_else(|e| panic!("{ctx} disguised state for {viewer:?} refused: {e}"));
        match viewer {
            Some(s) => {
                let view = game.player_view(s);
                assert!(view.table == public, "{ctx} seat {s}'s view has another table than the public view");
                let seen = twin.player_view(s);
                if view != seen || (exact && json(&view) != json(&seen)) {
                    panic!(
                        "{ctx} seat {s}'s view depends on hidden information:\n real: {}\n twin: {}\n{}",
                        json(&view),
                        json(&seen),
                        diff_hint(&snap, &other)
                    );
                }
            }
            None => {
                let seen = twin.public_view();
                if public != seen || (exact && json(&public) != json(&seen)) {
                    panic!(
                        "{ctx} the public view depends on hidden information:\n real: {}\n twin: {}\n{}",
                        json(&public),
                        json(&seen),
                        diff_hint(&snap, &other)
                    );
                }
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
    let pads = game.scores().unwrap_or_else(|| panic!("{ctx} ended without scores"));
    assert_eq!(pads.len(), game.players(), "{ctx} one score pad per seat");
    for (seat, (pad, p)) in pads.iter().zip(&s.players).enumerate() {
        assert_eq!(pad.seat, seat, "{ctx}");
        let lines = pad.cards + pad.tokens + pad.equipment + pad.money + pad.food + pad.water_towers + pad.game_end_total;
        assert_eq!(pad.total, lines, "{ctx} seat {seat}: total is not the sum of the lines: {pad:?}");
        let game_end: u32 = pad.game_end.iter().map(|l| l.vp).sum();
        assert_eq!(pad.game_end_total, game_end, "{ctx} seat {seat}: Game End lines");
        // Ruling 18, line by line, from the state.
        let face_up_vp: u32 = p
            .farm
            .cells
            .iter()
            .filter(|c| c.face_up)
            .filter_map(|c| if let CellCard::Location(d) = c.card { Some(deck.location(d).vp as u32) } else { None })
            .sum();
        assert_eq!(pad.cards, face_up_vp, "{ctx} seat {seat}: printed VP");
        assert_eq!(pad.tokens, p.vp_tokens, "{ctx} seat {seat}: VP tokens");
        assert_eq!(pad.set_aside, p.set_aside.len() as u32, "{ctx} seat {seat}: set-aside Equipment");
        assert!(pad.equipment >= pad.set_aside, "{ctx} seat {seat}: Equipment line");
        assert_eq!(pad.coins + pad.coins_paid, p.coins, "{ctx} seat {seat}: coins");
        assert_eq!(pad.money, pad.coins / 3, "{ctx} seat {seat}: 1 VP per 3 coins");
        assert_eq!(pad.food, p.food / 2, "{ctx} seat {seat}: 1 VP per 2 Food");
        let empty = p.farm.cells.iter().filter(|c| c.card == CellCard::WaterTower && c.water == 0).count() as u32;
        assert_eq!(pad.water_towers, empty, "{ctx} seat {seat}: empty Water Towers");
        let locations = p.farm.cells.iter().filter(|c| c.face_up).count() as u32;
        assert_eq!(pad.locations, locations, "{ctx} seat {seat}: tie-break locations (ruling 19)");
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
    assert_eq!(public.waiting_for, Vec::<usize>::new(), "{ctx} waiting after the end");
    for seat in 0..game.players() {
        assert!(game.legal_actions(seat).is_empty(), "{ctx} seat {seat} has legal actions after the end");
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
