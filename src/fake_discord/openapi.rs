//! Request bodies checked against Discord's own published description of its HTTP API
//! (`openapi/openapi.json`, OpenAPI 3.1, vendored with its licence and commit in
//! `openapi/README.md`).
//!
//! Every body the bot sends is checked against the request schema of the operation it calls:
//! types, required fields, lengths, counts, ranges, enums, constants and patterns, through every
//! `$ref`, `allOf`, `oneOf` and `anyOf`. What the description does not allow is refused as
//! Discord refuses it: HTTP 400, code 50035 "Invalid Form Body", with the field's path in the
//! nested `errors` object ([`super::limits::form_error`]). The rules come from Discord's text,
//! never from what our bot happens to send.
//!
//! Two readings, both Discord's own behaviour rather than the description's letter:
//! - a snowflake may be sent as a JSON integer where the description says string (serenity sends
//!   `attachments[].id` as the integer 0, and Discord takes it);
//! - `oneOf` is read as "one of these shapes" (at least one matches): Discord's unions are
//!   told apart by a `type` field, and the description's shapes overlap in places (a `null`
//!   branch beside a nullable schema), where "exactly one" would refuse bodies Discord takes.

use super::limits::Problem;
use regex::Regex;
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

/// Discord's description, parsed once per process.
static SPEC: LazyLock<Value> = LazyLock::new(|| {
    serde_json::from_str(include_str!("openapi/openapi.json"))
        .expect("the vendored openapi.json is valid JSON")
});

/// Compiled `pattern`s (the description has two: snowflakes and hex colours).
static PATTERNS: LazyLock<Mutex<HashMap<String, Option<Regex>>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// Every path template of the description, split into its segments once: the fake checks
/// every request the bot makes, and finding the operation, each template split again per
/// request, was 1.9% of four end-to-end tests' CPU, the whole check 11.7% (perf, stop 60).
static PATHS: LazyLock<Vec<(Vec<&'static str>, &'static Value)>> = LazyLock::new(|| {
    SPEC.get("paths")
        .and_then(Value::as_object)
        .map(|paths| {
            paths
                .iter()
                .map(|(template, item)| (template.trim_matches('/').split('/').collect(), item))
                .collect()
        })
        .unwrap_or_default()
});

/// The request body schema of `method` on `path` (after `/api/v10`, query string allowed), or
/// `None` when the description has no such operation or it takes no JSON body.
pub fn request_schema(method: &str, path: &str) -> Option<&'static Value> {
    let path = path.split('?').next().unwrap_or(path);
    let segs: Vec<&str> = path.trim_matches('/').split('/').collect();
    // The template with the most literal segments wins (`messages/@original` over
    // `messages/{message_id}`).
    let mut best: Option<(&Value, usize)> = None;
    for (t, item) in PATHS.iter() {
        if t.len() != segs.len() {
            continue;
        }
        let mut literal = 0;
        let fits = t.iter().zip(&segs).all(|(a, b)| {
            if a.starts_with('{') && a.ends_with('}') {
                !b.is_empty()
            } else {
                literal += 1;
                a == b
            }
        });
        if fits && best.is_none_or(|(_, n)| literal > n) {
            best = Some((item, literal));
        }
    }
    let (item, _) = best?;
    item.get(method.to_ascii_lowercase())?
        .get("requestBody")?
        .get("content")?
        .get("application/json")?
        .get("schema")
}

/// The problems of `body` against the request schema of `method` on `path`; empty when it is
/// allowed or the description says nothing of that operation.
pub fn check_request(method: &str, path: &str, body: &Value) -> Vec<Problem> {
    let Some(schema) = request_schema(method, path) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    check(schema, body, &mut Vec::new(), &mut out);
    out
}

/// The description's named schemas by their `$ref` (`#/components/schemas/Name`): resolved once,
/// not walked from the root at every reference.
static SCHEMAS: LazyLock<HashMap<String, &'static Value>> = LazyLock::new(|| {
    SPEC.pointer("/components/schemas")
        .and_then(Value::as_object)
        .map(|schemas| {
            schemas
                .iter()
                .map(|(name, schema)| (format!("#/components/schemas/{name}"), schema))
                .collect()
        })
        .unwrap_or_default()
});

/// Follows `$ref`s (`#/components/schemas/Name`) to the schema they name.
fn resolve(mut s: &'static Value) -> &'static Value {
    for _ in 0..32 {
        let Some(r) = s.get("$ref").and_then(Value::as_str) else {
            return s;
        };
        if let Some(named) = SCHEMAS.get(r) {
            s = named;
            continue;
        }
        let mut node: &'static Value = &SPEC;
        for part in r.trim_start_matches("#/").split('/') {
            node = match node.get(part) {
                Some(n) => n,
                None => return &Value::Null,
            };
        }
        s = node;
    }
    s
}

fn problem(path: &[String], code: &'static str, message: String, detail: String) -> Problem {
    Problem {
        path: path.to_vec(),
        code,
        message,
        detail: format!("{}: {detail} (Discord's OpenAPI description)", shown(path)),
    }
}

fn shown(path: &[String]) -> String {
    if path.is_empty() {
        "the body".to_string()
    } else {
        path.join(".")
    }
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn is_type(v: &Value, t: &str, schema: &Value) -> bool {
    match t {
        "null" => v.is_null(),
        "boolean" => v.is_boolean(),
        // JSON Schema counts a number with no fractional part as an integer (2.0 is one):
        // serenity sends an integer option's min_value and max_value as floats.
        "integer" => v.is_i64() || v.is_u64() || v.as_f64().is_some_and(|x| x.fract() == 0.0),
        "number" => v.is_number(),
        // Discord takes an integer snowflake where the description says string.
        "string" => v.is_string() || (is_snowflake(schema) && (v.is_u64() || v.is_i64())),
        "array" => v.is_array(),
        "object" => v.is_object(),
        _ => true,
    }
}

fn is_snowflake(schema: &Value) -> bool {
    schema.get("format").and_then(Value::as_str) == Some("snowflake")
}

/// Discord's code and message for a value of the wrong type.
fn type_problem(path: &[String], wanted: &[&str], v: &Value) -> Problem {
    let main = wanted
        .iter()
        .copied()
        .find(|t| *t != "null")
        .unwrap_or("null");
    let (code, message) = match main {
        "object" => (
            "MODEL_TYPE_CONVERT",
            "Only dictionaries may be used in a ModelType".to_string(),
        ),
        "array" => (
            "LIST_TYPE_CONVERT",
            "Only iterables may be used in a ListType".to_string(),
        ),
        "integer" | "number" => ("NUMBER_TYPE_COERCE", format!("Value \"{v}\" is not int.")),
        "boolean" => (
            "BOOLEAN_TYPE_CONVERT",
            format!("Could not interpret \"{v}\" as boolean."),
        ),
        _ => (
            "STRING_TYPE_CONVERT",
            format!("Could not interpret \"{v}\" as string."),
        ),
    };
    problem(
        path,
        code,
        message,
        format!(
            "is {} where the description allows {}",
            type_name(v),
            wanted.join(" or ")
        ),
    )
}

fn check(schema: &'static Value, v: &Value, path: &mut Vec<String>, out: &mut Vec<Problem>) {
    let s = resolve(schema);
    let Some(obj) = s.as_object() else {
        return;
    };
    // allOf: every part applies.
    if let Some(parts) = obj.get("allOf").and_then(Value::as_array) {
        for part in parts {
            check(part, v, path, out);
        }
    }
    // oneOf / anyOf: at least one shape (see the module's note). When none fits, the problems
    // of the closest shape are told.
    for key in ["oneOf", "anyOf"] {
        if let Some(branches) = obj.get(key).and_then(Value::as_array) {
            // First the branches of the value's own shape: Discord's unions are told apart by
            // their JSON type and `type` field, so the branch that passes is nearly always among
            // them, and the others need not be checked (and their problems written out) at all.
            // When none of them passes, every branch is checked below, as before.
            let passes = branches.iter().filter(|b| shape_fits(b, v)).any(|b| {
                let mut found = Vec::new();
                check(b, v, path, &mut found);
                found.is_empty()
            });
            if passes {
                continue;
            }
            // The closest shape: one whose JSON type (and, for objects, whose `type` field)
            // fits the value before one that does not, then the fewest problems.
            let mut best: Option<(bool, Vec<Problem>)> = None;
            for b in branches {
                let mut found = Vec::new();
                check(b, v, path, &mut found);
                if found.is_empty() {
                    best = Some((true, Vec::new()));
                    break;
                }
                let fits = shape_fits(b, v);
                let better = match &best {
                    None => true,
                    Some((bf, bp)) => (fits && !bf) || (fits == *bf && found.len() < bp.len()),
                };
                if better {
                    best = Some((fits, found));
                }
            }
            out.extend(best.map(|(_, p)| p).unwrap_or_default());
        }
    }
    if let Some(t) = obj.get("type")
        && !type_allows(t, v, s)
    {
        out.push(type_problem(path, &type_names(t), v));
        return;
    }
    if let Some(c) = obj.get("const")
        && !same(c, v)
    {
        out.push(problem(
            path,
            "BASE_TYPE_CHOICES",
            format!("Value must be one of ({c})."),
            format!("is {v}, the description allows only {c}"),
        ));
    }
    if let Some(choices) = obj.get("enum").and_then(Value::as_array)
        && !v.is_null()
        && !choices.iter().any(|c| same(c, v))
    {
        let list: Vec<String> = choices.iter().map(Value::to_string).collect();
        out.push(problem(
            path,
            "BASE_TYPE_CHOICES",
            format!("Value must be one of ({}).", list.join(", ")),
            format!("is {v}, not one of {}", list.join(", ")),
        ));
    }
    match v {
        Value::String(text) => check_string(obj, s, text, path, out),
        Value::Number(_) => check_number(obj, v, path, out),
        Value::Array(items) => check_array(obj, items, path, out),
        Value::Object(map) => check_object(obj, map, path, out),
        _ => {}
    }
}

/// Whether the schema `s`, whose `type` is `t` (one name or a list), allows `v`'s type: a list
/// naming no type allows any. Without the list [`type_names`] makes, for every value checked.
fn type_allows(t: &Value, v: &Value, s: &Value) -> bool {
    match t {
        Value::String(one) => is_type(v, one, s),
        Value::Array(many) => {
            let mut names = many.iter().filter_map(Value::as_str).peekable();
            names.peek().is_none() || names.any(|w| is_type(v, w, s))
        }
        _ => true,
    }
}

/// The type names a schema's `type` allows: one name or a list of them.
fn type_names(t: &Value) -> Vec<&str> {
    match t {
        Value::String(one) => vec![one.as_str()],
        Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// Whether `v` has the shape `schema` describes at its root: its JSON type, and for an object
/// with a `type` field (how Discord tells its unions apart), that field's allowed values. A
/// value that fits the shape but breaks a rule inside is closer than one of another shape.
fn shape_fits(schema: &'static Value, v: &Value) -> bool {
    let s = resolve(schema);
    let Some(obj) = s.as_object() else {
        return true;
    };
    if let Some(t) = obj.get("type")
        && !type_allows(t, v, s)
    {
        return false;
    }
    if let (Some(kind), Some(ks)) = (
        v.get("type"),
        obj.get("properties").and_then(|p| p.get("type")),
    ) {
        let ks = resolve(ks);
        if let Some(c) = ks.get("const")
            && !same(c, kind)
        {
            return false;
        }
        if let Some(choices) = ks.get("enum").and_then(Value::as_array)
            && !choices.iter().any(|c| same(c, kind))
        {
            return false;
        }
    }
    if let Some(parts) = obj.get("allOf").and_then(Value::as_array) {
        return parts.iter().all(|p| shape_fits(p, v));
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(branches) = obj.get(key).and_then(Value::as_array) {
            return branches.iter().any(|b| shape_fits(b, v));
        }
    }
    true
}

/// Equal as JSON values, with integers and floats of the same value equal.
fn same(a: &Value, b: &Value) -> bool {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

/// Discord's error code and message when `len` is outside the bounds the schema `obj` sets
/// under the keys `min` and `max` (a string's characters, an array's items); `None` within.
fn length_error(
    obj: &Map<String, Value>,
    min: &str,
    max: &str,
    len: u64,
) -> Option<(&'static str, String)> {
    let min = obj.get(min).and_then(Value::as_u64);
    let max = obj.get(max).and_then(Value::as_u64);
    Some(match (min, max) {
        (Some(lo), Some(hi)) if len < lo || len > hi => (
            "BASE_TYPE_BAD_LENGTH",
            format!("Must be between {lo} and {hi} in length."),
        ),
        (None, Some(hi)) if len > hi => (
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be {hi} or fewer in length."),
        ),
        (Some(lo), None) if len < lo => (
            "BASE_TYPE_MIN_LENGTH",
            format!("Must be {lo} or more in length."),
        ),
        _ => return None,
    })
}

fn check_string(
    obj: &'static Map<String, Value>,
    s: &Value,
    text: &str,
    path: &[String],
    out: &mut Vec<Problem>,
) {
    let len = text.chars().count() as u64;
    if let Some((code, message)) = length_error(obj, "minLength", "maxLength", len) {
        out.push(problem(
            path,
            code,
            message,
            format!("is {len} characters long"),
        ));
    }
    if let Some(p) = obj.get("pattern").and_then(Value::as_str) {
        let mut cache = PATTERNS.lock().unwrap_or_else(|e| e.into_inner());
        let re = cache
            .entry(p.to_string())
            .or_insert_with(|| Regex::new(p).ok());
        if let Some(re) = re
            && !re.is_match(text)
        {
            let what = if is_snowflake(s) {
                "snowflake"
            } else {
                "value"
            };
            out.push(problem(
                path,
                "STRING_TYPE_REGEX",
                format!("String value did not match validation regex ({p})."),
                format!("{text:?} is not a valid {what} (pattern {p})"),
            ));
        }
    }
}

fn check_number(obj: &Map<String, Value>, v: &Value, path: &[String], out: &mut Vec<Problem>) {
    let Some(x) = v.as_f64() else {
        return;
    };
    if obj.get("format").and_then(Value::as_str) == Some("int32")
        && (x < f64::from(i32::MIN) || x > f64::from(i32::MAX))
    {
        out.push(problem(
            path,
            "NUMBER_TYPE_MAX",
            "int value should be less than or equal to 2147483647.".to_string(),
            format!("{v} does not fit a 32-bit integer"),
        ));
    }
    if let Some(lo) = obj.get("minimum").and_then(Value::as_f64)
        && x < lo
    {
        out.push(problem(
            path,
            "NUMBER_TYPE_MIN",
            format!("int value should be greater than or equal to {lo}."),
            format!("{v} is below {lo}"),
        ));
    }
    if let Some(hi) = obj.get("maximum").and_then(Value::as_f64)
        && x > hi
    {
        out.push(problem(
            path,
            "NUMBER_TYPE_MAX",
            format!("int value should be less than or equal to {hi}."),
            format!("{v} is above {hi}"),
        ));
    }
}

fn check_array(
    obj: &'static Map<String, Value>,
    items: &[Value],
    path: &mut Vec<String>,
    out: &mut Vec<Problem>,
) {
    let n = items.len() as u64;
    if let Some((code, message)) = length_error(obj, "minItems", "maxItems", n) {
        out.push(problem(path, code, message, format!("has {n} items")));
    }
    if obj.get("uniqueItems").and_then(Value::as_bool) == Some(true) {
        for (i, a) in items.iter().enumerate() {
            if items[..i].iter().any(|b| same(a, b)) {
                out.push(problem(
                    path,
                    "SET_TYPE_ALREADY_CONTAINS_VALUE",
                    "The set already contains this value.".to_string(),
                    format!("holds {a} twice"),
                ));
                break;
            }
        }
    }
    if let Some(item_schema) = obj.get("items") {
        for (i, item) in items.iter().enumerate() {
            path.push(i.to_string());
            check(item_schema, item, path, out);
            path.pop();
        }
    }
}

fn check_object(
    obj: &'static Map<String, Value>,
    map: &Map<String, Value>,
    path: &mut Vec<String>,
    out: &mut Vec<Problem>,
) {
    let props = obj.get("properties").and_then(Value::as_object);
    if let Some(required) = obj.get("required").and_then(Value::as_array) {
        for key in required.iter().filter_map(Value::as_str) {
            if !map.contains_key(key) {
                path.push(key.to_string());
                out.push(problem(
                    path,
                    "BASE_TYPE_REQUIRED",
                    "This field is required".to_string(),
                    "is required and missing".to_string(),
                ));
                path.pop();
            }
        }
    }
    if let Some(max) = obj.get("maxProperties").and_then(Value::as_u64)
        && map.len() as u64 > max
    {
        out.push(problem(
            path,
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be {max} or fewer in length."),
            format!("has {} keys", map.len()),
        ));
    }
    for (key, value) in map {
        path.push(key.clone());
        match props.and_then(|p| p.get(key)) {
            Some(ps) => check(ps, value, path, out),
            None => match obj.get("additionalProperties") {
                // Not described and not forbidden: Discord ignores unknown fields.
                None | Some(Value::Bool(true)) => {}
                Some(Value::Bool(false)) => out.push(problem(
                    path,
                    "UNKNOWN_FIELD",
                    "Unknown field.".to_string(),
                    "is not a field the description allows here".to_string(),
                )),
                Some(extra) => check(extra, value, path, out),
            },
        }
        path.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn codes(method: &str, path: &str, body: Value) -> Vec<(String, &'static str)> {
        check_request(method, path, &body)
            .into_iter()
            .map(|p| (p.path.join("."), p.code))
            .collect()
    }

    #[test]
    fn operations_are_found_by_their_templates() {
        assert!(request_schema("POST", "/channels/1/messages").is_some());
        assert!(request_schema("PATCH", "/webhooks/1/tok/messages/@original?wait=1").is_some());
        assert!(request_schema("POST", "/interactions/1/tok/callback").is_some());
        assert!(request_schema("GET", "/channels/1/messages").is_none());
        assert!(request_schema("POST", "/no/such/route").is_none());
    }

    #[test]
    fn a_plain_message_passes() {
        let body = json!({
            "content": "hello",
            "embeds": [{"title": "Year 1", "description": "text", "color": 3447003}],
            "components": [{"type": 1, "components": [
                {"type": 2, "style": 1, "label": "Draw", "custom_id": "f:1:2:draw"}
            ]}],
            "allowed_mentions": {"parse": []},
            "attachments": [{"id": 0, "filename": "farm.png"}],
        });
        assert_eq!(codes("POST", "/channels/1/messages", body), vec![]);
    }

    #[test]
    fn wrong_types_lengths_and_enums_are_refused_where_they_are() {
        let body = json!({
            "content": 5,
            "components": [{"type": 1, "components": [
                {"type": 2, "style": 9, "label": "x", "custom_id": ""}
            ]}],
        });
        let found = codes("POST", "/channels/1/messages", body);
        assert!(
            found.contains(&("content".into(), "STRING_TYPE_CONVERT")),
            "{found:?}"
        );
        assert!(
            found
                .iter()
                .any(|(p, _)| p.starts_with("components.0.components.0")),
            "{found:?}"
        );
    }

    #[test]
    fn a_callback_needs_its_type() {
        let found = codes(
            "POST",
            "/interactions/1/tok/callback",
            json!({"data": {"content": "x"}}),
        );
        assert!(
            found.contains(&("type".into(), "BASE_TYPE_REQUIRED")),
            "{found:?}"
        );
        let ok = codes("POST", "/interactions/1/tok/callback", json!({"type": 6}));
        assert_eq!(ok, vec![]);
    }

    #[test]
    fn an_integer_option_may_say_its_bounds_as_floats() {
        let command = |min: Value| {
            json!([{"name": "hay", "description": "Fields of Green", "options": [{
                "type": 1, "name": "new", "description": "Open a table",
                "options": [{"type": 4, "name": "players", "description": "Seats",
                             "min_value": min, "max_value": 6.0}]
            }]}])
        };
        assert_eq!(
            codes("PUT", "/applications/1/commands", command(json!(2.0))),
            vec![]
        );
        let found = codes("PUT", "/applications/1/commands", command(json!(2.5)));
        assert!(
            found
                .iter()
                .any(|(p, _)| p == "0.options.0.options.0.min_value"),
            "{found:?}"
        );
    }

    #[test]
    fn snowflakes_may_be_integers_but_not_words() {
        let ok = codes(
            "POST",
            "/channels/1/messages",
            json!({"content": "x", "message_reference": {"message_id": 12345}}),
        );
        assert_eq!(ok, vec![]);
        let bad = codes(
            "POST",
            "/channels/1/messages",
            json!({"content": "x", "message_reference": {"message_id": "abc"}}),
        );
        assert!(
            bad.iter().any(|(p, _)| p == "message_reference.message_id"),
            "{bad:?}"
        );
    }
}
