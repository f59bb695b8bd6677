//! A player's farm: cards on a grid with no fixed size (ruling 10), adjacency and distance
//! counted through cards (ruling 11).

use super::cards::{DesignIdx, EquipIdx};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// Distances from one place to every card of a farm (see [`Farm::distances`]), kept inline for
/// farms of ordinary size: the listing of legal actions takes thousands of them per game, and a
/// heap allocation each cost more than the search itself.
pub(crate) type Dists = SmallVec<[u8; 48]>;

/// Build spaces of a farm (see [`Farm::build_spaces`]), inline for farms of ordinary size: the
/// listing of legal actions asks for them on every card played.
pub(crate) type Spaces = SmallVec<[Pos; 32]>;

/// A space of a farm's grid. `x` grows to the right (columns), `y` grows downwards (rows). The
/// starting Water Tower is at (0, 0) and the starting Silo at (1, 0); coordinates go negative as
/// a farm grows up or left. Players see fixed labels instead ([`Pos::label`]: `M26`, `N26`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    pub x: i8,
    pub y: i8,
}

impl Pos {
    pub const fn new(x: i8, y: i8) -> Pos {
        Pos { x, y }
    }

    /// The four orthogonal neighbours (ruling 10: diagonals are not adjacent).
    pub fn neighbours(self) -> [Pos; 4] {
        [
            Pos::new(self.x, self.y.saturating_sub(1)),
            Pos::new(self.x.saturating_add(1), self.y),
            Pos::new(self.x, self.y.saturating_add(1)),
            Pos::new(self.x.saturating_sub(1), self.y),
        ]
    }

    /// True when `other` is orthogonally adjacent.
    pub fn is_adjacent(self, other: Pos) -> bool {
        (self.x as i16 - other.x as i16).abs() + (self.y as i16 - other.y as i16).abs() == 1
    }
}

/// `(x,y)`, as a scenario file writes a position (`{"x": 1, "y": 0}`). Players see grid labels
/// instead (`M26`, see [`Pos::label`]).
impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

/// The part of the plane the players' grid shows for a farm with cards at `cells`: their
/// bounding box grown by one space on every side (so every build space is on it), as (top-left,
/// bottom-right). No cards: the 3x3 grid around (0, 0). This is only the window drawn: the
/// labels of its spaces do not depend on it (see [`Pos::label`]).
pub fn grid_bounds(cells: impl IntoIterator<Item = Pos>) -> (Pos, Pos) {
    let mut cells = cells.into_iter();
    let first = cells.next().unwrap_or(Pos::new(0, 0));
    let (lo, hi) = cells.fold((first, first), |(lo, hi), p| {
        (
            Pos::new(lo.x.min(p.x), lo.y.min(p.y)),
            Pos::new(hi.x.max(p.x), hi.y.max(p.y)),
        )
    });
    // Saturating: at the i8 edge there is no space to build on anyway (Pos::neighbours).
    (
        Pos::new(lo.x.saturating_sub(1), lo.y.saturating_sub(1)),
        Pos::new(hi.x.saturating_add(1), hi.y.saturating_add(1)),
    )
}

/// The column lettered `A`: x = -12, so the starting Water Tower (x = 0) stands in column `M`
/// with twelve columns of room to its left and thirteen to its right before the letters double.
/// Labels are fixed for the whole game (issue 43): a square keeps its name however the farm
/// grows, so "Build B1" builds at B1 and every later screen still calls it B1.
pub const FIRST_COLUMN_X: i16 = -12;

/// The row numbered `1`: y = -25, so the starting Water Tower (y = 0) stands in row 26. A farm
/// gains at most one card per turn, 24 in a game (rulings 7, 20, 21), so no farm grown from the
/// standard start (ruling 1) reaches above row 1.
pub const FIRST_ROW_Y: i16 = -25;

/// The last column a label counts rightwards to (`x = 127`, the plane's edge): columns left of
/// `A` count down from `ZZ` (`ZZ`, `ZY`, ...), a range the right side never reaches.
const LAST_COLUMN: i16 = 127 - FIRST_COLUMN_X;

/// Spreadsheet index of `ZZ`, the last two-letter column.
const ZZ: i16 = 26 * 27 - 1;

/// The letters of column `col` (from 0): `A`..`Z`, then `AA`, `AB`, ... like a spreadsheet.
pub fn column_label(col: usize) -> String {
    let mut n = col + 1;
    let mut letters = Vec::new();
    while n > 0 {
        let r = (n - 1) % 26;
        letters.push(b'A' + r as u8);
        n = (n - 1) / 26;
    }
    letters.reverse();
    String::from_utf8(letters).expect("ASCII letters")
}

/// The letters of the column at `x`, the same for the whole game: `M` for the starting Water
/// Tower, `L` to its left, `N` to its right, `A` at x = -12, `AA` after `Z`. Left of `A` (a
/// farm grown more than twelve cards to the left) the letters wrap round to `ZZ`, `ZY`, ...
pub fn column_name(x: i8) -> String {
    let col = i16::from(x) - FIRST_COLUMN_X;
    if col >= 0 {
        column_label(col as usize)
    } else {
        // col = -1 is ZZ, -2 is ZY: never a column right of A (those end at LAST_COLUMN).
        column_label((ZZ + 1 + col) as usize)
    }
}

/// The x of the column named `letters` (any case), the inverse of [`column_name`].
pub fn column_x(letters: &str) -> Option<i8> {
    // Three letters already name 18,278 columns; more can only be garbage (and could overflow).
    if letters.is_empty() || letters.len() > 3 || !letters.bytes().all(|b| b.is_ascii_alphabetic())
    {
        return None;
    }
    let n = letters.bytes().fold(0i32, |n, b| {
        n * 26 + i32::from(b.to_ascii_uppercase() - b'A') + 1
    }) - 1;
    let col = if n <= i32::from(LAST_COLUMN) {
        n
    } else if n <= i32::from(ZZ) {
        n - i32::from(ZZ) - 1
    } else {
        return None;
    };
    i8::try_from(col + i32::from(FIRST_COLUMN_X)).ok()
}

/// The number of the row at `y`: 26 for the starting Water Tower's row, 1 at y = -25. Below 1
/// only above row 1, where [`Pos::label`] gives `(x,y)` instead.
pub fn row_number(y: i8) -> i16 {
    i16::from(y) - FIRST_ROW_Y + 1
}

impl Pos {
    /// The name of this space on the players' grid, e.g. `M26` for the starting Water Tower:
    /// column letters ([`column_name`]) then the row number (row 1 at y = -25). Fixed for the
    /// whole game, whatever the farm's shape. A space above row 1 (only a scenario file can
    /// place a card there) is named `(x,y)`, the way the file writes it.
    pub fn label(self) -> String {
        let row = row_number(self.y);
        if row < 1 {
            return self.to_string();
        }
        format!("{}{row}", column_name(self.x))
    }

    /// Reads a label such as `M26` (any case, surrounding spaces ignored): the inverse of
    /// [`Pos::label`]. `None` when it is malformed or names no space of the plane.
    pub fn parse_label(text: &str) -> Option<Pos> {
        let text = text.trim();
        let split = text.find(|c: char| !c.is_ascii_alphabetic())?;
        let (letters, digits) = text.split_at(split);
        if digits.is_empty()
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return None;
        }
        let x = column_x(letters)?;
        let row: i16 = digits.parse().ok()?;
        let y = i8::try_from(row - 1 + FIRST_ROW_Y).ok()?;
        Some(Pos::new(x, y))
    }
}

/// What card occupies a space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CellCard {
    Location(DesignIdx),
    WaterTower,
    Silo,
}

/// One card of a farm.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    pub pos: Pos,
    pub card: CellCard,
    /// False for an Open Area (ruling 15). Water Towers and Silos are always face up.
    pub face_up: bool,
    /// Water on a Water Tower (0 for other cards).
    pub water: u8,
    /// Equipment on this card: at most 2, never two alike (ruling 17).
    pub equipment: Vec<EquipIdx>,
}

/// Distance marker for cards that cannot be reached (never happens in a connected farm).
pub const FAR: u8 = u8::MAX;

/// The cards of one farm, in the order they were built.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Farm {
    pub cells: Vec<Cell>,
}

impl Farm {
    /// The index of the card at `pos`, if any.
    pub fn index_of(&self, pos: Pos) -> Option<usize> {
        self.cells.iter().position(|c| c.pos == pos)
    }

    pub fn at(&self, pos: Pos) -> Option<&Cell> {
        self.cells.iter().find(|c| c.pos == pos)
    }

    pub fn is_occupied(&self, pos: Pos) -> bool {
        self.cells.iter().any(|c| c.pos == pos)
    }

    /// Empty spaces orthogonally adjacent to a card: where a new card may go (ruling 10). Sorted
    /// by row then column, so every listing of legal actions comes out in the same order.
    pub fn build_spaces(&self) -> Vec<Pos> {
        Grid::new(self).build_spaces().into_vec()
    }

    /// True when `pos` is an empty space next to a card.
    pub fn is_build_space(&self, pos: Pos) -> bool {
        !self.is_occupied(pos) && self.cells.iter().any(|c| c.pos.is_adjacent(pos))
    }

    /// Distance from `from` (a card or an empty space) to every card, stepping only through cards
    /// (ruling 11); `dist[i]` is for `cells[i]`, the card at `from` itself gets 0, unreachable
    /// cards get [`FAR`].
    pub fn distances(&self, from: Pos) -> Vec<u8> {
        self.distances_within(&Grid::new(self), from, FAR)
            .into_vec()
    }

    /// [`Farm::distances`] with a prebuilt grid, searching only up to `limit` steps (cards
    /// farther away get [`FAR`]).
    pub(crate) fn distances_within(&self, grid: &Grid, from: Pos, limit: u8) -> Dists {
        self.search_within(grid, from, limit, |_, _| ())
    }

    /// [`Farm::distances_within`], calling `reached(i, d)` for every card `i` as the search
    /// finds it at distance `d` (so for every card not left at [`FAR`], in no particular
    /// order): a count of the cards within a distance looks at the cards found instead of
    /// every card of the farm.
    #[inline(always)]
    pub(crate) fn search_within(
        &self,
        grid: &Grid,
        from: Pos,
        limit: u8,
        mut reached: impl FnMut(usize, u8),
    ) -> Dists {
        let n = self.cells.len();
        let mut dist = filled::<48>(FAR, n);
        // Cards to search from, by square of the grid: each card is reached once, so `n`
        // entries are enough. The search works on plain slices (it is the hot part of every
        // count within a distance and of every tower's reach).
        // A plain array on the stack for ordinary farms (zeroed in a few stores, where a
        // `SmallVec::from_elem` wrote its entries one by one), squares as `u32`.
        let mut inline = [0u32; 48];
        let mut spilled = Vec::new();
        let queue: &mut [u32] = if n <= inline.len() {
            &mut inline[..n]
        } else {
            spilled.resize(n, 0);
            &mut spilled
        };
        {
            let (d_s, q, cells) = (&mut dist[..], queue, &grid.cells[..]);
            let mut tail = 0;
            match grid.at(from) {
                Some(i) => {
                    d_s[i] = 0;
                    reached(i, 0);
                    if let Some(k) = grid.square(from) {
                        q[tail] = k as u32;
                        tail += 1;
                    }
                }
                None => {
                    for m in from.neighbours() {
                        if let Some(i) = grid.at(m)
                            && d_s[i] == FAR
                        {
                            d_s[i] = 1;
                            reached(i, 1);
                            if let Some(k) = grid.square(m) {
                                q[tail] = k as u32;
                                tail += 1;
                            }
                        }
                    }
                }
            }
            let mut head = 0;
            while head < tail {
                let k = q[head] as usize;
                head += 1;
                let d = d_s[cells[k] as usize];
                if d >= limit {
                    continue;
                }
                // The grid's margin puts every neighbour of a card on the grid.
                for m in [k - grid.w, k + 1, k + grid.w, k - 1] {
                    let j = cells[m];
                    if j != EMPTY && d_s[j as usize] == FAR {
                        d_s[j as usize] = d + 1;
                        reached(j as usize, d + 1);
                        q[tail] = m as u32;
                        tail += 1;
                    }
                }
            }
        }
        dist
    }

    /// True when every card is connected to the others through orthogonal adjacency.
    pub fn is_connected(&self) -> bool {
        match self.cells.first() {
            None => true,
            Some(c) => self.distances(c.pos).iter().all(|&d| d != FAR),
        }
    }

    /// The Water the farm's towers hold together (only a Water Tower holds Water): no space has
    /// more Water in reach than this.
    pub fn water_held(&self) -> u32 {
        self.cells.iter().map(|c| c.water as u32).sum()
    }

    /// Smallest and largest coordinates used: ((min_x, min_y), (max_x, max_y)).
    pub fn bounds(&self) -> Option<(Pos, Pos)> {
        let first = self.cells.first()?.pos;
        let mut lo = first;
        let mut hi = first;
        for c in &self.cells {
            lo.x = lo.x.min(c.pos.x);
            lo.y = lo.y.min(c.pos.y);
            hi.x = hi.x.max(c.pos.x);
            hi.y = hi.y.max(c.pos.y);
        }
        Some((lo, hi))
    }
}

/// `len` bytes of `value`. (`smallvec![value; len]` writes them one at a time.)
fn filled<const N: usize>(value: u8, len: usize) -> SmallVec<[u8; N]> {
    if len <= N {
        SmallVec::from_buf_and_len([value; N], len)
    } else {
        SmallVec::from_vec(vec![value; len])
    }
}

/// Where the rows of cards written by [`Grid::space_rows_into`] put the build spaces: the space
/// of bit 0 of the first row that may hold one, the columns that may (the grid's inner ones),
/// and how many build spaces there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SpaceRows {
    x0: i32,
    y0: i32,
    inner: u64,
    pub(crate) count: usize,
}

/// Build space number `j` (in [`Grid::build_spaces`]' order) of the rows of cards written by
/// [`Grid::space_rows_into`] (`rows`, placed by `at`); `j` is below their count. A listing spells
/// out only the one build space it picks, so the build spaces of each row are worked out here
/// (as [`Grid::build_spaces`] does) and passed over one by one, without counting them first.
pub(crate) fn nth_space(rows: &[u64], at: SpaceRows, j: usize) -> Pos {
    let mut left = j;
    for (r, w) in rows.windows(3).enumerate() {
        let mut m = (w[0] | w[2] | w[1] << 1 | w[1] >> 1) & !w[1] & at.inner;
        while m != 0 {
            if left == 0 {
                let gx = m.trailing_zeros() as i32;
                // `space_rows_into` keeps only grids whose build spaces are all on the plane.
                return Pos::new((at.x0 + gx) as i8, (at.y0 + r as i32) as i8);
            }
            m &= m - 1;
            left -= 1;
        }
    }
    unreachable!("no build space {j}")
}

/// What [`Grid::squares`] gives for a test to compare: the top-left square, the width, the card
/// on every square, the bits per row, the cards' box with whether there are any, and the number
/// of build spaces.
#[cfg(test)]
pub(crate) type Squares<'a> = (i32, i32, usize, &'a [u8], &'a [u64], (Pos, Pos, bool), u32);

/// Marks an empty square of a [`Grid`].
const EMPTY: u8 = u8::MAX;

/// The side of the blocks the edges of a [`Grid`] are rounded out to.
const BLOCK: i32 = 4;

/// The first square and the number of squares of a grid along one axis, for cards from `lo` to
/// `hi` along it: a margin of at least two squares on either side (even at the edge of the `i8`
/// plane: every build space, one step from a card, is on the grid and so are all its
/// neighbours, so the searches step by square index without testing the edges), the ends
/// rounded out to whole blocks of [`BLOCK`] squares. The rounding leaves room around the cards:
/// most cards added to a farm land where the grid already reaches, and the grid is updated in
/// place instead of built again (see [`Grid::add_within_bounds`]).
fn span(lo: i8, hi: i8) -> (i32, usize) {
    let first = (i32::from(lo) - 2).div_euclid(BLOCK) * BLOCK;
    let end = ((i32::from(hi) + 2).div_euclid(BLOCK) + 1) * BLOCK;
    (first, (end - first) as usize)
}

/// A dense index of a farm's cards over their bounding box plus a margin (see [`span`]): turns
/// "which card is at (x, y)" into an array lookup, which the distance searches and the listing of
/// build spaces do thousands of times per game. Inline for ordinary farms (up to 320 squares, 20
/// rows), so building one allocates nothing.
#[derive(Clone, Debug)]
pub(crate) struct Grid {
    /// The top-left square, which may lie outside the `i8` plane.
    lo_x: i32,
    lo_y: i32,
    w: usize,
    h: usize,
    /// The cards' bounding box (top-left, bottom-right); (0, 0) to (0, 0) for a farm without
    /// cards.
    lo: Pos,
    hi: Pos,
    /// True when the farm has no cards.
    empty: bool,
    /// Card index per square, or `EMPTY`.
    cells: SmallVec<[u8; 320]>,
    /// Per row of squares, bit `gx` set when square (gx, gy) holds a card: the build spaces of a
    /// row are a few shifts and masks instead of a test per square. Empty when the grid is wider
    /// than 64 squares (then `touches` tests each square).
    rows: SmallVec<[u64; 20]>,
    /// How many empty squares lie next to a card (the build spaces, when none is off the `i8`
    /// plane): counted by [`Grid::new`] and kept by [`Grid::add_within_bounds`], so that a listing
    /// of legal actions, which counts the build spaces of the farm for every card played, finds
    /// the count here (see [`Grid::space_rows_into`]).
    spaces: u32,
}

impl Grid {
    pub(crate) fn new(farm: &Farm) -> Grid {
        let (lo, hi) = farm.bounds().unwrap_or((Pos::new(0, 0), Pos::new(0, 0)));
        let (lo_x, w) = span(lo.x, hi.x);
        let (lo_y, h) = span(lo.y, hi.y);
        let mut cells = filled::<320>(EMPTY, w * h);
        let masks = w <= 64;
        let mut rows: SmallVec<[u64; 20]> = if masks {
            SmallVec::from_elem(0, h)
        } else {
            SmallVec::new()
        };
        for (i, c) in farm.cells.iter().enumerate() {
            let gx = (i32::from(c.pos.x) - lo_x) as usize;
            let gy = (i32::from(c.pos.y) - lo_y) as usize;
            // A farm has far fewer than 255 cards; an index that does not fit is never stored.
            cells[gy * w + gx] = u8::try_from(i).unwrap_or(EMPTY);
            if masks {
                rows[gy] |= 1 << gx;
            }
        }
        let mut grid = Grid {
            lo_x,
            lo_y,
            w,
            h,
            lo,
            hi,
            empty: farm.cells.is_empty(),
            cells,
            rows,
            spaces: 0,
        };
        grid.spaces = grid.count_spaces();
        grid
    }

    /// How many empty squares lie next to a card, counted square by square (rows of bits when the
    /// grid keeps them): only squares next to the cards' box can be.
    fn count_spaces(&self) -> u32 {
        if !self.rows.is_empty() {
            // `touching_row` of each, over windows of three rows (no index to check).
            let inner = ((1u64 << (self.w - 1)) - 1) & !1;
            let range = self.space_rows();
            return self.rows[range.start() - 1..=range.end() + 1]
                .windows(3)
                .map(|r| ((r[0] | r[2] | r[1] << 1 | r[1] >> 1) & !r[1] & inner).count_ones())
                .sum();
        }
        let mut n = 0;
        for gy in self.space_rows() {
            for gx in self.space_cols() {
                n += u32::from(self.touches(self.idx(gx, gy)));
            }
        }
        n
    }

    /// Records card `i`, just added at `p`, when the grid [`Grid::new`] builds for the farm with
    /// the new card has the same squares as this one (see [`span`]): the grid is then exactly
    /// that grid. False, changing nothing, otherwise (the caller builds a new grid).
    pub(crate) fn add_within_bounds(&mut self, p: Pos, i: usize) -> bool {
        // A first card makes its own box (the box of a grid without cards is a placeholder).
        if self.empty {
            return false;
        }
        let lo = Pos::new(self.lo.x.min(p.x), self.lo.y.min(p.y));
        let hi = Pos::new(self.hi.x.max(p.x), self.hi.y.max(p.y));
        if span(lo.x, hi.x) != (self.lo_x, self.w) || span(lo.y, hi.y) != (self.lo_y, self.h) {
            return false;
        }
        let Ok(i) = u8::try_from(i) else {
            return false;
        };
        if i == EMPTY {
            return false;
        }
        let gx = (i32::from(p.x) - self.lo_x) as usize;
        let gy = (i32::from(p.y) - self.lo_y) as usize;
        let k = self.idx(gx, gy);
        if self.cells[k] != EMPTY {
            return false;
        }
        // Only the squares around the new card change: its own stops being a build space (if it
        // was one), and each empty neighbour that had no card next to it becomes one. The
        // grid's margin puts those squares and their neighbours on the grid. (`touches` on one
        // plain slice, looked up once.)
        let (c, w): (&[u8], usize) = (&self.cells, self.w);
        let card = |m: usize| c[m] != EMPTY;
        let next_to_card = |m: usize| card(m - 1) || card(m + 1) || card(m - w) || card(m + w);
        let was = u32::from(next_to_card(k));
        let fresh = [k - w, k + 1, k + w, k - 1]
            .into_iter()
            .filter(|&m| !card(m) && !next_to_card(m))
            .count() as u32;
        self.spaces = self.spaces - was + fresh;
        self.cells[k] = i;
        if !self.rows.is_empty() {
            self.rows[gy] |= 1 << gx;
        }
        self.lo = lo;
        self.hi = hi;
        true
    }

    /// The rows of squares that may hold a build space: those of the cards and one either side.
    /// Inside the grid's margin, so never its outer ring.
    fn space_rows(&self) -> std::ops::RangeInclusive<usize> {
        let first = (i32::from(self.lo.y) - 1 - self.lo_y) as usize;
        let last = (i32::from(self.hi.y) + 1 - self.lo_y) as usize;
        first..=last
    }

    /// The columns of squares that may hold a build space (see [`Grid::space_rows`]).
    fn space_cols(&self) -> std::ops::RangeInclusive<usize> {
        let first = (i32::from(self.lo.x) - 1 - self.lo_x) as usize;
        let last = (i32::from(self.hi.x) + 1 - self.lo_x) as usize;
        first..=last
    }

    /// The index of the card on every square, row by row, with the grid's place and the cards'
    /// box (for tests comparing grids; see [`Squares`]).
    #[cfg(test)]
    pub(crate) fn squares(&self) -> Squares<'_> {
        (
            self.lo_x,
            self.lo_y,
            self.w,
            &self.cells,
            &self.rows,
            (self.lo, self.hi, self.empty),
            self.spaces,
        )
    }

    fn idx(&self, gx: usize, gy: usize) -> usize {
        gy * self.w + gx
    }

    /// The square of `p`, if it is on the grid.
    fn square(&self, p: Pos) -> Option<usize> {
        // A square left of or above the grid wraps to a large number: one test per axis.
        let gx = (i32::from(p.x) - self.lo_x) as u32 as usize;
        let gy = (i32::from(p.y) - self.lo_y) as u32 as usize;
        (gx < self.w && gy < self.h).then(|| self.idx(gx, gy))
    }

    /// The space of square (gx, gy), if it lies on the `i8` plane.
    fn pos(&self, gx: usize, gy: usize) -> Option<Pos> {
        let x = i8::try_from(self.lo_x + gx as i32).ok()?;
        let y = i8::try_from(self.lo_y + gy as i32).ok()?;
        Some(Pos::new(x, y))
    }

    /// True when square `k`, not on the outer ring, is empty and next to a card.
    fn touches(&self, k: usize) -> bool {
        let c = &self.cells;
        c[k] == EMPTY
            && (c[k - 1] != EMPTY
                || c[k + 1] != EMPTY
                || c[k - self.w] != EMPTY
                || c[k + self.w] != EMPTY)
    }

    /// Squares of row `gy` (not on the outer ring) that are empty and next to a card, as bits
    /// (needs `rows`).
    fn touching_row(&self, gy: usize) -> u64 {
        let r = &self.rows;
        // Columns 1..w-1: the outer ring holds no build space.
        let inner = ((1u64 << (self.w - 1)) - 1) & !1;
        (r[gy - 1] | r[gy + 1] | r[gy] << 1 | r[gy] >> 1) & !r[gy] & inner
    }

    /// [`Farm::build_spaces`] of the farm this grid was built from.
    pub(crate) fn build_spaces(&self) -> Spaces {
        let mut out = Spaces::new();
        if !self.rows.is_empty() {
            // Row order, then column order within a row: the same order as the scan below.
            for gy in self.space_rows() {
                let mut m = self.touching_row(gy);
                while m != 0 {
                    let gx = m.trailing_zeros() as usize;
                    m &= m - 1;
                    if let Some(pos) = self.pos(gx, gy) {
                        out.push(pos);
                    }
                }
            }
            return out;
        }
        // Row order; only squares next to the cards' box can be build spaces.
        for gy in self.space_rows() {
            for gx in self.space_cols() {
                // A space off the `i8` plane cannot be named, so it is no build space.
                if self.touches(self.idx(gx, gy))
                    && let Some(pos) = self.pos(gx, gy)
                {
                    out.push(pos);
                }
            }
        }
        out
    }

    /// The build spaces of [`Grid::build_spaces`] without spelling them out: into `rows`
    /// (emptied first) the grid's bits of cards per row, from the row above the first that may
    /// hold a build space (the cards' rows and one either side) to the row below the last, bit
    /// `gx` for column `gx`. Returns where they put the build spaces, with how many there are;
    /// see [`nth_space`] for the spaces themselves. None when the grid keeps no bits per row
    /// (wider than 64 squares) or the cards reach the edge of the `i8` plane, where
    /// `build_spaces` leaves out the squares that cannot be named.
    pub(crate) fn space_rows_into(&self, rows: &mut Vec<u64>) -> Option<SpaceRows> {
        rows.clear();
        // Every square next to the cards' box is on the plane.
        let on_plane = |lo: i8, hi: i8| lo > i8::MIN && hi < i8::MAX;
        if self.rows.is_empty()
            || !on_plane(self.lo.x, self.hi.x)
            || !on_plane(self.lo.y, self.hi.y)
        {
            return None;
        }
        // The rows are copied as they are (`touching_row` of each is worked out only for the
        // space picked), and every build space is on the plane, so the grid's count is theirs.
        let range = self.space_rows();
        let first = *range.start();
        rows.extend_from_slice(&self.rows[first - 1..=*range.end() + 1]);
        debug_assert_eq!(self.spaces, self.count_spaces());
        Some(SpaceRows {
            x0: self.lo_x,
            y0: self.lo_y + first as i32,
            // Columns 1..w-1, as in `touching_row`.
            inner: ((1u64 << (self.w - 1)) - 1) & !1,
            count: self.spaces as usize,
        })
    }

    /// True when `p` is an empty space next to a card (same answer as
    /// [`Farm::is_build_space`]).
    pub(crate) fn is_build_space(&self, p: Pos) -> bool {
        let gx = (i32::from(p.x) - self.lo_x) as u32 as usize;
        let gy = (i32::from(p.y) - self.lo_y) as u32 as usize;
        // Off the grid or on its outer ring: at least two steps from every card.
        if !(1..self.w - 1).contains(&gx) || !(1..self.h - 1).contains(&gy) {
            return false;
        }
        if self.rows.is_empty() {
            self.touches(self.idx(gx, gy))
        } else {
            self.touching_row(gy) >> gx & 1 == 1
        }
    }

    /// The index of the card at `p`, if any.
    pub(crate) fn at(&self, p: Pos) -> Option<usize> {
        match self.cells[self.square(p)?] {
            EMPTY => None,
            i => Some(i as usize),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(x: i8, y: i8) -> Cell {
        Cell {
            pos: Pos::new(x, y),
            card: CellCard::Silo,
            face_up: true,
            water: 0,
            equipment: vec![],
        }
    }

    #[test]
    fn ruling_11_distance_steps_through_cards_only() {
        // A U shape: (0,0) (0,1) (1,1) (2,1) (2,0). (0,0) and (2,0) are 2 apart on the grid but 4
        // apart through the farm, because (1,0) is an empty space.
        let farm = Farm {
            cells: vec![cell(0, 0), cell(0, 1), cell(1, 1), cell(2, 1), cell(2, 0)],
        };
        let d = farm.distances(Pos::new(0, 0));
        assert_eq!(d, vec![0, 1, 2, 3, 4]);
        // From the empty space (1,0): adjacent to (0,0), (1,1) and (2,0).
        let d = farm.distances(Pos::new(1, 0));
        assert_eq!(d, vec![1, 2, 1, 2, 1]);
    }

    /// Issue 43: a square's label depends on its position only, never on the farm around it.
    #[test]
    fn labels_are_fixed_and_read_back() {
        assert_eq!(Pos::new(0, 0).label(), "M26");
        assert_eq!(Pos::new(1, 0).label(), "N26");
        assert_eq!(Pos::new(-1, -1).label(), "L25");
        assert_eq!(Pos::new(-12, -25).label(), "A1");
        assert_eq!(Pos::new(13, 0).label(), "Z26");
        assert_eq!(Pos::new(14, 0).label(), "AA26");
        // Left of A the letters wrap round from ZZ, which no column right of A reaches.
        assert_eq!(Pos::new(-13, 0).label(), "ZZ26");
        assert_eq!(Pos::new(-14, 0).label(), "ZY26");
        assert_eq!(Pos::new(0, -26).label(), "(0,-26)");
        let mut seen = std::collections::HashSet::new();
        for x in i8::MIN..=i8::MAX {
            for y in -25..=i8::MAX {
                let p = Pos::new(x, y);
                let label = p.label();
                assert!(seen.insert(label.clone()), "{label} names two spaces");
                assert_eq!(Pos::parse_label(&label), Some(p), "{label}");
                assert_eq!(
                    Pos::parse_label(&format!(" {} ", label.to_lowercase())),
                    Some(p)
                );
            }
        }
        for bad in [
            "", "M", "26", "M0", "M026", "M-1", "M2x", "ABCD1", "EK1", "M9999",
        ] {
            assert_eq!(Pos::parse_label(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn ruling_10_build_spaces_are_orthogonal_and_empty() {
        let farm = Farm {
            cells: vec![cell(0, 0), cell(1, 0)],
        };
        let spaces = farm.build_spaces();
        assert_eq!(spaces.len(), 6);
        assert!(!spaces.contains(&Pos::new(1, 1)) || farm.is_build_space(Pos::new(1, 1)));
        assert!(
            !spaces.contains(&Pos::new(2, 1)),
            "diagonal spaces are not adjacent"
        );
        assert!(!spaces.contains(&Pos::new(0, 0)));
        assert!(farm.is_connected());
    }
}
