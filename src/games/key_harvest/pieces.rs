//! The pieces: crop counters (KH 5), workers (KH 7) and event tiles (KH 8, 47-60).

use super::board::Crop;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat; turn order is seat order (KH 1).
pub type Seat = u8;

/// A number of counters of each crop, in [`Crop::ALL`] order: a supply, a bid, a payment, the
/// stock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Counters(pub [u8; 5]);

impl Counters {
    pub const ZERO: Counters = Counters([0; 5]);

    pub fn one(crop: Crop) -> Counters {
        let mut c = Counters::ZERO;
        c.0[crop.index()] = 1;
        c
    }
    pub fn of(crops: &[Crop]) -> Counters {
        let mut c = Counters::ZERO;
        for &k in crops {
            c.0[k.index()] = c.0[k.index()].saturating_add(1);
        }
        c
    }
    pub fn get(&self, crop: Crop) -> u8 {
        self.0[crop.index()]
    }
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 5]
    }
    /// Whether every crop count of `other` fits in `self`.
    pub fn contains(&self, other: &Counters) -> bool {
        // All five compared, without stopping at the first short crop: no branch per crop to
        // mispredict (the store listing asks this of every bid, every turn).
        let mut fits = true;
        for (a, b) in self.0.iter().zip(other.0.iter()) {
            fits &= a >= b;
        }
        fits
    }
    pub fn add(&mut self, other: &Counters) {
        for i in 0..5 {
            self.0[i] += other.0[i];
        }
    }
    /// Takes `other` away; the caller has checked [`Counters::contains`].
    pub fn sub(&mut self, other: &Counters) {
        for i in 0..5 {
            debug_assert!(self.0[i] >= other.0[i]);
            self.0[i] -= other.0[i];
        }
    }
    pub fn min(&self, other: &Counters) -> Counters {
        let mut c = Counters::ZERO;
        for i in 0..5 {
            c.0[i] = self.0[i].min(other.0[i]);
        }
        c
    }
    /// Crops with at least one counter.
    pub fn crops(&self) -> impl Iterator<Item = Crop> + '_ {
        Crop::ALL.into_iter().filter(|c| self.get(*c) > 0)
    }
}

impl fmt::Display for Counters {
    /// "2 hops, 1 wine", or "nothing".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for c in Crop::ALL {
            let n = self.get(c);
            if n > 0 {
                if !first {
                    write!(f, ", ")?;
                }
                let word = if n == 1 { c.one_name() } else { c.name() };
                write!(f, "{n} {word}")?;
                first = false;
            }
        }
        if first {
            write!(f, "nothing")?;
        }
        Ok(())
    }
}

/// The twelve workers (KH 7): six farmhands A-F in every player's colour, six unique townsfolk
/// G-L shared by all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Worker {
    Apprentice,
    CasualWorker,
    Labourer,
    UnskilledWorker,
    SkilledWorker,
    Supervisor,
    Merchant,
    Storekeeper,
    Bailiff,
    Lawyer,
    Trader,
    Benefactor,
}

impl Worker {
    pub const ALL: [Worker; 12] = [
        Worker::Apprentice,
        Worker::CasualWorker,
        Worker::Labourer,
        Worker::UnskilledWorker,
        Worker::SkilledWorker,
        Worker::Supervisor,
        Worker::Merchant,
        Worker::Storekeeper,
        Worker::Bailiff,
        Worker::Lawyer,
        Worker::Trader,
        Worker::Benefactor,
    ];
    /// The farmhands A-F, every player's own (the first six of `ALL`).
    pub const FARMHANDS: [Worker; 6] = Worker::six_from(0);
    /// The townsfolk G-L, shared by all (the last six of `ALL`).
    pub const TOWNSFOLK: [Worker; 6] = Worker::six_from(6);

    /// Six workers of `ALL` from index `from` on, so the two halves are read off the one list.
    const fn six_from(from: usize) -> [Worker; 6] {
        let mut six = [Worker::Apprentice; 6];
        let mut i = 0;
        while i < 6 {
            six[i] = Worker::ALL[from + i];
            i += 1;
        }
        six
    }

    pub fn index(self) -> usize {
        self as usize
    }
    /// The printed number: the worker's score and its adjacency minimum (KH 19, 64).
    pub fn number(self) -> u8 {
        // A static table is one load; the array literal was built on the stack at every call.
        static NUMBERS: [u8; 12] = [1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5];
        NUMBERS[self as usize]
    }
    /// The workers of each printed number as a mask of `Worker::ALL` indices (bit i: index
    /// i), so a listing can drop every worker of a number at once (numbers rise with the index).
    pub const OF_NUMBER: [u16; 6] = [
        0,
        0b0000_0000_0011,
        0b0000_0000_1100,
        0b0000_0011_0000,
        0b0001_1100_0000,
        0b1110_0000_0000,
    ];
    /// The printed letter, A to L.
    pub fn letter(self) -> char {
        (b'A' + self as u8) as char
    }
    pub fn is_townsfolk(self) -> bool {
        self.index() >= 6
    }
    /// Only the supervisor's ability is mandatory (KH 7, 38).
    pub fn is_mandatory(self) -> bool {
        self == Worker::Supervisor
    }
    /// The id (in files and commands) and the printed name, side by side so they stay in step.
    fn id_and_name(self) -> (&'static str, &'static str) {
        static ID_AND_NAME: [(&str, &str); 12] = [
            ("apprentice", "apprentice"),
            ("casual_worker", "casual worker"),
            ("labourer", "labourer"),
            ("unskilled_worker", "unskilled worker"),
            ("skilled_worker", "skilled worker"),
            ("supervisor", "supervisor"),
            ("merchant", "merchant"),
            ("storekeeper", "storekeeper"),
            ("bailiff", "bailiff"),
            ("lawyer", "lawyer"),
            ("trader", "trader"),
            ("benefactor", "benefactor"),
        ];
        ID_AND_NAME[self as usize]
    }
    pub fn id(self) -> &'static str {
        self.id_and_name().0
    }
    pub fn name(self) -> &'static str {
        self.id_and_name().1
    }
    pub fn parse(s: &str) -> Option<Worker> {
        let s = s.trim();
        Worker::ALL.into_iter().find(|w| {
            w.id().eq_ignore_ascii_case(s)
                || w.name().eq_ignore_ascii_case(s)
                || (s.len() == 1 && s.eq_ignore_ascii_case(&w.letter().to_string()))
        })
    }
}

/// The fourteen event tiles M-Z (KH 47-60).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventTile {
    BlindSwap,
    Exchange,
    GiveAway,
    GoodHarvest,
    LuckyDip,
    NewCrop,
    NewRegistry,
    QuickSale,
    RegistrySwap,
    RemoteHarvest,
    Replacement,
    Reposition,
    Vacation,
    Windfall,
}

impl EventTile {
    pub const ALL: [EventTile; 14] = [
        EventTile::BlindSwap,
        EventTile::Exchange,
        EventTile::GiveAway,
        EventTile::GoodHarvest,
        EventTile::LuckyDip,
        EventTile::NewCrop,
        EventTile::NewRegistry,
        EventTile::QuickSale,
        EventTile::RegistrySwap,
        EventTile::RemoteHarvest,
        EventTile::Replacement,
        EventTile::Reposition,
        EventTile::Vacation,
        EventTile::Windfall,
    ];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn bit(self) -> u16 {
        1 << self as u16
    }
    pub fn from_index(i: usize) -> EventTile {
        EventTile::ALL[i]
    }
    /// The events of a set of [`EventTile::bit`]s, in letter order.
    pub fn in_mask(mask: u16) -> impl Iterator<Item = EventTile> {
        EventTile::ALL
            .into_iter()
            .filter(move |e| mask & e.bit() != 0)
    }
    /// The printed letter, M to Z.
    pub fn letter(self) -> char {
        (b'M' + self as u8) as char
    }
    pub fn name(self) -> &'static str {
        [
            "blind swap",
            "exchange",
            "give away",
            "good harvest",
            "lucky dip",
            "new crop",
            "new registry",
            "quick sale",
            "registry swap",
            "remote harvest",
            "replacement",
            "reposition",
            "vacation",
            "windfall",
        ][self as usize]
    }
    /// S and Z act for the drawer only; every other event for each player in turn (KH 45).
    pub fn drawer_only(self) -> bool {
        matches!(self, EventTile::NewRegistry | EventTile::Windfall)
    }
    /// O, S, W and Z must be done as far as possible (KH 45).
    pub fn is_mandatory(self) -> bool {
        matches!(
            self,
            EventTile::GiveAway
                | EventTile::NewRegistry
                | EventTile::Replacement
                | EventTile::Windfall
        )
    }
    pub fn parse(s: &str) -> Option<EventTile> {
        let s = s.trim();
        EventTile::ALL.into_iter().find(|e| {
            e.name().eq_ignore_ascii_case(s)
                || e.name().replace(' ', "_").eq_ignore_ascii_case(s)
                || (s.len() == 1 && s.eq_ignore_ascii_case(&e.letter().to_string()))
        })
    }
}
