//! Words both games' TOML readers (the Fields of Green deck file, the Key Harvest board file) use
//! in their errors, so that a field is named and a wrong value described the same way in either.

use toml::Value;

/// What a value is, in words, for "expected ..., found a string".
pub(crate) fn found(v: &Value) -> &'static str {
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

/// The dotted path of `key` inside the table at `path` (the file's top level is "").
pub(crate) fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}
