//! Tile pickers: decisions that name several tiles, chosen one by one with the choice so far in
//! the screen's id: the tiles of a harvested group (KH 18), the casual worker's one or two tiles
//! (KH 34), the unskilled worker's tiles (KH 36), new crop (KH 52) and remote harvest (KH 56).
//! A one-click "all" is offered whenever it is allowed.

use super::{Item, KhScreen, Out, Panel, PickKind, Target};
use crate::discord::spec::Style;
use crate::games::key_harvest::board::bit;
use crate::games::key_harvest::game::spaces;
use crate::games::key_harvest::{Action, Choice, Prompt, Space, SpaceSet};

impl PickKind {
    /// The most tiles the decision names.
    fn max(&self) -> u32 {
        match self {
            PickKind::Casual | PickKind::NewCrop => 2,
            _ => 56,
        }
    }

    /// The action naming `tiles` (no substitutes yet).
    pub(super) fn action(&self, tiles: Vec<Space>) -> Action {
        match self {
            PickKind::Harvest { .. } => Action::Harvest {
                tiles,
                instead: Vec::new(),
            },
            PickKind::Casual => Action::CasualWorker {
                tiles,
                instead: Vec::new(),
            },
            PickKind::Unskilled => Action::UnskilledWorker { tiles },
            PickKind::NewCrop => Action::NewCrop { tiles },
            PickKind::Remote => Action::RemoteHarvest {
                tiles,
                instead: Vec::new(),
            },
        }
    }

    /// The verb of its buttons.
    fn verb(&self) -> &'static str {
        match self {
            PickKind::Harvest { .. } | PickKind::Remote => "Harvest",
            PickKind::Casual => "Take from",
            PickKind::Unskilled | PickKind::NewCrop => "Turn back",
        }
    }

    /// Whether it gives counters (and so may need substitutes, KH 6).
    fn gains(&self) -> bool {
        !matches!(self, PickKind::Unskilled | PickKind::NewCrop)
    }
}

impl Panel<'_> {
    /// The tiles a picker may choose from now; None when the decision is not open.
    fn candidates(&self, kind: &PickKind) -> Option<SpaceSet> {
        self.find(|c| match (kind, c) {
            (PickKind::Harvest { group }, Choice::Harvest { tiles })
                if tiles & bit(*group) != 0 =>
            {
                Some(*tiles)
            }
            (PickKind::Casual, Choice::CasualWorker { tiles })
            | (PickKind::Unskilled, Choice::UnskilledWorker { tiles })
            | (PickKind::NewCrop, Choice::NewCrop { tiles })
            | (PickKind::Remote, Choice::RemoteHarvest { tiles }) => Some(*tiles),
            _ => None,
        })
    }

    /// Whether the current decision may be declined (an optional ability or event part).
    pub(super) fn may_decline(&self) -> bool {
        self.has(|c| matches!(c, Choice::Decline))
    }

    pub(super) fn decline(&self, label: &str) -> Option<Item> {
        self.may_decline()
            .then(|| Item::act(Action::Decline, label).style(Style::Danger))
    }

    /// The target of an action that names tiles: the substitutes screen when it gains counters
    /// the stock is short of.
    fn pick_target(&self, kind: &PickKind, set: SpaceSet) -> Target {
        let a = kind.action(spaces(set).collect());
        if kind.gains() {
            self.gain_target(a)
        } else {
            Target::Act(a)
        }
    }

    /// The picker: "all" and "chosen" (acting), then a toggle per candidate tile. `header`
    /// says what is decided (on Main the prompt's own lines already say it).
    pub(super) fn pick(
        &self,
        out: &mut Out,
        kind: &PickKind,
        chosen: SpaceSet,
        header: bool,
    ) -> bool {
        let Some(cands) = self.candidates(kind) else {
            return false;
        };
        let max = kind.max();
        if cands == 0 || chosen & !cands != 0 || chosen.count_ones() > max {
            return false;
        }
        let what = match kind {
            PickKind::Harvest { .. } => "**(a) Harvest** (KH 18): turn over one or more unharvested tiles of this group; each gives one counter of its crop.".to_string(),
            PickKind::Casual => "**Casual worker** (KH 34): one counter each for one or two adjacent unharvested tiles (they stay unharvested).".to_string(),
            PickKind::Unskilled => "**Unskilled worker** (KH 36): turn adjacent harvested tiles back to unharvested.".to_string(),
            PickKind::NewCrop => "**Event R · new crop** (KH 52): turn up to two of your harvested tiles back to unharvested.".to_string(),
            PickKind::Remote => "**Event V · remote harvest** (KH 56): harvest any of your unconnected unharvested tiles.".to_string(),
        };
        if header || matches!(kind, PickKind::Harvest { .. }) {
            out.lines.push(what);
        }
        if kind.gains() {
            out.lines.push(format!(
                "Tiles you may choose: {}.",
                spaces(cands)
                    .map(|s| self.tile(s))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if chosen != 0 {
            let mut line = format!("Chosen so far: {}", self.tiles_list(chosen));
            if kind.gains() {
                line.push_str(&format!(
                    " ({})",
                    self.gain_text(&kind.action(spaces(chosen).collect()))
                ));
            }
            out.lines.push(line + ".");
        }
        let verb = kind.verb();
        let mut acts = Vec::new();
        let n = cands.count_ones();
        if n <= max {
            let label = if n == 1 {
                format!("{verb} {}", self.tile(cands.trailing_zeros() as Space))
            } else {
                format!("{verb} all {n}")
            };
            let desc = if kind.gains() {
                self.gain_text(&kind.action(spaces(cands).collect()))
            } else {
                String::new()
            };
            let label = if desc.is_empty() {
                label
            } else {
                format!("{label} ({desc})")
            };
            acts.push(Item::new(self.pick_target(kind, cands), label).style(Style::Primary));
        }
        if chosen != 0 && chosen != cands {
            acts.push(
                Item::new(
                    self.pick_target(kind, chosen),
                    format!("{verb} {}", self.tiles_list(chosen)),
                )
                .style(Style::Success),
            );
        }
        if !matches!(self.my_prompt(), Some(Prompt::Turn)) {
            acts.extend(self.decline("Decline"));
        }
        self.buttons(out, acts);
        if n > 1 {
            let full = chosen.count_ones() >= max;
            let toggles: Vec<Item> = spaces(cands)
                .map(|s| {
                    let on = chosen & bit(s) != 0;
                    let next = KhScreen::Pick {
                        kind: kind.clone(),
                        chosen: chosen ^ bit(s),
                    };
                    if on {
                        Item::go(next, format!("− {}", self.tile(s)))
                    } else {
                        Item::go(next, format!("+ {}", self.tile(s))).off(full)
                    }
                })
                .collect();
            self.options(out, toggles, 3, "Add or remove a tile");
        }
        true
    }

    /// `C4 wheat, D5 wine` for a short list, `C4, D5, E6, F7, G8` for a long one.
    fn tiles_list(&self, set: SpaceSet) -> String {
        if set.count_ones() <= 2 {
            spaces(set)
                .map(|s| self.tile(s))
                .collect::<Vec<_>>()
                .join(", ")
        } else {
            spaces(set)
                .map(|s| self.r(s))
                .collect::<Vec<_>>()
                .join(", ")
        }
    }
}
