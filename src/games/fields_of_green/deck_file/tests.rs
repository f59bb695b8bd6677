//! The deck file's loader: the shipped deck, every error naming its card and field, limits.

use super::*;

fn default() -> Arc<Deck> {
    Deck::default_deck()
}

fn loc<'a>(deck: &'a Deck, id: &str) -> &'a LocationDef {
    let d = deck
        .location_by_id(id)
        .unwrap_or_else(|| panic!("no location {id}"));
    deck.location(d)
}

fn equip<'a>(deck: &'a Deck, id: &str) -> &'a EquipmentDef {
    deck.equip(
        deck.equipment_by_id(id)
            .unwrap_or_else(|| panic!("no equipment {id}")),
    )
}

fn ability(def: &LocationDef) -> &Ability {
    def.ability.as_ref().expect("ability")
}

fn counted(base: i32, per: i32, of: Filter, scope: Scope) -> Amount {
    Amount {
        base,
        per,
        count: Some(Count::Cards { of, scope }),
        every: 1,
        max: None,
    }
}

fn fixed_gain(coins: i32, food: i32, vp: i32) -> Gain {
    Gain {
        coins: Amount::fixed(coins),
        food: Amount::fixed(food),
        vp: Amount::fixed(vp),
    }
}

#[test]
fn embedded_deck_has_the_shape_cards_md_asks_for() {
    let deck = default();
    assert_eq!(deck.locations.len(), 44);
    for pile in Pile::ALL {
        let designs: Vec<_> = deck.locations.iter().filter(|d| d.pile == pile).collect();
        assert_eq!(designs.len(), 11, "{pile:?} designs");
        assert!(designs.iter().all(|d| d.copies == 3), "{pile:?} copies");
    }
    assert_eq!(deck.location_card_count(), 132);
    assert_eq!(deck.equipment.len(), 15);
    assert!(deck.equipment.iter().all(|e| e.copies == 2));
    assert_eq!(deck.equipment_tile_count(), 30);
    // Ruling 1.
    let s = &deck.supply;
    assert_eq!((s.water_towers, s.silos, s.tower_cost), (20, 14, 2));
    assert_eq!(
        (s.tower_capacity, s.tower_range, s.silo_capacity),
        (3, 2, 4)
    );
    // the deck brief, docs/CLI.md "Deck files" "Economy": costs 1-5, Buildings up to about 7; printed VP 0-3.
    for d in &deck.locations {
        let top = if d.pile == Pile::Building { 7 } else { 6 };
        assert!((1..=top).contains(&d.cost.coins.base), "{} cost", d.id);
        assert!(d.vp <= 3, "{} vp", d.id);
        assert!(
            d.cost.water.base <= 2 && d.cost.food.base <= 2,
            "{} build needs",
            d.id
        );
    }
}

#[test]
fn every_card_of_the_shipped_deck_has_a_japanese_name() {
    let deck = Deck::default_deck();
    for d in &deck.locations {
        assert!(
            d.name_ja.as_deref().is_some_and(|n| !n.is_empty()),
            "{}",
            d.id
        );
        assert_eq!(d.flavor.is_some(), d.flavor_ja.is_some(), "{}", d.id);
    }
    for e in &deck.equipment {
        assert!(
            e.name_ja.as_deref().is_some_and(|n| !n.is_empty()),
            "{}",
            e.id
        );
    }
}

/// Translations are not rules: a deck without them has the same fingerprint (saved games
/// keep resuming), and a file without them still loads.
#[test]
fn japanese_names_are_optional_and_left_out_of_the_fingerprint() {
    let text = include_str!("../deck.toml");
    let plain: String = text
        .lines()
        .filter(|l| !l.starts_with("name_ja") && !l.starts_with("flavor_ja"))
        .collect::<Vec<_>>()
        .join("\n");
    let bare = Deck::from_toml(&plain).expect("a deck without translations");
    let full = Deck::default_deck();
    assert!(bare.locations.iter().all(|d| d.name_ja.is_none()));
    assert_eq!(bare.fingerprint, full.fingerprint);
    let bad = text.replacen("name_ja = \"小麦\"", "name_ja = \"\"", 1);
    let e = Deck::from_toml(&bad).unwrap_err();
    assert!(e.to_string().contains("name_ja"), "{e}");
}

#[test]
fn embedded_deck_is_loaded_once_and_fingerprinted() {
    let a = default();
    let b = default();
    assert!(Arc::ptr_eq(&a, &b));
    assert_ne!(a.fingerprint, 0);
    let again = Deck::from_toml(include_str!("../deck.toml")).unwrap();
    assert_eq!(again.fingerprint, a.fingerprint);
    assert_eq!(fingerprint(&again), again.fingerprint);
    // Any change to the rules changes the fingerprint (saved games refuse another deck).
    let mut changed = again.clone();
    changed.locations[0].vp += 1;
    assert_ne!(fingerprint(&changed), again.fingerprint);
}

/// The location `id`, after checking its printed name and kind, and its ability.
fn card<'a>(deck: &'a Deck, id: &str, name: &str, kind: Option<Kind>) -> &'a Ability {
    let def = loc(deck, id);
    assert_eq!((def.name.as_str(), def.kind), (name, kind), "{id}");
    ability(def)
}

/// An ability's effects when it is one unconditional Gain.
fn gains(gain: Gain) -> Vec<Effect> {
    vec![Effect::Gain { gain, when: None }]
}

/// A Gain of only Food, only coins or only VP, by an amount that may count cards.
fn food(food: Amount) -> Gain {
    Gain {
        food,
        ..fixed_gain(0, 0, 0)
    }
}

fn coins(coins: Amount) -> Gain {
    Gain {
        coins,
        ..fixed_gain(0, 0, 0)
    }
}

fn vp(vp: Amount) -> Gain {
    Gain {
        vp,
        ..fixed_gain(0, 0, 0)
    }
}

#[test]
fn rulebook_fields_have_cards_md_numbers() {
    let deck = default();
    let potatoes = loc(&deck, "potatoes");
    assert_eq!(
        (potatoes.name.as_str(), potatoes.pile, potatoes.kind),
        ("Potatoes", Pile::Field, Some(Kind::Vegetable))
    );
    assert_eq!((potatoes.cost.coins, potatoes.vp), (Amount::fixed(3), 1));
    let a = ability(potatoes);
    assert_eq!(a.timing, Timing::Immediate);
    let silo_adjacent = Condition {
        count: Count::Cards {
            of: Filter::Silo,
            scope: Scope::Adjacent,
        },
        min: Some(1),
        max: None,
    };
    assert_eq!(
        a.effects,
        vec![
            Effect::Gain {
                gain: fixed_gain(0, 2, 0),
                when: None
            },
            Effect::Equipment {
                count: 1,
                when: Some(silo_adjacent)
            },
        ]
    );

    let a = card(&deck, "wheat", "Wheat", Some(Kind::Grain));
    assert_eq!(
        (a.timing, a.cost.water),
        (Timing::Harvest, Amount::fixed(1))
    );
    assert_eq!(a.effects, gains(fixed_gain(0, 2, 0)));

    let a = card(&deck, "orange_trees", "Orange Trees", Some(Kind::Fruit));
    assert_eq!(a.cost.water, Amount::fixed(1));
    assert_eq!(a.effects, gains(fixed_gain(0, 0, 1)));

    let a = card(&deck, "apple_trees", "Apple Trees", Some(Kind::Fruit));
    assert_eq!(a.cost.water, Amount::fixed(2));
    let towers = counted(0, 1, Filter::WaterTower, Scope::Within(2));
    assert_eq!(a.effects, gains(food(towers)));

    let a = card(&deck, "tomatoes", "Tomatoes", Some(Kind::Vegetable));
    assert!(a.timing == Timing::Harvest && a.cost.water.base >= 1);
    let neighbours = counted(0, 1, Filter::Location, Scope::Adjacent);
    assert_eq!(a.effects, gains(food(neighbours)));
}

#[test]
fn rulebook_livestock_have_cards_md_numbers() {
    let deck = default();
    let a = card(&deck, "pigs", "Pigs", Some(Kind::Meat));
    assert_eq!((a.timing, a.cost.food), (Timing::Harvest, Amount::fixed(1)));
    assert_eq!(
        a.effects,
        vec![
            Effect::Gain {
                gain: fixed_gain(3, 0, 0),
                when: None
            },
            Effect::Repeat {
                max: 2,
                pay: Cost {
                    food: Amount::fixed(1),
                    ..Cost::FREE
                },
                gain: fixed_gain(2, 0, 0)
            },
        ]
    );
    // The rulebook's example: 2 Food gave 5 coins (1 for the cost, 1 for one repeat).

    let a = card(&deck, "sheep", "Sheep", Some(Kind::Dairy));
    assert_eq!(a.cost.food, Amount::fixed(2));
    let dairy = counted(3, 1, Filter::Kind(Kind::Dairy), Scope::Within(2));
    assert_eq!(a.effects, gains(coins(dairy)));

    let a = card(&deck, "oxen", "Oxen", Some(Kind::Work));
    assert_eq!(a.cost.food, Amount::fixed(2));
    let harvests = counted(0, 1, Filter::Harvest, Scope::Within(2));
    assert_eq!(a.effects, gains(coins(harvests)));

    let a = card(&deck, "turkeys", "Turkeys", Some(Kind::Poultry));
    assert!(a.timing == Timing::Harvest && a.cost.food.base >= 1);
    let lonely = Condition {
        count: Count::Cards {
            of: Filter::Pile(Pile::Livestock),
            scope: Scope::Within(3),
        },
        min: None,
        max: Some(0),
    };
    assert!(
        a.effects
            .iter()
            .any(|e| matches!(e, Effect::Gain { when: Some(c), .. } if *c == lonely))
    );
}

#[test]
fn rulebook_constructions_buildings_and_equipment_have_cards_md_numbers() {
    let deck = default();
    let pen = loc(&deck, "animal_pen");
    assert_eq!(pen.name, "Animal Pen");
    assert_eq!(
        pen.cost.coins,
        counted(6, -1, Filter::Pile(Pile::Livestock), Scope::Within(2))
    );

    let slaughterhouse = loc(&deck, "slaughterhouse");
    assert_eq!(
        (slaughterhouse.name.as_str(), slaughterhouse.pile),
        ("Slaughterhouse", Pile::Building)
    );
    assert_eq!(slaughterhouse.cost.coins, Amount::fixed(6));
    let a = ability(slaughterhouse);
    assert_eq!(a.timing, Timing::GameEnd);
    let meat = counted(0, 3, Filter::Kind(Kind::Meat), Scope::Within(3));
    assert_eq!(a.effects, gains(vp(meat)));

    // Reviewers: the Brewery gave 6 VP with 3 Grain Fields.
    let brewery = ability(loc(&deck, "brewery"));
    let Effect::Gain { gain, .. } = &brewery.effects[0] else {
        panic!("brewery")
    };
    assert_eq!(gain.vp.eval(3), 6);

    let harrow = equip(&deck, "harrow");
    assert_eq!(
        (harrow.name.as_str(), harrow.host, harrow.host_timing),
        ("Harrow", Filter::Pile(Pile::Field), Some(Timing::Harvest))
    );
    assert_eq!(
        harrow.ability.modifiers,
        vec![Modifier::ExtraHarvest { times: 1 }]
    );

    let hoses = equip(&deck, "hoses");
    assert_eq!(
        (hoses.name.as_str(), hoses.host, hoses.host_timing),
        ("Hoses", Filter::WaterTower, None)
    );
    assert_eq!(
        hoses.ability.modifiers,
        vec![Modifier::TowerRange {
            bonus: 1,
            scope: Scope::This
        }]
    );

    let generator = equip(&deck, "power_generator");
    assert_eq!(generator.name, "Power Generator");
    assert_eq!(
        (generator.host, generator.host_timing),
        (Filter::Pile(Pile::Building), Some(Timing::GameEnd))
    );
    assert!(matches!(
        generator.ability.modifiers[..],
        [Modifier::GameEndAgain { .. }]
    ));

    for id in ["sacks", "fences"] {
        let e = equip(&deck, id);
        assert_eq!(e.ability.timing, Timing::GameEnd, "{id}");
    }
    assert_eq!(equip(&deck, "sacks").host, Filter::Silo);
    assert_eq!(equip(&deck, "fences").host, Filter::Pile(Pile::Livestock));
}

#[test]
fn reviewer_names_are_used() {
    let deck = default();
    let names: Vec<&str> = deck.locations.iter().map(|d| d.name.as_str()).collect();
    for name in [
        "Melons",
        "Pumpkins",
        "Peppers",
        "Cabbages",
        "Cows",
        "Geese",
        "Chickens",
        "Horses",
        "Ducks",
        "Rabbits",
        "Watchdogs",
        "Fuel Depot",
        "Tool Shed",
        "Crop Circles",
        "Quarters",
        "Stables",
        "Brewery",
        "Market",
    ] {
        assert!(names.contains(&name), "{name}");
    }
}

// --- Malformed decks -------------------------------------------------------------------

/// A valid deck of 12 generated designs (3 per pile) x `copies`, one Equipment design, plus
/// `more_locations` (so the first extra location is `location #13`) and `more_equipment`.
fn mini(copies: u8, more_locations: &str, more_equipment: &str) -> String {
    let mut s = String::from(
        "name = \"Mini\"\n[supply]\nwater_towers = 20\nsilos = 14\ntower_cost = 2\n\
         tower_capacity = 3\ntower_range = 2\nsilo_capacity = 4\n",
    );
    let piles = [
        ("field", "F", "kind = \"grain\"\n"),
        ("livestock", "L", "kind = \"dairy\"\n"),
        ("construction", "C", ""),
        ("building", "B", ""),
    ];
    for (pile, letter, kind) in piles {
        for j in 0..3 {
            s.push_str(&format!(
                "[[location]]\nid = \"{pile}{j}\"\ncode = \"{letter}0{j}\"\nname = \"{pile} {j}\"\n\
                 pile = \"{pile}\"\n{kind}copies = {copies}\ncost = 1\nvp = 1\n"
            ));
        }
    }
    s.push_str(more_locations);
    s.push_str(
        "\n[[equipment]]\nid = \"gear\"\ncode = \"GEA\"\nname = \"Gear\"\ncopies = 3\nhost = \"field\"\n\
         [equipment.ability]\ntiming = \"immediate\"\neffects = [{ do = \"gain\", coins = 1 }]\n",
    );
    s.push_str(more_equipment);
    s
}

/// An extra location `extra` with the given body lines after the id.
fn extra(body: &str) -> String {
    format!("\n[[location]]\nid = \"extra\"\n{body}\n")
}

const PLAIN: &str =
    "code = \"EXA\"\nname = \"Extra\"\npile = \"building\"\ncopies = 1\ncost = 2\nvp = 0\n";

fn error_of(text: &str) -> DeckError {
    Deck::from_toml(text).expect_err("the deck should be rejected")
}

fn assert_error(text: &str, card: Option<&str>, field: &str) -> DeckError {
    let e = error_of(text);
    assert_eq!((e.card.as_deref(), e.field.as_str()), (card, field), "{e}");
    e
}

/// The error of the mini deck with one extra location whose lines after the id are `body`:
/// it must name that location and `field`.
fn extra_error(body: &str, field: &str) -> DeckError {
    assert_error(&mini(10, &extra(body), ""), Some("extra"), field)
}

#[test]
fn mini_deck_is_valid() {
    let deck = Deck::from_toml(&mini(10, &extra(PLAIN), "")).unwrap();
    assert_eq!(deck.location_card_count(), 121);
}

#[test]
fn unknown_fields_are_named() {
    extra_error(&format!("{PLAIN}colour = \"red\""), "colour");
    let body = format!(
        "{PLAIN}[location.ability]\ntiming = \"immediate\"\neffects = [{{ do = \"gain\", coin = 2 }}]"
    );
    extra_error(&body, "ability.effects[1].coin");
    let top = format!("{}\nrules = 1\n", "");
    let e = assert_error(&format!("{top}{}", mini(10, "", "")), None, "rules");
    assert!(e.message.contains("unknown field"), "{e}");
}

#[test]
fn bad_pile_and_kinds_are_named() {
    let body = PLAIN.replace("pile = \"building\"", "pile = \"animals\"");
    extra_error(&body, "pile");
    let body = PLAIN.replace("pile = \"building\"", "pile = \"field\"\nkind = \"dairy\"");
    let e = extra_error(&body, "kind");
    assert!(e.message.contains("Livestock kind"), "{e}");
    let body = PLAIN.replace("pile = \"building\"", "pile = \"field\"");
    extra_error(&body, "kind");
    let body = format!("{PLAIN}kind = \"grain\"");
    extra_error(&body, "kind");
}

#[test]
fn duplicates_are_named() {
    let dup_id = "\n[[location]]\nid = \"field0\"\ncode = \"EXA\"\nname = \"Extra\"\npile = \"building\"\ncopies = 1\ncost = 2\nvp = 0\n";
    let e = assert_error(&mini(10, dup_id, ""), Some("field0"), "id");
    assert!(e.message.contains("already used"), "{e}");
    let body = PLAIN.replace("EXA", "F00");
    extra_error(&body, "code");
    let body = PLAIN.replace("name = \"Extra\"", "name = \"Field 0\"");
    extra_error(&body, "name");
    // Ids are unique across locations and Equipment.
    let gear = "\n[[equipment]]\nid = \"field1\"\ncode = \"GE2\"\nname = \"Gear 2\"\ncopies = 1\nhost = \"field\"\n\
                [equipment.ability]\ntiming = \"immediate\"\neffects = [{ do = \"gain\", food = 1 }]\n";
    assert_error(&mini(10, "", gear), Some("field1"), "id");
}

#[test]
fn bad_ids_and_codes_are_named() {
    let no_id = "\n[[location]]\ncode = \"EXA\"\nname = \"Extra\"\npile = \"building\"\ncopies = 1\ncost = 2\nvp = 0\n";
    let e = assert_error(&mini(10, no_id, ""), Some("location #13"), "id");
    assert_eq!(e.to_string(), "location #13: field \"id\": missing field");
    let bad_id = no_id.replace("code =", "id = \"Extra Card\"\ncode =");
    assert_error(&mini(10, &bad_id, ""), Some("location #13"), "id");
    let reserved = no_id.replace("code =", "id = \"silo\"\ncode =");
    assert_error(&mini(10, &reserved, ""), Some("location #13"), "id");
    for code in ["SIL", "W3X", "WTR", "ab1", "ABCD"] {
        let body = PLAIN.replace("EXA", code);
        extra_error(&body, "code");
    }
}

#[test]
fn bad_scopes_and_counts_are_named() {
    let body = format!(
        "{PLAIN}[location.ability]\ntiming = \"immediate\"\n\
         effects = [{{ do = \"gain\", coins = {{ per = 1, of = \"field\", scope = \"nearby\" }} }}]"
    );
    let e = extra_error(&body, "ability.effects[1].coins.scope");
    assert_eq!(
        e.to_string(),
        "card \"extra\": field \"ability.effects[1].coins.scope\": unknown scope \"nearby\"; \
         expected \"this\", \"adjacent\", \"within N\" or \"farm\""
    );
    for scope in ["within 7", "this"] {
        let b = body.replace("nearby", scope);
        extra_error(&b, "ability.effects[1].coins.scope");
    }
    let b = body.replace("scope = \"nearby\"", "scope = \"farm\", every = 0");
    extra_error(&b, "ability.effects[1].coins.every");
    let b = body.replace("of = \"field\"", "of = \"tractors\"");
    extra_error(&b, "ability.effects[1].coins.of");
    let b = body.replace(
        "of = \"field\", scope = \"nearby\"",
        "of = \"food\", scope = \"farm\"",
    );
    extra_error(&b, "ability.effects[1].coins.scope");
    let b = body.replace("of = \"field\"", "of = \"field.meat\"");
    extra_error(&b, "ability.effects[1].coins.of");
}

#[test]
fn timing_rules_are_enforced() {
    let ability = |a: &str| format!("{PLAIN}[location.ability]\n{a}");
    // Ruling 18: Game End abilities only score VP.
    let e = extra_error(
        &ability("timing = \"game_end\"\neffects = [{ do = \"gain\", coins = 3 }]"),
        "ability.effects[1].coins",
    );
    assert!(e.message.contains("only score VP"), "{e}");
    // Each ability is rejected naming the field: the failing case shows its expected field.
    for (text, field) in [
        (
            "timing = \"game_end\"\neffects = [{ do = \"equipment\" }]",
            "ability.effects[1].do",
        ),
        (
            "timing = \"immediate\"\ncost = { water = 1 }\neffects = [{ do = \"gain\", food = 1 }]",
            "ability.cost",
        ),
        (
            "timing = \"ongoing\"\neffects = [{ do = \"gain\", food = 1 }]",
            "ability.effects",
        ),
        (
            "timing = \"harvest\"\ncost = { water = 9 }\neffects = [{ do = \"gain\", food = 1 }]",
            "ability.cost.water",
        ),
        (
            "timing = \"ongoing\"\nmodifiers = [{ do = \"tower_range\", bonus = 1, scope = \"this\" }]",
            "ability.modifiers[1].scope",
        ),
        (
            "timing = \"ongoing\"\nmodifiers = [{ do = \"extra_harvest\", times = 1 }]",
            "ability.modifiers[1].do",
        ),
        (
            "timing = \"harvest\"\neffects = [{ do = \"gain\", food = 1, when = { of = \"silo\", scope = \"farm\", min = 3, max = 1 } }]",
            "ability.effects[1].when.min",
        ),
    ] {
        extra_error(&ability(text), field);
    }
}

/// The mini deck with one more Equipment design, `tile`, on `host` with `ability`.
fn with_tile(host: &str, ability: &str) -> String {
    let tile = format!(
        "\n[[equipment]]\nid = \"tile\"\ncode = \"TIL\"\nname = \"Tile\"\ncopies = 1\n{host}\n\
         [equipment.ability]\n{ability}\n"
    );
    mini(10, "", &tile)
}

#[test]
fn equipment_rules_are_enforced() {
    let gain_food = "timing = \"immediate\"\neffects = [{ do = \"gain\", food = 1 }]";
    let extra_harvest = "timing = \"ongoing\"\nmodifiers = [{ do = \"extra_harvest\", times = 1 }]";
    let this_tower = "timing = \"ongoing\"\nmodifiers = [{ do = \"tower_capacity\", bonus = 1, scope = \"this\" }]";
    // Nothing in the mini deck is Meat, or a Field with a Harvest ability.
    let e = assert_error(
        &with_tile("host = \"livestock.meat\"", gain_food),
        Some("tile"),
        "host",
    );
    assert!(e.message.contains("no card"), "{e}");
    for (host, ability, field) in [
        (
            "host = \"field\"\nhost_timing = \"harvest\"",
            extra_harvest,
            "host_timing",
        ),
        ("host = \"field\"", extra_harvest, "ability.modifiers[1].do"),
        (
            "host = \"field\"",
            "timing = \"harvest\"\neffects = [{ do = \"gain\", food = 1 }]",
            "ability.timing",
        ),
        ("host = \"open_area\"", gain_food, "host"),
    ] {
        assert_error(&with_tile(host, ability), Some("tile"), field);
    }
    // A Water Tower host makes "this" meaningful.
    assert!(Deck::from_toml(&with_tile("host = \"water_tower\"", this_tower)).is_ok());
    let e = error_of(&with_tile("host = \"silo\"", this_tower));
    assert_eq!(e.field, "ability.modifiers[1].scope");
}

#[test]
fn deck_level_errors_are_named() {
    let e = assert_error(&mini(9, "", ""), None, "location");
    assert!(e.message.contains("108 location cards"), "{e}");
    let no_buildings = mini(10, "", "").replace("pile = \"building\"", "pile = \"construction\"");
    let e = assert_error(&no_buildings, None, "location");
    assert!(e.message.contains("Building pile"), "{e}");
    let few_tiles = mini(10, "", "").replace("copies = 3", "copies = 2");
    assert_error(&few_tiles, None, "equipment");
    let e = assert_error(
        &mini(10, "", "").replace("silos = 14", "silos = 3"),
        None,
        "supply.silos",
    );
    assert!(
        e.to_string().starts_with("deck: field \"supply.silos\": "),
        "{e}"
    );
}

#[test]
fn syntax_errors_give_the_line() {
    let text = mini(10, "", "").replace("cost = 1\n", "cost = = 1\n");
    let e = assert_error(&text, None, "");
    assert!(e.message.contains("line"), "{e}");
    assert!(e.to_string().starts_with("deck: "), "{e}");
}
