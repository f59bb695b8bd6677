//! Fields of Green's public messages: the table message (edited in place all game long), the
//! farms, the log, turn and year summaries, the final scores and reminders. All of them
//! are made from the public view only: nothing here may show a hand, a face-down selection, an
//! Equipment offer or the order of a pile.

use super::{
    DARK_GREEN, GOLD, GREEN, GREY, add_pictures, and_list, button, cid, direction_text,
    embed_message, farm_block, farm_pictures, farm_pictures_built, field, fit, mention, names,
    one_embed, pictures_under_embeds, resources, seat_status, who, year_phase,
};
use crate::discord::fields_of_green::ids::{Screen, Verb, encode_screen};
use crate::discord::spec::{
    self, EmbedSpec, MessageSpec, OptionSpec, RowSpec, SelectSpec, Style, limits,
};
use crate::discord::ui::{duration, lobby};
use crate::games::fields_of_green::effects::Pile;
use crate::games::fields_of_green::event::Event;
use crate::games::fields_of_green::view::PublicView;
use crate::games::fields_of_green::{Game, Phase};
use crate::render;
use crate::render::fields_of_green::coord_label;
use crate::store::{Status, Table};
use smol_str::SmolStr;

/// `3x Wheat, Pigs, 2x Barley` in order of first appearance, clipped to `max` characters.
fn counted(game: &Game, ids: &[SmolStr], max: usize) -> String {
    let mut seen: Vec<(&SmolStr, usize)> = Vec::new();
    for id in ids {
        match seen.iter_mut().find(|(s, _)| *s == id) {
            Some((_, n)) => *n += 1,
            None => seen.push((id, 1)),
        }
    }
    let parts: Vec<String> = seen
        .iter()
        .map(|(id, n)| {
            let name = render::fields_of_green::card_name(game.deck(), id);
            if *n > 1 {
                crate::t!("fog-counted", n = *n, name = name)
            } else {
                name
            }
        })
        .collect();
    spec::clip(&parts.join(&crate::t!("fog-list-sep")), max)
}

/// The lines about the whole table: first player, direction, piles, supplies, discard, row.
fn table_lines(table: &Table, game: &Game, v: &PublicView, names: &[String]) -> Vec<String> {
    let mut lines = Vec::new();
    let fp = who(names, v.first_player);
    if v.players == 2 {
        lines.push(crate::t!("fog-first-player-line", name = fp));
    } else {
        lines.push(crate::t!(
            "fog-first-player-pass-line",
            name = fp,
            direction = direction_text(v.direction)
        ));
    }
    let piles: Vec<String> = Pile::ALL
        .iter()
        .zip(v.piles)
        .map(|(p, n)| format!("{} {n}", render::fields_of_green::card_text::pile_name(*p)))
        .collect();
    lines.push(crate::t!("fog-piles-line", piles = piles.join(" · ")));
    lines.push(crate::t!(
        "fog-supply-line",
        towers = u32::from(v.water_towers_left),
        silos = u32::from(v.silos_left),
        tiles = v.equipment_left as u32
    ));
    if v.discard.is_empty() {
        lines.push(crate::t!("fog-discard-empty"));
    } else {
        lines.push(crate::t!(
            "fog-discard-line",
            n = v.discard.len(),
            cards = counted(game, &v.discard, 400)
        ));
    }
    if v.players == 2 && matches!(v.phase, Phase::Duel { .. }) {
        let row = if v.row.is_empty() {
            crate::t!("fog-none")
        } else {
            counted(game, &v.row, 400)
        };
        lines.push(crate::t!("fog-face-up-line", row = row, down = v.row_pile));
    }
    if v.intro {
        lines.push(crate::t!("fog-intro-mode"));
    }
    if !game.is_over() {
        let waiting: Vec<String> = v
            .waiting_for
            .iter()
            .map(|&s| mention(table, names, s))
            .collect();
        if waiting.is_empty() {
            lines.push(crate::t!("fog-waiting-nobody"));
        } else {
            lines.push(crate::t!(
                "fog-waiting-line",
                names = waiting.join(&crate::t!("fog-list-sep"))
            ));
        }
        if let Some(line) = crate::discord::ui::pace_line(table.game.options.pace) {
            lines.push(line);
        }
        lines.extend(crate::discord::seats::away_lines(table));
        if table.game.options.stand_in_minutes > 0 {
            lines.push(crate::t!(
                "fog-stand-in-line",
                time = duration(table.game.options.stand_in_minutes)
            ));
        }
        if let Some(note) = &table.game.stand_in_note {
            lines.push(crate::t!("fog-last-stand-in-line", note = note.as_str()));
        }
    }
    lines
}

/// The rulebook's score pad drawn for a phone (for a code block) and the lines under it.
fn pad_parts(game: &Game, names: &[String]) -> Option<(String, Vec<String>)> {
    let pads = game.scores()?;
    Some((
        render::fields_of_green::phone::pad(game.deck(), pads, names),
        render::fields_of_green::pad_notes(pads, names),
    ))
}

/// Writes the pad's notes to `d` as markdown, one a line, all but the last (the winner's line,
/// which each screen sets off in its own way); returns that last one.
fn push_notes<'a>(d: &mut String, notes: &'a [String]) -> Option<&'a String> {
    let (last, rest) = notes
        .split_last()
        .map_or((None, &[][..]), |(l, r)| (Some(l), r));
    for n in rest {
        d.push_str(&format!("{}\n", render_names_md(n)));
    }
    last
}

/// The public table message's embed (no buttons): what the table message shows, also the answer
/// to `/fog status`.
pub fn status(table: &Table, game: &Game) -> MessageSpec {
    let v = game.public_view();
    let names = names(table, v.players);
    let mut e = EmbedSpec {
        color: GREEN,
        ..Default::default()
    };
    if game.is_over() {
        e.title = crate::t!("fog-status-title-final", table = table.game.id);
        e.color = GOLD;
        if let Some((pad, notes)) = pad_parts(game, &names) {
            let mut d = format!("```\n{pad}\n```\n");
            let last = push_notes(&mut d, &notes);
            if let Some(l) = last {
                d.push_str(&format!("🏆 **{}**", render_names_md(l)));
            }
            // Every tie on VP explained, as on the final scores (ruling 19).
            for line in game
                .scores()
                .map(|pads| render::fields_of_green::tie_lines(pads, &names))
                .unwrap_or_default()
            {
                d.push_str(&format!("\n{}", render_names_md(&line)));
            }
            e.description = d;
        }
        e.footer = Some(crate::t!("fog-status-footer-final"));
    } else {
        e.title = crate::t!(
            "fog-status-title",
            table = table.game.id,
            phase = year_phase(game)
        );
        if table.game.status == Status::Abandoned {
            e.title = crate::t!("fog-status-title-abandoned", table = table.game.id);
            e.color = GREY;
        }
        e.description = table_lines(table, game, &v, &names).join("\n");
        for sv in &v.seats {
            let seat_name = render::seat_name(&names, sv.seat);
            let name = if sv.seat == v.first_player {
                crate::t!("fog-seat-field-first", name = seat_name, vp = sv.score_now)
            } else {
                crate::t!("fog-seat-field", name = seat_name, vp = sv.score_now)
            };
            let open = sv.farm.cells.iter().filter(|c| !c.face_up).count();
            let mut farm = crate::t!("fog-farm-cards", n = sv.farm.cells.len());
            if open > 0 {
                farm.push_str(&crate::t!("fog-farm-open-areas", n = open));
            }
            if !sv.set_aside.is_empty() {
                farm.push_str(&crate::t!("fog-farm-set-aside", n = sv.set_aside.len()));
            }
            let value = format!("{}\n{farm}\n{}", resources(sv), seat_status(game, sv));
            e.fields.push(field(name, value, true));
        }
        if table.game.status != Status::Abandoned {
            e.footer = Some(crate::t!("fog-status-footer"));
        }
    }
    one_embed(e)
}

/// The finished table message's embed, for a phone: the ranking in one line and the winners,
/// with the tie-break that decided if there was a tie (rulings 18, 19); the full score pad is behind the Scores button
/// ([`score_pad`]), so nothing here needs a wide screen.
fn outcome(table: &Table, game: &Game) -> MessageSpec {
    let v = game.public_view();
    let names = names(table, v.players);
    let mut e = EmbedSpec {
        title: crate::t!("fog-status-title-final", table = table.game.id),
        color: GOLD,
        ..Default::default()
    };
    let mut d = String::new();
    if let Some(pads) = game.scores() {
        d.push_str(&format!("{}\n", ranking(pads, &names)));
        let notes = render::fields_of_green::pad_notes(pads, &names);
        if let Some(last) = notes.last() {
            d.push_str(&format!("🏆 {}\n", render_names_md(last)));
        }
        // Why tied players stand in this order, at every place (ruling 19's order).
        for line in render::fields_of_green::tie_lines(pads, &names) {
            d.push_str(&format!("{}\n", render_names_md(&line)));
        }
    }
    e.description = d;
    e.footer = Some(crate::t!("fog-status-footer-final"));
    one_embed(e)
}

/// The Scores button's answer: the final scores without the farm pictures (Farms shows those).
pub fn score_pad(table: &Table, game: &Game) -> MessageSpec {
    let mut m = final_scores_text(table, game);
    fit(&mut m);
    m
}

/// Names inside render's text lines are plain; outside a code block, escape markdown.
fn render_names_md(s: &str) -> String {
    s.replace('*', "\\*")
        .replace('_', "\\_")
        .replace('~', "\\~")
        .replace('`', "\\`")
        .replace('|', "\\|")
}

/// The public table message, edited in place all game long: year, phase, first player,
/// direction, piles, discard, supplies, every player's resources, score and status, who the game
/// waits for; buttons My hand / Farms / Log. After the end: the final score pad and the winners,
/// with Farms / Log / Review / Rematch. An open table shows its lobby.
pub fn table_message(table: &Table, game: &Game) -> MessageSpec {
    if table.game.status == Status::Open {
        return lobby(table);
    }
    let over = game.is_over() && game.scores().is_some();
    let mut m = if over {
        outcome(table, game)
    } else {
        status(table, game)
    };
    let live = !game.is_over() && table.game.status == Status::Active;
    // (shown, what it does, label, style)
    let buttons = [
        (
            live,
            Verb::Hand,
            crate::t!("fog-button-my-hand"),
            Style::Primary,
        ),
        (
            over,
            Verb::Scores,
            crate::t!("fog-button-scores"),
            Style::Primary,
        ),
        (
            true,
            Verb::Farms,
            crate::t!("fog-button-farms"),
            Style::Secondary,
        ),
        (
            true,
            Verb::Log,
            crate::t!("fog-button-log"),
            Style::Secondary,
        ),
    ];
    let buttons = buttons.into_iter().filter(|b| b.0);
    crate::discord::ui::add_table_buttons(
        &mut m,
        table,
        buttons.map(|(_, verb, label, style)| button(table, verb, &label, style, false)),
    );
    m
}

/// A select to open one farm large (Screen::Farm), for the farms message and the panel.
pub(super) fn farm_select(table: &Table, v: &PublicView, names: &[String]) -> Option<RowSpec> {
    let options: Vec<OptionSpec> = v
        .seats
        .iter()
        .map(|sv| OptionSpec {
            label: spec::clip(
                &crate::t!(
                    "fog-farm-of-vp",
                    name = render::seat_name(names, sv.seat),
                    vp = sv.score_now
                ),
                limits::OPTION_LABEL,
            ),
            value: encode_screen(&Screen::Farm { seat: sv.seat }),
            description: Some(spec::clip(&resources(sv), limits::OPTION_DESCRIPTION)),
        })
        .collect();
    Some(RowSpec::Select(SelectSpec {
        id: cid(table, Verb::Navigate)?,
        placeholder: crate::t!("fog-farm-select-placeholder"),
        options,
    }))
}

/// Every farm as a grid, one embed per player, within the 6000-character total for 6 players
/// (legends are cut first, with a note), and a select to open one farm large.
pub fn farms(table: &Table, game: &Game) -> MessageSpec {
    let v = game.public_view();
    let names = names(table, v.players);
    let n = v.players.max(1);
    // 6000 for all embeds; titles and resource lines take about 150 each.
    let budget = ((limits::EMBED_TOTAL - 100) / n).min(3000);
    let mut embeds = Vec::new();
    for sv in &v.seats {
        let title = crate::t!(
            "fog-farm-of-vp",
            name = render::seat_name(&names, sv.seat),
            vp = sv.score_now
        );
        let title = spec::clip(&title, 80);
        let head = resources(sv);
        let room = budget.saturating_sub(title.chars().count() + head.chars().count() + 2);
        let description = format!("{head}\n{}", farm_block(game.deck(), &sv.farm, false, room));
        embeds.push(EmbedSpec {
            title,
            description,
            color: GREEN,
            ..Default::default()
        });
    }
    let mut m = MessageSpec {
        embeds,
        ..Default::default()
    };
    if let Some(row) = farm_select(table, &v, &names) {
        m.rows.push(row);
    }
    fit(&mut m);
    // Each farm's picture in its own embed, under its text grid.
    pictures_under_embeds(&mut m, farm_pictures(table, game, "farms", None));
    m
}

/// One farm large: the grid with its whole legend, resources, score now, Equipment on the farm
/// and set aside (with their texts), and what the seat is doing, with the farm's picture.
pub fn farm(table: &Table, game: &Game, seat: usize) -> MessageSpec {
    let Some(e) = farm_embed(table, game, seat) else {
        return MessageSpec {
            content: crate::t!("fog-no-such-seat"),
            ..Default::default()
        };
    };
    let mut m = one_embed(e);
    let pictures = farm_pictures(table, game, "farm", Some(seat));
    add_pictures(&mut m, pictures, GREEN);
    m
}

/// [`farm`]'s text, without the picture: what the panel's farm screen shows in its one embed.
/// The panel used to call [`farm`] and keep its first embed: a PNG drawn and encoded, then
/// dropped, every time it showed a farm.
pub fn farm_embed(table: &Table, game: &Game, seat: usize) -> Option<EmbedSpec> {
    let v = game.public_view();
    let names = names(table, v.players);
    let sv = v.seats.get(seat)?;
    let deck = game.deck();
    let mut e = EmbedSpec {
        title: crate::t!("fog-farm-of", name = render::seat_name(&names, seat)),
        color: GREEN,
        ..Default::default()
    };
    e.description = format!(
        "{}\n{}",
        resources(sv),
        farm_block(deck, &sv.farm, false, 3000)
    );
    e.fields.push(field(
        crate::t!("fog-score-now"),
        crate::t!("fog-score-now-value", vp = sv.score_now),
        true,
    ));
    e.fields
        .push(field(crate::t!("fog-status"), seat_status(game, sv), true));
    let mut placed = Vec::new();
    for c in &sv.farm.cells {
        for t in &c.equipment {
            placed.push(crate::t!(
                "fog-equipment-on",
                at = coord_label(c.pos),
                card = render::fields_of_green::card_name(deck, &c.card),
                text = render::fields_of_green::card_text(deck, t)
            ));
        }
    }
    if !placed.is_empty() {
        e.fields.push(field(
            crate::t!("fog-equipment-on-farm"),
            placed.join("\n"),
            false,
        ));
    }
    if !sv.set_aside.is_empty() {
        let text = render::fields_of_green::equipment_list(deck, &sv.set_aside);
        e.fields
            .push(field(crate::t!("fog-set-aside-field"), text, false));
    }
    Some(e)
}

/// The log's sentences of `events`, one per event, as markdown.
pub fn log_lines(table: &Table, game: &Game, events: &[Event]) -> Vec<String> {
    let v = game.public_view();
    let names = names(table, v.players);
    let farms: Vec<_> = v.seats.iter().map(|s| s.farm.clone()).collect();
    render::fields_of_green::describe_events(game.deck(), events, &names, &farms)
        .iter()
        .map(|l| render_names_md(l))
        .collect()
}

/// The recent log: one sentence per event (render's sentences), newest last, as many of the
/// newest as fit.
pub fn log(table: &Table, game: &Game, events: &[Event]) -> MessageSpec {
    let lines = log_lines(table, game, events);
    let mut kept: Vec<String> = Vec::new();
    let mut size = 0;
    for l in lines.iter().rev() {
        let l = l.clone();
        if size + l.chars().count() + 1 > 3900 {
            break;
        }
        size += l.chars().count() + 1;
        kept.push(l);
    }
    kept.reverse();
    let description = if kept.is_empty() {
        crate::t!("fog-log-empty")
    } else if kept.len() < lines.len() {
        format!(
            "{}\n{}",
            crate::t!("fog-log-earlier", n = lines.len() - kept.len()),
            kept.join("\n")
        )
    } else {
        kept.join("\n")
    };
    embed_message(
        crate::t!(
            "fog-log-title",
            table = table.game.id,
            phase = year_phase(game)
        ),
        description,
        DARK_GREEN,
    )
}

/// The seat an event is about, if one.
fn event_seat(e: &Event) -> Option<usize> {
    Some(match e {
        Event::Income { seat, .. }
        | Event::WaterToPlace { seat, .. }
        | Event::WaterPlaced { seat, .. }
        | Event::Drew { seat, .. }
        | Event::Selected { seat }
        | Event::Picked { seat, .. }
        | Event::Built { seat, .. }
        | Event::BuiltWaterTower { seat, .. }
        | Event::BuiltSilo { seat, .. }
        | Event::WentToMarket { seat, .. }
        | Event::Restored { seat, .. }
        | Event::Gained { seat, .. }
        | Event::Refilled { seat, .. }
        | Event::EquipmentDrawn { seat, .. }
        | Event::EquipmentStackEmpty { seat }
        | Event::EquipmentPlaced { seat, .. }
        | Event::EquipmentSetAside { seat, .. }
        | Event::Harvested { seat, .. }
        | Event::BecameOpenArea { seat, .. }
        | Event::HarvestFinished { seat } => *seat,
        _ => return None,
    })
}

/// A public summary of one stretch of play in `year`: what each player did with their revealed
/// card, given the events of one turn (from its reveal, or a 2-player turn's face-up cards, up
/// to the next), or the year's income and draws (from the year's start to its first reveal).
/// `None` when none of them is worth a message (no card was used, nothing drawn).
pub fn turn_summary(table: &Table, game: &Game, year: u8, events: &[Event]) -> Option<MessageSpec> {
    let worth = |e: &Event| {
        matches!(
            e,
            Event::Picked { .. }
                | Event::Built { .. }
                | Event::BuiltWaterTower { .. }
                | Event::BuiltSilo { .. }
                | Event::WentToMarket { .. }
                | Event::Restored { .. }
                | Event::Drew { .. }
                | Event::WaterPlaced { .. }
        )
    };
    if !events.iter().any(worth) {
        return None;
    }
    let v = game.public_view();
    let names = names(table, v.players);
    let farms: Vec<_> = v.seats.iter().map(|s| s.farm.clone()).collect();
    let deck = game.deck();
    let mut e = EmbedSpec {
        color: DARK_GREEN,
        ..Default::default()
    };
    let turn = events.iter().find_map(|e| match e {
        Event::Revealed { turn, .. } => Some(*turn),
        _ => None,
    });
    let upkeep = events
        .iter()
        .any(|e| matches!(e, Event::YearStarted { .. }));
    e.title = match (turn, upkeep) {
        (Some(turn), _) => crate::t!("fog-summary-title-turn", year = year, turn = turn),
        (None, true) => crate::t!("fog-summary-title-upkeep", year = year),
        (None, false) => crate::t!("fog-summary-title-cards", year = year),
    };
    // Per seat, the sentences about what it did, in order; the reveal and face-up cards on top.
    let mut general = Vec::new();
    let mut per_seat: Vec<Vec<String>> = vec![Vec::new(); v.players];
    for ev in events {
        let skip = matches!(
            ev,
            Event::Selected { .. }
                | Event::HandsPassed { .. }
                | Event::EquipmentDrawn { .. }
                | Event::YearStarted { .. }
        );
        if skip {
            continue;
        }
        let line = render_names_md(&render::fields_of_green::describe_event(
            deck, ev, &names, &farms,
        ));
        match event_seat(ev) {
            Some(s) if s < per_seat.len() => per_seat[s].push(line),
            _ => general.push(line),
        }
    }
    // The sentences name the players: one list, general lines first, then seat by seat.
    let mut lines = general;
    for seat_lines in per_seat {
        lines.extend(seat_lines.into_iter().map(|l| format!("• {l}")));
    }
    if lines.is_empty() {
        return None;
    }
    e.description = clip_lines(&lines, 3900);
    Some(one_embed(e))
}

/// As many whole lines as fit in `max` characters, with a note when some were left out.
fn clip_lines(lines: &[String], max: usize) -> String {
    let mut out = String::new();
    for (k, l) in lines.iter().enumerate() {
        if out.chars().count() + l.chars().count() + 40 > max {
            out.push_str(&crate::t!("fog-and-more", n = lines.len() - k));
            break;
        }
        out.push_str(l);
        out.push('\n');
    }
    out.trim_end().to_string()
}

/// The end of a year's harvest: what each player harvested, which locations became Open Areas,
/// and the scores now. `events` are the harvest's events (the engine clears each year's harvest
/// bookkeeping when the next year starts, so they are the only record); with none, only the
/// scores are shown.
pub fn year_summary(table: &Table, game: &Game, year: u8, events: &[Event]) -> MessageSpec {
    let v = game.public_view();
    let names = names(table, v.players);
    let deck = game.deck();
    let mut e = EmbedSpec {
        title: crate::t!("fog-year-end-title", year = year),
        color: DARK_GREEN,
        ..Default::default()
    };
    let mut order: Vec<usize> = (0..v.players).collect();
    order.sort_by_key(|&s| std::cmp::Reverse(v.seats[s].score_now));
    let standings: Vec<String> = order
        .iter()
        .enumerate()
        .map(|(k, &s)| {
            crate::t!(
                "fog-standing",
                rank = k + 1,
                name = who(&names, s),
                vp = v.seats[s].score_now
            )
        })
        .collect();
    e.description = format!("{}\n{}", crate::t!("fog-scores-now"), standings.join("\n"));
    if !game.is_over() {
        e.description.push_str(&format!(
            "\n\n{}",
            crate::t!(
                "fog-year-begins",
                year = game.year(),
                name = who(&names, v.first_player)
            )
        ));
    }
    for sv in &v.seats {
        let mut harvested: Vec<(String, u32)> = Vec::new();
        let mut open = Vec::new();
        for ev in events {
            match ev {
                Event::Harvested {
                    seat,
                    pos,
                    card,
                    extra,
                    ..
                } if *seat == sv.seat => {
                    let name = format!(
                        "{} {}",
                        render::fields_of_green::card_name(deck, card),
                        coord_label(*pos)
                    );
                    let n = 1 + u32::from(*extra);
                    match harvested.iter_mut().find(|(h, _)| *h == name) {
                        Some((_, k)) => *k += n,
                        None => harvested.push((name, n)),
                    }
                }
                Event::BecameOpenArea {
                    seat, pos, card, ..
                } if *seat == sv.seat => {
                    open.push(format!(
                        "{} {}",
                        render::fields_of_green::card_name(deck, card),
                        coord_label(*pos)
                    ));
                }
                _ => {}
            }
        }
        let mut lines = Vec::new();
        if !harvested.is_empty() {
            let list: Vec<String> = harvested
                .iter()
                .map(|(h, n)| {
                    if *n > 1 {
                        crate::t!("fog-times", what = h.as_str(), n = *n)
                    } else {
                        h.clone()
                    }
                })
                .collect();
            lines.push(crate::t!(
                "fog-harvested-list",
                list = list.join(&crate::t!("fog-list-sep"))
            ));
        } else if !events.is_empty() {
            lines.push(crate::t!("fog-harvested-nothing"));
        }
        if !open.is_empty() {
            lines.push(crate::t!(
                "fog-now-open-areas",
                list = open.join(&crate::t!("fog-list-sep"))
            ));
        }
        lines.push(resources(sv));
        e.fields.push(field(
            crate::t!(
                "fog-seat-field",
                name = render::seat_name(&names, sv.seat),
                vp = sv.score_now
            ),
            lines.join("\n"),
            false,
        ));
    }
    let mut m = one_embed(e);
    // Each farm's picture shows the cards it built this year (with their squares' names): four
    // whole farms were about 3,000 px of a phone's scrolling (issue 43). A farm that built
    // nothing is drawn whole.
    let built: Vec<Vec<crate::games::fields_of_green::Pos>> = (0..v.players)
        .map(|seat| {
            events
                .iter()
                .filter_map(|e| match e {
                    Event::Built { seat: s, pos, .. }
                    | Event::BuiltWaterTower { seat: s, pos, .. }
                    | Event::BuiltSilo { seat: s, pos, .. }
                        if *s == seat =>
                    {
                        Some(*pos)
                    }
                    _ => None,
                })
                .collect()
        })
        .collect();
    let pictures = farm_pictures_built(table, game, &format!("farms-year-{year}"), None, &built);
    add_pictures(&mut m, pictures, GREEN);
    m
}

/// The final scores: the rulebook's score pad for every player (every line of the pad), the
/// winner(s) and the tie-break that decided (rulings 18, 19). Before the end, the pad as it would
/// read now.
pub fn final_scores(table: &Table, game: &Game) -> MessageSpec {
    let mut m = final_scores_text(table, game);
    fit(&mut m);
    // The final farms, one picture each, once the game is over (not on "scores if it ended
    // now").
    if game.winners().is_some() {
        let pictures = farm_pictures(table, game, "final-farms", None);
        add_pictures(&mut m, pictures, GOLD);
    }
    m
}

/// [`final_scores`] without its pictures.
fn final_scores_text(table: &Table, game: &Game) -> MessageSpec {
    let v = game.public_view();
    let names = names(table, v.players);
    let deck = game.deck();
    let mut e = EmbedSpec {
        color: GOLD,
        ..Default::default()
    };
    let (pad, notes, tie) = match (game.scores(), game.winners()) {
        (Some(_), Some((_, tie))) => {
            let (pad, notes) = pad_parts(game, &names).unwrap_or_default();
            e.title = crate::t!("fog-final-scores-title", table = table.game.id);
            (pad, notes, Some(tie))
        }
        _ => {
            let pads = crate::games::fields_of_green::game::scoring::score_now(game);
            e.title = crate::t!("fog-scores-if-ended-title", table = table.game.id);
            (
                render::fields_of_green::phone::pad(deck, &pads, &names),
                render::fields_of_green::pad_notes(&pads, &names),
                None,
            )
        }
    };
    // A phone shows the outcome first: the ranking in one line, the full pad under it.
    let mut d = match game.scores() {
        Some(pads) if tie.is_some() => format!("{}\n", ranking(pads, &names)),
        _ => String::new(),
    };
    d.push_str(&format!("```\n{pad}\n```\n"));
    let last = push_notes(&mut d, &notes);
    if let Some(l) = last {
        if tie.is_some() {
            d.push_str(&format!("🏆 **{}**\n", render_names_md(l)));
        } else {
            d.push_str(&format!(
                "{}\n",
                crate::t!("fog-if-ended-now", line = render_names_md(l))
            ));
        }
    }
    // One short line for every tie on VP, at every place (ruling 19); "no tie" only when no two
    // players have the same VP.
    if let (Some(tie), Some(pads)) = (tie, game.scores()) {
        let ties = render::fields_of_green::tie_lines(pads, &names);
        if ties.is_empty() {
            d.push_str(&format!(
                "{}\n",
                crate::t!(
                    "fog-tie-break",
                    text = render::fields_of_green::tie_break_text(tie)
                )
            ));
        }
        for line in ties {
            d.push_str(&format!("{}\n", render_names_md(&line)));
        }
    }
    e.description = d;
    e.footer = Some(crate::t!("fog-final-footer"));
    MessageSpec {
        embeds: vec![e],
        ..Default::default()
    }
}

/// What the game needs from `seat` now, in a few words ("choose a card"); from the public view.
pub(super) fn need_text(game: &Game, seat: usize) -> String {
    let v = game.public_view();
    let Some(sv) = v.seats.get(seat) else {
        return crate::t!("fog-need-look");
    };
    let deck = game.deck();
    if sv.equipment_offer > 0 {
        return crate::t!("fog-need-equipment");
    }
    match game.phase() {
        Phase::Upkeep { .. } if sv.pending_water > 0 => crate::t!("fog-need-water"),
        Phase::Upkeep { .. } => crate::t!("fog-need-draw"),
        Phase::Action { turn } => {
            let select = *turn <= game.hand_size() && !sv.has_selected && sv.hand_size > 0;
            match (&sv.revealed, select) {
                (Some(c), true) => {
                    crate::t!(
                        "fog-need-use-and-choose",
                        card = render::fields_of_green::card_name(deck, c)
                    )
                }
                (Some(c), false) => crate::t!(
                    "fog-need-use",
                    card = render::fields_of_green::card_name(deck, c)
                ),
                (None, _) => crate::t!("fog-need-choose"),
            }
        }
        Phase::Duel { taken: true, .. } => match &sv.revealed {
            Some(c) => crate::t!(
                "fog-need-use",
                card = render::fields_of_green::card_name(deck, c)
            ),
            None => crate::t!("fog-need-take"),
        },
        Phase::Duel { .. } => crate::t!("fog-need-take"),
        Phase::Harvest => crate::t!("fog-need-harvest"),
        Phase::Ended => crate::t!("fog-need-scores"),
    }
}

/// A link to the table message, when the message and the server are known.
fn table_link(table: &Table) -> Option<String> {
    let g = &table.game;
    Some(format!(
        "https://discord.com/channels/{}/{}/{}",
        g.guild_id?,
        g.play_channel(),
        g.table_message_id?
    ))
}

/// A channel reminder for the seats the game waits for: `<@user>` mentions in the content (and
/// only those users in `ping`), what each must do, and a My hand button.
pub fn reminder(table: &Table, game: &Game, seats: &[usize]) -> MessageSpec {
    let names = names(table, game.players());
    let mut seats: Vec<usize> = seats
        .iter()
        .copied()
        .filter(|&s| s < game.players())
        .collect();
    seats.sort_unstable();
    seats.dedup();
    let needs: Vec<(usize, String)> = seats.iter().map(|&s| (s, need_text(game, s))).collect();
    let mut content = String::new();
    let phase = year_phase(game);
    if needs.is_empty() {
        content.push_str(&crate::t!(
            "fog-reminder-waiting",
            table = table.game.id,
            phase = phase.as_str()
        ));
    } else if needs.iter().all(|(_, n)| *n == needs[0].1) {
        let who: Vec<String> = needs
            .iter()
            .map(|&(s, _)| mention(table, &names, s))
            .collect();
        content.push_str(&crate::t!(
            "fog-reminder-all",
            names = and_list(&who),
            need = needs[0].1.as_str(),
            table = table.game.id,
            phase = phase.as_str()
        ));
    } else {
        content.push_str(&crate::t!(
            "fog-reminder-each",
            table = table.game.id,
            phase = phase.as_str()
        ));
        for (s, n) in &needs {
            content.push_str(&format!("\n- {}: {n}", mention(table, &names, *s)));
        }
    }
    content.push('\n');
    content.push_str(&crate::t!("fog-reminder-tap"));
    let m = MessageSpec {
        content,
        ping: seats.iter().filter_map(|&s| table.user_of(s)).collect(),
        ..Default::default()
    };
    with_hand_button(table, m)
}

/// A reminder `m` made to fit, with the My hand button under it (when its id fits).
fn with_hand_button(table: &Table, mut m: MessageSpec) -> MessageSpec {
    if let Some(b) = button(
        table,
        Verb::Hand,
        &crate::t!("fog-button-my-hand"),
        Style::Primary,
        false,
    ) {
        m.rows.push(RowSpec::Buttons(vec![b]));
    }
    fit(&mut m);
    m
}

/// A direct-message reminder for one seat: what to do, where the game is, a My hand button.
pub fn dm_reminder(table: &Table, game: &Game, seat: usize) -> MessageSpec {
    let where_ = match table_link(table) {
        Some(link) => crate::t!("fog-table-message-link", link = link),
        None => format!("<#{}>", table.game.play_channel()),
    };
    let content = crate::t!(
        "fog-dm-reminder",
        table = table.game.id,
        phase = year_phase(game),
        need = need_text(game, seat),
        place = where_
    );
    let m = MessageSpec {
        content,
        ..Default::default()
    };
    with_hand_button(table, m)
}

/// `**1. Dmitri 19** · 2. Bram 15 · 3. Ada 15`: the final ranking in one line, in the order of
/// every screen (`scoring::standings`: VP, then locations, then coins, ruling 19); players
/// equal on all three share a rank.
fn ranking(
    pads: &[crate::games::fields_of_green::game::scoring::ScorePad],
    names: &[String],
) -> String {
    let mut parts = Vec::new();
    for (seat, rank) in crate::games::fields_of_green::game::scoring::standings(pads) {
        let Some(p) = pads.iter().find(|p| p.seat == seat) else {
            continue;
        };
        let entry = crate::t!(
            "ranking-entry",
            rank = rank,
            name = render_names_md(&render::seat_name(names, seat)),
            points = p.total
        );
        parts.push(if rank == 1 {
            format!("**{entry}**")
        } else {
            entry
        });
    }
    parts.join(" · ")
}
