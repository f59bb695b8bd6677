//! Fields of Green in twin worlds (issue 44): nothing a seat cannot see may change what it is
//! shown, what it is asked, or what a bot or the coach decides for it.
//!
//! At every decision of seeded games, for the public and for each seat, a twin of the game is
//! built that the observer cannot tell from it: the cards of the hands it has not held this year
//! exchanged with one another, card for card within a pile's kind (a hand's kinds follow from the
//! public splits and reveals, rulings 4 and 7), each other seat's face-down pick exchanged with a
//! card of its own hand (ruling 7), and the hidden future: the order of every pile and of the
//! year's face-down row (rulings 2 and 21), pile cards exchanged with unseen hand cards of their
//! kind, the other seats' Equipment offers and the stack's order (the tiles the observer itself
//! was offered stay where they are: it knows where it put them, ruling 17), and the seed of later
//! shuffles. Both worlds must show the observer the same view, ask the same seats the same
//! thing, and, for a seat the game waits for, get the same decision from every bot level and
//! the same hint, through [`farmhand_games::bot_decision`] and [`farmhand_games::coach::hint`],
//! as the Discord layer takes them (the stand-in is the heuristic bot).
//!
//! Then the move is made in both worlds, with the same future (only the hands and picks differ),
//! and the observer must be shown the same events and the same view afterwards.

use farmhand_games::fields_of_green::bots::BotSpec;
use farmhand_games::fields_of_green::cards::{DesignIdx, EquipIdx};
use farmhand_games::fields_of_green::event::Direction;
use farmhand_games::fields_of_green::{Action, Deck, Event, Game, Options};
use farmhand_games::{bot_decision, coach};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use crate::twin_checks;

type Decider = twin_checks::Decider<Game, usize>;

fn bot(g: &Game, s: usize, name: &str) -> String {
    format!("{:?}", bot_decision(g, s, name))
}

/// The fast bot levels (the stand-in is the heuristic one), asked at every decision.
fn quick_deciders() -> Vec<Decider> {
    vec![
        ("random bot", |g, s| bot(g, s, "random")),
        ("heuristic bot (and stand-in)", |g, s| {
            bot(g, s, "heuristic")
        }),
    ]
}

/// The search bot and the hint: a second or so each, so asked at some decisions only.
fn slow_deciders() -> Vec<Decider> {
    vec![
        ("search bot", |g, s| bot(g, s, "search")),
        ("hint", |g, s| format!("{:?}", coach::hint(g, s))),
    ]
}

/// A card's place in a twin: a hand, a face-down pick, a pile, the 2-player face-down row.
#[derive(Clone, Copy)]
enum Slot {
    Hand(usize, usize),
    Selected(usize),
    Pile(usize, usize),
    RowPile(usize),
}

fn card_at(s: &farmhand_games::fields_of_green::game::State, slot: Slot) -> DesignIdx {
    match slot {
        Slot::Hand(q, i) => s.players[q].hand[i],
        Slot::Selected(q) => s.players[q].selected.expect("a pick"),
        Slot::Pile(k, i) => s.piles[k][i],
        Slot::RowPile(i) => s.row_pile[i],
    }
}

fn put_at(s: &mut farmhand_games::fields_of_green::game::State, slot: Slot, d: DesignIdx) {
    match slot {
        Slot::Hand(q, i) => s.players[q].hand[i] = d,
        Slot::Selected(q) => s.players[q].selected = Some(d),
        Slot::Pile(k, i) => s.piles[k][i] = d,
        Slot::RowPile(i) => s.row_pile[i] = d,
    }
}

/// A world `observer` (None: the public) cannot tell from `g`; with `future`, its hidden future
/// differs too. `offered[o]`: every Equipment tile seat `o` has been offered. `reveal`: the move
/// to come turns the picks face up and passes the hands (ruling 7), so the picks stay, and so
/// does the hand the observer is about to receive.
fn twin(
    g: &Game,
    observer: Option<usize>,
    future: bool,
    reveal: bool,
    offered: &[BTreeSet<EquipIdx>],
    rng: &mut ChaCha8Rng,
) -> Game {
    let deck = g.deck_arc().clone();
    let n = g.players();
    let known = crate::common::known_hands(g, observer);
    let mut snap = g.snapshot();
    let s = &mut snap.state;
    // Ruling 6: the seat whose hand comes to the observer at the pass.
    let giver = observer
        .filter(|_| reveal)
        .map(|o| match g.public_view().direction {
            Direction::Left => (o + n - 1) % n,
            Direction::Right => (o + 1) % n,
        });
    let unseen_hands: Vec<usize> = (0..n)
        .filter(|&q| Some(q) != observer && !known[q] && Some(q) != giver)
        .collect();
    let mut slots: Vec<Slot> = Vec::new();
    for &q in &unseen_hands {
        slots.extend((0..s.players[q].hand.len()).map(|i| Slot::Hand(q, i)));
        if s.players[q].selected.is_some() && !reveal {
            slots.push(Slot::Selected(q));
        }
    }
    if future {
        for k in 0..4 {
            slots.extend((0..s.piles[k].len()).map(|i| Slot::Pile(k, i)));
        }
        slots.extend((0..s.row_pile.len()).map(Slot::RowPile));
    }
    // Cards change places only within a pile's kind.
    let mut by_kind: HashMap<String, Vec<Slot>> = HashMap::new();
    for slot in slots {
        let kind = format!("{:?}", deck.location(card_at(s, slot)).pile);
        by_kind.entry(kind).or_default().push(slot);
    }
    for group in by_kind.values() {
        let mut cards: Vec<DesignIdx> = group.iter().map(|&slot| card_at(s, slot)).collect();
        cards.shuffle(rng);
        for (&slot, d) in group.iter().zip(cards) {
            put_at(s, slot, d);
        }
    }
    // Ruling 7: which card of its hand another seat picked face down is unknown to everyone.
    for q in (0..n).filter(|&q| Some(q) != observer && !reveal) {
        let p = &mut s.players[q];
        if let Some(sel) = p.selected {
            let i = rng.random_range(0..=p.hand.len());
            if i < p.hand.len() {
                p.selected = Some(p.hand[i]);
                p.hand[i] = sel;
            }
        }
    }
    if future {
        // Ruling 17: the other seats' offers and the stack, less what the observer was offered.
        let seen = observer.map(|o| offered[o].clone()).unwrap_or_default();
        // (None: the stack, Some(q): seat q's offer; the index there; the tile).
        let mut tiles: Vec<(Option<usize>, usize, EquipIdx)> = Vec::new();
        for (i, &e) in s.equipment.iter().enumerate() {
            if !seen.contains(&e) {
                tiles.push((None, i, e));
            }
        }
        for q in (0..n).filter(|&q| Some(q) != observer) {
            for (i, &e) in s.players[q].offer.iter().enumerate() {
                if !seen.contains(&e) {
                    tiles.push((Some(q), i, e));
                }
            }
        }
        let mut values: Vec<EquipIdx> = tiles.iter().map(|t| t.2).collect();
        values.shuffle(rng);
        for ((at, i, _), e) in tiles.into_iter().zip(values) {
            match at {
                None => s.equipment[i] = e,
                Some(q) => s.players[q].offer[i] = e,
            }
        }
        s.seed = rng.random();
    }
    Game::from_snapshot(deck, snap).expect("a twin keeps every invariant")
}

fn same_before(
    a: &Game,
    b: &Game,
    observer: Option<usize>,
    deciders: &[Decider],
) -> Result<(), String> {
    if a.public_view() != b.public_view() {
        return Err("the public view differs".to_string());
    }
    let Some(s) = observer else { return Ok(()) };
    if a.player_view(s) != b.player_view(s) {
        return Err(format!(
            "seat {s}'s view (its choices included) differs:\n  {:?}\n  {:?}",
            a.player_view(s),
            b.player_view(s)
        ));
    }
    if a.waiting_for().contains(&s) {
        twin_checks::same_decisions(a, b, s, deciders)?;
    }
    Ok(())
}

fn same_after(
    a: &Game,
    b: &Game,
    seat: usize,
    action: &Action,
    observer: Option<usize>,
) -> Result<(), String> {
    let Some((a, b, ev_a, ev_b)) =
        twin_checks::apply_in_both(a, b, seat, observer, |g| g.apply(seat, action))?
    else {
        return Ok(());
    };
    // Every Fields of Green event is public (an Equipment draw says how many, not which).
    if ev_a != ev_b {
        return Err(format!("the events differ:\n  {ev_a:?}\n  {ev_b:?}"));
    }
    if a.public_view() != b.public_view() {
        return Err("the public view after the move differs".to_string());
    }
    if let Some(s) = observer
        && a.player_view(s) != b.player_view(s)
    {
        return Err(format!("seat {s}'s view after the move differs"));
    }
    Ok(())
}

type Leak = twin_checks::Leak<usize, Action>;

/// One seeded game played by the heuristic and the random bot, checked in twins at every
/// decision; `slow` are asked every `every` decisions. Returns the twins compared.
fn play(
    players: u8,
    seed: u64,
    quick: &[Decider],
    slow: &[Decider],
    every: usize,
) -> Result<usize, Box<Leak>> {
    let deck: Arc<Deck> = Deck::default_deck();
    let options = Options::standard(players);
    let mut g = Game::new(deck.clone(), options, seed).expect("setup");
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x7715_0044);
    let observers: Vec<Option<usize>> = twin_checks::observers(players);
    let mut offered: Vec<BTreeSet<EquipIdx>> = vec![BTreeSet::new(); usize::from(players)];
    let mut compared = 0;
    let mut step = 0;
    loop {
        let waiting = g.waiting_for();
        let Some(&mover) = waiting.choose(&mut rng) else {
            break;
        };
        for (q, p) in g.state().players.iter().enumerate() {
            offered[q].extend(p.offer.iter().copied());
        }
        let leak = Leak::at(players, seed, step, mover);
        let mut deciders = quick.to_vec();
        if step % every == 0 {
            deciders.extend_from_slice(slow);
        }
        for &o in &observers {
            let b = twin(&g, o, true, false, &offered, &mut rng);
            same_before(&g, &b, o, &deciders).map_err(|w| leak(o, None, w))?;
            compared += 1;
        }
        let kind = if rng.random_bool(0.7) {
            "heuristic"
        } else {
            "random"
        };
        let action = BotSpec::parse(kind).expect("a bot").build().decide(
            &g.player_view(mover),
            &deck,
            &mut rng,
        );
        let reveal = g
            .clone()
            .apply(mover, &action)
            .expect("a bot's move is legal")
            .iter()
            .any(|e| matches!(e, Event::Revealed { .. }));
        for &o in &observers {
            let b = twin(&g, o, false, reveal, &offered, &mut rng);
            same_after(&g, &b, mover, &action, o).map_err(|w| leak(o, Some(action.clone()), w))?;
            compared += 1;
        }
        g.apply(mover, &action).expect("a bot's move is legal");
        step += 1;
    }
    assert!(g.is_over(), "the game waits for nobody before its end");
    Ok(compared)
}

fn games() -> impl Iterator<Item = (u8, u64)> {
    (2..=5u8).flat_map(|players| (0..2u64).map(move |seed| (players, 4400 + seed)))
}

#[test]
fn nothing_hidden_changes_what_anyone_sees_is_asked_or_is_advised() {
    let (quick, slow) = (quick_deciders(), slow_deciders());
    let all: Vec<(u8, u64)> = games().collect();
    let played = crate::common::on_every_core(&all, |i, (players, seed)| {
        // The search bot and the hint in one game of 2, 3 and 4 players, at every 80th decision
        // (they take about a second each, more at 5 players).
        let slow: &[Decider] = if i % 4 == 0 && players <= 4 {
            &slow
        } else {
            &[]
        };
        play(players, seed, &quick, slow, 80)
    });
    let compared = twin_checks::tally("Fields of Green", all.len(), played);
    assert!(compared > 5_000, "{compared} twins compared");
}

/// A planted peek: a bot that chooses by the next seat's hand.
fn peeks_at_a_hand(g: &Game, s: usize) -> String {
    let next = (s + 1) % g.players();
    let legal = g.legal_actions(s);
    let hand: usize = g.state().players[next]
        .hand
        .iter()
        .map(|&d| d as usize)
        .sum();
    twin_checks::peeked(&legal, hand)
}

/// A planted peek: a bot that chooses by the top card of a pile.
fn peeks_at_a_pile(g: &Game, s: usize) -> String {
    let legal = g.legal_actions(s);
    let top = g
        .state()
        .piles
        .iter()
        .find_map(|p| p.last())
        .copied()
        .unwrap_or(0);
    twin_checks::peeked(&legal, top as usize)
}

/// A planted peek: a bot seeded from the game's secret seed, as bot seats were before issue 44.
fn peeks_at_the_seed(g: &Game, s: usize) -> String {
    twin_checks::random_bot_from(g, s, ChaCha8Rng::seed_from_u64(g.seed()))
}

#[test]
fn a_bot_that_peeks_is_caught() {
    for (name, peek) in [
        ("a hand", peeks_at_a_hand as fn(&Game, usize) -> String),
        ("a pile", peeks_at_a_pile),
        ("the seed", peeks_at_the_seed),
    ] {
        let deciders: Vec<Decider> = vec![(twin_checks::PEEKING, peek)];
        let caught = twin_checks::peek_caught(games(), 3, |players, seed| {
            play(players, seed, &deciders, &[], 1)
        });
        assert!(caught, "the peek at {name} went unnoticed");
    }
}
