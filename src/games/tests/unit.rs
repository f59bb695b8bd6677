//! The engines' unit tests (`#[cfg(test)]` modules under src/games/), compiled into the library
//! and run here: unit.rs (the crate's `unit` module) says why and how.
fn main() -> std::process::ExitCode {
    farmhand_games::unit::main("farmhand_games", None)
}
