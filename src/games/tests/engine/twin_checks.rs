//! The pieces both games' twin-world checks share (issue 44, `fog_twins` and `kh_twins`): who
//! looks, what a leak records, the decisions asked of the seat to move, and the tally that fails
//! on the first leak. How a twin is built, and which events an observer is shown, are each
//! game's own and stay in its file.

use std::fmt::{Debug, Display};

/// What decides for a seat, as the Discord layer asks it: a name and the decision (as text, to
/// compare and to print).
pub type Decider<G, S> = (&'static str, fn(&G, S) -> String);

pub fn who<S: Display>(observer: Option<S>) -> String {
    match observer {
        None => "the public".to_string(),
        Some(s) => format!("seat {s}"),
    }
}

/// Who is checked at a table of `players`: the public (`None`) and every seat.
pub fn observers<S: From<u8>>(players: u8) -> Vec<Option<S>> {
    std::iter::once(None)
        .chain((0..players).map(|s| Some(S::from(s))))
        .collect()
}

/// `seat`'s move made in both worlds by `apply`: the two games after it and their events. Only
/// the mover's own hidden holdings can make a move legal in one world alone, so a twin that
/// refuses another seat's move is no leak (`Ok(None)`: nothing to compare), and a twin that
/// refuses the observer's own move is one.
#[allow(clippy::type_complexity)]
pub fn apply_in_both<G: Clone, S: Copy + PartialEq + Display, E: Display, Ev>(
    a: &G,
    b: &G,
    seat: S,
    observer: Option<S>,
    apply: impl Fn(&mut G) -> Result<Ev, E>,
) -> Result<Option<(G, G, Ev, Ev)>, String> {
    let (mut a, mut b) = (a.clone(), b.clone());
    let ev_a = apply(&mut a).unwrap_or_else(|e| panic!("the game's own move is refused: {e}"));
    match apply(&mut b) {
        Ok(ev_b) => Ok(Some((a, b, ev_a, ev_b))),
        Err(_) if Some(seat) != observer => Ok(None),
        Err(e) => Err(format!("the twin refuses seat {seat}'s own move: {e}")),
    }
}

/// Every decider decides the same for seat `s` in both worlds.
pub fn same_decisions<G, S: Copy + Display>(
    a: &G,
    b: &G,
    s: S,
    deciders: &[Decider<G, S>],
) -> Result<(), String> {
    for (name, decide) in deciders {
        let (x, y) = (decide(a, s), decide(b, s));
        if x != y {
            return Err(format!(
                "the {name} decides differently for seat {s}: {x} / {y}"
            ));
        }
    }
    Ok(())
}

/// A difference between twins: where, and what (read through `Debug`, in the failure message).
#[derive(Debug)]
#[allow(dead_code)]
pub struct Leak<S, A> {
    pub players: u8,
    pub seed: u64,
    pub step: usize,
    pub observer: String,
    pub mover: S,
    pub action: Option<A>,
    pub what: String,
}

impl<S: Copy + Display, A> Leak<S, A> {
    /// Records a leak found at `step` of the game (`players`, `seed`), `mover` to move: what
    /// `observer` saw differ, after `action` (None: before any move).
    pub fn at(
        players: u8,
        seed: u64,
        step: usize,
        mover: S,
    ) -> impl Fn(Option<S>, Option<A>, String) -> Box<Self> {
        move |observer, action, what| {
            Box::new(Leak {
                players,
                seed,
                step,
                observer: who(observer),
                mover,
                action,
                what,
            })
        }
    }
}

/// The name under which the planted peeks decide.
pub const PEEKING: &str = "peeking bot";

/// Whether a planted peek (a decider named [`PEEKING`]) is caught: `play` finds a leak of it in
/// one of the first `n` games of 3 or more players in `games`.
pub fn peek_caught<S, A>(
    games: impl Iterator<Item = (u8, u64)>,
    n: usize,
    play: impl Fn(u8, u64) -> Result<usize, Box<Leak<S, A>>>,
) -> bool {
    games
        .filter(|&(players, _)| players >= 3)
        .take(n)
        .filter_map(|(players, seed)| play(players, seed).err())
        .any(|leak| leak.what.contains(PEEKING))
}

/// What a planted peek decides: the legal action that `hidden` (something the seat may not
/// see) picks out.
pub fn peeked<A: Debug>(legal: &[A], hidden: usize) -> String {
    format!("{:?}", legal[hidden % legal.len()])
}

/// What the random bot decides for `seat` when its stream is `rng`: a planted peek when `rng`
/// comes from the game's secrets (as bot seats' streams did before issue 44).
pub fn random_bot_from<G: farmhand_games::Engine>(
    g: &G,
    seat: usize,
    mut rng: rand_chacha::ChaCha8Rng,
) -> String {
    format!("{:?}", g.bot_action(seat, "random", &mut rng))
}

/// The twins compared over all of `game`'s seeded games; panics on the first leak found.
pub fn tally<S: Debug, A: Debug>(
    game: &str,
    games: usize,
    played: Vec<Result<usize, Box<Leak<S, A>>>>,
) -> usize {
    let mut compared = 0;
    for result in played {
        match result {
            Ok(n) => compared += n,
            Err(leak) => panic!("a hidden fact leaks: {leak:#?}"),
        }
    }
    eprintln!("{game}: {compared} twins compared, {games} games");
    compared
}
