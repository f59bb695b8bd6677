# Shared by both games: commands, lobby, router answers, errors.

no-posting = I cannot post in this channel. Please check that I have these permissions here: { $needed }.
missing-permissions = I cannot host a game in this channel. Please give me these permissions here: { $missing }.
no-thread-permissions = The game is played in this channel. For a thread of its own, please give me these permissions here: { $missing }.
perm-view-channel = View Channel
perm-send-messages = Send Messages
perm-embed-links = Embed Links
perm-attach-files = Attach Files
perm-create-public-threads = Create Public Threads
perm-send-messages-in-threads = Send Messages in Threads
list-separator = {", "}
lobby-not-posted = Discord did not take the lobby message just now, so no table was opened. Please try again in a moment.
table-opened = Table #{ $table } is open. Players join with the button.
table-opened-thread = Moves and reminders go to { $thread }.
table-opened-here = Moves and reminders go to this thread.
not-a-table-channel = A table opens in a text channel, a thread or a forum post, not in an announcement or voice channel. Please use one of those.
not-started-here = The game here has not started yet.
not-started = The game has not started yet.
no-game-here = There is no game in this channel.
no-game-here-fog = There is no game in this channel. Open one with /fog new.
no-game-here-kh = There is no game in this channel. Open one with /kh new.
not-seated-here = You are not seated in the game here.
player-not-here = That player is not in the game here.
use-in-server = Use this in a server.
no-such-card = No card is called "{ $name }".
game-abandoned-by = Game #{ $table } was abandoned by { $user }.
game-abandoned = The game is abandoned.
hand-in-dm = Your hand is in your DMs with me.
screen-in-dm = Your private screen is in your DMs with me.
settings-hand-dm = in a DM I keep up to date
settings-hand-here = in private replies here
settings-remind-mention = a mention in the game's thread
settings-remind-dm = a DM (a mention if your DMs are closed)
settings-remind-off = none
settings-now =
    Your hand: { $hand }.
    Reminders: { $reminders }.
    Time zone: { $zone }. Quiet hours: { $quiet }.
settings-zone-unset = not set (quiet hours are read in UTC)
settings-quiet-none = none
settings-bad-zone = I do not know the time zone “{ $zone }”. Pick one from the list as you type, for example Asia/Tokyo or Europe/Berlin. Nothing was changed.
settings-bad-quiet = Quiet hours are two hours of your day, for example 23-07 (11 p.m. to 7 a.m.), or “off”; “{ $typed }” is not. Nothing was changed.
settings-quiet-whole-day = Quiet hours cannot cover the whole day: games would never reach you. Nothing was changed.

saved-unshown = That was saved, but I could not read the game back to show it just now. Please look again in a minute before you try anything again.
sorry-internal = Sorry, something went wrong on my side. Nothing was changed; please try again.
sorry-command = Sorry, something went wrong on my side. Please check the channel before you try again.
err-not-found = That game does not exist (any more).
err-not-seated = You are not seated in this game.
err-not-seated-follow = You are not seated in this game, but you can follow it here and look at the boards.
err-stale = This view is out of date: the game has moved on.
err-view-out-of-date = This view was out of date; here is the current one.
err-wrong-game = That button belongs to another game.
err-not-host = Only the host or a server manager can do that.
err-full = This table is full.
err-already-seated = You are already seated at this table.
err-host-cannot-leave = The host cannot leave; cancel the table instead.
err-intro-seats = Introductory mode is for 2 to 4 players.
err-pace-and-stand-in = Choose a pace or stand-in minutes, not both: both say when a bot plays for a player who holds the game up.
err-too-many-bots = { $bots } bots and the host need { $need } seats, but the table has { $seats }.
err-too-few-players = { $game } needs at least { $least } players to start.
err-no-longer-joining = This table is no longer taking players.
err-started-ask-host = The game has started; ask the host to abandon it.
err-already-started = This game has already started or closed.
err-already-closed = This table is already closed.
err-plan-empty = The plan has nothing to do.
err-game-over = This game is over.
err-setup = The game could not be set up: { $detail }.
err-not-on-message = That button is not on this message.
err-unknown-button = This button is not one I recognise (it may come from an old version of the bot).
err-bad-choice = That choice is not valid.
err-nothing-chosen = Nothing was chosen.
btn-my-hand = My hand
btn-my-screen = My screen
game-started = The game has started: { $players }. Tap **{ $button }** on the table message to play; everything you choose stays private.
dm-closed-here-it-is = I could not DM you (are DMs from server members closed?), so here it is.
plan-changed = Your harvest changed since that plan was drawn, so nothing was applied. Here is the plan now.
plan-harvest-closed = Your harvest is no longer open, so nothing was applied.
plan-applied = Done: the plan is applied ({ $paid ->
        [one] 1 ability
       *[other] { $paid } abilities
    } paid).
plan-not-applied = The plan could not be applied, so nothing was changed: { $reason }

player-n = Player { $n }
off = off
n-days = { $n ->
        [one] 1 day
       *[other] { $n } days
    }
n-hours = { $n ->
        [one] 1 hour
       *[other] { $n } hours
    }
n-minutes = { $n ->
        [one] 1 minute
       *[other] { $n } minutes
    }
and-more = *…and { $n } more.*
game-fields-of-green = Fields of Green
game-key-harvest = Key Harvest
lobby-title = { $game } · table #{ $table }
lobby-started = This table has started: the game is on. Use the table message to play.
lobby-ended = This game has ended.
lobby-cancelled = This table was cancelled.
lobby-host = Host: { $host }
lobby-intro-on = **Introductory mode:** on (fixed draws)
lobby-intro-off = **Introductory mode:** off
lobby-seats = **Seats:** { $seats }
lobby-reminders = **Reminders:** { $reminders }
lobby-reminders-after = after { $after }
reminder-deadline = { $name }: a bot makes this decision <t:{ $at }:R> if it still waits.
reminder-deadline-you = A bot makes this decision for you <t:{ $at }:R> if it still waits (your quiet hours stop the clock).
pace-line = **Pace ({ $pace }):** { $time } for each decision; a bot makes any decision that waits longer (quiet hours stop a player's clock)
lobby-stand-in = **Stand-in:** a bot plays for anyone who holds the game up for { $after }
lobby-players = **Players ({ $n }/{ $seats })**
lobby-host-mark = (host)
lobby-free = { $free ->
        [one] 1 seat free.
       *[other] { $free } seats free.
    }
lobby-full = The table is full.
lobby-how = Press **Join** to take a seat. The host presses **Start** when ready (2 or more players).
lobby-start = Start ({ $n ->
        [one] 1 player
       *[other] { $n } players
    })
lobby-join = Join
lobby-leave = Leave
lobby-cancel = Cancel
lobby-rematch = Rematch
lobby-rematch-of = **Rematch of table #{ $table }:** the same seats and options, a new deal.
lobby-rematch-how = Press **Confirm** to keep your seat: the game starts when every seat has confirmed. **Decline** frees your seat (the table then fills and starts as usual).
lobby-rematch-ping = { $players }: a rematch, confirm your seat here.
lobby-confirmed = ✅ confirmed
lobby-to-confirm = waiting to confirm
lobby-confirm = Confirm
lobby-decline = Decline
rematch-opened = Rematch lobby opened: { $link }. It starts when every seat has confirmed.
rematch-joined = You confirmed your seat in the rematch: { $link }.
rematch-started = Everyone confirmed: the rematch has started. { $link }
err-not-over = This game is not over yet.
err-not-a-rematch = This table is not a rematch.
err-waiting-confirm = Every seat must confirm the rematch first.
games-title = Tables in this server
games-none = No tables here yet. Start one with `/fog new` (Fields of Green) or `/kh new` (Key Harvest).
games-open = open, { $seated }/{ $seats } seated, host { $host }
games-waiting-for = waiting for { $players }
games-in-play = in play
games-ended = ended
games-won-by = won by { $players }
games-cancelled = cancelled
games-paused = ⏸ paused: { $cmd } resume table:{ $table } in another channel brings it back
games-no-channel = no channel
done = Done. { $said }
ranking-entry = { $rank }. { $name } { $points }

## The coach (issue 30): hints and reviews.
coach-hint-only = **Hint:** { $best }. The bot sees no other choice worth weighing here.
coach-hint-versus = **Hint:** { $best }: about { $points ->
    [one] 1 more point
   *[other] { $points } more points
} by the end than { $other }.
coach-hint-close = **Hint:** { $best }, or { $other }: about the same by the end.
coach-review-seat = { $when }: { $name } chose { $chosen }; the bot would have chosen { $best }, about { $points ->
    [one] 1 point
   *[other] { $points } points
} better by the end.
lobby-hints-on = **Hints:** on. Each player has a Hint button: the strong bot's advice for their choice.
coach-hint-button = Hint
coach-hints-off = The host did not allow hints at this table.
coach-hint-not-now = Nothing to decide now: ask for a hint when it is your turn to choose.
coach-hints-used = { $name } used { $n ->
    [one] 1 hint
   *[other] { $n } hints
}.
coach-other-choice = another choice
review-button = Review
review-none-here = No { $game } game has ended in this channel yet. Name one with the game option (its table number).
review-no-table = There is no { $game } table #{ $table } in this server.
review-not-ended = Table #{ $table } was not played to the end, so it has no review.
review-preparing = Preparing the review of table #{ $table }: the bot looks again at every decision. This can take a minute; it will show here.
review-failed = Sorry, this game could not be reviewed.
review-head = **Review of table #{ $table }:** your costliest decisions against the bot's choice.
review-clean = None of your decisions cost points against the bot's choice. Well played!
review-mine = { $when }: you chose { $chosen }; the bot would have chosen { $best }, about { $points ->
    [one] 1 point
   *[other] { $points } points
} better by the end.
review-chart-only = **Review of table #{ $table }:** you did not play at this table, so here is the chart only. Each player's decisions are theirs to read.
review-chart-alt = Each player's expected final score after every turn of table #{ $table }
## The review's chart (issue 43): what its title says, with named axes.
review-chart-title = Expected final score after each turn
review-chart-y = Expected final score (points)
review-chart-x-years = Turns, marked by year
review-chart-x-rounds = Turns, marked by round
review-chart-tick-year = Year { $n }
review-chart-tick-round = { $n }
review-chart-note = Each point is the final score if the heuristic bot played every seat from there on; the last point is the real final score.
review-chart-caption = 📈 **{ $title }** ({ $y } up the side; { $x } along the bottom). { $note }
review-chart-title-projected = Projected score after each turn
review-chart-y-projected = Points so far plus the harvests to come
review-chart-x-turns = Turn
review-chart-note-projected = This review was made before the chart showed expected final scores: each point is the score so far plus the harvests the farm or board should still bring.
review-when-turn = Turn { $turn }
catch-up-head = **Since your last move:**
catch-up-head-start = **So far:**
catch-up-earlier = { $n ->
        [one] …and 1 thing before.
       *[other] …and { $n } things before.
    }

## Undo (issue 41): a player takes back their own last decision.
undo-button = Undo
undo-done = You took back your last decision. Choose again.
undo-public = ↩ { $name } took back their last decision.
err-undo-stale = Too late to undo: someone has acted since, so your last decision stands.
err-undo-not-yours = Only the player who made the last decision can take it back.
err-undo-final = That decision cannot be taken back: it drew or revealed something, or ended a round.

## Away, leaving and giving a seat (issue 41).
away-set-wait = You are away until { $date } in every game on this server: no reminders, and your deadlines wait for you (each table holds them for at most { $max } days of one absence, unless its host chose otherwise). Use { $cmd } away with no date when you are back.
away-set-stand-in = You are away until { $date } in every game on this server: no reminders, and a bot makes your decisions as they come. Use { $cmd } away with no date when you are back.
away-cleared = Welcome back: you are no longer away, and your deadlines run again.
away-not-set = You are not away. To set an absence, give the day you are back, for example { $cmd } away until:{ $example }.
away-bad-date = “{ $typed }” is not a day I can read. Give the day you are back as { $example }, or a number of days such as 3d. Nothing was changed.
away-past = { $date } has already begun: give a day still to come. Nothing was changed.
away-too-far = An absence can last at most 60 days, and { $date } is further away. Nothing was changed.
away-line = 💤 { $name } is away until { $date }.
away-line-stand-in = 💤 { $name } is away until { $date }; a bot plays for them.
leave-confirm = Leave this game for good? A bot ({ $bot }) will play your seat to the end. The game still counts, and the records mark your seat as handed on. You cannot come back to it.
leave-button = Leave the game
leave-done = You left the game. A bot plays your seat now.
leave-done-lobby = You left the table.
leave-public = 🚪 { $name } left the game; a bot plays their seat from here.
give-public = 🔁 { $by } gave { $from }'s seat to { $to }. { $to }: your private screen is { $cmd } hand.
give-done = { $to } has { $from }'s seat now.
err-seat-left = You left this game; a bot plays your seat now.
err-seat-given = Your seat in this game was given to { $to }.
err-member-seated = That member already has a seat at this table. Nothing was changed.
err-seat-to-bot = A seat can only be given to a person, not to a bot account. Nothing was changed.
err-no-such-seat = This table has no seat “{ $seat }”. Pick one from the list as you type. Nothing was changed.
err-parked = Game #{ $table } is paused: Discord says its channel is gone or closed to me. The host or a server manager can bring it back with { $cmd } resume table:{ $table } in another channel, or end it with { $cmd } abandon table:{ $table }.
err-other-server = There is no table with that number in this server. Nothing was changed.
err-not-parked = That game is not paused: it plays where it is. Nothing was changed.
parked-channel-gone = ⏸ Your { $game } game #{ $table } is paused: its channel was deleted. Nothing is lost. The host or a server manager can bring it back with { $cmd } resume table:{ $table } in another channel, or end it with { $cmd } abandon table:{ $table }.
parked-no-access = ⏸ Your { $game } game #{ $table } is paused: I can no longer post in its channel. Nothing is lost. The host or a server manager can bring it back with { $cmd } resume table:{ $table } in a channel where I may post, or end it with { $cmd } abandon table:{ $table }.
parked-removed = ⏸ Your { $game } game #{ $table } is paused: I was removed from its server. Nothing is lost. If I am invited back, the host or a server manager can bring it back with { $cmd } resume table:{ $table } in a channel there, or end it with { $cmd } abandon table:{ $table }.
lobby-closed-gone = Your { $game } table #{ $table } was closed before it started: its channel is gone. Open a new one with { $cmd } new.
resumed-public = ▶ Game #{ $table } was resumed here by { $user }. The clock starts again now: everyone has their full time.
resumed = Game #{ $table } plays here now.
dms-closed-here = I could not DM you: your DMs are closed to me. Your private screen shows here from now on; once you open your DMs, use settings again to have it there.
thread-closed-note = 🔒 The thread of game #{ $table } is locked, or closed to me: its moves and reminders come here from now on.
