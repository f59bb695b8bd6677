//! Cards: identities (ids, codes, duplicates), locations, Equipment tiles and the supply.

use super::*;

/// Ids and codes seen so far, with the card that used them (for duplicate errors).
#[derive(Default)]
pub(super) struct Seen {
    pub(super) ids: HashMap<String, String>,
    pub(super) codes: HashMap<String, String>,
    pub(super) names: HashMap<String, String>,
}

impl Seen {
    pub(super) fn claim(
        cx: &Cx,
        map: &mut HashMap<String, String>,
        key: String,
        field: &str,
        what: &str,
    ) -> Res<()> {
        let me = cx.card.clone().unwrap_or_default();
        if let Some(owner) = map.get(&key) {
            return Err(cx.err(
                field,
                format!("{what} \"{key}\" is already used by \"{owner}\""),
            ));
        }
        map.insert(key, me);
        Ok(())
    }
}

/// Ids go into button ids and saved games: short, lower-case ASCII, and never the names the
/// engine gives the supply cards.
pub(super) fn id_problem(id: &str) -> Option<&'static str> {
    if id.is_empty() || id.len() > 16 {
        return Some("an id has 1 to 16 characters");
    }
    if !id
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
    {
        return Some("an id uses only a-z, 0-9 and _");
    }
    if id == "water_tower" || id == "silo" {
        return Some("this id is reserved for the supply cards");
    }
    None
}

/// Codes are drawn in the farm grid next to the supply cards' codes (`W3`-style for a Water
/// Tower with its Water, `SIL` for a Silo), so those shapes are reserved.
pub(super) fn code_problem(code: &str) -> Option<&'static str> {
    if code.len() != 3
        || !code
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
    {
        return Some("a code is exactly 3 characters of A-Z and 0-9");
    }
    let b = code.as_bytes();
    if code == "SIL" || (b[0] == b'W' && (b[1].is_ascii_digit() || b[1] == b'T')) {
        return Some(
            "codes SIL, WT? and W followed by a digit are reserved for Water Towers and Silos",
        );
    }
    None
}

/// Reads `id` first, so that every later error can name the card; a missing or bad id is
/// reported against `location #n`.
pub(super) fn card_cx(t: &Table, section: &str, n: usize) -> (Cx, Option<DeckError>) {
    let fallback = Cx {
        card: Some(format!("{section} #{n}")),
    };
    let Some(v) = t.get("id") else {
        let e = fallback.err("id", "missing field");
        return (fallback, Some(e));
    };
    let Some(id) = v.as_str() else {
        let e = fallback.err("id", format!("expected a string, found {}", found(v)));
        return (fallback, Some(e));
    };
    if let Some(problem) = id_problem(id) {
        let e = fallback.err("id", format!("bad id \"{id}\": {problem}"));
        return (fallback, Some(e));
    }
    (
        Cx {
            card: Some(id.to_string()),
        },
        None,
    )
}

/// The keys of a card's table: the identity every card has (id, code, name, name_ja) and
/// `own`, its kind's, listed in that order when a key is unknown.
fn check_card_keys(cx: &Cx, t: &Table, own: &[&str]) -> Res<()> {
    check_keys(
        cx,
        t,
        "",
        &[&["id", "code", "name", "name_ja"], own].concat(),
    )
}

/// Reads the fields every card has (id, code, name, copies) and claims id, code and name.
pub(super) fn read_identity(
    cx: &Cx,
    t: &Table,
    seen: &mut Seen,
) -> Res<(String, String, String, u8)> {
    let id = cx.card.clone().unwrap_or_default();
    Seen::claim(cx, &mut seen.ids, id.clone(), "id", "id")?;
    let code = req_str(cx, t, "", "code")?;
    if let Some(problem) = code_problem(code) {
        return Err(cx.err("code", format!("bad code \"{code}\": {problem}")));
    }
    Seen::claim(cx, &mut seen.codes, code.to_string(), "code", "code")?;
    let name = check_name_len(cx, req_str(cx, t, "", "name")?, "name")?;
    Seen::claim(cx, &mut seen.names, name.to_lowercase(), "name", "name")?;
    let copies = req_int(cx, t, "", "copies", 1, limit::MAX_COPIES)? as u8;
    Ok((id, code.to_string(), name.to_string(), copies))
}

pub(super) fn read_location(
    cx: &Cx,
    t: &Table,
    seen: &mut Seen,
    so_far: &[LocationDef],
) -> Res<LocationDef> {
    check_card_keys(
        cx,
        t,
        &[
            "pile",
            "kind",
            "copies",
            "cost",
            "water",
            "food",
            "vp",
            "flavor",
            "flavor_ja",
            "ability",
        ],
    )?;
    let (id, code, name, copies) = read_identity(cx, t, seen)?;
    let pile_str = req_str(cx, t, "", "pile")?;
    let pile = pile_of(pile_str).ok_or_else(|| {
        cx.err(
            "pile",
            format!("unknown pile \"{pile_str}\"; expected one of: {PILES}"),
        )
    })?;
    let kind = match t.get("kind") {
        None if matches!(pile, Pile::Field | Pile::Livestock) => {
            return Err(cx.err(
                "kind",
                format!("missing field: a {} needs a kind", pile.name()),
            ));
        }
        None => None,
        Some(v) => {
            let s = as_str(cx, v, "kind")?;
            let k = kind_of(s).ok_or_else(|| {
                cx.err(
                    "kind",
                    format!("unknown kind \"{s}\"; expected one of: {KINDS}"),
                )
            })?;
            if k.pile() != pile {
                let msg = if matches!(pile, Pile::Field | Pile::Livestock) {
                    format!(
                        "{} is a {} kind, not a {} kind",
                        k.name(),
                        k.pile().name(),
                        pile.name()
                    )
                } else {
                    format!("{} have no kind", pile.plural())
                };
                return Err(cx.err("kind", msg));
            }
            Some(k)
        }
    };
    // A build cost is counted from the empty space being built on (e.g. Animal Pen).
    let (coin_max, water_max, food_max) = limit::BUILD;
    let coins = read_amount(cx, required(cx, t, "", "cost")?, "cost", coin_max)?;
    let water = t.get("water").map_or(Ok(Amount::fixed(0)), |v| {
        read_amount(cx, v, "water", water_max)
    })?;
    let food = t.get("food").map_or(Ok(Amount::fixed(0)), |v| {
        read_amount(cx, v, "food", food_max)
    })?;
    let vp = req_int(cx, t, "", "vp", 0, limit::MAX_VP)? as u8;
    let flavor = read_flavor(cx, t, "flavor")?;
    let flavor_ja = read_flavor(cx, t, "flavor_ja")?;
    let name_ja = read_name_ja(cx, t)?;
    let ability = t
        .get("ability")
        .map(|v| read_ability(cx, v, "ability", Carrier::Location, so_far))
        .transpose()?;
    Ok(LocationDef {
        id,
        code,
        name,
        pile,
        kind,
        copies,
        cost: Cost { coins, water, food },
        vp,
        ability,
        flavor,
        flavor_ja,
        name_ja,
    })
}

/// An optional flavour line (`flavor`, `flavor_ja`).
pub(super) fn read_flavor(cx: &Cx, t: &Table, key: &str) -> Res<Option<String>> {
    match t.get(key) {
        None => Ok(None),
        Some(v) => {
            let s = as_str(cx, v, key)?.trim();
            if s.chars().count() > limit::FLAVOR_LEN {
                return Err(cx.err(key, format!("at most {} characters", limit::FLAVOR_LEN)));
            }
            Ok(Some(s.to_string()))
        }
    }
}

/// The optional Japanese name (`name_ja`): 1 to NAME_LEN characters, like `name`.
pub(super) fn read_name_ja(cx: &Cx, t: &Table) -> Res<Option<String>> {
    let Some(v) = t.get("name_ja") else {
        return Ok(None);
    };
    let s = check_name_len(cx, as_str(cx, v, "name_ja")?, "name_ja")?;
    Ok(Some(s.to_string()))
}

/// A name (`name`, `name_ja`) trimmed, refused unless it has 1 to NAME_LEN characters.
fn check_name_len<'s>(cx: &Cx, name: &'s str, field: &str) -> Res<&'s str> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > limit::NAME_LEN {
        return Err(cx.err(
            field,
            format!("a name has 1 to {} characters", limit::NAME_LEN),
        ));
    }
    Ok(name)
}

pub(super) fn read_equipment(
    cx: &Cx,
    t: &Table,
    seen: &mut Seen,
    deck: &Deck,
) -> Res<EquipmentDef> {
    check_card_keys(cx, t, &["copies", "host", "host_timing", "ability"])?;
    let (id, code, name, copies) = read_identity(cx, t, seen)?;
    let host = parse_filter(cx, req_str(cx, t, "", "host")?, "host")?;
    if matches!(host, Filter::Card | Filter::OpenArea) {
        // Ruling 15: an Open Area has no Equipment.
        return Err(cx.err("host", "Equipment goes on a face-up card; name its type"));
    }
    let host_timing = t
        .get("host_timing")
        .map(|v| parse_timing(cx, v, "host_timing"))
        .transpose()?;
    // Each tile must have somewhere to go, or it is a dead draw.
    let exists = match host {
        Filter::WaterTower | Filter::EmptyWaterTower => {
            host_timing.is_none() && deck.supply.water_towers > 0
        }
        Filter::Silo => host_timing.is_none() && deck.supply.silos > 0,
        Filter::Location if host_timing.is_none() => true,
        _ => deck.locations.iter().any(|d| {
            design_matches(host, d) && host_timing.is_none_or(|ht| d.timing() == Some(ht))
        }),
    };
    if !exists {
        let field = if host_timing.is_some() {
            "host_timing"
        } else {
            "host"
        };
        return Err(cx.err(field, "no card in the deck can hold this Equipment"));
    }
    let name_ja = read_name_ja(cx, t)?;
    let carrier = Carrier::Equipment { host, host_timing };
    let ability = read_ability(
        cx,
        required(cx, t, "", "ability")?,
        "ability",
        carrier,
        &deck.locations,
    )?;
    Ok(EquipmentDef {
        id,
        code,
        name,
        name_ja,
        copies,
        host,
        host_timing,
        ability,
    })
}

pub(super) fn read_supply(cx: &Cx, t: &Table) -> Res<SupplyDef> {
    let v = required(cx, t, "", "supply")?;
    let s = as_table(cx, v, "supply")?;
    let keys = [
        "water_towers",
        "silos",
        "tower_cost",
        "tower_capacity",
        "tower_range",
        "silo_capacity",
    ];
    check_keys(cx, s, "supply", &keys)?;
    let n = |key: &str, lo: i64, hi: i64| req_int(cx, s, "supply", key, lo, hi).map(|n| n as u8);
    // At least one starting tower and silo per player (6 players, ruling 20).
    Ok(SupplyDef {
        water_towers: n("water_towers", 6, 60)?,
        silos: n("silos", 6, 60)?,
        tower_cost: n("tower_cost", 0, 10)?,
        tower_capacity: n("tower_capacity", 1, 10)?,
        tower_range: n("tower_range", 1, limit::MAX_WITHIN)?,
        silo_capacity: n("silo_capacity", 1, 12)?,
    })
}
