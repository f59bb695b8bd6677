//! Configuration: a TOML file (every key documented in `config.example.toml`) plus environment
//! variables. The bot token comes from `FARMHAND_DISCORD_TOKEN` (or, failing that, the file) and
//! is kept in a [`Secret`] that never prints.

use serde::Deserialize;
use std::path::{Path, PathBuf};

/// A value that must never reach a log or a message: `Debug` and `Display` print a placeholder.
#[derive(Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    pub fn new(s: impl Into<String>) -> Secret {
        Secret(s.into())
    }

    /// The secret itself, for the one place that needs it (logging in to Discord).
    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.trim().is_empty()
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("[redacted]")
    }
}

impl std::fmt::Display for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("[redacted]")
    }
}

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
}

impl Default for DiscordConfig {
    fn default() -> DiscordConfig {
        DiscordConfig {
            token: Secret::default(),
            dev_guild_id: None,
            edit_interval_ms: 1000,
            shards: ShardCount::Auto,
            shard_range: None,
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
}

impl Default for DatabaseConfig {
    fn default() -> DatabaseConfig {
        DatabaseConfig {
            url: "farmhand.sqlite".to_string(),
        }
    }
}

impl DatabaseConfig {
    /// The location to show in logs and errors: a PostgreSQL URL without its password.
    pub fn shown(&self) -> String {
        crate::store::shown_location(&self.url)
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
    /// Play each game in its own thread when the bot may create one.
    pub create_threads: bool,
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
            create_threads: true,
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
}

impl Default for LogConfig {
    fn default() -> LogConfig {
        LogConfig {
            filter: "info".to_string(),
        }
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
}

/// Why the configuration could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read the config file {path}: {source}")]
    Read {
        path: String,
        source: crate::input::ReadError,
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
/// and on the token's line that is the secret. Values the message quotes are left out too when
/// the error is on a line that names the token.
fn config_error(e: &toml::de::Error, text: &str) -> String {
    let message = crate::games::toml_error(e, text);
    let on_token_line = e.span().is_some_and(|span| {
        let start = text
            .get(..span.start)
            .map_or(0, |b| b.rfind('\n').map_or(0, |i| i + 1));
        let line = text
            .get(start..)
            .and_then(|l| l.lines().next())
            .unwrap_or("");
        line.to_ascii_lowercase().contains("token")
    });
    if on_token_line {
        without_quoted(&message)
    } else {
        message
    }
}

/// `message` with every `quoted` or "quoted" fragment replaced by `...`.
fn without_quoted(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut open: Option<char> = None;
    for c in message.chars() {
        match open {
            Some(q) if c == q => {
                out.push_str("...");
                out.push(c);
                open = None;
            }
            Some(_) => {}
            None => {
                out.push(c);
                if c == '`' || c == '"' || c == '\'' {
                    open = Some(c);
                }
            }
        }
    }
    if open.is_some() {
        out.push_str("...");
    }
    out
}

impl Config {
    /// Parses a config file's text.
    pub fn from_toml(text: &str, path: &str) -> Result<Config, ConfigError> {
        let config: Config = toml::from_str(text).map_err(|e| ConfigError::Parse {
            path: path.to_string(),
            message: config_error(&e, text),
        })?;
        config.check()?;
        Ok(config)
    }

    /// Loads the config: the file at `path` if given (it must exist), else `farmhand.toml` in the
    /// working directory if present, else the defaults; then the environment overrides.
    pub fn load(
        path: Option<&Path>,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigError> {
        let default = Path::new("farmhand.toml");
        let file = match path {
            Some(p) => Some(p),
            None if default.exists() => Some(default),
            None => None,
        };
        let mut config = match file {
            Some(p) => {
                let text =
                    crate::input::read_text(p, crate::input::cap::CONFIG).map_err(|source| {
                        ConfigError::Read {
                            path: p.display().to_string(),
                            source,
                        }
                    })?;
                Config::from_toml(&text, &p.display().to_string())?
            }
            None => Config::default(),
        };
        if let Some(token) = env("FARMHAND_DISCORD_TOKEN").filter(|t| !t.trim().is_empty()) {
            config.discord.token = Secret::new(token.trim());
        }
        if let Some(db) = env("FARMHAND_DATABASE").filter(|t| !t.trim().is_empty()) {
            config.database.url = db.trim().to_string();
        }
        Ok(config)
    }

    fn check(&self) -> Result<(), ConfigError> {
        if self.game.reminder_minutes == 0 || self.game.reminder_repeat_minutes == 0 {
            return Err(ConfigError::Invalid(
                "game.reminder_minutes and game.reminder_repeat_minutes must be at least 1".into(),
            ));
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
        self.discord.shard_plan().map_err(ConfigError::Invalid)?;
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
        assert_eq!(c.log.filter, d.log.filter);
        assert_eq!(c.discord.edit_interval_ms, d.discord.edit_interval_ms);
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
        let e = Config::from_toml("[discord]\nedit_interval_ms = 60001\n", "f.toml").unwrap_err();
        assert!(
            e.to_string()
                .contains("edit_interval_ms must be at most 60000"),
            "{e}"
        );
        let e = Config::from_toml("[discord]\ndev_guild_id = 0\n", "f.toml").unwrap_err();
        assert!(
            e.to_string().contains("dev_guild_id must be a server id"),
            "{e}"
        );
        let c = Config::from_toml("[discord]\nedit_interval_ms = 0\n", "f.toml").unwrap();
        assert_eq!(c.discord.edit_interval_ms, 0);
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

    #[test]
    fn a_missing_config_file_is_a_clear_error() {
        let e = Config::load(Some(Path::new("/nonexistent/farmhand.toml")), &no_env)
            .unwrap_err()
            .to_string();
        assert!(e.contains("/nonexistent/farmhand.toml"), "{e}");
    }
}
