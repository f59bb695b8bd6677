//! How the guided players read Hay Wagons' private screen: one screen, a button per end of the
//! row, and Refresh.

use super::{Guided, Step};
use crate::discord::hay_wagons::ids::{HwId, HwVerb};
use crate::discord::spec::MessageSpec;
use crate::games::hay_wagons::{Action, Game};
use crate::store::Table;

impl Guided for Game {
    /// The game has one private screen.
    type Screen = ();

    fn step(id: &str, _value: Option<&str>) -> Step<Action, ()> {
        match HwId::decode(id).map(|c| c.verb) {
            Some(HwVerb::Act(a)) => Step::Act(a),
            Some(HwVerb::Refresh) => Step::Go(()),
            _ => Step::Other,
        }
    }

    fn version_of(id: &str) -> Option<i64> {
        HwId::decode(id).map(|c| c.version)
    }

    fn key(_screen: &()) -> String {
        "main".to_string()
    }

    fn render(table: &Table, game: &Self, seat: usize, _screen: &()) -> MessageSpec {
        crate::discord::hay_wagons::panel(table, game, seat, None)
    }

    /// Two loads differ in the bale or the end a player sees: only the same one is near.
    fn near(offered: &Action, wanted: &Action) -> bool {
        offered == wanted
    }
}
