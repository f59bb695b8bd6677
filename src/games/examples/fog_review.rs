//! A fixed workload for the coach's review (issue 43, item 4): the review of a finished Fields
//! of Green game, exactly as `farmhand review FILE` computes it (`coach::review` with
//! `coach::REVIEW_WORLDS`, the default deck), with the bot's allocator, on one thread. Builds in
//! minutes with the engines crate alone, where the whole binary takes far longer.
//!
//! `cargo run --release -p farmhand-games --example fog_review -- /work/notes/demo4.json`
//! (a scenario as `/fog export` or `farmhand simulate --save` writes it; its `deck` is ignored).
//!
//! It prints the seconds the review took, the decisions priced, a few points of the chart, and
//! each seat's costliest decisions (turn, cost, what was done, what the bot would have done) so
//! that a change can be compared before and after, and a fingerprint of the whole review (every
//! point of the chart, every cost in full). `--split` also times the chart's forecasts
//! alone; `--all` lists every decision that cost something, not only the kept ones.

use farmhand_games::Engine;
use farmhand_games::coach;
use farmhand_games::fields_of_green::{Action, Deck, Game, replay::Scenario};
use std::time::Instant;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let mut path = None;
    let mut all = false;
    let mut split = false;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--all" => all = true,
            "--split" => split = true,
            _ => path = Some(arg),
        }
    }
    let path = path.unwrap_or_else(|| "/work/notes/demo4.json".to_string());
    let text = std::fs::read_to_string(&path).expect("cannot read the scenario");
    let scenario: Scenario = serde_json::from_str(&text).expect("not a Fields of Green scenario");
    let deck = Deck::default_deck();
    let (game, _) = Game::start(deck, scenario.setup.clone()).expect("cannot set up the game");
    let actions: Vec<(usize, Action)> = scenario
        .actions
        .iter()
        .map(|a| (a.seat, a.action.clone()))
        .collect();
    let started = Instant::now();
    let review = coach::review(
        game,
        &actions,
        coach::REVIEW_WORLDS,
        |_g: &Game, _seat, chosen: &Action, best: &Action| {
            (format!("{chosen:?}"), format!("{best:?}"))
        },
        |_g: &Game, _done, _total| {},
    )
    .expect("the review failed");
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{path}: {} players, {} actions, {} decisions priced, {} chart points",
        review.players,
        actions.len(),
        review.priced,
        review.curve.len()
    );
    println!("review {seconds:.2} s");
    // Every number of the review (the whole chart, every cost in full): equal fingerprints,
    // the same review.
    println!(
        "fingerprint {:016x}",
        coach::seed_of(&format!("{:?}", review))
    );
    if split {
        split_forecasts(&scenario, &actions);
    }

    let last = review.curve.last().expect("a curve");
    println!(
        "final scores {last:?}; first forecast {:?}",
        review.curve[0]
    );
    let mid = &review.curve[review.curve.len() / 2];
    println!("mid-game forecast {mid:?}");
    for (seat, decisions) in review.costliest.iter().enumerate() {
        println!("seat {seat}:");
        for d in decisions {
            println!(
                "  turn {:>3}  cost {:>6.2}  did {}  bot {}",
                d.turn, d.cost, d.words.0, d.words.1
            );
        }
    }
    if all {
        // Every priced decision that cost something: run the review again keeping them all.
        let mut costs = Vec::new();
        let (game, _) = Game::start(Deck::default_deck(), scenario.setup.clone()).expect("setup");
        let _ = coach::review(
            game,
            &actions,
            coach::REVIEW_WORLDS,
            |g: &Game, seat, chosen: &Action, best: &Action| {
                costs.push((seat, g.year(), format!("{chosen:?}"), format!("{best:?}")));
            },
            |_g: &Game, _done, _total| {},
        );
        for (seat, year, chosen, best) in costs {
            println!("  seat {seat} year {year}: did {chosen} bot {best}");
        }
    }
}

/// The chart's forecasts alone, timed apart (`--split`): the review does not say which part took
/// what. Inside the same memo scope as a review's.
fn split_forecasts(scenario: &Scenario, actions: &[(usize, Action)]) {
    let forecast_started = Instant::now();
    Game::reviewing(|| {
        let (mut g, _) = Game::start(Deck::default_deck(), scenario.setup.clone()).expect("setup");
        let mut chapter = g.chapter();
        let mut forecasts = 1;
        std::hint::black_box(g.forecast(0));
        for (seat, action) in actions {
            g.apply(*seat, action).expect("refused");
            let now = g.chapter();
            if now != chapter || g.is_over() {
                std::hint::black_box(g.forecast(forecasts));
                forecasts += 1;
                chapter = now;
            }
        }
        let forecast_seconds = forecast_started.elapsed().as_secs_f64();
        println!("the {forecasts} forecasts alone, timed apart: {forecast_seconds:.2} s");
    });
}
