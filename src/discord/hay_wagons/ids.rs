//! Hay Wagons' component id codec: every button carries its whole meaning, as the other games'
//! do (`w:<game>:<version>:<verb>`, for example `w:12:5:act:e`), so a button works after a
//! restart. The game's first letter is `w` (wagons): `f` and `k` are the other games', `h` the
//! records' pages.

use crate::games::hay_wagons::{Action, End};

/// A decoded custom_id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HwId {
    pub game: i64,
    /// The game version the view was drawn at.
    pub version: i64,
    pub verb: HwVerb,
}

/// What a component does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HwVerb {
    /// The table message's My wagon: a fresh private screen.
    Hand,
    /// Redraw the private screen as the game stands now.
    Refresh,
    /// Load a bale (HW 2).
    Act(Action),
    /// The coach's Hint button (issue 30).
    Hint,
    /// Take back the seat's last load (issue 41).
    Undo,
}

impl HwId {
    pub fn new(game: i64, version: i64, verb: HwVerb) -> HwId {
        HwId {
            game,
            version,
            verb,
        }
    }

    /// The custom_id (always within Discord's 100 characters: two numbers and a short word).
    pub fn encode(&self) -> String {
        let verb = match &self.verb {
            HwVerb::Hand => "hand",
            HwVerb::Refresh => "show",
            HwVerb::Act(Action::Load(End::West)) => "act:w",
            HwVerb::Act(Action::Load(End::East)) => "act:e",
            HwVerb::Hint => "hint",
            HwVerb::Undo => "undo",
        };
        format!("w:{}:{}:{verb}", self.game, self.version)
    }

    /// The id, or `None` when it is not one of this game's.
    pub fn decode(s: &str) -> Option<HwId> {
        let rest = s.strip_prefix("w:")?;
        let mut parts = rest.splitn(3, ':');
        let game = parts.next()?.parse().ok()?;
        let version = parts.next()?.parse().ok()?;
        let verb = match parts.next()? {
            "hand" => HwVerb::Hand,
            "show" => HwVerb::Refresh,
            "act:w" => HwVerb::Act(Action::Load(End::West)),
            "act:e" => HwVerb::Act(Action::Load(End::East)),
            "hint" => HwVerb::Hint,
            "undo" => HwVerb::Undo,
            _ => return None,
        };
        Some(HwId::new(game, version, verb))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_verb_round_trips_and_other_ids_are_declined() {
        for verb in [
            HwVerb::Hand,
            HwVerb::Refresh,
            HwVerb::Act(Action::Load(End::West)),
            HwVerb::Act(Action::Load(End::East)),
            HwVerb::Hint,
            HwVerb::Undo,
        ] {
            let id = HwId::new(12, 345, verb);
            assert_eq!(HwId::decode(&id.encode()), Some(id));
        }
        for other in [
            "k:12:3:hand",
            "f:12:3:join",
            "h:w:1:0",
            "w:12:hand",
            "w:x:3:hand",
            "w:12:3:act:n",
            "w:12:3:hand:more",
        ] {
            assert_eq!(HwId::decode(other), None, "{other}");
        }
    }
}
