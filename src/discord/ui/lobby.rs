//! The messages no one game owns: the lobby of an open table (the same Join / Leave / Start /
//! Cancel for every game; its buttons use the shared lobby verbs of the `ids` codec) and the list
//! of a server's tables of every game.

use super::{GREEN, GREY, LIGHT_GREEN, button, fit, names, who};
use crate::discord::game::Screens;
use crate::discord::ids::Verb;
use crate::discord::spec::{EmbedSpec, MessageSpec, RowSpec, Style};
use crate::host::{AnyGame, Kind};
use crate::render::{and_list, plural};
use crate::store::{Status, Table};

/// `45 minutes`, `1 hour`, `2 days`; `off` for 0.
pub(crate) fn duration(minutes: u32) -> String {
    match minutes {
        0 => "off".to_string(),
        m if m % 1440 == 0 => plural(m / 1440, "day", "days"),
        m if m % 60 == 0 => plural(m / 60, "hour", "hours"),
        m => plural(m, "minute", "minutes"),
    }
}

/// The public lobby message of an open table: host, options, who sits, free seats, and the
/// Join / Leave / Start / Cancel buttons. For a table that is no longer open, a short note and
/// no buttons.
pub fn lobby(table: &Table) -> MessageSpec {
    let g = &table.game;
    let seats = usize::from(g.options.seats);
    let mut seated: Vec<_> = table.seats.iter().collect();
    seated.sort_by_key(|s| s.seat);
    let n = seated.len();
    let kind = Kind::parse(&g.kind).unwrap_or(Kind::FieldsOfGreen);
    let title = format!("{} · table #{}", kind.name(), g.id);
    if g.status != Status::Open {
        let text = match g.status {
            Status::Active => {
                "This table has started: the game is on. Use the table message to play."
            }
            Status::Ended => "This game has ended.",
            _ => "This table was cancelled.",
        };
        let mut m = MessageSpec {
            embeds: vec![EmbedSpec {
                title,
                description: text.to_string(),
                color: GREY,
                ..Default::default()
            }],
            ..Default::default()
        };
        fit(&mut m);
        return m;
    }
    let names: Vec<String> = seated.iter().map(|s| s.name.clone()).collect();
    let mut d = format!("Host: <@{}>\n", g.host_id);
    // Introductory mode is Fields of Green's alone.
    let intro = match kind {
        Kind::FieldsOfGreen if g.options.intro => " · **Introductory mode:** on (fixed draws)",
        Kind::FieldsOfGreen => " · **Introductory mode:** off",
        _ => "",
    };
    d.push_str(&format!(
        "**Seats:** {seats}{intro} · **Reminders:** {}\n\n",
        if g.options.reminder_minutes == 0 {
            "off".to_string()
        } else {
            format!("after {}", duration(g.options.reminder_minutes))
        }
    ));
    if g.options.stand_in_minutes > 0 {
        d.push_str(&format!(
            "**Stand-in:** a bot plays for anyone who holds the game up for {}\n\n",
            duration(g.options.stand_in_minutes)
        ));
    }
    d.push_str(&format!("**Players ({n}/{seats})**\n"));
    for (k, s) in seated.iter().enumerate() {
        let host = if s.user_id == g.host_id {
            " (host)"
        } else {
            ""
        };
        d.push_str(&format!("{}. {}{host}\n", k + 1, who(&names, k)));
    }
    let free = seats.saturating_sub(n);
    if free > 0 {
        d.push_str(&format!("{} free.\n", plural(free as u32, "seat", "seats")));
    } else {
        d.push_str("The table is full.\n");
    }
    d.push_str("\nPress **Join** to take a seat. The host presses **Start** when ready (2 or more players).");
    let start = format!("Start ({})", plural(n as u32, "player", "players"));
    let buttons: Vec<_> = [
        button(table, Verb::Join, "Join", Style::Success, free == 0),
        button(table, Verb::Leave, "Leave", Style::Secondary, false),
        button(table, Verb::Start, &start, Style::Primary, n < 2),
        button(table, Verb::Cancel, "Cancel", Style::Danger, false),
    ]
    .into_iter()
    .flatten()
    .collect();
    let mut m = MessageSpec {
        embeds: vec![EmbedSpec {
            title,
            description: d,
            color: LIGHT_GREEN,
            ..Default::default()
        }],
        rows: vec![RowSpec::Buttons(buttons)],
        ..Default::default()
    };
    fit(&mut m);
    m
}

/// The list of tables of both games for `/fog games` and `/kh games`: one line each with its
/// game, place, state and players.
pub fn games_list(tables: &[(Table, Option<AnyGame>)]) -> MessageSpec {
    let mut lines = Vec::new();
    for (t, g) in tables {
        let gr = &t.game;
        let names = names(t, t.seats.len());
        let players: Vec<String> = (0..t.seats.len()).map(|s| who(&names, s)).collect();
        let state = match (gr.status, g) {
            (Status::Open, _) => format!(
                "open, {}/{} seated, host <@{}>",
                t.seats.len(),
                gr.options.seats,
                gr.host_id
            ),
            (Status::Active, Some(g)) => {
                let waiting: Vec<String> =
                    g.waiting_for().iter().map(|&s| who(&names, s)).collect();
                let progress = crate::on_game!(g, g => Screens::progress(g));
                if waiting.is_empty() {
                    progress
                } else {
                    format!("{progress} · waiting for {}", and_list(&waiting))
                }
            }
            (Status::Active, None) => "in play".to_string(),
            (Status::Ended, Some(g)) => {
                let w: Vec<String> = crate::on_game!(g, g => Screens::winners(g))
                    .iter()
                    .map(|&s| who(&names, s))
                    .collect();
                if w.is_empty() {
                    "ended".to_string()
                } else {
                    format!("ended · won by {}", and_list(&w))
                }
            }
            (Status::Ended, None) => "ended".to_string(),
            (Status::Abandoned, _) => "cancelled".to_string(),
        };
        let place = match gr.thread_id {
            Some(t) => format!("<#{t}>"),
            None => format!("<#{}>", gr.channel_id),
        };
        let game = Kind::parse(&gr.kind).map_or("?", Kind::name);
        lines.push(format!(
            "**#{}** {game} · {place} · {state}\n  {}",
            gr.id,
            players.join(", ")
        ));
    }
    let mut d = String::new();
    let mut shown = 0;
    for l in &lines {
        if d.chars().count() + l.chars().count() + 1 > 3800 {
            break;
        }
        d.push_str(l);
        d.push('\n');
        shown += 1;
    }
    if shown < lines.len() {
        d.push_str(&format!("*…and {} more.*", lines.len() - shown));
    }
    if lines.is_empty() {
        d = "No tables here yet. Start one with `/fog new` (Fields of Green) or `/kh new` (Key Harvest).".to_string();
    }
    let mut m = MessageSpec {
        embeds: vec![EmbedSpec {
            title: "Tables in this server".to_string(),
            description: d,
            color: GREEN,
            ..Default::default()
        }],
        ..Default::default()
    };
    fit(&mut m);
    m
}
