//! The one setup both games' end-to-end suites share: a fake Discord, the real bot on a fresh
//! database, a table opened by slash command, joined and started by button, and scripted players
//! that decide only from what their user sees. `e2e_games` and `e2e_key_harvest` wrap
//! [`new_game`] with their game; the checks after a game differ only where the games do (Key
//! Harvest's privacy check reads hidden counters, Fields of Green's reads hands).

use farmhand::fake_discord::harness::{Bot, TempDb, fake_and_db, panics, test_config};
use farmhand::fake_discord::player::{self, Driver, Player, TableRef};
use farmhand::fake_discord::view::MessageView;
use farmhand::fake_discord::{FakeDiscord, FakeError, Ix, Reply, verify};
use farmhand::games::fields_of_green as fog;
use farmhand::games::key_harvest as kh;
use farmhand::store::Status;
use std::time::{Duration, Instant};

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

    /// [`new_game`] of this game, with nothing to prepare before the bot starts.
    pub async fn new_game(
        self,
        tag: &str,
        players: usize,
        options: &str,
        dm: &[usize],
        seed: u64,
    ) -> Game {
        new_game(self, tag, players, options, dm, seed, |_, _| {}).await
    }

    /// [`new_game`] of this game with no options, no seat in DMs and nothing to prepare: only
    /// the bot's configuration changed by `configure`.
    pub async fn new_game_configured(
        self,
        tag: &str,
        players: usize,
        seed: u64,
        configure: impl FnOnce(&mut farmhand::config::Config),
    ) -> Game {
        let opening = Opening {
            which: self,
            tag,
            players,
            options: "",
            dm: &[],
            seed,
        };
        let setup = Setup {
            configure: Box::new(configure),
            ..Setup::default()
        };
        open(opening, setup).await
    }

    /// The game's name in Japanese, as the table message's title starts.
    pub fn title_ja(self) -> &'static str {
        match self {
            Which::FieldsOfGreen => "緑の地",
            Which::KeyHarvest => "キーハーベスト",
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
    let setup = Setup {
        prepare: Box::new(prepare),
        ..Setup::default()
    };
    let opening = Opening {
        which,
        tag,
        players,
        options,
        dm,
        seed,
    };
    open(opening, setup).await
}

/// The table [`open`] opens: the game, the test's tag, how many players, the options of its
/// `new` command, the seats that take their hands in DMs and the seed of the players' choices.
pub struct Opening<'a> {
    pub which: Which,
    pub tag: &'a str,
    pub players: usize,
    pub options: &'a str,
    pub dm: &'a [usize],
    pub seed: u64,
}

/// What a test changes about how [`open`] sets a game up: `prepare` runs on the fake and the
/// users before the bot starts, `configure` changes the bot's configuration, and
/// `place(fake, channel, users)` says where the table is opened (a thread or a forum post it
/// makes, say) instead of the game's text channel.
pub struct Setup<'a> {
    pub prepare: Prepare<'a>,
    pub configure: Box<dyn FnOnce(&mut farmhand::config::Config) + 'a>,
    pub place: Place<'a>,
}

/// [`Setup::prepare`]: runs on the fake and the users before the bot starts.
pub type Prepare<'a> = Box<dyn FnOnce(&FakeDiscord, &[u64]) + 'a>;

/// [`Setup::place`]: the channel to open the table in, from the fake, the game's channel and the
/// users.
pub type Place<'a> = Box<dyn FnOnce(&FakeDiscord, u64, &[u64]) -> u64 + 'a>;

impl Default for Setup<'_> {
    /// Nothing prepared, the test configuration, the table in the game's channel.
    fn default() -> Self {
        Setup {
            prepare: Box::new(|_, _| {}),
            configure: Box::new(|_| {}),
            place: Box::new(|_, channel, _| channel),
        }
    }
}

/// [`new_game`] as `setup` says.
pub async fn open(o: Opening<'_>, setup: Setup<'_>) -> Game {
    let Setup {
        prepare,
        configure,
        place,
    } = setup;
    let started = Instant::now();
    let (fake, db) = fake_and_db(o.tag).await;
    let channel = fake.add_channel(o.which.channel());
    let users: Vec<u64> = NAMES[..o.players]
        .iter()
        .map(|n| fake.add_user(n))
        .collect();
    prepare(&fake, &users);
    let mut config = test_config(db.path());
    configure(&mut config);
    let bot = Bot::start(&fake, config).await.expect("start the bot");
    let channel = place(&fake, channel, &users);
    let group = o.which.command();
    for &k in o.dm {
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
    let line = if o.options.contains("seats:") {
        format!("{group} new {}", o.options)
    } else {
        format!("{group} new seats:{} {}", o.players, o.options)
    };
    let table = player::open_table(&fake, users[0], channel, &line)
        .await
        .unwrap();
    if o.which == Which::KeyHarvest {
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
    let driver = Driver::new(&fake, &table, seats, o.seed);
    Game {
        which: o.which,
        fake,
        bot: Some(bot),
        table,
        driver,
        users,
        db,
        tag: o.tag.to_string(),
        started,
    }
}

impl Game {
    pub fn bot(&self) -> &Bot {
        self.bot.as_ref().expect("a running bot")
    }

    /// The bot's store (verification only).
    pub fn store(&self) -> &farmhand::store::Store {
        self.bot().data.service.store()
    }

    /// The stored table: whether and why it is parked, its version and status (verification
    /// only).
    pub async fn stored(&self) -> farmhand::store::Table {
        self.store().table(self.table.game).await.unwrap()
    }

    /// The stored game version (verification only).
    pub async fn version(&self) -> i64 {
        self.stored().await.game.version
    }

    /// Plays on until `decisions` decisions have been made in all, all before the end of the game
    /// (`what`, for the message: what the test waits for).
    pub async fn play_into(&mut self, decisions: usize, what: &str) {
        let over = self
            .driver
            .play_until(|d| d >= decisions)
            .await
            .unwrap_or_else(|e| panic!("{}: {e}", self.tag));
        assert!(!over, "{}: the game ended before {what}", self.tag);
    }

    /// The game after [`Game::play_into`] `decisions` decisions, with the fake quiet again.
    pub async fn played_into(mut self, decisions: usize, what: &str) -> Game {
        self.play_into(decisions, what).await;
        assert!(
            self.fake.settle().await,
            "{}: the bot did not go quiet",
            self.tag
        );
        self
    }

    /// Plays on until `done` holds, 5 decisions at a time (at most `limit`): the game must not
    /// end before, nor, unless `may_end`, in the step that makes `done` hold.
    pub async fn play_until_seen(
        &mut self,
        limit: usize,
        what: &str,
        may_end: bool,
        done: impl Fn() -> bool,
    ) {
        let start = self.driver.stats.decisions;
        let mut decisions = start;
        while !done() {
            decisions += 5;
            assert!(
                decisions <= start + limit,
                "{}: {what} not seen after {} decisions ({:?})",
                self.tag,
                decisions - start,
                self.driver.stats
            );
            let over = self
                .driver
                .play_until(|d| d >= decisions)
                .await
                .unwrap_or_else(|e| panic!("{}: {e}", self.tag));
            if over {
                assert!(
                    may_end && done(),
                    "{}: the game ended before {what}",
                    self.tag
                );
                break;
            }
        }
    }

    /// Plays to the final scores, then runs every end-of-game check; returns the score pad.
    pub async fn finish(&mut self) -> String {
        let fin = self.play_out().await;
        self.check_end(&fin).await
    }

    /// Plays to the end and waits for the bot to go quiet; the final scores' message.
    pub async fn play_out(&mut self) -> MessageView {
        let fin = self
            .driver
            .play()
            .await
            .unwrap_or_else(|e| panic!("{}: {e}", self.tag));
        assert!(
            self.fake.settle().await,
            "{}: the bot did not go quiet",
            self.tag
        );
        fin
    }

    /// The players the game waits for now (from the stored game).
    pub async fn waiting(&self) -> Vec<usize> {
        let (_, game) = self
            .bot()
            .data
            .service
            .load_any(self.table.game)
            .await
            .unwrap();
        game.expect("started").waiting_for()
    }

    /// The whole-game check of the game's kind ([`verify::check_final_with_as`]): the stored
    /// game equals a replay and has ended, and the score pad shown is the replay's (`strict`
    /// false: a final post or table edit lost to an injected fault is accepted). Returns the pad.
    pub async fn check_final(&self, strict: bool) -> String {
        let (fake, data, t) = (&self.fake, &self.bot().data, &self.table);
        match self.which {
            Which::FieldsOfGreen => {
                verify::check_final_with_as::<fog::Game>(fake, data, t, strict).await
            }
            Which::KeyHarvest => {
                verify::check_final_with_as::<kh::Game>(fake, data, t, strict).await
            }
        }
        .unwrap_or_else(|e| panic!("{}: {e}", self.tag))
    }

    /// How many clicks the bot confirmed ("Done.") were checked against the stored actions
    /// ([`verify::check_acknowledged_as`]); a confirmed click not stored fails.
    pub async fn check_acknowledged(&self) -> usize {
        let (fake, data, t) = (&self.fake, &self.bot().data, &self.table);
        match self.which {
            Which::FieldsOfGreen => verify::check_acknowledged_as::<fog::Game>(fake, data, t).await,
            Which::KeyHarvest => verify::check_acknowledged_as::<kh::Game>(fake, data, t).await,
        }
        .unwrap_or_else(|e| panic!("{}: {e}", self.tag))
    }

    /// The privacy check of the game's kind over every message version so far (Fields of
    /// Green's reads hands, Key Harvest's hidden counters): a leak fails. Returns how many
    /// message versions were checked and how many actions the stored game has.
    pub async fn check_privacy(&self) -> (usize, usize) {
        let data = &self.bot().data;
        match self.which {
            Which::FieldsOfGreen => {
                let replay = verify::replay_as::<fog::Game>(data, self.table.game)
                    .await
                    .unwrap();
                let checked =
                    verify::fields_of_green::check_privacy(&self.fake, &replay, self.table.game)
                        .unwrap_or_else(|leaks| {
                            panic!("{}: private cards shown to others: {leaks:#?}", self.tag)
                        });
                (checked, replay.steps.len())
            }
            Which::KeyHarvest => {
                let replay = verify::replay_as::<kh::Game>(data, self.table.game)
                    .await
                    .unwrap();
                let checked = verify::key_harvest::check_privacy_kh(&self.fake, &replay)
                    .unwrap_or_else(|leaks| panic!("{}: leaks: {leaks:#?}", self.tag));
                (checked, replay.steps.len())
            }
        }
    }

    /// The end-of-game checks: the final scores shown equal an engine replay of what was
    /// stored, no message ever showed another seat's hidden cards or counters, every payload
    /// passed Discord's limits, and no task panicked.
    pub async fn check_end(&self, fin: &MessageView) -> String {
        let pad = self.check_final(true).await;
        if self.which == Which::KeyHarvest {
            let acked = self.check_acknowledged().await;
            // The check above reads the clicks answered "Done." in place (type 7). A click
            // answered late is deferred (type 6) and then edited, and one on a panel that
            // moved on gets a fresh panel; how many go each way depends on the machine's
            // load, so the game must show it was played through clicks: some confirmed,
            // and more than ten answered in all.
            let answered = self.fake.with(|w| {
                w.interactions
                    .values()
                    .filter(|i| i.kind == 3 && i.callback.is_some() && !i.callback_failed)
                    .count()
            });
            assert!(
                acked > 0 && answered > 10,
                "{}: {acked} acknowledged actions, {answered} clicks answered",
                self.tag
            );
        }
        // How many versions there are depends on how many edits the bot merged (timing): a
        // 2-player game has seen fewer than 100 on PostgreSQL. Enough to show the check read
        // the game.
        let (checked, steps) = self.check_privacy().await;
        assert!(
            checked > 50,
            "{}: only {checked} message versions checked",
            self.tag
        );
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

/// The table number in a lobby's title ("table #12", "テーブル #12").
fn table_number(title: &str) -> Option<i64> {
    title
        .split('#')
        .nth(1)?
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .ok()
}

/// The content of a deferred private answer (filled in by an edit of its message).
fn answer_content(fake: &FakeDiscord, r: &Reply) -> String {
    r.message
        .and_then(|m| fake.message(m))
        .map_or_else(|| r.content().to_string(), |m| m.content.clone())
}

/// The text a reply shows: its message's (a deferred answer is filled in by an edit), or its
/// content.
pub fn said(fake: &FakeDiscord, r: &Reply) -> String {
    match r.message.and_then(|m| fake.message(m)) {
        Some(m) => m.text(),
        None => r.content().to_string(),
    }
}

/// The answer to the interaction `made` for the command `line`; a failure to make it or a
/// missing answer fails the test, naming the line.
pub async fn answer(fake: &FakeDiscord, line: &str, made: Result<Ix, FakeError>) -> Reply {
    let ix = made.unwrap_or_else(|e| panic!("{line}: {e}"));
    fake.reply(&ix)
        .await
        .unwrap_or_else(|e| panic!("{line}: {e}"))
}

/// The interactions made after id `before`, each with what it was and how long after its click
/// it was answered, checked: at least `at_least` of them, each answered within `within`.
pub fn answered_within(
    fake: &FakeDiscord,
    before: u64,
    at_least: usize,
    within: Duration,
) -> Vec<(String, Option<Duration>)> {
    let answers: Vec<(String, Option<Duration>)> = fake.with(|w| {
        w.interactions
            .values()
            .filter(|i| i.id > before)
            .map(|i| (i.what.clone(), i.callback.as_ref().map(|c| c.after)))
            .collect()
    });
    assert!(answers.len() >= at_least, "{answers:?}");
    for (what, after) in &answers {
        let after = after.unwrap_or_else(|| panic!("{what} was never answered"));
        assert!(
            after < within,
            "{what} answered {after:?} after its creation (at most {within:?})"
        );
    }
    answers
}

/// Runs a slash command and returns its answer's text, which must be private and not empty.
pub async fn command(fake: &FakeDiscord, user: u64, channel: u64, line: &str) -> String {
    let r = answer(fake, line, fake.slash(user, channel, line)).await;
    // 4: answered at once; 5: "thinking..." first (commands that call Discord before they can
    // answer), then the deferred response edited with the answer.
    assert!(
        r.kind == 4 || r.kind == 5,
        "{line}: answered with type {}",
        r.kind
    );
    assert!(r.ephemeral(), "{line}: the answer is public");
    let text = said(fake, &r);
    assert!(!text.trim().is_empty(), "{line}: empty answer");
    text
}

/// `user` clicks the enabled button `label` of `message`; the bot's answer.
async fn click_button(fake: &FakeDiscord, user: u64, message: u64, label: &str) -> Reply {
    let m = fake.message(message).expect("the message is there");
    let id = m
        .button(label)
        .unwrap_or_else(|| panic!("no enabled {label} button on {:?}", m.title()))
        .custom_id()
        .to_string();
    fake.click_reply(user, message, &id).await.unwrap()
}

/// `user`, who has no seat at the table, clicks the `label` button of its `message`: the answer
/// is private and says they are not seated.
pub async fn check_not_seated(fake: &FakeDiscord, user: u64, message: u64, label: &str) {
    let r = click_button(fake, user, message, label).await;
    assert!(
        r.ephemeral() && r.content().contains("not seated"),
        "{label}: {:?}",
        r.content()
    );
}

/// Clicks the enabled button `label` of `message` as `user`, waits for the bot to go quiet, and
/// returns what the clicker was told.
async fn click(fake: &FakeDiscord, user: u64, message: u64, label: &str) -> String {
    let r = click_button(fake, user, message, label).await;
    assert!(
        fake.settle().await,
        "the bot did not go quiet after {label}"
    );
    answer_content(fake, &r)
}

/// Rematch on a finished game (issue 32): the second player clicks Rematch on the final table
/// message; a lobby appears with the same seats (in the same order) and options and a new seed,
/// that player and the bots already confirmed; a stranger cannot confirm; it starts only when
/// the last person has confirmed, with nobody pressing Start. Returns the new table's number.
pub async fn check_rematch(g: &Game) -> i64 {
    let fake = &g.fake;
    let store = g.store();
    let old = store.table(g.table.game).await.unwrap();
    assert_eq!(old.game.status, Status::Ended);
    let bots: Vec<u64> = old.game.options.bots.iter().map(|b| b.user_id).collect();
    let fin = fake.message(g.table.message).unwrap();
    assert!(
        fin.button("Rematch").is_some(),
        "the final table message offers Rematch"
    );
    let asker = g.users[1];
    let before = fake.channel(g.table.channel).last().map_or(0, |m| m.id);
    let answer = click(fake, asker, g.table.message, "Rematch").await;
    assert!(answer.contains("Rematch lobby opened"), "{answer}");
    let lobby = fake
        .channel(g.table.channel)
        .into_iter()
        .find(|m| m.id > before && m.button("Confirm").is_some())
        .expect("a rematch lobby with a Confirm button");
    let id = table_number(lobby.title()).expect("the lobby's table number");
    assert_ne!(id, g.table.game, "a new table");
    let d = &lobby.embeds[0].description;
    assert!(
        d.contains(&format!("Rematch of table #{}", g.table.game)),
        "{d}"
    );
    // Each seat says whether its player confirmed: the one who asked and the bots have.
    assert_eq!(d.matches("✅ confirmed").count(), bots.len() + 1, "{d}");
    assert_eq!(
        d.matches("waiting to confirm").count(),
        g.users.len() - 1,
        "{d}"
    );
    // The people still to confirm are pinged, the one who asked is not.
    let waiting: Vec<u64> = g.users.iter().copied().filter(|&u| u != asker).collect();
    for u in &waiting {
        assert!(
            lobby.content.contains(&format!("<@{u}>")),
            "{}",
            lobby.content
        );
    }
    assert!(!lobby.content.contains(&format!("<@{asker}>")));
    let new = store.table(id).await.unwrap();
    assert_eq!(new.game.status, Status::Open);
    assert_eq!(new.game.kind, old.game.kind, "the same game");
    assert_eq!(new.seats, old.seats, "the same seats, in the same order");
    assert_eq!(new.game.host_id, old.game.host_id);
    assert_ne!(new.game.seed, old.game.seed, "a new seed");
    let mut same = new.game.options.clone();
    let r = same.rematch.take().expect("marked as a rematch");
    assert_eq!(r.of, g.table.game);
    same.seats = old.game.options.seats;
    assert_eq!(same, old.game.options, "the same options");
    for b in &bots {
        assert!(r.confirmed.contains(b), "a bot confirms at once");
    }
    assert!(r.confirmed.contains(&asker));
    // Someone who did not play cannot take a seat, and Start is not offered.
    let stranger = fake.add_user("stranger");
    let no = click(fake, stranger, lobby.id, "Confirm").await;
    assert!(
        no.contains("not seated") || no.contains("not at this table"),
        "{no}"
    );
    assert!(
        lobby.button("Start").is_none(),
        "a rematch starts by confirmations"
    );
    // A second Rematch click on the old message reaches the same lobby.
    let again = click(fake, asker, g.table.message, "Rematch").await;
    assert!(again.contains("confirmed your seat"), "{again}");
    for (k, &u) in waiting.iter().enumerate() {
        let t = store.table(id).await.unwrap();
        assert_eq!(
            t.game.status,
            Status::Open,
            "started before everyone confirmed"
        );
        click(fake, u, lobby.id, "Confirm").await;
        if k + 1 < waiting.len() {
            let shown = fake.message(lobby.id).unwrap();
            let d = &shown.embeds[0].description;
            assert_eq!(d.matches("✅ confirmed").count(), bots.len() + k + 2, "{d}");
        }
    }
    let t = store.table(id).await.unwrap();
    assert_eq!(
        t.game.status,
        Status::Active,
        "the last confirmation starts it"
    );
    assert_eq!(t.seats, old.seats);
    let shown = fake.message(lobby.id).unwrap();
    assert!(
        shown.button("Confirm").is_none() && shown.button("Log").is_some(),
        "the lobby became the table message"
    );
    id
}
