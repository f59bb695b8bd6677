pub mod games;
pub mod render;
