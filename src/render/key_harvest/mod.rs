//! Key Harvest country boards as phone-width ASCII text (docs/CLI.md, "Key Harvest board files").
//!
//! Every space is a 3-character token followed by one space; rows B, D and F start 1 character
//! further right, which shows the hexes' stagger and keeps a line within a phone's 34 columns:
//!
//! ```text
//!    1   2   3   4   5   6   7   8
//! A  A1  A2  A3 <1>  A5  A6  A7  A8
//! B   B1 (w) (r)  B4  B5  B6  B7  B8
//! ```
//!
//! `[H]` is an unharvested field tile, `(h)` a harvested one (brackets and case both differ, as
//! c/C, v/V and w/W are hard to tell apart on a phone), `<4>` a worker and ` B4` an empty space,
//! which shows its reference so nobody has to count columns. ASCII only: emoji and CJK break the
//! alignment in Discord code blocks.
//!
//! The drawing follows the board's own rows, columns and letters; a board with references longer
//! than 2 characters gets wider tokens (a reference plus one space) so that the columns stay
//! aligned.
//!
//! Beside it: `text` (everything else of Key Harvest as text for players) and `picture` (the
//! boards as PNG pictures).

pub mod coach;
pub mod phone;
pub mod picture;
pub mod text;

use self::text as khtext;
use crate::games::key_harvest::board::{Board, Crop, Space};

/// What one space of a country board shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    Field { crop: Crop, harvested: bool },
    Worker { number: u8 },
}

/// The longest a legend line may be (section 6).
const LEGEND_WIDTH: usize = 34;

/// Token width: 3 for the standard board (`[H]`, ` B4`), wider for longer references.
fn token_width(board: &Board) -> usize {
    let longest = (0..Board::SPACES as Space)
        .map(|s| board.reference(s).len())
        .max()
        .unwrap_or(2);
    (longest + 1).max(3)
}

fn field_token(board: &Board, crop: Crop, harvested: bool) -> String {
    let letter = board.letter(crop);
    if harvested {
        format!("({})", letter.to_ascii_lowercase())
    } else {
        format!("[{letter}]")
    }
}

fn cell_token(board: &Board, s: Space, cell: Cell) -> String {
    match cell {
        Cell::Empty => format!(" {}", board.reference(s)),
        Cell::Field { crop, harvested } => field_token(board, crop, harvested),
        Cell::Worker { number } => format!("<{number}>"),
    }
}

/// The grid: header line + one line per row, exactly as section 6 (tokens `[H]`, `(h)`, `<4>`,
/// ` B4`), no trailing spaces, ASCII only. `cells.len() == 56`, indexed by Space.
pub fn draw_board(board: &Board, cells: &[Cell]) -> String {
    assert_eq!(cells.len(), Board::SPACES, "one cell per space");
    let width = token_width(board);
    let pitch = width + 1;
    let label_width = (0..board.rows())
        .map(|r| board.row_label(r).len())
        .max()
        .unwrap_or(1);
    let prefix = label_width + 1;

    // Header: each column number centred over its tokens in the unshifted rows.
    let mut header = vec![b' '; prefix + pitch * board.columns() + 4];
    for c in 0..board.columns() {
        let number = (c + 1).to_string();
        let centre = prefix + pitch * c + width / 2;
        let start = centre - (number.len() - 1) / 2;
        header[start..start + number.len()].copy_from_slice(number.as_bytes());
    }
    let mut out = String::from_utf8(header)
        .expect("ASCII")
        .trim_end()
        .to_string();

    for r in 0..board.rows() {
        let mut line = format!("{:<label_width$} ", board.row_label(r));
        // Rows B, D, F sit one character right: half a token would make them 2 wider than a
        // phone's 34 columns (issue 32), and one still shows the hexes' stagger.
        if r % 2 == 1 {
            line.push_str(&" ".repeat((pitch / 2).min(1)));
        }
        for c in 0..board.columns() {
            if c > 0 {
                line.push(' ');
            }
            let s = (r * board.columns() + c) as Space;
            let token = cell_token(board, s, cells[s as usize]);
            line.push_str(&format!("{token:>width$}"));
        }
        out.push('\n');
        out.push_str(line.trim_end());
    }
    out
}

/// The legend block of section 6 (built from the board's letters): what the four kinds of token
/// mean, then each crop's letter. A letter that is not the crop name's initial gets its counter
/// colour as a hint (`R wine (red)`). Lines are at most 34 characters.
pub fn legend(board: &Board) -> String {
    let width = token_width(board);
    let first = Crop::ALL[0];
    let example = if board.rows() >= 2 && board.columns() >= 4 {
        (board.columns() + 3) as Space // B4 on the standard board
    } else {
        0
    };
    let mut lines = vec![
        format!(
            "{:>width$} {}",
            field_token(board, first, false),
            crate::t!("kh-legend-unharvested")
        ),
        format!(
            "{:>width$} {}",
            field_token(board, first, true),
            crate::t!("kh-legend-harvested")
        ),
        format!("{:>width$} {}", "<4>", crate::t!("kh-legend-worker")),
        format!(
            "{:>width$} {}",
            format!(" {}", board.reference(example)),
            crate::t!("kh-legend-empty")
        ),
    ];
    let mut current = String::new();
    for crop in Crop::ALL {
        let letter = board.letter(crop);
        let initial = crop.name().chars().next().map(|c| c.to_ascii_uppercase());
        let name = khtext::crop_name(board, crop);
        // The counter colour helps where the letter is not the name's initial (R for wine).
        let entry = if initial == Some(letter) && name == crop.name() {
            crate::t!("kh-legend-crop", letter = letter.to_string(), crop = name)
        } else {
            crate::t!(
                "kh-legend-crop-colour",
                letter = letter.to_string(),
                crop = name,
                colour = khtext::counter_colour(board, crop)
            )
        };
        if !current.is_empty() && khtext::width(&current) + 2 + khtext::width(&entry) > LEGEND_WIDTH
        {
            lines.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push_str("  ");
        }
        current.push_str(&entry);
    }
    lines.push(current);
    lines.join("\n")
}

/// A tile outside a board (registry, store), e.g. `B5[V]`: its reference and its unharvested
/// token.
pub fn tile_token(board: &Board, s: Space) -> String {
    let crop = board.crop(s);
    // The crop is named (`B5 (vegetables)`, `B5（野菜）`): a letter such as `[V]` is a code a
    // player must look up (issue 43). The board grid keeps its letters, which its legend explains.
    if crate::i18n::current() == crate::i18n::Locale::Ja {
        return format!(
            "{}（{}）",
            board.reference(s),
            khtext::crop_name(board, crop)
        );
    }
    format!(
        "{} ({})",
        board.reference(s),
        khtext::crop_name(board, crop)
    )
}

/// A one-line key to the symbols a drawing of a board uses (issue 43: a screen that shows
/// `[W]`, `(w)` or `<1>` says what they are), e.g. `Key: [H] hops · (w) wheat · ( ) harvested ·
/// <n> worker`: a crop by its big symbol, or its small one when only harvested tiles show. Only what `drawing` shows is named; `None` when it shows none of them.
pub fn key_line(board: &Board, drawing: &str) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    let mut harvested = false;
    for crop in Crop::ALL {
        let big = field_token(board, crop, false);
        let small = field_token(board, crop, true);
        // Each crop by the symbol the drawing shows: `[H]`, or `(h)` when all are harvested.
        let shown = if drawing.contains(&big) {
            Some(big)
        } else if drawing.contains(&small) {
            Some(small.clone())
        } else {
            None
        };
        if let Some(symbol) = shown {
            parts.push(format!("{symbol} {}", khtext::crop_name(board, crop)));
        }
        harvested |= drawing.contains(&small);
    }
    if harvested {
        parts.push(format!("( ) {}", crate::t!("kh-key-harvested")));
    }
    if drawing.contains('<') {
        parts.push(format!("<n> {}", crate::t!("kh-key-worker")));
    }
    (!parts.is_empty()).then(|| crate::t!("kh-key", list = parts.join(" · ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Section 6's worked example: the pink player's board in mid-game.
    const EXAMPLE: &str = "   1   2   3   4   5   6   7   8
A  A1  A2  A3 <1>  A5  A6  A7  A8
B   B1 (w) (r)  B4  B5  B6  B7  B8
C  C1 [H] (c)  C4  C5  C6  C7  C8
D   D1 [R] <2>  D4 [H] (r)  D7  D8
E  E1  E2  E3  E4 <4> [V] [C]  E8
F   F1  F2  F3 [V] [C] (h)  F7  F8
G  G1 [R]  G3  G4  G5  G6  G7  G8";

    const LEGEND: &str = "[H] unharvested field (big symbol)
(h) harvested field (small symbol)
<4> worker tile: its number
 B4 empty space: its reference
H hops  V vegetables
C cider apples  R wine (red)
W wheat";

    fn sp(board: &Board, r: &str) -> Space {
        board.parse_reference(r).unwrap()
    }

    /// The example's cells, built from its description: crops come from the board.
    fn example_cells(board: &Board) -> Vec<Cell> {
        let mut cells = vec![Cell::Empty; Board::SPACES];
        let unharvested = ["C2", "D2", "D5", "E6", "E7", "F4", "F5", "G2"];
        let harvested = ["B2", "B3", "C3", "D6", "F6"];
        for (refs, harvested) in [(&unharvested[..], false), (&harvested[..], true)] {
            for r in refs {
                let s = sp(board, r);
                cells[s as usize] = Cell::Field {
                    crop: board.crop(s),
                    harvested,
                };
            }
        }
        for (r, number) in [("A4", 1), ("D3", 2), ("E5", 4)] {
            cells[sp(board, r) as usize] = Cell::Worker { number };
        }
        cells
    }

    #[test]
    fn draws_the_worked_example_exactly() {
        let board = Board::standard();
        let text = draw_board(&board, &example_cells(&board));
        let got: Vec<&str> = text.lines().collect();
        let want: Vec<&str> = EXAMPLE.lines().collect();
        assert_eq!(got.len(), 8);
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(g, w, "line {i}");
        }
        assert_eq!(text, EXAMPLE);
        let lengths: Vec<usize> = got.iter().map(|l| l.len()).collect();
        assert_eq!(lengths, [32, 33, 34, 33, 34, 33, 34, 33]);
        assert!(text.is_ascii());
        assert!(!text.contains('\t'));
    }

    #[test]
    fn tokens_and_header_digits_sit_at_their_computed_index() {
        let board = Board::standard();
        let text = draw_board(&board, &[Cell::Empty; Board::SPACES]);
        let lines: Vec<&str> = text.lines().collect();
        for c in 1..=8 {
            let i = 3 + 4 * (c - 1);
            assert_eq!(&lines[0][i..=i], c.to_string());
        }
        for r in 0..7 {
            let line = lines[r + 1];
            assert!(!line.ends_with(' '));
            for c in 1..=8 {
                let start = 2 + (r % 2) + 4 * (c - 1);
                let reference = board.reference((r * 8 + c - 1) as Space);
                assert_eq!(&line[start..start + 3], format!(" {reference}"));
                if c > 1 {
                    assert_eq!(&line[start - 1..start], " ");
                }
            }
            assert!(line.len() <= 34);
        }
    }

    #[test]
    fn field_tokens_use_the_board_letters() {
        let board = Board::standard();
        let mut cells = vec![Cell::Empty; Board::SPACES];
        cells[0] = Cell::Field {
            crop: Crop::Wine,
            harvested: false,
        };
        cells[1] = Cell::Field {
            crop: Crop::CiderApples,
            harvested: true,
        };
        cells[2] = Cell::Worker { number: 5 };
        let text = draw_board(&board, &cells);
        assert!(
            text.lines()
                .nth(1)
                .unwrap()
                .starts_with("A [R] (c) <5>  A4")
        );
    }

    #[test]
    fn legend_matches_section_6() {
        let board = Board::standard();
        let text = legend(&board);
        assert_eq!(text, LEGEND);
        assert!(
            text.lines()
                .all(|l| l.len() <= LEGEND_WIDTH && l.is_ascii())
        );
        let ja = crate::i18n::with(crate::i18n::Locale::Ja, || legend(&board));
        assert!(ja.contains("R ブドウ（赤）"), "{ja}");
        assert!(ja.lines().all(|l| khtext::width(l) <= LEGEND_WIDTH), "{ja}");
    }

    #[test]
    fn legend_follows_the_file_letters() {
        let text = include_str!("../../games/key_harvest/board.toml")
            .replacen("letter = \"H\"", "letter = \"P\"", 1)
            .replacen("letter = \"R\"", "letter = \"I\"", 1);
        let board = Board::from_toml(&text).unwrap();
        let legend = legend(&board);
        assert!(legend.starts_with("[P] unharvested"), "{legend}");
        assert!(legend.contains("(p) harvested"), "{legend}");
        assert!(legend.contains("P hops (brown)"), "{legend}");
        assert!(legend.contains("I wine (red)"), "{legend}");
        assert!(legend.lines().all(|l| l.len() <= LEGEND_WIDTH));
    }

    #[test]
    fn the_key_names_only_the_symbols_drawn() {
        let board = Board::standard();
        let drawing = "C  C1 [H]  C3\nF   F1 (r) <1> [C]";
        let key = key_line(&board, drawing).unwrap();
        assert_eq!(
            key,
            "Key: [H] hops · [C] cider apples · (r) wine · ( ) lower case, harvested · <n> worker"
        );
        assert_eq!(key_line(&board, "A  A1  A2"), None);
        let ja = crate::i18n::with(crate::i18n::Locale::Ja, || {
            key_line(&board, drawing).unwrap()
        });
        assert!(ja.contains("[H] ホップ") && !ja.contains("hops"), "{ja}");
    }

    #[test]
    fn tile_tokens_outside_a_board() {
        let board = Board::standard();
        assert_eq!(tile_token(&board, sp(&board, "B5")), "B5 (vegetables)");
        assert_eq!(tile_token(&board, sp(&board, "G8")), "G8 (cider apples)");
        let six: Vec<String> = ["A1", "B2", "C3", "D4", "E5", "F6"]
            .iter()
            .map(|r| tile_token(&board, sp(&board, r)))
            .collect();
        // No crop letter outside a board (issue 43): the board's legend is not at hand there.
        assert!(six.iter().all(|t| !t.contains('[')), "{six:?}");
        // In Japanese, the crop's Japanese name stands in place of the English initial.
        crate::i18n::with(crate::i18n::Locale::Ja, || {
            assert_eq!(tile_token(&board, sp(&board, "B5")), "B5（野菜）");
            assert_eq!(tile_token(&board, sp(&board, "G8")), "G8（リンゴ）");
        });
    }
}
