//! The coach's words for Fields of Green (issue 30): an action as a short phrase ("a Silo at
//! C3", "the market"), from the view of the seat that takes it, in the language in scope.

use super::card_name;
use super::card_text::pile_count;
use super::farm::coord_label;
use crate::games::fields_of_green::Action;
use crate::games::fields_of_green::cards::Deck;
use crate::games::fields_of_green::effects::Pile;
use crate::games::fields_of_green::game::{Game, Phase};
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

/// The name of the moment `action` was taken in `game` (the game before it), as the table
/// message names it (issue 43): "Year 4 · turn 3" in the draft, "Year 2 · card 5" in a
/// two-player year, "Year 1 · upkeep", "Year 3 · harvest".
pub fn moment(game: &Game, action: &Action) -> String {
    let year = game.year();
    let hand = game.hand_size();
    match game.phase() {
        Phase::Upkeep { .. } => t!("fog-moment-upkeep", year = year),
        Phase::Action { turn } => {
            // The phase's turn is the one whose cards are being chosen; the cards revealed at
            // its start are those of the turn before (ruling 7), and using one belongs there.
            let turn = if matches!(action, Action::Select { .. }) {
                *turn
            } else {
                turn.saturating_sub(1).max(1)
            };
            t!("fog-moment-turn", year = year, turn = turn.min(hand))
        }
        Phase::Duel { picks, taken, .. } => {
            // As the table message counts a two-player year's cards (ruling 21).
            let card = if *taken { *picks } else { picks + 1 };
            t!("fog-moment-card", year = year, card = card.min(2 * hand))
        }
        Phase::Harvest | Phase::Ended => t!("fog-moment-harvest", year = year),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Engine, TableSetup};
    use crate::i18n::Locale;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use std::collections::BTreeSet;

    /// Every moment a seeded game of `players` heuristic bots passes through, named in `locale`.
    fn moments(players: usize, seed: u64, locale: Locale) -> BTreeSet<String> {
        let deck = Deck::default_deck();
        let setup = TableSetup {
            players,
            intro: false,
            seed,
        };
        let (mut game, _) = <Game as Engine>::start(&deck, &setup).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut seen = BTreeSet::new();
        while !game.is_over() {
            let seat = Engine::waiting_for(&game)[0];
            let a = game.bot_action(seat, "heuristic", &mut rng).unwrap();
            seen.insert(crate::i18n::with(locale, || moment(&game, &a)));
            Engine::apply(&mut game, seat, &a).unwrap();
        }
        seen
    }

    /// Issue 43: a review names a decision as the table message names the moment, never by a
    /// count of the game's turns ("Turn 98").
    #[test]
    fn decisions_are_named_by_year_and_turn() {
        let en = moments(4, 5, Locale::En);
        // Four players draft 6 turns a year (ruling 20: 5 only with six).
        for year in 1..=4 {
            for turn in 1..=6 {
                let name = format!("Year {year} · turn {turn}");
                assert!(en.contains(&name), "{name} missing: {en:?}");
            }
            assert!(en.contains(&format!("Year {year} · harvest")), "{en:?}");
        }
        assert!(
            !en.iter()
                .any(|m| m.contains("turn 7") || m.contains("Year 5"))
        );
        let ja = moments(4, 5, Locale::Ja);
        assert!(ja.contains("4年目 · 6ターン目"), "{ja:?}");
        assert!(ja.contains("1年目 · 収穫フェイズ"), "{ja:?}");
        assert_eq!(en.len(), ja.len());
        // Two players take turns at a face-up row: twelve cards a year between them (ruling 21).
        let duel = moments(2, 5, Locale::En);
        assert!(
            duel.contains("Year 2 · card 1") && duel.contains("Year 2 · card 12"),
            "{duel:?}"
        );
        assert!(!duel.iter().any(|m| m.contains("card 13")), "{duel:?}");
        let duel_ja = moments(2, 5, Locale::Ja);
        assert!(duel_ja.contains("2年目 · 12枚目"), "{duel_ja:?}");
    }
}
