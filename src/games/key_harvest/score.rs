//! Scoring (KH 64-67): workers, the two largest groups, crop majorities, and the tie-breaks.

use super::board::Crop;
use super::pieces::Seat;
use serde::{Deserialize, Serialize};

/// One seat's line on the score pad.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreLine {
    pub seat: Seat,
    /// KH 64: the numbers of the workers on the board.
    pub workers: u32,
    /// KH 65: size of the largest group (1 point per tile).
    pub largest_group: u32,
    /// KH 65: size of the second largest group (2 points per tile).
    pub second_group: u32,
    pub group_points: u32,
    /// KH 66: crops this seat holds the single most counters of.
    pub crops: Vec<Crop>,
    pub crop_points: u32,
    pub total: u32,
    /// KH 67 tie-breaks: field tiles on the board, then counters in the supply.
    pub field_tiles: u32,
    pub counters: u32,
    /// 1 = winner; shared ranks for a shared win.
    pub rank: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScorePad {
    pub lines: Vec<ScoreLine>,
    /// Seats sharing first place (KH 67: a tie after both tie-breaks is a shared win).
    pub winners: Vec<Seat>,
    /// Which tie-break, if any, decided first place: 0 none needed, 1 field tiles, 2 counters,
    /// 3 still tied (shared).
    pub tie_break: u8,
}

/// KH 65: the largest group scores its size, the second largest twice its size; equal sizes
/// are still first and second.
pub fn group_points(mut sizes: Vec<u32>) -> (u32, u32, u32) {
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    let first = sizes.first().copied().unwrap_or(0);
    let second = sizes.get(1).copied().unwrap_or(0);
    (first, second, first + 2 * second)
}

/// KH 66: for each crop, the seat with strictly more counters than every other seat.
pub fn crop_winners(supplies: &[[u8; 5]]) -> Vec<Vec<Crop>> {
    let mut won = vec![Vec::new(); supplies.len()];
    for crop in Crop::ALL {
        let i = crop.index();
        let best = supplies.iter().map(|s| s[i]).max().unwrap_or(0);
        let holders: Vec<usize> = (0..supplies.len())
            .filter(|&p| supplies[p][i] == best)
            .collect();
        if holders.len() == 1 {
            won[holders[0]].push(crop);
        }
    }
    won
}

/// Ranks lines by total, then field tiles, then counters (KH 67), and fills `rank`, `winners`
/// and `tie_break`.
pub fn rank(lines: &mut [ScoreLine]) -> (Vec<Seat>, u8) {
    let key = |l: &ScoreLine| (l.total, l.field_tiles, l.counters);
    let keys: Vec<_> = lines.iter().map(key).collect();
    for (i, l) in lines.iter_mut().enumerate() {
        l.rank = 1 + keys.iter().filter(|k| **k > keys[i]).count() as u8;
    }
    let winners: Vec<Seat> = lines
        .iter()
        .filter(|l| l.rank == 1)
        .map(|l| l.seat)
        .collect();
    let top = lines.iter().map(|l| l.total).max().unwrap_or(0);
    let on_top: Vec<&ScoreLine> = lines.iter().filter(|l| l.total == top).collect();
    let tie_break = if on_top.len() == 1 {
        0
    } else {
        let best_fields = on_top.iter().map(|l| l.field_tiles).max().unwrap_or(0);
        let by_fields: Vec<_> = on_top
            .iter()
            .filter(|l| l.field_tiles == best_fields)
            .collect();
        if by_fields.len() == 1 {
            1
        } else if winners.len() == 1 {
            2
        } else {
            3
        }
    };
    (winners, tie_break)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kh65_equal_groups_are_still_first_and_second() {
        assert_eq!(group_points(vec![6, 6]), (6, 6, 18));
        assert_eq!(group_points(vec![5, 5, 5]), (5, 5, 15));
        assert_eq!(group_points(vec![7]), (7, 0, 7));
        assert_eq!(group_points(vec![]), (0, 0, 0));
        assert_eq!(group_points(vec![1, 7, 5]), (7, 5, 17));
    }

    #[test]
    fn kh66_shared_highest_count_scores_nothing() {
        let w = crop_winners(&[[2, 0, 1, 0, 0], [2, 0, 0, 0, 0], [0, 0, 0, 0, 0]]);
        assert!(w[0].contains(&Crop::CiderApples));
        assert!(!w[0].contains(&Crop::Hops) && !w[1].contains(&Crop::Hops));
        // All at zero: a shared highest count, nobody scores.
        assert!(w.iter().all(|c| !c.contains(&Crop::Wine)));
    }
}
