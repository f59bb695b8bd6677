//! How the guided players read Key Harvest's private screens.

use super::{Guided, Step};
use crate::discord::spec::MessageSpec;
use crate::games::key_harvest as kh;
use crate::store::Table;

impl Guided for kh::Game {
    type Screen = crate::discord::key_harvest::KhScreen;

    fn step(id: &str, value: Option<&str>) -> Step<kh::Action, Self::Screen> {
        use crate::discord::key_harvest::ids::{KhId, KhVerb, decode_action, decode_screen};
        let Some(c) = KhId::decode(id) else {
            return Step::Other;
        };
        match (c.verb, value) {
            (KhVerb::Act(a), _) => Step::Act(a),
            (KhVerb::Show(s), _) => Step::Go(s),
            (KhVerb::Choose | KhVerb::ChoosePart(_), Some(v)) => {
                decode_action(v).map_or(Step::Other, Step::Act)
            }
            (KhVerb::Navigate | KhVerb::NavigatePart(_), Some(v)) => {
                decode_screen(v).map_or(Step::Other, Step::Go)
            }
            _ => Step::Other,
        }
    }

    fn version_of(id: &str) -> Option<i64> {
        crate::discord::key_harvest::ids::KhId::decode(id).map(|c| c.version)
    }

    fn key(screen: &Self::Screen) -> String {
        crate::discord::key_harvest::ids::encode_screen(screen)
    }

    fn render(table: &Table, game: &Self, seat: usize, screen: &Self::Screen) -> MessageSpec {
        crate::discord::key_harvest::panel(table, game, seat, screen, None)
    }

    fn near(offered: &kh::Action, wanted: &kh::Action) -> bool {
        offered == wanted
    }
}
