//! Plain words on players' screens (issue 32, item 3): over whole games of both games, played by
//! the heuristic bot, every message a player can see (the table message, status, farms or
//! boards, the log, summaries, final scores, reminders, and every private screen reachable from
//! each seat's panel by its navigation), in English and in Japanese, is scanned for
//!
//! - rule numbers ("(KH 14-15)", "ruling 7"): they stay in code, logs and `/fog rules` /
//!   `/kh rules`, which are not scanned here;
//! - in English, a count of one with a plural noun ("1 fields next to it", "1 counters");
//! - (issue 32, item 2, "phone first") any line of a code block wider than 34 columns (wide
//!   characters count two), which a 390 px phone would wrap;
//! - (issue 43, item 6) a card or crop code: a Fields of Green card's code (`[CRN]`, `BRW
//!   Brewery`) or a Key Harvest crop letter (`D6[R]`, `(w)`) anywhere but in a drawing (a code
//!   block) and the key that explains the drawing in the same text.

use farmhand::discord::spec::MessageSpec;
use farmhand::discord::{fields_of_green as fogd, key_harvest as khd};
use farmhand::fake_discord::guided::{Guided, Step, clicks_of_spec};
use farmhand::games::{TableSetup, fields_of_green as fog, key_harvest as kh};
use farmhand::host::{Hosted, Library};
use farmhand::i18n::Locale;
use farmhand::store::{Status, Table};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::{HashSet, VecDeque};

const NAMES: [&str; 4] = ["Ada", "Bram", "Cleo", "Dmitri"];

fn table(kind: &str, players: usize, version: i64, status: Status) -> Table {
    let mut t = Table::sample(kind, &NAMES[..players], status, version);
    t.game.id = 42;
    t.game.thread_id = Some(223);
    t
}

/// Every piece of text a message shows (the empty ones left out).
fn texts(m: &MessageSpec) -> Vec<String> {
    let mut out = farmhand::discord::spec::texts(m);
    out.retain(|t| !t.is_empty());
    out
}

/// A rule number in `text`: "KH 14", "(ruling 7)", "ruling 12".
fn rule_number(text: &str) -> Option<String> {
    for (k, _) in text.match_indices("KH ") {
        if text[k + 3..].starts_with(|c: char| c.is_ascii_digit()) {
            return Some(text[k..].chars().take(12).collect());
        }
    }
    let lower = text.to_lowercase();
    for (k, _) in lower.match_indices("ruling ") {
        if lower[k + 7..].starts_with(|c: char| c.is_ascii_digit()) {
            return Some(lower[k..].chars().take(12).collect());
        }
    }
    None
}

/// Words ending in "s" that are not plural nouns: verbs after a year or a count ("Year 1
/// begins", "1 becomes an Open Area"). Key Harvest's crops are checked: one counter reads
/// "1 vegetable", "1 hop", "1 cider apple".
const NOT_PLURAL: [&str; 19] = [
    "has", "was", "does", "goes", "is", "its", "this", "plus", "begins", "becomes", "acts",
    "gives", "takes", "stays", "needs", "remains", "counts", "less", "unless",
];

/// "1 fields", "1 counters": a count of one before a plural noun.
fn one_plural(text: &str) -> Option<String> {
    text.lines().find_map(one_plural_in_line)
}

fn one_plural_in_line(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    for w in words.windows(2) {
        let n = w[0].trim_start_matches(['(', '+', '*', '[', '·']);
        let noun = w[1].trim_end_matches(|c: char| !c.is_alphabetic());
        if n == "1"
            && noun.len() >= 3
            && noun.ends_with('s')
            && noun.chars().all(|c| c.is_ascii_alphabetic())
            && !NOT_PLURAL.contains(&noun.to_lowercase().as_str())
        {
            return Some(format!("{} {}", w[0], w[1]));
        }
    }
    None
}

/// The Fields of Green deck's card codes (locations and Equipment).
fn fog_codes() -> HashSet<String> {
    let deck = fog::Deck::default_deck();
    deck.locations
        .iter()
        .map(|d| d.code.to_string())
        .chain(deck.equipment.iter().map(|e| e.code.to_string()))
        .collect()
}

/// A card or crop code shown as plain text in `text`: a bracketed code (`[CRN]`, `D6[R]`, `[V]`)
/// or a small letter in brackets (`(w)`) outside any code block, or a deck code as a word
/// outside code blocks, unless a code block of the same text draws it (then it is a legend
/// explaining the drawing, as the farm grid's `COW Cows` is).
fn card_code(text: &str, codes: &HashSet<String>) -> Option<String> {
    let (code, prose) = code_and_prose(text);
    let drawn: HashSet<&str> = code
        .iter()
        .flat_map(|l| {
            l.split(|c: char| {
                !c.is_ascii_alphanumeric() && c != '[' && c != ']' && c != '(' && c != ')'
            })
        })
        .flat_map(|w| [w, w.trim_matches(|c| "[]()".contains(c))])
        .collect();
    for line in prose {
        for (k, _) in line.match_indices('[') {
            let rest = &line[k + 1..];
            let Some(end) = rest.find(']') else { continue };
            let inner = &rest[..end];
            let token = &line[k..k + end + 2];
            if !inner.is_empty()
                && inner.len() <= 3
                && inner.chars().all(|c| c.is_ascii_uppercase())
                && !drawn.contains(token)
            {
                return Some(token.to_string());
            }
        }
        // A crop's small letter after a reference (`D6(w)`); alone, `(a)`-`(d)` are the
        // rulebook's names of the four actions.
        for (k, _) in line.match_indices('(') {
            let rest = &line[k + 1..];
            if k > 0
                && line.as_bytes()[k - 1].is_ascii_digit()
                && rest.len() >= 2
                && rest.as_bytes()[0].is_ascii_lowercase()
                && rest.as_bytes()[1] == b')'
            {
                return Some(line[k..k + 3].to_string());
            }
        }
        for w in line.split(|c: char| !c.is_ascii_alphanumeric()) {
            if codes.contains(w) && !drawn.contains(w) {
                return Some(w.to_string());
            }
        }
    }
    None
}

/// Checks of every message seen.
#[derive(Default)]
struct Scan {
    messages: usize,
    problems: Vec<String>,
    seen: HashSet<String>,
    /// Code-block lines wider than a phone shows: (what, width, line), once per line.
    wide: Vec<(String, usize, String)>,
    /// Code-block lines seen, and the widest.
    code_lines: usize,
    widest: usize,
    /// The card codes of the deck (`CRN`, `BRW`).
    codes: HashSet<String>,
}

/// The widest a monospaced line may be and still read on a 390 px phone screen (issue 32).
const PHONE_COLUMNS: usize = 34;

/// The lines of `text` inside code blocks (```).
fn code_lines(text: &str) -> Vec<&str> {
    code_and_prose(text).0
}

/// The lines of `text` inside code blocks (```) and the lines outside them, without the fences.
fn code_and_prose(text: &str) -> (Vec<&str>, Vec<&str>) {
    let (mut code, mut prose) = (Vec::new(), Vec::new());
    let mut inside = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            inside = !inside;
            continue;
        }
        if inside {
            code.push(line);
        } else {
            prose.push(line);
        }
    }
    (code, prose)
}

impl Scan {
    fn check(&mut self, what: &str, m: &MessageSpec) {
        self.messages += 1;
        let english = farmhand::i18n::current() == Locale::En;
        for t in texts(m) {
            for line in code_lines(&t) {
                let w = farmhand::render::key_harvest::text::width(line);
                self.code_lines += 1;
                self.widest = self.widest.max(w);
                if w > PHONE_COLUMNS && self.seen.insert(format!("{what}|{line}")) {
                    self.wide.push((what.to_string(), w, line.to_string()));
                }
            }
            if self.codes.is_empty() {
                self.codes = fog_codes();
            }
            let found = rule_number(&t)
                .map(|r| format!("rule number {r:?}"))
                .or_else(|| card_code(&t, &self.codes).map(|c| format!("code {c:?}")))
                .or_else(|| {
                    english
                        .then(|| one_plural(&t).map(|p| format!("plural {p:?}")))
                        .flatten()
                });
            if let Some(p) = found
                && self.seen.insert(format!("{what}{p}"))
            {
                self.problems.push(format!("{what}: {p} in {t:?}"));
            }
        }
    }
}

/// The seat's panel and every screen its navigation leads to (up to `limit` screens).
fn walk<G: Guided>(scan: &mut Scan, t: &Table, game: &G, seat: usize, limit: usize) {
    let main = G::main_panel(t, game, seat, None);
    scan.check("panel", &main);
    let mut seen = HashSet::new();
    let mut queue: VecDeque<G::Screen> = VecDeque::new();
    let mut push = |m: &MessageSpec, queue: &mut VecDeque<G::Screen>| {
        for c in clicks_of_spec(m) {
            if let Step::Go(s) = G::step(&c.id, c.value.as_deref())
                && seen.insert(G::key(&s))
            {
                queue.push_back(s);
            }
        }
    };
    push(&main, &mut queue);
    let mut drawn = 0;
    while let Some(s) = queue.pop_front() {
        drawn += 1;
        if drawn > limit {
            break;
        }
        let m = G::render(t, game, seat, &s);
        scan.check("screen", &m);
        push(&m, &mut queue);
    }
}

/// Plays a whole game with the heuristic bot; `look` is called on the game before every action
/// with the step number and the events so far.
fn play<G: Hosted>(
    setup: &TableSetup,
    mut look: impl FnMut(usize, &G, &[G::Event], bool),
) -> usize {
    let library = Library::default();
    let (mut game, mut events) = G::start(G::rules(&library), setup).expect("set up");
    let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
    let mut step = 0;
    while !game.is_over() {
        look(step, &game, &events, false);
        let seat = game.waiting_for()[0];
        let action = game
            .bot_action(seat, "heuristic", &mut rng)
            .expect("a move");
        events.extend(game.apply(seat, &action).expect("a legal move"));
        step += 1;
    }
    look(step, &game, &events, true);
    step
}

/// Scans a whole game of `G` ([`play`]) of `players` with `seed` in `locale`: `look` checks the
/// game's own messages at a step, given the table as stored then, and says whether the step is
/// sampled; on a sampled step the messages every game has (the table message and the
/// reminders) are checked, and every seat's screens are walked ([`walk`]: up to 60 screens
/// every 9th step, else 8).
fn scan<G: Hosted + Guided>(
    players: usize,
    seed: u64,
    locale: Locale,
    mut look: impl FnMut(&mut Scan, usize, &Table, &G, &[G::Event], bool) -> bool,
) -> Scan {
    let mut scan = Scan::default();
    let setup = TableSetup {
        players,
        intro: false,
        seed,
    };
    farmhand::i18n::with(locale, || {
        play::<G>(&setup, |step, game, events, end| {
            let status = if end { Status::Ended } else { Status::Active };
            let t = table(G::KIND, players, step as i64 + 1, status);
            if !look(&mut scan, step, &t, game, events, end) {
                return;
            }
            scan.check("table message", &G::table_message(&t, game));
            scan.check("reminder", &G::reminder(&t, game, &game.waiting_for()));
            scan.check("dm reminder", &G::dm_reminder(&t, game, 0));
            let limit = if step % 9 == 0 { 60 } else { 8 };
            for seat in 0..players {
                walk(&mut scan, &t, game, seat, limit);
            }
        })
    });
    scan
}

fn fog_scan(players: usize, seed: u64, locale: Locale) -> Scan {
    scan::<fog::Game>(players, seed, locale, |scan, step, t, game, events, end| {
        if step % 3 != 0 && !end {
            return false;
        }
        scan.check("log", &fogd::log(t, game, events));
        let from = events
            .iter()
            .rposition(|e| matches!(e, fog::Event::Revealed { .. }))
            .unwrap_or(0);
        if let Some(m) = fogd::turn_summary(t, game, game.year(), &events[from..]) {
            scan.check("turn summary", &m);
        }
        let year_over = matches!(game.phase(), fog::Phase::Harvest);
        if step % 30 == 0 || end || year_over {
            scan.check("final scores", &fogd::final_scores(t, game));
            scan.check("farm", &fogd::farm(t, game, step % players));
        }
        if end {
            scan.check("farms", &fogd::farms(t, game));
            scan.check("year summary", &fogd::year_summary(t, game, 4, events));
        }
        true
    })
}

fn kh_scan(players: usize, seed: u64, locale: Locale) -> Scan {
    let mut told = 0;
    scan::<kh::Game>(players, seed, locale, |scan, step, t, game, events, end| {
        if let Some(m) = khd::action_summary(t, game, &events[told..]) {
            scan.check("action summary", &m);
        }
        told = events.len();
        if step % 3 != 0 && !end {
            return false;
        }
        scan.check("log", &khd::log(t, game, events));
        if step % 30 == 0 || end {
            scan.check("final scores", &khd::final_scores(t, game));
            scan.check("boards", &khd::boards(t, game));
            scan.check("board", &khd::board(t, game, step % players));
        }
        true
    })
}

fn assert_plain(game: &str, scan: Scan) {
    assert!(
        scan.messages > 500,
        "{game}: only {} messages",
        scan.messages
    );
    assert!(
        scan.problems.is_empty(),
        "{game}: {} problem(s) in {} messages:\n{}",
        scan.problems.len(),
        scan.messages,
        scan.problems.join("\n")
    );
    let wide: Vec<String> = scan
        .wide
        .iter()
        .take(20)
        .map(|(what, w, line)| format!("{what}: {w} columns: {line:?}"))
        .collect();
    assert!(
        scan.wide.is_empty(),
        "{game}: {} code-block lines wider than a phone's {PHONE_COLUMNS} columns:\n{}",
        scan.wide.len(),
        wide.join("\n")
    );
    assert!(
        scan.code_lines > 1000,
        "{game}: only {} code-block lines",
        scan.code_lines
    );
    println!(
        "{game}: {} messages, plain; {} code-block lines, the widest {} columns",
        scan.messages, scan.code_lines, scan.widest
    );
}

/// [`assert_plain`] on the scans of `game` with each (players, seed), in English and Japanese.
fn assert_plain_games(game: &str, cases: &[(usize, u64)], scan: fn(usize, u64, Locale) -> Scan) {
    for &(players, seed) in cases {
        for locale in [Locale::En, Locale::Ja] {
            let name = format!("{game} {players}p {locale:?}");
            assert_plain(&name, scan(players, seed, locale));
        }
    }
}

#[test]
fn fields_of_green_screens_use_plain_words() {
    assert_plain_games("Fields of Green", &[(2, 3), (4, 5)], fog_scan);
}

#[test]
fn key_harvest_screens_use_plain_words() {
    assert_plain_games("Key Harvest", &[(2, 2), (4, 1)], kh_scan);
}

/// The scanners themselves catch what they look for.
#[test]
fn the_scanners_catch_rule_numbers_and_bad_plurals() {
    assert!(rule_number("do up to two actions (KH 14-15); then").is_some());
    assert!(rule_number("as ruling 7 says").is_some());
    assert!(rule_number("Key Harvest · KHAKI").is_none());
    assert!(one_plural("C4 · 1 fields next to it").is_some());
    assert!(one_plural("the payment must be 1 counters, not 2").is_some());
    assert!(one_plural("C4 · 1 field tile next to it").is_none());
    assert!(one_plural("2 fields · 11 counters · 1 is enough").is_none());
    let block = "text\n```\n12345678901234567890123456789012345\n```\nafter";
    assert_eq!(code_lines(block).len(), 1);
    assert_eq!(
        farmhand::render::key_harvest::text::width(code_lines(block)[0]),
        35
    );
    assert_eq!(farmhand::render::key_harvest::text::width("畑タイル"), 8);
    // A number ending a line (a score pad's) and a label on the next are not a phrase.
    assert!(one_plural("  crops   1\n  fields   22").is_none());
    let codes = fog_codes();
    assert_eq!(
        card_code("- Corn [CRN] - Field", &codes).as_deref(),
        Some("[CRN]")
    );
    assert_eq!(
        card_code("    BRW Brewery   8", &codes).as_deref(),
        Some("BRW")
    );
    assert_eq!(
        card_code("Bram acquired D6[R] from", &codes).as_deref(),
        Some("[R]")
    );
    assert_eq!(card_code("C4(w) harvested", &codes).as_deref(), Some("(w)"));
    assert!(card_code("(c) Buy from a store", &codes).is_none());
    // A drawing's key names its codes: allowed when the drawing is in the same text.
    assert!(card_code("```\n25 CRN  W3\n```\nCRN Corn · Wn Water Tower", &codes).is_none());
    assert!(
        card_code(
            "```\nC  C1 [H] (r)\n```\nKey: [H] hops · (r) harvested",
            &codes
        )
        .is_none()
    );
    assert!(card_code("Bram acquired D6 (wheat) from their own store.", &codes).is_none());
}
