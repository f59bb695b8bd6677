//! Why an action was refused. Every variant reads as a sentence a player understands; a refused
//! action leaves the game unchanged.

use super::farm::Pos;
use thiserror::Error;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ActionError {
    #[error("the game is over")]
    GameOver,
    #[error("there is no seat {0} in this game")]
    NoSuchSeat(usize),
    #[error("it is not your turn to do that: {0}")]
    NotYourTurn(&'static str),
    #[error("that is not possible in this phase: {0}")]
    WrongPhase(&'static str),
    #[error("first choose what to do with your Equipment tiles")]
    EquipmentPending,
    #[error("there is no card called {0:?} in this deck")]
    UnknownCard(String),
    #[error("there is no Equipment called {0:?} in this deck")]
    UnknownEquipment(String),
    #[error("{0} is not in your hand")]
    NotInHand(String),
    #[error("you have already selected {0}")]
    AlreadySelected(String),
    #[error("{0} is not among the face-up cards")]
    NotFaceUp(String),
    #[error("you have no revealed card to use")]
    NothingRevealed,
    #[error("first use your revealed card")]
    RevealedPending,
    #[error("you have already taken your card this turn")]
    AlreadyPicked,
    #[error("invalid draw: {0}")]
    BadSplit(String),
    #[error("you have already drawn this year")]
    AlreadyDrawn,
    #[error("there is no income Water to place")]
    NoWaterToPlace,
    #[error("place the income Water first")]
    WaterPending,
    #[error("invalid Water placement: {0}")]
    BadWaterPlacement(String),
    #[error("space {0:?} is not an empty space next to your farm")]
    NotBuildable(Pos),
    #[error("you need {need} coins and have {have}")]
    NotEnoughCoins { need: u32, have: u32 },
    #[error("you need {need} Food and have {have}")]
    NotEnoughFood { need: u32, have: u32 },
    #[error("you need {need} Water from towers in range and they hold {have}")]
    NotEnoughWater { need: u32, have: u32 },
    #[error("invalid Water payment: {0}")]
    BadWaterPayment(String),
    #[error("no Water Tower cards are left")]
    NoWaterTowersLeft,
    #[error("no Silo cards are left")]
    NoSilosLeft,
    #[error("you can sell 0, 1 or 2 Food at the market")]
    BadMarketFood,
    #[error("there is no Open Area at {0:?}")]
    NotOpenArea(Pos),
    #[error("you have no Equipment tile {0:?} to choose from")]
    NotOffered(String),
    #[error("you have no set-aside Equipment {0:?}")]
    NotSetAside(String),
    #[error("{tile} cannot be placed there: {why}")]
    BadEquipmentPlace { tile: String, why: String },
    #[error("there is no location with a Harvest ability at {0:?}")]
    NoHarvestAbility(Pos),
    #[error("that Harvest ability has already been used this harvest")]
    AlreadyHarvested,
    #[error("that ability can be repeated at most {0} times")]
    TooManyRepeats(u8),
    #[error("you have already finished your harvest")]
    HarvestDone,
}
