//! Key Harvest on Discord: its slash commands (`/kh`), its buttons (ids `k:...`), the public
//! table message and the private screen. The shared host code (lobby, reminders, stand-ins, bot
//! seats, DM panels) reaches these through [`crate::discord::game::Screens`], implemented in
//! `screens.rs`. Everything here is drawn from the engine's views (KH 68-70): a counter type a
//! player may not see never reaches a message.

pub mod commands;
pub mod ids;
mod panel;
mod public;
pub mod router;
mod rules;
pub mod screens;

pub use panel::{KhScreen, panel};
pub use public::{
    action_summary, board, boards, final_scores, is_bookkeeping, log, round_of, round_summary,
    score_pad, status, table_message,
};
// For the check that every topic has its messages (discord/topics.rs).
#[cfg(test)]
pub(crate) use rules::TOPICS as RULES_TOPICS;
pub use rules::{rules, rules_topics};

use crate::games::key_harvest::{ActionError, Board, Counters, Crop, Worker};
use crate::render::key_harvest::text::{counters as counters_text, crop_name, worker_name};
use crate::t;

/// The sentence of a Key Harvest rule refusal (the engine's [`ActionError`]) in the language in
/// scope; `None` when `e` is not one. The engine's own `Display` stays English (the CLI's); the
/// texts some variants carry are recognised and translated, and a text not recognised reads as
/// the generic refusal.
pub fn rule_text(e: &(dyn std::error::Error + 'static)) -> Option<String> {
    let e = e.downcast_ref::<ActionError>()?;
    Some(refusal(e))
}

/// The catalogue sentence for one refusal.
fn refusal(e: &ActionError) -> String {
    use ActionError as E;
    match e {
        E::GameOver => t!("kh-err-game-over"),
        E::NoSuchSeat(s) => t!("kh-err-no-such-seat", seat = *s),
        E::NoSuchSpace(s) => t!("kh-err-no-such-space", space = *s),
        E::NotYourDecision(s) => t!("kh-err-not-your-decision", seat = *s),
        E::WrongDecision(what) => {
            let what = match *what {
                "the choice of start player" => t!("kh-decision-start-player"),
                "your turn's actions" => t!("kh-decision-turn"),
                "where to reposition your worker" => t!("kh-decision-reposition"),
                "the worker's ability" => t!("kh-decision-ability"),
                "whether to keep the drawn tile" => t!("kh-decision-keep-drawn"),
                "your part of the event" => t!("kh-decision-event"),
                "the event" => t!("kh-decision-the-event"),
                "nothing was drawn" => t!("kh-decision-nothing-drawn"),
                _ => return t!("kh-err-wrong-decision-other"),
            };
            t!("kh-err-wrong-decision", what = what)
        }
        E::ActionUsed(c) => t!("kh-err-action-used", action = c.to_string()),
        E::TwoActionsDone => t!("kh-err-two-actions"),
        E::StoresAfterRegistry => t!("kh-err-stores-after-registry"),
        E::NotOnYourBoard(r) => t!("kh-err-not-on-your-board", tile = r.as_str()),
        E::AlreadyHarvested(r) => t!("kh-err-already-harvested", tile = r.as_str()),
        E::NotHarvested(r) => t!("kh-err-not-harvested", tile = r.as_str()),
        E::NotOneGroup => t!("kh-err-not-one-group"),
        E::Repeated(r) => t!("kh-err-repeated", tile = r.as_str()),
        E::TileCount { min, max } => t!("kh-err-tile-count", min = *min, max = *max),
        E::NotAdjacent(r) => t!("kh-err-not-adjacent", tile = r.as_str()),
        E::WorkerUnavailable(w) => match Worker::parse(w) {
            Some(w) => t!("kh-err-worker-unavailable", worker = worker_name(w)),
            None => t!("kh-err-other"),
        },
        E::NoWorkerThere(r) => t!("kh-err-no-worker-there", space = r.as_str()),
        E::BadWorkerSpace(r, why) => {
            t!(
                "kh-err-bad-worker-space",
                space = r.as_str(),
                why = worker_space_why(why)
            )
        }
        E::NotInStore(r) => t!("kh-err-not-in-store", tile = r.as_str()),
        E::NotInRegistry(r) => t!("kh-err-not-in-registry", tile = r.as_str()),
        E::StoreFull => t!("kh-err-store-full"),
        E::EmptyBid => t!("kh-err-empty-bid"),
        E::CannotPay(c) => match parse_counters(c) {
            Some(c) => t!(
                "kh-err-cannot-pay",
                counters = counters_text(&Board::standard(), &c)
            ),
            None => t!("kh-err-cannot-pay-those"),
        },
        E::PaymentSize { expected, got } => {
            t!("kh-err-payment-size", expected = *expected, got = *got)
        }
        E::BadSubstitute(why) => {
            let why = if let Some(n) = why
                .strip_prefix("only ")
                .and_then(|r| r.strip_suffix(" counter(s) are short in the stock"))
                .and_then(|n| n.parse::<u32>().ok())
            {
                t!("kh-why-only-short", short = n)
            } else if let Some(c) = stock_has_none(why) {
                t!("kh-why-stock-has-none", crop = c)
            } else {
                return t!("kh-err-other");
            };
            t!("kh-err-bad-substitute", why = why)
        }
        E::NotUnconnected(r) => t!("kh-err-not-unconnected", tile = r.as_str()),
        E::OwnStore => t!("kh-err-own-store"),
        E::NotAnotherPlayer => t!("kh-err-not-another-player"),
        E::Mandatory => t!("kh-err-mandatory"),
        E::Invalid(why) => invalid_text(why),
    }
}

/// `the stock has no wine left`: the crop, named in the language in scope.
fn stock_has_none(why: &str) -> Option<String> {
    let name = why
        .strip_prefix("the stock has no ")?
        .strip_suffix(" left")?;
    let crop = Crop::ALL.into_iter().find(|c| c.name() == name)?;
    Some(crop_name(&Board::standard(), crop))
}

/// Counters as the engine writes them (`2 hops, 1 wine`, `nothing`).
fn parse_counters(s: &str) -> Option<Counters> {
    let mut c = Counters::ZERO;
    if s == "nothing" {
        return Some(c);
    }
    for part in s.split(", ") {
        let (n, name) = part.split_once(' ')?;
        let crop = Crop::ALL
            .into_iter()
            .find(|k| k.name() == name || k.one_name() == name)?;
        c.0[crop.index()] = n.parse().ok()?;
    }
    Some(c)
}

/// Why a worker cannot go on a space, from the engine's English reason.
fn worker_space_why(why: &str) -> String {
    if why == "a worker never goes on a field tile" {
        return t!("kh-why-on-field");
    }
    if why == "the worker must move to another space" {
        return t!("kh-why-move-elsewhere");
    }
    if why == "it is next to another worker" {
        return t!("kh-why-next-to-worker");
    }
    if let Some(rest) = why.strip_prefix("it needs at least ")
        && let Some((need, has)) = rest.split_once(" adjacent field tiles and has ")
        && let (Ok(need), Ok(has)) = (need.parse::<u32>(), has.parse::<u32>())
    {
        return t!("kh-why-needs-adjacent", need = need, has = has);
    }
    // `your merchant (4) is not lower than the lawyer (5)`
    if let Some(rest) = why.strip_prefix("your ")
        && let Some((mine, new)) = rest.split_once(" is not lower than the ")
    {
        let worker = |s: &str| {
            let (name, _) = s.rsplit_once(" (")?;
            Worker::parse(name)
        };
        if let (Some(a), Some(b)) = (worker(mine), worker(new)) {
            return t!(
                "kh-why-not-lower",
                worker = worker_name(a),
                number = a.number(),
                new = worker_name(b),
                new_number = b.number()
            );
        }
    }
    t!("kh-why-not-legal")
}

/// The engine's other refusals ([`ActionError::Invalid`]), recognised by their text.
fn invalid_text(why: &str) -> String {
    match why {
        "the stock does not hold those counters" => return t!("kh-inv-stock-lacks"),
        "the lawyer cannot copy itself (KH 42)" => return t!("kh-inv-lawyer-self"),
        "the bag holds no field tile: take a registry tile instead (KH 43)" => {
            return t!("kh-inv-trader-registry");
        }
        "the bag still holds field tiles: draw from it (KH 43)" => return t!("kh-inv-trader-draw"),
        "you have a tile to pass: pass one (KH 49)" => return t!("kh-inv-pass-one"),
        "the bag still holds field tiles: you draw from it (KH 51)" => {
            return t!("kh-inv-lucky-draw");
        }
        "the bag holds no field tile: choose a registry tile (KH 51)" => {
            return t!("kh-inv-lucky-registry");
        }
        _ => {}
    }
    if let Some(n) = why
        .strip_prefix("take ")
        .and_then(|r| r.strip_suffix(" counters from the stock"))
        .and_then(|n| n.parse::<u32>().ok())
    {
        return t!("kh-inv-take-n", count = n);
    }
    if let Some((tile, reason)) = why
        .strip_prefix("you cannot pass ")
        .and_then(|r| r.strip_suffix(" (KH 49)"))
        .and_then(|r| r.split_once(": "))
    {
        return match reason {
            "you have no field tile to pass" => t!("kh-inv-cannot-pass-none", tile = tile),
            "pass a field tile of your board or the tile you received" => {
                t!("kh-inv-cannot-pass-board-or-received", tile = tile)
            }
            _ => t!("kh-inv-cannot-pass-board", tile = tile),
        };
    }
    if let Some(name) = why.strip_suffix(" is not your most common unharvested crop")
        && let Some(c) = Crop::ALL.into_iter().find(|c| c.name() == name)
    {
        return t!(
            "kh-inv-not-most-common",
            crop = crop_name(&Board::standard(), c)
        );
    }
    if let Some(c) = stock_has_none(why) {
        return t!("kh-why-stock-has-none", crop = c);
    }
    t!("kh-err-other")
}

/// Runs one of the tests that print screens for a look by eye in the language `KH_LANG` names:
/// `KH_LANG=ja` shows them in Japanese, anything else in English.
#[cfg(test)]
pub(crate) fn in_shown_language(show: fn()) {
    let lang = match std::env::var("KH_LANG").as_deref() {
        Ok("ja") => crate::i18n::Locale::Ja,
        _ => crate::i18n::Locale::En,
    };
    crate::i18n::with(lang, show);
}

/// Test helper: the first run of three or more lower-case English words (3+ letters each; words
/// of one or two letters between them are skipped) in `text` once the player `names` are taken out: a sentence left in English on a Japanese screen.
/// Codes (`C4`, `KH 19`, `(a)`), numbers and single words are fine.
#[cfg(test)]
pub(crate) fn english_left(text: &str, names: &[&str]) -> Option<String> {
    let mut text = text.to_string();
    let mut names: Vec<&str> = names.iter().copied().filter(|n| !n.is_empty()).collect();
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    for n in names {
        text = text.replace(n, " | ");
    }
    // Inline code (`/kh rules`, topic words) is fine; code blocks are checked like the rest.
    let mut s = String::new();
    for (k, part) in text.replace("```", "\n").split('`').enumerate() {
        if k % 2 == 0 {
            s.push_str(part);
        }
        s.push(' ');
    }
    crate::discord::spec::three_in_a_row(s.split_whitespace().filter_map(|token| {
        let w = token.trim_matches(|c: char| c.is_ascii_punctuation() && c != '\'');
        let lower = !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c == '\'');
        // Short words ("in", "of", "a") neither count nor break a run.
        match (lower, w.len() >= 3) {
            (true, false) => None,
            (true, true) => Some(Some(w)),
            (false, _) => Some(None),
        }
    }))
}

#[cfg(test)]
mod tests;
