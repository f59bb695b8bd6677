//! Undo (issue 41, item 6) through the service and the store, for both games, on SQLite files: a
//! player takes back their own last decision while nobody has acted since and the engine finds
//! it reversible; the log replays to the state before; every refusal (someone acted since, a
//! stale button, another seat's decision, a decision that drew or revealed something) changes
//! nothing; the undo survives a restart.

use farmhand::games::Engine;
use farmhand::games::fields_of_green::Game as Fog;
use farmhand::games::key_harvest::Game as Kh;
use farmhand::host::{Hosted, Kind, Library};
use farmhand::service::{CANNOT_UNDO, NOT_YOURS_TO_UNDO, NOTHING_TO_UNDO, Service, ServiceError};
use farmhand::store::{GameId, Status, Store, StoreError};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

use crate::fixture::{self, TempDb, service_on};

const HOST: u64 = 1_000;
const STRANGER: u64 = 9_999;

fn user(seat: usize) -> u64 {
    HOST + seat as u64
}

/// A started table of `kind` with `players` people (no bots), seat k held by `user(k)`.
async fn started(svc: &Service, kind: Kind, players: u8, seed: u64) -> GameId {
    fixture::started_plain(svc, kind, (7, 8), HOST, players, seed).await
}

/// What a refusal must leave exactly as it was: the version, the snapshot, the action log, the
/// event count and the undo log.
async fn durable(svc: &Service, id: GameId) -> (i64, String, usize, usize, usize) {
    let store = svc.store();
    let t = store.table(id).await.unwrap();
    (
        t.game.version,
        t.game.snapshot.clone().unwrap(),
        store.actions(id).await.unwrap().len(),
        store.recent_events(id, 100_000).await.unwrap().len(),
        store.undos(id).await.unwrap().len(),
    )
}

fn json<G: Engine>(g: &G) -> serde_json::Value {
    serde_json::to_value(g.snapshot()).unwrap()
}

/// Whether the engine lets `seat` take `action` back, tried on a copy of `game`.
fn reversible<G: Engine>(game: &G, seat: usize, action: &G::Action) -> Option<bool> {
    let mut after = game.clone();
    let events = after.apply(seat, action).ok()?;
    if after.is_over() {
        return None;
    }
    Some(game.undoable(&after, seat, action, &events))
}

/// Plays random legal actions through the service until some waiting seat has a legal action
/// whose reversibility is `want`, then plays that one. Returns (seat, the action, the game
/// before it, the version before it, the version after it).
async fn play_until<G: Hosted>(
    svc: &Service,
    id: GameId,
    rng: &mut ChaCha8Rng,
    want: bool,
) -> (usize, G::Action, G, i64, i64) {
    for _ in 0..2_000 {
        let (table, game) = svc.load::<G>(id).await.unwrap();
        let game = game.unwrap();
        assert!(!game.is_over(), "the game ended before a fitting action");
        let mut found = None;
        for seat in game.waiting_for() {
            for action in game.legal_sample(seat, rng) {
                if reversible(&game, seat, &action) == Some(want) {
                    found = Some((seat, action));
                    break;
                }
            }
            if found.is_some() {
                break;
            }
        }
        let (seat, action, chosen) = match found {
            Some((seat, action)) => (seat, action, true),
            None => {
                let (seat, action) = fixture::random_decision(&game, rng);
                (seat, action, false)
            }
        };
        let done = svc
            .act::<G>(id, user(seat), Some(table.game.version), &action)
            .await
            .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
        if chosen {
            return (
                seat,
                action,
                game,
                table.game.version,
                done.table.game.version,
            );
        }
    }
    panic!("no fitting action in 2,000 steps");
}

/// Plays random actions of any seat but `not` until one of them has acted. Returns the version.
async fn another_seat_acts<G: Hosted>(
    svc: &Service,
    id: GameId,
    rng: &mut ChaCha8Rng,
    not: usize,
) -> i64 {
    for _ in 0..2_000 {
        let (table, game) = svc.load::<G>(id).await.unwrap();
        let game = game.unwrap();
        let waiting = game.waiting_for();
        let seat = waiting
            .iter()
            .copied()
            .find(|s| *s != not)
            .unwrap_or(waiting[0]);
        let action = game.legal_sample(seat, rng).choose(rng).unwrap().clone();
        let done = svc
            .act::<G>(id, user(seat), Some(table.game.version), &action)
            .await
            .unwrap();
        if seat != not {
            return done.table.game.version;
        }
    }
    panic!("no other seat acted");
}

// ---- the undo itself ----

async fn takes_back_the_own_last_decision<G: Hosted>(kind: Kind, players: u8) {
    let db = TempDb::new("undo", "own");
    let svc = service_on(&db).await;
    takes_back_on::<G>(&svc, kind, players).await;
}

/// The undo of a seat's own last decision, on the database `svc` uses.
async fn takes_back_on<G: Hosted>(svc: &Service, kind: Kind, players: u8) {
    let id = started(svc, kind, players, 41).await;
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let (seat, action, before, v_before, v_after) = play_until::<G>(svc, id, &mut rng, true).await;
    let actions_before = svc.store().actions(id).await.unwrap().len();
    let table = svc.store().table(id).await.unwrap();
    assert_eq!(table.game.undoable_by, Some(seat), "the screen offers Undo");
    assert!(table.game.may_undo(seat));
    assert!(!table.game.may_undo((seat + 1) % usize::from(players)));

    let done = svc.undo::<G>(id, user(seat), v_after).await.unwrap();
    assert_eq!(done.seat, seat);
    assert!(done.events.is_empty());
    // A new, higher version: every button drawn before is stale.
    assert_eq!(done.table.game.version, v_after + 1);
    assert!(done.table.game.version > v_before);
    // The replayed state is the state before the decision.
    assert_eq!(json(&done.game), json(&before));
    let (_, stored) = svc.load::<G>(id).await.unwrap();
    assert_eq!(
        json(&stored.unwrap()),
        json(&before),
        "stored as the state before"
    );
    // The action left the log (which still replays), its events left the public log, and the
    // undo is logged.
    let log = svc.store().actions(id).await.unwrap();
    assert_eq!(log.len(), actions_before - 1);
    assert!(log.iter().all(|(v, _, _)| *v < v_after));
    let events = svc.store().recent_events(id, 100_000).await.unwrap();
    assert!(events.iter().all(|(v, _)| *v != v_after));
    let undos = svc.store().undos(id).await.unwrap();
    assert_eq!(undos.len(), 1);
    assert_eq!(undos[0].0, v_after + 1);
    assert_eq!(undos[0].1, seat);
    assert_eq!(undos[0].2, v_after);
    assert_eq!(undos[0].3, serde_json::to_string(&action).unwrap());
    // One undo, not a rewind: the decision before is not offered.
    assert_eq!(done.table.game.undoable_by, None);
    // The game goes on: the same decision may be made again.
    let again = svc
        .act::<G>(id, user(seat), Some(done.table.game.version), &action)
        .await
        .unwrap();
    assert_eq!(again.table.game.version, v_after + 2);
}

each_game!(
    takes_back_the_own_last_decision,
    fields_of_green_takes_back_the_own_last_decision(3),
    key_harvest_takes_back_the_own_last_decision(3)
);

/// The same undo on PostgreSQL (the new column, the new table, the subquery that reads the mark
/// with the row), for both games; skipped without a test server (see `.ci/postgres`).
#[tokio::test]
async fn both_games_take_back_a_decision_on_postgres() {
    let Some(url) = crate::postgres::fresh_database("undo").await else {
        return;
    };
    let store = Store::connect(&url).await.expect("connect to PostgreSQL");
    assert_eq!(store.backend(), farmhand::store::Backend::Postgres);
    let svc = Service::new(store, Library::default());
    takes_back_on::<Fog>(&svc, Kind::FieldsOfGreen, 3).await;
    takes_back_on::<Kh>(&svc, Kind::KeyHarvest, 2).await;
}

// ---- refusals, each writing nothing ----

/// A table on its own database, played until a decision that may (`want`) or may not be taken
/// back was made: what the refusal tests start from.
struct Decided {
    _db: TempDb,
    svc: Arc<Service>,
    id: GameId,
    /// The random stream the decisions were drawn from, for the ones that follow.
    rng: ChaCha8Rng,
    /// Who made the decision, and the version after it (the version its Undo button carries).
    seat: usize,
    v_after: i64,
}

impl Decided {
    /// `G`'s undo asked for by `user` from a view at `version`, expected to be refused: why.
    async fn refused<G: Hosted>(&self, user: u64, version: i64) -> ServiceError {
        match self.svc.undo::<G>(self.id, user, version).await {
            Ok(_) => panic!("user {user}'s undo at v{version} was taken"),
            Err(e) => e,
        }
    }

    /// What a refusal must leave as it was ([`durable`]).
    async fn durable(&self) -> (i64, String, usize, usize, usize) {
        durable(&self.svc, self.id).await
    }

    /// Asserts that the refusals since `kept` ([`Decided::durable`]) wrote nothing.
    async fn assert_unchanged(&self, kept: &(i64, String, usize, usize, usize)) {
        assert_eq!(&self.durable().await, kept, "a refusal writes nothing");
    }
}

/// A [`Decided`] table of `kind` for `players` dealt with `seed` on database `tag`, decisions
/// drawn with `rng_seed` ([`play_until`]).
async fn decided<G: Hosted>(
    tag: &str,
    kind: Kind,
    (players, seed): (u8, u64),
    rng_seed: u64,
    want: bool,
) -> Decided {
    let db = TempDb::new("undo", tag);
    let svc = service_on(&db).await;
    let id = started(&svc, kind, players, seed).await;
    let mut rng = ChaCha8Rng::seed_from_u64(rng_seed);
    let (seat, _, _, _, v_after) = play_until::<G>(&svc, id, &mut rng, want).await;
    Decided {
        _db: db,
        svc,
        id,
        rng,
        seat,
        v_after,
    }
}

async fn refused_after_another_seat_acted<G: Hosted>(kind: Kind) {
    let mut d = decided::<G>("other", kind, (3, 7), 3, true).await;
    another_seat_acts::<G>(&d.svc, d.id, &mut d.rng, d.seat).await;
    let kept = d.durable().await;
    // The Undo button drawn right after the decision is stale now.
    let e = d.refused::<G>(user(d.seat), d.v_after).await;
    assert!(matches!(e, ServiceError::Stale), "{e}");
    // Even with a fresh view: the last decision is someone else's.
    let now = kept.0;
    let e = d.refused::<G>(user(d.seat), now).await;
    assert!(
        matches!(e, ServiceError::WrongStatus(NOT_YOURS_TO_UNDO)),
        "{e}"
    );
    d.assert_unchanged(&kept).await;
}

each_game!(
    refused_after_another_seat_acted,
    fields_of_green_refuses_an_undo_after_another_seat_acted(),
    key_harvest_refuses_an_undo_after_another_seat_acted()
);

async fn refused_when_it_revealed_something<G: Hosted>(kind: Kind) {
    let d = decided::<G>("final", kind, (3, 11), 5, false).await;
    let table = d.svc.store().table(d.id).await.unwrap();
    assert_eq!(
        table.game.undoable_by, None,
        "no Undo button for a final decision"
    );
    let kept = d.durable().await;
    let e = d.refused::<G>(user(d.seat), d.v_after).await;
    assert!(matches!(e, ServiceError::WrongStatus(CANNOT_UNDO)), "{e}");
    d.assert_unchanged(&kept).await;
}

each_game!(
    refused_when_it_revealed_something,
    fields_of_green_refuses_to_take_back_a_draw_or_reveal(),
    key_harvest_refuses_to_take_back_a_draw_or_reveal()
);

#[tokio::test]
async fn another_players_decision_is_refused() {
    let d = decided::<Fog>("theirs", Kind::FieldsOfGreen, (3, 13), 8, true).await;
    let kept = d.durable().await;
    let other = (d.seat + 1) % 3;
    let e = d.refused::<Fog>(user(other), d.v_after).await;
    assert!(
        matches!(e, ServiceError::WrongStatus(NOT_YOURS_TO_UNDO)),
        "{e}"
    );
    let e = d.refused::<Fog>(STRANGER, d.v_after).await;
    assert!(matches!(e, ServiceError::NotSeated), "{e}");
    // A Key Harvest button cannot take back a Fields of Green decision.
    let e = d.refused::<Kh>(user(d.seat), d.v_after).await;
    assert!(matches!(e, ServiceError::WrongGame), "{e}");
    // The store itself refuses another seat's action, or one not at the version.
    let snap = kept.1.clone();
    let e = d
        .svc
        .store()
        .undo_action(d.id, d.v_after, other, &snap)
        .await
        .unwrap_err();
    assert!(matches!(e, StoreError::Conflict), "{e}");
    let e = d
        .svc
        .store()
        .undo_action(d.id, d.v_after - 1, d.seat, &snap)
        .await
        .unwrap_err();
    assert!(matches!(e, StoreError::Conflict), "{e}");
    d.assert_unchanged(&kept).await;
}

#[tokio::test]
async fn a_stale_undo_button_is_refused() {
    let d = decided::<Kh>("stale", Kind::KeyHarvest, (2, 17), 9, true).await;
    let done = d
        .svc
        .undo::<Kh>(d.id, user(d.seat), d.v_after)
        .await
        .unwrap();
    let kept = d.durable().await;
    // The same button again (a double click): stale, nothing more is taken back.
    let e = d.refused::<Kh>(user(d.seat), d.v_after).await;
    assert!(matches!(e, ServiceError::Stale), "{e}");
    // A fresh view after the undo has nothing to take back: one decision, not a rewind.
    let e = d.refused::<Kh>(user(d.seat), done.table.game.version).await;
    assert!(
        matches!(e, ServiceError::WrongStatus(NOTHING_TO_UNDO)),
        "{e}"
    );
    d.assert_unchanged(&kept).await;
}

#[tokio::test]
async fn an_undo_survives_a_restart() {
    let db = TempDb::new("undo", "restart");
    let (id, seat, before, v_after) = {
        let svc = service_on(&db).await;
        let id = started(&svc, Kind::FieldsOfGreen, 4, 23).await;
        let mut rng = ChaCha8Rng::seed_from_u64(10);
        let (seat, _, before, _, v_after) = play_until::<Fog>(&svc, id, &mut rng, true).await;
        (id, seat, before, v_after)
    };
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    // The Undo is offered after a restart (it is read from the database, not memory) and works.
    let (id, v_undo) = {
        let svc = service_on(&db).await;
        let table = svc.store().table(id).await.unwrap();
        assert!(table.game.may_undo(seat));
        let done = svc.undo::<Fog>(id, user(seat), v_after).await.unwrap();
        (id, done.table.game.version)
    };
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    // And after another restart the game is the state before the decision, with the undo logged.
    let svc = service_on(&db).await;
    let (table, game) = svc.load::<Fog>(id).await.unwrap();
    assert_eq!(table.game.version, v_undo);
    assert_eq!(table.game.status, Status::Active);
    assert_eq!(json(&game.unwrap()), json(&before));
    assert_eq!(svc.store().undos(id).await.unwrap().len(), 1);
    // The game goes on from there.
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    assert!(another_seat_acts::<Fog>(&svc, id, &mut rng, usize::MAX).await > v_undo);
}

// ---- end to end, through the fake Discord ----

mod e2e_undo {
    use super::Fog;
    use crate::e2e::Which;
    use farmhand::fake_discord::player::{Choice, TableRef, decisions};
    use farmhand::fake_discord::view::MessageView;
    use farmhand::fake_discord::{FakeDiscord, Reply};
    use farmhand::games::fields_of_green::Phase;

    /// Opens `user`'s private screen with "My hand". The table message may be redrawn between
    /// reading its button and clicking it (its ids carry the version): then the button is read
    /// again, as a person's client shows the new one.
    async fn screen(fake: &FakeDiscord, table: &TableRef, user: u64) -> MessageView {
        for _ in 0..20 {
            let t = fake.message(table.message).unwrap();
            let id = t.button("My hand").unwrap().custom_id().to_string();
            let ix = match fake.click(user, table.message, &id) {
                Ok(ix) => ix,
                Err(farmhand::fake_discord::FakeError::NoComponent(_)) => {
                    fake.settle().await;
                    continue;
                }
                Err(e) => panic!("cannot click My hand: {e}"),
            };
            let r = fake.reply(&ix).await.unwrap();
            assert!(r.ephemeral());
            return fake.message(r.message.unwrap()).unwrap();
        }
        panic!("the table message kept changing under the click");
    }

    /// The text a reply shows.
    fn said(fake: &FakeDiscord, r: &Reply) -> String {
        match r.message.and_then(|m| fake.message(m)) {
            Some(m) => m.text(),
            None => r.content().to_string(),
        }
    }

    fn undo_id(m: &MessageView) -> Option<String> {
        m.button("Undo").map(|b| b.custom_id().to_string())
    }

    /// Selects the first card of `user`'s hand on `panel`; returns the panel as redrawn.
    async fn select(fake: &FakeDiscord, user: u64, panel: &MessageView) -> MessageView {
        let pick = decisions(panel)
            .into_iter()
            .find(|c| match c {
                Choice::Button { custom_id, .. } => custom_id.contains(":act:sel:"),
                Choice::Option { value, .. } => value.starts_with("sel:"),
            })
            .expect("a card to select");
        let r = fake
            .reply(&pick.send(fake, user, panel.id).unwrap())
            .await
            .unwrap();
        assert!(said(fake, &r).starts_with("Done."), "{}", said(fake, &r));
        fake.message(panel.id).unwrap()
    }

    /// Three players through the real bot: a draw offers no Undo; a face-down card does, to
    /// its player only; a forged Undo from another seat is refused; the Undo puts the game back,
    /// says so in the thread and redraws the screen; an Undo button left on a screen after
    /// another seat acted is refused privately and changes nothing.
    #[tokio::test]
    async fn a_player_takes_back_a_face_down_card_by_button() {
        let g = Which::FieldsOfGreen.new_game("undo", 3, "", &[], 21).await;
        let fake = g.fake.clone();
        let table = g.table.clone();
        let id = table.game;
        let service = g.bot().data.service.clone();
        let (alice, bob) = (g.users[0], g.users[1]);
        // Year 1's draws, each final.
        loop {
            let (_, game) = service.load::<Fog>(id).await.unwrap();
            let game = game.unwrap();
            if matches!(game.phase(), Phase::Action { .. }) {
                break;
            }
            let user = g.users[game.waiting_for()[0]];
            let panel = screen(&fake, &table, user).await;
            let draw = decisions(&panel)
                .into_iter()
                .find(|c| c.label().starts_with("Draw "))
                .expect("a Draw button");
            fake.reply(&draw.send(&fake, user, panel.id).unwrap())
                .await
                .unwrap();
            let after = fake.message(panel.id).unwrap();
            assert!(undo_id(&after).is_none(), "a draw cannot be taken back");
        }

        let panel = screen(&fake, &table, alice).await;
        assert!(undo_id(&panel).is_none());
        let mine = select(&fake, alice, &panel).await;
        let v_selected = g.version().await;
        let undo = undo_id(&mine).expect("Undo after a face-down card");
        let bobs = screen(&fake, &table, bob).await;
        assert!(
            undo_id(&bobs).is_none(),
            "Undo only for the seat that decided"
        );
        // A forged Undo from Bob's screen for Alice's decision (a modified client): the bot
        // takes no button that is not on the clicked message (the service would refuse it as
        // another player's decision, see `another_players_decision_is_refused`).
        let forged = format!("f:{id}:{v_selected}:undo");
        let ix = fake.click_unchecked(bob, bobs.id, &forged, None).unwrap();
        let r = fake.reply(&ix).await.unwrap();
        assert!(r.ephemeral());
        assert!(
            said(&fake, &r).contains("not on this message"),
            "{}",
            said(&fake, &r)
        );
        assert_eq!(g.version().await, v_selected, "nothing changed");

        // Alice takes her card back.
        let r = fake.click_reply(alice, mine.id, &undo).await.unwrap();
        assert!(
            said(&fake, &r).contains("You took back your last decision"),
            "{}",
            said(&fake, &r)
        );
        assert_eq!(g.version().await, v_selected + 1);
        let (_, game) = service.load::<Fog>(id).await.unwrap();
        assert!(game.unwrap().player_view(0).selected.is_none());
        let mine = fake.message(mine.id).unwrap();
        assert!(undo_id(&mine).is_none(), "one undo, not a rewind");
        assert!(fake.settle().await);
        let told = fake
            .channel(table.play_channel())
            .iter()
            .any(|m| m.text().contains("alice took back their last decision"));
        assert!(told, "the thread says so");

        // She chooses again; then Bob chooses: her Undo is too late.
        let mine = select(&fake, alice, &mine).await;
        let undo = undo_id(&mine).expect("Undo again after the new choice");
        let bobs = screen(&fake, &table, bob).await;
        select(&fake, bob, &bobs).await;
        let v = g.version().await;
        let r = fake.click_reply(alice, mine.id, &undo).await.unwrap();
        assert!(r.ephemeral() || r.kind == 7);
        assert!(
            said(&fake, &r).contains("Too late to undo"),
            "{}",
            said(&fake, &r)
        );
        assert_eq!(g.version().await, v, "a stale Undo changes nothing");
        assert!(fake.settle().await);
        fake.assert_clean();
        g.stop().await;
    }
}
