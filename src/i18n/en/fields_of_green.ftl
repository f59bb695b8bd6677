# Fields of Green: every text of its screens (ids fog-...). English and Japanese files define the
# same ids with the same arguments (src/i18n/tests.rs).
# Japanese terms follow the Japanese rulebook (施設, 田畑, 家畜, 構造物, 建物, 給水塔, 穀物庫, 設備,
# 空き地, 維持/行動/収穫フェイズ, 勝利点, 食糧, 水, コイン).
fog-water-tower = Water Tower
fog-water-towers = Water Towers
fog-silo = Silo
fog-silos = Silos
fog-player-n = Player { $n }
fog-picture-farm-of = Picture of { $name }'s farm at table #{ $table }; the same is written out as text grids.
fog-resources = { $coins ->
    [one] 1 coin
   *[other] { $coins } coins
    } · { $food }/{ $capacity } Food · { $water } Water · { $tokens ->
    [one] 1 VP token
   *[other] { $tokens } VP tokens
    }
fog-phase-upkeep = Upkeep
fog-phase-action-turn = Action phase, turn { $turn } of { $of }
fog-phase-action-card = Action phase, card { $card } of { $of }
fog-phase-harvest = Harvest
fog-game-over = Game over
fog-year-phase = Year { $year } of 4 · { $phase }
fog-direction-left = → left (clockwise)
fog-direction-right = ← right (counter-clockwise)
fog-vp = { $n } VP
fog-status-choosing-equipment = choosing an Equipment tile
fog-status-placing-water = placing income Water
fog-status-drew = drew { $split }
fog-status-drawing = drawing cards
fog-status-draws-later = draws later
fog-status-using = using { $card }
fog-status-card-chosen = ✓ card chosen
fog-status-choosing-card = choosing a card
fog-status-done = done
fog-list-sep = {", "}
fog-status-waiting = waiting
fog-status-taking-card = taking a card
fog-status-harvest-done = ✓ harvest done
fog-status-harvesting = harvesting
fog-legend-cut = (legend cut: see Farms)
fog-stand-in-note = ⏱ { $name } held the game up for { $minutes ->
    [one] 1 minute
    [60] an hour
    [1440] a day
    [4320] three days
   *[other] { $minutes } minutes
    }, so a stand-in bot made one decision for them ({ $phase }).
fog-counted = { $n }x { $name }
fog-first-player-line = **First player:** { $name }
fog-first-player-pass-line = **First player:** { $name } · **Pass:** { $direction }
fog-piles-line = **Piles:** { $piles }
fog-supply-line = **Supply:** { $towers ->
    [one] 1 Water Tower
   *[other] { $towers } Water Towers
    } · { $silos ->
    [one] 1 Silo
   *[other] { $silos } Silos
    } · { $tiles ->
    [one] 1 Equipment tile
   *[other] { $tiles } Equipment tiles
    }
fog-discard-empty = **Discard:** empty
fog-discard-line = **Discard ({ $n }):** { $cards }
fog-none = none
fog-face-up-line = **Face up:** { $row } ({ $down } face down)
fog-intro-mode = Introductory mode: fixed draws each year.
fog-waiting-nobody = **Waiting for:** nobody
fog-waiting-line = **Waiting for:** { $names }
fog-stand-in-line = **Stand-in:** a bot plays for anyone who holds the game up for { $time }
fog-last-stand-in-line = **Last stand-in:** { $note }
fog-status-title-final = Fields of Green · table #{ $table } · Final scores
fog-status-footer-final = Thanks for playing! Scores shows the whole score pad; the farms and the log stay available below.
fog-button-scores = Scores
fog-status-title = Fields of Green · table #{ $table } · { $phase }
fog-status-title-abandoned = Fields of Green · table #{ $table } · abandoned
fog-seat-field = { $name } · { $vp } VP
fog-seat-field-first = { $name } (first player) · { $vp } VP
fog-farm-cards = Farm: { $n ->
    [one] 1 card
   *[other] { $n } cards
    }
fog-farm-open-areas = , { $n ->
    [one] 1 Open Area
   *[other] { $n } Open Areas
    }
fog-farm-set-aside = , { $n } Equipment set aside
fog-status-footer = Tap My hand to see your cards and act. Scores are as if the game ended now.
fog-button-my-hand = My hand
fog-button-farms = Farms
fog-button-log = Log
fog-farm-of-vp = { $name }'s farm · { $vp } VP
fog-farm-of = { $name }'s farm
fog-farm-select-placeholder = Open one farm large
fog-no-such-seat = There is no such seat in this game.
fog-score-now = Score now
fog-score-now-value = { $vp } VP if the game ended now
fog-status = Status
fog-equipment-on = { $at } on { $card }: { $text }
fog-equipment-on-farm = Equipment on the farm
fog-set-aside-field = Set aside (1 VP each at the end, or placed as you build)
fog-log-empty = Nothing has happened yet.
fog-log-earlier = *{ $n } earlier lines not shown.*
fog-log-title = Log · table #{ $table } · { $phase }
fog-summary-title-turn = Year { $year } · turn { $turn }
fog-summary-title-cards = Year { $year } · cards played
fog-summary-title-upkeep = Year { $year } · income and draws
fog-and-more = *…and { $n } more.*
fog-year-end-title = End of year { $year }
fog-standing = { $rank }. { $name } · { $vp } VP
fog-scores-now = **Scores now**
fog-year-begins = Year { $year } begins. { $name } is first player.
fog-times = { $what } (x{ $n })
fog-harvested-list = Harvested: { $list }
fog-harvested-nothing = Harvested nothing.
fog-now-open-areas = Now Open Areas: { $list }
fog-final-scores-title = Final scores · table #{ $table }
fog-scores-if-ended-title = Scores if the game ended now · table #{ $table }
fog-if-ended-now = If the game ended now: { $line }
fog-tie-break = Tie-break: { $text }.
fog-final-footer = Cards/Tokens: printed VP and VP tokens · Equipment: Game End tiles and 1 VP per set-aside tile · Money: 1 VP per 3 coins · Food: 1 VP per 2 · Water Towers: 1 VP per empty tower · Ties: most locations, then most coins.
fog-need-look = take a look
fog-need-equipment = choose an Equipment tile
fog-need-water = place your income Water
fog-need-draw = draw your cards
fog-need-use-and-choose = use your { $card } and choose your next card
fog-need-use = use your { $card }
fog-need-choose = choose a card
fog-need-take = take a face-up card
fog-need-harvest = pay your Harvest abilities, then finish
fog-need-scores = see the final scores
fog-reminder-waiting = Fields of Green (table #{ $table }, { $phase }) is waiting.
fog-reminder-all = { $names }: please { $need }. Fields of Green (table #{ $table }, { $phase }) is waiting for you.
fog-reminder-each = Fields of Green (table #{ $table }, { $phase }) is waiting:
fog-reminder-tap = Tap **My hand** to act.
fog-table-message-link = [the table message]({ $link })
fog-dm-reminder = Your Fields of Green game (table #{ $table }, { $phase }) is waiting for you: please { $need }.
    Tap **My hand** here or use { $place }.
fog-pad-total = Total
fog-pad-no-scores = No scores.
fog-pad-cards = Cards/Tokens
fog-pad-equipment = Equipment
fog-pad-money = Money
fog-pad-food = Food
fog-pad-water-towers = Water Towers
fog-pad-game-end = Game End
fog-pad-game-end-total = Game End total
fog-pad-legend = Game End codes: { $list }.
fog-pad-legend-entry = { $code } { $name }
fog-pad-note = { $what }: { $who }.
fog-pad-note-tokens = VP tokens (in Cards/Tokens)
fog-pad-note-set-aside = Set-aside Equipment, 1 VP each (in Equipment)
fog-pad-note-repeats = Coins paid to score a Game End ability again (before Money)
fog-tie-none = no tie
fog-tie-locations = tie broken by most locations
fog-tie-coins = tie broken by most coins
fog-tie-shared = tie not broken: the win is shared
fog-tie-line = Tied on { $vp } VP, { $by }: { $list }.
fog-tie-by-locations = ordered by most locations
fog-tie-by-coins = ordered by most locations, then most coins
fog-tie-entry-locations = { $name } ({ $locations } locations)
fog-tie-entry-coins = { $name } ({ $locations } locations, { $coins ->
    [one] { $coins } coin
   *[other] { $coins } coins
    })
fog-tie-shared-place = { $names } share place { $place }.
fog-no-winner = No winner.
fog-wins = { $name } wins with { $vp } VP.
fog-wins-by-locations = { $name } wins: tied with { $others } on { $vp } VP, { $tie } ({ $mine } to { $next }).
fog-wins-by-coins = { $name } wins: tied with { $others } on { $vp } VP and { $locations } locations, { $tie } ({ $mine } to { $next }).
fog-win-shared = { $names } share the win: tied on { $vp } VP, { $locations } locations and { $coins ->
    [one] 1 coin
   *[other] { $coins } coins
    }.
fog-ev-open-area-at = the Open Area at { $at }
fog-ev-the-card-at = the { $card } at { $at }
fog-ev-card-at = { $card } at { $at }
fog-ev-some-card-at = the card at { $at }
fog-ev-pass-left = to the left (clockwise)
fog-ev-pass-right = to the right (counter-clockwise)
fog-ev-year-begins-pass = Year { $year } begins. { $name } is first player; hands pass { $direction } this year.
fog-ev-no-income = { $name } collects no income.
fog-ev-no-income-lost = { $name } collects no income ({ $lost } did not fit and is lost).
fog-ev-income = { $name } collects income: { $got }.
fog-ev-income-lost = { $name } collects income: { $got } ({ $lost } did not fit and is lost).
fog-ev-water-to-place = { $name } chooses Water Towers for { $water } income Water.
fog-ev-water-placed = { $name } placed income Water: { $towers }.
fog-ev-drew = { $name } drew { $n ->
    [one] 1 card
   *[other] { $n } cards
    }: { $piles }.
fog-ev-pile-empty = The { $pile } pile is empty.
fog-ev-none-face-up = No cards were left to turn face up.
fog-ev-turned-face-up = Turned face up: { $cards }.
fog-ev-selected = { $name } has chosen a card.
fog-ev-chose = { $name } chose { $card }
fog-ev-had-no-card = { $name } had no card
fog-ev-reveal = Turn { $turn } reveal: { $parts }.
fog-ev-hands-pass = Hands pass { $direction }.
fog-ev-picked = { $name } took { $card } from the face-up cards.
fog-ev-built = { $name } built { $card } at { $at } { $paid }.
fog-ev-built-tower = { $name } discarded { $card } and built a Water Tower at { $at } { $paid }.
fog-ev-built-silo = { $name } discarded { $card } and built a Silo at { $at }.
fog-ev-market-sold = { $name } discarded { $card } to go to the market, sold { $food } Food and gained { $coins ->
    [one] 1 coin
   *[other] { $coins } coins
    }.
fog-ev-market = { $name } discarded { $card } to go to the market and gained { $coins ->
    [one] 1 coin
   *[other] { $coins } coins
    }.
fog-ev-restored = { $name } discarded { $discarded } and restored the Open Area at { $at }: { $card } is face up again.
fog-ev-nothing = nothing
fog-ev-gained = { $name } gained { $got } from { $from }.
fog-ev-gained-lost = { $name } gained { $got } from { $from } ({ $lost } Food did not fit in the Silos and is lost).
fog-ev-refilled = Water was added to { $name }'s Water Towers: { $towers }.
fog-ev-equipment-drawn = { $name } draws { $n ->
    [one] 1 Equipment tile
   *[other] { $n } Equipment tiles
    } to keep one.
fog-ev-equipment-empty = { $name } would gain an Equipment tile, but the stack is empty.
fog-ev-equipment-placed = { $name } placed { $tile } on { $on }.
fog-ev-set-aside = { $name } set { $tile } aside.
fog-ev-harvested = { $name } harvested { $card } at { $at } { $paid }.
fog-ev-harvested-again = { $name } harvested { $card } at { $at } { $paid } and repeated it { $n ->
    [one] 1 time
   *[other] { $n } times
    }.
fog-ev-became-open = { $name }'s { $card } at { $at } was not harvested and is now an Open Area.
fog-ev-equipment-lost = { $n ->
    [one] {" "}{ $tiles } was lost with it.
   *[other] {" "}{ $tiles } were lost with it.
    }
fog-ev-harvest-finished = { $name } finished the harvest.
fog-ev-first-player = { $name } is now first player.
fog-ev-game-over = The game is over.
fog-ev-game-over-winner = The game is over: { $name } wins!
fog-ev-game-over-shared = The game is over: { $names } share the win!
fog-ev-water-on = { $n } on { $at }
fog-n-coins = { $n ->
    [one] 1 coin
   *[other] { $n } coins
    }
fog-n-water = { $n } Water
fog-n-food = { $n } Food
fog-ev-paid-free = for free
fog-ev-paid = for { $what }
fog-hand-title = Your hand
fog-built = { $name } built { $card }.
fog-legend-tower = { $at } { $water }/{ $capacity }
fog-legend-tower-empty = { $at } { $water }/{ $capacity } empty
fog-legend-towers = Wn  Water Tower, n Water in it: { $list }
fog-legend-silos = SI  Silo: { $list }
fog-legend-open = ### Open Area (face-down card): { $list }
fog-legend-equipment = +/* Equipment (+ one tile, * two): { $list }
fog-legend-build = m25 lowercase: { $n ->
    [one] { $n } space to build on
   *[other] { $n } spaces to build on
    }
fog-card-water-tower = Water Tower - action B: discard your card and pay { $cost } coins; arrives with { $capacity } Water, holds { $capacity }; its Water pays for cards within { $range }.
fog-card-silo = Silo - action C: discard your card, build it for free; holds { $capacity } Food.
fog-copies = { $n }x { $text }
fog-no-cards = (no cards)
fog-none-paren = (none)
fog-pile-field = Field
fog-pile-livestock = Livestock
fog-pile-construction = Construction
fog-pile-building = Building
fog-pile-field-n = { $n ->
    [one] 1 Field
   *[other] { $n } Fields
    }
fog-pile-livestock-n = { $n } Livestock
fog-pile-construction-n = { $n ->
    [one] 1 Construction
   *[other] { $n } Constructions
    }
fog-pile-building-n = { $n ->
    [one] 1 Building
   *[other] { $n } Buildings
    }
fog-kind-grain = Grain
fog-kind-vegetable = Vegetable
fog-kind-fruit = Fruit
fog-kind-poultry = Poultry
fog-kind-dairy = Dairy
fog-kind-meat = Meat
fog-kind-work = Work
fog-panel-no-seat = You have no seat in this game.
fog-panel-cancelled = This game was cancelled: there is nothing more to do.
fog-panel-choice-gone = That choice is no longer open. Here is what you can do now.
fog-free = free
fog-n-vp-tokens = { $n ->
    [one] 1 VP token
   *[other] { $n } VP tokens
    }
fog-n-water-on-towers = { $n } Water on towers
fog-n-equipment = { $n ->
    [one] an Equipment
   *[other] { $n } Equipment
    }
fog-food-lost-full = {" "}({ $n } Food lost: Silos full)
fog-stack-empty-note = {" "}(Equipment stack empty)
fog-card-space = { $card } { $at }
fog-the-game = the game
fog-panel-waiting = Nothing to decide now · waiting for { $names }.
fog-panel-harvest-done = Your harvest is done.
fog-panel-over-title = { $name } · Game over
fog-panel-over = The game is over. You scored **{ $vp } VP** (place { $place } of { $of }).
fog-panel-pad-on-table = The full score pad is on the table message.
fog-panel-intro-draw = Introductory mode: your draw this year is fixed and happens by itself.
fog-panel-draw-later = You draw after the players before you in turn order.
fog-panel-this-year = This year: { $splits }.
fog-drew-split = { $name } drew { $split }
fog-panel-footer = { $phase } · only you can see this
fog-button-refresh = Refresh
fog-button-back = Back
fog-button-card-texts = Card texts
fog-card-texts-head = **Card texts**
fog-button-all-farms = All farms
fog-err-game-over = the game is over
fog-err-no-such-seat = there is no seat { $n } in this game
fog-why-draw-in-order = players draw in turn order, first player first
fog-why-other-takes = the other player takes a card now
fog-err-not-your-turn-plain = it is not your turn to do that
fog-err-not-your-turn = it is not your turn to do that: { $why }
fog-why-harvest-not-started = the harvest has not started
fog-why-cards-used-in-action = cards are used in the action phase
fog-why-cards-drawn-in-upkeep = cards are drawn in the upkeep
fog-why-cards-selected-in-action = cards are selected in the action phase
fog-why-no-cards-left = you have no cards left this year
fog-why-cards-taken-from-row = cards are taken from the row in a 2-player action phase
fog-err-wrong-phase-plain = that is not possible in this phase
fog-err-wrong-phase = that is not possible in this phase: { $why }
fog-err-equipment-pending = first choose what to do with your Equipment tiles
fog-err-unknown-card = there is no card called "{ $card }" in this deck
fog-err-unknown-equipment = there is no Equipment called "{ $tile }" in this deck
fog-err-not-in-hand = { $card } is not in your hand
fog-err-already-selected = you have already selected { $card }
fog-err-not-face-up = { $card } is not among the face-up cards
fog-err-nothing-revealed = you have no revealed card to use
fog-err-revealed-pending = first use your revealed card
fog-err-already-picked = you have already taken your card this turn
fog-why-every-pile = draw from every pile that still has cards
fog-why-three-piles = draw from at least 3 different piles
fog-why-split-total = draw { $want } cards in total, not { $got }
fog-err-bad-split-plain = invalid draw
fog-err-bad-split = invalid draw: { $why }
fog-err-already-drawn = you have already drawn this year
fog-err-no-water-to-place = there is no income Water to place
fog-err-water-pending = place the income Water first
fog-err-tower-full = the Water Tower at { $at } is full
fog-err-no-tower-at = there is no Water Tower at { $at }
fog-err-place-exactly = place exactly { $must } Water, not { $got }
fog-err-bad-water-placement-plain = invalid Water placement
fog-err-bad-water-placement = invalid Water placement: { $why }
fog-err-not-buildable = { $at } is not an empty space next to your farm
fog-err-not-enough-coins = you need { $need ->
    [one] 1 coin
   *[other] { $need } coins
    } and have { $have ->
    [one] 1 coin
   *[other] { $have } coins
    }
fog-err-not-enough-food = you need { $need } Food and have { $have }
fog-err-not-enough-water = you need { $need } Water from towers in range and they hold { $have }
fog-err-no-water-needed = no Water is needed
fog-err-no-tower-in-range = there is no Water Tower with Water in range at { $at }
fog-err-name-exactly = name exactly { $must } Water, not { $got }
fog-err-bad-water-payment-plain = invalid Water payment
fog-err-bad-water-payment = invalid Water payment: { $why }
fog-err-no-towers-left = no Water Tower cards are left
fog-err-no-silos-left = no Silo cards are left
fog-err-bad-market-food = you can sell 0, 1 or 2 Food at the market
fog-err-not-open-area = there is no Open Area at { $at }
fog-err-not-offered = you have no Equipment tile "{ $tile }" to choose from
fog-err-not-set-aside = you have no set-aside Equipment "{ $tile }"
fog-why-no-card-there = there is no card there
fog-why-open-area-no-equipment = an Open Area cannot hold Equipment
fog-why-at-most-two = a location holds at most 2 Equipment
fog-why-not-same-twice = never two of the same kind on one location
fog-why-wrong-host = it does not go on that card
fog-err-bad-equipment-place = { $tile } cannot be placed there: { $why }
fog-err-no-harvest-ability = there is no location with a Harvest ability at { $at }
fog-err-already-harvested = that Harvest ability has already been used this harvest
fog-err-no-repeat = that ability cannot be repeated
fog-err-repeat-once = that ability can be repeated only once
fog-err-repeat-at-most = that ability can be repeated at most { $n ->
    [one] once
   *[other] { $n } times
}
fog-err-harvest-done = you have already finished your harvest
fog-upkeep-place-water = **Place your income Water** ({ $water }) on towers with room: { $towers }. What does not fit is lost.
fog-upkeep-water-on = Water on { $at }…
fog-upkeep-where-water = Where does the Water go?
fog-upkeep-put-water-on = Put Water on…
fog-upkeep-place-water-some-on = **Place your income Water** ({ $water } Water), some of it on { $at }.
fog-water-from = { $n } from { $at }
fog-more-choices = *{ $n } more choices do not fit here.*
fog-upkeep-draw = **Draw your cards:** { $want } from 3 or more piles; others see your split, not your cards.
fog-upkeep-draw-two = With 2 players the 12 drawn cards are shuffled and turned face up 6 at a time.
fog-upkeep-pile = Pile
fog-upkeep-left = Left
fog-upkeep-draw-col = Draw
fog-upkeep-change = Tap − on one pile, then + on another.
fog-upkeep-ready = Ready: **Draw { $split }**.
fog-not-yet = Not yet: { $why }.
fog-upkeep-draw-button = Draw { $split }
fog-needs-coins = needs { $need ->
    [one] 1 coin
   *[other] { $need } coins
    } (you have { $have })
fog-needs-food = needs { $need } Food (you have { $have })
fog-needs-water = needs { $need } Water from a tower in range
fog-cant-build-now-why = can't build now: { $why }
fog-cant-build-now = can't build now
fog-buildable-on = buildable now on { $n ->
    [one] 1 space
   *[other] { $n } spaces
    }
fog-chosen-mark = { $text } ✓ chosen
fog-dir-left = left
fog-dir-right = right
fog-hand-chose = You chose **{ $card }**; tap another to change it until all have chosen.
fog-hand-next = **Next card:** choose now or after your revealed card; the rest of your hand passes { $dir }.
fog-hand-choose = **Choose a card to play.** Hidden until all have chosen; the rest passes { $dir }.
fog-chosen-label = { $card } ✓
fog-choose-a-card = Choose a card
fog-row-take = **Take a face-up card** and use it at once.
fog-row-face-up = **Face-up cards:**
fog-row-face-down = { $n ->
    [one] 1 card
   *[other] { $n } cards
    } still face down.
fog-take-card = Take { $card }
fog-take-a-card = Take a card
fog-possible = possible
fog-your-card = **Your card: { $card }**
    { $text }
fog-use-it = Use it with a button below; all but Build discard it.
fog-what-to-do = **What to do with it** (B-E discard it):
fog-a-build-no = A) Build it: not possible · { $why }.
fog-a-build-yes = A) Build it ({ $cost }): possible on { $n ->
    [one] 1 space
   *[other] { $n } spaces
    }.
fog-b-tower-yes = B) Water Tower: { $cost } coins, comes with { $water } Water ({ $left } left).
fog-b-tower-no = B) Water Tower: not possible · { $why }.
fog-c-silo-yes = C) Silo: free, holds { $food } Food ({ $left } left).
fog-c-silo-no = C) Silo: not possible · { $why }.
fog-d-market = D) Market: 2 coins, +2 for each Food sold (up to 2; you have { $food }).
fog-e-restore-yes = E) Restore an Open Area for 1 coin.
fog-e-restore-none = E) Restore: you have no Open Areas.
fog-e-restore-no = E) Restore: not possible · { $why }.
fog-button-build = Build
fog-button-build-n = Build ({ $n ->
    [one] 1 space
   *[other] { $n } spaces
    })
fog-button-tower = Water Tower ({ $cost } coins)
fog-button-silo = Silo (free)
fog-button-restore-at = Restore { $at } (1 coin)
fog-button-restore = Restore (1 coin)
fog-button-market = Market: +2 coins
fog-button-sell = Sell { $food } Food: +{ $coins } coins
fog-selling-food = Sell { $food } Food (greyed out): { $why }.
fog-source = { $at } ({ $n } Water)
fog-variant-repeats = {" "}+{ $n ->
    [one] 1 repeat
   *[other] { $n } repeats
    }
fog-variant-with = {" "}with { $tiles }
fog-immediate-nothing = Immediate: nothing here
fog-immediate-gain = Immediate: gain { $gain }
fog-harvest-needs = Harvest needs { $need } Water; { $have } in range here after building
fog-build-option = { $at }{ $variant }: { $paid }
fog-choose-towers-option = { $label } (choose towers)
fog-build-label = Build { $label }
fog-more-choices-at = { $at }: more choices
fog-build-intro = **Build { $card }** on one of { $n ->
    [one] 1 space
   *[other] { $n } spaces
    } (lowercase on the grid). Each option shows the cost there.
fog-build-not-others = Not on the other { $n ->
    [one] 1 space
   *[other] { $n } spaces
    } (e.g. { $at }): { $why }.
fog-build-second-list = Where more than one Water Tower can pay, pick it from the second list to choose the towers.
fog-build-compact = Many options: pick a space to see its choices (Equipment, repeats, towers).
fog-build-on = Build on…
fog-build-on-more = Build on… (choose towers / more choices)
fog-card-at-variant = { $card } at { $at }{ $variant }
fog-pay-build-intro = **Build { $label }**: costs { $paid }.
fog-sentence = { $text }.
fog-build-default = Build (default: { $water })
fog-choose-towers-text = Choose which Water Towers pay the { $need } Water. In range: { $sources }. The default takes from the towers holding the least first, so they run dry (each empty tower scores 1 VP at the end).
fog-pay-water = Pay { $water }
fog-how-to-pay-water = How to pay the Water
fog-variant-plain = {" "}(plain)
fog-build-variant = Build{ $variant }: { $paid }
fog-choose-towers-variant = Choose towers: build{ $variant }
fog-other-ways-text = Other ways to build here (set-aside Equipment, repeats) are in the list below.
fog-other-ways = Other ways to build here
fog-other-ways-towers = Choose towers for another way
fog-tower-screen = **Water Tower:** discard { $card }, pay { $cost } coins. It arrives with { $water } Water; its Water pays for cards within { $range }. Choose a space.
fog-silo-screen = **Silo:** discard { $card }; it is free and holds { $food } Food. Choose a space.
fog-special-with-equipment = { $card } at { $at }: with Equipment…
fog-choose-space = Choose a space
fog-choose-space-equipment = Choose a space (with Equipment)
fog-special-space = **{ $card } at { $at }:** with or without your set-aside Equipment.
fog-choose = Choose
fog-restore-label = Restore { $at }
fog-restore-screen = **Restore:** discard { $card }, pay 1 coin: an Open Area turns face up again (Equipment it lost does not come back).
fog-choose-open-area = Choose an Open Area
fog-offer-intro = **Equipment: keep 1 of { $n } tiles.** The others go to the bottom of the stack. Place it on a matching location now, or set it aside: 1 VP at the end, or place it on a location as you build it.
fog-no-matching-location = no matching location now
fog-fits = fits { $hosts }
fog-keep-tile = Keep { $tile }
fog-keep-a-tile = Keep a tile
fog-keep-screen = **Keep { $tile }**
    { $text }
fog-keep-no-host = No location of yours matches it now: set it aside (1 VP at the end, or place it as you build a matching location).
fog-keep-choose-host = Choose where it goes, or set it aside (1 VP at the end, or place it as you build a matching location).
fog-place-on = Place on { $at }
fog-place-it-on = Place it on…
fog-button-set-aside = Set aside
fog-again = {" "}again
fog-harvest-label = { $cell }{ $again }{ $variant }: { $paid } -> { $gain }
fog-harvest-intro = **Harvest.** Pay the abilities you want, in any order; what you gain pays for the next. Unpaid ones become Open Areas.
fog-harvest-you-have = You have { $coins ->
    [one] 1 coin
   *[other] { $coins } coins
    } · { $food }/{ $capacity } Food · Water on towers: { $towers }.
fog-harvest-paid = Paid: { $list }.
fog-harvest-can-choose = { $label } (you can choose the towers)
fog-choose-towers-at = Choose towers: { $at }
fog-harvest-you-can-pay = **You can pay:**
fog-cell-why = { $cell } ({ $why })
fog-harvest-cant-pay = **Can't pay now:** { $list }.
fog-harvest-loses-nothing = Finishing now loses nothing.
fog-harvest-would-open = **Finishing now makes Open Areas of:** { $list }.
fog-pay-harvest-ability = Pay a Harvest ability
fog-choose-towers-for = Choose towers for…
fog-button-auto-harvest = Auto harvest
fog-done-nothing-lost = Done · nothing lost
fog-done-open-areas = Done · { $n ->
    [one] 1 becomes an Open Area
   *[other] { $n } become Open Areas
    }
fog-default = Default: { $water }
fog-auto-aim-interim = keeps as many Harvest locations face up as possible, then gets the most toward your final score (VP, coins, Food, Water left, and what kept locations score)
fog-auto-aim-final = keeps as many Harvest locations face up as possible, then gets your highest final score (then the most coins left)
fog-auto-head = **Auto harvest.** The exact harvest planner { $aim }.
fog-auto-unusual = *This farm is unusual: this is the best plan found within the search limit.*
fog-n-water-from = { $n } Water ({ $towers })
fog-auto-step = { $k }. { $cell }{ $again }{ $variant }: pay { $cost } -> { $gain }
fog-auto-step-finish = { $k }. Finish the harvest.
fog-auto-more = … and { $n } more (Confirm applies them all).
fog-auto-then-ends = Then your harvest ends by itself (nothing more to pay).
fog-auto-after = **After the plan:** { $resources }.
fog-auto-after-towers = **After the plan:** { $resources } (towers: { $towers }).
fog-auto-stops = **The plan stops when you gain an Equipment:** choose your tile, then tap Auto harvest again to plan the rest. Open Areas are decided then.
fog-auto-open-none = **Becomes an Open Area:** none.
fog-auto-loses = { $what } (loses { $tiles })
fog-auto-open = **Becomes an Open Area:** { $list }.
fog-auto-now = **Now:** { $resources }.
fog-auto-the-plan = **The plan:**
fog-button-confirm-plan = Confirm plan
fog-button-adjust = Adjust by hand
fog-rules-overview-title = Fields of Green · overview
fog-rules-overview = You build a farm of location cards over **4 years**. Each year has three phases:
    {""}**1. Upkeep** · income (from year 2), then everyone draws 6 cards.
    {""}**2. Action phase** · 6 turns: choose a card, pass the rest, reveal together, then build it or use it another way.
    {""}**3. Harvest** · pay your Harvest abilities; unpaid ones become Open Areas.
    
    {""}**The engine:** Fields turn Water into Food, Livestock turn Food into coins, coins build Buildings that score at the end. Water comes from Water Towers (range 2), Food sits in Silos (4 each).
    {""}**Start:** 15 coins, a Water Tower with 3 Water and a Silo with 1 Food, side by side.
    {""}**Farm:** a new card goes on an empty space orthogonally next to a card already in your farm (not diagonally). The farm has no fixed size.
    {""}**Distance** is counted through cards only, 1 per step.
    
    Most VP after the 4th harvest wins. Topics: upkeep, actions, harvest, equipment, scoring, two-player, bot.
fog-rules-upkeep-title = Upkeep
fog-rules-upkeep = **Income** (years 2-4): 3 coins, 2 Water and 1 Food. Water goes on Water Towers with room (3 each unless an Equipment says otherwise): you choose which towers. Food goes in your Silos (4 each). What does not fit is lost.
    
    {""}**Drawing:** starting with the first player and going clockwise, each player names how many cards to take from each pile: **6 in total, from at least 3 different piles**, all at once. Everyone sees each split, never the cards. You may not ask a pile for more than it holds; if fewer than 3 piles have cards, draw from every one that does; if fewer than 6 cards are left, take what remains.
    
    {""}**Introductory mode** fixes the split (Field/Livestock/Construction/Building): year 1 3/2/1/0, year 2 2/2/1/1, year 3 1/2/1/2, year 4 0/2/1/3.
    
    {""}**Pass direction:** years 1 and 3 to the left (clockwise), years 2 and 4 to the right.
fog-rules-actions-title = Action phase
fog-rules-actions = Six turns (five with six players). Each turn everyone **chooses a card** face down and passes the rest of their hand. When all have chosen, the cards are **revealed together** and the passed hands arrive. You may change your choice until the reveal.
    
    Then use your revealed card in one way:
    {""}**A) Build it:** pay its cost (coins; Water from a tower within range 2 of the space; Food from any Silo) and place it next to your farm. An Immediate ability applies at once.
    {""}**B) Water Tower:** discard the card, pay 2 coins, build a tower with 3 Water.
    {""}**C) Silo:** discard the card, build an empty Silo for free.
    {""}**D) Market:** discard the card, gain 2 coins, plus 2 coins per Food sold (up to 2).
    {""}**E) Restore:** discard the card, pay 1 coin, turn one of your Open Areas face up.
    
    An option you cannot pay, or with no place to go, is not available (the bot shows it greyed out with the reason). Water Tower and Silo cards are limited (20 and 14). Discards are public. Players act independently; where two actions compete for a limited supply, the one sent first counts first.
fog-rules-harvest-title = Harvest
fog-rules-harvest = Every player harvests on their own. Each face-up location with a **Harvest ability** may be activated **once** (more only where an Equipment says so) by paying its harvest cost, in any order you like: what you gain can pay for the next ones.
    
    Water must come from a tower **in range** of that location. Food beyond your Silos' capacity is lost, so spend Food before you make more.
    
    A Harvest ability left unpaid, by choice or need, turns its location **face down: an Open Area**. An Open Area has no type, ability, VP or Equipment (its Equipment is discarded), but still counts as a card for adjacency and distance. Nothing can be built on it; action E restores it.
    
    When everyone has finished, the first-player tile passes to the left.
fog-rules-equipment-title = Equipment
fog-rules-equipment = When you gain an Equipment, **draw 3 tiles, keep 1** and put the other 2 at the bottom of the stack.
    
    The kept tile goes on a face-up location of yours that matches its placement text now ("Field with a Harvest ability" means exactly that), or is **set aside**. A set-aside tile may be placed only on a location **as you build it**, never later. Each set-aside tile left at the end scores 1 VP.
    
    A location holds at most **2** Equipment, never two of the same kind. A tile with no timing applies once, when placed; Ongoing tiles work while their location is face up; a location that becomes an Open Area loses its Equipment for good.
fog-rules-scoring-title = Scoring and the end
fog-rules-scoring = The game ends after the 4th harvest. Score (the rulebook's pad):
    - **Cards/Tokens:** printed VP of face-up locations, plus VP tokens
    - **Equipment:** Game End abilities of Equipment, plus 1 VP per set-aside tile
    - **Money:** 1 VP per 3 coins (rounded down)
    - **Food:** 1 VP per 2 Food (rounded down)
    - **Water Towers:** 1 VP per empty Water Tower
    - **Game End:** each location's Game End ability
    
    {""}**Ties:** most locations (face-up locations, Water Towers and Silos; not Open Areas), then most coins; still tied, the players share the win.
    
    The table message shows each player's score *as if the game ended now*.
fog-rules-two-player-title = Two players
fog-rules-two-player = Both players draw their 6 cards as usual **without looking**. The 12 cards are shuffled into a face-down pile and **6 are turned face up**.
    
    The first player takes one face-up card and uses it at once (build it, or actions B-E); then the other player does. After both have acted, **2 more cards** turn face up. This repeats until all 12 are taken, 6 each. No hands are passed.
    
    Tip: drawing is strategic, since your split decides which cards both of you can take.
fog-rules-bot-title = Playing with the bot
fog-rules-bot = **Join** a table from its message; the host presses **Start**.
    {""}**My hand** on the table message opens your private panel (only you see it): it shows your farm, your cards and exactly what you can do now. Options you cannot take are greyed out and the text says why. It can be re-opened any time; old panels refuse stale clicks.
    The table message is edited as the game goes: it shows the year, phase, every farm's resources, scores and who the game is waiting for.
    {""}**Farms** shows every farm; coordinates are like a spreadsheet (columns A, B, C from the left, rows 1, 2, 3 from the top; they move when a farm grows up or left).
    Games are asynchronous: players who hold the game up get a reminder after the table's delay.
fog-rules-topics = Topics: { $topics }
fog-rules-unknown = No topic called { $topic }; here is the overview.
fog-in-supply = { $n } in the supply.
fog-copies-in-pile = { $n } copies in the { $pile } pile.
fog-equipment-copies = Equipment tile · { $n } copies.
fog-card-pile-kind = { $pile } ({ $kind })
fog-card-head = { $name } - { $kind } - { $cost } - { $vp } VP
fog-card-end = { $text }.
# A compact card line (issue 43): after the bold name, " · " between the parts.
fog-card-line-head = { $vp } VP · { $cost }
fog-card-line-on = on { $host }
fog-equipment-line = { $name } - place on: { $host } - { $ability }
fog-host-any = any location
fog-host-with = { $host } with a { $timing } ability
fog-timing-when-placed = When placed
fog-effect-sep = {"; "}
fog-ability-pay = { $label }: pay { $cost }: { $body }.
fog-ability = { $label }: { $body }.
fog-cost = cost { $cost }
fog-timing-immediate = Immediate
fog-timing-harvest = Harvest
fog-timing-game-end = Game End
fog-timing-ongoing = Ongoing
fog-noun-card-one = card
fog-noun-card-many = cards
fog-noun-location-one = location
fog-noun-location-many = locations
fog-noun-open-area-one = Open Area
fog-noun-open-area-many = Open Areas
fog-noun-water-tower-one = Water Tower
fog-noun-water-tower-many = Water Towers
fog-noun-empty-water-tower-one = empty Water Tower
fog-noun-empty-water-tower-many = empty Water Towers
fog-noun-silo-one = Silo
fog-noun-silo-many = Silos
fog-noun-harvest-one = location with a Harvest ability
fog-noun-harvest-many = locations with a Harvest ability
fog-noun-game-end-one = location with a Game End ability
fog-noun-game-end-many = locations with a Game End ability
fog-noun-field-one = Field
fog-noun-field-many = Fields
fog-noun-livestock-one = Livestock
fog-noun-livestock-many = Livestock
fog-noun-construction-one = Construction
fog-noun-construction-many = Constructions
fog-noun-building-one = Building
fog-noun-building-many = Buildings
fog-noun-kind = { $kind } { $pile }
fog-scope-adjacent = adjacent { $noun }
fog-scope-within = { $noun } within { $n }
fog-scope-farm = { $noun } in your farm
fog-scope-this = this { $noun }
fog-other = other { $noun }
fog-per-cards = { $every ->
    [1] { $cards }
   *[other] { $every } { $cards }
    }
fog-per-food = { $every ->
    [1] Food in your Silos
   *[other] { $every } Food in your Silos
    }
fog-per-coins = { $every ->
    [1] coin you have
   *[other] { $every } coins you have
    }
fog-amount-less = { $base }, { $per } less per { $what }
fog-amount-per = { $amount } per { $what }
fog-amount-plus = { $base } plus { $amount } per { $what }
fog-at-most = { $text } (at most { $max })
fog-range-none = no { $what }
fog-range-at-least = at least { $lo } { $what }
fog-range-at-most = at most { $hi } { $what }
fog-range-exactly = exactly { $lo } { $what }
fog-range-between = { $lo } to { $hi } { $what }
fog-unit-food = Food
fog-unit-coins = coins
fog-cond-food = you have { $range } in your Silos
fog-cond-coins = you have { $range }
fog-cond-no-card = there is no { $cards }
fog-cond-a-card = there is { $cards }
fog-cond-one-card = there is exactly one { $cards }
fog-cond-cards = there are { $range }
fog-also = also { $body }
fog-if = if { $cond }, { $body }
fog-score = score { $what }
fog-gain = gain { $what }
fog-refill-this = this Water Tower
fog-refill-adjacent = each adjacent Water Tower
fog-refill-within = each Water Tower within { $n }
fog-refill-farm = each of your Water Towers
fog-refill = add { $n } Water to { $towers }
fog-gain-equipment = { $n ->
    [one] gain an Equipment
   *[other] gain { $n } Equipment
    }
fog-deal = pay { $cost } to gain { $gain }
fog-may = you may { $deal }
fog-up-to-times = up to { $n } times: { $deal }
fog-subj-this = this { $noun }
fog-subj-adjacent = adjacent { $noun }
fog-subj-within = { $noun } within { $n }
fog-subj-farm = your { $noun }
fog-mod-tower-range-one = { $subject } has +{ $bonus } range
fog-mod-tower-range-many = { $subject } have +{ $bonus } range
fog-mod-tower-capacity-one = { $subject } holds { $bonus } more Water
fog-mod-tower-capacity-many = { $subject } hold { $bonus } more Water
fog-mod-silo-capacity-one = { $subject } holds { $bonus } more Food
fog-mod-silo-capacity-many = { $subject } hold { $bonus } more Food
fog-mod-extra-harvest = you may pay this { $this }'s Harvest cost and apply its ability { $times ->
    [one] again
   *[other] up to { $times } more times
    }
fog-mod-harvest-bonus-this = whenever this { $this } pays its Harvest cost, also gain { $gain }
fog-mod-harvest-bonus = whenever { $who } pays its Harvest cost, gain { $gain }
fog-place-adjacent = {" "}adjacent to this { $this }
fog-place-within = {" "}within { $n } of this { $this }
fog-mod-discount = { $what } you build{ $place } cost { $coins ->
    [one] 1 coin
   *[other] { $coins } coins
    } less
fog-mod-game-end-again = at game end, you may pay { $coins ->
    [one] 1 coin
   *[other] { $coins } coins
    } to score this { $this }'s Game End ability again
fog-topic-overview = overview
fog-topic-upkeep = upkeep
fog-topic-actions = actions
fog-topic-harvest = harvest
fog-topic-equipment = equipment
fog-topic-scoring = scoring
fog-topic-two-player = two-player
fog-topic-bot = bot

## The coach's words for an action (issue 30).
fog-coach-water = income Water on { $at }
fog-coach-draw = drawing { $cards }
fog-coach-pick = taking { $card }
fog-coach-build = building { $card } at { $at }
fog-coach-water-tower = a Water Tower at { $at }
fog-coach-silo = a Silo at { $at }
fog-coach-market = going to the market{ $food ->
    [0] {""}
    [one] {" "}and selling 1 Food
   *[other] {" "}and selling { $food } Food
}
fog-coach-restore = restoring { $at }
fog-coach-equipment = keeping { $tile }
fog-coach-equipment-at = keeping { $tile } on { $at }
fog-coach-harvest = harvesting { $at }
fog-coach-end-harvest = ending the harvest
## A decision's name in the review (issue 43), as the table message names the moment.
fog-moment-upkeep = Year { $year } · upkeep
fog-moment-turn = Year { $year } · turn { $turn }
fog-moment-card = Year { $year } · card { $card }
fog-moment-harvest = Year { $year } · harvest
