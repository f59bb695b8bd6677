//! Fields of Green's score pad for a phone (issue 32), in the shared measures of
//! [`crate::render::phone`].

use super::card_name;
use crate::games::fields_of_green::Deck;
use crate::games::fields_of_green::game::scoring::{ScorePad as FogPad, standings};
use crate::render::phone::line;
use crate::render::seat_name;

/// Fields of Green's pad for a phone: per player, ranked as ruling 19 decides (VP, locations,
/// coins), the total on the name's line, then the rulebook's lines with each Game End location
/// by name. Players equal on all three share a rank.
pub fn pad(deck: &Deck, pads: &[FogPad], names: &[String]) -> String {
    // The final order of every screen (ruling 19's order at every place).
    let order: Vec<(&FogPad, u32)> = standings(pads)
        .into_iter()
        .filter_map(|(seat, place)| Some((pads.iter().find(|p| p.seat == seat)?, place)))
        .collect();
    let mut lines: Vec<String> = Vec::new();
    for (k, &(p, rank)) in order.iter().enumerate() {
        if k > 0 {
            lines.push(String::new());
        }
        lines.push(line(
            0,
            &format!("{rank}. {}", seat_name(names, p.seat)),
            &p.total.to_string(),
        ));
        let rows = [
            (crate::t!("fog-pad-cards"), p.cards + p.tokens),
            (crate::t!("fog-pad-equipment"), p.equipment),
            (crate::t!("fog-pad-money"), p.money),
            (crate::t!("fog-pad-food"), p.food),
            (crate::t!("fog-pad-water-towers"), p.water_towers),
            (crate::t!("fog-pad-game-end"), p.game_end_total),
        ];
        for (label, n) in rows {
            lines.push(line(2, &label, &n.to_string()));
        }
        // Each Game End location by its name alone (issue 43: no card codes on players' screens).
        for g in &p.game_end {
            lines.push(line(4, &card_name(deck, &g.card), &g.vp.to_string()));
        }
    }
    lines.join("\n")
}
