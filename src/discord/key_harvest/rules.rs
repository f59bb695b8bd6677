//! `/kh rules [topic]`: the rules of Key Harvest in our own words (from README.md's Key Harvest
//! section and KEY-HARVEST-RULINGS.md), by topic, each within one embed. A worker's or an event's
//! name or letter opens its topic; an unknown topic answers with the list of topics.

use crate::discord::spec::{self, EmbedSpec, MessageSpec, limits};
use crate::games::key_harvest::{EventTile, Worker};

const COLOUR: u32 = 0x8BC34A;

/// Topic names with a line saying what each holds.
const TOPICS: &[(&str, &str)] = &[
    ("overview", "what the game is about, the pieces, how to win"),
    (
        "setup",
        "start player, start pairs, starting counters, the bag",
    ),
    (
        "turn",
        "two different actions, their order, the end of a turn",
    ),
    (
        "actions",
        "(a) harvest, (b) workers, (c) buying from stores, (d) registry and bids",
    ),
    ("workers", "the 12 workers A-L and what each does"),
    ("events", "the 14 events M-Z and what each does"),
    (
        "drawing",
        "refills, event draws, a tile landing on a worker",
    ),
    (
        "end",
        "the ? space, the tenth event, final turns and scoring",
    ),
    ("information", "what is public and what is hidden"),
    (
        "rulings",
        "the KH rulings where the published text is silent",
    ),
    (
        "discord",
        "playing here: the table message, your screen, reminders",
    ),
];

/// The rules topics `/kh rules` offers (for autocomplete).
pub fn rules_topics() -> Vec<&'static str> {
    TOPICS.iter().map(|(t, _)| *t).collect()
}

fn topic_text(topic: &str) -> Option<(&'static str, &'static str)> {
    Some(match topic {
        "overview" => (
            "Key Harvest · overview",
            "You farm land in a kingdom with a land registry. Every plot has a **field tile** showing \
             its **reference** (like `C4`) and its **crop**: hops, vegetables, cider apples, wine or \
             wheat. A tile can only ever go on the space with its own reference on your **country \
             board** (56 hexes, rows A-G, columns 1-8).\n\n\
             **The pieces:** 56 field tiles; 60 crop counters (12 per crop); per player 6 farmhands \
             (workers A-F) and a **store** for 2 tiles; 6 shared townsfolk (workers G-L); 14 event \
             tiles M-Z; a town board with 10 event spaces, the free townsfolk and the **registry** of \
             6 tiles on offer.\n\n\
             **The idea:** bid crop counters for registry tiles, which wait in your store where \
             others may buy them out from under you by paying your bid; harvest your fields for more \
             counters; play workers for their abilities and points. Events drawn from the bag shake \
             things up.\n\n\
             **To win:** most points at the end. You score your workers' numbers, your largest group \
             of linked field tiles (1 per tile), your second largest (2 per tile!) and 1 per crop you \
             hold strictly the most counters of. Two big, equal groups beat one huge one.\n\n\
             Topics: setup, turn, actions, workers, events, drawing, end, information, rulings, discord.",
        ),
        "setup" => (
            "Setup (KH 9-13)",
            "**Start player:** a random player picks who starts (anyone, themselves included); play \
             goes round in seat order.\n\n\
             **Start pairs:** there are four coloured start pairs of tiles. Each player draws one \
             pair and places both tiles on their board. With 2 or 3 players the pairs nobody drew go \
             into the bag with the other tiles.\n\n\
             **Starting counters:** a small pool, chosen at random:\n\
             - 2 players: one counter of each crop plus a second of one crop; each player gets one \
             of the doubled crop and two others, openly.\n\
             - 3 players: 2 each of four crops, 1 of the fifth (9 in all).\n\
             - 4 players: 3 each of two crops, 2 each of the other three (12 in all).\n\
             With 3-4 players each draws 3 at random, and the others see them only as \"?\" until \
             they are spent. Everyone knows the pool's make-up.\n\n\
             **The rest:** the other counters are the **stock**. All other field tiles go in the \
             bag and 6 are drawn into the registry; only then do the events go in: all 14 with 2 \
             players, 12 with 3-4 (2 are removed unseen and shown at the end).",
        ),
        "turn" => (
            "Your turn (KH 14-17)",
            "On your turn do **up to two different actions**, each at most once:\n\
             **(a)** harvest · **(b)** play or remove a worker · **(c)** take tiles from stores \
             onto your board · **(d)** take registry tiles into your store.\n\
             (See the **actions** topic for each.)\n\n\
             **Order:** any order, except that (c) may never follow (d) in the same turn. Only the \
             actions themselves are ordered: a storekeeper's store placement is not (d), and a \
             merchant's purchase is not (c).\n\n\
             **One, two or none:** one action is fine, and so is none. A worker's ability is part \
             of the (b) that played it. Putting back a worker a tile pushed off its space is a bonus, \
             not an action.\n\n\
             **End of turn:** you end it yourself, or it ends once you have done two actions and \
             everything they set off is resolved (unless a second tile of (c) or (d) is still \
             open to you). Then the next seat plays.\n\n\
             **Stalemate:** if a whole round passes in which nobody does any action, the game ends \
             and is scored (our ruling, KH 17).",
        ),
        "actions" => (
            "The four actions (KH 18-25)",
            "**(a) Harvest.** Pick one **group** on your board (tiles linked through neighbouring \
             field tiles) and turn over any of its unharvested tiles; they need not touch each \
             other. Take one counter of each turned tile's crop from the stock. If a crop has run \
             out, you may take another crop the stock still has (KH 6).\n\n\
             **(b) Workers.** Play one of your farmhands, or a free townsfolk, onto your board, or \
             take one of your workers off (it goes back). A worker goes on an empty space, or on \
             one of your workers with a strictly lower number (which goes back). The space needs at \
             least as many neighbouring field tiles as the worker's number (harvested or not) and \
             no neighbouring worker. Its ability then acts once (see **workers**).\n\n\
             **(c) Buy from stores.** Take one or two tiles from any stores, one at a time, onto \
             your board. From your own store your bid goes to the stock. From another player's \
             store you pay them **exactly** its bid, crop for crop; they keep both the bid and your \
             payment. No exact match, no tile.\n\n\
             **(d) Registry and bids.** With room in your store (2 tiles), take a registry tile \
             into it and put a **bid** of one or more counters beside it, openly. A bid is final: \
             never changed, added to or moved. The registry is refilled at once; then you may take \
             a second tile. A store tile stays until someone acquires it or the game ends.",
        ),
        "workers" => (
            "The workers A-L (KH 33-44)",
            "Farmhands A-F are your own; townsfolk G-L are shared. The number is the worker's \
             points and its neighbour minimum. Only F is mandatory.\n\
             **A Apprentice 1:** one counter of the crop of a neighbouring unharvested tile (the \
             tile stays unharvested).\n\
             **B Casual worker 1:** the same for up to two different neighbouring tiles.\n\
             **C Labourer 2:** any two counters of your choice from the stock.\n\
             **D Unskilled worker 2:** turn any of its neighbouring harvested tiles back to \
             unharvested.\n\
             **E Skilled worker 3:** buy a tile from another player's store for one counter more \
             than its bid (any crops); the owner keeps bid and payment.\n\
             **F Supervisor 3 (must):** send one tile of your board (any) to the fallow area, out \
             of the game. Every time it acts.\n\
             **G Merchant 4:** buy a tile from another store for as many counters as its bid, any \
             crops.\n\
             **H Storekeeper 4:** with room and a counter, take a registry tile into your store with \
             a bid; the registry refills. Not action (d).\n\
             **I Bailiff 4:** take an **unconnected** tile (no neighbouring field tile) from another \
             board, paying its owner exactly 3 counters.\n\
             **J Lawyer 5:** use another of your workers' ability again, where it stands (not its \
             own).\n\
             **K Trader 5:** draw a tile from the bag (events drawn are set aside) and keep it or \
             send it to the fallow area; with no field tile in the bag, do that with a registry \
             tile instead.\n\
             **L Benefactor 5:** take a registry tile for free; the registry refills.\n\n\
             A worker acts once when played, again if a tile pushes it off and you put it back \
             (KH 26), and when the lawyer copies it. Later changes around it never move it.",
        ),
        "events" => (
            "The events M-Z (KH 45-60)",
            "A drawn event goes on the lowest free space of the town board and is resolved at once, \
             for each player in turn from the one who drew it, except S and Z (the drawer only). \
             O, S, W and Z must be done as far as possible; the others may be declined.\n\
             **M Blind swap:** send one of your tiles to the fallow area and acquire a tile drawn \
             from the bag (only while the bag holds one).\n\
             **N Exchange:** give another player any tile of yours for one of their unconnected \
             tiles.\n\
             **O Give away:** everyone passes one tile to the left. A receiver may pass on what \
             they got (not the last one), or pass one of their own and then keep or discard what \
             they got; the drawer receives last.\n\
             **P Good harvest:** one counter of the crop you have most unharvested tiles of.\n\
             **Q Lucky dip:** pay 2 counters to the stock for a tile drawn from the bag (with none \
             left, a registry tile).\n\
             **R New crop:** turn up to two harvested tiles back.\n\
             **S New registry:** the registry goes back in the bag and is drawn afresh.\n\
             **T Quick sale:** pay 3 counters to the stock for a registry tile; the drawer refills \
             after everyone.\n\
             **U Registry swap:** swap one of your tiles with a registry tile.\n\
             **V Remote harvest:** harvest any of your unconnected unharvested tiles.\n\
             **W Replacement:** draw a tile; keep it by sending one of yours to the fallow area, or \
             discard it.\n\
             **X Reposition:** move one of your workers to another legal space; it does not act.\n\
             **Y Vacation:** take one of your workers back.\n\
             **Z Windfall:** the drawer hands every player, themselves too, a counter of the \
             drawer's choice from the stock.",
        ),
        "drawing" => (
            "Drawing and chains (KH 26-32)",
            "**Refills:** after (d), the storekeeper and the benefactor, tiles are drawn until the \
             registry is full again or the bag is empty. A drawn event is placed and resolved at \
             once, then drawing goes on.\n\n\
             **Event draws:** draws made for an event (M, Q, S, W, T's refill) or the trader set \
             any event they meet aside until a field tile comes; then the set-aside events go back \
             in the bag. If the bag has no field tile at all, the events left are placed and \
             resolved one by one instead.\n\n\
             **Events never nest:** an event drawn while another is being resolved is placed at \
             once but resolved only when the first has finished for everyone.\n\n\
             **A tile on your worker:** a tile you acquire always goes on the space with its \
             reference, unharvested side up. If one of your workers stands there, it comes off; you \
             may put it straight on another legal space (it may replace a lower worker), where it \
             **acts again** (a supervisor must). Otherwise it goes back. Such chains are finished \
             before anything else goes on.",
        ),
        "end" => (
            "The end and scoring (KH 61-67)",
            "**The ? space:** when an event lands on space 7 and any player has fewer than 7 tiles \
             on their board (fields and workers), the events on spaces 1 and 2 go back in the bag \
             and the others move down two spaces, unless the bag holds no field tile.\n\n\
             **The tenth event** is resolved, the turn in progress finishes, then everyone takes \
             **two more turns** in seat order; the player whose turn it was takes the very last. \
             Events drawn after the tenth are removed without effect. A whole round without any \
             action also ends the game (KH 17).\n\n\
             **Scoring:**\n\
             - **Workers:** the numbers of your workers on your board.\n\
             - **Largest group:** 1 point per tile.\n\
             - **Second largest group:** 2 points per tile (two equal groups still count as first \
             and second: 6 and 6 score 18).\n\
             - **Crops:** 1 point for each crop you hold strictly more counters of than everyone \
             else; a tie for the most (even at zero) scores nothing for anyone. Bids don't count.\n\n\
             **Ties:** most field tiles on the board, then most counters; still level, the win is \
             shared.\n\n\
             The running score on the table leaves out crop points, which could give away hidden \
             counters.",
        ),
        "information" => (
            "What is public (KH 68-70)",
            "**Public:** every board, store and bid, the registry, the fallow area, the town board \
             and free townsfolk, each player's farmhands left, the stock's counts, every event \
             drawn, set aside, returned or ignored, how many field tiles and events the bag holds, \
             and each player's number of counters.\n\n\
             **Counters:** everything after setup moves in the open: harvests, worker and event \
             gains, bids, purchases and payments. So everyone sees each supply by crop, except \
             that with 3-4 players a player's 3 starting counters show as **\"?\"** until spent. \
             Paying a crop nobody knew you had reveals one \"?\" as that crop. You always see your \
             own supply in full (on **My screen**), and all supplies are shown at the end.\n\n\
             **Hidden:** the order of the bag; with 3-4 players the 2 events removed at setup \
             (until the end); and the crops of unspent starting counters.",
        ),
        "rulings" => (
            "Our rulings (KH n)",
            "Where the published text is silent or unclear, we rule:\n\
             - **KH 6** a crop out of stock may be replaced by any crop left, own crops first.\n\
             - **KH 10** unused start pairs go into the bag (2-3 players).\n\
             - **KH 11-12** which crops the starting pool doubles or triples is random.\n\
             - **KH 15** only actions are ordered: storekeeper then (c), (d) then merchant are fine.\n\
             - **KH 17** a whole round without an action ends the game.\n\
             - **KH 26** a displaced worker may replace a lower worker.\n\
             - **KH 28** a refill fills every empty registry space.\n\
             - **KH 31** events never interrupt one another; they wait their turn.\n\
             - **KH 35** the labourer chooses its counters.\n\
             - **KH 42** the lawyer cannot copy itself.\n\
             - **KH 43** the trader's registry choice when the bag has no field tile.\n\
             - **KH 47** blind swap only while the bag holds a field tile.\n\
             - **KH 49** give away: pass first, then keep or discard; the drawer receives last.\n\
             - **KH 51, 54** lucky dip and quick sale pay the stock.\n\
             - **KH 57** replacement keeps a tile only in exchange for one.\n\
             - **KH 60** windfall goes clockwise from the drawer.\n\
             - **KH 61** the ? check happens when the event is placed; nothing moves if the bag has \
             no field tile.\n\
             - **KH 62** the final turns count from the player on turn.\n\
             - **KH 63** events after the tenth are ignored.\n\
             - **KH 65-66** equal groups are first and second; a shared top crop count scores nothing.\n\
             - **KH 67** a tie after both tie-breaks is a shared win (a rematch, not a replay).\n\
             - **KH 69-70** running scores leave out crop points; payments between players are \
             public.\n\
             Also: the printed text's \"action (d)\" for placing store tiles on a board means (c).",
        ),
        "discord" => (
            "Playing Key Harvest here",
            "**Join** a table from its message; the host presses **Start**.\n\
             The **table message** is edited after every action: whose turn it is and what the \
             game waits for, the registry, the event track, the townsfolk, the stock, the bag, the \
             fallow area, and each player's score so far, counters, store with bids and workers.\n\
             **My screen** opens your private screen (only you see it): your counters by crop and \
             every choice you have now. Old screens refuse stale clicks and show a fresh one.\n\
             **Boards** shows every country board as a hex drawing: `[H]` unharvested, `(h)` \
             harvested, `<4>` a worker, and an empty space shows its reference. Rows B, D and F \
             are shifted half a hex, so each hex sits between its neighbours above and below.\n\
             **Log** shows what happened recently; each action is also told in the game's thread.\n\
             Games are asynchronous: one player decides at a time, and whoever holds the game up \
             gets a reminder after the table's delay.",
        ),
        _ => return None,
    })
}

/// The topic a query names: a topic, a common word for one, or a worker's or event's name or
/// letter.
fn resolve(q: &str) -> Option<&'static str> {
    let t = q.trim().to_lowercase().replace(['_', ' '], "-");
    let alias = match t.as_str() {
        "harvest" | "action" | "stores" | "store" | "registry" | "bids" | "bid" | "bidding" => {
            "actions"
        }
        "worker" | "townsfolk" | "farmhands" => "workers",
        "event" => "events",
        "scoring" | "score" | "scores" | "winning" | "game-end" | "tie" | "ties" => "end",
        "hidden" | "public" | "counters" | "info" => "information",
        "ruling" | "kh" | "our-rulings" => "rulings",
        "help" | "bot" | "screen" | "table" => "discord",
        "start" | "set-up" => "setup",
        "turns" => "turn",
        "refill" | "draws" | "chains" | "reposition-bonus" => "drawing",
        other => other,
    };
    if let Some(&(topic, _)) = TOPICS.iter().find(|(name, _)| *name == alias) {
        return Some(topic);
    }
    let raw = q.trim();
    if Worker::parse(raw).is_some() {
        return Some("workers");
    }
    if EventTile::parse(raw).is_some() {
        return Some("events");
    }
    None
}

/// The list of topics, one line each.
fn topic_list() -> String {
    TOPICS
        .iter()
        .map(|(t, what)| format!("**{t}** · {what}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A rules topic (see [`rules_topics`]); `None` gives the overview. An unknown topic answers
/// with the list of topics.
pub fn rules(topic: Option<&str>) -> MessageSpec {
    let asked = topic.map(str::trim).filter(|t| !t.is_empty());
    let embed = match asked {
        None => topic_text("overview").map(|(t, b)| (t.to_string(), b.to_string())),
        Some(q) => resolve(q)
            .and_then(topic_text)
            .map(|(t, b)| (t.to_string(), b.to_string())),
    };
    let mut m = MessageSpec::default();
    match embed {
        Some((title, body)) => m.embeds.push(EmbedSpec {
            title,
            description: body,
            color: COLOUR,
            footer: Some(format!(
                "/kh rules topic: {} · a worker's or event's name or letter works too.",
                rules_topics().join(", ")
            )),
            ..Default::default()
        }),
        None => {
            m.content = spec::clip(
                &format!(
                    "There is no rules topic called \"{}\". Here are the topics:",
                    crate::discord::ui::esc(asked.unwrap_or_default())
                ),
                limits::CONTENT,
            );
            m.embeds.push(EmbedSpec {
                title: "Key Harvest rules: topics".to_string(),
                description: format!(
                    "{}\n\nA worker's or event's name or letter (\"lawyer\", \"J\", \"windfall\") \
                     opens its topic too.",
                    topic_list()
                ),
                color: COLOUR,
                ..Default::default()
            });
        }
    }
    for e in &mut m.embeds {
        e.description = spec::clip(&e.description, limits::DESCRIPTION);
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_of(m: &MessageSpec) -> String {
        let mut s = m.content.clone();
        for e in &m.embeds {
            s.push_str(&e.title);
            s.push_str(&e.description);
        }
        s
    }

    #[test]
    fn every_topic_fits_and_has_its_own_text() {
        let mut titles = Vec::new();
        for t in rules_topics() {
            let m = rules(Some(t));
            spec::check(&m).unwrap_or_else(|e| panic!("{t}: {e}"));
            assert!(m.content.is_empty(), "{t} is a known topic");
            let e = &m.embeds[0];
            // Nothing was clipped: every topic fits whole.
            assert!(!e.description.ends_with('…'), "{t} was cut");
            assert!(e.description.chars().count() < limits::DESCRIPTION);
            titles.push(e.title.clone());
        }
        titles.sort();
        titles.dedup();
        assert_eq!(titles.len(), rules_topics().len());
        spec::check(&rules(None)).unwrap();
        assert!(text_of(&rules(None)).contains("overview"));
    }

    #[test]
    fn the_required_topics_exist() {
        for t in [
            "overview", "turn", "actions", "workers", "events", "end", "rulings",
        ] {
            assert!(rules_topics().contains(&t), "{t}");
        }
    }

    #[test]
    fn every_worker_and_event_is_described() {
        let workers = text_of(&rules(Some("workers")));
        for w in Worker::ALL {
            assert!(
                workers.contains(&format!("**{} ", w.letter())),
                "{}",
                w.name()
            );
            assert!(workers.to_lowercase().contains(w.name()), "{}", w.name());
        }
        let events = text_of(&rules(Some("events")));
        for e in EventTile::ALL {
            assert!(
                events.contains(&format!("**{} ", e.letter())),
                "{}",
                e.name()
            );
            assert!(events.to_lowercase().contains(e.name()), "{}", e.name());
        }
        let actions = text_of(&rules(Some("actions"))).to_lowercase();
        for word in ["harvest", "worker", "store", "registry", "bid"] {
            assert!(actions.contains(word), "{word}");
        }
    }

    #[test]
    fn aliases_names_and_letters_open_their_topic() {
        assert_eq!(rules(Some("harvest")), rules(Some("actions")));
        assert_eq!(rules(Some("Bids")), rules(Some("actions")));
        assert_eq!(rules(Some("scoring")), rules(Some("end")));
        assert_eq!(rules(Some("lawyer")), rules(Some("workers")));
        assert_eq!(rules(Some("J")), rules(Some("workers")));
        assert_eq!(rules(Some("windfall")), rules(Some("events")));
        assert_eq!(rules(Some("z")), rules(Some("events")));
        assert_eq!(rules(Some("  ")), rules(None));
    }

    #[test]
    fn an_unknown_topic_lists_the_topics() {
        let m = rules(Some("chess <@everyone>"));
        spec::check(&m).unwrap();
        assert!(m.content.contains("no rules topic"));
        assert!(!m.content.contains("<@everyone>"));
        let text = text_of(&m);
        for t in rules_topics() {
            assert!(text.contains(&format!("**{t}**")), "{t}");
        }
        let long = "x".repeat(5000);
        spec::check(&rules(Some(&long))).unwrap();
    }

    #[test]
    fn the_rulings_topic_cites_kh_rulings() {
        let text = text_of(&rules(Some("rulings")));
        for n in ["KH 6", "KH 17", "KH 26", "KH 31", "KH 61", "KH 62", "KH 67"] {
            assert!(text.contains(n), "{n}");
        }
    }
}
