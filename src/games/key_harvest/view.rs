//! What players may see (KH 68-70). The Discord side and the bots use only these views, never
//! [`Game`] itself. No view holds the order of the bag, the events removed at setup (before the
//! end), or another player's unrevealed starting counters.

use super::action::TurnAction;
use super::board::{Space, SpaceSet};
use super::game::{Game, Phase, Prompt, StoreTile};
use super::legal::Choice;
use super::pieces::{Counters, EventTile, Seat, Worker};
use super::score::ScorePad;
use serde::{Deserialize, Serialize};

/// One seat as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Seat,
    pub fields: SpaceSet,
    pub harvested: SpaceSet,
    pub workers: Vec<(Space, Worker)>,
    pub unplayed: Vec<Worker>,
    pub store: Vec<StoreTile>,
    /// KH 70: counters whose crop the others know.
    pub known: Counters,
    /// KH 70: unrevealed starting counters, shown as "?".
    pub unknown: u32,
    pub start_pair: String,
    /// KH 69: the score so far without crop points, which could reveal hidden counters
    /// (workers, largest group x1, second largest x2).
    pub running_score: u32,
    /// KH 66: the crop majorities' points, once the game has ended (before, they could reveal
    /// hidden counters, KH 69). `None` while the game runs.
    #[serde(default)]
    pub crop_points: Option<u32>,
}

impl SeatView {
    /// The score to show: the final total (workers, groups and crop majorities, as the pad
    /// adds them) once the game has ended, else the score so far (`running_score`).
    pub fn shown_score(&self) -> u32 {
        self.running_score + self.crop_points.unwrap_or(0)
    }

    /// True when [`SeatView::shown_score`] is the final score (the game has ended).
    pub fn is_final(&self) -> bool {
        self.crop_points.is_some()
    }

    pub fn total(&self) -> u32 {
        self.known.total() + self.unknown
    }
}

/// The table as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicView {
    pub players: u8,
    pub seats: Vec<SeatView>,
    pub stock: Counters,
    pub registry: SpaceSet,
    pub fallow: SpaceSet,
    /// Townsfolk on the town board.
    pub town: Vec<Worker>,
    /// Events on the town board, space 1 first.
    pub track: Vec<EventTile>,
    /// Events placed and waiting for the current one to finish (KH 31).
    pub waiting: Vec<EventTile>,
    pub ignored: Vec<EventTile>,
    /// Events in the bag that everyone saw go back into it (KH 29, 61): never among the events
    /// removed at setup.
    #[serde(default)]
    pub returned: Vec<EventTile>,
    /// Known only once the game is over (KH 69).
    pub removed: Option<Vec<EventTile>>,
    pub bag_fields: u32,
    pub bag_events: u32,
    pub active: Seat,
    pub turn: u32,
    pub actions_done: u8,
    /// The turn's actions done so far, as bits of [`TurnAction::bit`] (public: everyone saw
    /// them), and the last one with how many tiles it took (a second tile of (c) or (d), KH 22,
    /// 24). A search bot rebuilds the turn from these.
    #[serde(default)]
    pub turn_done: u8,
    #[serde(default)]
    pub turn_last: Option<(TurnAction, u8)>,
    /// KH 17: turns in a row without an action (public).
    #[serde(default)]
    pub idle_turns: u8,
    pub start_player: Seat,
    pub end_triggered: bool,
    pub final_turns: Option<u8>,
    pub prompt: Option<(Seat, Prompt)>,
    pub ended: bool,
    pub pad: Option<ScorePad>,
    /// KH 12: the starting pool's make-up.
    pub pool: Counters,
}

/// One seat's view: the public view, their own supply in full, and what they may do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub public: PublicView,
    pub seat: Seat,
    pub supply: Counters,
    pub legal: Vec<Choice>,
}

fn events_of(mask: u16) -> Vec<EventTile> {
    EventTile::in_mask(mask).collect()
}

impl Game {
    pub fn public_view(&self) -> PublicView {
        let s = &self.s;
        let ended = s.phase == Phase::Ended;
        PublicView {
            players: self.players(),
            seats: s
                .players
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let mut known = p.supply;
                    known.sub(&p.hidden);
                    let mut workers = p.workers.clone();
                    workers.sort_unstable();
                    let workers_points: u32 =
                        p.workers.iter().map(|(_, w)| w.number() as u32).sum();
                    let (_, _, group_points) =
                        super::score::group_points(self.group_sizes(i as Seat));
                    SeatView {
                        seat: i as Seat,
                        running_score: workers_points + group_points,
                        crop_points: s.pad.as_ref().and_then(|pad| {
                            pad.lines
                                .iter()
                                .find(|l| usize::from(l.seat) == i)
                                .map(|l| l.crop_points)
                        }),
                        fields: p.fields,
                        harvested: p.harvested,
                        workers,
                        unplayed: Worker::FARMHANDS
                            .into_iter()
                            .filter(|w| p.unplayed & (1 << w.index()) != 0)
                            .collect(),
                        store: p.store.clone(),
                        known,
                        unknown: p.hidden.total(),
                        start_pair: self.board.start_pairs()[p.start_pair as usize]
                            .colour
                            .clone(),
                    }
                })
                .collect(),
            stock: s.stock,
            registry: s.registry,
            fallow: s.fallow,
            town: Worker::TOWNSFOLK
                .into_iter()
                .filter(|w| s.town & (1 << (w.index() - 6)) != 0)
                .collect(),
            track: s.track.clone(),
            waiting: s.waiting.iter().map(|(e, _)| *e).collect(),
            ignored: events_of(s.ignored_events),
            returned: events_of(s.returned_events & s.bag_events),
            removed: ended.then(|| events_of(s.removed_events)),
            bag_fields: s.bag_fields.count_ones(),
            bag_events: s.bag_events.count_ones(),
            active: s.turn.active,
            turn: s.turn.number,
            actions_done: s.turn.actions(),
            turn_done: s.turn.done,
            turn_last: s.turn.last,
            idle_turns: s.idle_turns,
            start_player: s.start_player,
            end_triggered: s.end_triggered,
            final_turns: s.final_turns,
            prompt: self.prompt(),
            ended,
            pad: s.pad.clone(),
            pool: s.pool,
        }
    }

    pub fn player_view(&self, seat: Seat) -> PlayerView {
        PlayerView {
            public: self.public_view(),
            seat,
            supply: self.s.players[seat as usize].supply,
            legal: self.legal_actions(seat),
        }
    }
}
