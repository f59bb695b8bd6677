//! The games Farmhand hosts. Each game is a pure rules engine: no I/O, no clock, no async.

pub mod fields_of_green;
pub mod key_harvest;
