//! Key Harvest as text for players, made from views only: a seat's country board with its worker
//! and group lines, the registry, stores with bids, the town board, the score pad, and one
//! sentence per event. Pure: the CLI, tests and (later) Discord share it. Spaces are named by
//! their references (`C4`), crops by name.

use super::key_harvest::{Cell, draw_board, tile_token};
use crate::games::key_harvest::board::{Board, Space};
use crate::games::key_harvest::event::{Event, Gain, Place};
use crate::games::key_harvest::game::spaces;
use crate::games::key_harvest::pieces::{Counters, Seat};
use crate::games::key_harvest::score::{ScorePad, group_points};
use crate::games::key_harvest::view::{PublicView, SeatView};
use std::fmt::Write;

/// The cells of one seat's board.
pub fn cells(board: &Board, seat: &SeatView) -> Vec<Cell> {
    let mut cells = vec![Cell::Empty; Board::SPACES];
    for s in spaces(seat.fields) {
        cells[s as usize] = Cell::Field {
            crop: board.crop(s),
            harvested: seat.harvested & (1u64 << s) != 0,
        };
    }
    for (s, w) in &seat.workers {
        cells[*s as usize] = Cell::Worker { number: w.number() };
    }
    cells
}

/// A seat's board drawing, then its workers, groups and the score so far without crop points
/// (KH 69), as in the board design's worked example.
pub fn seat_board(board: &Board, seat: &SeatView, name: &str) -> String {
    let mut out = format!("{name} ({} start pair)\n", seat.start_pair);
    out.push_str(&draw_board(board, &cells(board, seat)));
    if !out.ends_with('\n') {
        out.push('\n');
    }
    let mut workers = seat.workers.clone();
    workers.sort_unstable();
    for (i, (s, w)) in workers.iter().enumerate() {
        let head = if i == 0 { "Workers:" } else { "        " };
        let _ = writeln!(
            out,
            "{head} {} <{}> {}",
            board.reference(*s),
            w.number(),
            w.name()
        );
    }
    let mut sizes: Vec<u32> = board
        .groups(seat.fields)
        .iter()
        .map(|g| g.count_ones())
        .collect();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    let (first, second, points) = group_points(sizes.clone());
    let rest = sizes.len().saturating_sub(2);
    let _ = writeln!(
        out,
        "Groups: {first} x1 + {second} x2{}",
        if rest > 0 {
            format!(" ({rest} more)")
        } else {
            String::new()
        }
    );
    let worker_points: u32 = seat.workers.iter().map(|(_, w)| w.number() as u32).sum();
    let _ = writeln!(
        out,
        "Score so far: {worker_points} + {points} = {}",
        seat.running_score
    );
    out
}

/// Counters as "2 hops, 1 wine", or "nothing".
pub fn counters(c: &Counters) -> String {
    c.to_string()
}

/// A seat's counters as the others see them (KH 70): known crops plus "?" for unrevealed
/// starting counters.
pub fn public_supply(seat: &SeatView) -> String {
    let mut s = counters(&seat.known);
    if seat.unknown > 0 {
        if seat.known.is_empty() {
            s = format!("{} ?", seat.unknown);
        } else {
            let _ = write!(s, ", {} ?", seat.unknown);
        }
    }
    format!("{s} ({} in all)", seat.total())
}

/// The registry in reference order: `B5[V] C7[H] ...`.
pub fn registry_line(board: &Board, view: &PublicView) -> String {
    let tiles: Vec<String> = spaces(view.registry)
        .map(|s| tile_token(board, s))
        .collect();
    if tiles.is_empty() {
        "(empty)".to_string()
    } else {
        tiles.join(" ")
    }
}

/// Each seat's store with its bids (public, KH 68).
pub fn stores_text(board: &Board, view: &PublicView, names: &[String]) -> String {
    let mut out = String::new();
    for s in &view.seats {
        let tiles: Vec<String> = s
            .store
            .iter()
            .map(|st| format!("{} bid {}", tile_token(board, st.tile), counters(&st.bid)))
            .collect();
        let _ = writeln!(
            out,
            "{}: {}",
            names[s.seat as usize],
            if tiles.is_empty() {
                "(empty)".to_string()
            } else {
                tiles.join("; ")
            }
        );
    }
    out
}

/// The town board: the ten event spaces and the townsfolk still free.
pub fn town_text(view: &PublicView) -> String {
    let mut out = String::new();
    for i in 0..10 {
        let label = if i == 6 {
            "7?".to_string()
        } else {
            (i + 1).to_string()
        };
        match view.track.get(i) {
            Some(e) => {
                let _ = writeln!(out, "{label:>3}: {} {}", e.letter(), e.name());
            }
            None => {
                let _ = writeln!(out, "{label:>3}: -");
            }
        }
    }
    let town: Vec<String> = view
        .town
        .iter()
        .map(|w| format!("{} {} ({})", w.letter(), w.name(), w.number()))
        .collect();
    let _ = writeln!(
        out,
        "Townsfolk free: {}",
        if town.is_empty() {
            "none".to_string()
        } else {
            town.join(", ")
        }
    );
    out
}

/// The score pad with every line (KH 64-67).
pub fn score_pad(pad: &ScorePad, names: &[String]) -> String {
    let width = names.iter().map(|n| n.len()).max().unwrap_or(6).max(6);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:width$}  workers  largest x1  second x2  crops  total  fields  counters  rank",
        "player"
    );
    for l in &pad.lines {
        let crops: String = l
            .crops
            .iter()
            .map(|c| c.name().to_string())
            .collect::<Vec<_>>()
            .join(", ");
        let _ = writeln!(
            out,
            "{:width$}  {:>7}  {:>10}  {:>9}  {:>5}  {:>5}  {:>6}  {:>8}  {:>4}{}",
            names[l.seat as usize],
            l.workers,
            format!("{} = {}", l.largest_group, l.largest_group),
            format!("{} = {}", l.second_group, 2 * l.second_group),
            l.crop_points,
            l.total,
            l.field_tiles,
            l.counters,
            l.rank,
            if crops.is_empty() {
                String::new()
            } else {
                format!("  (most {crops})")
            }
        );
    }
    let winners: Vec<&str> = pad
        .winners
        .iter()
        .map(|w| names[*w as usize].as_str())
        .collect();
    let how = match pad.tie_break {
        0 => "",
        1 => " (tie on points, broken by field tiles on the board)",
        2 => " (tie on points and field tiles, broken by counters)",
        _ => " (still tied after both tie-breaks: a shared win)",
    };
    let _ = writeln!(out, "Winner: {}{how}", winners.join(" and "));
    out
}

fn place(p: &Place, names: &[String]) -> String {
    match p {
        Place::Bag => "the bag".into(),
        Place::Registry => "the registry".into(),
        Place::Store { owner } => format!("{}'s store", names[*owner as usize]),
        Place::Board { owner } => format!("{}'s board", names[*owner as usize]),
        Place::Hands { seat } => format!("{}'s hands", names[*seat as usize]),
        Place::Fallow => "the fallow area".into(),
    }
}

fn refs(board: &Board, tiles: &[Space]) -> String {
    tiles
        .iter()
        .map(|t| board.reference(*t))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One sentence for an event. `viewer` is the seat reading it (None: the public); starting
/// counters hidden from the viewer (KH 69) are not described.
pub fn describe_event(
    board: &Board,
    e: &Event,
    names: &[String],
    players: u8,
    viewer: Option<Seat>,
) -> Option<String> {
    if !e.visible_to(viewer, players) {
        return None;
    }
    let n = |s: &Seat| names[*s as usize].as_str();
    let r = |s: &Space| board.reference(*s);
    Some(match e {
        Event::Setup {
            players,
            chooser,
            removed,
        } => format!(
            "A {players}-player game is set up; {} was drawn to name the start player{}.",
            n(chooser),
            if *removed > 0 {
                format!("; {removed} events were removed unseen")
            } else {
                String::new()
            }
        ),
        Event::StartPair {
            seat,
            colour,
            tiles,
        } => format!(
            "{} drew the {colour} start pair: {} and {}.",
            n(seat),
            tile_token(board, tiles[0]),
            tile_token(board, tiles[1])
        ),
        Event::StartingCounters { seat, counters: c } => {
            format!("{} starts with {}.", n(seat), counters(c))
        }
        Event::StartingPool { pool } => format!("The starting counters are {}.", counters(pool)),
        Event::StartPlayer { chooser, seat } => {
            format!("{} chose {} as the start player.", n(chooser), n(seat))
        }
        Event::TurnStarted { seat, turn } => format!("Turn {turn}: {}.", n(seat)),
        Event::TurnEnded { seat, actions } => {
            format!(
                "{} ended the turn after {}.",
                n(seat),
                super::plural(u32::from(*actions), "action", "actions")
            )
        }
        Event::Harvested {
            seat,
            tiles,
            gained,
        } => format!(
            "{} harvested {} and took {}.",
            n(seat),
            refs(board, tiles),
            counters(gained)
        ),
        Event::Gained {
            seat,
            counters: c,
            from,
        } => {
            let why = match from {
                Gain::Harvest => "from the harvest".to_string(),
                Gain::Worker(w) => format!("from the {}", w.name()),
                Gain::Event(ev) => format!("from event {} ({})", ev.letter(), ev.name()),
                Gain::Sale => "from a sale: the bid".to_string(),
            };
            format!("{} took {} {why}.", n(seat), counters(c))
        }
        Event::Paid {
            seat,
            to,
            counters: c,
        } => match to {
            Some(o) => format!("{} paid {} to {}.", n(seat), counters(c), n(o)),
            None => format!("{} paid {} to the stock.", n(seat), counters(c)),
        },
        Event::Renewed { seat, tiles } => format!(
            "{} turned {} back to unharvested.",
            n(seat),
            refs(board, tiles)
        ),
        Event::WorkerPlayed {
            seat,
            worker,
            space,
        } => format!(
            "{} played the {} ({}) on {}.",
            n(seat),
            worker.name(),
            worker.number(),
            r(space)
        ),
        Event::WorkerReturned {
            seat,
            worker,
            space,
        } => format!(
            "{}'s {} left {} and went back {}.",
            n(seat),
            worker.name(),
            r(space),
            if worker.is_townsfolk() {
                "to the town board"
            } else {
                "beside the board"
            }
        ),
        Event::WorkerDisplaced {
            seat,
            worker,
            space,
        } => format!(
            "A field tile landed on {}: {}'s {} came off.",
            r(space),
            n(seat),
            worker.name()
        ),
        Event::WorkerMoved {
            seat,
            worker,
            from,
            to,
        } => match from {
            Some(f) => format!(
                "{} moved the {} from {} to {}.",
                n(seat),
                worker.name(),
                r(f),
                r(to)
            ),
            None => format!("{} placed the {} on {}.", n(seat), worker.name(), r(to)),
        },
        Event::WorkerActs {
            seat,
            worker,
            space,
            copied,
        } => format!(
            "{}'s {} on {} {}.",
            n(seat),
            worker.name(),
            r(space),
            if *copied {
                "is copied by the lawyer"
            } else {
                "acts"
            }
        ),
        // A worker's optional ability, a reposition or an event part the seat chose not to use.
        Event::Declined { seat } => format!("{} declined.", n(seat)),
        Event::TileAcquired { seat, tile, from } => format!(
            "{} acquired {} from {}.",
            n(seat),
            tile_token(board, *tile),
            place(from, names)
        ),
        Event::TileFallowed { tile, from } => format!(
            "{} went from {} to the fallow area.",
            tile_token(board, *tile),
            place(from, names)
        ),
        Event::TileToHands { seat, tile, from } => format!(
            "{} went from {} into {}'s hands.",
            tile_token(board, *tile),
            place(from, names),
            n(seat)
        ),
        Event::TileToStore {
            seat, tile, bid, ..
        } => format!(
            "{} put {} in their store with a bid of {}.",
            n(seat),
            tile_token(board, *tile),
            counters(bid)
        ),
        Event::TileToRegistry { tile, from } => format!(
            "{} went from {} into the registry.",
            tile_token(board, *tile),
            place(from, names)
        ),
        Event::RegistryToBag { tiles } => format!(
            "The registry ({}) went back into the bag.",
            refs(board, tiles)
        ),
        Event::EventPlaced {
            event,
            space,
            drawer,
        } => format!(
            "{} drew event {} ({}); it goes on space {space}{}.",
            n(drawer),
            event.letter(),
            event.name(),
            if *space == 7 { " (the ? space)" } else { "" }
        ),
        Event::EventSetAside { event } => format!(
            "Event {} ({}) was drawn and set aside.",
            event.letter(),
            event.name()
        ),
        Event::EventsToBag { events } => format!(
            "The set-aside events ({}) went back into the bag.",
            events
                .iter()
                .map(|e| e.letter().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Event::QuestionCheck { returned } => format!(
            "The ? check: someone has fewer than 7 tiles, so events {} went back into the bag and the others moved down two spaces.",
            returned
                .iter()
                .map(|e| e.letter().to_string())
                .collect::<Vec<_>>()
                .join(" and ")
        ),
        Event::EventIgnored { event } => format!(
            "Event {} ({}) came after the tenth and was removed without effect.",
            event.letter(),
            event.name()
        ),
        Event::EventResolved { event } => {
            format!("Event {} ({}) is resolved.", event.letter(), event.name())
        }
        Event::EndTriggered { last_turn_seat } => format!(
            "The tenth event is on the town board: after this turn everyone takes two more turns, {} last.",
            n(last_turn_seat)
        ),
        Event::Stalemate => {
            "A whole round passed without an action: the game ends here.".to_string()
        }
        Event::GameEnded {
            pad,
            removed_events,
            ..
        } => {
            let winners: Vec<&str> = pad.winners.iter().map(n).collect();
            let removed = if removed_events.is_empty() {
                String::new()
            } else {
                format!(
                    " The events removed at setup were {}.",
                    removed_events
                        .iter()
                        .map(|e| format!("{} ({})", e.letter(), e.name()))
                        .collect::<Vec<_>>()
                        .join(" and ")
                )
            };
            format!("The game is over: {} won.{removed}", winners.join(" and "))
        }
    })
}
