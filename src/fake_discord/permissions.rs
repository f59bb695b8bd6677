//! Discord's permission computation, as its documentation gives it ("Permissions", "Permission
//! Overwrites" and "Implicit Permissions"): a member's base permissions are @everyone's and its
//! roles' (everything for the owner or an Administrator), then the channel's overwrites apply in
//! a fixed order: @everyone's, all of the member's roles' together (denies first, then allows),
//! the member's own. A thread has no overwrites of its own: it follows its parent channel.
//!
//! Implicit permissions: without View Channel a member has nothing in the channel; without Send
//! Messages a member cannot embed links, attach files, mention everyone or send TTS there either.
//! In a thread, Send Messages in Threads takes Send Messages' place in that rule (the Discord
//! client greys out the attach button of a thread where one cannot send, whatever the parent
//! allows).

use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};

/// The permission bits (docs: "Bitwise Permission Flags").
pub mod bits {
    pub const ADMINISTRATOR: u64 = 1 << 3;
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    pub const SEND_MESSAGES: u64 = 1 << 11;
    pub const SEND_TTS_MESSAGES: u64 = 1 << 12;
    pub const EMBED_LINKS: u64 = 1 << 14;
    pub const ATTACH_FILES: u64 = 1 << 15;
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    pub const MENTION_EVERYONE: u64 = 1 << 17;
    pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
    pub const MANAGE_THREADS: u64 = 1 << 34;
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
    /// Every permission Discord defines today (bits 0 to 50).
    pub const ALL: u64 = (1 << 51) - 1;
    /// What sending a message brings with it (docs: "Implicit Permissions").
    pub const NEED_SEND: u64 = SEND_TTS_MESSAGES | EMBED_LINKS | ATTACH_FILES | MENTION_EVERYONE;
}

/// Whom an overwrite is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Role(u64),
    Member(u64),
}

/// A channel's permission overwrite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overwrite {
    pub target: Target,
    pub allow: u64,
    pub deny: u64,
}

/// A guild role.
#[derive(Clone, Debug)]
pub struct Role {
    pub id: u64,
    pub name: String,
    pub permissions: u64,
    pub position: u16,
    /// The role Discord makes for a bot when it joins (`tags.bot_id`).
    pub bot: Option<u64>,
}

/// The guild's roles, who holds them and every channel's overwrites.
#[derive(Clone, Debug)]
pub struct Perms {
    /// The guild's id, which is also the @everyone role's.
    pub guild: u64,
    pub owner: u64,
    pub roles: BTreeMap<u64, Role>,
    /// The roles each member holds (beside @everyone).
    pub member_roles: HashMap<u64, Vec<u64>>,
    /// Per guild channel (never a thread).
    pub overwrites: HashMap<u64, Vec<Overwrite>>,
}

impl Perms {
    /// A guild whose @everyone role has `everyone`.
    pub fn new(guild: u64, owner: u64, everyone: u64) -> Perms {
        let mut roles = BTreeMap::new();
        roles.insert(
            guild,
            Role {
                id: guild,
                name: "@everyone".to_string(),
                permissions: everyone,
                position: 0,
                bot: None,
            },
        );
        Perms {
            guild,
            owner,
            roles,
            member_roles: HashMap::new(),
            overwrites: HashMap::new(),
        }
    }

    /// Adds a role (at the top) and returns it.
    pub fn add_role(&mut self, id: u64, name: &str, permissions: u64, bot: Option<u64>) -> &Role {
        let position = self.roles.len() as u16;
        self.roles.insert(
            id,
            Role {
                id,
                name: name.to_string(),
                permissions,
                position,
                bot,
            },
        );
        &self.roles[&id]
    }

    /// The member's permissions in the guild, before any channel.
    pub fn base(&self, member: u64) -> u64 {
        if member == self.owner {
            return bits::ALL;
        }
        let mut p = self.roles.get(&self.guild).map_or(0, |r| r.permissions);
        for r in self.member_roles.get(&member).into_iter().flatten() {
            p |= self.roles.get(r).map_or(0, |r| r.permissions);
        }
        if p & bits::ADMINISTRATOR != 0 {
            return bits::ALL;
        }
        p
    }

    /// The member's permissions in guild channel `channel`, or in a thread of it (`thread`).
    pub fn in_channel(&self, member: u64, channel: u64, thread: bool) -> u64 {
        let base = self.base(member);
        if base == bits::ALL {
            return bits::ALL;
        }
        let overwrites = self.overwrites.get(&channel).map_or(&[][..], Vec::as_slice);
        let mut p = base;
        if let Some(o) = overwrites
            .iter()
            .find(|o| o.target == Target::Role(self.guild))
        {
            p = (p & !o.deny) | o.allow;
        }
        let held = self
            .member_roles
            .get(&member)
            .map_or(&[][..], Vec::as_slice);
        let (mut allow, mut deny) = (0, 0);
        for o in overwrites {
            if let Target::Role(r) = o.target
                && held.contains(&r)
            {
                allow |= o.allow;
                deny |= o.deny;
            }
        }
        p = (p & !deny) | allow;
        if let Some(o) = overwrites
            .iter()
            .find(|o| o.target == Target::Member(member))
        {
            p = (p & !o.deny) | o.allow;
        }
        if p & bits::VIEW_CHANNEL == 0 {
            return 0;
        }
        let send = if thread {
            bits::SEND_MESSAGES_IN_THREADS
        } else {
            bits::SEND_MESSAGES
        };
        if p & send == 0 {
            p &= !bits::NEED_SEND;
        }
        p
    }

    /// Sets (replaces) `target`'s overwrite on `channel`; allow and deny both 0 removes it.
    pub fn set_overwrite(&mut self, channel: u64, target: Target, allow: u64, deny: u64) {
        let list = self.overwrites.entry(channel).or_default();
        list.retain(|o| o.target != target);
        if allow != 0 || deny != 0 {
            list.push(Overwrite {
                target,
                allow,
                deny,
            });
        }
    }

    /// A channel's `permission_overwrites`, as Discord lists them.
    pub fn overwrites_json(&self, channel: u64) -> Value {
        let list: Vec<Value> = self
            .overwrites
            .get(&channel)
            .into_iter()
            .flatten()
            .map(|o| {
                let (id, kind) = match o.target {
                    Target::Role(id) => (id, 0),
                    Target::Member(id) => (id, 1),
                };
                json!({
                    "id": id.to_string(),
                    "type": kind,
                    "allow": o.allow.to_string(),
                    "deny": o.deny.to_string(),
                })
            })
            .collect();
        Value::Array(list)
    }

    /// The guild's roles, as GUILD_CREATE lists them.
    pub fn roles_json(&self) -> Vec<Value> {
        self.roles.values().map(role_json).collect()
    }
}

/// A role object (docs: "Role Object").
pub fn role_json(r: &Role) -> Value {
    let mut j = json!({
        "id": r.id.to_string(),
        "name": r.name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
        "hoist": false,
        "icon": null,
        "unicode_emoji": null,
        "position": r.position,
        "permissions": r.permissions.to_string(),
        "managed": r.bot.is_some(),
        "mentionable": false,
        "flags": 0,
    });
    if let Some(bot) = r.bot {
        j["tags"] = json!({"bot_id": bot.to_string()});
    }
    j
}

/// Discord's names of the permissions the fake checks, for its notes.
pub fn names(p: u64) -> Vec<&'static str> {
    [
        (bits::VIEW_CHANNEL, "View Channel"),
        (bits::SEND_MESSAGES, "Send Messages"),
        (bits::EMBED_LINKS, "Embed Links"),
        (bits::ATTACH_FILES, "Attach Files"),
        (bits::READ_MESSAGE_HISTORY, "Read Message History"),
        (bits::MANAGE_THREADS, "Manage Threads"),
        (bits::CREATE_PUBLIC_THREADS, "Create Public Threads"),
        (bits::SEND_MESSAGES_IN_THREADS, "Send Messages in Threads"),
    ]
    .into_iter()
    .filter(|(b, _)| p & b != 0)
    .map(|(_, n)| n)
    .collect()
}

#[cfg(test)]
mod tests {
    use super::bits::*;
    use super::*;

    const GUILD: u64 = 100;
    const ROLE_A: u64 = 200;
    const ROLE_B: u64 = 201;
    const BOT: u64 = 7;

    fn guild() -> Perms {
        let mut p = Perms::new(
            GUILD,
            1,
            VIEW_CHANNEL | SEND_MESSAGES | READ_MESSAGE_HISTORY,
        );
        p.add_role(ROLE_A, "a", EMBED_LINKS | ATTACH_FILES, Some(BOT));
        p.add_role(ROLE_B, "b", CREATE_PUBLIC_THREADS, None);
        p.member_roles.insert(BOT, vec![ROLE_A, ROLE_B]);
        p
    }

    #[test]
    fn base_permissions_are_everyones_and_the_roles() {
        let p = guild();
        assert_eq!(
            p.base(BOT),
            VIEW_CHANNEL
                | SEND_MESSAGES
                | READ_MESSAGE_HISTORY
                | EMBED_LINKS
                | ATTACH_FILES
                | CREATE_PUBLIC_THREADS
        );
        assert_eq!(
            p.base(99),
            VIEW_CHANNEL | SEND_MESSAGES | READ_MESSAGE_HISTORY
        );
        assert_eq!(p.base(1), ALL, "the owner has everything");
        let mut admin = guild();
        admin.add_role(300, "admin", ADMINISTRATOR, None);
        admin.member_roles.insert(99, vec![300]);
        assert_eq!(admin.in_channel(99, 5, false), ALL);
    }

    #[test]
    fn overwrites_apply_everyone_then_roles_together_then_the_member() {
        let mut p = guild();
        // @everyone loses Send Messages; one of the bot's roles denies Embed Links while the
        // other allows it (role allows win over role denies); the member's own overwrite
        // takes Attach Files away and gives Send Messages back.
        p.set_overwrite(5, Target::Role(GUILD), 0, SEND_MESSAGES);
        p.set_overwrite(5, Target::Role(ROLE_A), 0, EMBED_LINKS);
        p.set_overwrite(5, Target::Role(ROLE_B), EMBED_LINKS, 0);
        assert_eq!(
            p.in_channel(BOT, 5, false) & (SEND_MESSAGES | EMBED_LINKS),
            0
        );
        p.set_overwrite(5, Target::Member(BOT), SEND_MESSAGES, ATTACH_FILES);
        let got = p.in_channel(BOT, 5, false);
        assert_ne!(got & SEND_MESSAGES, 0);
        assert_ne!(got & EMBED_LINKS, 0, "a role allow beats a role deny");
        assert_eq!(got & ATTACH_FILES, 0);
        // Another channel is untouched.
        assert_eq!(p.in_channel(BOT, 6, false), p.base(BOT));
    }

    #[test]
    fn implicit_permissions_follow_view_and_send() {
        let mut p = guild();
        p.set_overwrite(5, Target::Member(BOT), 0, VIEW_CHANNEL);
        assert_eq!(p.in_channel(BOT, 5, false), 0);
        p.set_overwrite(5, Target::Member(BOT), 0, SEND_MESSAGES);
        let got = p.in_channel(BOT, 5, false);
        assert_eq!(got & (EMBED_LINKS | ATTACH_FILES), 0);
        // In a thread of the channel, Send Messages in Threads decides instead.
        assert_eq!(p.in_channel(BOT, 5, true) & (EMBED_LINKS | ATTACH_FILES), 0);
        p.roles.get_mut(&ROLE_B).unwrap().permissions |= SEND_MESSAGES_IN_THREADS;
        assert_eq!(
            p.in_channel(BOT, 5, true) & (EMBED_LINKS | ATTACH_FILES),
            EMBED_LINKS | ATTACH_FILES
        );
        // Removing an overwrite gives the base back.
        p.set_overwrite(5, Target::Member(BOT), 0, 0);
        assert!(p.overwrites[&5].is_empty());
    }
}
