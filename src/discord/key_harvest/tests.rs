//! The rule refusals read from the catalogue: in English exactly as the engine says them, in
//! Japanese with no English left.

use super::*;
use crate::i18n::{Locale, with};

/// One of every refusal, with each text the engine puts in them.
fn every_refusal() -> Vec<ActionError> {
    use ActionError as E;
    let mut v = vec![
        E::GameOver,
        E::NoSuchSeat(5),
        E::NoSuchSpace(60),
        E::NotYourDecision(2),
        E::ActionUsed('c'),
        E::TwoActionsDone,
        E::StoresAfterRegistry,
        E::NotOnYourBoard("C4".into()),
        E::AlreadyHarvested("C4".into()),
        E::NotHarvested("C4".into()),
        E::NotOneGroup,
        E::Repeated("C4".into()),
        E::TileCount { min: 1, max: 2 },
        E::NotAdjacent("C4".into()),
        E::NoWorkerThere("C4".into()),
        E::NotInStore("C4".into()),
        E::NotInRegistry("C4".into()),
        E::StoreFull,
        E::EmptyBid,
        E::CannotPay("2 hops, 1 cider apple".into()),
        E::CannotPay("nothing".into()),
        E::PaymentSize {
            expected: 3,
            got: 2,
        },
        E::BadSubstitute("only 1 counter(s) are short in the stock".into()),
        E::BadSubstitute("the stock has no wine left".into()),
        E::NotUnconnected("C4".into()),
        E::OwnStore,
        E::NotAnotherPlayer,
        E::Mandatory,
    ];
    for w in Worker::ALL {
        v.push(E::WorkerUnavailable(w.name()));
    }
    for what in [
        "the choice of start player",
        "your turn's actions",
        "where to reposition your worker",
        "the worker's ability",
        "whether to keep the drawn tile",
        "your part of the event",
        "the event",
        "nothing was drawn",
    ] {
        v.push(E::WrongDecision(what));
    }
    for why in [
        "a worker never goes on a field tile",
        "the worker must move to another space",
        "your merchant (4) is not lower than the casual worker (1)",
        "it needs at least 3 adjacent field tiles and has 2",
        "it is next to another worker",
    ] {
        v.push(E::BadWorkerSpace("C4".into(), why.into()));
    }
    for why in [
        "take 2 counters from the stock",
        "the stock does not hold those counters",
        "the lawyer cannot copy itself (KH 42)",
        "the bag holds no field tile: take a registry tile instead (KH 43)",
        "the bag still holds field tiles: draw from it (KH 43)",
        "you have a tile to pass: pass one (KH 49)",
        "you cannot pass C4: you have no field tile to pass (KH 49)",
        "you cannot pass C4: pass a field tile of your board or the tile you received (KH 49)",
        "you cannot pass C4: only a field tile of your board can be passed (KH 49)",
        "wheat is not your most common unharvested crop",
        "the bag still holds field tiles: you draw from it (KH 51)",
        "the bag holds no field tile: choose a registry tile (KH 51)",
        "the stock has no cider apples left",
    ] {
        v.push(E::Invalid(why.into()));
    }
    v
}

/// The engine's English without its rule numbers ("(KH 15)"): players read the rule in words;
/// the number stays in logs and `/kh rules` (issue 32).
fn without_rule_numbers(s: &str) -> String {
    let mut out = s.to_string();
    while let Some(k) = out.find(" (KH ") {
        let Some(end) = out[k..].find(')') else { break };
        out.replace_range(k..k + end + 1, "");
    }
    out
}

#[test]
fn refusals_read_in_english_as_the_engine_says_them() {
    for e in every_refusal() {
        let boxed: Box<dyn std::error::Error> = Box::new(e.clone());
        assert_eq!(
            rule_text(boxed.as_ref()),
            Some(without_rule_numbers(&e.to_string())),
            "{e:?}"
        );
    }
    let other: Box<dyn std::error::Error> = "not a rule".into();
    assert_eq!(rule_text(other.as_ref()), None);
}

#[test]
fn refusals_read_in_japanese_with_no_english_left() {
    with(Locale::Ja, || {
        for e in every_refusal() {
            let s = rule_text(&e).unwrap();
            assert!(!s.is_ascii(), "{e:?}: {s}");
            assert!(
                crate::discord::key_harvest::english_left(&s, &[]).is_none(),
                "{e:?}: {s}"
            );
            assert_ne!(s, t!("kh-err-other"), "{e:?} was not recognised");
        }
    });
}

/// A review as a player reads it (issue 43): decisions named as the game names the moment, and
/// the chart's title and axes said in the reader's language, from a seeded game.
mod review {
    use crate::discord::review::StoredReview;
    use crate::games::key_harvest as kh;
    use crate::i18n::Locale;
    use crate::store::{Status, Table};

    /// A finished two-seat Key Harvest table played with `seed`.
    fn kh_table(seed: u64) -> Table {
        let mut t = Table::sample("key_harvest", &["Ann", "Bo"], Status::Ended, 1);
        t.game.id = 77;
        t.game.thread_id = Some(223);
        t.game.options.stand_in_minutes = 60;
        t.game.seed = seed;
        t
    }

    /// The stored review of a random two-player game (random play costs points, so every seat
    /// has decisions to read).
    fn kh_review(seed: u64) -> (Table, StoredReview) {
        let board = kh::Board::standard();
        let played = kh::sim::play_random(board.clone(), 2, seed, true);
        let actions: Vec<(i64, usize, String)> = played
            .actions
            .iter()
            .enumerate()
            .map(|(v, (s, a))| (v as i64, usize::from(*s), serde_json::to_string(a).unwrap()))
            .collect();
        let table = kh_table(seed);
        let review = crate::discord::review::compute::<kh::Game>(&table, &board, &actions)
            .expect("a review");
        (table, review)
    }

    #[test]
    fn decisions_are_named_by_round_and_the_chart_says_what_it_shows() {
        let (table, review) = kh_review(11);
        // The chart marks rounds, and its last point is the final score.
        assert_eq!(review.periods.len(), review.curve.len());
        assert!(review.periods.windows(2).all(|w| w[0] <= w[1]));
        let en = crate::i18n::with(Locale::En, || {
            crate::discord::review::shown::<kh::Game>(&table, &review, Some(0))
        });
        let lines: Vec<&str> = en.content.lines().collect();
        let decisions: Vec<&&str> = lines.iter().filter(|l| l.contains("you chose")).collect();
        assert!(!decisions.is_empty(), "{}", en.content);
        // "Round 3, bid": the round, and the kind of action; the start player's choice comes
        // before round 1.
        let kinds = [
            "harvest",
            "worker",
            "purchase",
            "bid",
            "end of turn",
            "event",
        ];
        for d in &decisions {
            let (named, _) = d.split_once(": ").unwrap();
            let ok = named == "Setup, start player"
                || named.strip_prefix("Round ").is_some_and(|rest| {
                    let (n, kind) = rest.split_once(", ").unwrap_or((rest, "harvest"));
                    n.parse::<u32>().is_ok_and(|n| n >= 1) && kinds.contains(&kind)
                });
            assert!(ok, "named as the game names it: {d}");
        }
        assert!(
            en.content.contains(
                "📈 **Expected final score after each turn** (Expected final score (points) up \
                 the side; Turns, marked by round along the bottom)."
            ),
            "{}",
            en.content
        );
        assert_eq!(en.files.len(), 1, "the chart");

        let ja = crate::i18n::with(Locale::Ja, || {
            crate::discord::review::shown::<kh::Game>(&table, &review, Some(0))
        });
        let named: Vec<&str> = ja
            .content
            .lines()
            .filter(|l| l.contains("あなたは"))
            .collect();
        assert_eq!(named.len(), decisions.len(), "{}", ja.content);
        for d in &named {
            assert!(
                d.starts_with('第') && d.contains("ラウンド") || d.starts_with("準備 · "),
                "{d}"
            );
            assert!(!d.starts_with("ターン"), "{d}");
        }
        assert!(
            ja.content.contains(
                "📈 **各ターン後の最終得点の見込み**（縦軸：最終得点の見込み（点）、横軸：ターン（ラウンドごとに目盛り））。"
            ),
            "{}",
            ja.content
        );
    }

    /// A review stored before issue 43 (no periods, no moments) still reads: its decisions by
    /// chart point, its chart called what it is (a projection, not a forecast).
    #[test]
    fn an_old_review_is_named_by_turn_and_called_a_projection() {
        let (table, mut review) = kh_review(12);
        review.periods.clear();
        for seat in &mut review.costliest {
            for d in seat {
                for s in &mut d.words {
                    s.when.clear();
                }
            }
        }
        let json = serde_json::to_string(&review).unwrap();
        let stored: StoredReview = serde_json::from_str(
            &json
                .replace(",\"periods\":[]", "")
                .replace("\"when\":\"\",", ""),
        )
        .expect("an old review parses");
        let en = crate::i18n::with(Locale::En, || {
            crate::discord::review::shown::<kh::Game>(&table, &stored, Some(0))
        });
        assert!(en.content.contains("\nTurn "), "{}", en.content);
        assert!(
            en.content.contains("**Projected score after each turn**"),
            "{}",
            en.content
        );
    }
}
