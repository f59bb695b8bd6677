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
