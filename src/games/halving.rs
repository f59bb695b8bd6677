//! Successive halving over rollouts: how both games' search bots spend their rollouts on the
//! candidates a heuristic listed, and when they may leave the heuristic's own choice.
//!
//! Each round every surviving candidate plays the next worlds, then the worse half is dropped;
//! the best mean margin at the end wins (ties: the heuristic's order), but only when it beats
//! the heuristic's own choice (the first candidate) clearly: by more than [`TRUST_HEURISTIC`]
//! standard errors of the mean difference on the worlds both played (the same worlds, so the
//! difference is paired). Rollouts are noisy, with 4 or more players above all; the heuristic's
//! one-ply choice is a strong default, left only on evidence.
//!
//! Pure, like the engines: no clock, no I/O; the rollout is the caller's.

/// Standard errors by which a candidate must beat the heuristic's choice in the rollouts.
pub const TRUST_HEURISTIC: f64 = 1.0;

/// How a search spends its rollouts; the two games differ only here.
#[derive(Clone, Copy, Debug)]
pub struct Halving {
    /// Worlds each surviving candidate plays in a round, at the least.
    pub min_worlds: usize,
    /// Never drop the heuristic's choice (the first candidate). At 3+ players of Fields of
    /// Green, one unlucky world in the first round (six candidates on 15 rollouts play one
    /// world each) would drop it, the paired test would then have fewer than two shared worlds
    /// and the heuristic's choice would stand anyway: the rest of the rollouts spent for
    /// nothing.
    pub keep_heuristic: bool,
}

/// The candidate to play (see the module comment). `candidates` in the heuristic's order, its
/// choice first; one world seed per rollout in `seeds` (their count is the budget);
/// `rollout(candidate, world)` is the candidate's margin in that world, or None where it does
/// not apply.
pub fn successive_halving<A: Clone>(
    candidates: &[A],
    seeds: &[u64],
    how: Halving,
    rollout: impl Fn(&A, u64) -> Option<f64>,
) -> A {
    let n = candidates.len();
    let budget = seeds.len();
    let rounds = (usize::BITS - (n - 1).leading_zeros()).max(1) as usize;
    let mut alive: Vec<usize> = (0..n).collect();
    // Margins per candidate, one per world played, in world order (None: did not apply).
    let mut margins: Vec<Vec<Option<f64>>> = vec![Vec::new(); n];
    let mean = |m: &[Option<f64>]| {
        let (sum, count) = m
            .iter()
            .flatten()
            .fold((0.0, 0usize), |(s, c), &x| (s + x, c + 1));
        if count == 0 {
            f64::MIN
        } else {
            sum / count as f64
        }
    };
    let mut next_world = 0usize;
    for round in 0..rounds {
        let per = (budget / rounds / alive.len()).max(how.min_worlds);
        let worlds: Vec<u64> = (0..per).map(|k| seeds[(next_world + k) % budget]).collect();
        next_world += per;
        for &c in &alive {
            for &w in &worlds {
                margins[c].push(rollout(&candidates[c], w));
            }
        }
        if round + 1 < rounds {
            alive.sort_by(|&a, &b| {
                mean(&margins[b])
                    .total_cmp(&mean(&margins[a]))
                    .then(a.cmp(&b))
            });
            alive.truncate(alive.len().div_ceil(2));
            if how.keep_heuristic && !alive.contains(&0) {
                alive.push(0);
            }
            alive.sort_unstable();
        }
    }
    let best = alive
        .iter()
        .copied()
        .max_by(|&a, &b| {
            mean(&margins[a])
                .total_cmp(&mean(&margins[b]))
                .then(b.cmp(&a))
        })
        .expect("at least one candidate");
    if best != 0 && !clearly_better(&margins[best], &margins[0]) {
        return candidates[0].clone();
    }
    candidates[best].clone()
}

/// True when margins `a` beat margins `b` by more than [`TRUST_HEURISTIC`] standard errors of
/// the paired difference, over the worlds both played (a prefix of each: candidates share the
/// worlds of every round they are both in).
fn clearly_better(a: &[Option<f64>], b: &[Option<f64>]) -> bool {
    let diffs: Vec<f64> = a
        .iter()
        .zip(b)
        .filter_map(|(x, y)| Some((*x)? - (*y)?))
        .collect();
    let k = diffs.len();
    if k < 2 {
        return false;
    }
    let mean = diffs.iter().sum::<f64>() / k as f64;
    let var = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (k - 1) as f64;
    mean > TRUST_HEURISTIC * (var / k as f64).sqrt()
}
