//! The exhaustive fallback: every harvest action played on copies of the game, memoised.

use super::*;

/// The exhaustive harvest search on the engine itself: every Harvest action the seat may take
/// (each extra, each choice of paying towers) is applied to a copy of the game, states are
/// memoised on (activations used, coins, Food, VP tokens, Water per tower), and the end is valued
/// by [`objective`] on the engine's own end state. Exact when it finishes within `budget` states;
/// the reference the fast planner is tested against, and the fallback for farms outside its model.
pub fn plan_with_engine(game: &Game, seat: usize, budget: u64) -> Plan {
    let start = HarvestPosition::from_game(game, seat);
    // Keep another seat harvesting, so finishing ours does not move the game on to the next
    // year (income would blur the end state) or end it.
    let mut snap = game.snapshot();
    for (s, p) in snap.state.players.iter_mut().enumerate() {
        if s != seat {
            p.harvest_done = false;
        }
    }
    let work =
        Game::from_snapshot(game.deck_arc().clone(), snap).expect("a valid game stays valid");
    let mut es = EngineSearch {
        seat,
        start: &start,
        memo: HashMap::new(),
        nodes: 0,
        budget,
        complete: true,
    };
    let (obj, actions, end) = es.best(&work);
    Plan {
        actions,
        kept: obj.0,
        value: obj.1,
        end,
        exact: es.complete,
        nodes: es.nodes,
        fast: false,
    }
}

pub(super) type EngineKey = (Vec<Pos>, u32, u32, u32, Vec<u8>);
/// What the exhaustive search remembers per position: (objective, actions, where they lead).
pub(super) type EngineEntry = ((u32, i64), Vec<Action>, EndState);

pub(super) struct EngineSearch<'a> {
    pub(super) seat: usize,
    pub(super) start: &'a HarvestPosition,
    pub(super) memo: HashMap<EngineKey, EngineEntry>,
    pub(super) nodes: u64,
    pub(super) budget: u64,
    pub(super) complete: bool,
}

impl EngineSearch<'_> {
    pub(super) fn key(&self, g: &Game) -> EngineKey {
        let p = &g.state().players[self.seat];
        let mut h = p.harvested.clone();
        h.sort_unstable();
        (
            h,
            p.coins,
            p.food,
            p.vp_tokens,
            p.farm.cells.iter().map(|c| c.water).collect(),
        )
    }

    /// Value of ending the harvest now (or of the state once ended).
    pub(super) fn end_value(&self, g: &Game) -> ((u32, i64), EndState) {
        let deck = g.deck();
        let p = &g.state().players[self.seat];
        let (farm, food) = if p.harvest_done {
            (p.farm.clone(), p.food)
        } else {
            // Ending is not possible while an Equipment offer is open; value the state as if it
            // ended (the same flips `EndHarvest` makes).
            let flipped: Vec<usize> = (0..p.farm.cells.len())
                .filter(|&i| {
                    eval::cell_ability(deck, &p.farm, i)
                        .is_some_and(|a| a.timing == Timing::Harvest)
                        && !p.harvested.contains(&p.farm.cells[i].pos)
                })
                .collect();
            end_farm(deck, &p.farm, &flipped, &[], p.food)
        };
        let obj = objective(deck, self.start, &farm, p.coins, food, p.vp_tokens);
        let water = farm.water_held();
        (
            obj,
            EndState {
                coins: p.coins,
                food,
                vp_tokens: p.vp_tokens,
                water,
            },
        )
    }

    pub(super) fn best(&mut self, g: &Game) -> ((u32, i64), Vec<Action>, EndState) {
        self.nodes += 1;
        let p = &g.state().players[self.seat];
        if p.harvest_done || !p.offer.is_empty() {
            let (obj, end) = self.end_value(g);
            return (obj, Vec::new(), end);
        }
        let key = self.key(g);
        if let Some(hit) = self.memo.get(&key) {
            return hit.clone();
        }
        // Ending now.
        let mut ended = g.clone();
        ended
            .apply_quiet(self.seat, &Action::EndHarvest)
            .expect("EndHarvest is legal with no offer open");
        let (obj, end) = self.end_value(&ended);
        let mut best = (obj, vec![Action::EndHarvest], end);
        if self.nodes > self.budget {
            self.complete = false;
        } else {
            for a in harvest_moves(g, self.seat) {
                let mut next = g.clone();
                if next.apply_quiet(self.seat, &a).is_err() {
                    continue;
                }
                let (obj, mut rest, end) = self.best(&next);
                if obj > best.0 {
                    rest.insert(0, a);
                    best = (obj, rest, end);
                }
            }
        }
        self.memo.insert(key, best.clone());
        best
    }
}

/// Every distinct Harvest action of the seat: each listed action with each way to name the towers
/// that pay its Water.
pub(super) fn harvest_moves(g: &Game, seat: usize) -> Vec<Action> {
    let deck = g.deck();
    let farm = &g.state().players[seat].farm;
    let mut out = Vec::new();
    for a in g.legal_actions(seat) {
        let Action::Harvest { pos, extra, .. } = a else {
            continue;
        };
        // The Water this activation needs: play it once with the engine's default towers.
        let mut probe = g.clone();
        let Ok(events) = probe.apply(seat, &a) else {
            continue;
        };
        let need = events
            .iter()
            .find_map(|e| match e {
                crate::fields_of_green::event::Event::Harvested { paid, .. } => Some(paid.water),
                _ => None,
            })
            .unwrap_or(0);
        let sources = eval::water_sources(deck, farm, pos);
        if need == 0 || sources.len() <= 1 {
            out.push(a);
            continue;
        }
        // Multisets of `need` towers within their Water.
        let mut combos: Vec<Vec<Pos>> = Vec::new();
        fn rec(
            sources: &[(usize, u8)],
            farm: &Farm,
            from: usize,
            left: u32,
            acc: &mut Vec<Pos>,
            out: &mut Vec<Vec<Pos>>,
        ) {
            if left == 0 {
                out.push(acc.clone());
                return;
            }
            for k in from..sources.len() {
                let pos = farm.cells[sources[k].0].pos;
                let used = acc.iter().filter(|&&p| p == pos).count();
                if used < sources[k].1 as usize {
                    acc.push(pos);
                    rec(sources, farm, k, left - 1, acc, out);
                    acc.pop();
                }
            }
        }
        rec(&sources, farm, 0, need, &mut Vec::new(), &mut combos);
        for water in combos {
            out.push(Action::Harvest { pos, water, extra });
        }
    }
    out
}
