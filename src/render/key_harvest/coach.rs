//! The coach's words for Key Harvest (issue 30): a turn's action as a short phrase ("take C4
//! from the registry, bidding 2 hops"), in the language in scope.

use super::text::{counters, worker_name};
use crate::games::key_harvest::board::Board;
use crate::games::key_harvest::{Action, Game};
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

/// The name of the moment `action` was taken in `game` (the game before it), issue 43: the round
/// as the thread's round posts count it, and the kind of action ("Round 5, bid"); the start
/// player's choice comes before round 1 (KH 9).
pub fn moment(game: &Game, action: &Action) -> String {
    let players = u32::from(game.players());
    let round = crate::games::key_harvest::round_of(game.state().turn.number, players);
    match action {
        Action::ChooseStartPlayer { .. } => t!("kh-moment-setup"),
        _ if round == 0 => t!("kh-moment-setup"),
        Action::Harvest { .. } => t!("kh-moment-harvest", round = round),
        Action::PlayWorker { .. } | Action::RemoveWorker { .. } | Action::Reposition { .. } => {
            t!("kh-moment-worker", round = round)
        }
        Action::BuyFromStore { .. } => t!("kh-moment-buy", round = round),
        Action::TakeFromRegistry { .. } => t!("kh-moment-bid", round = round),
        Action::EndTurn => t!("kh-moment-end", round = round),
        Action::BlindSwap { .. }
        | Action::Exchange { .. }
        | Action::GiveAway { .. }
        | Action::GoodHarvest { .. }
        | Action::LuckyDip { .. }
        | Action::NewCrop { .. }
        | Action::QuickSale { .. }
        | Action::RegistrySwap { .. }
        | Action::RemoteHarvest { .. }
        | Action::Replace { .. }
        | Action::MoveWorker { .. }
        | Action::Vacation { .. }
        | Action::Windfall { .. } => t!("kh-moment-event", round = round),
        _ => t!("kh-moment-round", round = round),
    }
}
