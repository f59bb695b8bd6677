//! Key Harvest in twin worlds (issue 44): nothing a seat cannot see may change what it is shown,
//! what it is asked, or what a bot or the coach decides for it (KH 68-70).
//!
//! At every decision of many seeded games, for the public and for each seat, a twin of the game is
//! built that the observer cannot tell from it: the other seats' unrevealed starting counters dealt
//! again among them (KH 12, 70), the events removed at setup swapped with events still in the bag
//! (KH 13, 69; not those everyone saw go back into it, KH 29, 61), and a new random stream for every draw still to come (the bag's order, KH 69).
//! Both worlds must then show the observer the same view (the public view, or the seat's own with
//! its legal choices), ask the same seat the same thing, and, when the observer is the seat to
//! move, get the same decision from every bot level and the same hint, taken through
//! [`farmhand_games::bot_decision`] and [`farmhand_games::coach::hint`] as the Discord layer
//! takes them (the stand-in is the heuristic bot).
//!
//! Then the move is made in both worlds: in the twin built for the step the draws to come are
//! the game's own (so both worlds draw the same tiles), and only the other seats' starting
//! counters differ. A move the twin refuses is one the mover could make only with counters it
//! holds in one world: that is the mover's own knowledge, not a leak. Otherwise the events the
//! observer is shown, and its view afterwards, must be the same.

use farmhand_games::key_harvest::bots::{BOT_NAMES, by_name};
use farmhand_games::key_harvest::{Action, Board, Counters, Event, Game, Options, Phase, Seat};
use farmhand_games::{bot_decision, coach};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

use crate::twin_checks;

type Decider = twin_checks::Decider<Game, Seat>;

fn bot(g: &Game, s: Seat, name: &str) -> String {
    format!("{:?}", bot_decision(g, usize::from(s), name))
}

/// Every bot level (the stand-in is the heuristic one) and the coach's hint.
fn deciders() -> Vec<Decider> {
    assert_eq!(
        BOT_NAMES,
        ["random", "heuristic", "search"],
        "a bot level is untested"
    );
    vec![
        ("random bot", |g, s| bot(g, s, "random")),
        ("heuristic bot (and stand-in)", |g, s| {
            bot(g, s, "heuristic")
        }),
        ("search bot", |g, s| bot(g, s, "search")),
        ("hint", |g, s| {
            format!("{:?}", coach::hint(g, usize::from(s)))
        }),
    ]
}

/// A world `observer` (None: the public) cannot tell from `g`. With `future`, also the hidden
/// future: the removed events and the random stream of the draws to come.
fn twin(g: &Game, observer: Option<Seat>, future: bool, rng: &mut ChaCha8Rng) -> Game {
    let mut snap = g.snapshot();
    let s = &mut snap.state;
    let others: Vec<usize> = (0..s.players.len())
        .filter(|&i| Some(i as Seat) != observer)
        .collect();
    // KH 70: the unrevealed starting counters of the others, dealt again among them, each seat
    // keeping as many "?" as it shows.
    let mut pool: Vec<usize> = Vec::new();
    for &i in &others {
        for (crop, &n) in s.players[i].hidden.0.iter().enumerate() {
            pool.extend(std::iter::repeat_n(crop, n as usize));
        }
    }
    pool.shuffle(rng);
    let mut next = pool.into_iter();
    for &i in &others {
        let p = &mut s.players[i];
        let k = p.hidden.total();
        p.supply.sub(&p.hidden);
        let mut dealt = Counters::ZERO;
        for _ in 0..k {
            dealt.0[next.next().expect("as many as taken")] += 1;
        }
        p.hidden = dealt;
        p.supply.add(&dealt);
    }
    if future {
        // KH 13, 69: which events were removed unseen is known only at the end; an event seen
        // going back into the bag (KH 29, 61) is known to be in it and stays there.
        if s.phase != Phase::Ended && s.removed_events != 0 {
            let removed = s.removed_events.count_ones() as usize;
            let known = s.bag_events & s.returned_events;
            let mut unseen: Vec<u16> = (0..16)
                .map(|i| 1u16 << i)
                .filter(|b| (s.removed_events | (s.bag_events & !known)) & b != 0)
                .collect();
            unseen.shuffle(rng);
            s.removed_events = unseen[..removed].iter().fold(0, |m, b| m | b);
            s.bag_events = unseen[removed..].iter().fold(known, |m, b| m | b);
        }
        // KH 69: the order of the bag, drawn with the game's random stream.
        s.rng = ChaCha8Rng::seed_from_u64(rng.random());
        s.bag_order.shuffle(rng);
    }
    Game::from_snapshot(snap).expect("a twin keeps every invariant")
}

/// The same view for `observer` in both worlds, and, for the seat to move, the same decisions.
fn same_before(
    a: &Game,
    b: &Game,
    observer: Option<Seat>,
    deciders: &[Decider],
) -> Result<(), String> {
    if a.public_view() != b.public_view() {
        return Err(format!(
            "the public view differs:\n  {:?}\n  {:?}",
            a.public_view(),
            b.public_view()
        ));
    }
    let Some(s) = observer else { return Ok(()) };
    if a.player_view(s) != b.player_view(s) {
        return Err(format!("seat {s}'s view (its choices included) differs"));
    }
    if a.to_move() == Some(s) {
        twin_checks::same_decisions(a, b, s, deciders)?;
    }
    Ok(())
}

/// The move made in both worlds: the same events shown to `observer`, the same view after.
fn same_after(
    a: &Game,
    b: &Game,
    seat: Seat,
    action: &Action,
    observer: Option<Seat>,
) -> Result<(), String> {
    let n = a.players();
    let Some((a, b, ev_a, ev_b)) =
        twin_checks::apply_in_both(a, b, seat, observer, |g| g.apply(seat, action))?
    else {
        return Ok(());
    };
    // KH 70: all supplies are shown at the end, so the end's own event and everything after it
    // may differ; whether the game ended may not.
    if a.is_over() != b.is_over() {
        return Err("the move ends the game in one world only".to_string());
    }
    let shown = |ev: &[Event]| -> Vec<Event> {
        ev.iter()
            .filter(|e| e.visible_to(observer, n))
            .take_while(|e| !matches!(e, Event::GameEnded { .. }))
            .cloned()
            .collect()
    };
    if shown(&ev_a) != shown(&ev_b) {
        return Err(format!(
            "the events shown differ:\n  {:?}\n  {:?}",
            shown(&ev_a),
            shown(&ev_b)
        ));
    }
    if a.is_over() {
        return Ok(());
    }
    if a.public_view() != b.public_view() {
        let (pa, pb) = (a.public_view(), b.public_view());
        return Err(format!(
            "the public view after the move differs: prompt {:?} / {:?}, turn {} / {}",
            pa.prompt, pb.prompt, pa.turn, pb.turn
        ));
    }
    if let Some(s) = observer
        && a.player_view(s) != b.player_view(s)
    {
        return Err(format!("seat {s}'s view after the move differs"));
    }
    Ok(())
}

type Leak = twin_checks::Leak<Seat, Action>;

/// One seeded game, played by the heuristic and the random bot (so that stores are bought from
/// and odd moves are made), checked in twins at every decision. Returns the twins compared.
fn play(players: u8, seed: u64, deciders: &[Decider]) -> Result<usize, Box<Leak>> {
    let board: Arc<Board> = Board::standard();
    let (mut g, _) = Game::new(board.clone(), &Options { players }, seed).expect("setup");
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x7715_0044);
    let observers: Vec<Option<Seat>> = twin_checks::observers(players);
    let mut compared = 0;
    let mut step = 0;
    while let Some(mover) = g.to_move() {
        let leak = Leak::at(players, seed, step, mover);
        for &o in &observers {
            let b = twin(&g, o, true, &mut rng);
            same_before(&g, &b, o, deciders).map_err(|w| leak(o, None, w))?;
            compared += 1;
        }
        let kind = if rng.random_bool(0.7) {
            "heuristic"
        } else {
            "random"
        };
        let action = by_name(kind)
            .expect("a bot")
            .decide(&board, &g.player_view(mover), &mut rng);
        for &o in &observers {
            let b = twin(&g, o, false, &mut rng);
            same_after(&g, &b, mover, &action, o).map_err(|w| leak(o, Some(action.clone()), w))?;
            compared += 1;
        }
        g.apply(mover, &action).expect("a bot's move is legal");
        step += 1;
    }
    Ok(compared)
}

/// The seeded games of the check: every table size.
fn games() -> impl Iterator<Item = (u8, u64)> {
    (2..=4u8).flat_map(|players| (0..4u64).map(move |seed| (players, 4400 + seed)))
}

#[test]
fn nothing_hidden_changes_what_anyone_sees_is_asked_or_is_advised() {
    let deciders = deciders();
    let all: Vec<(u8, u64)> = games().collect();
    let played =
        crate::common::on_every_core(&all, |_, (players, seed)| play(players, seed, &deciders));
    let compared = twin_checks::tally("Key Harvest", all.len(), played);
    assert!(compared > 10_000, "{compared} twins compared");
}

/// A planted peek: a bot that chooses by the next seat's unrevealed starting counters (KH 70).
fn peeks_at_counters(g: &Game, s: Seat) -> String {
    let next = (usize::from(s) + 1) % usize::from(g.players());
    let legal = g.legal_actions(s);
    let hidden = g.state().players[next].hidden;
    twin_checks::peeked(&legal, usize::from(hidden.0[0]))
}

/// A planted peek: a bot whose random stream is the game's own (the stream that orders the
/// bag), as bot seats had before issue 44 (they were seeded from the game's secret seed).
fn peeks_at_the_stream(g: &Game, s: Seat) -> String {
    twin_checks::random_bot_from(g, usize::from(s), g.state().rng.clone())
}

#[test]
fn a_bot_that_peeks_is_caught() {
    for (name, peek) in [
        ("counters", peeks_at_counters as fn(&Game, Seat) -> String),
        ("stream", peeks_at_the_stream),
    ] {
        let deciders: Vec<Decider> = vec![(twin_checks::PEEKING, peek)];
        let caught =
            twin_checks::peek_caught(games(), 6, |players, seed| play(players, seed, &deciders));
        assert!(caught, "the peek at the {name} went unnoticed");
    }
}
