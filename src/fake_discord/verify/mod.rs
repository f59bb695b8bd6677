//! Checks after a game, reading the database (verification only: players never do): replay the
//! stored action log with the engine from the stored seed, compare with the stored game and
//! with the scores the channel shows, and match every acknowledged click with a stored action.

use super::FakeDiscord;
use super::player::TableRef;
use super::record::MsgRec;
use super::view::MessageView;
use crate::discord::Data;
use crate::games::{Engine, TableSetup};
use crate::host::Hosted;
use crate::store::{Status, Table};
use serde_json::Value;

// Each game's own checks (`verify/fields_of_green.rs`, ...): its score pad, its privacy.
crate::game_modules!(pub);

/// A game replayed from its stored seed and actions.
pub struct Replay<G: Engine> {
    pub table: Table,
    /// The stored game (what the bot saved last).
    pub stored: G,
    /// The replayed game after every action: (version produced, seat, action, game after).
    pub steps: Vec<(i64, usize, G::Action, G)>,
    /// The game right after the start.
    pub initial: G,
}

/// The final score pad as the bot must show it (in a code block of the final score message and
/// of the table message), drawn by `render` from the replayed game.
pub trait ScorePadText: Hosted {
    fn expected_pad(&self, names: &[String]) -> Option<String>;
    /// Each seat's final total, by seat.
    fn totals(&self) -> Option<Vec<u32>>;
}

impl<G: Engine> Replay<G> {
    /// The game as it was at `version` (the last step at or before it).
    pub fn at(&self, version: i64) -> &G {
        self.steps
            .iter()
            .rev()
            .find(|(v, ..)| *v <= version)
            .map_or(&self.initial, |(.., g)| g)
    }

    pub fn last(&self) -> &G {
        self.steps.last().map_or(&self.initial, |(.., g)| g)
    }
}

/// Replays game `id` of game `G` from the database: set up from the stored seed and seats, then
/// every stored action in order.
pub async fn replay_as<G: Hosted>(data: &Data, id: i64) -> Result<Replay<G>, String> {
    let (table, stored) = data
        .service
        .load::<G>(id)
        .await
        .map_err(|e| format!("load game {id}: {e}"))?;
    let stored = stored.ok_or_else(|| format!("game {id} never started"))?;
    let setup = TableSetup {
        players: table.seats.len(),
        intro: table.game.options.intro,
        seed: table.game.seed,
    };
    let (initial, _) =
        G::start(G::rules(data.service.library()), &setup).map_err(|e| format!("setup: {e}"))?;
    let actions = data
        .service
        .store()
        .actions(id)
        .await
        .map_err(|e| format!("actions: {e}"))?;
    let mut game = initial.clone();
    let mut steps = Vec::with_capacity(actions.len());
    for (version, seat, json) in actions {
        let action: G::Action =
            serde_json::from_str(&json).map_err(|e| format!("action {json}: {e}"))?;
        game.apply(seat, &action).map_err(|e| {
            format!("stored action {json} (seat {seat}, version {version}) does not replay: {e}")
        })?;
        steps.push((version, seat, action, game.clone()));
    }
    Ok(Replay {
        table,
        stored,
        steps,
        initial,
    })
}

/// The first code block of a message's first embed.
pub fn code_block(m: &MessageView) -> Option<String> {
    first_code_block(&m.embeds.first()?.description)
}

/// The first code block of the text `d` (an embed's description), without its fences.
pub fn first_code_block(d: &str) -> Option<String> {
    let start = d.find("```")? + 3;
    let rest = &d[start..];
    let rest = rest.strip_prefix('\n').unwrap_or(rest);
    let end = rest.find("```")?;
    Some(rest[..end].trim_end_matches('\n').to_string())
}

/// The whole-game check for a table of game `G`: the stored game equals a replay of the stored
/// actions from the stored seed, the game is over, and the final score message and the table
/// message show the replay's score pad. Returns the pad.
pub async fn check_final_as<G: ScorePadText>(
    fake: &FakeDiscord,
    data: &Data,
    t: &TableRef,
) -> Result<String, String> {
    check_final_with_as::<G>(fake, data, t, true).await
}

/// [`check_final_as`]; with `strict` false (games played under injected faults), a missing
/// final score message (its post failed; posts are not retried) is accepted, and so is a table
/// message that does not show the end (its edit failed), but any score pad shown must be the
/// replay's.
pub async fn check_final_with_as<G: ScorePadText>(
    fake: &FakeDiscord,
    data: &Data,
    t: &TableRef,
    strict: bool,
) -> Result<String, String> {
    let require_message = strict;
    let r = replay_as::<G>(data, t.game).await?;
    if r.table.game.status != Status::Ended {
        return Err(format!(
            "game {} has status {:?}",
            t.game, r.table.game.status
        ));
    }
    let replayed = r.last();
    if !replayed.is_over() {
        return Err("the replayed game is not over".into());
    }
    let a = serde_json::to_value(replayed.snapshot()).map_err(|e| e.to_string())?;
    let b = serde_json::to_value(r.stored.snapshot()).map_err(|e| e.to_string())?;
    if a != b {
        return Err("the stored game differs from the replay of its own actions".into());
    }
    // Public messages are drawn in the server's language: so is the expected pad.
    let pad = crate::i18n::with(r.table.locale(), || replayed.expected_pad(&r.table.names()))
        .ok_or("no scores after the end")?;
    let find = || {
        fake.channel(t.play_channel())
            .into_iter()
            .find(|m| super::reading::starts_like(m.title(), "Final scores"))
    };
    let mut fin = find();
    // The final scores are posted after the last move's answer, and drawing their picture takes
    // a moment the fake cannot see as work: give the post up to 15 s to arrive.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    while fin.is_none() && require_message && std::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        fin = find();
    }
    match fin {
        Some(fin) => {
            let shown = code_block(&fin).ok_or("the final score message has no code block")?;
            if shown != pad {
                return Err(format!(
                    "the channel shows\n{shown}\nbut the replay scores\n{pad}"
                ));
            }
        }
        None if require_message => {
            return Err("no final score message in the game's channel".into());
        }
        None => {}
    }
    // The finished table message leads with the ranking in one line (issue 32), each entry
    // "<rank>. <name> <total>" ("<rank>位 <name> <total>点" in Japanese): every seat's name and
    // replayed total, highest first; the pad itself is behind its Scores button.
    let table_msg = fake.message(t.message).ok_or("the table message is gone")?;
    let first = table_msg
        .embeds
        .first()
        .and_then(|e| e.description.lines().next())
        .unwrap_or_default()
        .to_string();
    let totals = replayed.totals().ok_or("no totals after the end")?;
    let names = r.table.names();
    let mut at = Vec::new();
    for (seat, total) in totals.iter().enumerate() {
        let name = names.get(seat).cloned().unwrap_or_default();
        let md: String = name
            .chars()
            .flat_map(|c| {
                let escape = matches!(c, '*' | '_' | '~' | '`' | '|');
                escape.then_some('\\').into_iter().chain([c])
            })
            .collect();
        match first.find(&format!("{md} {total}")) {
            Some(i) => at.push((i, *total)),
            None if strict => {
                return Err(format!(
                    "the table message's first line does not rank {name} with {total}: {first:?} (drawn at version {:?}, the game is at version {})",
                    version_of(&table_msg, t.game),
                    r.table.game.version
                ));
            }
            None => return Ok(pad),
        }
    }
    at.sort();
    if at.windows(2).any(|w| w[0].1 < w[1].1) {
        return Err(format!(
            "the table message's ranking is not highest first: {first:?}"
        ));
    }
    if code_block(&table_msg).is_some() {
        return Err("the finished table message shows a code block, not the ranking".into());
    }
    Ok(pad)
}

/// Every message version in the fake's log (each post and each edit, in order): its record, how
/// the channel shows it, and who alone may read it (the user of a private answer or of a DM
/// channel; `None` for everyone who sees the channel). What the privacy checks go through.
pub fn logged_messages(
    fake: &FakeDiscord,
) -> Vec<(std::sync::Arc<MsgRec>, MessageView, Option<u64>)> {
    use super::world::LogKind;
    let dms = fake.dm_users();
    fake.log()
        .into_iter()
        .filter_map(|entry| match entry.kind {
            LogKind::Message { msg, .. } => Some(msg),
            _ => None,
        })
        .map(|msg| {
            let view = MessageView::from_rec(&msg, super::view::Place::Channel);
            let audience = msg
                .ephemeral_for
                .or_else(|| dms.get(&msg.channel_id).copied());
            (msg, view, audience)
        })
        .collect()
}

/// The game version a panel was drawn at, from its components' custom_ids: every game's ids
/// and the lobby's read `<letter>:<game>:<version>:...` (`f:`, `k:`, ... ; the records' pages,
/// `h:<letter>:...`, do not carry a game).
pub fn version_of(m: &MessageView, game: i64) -> Option<i64> {
    m.components().find_map(|c| {
        let mut parts = c.custom_id().split(':');
        let _letter = parts.next()?;
        if parts.next()?.parse::<i64>().ok()? != game {
            return None;
        }
        parts.next()?.parse().ok()
    })
}

/// Every click the bot confirmed ("Done." on the player's panel) must be the stored action of
/// that player that produced the version the confirmed panel shows, in a table of game `G`.
/// Returns how many were checked.
pub async fn check_acknowledged_as<G: Hosted>(
    fake: &FakeDiscord,
    data: &Data,
    t: &TableRef,
) -> Result<usize, String> {
    let r = replay_as::<G>(data, t.game).await?;
    let acked: Vec<(u64, Value)> = fake.with(|w| {
        let mut v: Vec<(u64, u64, Value)> = w
            .interactions
            .values()
            .filter_map(|i| {
                let cb = i.callback.as_ref()?;
                let content = cb.data.get("content")?.as_str()?;
                (cb.kind == 7 && super::reading::starts_like(content, "Done."))
                    .then(|| (i.id, i.user, cb.data.clone()))
            })
            .collect();
        v.sort_by_key(|x| x.0);
        v.into_iter().map(|(_, u, d)| (u, d)).collect()
    });
    let mut n = 0;
    for (user, data_json) in acked {
        let rec = super::world::MsgRec {
            components: data_json
                .get("components")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default(),
            ..super::world::MsgRec::new(0, 0, 0, String::new(), 0)
        };
        let view = MessageView::from_rec(&rec, super::view::Place::Ephemeral);
        let Some(version) = version_of(&view, t.game) else {
            continue;
        };
        let seat = r
            .table
            .seat_of(user)
            .ok_or_else(|| format!("a Done. reply for user {user}, who has no seat"))?;
        // The confirmed panel is drawn at exactly the version the action produced (the
        // service reloads the table under the game's lock).
        let found = r.steps.iter().any(|(v, s, ..)| *v == version && *s == seat);
        if !found {
            return Err(format!(
                "user {user} (seat {seat}) was told \"Done.\" at version {version}, but no action of theirs is stored"
            ));
        }
        n += 1;
    }
    Ok(n)
}

/// Collects every string in a JSON value (card and tile ids among them).
pub(super) fn strings(v: &Value, out: &mut std::collections::HashSet<String>) {
    match v {
        Value::String(s) => {
            out.insert(s.clone());
        }
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(o) => o.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

/// `word` occurs in `text` as a whole word (case-sensitive).
pub(super) fn has_word(text: &str, word: &str) -> bool {
    let mut from = 0;
    while let Some(k) = text[from..].find(word) {
        let start = from + k;
        let end = start + word.len();
        let before = text[..start].chars().next_back();
        let after = text[end..].chars().next();
        let edge = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
        if edge(before) && edge(after) {
            return true;
        }
        from = end;
    }
    false
}

/// What one message shown to one audience gave away.
#[derive(Debug)]
pub struct Leak {
    pub message: u64,
    /// The user who saw it (None: everyone).
    pub audience: Option<u64>,
    pub version: i64,
    /// The hidden card's name and whose hand (or face-down selection, or Equipment offer) it is in.
    pub card: String,
    pub owner: usize,
    /// What the message said (for the failure report).
    pub text: String,
}
