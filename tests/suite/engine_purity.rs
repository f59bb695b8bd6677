//! The rules engine (`src/games/`) stays pure (ARCHITECTURE.md): it names no async runtime,
//! Discord or database crate (tokio, serenity, poise, sqlx), does no I/O (`std::fs`, `std::net`),
//! starts no threads (`std::thread`) and reads no clock (`std::time::SystemTime` / `Instant`).
//!
//! The check reads the sources at test time. It is deliberately strict about paths: `tokio::`
//! is flagged even inside a comment or a string, since nobody needs to write that in the engine.
//! Plain prose ("no tokio here") is not flagged. `use` declarations are read from the code with
//! comments and literals removed, and grouped imports (`use std::{fs, time::Instant}`) are
//! expanded before matching.

use std::path::{Path, PathBuf};

/// Crates the engine must not name.
const CRATES: [&str; 4] = ["tokio", "serenity", "poise", "sqlx"];

/// std paths the engine must not use (a path equal to one of these or below it).
const STD_PATHS: [&str; 5] = [
    "std::fs",
    "std::net",
    "std::thread",
    "std::time::SystemTime",
    "std::time::Instant",
];

/// Clock reads that could come in through a shorter path (`use std::time; time::Instant::now()`).
const CLOCK_WORDS: [&str; 3] = ["Instant::now", "SystemTime::now", "UNIX_EPOCH"];

/// One finding: line number (1-based) and what was found.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Finding {
    line: usize,
    what: String,
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Byte offsets where `word` occurs as a whole identifier path segment (not inside `my_tokio`
/// or `tokio_util`).
fn word_at(text: &str, word: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(k) = text[from..].find(word) {
        let at = from + k;
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        if !before.is_some_and(is_ident) && !after.is_some_and(is_ident) {
            out.push(at);
        }
        from = at + word.len();
    }
    out
}

fn line_of(text: &str, at: usize) -> usize {
    text[..at].matches('\n').count() + 1
}

/// The source with comments, string, byte-string, raw-string and char literals blanked out
/// (replaced by spaces, newlines kept, so byte offsets and line numbers stay the same).
pub(super) fn code_only(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = b.to_vec();
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to.min(b.len())] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    let mut i = 0;
    while i < b.len() {
        let rest = &b[i..];
        if rest.starts_with(b"//") {
            let end = src[i..].find('\n').map_or(b.len(), |k| i + k);
            blank(&mut out, i, end);
            i = end;
        } else if rest.starts_with(b"/*") {
            // Block comments nest in Rust.
            let mut depth = 0;
            let mut j = i;
            while j < b.len() {
                if b[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if b[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            blank(&mut out, i, j);
            i = j;
        } else if (rest.starts_with(b"r#") || rest.starts_with(b"r\"") || rest.starts_with(b"br"))
            && (i == 0 || !is_ident(b[i - 1] as char))
            && raw_string_end(b, i).is_some()
        {
            let end = raw_string_end(b, i).unwrap();
            blank(&mut out, i, end);
            i = end;
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            blank(&mut out, i, j + 1);
            i = j + 1;
        } else if b[i] == b'\'' {
            // A char literal ('a', '\n', '\u{1F600}', '\'') or a lifetime ('a): a lifetime has no
            // closing quote right after its name.
            let close = if rest.get(1) == Some(&b'\\') {
                src.get(i + 3..)
                    .and_then(|t| t.find('\''))
                    .map(|k| i + 3 + k)
            } else {
                let ch = src[i + 1..].chars().next().map_or(0, char::len_utf8);
                (b.get(i + 1 + ch) == Some(&b'\'')).then_some(i + 1 + ch)
            };
            match close {
                Some(end) => {
                    blank(&mut out, i, end + 1);
                    i = end + 1;
                }
                None => i += 1,
            }
        } else {
            i += 1;
        }
    }
    String::from_utf8(out).expect("only ASCII bytes were replaced")
}

/// The end (exclusive) of a raw (byte) string starting at `i`, if one starts there.
fn raw_string_end(b: &[u8], i: usize) -> Option<usize> {
    let mut j = i + if b[i] == b'b' { 2 } else { 1 };
    if b.get(j - 1) != Some(&b'r') {
        return None;
    }
    let mut hashes = 0;
    while b.get(j) == Some(&b'#') {
        hashes += 1;
        j += 1;
    }
    if b.get(j) != Some(&b'"') {
        return None;
    }
    let close: Vec<u8> = std::iter::once(b'"')
        .chain(std::iter::repeat_n(b'#', hashes))
        .collect();
    let k = b[j + 1..]
        .windows(close.len())
        .position(|w| w == close.as_slice())?;
    Some(j + 1 + k + close.len())
}

/// Expands a `use` tree (`std::{fs, time::{Duration, Instant}}`) into full paths, whitespace
/// removed, aliases dropped, a leading `::` removed.
pub(super) fn expand_use(tree: &str) -> Vec<String> {
    expand_use_named(tree)
        .into_iter()
        .map(|(path, _)| path)
        .collect()
}

/// As [`expand_use`], each path with the name it is known by in the importing file: its last
/// segment, or its alias (`fs as f` is known as `f`; `a::{self}` as `a`).
pub(super) fn expand_use_named(tree: &str) -> Vec<(String, String)> {
    fn split_top(s: &str) -> Vec<&str> {
        let mut parts = Vec::new();
        let (mut depth, mut start) = (0, 0);
        for (k, c) in s.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(&s[start..k]);
                    start = k + 1;
                }
                _ => {}
            }
        }
        parts.push(&s[start..]);
        parts.into_iter().filter(|p| !p.trim().is_empty()).collect()
    }
    fn go(prefix: &str, tree: &str, out: &mut Vec<(String, String)>) {
        let tree = tree.trim();
        match tree.find('{') {
            Some(open) => {
                let head: String = tree[..open]
                    .chars()
                    .filter(|c| !c.is_whitespace())
                    .collect();
                let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
                let base = join(prefix, head.trim_end_matches("::"));
                for part in split_top(inner) {
                    go(&base, part, out);
                }
            }
            None => {
                // `fs as f`: the path is what is used; the alias is the name it goes by.
                let alias = tree.find(" as ").map(|k| tree[k + 4..].trim().to_string());
                let leaf = tree.find(" as ").map_or(tree, |k| &tree[..k]);
                let leaf: String = leaf.chars().filter(|c| !c.is_whitespace()).collect();
                if leaf.is_empty() {
                    return;
                }
                let path = join(prefix, &leaf);
                // `self` names the module itself.
                let path = path.strip_suffix("::self").unwrap_or(&path).to_string();
                let name =
                    alias.unwrap_or_else(|| path.rsplit("::").next().unwrap_or("").to_string());
                out.push((path, name));
            }
        }
    }
    fn join(a: &str, b: &str) -> String {
        match (a.is_empty(), b.is_empty()) {
            (true, _) => b.to_string(),
            (_, true) => a.to_string(),
            _ => format!("{a}::{b}"),
        }
    }
    let mut out = Vec::new();
    let t = tree.trim();
    go("", t.strip_prefix("::").unwrap_or(t), &mut out);
    out
}

fn path_forbidden(path: &str) -> Option<String> {
    let first = path.split("::").next().unwrap_or("");
    if CRATES.contains(&first) {
        return Some(format!("uses crate `{first}` (`{path}`)"));
    }
    for bad in STD_PATHS {
        if path == bad || path.starts_with(&format!("{bad}::")) {
            return Some(format!("uses `{path}`"));
        }
    }
    // A glob or the bare module would bring the clock or I/O in under a short name.
    for module in ["std::time::*", "std::*"] {
        if path == module {
            return Some(format!("glob-imports `{path}`"));
        }
    }
    None
}

/// `code` with the whitespace around `::` removed (`std :: fs` -> `std::fs`), and for each byte of
/// the result its offset in `code`.
fn squeeze_paths(code: &str) -> (String, Vec<usize>) {
    let mut out = String::with_capacity(code.len());
    let mut offsets = Vec::with_capacity(code.len());
    let chars = code.char_indices();
    for (k, c) in chars {
        if c.is_whitespace() {
            let next_is_colons = code[k..].trim_start().starts_with("::");
            if out.ends_with("::") || next_is_colons {
                continue;
            }
        }
        out.push(c);
        offsets.extend(std::iter::repeat_n(k, c.len_utf8()));
    }
    (out, offsets)
}

/// Everything in `src` that breaks the engine's purity.
fn check_source(src: &str) -> Vec<Finding> {
    let mut found = Vec::new();
    let code = code_only(src);
    // 1. Paths into the forbidden crates, anywhere (comments and strings included: strict).
    //    Whitespace around `::` is allowed by Rust, so look past it.
    for krate in CRATES {
        for at in word_at(src, krate) {
            let after = src[at + krate.len()..].trim_start();
            if after.starts_with("::") {
                found.push(Finding {
                    line: line_of(src, at),
                    what: format!("path into `{krate}`"),
                });
            }
        }
    }
    // 2. `extern crate x` and `use` declarations, in code only.
    for at in word_at(&code, "extern") {
        let rest = code[at + "extern".len()..].trim_start();
        if let Some(rest) = rest.strip_prefix("crate") {
            let name: String = rest
                .trim_start()
                .chars()
                .take_while(|&c| is_ident(c))
                .collect();
            if CRATES.contains(&name.as_str()) {
                found.push(Finding {
                    line: line_of(&code, at),
                    what: format!("extern crate {name}"),
                });
            }
        }
    }
    for at in word_at(&code, "use") {
        let Some(end) = code[at..].find(';') else {
            continue;
        };
        let tree = &code[at + 3..at + end];
        for path in expand_use(tree) {
            if let Some(why) = path_forbidden(&path) {
                found.push(Finding {
                    line: line_of(&code, at),
                    what: why,
                });
            }
        }
    }
    // 3. Inline std paths in code (`std::fs::read(..)`, `std :: thread :: spawn`), whitespace
    //    around `::` removed, and clock reads however they were imported.
    let (flat, offsets) = squeeze_paths(&code);
    for bad in STD_PATHS.iter().chain(&CLOCK_WORDS) {
        for at in word_at(&flat, bad) {
            found.push(Finding {
                line: line_of(&code, offsets[at]),
                what: format!("mentions `{bad}`"),
            });
        }
    }
    found.sort_by(|a, b| (a.line, &a.what).cmp(&(b.line, &b.what)));
    found.dedup();
    found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        // `src/games/tests/` holds the engines' tests, which read scenario files: they are not
        // the engine.
        if path.is_dir() && path.ends_with("games/tests") {
            continue;
        }
        // `src/games/examples/` holds fixed workloads for profilers and the arena (they read the
        // clock to time decisions and print figures): programs built on the engine, not the
        // engine. They can name no runtime, Discord or database crate either, since the
        // engines' crate does not depend on one (the next test).
        if path.is_dir() && path.ends_with("games/examples") {
            continue;
        }
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_engine_names_no_runtime_discord_or_database_crate_and_does_no_io() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join("games");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(
        files.len() >= 10,
        "expected the engine sources under {}, found {files:?}",
        root.display()
    );
    assert!(
        files
            .iter()
            .any(|f| f.ends_with("fields_of_green/game/apply.rs")),
        "the walk missed subdirectories"
    );
    let mut problems = Vec::new();
    for f in &files {
        let src = std::fs::read_to_string(f).unwrap();
        for finding in check_source(&src) {
            problems.push(format!(
                "{}:{}: {}",
                f.strip_prefix(&root).unwrap().display(),
                finding.line,
                finding.what
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "the engine must stay pure (ARCHITECTURE.md):\n{}",
        problems.join("\n")
    );
}

/// The engines are their own crate (`src/games/Cargo.toml`): what it may not name, it cannot
/// even link, as long as its manifest does not list it.
#[test]
fn the_engine_crate_depends_on_no_runtime_discord_or_database_crate() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games/Cargo.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let deps: Vec<&str> = text
        .lines()
        .skip_while(|l| l.trim() != "[dependencies]")
        .skip(1)
        .take_while(|l| !l.trim_start().starts_with('['))
        .filter_map(|l| l.split('=').next())
        .map(str::trim)
        .filter(|name| !name.is_empty() && !name.starts_with('#'))
        .collect();
    assert!(deps.contains(&"rand"), "dependencies not read: {deps:?}");
    for bad in CRATES {
        assert!(!deps.contains(&bad), "the engine crate depends on {bad}");
    }
}

// ---------------------------------------------------------------- the checker checks itself

fn flags(src: &str) -> bool {
    !check_source(src).is_empty()
}

/// Each source in `flagged` is flagged and each in `clean` is not; a failure names the source.
fn assert_flags(flagged: &[&str], clean: &[&str]) {
    for src in flagged {
        assert!(flags(src), "not flagged: {src}");
    }
    for src in clean {
        assert!(!flags(src), "flagged: {src}");
    }
}

#[test]
fn checker_flags_forbidden_crates() {
    assert_eq!(
        check_source("fn a() {}\nuse tokio::sync::Mutex;\n")[0].line,
        2
    );
    assert_flags(
        &[
            "use tokio::sync::Mutex;",
            "use ::tokio::sync::Mutex;",
            "use tokio;",
            "use {std::sync::Arc, tokio::task};",
            "use serenity::all::*;",
            "use poise::Context as Ctx;",
            "extern crate sqlx;",
            "#[tokio::main]\nasync fn main() {}",
            "fn f() { tokio::spawn(async {}); }",
            "fn f() { let q = sqlx :: query(\"x\"); }",
            "type Db = sqlx::SqlitePool;",
            // Strict: a path in a comment counts too.
            "// we could tokio::spawn this",
        ],
        &[],
    );
}

#[test]
fn checker_flags_io_threads_and_clocks() {
    assert_flags(
        &[
            "use std::fs;",
            "use std::fs::File;",
            "use std::{fs, io};",
            "use std::{collections::HashMap, net::TcpStream};",
            "use std::time::{Duration, Instant};",
            "use std::time::{self, SystemTime};",
            "use std::time::*;",
            "use std::thread;",
            "fn f() { let s = std::fs::read_to_string(\"x\"); }",
            "fn f() { std::thread::spawn(|| ()); }",
            "fn f() { let t = std::time::SystemTime::now(); }",
            "fn f() { let t = std :: time :: Instant :: now(); }",
            "use std::time;\nfn f() { let t = time::Instant::now(); }",
        ],
        &[],
    );
}

#[test]
fn checker_leaves_prose_and_harmless_paths_alone() {
    assert_flags(
        // A string that *writes* a crate path is still flagged (strict), prose is not.
        &["fn f() { let s = \"tokio::spawn\"; }"],
        &[
            "//! Pure: no tokio, serenity, poise or sqlx, no I/O, no clock.",
            "/// Uses no tokio; see tests/suite/engine_purity.rs",
            "/* nested /* block */ with tokio mentioned */ fn f() {}",
            "use std::time::Duration;",
            "use std::sync::{Arc, LazyLock};\nuse std::collections::VecDeque;",
            "use crate::games::fields_of_green::game::fs_helpers;",
            "mod my_tokio_notes { pub fn tokio_free() {} }\nfn g() { my_tokio::x(); }",
            "use tokio_free_crate::x;",
            "fn f() { let s = \"use std::fs;\"; let c = ';'; }",
            "fn f<'a>(x: &'a str) -> &'a str { x } // a lifetime, not a char",
            "fn f() { let s = r#\"use std::net; \"#; }",
            "fn f() { let t = game.instant_now(); let fs = 1; }",
        ],
    );
}
