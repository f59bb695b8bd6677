//! `farmhand run`: the Discord bot.

use anyhow::Context as _;
use farmhand::config::Config;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Config file (default: farmhand.toml in the working directory, if present). Every key is
    /// documented in config.example.toml. The token comes from FARMHAND_DISCORD_TOKEN.
    #[arg(long, short)]
    pub config: Option<PathBuf>,
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
    farmhand::logging::init(filter, &config.log.format);
    // Checked before starting anything, so a missing token is one clear line.
    config.token()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(farmhand::discord::run(config))
}
