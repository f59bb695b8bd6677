//! The bot's layers (docs/ARCHITECTURE.md, "Layers") hold: no two files of the bot's crate use
//! each other, directly or around a circle, and no lower layer uses a higher one. A circle ties
//! two responsibilities together, so that neither can be read, tested or changed alone; the code
//! map's promise that imports run downward is checked here rather than trusted.
//!
//! The check reads the sources at test time (comments and literals removed, as the engine's
//! purity check does) and follows every `crate::`, `super::` and `self::` path, in `use`
//! declarations and in the code, to the file that defines it. A path into a module's own parent
//! or child is not an edge: a folder's `mod.rs` declares its files, and its files use what it
//! shares. The engines (`src/games/`, a crate of their own) are not checked here: there one
//! type's `impl` is spread over several files by concern, which call each other by design.

use super::engine_purity::{code_only, expand_use_named};
use crate::fixture::TempDir;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module, as the path of its file under `src/` without `.rs` (`mod.rs` named by its folder).
type Module = Vec<String>;

fn modules(root: &Path) -> BTreeMap<Module, PathBuf> {
    fn walk(dir: &Path, root: &Path, out: &mut BTreeMap<Module, PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if path != root.join("games") {
                    walk(&path, root, out);
                }
            } else if path.extension().is_some_and(|x| x == "rs") {
                let rel = path.strip_prefix(root).unwrap().with_extension("");
                let mut m: Module = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                if matches!(m.last().map(String::as_str), Some("mod" | "lib" | "main")) {
                    m.pop();
                }
                out.insert(m, path);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(root, root, &mut out);
    out
}

/// Every path of `code` that starts at `crate`, `super` or `self`, as segments after that word,
/// with the word itself first.
fn paths(code: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    // Names brought in by `use` (`use super::fields_of_green;`), with the path each stands for:
    // a later `fields_of_green::router::handle(..)` goes through that module to its `router`,
    // and must be followed there, not stop at the module brought in.
    let mut named: BTreeMap<String, String> = BTreeMap::new();
    // `use` declarations, expanded (`use super::{a, b::c}`).
    let mut rest = code;
    while let Some(k) = rest.find("use ") {
        let before = rest[..k].chars().last();
        rest = &rest[k + 4..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let Some(end) = rest.find(';') else { break };
        for (p, name) in expand_use_named(&rest[..end]) {
            if !name.is_empty() && name != "*" {
                named.insert(name, p.clone());
            }
            found.push(p);
        }
        rest = &rest[end..];
    }
    // Paths in the code (`super::notify::post(..)`, `crate::store::now_ms()`).
    let squeezed: String = code.split_whitespace().collect::<Vec<_>>().join(" ");
    for start in ["crate::", "super::", "self::"] {
        for (k, _) in squeezed.match_indices(start) {
            if squeezed[..k]
                .chars()
                .last()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
            {
                continue;
            }
            let path: String = squeezed[k..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            found.push(path);
        }
    }
    // Paths that start at a name brought in by `use`: the name stands for its full path.
    for (name, full) in &named {
        if !matches!(full.split("::").next(), Some("crate" | "super" | "self")) {
            continue;
        }
        let start = format!("{name}::");
        for (k, _) in squeezed.match_indices(&start) {
            if squeezed[..k]
                .chars()
                .last()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
            {
                continue;
            }
            let tail: String = squeezed[k + start.len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            found.push(format!("{full}::{tail}"));
        }
    }
    found
        .into_iter()
        .map(|p| {
            p.split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect()
        })
        .filter(|p: &Vec<String>| {
            matches!(
                p.first().map(String::as_str),
                Some("crate" | "super" | "self")
            )
        })
        .collect()
}

/// The module a path names, from `from`: the longest prefix that is a module.
fn target(from: &Module, path: &[String], all: &BTreeMap<Module, PathBuf>) -> Option<Module> {
    let mut base: Module = match path[0].as_str() {
        "crate" => Vec::new(),
        "self" => from.clone(),
        _ => from[..from.len().saturating_sub(1)].to_vec(),
    };
    let mut rest = &path[1..];
    while rest.first().is_some_and(|s| s == "super") {
        base.pop();
        rest = &rest[1..];
    }
    base.extend(rest.iter().cloned());
    (0..=base.len())
        .rev()
        .map(|k| base[..k].to_vec())
        .find(|m| all.contains_key(m))
}

fn edges(root: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let all = modules(root);
    let mut out = BTreeMap::new();
    for (m, file) in &all {
        // Unit tests (`mod tests`, inline or in a `tests.rs` file) may use anything above them:
        // they are not part of the layer.
        if m.last().is_some_and(|s| s == "tests") {
            out.insert(m.clone(), BTreeSet::new());
            continue;
        }
        let code = code_only(&std::fs::read_to_string(file).unwrap());
        let code = match code.find("#[cfg(test)]\nmod tests") {
            Some(k) => &code[..k],
            None => &code[..],
        };
        let mut to = BTreeSet::new();
        for p in paths(code) {
            if let Some(t) = target(m, &p, &all)
                && t != *m
                && !t.starts_with(m)
                && !m.starts_with(&t)
            {
                to.insert(t);
            }
        }
        out.insert(m.clone(), to);
    }
    out
}

/// The strongly connected groups of more than one module (Tarjan's algorithm).
fn circles(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<String>> {
    struct T<'a> {
        edges: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on: BTreeSet<&'a Module>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(t: &mut T<'a>, v: &'a Module) {
        let k = t.index.len();
        t.index.insert(v, k);
        t.low.insert(v, k);
        t.stack.push(v);
        t.on.insert(v);
        for w in &t.edges[v] {
            let Some((w, _)) = t.edges.get_key_value(w) else {
                continue;
            };
            if !t.index.contains_key(w) {
                visit(t, w);
                let l = t.low[v].min(t.low[w]);
                t.low.insert(v, l);
            } else if t.on.contains(w) {
                let l = t.low[v].min(t.index[w]);
                t.low.insert(v, l);
            }
        }
        if t.low[v] == t.index[v] {
            let mut group = Vec::new();
            while let Some(w) = t.stack.pop() {
                t.on.remove(w);
                group.push(w.join("/"));
                if w == v {
                    break;
                }
            }
            if group.len() > 1 {
                group.sort();
                t.out.push(group);
            }
        }
    }
    let mut t = T {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !t.index.contains_key(v) {
            visit(&mut t, v);
        }
    }
    t.out
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn no_file_of_the_bot_is_in_an_import_circle() {
    let found = circles(&edges(&src()));
    assert!(
        found.is_empty(),
        "these files use each other, directly or around a circle: {found:?}"
    );
}

/// The layers of docs/ARCHITECTURE.md, lowest first: a module may use its own layer and those
/// below it.
const LAYERS: [&[&str]; 7] = [
    &["games", "i18n", "input", "secret", "shards", "clock", "day"],
    &["render", "store", "logging"],
    &["host", "config", "metrics"],
    &["service"],
    &["discord"],
    &["fake_discord"],
    &["cli", "main"],
];

#[test]
fn imports_run_downward_only() {
    let layer = |m: &Module| {
        let top = m.first().map_or("main", String::as_str);
        LAYERS.iter().position(|l| l.contains(&top))
    };
    let mut upward = Vec::new();
    for (from, to) in edges(&src()) {
        let Some(a) = layer(&from) else { continue };
        for t in to {
            // The operator's listener serves the service: it sits with the Discord layer, above
            // the service whose counters its parent module holds.
            let a = if from == ["metrics", "serve"] { 4 } else { a };
            if layer(&t).is_some_and(|b| b > a) {
                upward.push(format!("{} -> {}", from.join("/"), t.join("/")));
            }
        }
    }
    assert!(upward.is_empty(), "imports that point upward: {upward:#?}");
}

/// A made-up crate for the checker's own tests, in a new temp folder: `files` holds each file
/// after a line `=== path` (folders are made as the paths need).
fn sources(name: &str, files: &str) -> TempDir {
    let dir = TempDir::new("layers", name);
    for file in files.split("=== ").skip(1) {
        let (path, text) = file.split_once('\n').unwrap();
        std::fs::create_dir_all(dir.path(path).parent().unwrap()).unwrap();
        dir.write(path, text);
    }
    dir
}

#[test]
fn the_checker_finds_a_circle_and_follows_super_and_grouped_imports() {
    let dir = sources(
        "circle",
        "\
=== lib.rs
pub mod room;
pub mod low;
=== low.rs
pub fn f() {}
=== room/mod.rs
mod a;
mod b;
pub struct Shared;
=== room/a.rs
use super::{Shared, b::g};
pub fn h() { crate::low::f(); }
=== room/b.rs
// super::a::h in a comment is not an edge
pub fn g() { super::a::h() }
",
    );
    let e = edges(dir.dir());
    let m = |s: &str| s.split('/').map(str::to_string).collect::<Module>();
    assert_eq!(e[&m("room/a")], BTreeSet::from([m("low"), m("room/b")]));
    assert_eq!(
        circles(&e),
        vec![vec!["room/a".to_string(), "room/b".to_string()]]
    );
    dir.write("room/b.rs", "pub fn g() {}\n");
    assert!(circles(&edges(dir.dir())).is_empty());
}

/// The shape of the circle `discord/` once had, which the checker missed: a list of games
/// brings a game's module in by name (`use super::game;`) and calls `game::router::handle`; that
/// router calls the shared steps, and the steps climb back up to the list. The edge goes to the
/// file the path names through the module, so the circle is found.
#[test]
fn the_checker_follows_paths_through_a_module_brought_in_by_name() {
    let dir = sources(
        "named",
        "\
=== lib.rs
pub mod room;
=== room/mod.rs
mod game;
mod list;
mod steps;
=== room/game/mod.rs
pub mod router;
=== room/game/router.rs
pub fn handle() { super::super::steps::act() }
=== room/list.rs
use super::game;
use super::game::router as r;
pub fn route() { game::router::handle(); r::handle() }
=== room/steps.rs
pub fn act() {}
pub fn enter() { super::list::route() }
",
    );
    let e = edges(dir.dir());
    let m = |s: &str| s.split('/').map(str::to_string).collect::<Module>();
    assert!(e[&m("room/list")].contains(&m("room/game/router")));
    assert_eq!(
        circles(&e),
        vec![vec![
            "room/game/router".to_string(),
            "room/list".to_string(),
            "room/steps".to_string()
        ]]
    );
    // The steps no longer climb up: no circle.
    dir.write("room/steps.rs", "pub fn act() {}\n");
    assert!(circles(&edges(dir.dir())).is_empty());
}
