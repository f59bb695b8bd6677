//! Short lists kept inline, for the lists inside a [`Choice`](super::Choice): a listing builds
//! and drops choices at every decision (a random playout lists about 230 decisions per game),
//! and a choice that owns a heap list makes every drop of the list of choices look at every
//! element (callgrind: about 4% of a random game went to dropping choices). Both types hold
//! their items in place, and serialize as the lists they replace did (a JSON array), so
//! a view's choices read and print as before.

use super::board::{Space, SpaceSet};
use super::pieces::Seat;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::Deref;

/// At most `N` items, in place; reads as a slice.
#[derive(Clone, Copy)]
pub struct Few<T, const N: usize> {
    len: u8,
    items: [T; N],
}

impl<T: Copy + Default, const N: usize> Few<T, N> {
    pub fn new() -> Few<T, N> {
        Few {
            len: 0,
            items: [T::default(); N],
        }
    }

    /// Adds `x` at the end. Panics when full: every list of a choice has a bound from the rules
    /// (the list's type names it), so a full list is an engine bug.
    pub fn push(&mut self, x: T) {
        assert!((self.len as usize) < N, "more than {N} items in a Few");
        self.items[self.len as usize] = x;
        self.len += 1;
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl<T: Copy + Default, const N: usize> Default for Few<T, N> {
    fn default() -> Few<T, N> {
        Few::new()
    }
}

impl<T, const N: usize> Deref for Few<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
}

impl<'a, T, const N: usize> IntoIterator for &'a Few<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for Few<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Few<T, N> {
        let mut f = Few::new();
        for x in iter {
            f.push(x);
        }
        f
    }
}

impl<T: PartialEq, const N: usize> PartialEq for Few<T, N> {
    fn eq(&self, other: &Few<T, N>) -> bool {
        **self == **other
    }
}

impl<T: Eq, const N: usize> Eq for Few<T, N> {}

impl<T: fmt::Debug, const N: usize> fmt::Debug for Few<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Serialize, const N: usize> Serialize for Few<T, N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, T: Deserialize<'de> + Copy + Default, const N: usize> Deserialize<'de> for Few<T, N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Few<T, N>, D::Error> {
        let v = Vec::<T>::deserialize(d)?;
        if v.len() > N {
            return Err(D::Error::custom(format!(
                "{} items where at most {N} fit",
                v.len()
            )));
        }
        Ok(v.into_iter().collect())
    }
}

/// Tiles of several seats, as `(seat, tile)` pairs: a set of spaces per seat, so any number of
/// tiles fits in place. Listed (and serialized) seat by seat, each seat's tiles in space order.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct SeatTiles([SpaceSet; 4]);

impl SeatTiles {
    /// Sets `seat`'s tiles.
    pub fn set(&mut self, seat: Seat, tiles: SpaceSet) {
        self.0[seat as usize] = tiles;
    }

    /// `seat`'s tiles.
    pub fn of(&self, seat: Seat) -> SpaceSet {
        self.0.get(seat as usize).copied().unwrap_or(0)
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|m| m.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|m| *m == 0)
    }

    pub fn contains(&self, &(seat, tile): &(Seat, Space)) -> bool {
        tile < 64 && self.of(seat) & (1u64 << tile) != 0
    }

    /// The pairs in order: seat by seat, each seat's tiles by space.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, Space)> + '_ {
        self.0
            .iter()
            .enumerate()
            .flat_map(|(o, &m)| super::board::spaces_in(m).map(move |t| (o as Seat, t)))
    }

    /// The `k`-th pair of [`SeatTiles::iter`].
    pub fn get(&self, mut k: usize) -> Option<(Seat, Space)> {
        for (o, &m) in self.0.iter().enumerate() {
            let n = m.count_ones() as usize;
            if k < n {
                return Some((o as Seat, super::game::nth_bit(m, k as u32)));
            }
            k -= n;
        }
        None
    }

    pub fn to_vec(&self) -> Vec<(Seat, Space)> {
        self.iter().collect()
    }
}

impl fmt::Debug for SeatTiles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for SeatTiles {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for SeatTiles {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SeatTiles, D::Error> {
        let mut out = SeatTiles::default();
        for (seat, tile) in Vec::<(Seat, Space)>::deserialize(d)? {
            if seat >= 4 || tile >= 64 {
                return Err(D::Error::custom(format!("no tile {tile} of seat {seat}")));
            }
            out.0[seat as usize] |= 1u64 << tile;
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn few_reads_as_the_slice_it_holds_and_round_trips_as_a_list() {
        let f: Few<(Seat, Space), 8> = [(1, 5), (0, 9)].into_iter().collect();
        assert_eq!(&*f, &[(1, 5), (0, 9)]);
        let json = serde_json::to_string(&f).unwrap();
        assert_eq!(
            json,
            serde_json::to_string(&vec![(1u8, 5u8), (0, 9)]).unwrap()
        );
        assert_eq!(
            serde_json::from_str::<Few<(Seat, Space), 8>>(&json).unwrap(),
            f
        );
        assert!(serde_json::from_str::<Few<u8, 2>>("[1,2,3]").is_err());
    }

    #[test]
    #[should_panic(expected = "more than 2 items")]
    fn few_refuses_more_than_it_holds() {
        let _: Few<u8, 2> = [1, 2, 3].into_iter().collect();
    }

    #[test]
    fn seat_tiles_list_seat_by_seat_in_space_order() {
        let mut t = SeatTiles::default();
        t.set(2, 1 << 3 | 1 << 40);
        t.set(0, 1 << 7);
        let pairs = vec![(0, 7), (2, 3), (2, 40)];
        assert_eq!(t.to_vec(), pairs);
        assert_eq!(t.len(), 3);
        assert_eq!((0..4).map(|k| t.get(k)).collect::<Vec<_>>(), {
            let mut v: Vec<_> = pairs.iter().copied().map(Some).collect();
            v.push(None);
            v
        });
        assert!(t.contains(&(2, 40)) && !t.contains(&(1, 40)) && !t.contains(&(2, 200)));
        let json = serde_json::to_string(&t).unwrap();
        assert_eq!(json, serde_json::to_string(&pairs).unwrap());
        assert_eq!(serde_json::from_str::<SeatTiles>(&json).unwrap(), t);
        assert!(SeatTiles::default().is_empty());
    }
}
