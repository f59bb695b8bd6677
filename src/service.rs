//! The one place game state changes: lock the game, load it, check who is acting and whether
//! their view is current, apply the action with the engine, save the new snapshot, the action and
//! its events in one transaction, and only then report success. Discord code calls this and
//! renders what it returns; it never writes game state itself.
//!
//! The service knows no game's rules: it works through [`Engine`] and [`Hosted`], so the same
//! code stores, locks and replays Fields of Green and Key Harvest tables side by side.

use crate::games::{Engine, TableSetup};
use crate::host::{AnyGame, Hosted, Kind, Library};
use crate::store::{
    GameId, GameRecord, SeatRecord, SeatRow, Status, Store, StoreError, Table, TableOptions,
    is_bot_user,
};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Why a request was refused. Each reads as a sentence for the player.
/// Why a request came at the wrong moment (`ServiceError::WrongStatus`); the Discord layer
/// words each in the reader's language.
pub const NO_LONGER_JOINING: &str = "this table is no longer taking players";
pub const STARTED_ASK_HOST: &str = "the game has started; ask the host to abandon it";
pub const ALREADY_STARTED: &str = "this game has already started or closed";
pub const ALREADY_CLOSED: &str = "this table is already closed";
pub const NOTHING_TO_DO: &str = "the plan has nothing to do";
pub const NOT_STARTED: &str = "the game has not started yet";
pub const GAME_OVER: &str = "this game is over";
pub const NOT_OVER: &str = "this game is not over yet";
pub const NOT_A_REMATCH: &str = "this table is not a rematch";
pub const WAITING_CONFIRM: &str = "every seat must confirm the rematch first";
/// Undo (issue 41): the seat's decision is not the game's last one (someone acted since, or it
/// was already taken back), it is another seat's, or the engine found it final.
pub const NOTHING_TO_UNDO: &str = "there is no decision of yours to take back now";
pub const NOT_YOURS_TO_UNDO: &str =
    "the last decision is another player's; only they can take it back";
pub const CANNOT_UNDO: &str = "that decision revealed or drew something and cannot be taken back";
pub const NOT_PARKED: &str = "that game is not paused";

#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error("that game does not exist (any more)")]
    NotFound,
    #[error("you are not seated in this game")]
    NotSeated,
    #[error("this view is out of date: the game has moved on")]
    Stale,
    /// The game's rules refused the action (the engine's own error, as a sentence).
    #[error("{0}")]
    Rules(Box<dyn std::error::Error + Send + Sync>),
    #[error("that button belongs to another game")]
    WrongGame,
    #[error("only the host or a server manager can do that")]
    NotHost,
    #[error("this table is full")]
    Full,
    #[error("you are already seated at this table")]
    AlreadySeated,
    #[error("the host cannot leave; cancel the table instead")]
    HostCannotLeave,
    #[error("{0}")]
    WrongStatus(&'static str),
    #[error("{0} needs at least {1} players to start")]
    TooFewPlayers(&'static str, usize),
    #[error("the game could not be set up: {0}")]
    Setup(String),
    #[error("introductory mode is for 2 to 4 players")]
    IntroSeats,
    #[error("a table has a pace or a stand-in delay, not both")]
    PaceAndStandIn,
    #[error("{bots} bots and the host need {} seats, but the table has {seats}", bots + 1)]
    TooManyBots { bots: usize, seats: u8 },
    /// A click or command from a player whose seat changed hands (issue 41).
    #[error("your seat in this game is no longer yours")]
    SeatHandedOn {
        /// They left it themselves (a bot took it); else the host gave it to `to`.
        left: bool,
        to: String,
    },
    #[error("that member already has a seat at this table")]
    MemberSeated,
    #[error("a seat can only be given to a person, not to a bot account")]
    SeatToBot,
    #[error("this table has no seat {0}")]
    NoSuchSeat(usize),
    /// The game is parked (issue 42): Discord said its channel is gone or closed to the bot.
    #[error("game #{table} is paused until it is resumed in another channel")]
    Parked {
        table: GameId,
        /// The game's slash command group, for the way back (`/fog resume`).
        command: &'static str,
    },
    /// `abandon` or `resume` of a table that lives in another server (issue 42).
    #[error("that table is not in this server")]
    OtherServer,
    #[error("internal error: {0}")]
    Internal(String),
    /// The change was committed, but reading the table back failed: the player must not be told
    /// that nothing changed (they would try again), nor be shown a view from before the change.
    #[error("saved, but the table could not be read back: {0}")]
    Saved(String),
}

impl ServiceError {
    /// The engine's refusal, when it is one of type `E`.
    pub fn rule<E: std::error::Error + 'static>(&self) -> Option<&E> {
        match self {
            ServiceError::Rules(e) => e.downcast_ref::<E>(),
            _ => None,
        }
    }
}

impl From<StoreError> for ServiceError {
    fn from(e: StoreError) -> ServiceError {
        match e {
            StoreError::NotFound => ServiceError::NotFound,
            // Someone else wrote first (another process, or a lost race): the player's view is
            // behind and nothing of theirs was saved.
            StoreError::Conflict => ServiceError::Stale,
            other => ServiceError::Internal(other.to_string()),
        }
    }
}

/// The result of an accepted action, after it is in the database.
#[derive(Debug)]
pub struct Acted<G: Engine> {
    pub table: Table,
    pub game: G,
    pub seat: usize,
    pub events: Vec<G::Event>,
    /// Seats the game was waiting for before the action.
    pub waiting_before: Vec<usize>,
    /// Where the game stood before the action (to tell when a turn or a year ended).
    pub stage_before: G::Stage,
}

/// Locks handed out by key, created on first use.
type LockMap<K> = Mutex<HashMap<K, Arc<tokio::sync::Mutex<()>>>>;

/// Game logic plus storage, shared by every handler.
#[derive(Debug)]
pub struct Service {
    store: Store,
    library: Library,
    /// One lock per game: actions on a game are applied one at a time, in arrival order
    /// (ruling 9: the action submitted first is applied first). Different games never wait on
    /// each other.
    locks: LockMap<GameId>,
    /// One lock per player's DM panel of a game, so its edits go out one at a time (and a slow
    /// table edit never holds up a player's own panel).
    panel_locks: LockMap<(GameId, u64)>,
    /// What `/metrics` shows of this bot.
    metrics: crate::metrics::Metrics,
}

impl Service {
    pub fn new(store: Store, library: Library) -> Service {
        Service {
            store,
            library,
            locks: Mutex::new(HashMap::new()),
            panel_locks: Mutex::new(HashMap::new()),
            metrics: crate::metrics::Metrics::new(),
        }
    }

    /// This bot's counters (`/metrics`).
    pub fn metrics(&self) -> &crate::metrics::Metrics {
        &self.metrics
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The components new games are played with.
    pub fn library(&self) -> &Library {
        &self.library
    }

    async fn lock(&self, id: GameId) -> tokio::sync::OwnedMutexGuard<()> {
        Service::lock_in(&self.locks, id).await
    }

    /// Held while redrawing one player's DM panel of a game (see `discord::draw::update_dm_panel`).
    pub async fn panel_lock(&self, id: GameId, user: u64) -> tokio::sync::OwnedMutexGuard<()> {
        Service::lock_in(&self.panel_locks, (id, user)).await
    }

    async fn lock_in<K: std::hash::Hash + Eq>(
        map: &LockMap<K>,
        id: K,
    ) -> tokio::sync::OwnedMutexGuard<()> {
        let m = {
            let mut locks = map.lock().expect("lock map poisoned");
            locks
                .entry(id)
                .or_insert_with(|| Arc::new(tokio::sync::Mutex::new(())))
                .clone()
        };
        m.lock_owned().await
    }

    /// Reads a table back right after a commit of a change to it. The change is stored by then,
    /// so a failure here is [`ServiceError::Saved`], never an error that reads as "nothing was
    /// changed".
    async fn reread(&self, id: GameId) -> Result<Table, ServiceError> {
        self.store
            .table(id)
            .await
            .map_err(|e| ServiceError::Saved(e.to_string()))
    }

    /// Loads a table of game `G` and, once started, its game. A table of another game is
    /// refused ([`ServiceError::WrongGame`]): a button or command of one game never acts on a
    /// table of the other.
    pub async fn load<G: Hosted>(&self, id: GameId) -> Result<(Table, Option<G>), ServiceError> {
        let table = self.store.table(id).await?;
        let game = self.game_of::<G>(&table)?;
        Ok((table, game))
    }

    /// Loads a table of any game and, once started, its game.
    pub async fn load_any(&self, id: GameId) -> Result<(Table, Option<AnyGame>), ServiceError> {
        let table = self.store.table(id).await?;
        let game = crate::on_kind!(kind_of(&table)?, G => self.game_of::<G>(&table)?.map(Hosted::into_any));
        Ok((table, game))
    }

    fn game_of<G: Hosted>(&self, table: &Table) -> Result<Option<G>, ServiceError> {
        if kind_of(table)? != G::GAME {
            return Err(ServiceError::WrongGame);
        }
        match &table.game.snapshot {
            None => Ok(None),
            Some(json) => {
                let snap: G::Snapshot = serde_json::from_str(json)
                    .map_err(|e| ServiceError::Internal(format!("snapshot: {e}")))?;
                G::restore(G::rules(&self.library), snap)
                    .map(Some)
                    .map_err(ServiceError::Internal)
            }
        }
    }

    /// Opens a table of game `kind` with the host seated.
    pub async fn open_table(
        &self,
        kind: Kind,
        guild_id: Option<u64>,
        channel_id: u64,
        host: (u64, &str),
        options: TableOptions,
        seed: u64,
    ) -> Result<Table, ServiceError> {
        let players = kind.players();
        if !players.contains(&usize::from(options.seats)) {
            return Err(ServiceError::Setup(format!(
                "a {} table has {} to {} seats",
                kind.name(),
                players.start(),
                players.end()
            )));
        }
        match kind.intro_seats() {
            _ if !options.intro => {}
            None => {
                return Err(ServiceError::Setup(format!(
                    "{} has no introductory mode",
                    kind.name()
                )));
            }
            Some(most) if usize::from(options.seats) > most => {
                return Err(ServiceError::IntroSeats);
            }
            Some(_) => {}
        }
        // Both say when the stand-in plays: one rule a table, so the lobby can say which.
        if !options.pace.is_live() && options.stand_in_minutes > 0 {
            return Err(ServiceError::PaceAndStandIn);
        }
        // Bots sit in seats 1, 2, ... beside the host, so the host plus the bots must fit.
        if options.bots.len() + 1 > usize::from(options.seats) {
            return Err(ServiceError::TooManyBots {
                bots: options.bots.len(),
                seats: options.seats,
            });
        }
        for (k, b) in options.bots.iter().enumerate() {
            if b.user_id != k as u64 + 1 {
                return Err(ServiceError::Setup(
                    "bot seats are numbered 1, 2, ...".into(),
                ));
            }
            kind.valid_bot(&b.bot).map_err(ServiceError::Setup)?;
        }
        let id = self
            .store
            .create_table(
                kind.as_str(),
                guild_id,
                channel_id,
                host.0,
                host.1,
                &options,
                seed,
            )
            .await?;
        self.reread(id).await
    }

    /// Seats a player at an open table.
    pub async fn join(&self, id: GameId, user: u64, name: &str) -> Result<Table, ServiceError> {
        let _g = self.lock(id).await;
        let table = self.store.table(id).await?;
        require_status(&table, Status::Open, NO_LONGER_JOINING)?;
        if table.seat_of(user).is_some() {
            return Err(ServiceError::AlreadySeated);
        }
        if table.seats.len() >= table.game.options.seats as usize {
            return Err(ServiceError::Full);
        }
        let mut seats = table.seats.clone();
        seats.push(SeatRow {
            seat: seats.len(),
            user_id: user,
            name: name.to_string(),
        });
        self.store.set_seats(id, table.game.version, &seats).await?;
        self.reread(id).await
    }

    /// A rematch of the finished table `old`, asked by `user` (seated there): the open rematch
    /// lobby if there is one already (the user's seat confirmed in it), else a new lobby with the
    /// same game, seats and options, a new `seed`, the user and the bots confirmed. `true` with
    /// a lobby just opened (its message is still to post).
    pub async fn rematch(
        &self,
        old: GameId,
        user: u64,
        seed: u64,
    ) -> Result<(Table, bool), ServiceError> {
        // Under the finished table's lock: two players clicking Rematch at once open one lobby.
        let _g = self.lock(old).await;
        let table = self.store.table(old).await?;
        require_status(&table, Status::Ended, NOT_OVER)?;
        if table.seat_of(user).is_none() {
            return Err(ServiceError::NotSeated);
        }
        for id in self.store.live_tables_in(table.game.channel_id).await? {
            let t = self.store.table(id).await?;
            if t.game.options.rematch.as_ref().is_none_or(|r| r.of != old) {
                continue;
            }
            if t.game.status != Status::Open {
                return Err(ServiceError::WrongStatus(ALREADY_STARTED));
            }
            return Ok((self.confirm(id, user).await?, false));
        }
        let mut options = table.game.options.clone();
        // Exactly the seats that played: the lobby is full, Join has nothing to offer.
        options.seats = table.seats.len() as u8;
        let mut confirmed: Vec<u64> = options.bots.iter().map(|b| b.user_id).collect();
        confirmed.push(user);
        options.rematch = Some(crate::store::Rematch { of: old, confirmed });
        let id = self
            .store
            .create_table_seated(
                &table.game.kind,
                table.game.guild_id,
                table.game.channel_id,
                table.game.host_id,
                &table.seats,
                &options,
                seed,
            )
            .await?;
        Ok((self.reread(id).await?, true))
    }

    /// A seated player confirms their seat in a rematch lobby (again is fine).
    pub async fn confirm(&self, id: GameId, user: u64) -> Result<Table, ServiceError> {
        let _g = self.lock(id).await;
        let table = self.store.table(id).await?;
        require_status(&table, Status::Open, ALREADY_STARTED)?;
        let Some(rematch) = &table.game.options.rematch else {
            return Err(ServiceError::WrongStatus(NOT_A_REMATCH));
        };
        if table.seat_of(user).is_none() {
            return Err(ServiceError::NotSeated);
        }
        if rematch.confirmed.contains(&user) {
            return Ok(table);
        }
        let mut options = table.game.options.clone();
        if let Some(r) = options.rematch.as_mut() {
            r.confirmed.push(user);
        }
        self.store
            .set_options(id, table.game.version, &options)
            .await?;
        self.reread(id).await
    }

    /// Takes a player off an open table (not the host).
    pub async fn leave(&self, id: GameId, user: u64) -> Result<Table, ServiceError> {
        let _g = self.lock(id).await;
        let table = self.store.table(id).await?;
        require_status(&table, Status::Open, STARTED_ASK_HOST)?;
        if table.seat_of(user).is_none() {
            return Err(ServiceError::NotSeated);
        }
        if user == table.game.host_id {
            return Err(ServiceError::HostCannotLeave);
        }
        let mut version = table.game.version;
        if table.game.options.rematch.is_some() {
            // Someone declined the rematch: the lobby goes on as an ordinary one (the seat is
            // free to join, the host starts), so those who want to play still can.
            let mut options = table.game.options.clone();
            options.rematch = None;
            version = self.store.set_options(id, version, &options).await?;
        }
        let seats: Vec<SeatRow> = table
            .seats
            .iter()
            .filter(|s| s.user_id != user)
            .enumerate()
            .map(|(k, s)| SeatRow {
                seat: k,
                user_id: s.user_id,
                name: s.name.clone(),
            })
            .collect();
        self.store.set_seats(id, version, &seats).await?;
        self.reread(id).await
    }

    /// `user` leaves a game in progress (issue 41): a bot of the table's strength (`bot`, a
    /// `BotSpec` text) takes their seat under their name marked "(bot)", and the game goes on
    /// and is recorded with the seat flagged. Returns the table as it is now and the seat.
    pub async fn leave_game(
        &self,
        id: GameId,
        user: u64,
        bot: &str,
    ) -> Result<(Table, usize), ServiceError> {
        let _g = self.lock(id).await;
        let table = self.store.table(id).await?;
        require_active(&table)?;
        let seat = table
            .seat_of(user)
            .filter(|_| !is_bot_user(user))
            .ok_or_else(|| not_seated(&table, user))?;
        let bot_user = (1..=crate::store::MAX_BOT_USER)
            .find(|u| {
                !table.seats.iter().any(|s| s.user_id == *u)
                    && !table.game.options.bots.iter().any(|b| b.user_id == *u)
            })
            .ok_or_else(|| ServiceError::Internal("no bot id left for the seat".into()))?;
        let mut options = table.game.options.clone();
        options.bots.push(crate::store::BotSeat {
            user_id: bot_user,
            bot: bot.to_string(),
        });
        let name = table
            .seats
            .iter()
            .find(|s| s.seat == seat)
            .map(|s| s.name.clone())
            .unwrap_or_default();
        self.store
            .change_seat(
                id,
                table.game.version,
                seat,
                bot_user,
                &format!("{name} (bot)"),
                &options,
                crate::store::ChangeKind::Left,
                user,
            )
            .await?;
        Ok((self.reread(id).await?, seat))
    }

    /// The host (or a manager, `is_manager`) gives `seat` of a game in progress to the member
    /// `to` (issue 41), whoever holds it now, a person or a bot. The new player gets the seat's
    /// private screen; the one before is refused from then on. Refused for a bot account
    /// (`to_is_bot`) and for a member who already has a seat here. Returns the table.
    #[allow(clippy::too_many_arguments)]
    pub async fn give_seat(
        &self,
        id: GameId,
        by: u64,
        is_manager: bool,
        seat: usize,
        to: u64,
        to_name: &str,
        to_is_bot: bool,
    ) -> Result<Table, ServiceError> {
        let _g = self.lock(id).await;
        let table = self.store.table(id).await?;
        require_host(&table, by, is_manager)?;
        require_active(&table)?;
        if to_is_bot || is_bot_user(to) {
            return Err(ServiceError::SeatToBot);
        }
        let Some(held) = table.seats.iter().find(|s| s.seat == seat) else {
            return Err(ServiceError::NoSuchSeat(seat + 1));
        };
        if table.seat_of(to).is_some() {
            return Err(ServiceError::MemberSeated);
        }
        let mut options = table.game.options.clone();
        options.bots.retain(|b| b.user_id != held.user_id);
        self.store
            .change_seat(
                id,
                table.game.version,
                seat,
                to,
                to_name,
                &options,
                crate::store::ChangeKind::Given,
                by,
            )
            .await?;
        self.reread(id).await
    }

    /// Starts the game with the players seated (host or a manager only).
    pub async fn start(
        &self,
        id: GameId,
        user: u64,
        is_manager: bool,
    ) -> Result<(Table, AnyGame), ServiceError> {
        let kind = kind_of(&self.store.table(id).await?)?;
        crate::on_kind!(kind, G => self
            .start_as::<G>(id, user, is_manager)
            .await
            .map(|(table, game, _)| (table, game.into_any())))
    }

    /// [`Service::start`] for a table of game `G`, with the events of the set-up.
    pub async fn start_as<G: Hosted>(
        &self,
        id: GameId,
        user: u64,
        is_manager: bool,
    ) -> Result<(Table, G, Vec<G::Event>), ServiceError> {
        let _g = self.lock(id).await;
        let table = self.store.table(id).await?;
        if kind_of(&table)? != G::GAME {
            return Err(ServiceError::WrongGame);
        }
        require_status(&table, Status::Open, ALREADY_STARTED)?;
        require_host(&table, user, is_manager)?;
        if let Some(r) = &table.game.options.rematch
            && r.waiting(&table).next().is_some()
        {
            return Err(ServiceError::WrongStatus(WAITING_CONFIRM));
        }
        let least = *G::PLAYERS.start();
        if table.seats.len() < least {
            return Err(ServiceError::TooFewPlayers(G::NAME, least));
        }
        let setup = TableSetup {
            players: table.seats.len(),
            intro: table.game.options.intro,
            seed: table.game.seed,
        };
        let (game, events) =
            G::start(G::rules(&self.library), &setup).map_err(ServiceError::Setup)?;
        let snapshot = serde_json::to_string(&game.snapshot())
            .map_err(|e| ServiceError::Internal(e.to_string()))?;
        let events_json = events
            .iter()
            .map(|e| serde_json::to_string(e).expect("events serialize"))
            .collect::<Vec<_>>();
        self.store
            .start(
                id,
                table.game.version,
                &table.seats,
                &snapshot,
                &events_json,
            )
            .await?;
        let table = self.reread(id).await?;
        Ok((table, game, events))
    }

    /// Closes an open table or abandons a game (host or a manager only).
    pub async fn close(
        &self,
        id: GameId,
        user: u64,
        is_manager: bool,
    ) -> Result<Table, ServiceError> {
        let _g = self.lock(id).await;
        let table = self.store.table(id).await?;
        require_host(&table, user, is_manager)?;
        if !matches!(table.game.status, Status::Open | Status::Active) {
            return Err(ServiceError::WrongStatus(ALREADY_CLOSED));
        }
        // A started game leaves a record (marked abandoned); a lobby that never started does not.
        let record = match table.game.status {
            Status::Active => {
                Some(self.record_of(&table, Status::Abandoned, self.store.now_ms())?)
            }
            _ => None,
        };
        self.store
            .set_status_recorded(id, table.game.version, Status::Abandoned, record.as_ref())
            .await?;
        self.reread(id).await
    }

    /// Checks that `user` may resume parked game `id` in a channel of server `guild` (issue
    /// 42): the table is in that server, parked, and the user is its host or a manager. The
    /// table as it is, for the caller to post again before [`Service::resume`] stores where.
    pub async fn may_resume(
        &self,
        id: GameId,
        guild: u64,
        user: u64,
        is_manager: bool,
    ) -> Result<Table, ServiceError> {
        let table = self.in_server(id, guild).await?;
        require_host(&table, user, is_manager)?;
        if table.game.status != Status::Active || table.game.parked.is_none() {
            return Err(ServiceError::WrongStatus(NOT_PARKED));
        }
        Ok(table)
    }

    /// Resumes parked game `id` where it was posted again (issue 42; see [`Store::resume`]).
    /// Refused as [`NOT_PARKED`] if it was resumed or abandoned meanwhile.
    pub async fn resume(
        &self,
        id: GameId,
        channel: u64,
        thread: Option<u64>,
        table_message: u64,
    ) -> Result<Table, ServiceError> {
        let _g = self.lock(id).await;
        if !self
            .store
            .resume(id, channel, thread, table_message)
            .await?
        {
            return Err(ServiceError::WrongStatus(NOT_PARKED));
        }
        self.reread(id).await
    }

    /// Table `id`, when it is in server `guild`: a table number typed in another server is
    /// refused as not found there (issue 42), never acted on.
    pub async fn in_server(&self, id: GameId, guild: u64) -> Result<Table, ServiceError> {
        let table = match self.store.table(id).await {
            Err(crate::store::StoreError::NotFound) => return Err(ServiceError::OtherServer),
            other => other?,
        };
        if table.game.guild_id != Some(guild) {
            return Err(ServiceError::OtherServer);
        }
        Ok(table)
    }

    /// The record a finished table leaves (`outcome` Ended or Abandoned, at `ended_at`): names
    /// and bots from the seats, scores and favourites from the game's final state (none for an
    /// abandoned game).
    fn record_of(
        &self,
        table: &Table,
        outcome: Status,
        ended_at: i64,
    ) -> Result<GameRecord, ServiceError> {
        let kind = kind_of(table)?;
        let results =
            match outcome {
                Status::Ended => {
                    let game =
                        crate::on_kind!(kind, G => self.game_of::<G>(table)?.map(Hosted::into_any))
                            .ok_or_else(|| {
                                ServiceError::Internal("an ended game has no snapshot".into())
                            })?;
                    Some(crate::on_game!(&game, g => g.results()).ok_or_else(|| {
                        ServiceError::Internal("an ended game has no scores".into())
                    })?)
                }
                _ => None,
            };
        Ok(record_from(table, kind, outcome, ended_at, results))
    }

    /// Records every started game that finished without a record (those that ended before the
    /// records existed): run at start, before commands are served. Idempotent; a game that
    /// cannot be read is logged and skipped (the others are still recorded). Returns how many
    /// games were recorded.
    pub async fn backfill_records(&self) -> Result<usize, ServiceError> {
        let mut done = 0;
        for id in self.store.unrecorded_games().await? {
            let _g = self.lock(id).await;
            let table = self.store.table(id).await?;
            // The time of the game's last write: when it ended (or was abandoned).
            let record = match self.record_of(&table, table.game.status, table.game.updated_at) {
                Ok(r) => r,
                Err(e) => {
                    tracing::warn!(game = id, error = %e, "cannot record a finished game; skipped");
                    continue;
                }
            };
            self.store.add_record(id, &record).await?;
            done += 1;
        }
        // Games recorded before the ratings existed (migration 0006) are rated once, in the
        // order they ended.
        let rated = self.store.rate_unrated().await?;
        if rated.games > 0 {
            tracing::info!(
                games = rated.games,
                players = rated.players,
                "rated the finished games recorded before the ratings"
            );
        }
        Ok(done)
    }

    /// Table `id` and its game for a move by `user`, who must hold a seat in it while it is
    /// active (the refusals in that order: the game's kind, its state, the seat). Returns the
    /// table, its game (`None` before the start) and `user`'s seat. Called under the game's lock.
    async fn mover<G: Hosted>(
        &self,
        id: GameId,
        user: u64,
    ) -> Result<(Table, Option<G>, usize), ServiceError> {
        let table = self.store.table(id).await?;
        let game = self.game_of::<G>(&table)?;
        require_active(&table)?;
        let seat = table
            .seat_of(user)
            .ok_or_else(|| not_seated(&table, user))?;
        Ok((table, game, seat))
    }

    /// Applies `action` for `user`. `seen` is the game version the user's view was drawn at: if
    /// the game has moved on since, the action is still applied when it is legal now (the same
    /// decision, made on a slightly older picture: others acting in a simultaneous phase must
    /// not break everyone's buttons), and refused as stale otherwise.
    pub async fn act<G: Hosted>(
        &self,
        id: GameId,
        user: u64,
        seen: Option<i64>,
        action: &G::Action,
    ) -> Result<Acted<G>, ServiceError> {
        let _g = self.lock(id).await;
        let (table, game, seat) = self.mover::<G>(id, user).await?;
        let game = game.ok_or(ServiceError::NotFound)?;
        // Legal now means the engine would accept it (tried on a copy): comparing with the list of
        // legal actions would miss choices the list leaves to defaults, such as which towers pay.
        if let Some(seen) = seen
            && seen != table.game.version
            && game.clone().apply(seat, action).is_err()
        {
            return Err(ServiceError::Stale);
        }
        self.apply_and_save(table, game, seat, std::slice::from_ref(action))
            .await
    }

    /// Applies `actions` for `user` as one step, all or nothing: the "Auto harvest" plan the
    /// player confirmed. Unlike [`Service::act`], a view that is not current is always refused
    /// as stale: a plan is the best one only for the state it was made on, so an older plan
    /// that still happens to apply must not be played. The actions are tried in order on a copy;
    /// if the engine refuses any of them, that refusal is returned and nothing is stored.
    /// Otherwise each action is stored as its own row with consecutive versions (the log replays
    /// as if they had been clicked one by one), in one transaction. The returned [`Acted`] has
    /// the events of all the actions, in order, and the waiting seats and phase from before the
    /// first.
    pub async fn act_plan<G: Hosted>(
        &self,
        id: GameId,
        user: u64,
        seen: i64,
        actions: &[G::Action],
    ) -> Result<Acted<G>, ServiceError> {
        let _g = self.lock(id).await;
        let (table, game, seat) = self.mover::<G>(id, user).await?;
        if seen != table.game.version {
            return Err(ServiceError::Stale);
        }
        if actions.is_empty() {
            return Err(ServiceError::WrongStatus(NOTHING_TO_DO));
        }
        let game = game.ok_or(ServiceError::NotFound)?;
        self.apply_and_save(table, game, seat, actions).await
    }

    /// Takes back `user`'s last decision (issue 41). `seen` is the game version the Undo button
    /// was drawn at: it must still be the game's (anything since, even another undo, makes the
    /// button stale). The game's last stored action must be the user's seat's, and the engine
    /// must find it reversible, judged again here on the game replayed from its seed and the
    /// log without that action (which must replay to the stored state). Then, in one
    /// transaction ([`Store::undo_action`]): the replayed state with a new, higher version, the
    /// action and its events out of the logs, the undo logged. A refusal changes nothing. The
    /// returned [`Acted`] has the game as it is now, no events, and the seats and stage from
    /// before the undo.
    pub async fn undo<G: Hosted>(
        &self,
        id: GameId,
        user: u64,
        seen: i64,
    ) -> Result<Acted<G>, ServiceError> {
        let _g = self.lock(id).await;
        let (table, current, seat) = self.mover::<G>(id, user).await?;
        let current = current.ok_or(ServiceError::NotFound)?;
        if seen != table.game.version {
            return Err(ServiceError::Stale);
        }
        let mut log = self.store.actions(id).await?;
        let Some((version, by, json)) = log.pop() else {
            return Err(ServiceError::WrongStatus(NOTHING_TO_UNDO));
        };
        // The last action made the current version: nothing (not even an undo) came after it.
        if version != table.game.version {
            return Err(ServiceError::WrongStatus(NOTHING_TO_UNDO));
        }
        if by != seat {
            return Err(ServiceError::WrongStatus(NOT_YOURS_TO_UNDO));
        }
        // Marked when it was stored (never for a plan of several steps); judged again below on
        // the replayed game.
        if table.game.undoable_by != Some(seat) {
            return Err(ServiceError::WrongStatus(CANNOT_UNDO));
        }
        let setup = TableSetup {
            players: table.seats.len(),
            intro: table.game.options.intro,
            seed: table.game.seed,
        };
        let parse = |json: &str| -> Result<G::Action, ServiceError> {
            serde_json::from_str(json)
                .map_err(|e| ServiceError::Internal(format!("a stored action: {e}")))
        };
        let (mut before, _) =
            G::start(G::rules(&self.library), &setup).map_err(ServiceError::Internal)?;
        for (v, s, json) in &log {
            before.apply(*s, &parse(json)?).map_err(|e| {
                ServiceError::Internal(format!("the log does not replay at version {v}: {e}"))
            })?;
        }
        let action = parse(&json)?;
        let mut after = before.clone();
        let events = after.apply(seat, &action).map_err(|e| {
            ServiceError::Internal(format!("the log does not replay at version {version}: {e}"))
        })?;
        // The replay must reach the stored state exactly, or it is not the state before (a
        // Key Harvest game keeps the board it started with, which a group may since have
        // swapped in the library): then the decision stands.
        let same = serde_json::to_value(after.snapshot()).ok()
            == serde_json::to_value(current.snapshot()).ok();
        if !same {
            tracing::warn!(
                game = id,
                "the action log does not replay to the stored game; no undo"
            );
            return Err(ServiceError::WrongStatus(CANNOT_UNDO));
        }
        if !before.undoable(&after, seat, &action, &events) {
            return Err(ServiceError::WrongStatus(CANNOT_UNDO));
        }
        let snapshot = serde_json::to_string(&before.snapshot())
            .map_err(|e| ServiceError::Internal(e.to_string()))?;
        self.store
            .undo_action(id, table.game.version, seat, &snapshot)
            .await?;
        let table = self.reread(id).await?;
        Ok(Acted {
            table,
            game: before,
            seat,
            events: Vec::new(),
            waiting_before: current.waiting_for(),
            stage_before: current.stage(),
        })
    }

    /// Applies `actions` for `seat` to `game` (the caller's own copy, loaded under the game's
    /// lock) and stores them in one transaction, one row per action. A refusal part-way returns
    /// before anything is saved, and the copy is dropped.
    async fn apply_and_save<G: Hosted>(
        &self,
        table: Table,
        mut game: G,
        seat: usize,
        actions: &[G::Action],
    ) -> Result<Acted<G>, ServiceError> {
        let id = table.game.id;
        let waiting_before = game.waiting_for();
        let stage_before = game.stage();
        let mut events = Vec::new();
        let mut rows = Vec::with_capacity(actions.len());
        // Whether the action may be taken back (issue 41). A confirmed plan is several steps in
        // one click: taking back its last step alone would not take back what the player
        // decided, so a plan is never offered.
        let mut undoable = false;
        for action in actions {
            let before = (actions.len() == 1).then(|| game.clone());
            let new = game
                .apply(seat, action)
                .map_err(|e| ServiceError::Rules(Box::new(e)))?;
            if let Some(before) = before {
                undoable = before.undoable(&game, seat, action, &new);
            }
            let action_json =
                serde_json::to_string(action).map_err(|e| ServiceError::Internal(e.to_string()))?;
            let events_json = new
                .iter()
                .map(|e| serde_json::to_string(e).expect("events serialize"))
                .collect::<Vec<_>>();
            rows.push((action_json, events_json));
            events.extend(new);
        }
        let snapshot = serde_json::to_string(&game.snapshot())
            .map_err(|e| ServiceError::Internal(e.to_string()))?;
        let status = if game.is_over() {
            Status::Ended
        } else {
            Status::Active
        };
        let moved_on = game.waiting_for() != waiting_before;
        // The move that ends the game writes its record in the same transaction.
        let record = match status {
            Status::Ended => Some(record_from(
                &table,
                G::GAME,
                Status::Ended,
                self.store.now_ms(),
                Some(game.results().ok_or_else(|| {
                    ServiceError::Internal("the game is over but has no scores".into())
                })?),
            )),
            _ => None,
        };
        self.store
            .save_actions_recorded(
                id,
                table.game.version,
                seat,
                &rows,
                &snapshot,
                status,
                moved_on,
                record.as_ref(),
                undoable && status == Status::Active,
            )
            .await?;
        // Counted once committed: what a player was told "done" about.
        self.metrics.actions_stored.inc_by(rows.len() as u64);
        let table = self.reread(id).await?;
        Ok(Acted {
            table,
            game,
            seat,
            events,
            waiting_before,
            stage_before,
        })
    }
}

/// A finished table's record; `results` by seat (None for an abandoned game).
fn record_from(
    table: &Table,
    kind: Kind,
    outcome: Status,
    ended_at: i64,
    results: Option<Vec<crate::games::SeatResult>>,
) -> GameRecord {
    let mut seats: Vec<&SeatRow> = table.seats.iter().collect();
    seats.sort_by_key(|s| s.seat);
    GameRecord {
        kind: kind.as_str().to_string(),
        guild_id: table.game.guild_id,
        outcome,
        ended_at,
        seats: seats
            .into_iter()
            .map(|s| {
                let result = results.as_ref().and_then(|r| r.get(s.seat));
                // A bot seat whose bot is missing from the options (never written so) is still
                // a bot: its id cannot be a person's.
                let bot = table
                    .bot_of(s.seat)
                    .map(|(_, b)| b.to_string())
                    .or_else(|| is_bot_user(s.user_id).then(|| "bot".to_string()));
                SeatRecord {
                    seat: s.seat,
                    user_id: s.user_id,
                    name: s.name.clone(),
                    bot,
                    score: result.map(|r| r.score),
                    won: result.is_some_and(|r| r.won),
                    favourites: result.map(|r| r.favourites.clone()).unwrap_or_default(),
                    handed_on: table.handed_on(s.seat),
                }
            })
            .collect(),
    }
}

/// Why `user` may not act at `table`: their seat changed hands (they left, or it was given to
/// someone else), or they never sat there.
pub fn not_seated(table: &Table, user: u64) -> ServiceError {
    match table.changes.iter().rev().find(|c| c.from_user == user) {
        Some(c) if table.seat_of(user).is_none() => ServiceError::SeatHandedOn {
            left: c.kind == crate::store::ChangeKind::Left,
            to: table
                .seats
                .iter()
                .find(|s| s.seat == c.seat)
                .map(|s| s.name.clone())
                .unwrap_or_default(),
        },
        _ => ServiceError::NotSeated,
    }
}

/// The game a table plays, from its `kind` column.
fn kind_of(table: &Table) -> Result<Kind, ServiceError> {
    Kind::parse(&table.game.kind)
        .ok_or_else(|| ServiceError::Internal(format!("unknown game kind {:?}", table.game.kind)))
}

/// Only the table's host, or a manager of its server, may do this.
fn require_host(table: &Table, user: u64, is_manager: bool) -> Result<(), ServiceError> {
    if user != table.game.host_id && !is_manager {
        return Err(ServiceError::NotHost);
    }
    Ok(())
}

/// Refuses with `why` unless the table's status is `status`.
fn require_status(table: &Table, status: Status, why: &'static str) -> Result<(), ServiceError> {
    if table.game.status != status {
        return Err(ServiceError::WrongStatus(why));
    }
    Ok(())
}

/// Moves are only taken in a game in progress.
fn require_active(table: &Table) -> Result<(), ServiceError> {
    match table.game.status {
        // A parked game takes no moves (issue 42): each one would post and redraw where Discord
        // said the game cannot be, and its players could not see the result.
        Status::Active if table.game.parked.is_some() => Err(ServiceError::Parked {
            table: table.game.id,
            command: Kind::of_row(&table.game.kind).command(),
        }),
        Status::Active => Ok(()),
        Status::Open => Err(ServiceError::WrongStatus(NOT_STARTED)),
        _ => Err(ServiceError::WrongStatus(GAME_OVER)),
    }
}
