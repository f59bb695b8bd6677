//! Slash commands typed as text (`fog new seats:3 intro:true`), turned into the interaction data
//! Discord would send, using the command schema the bot registered: subcommands nest as type-1
//! options, values get the registered option types, choices are matched by name, limits and
//! required options are checked (as the Discord client would before sending).

use super::limits::Problem;
use serde_json::{Map, Value, json};

/// Splits `a b:"c d" e` into `a`, `b:c d`, `e`.
fn tokens(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                any = false;
            }
            c => cur.push(c),
        }
    }
    if any || !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// A user the command line can name (by name or id).
pub struct Known {
    pub id: u64,
    pub name: String,
    pub user: Value,
    pub member: Value,
}

/// The interaction `data` for a command line, and the line as shown in logs.
pub fn build(
    commands: &[Value],
    line: &str,
    users: &[Known],
    autocomplete: bool,
) -> Result<Value, String> {
    let toks = tokens(line.trim_start_matches('/'));
    let Some(name) = toks.first() else {
        return Err("empty command line".into());
    };
    let Some(cmd) = commands
        .iter()
        .find(|c| c.get("name").and_then(Value::as_str) == Some(name.as_str()))
    else {
        return Err(format!(
            "the bot registered no command /{name} (registered: {:?})",
            commands
                .iter()
                .filter_map(|c| c.get("name").and_then(Value::as_str))
                .collect::<Vec<_>>()
        ));
    };
    let mut resolved_users = Map::new();
    let mut resolved_members = Map::new();
    let mut rest = &toks[1..];
    let options = build_level(
        cmd,
        &mut rest,
        users,
        autocomplete,
        &mut resolved_users,
        &mut resolved_members,
        name,
    )?;
    if let Some(extra) = rest.first() {
        return Err(format!("/{name}: unexpected {extra:?}"));
    }
    let mut data = json!({
        "id": cmd.get("id").cloned().unwrap_or(json!("1")),
        "name": name,
        "type": 1,
        "options": options,
    });
    if !resolved_users.is_empty() {
        data["resolved"] = json!({"users": resolved_users, "members": resolved_members});
    }
    if let Some(g) = cmd.get("guild_id") {
        data["guild_id"] = g.clone();
    }
    Ok(data)
}

fn build_level(
    def: &Value,
    rest: &mut &[String],
    users: &[Known],
    autocomplete: bool,
    ru: &mut Map<String, Value>,
    rm: &mut Map<String, Value>,
    path: &str,
) -> Result<Vec<Value>, String> {
    let defs: Vec<Value> = def
        .get("options")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let subs: Vec<&Value> = defs
        .iter()
        .filter(|o| matches!(o.get("type").and_then(Value::as_u64), Some(1 | 2)))
        .collect();
    if !subs.is_empty() {
        let Some(sub) = rest.first() else {
            return Err(format!("/{path} needs a subcommand"));
        };
        let Some(sdef) = subs
            .iter()
            .find(|o| o.get("name").and_then(Value::as_str) == Some(sub.as_str()))
        else {
            return Err(format!("/{path} has no subcommand {sub:?}"));
        };
        *rest = &rest[1..];
        let kind = sdef.get("type").and_then(Value::as_u64).unwrap_or(1);
        let inner = build_level(
            sdef,
            rest,
            users,
            autocomplete,
            ru,
            rm,
            &format!("{path} {sub}"),
        )?;
        return Ok(vec![json!({"name": sub, "type": kind, "options": inner})]);
    }
    let mut out = Vec::new();
    let n = rest.len();
    for (k, tok) in rest.iter().enumerate() {
        let Some((oname, raw)) = tok.split_once(':') else {
            return Err(format!("/{path}: expected name:value, got {tok:?}"));
        };
        let Some(odef) = defs
            .iter()
            .find(|o| o.get("name").and_then(Value::as_str) == Some(oname))
        else {
            return Err(format!("/{path} has no option {oname:?}"));
        };
        let kind = odef.get("type").and_then(Value::as_u64).unwrap_or(3);
        let focused = autocomplete && k + 1 == n;
        if focused {
            if odef.get("autocomplete").and_then(Value::as_bool) != Some(true) {
                return Err(format!("/{path} {oname}: this option has no autocomplete"));
            }
            out.push(json!({"name": oname, "type": kind, "value": raw, "focused": true}));
            continue;
        }
        let value = value_of(odef, kind, raw, users, ru, rm)
            .map_err(|e| format!("/{path} {oname}: {e}"))?;
        out.push(json!({"name": oname, "type": kind, "value": value}));
    }
    *rest = &[];
    if !autocomplete {
        for d in &defs {
            let name = d.get("name").and_then(Value::as_str).unwrap_or("");
            if d.get("required").and_then(Value::as_bool) == Some(true)
                && !out.iter().any(|o| o["name"] == name)
            {
                return Err(format!("/{path}: the option {name} is required"));
            }
        }
    }
    Ok(out)
}

fn value_of(
    def: &Value,
    kind: u64,
    raw: &str,
    users: &[Known],
    ru: &mut Map<String, Value>,
    rm: &mut Map<String, Value>,
) -> Result<Value, String> {
    let choices = def
        .get("choices")
        .and_then(Value::as_array)
        .filter(|c| !c.is_empty());
    if let Some(cs) = choices {
        // The client offers only the choices; a test may name one or give its value.
        let hit = cs.iter().find(|c| {
            c.get("name").and_then(Value::as_str) == Some(raw)
                || c.get("value").is_some_and(|v| match v {
                    Value::String(s) => s == raw,
                    other => other.as_f64().is_some() && raw.parse::<f64>().ok() == other.as_f64(),
                })
        });
        return match hit {
            Some(c) => Ok(c["value"].clone()),
            None => Err(format!("{raw:?} is not one of the choices")),
        };
    }
    let min = def.get("min_value").and_then(Value::as_f64);
    let max = def.get("max_value").and_then(Value::as_f64);
    let range = |x: f64| -> Result<(), String> {
        if min.is_some_and(|m| x < m) || max.is_some_and(|m| x > m) {
            Err(format!("{x} is outside {min:?}..={max:?}"))
        } else {
            Ok(())
        }
    };
    match kind {
        3 => {
            let n = raw.chars().count() as u64;
            let lo = def.get("min_length").and_then(Value::as_u64).unwrap_or(0);
            let hi = def
                .get("max_length")
                .and_then(Value::as_u64)
                .unwrap_or(6000);
            if n < lo || n > hi {
                return Err(format!("length {n} outside {lo}..={hi}"));
            }
            Ok(json!(raw))
        }
        4 => {
            let x: i64 = raw
                .parse()
                .map_err(|_| format!("{raw:?} is not an integer"))?;
            range(x as f64)?;
            Ok(json!(x))
        }
        5 => match raw {
            "true" | "True" => Ok(json!(true)),
            "false" | "False" => Ok(json!(false)),
            _ => Err(format!("{raw:?} is not true or false")),
        },
        6 => {
            let u = users
                .iter()
                .find(|u| u.name == raw || u.id.to_string() == raw)
                .ok_or_else(|| format!("no user {raw:?}"))?;
            ru.insert(u.id.to_string(), u.user.clone());
            let mut m = u.member.clone();
            if let Some(o) = m.as_object_mut() {
                o.remove("user");
            }
            rm.insert(u.id.to_string(), m);
            Ok(json!(u.id.to_string()))
        }
        10 => {
            let x: f64 = raw
                .parse()
                .map_err(|_| format!("{raw:?} is not a number"))?;
            range(x)?;
            Ok(json!(x))
        }
        other => Err(format!("option type {other} is not modelled by the fake")),
    }
}

// ------------------------------------------------------------------ registration checks

/// Discord's limit on one command's size: its name, description and every option's and
/// choice's name, description and value together (docs: "Application Commands", "Registering
/// a Command": "combined name, description, and value properties ... can not exceed 8000
/// characters"; for localized fields the longest localization counts).
pub const COMMAND_TOTAL: usize = 8000;
/// Options per command or subcommand, and choices per option.
pub const MAX_OPTIONS: usize = 25;

/// A command or option name matches `^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`
/// (docs: "Application Command Naming").
pub fn name_matches(name: &str) -> bool {
    let n = name.chars().count();
    (1..=32).contains(&n)
        && name.chars().all(|c| {
            c == '-'
                || c == '_'
                || c.is_alphabetic()
                || c.is_numeric()
                || ('\u{0900}'..='\u{097F}').contains(&c)
                || ('\u{0E00}'..='\u{0E7F}').contains(&c)
        })
}

/// CHAT_INPUT names "must use the lowercase variant of any letters when available".
fn lowercase(name: &str) -> bool {
    name.chars().all(|c| {
        let mut l = c.to_lowercase();
        l.next() == Some(c) && l.next().is_none()
    })
}

fn text(v: &Value, key: &str) -> String {
    v.get(key).and_then(Value::as_str).unwrap_or("").to_string()
}

/// The counted length of a localizable field: the base text or its longest localization.
fn counted(v: &Value, key: &str) -> usize {
    let base = text(v, key).chars().count();
    let local = v
        .get(format!("{key}_localizations"))
        .and_then(Value::as_object)
        .map(|m| {
            m.values()
                .filter_map(Value::as_str)
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .unwrap_or(0);
    base.max(local)
}

fn choice_value_len(v: &Value) -> usize {
    match v {
        Value::String(s) => s.chars().count(),
        Value::Null => 0,
        other => other.to_string().chars().count(),
    }
}

/// Checks a bulk registration (the body of `PUT /applications/{id}/commands`) as Discord does;
/// problem paths start at the command's index.
pub fn check_registration(list: &[Value]) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut seen: Vec<(u64, String)> = Vec::new();
    let mut per_type = [0usize; 4];
    for (k, c) in list.iter().enumerate() {
        let ks = k.to_string();
        let kind = c.get("type").and_then(Value::as_u64).unwrap_or(1);
        let name = text(c, "name");
        if (1..=3).contains(&kind) {
            per_type[kind as usize] += 1;
        }
        if seen.contains(&(kind, name.clone())) {
            out.push(Problem::new(
                &[&ks, "name"],
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                format!("Application command names must be unique: {name}"),
                format!("command {name:?} is registered twice"),
            ));
        }
        seen.push((kind, name.clone()));
        let at = format!("command /{name}");
        if kind == 1 {
            check_name(c, &[&ks], &at, &mut out);
            check_description(c, &[&ks], &at, &mut out);
        } else {
            // User and message commands: 1-32 characters, any case and spaces; no description.
            let n = name.chars().count();
            if !(1..=32).contains(&n) {
                out.push(Problem::bad_length(
                    &[&ks, "name"],
                    1,
                    32,
                    format!("{at}: name has {n} characters (1..=32)"),
                ));
            }
            if !text(c, "description").is_empty() {
                out.push(Problem::new(
                    &[&ks, "description"],
                    "APPLICATION_COMMAND_DESCRIPTION_NOT_ALLOWED",
                    "Description must be empty for this command type",
                    format!("{at}: user and message commands have no description"),
                ));
            }
            if c.get("options")
                .is_some_and(|o| o.as_array().is_some_and(|a| !a.is_empty()))
            {
                out.push(Problem::new(
                    &[&ks, "options"],
                    "APPLICATION_COMMAND_OPTIONS_NOT_ALLOWED",
                    "Options are not allowed for this command type",
                    format!("{at}: user and message commands have no options"),
                ));
            }
        }
        check_options(c, &[ks.as_str()], &at, 0, &mut out);
        let total = size(c);
        if total > COMMAND_TOTAL {
            out.push(Problem::new(
                &[&ks],
                "APPLICATION_COMMAND_TOO_LARGE",
                format!("Command exceeds maximum size ({COMMAND_TOTAL})"),
                format!("{at}: {total} characters in names, descriptions and values (max {COMMAND_TOTAL})"),
            ));
        }
    }
    for (kind, max) in [(1usize, 100usize), (2, 15), (3, 15)] {
        if per_type[kind] > max {
            out.push(Problem::new(
                &[],
                "APPLICATION_COMMANDS_TOO_MANY",
                format!("Maximum number of application commands reached ({max})"),
                format!("{} commands of type {kind} (max {max})", per_type[kind]),
            ));
        }
    }
    out
}

/// The characters Discord counts against [`COMMAND_TOTAL`].
pub fn size(c: &Value) -> usize {
    let mut n = counted(c, "name") + counted(c, "description");
    for o in c
        .get("options")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        n += size(o);
    }
    for ch in c
        .get("choices")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        n += counted(ch, "name") + ch.get("value").map_or(0, choice_value_len);
    }
    n
}

fn check_name(v: &Value, path: &[&str], at: &str, out: &mut Vec<Problem>) {
    let name = text(v, "name");
    let mut p: Vec<&str> = path.to_vec();
    p.push("name");
    if !name_matches(&name) {
        out.push(Problem::new(
            &p,
            "STRING_TYPE_REGEX",
            "String value did not match validation regex.",
            format!("{at}: name {name:?} does not match ^[-_\\p{{L}}\\p{{N}}\\p{{sc=Deva}}\\p{{sc=Thai}}]{{1,32}}$"),
        ));
    } else if !lowercase(&name) {
        out.push(Problem::new(
            &p,
            "APPLICATION_COMMAND_INVALID_NAME",
            "Command name is invalid",
            format!("{at}: name {name:?} is not lowercase"),
        ));
    }
}

fn check_description(v: &Value, path: &[&str], at: &str, out: &mut Vec<Problem>) {
    let n = text(v, "description").chars().count();
    if !(1..=100).contains(&n) {
        let mut p: Vec<&str> = path.to_vec();
        p.push("description");
        out.push(Problem::bad_length(
            &p,
            1,
            100,
            format!("{at}: description has {n} characters (1..=100)"),
        ));
    }
}

/// Checks the options of a command (`depth` 0), of a subcommand group (1) or of a subcommand.
fn check_options(def: &Value, path: &[&str], at: &str, depth: u8, out: &mut Vec<Problem>) {
    let Some(list) = def.get("options").and_then(Value::as_array) else {
        return;
    };
    let own_kind = def.get("type").and_then(Value::as_u64).unwrap_or(1);
    let mut base: Vec<&str> = path.to_vec();
    base.push("options");
    if list.len() > MAX_OPTIONS {
        out.push(Problem::too_long(
            &base,
            MAX_OPTIONS,
            format!("{at}: {} options (max {MAX_OPTIONS})", list.len()),
        ));
    }
    let subs = list
        .iter()
        .filter(|o| matches!(o.get("type").and_then(Value::as_u64), Some(1 | 2)))
        .count();
    if subs > 0 && subs < list.len() {
        out.push(Problem::new(
            &base,
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Subcommands and subcommand groups cannot be mixed with other options",
            format!("{at}: subcommands mixed with plain options"),
        ));
    }
    let mut optional_seen = false;
    let mut names: Vec<String> = Vec::new();
    for (k, o) in list.iter().enumerate() {
        let ks = k.to_string();
        let mut p = base.clone();
        p.push(&ks);
        let name = text(o, "name");
        let here = format!("{at} {name}");
        check_name(o, &p, &here, out);
        check_description(o, &p, &here, out);
        if names.contains(&name) {
            out.push(Problem::new(
                &[p.as_slice(), &["name"]].concat(),
                "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                "Option names must be unique",
                format!("{here}: a second option with this name"),
            ));
        }
        names.push(name);
        let kind = o.get("type").and_then(Value::as_u64).unwrap_or(0);
        // Nesting: a command holds groups or subcommands; a group holds only subcommands; a
        // subcommand holds only plain options.
        let in_group = depth == 1 && own_kind == 2;
        let allowed = match kind {
            0 | 12.. => false,
            1 => depth == 0 || in_group,
            2 => depth == 0,
            _ => !in_group,
        };
        if !allowed {
            out.push(Problem::new(
                &[p.as_slice(), &["type"]].concat(),
                "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                "Invalid option type for this nesting level",
                format!("{here}: option type {kind} cannot be nested here"),
            ));
        }
        if matches!(kind, 1 | 2) {
            if o.get("required").and_then(Value::as_bool) == Some(true) {
                out.push(Problem::new(
                    &[p.as_slice(), &["required"]].concat(),
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Subcommands cannot be required",
                    format!("{here}: a subcommand or group cannot be required"),
                ));
            }
            if kind == 2
                && o.get("options")
                    .and_then(Value::as_array)
                    .is_none_or(Vec::is_empty)
            {
                out.push(Problem::required(
                    &[p.as_slice(), &["options"]].concat(),
                    format!("{here}: a subcommand group without subcommands"),
                ));
            }
            check_options(o, &p, &here, depth + 1, out);
            continue;
        }
        if o.get("options")
            .is_some_and(|x| x.as_array().is_some_and(|a| !a.is_empty()))
        {
            out.push(Problem::new(
                &[p.as_slice(), &["options"]].concat(),
                "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                "Only subcommands and groups have options",
                format!("{here}: a plain option with options"),
            ));
        }
        let required = o.get("required").and_then(Value::as_bool).unwrap_or(false);
        if required && optional_seen {
            out.push(Problem::new(
                &[p.as_slice(), &["required"]].concat(),
                "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                "Required options must be placed before non-required options",
                format!("{here}: a required option after an optional one"),
            ));
        }
        optional_seen |= !required;
        check_option_values(o, kind, &p, &here, out);
    }
}

/// Choices, numeric ranges and length ranges of a plain option.
fn check_option_values(o: &Value, kind: u64, p: &[&str], here: &str, out: &mut Vec<Problem>) {
    let at = |f: &'static str| -> Vec<&str> { [p, &[f]].concat() };
    let choices = o.get("choices").and_then(Value::as_array);
    if let Some(cs) = choices {
        if !matches!(kind, 3 | 4 | 10) && !cs.is_empty() {
            out.push(Problem::new(
                &at("choices"),
                "APPLICATION_COMMAND_OPTION_CHOICES_NOT_ALLOWED",
                "Choices are only allowed for string, integer and number options",
                format!("{here}: choices on an option of type {kind}"),
            ));
        }
        if cs.len() > MAX_OPTIONS {
            out.push(Problem::too_long(
                &at("choices"),
                MAX_OPTIONS,
                format!("{here}: {} choices (max {MAX_OPTIONS})", cs.len()),
            ));
        }
        if !cs.is_empty() && o.get("autocomplete").and_then(Value::as_bool) == Some(true) {
            out.push(Problem::new(
                &at("autocomplete"),
                "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_WITH_CHOICES",
                "Autocomplete cannot be enabled on options that have choices",
                format!("{here}: autocomplete together with choices"),
            ));
        }
        for (j, ch) in cs.iter().enumerate() {
            let js = j.to_string();
            let cp: Vec<&str> = [p, &["choices", &js]].concat();
            let n = text(ch, "name").chars().count();
            if !(1..=100).contains(&n) {
                out.push(Problem::bad_length(
                    &[cp.as_slice(), &["name"]].concat(),
                    1,
                    100,
                    format!("{here} choice {j}: name has {n} characters (1..=100)"),
                ));
            }
            let value = ch.get("value").unwrap_or(&Value::Null);
            let ok = match kind {
                3 => value
                    .as_str()
                    .is_some_and(|s| (1..=100).contains(&s.chars().count())),
                4 => value.as_i64().is_some(),
                10 => value.as_f64().is_some(),
                _ => true,
            };
            if !ok {
                out.push(Problem::new(
                    &[cp.as_slice(), &["value"]].concat(),
                    if kind == 3 {
                        "BASE_TYPE_BAD_LENGTH"
                    } else {
                        "NUMBER_TYPE_COERCE"
                    },
                    if kind == 3 {
                        "Must be between 1 and 100 in length.".to_string()
                    } else {
                        format!("Value \"{value}\" is not a valid number.")
                    },
                    format!(
                        "{here} choice {j}: value {value} does not suit an option of type {kind}"
                    ),
                ));
            }
        }
    }
    let num = |k: &str| o.get(k).and_then(Value::as_f64);
    if let (Some(lo), Some(hi)) = (num("min_value"), num("max_value"))
        && lo > hi
    {
        out.push(Problem::new(
            &at("min_value"),
            "APPLICATION_COMMAND_OPTION_MIN_MAX_INVALID",
            "min_value must be less than or equal to max_value",
            format!("{here}: min_value {lo} > max_value {hi}"),
        ));
    }
    if (num("min_value").is_some() || num("max_value").is_some()) && !matches!(kind, 4 | 10) {
        out.push(Problem::new(
            &at("min_value"),
            "APPLICATION_COMMAND_OPTION_MIN_MAX_NOT_ALLOWED",
            "min_value and max_value are only allowed for integer and number options",
            format!("{here}: min_value/max_value on an option of type {kind}"),
        ));
    }
    let lo = o.get("min_length").and_then(Value::as_u64);
    let hi = o.get("max_length").and_then(Value::as_u64);
    if lo.is_some_and(|l| l > 6000) {
        out.push(Problem::new(
            &at("min_length"),
            "BASE_TYPE_MAX",
            "int value should be less than or equal to 6000.",
            format!("{here}: min_length over 6000"),
        ));
    }
    if hi.is_some_and(|h| !(1..=6000).contains(&h)) {
        out.push(Problem::new(
            &at("max_length"),
            "BASE_TYPE_BAD_INT",
            "int value should be between 1 and 6000.",
            format!("{here}: max_length outside 1..=6000"),
        ));
    }
    if let (Some(l), Some(h)) = (lo, hi)
        && l > h
    {
        out.push(Problem::new(
            &at("min_length"),
            "APPLICATION_COMMAND_OPTION_MIN_MAX_INVALID",
            "min_length must be less than or equal to max_length",
            format!("{here}: min_length {l} > max_length {h}"),
        ));
    }
    if (lo.is_some() || hi.is_some()) && kind != 3 {
        out.push(Problem::new(
            &at("min_length"),
            "APPLICATION_COMMAND_OPTION_MIN_MAX_NOT_ALLOWED",
            "min_length and max_length are only allowed for string options",
            format!("{here}: min_length/max_length on an option of type {kind}"),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema() -> Vec<Value> {
        vec![
            json!({"id": "7", "name": "hay", "type": 1, "description": "d", "options": [
                {"name": "new", "type": 1, "description": "n", "options": [
                    {"name": "seats", "type": 4, "description": "s", "min_value": 2, "max_value": 6},
                    {"name": "intro", "type": 5, "description": "i"}
                ]},
                {"name": "card", "type": 1, "description": "c", "options": [
                    {"name": "name", "type": 3, "description": "n", "required": true, "autocomplete": true}
                ]},
                {"name": "settings", "type": 1, "description": "s", "options": [
                    {"name": "reminders", "type": 4, "description": "r", "choices": [
                        {"name": "mention me", "value": 0}, {"name": "send me a DM", "value": 1}
                    ]}
                ]}
            ]}),
        ]
    }

    #[test]
    fn subcommands_options_and_choices() {
        let d = build(&schema(), "/hay new seats:3 intro:true", &[], false).unwrap();
        assert_eq!(d["options"][0]["name"], "new");
        assert_eq!(d["options"][0]["options"][0]["value"], 3);
        assert_eq!(d["options"][0]["options"][1]["value"], true);
        assert!(build(&schema(), "hay new seats:9", &[], false).is_err());
        assert!(build(&schema(), "hay card", &[], false).is_err());
        assert!(build(&schema(), "hay nope", &[], false).is_err());
        let d = build(
            &schema(),
            "hay settings reminders:\"send me a DM\"",
            &[],
            false,
        )
        .unwrap();
        assert_eq!(d["options"][0]["options"][0]["value"], 1);
        let d = build(&schema(), "hay card name:whe", &[], true).unwrap();
        assert_eq!(d["options"][0]["options"][0]["focused"], true);
    }

    fn codes(list: &[Value]) -> Vec<&'static str> {
        check_registration(list).iter().map(|p| p.code).collect()
    }

    fn cmd(options: Value) -> Value {
        json!({"name": "hay", "type": 1, "description": "Fields of Green", "options": options})
    }

    /// Checks that a command with `options` is refused with `code` alone.
    #[track_caller]
    fn refused_with(options: Value, code: &str) {
        assert_eq!(codes(&[cmd(options)]), [code]);
    }

    fn opt(name: &str, kind: u64) -> Value {
        json!({"name": name, "type": kind, "description": "an option"})
    }

    #[test]
    fn a_good_registration_passes() {
        assert_eq!(codes(&schema()), Vec::<&str>::new());
        let devanagari = json!({"name": "खेल", "type": 1, "description": "d"});
        let thai = json!({"name": "เกม", "type": 1, "description": "d"});
        let user = json!({"name": "Show Hand", "type": 2, "description": ""});
        assert!(codes(&[devanagari, thai, user]).is_empty());
    }

    #[test]
    fn names_follow_the_regex_and_are_lowercase() {
        assert!(name_matches("fog-new_2"));
        assert!(!name_matches(""));
        assert!(!name_matches(&"a".repeat(33)));
        assert!(name_matches(&"a".repeat(32)));
        assert!(!name_matches("two words"));
        assert!(!name_matches("emoji🎲"));
        let c = json!({"name": "Fog", "type": 1, "description": "d"});
        assert_eq!(codes(&[c]), ["APPLICATION_COMMAND_INVALID_NAME"]);
        let c = cmd(json!([opt("Seats", 4)]));
        let ps = check_registration(&[c]);
        assert_eq!(ps[0].path, ["0", "options", "0", "name"]);
        let c = json!({"name": "no spaces", "type": 1, "description": "d"});
        assert_eq!(codes(&[c]), ["STRING_TYPE_REGEX"]);
        let twice = json!({"name": "hay", "type": 1, "description": "d"});
        assert_eq!(
            codes(&[twice.clone(), twice]),
            ["APPLICATION_COMMANDS_DUPLICATE_NAME"]
        );
    }

    #[test]
    fn descriptions_are_1_to_100_characters() {
        let c = json!({"name": "hay", "type": 1, "description": ""});
        assert_eq!(codes(&[c]), ["BASE_TYPE_BAD_LENGTH"]);
        let c = json!({"name": "hay", "type": 1, "description": "é".repeat(101)});
        assert_eq!(codes(&[c]), ["BASE_TYPE_BAD_LENGTH"]);
        let c = json!({"name": "hay", "type": 1, "description": "é".repeat(100)});
        assert!(codes(&[c]).is_empty());
        let mut o = opt("seats", 4);
        o["description"] = json!("");
        refused_with(json!([o]), "BASE_TYPE_BAD_LENGTH");
        let user = json!({"name": "hand", "type": 2, "description": "not allowed"});
        assert_eq!(
            codes(&[user]),
            ["APPLICATION_COMMAND_DESCRIPTION_NOT_ALLOWED"]
        );
    }

    #[test]
    fn required_options_come_first() {
        let mut req = opt("name", 3);
        req["required"] = json!(true);
        assert!(codes(&[cmd(json!([req.clone(), opt("seats", 4)]))]).is_empty());
        refused_with(
            json!([opt("seats", 4), req]),
            "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
        );
    }

    #[test]
    fn at_most_25_options_and_choices() {
        let many: Vec<Value> = (0..26).map(|i| opt(&format!("o{i}"), 3)).collect();
        refused_with(json!(many), "BASE_TYPE_MAX_LENGTH");
        let mut o = opt("pick", 3);
        o["choices"] = json!(
            (0..26)
                .map(|i| json!({"name": format!("c{i}"), "value": format!("v{i}")}))
                .collect::<Vec<_>>()
        );
        refused_with(json!([o]), "BASE_TYPE_MAX_LENGTH");
        let dup = json!([opt("a", 3), opt("a", 4)]);
        refused_with(dup, "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS");
    }

    #[test]
    fn choice_names_and_values() {
        let with = |kind: u64, choice: Value| {
            let mut o = opt("pick", kind);
            o["choices"] = json!([choice]);
            codes(&[cmd(json!([o]))])
        };
        const BAD_LENGTH: &str = "BASE_TYPE_BAD_LENGTH";
        const COERCE: &str = "NUMBER_TYPE_COERCE";
        const NOT_ALLOWED: &str = "APPLICATION_COMMAND_OPTION_CHOICES_NOT_ALLOWED";
        let (n101, v101) = ("n".repeat(101), "v".repeat(101));
        // The option's type (3 string, 4 integer, 5 boolean), its one choice, and the codes
        // Discord answers.
        let cases: [(u64, Value, &[&str]); 8] = [
            (3, json!({"name": "a", "value": "b"}), &[]),
            (3, json!({"name": "", "value": "b"}), &[BAD_LENGTH]),
            (3, json!({"name": n101, "value": "b"}), &[BAD_LENGTH]),
            (3, json!({"name": "a", "value": v101}), &[BAD_LENGTH]),
            (3, json!({"name": "a", "value": ""}), &[BAD_LENGTH]),
            (4, json!({"name": "a", "value": 3}), &[]),
            (4, json!({"name": "a", "value": "3"}), &[COERCE]),
            (5, json!({"name": "a", "value": "b"}), &[NOT_ALLOWED]),
        ];
        for (kind, choice, want) in cases {
            assert_eq!(with(kind, choice.clone()), want, "type {kind}: {choice}");
        }
        let mut o = opt("pick", 3);
        o["choices"] = json!([{"name": "a", "value": "b"}]);
        o["autocomplete"] = json!(true);
        refused_with(
            json!([o]),
            "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_WITH_CHOICES",
        );
    }

    #[test]
    fn subcommands_nest_as_discord_allows() {
        // command > group > subcommand > option: fine.
        let sub =
            json!({"name": "new", "type": 1, "description": "d", "options": [opt("seats", 4)]});
        let group =
            json!({"name": "game", "type": 2, "description": "d", "options": [sub.clone()]});
        assert!(codes(&[cmd(json!([group.clone()]))]).is_empty());
        // A group inside a group, or inside a subcommand.
        let nested =
            json!({"name": "outer", "type": 2, "description": "d", "options": [group.clone()]});
        assert!(
            codes(&[cmd(json!([nested]))]).contains(&"APPLICATION_COMMAND_OPTIONS_TYPE_INVALID")
        );
        let bad_sub = json!({"name": "new", "type": 1, "description": "d", "options": [group]});
        assert!(
            codes(&[cmd(json!([bad_sub]))]).contains(&"APPLICATION_COMMAND_OPTIONS_TYPE_INVALID")
        );
        // Subcommands mixed with plain options.
        refused_with(
            json!([sub.clone(), opt("seats", 4)]),
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
        );
        // A plain option in a group.
        let g =
            json!({"name": "game", "type": 2, "description": "d", "options": [opt("seats", 4)]});
        refused_with(json!([g]), "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID");
        // An empty group.
        let g = json!({"name": "game", "type": 2, "description": "d", "options": []});
        refused_with(json!([g]), "BASE_TYPE_REQUIRED");
        // A required subcommand.
        let mut s = sub;
        s["required"] = json!(true);
        refused_with(json!([s]), "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID");
    }

    #[test]
    fn ranges_are_ordered() {
        const INVALID: &str = "APPLICATION_COMMAND_OPTION_MIN_MAX_INVALID";
        const NOT_ALLOWED: &str = "APPLICATION_COMMAND_OPTION_MIN_MAX_NOT_ALLOWED";
        // An integer option (type 4) and a string one (3), the bounds set on it, and the codes
        // Discord answers.
        type Case = (
            &'static str,
            u64,
            &'static [(&'static str, u64)],
            &'static [&'static str],
        );
        let cases: [Case; 5] = [
            (
                "seats",
                4,
                &[("min_value", 6), ("max_value", 2)],
                &[INVALID],
            ),
            (
                "name",
                3,
                &[("min_length", 10), ("max_length", 5)],
                &[INVALID],
            ),
            ("name", 3, &[("max_length", 6001)], &["BASE_TYPE_BAD_INT"]),
            ("seats", 4, &[("min_length", 1)], &[NOT_ALLOWED]),
            ("seats", 4, &[("min_value", 2), ("max_value", 2)], &[]),
        ];
        for (name, kind, bounds, want) in cases {
            let mut o = opt(name, kind);
            for (key, value) in bounds {
                o[*key] = json!(value);
            }
            assert_eq!(codes(&[cmd(json!([o]))]), want, "{name} {bounds:?}");
        }
    }

    #[test]
    fn a_command_counts_at_most_8000_characters() {
        // 1 subcommand of 25 options, each 100-character description and 25 choices of
        // 100 + 100 characters: far over 8000.
        let choice =
            |i: usize| json!({"name": format!("{i:0>100}"), "value": format!("{i:0>100}")});
        let options: Vec<Value> = (0..25)
            .map(|i| {
                let mut o = opt(&format!("o{i}"), 3);
                o["description"] = json!("d".repeat(100));
                o["choices"] = json!((0..25).map(choice).collect::<Vec<_>>());
                o
            })
            .collect();
        let big = cmd(json!(options));
        assert!(size(&big) > COMMAND_TOTAL);
        assert_eq!(codes(&[big]), ["APPLICATION_COMMAND_TOO_LARGE"]);
        // Just over, then just under the limit.
        let mut o = opt("p", 3);
        o["description"] = json!("d".repeat(99));
        o["choices"] = json!((0..25).map(choice).collect::<Vec<_>>());
        let c = json!({"name": "hay", "type": 1, "description": "d".repeat(97), "options": [o.clone(), {
            "name": "q", "type": 3, "description": "d".repeat(99), "choices": (0..14).map(choice).collect::<Vec<_>>()
        }]});
        // 3 + 97 + (1 + 99 + 25 * 200) + (1 + 99 + 14 * 200) = 8100; one choice fewer: 7900.
        assert_eq!(size(&c), 8100);
        assert_eq!(codes(&[c]), ["APPLICATION_COMMAND_TOO_LARGE"]);
        let c = json!({"name": "hay", "type": 1, "description": "d".repeat(97), "options": [o, {
            "name": "q", "type": 3, "description": "d".repeat(99), "choices": (0..13).map(choice).collect::<Vec<_>>(),
        }]});
        assert_eq!(size(&c), 7900);
        assert!(codes(&[c]).is_empty());
        // The longest localization counts.
        let c = json!({"name": "hay", "type": 1, "description": "d",
            "description_localizations": {"de": "x".repeat(100)}});
        assert_eq!(size(&c), 103);
    }
}
