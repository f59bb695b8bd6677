# Key Harvest: every player-facing text of the game's screens, its rules and its board text.

## Names

kh-worker-apprentice = apprentice
kh-worker-casual-worker = casual worker
kh-worker-labourer = labourer
kh-worker-unskilled-worker = unskilled worker
kh-worker-skilled-worker = skilled worker
kh-worker-supervisor = supervisor
kh-worker-merchant = merchant
kh-worker-storekeeper = storekeeper
kh-worker-bailiff = bailiff
kh-worker-lawyer = lawyer
kh-worker-trader = trader
kh-worker-benefactor = benefactor
kh-event-blind-swap = blind swap
kh-event-exchange = exchange
kh-event-give-away = give away
kh-event-good-harvest = good harvest
kh-event-lucky-dip = lucky dip
kh-event-new-crop = new crop
kh-event-new-registry = new registry
kh-event-quick-sale = quick sale
kh-event-registry-swap = registry swap
kh-event-remote-harvest = remote harvest
kh-event-replacement = replacement
kh-event-reposition = reposition
kh-event-vacation = vacation
kh-event-windfall = windfall

## Counters and small words

kh-count = {$n} {$crop}
kh-nothing = nothing
kh-none = none
kh-empty = empty
kh-empty-paren = (empty)
kh-supply-in-all = {$counters} ({$total} in all)
kh-store-tile-bid = {$tile} bid {$bid}
kh-town-free = Townsfolk free: {$townsfolk}

## A seat's board as text

kh-seat-board-head = {$name} ({$colour} start pair)
kh-seat-workers = Workers:
kh-seat-groups = Groups: {$first} x1 + {$second} x2
kh-seat-groups-more = Groups: {$first} x1 + {$second} x2 ({$rest} more)
kh-seat-score = Score so far: {$workers} + {$groups} = {$total}
kh-seat-score-final = { $crops ->
    [one] Final: {$workers} + {$groups} + {$crops} crop = {$total}
   *[other] Final: {$workers} + {$groups} + {$crops} crops = {$total}
}

## Legend of the board drawing

kh-legend-unharvested = unharvested field (big symbol)
kh-legend-harvested = harvested field (small symbol)
kh-legend-worker = worker tile: its number
kh-legend-empty = empty space: its reference
kh-legend-crop = {$letter} {$crop}
kh-legend-crop-colour = {$letter} {$crop} ({$colour})
kh-key = Key: {$list}
kh-key-harvested = lower case, harvested
kh-key-worker = worker

## The score pad (a monospaced table: keep the column heads short)

kh-pad-player = player
kh-pad-workers = workers
kh-pad-largest = largest x1
kh-pad-second = second x2
kh-pad-crops = crops
kh-pad-total = total
kh-pad-fields = fields
kh-pad-counters = counters
kh-pad-rank = rank
kh-phone-workers = Workers
kh-phone-largest = Largest group
kh-phone-second = Second group
kh-phone-crops = Crops held most
kh-phone-fields = Field tiles (tie-break)
kh-phone-counters = Counters (tie-break)
kh-pad-most = (most {$crops})
kh-pad-winner = Winner: {$names}
kh-pad-winner-fields = Winner: {$names} (tie on points, broken by field tiles on the board)
kh-pad-winner-counters = Winner: {$names} (tie on points and field tiles, broken by counters)
kh-pad-winner-shared = Winner: {$names} (still tied after both tie-breaks: a shared win)
kh-tie-line = Tied on { $points } points, { $by }: { $list }.
kh-tie-by-fields = ordered by most field tiles on the board
kh-tie-by-counters = ordered by most field tiles on the board, then most counters
kh-tie-entry-fields = { $name } ({ $fields ->
    [one] { $fields } field tile
   *[other] { $fields } field tiles
    })
kh-tie-entry-counters = { $name } ({ $fields ->
    [one] { $fields } field tile
   *[other] { $fields } field tiles
    }, { $counters ->
    [one] { $counters } counter
   *[other] { $counters } counters
    })
kh-tie-shared-place = { $names } share place { $place }.

## Event sentences (the log, the thread, the answer to a click)

kh-place-bag = the bag
kh-place-registry = the registry
kh-place-store = {$name}'s store
kh-place-board = {$name}'s board
kh-place-hands = {$name}'s hands
kh-place-fallow = the fallow area
kh-place-store-own = their own store
kh-place-board-own = their own board
kh-place-hands-own = their hands
kh-ev-setup = A {$players}-player game is set up; {$name} was drawn to name the start player.
kh-ev-setup-removed = A {$players}-player game is set up; {$name} was drawn to name the start player; {$removed} events were removed unseen.
kh-ev-start-pair = {$name} drew the {$colour} start pair: {$first} and {$second}.
kh-ev-starting-counters = {$name} starts with {$counters}.
kh-ev-starting-pool = The starting counters are {$counters}.
kh-ev-start-player = {$chooser} chose {$name} as the start player.
kh-ev-start-player-self = {$chooser} chose to start.
kh-ev-turn = Turn {$turn}: {$name}.
kh-ev-turn-ended = {$name} ended the turn after {$actions} { $actions ->
    [one] action
   *[other] actions
}.
kh-ev-harvested = {$name} harvested {$tiles} and took {$counters}.
kh-ev-harvested-nothing = {$name} harvested {$tiles} and took nothing.
kh-ev-gained-harvest = {$name} took {$counters} from the harvest.
kh-ev-gained-worker = {$name} took {$counters} from the {$worker}.
kh-ev-gained-event = {$name} took {$counters} from event {$event}.
kh-ev-gained-sale = {$name} took {$counters} from a sale: the bid.
kh-ev-paid = {$name} paid {$counters} to {$to}.
kh-ev-paid-stock = {$name} paid {$counters} to the stock.
kh-ev-renewed = {$name} turned {$tiles} back to unharvested.
kh-ev-worker-played = {$name} played the {$worker} ({$number}) on {$space}.
kh-ev-worker-returned = {$name}'s {$worker} left {$space} and went back beside the board.
kh-ev-worker-returned-town = {$name}'s {$worker} left {$space} and went back to the town board.
kh-ev-worker-displaced = A field tile landed on {$space}: {$name}'s {$worker} came off.
kh-ev-worker-moved = {$name} moved the {$worker} from {$from} to {$to}.
kh-ev-worker-placed = {$name} placed the {$worker} on {$to}.
kh-ev-worker-acts = {$name}'s {$worker} on {$space} acts.
kh-ev-worker-copied = {$name}'s {$worker} on {$space} is copied by the lawyer.
kh-ev-declined = {$name} declined.
kh-ev-declined-ability = {$name} did not use the {$worker}'s ability.
kh-ev-declined-nothing = {$name}'s {$worker} found nothing to do.
kh-ev-declined-event = {$name} passed on event {$event}.
kh-ev-tile-acquired-held = {$name} acquired {$tile}, the tile they were holding.
kh-ev-tile-acquired = {$name} acquired {$tile} from {$from}.
kh-ev-tile-fallowed = {$tile} went from {$from} to the fallow area.
kh-ev-tile-to-hands = {$tile} went from {$from} into {$name}'s hands.
kh-ev-tile-to-store = {$name} put {$tile} in their store with a bid of {$bid}.
kh-ev-tile-to-registry = {$tile} went from {$from} into the registry.
kh-ev-registry-to-bag = The registry ({$tiles}) went back into the bag.
kh-ev-event-placed = {$name} drew event {$event}; it goes on space {$space}.
kh-ev-event-placed-question = {$name} drew event {$event}; it goes on space {$space} (the ? space).
kh-ev-event-set-aside = Event {$event} was drawn and set aside.
kh-ev-events-to-bag = The set-aside events ({$events}) went back into the bag.
kh-ev-question-check = The ? check: someone has fewer than 7 tiles, so events {$events} went back into the bag and the others moved down two spaces.
kh-ev-event-ignored = Event {$event} came after the tenth and was removed without effect.
kh-ev-event-resolved = Event {$event} is resolved.
kh-ev-end-triggered = The tenth event is on the town board: after this turn everyone takes two more turns, {$name} last.
kh-ev-stalemate = A whole round passed without an action: the game ends here.
kh-ev-game-ended = The game is over: {$names} won.
kh-ev-game-ended-removed = The game is over: {$names} won. The events removed at setup were {$removed}.

## Rule refusals (the engine's ActionError; English as the engine says it)

kh-err-game-over = the game is over
kh-err-no-such-seat = there is no seat {$seat} in this game
kh-err-no-such-space = there is no space {$space} on the board
kh-err-not-your-decision = it is not your decision now: seat {$seat} decides
kh-err-wrong-decision = that does not answer what is being decided now: {$what}
kh-err-wrong-decision-other = that does not answer what is being decided now
kh-decision-start-player = the choice of start player
kh-decision-turn = your turn's actions
kh-decision-reposition = where to reposition your worker
kh-decision-ability = the worker's ability
kh-decision-keep-drawn = whether to keep the drawn tile
kh-decision-event = your part of the event
kh-decision-the-event = the event
kh-decision-nothing-drawn = nothing was drawn
kh-err-action-used = you have already done action ({$action}) this turn
kh-err-two-actions = you have already done two actions this turn
kh-err-stores-after-registry = action (c) may not follow action (d) in the same turn
kh-err-not-on-your-board = {$tile} is not a field tile on your board
kh-err-already-harvested = {$tile} is already harvested
kh-err-not-harvested = {$tile} is not harvested
kh-err-not-one-group = the tiles you harvest must belong to one group
kh-err-repeated = {$tile} is named twice
kh-err-tile-count = choose between {$min} and {$max} { $max ->
    [one] tile
   *[other] tiles
}
kh-err-not-adjacent = {$tile} is not next to the worker
kh-err-worker-unavailable = your {$worker} is not available to play
kh-err-no-worker-there = there is no worker of yours on {$space}
kh-err-bad-worker-space = a worker cannot go on {$space}: {$why}
kh-why-on-field = a worker never goes on a field tile
kh-why-move-elsewhere = the worker must move to another space
kh-why-next-to-worker = it is next to another worker
kh-why-needs-adjacent = it needs at least {$need} adjacent field tiles and has {$has}
kh-why-not-lower = your {$worker} ({$number}) is not lower than the {$new} ({$new_number})
kh-why-not-legal = that space is not allowed for it
kh-err-not-in-store = {$tile} is not in that store
kh-err-not-in-registry = {$tile} is not in the registry
kh-err-store-full = your store is full (2 tiles)
kh-err-empty-bid = a bid needs at least one counter
kh-err-cannot-pay = you do not have {$counters}
kh-err-cannot-pay-those = you do not have those counters
kh-err-payment-size = the payment must be {$expected} { $expected ->
    [one] counter
   *[other] counters
}, not {$got}
kh-err-bad-substitute = a substitute crop is not allowed here: {$why}
kh-why-only-short = only {$short} counter(s) are short in the stock
kh-why-stock-has-none = the stock has no {$crop} left
kh-err-not-unconnected = {$tile} is not an unconnected field tile
kh-err-own-store = that is not one of your own stores' rivals: choose another player's store
kh-err-not-another-player = that must be another player
kh-err-mandatory = this is mandatory and cannot be declined
kh-err-other = that is not allowed now
kh-inv-take-n = take {$count} { $count ->
    [one] counter
   *[other] counters
} from the stock
kh-inv-stock-lacks = the stock does not hold those counters
kh-inv-lawyer-self = the lawyer cannot copy itself
kh-inv-trader-registry = the bag holds no field tile: take a registry tile instead
kh-inv-trader-draw = the bag still holds field tiles: draw from it
kh-inv-pass-one = you have a tile to pass: pass one
kh-inv-cannot-pass-none = you cannot pass {$tile}: you have no field tile to pass
kh-inv-cannot-pass-board-or-received = you cannot pass {$tile}: pass a field tile of your board or the tile you received
kh-inv-cannot-pass-board = you cannot pass {$tile}: only a field tile of your board can be passed
kh-inv-not-most-common = {$crop} is not your most common unharvested crop
kh-inv-lucky-draw = the bag still holds field tiles: you draw from it
kh-inv-lucky-registry = the bag holds no field tile: choose a registry tile

## Public messages: the table, boards, log, scores

kh-picture-board-of = Picture of { $name }'s country board at table #{$table}; the same board is drawn as text.
kh-store-tile-with-bid = {$tile} (bid {$bid})
kh-progress-over = Game over
kh-progress-setup = Setting up
kh-progress-final = Turn {$turn} · final turns
kh-progress-turn = Turn {$turn}
kh-lines-earlier = {$count} earlier lines not shown.
kh-lines-more = …and {$count} more.
kh-board-title = {$name}'s board · {$score} so far
kh-board-title-final = {$name}'s board · {$score} final
kh-facts-counters = **Counters:** {$counters}
kh-facts-store = **Store:** {$store}
kh-facts-farmhands = **Farmhands left:** {$farmhands}
kh-legend-title = Legend
kh-so-far-note = "So far": workers and groups, without crop points. "?": starting counters not yet spent.
kh-no-such-seat = There is no such seat in this game.
kh-field-counters = Counters
kh-field-store = Store
kh-field-workers-on-board = Workers on the board
kh-field-farmhands-left = Farmhands left
kh-field-tiles-on-board = Tiles on the board
kh-tiles-on-board = {$fields} { $fields ->
    [one] field tile
   *[other] field tiles
}, {$harvested} of them harvested, and {$workers} { $workers ->
    [one] worker
   *[other] workers
}: {$total} in all (the "?" check on event space 7 looks for fewer than 7)
kh-field-start-pair = Start pair
kh-start-pair-drawn = {$name} drew the {$colour} pair.
kh-log-empty = Nothing has happened yet.
kh-setup-title = Setup · table #{ $table }
kh-round-title = Round { $round } · table #{ $table }
kh-log-title = Log · table #{$table} · {$progress}
kh-days = {$count} { $count ->
    [one] day
   *[other] days
}
kh-hours = {$count} { $count ->
    [one] hour
   *[other] hours
}
kh-minutes = {$count} { $count ->
    [one] minute
   *[other] minutes
}
kh-track-none = none yet; the first goes on space 1 (space 7 is the ? space)
kh-track-next = next: space {$space} of 10
kh-track-full = all 10 spaces filled
kh-line-setting-up = **Setting up:** {$name} names the start player.
kh-line-turn = **Turn {$turn}:** {$name}'s turn · {$done} of 2 actions done
kh-line-final-turns = final turns: {$count} { $count ->
    [one] turn
   *[other] turns
} after this one
kh-line-tenth-out = the tenth event is out: final turns follow
kh-line-waiting = ⏳ **Waiting for** {$name}: please {$decision}.
kh-line-stand-in = **Stand-in:** a bot decides once for anyone who holds the game up for {$delay}
kh-line-last-stand-in = **Last stand-in:** {$note}
kh-line-registry = **Registry ({$count}/6):** {$tiles}
kh-line-events = **Events ({$count}/10):** {$track}
kh-line-waiting-events = **Placed, resolved next:** {$events}
kh-line-ignored-events = **Drawn after the tenth (no effect):** {$events}
kh-line-removed = **Removed at setup:** {$events}
kh-line-townsfolk = **Townsfolk free:** {$townsfolk}
kh-line-stock = **Stock:** {$counters}
kh-line-bag = **Bag:** {$fields} { $fields ->
    [one] field tile
   *[other] field tiles
}, {$events} { $events ->
    [one] event
   *[other] events
} · **Fallow ({$count}):** {$fallow}
kh-line-start-player = **Start player:** {$name}
kh-line-pool = **Starting counters (the pool):** {$counters}
kh-seat-field-name = {$name} · {$score} so far
kh-seat-field-name-final = {$name} · {$score} final
kh-facts-board = **Board:** {$fields} { $fields ->
    [one] field tile
   *[other] field tiles
} ({$harvested} harvested) · workers: {$workers}
kh-win = 🏆 {$names} wins with {$points} { $points ->
    [one] point
   *[other] points
}.
kh-win-fields = 🏆 {$names} wins: level with {$level} on {$points} { $points ->
    [one] point
   *[other] points
}, and ahead on field tiles on the board ({$mine} against {$theirs}).
kh-win-counters = 🏆 {$names} wins: level with {$level} on {$points} { $points ->
    [one] point
   *[other] points
} and on field tiles ({$fields}), and ahead on counters ({$mine} against {$theirs}).
kh-win-shared = 🏆 {$names} share the win: level on {$points} { $points ->
    [one] point
   *[other] points
}, field tiles and counters.
kh-ended-stalemate = The game ended because a whole round passed without an action.
kh-no-counters = no counters
kh-table-title-final = Key Harvest · table #{$table} · Final scores
kh-supplies-at-end = **Supplies at the end:** {$supplies}
kh-table-footer-final = Thanks for playing! Scores shows the whole score pad and every supply; the boards and the log stay available below.
kh-button-scores = Scores
kh-table-title = Key Harvest · table #{$table} · {$progress}
kh-table-title-abandoned = Key Harvest · table #{$table} · abandoned
kh-table-footer = Tap My screen to see your own counters and act.
kh-button-my-screen = My screen
kh-button-boards = Boards
kh-button-log = Log
kh-final-title = Final scores · table #{$table}
kh-supplies-head = **Supplies at the end:**
kh-removed-unseen = **Removed unseen at setup:** {$events}
kh-so-far-title = Scores so far · table #{$table}
kh-so-far-line = {$name}: {$points} { $points ->
    [one] point
   *[other] points
} so far
kh-so-far-head = The game is not over yet. Workers and groups so far, without crop points:
kh-final-footer = workers: the numbers of the workers on the board · largest x1, second x2: the two largest groups · crops: 1 point per crop held strictly most of · ties: field tiles on the board, then counters.

## Host screens: what the game waits for, reminders, stand-ins; commands and clicks

kh-decide-nothing = nothing (the game is over)
kh-decide-start-player = choose who starts
kh-decide-turn = take your turn
kh-decide-reposition = put your displaced {$worker} back on your board
kh-decide-ability = use (or decline) your {$worker}'s ability
kh-decide-keep-drawn = keep the tile you drew or put it in the fallow area
kh-decide-event = decide your part of event {$letter} ({$event})
kh-done = Done.
kh-reminder = {$names}: please {$decision}. Key Harvest (table #{$table}, {$progress}) is waiting for you.
kh-dm-reminder =
    Your Key Harvest game (table #{$table}, {$progress}) is waiting for you: please {$decision}.
    Tap **My screen** here or use {$channel}.
kh-stand-in-note = ⏱ {$name} held the game up for { $minutes ->
    [one] 1 minute
    [60] an hour
    [1440] a day
    [4320] three days
   *[other] {$minutes} minutes
}, so a stand-in bot made one decision for them ({$progress}).
kh-choice-invalid = That choice is not valid.
kh-nothing-chosen = Nothing was chosen.
kh-not-started = The game has not started yet.
kh-not-started-here = The game here has not started yet.
kh-no-game-here-open = There is no Key Harvest game in this channel. Open one with /kh new.
kh-no-game-here = There is no Key Harvest game in this channel.
kh-player-not-in-game = That player is not in the game here.

## The private screen

kh-no-seat = You have no seat in this game.
kh-cancelled = This game was cancelled: there is nothing more to do.
kh-choice-gone = That choice is no longer open. Here is what you can do now.
kh-your-decision = **Your decision:** {$decision}.
kh-doing-start-player = choosing who starts
kh-doing-turn = taking their turn
kh-doing-reposition = deciding where their displaced {$worker} goes
kh-doing-ability = using their {$worker}'s ability
kh-doing-keep-drawn = deciding about the tile they drew
kh-doing-event = deciding their part of event {$letter} ({$event})
kh-waiting-for = Nothing to decide now · waiting for {$name}, who is {$doing}.
kh-event-drawn-by = Event {$letter} ({$event}) was drawn by {$name}: {$rule}
kh-game-over = The game is over.
kh-over-you-scored = The game is over. You scored **{$points} points** (rank {$rank} of {$players}): workers {$workers}, groups {$groups}, crops {$crops}.
kh-over-winner = 🏆 Winner: {$names}.
kh-over-pad-on-table = The full score pad is on the table message.
kh-your-counters = **Your counters** ({$total} in all): {$counters}
kh-your-store = **Your store:** {$store}
kh-others-counters = Others' counters: {$counters}
kh-panel-title = Key Harvest · table #{$table} · {$name}
kh-not-possible-now = **Not possible now**
kh-hidden-choices = ({$count} more choices did not fit on this screen.)
kh-panel-footer = {$stage} · only you can see this
kh-button-back = Back
kh-button-refresh = Refresh
kh-start-player-intro = You were drawn to choose the start player: anyone, yourself included. Play then goes in seat order.
kh-i-start = I start
kh-starts = {$name} starts
kh-ph-who-starts = Who starts?
kh-done-harvest = harvest
kh-done-worker = worker
kh-done-from-stores = from the stores
kh-done-to-store = to your store
kh-turn-intro = Turn {$turn}: do up to two different actions, in any order, except (c) after (d); then end your turn.
kh-turn-done = Turn {$turn}: done {$done} ({$count} of 2 actions).
kh-turn-final = The tenth event is out: these are the final turns.
kh-turn-registry = Registry: {$registry}
kh-turn-stores = Stores:
kh-act-harvest = (a) Harvest
kh-act-play = (b) Play a worker
kh-act-remove = (b) Remove a worker
kh-act-buy = (c) Buy from a store
kh-act-buy-second = (c) Buy a second tile
kh-act-take = (d) Take from the registry
kh-act-take-second = (d) Take a second tile
kh-why-no-unharvested = you have no unharvested field tile
kh-why-no-worker-space = no worker you may play has a legal space
kh-why-no-worker = you have no worker on your board
kh-why-stores-empty = every store is empty
kh-why-cannot-match = you cannot match the bid of any tile in another store
kh-why-no-counter-to-bid = you have no counter to bid with
kh-why-registry-empty = the registry is empty
kh-why-not-now = not possible now
kh-end-turn = End turn
kh-end-turn-confirm = **End your turn without an action?** If every player ends a turn without an action in one round, the game ends there. Or do an action after all:
kh-end-turn-empty = End turn without an action
kh-groups-intro = **(a) Harvest**: choose one group, then which of its unharvested tiles to turn over; each gives one counter of its crop.
kh-ph-group = Choose a group to harvest
kh-workers-intro = **(b) Play a worker**: on an empty space, or on one of your workers with a lower number, with at least as many adjacent field tiles as its number and no adjacent worker. Its ability acts at once.
kh-spaces = {$count} { $count ->
    [one] space
   *[other] spaces
}
kh-why-workers-blocked = {$workers}: no space has as many adjacent field tiles as the worker's number without a worker next to it
kh-ph-worker = Choose a worker
kh-worker-intro = **Play the {$worker}** ({$number}): {$rule}. Choose its space: at least {$number} adjacent field tiles, no adjacent worker.
kh-space-replaces = {$space} · replaces your {$worker}
kh-space-near = {$space} · {$count} { $count ->
    [one] field tile
   *[other] field tiles
} next to it
kh-ph-space-for = Choose a space for the {$worker}
kh-remove-intro = **(b) Remove a worker**: a farmhand goes back beside your board, a townsfolk to the town board. It does not act.
kh-remove-label = Remove the {$worker} from {$space}
kh-ph-remove = Choose a worker to remove
kh-stores-second = **(c) A second tile from a store**.
kh-stores-intro = **(c) Buy from a store**: one or two tiles, one at a time. From another store you pay its owner exactly the bid, crop for crop; from your own, your bid goes to the stock.
kh-store-label-own = {$tile} · your store
kh-store-label = {$tile} · pay {$bid} · {$name}
kh-store-line-own = • {$tile} in your store: your bid of {$bid} goes to the stock.
kh-store-line = • {$tile} in {$name}'s store: you pay {$name} exactly {$bid}.
kh-ph-store-tile = Choose a store tile
kh-registry-intro = **(d) Take from the registry**: the tile goes into your store with a bid of one or more of your counters; the registry is then refilled from the bag.
kh-ph-registry-tile = Choose a registry tile
kh-ability-apprentice = takes 1 counter of the crop of an adjacent unharvested tile
kh-ability-casual-worker = takes 1 counter each for up to two adjacent unharvested tiles
kh-ability-labourer = takes any two counters from the stock
kh-ability-unskilled-worker = turns adjacent harvested tiles back to unharvested
kh-ability-skilled-worker = buys a tile from another store for one counter more than its bid
kh-ability-supervisor = must move one of your field tiles to the fallow area
kh-ability-merchant = buys a tile from another store for as many counters as its bid
kh-ability-storekeeper = puts a registry tile in your store with a bid
kh-ability-bailiff = takes an unconnected tile from another board for 3 counters
kh-ability-lawyer = uses again the ability of another of your workers
kh-ability-trader = draws a tile from the bag to keep or put in the fallow area
kh-ability-benefactor = takes a registry tile for free
kh-pick-harvest = Harvest {$tiles}
kh-pick-take-from = Take from {$tiles}
kh-pick-turn-back = Turn back {$tiles}
kh-pick-harvest-all = Harvest all {$count}
kh-pick-take-from-all = Take from all {$count}
kh-pick-turn-back-all = Turn back all {$count}
kh-pick-intro-harvest = **(a) Harvest**: turn over one or more unharvested tiles of this group; each gives one counter of its crop.
kh-pick-intro-casual = **Casual worker**: one counter each for one or two adjacent unharvested tiles (they stay unharvested).
kh-pick-intro-unskilled = **Unskilled worker**: turn adjacent harvested tiles back to unharvested.
kh-pick-intro-new-crop = **Event R · new crop**: turn up to two of your harvested tiles back to unharvested.
kh-pick-intro-remote = **Event V · remote harvest**: harvest any of your unconnected unharvested tiles.
kh-pick-may-choose = Tiles you may choose: {$tiles}.
kh-pick-chosen = Chosen so far: {$tiles}.
kh-pick-chosen-gain = Chosen so far: {$tiles} ({$gain}).
kh-decline = Decline
kh-ph-toggle = Add or remove a tile
kh-reposition-intro = **Your {$worker} was displaced** from {$space} by a field tile. You may put it on another legal space at once (it acts again), or leave it off the board.
kh-leave-off = Leave it off the board
kh-trader-drew = **Trader**: you drew {$tile}. Acquire it (it goes on its own space of your board) or put it in the fallow area.
kh-keep = Keep {$tile}
kh-put-fallow = Put {$tile} in the fallow area
kh-ability-head = **{$worker} on {$space}**: {$rule}.
kh-ability-head-copied = **{$worker} on {$space}, copied by the lawyer**: {$rule}.
kh-ability-mandatory = This ability is mandatory.
kh-one-from = 1 {$crop} from {$space}
kh-ph-tile = Choose a tile
kh-store-label-pay = {$tile} · pay {$count} · {$name}
kh-store-line-bid = • {$tile} in {$name}'s store, bid {$bid}
kh-fallow = Fallow {$tile}
kh-ph-fallow = Choose a tile for the fallow area
kh-ph-unconnected = Choose an unconnected tile
kh-copy-label = Copy the {$worker} on {$space}
kh-ph-copy = Choose a worker to copy
kh-draw-from-bag = Draw from the bag
kh-trader-registry = The bag holds no field tile: you may take a registry tile instead, to keep or to put in the fallow area.
kh-take = Take {$tile}
kh-stock-holds = The stock holds: {$counters}.
kh-take-nothing = Take nothing
kh-ph-counters = Choose the counters
kh-gives = gives {$counters}
kh-gives-short = gives {$counters}; the stock is {$short} short
kh-run-out = **A crop has run out**: you are owed {$owed}, but the stock holds only {$got} of it ({$short} short). For each counter short you may take one of any crop the stock still holds instead, or none.
kh-instead-so-far = Taken instead so far: {$counters}.
kh-stock-still-holds = The stock still holds: {$counters}.
kh-plus-instead = + {$crop} instead
kh-take-nothing-instead = Take {$counters}, nothing instead
kh-take-plus-instead = Take {$counters} + {$instead} instead
kh-nothing-instead = Nothing instead
kh-bid-intro = **Bid for {$tile}**: one or more counters from your supply, placed openly beside the tile in your store. A bid is final. Whoever takes the tile from your store pays you exactly this bid.
kh-bid-so-far = Your bid so far: **{$counters}**.
kh-bid-one = Bid 1 {$crop}
kh-bid = Bid {$counters}
kh-pay-intro = **{$what}**: pay {$size} { $size ->
    [one] counter
   *[other] counters
} of any crops from your supply.
kh-pay-so-far = Chosen so far: **{$counters}** ({$count} of {$size}).
kh-pay = Pay {$counters}
kh-pay-skilled = Skilled worker: {$tile} from {$name}'s store, one counter more than its bid
kh-pay-merchant = Merchant: {$tile} from {$name}'s store, as many counters as its bid
kh-pay-bailiff = Bailiff: {$tile} from {$name}'s board, paid to them
kh-pay-lucky-bag = Event Q · lucky dip: a tile drawn from the bag, paid to the stock
kh-pay-lucky-registry = Event Q · lucky dip: registry tile {$tile}, paid to the stock
kh-pay-quick-sale = Event T · quick sale: registry tile {$tile}, paid to the stock
kh-rule-blind-swap = each player may put one of their field tiles in the fallow area and acquire a tile drawn from the bag.
kh-rule-exchange = each player may give one of their field tiles for another player's unconnected tile.
kh-rule-give-away = every player passes one field tile to the player on their left.
kh-rule-good-harvest = each player may take one counter of their most common unharvested crop.
kh-rule-lucky-dip = each player may pay 2 counters to the stock for a tile drawn from the bag.
kh-rule-new-crop = each player may turn up to two harvested tiles back to unharvested.
kh-rule-new-registry = the registry goes back into the bag and is drawn again.
kh-rule-quick-sale = each player may pay 3 counters to the stock for a registry tile.
kh-rule-registry-swap = each player may swap one of their field tiles with a registry tile.
kh-rule-remote-harvest = each player may harvest their unconnected unharvested tiles.
kh-rule-replacement = each player draws a tile, then puts one of their field tiles or the drawn one in the fallow area.
kh-rule-reposition = each player may move one of their workers to another legal space.
kh-rule-vacation = each player may take one of their workers off their board.
kh-rule-windfall = the drawer gives each player one counter of their choice from the stock.
kh-you = you
kh-yourself = yourself
kh-event-head = **Event {$letter} · {$event}** (drawn by {$name}): {$rule}
kh-event-mandatory = {" "}It is mandatory.
kh-fallow-draw = Fallow {$tile}, draw
kh-take-from-player = Take {$tile} · {$name}
kh-ph-take = Choose the tile to take
kh-take-one = Take 1 {$crop}
kh-ph-crop = Choose the crop
kh-pay-2-draw = Pay 2, draw a tile
kh-lucky-registry = The bag holds no field tile: you may pay 2 counters for a registry tile instead.
kh-pay-2-for = Pay 2 for {$tile}
kh-ph-choose = Choose
kh-pay-3-for = Pay 3 for {$tile}
kh-ph-registry-take = Choose the registry tile to take
kh-replace-drew = You drew **{$tile}**: keep it by putting one of your field tiles in the fallow area, or put it there itself.
kh-fallow-drawn = Fallow the drawn {$tile}
kh-fallow-keep = Fallow {$tile}, keep {$drawn}
kh-ph-keep-drawn = Keep the drawn tile: choose one to fallow
kh-move-label = Move the {$worker} from {$space}
kh-ph-move = Choose a worker to move
kh-vacation-label = Take the {$worker} off {$space}
kh-windfall-give = Give {$name} one counter from the stock ({$stock}).
kh-give-one = Give {$name} 1 {$crop}
kh-received = You received **{$tile}**.
kh-pass-nothing-why = You have no field tile to pass: you pass nothing.
kh-pass-nothing = Pass nothing
kh-pass-on = Pass on {$tile} (the tile you received)
kh-pass = Pass {$tile}
kh-ph-pass = Choose the tile to pass
kh-give-away-second = **Event O · give away**: you pass {$tile}. Now acquire the tile you received, or put it in the fallow area.
kh-exchange-second = **Event N · exchange**: you take {$tile} from {$name}. Choose the field tile you give them.
kh-give = Give {$tile}
kh-ph-give = Choose the tile to give
kh-swap-second = **Event U · registry swap**: you take {$tile} from the registry. Choose the field tile that goes into the registry for it.
kh-move-second = **Event X · reposition**: move your {$worker} from {$space} to another legal space (it does not act).
kh-a-worker = worker
kh-ph-new-space = Choose the new space

## Rules topics (/kh rules)

kh-topic-overview = what the game is about, the pieces, how to win

kh-topic-setup = start player, start pairs, starting counters, the bag

kh-topic-turn = two different actions, their order, the end of a turn

kh-topic-actions = (a) harvest, (b) workers, (c) buying from stores, (d) registry and bids

kh-topic-workers = the 12 workers A-L and what each does

kh-topic-events = the 14 events M-Z and what each does

kh-topic-drawing = refills, event draws, a tile landing on a worker

kh-topic-end = the ? space, the tenth event, final turns and scoring

kh-topic-information = what is public and what is hidden

kh-topic-rulings = the KH rulings where the published text is silent

kh-topic-discord = playing here: the table message, your screen, reminders

kh-rules-overview-title = Key Harvest · overview

kh-rules-overview =
    You farm land in a kingdom with a land registry. Every plot has a **field tile** showing its **reference** (like `C4`) and its **crop**: hops, vegetables, cider apples, wine or wheat. A tile can only ever go on the space with its own reference on your **country board** (56 hexes, rows A-G, columns 1-8).

    {"*"}*The pieces:** 56 field tiles; 60 crop counters (12 per crop); per player 6 farmhands (workers A-F) and a **store** for 2 tiles; 6 shared townsfolk (workers G-L); 14 event tiles M-Z; a town board with 10 event spaces, the free townsfolk and the **registry** of 6 tiles on offer.

    {"*"}*The idea:** bid crop counters for registry tiles, which wait in your store where others may buy them out from under you by paying your bid; harvest your fields for more counters; play workers for their abilities and points. Events drawn from the bag shake things up.

    {"*"}*To win:** most points at the end. You score your workers' numbers, your largest group of linked field tiles (1 per tile), your second largest (2 per tile!) and 1 per crop you hold strictly the most counters of. Two big, equal groups beat one huge one.

    Topics: setup, turn, actions, workers, events, drawing, end, information, rulings, discord.

kh-rules-setup-title = Setup (KH 9-13)

kh-rules-setup =
    {"*"}*Start player:** a random player picks who starts (anyone, themselves included); play goes round in seat order.

    {"*"}*Start pairs:** there are four coloured start pairs of tiles. Each player draws one pair and places both tiles on their board. With 2 or 3 players the pairs nobody drew go into the bag with the other tiles.

    {"*"}*Starting counters:** a small pool, chosen at random:
    - 2 players: one counter of each crop plus a second of one crop; each player gets one of the doubled crop and two others, openly.
    - 3 players: 2 each of four crops, 1 of the fifth (9 in all).
    - 4 players: 3 each of two crops, 2 each of the other three (12 in all).
    With 3-4 players each draws 3 at random, and the others see them only as "?" until they are spent. Everyone knows the pool's make-up.

    {"*"}*The rest:** the other counters are the **stock**. All other field tiles go in the bag and 6 are drawn into the registry; only then do the events go in: all 14 with 2 players, 12 with 3-4 (2 are removed unseen and shown at the end).

kh-rules-turn-title = Your turn (KH 14-17)

kh-rules-turn =
    On your turn do **up to two different actions**, each at most once:
    {"*"}*(a)** harvest · **(b)** play or remove a worker · **(c)** take tiles from stores onto your board · **(d)** take registry tiles into your store.
    (See the **actions** topic for each.)

    {"*"}*Order:** any order, except that (c) may never follow (d) in the same turn. Only the actions themselves are ordered: a storekeeper's store placement is not (d), and a merchant's purchase is not (c).

    {"*"}*One, two or none:** one action is fine, and so is none. A worker's ability is part of the (b) that played it. Putting back a worker a tile pushed off its space is a bonus, not an action.

    {"*"}*End of turn:** you end it yourself, or it ends once you have done two actions and everything they set off is resolved (unless a second tile of (c) or (d) is still open to you). Then the next seat plays.

    {"*"}*Stalemate:** if a whole round passes in which nobody does any action, the game ends and is scored (our ruling, KH 17).

kh-rules-actions-title = The four actions (KH 18-25)

kh-rules-actions =
    {"*"}*(a) Harvest.** Pick one **group** on your board (tiles linked through neighbouring field tiles) and turn over any of its unharvested tiles; they need not touch each other. Take one counter of each turned tile's crop from the stock. If a crop has run out, you may take another crop the stock still has (KH 6).

    {"*"}*(b) Workers.** Play one of your farmhands, or a free townsfolk, onto your board, or take one of your workers off (it goes back). A worker goes on an empty space, or on one of your workers with a strictly lower number (which goes back). The space needs at least as many neighbouring field tiles as the worker's number (harvested or not) and no neighbouring worker. Its ability then acts once (see **workers**).

    {"*"}*(c) Buy from stores.** Take one or two tiles from any stores, one at a time, onto your board. From your own store your bid goes to the stock. From another player's store you pay them **exactly** its bid, crop for crop; they keep both the bid and your payment. No exact match, no tile.

    {"*"}*(d) Registry and bids.** With room in your store (2 tiles), take a registry tile into it and put a **bid** of one or more counters beside it, openly. A bid is final: never changed, added to or moved. The registry is refilled at once; then you may take a second tile. A store tile stays until someone acquires it or the game ends.

kh-rules-workers-title = The workers A-L (KH 33-44)

kh-rules-workers =
    Farmhands A-F are your own; townsfolk G-L are shared. The number is the worker's points and its neighbour minimum. Only F is mandatory.
    {"*"}*A Apprentice 1:** one counter of the crop of a neighbouring unharvested tile (the tile stays unharvested).
    {"*"}*B Casual worker 1:** the same for up to two different neighbouring tiles.
    {"*"}*C Labourer 2:** any two counters of your choice from the stock.
    {"*"}*D Unskilled worker 2:** turn any of its neighbouring harvested tiles back to unharvested.
    {"*"}*E Skilled worker 3:** buy a tile from another player's store for one counter more than its bid (any crops); the owner keeps bid and payment.
    {"*"}*F Supervisor 3 (must):** send one tile of your board (any) to the fallow area, out of the game. Every time it acts.
    {"*"}*G Merchant 4:** buy a tile from another store for as many counters as its bid, any crops.
    {"*"}*H Storekeeper 4:** with room and a counter, take a registry tile into your store with a bid; the registry refills. Not action (d).
    {"*"}*I Bailiff 4:** take an **unconnected** tile (no neighbouring field tile) from another board, paying its owner exactly 3 counters.
    {"*"}*J Lawyer 5:** use another of your workers' ability again, where it stands (not its own).
    {"*"}*K Trader 5:** draw a tile from the bag (events drawn are set aside) and keep it or send it to the fallow area; with no field tile in the bag, do that with a registry tile instead.
    {"*"}*L Benefactor 5:** take a registry tile for free; the registry refills.

    A worker acts once when played, again if a tile pushes it off and you put it back (KH 26), and when the lawyer copies it. Later changes around it never move it.

kh-rules-events-title = The events M-Z (KH 45-60)

kh-rules-events =
    A drawn event goes on the lowest free space of the town board and is resolved at once, for each player in turn from the one who drew it, except S and Z (the drawer only). O, S, W and Z must be done as far as possible; the others may be declined.
    {"*"}*M Blind swap:** send one of your tiles to the fallow area and acquire a tile drawn from the bag (only while the bag holds one).
    {"*"}*N Exchange:** give another player any tile of yours for one of their unconnected tiles.
    {"*"}*O Give away:** everyone passes one tile to the left. A receiver may pass on what they got (not the last one), or pass one of their own and then keep or discard what they got; the drawer receives last.
    {"*"}*P Good harvest:** one counter of the crop you have most unharvested tiles of.
    {"*"}*Q Lucky dip:** pay 2 counters to the stock for a tile drawn from the bag (with none left, a registry tile).
    {"*"}*R New crop:** turn up to two harvested tiles back.
    {"*"}*S New registry:** the registry goes back in the bag and is drawn afresh.
    {"*"}*T Quick sale:** pay 3 counters to the stock for a registry tile; the drawer refills after everyone.
    {"*"}*U Registry swap:** swap one of your tiles with a registry tile.
    {"*"}*V Remote harvest:** harvest any of your unconnected unharvested tiles.
    {"*"}*W Replacement:** draw a tile; keep it by sending one of yours to the fallow area, or discard it.
    {"*"}*X Reposition:** move one of your workers to another legal space; it does not act.
    {"*"}*Y Vacation:** take one of your workers back.
    {"*"}*Z Windfall:** the drawer hands every player, themselves too, a counter of the drawer's choice from the stock.

kh-rules-drawing-title = Drawing and chains (KH 26-32)

kh-rules-drawing =
    {"*"}*Refills:** after (d), the storekeeper and the benefactor, tiles are drawn until the registry is full again or the bag is empty. A drawn event is placed and resolved at once, then drawing goes on.

    {"*"}*Event draws:** draws made for an event (M, Q, S, W, T's refill) or the trader set any event they meet aside until a field tile comes; then the set-aside events go back in the bag. If the bag has no field tile at all, the events left are placed and resolved one by one instead.

    {"*"}*Events never nest:** an event drawn while another is being resolved is placed at once but resolved only when the first has finished for everyone.

    {"*"}*A tile on your worker:** a tile you acquire always goes on the space with its reference, unharvested side up. If one of your workers stands there, it comes off; you may put it straight on another legal space (it may replace a lower worker), where it **acts again** (a supervisor must). Otherwise it goes back. Such chains are finished before anything else goes on.

kh-rules-end-title = The end and scoring (KH 61-67)

kh-rules-end =
    {"*"}*The ? space:** when an event lands on space 7 and any player has fewer than 7 tiles on their board (fields and workers), the events on spaces 1 and 2 go back in the bag and the others move down two spaces, unless the bag holds no field tile.

    {"*"}*The tenth event** is resolved, the turn in progress finishes, then everyone takes **two more turns** in seat order; the player whose turn it was takes the very last. Events drawn after the tenth are removed without effect. A whole round without any action also ends the game (KH 17).

    {"*"}*Scoring:**
    - **Workers:** the numbers of your workers on your board.
    - **Largest group:** 1 point per tile.
    - **Second largest group:** 2 points per tile (two equal groups still count as first and second: 6 and 6 score 18).
    - **Crops:** 1 point for each crop you hold strictly more counters of than everyone else; a tie for the most (even at zero) scores nothing for anyone. Bids don't count.

    {"*"}*Ties:** most field tiles on the board, then most counters; still level, the win is shared.

    The running score on the table leaves out crop points, which could give away hidden counters.

kh-rules-information-title = What is public (KH 68-70)

kh-rules-information =
    {"*"}*Public:** every board, store and bid, the registry, the fallow area, the town board and free townsfolk, each player's farmhands left, the stock's counts, every event drawn, set aside, returned or ignored, how many field tiles and events the bag holds, and each player's number of counters.

    {"*"}*Counters:** everything after setup moves in the open: harvests, worker and event gains, bids, purchases and payments. So everyone sees each supply by crop, except that with 3-4 players a player's 3 starting counters show as **"?"** until spent. Paying a crop nobody knew you had reveals one "?" as that crop. You always see your own supply in full (on **My screen**), and all supplies are shown at the end.

    {"*"}*Hidden:** the order of the bag; with 3-4 players the 2 events removed at setup (until the end); and the crops of unspent starting counters.

kh-rules-rulings-title = Our rulings (KH n)

kh-rules-rulings =
    Where the published text is silent or unclear, we rule:
    - **KH 6** a crop out of stock may be replaced by any crop left, own crops first.
    - **KH 10** unused start pairs go into the bag (2-3 players).
    - **KH 11-12** which crops the starting pool doubles or triples is random.
    - **KH 15** only actions are ordered: storekeeper then (c), (d) then merchant are fine.
    - **KH 17** a whole round without an action ends the game.
    - **KH 26** a displaced worker may replace a lower worker.
    - **KH 28** a refill fills every empty registry space.
    - **KH 31** events never interrupt one another; they wait their turn.
    - **KH 35** the labourer chooses its counters.
    - **KH 42** the lawyer cannot copy itself.
    - **KH 43** the trader's registry choice when the bag has no field tile.
    - **KH 47** blind swap only while the bag holds a field tile.
    - **KH 49** give away: pass first, then keep or discard; the drawer receives last.
    - **KH 51, 54** lucky dip and quick sale pay the stock.
    - **KH 57** replacement keeps a tile only in exchange for one.
    - **KH 60** windfall goes clockwise from the drawer.
    - **KH 61** the ? check happens when the event is placed; nothing moves if the bag has no field tile.
    - **KH 62** the final turns count from the player on turn.
    - **KH 63** events after the tenth are ignored.
    - **KH 65-66** equal groups are first and second; a shared top crop count scores nothing.
    - **KH 67** a tie after both tie-breaks is a shared win (a rematch, not a replay).
    - **KH 69-70** running scores leave out crop points; payments between players are public.
    Also: the printed text's "action (d)" for placing store tiles on a board means (c).

kh-rules-discord-title = Playing Key Harvest here

kh-rules-discord =
    {"*"}*Join** a table from its message; the host presses **Start**.
    The **table message** is edited after every action: whose turn it is and what the game waits for, the registry, the event track, the townsfolk, the stock, the bag, the fallow area, and each player's score so far, counters, store with bids and workers.
    {"*"}*My screen** opens your private screen (only you see it): your counters by crop and every choice you have now. Old screens refuse stale clicks and show a fresh one.
    {"*"}*Boards** shows every country board as a hex drawing: `[H]` unharvested, `(h)` harvested, `<4>` a worker, and an empty space shows its reference. Rows B, D and F are shifted half a hex, so each hex sits between its neighbours above and below.
    {"*"}*Log** shows what happened recently; each action is also told in the game's thread.
    Games are asynchronous: one player decides at a time, and whoever holds the game up gets a reminder after the table's delay.

kh-rules-footer = /kh rules topic: {$topics} · a worker's or event's name or letter works too.
kh-rules-unknown = There is no rules topic called "{$topic}". Here are the topics:
kh-rules-topics-title = Key Harvest rules: topics
kh-rules-topics-note = A worker's or event's name or letter ("lawyer", "J", "windfall") opens its topic too.

## The coach's words for a turn's action (issue 30).
kh-coach-harvest = harvesting { $tiles }
kh-coach-play-worker = playing the { $worker } on { $space }
kh-coach-remove-worker = taking the worker off { $space }
kh-coach-buy = buying { $tile } from { $name }'s store
kh-coach-registry = taking { $tile } from the registry with a bid of { $bid }
kh-coach-end-turn = ending the turn
## A decision's name in the review (issue 43): the round, and what kind of action it was.
kh-moment-setup = Setup, start player
kh-moment-round = Round { $round }
kh-moment-harvest = Round { $round }, harvest
kh-moment-worker = Round { $round }, worker
kh-moment-buy = Round { $round }, purchase
kh-moment-bid = Round { $round }, bid
kh-moment-end = Round { $round }, end of turn
kh-moment-event = Round { $round }, event
kh-coach-no-advice = **Hint:** the coach weighs the turn's actions; choose this one as you see fit.
