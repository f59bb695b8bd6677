//! Reading the files a user hands the bot or the CLI (config, deck, board, scenario), and
//! reporting what is wrong with them, safely:
//!
//! - every file has a size cap, and only regular files are read: a scenario naming `/dev/zero`
//!   as its deck gets an error at once instead of reading until memory runs out;
//! - an error quotes at most one short line of the input (a 600 KB line is never echoed back);
//! - a JSON value of the wrong type names the field it is in (`players[1].coins`).

use serde::de::DeserializeOwned;
use std::io::Read;
use std::path::Path;

/// Size caps, by kind of file. Far above any real file, far below a memory problem.
pub mod cap {
    /// `farmhand.toml`.
    pub const CONFIG: u64 = 64 * 1024;
    /// A Fields of Green deck or a Key Harvest board.
    pub const DECK: u64 = 1024 * 1024;
    /// A scenario or replay (a whole game's actions).
    pub const SCENARIO: u64 = 16 * 1024 * 1024;
}

pub use crate::games::{BRIEF, brief};

/// Why a file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    // Transparent: the I/O error is the cause, said once ("No such file or directory"), not
    // once as this error's text and again as its source.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error("it is not a regular file (a folder, a device or a pipe)")]
    NotAFile,
    #[error("it is larger than {} KiB ({} KiB)", .limit / 1024, .size / 1024)]
    TooLarge { size: u64, limit: u64 },
    #[error("it is not UTF-8 text (line {line}, column {column}: byte 0x{byte:02x})")]
    NotText {
        line: usize,
        column: usize,
        byte: u8,
    },
}

/// Reads a whole text file of at most `limit` bytes.
pub fn read_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    // Looked at before it is opened: opening a FIFO without a writer blocks forever, and
    // opening a device may do something. Looked at again once open, in case it was swapped.
    if !std::fs::metadata(path)?.is_file() {
        return Err(ReadError::NotAFile);
    }
    let file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(ReadError::NotAFile);
    }
    if meta.len() > limit {
        return Err(ReadError::TooLarge {
            size: meta.len(),
            limit,
        });
    }
    // The file may grow while it is read: never take more than the cap.
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge {
            size: bytes.len() as u64,
            limit,
        });
    }
    String::from_utf8(bytes).map_err(|e| not_text(e.as_bytes(), e.utf8_error().valid_up_to()))
}

/// Where the first byte that is not UTF-8 sits: its line and column (in characters, counted
/// from 1, as editors count them) and the byte itself.
fn not_text(bytes: &[u8], valid_up_to: usize) -> ReadError {
    let good = &bytes[..valid_up_to];
    let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    // The prefix is valid UTF-8 by definition of `valid_up_to`.
    let column = std::str::from_utf8(&good[line_start..]).map_or(0, |l| l.chars().count()) + 1;
    ReadError::NotText {
        line: good.iter().filter(|&&b| b == b'\n').count() + 1,
        column,
        byte: bytes.get(valid_up_to).copied().unwrap_or(0),
    }
}

/// Parses JSON into `T`; a failure names the field at fault (`players[1].coins: invalid type:
/// string, expected u32 at line 1 column 232`), in one short line.
pub fn json<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    let de = &mut serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let inner = brief(&e.into_inner().to_string());
        if path.is_empty() || path == "." {
            inner
        } else {
            brief(&format!("{path}: {inner}"))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Seat {
        coins: u32,
    }

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct S {
        players: Vec<Seat>,
    }

    /// A fresh folder for one test, `farmhand-{name}-{pid}` in the temp folder (the test removes
    /// it).
    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("farmhand-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_wrong_type_names_the_field() {
        let e = json::<S>(r#"{"players": [{"coins": 1}, {"coins": "many"}]}"#).unwrap_err();
        assert!(
            e.starts_with("players[1].coins: invalid type: string"),
            "{e}"
        );
        assert!(e.contains("expected u32"), "{e}");
    }

    #[test]
    fn errors_quote_at_most_one_short_line() {
        let long = "x".repeat(600_000);
        let e = json::<S>(&format!(r#"{{"players": [{{"coins": "{long}"}}]}}"#)).unwrap_err();
        assert!(e.len() < BRIEF + 60, "{} bytes", e.len());
        assert_eq!(brief("one\ntwo"), "one ...");
        assert_eq!(brief("one\n"), "one");
    }

    #[test]
    fn devices_and_big_files_are_refused_without_reading_them() {
        if Path::new("/dev/zero").exists() {
            assert!(matches!(
                read_text(Path::new("/dev/zero"), cap::DECK),
                Err(ReadError::NotAFile)
            ));
        }
        let dir = scratch("input");
        assert!(matches!(
            read_text(&dir, cap::DECK),
            Err(ReadError::NotAFile)
        ));
        let big = dir.join("big.toml");
        std::fs::write(&big, vec![b'#'; 2048]).unwrap();
        let e = read_text(&big, 1024).unwrap_err();
        assert!(
            matches!(
                e,
                ReadError::TooLarge {
                    size: 2048,
                    limit: 1024
                }
            ),
            "{e}"
        );
        assert_eq!(read_text(&big, 4096).unwrap().len(), 2048);
        std::fs::write(&big, [0xff, 0xfe]).unwrap();
        assert!(matches!(
            read_text(&big, 1024),
            Err(ReadError::NotText {
                line: 1,
                column: 1,
                byte: 0xff
            })
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Issue 28: a non-UTF-8 byte is placed by line and column (in characters: "é" is one).
    #[test]
    fn a_bad_byte_is_placed_by_line_and_column() {
        let dir = scratch("utf8");
        let f = dir.join("bad.toml");
        let mut bytes = "name = \"ok\"\nnote = \"caf\u{e9} ".as_bytes().to_vec();
        bytes.push(0xc3); // a lead byte followed by no continuation byte
        bytes.extend_from_slice(b"x\"\n");
        std::fs::write(&f, &bytes).unwrap();
        let e = read_text(&f, 1024).unwrap_err();
        assert_eq!(
            e.to_string(),
            "it is not UTF-8 text (line 2, column 14: byte 0xc3)"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Issue 28: a FIFO is refused without being opened (opening one with no writer blocks
    /// forever, so this test would hang before the fix), and an I/O error's cause is said once.
    #[test]
    fn a_fifo_is_refused_before_it_is_opened() {
        let dir = scratch("fifo");
        let fifo = dir.join("f");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            assert!(matches!(
                read_text(&fifo, cap::DECK),
                Err(ReadError::NotAFile)
            ));
        }
        let e = read_text(&dir.join("missing"), cap::DECK).unwrap_err();
        assert!(std::error::Error::source(&e).is_none(), "{e:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
