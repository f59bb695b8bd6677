//! Discord's documented limits on what a bot may send, checked on every payload the fake
//! receives (docs: "Embed Limits", "Component Reference", "Create Message"). A violation fails
//! the test that caused it; the real Discord would answer 400 and the player would see nothing.

use serde_json::Value;

pub const CONTENT: usize = 2000;
pub const EMBEDS: usize = 10;
pub const TITLE: usize = 256;
pub const DESCRIPTION: usize = 4096;
pub const FIELDS: usize = 25;
pub const FIELD_NAME: usize = 256;
pub const FIELD_VALUE: usize = 1024;
pub const FOOTER: usize = 2048;
pub const AUTHOR_NAME: usize = 256;
pub const EMBED_TOTAL: usize = 6000;
pub const ROWS: usize = 5;
pub const BUTTONS_PER_ROW: usize = 5;
pub const SELECT_OPTIONS: usize = 25;
pub const CUSTOM_ID: usize = 100;
pub const BUTTON_LABEL: usize = 80;
pub const OPTION_LABEL: usize = 100;
pub const OPTION_VALUE: usize = 100;
pub const OPTION_DESCRIPTION: usize = 100;
pub const PLACEHOLDER: usize = 150;
pub const AUTOCOMPLETE_CHOICES: usize = 25;
pub const CHOICE_NAME: usize = 100;

fn chars(v: Option<&Value>) -> usize {
    v.and_then(Value::as_str).map_or(0, |s| s.chars().count())
}

fn text_of(v: Option<&Value>) -> Option<&str> {
    v.and_then(Value::as_str)
}

/// Checks the embeds of a message; returns the problems found.
pub fn check_embeds(embeds: &[Value], out: &mut Vec<String>) {
    if embeds.len() > EMBEDS {
        out.push(format!("{} embeds (max {EMBEDS})", embeds.len()));
    }
    let mut total = 0;
    for (k, e) in embeds.iter().enumerate() {
        let title = chars(e.get("title"));
        if title > TITLE {
            out.push(format!(
                "embed {k}: title has {title} characters (max {TITLE})"
            ));
        }
        let description = chars(e.get("description"));
        if description > DESCRIPTION {
            out.push(format!(
                "embed {k}: description has {description} characters (max {DESCRIPTION})"
            ));
        }
        let fields = e
            .get("fields")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or(&[]);
        if fields.len() > FIELDS {
            out.push(format!("embed {k}: {} fields (max {FIELDS})", fields.len()));
        }
        let mut field_chars = 0;
        for (j, f) in fields.iter().enumerate() {
            let name = chars(f.get("name"));
            let value = chars(f.get("value"));
            if name == 0 || name > FIELD_NAME {
                out.push(format!(
                    "embed {k} field {j}: name has {name} characters (1..={FIELD_NAME})"
                ));
            }
            if value == 0 || value > FIELD_VALUE {
                out.push(format!(
                    "embed {k} field {j} ({:?}): value has {value} characters (1..={FIELD_VALUE})",
                    text_of(f.get("name")).unwrap_or("")
                ));
            }
            field_chars += name + value;
        }
        let footer = chars(e.get("footer").and_then(|f| f.get("text")));
        if footer > FOOTER {
            out.push(format!(
                "embed {k}: footer has {footer} characters (max {FOOTER})"
            ));
        }
        let author = chars(e.get("author").and_then(|a| a.get("name")));
        if author > AUTHOR_NAME {
            out.push(format!(
                "embed {k}: author name has {author} characters (max {AUTHOR_NAME})"
            ));
        }
        total += title + description + field_chars + footer + author;
    }
    if total > EMBED_TOTAL {
        out.push(format!(
            "embeds total {total} characters (max {EMBED_TOTAL} per message)"
        ));
    }
}

/// Checks a message's action rows; returns the problems found.
pub fn check_components(rows: &[Value], out: &mut Vec<String>) {
    if rows.len() > ROWS {
        out.push(format!("{} action rows (max {ROWS})", rows.len()));
    }
    let mut ids: Vec<String> = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        if row.get("type").and_then(Value::as_u64) != Some(1) {
            out.push(format!("row {r}: top-level component is not an action row"));
            continue;
        }
        let items = row
            .get("components")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or(&[]);
        if items.is_empty() {
            out.push(format!("row {r}: empty action row"));
        }
        let selects = items
            .iter()
            .filter(|c| matches!(c.get("type").and_then(Value::as_u64), Some(3 | 5..=8)))
            .count();
        if selects > 0 && items.len() > 1 {
            out.push(format!(
                "row {r}: a select must be alone in its row ({} components)",
                items.len()
            ));
        }
        if items.len() > BUTTONS_PER_ROW {
            out.push(format!(
                "row {r}: {} buttons (max {BUTTONS_PER_ROW})",
                items.len()
            ));
        }
        for (c, item) in items.iter().enumerate() {
            let at = format!("row {r} component {c}");
            match item.get("type").and_then(Value::as_u64) {
                Some(2) => {
                    let style = item.get("style").and_then(Value::as_u64).unwrap_or(0);
                    let label = chars(item.get("label"));
                    if label > BUTTON_LABEL {
                        out.push(format!(
                            "{at}: button label has {label} characters (max {BUTTON_LABEL})"
                        ));
                    }
                    if label == 0 && item.get("emoji").is_none() {
                        out.push(format!("{at}: button without label or emoji"));
                    }
                    match style {
                        1..=4 => match text_of(item.get("custom_id")) {
                            Some(id) => ids.push(id.to_string()),
                            None => out.push(format!("{at}: button without custom_id")),
                        },
                        5 => {
                            if item.get("url").is_none() {
                                out.push(format!("{at}: link button without url"));
                            }
                        }
                        6 => {}
                        other => out.push(format!("{at}: unknown button style {other}")),
                    }
                }
                Some(3) => {
                    match text_of(item.get("custom_id")) {
                        Some(id) => ids.push(id.to_string()),
                        None => out.push(format!("{at}: select without custom_id")),
                    }
                    let placeholder = chars(item.get("placeholder"));
                    if placeholder > PLACEHOLDER {
                        out.push(format!(
                            "{at}: placeholder has {placeholder} characters (max {PLACEHOLDER})"
                        ));
                    }
                    let options = item
                        .get("options")
                        .and_then(Value::as_array)
                        .map(Vec::as_slice)
                        .unwrap_or(&[]);
                    if options.is_empty() || options.len() > SELECT_OPTIONS {
                        out.push(format!(
                            "{at}: select with {} options (1..={SELECT_OPTIONS})",
                            options.len()
                        ));
                    }
                    let mut values: Vec<&str> = Vec::new();
                    for (o, opt) in options.iter().enumerate() {
                        let label = chars(opt.get("label"));
                        let value = chars(opt.get("value"));
                        let desc = chars(opt.get("description"));
                        if label == 0 || label > OPTION_LABEL {
                            out.push(format!(
                                "{at} option {o}: label has {label} characters (1..={OPTION_LABEL})"
                            ));
                        }
                        if value == 0 || value > OPTION_VALUE {
                            out.push(format!(
                                "{at} option {o}: value has {value} characters (1..={OPTION_VALUE})"
                            ));
                        }
                        if desc > OPTION_DESCRIPTION {
                            out.push(format!(
                                "{at} option {o}: description has {desc} characters (max {OPTION_DESCRIPTION})"
                            ));
                        }
                        let v = text_of(opt.get("value")).unwrap_or("");
                        if values.contains(&v) {
                            out.push(format!("{at}: duplicate option value {v:?}"));
                        }
                        values.push(v);
                    }
                    let min = item.get("min_values").and_then(Value::as_u64).unwrap_or(1);
                    let max = item.get("max_values").and_then(Value::as_u64).unwrap_or(1);
                    if min > max || max > options.len().max(1) as u64 || max > 25 {
                        out.push(format!(
                            "{at}: min_values {min} / max_values {max} with {} options",
                            options.len()
                        ));
                    }
                }
                Some(5..=8) => match text_of(item.get("custom_id")) {
                    Some(id) => ids.push(id.to_string()),
                    None => out.push(format!("{at}: select without custom_id")),
                },
                other => out.push(format!("{at}: unknown component type {other:?}")),
            }
        }
    }
    for (k, id) in ids.iter().enumerate() {
        let n = id.chars().count();
        if n == 0 || n > CUSTOM_ID {
            out.push(format!(
                "custom_id {id:?} has {n} characters (1..={CUSTOM_ID})"
            ));
        }
        if ids[..k].contains(id) {
            out.push(format!("duplicate custom_id {id:?} in one message"));
        }
    }
}

/// Checks a whole message as it will be shown (content, embeds, components). `new` messages must
/// not be empty.
pub fn check_message(
    content: &str,
    embeds: &[Value],
    components: &[Value],
    new: bool,
) -> Vec<String> {
    let mut out = Vec::new();
    let n = content.chars().count();
    if n > CONTENT {
        out.push(format!("content has {n} characters (max {CONTENT})"));
    }
    if new && content.is_empty() && embeds.is_empty() && components.is_empty() {
        out.push("empty message (no content, embeds or components)".to_string());
    }
    check_embeds(embeds, &mut out);
    check_components(components, &mut out);
    out
}

/// Checks autocomplete choices (callback type 8).
pub fn check_choices(choices: &[Value]) -> Vec<String> {
    let mut out = Vec::new();
    if choices.len() > AUTOCOMPLETE_CHOICES {
        out.push(format!(
            "{} autocomplete choices (max {AUTOCOMPLETE_CHOICES})",
            choices.len()
        ));
    }
    for c in choices {
        let n = chars(c.get("name"));
        if n == 0 || n > CHOICE_NAME {
            out.push(format!(
                "autocomplete choice name has {n} characters (1..={CHOICE_NAME})"
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn button(id: &str, label: &str) -> Value {
        json!({"type": 2, "style": 1, "label": label, "custom_id": id})
    }

    #[test]
    fn each_limit_is_caught() {
        assert!(check_message("hi", &[], &[], true).is_empty());
        assert!(!check_message("", &[], &[], true).is_empty());
        assert!(check_message("", &[], &[], false).is_empty());
        assert!(!check_message(&"x".repeat(2001), &[], &[], true).is_empty());
        let big = json!({"description": "x".repeat(4097)});
        assert!(!check_message("", &[big], &[], true).is_empty());
        let two = json!({"title": "t".repeat(200), "description": "x".repeat(3000)});
        let errs = check_message("", &[two.clone(), two], &[], true);
        assert!(errs.iter().any(|e| e.contains("total")), "{errs:?}");
        let fields: Vec<Value> = (0..26)
            .map(|i| json!({"name": i.to_string(), "value": "v"}))
            .collect();
        assert!(!check_message("", &[json!({"fields": fields})], &[], true).is_empty());
        let f = json!({"fields": [{"name": "n", "value": "v".repeat(1025)}]});
        assert!(!check_message("", &[f], &[], true).is_empty());
        let f = json!({"fields": [{"name": "n", "value": ""}]});
        assert!(!check_message("", &[f], &[], true).is_empty());
        let rows: Vec<Value> = (0..6)
            .map(|i| json!({"type": 1, "components": [button(&format!("b{i}"), "x")]}))
            .collect();
        assert!(!check_message("", &[], &rows, true).is_empty());
        let row = json!({"type": 1, "components": (0..6).map(|i| button(&format!("b{i}"), "x")).collect::<Vec<_>>()});
        assert!(!check_message("", &[], &[row], true).is_empty());
        let row = json!({"type": 1, "components": [button("same", "a"), button("same", "b")]});
        let errs = check_message("", &[], &[row], true);
        assert!(errs.iter().any(|e| e.contains("duplicate")), "{errs:?}");
        let row = json!({"type": 1, "components": [button(&"i".repeat(101), "a")]});
        assert!(!check_message("", &[], &[row], true).is_empty());
        let row = json!({"type": 1, "components": [button("a", &"l".repeat(81))]});
        assert!(!check_message("", &[], &[row], true).is_empty());
        let options: Vec<Value> = (0..26)
            .map(|i| json!({"label": "o", "value": i.to_string()}))
            .collect();
        let row =
            json!({"type": 1, "components": [{"type": 3, "custom_id": "s", "options": options}]});
        assert!(!check_message("", &[], &[row], true).is_empty());
        let row = json!({"type": 1, "components": [
            {"type": 3, "custom_id": "s", "options": [{"label": "o", "value": "v"}]},
            button("b", "x")
        ]});
        assert!(!check_message("", &[], &[row], true).is_empty());
        let ok = json!({"type": 1, "components": [
            {"type": 3, "custom_id": "s", "options": [{"label": "o", "value": "v"}], "min_values": 1, "max_values": 1}
        ]});
        assert!(check_message("", &[], &[ok], true).is_empty());
    }
}
