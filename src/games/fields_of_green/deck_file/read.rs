//! Reading primitives: each knows the card and the field path, so every error names both (`Cx`,
//! typed getters, unknown-key checks).

use super::*;

/// The card being read (`None` for the deck's own fields).
pub(super) struct Cx {
    pub(super) card: Option<String>,
}

impl Cx {
    pub(super) fn err(&self, field: &str, message: impl Into<String>) -> DeckError {
        DeckError {
            card: self.card.clone(),
            field: field.to_string(),
            message: message.into(),
        }
    }
}

/// Rejects keys the schema does not know (a typo must not silently drop a rule).
pub(super) fn check_keys(cx: &Cx, t: &Table, path: &str, allowed: &[&str]) -> Res<()> {
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

pub(super) fn required<'v>(cx: &Cx, t: &'v Table, path: &str, key: &str) -> Res<&'v Value> {
    t.get(key)
        .ok_or_else(|| cx.err(&join(path, key), "missing field"))
}

pub(super) fn as_table<'v>(cx: &Cx, v: &'v Value, field: &str) -> Res<&'v Table> {
    v.as_table()
        .ok_or_else(|| cx.err(field, format!("expected a table, found {}", found(v))))
}

pub(super) fn as_str<'v>(cx: &Cx, v: &'v Value, field: &str) -> Res<&'v str> {
    v.as_str()
        .ok_or_else(|| cx.err(field, format!("expected a string, found {}", found(v))))
}

pub(super) fn as_int(cx: &Cx, v: &Value, field: &str, lo: i64, hi: i64) -> Res<i64> {
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

pub(super) fn as_list<'v>(cx: &Cx, v: &'v Value, field: &str) -> Res<&'v [Value]> {
    match v {
        Value::Array(a) => Ok(a),
        _ => Err(cx.err(field, format!("expected a list, found {}", found(v)))),
    }
}

pub(super) fn opt_int(
    cx: &Cx,
    t: &Table,
    path: &str,
    key: &str,
    lo: i64,
    hi: i64,
) -> Res<Option<i64>> {
    t.get(key)
        .map(|v| as_int(cx, v, &join(path, key), lo, hi))
        .transpose()
}

pub(super) fn req_int(cx: &Cx, t: &Table, path: &str, key: &str, lo: i64, hi: i64) -> Res<i64> {
    as_int(cx, required(cx, t, path, key)?, &join(path, key), lo, hi)
}

pub(super) fn req_str<'v>(cx: &Cx, t: &'v Table, path: &str, key: &str) -> Res<&'v str> {
    as_str(cx, required(cx, t, path, key)?, &join(path, key))
}
