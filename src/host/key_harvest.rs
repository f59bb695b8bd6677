//! Key Harvest as the host keeps it: its board (the built-in one or a board file) and how its
//! finished game's ties are said.

use super::{AnyGame, Hosted, Kind, Library};
use crate::games::key_harvest as kh;
use std::sync::Arc;

impl Hosted for kh::Game {
    const GAME: Kind = Kind::KeyHarvest;
    const COMMAND: &'static str = "kh";
    fn rules(library: &Library) -> &Arc<kh::Board> {
        &library.key_harvest
    }
    fn built_in() -> Arc<kh::Board> {
        kh::Board::standard()
    }
    fn configured(config: &crate::config::Config) -> anyhow::Result<Arc<kh::Board>> {
        Ok(read_board(config.game.board.as_deref())?)
    }
    fn summary(board: &kh::Board) -> String {
        let from = if *board == *kh::Board::standard() {
            "standard"
        } else {
            "from file"
        };
        format!("board {from}")
    }
    fn into_any(self) -> AnyGame {
        AnyGame::KeyHarvest(self)
    }
    fn tie_lines(&self, names: &[String]) -> Vec<String> {
        self.score_pad()
            .map(|pad| crate::render::key_harvest::text::tie_lines(pad, names))
            .unwrap_or_default()
    }
}

/// The Key Harvest board: the built-in one, or a board file (the error names the path and the
/// field). File reading lives here, outside the pure engine.
pub fn read_board(path: Option<&std::path::Path>) -> Result<Arc<kh::Board>, kh::board::BoardError> {
    let Some(path) = path else {
        return Ok(kh::Board::standard());
    };
    let shown = path.display().to_string();
    let text = crate::input::read_text(path, crate::input::cap::DECK).map_err(|e| {
        kh::board::BoardError::Read {
            path: shown.clone(),
            message: e.to_string(),
        }
    })?;
    Ok(Arc::new(kh::Board::from_file_text(&shown, &text)?))
}
