//! The typed effect vocabulary that card abilities are written in (the deck brief, docs/CLI.md "Deck files", "Abilities are data").
//!
//! The deck file (TOML) is parsed into these types by `deck_file`; the engine interprets them in
//! `game`, and `text` turns them into the card text players read, so the rule and the text cannot
//! disagree. No card has Rust code of its own.

use serde::{Deserialize, Serialize};

/// The four location piles (ruling 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pile {
    Field,
    Livestock,
    Construction,
    Building,
}

impl Pile {
    /// All piles in the rulebook's order (Field, Livestock, Construction, Building); a pile split
    /// `[u8; 4]` is indexed in this order.
    pub const ALL: [Pile; 4] = [
        Pile::Field,
        Pile::Livestock,
        Pile::Construction,
        Pile::Building,
    ];

    /// Index in [`Pile::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The rulebook's name for one card of the pile.
    pub fn name(self) -> &'static str {
        match self {
            Pile::Field => "Field",
            Pile::Livestock => "Livestock",
            Pile::Construction => "Construction",
            Pile::Building => "Building",
        }
    }

    /// The rulebook's name for several cards of the pile.
    pub fn plural(self) -> &'static str {
        match self {
            Pile::Field => "Fields",
            Pile::Livestock => "Livestock",
            Pile::Construction => "Constructions",
            Pile::Building => "Buildings",
        }
    }
}

/// Sub-types (the deck brief, docs/CLI.md "Deck files"): Fields are Grain, Vegetable or Fruit; Livestock are Poultry, Dairy, Meat
/// or Work. Constructions and Buildings have none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Grain,
    Vegetable,
    Fruit,
    Poultry,
    Dairy,
    Meat,
    Work,
}

impl Kind {
    /// The pile a sub-type belongs to.
    pub fn pile(self) -> Pile {
        match self {
            Kind::Grain | Kind::Vegetable | Kind::Fruit => Pile::Field,
            Kind::Poultry | Kind::Dairy | Kind::Meat | Kind::Work => Pile::Livestock,
        }
    }

    /// Display name, e.g. "Dairy".
    pub fn name(self) -> &'static str {
        match self {
            Kind::Grain => "Grain",
            Kind::Vegetable => "Vegetable",
            Kind::Fruit => "Fruit",
            Kind::Poultry => "Poultry",
            Kind::Dairy => "Dairy",
            Kind::Meat => "Meat",
            Kind::Work => "Work",
        }
    }
}

/// When an ability applies (ruling 13). On Equipment, `Immediate` means "no timing": it applies
/// once, when the tile is placed (ruling 17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    Immediate,
    Harvest,
    GameEnd,
    Ongoing,
}

/// Which cards of a farm a count or a modifier looks at. Everything except `Card` and `OpenArea`
/// matches face-up cards only (ruling 15: an Open Area has no type).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Filter {
    /// Any card, Open Areas included.
    Card,
    /// Any face-up card: locations of the four piles, Water Towers and Silos (ruling 19 counts
    /// Water Towers and Silos as locations).
    Location,
    /// A face-down card (ruling 15).
    OpenArea,
    WaterTower,
    /// A Water Tower holding no Water.
    EmptyWaterTower,
    Silo,
    Pile(Pile),
    Kind(Kind),
    /// A face-up card with a Harvest ability.
    Harvest,
    /// A face-up card with a Game End ability.
    GameEnd,
}

/// Where a count or a modifier looks, measured from the card that carries the ability (for
/// Equipment: the location it sits on; for a build cost: the space being built on).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Scope {
    /// The card itself (only for modifiers, e.g. Hoses on a Water Tower).
    This,
    /// Orthogonally adjacent (distance 1).
    Adjacent,
    /// Distance 1..=N counted through the farm's cards (ruling 11).
    Within(u8),
    /// Anywhere in the farm.
    Farm,
}

/// What a count counts. Card counts never include the card that carries the ability itself, which
/// is why generated texts say "other" when the card would match its own filter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Count {
    Cards {
        of: Filter,
        scope: Scope,
    },
    /// Food stored in the farm's Silos.
    Food,
    /// The player's coins.
    Coins,
}

/// A number, fixed or counted: `clamp(base + per * (count / every), 0, max)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Amount {
    pub base: i32,
    pub per: i32,
    pub count: Option<Count>,
    /// Divisor applied to the count before `per` (e.g. "1 VP per 2 Food"); at least 1.
    pub every: u32,
    pub max: Option<i32>,
}

impl Amount {
    /// A fixed amount.
    pub const fn fixed(n: i32) -> Amount {
        Amount {
            base: n,
            per: 0,
            count: None,
            every: 1,
            max: None,
        }
    }

    /// True when the amount is a plain number.
    pub fn is_fixed(&self) -> bool {
        self.count.is_none()
    }

    /// Evaluates the amount given the value of its count (ignored when there is none).
    /// Worked out in i64, which cannot overflow (`|per * count| < 2^63`), then clamped to
    /// `0..=u32::MAX`: a count as large as a preset's coins cannot wrap.
    pub fn eval(&self, counted: u32) -> u32 {
        let n = match self.count {
            Some(_) => {
                i64::from(self.base) + i64::from(self.per) * i64::from(counted / self.every.max(1))
            }
            None => i64::from(self.base),
        };
        let n = match self.max {
            Some(m) => n.min(i64::from(m)),
            None => n,
        };
        n.clamp(0, i64::from(u32::MAX)) as u32
    }
}

/// A condition on the farm: the count lies in `min..=max` (`none` is `max = 0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Condition {
    pub count: Count,
    pub min: Option<u32>,
    pub max: Option<u32>,
}

impl Condition {
    /// Whether a count of `n` meets the condition (within `min..=max`, each bound optional).
    #[inline]
    pub fn admits(&self, n: u32) -> bool {
        self.min.is_none_or(|m| n >= m) && self.max.is_none_or(|m| n <= m)
    }
}

/// A payment: coins from the player, Water from Water Towers in range (ruling 11), Food from the
/// Silo pool (ruling 12). Each part may be counted (e.g. "1 Food, plus 1 per other Poultry").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cost {
    pub coins: Amount,
    pub water: Amount,
    pub food: Amount,
}

impl Cost {
    pub const FREE: Cost = Cost {
        coins: Amount::fixed(0),
        water: Amount::fixed(0),
        food: Amount::fixed(0),
    };
}

/// Resources an effect can hand out. Water is never "gained" freely: it is put on towers by
/// [`Effect::Refill`], which needs no choice from the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Gain {
    pub coins: Amount,
    pub food: Amount,
    pub vp: Amount,
}

/// One step of an Immediate, Harvest or Game End ability, applied in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Effect {
    /// Gain coins, Food (into the Silos; overflow lost, ruling 3) and VP tokens. At Game End only
    /// `vp` may be used: it is scored, not taken as tokens.
    Gain { gain: Gain, when: Option<Condition> },
    /// Put up to `water` Water on each Water Tower in scope (`This` = the tower itself), up to its
    /// capacity.
    Refill {
        water: u8,
        scope: Scope,
        when: Option<Condition>,
    },
    /// Gain Equipment: each one is "draw 3, keep 1" (ruling 17).
    Equipment { count: u8, when: Option<Condition> },
    /// "Up to `max` times: pay `pay` to gain `gain`": the player says how many times when
    /// activating (the `extra` of the action).
    Repeat { max: u8, pay: Cost, gain: Gain },
}

/// An Ongoing modifier (ruling 13: applies while its card is face up).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Modifier {
    /// Water Towers in scope have +N range.
    TowerRange { bonus: u8, scope: Scope },
    /// Water Towers in scope hold +N Water.
    TowerCapacity { bonus: u8, scope: Scope },
    /// Silos in scope hold +N Food.
    SiloCapacity { bonus: u8, scope: Scope },
    /// The card's own Harvest ability may be activated N more times each harvest (Harrow).
    ExtraHarvest { times: u8 },
    /// Whenever a location matching `of` in scope pays for its Harvest ability, also gain this.
    HarvestBonus {
        of: Filter,
        scope: Scope,
        gain: Gain,
    },
    /// Building a card matching `of` on a space in scope costs N coins less (not below 0).
    BuildDiscount { of: Filter, scope: Scope, coins: u8 },
    /// At game end, pay N coins to apply the card's Game End ability again (Power Generator).
    /// The engine pays when that scores more than it costs in coin VP (ruling 18), since nobody
    /// should have to do that arithmetic by hand.
    GameEndAgain { coins: u8 },
}

/// A card's ability: one timing, and what it does.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ability {
    pub timing: Timing,
    /// The Harvest cost (Harvest abilities only; FREE otherwise).
    pub cost: Cost,
    /// Effects for Immediate, Harvest and Game End abilities.
    pub effects: Vec<Effect>,
    /// Modifiers for Ongoing abilities.
    pub modifiers: Vec<Modifier>,
}
