//! What Farmhand needs from a server: the OAuth2 scopes, the gateway intents and the channel
//! permissions a game needs. The lobby checks [`NEEDED`] before it opens a table, the invite
//! link asks for [`INVITE_PERMISSIONS`], and a test checks that the documentation names the same
//! permissions.

use poise::serenity_prelude as serenity;

/// Where a permission is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// In the channel the table is opened in (the lobby, which becomes the table message, and
    /// the game's posts when it has no thread).
    Channel,
    /// For the game's own thread: without these the game is played in the channel.
    Thread,
}

/// One permission a game needs.
#[derive(Clone, Copy, Debug)]
pub struct Need {
    pub bits: u64,
    /// Discord's English name of the permission (as its server settings show it).
    pub name: &'static str,
    /// The catalogue id of its name in the host's language.
    pub message: &'static str,
    pub place: Place,
    /// Why the bot needs it.
    pub why: &'static str,
}

/// Every permission the bot uses, in the order the host reads them. Read Message History is not
/// among them: the bot never reads a message back (it edits its own table message and DM panels
/// by id, and starts threads from its own messages, which Discord allows without it).
pub const NEEDED: [Need; 6] = [
    Need {
        bits: 1 << 10,
        name: "View Channel",
        message: "perm-view-channel",
        place: Place::Channel,
        why: "to see the channel it plays in",
    },
    Need {
        bits: 1 << 11,
        name: "Send Messages",
        message: "perm-send-messages",
        place: Place::Channel,
        why: "the lobby, which becomes the table message, and the game's posts",
    },
    Need {
        bits: 1 << 14,
        name: "Embed Links",
        message: "perm-embed-links",
        place: Place::Channel,
        why: "the table message and summaries are embeds",
    },
    Need {
        bits: 1 << 15,
        name: "Attach Files",
        message: "perm-attach-files",
        place: Place::Channel,
        why: "the pictures of farms and boards in summaries and final scores",
    },
    Need {
        bits: 1 << 35,
        name: "Create Public Threads",
        message: "perm-create-public-threads",
        place: Place::Thread,
        why: "each game gets a thread of its own",
    },
    Need {
        bits: 1 << 38,
        name: "Send Messages in Threads",
        message: "perm-send-messages-in-threads",
        place: Place::Thread,
        why: "the game's posts and reminders in its thread",
    },
];

/// The permission integer of the invite link: every permission in [`NEEDED`].
pub const INVITE_PERMISSIONS: u64 = {
    let mut bits = 0;
    let mut k = 0;
    while k < NEEDED.len() {
        bits |= NEEDED[k].bits;
        k += 1;
    }
    bits
};

/// The OAuth2 scopes of the invite link.
pub const SCOPES: [&str; 2] = ["bot", "applications.commands"];

/// The invite link for application `app`.
pub fn invite_link(app: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={app}&scope={}&permissions={INVITE_PERMISSIONS}",
        SCOPES.join("+")
    )
}

/// The permissions of `place` missing from `have`, as the host must grant them. Discord takes
/// every permission away where the bot cannot see the channel, and Embed Links and Attach Files
/// where it cannot send ("Implicit Permissions"): then only the cause is named, since granting
/// it brings the others back.
pub fn missing(have: serenity::Permissions, place: Place) -> Vec<&'static Need> {
    const VIEW: u64 = 1 << 10;
    const SEND: u64 = 1 << 11;
    const FOLLOW_SEND: u64 = (1 << 14) | (1 << 15);
    let lacks = |bits: u64| have.bits() & bits != bits;
    NEEDED
        .iter()
        .filter(|n| n.place == place && lacks(n.bits))
        .filter(|n| !lacks(VIEW) || n.bits == VIEW)
        .filter(|n| !lacks(SEND) || n.bits & FOLLOW_SEND == 0)
        .collect()
}

/// The permissions missing from `have` for a table opened inside a thread or a forum post
/// (issue 42): the channel's needs, with Send Messages in Threads where Send Messages stands,
/// since that is what posting in a thread takes. No thread is made inside it.
pub fn missing_in_thread(have: serenity::Permissions) -> Vec<&'static Need> {
    const SEND: u64 = 1 << 11;
    const SEND_IN_THREADS: u64 = 1 << 38;
    // As if Send Messages were granted exactly when Send Messages in Threads is, so the
    // implicit permissions (Embed Links and Attach Files follow sending) are read the same way.
    let sends = have.bits() & SEND_IN_THREADS != 0;
    let as_channel = serenity::Permissions::from_bits_retain(if sends {
        have.bits() | SEND
    } else {
        have.bits() & !SEND
    });
    missing(as_channel, Place::Channel)
        .into_iter()
        .map(|n| {
            if n.bits == SEND {
                NEEDED
                    .iter()
                    .find(|t| t.bits == SEND_IN_THREADS)
                    .expect("listed")
            } else {
                n
            }
        })
        .collect()
}

/// The names of `needs` in the language in scope, as one list ("View Channel, Attach Files").
pub fn names(needs: &[&Need]) -> String {
    let names: Vec<String> = needs
        .iter()
        .map(|n| crate::i18n::format(n.message, None))
        .collect();
    names.join(&crate::t!("list-separator"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Locale, has};

    #[test]
    fn the_needed_permissions_are_serenitys_flags() {
        let flags = [
            serenity::Permissions::VIEW_CHANNEL,
            serenity::Permissions::SEND_MESSAGES,
            serenity::Permissions::EMBED_LINKS,
            serenity::Permissions::ATTACH_FILES,
            serenity::Permissions::CREATE_PUBLIC_THREADS,
            serenity::Permissions::SEND_MESSAGES_IN_THREADS,
        ];
        for (n, f) in NEEDED.iter().zip(flags) {
            assert_eq!(n.bits, f.bits(), "{}", n.name);
        }
        // The previous link's integer without Read Message History (1 << 16), which no call
        // of the bot needs.
        assert_eq!(INVITE_PERMISSIONS, 309_237_763_072 - 65_536);
        assert_eq!(INVITE_PERMISSIONS, 309_237_697_536);
        assert_eq!(
            invite_link(42),
            "https://discord.com/oauth2/authorize?client_id=42&scope=bot+applications.commands&permissions=309237697536"
        );
    }

    #[test]
    fn missing_names_exactly_what_is_not_there_in_the_hosts_language() {
        let have = serenity::Permissions::VIEW_CHANNEL
            | serenity::Permissions::SEND_MESSAGES
            | serenity::Permissions::EMBED_LINKS
            | serenity::Permissions::CREATE_PUBLIC_THREADS;
        let channel = missing(have, Place::Channel);
        let thread = missing(have, Place::Thread);
        let names_of = |v: &[&Need]| v.iter().map(|n| n.name).collect::<Vec<_>>();
        assert_eq!(names_of(&channel), ["Attach Files"]);
        assert_eq!(names_of(&thread), ["Send Messages in Threads"]);
        let two = missing(
            serenity::Permissions::VIEW_CHANNEL | serenity::Permissions::SEND_MESSAGES,
            Place::Channel,
        );
        assert_eq!(names_of(&two), ["Embed Links", "Attach Files"]);
        let en = crate::i18n::with(Locale::En, || names(&two));
        assert_eq!(en, "Embed Links, Attach Files");
        let ja = crate::i18n::with(Locale::Ja, || names(&two));
        assert_eq!(ja, "埋め込みリンク、ファイルを添付");
        // Discord's implicit permissions: without View Channel the bot has nothing, without
        // Send Messages no Embed Links or Attach Files; the host is told the cause only.
        let none = serenity::Permissions::empty();
        assert_eq!(names_of(&missing(none, Place::Channel)), ["View Channel"]);
        assert!(missing(none, Place::Thread).is_empty());
        let no_send = serenity::Permissions::VIEW_CHANNEL
            | serenity::Permissions::READ_MESSAGE_HISTORY
            | serenity::Permissions::SEND_MESSAGES_IN_THREADS;
        assert_eq!(
            names_of(&missing(no_send, Place::Channel)),
            ["Send Messages"]
        );
        assert_eq!(
            names_of(&missing(no_send, Place::Thread)),
            ["Create Public Threads"]
        );
        // Inside a thread or a forum post, Send Messages in Threads is what sending takes.
        let in_thread = serenity::Permissions::VIEW_CHANNEL
            | serenity::Permissions::SEND_MESSAGES
            | serenity::Permissions::EMBED_LINKS
            | serenity::Permissions::ATTACH_FILES;
        assert_eq!(
            names_of(&missing_in_thread(in_thread)),
            ["Send Messages in Threads"]
        );
        let in_thread = serenity::Permissions::VIEW_CHANNEL
            | serenity::Permissions::SEND_MESSAGES_IN_THREADS
            | serenity::Permissions::EMBED_LINKS;
        assert_eq!(names_of(&missing_in_thread(in_thread)), ["Attach Files"]);
        assert_eq!(
            names_of(&missing_in_thread(serenity::Permissions::empty())),
            ["View Channel"]
        );
        for n in NEEDED {
            for l in [Locale::En, Locale::Ja] {
                assert!(has(l, n.message), "{} has no {l:?} name", n.name);
            }
        }
    }
}
