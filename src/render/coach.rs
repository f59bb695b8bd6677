//! The coach's shared words and picture (issue 30): a hint's sentence, a review's sentences and
//! the review's chart (each seat's projected final score after every turn). The per-game words
//! for an action are in each game's folder (`fields_of_green::coach`, `key_harvest::coach`).

use super::picture::{Canvas, PictureError, Rgb, ellipsize};
use crate::t;

/// Whole points, for people: an estimate's difference rounded (never below 0).
pub fn points(estimate: f64) -> u32 {
    estimate.max(0.0).round() as u32
}

/// The hint's sentence: the bot's choice and, when there is one, the runner-up and how many
/// points the bot expects between them by the end.
pub fn hint_text(best: &str, runner_up: Option<(&str, f64)>) -> String {
    match runner_up {
        None => t!("coach-hint-only", best = best),
        Some((other, gap)) if points(gap) == 0 => {
            t!("coach-hint-close", best = best, other = other)
        }
        Some((other, gap)) => t!(
            "coach-hint-versus",
            best = best,
            other = other,
            points = points(gap)
        ),
    }
}

/// One costly decision of a named seat (the command line's review of every seat).
pub fn decision_of(name: &str, turn: usize, chosen: &str, best: &str, cost: f64) -> String {
    t!(
        "coach-review-seat",
        name = name,
        turn = turn,
        chosen = chosen,
        best = best,
        points = points(cost)
    )
}

/// A colour per seat, far apart on a white background.
const SERIES: [Rgb; 6] = [
    Rgb(0x1f, 0x77, 0xb4),
    Rgb(0xd6, 0x27, 0x28),
    Rgb(0x2c, 0xa0, 0x2c),
    Rgb(0xff, 0x7f, 0x0e),
    Rgb(0x94, 0x67, 0xbd),
    Rgb(0x8c, 0x56, 0x4b),
];
const WIDTH: u32 = 800;
const HEIGHT: u32 = 450;
const INK: Rgb = Rgb(0x30, 0x30, 0x30);
const GRID: Rgb = Rgb(0xdd, 0xdd, 0xdd);

/// The review's chart: one line per seat of `curve` (points, each a projection by seat), named by
/// `names`, the turn along the bottom and the expected final score up the side. Labels are in
/// English words and digits: the picture's font has no Japanese.
pub fn chart_png(curve: &[Vec<f64>], names: &[String]) -> Result<Vec<u8>, PictureError> {
    let mut c = Canvas::new(WIDTH, HEIGHT, Rgb(0xff, 0xff, 0xff))?;
    let seats = curve.first().map_or(0, Vec::len);
    let (left, right, top, bottom) = (56.0f32, 150.0f32, 34.0f32, 40.0f32);
    let (w, h) = (WIDTH as f32 - left - right, HEIGHT as f32 - top - bottom);
    let max = curve
        .iter()
        .flatten()
        .copied()
        .filter(|v| v.is_finite())
        .fold(1.0f64, f64::max);
    // A round top: 10s.
    let top_value = ((max / 10.0).ceil() * 10.0).max(10.0);
    let turns = curve.len().saturating_sub(1).max(1);
    let x_of = |i: usize| left + w * i as f32 / turns as f32;
    let y_of = |v: f64| top + h - h * (v.clamp(0.0, top_value) / top_value) as f32;
    c.text(left, 22.0, 16.0, INK, "Expected final score, turn by turn");
    let step = (top_value / 5.0).max(1.0);
    let mut v = 0.0;
    while v <= top_value + 1e-9 {
        let y = y_of(v);
        c.rect(left, y, w, 1.0, GRID);
        c.text(8.0, y + 5.0, 13.0, INK, &format!("{v:.0}"));
        v += step;
    }
    c.rect(left, top, 1.0, h, INK);
    c.rect(left, top + h, w, 1.0, INK);
    let tick = (turns / 10).max(1);
    for i in (0..=turns).step_by(tick) {
        let label = format!("{i}");
        c.text(x_of(i) - 4.0, top + h + 18.0, 12.0, INK, &label);
    }
    c.text(
        left + w / 2.0 - 14.0,
        HEIGHT as f32 - 6.0,
        13.0,
        INK,
        "turn",
    );
    for seat in 0..seats {
        let colour = SERIES[seat % SERIES.len()];
        let points: Vec<(f32, f32)> = curve
            .iter()
            .enumerate()
            .map(|(i, p)| (x_of(i), y_of(p.get(seat).copied().unwrap_or(0.0))))
            .collect();
        c.polyline(&points, 2.5, colour);
        let y = top + 10.0 + 22.0 * seat as f32;
        let lx = WIDTH as f32 - right + 12.0;
        c.rect(lx, y - 8.0, 14.0, 4.0, colour);
        let name = names
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("P{}", seat + 1));
        let last = curve
            .last()
            .and_then(|p| p.get(seat))
            .copied()
            .unwrap_or(0.0);
        let label = ellipsize(&format!("{name} {last:.0}"), 13.0, right - 34.0);
        c.text(lx + 20.0, y, 13.0, INK, &label);
    }
    c.png()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chart_is_a_png_with_a_line_per_seat() {
        let curve = vec![vec![10.0, 12.0], vec![20.0, 15.0], vec![31.0, 28.0]];
        let png = chart_png(&curve, &["Ada".into(), "Bo".into()]).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        // The two seats' colours are both drawn.
        let img = tiny_skia::Pixmap::decode_png(&png).unwrap();
        let has = |c: Rgb| {
            img.pixels()
                .iter()
                .any(|p| (p.red(), p.green(), p.blue()) == (c.0, c.1, c.2))
        };
        assert!(has(SERIES[0]) && has(SERIES[1]) && !has(SERIES[2]));
    }

    #[test]
    fn a_hint_names_both_choices_and_the_points() {
        let s = hint_text("a Silo at C3", Some(("the market", 2.6)));
        assert!(s.contains("a Silo at C3") && s.contains("the market") && s.contains('3'));
        let s = hint_text("a Silo at C3", Some(("the market", 0.2)));
        assert!(!s.contains("0 more"), "{s}");
    }
}
