//! Fields of Green farms as PNG pictures, drawn from the public view only (so a picture can never
//! show more than the text grid does).
//!
//! Each card is a tile coloured by its type (a solid stripe on top, a light tint below) with its
//! coordinate, name, sub-type and printed VP, and its Equipment; Water Towers show their Water as
//! drops, Silos their Food, Open Areas are drawn face down. Columns and rows are labelled on the
//! edges with the squares' names, fixed for the whole game (`Pos::label`), so `M26` names the
//! same space in the picture, the grid and the buttons. Only the cards' bounding box is drawn
//! (the text grid's empty border of build spaces would only shrink the cards on a phone).
//!
//! Sizes: a tile is 128 px, card names 18 px, other text 13-24 px. A picture is at most 640 px
//! wide ([`MAX_WIDTH`]): a 390 px phone shows it at 0.6 or more, names at 11 px. A farm wider
//! than [`MAX_COLUMNS`] is drawn in bands of columns, one under the other.

use super::farm::{column_name, coord_label};
use super::picture::{Canvas, PictureError, Rgb, ellipsize, text_width, wrap};
use super::{card_name, plural};
use crate::games::fields_of_green::Deck;
use crate::games::fields_of_green::Pos;
use crate::games::fields_of_green::effects::Pile;
use crate::games::fields_of_green::farm::row_number;
use crate::games::fields_of_green::view::{CellView, SeatView};

/// Side of a tile, and the distance between two tiles' corners.
pub const TILE: u32 = 128;
const PITCH: u32 = 134;
/// The solid stripe on top of every tile: exactly `TILE x STRIPE` pixels of its type's colour.
pub const STRIPE: u32 = 14;
const LEFT: u32 = 34;
const HEADER: u32 = 70;
const LABELS: u32 = 28;
const PAD: u32 = 12;

pub const BACKGROUND: Rgb = Rgb(250, 247, 238);
const INK: Rgb = Rgb(28, 28, 28);
const GREY: Rgb = Rgb(96, 96, 96);
const WATER: Rgb = Rgb(30, 144, 255);
const FACE_DOWN_BODY: Rgb = Rgb(104, 82, 60);
const FACE_DOWN_INK: Rgb = Rgb(246, 236, 220);

/// What a tile is, for its colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TileKind {
    Pile(Pile),
    WaterTower,
    Silo,
    /// A face-down card (an Open Area).
    OpenArea,
}

impl TileKind {
    /// The stripe colour (unique per kind, used nowhere else in a picture).
    pub fn stripe(self) -> Rgb {
        match self {
            TileKind::Pile(Pile::Field) => Rgb(62, 150, 52),
            TileKind::Pile(Pile::Livestock) => Rgb(205, 118, 38),
            TileKind::Pile(Pile::Construction) => Rgb(98, 104, 128),
            TileKind::Pile(Pile::Building) => Rgb(176, 44, 52),
            TileKind::WaterTower => Rgb(36, 96, 196),
            TileKind::Silo => Rgb(212, 168, 20),
            TileKind::OpenArea => Rgb(58, 42, 28),
        }
    }

    fn body(self) -> Rgb {
        match self {
            TileKind::Pile(Pile::Field) => Rgb(216, 238, 204),
            TileKind::Pile(Pile::Livestock) => Rgb(250, 224, 196),
            TileKind::Pile(Pile::Construction) => Rgb(222, 224, 234),
            TileKind::Pile(Pile::Building) => Rgb(246, 210, 208),
            TileKind::WaterTower => Rgb(210, 228, 250),
            TileKind::Silo => Rgb(248, 236, 194),
            TileKind::OpenArea => FACE_DOWN_BODY,
        }
    }

    /// The kind of a cell of a farm.
    pub fn of(deck: &Deck, cell: &CellView) -> TileKind {
        match cell.card.as_str() {
            "water_tower" => TileKind::WaterTower,
            "silo" => TileKind::Silo,
            _ if !cell.face_up => TileKind::OpenArea,
            id => deck
                .location_by_id(id)
                .map(|d| TileKind::Pile(deck.location(d).pile))
                // An unknown design (a hand-made view) still gets a tile, in Construction grey.
                .unwrap_or(TileKind::Pile(Pile::Construction)),
        }
    }
}

/// The cards' bounding box: (min, max), or `None` for an empty farm.
fn card_box(cells: &[CellView]) -> Option<(Pos, Pos)> {
    let first = cells.first()?.pos;
    let mut min = first;
    let mut max = first;
    for c in cells {
        min = Pos::new(min.x.min(c.pos.x), min.y.min(c.pos.y));
        max = Pos::new(max.x.max(c.pos.x), max.y.max(c.pos.y));
    }
    Some((min, max))
}

/// The most columns a picture draws side by side: 4 tiles and the row labels make 582 px, within
/// the 640 px a phone shows at no less than 0.6 (issue 43: card names of 18 px then read at 11 px
/// or more). A wider farm is drawn in bands of columns, one under the other, each with its own
/// column letters, as the text grid is.
pub const MAX_COLUMNS: u32 = 4;

/// The widest a farm picture is (a long title is cut to it; the tiles take at most 582 px).
pub const MAX_WIDTH: u32 = 640;
const _: () = assert!(LEFT + MAX_COLUMNS * PITCH + PAD <= MAX_WIDTH);

/// The size of a card's name on its tile, and the smallest text of the tiles' main lines.
pub const NAME_PX: f32 = 18.0;

/// Space between two bands of columns.
const BAND_GAP: u32 = 10;

/// One seat's farm as a canvas: header (name, VP now, coins, Food, VP tokens), edge labels and
/// tiles; `banded`: a farm wider than [`MAX_COLUMNS`] is drawn in bands of columns.
fn draw_farm(deck: &Deck, sv: &SeatView, name: &str, banded: bool) -> Result<Canvas, PictureError> {
    let farm = &sv.farm;
    let shown: &[CellView] = &farm.cells;
    let boxed = card_box(shown);
    let (cols, rows) = match boxed {
        Some((min, max)) => (
            (i32::from(max.x) - i32::from(min.x) + 1) as u32,
            (i32::from(max.y) - i32::from(min.y) + 1) as u32,
        ),
        None => (2, 1),
    };
    // Bands of even widths (3 + 3 columns, not 4 + 2); one band when they would be taller than
    // a picture may be (a picture too wide beats none).
    let mut bands = if banded {
        cols.div_ceil(MAX_COLUMNS)
    } else {
        1
    };
    if HEADER + bands * (LABELS + rows * PITCH + BAND_GAP) + PAD > super::picture::MAX_SIDE {
        bands = 1;
    }
    let per_band = cols.div_ceil(bands);
    let title = format!("{name}'s farm · {} VP", sv.score_now);
    let resources = format!(
        "{} · {}/{} Food · {}",
        plural(sv.coins, "coin", "coins"),
        sv.food,
        sv.food_capacity,
        plural(sv.vp_tokens, "VP token", "VP tokens")
    );
    let grid_w = LEFT + per_band * PITCH + PAD;
    let head_w = (text_width(24.0, &title).max(text_width(17.0, &resources)) as u32) + 2 * PAD;
    // Long names are cut rather than widening the picture past two tiles' worth.
    let width = grid_w.max(head_w.min(grid_w + 2 * PITCH).min(MAX_WIDTH));
    let band_h = LABELS + rows * PITCH;
    let height = HEADER + bands * band_h + (bands - 1) * BAND_GAP + PAD;
    let mut c = Canvas::new(width, height, BACKGROUND)?;
    let text_room = (width - 2 * PAD) as f32;
    c.text(
        PAD as f32,
        30.0,
        24.0,
        INK,
        &ellipsize(&title, 24.0, text_room),
    );
    c.text(
        PAD as f32,
        56.0,
        17.0,
        GREY,
        &ellipsize(&resources, 17.0, text_room),
    );

    let Some((min, _)) = boxed else {
        c.text(
            LEFT as f32,
            (HEADER + LABELS + 40) as f32,
            18.0,
            GREY,
            "No cards yet",
        );
        return Ok(c);
    };
    for band in 0..bands {
        let first = band * per_band;
        let last = (first + per_band).min(cols);
        let top = HEADER + band * (band_h + BAND_GAP);
        // Edge labels: the fixed letters and numbers, as on the text grid and the buttons.
        for col in first..last {
            let x = i32::from(min.x) + col as i32;
            let label = i8::try_from(x).map_or_else(|_| String::new(), column_name);
            let cx = (LEFT + (col - first) * PITCH + TILE / 2) as f32;
            c.text_centred(cx, (top + 20) as f32, 19.0, GREY, &label);
        }
        for row in 0..rows {
            let y = i32::from(min.y) + row as i32;
            let label =
                i8::try_from(y).map_or_else(|_| String::new(), |y| row_number(y).to_string());
            let cy = (top + LABELS + row * PITCH + TILE / 2 + 7) as f32;
            c.text_centred((LEFT / 2) as f32, cy, 19.0, GREY, &label);
        }
        for cell in shown {
            let col = (i32::from(cell.pos.x) - i32::from(min.x)) as u32;
            if !(first..last).contains(&col) {
                continue;
            }
            let row = (i32::from(cell.pos.y) - i32::from(min.y)) as u32;
            let x = (LEFT + (col - first) * PITCH) as f32;
            let y = (top + LABELS + row * PITCH) as f32;
            draw_tile(&mut c, deck, cell, &coord_label(cell.pos), x, y);
        }
    }
    Ok(c)
}

fn draw_tile(c: &mut Canvas, deck: &Deck, cell: &CellView, coord: &str, x: f32, y: f32) {
    let kind = TileKind::of(deck, cell);
    let t = TILE as f32;
    c.rect(x, y, t, t, kind.body());
    c.rect(x, y, t, STRIPE as f32, kind.stripe());
    let room = t - 12.0;
    let left = x + 6.0;
    let ink = if kind == TileKind::OpenArea {
        FACE_DOWN_INK
    } else {
        INK
    };
    c.text(
        left,
        y + 32.0,
        14.0,
        if kind == TileKind::OpenArea {
            FACE_DOWN_INK
        } else {
            GREY
        },
        coord,
    );
    match kind {
        TileKind::WaterTower => {
            c.text(left, y + 52.0, 17.0, ink, "Water Tower");
            // One drop per unit of capacity: filled for Water, a ring for an empty slot.
            let n = cell.capacity.max(cell.water).max(1);
            let r = 9.0_f32.min((room / f32::from(n)) / 2.0 - 2.0);
            for k in 0..n {
                let cx = left + r + 2.0 + f32::from(k) * (2.0 * r + 4.0);
                if k < cell.water {
                    c.circle(cx, y + 78.0, r, WATER, None);
                } else {
                    c.circle(cx, y + 78.0, r - 1.0, WATER, Some(2.0));
                }
            }
            let line = if cell.water == 0 {
                "empty".to_string()
            } else {
                format!("{}/{} Water", cell.water, cell.capacity)
            };
            c.text(left, y + 116.0, 16.0, ink, &line);
        }
        TileKind::Silo => {
            c.text(left, y + 52.0, 19.0, ink, "Silo");
            c.text(left, y + 116.0, 14.0, GREY, "stores Food");
        }
        TileKind::OpenArea => {
            c.text(left, y + 54.0, 19.0, ink, "Open Area");
            c.text(left, y + 74.0, 14.0, ink, "face down");
            let was = format!("({})", card_name(deck, &cell.card));
            c.text(left, y + 116.0, 14.0, ink, &ellipsize(&was, 14.0, room));
        }
        TileKind::Pile(pile) => {
            let name = card_name(deck, &cell.card);
            let lines = wrap(&name, NAME_PX, room, 2);
            for (k, l) in lines.iter().enumerate() {
                c.text(left, y + 54.0 + 20.0 * k as f32, NAME_PX, ink, l);
            }
            if !cell.equipment.is_empty() {
                let tiles: Vec<String> =
                    cell.equipment.iter().map(|e| card_name(deck, e)).collect();
                let line = format!("+ {}", tiles.join(", "));
                c.text(left, y + 96.0, 13.0, GREY, &ellipsize(&line, 13.0, room));
            }
            let design = deck.location_by_id(&cell.card).map(|d| deck.location(d));
            let sort = design
                .and_then(|d| d.kind)
                .map_or(pile.name(), |k| k.name());
            let vp = design.map_or(0, |d| d.vp);
            let line = format!("{sort} · {vp} VP");
            c.text(left, y + 116.0, 14.0, GREY, &ellipsize(&line, 14.0, room));
        }
    }
}

/// One farm as a PNG.
pub fn farm_png(deck: &Deck, sv: &SeatView, name: &str) -> Result<Vec<u8>, PictureError> {
    draw_farm(deck, sv, name, true)?.png()
}

/// The cards a farm built on `built` (a year's builds, in any order) as a PNG, in reading order,
/// [`MAX_COLUMNS`] to a row, each tile with its square's name: a year's summary shows what
/// changed, so four farms read in about 1,500 px of a phone (issue 43), where whole farms took
/// twice that. The header keeps the farm's VP and supplies.
pub fn farm_built_png(
    deck: &Deck,
    sv: &SeatView,
    name: &str,
    built: &[Pos],
) -> Result<Vec<u8>, PictureError> {
    let mut cells: Vec<&CellView> = sv
        .farm
        .cells
        .iter()
        .filter(|c| built.contains(&c.pos))
        .collect();
    cells.sort_by_key(|c| (c.pos.y, c.pos.x));
    let n = cells.len().max(1) as u32;
    let cols = n.min(MAX_COLUMNS);
    let rows = n.div_ceil(MAX_COLUMNS);
    let title = format!("{name}'s farm · {} VP", sv.score_now);
    let sub = format!(
        "{} this year · {} · {}/{} Food",
        plural(cells.len() as u32, "card built", "cards built"),
        plural(sv.coins, "coin", "coins"),
        sv.food,
        sv.food_capacity
    );
    let grid_w = PAD + cols * PITCH + PAD;
    let head_w = (text_width(24.0, &title).max(text_width(17.0, &sub)) as u32) + 2 * PAD;
    let width = grid_w.max(head_w.min(grid_w + 2 * PITCH)).min(MAX_WIDTH);
    let height = HEADER + rows * PITCH + PAD;
    let mut c = Canvas::new(width, height, BACKGROUND)?;
    let room = (width - 2 * PAD) as f32;
    c.text(PAD as f32, 30.0, 24.0, INK, &ellipsize(&title, 24.0, room));
    c.text(PAD as f32, 56.0, 17.0, GREY, &ellipsize(&sub, 17.0, room));
    for (k, cell) in cells.iter().enumerate() {
        let (col, row) = (k as u32 % MAX_COLUMNS, k as u32 / MAX_COLUMNS);
        let x = (PAD + col * PITCH) as f32;
        let y = (HEADER + row * PITCH) as f32;
        draw_tile(&mut c, deck, cell, &coord_label(cell.pos), x, y);
    }
    c.png()
}

/// Several farms in one PNG, two per row (side by side; a third and fourth go below so a phone
/// still shows them at a legible scale), each with its own header and labels.
///
/// The labels are English whatever the language in scope: the bundled font (DejaVu Sans) has no
/// Japanese glyphs, so a Japanese label would be drawn as empty boxes. The same facts, in the
/// reader's language, are in the text grids and legends next to the picture.
pub fn farms_png(deck: &Deck, seats: &[(&SeatView, String)]) -> Result<Vec<u8>, PictureError> {
    crate::i18n::with(crate::i18n::Locale::En, || farms_png_en(deck, seats))
}

fn farms_png_en(deck: &Deck, seats: &[(&SeatView, String)]) -> Result<Vec<u8>, PictureError> {
    // One farm is a phone's picture, drawn in bands of columns when wide; several side by side
    // are an overview (the CLI's), drawn whole.
    let banded = seats.len() == 1;
    let farms: Vec<Canvas> = seats
        .iter()
        .map(|(sv, name)| draw_farm(deck, sv, name, banded))
        .collect::<Result<_, _>>()?;
    let per_row = 2;
    let mut width = 0;
    let mut height = 0;
    for chunk in farms.chunks(per_row) {
        width = width
            .max(chunk.iter().map(Canvas::width).sum::<u32>() + PAD * (chunk.len() as u32 - 1));
        height += chunk.iter().map(Canvas::height).max().unwrap_or(0) + PAD;
    }
    let mut all = Canvas::new(width.max(1), height.max(1), BACKGROUND)?;
    let mut y = 0;
    for chunk in farms.chunks(per_row) {
        let mut x = 0;
        for f in chunk {
            all.paste(f, x, y);
            // A thin rule between farms side by side.
            if x > 0 {
                all.rect(
                    x as f32 - (PAD / 2 + 1) as f32,
                    y as f32,
                    2.0,
                    f.height() as f32,
                    GREY,
                );
            }
            x += (f.width() + PAD) as i32;
        }
        let h = chunk.iter().map(Canvas::height).max().unwrap_or(0);
        y += (h + PAD) as i32;
    }
    all.png()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fields_of_green::{Game, Options};

    /// The bundled font cannot draw Japanese, so the picture keeps its English labels: drawn in
    /// Japanese it is the same picture as in English.
    #[test]
    fn the_picture_keeps_english_labels_the_font_has_no_japanese() {
        assert!(super::super::picture::has_glyph('W'));
        for c in ['給', '水', 'あ', 'ア'] {
            assert!(!super::super::picture::has_glyph(c), "{c}");
        }
        let deck = Deck::default_deck();
        let game = Game::new(
            deck.clone(),
            Options {
                players: 2,
                intro: false,
                first_player: 0,
            },
            1,
        )
        .expect("a game");
        let v = game.public_view();
        let seats: Vec<(&SeatView, String)> = v.seats.iter().map(|s| (s, "Ann".into())).collect();
        let en = farms_png(&deck, &seats).expect("a picture");
        let ja = crate::i18n::with(crate::i18n::Locale::Ja, || farms_png(&deck, &seats))
            .expect("a picture");
        assert!(
            en == ja,
            "the Japanese picture differs from the English one"
        );
    }
}
