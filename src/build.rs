//! The library's build script: with the `unit-tests` feature (on only in the tests' build, through
//! the dev-dependency on this crate), the library is compiled with `cfg(test)`, so its
//! `#[cfg(test)]` modules are in it and tests/unit.rs runs them (src/games/unit.rs says why).
fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    if std::env::var_os("CARGO_FEATURE_UNIT_TESTS").is_some() {
        println!("cargo::rustc-cfg=test");
    }
}
