//! The table message (edited in place after every action), `/kh status` and the final scores.

use super::{
    GOLD, GREY, WHEAT, button, counters_text, field, fit, md_names, mention, names, pad_text,
    progress, store_text, tile, unplayed_text,
};
use crate::discord::key_harvest::ids::KhVerb;
use crate::discord::spec::{EmbedSpec, MessageSpec, Style};
use crate::games::key_harvest::game::spaces;
use crate::games::key_harvest::score::ScoreLine;
use crate::games::key_harvest::view::PublicView;
use crate::games::key_harvest::{EventTile, Game, Phase, Prompt};
use crate::render::key_harvest::text::{
    and_list, counters, event_name as event_title, list, worker_name,
};
use crate::store::{Status, Table};
use crate::t;

/// `45 minutes`, `1 hour`, `2 days`.
fn duration(minutes: u32) -> String {
    match minutes {
        m if m > 0 && m % 1440 == 0 => t!("kh-days", count = m / 1440),
        m if m > 0 && m % 60 == 0 => t!("kh-hours", count = m / 60),
        m => t!("kh-minutes", count = m),
    }
}

/// `M blind swap`.
fn event_name(e: EventTile) -> String {
    format!("{} {}", e.letter(), event_title(e))
}

/// The town board's event track: `1 M blind swap · 2 P good harvest · ... · next: space 3 of 10`.
fn track_text(v: &PublicView) -> String {
    let mut parts: Vec<String> = v
        .track
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let space = if i == 6 {
                "7?".to_string()
            } else {
                (i + 1).to_string()
            };
            format!("{space} {}", event_name(*e))
        })
        .collect();
    match v.track.len() {
        0 => parts.push(t!("kh-track-none")),
        n if n < 10 => parts.push(t!("kh-track-next", space = n + 1)),
        _ => parts.push(t!("kh-track-full")),
    }
    parts.join(" · ")
}

/// The lines about the whole table: whose turn, what the game waits for, the registry, the
/// events, the townsfolk, the stock, the bag and the fallow area.
fn table_lines(
    table: &Table,
    game: &Game,
    v: &PublicView,
    md: &[String],
    detail: bool,
) -> Vec<String> {
    let board = game.board();
    let mut lines = Vec::new();
    let who = |s: u8| md.get(usize::from(s)).cloned().unwrap_or_default();
    if let Some((seat, _)) = &v.prompt {
        if let Phase::StartPlayer { .. } = game.state().phase {
            lines.push(t!("kh-line-setting-up", name = who(*seat)));
        } else {
            let mut turn = t!(
                "kh-line-turn",
                turn = v.turn,
                name = who(v.active),
                done = v.actions_done
            );
            match v.final_turns {
                Some(n) => {
                    turn.push_str(" · ");
                    turn.push_str(&t!("kh-line-final-turns", count = n));
                }
                None if v.end_triggered => {
                    turn.push_str(" · ");
                    turn.push_str(&t!("kh-line-tenth-out"));
                }
                None => {}
            }
            lines.push(turn);
        }
        lines.push(t!(
            "kh-line-waiting",
            name = mention(table, md, usize::from(*seat)),
            decision = decision_text(game)
        ));
        if let Some(line) = crate::discord::ui::pace_line(table.game.options.pace) {
            lines.push(line);
        }
        lines.extend(crate::discord::seats::away_lines(table));
        if table.game.options.stand_in_minutes > 0 {
            lines.push(t!(
                "kh-line-stand-in",
                delay = duration(table.game.options.stand_in_minutes)
            ));
        }
        if let Some(note) = &table.game.stand_in_note {
            lines.push(t!("kh-line-last-stand-in", note = note.as_str()));
        }
    }
    let registry: Vec<String> = spaces(v.registry).map(|s| tile(board, s)).collect();
    lines.push(t!(
        "kh-line-registry",
        count = registry.len(),
        tiles = if registry.is_empty() {
            t!("kh-empty")
        } else {
            registry.join(" · ")
        }
    ));
    lines.push(t!(
        "kh-line-events",
        count = v.track.len(),
        track = track_text(v)
    ));
    if !v.waiting.is_empty() {
        let w: Vec<String> = v.waiting.iter().map(|e| event_name(*e)).collect();
        lines.push(t!("kh-line-waiting-events", events = w.join(" · ")));
    }
    if !v.ignored.is_empty() {
        let w: Vec<String> = v.ignored.iter().map(|e| event_name(*e)).collect();
        lines.push(t!("kh-line-ignored-events", events = w.join(" · ")));
    }
    if let Some(removed) = &v.removed
        && !removed.is_empty()
    {
        let w: Vec<String> = removed.iter().map(|e| event_name(*e)).collect();
        lines.push(t!("kh-line-removed", events = w.join(" · ")));
    }
    let town: Vec<String> = v
        .town
        .iter()
        .map(|w| format!("{} {} {}", w.letter(), worker_name(*w), w.number()))
        .collect();
    lines.push(t!(
        "kh-line-townsfolk",
        townsfolk = if town.is_empty() {
            t!("kh-none")
        } else {
            town.join(" · ")
        }
    ));
    lines.push(t!("kh-line-stock", counters = counters(board, &v.stock)));
    let fallow: Vec<String> = spaces(v.fallow).map(|s| tile(board, s)).collect();
    lines.push(t!(
        "kh-line-bag",
        fields = v.bag_fields,
        events = v.bag_events,
        count = fallow.len(),
        fallow = if fallow.is_empty() {
            t!("kh-none")
        } else {
            crate::discord::spec::clip(&list(&fallow), 600)
        }
    ));
    if !matches!(game.state().phase, Phase::StartPlayer { .. }) {
        lines.push(t!("kh-line-start-player", name = who(v.start_player)));
    }
    if detail {
        lines.push(t!("kh-line-pool", counters = counters(board, &v.pool)));
    }
    lines
}

/// One field per seat: score so far, counters (KH 70), store with bids, board, workers left.
fn seat_fields(game: &Game, v: &PublicView, plain: &[String], e: &mut EmbedSpec) {
    let board = game.board();
    let deciding = v.prompt.as_ref().map(|(s, _)| *s);
    for sv in &v.seats {
        let seat = usize::from(sv.seat);
        let mut name = String::new();
        if !v.ended && deciding == Some(sv.seat) {
            name.push_str("⏳ ");
        } else if !v.ended && v.active == sv.seat && v.turn > 0 {
            name.push_str("▶ ");
        }
        // The final score once the game has ended (crop majorities included, KH 66).
        name.push_str(&if sv.is_final() {
            t!(
                "kh-seat-field-name-final",
                name = crate::render::seat_name(plain, seat),
                score = sv.shown_score()
            )
        } else {
            t!(
                "kh-seat-field-name",
                name = crate::render::seat_name(plain, seat),
                score = sv.running_score
            )
        });
        let fields = sv.fields.count_ones();
        let harvested = sv.harvested.count_ones();
        let workers: Vec<String> = sv
            .workers
            .iter()
            .map(|(s, w)| format!("{} {} {}", board.reference(*s), worker_name(*w), w.number()))
            .collect();
        let value = [
            t!("kh-facts-counters", counters = counters_text(board, sv)),
            t!("kh-facts-store", store = store_text(board, sv)),
            t!(
                "kh-facts-board",
                fields = fields,
                harvested = harvested,
                workers = if workers.is_empty() {
                    t!("kh-none")
                } else {
                    list(&workers)
                }
            ),
            t!("kh-facts-farmhands", farmhands = unplayed_text(sv)),
        ]
        .join("\n");
        e.fields.push(field(name, value, false));
    }
}

/// Who won and why, in a sentence with markdown names (KH 67), and how the game ended.
fn winner_sentence(game: &Game, v: &PublicView, md: &[String]) -> String {
    let Some(pad) = game.score_pad() else {
        return String::new();
    };
    let who = |s: u8| md.get(usize::from(s)).cloned().unwrap_or_default();
    let line = |s: u8| pad.lines.iter().find(|l| l.seat == s);
    let winners: Vec<String> = pad
        .winners
        .iter()
        .map(|&s| format!("**{}**", who(s)))
        .collect();
    let top = pad.winners.first().and_then(|&s| line(s));
    let points = top.map_or(0, |l| l.total);
    // The others level on points with the winners.
    let level: Vec<&ScoreLine> = pad
        .lines
        .iter()
        .filter(|l| l.total == points && !pad.winners.contains(&l.seat))
        .collect();
    let level_names: Vec<String> = level.iter().map(|l| who(l.seat)).collect();
    let mut s = match pad.tie_break {
        0 => t!("kh-win", names = and_list(&winners), points = points),
        1 => t!(
            "kh-win-fields",
            names = and_list(&winners),
            level = and_list(&level_names),
            points = points,
            mine = top.map_or(0, |l| l.field_tiles),
            theirs = level.iter().map(|l| l.field_tiles).max().unwrap_or(0)
        ),
        2 => t!(
            "kh-win-counters",
            names = and_list(&winners),
            level = and_list(&level_names),
            points = points,
            fields = top.map_or(0, |l| l.field_tiles),
            mine = top.map_or(0, |l| l.counters),
            theirs = level
                .iter()
                .filter(|l| Some(l.field_tiles) == top.map(|t| t.field_tiles))
                .map(|l| l.counters)
                .max()
                .unwrap_or(0)
        ),
        _ => t!("kh-win-shared", names = and_list(&winners), points = points),
    };
    if !v.end_triggered {
        s.push('\n');
        s.push_str(&t!("kh-ended-stalemate"));
    }
    // Every tie on points explained, at every place (KH 67's order).
    for tie in crate::render::key_harvest::text::tie_lines(pad, md) {
        s.push('\n');
        s.push_str(&tie);
    }
    s
}

/// The events taken out at setup (`Drought · Flood`), revealed at the end; `None` when there
/// were none.
fn removed_events(v: &PublicView) -> Option<String> {
    let removed = v.removed.as_ref().filter(|r| !r.is_empty())?;
    let names: Vec<String> = removed.iter().map(|e| event_name(*e)).collect();
    Some(names.join(" · "))
}

/// Every supply, revealed at the end (KH 70).
fn supplies_lines(game: &Game, v: &PublicView, md: &[String]) -> Vec<String> {
    v.seats
        .iter()
        .map(|sv| {
            format!(
                "{}: {}",
                md.get(usize::from(sv.seat)).cloned().unwrap_or_default(),
                if sv.total() == 0 {
                    t!("kh-no-counters")
                } else {
                    counters(game.board(), &sv.known)
                }
            )
        })
        .collect()
}

/// The table's embed (no buttons): where the game stands, or after the end the score pad.
fn table_embed(table: &Table, game: &Game, detail: bool) -> EmbedSpec {
    let v = game.public_view();
    let md = md_names(table, usize::from(v.players));
    let id = table.game.id;
    let mut e = EmbedSpec {
        color: WHEAT,
        ..Default::default()
    };
    if let (true, false, Some(p)) = (game.is_over(), detail, game.score_pad()) {
        // The finished table message, for a phone: the ranking in one line and who won why;
        // the full pad, the supplies and the removed events are behind Scores (`score_pad`).
        e.title = t!("kh-table-title-final", table = id);
        e.color = GOLD;
        e.description = format!("{}\n{}\n", ranking(p, &md), winner_sentence(game, &v, &md));
        e.footer = Some(t!("kh-table-footer-final"));
        return e;
    }
    if let (true, Some(pad)) = (game.is_over(), pad_text(table, game)) {
        e.title = t!("kh-table-title-final", table = id);
        e.color = GOLD;
        let mut d = format!("```\n{pad}\n```\n{}\n", winner_sentence(game, &v, &md));
        d.push_str(&t!(
            "kh-supplies-at-end",
            supplies = supplies_lines(game, &v, &md).join(" · ")
        ));
        d.push('\n');
        if let Some(events) = removed_events(&v) {
            d.push_str(&t!("kh-line-removed", events = events));
            d.push('\n');
        }
        e.description = d;
        e.footer = Some(t!("kh-table-footer-final"));
        return e;
    }
    e.title = t!("kh-table-title", table = id, progress = progress(game));
    if table.game.status == Status::Abandoned {
        e.title = t!("kh-table-title-abandoned", table = id);
        e.color = GREY;
    }
    e.description = table_lines(table, game, &v, &md, detail).join("\n");
    seat_fields(game, &v, &names(table, usize::from(v.players)), &mut e);
    if table.game.status != Status::Abandoned {
        e.footer = Some(format!(
            "{} {}",
            t!("kh-table-footer"),
            t!("kh-so-far-note")
        ));
    }
    e
}

/// Where the game stands, for `/kh status`: the table message's facts, with the starting pool.
pub fn status(table: &Table, game: &Game) -> MessageSpec {
    let mut m = MessageSpec {
        embeds: vec![table_embed(table, game, true)],
        ..Default::default()
    };
    fit(&mut m);
    m
}

/// The public table message, edited in place after every action: whose turn and what the game
/// waits for, the registry, the event track, the townsfolk, the stock, the bag and the fallow
/// area, and every player's score so far, counters (crops of unspent starting counters hidden,
/// KH 70), store with bids, board and farmhands left; buttons My screen / Boards / Log. After the
/// end: the score pad and the winner, with Boards / Log / Review / Rematch. An open table shows its lobby.
pub fn table_message(table: &Table, game: &Game) -> MessageSpec {
    if table.game.status == Status::Open {
        return crate::discord::ui::lobby(table);
    }
    let mut m = MessageSpec {
        embeds: vec![table_embed(table, game, false)],
        ..Default::default()
    };
    let live = !game.is_over() && table.game.status == Status::Active;
    let scores = game.is_over() && game.score_pad().is_some();
    // (shown, what it does, label, style)
    let buttons = [
        (
            live,
            KhVerb::Hand,
            t!("kh-button-my-screen"),
            Style::Primary,
        ),
        (
            scores,
            KhVerb::Scores,
            t!("kh-button-scores"),
            Style::Primary,
        ),
        (
            true,
            KhVerb::Boards,
            t!("kh-button-boards"),
            Style::Secondary,
        ),
        (true, KhVerb::Log, t!("kh-button-log"), Style::Secondary),
    ];
    let buttons = buttons.into_iter().filter(|b| b.0);
    crate::discord::ui::add_table_buttons(
        &mut m,
        table,
        buttons.map(|(_, verb, label, style)| button(table, verb, &label, style)),
    );
    fit(&mut m);
    m
}

/// The final scores, posted to the game's thread at the end: the score pad (every line, the
/// winner line with the tie-break), who won and why, every supply (KH 70) and the events removed
/// at setup. Before the end, the scores so far (without crop points, KH 69).
pub fn final_scores(table: &Table, game: &Game) -> MessageSpec {
    let mut m = final_scores_text(table, game);
    fit(&mut m);
    // The final boards, one picture each, once the game is over.
    if game.is_over() {
        let pictures = super::board_pictures(table, game, "final-boards", None);
        super::add_pictures(&mut m, pictures, GOLD);
    }
    m
}

/// The Scores button's answer: the final scores without the boards' pictures (Boards shows
/// those).
pub fn score_pad(table: &Table, game: &Game) -> MessageSpec {
    let mut m = final_scores_text(table, game);
    fit(&mut m);
    m
}

/// [`final_scores`] without its pictures.
fn final_scores_text(table: &Table, game: &Game) -> MessageSpec {
    let v = game.public_view();
    let md = md_names(table, usize::from(v.players));
    let mut e = EmbedSpec {
        color: GOLD,
        ..Default::default()
    };
    match pad_text(table, game) {
        Some(pad) => {
            e.title = t!("kh-final-title", table = table.game.id);
            // A phone shows the outcome first: the ranking in one line, the full pad under it.
            let mut d = match game.score_pad() {
                Some(p) => format!("{}\n", ranking(p, &md)),
                None => String::new(),
            };
            d.push_str(&format!(
                "```\n{pad}\n```\n{}\n",
                winner_sentence(game, &v, &md)
            ));
            d.push_str(&format!(
                "\n{}\n{}\n",
                t!("kh-supplies-head"),
                supplies_lines(game, &v, &md).join("\n")
            ));
            if let Some(events) = removed_events(&v) {
                d.push_str(&t!("kh-removed-unseen", events = events));
                d.push('\n');
            }
            e.description = d;
        }
        None => {
            e.title = t!("kh-so-far-title", table = table.game.id);
            let mut order: Vec<usize> = (0..v.seats.len()).collect();
            order.sort_by_key(|&s| std::cmp::Reverse(v.seats[s].running_score));
            let lines: Vec<String> = order
                .iter()
                .map(|&s| {
                    t!(
                        "kh-so-far-line",
                        name = md.get(s).cloned().unwrap_or_default(),
                        points = v.seats[s].running_score
                    )
                })
                .collect();
            e.description = format!("{}\n{}", t!("kh-so-far-head"), lines.join("\n"));
        }
    }
    e.footer = Some(t!("kh-final-footer"));
    MessageSpec {
        embeds: vec![e],
        ..Default::default()
    }
}

/// `**1. Ada 33** · 2. Bram 32 · 3. Cleo 29`: the final ranking in one line, by the pad's ranks
/// (KH 67: tie-breaks decide, a shared place shares the rank). `md` are markdown-escaped names.
fn ranking(pad: &crate::games::key_harvest::ScorePad, md: &[String]) -> String {
    let mut lines: Vec<_> = pad.lines.iter().collect();
    lines.sort_by_key(|l| (l.rank, l.seat));
    lines
        .iter()
        .map(|l| {
            let entry = t!(
                "ranking-entry",
                rank = u32::from(l.rank),
                name = md.get(usize::from(l.seat)).cloned().unwrap_or_default(),
                points = l.total
            );
            if l.rank == 1 {
                format!("**{entry}**")
            } else {
                entry
            }
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// What the game waits for from the seat it prompts, as the end of "please ...".
pub fn decision_text(game: &Game) -> String {
    match game.prompt() {
        None => t!("kh-decide-nothing"),
        Some((_, Prompt::StartPlayer)) => t!("kh-decide-start-player"),
        Some((_, Prompt::Turn)) => t!("kh-decide-turn"),
        Some((_, Prompt::Reposition { worker, .. })) => {
            t!("kh-decide-reposition", worker = worker_name(worker))
        }
        Some((_, Prompt::Ability { worker, .. })) => {
            t!("kh-decide-ability", worker = worker_name(worker))
        }
        Some((_, Prompt::KeepDrawn { .. })) => t!("kh-decide-keep-drawn"),
        Some((_, Prompt::Event { event, .. })) => t!(
            "kh-decide-event",
            letter = event.letter().to_string(),
            event = event_title(event)
        ),
    }
}
