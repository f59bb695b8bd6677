//! The coach's words for Fields of Green (issue 30): an action as a short phrase ("a Silo at
//! C3", "the market"), from the view of the seat that takes it, in the language in scope.

use super::card_name;
use super::card_text::pile_count;
use super::farm::coord_label;
use crate::games::fields_of_green::Action;
use crate::games::fields_of_green::cards::Deck;
use crate::games::fields_of_green::effects::Pile;
use crate::games::fields_of_green::view::PlayerView;
use crate::render::and_list;
use crate::t;

/// `action` in a few words, as the seat of `view` would read it (coordinates on its farm).
pub fn action_words(deck: &Deck, view: &PlayerView, action: &Action) -> String {
    let seat = view.table.seats.get(view.seat);
    let at = coord_label;
    let card = || {
        seat.and_then(|s| s.revealed.as_ref())
            .map_or_else(String::new, |c| card_name(deck, c))
    };
    match action {
        Action::PlaceWater { towers } => {
            let spaces: Vec<String> = towers.iter().map(|p| at(*p)).collect();
            t!("fog-coach-water", at = and_list(&spaces))
        }
        Action::Draw { split } => {
            let parts: Vec<String> = Pile::ALL
                .iter()
                .zip(split)
                .filter(|(_, n)| **n > 0)
                .map(|(p, n)| pile_count(*p, u32::from(*n)))
                .collect();
            t!("fog-coach-draw", cards = and_list(&parts))
        }
        Action::Select { card } | Action::Pick { card } => {
            t!("fog-coach-pick", card = card_name(deck, card))
        }
        Action::Build { pos, .. } => t!("fog-coach-build", card = card(), at = at(*pos)),
        Action::WaterTower { pos, .. } => t!("fog-coach-water-tower", at = at(*pos)),
        Action::Silo { pos, .. } => t!("fog-coach-silo", at = at(*pos)),
        Action::Market { food } => t!("fog-coach-market", food = u32::from(*food)),
        Action::Restore { pos } => t!("fog-coach-restore", at = at(*pos)),
        Action::Equipment { keep, place } => match place {
            Some(pos) => t!(
                "fog-coach-equipment-at",
                tile = card_name(deck, keep),
                at = at(*pos)
            ),
            None => t!("fog-coach-equipment", tile = card_name(deck, keep)),
        },
        Action::Harvest { pos, .. } => t!("fog-coach-harvest", at = at(*pos)),
        Action::EndHarvest => t!("fog-coach-end-harvest"),
    }
}
