//! Reference messages: a card's text (`/fog card`), card-name autocomplete and the rules topics
//! (`/fog rules`), written from the rulebook and our rulings (src/games/fields_of_green/RULES.md).

use super::{GREEN, LIGHT_GREEN, fit};
use crate::discord::spec::{EmbedSpec, MessageSpec};
use crate::games::fields_of_green::Deck;
use crate::render;

/// The card or Equipment named `query` (its id, code or name, any case), with its generated text,
/// type and copies; also "Water Tower" and "Silo". `None` when nothing matches.
pub fn card(deck: &Deck, query: &str) -> Option<MessageSpec> {
    let q = query.trim().to_lowercase();
    let norm = |s: &str| s.to_lowercase().replace(['_', '-'], " ");
    let qn = norm(&q);
    let (id, title, extra) = if qn == "water tower" || q == "wt" {
        (
            "water_tower".to_string(),
            "Water Tower".to_string(),
            format!("{} in the supply.", deck.supply.water_towers),
        )
    } else if qn == "silo" || q == "si" {
        (
            "silo".to_string(),
            "Silo".to_string(),
            format!("{} in the supply.", deck.supply.silos),
        )
    } else if let Some(d) = deck
        .locations
        .iter()
        .find(|d| d.id == q || norm(&d.name) == qn || d.code.to_lowercase() == q)
    {
        let mut extra = format!("{} copies in the {} pile.", d.copies, d.pile.name());
        if let Some(f) = &d.flavor {
            extra = format!("*{f}*\n{extra}");
        }
        (d.id.clone(), d.name.clone(), extra)
    } else if let Some(e) = deck
        .equipment
        .iter()
        .find(|e| e.id == q || norm(&e.name) == qn || e.code.to_lowercase() == q)
    {
        (
            e.id.clone(),
            e.name.clone(),
            format!("Equipment tile · {} copies.", e.copies),
        )
    } else {
        return None;
    };
    let mut m = MessageSpec {
        embeds: vec![EmbedSpec {
            title,
            description: format!("{}\n\n{extra}", render::card_text(deck, &id)),
            color: GREEN,
            ..Default::default()
        }],
        ..Default::default()
    };
    fit(&mut m);
    Some(m)
}

/// Card and Equipment names for autocomplete: those starting with `prefix` (any case) first,
/// then those containing it; at most 25 (Discord's limit).
pub fn card_names(deck: &Deck, prefix: &str) -> Vec<String> {
    let p = prefix.trim().to_lowercase();
    let mut all: Vec<String> = deck.locations.iter().map(|d| d.name.clone()).collect();
    all.extend(deck.equipment.iter().map(|e| e.name.clone()));
    all.push("Water Tower".to_string());
    all.push("Silo".to_string());
    all.sort();
    all.dedup();
    let mut out: Vec<String> = all
        .iter()
        .filter(|n| n.to_lowercase().starts_with(&p))
        .cloned()
        .collect();
    out.extend(
        all.iter()
            .filter(|n| !n.to_lowercase().starts_with(&p) && n.to_lowercase().contains(&p))
            .cloned(),
    );
    out.truncate(25);
    out
}

const TOPICS: &[&str] = &[
    "overview",
    "upkeep",
    "actions",
    "harvest",
    "equipment",
    "scoring",
    "two-player",
    "bot",
];

/// The rules topics `/fog rules` offers.
pub fn rules_topics() -> &'static [&'static str] {
    TOPICS
}

fn topic_text(topic: &str) -> Option<(&'static str, &'static str)> {
    Some(match topic {
        "overview" => (
            "Fields of Green · overview",
            "You build a farm of location cards over **4 years**. Each year has three phases:\n\
             **1. Upkeep** · income (from year 2), then everyone draws 6 cards.\n\
             **2. Action phase** · 6 turns: choose a card, pass the rest, reveal together, then build \
             it or use it another way.\n\
             **3. Harvest** · pay your Harvest abilities; unpaid ones become Open Areas.\n\n\
             **The engine:** Fields turn Water into Food, Livestock turn Food into coins, coins build \
             Buildings that score at the end. Water comes from Water Towers (range 2), Food sits in \
             Silos (4 each).\n\
             **Start:** 15 coins, a Water Tower with 3 Water and a Silo with 1 Food, side by side.\n\
             **Farm:** a new card goes on an empty space orthogonally next to a card already in your \
             farm (not diagonally). The farm has no fixed size.\n\
             **Distance** is counted through cards only, 1 per step.\n\n\
             Most VP after the 4th harvest wins. Topics: upkeep, actions, harvest, equipment, scoring, \
             two-player, bot.",
        ),
        "upkeep" => (
            "Upkeep",
            "**Income** (years 2-4): 3 coins, 2 Water and 1 Food. Water goes on Water Towers with room \
             (3 each unless an Equipment says otherwise): you choose which towers. Food goes in your \
             Silos (4 each). What does not fit is lost.\n\n\
             **Drawing:** starting with the first player and going clockwise, each player names how many \
             cards to take from each pile: **6 in total, from at least 3 different piles**, all at once. \
             Everyone sees each split, never the cards. You may not ask a pile for more than it holds; \
             if fewer than 3 piles have cards, draw from every one that does; if fewer than 6 cards are \
             left, take what remains.\n\n\
             **Introductory mode** fixes the split (Field/Livestock/Construction/Building): year 1 \
             3/2/1/0, year 2 2/2/1/1, year 3 1/2/1/2, year 4 0/2/1/3.\n\n\
             **Pass direction:** years 1 and 3 to the left (clockwise), years 2 and 4 to the right.",
        ),
        "actions" => (
            "Action phase",
            "Six turns (five with six players). Each turn everyone **chooses a card** face down and \
             passes the rest of their hand. When all have chosen, the cards are **revealed together** \
             and the passed hands arrive. You may change your choice until the reveal.\n\n\
             Then use your revealed card in one way:\n\
             **A) Build it:** pay its cost (coins; Water from a tower within range 2 of the space; Food \
             from any Silo) and place it next to your farm. An Immediate ability applies at once.\n\
             **B) Water Tower:** discard the card, pay 2 coins, build a tower with 3 Water.\n\
             **C) Silo:** discard the card, build an empty Silo for free.\n\
             **D) Market:** discard the card, gain 2 coins, plus 2 coins per Food sold (up to 2).\n\
             **E) Restore:** discard the card, pay 1 coin, turn one of your Open Areas face up.\n\n\
             An option you cannot pay, or with no place to go, is not available (the bot shows it \
             greyed out with the reason). Water Tower and Silo cards are limited (20 and 14). \
             Discards are public. Players act independently; where two actions compete for a limited \
             supply, the one sent first counts first.",
        ),
        "harvest" => (
            "Harvest",
            "Every player harvests on their own. Each face-up location with a **Harvest ability** may be \
             activated **once** (more only where an Equipment says so) by paying its harvest cost, in any \
             order you like: what you gain can pay for the next ones.\n\n\
             Water must come from a tower **in range** of that location. Food beyond your Silos' \
             capacity is lost, so spend Food before you make more.\n\n\
             A Harvest ability left unpaid, by choice or need, turns its location **face down: an Open \
             Area**. An Open Area has no type, ability, VP or Equipment (its Equipment is discarded), but \
             still counts as a card for adjacency and distance. Nothing can be built on it; action E \
             restores it.\n\n\
             When everyone has finished, the first-player tile passes to the left.",
        ),
        "equipment" => (
            "Equipment",
            "When you gain an Equipment, **draw 3 tiles, keep 1** and put the other 2 at the bottom of \
             the stack.\n\n\
             The kept tile goes on a face-up location of yours that matches its placement text now \
             (\"Field with a Harvest ability\" means exactly that), or is **set aside**. A set-aside tile \
             may be placed only on a location **as you build it**, never later. Each set-aside tile left \
             at the end scores 1 VP.\n\n\
             A location holds at most **2** Equipment, never two of the same kind. A tile with no \
             timing applies once, when placed; Ongoing tiles work while their location is face up; a \
             location that becomes an Open Area loses its Equipment for good.",
        ),
        "scoring" => (
            "Scoring and the end",
            "The game ends after the 4th harvest. Score (the rulebook's pad):\n\
             - **Cards/Tokens:** printed VP of face-up locations, plus VP tokens\n\
             - **Equipment:** Game End abilities of Equipment, plus 1 VP per set-aside tile\n\
             - **Money:** 1 VP per 3 coins (rounded down)\n\
             - **Food:** 1 VP per 2 Food (rounded down)\n\
             - **Water Towers:** 1 VP per empty Water Tower\n\
             - **Game End:** each location's Game End ability\n\n\
             **Ties:** most locations (face-up locations, Water Towers and Silos; not Open Areas), then \
             most coins; still tied, the players share the win.\n\n\
             The table message shows each player's score *as if the game ended now*.",
        ),
        "two-player" => (
            "Two players",
            "Both players draw their 6 cards as usual **without looking**. The 12 cards are shuffled into \
             a face-down pile and **6 are turned face up**.\n\n\
             The first player takes one face-up card and uses it at once (build it, or actions B-E); \
             then the other player does. After both have acted, **2 more cards** turn face up. This \
             repeats until all 12 are taken, 6 each. No hands are passed.\n\n\
             Tip: drawing is strategic, since your split decides which cards both of you can take.",
        ),
        "bot" => (
            "Playing with the bot",
            "**Join** a table from its message; the host presses **Start**.\n\
             **My hand** on the table message opens your private panel (only you see it): it shows your \
             farm, your cards and exactly what you can do now. Options you cannot take are greyed out and \
             the text says why. It can be re-opened any time; old panels refuse stale clicks.\n\
             The table message is edited as the game goes: it shows the year, phase, every farm's \
             resources, scores and who the game is waiting for.\n\
             **Farms** shows every farm; coordinates are like a spreadsheet (columns A, B, C from the \
             left, rows 1, 2, 3 from the top; they move when a farm grows up or left).\n\
             Games are asynchronous: players who hold the game up get a reminder after the table's delay.",
        ),
        _ => return None,
    })
}

/// A rules topic (see [`rules_topics`]); `None` or an unknown topic gives the overview, with a
/// note naming the topics when the topic was not found.
pub fn rules(topic: Option<&str>) -> MessageSpec {
    let asked = topic.map(|t| t.trim().to_lowercase().replace(' ', "-"));
    let asked = asked.as_deref().map(|t| match t {
        "2p" | "2-player" | "two-players" | "duel" => "two-player",
        "action" | "action-phase" => "actions",
        "score" | "end" => "scoring",
        "help" => "bot",
        other => other,
    });
    let (title, body, unknown) = match asked.and_then(topic_text) {
        Some((t, b)) => (t, b, false),
        None => {
            let (t, b) = topic_text("overview").expect("overview exists");
            (t, b, asked.is_some())
        }
    };
    let mut m = MessageSpec {
        embeds: vec![EmbedSpec {
            title: title.to_string(),
            description: body.to_string(),
            color: LIGHT_GREEN,
            footer: Some(format!("Topics: {}", TOPICS.join(", "))),
            ..Default::default()
        }],
        ..Default::default()
    };
    if unknown {
        m.content = format!(
            "No topic called {:?}; here is the overview.",
            topic.unwrap_or_default()
        );
    }
    fit(&mut m);
    m
}
