//! The small statistics the arenas print: a win share's interval and a quantile of decision
//! times. Shared by `farmhand arena`, `balance` and the engines' own `fog_arena` example, so their
//! tables agree to the digit.

/// Wilson score interval for a proportion `p` of `n` trials, 95%.
pub fn wilson(p: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt()) / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The value at quantile `q` (0-1) of sorted `v`.
pub fn quantile(v: &[f64], q: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    let k = ((v.len() - 1) as f64 * q).round() as usize;
    v[k.min(v.len() - 1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_intervals() {
        // 110 of 220 and 18 of 40 (docs/BENCHMARKS.md, Fields of Green at a full table).
        let (lo, hi) = wilson(0.5, 220.0);
        assert!(
            (lo - 0.434).abs() < 0.0005 && (hi - 0.566).abs() < 0.0005,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(0.45, 40.0);
        assert!(
            (lo - 0.307).abs() < 0.0005 && (hi - 0.602).abs() < 0.0005,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0.3, 0.0), (0.0, 1.0));
    }

    #[test]
    fn quantile_takes_the_nearest_rank() {
        let v: Vec<f64> = (0..101).map(f64::from).collect();
        assert_eq!(quantile(&v, 0.99), 99.0);
        assert_eq!(quantile(&v, 0.5), 50.0);
        assert_eq!(quantile(&[], 0.5), 0.0);
    }
}
