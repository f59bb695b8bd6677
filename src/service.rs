//! The one place game state changes: lock the game, load it, check who is acting and whether
//! their view is current, apply the action with the engine, save the new snapshot, the action and
//! its events in one transaction, and only then report success. Discord code calls this and
//! renders what it returns; it never writes game state itself.

use crate::games::fields_of_green::{
    Action, ActionError, Deck, Event, Game, GameSnapshot, Options, Phase, Setup,
};
use crate::store::{GameId, SeatRow, Status, Store, StoreError, Table, TableOptions};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Why a request was refused. Each reads as a sentence for the player.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error("that game does not exist (any more)")]
    NotFound,
    #[error("you are not seated in this game")]
    NotSeated,
    #[error("this view is out of date: the game has moved on")]
    Stale,
    #[error("{0}")]
    Rules(#[from] ActionError),
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
    #[error("Fields of Green needs at least 2 players to start")]
    TooFewPlayers,
    #[error("the game could not be set up: {0}")]
    Setup(String),
    #[error("internal error: {0}")]
    Internal(String),
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
pub struct Acted {
    pub table: Table,
    pub game: Game,
    pub seat: usize,
    pub events: Vec<Event>,
    /// Seats the game was waiting for before the action.
    pub waiting_before: Vec<usize>,
    /// The phase before the action (to tell when a turn or a year ended).
    pub phase_before: Phase,
}

/// Locks handed out by key, created on first use.
type LockMap<K> = Mutex<HashMap<K, Arc<tokio::sync::Mutex<()>>>>;

/// Game logic plus storage, shared by every handler.
#[derive(Debug)]
pub struct Service {
    store: Store,
    deck: Arc<Deck>,
    /// One lock per game: actions on a game are applied one at a time, in arrival order
    /// (ruling 9: the action submitted first is applied first). Different games never wait on
    /// each other.
    locks: LockMap<GameId>,
    /// One lock per game for redrawing its public messages, so edits go out one at a time.
    render_locks: LockMap<GameId>,
    /// One lock per player's DM panel of a game, so its edits go out one at a time (and a slow
    /// table edit never holds up a player's own panel).
    panel_locks: LockMap<(GameId, u64)>,
}

impl Service {
    pub fn new(store: Store, deck: Arc<Deck>) -> Service {
        Service {
            store,
            deck,
            locks: Mutex::new(HashMap::new()),
            render_locks: Mutex::new(HashMap::new()),
            panel_locks: Mutex::new(HashMap::new()),
        }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn deck(&self) -> &Arc<Deck> {
        &self.deck
    }

    async fn lock(&self, id: GameId) -> tokio::sync::OwnedMutexGuard<()> {
        Service::lock_in(&self.locks, id).await
    }

    /// Held while redrawing a game's public table message (see `notify::refresh_table`).
    pub async fn render_lock(&self, id: GameId) -> tokio::sync::OwnedMutexGuard<()> {
        Service::lock_in(&self.render_locks, id).await
    }

    /// Held while redrawing one player's DM panel of a game (see `notify::update_dm_panel`).
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

    /// Loads a table and, once started, its game.
    pub async fn load(&self, id: GameId) -> Result<(Table, Option<Game>), ServiceError> {
        let table = self.store.table(id).await?;
        let game = self.game_of(&table)?;
        Ok((table, game))
    }

    fn game_of(&self, table: &Table) -> Result<Option<Game>, ServiceError> {
        match &table.game.snapshot {
            None => Ok(None),
            Some(json) => {
                let snap: GameSnapshot = serde_json::from_str(json)
                    .map_err(|e| ServiceError::Internal(format!("snapshot: {e}")))?;
                Game::from_snapshot(self.deck.clone(), snap)
                    .map(Some)
                    .map_err(|e| ServiceError::Internal(e.to_string()))
            }
        }
    }

    /// Opens a table with the host seated.
    pub async fn open_table(
        &self,
        guild_id: Option<u64>,
        channel_id: u64,
        host: (u64, &str),
        options: TableOptions,
        seed: u64,
    ) -> Result<Table, ServiceError> {
        if !(2..=6).contains(&options.seats) {
            return Err(ServiceError::Setup("a table has 2 to 6 seats".into()));
        }
        if options.intro && options.seats > 4 {
            return Err(ServiceError::Setup(
                "introductory mode is for 2 to 4 players".into(),
            ));
        }
        // Bots sit in seats 1, 2, ... beside the host, so the host plus the bots must fit.
        if options.bots.len() + 1 > usize::from(options.seats) {
            return Err(ServiceError::Setup(format!(
                "{} bots and the host need {} seats, but the table has {}",
                options.bots.len(),
                options.bots.len() + 1,
                options.seats
            )));
        }
        for (k, b) in options.bots.iter().enumerate() {
            if b.user_id != k as u64 + 1 {
                return Err(ServiceError::Setup(
                    "bot seats are numbered 1, 2, ...".into(),
                ));
            }
            crate::games::fields_of_green::bots::BotSpec::parse(&b.bot)
                .map_err(ServiceError::Setup)?;
        }
        let id = self
            .store
            .create_table(guild_id, channel_id, host.0, host.1, &options, seed)
            .await?;
        Ok(self.store.table(id).await?)
    }

    /// Seats a player at an open table.
    pub async fn join(&self, id: GameId, user: u64, name: &str) -> Result<Table, ServiceError> {
        let _g = self.lock(id).await;
        let table = self.store.table(id).await?;
        if table.game.status != Status::Open {
            return Err(ServiceError::WrongStatus(
                "this table is no longer taking players",
            ));
        }
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
        Ok(self.store.table(id).await?)
    }

    /// Takes a player off an open table (not the host).
    pub async fn leave(&self, id: GameId, user: u64) -> Result<Table, ServiceError> {
        let _g = self.lock(id).await;
        let table = self.store.table(id).await?;
        if table.game.status != Status::Open {
            return Err(ServiceError::WrongStatus(
                "the game has started; ask the host to abandon it",
            ));
        }
        if table.seat_of(user).is_none() {
            return Err(ServiceError::NotSeated);
        }
        if user == table.game.host_id {
            return Err(ServiceError::HostCannotLeave);
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
        self.store.set_seats(id, table.game.version, &seats).await?;
        Ok(self.store.table(id).await?)
    }

    /// Starts the game with the players seated (host or a manager only).
    pub async fn start(
        &self,
        id: GameId,
        user: u64,
        is_manager: bool,
    ) -> Result<(Table, Game, Vec<Event>), ServiceError> {
        let _g = self.lock(id).await;
        let table = self.store.table(id).await?;
        if table.game.status != Status::Open {
            return Err(ServiceError::WrongStatus(
                "this game has already started or closed",
            ));
        }
        if user != table.game.host_id && !is_manager {
            return Err(ServiceError::NotHost);
        }
        if table.seats.len() < 2 {
            return Err(ServiceError::TooFewPlayers);
        }
        let o = &table.game.options;
        let options = Options {
            players: table.seats.len() as u8,
            intro: o.intro && table.seats.len() <= 4,
            first_player: 0,
        };
        let (game, events) = Game::start(self.deck.clone(), Setup::new(options, table.game.seed))
            .map_err(|e| ServiceError::Setup(e.to_string()))?;
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
        let table = self.store.table(id).await?;
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
        if user != table.game.host_id && !is_manager {
            return Err(ServiceError::NotHost);
        }
        if !matches!(table.game.status, Status::Open | Status::Active) {
            return Err(ServiceError::WrongStatus("this table is already closed"));
        }
        self.store
            .set_status(id, table.game.version, Status::Abandoned)
            .await?;
        Ok(self.store.table(id).await?)
    }

    /// Applies `action` for `user`. `seen` is the game version the user's view was drawn at: if
    /// the game has moved on since, the action is still applied when it is legal now (the same
    /// decision, made on a slightly older picture: others acting in a simultaneous phase must
    /// not break everyone's buttons), and refused as stale otherwise.
    pub async fn act(
        &self,
        id: GameId,
        user: u64,
        seen: Option<i64>,
        action: &Action,
    ) -> Result<Acted, ServiceError> {
        let _g = self.lock(id).await;
        let table = self.store.table(id).await?;
        require_active(&table)?;
        let seat = table.seat_of(user).ok_or(ServiceError::NotSeated)?;
        let game = self.game_of(&table)?.ok_or(ServiceError::NotFound)?;
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
    pub async fn act_plan(
        &self,
        id: GameId,
        user: u64,
        seen: i64,
        actions: &[Action],
    ) -> Result<Acted, ServiceError> {
        let _g = self.lock(id).await;
        let table = self.store.table(id).await?;
        require_active(&table)?;
        let seat = table.seat_of(user).ok_or(ServiceError::NotSeated)?;
        if seen != table.game.version {
            return Err(ServiceError::Stale);
        }
        if actions.is_empty() {
            return Err(ServiceError::WrongStatus("the plan has nothing to do"));
        }
        let game = self.game_of(&table)?.ok_or(ServiceError::NotFound)?;
        self.apply_and_save(table, game, seat, actions).await
    }

    /// Applies `actions` for `seat` to `game` (the caller's own copy, loaded under the game's
    /// lock) and stores them in one transaction, one row per action. A refusal part-way returns
    /// before anything is saved, and the copy is dropped.
    async fn apply_and_save(
        &self,
        table: Table,
        mut game: Game,
        seat: usize,
        actions: &[Action],
    ) -> Result<Acted, ServiceError> {
        let id = table.game.id;
        let waiting_before = game.waiting_for();
        let phase_before = game.phase().clone();
        let mut events = Vec::new();
        let mut rows = Vec::with_capacity(actions.len());
        for action in actions {
            let new = game.apply(seat, action)?;
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
        self.store
            .save_actions(
                id,
                table.game.version,
                seat,
                &rows,
                &snapshot,
                status,
                moved_on,
            )
            .await?;
        let table = self.store.table(id).await?;
        Ok(Acted {
            table,
            game,
            seat,
            events,
            waiting_before,
            phase_before,
        })
    }
}

/// Moves are only taken in a game in progress.
fn require_active(table: &Table) -> Result<(), ServiceError> {
    match table.game.status {
        Status::Active => Ok(()),
        Status::Open => Err(ServiceError::WrongStatus("the game has not started yet")),
        _ => Err(ServiceError::WrongStatus("this game is over")),
    }
}
