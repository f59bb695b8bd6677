//! Key Harvest country boards as PNG pictures, from the public view (the same cells as the text
//! drawing, [`text::cells`](super::text::cells)): hexes in the board's odd-row offset layout, field
//! tiles in their crop's colour with the crop letter (large and dark when unharvested, small on a
//! pale tint when harvested, like `[H]` / `(h)` in the text), workers as numbered discs, empty
//! spaces with their reference; column numbers and row letters on the edges.
//!
//! A hex is 56 px wide, so the standard 8-column board is about 520 px: the width a phone shows
//! without scaling.
//!
//! The labels drawn in the picture stay in English (ASCII) in every language: the embedded
//! font (DejaVu Sans Condensed) has no Japanese glyphs (a test below checks), and every board
//! is also drawn as text in the reader's language beside the picture.

use super::Cell;
use super::text::cells;
use crate::games::key_harvest::board::{Board, Crop, Space};
use crate::games::key_harvest::view::SeatView;
use crate::render::picture::{Canvas, PictureError, Rgb, ellipsize, text_width};

/// Hex circumradius (pointy-top hexes).
pub const R: f32 = 32.0;
const LEFT: f32 = 30.0;
const HEADER: f32 = 66.0;
const PAD: f32 = 12.0;
const LEGEND: f32 = 34.0;

pub const BACKGROUND: Rgb = Rgb(246, 241, 228);
const INK: Rgb = Rgb(28, 28, 28);
const GREY: Rgb = Rgb(104, 104, 104);
const EMPTY: Rgb = Rgb(232, 224, 204);
const EDGE: Rgb = Rgb(150, 136, 110);
const WORKER: Rgb = Rgb(40, 40, 48);

/// The colour of a crop's field tiles (unharvested).
pub fn crop_colour(c: Crop) -> Rgb {
    match c {
        Crop::Hops => Rgb(150, 112, 64),
        Crop::Vegetables => Rgb(78, 160, 70),
        Crop::CiderApples => Rgb(236, 140, 40),
        Crop::Wine => Rgb(176, 46, 70),
        Crop::Wheat => Rgb(232, 200, 60),
    }
}

/// A harvested tile: the crop's colour mixed two thirds towards white.
fn pale(c: Rgb) -> Rgb {
    let mix = |v: u8| ((u16::from(v) + 2 * 255) / 3) as u8;
    Rgb(mix(c.0), mix(c.1), mix(c.2))
}

fn hex_width() -> f32 {
    3.0_f32.sqrt() * R
}

/// The centre of space (row, column) in a one-board picture: odd rows sit half a hex to the
/// right. Public for tests that look at a given space.
pub fn hex_centre(row: usize, col: usize) -> (f32, f32) {
    let w = hex_width();
    let shift = if row % 2 == 1 { w / 2.0 } else { 0.0 };
    (
        LEFT + w / 2.0 + col as f32 * w + shift,
        HEADER + R + row as f32 * 1.5 * R,
    )
}

fn hexagon(cx: f32, cy: f32, r: f32) -> Vec<(f32, f32)> {
    (0..6)
        .map(|k| {
            let a = std::f32::consts::PI / 180.0 * (60.0 * k as f32 - 90.0);
            (cx + r * a.cos(), cy + r * a.sin())
        })
        .collect()
}

/// A board picture's title: `Ann's board · 24 so far` while the game runs, then the final
/// score with the crop majorities (KH 66), `Ann's board · 33 final`: a finished game's picture
/// agrees with its pad.
pub fn board_title(sv: &SeatView, name: &str) -> String {
    if sv.is_final() {
        format!("{name}'s board · {} final", sv.shown_score())
    } else {
        format!("{name}'s board · {} so far", sv.running_score)
    }
}

fn draw_board(board: &Board, sv: &SeatView, name: &str) -> Result<Canvas, PictureError> {
    let w = hex_width();
    let rows = board.rows();
    let cols = board.columns();
    let width = (LEFT + w * cols as f32 + w / 2.0 + PAD).ceil() as u32;
    let height =
        (HEADER + 2.0 * R + 1.5 * R * rows.saturating_sub(1) as f32 + PAD + LEGEND).ceil() as u32;
    let mut c = Canvas::new(width, height, BACKGROUND)?;
    let room = width as f32 - 2.0 * PAD;
    let title = board_title(sv, name);
    c.text(PAD, 28.0, 22.0, INK, &ellipsize(&title, 22.0, room));
    let sub = format!("{} start pair", sv.start_pair);
    c.text(PAD, 50.0, 15.0, GREY, &ellipsize(&sub, 15.0, room));

    for col in 0..cols {
        let (cx, _) = hex_centre(0, col);
        c.text_centred(cx, HEADER - 2.0, 15.0, GREY, &(col + 1).to_string());
    }
    let drawn = cells(board, sv);
    for row in 0..rows {
        let (_, cy) = hex_centre(row, 0);
        c.text_centred(LEFT / 2.0, cy + 6.0, 17.0, GREY, board.row_label(row));
        for col in 0..cols {
            let s = (row * cols + col) as Space;
            let (cx, cy) = hex_centre(row, col);
            let hex = hexagon(cx, cy, R - 1.0);
            match drawn[s as usize] {
                Cell::Empty => {
                    c.polygon(&hex, EMPTY, Some((EDGE, 1.0)));
                    c.text_centred(cx, cy + 5.0, 13.0, GREY, &board.reference(s));
                }
                Cell::Field { crop, harvested } => {
                    let letter = board.letter(crop);
                    if harvested {
                        c.polygon(&hex, pale(crop_colour(crop)), Some((EDGE, 1.0)));
                        let l = letter.to_ascii_lowercase().to_string();
                        c.text_centred(cx, cy + 6.0, 17.0, GREY, &l);
                    } else {
                        c.polygon(&hex, crop_colour(crop), Some((INK, 2.0)));
                        c.text_centred(cx, cy + 10.0, 28.0, INK, &letter.to_string());
                    }
                }
                Cell::Worker { number } => {
                    c.polygon(&hex, EMPTY, Some((EDGE, 1.0)));
                    c.circle(cx, cy, R * 0.62, WORKER, None);
                    c.text_centred(cx, cy + 8.0, 22.0, Rgb(255, 255, 255), &number.to_string());
                }
            }
        }
    }
    // The crops' colours and letters, in one line under the board.
    let mut x = PAD;
    let y = height as f32 - PAD - 6.0;
    for crop in Crop::ALL {
        let label = format!("{} {}", board.letter(crop), crop.name());
        let need = 18.0 + text_width(13.0, &label) + 10.0;
        if x + need > width as f32 - PAD {
            break;
        }
        c.rect(x, y - 12.0, 14.0, 14.0, crop_colour(crop));
        c.text(x + 18.0, y, 13.0, INK, &label);
        x += need;
    }
    Ok(c)
}

/// One country board as a PNG.
pub fn board_png(board: &Board, sv: &SeatView, name: &str) -> Result<Vec<u8>, PictureError> {
    draw_board(board, sv, name)?.png()
}

/// Every seat's board in one PNG, two per row.
pub fn boards_png(board: &Board, seats: &[(&SeatView, String)]) -> Result<Vec<u8>, PictureError> {
    let drawn: Vec<Canvas> = seats
        .iter()
        .map(|(sv, name)| draw_board(board, sv, name))
        .collect::<Result<_, _>>()?;
    let pad = PAD as u32;
    let mut width = 0;
    let mut height = 0;
    for chunk in drawn.chunks(2) {
        width = width.max(chunk.iter().map(Canvas::width).sum::<u32>() + pad);
        height += chunk.iter().map(Canvas::height).max().unwrap_or(0) + pad;
    }
    let mut all = Canvas::new(width.max(1), height.max(1), BACKGROUND)?;
    let mut y = 0;
    for chunk in drawn.chunks(2) {
        let mut x = 0;
        for b in chunk {
            all.paste(b, x, y);
            x += (b.width() + pad) as i32;
        }
        y += (chunk.iter().map(Canvas::height).max().unwrap_or(0) + pad) as i32;
    }
    all.png()
}

#[cfg(test)]
mod tests {
    /// Why the picture's labels stay ASCII: the font would draw Japanese as empty boxes.
    #[test]
    fn the_font_has_no_japanese_glyphs() {
        use ab_glyph::Font;
        let font = ab_glyph::FontRef::try_from_slice(include_bytes!(
            "../fonts/DejaVuSansCondensed-Bold.ttf"
        ))
        .unwrap();
        assert_ne!(font.glyph_id('H').0, 0);
        for c in "ホップ野菜小麦の農地ボード".chars() {
            assert_eq!(
                font.glyph_id(c).0,
                0,
                "{c} has a glyph: the labels could be translated"
            );
        }
    }
}
