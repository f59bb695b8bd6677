//! Tests of the private screen in random games of 2-4 players: every screen passes Discord's
//! limits; the seat the game waits for always has a decision, every action its screens lead to
//! is accepted by the engine, and every legal choice is reachable; the other seats get no
//! decision; another seat's hidden starting counters (KH 69-70) never change a screen; and
//! scripted random clickers, choosing as the fake Discord's players do, finish whole games.

use super::*;
use crate::discord::key_harvest::ids::{KhId, KhVerb, decode_action, decode_screen};
use crate::discord::spec::{MessageSpec, RowSpec, every_text};
use crate::fake_discord::player::is_navigation;
use crate::games::key_harvest::bots::random::random_choice;
use crate::games::key_harvest::{Options, TurnAction};
use crate::i18n::Locale;
use crate::store::Status;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{HashSet, VecDeque};

/// Names that stress the layout: long, markdown, emoji, CJK, empty.
const NAMES: [&str; 4] = [
    "Ann",
    "Bartholomew Featherstonehaugh-Smythe the Third of Lower Wallop",
    "Zoë 🌾 *bold* _it_ `tick`",
    "",
];

fn table(players: usize, version: i64) -> Table {
    Table::sample("key_harvest", &NAMES[..players], Status::Active, version)
}

fn new_game(players: u8, seed: u64) -> Game {
    Game::new(Board::standard(), &Options { players }, seed)
        .expect("2-4 players")
        .0
}

fn ok(what: &str, m: &MessageSpec) {
    if let Err(e) = spec::check(m) {
        panic!("{what}: {e}\n{m:#?}");
    }
    if crate::i18n::current() == Locale::Ja {
        no_english(what, m);
    }
}

/// A screen drawn in Japanese has no English sentence left (player names aside).
fn no_english(what: &str, m: &MessageSpec) {
    let mut names: Vec<String> = NAMES.iter().map(|n| n.to_string()).collect();
    names.extend(NAMES.iter().map(|n| crate::discord::ui::esc(n)));
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let text = every_text(m);
    if let Some(words) = crate::discord::key_harvest::english_left(&text, &names) {
        panic!("{what}: English left in Japanese: {words:?}\n{text}");
    }
}

/// Whether a button only navigates (Back, Refresh, Boards, Log), in either language.
fn is_nav(label: &str) -> bool {
    is_navigation(label)
}

/// One decision as the scripted players see it: an enabled button that does not only
/// navigate, or an option of a select.
#[derive(Clone, Debug)]
enum Click {
    Act(Action),
    Go(KhScreen),
}

/// The decisions of a screen, decoding every id (each must carry the table's game id and
/// version).
fn decisions(t: &Table, m: &MessageSpec) -> Vec<Click> {
    let decode = |id: &str| {
        let c = KhId::decode(id).unwrap_or_else(|| panic!("undecodable id {id:?}"));
        assert_eq!(c.game, t.game.id, "{id}");
        assert_eq!(c.version, t.game.version, "{id}");
        c
    };
    let mut out = Vec::new();
    for r in &m.rows {
        match r {
            RowSpec::Buttons(bs) => {
                for b in bs {
                    let c = decode(&b.id);
                    if b.disabled || is_nav(&b.label) {
                        continue;
                    }
                    match c.verb {
                        KhVerb::Act(a) => out.push(Click::Act(a)),
                        KhVerb::Show(s) => out.push(Click::Go(s)),
                        v => panic!("a decision button {:?} with verb {v:?}", b.label),
                    }
                }
            }
            RowSpec::Select(sel) => {
                let c = decode(&sel.id);
                for o in &sel.options {
                    match c.verb {
                        KhVerb::Choose | KhVerb::ChoosePart(_) => out.push(Click::Act(
                            decode_action(&o.value).expect("an action value"),
                        )),
                        KhVerb::Navigate | KhVerb::NavigatePart(_) => {
                            out.push(Click::Go(decode_screen(&o.value).expect("a screen value")))
                        }
                        ref v => panic!("a select with verb {v:?}"),
                    }
                }
            }
        }
    }
    out
}

/// The navigation buttons by label.
fn nav(m: &MessageSpec) -> Vec<String> {
    m.rows
        .iter()
        .flat_map(|r| match r {
            RowSpec::Buttons(bs) => bs
                .iter()
                .filter(|b| is_nav(&b.label))
                .map(|b| b.label.clone())
                .collect(),
            RowSpec::Select(_) => Vec::new(),
        })
        .collect()
}

/// What a legal choice lets the seat name, as keys an action reached must cover.
fn choice_keys(c: &Choice) -> Vec<String> {
    use crate::games::key_harvest::game::spaces as sp;
    match c {
        Choice::StartPlayer { seats } => seats.iter().map(|s| format!("sp{s}")).collect(),
        Choice::Harvest { tiles } => sp(*tiles).map(|t| format!("h{t}")).collect(),
        Choice::PlayWorker { worker, spaces } => sp(*spaces)
            .map(|s| format!("pw{}{s}", worker.letter()))
            .collect(),
        Choice::RemoveWorker { spaces } => sp(*spaces).map(|s| format!("rw{s}")).collect(),
        Choice::BuyFromStore { tiles } => {
            tiles.iter().map(|(o, t)| format!("buy{o}.{t}")).collect()
        }
        Choice::TakeFromRegistry { tiles } => sp(*tiles).map(|t| format!("reg{t}")).collect(),
        Choice::EndTurn => vec!["end".into()],
        Choice::Decline => vec!["decline".into()],
        Choice::Reposition { spaces } => sp(*spaces).map(|s| format!("rp{s}")).collect(),
        Choice::Apprentice { tiles } => sp(*tiles).map(|t| format!("ap{t}")).collect(),
        Choice::CasualWorker { tiles } => sp(*tiles).map(|t| format!("cw{t}")).collect(),
        Choice::Labourer { .. } => vec!["lab".into()],
        Choice::UnskilledWorker { tiles } => sp(*tiles).map(|t| format!("uw{t}")).collect(),
        Choice::SkilledWorker { tiles } => {
            tiles.iter().map(|(o, t, _)| format!("sw{o}.{t}")).collect()
        }
        Choice::Supervisor { tiles } => sp(*tiles).map(|t| format!("sv{t}")).collect(),
        Choice::Merchant { tiles } => tiles.iter().map(|(o, t, _)| format!("me{o}.{t}")).collect(),
        Choice::Storekeeper { tiles } => sp(*tiles).map(|t| format!("sk{t}")).collect(),
        Choice::Bailiff { tiles } => tiles.iter().map(|(o, t)| format!("ba{o}.{t}")).collect(),
        Choice::Lawyer { spaces } => sp(*spaces).map(|s| format!("la{s}")).collect(),
        Choice::TraderDraw => vec!["td".into()],
        Choice::TraderRegistry { tiles } => sp(*tiles)
            .flat_map(|t| [format!("tr{t}.true"), format!("tr{t}.false")])
            .collect(),
        Choice::KeepDrawn { .. } => vec!["kd.true".into(), "kd.false".into()],
        Choice::Benefactor { tiles } => sp(*tiles).map(|t| format!("be{t}")).collect(),
        Choice::BlindSwap { tiles } => sp(*tiles).map(|t| format!("bs{t}")).collect(),
        Choice::Exchange { give, take } => sp(*give)
            .map(|g| format!("exg{g}"))
            .chain(take.iter().map(|(o, t)| format!("ext{o}.{t}")))
            .collect(),
        Choice::GiveAway {
            pass, keep_choice, ..
        } => {
            if *pass == 0 {
                if *keep_choice {
                    vec!["ga-.true".into(), "ga-.false".into()]
                } else {
                    vec!["ga-.false".into()]
                }
            } else {
                sp(*pass).map(|t| format!("ga{t}")).collect()
            }
        }
        Choice::GoodHarvest { crops } => crops.iter().map(|c| format!("gh{c:?}")).collect(),
        Choice::LuckyDip { registry } => {
            if *registry == 0 {
                vec!["ld-".into()]
            } else {
                sp(*registry).map(|t| format!("ld{t}")).collect()
            }
        }
        Choice::NewCrop { tiles } => sp(*tiles).map(|t| format!("nc{t}")).collect(),
        Choice::QuickSale { tiles } => sp(*tiles).map(|t| format!("qs{t}")).collect(),
        Choice::RegistrySwap { give, take } => sp(*give)
            .map(|g| format!("rsg{g}"))
            .chain(sp(*take).map(|t| format!("rst{t}")))
            .collect(),
        Choice::RemoteHarvest { tiles } => sp(*tiles).map(|t| format!("rh{t}")).collect(),
        Choice::Replace { fallow, .. } => sp(*fallow)
            .map(|t| format!("rpl{t}"))
            .chain(["rpl-".to_string()])
            .collect(),
        Choice::MoveWorker { moves } => moves
            .iter()
            .flat_map(|(f, to)| sp(*to).map(move |t| format!("mv{f}.{t}")))
            .collect(),
        Choice::Vacation { spaces } => sp(*spaces).map(|s| format!("va{s}")).collect(),
        Choice::Windfall { crops, .. } => crops.iter().map(|c| format!("wf{c:?}")).collect(),
    }
}

/// The keys an action covers (see [`choice_keys`]).
fn action_keys(a: &Action) -> Vec<String> {
    use Action as A;
    match a {
        A::ChooseStartPlayer { seat } => vec![format!("sp{seat}")],
        A::Harvest { tiles, .. } => tiles.iter().map(|t| format!("h{t}")).collect(),
        A::PlayWorker { worker, space } => vec![format!("pw{}{space}", worker.letter())],
        A::RemoveWorker { space } => vec![format!("rw{space}")],
        A::BuyFromStore { owner, tile } => vec![format!("buy{owner}.{tile}")],
        A::TakeFromRegistry { tile, .. } => vec![format!("reg{tile}")],
        A::EndTurn => vec!["end".into()],
        A::Decline => vec!["decline".into()],
        A::Reposition { space } => vec![format!("rp{space}")],
        A::Apprentice { tile, .. } => vec![format!("ap{tile}")],
        A::CasualWorker { tiles, .. } => tiles.iter().map(|t| format!("cw{t}")).collect(),
        A::Labourer { .. } => vec!["lab".into()],
        A::UnskilledWorker { tiles } => tiles.iter().map(|t| format!("uw{t}")).collect(),
        A::SkilledWorker { owner, tile, .. } => vec![format!("sw{owner}.{tile}")],
        A::Supervisor { tile } => vec![format!("sv{tile}")],
        A::Merchant { owner, tile, .. } => vec![format!("me{owner}.{tile}")],
        A::Storekeeper { tile, .. } => vec![format!("sk{tile}")],
        A::Bailiff { owner, tile, .. } => vec![format!("ba{owner}.{tile}")],
        A::Lawyer { worker_at } => vec![format!("la{worker_at}")],
        A::TraderDraw => vec!["td".into()],
        A::TraderRegistry { tile, keep } => vec![format!("tr{tile}.{keep}")],
        A::KeepDrawn { keep } => vec![format!("kd.{keep}")],
        A::Benefactor { tile } => vec![format!("be{tile}")],
        A::BlindSwap { tile } => vec![format!("bs{tile}")],
        A::Exchange { give, with, take } => vec![format!("exg{give}"), format!("ext{with}.{take}")],
        A::GiveAway { pass, keep } => match pass {
            None => vec![format!("ga-.{keep}")],
            Some(t) => vec![format!("ga{t}")],
        },
        A::GoodHarvest { crop, .. } => vec![format!("gh{crop:?}")],
        A::LuckyDip { registry, .. } => match registry {
            None => vec!["ld-".into()],
            Some(t) => vec![format!("ld{t}")],
        },
        A::NewCrop { tiles } => tiles.iter().map(|t| format!("nc{t}")).collect(),
        A::QuickSale { tile, .. } => vec![format!("qs{tile}")],
        A::RegistrySwap { give, take } => vec![format!("rsg{give}"), format!("rst{take}")],
        A::RemoteHarvest { tiles, .. } => tiles.iter().map(|t| format!("rh{t}")).collect(),
        A::Replace { fallow } => match fallow {
            None => vec!["rpl-".into()],
            Some(t) => vec![format!("rpl{t}")],
        },
        A::MoveWorker { from, to } => vec![format!("mv{from}.{to}")],
        A::Vacation { space } => vec![format!("va{space}")],
        A::Windfall { crop } => vec![format!("wf{crop:?}")],
    }
}

/// Walks the seat's screens from Main (breadth first, at most `limit` screens), checking each
/// message against Discord's limits and that none of them fell back to Main; returns the
/// actions reached, and the actions of the builders reached (a bid, a payment or substitutes
/// being built: their keys are covered as soon as the builder is reached).
fn walk(t: &Table, game: &Game, seat: usize, limit: usize) -> (Vec<Action>, Vec<Action>) {
    let mut queue = VecDeque::from([KhScreen::Main]);
    let mut seen = vec![KhScreen::Main];
    let mut acts = Vec::new();
    let mut building = Vec::new();
    while let Some(s) = queue.pop_front() {
        let m = panel(t, game, seat, &s, None);
        ok(&format!("seat {seat} on {s:?}"), &m);
        assert!(
            !m.content.contains(&t!("kh-choice-gone")),
            "seat {seat}: {s:?}, reached by a button, does not apply:\n{}",
            every_text(&m)
        );
        if s != KhScreen::Main {
            assert!(nav(&m).contains(&t!("kh-button-back")), "{s:?} has no Back");
        }
        assert!(
            nav(&m).contains(&t!("kh-button-refresh")),
            "{s:?} has no Refresh"
        );
        let hidden = t!("kh-hidden-choices", count = 1);
        let hidden = hidden
            .split('1')
            .max_by_key(|p| p.len())
            .unwrap_or_default();
        assert!(
            !every_text(&m).contains(hidden),
            "seat {seat} on {s:?} left choices out:\n{}",
            every_text(&m)
        );
        for c in decisions(t, &m) {
            match c {
                Click::Act(a) => acts.push(a),
                Click::Go(n) => {
                    if let KhScreen::Bid(a) | KhScreen::Pay(a) | KhScreen::Instead(a) = &n {
                        building.push((**a).clone());
                    }
                    if !seen.contains(&n) && seen.len() < limit {
                        seen.push(n.clone());
                        queue.push_back(n);
                    }
                }
            }
        }
    }
    (acts, building)
}

/// The checks at one step of a game: every seat's Main screen; for the seat the game waits
/// for, a walk of its screens that applies every action reached and covers every legal choice.
fn check_step(t: &Table, game: &Game, limit: usize) -> usize {
    let waiting = game.to_move();
    let mut applied = 0;
    for seat in 0..usize::from(game.players()) {
        let m = panel(t, game, seat, &KhScreen::Main, Some(&t!("kh-done")));
        ok(&format!("main of seat {seat}"), &m);
        let title = &m.embeds[0].title;
        let head = t!("kh-panel-title", table = t.game.id, name = "");
        assert!(title.starts_with(head.trim_end()), "{title}");
        assert!(nav(&m).contains(&t!("kh-button-refresh")));
        let d = decisions(t, &m);
        if waiting != Some(seat as Seat) {
            assert!(
                d.is_empty(),
                "seat {seat} is not prompted but has decisions {d:?}"
            );
            continue;
        }
        assert!(
            !d.is_empty(),
            "seat {seat} is prompted ({:?}) but has no decision:\n{}",
            game.prompt(),
            every_text(&m)
        );
        let (acts, building) = walk(t, game, seat, limit);
        let mut covered: HashSet<String> = building.iter().flat_map(action_keys).collect();
        let mut tried: HashSet<Action> = HashSet::new();
        for a in &acts {
            if tried.insert(a.clone()) {
                let mut g = game.clone();
                if let Err(e) = g.apply(seat as Seat, a) {
                    panic!(
                        "seat {seat}: {a:?} offered but refused: {e} ({:?})",
                        game.prompt()
                    );
                }
                applied += 1;
            }
            covered.extend(action_keys(a));
        }
        for c in game.legal_actions(seat as Seat) {
            for k in choice_keys(&c) {
                assert!(
                    covered.contains(&k),
                    "seat {seat}: {k} of {c:?} is not reachable ({:?}); reached {:?}",
                    game.prompt(),
                    acts
                );
            }
        }
    }
    applied
}

/// What the game asks now, by kind: the worker whose ability or the event that is played out,
/// else the prompt's name (`Turn`, `Bid`, ...); empty when the game is over.
fn prompt_kind(game: &Game) -> String {
    match game.prompt() {
        Some((_, Prompt::Ability { worker, .. })) => worker.name().to_string(),
        Some((_, Prompt::Event { event, .. })) => format!("event {}", event.name()),
        Some((_, p)) => format!("{p:?}")
            .split([' ', '{'])
            .next()
            .unwrap_or("")
            .to_string(),
        None => String::new(),
    }
}

/// Plays random games (the engine's random bot) and checks every step.
fn playouts(players: u8, seeds: std::ops::Range<u64>, limit: usize) {
    let t = table(usize::from(players), 41);
    let mut steps = 0;
    let mut applied = 0;
    let mut prompts: std::collections::BTreeMap<String, usize> = Default::default();
    for seed in seeds {
        let mut game = new_game(players, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
        while let Some(seat) = game.to_move() {
            let kind = prompt_kind(&game);
            *prompts.entry(kind).or_default() += 1;
            applied += check_step(&t, &game, limit);
            let legal = game.legal_actions(seat);
            let supply = game.state().players[usize::from(seat)].supply;
            let a = random_choice(&legal, supply, game.state().stock, &mut rng);
            game.apply(seat, &a).expect("a legal random action");
            steps += 1;
        }
        check_step(&t, &game, limit);
        let m = panel(&t, &game, 0, &KhScreen::Main, None);
        assert!(
            m.embeds[0].title.ends_with(&t!("kh-progress-over")),
            "{}",
            m.embeds[0].title
        );
    }
    println!("{players} players: {steps} steps, {applied} actions applied, prompts {prompts:?}");
    assert!(steps > 100, "{steps} steps");
    assert!(
        applied > steps,
        "{applied} actions applied in {steps} steps"
    );
}

#[test]
fn two_player_playouts_respect_limits_and_reach_every_choice() {
    playouts(2, 0..4, 40);
}

#[test]
fn three_player_playouts_respect_limits_and_reach_every_choice() {
    playouts(3, 10..14, 40);
}

#[test]
fn four_player_playouts_respect_limits_and_reach_every_choice() {
    playouts(4, 20..24, 40);
}

/// The same playouts with every screen drawn in Japanese: the limits hold with the wider text,
/// and no English sentence is left on any screen.
#[test]
fn japanese_playouts_respect_limits_and_leave_no_english() {
    crate::i18n::with(Locale::Ja, || {
        playouts(2, 0..2, 40);
        playouts(3, 10..12, 40);
        playouts(4, 20..22, 40);
    });
}

/// Every worker's and event's decision drawn in Japanese (fewer games than below).
#[test]
fn every_worker_and_event_decision_in_japanese() {
    crate::i18n::with(Locale::Ja, || every_decision(0..6));
}

/// Many more games, walking every decision but the turn's (checked on Main only): the workers
/// and events that random games seldom bring up.
#[test]
fn every_worker_and_event_decision_in_many_games() {
    every_decision(0..12);
}

fn every_decision(seeds: std::ops::Range<u64>) {
    let mut kinds: HashSet<String> = HashSet::new();
    let wanted = if seeds.end >= 12 { 25 } else { 18 };
    for players in 2..=4u8 {
        let t = table(usize::from(players), 12);
        for seed in seeds.clone() {
            let mut game = new_game(players, 1000 + seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while let Some(seat) = game.to_move() {
                match game.prompt() {
                    Some((_, Prompt::Turn)) => {
                        let m = panel(&t, &game, usize::from(seat), &KhScreen::Main, None);
                        ok("turn", &m);
                        assert!(!decisions(&t, &m).is_empty());
                    }
                    Some((_, p)) => {
                        kinds.insert(match p {
                            Prompt::Ability { worker, .. } => worker.name().to_string(),
                            Prompt::Event { event, .. } => event.name().to_string(),
                            other => format!("{other:?}")
                                .split([' ', '{'])
                                .next()
                                .unwrap_or("")
                                .to_string(),
                        });
                        check_step(&t, &game, 60);
                    }
                    None => {}
                }
                let legal = game.legal_actions(seat);
                let supply = game.state().players[usize::from(seat)].supply;
                let a = random_choice(&legal, supply, game.state().stock, &mut rng);
                game.apply(seat, &a).unwrap();
            }
        }
    }
    let mut kinds: Vec<String> = kinds.into_iter().collect();
    kinds.sort();
    println!("decisions seen: {kinds:?}");
    assert!(
        kinds.len() >= wanted,
        "only {} kinds: {kinds:?}",
        kinds.len()
    );
}

/// KH 6: with a crop out of stock, harvesting it leads to the substitutes screen, whose
/// choices the engine accepts and which gives the substitute.
#[test]
fn a_crop_out_of_stock_offers_substitutes() {
    let t = table(2, 1);
    let mut game = reached("a harvest choice", |g| {
        g.to_move().is_some_and(|s| {
            g.legal_actions(s)
                .iter()
                .any(|c| matches!(c, Choice::Harvest { .. }))
        })
    });
    let seat = game.to_move().unwrap();
    let group = game
        .legal_actions(seat)
        .iter()
        .find_map(|c| match c {
            Choice::Harvest { tiles } => Some(*tiles),
            _ => None,
        })
        .unwrap();
    let first = group.trailing_zeros() as Space;
    let crop = game.board().crop(first);
    // Empty the stock of that crop (the counters go nowhere: only the screens are tested).
    game.s.stock.0[crop.index()] = 0;
    let pick = KhScreen::Pick {
        kind: PickKind::Harvest { group: first },
        chosen: 0,
    };
    let m = panel(&t, &game, usize::from(seat), &pick, None);
    ok("pick", &m);
    let inst = decisions(&t, &m)
        .into_iter()
        .find_map(|c| match c {
            Click::Go(s @ KhScreen::Instead(_)) => Some(s),
            _ => None,
        })
        .expect("a harvest of a crop out of stock leads to substitutes");
    let m = panel(&t, &game, usize::from(seat), &inst, None);
    ok("instead", &m);
    // What happens is said in plain words; the rule number stays in /kh rules.
    assert!(
        every_text(&m).contains("run out") && !every_text(&m).contains("KH 6"),
        "{}",
        every_text(&m)
    );
    let d = decisions(&t, &m);
    let plus = d
        .iter()
        .find_map(|c| match c {
            Click::Go(s @ KhScreen::Instead(_)) => Some(s.clone()),
            _ => None,
        })
        .expect("a + substitute");
    let m = panel(&t, &game, usize::from(seat), &plus, None);
    ok("instead +1", &m);
    let mut substituted = 0;
    for c in decisions(&t, &m) {
        if let Click::Act(a) = c {
            let before = game.state().players[usize::from(seat)].supply.total();
            let mut g = game.clone();
            g.apply(seat, &a).expect("a substitute the engine accepts");
            if let Action::Harvest { instead, .. } = &a
                && !instead.is_empty()
            {
                substituted += 1;
                assert!(g.state().players[usize::from(seat)].supply.total() > before);
            }
        }
    }
    assert_eq!(substituted, 1);
}

/// Plays a whole game by clicking as the fake Discord's scripted players do: a uniformly
/// random decision among the enabled non-navigation buttons and every select option of the
/// waiting seat's screen; Back when a screen offers none. Returns the clicks and the actions.
fn click_through(players: u8, seed: u64) -> (usize, usize) {
    let t = table(usize::from(players), 7);
    let mut game = new_game(players, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut screens: Vec<KhScreen> = vec![KhScreen::Main; usize::from(players)];
    let mut clicks = 0;
    let mut actions = 0;
    while let Some(seat) = game.to_move() {
        let seat = usize::from(seat);
        let m = panel(&t, &game, seat, &screens[seat], None);
        ok("a screen clicked through", &m);
        let d = decisions(&t, &m);
        clicks += 1;
        assert!(
            clicks < 6_000,
            "{players} players, seed {seed}: no end after {clicks} clicks"
        );
        if d.is_empty() {
            assert!(
                screens[seat] != KhScreen::Main,
                "the waiting seat's Main screen has no decision:\n{}",
                every_text(&m)
            );
            screens[seat] = KhScreen::Main;
            continue;
        }
        match d[rng.random_range(0..d.len())].clone() {
            Click::Act(a) => {
                if let Err(e) = game.apply(seat as Seat, &a) {
                    panic!("{a:?} offered on {:?} but refused: {e}", screens[seat]);
                }
                actions += 1;
                screens[seat] = KhScreen::Main;
            }
            Click::Go(s) => screens[seat] = s,
        }
    }
    let m = panel(&t, &game, 0, &KhScreen::Main, None);
    assert!(m.embeds[0].title.ends_with("Game over"));
    (clicks, actions)
}

/// Random clickers finish whole games in a few hundred clicks, and seldom end them early by
/// the stalemate rule (KH 17: a turn without an action is confirmed first).
#[test]
fn random_clickers_finish_games_of_two_to_four() {
    let mut short = 0;
    for players in 2..=4u8 {
        let mut per = Vec::new();
        for seed in 0..12u64 {
            let (clicks, actions) = click_through(players, 100 + seed);
            per.push((clicks, actions));
            if actions <= 20 {
                short += 1;
            }
        }
        println!("{players} players: (clicks, actions) {per:?}");
    }
    assert!(short <= 2, "{short} of 36 games ended within 20 actions");
}

/// The seats' hidden starting counters (KH 69-70) with their crops changed, totals kept.
fn scrambled(game: &Game, seat: usize) -> Option<Game> {
    let mut g = game.clone();
    let mut changed = false;
    for (o, p) in g.s.players.iter_mut().enumerate() {
        if o == seat || p.hidden.is_empty() {
            continue;
        }
        let mut known = p.supply;
        known.sub(&p.hidden);
        let h = p.hidden.0;
        let moved = Counters([h[1], h[2], h[3], h[4], h[0]]);
        if moved != p.hidden {
            changed = true;
        }
        let mut supply = known;
        supply.add(&moved);
        p.supply = supply;
        p.hidden = moved;
    }
    changed.then_some(g)
}

#[test]
fn screens_never_show_the_hidden_counters_of_others() {
    let mut compared = 0;
    for players in [3u8, 4] {
        let t = table(usize::from(players), 3);
        for seed in 0..2u64 {
            let mut game = new_game(players, seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut step = 0;
            while let Some(mover) = game.to_move() {
                if step % 3 == 0 {
                    for seat in 0..usize::from(players) {
                        let Some(other) = scrambled(&game, seat) else {
                            continue;
                        };
                        let mut queue = vec![KhScreen::Main];
                        let mut seen = 0;
                        while let Some(s) = queue.pop() {
                            let a = panel(&t, &game, seat, &s, None);
                            let b = panel(&t, &other, seat, &s, None);
                            assert_eq!(
                                a, b,
                                "seat {seat} on {s:?} changes with others' hidden counters"
                            );
                            compared += 1;
                            seen += 1;
                            if seen < 12 {
                                for c in decisions(&t, &a) {
                                    if let Click::Go(n) = c {
                                        queue.push(n);
                                    }
                                }
                            }
                        }
                    }
                }
                let legal = game.legal_actions(mover);
                let supply = game.state().players[usize::from(mover)].supply;
                let a = random_choice(&legal, supply, game.state().stock, &mut rng);
                game.apply(mover, &a).unwrap();
                step += 1;
            }
        }
    }
    assert!(compared > 100, "{compared}");
}

/// A game after `n` random steps.
fn after(players: u8, seed: u64, mut until: impl FnMut(&Game) -> bool) -> Option<Game> {
    let mut game = new_game(players, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..5_000 {
        if until(&game) {
            return Some(game);
        }
        let seat = game.to_move()?;
        let legal = game.legal_actions(seat);
        let supply = game.state().players[usize::from(seat)].supply;
        let a = random_choice(&legal, supply, game.state().stock, &mut rng);
        game.apply(seat, &a).unwrap();
    }
    None
}

/// The first 2-player game of seeds 0..40 whose random playout reaches a position `until`
/// accepts; panics with `what` (the position looked for) when none does.
fn reached(what: &str, mut until: impl FnMut(&Game) -> bool) -> Game {
    (0..40)
        .find_map(|seed| after(2, seed, &mut until))
        .expect(what)
}

#[test]
fn turn_actions_are_always_shown_and_disabled_with_the_engines_reason() {
    let t = table(2, 1);
    // A turn where (a) was done: (a) is disabled with the engine's sentence.
    let game = reached("a turn after a harvest", |g| {
        matches!(g.prompt(), Some((_, Prompt::Turn)))
            && g.state().turn.has_done(TurnAction::Harvest)
            && g.state().turn.actions() == 1
    });
    let seat = usize::from(game.to_move().unwrap());
    let m = panel(&t, &game, seat, &KhScreen::Main, None);
    let text = every_text(&m);
    let why = game
        .check_turn_action(TurnAction::Harvest)
        .unwrap_err()
        .to_string();
    assert!(text.contains(&why), "{why:?} not in\n{text}");
    let labels: Vec<(String, bool)> = m
        .rows
        .iter()
        .flat_map(|r| match r {
            RowSpec::Buttons(bs) => bs.iter().map(|b| (b.label.clone(), b.disabled)).collect(),
            RowSpec::Select(_) => Vec::new(),
        })
        .collect();
    for l in [
        "(a) Harvest",
        "(b) Play a worker",
        "(b) Remove a worker",
        "End turn",
    ] {
        assert!(
            labels.iter().any(|(x, _)| x == l),
            "{l} missing: {labels:?}"
        );
    }
    assert!(labels.contains(&("(a) Harvest".to_string(), true)));
    assert!(labels.contains(&("End turn".to_string(), false)));
    assert!(labels.iter().any(|(x, _)| x.starts_with("(c)")));
    assert!(labels.iter().any(|(x, _)| x.starts_with("(d)")));
}

#[test]
fn other_seats_see_who_the_game_waits_for_and_a_refresh() {
    let t = table(3, 1);
    let game = new_game(3, 5);
    let chooser = usize::from(game.to_move().unwrap());
    let other = (chooser + 1) % 3;
    let m = panel(&t, &game, other, &KhScreen::Main, None);
    let text = every_text(&m);
    assert!(text.contains("waiting for"), "{text}");
    assert!(decisions(&t, &m).is_empty());
    assert_eq!(nav(&m), vec!["Refresh", "Boards", "Log"]);
    // The chooser names any seat.
    let m = panel(&t, &game, chooser, &KhScreen::Main, None);
    assert_eq!(decisions(&t, &m).len(), 3);
}

#[test]
fn old_screens_fall_back_to_main_with_a_note() {
    let t = table(2, 1);
    let game = new_game(2, 1);
    let seat = usize::from(game.to_move().unwrap());
    for s in [
        KhScreen::Registry,
        KhScreen::Pick {
            kind: PickKind::Casual,
            chosen: 0,
        },
        KhScreen::Bid(Box::new(Action::TakeFromRegistry {
            tile: 0,
            bid: Counters::ZERO,
        })),
        KhScreen::Move { from: 3 },
    ] {
        let m = panel(&t, &game, seat, &s, Some("Hello."));
        ok("fallback", &m);
        assert!(m.content.starts_with("Hello."), "{}", m.content);
        assert!(m.content.contains("no longer open"), "{s:?}: {}", m.content);
        assert!(!nav(&m).contains(&"Back".to_string()));
    }
}

#[test]
fn a_seat_outside_the_game_and_a_cancelled_table_get_a_plain_answer() {
    let game = new_game(2, 1);
    let t = table(2, 1);
    let m = panel(&t, &game, 5, &KhScreen::Main, None);
    ok("no seat", &m);
    assert!(m.rows.is_empty());
    let mut t = table(2, 1);
    t.game.status = Status::Abandoned;
    let m = panel(&t, &game, 0, &KhScreen::Main, None);
    assert!(m.content.contains("cancelled") && m.rows.is_empty());
}

#[test]
fn the_bid_builder_offers_single_counters_and_builds_any_bid() {
    let t = table(2, 1);
    let game = reached("a registry choice with two crops", |g| {
        g.to_move().is_some_and(|s| {
            g.legal_actions(s)
                .iter()
                .any(|c| matches!(c, Choice::TakeFromRegistry { .. }))
                && g.state().players[usize::from(s)].supply.crops().count() >= 2
        })
    });
    let seat = usize::from(game.to_move().unwrap());
    let tile = crate::games::key_harvest::game::spaces(game.state().registry)
        .next()
        .unwrap();
    let supply = game.state().players[seat].supply;
    let start = KhScreen::Bid(Box::new(Action::TakeFromRegistry {
        tile,
        bid: Counters::ZERO,
    }));
    let m = panel(&t, &game, seat, &start, None);
    ok("bid", &m);
    let d = decisions(&t, &m);
    let singles = d
        .iter()
        .filter(
            |c| matches!(c, Click::Act(Action::TakeFromRegistry { bid, .. }) if bid.total() == 1),
        )
        .count();
    assert_eq!(singles, supply.crops().count());
    // Add every counter one by one: the whole supply can be bid.
    let mut screen = start;
    for c in Crop::ALL {
        for _ in 0..supply.get(c) {
            let m = panel(&t, &game, seat, &screen, None);
            let next = decisions(&t, &m)
                .into_iter()
                .find_map(|d| match d {
                    Click::Go(KhScreen::Bid(a)) => match *a {
                        Action::TakeFromRegistry { bid, .. }
                            if bid.get(c) > counters_in(&screen).get(c)
                                && bid.total() > counters_in(&screen).total() =>
                        {
                            Some(KhScreen::Bid(a))
                        }
                        _ => None,
                    },
                    _ => None,
                })
                .expect("a + button");
            screen = next;
        }
    }
    assert_eq!(counters_in(&screen), supply);
    let m = panel(&t, &game, seat, &screen, None);
    let confirm = decisions(&t, &m).into_iter().find_map(|d| match d {
        Click::Act(a @ Action::TakeFromRegistry { .. })
            if counters_in(&KhScreen::Bid(Box::new(a.clone()))) == supply =>
        {
            Some(a)
        }
        _ => None,
    });
    let a = confirm.expect("a confirm button for the whole supply");
    game.clone()
        .apply(seat as Seat, &a)
        .expect("the whole supply is a valid bid");
}

fn counters_in(s: &KhScreen) -> Counters {
    match s {
        KhScreen::Bid(a) | KhScreen::Pay(a) => match **a {
            Action::TakeFromRegistry { bid, .. } | Action::Storekeeper { bid, .. } => bid,
            Action::SkilledWorker { payment, .. }
            | Action::Merchant { payment, .. }
            | Action::Bailiff { payment, .. }
            | Action::LuckyDip { payment, .. }
            | Action::QuickSale { payment, .. } => payment,
            _ => Counters::ZERO,
        },
        _ => Counters::ZERO,
    }
}

#[test]
fn the_suggested_payment_takes_from_the_largest_crops() {
    let s = Counters([3, 0, 1, 2, 0]);
    assert_eq!(counters::suggest(s, 3), Counters([2, 0, 0, 1, 0]));
    assert_eq!(counters::suggest(s, 6), s);
    assert_eq!(counters::suggest(s, 0), Counters::ZERO);
}

/// Prints sample screens (`cargo test --test unit show_kh_screens -- --ignored --nocapture`): the
/// first screen of each kind of decision in a few games, and the screens one click away.
#[test]
#[ignore]
fn show_kh_screens() {
    crate::discord::key_harvest::in_shown_language(show_kh_screens_in);
}

fn show_kh_screens_in() {
    use crate::discord::spec::show;
    let mut shown: HashSet<String> = HashSet::new();
    for (players, seed) in [(3u8, 4u64), (2, 1), (4, 2)] {
        let t = table(usize::from(players), 9);
        let mut game = new_game(players, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while let Some(seat) = game.to_move() {
            let kind = prompt_kind(&game);
            let turn_kind = format!("{kind} {}", game.state().turn.number.min(15) / 15);
            if shown.insert(turn_kind.clone()) {
                let m = panel(
                    &t,
                    &game,
                    usize::from(seat),
                    &KhScreen::Main,
                    Some("Done. You did something."),
                );
                show(&turn_kind, &m);
                for c in decisions(&t, &m) {
                    if let Click::Go(s) = c {
                        show(
                            &format!("{turn_kind}: {s:?}"),
                            &panel(&t, &game, usize::from(seat), &s, None),
                        );
                    }
                }
            }
            let legal = game.legal_actions(seat);
            let supply = game.state().players[usize::from(seat)].supply;
            let a = random_choice(&legal, supply, game.state().stock, &mut rng);
            game.apply(seat, &a).unwrap();
        }
        show("over", &panel(&t, &game, 0, &KhScreen::Main, None));
    }
}

/// Issue 41: the main screen shows Undo only to the seat whose reversible decision is the
/// game's last one (as the store reads it), with the version it was drawn at; with the Hint
/// button too, the navigation row stays within Discord's five buttons.
#[test]
fn undo_shows_only_for_the_seat_that_may_take_back_its_decision() {
    let game = new_game(3, 4);
    let undo_ids = |m: &MessageSpec| -> Vec<KhId> {
        m.rows
            .iter()
            .flat_map(|r| match r {
                RowSpec::Buttons(bs) => bs.clone(),
                RowSpec::Select(_) => Vec::new(),
            })
            .filter_map(|b| KhId::decode(&b.id))
            .filter(|id| id.verb == KhVerb::Undo)
            .collect()
    };
    let mut t = table(3, 12);
    assert!(undo_ids(&panel(&t, &game, 0, &KhScreen::Main, None)).is_empty());
    t.game.undoable_by = Some(2);
    t.game.options.hints = true;
    for seat in 0..3 {
        let m = panel(&t, &game, seat, &KhScreen::Main, None);
        ok("undo", &m);
        let ids = undo_ids(&m);
        if seat == 2 {
            assert_eq!(ids.len(), 1, "seat 2 may take back its decision");
            assert_eq!(ids[0].version, 12);
        } else {
            assert!(ids.is_empty(), "never another seat's decision");
        }
    }
    t.game.status = crate::store::Status::Ended;
    assert!(undo_ids(&panel(&t, &game, 2, &KhScreen::Main, None)).is_empty());
}
