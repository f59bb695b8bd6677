//! Every action is told once in the game's thread, under the right heading (issue 32, item 1).
//! Whole games are played end to end (the real bot against the fake Discord, scripted players);
//! afterwards the stored actions are replayed and each public sentence the thread must hold is
//! worked out from the rules of play, independently of how the bot decides when to post:
//!
//! - Fields of Green: a year's income and draws (from the year's start to its first reveal or
//!   face-up cards), then each turn (from its reveal, or a 2-player turn's face-up cards, to the
//!   next one or the harvest). Each such stretch with something done in it is one summary headed
//!   "Year Y · turn T" (3+ players), "Year Y · cards played" (2 players) or "Year Y · income and
//!   draws", holding the sentence of every event of the stretch, drawn against the farms as they
//!   were when the stretch closed. The harvest is told by the year's summary instead.
//! - Key Harvest: the public sentences of every action, in order, each once, turn headings
//!   (bold) included.

use farmhand::fake_discord::harness::{Bot, TempDb, init_tracing, test_config};
use farmhand::fake_discord::player::{self, Driver, Player, TableRef};
use farmhand::fake_discord::view::MessageView;
use farmhand::fake_discord::{FakeDiscord, verify};
use farmhand::games::Engine;
use farmhand::games::TableSetup;
use farmhand::games::fields_of_green::{self as fog, Event, Phase};
use farmhand::games::key_harvest as kh;
use farmhand::host::Hosted;
use farmhand::render;

const NAMES: [&str; 4] = ["alice", "bob", "carol", "dave"];

/// A finished game: the fake (for the thread), the bot (for the database) and the table.
struct Played {
    fake: FakeDiscord,
    bot: Bot,
    table: TableRef,
    _db: TempDb,
}

async fn play(command: &str, players: usize, seed: u64, builder: bool) -> Played {
    init_tracing();
    let fake = FakeDiscord::start().await.expect("start the fake");
    let db = TempDb::new(&format!("thread-once-{command}-{players}"));
    let channel = fake.add_channel("games");
    let people: Vec<(u64, &str)> = NAMES[..players]
        .iter()
        .map(|n| (fake.add_user(n), *n))
        .collect();
    let mut config = test_config(db.path());
    config.game.first_seed = Some(seed);
    let bot = Bot::start(&fake, config).await.expect("start the bot");
    let (table, seats): (TableRef, Vec<Player>) = player::seated_table(
        &fake,
        channel,
        &format!("{command} new seats:{players}"),
        &people,
    )
    .await
    .expect("a seated table");
    let mut driver = Driver::new(&fake, &table, seats, seed);
    driver.style.builder = builder;
    driver.play().await.expect("a whole game");
    assert!(fake.settle().await, "the bot did not go quiet");
    Played {
        fake,
        bot,
        table,
        _db: db,
    }
}

/// The public embeds of the game's thread, in the order they were posted: (title, lines).
fn thread_embeds(fake: &FakeDiscord, table: &TableRef) -> Vec<(String, Vec<String>)> {
    fake.channel(table.play_channel())
        .iter()
        .filter(|m: &&MessageView| !m.place.is_private() && m.id != table.message)
        .flat_map(|m| m.embeds.iter())
        .map(|e| {
            (
                e.title.clone(),
                e.description.lines().map(str::to_string).collect(),
            )
        })
        .collect()
}

/// One stretch of Fields of Green play that the thread must tell.
#[derive(Debug)]
struct Stretch {
    title: String,
    /// Indices into the flat event list.
    events: Vec<usize>,
    /// The action after which the stretch was over: its farms name the spaces.
    closed_after: usize,
}

/// Events a turn summary leaves out: they say nothing a player did (or hide nothing: which
/// Equipment tiles were drawn is private, the pass of hands is implied by the reveal).
fn unsaid(e: &Event) -> bool {
    matches!(
        e,
        Event::Selected { .. }
            | Event::HandsPassed { .. }
            | Event::EquipmentDrawn { .. }
            | Event::YearStarted { .. }
    )
}

/// Something done in a stretch that makes it worth a message.
fn done(e: &Event) -> bool {
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
}

fn harvest_kind(e: &Event) -> bool {
    matches!(
        e,
        Event::Harvested { .. }
            | Event::BecameOpenArea { .. }
            | Event::HarvestFinished { .. }
            | Event::FirstPlayerPassed { .. }
            | Event::GameEnded { .. }
    )
}

/// Replays the stored game and splits its events into the stretches the thread must tell;
/// returns them with the game after each action (index 0: after the set-up).
async fn fog_stretches(p: &Played) -> (Vec<Stretch>, Vec<(usize, Event)>, Vec<fog::Game>) {
    let data = &p.bot.data;
    let r = verify::fields_of_green::replay(data, p.table.game)
        .await
        .expect("replay");
    let setup = TableSetup {
        players: r.table.seats.len(),
        intro: r.table.game.options.intro,
        seed: r.table.game.seed,
    };
    let (mut game, setup_events) =
        <fog::Game as Engine>::start(fog::Game::rules(data.service.library()), &setup)
            .expect("set up");
    // (action index, event): 0 for the set-up, k for the k-th stored action.
    let mut flat: Vec<(usize, Event)> = setup_events.into_iter().map(|e| (0, e)).collect();
    let mut after = vec![game.clone()];
    for (k, (_, seat, action, _)) in r.steps.iter().enumerate() {
        let events = Engine::apply(&mut game, *seat, action).expect("a stored action replays");
        flat.extend(events.into_iter().map(|e| (k + 1, e)));
        after.push(game.clone());
    }
    let two = r.table.seats.len() == 2;
    let mut out = Vec::new();
    let mut year = 0u8;
    // The stretch being read: its title and events; None in a harvest (or before the start).
    let mut open: Option<(String, Vec<usize>)> = None;
    let close = |open: &mut Option<(String, Vec<usize>)>, out: &mut Vec<Stretch>, end: usize| {
        if let Some((title, events)) = open.take() {
            if !events.iter().any(|&i| done(&flat[i].1)) {
                return;
            }
            let last = flat[*events.last().unwrap()].0;
            // Over when the action phase ended with its last event's action, else with the
            // action that brought the event ending it.
            let left = !matches!(
                after[last].phase(),
                Phase::Action { .. } | Phase::Duel { .. }
            ) && !matches!(after[last].phase(), Phase::Upkeep { .. });
            let closed_after = if left || end >= flat.len() {
                last
            } else {
                flat[end].0
            };
            out.push(Stretch {
                title,
                events,
                closed_after,
            });
        }
    };
    for (i, (_, e)) in flat.iter().enumerate() {
        match e {
            Event::YearStarted { year: y, .. } => {
                close(&mut open, &mut out, i);
                year = *y;
                open = Some((format!("Year {year} · income and draws"), vec![i]));
            }
            Event::Revealed { turn, .. } => {
                close(&mut open, &mut out, i);
                open = Some((format!("Year {year} · turn {turn}"), vec![i]));
            }
            Event::TurnedFaceUp { .. } => {
                assert!(two, "cards are turned face up in 2-player games only");
                close(&mut open, &mut out, i);
                open = Some((format!("Year {year} · cards played"), vec![i]));
            }
            e if harvest_kind(e) => close(&mut open, &mut out, i),
            _ => {
                if let Some((_, events)) = &mut open {
                    events.push(i);
                }
            }
        }
    }
    close(&mut open, &mut out, flat.len());
    (out, flat, after)
}

/// The lines a stretch's summary must hold, drawn against the farms after `closed_after`.
fn fog_lines(s: &Stretch, flat: &[(usize, Event)], after: &[fog::Game]) -> Vec<String> {
    let game = &after[s.closed_after];
    let v = game.public_view();
    let names: Vec<String> = (0..v.players)
        .map(|k| render::seat_name(&NAMES.map(String::from), k))
        .collect();
    let farms: Vec<_> = v.seats.iter().map(|x| x.farm.clone()).collect();
    let mut lines: Vec<String> = s
        .events
        .iter()
        .map(|&i| &flat[i].1)
        .filter(|e| !unsaid(e))
        .map(|e| render::fields_of_green::describe_event(game.deck(), e, &names, &farms))
        .collect();
    lines.sort();
    lines
}

async fn fog_told_once(players: usize, seed: u64) {
    let p = play("fog", players, seed, true).await;
    let (stretches, flat, after) = fog_stretches(&p).await;
    assert!(
        stretches.len() >= 8,
        "a whole game has more than {} stretches",
        stretches.len()
    );
    let told: Vec<(String, Vec<String>)> = thread_embeds(&p.fake, &p.table)
        .into_iter()
        .filter(|(title, _)| title.starts_with("Year ") && title.contains(" · "))
        .map(|(title, lines)| {
            let mut lines: Vec<String> = lines
                .iter()
                .map(|l| l.strip_prefix("• ").unwrap_or(l).to_string())
                .collect();
            assert!(
                !lines.iter().any(|l| l.contains("more.*")),
                "{title}: lines were cut"
            );
            lines.sort();
            (title, lines)
        })
        .collect();
    let titles: Vec<&str> = told.iter().map(|(t, _)| t.as_str()).collect();
    let expected: Vec<&str> = stretches.iter().map(|s| s.title.as_str()).collect();
    assert_eq!(
        titles, expected,
        "{players} players: the summaries' headings, in order"
    );
    let mut sentences = 0;
    for ((title, lines), s) in told.iter().zip(&stretches) {
        let want = fog_lines(s, &flat, &after);
        assert_eq!(
            lines, &want,
            "{players} players, {title}: the summary must hold each sentence of its stretch once"
        );
        sentences += want.len();
    }
    // Every sentence of the game outside the harvests and the set-up was told.
    let said = flat
        .iter()
        .filter(|(a, e)| *a > 0 && !unsaid(e) && !harvest_kind(e))
        .count();
    println!(
        "{players} players: {} summaries, {sentences} sentences, {said} to tell",
        told.len()
    );
    p.fake.assert_clean();
    p.bot.stop().await.unwrap();
}

#[tokio::test]
async fn fields_of_green_four_players_tells_each_turn_once() {
    fog_told_once(4, 5).await;
}

#[tokio::test]
async fn fields_of_green_two_players_tells_each_turn_once() {
    fog_told_once(2, 7).await;
}

#[tokio::test]
async fn key_harvest_tells_each_action_once_in_order() {
    let p = play("kh", 3, 4, false).await;
    let data = &p.bot.data;
    let r = verify::replay_as::<kh::Game>(data, p.table.game)
        .await
        .expect("replay");
    let setup = TableSetup {
        players: r.table.seats.len(),
        intro: false,
        seed: r.table.game.seed,
    };
    let (mut game, setup_events) =
        <kh::Game as Engine>::start(kh::Game::rules(data.service.library()), &setup)
            .expect("set up");
    let names: Vec<String> = NAMES[..3].iter().map(|n| n.to_string()).collect();
    // The round posts leave out the bookkeeping the Log keeps (issue 43): so does this.
    let tell = |game: &kh::Game, events: Vec<kh::Event>, want: &mut Vec<String>| {
        for e in events {
            if farmhand::discord::key_harvest::is_bookkeeping(&e) {
                continue;
            }
            if let Some(s) = render::key_harvest::text::describe_event(
                game.board(),
                &e,
                &names,
                game.players(),
                None,
            ) {
                want.push(match e {
                    kh::Event::TurnStarted { .. } => format!("**{s}**"),
                    _ => s,
                });
            }
        }
    };
    // The setup's own sentences head the thread's setup post (issue 27), then every action's.
    let mut want = Vec::new();
    tell(&game, setup_events, &mut want);
    for (_, seat, action, _) in &r.steps {
        let events = Engine::apply(&mut game, *seat, action).expect("a stored action replays");
        tell(&game, events, &mut want);
    }
    let told: Vec<String> = thread_embeds(&p.fake, &p.table)
        .into_iter()
        // One post per round (and one for the setup), as the thread gathers them (issue 27).
        .filter(|(title, _)| {
            title.is_empty() || title.starts_with("Round ") || title.starts_with("Setup · ")
        })
        .flat_map(|(_, lines)| lines)
        .collect();
    assert!(want.len() > 100, "only {} sentences", want.len());
    // Line by line first, so that a failure names the first line told wrong (or twice).
    for (k, (t, w)) in told.iter().zip(&want).enumerate() {
        assert_eq!(
            t,
            w,
            "line {k} of the thread; before it: {:?}",
            &told[k.saturating_sub(3)..k]
        );
    }
    assert_eq!(
        told.len(),
        want.len(),
        "one line in the thread per public sentence"
    );
    println!("Key Harvest: {} sentences, each once, in order", want.len());
    p.fake.assert_clean();
    p.bot.stop().await.unwrap();
}
