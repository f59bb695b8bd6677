//! `farmhand run` that cannot reach Discord (issue 32, item 9): it exits 1, says why on stderr
//! and in the log stream (stdout), and leaves no new database files behind.

use std::process::Command;

#[test]
fn a_failed_start_says_why_in_the_log_and_leaves_no_files() {
    let dir = std::env::temp_dir().join(format!("farmhand-run-failure-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("farmhand.sqlite");
    let config = dir.join("farmhand.toml");
    std::fs::write(
        &config,
        format!("[database]\nurl = {:?}\n", db.display().to_string()),
    )
    .unwrap();
    // A port nothing listens on: the connection is refused at once.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let o = Command::new(env!("CARGO_BIN_EXE_farmhand"))
        .args(["run", "--config", config.to_str().unwrap()])
        .env("FARMHAND_DISCORD_TOKEN", "not-a-real-token")
        .env("FARMHAND_DISCORD_PROXY", format!("http://127.0.0.1:{port}"))
        .env_remove("RUST_LOG")
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&o.stdout);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{stdout}\n{stderr}");
    assert!(!stderr.trim().is_empty(), "no reason on stderr");
    assert!(
        stdout.contains("farmhand stopped"),
        "the fatal reason is not in the log stream:\n{stdout}\n---\n{stderr}"
    );
    let left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n != "farmhand.toml")
        .collect();
    assert!(left.is_empty(), "files left behind: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
