//! The JSON the fake sends to the bot: users, members, guilds, channels, messages, interactions
//! and gateway payloads, in the shapes serenity 0.12.5 deserializes. Discord's documented
//! samples leave out fields serenity requires (`locale`, `entitlements`,
//! `attachment_size_limit` on interactions), so every builder here is checked by a unit test that
//! parses it with serenity's own types.

use serde_json::{Value, json};

/// The application's id, which is also the bot user's id.
pub const APP_ID: u64 = 900_000_000_000_000_001;
/// The guild the fake hosts (the only one unless a test or bench adds more with
/// `World::add_guild`). `(GUILD_ID >> 22) % 2 == 1` (and `% 4 == 1`): with two shards its
/// events go to shard 1 and DMs to shard 0, so the sharding tests see both carry events.
pub const GUILD_ID: u64 = 910_000_000_012_582_913;

/// The id of the `n`th guild added after [`GUILD_ID`] (n = 1, 2, ...): one more in the
/// sharding formula's `guild_id >> 22` each, so added guilds fall on the shards in turn,
/// whatever the shard count.
pub fn extra_guild_id(n: u64) -> u64 {
    GUILD_ID + (n << 22)
}
/// The role Discord made for the bot when it joined (managed, `tags.bot_id`).
pub const BOT_ROLE: u64 = 910_000_000_012_582_999;
/// The guild's owner (a user the fake never acts as).
pub const OWNER_ID: u64 = 1;
/// The bot's display name.
pub const BOT_NAME: &str = "Farmhand";
/// Attachment size limit sent with interactions (10 MiB, Discord's default).
pub const ATTACHMENT_LIMIT: u32 = 10 * 1024 * 1024;

/// Everything a member may do (ADMINISTRATOR excluded): the bot's and managers' permissions.
pub const ALL_PERMISSIONS: u64 = (1 << 41) - 1 - (1 << 3);
/// What an ordinary member may do: view, send, embed, read history, use application commands,
/// send in threads.
pub const MEMBER_PERMISSIONS: u64 =
    (1 << 10) | (1 << 11) | (1 << 14) | (1 << 16) | (1 << 31) | (1 << 38);
/// MANAGE_GUILD.
pub const MANAGE_GUILD: u64 = 1 << 5;

/// An RFC 3339 timestamp (UTC, microseconds) for unix milliseconds.
pub fn timestamp(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let milli = ms.rem_euclid(1000);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    // Howard Hinnant's civil-from-days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{milli:03}000+00:00",
        rem / 3600,
        (rem / 60) % 60,
        rem % 60
    )
}

/// A user object.
pub fn user(id: u64, name: &str, bot: bool) -> Value {
    json!({
        "id": id.to_string(),
        "username": name,
        "global_name": if bot { Value::Null } else { json!(name) },
        "discriminator": "0",
        "avatar": null,
        "bot": bot,
        "public_flags": 0,
    })
}

/// The bot's user.
pub fn bot_user() -> Value {
    user(APP_ID, BOT_NAME, true)
}

/// The application, as `GET /oauth2/applications/@me` answers for a bot token (docs:
/// "Application Object"): the bot's own user, a private bot with no team, owned by the guild's
/// owner, installable to servers with the invite link's scopes.
pub fn application() -> Value {
    json!({
        "id": APP_ID.to_string(),
        "name": BOT_NAME,
        "icon": null,
        "description": "",
        "summary": "",
        "type": null,
        "bot": bot_user(),
        "bot_public": false,
        "bot_require_code_grant": false,
        "verify_key": "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0",
        "flags": 0,
        "hook": true,
        "is_monetized": false,
        "owner": user(OWNER_ID, "owner", false),
        "team": null,
        "approximate_guild_count": 1,
        "redirect_uris": [],
        "interactions_endpoint_url": null,
        "role_connections_verification_url": null,
        "tags": [],
        "install_params": {"scopes": ["bot", "applications.commands"], "permissions": "0"},
    })
}

/// A guild member with the permissions an interaction carries.
pub fn member(id: u64, name: &str, permissions: u64, joined_ms: i64) -> Value {
    json!({
        "user": user(id, name, false),
        "nick": null,
        "avatar": null,
        "roles": [],
        "joined_at": timestamp(joined_ms),
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": permissions.to_string(),
    })
}

/// A guild text channel (type 0).
pub fn text_channel(id: u64, name: &str, position: u16) -> Value {
    json!({
        "id": id.to_string(),
        "type": 0,
        "guild_id": GUILD_ID.to_string(),
        "name": name,
        "position": position,
        "permission_overwrites": [],
        "topic": null,
        "nsfw": false,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "parent_id": null,
    })
}

/// A public thread (type 11) started from a message in `parent`.
pub fn thread_channel(id: u64, parent: u64, name: &str, archive_minutes: u64, ms: i64) -> Value {
    json!({
        "id": id.to_string(),
        "type": 11,
        "guild_id": GUILD_ID.to_string(),
        "parent_id": parent.to_string(),
        "owner_id": APP_ID.to_string(),
        "name": name,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "thread_metadata": {
            "archived": false,
            "auto_archive_duration": archive_minutes,
            "archive_timestamp": timestamp(ms),
            "locked": false,
            "create_timestamp": timestamp(ms),
        },
        "total_message_sent": 0,
        "flags": 0,
    })
}

/// A DM channel (type 1) with `recipient`.
pub fn dm_channel(id: u64, recipient: &Value) -> Value {
    json!({
        "id": id.to_string(),
        "type": 1,
        "last_message_id": null,
        "recipients": [recipient],
    })
}

/// The GUILD_CREATE payload: the guild, its channels and the bot as a member with every
/// permission (through @everyone), so serenity's cache-based permission checks pass.
pub fn guild_create(channels: &[Value], roles: &[Value], members: &[Value], now_ms: i64) -> Value {
    let mut guild = json!({
        "id": GUILD_ID.to_string(),
        "name": "Fake Farmers",
        "icon": null,
        "icon_hash": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": OWNER_ID.to_string(),
        "afk_channel_id": null,
        "afk_timeout": 300,
        "widget_enabled": false,
        "widget_channel_id": null,
        "verification_level": 0,
        "default_message_notifications": 1,
        "explicit_content_filter": 0,
        "roles": roles,
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": null,
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "max_presences": null,
        "max_members": 500000,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": "en-US",
        "public_updates_channel_id": null,
        "max_video_channel_users": 25,
        "nsfw_level": 0,
        "stickers": [],
        "premium_progress_bar_enabled": false,
        "safety_alerts_channel_id": null,
    });
    let extra = json!({
        "joined_at": timestamp(now_ms),
        "large": false,
        "unavailable": false,
        "member_count": members.len(),
        "voice_states": [],
        "members": members,
        "channels": channels,
        "threads": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
    });
    if let (Some(g), Value::Object(x)) = (guild.as_object_mut(), extra) {
        g.extend(x);
    }
    guild
}

/// The bot as a guild member (for GUILD_CREATE).
pub fn bot_member(now_ms: i64, roles: &[u64]) -> Value {
    let roles: Vec<String> = roles.iter().map(u64::to_string).collect();
    json!({
        "user": bot_user(),
        "nick": null,
        "avatar": null,
        "roles": roles,
        "joined_at": timestamp(now_ms),
        "deaf": false,
        "mute": false,
        "flags": 0,
    })
}

/// The parts of a stored message needed to show it to serenity.
pub struct MessageParts<'a> {
    pub id: u64,
    pub channel_id: u64,
    /// The guild of the message's channel (none in DMs).
    pub guild: Option<u64>,
    pub author: &'a Value,
    pub content: &'a str,
    pub embeds: &'a [Value],
    pub components: &'a [Value],
    pub flags: u64,
    pub created_ms: i64,
    pub edited_ms: Option<i64>,
    /// Set for responses to interactions (type 20 messages): the interaction's id, type and
    /// user, and for components the message clicked.
    pub interaction: Option<(u64, u8, &'a Value, Option<u64>)>,
    pub attachments: &'a [super::upload::Attachment],
}

/// A message object.
pub fn message(p: &MessageParts<'_>) -> Value {
    let attachments: Vec<Value> = p
        .attachments
        .iter()
        .map(|a| {
            let url = format!(
                "https://cdn.discordapp.com/attachments/{}/{}/{}",
                p.channel_id, a.id, a.filename
            );
            json!({
                "id": a.id.to_string(),
                "filename": a.filename,
                "description": a.description,
                "content_type": a.content_type,
                "size": a.size,
                "url": url,
                "proxy_url": url.replace("cdn.discordapp.com", "media.discordapp.net"),
            })
        })
        .collect();
    let mut m = json!({
        "id": p.id.to_string(),
        "channel_id": p.channel_id.to_string(),
        "author": p.author,
        "content": p.content,
        "timestamp": timestamp(p.created_ms),
        "edited_timestamp": p.edited_ms.map(timestamp),
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": p.embeds,
        "components": p.components,
        "pinned": false,
        "type": if p.interaction.is_some() { 20 } else { 0 },
        "flags": p.flags,
    });
    if let Some(g) = p.guild {
        m["guild_id"] = json!(g.to_string());
    }
    if let Some((id, kind, user, clicked)) = p.interaction {
        m["application_id"] = json!(APP_ID.to_string());
        m["webhook_id"] = json!(APP_ID.to_string());
        let mut meta = json!({
            "id": id.to_string(),
            "type": kind,
            "user": user,
            "authorizing_integration_owners": {"0": GUILD_ID.to_string()},
        });
        if kind == 3 {
            meta["interacted_message_id"] = json!(clicked.unwrap_or(p.id).to_string());
        }
        m["interaction_metadata"] = meta;
    }
    m
}

/// Where an interaction comes from.
pub enum Origin<'a> {
    /// A guild channel or thread: the member object carries the user and their permissions.
    Guild { channel: u64, member: &'a Value },
    /// The user's DM channel with the bot.
    Dm { channel: u64, user: &'a Value },
}

/// An INTERACTION_CREATE payload (`kind` 2 command, 3 component, 4 autocomplete), with every
/// field serenity requires.
pub fn interaction(
    id: u64,
    token: &str,
    kind: u8,
    data: Value,
    origin: &Origin<'_>,
    message: Option<Value>,
) -> Value {
    let mut i = json!({
        "id": id.to_string(),
        "application_id": APP_ID.to_string(),
        "type": kind,
        "data": data,
        "token": token,
        "version": 1,
        "locale": "en-US",
        "entitlements": [],
        "app_permissions": ALL_PERMISSIONS.to_string(),
        "attachment_size_limit": ATTACHMENT_LIMIT,
    });
    match origin {
        Origin::Guild { channel, member } => {
            i["guild_id"] = json!(GUILD_ID.to_string());
            i["guild_locale"] = json!("en-US");
            i["channel_id"] = json!(channel.to_string());
            i["channel"] = json!({"id": channel.to_string(), "type": 0});
            i["member"] = (*member).clone();
            i["authorizing_integration_owners"] = json!({"0": GUILD_ID.to_string()});
            i["context"] = json!(0);
        }
        Origin::Dm { channel, user } => {
            i["channel_id"] = json!(channel.to_string());
            i["channel"] = json!({"id": channel.to_string(), "type": 1});
            i["user"] = (*user).clone();
            i["authorizing_integration_owners"] = json!({"0": GUILD_ID.to_string()});
            i["context"] = json!(1);
        }
    }
    if let Some(m) = message {
        i["message"] = m;
    }
    i
}

/// The READY payload for a new session of shard `shard` of `total`, listing `guilds`: the
/// guilds that shard carries.
pub fn ready(session_id: &str, resume_url: &str, shard: u32, total: u32, guilds: &[u64]) -> Value {
    let guilds: Vec<Value> = guilds
        .iter()
        .map(|g| json!({"id": g.to_string(), "unavailable": true}))
        .collect();
    json!({
        "v": 10,
        "user": {
            "id": APP_ID.to_string(),
            "username": BOT_NAME,
            "discriminator": "0",
            "global_name": null,
            "avatar": null,
            "bot": true,
            "verified": true,
            "mfa_enabled": false,
            "flags": 0,
        },
        "guilds": guilds,
        "session_id": session_id,
        "resume_gateway_url": resume_url,
        "shard": [shard, total],
        "application": {"id": APP_ID.to_string(), "flags": 0},
    })
}

/// A Discord error body: `{"code": .., "message": ..}`.
pub fn error(code: u32, message: &str) -> Value {
    json!({"code": code, "message": message})
}

#[cfg(test)]
mod tests {
    use super::*;
    use poise::serenity_prelude as serenity;

    fn parse<T: serde::de::DeserializeOwned>(v: Value) -> T {
        match serde_json::from_value::<T>(v.clone()) {
            Ok(t) => t,
            Err(e) => panic!(
                "serenity rejects our {}: {e}\n{v:#}",
                std::any::type_name::<T>()
            ),
        }
    }

    #[test]
    fn timestamps_are_rfc3339() {
        assert_eq!(timestamp(0), "1970-01-01T00:00:00.000000+00:00");
        assert_eq!(
            timestamp(1_767_225_600_123),
            "2026-01-01T00:00:00.123000+00:00"
        );
        assert_eq!(
            timestamp(951_782_400_000 + 86_399_000),
            "2000-02-29T23:59:59.000000+00:00"
        );
        let t: serenity::Timestamp = parse(json!(timestamp(1_767_225_600_123)));
        assert_eq!(t.unix_timestamp(), 1_767_225_600);
    }

    #[test]
    fn every_object_parses_with_serenity() {
        let now = 1_767_225_600_000;
        let alice = user(5, "alice", false);
        let _: serenity::User = parse(alice.clone());
        let m = member(5, "alice", MEMBER_PERMISSIONS, now);
        let _: serenity::Member = parse(m.clone());
        let _: serenity::GuildChannel = parse(text_channel(10, "games", 0));
        let _: serenity::GuildChannel = parse(thread_channel(11, 10, "t", 10080, now));
        let _: serenity::PrivateChannel = parse(dm_channel(12, &alice));
        let mut perms = super::super::permissions::Perms::new(GUILD_ID, OWNER_ID, 1 << 10);
        perms.add_role(BOT_ROLE, BOT_NAME, ALL_PERMISSIONS, Some(APP_ID));
        let mut channel = text_channel(10, "games", 0);
        perms.set_overwrite(
            10,
            super::super::permissions::Target::Member(APP_ID),
            0,
            1 << 15,
        );
        channel["permission_overwrites"] = perms.overwrites_json(10);
        let g = guild_create(
            &[channel],
            &perms.roles_json(),
            &[bot_member(now, &[BOT_ROLE])],
            now,
        );
        let g: serenity::Guild = parse(g);
        assert_eq!(g.channels.len(), 1);
        assert_eq!(g.roles.len(), 2);
        let role_update = json!({"guild_id": GUILD_ID.to_string(), "role": perms.roles_json()[1]});
        let _: serenity::GuildRoleUpdateEvent = parse(role_update);
        let _: serenity::Ready = parse(ready("s", "ws://x/ws", 0, 1, &[GUILD_ID]));
        let app: serenity::CurrentApplicationInfo = parse(application());
        assert_eq!(app.id.get(), APP_ID);
        assert_eq!(app.owner.map(|o| o.id.get()), Some(OWNER_ID));
        let button = json!({"type": 1, "components": [
            {"type": 2, "style": 1, "label": "Go", "custom_id": "a", "disabled": false}
        ]});
        let select = json!({"type": 1, "components": [
            {"type": 3, "custom_id": "s", "placeholder": "p", "min_values": 1, "max_values": 1,
             "options": [{"label": "L", "value": "v", "description": "d", "default": false}]}
        ]});
        let embed = json!({"title": "t", "description": "d", "color": 1,
            "fields": [{"name": "n", "value": "v", "inline": true}], "footer": {"text": "f"}});
        let bot = bot_user();
        let components = [button, select];
        let parts = MessageParts {
            id: 20,
            channel_id: 10,
            guild: Some(GUILD_ID),
            author: &bot,
            content: "hi",
            embeds: std::slice::from_ref(&embed),
            components: &components,
            flags: 64,
            created_ms: now,
            edited_ms: Some(now + 5),
            interaction: Some((30, 3, &alice, Some(19))),
            attachments: &[super::super::upload::Attachment {
                id: 21,
                filename: "farms.png".into(),
                content_type: "image/png".into(),
                description: Some("the farms".into()),
                size: 3,
                bytes: axum::body::Bytes::from_static(b"png"),
            }],
        };
        let msg: serenity::Message = parse(message(&parts));
        assert_eq!(msg.components.len(), 2);
        assert_eq!(msg.attachments.len(), 1);
        assert_eq!(msg.attachments[0].filename, "farms.png");
        assert_eq!(msg.attachments[0].size, 3);
        let command = json!({"id": "40", "name": "hay", "type": 1, "options": [
            {"name": "new", "type": 1, "options": [{"name": "seats", "type": 4, "value": 3}]}
        ]});
        let i = interaction(
            50,
            "tok",
            2,
            command,
            &Origin::Guild {
                channel: 10,
                member: &m,
            },
            None,
        );
        let i: serenity::Interaction = parse(i);
        assert!(matches!(i, serenity::Interaction::Command(_)));
        let click = json!({"custom_id": "a", "component_type": 2});
        let i = interaction(
            51,
            "tok2",
            3,
            click,
            &Origin::Dm {
                channel: 12,
                user: &alice,
            },
            Some(message(&parts)),
        );
        match parse::<serenity::Interaction>(i) {
            serenity::Interaction::Component(c) => {
                assert_eq!(c.user.id.get(), 5);
                assert!(c.guild_id.is_none());
            }
            other => panic!("{other:?}"),
        }
        let choose = json!({"custom_id": "s", "component_type": 3, "values": ["v"]});
        let i = interaction(
            52,
            "tok3",
            3,
            choose,
            &Origin::Guild {
                channel: 10,
                member: &m,
            },
            Some(message(&parts)),
        );
        let _: serenity::Interaction = parse(i);
    }
}
