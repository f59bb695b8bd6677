//! Why an action was refused. Every variant reads as a sentence a player understands; a refused
//! action leaves the game unchanged.

use super::farm::Pos;
use smol_str::SmolStr;
use thiserror::Error;

/// A space of the acting player's farm, as an error names it: the position, and its label on
/// the grid the player sees (`M26`, fixed for the whole game: [`Pos::label`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Space {
    pub pos: Pos,
    pub label: SmolStr,
}

impl Space {
    /// The space at `pos`, with its label.
    pub fn at(pos: Pos) -> Space {
        Space {
            pos,
            label: pos.label().into(),
        }
    }

    /// A space with a known label (for tests).
    pub fn new(pos: Pos, label: &str) -> Space {
        Space {
            pos,
            label: label.into(),
        }
    }
}

impl std::fmt::Display for Space {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.label)
    }
}

/// "1 coin", "2 coins".
fn coins(n: &u32) -> String {
    if *n == 1 {
        "1 coin".into()
    } else {
        format!("{n} coins")
    }
}

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
    #[error("there is no card called \"{0}\" in this deck")]
    UnknownCard(String),
    #[error("there is no Equipment called \"{0}\" in this deck")]
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
    #[error("{0} is not an empty space next to your farm")]
    NotBuildable(Space),
    #[error("you need {} and have {}", coins(.need), coins(.have))]
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
    #[error("there is no Open Area at {0}")]
    NotOpenArea(Space),
    #[error("you have no Equipment tile \"{0}\" to choose from")]
    NotOffered(String),
    #[error("you have no set-aside Equipment \"{0}\"")]
    NotSetAside(String),
    #[error("{tile} cannot be placed there: {why}")]
    BadEquipmentPlace { tile: String, why: String },
    #[error("there is no location with a Harvest ability at {0}")]
    NoHarvestAbility(Space),
    #[error("that Harvest ability has already been used this harvest")]
    AlreadyHarvested,
    #[error("{}", repeats(*.0))]
    TooManyRepeats(u8),
    #[error("you have already finished your harvest")]
    HarvestDone,
}

/// The sentence for [`ActionError::TooManyRepeats`].
fn repeats(max: u8) -> String {
    match max {
        0 => "that ability cannot be repeated".into(),
        1 => "that ability can be repeated only once".into(),
        n => format!("that ability can be repeated at most {n} times"),
    }
}
