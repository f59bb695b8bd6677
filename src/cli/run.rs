//! `farmhand run`: the Discord bot.

use crate::config::Config;
use anyhow::Context as _;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Config file (default: farmhand.toml in the working directory, if present). Every key is
    /// documented in config.example.toml. The token comes from FARMHAND_DISCORD_TOKEN.
    #[arg(long, short)]
    pub config: Option<PathBuf>,
}

/// The HTTPS client builder for Discord: TLS with the web's roots.
///
/// FARMHAND_DISCORD_FAKE_TLS=127.0.0.1:PORT: `bench discord --processes` runs this binary
/// against its fake Discord the way the real one is reached, HTTPS to discord.com with
/// serenity's rate limiter on (`FARMHAND_DISCORD_PROXY` turns it off), discord.com resolved to
/// that address and the fake's test CA trusted. Only a loopback address is taken: that CA's key
/// is in this repository.
fn https_client() -> anyhow::Result<reqwest::ClientBuilder> {
    match std::env::var("FARMHAND_DISCORD_FAKE_TLS") {
        Ok(addr) if !addr.trim().is_empty() => {
            let addr: std::net::SocketAddr = addr
                .trim()
                .parse()
                .ok()
                .filter(|a: &std::net::SocketAddr| a.ip().is_loopback())
                .with_context(|| {
                    format!("FARMHAND_DISCORD_FAKE_TLS must be a loopback address and port (127.0.0.1:PORT), not {addr:?}")
                })?;
            tracing::warn!(%addr, "FARMHAND_DISCORD_FAKE_TLS is set: talking to a fake Discord there, not to Discord");
            Ok(crate::fake_discord::tls_client_builder(addr))
        }
        _ => Ok(reqwest::Client::builder().use_rustls_tls()),
    }
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let env = |k: &str| std::env::var(k).ok();
    let config = Config::load(args.config.as_deref(), &env)?;
    // RUST_LOG wins over the config's filter; a bad filter is an error, not a silent default.
    let filter = match std::env::var("RUST_LOG") {
        Ok(f) if !f.trim().is_empty() => f,
        _ => config.log.filter.clone(),
    };
    let filter = tracing_subscriber::EnvFilter::try_new(&filter)
        .with_context(|| format!("bad log filter {filter:?}"))?;
    crate::logging::init(filter, &config.log.format);
    // Checked before starting anything, so a missing token is one clear line.
    config.token()?;
    // SQLite files this start creates are removed again if it fails (a bad token, no network):
    // a failed first start leaves the folder as it was.
    let created = new_sqlite_files(&config.database.url);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let result =
        https_client().and_then(|https| runtime.block_on(crate::discord::run(config, https)));
    drop(runtime);
    if let Err(e) = &result {
        // The reason goes to the log stream too (stdout, or wherever the logs go), not only to
        // stderr: `run > bot.log` keeps it.
        tracing::error!(error = format!("{e:#}"), "farmhand stopped");
        for f in &created {
            let _ = std::fs::remove_file(f);
        }
    }
    if result.is_ok() && crate::discord::interrupted() {
        // Interrupted by Ctrl-C: 128 + SIGINT, as shells expect.
        std::process::exit(130);
    }
    result
}

/// The SQLite database file at `location` and its companions (`-wal`, `-shm`, `.lock`), when the
/// database does not exist yet: the files a start would create. None for PostgreSQL.
fn new_sqlite_files(location: &str) -> Vec<PathBuf> {
    // A location `database.url` refuses creates nothing; PostgreSQL and memory leave no files.
    let Ok(crate::store::Location::Sqlite(db)) = crate::store::Location::parse(location) else {
        return Vec::new();
    };
    // Only a database this start creates is removed with its companions: beside an existing
    // one, a `-wal` file may hold committed work.
    if db.exists() {
        return Vec::new();
    }
    ["", "-wal", "-shm", ".lock"]
        .iter()
        .map(|suffix| {
            let mut p = db.as_os_str().to_owned();
            p.push(suffix);
            PathBuf::from(p)
        })
        .filter(|p| !p.exists())
        .collect()
}
