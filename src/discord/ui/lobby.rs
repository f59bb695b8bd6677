//! The messages no one game owns: the lobby of an open table (the same Join / Leave / Start /
//! Cancel for every game; its buttons use the shared lobby verbs of the `ids` codec) and the list
//! of a server's tables of every game.

use super::{GREEN, GREY, LIGHT_GREEN, embed_message, fit, names, who};
use crate::discord::game::Screens;
use crate::discord::ids::{LobbyId, LobbyVerb as Verb};
use crate::discord::spec::{ButtonSpec, EmbedSpec, MessageSpec, RowSpec, Style};
use crate::host::{AnyGame, Kind};
use crate::render::and_list;
use crate::store::{Rematch, Status, Table, is_bot_user};

/// `45 minutes`, `1 hour`, `2 days`; `off` for 0.
pub(crate) fn duration(minutes: u32) -> String {
    match minutes {
        0 => crate::t!("off"),
        m if m % 1440 == 0 => crate::t!("n-days", n = m / 1440),
        m if m % 60 == 0 => crate::t!("n-hours", n = m / 60),
        m => crate::t!("n-minutes", n = m),
    }
}

/// The table's pace, as the lobby and the table message say it (`None` at a live table).
pub(crate) fn pace_line(pace: crate::store::Pace) -> Option<String> {
    let hours = pace.decision_hours()?;
    Some(crate::t!(
        "pace-line",
        time = duration(hours * 60),
        pace = pace.as_str()
    ))
}

/// A game's name in the language in scope.
pub fn game_name(kind: Kind) -> String {
    crate::on_kind!(kind, G => G::name())
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
    // A row's kind was checked when the table was opened; the first game reads an unknown one.
    let kind = Kind::of_row(&g.kind);
    let title = crate::t!("lobby-title", game = game_name(kind), table = g.id);
    if g.status != Status::Open {
        let text = match g.status {
            Status::Active => crate::t!("lobby-started"),
            Status::Ended => crate::t!("lobby-ended"),
            _ => crate::t!("lobby-cancelled"),
        };
        return embed_message(title, text, GREY);
    }
    let names: Vec<String> = seated.iter().map(|s| s.name.clone()).collect();
    let mut d = crate::t!("lobby-host", host = format!("<@{}>", g.host_id));
    d.push('\n');
    let intro = crate::on_kind!(kind, G => G::lobby_options(&g.options));
    let reminders = if g.options.reminder_minutes == 0 {
        crate::t!("off")
    } else {
        crate::t!(
            "lobby-reminders-after",
            after = duration(g.options.reminder_minutes)
        )
    };
    d.push_str(&format!(
        "{}{intro} · {}\n\n",
        crate::t!("lobby-seats", seats = seats),
        crate::t!("lobby-reminders", reminders = reminders)
    ));
    if g.options.hints {
        d.push_str(&crate::t!("lobby-hints-on"));
        d.push_str("\n\n");
    }
    if let Some(line) = pace_line(g.options.pace) {
        d.push_str(&line);
        d.push_str("\n\n");
    }
    if g.options.stand_in_minutes > 0 {
        d.push_str(&crate::t!(
            "lobby-stand-in",
            after = duration(g.options.stand_in_minutes)
        ));
        d.push_str("\n\n");
    }
    if let Some(r) = &g.options.rematch {
        d.push_str(&crate::t!("lobby-rematch-of", table = r.of));
        d.push_str("\n\n");
    }
    d.push_str(&crate::t!("lobby-players", n = n, seats = seats));
    d.push('\n');
    for (k, s) in seated.iter().enumerate() {
        let host = if s.user_id == g.host_id {
            format!(" {}", crate::t!("lobby-host-mark"))
        } else {
            String::new()
        };
        // A rematch's seats are taken already: each says whether its player has confirmed.
        let mark = match &g.options.rematch {
            Some(r) if r.confirmed.contains(&s.user_id) => {
                format!(" · {}", crate::t!("lobby-confirmed"))
            }
            Some(_) => format!(" · {}", crate::t!("lobby-to-confirm")),
            None => String::new(),
        };
        d.push_str(&format!("{}. {}{host}{mark}\n", k + 1, who(&names, k)));
    }
    if let Some(r) = &g.options.rematch {
        return rematch_lobby(table, r, title, d);
    }
    let free = seats.saturating_sub(n);
    if free > 0 {
        d.push_str(&crate::t!("lobby-free", free = free));
    } else {
        d.push_str(&crate::t!("lobby-full"));
    }
    d.push_str("\n\n");
    d.push_str(&crate::t!("lobby-how"));
    let start = crate::t!("lobby-start", n = n);
    let join = crate::t!("lobby-join");
    let leave = crate::t!("lobby-leave");
    let cancel = crate::t!("lobby-cancel");
    let buttons = [
        button(table, Verb::Join, &join, Style::Success, free == 0),
        button(table, Verb::Leave, &leave, Style::Secondary, false),
        button(table, Verb::Start, &start, Style::Primary, n < 2),
        button(table, Verb::Cancel, &cancel, Style::Danger, false),
    ];
    lobby_message(title, d, buttons, String::new(), Vec::new())
}

/// The rest of a rematch's lobby (`d` so far: host, options, seats): Confirm, Leave (the
/// rematch then goes on as an ordinary lobby) and Cancel; the players still to confirm are
/// mentioned in the message's text, so the first post pings them.
fn rematch_lobby(table: &Table, r: &Rematch, title: String, mut d: String) -> MessageSpec {
    d.push('\n');
    d.push_str(&crate::t!("lobby-rematch-how"));
    let waiting: Vec<u64> = r
        .waiting(table)
        .map(|s| s.user_id)
        .filter(|&u| !is_bot_user(u))
        .collect();
    let content = if waiting.is_empty() {
        String::new()
    } else {
        let who: Vec<String> = waiting.iter().map(|u| format!("<@{u}>")).collect();
        crate::t!("lobby-rematch-ping", players = who.join(" "))
    };
    let (confirm, decline) = (crate::t!("lobby-confirm"), crate::t!("lobby-decline"));
    let cancel = crate::t!("lobby-cancel");
    let buttons = [
        button(
            table,
            Verb::Confirm,
            &confirm,
            Style::Success,
            waiting.is_empty(),
        ),
        button(table, Verb::Leave, &decline, Style::Secondary, false),
        button(table, Verb::Cancel, &cancel, Style::Danger, false),
    ];
    lobby_message(title, d, buttons, content, waiting)
}

/// A lobby's message: its embed (`title`, `d`) over one row of the `buttons` that are drawn,
/// with `content` pinging the users in `ping`, fitted to Discord's limits.
fn lobby_message(
    title: String,
    d: String,
    buttons: impl IntoIterator<Item = ButtonSpec>,
    content: String,
    ping: Vec<u64>,
) -> MessageSpec {
    let mut m = MessageSpec {
        content,
        ping,
        embeds: vec![EmbedSpec {
            title,
            description: d,
            color: LIGHT_GREEN,
            ..Default::default()
        }],
        rows: vec![RowSpec::Buttons(buttons.into_iter().collect())],
        ..Default::default()
    };
    fit(&mut m);
    m
}

/// The buttons under a finished table's message: Review (the coach's review of the game, issue
/// 30), then Rematch (the same game, seats and options with a new seed, in a lobby where every
/// seat confirms). None before the end, nor for a game that did not end (an abandoned one has
/// no review).
pub fn ended_buttons(table: &Table) -> Vec<ButtonSpec> {
    if table.game.status != Status::Ended {
        return Vec::new();
    }
    let review = crate::t!("review-button");
    let rematch = crate::t!("lobby-rematch");
    vec![
        button(table, Verb::Review, &review, Style::Secondary, false),
        button(table, Verb::Rematch, &rematch, Style::Primary, false),
    ]
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
            // Parked (issue 42): its place is gone; the line says how to bring it back.
            (Status::Active, _) if gr.parked.is_some() => crate::t!(
                "games-paused",
                cmd = format!("/{}", Kind::of_row(&gr.kind).command()),
                table = gr.id
            ),
            (Status::Open, _) => crate::t!(
                "games-open",
                seated = t.seats.len(),
                seats = gr.options.seats,
                host = format!("<@{}>", gr.host_id)
            ),
            (Status::Active, Some(g)) => {
                let waiting: Vec<String> =
                    g.waiting_for().iter().map(|&s| who(&names, s)).collect();
                let progress = crate::on_game!(g, g => Screens::progress(g));
                if waiting.is_empty() {
                    progress
                } else {
                    format!(
                        "{progress} · {}",
                        crate::t!("games-waiting-for", players = and_list(&waiting))
                    )
                }
            }
            (Status::Active, None) => crate::t!("games-in-play"),
            (Status::Ended, Some(g)) => {
                let w: Vec<String> = crate::on_game!(g, g => Screens::winners(g))
                    .iter()
                    .map(|&s| who(&names, s))
                    .collect();
                if w.is_empty() {
                    crate::t!("games-ended")
                } else {
                    format!(
                        "{} · {}",
                        crate::t!("games-ended"),
                        crate::t!("games-won-by", players = and_list(&w))
                    )
                }
            }
            (Status::Ended, None) => crate::t!("games-ended"),
            (Status::Abandoned, _) => crate::t!("games-cancelled"),
        };
        let place = match gr.thread_id {
            // A parked game's channel is gone or closed: no link that leads nowhere.
            _ if gr.parked.is_some() => crate::t!("games-no-channel"),
            Some(t) => format!("<#{t}>"),
            None => format!("<#{}>", gr.channel_id),
        };
        let game = Kind::parse(&gr.kind).map_or_else(|| "?".to_string(), game_name);
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
        d.push_str(&crate::t!("and-more", n = lines.len() - shown));
    }
    if lines.is_empty() {
        d = crate::t!("games-none");
    }
    embed_message(crate::t!("games-title"), d, GREEN)
}

/// A lobby button of this table, drawn at the table's current version (its id always fits:
/// [`LobbyId::encode`]).
fn button(table: &Table, verb: Verb, label: &str, style: Style, disabled: bool) -> ButtonSpec {
    let id = LobbyId {
        game: table.game.id,
        version: table.game.version,
        verb,
    };
    ButtonSpec::new(id.encode(), label, style, disabled)
}
