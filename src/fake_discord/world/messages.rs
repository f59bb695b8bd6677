//! Messages: creating, editing and deleting them as Discord checks them (limits, permissions,
//! attachments, mentions), and how each user sees them.

use super::*;

impl World {
    pub fn message_json(&self, m: &MsgRec) -> Value {
        let author = self.user_json(m.author);
        let ix_user = m.interaction.map(|(_, _, u)| self.user_json(u));
        let interaction = match (&m.interaction, &ix_user) {
            (Some((id, kind, _)), Some(u)) => {
                let clicked = self.interactions.get(id).and_then(|i| i.message);
                Some((*id, *kind, u, clicked))
            }
            _ => None,
        };
        json::message(&MessageParts {
            id: m.id,
            channel_id: m.channel_id,
            guild: self.guild_of(m.channel_id),
            author: &author,
            content: &m.content,
            embeds: &m.embeds,
            components: &m.components,
            flags: m.flags,
            created_ms: m.created_ms,
            edited_ms: m.edited_ms,
            interaction,
            attachments: &m.attachments,
        })
    }

    /// Records the problems of a payload as violations and gives Discord's answer to it (400,
    /// code 50035 with the fields under `prefix`, or 50006 for an empty message).
    pub(super) fn refuse(
        &mut self,
        check: &limits::MessageCheck,
        prefix: &[&str],
        context: &str,
    ) -> Result<(), RestResp> {
        for v in check.lines() {
            self.violation(format!("{context}: {v}"));
        }
        match check.answer(prefix) {
            Some((status, body)) => Err(RestResp {
                status,
                body: Some(body),
                retry_after: None,
            }),
            None => Ok(()),
        }
    }

    /// Creates a message from a create-message body, unless it breaks a limit (then Discord's
    /// 400 answer, the problem under `prefix` in its `errors`).
    pub(super) fn create_message(
        &mut self,
        channel_id: u64,
        body: &Value,
        ephemeral_for: Option<u64>,
        interaction: Option<(u64, u8, u64)>,
        context: &str,
        prefix: &[&str],
    ) -> Result<u64, RestResp> {
        let content = body
            .get("content")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        let embeds = array(body.get("embeds"));
        let components = array(body.get("components"));
        // A deferred response starts empty ("thinking...") and is filled in later.
        let deferred = context == "deferred";
        let files = if deferred {
            Vec::new()
        } else {
            std::mem::take(&mut self.uploads)
        };
        let mut check = limits::check_message(&content, &embeds, &components, !deferred);
        // A message with only a file is not empty.
        check.empty &= files.is_empty();
        self.refuse(&check, prefix, context)?;
        self.check_mentions(body, &content, context);
        let attachments = self.attachments_after(&[], body, &files, context)?;
        let id = self.id();
        let mut flags = body.get("flags").and_then(Value::as_u64).unwrap_or(0);
        if ephemeral_for.is_some() {
            flags |= 64;
        } else {
            flags &= !64;
        }
        let now = self.now_ms();
        self.by_channel.entry(channel_id).or_default().push(id);
        self.messages.insert(
            id,
            MsgRec {
                ephemeral_for,
                embeds,
                components,
                flags,
                interaction,
                attachments,
                ..MsgRec::new(id, channel_id, APP_ID, content, now)
            },
        );
        let pings = pings(body);
        if let Some(m) = self.messages.get_mut(&id) {
            m.pings = pings;
        }
        self.log_message(id, true);
        Ok(id)
    }

    /// Applies an edit body to a message (fields present replace, absent stay), unless the
    /// result breaks a limit (then Discord's 400 answer).
    pub(super) fn edit_message(
        &mut self,
        id: u64,
        body: &Value,
        context: &str,
        prefix: &[&str],
    ) -> Result<(), RestResp> {
        let Some(m) = self.messages.get(&id) else {
            return Ok(());
        };
        let mut content = m.content.clone();
        let mut embeds = m.embeds.clone();
        let mut components = m.components.clone();
        let existing = m.attachments.clone();
        let files = std::mem::take(&mut self.uploads);
        if let Some(c) = body.get("content") {
            content = c.as_str().unwrap_or("").to_string();
        }
        if let Some(e) = body.get("embeds") {
            embeds = array(Some(e));
        }
        if let Some(c) = body.get("components") {
            components = array(Some(c));
        }
        let attachments = self.attachments_after(&existing, body, &files, context)?;
        let mut check = limits::check_message(&content, &embeds, &components, false);
        check.empty = content.is_empty()
            && embeds.is_empty()
            && components.is_empty()
            && attachments.is_empty();
        self.refuse(&check, prefix, context)?;
        self.check_mentions(body, &content, context);
        let now = self.now_ms();
        let m = self.messages.get_mut(&id).expect("checked above");
        m.attachments = attachments;
        m.content = content;
        m.embeds = embeds;
        m.components = components;
        m.edited_ms = Some(now);
        m.edits += 1;
        m.loading = false;
        self.log_message(id, false);
        Ok(())
    }

    /// The attachments of a message after this body and files (see [`upload::apply`]); a body
    /// naming files it did not send is Discord's 400.
    pub(super) fn attachments_after(
        &mut self,
        existing: &[Attachment],
        body: &Value,
        files: &[Upload],
        context: &str,
    ) -> Result<Vec<Attachment>, RestResp> {
        let out = upload::apply(existing, body, files, || self.id());
        match out {
            // Without the transcript (benchmarks of many games), the bytes are not kept: only
            // their size, which the message object reports.
            Ok(a) if !self.record => Ok(a
                .into_iter()
                .map(|a| Attachment {
                    bytes: Default::default(),
                    ..a
                })
                .collect()),
            Ok(a) => Ok(a),
            Err(e) => {
                self.violation(format!("{context}: {e}"));
                let p =
                    limits::Problem::new(&["attachments"], "ATTACHMENT_NOT_FOUND", e.clone(), e);
                Err(RestResp::form_error(&[p]))
            }
        }
    }

    /// A message that mentions users must say who may be pinged: never @everyone or roles.
    pub(super) fn check_mentions(&mut self, body: &Value, content: &str, context: &str) {
        if content.contains("@everyone") || content.contains("@here") {
            let parse = body
                .get("allowed_mentions")
                .and_then(|a| a.get("parse"))
                .and_then(Value::as_array);
            let everyone = parse.is_none_or(|p| p.iter().any(|x| x == "everyone"));
            if everyone {
                self.violation(format!("{context}: @everyone/@here can ping everybody"));
            }
        }
    }

    /// Without Embed Links, Discord drops a bot's embeds from a channel message (and refuses a
    /// message that had nothing else): the body without them, when that applies.
    pub(super) fn without_embeds(&self, channel: u64, body: &Value) -> Option<Value> {
        let has = body
            .get("embeds")
            .and_then(Value::as_array)
            .is_some_and(|e| !e.is_empty());
        if !has || self.bot_can(channel, perm::EMBED_LINKS) {
            return None;
        }
        let mut b = body.clone();
        b["embeds"] = json!([]);
        Some(b)
    }

    /// Whether `user` can see message `m` now.
    pub fn visible_to(&self, m: &MsgRec, user: u64) -> bool {
        if m.deleted {
            return false;
        }
        // An ephemeral message stays on its user's screen until their client reloads (the
        // interaction's token, 15 minutes, only bounds the bot's own edits of it).
        if let Some(u) = m.ephemeral_for {
            let reloaded = self.users.get(&user).map_or(0, |r| r.reloaded_ms);
            return u == user && m.created_ms >= reloaded;
        }
        match self.channels.get(&m.channel_id).map(|c| &c.kind) {
            Some(ChannelKind::Dm { user: u }) => *u == user,
            Some(_) => true,
            None => false,
        }
    }

    pub fn place_of(&self, m: &MsgRec) -> Place {
        if m.ephemeral_for.is_some() {
            return Place::Ephemeral;
        }
        match self.channels.get(&m.channel_id).map(|c| &c.kind) {
            Some(ChannelKind::Thread { .. }) => Place::Thread,
            Some(ChannelKind::Dm { .. }) => Place::Dm,
            _ => Place::Channel,
        }
    }

    pub fn view(&self, m: &MsgRec) -> MessageView {
        MessageView::from_rec(m, self.place_of(m))
    }
}
