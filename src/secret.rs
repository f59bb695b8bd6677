//! Secrets: the bot token is kept in a [`Secret`] that never prints, and [`redact`] takes it
//! (and anything shaped like a Discord token) out of every text about to be printed or logged.
//! A module of its own, below the configuration and the store, because both print settings
//! that a token may have been pasted into.

use serde::Deserialize;

/// A value that must never reach a log or a message: `Debug` and `Display` print a placeholder.
#[derive(Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    pub fn new(s: impl Into<String>) -> Secret {
        Secret(s.into())
    }

    /// The secret itself, for the one place that needs it (logging in to Discord).
    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.trim().is_empty()
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("[redacted]")
    }
}

impl std::fmt::Display for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(REDACTED)
    }
}

/// What a secret is replaced by wherever it would be printed.
pub const REDACTED: &str = "[redacted]";

/// The secrets known to this process (the bot token, once read): [`redact`] removes them from
/// any text about to be printed or logged, whatever setting they were pasted into.
static SECRETS: std::sync::RwLock<Vec<String>> = std::sync::RwLock::new(Vec::new());

/// Makes [`redact`] remove `secret` from now on. Short values are not taken: replacing every
/// "a" in a message would hide the message and protect nothing.
pub fn register_secret(secret: &str) {
    let secret = secret.trim();
    if secret.len() < 8 {
        return;
    }
    let mut known = SECRETS.write().unwrap_or_else(|p| p.into_inner());
    if !known.iter().any(|k| k == secret) {
        known.push(secret.to_string());
    }
}

/// True for a word shaped like a Discord bot token: three dot-separated base64url parts, the
/// user id (at least 17 characters), a timestamp (at least 5) and an HMAC (at least 20).
pub fn looks_like_token(word: &str) -> bool {
    let b64 = |p: &str| {
        p.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    };
    let parts: Vec<&str> = word.split('.').collect();
    parts.len() == 3
        && parts.iter().all(|p| b64(p))
        && parts[0].len() >= 17
        && parts[1].len() >= 5
        && parts[2].len() >= 20
}

/// The byte ranges of `text` shaped like a Discord bot token ([`looks_like_token`]), also
/// inside a longer word (`<token>.toml`, `data/<token>`).
fn token_spans(text: &str) -> Vec<(usize, usize)> {
    let is_word = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.');
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !is_word(bytes[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && is_word(bytes[i]) {
            i += 1;
        }
        // The word's dot-separated parts, as byte ranges; any three in a row may be a token.
        let mut parts = Vec::new();
        let mut from = start;
        for (k, &b) in bytes[start..i].iter().enumerate() {
            if b == b'.' {
                parts.push((from, start + k));
                from = start + k + 1;
            }
        }
        parts.push((from, i));
        let mut k = 0;
        while k + 3 <= parts.len() {
            let (a, z) = (parts[k].0, parts[k + 2].1);
            if looks_like_token(&text[a..z]) {
                spans.push((a, z));
                k += 3;
            } else {
                k += 1;
            }
        }
    }
    spans
}

/// True when `text` holds something shaped like a bot token.
pub fn holds_token_shape(text: &str) -> bool {
    !token_spans(text).is_empty()
}

/// `text` with every known secret ([`register_secret`]) and everything shaped like a token
/// ([`looks_like_token`]) replaced by `[redacted]`. Everything Farmhand prints about its
/// settings (errors, logs) passes through here, so a token pasted into the wrong key is not
/// echoed in the message that says the key is wrong.
pub fn redact(text: &str) -> String {
    let mut out = text.to_string();
    for secret in SECRETS.read().unwrap_or_else(|p| p.into_inner()).iter() {
        if out.contains(secret.as_str()) {
            out = out.replace(secret.as_str(), REDACTED);
        }
    }
    let spans = token_spans(&out);
    if spans.is_empty() {
        return out;
    }
    let mut shown = String::with_capacity(out.len());
    let mut at = 0;
    for (a, z) in spans {
        shown.push_str(&out[at..a]);
        shown.push_str(REDACTED);
        at = z;
    }
    shown.push_str(&out[at..]);
    shown
}
