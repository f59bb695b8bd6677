//! Reference messages: a card's text (`/fog card`), card-name autocomplete and the rules topics
//! (`/fog rules`), written from the rulebook and our rulings (src/games/fields_of_green/RULES.md).

use super::{GREEN, LIGHT_GREEN, embed_message, fit};
use crate::discord::spec::{EmbedSpec, MessageSpec};
use crate::discord::topics::Topics;
use crate::games::fields_of_green::Deck;
use crate::render;

/// The card or Equipment named `query` (its id, code or name, any case), with its generated text,
/// type and copies; also "Water Tower" and "Silo". `None` when nothing matches.
pub fn card(deck: &Deck, query: &str) -> Option<MessageSpec> {
    let q = query.trim().to_lowercase();
    let norm = |s: &str| s.to_lowercase().replace(['_', '-'], " ");
    let qn = norm(&q);
    let ja_is = |name: &Option<String>| name.as_deref().is_some_and(|n| norm(n) == qn);
    let (id, title, extra) =
        if qn == "water tower" || q == "wt" || qn == norm(&crate::t!("fog-water-tower")) {
            (
                "water_tower".to_string(),
                render::fields_of_green::card_name(deck, "water_tower"),
                crate::t!("fog-in-supply", n = deck.supply.water_towers),
            )
        } else if qn == "silo" || q == "si" || qn == norm(&crate::t!("fog-silo")) {
            (
                "silo".to_string(),
                render::fields_of_green::card_name(deck, "silo"),
                crate::t!("fog-in-supply", n = deck.supply.silos),
            )
        } else if let Some(d) = deck.locations.iter().find(|d| {
            d.id == q || norm(&d.name) == qn || ja_is(&d.name_ja) || d.code.to_lowercase() == q
        }) {
            let mut extra = crate::t!(
                "fog-copies-in-pile",
                n = d.copies,
                pile = render::fields_of_green::card_text::pile_name(d.pile)
            );
            if let Some(f) = render::fields_of_green::location_flavor(d) {
                extra = format!("*{f}*\n{extra}");
            }
            (
                d.id.clone(),
                render::fields_of_green::location_name(d).to_string(),
                extra,
            )
        } else if let Some(e) = deck.equipment.iter().find(|e| {
            e.id == q || norm(&e.name) == qn || ja_is(&e.name_ja) || e.code.to_lowercase() == q
        }) {
            (
                e.id.clone(),
                render::fields_of_green::equipment_name(e).to_string(),
                crate::t!("fog-equipment-copies", n = e.copies),
            )
        } else {
            return None;
        };
    Some(embed_message(
        title,
        format!(
            "{}\n\n{extra}",
            render::fields_of_green::card_text(deck, &id)
        ),
        GREEN,
    ))
}

/// Card and Equipment names for autocomplete: those starting with `prefix` (any case) first,
/// then those containing it; at most 25 (Discord's limit).
pub fn card_names(deck: &Deck, prefix: &str) -> Vec<String> {
    let p = prefix.trim().to_lowercase();
    let mut all: Vec<String> = deck
        .locations
        .iter()
        .map(|d| render::fields_of_green::location_name(d).to_string())
        .collect();
    all.extend(
        deck.equipment
            .iter()
            .map(|e| render::fields_of_green::equipment_name(e).to_string()),
    );
    all.push(render::fields_of_green::card_name(deck, "water_tower"));
    all.push(render::fields_of_green::card_name(deck, "silo"));
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

/// Topic keys (the words `/fog rules` takes, in every language).
pub(crate) const TOPICS: Topics = Topics::new(
    "fog",
    &[
        "overview",
        "upkeep",
        "actions",
        "harvest",
        "equipment",
        "scoring",
        "two-player",
        "bot",
    ],
);

/// The rules topics `/fog rules` offers.
pub fn rules_topics() -> &'static [&'static str] {
    TOPICS.keys()
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
    let (title, body, unknown) = match asked.and_then(|t| TOPICS.text(t)) {
        Some((t, b)) => (t, b, false),
        None => {
            let (t, b) = TOPICS.text("overview").expect("overview exists");
            (t, b, asked.is_some())
        }
    };
    let mut m = MessageSpec {
        embeds: vec![EmbedSpec {
            title,
            description: body,
            color: LIGHT_GREEN,
            footer: Some(crate::t!(
                "fog-rules-topics",
                topics = TOPICS
                    .keys()
                    .iter()
                    .map(|t| TOPICS.label(t))
                    .collect::<Vec<_>>()
                    .join(&crate::t!("fog-list-sep"))
            )),
            ..Default::default()
        }],
        ..Default::default()
    };
    if unknown {
        m.content = crate::t!(
            "fog-rules-unknown",
            topic = format!("{:?}", topic.unwrap_or_default())
        );
    }
    fit(&mut m);
    m
}
