//! What a player can do: the turn's actions (a)-(d) (KH 14-25) and every decision that workers
//! and events ask for, of the active player or of another seat. Field tiles are named by their
//! reference space (KH 4: each reference exists once). `apply` checks an action fully before
//! changing anything.

use super::board::{Crop, Space};
use super::pieces::{Counters, Seat, Worker};
use serde::{Deserialize, Serialize};

/// One decision of one seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// KH 9: the seat drawn at random names the start player.
    ChooseStartPlayer { seat: Seat },
    /// (a) KH 18: turn over these unharvested tiles of one group. `instead` names substitute
    /// crops for counters the stock no longer holds (KH 6); empty takes none.
    Harvest {
        tiles: Vec<Space>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        instead: Vec<Crop>,
    },
    /// (b) KH 19: play an unplayed farmhand or a townsfolk onto this space of your board.
    PlayWorker { worker: Worker, space: Space },
    /// (b) KH 20: take a worker off your board.
    RemoveWorker { space: Space },
    /// (c) KH 22-23: take this tile from a store (yours or another player's), paying its bid.
    BuyFromStore { owner: Seat, tile: Space },
    /// (d) KH 24-25: take this registry tile into your store with this bid.
    TakeFromRegistry { tile: Space, bid: Counters },
    /// KH 16: end the turn.
    EndTurn,

    /// Decline an optional ability, reposition or event part (KH 21, 26, 45).
    Decline,
    /// KH 26: put the displaced worker on this space (it acts again).
    Reposition { space: Space },
    /// A (KH 33): one counter of the crop of this adjacent unharvested tile.
    Apprentice {
        tile: Space,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        instead: Vec<Crop>,
    },
    /// B (KH 34): one counter each for one or two different adjacent unharvested tiles.
    CasualWorker {
        tiles: Vec<Space>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        instead: Vec<Crop>,
    },
    /// C (KH 35): two counters of your choice from the stock (fewer if it holds fewer).
    Labourer { crops: Vec<Crop> },
    /// D (KH 36): turn these adjacent harvested tiles back to unharvested.
    UnskilledWorker { tiles: Vec<Space> },
    /// E (KH 37): buy a tile from another store for one counter more than its bid.
    SkilledWorker {
        owner: Seat,
        tile: Space,
        payment: Counters,
    },
    /// F (KH 38): move this tile of your board to the fallow area (mandatory).
    Supervisor { tile: Space },
    /// G (KH 39): buy a tile from another store for as many counters as its bid.
    Merchant {
        owner: Seat,
        tile: Space,
        payment: Counters,
    },
    /// H (KH 40): take a registry tile into your store with a bid.
    Storekeeper { tile: Space, bid: Counters },
    /// I (KH 41): take an unconnected tile from another board for exactly three counters.
    Bailiff {
        owner: Seat,
        tile: Space,
        payment: Counters,
    },
    /// J (KH 42): use again the ability of your worker on this space.
    Lawyer { worker_at: Space },
    /// K (KH 43): draw from the bag (an event draw), then decide with [`Action::KeepDrawn`].
    TraderDraw,
    /// K (KH 43), bag without field tiles: take this registry tile and acquire it (`keep`) or put
    /// it in the fallow area.
    TraderRegistry { tile: Space, keep: bool },
    /// K (KH 43): acquire the drawn tile (`keep`) or put it in the fallow area.
    KeepDrawn { keep: bool },
    /// L (KH 44): acquire this registry tile for free.
    Benefactor { tile: Space },

    /// M (KH 47): move this tile to the fallow area, then acquire a tile drawn from the bag.
    BlindSwap { tile: Space },
    /// N (KH 48): give `give` from your board to `with` for their unconnected tile `take`.
    Exchange {
        give: Space,
        with: Seat,
        take: Space,
    },
    /// O (KH 49): pass a tile to the player on your left (`pass`: the received tile, a tile of
    /// your board, or none when you have nothing to pass); then, if you kept a received tile,
    /// acquire it (`keep`) or put it in the fallow area.
    GiveAway { pass: Option<Space>, keep: bool },
    /// P (KH 50): one counter of your most common unharvested crop (a choice among ties).
    GoodHarvest {
        crop: Crop,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        instead: Option<Crop>,
    },
    /// Q (KH 51): pay 2 counters to the stock and acquire a tile drawn from the bag, or, with no
    /// field tile in the bag, the registry tile `registry`.
    LuckyDip {
        payment: Counters,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        registry: Option<Space>,
    },
    /// R (KH 52): turn up to two of your harvested tiles back to unharvested.
    NewCrop { tiles: Vec<Space> },
    /// T (KH 54): pay 3 counters to the stock and acquire this registry tile.
    QuickSale { payment: Counters, tile: Space },
    /// U (KH 55): swap `give` from your board with the registry tile `take`.
    RegistrySwap { give: Space, take: Space },
    /// V (KH 56): harvest these unconnected unharvested tiles.
    RemoteHarvest {
        tiles: Vec<Space>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        instead: Vec<Crop>,
    },
    /// W (KH 57): move `fallow` from your board to the fallow area and acquire the drawn tile, or
    /// (`None`) put the drawn tile in the fallow area.
    Replace { fallow: Option<Space> },
    /// X (KH 58): move your worker from `from` to `to` (it does not act).
    MoveWorker { from: Space, to: Space },
    /// Y (KH 59): take your worker on this space off your board.
    Vacation { space: Space },
    /// Z (KH 60): the drawer gives the current recipient one counter of this crop.
    Windfall { crop: Crop },
}

impl Action {
    /// A short name for logs and errors.
    pub fn kind(&self) -> &'static str {
        match self {
            Action::ChooseStartPlayer { .. } => "choose_start_player",
            Action::Harvest { .. } => "harvest",
            Action::PlayWorker { .. } => "play_worker",
            Action::RemoveWorker { .. } => "remove_worker",
            Action::BuyFromStore { .. } => "buy_from_store",
            Action::TakeFromRegistry { .. } => "take_from_registry",
            Action::EndTurn => "end_turn",
            Action::Decline => "decline",
            Action::Reposition { .. } => "reposition",
            Action::Apprentice { .. } => "apprentice",
            Action::CasualWorker { .. } => "casual_worker",
            Action::Labourer { .. } => "labourer",
            Action::UnskilledWorker { .. } => "unskilled_worker",
            Action::SkilledWorker { .. } => "skilled_worker",
            Action::Supervisor { .. } => "supervisor",
            Action::Merchant { .. } => "merchant",
            Action::Storekeeper { .. } => "storekeeper",
            Action::Bailiff { .. } => "bailiff",
            Action::Lawyer { .. } => "lawyer",
            Action::TraderDraw => "trader_draw",
            Action::TraderRegistry { .. } => "trader_registry",
            Action::KeepDrawn { .. } => "keep_drawn",
            Action::Benefactor { .. } => "benefactor",
            Action::BlindSwap { .. } => "blind_swap",
            Action::Exchange { .. } => "exchange",
            Action::GiveAway { .. } => "give_away",
            Action::GoodHarvest { .. } => "good_harvest",
            Action::LuckyDip { .. } => "lucky_dip",
            Action::NewCrop { .. } => "new_crop",
            Action::QuickSale { .. } => "quick_sale",
            Action::RegistrySwap { .. } => "registry_swap",
            Action::RemoteHarvest { .. } => "remote_harvest",
            Action::Replace { .. } => "replace",
            Action::MoveWorker { .. } => "move_worker",
            Action::Vacation { .. } => "vacation",
            Action::Windfall { .. } => "windfall",
        }
    }
}

/// The turn's four actions, by the text's letters (KH 14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnAction {
    /// (a) harvest
    Harvest,
    /// (b) play or remove a worker
    Worker,
    /// (c) field tiles from stores to your board
    FromStores,
    /// (d) field tiles from the registry to your store
    ToStore,
}

impl TurnAction {
    pub fn bit(self) -> u8 {
        1 << self as u8
    }
    pub fn letter(self) -> char {
        (b'a' + self as u8) as char
    }
}
