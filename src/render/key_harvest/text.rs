//! Key Harvest as text for players, made from views only: a seat's country board with its worker
//! and group lines, the registry, stores with bids, the town board, the score pad, and one
//! sentence per event. Pure: the CLI, tests and Discord share it. Spaces are named by their
//! references (`C4`), crops by name. Every text comes from the message catalogue
//! (`src/i18n/<lang>/key_harvest.ftl`) in the language in scope; crop and colour names come from
//! the board data (`name_ja`, `counter_ja`, `colour_ja`), in English when the file has none.

use super::{Cell, draw_board, tile_token};
use crate::games::key_harvest::board::{Board, Crop, Space};
use crate::games::key_harvest::event::{DeclinedWhat, Event, Gain, Place};
use crate::games::key_harvest::game::spaces;
use crate::games::key_harvest::pieces::{Counters, EventTile, Seat, Worker};
use crate::games::key_harvest::score::{ScorePad, group_points};
use crate::games::key_harvest::view::{PublicView, SeatView};
use crate::i18n::{self, Locale};
use crate::t;
use std::fmt::Write;

fn ja() -> bool {
    i18n::current() == Locale::Ja
}

/// A crop's name in the language in scope: the board file's `name_ja` in Japanese (English when
/// it has none).
pub fn crop_name(board: &Board, c: Crop) -> String {
    match board.crop_name_ja(c) {
        Some(n) if ja() => n.to_string(),
        _ => c.name().to_string(),
    }
}

/// [`crop_name`] of each of `crops`; the rulebook's English names without a board.
pub fn crop_names(board: Option<&Board>, crops: &[Crop]) -> Vec<String> {
    crops
        .iter()
        .map(|c| match board {
            Some(b) => crop_name(b, *c),
            None => c.name().to_string(),
        })
        .collect()
}

/// The colour of a crop's counters in the language in scope (`counter_ja`).
pub fn counter_colour(board: &Board, c: Crop) -> String {
    match board.counter_colour_ja(c) {
        Some(n) if ja() => n.to_string(),
        _ => board.counter_colour(c).to_string(),
    }
}

/// A start pair's colour (as the file spells it in English) in the language in scope
/// (`colour_ja`).
pub fn start_colour(board: &Board, colour: &str) -> String {
    match board.start_colour_ja(colour) {
        Some(n) if ja() => n.to_string(),
        _ => colour.to_string(),
    }
}

/// A worker's name (lower case in English: `casual worker`).
pub fn worker_name(w: Worker) -> String {
    crate::i18n::named("kh-worker", w.name())
}

/// An event tile's name (lower case in English: `blind swap`).
pub fn event_name(e: EventTile) -> String {
    crate::i18n::named("kh-event", e.name())
}

/// A list: `a, b, c` in English, `a、b、c` in Japanese.
pub fn list(parts: &[String]) -> String {
    parts.join(if ja() { "、" } else { ", " })
}

/// `a`, `a and b`, `a, b and c` (Japanese: `a、b、c`).
pub fn and_list(parts: &[String]) -> String {
    if ja() {
        parts.join("、")
    } else {
        crate::render::and_list(parts)
    }
}

/// `n` counters of one crop: `2 hops`, `1 vegetable` (Japanese `ホップ×2`).
pub fn count(board: &Board, n: u32, c: Crop) -> String {
    let crop = if n == 1 {
        crop_name_one(board, c)
    } else {
        crop_name(board, c)
    };
    t!("kh-count", n = n, crop = crop)
}

/// A crop's name after "1" in the language in scope: "vegetable" (Japanese as `crop_name`).
pub fn crop_name_one(board: &Board, c: Crop) -> String {
    if ja() {
        crop_name(board, c)
    } else {
        one_crop(c).to_string()
    }
}

/// A crop's English name for one counter ("1 vegetable", not "1 vegetables").
fn one_crop(c: Crop) -> &'static str {
    match c {
        Crop::Hops => "hop",
        Crop::Vegetables => "vegetable",
        Crop::CiderApples => "cider apple",
        Crop::Wine => "wine",
        Crop::Wheat => "wheat",
    }
}

/// Counters as "2 hops, 1 wine", or "nothing".
pub fn counters(board: &Board, c: &Counters) -> String {
    let parts: Vec<String> = c
        .crops()
        .map(|k| count(board, u32::from(c.get(k)), k))
        .collect();
    if parts.is_empty() {
        t!("kh-nothing")
    } else {
        list(&parts)
    }
}

/// The width of `s` in a monospaced code block: East Asian wide characters take two columns
/// (the same measure as the Fields of Green pad's, from the `unicode-width` crate).
pub fn width(s: &str) -> usize {
    crate::render::phone::width(s)
}

/// `s` padded with spaces to `w` columns, on the right (`left`) or on the left.
fn padded(s: &str, w: usize, left: bool) -> String {
    let fill = " ".repeat(w.saturating_sub(width(s)));
    if left {
        format!("{s}{fill}")
    } else {
        format!("{fill}{s}")
    }
}

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
/// (KH 69), as in the board design's worked example; once the game has ended, the final score.
pub fn seat_board(board: &Board, seat: &SeatView, name: &str) -> String {
    let mut out = t!(
        "kh-seat-board-head",
        name = name,
        colour = start_colour(board, &seat.start_pair)
    );
    out.push('\n');
    out.push_str(&draw_board(board, &cells(board, seat)));
    if !out.ends_with('\n') {
        out.push('\n');
    }
    let mut workers = seat.workers.clone();
    workers.sort_unstable();
    let head = t!("kh-seat-workers");
    let indent = " ".repeat(width(&head));
    for (i, (s, w)) in workers.iter().enumerate() {
        let head = if i == 0 { &head } else { &indent };
        let _ = writeln!(
            out,
            "{head} {} <{}> {}",
            board.reference(*s),
            w.number(),
            worker_name(*w)
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
    let groups = if rest > 0 {
        t!(
            "kh-seat-groups-more",
            first = first,
            second = second,
            rest = rest
        )
    } else {
        t!("kh-seat-groups", first = first, second = second)
    };
    let _ = writeln!(out, "{groups}");
    let worker_points: u32 = seat.workers.iter().map(|(_, w)| w.number() as u32).sum();
    let score = match seat.crop_points {
        // Once the game has ended: the final score, crop majorities included (KH 66).
        Some(crops) => t!(
            "kh-seat-score-final",
            workers = worker_points,
            groups = points,
            crops = crops,
            total = seat.shown_score()
        ),
        None => t!(
            "kh-seat-score",
            workers = worker_points,
            groups = points,
            total = seat.running_score
        ),
    };
    let _ = writeln!(out, "{score}");
    out
}

/// A seat's counters as the others see them (KH 70): known crops plus "?" for unrevealed
/// starting counters.
pub fn public_supply(board: &Board, seat: &SeatView) -> String {
    let mut s = counters(board, &seat.known);
    if seat.unknown > 0 {
        if seat.known.is_empty() {
            s = format!("{} ?", seat.unknown);
        } else {
            s = list(&[s, format!("{} ?", seat.unknown)]);
        }
    }
    t!("kh-supply-in-all", counters = s, total = seat.total())
}

/// The registry in reference order: `B5 (vegetables), C7 (hops), ...`.
pub fn registry_line(board: &Board, view: &PublicView) -> String {
    let tiles: Vec<String> = spaces(view.registry)
        .map(|s| tile_token(board, s))
        .collect();
    if tiles.is_empty() {
        t!("kh-empty-paren")
    } else if ja() {
        tiles.join("、")
    } else {
        tiles.join(", ")
    }
}

/// Each seat's store with its bids (public, KH 68).
pub fn stores_text(board: &Board, view: &PublicView, names: &[String]) -> String {
    let mut out = String::new();
    for s in &view.seats {
        let tiles: Vec<String> = s
            .store
            .iter()
            .map(|st| {
                t!(
                    "kh-store-tile-bid",
                    tile = tile_token(board, st.tile),
                    bid = counters(board, &st.bid)
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "{}: {}",
            names[s.seat as usize],
            if tiles.is_empty() {
                t!("kh-empty-paren")
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
                let _ = writeln!(out, "{label:>3}: {} {}", e.letter(), event_name(*e));
            }
            None => {
                let _ = writeln!(out, "{label:>3}: -");
            }
        }
    }
    let town: Vec<String> = view
        .town
        .iter()
        .map(|w| format!("{} {} ({})", w.letter(), worker_name(*w), w.number()))
        .collect();
    let _ = writeln!(
        out,
        "{}",
        t!(
            "kh-town-free",
            townsfolk = if town.is_empty() {
                t!("kh-none")
            } else {
                list(&town)
            }
        )
    );
    out
}

/// The score pad with every line (KH 64-67), crops named in English.
pub fn score_pad(pad: &ScorePad, names: &[String]) -> String {
    score_pad_on(None, pad, names)
}

/// The score pad with every line (KH 64-67), crops named from `board` when given. Columns are
/// aligned by display width (a Japanese header or name takes two columns a character).
pub fn score_pad_on(board: Option<&Board>, pad: &ScorePad, names: &[String]) -> String {
    let name_width = names.iter().map(|n| width(n)).max().unwrap_or(6).max(6);
    let heads = [
        t!("kh-pad-workers"),
        t!("kh-pad-largest"),
        t!("kh-pad-second"),
        t!("kh-pad-crops"),
        t!("kh-pad-total"),
        t!("kh-pad-fields"),
        t!("kh-pad-counters"),
        t!("kh-pad-rank"),
    ];
    // The final order of every screen: by place (KH 67), then seat.
    let mut lines: Vec<_> = pad.lines.iter().collect();
    lines.sort_by_key(|l| (l.rank, l.seat));
    let rows: Vec<[String; 8]> = lines
        .iter()
        .map(|l| {
            [
                l.workers.to_string(),
                format!("{} = {}", l.largest_group, l.largest_group),
                format!("{} = {}", l.second_group, 2 * l.second_group),
                l.crop_points.to_string(),
                l.total.to_string(),
                l.field_tiles.to_string(),
                l.counters.to_string(),
                l.rank.to_string(),
            ]
        })
        .collect();
    let widths: Vec<usize> = (0..8)
        .map(|k| {
            rows.iter()
                .map(|r| width(&r[k]))
                .chain([width(&heads[k])])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = padded(&t!("kh-pad-player"), name_width, true);
    for (h, w) in heads.iter().zip(&widths) {
        out.push_str("  ");
        out.push_str(&padded(h, *w, false));
    }
    out.push('\n');
    for (l, row) in pad.lines.iter().zip(&rows) {
        out.push_str(&padded(&names[l.seat as usize], name_width, true));
        for (v, w) in row.iter().zip(&widths) {
            out.push_str("  ");
            out.push_str(&padded(v, *w, false));
        }
        let crops = crop_names(board, &l.crops);
        if !crops.is_empty() {
            out.push_str("  ");
            out.push_str(&t!("kh-pad-most", crops = list(&crops)));
        }
        out.push('\n');
    }
    let winners: Vec<String> = pad
        .winners
        .iter()
        .map(|w| names[*w as usize].clone())
        .collect();
    let winners = if ja() {
        winners.join("、")
    } else {
        winners.join(" and ")
    };
    let line = match pad.tie_break {
        0 => t!("kh-pad-winner", names = winners),
        1 => t!("kh-pad-winner-fields", names = winners),
        2 => t!("kh-pad-winner-counters", names = winners),
        _ => t!("kh-pad-winner-shared", names = winners),
    };
    let _ = writeln!(out, "{line}");
    for tie in tie_lines(pad, names) {
        let _ = writeln!(out, "{tie}");
    }
    out
}

/// One short line for every tie on points at the end, at every place: most field tiles on the
/// board, then most counters (KH 67 for the win, the same order for every other place); players
/// still tied share the place. In the final order (place, then seat). Empty when no two players
/// have the same points. `names` are used as given (escape them for markdown first).
pub fn tie_lines(pad: &ScorePad, names: &[String]) -> Vec<String> {
    let mut lines: Vec<_> = pad.lines.iter().collect();
    lines.sort_by_key(|l| (l.rank, l.seat));
    let placed: Vec<crate::render::Placed> = lines
        .iter()
        .map(|l| crate::render::Placed {
            seat: usize::from(l.seat),
            place: u32::from(l.rank),
            score: l.total,
            first: l.field_tiles,
            second: l.counters,
        })
        .collect();
    let name = |seat: usize| crate::render::seat_name(names, seat);
    crate::render::tie_groups(&placed)
        .iter()
        .map(|g| {
            let entries: Vec<String> = g
                .members
                .iter()
                .map(|p| {
                    if g.second_read {
                        t!(
                            "kh-tie-entry-counters",
                            name = name(p.seat),
                            fields = p.first,
                            counters = p.second
                        )
                    } else {
                        t!("kh-tie-entry-fields", name = name(p.seat), fields = p.first)
                    }
                })
                .collect();
            let by = if g.second_read {
                t!("kh-tie-by-counters")
            } else {
                t!("kh-tie-by-fields")
            };
            let mut line = t!(
                "kh-tie-line",
                points = g.score,
                by = by,
                list = list(&entries)
            );
            for (place, seats) in &g.shared {
                let who: Vec<String> = seats.iter().map(|&s| name(s)).collect();
                if !ja() {
                    line.push(' ');
                }
                line.push_str(&t!(
                    "kh-tie-shared-place",
                    names = and_list(&who),
                    place = *place
                ));
            }
            line
        })
        .collect()
}

/// [`place`] as the seat `actor` reads it in a sentence about itself: "their own store", not
/// "Ada's store" when Ada takes from her own (issue 43).
fn place_for(p: &Place, names: &[String], actor: Seat) -> String {
    match p {
        Place::Store { owner } if *owner == actor => t!("kh-place-store-own"),
        Place::Board { owner } if *owner == actor => t!("kh-place-board-own"),
        Place::Hands { seat } if *seat == actor => t!("kh-place-hands-own"),
        _ => place(p, names),
    }
}

fn place(p: &Place, names: &[String]) -> String {
    match p {
        Place::Bag => t!("kh-place-bag"),
        Place::Registry => t!("kh-place-registry"),
        Place::Store { owner } => t!("kh-place-store", name = names[*owner as usize].as_str()),
        Place::Board { owner } => t!("kh-place-board", name = names[*owner as usize].as_str()),
        Place::Hands { seat } => t!("kh-place-hands", name = names[*seat as usize].as_str()),
        Place::Fallow => t!("kh-place-fallow"),
    }
}

fn refs(board: &Board, tiles: &[Space]) -> String {
    list(
        &tiles
            .iter()
            .map(|t| board.reference(*t))
            .collect::<Vec<_>>(),
    )
}

/// `M (blind swap)`.
fn event_label(e: EventTile) -> String {
    format!("{} ({})", e.letter(), event_name(e))
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
    let n = |s: &Seat| names[*s as usize].clone();
    let r = |s: &Space| board.reference(*s);
    let c = |x: &Counters| counters(board, x);
    let tok = |s: &Space| tile_token(board, *s);
    Some(match e {
        Event::Setup {
            players,
            chooser,
            removed,
        } => {
            if *removed > 0 {
                t!(
                    "kh-ev-setup-removed",
                    players = *players,
                    name = n(chooser),
                    removed = *removed
                )
            } else {
                t!("kh-ev-setup", players = *players, name = n(chooser))
            }
        }
        Event::StartPair {
            seat,
            colour,
            tiles,
        } => t!(
            "kh-ev-start-pair",
            name = n(seat),
            colour = start_colour(board, colour),
            first = tok(&tiles[0]),
            second = tok(&tiles[1])
        ),
        Event::StartingCounters { seat, counters: x } => {
            t!("kh-ev-starting-counters", name = n(seat), counters = c(x))
        }
        Event::StartingPool { pool } => t!("kh-ev-starting-pool", counters = c(pool)),
        // "Bram chose Bram as the start player" reads as two people: said as a choice of oneself.
        Event::StartPlayer { chooser, seat } if chooser == seat => {
            t!("kh-ev-start-player-self", chooser = n(chooser))
        }
        Event::StartPlayer { chooser, seat } => {
            t!("kh-ev-start-player", chooser = n(chooser), name = n(seat))
        }
        Event::TurnStarted { seat, turn } => t!("kh-ev-turn", turn = *turn, name = n(seat)),
        Event::TurnEnded { seat, actions } => {
            t!("kh-ev-turn-ended", name = n(seat), actions = *actions)
        }
        Event::Harvested {
            seat,
            tiles,
            gained,
        } => {
            if gained.is_empty() {
                t!(
                    "kh-ev-harvested-nothing",
                    name = n(seat),
                    tiles = refs(board, tiles)
                )
            } else {
                t!(
                    "kh-ev-harvested",
                    name = n(seat),
                    tiles = refs(board, tiles),
                    counters = c(gained)
                )
            }
        }
        Event::Gained {
            seat,
            counters: x,
            from,
        } => match from {
            Gain::Harvest => t!("kh-ev-gained-harvest", name = n(seat), counters = c(x)),
            Gain::Worker(w) => t!(
                "kh-ev-gained-worker",
                name = n(seat),
                counters = c(x),
                worker = worker_name(*w)
            ),
            Gain::Event(ev) => t!(
                "kh-ev-gained-event",
                name = n(seat),
                counters = c(x),
                event = event_label(*ev)
            ),
            Gain::Sale => t!("kh-ev-gained-sale", name = n(seat), counters = c(x)),
        },
        Event::Paid {
            seat,
            to,
            counters: x,
        } => match to {
            Some(o) => t!("kh-ev-paid", name = n(seat), counters = c(x), to = n(o)),
            None => t!("kh-ev-paid-stock", name = n(seat), counters = c(x)),
        },
        Event::Renewed { seat, tiles } => {
            t!("kh-ev-renewed", name = n(seat), tiles = refs(board, tiles))
        }
        Event::WorkerPlayed {
            seat,
            worker,
            space,
        } => t!(
            "kh-ev-worker-played",
            name = n(seat),
            worker = worker_name(*worker),
            number = worker.number(),
            space = r(space)
        ),
        Event::WorkerReturned {
            seat,
            worker,
            space,
        } => {
            if worker.is_townsfolk() {
                t!(
                    "kh-ev-worker-returned-town",
                    name = n(seat),
                    worker = worker_name(*worker),
                    space = r(space)
                )
            } else {
                t!(
                    "kh-ev-worker-returned",
                    name = n(seat),
                    worker = worker_name(*worker),
                    space = r(space)
                )
            }
        }
        Event::WorkerDisplaced {
            seat,
            worker,
            space,
        } => t!(
            "kh-ev-worker-displaced",
            space = r(space),
            name = n(seat),
            worker = worker_name(*worker)
        ),
        Event::WorkerMoved {
            seat,
            worker,
            from,
            to,
        } => match from {
            Some(f) => t!(
                "kh-ev-worker-moved",
                name = n(seat),
                worker = worker_name(*worker),
                from = r(f),
                to = r(to)
            ),
            None => t!(
                "kh-ev-worker-placed",
                name = n(seat),
                worker = worker_name(*worker),
                to = r(to)
            ),
        },
        Event::WorkerActs {
            seat,
            worker,
            space,
            copied,
        } => {
            if *copied {
                t!(
                    "kh-ev-worker-copied",
                    name = n(seat),
                    worker = worker_name(*worker),
                    space = r(space)
                )
            } else {
                t!(
                    "kh-ev-worker-acts",
                    name = n(seat),
                    worker = worker_name(*worker),
                    space = r(space)
                )
            }
        }
        // A worker's optional ability, a reposition or an event part the seat chose not to use.
        // What was declined is named (issue 43: a bare "Cleo declined." said nothing).
        Event::Declined { seat, what } => match what {
            Some(DeclinedWhat::Ability { worker }) => t!(
                "kh-ev-declined-ability",
                name = n(seat),
                worker = worker_name(*worker)
            ),
            Some(DeclinedWhat::NothingToDo { worker }) => t!(
                "kh-ev-declined-nothing",
                name = n(seat),
                worker = worker_name(*worker)
            ),
            Some(DeclinedWhat::Event { event }) => t!(
                "kh-ev-declined-event",
                name = n(seat),
                event = event_label(*event)
            ),
            None => t!("kh-ev-declined", name = n(seat)),
        },
        Event::TileAcquired {
            seat,
            tile,
            from: Place::Hands { seat: holder },
        } if holder == seat => t!("kh-ev-tile-acquired-held", name = n(seat), tile = tok(tile)),
        Event::TileAcquired { seat, tile, from } => t!(
            "kh-ev-tile-acquired",
            name = n(seat),
            tile = tok(tile),
            from = place_for(from, names, *seat)
        ),
        Event::TileFallowed { tile, from } => t!(
            "kh-ev-tile-fallowed",
            tile = tok(tile),
            from = place(from, names)
        ),
        Event::TileToHands { seat, tile, from } => t!(
            "kh-ev-tile-to-hands",
            tile = tok(tile),
            from = place(from, names),
            name = n(seat)
        ),
        Event::TileToStore {
            seat, tile, bid, ..
        } => t!(
            "kh-ev-tile-to-store",
            name = n(seat),
            tile = tok(tile),
            bid = c(bid)
        ),
        Event::TileToRegistry { tile, from } => t!(
            "kh-ev-tile-to-registry",
            tile = tok(tile),
            from = place(from, names)
        ),
        Event::RegistryToBag { tiles } => {
            t!("kh-ev-registry-to-bag", tiles = refs(board, tiles))
        }
        Event::EventPlaced {
            event,
            space,
            drawer,
        } => {
            if *space == 7 {
                t!(
                    "kh-ev-event-placed-question",
                    name = n(drawer),
                    event = event_label(*event),
                    space = *space
                )
            } else {
                t!(
                    "kh-ev-event-placed",
                    name = n(drawer),
                    event = event_label(*event),
                    space = *space
                )
            }
        }
        Event::EventSetAside { event } => {
            t!("kh-ev-event-set-aside", event = event_label(*event))
        }
        Event::EventsToBag { events } => t!(
            "kh-ev-events-to-bag",
            events = list(
                &events
                    .iter()
                    .map(|e| e.letter().to_string())
                    .collect::<Vec<_>>()
            )
        ),
        Event::QuestionCheck { returned } => {
            let letters: Vec<String> = returned.iter().map(|e| e.letter().to_string()).collect();
            t!(
                "kh-ev-question-check",
                events = if ja() {
                    letters.join("と")
                } else {
                    letters.join(" and ")
                }
            )
        }
        Event::EventIgnored { event } => t!("kh-ev-event-ignored", event = event_label(*event)),
        Event::EventResolved { event } => {
            t!("kh-ev-event-resolved", event = event_label(*event))
        }
        Event::EndTriggered { last_turn_seat } => {
            t!("kh-ev-end-triggered", name = n(last_turn_seat))
        }
        Event::Stalemate => t!("kh-ev-stalemate"),
        Event::GameEnded {
            pad,
            removed_events,
            ..
        } => {
            let winners: Vec<String> = pad.winners.iter().map(n).collect();
            let winners = if ja() {
                winners.join("、")
            } else {
                winners.join(" and ")
            };
            if removed_events.is_empty() {
                t!("kh-ev-game-ended", names = winners)
            } else {
                let removed: Vec<String> = removed_events.iter().map(|e| event_label(*e)).collect();
                t!(
                    "kh-ev-game-ended-removed",
                    names = winners,
                    removed = if ja() {
                        removed.join("、")
                    } else {
                        removed.join(" and ")
                    }
                )
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A player who names themself the start player is said to, in both languages, not named
    /// twice ("Bram chose Bram as the start player").
    #[test]
    fn a_start_player_who_chose_themself_reads_naturally() {
        let board = Board::standard();
        let names: Vec<String> = ["Ada", "Bram"].map(String::from).to_vec();
        let line = |chooser, seat, locale| {
            i18n::with(locale, || {
                describe_event(
                    &board,
                    &Event::StartPlayer { chooser, seat },
                    &names,
                    2,
                    None,
                )
            })
            .unwrap()
        };
        assert_eq!(line(1, 1, Locale::En), "Bram chose to start.");
        assert_eq!(
            line(0, 1, Locale::En),
            "Ada chose Bram as the start player."
        );
        assert_eq!(
            line(0, 0, Locale::Ja),
            "Adaが自分をスタートプレイヤーに選びました。"
        );
        assert_eq!(
            line(1, 0, Locale::Ja),
            "BramがAdaをスタートプレイヤーに選びました。"
        );
    }
}
