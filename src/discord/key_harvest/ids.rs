// STUB (helper A replaces this file; never committed as is).
use crate::games::key_harvest::Action;
#[derive(Clone, Debug)]
pub struct KhId {
    pub game: i64,
    pub version: i64,
    pub verb: KhVerb,
}
impl KhId {
    pub fn new(game: i64, version: i64, verb: KhVerb) -> KhId {
        KhId { game, version, verb }
    }
    pub fn encode(&self) -> String {
        String::new()
    }
    pub fn decode(_s: &str) -> Option<KhId> {
        None
    }
    pub fn fits(&self) -> bool {
        true
    }
}
#[derive(Clone, Debug)]
pub enum KhVerb {
    Hand,
    Boards,
    Log,
    Show(super::KhScreen),
    Act(Action),
    Choose,
    Navigate,
}
pub fn decode_action(_s: &str) -> Option<Action> {
    None
}
pub fn decode_screen(_s: &str) -> Option<super::KhScreen> {
    None
}
