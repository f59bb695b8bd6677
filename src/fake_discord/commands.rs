//! Slash commands typed as text (`fog new seats:3 intro:true`), turned into the interaction data
//! Discord would send, using the command schema the bot registered: subcommands nest as type-1
//! options, values get the registered option types, choices are matched by name, limits and
//! required options are checked (as the Discord client would before sending).

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

#[cfg(test)]
mod tests {
    use super::*;

    fn schema() -> Vec<Value> {
        vec![
            json!({"id": "7", "name": "fog", "type": 1, "description": "d", "options": [
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
        let d = build(&schema(), "/fog new seats:3 intro:true", &[], false).unwrap();
        assert_eq!(d["options"][0]["name"], "new");
        assert_eq!(d["options"][0]["options"][0]["value"], 3);
        assert_eq!(d["options"][0]["options"][1]["value"], true);
        assert!(build(&schema(), "fog new seats:9", &[], false).is_err());
        assert!(build(&schema(), "fog card", &[], false).is_err());
        assert!(build(&schema(), "fog nope", &[], false).is_err());
        let d = build(
            &schema(),
            "fog settings reminders:\"send me a DM\"",
            &[],
            false,
        )
        .unwrap();
        assert_eq!(d["options"][0]["options"][0]["value"], 1);
        let d = build(&schema(), "fog card name:whe", &[], true).unwrap();
        assert_eq!(d["options"][0]["options"][0]["focused"], true);
    }
}
