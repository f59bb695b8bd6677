// STUB (helper B replaces this file; never committed as is).
use crate::discord::spec::MessageSpec;
use crate::games::key_harvest::{Event, Game};
use crate::store::Table;
pub fn table_message(_t: &Table, _g: &Game) -> MessageSpec {
    MessageSpec::default()
}
pub fn boards(_t: &Table, _g: &Game) -> MessageSpec {
    MessageSpec::default()
}
pub fn board(_t: &Table, _g: &Game, _s: usize) -> MessageSpec {
    MessageSpec::default()
}
pub fn log(_t: &Table, _g: &Game, _e: &[Event]) -> MessageSpec {
    MessageSpec::default()
}
pub fn action_summary(_t: &Table, _g: &Game, _e: &[Event]) -> Option<MessageSpec> {
    None
}
pub fn final_scores(_t: &Table, _g: &Game) -> MessageSpec {
    MessageSpec::default()
}
pub fn status(_t: &Table, _g: &Game) -> MessageSpec {
    MessageSpec::default()
}
