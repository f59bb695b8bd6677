//! The edge where message specs become serenity builders, and where Discord calls are retried
//! when that is safe.

use super::spec::{EmbedSpec, FileSpec, MessageSpec, RowSpec, Style};
use crate::metrics::Metrics;
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateEmbed, CreateEmbedFooter, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption, EditInteractionResponse, EditMessage,
};
use std::future::Future;
use std::time::Duration;

fn embed(e: &EmbedSpec) -> CreateEmbed {
    let mut b = CreateEmbed::new().colour(e.color);
    if !e.title.is_empty() {
        b = b.title(&e.title);
    }
    if !e.description.is_empty() {
        b = b.description(&e.description);
    }
    for f in &e.fields {
        b = b.field(&f.name, &f.value, f.inline);
    }
    if let Some(footer) = &e.footer {
        b = b.footer(CreateEmbedFooter::new(footer));
    }
    if let Some(name) = &e.image {
        // `attachment://name`: one of the files sent with the message.
        b = b.attachment(name);
    }
    b
}

fn style(s: Style) -> ButtonStyle {
    match s {
        Style::Primary => ButtonStyle::Primary,
        Style::Secondary => ButtonStyle::Secondary,
        Style::Success => ButtonStyle::Success,
        Style::Danger => ButtonStyle::Danger,
    }
}

fn rows(m: &MessageSpec) -> Vec<CreateActionRow> {
    m.rows
        .iter()
        .map(|r| match r {
            RowSpec::Buttons(bs) => CreateActionRow::Buttons(
                bs.iter()
                    .map(|b| {
                        CreateButton::new(&b.id)
                            .label(&b.label)
                            .style(style(b.style))
                            .disabled(b.disabled)
                    })
                    .collect(),
            ),
            RowSpec::Select(s) => {
                let options = s
                    .options
                    .iter()
                    .map(|o| {
                        let opt = CreateSelectMenuOption::new(&o.label, &o.value);
                        match &o.description {
                            Some(d) => opt.description(d),
                            None => opt,
                        }
                    })
                    .collect();
                CreateActionRow::SelectMenu(
                    CreateSelectMenu::new(&s.id, CreateSelectMenuKind::String { options })
                        .placeholder(&s.placeholder),
                )
            }
        })
        .collect()
}

/// Only the users named in the spec may be pinged: never @everyone, roles or stray mentions.
fn mentions(m: &MessageSpec) -> CreateAllowedMentions {
    CreateAllowedMentions::new().users(m.ping.iter().map(|&u| serenity::UserId::new(u)))
}

fn content(m: &MessageSpec) -> String {
    m.content.clone()
}

fn attachment(f: &FileSpec) -> CreateAttachment {
    let a = CreateAttachment::bytes(f.bytes.clone(), f.name.clone());
    match &f.description {
        Some(d) => a.description(d),
        None => a,
    }
}

fn attachments(m: &MessageSpec) -> Vec<CreateAttachment> {
    m.files.iter().map(attachment).collect()
}

/// The parts of `m` every message body carries (its text, embeds, buttons and whom it may
/// ping), set on one of serenity's builders: they share these methods' names, not a trait.
macro_rules! body {
    ($builder:expr, $m:expr) => {
        $builder
            .content(content($m))
            .embeds($m.embeds.iter().map(embed).collect())
            .components(rows($m))
            .allowed_mentions(mentions($m))
    };
}

/// `body!` of a message that replaces an earlier one's: the spec's files as new attachments
/// (`add_files` is for new messages).
macro_rules! edit_body {
    ($builder:expr, $m:expr) => {
        $m.files
            .iter()
            .fold(body!($builder, $m), |b, f| b.new_attachment(attachment(f)))
    };
}

/// `body!` of a new message in answer to an interaction, with the spec's files, seen only by
/// the clicker when `ephemeral`.
macro_rules! answer_body {
    ($builder:expr, $m:expr, $ephemeral:expr) => {
        body!($builder, $m)
            .ephemeral($ephemeral)
            .add_files(attachments($m))
    };
}

/// A new channel or DM message.
pub fn message(m: &MessageSpec) -> CreateMessage {
    body!(CreateMessage::new(), m).add_files(attachments(m))
}

/// An edit replacing a message's whole content. Attachments are replaced only when the spec has
/// some: the messages edited this way (table messages, DM panels) never carry pictures, and
/// leaving the field out keeps the request plain JSON.
pub fn edit(m: &MessageSpec) -> EditMessage {
    edit_body!(EditMessage::new(), m)
}

/// An interaction response body (new message or update of the clicked message). serenity always
/// sends the `attachments` list, so an update without files removes an earlier picture.
pub fn response(m: &MessageSpec, ephemeral: bool) -> CreateInteractionResponseMessage {
    answer_body!(CreateInteractionResponseMessage::new(), m, ephemeral)
}

/// The answer that replaces a deferred interaction response ("thinking..."): like an update, its
/// attachments become the spec's (none removes an earlier picture).
pub fn edit_response(m: &MessageSpec) -> EditInteractionResponse {
    edit_body!(EditInteractionResponse::new().clear_attachments(), m)
}

/// A follow-up message to an interaction.
pub fn followup(m: &MessageSpec, ephemeral: bool) -> CreateInteractionResponseFollowup {
    answer_body!(CreateInteractionResponseFollowup::new(), m, ephemeral)
}

/// A poise reply (slash command answers).
pub fn reply(m: &MessageSpec, ephemeral: bool) -> poise::CreateReply {
    let mut r = poise::CreateReply::default()
        .content(content(m))
        .components(rows(m))
        .allowed_mentions(mentions(m))
        .ephemeral(ephemeral);
    for e in &m.embeds {
        r = r.embed(embed(e));
    }
    for f in &m.files {
        r = r.attachment(attachment(f));
    }
    r
}

/// The HTTP status Discord answered a refused call with, if the call reached Discord.
fn status(e: &serenity::Error) -> Option<u16> {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            Some(r.status_code.as_u16())
        }
        _ => None,
    }
}

/// True for failures worth another try: Discord's server errors and rate limits. (4xx errors
/// such as a missing permission or a closed DM will fail the same way again.)
pub fn is_transient(e: &serenity::Error) -> bool {
    match status(e) {
        Some(s) => s >= 500 || s == 429,
        None => matches!(e, serenity::Error::Http(serenity::HttpError::Request(_))),
    }
}

/// Discord's "Unknown Message": the message was deleted (or, for an interaction's own private
/// message, dismissed by its player).
pub const UNKNOWN_MESSAGE: isize = 10008;

/// Discord's error code in an unsuccessful request (e.g. 50007: cannot send messages to this
/// user), if any.
pub fn discord_code(e: &serenity::Error) -> Option<isize> {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => Some(r.error.code),
        _ => None,
    }
}

/// A Discord error for one line of a message to people: the HTTP status and Discord's own
/// words and code when Discord answered (serenity's own text leaves the status out).
pub fn describe(e: &serenity::Error) -> String {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => format!(
            "Discord answered {} ({}, code {})",
            r.status_code, r.error.message, r.error.code
        ),
        // reqwest's own text names only the URL (which may hold an interaction's token); the
        // operator needs to know that Discord never answered.
        serenity::Error::Http(serenity::HttpError::Request(r)) if r.is_timeout() => {
            "no answer from Discord in time (the request timed out; discord.request_timeout_ms)"
                .to_string()
        }
        other => other.to_string(),
    }
}

/// Discord answered 429: the call was refused, not carried out, so even a create may be repeated.
pub fn is_rate_limited(e: &serenity::Error) -> bool {
    status(e) == Some(429)
}

/// Discord refused the call for a missing permission or access (HTTP 403): the same call fails
/// again until someone changes the channel's permissions.
pub fn is_forbidden(e: &serenity::Error) -> bool {
    status(e) == Some(403)
}

/// Which of Discord's limits a call counts against, besides its route's bucket.
#[derive(Clone, Copy, Debug)]
pub enum Bound<'a> {
    /// A call made with the bot's token: one of the requests per second that all of the bot's
    /// processes share. Each attempt first takes a turn from the process's pace.
    Global(&'a super::pace::GlobalPace),
    /// An interaction response or interaction webhook call (a deferred answer's edit, a
    /// follow-up): Discord exempts these from the global limit, and a player waits on them.
    Interaction,
}

impl Bound<'_> {
    /// Waits for the call's turn, if it needs one.
    pub async fn turn(self) {
        if let Bound::Global(pace) = self {
            pace.turn().await;
        }
    }
}

/// The two ways a Discord call is tried again: a public fn each, on `retry_when` with its
/// policy (attempts after the first, first pause, longest pause) and the failures worth another
/// try.
macro_rules! retrying {
    ($(#[$doc:meta])* $name:ident: $tries:expr, $first:expr, $cap:expr, $worth:ident) => {
        $(#[$doc])*
        pub async fn $name<T, F, Fut>(
            metrics: Option<&Metrics>,
            bound: Bound<'_>,
            what: &str,
            call: F,
        ) -> Result<T, serenity::Error>
        where
            F: FnMut() -> Fut,
            Fut: Future<Output = Result<T, serenity::Error>>,
        {
            let policy = ($tries, $first, $cap);
            retry_when(metrics, bound, what, policy, $worth, call).await
        }
    };
}

retrying! {
    /// Runs a Discord call that creates something (a message, a thread), trying it again only
    /// when Discord refused it with 429, after a growing pause (0.5 s doubling to at most 8 s,
    /// eight times at most). serenity's limiter waits out the limits it knows before the call; a
    /// 429 can still come back when a limit is shared with other processes or the limiter is off
    /// (behind a proxy). Other failures are not retried, as the first attempt may have gone
    /// through.
    create_retrying_429: 8, Duration::from_millis(500), Duration::from_secs(8), is_rate_limited
}

retrying! {
    /// Runs a Discord call that is safe to repeat (edits; reads), retrying transient failures up
    /// to three times with a growing pause. Creating messages is not retried after a server
    /// error, since the first attempt may have gone through.
    retry: 3, Duration::from_millis(250), Duration::from_secs(1), is_transient
}

/// The metrics and the bound of a call the bot makes on its own (not an answer to a click):
/// counted in the bot's metrics, each attempt in its turn under Discord's global limit.
pub fn global(data: &super::Data) -> (Option<&Metrics>, Bound<'_>) {
    (Some(data.service.metrics()), Bound::Global(&data.pace))
}

/// The one retry loop: while `worth` says a failure may pass, up to `tries` more attempts, the
/// pause doubling from `first` to at most `cap`; each attempt first takes its turn under
/// `bound`. Each attempt is counted in `metrics` under
/// `what` (a fixed description, so the labels stay few).
async fn retry_when<T, F, Fut>(
    metrics: Option<&Metrics>,
    bound: Bound<'_>,
    what: &str,
    (tries, first, cap): (u32, Duration, Duration),
    worth: fn(&serenity::Error) -> bool,
    mut call: F,
) -> Result<T, serenity::Error>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, serenity::Error>>,
{
    let mut pause = first;
    let mut attempt = 0;
    loop {
        bound.turn().await;
        let result = call().await;
        if let Some(m) = metrics {
            m.rest_call(what, result.as_ref().map(|_| ()).map_err(status));
        }
        match result {
            Err(e) if attempt < tries && worth(&e) => {
                attempt += 1;
                tracing::warn!(what, attempt, error = %describe(&e), "Discord call failed, retrying");
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(cap);
            }
            other => return other,
        }
    }
}
