//! `farmhand demo`: the real bot plays a whole game offline, against the fake Discord on
//! loopback, with scripted players (random choices from what each player sees), and writes the
//! transcript as an HTML page that looks like the Discord channel.

use super::GameKind;
use anyhow::{Context as _, bail};
use farmhand::fake_discord::harness::{Bot, TempDb, showcase_config};
use farmhand::fake_discord::player::{self, Driver, Player};
use farmhand::fake_discord::{FakeDiscord, transcript, verify};
use farmhand::games::key_harvest as kh;
use farmhand::host::Kind;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

const NAMES: [&str; 6] = ["Ada", "Bram", "Cleo", "Dmitri", "Esme", "Farid"];

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Which game to play.
    #[arg(long, value_enum, default_value_t = GameKind::FieldsOfGreen)]
    pub game: GameKind,
    /// Players (2-6 for Fields of Green, 2-4 for Key Harvest).
    #[arg(long, default_value_t = 3)]
    pub players: u8,
    /// The seed: of the game (the bot's /fog new or /kh new uses it instead of a random one)
    /// and of the players' choices, so one seed always plays the same game. The transcript's
    /// header names it.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Milliseconds the bot waits between two edits of one message (`discord.edit_interval_ms`;
    /// the production default, 1000, shows how edits are merged; 0 plays faster).
    #[arg(long, default_value_t = 1000)]
    pub edit_interval_ms: u64,
    /// The database to run against (`database.url`: a SQLite path or a `postgres://` URL; it
    /// must be new or Farmhand's). Default: a new SQLite file in the temp folder.
    #[arg(long)]
    pub database: Option<String>,

    /// Introductory mode (Fields of Green, 2-4 players).
    #[arg(long)]
    pub intro: bool,
    /// Every player keeps their hand in DMs (/fog settings hand_in_dm:true).
    #[arg(long)]
    pub dm: bool,
    /// The language of every player's Discord client and of the server (`en` or `ja`): the
    /// whole game reads in it in the transcript.
    #[arg(long, value_enum, default_value_t = DemoLocale::En)]
    pub locale: DemoLocale,
    /// Where to write the HTML transcript.
    #[arg(long)]
    pub transcript: PathBuf,
}

/// A language of the demo's players and server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DemoLocale {
    En,
    Ja,
}

impl DemoLocale {
    /// Discord's locale tag, as the bot reads it.
    fn tag(self) -> &'static str {
        match self {
            DemoLocale::En => farmhand::i18n::Locale::En,
            DemoLocale::Ja => farmhand::i18n::Locale::Ja,
        }
        .tag()
    }
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let kind = kind_of(args.game);
    if !kind.players().contains(&usize::from(args.players)) {
        bail!(
            "{} is for {} to {} players, not {}",
            kind.name(),
            kind.players().start(),
            kind.players().end(),
            args.players
        );
    }
    if args.edit_interval_ms > 60_000 {
        bail!("--edit-interval-ms is at most 60000 (one minute)");
    }
    if args.intro && args.game != GameKind::FieldsOfGreen {
        bail!("--intro is Fields of Green's introductory mode");
    }
    if args.intro && args.players > 4 {
        bail!("introductory mode is for 2 to 4 players");
    }
    let filter = std::env::var("RUST_LOG").unwrap_or_else(|_| "error".to_string());
    let filter = tracing_subscriber::EnvFilter::try_new(&filter)
        .with_context(|| format!("bad log filter {filter:?}"))?;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(demo(args))
}

/// The host's game for `--game`.
fn kind_of(game: GameKind) -> Kind {
    match game {
        GameKind::FieldsOfGreen => Kind::FieldsOfGreen,
        GameKind::KeyHarvest => Kind::KeyHarvest,
    }
}

async fn demo(args: &Args) -> anyhow::Result<()> {
    let kind = kind_of(args.game);
    let started = Instant::now();
    let mut out = std::io::stdout().lock();
    let fake = FakeDiscord::start()
        .await
        .context("cannot start the fake Discord")?;
    let db = TempDb::new("demo");
    let channel = fake.add_channel(match kind {
        Kind::FieldsOfGreen => "fields-of-green",
        Kind::KeyHarvest => "key-harvest",
    });
    let n = usize::from(args.players);
    let users: Vec<u64> = NAMES[..n].iter().map(|name| fake.add_user(name)).collect();
    fake.with(|w| {
        w.guild_locale = args.locale.tag().to_string();
        for &u in &users {
            w.locales.insert(u, args.locale.tag().to_string());
        }
    });
    let mut config = showcase_config(db.path());
    config.game.first_seed = Some(args.seed);
    if let Some(url) = &args.database {
        config.database.url = url.clone();
    }
    config.discord.edit_interval_ms = args.edit_interval_ms;
    // The demo writes its database like `run` does: a bot running on the same file (or the
    // same shards of a PostgreSQL database) refuses it, and it refuses them while it plays.
    let plan = config.discord.shard_plan().map_err(anyhow::Error::msg)?;
    let _one_process =
        farmhand::store::ProcessLock::acquire_for(&config.database.location(), plan).await?;
    let bot = Bot::start(&fake, config).await?;
    writeln!(
        out,
        "The bot is connected to a fake Discord at {}.",
        fake.addr()
    )?;
    if args.dm {
        for &u in &users {
            let ix = fake
                .slash(
                    u,
                    channel,
                    &format!("{} settings hand_in_dm:true", kind.command()),
                )
                .map_err(anyhow::Error::msg)?;
            fake.reply(&ix).await.map_err(anyhow::Error::msg)?;
        }
    }
    let line = format!(
        "{} new seats:{n}{}",
        kind.command(),
        if args.intro { " intro:true" } else { "" }
    );
    let table = player::open_table(&fake, users[0], channel, &line)
        .await
        .map_err(anyhow::Error::msg)?;
    for &u in &users[1..] {
        player::join(&fake, u, &table)
            .await
            .map_err(anyhow::Error::msg)?;
    }
    player::start(&fake, users[0], &table)
        .await
        .map_err(anyhow::Error::msg)?;
    let seats = users
        .iter()
        .zip(NAMES)
        .map(|(&u, name)| Player::new(u, name))
        .collect();
    let mut driver = Driver::new(&fake, &table, seats, args.seed);
    // Each click waits for the bot's follow-up work, so every decision is made on the same
    // screens whatever the timing: one seed, one game.
    driver.style.patient = true;
    let fin = driver.play().await.map_err(anyhow::Error::msg)?;
    fake.settle().await;
    let (checked, seed, actions) = match kind {
        Kind::FieldsOfGreen => {
            let checked = verify::check_final(&fake, &bot.data, &table).await;
            let r = verify::replay(&bot.data, table.game)
                .await
                .map_err(anyhow::Error::msg)?;
            (checked, r.table.game.seed, r.steps.len())
        }
        Kind::KeyHarvest => {
            let checked = verify::check_final_as::<kh::Game>(&fake, &bot.data, &table).await;
            let r = verify::replay_as::<kh::Game>(&bot.data, table.game)
                .await
                .map_err(anyhow::Error::msg)?;
            (checked, r.table.game.seed, r.steps.len())
        }
    };
    fake.note(format!(
        "Game seed {seed} · {actions} actions · {} clicks by the players.",
        driver.stats.clicks
    ));
    let title = format!(
        "{} · {n} players{} · demo seed {}{}",
        kind.name(),
        if args.intro {
            " · introductory mode"
        } else {
            ""
        },
        args.seed,
        match args.locale {
            DemoLocale::En => "",
            DemoLocale::Ja => " · Japanese (ja)",
        }
    );
    if let Some(dir) = args
        .transcript
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
    {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    transcript::write(&fake, &title, &args.transcript)
        .with_context(|| format!("cannot write {}", args.transcript.display()))?;
    bot.stop().await?;
    writeln!(out, "{}", fin.title())?;
    match checked {
        Ok(pad) => writeln!(
            out,
            "{pad}\nThe scores shown equal an engine replay of the stored seed and actions."
        )?,
        Err(e) => writeln!(out, "CHECK FAILED: {e}")?,
    }
    let problems = fake.violations();
    if !problems.is_empty() {
        writeln!(out, "The fake Discord saw {} problem(s):", problems.len())?;
        for p in &problems {
            writeln!(out, "  {p}")?;
        }
    }
    writeln!(
        out,
        "{} actions, {} clicks, {:.1} s. Transcript: {}",
        actions,
        driver.stats.clicks,
        started.elapsed().as_secs_f64(),
        args.transcript.display()
    )?;
    Ok(())
}
