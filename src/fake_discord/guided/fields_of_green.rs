//! How the guided players read Fields of Green's private screens.

use super::{Guided, Step};
use crate::discord::spec::MessageSpec;
use crate::games::fields_of_green as fog;
use crate::store::Table;

impl Guided for fog::Game {
    type Screen = crate::discord::fields_of_green::ids::Screen;

    fn step(id: &str, value: Option<&str>) -> Step<fog::Action, Self::Screen> {
        use crate::discord::fields_of_green::ids::{
            ComponentId, Screen, Verb, decode_action, decode_screen,
        };
        let Some(c) = ComponentId::decode(id) else {
            return Step::Other;
        };
        match (c.verb, value) {
            (Verb::Act(a), _) => Step::Act(a),
            (Verb::Show(Screen::Farm { .. }), _) => Step::Other,
            (Verb::Show(s), _) => Step::Go(s),
            (Verb::Choose, Some(v)) => decode_action(v).map_or(Step::Other, Step::Act),
            (Verb::Navigate, Some(v)) => match decode_screen(v) {
                Some(Screen::Farm { .. }) | None => Step::Other,
                Some(s) => Step::Go(s),
            },
            _ => Step::Other,
        }
    }

    fn version_of(id: &str) -> Option<i64> {
        crate::discord::fields_of_green::ids::ComponentId::decode(id).map(|c| c.version)
    }

    fn key(screen: &Self::Screen) -> String {
        crate::discord::fields_of_green::ids::encode_screen(screen)
    }

    fn render(table: &Table, game: &Self, seat: usize, screen: &Self::Screen) -> MessageSpec {
        crate::discord::fields_of_green::panel(table, game, seat, screen, None)
    }

    fn near(offered: &fog::Action, wanted: &fog::Action) -> bool {
        use fog::Action;
        let plain = |a: &Action| match a {
            Action::Build {
                pos,
                extra,
                equipment,
                ..
            } => Action::Build {
                pos: *pos,
                water: Vec::new(),
                extra: *extra,
                equipment: equipment.clone(),
            },
            Action::Harvest { pos, extra, .. } => Action::Harvest {
                pos: *pos,
                water: Vec::new(),
                extra: *extra,
            },
            Action::PlaceWater { towers } => {
                let mut towers = towers.clone();
                towers.sort_by_key(|p| (p.x, p.y));
                Action::PlaceWater { towers }
            }
            a => a.clone(),
        };
        plain(offered) == plain(wanted)
    }
}
