//! The coach's shared words and picture (issue 30): a hint's sentence, a review's sentences and
//! the review's chart (each seat's expected final score after every turn, issue 43). The per-game words
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

/// One costly decision of a named seat (the command line's review of every seat); `when` is the
/// decision's name as the game gives it ([`super::fields_of_green::coach::moment`],
/// [`super::key_harvest::coach::moment`]).
pub fn decision_of(name: &str, when: &str, chosen: &str, best: &str, cost: f64) -> String {
    t!(
        "coach-review-seat",
        when = when,
        name = name,
        chosen = chosen,
        best = best,
        points = points(cost)
    )
}

/// How a game counts its time, for the chart's bottom axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Periods {
    /// Fields of Green: years (each of several turns).
    Years,
    /// Key Harvest: rounds (each seat's turn once).
    Rounds,
}

/// The chart's words, in one language: its title, its two axes, a tick's label and a note on
/// how the points are computed (issue 43: the chart shows what its title says).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChartText {
    pub title: String,
    /// The side axis.
    pub y_axis: String,
    /// The bottom axis.
    pub x_axis: String,
    /// How each point was computed, for the message beside the picture.
    pub note: String,
    periods: Option<Periods>,
    /// The language the words are in: a tick is said in it too, whatever the language in
    /// scope when the picture is drawn.
    locale: crate::i18n::Locale,
}

impl ChartText {
    /// The words in the language in scope. `periods` is None for a review stored before issue
    /// 43 (its curve is a running projection, and it has no years or rounds to mark).
    pub fn new(periods: Option<Periods>) -> ChartText {
        match periods {
            Some(p) => ChartText {
                title: t!("review-chart-title"),
                y_axis: t!("review-chart-y"),
                x_axis: match p {
                    Periods::Years => t!("review-chart-x-years"),
                    Periods::Rounds => t!("review-chart-x-rounds"),
                },
                note: t!("review-chart-note"),
                periods,
                locale: crate::i18n::current(),
            },
            None => ChartText {
                title: t!("review-chart-title-projected"),
                y_axis: t!("review-chart-y-projected"),
                x_axis: t!("review-chart-x-turns"),
                note: t!("review-chart-note-projected"),
                periods,
                locale: crate::i18n::current(),
            },
        }
    }

    /// A tick's label on the bottom axis: year `n` or round `n` (a point number for an old
    /// review).
    pub fn tick(&self, n: u32) -> String {
        crate::i18n::with(self.locale, || match self.periods {
            Some(Periods::Years) => t!("review-chart-tick-year", n = n),
            Some(Periods::Rounds) => t!("review-chart-tick-round", n = n),
            None => n.to_string(),
        })
    }

    /// One line for a message beside the picture: the title, what the axes show, the note.
    pub fn caption(&self) -> String {
        t!(
            "review-chart-caption",
            title = self.title.clone(),
            y = self.y_axis.clone(),
            x = self.x_axis.clone(),
            note = self.note.clone()
        )
    }

    /// True when the picture's font draws every character of these words (it has no Japanese).
    fn drawable(&self) -> bool {
        [&self.title, &self.y_axis, &self.x_axis, &self.tick(1)]
            .iter()
            .all(|s| s.chars().all(super::picture::has_glyph))
    }
}

/// The words the picture is drawn with: those of the language in scope when the font can draw
/// them, else English (the message beside the picture says them in the reader's language).
pub fn drawn_text(periods: Option<Periods>) -> ChartText {
    let text = ChartText::new(periods);
    if text.drawable() {
        text
    } else {
        crate::i18n::with(crate::i18n::Locale::En, || ChartText::new(periods))
    }
}

/// Where the bottom axis gets a labelled tick: the first point and each point where the period
/// (year or round) changes, by index, with the period; for an old review (no periods), about
/// ten evenly spaced points numbered from 0.
pub fn ticks(points: usize, periods: &[u32]) -> Vec<(usize, u32)> {
    if periods.len() == points && points > 0 {
        let mut ticks = vec![(0, periods[0])];
        for i in 1..points {
            if periods[i] != periods[i - 1] {
                ticks.push((i, periods[i]));
            }
        }
        return ticks;
    }
    let turns = points.saturating_sub(1).max(1);
    let step = (turns / 10).max(1);
    (0..=turns).step_by(step).map(|i| (i, i as u32)).collect()
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
const WIDTH: u32 = 640;
const HEIGHT: u32 = 400;
const INK: Rgb = Rgb(0x30, 0x30, 0x30);
const GRID: Rgb = Rgb(0xdd, 0xdd, 0xdd);

/// The review's chart: one line per seat of `curve` (points, each an expected final score by
/// seat), named by `names`; `periods` (the year or round of each point, [`crate::games::coach::
/// Review::periods`]) marks the bottom axis; `text` gives the title and the axes' names
/// ([`drawn_text`]). At most 640 px wide, for phones (issue 43).
pub fn chart_png(
    curve: &[Vec<f64>],
    periods: &[u32],
    names: &[String],
    text: &ChartText,
) -> Result<Vec<u8>, PictureError> {
    let mut c = Canvas::new(WIDTH, HEIGHT, Rgb(0xff, 0xff, 0xff))?;
    let seats = curve.first().map_or(0, Vec::len);
    let (left, right, top, bottom) = (62.0f32, 130.0f32, 40.0f32, 52.0f32);
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
    let title = ellipsize(&text.title, 17.0, WIDTH as f32 - 16.0);
    c.text(8.0, 20.0, 17.0, INK, &title);
    let step = (top_value / 5.0).max(1.0);
    let mut v = 0.0;
    while v <= top_value + 1e-9 {
        let y = y_of(v);
        c.rect(left, y, w, 1.0, GRID);
        c.text(30.0, y + 5.0, 13.0, INK, &format!("{v:.0}"));
        v += step;
    }
    c.rect(left, top, 1.0, h, INK);
    c.rect(left, top + h, w, 1.0, INK);
    // The side axis's name, written along it from the bottom up would need rotated text; it
    // stands in the corner above the axis instead, short enough to fit.
    let y_name = ellipsize(&text.y_axis, 12.0, left + w);
    c.text(8.0, top - 8.0, 12.0, INK, &y_name);
    let mut last_label = f32::MIN;
    for (i, n) in ticks(curve.len(), periods) {
        let x = x_of(i);
        c.rect(x, top + h, 1.0, 5.0, INK);
        let label = text.tick(n);
        // Labels closer than their own width are skipped (the tick stays).
        if x - last_label < super::picture::text_width(12.0, &label) + 8.0 {
            continue;
        }
        c.text(x - 2.0, top + h + 18.0, 12.0, INK, &label);
        last_label = x;
    }
    let x_name = ellipsize(&text.x_axis, 13.0, w);
    c.text_centred(left + w / 2.0, HEIGHT as f32 - 10.0, 13.0, INK, &x_name);
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
        let text = drawn_text(Some(Periods::Years));
        let png = chart_png(&curve, &[1, 1, 2], &["Ada".into(), "Bo".into()], &text).unwrap();
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

    /// The picture's words are English when the reader's language cannot be drawn, ticks
    /// included (a Japanese chart's years read "Year 1", not tofu), and the message beside it
    /// says them in the reader's language.
    #[test]
    fn a_japanese_reader_gets_an_english_picture_and_japanese_words() {
        use crate::i18n::Locale;
        crate::i18n::with(Locale::Ja, || {
            let drawn = drawn_text(Some(Periods::Years));
            assert_eq!(drawn.title, "Expected final score after each turn");
            assert_eq!(drawn.y_axis, "Expected final score (points)");
            assert_eq!(drawn.x_axis, "Turns, marked by year");
            assert_eq!(drawn.tick(2), "Year 2");
            let said = ChartText::new(Some(Periods::Rounds));
            assert_eq!(said.title, "各ターン後の最終得点の見込み");
            assert_eq!(said.x_axis, "ターン（ラウンドごとに目盛り）");
            assert!(said.caption().contains("縦軸：最終得点の見込み（点）"));
        });
        crate::i18n::with(Locale::En, || {
            let drawn = drawn_text(Some(Periods::Rounds));
            assert_eq!(drawn.x_axis, "Turns, marked by round");
            assert_eq!(drawn.tick(5), "5");
        });
        assert_eq!(ticks(5, &[1, 1, 2, 2, 3]), vec![(0, 1), (2, 2), (4, 3)]);
    }

    #[test]
    fn a_hint_names_both_choices_and_the_points() {
        let s = hint_text("a Silo at C3", Some(("the market", 2.6)));
        assert!(s.contains("a Silo at C3") && s.contains("the market") && s.contains('3'));
        let s = hint_text("a Silo at C3", Some(("the market", 0.2)));
        assert!(!s.contains("0 more"), "{s}");
    }
}
