//! The shared component ids: the lobby's buttons, the same for every game. Each game has its own
//! codec for its own buttons (`fields_of_green/ids.rs`, `key_harvest/ids.rs`), told apart by the
//! id's first letter; the router tries this one first.
//!
//! Format: `f:<game>:<version>:<join|leave|start|cancel|rematch|confirm|review|quit>`. The `f:` prefix is Fields of Green's:
//! the lobby was first drawn with that game's codec, and lobby messages posted then are still in
//! servers, so their buttons must keep working. No game's own verb is one of these words.

use crate::store::GameId;

/// Discord's limit for a custom_id.
pub const MAX_ID: usize = 100;

/// What a lobby button does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyVerb {
    Join,
    Leave,
    Start,
    Cancel,
    /// On a finished table's message: open (or confirm in) its rematch lobby.
    Rematch,
    /// In a rematch lobby: a seated player confirms.
    Confirm,
    /// On a finished table's message: the coach's review of the game (issue 30).
    Review,
    /// Under `/fog leave`'s question: leave the game in progress for good (issue 41).
    Quit,
}

impl LobbyVerb {
    fn word(self) -> &'static str {
        match self {
            LobbyVerb::Join => "join",
            LobbyVerb::Leave => "leave",
            LobbyVerb::Start => "start",
            LobbyVerb::Cancel => "cancel",
            LobbyVerb::Rematch => "rematch",
            LobbyVerb::Confirm => "confirm",
            LobbyVerb::Review => "review",
            LobbyVerb::Quit => "quit",
        }
    }
}

/// A decoded lobby button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LobbyId {
    pub game: GameId,
    /// The table's version when the lobby was drawn.
    pub version: i64,
    pub verb: LobbyVerb,
}

/// The three parts after `prefix` of a custom_id `prefix:game:version:rest` (the rest may hold
/// more colons), for the codec to read; `None` when the id is longer than Discord allows, has
/// another prefix or fewer parts.
pub fn parts<'a>(s: &'a str, prefix: &str) -> Option<[&'a str; 3]> {
    if s.len() > MAX_ID {
        return None;
    }
    let mut it = s.splitn(4, ':');
    if it.next()? != prefix {
        return None;
    }
    Some([it.next()?, it.next()?, it.next()?])
}

impl LobbyId {
    /// The custom_id string (at most 45 characters: two 19-digit numbers and a short word).
    pub fn encode(&self) -> String {
        format!("f:{}:{}:{}", self.game, self.version, self.verb.word())
    }

    /// Parses a custom_id; `None` for anything that is not a lobby button.
    pub fn decode(s: &str) -> Option<LobbyId> {
        let [game, version, verb] = parts(s, "f")?;
        let game: GameId = game.parse().ok()?;
        let version: i64 = version.parse().ok()?;
        let verb = match verb {
            "join" => LobbyVerb::Join,
            "leave" => LobbyVerb::Leave,
            "start" => LobbyVerb::Start,
            "cancel" => LobbyVerb::Cancel,
            "rematch" => LobbyVerb::Rematch,
            "confirm" => LobbyVerb::Confirm,
            "review" => LobbyVerb::Review,
            "quit" => LobbyVerb::Quit,
            _ => return None,
        };
        Some(LobbyId {
            game,
            version,
            verb,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lobby_ids_round_trip_and_read_as_before() {
        for verb in [
            LobbyVerb::Join,
            LobbyVerb::Leave,
            LobbyVerb::Start,
            LobbyVerb::Cancel,
            LobbyVerb::Rematch,
            LobbyVerb::Confirm,
            LobbyVerb::Review,
            LobbyVerb::Quit,
        ] {
            let id = LobbyId {
                game: i64::MAX,
                version: i64::MAX,
                verb,
            };
            let s = id.encode();
            assert!(s.len() <= MAX_ID, "{s}");
            assert_eq!(LobbyId::decode(&s), Some(id));
        }
        // The exact strings lobbies posted before the codecs were split carry.
        assert_eq!(
            LobbyId::decode("f:12:3:join"),
            Some(LobbyId {
                game: 12,
                version: 3,
                verb: LobbyVerb::Join
            })
        );
        assert_eq!(
            LobbyId::decode("f:7:0:cancel").map(|i| i.verb),
            Some(LobbyVerb::Cancel)
        );
    }

    #[test]
    fn game_buttons_and_garbage_are_not_lobby_buttons() {
        for s in [
            "f:12:3:hand",
            "f:12:3:act:m:1",
            "f:12:3:join:extra",
            "k:12:3:join",
            "f:x:3:join",
            "f:12:join",
            "",
        ] {
            assert_eq!(LobbyId::decode(s), None, "{s}");
        }
    }
}
