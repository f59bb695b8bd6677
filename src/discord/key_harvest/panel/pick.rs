//! Tile pickers: decisions that name several tiles, chosen one by one with the choice so far in
//! the screen's id: the tiles of a harvested group (KH 18), the casual worker's one or two tiles
//! (KH 34), the unskilled worker's tiles (KH 36), new crop (KH 52) and remote harvest (KH 56).
//! A one-click "all" is offered whenever it is allowed.

use super::{Item, KhScreen, Out, Panel, PickKind, Target};
use crate::discord::spec::Style;
use crate::games::key_harvest::board::bit;
use crate::games::key_harvest::game::spaces;
use crate::games::key_harvest::{Action, Choice, Prompt, Space, SpaceSet};
use crate::render::key_harvest::text::list;
use crate::t;

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

    /// Its button for `tiles` (`Harvest C4 wheat`, `Take from C4, D5`).
    fn label(&self, tiles: &str) -> String {
        match self {
            PickKind::Harvest { .. } | PickKind::Remote => t!("kh-pick-harvest", tiles = tiles),
            PickKind::Casual => t!("kh-pick-take-from", tiles = tiles),
            PickKind::Unskilled | PickKind::NewCrop => t!("kh-pick-turn-back", tiles = tiles),
        }
    }

    /// Its button for all `n` candidates.
    fn label_all(&self, n: u32) -> String {
        match self {
            PickKind::Harvest { .. } | PickKind::Remote => t!("kh-pick-harvest-all", count = n),
            PickKind::Casual => t!("kh-pick-take-from-all", count = n),
            PickKind::Unskilled | PickKind::NewCrop => t!("kh-pick-turn-back-all", count = n),
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
            PickKind::Harvest { .. } => t!("kh-pick-intro-harvest"),
            PickKind::Casual => t!("kh-pick-intro-casual"),
            PickKind::Unskilled => t!("kh-pick-intro-unskilled"),
            PickKind::NewCrop => t!("kh-pick-intro-new-crop"),
            PickKind::Remote => t!("kh-pick-intro-remote"),
        };
        if header || matches!(kind, PickKind::Harvest { .. }) {
            out.lines.push(what);
        }
        if kind.gains() {
            out.lines.push(t!(
                "kh-pick-may-choose",
                tiles = list(&spaces(cands).map(|s| self.tile(s)).collect::<Vec<_>>())
            ));
        }
        if chosen != 0 {
            out.lines.push(if kind.gains() {
                t!(
                    "kh-pick-chosen-gain",
                    tiles = self.tiles_list(chosen),
                    gain = self.gain_text(&kind.action(spaces(chosen).collect()))
                )
            } else {
                t!("kh-pick-chosen", tiles = self.tiles_list(chosen))
            });
        }
        let mut acts = Vec::new();
        let n = cands.count_ones();
        if n <= max {
            let label = if n == 1 {
                kind.label(&self.tile(cands.trailing_zeros() as Space))
            } else {
                kind.label_all(n)
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
                    kind.label(&self.tiles_list(chosen)),
                )
                .style(Style::Success),
            );
        }
        if !matches!(self.my_prompt(), Some(Prompt::Turn)) {
            acts.extend(self.decline(&t!("kh-decline")));
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
            self.options(out, toggles, 3, &t!("kh-ph-toggle"));
        }
        true
    }

    /// `C4 wheat, D5 wine` for a short list, `C4, D5, E6, F7, G8` for a long one.
    fn tiles_list(&self, set: SpaceSet) -> String {
        if set.count_ones() <= 2 {
            list(&spaces(set).map(|s| self.tile(s)).collect::<Vec<_>>())
        } else {
            list(&spaces(set).map(|s| self.r(s)).collect::<Vec<_>>())
        }
    }
}
