//! Key Harvest on Discord: its slash commands (`/kh`), its buttons (ids `k:...`), the public
//! table message and the private screen. The shared host code (lobby, reminders, stand-ins, bot
//! seats, DM panels) reaches these through [`crate::discord::game::Screens`], implemented in
//! `screens.rs`. Everything here is drawn from the engine's views (KH 68-70): a counter type a
//! player may not see never reaches a message.

pub mod commands;
pub mod ids;
mod panel;
mod public;
pub mod router;
mod rules;
pub mod screens;

pub use panel::{KhScreen, panel};
pub use public::{action_summary, board, boards, final_scores, log, status, table_message};
pub use rules::{rules, rules_topics};
