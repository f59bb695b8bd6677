# キーハーベスト: ゲーム画面・ルール・盤面テキストのすべての文言。
#
# 用語集 (一貫して使うこと):
#   field tile = 畑タイル / reference = 番地 (C4 など) / crop = 作物 / counter = 作物コマ・コマ
#   country board = 農地ボード / town board = 町ボード / registry = 登記所 / store = 倉庫
#   bid = 入札 / stock = ストック / bag = 袋 / fallow area = 休耕地 / group = グループ
#   harvested = 収穫済み / unharvested = 未収穫 / unconnected = 孤立した
#   worker = ワーカー / farmhand = 農夫 / townsfolk = 町人 / event = イベント
#   start pair = 初期ペア / start player = スタートプレイヤー / turn = 手番 / action = アクション
#   score so far = 暫定得点 / point = 点 / tie-break = 同点決着 / stand-in = 代理
#   作物名とコマ・初期ペアの色は盤面データ (board.toml の name_ja, counter_ja, colour_ja) から。
#   ワーカー: 見習い, 日雇い, 労働者, 未熟練工, 熟練工, 監督, 商人, 店主, 執行官, 弁護士,
#   行商人, 後援者。イベント: ブラインド交換, 交換, 譲渡, 豊作, 福引き, 新しい作付け,
#   登記所の刷新, 即売, 登記所交換, 遠隔収穫, 入れ替え, 配置換え, 休暇, 棚ぼた。

## 名前

kh-worker-apprentice = 見習い
kh-worker-casual-worker = 日雇い
kh-worker-labourer = 労働者
kh-worker-unskilled-worker = 未熟練工
kh-worker-skilled-worker = 熟練工
kh-worker-supervisor = 監督
kh-worker-merchant = 商人
kh-worker-storekeeper = 店主
kh-worker-bailiff = 執行官
kh-worker-lawyer = 弁護士
kh-worker-trader = 行商人
kh-worker-benefactor = 後援者
kh-event-blind-swap = ブラインド交換
kh-event-exchange = 交換
kh-event-give-away = 譲渡
kh-event-good-harvest = 豊作
kh-event-lucky-dip = 福引き
kh-event-new-crop = 新しい作付け
kh-event-new-registry = 登記所の刷新
kh-event-quick-sale = 即売
kh-event-registry-swap = 登記所交換
kh-event-remote-harvest = 遠隔収穫
kh-event-replacement = 入れ替え
kh-event-reposition = 配置換え
kh-event-vacation = 休暇
kh-event-windfall = 棚ぼた

## コマと短い語

kh-count = {$crop}×{$n}
kh-nothing = なし
kh-none = なし
kh-empty = 空
kh-empty-paren = （空）
kh-supply-in-all = {$counters}（計{$total}個）
kh-store-tile-bid = {$tile} 入札 {$bid}
kh-town-free = 空いている町人：{$townsfolk}

## 農地ボードのテキスト

kh-seat-board-head = {$name}（{$colour}の初期ペア）
kh-seat-workers = ワーカー:
kh-seat-groups = グループ：{$first} x1 + {$second} x2
kh-seat-groups-more = グループ：{$first} x1 + {$second} x2（ほか{$rest}）
kh-seat-score = 暫定得点：{$workers} + {$groups} = {$total}
kh-seat-score-final = 最終得点：{$workers} + {$groups} + 作物{$crops} = {$total}

## 盤面の凡例

kh-legend-unharvested = 未収穫の畑（大きい記号）
kh-legend-harvested = 収穫済みの畑（小さい記号）
kh-legend-worker = ワーカー：その数字
kh-legend-empty = 空きマス：その番地
kh-legend-crop = {$letter} {$crop}
kh-legend-crop-colour = {$letter} {$crop}（{$colour}）
kh-key = 記号：{$list}
kh-key-harvested = 小文字は収穫済み
kh-key-worker = ワーカー

## 得点表 (等幅の表: 見出しは短く)

kh-pad-player = プレイヤー
kh-pad-workers = ワーカー
kh-pad-largest = 最大x1
kh-pad-second = 次点x2
kh-pad-crops = 作物
kh-pad-total = 合計
kh-pad-fields = 畑
kh-pad-counters = コマ
kh-pad-rank = 順位
kh-phone-workers = ワーカー
kh-phone-largest = 最大のグループ
kh-phone-second = 2番目のグループ
kh-phone-crops = 最多の作物
kh-phone-fields = 畑タイル（同点時）
kh-phone-counters = コマ（同点時）
kh-pad-most = （最多：{$crops}）
kh-pad-winner = 勝者：{$names}
kh-pad-winner-fields = 勝者：{$names}（同点のため、ボード上の畑タイル数で決着）
kh-pad-winner-counters = 勝者：{$names}（得点と畑タイル数が同じため、コマ数で決着）
kh-pad-winner-shared = 勝者：{$names}（同点決着をすべて経ても同点：共同勝利）
kh-tie-line = { $points }点で同点。{ $by }：{ $list }。
kh-tie-by-fields = ボード上の畑タイルの多い順
kh-tie-by-counters = ボード上の畑タイルの多い順、次にコマの多い順
kh-tie-entry-fields = { $name }（畑タイル{ $fields }枚）
kh-tie-entry-counters = { $name }（畑タイル{ $fields }枚・コマ{ $counters }個）
kh-tie-shared-place = { $names }は{ $place }位を分け合います。

## イベントの文 (ログ、スレッド、クリックへの返答)

kh-place-bag = 袋
kh-place-registry = 登記所
kh-place-store = {$name}の倉庫
kh-place-board = {$name}の農地ボード
kh-place-hands = {$name}の手元
kh-place-fallow = 休耕地
kh-place-store-own = 自分の倉庫
kh-place-board-own = 自分の農地ボード
kh-place-hands-own = 自分の手元
kh-ev-setup = {$players}人ゲームの準備が整いました。{$name}がスタートプレイヤーを決める人に選ばれました。
kh-ev-setup-removed = {$players}人ゲームの準備が整いました。{$name}がスタートプレイヤーを決める人に選ばれました。イベント{$removed}枚が見ないまま取り除かれました。
kh-ev-start-pair = {$name}は{$colour}の初期ペアを引きました：{$first}と{$second}。
kh-ev-starting-counters = {$name}の初期コマは{$counters}です。
kh-ev-starting-pool = 初期コマは{$counters}です。
kh-ev-start-player = {$chooser}が{$name}をスタートプレイヤーに選びました。
kh-ev-start-player-self = {$chooser}が自分をスタートプレイヤーに選びました。
kh-ev-turn = 第{$turn}手番：{$name}。
kh-ev-turn-ended = {$name}はアクション{$actions}回で手番を終えました。
kh-ev-harvested = {$name}が{$tiles}を収穫し、{$counters}を得ました。
kh-ev-harvested-nothing = {$name}が{$tiles}を収穫しましたが、何も得られませんでした。
kh-ev-gained-harvest = {$name}は収穫で{$counters}を得ました。
kh-ev-gained-worker = {$name}は{$worker}で{$counters}を得ました。
kh-ev-gained-event = {$name}はイベント{$event}で{$counters}を得ました。
kh-ev-gained-sale = {$name}は売却で入札分の{$counters}を得ました。
kh-ev-paid = {$name}は{$to}に{$counters}を支払いました。
kh-ev-paid-stock = {$name}はストックに{$counters}を支払いました。
kh-ev-renewed = {$name}は{$tiles}を未収穫に戻しました。
kh-ev-worker-played = {$name}が{$worker}（{$number}）を{$space}に置きました。
kh-ev-worker-returned = {$name}の{$worker}が{$space}を離れ、ボードの脇に戻りました。
kh-ev-worker-returned-town = {$name}の{$worker}が{$space}を離れ、町ボードに戻りました。
kh-ev-worker-displaced = {$space}に畑タイルが置かれ、{$name}の{$worker}が外れました。
kh-ev-worker-moved = {$name}が{$worker}を{$from}から{$to}へ動かしました。
kh-ev-worker-placed = {$name}が{$worker}を{$to}に置きました。
kh-ev-worker-acts = {$name}の{$space}の{$worker}が能力を使います。
kh-ev-worker-copied = {$name}の{$space}の{$worker}の能力を弁護士が使います。
kh-ev-declined = {$name}は見送りました。
kh-ev-declined-ability = {$name}は{$worker}の能力を使いませんでした。
kh-ev-declined-nothing = {$name}の{$worker}は何もできませんでした。
kh-ev-declined-event = {$name}はイベント{$event}を見送りました。
kh-ev-tile-acquired-held = {$name}は手元の{$tile}を獲得しました。
kh-ev-tile-acquired = {$name}が{$from}から{$tile}を獲得しました。
kh-ev-tile-fallowed = {$tile}が{$from}から休耕地へ移りました。
kh-ev-tile-to-hands = {$tile}が{$from}から{$name}の手元へ移りました。
kh-ev-tile-to-store = {$name}が{$tile}を自分の倉庫に置き、{$bid}で入札しました。
kh-ev-tile-to-registry = {$tile}が{$from}から登記所へ移りました。
kh-ev-registry-to-bag = 登記所のタイル（{$tiles}）が袋に戻りました。
kh-ev-event-placed = {$name}がイベント{$event}を引きました。{$space}番のマスに置かれます。
kh-ev-event-placed-question = {$name}がイベント{$event}を引きました。{$space}番のマス（?マス）に置かれます。
kh-ev-event-set-aside = イベント{$event}が引かれ、脇に置かれました。
kh-ev-events-to-bag = 脇に置いたイベント（{$events}）が袋に戻りました。
kh-ev-question-check = ?マスの確認：タイルが7枚未満のプレイヤーがいるため、イベント{$events}が袋に戻り、残りは2マス下がりました。
kh-ev-event-ignored = イベント{$event}は10枚目の後に引かれたため、効果なしで取り除かれました。
kh-ev-event-resolved = イベント{$event}の処理が終わりました。
kh-ev-end-triggered = 10枚目のイベントが町ボードに置かれました。この手番の後、全員がさらに2手番ずつ行い、{$name}が最後です。
kh-ev-stalemate = 誰もアクションをしないまま1巡したため、ここでゲーム終了です。
kh-ev-game-ended = ゲーム終了：{$names}の勝ちです。
kh-ev-game-ended-removed = ゲーム終了：{$names}の勝ちです。準備で取り除かれたイベントは{$removed}でした。

## ルール上の却下 (エンジンの ActionError)

kh-err-game-over = ゲームは終了しています
kh-err-no-such-seat = このゲームに{$seat}番の席はありません
kh-err-no-such-space = ボードに{$space}番のマスはありません
kh-err-not-your-decision = 今はあなたの決定ではありません：{$seat}番の席が決めます
kh-err-wrong-decision = 今決めていることへの答えではありません：{$what}
kh-err-wrong-decision-other = 今決めていることへの答えではありません
kh-decision-start-player = スタートプレイヤーの選択
kh-decision-turn = 手番のアクション
kh-decision-reposition = 外れたワーカーを置き直す場所
kh-decision-ability = ワーカーの能力
kh-decision-keep-drawn = 引いたタイルを残すかどうか
kh-decision-event = イベントでのあなたの分
kh-decision-the-event = イベント
kh-decision-nothing-drawn = 何も引かれていません
kh-err-action-used = この手番ではアクション（{$action}）をすでに行いました
kh-err-two-actions = この手番ではすでにアクションを2回行いました
kh-err-stores-after-registry = 同じ手番でアクション（d）の後に（c）はできません
kh-err-not-on-your-board = {$tile}はあなたの農地ボードの畑タイルではありません
kh-err-already-harvested = {$tile}はすでに収穫済みです
kh-err-not-harvested = {$tile}は収穫済みではありません
kh-err-not-one-group = 収穫するタイルは1つのグループのものでなければなりません
kh-err-repeated = {$tile}が2回指定されています
kh-err-tile-count = {$min}～{$max}枚のタイルを選んでください
kh-err-not-adjacent = {$tile}はワーカーの隣ではありません
kh-err-worker-unavailable = あなたの{$worker}は今は出せません
kh-err-no-worker-there = {$space}にあなたのワーカーはいません
kh-err-bad-worker-space = {$space}にはワーカーを置けません：{$why}
kh-why-on-field = ワーカーは畑タイルの上には置けません
kh-why-move-elsewhere = ワーカーは別のマスに移す必要があります
kh-why-next-to-worker = 別のワーカーの隣です
kh-why-needs-adjacent = 隣接する畑タイルが{$need}枚以上必要ですが、{$has}枚しかありません
kh-why-not-lower = あなたの{$worker}（{$number}）は{$new}（{$new_number}）より小さい数字ではありません
kh-why-not-legal = そのマスには置けません
kh-err-not-in-store = {$tile}はその倉庫にありません
kh-err-not-in-registry = {$tile}は登記所にありません
kh-err-store-full = 倉庫がいっぱいです（タイル2枚）
kh-err-empty-bid = 入札にはコマが1個以上必要です
kh-err-cannot-pay = {$counters}を持っていません
kh-err-cannot-pay-those = そのコマを持っていません
kh-err-payment-size = 支払いは{$got}個ではなく{$expected}個でなければなりません
kh-err-bad-substitute = ここでは代わりの作物は選べません：{$why}
kh-why-only-short = ストックで足りないのは{$short}個だけです
kh-why-stock-has-none = ストックに{$crop}が残っていません
kh-err-not-unconnected = {$tile}は孤立した畑タイルではありません
kh-err-own-store = 自分の倉庫ではなく、ほかのプレイヤーの倉庫を選んでください
kh-err-not-another-player = ほかのプレイヤーでなければなりません
kh-err-mandatory = これは必須で、見送れません
kh-err-other = 今はそれはできません
kh-inv-take-n = ストックからコマを{$count}個取ってください
kh-inv-stock-lacks = ストックにそのコマがありません
kh-inv-lawyer-self = 弁護士は自分自身の能力は使えません
kh-inv-trader-registry = 袋に畑タイルがありません：代わりに登記所のタイルを取ってください
kh-inv-trader-draw = 袋にまだ畑タイルがあります：袋から引いてください
kh-inv-pass-one = 渡せるタイルがあります：1枚渡してください
kh-inv-cannot-pass-none = {$tile}は渡せません。渡せる畑タイルがありません
kh-inv-cannot-pass-board-or-received = {$tile}は渡せません。自分のボードの畑タイルか、受け取ったタイルを渡してください
kh-inv-cannot-pass-board = {$tile}は渡せません。渡せるのは自分のボードの畑タイルだけです
kh-inv-not-most-common = {$crop}はあなたの未収穫タイルで最も多い作物ではありません
kh-inv-lucky-draw = 袋にまだ畑タイルがあります：袋から引きます
kh-inv-lucky-registry = 袋に畑タイルがありません：登記所のタイルを選んでください

## 公開メッセージ: テーブル、ボード、ログ、得点

kh-picture-board-of = テーブル#{$table}の{ $name }さんの農地ボードの画像です。同じボードはテキストでも描かれています。
kh-store-tile-with-bid = {$tile}（入札 {$bid}）
kh-progress-over = ゲーム終了
kh-progress-setup = 準備中
kh-progress-final = 第{$turn}手番 · 最終手番
kh-progress-turn = 第{$turn}手番
kh-lines-earlier = それより前の{$count}行は省略しています。
kh-lines-more = …ほか{$count}行。
kh-board-title = {$name}の農地ボード · 暫定{$score}点
kh-board-title-final = {$name}の農地ボード · 最終{$score}点
kh-facts-counters = **コマ:** {$counters}
kh-facts-store = **倉庫:** {$store}
kh-facts-farmhands = **残りの農夫:** {$farmhands}
kh-legend-title = 凡例
kh-so-far-note = 「暫定」：ワーカーとグループの得点で、作物の得点は含みません。「?」：まだ使っていない初期コマです。
kh-no-such-seat = このゲームにその席はありません。
kh-field-counters = コマ
kh-field-store = 倉庫
kh-field-workers-on-board = ボード上のワーカー
kh-field-farmhands-left = 残りの農夫
kh-field-tiles-on-board = ボード上のタイル
kh-tiles-on-board = 畑タイル{$fields}枚（うち収穫済み{$harvested}枚）とワーカー{$workers}個：計{$total}（イベントの7番マスの「?」確認は7未満かどうかを見ます）
kh-field-start-pair = 初期ペア
kh-start-pair-drawn = {$name}は{$colour}のペアを引きました。
kh-log-empty = まだ何も起きていません。
kh-setup-title = 準備 · テーブル #{ $table }
kh-round-title = 第{ $round }ラウンド · テーブル #{ $table }
kh-log-title = ログ · テーブル#{$table} · {$progress}
kh-days = {$count}日
kh-hours = {$count}時間
kh-minutes = {$count}分
kh-track-none = まだありません。最初は1番マスに置かれます（7番マスは?マス）
kh-track-next = 次：10マス中{$space}番
kh-track-full = 10マスすべて埋まりました
kh-line-setting-up = **準備中:** {$name}がスタートプレイヤーを決めます。
kh-line-turn = **第{$turn}手番:** {$name}の手番 · アクション2回中{$done}回済み
kh-line-final-turns = 最終手番：この後あと{$count}手番
kh-line-tenth-out = 10枚目のイベントが出ました：最終手番に入ります
kh-line-waiting = ⏳ {$name}を**待っています**：{$decision}。
kh-line-stand-in = **代理:** ゲームを{$delay}止めた人の代わりに、ボットが1回だけ決めます
kh-line-last-stand-in = **直近の代理:** {$note}
kh-line-registry = **登記所（{$count}/6）:** {$tiles}
kh-line-events = **イベント（{$count}/10）:** {$track}
kh-line-waiting-events = **配置済み、次に処理:** {$events}
kh-line-ignored-events = **10枚目の後に引かれたもの（効果なし）:** {$events}
kh-line-removed = **準備で除外:** {$events}
kh-line-townsfolk = **空いている町人:** {$townsfolk}
kh-line-stock = **ストック:** {$counters}
kh-line-bag = **袋:** 畑タイル{$fields}枚、イベント{$events}枚 · **休耕地（{$count}）:** {$fallow}
kh-line-start-player = **スタートプレイヤー:** {$name}
kh-line-pool = **初期コマ（全体）:** {$counters}
kh-seat-field-name = {$name} · 暫定{$score}点
kh-seat-field-name-final = {$name} · 最終{$score}点
kh-facts-board = **ボード:** 畑タイル{$fields}枚（収穫済み{$harvested}） · ワーカー：{$workers}
kh-win = 🏆 {$names}の勝ちです（{$points}点）。
kh-win-fields = 🏆 {$names}の勝ちです：{$level}と{$points}点で並び、ボード上の畑タイル数で上回りました（{$mine}対{$theirs}）。
kh-win-counters = 🏆 {$names}の勝ちです：{$level}と{$points}点、畑タイル数（{$fields}）でも並び、コマ数で上回りました（{$mine}対{$theirs}）。
kh-win-shared = 🏆 {$names}の共同勝利です：得点（{$points}点）、畑タイル数、コマ数がすべて同じでした。
kh-ended-stalemate = 誰もアクションをしないまま1巡したため、ゲームが終わりました。
kh-no-counters = コマなし
kh-table-title-final = キーハーベスト · テーブル#{$table} · 最終得点
kh-supplies-at-end = **終了時の手持ち:** {$supplies}
kh-table-footer-final = 遊んでくれてありがとうございました！「得点表」で得点の内訳と全員の手持ちを見られます。ボードと記録も下のボタンから引き続き見られます。
kh-button-scores = 得点表
kh-table-title = キーハーベスト · テーブル#{$table} · {$progress}
kh-table-title-abandoned = キーハーベスト · テーブル#{$table} · 中止
kh-table-footer = 「自分の画面」を押すと、自分のコマを見て行動できます。
kh-button-my-screen = 自分の画面
kh-button-boards = ボード
kh-button-log = ログ
kh-final-title = 最終得点 · テーブル#{$table}
kh-supplies-head = **終了時の手持ち:**
kh-removed-unseen = **準備で見ずに除外:** {$events}
kh-so-far-title = 暫定得点 · テーブル#{$table}
kh-so-far-line = {$name}：暫定{$points}点
kh-so-far-head = ゲームはまだ終わっていません。ここまでのワーカーとグループの得点です（作物の得点は含みません）:
kh-final-footer = ワーカー：ボード上のワーカーの数字 · 最大x1、次点x2：大きい順に2つのグループ · 作物：単独最多の作物1種につき1点 · 同点：ボード上の畑タイル数、次にコマ数。

## 共通画面: 待っている決定、リマインダー、代理; コマンドとクリック

kh-decide-nothing = 決めることはありません（ゲームは終了しました）
kh-decide-start-player = スタートプレイヤーを選んでください
kh-decide-turn = 手番を行ってください
kh-decide-reposition = 外れた{$worker}を自分のボードに置き直してください
kh-decide-ability = {$worker}の能力を使う（または見送る）か決めてください
kh-decide-keep-drawn = 引いたタイルを残すか、休耕地に置くか決めてください
kh-decide-event = イベント{$letter}（{$event}）でのあなたの分を決めてください
kh-done = 完了しました。
kh-reminder = {$names}：{$decision}。キーハーベスト（テーブル#{$table}、{$progress}）があなたを待っています。
kh-dm-reminder =
    キーハーベストのゲーム（テーブル#{$table}、{$progress}）があなたを待っています：{$decision}。
    ここで **自分の画面** を押すか、{$channel} を使ってください。
kh-stand-in-note = ⏱ {$name}がゲームを{ $minutes ->
    [60] 1時間
    [1440] 1日
    [4320] 3日
   *[other] {$minutes}分
}止めたため、代理のボットが1回だけ決定しました（{$progress}）。
kh-choice-invalid = その選択は無効です。
kh-nothing-chosen = 何も選ばれていません。
kh-not-started = ゲームはまだ始まっていません。
kh-not-started-here = ここのゲームはまだ始まっていません。
kh-no-game-here-open = このチャンネルにキーハーベストのゲームはありません。/kh new で開いてください。
kh-no-game-here = このチャンネルにキーハーベストのゲームはありません。
kh-player-not-in-game = そのプレイヤーはここのゲームに参加していません。

## 個人画面

kh-no-seat = このゲームにあなたの席はありません。
kh-cancelled = このゲームは中止されました：もうすることはありません。
kh-choice-gone = その選択肢はもうありません。今できることはこちらです。
kh-your-decision = **あなたの決定:** {$decision}。
kh-doing-start-player = スタートプレイヤーを選んでいます
kh-doing-turn = 手番を行っています
kh-doing-reposition = 外れた{$worker}の置き場所を決めています
kh-doing-ability = {$worker}の能力を使っています
kh-doing-keep-drawn = 引いたタイルをどうするか決めています
kh-doing-event = イベント{$letter}（{$event}）での自分の分を決めています
kh-waiting-for = 今決めることはありません · {$name}を待っています（{$doing}）。
kh-event-drawn-by = イベント{$letter}（{$event}）は{$name}が引きました：{$rule}
kh-game-over = ゲームは終了しました。
kh-over-you-scored = ゲームは終了しました。あなたの得点は **{$points}点**（{$players}人中{$rank}位）：ワーカー{$workers}、グループ{$groups}、作物{$crops}。
kh-over-winner = 🏆 勝者：{$names}。
kh-over-pad-on-table = 得点表の全体はテーブルのメッセージにあります。
kh-your-counters = **あなたのコマ**（計{$total}個）：{$counters}
kh-your-store = **あなたの倉庫:** {$store}
kh-others-counters = ほかのプレイヤーのコマ：{$counters}
kh-panel-title = キーハーベスト · テーブル#{$table} · {$name}
kh-not-possible-now = **今はできないこと**
kh-hidden-choices = （この画面に入りきらない選択肢がほかに{$count}個あります。）
kh-panel-footer = {$stage} · あなただけに見えています
kh-button-back = 戻る
kh-button-refresh = 更新
kh-start-player-intro = あなたがスタートプレイヤーを決める人に選ばれました：自分も含め誰でも選べます。その後は席順に進みます。
kh-i-start = 自分から始める
kh-starts = {$name}から始める
kh-ph-who-starts = 誰から始めますか?
kh-done-harvest = 収穫
kh-done-worker = ワーカー
kh-done-from-stores = 倉庫から購入
kh-done-to-store = 自分の倉庫へ
kh-turn-intro = 第{$turn}手番：異なるアクションを2回まで、好きな順に行えます。ただし（d）の後に（c）はできません。終わったら手番を終えてください。
kh-turn-done = 第{$turn}手番：{$done}を実行済み（アクション2回中{$count}回）。
kh-turn-final = 10枚目のイベントが出ました：ここからは最終手番です。
kh-turn-registry = 登記所：{$registry}
kh-turn-stores = 倉庫:
kh-act-harvest = （a）収穫する
kh-act-play = （b）ワーカーを出す
kh-act-remove = （b）ワーカーを戻す
kh-act-buy = （c）倉庫から買う
kh-act-buy-second = （c）2枚目を買う
kh-act-take = （d）登記所から取る
kh-act-take-second = （d）2枚目を取る
kh-why-no-unharvested = 未収穫の畑タイルがありません
kh-why-no-worker-space = 出せるワーカーに置けるマスがありません
kh-why-no-worker = ボード上にあなたのワーカーがいません
kh-why-stores-empty = どの倉庫も空です
kh-why-cannot-match = ほかの倉庫のどのタイルの入札とも同じコマを払えません
kh-why-no-counter-to-bid = 入札に使うコマがありません
kh-why-registry-empty = 登記所が空です
kh-why-not-now = 今はできません
kh-end-turn = 手番を終える
kh-end-turn-confirm = **アクションをせずに手番を終えますか?** 1巡の間に全員がアクションなしで手番を終えると、そこでゲーム終了です。やはりアクションをするなら:
kh-end-turn-empty = アクションなしで手番を終える
kh-groups-intro = **（a）収穫**：グループを1つ選び、その中の未収穫タイルからめくるものを選びます。1枚ごとにその作物のコマを1個得ます。
kh-ph-group = 収穫するグループを選ぶ
kh-workers-intro = **（b）ワーカーを出す**：空きマスか、自分のより小さい数字のワーカーの上に置きます。そのマスには数字以上の隣接する畑タイルが必要で、隣にワーカーがいてはいけません。能力はすぐに使います。
kh-spaces = {$count}マス
kh-why-workers-blocked = {$workers}：数字以上の畑タイルが隣接し、隣にワーカーがいないマスがありません
kh-ph-worker = ワーカーを選ぶ
kh-worker-intro = **{$worker}を出す**（{$number}）：{$rule}。置くマスを選んでください：隣接する畑タイルが{$number}枚以上で、隣にワーカーがいないマスです。
kh-space-replaces = {$space} · 自分の{$worker}と入れ替え
kh-space-near = {$space} · 隣の畑{$count}枚
kh-ph-space-for = {$worker}を置くマスを選ぶ
kh-remove-intro = **（b）ワーカーを戻す**：農夫はボードの脇へ、町人は町ボードへ戻ります。能力は使いません。
kh-remove-label = {$space}の{$worker}を戻す
kh-ph-remove = 戻すワーカーを選ぶ
kh-stores-second = **（c）倉庫から2枚目**。
kh-stores-intro = **（c）倉庫から買う**：1枚ずつ、1～2枚。ほかの人の倉庫からは、持ち主に入札とまったく同じ作物のコマを払います。自分の倉庫からなら、自分の入札がストックに戻ります。
kh-store-label-own = {$tile} · 自分の倉庫
kh-store-label = {$tile} · {$bid}を払う · {$name}
kh-store-line-own = • 自分の倉庫の{$tile}：入札の{$bid}はストックに戻ります。
kh-store-line = • {$name}の倉庫の{$tile}：{$name}にちょうど{$bid}を払います。
kh-ph-store-tile = 倉庫のタイルを選ぶ
kh-registry-intro = **（d）登記所から取る**：タイルを自分の倉庫に置き、手持ちのコマ1個以上で入札します。その後、登記所は袋から補充されます。
kh-ph-registry-tile = 登記所のタイルを選ぶ
kh-ability-apprentice = 隣接する未収穫タイル1枚の作物のコマを1個得ます
kh-ability-casual-worker = 隣接する未収穫タイル2枚までについて、それぞれコマを1個得ます
kh-ability-labourer = ストックから好きなコマを2個得ます
kh-ability-unskilled-worker = 隣接する収穫済みタイルを未収穫に戻します
kh-ability-skilled-worker = ほかの倉庫のタイルを、入札より1個多いコマで買います
kh-ability-supervisor = 自分の畑タイル1枚を必ず休耕地に移します
kh-ability-merchant = ほかの倉庫のタイルを、入札と同じ数のコマで買います
kh-ability-storekeeper = 登記所のタイルを自分の倉庫に置き、入札します
kh-ability-bailiff = ほかのボードの孤立したタイルをコマ3個で取ります
kh-ability-lawyer = 自分のほかのワーカーの能力をもう一度使います
kh-ability-trader = 袋からタイルを引き、残すか休耕地に置きます
kh-ability-benefactor = 登記所のタイルを無料で取ります
kh-pick-harvest = {$tiles}を収穫
kh-pick-take-from = {$tiles}から得る
kh-pick-turn-back = {$tiles}を戻す
kh-pick-harvest-all = {$count}枚すべて収穫
kh-pick-take-from-all = {$count}枚すべてから得る
kh-pick-turn-back-all = {$count}枚すべて戻す
kh-pick-intro-harvest = **（a）収穫**：このグループの未収穫タイルを1枚以上めくります。1枚ごとにその作物のコマを1個得ます。
kh-pick-intro-casual = **日雇い**：隣接する未収穫タイル1～2枚について、それぞれコマを1個得ます（タイルは未収穫のまま）。
kh-pick-intro-unskilled = **未熟練工**：隣接する収穫済みタイルを未収穫に戻します。
kh-pick-intro-new-crop = **イベントR · 新しい作付け**：自分の収穫済みタイルを2枚まで未収穫に戻します。
kh-pick-intro-remote = **イベントV · 遠隔収穫**：自分の孤立した未収穫タイルを好きなだけ収穫します。
kh-pick-may-choose = 選べるタイル：{$tiles}。
kh-pick-chosen = 選択中：{$tiles}。
kh-pick-chosen-gain = 選択中：{$tiles}（{$gain}）。
kh-decline = 見送る
kh-ph-toggle = タイルを追加・削除
kh-reposition-intro = **あなたの{$worker}が外れました**（{$space}に畑タイルが置かれたため）。すぐに別の置けるマスに置き直せます（能力をもう一度使います）。ボードの外に出したままでもかまいません。
kh-leave-off = ボードの外に出す
kh-trader-drew = **行商人**：{$tile}を引きました。獲得する（ボードのその番地に置きます）か、休耕地に置いてください。
kh-keep = {$tile}を残す
kh-put-fallow = {$tile}を休耕地へ
kh-ability-head = **{$space}の{$worker}**：{$rule}。
kh-ability-head-copied = **{$space}の{$worker}（弁護士による再使用）**：{$rule}。
kh-ability-mandatory = この能力は必須です。
kh-one-from = {$space}から{$crop}1個
kh-ph-tile = タイルを選ぶ
kh-store-label-pay = {$tile} · {$count}個払う · {$name}
kh-store-line-bid = • {$name}の倉庫の{$tile}、入札 {$bid}
kh-fallow = {$tile}を休耕地へ
kh-ph-fallow = 休耕地に置くタイルを選ぶ
kh-ph-unconnected = 孤立したタイルを選ぶ
kh-copy-label = {$space}の{$worker}の能力を使う
kh-ph-copy = 能力を使うワーカーを選ぶ
kh-draw-from-bag = 袋から引く
kh-trader-registry = 袋に畑タイルがありません：代わりに登記所のタイルを取り、残すか休耕地に置けます。
kh-take = {$tile}を取る
kh-stock-holds = ストックにあるもの：{$counters}。
kh-take-nothing = 何も取らない
kh-ph-counters = コマを選ぶ
kh-gives = {$counters}を得ます
kh-gives-short = {$counters}を得ます。ストックが{$short}個足りません
kh-run-out = **作物が品切れです**：あなたは{$owed}を得るはずですが、ストックには{$got}しかありません（{$short}個不足）。不足1個につき、ストックに残っている好きな作物を代わりに1個取れます（取らなくてもかまいません）。
kh-instead-so-far = ここまでに代わりに取るもの：{$counters}。
kh-stock-still-holds = ストックに残っているもの：{$counters}。
kh-plus-instead = 代わりに{$crop}を追加
kh-take-nothing-instead = {$counters}を取り、代わりは取らない
kh-take-plus-instead = {$counters}と代わりに{$instead}を取る
kh-nothing-instead = 代わりは取らない
kh-bid-intro = **{$tile}への入札**：手持ちのコマ1個以上を、倉庫のタイルの横に公開して置きます。入札は変更できません。このタイルをあなたの倉庫から取る人は、あなたにこの入札とまったく同じコマを払います。
kh-bid-so-far = ここまでの入札：**{$counters}**。
kh-bid-one = {$crop}1個で入札
kh-bid = {$counters}で入札
kh-pay-intro = **{$what}**：手持ちから好きな作物のコマを{$size}個払います。
kh-pay-so-far = 選択中：**{$counters}**（{$size}個中{$count}個）。
kh-pay = {$counters}を払う
kh-pay-skilled = 熟練工：{$name}の倉庫の{$tile}、入札より1個多く払います
kh-pay-merchant = 商人：{$name}の倉庫の{$tile}、入札と同じ数を払います
kh-pay-bailiff = 執行官：{$name}のボードの{$tile}、その人に払います
kh-pay-lucky-bag = イベントQ · 福引き：袋から引くタイル、ストックに払います
kh-pay-lucky-registry = イベントQ · 福引き：登記所のタイル{$tile}、ストックに払います
kh-pay-quick-sale = イベントT · 即売：登記所のタイル{$tile}、ストックに払います
kh-rule-blind-swap = 各プレイヤーは自分の畑タイル1枚を休耕地に置き、袋から引いたタイルを獲得できます。
kh-rule-exchange = 各プレイヤーは自分の畑タイル1枚を、ほかのプレイヤーの孤立したタイルと交換できます。
kh-rule-give-away = 全員が畑タイル1枚を左隣のプレイヤーに渡します。
kh-rule-good-harvest = 各プレイヤーは、未収穫タイルで最も多い作物のコマを1個得られます。
kh-rule-lucky-dip = 各プレイヤーはストックにコマ2個を払って、袋から引いたタイルを得られます。
kh-rule-new-crop = 各プレイヤーは収穫済みタイルを2枚まで未収穫に戻せます。
kh-rule-new-registry = 登記所のタイルを袋に戻し、引き直します。
kh-rule-quick-sale = 各プレイヤーはストックにコマ3個を払って、登記所のタイルを得られます。
kh-rule-registry-swap = 各プレイヤーは自分の畑タイル1枚を登記所のタイルと交換できます。
kh-rule-remote-harvest = 各プレイヤーは自分の孤立した未収穫タイルを収穫できます。
kh-rule-replacement = 各プレイヤーはタイルを1枚引き、自分の畑タイル1枚か引いたタイルを休耕地に置きます。
kh-rule-reposition = 各プレイヤーは自分のワーカー1個を別の置けるマスに動かせます。
kh-rule-vacation = 各プレイヤーは自分のワーカー1個をボードから戻せます。
kh-rule-windfall = 引いた人が、全員にストックから好きなコマを1個ずつ配ります。
kh-you = あなた
kh-yourself = 自分
kh-event-head = **イベント{$letter} · {$event}**（{$name}が引きました）：{$rule}
kh-event-mandatory = これは必須です。
kh-fallow-draw = {$tile}を休耕地へ、1枚引く
kh-take-from-player = {$tile}を取る · {$name}
kh-ph-take = 取るタイルを選ぶ
kh-take-one = {$crop}を1個取る
kh-ph-crop = 作物を選ぶ
kh-pay-2-draw = 2個払ってタイルを引く
kh-lucky-registry = 袋に畑タイルがありません：代わりにコマ2個で登記所のタイルを得られます。
kh-pay-2-for = 2個払って{$tile}
kh-ph-choose = 選ぶ
kh-pay-3-for = 3個払って{$tile}
kh-ph-registry-take = 取る登記所のタイルを選ぶ
kh-replace-drew = **{$tile}**を引きました：自分の畑タイル1枚を休耕地に置いてこれを残すか、これを休耕地に置いてください。
kh-fallow-drawn = 引いた{$tile}を休耕地へ
kh-fallow-keep = {$tile}を休耕地へ、{$drawn}を残す
kh-ph-keep-drawn = 引いたタイルを残す：休耕地に置くものを選ぶ
kh-move-label = {$space}の{$worker}を動かす
kh-ph-move = 動かすワーカーを選ぶ
kh-vacation-label = {$space}の{$worker}を戻す
kh-windfall-give = {$name}にストックからコマを1個配ります（{$stock}）。
kh-give-one = {$name}に{$crop}を1個
kh-received = **{$tile}**を受け取りました。
kh-pass-nothing-why = 渡せる畑タイルがありません：何も渡しません。
kh-pass-nothing = 何も渡さない
kh-pass-on = {$tile}をそのまま渡す（受け取ったタイル）
kh-pass = {$tile}を渡す
kh-ph-pass = 渡すタイルを選ぶ
kh-give-away-second = **イベントO · 譲渡**：{$tile}を渡します。次に、受け取ったタイルを獲得するか、休耕地に置いてください。
kh-exchange-second = **イベントN · 交換**：{$name}から{$tile}を取ります。代わりに渡す畑タイルを選んでください。
kh-give = {$tile}を渡す
kh-ph-give = 渡すタイルを選ぶ
kh-swap-second = **イベントU · 登記所交換**：登記所から{$tile}を取ります。代わりに登記所に入れる畑タイルを選んでください。
kh-move-second = **イベントX · 配置換え**：{$space}の{$worker}を別の置けるマスに動かします（能力は使いません）。
kh-a-worker = ワーカー
kh-ph-new-space = 新しいマスを選ぶ

## ルールのトピック (/kh rules)

kh-topic-overview = ゲームの目的、コンポーネント、勝ち方

kh-topic-setup = スタートプレイヤー、初期ペア、初期コマ、袋

kh-topic-turn = 異なる2つのアクション、その順番、手番の終わり

kh-topic-actions = （a）収穫、（b）ワーカー、（c）倉庫から買う、（d）登記所と入札

kh-topic-workers = 12人のワーカーA～Lとそれぞれの能力

kh-topic-events = 14枚のイベントM～Zとそれぞれの効果

kh-topic-drawing = 補充、イベントでの引き、ワーカーの上に置かれるタイル

kh-topic-end = ?マス、10枚目のイベント、最終手番と得点計算

kh-topic-information = 公開情報と非公開情報

kh-topic-rulings = 公式ルールに書かれていない点についてのKH裁定

kh-topic-discord = ここでの遊び方：テーブルのメッセージ、自分の画面、リマインダー

kh-rules-overview-title = キーハーベスト · 概要

kh-rules-overview =
    あなたは土地登記所のある王国で農地を営みます。どの区画にも**畑タイル**があり、その**番地**（`C4` など）と**作物**（ホップ、野菜、リンゴ、ブドウ、小麦）が描かれています。タイルは必ず、あなたの**農地ボード**（56マスの六角形、A～G行、1～8列）の同じ番地のマスに置かれます。

    {"*"}*コンポーネント:** 畑タイル56枚、作物コマ60個（各作物12個）、プレイヤーごとに農夫6人（ワーカーA～F）とタイル2枚分の**倉庫**、共有の町人6人（ワーカーG～L）、イベントタイル14枚（M～Z）、そしてイベント用の10マス、空いている町人、売りに出ている6枚のタイルの**登記所**がある町ボード。

    {"*"}*ゲームの流れ:** 作物コマで登記所のタイルに入札します。タイルはあなたの倉庫で待ち、その間にほかの人があなたの入札と同じコマを払えば横取りできます。畑を収穫してコマを増やし、ワーカーを出して能力と得点を得ます。袋から引かれるイベントが状況を揺さぶります。

    {"*"}*勝利条件:** 終了時に最も得点の高い人の勝ちです。得点は、ボード上のワーカーの数字、つながった畑タイルの最大のグループ（1枚1点）、2番目に大きいグループ（1枚2点！）、そして単独で最も多くコマを持っている作物1種につき1点です。同じ大きさの大きなグループ2つは、巨大なグループ1つに勝ります。

    トピック：`setup` `turn` `actions` `workers` `events` `drawing` `end` `information` `rulings` `discord`

kh-rules-setup-title = 準備（KH 9-13）

kh-rules-setup =
    {"*"}*スタートプレイヤー:** ランダムに選ばれたプレイヤーが、誰から始めるかを決めます（自分も含め誰でも可）。その後は席順に進みます。

    {"*"}*初期ペア:** 色分けされたタイルの初期ペアが4組あります。各プレイヤーは1組を引き、2枚とも自分のボードに置きます。2～3人のときは、誰も引かなかったペアはほかのタイルと一緒に袋に入ります。

    {"*"}*初期コマ:** ランダムに決まる少量のプールです:
    - 2人：各作物1個と、いずれか1作物をもう1個。各プレイヤーは2個ある作物を1個とほか2個を、公開で受け取ります。
    - 3人：4作物を2個ずつ、残り1作物を1個（計9個）。
    - 4人：2作物を3個ずつ、残り3作物を2個ずつ（計12個）。
    3～4人のときは各自ランダムに3個引き、ほかの人からは使うまで「?」としか見えません。プールの中身は全員が知っています。

    {"*"}*その他:** 残りのコマは**ストック**です。ほかの畑タイルはすべて袋に入れ、6枚を引いて登記所に並べます。その後でイベントを袋に入れます：2人なら14枚すべて、3～4人なら12枚（2枚は見ないまま除外し、終了時に公開します）。

kh-rules-turn-title = あなたの手番（KH 14-17）

kh-rules-turn =
    手番では**異なるアクションを2回まで**、それぞれ1回ずつ行えます:
    {"*"}*（a）** 収穫 · **（b）** ワーカーを出す・戻す · **（c）** 倉庫のタイルを自分のボードへ · **（d）** 登記所のタイルを自分の倉庫へ。
    （それぞれについては **actions** トピックを参照。）

    {"*"}*順番:** 好きな順に行えますが、同じ手番で（d）の後に（c）は決してできません。順番の制限はアクションそのものだけです：店主が倉庫に置くのは（d）ではなく、商人の購入は（c）ではありません。

    {"*"}*1回、2回、0回:** アクション1回でも、0回でもかまいません。ワーカーの能力は、そのワーカーを出した（b）の一部です。タイルに押し出されたワーカーを置き直すのはボーナスで、アクションではありません。

    {"*"}*手番の終わり:** 自分で終えるか、アクションを2回行い、それが引き起こしたことがすべて処理されると終わります（ただし（c）か（d）の2枚目がまだ可能な場合を除く）。その後、次の席の人の番です。

    {"*"}*手詰まり:** 誰もアクションをしないまま1巡すると、ゲームは終了して得点計算をします（当方の裁定、KH 17）。

kh-rules-actions-title = 4つのアクション（KH 18-25）

kh-rules-actions =
    {"*"}*（a）収穫。** 自分のボードの**グループ**（隣り合う畑タイルでつながったタイル）を1つ選び、その中の未収穫タイルを好きなだけめくります。めくるタイル同士が隣り合っている必要はありません。めくったタイル1枚ごとに、その作物のコマを1個ストックから得ます。作物が品切れなら、ストックに残っている別の作物を代わりに取れます（KH 6）。

    {"*"}*（b）ワーカー。** 自分の農夫か空いている町人を1人自分のボードに出すか、自分のワーカーを1人ボードから戻します。ワーカーは空きマスか、数字が厳密に小さい自分のワーカーの上（そのワーカーは戻ります）に置きます。そのマスには、ワーカーの数字以上の隣接する畑タイル（収穫済みでも未収穫でも）が必要で、隣にワーカーがいてはいけません。その後、能力を1回使います（**workers** を参照）。

    {"*"}*（c）倉庫から買う。** どの倉庫からでも、1枚ずつ1～2枚のタイルを自分のボードに移します。自分の倉庫からなら、自分の入札はストックに戻ります。ほかの人の倉庫からなら、持ち主に入札と**まったく同じ**作物のコマを払います。持ち主は入札とあなたの支払いの両方を得ます。同じコマを払えなければ買えません。

    {"*"}*（d）登記所と入札。** 倉庫（タイル2枚）に空きがあれば、登記所のタイルを1枚倉庫に入れ、その横にコマ1個以上の**入札**を公開で置きます。入札は確定で、変更も追加も移動もできません。登記所はすぐに補充され、その後2枚目を取ることもできます。倉庫のタイルは、誰かが獲得するかゲームが終わるまでそこに残ります。

kh-rules-workers-title = ワーカーA～L（KH 33-44）

kh-rules-workers =
    農夫A～Fは各自のもの、町人G～Lは共有です。数字はワーカーの得点であり、必要な隣接タイル数でもあります。必須なのはFだけです。
    {"*"}*A 見習い 1:** 隣接する未収穫タイル1枚の作物のコマを1個（タイルは未収穫のまま）。
    {"*"}*B 日雇い 1:** 同じことを、異なる隣接タイル2枚まで。
    {"*"}*C 労働者 2:** ストックから好きなコマを2個。
    {"*"}*D 未熟練工 2:** 隣接する収穫済みタイルを好きなだけ未収穫に戻します。
    {"*"}*E 熟練工 3:** ほかの人の倉庫のタイルを、入札より1個多いコマ（作物は自由）で買います。持ち主は入札と支払いの両方を得ます。
    {"*"}*F 監督 3（必須）:** 自分のボードのタイル1枚（どれでも）を休耕地に送り、ゲームから除きます。能力を使うたびに毎回です。
    {"*"}*G 商人 4:** ほかの倉庫のタイルを、入札と同じ数のコマ（作物は自由）で買います。
    {"*"}*H 店主 4:** 倉庫に空きがありコマがあれば、登記所のタイルを倉庫に入れて入札します。登記所は補充されます。アクション（d）ではありません。
    {"*"}*I 執行官 4:** ほかのボードの**孤立した**タイル（隣接する畑タイルがない）を、持ち主にちょうどコマ3個払って取ります。
    {"*"}*J 弁護士 5:** 自分のほかのワーカー1人の能力を、その場所でもう一度使います（自分自身の能力は不可）。
    {"*"}*K 行商人 5:** 袋からタイルを1枚引き（引いたイベントは脇に置く）、残すか休耕地に送ります。袋に畑タイルがなければ、代わりに登記所のタイルで同じことをします。
    {"*"}*L 後援者 5:** 登記所のタイルを無料で取ります。登記所は補充されます。

    ワーカーが能力を使うのは、出したときに1回、タイルに押し出されて置き直したとき（KH 26）、そして弁護士に使われたときです。後で周りが変わっても、ワーカーは動きません。

kh-rules-events-title = イベントM～Z（KH 45-60）

kh-rules-events =
    引いたイベントは町ボードの空いている最も小さい番号のマスに置かれ、すぐに処理されます。引いた人から順に各プレイヤーが行いますが、SとZは引いた人だけです。O、S、W、Zはできる限り行わなければならず、ほかは見送れます。
    {"*"}*M ブラインド交換:** 自分のタイル1枚を休耕地に送り、袋から引いたタイルを獲得します（袋にタイルがある間だけ）。
    {"*"}*N 交換:** ほかのプレイヤーに自分のタイル1枚を渡し、その人の孤立したタイル1枚をもらいます。
    {"*"}*O 譲渡:** 全員がタイル1枚を左隣に渡します。受け取った人は受け取ったタイルをそのまま渡すか（最後の人は不可）、自分のタイルを1枚渡してから受け取ったタイルを残すか捨てます。引いた人は最後に受け取ります。
    {"*"}*P 豊作:** 未収穫タイルが最も多い作物のコマを1個。
    {"*"}*Q 福引き:** ストックにコマ2個を払って、袋から引いたタイルを得ます（袋になければ登記所のタイル）。
    {"*"}*R 新しい作付け:** 収穫済みタイルを2枚まで未収穫に戻します。
    {"*"}*S 登記所の刷新:** 登記所のタイルを袋に戻し、新たに引き直します。
    {"*"}*T 即売:** ストックにコマ3個を払って、登記所のタイルを得ます。補充は全員の後で引いた人が行います。
    {"*"}*U 登記所交換:** 自分のタイル1枚を登記所のタイルと交換します。
    {"*"}*V 遠隔収穫:** 自分の孤立した未収穫タイルを好きなだけ収穫します。
    {"*"}*W 入れ替え:** タイルを1枚引きます。自分のタイル1枚を休耕地に送ってそれを残すか、それを捨てます。
    {"*"}*X 配置換え:** 自分のワーカー1人を別の置けるマスに動かします。能力は使いません。
    {"*"}*Y 休暇:** 自分のワーカー1人を戻します。
    {"*"}*Z 棚ぼた:** 引いた人が、自分も含む全員に、引いた人が選んだコマを1個ずつストックから配ります。

kh-rules-drawing-title = 引きと連鎖（KH 26-32）

kh-rules-drawing =
    {"*"}*補充:**（d）、店主、後援者の後、登記所がいっぱいになるか袋が空になるまでタイルを引きます。引いたイベントはすぐに置かれて処理され、その後また引き続けます。

    {"*"}*イベントでの引き:** イベントのための引き（M、Q、S、W、Tの補充）や行商人の引きでは、出てきたイベントを畑タイルが出るまで脇に置き、その後脇に置いたイベントを袋に戻します。袋に畑タイルが1枚もなければ、残っているイベントを代わりに1枚ずつ置いて処理します。

    {"*"}*イベントは入れ子になりません:** あるイベントの処理中に引いたイベントはすぐに置かれますが、処理されるのは最初のイベントが全員分終わってからです。

    {"*"}*ワーカーの上のタイル:** 獲得したタイルは必ずその番地のマスに未収穫の面で置かれます。そこに自分のワーカーがいれば、外れます。すぐに別の置けるマスに置き直せ（より小さいワーカーと入れ替えてもよい）、そこで**もう一度能力を使います**（監督は必ず使います）。そうしなければ戻ります。このような連鎖は、ほかのことより先にすべて終わらせます。

kh-rules-end-title = 終了と得点計算（KH 61-67）

kh-rules-end =
    {"*"}*?マス:** イベントが7番のマスに置かれたとき、ボード上のタイル（畑とワーカー）が7枚未満のプレイヤーがいれば、1番と2番のマスのイベントを袋に戻し、残りを2マス下げます。ただし袋に畑タイルがなければ何もしません。

    {"*"}*10枚目のイベント**が処理され、進行中の手番が終わると、全員が席順に**さらに2手番**ずつ行います。10枚目が出たときの手番の人が最後の手番を行います。10枚目の後に引いたイベントは効果なしで取り除かれます。誰もアクションをしないまま1巡しても終了します（KH 17）。

    {"*"}*得点計算:**
    - **ワーカー:** 自分のボード上のワーカーの数字の合計。
    - **最大のグループ:** タイル1枚につき1点。
    - **2番目のグループ:** タイル1枚につき2点（同じ大きさの2つも1番目と2番目として数えます：6と6なら18点）。
    - **作物:** ほかの全員より厳密に多くコマを持っている作物1種につき1点。最多が同数なら（0個同士でも）誰も得点しません。入札は数えません。

    {"*"}*同点:** ボード上の畑タイルが多い人、次にコマが多い人の勝ち。それでも同じなら共同勝利です。

    テーブルの暫定得点には作物の得点が含まれません。含めると隠れたコマがわかってしまうからです。

kh-rules-information-title = 公開情報（KH 68-70）

kh-rules-information =
    {"*"}*公開:** すべてのボード、倉庫と入札、登記所、休耕地、町ボードと空いている町人、各プレイヤーの残りの農夫、ストックの数、引かれた・脇に置かれた・戻された・無視されたすべてのイベント、袋の中の畑タイルとイベントの数、そして各プレイヤーのコマの数。

    {"*"}*コマ:** 準備の後のコマの動きはすべて公開です：収穫、ワーカーとイベントでの獲得、入札、購入、支払い。そのため全員が各自の手持ちを作物ごとに把握できます。ただし3～4人のときは、各プレイヤーの初期コマ3個は使うまで**「?」**と表示されます。誰も知らなかった作物を払うと、「?」の1個がその作物として明らかになります。自分の手持ちは常にすべて見え（**自分の画面**）、終了時には全員の手持ちが公開されます。

    {"*"}*非公開:** 袋の中の順番、3～4人のときに準備で除外された2枚のイベント（終了まで）、まだ使っていない初期コマの作物。

kh-rules-rulings-title = 当方の裁定（KH n）

kh-rules-rulings =
    公式ルールに書かれていないか不明確な点は、次のように裁定します:
    - **KH 6** ストックにない作物は、残っている任意の作物で代えられます（自分の作物を優先）。
    - **KH 10** 使われない初期ペアは袋に入ります（2～3人）。
    - **KH 11-12** 初期プールでどの作物が2個・3個になるかはランダムです。
    - **KH 15** 順番の制限はアクションだけです：店主の後の（c）、（d）の後の商人は可。
    - **KH 17** 誰もアクションをしないまま1巡するとゲーム終了です。
    - **KH 26** 外れたワーカーは、より小さいワーカーと入れ替えられます。
    - **KH 28** 補充では登記所の空いているマスをすべて埋めます。
    - **KH 31** イベント同士は割り込まず、順番を待ちます。
    - **KH 35** 労働者はコマを選べます。
    - **KH 42** 弁護士は自分自身の能力は使えません。
    - **KH 43** 袋に畑タイルがないとき、行商人は登記所から選べます。
    - **KH 47** ブラインド交換は袋に畑タイルがある間だけです。
    - **KH 49** 譲渡：まず渡し、その後で残すか捨てるかを決めます。引いた人は最後に受け取ります。
    - **KH 51、54** 福引きと即売の支払いはストックへ。
    - **KH 57** 入れ替えでタイルを残せるのは、1枚と引き換えのときだけです。
    - **KH 60** 棚ぼたは引いた人から時計回りに配ります。
    - **KH 61** ?マスの確認はイベントを置いたときに行います。袋に畑タイルがなければ何も動きません。
    - **KH 62** 最終手番は手番中のプレイヤーから数えます。
    - **KH 63** 10枚目の後のイベントは無視されます。
    - **KH 65-66** 同じ大きさのグループは1番目と2番目になります。最多の作物が同数なら誰も得点しません。
    - **KH 67** 同点決着をすべて経ても同点なら共同勝利です（再戦であって、やり直しではありません）。
    - **KH 69-70** 暫定得点は作物の得点を含みません。プレイヤー間の支払いは公開です。
    また：公式テキストで倉庫のタイルをボードに置くことを「アクション（d）」としている箇所は、（c）のことです。

kh-rules-discord-title = ここでのキーハーベストの遊び方

kh-rules-discord =
    テーブルのメッセージから**参加**し、ホストが**開始**を押します。
    {"*"}*テーブルのメッセージ**はアクションのたびに更新されます：誰の手番か、ゲームが何を待っているか、登記所、イベントの列、町人、ストック、袋、休耕地、そして各プレイヤーの暫定得点、コマ、倉庫と入札、ワーカー。
    {"*"}*自分の画面**で個人画面を開きます（自分だけに見えます）：作物ごとの自分のコマと、今できるすべての選択肢。古い画面は古いクリックを受け付けず、新しい画面を表示します。
    {"*"}*ボード**ではすべての農地ボードを六角形の図で表示します：`[H]` は未収穫、`(h)` は収穫済み、`<4>` はワーカー、空きマスはその番地を表示します。B、D、F行は半マスずれているので、各マスは上下の隣のマスの間に位置します。
    {"*"}*ログ**では最近の出来事を表示します。各アクションはゲームのスレッドにも書き込まれます。
    ゲームは非同期です：一度に決めるのは1人だけで、ゲームを止めている人にはテーブルの設定時間の後にリマインダーが届きます。

kh-rules-footer = `/kh rules topic`：`{$topics}` · ワーカーやイベントの名前・文字でも開けます。
kh-rules-unknown = 「{$topic}」というルールのトピックはありません。トピックの一覧です:
kh-rules-topics-title = キーハーベストのルール：トピック
kh-rules-topics-note = ワーカーやイベントの名前・文字（「lawyer」「J」「windfall」や「弁護士」「棚ぼた」）でもそのトピックが開きます。

## コーチが手番の行動を言う言葉 (issue 30)。
kh-coach-harvest = { $tiles }を収穫する
kh-coach-play-worker = { $worker }を{ $space }に置く
kh-coach-remove-worker = { $space }の働き手を外す
kh-coach-buy = { $name }の倉庫から{ $tile }を買う
kh-coach-registry = 登記所から{ $tile }を入札{ $bid }で取る
kh-coach-end-turn = 手番を終える
## 振り返りでの選択の呼び名（issue 43）：ラウンドと行動の種類。
kh-moment-setup = 準備 · スタートプレイヤー
kh-moment-round = 第{ $round }ラウンド
kh-moment-harvest = 第{ $round }ラウンド · 収穫
kh-moment-worker = 第{ $round }ラウンド · 働き手
kh-moment-buy = 第{ $round }ラウンド · 購入
kh-moment-bid = 第{ $round }ラウンド · 入札
kh-moment-end = 第{ $round }ラウンド · 手番の終わり
kh-moment-event = 第{ $round }ラウンド · イベント
kh-coach-no-advice = **ヒント:** コーチが比べるのは手番の行動です。この選択はお好きにどうぞ。
