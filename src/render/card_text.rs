//! Card texts, generated from the card data (CARDS.md: "A card text for players is generated from
//! the same data, so the text and the rule cannot disagree").
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
    match p {
        Pile::Field => crate::t!("fog-pile-field"),
        Pile::Livestock => crate::t!("fog-pile-livestock"),
        Pile::Construction => crate::t!("fog-pile-construction"),
        Pile::Building => crate::t!("fog-pile-building"),
    }
}

/// `2 Fields`, `1 Livestock` (a number of cards of a pile).
pub fn pile_count(p: Pile, n: u32) -> String {
    match p {
        Pile::Field => crate::t!("fog-pile-field-n", n = n),
        Pile::Livestock => crate::t!("fog-pile-livestock-n", n = n),
        Pile::Construction => crate::t!("fog-pile-construction-n", n = n),
        Pile::Building => crate::t!("fog-pile-building-n", n = n),
    }
}

/// A kind's name in the language in scope (`Grain`, `穀物`).
pub fn kind_name(k: Kind) -> String {
    match k {
        Kind::Grain => crate::t!("fog-kind-grain"),
        Kind::Vegetable => crate::t!("fog-kind-vegetable"),
        Kind::Fruit => crate::t!("fog-kind-fruit"),
        Kind::Poultry => crate::t!("fog-kind-poultry"),
        Kind::Dairy => crate::t!("fog-kind-dairy"),
        Kind::Meat => crate::t!("fog-kind-meat"),
        Kind::Work => crate::t!("fog-kind-work"),
    }
}

/// One line describing a location design, e.g.
/// `Wheat [WHT] - Field (Grain) - cost 3 coins - 1 VP - Harvest: pay 1 Water: gain 2 Food.`
pub fn location_text(deck: &Deck, d: DesignIdx) -> String {
    let def = deck.location(d);
    let mut s = format!("{} [{}] - {}", def.name, def.code, def.pile.name());
    if let Some(k) = def.kind {
        s.push_str(&format!(" ({})", k.name()));
    }
    s.push_str(&format!(" - {}", build_cost_text(&def.cost)));
    s.push_str(&format!(" - {} VP", def.vp));
    match location_ability_text(def) {
        Some(a) => s.push_str(&format!(" - {a}")),
        None => s.push('.'),
    }
    s
}

/// One line describing an Equipment design, e.g.
/// `Hoses [HOS] - place on: Water Tower - Ongoing: this Water Tower has +1 range.`
pub fn equipment_text(deck: &Deck, e: EquipIdx) -> String {
    let def = deck.equip(e);
    let host = host_text(deck, e);
    let ability = equipment_ability_text(deck, def);
    format!("{} [{}] - place on: {host} - {ability}", def.name, def.code)
}

/// Where an Equipment tile goes, by its placement text: "Building with a Game End ability".
pub fn host_text(deck: &Deck, e: EquipIdx) -> String {
    let def = deck.equip(e);
    let mut host = match def.host {
        Filter::Location | Filter::Card => "any location".to_string(),
        h => capitalize(&filter_noun(h, false)),
    };
    // The rulebook prints "Field - Harvest"; spelled out, it cannot be misread as this tile's
    // own timing.
    if let Some(t) = def.host_timing {
        host.push_str(&format!(" with a {} ability", timing_name(t)));
    }
    host
}

/// A location's ability text (`None` when it has none).
pub fn location_ability_text(def: &LocationDef) -> Option<String> {
    let ability = def.ability.as_ref()?;
    Some(ability_text(ability, def.pile.name(), false, |f| {
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
        Timing::Immediate if on_equipment => "When placed",
        t => timing_name(t),
    };
    let mut body = String::new();
    if ability.timing == Timing::Harvest && !is_free(&ability.cost) {
        body.push_str(&format!("pay {}: ", w.cost(&ability.cost, false)));
    }
    let game_end = ability.timing == Timing::GameEnd;
    let parts: Vec<String> = ability
        .effects
        .iter()
        .enumerate()
        .map(|(i, e)| w.effect(e, i == 0, game_end))
        .chain(ability.modifiers.iter().map(|m| w.modifier(m)))
        .collect();
    body.push_str(&parts.join("; "));
    format!("{label}: {body}.")
}

/// A payment, e.g. `2 coins, 1 Water`; `free` when it costs nothing. Counted parts are measured
/// from a space with no card on it (a build cost), so no "other" is needed.
pub fn cost_text(cost: &Cost) -> String {
    if is_free(cost) {
        return "free".to_string();
    }
    Words {
        this: "card",
        is_self: &|_| false,
    }
    .cost(cost, true)
}

/// `cost 2 coins, 1 Water`, or `free`.
fn build_cost_text(cost: &Cost) -> String {
    if is_free(cost) {
        "free".to_string()
    } else {
        format!("cost {}", cost_text(cost))
    }
}

/// The rulebook's name of a timing.
pub fn timing_name(t: Timing) -> &'static str {
    match t {
        Timing::Immediate => "Immediate",
        Timing::Harvest => "Harvest",
        Timing::GameEnd => "Game End",
        Timing::Ongoing => "Ongoing",
    }
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
    fn word(self, n: i32) -> &'static str {
        match self {
            Unit::Coins if n == 1 => "coin",
            Unit::Coins => "coins",
            Unit::Water => "Water",
            Unit::Food => "Food",
            Unit::Vp => "VP",
        }
    }
}

/// The noun for cards matching a filter; the Harvest / Game End filters keep their qualifier
/// ("location with a Harvest ability", as the rulebook words Oxen).
fn filter_noun(f: Filter, plural: bool) -> String {
    let s = |one: &str, many: &str| {
        if plural {
            many.to_string()
        } else {
            one.to_string()
        }
    };
    match f {
        Filter::Card => s("card", "cards"),
        Filter::Location => s("location", "locations"),
        Filter::OpenArea => s("Open Area", "Open Areas"),
        Filter::WaterTower => s("Water Tower", "Water Towers"),
        Filter::EmptyWaterTower => s("empty Water Tower", "empty Water Towers"),
        Filter::Silo => s("Silo", "Silos"),
        Filter::Pile(p) => s(p.name(), p.plural()),
        Filter::Kind(k) => {
            let p = k.pile();
            format!(
                "{} {}",
                k.name(),
                if plural { p.plural() } else { p.name() }
            )
        }
        Filter::Harvest => s(
            "location with a Harvest ability",
            "locations with a Harvest ability",
        ),
        Filter::GameEnd => s(
            "location with a Game End ability",
            "locations with a Game End ability",
        ),
    }
}

/// "a" / "an" / "another" in front of a singular noun phrase.
fn with_article(phrase: &str) -> String {
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
        // "location with a Harvest ability": the scope goes before the qualifier.
        let (head, tail) = match noun.find(" with a ") {
            Some(i) => (&noun[..i], &noun[i..]),
            None => (noun.as_str(), ""),
        };
        let mut s = String::new();
        if other {
            s.push_str("other ");
        }
        match scope {
            Scope::Adjacent => s.push_str(&format!("adjacent {head}")),
            Scope::Within(n) => s.push_str(&format!("{head} within {n}")),
            Scope::Farm => s.push_str(&format!("{head} in your farm")),
            Scope::This => s.push_str(&format!("this {head}")),
        }
        s.push_str(tail);
        s
    }

    /// What follows "per": `other Dairy Livestock within 2`, `2 Food in your Silos`.
    fn per(&self, count: Count, every: u32) -> String {
        let n = if every > 1 {
            format!("{every} ")
        } else {
            String::new()
        };
        match count {
            Count::Cards { of, scope } => format!("{n}{}", self.cards(of, scope, every > 1)),
            Count::Food => format!("{n}Food in your Silos"),
            Count::Coins if every > 1 => format!("{n}coins you have"),
            Count::Coins => "coin you have".to_string(),
        }
    }

    fn amount(&self, a: &Amount, unit: Unit) -> String {
        let base = format!("{} {}", a.base, unit.word(a.base));
        let Some(count) = a.count else { return base };
        let per = a.per.abs();
        let per_what = self.per(count, a.every);
        let mut s = if a.per < 0 {
            format!("{base}, {per} less per {per_what}")
        } else if a.base == 0 {
            format!("{per} {} per {per_what}", unit.word(per))
        } else {
            format!("{base} plus {per} {} per {per_what}", unit.word(per))
        };
        if let Some(m) = a.max {
            s.push_str(&format!(" (at most {m})"));
        }
        s
    }

    fn list(parts: Vec<String>) -> String {
        match parts.split_last() {
            None => String::new(),
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
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
            parts.join(", ")
        } else {
            Self::list(parts)
        }
    }

    fn gain(&self, g: &Gain) -> String {
        let parts = [
            (g.coins, Unit::Coins),
            (g.food, Unit::Food),
            (g.vp, Unit::Vp),
        ]
        .iter()
        .filter(|(a, _)| !is_zero(a))
        .map(|(a, u)| self.amount(a, *u))
        .collect();
        Self::list(parts)
    }

    /// `there is no other Livestock within 3`, `you have at least 3 Food`.
    fn condition(&self, c: &Condition) -> String {
        let range = |unit: &str| match (c.min.unwrap_or(0), c.max) {
            (_, Some(0)) => format!("no {unit}"),
            (lo, None) => format!("at least {lo} {unit}"),
            (0, Some(hi)) => format!("at most {hi} {unit}"),
            (lo, Some(hi)) if lo == hi => format!("exactly {lo} {unit}"),
            (lo, Some(hi)) => format!("{lo} to {hi} {unit}"),
        };
        match c.count {
            Count::Food => format!("you have {} in your Silos", range("Food")),
            Count::Coins => format!("you have {}", range("coins")),
            Count::Cards { of, scope } => {
                let one = self.cards(of, scope, false);
                let many = self.cards(of, scope, true);
                match (c.min.unwrap_or(0), c.max) {
                    (_, Some(0)) => format!("there is no {one}"),
                    (1, None) => format!("there is {}", with_article(&one)),
                    (1, Some(1)) => format!("there is exactly one {one}"),
                    _ => format!("there are {}", range(&many)),
                }
            }
        }
    }

    fn effect(&self, e: &Effect, first: bool, game_end: bool) -> String {
        let also = if first { "" } else { "also " };
        let guarded = |when: &Option<Condition>, body: String, also: &str| match when {
            None => body,
            Some(c) => format!("if {}, {also}{body}", self.condition(c)),
        };
        match e {
            Effect::Gain { gain, when } => {
                // Ruling 18: Game End VP are scored, not taken as tokens.
                let verb = if game_end { "score" } else { "gain" };
                guarded(when, format!("{verb} {}", self.gain(gain)), also)
            }
            Effect::Refill { water, scope, when } => {
                let towers = match scope {
                    Scope::This => "this Water Tower".to_string(),
                    Scope::Adjacent => "each adjacent Water Tower".to_string(),
                    Scope::Within(n) => format!("each Water Tower within {n}"),
                    Scope::Farm => "each of your Water Towers".to_string(),
                };
                guarded(when, format!("add {water} Water to {towers}"), "")
            }
            Effect::Equipment { count, when } => {
                let body = if *count == 1 {
                    "gain an Equipment".to_string()
                } else {
                    format!("gain {count} Equipment")
                };
                guarded(when, body, also)
            }
            Effect::Repeat { max, pay, gain } => {
                let deal = format!("pay {} to gain {}", self.cost(pay, false), self.gain(gain));
                if *max == 1 {
                    format!("you may {deal}")
                } else {
                    format!("up to {max} times: {deal}")
                }
            }
        }
    }

    /// Subject for tower and silo modifiers: (phrase, singular?).
    fn supply_subject(&self, scope: Scope, one: &str, many: &str) -> (String, bool) {
        match scope {
            Scope::This => (format!("this {one}"), true),
            Scope::Adjacent => (format!("adjacent {many}"), false),
            Scope::Within(n) => (format!("{many} within {n}"), false),
            Scope::Farm => (format!("your {many}"), false),
        }
    }

    fn modifier(&self, m: &Modifier) -> String {
        let this = self.this;
        match *m {
            Modifier::TowerRange { bonus, scope } => {
                let (subject, one) = self.supply_subject(scope, "Water Tower", "Water Towers");
                format!(
                    "{subject} {} +{bonus} range",
                    if one { "has" } else { "have" }
                )
            }
            Modifier::TowerCapacity { bonus, scope } => {
                let (subject, one) = self.supply_subject(scope, "Water Tower", "Water Towers");
                format!(
                    "{subject} {} {bonus} more Water",
                    if one { "holds" } else { "hold" }
                )
            }
            Modifier::SiloCapacity { bonus, scope } => {
                let (subject, one) = self.supply_subject(scope, "Silo", "Silos");
                format!(
                    "{subject} {} {bonus} more Food",
                    if one { "holds" } else { "hold" }
                )
            }
            Modifier::ExtraHarvest { times } => {
                let again = if times == 1 {
                    "again".to_string()
                } else {
                    format!("up to {times} more times")
                };
                format!("you may pay this {this}'s Harvest cost and apply its ability {again}")
            }
            Modifier::HarvestBonus { of, scope, gain } => {
                if scope == Scope::This {
                    format!(
                        "whenever this {this} pays its Harvest cost, also gain {}",
                        self.gain(&gain)
                    )
                } else {
                    let who = with_article(&self.cards(of, scope, false));
                    format!(
                        "whenever {who} pays its Harvest cost, gain {}",
                        self.gain(&gain)
                    )
                }
            }
            Modifier::BuildDiscount { of, scope, coins } => {
                let what = filter_noun(of, true);
                let place = match scope {
                    Scope::Adjacent => format!(" adjacent to this {this}"),
                    Scope::Within(n) => format!(" within {n} of this {this}"),
                    Scope::Farm | Scope::This => String::new(),
                };
                let unit = Unit::Coins.word(coins as i32);
                format!(
                    "{} you build{place} cost {coins} {unit} less",
                    capitalize(&what)
                )
            }
            Modifier::GameEndAgain { coins } => {
                let unit = Unit::Coins.word(coins as i32);
                format!(
                    "at game end, you may pay {coins} {unit} to score this {this}'s Game End ability again"
                )
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
            "Wheat [WHT] - Field (Grain) - cost 3 coins - 1 VP - Harvest: pay 1 Water: gain 2 Food."
        );
        assert_eq!(
            loc_text("potatoes"),
            "Potatoes [POT] - Field (Vegetable) - cost 3 coins - 1 VP - Immediate: gain 2 Food; \
             if there is an adjacent Silo, also gain an Equipment."
        );
        assert_eq!(
            loc_text("sheep"),
            "Sheep [SHP] - Livestock (Dairy) - cost 3 coins - 1 VP - Harvest: pay 2 Food: gain 3 coins \
             plus 1 coin per other Dairy Livestock within 2."
        );
        assert_eq!(
            loc_text("pigs"),
            "Pigs [PIG] - Livestock (Meat) - cost 4 coins - 1 VP - Harvest: pay 1 Food: gain 3 coins; \
             up to 2 times: pay 1 Food to gain 2 coins."
        );
        assert_eq!(
            loc_text("turkeys"),
            "Turkeys [TRK] - Livestock (Poultry) - cost 2 coins - 1 VP - Harvest: pay 1 Food: gain 2 coins; \
             if there is no other Livestock within 3, also gain 2 coins."
        );
        assert_eq!(
            loc_text("oxen"),
            "Oxen [OXN] - Livestock (Work) - cost 3 coins - 2 VP - Harvest: pay 2 Food: gain 1 coin per \
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
            "Hoses [HOS] - place on: Water Tower - Ongoing: this Water Tower has +1 range."
        );
        assert_eq!(
            equip_text("harrow"),
            "Harrow [HAR] - place on: Field with a Harvest ability - Ongoing: you may pay this Field's \
             Harvest cost and apply its ability again."
        );
        assert_eq!(
            equip_text("rain_barrel"),
            "Rain Barrel [BRL] - place on: Water Tower - When placed: add 3 Water to this Water Tower."
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
                t.starts_with(&format!("{} [{}] - ", d.name, d.code)) && t.ends_with('.'),
                "{t}"
            );
        }
        for (i, e) in deck.equipment.iter().enumerate() {
            let t = equipment_text(&deck, i as EquipIdx);
            assert!(
                t.starts_with(&format!("{} [{}] - place on: ", e.name, e.code)) && t.ends_with('.'),
                "{t}"
            );
        }
    }
}
