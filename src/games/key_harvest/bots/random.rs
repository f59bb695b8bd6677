//! The random bot: a legal action chosen uniformly among the kinds of choice, with random
//! parameters. It is the engine's playout driver (simulate, bench, the playout tests).

use super::super::action::Action;
use super::super::board::{Board, Crop, Space, SpaceSet};
use super::super::few::SeatTiles;
use super::super::game::nth_bit;
use super::super::legal::Choice;
use super::super::pieces::{Counters, Seat};
use super::super::view::PlayerView;
use super::Bot;
use rand::Rng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

pub struct RandomBot;

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }
    fn decide(&mut self, _board: &Board, view: &PlayerView, rng: &mut ChaCha8Rng) -> Action {
        random_action(view, rng)
    }
}

/// `k` counters drawn at random from `supply` (the caller knows it holds at least `k`).
pub fn random_payment(supply: Counters, k: u32, rng: &mut ChaCha8Rng) -> Counters {
    // The counters one by one, on the stack (a supply never holds more than the 60 counters
    // of the game, KH 5); drawn as `Vec::swap_remove` would, so the random stream is the same.
    // Each crop's counters written as one 16-byte run (a crop has 12 counters, KH 5), the
    // next crop's run starting over the unused end of this one; a supply this cannot hold
    // (never in a game) is laid out one counter at a time, as it always was.
    let mut pool = [0u8; 80];
    let mut len = 0usize;
    if supply.0.iter().all(|&n| n <= 16) && supply.total() <= 64 {
        for c in Crop::ALL {
            pool[len..len + 16].copy_from_slice(&[c.index() as u8; 16]);
            len += supply.get(c) as usize;
        }
    } else {
        for c in Crop::ALL {
            for _ in 0..supply.get(c) {
                if len < 64 {
                    pool[len] = c.index() as u8;
                    len += 1;
                }
            }
        }
    }
    let mut out = Counters::ZERO;
    for _ in 0..k.min(len as u32) {
        let i = rng.random_range(0..len);
        let c = pool[i];
        len -= 1;
        pool[i] = pool[len];
        out.0[c as usize] += 1;
    }
    out
}

/// A random space of a non-empty set.
fn pick_set(set: SpaceSet, rng: &mut ChaCha8Rng) -> Option<Space> {
    if set == 0 {
        return None;
    }
    Some(nth_bit(set, rng.random_range(0..set.count_ones())))
}

/// A random pair of a [`SeatTiles`], drawn as `IndexedRandom::choose` draws from the list it
/// replaced (the same random stream).
fn choose_pair(tiles: &SeatTiles, rng: &mut ChaCha8Rng) -> Option<(Seat, Space)> {
    if tiles.is_empty() {
        return None;
    }
    tiles.get(rng.random_range(..tiles.len()))
}

/// A random non-empty subset of a non-empty set, at most `max` spaces.
fn subset(tiles: &SpaceSet, max: usize, rng: &mut ChaCha8Rng) -> Vec<Space> {
    let mut v: Vec<Space> = Vec::with_capacity(tiles.count_ones() as usize);
    let mut m = *tiles;
    while m != 0 {
        let s = m.trailing_zeros() as Space;
        m &= m - 1;
        if rng.random_bool(0.5) {
            v.push(s);
        }
    }
    if v.is_empty() {
        v.extend(pick_set(*tiles, rng));
    }
    v.truncate(max);
    v
}

/// Fills in one choice at random, paying from `supply` and taking from `stock`.
pub fn fill_choice(
    choice: &Choice,
    supply: Counters,
    stock: Counters,
    rng: &mut ChaCha8Rng,
) -> Option<Action> {
    let pick = |v: &SpaceSet, rng: &mut ChaCha8Rng| pick_set(*v, rng);
    Some(match choice {
        Choice::StartPlayer { seats } => Action::ChooseStartPlayer {
            seat: *seats.choose(rng)?,
        },
        Choice::Harvest { tiles } => Action::Harvest {
            tiles: subset(tiles, 56, rng),
            instead: Vec::new(),
        },
        Choice::PlayWorker { worker, spaces } => Action::PlayWorker {
            worker: *worker,
            space: pick(spaces, rng)?,
        },
        Choice::RemoveWorker { spaces } => Action::RemoveWorker {
            space: pick(spaces, rng)?,
        },
        Choice::BuyFromStore { tiles } => {
            let (owner, tile) = *tiles.choose(rng)?;
            Action::BuyFromStore { owner, tile }
        }
        Choice::TakeFromRegistry { tiles } => Action::TakeFromRegistry {
            tile: pick(tiles, rng)?,
            bid: random_payment(supply, rng.random_range(1..=2), rng),
        },
        Choice::EndTurn => Action::EndTurn,
        Choice::Decline => Action::Decline,
        Choice::Reposition { spaces } => Action::Reposition {
            space: pick(spaces, rng)?,
        },
        Choice::Apprentice { tiles } => Action::Apprentice {
            tile: pick(tiles, rng)?,
            instead: Vec::new(),
        },
        Choice::CasualWorker { tiles } => Action::CasualWorker {
            tiles: subset(tiles, 2, rng),
            instead: Vec::new(),
        },
        Choice::Labourer { take } => {
            let got = random_payment(stock, *take as u32, rng);
            let mut crops = Vec::new();
            for c in Crop::ALL {
                for _ in 0..got.get(c) {
                    crops.push(c);
                }
            }
            Action::Labourer { crops }
        }
        Choice::UnskilledWorker { tiles } => Action::UnskilledWorker {
            tiles: subset(tiles, 6, rng),
        },
        // Both take another seat's tile, paying `need` counters of its crop from the supply.
        Choice::SkilledWorker { tiles } | Choice::Merchant { tiles } => {
            let (owner, tile, need) = *tiles.choose(rng)?;
            let payment = random_payment(supply, need, rng);
            if matches!(choice, Choice::SkilledWorker { .. }) {
                Action::SkilledWorker {
                    owner,
                    tile,
                    payment,
                }
            } else {
                Action::Merchant {
                    owner,
                    tile,
                    payment,
                }
            }
        }
        Choice::Supervisor { tiles } => Action::Supervisor {
            tile: pick(tiles, rng)?,
        },
        Choice::Storekeeper { tiles } => Action::Storekeeper {
            tile: pick(tiles, rng)?,
            bid: random_payment(supply, rng.random_range(1..=2), rng),
        },
        Choice::Bailiff { tiles } => {
            let (owner, tile) = choose_pair(tiles, rng)?;
            Action::Bailiff {
                owner,
                tile,
                payment: random_payment(supply, 3, rng),
            }
        }
        Choice::Lawyer { spaces } => Action::Lawyer {
            worker_at: pick(spaces, rng)?,
        },
        Choice::TraderDraw => Action::TraderDraw,
        Choice::TraderRegistry { tiles } => Action::TraderRegistry {
            tile: pick(tiles, rng)?,
            keep: rng.random_bool(0.8),
        },
        Choice::KeepDrawn { .. } => Action::KeepDrawn {
            keep: rng.random_bool(0.8),
        },
        Choice::Benefactor { tiles } => Action::Benefactor {
            tile: pick(tiles, rng)?,
        },
        Choice::BlindSwap { tiles } => Action::BlindSwap {
            tile: pick(tiles, rng)?,
        },
        Choice::Exchange { give, take } => {
            let (with, t) = choose_pair(take, rng)?;
            Action::Exchange {
                give: pick(give, rng)?,
                with,
                take: t,
            }
        }
        Choice::GiveAway {
            pass, keep_choice, ..
        } => Action::GiveAway {
            pass: pick_set(*pass, rng),
            keep: *keep_choice && rng.random_bool(0.8),
        },
        Choice::GoodHarvest { crops } => Action::GoodHarvest {
            crop: *crops.choose(rng)?,
            instead: None,
        },
        Choice::LuckyDip { registry } => Action::LuckyDip {
            payment: random_payment(supply, 2, rng),
            registry: pick_set(*registry, rng),
        },
        Choice::NewCrop { tiles } => Action::NewCrop {
            tiles: subset(tiles, 2, rng),
        },
        Choice::QuickSale { tiles } => Action::QuickSale {
            payment: random_payment(supply, 3, rng),
            tile: pick(tiles, rng)?,
        },
        Choice::RegistrySwap { give, take } => Action::RegistrySwap {
            give: pick(give, rng)?,
            take: pick(take, rng)?,
        },
        Choice::RemoteHarvest { tiles } => Action::RemoteHarvest {
            tiles: subset(tiles, 56, rng),
            instead: Vec::new(),
        },
        Choice::Replace { fallow, .. } => Action::Replace {
            fallow: if rng.random_bool(0.7) {
                pick_set(*fallow, rng)
            } else {
                None
            },
        },
        Choice::MoveWorker { moves } => {
            let (from, to) = moves.choose(rng)?;
            Action::MoveWorker {
                from: *from,
                to: pick(to, rng)?,
            }
        }
        Choice::Vacation { spaces } => Action::Vacation {
            space: pick(spaces, rng)?,
        },
        Choice::Windfall { crops, .. } => Action::Windfall {
            crop: *crops.choose(rng)?,
        },
    })
}

/// A random legal action. `EndTurn` and `Decline` are taken less often than acting, so random
/// games move.
pub fn random_action(view: &PlayerView, rng: &mut ChaCha8Rng) -> Action {
    random_choice(&view.legal, view.supply, view.public.stock, rng)
}

/// [`random_action`] from the parts of a view it uses: the legal choices, the seat's supply and
/// the stock (the playout driver calls it without building a whole view).
pub fn random_choice(
    legal: &[Choice],
    supply: Counters,
    stock: Counters,
    rng: &mut ChaCha8Rng,
) -> Action {
    // The engine's listing puts its one passive choice (end the turn, decline) last. When the
    // list is so, the acting choices are the ones before it and the one drawn is found by its
    // number, without counting or noting them; any other list is counted.
    if !split_passive(legal).1.iter().any(is_passive) {
        return random_listed(legal, supply, stock, rng);
    }
    let passive = legal.iter().find(|c| is_passive(c));
    let acting = legal.iter().filter(|c| !is_passive(c)).count();
    // Ending a turn early is rarer than declining an option, so that random games usually run
    // to the tenth event instead of stopping at the stalemate rule (KH 17).
    let act = match passive {
        None => true,
        Some(Choice::EndTurn) => rng.random_bool(0.95),
        Some(_) => rng.random_bool(0.8),
    };
    if acting > 0 && act {
        let k = rng.random_range(0..acting);
        let c = legal
            .iter()
            .filter(|c| !is_passive(c))
            .nth(k)
            .expect("k < acting");
        if let Some(a) = fill_choice(c, supply, stock, rng) {
            return a;
        }
    }
    match passive {
        Some(Choice::EndTurn) => Action::EndTurn,
        Some(_) => Action::Decline,
        None => fill_choice(&legal[0], supply, stock, rng).expect("a legal choice"),
    }
}

fn is_passive(c: &Choice) -> bool {
    matches!(c, Choice::EndTurn | Choice::Decline)
}

/// The list's last choice when it is passive, and the choices before it.
fn split_passive(legal: &[Choice]) -> (Option<&Choice>, &[Choice]) {
    match legal.split_last() {
        Some((last, rest)) if is_passive(last) => (Some(last), rest),
        _ => (None, legal),
    }
}

/// [`random_choice`] from a list as the engine lists it: at most one passive choice, and it
/// last. The playout driver lists every decision so, and skips the look for another passive
/// choice among the acting ones (about 2% of a random game); debug builds still look.
pub(crate) fn random_listed(
    legal: &[Choice],
    supply: Counters,
    stock: Counters,
    rng: &mut ChaCha8Rng,
) -> Action {
    let (last, rest) = split_passive(legal);
    debug_assert!(!rest.iter().any(is_passive), "not the engine's order");
    draw_listed(legal, last, rest, supply, stock, rng)
}

/// The draw of [`random_choice`] when `passive` (if any) is last and `rest` holds the acting
/// choices: the same random stream, the drawn choice found by its place.
fn draw_listed(
    legal: &[Choice],
    passive: Option<&Choice>,
    rest: &[Choice],
    supply: Counters,
    stock: Counters,
    rng: &mut ChaCha8Rng,
) -> Action {
    // As in `random_choice`: ending a turn early is rarer than declining.
    let act = match passive {
        None => true,
        Some(Choice::EndTurn) => rng.random_bool(0.95),
        Some(_) => rng.random_bool(0.8),
    };
    if !rest.is_empty() && act {
        let k = rng.random_range(0..rest.len());
        if let Some(a) = fill_choice(&rest[k], supply, stock, rng) {
            return a;
        }
    }
    match passive {
        Some(Choice::EndTurn) => Action::EndTurn,
        Some(_) => Action::Decline,
        None => fill_choice(&legal[0], supply, stock, rng).expect("a legal choice"),
    }
}
