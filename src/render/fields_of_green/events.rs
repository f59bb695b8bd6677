//! One sentence per event (in the language in scope), for the channel log and the CLI.

use super::card_text::pile_count;
use super::farm::coord_label;
use super::{and_list, card_name, seat_name};
use crate::games::fields_of_green::Pos;
use crate::games::fields_of_green::effects::Pile;
use crate::games::fields_of_green::event::{Delta, Direction, Event};
use crate::games::fields_of_green::view::FarmView;
use crate::games::fields_of_green::{Deck, Game};

/// Everything a sentence may need besides the event.
struct Narrator<'a> {
    deck: &'a Deck,
    names: &'a [String],
    farms: &'a [FarmView],
}

impl Narrator<'_> {
    fn who(&self, seat: usize) -> String {
        seat_name(self.names, seat)
    }

    fn card(&self, id: &str) -> String {
        card_name(self.deck, id)
    }

    /// A space of a seat's farm as the grid labels it (fixed for the whole game, so a sentence
    /// about a build names the square the button did).
    fn at(&self, _seat: usize, pos: Pos) -> String {
        coord_label(pos)
    }

    /// `Pigs at M26`, or `the card at M26` when the farm is not known.
    fn card_at(&self, seat: usize, pos: Pos) -> String {
        let at = self.at(seat, pos);
        match self.farms.get(seat).and_then(|f| f.at(pos)) {
            Some(c) if !c.face_up => crate::t!("fog-ev-open-area-at", at = at),
            // "the Water Tower at M26", but "Pigs at M26": locations are named like people.
            Some(c) if c.card == "water_tower" || c.card == "silo" => {
                crate::t!("fog-ev-the-card-at", card = self.card(&c.card), at = at)
            }
            Some(c) => crate::t!("fog-ev-card-at", card = self.card(&c.card), at = at),
            None => crate::t!("fog-ev-some-card-at", at = at),
        }
    }

    fn pass(&self, direction: Direction) -> String {
        match direction {
            Direction::Left => crate::t!("fog-ev-pass-left"),
            Direction::Right => crate::t!("fog-ev-pass-right"),
        }
    }

    fn players(&self) -> usize {
        self.names.len().max(self.farms.len())
    }

    fn sentence(&self, event: &Event) -> String {
        match event {
            Event::YearStarted {
                year,
                first_player,
                direction,
            } => {
                let fp = self.who(*first_player);
                // Ruling 21: two players take cards from a face-up row; no hands pass.
                if self.players() == 2 {
                    crate::t!("fog-year-begins", year = *year, name = fp)
                } else {
                    crate::t!(
                        "fog-ev-year-begins-pass",
                        year = *year,
                        name = fp,
                        direction = self.pass(*direction)
                    )
                }
            }
            Event::Income {
                seat,
                coins,
                water,
                food,
                water_lost,
                food_lost,
            } => {
                let got = delta_words(&Delta {
                    coins: *coins,
                    water: *water,
                    food: *food,
                    vp: 0,
                });
                let lost = delta_words(&Delta {
                    water: *water_lost,
                    food: *food_lost,
                    ..Delta::default()
                });
                let name = self.who(*seat);
                match (got.is_empty(), lost.is_empty()) {
                    (true, true) => crate::t!("fog-ev-no-income", name = name),
                    (true, false) => crate::t!("fog-ev-no-income-lost", name = name, lost = lost),
                    (false, true) => crate::t!("fog-ev-income", name = name, got = got),
                    (false, false) => {
                        crate::t!("fog-ev-income-lost", name = name, got = got, lost = lost)
                    }
                }
            }
            Event::WaterToPlace { seat, water } => {
                crate::t!(
                    "fog-ev-water-to-place",
                    name = self.who(*seat),
                    water = *water
                )
            }
            Event::WaterPlaced { seat, towers } => {
                crate::t!(
                    "fog-ev-water-placed",
                    name = self.who(*seat),
                    towers = self.per_tower(*seat, towers.iter().map(|&p| (p, 1)))
                )
            }
            Event::Drew { seat, split } => {
                let total: u32 = split.iter().map(|&n| u32::from(n)).sum();
                let parts: Vec<String> = Pile::ALL
                    .iter()
                    .zip(split)
                    .filter(|(_, n)| **n > 0)
                    .map(|(p, &n)| pile_count(*p, u32::from(n)))
                    .collect();
                crate::t!(
                    "fog-ev-drew",
                    name = self.who(*seat),
                    n = total,
                    piles = and_list(&parts)
                )
            }
            Event::PileEmptied { pile } => crate::t!(
                "fog-ev-pile-empty",
                pile = super::card_text::pile_name(*pile)
            ),
            Event::TurnedFaceUp { cards } => {
                if cards.is_empty() {
                    crate::t!("fog-ev-none-face-up")
                } else {
                    let names: Vec<String> = cards.iter().map(|c| self.card(c)).collect();
                    crate::t!("fog-ev-turned-face-up", cards = and_list(&names))
                }
            }
            Event::Selected { seat } => crate::t!("fog-ev-selected", name = self.who(*seat)),
            Event::Revealed { turn, cards } => {
                let parts: Vec<String> = cards
                    .iter()
                    .enumerate()
                    .map(|(seat, c)| match c {
                        Some(c) => {
                            crate::t!("fog-ev-chose", name = self.who(seat), card = self.card(c))
                        }
                        // Only when the piles ran short (ruling 4).
                        None => crate::t!("fog-ev-had-no-card", name = self.who(seat)),
                    })
                    .collect();
                crate::t!("fog-ev-reveal", turn = *turn, parts = and_list(&parts))
            }
            Event::HandsPassed { direction } => {
                crate::t!("fog-ev-hands-pass", direction = self.pass(*direction))
            }
            Event::Picked { seat, card } => {
                crate::t!(
                    "fog-ev-picked",
                    name = self.who(*seat),
                    card = self.card(card)
                )
            }
            Event::Built {
                seat,
                card,
                pos,
                paid,
            } => crate::t!(
                "fog-ev-built",
                name = self.who(*seat),
                card = self.card(card),
                at = self.at(*seat, *pos),
                paid = paid_words(paid)
            ),
            Event::BuiltWaterTower {
                seat,
                pos,
                discarded,
                paid,
            } => crate::t!(
                "fog-ev-built-tower",
                name = self.who(*seat),
                card = self.card(discarded),
                at = self.at(*seat, *pos),
                paid = paid_words(paid)
            ),
            Event::BuiltSilo {
                seat,
                pos,
                discarded,
            } => crate::t!(
                "fog-ev-built-silo",
                name = self.who(*seat),
                card = self.card(discarded),
                at = self.at(*seat, *pos)
            ),
            Event::WentToMarket {
                seat,
                discarded,
                food_sold,
                coins,
            } => {
                if *food_sold > 0 {
                    crate::t!(
                        "fog-ev-market-sold",
                        name = self.who(*seat),
                        card = self.card(discarded),
                        food = *food_sold,
                        coins = *coins
                    )
                } else {
                    crate::t!(
                        "fog-ev-market",
                        name = self.who(*seat),
                        card = self.card(discarded),
                        coins = *coins
                    )
                }
            }
            Event::Restored {
                seat,
                pos,
                card,
                discarded,
            } => crate::t!(
                "fog-ev-restored",
                name = self.who(*seat),
                discarded = self.card(discarded),
                at = self.at(*seat, *pos),
                card = self.card(card)
            ),
            Event::Gained {
                seat,
                pos,
                gained,
                food_lost,
            } => {
                let from = self.card_at(*seat, *pos);
                let got = delta_words(gained);
                let name = self.who(*seat);
                let got = if got.is_empty() {
                    crate::t!("fog-ev-nothing")
                } else {
                    got
                };
                if *food_lost > 0 {
                    crate::t!(
                        "fog-ev-gained-lost",
                        name = name,
                        got = got,
                        from = from,
                        lost = *food_lost
                    )
                } else {
                    crate::t!("fog-ev-gained", name = name, got = got, from = from)
                }
            }
            Event::Refilled { seat, towers } => crate::t!(
                "fog-ev-refilled",
                name = self.who(*seat),
                towers = self.per_tower(*seat, towers.iter().map(|&(p, n)| (p, u32::from(n))))
            ),
            Event::EquipmentDrawn { seat, count } => {
                crate::t!("fog-ev-equipment-drawn", name = self.who(*seat), n = *count)
            }
            Event::EquipmentStackEmpty { seat } => {
                crate::t!("fog-ev-equipment-empty", name = self.who(*seat))
            }
            Event::EquipmentPlaced { seat, tile, pos } => {
                crate::t!(
                    "fog-ev-equipment-placed",
                    name = self.who(*seat),
                    tile = self.card(tile),
                    on = self.card_at(*seat, *pos)
                )
            }
            Event::EquipmentSetAside { seat, tile } => {
                crate::t!(
                    "fog-ev-set-aside",
                    name = self.who(*seat),
                    tile = self.card(tile)
                )
            }
            Event::Harvested {
                seat,
                pos,
                card,
                paid,
                extra,
            } => {
                let (name, card, at) = (self.who(*seat), self.card(card), self.at(*seat, *pos));
                match extra {
                    0 => crate::t!(
                        "fog-ev-harvested",
                        name = name,
                        card = card,
                        at = at,
                        paid = paid_words(paid)
                    ),
                    n => crate::t!(
                        "fog-ev-harvested-again",
                        name = name,
                        card = card,
                        at = at,
                        paid = paid_words(paid),
                        n = u32::from(*n)
                    ),
                }
            }
            Event::BecameOpenArea {
                seat,
                pos,
                card,
                equipment_lost,
            } => {
                let mut s = crate::t!(
                    "fog-ev-became-open",
                    name = self.who(*seat),
                    card = self.card(card),
                    at = self.at(*seat, *pos)
                );
                if !equipment_lost.is_empty() {
                    let tiles: Vec<String> = equipment_lost.iter().map(|t| self.card(t)).collect();
                    s.push_str(&crate::t!(
                        "fog-ev-equipment-lost",
                        tiles = and_list(&tiles),
                        n = tiles.len()
                    ));
                }
                s
            }
            Event::HarvestFinished { seat } => {
                crate::t!("fog-ev-harvest-finished", name = self.who(*seat))
            }
            Event::FirstPlayerPassed { to } => {
                crate::t!("fog-ev-first-player", name = self.who(*to))
            }
            Event::GameEnded { winners } => {
                let names: Vec<String> = winners.iter().map(|&s| self.who(s)).collect();
                match names.len() {
                    0 => crate::t!("fog-ev-game-over"),
                    1 => crate::t!("fog-ev-game-over-winner", name = names[0].as_str()),
                    _ => crate::t!("fog-ev-game-over-shared", names = and_list(&names)),
                }
            }
        }
    }

    /// `2 on M26 and 1 on N27`, in the order the towers first appear.
    fn per_tower(&self, seat: usize, water: impl Iterator<Item = (Pos, u32)>) -> String {
        let mut per: Vec<(Pos, u32)> = Vec::new();
        for (p, n) in water {
            match per.iter_mut().find(|(q, _)| *q == p) {
                Some((_, m)) => *m += n,
                None => per.push((p, n)),
            }
        }
        let parts: Vec<String> = per
            .iter()
            .map(|&(p, n)| crate::t!("fog-ev-water-on", n = n, at = self.at(seat, p)))
            .collect();
        and_list(&parts)
    }
}

/// `3 coins`, `2 Water`, `1 Food`: the coins, Water and Food of `d`, those above zero.
pub fn resource_parts(d: &Delta) -> Vec<String> {
    let mut parts = Vec::new();
    if d.coins > 0 {
        parts.push(crate::t!("fog-n-coins", n = d.coins));
    }
    if d.water > 0 {
        parts.push(crate::t!("fog-n-water", n = d.water));
    }
    if d.food > 0 {
        parts.push(crate::t!("fog-n-food", n = d.food));
    }
    parts
}

/// `3 coins, 2 Water and 1 Food` (empty when nothing).
fn delta_words(d: &Delta) -> String {
    let mut parts = resource_parts(d);
    if d.vp > 0 {
        parts.push(crate::t!("fog-vp", n = d.vp));
    }
    and_list(&parts)
}

/// `for 2 coins and 1 Water`, or `for free`.
fn paid_words(d: &Delta) -> String {
    if d.is_empty() {
        crate::t!("fog-ev-paid-free")
    } else {
        crate::t!("fog-ev-paid", what = delta_words(d))
    }
}

/// One sentence describing `event`, e.g. `Ann built Wheat at M26 for 2 coins and 1 Water.`
///
/// `names[seat]` names the players (`Player N` when missing). `farms[seat]` is each seat's farm
/// as the table shows it now, usually `public_view().seats[i].farm`: cards are looked up there.
/// Cards never leave a farm, so the current farm holds every position an earlier event names.
/// Positions carry their fixed labels (`M26`, the same for the whole game, issue 43), so a
/// sentence names a square as its button and every grid did. With exactly two seats, no hand passing is mentioned (ruling 21).
pub fn describe_event(deck: &Deck, event: &Event, names: &[String], farms: &[FarmView]) -> String {
    Narrator { deck, names, farms }.sentence(event)
}

/// [`describe_event`] for each event, in order.
pub fn describe_events(
    deck: &Deck,
    events: &[Event],
    names: &[String],
    farms: &[FarmView],
) -> Vec<String> {
    let n = Narrator { deck, names, farms };
    events.iter().map(|e| n.sentence(e)).collect()
}

/// [`describe_events`] on `game`'s deck, naming squares on its farms as they stand now (after
/// the events, which is how the log reads them).
pub fn describe_in(game: &Game, events: &[Event], names: &[String]) -> Vec<String> {
    let farms: Vec<FarmView> = game
        .public_view()
        .seats
        .into_iter()
        .map(|s| s.farm)
        .collect();
    describe_events(game.deck(), events, names, &farms)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fields_of_green::view::CellView;
    use crate::games::fields_of_green::{Game, Options, sim};
    use rand::SeedableRng;
    use smol_str::SmolStr;

    fn s(x: &str) -> SmolStr {
        SmolStr::new(x)
    }

    fn names() -> Vec<String> {
        ["Ann", "Bob", "Cy"].iter().map(|n| n.to_string()).collect()
    }

    /// Ann's farm: tower at (0,0), Silo at (1,0), Potatoes at (0,1), an Open Area (Pigs) at (1,1).
    fn farms() -> Vec<FarmView> {
        let cell = |x, y, card: &str, code: &str, face_up| CellView {
            pos: Pos::new(x, y),
            card: s(card),
            code: s(code),
            face_up,
            water: 2,
            capacity: 3,
            equipment: vec![],
        };
        let ann = FarmView {
            cells: vec![
                cell(0, 0, "water_tower", "WT", true),
                cell(1, 0, "silo", "SI", true),
                cell(0, 1, "potatoes", "POT", true),
                cell(1, 1, "pigs", "PIG", false),
            ],
        };
        vec![ann.clone(), ann.clone(), ann]
    }

    /// One of every event, so a new variant cannot go undescribed (the match in `sentence` is
    /// exhaustive; this checks the words).
    fn every_event() -> Vec<Event> {
        let p = Pos::new(0, 1);
        let paid = Delta {
            coins: 2,
            water: 1,
            food: 0,
            vp: 0,
        };
        vec![
            Event::YearStarted {
                year: 2,
                first_player: 1,
                direction: Direction::Right,
            },
            Event::Income {
                seat: 0,
                coins: 3,
                water: 2,
                food: 0,
                water_lost: 0,
                food_lost: 1,
            },
            Event::WaterToPlace { seat: 0, water: 2 },
            Event::WaterPlaced {
                seat: 0,
                towers: vec![Pos::new(0, 0), Pos::new(0, 0)],
            },
            Event::Drew {
                seat: 0,
                split: [3, 2, 1, 0],
            },
            Event::PileEmptied { pile: Pile::Field },
            Event::TurnedFaceUp {
                cards: vec![s("wheat"), s("pigs")],
            },
            Event::Selected { seat: 2 },
            Event::Revealed {
                turn: 1,
                cards: vec![Some(s("wheat")), Some(s("pigs")), None],
            },
            Event::HandsPassed {
                direction: Direction::Left,
            },
            Event::Picked {
                seat: 1,
                card: s("wheat"),
            },
            Event::Built {
                seat: 0,
                card: s("wheat"),
                pos: Pos::new(-1, 0),
                paid,
            },
            Event::BuiltWaterTower {
                seat: 0,
                pos: Pos::new(2, 0),
                discarded: s("pigs"),
                paid: Delta {
                    coins: 2,
                    ..Delta::default()
                },
            },
            Event::BuiltSilo {
                seat: 0,
                pos: Pos::new(2, 1),
                discarded: s("well"),
            },
            Event::WentToMarket {
                seat: 0,
                discarded: s("well"),
                food_sold: 2,
                coins: 6,
            },
            Event::Restored {
                seat: 0,
                pos: Pos::new(1, 1),
                card: s("pigs"),
                discarded: s("wheat"),
            },
            Event::Gained {
                seat: 0,
                pos: p,
                gained: Delta {
                    food: 2,
                    ..Delta::default()
                },
                food_lost: 1,
            },
            Event::Refilled {
                seat: 0,
                towers: vec![(Pos::new(0, 0), 1)],
            },
            Event::EquipmentDrawn { seat: 0, count: 3 },
            Event::EquipmentStackEmpty { seat: 0 },
            Event::EquipmentPlaced {
                seat: 0,
                tile: s("hoses"),
                pos: Pos::new(0, 0),
            },
            Event::EquipmentSetAside {
                seat: 0,
                tile: s("sacks"),
            },
            Event::Harvested {
                seat: 0,
                pos: p,
                card: s("potatoes"),
                paid: Delta::default(),
                extra: 2,
            },
            Event::BecameOpenArea {
                seat: 0,
                pos: Pos::new(1, 1),
                card: s("pigs"),
                equipment_lost: vec![s("fences")],
            },
            Event::HarvestFinished { seat: 0 },
            Event::FirstPlayerPassed { to: 2 },
            Event::GameEnded {
                winners: vec![0, 2],
            },
        ]
    }

    #[test]
    fn every_event_reads_as_a_sentence() {
        let deck = Deck::default_deck();
        let expected = [
            "Year 2 begins. Bob is first player; hands pass to the right (counter-clockwise) this year.",
            "Ann collects income: 3 coins and 2 Water (1 Food did not fit and is lost).",
            "Ann chooses Water Towers for 2 income Water.",
            "Ann placed income Water: 2 on M26.",
            "Ann drew 6 cards: 3 Fields, 2 Livestock and 1 Construction.",
            "The Field pile is empty.",
            "Turned face up: Wheat and Pigs.",
            "Cy has chosen a card.",
            "Turn 1 reveal: Ann chose Wheat, Bob chose Pigs and Cy had no card.",
            "Hands pass to the left (clockwise).",
            "Bob took Wheat from the face-up cards.",
            "Ann built Wheat at L26 for 2 coins and 1 Water.",
            "Ann discarded Pigs and built a Water Tower at O26 for 2 coins.",
            "Ann discarded Well and built a Silo at O27.",
            "Ann discarded Well to go to the market, sold 2 Food and gained 6 coins.",
            "Ann discarded Wheat and restored the Open Area at N27: Pigs is face up again.",
            "Ann gained 2 Food from Potatoes at M27 (1 Food did not fit in the Silos and is lost).",
            "Water was added to Ann's Water Towers: 1 on M26.",
            "Ann draws 3 Equipment tiles to keep one.",
            "Ann would gain an Equipment tile, but the stack is empty.",
            "Ann placed Hoses on the Water Tower at M26.",
            "Ann set Sacks aside.",
            "Ann harvested Potatoes at M27 for free and repeated it 2 times.",
            "Ann's Pigs at N27 was not harvested and is now an Open Area. Fences was lost with it.",
            "Ann finished the harvest.",
            "Cy is now first player.",
            "The game is over: Ann and Cy share the win!",
        ];
        let got = describe_events(&deck, &every_event(), &names(), &farms());
        assert_eq!(got.len(), expected.len());
        for (g, e) in got.iter().zip(expected) {
            assert_eq!(g, e);
        }
    }

    #[test]
    fn without_farms_or_names_positions_and_seats_still_read() {
        let deck = Deck::default_deck();
        for e in every_event() {
            let t = describe_event(&deck, &e, &[], &[]);
            assert!(t.ends_with('.') || t.ends_with('!'), "{t}");
            assert!(!t.contains("Ann"), "{t}");
        }
        let built = Event::Built {
            seat: 1,
            card: s("wheat"),
            pos: Pos::new(-1, 0),
            paid: Delta::default(),
        };
        assert_eq!(
            describe_event(&deck, &built, &[], &[]),
            // Labels are fixed (issue 43): no farm is needed to name the square.
            "Player 2 built Wheat at L26 for free."
        );
        let year = Event::YearStarted {
            year: 1,
            first_player: 0,
            direction: Direction::Left,
        };
        let two = &names()[..2];
        assert_eq!(
            describe_event(&deck, &year, two, &[]),
            "Year 1 begins. Ann is first player."
        );
    }

    /// True when `t` holds a position the grid could not label, like `(3,-1)`.
    fn has_raw_pos(t: &str) -> bool {
        t.split('(').skip(1).any(|rest| {
            let inner = rest.split(')').next().unwrap_or("");
            let mut parts = inner.split(',');
            let num = |p: Option<&str>| p.is_some_and(|p| p.parse::<i32>().is_ok());
            num(parts.next()) && num(parts.next())
        })
    }

    /// Real games: every event of random playouts, described against the farms at the end of
    /// each step (what the table would show), names a coordinate on the grid.
    #[test]
    fn random_games_describe_every_event() {
        let deck = Deck::default_deck();
        for players in [2u8, 4] {
            let mut g = Game::new(
                deck.clone(),
                Options {
                    players,
                    intro: false,
                    first_player: 0,
                },
                7,
            )
            .unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
            let mut kinds = std::collections::BTreeSet::new();
            while let Some((seat, action)) = sim::random_step(&g, &mut rng) {
                let events = g.apply(seat, &action).unwrap();
                let farms: Vec<FarmView> =
                    g.public_view().seats.into_iter().map(|s| s.farm).collect();
                for (e, t) in events
                    .iter()
                    .zip(describe_events(&deck, &events, &names(), &farms))
                {
                    assert!(
                        !has_raw_pos(&t) && !t.contains("the card at"),
                        "{t} for {e:?}"
                    );
                    assert!(
                        t.is_ascii() && (t.ends_with('.') || t.ends_with('!')),
                        "{t}"
                    );
                    kinds.insert(
                        serde_json::to_value(e).unwrap()["type"]
                            .as_str()
                            .unwrap()
                            .to_string(),
                    );
                }
            }
            assert!(g.is_over());
            assert!(kinds.len() > 10, "{kinds:?}");
        }
    }
}
