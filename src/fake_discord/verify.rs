//! Checks after a game, reading the database (verification only: players never do): replay the
//! stored action log with the engine from the stored seed, compare with the stored game and
//! with the scores the channel shows, and match every acknowledged click with a stored action.

use super::FakeDiscord;
use super::player::TableRef;
use super::view::MessageView;
use crate::discord::Data;
use crate::games::fields_of_green::Game;
use crate::games::{Engine, TableSetup, key_harvest};
use crate::host::Hosted;
use crate::render;
use crate::store::{Status, Table};
use serde_json::Value;

/// A game replayed from its stored seed and actions.
pub struct Replay<G: Engine = Game> {
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

impl ScorePadText for Game {
    fn expected_pad(&self, names: &[String]) -> Option<String> {
        expected_pad(self, names)
    }
    fn totals(&self) -> Option<Vec<u32>> {
        let mut pads: Vec<_> = self.scores()?.iter().collect();
        pads.sort_by_key(|p| p.seat);
        Some(pads.iter().map(|p| p.total).collect())
    }
}

impl ScorePadText for key_harvest::Game {
    fn totals(&self) -> Option<Vec<u32>> {
        let pad = self.score_pad()?;
        let mut lines: Vec<_> = pad.lines.iter().collect();
        lines.sort_by_key(|l| l.seat);
        Some(lines.iter().map(|l| l.total).collect())
    }
    fn expected_pad(&self, names: &[String]) -> Option<String> {
        let pad = self.score_pad()?;
        Some(
            render::phone::kh_pad(Some(self.board()), pad, names)
                .trim_end_matches('\n')
                .to_string(),
        )
    }
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

/// Replays Fields of Green game `id` from the database.
pub async fn replay(data: &Data, id: i64) -> Result<Replay, String> {
    replay_as::<Game>(data, id).await
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

/// The score pad as the bot draws it for a phone (the code block of the final scores).
pub fn expected_pad(game: &Game, names: &[String]) -> Option<String> {
    let pads = game.scores()?;
    Some(render::phone::fog_pad(game.deck(), pads, names))
}

/// The first code block of a message's first embed.
pub fn code_block(m: &MessageView) -> Option<String> {
    let d = &m.embeds.first()?.description;
    let start = d.find("```")? + 3;
    let rest = &d[start..];
    let rest = rest.strip_prefix('\n').unwrap_or(rest);
    let end = rest.find("```")?;
    Some(rest[..end].trim_end_matches('\n').to_string())
}

/// The whole-game check: the stored game equals a replay of the stored actions from the stored
/// seed, the game is over, and the final score message and the table message show the replay's
/// score pad. Returns the pad.
pub async fn check_final(fake: &FakeDiscord, data: &Data, t: &TableRef) -> Result<String, String> {
    check_final_with(fake, data, t, true).await
}

/// [`check_final`] for a table of game `G`.
pub async fn check_final_as<G: ScorePadText>(
    fake: &FakeDiscord,
    data: &Data,
    t: &TableRef,
) -> Result<String, String> {
    check_final_with_as::<G>(fake, data, t, true).await
}

/// [`check_final`]; with `strict` false (games played under injected faults), a missing final
/// score message (its post failed; posts are not retried) is accepted, and so is a table
/// message that does not show the end (its edit failed), but any score pad shown must be the
/// replay's.
pub async fn check_final_with(
    fake: &FakeDiscord,
    data: &Data,
    t: &TableRef,
    strict: bool,
) -> Result<String, String> {
    check_final_with_as::<Game>(fake, data, t, strict).await
}

/// [`check_final_with`] for a table of game `G`.
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

/// The game version a panel was drawn at (from its components' custom_ids
/// `f:<game>:<version>:..`, or `k:` for Key Harvest).
pub fn version_of(m: &MessageView, game: i64) -> Option<i64> {
    let prefixes = [format!("f:{game}:"), format!("k:{game}:")];
    m.components().find_map(|c| {
        let id = c.custom_id();
        let rest = prefixes.iter().find_map(|p| id.strip_prefix(p.as_str()))?;
        rest.split(':').next()?.parse().ok()
    })
}

/// Every click the bot confirmed ("Done." on the player's panel) must be the stored action of
/// that player that produced the version the confirmed panel shows. Returns how many were checked.
pub async fn check_acknowledged(
    fake: &FakeDiscord,
    data: &Data,
    t: &TableRef,
) -> Result<usize, String> {
    check_acknowledged_as::<Game>(fake, data, t).await
}

/// [`check_acknowledged`] for a table of game `G`.
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
fn strings(v: &Value, out: &mut std::collections::HashSet<String>) {
    match v {
        Value::String(s) => {
            out.insert(s.clone());
        }
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(o) => o.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

/// The words a card is recognised by in a message: its names (English, Japanese), and a
/// location's grid code.
fn words_of(deck: &crate::games::fields_of_green::Deck, id: &str) -> Vec<String> {
    if let Some(d) = deck.location_by_id(id) {
        let l = deck.location(d);
        let mut w = vec![l.name.clone(), l.code.clone()];
        w.extend(l.name_ja.clone());
        w
    } else if let Some(e) = deck.equipment_by_id(id) {
        let e = deck.equip(e);
        let mut w = vec![e.name.clone()];
        w.extend(e.name_ja.clone());
        w
    } else {
        Vec::new()
    }
}

/// `word` occurs in `text` as a whole word (case-sensitive).
fn has_word(text: &str, word: &str) -> bool {
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

/// Privacy over a whole game: every version of every message of the transcript log, shown to
/// its audience (everyone, or one user for ephemeral replies and DMs), is checked against the
/// game at the version it was drawn at (from its components' ids; a message without buttons at the
/// latest version seen before it or any later one that explains it). A message leaks when it names a card that is in another seat's hand, face-down
/// selection or Equipment offer and appears nowhere in what the audience may know (their own
/// player view, or the public view). Returns how many message versions were checked.
pub fn check_privacy(fake: &FakeDiscord, r: &Replay, game: i64) -> Result<usize, Vec<Leak>> {
    use super::world::{ChannelKind, LogKind};
    let deck = r.initial.deck();
    let dms: std::collections::HashMap<u64, u64> = fake.with(|w| {
        w.channels
            .values()
            .filter_map(|c| match c.kind {
                ChannelKind::Dm { user } => Some((c.id, user)),
                _ => None,
            })
            .collect()
    });
    let last = r.steps.last().map_or(0, |(v, ..)| *v);
    // What an audience may know at a version, and each seat's hidden cards at it, are the same
    // for every message drawn then: they are worked out once per version and audience (a game
    // has a few hundred versions and thousands of message versions; worked out per message,
    // this check was half of an end-to-end test's CPU time).
    type Hidden = Vec<(usize, Vec<String>)>;
    type Allowed = std::rc::Rc<std::collections::HashSet<String>>;
    let allowed_at: std::cell::RefCell<std::collections::HashMap<(i64, Option<usize>), Allowed>> =
        Default::default();
    let hidden_at: std::cell::RefCell<std::collections::HashMap<i64, std::rc::Rc<Hidden>>> =
        Default::default();
    // What a message shown to `audience` gives away if it was drawn at version `v`.
    let leaks_at = |v: i64, audience: Option<u64>, text: &str, message: u64| {
        let g = r.at(v);
        let seat = audience.and_then(|u| r.table.seat_of(u));
        // What the audience may know is worked out only for a message that names a hidden
        // card at all (most name none).
        let allowed = || {
            allowed_at
                .borrow_mut()
                .entry((v, seat))
                .or_insert_with(|| {
                    let known = match seat {
                        Some(s) => serde_json::to_value(g.player_view(s)),
                        None => serde_json::to_value(g.public_view()),
                    }
                    .unwrap_or(Value::Null);
                    let mut allowed_ids = std::collections::HashSet::new();
                    strings(&known, &mut allowed_ids);
                    std::rc::Rc::new(
                        allowed_ids
                            .iter()
                            .flat_map(|id| words_of(deck, id))
                            .collect(),
                    )
                })
                .clone()
        };
        let hidden = hidden_at
            .borrow_mut()
            .entry(v)
            .or_insert_with(|| {
                std::rc::Rc::new(
                    (0..g.players())
                        .map(|owner| {
                            let pv = g.player_view(owner);
                            let words = pv
                                .hand
                                .iter()
                                .chain(pv.selected.iter())
                                .chain(pv.offer.iter())
                                .flat_map(|id| words_of(deck, id))
                                .collect();
                            (owner, words)
                        })
                        .collect(),
                )
            })
            .clone();
        let mut found = Vec::new();
        for (owner, words) in hidden.iter() {
            if Some(*owner) == seat {
                continue;
            }
            for word in words {
                if has_word(text, word) && !allowed().contains(word) {
                    found.push(Leak {
                        message,
                        audience,
                        version: v,
                        card: word.clone(),
                        owner: *owner,
                        text: text.to_string(),
                    });
                }
            }
        }
        found
    };
    let mut carry = 0i64;
    let mut checked = 0;
    let mut leaks = Vec::new();
    for entry in fake.log() {
        let LogKind::Message { msg, .. } = entry.kind else {
            continue;
        };
        let view = MessageView::from_rec(&msg, super::view::Place::Channel);
        let versioned = version_of(&view, game);
        let v = versioned.unwrap_or(carry);
        carry = carry.max(v);
        let audience = msg
            .ephemeral_for
            .or_else(|| dms.get(&msg.channel_id).copied());
        let text = view.text();
        let found = leaks_at(v, audience, &text, msg.id);
        // A message without buttons (a turn summary, a notice) carries no version: it was drawn
        // at the version before it in the log or at a later one (it is posted after the commit,
        // and another message may have been logged in between). It leaks only when no such
        // version explains what it says.
        let explained = !found.is_empty()
            && versioned.is_none()
            && (v + 1..=last).any(|later| leaks_at(later, audience, &text, msg.id).is_empty());
        if !explained {
            leaks.extend(found);
        }
        checked += 1;
    }
    if leaks.is_empty() {
        Ok(checked)
    } else {
        Err(leaks)
    }
}

/// Key Harvest privacy over a whole game (KH 68-70): with 3-4 players each seat's starting
/// counters are hidden from the others until spent. Every version of every message is checked
/// against its audience (everyone, or the one user of an ephemeral reply or DM): it must not
/// carry another seat's private setup sentence ("… starts with …" as only that seat may read
/// it), and a private screen (its title names the seat, its body lists "Your counters") must be
/// shown to that seat's user alone. Returns how many message versions were checked.
pub fn check_privacy_kh(
    fake: &FakeDiscord,
    r: &Replay<key_harvest::Game>,
) -> Result<usize, Vec<String>> {
    use super::world::{ChannelKind, LogKind};
    let names = r.table.names();
    let players = r.initial.players();
    let setup = TableSetup {
        players: usize::from(players),
        intro: false,
        seed: r.table.game.seed,
    };
    let (_, events) = <key_harvest::Game as Engine>::start(r.initial.board(), &setup)
        .map_err(|e| vec![format!("set-up: {e}")])?;
    // (owner seat, the sentence only the owner may read)
    let secrets: Vec<(usize, String)> = events
        .iter()
        .filter(|e| !e.visible_to(None, players))
        .flat_map(|e| {
            // The sentence in every language: a leak is a leak whatever the reader's language.
            crate::i18n::Locale::ALL.iter().filter_map(|&l| match e {
                key_harvest::Event::StartingCounters { seat, .. } => crate::i18n::with(l, || {
                    render::key_harvest::text::describe_event(
                        r.initial.board(),
                        e,
                        &names,
                        players,
                        Some(*seat),
                    )
                })
                .map(|s| (usize::from(*seat), s)),
                _ => None,
            })
        })
        .collect();
    let dms: std::collections::HashMap<u64, u64> = fake.with(|w| {
        w.channels
            .values()
            .filter_map(|c| match c.kind {
                ChannelKind::Dm { user } => Some((c.id, user)),
                _ => None,
            })
            .collect()
    });
    let mut checked = 0;
    let mut leaks = Vec::new();
    for entry in fake.log() {
        let LogKind::Message { msg, .. } = entry.kind else {
            continue;
        };
        let view = MessageView::from_rec(&msg, super::view::Place::Channel);
        let audience = msg
            .ephemeral_for
            .or_else(|| dms.get(&msg.channel_id).copied());
        let seat = audience.and_then(|u| r.table.seat_of(u));
        let text = view.text();
        for (owner, sentence) in &secrets {
            if seat != Some(*owner) && text.contains(sentence.as_str()) {
                leaks.push(format!(
                    "message {} shown to {audience:?} tells {}'s hidden starting counters: {sentence}",
                    msg.id, names[*owner]
                ));
            }
        }
        if super::reading::contains_like(&text, "Your counters") {
            let title = view.title();
            let owner = (0..names.len()).find(|&s| {
                // Private screens are drawn in their reader's language: try each.
                crate::i18n::Locale::ALL.iter().any(|&l| {
                    let t = crate::i18n::with(l, || {
                        crate::t!(
                            "kh-panel-title",
                            table = r.table.game.id,
                            name = names[s].as_str()
                        )
                    });
                    title == t || title.starts_with(&format!("{t} · "))
                })
            });
            if owner.is_none() || owner != seat {
                leaks.push(format!(
                    "message {} ({:?}) is a private screen shown to {audience:?}",
                    msg.id,
                    view.title()
                ));
            }
        }
        checked += 1;
    }
    if leaks.is_empty() {
        Ok(checked)
    } else {
        Err(leaks)
    }
}
