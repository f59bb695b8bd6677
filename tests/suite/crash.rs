//! Pulling the plug (issue 10): the real `farmhand run` binary, in a child process, plays against
//! the fake Discord (`FARMHAND_DISCORD_PROXY`) and is killed with SIGKILL at random moments, right
//! under players' clicks, many times; each time it is started again on the same SQLite file.
//! At the end: every action the bot acknowledged is in the database, the stored log replays to
//! the stored snapshot, and the game finishes with the scores the replay gives.

use farmhand::fake_discord::harness::{KillOnDrop, TempDb, init_tracing, test_config};
use farmhand::fake_discord::player::{self, Driver, decisions};
use farmhand::fake_discord::{FakeDiscord, TOKEN, verify};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::process::{Command, Stdio};
use std::time::Duration;

/// The bot binary, against `fake`, on the database at `db`.
fn start_bot(fake: &FakeDiscord, db: &TempDb) -> KillOnDrop {
    let child = Command::new(env!("CARGO_BIN_EXE_farmhand"))
        .arg("run")
        .env("FARMHAND_DISCORD_TOKEN", TOKEN)
        .env("FARMHAND_DISCORD_PROXY", format!("http://{}", fake.addr()))
        .env("FARMHAND_DATABASE", db.path())
        .env("RUST_LOG", "error")
        // The test's own working directory may hold a farmhand.toml; use the defaults.
        .current_dir(std::env::temp_dir())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    KillOnDrop(child)
}

#[tokio::test]
async fn killed_at_random_moments_the_bot_loses_nothing_it_acknowledged() {
    init_tracing();
    let fake = FakeDiscord::start().await.expect("start the fake");
    let db = TempDb::new("crash");
    let channel = fake.add_channel("crash");
    let names = ["alice", "bob", "carol"];
    let users: Vec<u64> = names.iter().map(|n| fake.add_user(n)).collect();
    let mut bot = start_bot(&fake, &db);
    assert!(
        fake.wait_ready(Duration::from_secs(60), true).await,
        "the bot did not connect"
    );
    let people: Vec<(u64, &str)> = users.iter().copied().zip(names).collect();
    let (table, seats) = player::seated_table(&fake, channel, "fog new seats:3", &people)
        .await
        .unwrap();
    let mut driver = Driver::new(&fake, &table, seats, 12);
    // A click that reaches a process just before it is killed, or one still starting on a busy
    // machine, may go unanswered: the player sees "This interaction failed" and tries again, as
    // a person would. What the test holds the bot to is that nothing it acknowledged is lost.
    driver.against_other_processes();
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let mut kills = 0;
    let mut target = 0;
    while kills < 10 {
        target += rng.random_range(5..40);
        if driver.play_until(|d| d >= target).await.unwrap() {
            break;
        }
        // Click, then pull the plug a moment later: before, while or after the bot stores it.
        let under = driver.players.iter().find_map(|p| {
            let panel = fake.message(p.panel?)?;
            let c = decisions(&panel).into_iter().next()?;
            Some((p.user, panel.id, c))
        });
        if let Some((user, panel, c)) = under {
            let _ = c.send(&fake, user, panel);
        }
        tokio::time::sleep(Duration::from_millis(rng.random_range(0..40))).await;
        bot.kill().expect("SIGKILL");
        bot.wait().expect("reaped");
        kills += 1;
        fake.forgive_unanswered();
        fake.note(format!(
            "The bot process is killed (SIGKILL {kills}) and started again."
        ));
        // A process started again within Discord's login window (one IDENTIFY per 5 s, 250 ms
        // on the fake's faster clock) of the last login is refused once with opcode 9, and
        // serenity then waits 5 s before it logs in again (discord_startup.rs tests that the bot
        // lives through it). The kills here come quicker than a real crash loop, often within
        // that window, and each refusal cost the test 5 s: the restarts wait out the window,
        // except the fifth, which starts at once.
        if kills != 5 {
            fake.wait_for(Duration::from_secs(10), |w| {
                w.gateway
                    .last_identify
                    .is_none_or(|at| at.elapsed() >= w.rate.limits.identify.1)
            })
            .await;
        }
        // Ready means the new process has logged in: until the fake has read the killed one's
        // connection as closed, it still counts as live, and a click sent to it would wait out
        // its whole answer time (10 s) instead of reaching the new process.
        let (_, identified, _) = fake.gateway_stats();
        bot = start_bot(&fake, &db);
        assert!(
            fake.wait_for(Duration::from_secs(60), |w| {
                w.gateway.identifies > identified && w.gateway.all_live()
            })
            .await,
            "the bot did not come back after kill {kills}"
        );
    }
    assert!(kills >= 5, "only {kills} kills before the game ended");
    driver.play().await.unwrap();
    // The bot is another process: the fake cannot see its queued table edits, so wait for a
    // longer quiet spell than in-process tests need.
    fake.settle_for(Duration::from_secs(3), Duration::from_secs(60))
        .await;
    // Read what the killed processes left behind, in this process.
    let data = farmhand::discord::prepare(test_config(db.path()))
        .await
        .expect("open the database");
    let acked = verify::fields_of_green::check_acknowledged(&fake, &data, &table)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(acked > 50, "only {acked} acknowledged actions checked");
    verify::fields_of_green::check_final(&fake, &data, &table)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    bot.kill().ok();
    bot.wait().ok();
}
