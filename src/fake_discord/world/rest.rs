//! The REST API: routes classified and answered (commands, interaction callbacks, webhooks,
//! channel messages, threads, DMs), under the world's one lock.

use super::*;

impl World {
    /// Classifies a path (after `/api/v10`).
    pub fn route_kind(method: &str, path: &str) -> RouteKind {
        let p: Vec<&str> = path.trim_matches('/').split('/').collect();
        match (method, p.as_slice()) {
            ("GET", ["gateway"] | ["gateway", "bot"]) => RouteKind::Gateway,
            ("GET", ["oauth2", "applications", "@me"]) | ("GET", ["users", "@me"]) => {
                RouteKind::Application
            }
            (_, ["applications", _, "commands", ..])
            | (_, ["applications", _, "guilds", _, "commands", ..]) => RouteKind::Commands,
            ("POST", ["interactions", _, _, "callback"]) => RouteKind::Callback,
            ("POST", ["webhooks", _, _]) => RouteKind::Followup,
            (_, ["webhooks", _, _, "messages", _]) => RouteKind::WebhookMessage,
            ("POST", ["channels", _, "messages"]) => RouteKind::CreateMessage,
            ("PATCH", ["channels", _, "messages", _]) => RouteKind::EditMessage,
            ("GET", ["channels", _, "messages", _]) => RouteKind::GetMessage,
            ("DELETE", ["channels", _, "messages", _]) => RouteKind::DeleteMessage,
            ("POST", ["channels", _, "messages", _, "threads"] | ["channels", _, "threads"]) => {
                RouteKind::CreateThread
            }
            ("POST", ["users", "@me", "channels"]) => RouteKind::CreateDm,
            ("GET", ["channels", _]) => RouteKind::GetChannel,
            ("POST", ["channels", _, "typing"]) => RouteKind::Other,
            _ => RouteKind::Unknown,
        }
    }

    /// Answers one REST request.
    pub fn handle(&mut self, req: &RestReq<'_>) -> (RestResp, Option<u64>) {
        let p: Vec<&str> = req.path.trim_matches('/').split('/').collect();
        let empty = Value::Null;
        let body = req.body.unwrap_or(&empty);
        let context = format!("{} {}", req.method, redact(req.path));
        // What Discord's own description of its API does not allow is refused before anything
        // else, as Discord validates a body before it acts on it.
        if let Some(b) = req.body {
            let problems = crate::fake_discord::openapi::check_request(req.method, req.path, b);
            if !problems.is_empty() {
                return (self.refuse_form(&context, &problems), None);
            }
        }
        self.uploads = req.files.to_vec();
        let answer = self.route(req, &p, body, &context);
        // Files sent to a route that takes none (or refused before use) are dropped, never left
        // for the next request.
        let unused = std::mem::take(&mut self.uploads);
        if !unused.is_empty() && answer.0.status < 300 {
            self.violation(format!(
                "{context}: files sent to a route that does not take them"
            ));
        }
        answer
    }

    pub(super) fn route(
        &mut self,
        req: &RestReq<'_>,
        p: &[&str],
        body: &Value,
        context: &str,
    ) -> (RestResp, Option<u64>) {
        let context = context.to_string();
        match (req.method, p) {
            ("GET", ["gateway"]) => (RestResp::ok(json!({"url": self.ws_url})), None),
            ("GET", ["gateway", "bot"]) => {
                let (total, remaining, reset_after) = self.session_start_limit();
                (
                    RestResp::ok(json!({
                        "url": self.ws_url,
                        "shards": self.gateway.recommended,
                        "session_start_limit": {
                            "total": total,
                            "remaining": remaining,
                            "reset_after": reset_after,
                            "max_concurrency": self.rate.limits.identify.0.max(1)
                        }
                    })),
                    None,
                )
            }
            ("GET", ["oauth2", "applications", "@me"]) => (RestResp::ok(json::application()), None),
            ("GET", ["users", "@me"]) => (RestResp::ok(json::bot_user()), None),
            ("PUT", ["applications", app, "commands"])
            | ("PUT", ["applications", app, "guilds", _, "commands"]) => {
                (self.register_commands(app, body, &context), None)
            }
            ("GET", ["applications", _, "commands"])
            | ("GET", ["applications", _, "guilds", _, "commands"]) => {
                (RestResp::ok(Value::Array(self.commands.clone())), None)
            }
            ("POST", ["interactions", id, token, "callback"]) => {
                let id = path_id(id);
                (self.callback(id, token, body, &context), Some(id))
            }
            ("POST", ["webhooks", app, token]) => {
                self.on_webhook(app, token, &context, |w, id, ix| {
                    w.followup(id, ix, body, &context)
                })
            }
            (m, ["webhooks", app, token, "messages", which]) => {
                self.on_webhook(app, token, &context, |w, id, ix| {
                    w.webhook_message(m, id, ix, which, body, &context)
                })
            }
            ("POST", ["channels", c, "messages"]) => {
                (self.post_channel_message(c, body, &context), None)
            }
            (m @ ("GET" | "PATCH" | "DELETE"), ["channels", c, "messages", mid]) => (
                self.channel_message(m, path_id(c), path_id(mid), body, &context),
                None,
            ),
            ("POST", ["channels", c, "messages", mid, "threads"]) => (
                self.create_thread(path_id(c), path_id(mid), body, &context),
                None,
            ),
            ("POST", ["channels", c, "threads"]) => {
                (self.create_thread_alone(c, body, &context), None)
            }
            ("POST", ["users", "@me", "channels"]) => (self.create_dm(body), None),
            ("GET", ["channels", c]) => {
                let resp = match c.parse::<u64>().ok().and_then(|c| self.channels.get(&c)) {
                    Some(ch) => RestResp::ok(self.channel_json(ch)),
                    None => RestResp::err(404, 10003, "Unknown Channel"),
                };
                (resp, None)
            }
            ("POST", ["channels", _, "typing"]) => (RestResp::no_content(), None),
            _ => {
                self.violation(format!(
                    "unknown route {context}: the fake does not implement it"
                ));
                (RestResp::err(404, 0, "404: Not Found"), None)
            }
        }
    }

    pub(super) fn register_commands(&mut self, app: &str, body: &Value, context: &str) -> RestResp {
        if app != APP_ID.to_string() {
            self.violation(format!("{context}: wrong application id"));
        }
        let Some(list) = body.as_array() else {
            self.violation(format!("{context}: the body is not an array of commands"));
            return RestResp::err(400, 50035, "Invalid Form Body");
        };
        let problems = crate::fake_discord::commands::check_registration(list);
        if !problems.is_empty() {
            return self.refuse_form(context, &problems);
        }
        let mut out = Vec::new();
        for c in list {
            let mut c = c.clone();
            c["id"] = json!(self.id().to_string());
            c["application_id"] = json!(APP_ID.to_string());
            c["version"] = json!("1");
            if c.get("type").is_none() {
                c["type"] = json!(1);
            }
            if c.get("description").is_none() {
                c["description"] = json!("");
            }
            out.push(c);
        }
        self.commands = out.clone();
        RestResp::ok(Value::Array(out))
    }

    pub(super) fn callback(
        &mut self,
        id: u64,
        token: &str,
        body: &Value,
        context: &str,
    ) -> RestResp {
        let Some(ix) = self.interactions.get(&id).cloned() else {
            self.violation(format!("{context}: callback for an unknown interaction"));
            return RestResp::err(404, 10062, "Unknown interaction");
        };
        if ix.token != token {
            self.violation(format!("{context}: callback with the wrong token"));
            return RestResp::err(401, 50027, "Invalid Webhook Token");
        }
        if ix.callback.is_some() {
            self.violation(format!(
                "{context}: second callback for interaction {} ({})",
                ix.id, ix.what
            ));
            return RestResp::err(400, 40060, "Interaction has already been acknowledged.");
        }
        let kind = body.get("type").and_then(Value::as_u64).unwrap_or(0) as u8;
        let data = body.get("data").cloned().unwrap_or(Value::Null);
        // The 3 seconds count from the interaction's creation (the user's click), the time its
        // id is stamped with, not from its delivery: a late answer is refused and the user has
        // seen "This interaction failed".
        let after = Duration::from_millis(wall_ms().saturating_sub(snowflake_ms(ix.id)));
        if after > self.deadline {
            if !ix.forgiven {
                self.violation(format!(
                    "{context}: callback {:.2} s after the interaction ({}) (Discord allows 3 s): \
                     answered 404 Unknown interaction",
                    after.as_secs_f64(),
                    ix.what
                ));
            }
            if let Some(i) = self.interactions.get_mut(&id) {
                i.callback_failed = true;
            }
            self.wake(id);
            return RestResp::err(404, 10062, "Unknown interaction");
        }
        let what = format!("{context} (type {kind}, for {})", ix.what);
        let mut original = None;
        match (kind, ix.kind) {
            (4, 2 | 3) => {
                let ephemeral = data.get("flags").and_then(Value::as_u64).unwrap_or(0) & 64 != 0;
                let m = self.create_message(
                    ix.channel_id,
                    &data,
                    ephemeral.then_some(ix.user),
                    Some((ix.id, ix.kind, ix.user)),
                    &what,
                    &["data"],
                );
                match m {
                    Ok(m) => original = Some(m),
                    Err(r) => return r,
                }
            }
            (5, 2 | 3) => {
                let ephemeral = data.get("flags").and_then(Value::as_u64).unwrap_or(0) & 64 != 0;
                let m = self
                    .create_message(
                        ix.channel_id,
                        &json!({"content": ""}),
                        ephemeral.then_some(ix.user),
                        Some((ix.id, ix.kind, ix.user)),
                        "deferred",
                        &["data"],
                    )
                    .unwrap_or_else(|_| unreachable!("an empty deferred message is allowed"));
                if let Some(msg) = self.messages.get_mut(&m) {
                    msg.loading = true;
                    msg.flags |= 128;
                }
                original = Some(m);
            }
            (6, 3) => original = ix.message,
            (7, 3) => {
                if let Some(mid) = ix.message {
                    let ok = self.messages.get(&mid).is_some_and(|m| !m.deleted);
                    if ok {
                        if let Err(r) = self.edit_message(mid, &data, &what, &["data"]) {
                            return r;
                        }
                    } else {
                        self.violation(format!("{what}: the clicked message is gone"));
                    }
                }
                original = ix.message;
            }
            (8, 4) => {
                let choices = array(data.get("choices"));
                let problems: Vec<limits::Problem> = limits::check_choices(&choices)
                    .into_iter()
                    .map(|p| p.under(&["data"]))
                    .collect();
                if !problems.is_empty() {
                    return self.refuse_form(&what, &problems);
                }
            }
            (9, 2 | 3) => {}
            (k, i) => {
                self.violation(format!(
                    "{context}: callback type {k} is not valid for an interaction of type {i}"
                ));
                let p = limits::Problem::new(
                    &["type"],
                    "INTERACTION_RESPONSE_TYPE_INVALID",
                    "Invalid interaction response type",
                    "",
                );
                return RestResp::form_error(&[p]);
            }
        }
        // Without the transcript (benchmarks), keep only what players read: content and flags.
        let data = if self.record {
            data
        } else {
            json!({"content": data.get("content"), "flags": data.get("flags")})
        };
        let ixm = self.interactions.get_mut(&id).expect("checked");
        ixm.callback = Some(CallbackRec { kind, data, after });
        ixm.original = original;
        self.wake(id);
        RestResp::no_content()
    }

    /// The interaction for a webhook token, checked: right application, known token, not expired.
    pub(super) fn webhook_ix(
        &mut self,
        app: &str,
        token: &str,
        context: &str,
    ) -> Result<u64, RestResp> {
        if app != APP_ID.to_string() {
            self.violation(format!("{context}: wrong application id in a webhook URL"));
            return Err(RestResp::err(404, 10015, "Unknown Webhook"));
        }
        let Some(&id) = self.by_token.get(token) else {
            self.violation(format!("{context}: unknown interaction token"));
            return Err(RestResp::err(404, 10015, "Unknown Webhook"));
        };
        let ix = &self.interactions[&id];
        if self.now_ms() > ix.created_ms + TOKEN_LIFETIME_MS {
            return Err(RestResp::err(401, 50027, "Invalid Webhook Token"));
        }
        if ix.callback.is_none() {
            self.violation(format!(
                "{context}: webhook call before the interaction was answered"
            ));
            return Err(RestResp::err(404, 10015, "Unknown Webhook"));
        }
        Ok(id)
    }

    /// A webhook call on the interaction of `token`, checked by [`World::webhook_ix`]: `answer`
    /// makes the response from the interaction's id and record. Returns it with that id.
    fn on_webhook(
        &mut self,
        app: &str,
        token: &str,
        context: &str,
        answer: impl FnOnce(&mut Self, u64, IxRec) -> RestResp,
    ) -> (RestResp, Option<u64>) {
        match self.webhook_ix(app, token, context) {
            Ok(id) => {
                let ix = self.interactions[&id].clone();
                (answer(self, id, ix), Some(id))
            }
            Err(r) => (r, None),
        }
    }

    /// A follow-up message to interaction `id`.
    fn followup(&mut self, id: u64, ix: IxRec, body: &Value, context: &str) -> RestResp {
        let what = format!("{context} (follow-up to {})", ix.what);
        // After a deferred response, the first follow-up fills the "thinking" message.
        if let Some(orig) = ix.original
            && self.messages.get(&orig).is_some_and(|m| m.loading)
        {
            if let Err(r) = self.edit_message(orig, body, &what, &[]) {
                return r;
            }
            self.wake(id);
            return RestResp::ok(self.message_json(&self.messages[&orig]));
        }
        let ephemeral = body.get("flags").and_then(Value::as_u64).unwrap_or(0) & 64 != 0;
        let mid = match self.create_message(
            ix.channel_id,
            body,
            ephemeral.then_some(ix.user),
            Some((ix.id, ix.kind, ix.user)),
            &what,
            &[],
        ) {
            Ok(m) => m,
            Err(r) => return r,
        };
        self.interactions
            .get_mut(&id)
            .expect("known")
            .followups
            .push(mid);
        RestResp::ok(self.message_json(&self.messages[&mid]))
    }

    /// `method` on interaction `id`'s original response or one of its follow-ups (`which`).
    fn webhook_message(
        &mut self,
        method: &str,
        id: u64,
        ix: IxRec,
        which: &str,
        body: &Value,
        context: &str,
    ) -> RestResp {
        let target = if which == "@original" {
            ix.original
        } else {
            which
                .parse::<u64>()
                .ok()
                .filter(|m| ix.followups.contains(m) || Some(*m) == ix.original)
        };
        let Some(mid) = target.filter(|m| self.messages.get(m).is_some_and(|m| !m.deleted)) else {
            return RestResp::err(404, 10008, "Unknown Message");
        };
        let what = format!("{context} (for {})", ix.what);
        match method {
            "GET" => {}
            "PATCH" => {
                if let Err(r) = self.edit_message(mid, body, &what, &[]) {
                    return r;
                }
                self.wake(id);
            }
            "DELETE" => {
                self.delete(mid);
                return RestResp::no_content();
            }
            _ => {
                self.violation(format!("unknown route {context}"));
                return RestResp::err(405, 0, "405: Method Not Allowed");
            }
        }
        RestResp::ok(self.message_json(&self.messages[&mid]))
    }

    pub(super) fn delete(&mut self, id: u64) {
        if let Some(m) = self.messages.get_mut(&id) {
            m.deleted = true;
        }
        if self.record {
            let ms = self.now_ms();
            self.log.push(LogEntry {
                ms,
                kind: LogKind::Deleted { id },
            });
        }
    }

    pub(super) fn post_channel_message(
        &mut self,
        c: &str,
        body: &Value,
        context: &str,
    ) -> RestResp {
        let Some(ch) = c
            .parse::<u64>()
            .ok()
            .and_then(|c| self.channels.get(&c))
            .cloned()
        else {
            // A channel deleted under the bot is Discord's doing, not the bot's mistake.
            if !c
                .parse::<u64>()
                .is_ok_and(|c| self.deleted_channels.contains(&c))
            {
                self.violation(format!("{context}: unknown channel"));
            }
            return RestResp::err(404, 10003, "Unknown Channel");
        };
        if let ChannelKind::Dm { user } = ch.kind
            && self.users.get(&user).is_some_and(|u| u.refuse_dm)
        {
            return RestResp::err(403, 50007, "Cannot send messages to this user");
        }
        // A forum channel holds posts (threads) only: Discord refuses a message in it
        // ("Cannot send messages in a non-text channel").
        if ch.kind == ChannelKind::Forum {
            self.violation(format!("{context}: a message in a forum channel"));
            return RestResp::err(400, 50008, "Cannot send messages in a non-text channel");
        }
        if body.get("flags").and_then(Value::as_u64).unwrap_or(0) & 64 != 0 {
            self.violation(format!(
                "{context}: the ephemeral flag only works on interaction responses"
            ));
        }
        let send = match ch.kind {
            ChannelKind::Thread { .. } => perm::SEND_MESSAGES_IN_THREADS,
            _ => perm::SEND_MESSAGES,
        };
        if let Some(refused) = self.lacks(ch.id, perm::VIEW_CHANNEL | send, context) {
            return refused;
        }
        // A locked thread takes posts from those with Manage Threads only; an archived one is
        // reopened by the post (docs: "Threads").
        if let Some(state) = self.thread_states.get(&ch.id).copied() {
            let moderator = self.bot_can(ch.id, perm::MANAGE_THREADS);
            if state.locked && !moderator {
                self.note(format!("{context}: refused, the thread is locked."));
                return RestResp::err(403, 50083, "Thread is locked");
            }
            if state.archived {
                self.set_thread_state(ch.id, super::ThreadState::default());
                self.note("The bot's post reopened the archived thread.");
            }
        }
        // Files need Attach Files: Discord refuses the whole message (it does not drop the
        // files as it drops embeds).
        if !self.uploads.is_empty()
            && let Some(refused) = self.lacks(ch.id, perm::ATTACH_FILES, context)
        {
            return refused;
        }
        let stripped;
        let body = match self.without_embeds(ch.id, body) {
            Some(b) if is_empty_message(&b) => {
                self.note(format!(
                    "{context}: refused, embeds only and the bot may not embed links here."
                ));
                return missing_permissions();
            }
            Some(b) => {
                stripped = b;
                &stripped
            }
            None => body,
        };
        match self.create_message(ch.id, body, None, None, context, &[]) {
            Ok(id) => RestResp::ok(self.message_json(&self.messages[&id])),
            Err(r) => r,
        }
    }

    fn channel_message(
        &mut self,
        method: &str,
        c: u64,
        mid: u64,
        body: &Value,
        context: &str,
    ) -> RestResp {
        if self.deleted_channels.contains(&c) {
            return RestResp::err(404, 10003, "Unknown Channel");
        }
        let found = self
            .messages
            .get(&mid)
            .filter(|m| m.channel_id == c && !m.deleted && m.ephemeral_for.is_none())
            .cloned();
        let Some(m) = found else {
            // Ephemeral messages cannot be reached with the bot token: only through the
            // interaction's webhook, for 15 minutes.
            return RestResp::err(404, 10008, "Unknown Message");
        };
        // Reading a message needs Read Message History; editing or deleting one's own, only
        // to see the channel (docs: "Get Channel Message", "Edit Message").
        let needed = match method {
            "GET" => perm::VIEW_CHANNEL | perm::READ_MESSAGE_HISTORY,
            _ => perm::VIEW_CHANNEL,
        };
        if let Some(refused) = self.lacks(c, needed, context) {
            return refused;
        }
        if method == "PATCH"
            && !self.uploads.is_empty()
            && let Some(refused) = self.lacks(c, perm::ATTACH_FILES, context)
        {
            return refused;
        }
        match method {
            "GET" => RestResp::ok(self.message_json(&m)),
            "PATCH" => {
                if m.author != APP_ID {
                    return RestResp::err(
                        403,
                        50005,
                        "Cannot edit a message authored by another user",
                    );
                }
                let stripped = self.without_embeds(c, body);
                let body = stripped.as_ref().unwrap_or(body);
                match self.edit_message(mid, body, context, &[]) {
                    Ok(()) => RestResp::ok(self.message_json(&self.messages[&mid])),
                    Err(r) => r,
                }
            }
            _ => {
                self.delete(mid);
                RestResp::no_content()
            }
        }
    }

    fn create_thread(&mut self, c: u64, mid: u64, body: &Value, context: &str) -> RestResp {
        let Some(m) = self
            .messages
            .get(&mid)
            .filter(|m| m.channel_id == c && !m.deleted)
        else {
            return RestResp::err(404, 10008, "Unknown Message");
        };
        if m.thread.is_some() {
            return RestResp::err(
                400,
                160004,
                "A thread has already been created for this message",
            );
        }
        self.start_thread(c, Some(mid), body, context)
    }

    /// "Start Thread without Message": a public thread (type 11 in the body, as the docs
    /// require of this route) with an id of its own.
    pub(super) fn create_thread_alone(&mut self, c: &str, body: &Value, context: &str) -> RestResp {
        let c = c.parse::<u64>().unwrap_or(0);
        if self.deleted_channels.contains(&c) || !self.channels.contains_key(&c) {
            return RestResp::err(404, 10003, "Unknown Channel");
        }
        if body.get("type").and_then(Value::as_u64) != Some(11) {
            let p = limits::Problem::new(
                &["type"],
                "BASE_TYPE_CHOICES",
                "Value must be one of {10, 11, 12}.",
                format!(
                    "thread type {:?}: the bot makes public threads (11)",
                    body.get("type")
                ),
            );
            return self.refuse_form(context, &[p]);
        }
        self.start_thread(c, None, body, context)
    }

    pub(super) fn start_thread(
        &mut self,
        c: u64,
        starter: Option<u64>,
        body: &Value,
        context: &str,
    ) -> RestResp {
        if let Some(refused) =
            self.lacks(c, perm::VIEW_CHANNEL | perm::CREATE_PUBLIC_THREADS, context)
        {
            return refused;
        }
        if !matches!(
            self.channels.get(&c).map(|ch| &ch.kind),
            Some(ChannelKind::Text)
        ) {
            self.violation(format!(
                "{context}: threads can only start in a text channel"
            ));
            return RestResp::err(400, 50024, "Cannot execute action on this channel type");
        }
        let name = body.get("name").and_then(Value::as_str).unwrap_or("");
        let mut problems = Vec::new();
        let n = name.chars().count();
        if n == 0 || n > 100 {
            problems.push(limits::Problem::bad_length(
                &["name"],
                1,
                100,
                format!("thread name has {n} characters (1..=100)"),
            ));
        }
        // Docs, "Start Thread from Message": auto_archive_duration is one of 60, 1440, 4320, 10080.
        if let Some(a) = body.get("auto_archive_duration")
            && !a
                .as_u64()
                .is_some_and(|a| matches!(a, 60 | 1440 | 4320 | 10080))
        {
            problems.push(limits::Problem::new(
                &["auto_archive_duration"],
                "BASE_TYPE_CHOICES",
                "Value must be one of {60, 1440, 4320, 10080}.",
                format!("auto_archive_duration {a} is not 60, 1440, 4320 or 10080"),
            ));
        }
        if !problems.is_empty() {
            return self.refuse_form(context, &problems);
        }
        // A thread started from a message has the message's id; one without, an id of its own.
        let mid = match starter {
            Some(m) => m,
            None => self.id(),
        };
        self.channels.insert(
            mid,
            ChannelRec {
                id: mid,
                name: name.to_string(),
                kind: ChannelKind::Thread {
                    parent: c,
                    starter: starter.unwrap_or(0),
                },
                guild: self.guild_of(c),
            },
        );
        if let Some(m) = starter.and_then(|m| self.messages.get_mut(&m)) {
            m.thread = Some(mid);
        }
        let archive = body
            .get("auto_archive_duration")
            .and_then(Value::as_u64)
            .unwrap_or(4320);
        let mut t = json::thread_channel(mid, c, name, archive, self.now_ms());
        t["guild_id"] = json!(self.guild_of(c).unwrap_or(json::GUILD_ID).to_string());
        let mut created = t.clone();
        created["newly_created"] = json!(true);
        self.dispatch("THREAD_CREATE", created, None);
        self.note(format!("The bot started the thread “{name}”."));
        RestResp::ok(t)
    }

    pub(super) fn create_dm(&mut self, body: &Value) -> RestResp {
        let user = body
            .get("recipient_id")
            .and_then(|v| {
                v.as_str()
                    .and_then(|s| s.parse::<u64>().ok())
                    .or(v.as_u64())
            })
            .unwrap_or(0);
        let Some(u) = self.users.get(&user).cloned() else {
            return RestResp::err(400, 50033, "Invalid Recipient(s)");
        };
        let id = match u.dm_channel {
            Some(id) => id,
            None => {
                let id = self.id();
                self.channels.insert(
                    id,
                    ChannelRec {
                        id,
                        name: format!("DM {}", u.name),
                        kind: ChannelKind::Dm { user },
                        guild: None,
                    },
                );
                self.users.get_mut(&user).expect("known").dm_channel = Some(id);
                id
            }
        };
        let recipient = self.user_json(user);
        RestResp::ok(json::dm_channel(id, &recipient))
    }

    /// Interactions that were delivered but never answered (and not forgiven).
    pub fn unanswered(&self, older_than: Duration) -> Vec<&IxRec> {
        let mut v: Vec<&IxRec> = self
            .interactions
            .values()
            .filter(|i| {
                i.callback.is_none()
                    && !i.callback_failed
                    && !i.forgiven
                    && i.dispatched_at.is_some_and(|d| d.elapsed() > older_than)
            })
            .collect();
        v.sort_by_key(|i| i.id);
        v
    }
}

/// The id a request's path names; 0 (never an id) for anything else.
fn path_id(s: &str) -> u64 {
    s.parse().unwrap_or(0)
}
