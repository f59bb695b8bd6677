//! The file's vocabulary: piles, kinds, filters, scopes and timings, and the numbers built from
//! them (counts, amounts, conditions, costs, gains).

use super::*;

pub(super) const PILES: &str = "field, livestock, construction, building";
pub(super) const KINDS: &str = "grain, vegetable, fruit, poultry, dairy, meat, work";

pub(super) fn pile_of(s: &str) -> Option<Pile> {
    Pile::ALL
        .into_iter()
        .find(|p| p.name().to_ascii_lowercase() == s)
}

pub(super) fn kind_of(s: &str) -> Option<Kind> {
    use Kind::*;
    [Grain, Vegetable, Fruit, Poultry, Dairy, Meat, Work]
        .into_iter()
        .find(|k| k.name().to_ascii_lowercase() == s)
}

/// What an `of` names: a card filter, or the farm's Food / the player's coins.
pub(super) enum Of {
    Filter(Filter),
    Food,
    Coins,
}

pub(super) fn parse_filter(cx: &Cx, s: &str, field: &str) -> Res<Filter> {
    match parse_of(cx, s, field)? {
        Of::Filter(f) => Ok(f),
        Of::Food | Of::Coins => Err(cx.err(field, format!("\"{s}\" is not a kind of card here"))),
    }
}

pub(super) fn parse_of(cx: &Cx, s: &str, field: &str) -> Res<Of> {
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

pub(super) fn bad_of(cx: &Cx, s: &str, field: &str) -> DeckError {
    cx.err(
        field,
        format!(
            "unknown \"{s}\"; expected card, location, open_area, water_tower, \
             empty_water_tower, silo, harvest, game_end, food, coins, a pile ({PILES}), \
             a kind ({KINDS}) or pile.kind"
        ),
    )
}

pub(super) fn parse_scope(cx: &Cx, v: &Value, field: &str) -> Res<Scope> {
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

pub(super) fn parse_timing(cx: &Cx, v: &Value, field: &str) -> Res<Timing> {
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
pub(super) fn read_count(cx: &Cx, t: &Table, path: &str) -> Res<Count> {
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
pub(super) fn read_amount(cx: &Cx, v: &Value, field: &str, base_max: i32) -> Res<Amount> {
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

pub(super) fn is_zero(a: &Amount) -> bool {
    a.is_fixed() && a.base == 0
}

pub(super) fn read_condition(cx: &Cx, v: &Value, field: &str) -> Res<Condition> {
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

pub(super) fn opt_condition(cx: &Cx, t: &Table, path: &str) -> Res<Option<Condition>> {
    t.get("when")
        .map(|v| read_condition(cx, v, &join(path, "when")))
        .transpose()
}

/// Reads `coins`, `water`, `food` of `t` (other keys are the caller's business).
pub(super) fn read_cost_parts(cx: &Cx, t: &Table, path: &str, max: (i32, i32, i32)) -> Res<Cost> {
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

pub(super) fn read_cost_table(cx: &Cx, v: &Value, field: &str, max: (i32, i32, i32)) -> Res<Cost> {
    let t = as_table(cx, v, field)?;
    check_keys(cx, t, field, &["coins", "water", "food"])?;
    read_cost_parts(cx, t, field, max)
}

/// Reads `coins`, `food`, `vp` of `t` (other keys are the caller's business).
pub(super) fn read_gain_parts(cx: &Cx, t: &Table, path: &str) -> Res<Gain> {
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

pub(super) fn read_gain_table(cx: &Cx, v: &Value, field: &str) -> Res<Gain> {
    let t = as_table(cx, v, field)?;
    check_keys(cx, t, field, &["coins", "food", "vp"])?;
    read_gain_parts(cx, t, field)
}
