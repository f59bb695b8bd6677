//! The rulebook's score pad as a text table (ruling 18), one column per player, and the winner
//! line with the tie-break that decided it (ruling 19).

use super::{and_list, seat_name};
use crate::games::fields_of_green::Deck;
use crate::games::fields_of_green::game::scoring::{ScorePad, TieBreak, standings, winners};
use crate::render::phone::text_width;
use crate::render::{Placed, japanese, tie_groups};

/// Width of the row labels (`Game End total`); cells are right-aligned and never fill their
/// column, so a label and the first number never touch.
const LABEL: usize = 14;

/// A name as it can stand in a monospaced column: characters that take one column (ASCII and the
/// accented Latin letters), at most `width` of them. Emoji and CJK take two columns on most
/// clients and would shift the whole table, so they are dropped; an empty result falls back to
/// `P1`, `P2`, ...
fn column_name(names: &[String], seat: usize, width: usize) -> String {
    let clean: String = seat_name(names, seat)
        .chars()
        .filter(|&c| c.is_ascii_graphic() || c == ' ' || ('\u{c0}'..='\u{24f}').contains(&c))
        .take(width)
        .collect();
    let clean = clean.trim().to_string();
    if clean.is_empty() {
        format!("P{}", seat + 1)
    } else {
        clean
    }
}

/// Whether a line of the pad is its Total line (in the language in scope): what follows it are
/// notes.
pub fn is_total_line(line: &str) -> bool {
    line.starts_with(&crate::t!("fog-pad-total"))
}

/// The score pad: a header of player names (in the final order, [`standings`]), the pad's lines (Cards/Tokens, Equipment, Money,
/// Food, Water Towers, each Game End ability with its location's code, the Game End total),
/// the Total, then notes (VP tokens, set-aside tiles, coins paid for repeats) and the winner line.
///
/// At most 56 characters wide for up to 6 players (54 for 4), so it fits a code block on a phone
/// or an embed field. Table lines are ASCII-only except for accented letters in names.
pub fn render_score_pad(deck: &Deck, pads: &[ScorePad], names: &[String]) -> String {
    if pads.is_empty() {
        return crate::t!("fog-pad-no-scores");
    }
    // Columns in the final order of every screen (ruling 19's order at every place).
    let ordered: Vec<ScorePad> = standings(pads)
        .iter()
        .filter_map(|(seat, _)| pads.iter().find(|p| p.seat == *seat).cloned())
        .collect();
    let pads = &ordered[..];
    // Columns widen for long names while 4 players still fit in 54 characters; 5-6 players get 7.
    let longest = (0..pads.len())
        .map(|i| seat_name(names, pads[i].seat).chars().count())
        .max()
        .unwrap_or(0);
    let col = if pads.len() <= 4 {
        (longest + 1).clamp(7, 10)
    } else {
        7
    };

    let numbers =
        |f: fn(&ScorePad) -> u32| pads.iter().map(|p| f(p).to_string()).collect::<Vec<_>>();
    let mut rows: Vec<(String, Vec<String>)> = vec![
        (crate::t!("fog-pad-cards"), numbers(|p| p.cards + p.tokens)),
        (crate::t!("fog-pad-equipment"), numbers(|p| p.equipment)),
        (crate::t!("fog-pad-money"), numbers(|p| p.money)),
        (crate::t!("fog-pad-food"), numbers(|p| p.food)),
        (
            crate::t!("fog-pad-water-towers"),
            numbers(|p| p.water_towers),
        ),
    ];
    // The pad's small squares: one line per Game End location, shown by its code.
    let abilities = pads.iter().map(|p| p.game_end.len()).max().unwrap_or(0);
    for k in 0..abilities {
        let cells = pads
            .iter()
            .map(|p| match p.game_end.get(k) {
                Some(line) => {
                    let code = deck
                        .location_by_id(&line.card)
                        .map_or("?", |d| deck.location(d).code.as_str());
                    format!("{code} {}", line.vp)
                }
                None => String::new(),
            })
            .collect();
        let label = if k == 0 {
            crate::t!("fog-pad-game-end")
        } else {
            String::new()
        };
        rows.push((label, cells));
    }
    rows.push((
        crate::t!("fog-pad-game-end-total"),
        numbers(|p| p.game_end_total),
    ));

    // Labels are padded by the columns they take (Japanese labels take two per character).
    let line = |label: &str, cells: &[String]| {
        let cells: String = cells.iter().map(|c| format!("{c:>col$}")).collect();
        let pad = " ".repeat(LABEL.saturating_sub(text_width(label)));
        format!("{label}{pad}{cells}").trim_end().to_string()
    };
    let names_row: Vec<String> = pads
        .iter()
        .map(|p| column_name(names, p.seat, col - 1))
        .collect();
    let mut lines = vec![line("", &names_row)];
    lines.extend(rows.iter().map(|(label, cells)| line(label, cells)));
    lines.push("-".repeat(LABEL + col * pads.len()));
    lines.push(line(&crate::t!("fog-pad-total"), &numbers(|p| p.total)));

    lines.extend(legend(deck, pads));
    lines.extend(pad_notes(pads, names));
    lines.extend(tie_lines(pads, names));
    lines.join("\n")
}

/// The lines under the pad: what its lines hide (VP tokens, set-aside tiles, coins paid for
/// repeats), naming only the players concerned, and the winner line.
pub fn pad_notes(pads: &[ScorePad], names: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    // What the pad's lines hide, one line each, naming only the players concerned.
    let note = |what: &str, f: fn(&ScorePad) -> u32| {
        let who: Vec<String> = pads
            .iter()
            .filter(|p| f(p) > 0)
            .map(|p| format!("{} {}", seat_name(names, p.seat), f(p)))
            .collect();
        (!who.is_empty()).then(|| {
            crate::t!(
                "fog-pad-note",
                what = what,
                who = who.join(&crate::t!("fog-list-sep"))
            )
        })
    };
    out.extend(note(&crate::t!("fog-pad-note-tokens"), |p| p.tokens));
    out.extend(note(&crate::t!("fog-pad-note-set-aside"), |p| p.set_aside));
    out.extend(note(&crate::t!("fog-pad-note-repeats"), |p| p.coins_paid));
    out.push(winner_line(pads, names));
    out
}

/// The Game End lines name their locations by code: which code is which card, as one line.
fn legend(deck: &Deck, pads: &[ScorePad]) -> Option<String> {
    let mut legend: Vec<String> = Vec::new();
    for line in pads.iter().flat_map(|p| &p.game_end) {
        if let Some(d) = deck.location_by_id(&line.card) {
            let entry = crate::t!(
                "fog-pad-legend-entry",
                code = deck.location(d).code.as_str(),
                name = super::card_name(deck, &line.card)
            );
            if !legend.contains(&entry) {
                legend.push(entry);
            }
        }
    }
    (!legend.is_empty()).then(|| {
        crate::t!(
            "fog-pad-legend",
            list = legend.join(&crate::t!("fog-list-sep"))
        )
    })
}

/// What decided the game, as words: `no tie`, `tie broken by most locations`, ...
pub fn tie_break_text(tie: TieBreak) -> String {
    crate::i18n::named_variant("fog-tie", tie)
}

/// One short line for every tie on VP at the end, at every place: the win is decided by most
/// locations, then most coins (ruling 19), and every other place the same way; players still
/// tied share the place. In the final order ([`standings`]). Empty when no two players have the
/// same VP.
pub fn tie_lines(pads: &[ScorePad], names: &[String]) -> Vec<String> {
    let placed: Vec<Placed> = standings(pads)
        .iter()
        .filter_map(|&(seat, place)| {
            let p = pads.iter().find(|p| p.seat == seat)?;
            Some(Placed {
                seat,
                place,
                score: p.total,
                first: p.locations,
                second: p.coins,
            })
        })
        .collect();
    tie_groups(&placed)
        .iter()
        .map(|g| {
            let list: Vec<String> = g
                .members
                .iter()
                .map(|p| {
                    let name = seat_name(names, p.seat);
                    if g.second_read {
                        crate::t!(
                            "fog-tie-entry-coins",
                            name = name,
                            locations = p.first,
                            coins = p.second
                        )
                    } else {
                        crate::t!("fog-tie-entry-locations", name = name, locations = p.first)
                    }
                })
                .collect();
            let by = if g.second_read {
                crate::t!("fog-tie-by-coins")
            } else {
                crate::t!("fog-tie-by-locations")
            };
            let mut line = crate::t!(
                "fog-tie-line",
                vp = g.score,
                by = by,
                list = list.join(&crate::t!("fog-list-sep"))
            );
            for (place, seats) in &g.shared {
                let who: Vec<String> = seats.iter().map(|&s| seat_name(names, s)).collect();
                if !japanese() {
                    line.push(' ');
                }
                line.push_str(&crate::t!(
                    "fog-tie-shared-place",
                    names = and_list(&who),
                    place = *place
                ));
            }
            line
        })
        .collect()
}

/// Who won and why (ruling 19), e.g. `Ann wins with 62 VP.` or
/// `Ann wins: tied with Bob on 60 VP, tie broken by most locations (25 to 23).`
pub fn winner_line(pads: &[ScorePad], names: &[String]) -> String {
    let (won, tie) = winners(pads);
    let Some(first) = won.first().and_then(|&s| pads.iter().find(|p| p.seat == s)) else {
        return crate::t!("fog-no-winner");
    };
    let name = |seat: usize| seat_name(names, seat);
    let vp = first.total;
    // Those tied on VP with the winner, and the best of them on each tie-break.
    let others: Vec<&ScorePad> = pads
        .iter()
        .filter(|p| p.total == vp && !won.contains(&p.seat))
        .collect();
    let other_names: Vec<String> = others.iter().map(|p| name(p.seat)).collect();
    match tie {
        TieBreak::None => crate::t!("fog-wins", name = name(first.seat), vp = vp),
        TieBreak::Locations => {
            let next = others.iter().map(|p| p.locations).max().unwrap_or(0);
            crate::t!(
                "fog-wins-by-locations",
                name = name(first.seat),
                others = and_list(&other_names),
                vp = vp,
                tie = tie_break_text(tie),
                mine = first.locations,
                next = next
            )
        }
        TieBreak::Coins => {
            let next = others
                .iter()
                .filter(|p| p.locations == first.locations)
                .map(|p| p.coins)
                .max()
                .unwrap_or(0);
            crate::t!(
                "fog-wins-by-coins",
                name = name(first.seat),
                others = and_list(&other_names),
                vp = vp,
                locations = first.locations,
                tie = tie_break_text(tie),
                mine = first.coins,
                next = next
            )
        }
        TieBreak::Shared => {
            let all: Vec<String> = won.iter().map(|&s| name(s)).collect();
            crate::t!(
                "fog-win-shared",
                names = and_list(&all),
                vp = vp,
                locations = first.locations,
                coins = first.coins
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fields_of_green::Pos;
    use crate::games::fields_of_green::game::scoring::GameEndLine;
    use smol_str::SmolStr;

    fn pad(seat: usize, lines: [u32; 6], game_end: &[(&str, u32)]) -> ScorePad {
        let [cards, tokens, equipment, money, food, water_towers] = lines;
        let game_end: Vec<GameEndLine> = game_end
            .iter()
            .enumerate()
            .map(|(i, (card, vp))| GameEndLine {
                card: SmolStr::new(card),
                pos: Pos::new(i as i8, 1),
                vp: *vp,
            })
            .collect();
        let game_end_total = game_end.iter().map(|l| l.vp).sum();
        ScorePad {
            seat,
            cards,
            tokens,
            equipment,
            set_aside: 0,
            coins_paid: 0,
            money,
            food,
            water_towers,
            game_end,
            game_end_total,
            total: cards + tokens + equipment + money + food + water_towers + game_end_total,
            locations: 20,
            coins: money * 3,
        }
    }

    /// The rulebook's example: Maria 62, Mike 59.
    fn rulebook() -> Vec<ScorePad> {
        let mut maria = pad(
            0,
            [23, 0, 8, 7, 4, 3],
            &[("slaughterhouse", 9), ("brewery", 8)],
        );
        maria.coins_paid = 4;
        let mut mike = pad(
            1,
            [22, 4, 6, 10, 1, 1],
            &[("market", 5), ("brewery", 6), ("quarters", 4)],
        );
        mike.set_aside = 1;
        vec![maria, mike]
    }

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    /// The numbers of the row starting with `label`.
    fn row(text: &str, label: &str) -> Vec<u32> {
        let line = text
            .lines()
            .find(|l| l.starts_with(label))
            .unwrap_or_else(|| panic!("{label} in\n{text}"));
        line[LABEL..]
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect()
    }

    #[test]
    fn the_rulebook_example_adds_up() {
        let deck = Deck::default_deck();
        let pads = rulebook();
        assert_eq!((pads[0].total, pads[1].total), (62, 59));
        let text = render_score_pad(&deck, &pads, &names(&["Maria", "Mike"]));
        assert_eq!(row(&text, "Cards/Tokens"), [23, 26]);
        assert_eq!(row(&text, "Equipment"), [8, 6]);
        assert_eq!(row(&text, "Money"), [7, 10]);
        assert_eq!(row(&text, "Food"), [4, 1]);
        assert_eq!(row(&text, "Water Towers"), [3, 1]);
        assert_eq!(row(&text, "Game End total"), [17, 15]);
        assert_eq!(row(&text, "Total"), [62, 59]);
        // Each Game End ability on its own line, by code.
        let lines: Vec<&str> = text.lines().collect();
        let first = lines
            .iter()
            .position(|l| l.starts_with("Game End "))
            .unwrap();
        assert!(lines[first].ends_with("SLA 9  MKT 5"), "{text}");
        assert!(lines[first + 1].ends_with("BRW 8  BRW 6"), "{text}");
        assert!(lines[first + 2].trim_start().starts_with("QRT 4"), "{text}");
        assert!(
            text.contains("\nVP tokens (in Cards/Tokens): Mike 4.\n"),
            "{text}"
        );
        assert!(
            text.contains("\nSet-aside Equipment, 1 VP each (in Equipment): Mike 1.\n"),
            "{text}"
        );
        assert!(
            text.contains(
                "\nCoins paid to score a Game End ability again (before Money): Maria 4.\n"
            ),
            "{text}"
        );
        assert!(text.ends_with("Maria wins with 62 VP."), "{text}");
        for line in text.lines().take_while(|l| !l.starts_with("Total")) {
            assert!(line.chars().count() <= 56 && line.is_ascii(), "{line:?}");
        }
    }

    /// Japanese labels are padded by their East Asian width (issue 43: a kanji takes two
    /// columns in a monospaced font), so every number column lines up under the names.
    #[test]
    fn japanese_pads_align_by_east_asian_width() {
        assert_eq!(
            ['A', '·', '穀', 'カ', '（', '！', '\u{301}'].map(crate::render::phone::char_width),
            [1, 1, 2, 2, 2, 2, 0]
        );
        assert_eq!(text_width("勝利点 VP"), 9);
        let deck = Deck::default_deck();
        let pads = rulebook();
        let text = crate::i18n::with(crate::i18n::Locale::Ja, || {
            render_score_pad(&deck, &pads, &names(&["Maria", "Mike"]))
        });
        let table: Vec<&str> = text
            .lines()
            .take_while(|l| !l.starts_with('-'))
            .chain(text.lines().skip_while(|l| !l.starts_with('-')).nth(1))
            .collect();
        // The labelled rows end with a right-aligned number in the last column: they all end
        // at one column, whatever their labels' characters.
        let rows: Vec<&str> = table[1..]
            .iter()
            .copied()
            .filter(|l| !l.starts_with(' '))
            .collect();
        assert!(rows.len() >= 7, "{text}");
        let ends: Vec<usize> = rows.iter().map(|l| text_width(l)).collect();
        assert!(ends.iter().all(|&e| e == ends[0]), "{ends:?}\n{text}");
        assert!(
            rows.iter().any(|l| l.chars().count() != text_width(l)),
            "the labels are Japanese: {text}"
        );
    }

    #[test]
    fn widths_stay_narrow() {
        let deck = Deck::default_deck();
        let long = names(&[
            "Alexandrina",
            "Bartholomew",
            "Constantine",
            "Dorothea",
            "Evangeline",
            "Fitzgerald",
        ]);
        for n in 2..=6 {
            let pads: Vec<ScorePad> = (0..n)
                .map(|s| pad(s, [30, 2, 5, 12, 3, 1], &[("slaughterhouse", 12)]))
                .collect();
            let text = render_score_pad(&deck, &pads, &long[..n]);
            let table: Vec<&str> = text
                .lines()
                .take_while(|l| !l.starts_with("Total"))
                .collect();
            let widest = table.iter().map(|l| l.chars().count()).max().unwrap();
            let limit = if n <= 4 { 54 } else { 56 };
            assert!(widest <= limit, "{n} players: {widest} chars\n{text}");
            assert_eq!(row(&text, "Total").len(), n);
        }
    }

    #[test]
    fn names_that_would_break_alignment_are_cleaned() {
        assert_eq!(
            column_name(&names(&["Zo\u{eb} \u{1f33e}"]), 0, 9),
            "Zo\u{eb}"
        );
        assert_eq!(column_name(&names(&["\u{7530}\u{4e2d}"]), 0, 9), "P1");
        assert_eq!(column_name(&[], 2, 9), "Player 3");
        assert_eq!(column_name(&names(&["Alexandrina"]), 0, 6), "Alexan");
    }

    #[test]
    fn tie_breaks_are_explained() {
        let deck = Deck::default_deck();
        let n = names(&["Ann", "Bob", "Cy"]);
        let mut pads: Vec<ScorePad> = (0..3).map(|s| pad(s, [20, 0, 0, 5, 0, 0], &[])).collect();
        pads[2].cards = 10;
        pads[2].total = 15;
        pads[0].locations = 25;
        pads[1].locations = 23;
        assert_eq!(winners(&pads), (vec![0], TieBreak::Locations));
        assert_eq!(
            winner_line(&pads, &n),
            "Ann wins: tied with Bob on 25 VP, tie broken by most locations (25 to 23)."
        );
        pads[1].locations = 25;
        pads[1].coins = 12;
        pads[0].coins = 14;
        assert_eq!(
            winner_line(&pads, &n),
            "Ann wins: tied with Bob on 25 VP and 25 locations, tie broken by most coins (14 to 12)."
        );
        pads[1].coins = 14;
        assert_eq!(
            winner_line(&pads, &n),
            "Ann and Bob share the win: tied on 25 VP, 25 locations and 14 coins."
        );
        assert!(render_score_pad(&deck, &pads, &n).ends_with(
            "share the win: tied on 25 VP, 25 locations and 14 coins.\n\
                 Tied on 25 VP, ordered by most locations, then most coins: \
                 Ann (25 locations, 14 coins), Bob (25 locations, 14 coins). \
                 Ann and Bob share place 1."
        ));
        assert_eq!(tie_break_text(TieBreak::Coins), "tie broken by most coins");
        assert_eq!(render_score_pad(&deck, &[], &n), "No scores.");
    }

    /// Issue 43: every tie on VP gets one line, at every place, in the final order (ruling 19:
    /// locations, then coins; the same order below the win), and the pad's columns follow it.
    #[test]
    fn every_tie_gets_one_line_in_the_final_order() {
        let deck = Deck::default_deck();
        let n = names(&["Ann", "Bob", "Cy", "Dee"]);
        let mut pads: Vec<ScorePad> = (0..4).map(|s| pad(s, [20, 0, 0, 5, 0, 0], &[])).collect();
        // Bob and Ann tie for the win; Bob has more locations.
        pads[0].locations = 18;
        pads[1].locations = 21;
        // Cy and Dee tie lower down, equal on locations and coins: they share third place.
        for p in &mut pads[2..] {
            p.cards = 10;
            p.total = 15;
            p.coins = 3;
        }
        assert_eq!(standings(&pads), vec![(1, 1), (0, 2), (2, 3), (3, 3)]);
        assert_eq!(
            tie_lines(&pads, &n),
            vec![
                "Tied on 25 VP, ordered by most locations: Bob (21 locations), \
                 Ann (18 locations)."
                    .to_string(),
                "Tied on 15 VP, ordered by most locations, then most coins: \
                 Cy (20 locations, 3 coins), Dee (20 locations, 3 coins). \
                 Cy and Dee share place 3."
                    .to_string(),
            ]
        );
        // Dee with one coin more is third alone, and the line says why.
        pads[3].coins = 4;
        assert_eq!(standings(&pads)[2..], [(3, 3), (2, 4)]);
        assert_eq!(
            tie_lines(&pads, &n)[1],
            "Tied on 15 VP, ordered by most locations, then most coins: \
             Dee (20 locations, 4 coins), Cy (20 locations, 3 coins)."
        );
        // The pad's columns are in the same order.
        let text = render_score_pad(&deck, &pads, &n);
        let header: Vec<&str> = text.lines().next().unwrap().split_whitespace().collect();
        assert_eq!(header, ["Bob", "Ann", "Dee", "Cy"]);
        // No two players on the same VP: no tie line.
        pads[3].total = 14;
        pads[0].total = 24;
        assert!(tie_lines(&pads, &n).is_empty());
        // In Japanese too, with full-width punctuation.
        pads[0].total = 25;
        let ja = crate::i18n::with(crate::i18n::Locale::Ja, || tie_lines(&pads, &n));
        assert_eq!(
            ja,
            vec!["25勝利点で同点。施設の多い順：Bob（施設21）、Ann（施設18）。".to_string()]
        );
    }
}
