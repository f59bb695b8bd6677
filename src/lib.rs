pub mod config;
pub mod discord;
pub mod games;
pub mod service;
pub mod store;
pub mod render;
