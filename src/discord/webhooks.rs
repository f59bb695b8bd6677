//! Interaction webhook calls (the edit of a deferred answer, `PATCH
//! /webhooks/{application}/{token}/messages/@original`, and follow-ups, `POST
//! /webhooks/{application}/{token}`) limited per interaction token, as Discord limits them.
//!
//! serenity's rate limiter keys these routes by the application id
//! (`Route::WebhookOriginalInteractionResponse` and `Route::WebhookFollowupMessages` are
//! `RatelimitingKind::PathAndId(application_id)` in serenity 0.12's `http/routing.rs`), so the
//! bucket one player's deferred answer used up holds every other player's deferred answer back.
//! Discord limits them per interaction token: "Interactions webhooks share the same rate limit
//! properties as normal webhooks" (docs: "Receiving and Responding"), a normal webhook's
//! per-route bucket is kept per webhook (docs: "Rate Limits", top-level resources: "webhooks
//! (webhook_id or webhook_id + webhook_token)"), and for an interaction webhook the token is the
//! interaction's; "the endpoints below are not bound to the application's Global Rate Limit"
//! (same docs page as the first quote). So each interaction token gets its own serenity `Http`
//! with its own rate limiter: serenity keeps exactly one token's bucket in it, honours its
//! `X-RateLimit-*` headers and waits out a 429's `retry_after`, and one player's bucket never
//! delays another's. The reqwest client (its connection pool) is shared. Interaction callbacks
//! need none of this: serenity already keys `Route::InteractionResponse` by the interaction id.
//!
//! Until [`Webhooks::connect`] is called, calls go through the bot's own `Http` (serenity's
//! limiter, per application), which is also what a bot behind `FARMHAND_DISCORD_PROXY` does
//! (serenity's limiter is off there).

use super::ratelimits::RateLimits;
use poise::serenity_prelude as serenity;
use std::collections::HashMap;
use std::ops::Deref;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How long an interaction token can be used: Discord's 15 minutes (docs: "Receiving and
/// Responding", interaction tokens "are valid for 15 minutes"). A token's client is dropped
/// after that.
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);

/// The per-token clients of the interaction webhook routes.
#[derive(Debug, Default)]
pub struct Webhooks {
    client: OnceLock<reqwest::Client>,
    /// Reported to with every wait a token's limiter announces (for logs, `settle` and `bench`).
    limits: OnceLock<Arc<RateLimits>>,
    per_token: Mutex<HashMap<String, (Instant, Arc<serenity::Http>)>>,
}

/// The `Http` to send one interaction's webhook calls with.
pub enum Via<'a> {
    /// The bot's own (not connected, see [`Webhooks::connect`]).
    Shared(&'a serenity::Http),
    /// The interaction token's own.
    Token(Arc<serenity::Http>),
}

impl Deref for Via<'_> {
    type Target = serenity::Http;
    fn deref(&self) -> &serenity::Http {
        match self {
            Via::Shared(h) => h,
            Via::Token(h) => h,
        }
    }
}

impl Webhooks {
    /// From now on, interaction webhook calls go through `client` (the same endpoint as the
    /// bot's `Http`: discord.com, or in tests a fake answering as discord.com), each token with
    /// its own rate limiter; waits are reported to `limits`.
    pub fn connect(&self, client: reqwest::Client, limits: Arc<RateLimits>) {
        let _ = self.client.set(client);
        let _ = self.limits.set(limits);
    }

    /// How many tokens have a client now.
    pub fn tokens(&self) -> usize {
        self.lock().len()
    }

    /// The `Http` for the webhook calls of the interaction with `token`; `main` is the bot's.
    pub fn http_for<'a>(&self, main: &'a serenity::Http, token: &str) -> Via<'a> {
        let Some(client) = self.client.get() else {
            return Via::Shared(main);
        };
        let now = Instant::now();
        let mut map = self.lock();
        if let Some((_, h)) = map.get(token) {
            return Via::Token(h.clone());
        }
        map.retain(|_, (made, _)| now.duration_since(*made) < TOKEN_LIFETIME);
        let mut limiter = serenity::http::Ratelimiter::new(client.clone(), main.token());
        if let Some(limits) = self.limits.get().cloned() {
            limiter.set_ratelimit_callback(Box::new(move |info| limits.note(&info)));
        }
        let mut builder = serenity::HttpBuilder::new(main.token())
            .client(client.clone())
            .ratelimiter(limiter);
        if let Some(app) = main.application_id() {
            builder = builder.application_id(app);
        }
        let mut http = builder.build();
        http.default_allowed_mentions
            .clone_from(&main.default_allowed_mentions);
        let http = Arc::new(http);
        map.insert(token.to_string(), (now, http.clone()));
        Via::Token(http)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, (Instant, Arc<serenity::Http>)>> {
        self.per_token.lock().unwrap_or_else(|p| p.into_inner())
    }
}
