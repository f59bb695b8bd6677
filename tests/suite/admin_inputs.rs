//! Issue 28: what a server admin can get wrong, tried as an admin would, through the real
//! binary where the finding was about the binary: read-only and unwritable databases, every
//! spelling of a database location, the one-process lock across links and commands, special
//! files, the token in the wrong key, presets that play could never reach, and error texts
//! that place a bad byte and say each cause once.

use crate::common;

use common::*;
use farmhand::games::fields_of_green::Game;
use farmhand::store::{ProcessLock, Store, StoreError};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::fixture::TempDir;

/// A fresh folder for one test, removed when dropped.
fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_farmhand"));
    c.env_remove("FARMHAND_DATABASE")
        .env_remove("FARMHAND_DISCORD_TOKEN")
        .env_remove("RUST_LOG")
        // Never the real Discord: a port nothing listens on.
        .env("FARMHAND_DISCORD_PROXY", "http://127.0.0.1:9");
    c
}

/// Runs `c`, killing it after `limit` (a hang is a failure, not a stuck test).
fn run_for(mut c: Command, limit: Duration) -> Output {
    let mut child = c
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let start = Instant::now();
    loop {
        if child.try_wait().expect("wait").is_some() {
            return child.wait_with_output().expect("output");
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().expect("output");
            panic!(
                "still running after {limit:?}; stderr: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `farmhand run` with the database at `url` (and a token, so the database is reached).
fn run_on(url: &str, cwd: &Path) -> Output {
    let mut c = bin();
    c.arg("run")
        .current_dir(cwd)
        .env("FARMHAND_DATABASE", url)
        .env("FARMHAND_DISCORD_TOKEN", "test-token-not-real");
    run_for(c, Duration::from_secs(30))
}

/// A failure: exit code 1 (not a panic's 101), one `error:` line.
#[track_caller]
fn one_clear_line(o: &Output) -> String {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(!err.contains("panicked") && !err.contains("BUG"), "{err}");
    err.lines()
        .rfind(|l| l.starts_with("error: "))
        .unwrap_or_else(|| panic!("no error line: {err}"))
        .to_string()
}

/// No part of an error line (between ": ") is said twice.
#[track_caller]
fn each_cause_once(line: &str) {
    let parts: Vec<&str> = line.split(": ").filter(|p| p.len() > 12).collect();
    for (i, p) in parts.iter().enumerate() {
        assert!(!parts[i + 1..].contains(p), "{p:?} twice in {line}");
    }
}

fn mkfifo(path: &Path) -> bool {
    Command::new("mkfifo")
        .arg(path)
        .status()
        .is_ok_and(|s| s.success())
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

/// Finding 2 and 7: every spelling of a location that is not a usable file is refused in one
/// line, before anything is written: no panic, no folder named after a URL, no password shown.
#[test]
fn database_locations_are_refused_in_one_line_without_touching_the_disk() {
    let dir = TempDir::new("admin", "locations");
    for (url, said) in [
        ("sqlite::memory:", "in-memory database loses every game"),
        (":memory:", "in-memory database loses every game"),
        ("file:x.sqlite", "file:...) are not read"),
        ("sqlite://", "names no SQLite file"),
        ("sqlite:", "names no SQLite file"),
        (
            "postgress://user:hunter2pw@db.example/games",
            "unknown scheme `postgress://`",
        ),
        (
            "mysql://user:hunter2pw@db.example/games",
            "unknown scheme `mysql://`",
        ),
        (
            "postgres://user:hunter2pw@127.0.0.1:99999/games",
            "database.url",
        ),
        (
            "postgres://user:hunter2pw@127.0.0.1:1/games",
            "(database.url): cannot reach the server",
        ),
    ] {
        let o = run_on(url, dir.dir());
        let line = one_clear_line(&o);
        assert!(line.contains(said), "{url}: {line}");
        assert!(line.contains("database.url"), "{url}: {line}");
        assert!(!stderr(&o).contains("hunter2pw"), "{url}: {}", stderr(&o));
        let left: Vec<_> = std::fs::read_dir(dir.dir()).unwrap().collect();
        assert!(left.is_empty(), "{url} left {left:?} behind");
    }
}

/// Finding 2: a colon in a SQLite file name works (sqlx once panicked building its URL).
#[tokio::test]
async fn a_colon_in_a_sqlite_file_name_works() {
    let dir = TempDir::new("admin", "colon");
    for name in ["games:2024.sqlite", "a #1%41.sqlite"] {
        let path = dir.path(name);
        let shown = path.display().to_string();
        for location in [shown.clone(), format!("sqlite://{shown}")] {
            let store = Store::connect(&location).await.expect(&location);
            assert_eq!(store.active_games().await.unwrap(), Vec::<i64>::new());
        }
        assert!(path.is_file(), "{name} was not created where it was asked");
    }
    let store = Store::connect("sqlite::memory:").await.expect("in memory");
    assert!(store.active_games().await.unwrap().is_empty());
}

/// Finding 1 and 3: a database file that cannot be written, and a folder where nothing can be
/// created, stop the bot at start with the path and what to do. Run as an unprivileged user
/// (root writes anything).
#[tokio::test]
async fn an_unwritable_database_or_folder_stops_the_bot_with_the_path() {
    let dir = TempDir::new("admin", "readonly");
    let db = dir.path("games.sqlite");
    drop(Store::open(&db).await.expect("a database"));
    let as_user = |url: &Path| {
        let mut c = if is_root() {
            let mut c = Command::new("setpriv");
            c.args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
                .arg(env!("CARGO_BIN_EXE_farmhand"));
            c
        } else {
            Command::new(env!("CARGO_BIN_EXE_farmhand"))
        };
        c.arg("run")
            .current_dir(dir.dir())
            .env("FARMHAND_DATABASE", url)
            .env("FARMHAND_DISCORD_TOKEN", "test-token-not-real")
            .env("FARMHAND_DISCORD_PROXY", "http://127.0.0.1:9");
        run_for(c, Duration::from_secs(30))
    };
    use std::os::unix::fs::PermissionsExt;
    // The folder may be written (by everyone), the file not.
    std::fs::set_permissions(dir.dir(), std::fs::Permissions::from_mode(0o777)).unwrap();
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o444)).unwrap();
    let line = one_clear_line(&as_user(&db));
    assert!(line.contains("cannot be written"), "{line}");
    assert!(line.contains(&db.display().to_string()), "{line}");
    assert!(line.contains("write access"), "{line}");

    // A folder nobody but its owner may write: the lock file cannot be made, and the error says
    // where.
    let closed = dir.path("closed");
    std::fs::create_dir(&closed).unwrap();
    let inside = closed.join("new.sqlite");
    std::fs::set_permissions(&closed, std::fs::Permissions::from_mode(0o555)).unwrap();
    let line = one_clear_line(&as_user(&inside));
    assert!(line.contains(&closed.display().to_string()), "{line}");
    assert!(line.contains("write access to the folder"), "{line}");
    std::fs::set_permissions(&closed, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// Finding 4: the lock is the file's, not the name's: a symbolic link and its target share it,
/// a second name (hard link) is refused, and `demo` takes it too.
#[test]
fn the_one_process_lock_holds_across_links_and_commands() {
    let dir = TempDir::new("admin", "lock");
    let db = dir.path("games.sqlite");
    std::fs::write(&db, b"").unwrap();
    let link = dir.path("link.sqlite");
    std::os::unix::fs::symlink(&db, &link).unwrap();
    let held = ProcessLock::acquire(&db).expect("the first process");
    let e = ProcessLock::acquire(&link).expect_err("the same file through a link");
    assert!(matches!(e, StoreError::InUse { .. }), "{e}");
    drop(held);
    let held = ProcessLock::acquire(&link).expect("through the link");
    assert!(ProcessLock::acquire(&db).is_err());
    let hard = dir.path("hard.sqlite");
    std::fs::hard_link(&db, &hard).unwrap();
    let e = ProcessLock::acquire(&hard).expect_err("a second name");
    assert!(e.to_string().contains("hard links"), "{e}");
    std::fs::remove_file(&hard).unwrap();

    // `demo` on the file the "bot" holds is refused at once.
    let mut c = bin();
    c.args(["demo", "--players", "2", "--edit-interval-ms", "0"])
        .arg("--database")
        .arg(&link)
        .arg("--transcript")
        .arg(dir.path("t.html"));
    let line = one_clear_line(&run_for(c, Duration::from_secs(60)));
    assert!(
        line.contains("in use by another Farmhand process"),
        "{line}"
    );
    drop(held);
}

/// Finding 8: special files are refused before they are opened (a FIFO with no writer blocked
/// forever; `/dev/null` as the database was retried for 30 s and left `/dev/null.lock`).
#[test]
fn special_files_are_refused_before_they_are_opened() {
    let dir = TempDir::new("admin", "special");
    let fifo = dir.path("fifo");
    assert!(mkfifo(&fifo), "mkfifo");
    let limit = Duration::from_secs(20);
    let fifo_s = fifo.to_str().unwrap();
    for args in [
        vec!["deck", "check", fifo_s],
        vec!["replay", fifo_s],
        vec!["replay", "--game", "key-harvest", fifo_s],
        vec!["run", "--config", fifo_s],
    ] {
        let mut c = bin();
        c.args(&args);
        let line = one_clear_line(&run_for(c, limit));
        assert!(line.contains("not a regular file"), "{args:?}: {line}");
    }
    let board = dir.path("board-scenario.json");
    std::fs::write(
        &board,
        format!(r#"{{"board": "{fifo_s}", "players": 2, "seed": 1}}"#),
    )
    .unwrap();
    let mut c = bin();
    c.args(["replay", "--game", "key-harvest"]).arg(&board);
    let line = one_clear_line(&run_for(c, limit));
    assert!(line.contains("not a regular file"), "{line}");

    let lock_before = Path::new("/dev/null.lock").exists();
    for db in ["/dev/null", "/dev/zero", fifo_s] {
        let started = Instant::now();
        let line = one_clear_line(&run_on(db, dir.dir()));
        assert!(line.contains("not a regular file"), "{db}: {line}");
        assert!(started.elapsed() < Duration::from_secs(10), "{db}: slow");
    }
    assert_eq!(Path::new("/dev/null.lock").exists(), lock_before);
    assert!(!Path::new("/dev/null-journal").exists() || lock_before);
}

/// Finding 6: the token pasted as the database location is refused naming the setting; no
/// file is made after it and it is not printed.
#[test]
fn the_token_as_the_database_is_refused_without_printing_it() {
    let dir = TempDir::new("admin", "token-db");
    let token = "MTA1NjE4OTU0MjE2NzI0MjY5OA.GxAbCd.0123456789abcdefghijABCDEFGHIJklmnopqr";
    let mut c = bin();
    c.arg("run")
        .current_dir(dir.dir())
        .env("FARMHAND_DATABASE", token)
        .env("FARMHAND_DISCORD_TOKEN", "test-token-not-real");
    let o = run_for(c, Duration::from_secs(30));
    let line = one_clear_line(&o);
    assert!(line.contains("database.url"), "{line}");
    let all = format!("{}{}", stderr(&o), String::from_utf8_lossy(&o.stdout));
    assert!(!all.contains("0123456789abcdefghij"), "{all}");
    assert_eq!(std::fs::read_dir(dir.dir()).unwrap().count(), 0);
}

/// Finding 10: a bad byte is placed by line and column, and each cause is said once (a missing
/// file's "No such file or directory", a board's error).
#[test]
fn errors_place_bad_bytes_and_say_each_cause_once() {
    let dir = TempDir::new("admin", "texts");
    let deck = dir.path("deck.toml");
    std::fs::write(&deck, b"name = \"x\"\n\n  bad = \"\xff\"\n").unwrap();
    let mut c = bin();
    c.args(["deck", "check"]).arg(&deck);
    let line = one_clear_line(&run_for(c, Duration::from_secs(20)));
    assert!(line.contains("line 3, column 10"), "{line}");

    // A missing file, as a deck to check and as the config to run with.
    for args in [["deck", "check"], ["run", "--config"]] {
        let mut c = bin();
        c.args(args).arg(dir.path("missing.toml"));
        let line = one_clear_line(&run_for(c, Duration::from_secs(20)));
        assert_eq!(
            line.matches("No such file or directory").count(),
            1,
            "{args:?}: {line}"
        );
        each_cause_once(&line);
    }

    let board = dir.path("board.toml");
    std::fs::write(&board, "[board]\nrows = 3\ncolumns = 3\n").unwrap();
    let scenario = dir.path("s.json");
    std::fs::write(&scenario, r#"{"players": 2, "seed": 1}"#).unwrap();
    let mut c = bin();
    c.args(["replay", "--game", "key-harvest", "--board"])
        .arg(&board)
        .arg(&scenario);
    let line = one_clear_line(&run_for(c, Duration::from_secs(20)));
    assert!(line.contains("board.toml"), "{line}");
    each_cause_once(&line);
}

/// Finding 9: a preset farm's Equipment sits only where its placement text allows, as in play
/// (ruling 17, rulebook p.10): a Harrow (Field, Harvest) on a Silo is refused, on a Field with
/// a Harvest ability it is accepted.
#[test]
fn preset_equipment_sits_only_where_play_allows() {
    let silo_harrow = seat(0, 0, vec![with_eq(silo(0, 0), &["harrow"]), tower(1, 0, 0)]);
    let e = Game::with_setup(deck(), preset_setup(2, vec![silo_harrow]))
        .expect_err("a Harrow on a Silo");
    let said = e.to_string();
    assert!(
        said.contains("Harrow") && said.contains("cannot sit"),
        "{said}"
    );
    let sacks_on_tower = seat(0, 0, vec![silo(0, 0), with_eq(tower(1, 0, 0), &["sacks"])]);
    assert!(Game::with_setup(deck(), preset_setup(2, vec![sacks_on_tower])).is_err());
    let fine = seat(
        0,
        0,
        vec![
            with_eq(card(0, 0, "wheat"), &["harrow"]),
            with_eq(silo(1, 0), &["sacks"]),
        ],
    );
    Game::with_setup(deck(), preset_setup(2, vec![fine])).expect("a Harrow on Wheat");
}
