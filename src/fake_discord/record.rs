//! What the fake stores of one message as it is now: the record behind every view of it.
//! Below the world, which keeps these records, and `view.rs`, which shows one as a user sees it.

use super::upload::Attachment;
use serde_json::Value;

/// One message as it is now.
#[derive(Clone, Debug)]
pub struct MsgRec {
    pub id: u64,
    pub channel_id: u64,
    /// Ephemeral: only this user sees it.
    pub ephemeral_for: Option<u64>,
    /// Who wrote it: the bot (APP_ID) or a user.
    pub author: u64,
    pub content: String,
    pub embeds: Vec<Value>,
    pub components: Vec<Value>,
    pub flags: u64,
    pub created_ms: i64,
    pub edited_ms: Option<i64>,
    pub edits: u32,
    /// The interaction this message answers: (interaction id, interaction type, user).
    pub interaction: Option<(u64, u8, u64)>,
    /// A deferred response still "thinking".
    pub loading: bool,
    pub deleted: bool,
    /// The thread started from this message.
    pub thread: Option<u64>,
    /// Users this message notified when it was sent (mentioned in the content and allowed by
    /// `allowed_mentions`; edits never notify).
    pub pings: Vec<u64>,
    /// Files attached (pictures, exports).
    pub attachments: Vec<Attachment>,
}

impl MsgRec {
    /// A plain message: `content` by `author` in `channel_id`, sent at fake time `created_ms`,
    /// never edited, with no embed, component, file, thread or ping. Callers set the rest.
    pub fn new(id: u64, channel_id: u64, author: u64, content: String, created_ms: i64) -> MsgRec {
        MsgRec {
            id,
            channel_id,
            ephemeral_for: None,
            author,
            content,
            embeds: Vec::new(),
            components: Vec::new(),
            flags: 0,
            created_ms,
            edited_ms: None,
            edits: 0,
            interaction: None,
            loading: false,
            deleted: false,
            thread: None,
            pings: Vec::new(),
            attachments: Vec::new(),
        }
    }
}
