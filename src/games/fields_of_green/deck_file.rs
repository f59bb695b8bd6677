//! Loading a deck file (CARDS.md, "The deck file"): TOML text -> a validated [`Deck`].
//!
//! The file is read by hand from a `toml::Table` rather than through serde structs, because
//! serde's errors do not say which nested field failed, and CARDS.md asks for errors that name the
//! card and the field (`card "wheat": field "ability.cost.water": ...`). Unknown fields are errors.
//!
//! Schema (see `deck.toml` for a full example):
//! ```toml
//! name = "Fields of Green (Farmhand edition)"
//! [supply]
//! water_towers = 20
//! silos = 14
//! tower_cost = 2
//! tower_capacity = 3
//! tower_range = 2
//! silo_capacity = 4
//!
//! [[location]]
//! id = "sheep"             # 1-16 chars of a-z, 0-9, _
//! code = "SHP"             # 3 chars of A-Z, 0-9
//! name = "Sheep"
//! name_ja = "羊"          # optional: the name shown to Japanese readers
//! pile = "livestock"       # field | livestock | construction | building
//! kind = "dairy"           # required for Fields and Livestock, absent otherwise
//! copies = 3
//! cost = 3                 # coins: an Amount
//! water = 0                # build Water (Amount, default 0)
//! food = 0                 # build Food (Amount, default 0)
//! vp = 1
//! flavor = "..."           # optional
//! flavor_ja = "..."        # optional: the flavour line in Japanese
//! [location.ability]
//! timing = "harvest"       # immediate | harvest | game_end | ongoing
//! cost = { food = 2 }      # Harvest cost: coins / water / food, each an Amount
//! effects = [{ do = "gain", coins = { base = 3, per = 1, of = "livestock.dairy", scope = "within 2" } }]
//!
//! [[equipment]]
//! id = "hoses"
//! code = "HOS"
//! name = "Hoses"
//! copies = 2
//! host = "water_tower"     # a filter
//! host_timing = "harvest"  # optional: the host must have an ability with this timing
//! [equipment.ability]
//! timing = "ongoing"
//! modifiers = [{ do = "tower_range", bonus = 1, scope = "this" }]
//! ```
//! An Amount is an integer or `{ base, per, of, scope, every, max }` meaning
//! `clamp(base + per * (count / every), 0, max)`. `of` is a filter (`card`, `location`,
//! `open_area`, `water_tower`, `empty_water_tower`, `silo`, `harvest`, `game_end`, a pile, a kind,
//! or `pile.kind`) or `food` / `coins` (which take no scope). A scope is `this`, `adjacent`,
//! `within N` (1-6) or `farm`. A condition (`when`) is `{ of, scope, min, max }` or
//! `{ of, scope, none = true }`.
//!
//! Positions in errors count from 1: `location #5` is the fifth `[[location]]`, `effects[1]` the
//! first effect, as a person reading the file counts them.

use super::cards::{Deck, EquipmentDef, LocationDef, SupplyDef};
use super::effects::{
    Ability, Amount, Condition, Cost, Count, Effect, Filter, Gain, Kind, Modifier, Pile, Scope,
    Timing,
};
use std::collections::HashMap;
use std::sync::{Arc, LazyLock};
use toml::{Table, Value};

/// Why a deck file was rejected: which card (its id, or `location #5` when the id itself is
/// missing or bad; `None` for the deck as a whole), which field (a dotted path inside the card,
/// e.g. `ability.effects[2].coins.scope`; empty for TOML syntax errors) and what is wrong.
#[derive(Debug, thiserror::Error, PartialEq)]
#[error("{}", self.describe())]
pub struct DeckError {
    pub card: Option<String>,
    pub field: String,
    pub message: String,
}

impl DeckError {
    fn describe(&self) -> String {
        let who = match &self.card {
            None => "deck".to_string(),
            // "location #5": the id could not be used, so the position names the card.
            Some(c) if c.contains('#') => c.clone(),
            Some(c) => format!("card \"{c}\""),
        };
        if self.field.is_empty() {
            format!("{who}: {}", self.message)
        } else {
            format!("{who}: field \"{}\": {}", self.field, self.message)
        }
    }
}

type Res<T> = Result<T, DeckError>;

/// Loading limits. They keep a typed-in deck sane (and the engine's arithmetic small); they are
/// wide enough for any printed card we know of (CARDS.md "Economy").
mod limit {
    pub const MIN_LOCATION_CARDS: usize = 120; // 6 players x 5 cards x 4 years (ruling 20)
    pub const MIN_EQUIPMENT_TILES: usize = 3; // ruling 17: draw 3, keep 1
    pub const MAX_COPIES: i64 = 10;
    pub const MAX_VP: i64 = 10;
    pub const MAX_WITHIN: i64 = 6;
    pub const BUILD: (i32, i32, i32) = (20, 6, 8); // coins, Water, Food
    pub const HARVEST: (i32, i32, i32) = (10, 6, 8);
    pub const GAIN_BASE: i32 = 20;
    pub const PER: i64 = 5;
    pub const EVERY: i64 = 10;
    pub const MAX: i64 = 30;
    pub const CONDITION: i64 = 50;
    pub const NAME_LEN: usize = 40;
    pub const FLAVOR_LEN: usize = 200;
}

impl Deck {
    /// Parses and validates a deck file. The error names the card and the field at fault.
    pub fn from_toml(text: &str) -> Result<Deck, DeckError> {
        let root: Table = toml::from_str(text).map_err(|e| DeckError {
            card: None,
            field: String::new(),
            message: crate::games::toml_error(&e, text),
        })?;
        read_deck(&root)
    }

    /// The catalogue shipped in the binary (`deck.toml`), parsed once. A unit test guarantees it
    /// is valid, so the panic cannot happen in a tested build.
    pub fn default_deck() -> Arc<Deck> {
        static DEFAULT: LazyLock<Arc<Deck>> = LazyLock::new(|| {
            let deck = Deck::from_toml(include_str!("deck.toml"));
            Arc::new(deck.unwrap_or_else(|e| panic!("the embedded deck.toml is invalid: {e}")))
        });
        Arc::clone(&DEFAULT)
    }
}

/// True when a face-up copy of `d` matches `f` (Filter docs: Card and Location match any
/// location; Water Tower, Silo and Open Area filters never match a location design).
pub(crate) fn design_matches(f: Filter, d: &LocationDef) -> bool {
    match f {
        Filter::Card | Filter::Location => true,
        Filter::Pile(p) => d.pile == p,
        Filter::Kind(k) => d.kind == Some(k),
        Filter::Harvest => d.timing() == Some(Timing::Harvest),
        Filter::GameEnd => d.timing() == Some(Timing::GameEnd),
        Filter::OpenArea | Filter::WaterTower | Filter::EmptyWaterTower | Filter::Silo => false,
    }
}

// ---------------------------------------------------------------------------------------------
// Reading primitives: each knows the card and the field path, so every error names both.

/// The card being read (`None` for the deck's own fields).
struct Cx {
    card: Option<String>,
}

impl Cx {
    fn err(&self, field: &str, message: impl Into<String>) -> DeckError {
        DeckError {
            card: self.card.clone(),
            field: field.to_string(),
            message: message.into(),
        }
    }
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

fn found(v: &Value) -> &'static str {
    match v {
        Value::String(_) => "a string",
        Value::Integer(_) => "an integer",
        Value::Float(_) => "a decimal number",
        Value::Boolean(_) => "a boolean",
        Value::Datetime(_) => "a date",
        Value::Array(_) => "a list",
        Value::Table(_) => "a table",
    }
}

/// Rejects keys the schema does not know (a typo must not silently drop a rule).
fn check_keys(cx: &Cx, t: &Table, path: &str, allowed: &[&str]) -> Res<()> {
    for key in t.keys() {
        if !allowed.contains(&key.as_str()) {
            let expected = allowed.join(", ");
            return Err(cx.err(
                &join(path, key),
                format!("unknown field; expected one of: {expected}"),
            ));
        }
    }
    Ok(())
}

fn required<'v>(cx: &Cx, t: &'v Table, path: &str, key: &str) -> Res<&'v Value> {
    t.get(key)
        .ok_or_else(|| cx.err(&join(path, key), "missing field"))
}

fn as_table<'v>(cx: &Cx, v: &'v Value, field: &str) -> Res<&'v Table> {
    v.as_table()
        .ok_or_else(|| cx.err(field, format!("expected a table, found {}", found(v))))
}

fn as_str<'v>(cx: &Cx, v: &'v Value, field: &str) -> Res<&'v str> {
    v.as_str()
        .ok_or_else(|| cx.err(field, format!("expected a string, found {}", found(v))))
}

fn as_int(cx: &Cx, v: &Value, field: &str, lo: i64, hi: i64) -> Res<i64> {
    let n = v
        .as_integer()
        .ok_or_else(|| cx.err(field, format!("expected an integer, found {}", found(v))))?;
    if n < lo || n > hi {
        return Err(cx.err(
            field,
            format!("expected an integer from {lo} to {hi}, found {n}"),
        ));
    }
    Ok(n)
}

fn as_list<'v>(cx: &Cx, v: &'v Value, field: &str) -> Res<&'v [Value]> {
    match v {
        Value::Array(a) => Ok(a),
        _ => Err(cx.err(field, format!("expected a list, found {}", found(v)))),
    }
}

fn opt_int(cx: &Cx, t: &Table, path: &str, key: &str, lo: i64, hi: i64) -> Res<Option<i64>> {
    t.get(key)
        .map(|v| as_int(cx, v, &join(path, key), lo, hi))
        .transpose()
}

fn req_int(cx: &Cx, t: &Table, path: &str, key: &str, lo: i64, hi: i64) -> Res<i64> {
    as_int(cx, required(cx, t, path, key)?, &join(path, key), lo, hi)
}

fn req_str<'v>(cx: &Cx, t: &'v Table, path: &str, key: &str) -> Res<&'v str> {
    as_str(cx, required(cx, t, path, key)?, &join(path, key))
}

// ---------------------------------------------------------------------------------------------
// Vocabulary: piles, kinds, filters, scopes, timings.

const PILES: &str = "field, livestock, construction, building";
const KINDS: &str = "grain, vegetable, fruit, poultry, dairy, meat, work";

fn pile_of(s: &str) -> Option<Pile> {
    Pile::ALL
        .into_iter()
        .find(|p| p.name().to_ascii_lowercase() == s)
}

fn kind_of(s: &str) -> Option<Kind> {
    use Kind::*;
    [Grain, Vegetable, Fruit, Poultry, Dairy, Meat, Work]
        .into_iter()
        .find(|k| k.name().to_ascii_lowercase() == s)
}

/// What an `of` names: a card filter, or the farm's Food / the player's coins.
enum Of {
    Filter(Filter),
    Food,
    Coins,
}

fn parse_filter(cx: &Cx, s: &str, field: &str) -> Res<Filter> {
    match parse_of(cx, s, field)? {
        Of::Filter(f) => Ok(f),
        Of::Food | Of::Coins => Err(cx.err(field, format!("\"{s}\" is not a kind of card here"))),
    }
}

fn parse_of(cx: &Cx, s: &str, field: &str) -> Res<Of> {
    let filter = match s {
        "food" => return Ok(Of::Food),
        "coins" => return Ok(Of::Coins),
        "card" => Filter::Card,
        "location" => Filter::Location,
        "open_area" => Filter::OpenArea,
        "water_tower" => Filter::WaterTower,
        "empty_water_tower" => Filter::EmptyWaterTower,
        "silo" => Filter::Silo,
        "harvest" => Filter::Harvest,
        "game_end" => Filter::GameEnd,
        _ => {
            // "livestock.dairy": a kind qualified by its pile, which must be the kind's own.
            if let Some((p, k)) = s.split_once('.') {
                match (pile_of(p), kind_of(k)) {
                    (Some(p), Some(k)) if k.pile() == p => Filter::Kind(k),
                    (Some(p), Some(k)) => {
                        return Err(cx.err(
                            field,
                            format!(
                                "{} is a {} kind, not a {} kind",
                                k.name(),
                                k.pile().name(),
                                p.name()
                            ),
                        ));
                    }
                    _ => return Err(bad_of(cx, s, field)),
                }
            } else if let Some(p) = pile_of(s) {
                Filter::Pile(p)
            } else if let Some(k) = kind_of(s) {
                Filter::Kind(k)
            } else {
                return Err(bad_of(cx, s, field));
            }
        }
    };
    Ok(Of::Filter(filter))
}

fn bad_of(cx: &Cx, s: &str, field: &str) -> DeckError {
    cx.err(
        field,
        format!(
            "unknown \"{s}\"; expected card, location, open_area, water_tower, \
             empty_water_tower, silo, harvest, game_end, food, coins, a pile ({PILES}), \
             a kind ({KINDS}) or pile.kind"
        ),
    )
}

fn parse_scope(cx: &Cx, v: &Value, field: &str) -> Res<Scope> {
    let s = as_str(cx, v, field)?;
    let words: Vec<&str> = s.split_whitespace().collect();
    match words.as_slice() {
        ["this"] => Ok(Scope::This),
        ["adjacent"] => Ok(Scope::Adjacent),
        ["farm"] => Ok(Scope::Farm),
        ["within", n] => match n.parse::<i64>() {
            Ok(n) if (1..=limit::MAX_WITHIN).contains(&n) => Ok(Scope::Within(n as u8)),
            _ => Err(cx.err(
                field,
                format!("\"within N\" needs N from 1 to {}", limit::MAX_WITHIN),
            )),
        },
        _ => Err(cx.err(
            field,
            format!(
                "unknown scope \"{s}\"; expected \"this\", \"adjacent\", \"within N\" or \"farm\""
            ),
        )),
    }
}

fn parse_timing(cx: &Cx, v: &Value, field: &str) -> Res<Timing> {
    match as_str(cx, v, field)? {
        "immediate" => Ok(Timing::Immediate),
        "harvest" => Ok(Timing::Harvest),
        "game_end" => Ok(Timing::GameEnd),
        "ongoing" => Ok(Timing::Ongoing),
        s => Err(cx.err(
            field,
            format!("unknown timing \"{s}\"; expected immediate, harvest, game_end or ongoing"),
        )),
    }
}

// ---------------------------------------------------------------------------------------------
// Amounts, counts, conditions, costs, gains.

/// Reads `of` and `scope` of a table into a count. Counts look at other cards from the carrier,
/// so `this` makes no sense in them (it is for modifiers and refills only).
fn read_count(cx: &Cx, t: &Table, path: &str) -> Res<Count> {
    let of_field = join(path, "of");
    let of = parse_of(cx, req_str(cx, t, path, "of")?, &of_field)?;
    let scope_field = join(path, "scope");
    match of {
        Of::Food | Of::Coins => {
            if t.contains_key("scope") {
                return Err(cx.err(&scope_field, "food and coins are counted without a scope"));
            }
            Ok(if matches!(of, Of::Food) {
                Count::Food
            } else {
                Count::Coins
            })
        }
        Of::Filter(f) => {
            let scope = parse_scope(cx, required(cx, t, path, "scope")?, &scope_field)?;
            if scope == Scope::This {
                return Err(cx.err(
                    &scope_field,
                    "a count cannot use \"this\"; use adjacent, within N or farm",
                ));
            }
            Ok(Count::Cards { of: f, scope })
        }
    }
}

/// An integer, or `{ base, per, of, scope, every, max }`. `base_max` bounds the base (and a
/// plain number).
fn read_amount(cx: &Cx, v: &Value, field: &str, base_max: i32) -> Res<Amount> {
    if let Value::Integer(_) = v {
        return Ok(Amount::fixed(
            as_int(cx, v, field, 0, base_max as i64)? as i32
        ));
    }
    let t = v.as_table().ok_or_else(|| {
        cx.err(
            field,
            format!(
                "expected an integer or a table {{ base, per, of, scope }}, found {}",
                found(v)
            ),
        )
    })?;
    check_keys(
        cx,
        t,
        field,
        &["base", "per", "of", "scope", "every", "max"],
    )?;
    let base = opt_int(cx, t, field, "base", 0, base_max as i64)?.unwrap_or(0) as i32;
    if !t.contains_key("of") {
        for key in ["per", "scope", "every", "max"] {
            if t.contains_key(key) {
                return Err(cx.err(
                    &join(field, key),
                    "only a counted amount (with \"of\") has this",
                ));
            }
        }
        return Ok(Amount::fixed(base));
    }
    let count = read_count(cx, t, field)?;
    let per = opt_int(cx, t, field, "per", -limit::PER, limit::PER)?.unwrap_or(1) as i32;
    if per == 0 {
        return Err(cx.err(
            &join(field, "per"),
            "per 0 counts nothing; leave \"of\" out instead",
        ));
    }
    let every = opt_int(cx, t, field, "every", 1, limit::EVERY)?.unwrap_or(1) as u32;
    let max = opt_int(cx, t, field, "max", 0, limit::MAX)?.map(|m| m as i32);
    Ok(Amount {
        base,
        per,
        count: Some(count),
        every,
        max,
    })
}

fn is_zero(a: &Amount) -> bool {
    a.is_fixed() && a.base == 0
}

fn read_condition(cx: &Cx, v: &Value, field: &str) -> Res<Condition> {
    let t = as_table(cx, v, field)?;
    check_keys(cx, t, field, &["of", "scope", "min", "max", "none"])?;
    let count = read_count(cx, t, field)?;
    let min = opt_int(cx, t, field, "min", 0, limit::CONDITION)?.map(|n| n as u32);
    let mut max = opt_int(cx, t, field, "max", 0, limit::CONDITION)?.map(|n| n as u32);
    if let Some(none) = t.get("none") {
        let none_field = join(field, "none");
        if none.as_bool() != Some(true) {
            return Err(cx.err(&none_field, "write none = true, or leave it out"));
        }
        if min.is_some() || max.is_some() {
            return Err(cx.err(
                &none_field,
                "none = true cannot be combined with min or max",
            ));
        }
        max = Some(0);
    }
    if let (Some(lo), Some(hi)) = (min, max)
        && lo > hi
    {
        return Err(cx.err(&join(field, "min"), format!("min {lo} is above max {hi}")));
    }
    if min.unwrap_or(0) == 0 && max.is_none() {
        return Err(cx.err(
            field,
            "the condition is always true; give min, max or none = true",
        ));
    }
    Ok(Condition { count, min, max })
}

fn opt_condition(cx: &Cx, t: &Table, path: &str) -> Res<Option<Condition>> {
    t.get("when")
        .map(|v| read_condition(cx, v, &join(path, "when")))
        .transpose()
}

/// Reads `coins`, `water`, `food` of `t` (other keys are the caller's business).
fn read_cost_parts(cx: &Cx, t: &Table, path: &str, max: (i32, i32, i32)) -> Res<Cost> {
    let part = |key: &str, m: i32| -> Res<Amount> {
        t.get(key).map_or(Ok(Amount::fixed(0)), |v| {
            read_amount(cx, v, &join(path, key), m)
        })
    };
    Ok(Cost {
        coins: part("coins", max.0)?,
        water: part("water", max.1)?,
        food: part("food", max.2)?,
    })
}

fn read_cost_table(cx: &Cx, v: &Value, field: &str, max: (i32, i32, i32)) -> Res<Cost> {
    let t = as_table(cx, v, field)?;
    check_keys(cx, t, field, &["coins", "water", "food"])?;
    read_cost_parts(cx, t, field, max)
}

/// Reads `coins`, `food`, `vp` of `t` (other keys are the caller's business).
fn read_gain_parts(cx: &Cx, t: &Table, path: &str) -> Res<Gain> {
    let part = |key: &str| -> Res<Amount> {
        t.get(key).map_or(Ok(Amount::fixed(0)), |v| {
            read_amount(cx, v, &join(path, key), limit::GAIN_BASE)
        })
    };
    let gain = Gain {
        coins: part("coins")?,
        food: part("food")?,
        vp: part("vp")?,
    };
    if is_zero(&gain.coins) && is_zero(&gain.food) && is_zero(&gain.vp) {
        return Err(cx.err(path, "gains nothing; give coins, food or vp"));
    }
    Ok(gain)
}

fn read_gain_table(cx: &Cx, v: &Value, field: &str) -> Res<Gain> {
    let t = as_table(cx, v, field)?;
    check_keys(cx, t, field, &["coins", "food", "vp"])?;
    read_gain_parts(cx, t, field)
}

// ---------------------------------------------------------------------------------------------
// Abilities.

/// What carries an ability: it decides what `this` means and which modifiers make sense.
#[derive(Clone, Copy)]
enum Carrier {
    Location,
    Equipment {
        host: Filter,
        host_timing: Option<Timing>,
    },
}

impl Carrier {
    fn host_is(self, f: &[Filter]) -> bool {
        matches!(self, Carrier::Equipment { host, .. } if f.contains(&host))
    }

    fn host_timing_is(self, t: Timing) -> bool {
        match self {
            Carrier::Equipment { host_timing, host } => {
                host_timing == Some(t)
                    || host == Filter::Harvest && t == Timing::Harvest
                    || host == Filter::GameEnd && t == Timing::GameEnd
            }
            Carrier::Location => false,
        }
    }
}

const TOWERS: [Filter; 2] = [Filter::WaterTower, Filter::EmptyWaterTower];

fn read_ability(
    cx: &Cx,
    v: &Value,
    path: &str,
    carrier: Carrier,
    locations: &[LocationDef],
) -> Res<Ability> {
    let t = as_table(cx, v, path)?;
    check_keys(cx, t, path, &["timing", "cost", "effects", "modifiers"])?;
    let timing_field = join(path, "timing");
    let timing = parse_timing(cx, required(cx, t, path, "timing")?, &timing_field)?;
    if timing == Timing::Harvest && matches!(carrier, Carrier::Equipment { .. }) {
        // The Harrow repeats its host's harvest with a modifier; a tile has no harvest cost.
        return Err(cx.err(
            &timing_field,
            "Equipment cannot have a Harvest ability; use an ongoing extra_harvest or harvest_bonus",
        ));
    }
    let cost = match t.get("cost") {
        None => Cost::FREE,
        Some(_) if timing != Timing::Harvest => {
            return Err(cx.err(&join(path, "cost"), "only Harvest abilities have a cost"));
        }
        Some(c) => read_cost_table(cx, c, &join(path, "cost"), limit::HARVEST)?,
    };
    let effects_field = join(path, "effects");
    let modifiers_field = join(path, "modifiers");
    let mut ability = Ability {
        timing,
        cost,
        effects: Vec::new(),
        modifiers: Vec::new(),
    };
    if timing == Timing::Ongoing {
        // Ongoing abilities change rules while face up (ruling 13); they have no one-off effects.
        if t.contains_key("effects") {
            return Err(cx.err(
                &effects_field,
                "Ongoing abilities have modifiers, not effects",
            ));
        }
        let list = as_list(cx, required(cx, t, path, "modifiers")?, &modifiers_field)?;
        if list.is_empty() {
            return Err(cx.err(
                &modifiers_field,
                "an Ongoing ability needs at least one modifier",
            ));
        }
        for (i, m) in list.iter().enumerate() {
            let field = format!("{modifiers_field}[{}]", i + 1);
            ability
                .modifiers
                .push(read_modifier(cx, m, &field, carrier, locations)?);
        }
    } else {
        if t.contains_key("modifiers") {
            return Err(cx.err(&modifiers_field, "only Ongoing abilities have modifiers"));
        }
        let list = as_list(cx, required(cx, t, path, "effects")?, &effects_field)?;
        if list.is_empty() {
            return Err(cx.err(&effects_field, "the ability needs at least one effect"));
        }
        for (i, e) in list.iter().enumerate() {
            let field = format!("{effects_field}[{}]", i + 1);
            ability
                .effects
                .push(read_effect(cx, e, &field, timing, carrier)?);
        }
    }
    Ok(ability)
}

fn read_effect(cx: &Cx, v: &Value, path: &str, timing: Timing, carrier: Carrier) -> Res<Effect> {
    let t = as_table(cx, v, path)?;
    let do_field = join(path, "do");
    let what = req_str(cx, t, path, "do")?;
    let game_end = timing == Timing::GameEnd;
    if game_end && what != "gain" {
        // Ruling 18: Game End abilities only score.
        return Err(cx.err(
            &do_field,
            "a Game End ability can only score VP (do = \"gain\" with vp)",
        ));
    }
    match what {
        "gain" => {
            check_keys(cx, t, path, &["do", "coins", "food", "vp", "when"])?;
            let gain = read_gain_parts(cx, t, path)?;
            if game_end {
                for (key, a) in [("coins", gain.coins), ("food", gain.food)] {
                    if !is_zero(&a) {
                        return Err(
                            cx.err(&join(path, key), "a Game End ability can only score VP")
                        );
                    }
                }
            }
            Ok(Effect::Gain {
                gain,
                when: opt_condition(cx, t, path)?,
            })
        }
        "refill" => {
            check_keys(cx, t, path, &["do", "water", "scope", "when"])?;
            let water = req_int(cx, t, path, "water", 1, 10)? as u8;
            let scope_field = join(path, "scope");
            let scope = parse_scope(cx, required(cx, t, path, "scope")?, &scope_field)?;
            if scope == Scope::This && !carrier.host_is(&TOWERS) {
                return Err(cx.err(
                    &scope_field,
                    "\"this\" refills only work on Equipment placed on a Water Tower",
                ));
            }
            Ok(Effect::Refill {
                water,
                scope,
                when: opt_condition(cx, t, path)?,
            })
        }
        "equipment" => {
            check_keys(cx, t, path, &["do", "count", "when"])?;
            let count = opt_int(cx, t, path, "count", 1, 3)?.unwrap_or(1) as u8;
            Ok(Effect::Equipment {
                count,
                when: opt_condition(cx, t, path)?,
            })
        }
        "repeat" => {
            check_keys(cx, t, path, &["do", "max", "pay", "gain"])?;
            let max = req_int(cx, t, path, "max", 1, 5)? as u8;
            let pay_field = join(path, "pay");
            let pay = read_cost_table(
                cx,
                required(cx, t, path, "pay")?,
                &pay_field,
                limit::HARVEST,
            )?;
            if is_zero(&pay.coins) && is_zero(&pay.water) && is_zero(&pay.food) {
                return Err(cx.err(&pay_field, "a repeat must cost something"));
            }
            let gain = read_gain_table(cx, required(cx, t, path, "gain")?, &join(path, "gain"))?;
            Ok(Effect::Repeat { max, pay, gain })
        }
        other => Err(cx.err(
            &do_field,
            format!("unknown effect \"{other}\"; expected gain, refill, equipment or repeat"),
        )),
    }
}

fn read_modifier(
    cx: &Cx,
    v: &Value,
    path: &str,
    carrier: Carrier,
    locations: &[LocationDef],
) -> Res<Modifier> {
    let t = as_table(cx, v, path)?;
    let do_field = join(path, "do");
    let what = req_str(cx, t, path, "do")?;
    let scope_field = join(path, "scope");
    let scope = |t: &Table| parse_scope(cx, required(cx, t, path, "scope")?, &scope_field);
    let this_error = |what: &str| cx.err(&scope_field, format!("\"this\" {what}"));
    match what {
        "tower_range" | "tower_capacity" | "silo_capacity" => {
            check_keys(cx, t, path, &["do", "bonus", "scope"])?;
            let bonus = req_int(cx, t, path, "bonus", 1, 5)? as u8;
            let scope = scope(t)?;
            if what == "silo_capacity" {
                if scope == Scope::This && !carrier.host_is(&[Filter::Silo]) {
                    return Err(this_error("works only on Equipment placed on a Silo"));
                }
                return Ok(Modifier::SiloCapacity { bonus, scope });
            }
            if scope == Scope::This && !carrier.host_is(&TOWERS) {
                return Err(this_error(
                    "works only on Equipment placed on a Water Tower",
                ));
            }
            Ok(if what == "tower_range" {
                Modifier::TowerRange { bonus, scope }
            } else {
                Modifier::TowerCapacity { bonus, scope }
            })
        }
        "extra_harvest" => {
            check_keys(cx, t, path, &["do", "times"])?;
            if !carrier.host_timing_is(Timing::Harvest) {
                return Err(cx.err(
                    &do_field,
                    "extra_harvest works only on Equipment whose host has a Harvest ability \
                     (host_timing = \"harvest\")",
                ));
            }
            Ok(Modifier::ExtraHarvest {
                times: req_int(cx, t, path, "times", 1, 3)? as u8,
            })
        }
        "game_end_again" => {
            check_keys(cx, t, path, &["do", "coins"])?;
            if !carrier.host_timing_is(Timing::GameEnd) {
                return Err(cx.err(
                    &do_field,
                    "game_end_again works only on Equipment whose host has a Game End ability \
                     (host_timing = \"game_end\")",
                ));
            }
            Ok(Modifier::GameEndAgain {
                coins: req_int(cx, t, path, "coins", 0, 20)? as u8,
            })
        }
        "harvest_bonus" => {
            check_keys(cx, t, path, &["do", "of", "scope", "gain"])?;
            let of_field = join(path, "of");
            let of = parse_filter(cx, req_str(cx, t, path, "of")?, &of_field)?;
            if !matches!(
                of,
                Filter::Location | Filter::Pile(_) | Filter::Kind(_) | Filter::Harvest
            ) {
                return Err(cx.err(&of_field, "only locations have Harvest abilities"));
            }
            let scope = scope(t)?;
            if scope == Scope::This {
                // "Whenever this location pays its Harvest cost": the host must be able to.
                let Carrier::Equipment { host, host_timing } = carrier else {
                    return Err(this_error(
                        "works only on Equipment (a card with an Ongoing ability has no harvest)",
                    ));
                };
                let fits = locations.iter().any(|d| {
                    design_matches(host, d)
                        && design_matches(of, d)
                        && d.timing() == Some(Timing::Harvest)
                        && host_timing.is_none_or(|ht| ht == Timing::Harvest)
                });
                if !fits {
                    return Err(this_error(
                        "never applies: no host design matching \"of\" has a Harvest ability",
                    ));
                }
            }
            let gain = read_gain_table(cx, required(cx, t, path, "gain")?, &join(path, "gain"))?;
            Ok(Modifier::HarvestBonus { of, scope, gain })
        }
        "build_discount" => {
            check_keys(cx, t, path, &["do", "of", "scope", "coins"])?;
            let of_field = join(path, "of");
            let of = parse_filter(cx, req_str(cx, t, path, "of")?, &of_field)?;
            if !matches!(
                of,
                Filter::Location
                    | Filter::Pile(_)
                    | Filter::Kind(_)
                    | Filter::Harvest
                    | Filter::GameEnd
            ) {
                return Err(cx.err(&of_field, "discounts apply to location cards only"));
            }
            let scope = scope(t)?;
            if scope == Scope::This {
                return Err(this_error(
                    "cannot be built on; use adjacent, within N or farm",
                ));
            }
            let coins = req_int(cx, t, path, "coins", 1, 10)? as u8;
            Ok(Modifier::BuildDiscount { of, scope, coins })
        }
        other => Err(cx.err(
            &do_field,
            format!(
                "unknown modifier \"{other}\"; expected tower_range, tower_capacity, \
                 silo_capacity, extra_harvest, harvest_bonus, build_discount or game_end_again"
            ),
        )),
    }
}

// ---------------------------------------------------------------------------------------------
// Cards and the deck.

/// Ids and codes seen so far, with the card that used them (for duplicate errors).
#[derive(Default)]
struct Seen {
    ids: HashMap<String, String>,
    codes: HashMap<String, String>,
    names: HashMap<String, String>,
}

impl Seen {
    fn claim(
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
fn id_problem(id: &str) -> Option<&'static str> {
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
fn code_problem(code: &str) -> Option<&'static str> {
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
fn card_cx(t: &Table, section: &str, n: usize) -> (Cx, Option<DeckError>) {
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

/// Reads the fields every card has (id, code, name, copies) and claims id, code and name.
fn read_identity(cx: &Cx, t: &Table, seen: &mut Seen) -> Res<(String, String, String, u8)> {
    let id = cx.card.clone().unwrap_or_default();
    Seen::claim(cx, &mut seen.ids, id.clone(), "id", "id")?;
    let code = req_str(cx, t, "", "code")?;
    if let Some(problem) = code_problem(code) {
        return Err(cx.err("code", format!("bad code \"{code}\": {problem}")));
    }
    Seen::claim(cx, &mut seen.codes, code.to_string(), "code", "code")?;
    let name = req_str(cx, t, "", "name")?.trim();
    if name.is_empty() || name.chars().count() > limit::NAME_LEN {
        return Err(cx.err(
            "name",
            format!("a name has 1 to {} characters", limit::NAME_LEN),
        ));
    }
    Seen::claim(cx, &mut seen.names, name.to_lowercase(), "name", "name")?;
    let copies = req_int(cx, t, "", "copies", 1, limit::MAX_COPIES)? as u8;
    Ok((id, code.to_string(), name.to_string(), copies))
}

fn read_location(cx: &Cx, t: &Table, seen: &mut Seen, so_far: &[LocationDef]) -> Res<LocationDef> {
    check_keys(
        cx,
        t,
        "",
        &[
            "id",
            "code",
            "name",
            "name_ja",
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
fn read_flavor(cx: &Cx, t: &Table, key: &str) -> Res<Option<String>> {
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
fn read_name_ja(cx: &Cx, t: &Table) -> Res<Option<String>> {
    let Some(v) = t.get("name_ja") else {
        return Ok(None);
    };
    let s = as_str(cx, v, "name_ja")?.trim();
    if s.is_empty() || s.chars().count() > limit::NAME_LEN {
        return Err(cx.err(
            "name_ja",
            format!("a name has 1 to {} characters", limit::NAME_LEN),
        ));
    }
    Ok(Some(s.to_string()))
}

fn read_equipment(cx: &Cx, t: &Table, seen: &mut Seen, deck: &Deck) -> Res<EquipmentDef> {
    check_keys(
        cx,
        t,
        "",
        &[
            "id",
            "code",
            "name",
            "name_ja",
            "copies",
            "host",
            "host_timing",
            "ability",
        ],
    )?;
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

fn read_supply(cx: &Cx, t: &Table) -> Res<SupplyDef> {
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

/// The `[[location]]` / `[[equipment]]` entries, as tables.
fn sections<'v>(cx: &Cx, root: &'v Table, key: &str) -> Res<Vec<&'v Table>> {
    let v = required(cx, root, "", key)?;
    let list = v.as_array().ok_or_else(|| {
        cx.err(
            key,
            format!("expected a list of tables ([[{key}]]), found {}", found(v)),
        )
    })?;
    list.iter()
        .enumerate()
        .map(|(i, v)| {
            v.as_table().ok_or_else(|| {
                cx.err(
                    &format!("{key}[{}]", i + 1),
                    format!("expected a table, found {}", found(v)),
                )
            })
        })
        .collect()
}

fn read_deck(root: &Table) -> Res<Deck> {
    let cx = Cx { card: None };
    check_keys(&cx, root, "", &["name", "supply", "location", "equipment"])?;
    let name = req_str(&cx, root, "", "name")?.trim().to_string();
    if name.is_empty() || name.chars().count() > 60 {
        return Err(cx.err("name", "a deck name has 1 to 60 characters"));
    }
    let supply = read_supply(&cx, root)?;
    let mut deck = Deck {
        name,
        supply,
        locations: Vec::new(),
        equipment: Vec::new(),
        fingerprint: 0,
        location_ids: Vec::new(),
        equipment_ids: Vec::new(),
        plain_costs: Vec::new(),
    };
    let mut seen = Seen::default();
    for (i, t) in sections(&cx, root, "location")?.into_iter().enumerate() {
        let (card_cx, id_error) = card_cx(t, "location", i + 1);
        if let Some(e) = id_error {
            return Err(e);
        }
        let def = read_location(&card_cx, t, &mut seen, &deck.locations)?;
        deck.locations.push(def);
    }
    // Ruling 2: four piles; CARDS.md: each pile has designs.
    for pile in Pile::ALL {
        if !deck.locations.iter().any(|d| d.pile == pile) {
            return Err(cx.err("location", format!("the {} pile has no cards", pile.name())));
        }
    }
    let total = deck.location_card_count();
    if total < limit::MIN_LOCATION_CARDS {
        return Err(cx.err(
            "location",
            format!(
                "the deck has {total} location cards; at least {} are needed (6 players draw 5 \
                 cards in each of 4 years)",
                limit::MIN_LOCATION_CARDS
            ),
        ));
    }
    if deck.locations.len() > usize::from(u16::MAX) {
        return Err(cx.err("location", "too many designs"));
    }
    for (i, t) in sections(&cx, root, "equipment")?.into_iter().enumerate() {
        let (card_cx, id_error) = card_cx(t, "equipment", i + 1);
        if let Some(e) = id_error {
            return Err(e);
        }
        let def = read_equipment(&card_cx, t, &mut seen, &deck)?;
        deck.equipment.push(def);
    }
    if deck.equipment_tile_count() < limit::MIN_EQUIPMENT_TILES {
        return Err(cx.err(
            "equipment",
            format!(
                "at least {} Equipment tiles are needed (ruling 17: draw 3)",
                limit::MIN_EQUIPMENT_TILES
            ),
        ));
    }
    if deck.equipment.len() > usize::from(u16::MAX) {
        return Err(cx.err("equipment", "too many designs"));
    }
    deck.fingerprint = fingerprint(&deck);
    deck.keep_ids();
    deck.keep_plain_costs();
    Ok(deck)
}

/// FNV-1a 64 of the deck's JSON with fingerprint 0: stable across runs and platforms, unlike
/// std's hasher, so saved games can check they resume with the same deck.
fn fingerprint(deck: &Deck) -> u64 {
    let mut canonical = deck.clone();
    canonical.fingerprint = 0;
    // Translations are data for readers, not rules: a deck that only gains them is the same deck.
    for d in &mut canonical.locations {
        d.name_ja = None;
        d.flavor_ja = None;
    }
    for e in &mut canonical.equipment {
        e.name_ja = None;
    }
    let json = serde_json::to_string(&canonical).expect("a deck always serialises");
    json.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
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
        // CARDS.md "Economy": costs 1-5, Buildings up to about 7; printed VP 0-3.
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
        let text = include_str!("deck.toml");
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
        let again = Deck::from_toml(include_str!("deck.toml")).unwrap();
        assert_eq!(again.fingerprint, a.fingerprint);
        assert_eq!(fingerprint(&again), again.fingerprint);
        // Any change to the rules changes the fingerprint (saved games refuse another deck).
        let mut changed = again.clone();
        changed.locations[0].vp += 1;
        assert_ne!(fingerprint(&changed), again.fingerprint);
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

        let wheat = loc(&deck, "wheat");
        assert_eq!(
            (wheat.name.as_str(), wheat.kind),
            ("Wheat", Some(Kind::Grain))
        );
        let a = ability(wheat);
        assert_eq!(
            (a.timing, a.cost.water),
            (Timing::Harvest, Amount::fixed(1))
        );
        assert_eq!(
            a.effects,
            vec![Effect::Gain {
                gain: fixed_gain(0, 2, 0),
                when: None
            }]
        );

        let oranges = loc(&deck, "orange_trees");
        assert_eq!(
            (oranges.name.as_str(), oranges.kind),
            ("Orange Trees", Some(Kind::Fruit))
        );
        let a = ability(oranges);
        assert_eq!(a.cost.water, Amount::fixed(1));
        assert_eq!(
            a.effects,
            vec![Effect::Gain {
                gain: fixed_gain(0, 0, 1),
                when: None
            }]
        );

        let apples = loc(&deck, "apple_trees");
        assert_eq!(
            (apples.name.as_str(), apples.kind),
            ("Apple Trees", Some(Kind::Fruit))
        );
        let a = ability(apples);
        assert_eq!(a.cost.water, Amount::fixed(2));
        let food = counted(0, 1, Filter::WaterTower, Scope::Within(2));
        assert_eq!(
            a.effects,
            vec![Effect::Gain {
                gain: Gain {
                    food,
                    ..fixed_gain(0, 0, 0)
                },
                when: None
            }]
        );

        let tomatoes = loc(&deck, "tomatoes");
        assert_eq!(
            (tomatoes.name.as_str(), tomatoes.kind),
            ("Tomatoes", Some(Kind::Vegetable))
        );
        let a = ability(tomatoes);
        assert!(a.timing == Timing::Harvest && a.cost.water.base >= 1);
        let food = counted(0, 1, Filter::Location, Scope::Adjacent);
        assert_eq!(
            a.effects,
            vec![Effect::Gain {
                gain: Gain {
                    food,
                    ..fixed_gain(0, 0, 0)
                },
                when: None
            }]
        );
    }

    #[test]
    fn rulebook_livestock_have_cards_md_numbers() {
        let deck = default();
        let pigs = loc(&deck, "pigs");
        assert_eq!((pigs.name.as_str(), pigs.kind), ("Pigs", Some(Kind::Meat)));
        let a = ability(pigs);
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

        let sheep = loc(&deck, "sheep");
        assert_eq!(
            (sheep.name.as_str(), sheep.kind),
            ("Sheep", Some(Kind::Dairy))
        );
        let a = ability(sheep);
        assert_eq!(a.cost.food, Amount::fixed(2));
        let coins = counted(3, 1, Filter::Kind(Kind::Dairy), Scope::Within(2));
        assert_eq!(
            a.effects,
            vec![Effect::Gain {
                gain: Gain {
                    coins,
                    ..fixed_gain(0, 0, 0)
                },
                when: None
            }]
        );

        let oxen = loc(&deck, "oxen");
        assert_eq!((oxen.name.as_str(), oxen.kind), ("Oxen", Some(Kind::Work)));
        let a = ability(oxen);
        assert_eq!(a.cost.food, Amount::fixed(2));
        let coins = counted(0, 1, Filter::Harvest, Scope::Within(2));
        assert_eq!(
            a.effects,
            vec![Effect::Gain {
                gain: Gain {
                    coins,
                    ..fixed_gain(0, 0, 0)
                },
                when: None
            }]
        );

        let turkeys = loc(&deck, "turkeys");
        assert_eq!(
            (turkeys.name.as_str(), turkeys.kind),
            ("Turkeys", Some(Kind::Poultry))
        );
        let a = ability(turkeys);
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
        let vp = counted(0, 3, Filter::Kind(Kind::Meat), Scope::Within(3));
        assert_eq!(
            a.effects,
            vec![Effect::Gain {
                gain: Gain {
                    vp,
                    ..fixed_gain(0, 0, 0)
                },
                when: None
            }]
        );

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

    #[test]
    fn mini_deck_is_valid() {
        let deck = Deck::from_toml(&mini(10, &extra(PLAIN), "")).unwrap();
        assert_eq!(deck.location_card_count(), 121);
    }

    #[test]
    fn unknown_fields_are_named() {
        assert_error(
            &mini(10, &extra(&format!("{PLAIN}colour = \"red\"")), ""),
            Some("extra"),
            "colour",
        );
        let body = format!(
            "{PLAIN}[location.ability]\ntiming = \"immediate\"\neffects = [{{ do = \"gain\", coin = 2 }}]"
        );
        assert_error(
            &mini(10, &extra(&body), ""),
            Some("extra"),
            "ability.effects[1].coin",
        );
        let top = format!("{}\nrules = 1\n", "");
        let e = assert_error(&format!("{top}{}", mini(10, "", "")), None, "rules");
        assert!(e.message.contains("unknown field"), "{e}");
    }

    #[test]
    fn bad_pile_and_kinds_are_named() {
        let body = PLAIN.replace("pile = \"building\"", "pile = \"animals\"");
        assert_error(&mini(10, &extra(&body), ""), Some("extra"), "pile");
        let body = PLAIN.replace("pile = \"building\"", "pile = \"field\"\nkind = \"dairy\"");
        let e = assert_error(&mini(10, &extra(&body), ""), Some("extra"), "kind");
        assert!(e.message.contains("Livestock kind"), "{e}");
        let body = PLAIN.replace("pile = \"building\"", "pile = \"field\"");
        assert_error(&mini(10, &extra(&body), ""), Some("extra"), "kind");
        let body = format!("{PLAIN}kind = \"grain\"");
        assert_error(&mini(10, &extra(&body), ""), Some("extra"), "kind");
    }

    #[test]
    fn duplicates_are_named() {
        let dup_id = "\n[[location]]\nid = \"field0\"\ncode = \"EXA\"\nname = \"Extra\"\npile = \"building\"\ncopies = 1\ncost = 2\nvp = 0\n";
        let e = assert_error(&mini(10, dup_id, ""), Some("field0"), "id");
        assert!(e.message.contains("already used"), "{e}");
        let body = PLAIN.replace("EXA", "F00");
        assert_error(&mini(10, &extra(&body), ""), Some("extra"), "code");
        let body = PLAIN.replace("name = \"Extra\"", "name = \"Field 0\"");
        assert_error(&mini(10, &extra(&body), ""), Some("extra"), "name");
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
            assert_error(&mini(10, &extra(&body), ""), Some("extra"), "code");
        }
    }

    #[test]
    fn bad_scopes_and_counts_are_named() {
        let body = format!(
            "{PLAIN}[location.ability]\ntiming = \"immediate\"\n\
             effects = [{{ do = \"gain\", coins = {{ per = 1, of = \"field\", scope = \"nearby\" }} }}]"
        );
        let e = assert_error(
            &mini(10, &extra(&body), ""),
            Some("extra"),
            "ability.effects[1].coins.scope",
        );
        assert_eq!(
            e.to_string(),
            "card \"extra\": field \"ability.effects[1].coins.scope\": unknown scope \"nearby\"; \
             expected \"this\", \"adjacent\", \"within N\" or \"farm\""
        );
        for scope in ["within 7", "this"] {
            let b = body.replace("nearby", scope);
            assert_error(
                &mini(10, &extra(&b), ""),
                Some("extra"),
                "ability.effects[1].coins.scope",
            );
        }
        let b = body.replace("scope = \"nearby\"", "scope = \"farm\", every = 0");
        assert_error(
            &mini(10, &extra(&b), ""),
            Some("extra"),
            "ability.effects[1].coins.every",
        );
        let b = body.replace("of = \"field\"", "of = \"tractors\"");
        assert_error(
            &mini(10, &extra(&b), ""),
            Some("extra"),
            "ability.effects[1].coins.of",
        );
        let b = body.replace(
            "of = \"field\", scope = \"nearby\"",
            "of = \"food\", scope = \"farm\"",
        );
        assert_error(
            &mini(10, &extra(&b), ""),
            Some("extra"),
            "ability.effects[1].coins.scope",
        );
        let b = body.replace("of = \"field\"", "of = \"field.meat\"");
        assert_error(
            &mini(10, &extra(&b), ""),
            Some("extra"),
            "ability.effects[1].coins.of",
        );
    }

    #[test]
    fn timing_rules_are_enforced() {
        let ability = |a: &str| mini(10, &extra(&format!("{PLAIN}[location.ability]\n{a}")), "");
        // Ruling 18: Game End abilities only score VP.
        let e = assert_error(
            &ability("timing = \"game_end\"\neffects = [{ do = \"gain\", coins = 3 }]"),
            Some("extra"),
            "ability.effects[1].coins",
        );
        assert!(e.message.contains("only score VP"), "{e}");
        assert_error(
            &ability("timing = \"game_end\"\neffects = [{ do = \"equipment\" }]"),
            Some("extra"),
            "ability.effects[1].do",
        );
        assert_error(
            &ability(
                "timing = \"immediate\"\ncost = { water = 1 }\neffects = [{ do = \"gain\", food = 1 }]",
            ),
            Some("extra"),
            "ability.cost",
        );
        assert_error(
            &ability("timing = \"ongoing\"\neffects = [{ do = \"gain\", food = 1 }]"),
            Some("extra"),
            "ability.effects",
        );
        assert_error(
            &ability(
                "timing = \"harvest\"\ncost = { water = 9 }\neffects = [{ do = \"gain\", food = 1 }]",
            ),
            Some("extra"),
            "ability.cost.water",
        );
        assert_error(
            &ability(
                "timing = \"ongoing\"\nmodifiers = [{ do = \"tower_range\", bonus = 1, scope = \"this\" }]",
            ),
            Some("extra"),
            "ability.modifiers[1].scope",
        );
        assert_error(
            &ability("timing = \"ongoing\"\nmodifiers = [{ do = \"extra_harvest\", times = 1 }]"),
            Some("extra"),
            "ability.modifiers[1].do",
        );
        assert_error(
            &ability(
                "timing = \"harvest\"\neffects = [{ do = \"gain\", food = 1, when = { of = \"silo\", scope = \"farm\", min = 3, max = 1 } }]",
            ),
            Some("extra"),
            "ability.effects[1].when.min",
        );
    }

    #[test]
    fn equipment_rules_are_enforced() {
        let tile = |host: &str, ability: &str| {
            format!(
                "\n[[equipment]]\nid = \"tile\"\ncode = \"TIL\"\nname = \"Tile\"\ncopies = 1\n{host}\n\
                 [equipment.ability]\n{ability}\n"
            )
        };
        // Nothing in the mini deck is Meat, or a Field with a Harvest ability.
        let e = assert_error(
            &mini(
                10,
                "",
                &tile(
                    "host = \"livestock.meat\"",
                    "timing = \"immediate\"\neffects = [{ do = \"gain\", food = 1 }]",
                ),
            ),
            Some("tile"),
            "host",
        );
        assert!(e.message.contains("no card"), "{e}");
        assert_error(
            &mini(
                10,
                "",
                &tile(
                    "host = \"field\"\nhost_timing = \"harvest\"",
                    "timing = \"ongoing\"\nmodifiers = [{ do = \"extra_harvest\", times = 1 }]",
                ),
            ),
            Some("tile"),
            "host_timing",
        );
        assert_error(
            &mini(
                10,
                "",
                &tile(
                    "host = \"field\"",
                    "timing = \"ongoing\"\nmodifiers = [{ do = \"extra_harvest\", times = 1 }]",
                ),
            ),
            Some("tile"),
            "ability.modifiers[1].do",
        );
        assert_error(
            &mini(
                10,
                "",
                &tile(
                    "host = \"field\"",
                    "timing = \"harvest\"\neffects = [{ do = \"gain\", food = 1 }]",
                ),
            ),
            Some("tile"),
            "ability.timing",
        );
        assert_error(
            &mini(
                10,
                "",
                &tile(
                    "host = \"open_area\"",
                    "timing = \"immediate\"\neffects = [{ do = \"gain\", food = 1 }]",
                ),
            ),
            Some("tile"),
            "host",
        );
        // A Water Tower host makes "this" meaningful.
        let ok = mini(
            10,
            "",
            &tile(
                "host = \"water_tower\"",
                "timing = \"ongoing\"\nmodifiers = [{ do = \"tower_capacity\", bonus = 1, scope = \"this\" }]",
            ),
        );
        assert!(Deck::from_toml(&ok).is_ok());
        let e = error_of(&mini(
            10,
            "",
            &tile(
                "host = \"silo\"",
                "timing = \"ongoing\"\nmodifiers = [{ do = \"tower_capacity\", bonus = 1, scope = \"this\" }]",
            ),
        ));
        assert_eq!(e.field, "ability.modifiers[1].scope");
    }

    #[test]
    fn deck_level_errors_are_named() {
        let e = assert_error(&mini(9, "", ""), None, "location");
        assert!(e.message.contains("108 location cards"), "{e}");
        let no_buildings =
            mini(10, "", "").replace("pile = \"building\"", "pile = \"construction\"");
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
}
