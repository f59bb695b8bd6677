//! `farmhand deck check|show [FILE]` (Fields of Green's deck): validate a deck file, or list its
//! cards with their generated text.

use super::load_deck;
use crate::cli::deck::Command;
use crate::games::fields_of_green::Deck;
use crate::games::fields_of_green::cards::{DesignIdx, EquipIdx};
use crate::games::fields_of_green::effects::Pile;
use crate::render;
use crate::render::fields_of_green::card_text as text;
use std::io::Write;

/// Runs `farmhand deck ...` for Fields of Green.
pub fn run(command: &Command) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match command {
        Command::Check { file } => {
            let deck = load_deck(file.as_deref())?;
            let source = file
                .as_ref()
                .map_or("embedded deck".to_string(), |f| f.display().to_string());
            writeln!(out, "ok: {source}: {}", summary(&deck))?;
        }
        Command::Show { file } => {
            let deck = load_deck(file.as_deref())?;
            write!(out, "{}", show(&deck))?;
        }
    }
    Ok(())
}

/// `designs/cards` of one pile.
fn pile_counts(deck: &Deck, pile: Pile) -> (usize, usize) {
    let designs = deck.locations.iter().filter(|d| d.pile == pile);
    designs.fold((0, 0), |(n, c), d| (n + 1, c + usize::from(d.copies)))
}

/// The one-line summary of `deck check`.
fn summary(deck: &Deck) -> String {
    let piles: Vec<String> = Pile::ALL
        .iter()
        .map(|&p| {
            let (designs, cards) = pile_counts(deck, p);
            format!("{} {designs}/{cards}", p.name())
        })
        .collect();
    format!(
        "\"{}\": {} location designs/{} cards ({}), {} Equipment designs/{} tiles, {} Water Towers, {} Silos, \
         fingerprint {:016x}",
        deck.name,
        deck.locations.len(),
        deck.location_card_count(),
        piles.join(", "),
        deck.equipment.len(),
        deck.equipment_tile_count(),
        deck.supply.water_towers,
        deck.supply.silos,
        deck.fingerprint
    )
}

/// The listing of `deck show`.
fn show(deck: &Deck) -> String {
    let mut s = format!("{} (fingerprint {:016x})\n", deck.name, deck.fingerprint);
    for pile in Pile::ALL {
        let (designs, cards) = pile_counts(deck, pile);
        s.push_str(&format!(
            "\n{} ({designs} designs, {cards} cards)\n",
            pile.plural()
        ));
        for (i, def) in deck
            .locations
            .iter()
            .enumerate()
            .filter(|(_, d)| d.pile == pile)
        {
            // The code (which farm grids draw) leads for deck authors; players' screens name
            // cards by name alone (issue 43).
            s.push_str(&format!(
                "  {}x [{}] {}\n",
                def.copies,
                def.code,
                text::location_text(deck, i as DesignIdx)
            ));
            if let Some(flavor) = &def.flavor {
                s.push_str(&format!("       \"{flavor}\"\n"));
            }
        }
    }
    s.push_str(&format!(
        "\nEquipment ({} designs, {} tiles)\n",
        deck.equipment.len(),
        deck.equipment_tile_count()
    ));
    for (i, def) in deck.equipment.iter().enumerate() {
        s.push_str(&format!(
            "  {}x [{}] {}\n",
            def.copies,
            def.code,
            text::equipment_text(deck, i as EquipIdx)
        ));
    }
    s.push_str("\nSupply\n");
    s.push_str(&format!(
        "  {}x {}\n",
        deck.supply.water_towers,
        render::fields_of_green::card_text(deck, "water_tower")
    ));
    s.push_str(&format!(
        "  {}x {}\n",
        deck.supply.silos,
        render::fields_of_green::card_text(deck, "silo")
    ));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_and_listing_cover_the_whole_deck() {
        let deck = Deck::default_deck();
        let line = summary(&deck);
        assert!(!line.contains('\n'));
        assert!(
            line.contains(&format!("{:016x}", deck.fingerprint)),
            "{line}"
        );
        let listing = show(&deck);
        for d in &deck.locations {
            assert!(
                listing.contains(&format!("{}x [{}] {}", d.copies, d.code, d.name)),
                "{}",
                d.name
            );
        }
        for e in &deck.equipment {
            assert!(
                listing.contains(&format!("{}x [{}] {}", e.copies, e.code, e.name)),
                "{}",
                e.name
            );
        }
        assert!(listing.contains(&format!("{}x Water Tower", deck.supply.water_towers)));
        assert!(listing.contains(&format!("{}x Silo", deck.supply.silos)));
    }
}
