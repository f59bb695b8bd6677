//! A farm as an ASCII grid with coordinates on the edges, and the legend under it.
//!
//! Coordinates are spreadsheet-style: columns lettered, rows numbered, fixed for the whole game
//! (issue 43, [`Pos::label`]): the starting Water Tower is `M26` and its Silo `N26`, a square
//! built on keeps its name however the farm grows, and "Build L26" builds at L26. The grid drawn
//! is a window onto that fixed labelling: the farm's bounding box grown by one space on every side
//! (see [`GridBounds`]), so that every build space (ruling 10: an empty space next to a card) is
//! on it with the coordinate the Discord UI puts on its button, and [`parse_coord`] reads back.

use super::{and_list, card_name};
use crate::games::fields_of_green::Deck;
use crate::games::fields_of_green::Pos;
pub use crate::games::fields_of_green::farm::{column_label, column_name};
use crate::games::fields_of_green::farm::{grid_bounds, row_number};
use crate::games::fields_of_green::view::{CellView, FarmView};
use std::collections::BTreeMap;
use std::fmt;

/// The widest a grid may be: cells are drawn one column narrower past it, and a farm still wider
/// is drawn in slices of columns. Phones wrap longer lines in code blocks, which wrecks a grid;
/// 34 monospaced characters fit a 390 px phone screen (issue 32).
pub const GRID_MAX_WIDTH: usize = 34;

/// The part of the plane a farm is drawn on: the cards' bounding box grown by one space on every
/// side, so the outermost build spaces are inside it. Labels do not depend on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GridBounds {
    /// Top-left space.
    pub min: Pos,
    /// Bottom-right space.
    pub max: Pos,
}

impl GridBounds {
    /// The grid of `farm`. An empty farm (never seen in a game) gets the 3x3 grid around (0, 0).
    pub fn of(farm: &FarmView) -> GridBounds {
        let (min, max) = grid_bounds(farm.cells.iter().map(|c| c.pos));
        GridBounds { min, max }
    }

    /// Number of columns.
    pub fn columns(&self) -> usize {
        (i16::from(self.max.x) - i16::from(self.min.x) + 1) as usize
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        (i16::from(self.max.y) - i16::from(self.min.y) + 1) as usize
    }

    /// True when `pos` is on the grid.
    pub fn contains(&self, pos: Pos) -> bool {
        (self.min.x..=self.max.x).contains(&pos.x) && (self.min.y..=self.max.y).contains(&pos.y)
    }

    /// The space in column `col` and row `row` (both counted from 0), if on the grid.
    pub fn pos_at(&self, col: usize, row: usize) -> Option<Pos> {
        if col >= self.columns() || row >= self.rows() {
            return None;
        }
        // In range by the check above, and the grid never leaves i8.
        let x = i8::try_from(i16::from(self.min.x) + col as i16).ok()?;
        let y = i8::try_from(i16::from(self.min.y) + row as i16).ok()?;
        Some(Pos::new(x, y))
    }
}

/// The coordinate of `pos`, e.g. `M26`: the engine's fixed label ([`Pos::label`]), so the grid,
/// the buttons, the log and the engine's refusals name a square alike for the whole game.
pub fn coord_label(pos: Pos) -> String {
    pos.label()
}

/// Reads a coordinate such as `M26` (any case, surrounding spaces ignored) on the grid of `farm`.
/// `None` when it is malformed or off the grid drawn for the farm.
pub fn parse_coord(farm: &FarmView, text: &str) -> Option<Pos> {
    Pos::parse_label(text).filter(|&p| GridBounds::of(farm).contains(p))
}

/// How to draw a farm.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RenderOptions {
    /// Mark the spaces a card may be built on with their own (lowercase) coordinate, and leave
    /// other empty spaces blank: the view for a player choosing where to build. Otherwise every
    /// empty space is a `.`.
    pub show_build_spaces: bool,
    /// Draw only the cards' own rectangle, without the ring of empty spaces around it: the
    /// private panel's main screen, where every line counts on a phone (issue 43); its Build
    /// screen draws the ring, with the spaces to build on.
    pub tight: bool,
}

/// A drawn farm: the grid for a code block and the legend lines that explain it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FarmRender {
    /// The grid: a header row of column letters, then one line per row. ASCII only, no trailing
    /// spaces, lines joined with `\n`.
    pub grid: String,
    /// One line per code used, then Water Towers, Silos, Open Areas, Equipment and (when shown)
    /// build spaces. ASCII only.
    pub legend: Vec<String>,
    /// The legend with the codes' entries shortened to the code and the card's name (`COW Cows`):
    /// the grid already shows where each card is.
    pub short_legend: Vec<String>,
    /// The window of the plane drawn.
    pub bounds: GridBounds,
}

impl fmt::Display for FarmRender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.grid)?;
        for line in &self.legend {
            write!(f, "\n{line}")?;
        }
        Ok(())
    }
}

/// What a cell shows: at most 3 characters, left-aligned so codes line up.
fn cell_content(cell: &CellView) -> String {
    match cell.card.as_str() {
        // The Water is drawn so empty towers (1 VP each at the end) stand out.
        "water_tower" => format!("W{}", cell.water),
        "silo" => "SI".to_string(),
        _ if !cell.face_up => "###".to_string(),
        // Deck codes are validated as 3 characters of A-Z/0-9; filtering keeps a hand-made view
        // from breaking the alignment.
        _ => cell
            .code
            .chars()
            .filter(|c| c.is_ascii_graphic())
            .take(3)
            .collect(),
    }
}

/// The marker after a card's code: `+` for one Equipment tile, `*` for two (ruling 17: at most
/// two per card).
fn equipment_marker(cell: &CellView) -> char {
    match cell.equipment.len() {
        0 => ' ',
        1 => '+',
        _ => '*',
    }
}

/// Draws a farm. See the module docs for the coordinates; the legend names every code drawn.
pub fn render_farm(deck: &Deck, farm: &FarmView, options: RenderOptions) -> FarmRender {
    let mut bounds = GridBounds::of(farm);
    if options.tight && !options.show_build_spaces && !farm.cells.is_empty() {
        // The ring of empty spaces is one space wide on every side (`grid_bounds`).
        bounds.min = Pos::new(bounds.min.x + 1, bounds.min.y + 1);
        bounds.max = Pos::new(bounds.max.x - 1, bounds.max.y - 1);
    }
    let (columns, rows) = (bounds.columns(), bounds.rows());
    // The fixed row numbers of the rows drawn (row 1 at the top of the plane, [`Pos::label`]).
    let row_names: Vec<String> = (0..rows)
        .map(|row| row_number(bounds.pos_at(0, row).expect("inside the grid").y).to_string())
        .collect();
    let label_width = row_names.iter().map(String::len).max().unwrap_or(1);
    // A cell is 5 characters (a space, 3 of content, the marker) while that fits; otherwise 4,
    // the marker slot doubling as the gap, which keeps a 7-card-wide farm plus its margins
    // (9 columns) within 40 characters.
    let wide = label_width + 5 * columns <= GRID_MAX_WIDTH;
    let (lead, gap) = if wide { ("", " ") } else { (" ", "") };

    let header: Vec<String> = (0..columns)
        .map(|col| {
            let x = bounds.pos_at(col, 0).expect("inside the grid").x;
            format!("{gap} {:<3}", column_name(x))
        })
        .collect();
    let build: Vec<Pos> = if options.show_build_spaces {
        build_spaces(farm)
    } else {
        Vec::new()
    };
    let mut rows_cells: Vec<Vec<String>> = Vec::with_capacity(rows);
    for row in 0..rows {
        let mut cells = Vec::with_capacity(columns);
        for col in 0..columns {
            let pos = bounds.pos_at(col, row).expect("inside the grid");
            let (content, marker) = match farm.at(pos) {
                Some(cell) => (cell_content(cell), equipment_marker(cell)),
                None if !options.show_build_spaces => (" .".to_string(), ' '),
                None if build.contains(&pos) => (coord_label(pos).to_lowercase(), ' '),
                None => (String::new(), ' '),
            };
            // A label longer than 3 characters (a farm 27+ columns wide) falls back to a dot.
            let content = if content.len() > 3 {
                " .".to_string()
            } else {
                content
            };
            // The marker hugs the code ("SI+ ", "WHT+"), so it reads as belonging to it.
            cells.push(format!("{gap}{:<4}", format!("{content}{marker}")));
        }
        rows_cells.push(cells);
    }
    // A farm wider than a phone shows is drawn in slices of columns, one under the other,
    // each with its own column letters: a wrapped line would wreck the grid.
    let cell_width = if wide { 5 } else { 4 };
    let most = (GRID_MAX_WIDTH.saturating_sub(label_width + lead.len()) / cell_width).max(1);
    // Slices of even widths (5 + 4 columns, not 8 + 1).
    let per_slice = columns.div_ceil(columns.div_ceil(most)).max(1);
    let mut lines = Vec::with_capacity(rows + 2);
    for start in (0..columns).step_by(per_slice) {
        let end = (start + per_slice).min(columns);
        if start > 0 {
            lines.push(String::new());
        }
        let head = format!("{:label_width$}{lead}{}", "", header[start..end].concat());
        lines.push(head.trim_end().to_string());
        for (name, cells) in row_names.iter().zip(&rows_cells) {
            let line = format!("{name:>label_width$}{lead}{}", cells[start..end].concat());
            lines.push(line.trim_end().to_string());
        }
    }

    let (legend, short_legend) = legend(deck, farm, &build);
    FarmRender {
        grid: lines.join("\n"),
        legend,
        short_legend,
        bounds,
    }
}

/// Empty spaces next to a card (ruling 10), as `Farm::build_spaces` finds them on the real farm.
fn build_spaces(farm: &FarmView) -> Vec<Pos> {
    let mut out: Vec<Pos> = Vec::new();
    for c in &farm.cells {
        for n in c.pos.neighbours() {
            if n != c.pos && farm.at(n).is_none() && !out.contains(&n) {
                out.push(n);
            }
        }
    }
    out.sort_by_key(|p| (p.y, p.x));
    out
}

/// The legend and its short form ([`FarmRender::short_legend`]).
fn legend(deck: &Deck, farm: &FarmView, build: &[Pos]) -> (Vec<String>, Vec<String>) {
    // Reading order (top to bottom, left to right), so lists follow the grid.
    let mut cells: Vec<&CellView> = farm.cells.iter().collect();
    cells.sort_by_key(|c| (c.pos.y, c.pos.x));
    let at = |c: &CellView| coord_label(c.pos);

    let mut codes: BTreeMap<String, (String, Vec<String>)> = BTreeMap::new();
    let mut towers = Vec::new();
    let mut silos = Vec::new();
    let mut open = Vec::new();
    let mut equipment = Vec::new();
    for &c in &cells {
        match c.card.as_str() {
            "water_tower" => {
                towers.push(if c.water == 0 {
                    crate::t!(
                        "fog-legend-tower-empty",
                        at = at(c),
                        water = c.water,
                        capacity = c.capacity
                    )
                } else {
                    crate::t!(
                        "fog-legend-tower",
                        at = at(c),
                        water = c.water,
                        capacity = c.capacity
                    )
                });
            }
            "silo" => silos.push(at(c)),
            _ if !c.face_up => open.push(format!("{} ({})", at(c), card_name(deck, &c.card))),
            _ => {
                let entry = codes
                    .entry(cell_content(c))
                    .or_insert_with(|| (card_name(deck, &c.card), Vec::new()));
                entry.1.push(at(c));
            }
        }
        if !c.equipment.is_empty() {
            let tiles: Vec<String> = c.equipment.iter().map(|e| card_name(deck, e)).collect();
            equipment.push(format!("{} {}", at(c), and_list(&tiles)));
        }
    }

    let short: Vec<String> = codes
        .iter()
        .map(|(code, (name, _))| format!("{code} {name}"))
        .collect();
    let mut out: Vec<String> = codes
        .into_iter()
        .map(|(code, (name, at))| format!("{code:<3} {name}: {}", at.join(", ")))
        .collect();
    let entries = out.len();
    if !towers.is_empty() {
        out.push(crate::t!("fog-legend-towers", list = towers.join(", ")));
    }
    if !silos.is_empty() {
        out.push(crate::t!("fog-legend-silos", list = silos.join(", ")));
    }
    if !open.is_empty() {
        out.push(crate::t!("fog-legend-open", list = open.join(", ")));
    }
    if !equipment.is_empty() {
        out.push(crate::t!(
            "fog-legend-equipment",
            list = equipment.join("; ")
        ));
    }
    if !build.is_empty() {
        out.push(crate::t!("fog-legend-build", n = build.len()));
    }
    let short = short
        .into_iter()
        .chain(out[entries..].iter().cloned())
        .collect();
    (out, short)
}

#[cfg(test)]
mod tests {
    use super::*;
    use smol_str::SmolStr;

    fn cell(deck: &Deck, x: i8, y: i8, card: &str) -> CellView {
        let code = match card {
            "water_tower" => "WT".to_string(),
            "silo" => "SI".to_string(),
            id => deck
                .location(deck.location_by_id(id).expect("known card"))
                .code
                .clone(),
        };
        CellView {
            pos: Pos::new(x, y),
            card: SmolStr::new(card),
            code: SmolStr::new(code),
            face_up: true,
            water: 0,
            capacity: if card == "water_tower" { 3 } else { 0 },
            equipment: vec![],
        }
    }

    /// A farm 7 cards wide and 3 tall with every kind of cell: towers (full and empty), a Silo,
    /// an Open Area, one and two Equipment tiles, and holes.
    fn wide_farm(deck: &Deck) -> FarmView {
        let mut cells = vec![cell(deck, 0, 0, "water_tower"), cell(deck, 1, 0, "silo")];
        cells[0].water = 3;
        let row = [
            "wheat", "barley", "pigs", "sheep", "cows", "brewery", "market",
        ];
        for (i, id) in row.iter().enumerate() {
            cells.push(cell(deck, i as i8 - 2, 1, id));
        }
        cells.push(cell(deck, 4, 0, "water_tower"));
        cells.push(cell(deck, -2, 2, "wheat"));
        cells[3].face_up = false; // barley at (-1, 1)
        cells[2].equipment = vec![SmolStr::new("harrow")]; // wheat at (-2, 1)
        cells[1].equipment = vec![SmolStr::new("sacks"), SmolStr::new("fences")];
        FarmView { cells }
    }

    /// `farm` drawn with the default options, its build spaces shown or not.
    fn render_with_spaces(deck: &Deck, farm: &FarmView, show_build_spaces: bool) -> FarmRender {
        let options = RenderOptions {
            show_build_spaces,
            ..Default::default()
        };
        render_farm(deck, farm, options)
    }

    /// [`wide_farm`], and its drawings with the build spaces hidden and shown.
    fn wide_farm_both_ways() -> (FarmView, [FarmRender; 2]) {
        let deck = Deck::default_deck();
        let farm = wide_farm(&deck);
        let drawn = [false, true].map(|spaces| render_with_spaces(&deck, &farm, spaces));
        (farm, drawn)
    }

    #[test]
    fn a_seven_wide_farm_fits_a_phone_in_both_modes() {
        let (_, drawn) = wide_farm_both_ways();
        for r in drawn {
            // 7 cards plus a margin column on each side.
            assert_eq!(r.bounds.columns(), 9);
            assert_eq!(r.bounds.rows(), 5);
            let lines: Vec<&str> = r.grid.lines().collect();
            // Too wide for a phone in one piece: two slices of header + 5 rows, a blank line
            // between them.
            assert_eq!(lines.len(), 13, "two slices:\n{}", r.grid);
            assert_eq!(lines[6], "");
            for line in &lines {
                assert!(
                    line.len() <= GRID_MAX_WIDTH,
                    "{} chars: {line:?}",
                    line.len()
                );
                assert!(line.is_ascii());
                assert_eq!(line.trim_end(), *line);
            }
            // The fixed column letters (issue 43): x = -3 is J, x = 5 is R.
            assert!(
                lines[0].trim_start().starts_with("J   K   L"),
                "{}",
                lines[0]
            );
            assert!(lines[0].ends_with('N'), "{}", lines[0]);
            assert!(lines[7].trim_start().starts_with('O'), "{}", lines[7]);
            assert!(lines[7].ends_with('R'), "{}", lines[7]);
            assert!(lines[1].starts_with("25"), "{}", lines[1]);
        }
    }

    #[test]
    fn a_small_farm_gets_wide_cells() {
        let deck = Deck::default_deck();
        let farm = FarmView {
            cells: vec![cell(&deck, 0, 0, "water_tower"), cell(&deck, 1, 0, "silo")],
        };
        let r = render_farm(&deck, &farm, RenderOptions::default());
        assert_eq!(
            r.grid,
            "    L    M    N    O\n25  .    .    .    .\n26  .   W0   SI    .\n27  .    .    .    ."
        );
        let b = render_with_spaces(&deck, &farm, true);
        assert_eq!(
            b.grid,
            "    L    M    N    O\n25      m25  n25\n26 l26  W0   SI   o26\n27      m27  n27"
        );
    }

    #[test]
    fn cells_sit_under_their_column_letter() {
        let (farm, drawn) = wide_farm_both_ways();
        for r in drawn {
            // A farm wider than a phone comes in slices of columns: the one with the letter.
            let slices: Vec<Vec<&str>> =
                r.grid.split("\n\n").map(|b| b.lines().collect()).collect();
            for c in &farm.cells {
                let label = coord_label(c.pos);
                let (letters, row) = label.split_at(1);
                let row: usize = row.parse().unwrap();
                let lines = slices
                    .iter()
                    .find(|b| b[0].split_whitespace().any(|w| w == letters))
                    .expect("a slice with the column");
                // The letter stands over the middle of a 3-character code.
                let col = lines[0].find(letters).unwrap() - 1;
                // Line 0 is the header; the rows drawn start at the window's top row.
                let line = lines[row - row_number(r.bounds.min.y) as usize + 1];
                let content = cell_content(c);
                assert_eq!(
                    &line[col..col + content.len()],
                    content,
                    "{label} in\n{}",
                    r.grid
                );
                assert!(line[..row.to_string().len()].trim() == row.to_string());
            }
        }
    }

    #[test]
    fn markers_codes_and_towers() {
        let deck = Deck::default_deck();
        let r = render_farm(&deck, &wide_farm(&deck), RenderOptions::default());
        let lines: Vec<&str> = r.grid.lines().collect();
        // Row 2 holds the tower (3 Water), the Silo with two tiles and the empty tower (in the
        // second slice of columns: the farm is wider than a phone).
        assert!(lines[2].contains("W3  SI*"), "{}", r.grid);
        assert!(lines[9].contains("W0"), "{}", r.grid);
        // Row 3: Wheat with one tile, then the Open Area.
        assert!(lines[3].contains("WHT+###"), "{}", r.grid);
        assert!(!r.grid.contains("BAR"), "an Open Area hides its code");
    }

    #[test]
    fn legend_names_every_code_and_detail() {
        let deck = Deck::default_deck();
        let farm = wide_farm(&deck);
        let r = render_farm(&deck, &farm, RenderOptions::default());
        let legend = r.legend.join("\n");
        let locations = farm
            .cells
            .iter()
            .filter(|c| c.face_up && c.card != "water_tower" && c.card != "silo");
        for c in locations {
            let name = card_name(&deck, &c.card);
            assert!(
                legend.contains(&format!("{} {name}: ", c.code)),
                "{} missing:\n{legend}",
                c.code
            );
        }
        // Wheat is at K27 (with Harrow) and K28.
        assert!(
            r.legend.contains(&"WHT Wheat: K27, K28".to_string()),
            "{legend}"
        );
        assert!(
            r.legend
                .contains(&"Wn  Water Tower, n Water in it: M26 3/3, Q26 0/3 empty".to_string()),
            "{legend}"
        );
        assert!(r.legend.contains(&"SI  Silo: N26".to_string()), "{legend}");
        assert!(
            r.legend
                .contains(&"### Open Area (face-down card): L27 (Barley)".to_string()),
            "{legend}"
        );
        assert!(
            r.legend.contains(
                &"+/* Equipment (+ one tile, * two): N26 Sacks and Fences; K27 Harrow".to_string()
            ),
            "{legend}"
        );
        assert!(!legend.contains("build on"));
        let b = render_with_spaces(&deck, &farm, true);
        assert!(
            b.legend.last().unwrap().starts_with("m25 lowercase: "),
            "{:?}",
            b.legend
        );
        assert!(b.legend.iter().all(|l| l.is_ascii()));
    }

    #[test]
    fn build_spaces_are_labelled_with_their_coordinates() {
        let deck = Deck::default_deck();
        let farm = wide_farm(&deck);
        let r = render_with_spaces(&deck, &farm, true);
        let spaces = build_spaces(&farm);
        assert!(!spaces.is_empty());
        for p in &spaces {
            let label = coord_label(*p).to_lowercase();
            assert!(r.grid.contains(&label), "{label} missing in\n{}", r.grid);
            assert_eq!(parse_coord(&farm, &label), Some(*p));
        }
        // The corner (J25) is next to no card: blank, not a build space.
        assert!(!r.grid.contains("j25"));
    }

    #[test]
    fn coordinates_round_trip() {
        let deck = Deck::default_deck();
        let farm = wide_farm(&deck);
        let b = GridBounds::of(&farm);
        assert_eq!(b.min, Pos::new(-3, -1));
        assert_eq!(b.max, Pos::new(5, 3));
        for row in 0..b.rows() {
            for col in 0..b.columns() {
                let p = b.pos_at(col, row).unwrap();
                let label = coord_label(p);
                assert_eq!(parse_coord(&farm, &label), Some(p), "{label}");
                assert_eq!(
                    parse_coord(&farm, &format!(" {} ", label.to_lowercase())),
                    Some(p)
                );
            }
        }
        assert_eq!(coord_label(Pos::new(-3, -1)), "J25");
        assert_eq!(coord_label(Pos::new(0, 0)), "M26");
        // Off the window drawn: a label, but not one to read back on this farm.
        assert_eq!(coord_label(Pos::new(9, 9)), "V35");
        for bad in [
            "", "M", "26", "V35", "I25", "J30", "J0", "J025", "3B", "M-1", "M 26", "AAAA1", "M26x",
            "é3",
        ] {
            assert_eq!(parse_coord(&farm, bad), None, "{bad:?}");
        }
    }

    #[test]
    fn column_labels_go_past_z() {
        assert_eq!(column_label(0), "A");
        assert_eq!(column_label(25), "Z");
        assert_eq!(column_label(26), "AA");
        assert_eq!(column_label(27), "AB");
        assert_eq!(column_label(26 * 27), "AAA");
        // A farm in one long line still labels and parses.
        let deck = Deck::default_deck();
        let farm = FarmView {
            cells: (0..30).map(|x| cell(&deck, x, 0, "silo")).collect(),
        };
        assert_eq!(coord_label(Pos::new(29, 0)), "AP26");
        assert_eq!(parse_coord(&farm, "ap26"), Some(Pos::new(29, 0)));
    }
}
