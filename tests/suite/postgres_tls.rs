//! Issue 28: PostgreSQL over TLS (`database.sslmode`, `database.sslrootcert`), against the test
//! server `.ci/postgres` starts with a certificate for `localhost` only, signed by a throwaway CA
//! (`FARMHAND_TEST_POSTGRES_CA`, set by `.ci/run`). Connecting to 127.0.0.1 is how a wrong host
//! name is tried: `verify-full` must refuse it, `verify-ca` must not.
//!
//! Without the server or the CA these tests say so and pass; `FARMHAND_REQUIRE_POSTGRES=1` (set
//! by `.ci/run`) makes a missing one a failure, as in tests/postgres.rs.

use farmhand::config::Config;
use farmhand::store::{Backend, Store, StoreError};
use sqlx::Connection;
use std::path::PathBuf;

/// A password the server (trust authentication) ignores, to check no message prints it.
const PASSWORD: &str = "tls-test-pw-7781";

/// The test server's admin URL and its CA file, or None (with a note) when there is none.
fn server(test: &str) -> Option<(url::Url, PathBuf)> {
    let required = std::env::var("FARMHAND_REQUIRE_POSTGRES").is_ok_and(|v| v == "1");
    let (Ok(admin), Ok(ca)) = (
        std::env::var("FARMHAND_TEST_POSTGRES"),
        std::env::var("FARMHAND_TEST_POSTGRES_CA"),
    ) else {
        if required {
            panic!(
                "FARMHAND_REQUIRE_POSTGRES=1 but FARMHAND_TEST_POSTGRES or FARMHAND_TEST_POSTGRES_CA is not set (.ci/postgres makes both)"
            );
        }
        eprintln!("{test}: skipped, no test PostgreSQL with TLS (see .ci/postgres)");
        return None;
    };
    let mut url = url::Url::parse(&admin).expect("FARMHAND_TEST_POSTGRES is a URL");
    url.set_password(Some(PASSWORD)).unwrap();
    Some((url, PathBuf::from(ca)))
}

/// `admin` on `host`, database `db`, with `params`.
fn at(admin: &url::Url, host: &str, db: &str, params: &[(&str, &str)]) -> String {
    let mut u = admin.clone();
    u.set_host(Some(host)).unwrap();
    u.set_path(&format!("/{db}"));
    u.query_pairs_mut().clear().extend_pairs(params);
    u.to_string()
}

/// A new, empty database for this test on the server `admin` reaches; returns its name.
fn fresh_database(admin: &url::Url, tag: &str) -> String {
    let name = format!("farmhand_tls_{}_{tag}", std::process::id());
    farmhand::fake_discord::harness::create_postgres_database(admin.as_str(), &name);
    name
}

/// Whether the session runs over TLS, as the server sees it.
async fn encrypted(url: &str) -> Result<bool, sqlx::Error> {
    let mut conn = sqlx::PgConnection::connect(url).await?;
    let ssl: bool = sqlx::query_scalar("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
        .fetch_one(&mut conn)
        .await?;
    conn.close().await?;
    Ok(ssl)
}

#[tokio::test]
async fn each_sslmode_connects_or_refuses_as_it_promises() {
    let Some((admin, ca)) = server("each_sslmode_connects_or_refuses_as_it_promises") else {
        return;
    };
    let ca = ca.to_str().unwrap();
    let db = admin.path().trim_start_matches('/').to_string();
    // Each case: the host, the sslmode, whether the CA file is given, and what must come of
    // it: a session encrypted or not, or a refusal whose message says this.
    let cases: [(&str, &str, bool, Result<bool, &str>); 6] = [
        // `require`: encrypted, certificate unchecked.
        ("127.0.0.1", "require", false, Ok(true)),
        // `disable`: plain, so the check above means something.
        ("127.0.0.1", "disable", false, Ok(false)),
        // `verify-ca`: the CA is checked, the host name is not.
        ("127.0.0.1", "verify-ca", true, Ok(true)),
        // `verify-full`: the CA and the host name.
        ("localhost", "verify-full", true, Ok(true)),
        // A wrong host name: the certificate is for localhost, not 127.0.0.1.
        ("127.0.0.1", "verify-full", true, Err("not valid for name")),
        // An unknown CA: the built-in web roots do not know the throwaway one.
        ("localhost", "verify-full", false, Err("certificate")),
    ];
    for (host, mode, with_ca, expected) in cases {
        let what = format!("{mode} on {host}, CA given: {with_ca}");
        let mut params = vec![("sslmode", mode)];
        if with_ca {
            params.push(("sslrootcert", ca));
        }
        let got = encrypted(&at(&admin, host, &db, &params)).await;
        match (got, expected) {
            (Ok(tls), Ok(want)) => assert_eq!(tls, want, "{what}: encrypted"),
            (Err(e), Err(says)) => assert!(e.to_string().contains(says), "{what}: {e}"),
            (got, _) => panic!("{what}: {got:?}, expected {expected:?}"),
        }
    }
}

/// The bot's own path: `database.sslmode` and `database.sslrootcert` in the config file, the
/// store migrated over TLS; a wrong host name refused in one line that names the setting and
/// not the password.
#[tokio::test]
async fn the_store_runs_over_tls_from_the_config_and_refuses_a_wrong_host() {
    let Some((admin, ca)) =
        server("the_store_runs_over_tls_from_the_config_and_refuses_a_wrong_host")
    else {
        return;
    };
    let db = fresh_database(&admin, "store");
    let config_for = |host: &str| {
        let text = format!(
            "[database]\nurl = \"{}\"\nsslmode = \"verify-full\"\nsslrootcert = \"{}\"\n",
            at(&admin, host, &db, &[("sslmode", "disable")]),
            ca.display()
        );
        Config::from_toml(&text, "farmhand.toml").expect("a valid config")
    };
    let config = config_for("localhost");
    let location = config.database.location();
    assert!(location.contains("sslmode=verify-full"), "{location}");
    assert!(!location.contains("sslmode=disable"), "{location}");
    let store = Store::connect(&location).await.expect("the store over TLS");
    assert_eq!(store.backend(), Backend::Postgres);
    assert!(store.active_games().await.unwrap().is_empty());
    assert!(encrypted(&location).await.unwrap());

    let config = config_for("127.0.0.1");
    let e = Store::connect(&config.database.location())
        .await
        .expect_err("a certificate for another host");
    assert!(matches!(e, StoreError::Postgres { .. }), "{e:?}");
    let said = e.to_string();
    assert!(
        said.contains("(database.url)") && said.contains("TLS"),
        "{said}"
    );
    assert!(!said.contains(PASSWORD), "{said}");
}

/// Finding 5: a PostgreSQL refusal names the setting and shows the server's message, without
/// sqlx's "at line N" (a line of PostgreSQL's own source) and without the password.
#[tokio::test]
async fn a_postgres_refusal_names_the_setting_without_the_password() {
    let Some((admin, _)) = server("a_postgres_refusal_names_the_setting_without_the_password")
    else {
        return;
    };
    let url = at(&admin, "127.0.0.1", "nosuchdb", &[]);
    let said = Store::connect(&url)
        .await
        .expect_err("no such database")
        .to_string();
    assert!(said.contains("(database.url)"), "{said}");
    assert!(said.contains("\"nosuchdb\" does not exist"), "{said}");
    assert!(!said.contains(" at line "), "{said}");
    assert!(!said.contains(PASSWORD) && said.contains("***"), "{said}");
}
