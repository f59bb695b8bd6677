//! TEMPORARY STUB (replaced by the kh-board branch).
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};
pub type Space = u8;
pub type SpaceSet = u64;
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Crop { Hops, Vegetables, CiderApples, Wine, Wheat }
impl Crop {
    pub const ALL: [Crop; 5] = [Crop::Hops, Crop::Vegetables, Crop::CiderApples, Crop::Wine, Crop::Wheat];
    pub fn index(self) -> usize { self as usize }
    pub fn from_index(i: usize) -> Crop { Crop::ALL[i] }
    pub fn id(self) -> &'static str { ["hops","vegetables","cider_apples","wine","wheat"][self as usize] }
    pub fn name(self) -> &'static str { ["hops","vegetables","cider apples","wine","wheat"][self as usize] }
}
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartPair { pub colour: String, pub tiles: [Space; 2] }
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board { crops: Vec<Crop>, nb: Vec<u64>, pairs: Vec<StartPair> }
const T: &str = "CHVCWRHWRWRHVCVCVHCWRWHRWRVCHRWVVCHRWVCHHVWVCHRWWRCHRWVC";
impl Board {
    pub const SPACES: usize = 56;
    pub fn standard() -> Arc<Board> {
        static B: OnceLock<Arc<Board>> = OnceLock::new();
        B.get_or_init(|| {
            let crops = T.chars().map(|c| match c { 'H'=>Crop::Hops,'V'=>Crop::Vegetables,'C'=>Crop::CiderApples,'R'=>Crop::Wine,_=>Crop::Wheat}).collect();
            let mut nb = vec![0u64;56];
            for r in 0..7i32 { for c in 0..8i32 {
                let d: [(i32,i32);6] = if r%2==0 { [(0,-1),(0,1),(-1,-1),(-1,0),(1,-1),(1,0)] } else { [(0,-1),(0,1),(-1,0),(-1,1),(1,0),(1,1)] };
                for (dr,dc) in d { let (rr,cc)=(r+dr,c+dc); if (0..7).contains(&rr)&&(0..8).contains(&cc) { nb[(r*8+c) as usize] |= 1u64<<(rr*8+cc); } }
            }}
            let p = |a:&str,b:&str,col:&str| StartPair{colour:col.into(), tiles:[sp(a),sp(b)]};
            Arc::new(Board{crops, nb, pairs: vec![p("B5","E2","blue"),p("B7","E4","purple"),p("C2","F5","pink"),p("C4","F7","grey")]})
        }).clone()
    }
    pub fn rows(&self) -> usize { 7 }
    pub fn columns(&self) -> usize { 8 }
    pub fn crop(&self, s: Space) -> Crop { self.crops[s as usize] }
    pub fn letter(&self, c: Crop) -> char { ['H','V','C','R','W'][c as usize] }
    pub fn neighbours(&self, s: Space) -> SpaceSet { self.nb[s as usize] }
    pub fn is_adjacent(&self, a: Space, b: Space) -> bool { self.nb[a as usize] >> b & 1 == 1 }
    pub fn reference(&self, s: Space) -> String { format!("{}{}", (b'A'+s/8) as char, s%8+1) }
    pub fn parse_reference(&self, r: &str) -> Option<Space> { Some(sp(r)) }
    pub fn start_pairs(&self) -> &[StartPair] { &self.pairs }
    pub fn group_of(&self, tiles: SpaceSet, seed: Space) -> SpaceSet {
        let mut g = 1u64 << seed; loop { let mut n = g; let mut m = g; while m != 0 { let s = m.trailing_zeros(); m &= m-1; n |= self.nb[s as usize] & tiles; } if n == g { return g; } g = n; }
    }
    pub fn groups(&self, tiles: SpaceSet) -> Vec<SpaceSet> { let mut left = tiles; let mut v = vec![]; while left != 0 { let g = self.group_of(tiles, left.trailing_zeros() as u8); left &= !g; v.push(g); } v }
}
fn sp(r: &str) -> Space { let b = r.as_bytes(); (b[0]-b'A')*8 + (b[1]-b'1') }
