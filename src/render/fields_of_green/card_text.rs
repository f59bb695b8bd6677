//! Card texts, generated from the card data (docs/CLI.md, "Deck files"): the text players read
//! and the rule the engine applies come from the same data, so they cannot disagree.
//!
//! Counts never include the card that carries the ability, so a count whose filter the carrier
//! itself matches says "other" ("1 coin per other Dairy Livestock within 2"). Adjacency never
//! includes the card itself, so "adjacent" needs no "other".

use crate::games::fields_of_green::cards::{Deck, DesignIdx, EquipIdx, EquipmentDef, LocationDef};
use crate::games::fields_of_green::deck_file::design_matches;
use crate::games::fields_of_green::effects::{
    Ability, Amount, Condition, Cost, Count, Effect, Filter, Gain, Kind, Modifier, Pile, Scope,
    Timing,
};

/// A pile's name in the language in scope (`Field`, `田畑`).
pub fn pile_name(p: Pile) -> String {
    crate::i18n::named("fog-pile", p.name())
}

/// `2 Fields`, `1 Livestock` (a number of cards of a pile).
pub fn pile_count(p: Pile, n: u32) -> String {
    let mut args = fluent_bundle::FluentArgs::new();
    args.set("n", n);
    let id = crate::i18n::named_id("fog-pile", p.name());
    crate::i18n::format(&format!("{id}-n"), Some(&args))
}

/// A kind's name in the language in scope (`Grain`, `穀物`).
pub fn kind_name(k: Kind) -> String {
    crate::i18n::named("fog-kind", k.name())
}

/// One line describing a location design, e.g.
/// `Wheat - Field (Grain) - cost 3 coins - 1 VP - Harvest: pay 1 Water: gain 2 Food.`
/// Every word comes from the message catalogue, in the language in scope.
pub fn location_text(deck: &Deck, d: DesignIdx) -> String {
    let def = deck.location(d);
    let kind = match def.kind {
        Some(k) => crate::t!(
            "fog-card-pile-kind",
            pile = pile_name(def.pile),
            kind = kind_name(k)
        ),
        None => pile_name(def.pile),
    };
    let head = crate::t!(
        "fog-card-head",
        name = super::location_name(def),
        kind = kind,
        cost = build_cost_text(&def.cost),
        vp = def.vp
    );
    match location_ability_text(def) {
        Some(a) => format!("{head} - {a}"),
        None => crate::t!("fog-card-end", text = head),
    }
}

/// One line describing an Equipment design, e.g.
/// `Hoses - place on: Water Tower - Ongoing: this Water Tower has +1 range.`
pub fn equipment_text(deck: &Deck, e: EquipIdx) -> String {
    let def = deck.equip(e);
    let host = host_text(deck, e);
    let ability = equipment_ability_text(deck, def);
    crate::t!(
        "fog-equipment-line",
        name = super::equipment_name(def),
        host = host,
        ability = ability
    )
}

/// Where an Equipment tile goes, by its placement text: "Building with a Game End ability".
pub fn host_text(deck: &Deck, e: EquipIdx) -> String {
    let def = deck.equip(e);
    let host = match def.host {
        Filter::Location | Filter::Card => crate::t!("fog-host-any"),
        h => capitalize(&filter_noun(h, false)),
    };
    // The rulebook prints "Field - Harvest"; spelled out, it cannot be misread as this tile's
    // own timing.
    match def.host_timing {
        Some(t) => crate::t!("fog-host-with", host = host, timing = timing_name(t)),
        None => host,
    }
}

/// A location's ability text (`None` when it has none).
pub fn location_ability_text(def: &LocationDef) -> Option<String> {
    let ability = def.ability.as_ref()?;
    Some(ability_text(ability, &pile_name(def.pile), false, |f| {
        design_matches(f, def)
    }))
}

/// An Equipment tile's ability text. Its counts are measured from the host, which they exclude,
/// so "other" is used when the host could match the counted filter.
pub fn equipment_ability_text(deck: &Deck, def: &EquipmentDef) -> String {
    let this = filter_noun(def.host, false);
    ability_text(&def.ability, &this, true, |f| {
        host_could_match(deck, def, f)
    })
}

/// The text of an ability. `this` names the carrier in "this Field" (for Equipment: the host);
/// `on_equipment` words an Immediate ability as "When placed" (ruling 17: a tile with no timing
/// applies once, when placed); `is_self(f)` says whether the carrier itself matches `f`, which
/// makes counts of `f` say "other".
pub fn ability_text(
    ability: &Ability,
    this: &str,
    on_equipment: bool,
    is_self: impl Fn(Filter) -> bool,
) -> String {
    let w = Words {
        this,
        is_self: &is_self,
    };
    let label = match ability.timing {
        Timing::Immediate if on_equipment => crate::t!("fog-timing-when-placed"),
        t => timing_name(t),
    };
    let game_end = ability.timing == Timing::GameEnd;
    let parts: Vec<String> = ability
        .effects
        .iter()
        .enumerate()
        .map(|(i, e)| w.effect(e, i == 0, game_end))
        .chain(ability.modifiers.iter().map(|m| w.modifier(m)))
        .collect();
    let body = parts.join(&crate::t!("fog-effect-sep"));
    if ability.timing == Timing::Harvest && !is_free(&ability.cost) {
        crate::t!(
            "fog-ability-pay",
            label = label,
            cost = w.cost(&ability.cost, false),
            body = body
        )
    } else {
        crate::t!("fog-ability", label = label, body = body)
    }
}

/// A payment, e.g. `2 coins, 1 Water`; `free` when it costs nothing. Counted parts are measured
/// from a space with no card on it (a build cost), so no "other" is needed.
pub fn cost_text(cost: &Cost) -> String {
    if is_free(cost) {
        return crate::t!("fog-free");
    }
    let card = crate::t!("fog-noun-card-one");
    Words {
        this: &card,
        is_self: &|_| false,
    }
    .cost(cost, true)
}

/// `cost 2 coins, 1 Water`, or `free`.
fn build_cost_text(cost: &Cost) -> String {
    if is_free(cost) {
        crate::t!("fog-free")
    } else {
        crate::t!("fog-cost", cost = cost_text(cost))
    }
}

/// The rulebook's name of a timing.
pub fn timing_name(t: Timing) -> String {
    crate::i18n::named_variant("fog-timing", t)
}

fn is_zero(a: &Amount) -> bool {
    a.is_fixed() && a.base == 0
}

fn is_free(c: &Cost) -> bool {
    is_zero(&c.coins) && is_zero(&c.water) && is_zero(&c.food)
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// True when some card that can hold `def` matches `f`.
fn host_could_match(deck: &Deck, def: &EquipmentDef, f: Filter) -> bool {
    let designs = deck.locations.iter().any(|d| {
        design_matches(def.host, d)
            && design_matches(f, d)
            && def.host_timing.is_none_or(|t| d.timing() == Some(t))
    });
    // Water Towers and Silos have no ability, so a host_timing rules them out.
    let supply = def.host_timing.is_none()
        && match def.host {
            Filter::WaterTower | Filter::EmptyWaterTower => {
                matches!(
                    f,
                    Filter::Card | Filter::Location | Filter::WaterTower | Filter::EmptyWaterTower
                )
            }
            Filter::Silo => matches!(f, Filter::Card | Filter::Location | Filter::Silo),
            Filter::Location | Filter::Card => {
                matches!(
                    f,
                    Filter::Card
                        | Filter::Location
                        | Filter::WaterTower
                        | Filter::EmptyWaterTower
                        | Filter::Silo
                )
            }
            _ => false,
        };
    designs || supply
}

#[derive(Clone, Copy)]
enum Unit {
    Coins,
    Water,
    Food,
    Vp,
}

impl Unit {
    /// `n` of this unit: `2 coins`, `1 Water`.
    fn amount(self, n: i32) -> String {
        match self {
            Unit::Coins => crate::t!("fog-n-coins", n = n),
            Unit::Water => crate::t!("fog-n-water", n = n),
            Unit::Food => crate::t!("fog-n-food", n = n),
            Unit::Vp => crate::t!("fog-vp", n = n),
        }
    }
}

/// The noun for cards matching a filter; the Harvest / Game End filters keep their qualifier
/// ("location with a Harvest ability", as the rulebook words Oxen).
fn filter_noun(f: Filter, plural: bool) -> String {
    match (f, plural) {
        (Filter::Card, false) => crate::t!("fog-noun-card-one"),
        (Filter::Card, true) => crate::t!("fog-noun-card-many"),
        (Filter::Location, false) => crate::t!("fog-noun-location-one"),
        (Filter::Location, true) => crate::t!("fog-noun-location-many"),
        (Filter::OpenArea, false) => crate::t!("fog-noun-open-area-one"),
        (Filter::OpenArea, true) => crate::t!("fog-noun-open-area-many"),
        (Filter::WaterTower, false) => crate::t!("fog-noun-water-tower-one"),
        (Filter::WaterTower, true) => crate::t!("fog-noun-water-tower-many"),
        (Filter::EmptyWaterTower, false) => crate::t!("fog-noun-empty-water-tower-one"),
        (Filter::EmptyWaterTower, true) => crate::t!("fog-noun-empty-water-tower-many"),
        (Filter::Silo, false) => crate::t!("fog-noun-silo-one"),
        (Filter::Silo, true) => crate::t!("fog-noun-silo-many"),
        (Filter::Harvest, false) => crate::t!("fog-noun-harvest-one"),
        (Filter::Harvest, true) => crate::t!("fog-noun-harvest-many"),
        (Filter::GameEnd, false) => crate::t!("fog-noun-game-end-one"),
        (Filter::GameEnd, true) => crate::t!("fog-noun-game-end-many"),
        (Filter::Pile(p), _) => pile_noun(p, plural),
        (Filter::Kind(k), _) => crate::t!(
            "fog-noun-kind",
            kind = kind_name(k),
            pile = pile_noun(k.pile(), plural)
        ),
    }
}

/// A pile's noun, singular or plural.
fn pile_noun(p: Pile, plural: bool) -> String {
    match (p, plural) {
        (Pile::Field, false) => crate::t!("fog-noun-field-one"),
        (Pile::Field, true) => crate::t!("fog-noun-field-many"),
        (Pile::Livestock, false) => crate::t!("fog-noun-livestock-one"),
        (Pile::Livestock, true) => crate::t!("fog-noun-livestock-many"),
        (Pile::Construction, false) => crate::t!("fog-noun-construction-one"),
        (Pile::Construction, true) => crate::t!("fog-noun-construction-many"),
        (Pile::Building, false) => crate::t!("fog-noun-building-one"),
        (Pile::Building, true) => crate::t!("fog-noun-building-many"),
    }
}

/// "a" / "an" / "another" in front of a singular noun phrase (English only: Japanese has no
/// articles).
fn with_article(phrase: &str) -> String {
    if super::japanese() {
        return phrase.to_string();
    }
    if let Some(rest) = phrase.strip_prefix("other ") {
        return format!("another {rest}");
    }
    let vowel = phrase.starts_with(|c: char| "aeiouAEIOU".contains(c));
    format!("{} {phrase}", if vowel { "an" } else { "a" })
}

/// The words for one carrier: what "this" is and what it matches itself.
struct Words<'a> {
    this: &'a str,
    is_self: &'a dyn Fn(Filter) -> bool,
}

impl Words<'_> {
    /// `other Dairy Livestock within 2`, `adjacent Silos`, `Fields in your farm`.
    fn cards(&self, of: Filter, scope: Scope, plural: bool) -> String {
        let other = (self.is_self)(of) && scope != Scope::Adjacent;
        let noun = filter_noun(of, plural);
        // "location with a Harvest ability": the scope goes before the qualifier (English; a
        // Japanese noun phrase has its qualifier in front already).
        let (head, tail) = match noun.find(" with a ") {
            Some(i) => (&noun[..i], &noun[i..]),
            None => (noun.as_str(), ""),
        };
        let phrase = match scope {
            Scope::Adjacent => crate::t!("fog-scope-adjacent", noun = head),
            Scope::Within(n) => crate::t!("fog-scope-within", noun = head, n = n),
            Scope::Farm => crate::t!("fog-scope-farm", noun = head),
            Scope::This => crate::t!("fog-scope-this", noun = head),
        };
        let phrase = format!("{phrase}{tail}");
        if other {
            crate::t!("fog-other", noun = phrase)
        } else {
            phrase
        }
    }

    /// What follows "per": `other Dairy Livestock within 2`, `2 Food in your Silos`.
    fn per(&self, count: Count, every: u32) -> String {
        match count {
            Count::Cards { of, scope } => crate::t!(
                "fog-per-cards",
                every = every,
                cards = self.cards(of, scope, every > 1)
            ),
            Count::Food => crate::t!("fog-per-food", every = every),
            Count::Coins => crate::t!("fog-per-coins", every = every),
        }
    }

    fn amount(&self, a: &Amount, unit: Unit) -> String {
        let base = unit.amount(a.base);
        let Some(count) = a.count else { return base };
        let per = a.per.abs();
        let per_what = self.per(count, a.every);
        let s = if a.per < 0 {
            crate::t!("fog-amount-less", base = base, per = per, what = per_what)
        } else if a.base == 0 {
            crate::t!("fog-amount-per", amount = unit.amount(per), what = per_what)
        } else {
            crate::t!(
                "fog-amount-plus",
                base = base,
                amount = unit.amount(per),
                what = per_what
            )
        };
        match a.max {
            Some(m) => crate::t!("fog-at-most", text = s, max = m),
            None => s,
        }
    }

    /// `2 coins and 1 Water` (`listed`: `2 coins, 1 Water`, as a card's cost line reads).
    fn cost(&self, c: &Cost, listed: bool) -> String {
        let parts: Vec<String> = [
            (c.coins, Unit::Coins),
            (c.water, Unit::Water),
            (c.food, Unit::Food),
        ]
        .iter()
        .filter(|(a, _)| !is_zero(a))
        .map(|(a, u)| self.amount(a, *u))
        .collect();
        if listed {
            parts.join(&crate::t!("fog-list-sep"))
        } else {
            super::and_list(&parts)
        }
    }

    fn gain(&self, g: &Gain) -> String {
        let parts: Vec<String> = [
            (g.coins, Unit::Coins),
            (g.food, Unit::Food),
            (g.vp, Unit::Vp),
        ]
        .iter()
        .filter(|(a, _)| !is_zero(a))
        .map(|(a, u)| self.amount(a, *u))
        .collect();
        super::and_list(&parts)
    }

    /// `there is no other Livestock within 3`, `you have at least 3 Food`.
    fn condition(&self, c: &Condition) -> String {
        let range = |what: &str| match (c.min.unwrap_or(0), c.max) {
            (_, Some(0)) => crate::t!("fog-range-none", what = what),
            (lo, None) => crate::t!("fog-range-at-least", what = what, lo = lo),
            (0, Some(hi)) => crate::t!("fog-range-at-most", what = what, hi = hi),
            (lo, Some(hi)) if lo == hi => crate::t!("fog-range-exactly", what = what, lo = lo),
            (lo, Some(hi)) => crate::t!("fog-range-between", what = what, lo = lo, hi = hi),
        };
        match c.count {
            Count::Food => crate::t!("fog-cond-food", range = range(&crate::t!("fog-unit-food"))),
            Count::Coins => {
                crate::t!(
                    "fog-cond-coins",
                    range = range(&crate::t!("fog-unit-coins"))
                )
            }
            Count::Cards { of, scope } => {
                let one = self.cards(of, scope, false);
                let many = self.cards(of, scope, true);
                match (c.min.unwrap_or(0), c.max) {
                    (_, Some(0)) => crate::t!("fog-cond-no-card", cards = one),
                    (1, None) => crate::t!("fog-cond-a-card", cards = with_article(&one)),
                    (1, Some(1)) => crate::t!("fog-cond-one-card", cards = one),
                    _ => crate::t!("fog-cond-cards", range = range(&many)),
                }
            }
        }
    }

    fn effect(&self, e: &Effect, first: bool, game_end: bool) -> String {
        let guarded = |when: &Option<Condition>, body: String, also: bool| match when {
            None => body,
            Some(c) => {
                let body = if also {
                    crate::t!("fog-also", body = body)
                } else {
                    body
                };
                crate::t!("fog-if", cond = self.condition(c), body = body)
            }
        };
        match e {
            Effect::Gain { gain, when } => {
                // Ruling 18: Game End VP are scored, not taken as tokens.
                let body = if game_end {
                    crate::t!("fog-score", what = self.gain(gain))
                } else {
                    crate::t!("fog-gain", what = self.gain(gain))
                };
                guarded(when, body, !first)
            }
            Effect::Refill { water, scope, when } => {
                let towers = match scope {
                    Scope::This => crate::t!("fog-refill-this"),
                    Scope::Adjacent => crate::t!("fog-refill-adjacent"),
                    Scope::Within(n) => crate::t!("fog-refill-within", n = *n),
                    Scope::Farm => crate::t!("fog-refill-farm"),
                };
                let body = crate::t!("fog-refill", n = *water, towers = towers);
                guarded(when, body, false)
            }
            Effect::Equipment { count, when } => {
                guarded(when, crate::t!("fog-gain-equipment", n = *count), !first)
            }
            Effect::Repeat { max, pay, gain } => {
                let deal = crate::t!(
                    "fog-deal",
                    cost = self.cost(pay, false),
                    gain = self.gain(gain)
                );
                if *max == 1 {
                    crate::t!("fog-may", deal = deal)
                } else {
                    crate::t!("fog-up-to-times", n = *max, deal = deal)
                }
            }
        }
    }

    /// Subject for tower and silo modifiers: (phrase, singular?).
    fn supply_subject(&self, scope: Scope, tower: bool) -> (String, bool) {
        let noun = match (tower, scope == Scope::This) {
            (true, true) => crate::t!("fog-noun-water-tower-one"),
            (true, false) => crate::t!("fog-noun-water-tower-many"),
            (false, true) => crate::t!("fog-noun-silo-one"),
            (false, false) => crate::t!("fog-noun-silo-many"),
        };
        match scope {
            Scope::This => (crate::t!("fog-subj-this", noun = noun), true),
            Scope::Adjacent => (crate::t!("fog-subj-adjacent", noun = noun), false),
            Scope::Within(k) => (crate::t!("fog-subj-within", noun = noun, n = k), false),
            Scope::Farm => (crate::t!("fog-subj-farm", noun = noun), false),
        }
    }

    fn modifier(&self, m: &Modifier) -> String {
        let this = self.this;
        match *m {
            Modifier::TowerRange { bonus, scope } => {
                let (subject, one) = self.supply_subject(scope, true);
                if one {
                    crate::t!("fog-mod-tower-range-one", subject = subject, bonus = bonus)
                } else {
                    crate::t!("fog-mod-tower-range-many", subject = subject, bonus = bonus)
                }
            }
            Modifier::TowerCapacity { bonus, scope } => {
                let (subject, one) = self.supply_subject(scope, true);
                if one {
                    crate::t!(
                        "fog-mod-tower-capacity-one",
                        subject = subject,
                        bonus = bonus
                    )
                } else {
                    crate::t!(
                        "fog-mod-tower-capacity-many",
                        subject = subject,
                        bonus = bonus
                    )
                }
            }
            Modifier::SiloCapacity { bonus, scope } => {
                let (subject, one) = self.supply_subject(scope, false);
                if one {
                    crate::t!(
                        "fog-mod-silo-capacity-one",
                        subject = subject,
                        bonus = bonus
                    )
                } else {
                    crate::t!(
                        "fog-mod-silo-capacity-many",
                        subject = subject,
                        bonus = bonus
                    )
                }
            }
            Modifier::ExtraHarvest { times } => {
                crate::t!("fog-mod-extra-harvest", this = this, times = times)
            }
            Modifier::HarvestBonus { of, scope, gain } => {
                if scope == Scope::This {
                    crate::t!(
                        "fog-mod-harvest-bonus-this",
                        this = this,
                        gain = self.gain(&gain)
                    )
                } else {
                    let who = with_article(&self.cards(of, scope, false));
                    crate::t!("fog-mod-harvest-bonus", who = who, gain = self.gain(&gain))
                }
            }
            Modifier::BuildDiscount { of, scope, coins } => {
                let what = filter_noun(of, true);
                let place = match scope {
                    Scope::Adjacent => crate::t!("fog-place-adjacent", this = this),
                    Scope::Within(n) => crate::t!("fog-place-within", this = this, n = n),
                    Scope::Farm | Scope::This => String::new(),
                };
                crate::t!(
                    "fog-mod-discount",
                    what = capitalize(&what),
                    place = place,
                    coins = coins
                )
            }
            Modifier::GameEndAgain { coins } => {
                crate::t!("fog-mod-game-end-again", coins = coins, this = this)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loc_text(id: &str) -> String {
        let deck = Deck::default_deck();
        location_text(&deck, deck.location_by_id(id).unwrap())
    }

    fn equip_text(id: &str) -> String {
        let deck = Deck::default_deck();
        equipment_text(&deck, deck.equipment_by_id(id).unwrap())
    }

    #[test]
    fn rulebook_cards_read_naturally() {
        assert_eq!(
            loc_text("wheat"),
            "Wheat - Field (Grain) - cost 3 coins - 1 VP - Harvest: pay 1 Water: gain 2 Food."
        );
        assert_eq!(
            loc_text("potatoes"),
            "Potatoes - Field (Vegetable) - cost 3 coins - 1 VP - Immediate: gain 2 Food; \
             if there is an adjacent Silo, also gain an Equipment."
        );
        assert_eq!(
            loc_text("sheep"),
            "Sheep - Livestock (Dairy) - cost 3 coins - 1 VP - Harvest: pay 2 Food: gain 3 coins \
             plus 1 coin per other Dairy Livestock within 2."
        );
        assert_eq!(
            loc_text("pigs"),
            "Pigs - Livestock (Meat) - cost 4 coins - 1 VP - Harvest: pay 1 Food: gain 3 coins; \
             up to 2 times: pay 1 Food to gain 2 coins."
        );
        assert_eq!(
            loc_text("turkeys"),
            "Turkeys - Livestock (Poultry) - cost 2 coins - 1 VP - Harvest: pay 1 Food: gain 2 coins; \
             if there is no other Livestock within 3, also gain 2 coins."
        );
        assert_eq!(
            loc_text("oxen"),
            "Oxen - Livestock (Work) - cost 3 coins - 2 VP - Harvest: pay 2 Food: gain 1 coin per \
             other location within 2 with a Harvest ability."
        );
        assert!(loc_text("animal_pen").contains("cost 6 coins, 1 less per Livestock within 2 - "));
        assert!(
            loc_text("slaughterhouse")
                .ends_with("Game End: score 3 VP per Meat Livestock within 3.")
        );
    }

    #[test]
    fn equipment_texts() {
        assert_eq!(
            equip_text("hoses"),
            "Hoses - place on: Water Tower - Ongoing: this Water Tower has +1 range."
        );
        assert_eq!(
            equip_text("harrow"),
            "Harrow - place on: Field with a Harvest ability - Ongoing: you may pay this Field's \
             Harvest cost and apply its ability again."
        );
        assert_eq!(
            equip_text("rain_barrel"),
            "Rain Barrel - place on: Water Tower - When placed: add 3 Water to this Water Tower."
        );
        assert!(equip_text("wheelbarrow").contains("place on: any location"));
    }

    #[test]
    fn other_is_used_only_when_the_carrier_matches() {
        let a = |of: Filter, scope: Scope| Amount {
            base: 0,
            per: 1,
            count: Some(Count::Cards { of, scope }),
            every: 1,
            max: None,
        };
        let ability = |coins: Amount| Ability {
            timing: Timing::Immediate,
            cost: Cost::FREE,
            effects: vec![Effect::Gain {
                gain: Gain {
                    coins,
                    food: Amount::fixed(0),
                    vp: Amount::fixed(0),
                },
                when: None,
            }],
            modifiers: vec![],
        };
        let livestock = |f: Filter| {
            matches!(
                f,
                Filter::Pile(Pile::Livestock) | Filter::Location | Filter::Card
            )
        };
        let text = |coins| ability_text(&ability(coins), "Livestock", false, livestock);
        assert_eq!(
            text(a(Filter::Pile(Pile::Livestock), Scope::Farm)),
            "Immediate: gain 1 coin per other Livestock in your farm."
        );
        // Adjacency never includes the card itself.
        assert_eq!(
            text(a(Filter::Pile(Pile::Livestock), Scope::Adjacent)),
            "Immediate: gain 1 coin per adjacent Livestock."
        );
        assert_eq!(
            text(a(Filter::Kind(Kind::Grain), Scope::Within(2))),
            "Immediate: gain 1 coin per Grain Field within 2."
        );
        let every = Amount {
            every: 3,
            max: Some(5),
            ..a(Filter::Pile(Pile::Building), Scope::Farm)
        };
        assert_eq!(
            text(every),
            "Immediate: gain 1 coin per 3 Buildings in your farm (at most 5)."
        );
        let coins = Amount {
            count: Some(Count::Coins),
            every: 3,
            ..a(Filter::Card, Scope::Farm)
        };
        assert_eq!(text(coins), "Immediate: gain 1 coin per 3 coins you have.");
    }

    #[test]
    fn conditions_and_costs() {
        let w = Words {
            this: "Field",
            is_self: &|f| f == Filter::Pile(Pile::Field),
        };
        let cards = |min, max| Condition {
            count: Count::Cards {
                of: Filter::Pile(Pile::Field),
                scope: Scope::Within(2),
            },
            min,
            max,
        };
        assert_eq!(
            w.condition(&cards(None, Some(0))),
            "there is no other Field within 2"
        );
        assert_eq!(
            w.condition(&cards(Some(1), None)),
            "there is another Field within 2"
        );
        assert_eq!(
            w.condition(&cards(Some(2), None)),
            "there are at least 2 other Fields within 2"
        );
        assert_eq!(
            w.condition(&cards(None, Some(2))),
            "there are at most 2 other Fields within 2"
        );
        assert_eq!(
            w.condition(&cards(Some(1), Some(3))),
            "there are 1 to 3 other Fields within 2"
        );
        let food = Condition {
            count: Count::Food,
            min: Some(3),
            max: None,
        };
        assert_eq!(w.condition(&food), "you have at least 3 Food in your Silos");

        let cost = Cost {
            coins: Amount::fixed(2),
            water: Amount::fixed(1),
            food: Amount::fixed(0),
        };
        assert_eq!(cost_text(&cost), "2 coins, 1 Water");
        assert_eq!(cost_text(&Cost::FREE), "free");
    }

    #[test]
    fn modifier_texts() {
        let w = Words {
            this: "Construction",
            is_self: &|_| false,
        };
        let gain = Gain {
            coins: Amount::fixed(1),
            food: Amount::fixed(0),
            vp: Amount::fixed(0),
        };
        assert_eq!(
            w.modifier(&Modifier::HarvestBonus {
                of: Filter::Pile(Pile::Livestock),
                scope: Scope::Adjacent,
                gain
            }),
            "whenever an adjacent Livestock pays its Harvest cost, gain 1 coin"
        );
        assert_eq!(
            w.modifier(&Modifier::BuildDiscount {
                of: Filter::Pile(Pile::Field),
                scope: Scope::Within(2),
                coins: 2
            }),
            "Fields you build within 2 of this Construction cost 2 coins less"
        );
        assert_eq!(
            w.modifier(&Modifier::TowerCapacity {
                bonus: 1,
                scope: Scope::Farm
            }),
            "your Water Towers hold 1 more Water"
        );
    }

    #[test]
    fn every_card_has_a_text() {
        let deck = Deck::default_deck();
        for (i, d) in deck.locations.iter().enumerate() {
            let t = location_text(&deck, i as DesignIdx);
            assert!(
                t.starts_with(&format!("{} - ", d.name))
                    && !t.contains(&format!("[{}]", d.code))
                    && t.ends_with('.'),
                "{t}"
            );
        }
        for (i, e) in deck.equipment.iter().enumerate() {
            let t = equipment_text(&deck, i as EquipIdx);
            assert!(
                t.starts_with(&format!("{} - place on: ", e.name))
                    && !t.contains(&format!("[{}]", e.code))
                    && t.ends_with('.'),
                "{t}"
            );
        }
    }
}

#[cfg(test)]
mod japanese_tests {
    use super::*;

    /// Every card text reads in Japanese: the Japanese name first, no English word run left.
    #[test]
    fn every_card_has_a_japanese_text() {
        let deck = Deck::default_deck();
        crate::i18n::with(crate::i18n::Locale::Ja, || {
            let mut texts = Vec::new();
            for (i, d) in deck.locations.iter().enumerate() {
                let t = location_text(&deck, i as DesignIdx);
                let name = d.name_ja.as_deref().unwrap();
                assert!(t.starts_with(&format!("{name} - ")), "{t}");
                assert!(t.ends_with('。'), "{t}");
                texts.push(t);
            }
            for (i, e) in deck.equipment.iter().enumerate() {
                let t = equipment_text(&deck, i as EquipIdx);
                let name = e.name_ja.as_deref().unwrap();
                assert!(t.starts_with(&format!("{name} - ")), "{t}");
                assert!(t.ends_with('。'), "{t}");
                texts.push(t);
            }
            for t in &texts {
                eprintln!("{t}");
                // No English word of 3+ lowercase letters (codes are upper case).
                let english = t
                    .split(|c: char| !c.is_ascii_alphabetic())
                    .any(|w| w.len() >= 3 && w.chars().all(|c| c.is_ascii_lowercase()));
                assert!(!english, "{t}");
            }
            assert_eq!(
                texts[0],
                "小麦 - 田畑（穀物） - 費用 3コイン - 1勝利点 - 収穫時：水1を支払うと、食糧2を得る。"
            );
        });
    }
}
