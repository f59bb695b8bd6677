//! Abilities: timings, costs, effects and modifiers, checked against what carries them (a
//! location or an Equipment tile).

use super::*;

/// What carries an ability: it decides what `this` means and which modifiers make sense.
#[derive(Clone, Copy)]
pub(super) enum Carrier {
    Location,
    Equipment {
        host: Filter,
        host_timing: Option<Timing>,
    },
}

impl Carrier {
    pub(super) fn host_is(self, f: &[Filter]) -> bool {
        matches!(self, Carrier::Equipment { host, .. } if f.contains(&host))
    }

    pub(super) fn host_timing_is(self, t: Timing) -> bool {
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

pub(super) const TOWERS: [Filter; 2] = [Filter::WaterTower, Filter::EmptyWaterTower];

pub(super) fn read_ability(
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

pub(super) fn read_effect(
    cx: &Cx,
    v: &Value,
    path: &str,
    timing: Timing,
    carrier: Carrier,
) -> Res<Effect> {
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

pub(super) fn read_modifier(
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
