//! Counter builders: a bid (KH 25: one or more counters from the supply), a fixed-size payment
//! (E, G, I, Q, T: KH 37, 39, 41, 51, 54), and the substitutes for counters the stock no longer
//! holds (KH 6). Each screen carries the action with the counters chosen so far; +/- change one
//! counter, and one-click choices (a single counter, a suggested payment) finish at once.

use super::{Item, KhScreen, Out, Panel, Target, crops_text};
use crate::discord::spec::Style;
use crate::games::key_harvest::{Action, Choice, Counters, Crop};
use crate::t;

/// The crops owed by a gain action, if it is one (harvest, A, B, P, V).
fn gain_kind(a: &Action) -> bool {
    matches!(
        a,
        Action::Harvest { .. }
            | Action::Apprentice { .. }
            | Action::CasualWorker { .. }
            | Action::GoodHarvest { .. }
            | Action::RemoteHarvest { .. }
    )
}

/// The substitutes a gain action names.
fn instead_of(a: &Action) -> Vec<Crop> {
    match a {
        Action::Harvest { instead, .. }
        | Action::Apprentice { instead, .. }
        | Action::CasualWorker { instead, .. }
        | Action::RemoteHarvest { instead, .. } => instead.clone(),
        Action::GoodHarvest { instead, .. } => instead.iter().copied().collect(),
        _ => Vec::new(),
    }
}

/// The gain action with these substitutes.
fn with_instead(a: &Action, v: Vec<Crop>) -> Action {
    let mut a = a.clone();
    match &mut a {
        Action::Harvest { instead, .. }
        | Action::Apprentice { instead, .. }
        | Action::CasualWorker { instead, .. }
        | Action::RemoteHarvest { instead, .. } => *instead = v,
        Action::GoodHarvest { instead, .. } => *instead = v.first().copied(),
        _ => {}
    }
    a
}

/// The counters of a bid or payment action.
fn counters_of(a: &Action) -> Option<Counters> {
    match a {
        Action::TakeFromRegistry { bid, .. } | Action::Storekeeper { bid, .. } => Some(*bid),
        Action::SkilledWorker { payment, .. }
        | Action::Merchant { payment, .. }
        | Action::Bailiff { payment, .. }
        | Action::LuckyDip { payment, .. }
        | Action::QuickSale { payment, .. } => Some(*payment),
        _ => None,
    }
}

/// The bid or payment action with these counters.
pub(super) fn with_counters(a: &Action, c: Counters) -> Action {
    let mut a = a.clone();
    match &mut a {
        Action::TakeFromRegistry { bid, .. } | Action::Storekeeper { bid, .. } => *bid = c,
        Action::SkilledWorker { payment, .. }
        | Action::Merchant { payment, .. }
        | Action::Bailiff { payment, .. }
        | Action::LuckyDip { payment, .. }
        | Action::QuickSale { payment, .. } => *payment = c,
        _ => {}
    }
    a
}

/// `k` counters from `supply`, taking from the crops held most first (a payment that keeps
/// the supply as even as it can).
pub(super) fn suggest(supply: Counters, k: u32) -> Counters {
    let mut left = supply;
    let mut out = Counters::ZERO;
    for _ in 0..k {
        let Some(c) = Crop::ALL
            .into_iter()
            .filter(|c| left.get(*c) > 0)
            .max_by_key(|c| (left.get(*c), std::cmp::Reverse(c.index())))
        else {
            break;
        };
        left.0[c.index()] -= 1;
        out.0[c.index()] += 1;
    }
    out
}

fn plus(c: Counters, crop: Crop) -> Counters {
    let mut c = c;
    c.0[crop.index()] += 1;
    c
}

fn minus(c: Counters, crop: Crop) -> Counters {
    let mut c = c;
    c.0[crop.index()] = c.0[crop.index()].saturating_sub(1);
    c
}

impl Panel<'_> {
    /// Under the one-click `quick` choices, a "+" for each crop of the supply (off once `full`
    /// or once all of that crop is in) and a "−" for each crop in `so_far` (at zero it would be
    /// this very screen): each opens `screen` on `a` again with one counter more or fewer.
    fn plus_minus(
        &self,
        out: &mut Out,
        a: &Action,
        so_far: Counters,
        full: bool,
        screen: fn(Box<Action>) -> KhScreen,
        quick: Vec<Item>,
    ) {
        let supply = self.supply();
        // The button that opens the screen again with `counters`, labelled `sign` and the crop.
        let step = |counters: Counters, sign: &str, c: Crop| {
            let again = screen(Box::new(with_counters(a, counters)));
            Item::go(again, format!("{sign} {}", self.crop(c)))
        };
        let adds = supply
            .crops()
            .map(|c| step(plus(so_far, c), "+", c).off(full || so_far.get(c) >= supply.get(c)))
            .collect();
        let subs = so_far
            .crops()
            .map(|c| step(minus(so_far, c), "−", c))
            .collect();
        self.buttons(out, quick);
        self.buttons(out, adds);
        self.buttons(out, subs);
    }

    /// What a gain action owes: the crops of its tiles (or the chosen crop).
    fn owed(&self, a: &Action) -> Option<Counters> {
        Some(match a {
            Action::Harvest { tiles, .. }
            | Action::CasualWorker { tiles, .. }
            | Action::RemoteHarvest { tiles, .. } => Counters::of(
                &tiles
                    .iter()
                    .map(|&t| self.board.crop(t))
                    .collect::<Vec<_>>(),
            ),
            Action::Apprentice { tile, .. } => Counters::one(self.board.crop(*tile)),
            Action::GoodHarvest { crop, .. } => Counters::one(*crop),
            _ => return None,
        })
    }

    /// KH 6 for a gain action: (counters the stock is short of, what the stock holds once the
    /// owed crops and the substitutes named are taken).
    fn shortage(&self, a: &Action) -> Option<(u32, Counters)> {
        let owed = self.owed(a)?;
        let stock = self.stock();
        let got = owed.min(&stock);
        let short = owed.total() - got.total();
        let mut left = stock;
        left.sub(&got);
        for c in instead_of(a) {
            left.0[c.index()] = left.0[c.index()].saturating_sub(1);
        }
        Some((short, left))
    }

    /// Where a gain action's control leads: the substitutes screen when the stock is short of
    /// an owed crop and holds another (KH 6), else the action itself.
    pub(super) fn gain_target(&self, a: Action) -> Target {
        match self.shortage(&a) {
            Some((short, left)) if short > 0 && !left.is_empty() => {
                Target::Go(KhScreen::Instead(Box::new(a)))
            }
            _ => Target::Act(a),
        }
    }

    /// `gives 2 wheat, 1 wine` (noting a crop the stock is out of).
    pub(super) fn gain_text(&self, a: &Action) -> String {
        let Some(owed) = self.owed(a) else {
            return String::new();
        };
        let got = owed.min(&self.stock());
        let short = owed.total() - got.total();
        if short == 0 {
            t!("kh-gives", counters = self.cs(&owed))
        } else {
            t!("kh-gives-short", counters = self.cs(&got), short = short)
        }
    }

    /// KH 6: substitutes for counters the stock no longer holds.
    pub(super) fn instead(&self, out: &mut Out, a: &Action) -> bool {
        if !gain_kind(a) || self.accepts(a).is_err() {
            return false;
        }
        let Some((short, left)) = self.shortage(a) else {
            return false;
        };
        let named = instead_of(a);
        let owed = self.owed(a).unwrap_or_default();
        let got = owed.min(&self.stock());
        out.lines.push(t!(
            "kh-run-out",
            owed = self.cs(&owed),
            got = self.cs(&got),
            short = short
        ));
        if !named.is_empty() {
            out.lines.push(t!(
                "kh-instead-so-far",
                counters = crops_text(self.board, &named)
            ));
        }
        out.lines
            .push(t!("kh-stock-still-holds", counters = self.cs(&left)));
        let room = (named.len() as u32) < short;
        let adds: Vec<Item> = left
            .crops()
            .map(|c| {
                let mut v = named.clone();
                v.push(c);
                Item::go(
                    KhScreen::Instead(Box::new(with_instead(a, v))),
                    t!("kh-plus-instead", crop = self.crop(c)),
                )
                .off(!room)
            })
            .collect();
        self.buttons(out, adds);
        let mut done = vec![
            Item::act(
                a.clone(),
                if named.is_empty() {
                    t!("kh-take-nothing-instead", counters = self.cs(&got))
                } else {
                    t!(
                        "kh-take-plus-instead",
                        counters = self.cs(&got),
                        instead = crops_text(self.board, &named)
                    )
                },
            )
            .style(Style::Success),
        ];
        if !named.is_empty() {
            done.push(Item::act(
                with_instead(a, Vec::new()),
                t!("kh-nothing-instead"),
            ));
        }
        self.buttons(out, done);
        true
    }

    /// The registry tile of a bid action, if this seat may bid for it now.
    fn bid_open(&self, a: &Action) -> bool {
        self.find(|c| match (a, c) {
            (Action::TakeFromRegistry { tile, .. }, Choice::TakeFromRegistry { tiles })
            | (Action::Storekeeper { tile, .. }, Choice::Storekeeper { tiles }) => {
                Some(tiles & (1u64 << tile) != 0)
            }
            _ => None,
        })
        .unwrap_or(false)
    }

    /// KH 25: a bid being built. One click bids a single counter; +/- build any other bid.
    pub(super) fn bid(&self, out: &mut Out, a: &Action) -> bool {
        let (Some(bid), true) = (counters_of(a), self.bid_open(a)) else {
            return false;
        };
        let supply = self.supply();
        let tile = match a {
            Action::TakeFromRegistry { tile, .. } | Action::Storekeeper { tile, .. } => *tile,
            _ => return false,
        };
        if !supply.contains(&bid) || supply.is_empty() {
            return false;
        }
        out.lines.push(t!("kh-bid-intro", tile = self.tile(tile)));
        out.lines
            .push(t!("kh-bid-so-far", counters = self.cs(&bid)));
        let held: Vec<Crop> = supply.crops().collect();
        let quick: Vec<Item> = held
            .iter()
            .map(|&c| {
                Item::act(
                    with_counters(a, Counters::one(c)),
                    t!("kh-bid-one", crop = self.crop_one(c)),
                )
                .style(Style::Primary)
            })
            .collect();
        self.plus_minus(out, a, bid, false, KhScreen::Bid, quick);
        let mut last = Vec::new();
        if !bid.is_empty() {
            last.push(
                Item::act(a.clone(), t!("kh-bid", counters = self.cs(&bid))).style(Style::Success),
            );
        }
        last.extend(self.decline(&t!("kh-decline")));
        self.buttons(out, last);
        true
    }

    /// The number of counters a payment action must hold now, if it is open to this seat.
    fn pay_size(&self, a: &Action) -> Option<u32> {
        self.find(|c| match (a, c) {
            (Action::SkilledWorker { owner, tile, .. }, Choice::SkilledWorker { tiles })
            | (Action::Merchant { owner, tile, .. }, Choice::Merchant { tiles }) => tiles
                .iter()
                .find(|(o, t, _)| o == owner && t == tile)
                .map(|(_, _, need)| *need),
            (Action::Bailiff { owner, tile, .. }, Choice::Bailiff { tiles }) => {
                tiles.contains(&(*owner, *tile)).then_some(3)
            }
            (Action::LuckyDip { registry, .. }, Choice::LuckyDip { registry: set }) => {
                match registry {
                    None => (*set == 0).then_some(2),
                    Some(t) => (set & (1u64 << t) != 0).then_some(2),
                }
            }
            (Action::QuickSale { tile, .. }, Choice::QuickSale { tiles }) => {
                (tiles & (1u64 << tile) != 0).then_some(3)
            }
            _ => None,
        })
    }

    /// The control for a payment decision: the payment screen, or the action itself when the
    /// supply holds exactly the counters due (the only possible payment). None when the
    /// supply is too small (the reason is the caller's).
    pub(super) fn pay_target(&self, a: &Action, size: u32) -> Option<Target> {
        let supply = self.supply();
        if supply.total() < size {
            return None;
        }
        Some(if supply.total() == size {
            Target::Act(with_counters(a, supply))
        } else {
            Target::Go(KhScreen::Pay(Box::new(with_counters(a, Counters::ZERO))))
        })
    }

    /// A fixed-size payment being built: a suggested payment and single-crop payments in one
    /// click, or any other payment counter by counter.
    pub(super) fn pay(&self, out: &mut Out, a: &Action) -> bool {
        let (Some(paid), Some(size)) = (counters_of(a), self.pay_size(a)) else {
            return false;
        };
        let supply = self.supply();
        if !supply.contains(&paid) || paid.total() > size || supply.total() < size {
            return false;
        }
        out.lines
            .push(t!("kh-pay-intro", what = self.payment_what(a), size = size));
        out.lines.push(t!(
            "kh-pay-so-far",
            counters = self.cs(&paid),
            count = paid.total(),
            size = size
        ));
        let mut quick: Vec<Item> = Vec::new();
        let suggested = suggest(supply, size);
        quick.push(
            Item::act(
                with_counters(a, suggested),
                t!("kh-pay", counters = self.cs(&suggested)),
            )
            .style(Style::Primary),
        );
        for c in supply.crops() {
            if u32::from(supply.get(c)) >= size {
                let mut one = Counters::ZERO;
                one.0[c.index()] = size as u8;
                if one != suggested {
                    quick.push(Item::act(
                        with_counters(a, one),
                        t!("kh-pay", counters = self.cs(&one)),
                    ));
                }
            }
        }
        quick.truncate(5);
        let full = paid.total() >= size;
        self.plus_minus(out, a, paid, full, KhScreen::Pay, quick);
        let mut last = Vec::new();
        if full {
            last.push(
                Item::act(a.clone(), t!("kh-pay", counters = self.cs(&paid))).style(Style::Success),
            );
        }
        last.extend(self.decline(&t!("kh-decline")));
        self.buttons(out, last);
        true
    }

    /// What a payment buys, in words.
    fn payment_what(&self, a: &Action) -> String {
        match a {
            Action::SkilledWorker { owner, tile, .. } => t!(
                "kh-pay-skilled",
                tile = self.tile(*tile),
                name = self.who(*owner)
            ),
            Action::Merchant { owner, tile, .. } => t!(
                "kh-pay-merchant",
                tile = self.tile(*tile),
                name = self.who(*owner)
            ),
            Action::Bailiff { owner, tile, .. } => t!(
                "kh-pay-bailiff",
                tile = self.tile(*tile),
                name = self.who(*owner)
            ),
            Action::LuckyDip { registry: None, .. } => t!("kh-pay-lucky-bag"),
            Action::LuckyDip {
                registry: Some(x), ..
            } => t!("kh-pay-lucky-registry", tile = self.tile(*x)),
            Action::QuickSale { tile, .. } => {
                t!("kh-pay-quick-sale", tile = self.tile(*tile))
            }
            _ => String::new(),
        }
    }
}
