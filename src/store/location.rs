//! `database.url`: what it names, checked before anything touches the disk or the network.
//!
//! A location is a SQLite file (a path, `sqlite://path` or `sqlite:path`), an in-memory SQLite
//! database (`:memory:`, `sqlite::memory:`; only where losing it at exit is the point, as in
//! `farmhand demo`), or a PostgreSQL URL. Anything else is refused with one line that names the
//! setting and never its password: an unknown scheme (`postgress://`, `mysql://`) would
//! otherwise become a folder named after the URL, password and all.

use super::StoreError;
use std::path::{Path, PathBuf};

/// What `database.url` names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// A SQLite file, as the user wrote its path.
    Sqlite(PathBuf),
    /// A private in-memory SQLite database: gone when the process ends.
    Memory,
    /// A PostgreSQL URL.
    Postgres(String),
}

/// The `sslmode` values PostgreSQL clients know (libpq's, which sqlx reads too).
pub const SSL_MODES: [&str; 6] = [
    "disable",
    "allow",
    "prefer",
    "require",
    "verify-ca",
    "verify-full",
];

fn refused(why: impl Into<String>) -> StoreError {
    StoreError::Location { why: why.into() }
}

impl Location {
    /// Reads `database.url`. Touches nothing: no file, folder or connection is made here.
    pub fn parse(location: &str) -> Result<Location, StoreError> {
        let location = location.trim();
        if location.is_empty() {
            return Err(refused(
                "it is empty; give a SQLite file path (the default is farmhand.sqlite) or a postgres:// URL",
            ));
        }
        let rest = if let Some((scheme, _)) = location.split_once("://") {
            let valid = !scheme.is_empty()
                && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
            match scheme.to_ascii_lowercase().as_str() {
                "postgres" | "postgresql" => return postgres(location),
                "sqlite" => &location["sqlite://".len()..],
                // Only the scheme is quoted: the rest may hold a password.
                _ if valid => {
                    return Err(refused(format!(
                        "unknown scheme `{scheme}://`; Farmhand reads a SQLite file path, sqlite://path or a postgres:// URL (nothing was created)"
                    )));
                }
                // "://" inside something that is no scheme: a path with odd characters.
                _ => location,
            }
        } else if let Some(rest) = location.strip_prefix("sqlite:") {
            rest
        } else if location.starts_with("file:") {
            return Err(refused(
                "SQLite URI file names (file:...) are not read; give the file's path itself",
            ));
        } else {
            location
        };
        if rest == ":memory:" {
            return Ok(Location::Memory);
        }
        if rest.is_empty() {
            return Err(refused(
                "it names no SQLite file; give a path, such as sqlite://farmhand.sqlite or farmhand.sqlite",
            ));
        }
        if location.starts_with("sqlite:") && rest.contains('?') {
            return Err(refused(
                "options after `?` in a SQLite location are not read; give the file's path alone",
            ));
        }
        Ok(Location::Sqlite(PathBuf::from(rest)))
    }
}

/// A PostgreSQL URL, checked as sqlx will read it, with errors that name the setting and not
/// the password.
fn postgres(url: &str) -> Result<Location, StoreError> {
    use std::str::FromStr;
    if let Err(e) = sqlx::postgres::PgConnectOptions::from_str(url) {
        return Err(refused(hide_password(url, &e.to_string())));
    }
    Ok(Location::Postgres(url.to_string()))
}

/// `message` with the password of `url` (as written and percent-decoded) replaced by `***`, and
/// anything shaped like the bot token taken out.
pub fn hide_password(url: &str, message: &str) -> String {
    let mut out = message.to_string();
    let raw = url
        .split_once("://")
        .and_then(|(_, rest)| rest.split(['/', '?']).next())
        .and_then(|auth| auth.rsplit_once('@'))
        .and_then(|(userinfo, _)| userinfo.split_once(':'))
        .map(|(_, password)| password.to_string());
    let decoded = url::Url::parse(url).ok().and_then(|u| {
        u.password().map(|p| {
            url::form_urlencoded::parse(format!("p={p}").as_bytes())
                .next()
                .map_or(p.to_string(), |(_, v)| v.into_owned())
        })
    });
    for password in [raw, decoded].into_iter().flatten() {
        if !password.is_empty() {
            out = out.replace(&password, "***");
        }
    }
    crate::secret::redact(&out)
}

/// A SQLite file made ready to be locked and opened: the path as written (for messages) and the
/// file's real path (symbolic links resolved), which keys the one-process lock and is what
/// SQLite opens.
#[derive(Clone, Debug)]
pub struct SqliteFile {
    pub shown: PathBuf,
    pub real: PathBuf,
}

impl SqliteFile {
    /// Checks the path before anything is created or opened: an existing file must be a
    /// regular file (a FIFO, `/dev/null` or a folder is refused, never opened) with one name
    /// (SQLite's journal sits beside the name a process opened, so two names of one file are two
    /// journals, and two bots: see <https://www.sqlite.org/howtocorrupt.html>, 2.5). A missing
    /// file's folder is created.
    pub fn resolve(path: &Path) -> Result<SqliteFile, StoreError> {
        let shown = path.to_path_buf();
        let not_a_file = || {
            refused(format!(
                "{} is not a regular file (a folder, a device or a pipe); give the path of a SQLite file",
                path.display()
            ))
        };
        match std::fs::symlink_metadata(path) {
            Ok(_) => {
                let meta = std::fs::metadata(path).map_err(|e| {
                    refused(format!(
                        "{} cannot be followed to a file: {e}",
                        path.display()
                    ))
                })?;
                if !meta.is_file() {
                    return Err(not_a_file());
                }
                let links = std::os::unix::fs::MetadataExt::nlink(&meta);
                if links > 1 {
                    return Err(refused(format!(
                        "{} has {links} hard links; SQLite keeps one journal per name, so a file with several names can be opened twice and corrupted: give the bot a file with one name (copy it)",
                        path.display()
                    )));
                }
                let real = std::fs::canonicalize(path).map_err(|e| {
                    refused(format!("cannot resolve the path {}: {e}", path.display()))
                })?;
                Ok(SqliteFile { shown, real })
            }
            // Missing, or under something that is no folder: the folder is made (or its
            // making fails, and says where).
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
                ) =>
            {
                let Some(name) = path.file_name() else {
                    return Err(not_a_file());
                };
                let dir = match path.parent() {
                    Some(d) if !d.as_os_str().is_empty() => d,
                    _ => Path::new("."),
                };
                std::fs::create_dir_all(dir).map_err(|e| StoreError::Folder {
                    path: dir.display().to_string(),
                    message: e.to_string(),
                })?;
                let dir = std::fs::canonicalize(dir).map_err(|e| StoreError::Folder {
                    path: dir.display().to_string(),
                    message: e.to_string(),
                })?;
                if !dir.is_dir() {
                    return Err(StoreError::Folder {
                        path: dir.display().to_string(),
                        message: "it is not a folder".into(),
                    });
                }
                Ok(SqliteFile {
                    shown,
                    real: dir.join(name),
                })
            }
            Err(e) => Err(refused(format!("cannot look at {}: {e}", path.display()))),
        }
    }

    /// The URL sqlx opens: the real path, absolute, every byte that a URL would read otherwise
    /// percent-encoded (`games:2024.sqlite` made sqlx build a URL it could not parse, and
    /// panic).
    pub fn url(&self) -> String {
        self.url_with_mode("rwc")
    }

    /// [`SqliteFile::url`] with SQLite's `mode`: `rwc` (create if missing), `rw` or `ro`.
    pub fn url_with_mode(&self, mode: &str) -> String {
        let mut url = String::from("sqlite://");
        for &b in self.real.as_os_str().as_encoded_bytes() {
            if b.is_ascii_alphanumeric() || matches!(b, b'/' | b'.' | b'-' | b'_' | b'~') {
                url.push(b as char);
            } else {
                url.push_str(&format!("%{b:02X}"));
            }
        }
        url.push_str("?mode=");
        url.push_str(mode);
        url
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn why(location: &str) -> String {
        match Location::parse(location) {
            Err(e) => e.to_string(),
            Ok(l) => panic!("{location} was accepted as {l:?}"),
        }
    }

    /// Issue 28: every spelling of a SQLite location is read or refused in one line, and an
    /// unknown scheme is refused without quoting the rest of the URL.
    #[test]
    fn locations_are_read_or_refused_clearly() {
        let sqlite = |p: &str| Location::Sqlite(PathBuf::from(p));
        for (given, read) in [
            ("farmhand.sqlite", sqlite("farmhand.sqlite")),
            ("games:2024.sqlite", sqlite("games:2024.sqlite")),
            ("sqlite://data/f.sqlite", sqlite("data/f.sqlite")),
            ("sqlite:///abs/f.sqlite", sqlite("/abs/f.sqlite")),
            ("sqlite:f.sqlite", sqlite("f.sqlite")),
            (":memory:", Location::Memory),
            ("sqlite::memory:", Location::Memory),
            ("sqlite://:memory:", Location::Memory),
            (
                "postgres://u:p@localhost/db",
                Location::Postgres("postgres://u:p@localhost/db".into()),
            ),
        ] {
            assert_eq!(Location::parse(given).unwrap(), read, "{given}");
        }
        for (given, said) in [
            ("sqlite://", "names no SQLite file"),
            ("sqlite:", "names no SQLite file"),
            ("file:x.sqlite", "file:...) are not read"),
            ("sqlite://x.sqlite?mode=ro", "options after `?`"),
            ("  ", "it is empty"),
        ] {
            let e = why(given);
            assert!(e.starts_with("database.url: "), "{given}: {e}");
            assert!(e.contains(said), "{given}: {e}");
        }
        for url in [
            "postgress://user:hunter2secret@host/db",
            "mysql://user:hunter2secret@host/db",
        ] {
            let e = why(url);
            assert!(e.contains("unknown scheme"), "{e}");
            assert!(!e.contains("hunter2secret") && !e.contains("host"), "{e}");
        }
    }

    /// Issue 28: a PostgreSQL URL sqlx cannot read is refused naming the setting, without the
    /// password; an unknown sslmode is refused.
    #[test]
    fn postgres_url_errors_name_the_setting_and_hide_the_password() {
        let e = why("postgres://farmhand:s3cretpass@localhost:99999/db");
        assert!(e.starts_with("database.url: "), "{e}");
        assert!(e.contains("port"), "{e}");
        assert!(!e.contains("s3cretpass"), "{e}");
        let e = why("postgres://u:s3cretpass@localhost/db?sslmode=verify_full");
        assert!(e.contains("verify_full") && e.contains("ssl_mode"), "{e}");
        assert_eq!(
            hide_password("postgres://u:p%40ss@h/d", "auth failed for p@ss and p%40ss"),
            "auth failed for *** and ***"
        );
    }

    /// Issue 28: special files are refused before they are opened; symbolic links resolve to
    /// the file, hard links are refused; a colon in a file name gives a URL sqlx can read.
    #[test]
    fn sqlite_files_are_checked_before_they_are_opened() {
        for special in ["/dev/null", "/dev/zero"] {
            if Path::new(special).exists() {
                let e = SqliteFile::resolve(Path::new(special)).unwrap_err();
                assert!(e.to_string().contains("not a regular file"), "{e}");
            }
        }
        let dir = std::env::temp_dir().join(format!("farmhand-location-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let e = SqliteFile::resolve(&dir).unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        let file = dir.join("games:2024 #1?.sqlite");
        let fresh = SqliteFile::resolve(&file).unwrap();
        assert_eq!(
            fresh.real,
            std::fs::canonicalize(&dir)
                .unwrap()
                .join("games:2024 #1?.sqlite")
        );
        let url = fresh.url();
        assert!(
            url.contains("games%3A2024%20%231%3F.sqlite?mode=rwc"),
            "{url}"
        );
        use sqlx::ConnectOptions;
        let opts: sqlx::sqlite::SqliteConnectOptions = url.parse().unwrap();
        assert_eq!(opts.get_filename(), fresh.real.as_path());
        let _ = opts.to_url_lossy();
        std::fs::write(&file, b"").unwrap();
        let link = dir.join("link.sqlite");
        std::os::unix::fs::symlink(&file, &link).unwrap();
        assert_eq!(SqliteFile::resolve(&link).unwrap().real, fresh.real);
        let hard = dir.join("hard.sqlite");
        std::fs::hard_link(&file, &hard).unwrap();
        let e = SqliteFile::resolve(&hard).unwrap_err();
        assert!(e.to_string().contains("2 hard links"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
