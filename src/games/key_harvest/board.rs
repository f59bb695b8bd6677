//! The country board (our own design; docs/CLI.md, "Key Harvest board files"): the hex grid, the crop of each of the 56
//! field tiles and the four start pairs, loaded from a TOML data file (`board.toml`, section 5).
//!
//! One file on purpose (issue 31): the grid's numbering, its bitmask geometry and the loader's
//! checks of a board file all rest on the same `Space` numbering; most of the rest is tests.
//!
//! A space and the field tile with the same reference share one number, the [`Space`]: the
//! row-major index `row * columns + (column - 1)`. Sets of spaces are bitmasks ([`SpaceSet`]), so
//! adjacency (KH 2) and groups (KH 65) are a few word operations.
//!
//! The file is read by hand from a `toml::Table`, as the Fields of Green deck is, so that every
//! error names the field or reference at fault (`tiles.B9: no such space (rows A-G, columns
//! 1-8)`). Unknown keys are refused. Positions in errors count from 1 (`start_pair[2]` is the
//! second `[[start_pair]]`), as a person reading the file counts them.
//!
//! Pure: the only I/O is [`Board::load`], which reads one file.

use crate::toml_read::{found, join};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::{Arc, OnceLock};
use toml::{Table, Value};

/// A space (and the field tile with the same reference): row-major index,
/// row * columns + (column - 1). Always < 56.
pub type Space = u8;
/// 56 spaces fit a u64: bit s is space s.
pub type SpaceSet = u64;

/// Every space of a board.
pub const ALL_SPACES: SpaceSet = (1 << Board::SPACES) - 1;

/// The one-space set `{s}`.
pub const fn bit(s: Space) -> SpaceSet {
    1 << s
}

/// The spaces of `set`, in increasing order.
pub fn spaces_in(set: SpaceSet) -> impl Iterator<Item = Space> {
    let mut rest = set;
    std::iter::from_fn(move || {
        if rest == 0 {
            None
        } else {
            let s = rest.trailing_zeros() as Space;
            rest &= rest - 1;
            Some(s)
        }
    })
}

/// The five crops (docs/CLI.md, "Key Harvest board files").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Crop {
    Hops,
    Vegetables,
    CiderApples,
    Wine,
    Wheat,
}

/// The first crop: only to fill the unused places of an inline list of crops
/// ([`Few`](super::Few)), which never reads them.
impl Default for Crop {
    fn default() -> Crop {
        Crop::Hops
    }
}

impl Crop {
    pub const ALL: [Crop; 5] = [
        Crop::Hops,
        Crop::Vegetables,
        Crop::CiderApples,
        Crop::Wine,
        Crop::Wheat,
    ];

    /// 0..5, in [`Crop::ALL`] order.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The crop at `i` in [`Crop::ALL`]. Panics when `i >= 5`.
    pub fn from_index(i: usize) -> Crop {
        Crop::ALL[i]
    }

    /// The id used in data files: `hops`, `vegetables`, `cider_apples`, `wine`, `wheat`.
    pub fn id(self) -> &'static str {
        match self {
            Crop::Hops => "hops",
            Crop::Vegetables => "vegetables",
            Crop::CiderApples => "cider_apples",
            Crop::Wine => "wine",
            Crop::Wheat => "wheat",
        }
    }

    /// The name shown to players: `hops`, `vegetables`, `cider apples`, `wine`, `wheat`.
    pub fn name(self) -> &'static str {
        match self {
            Crop::CiderApples => "cider apples",
            other => other.id(),
        }
    }

    /// The name for one counter: `hop`, `vegetable`, `cider apple`, `wine`, `wheat` ("1
    /// vegetable", not "1 vegetables").
    pub fn one_name(self) -> &'static str {
        match self {
            Crop::Hops => "hop",
            Crop::Vegetables => "vegetable",
            Crop::CiderApples => "cider apple",
            Crop::Wine => "wine",
            Crop::Wheat => "wheat",
        }
    }

    /// The crop with this id (exactly as [`Crop::id`] gives it).
    pub fn parse(id: &str) -> Option<Crop> {
        Crop::ALL.into_iter().find(|c| c.id() == id)
    }
}

impl fmt::Display for Crop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One start pair (KH 10): a colour label and its two field tiles.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartPair {
    pub colour: String,
    pub tiles: [Space; 2],
    /// The colour in Japanese (`colour_ja` in the file; optional: players reading Japanese see
    /// the English colour when it is missing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour_ja: Option<String>,
}

/// What the data file says about one crop.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CropInfo {
    /// The display letter, a single ASCII capital.
    pub letter: char,
    /// The colour of its counters (a label only).
    pub counter: String,
    /// How many field tiles hold this crop.
    pub tiles: u8,
    /// The crop's name in Japanese (`name_ja` in the file; optional, English when missing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_ja: Option<String>,
    /// The counter colour in Japanese (`counter_ja`; optional, English when missing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counter_ja: Option<String>,
}

/// Why a board file (or a stored board) was rejected. Each message names the field or the
/// reference at fault; positions count from 1.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BoardError {
    /// The text is not TOML.
    #[error("not a valid TOML file: {0}")]
    Syntax(String),
    /// The file could not be read.
    #[error("{path}: cannot read the board file: {message}")]
    Read { path: String, message: String },
    /// A file was read but its content is wrong.
    // The inner error is shown in the text, not chained as a source: a report printing the
    // whole chain said it twice.
    #[error("{path}: {error}")]
    InFile {
        path: String,
        error: Box<BoardError>,
    },
    /// A key the schema does not know (a typo must not silently drop data).
    #[error("{field}: unknown field; expected one of: {expected}")]
    UnknownField { field: String, expected: String },
    #[error("{field}: missing field")]
    MissingField { field: String },
    /// A value of the wrong type or out of range.
    #[error("{field}: {message}")]
    BadValue { field: String, message: String },
    /// `rows` and `columns` do not give 56 spaces.
    #[error("board.rows and board.columns give {rows} x {columns} = {} spaces; the board has 56", .rows * .columns)]
    SpaceCount { rows: usize, columns: usize },
    /// A reference that names no space.
    #[error("{field}: no such space{} ({range})", quoted_ref(.reference))]
    NoSuchSpace {
        field: String,
        reference: String,
        range: String,
    },
    /// Two keys of `[tiles]` name the same space (`b4` and `B4`).
    #[error("tiles.{field}: {reference} is already given")]
    DuplicateTile { field: String, reference: String },
    #[error("tiles.{reference}: missing; every space needs one field tile")]
    MissingTile { reference: String },
    /// Two crops share a letter.
    #[error("crops.{crop}.letter: \"{letter}\" is already the letter of {other}")]
    DuplicateLetter {
        crop: &'static str,
        letter: char,
        other: &'static str,
    },
    #[error("crops.{crop}.tiles is {declared} but {actual} tiles are {crop}")]
    TileCount {
        crop: &'static str,
        declared: usize,
        actual: usize,
    },
    #[error("crops: the tiles values sum to {0}; the board has 56 spaces")]
    TileSum(usize),
    #[error("start_pair: expected 4 start pairs, found {0}")]
    StartPairCount(usize),
    /// `start_pair[pair].tiles`: a tile already in an earlier pair (`other` counts from 1).
    #[error("start_pair[{pair}].tiles: {reference} is already in start pair {other}")]
    StartTileReused {
        pair: usize,
        reference: String,
        other: usize,
    },
    #[error(
        "start_pair[{pair}].tiles: both tiles are {reference}; a pair needs two different tiles"
    )]
    StartTilesEqual { pair: usize, reference: String },
    #[error("start_pair[{pair}].colour: \"{colour}\" is already the colour of start pair {other}")]
    StartColourReused {
        pair: usize,
        colour: String,
        other: usize,
    },
}

type Res<T> = Result<T, BoardError>;

/// ` "Z9"`, or nothing when the field already names the reference.
fn quoted_ref(reference: &str) -> String {
    if reference.is_empty() {
        String::new()
    } else {
        format!(" \"{reference}\"")
    }
}

fn bad(field: impl Into<String>, message: impl Into<String>) -> BoardError {
    BoardError::BadValue {
        field: field.into(),
        message: message.into(),
    }
}

/// The board as stored (in game snapshots): only the data, no derived tables. Turning it into a
/// [`Board`] runs every check and rebuilds the tables.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardData {
    rows: Vec<String>,
    columns: usize,
    /// In [`Crop::ALL`] order.
    crops: [CropInfo; 5],
    /// The crop of each space, by [`Space`].
    tiles: Vec<Crop>,
    start_pairs: Vec<StartPair>,
}

/// The country board: grid, crops of the 56 field tiles, start pairs. A serialized board
/// deserializes through the same checks as a file and gets its neighbour tables rebuilt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "BoardData", into = "BoardData")]
pub struct Board {
    rows: Vec<String>,
    columns: usize,
    crops: [CropInfo; 5],
    tiles: [Crop; Board::SPACES],
    start_pairs: Vec<StartPair>,
    // Derived from the above.
    neighbours: [SpaceSet; Board::SPACES],
    /// Each space's spaces at a distance of at most 2 (itself included).
    within_two: [SpaceSet; Board::SPACES],
    by_crop: [SpaceSet; 5],
    shifts: Shifts,
}

impl From<Board> for BoardData {
    fn from(b: Board) -> BoardData {
        BoardData {
            rows: b.rows,
            columns: b.columns,
            crops: b.crops,
            tiles: b.tiles.to_vec(),
            start_pairs: b.start_pairs,
        }
    }
}

impl TryFrom<BoardData> for Board {
    type Error = BoardError;
    fn try_from(d: BoardData) -> Res<Board> {
        Board::from_data(d)
    }
}

/// The grid part of a board, checked: enough to turn references into spaces.
struct Grid<'a> {
    rows: &'a [String],
    columns: usize,
}

impl Grid<'_> {
    fn space(&self, r: &str) -> Option<Space> {
        let r = r.trim();
        let split = r
            .find(|ch: char| !ch.is_ascii_alphabetic())
            .unwrap_or(r.len());
        let (letters, digits) = r.split_at(split);
        if letters.is_empty() || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let row = self
            .rows
            .iter()
            .position(|l| l.eq_ignore_ascii_case(letters))?;
        let column: usize = digits.parse().ok()?;
        if !(1..=self.columns).contains(&column) {
            return None;
        }
        Some((row * self.columns + column - 1) as Space)
    }

    fn reference(&self, s: Space) -> String {
        let s = s as usize;
        format!("{}{}", self.rows[s / self.columns], s % self.columns + 1)
    }

    /// `rows A-G, columns 1-8`, for errors.
    fn range(&self) -> String {
        let first = self.rows.first().map_or("", String::as_str);
        let last = self.rows.last().map_or("", String::as_str);
        format!("rows {first}-{last}, columns 1-{}", self.columns)
    }
}

/// Checks the row labels and the column count (they must give 56 spaces).
fn check_grid(rows: &[String], columns: usize) -> Res<()> {
    if rows.is_empty() {
        return Err(bad("board.rows", "needs at least one row"));
    }
    for (i, label) in rows.iter().enumerate() {
        let field = format!("board.rows[{}]", i + 1);
        if label.is_empty() || label.len() > 3 || !label.bytes().all(|b| b.is_ascii_uppercase()) {
            return Err(bad(
                field,
                format!("\"{label}\" is not a row label: 1 to 3 capital letters A-Z"),
            ));
        }
        if let Some(j) = rows[..i].iter().position(|l| l == label) {
            return Err(bad(field, format!("\"{label}\" is already row {}", j + 1)));
        }
    }
    if columns == 0 {
        return Err(bad("board.columns", "needs at least one column"));
    }
    if rows.len() * columns != Board::SPACES {
        return Err(BoardError::SpaceCount {
            rows: rows.len(),
            columns,
        });
    }
    Ok(())
}

fn check_offset(offset: &str) -> Res<()> {
    if offset != "odd-r" {
        return Err(bad(
            "board.offset",
            format!("\"{offset}\" is not supported; expected \"odd-r\""),
        ));
    }
    Ok(())
}

fn crop_ids() -> String {
    Crop::ALL.map(Crop::id).join(", ")
}

impl Board {
    pub const SPACES: usize = 56;

    /// The default board shipped in the binary (`board.toml`), parsed once. A unit test
    /// guarantees it is valid, so the panic cannot happen in a tested build.
    pub fn standard() -> Arc<Board> {
        static STANDARD: OnceLock<Arc<Board>> = OnceLock::new();
        Arc::clone(STANDARD.get_or_init(|| {
            let board = Board::from_toml(include_str!("board.toml"));
            Arc::new(board.unwrap_or_else(|e| panic!("the embedded board.toml is invalid: {e}")))
        }))
    }

    /// Parses and checks a board file (docs/CLI.md, "Key Harvest board files").
    pub fn from_toml(text: &str) -> Result<Board, BoardError> {
        let root: Table =
            toml::from_str(text).map_err(|e| BoardError::Syntax(crate::toml_error(&e, text)))?;
        read_board(&root)
    }

    /// Checks the text of a board file read from `path`; an error names the path. The caller
    /// reads the file (the engine does no I/O; see `tests/suite/engine_purity.rs`), and reports a read
    /// failure as [`BoardError::Read`].
    pub fn from_file_text(path: &str, text: &str) -> Result<Board, BoardError> {
        Board::from_toml(text).map_err(|e| BoardError::InFile {
            path: path.to_string(),
            error: Box::new(e),
        })
    }

    /// Checks the data (every loader check that does not depend on the TOML form) and builds
    /// the derived tables.
    fn from_data(d: BoardData) -> Res<Board> {
        check_grid(&d.rows, d.columns)?;
        let grid = Grid {
            rows: &d.rows,
            columns: d.columns,
        };
        // Letters: single distinct capitals.
        for c in Crop::ALL {
            let letter = d.crops[c.index()].letter;
            if !letter.is_ascii_uppercase() {
                return Err(bad(
                    format!("crops.{}.letter", c.id()),
                    format!("\"{letter}\" is not a single capital letter A-Z"),
                ));
            }
            if let Some(other) = Crop::ALL[..c.index()]
                .iter()
                .find(|o| d.crops[o.index()].letter == letter)
            {
                return Err(BoardError::DuplicateLetter {
                    crop: c.id(),
                    letter,
                    other: other.id(),
                });
            }
            if d.crops[c.index()].counter.trim().is_empty() {
                return Err(bad(
                    format!("crops.{}.counter", c.id()),
                    "the counter colour must not be empty",
                ));
            }
        }
        let tiles: [Crop; Board::SPACES] = d.tiles.as_slice().try_into().map_err(|_| {
            bad(
                "tiles",
                format!("expected 56 field tiles, found {}", d.tiles.len()),
            )
        })?;
        let mut by_crop = [0 as SpaceSet; 5];
        for (s, crop) in tiles.iter().enumerate() {
            by_crop[crop.index()] |= bit(s as Space);
        }
        let sum: usize = d.crops.iter().map(|i| i.tiles as usize).sum();
        if sum != Board::SPACES {
            return Err(BoardError::TileSum(sum));
        }
        for c in Crop::ALL {
            let declared = d.crops[c.index()].tiles as usize;
            let actual = by_crop[c.index()].count_ones() as usize;
            if declared != actual {
                return Err(BoardError::TileCount {
                    crop: c.id(),
                    declared,
                    actual,
                });
            }
        }
        // Start pairs: exactly 4, 8 different tiles, 4 different colours.
        if d.start_pairs.len() != 4 {
            return Err(BoardError::StartPairCount(d.start_pairs.len()));
        }
        for (i, pair) in d.start_pairs.iter().enumerate() {
            let n = i + 1;
            let colour = pair.colour.trim();
            if colour.is_empty() {
                return Err(bad(
                    format!("start_pair[{n}].colour"),
                    "the colour must not be empty",
                ));
            }
            if let Some(j) = d.start_pairs[..i]
                .iter()
                .position(|p| p.colour.trim().eq_ignore_ascii_case(colour))
            {
                return Err(BoardError::StartColourReused {
                    pair: n,
                    colour: pair.colour.clone(),
                    other: j + 1,
                });
            }
            for (k, &t) in pair.tiles.iter().enumerate() {
                if t as usize >= Board::SPACES {
                    return Err(BoardError::NoSuchSpace {
                        field: format!("start_pair[{n}].tiles[{}]", k + 1),
                        reference: format!("space {t}"),
                        range: grid.range(),
                    });
                }
            }
            let [a, b] = pair.tiles;
            if a == b {
                return Err(BoardError::StartTilesEqual {
                    pair: n,
                    reference: grid.reference(a),
                });
            }
            for t in pair.tiles {
                if let Some(j) = d.start_pairs[..i].iter().position(|p| p.tiles.contains(&t)) {
                    return Err(BoardError::StartTileReused {
                        pair: n,
                        reference: grid.reference(t),
                        other: j + 1,
                    });
                }
            }
        }
        let neighbours = neighbour_table(d.rows.len(), d.columns);
        let shifts = Shifts::new(d.columns);
        let mut board = Board {
            rows: d.rows,
            columns: d.columns,
            crops: d.crops,
            tiles,
            start_pairs: d.start_pairs,
            neighbours,
            within_two: [0; Board::SPACES],
            by_crop,
            shifts,
        };
        for a in 0..Board::SPACES as Space {
            board.within_two[a as usize] = (0..Board::SPACES as Space)
                .filter(|&b| board.distance(a, b) <= 2)
                .fold(0, |m, b| m | bit(b));
        }
        Ok(board)
    }

    fn grid(&self) -> Grid<'_> {
        Grid {
            rows: &self.rows,
            columns: self.columns,
        }
    }

    /// Number of rows, e.g. 7.
    pub fn rows(&self) -> usize {
        self.rows.len()
    }

    /// Number of columns, e.g. 8.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// The label of row `r` (0-based), e.g. `A`.
    pub fn row_label(&self, r: usize) -> &str {
        &self.rows[r]
    }

    /// The crop of the field tile with reference `s`.
    pub fn crop(&self, s: Space) -> Crop {
        self.tiles[s as usize]
    }

    /// The display letter of a crop, from the file, e.g. `H`.
    pub fn letter(&self, c: Crop) -> char {
        self.crops[c.index()].letter
    }

    /// The colour of a crop's counters, from the file, e.g. `brown`.
    pub fn counter_colour(&self, c: Crop) -> &str {
        &self.crops[c.index()].counter
    }

    /// The crop's name in Japanese, from the file (`name_ja`), if it gives one.
    pub fn crop_name_ja(&self, c: Crop) -> Option<&str> {
        self.crops[c.index()].name_ja.as_deref()
    }

    /// The colour of a crop's counters in Japanese (`counter_ja`), if the file gives one.
    pub fn counter_colour_ja(&self, c: Crop) -> Option<&str> {
        self.crops[c.index()].counter_ja.as_deref()
    }

    /// The Japanese name of start pair colour `colour` (as the file spells it in English), if
    /// the file gives one.
    pub fn start_colour_ja(&self, colour: &str) -> Option<&str> {
        self.start_pairs
            .iter()
            .find(|p| p.colour == colour)
            .and_then(|p| p.colour_ja.as_deref())
    }

    /// The crop shown with this letter (case-insensitive).
    pub fn crop_of_letter(&self, letter: char) -> Option<Crop> {
        let letter = letter.to_ascii_uppercase();
        Crop::ALL.into_iter().find(|&c| self.letter(c) == letter)
    }

    /// The spaces adjacent to `s` (KH 2, odd-r offset rule of section 1).
    pub fn neighbours(&self, s: Space) -> SpaceSet {
        self.neighbours[s as usize]
    }

    /// True when `a` and `b` are adjacent (a space is not adjacent to itself).
    pub fn is_adjacent(&self, a: Space, b: Space) -> bool {
        self.neighbours[a as usize] & bit(b) != 0
    }

    /// Hex distance (section 1): 1 for adjacent spaces, 10 from A1 to G8.
    pub fn distance(&self, a: Space, b: Space) -> u8 {
        let (ax, az) = self.cube(a);
        let (bx, bz) = self.cube(b);
        let (dx, dz) = (ax - bx, az - bz);
        let dy = -dx - dz;
        dx.abs().max(dy.abs()).max(dz.abs()) as u8
    }

    /// The spaces at a [`Board::distance`] of at most 2 from `s`, `s` included (the bots ask
    /// whether a tile is near a farm for every tile they weigh).
    pub fn within_two(&self, s: Space) -> SpaceSet {
        self.within_two[s as usize]
    }

    /// Cube coordinates x and z (y = -x - z) of an odd-r space.
    fn cube(&self, s: Space) -> (i32, i32) {
        let r = (s as usize / self.columns) as i32;
        let q = (s as usize % self.columns) as i32;
        (q - (r - (r & 1)) / 2, r)
    }

    /// The reference of a space, `A1` to `G8`.
    pub fn reference(&self, s: Space) -> String {
        self.grid().reference(s)
    }

    /// The space with this reference; case-insensitive, surrounding spaces ignored.
    pub fn parse_reference(&self, r: &str) -> Option<Space> {
        self.grid().space(r)
    }

    /// The four start pairs, in file order.
    pub fn start_pairs(&self) -> &[StartPair] {
        &self.start_pairs
    }

    /// The spaces whose field tile holds crop `c`.
    pub fn tiles_of(&self, c: Crop) -> SpaceSet {
        self.by_crop[c.index()]
    }

    /// The group (KH 2) of `tiles` that contains `seed`: every space of `tiles` linked to `seed`
    /// through adjacent spaces of `tiles`. Empty when `seed` is not in `tiles`.
    pub fn group_of(&self, tiles: SpaceSet, seed: Space) -> SpaceSet {
        let tiles = tiles & ALL_SPACES;
        if tiles & bit(seed) == 0 {
            return 0;
        }
        // Each tile of the group is taken from `todo` once and adds its neighbours from the
        // table: a farm's groups are a few tiles, and a look-up per tile costs less than
        // shifting the whole frontier six ways on every step (callgrind: the harvest listing
        // spent 11% of a random game here).
        let mut group = bit(seed);
        let mut todo = group;
        while todo != 0 {
            let s = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let new = self.neighbours[s] & tiles & !group;
            group |= new;
            todo |= new;
        }
        group
    }

    /// Every space next to at least one space of `set` (the union of their neighbours), by a
    /// few shifts of the whole set instead of one table look-up per space.
    #[inline]
    pub fn around(&self, set: SpaceSet) -> SpaceSet {
        let [a, b, c, d, e, f] = self.shifts.planes(set);
        a | b | c | d | e | f
    }

    /// For every space at once, how many spaces of `set` touch it, as bit planes: a space
    /// touches `c0 + 2 c1 + 4 c2` of them (a space has at most 6 neighbours, so three planes
    /// never overflow). Each of the six directions is added as a whole shifted set.
    #[inline]
    pub fn touching(&self, set: SpaceSet) -> [SpaceSet; 3] {
        let (mut c0, mut c1, mut c2) = (0u64, 0u64, 0u64);
        for m in self.shifts.planes(set) {
            let k0 = c0 & m;
            c0 ^= m;
            let k1 = c1 & k0;
            c1 ^= k0;
            c2 |= k1;
        }
        [c0, c1, c2]
    }

    /// The groups (connected components, KH 2 and KH 65) of `tiles`, ordered by their lowest
    /// space.
    pub fn groups(&self, tiles: SpaceSet) -> Vec<SpaceSet> {
        let mut out = Vec::new();
        self.for_each_group(tiles, |g| out.push(g));
        out
    }

    /// Calls `f` with each group of `tiles` in the order of [`Board::groups`], without collecting
    /// them (the listing of legal actions and the bots' board value ask on every decision).
    #[inline]
    pub fn for_each_group(&self, tiles: SpaceSet, mut f: impl FnMut(SpaceSet)) {
        let mut rest = tiles & ALL_SPACES;
        while rest != 0 {
            let g = self.group_of(rest, rest.trailing_zeros() as Space);
            f(g);
            rest &= !g;
        }
    }
}

/// The six neighbour directions of an odd-r grid as shifts of a whole set of spaces: across a
/// row a space's index moves by 1, between rows by `columns` (and one more or less on the
/// diagonal, which depends on the row's parity), masked where a step would leave the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shifts {
    columns: u32,
    /// Spaces not in the first column, not in the last, in an even row (0-based).
    not_first: SpaceSet,
    not_last: SpaceSet,
    even: SpaceSet,
}

impl Shifts {
    fn new(columns: usize) -> Shifts {
        let (mut first, mut last, mut even) = (0, 0, 0);
        for s in 0..Board::SPACES {
            let (r, c) = (s / columns, s % columns);
            if c == 0 {
                first |= bit(s as Space);
            }
            if c + 1 == columns {
                last |= bit(s as Space);
            }
            if r % 2 == 0 {
                even |= bit(s as Space);
            }
        }
        Shifts {
            columns: columns as u32,
            not_first: ALL_SPACES & !first,
            not_last: ALL_SPACES & !last,
            even,
        }
    }

    /// `set` moved one step in each direction: east, west, then the row below to the left and
    /// to the right, then the row above likewise. Each space's neighbour in one direction is
    /// in exactly one plane, so adding the planes counts neighbours.
    #[inline]
    fn planes(&self, set: SpaceSet) -> [SpaceSet; 6] {
        let c = self.columns;
        let set = set & ALL_SPACES;
        let e = set & self.even;
        let o = set & !self.even;
        // Even rows reach the column to the left and their own; odd rows their own and the
        // column to the right (odd-r).
        let el = e & self.not_first;
        let or = o & self.not_last;
        [
            (set & self.not_last) << 1,
            (set & self.not_first) >> 1,
            (el << (c - 1)) | (o << c),
            (e << c) | (or << (c + 1)),
            (el >> (c + 1)) | (o >> c),
            (e >> c) | (or >> (c - 1)),
        ]
        .map(|m| m & ALL_SPACES)
    }
}

/// Neighbour masks for an odd-r grid (section 1's table).
fn neighbour_table(rows: usize, columns: usize) -> [SpaceSet; Board::SPACES] {
    let mut table = [0; Board::SPACES];
    for r in 0..rows as i32 {
        for c in 0..columns as i32 {
            let odd = r & 1;
            let deltas = [
                (0, -1),
                (0, 1),
                (-1, -1 + odd),
                (-1, odd),
                (1, -1 + odd),
                (1, odd),
            ];
            let mut mask = 0;
            for (dr, dc) in deltas {
                let (nr, nc) = (r + dr, c + dc);
                if (0..rows as i32).contains(&nr) && (0..columns as i32).contains(&nc) {
                    mask |= bit((nr as usize * columns + nc as usize) as Space);
                }
            }
            table[r as usize * columns + c as usize] = mask;
        }
    }
    table
}

// ---------------------------------------------------------------------------------------------
// Reading the TOML file.

fn check_keys(t: &Table, path: &str, allowed: &[&str]) -> Res<()> {
    match t.keys().find(|k| !allowed.contains(&k.as_str())) {
        Some(k) => Err(BoardError::UnknownField {
            field: join(path, k),
            expected: allowed.join(", "),
        }),
        None => Ok(()),
    }
}

fn required<'v>(t: &'v Table, path: &str, key: &str) -> Res<&'v Value> {
    t.get(key).ok_or_else(|| BoardError::MissingField {
        field: join(path, key),
    })
}

fn as_table<'v>(v: &'v Value, field: &str) -> Res<&'v Table> {
    v.as_table()
        .ok_or_else(|| bad(field, format!("expected a table, found {}", found(v))))
}

fn as_str<'v>(v: &'v Value, field: &str) -> Res<&'v str> {
    v.as_str()
        .ok_or_else(|| bad(field, format!("expected a string, found {}", found(v))))
}

/// An optional non-empty text field (a translated name).
fn optional_text(t: &Table, path: &str, key: &str) -> Res<Option<String>> {
    let Some(v) = t.get(key) else {
        return Ok(None);
    };
    let field = join(path, key);
    let text = as_str(v, &field)?.trim();
    if text.is_empty() {
        return Err(bad(field, "must not be empty (leave it out instead)"));
    }
    Ok(Some(text.to_string()))
}

fn as_list<'v>(v: &'v Value, field: &str) -> Res<&'v [Value]> {
    v.as_array()
        .map(Vec::as_slice)
        .ok_or_else(|| bad(field, format!("expected a list, found {}", found(v))))
}

fn as_int(v: &Value, field: &str, lo: i64, hi: i64) -> Res<i64> {
    let n = v
        .as_integer()
        .ok_or_else(|| bad(field, format!("expected an integer, found {}", found(v))))?;
    if n < lo || n > hi {
        return Err(bad(
            field,
            format!("expected an integer from {lo} to {hi}, found {n}"),
        ));
    }
    Ok(n)
}

fn read_board(root: &Table) -> Res<Board> {
    check_keys(
        root,
        "",
        &["schema", "board", "crops", "tiles", "start_pair"],
    )?;
    let schema = as_int(required(root, "", "schema")?, "schema", i64::MIN, i64::MAX)?;
    if schema != 1 {
        return Err(bad(
            "schema",
            format!("schema {schema} is not supported; expected 1"),
        ));
    }

    // [board]
    let board = as_table(required(root, "", "board")?, "board")?;
    check_keys(board, "board", &["rows", "columns", "offset"])?;
    let rows = as_list(required(board, "board", "rows")?, "board.rows")?
        .iter()
        .enumerate()
        .map(|(i, v)| as_str(v, &format!("board.rows[{}]", i + 1)).map(str::to_string))
        .collect::<Res<Vec<_>>>()?;
    let columns = as_int(
        required(board, "board", "columns")?,
        "board.columns",
        1,
        Board::SPACES as i64,
    )? as usize;
    check_offset(as_str(required(board, "board", "offset")?, "board.offset")?)?;
    check_grid(&rows, columns)?;
    let grid = Grid {
        rows: &rows,
        columns,
    };

    // [crops]
    let crops_t = as_table(required(root, "", "crops")?, "crops")?;
    if let Some(k) = crops_t.keys().find(|k| Crop::parse(k).is_none()) {
        return Err(bad(
            format!("crops.{k}"),
            format!("unknown crop; expected {}", crop_ids()),
        ));
    }
    let mut crops = Vec::with_capacity(5);
    for c in Crop::ALL {
        let path = format!("crops.{}", c.id());
        let t = as_table(required(crops_t, "crops", c.id())?, &path)?;
        check_keys(
            t,
            &path,
            &["letter", "counter", "tiles", "name_ja", "counter_ja"],
        )?;
        let letter_field = join(&path, "letter");
        let letter = as_str(required(t, &path, "letter")?, &letter_field)?;
        let mut chars = letter.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(ch), None) if ch.is_ascii_uppercase() => ch,
            _ => {
                return Err(bad(
                    letter_field,
                    format!("\"{letter}\" is not a single capital letter A-Z"),
                ));
            }
        };
        let counter = as_str(required(t, &path, "counter")?, &join(&path, "counter"))?;
        let tiles = as_int(
            required(t, &path, "tiles")?,
            &join(&path, "tiles"),
            0,
            Board::SPACES as i64,
        )? as u8;
        let name_ja = optional_text(t, &path, "name_ja")?;
        let counter_ja = optional_text(t, &path, "counter_ja")?;
        crops.push(CropInfo {
            letter,
            counter: counter.to_string(),
            tiles,
            name_ja,
            counter_ja,
        });
    }
    let crops: [CropInfo; 5] = crops.try_into().expect("five crops");
    let sum: usize = crops.iter().map(|i| i.tiles as usize).sum();
    if sum != Board::SPACES {
        return Err(BoardError::TileSum(sum));
    }

    // [tiles]
    let tiles_t = as_table(required(root, "", "tiles")?, "tiles")?;
    let mut tiles: [Option<Crop>; Board::SPACES] = [None; Board::SPACES];
    for (key, v) in tiles_t {
        let field = format!("tiles.{key}");
        let s = grid.space(key).ok_or_else(|| BoardError::NoSuchSpace {
            field: field.clone(),
            reference: String::new(),
            range: grid.range(),
        })?;
        let id = as_str(v, &field)?;
        let crop = Crop::parse(id).ok_or_else(|| {
            bad(
                &field,
                format!("unknown crop \"{id}\"; expected {}", crop_ids()),
            )
        })?;
        if tiles[s as usize].is_some() {
            return Err(BoardError::DuplicateTile {
                field: key.clone(),
                reference: grid.reference(s),
            });
        }
        tiles[s as usize] = Some(crop);
    }
    let tiles = (0..Board::SPACES)
        .map(|s| {
            tiles[s].ok_or_else(|| BoardError::MissingTile {
                reference: grid.reference(s as Space),
            })
        })
        .collect::<Res<Vec<_>>>()?;

    // [[start_pair]]
    let pairs = as_list(required(root, "", "start_pair")?, "start_pair")?;
    let mut start_pairs = Vec::with_capacity(pairs.len());
    for (i, v) in pairs.iter().enumerate() {
        let path = format!("start_pair[{}]", i + 1);
        let t = as_table(v, &path)?;
        check_keys(t, &path, &["colour", "tiles", "colour_ja"])?;
        let colour_ja = optional_text(t, &path, "colour_ja")?;
        let colour = as_str(required(t, &path, "colour")?, &join(&path, "colour"))?;
        let tiles_field = join(&path, "tiles");
        let refs = as_list(required(t, &path, "tiles")?, &tiles_field)?;
        if refs.len() != 2 {
            return Err(bad(
                tiles_field,
                format!("expected 2 tiles, found {}", refs.len()),
            ));
        }
        let mut pair = [0 as Space; 2];
        for (k, r) in refs.iter().enumerate() {
            let field = format!("{tiles_field}[{}]", k + 1);
            let r = as_str(r, &field)?;
            pair[k] = grid.space(r).ok_or_else(|| BoardError::NoSuchSpace {
                field,
                reference: r.to_string(),
                range: grid.range(),
            })?;
        }
        start_pairs.push(StartPair {
            colour: colour.to_string(),
            tiles: pair,
            colour_ja,
        });
    }

    Board::from_data(BoardData {
        rows,
        columns,
        crops,
        tiles,
        start_pairs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shifted sets agree with the neighbour table on every grid of 56 spaces: single
    /// spaces, and pseudo-random sets (neighbour union and counts).
    #[test]
    fn shifts_agree_with_the_neighbour_table() {
        for (rows, columns) in [
            (7, 8),
            (8, 7),
            (4, 14),
            (14, 4),
            (2, 28),
            (28, 2),
            (1, 56),
            (56, 1),
        ] {
            let table = neighbour_table(rows, columns);
            let sh = Shifts::new(columns);
            let union = |set: SpaceSet| spaces_of(set).fold(0, |m, s| m | table[s as usize]);
            let around = |set: SpaceSet| sh.planes(set).iter().fold(0, |m, p| m | p);
            for s in 0..Board::SPACES as Space {
                assert_eq!(
                    around(bit(s)),
                    table[s as usize],
                    "{rows}x{columns} space {s}"
                );
            }
            let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
            for _ in 0..500 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let set = x & ALL_SPACES & (x >> 3);
                assert_eq!(around(set), union(set), "{rows}x{columns} {set:x}");
                let (mut c0, mut c1, mut c2) = (0u64, 0u64, 0u64);
                for m in sh.planes(set) {
                    let k0 = c0 & m;
                    c0 ^= m;
                    let k1 = c1 & k0;
                    c1 ^= k0;
                    c2 |= k1;
                }
                for t in 0..Board::SPACES as Space {
                    let n = (table[t as usize] & set).count_ones() as u64;
                    let got = (c0 >> t & 1) + 2 * (c1 >> t & 1) + 4 * (c2 >> t & 1);
                    assert_eq!(got, n, "{rows}x{columns} {set:x} space {t}");
                }
            }
        }
    }

    fn spaces_of(mut m: SpaceSet) -> impl Iterator<Item = Space> {
        std::iter::from_fn(move || {
            (m != 0).then(|| {
                let s = m.trailing_zeros() as Space;
                m &= m - 1;
                s
            })
        })
    }

    const DEFAULT: &str = include_str!("board.toml");

    fn std_board() -> Arc<Board> {
        Board::standard()
    }

    fn sp(r: &str) -> Space {
        std_board()
            .parse_reference(r)
            .unwrap_or_else(|| panic!("bad reference {r}"))
    }

    fn set(refs: &[&str]) -> SpaceSet {
        refs.iter().fold(0, |m, r| m | bit(sp(r)))
    }

    fn refs(set: SpaceSet) -> Vec<String> {
        let b = std_board();
        spaces_in(set).map(|s| b.reference(s)).collect()
    }

    /// The default file with `from` replaced by `to` (which must occur exactly once).
    fn edited(from: &str, to: &str) -> String {
        assert_eq!(DEFAULT.matches(from).count(), 1, "{from:?} must occur once");
        DEFAULT.replacen(from, to, 1)
    }

    fn err_of(text: &str) -> String {
        match Board::from_toml(text) {
            Ok(_) => panic!("the broken file was accepted"),
            Err(e) => e.to_string(),
        }
    }

    // ---- The grid (section 1) ----------------------------------------------------------------

    #[test]
    fn standard_board_loads_with_7_rows_of_8() {
        let b = std_board();
        assert_eq!((b.rows(), b.columns()), (7, 8));
        assert_eq!(b.reference(0), "A1");
        assert_eq!(b.reference(7), "A8");
        assert_eq!(b.reference(8), "B1");
        assert_eq!(b.reference(55), "G8");
        for s in 0..Board::SPACES as Space {
            assert_eq!(b.parse_reference(&b.reference(s)), Some(s));
        }
        assert!(Arc::ptr_eq(&Board::standard(), &Board::standard()));
    }

    #[test]
    fn parse_reference_is_case_insensitive_and_trims() {
        let b = std_board();
        assert_eq!(b.parse_reference(" c4 "), Some(2 * 8 + 3));
        assert_eq!(b.parse_reference("g8"), Some(55));
        for bad in [
            "", "C", "4", "H1", "A0", "A9", "C4x", "4C", "C-4", "C 4", "CC4",
        ] {
            assert_eq!(b.parse_reference(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn neighbour_test_vectors() {
        let b = std_board();
        let cases: [(&str, &[&str]); 10] = [
            ("C4", &["C3", "C5", "B3", "B4", "D3", "D4"]),
            ("D4", &["D3", "D5", "C4", "C5", "E4", "E5"]),
            ("A1", &["A2", "B1"]),
            ("A8", &["A7", "B7", "B8"]),
            ("B1", &["B2", "A1", "A2", "C1", "C2"]),
            ("B8", &["B7", "A8", "C8"]),
            ("G1", &["G2", "F1"]),
            ("G8", &["G7", "F7", "F8"]),
            ("D1", &["D2", "C1", "C2", "E1", "E2"]),
            ("D8", &["D7", "C8", "E8"]),
        ];
        for (space, expected) in cases {
            assert_eq!(
                refs(b.neighbours(sp(space))),
                refs(set(expected)),
                "neighbours of {space}"
            );
            for n in expected {
                assert!(b.is_adjacent(sp(space), sp(n)) && b.is_adjacent(sp(n), sp(space)));
            }
        }
    }

    #[test]
    fn neighbour_count_histogram_is_30_5_12_7_2() {
        let b = std_board();
        let mut histogram = [0; 7];
        for s in 0..Board::SPACES as Space {
            histogram[b.neighbours(s).count_ones() as usize] += 1;
            assert_eq!(
                b.neighbours(s) & bit(s),
                0,
                "a space is not its own neighbour"
            );
            assert_eq!(b.neighbours(s) & !ALL_SPACES, 0);
        }
        assert_eq!(histogram, [0, 0, 2, 7, 12, 5, 30]);
    }

    #[test]
    fn there_are_139_adjacent_pairs() {
        let b = std_board();
        let ends: u32 = (0..56).map(|s| b.neighbours(s).count_ones()).sum();
        assert_eq!(ends, 2 * 139);
        let mut pairs = 0;
        for a in 0..56 {
            for c in a + 1..56 {
                assert_eq!(b.is_adjacent(a, c), b.is_adjacent(c, a));
                pairs += b.is_adjacent(a, c) as u32;
            }
        }
        assert_eq!(pairs, 139);
    }

    #[test]
    fn distance_a1_g8_is_10_and_nothing_is_further() {
        let b = std_board();
        assert_eq!(b.distance(sp("A1"), sp("G8")), 10);
        assert_eq!(b.distance(sp("G8"), sp("A1")), 10);
        let max = (0..56)
            .flat_map(|a| (0..56).map(move |c| (a, c)))
            .map(|(a, c)| b.distance(a, c))
            .max();
        assert_eq!(max, Some(10));
    }

    #[test]
    fn adjacent_means_distance_1() {
        let b = std_board();
        for a in 0..56 {
            assert_eq!(b.distance(a, a), 0);
            for c in 0..56 {
                assert_eq!(b.is_adjacent(a, c), b.distance(a, c) == 1, "{a} {c}");
                assert_eq!(b.distance(a, c), b.distance(c, a));
            }
        }
    }

    #[test]
    fn within_two_is_every_space_at_distance_two_or_less() {
        let b = std_board();
        // C4's ring of 6 and ring of 12, and itself.
        assert_eq!(b.within_two(sp("C4")).count_ones(), 19);
        assert_eq!(b.within_two(sp("A1")) & bit(sp("A3")), bit(sp("A3")));
        assert_eq!(b.within_two(sp("A1")) & bit(sp("A4")), 0);
        for a in 0..56 {
            for c in 0..56 {
                assert_eq!(
                    b.within_two(a) & bit(c) != 0,
                    b.distance(a, c) <= 2,
                    "{a} {c}"
                );
            }
        }
    }

    /// Swaps rows A<->G, B<->F, C<->E.
    fn mirror(s: Space) -> Space {
        let (r, c) = (s / 8, s % 8);
        (6 - r) * 8 + c
    }

    #[test]
    fn the_a_g_mirror_keeps_adjacency_but_left_right_does_not() {
        let b = std_board();
        for a in 0..56 {
            for c in 0..56 {
                assert_eq!(b.is_adjacent(a, c), b.is_adjacent(mirror(a), mirror(c)));
            }
        }
        let flip = |s: Space| (s / 8) * 8 + (7 - s % 8);
        assert!(
            (0..56)
                .any(|a| (0..56).any(|c| b.is_adjacent(a, c) != b.is_adjacent(flip(a), flip(c))))
        );
    }

    // ---- Crops and tiles of the default file (sections 2 and 3) ------------------------------

    #[test]
    fn crop_ids_names_and_indexes() {
        for (i, c) in Crop::ALL.into_iter().enumerate() {
            assert_eq!(c.index(), i);
            assert_eq!(Crop::from_index(i), c);
            assert_eq!(Crop::parse(c.id()), Some(c));
            assert_eq!(
                serde_json::to_string(&c).unwrap(),
                format!("\"{}\"", c.id())
            );
        }
        assert_eq!(Crop::CiderApples.id(), "cider_apples");
        assert_eq!(Crop::CiderApples.name(), "cider apples");
        assert_eq!(Crop::parse("cider apples"), None);
        let b = std_board();
        let letters: String = Crop::ALL.map(|c| b.letter(c)).iter().collect();
        assert_eq!(letters, "HVCRW");
        assert_eq!(b.counter_colour(Crop::Wine), "red");
        assert_eq!(b.crop_of_letter('r'), Some(Crop::Wine));
    }

    #[test]
    fn tiles_match_the_table_of_section_3() {
        let table = [
            "CHVCWRHW", "RWRHVCVC", "VHCWRWHR", "WRVCHRWV", "VCHRWVCH", "HVWVCHRW", "WRCHRWVC",
        ];
        let b = std_board();
        for (r, row) in table.iter().enumerate() {
            for (c, letter) in row.chars().enumerate() {
                let s = (r * 8 + c) as Space;
                assert_eq!(b.letter(b.crop(s)), letter, "{}", b.reference(s));
                assert_ne!(b.tiles_of(b.crop(s)) & bit(s), 0);
            }
        }
        assert_eq!(b.crop(sp("B2")), Crop::Wheat);
        assert_eq!(b.crop(sp("C2")), Crop::Hops);
    }

    #[test]
    fn balance_is_12_wheat_and_11_of_each_other_crop() {
        let b = std_board();
        for c in Crop::ALL {
            let n = if c == Crop::Wheat { 12 } else { 11 };
            assert_eq!(b.tiles_of(c).count_ones(), n, "{c}");
        }
        let all = Crop::ALL.iter().fold(0, |m, &c| m | b.tiles_of(c));
        assert_eq!(all, ALL_SPACES);
    }

    #[test]
    fn no_two_adjacent_spaces_share_a_crop() {
        let b = std_board();
        for s in 0..56 {
            assert_eq!(
                b.neighbours(s) & b.tiles_of(b.crop(s)),
                0,
                "{}",
                b.reference(s)
            );
        }
    }

    #[test]
    fn every_flower_offers_every_crop() {
        let b = std_board();
        for s in 0..56 {
            let flower = b.neighbours(s) | bit(s);
            let mut counts = [0; 5];
            for t in spaces_in(flower) {
                counts[b.crop(t).index()] += 1;
            }
            let size = flower.count_ones();
            if size >= 5 {
                assert!(
                    counts.iter().all(|&n| n >= 1),
                    "{}: {counts:?}",
                    b.reference(s)
                );
            } else {
                assert!(
                    counts.iter().all(|&n| n <= 1),
                    "{}: {counts:?}",
                    b.reference(s)
                );
            }
        }
    }

    #[test]
    fn rows_and_columns_hold_every_crop_once_or_twice() {
        let b = std_board();
        for r in 0..7 {
            let mut counts = [0; 5];
            (0..8).for_each(|c| counts[b.crop(r * 8 + c).index()] += 1);
            assert!(
                counts.iter().all(|n| (1..=2).contains(n)),
                "row {r}: {counts:?}"
            );
        }
        for c in 0..8 {
            let mut counts = [0; 5];
            (0..7).for_each(|r| counts[b.crop(r * 8 + c).index()] += 1);
            assert!(
                counts.iter().all(|n| (1..=2).contains(n)),
                "column {c}: {counts:?}"
            );
        }
    }

    #[test]
    fn each_quadrant_holds_2_or_3_of_every_crop() {
        let b = std_board();
        for rows in [0..3, 4..7] {
            for columns in [0..4, 4..8] {
                let mut counts = [0; 5];
                for r in rows.clone() {
                    for c in columns.clone() {
                        counts[b.crop(r * 8 + c).index()] += 1;
                    }
                }
                assert!(
                    counts.iter().all(|n| (2..=3).contains(n)),
                    "{rows:?} {columns:?}: {counts:?}"
                );
            }
        }
    }

    // ---- Start pairs of the default file (section 4) -----------------------------------------

    #[test]
    fn start_pairs_are_the_four_of_section_4() {
        let b = std_board();
        let got: Vec<(String, String, String)> = b
            .start_pairs()
            .iter()
            .map(|p| {
                (
                    p.colour.clone(),
                    b.reference(p.tiles[0]),
                    b.reference(p.tiles[1]),
                )
            })
            .collect();
        let want = [
            ("blue", "B5", "E2"),
            ("purple", "B7", "E4"),
            ("pink", "C2", "F5"),
            ("grey", "C4", "F7"),
        ];
        assert_eq!(
            got,
            want.map(|(c, a, d)| (c.to_string(), a.to_string(), d.to_string()))
        );
    }

    #[test]
    fn start_tiles_are_apart_inland_and_fair() {
        let b = std_board();
        let starts: Vec<Space> = b.start_pairs().iter().flat_map(|p| p.tiles).collect();
        assert_eq!(starts.len(), 8);
        for (i, &a) in starts.iter().enumerate() {
            assert_eq!(b.neighbours(a).count_ones(), 6, "{}", b.reference(a));
            for &c in &starts[i + 1..] {
                assert!(
                    b.distance(a, c) >= 2,
                    "{} {}",
                    b.reference(a),
                    b.reference(c)
                );
            }
        }
        let mut per_crop = [0; 5];
        for p in b.start_pairs() {
            let [x, y] = p.tiles;
            assert_eq!(b.distance(x, y), 5, "{}", p.colour);
            assert_ne!(b.crop(x), b.crop(y), "{}", p.colour);
            // One tile in columns 1-4 and one in 5-8; one in rows B-C, one in E-F.
            assert_ne!(x % 8 < 4, y % 8 < 4, "{}", p.colour);
            let top = |s: Space| (1..=2).contains(&(s / 8));
            let bottom = |s: Space| (4..=5).contains(&(s / 8));
            assert!(
                (top(x) && bottom(y)) || (top(y) && bottom(x)),
                "{}",
                p.colour
            );
            per_crop[b.crop(x).index()] += 1;
            per_crop[b.crop(y).index()] += 1;
        }
        assert!(per_crop.iter().all(|n| (1..=2).contains(n)), "{per_crop:?}");
        // The A<->G mirror maps blue onto pink and purple onto grey.
        let pair = |i: usize| {
            let mut t = b.start_pairs()[i].tiles;
            t.sort();
            t
        };
        let mirrored = |i: usize| {
            let mut t = b.start_pairs()[i].tiles.map(mirror);
            t.sort();
            t
        };
        assert_eq!(mirrored(0), pair(2));
        assert_eq!(mirrored(1), pair(3));
    }

    // ---- Groups (KH 2, KH 65) ----------------------------------------------------------------

    #[test]
    fn group_of_and_groups_on_small_sets() {
        let b = std_board();
        assert_eq!(b.groups(0), Vec::<SpaceSet>::new());
        assert_eq!(b.group_of(0, sp("C4")), 0);
        // A seed outside the set has no group.
        assert_eq!(b.group_of(set(&["A1"]), sp("C4")), 0);
        // A single tile is a group of one.
        assert_eq!(b.groups(set(&["C4"])), vec![set(&["C4"])]);
        // C4-D4-E5 is linked (D4 touches C4 and E5); B2 and G8 are alone.
        let tiles = set(&["B2", "C4", "D4", "E5", "G8"]);
        assert_eq!(b.group_of(tiles, sp("E5")), set(&["C4", "D4", "E5"]));
        assert_eq!(b.group_of(tiles, sp("G8")), set(&["G8"]));
        assert_eq!(
            b.groups(tiles),
            vec![set(&["B2"]), set(&["C4", "D4", "E5"]), set(&["G8"])]
        );
        // C4 and E4 are two apart: no link without D3 or D4.
        assert_eq!(b.groups(set(&["C4", "E4"])).len(), 2);
        assert_eq!(b.groups(set(&["C4", "D3", "E4"])).len(), 1);
        // The whole board is one group; a full row is one group.
        assert_eq!(b.groups(ALL_SPACES), vec![ALL_SPACES]);
        assert_eq!(b.groups(0xff << 8).len(), 1);
        // The worked example of section 6: 7 + 5 + 1.
        let fields = set(&[
            "D5", "D6", "E6", "E7", "F4", "F5", "F6", "B2", "B3", "C2", "C3", "D2", "G2",
        ]);
        let sizes: Vec<u32> = b.groups(fields).iter().map(|g| g.count_ones()).collect();
        assert_eq!(sizes, vec![5, 7, 1]);
        let union = b.groups(fields).iter().fold(0, |m, g| m | g);
        assert_eq!(union, fields);
    }

    // ---- Serde -------------------------------------------------------------------------------

    #[test]
    fn serde_round_trip_gives_an_equal_usable_board() {
        let b = std_board();
        let json = serde_json::to_string(&*b).unwrap();
        let back: Board = serde_json::from_str(&json).unwrap();
        assert_eq!(back, *b);
        assert_eq!(back.neighbours(sp("C4")), b.neighbours(sp("C4")));
        assert_eq!(back.tiles_of(Crop::Wheat).count_ones(), 12);
        assert_eq!(back.distance(0, 55), 10);
    }

    #[test]
    fn a_tampered_stored_board_is_refused() {
        let b = std_board();
        let json = serde_json::to_string(&*b).unwrap();
        let broken = json.replacen("\"letter\":\"V\"", "\"letter\":\"H\"", 1);
        assert_ne!(broken, json);
        let err = serde_json::from_str::<Board>(&broken)
            .unwrap_err()
            .to_string();
        assert!(err.contains("crops.vegetables.letter"), "{err}");
        let broken = json.replacen("\"columns\":8", "\"columns\":9", 1);
        let err = serde_json::from_str::<Board>(&broken)
            .unwrap_err()
            .to_string();
        assert!(err.contains("56"), "{err}");
    }

    // ---- Loading: other valid data -----------------------------------------------------------

    #[test]
    fn a_file_error_names_the_path() {
        assert_eq!(
            Board::from_file_text("board.toml", DEFAULT).unwrap(),
            *std_board()
        );
        let err = Board::from_file_text("my/board.toml", "schema = 2").unwrap_err();
        assert!(matches!(err, BoardError::InFile { .. }));
        assert!(err.to_string().starts_with("my/board.toml: "), "{err}");
    }

    #[test]
    fn printed_data_without_our_spread_still_loads() {
        // Other letters, lower-case references, clustered crops: only the loader rules apply.
        let mut text = DEFAULT
            .replacen("letter = \"R\"", "letter = \"X\"", 1)
            .replacen("B5 = \"vegetables\"", "b5 = \"vegetables\"", 1);
        text = text
            .replacen("A1 = \"cider_apples\"", "A1 = \"wheat\"", 1)
            .replacen("A5 = \"wheat\"", "A5 = \"cider_apples\"", 1);
        let b = Board::from_toml(&text).unwrap();
        assert_eq!(b.letter(Crop::Wine), 'X');
        assert_eq!(b.crop(sp("A1")), Crop::Wheat);
        assert_eq!(b.crop(sp("B5")), Crop::Vegetables);
    }

    // ---- Loading: one test per loader check --------------------------------------------------

    #[test]
    fn refuses_text_that_is_not_toml() {
        let err = err_of(&edited("schema = 1", "schema = = 1"));
        assert!(err.starts_with("not a valid TOML file"), "{err}");
    }

    #[test]
    fn schema_must_be_1() {
        assert_eq!(
            err_of(&edited("schema = 1", "schema = 2")),
            "schema: schema 2 is not supported; expected 1"
        );
        assert_eq!(err_of(&edited("schema = 1", "")), "schema: missing field");
    }

    #[test]
    fn unknown_keys_are_refused() {
        assert_eq!(
            err_of(&edited("schema = 1", "schema = 1\nshema = 1")),
            "shema: unknown field; expected one of: schema, board, crops, tiles, start_pair"
        );
        let err = err_of(&edited("columns = 8", "columns = 8\ncolums = 8"));
        assert!(err.starts_with("board.colums: unknown field"), "{err}");
        let err = err_of(&edited(
            "counter = \"red\",",
            "counter = \"red\", colour = \"red\",",
        ));
        assert!(err.starts_with("crops.wine.colour: unknown field"), "{err}");
        let err = err_of(&edited(
            "colour = \"pink\"",
            "colour = \"pink\"\nplayer = 1",
        ));
        assert!(
            err.starts_with("start_pair[3].player: unknown field"),
            "{err}"
        );
    }

    #[test]
    fn rows_and_columns_must_give_56_spaces() {
        assert_eq!(
            err_of(&edited("columns = 8 ", "columns = 9 ")),
            "board.rows and board.columns give 7 x 9 = 63 spaces; the board has 56"
        );
        let err = err_of(&edited("\"F\", \"G\"]", "\"F\"]"));
        assert!(err.contains("6 x 8 = 48"), "{err}");
    }

    #[test]
    fn row_labels_must_be_distinct_capital_letters() {
        assert_eq!(
            err_of(&edited("\"F\", \"G\"]", "\"F\", \"g\"]")),
            "board.rows[7]: \"g\" is not a row label: 1 to 3 capital letters A-Z"
        );
        assert_eq!(
            err_of(&edited("\"F\", \"G\"]", "\"F\", \"A\"]")),
            "board.rows[7]: \"A\" is already row 1"
        );
        let err = err_of(&edited("columns = 8 ", "columns = \"8\" "));
        assert_eq!(err, "board.columns: expected an integer, found a string");
    }

    #[test]
    fn offset_must_be_odd_r() {
        assert_eq!(
            err_of(&edited("offset = \"odd-r\"", "offset = \"even-r\"")),
            "board.offset: \"even-r\" is not supported; expected \"odd-r\""
        );
    }

    #[test]
    fn crop_ids_in_crops_must_be_the_five() {
        assert_eq!(
            err_of(&edited("wine         =", "beer         =")),
            "crops.beer: unknown crop; expected hops, vegetables, cider_apples, wine, wheat"
        );
        let text = edited(
            "wine         = { letter = \"R\", counter = \"red\",    tiles = 11, name_ja = \"ブドウ\", counter_ja = \"赤\" }\n",
            "",
        );
        assert_eq!(err_of(&text), "crops.wine: missing field");
    }

    #[test]
    fn crop_ids_in_tiles_must_be_known() {
        assert_eq!(
            err_of(&edited("C3 = \"cider_apples\"", "C3 = \"apples\"")),
            "tiles.C3: unknown crop \"apples\"; expected hops, vegetables, cider_apples, wine, wheat"
        );
    }

    #[test]
    fn tile_counts_must_match_the_crops_table() {
        let text = edited(
            "letter = \"H\", counter = \"brown\",  tiles = 11",
            "letter = \"H\", counter = \"brown\",  tiles = 12",
        )
        .replacen(
            "letter = \"W\", counter = \"yellow\", tiles = 12",
            "letter = \"W\", counter = \"yellow\", tiles = 11",
            1,
        );
        assert_eq!(
            err_of(&text),
            "crops.hops.tiles is 12 but 11 tiles are hops"
        );
        let text = edited(
            "letter = \"W\", counter = \"yellow\", tiles = 12",
            "letter = \"W\", counter = \"yellow\", tiles = 11",
        )
        .replacen("A1 = \"cider_apples\"", "A1 = \"wheat\"", 1);
        let text = text.replacen(
            "letter = \"C\", counter = \"orange\", tiles = 11",
            "letter = \"C\", counter = \"orange\", tiles = 12",
            1,
        );
        assert_eq!(
            err_of(&text),
            "crops.cider_apples.tiles is 12 but 10 tiles are cider_apples"
        );
    }

    #[test]
    fn tile_values_must_sum_to_56() {
        assert_eq!(
            err_of(&edited(
                "counter = \"yellow\", tiles = 12",
                "counter = \"yellow\", tiles = 13"
            )),
            "crops: the tiles values sum to 57; the board has 56 spaces"
        );
    }

    #[test]
    fn letters_must_be_distinct_single_capitals() {
        assert_eq!(
            err_of(&edited("letter = \"R\"", "letter = \"H\"")),
            "crops.wine.letter: \"H\" is already the letter of hops"
        );
        assert_eq!(
            err_of(&edited("letter = \"R\"", "letter = \"r\"")),
            "crops.wine.letter: \"r\" is not a single capital letter A-Z"
        );
        assert_eq!(
            err_of(&edited("letter = \"R\"", "letter = \"RW\"")),
            "crops.wine.letter: \"RW\" is not a single capital letter A-Z"
        );
    }

    #[test]
    fn tiles_refuse_an_unknown_reference() {
        assert_eq!(
            err_of(&edited(
                "B8 = \"cider_apples\"",
                "B8 = \"cider_apples\"\nB9 = \"wheat\""
            )),
            "tiles.B9: no such space (rows A-G, columns 1-8)"
        );
        let err = err_of(&edited("B8 = \"cider_apples\"", "H1 = \"cider_apples\""));
        assert_eq!(err, "tiles.H1: no such space (rows A-G, columns 1-8)");
    }

    #[test]
    fn tiles_need_one_entry_per_space() {
        assert_eq!(
            err_of(&edited("C3 = \"cider_apples\"\n", "")),
            "tiles.C3: missing; every space needs one field tile"
        );
        assert_eq!(
            err_of(&edited(
                "C3 = \"cider_apples\"",
                "C3 = \"cider_apples\"\nc3 = \"cider_apples\""
            )),
            "tiles.c3: C3 is already given"
        );
    }

    #[test]
    fn the_shipped_board_names_everything_in_japanese() {
        let b = std_board();
        for c in Crop::ALL {
            let name = b
                .crop_name_ja(c)
                .unwrap_or_else(|| panic!("{c}: no name_ja"));
            assert!(!name.is_ascii(), "{c}: {name}");
            let colour = b
                .counter_colour_ja(c)
                .unwrap_or_else(|| panic!("{c}: no counter_ja"));
            assert!(!colour.is_ascii(), "{c}: {colour}");
        }
        for p in b.start_pairs() {
            assert!(
                b.start_colour_ja(&p.colour).is_some_and(|c| !c.is_ascii()),
                "start pair {}: no colour_ja",
                p.colour
            );
        }
        // Optional: a board without them loads (English shown instead), an empty one does not.
        let plain = DEFAULT.replace("name_ja", "x_name_ja");
        assert!(Board::from_toml(&plain).is_err());
        let without: String = DEFAULT
            .lines()
            .filter(|l| !l.starts_with("colour_ja"))
            .collect::<Vec<_>>()
            .join("\n");
        let b = Board::from_toml(&without).unwrap();
        assert_eq!(b.start_colour_ja("blue"), None);
        let err = err_of(&edited("colour_ja = \"青\"", "colour_ja = \" \""));
        assert!(err.starts_with("start_pair[1].colour_ja"), "{err}");
    }

    #[test]
    fn there_must_be_exactly_4_start_pairs() {
        let text = edited(
            "[[start_pair]]\ncolour = \"grey\"\ncolour_ja = \"灰\"\ntiles = [\"C4\", \"F7\"]\n",
            "",
        );
        assert_eq!(err_of(&text), "start_pair: expected 4 start pairs, found 3");
        let text =
            format!("{DEFAULT}\n[[start_pair]]\ncolour = \"gold\"\ntiles = [\"A1\", \"G8\"]\n");
        assert_eq!(err_of(&text), "start_pair: expected 4 start pairs, found 5");
    }

    #[test]
    fn start_tiles_must_all_differ() {
        assert_eq!(
            err_of(&edited(
                "tiles = [\"B7\", \"E4\"]",
                "tiles = [\"B7\", \"E2\"]"
            )),
            "start_pair[2].tiles: E2 is already in start pair 1"
        );
        assert_eq!(
            err_of(&edited(
                "tiles = [\"B7\", \"E4\"]",
                "tiles = [\"B7\", \"b7\"]"
            )),
            "start_pair[2].tiles: both tiles are B7; a pair needs two different tiles"
        );
    }

    #[test]
    fn start_pair_colours_must_differ() {
        assert_eq!(
            err_of(&edited("colour = \"grey\"", "colour = \"Blue\"")),
            "start_pair[4].colour: \"Blue\" is already the colour of start pair 1"
        );
    }

    #[test]
    fn start_pair_tiles_are_two_real_references() {
        assert_eq!(
            err_of(&edited(
                "tiles = [\"C2\", \"F5\"]",
                "tiles = [\"C2\", \"F9\"]"
            )),
            "start_pair[3].tiles[2]: no such space \"F9\" (rows A-G, columns 1-8)"
        );
        assert_eq!(
            err_of(&edited(
                "tiles = [\"C2\", \"F5\"]",
                "tiles = [\"C2\", \"F5\", \"A1\"]"
            )),
            "start_pair[3].tiles: expected 2 tiles, found 3"
        );
        assert_eq!(
            err_of(&edited("tiles = [\"C2\", \"F5\"]", "tiles = \"C2 F5\"")),
            "start_pair[3].tiles: expected a list, found a string"
        );
    }
}
