//! Tests of the message builders: every message of seeded random games passes Discord's limits,
//! every legal action is reachable from the Main panel through buttons and selects, panels leak
//! no other player's hand, and every component carries the table's current version.

use super::*;
use crate::discord::fields_of_green::ids::{
    ComponentId, Screen, Verb, decode_action, decode_screen,
};
use crate::discord::ids::{LobbyId, LobbyVerb};
use crate::discord::spec::{self, MessageSpec, RowSpec, every_text};
use crate::discord::ui::{games_list, lobby};
use crate::games::fields_of_green::event::Event;
use crate::games::fields_of_green::{Action, Game, Options, Phase, sim};
use crate::host::AnyGame;
use crate::store::Status;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use std::sync::Arc;

/// A new game on the default deck, `first_player` the seat that starts.
fn new_game(players: u8, intro: bool, first_player: u8, seed: u64) -> Game {
    let deck = crate::games::fields_of_green::Deck::default_deck();
    let options = Options {
        players,
        intro,
        first_player,
    };
    Game::new(deck, options, seed).expect("a game")
}

/// Names that stress the layout: long, markdown, emoji, CJK, empty.
const NAMES: [&str; 6] = [
    "Ann",
    "Bartholomew Featherstonehaugh-Smythe the Third of Lower Wallop",
    "Zoë 🌾 *bold* _it_",
    "李小龍",
    "",
    "Eve`s <@everyone>",
];

fn table(players: usize, version: i64, status: Status) -> Table {
    Table::sample("fields_of_green", &NAMES[..players], status, version)
}

fn ok(what: &str, m: &MessageSpec) {
    if let Err(e) = spec::check(m) {
        panic!("{what}: {e}\n{m:#?}");
    }
    // Drawn in Japanese, a Fields of Green screen has no English sentence left (the lobby and the
    // list of tables are shared screens, translated elsewhere).
    if crate::i18n::current() == crate::i18n::Locale::Ja
        && !what.starts_with("lobby")
        && what != "games list"
        && let Some(run) = english_run(&every_text(m))
    {
        panic!(
            "{what}: English left in a Japanese screen: {run:?}\n{}",
            every_text(m)
        );
    }
}

/// The first run of three or more lowercase English words of 3+ letters in `text` (a sentence
/// left untranslated), after removing the players' names and links. Words of one or two letters
/// ("a", "of") neither count nor break a run; any other character than ASCII punctuation and
/// spaces (a Japanese character, an emoji) breaks it, and so does a word with a capital or a
/// digit (card codes, coordinates, numbers).
fn english_run(text: &str) -> Option<String> {
    let mut text = text.replace('\\', "");
    for n in NAMES.iter().filter(|n| !n.is_empty()) {
        text = text.replace(n, " ");
    }
    let text: Vec<&str> = text
        .split_whitespace()
        .filter(|w| !w.contains("://"))
        .collect();
    let text = text.join(" ");
    // Each word of 3+ letters, `None` for one with a capital or a digit and for a non-ASCII
    // character.
    let mut words: Vec<Option<String>> = Vec::new();
    let mut word = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_alphanumeric() {
            word.push(c);
            continue;
        }
        let w = std::mem::take(&mut word);
        if w.len() >= 3 {
            words.push(w.chars().all(|c| c.is_ascii_lowercase()).then_some(w));
        }
        if !c.is_ascii() {
            words.push(None);
        }
    }
    crate::discord::spec::three_in_a_row(words.iter().map(Option::as_deref))
}

#[test]
fn the_english_heuristic_finds_sentences_and_spares_codes_and_names() {
    assert_eq!(
        english_run("収穫: you have no cards left"),
        Some("you have cards".to_string())
    );
    assert_eq!(english_run("WHT 小麦: B3, B4 · 2コイン"), None);
    assert_eq!(english_run("Wn  給水塔: D2 3/3, H2 0/3 空"), None);
    assert_eq!(english_run(&format!("{} の農場", NAMES[1])), None);
    assert_eq!(
        english_run("https://discord.com/channels/1/2/3 を参照"),
        None
    );
    assert_eq!(
        english_run("the game is over"),
        Some("the game over".to_string())
    );
}

/// Where the components of a message lead: (actions, screens), enabled ones only; checks that
/// every id decodes and carries the table's game id and version.
fn targets(table: &Table, m: &MessageSpec) -> (Vec<Action>, Vec<Screen>) {
    let mut acts = Vec::new();
    let mut screens = Vec::new();
    let decode = |id: &str| {
        let c = ComponentId::decode(id).unwrap_or_else(|| panic!("undecodable id {id:?}"));
        assert_eq!(c.game, table.game.id, "{id}");
        assert_eq!(c.version, table.game.version, "{id}");
        c
    };
    for r in &m.rows {
        match r {
            RowSpec::Buttons(bs) => {
                for b in bs {
                    let c = decode(&b.id);
                    if b.disabled {
                        continue;
                    }
                    match c.verb {
                        Verb::Act(a) => acts.push(a),
                        Verb::Show(s) => screens.push(s),
                        _ => {}
                    }
                }
            }
            RowSpec::Select(sel) => {
                let c = decode(&sel.id);
                for o in &sel.options {
                    match c.verb {
                        Verb::Choose => {
                            acts.push(decode_action(&o.value).expect("an action value"))
                        }
                        Verb::Navigate => {
                            screens.push(decode_screen(&o.value).expect("a screen value"))
                        }
                        ref v => panic!("a select with verb {v:?}"),
                    }
                }
            }
        }
    }
    (acts, screens)
}

/// Walks the panel from Main through every screen its components lead to (at most `limit`
/// screens), checking each message; returns the actions reached and the screens drawn.
fn walk(
    table: &Table,
    game: &Game,
    seat: usize,
    limit: usize,
) -> (Vec<Action>, Vec<(Screen, MessageSpec)>) {
    let mut queue = vec![Screen::Main];
    let mut seen: Vec<Screen> = vec![Screen::Main];
    let mut acts = Vec::new();
    let mut drawn = Vec::new();
    while let Some(s) = queue.pop() {
        let m = panel(table, game, seat, &s, None);
        ok(&format!("panel of seat {seat} on {s:?}"), &m);
        let (a, next) = targets(table, &m);
        acts.extend(a);
        for n in next {
            if !seen.contains(&n) && seen.len() < limit {
                seen.push(n.clone());
                queue.push(n);
            }
        }
        drawn.push((s, m));
    }
    (acts, drawn)
}

/// An action with its Water payment left to the engine: the reachability test compares actions
/// up to the towers chosen.
fn no_water(a: &Action) -> Action {
    match a.clone() {
        Action::Build {
            pos,
            extra,
            equipment,
            ..
        } => Action::Build {
            pos,
            water: vec![],
            extra,
            equipment,
        },
        Action::Harvest { pos, extra, .. } => Action::Harvest {
            pos,
            water: vec![],
            extra,
        },
        other => other,
    }
}

/// Every legal action of `seat` is reachable from its Main panel, and every reachable action is
/// accepted by the engine.
fn check_reachable(table: &Table, game: &Game, seat: usize) -> usize {
    let (acts, _) = walk(table, game, seat, 600);
    let reached: HashSet<Action> = acts.iter().map(no_water).collect();
    let legal = game.legal_actions(seat);
    for a in &legal {
        assert!(
            reached.contains(&no_water(a)),
            "seat {seat}: legal {a:?} is not reachable in {:?} (year {}); reached {} actions",
            game.phase(),
            game.year(),
            reached.len()
        );
    }
    for a in &acts {
        let mut g = game.clone();
        assert!(
            g.apply(seat, a).is_ok(),
            "seat {seat}: the panel offers {a:?}, which the engine refuses"
        );
    }
    legal.len()
}

/// Every public message of the current state passes the limits.
fn check_public(t: &Table, game: &Game, events: &[Event]) {
    ok("table message", &table_message(t, game));
    ok("status", &status(t, game));
    ok("farms", &farms(t, game));
    for s in 0..game.players() {
        ok("farm", &farm(t, game, s));
        ok("dm reminder", &dm_reminder(t, game, s));
    }
    let tail = &events[events.len().saturating_sub(200)..];
    ok("log", &log(t, game, tail));
    ok("reminder", &reminder(t, game, &game.waiting_for()));
    ok("final scores", &final_scores(t, game));
}

/// Plays a seeded random game, checking every message at every step; `walk_every` sets how often
/// every screen of every seat is walked (1 = each step) and `reach_every` how often the
/// reachability check runs.
fn playout(
    players: u8,
    intro: bool,
    seed: u64,
    walk_every: usize,
    reach_every: usize,
) -> (usize, usize) {
    let mut game = new_game(players, intro, (seed % u64::from(players)) as u8, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = usize::from(players);
    let mut events: Vec<Event> = Vec::new();
    let mut since_reveal: Vec<Event> = Vec::new();
    let mut step = 0;
    let mut walked = 0;
    let mut reached = 0;
    ok("lobby", &lobby(&table(n, 0, Status::Open)));
    // The router's notice after a click (its text is the router's, not this module's).
    let notice = if crate::i18n::current() == crate::i18n::Locale::Ja {
        "完了。"
    } else {
        "Done: you did something."
    };
    loop {
        let t = table(n, step as i64 + 1, Status::Active);
        ok("lobby of a started table", &lobby(&t));
        check_public(&t, &game, &events);
        for s in 0..n {
            ok("panel", &panel(&t, &game, s, &Screen::Main, Some(notice)));
            if step % walk_every == 0 {
                walked += walk(&t, &game, s, 40).1.len();
            }
            if step % reach_every == 0 {
                reached += check_reachable(&t, &game, s);
            }
        }
        let Some((seat, action)) = sim::random_step(&game, &mut rng) else {
            break;
        };
        let new = game.apply(seat, &action).expect("a legal action");
        for e in &new {
            if let Event::YearStarted { year, .. } = e
                && *year >= 2
            {
                ok("year summary", &year_summary(&t, &game, year - 1, &events));
            }
        }
        since_reveal.extend(new.iter().cloned());
        if new.iter().any(|e| {
            matches!(
                e,
                Event::Revealed { .. } | Event::HandsPassed { .. } | Event::HarvestFinished { .. }
            )
        }) {
            if let Some(m) = turn_summary(&t, &game, game.year(), &since_reveal) {
                ok("turn summary", &m);
            }
            since_reveal.clear();
        }
        events.extend(new);
        step += 1;
    }
    assert!(game.is_over());
    let t = table(n, step as i64 + 1, Status::Ended);
    check_public(&t, &game, &events);
    // The finished table leads with the ranking; the pad is behind Scores (issue 32).
    let m = table_message(&t, &game);
    let text = every_text(&m);
    assert!(
        !text.contains(&crate::t!("fog-pad-game-end"))
            && m.embeds[0].description.starts_with("**")
            && text.contains("🏆"),
        "{text}"
    );
    let pad = every_text(&score_pad(&t, &game));
    assert!(pad.contains(&crate::t!("fog-pad-game-end")), "{pad}");
    for s in 0..n {
        ok(
            "panel at the end",
            &panel(&t, &game, s, &Screen::Main, None),
        );
    }
    ok("year summary 4", &year_summary(&t, &game, 4, &events));
    ok(
        "games list",
        &games_list(&[
            (t.clone(), Some(AnyGame::FieldsOfGreen(game.clone()))),
            (table(n, 0, Status::Open), None),
        ]),
    );
    eprintln!(
        "{players}p seed {seed}: {step} steps, {walked} screens walked, {reached} legal actions checked"
    );
    // The walks and the reachability check did real work.
    assert!(walked > step, "{walked} screens walked in {step} steps");
    assert!(
        reached > 10 * step / reach_every,
        "{reached} legal actions checked in {step} steps"
    );
    (walked, reached)
}

#[test]
fn two_player_playouts_render_within_limits_and_reach_every_action() {
    for seed in [1, 2] {
        playout(2, seed == 2, seed, 1, 3);
    }
}

#[test]
fn three_player_playouts_render_within_limits_and_reach_every_action() {
    for seed in [3, 4] {
        playout(3, seed == 4, seed, 1, 3);
    }
}

#[test]
fn four_player_playout_renders_within_limits_and_reaches_every_action() {
    playout(4, false, 5, 1, 3);
}

#[test]
fn six_player_playout_renders_within_limits_and_reaches_every_action() {
    playout(6, false, 6, 1, 4);
}

#[test]
fn five_player_playout_renders_within_limits() {
    playout(5, false, 8, 2, 5);
}

/// The same playouts drawn in Japanese: every screen within Discord's limits, every action
/// reachable, and no English sentence left (checked by `ok`).
#[test]
fn japanese_two_player_playouts_render_within_limits_without_english() {
    crate::i18n::with(crate::i18n::Locale::Ja, || {
        for seed in [1, 2] {
            playout(2, seed == 2, seed, 1, 3);
        }
    });
}

#[test]
fn japanese_three_and_four_player_playouts_render_within_limits_without_english() {
    crate::i18n::with(crate::i18n::Locale::Ja, || {
        playout(3, true, 4, 1, 3);
        playout(4, false, 5, 1, 3);
    });
}

#[test]
fn japanese_six_player_playout_renders_within_limits_without_english() {
    crate::i18n::with(crate::i18n::Locale::Ja, || playout(6, false, 6, 2, 5));
}

/// Every card, Equipment and rules topic in Japanese: within the limits, no English left, and
/// the Japanese card names from the deck file.
#[test]
fn japanese_cards_and_rules() {
    let deck = crate::games::fields_of_green::Deck::default_deck();
    crate::i18n::with(crate::i18n::Locale::Ja, || {
        for d in &deck.locations {
            let m = card(&deck, &d.id).unwrap_or_else(|| panic!("{}", d.id));
            ok(&d.id, &m);
            assert_eq!(Some(&m.embeds[0].title), d.name_ja.as_ref());
        }
        for e in &deck.equipment {
            let m = card(&deck, &e.id).unwrap_or_else(|| panic!("{}", e.id));
            ok(&e.id, &m);
            assert_eq!(Some(&m.embeds[0].title), e.name_ja.as_ref());
        }
        for q in ["water tower", "silo", "給水塔", "小麦"] {
            ok(q, &card(&deck, q).unwrap_or_else(|| panic!("{q}")));
        }
        for topic in rules_topics() {
            ok(topic, &rules(Some(topic)));
        }
        assert!(card_names(&deck, "").iter().all(|n| !n.is_ascii()));
    });
}

/// Every rule refusal of the engine has a sentence in both languages; the Japanese ones have no
/// English left; other errors are not the engine's.
#[test]
fn rule_text_covers_every_refusal() {
    use crate::games::fields_of_green::{ActionError as E, Pos, Space};
    let at = || Space::new(Pos::new(0, 1), "C2");
    let tile = || "Hoses".to_string();
    let all = vec![
        E::GameOver,
        E::NoSuchSeat(7),
        E::NotYourTurn("players draw in turn order, first player first"),
        E::NotYourTurn("the other player takes a card now"),
        E::NotYourTurn("some new reason"),
        E::WrongPhase("the harvest has not started"),
        E::WrongPhase("cards are used in the action phase"),
        E::WrongPhase("cards are drawn in the upkeep"),
        E::WrongPhase("cards are selected in the action phase"),
        E::WrongPhase("you have no cards left this year"),
        E::WrongPhase("cards are taken from the row in a 2-player action phase"),
        E::WrongPhase("some new reason"),
        E::EquipmentPending,
        E::UnknownCard("wheat".into()),
        E::UnknownEquipment(tile()),
        E::NotInHand("Wheat".into()),
        E::AlreadySelected("Wheat".into()),
        E::NotFaceUp("Wheat".into()),
        E::NothingRevealed,
        E::RevealedPending,
        E::AlreadyPicked,
        E::BadSplit("draw 6 cards in total, not 5".into()),
        E::BadSplit("draw from every pile that still has cards".into()),
        E::BadSplit("draw from at least 3 different piles".into()),
        E::BadSplit("the Field pile holds only 2 cards".into()),
        E::AlreadyDrawn,
        E::NoWaterToPlace,
        E::WaterPending,
        E::BadWaterPlacement("place exactly 2 Water, not 3".into()),
        E::BadWaterPlacement("there is no Water Tower at B2".into()),
        E::BadWaterPlacement("the Water Tower at B2 is full".into()),
        E::BadWaterPlacement("the Water Tower at B2 has room for only 1 Water".into()),
        E::NotBuildable(at()),
        E::NotEnoughCoins { need: 3, have: 1 },
        E::NotEnoughFood { need: 2, have: 0 },
        E::NotEnoughWater { need: 2, have: 1 },
        E::BadWaterPayment("no Water is needed".into()),
        E::BadWaterPayment("name exactly 2 Water, not 1".into()),
        E::BadWaterPayment("there is no Water Tower with Water in range at B2".into()),
        E::BadWaterPayment("the Water Tower at B2 holds only 1 Water".into()),
        E::NoWaterTowersLeft,
        E::NoSilosLeft,
        E::BadMarketFood,
        E::NotOpenArea(at()),
        E::NotOffered(tile()),
        E::NotSetAside(tile()),
        E::BadEquipmentPlace {
            tile: tile(),
            why: "a location holds at most 2 Equipment".into(),
        },
        E::BadEquipmentPlace {
            tile: tile(),
            why: "it goes on: Water Tower".into(),
        },
        E::NoHarvestAbility(at()),
        E::AlreadyHarvested,
        E::TooManyRepeats(0),
        E::TooManyRepeats(1),
        E::TooManyRepeats(3),
        E::HarvestDone,
    ];
    for e in &all {
        // English: the engine's own sentence.
        assert_eq!(
            rule_text(e).as_deref(),
            Some(e.to_string().as_str()),
            "{e:?}"
        );
        let ja = crate::i18n::with(crate::i18n::Locale::Ja, || rule_text(e)).unwrap();
        assert!(english_run(&ja).is_none(), "{e:?}: {ja}");
        assert!(!ja.is_ascii(), "{e:?}: {ja}");
    }
    let other = std::io::Error::other("not a rule");
    assert_eq!(rule_text(&other), None);
}

/// The same game with another seat's hidden cards moved around: hands swapped between two other
/// seats with as many cards, the piles and the Equipment stack reordered, the 2-player face-down
/// pile reversed.
fn scrambled(game: &Game, seat: usize) -> Option<Game> {
    let mut snap = game.snapshot();
    let st = &mut snap.state;
    let others: Vec<usize> = (0..st.players.len()).filter(|&s| s != seat).collect();
    let mut changed = false;
    'outer: for (i, &a) in others.iter().enumerate() {
        for &b in &others[i + 1..] {
            let (pa, pb) = (&st.players[a], &st.players[b]);
            if pa.hand.len() == pb.hand.len()
                && pa.hand != pb.hand
                && pa.selected.is_some() == pb.selected.is_some()
            {
                let ha = std::mem::take(&mut st.players[a].hand);
                let hb = std::mem::replace(&mut st.players[b].hand, ha);
                st.players[a].hand = hb;
                let sa = st.players[a].selected;
                st.players[a].selected = st.players[b].selected;
                st.players[b].selected = sa;
                changed = true;
                break 'outer;
            }
        }
    }
    for p in st.piles.iter_mut() {
        if p.len() > 1 && p.first() != p.last() {
            p.reverse();
            changed = true;
        }
    }
    if st.equipment.len() > 1 {
        st.equipment.rotate_left(1);
        changed = true;
    }
    if st.row_pile.len() > 1 && st.row_pile.first() != st.row_pile.last() {
        st.row_pile.reverse();
        changed = true;
    }
    if !changed {
        return None;
    }
    let g = Game::from_snapshot(Arc::clone(game.deck_arc()), snap)
        .expect("a scrambled game is still valid");
    (g != *game).then_some(g)
}

#[test]
fn panels_and_the_table_never_show_hidden_cards_of_others() {
    let mut compared = 0;
    for (players, seed) in [(3u8, 11u64), (4, 12), (2, 13), (6, 14)] {
        let mut game = new_game(players, false, 0, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let n = usize::from(players);
        let mut step = 0;
        while let Some((seat, action)) = sim::random_step(&game, &mut rng) {
            if step % 5 == 0 {
                let t = table(n, step, Status::Active);
                for s in 0..n {
                    let Some(other) = scrambled(&game, s) else {
                        continue;
                    };
                    assert_eq!(
                        table_message(&t, &game),
                        table_message(&t, &other),
                        "table message, step {step}"
                    );
                    let (_, mine) = walk(&t, &game, s, 60);
                    for (screen, m) in mine {
                        assert_eq!(
                            m,
                            panel(&t, &other, s, &screen, None),
                            "seat {s} on {screen:?}, step {step}"
                        );
                        compared += 1;
                    }
                }
            }
            game.apply(seat, &action).unwrap();
            step += 1;
        }
    }
    assert!(compared > 500, "only {compared} panels compared");
}

/// The first state of a seeded game where `pred` holds.
fn find(players: u8, seed: u64, mut pred: impl FnMut(&Game) -> bool) -> Option<Game> {
    let mut game = new_game(players, false, 0, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    loop {
        if pred(&game) {
            return Some(game);
        }
        let (seat, action) = sim::random_step(&game, &mut rng)?;
        game.apply(seat, &action).unwrap();
    }
}

#[test]
fn every_id_carries_the_current_version_and_old_screens_fall_back_to_main() {
    let game = find(3, 21, |g| matches!(g.phase(), Phase::Action { .. })).unwrap();
    for version in [7, 8] {
        let t = table(3, version, Status::Active);
        for s in 0..3 {
            // `walk` decodes every id and checks the game id and version.
            let (_, drawn) = walk(&t, &game, s, 100);
            assert!(!drawn.is_empty());
        }
        ok("table message", &table_message(&t, &game));
        let m = table_message(&t, &game);
        targets(&t, &m);
    }
    // A screen from an older view (nothing is revealed in turn 1): Main with a note.
    let t = table(3, 9, Status::Active);
    let m = panel(&t, &game, 0, &Screen::Build, Some("Done: something."));
    ok("stale", &m);
    assert!(m.content.starts_with("Done: something."), "{}", m.content);
    assert!(m.content.contains("no longer open"), "{}", m.content);
    let refresh: Vec<String> = m
        .rows
        .iter()
        .flat_map(|r| match r {
            RowSpec::Buttons(bs) => bs.iter().map(|b| b.id.clone()).collect(),
            _ => Vec::new(),
        })
        .filter(|id| {
            matches!(
                ComponentId::decode(id).map(|c| c.verb),
                Some(Verb::Show(Screen::Main))
            )
        })
        .collect();
    assert_eq!(refresh.len(), 1, "one Refresh button on Main");
    assert_eq!(ComponentId::decode(&refresh[0]).unwrap().version, 9);
}

#[test]
fn the_lobby_shows_seats_and_buttons() {
    let mut t = table(4, 3, Status::Open);
    t.seats.truncate(3);
    let m = lobby(&t);
    ok("lobby", &m);
    let text = every_text(&m);
    assert!(text.contains("Start (3 players)"), "{text}");
    assert!(text.contains("1 seat free"), "{text}");
    assert!(
        text.contains("after 1 hour") || text.contains("after 90 minutes"),
        "{text}"
    );
    assert!(text.contains("(host)"), "{text}");
    let ids: Vec<crate::discord::ids::LobbyVerb> = match &m.rows[0] {
        RowSpec::Buttons(bs) => bs
            .iter()
            .map(|b| crate::discord::ids::LobbyId::decode(&b.id).unwrap().verb)
            .collect(),
        _ => panic!("buttons"),
    };
    use crate::discord::ids::LobbyVerb;
    assert_eq!(
        ids,
        vec![
            LobbyVerb::Join,
            LobbyVerb::Leave,
            LobbyVerb::Start,
            LobbyVerb::Cancel
        ]
    );
    t.seats.truncate(1);
    let m = lobby(&t);
    let start = match &m.rows[0] {
        RowSpec::Buttons(bs) => bs[2].clone(),
        _ => panic!(),
    };
    assert!(start.disabled && start.label == "Start (1 player)");
    for status in [Status::Active, Status::Ended, Status::Abandoned] {
        let m = lobby(&table(4, 3, status));
        ok("closed lobby", &m);
        assert!(m.rows.is_empty());
    }
}

#[test]
fn the_table_message_has_game_buttons_until_the_end() {
    let game = find(4, 31, |g| matches!(g.phase(), Phase::Action { turn: 2 })).unwrap();
    let t = table(4, 5, Status::Active);
    let m = table_message(&t, &game);
    ok("table", &m);
    let verbs: Vec<Verb> = match &m.rows[0] {
        RowSpec::Buttons(bs) => bs
            .iter()
            .map(|b| ComponentId::decode(&b.id).unwrap().verb)
            .collect(),
        _ => panic!(),
    };
    assert_eq!(verbs, vec![Verb::Hand, Verb::Farms, Verb::Log]);
    let text = every_text(&m);
    assert!(
        text.contains("Year 1 of 4") && text.contains("turn 2 of 6"),
        "{text}"
    );
    assert!(
        text.contains("Waiting for:") && text.contains("<@100"),
        "{text}"
    );
    assert!(text.contains("→ left (clockwise)"), "{text}");
    assert!(
        text.contains("Piles:") && text.contains("Discard"),
        "{text}"
    );
    let ended = find(4, 31, |g| g.is_over()).unwrap();
    let m = table_message(&table(4, 6, Status::Ended), &ended);
    ok("ended", &m);
    let (verbs, lobby): (Vec<Verb>, Vec<LobbyVerb>) = match &m.rows[0] {
        RowSpec::Buttons(bs) => (
            bs.iter()
                .filter_map(|b| ComponentId::decode(&b.id).map(|c| c.verb))
                .collect(),
            bs.iter()
                .filter_map(|b| LobbyId::decode(&b.id).map(|l| l.verb))
                .collect(),
        ),
        _ => panic!(),
    };
    assert_eq!(verbs, vec![Verb::Scores, Verb::Farms, Verb::Log]);
    // And the finished table's Review (issue 30) and Rematch (issue 32), in the shared lobby's
    // codec.
    assert_eq!(lobby, vec![LobbyVerb::Review, LobbyVerb::Rematch]);
    // Issue 32: the finished table leads with the ranking in one line, and holds no code
    // block (nothing wider than a phone); the pad is behind Scores.
    let text = every_text(&m);
    let d = &m.embeds[0].description;
    assert!(d.starts_with("**1. "), "{d}");
    assert!(d.lines().next().unwrap().contains(" · 2. "), "{d}");
    assert!(!d.contains("```"), "{d}");
    assert!(text.contains("🏆"), "{text}");
    let scores = score_pad(&table(4, 6, Status::Ended), &ended);
    ok("scores", &scores);
    assert!(scores.files.is_empty(), "Scores carries no pictures");
    let text = every_text(&scores);
    for line in [
        "Cards/Tokens",
        "Equipment",
        "Money",
        "Food",
        "Water Towers",
        "Game End",
        "1. ",
    ] {
        assert!(text.contains(line), "{line} in {text}");
    }
}

#[test]
fn two_players_see_the_face_up_row() {
    let game = find(2, 41, |g| {
        matches!(g.phase(), Phase::Duel { taken: false, .. })
    })
    .unwrap();
    let t = table(2, 1, Status::Active);
    let Phase::Duel { current, .. } = *game.phase() else {
        unreachable!()
    };
    let text = every_text(&table_message(&t, &game));
    assert!(text.contains("Face up:"), "{text}");
    let mine = panel(&t, &game, current as usize, &Screen::Main, None);
    let (acts, _) = targets(&t, &mine);
    assert!(acts.iter().any(|a| matches!(a, Action::Pick { .. })));
    let theirs = panel(&t, &game, 1 - current as usize, &Screen::Main, None);
    let (acts, _) = targets(&t, &theirs);
    assert!(acts.is_empty(), "{acts:?}");
    assert!(
        every_text(&theirs).contains("waiting for"),
        "{}",
        every_text(&theirs)
    );
}

#[test]
fn unavailable_options_are_disabled_with_the_reason() {
    // A seat with a revealed card, made poor: 1 coin and no Food.
    let game = find(3, 51, |g| {
        matches!(g.phase(), Phase::Action { .. })
            && g.state().players[0].revealed.is_some()
            && g.state().players[0].offer.is_empty()
    })
    .unwrap();
    let mut snap = game.snapshot();
    snap.state.players[0].coins = 1;
    snap.state.players[0].food = 0;
    let game = Game::from_snapshot(Arc::clone(game.deck_arc()), snap).unwrap();
    let t = table(3, 2, Status::Active);
    let m = panel(&t, &game, 0, &Screen::Main, None);
    ok("poor", &m);
    let text = every_text(&m);
    assert!(
        text.contains("Water Tower: not possible · you need 2 coins and have 1"),
        "{text}"
    );
    assert!(text.contains("you need 1 Food and have 0"), "{text}");
    let buttons: Vec<_> = m
        .rows
        .iter()
        .flat_map(|r| match r {
            RowSpec::Buttons(bs) => bs.clone(),
            _ => Vec::new(),
        })
        .collect();
    let tower = buttons
        .iter()
        .find(|b| b.label.starts_with("Water Tower"))
        .unwrap();
    assert!(tower.disabled);
    let sell = buttons
        .iter()
        .find(|b| b.label.starts_with("Sell 1 Food"))
        .unwrap();
    assert!(sell.disabled);
    let market = buttons
        .iter()
        .find(|b| b.label.starts_with("Market"))
        .unwrap();
    assert!(!market.disabled);
}

#[test]
fn the_harvest_says_what_finishing_costs() {
    let game = find(3, 61, |g| {
        g.phase() == &Phase::Harvest
            && (0..3).any(|s| {
                g.legal_actions(s).contains(&Action::EndHarvest) && g.legal_actions(s).len() > 1
            })
    })
    .unwrap();
    let s = (0..3).find(|&s| game.legal_actions(s).len() > 1).unwrap();
    let t = table(3, 2, Status::Active);
    let m = panel(&t, &game, s, &Screen::Main, None);
    ok("harvest", &m);
    let text = every_text(&m);
    assert!(text.contains("Done · "), "{text}");
    assert!(
        text.contains("Finishing now makes Open Areas of")
            || text.contains("Finishing now loses nothing"),
        "{text}"
    );
    assert!(text.contains("Pay "), "{text}");
    assert!(text.contains(" -> "), "{text}");
}

#[test]
fn reminders_ping_only_the_waiting_players() {
    let game = find(4, 71, |g| matches!(g.phase(), Phase::Action { turn: 1 })).unwrap();
    let t = table(4, 2, Status::Active);
    let m = reminder(&t, &game, &[1, 3]);
    ok("reminder", &m);
    assert_eq!(m.ping, vec![1001, 1003]);
    assert!(
        m.content.contains("<@1001>")
            && m.content.contains("<@1003>")
            && !m.content.contains("<@1000>")
    );
    assert!(m.content.contains("choose a card"), "{}", m.content);
    let dm = dm_reminder(&t, &game, 1);
    ok("dm", &dm);
    assert!(dm.ping.is_empty());
    assert!(
        dm.content
            .contains("https://discord.com/channels/111/222/333"),
        "{}",
        dm.content
    );
}

#[test]
fn cards_and_rules() {
    let deck = crate::games::fields_of_green::Deck::default_deck();
    for q in [
        "wheat",
        "Wheat",
        "WHT",
        "hoses",
        "Water Tower",
        "silo",
        "animal pen",
        "animal_pen",
    ] {
        let m = card(&deck, q).unwrap_or_else(|| panic!("{q}"));
        ok(q, &m);
    }
    assert!(card(&deck, "no such card").is_none());
    let names = card_names(&deck, "");
    assert_eq!(names.len(), 25);
    let w = card_names(&deck, "wh");
    assert_eq!(w.first().map(String::as_str), Some("Wheat"));
    assert!(card_names(&deck, "tower").contains(&"Water Tower".to_string()));
    for topic in rules_topics() {
        let m = rules(Some(topic));
        ok(topic, &m);
        assert!(m.content.is_empty(), "{topic}");
    }
    let m = rules(Some("nonsense"));
    ok("unknown", &m);
    assert!(m.content.contains("overview"));
    ok("none", &rules(None));
    for required in [
        "overview",
        "upkeep",
        "actions",
        "harvest",
        "equipment",
        "scoring",
        "two-player",
    ] {
        assert!(rules_topics().contains(&required));
    }
}

#[test]
fn the_log_keeps_the_newest_lines() {
    let mut all = Vec::new();
    let mut game = new_game(3, false, 0, 81);
    let mut rng = ChaCha8Rng::seed_from_u64(81);
    while let Some((seat, action)) = sim::random_step(&game, &mut rng) {
        all.extend(game.apply(seat, &action).unwrap());
    }
    let t = table(3, 2, Status::Ended);
    let m = log(&t, &game, &all);
    ok("log", &m);
    let d = &m.embeds[0].description;
    assert!(
        d.starts_with('*') && d.contains("earlier lines not shown"),
        "{d}"
    );
    assert!(
        d.trim_end().ends_with("wins!") || d.trim_end().ends_with("share the win!"),
        "{d}"
    );
    let m = log(&t, &game, &[]);
    ok("empty log", &m);
}

/// Prints messages of a game for a human to read: `cargo test --test unit show_messages -- --ignored
/// --nocapture`.
#[test]
#[ignore]
fn show_messages() {
    use crate::discord::spec::show as dump;
    let which = std::env::var("SHOW").unwrap_or_default();
    let players: u8 = std::env::var("PLAYERS")
        .ok()
        .and_then(|p| p.parse().ok())
        .unwrap_or(3);
    let seed: u64 = std::env::var("SEED")
        .ok()
        .and_then(|p| p.parse().ok())
        .unwrap_or(5);
    let mut game = new_game(players, std::env::var("INTRO").is_ok(), 0, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = usize::from(players);
    let t = table(n, 1, Status::Active);
    let mut step = 0;
    let stop: usize = std::env::var("STEP")
        .ok()
        .and_then(|p| p.parse().ok())
        .unwrap_or(usize::MAX);
    let mut all = Vec::new();
    let until = std::env::var("UNTIL").unwrap_or_default();
    while let Some((seat, action)) = sim::random_step(&game, &mut rng) {
        let hit = match until.as_str() {
            "offer" => (0..n).any(|s| !game.player_view(s).offer.is_empty()),
            "duel" => matches!(game.phase(), Phase::Duel { .. }),
            "water" => game.state().players.iter().any(|p| p.pending_water > 0),
            "year2" => game.year() == 2,
            "towers" => (0..n).any(|s| {
                let v = game.player_view(s);
                v.table.seats[s].revealed.is_some() && v.table.seats[s].farm.cells.len() > 12
            }),
            _ => false,
        };
        if step == stop || hit {
            println!("stopped at step {step}");
            break;
        }
        all.extend(game.apply(seat, &action).unwrap());
        step += 1;
    }
    dump("table", &table_message(&t, &game));
    if which.contains("farms") {
        dump("farms", &farms(&t, &game));
    }
    if which.contains("log") {
        dump("log", &log(&t, &game, &all));
    }
    if which.contains("extra") {
        let mut open = table(n, 0, Status::Open);
        open.seats.truncate(2);
        dump("lobby", &lobby(&open));
        dump("reminder", &reminder(&t, &game, &game.waiting_for()));
        dump("dm reminder", &dm_reminder(&t, &game, 0));
        let starts: Vec<usize> = (0..all.len())
            .filter(|&k| matches!(all[k], Event::YearStarted { .. }))
            .collect();
        // The first year's start is not among the applied actions' events.
        let (a, b) = match starts.as_slice() {
            [.., a, b] => (*a, *b),
            [b] => (0, *b),
            [] => (0, all.len()),
        };
        dump(
            "year summary",
            &year_summary(&t, &game, game.year().saturating_sub(1).max(1), &all[a..b]),
        );
        let from = all
            .iter()
            .rposition(|e| matches!(e, Event::Revealed { .. }))
            .map_or(0, |k| k + 1);
        if let Some(m) = turn_summary(&t, &game, game.year(), &all[from.min(all.len())..]) {
            dump("turn summary", &m);
        }
        dump("final scores", &final_scores(&t, &game));
        dump(
            "games",
            &games_list(&[
                (t.clone(), Some(AnyGame::FieldsOfGreen(game.clone()))),
                (open, None),
            ]),
        );
        dump("rules", &rules(Some("harvest")));
        dump("card", &card(game.deck(), "pigs").unwrap());
    }
    for s in 0..n {
        let (_, drawn) = walk(&t, &game, s, if which.contains("walk") { 30 } else { 1 });
        for (screen, m) in drawn {
            dump(&format!("seat {s} {screen:?}"), &m);
        }
    }
}

/// Many more seeds, every check at every step: `STRESS=40 cargo test --test unit stress_many_seeds --
/// --ignored`.
#[test]
#[ignore]
fn stress_many_seeds() {
    let n: u64 = std::env::var("STRESS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    for seed in 100..100 + n {
        for players in 2..=6u8 {
            playout(players, players <= 4 && seed % 3 == 0, seed, 1, 1);
        }
    }
}

/// A game in the action phase where seat 0 has a revealed card, its farm rebuilt by `shape` from
/// location cards taken off the piles (so cards are conserved), rich enough to afford anything.
fn extreme(shape: &[(i8, i8)], set_aside: &[&str]) -> Game {
    let game = find(3, 91, |g| {
        matches!(g.phase(), Phase::Action { .. })
            && g.state().players[0].revealed.is_some()
            && g.state().players[0].offer.is_empty()
    })
    .unwrap();
    let deck = Arc::clone(game.deck_arc());
    let mut snap = game.snapshot();
    let st = &mut snap.state;
    for &(x, y) in shape {
        if st.players[0]
            .farm
            .is_occupied(crate::games::fields_of_green::Pos::new(x, y))
        {
            continue;
        }
        let k = (0..4).max_by_key(|&k| st.piles[k].len()).unwrap();
        let d = st.piles[k].pop().unwrap();
        st.players[0]
            .farm
            .cells
            .push(crate::games::fields_of_green::farm::Cell {
                pos: crate::games::fields_of_green::Pos::new(x, y),
                card: crate::games::fields_of_green::farm::CellCard::Location(d),
                face_up: true,
                water: 0,
                equipment: vec![],
            });
    }
    let p0 = &mut st.players[0];
    p0.coins = 500;
    for id in set_aside {
        let e = deck.equipment_by_id(id).unwrap();
        let at = st
            .equipment
            .iter()
            .position(|&x| x == e)
            .expect("tile in the stack");
        st.equipment.remove(at);
        st.players[0].set_aside.push(e);
    }
    Game::from_snapshot(deck, snap).expect("a valid extreme game")
}

#[test]
fn a_farm_in_a_long_line_still_reaches_every_action() {
    // 26 cards in a row: 54 build spaces, the most a farm can have.
    let line: Vec<(i8, i8)> = (2..26).map(|x| (x, 0)).collect();
    let game = extreme(&line, &[]);
    let t = table(3, 3, Status::Active);
    let spaces = game.state().players[0].farm.build_spaces().len();
    assert!(spaces >= 50, "{spaces}");
    let (acts, drawn) = walk(&t, &game, 0, 600);
    let reached: HashSet<Action> = acts.iter().map(no_water).collect();
    let builds: Vec<Action> = game
        .legal_actions(0)
        .into_iter()
        .filter(|a| matches!(a, Action::Build { .. }))
        .collect();
    assert!(builds.len() >= 50, "{} builds", builds.len());
    for a in &builds {
        assert!(reached.contains(&no_water(a)), "{a:?} not reachable");
    }
    let build = drawn
        .iter()
        .find(|(s, _)| *s == Screen::Build)
        .expect("a Build screen");
    ok("build", &build.1);
    // Water Tower and Silo placements on every space are reachable too (through per-space
    // screens beyond 25), and everything else.
    check_reachable(&t, &game, 0);
    ok("tower", &panel(&t, &game, 0, &Screen::Tower, None));
}

#[test]
fn a_big_farm_with_set_aside_equipment_reaches_every_variant() {
    // A comb: a row with teeth, about 30 build spaces; Wheelbarrow fits any location, so every
    // space has two ways to build.
    let mut comb: Vec<(i8, i8)> = (2..12).map(|x| (x, 0)).collect();
    comb.extend((0..12).step_by(2).map(|x| (x, 1)));
    let game = extreme(&comb, &["wheelbarrow"]);
    let t = table(3, 3, Status::Active);
    check_reachable(&t, &game, 0);
    let build = panel(&t, &game, 0, &Screen::Build, None);
    ok("build", &build);
}

#[test]
fn many_towers_with_room_still_reach_every_water_placement() {
    // A seat placing income Water, given up to 10 more empty towers: with 12 towers with room
    // there are 78 placements of 2 Water, more than one message can list.
    let mut tested = 0;
    for seed in 101..140 {
        let Some(game) = find(3, seed, |g| {
            g.state().players.iter().any(|p| p.pending_water > 0)
        }) else {
            continue;
        };
        let seat = (0..3)
            .find(|&s| game.state().players[s].pending_water > 0)
            .unwrap();
        let deck = Arc::clone(game.deck_arc());
        let mut snap = game.snapshot();
        let st = &mut snap.state;
        let (lo, hi) = st.players[seat].farm.bounds().unwrap();
        let y = hi.y + 1;
        let n = i8::try_from(st.towers_left.min(10)).unwrap();
        // A row of towers under the farm from its left column.
        for x in lo.x..lo.x + n {
            st.players[seat]
                .farm
                .cells
                .push(crate::games::fields_of_green::farm::Cell {
                    pos: crate::games::fields_of_green::Pos::new(x, y),
                    card: crate::games::fields_of_green::farm::CellCard::WaterTower,
                    face_up: true,
                    water: 0,
                    equipment: vec![],
                });
            st.towers_left -= 1;
        }
        // The row may not touch the farm: then try another seed.
        let Ok(game) = Game::from_snapshot(deck, snap) else {
            continue;
        };
        let placements = game
            .legal_actions(seat)
            .iter()
            .filter(|a| matches!(a, Action::PlaceWater { .. }))
            .count();
        if placements <= 45 {
            continue;
        }
        let t = table(3, 4, Status::Active);
        check_reachable(&t, &game, seat);
        tested += 1;
    }
    assert!(tested > 0, "no seed gave a seat with many towers");
}

/// The buttons of a message with their decoded verbs.
fn buttons_of(m: &MessageSpec) -> Vec<(String, Verb, bool)> {
    m.rows
        .iter()
        .flat_map(|r| match r {
            RowSpec::Buttons(bs) => bs
                .iter()
                .map(|b| {
                    let c = ComponentId::decode(&b.id).expect("a decodable id");
                    (b.label.clone(), c.verb, b.disabled)
                })
                .collect(),
            _ => Vec::new(),
        })
        .collect()
}

/// Issue 5, "Auto harvest": the harvest panel has the button; its screen lists the exact
/// planner's plan, says what it maximises, names every location the plan leaves unpaid as
/// becoming an Open Area (here some cannot be paid at all: the planner's hard 30-card farms
/// with scarce Water), and its Confirm button carries the fingerprint of exactly the steps that,
/// played on the engine, finish the harvest turning over just those locations. All within
/// Discord's limits, with the longest plans the planner makes.
#[test]
fn auto_harvest_shows_the_plan_and_what_becomes_an_open_area() {
    use crate::discord::fields_of_green::ids::plan_fingerprint;
    use crate::games::fields_of_green::Pos;
    use crate::games::fields_of_green::bots::{planner, stress};
    use crate::games::fields_of_green::effects::Timing;
    let deck = crate::games::fields_of_green::Deck::default_deck();
    let t = table(3, 5, Status::Active);
    let mut unpayable_listed = 0;
    for (name, preset) in stress::worst_case_seats(&deck) {
        for year in [2u8, 4] {
            let what = format!("{name}, year {year}");
            let game = stress::harvest_game(&deck, preset.clone(), 3, year, 1).expect("a game");
            assert_eq!(game.phase(), &Phase::Harvest, "{what}");
            let main = panel(&t, &game, 0, &Screen::Main, None);
            ok(&what, &main);
            let auto_button = buttons_of(&main)
                .into_iter()
                .find(|(label, _, _)| label == "Auto harvest")
                .unwrap_or_else(|| panic!("{what}: no Auto harvest button"));
            assert_eq!(auto_button.1, Verb::Show(Screen::AutoHarvest), "{what}");
            assert!(!auto_button.2, "{what}: Auto harvest is disabled");

            let m = panel(&t, &game, 0, &Screen::AutoHarvest, None);
            ok(&what, &m);
            let d = &m.embeds[0].description;
            assert!(d.chars().count() <= 4096, "{what}");
            assert!(d.contains("**Auto harvest.**"), "{what}: {d}");
            let aim = if year == 4 {
                "highest final score"
            } else {
                "toward your final score"
            };
            assert!(d.contains(aim), "{what}: {d}");
            assert!(d.contains("**After the plan:**"), "{what}: {d}");

            // The plan, independently: the planner's own actions.
            let plan = planner::plan_game(&game, 0, planner::ENGINE_BUDGET);
            let auto = auto_harvest(&game, 0).expect("seat 0 is harvesting");
            let buttons = buttons_of(&m);
            let confirm = buttons
                .iter()
                .find(|(l, _, _)| l == "Confirm plan")
                .unwrap_or_else(|| panic!("{what}: no Confirm plan"));
            assert_eq!(
                confirm.1,
                Verb::ConfirmPlan(plan_fingerprint(&auto.steps)),
                "{what}"
            );
            assert!(!confirm.2, "{what}");
            assert!(
                buttons.iter().any(|(l, v, off)| l == "Adjust by hand"
                    && *v == Verb::Show(Screen::Main)
                    && !off),
                "{what}: no way back to the harvest panel"
            );
            // The steps are the plan's (up to the engine finishing the seat by itself).
            assert!(!auto.steps.is_empty(), "{what}");
            assert_eq!(auto.steps[..], plan.actions[..auto.steps.len()], "{what}");
            if let Some(Action::Harvest { pos, .. }) = auto.steps.first() {
                let view = game.player_view(0);
                let farm = &view.table.seats[0].farm;
                let card = &farm.at(*pos).unwrap().card;
                let first = format!(
                    "1. {} {}",
                    crate::render::fields_of_green::card_name(&deck, card),
                    crate::render::fields_of_green::coord_label(*pos)
                );
                assert!(d.contains(&first), "{what}: {first:?} not in {d}");
            }

            // What becomes an Open Area: the face-up Harvest locations the plan does not pay.
            let view = game.player_view(0);
            let farm = &view.table.seats[0].farm;
            let paid: Vec<Pos> = plan
                .actions
                .iter()
                .filter_map(|a| match a {
                    Action::Harvest { pos, .. } => Some(*pos),
                    _ => None,
                })
                .collect();
            let legal_now = game.legal_actions(0);
            let unpaid: Vec<(Pos, String, bool)> = farm
                .cells
                .iter()
                .filter(|c| {
                    c.face_up
                        && deck
                            .location_by_id(&c.card)
                            .is_some_and(|l| deck.location(l).timing() == Some(Timing::Harvest))
                        && !paid.contains(&c.pos)
                })
                .map(|c| {
                    let label = format!(
                        "{} {}",
                        crate::render::fields_of_green::card_name(&deck, &c.card),
                        crate::render::fields_of_green::coord_label(c.pos)
                    );
                    let payable = legal_now
                        .iter()
                        .any(|a| matches!(a, Action::Harvest { pos, .. } if *pos == c.pos));
                    (c.pos, label, payable)
                })
                .collect();
            let line = d
                .lines()
                .find(|l| l.starts_with("**Becomes an Open Area:**"))
                .unwrap_or_else(|| panic!("{what}: no Open Area line in {d}"));
            if unpaid.is_empty() {
                assert_eq!(line, "**Becomes an Open Area:** none.", "{what}");
            }
            for (_, label, payable) in &unpaid {
                assert!(
                    line.contains(label.as_str()),
                    "{what}: {label} not in {line}"
                );
                if !payable {
                    unpayable_listed += 1;
                }
            }
            // Confirming plays these steps: the harvest is over, with exactly those turned.
            let mut g = game.clone();
            for a in &auto.steps {
                g.apply(0, a)
                    .unwrap_or_else(|e| panic!("{what}: step {a:?} refused: {e}"));
            }
            let p = &g.state().players[0];
            assert!(p.harvest_done || g.phase() != &Phase::Harvest, "{what}");
            for (pos, label, _) in &unpaid {
                let c = p.farm.cells.iter().find(|c| c.pos == *pos).unwrap();
                assert!(!c.face_up, "{what}: {label} stayed face up");
            }
            let turned = p.farm.cells.iter().filter(|c| !c.face_up).count();
            let turned_before = farm.cells.iter().filter(|c| !c.face_up).count();
            assert_eq!(turned, turned_before + unpaid.len(), "{what}");
        }
    }
    assert!(
        unpayable_listed > 0,
        "no location that could not be paid was listed as becoming an Open Area"
    );
}

/// The Auto harvest screen is only for a seat deciding its harvest: elsewhere (another phase, a
/// finished harvest) an old button falls back to the main panel with a note.
#[test]
fn auto_harvest_only_while_harvesting() {
    let t = table(3, 5, Status::Active);
    let game = find(3, 21, |g| matches!(g.phase(), Phase::Action { .. })).unwrap();
    assert!(auto_harvest(&game, 0).is_none());
    let m = panel(&t, &game, 0, &Screen::AutoHarvest, None);
    ok("auto harvest out of the harvest", &m);
    assert!(m.content.contains("no longer open"), "{}", m.content);
    assert!(
        buttons_of(&m)
            .iter()
            .all(|(l, v, _)| l != "Auto harvest" && !matches!(v, Verb::ConfirmPlan(_))),
        "no auto harvest outside the harvest"
    );
}

/// The labels along the way from the Main panel to a component that takes `want` (up to the
/// towers paying its Water): the label of each button or option followed, the last one the
/// component's own. `None` when the panel offers no such component.
fn labels_to(table: &Table, game: &Game, seat: usize, want: &Action) -> Option<Vec<String>> {
    let want = no_water(want);
    let mut queue = std::collections::VecDeque::from([(Screen::Main, Vec::<String>::new())]);
    let mut seen: Vec<Screen> = vec![Screen::Main];
    while let Some((screen, path)) = queue.pop_front() {
        let m = panel(table, game, seat, &screen, None);
        // (where it leads, its label) of every enabled component.
        let mut items: Vec<(Verb, String)> = Vec::new();
        for r in &m.rows {
            match r {
                RowSpec::Buttons(bs) => {
                    for b in bs.iter().filter(|b| !b.disabled) {
                        let c = ComponentId::decode(&b.id).expect("an id");
                        items.push((c.verb, b.label.clone()));
                    }
                }
                RowSpec::Select(sel) => {
                    let c = ComponentId::decode(&sel.id).expect("an id");
                    for o in &sel.options {
                        let verb = match c.verb {
                            Verb::Choose => Verb::Act(decode_action(&o.value).expect("action")),
                            Verb::Navigate => Verb::Show(decode_screen(&o.value).expect("screen")),
                            _ => continue,
                        };
                        items.push((verb, o.label.clone()));
                    }
                }
            }
        }
        for (verb, label) in items {
            let mut next = path.clone();
            next.push(label);
            match verb {
                Verb::Act(a) if no_water(&a) == want => return Some(next),
                Verb::Show(s) if !seen.contains(&s) && seen.len() < 300 => {
                    seen.push(s.clone());
                    queue.push_back((s, next));
                }
                _ => {}
            }
        }
    }
    None
}

/// True when `text` holds `label` as a whole word (`M26`, not the `M2` of `M26`).
fn names_square(text: &str, label: &str) -> bool {
    text.match_indices(label).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + label.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_alphanumeric())
            && !after.is_some_and(|c| c.is_ascii_alphanumeric())
    })
}

/// Issue 43, item 1: a square keeps its name for the whole game. In seeded random games of 2 to
/// 6 players, every build (a location, a Water Tower, a Silo) is offered by a button naming its
/// square ("Build B1" builds at B1), the log's sentence for it names the same square, the farm
/// grid drawn next shows the card there under that name, and at the end every card is still
/// listed under the name it was built with (in the grid's legend and the farm message). Before
/// issue 43 the grid was relabelled from its bounding box after every build on its top or left
/// edge, and about half the builds were answered with another square's name.
#[test]
fn every_build_names_one_square_from_button_to_log_to_grid() {
    use crate::render::fields_of_green::{
        RenderOptions, coord_label, describe_in, parse_coord, render_farm,
    };
    let deck = crate::games::fields_of_green::Deck::default_deck();
    let names: Vec<String> = ["Ada", "Bram", "Cleo", "Dmitri", "Edda", "Finn"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut builds = 0;
    let mut left_or_up = 0;
    for seed in 0..10u64 {
        let players = 2 + (seed % 5) as u8;
        let n = usize::from(players);
        let mut game = new_game(players, false, (seed % u64::from(players)) as u8, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(4300 + seed);
        let mut built: Vec<Vec<(crate::games::fields_of_green::Pos, String)>> = vec![Vec::new(); n];
        let mut step = 0i64;
        while let Some((seat, action)) = sim::random_step(&game, &mut rng) {
            let pos = match &action {
                Action::Build { pos, .. }
                | Action::WaterTower { pos, .. }
                | Action::Silo { pos, .. } => Some(*pos),
                _ => None,
            };
            let t = table(n, step + 1, Status::Active);
            let path = pos.map(|_| {
                labels_to(&t, &game, seat, &action)
                    .unwrap_or_else(|| panic!("seed {seed}: no button for {action:?}"))
            });
            let before = game.public_view().seats[seat].farm.clone();
            let events = game.apply(seat, &action).expect("a legal action");
            step += 1;
            let (Some(pos), Some(path)) = (pos, path) else {
                continue;
            };
            builds += 1;
            let (lo, _) = crate::games::fields_of_green::farm::grid_bounds(
                before.cells.iter().map(|c| c.pos),
            );
            // A build on the grid's top or left edge: the case that used to rename squares.
            if pos.x == lo.x || pos.y == lo.y {
                left_or_up += 1;
            }
            let label = coord_label(pos);
            let ctx = format!("seed {seed}, step {step}, {action:?} at {label}");
            // The button (or the button that opened its payment screen) names the square.
            assert!(
                path.iter().any(|l| names_square(l, &label)),
                "{ctx}: the buttons read {path:?}"
            );
            // The log's sentence names the same square.
            let sentence = describe_in(&game, &events, &names)
                .into_iter()
                .zip(&events)
                .find(|(_, e)| {
                    matches!(
                        e,
                        Event::Built { .. }
                            | Event::BuiltWaterTower { .. }
                            | Event::BuiltSilo { .. }
                    )
                })
                .map(|(s, _)| s)
                .unwrap_or_else(|| panic!("{ctx}: no build event"));
            assert!(
                names_square(&sentence, &label),
                "{ctx}: the log says {sentence:?}"
            );
            // The grid drawn next has the card under that name: its legend lists it there, its
            // column letters and row numbers lead to it, and the name reads back to the square.
            let view = game.public_view();
            let farm = &view.seats[seat].farm;
            let r = render_farm(&deck, farm, RenderOptions::default());
            assert!(
                r.legend.iter().any(|l| names_square(l, &label)),
                "{ctx}: not in the legend {:?}",
                r.legend
            );
            assert_eq!(parse_coord(farm, &label), Some(pos), "{ctx}");
            let letters: String = label
                .chars()
                .take_while(|c| c.is_ascii_alphabetic())
                .collect();
            let row = &label[letters.len()..];
            let lines: Vec<&str> = r.grid.lines().collect();
            let header = lines
                .iter()
                .position(|l| l.split_whitespace().any(|w| w == letters))
                .unwrap_or_else(|| panic!("{ctx}: no column {letters} in\n{}", r.grid));
            assert!(
                lines[header..]
                    .iter()
                    .any(|l| l.split_whitespace().next() == Some(row)),
                "{ctx}: no row {row} in\n{}",
                r.grid
            );
            built[seat].push((pos, label));
        }
        assert!(game.is_over());
        // At the end, every card is still named as when it was built, on every screen.
        let t = table(n, step + 1, Status::Ended);
        let v = game.public_view();
        for (seat, cards) in built.iter().enumerate() {
            let r = render_farm(&deck, &v.seats[seat].farm, RenderOptions::default());
            let shown = m_text(&farm(&t, &game, seat));
            for (pos, label) in cards {
                assert_eq!(coord_label(*pos), *label);
                assert!(
                    r.legend.iter().any(|l| names_square(l, label)),
                    "seed {seed}: {label} missing from the final legend {:?}",
                    r.legend
                );
                assert!(
                    names_square(&shown, label),
                    "seed {seed}: {label} missing from the farm message {shown}"
                );
            }
        }
    }
    eprintln!("{builds} builds checked, {left_or_up} on the grid's top or left edge");
    assert!(builds > 300, "{builds} builds");
    assert!(
        left_or_up > 50,
        "{left_or_up} builds on the top or left edge"
    );
}

/// Issue 43, item 2, in seeded games with ties on VP: the ranking line of the table message,
/// the pad behind Scores, the records' places and the tie lines follow one order (ruling 19:
/// VP, locations, coins, for every place), and every tie on VP gets one line on the final
/// scores and the finished table. Before, the pad said "Tie-break: no tie." under "2. Cleo 61
/// · 3. Ada 61", and the demo listed them the other way round.
#[test]
fn every_tie_is_explained_and_every_screen_lists_one_order() {
    use crate::games::Engine;
    use crate::games::fields_of_green::game::scoring::standings;
    let mut games_with_ties = 0;
    let mut lower_ties = 0;
    for seed in 0..150u64 {
        let players = 3 + (seed % 4) as u8;
        let n = usize::from(players);
        let mut game = new_game(players, false, 0, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        sim::play_out(&mut game, &mut rng, |_, _, _| {});
        let pads = game.scores().expect("a finished game").to_vec();
        let tied = |p: &crate::games::fields_of_green::game::ScorePad| {
            pads.iter().filter(|q| q.total == p.total).count() > 1
        };
        if !pads.iter().any(tied) {
            continue;
        }
        games_with_ties += 1;
        let best = pads.iter().map(|p| p.total).max().unwrap();
        lower_ties += usize::from(pads.iter().any(|p| tied(p) && p.total < best));
        // Plain names, so each can be found in the text.
        let mut t = table(n, 1, Status::Ended);
        let plain = ["Ada", "Bram", "Cleo", "Dita", "Ezra", "Fumi"];
        for s in &mut t.seats {
            s.name = plain[s.seat].to_string();
        }
        let names: Vec<String> = plain[..n].iter().map(|s| s.to_string()).collect();
        let order: Vec<(usize, u32)> = standings(&pads);
        let ctx = format!("seed {seed}, {players} players");
        // The records' places (and the demo's line, which sorts by them).
        let results = Engine::results(&game).unwrap();
        let mut by_place: Vec<usize> = (0..n).collect();
        by_place.sort_by_key(|&s| (results[s].place, s));
        assert_eq!(
            by_place,
            order.iter().map(|(s, _)| *s).collect::<Vec<_>>(),
            "{ctx}"
        );
        for &(s, place) in &order {
            assert_eq!(results[s].place, place, "{ctx}");
            assert_eq!(results[s].won, place == 1, "{ctx}");
        }
        // "k. Name" in the same order: the ranking line and the pad.
        let table_text = m_text(&table_message(&t, &game));
        let first = table_text.lines().next().unwrap().to_string();
        let pad = every_text(&score_pad(&t, &game));
        for text in [&first, &pad] {
            let at: Vec<usize> = order
                .iter()
                .map(|&(s, place)| {
                    let entry = format!("{place}. {}", names[s]);
                    text.find(&entry)
                        .unwrap_or_else(|| panic!("{ctx}: {entry} not in {text}"))
                })
                .collect();
            assert!(at.windows(2).all(|w| w[0] < w[1]), "{ctx}: {text}");
        }
        // One line per group tied on VP, on the final scores and the finished table.
        let lines = crate::render::fields_of_green::tie_lines(&pads, &names);
        let mut totals: Vec<u32> = pads.iter().filter(|p| tied(p)).map(|p| p.total).collect();
        totals.sort_unstable();
        totals.dedup();
        assert_eq!(lines.len(), totals.len(), "{ctx}: {lines:?}");
        let finals = every_text(&final_scores(&t, &game));
        let status_text = every_text(&status(&t, &game));
        for (line, vp) in lines.iter().zip(totals.iter().rev()) {
            assert!(
                line.starts_with(&format!("Tied on {vp} VP")),
                "{ctx}: {line}"
            );
            assert!(
                finals.contains(line.as_str()),
                "{ctx}: {line} not in {finals}"
            );
            assert!(
                status_text.contains(line.as_str()),
                "{ctx}: {line} not in the status"
            );
            assert!(
                table_text.contains(line.as_str()),
                "{ctx}: {line} not on the table"
            );
            // The tied players are listed in the final order.
            let at: Vec<usize> = order
                .iter()
                .filter(|(s, _)| pads[*s].total == *vp)
                .map(|(s, _)| line.find(&format!("{} (", names[*s])).expect("named"))
                .collect();
            assert!(at.windows(2).all(|w| w[0] < w[1]), "{ctx}: {line}");
        }
        assert!(!finals.contains("no tie"), "{ctx}: {finals}");
    }
    eprintln!("{games_with_ties} games with a tie on VP, {lower_ties} below first place");
    assert!(games_with_ties >= 5, "{games_with_ties} games with a tie");
    assert!(lower_ties >= 2, "{lower_ties} ties below first place");
}

/// A message's embed descriptions, one after the other.
fn m_text(m: &MessageSpec) -> String {
    m.embeds
        .iter()
        .map(|e| e.description.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Issue 41: the main screen shows Undo only to the seat whose reversible decision is the
/// game's last one (as the store reads it), and only on the main screen of a game in progress;
/// the button carries the version it was drawn at.
#[test]
fn undo_shows_only_for_the_seat_that_may_take_back_its_decision() {
    let game = new_game(3, false, 0, 5);
    let undo = |t: &Table, seat: usize, screen: &Screen| {
        buttons_of(&panel(t, &game, seat, screen, None))
            .into_iter()
            .filter(|(_, v, _)| *v == Verb::Undo)
            .count()
    };
    let mut t = table(3, 9, Status::Active);
    assert_eq!(
        undo(&t, 0, &Screen::Main),
        0,
        "no undo without a reversible decision"
    );
    t.game.undoable_by = Some(1);
    assert_eq!(undo(&t, 1, &Screen::Main), 1);
    assert_eq!(
        undo(&t, 0, &Screen::Main),
        0,
        "never another seat's decision"
    );
    assert_eq!(undo(&t, 2, &Screen::Main), 0);
    assert_eq!(
        undo(&t, 1, &Screen::Farm { seat: 0 }),
        0,
        "main screen only"
    );
    let m = panel(&t, &game, 1, &Screen::Main, None);
    ok("undo", &m);
    let id = m
        .rows
        .iter()
        .flat_map(|r| match r {
            RowSpec::Buttons(bs) => bs.clone(),
            _ => Vec::new(),
        })
        .find(|b| ComponentId::decode(&b.id).is_some_and(|c| c.verb == Verb::Undo))
        .expect("the Undo button");
    assert_eq!(id.label, "Undo");
    assert_eq!(ComponentId::decode(&id.id).unwrap().version, 9);
    t.game.status = Status::Ended;
    assert_eq!(undo(&t, 1, &Screen::Main), 0, "not once the game is over");
}

/// Plays a game of heuristic bots and calls `each` with the table, the game and, for each seat
/// the game waits for, that seat and its catch-up ("Since your last move", as the router writes
/// it from the public log since the seat's last action).
fn bot_game(players: u8, seed: u64, mut each: impl FnMut(&Table, &Game, usize, Option<String>)) {
    use crate::games::fields_of_green::bots::{BotSpec, arena_streams};
    let mut game = new_game(players, false, (seed % u64::from(players)) as u8, seed);
    let n = usize::from(players);
    let mut bots: Vec<_> = (0..n).map(|_| BotSpec::Heuristic.build()).collect();
    let mut rngs = arena_streams(seed, n);
    let deck = game.deck_arc().clone();
    let mut events: Vec<Event> = Vec::new();
    let mut acted_at: Vec<Option<usize>> = vec![None; n];
    let mut step = 0;
    while let Some(&seat) = game.waiting_for().first() {
        let mut t = table(n, step + 1, Status::Active);
        // Names as players have them (the stress names of `NAMES` are for Discord's limits).
        for (row, name) in t
            .seats
            .iter_mut()
            .zip(["Ada", "Bram", "Cleo", "Dmitri", "Eve", "Fumiko"])
        {
            row.name = name.to_string();
        }
        for s in game.waiting_for() {
            let from = acted_at[s].unwrap_or(0);
            let since = &events[from..];
            let read = (crate::discord::router::CATCH_UP_LINES * 4) as usize;
            let tail = &since[since.len().saturating_sub(read)..];
            let lines = public::log_lines(&t, &game, tail);
            let notice = crate::discord::router::catch_up_text(
                &lines,
                since.len() - tail.len(),
                acted_at[s].is_some(),
            );
            each(&t, &game, s, notice);
        }
        let view = game.player_view(seat);
        let action = bots[seat].decide(&view, &deck, &mut rngs[seat]);
        events.extend(game.apply(seat, &action).expect("a bot's action"));
        acted_at[seat] = Some(events.len());
        step += 1;
    }
}

/// Issue 43: on a 390 px phone, every decision panel's buttons start within the first 900 px.
/// The height is estimated from the text by [`spec::phone_px_before_buttons`] (its comment gives
/// the phone's figures: 44 columns of 20 px lines, 36 of 18 px in code blocks, 78 px of frame),
/// with the catch-up the router puts on top. Heuristic bots play, so farms grow as real ones do.
#[test]
fn every_decision_panel_shows_its_buttons_within_900_px_on_a_phone() {
    const BUDGET_PX: u32 = 900;
    for locale in [crate::i18n::Locale::En, crate::i18n::Locale::Ja] {
        crate::i18n::with(locale, || {
            for (players, seed) in [(4, 5), (2, 2), (3, 3), (6, 6)] {
                let mut worst = (0, String::new());
                let mut panels = 0;
                bot_game(players, seed, |t, game, seat, notice| {
                    let m = panel(t, game, seat, &Screen::Main, notice.as_deref());
                    let px = spec::phone_px_before_buttons(&m);
                    panels += 1;
                    if px > worst.0 {
                        worst = (px, format!("{}\n{}", m.content, every_text(&m)));
                    }
                });
                eprintln!(
                    "{locale:?} {players}p seed {seed}: {panels} panels, tallest {} px",
                    worst.0
                );
                assert!(panels > 100, "{panels} panels");
                assert!(
                    worst.0 <= BUDGET_PX,
                    "{locale:?} {players}p seed {seed}: {} px before the buttons\n{}",
                    worst.0,
                    worst.1
                );
            }
        });
    }
}

/// Issue 43: a hint never contradicts an enabled button. With 1 Food, "Sell 1 Food" is enabled
/// and only "Sell 2 Food" is greyed out: the hint names the sale it explains, and every sale a
/// hint names is a disabled button (the panel once said "Selling Food: you need 2 Food and have
/// 1" next to an enabled **Sell 1 Food**).
#[test]
fn a_sale_hint_names_only_a_greyed_out_sale() {
    let mut hints = 0;
    let mut one_food = 0;
    for (players, seed) in [(4, 5), (3, 3), (2, 2)] {
        bot_game(players, seed, |t, game, seat, _| {
            let m = panel(t, game, seat, &Screen::Main, None);
            let text = &m.embeds[0].description;
            let buttons = buttons_of(&m);
            for food in 1..=2u8 {
                let label = crate::t!(
                    "fog-button-sell",
                    food = food,
                    coins = 2 + 2 * u32::from(food)
                );
                let button = buttons.iter().find(|(l, _, _)| *l == label);
                let hint = text
                    .lines()
                    .find(|l| l.starts_with(&format!("Sell {food} Food (greyed out)")));
                if let Some(h) = hint {
                    hints += 1;
                    assert!(
                        button.is_some_and(|(_, _, disabled)| *disabled),
                        "{h} next to an enabled or missing {label}\n{text}"
                    );
                }
                if let Some((_, _, false)) = button {
                    assert!(hint.is_none(), "{text}");
                }
            }
            if buttons
                .iter()
                .any(|(l, _, d)| l.starts_with("Sell 1 Food") && !d)
                && buttons
                    .iter()
                    .any(|(l, _, d)| l.starts_with("Sell 2 Food") && *d)
            {
                one_food += 1;
                assert!(
                    text.contains("Sell 2 Food (greyed out): you need 2 Food and have 1"),
                    "{text}"
                );
            }
        });
    }
    assert!(
        hints > 10 && one_food > 0,
        "{hints} hints, {one_food} panels with 1 Food"
    );
}

/// Silo, Granary and Storehouse are three different things and read as three different words
/// in Japanese (issue 43: 穀物庫, 穀倉 and 貯蔵庫 were near-synonyms): the two cards' names share
/// no character with the Silo's.
#[test]
fn silo_granary_and_storehouse_have_distinct_japanese_names() {
    let deck = crate::games::fields_of_green::Deck::default_deck();
    let name = |id: &str| {
        deck.locations
            .iter()
            .find(|d| d.id == id)
            .and_then(|d| d.name_ja.clone())
            .unwrap()
    };
    let silo = crate::i18n::format_in(crate::i18n::Locale::Ja, "fog-silo", None);
    let (granary, storehouse) = (name("granary"), name("storehouse"));
    for card in [&granary, &storehouse] {
        assert!(
            !card.chars().any(|c| silo.contains(c)),
            "{card} reads like {silo}"
        );
    }
    assert!(!granary.chars().any(|c| storehouse.contains(c)));
    for name in [&granary, &storehouse, &silo] {
        assert!(!["穀倉", "貯蔵庫"].contains(&name.as_str()), "{name}");
    }
}
