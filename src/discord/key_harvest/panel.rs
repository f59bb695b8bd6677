// STUB (helper A replaces this file; never committed as is).
use crate::discord::spec::MessageSpec;
use crate::games::key_harvest::Game;
use crate::store::Table;
#[derive(Clone, Debug)]
pub enum KhScreen {
    Main,
}
pub fn panel(_t: &Table, _g: &Game, _s: usize, _sc: &KhScreen, _n: Option<&str>) -> MessageSpec {
    MessageSpec::default()
}
