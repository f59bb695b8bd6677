# Records of finished games: /fog history, stats, leaderboard (and /kh's); /fog export.

rec-no-name = (no name)
rec-favourites-fog = Favourite cards (built face up, all games)
rec-favourites-kh = Favourite crops (majorities won)
rec-abandoned = abandoned
rec-shared-win = shared win: { $players }
rec-won-by = won by { $player }
rec-game-n = Game #{ $table }
rec-history-none = No { $game } game has finished on this server yet. Open one with /{ $command } new.
rec-page-empty = That page of the history is empty: the history is shorter now.
rec-history-title = { $game }: finished games on this server
rec-history-description = Newest first. Scores are final; the winners are in bold.
rec-history-footer = Page { $page } of { $pages } · { $games ->
        [one] 1 game
       *[other] { $games } games
    }
rec-newer = ◀ Newer
rec-older = Older ▶
rec-stats-none = { $player } has not finished a { $game } game on this server yet.
rec-stats-none-abandoned = { $player } has not finished a { $game } game on this server yet ({ $abandoned ->
        [one] 1 abandoned game
       *[other] { $abandoned } abandoned games
    } not counted).
rec-games-played = Games played
rec-wins = Wins
rec-mean-score = Mean score
rec-best-score = Best score
rec-none-yet = none yet
rec-stats-footer = Games played to the end on this server.
rec-stats-footer-abandoned = Games played to the end on this server; { $abandoned ->
        [one] 1 abandoned game
       *[other] { $abandoned } abandoned games
    } not counted.
rec-leaderboard-none = No { $game } game has been played to the end on this server yet.
rec-leaderboard-line = { $player }: { $wins ->
        [one] 1 win
       *[other] { $wins } wins
    } in { $games ->
        [one] 1 game
       *[other] { $games } games
    } ({ $rate }%)
rec-no-person = No person has finished a game here yet.
rec-more-players = … and { $more ->
        [one] 1 more player
       *[other] { $more } more players
    }
rec-bot = bot ({ $bot })
rec-bots = Bots (kept apart from people)
rec-leaderboard-title = { $game }: leaderboard of this server
rec-leaderboard-footer = By wins, then win rate. Games played to the end; a shared win counts for each winner; games against bots count for the people in them.
rec-not-in-server = Records are kept per server: use this in a server.
rec-rating = Rating
rec-hints = Hints used
rec-rating-value = { $rating } ({ $change } over the last { $games ->
        [one] game
       *[other] { $games } games
    })
rec-leaderboard-rating-line = { $player }: rating { $rating } · { $wins ->
        [one] 1 win
       *[other] { $wins } wins
    } in { $games ->
        [one] 1 game
       *[other] { $games } games
    }
rec-leaderboard-rating-title = { $game }: this server's players by rating
rec-leaderboard-rating-footer = The rating is a careful guess at skill from every game played to the end: it starts at 0 and rises as wins add up. Each kind of bot is rated as one player; games against bots count for the people in them.

export-none-here = There is no started { $game } game in this channel. Name one with the game option (its table number).
export-no-table = There is no { $game } table #{ $table }.
export-not-in-server = There is no { $game } table #{ $table } in this server.
export-not-started = Table #{ $table } has not started: there is nothing to export.
export-in-play = Table #{ $table } is still being played. It can be exported once it is over: the file holds the seed and every choice, which would show hidden cards.
export-unreadable = Sorry, this game's record could not be read, so it cannot be exported.
export-unwritable = Sorry, the export could not be written.
export-too-large = This game's record is larger than Discord lets me upload.
export-done = { $game } table #{ $table } ({ $status }), { $actions ->
        [one] 1 action
       *[other] { $actions } actions
    }. Replay it with `{ $command }`.
export-file = { $game } table #{ $table } as a replay scenario
export-own-deck = This game used this bot's own deck file: pass it to the replay with `--deck`.
export-own-board = This game used its own board file: pass it to the replay with `--board`.
rec-handed-on = (seat handed on)
