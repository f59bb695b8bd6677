//! "Since your last move" (issue 32): the catch-up at the top of a seat's private screen holds
//! exactly the public log's sentences of the events after that seat's last stored action (the
//! newest few, with a count of the earlier ones), and nothing when the seat acted last. Games of
//! both kinds are played through `Service::act`, the call a click makes.

use farmhand::discord::game::Screens;
use farmhand::discord::router::{CATCH_UP_LINES, catch_up};
use farmhand::games::fields_of_green as fog;
use farmhand::games::key_harvest as kh;
use farmhand::host::{Hosted, Kind, Library};
use farmhand::service::Service;
use farmhand::store::{GameId, Store};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::fixture;

const HOST: u64 = 3_000;

fn user(k: usize) -> u64 {
    HOST + k as u64
}

async fn started(svc: &Service, kind: Kind, players: u8, seed: u64) -> GameId {
    fixture::started_plain(svc, kind, (1, 2), HOST, players, seed).await
}

/// One stored action: the version it made, who acted, the events it caused.
struct Step<E> {
    version: i64,
    seat: usize,
    events: Vec<E>,
}

/// Plays `n` random legal actions through the service, keeping what each did.
async fn play<G: Hosted>(svc: &Service, id: GameId, seed: u64, n: usize) -> Vec<Step<G::Event>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = Vec::new();
    for _ in 0..n {
        let (table, game) = svc.load::<G>(id).await.unwrap();
        let game = game.unwrap();
        if game.is_over() {
            break;
        }
        let (seat, action) = fixture::random_decision(&game, &mut rng);
        let done = svc
            .act::<G>(id, user(seat), Some(table.game.version), &action)
            .await
            .unwrap();
        steps.push(Step {
            version: done.table.game.version,
            seat,
            events: done.events.clone(),
        });
    }
    steps
}

/// Checks every seat's catch-up after the steps played: the events after its last action, the
/// newest few as quoted lines under the heading, the rest counted; none for the seat that
/// acted last. Returns how many seats had one.
async fn check<G: Screens>(svc: &Service, id: GameId, steps: &[Step<G::Event>]) -> usize {
    let (table, game) = svc.load::<G>(id).await.unwrap();
    let game = game.unwrap();
    let last = steps.last().expect("some steps");
    let mut shown = 0;
    for seat in 0..table.seats.len() {
        let since = catch_up::<G>(svc.store(), &table, &game, seat)
            .await
            .unwrap();
        let Some(acted) = steps.iter().rposition(|s| s.seat == seat) else {
            // Never acted in these steps: the catch-up reaches back to the start; not checked.
            continue;
        };
        // Independently of the store: the events of the steps after the seat's last one.
        let after: Vec<G::Event> = steps[acted + 1..]
            .iter()
            .flat_map(|s| s.events.iter().cloned())
            .collect();
        let expected = G::catch_up_lines(&table, &game, &after);
        if steps[acted].version == last.version || expected.is_empty() {
            assert_eq!(since, None, "seat {seat} acted last: nothing to catch up");
            continue;
        }
        let text = since.unwrap_or_else(|| panic!("seat {seat}: no catch-up"));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "**Since your last move:**", "{text}");
        let keep = expected.len().min(CATCH_UP_LINES as usize);
        let quoted: Vec<String> = lines
            .iter()
            .filter_map(|l| l.strip_prefix("> "))
            .map(str::to_string)
            .collect();
        assert_eq!(
            quoted,
            expected[expected.len() - keep..].to_vec(),
            "seat {seat}: the newest sentences since its last action, in order"
        );
        if expected.len() > keep {
            assert!(
                text.contains(&format!("{} thing", expected.len() - keep)),
                "seat {seat}: the earlier ones are counted: {text}"
            );
        }
        // Nothing from the seat's own last action or before: those sentences are not there
        // unless a later event says the very same thing.
        let own = G::catch_up_lines(&table, &game, &steps[acted].events);
        for l in own.iter().filter(|l| !expected.contains(l)) {
            assert!(!quoted.contains(l), "seat {seat}: its own move shown: {l}");
        }
        shown += 1;
    }
    shown
}

#[tokio::test]
async fn catch_up_holds_the_public_log_since_the_seats_last_action_in_both_games() {
    let store = Store::open_in_memory().await.unwrap();
    let svc = Service::new(store, Library::default());
    let mut shown = 0;
    for (n, seed) in [(7, 1), (23, 2), (61, 3)] {
        let id = started(&svc, Kind::FieldsOfGreen, 3, seed).await;
        let steps = play::<fog::Game>(&svc, id, seed, n).await;
        shown += check::<fog::Game>(&svc, id, &steps).await;
        let id = started(&svc, Kind::KeyHarvest, 3, seed).await;
        let steps = play::<kh::Game>(&svc, id, seed, n).await;
        shown += check::<kh::Game>(&svc, id, &steps).await;
    }
    assert!(shown >= 6, "only {shown} catch-ups checked");
}

/// The catch-up is drawn from the stored public log only: for a Fields of Green seat, no card
/// in another seat's hand is named unless the public view shows it somewhere (a farm, the
/// discard, a revealed card), in either language.
#[tokio::test]
async fn catch_up_names_no_card_hidden_in_another_hand() {
    let store = Store::open_in_memory().await.unwrap();
    let svc = Service::new(store, Library::default());
    let id = started(&svc, Kind::FieldsOfGreen, 3, 9).await;
    let mut checked = 0;
    for round in 0..12u64 {
        play::<fog::Game>(&svc, id, 100 + round, 9).await;
        let (table, game) = svc.load::<fog::Game>(id).await.unwrap();
        let game = game.unwrap();
        let public = serde_json::to_string(&game.public_view()).unwrap();
        for seat in 0..3 {
            let Some(text) = catch_up::<fog::Game>(svc.store(), &table, &game, seat)
                .await
                .unwrap()
            else {
                continue;
            };
            for other in (0..3).filter(|&o| o != seat) {
                for card in game.player_view(other).hand.iter() {
                    let name = farmhand::render::fields_of_green::card_name(game.deck(), card);
                    if text.contains(&name) {
                        assert!(
                            public.contains(card.as_str()),
                            "seat {seat}'s catch-up names {name}, hidden in seat {other}'s hand: {text}"
                        );
                    }
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 10, "only {checked} catch-ups read");
}
