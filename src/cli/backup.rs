//! `farmhand backup`: a consistent copy of the SQLite database, safe while the bot runs.

use anyhow::Context as _;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The database to copy (`database.url`: a SQLite path). Default: the config's (the
    /// --config file, or farmhand.toml in the working directory, and FARMHAND_DATABASE).
    #[arg(long)]
    pub database: Option<String>,
    /// The config file to read the database from when --database is not given.
    #[arg(long, short)]
    pub config: Option<PathBuf>,
    /// The new file to write the copy to (never overwritten).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let location = super::database_location(args.database.as_deref(), args.config.as_deref())?;
    let shown = crate::store::shown_location(&location);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let copied = runtime.block_on(crate::store::Store::backup(&location, &args.file))?;
    writeln!(
        std::io::stdout().lock(),
        "Backed up {shown} to {}: {} games, {} actions, {} KiB; integrity check ok.",
        args.file.display(),
        copied.games,
        copied.actions,
        copied.bytes.div_ceil(1024)
    )?;
    Ok(())
}
