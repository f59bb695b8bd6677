//! `farmhand demo`: the real bot plays a whole game offline, against the fake Discord on
//! loopback, with players who click, through the buttons, what the heuristic bot would choose
//! for their seat (`fake_discord::guided`), and writes the transcript as an HTML page that looks
//! like the Discord channel. Progress goes to stderr; stdout ends with one summary line.

use crate::discord::game::Screens;
use crate::fake_discord::guided::{GuidedPlayers, GuidedStats, Seat};
use crate::fake_discord::harness::{Bot, showcase_config};
use crate::fake_discord::player;
use crate::fake_discord::{FakeDiscord, transcript, verify};
use crate::host::Kind;
use anyhow::{Context as _, bail};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

const NAMES: [&str; 6] = ["Ada", "Bram", "Cleo", "Dmitri", "Esme", "Farid"];

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Which game to play.
    #[arg(long, value_enum, default_value_t)]
    pub game: Kind,
    /// Players (2-6 for Fields of Green, 2-4 for Key Harvest).
    #[arg(long, default_value_t = 3)]
    pub players: u8,
    /// The seed: of the game (the bot's /fog new or /kh new uses it instead of a random one)
    /// and of the players' choices, so one seed always plays the same game, whatever the
    /// machine's load and the edit interval. The transcript's header names it.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Milliseconds the bot waits between two edits of one message (`discord.edit_interval_ms`).
    /// Default: 0 (full speed), or the production default (1000) with `--production-pacing`.
    #[arg(long)]
    pub edit_interval_ms: Option<u64>,
    /// Play at the production pace: the bot merges the edits of one message made within the
    /// production interval (1 s), the fake Discord keeps Discord's rate-limit windows in real
    /// time (else they run 20 times faster, as in the tests), and the players wait for every
    /// edit and post to land before they click again. Slower (minutes), and shows how the bot
    /// merges edits.
    #[arg(long)]
    pub production_pacing: bool,
    /// Also write the game as a scenario file (`farmhand replay` plays it again).
    #[arg(long)]
    pub scenario: Option<PathBuf>,
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
    /// Play the game over this many simulated days instead (1-60): four players in Tokyo,
    /// Berlin, New York and São Paulo, quiet hours 23-07, pace `day`, one away for three days,
    /// the bot restarting on day 7. The transcript shows the simulated times; the last line sums
    /// up reminders, deadlines and stand-in moves.
    #[arg(long)]
    pub days: Option<u32>,
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
            DemoLocale::En => crate::i18n::Locale::En,
            DemoLocale::Ja => crate::i18n::Locale::Ja,
        }
        .tag()
    }
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let kind = args.game;
    if !kind.players().contains(&usize::from(args.players)) {
        bail!(
            "{} is for {} to {} players, not {}",
            kind.name(),
            kind.players().start(),
            kind.players().end(),
            args.players
        );
    }
    if args.edit_interval_ms.is_some_and(|ms| ms > 60_000) {
        bail!("--edit-interval-ms is at most 60000 (one minute)");
    }
    if args.intro {
        let Some(most) = kind.intro_seats() else {
            let with: Vec<&str> = Kind::ALL
                .iter()
                .filter(|k| k.intro_seats().is_some())
                .map(|k| k.name())
                .collect();
            bail!("--intro is {}'s introductory mode", with.join(" and "));
        };
        if usize::from(args.players) > most {
            bail!("introductory mode is for 2 to {most} players");
        }
    }
    if let Some(days) = args.days {
        if !(1..=60).contains(&days) {
            bail!("--days is 1 to 60, not {days}");
        }
        if args.players != 4 && args.players != 3 {
            // 3 is the default of --players: the story has its own four players.
            bail!("--days plays its own story of 4 players: leave --players out");
        }
        if args.intro || args.dm || args.scenario.is_some() || args.production_pacing {
            bail!(
                "--days plays its own story: --intro, --dm, --scenario and --production-pacing do not apply"
            );
        }
    }
    let filter = std::env::var("RUST_LOG").unwrap_or_else(|_| "error".to_string());
    let filter = tracing_subscriber::EnvFilter::try_new(&filter)
        .with_context(|| format!("bad log filter {filter:?}"))?;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
    // Refused now, not after the game: a transcript (or scenario) that cannot be written.
    for path in std::iter::once(&args.transcript).chain(&args.scenario) {
        check_writable(path)?;
    }
    // The demo's own database, unless --database names one: a folder of its own in the temp
    // folder, removed however the demo ends (the game's end, an error, a panic or Ctrl-C).
    let scratch = match &args.database {
        Some(_) => None,
        None => Some(Scratch::new()?),
    };
    let location = match (&args.database, &scratch) {
        (Some(url), _) => url.clone(),
        (None, Some(s)) => s.database().display().to_string(),
        (None, None) => unreachable!("a scratch folder is made when --database is not given"),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let result = runtime.block_on(async {
        tokio::select! {
            r = async {
                match args.days {
                    Some(days) => demo_days(args, &location, days).await,
                    None => demo(args, &location).await,
                }
            } => r,
            _ = tokio::signal::ctrl_c() => {
                eprintln!();
                Err(anyhow::anyhow!(
                    "interrupted: the game was not finished, and no transcript was written"
                ))
            }
        }
    });
    // The bot's tasks and database connections end before the folder goes, so nothing writes
    // a file into it again.
    runtime.shutdown_timeout(std::time::Duration::from_secs(2));
    drop(scratch);
    result
}

/// Fails unless `path` can be written, changing nothing: an existing file must open for
/// writing; otherwise the nearest folder above it that exists must be a folder where a file
/// can be made (a probe file, removed at once). The folders in between are made when the
/// file is written, after the game.
fn check_writable(path: &std::path::Path) -> anyhow::Result<()> {
    if path.is_dir() {
        bail!("cannot write {}: it is a folder", path.display());
    }
    if path.exists() {
        std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .with_context(|| format!("cannot write {}", path.display()))?;
        return Ok(());
    }
    let here = std::path::Path::new(".");
    let mut dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(here);
    while !dir.exists() {
        dir = dir
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(here);
    }
    if !dir.is_dir() {
        bail!(
            "cannot write {}: {} is not a folder",
            path.display(),
            dir.display()
        );
    }
    let probe = dir.join(format!(".farmhand-demo-{}.probe", std::process::id()));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .with_context(|| {
            format!(
                "cannot write {}: no file can be made in {}",
                path.display(),
                dir.display()
            )
        })?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// The demo's private folder in the temp folder (`farmhand-demo-PID`), holding its SQLite
/// database; removed with everything in it when dropped.
struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    fn new() -> anyhow::Result<Scratch> {
        let dir = std::env::temp_dir().join(format!("farmhand-demo-{}", std::process::id()));
        // A folder left by an earlier process with this id (killed with SIGKILL) is stale.
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create the demo's folder {}", dir.display()))?;
        Ok(Scratch { dir })
    }

    fn database(&self) -> PathBuf {
        self.dir.join("demo.sqlite")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// `--days`: the story of `fake_discord::days` on the database at `location`.
async fn demo_days(args: &Args, location: &str, days: u32) -> anyhow::Result<()> {
    use crate::fake_discord::days::{self, Plan};
    let kind = args.game;
    let started = Instant::now();
    let fake = FakeDiscord::start()
        .await
        .context("cannot start the fake Discord")?;
    let mut config = showcase_config(std::path::Path::new(location));
    config.database.url = location.to_string();
    config.discord.edit_interval_ms = args.edit_interval_ms.unwrap_or(0);
    // As a real server does: the review is priced while the game is played, so the Review the
    // players click after the game is (nearly) ready when it ends.
    config.game.review_ahead = true;
    let plan_lock = config.discord.shard_plan().map_err(anyhow::Error::msg)?;
    let _one_process =
        crate::store::ProcessLock::acquire_for(&config.database.location(), plan_lock).await?;
    let plan = Plan {
        days,
        ..Plan::two_weeks(args.seed)
    };
    eprintln!(
        "Four players in Tokyo, Berlin, New York and São Paulo play {} at a pace of a day a \
         decision, over {days} simulated days:",
        kind.name()
    );
    let say = |s: &str| eprint!("{s} ");
    let summary = crate::on_kind!(kind, G => days::play::<G>(&fake, config, &plan, say).await?);
    eprintln!();
    let title = format!(
        "{} · 4 players over {days} simulated days · demo seed {}",
        kind.name(),
        args.seed
    );
    if let Some(dir) = args
        .transcript
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
    {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    transcript::write_in(&fake, &title, &args.transcript, crate::i18n::Locale::En)
        .with_context(|| format!("cannot write {}", args.transcript.display()))?;
    let problems = fake.violations();
    let mut out = std::io::stdout().lock();
    if !problems.is_empty() {
        writeln!(out, "The fake Discord saw {} problem(s):", problems.len())?;
        for p in &problems {
            writeln!(out, "  {p}")?;
        }
    }
    writeln!(
        out,
        "Transcript: {} ({:.1} s)",
        args.transcript.display(),
        started.elapsed().as_secs_f64()
    )?;
    writeln!(out, "{}", summary.line())?;
    if !problems.is_empty() || summary.lost > 0 || summary.reminders_in_quiet > 0 {
        bail!("the story did not play as it should");
    }
    Ok(())
}

/// Plays the demo's game on the database at `location`.
async fn demo(args: &Args, location: &str) -> anyhow::Result<()> {
    let kind = args.game;
    let started = Instant::now();
    let fake = FakeDiscord::start()
        .await
        .context("cannot start the fake Discord")?;
    let channel = fake.add_channel(&kind.cli_name());
    let n = usize::from(args.players);
    let users: Vec<u64> = NAMES[..n].iter().map(|name| fake.add_user(name)).collect();
    fake.with(|w| {
        w.guild_locale = args.locale.tag().to_string();
        for &u in &users {
            w.locales.insert(u, args.locale.tag().to_string());
        }
    });
    if args.production_pacing {
        // Discord's rate-limit windows in real time, not the tests' faster ones: the pace a
        // real server gets.
        fake.set_rate_limits(crate::fake_discord::ratelimit::Limits::default());
    }
    let mut config = showcase_config(std::path::Path::new(location));
    config.game.first_seed = Some(args.seed);
    config.database.url = location.to_string();
    let production = config.discord.edit_interval_ms;
    config.discord.edit_interval_ms = args.edit_interval_ms.unwrap_or(if args.production_pacing {
        production
    } else {
        0
    });
    // As a real server does: the review is priced while the game is played, so the Review the
    // players click after the game is (nearly) ready when it ends.
    config.game.review_ahead = true;
    // The demo writes its database like `run` does: a bot running on the same file (or the
    // same shards of a PostgreSQL database) refuses it, and it refuses them while it plays.
    let plan = config.discord.shard_plan().map_err(anyhow::Error::msg)?;
    let _one_process =
        crate::store::ProcessLock::acquire_for(&config.database.location(), plan).await?;
    let bot = Bot::start(&fake, config).await?;
    eprintln!(
        "The bot is connected to a fake Discord at {}; {n} players are sitting down.",
        fake.addr()
    );
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
    // Hints on, so the players can show the Hint button (issue 43: the demo shows the bot).
    let line = format!(
        "{} new seats:{n} hints:true{}",
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
        .map(|(&u, name)| Seat::new(u, name))
        .collect();
    let mut players = GuidedPlayers::new(&fake, &bot.data, &table, seats, args.seed);
    players.patient = args.production_pacing;
    players.tour = true;
    let mut shown = Progress::new();
    let stats = crate::on_kind!(kind, G => {
        players
            .play::<G>(|g, st| shown.update(st, &Screens::progress(g)))
            .await
    })
    .map(|()| players.stats.clone())
    .map_err(anyhow::Error::msg)?;
    shown.done();
    let game_over = Instant::now();
    eprintln!(
        "{} clicks; {} of {} actions as near the heuristic bot's choice as the screens allow, {} \
         not offered as such",
        stats.clicks, stats.near, stats.actions, stats.other
    );
    // The finished table's Review. The bot priced the decisions while the game was played
    // (`game.review_ahead`), so only the last few are left: about a second on an optimised
    // build (3 s of CPU in all for four players of Fields of Green). Any wait is said as it
    // happens; the bot's last thread posts go out meanwhile.
    eprintln!(
        "{} clicks Review: the bot priced each decision as it was played, and finishes the last ones...",
        NAMES[0]
    );
    let mut said = 0.0;
    players
        .review(|s| {
            if s - said >= 4.0 {
                eprintln!("  still preparing the review ({s:.0} s)");
                said = s;
            }
        })
        .await
        .map_err(anyhow::Error::msg)?;
    eprintln!(
        "The review is shown, {:.1} s after the game's end.",
        game_over.elapsed().as_secs_f64()
    );
    // The bot may still be sending the game's last thread posts (the year's summary, the final
    // farms): its outbox keeps Discord's limit of 5 messages per 5 s in one channel, which can
    // take seconds. Said as it happens, not waited through in silence.
    let waiting = Instant::now();
    let settled = fake.settle();
    tokio::pin!(settled);
    if tokio::time::timeout(std::time::Duration::from_millis(500), &mut settled)
        .await
        .is_err()
    {
        let queued = bot.data.outbox.pending();
        eprintln!(
            "The bot is still sending its last posts to the game's thread{}: Discord allows 5 \
             messages per 5 s in one channel, so this takes a few seconds...",
            match queued {
                0 => String::new(),
                n => format!(" ({n} queued)"),
            }
        );
        settled.await;
        eprintln!(
            "Sent, after {:.1} s. Checking the game and writing the transcript.",
            waiting.elapsed().as_secs_f64()
        );
    }
    let (checked, result) = crate::on_kind!(kind, G => {
        let checked = verify::check_final_as::<G>(&fake, &bot.data, &table).await;
        let r = verify::replay_as::<G>(&bot.data, table.game)
            .await
            .map_err(anyhow::Error::msg)?;
        (checked, Finished::of(&r))
    });
    // Last, the Rematch: it opens a new lobby (nobody confirms; the demo ends there).
    players.rematch().await.map_err(anyhow::Error::msg)?;
    fake.settle().await;
    eprintln!(
        "{} clicks Rematch: a new lobby opens with the same seats.",
        NAMES[1 % n]
    );
    let tour = players.shown.clone();
    fake.note(format!(
        "Game seed {} · {} actions · {} clicks by the players, each the heuristic bot's choice \
         for the seat, besides {} hint(s), a look at {}, a Review and a Rematch.",
        result.seed,
        result.actions,
        players.stats.clicks,
        tour.hints,
        tour.looks.join(", ")
    ));
    // What Discord's per-channel limit on messages (about 5 per 5 s) is spent on: channel and
    // thread posts, and edits of the table message (DMs included, interaction answers not).
    let (posts, edits) = fake.with(|w| {
        let n = |k| w.counts.get(&k).copied().unwrap_or(0);
        (
            n(crate::fake_discord::RouteKind::CreateMessage),
            n(crate::fake_discord::RouteKind::EditMessage),
        )
    });
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
    for path in std::iter::once(&args.transcript).chain(&args.scenario) {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
        }
    }
    // The page's own words in the demo's language, like the game in it.
    let frame = match args.locale {
        DemoLocale::En => crate::i18n::Locale::En,
        DemoLocale::Ja => crate::i18n::Locale::Ja,
    };
    transcript::write_in(&fake, &title, &args.transcript, frame)
        .with_context(|| format!("cannot write {}", args.transcript.display()))?;
    if let Some(path) = &args.scenario {
        std::fs::write(path, &result.scenario)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    bot.stop().await?;
    let mut out = std::io::stdout().lock();
    if let Err(e) = checked {
        writeln!(out, "CHECK FAILED: {e}")?;
    }
    let problems = fake.violations();
    if !problems.is_empty() {
        writeln!(out, "The fake Discord saw {} problem(s):", problems.len())?;
        for p in &problems {
            writeln!(out, "  {p}")?;
        }
    }
    // The table's order (place by the game's tie-breaks, then seat), and every tie explained.
    let mut ranking: Vec<(usize, u32)> = result.scores.iter().copied().enumerate().collect();
    ranking.sort_by_key(|&(s, _)| (result.places.get(s).copied().unwrap_or(u32::MAX), s));
    let mut scores: String = ranking
        .iter()
        .map(|&(s, score)| format!("{} {score}", NAMES[s]))
        .collect::<Vec<_>>()
        .join(", ");
    for tie in &result.ties {
        scores.push_str(&format!(" · {tie}"));
    }
    let winners: Vec<&str> = result.winners.iter().map(|&s| NAMES[s]).collect();
    // With the progress on stderr: stdout is the one summary line, the same for a seed on every
    // run, and how many edits the bot merged depends on timing.
    eprintln!(
        "Posts and edits of messages: {posts} posts, {edits} edits, {:.2} per stored action.",
        (posts + edits) as f64 / result.actions.max(1) as f64
    );
    writeln!(
        out,
        "{} won{} · {} · {} actions · {:.1} s · transcript {}",
        winners.join(" and "),
        if winners.len() > 1 { " (shared)" } else { "" },
        scores,
        result.actions,
        started.elapsed().as_secs_f64(),
        args.transcript.display()
    )?;
    Ok(())
}

/// What the demo says of the finished game, from an engine replay of the stored actions.
struct Finished {
    seed: u64,
    actions: usize,
    /// By seat.
    scores: Vec<u32>,
    /// By seat: the place, from 1, by the game's tie-breaks.
    places: Vec<u32>,
    /// One line per tie on score (the table's).
    ties: Vec<String>,
    winners: Vec<usize>,
    /// The game as a scenario file for `farmhand replay`.
    scenario: String,
}

impl Finished {
    fn of<G: crate::host::Hosted>(r: &verify::Replay<G>) -> Finished {
        let results = r.last().results().unwrap_or_default();
        let setup = crate::games::TableSetup {
            players: r.table.seats.len(),
            intro: r.table.game.options.intro,
            seed: r.table.game.seed,
        };
        let names: Vec<String> = NAMES[..r.table.seats.len()]
            .iter()
            .map(|n| n.to_string())
            .collect();
        let actions = r.steps.iter().map(|(_, s, a, _)| (*s, a.clone())).collect();
        Finished {
            seed: r.table.game.seed,
            actions: r.steps.len(),
            scores: results.iter().map(|x| x.score).collect(),
            places: results.iter().map(|x| x.place).collect(),
            ties: r.last().tie_lines(&names),
            winners: (0..results.len()).filter(|&s| results[s].won).collect(),
            scenario: serde_json::to_string_pretty(&G::scenario(&setup, &names, actions))
                .unwrap_or_default(),
        }
    }
}

/// The progress line on stderr: rewritten in place on a terminal, a line per stage (year and
/// phase, or turn) otherwise.
struct Progress {
    terminal: bool,
    stage: String,
    width: usize,
}

impl Progress {
    fn new() -> Progress {
        Progress {
            terminal: std::io::IsTerminal::is_terminal(&std::io::stderr()),
            stage: String::new(),
            width: 0,
        }
    }

    fn update(&mut self, stats: &GuidedStats, stage: &str) {
        let line = format!("{} actions · {stage}", stats.actions);
        if self.terminal {
            let pad = self.width.saturating_sub(line.chars().count());
            eprint!("\r{line}{}", " ".repeat(pad));
            self.width = line.chars().count();
        } else if stage != self.stage {
            eprintln!("{line}");
        }
        self.stage = stage.to_string();
    }

    fn done(&self) {
        if self.terminal && self.width > 0 {
            eprintln!();
        }
    }
}
