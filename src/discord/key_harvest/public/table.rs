//! The table message (edited in place after every action), `/kh status` and the final scores.

use super::{
    GOLD, GREY, WHEAT, button, counters_text, field, fit, md_names, mention, names, pad_text,
    progress, store_text, tile, unplayed_text,
};
use crate::discord::key_harvest::ids::KhVerb;
use crate::discord::key_harvest::screens::decision_text;
use crate::discord::spec::{EmbedSpec, MessageSpec, RowSpec, Style};
use crate::games::key_harvest::game::spaces;
use crate::games::key_harvest::score::ScoreLine;
use crate::games::key_harvest::view::PublicView;
use crate::games::key_harvest::{EventTile, Game, Phase};
use crate::render::{and_list, plural};
use crate::store::{Status, Table};

/// `45 minutes`, `1 hour`, `2 days`.
fn duration(minutes: u32) -> String {
    match minutes {
        m if m > 0 && m % 1440 == 0 => plural(m / 1440, "day", "days"),
        m if m > 0 && m % 60 == 0 => plural(m / 60, "hour", "hours"),
        m => plural(m, "minute", "minutes"),
    }
}

/// `M blind swap`.
fn event_name(e: EventTile) -> String {
    format!("{} {}", e.letter(), e.name())
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
        0 => parts.push("none yet; the first goes on space 1 (space 7 is the ? space)".to_string()),
        n if n < 10 => parts.push(format!("next: space {} of 10", n + 1)),
        _ => parts.push("all 10 spaces filled".to_string()),
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
            lines.push(format!(
                "**Setting up:** {} names the start player.",
                who(*seat)
            ));
        } else {
            let mut turn = format!(
                "**Turn {}:** {}'s turn · {} of 2 actions done",
                v.turn,
                who(v.active),
                v.actions_done
            );
            match v.final_turns {
                Some(n) => turn.push_str(&format!(
                    " · final turns: {} after this one",
                    plural(u32::from(n), "turn", "turns")
                )),
                None if v.end_triggered => {
                    turn.push_str(" · the tenth event is out: final turns follow")
                }
                None => {}
            }
            lines.push(turn);
        }
        lines.push(format!(
            "⏳ **Waiting for** {}: please {}.",
            mention(table, md, usize::from(*seat)),
            decision_text(game)
        ));
        if table.game.options.stand_in_minutes > 0 {
            lines.push(format!(
                "**Stand-in:** a bot decides once for anyone who holds the game up for {}",
                duration(table.game.options.stand_in_minutes)
            ));
        }
        if let Some(note) = &table.game.stand_in_note {
            lines.push(format!("**Last stand-in:** {note}"));
        }
    }
    let registry: Vec<String> = spaces(v.registry).map(|s| tile(board, s)).collect();
    lines.push(format!(
        "**Registry ({}/6):** {}",
        registry.len(),
        if registry.is_empty() {
            "empty".to_string()
        } else {
            registry.join(" · ")
        }
    ));
    lines.push(format!(
        "**Events ({}/10):** {}",
        v.track.len(),
        track_text(v)
    ));
    if !v.waiting.is_empty() {
        let w: Vec<String> = v.waiting.iter().map(|e| event_name(*e)).collect();
        lines.push(format!("**Placed, resolved next:** {}", w.join(" · ")));
    }
    if !v.ignored.is_empty() {
        let w: Vec<String> = v.ignored.iter().map(|e| event_name(*e)).collect();
        lines.push(format!(
            "**Drawn after the tenth (no effect):** {}",
            w.join(" · ")
        ));
    }
    if let Some(removed) = &v.removed
        && !removed.is_empty()
    {
        let w: Vec<String> = removed.iter().map(|e| event_name(*e)).collect();
        lines.push(format!("**Removed at setup:** {}", w.join(" · ")));
    }
    let town: Vec<String> = v
        .town
        .iter()
        .map(|w| format!("{} {} {}", w.letter(), w.name(), w.number()))
        .collect();
    lines.push(format!(
        "**Townsfolk free:** {}",
        if town.is_empty() {
            "none".to_string()
        } else {
            town.join(" · ")
        }
    ));
    lines.push(format!("**Stock:** {}", v.stock));
    let fallow: Vec<String> = spaces(v.fallow).map(|s| tile(board, s)).collect();
    let mut bag = format!(
        "**Bag:** {}, {} · **Fallow ({}):** ",
        plural(v.bag_fields, "field tile", "field tiles"),
        plural(v.bag_events, "event", "events"),
        fallow.len()
    );
    if fallow.is_empty() {
        bag.push_str("none");
    } else {
        bag.push_str(&crate::discord::spec::clip(&fallow.join(", "), 600));
    }
    lines.push(bag);
    if !matches!(game.state().phase, Phase::StartPlayer { .. }) {
        lines.push(format!("**Start player:** {}", who(v.start_player)));
    }
    if detail {
        lines.push(format!("**Starting counters (the pool):** {}", v.pool));
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
        name.push_str(&format!(
            "{} · {} so far",
            crate::render::seat_name(plain, seat),
            sv.running_score
        ));
        let fields = sv.fields.count_ones();
        let harvested = sv.harvested.count_ones();
        let workers: Vec<String> = sv
            .workers
            .iter()
            .map(|(s, w)| format!("{} {} {}", board.reference(*s), w.name(), w.number()))
            .collect();
        let value = [
            format!("**Counters:** {}", counters_text(sv)),
            format!("**Store:** {}", store_text(board, sv)),
            format!(
                "**Board:** {} ({} harvested) · workers: {}",
                plural(fields, "field tile", "field tiles"),
                harvested,
                if workers.is_empty() {
                    "none".to_string()
                } else {
                    workers.join(", ")
                }
            ),
            format!("**Farmhands left:** {}", unplayed_text(sv)),
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
        0 => format!(
            "🏆 {} wins with {}.",
            and_list(&winners),
            plural(points, "point", "points")
        ),
        1 => format!(
            "🏆 {} wins: level with {} on {}, and ahead on field tiles on the board ({} against {}).",
            and_list(&winners),
            and_list(&level_names),
            plural(points, "point", "points"),
            top.map_or(0, |l| l.field_tiles),
            level.iter().map(|l| l.field_tiles).max().unwrap_or(0)
        ),
        2 => format!(
            "🏆 {} wins: level with {} on {} and on field tiles ({}), and ahead on counters ({} against {}).",
            and_list(&winners),
            and_list(&level_names),
            plural(points, "point", "points"),
            top.map_or(0, |l| l.field_tiles),
            top.map_or(0, |l| l.counters),
            level
                .iter()
                .filter(|l| Some(l.field_tiles) == top.map(|t| t.field_tiles))
                .map(|l| l.counters)
                .max()
                .unwrap_or(0)
        ),
        _ => format!(
            "🏆 {} share the win: level on {}, field tiles and counters (KH 67).",
            and_list(&winners),
            plural(points, "point", "points")
        ),
    };
    if !v.end_triggered {
        s.push_str("\nThe game ended because a whole round passed without an action (KH 17).");
    }
    s
}

/// Every supply, revealed at the end (KH 70).
fn supplies_lines(v: &PublicView, md: &[String]) -> Vec<String> {
    v.seats
        .iter()
        .map(|sv| {
            format!(
                "{}: {}",
                md.get(usize::from(sv.seat)).cloned().unwrap_or_default(),
                if sv.total() == 0 {
                    "no counters".to_string()
                } else {
                    sv.known.to_string()
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
    if let (true, Some(pad)) = (game.is_over(), pad_text(table, game)) {
        e.title = format!("Key Harvest · table #{id} · Final scores");
        e.color = GOLD;
        let mut d = format!("```\n{pad}\n```\n{}\n", winner_sentence(game, &v, &md));
        d.push_str(&format!(
            "**Supplies at the end:** {}\n",
            supplies_lines(&v, &md).join(" · ")
        ));
        if let Some(removed) = &v.removed
            && !removed.is_empty()
        {
            let r: Vec<String> = removed.iter().map(|e| event_name(*e)).collect();
            d.push_str(&format!("**Removed at setup:** {}\n", r.join(" · ")));
        }
        e.description = d;
        e.footer = Some("Thanks for playing! Boards and the log stay available below.".to_string());
        return e;
    }
    e.title = format!("Key Harvest · table #{id} · {}", progress(game));
    if table.game.status == Status::Abandoned {
        e.title = format!("Key Harvest · table #{id} · abandoned");
        e.color = GREY;
    }
    e.description = table_lines(table, game, &v, &md, detail).join("\n");
    seat_fields(game, &v, &names(table, usize::from(v.players)), &mut e);
    if table.game.status != Status::Abandoned {
        e.footer = Some(
            "Tap My screen to see your own counters and act. \"So far\": workers and groups, \
             without crop points (KH 69). \"?\": starting counters not yet spent (KH 70)."
                .to_string(),
        );
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
/// end: the score pad and the winner, with Boards / Log only. An open table shows its lobby.
pub fn table_message(table: &Table, game: &Game) -> MessageSpec {
    if table.game.status == Status::Open {
        return crate::discord::ui::lobby(table);
    }
    let mut m = MessageSpec {
        embeds: vec![table_embed(table, game, false)],
        ..Default::default()
    };
    let live = !game.is_over() && table.game.status == Status::Active;
    let mut buttons = Vec::new();
    if live {
        buttons.extend(button(table, KhVerb::Hand, "My screen", Style::Primary));
    }
    buttons.extend(button(table, KhVerb::Boards, "Boards", Style::Secondary));
    buttons.extend(button(table, KhVerb::Log, "Log", Style::Secondary));
    if !buttons.is_empty() {
        m.rows.push(RowSpec::Buttons(buttons));
    }
    fit(&mut m);
    m
}

/// The final scores, posted to the game's thread at the end: the score pad (every line, the
/// winner line with the tie-break), who won and why, every supply (KH 70) and the events removed
/// at setup. Before the end, the scores so far (without crop points, KH 69).
pub fn final_scores(table: &Table, game: &Game) -> MessageSpec {
    let v = game.public_view();
    let md = md_names(table, usize::from(v.players));
    let mut e = EmbedSpec {
        color: GOLD,
        ..Default::default()
    };
    match pad_text(table, game) {
        Some(pad) => {
            e.title = format!("Final scores · table #{}", table.game.id);
            let mut d = format!("```\n{pad}\n```\n{}\n", winner_sentence(game, &v, &md));
            d.push_str(&format!(
                "\n**Supplies at the end (KH 70):**\n{}\n",
                supplies_lines(&v, &md).join("\n")
            ));
            if let Some(removed) = &v.removed
                && !removed.is_empty()
            {
                let r: Vec<String> = removed.iter().map(|e| event_name(*e)).collect();
                d.push_str(&format!("**Removed unseen at setup:** {}\n", r.join(" · ")));
            }
            e.description = d;
        }
        None => {
            e.title = format!("Scores so far · table #{}", table.game.id);
            let mut order: Vec<usize> = (0..v.seats.len()).collect();
            order.sort_by_key(|&s| std::cmp::Reverse(v.seats[s].running_score));
            let lines: Vec<String> = order
                .iter()
                .map(|&s| {
                    format!(
                        "{}: {} so far",
                        md.get(s).cloned().unwrap_or_default(),
                        plural(v.seats[s].running_score, "point", "points")
                    )
                })
                .collect();
            e.description = format!(
                "The game is not over yet. Workers and groups so far, without crop points (KH 69):\n{}",
                lines.join("\n")
            );
        }
    }
    e.footer = Some(
        "workers: the numbers of the workers on the board · largest x1, second x2: the two \
         largest groups · crops: 1 point per crop held strictly most of · ties: field tiles on \
         the board, then counters (KH 64-67)."
            .to_string(),
    );
    let mut m = MessageSpec {
        embeds: vec![e],
        ..Default::default()
    };
    fit(&mut m);
    // The final boards side by side, once the game is over.
    if game.is_over() {
        m.files
            .extend(super::boards_picture(table, game, "final-boards.png", None));
    }
    m
}
