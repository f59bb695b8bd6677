//! The unit tests beside the code are compiled into the libraries and registered by the
//! workspace's own `#[test]` (src/games/unit.rs says why). A test that is written but never
//! registered would never run and never fail, so this checks the registry against the sources:
//! every `#[test]` function under src/ (outside the engines' integration tests, which are a
//! libtest binary of their own) is registered, with its `#[ignore]`; and no `#[tokio::test]`
//! stands in a library, where it would expand to the built-in `#[test]` and silently vanish.
//!
//! The suite links the bot's library as the tests build it (feature `unit-tests`), so both
//! crates' registrations are in this process too.

use super::engine_purity::code_only;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read src") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            // The engines' integration tests: libtest's harness, not the registry.
            if !path.ends_with("games/tests") {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A test as both sides can name it: its crate, its function's name, and whether it is
/// `#[ignore]`d. Two modules may hold tests of one name, so each is counted.
type Tests = BTreeMap<(String, String, bool), usize>;

/// Each test function under src/, read from the code (comments and string literals removed),
/// and where a `#[tokio::test]` stands.
fn tests_in_sources() -> (Tests, Vec<String>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut found = BTreeMap::new();
    let mut tokio = Vec::new();
    for file in &files {
        let rel = file.strip_prefix(&src).expect("under src");
        let krate = if rel.starts_with("games") {
            "farmhand_games"
        } else {
            "farmhand"
        };
        let code = code_only(&std::fs::read_to_string(file).expect("read"));
        let lines: Vec<&str> = code.lines().map(str::trim).collect();
        for (i, line) in lines.iter().enumerate() {
            if line.starts_with("#[tokio::test") {
                tokio.push(format!("{}:{}", rel.display(), i + 1));
            }
            if *line != "#[test]" {
                continue;
            }
            // The attributes under it, then the function's name.
            let mut ignore = false;
            for next in &lines[i + 1..] {
                if next.starts_with("#[ignore") {
                    ignore = true;
                } else if let Some(at) = next.find("fn ") {
                    let name: String = next[at + 3..]
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    *found.entry((krate.to_string(), name, ignore)).or_insert(0) += 1;
                    break;
                }
            }
        }
    }
    (found, tokio)
}

#[test]
fn every_unit_test_under_src_is_registered_and_none_is_a_tokio_test() {
    let (in_sources, tokio) = tests_in_sources();
    assert!(
        tokio.is_empty(),
        "#[tokio::test] in a library expands to the built-in #[test] and never runs: write \
         `#[test] async fn` (src/games/unit.rs): {tokio:?}"
    );
    let mut registered = Tests::new();
    for t in farmhand::games::unit::registered() {
        let krate = t.module.split("::").next().unwrap_or("").to_string();
        *registered
            .entry((krate, t.name.to_string(), t.ignore))
            .or_insert(0) += 1;
    }
    let read: usize = in_sources.values().sum();
    assert!(read > 300, "the sources' tests were not read: {read}");
    assert_eq!(
        in_sources, registered,
        "the tests under src/ and the registry differ"
    );
}
