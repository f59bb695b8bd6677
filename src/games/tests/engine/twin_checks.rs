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
