//! The coach's words for Key Harvest (issue 30): a turn's action as a short phrase ("take C4
//! from the registry, bidding 2 hops"), in the language in scope.

use super::text::{counters, worker_name};
use crate::games::key_harvest::Action;
use crate::games::key_harvest::board::Board;
use crate::render::{and_list, seat_name};
use crate::t;

/// `action` in a few words; `names` by seat. None for a choice inside an ability or an event,
/// which the coach does not weigh (its strong bot compares the turn's actions only).
pub fn action_words(board: &Board, names: &[String], action: &Action) -> Option<String> {
    let refs = |tiles: &[crate::games::key_harvest::board::Space]| {
        and_list(
            &tiles
                .iter()
                .map(|t| board.reference(*t))
                .collect::<Vec<_>>(),
        )
    };
    Some(match action {
        Action::Harvest { tiles, .. } => t!("kh-coach-harvest", tiles = refs(tiles)),
        Action::PlayWorker { worker, space } => t!(
            "kh-coach-play-worker",
            worker = worker_name(*worker),
            space = board.reference(*space)
        ),
        Action::RemoveWorker { space } => {
            t!("kh-coach-remove-worker", space = board.reference(*space))
        }
        Action::BuyFromStore { owner, tile } => t!(
            "kh-coach-buy",
            tile = board.reference(*tile),
            name = seat_name(names, usize::from(*owner))
        ),
        Action::TakeFromRegistry { tile, bid } => t!(
            "kh-coach-registry",
            tile = board.reference(*tile),
            bid = counters(board, bid)
        ),
        Action::EndTurn => t!("kh-coach-end-turn"),
        _ => return None,
    })
}
