//! Key Harvest's component id codec. As for Fields of Green (`discord::ids`), every button and
//! select carries its whole meaning in its `custom_id` (at most 100 characters): the game, the
//! game version the view was drawn at, and what the component does. The router decodes it and
//! loads the game from the database, so every button keeps working after a restart.
//!
//! Format: `k:<game>:<version>:<verb>[:<args>]`, for example `k:12:40:act:end_turn`,
//! `k:12:40:hand`, `k:12:40:show:bid:reg:C:00100`.
//!
//! Arguments are compact so that every action fits (`tests` check every action of many random
//! games):
//! - a space (and the field tile with its reference, KH 4) is one character of
//!   [`SPACE_CHARS`]: `0`-`9` are spaces 0-9, `A`-`Z` 10-35, `a`-`t` 36-55; a list of spaces is
//!   those characters in order (`07C`), so a list of all 56 spaces takes 56 characters;
//! - a set of spaces (a screen's tiles chosen so far) is the bit set in lowercase hex (`0` for
//!   none);
//! - counters (a bid, a payment) are 5 characters, one count per crop in `Crop::ALL` order, each
//!   written as a space character (`0`-`9`, `A`=10, `B`=11, `C`=12);
//! - a crop is its index digit (`0` hops ... `4` wheat), a list of crops those digits in order;
//! - a seat is one digit, a worker its letter `A`-`L`, a yes/no `1`/`0`, "none" `-`.

use crate::games::key_harvest::board::{ALL_SPACES, Board};
use crate::games::key_harvest::{Action, Counters, Crop, Seat, Space, SpaceSet, Worker};

/// What a tile picker ([`KhScreen::Pick`]) is choosing tiles for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PickKind {
    /// (a) KH 18: tiles of the group that holds `group` (its lowest unharvested tile).
    Harvest { group: Space },
    /// B KH 34: one or two adjacent unharvested tiles.
    Casual,
    /// D KH 36: adjacent harvested tiles to turn back.
    Unskilled,
    /// R KH 52: up to two harvested tiles to turn back.
    NewCrop,
    /// V KH 56: unconnected unharvested tiles to harvest.
    Remote,
}

/// Screens of the private screen (each redraws the same message). Builders carry the choices
/// made so far, so every click is one id and nothing is remembered between clicks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KhScreen {
    /// Whatever the player has to decide now (or, when it is not their decision, who the game
    /// waits for).
    Main,
    /// Ending a turn in which no action was done: confirm, or do an action after all (a turn
    /// without an action counts towards the stalemate, KH 17).
    EndTurn,
    /// (a) with several groups: choose the group.
    Groups,
    /// Tiles chosen so far for a decision that names several tiles.
    Pick { kind: PickKind, chosen: SpaceSet },
    /// (b): choose the worker to play.
    Workers,
    /// (b): this worker chosen, before its space.
    Worker { worker: Worker },
    /// (b): choose the worker to take off the board.
    Remove,
    /// (c): the stores, with the exact match each tile costs.
    Stores,
    /// (d): the registry tiles.
    Registry,
    /// A bid being built (KH 25): a `TakeFromRegistry` or `Storekeeper` action holding the
    /// bid so far.
    Bid(Box<Action>),
    /// A fixed-size payment being built (E, G, I, Q, T): the action holding the payment so
    /// far.
    Pay(Box<Action>),
    /// KH 6: substitutes being chosen for counters the stock no longer holds: a gain action
    /// holding the substitutes chosen so far.
    Instead(Box<Action>),
    /// N (KH 48): the tile to take chosen, before the tile to give.
    Exchange { with: Seat, take: Space },
    /// O (KH 49): the tile passed, before keeping the received tile or putting it fallow.
    GiveAway { pass: Option<Space> },
    /// U (KH 55): the registry tile chosen, before the tile to give.
    Swap { take: Space },
    /// X (KH 58): the worker to move chosen, before its new space.
    Move { from: Space },
}

pub use crate::discord::ids::MAX_ID;

/// One character per space, in space order.
pub const SPACE_CHARS: &[u8; Board::SPACES] =
    b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrst";

/// A decoded custom_id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KhId {
    pub game: i64,
    /// The game version the view was drawn at.
    pub version: i64,
    pub verb: KhVerb,
}

/// What a component does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KhVerb {
    /// The table message's "My screen": a fresh private screen.
    Hand,
    /// Everyone's boards, privately.
    Boards,
    /// The recent log, privately.
    Log,
    /// The finished table's Scores button: the full score pad, privately (the table message
    /// itself leads with the one-line ranking, which reads on a phone).
    Scores,
    /// Redraw the private screen on a screen.
    Show(KhScreen),
    /// Apply a game action.
    Act(Action),
    /// A select whose chosen option value is an encoded [`Action`].
    Choose,
    /// A select whose chosen option value is an encoded [`KhScreen`].
    Navigate,
    /// One more [`KhVerb::Choose`] select on the same message (Discord wants the ids of one
    /// message distinct; a set of up to 56 spaces needs three selects of 25): 1, 2, ...
    ChoosePart(u8),
    /// One more [`KhVerb::Navigate`] select on the same message.
    NavigatePart(u8),
    /// The coach's Hint button on the private screen (issue 30).
    Hint,
    /// Take back the seat's last decision (issue 41), shown only while the engine and the log
    /// allow it; the id's version must still be the game's.
    Undo,
}

impl KhId {
    pub fn new(game: i64, version: i64, verb: KhVerb) -> KhId {
        KhId {
            game,
            version,
            verb,
        }
    }

    /// The custom_id string. Callers check [`MAX_ID`] via [`KhId::fits`] (the screen offers
    /// only components whose id fits).
    pub fn encode(&self) -> String {
        let verb = match &self.verb {
            KhVerb::Hand => "hand".to_string(),
            KhVerb::Boards => "boards".to_string(),
            KhVerb::Log => "log".to_string(),
            KhVerb::Scores => "scores".to_string(),
            KhVerb::Show(s) => format!("show:{}", encode_screen(s)),
            KhVerb::Act(a) => format!("act:{}", encode_action(a)),
            KhVerb::Choose => "choose".to_string(),
            KhVerb::Navigate => "nav".to_string(),
            KhVerb::ChoosePart(n) => format!("choose:{n}"),
            KhVerb::NavigatePart(n) => format!("nav:{n}"),
            KhVerb::Hint => "hint".to_string(),
            KhVerb::Undo => "undo".to_string(),
        };
        format!("k:{}:{}:{}", self.game, self.version, verb)
    }

    /// Whether the encoded id is within Discord's 100 characters.
    pub fn fits(&self) -> bool {
        self.encode().len() <= MAX_ID
    }

    /// Parses a custom_id; None for anything that is not a valid `k:` id.
    pub fn decode(s: &str) -> Option<KhId> {
        let [game, version, rest] = crate::discord::ids::parts(s, "k")?;
        let game = number(game)?;
        let version = number(version)?;
        let (head, tail) = match rest.split_once(':') {
            Some((h, t)) => (h, Some(t)),
            None => (rest, None),
        };
        let verb = match (head, tail) {
            ("hand", None) => KhVerb::Hand,
            ("boards", None) => KhVerb::Boards,
            ("log", None) => KhVerb::Log,
            ("scores", None) => KhVerb::Scores,
            ("hint", None) => KhVerb::Hint,
            ("undo", None) => KhVerb::Undo,
            ("choose", None) => KhVerb::Choose,
            ("nav", None) => KhVerb::Navigate,
            ("choose", Some(t)) => KhVerb::ChoosePart(part(t)?),
            ("nav", Some(t)) => KhVerb::NavigatePart(part(t)?),
            ("show", Some(t)) => KhVerb::Show(decode_screen(t)?),
            ("act", Some(t)) => KhVerb::Act(decode_action(t)?),
            _ => return None,
        };
        Some(KhId {
            game,
            version,
            verb,
        })
    }
}

/// A game id or version: ASCII digits only (no sign), as `encode` writes them.
fn number(s: &str) -> Option<i64> {
    if s.is_empty() || s.len() > 18 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// A select's part number: one digit 1-9.
fn part(s: &str) -> Option<u8> {
    match s.as_bytes() {
        [d @ b'1'..=b'9'] => Some(d - b'0'),
        _ => None,
    }
}

// ---------------------------------------------------------------------------- pieces

fn space(s: Space) -> char {
    SPACE_CHARS[s as usize] as char
}

fn parse_space_byte(b: u8) -> Option<Space> {
    SPACE_CHARS.iter().position(|&c| c == b).map(|i| i as Space)
}

fn parse_space(s: &str) -> Option<Space> {
    match s.as_bytes() {
        [b] => parse_space_byte(*b),
        _ => None,
    }
}

fn spaces(v: &[Space]) -> String {
    v.iter().map(|&s| space(s)).collect()
}

fn parse_spaces(s: &str) -> Option<Vec<Space>> {
    s.bytes().map(parse_space_byte).collect()
}

fn opt_space(s: Option<Space>) -> String {
    s.map_or("-".to_string(), |s| space(s).to_string())
}

fn parse_opt_space(s: &str) -> Option<Option<Space>> {
    if s == "-" {
        Some(None)
    } else {
        parse_space(s).map(Some)
    }
}

fn set(m: SpaceSet) -> String {
    format!("{m:x}")
}

fn parse_set(s: &str) -> Option<SpaceSet> {
    if s.is_empty()
        || s.len() > 14
        || !s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        || (s.len() > 1 && s.starts_with('0'))
    {
        return None;
    }
    let m = u64::from_str_radix(s, 16).ok()?;
    (m & !ALL_SPACES == 0).then_some(m)
}

fn counters(c: &Counters) -> String {
    c.0.iter()
        .map(|&n| SPACE_CHARS[usize::from(n).min(Board::SPACES - 1)] as char)
        .collect()
}

fn parse_counters(s: &str) -> Option<Counters> {
    let b = s.as_bytes();
    if b.len() != 5 {
        return None;
    }
    let mut c = Counters::ZERO;
    for (i, &x) in b.iter().enumerate() {
        c.0[i] = parse_space_byte(x)?;
    }
    Some(c)
}

fn crop(c: Crop) -> char {
    (b'0' + c.index() as u8) as char
}

fn parse_crop_byte(b: u8) -> Option<Crop> {
    match b {
        b'0'..=b'4' => Some(Crop::from_index(usize::from(b - b'0'))),
        _ => None,
    }
}

fn parse_crop(s: &str) -> Option<Crop> {
    match s.as_bytes() {
        [b] => parse_crop_byte(*b),
        _ => None,
    }
}

fn crops(v: &[Crop]) -> String {
    v.iter().map(|&c| crop(c)).collect()
}

fn parse_crops(s: &str) -> Option<Vec<Crop>> {
    s.bytes().map(parse_crop_byte).collect()
}

fn opt_crop(c: Option<Crop>) -> String {
    c.map_or("-".to_string(), |c| crop(c).to_string())
}

fn parse_opt_crop(s: &str) -> Option<Option<Crop>> {
    if s == "-" {
        Some(None)
    } else {
        parse_crop(s).map(Some)
    }
}

fn seat(s: Seat) -> String {
    s.to_string()
}

fn parse_seat(s: &str) -> Option<Seat> {
    match s.as_bytes() {
        [d @ b'0'..=b'9'] => Some(d - b'0'),
        _ => None,
    }
}

fn worker(w: Worker) -> char {
    w.letter()
}

fn parse_worker(s: &str) -> Option<Worker> {
    match s.as_bytes() {
        [b @ b'A'..=b'L'] => Some(Worker::ALL[usize::from(b - b'A')]),
        _ => None,
    }
}

fn flag(b: bool) -> char {
    if b { '1' } else { '0' }
}

fn parse_flag(s: &str) -> Option<bool> {
    match s {
        "1" => Some(true),
        "0" => Some(false),
        _ => None,
    }
}

// ---------------------------------------------------------------------------- actions

/// Encodes an action as `code[:args]` (also used as select option values).
pub fn encode_action(a: &Action) -> String {
    use Action as A;
    match a {
        A::ChooseStartPlayer { seat: s } => format!("sp:{}", seat(*s)),
        A::Harvest { tiles, instead } => format!("h:{}:{}", spaces(tiles), crops(instead)),
        A::PlayWorker {
            worker: w,
            space: s,
        } => format!("pw:{}:{}", worker(*w), space(*s)),
        A::RemoveWorker { space: s } => format!("rw:{}", space(*s)),
        A::BuyFromStore { owner, tile } => format!("buy:{}:{}", seat(*owner), space(*tile)),
        A::TakeFromRegistry { tile, bid } => format!("reg:{}:{}", space(*tile), counters(bid)),
        A::EndTurn => "end_turn".to_string(),
        A::Decline => "decline".to_string(),
        A::Reposition { space: s } => format!("rp:{}", space(*s)),
        A::Apprentice { tile, instead } => format!("ap:{}:{}", space(*tile), crops(instead)),
        A::CasualWorker { tiles, instead } => format!("cw:{}:{}", spaces(tiles), crops(instead)),
        A::Labourer { crops: c } => format!("lab:{}", crops(c)),
        A::UnskilledWorker { tiles } => format!("uw:{}", spaces(tiles)),
        A::SkilledWorker {
            owner,
            tile,
            payment,
        } => format!("sw:{}:{}:{}", seat(*owner), space(*tile), counters(payment)),
        A::Supervisor { tile } => format!("sv:{}", space(*tile)),
        A::Merchant {
            owner,
            tile,
            payment,
        } => format!("me:{}:{}:{}", seat(*owner), space(*tile), counters(payment)),
        A::Storekeeper { tile, bid } => format!("sk:{}:{}", space(*tile), counters(bid)),
        A::Bailiff {
            owner,
            tile,
            payment,
        } => format!("ba:{}:{}:{}", seat(*owner), space(*tile), counters(payment)),
        A::Lawyer { worker_at } => format!("la:{}", space(*worker_at)),
        A::TraderDraw => "td".to_string(),
        A::TraderRegistry { tile, keep } => format!("tr:{}:{}", space(*tile), flag(*keep)),
        A::KeepDrawn { keep } => format!("kd:{}", flag(*keep)),
        A::Benefactor { tile } => format!("be:{}", space(*tile)),
        A::BlindSwap { tile } => format!("bs:{}", space(*tile)),
        A::Exchange { give, with, take } => {
            format!("ex:{}:{}:{}", space(*give), seat(*with), space(*take))
        }
        A::GiveAway { pass, keep } => format!("ga:{}:{}", opt_space(*pass), flag(*keep)),
        A::GoodHarvest { crop: c, instead } => format!("gh:{}:{}", crop(*c), opt_crop(*instead)),
        A::LuckyDip { payment, registry } => {
            format!("ld:{}:{}", counters(payment), opt_space(*registry))
        }
        A::NewCrop { tiles } => format!("nc:{}", spaces(tiles)),
        A::QuickSale { payment, tile } => format!("qs:{}:{}", counters(payment), space(*tile)),
        A::RegistrySwap { give, take } => format!("rs:{}:{}", space(*give), space(*take)),
        A::RemoteHarvest { tiles, instead } => {
            format!("rh:{}:{}", spaces(tiles), crops(instead))
        }
        A::Replace { fallow } => format!("rpl:{}", opt_space(*fallow)),
        A::MoveWorker { from, to } => format!("mv:{}:{}", space(*from), space(*to)),
        A::Vacation { space: s } => format!("va:{}", space(*s)),
        A::Windfall { crop: c } => format!("wf:{}", crop(*c)),
    }
}

/// Decodes [`encode_action`]'s form; None for anything malformed.
pub fn decode_action(s: &str) -> Option<Action> {
    use Action as A;
    let p: Vec<&str> = s.split(':').collect();
    Some(match (p[0], p.len()) {
        ("sp", 2) => A::ChooseStartPlayer {
            seat: parse_seat(p[1])?,
        },
        ("h", 3) => A::Harvest {
            tiles: parse_spaces(p[1])?,
            instead: parse_crops(p[2])?,
        },
        ("pw", 3) => A::PlayWorker {
            worker: parse_worker(p[1])?,
            space: parse_space(p[2])?,
        },
        ("rw", 2) => A::RemoveWorker {
            space: parse_space(p[1])?,
        },
        ("buy", 3) => A::BuyFromStore {
            owner: parse_seat(p[1])?,
            tile: parse_space(p[2])?,
        },
        ("reg", 3) => A::TakeFromRegistry {
            tile: parse_space(p[1])?,
            bid: parse_counters(p[2])?,
        },
        ("end_turn", 1) => A::EndTurn,
        ("decline", 1) => A::Decline,
        ("rp", 2) => A::Reposition {
            space: parse_space(p[1])?,
        },
        ("ap", 3) => A::Apprentice {
            tile: parse_space(p[1])?,
            instead: parse_crops(p[2])?,
        },
        ("cw", 3) => A::CasualWorker {
            tiles: parse_spaces(p[1])?,
            instead: parse_crops(p[2])?,
        },
        ("lab", 2) => A::Labourer {
            crops: parse_crops(p[1])?,
        },
        ("uw", 2) => A::UnskilledWorker {
            tiles: parse_spaces(p[1])?,
        },
        ("sw", 4) => A::SkilledWorker {
            owner: parse_seat(p[1])?,
            tile: parse_space(p[2])?,
            payment: parse_counters(p[3])?,
        },
        ("sv", 2) => A::Supervisor {
            tile: parse_space(p[1])?,
        },
        ("me", 4) => A::Merchant {
            owner: parse_seat(p[1])?,
            tile: parse_space(p[2])?,
            payment: parse_counters(p[3])?,
        },
        ("sk", 3) => A::Storekeeper {
            tile: parse_space(p[1])?,
            bid: parse_counters(p[2])?,
        },
        ("ba", 4) => A::Bailiff {
            owner: parse_seat(p[1])?,
            tile: parse_space(p[2])?,
            payment: parse_counters(p[3])?,
        },
        ("la", 2) => A::Lawyer {
            worker_at: parse_space(p[1])?,
        },
        ("td", 1) => A::TraderDraw,
        ("tr", 3) => A::TraderRegistry {
            tile: parse_space(p[1])?,
            keep: parse_flag(p[2])?,
        },
        ("kd", 2) => A::KeepDrawn {
            keep: parse_flag(p[1])?,
        },
        ("be", 2) => A::Benefactor {
            tile: parse_space(p[1])?,
        },
        ("bs", 2) => A::BlindSwap {
            tile: parse_space(p[1])?,
        },
        ("ex", 4) => A::Exchange {
            give: parse_space(p[1])?,
            with: parse_seat(p[2])?,
            take: parse_space(p[3])?,
        },
        ("ga", 3) => A::GiveAway {
            pass: parse_opt_space(p[1])?,
            keep: parse_flag(p[2])?,
        },
        ("gh", 3) => A::GoodHarvest {
            crop: parse_crop(p[1])?,
            instead: parse_opt_crop(p[2])?,
        },
        ("ld", 3) => A::LuckyDip {
            payment: parse_counters(p[1])?,
            registry: parse_opt_space(p[2])?,
        },
        ("nc", 2) => A::NewCrop {
            tiles: parse_spaces(p[1])?,
        },
        ("qs", 3) => A::QuickSale {
            payment: parse_counters(p[1])?,
            tile: parse_space(p[2])?,
        },
        ("rs", 3) => A::RegistrySwap {
            give: parse_space(p[1])?,
            take: parse_space(p[2])?,
        },
        ("rh", 3) => A::RemoteHarvest {
            tiles: parse_spaces(p[1])?,
            instead: parse_crops(p[2])?,
        },
        ("rpl", 2) => A::Replace {
            fallow: parse_opt_space(p[1])?,
        },
        ("mv", 3) => A::MoveWorker {
            from: parse_space(p[1])?,
            to: parse_space(p[2])?,
        },
        ("va", 2) => A::Vacation {
            space: parse_space(p[1])?,
        },
        ("wf", 2) => A::Windfall {
            crop: parse_crop(p[1])?,
        },
        _ => return None,
    })
}

// ---------------------------------------------------------------------------- screens

fn pick_kind(k: &PickKind) -> String {
    match k {
        PickKind::Harvest { group } => format!("h{}", space(*group)),
        PickKind::Casual => "cw".to_string(),
        PickKind::Unskilled => "uw".to_string(),
        PickKind::NewCrop => "nc".to_string(),
        PickKind::Remote => "rh".to_string(),
    }
}

fn parse_pick_kind(s: &str) -> Option<PickKind> {
    Some(match s {
        "cw" => PickKind::Casual,
        "uw" => PickKind::Unskilled,
        "nc" => PickKind::NewCrop,
        "rh" => PickKind::Remote,
        _ => match s.as_bytes() {
            [b'h', g] => PickKind::Harvest {
                group: parse_space_byte(*g)?,
            },
            _ => return None,
        },
    })
}

/// Encodes a screen as `code[:args]` (also used as select option values). The builders that
/// carry a whole action (a bid, a payment, substitutes) end with the action's own encoding.
pub fn encode_screen(s: &KhScreen) -> String {
    match s {
        KhScreen::Main => "main".into(),
        KhScreen::EndTurn => "end".into(),
        KhScreen::Groups => "groups".into(),
        KhScreen::Pick { kind, chosen } => format!("pick:{}:{}", pick_kind(kind), set(*chosen)),
        KhScreen::Workers => "workers".into(),
        KhScreen::Worker { worker: w } => format!("wk:{}", worker(*w)),
        KhScreen::Remove => "remove".into(),
        KhScreen::Stores => "stores".into(),
        KhScreen::Registry => "registry".into(),
        KhScreen::Bid(a) => format!("bid:{}", encode_action(a)),
        KhScreen::Pay(a) => format!("pay:{}", encode_action(a)),
        KhScreen::Instead(a) => format!("inst:{}", encode_action(a)),
        KhScreen::Exchange { with, take } => format!("ex:{}:{}", seat(*with), space(*take)),
        KhScreen::GiveAway { pass } => format!("ga:{}", opt_space(*pass)),
        KhScreen::Swap { take } => format!("swap:{}", space(*take)),
        KhScreen::Move { from } => format!("mv:{}", space(*from)),
    }
}

/// Decodes [`encode_screen`]'s form; None for anything malformed.
pub fn decode_screen(s: &str) -> Option<KhScreen> {
    let (head, tail) = match s.split_once(':') {
        Some((h, t)) => (h, Some(t)),
        None => (s, None),
    };
    let action = |t: Option<&str>| decode_action(t?).map(Box::new);
    Some(match (head, tail) {
        ("main", None) => KhScreen::Main,
        ("end", None) => KhScreen::EndTurn,
        ("groups", None) => KhScreen::Groups,
        ("workers", None) => KhScreen::Workers,
        ("remove", None) => KhScreen::Remove,
        ("stores", None) => KhScreen::Stores,
        ("registry", None) => KhScreen::Registry,
        ("bid", t) => KhScreen::Bid(action(t)?),
        ("pay", t) => KhScreen::Pay(action(t)?),
        ("inst", t) => KhScreen::Instead(action(t)?),
        (head, Some(t)) => {
            let p: Vec<&str> = t.split(':').collect();
            match (head, p.len()) {
                ("pick", 2) => KhScreen::Pick {
                    kind: parse_pick_kind(p[0])?,
                    chosen: parse_set(p[1])?,
                },
                ("wk", 1) => KhScreen::Worker {
                    worker: parse_worker(p[0])?,
                },
                ("ex", 2) => KhScreen::Exchange {
                    with: parse_seat(p[0])?,
                    take: parse_space(p[1])?,
                },
                ("ga", 1) => KhScreen::GiveAway {
                    pass: parse_opt_space(p[0])?,
                },
                ("swap", 1) => KhScreen::Swap {
                    take: parse_space(p[0])?,
                },
                ("mv", 1) => KhScreen::Move {
                    from: parse_space(p[0])?,
                },
                _ => return None,
            }
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::key_harvest::bots::random::{fill_choice, random_choice};
    use crate::games::key_harvest::{Game, Options};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// The largest ids a real table produces: game ids under ten digits, versions under a
    /// million (FoG's codec test uses the same bounds).
    const GAME: i64 = 9_999_999_999;
    const VERSION: i64 = 999_999;

    fn round_trip(verb: KhVerb) {
        let id = KhId::new(GAME, VERSION, verb);
        let s = id.encode();
        assert!(s.len() <= MAX_ID, "{} characters: {s}", s.len());
        assert!(id.fits(), "{s}");
        assert_eq!(KhId::decode(&s), Some(id.clone()), "{s}");
        match &id.verb {
            KhVerb::Act(a) => assert_eq!(decode_action(&encode_action(a)).as_ref(), Some(a)),
            KhVerb::Show(sc) => {
                assert_eq!(decode_screen(&encode_screen(sc)).as_ref(), Some(sc))
            }
            _ => {}
        }
    }

    #[test]
    fn the_e2e_forms_decode() {
        assert_eq!(
            KhId::decode("k:12:40:act:end_turn"),
            Some(KhId::new(12, 40, KhVerb::Act(Action::EndTurn)))
        );
        assert_eq!(
            KhId::decode("k:12:40:hand"),
            Some(KhId::new(12, 40, KhVerb::Hand))
        );
        assert_eq!(
            KhId::decode("k:12:40:boards"),
            Some(KhId::new(12, 40, KhVerb::Boards))
        );
        assert_eq!(
            KhId::decode("k:12:40:log"),
            Some(KhId::new(12, 40, KhVerb::Log))
        );
        assert_eq!(KhId::new(12, 40, KhVerb::Log).encode(), "k:12:40:log");
    }

    /// Every verb and screen form, with the longest arguments the rules allow.
    #[test]
    fn every_form_round_trips_within_100_characters() {
        let all: Vec<Space> = (0..Board::SPACES as Space).collect();
        let full = Counters([12; 5]);
        for verb in [
            KhVerb::Hand,
            KhVerb::Boards,
            KhVerb::Log,
            KhVerb::Scores,
            KhVerb::Hint,
            KhVerb::Undo,
            KhVerb::Choose,
            KhVerb::Navigate,
            KhVerb::ChoosePart(1),
            KhVerb::ChoosePart(9),
            KhVerb::NavigatePart(2),
        ] {
            round_trip(verb);
        }
        let screens = vec![
            KhScreen::Main,
            KhScreen::EndTurn,
            KhScreen::Groups,
            KhScreen::Pick {
                kind: PickKind::Harvest { group: 55 },
                chosen: ALL_SPACES,
            },
            KhScreen::Pick {
                kind: PickKind::Casual,
                chosen: 0,
            },
            KhScreen::Pick {
                kind: PickKind::Unskilled,
                chosen: 1,
            },
            KhScreen::Pick {
                kind: PickKind::NewCrop,
                chosen: 1 << 55,
            },
            KhScreen::Pick {
                kind: PickKind::Remote,
                chosen: 0xff,
            },
            KhScreen::Workers,
            KhScreen::Worker {
                worker: Worker::Benefactor,
            },
            KhScreen::Remove,
            KhScreen::Stores,
            KhScreen::Registry,
            KhScreen::Bid(Box::new(Action::TakeFromRegistry {
                tile: 55,
                bid: full,
            })),
            KhScreen::Bid(Box::new(Action::Storekeeper {
                tile: 0,
                bid: Counters::ZERO,
            })),
            KhScreen::Pay(Box::new(Action::SkilledWorker {
                owner: 3,
                tile: 55,
                payment: full,
            })),
            KhScreen::Pay(Box::new(Action::LuckyDip {
                payment: Counters::ZERO,
                registry: None,
            })),
            KhScreen::Instead(Box::new(Action::Harvest {
                tiles: all[..30].to_vec(),
                instead: vec![Crop::Wheat; 20],
            })),
            KhScreen::Instead(Box::new(Action::GoodHarvest {
                crop: Crop::Wine,
                instead: Some(Crop::Hops),
            })),
            KhScreen::Exchange { with: 3, take: 55 },
            KhScreen::GiveAway { pass: None },
            KhScreen::GiveAway { pass: Some(41) },
            KhScreen::Swap { take: 12 },
            KhScreen::Move { from: 7 },
        ];
        for s in screens {
            round_trip(KhVerb::Show(s));
        }
        let actions = vec![
            Action::ChooseStartPlayer { seat: 3 },
            Action::Harvest {
                tiles: all.clone(),
                instead: vec![],
            },
            Action::Harvest {
                tiles: all[..36].to_vec(),
                instead: vec![Crop::Hops, Crop::Wheat],
            },
            Action::PlayWorker {
                worker: Worker::Lawyer,
                space: 55,
            },
            Action::RemoveWorker { space: 0 },
            Action::BuyFromStore { owner: 3, tile: 54 },
            Action::TakeFromRegistry {
                tile: 33,
                bid: full,
            },
            Action::EndTurn,
            Action::Decline,
            Action::Reposition { space: 10 },
            Action::Apprentice {
                tile: 36,
                instead: vec![Crop::CiderApples],
            },
            Action::CasualWorker {
                tiles: vec![40, 41],
                instead: vec![Crop::Wine, Crop::Wine],
            },
            Action::Labourer {
                crops: vec![Crop::Vegetables, Crop::Wheat],
            },
            Action::UnskilledWorker {
                tiles: vec![1, 2, 3, 4, 5, 6],
            },
            Action::SkilledWorker {
                owner: 1,
                tile: 2,
                payment: full,
            },
            Action::Supervisor { tile: 9 },
            Action::Merchant {
                owner: 2,
                tile: 3,
                payment: Counters([1, 0, 0, 0, 2]),
            },
            Action::Storekeeper {
                tile: 4,
                bid: Counters([0, 0, 1, 0, 0]),
            },
            Action::Bailiff {
                owner: 0,
                tile: 5,
                payment: Counters([3, 0, 0, 0, 0]),
            },
            Action::Lawyer { worker_at: 6 },
            Action::TraderDraw,
            Action::TraderRegistry {
                tile: 7,
                keep: true,
            },
            Action::TraderRegistry {
                tile: 7,
                keep: false,
            },
            Action::KeepDrawn { keep: true },
            Action::KeepDrawn { keep: false },
            Action::Benefactor { tile: 8 },
            Action::BlindSwap { tile: 9 },
            Action::Exchange {
                give: 10,
                with: 1,
                take: 11,
            },
            Action::GiveAway {
                pass: None,
                keep: true,
            },
            Action::GiveAway {
                pass: Some(12),
                keep: false,
            },
            Action::GoodHarvest {
                crop: Crop::Hops,
                instead: None,
            },
            Action::GoodHarvest {
                crop: Crop::Hops,
                instead: Some(Crop::Wheat),
            },
            Action::LuckyDip {
                payment: Counters([0, 2, 0, 0, 0]),
                registry: Some(13),
            },
            Action::NewCrop {
                tiles: vec![14, 15],
            },
            Action::QuickSale {
                payment: Counters([1, 1, 1, 0, 0]),
                tile: 16,
            },
            Action::RegistrySwap { give: 17, take: 18 },
            Action::RemoteHarvest {
                tiles: all[..20].to_vec(),
                instead: vec![Crop::Wine],
            },
            Action::Replace { fallow: None },
            Action::Replace { fallow: Some(19) },
            Action::MoveWorker { from: 20, to: 21 },
            Action::Vacation { space: 22 },
            Action::Windfall { crop: Crop::Wheat },
        ];
        for a in actions {
            round_trip(KhVerb::Act(a));
        }
    }

    #[test]
    fn garbage_is_rejected() {
        for s in [
            "",
            "k",
            "k:1",
            "k:1:2",
            "k:x:2:hand",
            "k:1:y:hand",
            "k:+1:2:hand",
            "k:1:-2:hand",
            "f:1:2:hand",
            "k:1:2:zzz",
            "k:1:2:hand:1",
            "k:1:2:choose:0",
            "k:1:2:choose:10",
            "k:1:2:nav:x",
            "k:1:2:act",
            "k:1:2:act:",
            "k:1:2:act:end_turn:1",
            "k:1:2:act:sp:",
            "k:1:2:act:sp:12",
            "k:1:2:act:h:0u:",
            "k:1:2:act:h:01",
            "k:1:2:act:h:01:5",
            "k:1:2:act:pw:M:1",
            "k:1:2:act:pw:a:1",
            "k:1:2:act:reg:1:0000",
            "k:1:2:act:reg:1:00000:",
            "k:1:2:act:reg:1:0000u",
            "k:1:2:act:kd:2",
            "k:1:2:act:ga:--:1",
            "k:1:2:act:gh:0:x",
            "k:1:2:show",
            "k:1:2:show:",
            "k:1:2:show:nowhere",
            "k:1:2:show:main:1",
            "k:1:2:show:pick:h:0",
            "k:1:2:show:pick:hu:0",
            "k:1:2:show:pick:cw:01",
            "k:1:2:show:pick:cw:g",
            "k:1:2:show:pick:cw:100000000000000",
            "k:1:2:show:bid",
            "k:1:2:show:bid:nothing",
            "k:1:2:show:wk:M",
            "k:1:2:show:ex:1",
            "k:1:2:show:ga:",
        ] {
            assert_eq!(KhId::decode(s), None, "{s:?} should not decode");
        }
        let long = format!("k:1:2:act:h:{}:", "0".repeat(100));
        assert_eq!(KhId::decode(&long), None);
        // FoG ids are not Key Harvest ids.
        assert_eq!(KhId::decode("f:1:2:act:eh"), None);
    }

    /// Every action the random players of many games list (fill_choice over every legal
    /// choice) and play round-trips through an id within 100 characters.
    #[test]
    fn every_action_of_random_playouts_round_trips_and_fits() {
        let board = Board::standard();
        let mut kinds = std::collections::BTreeSet::new();
        let mut count = 0usize;
        for players in 2..=4u8 {
            for seed in 0..6u64 {
                let (mut game, _) =
                    Game::new(board.clone(), &Options { players }, seed * 31 + 7).unwrap();
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                while let Some(seat) = game.to_move() {
                    let legal = game.legal_actions(seat);
                    let supply = game.state().players[seat as usize].supply;
                    let stock = game.state().stock;
                    for c in &legal {
                        if let Some(a) = fill_choice(c, supply, stock, &mut rng) {
                            kinds.insert(a.kind());
                            count += 1;
                            let id = KhId::new(GAME, VERSION, KhVerb::Act(a.clone()));
                            let s = id.encode();
                            assert!(id.fits(), "{} characters: {s}", s.len());
                            assert_eq!(KhId::decode(&s), Some(id), "{s}");
                        }
                    }
                    let a = random_choice(&legal, supply, stock, &mut rng);
                    game.apply(seat, &a).expect("a legal random action");
                }
            }
        }
        assert!(count > 10_000, "only {count} actions");
        // The common kinds all came up (the rare events may not in so few games).
        for k in [
            "choose_start_player",
            "harvest",
            "play_worker",
            "remove_worker",
            "buy_from_store",
            "take_from_registry",
            "end_turn",
            "decline",
        ] {
            assert!(kinds.contains(k), "{k} never came up: {kinds:?}");
        }
    }
}
