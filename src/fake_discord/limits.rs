//! Discord's documented limits on what a bot may send, checked on every payload the fake
//! receives (docs: "Embed Limits", "Component Reference", "Create Message"). A payload over a
//! limit is answered as Discord answers it: HTTP 400, code 50035 "Invalid Form Body", with the
//! nested `errors` object naming the field ([`form_error`]). The problem is also recorded as a
//! violation, so the test that caused it fails loudly.

use serde_json::{Map, Value, json};
use std::fmt;

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

/// One field that breaks a rule: where (the JSON path, as Discord's `errors` object nests it),
/// Discord's error code and message for it, and a longer note for the test output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Keys and array indexes from the body's root: `["embeds", "0", "description"]`.
    pub path: Vec<String>,
    /// Discord's error code for the field, e.g. `BASE_TYPE_MAX_LENGTH`.
    pub code: &'static str,
    /// Discord's message for the field, e.g. `Must be 4096 or fewer in length.`.
    pub message: String,
    /// What the fake tells the test.
    pub detail: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.detail)
    }
}

impl Problem {
    pub fn new(
        path: &[&str],
        code: &'static str,
        message: impl Into<String>,
        detail: impl Into<String>,
    ) -> Problem {
        Problem {
            path: path.iter().map(|s| s.to_string()).collect(),
            code,
            message: message.into(),
            detail: detail.into(),
        }
    }

    /// A string longer than `max`.
    pub fn too_long(path: &[&str], max: usize, detail: impl Into<String>) -> Problem {
        Problem::new(
            path,
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be {max} or fewer in length."),
            detail,
        )
    }

    /// A string or array whose length is outside `min..=max`.
    pub fn bad_length(path: &[&str], min: usize, max: usize, detail: impl Into<String>) -> Problem {
        Problem::new(
            path,
            "BASE_TYPE_BAD_LENGTH",
            format!("Must be between {min} and {max} in length."),
            detail,
        )
    }

    /// A missing field.
    pub fn required(path: &[&str], detail: impl Into<String>) -> Problem {
        Problem::new(path, "BASE_TYPE_REQUIRED", "This field is required", detail)
    }

    /// The same problem under `prefix` (e.g. `data` for an interaction response).
    pub fn under(mut self, prefix: &[&str]) -> Problem {
        let mut p: Vec<String> = prefix.iter().map(|s| s.to_string()).collect();
        p.append(&mut self.path);
        self.path = p;
        self
    }
}

/// Discord's answer to a body with these problems: `{"code": 50035, "message": "Invalid Form
/// Body", "errors": {...}}`, each problem at its path as `{"_errors": [{"code", "message"}]}`
/// (docs: "Opcodes and Status Codes", "Error Messages").
pub fn form_error(problems: &[Problem]) -> Value {
    let mut errors = Map::new();
    for p in problems {
        let mut node = &mut errors;
        for key in &p.path {
            node = node
                .entry(key.clone())
                .or_insert_with(|| Value::Object(Map::new()))
                .as_object_mut()
                .expect("error nodes are objects");
        }
        let list = node
            .entry("_errors")
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Some(a) = list.as_array_mut() {
            a.push(json!({"code": p.code, "message": p.message}));
        }
    }
    json!({"code": 50035, "message": "Invalid Form Body", "errors": errors})
}

fn chars(v: Option<&Value>) -> usize {
    v.and_then(Value::as_str).map_or(0, |s| s.chars().count())
}

/// The array `key` of `v`; none when there is no such array.
fn array<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v.get(key)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

fn text_of(v: Option<&Value>) -> Option<&str> {
    v.and_then(Value::as_str)
}

/// Notes that the array at `path` has `count` items (`what` in the test output), more than `max`.
fn too_many(out: &mut Vec<Problem>, path: &[&str], count: usize, max: usize, what: &str) {
    if count > max {
        out.push(Problem::too_long(
            path,
            max,
            format!("{count} {what} (max {max})"),
        ));
    }
}

/// Notes that the text at `path`, `what` in the test output, has `length` characters, more than
/// `max`.
fn at_most(out: &mut Vec<Problem>, path: &[&str], length: usize, max: usize, what: &str) {
    if length > max {
        let detail = format!("{what} has {length} characters (max {max})");
        out.push(Problem::too_long(path, max, detail));
    }
}

/// Notes that the text at `path`, `what` in the test output, has `length` characters, not
/// 1 to `max`.
fn within(out: &mut Vec<Problem>, path: &[&str], length: usize, max: usize, what: &str) {
    if length == 0 || length > max {
        let detail = format!("{what} has {length} characters (1..={max})");
        out.push(Problem::bad_length(path, 1, max, detail));
    }
}

/// [`within`] for a field Discord calls required when it is empty.
fn required_within(out: &mut Vec<Problem>, path: &[&str], length: usize, max: usize, what: &str) {
    let detail = format!("{what} has {length} characters (1..={max})");
    if length == 0 {
        out.push(Problem::required(path, detail));
    } else if length > max {
        out.push(Problem::too_long(path, max, detail));
    }
}

/// Checks the embeds of a message.
pub fn check_embeds(embeds: &[Value], out: &mut Vec<Problem>) {
    too_many(out, &["embeds"], embeds.len(), EMBEDS, "embeds");
    let mut total = 0;
    for (k, e) in embeds.iter().enumerate() {
        let ks = k.to_string();
        let k_ = ks.as_str();
        // One of the embed's own texts, `at` in the embed: its length, noted when over `max`.
        let text = |out: &mut Vec<Problem>, at: &[&str], max: usize, what: &str| {
            let length = chars(at.iter().try_fold(e, |v, key| v.get(*key)));
            let path: Vec<&str> = ["embeds", k_].iter().chain(at).copied().collect();
            at_most(out, &path, length, max, &format!("embed {k}: {what}"));
            length
        };
        let title = text(out, &["title"], TITLE, "title");
        let description = text(out, &["description"], DESCRIPTION, "description");
        let fields = array(e, "fields");
        let what = format!("fields in embed {k}");
        too_many(out, &["embeds", k_, "fields"], fields.len(), FIELDS, &what);
        let mut field_chars = 0;
        for (j, f) in fields.iter().enumerate() {
            let js = j.to_string();
            let name = chars(f.get("name"));
            let value = chars(f.get("value"));
            let what = format!("embed {k} field {j}: name");
            let path = ["embeds", k_, "fields", &js, "name"];
            required_within(out, &path, name, FIELD_NAME, &what);
            let what = format!(
                "embed {k} field {j} ({:?}): value",
                text_of(f.get("name")).unwrap_or("")
            );
            let path = ["embeds", k_, "fields", &js, "value"];
            required_within(out, &path, value, FIELD_VALUE, &what);
            field_chars += name + value;
        }
        let footer = text(out, &["footer", "text"], FOOTER, "footer");
        let author = text(out, &["author", "name"], AUTHOR_NAME, "author name");
        total += title + description + field_chars + footer + author;
    }
    if total > EMBED_TOTAL {
        out.push(Problem::new(
            &["embeds"],
            "MAX_EMBED_SIZE_EXCEEDED",
            format!("Embed size exceeds maximum size of {EMBED_TOTAL}"),
            format!("embeds total {total} characters (max {EMBED_TOTAL} per message)"),
        ));
    }
}

/// Checks a message's action rows.
pub fn check_components(rows: &[Value], out: &mut Vec<Problem>) {
    too_many(out, &["components"], rows.len(), ROWS, "action rows");
    // (row, component, custom_id) in order, for the duplicate check.
    let mut ids: Vec<(String, String, String)> = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let rs = r.to_string();
        let r_ = rs.as_str();
        if row.get("type").and_then(Value::as_u64) != Some(1) {
            out.push(Problem::new(
                &["components", r_, "type"],
                "UNION_TYPE_CHOICES",
                "Value of field \"type\" must be one of (1,).",
                format!("row {r}: top-level component is not an action row"),
            ));
            continue;
        }
        let items = array(row, "components");
        if items.is_empty() || items.len() > BUTTONS_PER_ROW {
            out.push(Problem::bad_length(
                &["components", r_, "components"],
                1,
                BUTTONS_PER_ROW,
                if items.is_empty() {
                    format!("row {r}: empty action row")
                } else {
                    format!("row {r}: {} buttons (max {BUTTONS_PER_ROW})", items.len())
                },
            ));
        }
        let selects = items
            .iter()
            .filter(|c| matches!(c.get("type").and_then(Value::as_u64), Some(3 | 5..=8)))
            .count();
        if selects > 0 && items.len() > 1 {
            out.push(Problem::new(
                &["components", r_, "components"],
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
                format!(
                    "row {r}: a select must be alone in its row ({} components)",
                    items.len()
                ),
            ));
        }
        for (c, item) in items.iter().enumerate() {
            let cs = c.to_string();
            let c_ = cs.as_str();
            let at = format!("row {r} component {c}");
            let here = |field: &'static str| -> Vec<&str> {
                vec!["components", r_, "components", c_, field]
            };
            let mut custom_id = |item: &Value, out: &mut Vec<Problem>, what: &str| match text_of(
                item.get("custom_id"),
            ) {
                Some(id) => ids.push((rs.clone(), cs.clone(), id.to_string())),
                None => out.push(Problem::required(
                    &here("custom_id"),
                    format!("{at}: {what} without custom_id"),
                )),
            };
            match item.get("type").and_then(Value::as_u64) {
                Some(2) => {
                    let style = item.get("style").and_then(Value::as_u64).unwrap_or(0);
                    let label = chars(item.get("label"));
                    let what = format!("{at}: button label");
                    at_most(out, &here("label"), label, BUTTON_LABEL, &what);
                    if label == 0 && item.get("emoji").is_none() {
                        out.push(Problem::required(
                            &here("label"),
                            format!("{at}: button without label or emoji"),
                        ));
                    }
                    match style {
                        1..=4 => custom_id(item, out, "button"),
                        5 => {
                            if item.get("url").is_none() {
                                out.push(Problem::required(
                                    &here("url"),
                                    format!("{at}: link button without url"),
                                ));
                            }
                        }
                        6 => {}
                        other => out.push(Problem::new(
                            &here("style"),
                            "BASE_TYPE_CHOICES",
                            "Value must be one of {1, 2, 3, 4, 5, 6}.",
                            format!("{at}: unknown button style {other}"),
                        )),
                    }
                }
                Some(3) => {
                    custom_id(item, out, "select");
                    let placeholder = chars(item.get("placeholder"));
                    let what = format!("{at}: placeholder");
                    at_most(out, &here("placeholder"), placeholder, PLACEHOLDER, &what);
                    let options = array(item, "options");
                    if options.is_empty() || options.len() > SELECT_OPTIONS {
                        out.push(Problem::bad_length(
                            &here("options"),
                            1,
                            SELECT_OPTIONS,
                            format!(
                                "{at}: select with {} options (1..={SELECT_OPTIONS})",
                                options.len()
                            ),
                        ));
                    }
                    let mut values: Vec<&str> = Vec::new();
                    for (o, opt) in options.iter().enumerate() {
                        let os = o.to_string();
                        let path = |f: &'static str| -> Vec<&str> {
                            vec!["components", r_, "components", c_, "options", &os, f]
                        };
                        let label = chars(opt.get("label"));
                        let value = chars(opt.get("value"));
                        let desc = chars(opt.get("description"));
                        let what = |field: &str| format!("{at} option {o}: {field}");
                        within(out, &path("label"), label, OPTION_LABEL, &what("label"));
                        within(out, &path("value"), value, OPTION_VALUE, &what("value"));
                        let (description, max) = (path("description"), OPTION_DESCRIPTION);
                        at_most(out, &description, desc, max, &what("description"));
                        let v = text_of(opt.get("value")).unwrap_or("");
                        if values.contains(&v) {
                            out.push(Problem::new(
                                &path("value"),
                                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                                "Select component option values must be unique",
                                format!("{at}: duplicate option value {v:?}"),
                            ));
                        }
                        values.push(v);
                    }
                    let min = item.get("min_values").and_then(Value::as_u64).unwrap_or(1);
                    let max = item.get("max_values").and_then(Value::as_u64).unwrap_or(1);
                    if min > max || max > options.len().max(1) as u64 || max > 25 {
                        out.push(Problem::new(
                            &here("max_values"),
                            "BASE_TYPE_MAX",
                            format!(
                                "int value should be less than or equal to {}.",
                                options.len().clamp(1, 25)
                            ),
                            format!(
                                "{at}: min_values {min} / max_values {max} with {} options",
                                options.len()
                            ),
                        ));
                    }
                }
                Some(5..=8) => custom_id(item, out, "select"),
                other => out.push(Problem::new(
                    &here("type"),
                    "UNION_TYPE_CHOICES",
                    "Value of field \"type\" must be one of (2, 3, 5, 6, 7, 8).",
                    format!("{at}: unknown component type {other:?}"),
                )),
            }
        }
    }
    for (k, (r, c, id)) in ids.iter().enumerate() {
        let n = id.chars().count();
        let path = [
            "components",
            r.as_str(),
            "components",
            c.as_str(),
            "custom_id",
        ];
        if n == 0 || n > CUSTOM_ID {
            out.push(Problem::bad_length(
                &path,
                1,
                CUSTOM_ID,
                format!("custom_id {id:?} has {n} characters (1..={CUSTOM_ID})"),
            ));
        }
        if ids[..k].iter().any(|(_, _, other)| other == id) {
            out.push(Problem::new(
                &path,
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                "Component custom id cannot be duplicated",
                format!("duplicate custom_id {id:?} in one message"),
            ));
        }
    }
}

/// What is wrong with a message as it will be shown (content, embeds, components).
#[derive(Debug, Default)]
pub struct MessageCheck {
    /// Fields over a limit: answered 400, code 50035.
    pub problems: Vec<Problem>,
    /// No content, embeds or components: answered 400, code 50006 "Cannot send an empty
    /// message".
    pub empty: bool,
}

impl MessageCheck {
    pub fn is_ok(&self) -> bool {
        self.problems.is_empty() && !self.empty
    }

    /// Every problem as a line for the test output.
    pub fn lines(&self) -> Vec<String> {
        let mut v: Vec<String> = self.problems.iter().map(Problem::to_string).collect();
        if self.empty {
            v.push("empty message (no content, embeds or components)".to_string());
        }
        v
    }

    /// Discord's answer (status, body), under `prefix` (`["data"]` for an interaction
    /// response); `None` when the message is fine.
    pub fn answer(&self, prefix: &[&str]) -> Option<(u16, Value)> {
        if !self.problems.is_empty() {
            let ps: Vec<Problem> = self
                .problems
                .iter()
                .cloned()
                .map(|p| p.under(prefix))
                .collect();
            return Some((400, form_error(&ps)));
        }
        if self.empty {
            return Some((
                400,
                json!({"code": 50006, "message": "Cannot send an empty message"}),
            ));
        }
        None
    }
}

/// Checks a whole message as it will be shown (content, embeds, components). `new` messages must
/// not be empty.
pub fn check_message(
    content: &str,
    embeds: &[Value],
    components: &[Value],
    new: bool,
) -> MessageCheck {
    let mut out = Vec::new();
    let n = content.chars().count();
    if n > CONTENT {
        out.push(Problem::too_long(
            &["content"],
            CONTENT,
            format!("content has {n} characters (max {CONTENT})"),
        ));
    }
    check_embeds(embeds, &mut out);
    check_components(components, &mut out);
    MessageCheck {
        problems: out,
        empty: new && content.is_empty() && embeds.is_empty() && components.is_empty(),
    }
}

/// Checks autocomplete choices (callback type 8), paths from the callback's `data`.
pub fn check_choices(choices: &[Value]) -> Vec<Problem> {
    let mut out = Vec::new();
    if choices.len() > AUTOCOMPLETE_CHOICES {
        out.push(Problem::too_long(
            &["choices"],
            AUTOCOMPLETE_CHOICES,
            format!(
                "{} autocomplete choices (max {AUTOCOMPLETE_CHOICES})",
                choices.len()
            ),
        ));
    }
    for (k, c) in choices.iter().enumerate() {
        let n = chars(c.get("name"));
        if n == 0 || n > CHOICE_NAME {
            out.push(Problem::bad_length(
                &["choices", &k.to_string(), "name"],
                1,
                CHOICE_NAME,
                format!("autocomplete choice name has {n} characters (1..={CHOICE_NAME})"),
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

    fn bad(content: &str, embeds: &[Value], rows: &[Value]) -> bool {
        !check_message(content, embeds, rows, true).is_ok()
    }

    #[test]
    fn each_limit_is_caught() {
        assert!(check_message("hi", &[], &[], true).is_ok());
        assert!(check_message("", &[], &[], true).empty);
        assert!(check_message("", &[], &[], false).is_ok());
        assert!(bad(&"x".repeat(2001), &[], &[]));
        let big = json!({"description": "x".repeat(4097)});
        assert!(bad("", &[big], &[]));
        let two = json!({"title": "t".repeat(200), "description": "x".repeat(3000)});
        let errs = check_message("", &[two.clone(), two], &[], true).lines();
        assert!(errs.iter().any(|e| e.contains("total")), "{errs:?}");
        let fields: Vec<Value> = (0..26)
            .map(|i| json!({"name": i.to_string(), "value": "v"}))
            .collect();
        assert!(bad("", &[json!({"fields": fields})], &[]));
        let f = json!({"fields": [{"name": "n", "value": "v".repeat(1025)}]});
        assert!(bad("", &[f], &[]));
        let f = json!({"fields": [{"name": "n", "value": ""}]});
        assert!(bad("", &[f], &[]));
        let rows: Vec<Value> = (0..6)
            .map(|i| json!({"type": 1, "components": [button(&format!("b{i}"), "x")]}))
            .collect();
        assert!(bad("", &[], &rows));
        let row = json!({"type": 1, "components": (0..6).map(|i| button(&format!("b{i}"), "x")).collect::<Vec<_>>()});
        assert!(bad("", &[], &[row]));
        let row = json!({"type": 1, "components": [button("same", "a"), button("same", "b")]});
        let errs = check_message("", &[], &[row], true).lines();
        assert!(errs.iter().any(|e| e.contains("duplicate")), "{errs:?}");
        let row = json!({"type": 1, "components": [button(&"i".repeat(101), "a")]});
        assert!(bad("", &[], &[row]));
        let row = json!({"type": 1, "components": [button("a", &"l".repeat(81))]});
        assert!(bad("", &[], &[row]));
        let options: Vec<Value> = (0..26)
            .map(|i| json!({"label": "o", "value": i.to_string()}))
            .collect();
        let row =
            json!({"type": 1, "components": [{"type": 3, "custom_id": "s", "options": options}]});
        assert!(bad("", &[], &[row]));
        let row = json!({"type": 1, "components": [
            {"type": 3, "custom_id": "s", "options": [{"label": "o", "value": "v"}]},
            button("b", "x")
        ]});
        assert!(bad("", &[], &[row]));
        let ok = json!({"type": 1, "components": [
            {"type": 3, "custom_id": "s", "options": [{"label": "o", "value": "v"}], "min_values": 1, "max_values": 1}
        ]});
        assert!(check_message("", &[], &[ok], true).is_ok());
    }

    /// The 400 body nests each problem at its field, as Discord does.
    #[test]
    fn answers_like_discord() {
        let e = json!({"description": "x".repeat(4097), "fields": [{"name": "n", "value": ""}]});
        let check = check_message(&"c".repeat(2001), &[e], &[], true);
        let (status, body) = check.answer(&["data"]).unwrap();
        assert_eq!(status, 400);
        assert_eq!(body["code"], 50035);
        assert_eq!(body["message"], "Invalid Form Body");
        let errors = &body["errors"]["data"];
        assert_eq!(
            errors["content"]["_errors"][0],
            json!({"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 2000 or fewer in length."})
        );
        assert_eq!(
            errors["embeds"]["0"]["description"]["_errors"][0]["code"],
            "BASE_TYPE_MAX_LENGTH"
        );
        assert_eq!(
            errors["embeds"]["0"]["fields"]["0"]["value"]["_errors"][0]["code"],
            "BASE_TYPE_REQUIRED"
        );
        let (status, body) = check_message("", &[], &[], true).answer(&[]).unwrap();
        assert_eq!((status, body["code"].as_u64()), (400, Some(50006)));
        assert!(check_message("fine", &[], &[], true).answer(&[]).is_none());
        let row = json!({"type": 1, "components": [button("same", "a"), button("same", "b")]});
        let (_, body) = check_message("", &[], &[row], true).answer(&[]).unwrap();
        assert_eq!(
            body["errors"]["components"]["0"]["components"]["1"]["custom_id"]["_errors"][0]["code"],
            "COMPONENT_CUSTOM_ID_DUPLICATED"
        );
    }
}
