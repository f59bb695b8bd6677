//! Hay Wagons' score pad for a phone, in the shared measures of [`crate::render::phone`]: each
//! wagon by place, then the winner line.

use crate::games::hay_wagons::Game;
use crate::render::phone::{line, wrap};
use crate::render::{and_list, seat_name};

/// The pad of a finished game (`None` before the end).
pub fn pad(game: &Game, names: &[String]) -> Option<String> {
    let results = crate::games::Engine::results(game)?;
    let mut order: Vec<usize> = (0..results.len()).collect();
    order.sort_by_key(|&s| (results[s].place, s));
    let mut lines: Vec<String> = order
        .iter()
        .map(|&s| {
            line(
                0,
                &format!("{}. {}", results[s].place, seat_name(names, s)),
                &results[s].score.to_string(),
            )
        })
        .collect();
    let winners: Vec<String> = game
        .winners()
        .iter()
        .map(|&s| seat_name(names, s))
        .collect();
    let winner = if winners.len() > 1 {
        crate::t!("hw-pad-shared", names = and_list(&winners))
    } else {
        crate::t!("hw-pad-winner", name = and_list(&winners))
    };
    lines.push(String::new());
    lines.extend(wrap(&winner));
    Some(lines.join("\n"))
}
