//! Why an action was refused. Every variant reads as a sentence a player understands; a refused
//! action leaves the game unchanged. Spaces are named by their references (`C4`).

use thiserror::Error;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ActionError {
    #[error("the game is over")]
    GameOver,
    #[error("there is no seat {0} in this game")]
    NoSuchSeat(u8),
    #[error("there is no space {0} on the board")]
    NoSuchSpace(u8),
    #[error("it is not your decision now: seat {0} decides")]
    NotYourDecision(u8),
    #[error("that does not answer what is being decided now: {0}")]
    WrongDecision(&'static str),
    #[error("you have already done action ({0}) this turn")]
    ActionUsed(char),
    #[error("you have already done two actions this turn")]
    TwoActionsDone,
    #[error("action (c) may not follow action (d) in the same turn (KH 15)")]
    StoresAfterRegistry,
    #[error("{0} is not a field tile on your board")]
    NotOnYourBoard(String),
    #[error("{0} is already harvested")]
    AlreadyHarvested(String),
    #[error("{0} is not harvested")]
    NotHarvested(String),
    #[error("the tiles you harvest must belong to one group")]
    NotOneGroup,
    #[error("{0} is named twice")]
    Repeated(String),
    #[error("choose between {min} and {max} tiles")]
    TileCount { min: u8, max: u8 },
    #[error("{0} is not next to the worker")]
    NotAdjacent(String),
    #[error("your {0} is not available to play")]
    WorkerUnavailable(&'static str),
    #[error("there is no worker of yours on {0}")]
    NoWorkerThere(String),
    #[error("a worker cannot go on {0}: {1}")]
    BadWorkerSpace(String, String),
    #[error("{0} is not in that store")]
    NotInStore(String),
    #[error("{0} is not in the registry")]
    NotInRegistry(String),
    #[error("your store is full (2 tiles)")]
    StoreFull,
    #[error("a bid needs at least one counter")]
    EmptyBid,
    #[error("you do not have {0}")]
    CannotPay(String),
    #[error("the payment must be {expected} counters, not {got}")]
    PaymentSize { expected: u32, got: u32 },
    #[error("a substitute crop is not allowed here: {0}")]
    BadSubstitute(String),
    #[error("{0} is not an unconnected field tile")]
    NotUnconnected(String),
    #[error("that is not one of your own stores' rivals: choose another player's store")]
    OwnStore,
    #[error("that must be another player")]
    NotAnotherPlayer,
    #[error("this is mandatory and cannot be declined")]
    Mandatory,
    #[error("{0}")]
    Invalid(String),
}
