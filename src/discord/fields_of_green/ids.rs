//! Fields of Green's component id codec. Every button and select of the bot carries its whole
//! meaning in its `custom_id` (at most 100 characters): the game, the game version the view was
//! drawn at, and what the component does. Its router (`router.rs` beside this file) decodes it
//! and loads the game from the database, so every button keeps working after a restart; no
//! in-memory collectors.
//!
//! Format: `f:<game>:<version>:<verb>[:<args>]`. The lobby's `join`, `leave`, `start` and
//! `cancel` share the `f:` prefix (they were first made with this codec, and lobbies posted then
//! are still in servers) but belong to the shared lobby codec, `discord::ids`. Positions are `x.y` (may be negative), lists are
//! `,`-separated, Equipment sets `+`-separated.

use crate::games::fields_of_green::{Action, Pos};
use crate::store::GameId;
use smol_str::SmolStr;

pub use crate::discord::ids::MAX_ID;

/// Screens of the private panel (each redraws the same ephemeral message).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The main panel: whatever the player has to decide now.
    Main,
    /// Choose a space to build the revealed card.
    Build,
    /// Choose which towers pay the Water of a build on this space (with these extras/tiles).
    PayBuild {
        pos: Pos,
        extra: u8,
        equipment: Vec<SmolStr>,
    },
    /// Choose a space for a Water Tower / a Silo.
    Tower,
    Silo,
    /// Choose an Open Area to restore.
    Restore,
    /// Choose which towers pay a harvest.
    PayHarvest {
        pos: Pos,
        extra: u8,
    },
    /// Choose where the kept Equipment goes.
    PlaceEquipment {
        tile: SmolStr,
    },
    /// Another player's farm (or one's own), read-only.
    Farm {
        seat: usize,
    },
    /// The pile split: counts chosen so far.
    Split {
        counts: [u8; 4],
    },
    /// The harvest planner's plan for the seat's whole harvest, to confirm or adjust by hand.
    AutoHarvest,
    /// The full text of every card the main panel lists in one compact line (issue 43).
    Cards,
}

/// What a component does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verb {
    /// Table buttons: open the private panel, show the farms, show the log.
    Hand,
    Farms,
    Log,
    /// The finished table's Scores button: the full score pad, privately (the table message
    /// itself leads with the one-line ranking, which reads on a phone).
    Scores,
    /// Redraw the private panel on a screen.
    Show(Screen),
    /// A select whose chosen option value is an encoded [`Action`].
    Choose,
    /// A select whose chosen option value is an encoded [`Screen`].
    Navigate,
    /// Apply a game action.
    Act(Action),
    /// Apply the harvest planner's plan as one step. The plan has too many actions for one id, so
    /// the id carries a fingerprint of the steps shown ([`plan_fingerprint`]): the router
    /// recomputes the plan and applies it only if it is still the one the player saw.
    ConfirmPlan(u64),
    /// The coach's Hint button on the private panel (issue 30).
    Hint,
    /// Take back the seat's last decision (issue 41), shown only while the engine and the log
    /// allow it; the id's version must still be the game's.
    Undo,
}

/// A fingerprint of a list of actions for [`Verb::ConfirmPlan`]: FNV-1a over their encoded
/// forms. Hand-rolled rather than std's hasher, whose output may change between Rust releases,
/// so a button drawn before an upgrade still matches the same plan after it.
pub fn plan_fingerprint(actions: &[Action]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for a in actions {
        for b in encode_action(a).bytes().chain([b';']) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// A decoded custom_id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentId {
    pub game: GameId,
    /// The game version the view was drawn at.
    pub version: i64,
    pub verb: Verb,
}

fn pos(p: Pos) -> String {
    format!("{}.{}", p.x, p.y)
}

fn parse_pos(s: &str) -> Option<Pos> {
    let (x, y) = s.split_once('.')?;
    Some(Pos::new(x.parse().ok()?, y.parse().ok()?))
}

/// A list of positions with repeats run-length coded (`x.y*n`): Water payments name the same
/// tower several times, and the id must stay under 100 characters.
fn positions(ps: &[Pos]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut k = 0;
    while k < ps.len() {
        let run = ps[k..].iter().take_while(|&&p| p == ps[k]).count();
        out.push(if run > 1 {
            format!("{}*{run}", pos(ps[k]))
        } else {
            pos(ps[k])
        });
        k += run;
    }
    out.join(",")
}

fn parse_positions(s: &str) -> Option<Vec<Pos>> {
    if s.is_empty() {
        return Some(Vec::new());
    }
    let mut out = Vec::new();
    for part in s.split(',') {
        let (p, n) = match part.split_once('*') {
            Some((p, n)) => (
                p,
                n.parse::<usize>().ok().filter(|&n| (2..=20).contains(&n))?,
            ),
            None => (part, 1),
        };
        let p = parse_pos(p)?;
        out.extend(std::iter::repeat_n(p, n));
    }
    Some(out)
}

/// A draw's split as its id writes it, four digits (`1201`); `None` for anything else.
fn parse_split(s: &str) -> Option<[u8; 4]> {
    let d: Vec<u8> = s.bytes().map(|b| b.wrapping_sub(b'0')).collect();
    if d.iter().any(|&x| x > 9) {
        return None;
    }
    d.try_into().ok()
}

fn tiles(ts: &[SmolStr]) -> String {
    ts.iter().map(|t| t.as_str()).collect::<Vec<_>>().join("+")
}

fn parse_tiles(s: &str) -> Option<Vec<SmolStr>> {
    if s.is_empty() {
        return Some(Vec::new());
    }
    s.split('+')
        .map(|t| valid_id(t).then(|| SmolStr::new(t)))
        .collect()
}

/// Card and tile ids are short lowercase ASCII (the deck loader enforces it).
fn valid_id(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 16
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// Encodes an action as `verb:args` (also used as select option values).
pub fn encode_action(a: &Action) -> String {
    match a {
        Action::PlaceWater { towers } => format!("wat:{}", positions(towers)),
        Action::Draw { split } => format!("draw:{}{}{}{}", split[0], split[1], split[2], split[3]),
        Action::Select { card } => format!("sel:{card}"),
        Action::Pick { card } => format!("pick:{card}"),
        Action::Build {
            pos: p,
            water,
            extra,
            equipment,
        } => {
            format!(
                "b:{}:{}:{}:{}",
                pos(*p),
                extra,
                tiles(equipment),
                positions(water)
            )
        }
        Action::WaterTower { pos: p, equipment } => format!("wt:{}:{}", pos(*p), tiles(equipment)),
        Action::Silo { pos: p, equipment } => format!("si:{}:{}", pos(*p), tiles(equipment)),
        Action::Market { food } => format!("m:{food}"),
        Action::Restore { pos: p } => format!("r:{}", pos(*p)),
        Action::Equipment { keep, place } => match place {
            Some(p) => format!("eq:{keep}:{}", pos(*p)),
            None => format!("eq:{keep}:-"),
        },
        Action::Harvest {
            pos: p,
            water,
            extra,
        } => format!("h:{}:{}:{}", pos(*p), extra, positions(water)),
        Action::EndHarvest => "eh".to_string(),
    }
}

/// Decodes [`encode_action`]'s form; None for anything malformed.
pub fn decode_action(s: &str) -> Option<Action> {
    let parts: Vec<&str> = s.split(':').collect();
    let card = |k: usize| parts.get(k).filter(|c| valid_id(c)).map(SmolStr::new);
    Some(match (parts[0], parts.len()) {
        ("wat", 2) => Action::PlaceWater {
            towers: parse_positions(parts[1])?,
        },
        ("draw", 2) => Action::Draw {
            split: parse_split(parts[1])?,
        },
        ("sel", 2) => Action::Select { card: card(1)? },
        ("pick", 2) => Action::Pick { card: card(1)? },
        ("b", 5) => Action::Build {
            pos: parse_pos(parts[1])?,
            extra: parts[2].parse().ok()?,
            equipment: parse_tiles(parts[3])?,
            water: parse_positions(parts[4])?,
        },
        ("wt", 3) => Action::WaterTower {
            pos: parse_pos(parts[1])?,
            equipment: parse_tiles(parts[2])?,
        },
        ("si", 3) => Action::Silo {
            pos: parse_pos(parts[1])?,
            equipment: parse_tiles(parts[2])?,
        },
        ("m", 2) => Action::Market {
            food: parts[1].parse().ok()?,
        },
        ("r", 2) => Action::Restore {
            pos: parse_pos(parts[1])?,
        },
        ("eq", 3) => Action::Equipment {
            keep: card(1)?,
            place: if parts[2] == "-" {
                None
            } else {
                Some(parse_pos(parts[2])?)
            },
        },
        ("h", 4) => Action::Harvest {
            pos: parse_pos(parts[1])?,
            extra: parts[2].parse().ok()?,
            water: parse_positions(parts[3])?,
        },
        ("eh", 1) => Action::EndHarvest,
        _ => return None,
    })
}

/// Encodes a screen as `verb:args` (also used as select option values).
pub fn encode_screen(s: &Screen) -> String {
    match s {
        Screen::Main => "main".into(),
        Screen::Build => "build".into(),
        Screen::PayBuild {
            pos: p,
            extra,
            equipment,
        } => format!("payb:{}:{}:{}", pos(*p), extra, tiles(equipment)),
        Screen::Tower => "tower".into(),
        Screen::Silo => "silo".into(),
        Screen::Restore => "restore".into(),
        Screen::PayHarvest { pos: p, extra } => format!("payh:{}:{}", pos(*p), extra),
        Screen::PlaceEquipment { tile } => format!("place:{tile}"),
        Screen::Farm { seat } => format!("farm:{seat}"),
        Screen::Split { counts } => {
            format!("split:{}{}{}{}", counts[0], counts[1], counts[2], counts[3])
        }
        Screen::AutoHarvest => "auto".into(),
        Screen::Cards => "cards".into(),
    }
}

pub fn decode_screen(s: &str) -> Option<Screen> {
    let parts: Vec<&str> = s.split(':').collect();
    Some(match (parts[0], parts.len()) {
        ("main", 1) => Screen::Main,
        ("build", 1) => Screen::Build,
        ("payb", 4) => Screen::PayBuild {
            pos: parse_pos(parts[1])?,
            extra: parts[2].parse().ok()?,
            equipment: parse_tiles(parts[3])?,
        },
        ("tower", 1) => Screen::Tower,
        ("silo", 1) => Screen::Silo,
        ("restore", 1) => Screen::Restore,
        ("payh", 3) => Screen::PayHarvest {
            pos: parse_pos(parts[1])?,
            extra: parts[2].parse().ok()?,
        },
        ("place", 2) => Screen::PlaceEquipment {
            tile: parts.get(1).filter(|t| valid_id(t)).map(SmolStr::new)?,
        },
        ("farm", 2) => Screen::Farm {
            seat: parts[1].parse().ok()?,
        },
        ("split", 2) => Screen::Split {
            counts: parse_split(parts[1])?,
        },
        ("auto", 1) => Screen::AutoHarvest,
        ("cards", 1) => Screen::Cards,
        _ => return None,
    })
}

impl ComponentId {
    pub fn new(game: GameId, version: i64, verb: Verb) -> ComponentId {
        ComponentId {
            game,
            version,
            verb,
        }
    }

    /// The custom_id string. Callers check [`MAX_ID`] via [`ComponentId::fits`] (the UI only
    /// offers components whose id fits; a unit test covers the longest forms).
    pub fn encode(&self) -> String {
        let verb = match &self.verb {
            Verb::Hand => "hand".to_string(),
            Verb::Farms => "farms".to_string(),
            Verb::Log => "log".to_string(),
            Verb::Scores => "scores".to_string(),
            Verb::Show(s) => format!("show:{}", encode_screen(s)),
            Verb::Choose => "choose".to_string(),
            Verb::Navigate => "nav".to_string(),
            Verb::Act(a) => format!("act:{}", encode_action(a)),
            Verb::ConfirmPlan(fp) => format!("plan:{fp:016x}"),
            Verb::Hint => "hint".to_string(),
            Verb::Undo => "undo".to_string(),
        };
        format!("f:{}:{}:{}", self.game, self.version, verb)
    }

    pub fn fits(&self) -> bool {
        self.encode().len() <= MAX_ID
    }

    /// Parses a custom_id; None for anything that is not one of ours or is malformed.
    pub fn decode(s: &str) -> Option<ComponentId> {
        let [game, version, rest] = crate::discord::ids::parts(s, "f")?;
        let game: GameId = game.parse().ok()?;
        let version: i64 = version.parse().ok()?;
        let (head, tail) = match rest.split_once(':') {
            Some((h, t)) => (h, Some(t)),
            None => (rest, None),
        };
        let verb = match (head, tail) {
            ("hand", None) => Verb::Hand,
            ("farms", None) => Verb::Farms,
            ("log", None) => Verb::Log,
            ("scores", None) => Verb::Scores,
            ("hint", None) => Verb::Hint,
            ("undo", None) => Verb::Undo,
            ("choose", None) => Verb::Choose,
            ("nav", None) => Verb::Navigate,
            ("show", Some(t)) => Verb::Show(decode_screen(t)?),
            ("act", Some(t)) => Verb::Act(decode_action(t)?),
            // Exactly the 16 lowercase hex digits `encode` writes (from_str_radix alone would
            // also take a sign or fewer digits).
            ("plan", Some(t))
                if t.len() == 16 && t.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) =>
            {
                Verb::ConfirmPlan(u64::from_str_radix(t, 16).ok()?)
            }
            _ => return None,
        };
        Some(ComponentId {
            game,
            version,
            verb,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn long_tiles() -> Vec<SmolStr> {
        vec![
            SmolStr::new("abcdefghijklmnop"),
            SmolStr::new("qrstuvwxyz012345"),
        ]
    }

    /// Every form, with the largest numbers and longest ids a real game can produce: a farm
    /// of at most 30 cards stays within 30 squares of its start, a payment uses at most 3
    /// towers, game ids stay under ten digits and versions under a million.
    fn every_verb() -> Vec<Verb> {
        let far = Pos::new(-30, -30);
        let water: Vec<Pos> = vec![
            far,
            far,
            Pos::new(-29, -30),
            Pos::new(-29, -30),
            Pos::new(-30, -29),
            Pos::new(-30, -29),
        ];
        let mut v = vec![
            Verb::Hand,
            Verb::Farms,
            Verb::Log,
            Verb::Scores,
            Verb::Hint,
            Verb::Undo,
            Verb::Choose,
            Verb::Navigate,
        ];
        let screens = vec![
            Screen::Main,
            Screen::Build,
            Screen::PayBuild {
                pos: far,
                extra: 9,
                equipment: long_tiles(),
            },
            Screen::Tower,
            Screen::Silo,
            Screen::Restore,
            Screen::PayHarvest { pos: far, extra: 9 },
            Screen::PlaceEquipment {
                tile: SmolStr::new("abcdefghijklmnop"),
            },
            Screen::Farm { seat: 5 },
            Screen::Split {
                counts: [6, 0, 0, 0],
            },
            Screen::AutoHarvest,
            Screen::Cards,
        ];
        v.extend(screens.into_iter().map(Verb::Show));
        let actions = vec![
            Action::PlaceWater {
                towers: vec![far, far],
            },
            Action::Draw {
                split: [3, 2, 1, 0],
            },
            Action::Select {
                card: SmolStr::new("abcdefghijklmnop"),
            },
            Action::Pick {
                card: SmolStr::new("abcdefghijklmnop"),
            },
            Action::Build {
                pos: far,
                water: water.clone(),
                extra: 9,
                equipment: long_tiles(),
            },
            Action::WaterTower {
                pos: far,
                equipment: long_tiles(),
            },
            Action::Silo {
                pos: far,
                equipment: long_tiles(),
            },
            Action::Market { food: 2 },
            Action::Restore { pos: far },
            Action::Equipment {
                keep: SmolStr::new("abcdefghijklmnop"),
                place: Some(far),
            },
            Action::Equipment {
                keep: SmolStr::new("hoses"),
                place: None,
            },
            Action::Harvest {
                pos: far,
                water: water.clone(),
                extra: 9,
            },
            Action::EndHarvest,
        ];
        v.extend(actions.into_iter().map(Verb::Act));
        v.extend([0, 1, u64::MAX].map(Verb::ConfirmPlan));
        v
    }

    #[test]
    fn every_form_round_trips_within_100_characters() {
        for verb in every_verb() {
            let id = ComponentId::new(9_999_999_999, 999_999, verb);
            let s = id.encode();
            assert!(s.len() <= MAX_ID, "{} characters: {s}", s.len());
            assert!(id.fits());
            assert_eq!(ComponentId::decode(&s), Some(id.clone()), "{s}");
        }
    }

    #[test]
    fn garbage_is_rejected() {
        for s in [
            "",
            "f",
            "f:1",
            "f:1:2",
            "f:x:2:join",
            "f:1:y:join",
            "g:1:2:join",
            "f:1:2:jump",
            "f:1:2:act:sel:",
            "f:1:2:act:sel:Wheat",
            "f:1:2:act:sel:a:b",
            "f:1:2:act:b:1.2:0:::",
            "f:1:2:act:h:1.2:0:1.1*1",
            "f:1:2:act:b:1:0::",
            "f:1:2:act:draw:32100",
            "f:1:2:act:draw:32a0",
            "f:1:2:act:m:x",
            "f:1:2:show:farm:",
            "f:1:2:show:nowhere",
            "f:1:2:act:eq:hoses:1.x",
            "f:1:2:show:auto:1",
            "f:1:2:plan",
            "f:1:2:plan:",
            "f:1:2:plan:ff",
            "f:1:2:plan:+fffffffffffffff",
            "f:1:2:plan:FFFFFFFFFFFFFFFF",
            "f:1:2:plan:0123456789abcdefa",
            "f:1:2:plan:0123456789abcdeg",
        ] {
            assert_eq!(ComponentId::decode(s), None, "{s:?} should not decode");
        }
        let long = format!("f:1:2:act:sel:{}", "a".repeat(100));
        assert_eq!(ComponentId::decode(&long), None);
    }

    /// The fingerprint tells plans apart by their steps and their order, and is stable (a
    /// button drawn before a restart or an upgrade still matches the same plan).
    #[test]
    fn plan_fingerprints_tell_plans_apart_and_are_stable() {
        let h = |x: i8, water: Vec<Pos>| Action::Harvest {
            pos: Pos::new(x, 0),
            water,
            extra: 0,
        };
        let a = vec![h(1, vec![]), h(2, vec![Pos::new(0, 0)]), Action::EndHarvest];
        let swapped = vec![a[1].clone(), a[0].clone(), Action::EndHarvest];
        let other_tower = vec![h(1, vec![]), h(2, vec![Pos::new(3, 0)]), Action::EndHarvest];
        let fp = plan_fingerprint(&a);
        assert_eq!(fp, plan_fingerprint(&a.clone()));
        assert_ne!(fp, plan_fingerprint(&swapped));
        assert_ne!(fp, plan_fingerprint(&other_tower));
        assert_ne!(fp, plan_fingerprint(&a[..2]));
        assert_ne!(
            plan_fingerprint(&[]),
            plan_fingerprint(&[Action::EndHarvest])
        );
        // FNV-1a of "eh;", computed independently: the function cannot drift unnoticed.
        assert_eq!(
            plan_fingerprint(&[Action::EndHarvest]),
            0xc2db_4618_f041_65d9
        );
    }

    #[test]
    fn actions_and_screens_round_trip_as_option_values() {
        for verb in every_verb() {
            match verb {
                Verb::Act(a) => assert_eq!(decode_action(&encode_action(&a)), Some(a)),
                Verb::Show(s) => assert_eq!(decode_screen(&encode_screen(&s)), Some(s)),
                _ => {}
            }
        }
    }
}
