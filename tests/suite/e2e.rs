//! The one setup both games' end-to-end suites share: a fake Discord, the real bot on a fresh
//! database, a table opened by slash command, joined and started by button, and scripted players
//! that decide only from what their user sees. `e2e_games` and `e2e_key_harvest` wrap
//! [`new_game`] with their game; the checks after a game differ only where the games do (Key
//! Harvest's privacy check reads hidden counters, Fields of Green's reads hands).

use farmhand::fake_discord::harness::{
    Bot, TempDb, init_tracing, panics, test_config, watch_panics,
};
use farmhand::fake_discord::player::{self, Driver, Player, TableRef};
use farmhand::fake_discord::view::MessageView;
use farmhand::fake_discord::{FakeDiscord, verify};
use farmhand::games::key_harvest as kh;
use farmhand::store::Status;
use std::time::Instant;

/// The players' names, by seat.
pub const NAMES: [&str; 6] = ["alice", "bob", "carol", "dave", "erin", "frank"];

/// Which game a suite plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    FieldsOfGreen,
    KeyHarvest,
}

impl Which {
    /// The slash command group.
    pub fn command(self) -> &'static str {
        match self {
            Which::FieldsOfGreen => "fog",
            Which::KeyHarvest => "kh",
        }
    }

    fn channel(self) -> &'static str {
        match self {
            Which::FieldsOfGreen => "fields-of-green",
            Which::KeyHarvest => "key-harvest",
        }
    }

    fn title(self) -> &'static str {
        match self {
            Which::FieldsOfGreen => "Fields of Green",
            Which::KeyHarvest => "Key Harvest",
        }
    }

    fn file_prefix(self) -> &'static str {
        match self {
            Which::FieldsOfGreen => "",
            Which::KeyHarvest => "kh-",
        }
    }
}

/// A game in progress or finished, and what it runs on.
pub struct Game {
    pub which: Which,
    pub fake: FakeDiscord,
    pub bot: Option<Bot>,
    pub table: TableRef,
    pub driver: Driver,
    pub users: Vec<u64>,
    pub db: TempDb,
    pub tag: String,
    pub started: Instant,
}

/// Starts a fake, a bot, and a game: `/fog new` or `/kh new` by the first player (after
/// `settings hand_in_dm:true` for the `dm` seats), the others join by button, the host starts.
/// `prepare` runs on the fake and the users before the bot starts.
pub async fn new_game(
    which: Which,
    tag: &str,
    players: usize,
    options: &str,
    dm: &[usize],
    seed: u64,
    prepare: impl FnOnce(&FakeDiscord, &[u64]),
) -> Game {
    init_tracing();
    watch_panics();
    let started = Instant::now();
    let fake = FakeDiscord::start().await.expect("start the fake");
    let db = TempDb::new(tag);
    let channel = fake.add_channel(which.channel());
    let users: Vec<u64> = NAMES[..players].iter().map(|n| fake.add_user(n)).collect();
    prepare(&fake, &users);
    let bot = Bot::start(&fake, test_config(db.path()))
        .await
        .expect("start the bot");
    let group = which.command();
    for &k in dm {
        let ix = fake
            .slash(
                users[k],
                channel,
                &format!("{group} settings hand_in_dm:true"),
            )
            .unwrap();
        let r = fake.reply(&ix).await.unwrap();
        assert!(r.ephemeral(), "settings reply must be private");
        assert!(r.content().contains("DM"), "{}", r.content());
    }
    // `options` may set the seats itself (a table with bots has more seats than people).
    let line = if options.contains("seats:") {
        format!("{group} new {options}")
    } else {
        format!("{group} new seats:{players} {options}")
    };
    let table = player::open_table(&fake, users[0], channel, &line)
        .await
        .unwrap();
    if which == Which::KeyHarvest {
        let lobby = fake.message(table.message).unwrap();
        assert!(
            lobby.title().starts_with("Key Harvest") || lobby.title().starts_with("キーハーベスト"),
            "the lobby names the game: {:?}",
            lobby.title()
        );
    }
    for &u in &users[1..] {
        let r = player::join(&fake, u, &table).await.unwrap();
        // The click is acknowledged (type 6) and the lobby is redrawn by an edit, in order with
        // every other redraw of the table message.
        assert_eq!(r.kind, 6, "Join is acknowledged; the lobby is edited");
    }
    let r = player::start(&fake, users[0], &table).await.unwrap();
    assert_eq!(
        r.kind, 6,
        "Start is acknowledged; the lobby is edited into the table"
    );
    let seats: Vec<Player> = users
        .iter()
        .zip(NAMES)
        .map(|(&u, n)| Player::new(u, n))
        .collect();
    let driver = Driver::new(&fake, &table, seats, seed);
    Game {
        which,
        fake,
        bot: Some(bot),
        table,
        driver,
        users,
        db,
        tag: tag.to_string(),
        started,
    }
}

impl Game {
    pub fn bot(&self) -> &Bot {
        self.bot.as_ref().expect("a running bot")
    }

    /// The stored game version (verification only).
    pub async fn version(&self) -> i64 {
        let table = self
            .bot()
            .data
            .service
            .store()
            .table(self.table.game)
            .await
            .unwrap();
        table.game.version
    }

    /// Plays to the final scores, then runs every end-of-game check; returns the score pad.
    pub async fn finish(&mut self) -> String {
        let fin = self
            .driver
            .play()
            .await
            .unwrap_or_else(|e| panic!("{}: {e}", self.tag));
        assert!(self.fake.settle().await, "the bot did not go quiet");
        self.check_end(&fin).await
    }

    /// The end-of-game checks: the final scores shown equal an engine replay of what was
    /// stored, no message ever showed another seat's hidden cards or counters, every payload
    /// passed Discord's limits, and no task panicked.
    pub async fn check_end(&self, fin: &MessageView) -> String {
        let data = &self.bot().data;
        let (pad, steps) = match self.which {
            Which::FieldsOfGreen => {
                let pad = verify::check_final(&self.fake, data, &self.table)
                    .await
                    .unwrap_or_else(|e| panic!("{}: {e}", self.tag));
                let replay = verify::replay(data, self.table.game).await.unwrap();
                match verify::check_privacy(&self.fake, &replay, self.table.game) {
                    Ok(n) => assert!(n > 50, "only {n} message versions checked"),
                    Err(leaks) => {
                        panic!("{}: private cards shown to others: {leaks:#?}", self.tag)
                    }
                }
                (pad, replay.steps.len())
            }
            Which::KeyHarvest => {
                let pad = verify::check_final_as::<kh::Game>(&self.fake, data, &self.table)
                    .await
                    .unwrap_or_else(|e| panic!("{}: {e}", self.tag));
                let replay = verify::replay_as::<kh::Game>(data, self.table.game)
                    .await
                    .unwrap();
                assert_eq!(replay.table.game.status, Status::Ended);
                let acked =
                    verify::check_acknowledged_as::<kh::Game>(&self.fake, data, &self.table)
                        .await
                        .unwrap_or_else(|e| panic!("{}: {e}", self.tag));
                assert!(
                    acked > 10,
                    "{}: only {acked} acknowledged actions",
                    self.tag
                );
                let checked = verify::check_privacy_kh(&self.fake, &replay)
                    .unwrap_or_else(|leaks| panic!("{}: leaks: {leaks:#?}", self.tag));
                // How many versions there are depends on how many edits the bot merged
                // (timing): a 2-player game has seen fewer than 100 on PostgreSQL. Enough to
                // show the check read the game.
                assert!(
                    checked > 50,
                    "{}: only {checked} messages checked",
                    self.tag
                );
                (pad, replay.steps.len())
            }
        };
        write_transcript(self.which, &self.fake, &self.tag);
        self.fake.assert_clean();
        assert!(panics().is_empty(), "panics: {:?}", panics());
        println!(
            "{}: {} players, {steps} actions, {:?}, {:.1} s\n{}\n{pad}",
            self.tag,
            self.users.len(),
            self.driver.stats,
            self.started.elapsed().as_secs_f64(),
            fin.title()
        );
        pad
    }

    pub async fn stop(mut self) {
        if let Some(bot) = self.bot.take() {
            bot.stop().await.unwrap();
        }
        drop(self.db);
    }
}

/// Writes the transcript when `FARMHAND_TRANSCRIPT` names a folder.
pub fn write_transcript(which: Which, fake: &FakeDiscord, tag: &str) {
    if let Ok(dir) = std::env::var("FARMHAND_TRANSCRIPT") {
        let path = std::path::Path::new(&dir).join(format!("{}{tag}.html", which.file_prefix()));
        let _ = std::fs::create_dir_all(&dir);
        farmhand::fake_discord::transcript::write(
            fake,
            &format!("{} · {tag}", which.title()),
            &path,
        )
        .expect("write the transcript");
        println!("transcript: {}", path.display());
    }
}
