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
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("it is not a regular file (a folder, a device or a pipe)")]
    NotAFile,
    #[error("it is larger than {} KiB ({} KiB)", .limit / 1024, .size / 1024)]
    TooLarge { size: u64, limit: u64 },
    #[error("it is not UTF-8 text")]
    NotText,
}

/// Reads a whole text file of at most `limit` bytes.
pub fn read_text(path: &Path, limit: u64) -> Result<String, ReadError> {
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
    String::from_utf8(bytes).map_err(|_| ReadError::NotText)
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
        let dir = std::env::temp_dir().join(format!("farmhand-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
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
        assert!(matches!(read_text(&big, 1024), Err(ReadError::NotText)));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
