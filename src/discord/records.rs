//! Records of ended games, for both games: `/fog history`, `/fog stats`, `/fog leaderboard` and
//! their `/kh` twins. They read the records the service writes when a game ends (see
//! `store::records`); the messages are built here as plain specs, so their limits are tested
//! without Discord.
//!
//! Answers are private by default (a server's admins rarely want every look at the records in
//! the channel); `public:true` posts the answer in the channel for everyone. History pages turn
//! with buttons whose ids carry the game, the page and the history's anchor time
//! (`h:<f|k>:<anchor>:<page>`); the server is always the clicker's, never taken from the id.

use super::answer::{display_name, private, say, text, update, user_text};
use super::game::Screens;
use super::spec::{ButtonSpec, EmbedSpec, FieldSpec, MessageSpec, RowSpec, Style, clip};
use super::ui::{GOLD, GREEN, esc, fit_embed, game_name};
use super::{Ctx, Data, Error, send};
use crate::host::{Kind, Library};
use crate::store::{
    HistoryPage, Leaderboard, PlayerRating, PlayerStats, Ranking, RecordedGame, Status,
};
use poise::serenity_prelude as serenity;

/// Games on one history page: each is an embed field of at most six names and scores, so ten
/// stay well inside an embed's 6000 characters even with the longest names.
pub const PER_PAGE: u64 = 8;
/// People shown on a leaderboard.
pub const LEADERS: u64 = 15;
/// Favourites shown in `/fog stats`.
const FAVOURITES: usize = 3;
/// Discord display names are at most 32 characters; the store keeps what it was given.
const NAME: usize = 32;
/// `/fog stats` shows how the rating moved over this many of the player's last games.
pub const TREND_GAMES: u64 = 5;

/// How `/fog leaderboard` sorts the players.
#[derive(Clone, Copy, Debug, Default, poise::ChoiceParameter)]
pub enum LeaderboardSort {
    #[default]
    #[name = "wins"]
    Wins,
    #[name = "rating"]
    Rating,
}

impl LeaderboardSort {
    pub fn ranking(self) -> Ranking {
        match self {
            LeaderboardSort::Wins => Ranking::Wins,
            LeaderboardSort::Rating => Ranking::Rating,
        }
    }
}

/// A rating as players read it: one decimal, never "-0.0".
pub fn rating_text(shown: f64) -> String {
    tenths(shown, "0.0", |r| format!("{r:.1}"))
}

/// A change of rating: signed, one decimal ("+1.3", "-0.4", "±0.0").
pub fn change_text(change: f64) -> String {
    tenths(change, "±0.0", |r| format!("{r:+.1}"))
}

/// `x` rounded to tenths, written by `write`; `zero` when it rounds to zero (either sign, so
/// that "-0.0" never shows).
fn tenths(x: f64, zero: &str, write: impl Fn(f64) -> String) -> String {
    let r = (x * 10.0).round() / 10.0;
    if r == 0.0 { zero.to_string() } else { write(r) }
}

/// A history page button's id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageId {
    pub kind: Kind,
    /// The history's anchor time (see [`HistoryPage::anchor`]).
    pub anchor: i64,
    pub page: u64,
}

fn letter(kind: Kind) -> &'static str {
    crate::on_kind!(kind, G => G::RECORD_TAG)
}

impl PageId {
    pub fn encode(&self) -> String {
        format!("h:{}:{}:{}", letter(self.kind), self.anchor, self.page)
    }

    pub fn decode(s: &str) -> Option<PageId> {
        let mut parts = s.split(':');
        if parts.next()? != "h" {
            return None;
        }
        let tag = parts.next()?;
        let kind = Kind::ALL.iter().copied().find(|&k| letter(k) == tag)?;
        let anchor = parts.next()?.parse().ok()?;
        let page = parts.next()?.parse().ok()?;
        if parts.next().is_some() {
            return None;
        }
        Some(PageId { kind, anchor, page })
    }
}

/// A name for markdown text, clipped to Discord's length for display names.
fn name(s: &str) -> String {
    if s.trim().is_empty() {
        return esc(&crate::t!("rec-no-name"));
    }
    esc(&clip(s, NAME))
}

/// A Discord timestamp: every reader sees the date in their own time zone and language.
fn date(ms: i64) -> String {
    format!("<t:{}:d>", ms.div_euclid(1000))
}

/// `wins` of `games` as a whole percentage, rounded.
pub fn rate(wins: u64, games: u64) -> u64 {
    (wins * 100 + games / 2).checked_div(games).unwrap_or(0)
}

/// What the records call a game's favourites, for people.
fn favourites_label(kind: Kind) -> String {
    crate::on_kind!(kind, G => G::favourites_title())
}

/// The name of a favourite id: a card's or a crop's. An id the current deck no longer has (a
/// group changed its deck file) is shown as it was stored.
pub fn favourite_name(library: &Library, kind: Kind, id: &str) -> String {
    crate::on_kind!(kind, G => G::favourite_name(library, id))
}

/// One game of the history: its number and date, then the seats best first with their scores
/// and the winners marked; an abandoned game lists its players.
fn history_field(g: &RecordedGame) -> FieldSpec {
    let value = match g.outcome {
        Status::Abandoned => {
            let names: Vec<String> = g.seats.iter().map(|s| name(&s.name)).collect();
            format!(
                "{} · {}\n{}",
                date(g.ended_at),
                crate::t!("rec-abandoned"),
                names.join(", ")
            )
        }
        _ => {
            let mut seats: Vec<_> = g.seats.iter().collect();
            // The table's order as far as the records know it: by score, a winner before the
            // players tied with them on score (ruling 19, KH 67), then by seat. (The records keep
            // no tie-break below first place.)
            seats.sort_by(|a, b| {
                b.score
                    .cmp(&a.score)
                    .then(b.won.cmp(&a.won))
                    .then(a.seat.cmp(&b.seat))
            });
            let winners: Vec<String> = seats
                .iter()
                .filter(|s| s.won)
                .map(|s| name(&s.name))
                .collect();
            let scores: Vec<String> = seats
                .iter()
                .map(|s| {
                    let score = s.score.map_or("-".to_string(), |v| v.to_string());
                    // A seat that changed hands during the game (issue 41) is marked.
                    let handed = if s.handed_on > 0 {
                        format!(" {}", crate::t!("rec-handed-on"))
                    } else {
                        String::new()
                    };
                    if s.won {
                        format!("**{}**{handed} {score}", name(&s.name))
                    } else {
                        format!("{}{handed} {score}", name(&s.name))
                    }
                })
                .collect();
            let won = if winners.len() > 1 {
                crate::t!("rec-shared-win", players = winners.join(", "))
            } else {
                crate::t!("rec-won-by", player = winners.join(""))
            };
            format!("{} · {won}\n{}", date(g.ended_at), scores.join(" · "))
        }
    };
    FieldSpec {
        name: crate::t!("rec-game-n", table = g.game_id),
        value,
        inline: false,
    }
}

/// A page of a server's history (`page` from 0, newest first).
pub fn history_message(kind: Kind, history: &HistoryPage, page: u64) -> MessageSpec {
    let Some(anchor) = history.anchor else {
        return text(&crate::t!(
            "rec-history-none",
            game = game_name(kind),
            command = kind.command()
        ));
    };
    if history.games.is_empty() {
        return text(&crate::t!("rec-page-empty"));
    }
    let pages = history.total.div_ceil(PER_PAGE).max(1);
    let mut embed = EmbedSpec {
        title: crate::t!("rec-history-title", game = game_name(kind)),
        description: crate::t!("rec-history-description"),
        fields: history.games.iter().map(history_field).collect(),
        footer: Some(crate::t!(
            "rec-history-footer",
            page = page + 1,
            pages = pages,
            games = history.total
        )),
        color: GREEN,
        image: None,
    };
    fit_embed(&mut embed);
    let mut rows = Vec::new();
    if pages > 1 {
        let button = |to: u64, label: &str, disabled: bool| ButtonSpec {
            id: PageId {
                kind,
                anchor,
                page: to,
            }
            .encode(),
            label: label.to_string(),
            style: Style::Secondary,
            disabled,
        };
        rows.push(RowSpec::Buttons(vec![
            button(page.saturating_sub(1), &crate::t!("rec-newer"), page == 0),
            button(page + 1, &crate::t!("rec-older"), page + 1 >= pages),
        ]));
    }
    MessageSpec {
        embeds: vec![embed],
        rows,
        ..Default::default()
    }
}

/// A player's statistics and rating; `who` is the name to show when the records have none.
pub fn stats_message(
    kind: Kind,
    library: &Library,
    who: &str,
    stats: &PlayerStats,
    rating: Option<&PlayerRating>,
) -> MessageSpec {
    let shown = name(stats.name.as_deref().unwrap_or(who));
    if stats.games == 0 {
        return text(&match stats.abandoned {
            0 => crate::t!(
                "rec-stats-none",
                player = shown.as_str(),
                game = game_name(kind)
            ),
            n => crate::t!(
                "rec-stats-none-abandoned",
                player = shown.as_str(),
                game = game_name(kind),
                abandoned = n
            ),
        });
    }
    let mean = stats.score_sum as f64 / stats.games as f64;
    let favourites: Vec<String> = stats
        .favourites
        .iter()
        .take(FAVOURITES)
        .map(|(id, n)| format!("{} ×{n}", esc(&favourite_name(library, kind, id))))
        .collect();
    let field = |n: String, v: String| FieldSpec {
        name: n,
        value: v,
        inline: true,
    };
    let mut fields = vec![
        field(crate::t!("rec-games-played"), stats.games.to_string()),
        field(
            crate::t!("rec-wins"),
            format!("{} ({}%)", stats.wins, rate(stats.wins, stats.games)),
        ),
        field(crate::t!("rec-mean-score"), format!("{mean:.1}")),
        field(
            crate::t!("rec-best-score"),
            stats.best.map_or("-".to_string(), |b| b.to_string()),
        ),
    ];
    if let Some(r) = rating {
        fields.push(field(
            crate::t!("rec-rating"),
            crate::t!(
                "rec-rating-value",
                rating = rating_text(r.skill.shown()),
                change = change_text(r.change),
                games = r.recent
            ),
        ));
    }
    // Only for players who asked the coach: most never do, and a 0 would be noise.
    if stats.hints > 0 {
        fields.push(field(crate::t!("rec-hints"), stats.hints.to_string()));
    }
    fields.push(FieldSpec {
        name: favourites_label(kind),
        value: if favourites.is_empty() {
            crate::t!("rec-none-yet")
        } else {
            favourites.join(", ")
        },
        inline: false,
    });
    let footer = match stats.abandoned {
        0 => crate::t!("rec-stats-footer"),
        n => crate::t!("rec-stats-footer-abandoned", abandoned = n),
    };
    let title = format!(
        "{} · {}",
        clip(stats.name.as_deref().unwrap_or(who), NAME),
        game_name(kind)
    );
    gold_message(title, String::new(), fields, footer)
}

/// A message of one gold embed (the records' colour), made to fit Discord's limits.
fn gold_message(
    title: String,
    description: String,
    fields: Vec<FieldSpec>,
    footer: String,
) -> MessageSpec {
    let mut embed = EmbedSpec {
        title,
        description,
        fields,
        footer: Some(footer),
        color: GOLD,
        image: None,
    };
    fit_embed(&mut embed);
    MessageSpec {
        embeds: vec![embed],
        ..Default::default()
    }
}

/// The server's leaderboard: people by wins or by rating, bots apart.
pub fn leaderboard_message(kind: Kind, board: &Leaderboard, ranking: Ranking) -> MessageSpec {
    if board.people.is_empty() && board.bots.is_empty() {
        return text(&crate::t!("rec-leaderboard-none", game = game_name(kind)));
    }
    let line = |rank: Option<usize>, who: String, s: &crate::store::Standing| {
        let prefix = rank.map_or(String::new(), |r| format!("{r}. "));
        let said = match (ranking, s.rating) {
            (Ranking::Rating, Some(r)) => crate::t!(
                "rec-leaderboard-rating-line",
                player = who,
                rating = rating_text(r),
                wins = s.wins,
                games = s.games
            ),
            _ => crate::t!(
                "rec-leaderboard-line",
                player = who,
                wins = s.wins,
                games = s.games,
                rate = rate(s.wins, s.games)
            ),
        };
        format!("{prefix}{said}")
    };
    let mut people: Vec<String> = board
        .people
        .iter()
        .enumerate()
        .map(|(k, s)| line(Some(k + 1), format!("**{}**", name(&s.name)), s))
        .collect();
    if people.is_empty() {
        people.push(crate::t!("rec-no-person"));
    }
    let more = board.people_total.saturating_sub(board.people.len() as u64);
    if more > 0 {
        people.push(crate::t!("rec-more-players", more = more));
    }
    let mut fields = Vec::new();
    if !board.bots.is_empty() {
        let bots: Vec<String> = board
            .bots
            .iter()
            .map(|s| line(None, crate::t!("rec-bot", bot = esc(&s.name)), s))
            .collect();
        fields.push(FieldSpec {
            name: crate::t!("rec-bots"),
            value: bots.join("\n"),
            inline: false,
        });
    }
    let (title, footer) = match ranking {
        Ranking::Wins => (
            crate::t!("rec-leaderboard-title", game = game_name(kind)),
            crate::t!("rec-leaderboard-footer"),
        ),
        Ranking::Rating => (
            crate::t!("rec-leaderboard-rating-title", game = game_name(kind)),
            crate::t!("rec-leaderboard-rating-footer"),
        ),
    };
    gold_message(title, people.join("\n"), fields, footer)
}

/// Answers privately, or in the channel for everyone when `public`.
async fn answer(ctx: Ctx<'_>, m: &MessageSpec, public: bool) -> Result<(), Error> {
    if public {
        ctx.send(send::reply(m, false)).await?;
        Ok(())
    } else {
        say(ctx, m).await
    }
}

fn not_in_server() -> String {
    crate::t!("rec-not-in-server")
}

pub(crate) async fn history(ctx: Ctx<'_>, kind: Kind, public: Option<bool>) -> Result<(), Error> {
    let Some(guild) = ctx.guild_id() else {
        return say(ctx, &text(&not_in_server())).await;
    };
    let page = ctx
        .data()
        .service
        .store()
        .history(guild.get(), kind.as_str(), None, 0, PER_PAGE)
        .await;
    match page {
        Ok(p) => answer(ctx, &history_message(kind, &p, 0), public.unwrap_or(false)).await,
        Err(e) => say(ctx, &text(&user_text(&e.into()))).await,
    }
}

pub(crate) async fn stats(
    ctx: Ctx<'_>,
    kind: Kind,
    player: Option<serenity::User>,
    public: Option<bool>,
) -> Result<(), Error> {
    let Some(guild) = ctx.guild_id() else {
        return say(ctx, &text(&not_in_server())).await;
    };
    let (user, who) = match &player {
        Some(u) => (
            u.id.get(),
            u.global_name.clone().unwrap_or_else(|| u.name.clone()),
        ),
        None => (ctx.author().id.get(), display_name(ctx).await),
    };
    let data = ctx.data();
    let store = data.service.store();
    let found = async {
        let stats = store.player_stats(guild.get(), kind.as_str(), user).await?;
        let rating = store
            .player_rating(guild.get(), kind.as_str(), user, TREND_GAMES)
            .await?;
        Ok::<_, crate::store::StoreError>((stats, rating))
    }
    .await;
    match found {
        Ok((s, r)) => {
            let m = stats_message(kind, data.service.library(), &who, &s, r.as_ref());
            answer(ctx, &m, public.unwrap_or(false)).await
        }
        Err(e) => say(ctx, &text(&user_text(&e.into()))).await,
    }
}

pub(crate) async fn leaderboard(
    ctx: Ctx<'_>,
    kind: Kind,
    sort: Option<LeaderboardSort>,
    public: Option<bool>,
) -> Result<(), Error> {
    let Some(guild) = ctx.guild_id() else {
        return say(ctx, &text(&not_in_server())).await;
    };
    let ranking = sort.unwrap_or_default().ranking();
    match ctx
        .data()
        .service
        .store()
        .leaderboard_by(guild.get(), kind.as_str(), LEADERS, ranking)
        .await
    {
        Ok(b) => {
            let m = leaderboard_message(kind, &b, ranking);
            answer(ctx, &m, public.unwrap_or(false)).await
        }
        Err(e) => say(ctx, &text(&user_text(&e.into()))).await,
    }
}

/// A click on a history page button: the same server's history, at the page asked for, drawn
/// over the clicked message.
pub async fn handle_page(
    ctx: &serenity::Context,
    data: &Data,
    ci: &serenity::ComponentInteraction,
    id: PageId,
) {
    let Some(guild) = ci.guild_id else {
        return private(ctx, ci, &text(&not_in_server())).await;
    };
    match data
        .service
        .store()
        .history(
            guild.get(),
            id.kind.as_str(),
            Some(id.anchor),
            id.page,
            PER_PAGE,
        )
        .await
    {
        Ok(p) => update(ctx, ci, &history_message(id.kind, &p, id.page)).await,
        Err(e) => private(ctx, ci, &text(&user_text(&e.into()))).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first game of the list, whose favourites (`wheat`) the stats test names; and the
    /// last, for the pages that read the same for every game.
    fn first() -> Kind {
        Kind::default()
    }
    fn last() -> Kind {
        Kind::ALL[Kind::ALL.len() - 1]
    }
    use crate::discord::spec::{self, limits};
    use crate::store::{SeatRecord, Standing};

    const LONG: &str = "Bartholomew Featherstonehaugh-Smythe the Third of Lower Wallop";

    fn seat(k: usize, name: &str, score: Option<u32>, won: bool) -> SeatRecord {
        SeatRecord {
            seat: k,
            user_id: 1000 + k as u64,
            name: name.to_string(),
            bot: None,
            score,
            won,
            favourites: Vec::new(),
            handed_on: 0,
        }
    }

    /// Game `id`, played to the end on 1 January 2026 with these `seats`.
    fn played(id: i64, seats: Vec<SeatRecord>) -> RecordedGame {
        RecordedGame {
            game_id: id,
            outcome: Status::Ended,
            ended_at: 1_767_225_600_000,
            seats,
        }
    }

    fn game(id: i64, outcome: Status) -> RecordedGame {
        let ended = outcome == Status::Ended;
        RecordedGame {
            game_id: id,
            outcome,
            ended_at: 1_767_225_600_000 + id * 1000,
            seats: (0..6)
                .map(|k| {
                    seat(
                        k,
                        &format!("{LONG} <@everyone> {k}"),
                        ended.then_some(99_999),
                        ended && k < 2,
                    )
                })
                .collect(),
        }
    }

    /// Issue 41: a seat that changed hands (a player left, or the seat was given on) is marked
    /// in the history, and only that one.
    #[test]
    fn a_seat_handed_on_is_marked() {
        let mut g = played(
            8,
            vec![
                seat(0, "Ada", Some(61), true),
                seat(1, "Bram (bot)", Some(50), false),
            ],
        );
        assert!(!history_field(&g).value.contains("(seat handed on)"));
        g.seats[1].handed_on = 1;
        let v = history_field(&g).value;
        assert!(v.contains("Bram (bot) (seat handed on) 50"), "{v}");
        assert_eq!(v.matches("(seat handed on)").count(), 1, "{v}");
    }

    /// Issue 43: the history lists a game's players as its table did as far as the records
    /// know: a winner first among those tied with them on score, then by seat.
    #[test]
    fn a_winner_on_a_tie_is_listed_first() {
        let g = played(
            7,
            vec![
                seat(0, "Ada", Some(61), false),
                seat(1, "Bram", Some(66), false),
                seat(2, "Cleo", Some(61), false),
                seat(3, "Dita", Some(70), false),
            ],
        );
        let mut tied = g.clone();
        tied.seats[1].score = Some(70);
        tied.seats[1].won = true;
        let order = |g: &RecordedGame| {
            let v = history_field(g).value;
            ["Ada", "Bram", "Cleo", "Dita"]
                .iter()
                .map(|n| (v.find(n).unwrap(), *n))
                .collect::<std::collections::BTreeMap<_, _>>()
                .into_values()
                .collect::<Vec<_>>()
        };
        assert_eq!(order(&g), ["Dita", "Bram", "Ada", "Cleo"]);
        // A tie on 70: the winner comes first, whichever seat won it.
        assert_eq!(order(&tied), ["Bram", "Dita", "Ada", "Cleo"]);
        let mut later = tied.clone();
        later.seats[1].won = false;
        later.seats[3].won = true;
        assert_eq!(order(&later), ["Dita", "Bram", "Ada", "Cleo"]);
    }

    #[test]
    fn page_ids_round_trip_and_refuse_garbage() {
        for &kind in Kind::ALL {
            let id = PageId {
                kind,
                anchor: 1_767_225_600_123,
                page: 41,
            };
            let s = id.encode();
            assert!(s.len() <= limits::CUSTOM_ID, "{s}");
            assert_eq!(PageId::decode(&s), Some(id));
        }
        for bad in ["h:x:1:2", "h:f:1", "h:f:1:2:3", "h:f:a:2", "f:1:2:hand", ""] {
            assert_eq!(PageId::decode(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_full_history_page_of_the_longest_names_fits_discord() {
        let mut games: Vec<RecordedGame> = (0..PER_PAGE as i64)
            .map(|k| game(100 + k, Status::Ended))
            .collect();
        games[3] = game(103, Status::Abandoned);
        let page = HistoryPage {
            games,
            total: 3 * PER_PAGE + 1,
            anchor: Some(1),
        };
        for p in [0, 1, 3] {
            let m = history_message(first(), &page, p);
            spec::check(&m).unwrap_or_else(|e| panic!("page {p}: {e}"));
            let RowSpec::Buttons(bs) = &m.rows[0] else {
                panic!("page buttons")
            };
            assert_eq!(bs[0].disabled, p == 0, "Newer is off on the first page");
            assert_eq!(bs[1].disabled, p == 3, "Older is off on the last page");
            assert_eq!(
                m.embeds[0].footer.as_deref().unwrap(),
                format!("Page {} of 4 · 25 games", p + 1)
            );
        }
        // Names are escaped: a name cannot ping or break the markdown.
        let m = history_message(last(), &page, 0);
        assert!(!m.embeds[0].fields[0].value.contains("<@everyone>"));
        assert!(m.embeds[0].fields[3].value.contains("abandoned"));
    }

    #[test]
    fn one_page_has_no_buttons_and_an_empty_history_says_so() {
        let page = HistoryPage {
            games: vec![game(7, Status::Ended)],
            total: 1,
            anchor: Some(1),
        };
        assert!(history_message(first(), &page, 0).rows.is_empty());
        let empty = HistoryPage {
            games: Vec::new(),
            total: 0,
            anchor: None,
        };
        let m = history_message(last(), &empty, 0);
        // Whichever game is last in the list, its own name and command.
        assert_eq!(
            m.content,
            format!(
                "No {} game has finished on this server yet. Open one with /{} new.",
                last().name(),
                last().command()
            )
        );
    }

    #[test]
    fn stats_and_leaderboards_fit_discord() {
        let library = Library::default();
        let stats = PlayerStats {
            name: Some(LONG.to_string()),
            games: 3,
            wins: 2,
            score_sum: 100,
            best: Some(40),
            abandoned: 1,
            favourites: vec![("wheat".into(), 7), ("no_such_card".into(), 2)],
            hints: 5,
        };
        let rating = PlayerRating {
            skill: crate::store::Skill {
                mu: 31.25,
                sigma: 2.5,
            },
            games: 3,
            change: -1.04,
            recent: 3,
        };
        let m = stats_message(first(), &library, "x", &stats, Some(&rating));
        spec::check(&m).unwrap();
        let all: Vec<&str> = m.embeds[0]
            .fields
            .iter()
            .map(|f| f.value.as_str())
            .collect();
        assert_eq!(all[..4], ["3", "2 (67%)", "33.3", "40"]);
        assert_eq!(all[4], "23.8 (-1.0 over the last 3 games)");
        assert_eq!(m.embeds[0].fields[5].name, "Hints used");
        assert_eq!(all[5], "5");
        assert_eq!(all[6], "Wheat ×7, no\\_such\\_card ×2");
        // Without a rating (no game rated yet), no rating field; without hints, no hints field.
        let m = stats_message(first(), &library, "x", &stats, None);
        assert_eq!(m.embeds[0].fields.len(), 6);
        let no_hints = PlayerStats {
            hints: 0,
            ..stats.clone()
        };
        let m = stats_message(first(), &library, "x", &no_hints, None);
        assert_eq!(m.embeds[0].fields.len(), 5);
        let standing = |n: &str| Standing {
            name: n.to_string(),
            user_id: None,
            games: 9_999,
            wins: 9_998,
            rating: Some(-1234.56),
        };
        let board = Leaderboard {
            people: (0..LEADERS).map(|_| standing(LONG)).collect(),
            people_total: 500,
            bots: vec![standing("search"), standing("heuristic")],
        };
        for ranking in [Ranking::Wins, Ranking::Rating] {
            let m = leaderboard_message(last(), &board, ranking);
            spec::check(&m).unwrap();
            assert!(m.embeds[0].description.ends_with("… and 485 more players"));
        }
        let m = leaderboard_message(last(), &board, Ranking::Rating);
        assert!(
            m.embeds[0].description.starts_with(
                "1. **Bartholomew Featherstonehaugh-S…**: rating -1234.6 · 9998 wins in 9999 games"
            ),
            "{}",
            m.embeds[0].description
        );
    }

    #[test]
    fn ratings_read_plainly() {
        assert_eq!(rating_text(12.345), "12.3");
        assert_eq!(rating_text(-0.04), "0.0");
        assert_eq!(rating_text(-3.06), "-3.1");
        assert_eq!(change_text(1.25), "+1.3");
        assert_eq!(change_text(-0.44), "-0.4");
        assert_eq!(change_text(0.01), "±0.0");
    }
}
