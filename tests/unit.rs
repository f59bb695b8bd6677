//! The library's unit tests (`#[cfg(test)]` modules under src/, outside src/games), compiled into
//! the library and run here: src/games/unit.rs says why and how.
fn main() -> std::process::ExitCode {
    farmhand::games::unit::main("farmhand", Some(block_on))
}

/// An `async fn` test on a current-thread runtime with its clock and I/O drivers, as
/// `#[tokio::test]` runs one.
fn block_on(test: farmhand::games::unit::TestFuture) {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime for an async test")
        .block_on(test)
}
