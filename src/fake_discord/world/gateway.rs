//! Interactions and the gateway: new interactions and their dispatch to the right shard, sessions,
//! identify and resume, delivery, and the fault rules.

use super::*;

impl World {
    /// Records a new interaction and queues its INTERACTION_CREATE.
    pub fn new_interaction(
        &mut self,
        user: u64,
        kind: u8,
        channel_id: u64,
        data: Value,
        message: Option<u64>,
        what: String,
    ) -> (u64, String) {
        let id = self.interaction_id();
        let token = format!("fake-token-{id}-{}", self.roll().to_bits() % 1_000_000);
        let dm = matches!(
            self.channels.get(&channel_id).map(|c| &c.kind),
            Some(ChannelKind::Dm { .. })
        );
        let user_json = self.user_json(user);
        let member_json = (!dm).then(|| self.member_json(user));
        let origin = match &member_json {
            Some(m) => Origin::Guild {
                channel: channel_id,
                member: m,
            },
            None => Origin::Dm {
                channel: channel_id,
                user: &user_json,
            },
        };
        let msg_json = message
            .and_then(|m| self.messages.get(&m))
            .map(|m| self.message_json(m));
        let mut payload = json::interaction(id, &token, kind, data, &origin, msg_json);
        payload["locale"] = json!(self.locales.get(&user).map_or("en-US", String::as_str));
        if !dm {
            let guild = self
                .guild_of(channel_id)
                .unwrap_or(json::GUILD_ID)
                .to_string();
            payload["guild_id"] = json!(guild);
            payload["authorizing_integration_owners"] = json!({"0": guild});
            payload["guild_locale"] = json!(self.guild_locale);
            // The bot's permissions where the interaction happened (in a thread: computed from
            // its parent), as Discord sends them.
            payload["app_permissions"] = json!(self.bot_perms(channel_id).to_string());
            // The channel as Discord describes it in an interaction: its type (a thread, an
            // announcement channel...) and, for a thread, its parent.
            if let Some(c) = self.channels.get(&channel_id) {
                payload["channel"] = self.channel_json(c);
            }
        }
        let now = self.now_ms();
        self.interactions.insert(
            id,
            IxRec {
                id,
                token: token.clone(),
                user,
                kind,
                channel_id,
                message,
                what,
                created_ms: now,
                queued_at: Instant::now(),
                dispatched_at: None,
                callback: None,
                callback_failed: false,
                original: None,
                followups: Vec::new(),
                forgiven: false,
                webhook_after: Vec::new(),
            },
        );
        self.by_token.insert(token.clone(), id);
        self.dispatch("INTERACTION_CREATE", payload, Some(id));
        (id, token)
    }

    /// Wakes whoever waits for the answer to interaction `id`.
    pub fn wake(&mut self, id: u64) {
        for tx in self.reply_waiters.remove(&id).unwrap_or_default() {
            let _ = tx.send(());
        }
    }

    // ------------------------------------------------------------------ gateway

    /// The shard a dispatch goes to: the one carrying its guild (`guild_id`, or the guild itself
    /// for GUILD_CREATE), shard 0 for anything outside a guild (DMs).
    pub(super) fn shard_for(&self, t: &str, d: &Value) -> u32 {
        let guild = match t {
            "GUILD_CREATE" | "GUILD_UPDATE" | "GUILD_DELETE" => d.get("id"),
            _ => d.get("guild_id"),
        };
        match guild
            .and_then(Value::as_str)
            .and_then(|g| g.parse::<u64>().ok())
        {
            Some(g) => ((g >> 22) % u64::from(self.gateway.total.max(1))) as u32,
            None => 0,
        }
    }

    /// Queues a gateway dispatch on the shard that carries it: sent now when its session is
    /// live, replayed on RESUME, held until the shard's next session otherwise.
    pub fn dispatch(&mut self, t: &str, d: Value, interaction: Option<u64>) {
        let shard = self.shard_for(t, &d);
        self.dispatch_to(shard, t, d, interaction)
    }

    pub(super) fn dispatch_to(&mut self, shard: u32, t: &str, d: Value, interaction: Option<u64>) {
        let item = Dispatch {
            t: t.to_string(),
            d,
            interaction,
        };
        let link = self.gateway.links.entry(shard).or_default();
        let Some(session) = link.session.as_mut() else {
            match interaction {
                // No bot has ever connected this shard: Discord has nobody to send it to.
                Some(i) => self.lose_interaction(i, "no gateway session"),
                None => link.pending.push(item),
            }
            return;
        };
        session.seq += 1;
        let seq = session.seq;
        session.log.push_back((seq, item.clone()));
        while session.log.len() > SESSION_LOG {
            session.log.pop_front();
        }
        if link.ready
            && let Some(conn) = &link.conn
        {
            let _ = conn.tx.send(frame(seq, &item));
        }
    }

    /// An interaction that never reaches the bot: the user sees "This interaction failed".
    pub(super) fn lose_interaction(&mut self, id: u64, why: &str) {
        if let Some(i) = self.interactions.get_mut(&id) {
            i.callback_failed = true;
            let what = i.what.clone();
            self.note(format!(
                "{what} never reached the bot ({why}): \"This interaction failed\"."
            ));
        }
        self.wake(id);
    }

    /// A new WebSocket connection (not bound to a shard until it identifies or resumes).
    pub fn connected(&mut self, conn: Conn) {
        self.gateway.connections += 1;
        self.gateway.unbound.insert(conn.id, conn);
    }

    /// The connection `conn` ended: its shard's session stays for a RESUME.
    pub fn disconnected(&mut self, conn: u64) {
        self.gateway.unbound.remove(&conn);
        for link in self.gateway.links.values_mut() {
            if link.conn.as_ref().is_some_and(|c| c.id == conn) {
                link.conn = None;
                link.ready = false;
            }
        }
    }

    /// Binds connection `conn` to shard `shard` (a newer connection of a shard replaces the old
    /// one, which is hung up). False if the connection is gone.
    pub(super) fn bind(&mut self, conn: u64, shard: u32) -> bool {
        let c = match self.gateway.unbound.remove(&conn) {
            Some(c) => c,
            None => match self.gateway.shard_of_conn(conn) {
                // Already bound (a second IDENTIFY on one connection): keep it where it is.
                Some(s) if s == shard => return true,
                Some(s) => {
                    let link = self.gateway.links.get_mut(&s).expect("bound");
                    link.ready = false;
                    link.conn.take().expect("bound")
                }
                None => return false,
            },
        };
        let link = self.gateway.links.entry(shard).or_default();
        if let Some(old) = link.conn.replace(c) {
            let _ = old.tx.send(WsOut::Abort);
        }
        link.ready = false;
        true
    }

    /// `session_start_limit` as `GET /gateway/bot` answers it now: (total, remaining,
    /// reset_after in ms). The day starts at the first IDENTIFY after a reset.
    pub fn session_start_limit(&mut self) -> (u32, u32, i64) {
        let now = self.now_ms();
        let g = &mut self.gateway;
        if g.session_day_from.is_some_and(|from| now >= from + DAY_MS) {
            g.session_day_from = None;
            g.session_starts_used = 0;
        }
        let reset_after = g.session_day_from.map_or(0, |from| from + DAY_MS - now);
        (
            g.session_starts_total,
            g.session_starts_total.saturating_sub(g.session_starts_used),
            reset_after,
        )
    }

    /// What the gateway does with an IDENTIFY before reading it further, as Discord's Gateway
    /// docs say ("Session Start Limit"):
    /// - one that comes less than `Limits::identify`'s window after the last one let through
    ///   (`max_concurrency` is 1) is answered with opcode 9, and is not counted as a session
    ///   start (the docs do not say it is; the bot must simply try again later);
    /// - otherwise it spends one of the day's session starts. With none left Discord resets the
    ///   bot's token and closes the connection (4004, authentication failed): a violation here,
    ///   since no bot should get there.
    pub fn identify_admitted(&mut self) -> IdentifyAdmission {
        let now = std::time::Instant::now();
        let (calls, window) = self.rate.limits.identify;
        if self.rate.limits.enabled
            && calls > 0
            && self
                .gateway
                .last_identify
                .is_some_and(|last| now.duration_since(last) < window)
        {
            self.gateway.identifies_too_fast += 1;
            self.note(format!(
                "The gateway answered an IDENTIFY that came within {} ms of the last one with opcode 9, as Discord does.",
                window.as_millis()
            ));
            return IdentifyAdmission::TooSoon;
        }
        let (_, remaining, _) = self.session_start_limit();
        if remaining == 0 {
            self.violation(format!(
                "gateway: IDENTIFY with the day's {} session starts spent (Discord resets the bot's token)",
                self.gateway.session_starts_total
            ));
            return IdentifyAdmission::Spent;
        }
        let today = self.now_ms();
        let g = &mut self.gateway;
        g.session_day_from.get_or_insert(today);
        g.session_starts_used += 1;
        g.last_identify = Some(now);
        IdentifyAdmission::Admitted
    }

    /// IDENTIFY on connection `conn` as shard `shard` of `total`: a new session for that shard,
    /// READY, GUILD_CREATE for each guild the shard carries, then whatever was waiting
    /// (undelivered dispatches of the shard's older session, except interactions: Discord never
    /// sends an INTERACTION_CREATE to a session other than the one it was created for, and only
    /// a RESUME of that session replays it).
    pub fn identify(&mut self, conn: u64, shard: u32, total: u32) {
        self.gateway.identifies += 1;
        if total != self.gateway.total && self.gateway.links.values().any(Link::live) {
            self.violation(format!(
                "gateway: IDENTIFY as shard {shard} of {total} while other shards run with {}",
                self.gateway.total
            ));
        }
        self.gateway.total = total.max(1);
        if !self.bind(conn, shard) {
            return;
        }
        let sid = format!("fake-session-{}", self.id());
        let link = self.gateway.links.entry(shard).or_default();
        let mut carried = Vec::new();
        let mut lost = Vec::new();
        if let Some(old) = link.session.take() {
            for (s, d) in old.log {
                if s <= old.delivered {
                    continue;
                }
                match d.interaction {
                    Some(i) => lost.push(i),
                    None => carried.push(d),
                }
            }
        }
        carried.append(&mut link.pending);
        link.session = Some(Session {
            id: sid.clone(),
            seq: 0,
            log: VecDeque::new(),
            delivered: 0,
        });
        link.ready = true;
        for i in lost {
            self.lose_interaction(i, "its gateway session ended; a new session never gets it");
        }
        // READY lists the guilds this shard carries, and each follows as GUILD_CREATE on it.
        let guilds = self.guilds_on(shard);
        let ready = json::ready(&sid, &self.ws_url, shard, self.gateway.total, &guilds);
        self.dispatch_to(shard, "READY", ready, None);
        for g in guilds {
            let guild = self.guild_create_of(g);
            self.dispatch_to(shard, "GUILD_CREATE", guild, None);
        }
        for d in carried {
            self.dispatch_to(shard, &d.t, d.d, d.interaction);
        }
        self.note(if self.gateway.total > 1 {
            format!("The bot connected shard {shard} of {total} to the gateway (new session).")
        } else {
            "The bot connected to the gateway (new session).".to_string()
        });
    }

    /// RESUME: replay what the session missed, then RESUMED. False if the session is unknown.
    pub fn resume(&mut self, conn: u64, session_id: &str, seq: u64) -> bool {
        let Some(shard) = self
            .gateway
            .links
            .iter()
            .find(|(_, l)| l.session.as_ref().is_some_and(|s| s.id == session_id))
            .map(|(s, _)| *s)
        else {
            return false;
        };
        if !self.bind(conn, shard) {
            return false;
        }
        self.gateway.resumes += 1;
        let link = self.gateway.links.get_mut(&shard).expect("bound");
        let (Some(session), Some(c)) = (link.session.as_ref(), link.conn.as_ref()) else {
            return false;
        };
        let mut replayed = Vec::new();
        for (s, d) in session.log.iter().filter(|(s, _)| *s > seq) {
            let _ = c.tx.send(frame(*s, d));
            replayed.extend(d.interaction);
        }
        link.ready = true;
        // The 3 seconds still count from the interaction's creation; `dispatched_at` records the
        // delivery the bot actually received.
        for i in replayed {
            if let Some(ix) = self.interactions.get_mut(&i) {
                ix.dispatched_at = None;
            }
        }
        self.dispatch_to(shard, "RESUMED", json!({}), None);
        self.note("The bot resumed its gateway session.");
        true
    }

    /// Connection `conn` wrote dispatch `seq` (carrying `interaction`).
    pub fn delivered(&mut self, conn: u64, seq: u64, interaction: Option<u64>) {
        if let Some(s) = self.gateway.shard_of_conn(conn)
            && let Some(session) = self
                .gateway
                .links
                .get_mut(&s)
                .and_then(|l| l.session.as_mut())
        {
            session.delivered = session.delivered.max(seq);
        }
        if let Some(ix) = interaction.and_then(|i| self.interactions.get_mut(&i))
            && ix.dispatched_at.is_none()
        {
            ix.dispatched_at = Some(Instant::now());
        }
    }

    // ------------------------------------------------------------------ faults

    /// The fault to apply to a request of this kind (`files`: it carries files), if any. A
    /// rule naming [`RouteKind::Upload`] takes only requests with files: of any route when it
    /// names no other kind, else of the routes it names.
    pub fn fault_for(&mut self, kind: RouteKind, files: bool) -> Option<FaultAction> {
        for k in 0..self.faults.len() {
            let r = &self.faults[k];
            let routes = || r.kinds.contains(&kind);
            let applies = if r.kinds.is_empty() {
                true
            } else if r.kinds.contains(&RouteKind::Upload) {
                files && (r.kinds.len() == 1 || routes())
            } else {
                routes()
            };
            if !applies || r.remaining == Some(0) {
                continue;
            }
            let p = r.probability;
            if self.roll() < p {
                let r = &mut self.faults[k];
                if let Some(n) = r.remaining.as_mut() {
                    *n -= 1;
                }
                return Some(r.action.clone());
            }
        }
        None
    }
}

/// [`World::identify_admitted`]'s answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdentifyAdmission {
    Admitted,
    /// Too soon after the last IDENTIFY: opcode 9.
    TooSoon,
    /// The day's session starts are spent: the token is reset (close 4004).
    Spent,
}
