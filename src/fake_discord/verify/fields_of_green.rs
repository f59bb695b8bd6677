//! Fields of Green's checks after a game: its score pad, its privacy (no hidden card named to
//! anyone who may not know it), and the whole-game checks for a Fields of Green table.

use super::{
    Leak, Replay, ScorePadText, check_acknowledged_as, check_final_with_as, has_word,
    logged_messages, replay_as, strings, version_of,
};
use crate::discord::Data;
use crate::fake_discord::FakeDiscord;
use crate::fake_discord::player::TableRef;
use crate::games::fields_of_green::Game;
use crate::render;
use serde_json::Value;

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

/// Replays Fields of Green game `id` from the database.
pub async fn replay(data: &Data, id: i64) -> Result<Replay<Game>, String> {
    replay_as::<Game>(data, id).await
}

/// The score pad as the bot draws it for a phone (the code block of the final scores).
pub fn expected_pad(game: &Game, names: &[String]) -> Option<String> {
    let pads = game.scores()?;
    Some(render::fields_of_green::phone::pad(
        game.deck(),
        pads,
        names,
    ))
}

/// The whole-game check: the stored game equals a replay of the stored actions from the stored
/// seed, the game is over, and the final score message and the table message show the replay's
/// score pad. Returns the pad.
pub async fn check_final(fake: &FakeDiscord, data: &Data, t: &TableRef) -> Result<String, String> {
    check_final_with(fake, data, t, true).await
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

/// Every click the bot confirmed ("Done." on the player's panel) must be the stored action of
/// that player that produced the version the confirmed panel shows. Returns how many were checked.
pub async fn check_acknowledged(
    fake: &FakeDiscord,
    data: &Data,
    t: &TableRef,
) -> Result<usize, String> {
    check_acknowledged_as::<Game>(fake, data, t).await
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

/// Privacy over a whole game: every version of every message of the transcript log, shown to
/// its audience (everyone, or one user for ephemeral replies and DMs), is checked against the
/// game at the version it was drawn at (from its components' ids; a message without buttons at the
/// latest version seen before it or any later one that explains it). A message leaks when it names a card that is in another seat's hand, face-down
/// selection or Equipment offer and appears nowhere in what the audience may know (their own
/// player view, or the public view). Returns how many message versions were checked.
pub fn check_privacy(fake: &FakeDiscord, r: &Replay<Game>, game: i64) -> Result<usize, Vec<Leak>> {
    let deck = r.initial.deck();
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
    for (msg, view, audience) in logged_messages(fake) {
        let versioned = version_of(&view, game);
        let v = versioned.unwrap_or(carry);
        carry = carry.max(v);
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
