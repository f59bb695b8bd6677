//! Configuration: a TOML file (every key documented in `config.example.toml`) plus environment
//! variables. The bot token comes from `FARMHAND_DISCORD_TOKEN` (or, failing that, the file) and
//! is kept in a [`Secret`] that never prints.

use crate::secret::{REDACTED, Secret, holds_token_shape, redact, register_secret};
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// `[discord]`
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DiscordConfig {
    /// The bot token; `FARMHAND_DISCORD_TOKEN` takes precedence.
    pub token: Secret,
    /// Register the slash commands in this server only (instant; for development).
    pub dev_guild_id: Option<u64>,
    /// Milliseconds between two edits of one message (a table message, a DM panel): changes
    /// that come faster are merged into the next edit, which always shows the latest state.
    pub edit_interval_ms: u64,
    /// How many gateway shards the bot runs in all: `"auto"` (as many as Discord recommends) or
    /// a number (the same in every process sharing one database).
    pub shards: ShardCount,
    /// Which of those shards this process runs, `"first-last"` (e.g. `"0-3"`); unset: all of
    /// them. Several processes on one PostgreSQL database each take their own range.
    pub shard_range: Option<String>,
    /// Milliseconds the bot waits for Discord's answer to one REST call before it gives that
    /// call up (and tries it again, as after a server error). Neither serenity nor reqwest
    /// bounds a call by default: one answer that never comes would hold a game's thread posts
    /// or table edits behind it for good.
    pub request_timeout_ms: u64,
    /// REST calls per second the bot makes with its token, all of its processes together
    /// (interaction answers not counted: Discord exempts them). Discord allows 50 per second
    /// and bans for an hour past 10,000 refusals in 10 minutes; serenity waits only after a
    /// refusal, so the bot keeps under this itself, each process taking its shards' share
    /// (`discord::pace`).
    pub global_requests_per_second: u32,
}

impl Default for DiscordConfig {
    fn default() -> DiscordConfig {
        DiscordConfig {
            token: Secret::default(),
            dev_guild_id: None,
            edit_interval_ms: 1000,
            shards: ShardCount::Auto,
            shard_range: None,
            request_timeout_ms: 10_000,
            global_requests_per_second: 40,
        }
    }
}

/// `discord.shards`: `"auto"` or a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ShardCount {
    #[default]
    Auto,
    Count(u32),
}

impl<'de> Deserialize<'de> for ShardCount {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ShardCount, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Count(u32),
            Word(String),
        }
        match Raw::deserialize(d) {
            Ok(Raw::Count(n)) => Ok(ShardCount::Count(n)),
            Ok(Raw::Word(w)) if w == "auto" => Ok(ShardCount::Auto),
            _ => Err(serde::de::Error::custom(
                "discord.shards must be \"auto\" or a whole number of shards",
            )),
        }
    }
}

impl DiscordConfig {
    /// The shards this process runs (checked by [`Config`]'s own check when it is read).
    pub fn shard_plan(&self) -> Result<crate::shards::Shards, String> {
        let total = match self.shards {
            ShardCount::Auto => None,
            ShardCount::Count(n) => Some(n),
        };
        crate::shards::Shards::from_config(total, self.shard_range.as_deref())
    }
}

/// `[database]`
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DatabaseConfig {
    /// Where the games live: a SQLite file (a path, or `sqlite://path`), created and migrated on
    /// start; or a PostgreSQL URL (`postgres://user:password@host/db`), migrated on start. The
    /// key was once `path`, which is still read.
    #[serde(alias = "path")]
    pub url: String,
    /// PostgreSQL only: whether the connection is encrypted and what is checked, as libpq's
    /// `sslmode`: `disable`, `prefer` (the default: TLS when the server offers it), `require`
    /// (TLS, the certificate not checked), `verify-ca` (signed by a trusted root) or
    /// `verify-full` (that, and issued for the host in the URL). Overrides `?sslmode=` in the
    /// URL.
    pub sslmode: Option<String>,
    /// PostgreSQL only: a PEM file of the root certificate(s) that `verify-ca` and `verify-full`
    /// trust instead of the built-in web roots (a hosted service's CA, or your own).
    pub sslrootcert: Option<PathBuf>,
}

impl Default for DatabaseConfig {
    fn default() -> DatabaseConfig {
        DatabaseConfig {
            url: "farmhand.sqlite".to_string(),
            sslmode: None,
            sslrootcert: None,
        }
    }
}

impl DatabaseConfig {
    /// The location to show in logs and errors: a PostgreSQL URL without its password.
    pub fn shown(&self) -> String {
        crate::store::shown_location(&self.url)
    }

    /// The location the store opens: `url`, with `sslmode` and `sslrootcert` set as its query
    /// parameters (replacing any the URL gives) on PostgreSQL.
    pub fn location(&self) -> String {
        let url = self.url.trim();
        if self.sslmode.is_none() && self.sslrootcert.is_none() {
            return url.to_string();
        }
        let Ok(mut u) = url::Url::parse(url) else {
            return url.to_string();
        };
        if crate::store::backend_of(url) != crate::store::Backend::Postgres {
            return url.to_string();
        }
        let mut pairs: Vec<(String, String)> = u
            .query_pairs()
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .filter(|(k, _)| {
                let mode = matches!(k.as_str(), "sslmode" | "ssl-mode");
                let root = matches!(k.as_str(), "sslrootcert" | "ssl-root-cert" | "ssl-ca");
                !(mode && self.sslmode.is_some() || root && self.sslrootcert.is_some())
            })
            .collect();
        if let Some(mode) = &self.sslmode {
            pairs.push(("sslmode".into(), mode.clone()));
        }
        if let Some(root) = &self.sslrootcert {
            pairs.push(("sslrootcert".into(), root.display().to_string()));
        }
        u.query_pairs_mut().clear().extend_pairs(pairs);
        u.to_string()
    }
}

/// `[game]`
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GameConfig {
    /// A deck file replacing the built-in deck (Fields of Green).
    pub deck: Option<PathBuf>,
    /// A board file replacing the built-in board (Key Harvest).
    pub board: Option<PathBuf>,
    /// Default minutes before a player holding the game up is reminded (`/fog new` can change it).
    pub reminder_minutes: u32,
    /// Minutes between later reminders.
    pub reminder_repeat_minutes: u32,
    /// Seconds between two scheduler passes (reminders and stand-in moves; each pass reads only
    /// the games due, `discord::schedule`). A minute is fine for delays counted in minutes;
    /// `bench discord --processes` looks more often so its runs stay short.
    pub reminder_check_seconds: u32,
    /// Play each game in its own thread when the bot may create one.
    pub create_threads: bool,
    /// Price each decision for the coach's review while the game is played, in the background,
    /// and store the review when the game ends (issue 43), so the Review button answers at once.
    /// Off, a review is computed when first asked for (a minute or so of one core at most).
    pub review_ahead: bool,
    /// The seed of the first table opened; the next ones take the following numbers. Set by
    /// `farmhand demo --seed` so a demo plays the same game every time; never read from a config
    /// file (a real server draws every table's seed at random).
    #[serde(skip)]
    pub first_seed: Option<u64>,
}

impl Default for GameConfig {
    fn default() -> GameConfig {
        GameConfig {
            deck: None,
            board: None,
            reminder_minutes: 720,
            reminder_repeat_minutes: 1440,
            reminder_check_seconds: 60,
            create_threads: true,
            review_ahead: true,
            first_seed: None,
        }
    }
}

/// `[log]`
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LogConfig {
    /// A tracing filter (e.g. `info,farmhand=debug`); `RUST_LOG` takes precedence.
    pub filter: String,
    /// `"text"` (lines for people) or `"json"` (one JSON object a line, for log collectors).
    pub format: String,
}

impl Default for LogConfig {
    fn default() -> LogConfig {
        LogConfig {
            filter: "info".to_string(),
            format: "text".to_string(),
        }
    }
}

/// `[metrics]`: the operators' HTTP listener (`/healthz`, `/metrics`); off unless `listen` is set.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MetricsConfig {
    /// The address to listen on, e.g. `127.0.0.1:9100` (port 0: any free port).
    pub listen: Option<String>,
}

impl MetricsConfig {
    /// The checked address, if the listener is on.
    pub fn address(&self) -> Result<Option<std::net::SocketAddr>, String> {
        let Some(listen) = &self.listen else {
            return Ok(None);
        };
        listen.trim().parse().map(Some).map_err(|_| {
            format!(
                "metrics.listen must be an IP address and a port, such as \"127.0.0.1:9100\", not {listen:?}"
            )
        })
    }
}

/// The whole configuration.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    pub discord: DiscordConfig,
    pub database: DatabaseConfig,
    pub game: GameConfig,
    pub log: LogConfig,
    pub metrics: MetricsConfig,
}

/// Why the configuration could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    // The cause is shown in the text and not chained as a source, so it is said once.
    #[error("cannot read the config file {path}: {cause}")]
    Read {
        path: String,
        cause: crate::input::ReadError,
    },
    #[error("config file {path}: {message}")]
    Parse { path: String, message: String },
    #[error(
        "no Discord bot token: set the FARMHAND_DISCORD_TOKEN environment variable (see README.md, \"Creating the Discord application\")"
    )]
    MissingToken,
    #[error("config: {0}")]
    Invalid(String),
}

/// A config file's TOML error in one line, without the input: toml quotes the offending line,
/// and on the token's line that is the secret. Every value given to a key that names a token
/// (`token`, `TOKEN`, `bot_token`) is taken out of the message, and so is anything shaped like
/// a token ([`redact`]); the rest stays, so "unknown field `TOKEN`" still names the field.
fn config_error(e: &toml::de::Error, text: &str) -> String {
    let mut message = crate::games::toml_error(e, text);
    for line in text.lines() {
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        if !key.to_ascii_lowercase().contains("token") {
            continue;
        }
        // The whole value, its quoted or spaced pieces, and the token's dot-separated parts:
        // a message may quote any of them (`token = 12"..."` is refused at the quote).
        let value = value.trim();
        let mut parts: Vec<&str> = vec![value];
        for piece in value.split(['"', '\'', ' ', '\t']) {
            parts.push(piece);
            parts.extend(piece.split('.').filter(|p| p.len() >= 6));
        }
        parts.sort_by_key(|p| std::cmp::Reverse(p.len()));
        for part in parts {
            if part.len() >= 4 && message.contains(part) {
                message = message.replace(part, REDACTED);
            }
        }
    }
    redact(&message)
}

/// The settings that hold a string other than the token, by name, for the check that the token
/// was not pasted into one of them.
fn text_settings(c: &Config) -> Vec<(&'static str, String)> {
    let path = |p: &Option<PathBuf>| p.as_ref().map(|p| p.display().to_string());
    [
        ("database.url", Some(c.database.url.clone())),
        ("database.sslmode", c.database.sslmode.clone()),
        ("database.sslrootcert", path(&c.database.sslrootcert)),
        ("game.deck", path(&c.game.deck)),
        ("game.board", path(&c.game.board)),
        ("discord.shard_range", c.discord.shard_range.clone()),
        ("log.filter", Some(c.log.filter.clone())),
        ("log.format", Some(c.log.format.clone())),
        ("metrics.listen", c.metrics.listen.clone()),
    ]
    .into_iter()
    .filter_map(|(k, v)| v.map(|v| (k, v)))
    .collect()
}

impl Config {
    /// Parses a config file's text.
    pub fn from_toml(text: &str, path: &str) -> Result<Config, ConfigError> {
        let config = Config::parse(text, path)?;
        config.check()?;
        Ok(config)
    }

    /// Parses a config file's text without the checks of the values; the token it holds, if
    /// any, is registered to be redacted.
    fn parse(text: &str, path: &str) -> Result<Config, ConfigError> {
        let config: Config = toml::from_str(text).map_err(|e| ConfigError::Parse {
            path: path.to_string(),
            message: config_error(&e, text),
        })?;
        register_secret(config.discord.token.expose());
        Ok(config)
    }

    /// Loads the config: the file at `path` if given (it must exist), else `farmhand.toml` in the
    /// working directory if present, else the defaults; then the environment overrides.
    pub fn load(
        path: Option<&Path>,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigError> {
        // The token from the environment is known before the file is read, so an error about
        // the file cannot echo it (pasted into the file under another key).
        let env_token = env("FARMHAND_DISCORD_TOKEN").filter(|t| !t.trim().is_empty());
        if let Some(token) = &env_token {
            register_secret(token);
        }
        let default = Path::new("farmhand.toml");
        let file = match path {
            Some(p) => Some(p),
            None if default.exists() => Some(default),
            None => None,
        };
        let mut config = match file {
            Some(p) => {
                let text =
                    crate::input::read_text(p, crate::input::cap::CONFIG).map_err(|cause| {
                        ConfigError::Read {
                            path: p.display().to_string(),
                            cause,
                        }
                    })?;
                Config::parse(&text, &p.display().to_string())?
            }
            None => Config::default(),
        };
        if let Some(token) = env_token {
            config.discord.token = Secret::new(token.trim());
        }
        if let Some(db) = env("FARMHAND_DATABASE").filter(|t| !t.trim().is_empty()) {
            config.database.url = db.trim().to_string();
        }
        config.check()?;
        Ok(config)
    }

    fn check(&self) -> Result<(), ConfigError> {
        // First, so no later message quotes a token that landed in the wrong key.
        let token = self.discord.token.expose().trim();
        for (key, value) in text_settings(self) {
            let holds_token =
                (token.len() >= 8 && value.contains(token)) || holds_token_shape(&value);
            if holds_token {
                return Err(ConfigError::Invalid(format!(
                    "{key} holds what looks like the Discord bot token (it is not shown); the token belongs in FARMHAND_DISCORD_TOKEN or discord.token, and it should be reset in the Discord developer portal if it was shared"
                )));
            }
        }
        if self.game.reminder_minutes == 0 || self.game.reminder_repeat_minutes == 0 {
            return Err(ConfigError::Invalid(
                "game.reminder_minutes and game.reminder_repeat_minutes must be at least 1".into(),
            ));
        }
        if !(1..=3600).contains(&self.game.reminder_check_seconds) {
            return Err(ConfigError::Invalid(format!(
                "game.reminder_check_seconds must be 1 to 3600, not {}",
                self.game.reminder_check_seconds
            )));
        }
        if !matches!(self.log.format.as_str(), "text" | "json") {
            return Err(ConfigError::Invalid(format!(
                "log.format must be \"text\" or \"json\", not {:?}",
                self.log.format
            )));
        }
        if let Some(mode) = &self.database.sslmode
            && !crate::store::SSL_MODES.contains(&mode.as_str())
        {
            return Err(ConfigError::Invalid(format!(
                "database.sslmode must be one of {}, not {mode:?}",
                crate::store::SSL_MODES.join(", ")
            )));
        }
        if (self.database.sslmode.is_some() || self.database.sslrootcert.is_some())
            && crate::store::backend_of(self.database.url.trim()) != crate::store::Backend::Postgres
        {
            return Err(ConfigError::Invalid(
                "database.sslmode and database.sslrootcert are for PostgreSQL, and database.url is not a postgres:// URL".into(),
            ));
        }
        if let Some(root) = &self.database.sslrootcert
            && !std::fs::metadata(root).is_ok_and(|m| m.is_file())
        {
            return Err(ConfigError::Invalid(format!(
                "database.sslrootcert: {} is not a file (give a PEM file of root certificates)",
                root.display()
            )));
        }
        if self.database.url.trim().is_empty() {
            return Err(ConfigError::Invalid(
                "database.url must not be empty".into(),
            ));
        }
        if self.discord.edit_interval_ms > 60_000 {
            return Err(ConfigError::Invalid(format!(
                "discord.edit_interval_ms must be at most 60000 (one minute), not {}",
                self.discord.edit_interval_ms
            )));
        }
        if !(1_000..=120_000).contains(&self.discord.request_timeout_ms) {
            return Err(ConfigError::Invalid(format!(
                "discord.request_timeout_ms must be from 1000 to 120000 (two minutes), not {}",
                self.discord.request_timeout_ms
            )));
        }
        // Discord raises the limit for very large bots on request, hence more than 50 is taken.
        if !(1..=10_000).contains(&self.discord.global_requests_per_second) {
            return Err(ConfigError::Invalid(format!(
                "discord.global_requests_per_second must be from 1 to 10000 (Discord allows 50 unless it raised your bot's limit), not {}",
                self.discord.global_requests_per_second
            )));
        }
        self.discord.shard_plan().map_err(ConfigError::Invalid)?;
        self.metrics.address().map_err(ConfigError::Invalid)?;
        // Discord ids are never 0; with 0 the bot would connect and then fail to register.
        if self.discord.dev_guild_id == Some(0) {
            return Err(ConfigError::Invalid(
                "discord.dev_guild_id must be a server id (right-click the server, Copy Server ID), not 0".into(),
            ));
        }
        Ok(())
    }

    /// The token, or the error telling the admin how to provide one.
    pub fn token(&self) -> Result<&Secret, ConfigError> {
        if self.discord.token.is_empty() {
            Err(ConfigError::MissingToken)
        } else {
            Ok(&self.discord.token)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_env(_: &str) -> Option<String> {
        None
    }

    /// Checks that the config file `text` is refused with an error that says `says`.
    #[track_caller]
    fn refused_saying(text: &str, says: &str) {
        let e = Config::from_toml(text, "f.toml").unwrap_err().to_string();
        assert!(e.contains(says), "{text}: {e}");
    }

    #[test]
    fn the_example_config_parses_and_matches_the_defaults() {
        let text = include_str!("../config.example.toml");
        let c = Config::from_toml(text, "config.example.toml").unwrap();
        let d = Config::default();
        assert_eq!(c.database.url, d.database.url);
        assert_eq!(c.game.reminder_minutes, d.game.reminder_minutes);
        assert_eq!(
            c.game.reminder_repeat_minutes,
            d.game.reminder_repeat_minutes
        );
        assert_eq!(c.game.create_threads, d.game.create_threads);
        assert_eq!(c.game.review_ahead, d.game.review_ahead);
        assert_eq!(c.log.filter, d.log.filter);
        assert_eq!(c.discord.edit_interval_ms, d.discord.edit_interval_ms);
        assert_eq!(c.discord.request_timeout_ms, d.discord.request_timeout_ms);
        assert_eq!(
            c.discord.global_requests_per_second,
            d.discord.global_requests_per_second
        );
    }

    #[test]
    fn shards_are_auto_or_a_count_and_a_range_within_it() {
        let c =
            Config::from_toml("[discord]\nshards = 4\nshard_range = \"2-3\"\n", "f.toml").unwrap();
        assert_eq!(
            c.discord.shard_plan().unwrap(),
            crate::shards::Shards::Range {
                first: 2,
                last: 3,
                total: 4
            }
        );
        let c = Config::from_toml("[discord]\nshards = \"auto\"\n", "f.toml").unwrap();
        assert_eq!(c.discord.shards, ShardCount::Auto);
        for (bad, why) in [
            ("shards = \"many\"", "\"auto\" or a whole number"),
            ("shards = -1", "\"auto\" or a whole number"),
            (
                "shard_range = \"0-1\"",
                "needs discord.shards to be a number",
            ),
            (
                "shards = 2\nshard_range = \"1-2\"",
                "not within the 2 shards",
            ),
        ] {
            let e = Config::from_toml(&format!("[discord]\n{bad}\n"), "f.toml").unwrap_err();
            assert!(e.to_string().contains(why), "{bad}: {e}");
        }
    }

    #[test]
    fn the_edit_interval_and_dev_guild_are_range_checked() {
        refused_saying(
            "[discord]\nedit_interval_ms = 60001\n",
            "edit_interval_ms must be at most 60000",
        );
        refused_saying(
            "[discord]\ndev_guild_id = 0\n",
            "dev_guild_id must be a server id",
        );
        let c = Config::from_toml("[discord]\nedit_interval_ms = 0\n", "f.toml").unwrap();
        assert_eq!(c.discord.edit_interval_ms, 0);
        for bad in [0, 10_001] {
            refused_saying(
                &format!("[discord]\nglobal_requests_per_second = {bad}\n"),
                "global_requests_per_second must be from 1 to 10000",
            );
        }
        let c =
            Config::from_toml("[discord]\nglobal_requests_per_second = 50\n", "f.toml").unwrap();
        assert_eq!(c.discord.global_requests_per_second, 50);
    }

    #[test]
    fn unknown_keys_are_errors_that_name_the_key() {
        let e = Config::from_toml("[game]\nreminder_minuts = 5\n", "x.toml")
            .unwrap_err()
            .to_string();
        assert!(e.contains("reminder_minuts"), "{e}");
        let e = Config::from_toml("[gmae]\n", "x.toml")
            .unwrap_err()
            .to_string();
        assert!(e.contains("gmae"), "{e}");
        let e = Config::from_toml("[game]\nreminder_minutes = \"soon\"\n", "x.toml")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("reminder_minutes") || e.contains("invalid type"),
            "{e}"
        );
        assert!(Config::from_toml("[game]\nreminder_minutes = 0\n", "x.toml").is_err());
        let e = Config::from_toml("[game]\nreminder_check_seconds = 0\n", "x.toml")
            .unwrap_err()
            .to_string();
        assert!(e.contains("game.reminder_check_seconds"), "{e}");
        assert!(Config::from_toml("[game]\nreminder_check_seconds = 5\n", "x.toml").is_ok());
    }

    #[test]
    fn the_token_comes_from_the_environment_and_never_prints() {
        let env = |k: &str| (k == "FARMHAND_DISCORD_TOKEN").then(|| "abc.def.ghi".to_string());
        let c = Config::load(None, &env).unwrap();
        assert_eq!(c.token().unwrap().expose(), "abc.def.ghi");
        let shown = format!("{c:?} {}", c.discord.token);
        assert!(!shown.contains("abc.def.ghi"), "{shown}");
        assert!(matches!(
            Config::load(None, &no_env).unwrap().token(),
            Err(ConfigError::MissingToken)
        ));
    }

    /// A made-up token of the real shape (user id, timestamp, HMAC).
    const TOKEN: &str = "MTA1NjE4OTU0MjE2NzI0MjY5OA.GxAbCd.0123456789abcdefghijABCDEFGHIJklmnopqr";

    /// Issue 28: the token pasted into any key never shows in the error, and the error still
    /// names the key (`TOKEN = "..."` once hid the field name too).
    #[test]
    fn a_token_in_the_wrong_key_is_never_printed_and_the_key_is_named() {
        for (text, said) in [
            (
                format!("[discord]\nTOKEN = \"{TOKEN}\"\n"),
                "unknown field `TOKEN`",
            ),
            (
                format!("[discord]\nbot_token = \"{TOKEN}\"\n"),
                "unknown field `bot_token`",
            ),
            (format!("[discord]\ndev_guild_id = \"{TOKEN}\"\n"), "line 2"),
            (
                format!("[discord]\nedit_interval_ms = \"{TOKEN}\"\n"),
                "line 2",
            ),
            (
                format!("[discord]\nshards = 2\nshard_range = \"{TOKEN}\"\n"),
                "discord.shard_range",
            ),
            (format!("[game]\ndeck = \"{TOKEN}\"\n"), "game.deck"),
            (format!("[game]\nboard = \"{TOKEN}.toml\"\n"), "game.board"),
            (format!("[database]\nurl = \"{TOKEN}\"\n"), "database.url"),
            (format!("[log]\nfilter = \"{TOKEN}\"\n"), "log.filter"),
        ] {
            let e = Config::from_toml(&text, "f.toml").unwrap_err().to_string();
            assert!(!e.contains(TOKEN), "{text}: {e}");
            assert!(!e.contains("0123456789abcdefghij"), "{text}: {e}");
            assert!(e.contains(said), "{text}: {e}");
        }
        // The environment's token, of any shape, is known before the file is read.
        let env =
            |k: &str| (k == "FARMHAND_DISCORD_TOKEN").then(|| "plain-env-secret-1".to_string());
        let dir = std::env::temp_dir().join(format!("farmhand-token-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("farmhand.toml");
        std::fs::write(&f, "[discord]\ndev_guild_id = \"plain-env-secret-1\"\n").unwrap();
        let e = Config::load(Some(&f), &env).unwrap_err().to_string();
        assert!(!e.contains("plain-env-secret-1"), "{e}");
        std::fs::write(&f, "[game]\ndeck = \"plain-env-secret-1\"\n").unwrap();
        let e = Config::load(Some(&f), &env).unwrap_err().to_string();
        assert!(
            !e.contains("plain-env-secret-1") && e.contains("game.deck"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            redact(&format!(
                "url {TOKEN}/x and plain-env-secret-1, {TOKEN}.toml"
            )),
            "url [redacted]/x and [redacted], [redacted].toml"
        );
        assert_eq!(
            redact("a.b.c farmhand.sqlite 1.2.3"),
            "a.b.c farmhand.sqlite 1.2.3"
        );
    }

    #[test]
    fn metrics_listen_is_checked() {
        let c = Config::from_toml("[metrics]\nlisten = \"127.0.0.1:9100\"\n", "f.toml").unwrap();
        assert_eq!(
            c.metrics.address().unwrap(),
            Some("127.0.0.1:9100".parse().unwrap())
        );
        assert_eq!(Config::default().metrics.address().unwrap(), None);
        for bad in ["localhost:9100", "127.0.0.1", ":9100", "127.0.0.1:99999"] {
            let e = Config::from_toml(&format!("[metrics]\nlisten = \"{bad}\"\n"), "f.toml")
                .unwrap_err();
            assert!(e.to_string().contains("metrics.listen must be"), "{e}");
            assert!(e.to_string().contains(bad), "{e}");
        }
        refused_saying("[metrics]\nport = 9100\n", "port");
    }

    #[test]
    fn log_format_and_sslmode_are_checked() {
        refused_saying("[log]\nformat = \"xml\"\n", "log.format must be");
        refused_saying(
            "[database]\nurl = \"postgres://h/db\"\nsslmode = \"verify_full\"\n",
            "database.sslmode must be one of",
        );
        refused_saying("[database]\nsslmode = \"require\"\n", "are for PostgreSQL");
        let c = Config::from_toml(
            "[database]\nurl = \"postgres://u:p@h/db?sslmode=prefer&application_name=x\"\nsslmode = \"verify-full\"\n",
            "f.toml",
        )
        .unwrap();
        assert_eq!(
            c.database.location(),
            "postgres://u:p@h/db?application_name=x&sslmode=verify-full"
        );
    }

    #[test]
    fn a_missing_config_file_is_a_clear_error() {
        let e = Config::load(Some(Path::new("/nonexistent/farmhand.toml")), &no_env).unwrap_err();
        let said = e.to_string();
        assert!(said.contains("/nonexistent/farmhand.toml"), "{said}");
        // Issue 28: the cause is said once (it was also chained as the error's source).
        assert!(std::error::Error::source(&e).is_none(), "{e:?}");
        assert_eq!(
            said.matches("No such file or directory").count(),
            1,
            "{said}"
        );
    }
}
