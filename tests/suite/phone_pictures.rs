//! Pictures a phone can read (issue 32): the final message, the year summaries and the
//! Farms / Boards views carry one picture per player, each in an embed of its own (several bare
//! attachments are laid out by Discord as a grid of small tiles), and (issue 43) no picture is
//! wider than 640 px, with card names drawn 16 px tall or more: a 390 px phone shows a 640 px
//! picture at 0.6, so the names still read at 10 px. A year's summary of four farms fits in
//! about 1,500 px of a phone's scrolling. The widths are read from the PNG header of what the
//! message builders produce, for finished games of 2, 3 and 4 players of both games, played by
//! the heuristic bots as the bot seats play.

use farmhand::discord::spec::{self, MessageSpec};
use farmhand::games::fields_of_green::bots::{self as fog_bots, BotSpec};
use farmhand::games::fields_of_green::{self as fog, Deck};
use farmhand::games::key_harvest as kh;
use farmhand::store::{Status, Table};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The widest picture a phone shows legibly (issue 43).
const MAX_WIDTH: u32 = 640;

/// How wide a 390 px phone draws a picture in an embed (the screen less the avatar column and
/// margins), and the smallest a card name may be shown.
const PHONE_PICTURE: u32 = 330;
const MIN_SHOWN_NAME_PX: f32 = 9.0;

const NAMES: [&str; 4] = ["Ada", "Bram", "Cleo", "Dmitri"];

fn table(kind: &str, players: usize) -> Table {
    let mut t = Table::sample(kind, &NAMES[..players], Status::Ended, 1);
    t.game.id = 7;
    t.game.thread_id = Some(444);
    t
}

/// Width and height from a PNG's IHDR chunk (bytes 16-23, big-endian).
fn png_size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    assert_eq!(&png[12..16], b"IHDR");
    let be = |b: &[u8]| u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
    (be(&png[16..20]), be(&png[20..24]))
}

/// `m` carries `players` pictures named `{stem}-1.png`..., each shown by an embed of its own,
/// each at most [`MAX_WIDTH`] wide, within Discord's limits. Returns the widths.
fn pictures(m: &MessageSpec, stem: &str, players: usize, what: &str) -> Vec<u32> {
    spec::check(m).unwrap_or_else(|e| panic!("{what}: Discord would refuse it: {e}"));
    let names: Vec<&str> = m.files.iter().map(|f| f.name.as_str()).collect();
    let want: Vec<String> = (1..=players).map(|k| format!("{stem}-{k}.png")).collect();
    assert_eq!(names, want, "{what}: one picture per player");
    let mut widths = Vec::new();
    for f in &m.files {
        let shown = m
            .embeds
            .iter()
            .filter(|e| e.image.as_deref() == Some(f.name.as_str()))
            .count();
        assert_eq!(shown, 1, "{what}: {} is shown by one embed", f.name);
        assert!(f.description.is_some(), "{what}: {} has alt text", f.name);
        let (w, h) = png_size(&f.bytes);
        assert!(
            w <= MAX_WIDTH,
            "{what}: {} is {w} x {h} px; a phone shrinks it past reading",
            f.name
        );
        widths.push(w);
        heights_seen(h * PHONE_PICTURE.min(w) / w);
    }
    widths
}

thread_local! {
    /// The heights, as a phone shows them, of the pictures [`pictures`] checked last.
    static SHOWN: std::cell::RefCell<Vec<u32>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn heights_seen(h: u32) {
    SHOWN.with(|s| s.borrow_mut().push(h));
}

/// How far a phone scrolls through `m`: its text (the estimate of
/// [`spec::phone_px_before_buttons`], without its pictures) and its pictures at the width a phone
/// shows them.
fn scroll_px(m: &MessageSpec, stem: &str, players: usize, what: &str) -> u32 {
    SHOWN.with(|s| s.borrow_mut().clear());
    pictures(m, stem, players, what);
    let mut text = m.clone();
    for e in &mut text.embeds {
        e.image = None;
    }
    let (t, p) = (
        spec::phone_px_before_buttons(&text),
        SHOWN.with(|s| s.borrow().clone()),
    );
    println!("{what}: text {t} px, pictures shown {p:?} px high");
    t + p.iter().sum::<u32>()
}

/// A card name on a farm picture, as a 390 px phone shows the widest picture.
#[test]
fn card_names_read_at_phone_size() {
    use farmhand::render::fields_of_green::farm_picture::{MAX_WIDTH as FARM_MAX, NAME_PX};
    const { assert!(NAME_PX >= 16.0) };
    const { assert!(FARM_MAX <= MAX_WIDTH) };
    let shown = NAME_PX * PHONE_PICTURE as f32 / FARM_MAX as f32;
    assert!(shown >= MIN_SHOWN_NAME_PX, "{shown} px");
}

/// A new game of `players` seats (no introductory year), each with a heuristic bot and a
/// generator of its own seeded from `seed`.
fn heuristic_fog(
    players: u8,
    seed: u64,
) -> (
    fog::Game,
    Vec<Box<dyn fog_bots::Bot + Send>>,
    Vec<ChaCha8Rng>,
) {
    let options = fog::Options::standard(players);
    let game = fog::Game::new(Deck::default_deck(), options, seed).unwrap();
    let bots = (0..players).map(|_| BotSpec::Heuristic.build()).collect();
    let rngs = (0..players)
        .map(|k| ChaCha8Rng::seed_from_u64(seed * 10 + u64::from(k)))
        .collect();
    (game, bots, rngs)
}

/// A game of heuristic bots, with the summary of every year posted as the bot posts it (at the
/// start of the next year, with that year's events).
fn fog_year_summaries(players: u8, seed: u64) -> Vec<(u8, MessageSpec)> {
    let (mut game, mut bots, mut rngs) = heuristic_fog(players, seed);
    let deck = game.deck_arc().clone();
    let t = table("fields_of_green", usize::from(players));
    let mut year_events: Vec<fog::Event> = Vec::new();
    let mut out = Vec::new();
    while let Some(&seat) = game.waiting_for().first() {
        let view = game.player_view(seat);
        let action = bots[seat].decide(&view, &deck, &mut rngs[seat]);
        for e in game.apply(seat, &action).unwrap() {
            if let fog::Event::YearStarted { year, .. } = e
                && year >= 2
            {
                out.push((
                    year - 1,
                    farmhand::discord::fields_of_green::year_summary(
                        &t,
                        &game,
                        year - 1,
                        &year_events,
                    ),
                ));
                year_events.clear();
            }
            year_events.push(e);
        }
    }
    out
}

/// Issue 43: a year's summary of four farms stays within about 1,500 px of a phone's scrolling
/// (each farm drawn by the rows it built on that year).
#[test]
fn a_year_summary_reads_in_1500_px_on_a_phone() {
    let mut tallest = 0;
    for seed in [5, 8] {
        for (year, m) in fog_year_summaries(4, seed) {
            let px = scroll_px(
                &m,
                &format!("farms-year-{year}"),
                4,
                &format!("seed {seed} year {year}"),
            );
            println!("seed {seed}, year {year}: {px} px");
            tallest = tallest.max(px);
        }
    }
    assert!(tallest <= 1500, "{tallest} px");
}

fn finished_fog(players: u8, seed: u64) -> fog::Game {
    let (mut game, mut bots, mut rngs) = heuristic_fog(players, seed);
    fog_bots::play_out(&mut game, &mut bots, &mut rngs, |_, _, _| {}).unwrap();
    assert!(game.winners().is_some());
    game
}

#[test]
fn fields_of_green_pictures_are_one_per_farm_and_phone_wide() {
    let mut widest = 0;
    for players in 2..=4u8 {
        for seed in [3, 8] {
            let game = finished_fog(players, seed);
            let n = usize::from(players);
            let t = table("fields_of_green", n);
            let what = format!("{players} players, seed {seed}");
            let fin = farmhand::discord::fields_of_green::final_scores(&t, &game);
            widest = widest.max(
                *pictures(&fin, "final-farms", n, &format!("final, {what}"))
                    .iter()
                    .max()
                    .unwrap(),
            );
            let farms = farmhand::discord::fields_of_green::farms(&t, &game);
            pictures(&farms, "farms", n, &format!("Farms, {what}"));
            // The Farms view puts each picture under its own farm's text grid.
            for (k, e) in farms.embeds.iter().take(n).enumerate() {
                assert_eq!(e.image, Some(format!("farms-{}.png", k + 1)));
            }
            let year = farmhand::discord::fields_of_green::year_summary(&t, &game, 4, &[]);
            pictures(&year, "farms-year-4", n, &format!("year summary, {what}"));
        }
    }
    println!("the widest final farm: {widest} px");
}

#[test]
fn key_harvest_pictures_are_one_per_board_and_phone_wide() {
    for players in 2..=4u8 {
        let played = kh::sim::play_random(kh::Board::standard(), players, 11, false);
        let n = usize::from(players);
        let t = table("key_harvest", n);
        let what = format!("{players} players");
        let fin = farmhand::discord::key_harvest::final_scores(&t, &played.game);
        let widths = pictures(&fin, "final-boards", n, &format!("final, {what}"));
        println!("{what}: final boards {widths:?} px");
        let boards = farmhand::discord::key_harvest::boards(&t, &played.game);
        pictures(&boards, "boards", n, &format!("Boards, {what}"));
        for (k, e) in boards.embeds.iter().take(n).enumerate() {
            assert_eq!(e.image, Some(format!("boards-{}.png", k + 1)));
        }
    }
}
