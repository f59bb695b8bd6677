//! Fields of Green on Discord: every message of a Fields of Green table, as plain
//! [`MessageSpec`](super::spec::MessageSpec) data built from the store's [`Table`] and the
//! engine's views (the lobby and the list of tables are shared: `discord::ui`). Pure functions, no Discord types, so every message is
//! checked against Discord's limits in unit tests (`spec::check`), without Discord.
//!
//! Public messages (the table message, farms, the log, summaries, reminders, rules)
//! are in `public` and `reference`; the private panel each player decides with is in `panel`.
//!
//! Conventions (from Discord's documented limits and how its clients draw messages):
//! - every component id is made with the `ids` codec and carries the game id and the table's
//!   current version, so a stale view is refused by the service and every button survives a
//!   restart;
//! - farm grids and the score pad go in ``` code blocks, ASCII only, at most 40 columns for the
//!   grid (render keeps to that); names and emoji stay outside code blocks;
//! - short English, phone-sized: labels fit a button, one fact per line;
//! - nothing private leaves a player's own panel: the table message and reminders are made from
//!   the public view only.

pub mod commands;
pub mod ids;
mod notify;
mod panel;
mod public;
mod reference;
pub mod router;
mod screens;
#[cfg(test)]
mod tests;

pub use panel::{AutoHarvest, auto_harvest, panel};
pub use public::{
    dm_reminder, farm, farms, final_scores, log, reminder, score_pad, status, table_message,
    turn_summary, year_summary,
};
// For the check that every topic has its messages (discord/topics.rs).
#[cfg(test)]
pub(crate) use reference::TOPICS as RULES_TOPICS;
pub use reference::{card, card_names, rules, rules_topics};

// The shared message helpers, for this module and its children (`super::fit`, ...).
use super::spec::{ButtonSpec, Style};
use super::ui::{
    DARK_GREEN, GOLD, GREEN, GREY, LIGHT_GREEN, add_pictures, embed_message, field, fit, mention,
    names, one_embed, pictures_under_embeds, seat_picture, who,
};
use crate::games::fields_of_green::event::Direction;
use crate::games::fields_of_green::view::{FarmView, SeatView};
use crate::games::fields_of_green::{Deck, Game, Phase};
use crate::render::fields_of_green::RenderOptions;
use crate::render::{self, and_list};
use crate::store::Table;
use ids::{ComponentId, Verb};

/// One PNG per farm (or only seat `only`'s), each a file named `{stem}-{seat}.png` (seats from
/// 1; `{stem}.png` for one seat), drawn from the public view only. One picture per farm, not
/// every farm in one: a phone shows a picture about 330 px wide, and four farms side by side
/// were shrunk past reading. Empty when a farm cannot be drawn (logged): the text grids carry
/// the same facts, so the message goes out without it rather than not at all.
fn farm_pictures(
    table: &Table,
    game: &Game,
    stem: &str,
    only: Option<usize>,
) -> Vec<super::spec::FileSpec> {
    farm_pictures_built(table, game, stem, only, &[])
}

/// [`farm_pictures`] with each seat's picture limited to the cards on the squares `built[seat]`
/// when it has any (a year's summary: what changed, issue 43).
fn farm_pictures_built(
    table: &Table,
    game: &Game,
    stem: &str,
    only: Option<usize>,
    built: &[Vec<crate::games::fields_of_green::Pos>],
) -> Vec<super::spec::FileSpec> {
    // The crate's unit tests build every screen at every step of whole playouts to check
    // Discord's text limits; a picture per screen would make them take many minutes. Pictures
    // have their own tests (tests/suite/pictures.rs), which run the library as the bot does.
    #[cfg(test)]
    if crate::games::unit::running() {
        return Vec::new();
    }
    let v = game.public_view();
    let names = names(table, v.players);
    let mut files = Vec::new();
    for sv in v
        .seats
        .iter()
        .filter(|sv| only.is_none_or(|s| s == sv.seat))
    {
        let name = render::seat_name(&names, sv.seat);
        // `farms_png` of one farm: drawn with English labels, as the font needs.
        let drawn = match built.get(sv.seat).filter(|b| !b.is_empty()) {
            Some(squares) => crate::i18n::with(crate::i18n::Locale::En, || {
                render::fields_of_green::farm_picture::farm_built_png(
                    game.deck(),
                    sv,
                    &name,
                    squares,
                )
            }),
            None => {
                render::fields_of_green::farm_picture::farms_png(game.deck(), &[(sv, name.clone())])
            }
        };
        let description = crate::t!("fog-picture-farm-of", name = name, table = table.game.id);
        files.extend(seat_picture(
            table,
            stem,
            only.is_some(),
            sv.seat,
            drawn,
            "farm",
            description,
        ));
    }
    files
}

/// Water on a farm's towers.
fn water_of(farm: &FarmView) -> u32 {
    farm.cells
        .iter()
        .filter(|c| c.card == "water_tower")
        .map(|c| u32::from(c.water))
        .sum()
}

/// `12 coins - 3/8 Food - 5 Water - 2 VP tokens`.
fn resources(sv: &SeatView) -> String {
    crate::t!(
        "fog-resources",
        coins = sv.coins,
        food = sv.food,
        capacity = sv.food_capacity,
        water = water_of(&sv.farm),
        tokens = sv.vp_tokens
    )
}

/// `Action phase, turn 3 of 6`, `Harvest`, ...
fn phase_name(game: &Game) -> String {
    let hs = game.hand_size();
    match game.phase() {
        Phase::Upkeep { .. } => crate::t!("fog-phase-upkeep"),
        Phase::Action { turn } => {
            crate::t!("fog-phase-action-turn", turn = (*turn).min(hs), of = hs)
        }
        Phase::Duel { picks, taken, .. } => {
            let card = if *taken { *picks } else { picks + 1 };
            crate::t!(
                "fog-phase-action-card",
                card = card.min(2 * hs),
                of = 2 * hs
            )
        }
        Phase::Harvest => crate::t!("fog-phase-harvest"),
        Phase::Ended => crate::t!("fog-game-over"),
    }
}

/// `Year 2 of 4 - Action phase, turn 3 of 6`.
pub fn year_phase(game: &Game) -> String {
    if game.is_over() {
        return crate::t!("fog-game-over");
    }
    crate::t!(
        "fog-year-phase",
        year = game.year(),
        phase = phase_name(game)
    )
}

/// `-> left (clockwise)`.
fn direction_text(d: Direction) -> String {
    match d {
        Direction::Left => crate::t!("fog-direction-left"),
        Direction::Right => crate::t!("fog-direction-right"),
    }
}

/// What a seat is doing now, in a few words, from the public view only.
fn seat_status(game: &Game, sv: &SeatView) -> String {
    let hs = game.hand_size();
    let waiting = game.is_waiting_for(sv.seat);
    let deck = game.deck();
    let s = match game.phase() {
        Phase::Ended => return crate::t!("fog-vp", n = sv.score_now),
        _ if sv.equipment_offer > 0 => crate::t!("fog-status-choosing-equipment"),
        Phase::Upkeep { next } => {
            if sv.pending_water > 0 {
                crate::t!("fog-status-placing-water")
            } else if let Some(s) = sv.split {
                crate::t!("fog-status-drew", split = split_text(s))
            } else if game.turn_order().get(*next as usize) == Some(&sv.seat) {
                crate::t!("fog-status-drawing")
            } else {
                crate::t!("fog-status-draws-later")
            }
        }
        Phase::Action { turn } => {
            let mut parts = Vec::new();
            if let Some(c) = &sv.revealed {
                parts.push(crate::t!(
                    "fog-status-using",
                    card = render::fields_of_green::card_name(deck, c)
                ));
            }
            if *turn <= hs {
                if sv.has_selected {
                    parts.push(crate::t!("fog-status-card-chosen"));
                } else if sv.hand_size > 0 {
                    parts.push(crate::t!("fog-status-choosing-card"));
                }
            }
            if parts.is_empty() {
                crate::t!("fog-status-done")
            } else {
                parts.join(&crate::t!("fog-list-sep"))
            }
        }
        Phase::Duel { current, taken, .. } => {
            if *current as usize != sv.seat {
                crate::t!("fog-status-waiting")
            } else if !*taken {
                crate::t!("fog-status-taking-card")
            } else if let Some(c) = &sv.revealed {
                crate::t!(
                    "fog-status-using",
                    card = render::fields_of_green::card_name(deck, c)
                )
            } else {
                crate::t!("fog-status-taking-card")
            }
        }
        Phase::Harvest => {
            if sv.harvest_done {
                crate::t!("fog-status-harvest-done")
            } else {
                crate::t!("fog-status-harvesting")
            }
        }
    };
    if waiting { format!("⏳ {s}") } else { s }
}

/// `2/2/1/1`.
fn split_text(s: [u8; 4]) -> String {
    format!("{}/{}/{}/{}", s[0], s[1], s[2], s[3])
}

/// A farm grid in a code block, then as much of its legend as fits, in at most `budget`
/// characters.
fn farm_block(deck: &Deck, farm: &FarmView, show_build_spaces: bool, budget: usize) -> String {
    let r = render::fields_of_green::render_farm(
        deck,
        farm,
        RenderOptions {
            show_build_spaces,
            ..Default::default()
        },
    );
    farm_block_with(&r.grid, &r.legend, budget, "\n")
}

/// [`farm_block`] with the legend's entries run together in one paragraph (` · ` between them):
/// the private panel's form, where a legend a line per code would push the buttons off a phone's
/// first screen (issue 43).
fn farm_block_compact(
    deck: &Deck,
    farm: &FarmView,
    show_build_spaces: bool,
    budget: usize,
) -> String {
    let r = render::fields_of_green::render_farm(
        deck,
        farm,
        RenderOptions {
            show_build_spaces,
            tight: true,
        },
    );
    farm_block_with(&r.grid, &r.short_legend, budget, " · ")
}

fn farm_block_with(grid: &str, legend: &[String], budget: usize, sep: &str) -> String {
    // Only the grid is monospaced: the legend's lines are sentences, which a phone may wrap.
    let mut s = format!("```\n{grid}\n```");
    let mut cut = false;
    for (i, line) in legend.iter().enumerate() {
        let line = super::ui::esc(line);
        if !cut && s.chars().count() + line.chars().count() < budget {
            s.push_str(if i == 0 { "\n" } else { sep });
            s.push_str(&line);
        } else {
            cut = true;
        }
    }
    let more = format!("\n{}", crate::t!("fog-legend-cut"));
    if cut && s.chars().count() + more.chars().count() <= budget {
        s.push_str(&more);
    }
    s
}

/// What the thread and the table message say when the stand-in played for a slow player. Only
/// public facts: who, how long, and the phase (the decision itself may be a face-down card).
pub fn stand_in_note(table: &Table, game: &Game, seat: usize, minutes: u32) -> String {
    let names = names(table, game.players());
    crate::t!(
        "fog-stand-in-note",
        name = who(&names, seat),
        minutes = minutes,
        phase = year_phase(game)
    )
}

/// A rule refusal of the Fields of Green engine as a sentence in the language in scope, for every
/// [`ActionError`] variant; `None` when `e` is not the engine's error. The engine's own Display
/// stays English (the CLI prints it); its free-text details (a reason inside "invalid Water
/// placement: ...") are matched here and reworded, or, if unknown, left out of the Japanese
/// sentence rather than shown in English.
pub fn rule_text(e: &(dyn std::error::Error + 'static)) -> Option<String> {
    use crate::games::fields_of_green::ActionError as E;
    let e = e.downcast_ref::<E>()?;
    let ja = render::japanese();
    Some(match e {
        E::GameOver => crate::t!("fog-err-game-over"),
        E::NoSuchSeat(n) => crate::t!("fog-err-no-such-seat", n = *n),
        E::NotYourTurn(why) => {
            let why = match *why {
                "players draw in turn order, first player first" => {
                    crate::t!("fog-why-draw-in-order")
                }
                "the other player takes a card now" => crate::t!("fog-why-other-takes"),
                other if !ja => other.to_string(),
                _ => return Some(crate::t!("fog-err-not-your-turn-plain")),
            };
            crate::t!("fog-err-not-your-turn", why = why)
        }
        E::WrongPhase(why) => {
            let why = match *why {
                "the harvest has not started" => crate::t!("fog-why-harvest-not-started"),
                "cards are used in the action phase" => crate::t!("fog-why-cards-used-in-action"),
                "cards are drawn in the upkeep" => crate::t!("fog-why-cards-drawn-in-upkeep"),
                "cards are selected in the action phase" => {
                    crate::t!("fog-why-cards-selected-in-action")
                }
                "you have no cards left this year" => crate::t!("fog-why-no-cards-left"),
                "cards are taken from the row in a 2-player action phase" => {
                    crate::t!("fog-why-cards-taken-from-row")
                }
                other if !ja => other.to_string(),
                _ => return Some(crate::t!("fog-err-wrong-phase-plain")),
            };
            crate::t!("fog-err-wrong-phase", why = why)
        }
        E::EquipmentPending => crate::t!("fog-err-equipment-pending"),
        E::UnknownCard(c) => crate::t!("fog-err-unknown-card", card = c.as_str()),
        E::UnknownEquipment(c) => crate::t!("fog-err-unknown-equipment", tile = c.as_str()),
        E::NotInHand(c) => crate::t!("fog-err-not-in-hand", card = c.as_str()),
        E::AlreadySelected(c) => crate::t!("fog-err-already-selected", card = c.as_str()),
        E::NotFaceUp(c) => crate::t!("fog-err-not-face-up", card = c.as_str()),
        E::NothingRevealed => crate::t!("fog-err-nothing-revealed"),
        E::RevealedPending => crate::t!("fog-err-revealed-pending"),
        E::AlreadyPicked => crate::t!("fog-err-already-picked"),
        E::BadSplit(why) => match split_why(why) {
            Some(why) => crate::t!("fog-err-bad-split", why = why),
            None => crate::t!("fog-err-bad-split-plain"),
        },
        E::AlreadyDrawn => crate::t!("fog-err-already-drawn"),
        E::NoWaterToPlace => crate::t!("fog-err-no-water-to-place"),
        E::WaterPending => crate::t!("fog-err-water-pending"),
        E::BadWaterPlacement(why) if ja => {
            let at = last_word(why);
            if why.ends_with(" is full") {
                crate::t!("fog-err-tower-full", at = space_of(why))
            } else if why.starts_with("there is no Water Tower at") {
                crate::t!("fog-err-no-tower-at", at = at)
            } else if let [must, not] = numbers(why).as_slice()
                && why.starts_with("place exactly")
            {
                crate::t!("fog-err-place-exactly", must = *must, got = *not)
            } else {
                crate::t!("fog-err-bad-water-placement-plain")
            }
        }
        E::BadWaterPlacement(why) => crate::t!("fog-err-bad-water-placement", why = why.as_str()),
        E::NotBuildable(s) => crate::t!("fog-err-not-buildable", at = s.label.as_str()),
        E::NotEnoughCoins { need, have } => {
            crate::t!("fog-err-not-enough-coins", need = *need, have = *have)
        }
        E::NotEnoughFood { need, have } => {
            crate::t!("fog-err-not-enough-food", need = *need, have = *have)
        }
        E::NotEnoughWater { need, have } => {
            crate::t!("fog-err-not-enough-water", need = *need, have = *have)
        }
        E::BadWaterPayment(why) if ja => {
            if why == "no Water is needed" {
                crate::t!("fog-err-no-water-needed")
            } else if why.starts_with("there is no Water Tower with Water in range at") {
                crate::t!("fog-err-no-tower-in-range", at = last_word(why))
            } else if let [must, not] = numbers(why).as_slice()
                && why.starts_with("name exactly")
            {
                crate::t!("fog-err-name-exactly", must = *must, got = *not)
            } else {
                crate::t!("fog-err-bad-water-payment-plain")
            }
        }
        E::BadWaterPayment(why) => crate::t!("fog-err-bad-water-payment", why = why.as_str()),
        E::NoWaterTowersLeft => crate::t!("fog-err-no-towers-left"),
        E::NoSilosLeft => crate::t!("fog-err-no-silos-left"),
        E::BadMarketFood => crate::t!("fog-err-bad-market-food"),
        E::NotOpenArea(s) => crate::t!("fog-err-not-open-area", at = s.label.as_str()),
        E::NotOffered(t) => crate::t!("fog-err-not-offered", tile = t.as_str()),
        E::NotSetAside(t) => crate::t!("fog-err-not-set-aside", tile = t.as_str()),
        E::BadEquipmentPlace { tile, why } if ja => {
            let why = match why.as_str() {
                "there is no card there" => crate::t!("fog-why-no-card-there"),
                "an Open Area cannot hold Equipment" => crate::t!("fog-why-open-area-no-equipment"),
                "a location holds at most 2 Equipment" => crate::t!("fog-why-at-most-two"),
                "never two of the same kind on one location" => crate::t!("fog-why-not-same-twice"),
                _ => crate::t!("fog-why-wrong-host"),
            };
            crate::t!(
                "fog-err-bad-equipment-place",
                tile = tile.as_str(),
                why = why
            )
        }
        E::BadEquipmentPlace { tile, why } => crate::t!(
            "fog-err-bad-equipment-place",
            tile = tile.as_str(),
            why = why.as_str()
        ),
        E::NoHarvestAbility(s) => crate::t!("fog-err-no-harvest-ability", at = s.label.as_str()),
        E::AlreadyHarvested => crate::t!("fog-err-already-harvested"),
        E::TooManyRepeats(n) => match n {
            0 => crate::t!("fog-err-no-repeat"),
            1 => crate::t!("fog-err-repeat-once"),
            n => crate::t!("fog-err-repeat-at-most", n = *n),
        },
        E::HarvestDone => crate::t!("fog-err-harvest-done"),
    })
}

/// The numbers in an engine detail, in order.
fn numbers(s: &str) -> Vec<u32> {
    s.split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect()
}

/// The last word of a detail (a space label such as `C2`), without a final full stop.
fn last_word(s: &str) -> &str {
    s.rsplit(' ').next().unwrap_or("").trim_end_matches('.')
}

/// The space label in "the Water Tower at C2 is full".
fn space_of(s: &str) -> &str {
    s.split(" at ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .unwrap_or("")
}

/// Why a pile split is refused, in the language in scope (the engine's English reason
/// translated), without the "invalid draw" that heads a refusal: the split screen says "Not
/// yet: ..." itself. None for a reason not known here, in Japanese.
pub(crate) fn split_why(why: &str) -> Option<String> {
    if crate::i18n::current() != crate::i18n::Locale::Ja {
        return Some(why.to_string());
    }
    Some(match why {
        "draw from every pile that still has cards" => crate::t!("fog-why-every-pile"),
        "draw from at least 3 different piles" => crate::t!("fog-why-three-piles"),
        w => match numbers(w).as_slice() {
            [want, got] if w.starts_with("draw ") => {
                crate::t!("fog-why-split-total", want = *want, got = *got)
            }
            _ => return None,
        },
    })
}

/// The custom_id of a component of this table, drawn at the table's current version; `None` in
/// the (never seen) case where it would not fit Discord's 100 characters, so the component is
/// left out rather than sent broken.
pub(crate) fn cid(table: &Table, verb: Verb) -> Option<String> {
    let id = ComponentId::new(table.game.id, table.game.version, verb);
    id.fits().then(|| id.encode())
}

/// A button of this table.
pub(crate) fn button(
    table: &Table,
    verb: Verb,
    label: &str,
    style: Style,
    disabled: bool,
) -> Option<ButtonSpec> {
    Some(ButtonSpec::new(cid(table, verb)?, label, style, disabled))
}
