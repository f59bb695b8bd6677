//! The undo policy of both engines (issue 41, item 6): which decisions a player may take back.
//! A decision may be undone when it drew nothing, used no chance, revealed nothing another seat
//! did not know and ended no round nor the game (`Game::undoable` in each engine).

use crate::{common, kh_common};
use farmhand_games::Engine;
use farmhand_games::fields_of_green::event::Event as FEvent;
use farmhand_games::fields_of_green::{Action as FAction, Game as FGame, Phase};
use farmhand_games::key_harvest::{Action as KAction, Crop, Event as KEvent, Game as KGame};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;

/// Applies `action` for `seat` (it must be accepted) and says whether the engine lets it be
/// taken back.
#[track_caller]
fn step<E: Engine>(g: &mut E, seat: usize, action: E::Action) -> (bool, Vec<E::Event>) {
    let before = g.clone();
    let events = g
        .apply(seat, &action)
        .unwrap_or_else(|e| panic!("seat {seat}: {action:?} refused: {e}"));
    (before.undoable(g, seat, &action, &events), events)
}

/// Each of `kinds` was found undoable somewhere in the random games (`found`): the policy is not
/// "never".
#[track_caller]
fn assert_found_undoable(found: &BTreeSet<&'static str>, kinds: &[&str]) {
    for kind in kinds {
        assert!(found.contains(kind), "no {kind} was undoable: {found:?}");
    }
}

// ---- Fields of Green ----

/// The random games a policy test walks: each player count of `players` with each seed of
/// `0..seeds`.
fn random_games(
    players: std::ops::RangeInclusive<u8>,
    seeds: u64,
) -> impl Iterator<Item = (u8, u64)> {
    players.flat_map(move |p| (0..seeds).map(move |seed| (p, seed)))
}

const HAND: &[&str] = &["wheat", "corn", "potatoes", "sheep", "tool_shed", "market"];

/// A 3-player year-1 game in the draft, seat 0 holding `HAND` with 20 coins, the Equipment
/// stack starting with `tops`.
fn fog_draft(tops: &[&str]) -> FGame {
    use common::*;
    let preset = grown(20, 1, 3, vec![]);
    let mut st = preset_setup(3, vec![preset]);
    set_hands(&mut st, &[HAND]);
    st.equipment = tops.iter().map(|t| s(t)).collect();
    let mut g = FGame::with_setup(deck(), st).unwrap();
    draw_all(&mut g, &[HAND]);
    assert_eq!(g.phase(), &Phase::Action { turn: 1 });
    g
}

// Ruling 4: the cards of a split come off face-down piles; the player has seen them.
#[test]
fn fog_ruling_4_a_draw_is_final() {
    let mut g = FGame::with_setup(common::deck(), common::setup(3)).unwrap();
    let (undoable, events) = step(
        &mut g,
        0,
        FAction::Draw {
            split: [2, 2, 1, 1],
        },
    );
    assert!(events.iter().any(|e| matches!(e, FEvent::Drew { .. })));
    assert!(!undoable, "a draw is never taken back");
}

// Ruling 7: a face-down selection may be changed until the cards are revealed. The other seats
// only learn that the seat has chosen (the `Selected` event names no card), so taking it back
// shows them no more than a change of mind would. The selection that completes the draft turn
// reveals every card and passes the hands: final.
#[test]
fn fog_ruling_7_a_face_down_selection_until_the_reveal() {
    let mut g = fog_draft(&[]);
    let (undoable, events) = step(
        &mut g,
        0,
        FAction::Select {
            card: common::s("wheat"),
        },
    );
    assert_eq!(events, vec![FEvent::Selected { seat: 0 }]);
    assert!(
        undoable,
        "seat 0's face-down card may be taken back before the reveal"
    );
    let first = common::hand(&g, 1)[0].clone();
    let (undoable, _) = step(
        &mut g,
        1,
        FAction::Select {
            card: common::s(&first),
        },
    );
    assert!(undoable);
    let last = common::hand(&g, 2)[0].clone();
    let (undoable, events) = step(
        &mut g,
        2,
        FAction::Select {
            card: common::s(&last),
        },
    );
    assert!(events.iter().any(|e| matches!(e, FEvent::Revealed { .. })));
    assert!(!undoable, "the selection that reveals every card is final");
}

// Ruling 8: the actions on a revealed card are public choices on public information; a build
// whose Immediate ability draws Equipment tiles is final (ruling 17), and so is keeping a tile.
#[test]
fn fog_ruling_8_and_17_acting_on_the_revealed_card() {
    let mut g = fog_draft(&["harrow", "hoses", "sacks", "fences"]);
    common::select_all(&mut g, &[Some("tool_shed")]);
    // D) the market, on another seat's card: nothing hidden moves.
    let (undoable, _) = step(&mut g, 1, FAction::Market { food: 0 });
    assert!(undoable, "going to the market may be taken back");
    // A) the Tool Shed draws three Equipment tiles only seat 0 sees.
    let (undoable, events) = step(&mut g, 0, common::build(0, 1));
    assert!(events.contains(&FEvent::EquipmentDrawn { seat: 0, count: 3 }));
    assert!(!undoable, "a build that draws Equipment is final");
    let (undoable, _) = step(
        &mut g,
        0,
        FAction::Equipment {
            keep: common::s("hoses"),
            place: Some(common::p(0, 0)),
        },
    );
    assert!(
        !undoable,
        "keeping a tile shows it, and the others went under the stack"
    );
}

#[test]
fn fog_ruling_8_a_plain_build_may_be_taken_back() {
    let mut g = fog_draft(&[]);
    common::select_all(&mut g, &[Some("wheat")]);
    let (undoable, events) = step(&mut g, 0, common::build(0, 1));
    assert!(events.iter().any(|e| matches!(e, FEvent::Built { .. })));
    assert!(undoable, "building a Wheat field draws nothing");
}

// Ruling 14 and 15: a Harvest ability, and ending one's harvest while others still harvest, may
// be taken back; the end of the last harvest ends the year: final.
#[test]
fn fog_ruling_14_15_the_harvest() {
    use common::*;
    let farm = || wheat_and_oranges(0, 0);
    let mut g = harvest_game(3, 1, vec![farm(), farm()]);
    assert_eq!(g.waiting_for(), vec![0, 1]);
    let (undoable, _) = step(&mut g, 1, harvest(0, 1));
    assert!(undoable, "paying a Harvest ability may be taken back");
    let (undoable, _) = step(&mut g, 1, FAction::EndHarvest);
    assert!(undoable, "ending one's harvest while another seat harvests");
    let (undoable, events) = step(&mut g, 0, FAction::EndHarvest);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, FEvent::YearStarted { .. }))
    );
    assert!(!undoable, "the last harvest ends the year: final");
}

/// Random games of every player count: the refused kinds are always refused, every reveal or
/// draw is refused, and each kind of public choice is found undoable somewhere (so the policy is
/// not "never").
#[test]
fn fog_random_games_follow_the_policy() {
    use farmhand_games::fields_of_green::sim;
    let mut seen_undoable = BTreeSet::new();
    for (players, seed) in random_games(2..=5, 3) {
        let mut g = FGame::with_setup(
            common::deck(),
            farmhand_games::fields_of_green::Setup::new(common::opts(players), seed),
        )
        .unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while let Some((seat, action)) = sim::random_step(&g, &mut rng) {
            let (undoable, events) = step(&mut g, seat, action.clone());
            let reveals = events.iter().any(|e| {
                matches!(
                    e,
                    FEvent::Drew { .. }
                        | FEvent::Revealed { .. }
                        | FEvent::HandsPassed { .. }
                        | FEvent::TurnedFaceUp { .. }
                        | FEvent::EquipmentDrawn { .. }
                        | FEvent::YearStarted { .. }
                        | FEvent::GameEnded { .. }
                )
            });
            if undoable {
                assert!(!reveals, "{action:?} revealed something: {events:?}");
                assert!(!matches!(
                    action,
                    FAction::Draw { .. } | FAction::Equipment { .. }
                ));
                seen_undoable.insert(action.kind());
            }
        }
    }
    assert_found_undoable(
        &seen_undoable,
        &["select", "pick", "market", "harvest", "end_harvest"],
    );
}

// ---- Key Harvest ----

// KH 18 and KH 16: harvesting and ending one's turn draw nothing (our reading for the end of
// a turn: the next player has not acted, and handing the turn on shows nothing).
#[test]
fn kh_harvest_and_end_turn_may_be_taken_back() {
    use kh_common::*;
    let (a, b) = (sp("C3"), sp("C4"));
    let mut g = edit(&table(2), |s| fields(s, 0, &[a, b]));
    let (undoable, _) = step(
        &mut g,
        0,
        KAction::Harvest {
            tiles: vec![a, b],
            instead: vec![],
        },
    );
    assert!(undoable, "a harvest is a public choice");
    let (undoable, events) = step(&mut g, 0, KAction::EndTurn);
    assert!(events.iter().any(|e| matches!(e, KEvent::TurnEnded { .. })));
    assert!(undoable, "ending the turn with nothing to refill");
}

// KH 24 and KH 28: a tile taken from the registry is replaced at once by tiles drawn from the
// bag at random, so (d) is final.
#[test]
fn kh24_28_taking_from_the_registry_draws_a_refill() {
    use kh_common::*;
    let mut g = edit(&table(2), |s| supply(s, 0, one(Crop::Hops)));
    let tile = (0..56u8)
        .find(|t| g.state().registry & bit(*t) != 0)
        .expect("a registry tile");
    let bag = g.state().bag_fields;
    let (undoable, _) = step(
        &mut g,
        0,
        KAction::TakeFromRegistry {
            tile,
            bid: one(Crop::Hops),
        },
    );
    assert_ne!(
        g.state().bag_fields,
        bag,
        "the registry was refilled from the bag"
    );
    assert!(!undoable, "a draw from the bag is final");
}

/// Seat 1 has `tile` in its store with a bid of one Wine; seat 0 holds one Wine, hidden (a
/// starting counter not yet revealed, KH 70) or known.
fn kh_buyer(hidden: bool) -> (KGame, u8) {
    use kh_common::*;
    let tile = sp("C3");
    let g = edit(&table(3), |s| {
        store(s, 1, tile, one(Crop::Wine));
        supply(s, 0, one(Crop::Wine));
        if hidden {
            s.players[0].hidden = one(Crop::Wine);
        }
    });
    (g, tile)
}

// KH 23 and KH 70: buying from another store pays a copy of the bid in full view. Paid with a
// known counter, the purchase may be taken back; paid with a starting counter the others saw as
// "?", it showed that counter's crop: final.
#[test]
fn kh23_70_a_purchase_is_final_only_when_it_shows_a_hidden_counter() {
    let (mut g, tile) = kh_buyer(false);
    let (undoable, events) = step(&mut g, 0, KAction::BuyFromStore { owner: 1, tile });
    assert!(
        events
            .iter()
            .any(|e| matches!(e, KEvent::TileAcquired { .. }))
    );
    assert!(undoable, "a purchase with known counters shows nothing new");

    let (mut g, tile) = kh_buyer(true);
    let (undoable, _) = step(&mut g, 0, KAction::BuyFromStore { owner: 1, tile });
    assert_eq!(g.state().players[0].hidden, kh_common::of(&[]));
    assert!(!undoable, "the payment showed a hidden starting counter");
}

/// Random games: the bag draws (K, M, Q) are always refused, nothing that used chance or
/// touched the bag is undoable, and the common public choices are undoable somewhere.
#[test]
fn kh_random_games_follow_the_policy() {
    use rand::Rng;
    let mut seen_undoable = BTreeSet::new();
    for (players, seed) in random_games(2..=4, 4) {
        let mut g = kh_common::fresh(players, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..400 {
            let Some(&seat) = Engine::waiting_for(&g).first() else {
                break;
            };
            let choices = g.legal_sample(seat, &mut rng);
            let action = choices[rng.random_range(0..choices.len())].clone();
            let before = g.state().clone();
            let (undoable, events) = step(&mut g, seat, action.clone());
            if undoable {
                assert!(!matches!(
                    action,
                    KAction::TraderDraw | KAction::BlindSwap { .. } | KAction::LuckyDip { .. }
                ));
                assert_eq!(before.rng, g.state().rng, "{action:?} used chance");
                assert_eq!(before.bag_fields, g.state().bag_fields);
                assert_eq!(before.bag_events, g.state().bag_events);
                assert!(
                    !events.iter().any(|e| matches!(
                        e,
                        KEvent::EventPlaced { .. } | KEvent::GameEnded { .. }
                    )),
                    "{action:?}: {events:?}"
                );
                seen_undoable.insert(action.kind());
            }
        }
    }
    assert_found_undoable(&seen_undoable, &["harvest", "play_worker", "end_turn"]);
}
