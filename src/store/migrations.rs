//! The schema's migrations, compiled into the binary.
//!
//! Built at run time from `include_str!` instead of with sqlx's `migrate!` macro: the macro
//! needs sqlx's "macros" feature, whose proc macro links a second copy of sqlx, both database
//! drivers, the bundled SQLite (a C compile) and ring for the build host, which was minutes of a
//! from-scratch build (issue 40). The migrations are the same as the macro's, checksum for
//! checksum, so databases migrated by earlier versions open unchanged: a unit test below holds
//! each list to sqlx's own reading of its folder. A new migration is added to the folder *and*
//! to its list here; the same test fails if one is missing.

use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::{AssertSqlSafe, SqlSafeStr};
use std::borrow::Cow;

/// `migrations/`, for SQLite: file name and text.
const SQLITE: &[(&str, &str)] = &[
    (
        "0001_init.sql",
        include_str!("../../migrations/0001_init.sql"),
    ),
    (
        "0002_bots.sql",
        include_str!("../../migrations/0002_bots.sql"),
    ),
    (
        "0003_table_drawn.sql",
        include_str!("../../migrations/0003_table_drawn.sql"),
    ),
    (
        "0004_records.sql",
        include_str!("../../migrations/0004_records.sql"),
    ),
    (
        "0005_locale.sql",
        include_str!("../../migrations/0005_locale.sql"),
    ),
    (
        "0006_ratings.sql",
        include_str!("../../migrations/0006_ratings.sql"),
    ),
    (
        "0007_coach.sql",
        include_str!("../../migrations/0007_coach.sql"),
    ),
    (
        "0008_coach_review.sql",
        include_str!("../../migrations/0008_coach_review.sql"),
    ),
    (
        "0009_due.sql",
        include_str!("../../migrations/0009_due.sql"),
    ),
    (
        "0010_undo.sql",
        include_str!("../../migrations/0010_undo.sql"),
    ),
    (
        "0011_away_seats.sql",
        include_str!("../../migrations/0011_away_seats.sql"),
    ),
    (
        "0012_parked.sql",
        include_str!("../../migrations/0012_parked.sql"),
    ),
    (
        "0013_dms_closed.sql",
        include_str!("../../migrations/0013_dms_closed.sql"),
    ),
];

/// `migrations/postgres/`, for PostgreSQL: file name and text.
const POSTGRES: &[(&str, &str)] = &[
    (
        "0001_init.sql",
        include_str!("../../migrations/postgres/0001_init.sql"),
    ),
    (
        "0002_bots.sql",
        include_str!("../../migrations/postgres/0002_bots.sql"),
    ),
    (
        "0003_table_drawn.sql",
        include_str!("../../migrations/postgres/0003_table_drawn.sql"),
    ),
    (
        "0004_records.sql",
        include_str!("../../migrations/postgres/0004_records.sql"),
    ),
    (
        "0005_locale.sql",
        include_str!("../../migrations/postgres/0005_locale.sql"),
    ),
    (
        "0006_ratings.sql",
        include_str!("../../migrations/postgres/0006_ratings.sql"),
    ),
    (
        "0007_coach.sql",
        include_str!("../../migrations/postgres/0007_coach.sql"),
    ),
    (
        "0008_coach_review.sql",
        include_str!("../../migrations/postgres/0008_coach_review.sql"),
    ),
    (
        "0009_due.sql",
        include_str!("../../migrations/postgres/0009_due.sql"),
    ),
    (
        "0010_undo.sql",
        include_str!("../../migrations/postgres/0010_undo.sql"),
    ),
    (
        "0011_away_seats.sql",
        include_str!("../../migrations/postgres/0011_away_seats.sql"),
    ),
    (
        "0012_parked.sql",
        include_str!("../../migrations/postgres/0012_parked.sql"),
    ),
    (
        "0013_dms_closed.sql",
        include_str!("../../migrations/postgres/0013_dms_closed.sql"),
    ),
];

/// The migrations of one backend, as `migrate!` would have built them.
pub(super) fn migrator(postgres: bool) -> Migrator {
    let files = if postgres { POSTGRES } else { SQLITE };
    Migrator::with_migrations(
        files
            .iter()
            .map(|&(name, sql)| migration(name, sql))
            .collect(),
    )
}

/// One migration from its file name (`0012_parked.sql`: version 12, description "parked") and
/// text, read as sqlx reads a migrations folder (`sqlx::migrate::resolve_blocking`).
fn migration(name: &str, sql: &'static str) -> Migration {
    let (version, rest) = name
        .split_once('_')
        .expect("a migration file is named <version>_<description>.sql");
    let version: i64 = version.parse().expect("a migration's version is a number");
    let kind = MigrationType::from_filename(rest);
    let description = rest.trim_end_matches(kind.suffix()).replace('_', " ");
    let no_tx = sql.starts_with("-- no-transaction");
    Migration::new(
        version,
        Cow::Owned(description),
        kind,
        AssertSqlSafe(sql).into_sql_str(),
        no_tx,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// Each list is its folder, read by sqlx itself: the same files, versions, descriptions,
    /// kinds, texts and checksums (the checksum is what a database migrated by the `migrate!`
    /// macro of earlier versions recorded, and checks on every start).
    #[test]
    fn the_lists_are_the_folders_as_sqlx_reads_them() {
        for (postgres, dir) in [(false, "migrations"), (true, "migrations/postgres")] {
            // The library's manifest is src/Cargo.toml: the folders are at the root, beside src/.
            let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(dir);
            let want = sqlx::migrate::resolve_blocking(&folder).expect("read the folder");
            let have = migrator(postgres);
            assert_eq!(
                have.migrations.len(),
                want.len(),
                "{dir}: a migration is missing"
            );
            for (h, (w, path)) in have.migrations.iter().zip(&want) {
                let at = path.display();
                assert_eq!(h.version, w.version, "{at}");
                assert_eq!(h.description, w.description, "{at}");
                assert_eq!(h.migration_type, w.migration_type, "{at}");
                assert_eq!(h.sql.as_str(), w.sql.as_str(), "{at}");
                assert_eq!(h.checksum, w.checksum, "{at}");
                assert_eq!(h.no_tx, w.no_tx, "{at}");
            }
        }
    }
}
