//! Key Harvest's checks after a game: its score pad and its privacy (KH 68-70).

use super::{Replay, ScorePadText};
use crate::fake_discord::FakeDiscord;
use crate::games::{Engine, TableSetup, key_harvest};
use crate::render;

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
            render::key_harvest::phone::pad(Some(self.board()), pad, names)
                .trim_end_matches('\n')
                .to_string(),
        )
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
    let mut checked = 0;
    let mut leaks = Vec::new();
    for (msg, view, audience) in super::logged_messages(fake) {
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
        if crate::fake_discord::reading::contains_like(&text, "Your counters") {
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
