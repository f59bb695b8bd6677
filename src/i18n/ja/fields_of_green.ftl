# Fields of Green: every text of its screens (ids fog-...). English and Japanese files define the
# same ids with the same arguments (src/i18n/tests.rs).
# Japanese terms follow the Japanese rulebook (施設, 田畑, 家畜, 構造物, 建物, 給水塔, 穀物庫, 設備,
# 空き地, 維持/行動/収穫フェイズ, 勝利点, 食糧, 水, コイン).
fog-water-tower = 給水塔
fog-water-towers = 給水塔
fog-silo = 穀物庫
fog-silos = 穀物庫
fog-player-n = プレイヤー{ $n }
fog-picture-farm-of = テーブル#{ $table }の{ $name }さんの農場の画像です。同じ内容をテキストの盤面でも載せています。
fog-resources = { $coins }コイン · 食糧{ $food }/{ $capacity } · 水{ $water } · 勝利点トークン{ $tokens }
fog-phase-upkeep = 維持フェイズ
fog-phase-action-turn = 行動フェイズ {$turn}/{$of}ターン目
fog-phase-action-card = 行動フェイズ {$card}/{$of}枚目
fog-phase-harvest = 収穫フェイズ
fog-game-over = ゲーム終了
fog-year-phase = { $year }年目/4年 · { $phase }
fog-direction-left = → 左隣へ（時計回り）
fog-direction-right = ← 右隣へ（反時計回り）
fog-vp = { $n }勝利点
fog-status-choosing-equipment = 設備タイルを選択中
fog-status-placing-water = 収入の水を配置中
fog-status-drew = { $split }で引きました
fog-status-drawing = カードを引いている
fog-status-draws-later = あとで引く
fog-status-using = { $card }を使用中
fog-status-card-chosen = ✓ カード選択済み
fog-status-choosing-card = カードを選択中
fog-status-done = 完了
fog-list-sep = 、
fog-status-waiting = 待機中
fog-status-taking-card = カードを取っている
fog-status-harvest-done = ✓ 収穫完了
fog-status-harvesting = 収穫中
fog-legend-cut = （凡例は省略：「農場」を参照）
fog-stand-in-note = ⏱ { $name }さんが{ $minutes ->
    [60] 1時間
    [1440] 1日
    [4320] 3日
   *[other] { $minutes }分間
}ゲームを止めていたため、代理のボットが1回だけ代わりに決定しました（{ $phase }）。
fog-counted = { $name }×{ $n }
fog-first-player-line = **スタートプレイヤー:** { $name }
fog-first-player-pass-line = **スタートプレイヤー:** { $name } · **カードを渡す方向:** { $direction }
fog-piles-line = **山札:** { $piles }
fog-supply-line = **サプライ:** 給水塔{ $towers } · 穀物庫{ $silos } · 設備タイル{ $tiles }
fog-discard-empty = **捨て札:** なし
fog-discard-line = **捨て札（{ $n }枚）:** { $cards }
fog-none = なし
fog-face-up-line = **表向き:** { $row }（裏向き{ $down }枚）
fog-intro-mode = 入門モード：毎年の引き方は決まっています。
fog-waiting-nobody = **待っている相手:** なし
fog-waiting-line = **待っている相手:** { $names }
fog-stand-in-line = **代理:** { $time }ゲームを止めたプレイヤーの代わりにボットがプレイします
fog-last-stand-in-line = **直近の代理:** { $note }
fog-status-title-final = 緑の地 · テーブル#{ $table } · 最終得点
fog-status-footer-final = 遊んでくれてありがとうございました！「得点表」で得点の内訳をすべて見られます。農場と記録も下のボタンから引き続き見られます。
fog-button-scores = 得点表
fog-status-title = 緑の地 · テーブル#{ $table } · { $phase }
fog-status-title-abandoned = 緑の地 · テーブル#{ $table } · 中断
fog-seat-field = { $name } · { $vp }勝利点
fog-seat-field-first = { $name }（スタートプレイヤー） · { $vp }勝利点
fog-farm-cards = 農場：{ $n }枚
fog-farm-open-areas = 、空き地{ $n }
fog-farm-set-aside = 、わきに除けた設備{ $n }
fog-status-footer = 「手札」を押すと自分のカードを見て行動できます。得点は今ゲームが終わった場合のものです。
fog-button-my-hand = 手札
fog-button-farms = 農場
fog-button-log = 記録
fog-farm-of-vp = { $name }の農場 · { $vp }勝利点
fog-farm-of = { $name }の農場
fog-farm-select-placeholder = 農場を1つ大きく表示
fog-no-such-seat = このゲームにその席はありません。
fog-score-now = 現在の得点
fog-score-now-value = 今終わった場合{ $vp }勝利点
fog-status = 状況
fog-equipment-on = { $at }の{ $card }に：{ $text }
fog-equipment-on-farm = 農場の設備
fog-set-aside-field = わきに除けた設備（終了時に各1勝利点、または建設時に配置）
fog-log-empty = まだ何も起きていません。
fog-log-earlier = *それ以前の{ $n }行は省略しています。*
fog-log-title = 記録 · テーブル#{ $table } · { $phase }
fog-summary-title-turn = { $year }年目 · { $turn }ターン目
fog-summary-title-cards = { $year }年目 · 使われたカード
fog-summary-title-upkeep = { $year }年目 · 収入と引いたカード
fog-and-more = *…ほか{ $n }行。*
fog-year-end-title = { $year }年目の終わり
fog-standing = { $rank }. { $name } · { $vp }勝利点
fog-scores-now = **現在の得点**
fog-year-begins = { $year }年目が始まります。スタートプレイヤーは{ $name }です。
fog-times = { $what }（×{ $n }）
fog-harvested-list = 収穫：{ $list }
fog-harvested-nothing = 収穫なし。
fog-now-open-areas = 空き地になった施設：{ $list }
fog-final-scores-title = 最終得点 · テーブル#{ $table }
fog-scores-if-ended-title = 今ゲームが終わった場合の得点 · テーブル#{ $table }
fog-if-ended-now = 今終わった場合：{ $line }
fog-tie-break = 同点の決着：{ $text }。
fog-final-footer = カード/トークン：カードの勝利点と勝利点トークン · 設備：ゲーム終了時能力の設備と、わきに除けた設備1枚につき1勝利点 · お金：3コインにつき1勝利点 · 食糧：2個につき1勝利点 · 給水塔：空の給水塔1つにつき1勝利点 · 同点：施設が最も多いプレイヤー、次にコインが最も多いプレイヤー。
fog-need-look = 様子を見てください
fog-need-equipment = 設備タイルを選んでください
fog-need-water = 収入の水を配置してください
fog-need-draw = カードを引いてください
fog-need-use-and-choose = { $card }を使い、次のカードを選んでください
fog-need-use = { $card }を使ってください
fog-need-choose = カードを選んでください
fog-need-take = 表向きのカードを取ってください
fog-need-harvest = 収穫時能力の費用を支払い、収穫を終えてください
fog-need-scores = 最終得点を確認してください
fog-reminder-waiting = 緑の地（テーブル#{ $table }、{ $phase }）が待っています。
fog-reminder-all = { $names }：{ $need }。緑の地（テーブル#{ $table }、{ $phase }）があなたを待っています。
fog-reminder-each = 緑の地（テーブル#{ $table }、{ $phase }）が待っています:
fog-reminder-tap = **手札**を押して行動してください。
fog-table-message-link = [テーブルのメッセージ]({ $link })
fog-dm-reminder = 緑の地のゲーム（テーブル#{ $table }、{ $phase }）があなたを待っています：{ $need }。
    ここで**手札**を押すか、{ $place }を使ってください。
fog-pad-total = 合計
fog-pad-no-scores = 得点はありません。
fog-pad-cards = カード等
fog-pad-equipment = 設備
fog-pad-money = お金
fog-pad-food = 食糧
fog-pad-water-towers = 給水塔
fog-pad-game-end = 終了時
fog-pad-game-end-total = 終了時合計
fog-pad-legend = ゲーム終了時の略号：{ $list }。
fog-pad-legend-entry = { $code } { $name }
fog-pad-note = { $what }：{ $who }。
fog-pad-note-tokens = 勝利点トークン（「カード等」に含む）
fog-pad-note-set-aside = わきに除けた設備、各1勝利点（「設備」に含む）
fog-pad-note-repeats = ゲーム終了時能力をもう一度得点するために支払ったコイン（「お金」の計算前）
fog-tie-none = 同点なし
fog-tie-locations = 施設の数で同点を決着
fog-tie-coins = コインの数で同点を決着
fog-tie-shared = 同点のまま：勝利を分け合います
fog-tie-line = { $vp }勝利点で同点。{ $by }：{ $list }。
fog-tie-by-locations = 施設の多い順
fog-tie-by-coins = 施設の多い順、次にコインの多い順
fog-tie-entry-locations = { $name }（施設{ $locations }）
fog-tie-entry-coins = { $name }（施設{ $locations }・{ $coins }コイン）
fog-tie-shared-place = { $names }は{ $place }位を分け合います。
fog-no-winner = 勝者なし。
fog-wins = { $name }が{ $vp }勝利点で勝利。
fog-wins-by-locations = { $name }の勝利：{ $others }と{ $vp }勝利点で同点、{ $tie }（{ $mine }対{ $next }）。
fog-wins-by-coins = { $name }の勝利：{ $others }と{ $vp }勝利点・施設{ $locations }で同点、{ $tie }（{ $mine }対{ $next }）。
fog-win-shared = { $names }が勝利を分け合います：{ $vp }勝利点・施設{ $locations }・{ $coins }コインで同点。
fog-ev-open-area-at = { $at }の空き地
fog-ev-the-card-at = { $at }の{ $card }
fog-ev-card-at = { $at }の{ $card }
fog-ev-some-card-at = { $at }のカード
fog-ev-pass-left = 左隣へ（時計回り）
fog-ev-pass-right = 右隣へ（反時計回り）
fog-ev-year-begins-pass = { $year }年目が始まります。スタートプレイヤーは{ $name }です。今年は手札を{ $direction }渡します。
fog-ev-no-income = { $name }は収入を得ませんでした。
fog-ev-no-income-lost = { $name }は収入を得ませんでした（{ $lost }は置き場所がなく失われました）。
fog-ev-income = { $name }は収入を得ました：{ $got }。
fog-ev-income-lost = { $name }は収入を得ました：{ $got }（{ $lost }は置き場所がなく失われました）。
fog-ev-water-to-place = { $name }は収入の水{ $water }を置く給水塔を選んでいます。
fog-ev-water-placed = { $name }は収入の水を置きました：{ $towers }。
fog-ev-drew = { $name }はカードを{ $n }枚引きました：{ $piles }。
fog-ev-pile-empty = { $pile }の山札がなくなりました。
fog-ev-none-face-up = 表向きにするカードが残っていませんでした。
fog-ev-turned-face-up = 表向きにしたカード：{ $cards }。
fog-ev-selected = { $name }はカードを選びました。
fog-ev-chose = { $name }は{ $card }
fog-ev-had-no-card = { $name }はカードなし
fog-ev-reveal = { $turn }ターン目の公開：{ $parts }。
fog-ev-hands-pass = 手札を{ $direction }渡します。
fog-ev-picked = { $name }は表向きのカードから{ $card }を取りました。
fog-ev-built = { $name }は{ $at }に{ $card }を建設しました（{ $paid }）。
fog-ev-built-tower = { $name }は{ $card }を捨て、{ $at }に給水塔を建設しました（{ $paid }）。
fog-ev-built-silo = { $name }は{ $card }を捨て、{ $at }に穀物庫を建設しました。
fog-ev-market-sold = { $name }は{ $card }を捨てて市場に行き、食糧{ $food }を売却して{ $coins }コインを得ました。
fog-ev-market = { $name }は{ $card }を捨てて市場に行き、{ $coins }コインを得ました。
fog-ev-restored = { $name }は{ $discarded }を捨てて{ $at }の空き地を再建しました：{ $card }が再び表向きになりました。
fog-ev-nothing = 何も
fog-ev-gained = { $name }は{ $from }から{ $got }を得ました。
fog-ev-gained-lost = { $name }は{ $from }から{ $got }を得ました（食糧{ $lost }は穀物庫に入りきらず失われました）。
fog-ev-refilled = { $name }の給水塔に水が追加されました：{ $towers }。
fog-ev-equipment-drawn = { $name }は設備タイルを{ $n }枚引き、1枚を選びます。
fog-ev-equipment-empty = { $name }は設備タイルを得るはずでしたが、山がなくなっています。
fog-ev-equipment-placed = { $name }は{ $on }に{ $tile }を置きました。
fog-ev-set-aside = { $name }は{ $tile }をわきに除けました。
fog-ev-harvested = { $name }は{ $at }の{ $card }で収穫しました（{ $paid }）。
fog-ev-harvested-again = { $name }は{ $at }の{ $card }で収穫し（{ $paid }）、さらに{ $n }回繰り返しました。
fog-ev-became-open = { $name }の{ $at }の{ $card }は収穫されず、空き地になりました。
fog-ev-equipment-lost = { $tiles }も一緒に失われました（{ $n }枚）。
fog-ev-harvest-finished = { $name }は収穫を終えました。
fog-ev-first-player = { $name }が新しいスタートプレイヤーです。
fog-ev-game-over = ゲーム終了です。
fog-ev-game-over-winner = ゲーム終了：{ $name }の勝利です！
fog-ev-game-over-shared = ゲーム終了：{ $names }が勝利を分け合いました！
fog-ev-water-on = { $at }に{ $n }
fog-n-coins = { $n }コイン
fog-n-water = 水{ $n }
fog-n-food = 食糧{ $n }
fog-ev-paid-free = 無料
fog-ev-paid = 支払い：{ $what }
fog-hand-title = あなたの手札
fog-built = { $name }は{ $card }を建設しました。
fog-legend-tower = { $at } { $water }/{ $capacity }
fog-legend-tower-empty = { $at } { $water }/{ $capacity } 空
fog-legend-towers = Wn  給水塔（n は水の数）：{ $list }
fog-legend-silos = SI  穀物庫：{ $list }
fog-legend-open = ### 空き地（裏向きのカード）：{ $list }
fog-legend-equipment = +/* 設備（+ は1枚、* は2枚）：{ $list }
fog-legend-build = m25 小文字：建設できる区画 { $n }
fog-card-water-tower = 給水塔 - アクションB：選んだカードを捨てて{ $cost }コインを支払う。水{ $capacity }個が置かれた状態で建設され、最大{ $capacity }個保管できる。この水は{ $range }区画以内に建設するカードの支払いに使える。
fog-card-silo = 穀物庫 - アクションC：選んだカードを捨てて無料で建設する。食糧を{ $capacity }個まで保管できる。
fog-copies = { $n }枚：{ $text }
fog-no-cards = （カードなし）
fog-none-paren = （なし）
fog-pile-field = 田畑
fog-pile-livestock = 家畜
fog-pile-construction = 構造物
fog-pile-building = 建物
fog-pile-field-n = 田畑{ $n }
fog-pile-livestock-n = 家畜{ $n }
fog-pile-construction-n = 構造物{ $n }
fog-pile-building-n = 建物{ $n }
fog-kind-grain = 穀物
fog-kind-vegetable = 野菜
fog-kind-fruit = 果物
fog-kind-poultry = 家禽
fog-kind-dairy = 乳用
fog-kind-meat = 食肉用
fog-kind-work = 役畜
fog-panel-no-seat = あなたはこのゲームに参加していません。
fog-panel-cancelled = このゲームは中止されました：これ以上することはありません。
fog-panel-choice-gone = その選択肢はもう選べません。今できることは次のとおりです。
fog-free = 無料
fog-n-vp-tokens = 勝利点トークン{ $n }
fog-n-water-on-towers = 給水塔に水{ $n }
fog-n-equipment = 設備{ $n }
fog-food-lost-full = （穀物庫が満杯のため食糧{ $n }を失う）
fog-stack-empty-note = （設備タイルの山が空）
fog-card-space = { $card } { $at }
fog-the-game = ゲーム
fog-panel-waiting = 今は決めることがありません · { $names }を待っています。
fog-panel-harvest-done = あなたの収穫は終わりました。
fog-panel-over-title = { $name } · ゲーム終了
fog-panel-over = ゲーム終了です。あなたの得点は**{ $vp }勝利点**です（{ $of }人中{ $place }位）。
fog-panel-pad-on-table = 得点表の全体はテーブルのメッセージにあります。
fog-panel-intro-draw = 入門モード：今年の引き方は決まっていて、自動で行われます。
fog-panel-draw-later = 手番順で前のプレイヤーが引いた後に、あなたが引きます。
fog-panel-this-year = 今年：{ $splits }。
fog-drew-split = { $name }は{ $split }で引きました
fog-panel-footer = { $phase } · あなたにだけ見えています
fog-button-refresh = 更新
fog-button-back = 戻る
fog-button-card-texts = カードの全文
fog-card-texts-head = **カードの全文**
fog-button-all-farms = 全農場
fog-err-game-over = ゲームは終了しています
fog-err-no-such-seat = このゲームに席{ $n }はありません
fog-why-draw-in-order = スタートプレイヤーから手番順にカードを引きます
fog-why-other-takes = 今は相手がカードを取る番です
fog-err-not-your-turn-plain = 今はあなたがそれをする番ではありません
fog-err-not-your-turn = 今はあなたがそれをする番ではありません：{ $why }
fog-why-harvest-not-started = 収穫フェイズはまだ始まっていません
fog-why-cards-used-in-action = カードは行動フェイズに使います
fog-why-cards-drawn-in-upkeep = カードは維持フェイズに引きます
fog-why-cards-selected-in-action = カードは行動フェイズに選びます
fog-why-no-cards-left = 今年はもう手札がありません
fog-why-cards-taken-from-row = 2人プレイの行動フェイズでは表向きの列からカードを取ります
fog-err-wrong-phase-plain = このフェイズではそれはできません
fog-err-wrong-phase = このフェイズではそれはできません：{ $why }
fog-err-equipment-pending = 先に設備タイルをどうするか選んでください
fog-err-unknown-card = このデッキに「{ $card }」というカードはありません
fog-err-unknown-equipment = このデッキに「{ $tile }」という設備はありません
fog-err-not-in-hand = { $card }は手札にありません
fog-err-already-selected = すでに{ $card }を選んでいます
fog-err-not-face-up = { $card }は表向きのカードの中にありません
fog-err-nothing-revealed = 使える公開済みのカードがありません
fog-err-revealed-pending = 先に公開したカードを使ってください
fog-err-already-picked = このターンはすでにカードを取っています
fog-why-every-pile = カードが残っているすべての山札から引いてください
fog-why-three-piles = 少なくとも3つの山札から引いてください
fog-why-split-total = 合計{ $got }枚ではなく{ $want }枚引いてください
fog-err-bad-split-plain = その引き方はできません
fog-err-bad-split = その引き方はできません：{ $why }
fog-err-already-drawn = 今年はすでにカードを引いています
fog-err-no-water-to-place = 配置する収入の水がありません
fog-err-water-pending = 先に収入の水を配置してください
fog-err-tower-full = { $at }の給水塔は満水です
fog-err-no-tower-at = { $at }に給水塔はありません
fog-err-place-exactly = 水は{ $got }個ではなく、ちょうど{ $must }個配置してください
fog-err-bad-water-placement-plain = その水の配置はできません
fog-err-bad-water-placement = その水の配置はできません：{ $why }
fog-err-not-buildable = { $at }はあなたの農場に隣接する空いた区画ではありません
fog-err-not-enough-coins = { $need }コイン必要ですが、{ $have }コインしかありません
fog-err-not-enough-food = 食糧が{ $need }必要ですが、{ $have }しかありません
fog-err-not-enough-water = 範囲内の給水塔から水が{ $need }必要ですが、{ $have }しかありません
fog-err-no-water-needed = 水は必要ありません
fog-err-no-tower-in-range = { $at }に範囲内で水のある給水塔はありません
fog-err-name-exactly = 水は{ $got }個ではなく、ちょうど{ $must }個指定してください
fog-err-bad-water-payment-plain = その水の支払いはできません
fog-err-bad-water-payment = その水の支払いはできません：{ $why }
fog-err-no-towers-left = 給水塔カードが残っていません
fog-err-no-silos-left = 穀物庫カードが残っていません
fog-err-bad-market-food = 市場で売却できる食糧は0、1、2個のいずれかです
fog-err-not-open-area = { $at }に空き地はありません
fog-err-not-offered = 選べる設備タイルに「{ $tile }」はありません
fog-err-not-set-aside = わきに除けた設備に「{ $tile }」はありません
fog-why-no-card-there = そこにはカードがありません
fog-why-open-area-no-equipment = 空き地には設備を置けません
fog-why-at-most-two = 1つの施設に置ける設備は2枚までです
fog-why-not-same-twice = 同じ施設に同じ設備を2枚置くことはできません
fog-why-wrong-host = その施設には置けない設備です
fog-err-bad-equipment-place = { $tile }はそこに置けません：{ $why }
fog-err-no-harvest-ability = { $at }に収穫時能力を持つ施設はありません
fog-err-already-harvested = その収穫時能力はこの収穫フェイズですでに使いました
fog-err-no-repeat = その能力は繰り返せません
fog-err-repeat-once = その能力は1回しか繰り返せません
fog-err-repeat-at-most = その能力は最大{ $n }回まで繰り返せます
fog-err-harvest-done = あなたはすでに収穫を終えています
fog-upkeep-place-water = **収入の水を配置します**（水{ $water }）。空きのある給水塔：{ $towers }。入りきらない水は失われます。
fog-upkeep-water-on = { $at }に水を置く…
fog-upkeep-where-water = 水をどこに置きますか?
fog-upkeep-put-water-on = 水を置く給水塔…
fog-upkeep-place-water-some-on = **収入の水を配置してください**（水{ $water }）。その一部を{ $at }に置きます。
fog-water-from = { $at }から{ $n }
fog-more-choices = *ここに収まらない選択肢がほかに{ $n }個あります。*
fog-upkeep-draw = **カードを引きます：** 3つ以上の山札から計{ $want }枚。他の人に見えるのは枚数の内訳だけです。
fog-upkeep-draw-two = 2人プレイでは、引いた12枚を混ぜて6枚ずつ表向きにします。
fog-upkeep-pile = 山札
fog-upkeep-left = 残り
fog-upkeep-draw-col = 引く
fog-upkeep-change = ある山札の − を押してから、別の山札の + を押します。
fog-upkeep-ready = 準備完了：**{ $split }で引く**。
fog-not-yet = まだできません：{ $why }。
fog-upkeep-draw-button = { $split }で引く
fog-needs-coins = { $need }コイン必要（所持{ $have }）
fog-needs-food = 食糧が{ $need }必要（所持{ $have }）
fog-needs-water = 範囲内の給水塔から水が{ $need }必要
fog-cant-build-now-why = 今は建設できません：{ $why }
fog-cant-build-now = 今は建設できません
fog-buildable-on = 今なら{ $n }区画に建設可能
fog-chosen-mark = { $text } ✓ 選択中
fog-dir-left = 左隣へ
fog-dir-right = 右隣へ
fog-hand-chose = **{ $card }**を選びました。全員が選ぶまで、別のカードを押して変更できます。
fog-hand-next = **次のカード：** 今か後で選択。残りは{ $dir }。
fog-hand-choose = **使うカードを選んでください。** 全員が選ぶまで裏向きです。残りは{ $dir }渡します。
fog-chosen-label = { $card } ✓
fog-choose-a-card = カードを選ぶ
fog-row-take = **表向きのカードを1枚取り**、すぐに使ってください。
fog-row-face-up = **表向きのカード:**
fog-row-face-down = 裏向きのカードが{ $n }枚残っています。
fog-take-card = { $card }を取る
fog-take-a-card = カードを取る
fog-possible = 可能
fog-your-card = **あなたのカード：{ $card }**
    { $text }
fog-use-it = 下のボタンで使います（建設以外は捨てる）。
fog-what-to-do = **このカードでできること**（B〜Eはカードを捨てる）：
fog-a-build-no = A）施設を建設する：不可 · { $why }。
fog-a-build-yes = A）施設を建設する（{ $cost }）：{ $n }区画に建設可能。
fog-b-tower-yes = B）給水塔：{ $cost }コイン、水{ $water }個付き（残り{ $left }）。
fog-b-tower-no = B）給水塔：不可 · { $why }。
fog-c-silo-yes = C）穀物庫：無料、食糧を{ $food }個まで保管（残り{ $left }）。
fog-c-silo-no = C）穀物庫：不可 · { $why }。
fog-d-market = D）市場：2コイン、食糧1個を売るごとに+2（2個まで。所持{ $food }）。
fog-e-restore-yes = E）1コインで空き地を再建する。
fog-e-restore-none = E）再建：空き地がありません。
fog-e-restore-no = E）再建：不可 · { $why }。
fog-button-build = 建設
fog-button-build-n = 建設（{ $n }区画）
fog-button-tower = 給水塔（{ $cost }コイン）
fog-button-silo = 穀物庫（無料）
fog-button-restore-at = { $at }を再建（1コイン）
fog-button-restore = 再建（1コイン）
fog-button-market = 市場：+2コイン
fog-button-sell = 食糧{ $food }を売却：+{ $coins }コイン
fog-selling-food = 食糧{ $food }の売却（選べません）：{ $why }。
fog-source = { $at }（水{ $n }）
fog-variant-repeats = {" "}+{ $n }回繰り返し
fog-variant-with = {" "}{ $tiles }付き
fog-immediate-nothing = 即時：ここでは何も得られません
fog-immediate-gain = 即時：{ $gain }を得る
fog-harvest-needs = 収穫に水{ $need }が必要。建設後、ここから範囲内にある水は{ $have }
fog-build-option = { $at }{ $variant }：{ $paid }
fog-choose-towers-option = { $label }（給水塔を選ぶ）
fog-build-label = 建設 { $label }
fog-more-choices-at = { $at }：ほかの選択肢
fog-build-intro = **{ $card }を建設**する区画を{ $n }か所から選んでください（盤面の小文字）。各選択肢にその場所での費用を示します。
fog-build-not-others = ほかの{ $n }区画（例：{ $at }）には建設できません：{ $why }。
fog-build-second-list = 複数の給水塔で支払える場所は、2つ目のリストから選ぶと給水塔を指定できます。
fog-build-compact = 選択肢が多いため、区画を選ぶとその選択肢（設備、繰り返し、給水塔）が表示されます。
fog-build-on = 建設する区画…
fog-build-on-more = 建設する区画…（給水塔の指定/ほかの選択肢）
fog-card-at-variant = { $at }の{ $card }{ $variant }
fog-pay-build-intro = **{ $label }を建設**：費用は{ $paid }。
fog-sentence = { $text }。
fog-build-default = 建設（既定：{ $water }）
fog-choose-towers-text = 水{ $need }をどの給水塔から支払うか選んでください。範囲内：{ $sources }。既定では水の少ない給水塔から先に使うので、空になりやすくなります（空の給水塔はゲーム終了時に1つにつき1勝利点）。
fog-pay-water = { $water }で支払う
fog-how-to-pay-water = 水の支払い方
fog-variant-plain = （通常）
fog-build-variant = 建設{ $variant }：{ $paid }
fog-choose-towers-variant = 給水塔を選ぶ：建設{ $variant }
fog-other-ways-text = ここでのほかの建設方法（わきに除けた設備、繰り返し）は下のリストにあります。
fog-other-ways = ここでのほかの建設方法
fog-other-ways-towers = ほかの方法で給水塔を選ぶ
fog-tower-screen = **給水塔:** { $card }を捨てて{ $cost }コインを支払います。水{ $water }個付きで建設され、その水は{ $range }区画以内のカードの支払いに使えます。区画を選んでください。
fog-silo-screen = **穀物庫:** { $card }を捨てます。無料で、食糧を{ $food }個まで保管できます。区画を選んでください。
fog-special-with-equipment = { $at }の{ $card }：設備付き…
fog-choose-space = 区画を選ぶ
fog-choose-space-equipment = 区画を選ぶ（設備付き）
fog-special-space = **{ $at }の{ $card }:** わきに除けた設備を置くか置かないか選んでください。
fog-choose = 選ぶ
fog-restore-label = { $at }を再建
fog-restore-screen = **再建:** { $card }を捨てて1コインを支払うと、空き地が再び表向きになります（失った設備は戻りません）。
fog-choose-open-area = 空き地を選ぶ
fog-offer-intro = **設備：{ $n }枚のタイルから1枚を選んでください。** 残りは山の一番下に戻します。合う施設に今置くか、わきに除けておきます（終了時に1勝利点、または合う施設を建設したときに置けます）。
fog-no-matching-location = 今は置ける施設がありません
fog-fits = 置ける施設：{ $hosts }
fog-keep-tile = { $tile }を選ぶ
fog-keep-a-tile = タイルを選ぶ
fog-keep-screen = **{ $tile }を選ぶ**
    { $text }
fog-keep-no-host = 今は置ける施設がありません：わきに除けてください（終了時に1勝利点、または合う施設を建設したときに置けます）。
fog-keep-choose-host = 置く場所を選ぶか、わきに除けてください（終了時に1勝利点、または合う施設を建設したときに置けます）。
fog-place-on = { $at }に置く
fog-place-it-on = 置く場所…
fog-button-set-aside = わきに除ける
fog-again = {" "}（再度）
fog-harvest-label = { $cell }{ $again }{ $variant }：{ $paid } -> { $gain }
fog-harvest-intro = **収穫フェイズ。** 使いたい収穫時能力の費用を好きな順に支払います。得たものは次の支払いに使えます。支払わなかった施設は空き地になります。
fog-harvest-you-have = 所持：{ $coins }コイン · 食糧{ $food }/{ $capacity } · 給水塔の水：{ $towers }。
fog-harvest-paid = 支払い済み：{ $list }。
fog-harvest-can-choose = { $label }（給水塔を選べます）
fog-choose-towers-at = 給水塔を選ぶ：{ $at }
fog-harvest-you-can-pay = **支払えるもの:**
fog-cell-why = { $cell }（{ $why }）
fog-harvest-cant-pay = **今は支払えないもの:** { $list }。
fog-harvest-loses-nothing = 今終えても何も失いません。
fog-harvest-would-open = **今終えると、次の施設が空き地になります:** { $list }。
fog-pay-harvest-ability = 収穫時能力の費用を支払う
fog-choose-towers-for = 給水塔を選ぶ…
fog-button-auto-harvest = 自動収穫
fog-done-nothing-lost = 終了 · 失うものなし
fog-done-open-areas = 終了 · { $n }か所が空き地に
fog-default = 既定：{ $water }
fog-auto-aim-interim = できるだけ多くの収穫時能力を持つ施設を表向きのまま残し、そのうえで最終得点に最も役立つもの（勝利点、コイン、食糧、残りの水、残した施設の得点）を得る
fog-auto-aim-final = できるだけ多くの収穫時能力を持つ施設を表向きのまま残し、そのうえで最終得点が最も高くなるようにする（同じならコインが最も多く残るように）
fog-auto-head = **自動収穫。** 収穫プランナーは、{ $aim }計画を立てます。
fog-auto-unusual = *この農場は特殊なため、探索の上限内で見つかった最善の計画です。*
fog-n-water-from = 水{ $n }（{ $towers }）
fog-auto-step = { $k }. { $cell }{ $again }{ $variant }：{ $cost }を支払う -> { $gain }
fog-auto-step-finish = { $k }. 収穫を終える。
fog-auto-more = … ほか{ $n }手順（確定するとすべて実行されます）。
fog-auto-then-ends = その後、収穫は自動的に終わります（ほかに支払うものはありません）。
fog-auto-after = **計画の実行後:** { $resources }。
fog-auto-after-towers = **計画の実行後:** { $resources }（給水塔：{ $towers }）。
fog-auto-stops = **設備を得たところで計画は止まります:** タイルを選んでから、もう一度「自動収穫」を押して残りを計画してください。空き地はそのときに決まります。
fog-auto-open-none = **空き地になる施設:** なし。
fog-auto-loses = { $what }（{ $tiles }を失う）
fog-auto-open = **空き地になる施設:** { $list }。
fog-auto-now = **現在:** { $resources }。
fog-auto-the-plan = **計画:**
fog-button-confirm-plan = 計画を確定
fog-button-adjust = 手動で調整
fog-rules-overview-title = 緑の地 · 概要
fog-rules-overview = **4年**かけて、施設カードで農場を作り上げます。各年は3つのフェイズからなります:
    {""}**1. 維持フェイズ** · 収入（2年目から）を得て、全員がカードを6枚引きます。
    {""}**2. 行動フェイズ** · 6ターン：カードを1枚選んで残りを渡し、全員同時に公開して、建設するか別の方法で使います。
    {""}**3. 収穫フェイズ** · 収穫時能力の費用を支払います。支払わなかった施設は空き地になります。
    
    {""}**農場の仕組み:** 田畑は水を食糧に、家畜は食糧をコインに変え、コインでゲーム終了時に得点になる建物を建設します。水は給水塔（範囲2）から、食糧は穀物庫（各4個まで）に保管します。
    {""}**開始時:** 15コイン、水3個の給水塔1枚、食糧1個の穀物庫1枚を並べて置きます。
    {""}**農場:** 新しいカードは、農場にあるカードに垂直または水平に隣接する空いた区画に置きます（斜めは不可）。農場の大きさに決まりはありません。
    {""}**距離**はカードを通ってのみ数え、1区画につき1です。
    
    4回目の収穫の後、勝利点が最も高いプレイヤーの勝利です。トピック：upkeep（維持）、actions（行動）、harvest（収穫）、equipment（設備）、scoring（得点）、two-player（2人プレイ）、bot（ボット）。
fog-rules-upkeep-title = 維持フェイズ
fog-rules-upkeep = **収入**（2〜4年目）：3コイン、水2個、食糧1個。水は空きのある給水塔（設備で変わらない限り各3個まで）に置き、どの給水塔に置くかは自分で選びます。食糧は穀物庫（各4個まで）に置きます。入りきらない分は失われます。
    
    {""}**カードを引く:** スタートプレイヤーから時計回りに、各プレイヤーは各山札から何枚引くかを宣言します：**合計6枚、少なくとも3つの山札から**、一度に引きます。全員に見えるのは各山札から引いた枚数だけで、カードは見えません。山札の残り枚数より多くは引けません。カードのある山札が3つ未満なら、残っているすべての山札から引きます。残りが6枚未満なら、残っている分を引きます。
    
    {""}**入門モード**では引く枚数が決まっています（田畑/家畜/構造物/建物）：1年目 3/2/1/0、2年目 2/2/1/1、3年目 1/2/1/2、4年目 0/2/1/3。
    
    {""}**カードを渡す方向:** 1年目と3年目は左隣へ（時計回り）、2年目と4年目は右隣へ。
fog-rules-actions-title = 行動フェイズ
fog-rules-actions = 6ターン（6人プレイでは5ターン）。各ターン、全員が**カードを1枚選んで**裏向きに置き、残りの手札を渡します。全員が選び終えたら、カードを**同時に公開**し、渡された手札を受け取ります。公開までは選択を変更できます。
    
    その後、公開したカードを次のいずれか1つの方法で使います:
    {""}**A）施設を建設する:** 費用（コイン、その区画から2区画以内の給水塔の水、いずれかの穀物庫の食糧）を支払い、農場に隣接して置きます。即時能力はすぐに適用されます。
    {""}**B）給水塔を建設する:** カードを捨てて2コインを支払い、水3個の給水塔を建設します。
    {""}**C）穀物庫を建設する:** カードを捨て、空の穀物庫を無料で建設します。
    {""}**D）市場に行く:** カードを捨てて2コインを得ます。さらに食糧を2個まで売却でき、1個につき2コインを得ます。
    {""}**E）施設を再建する:** カードを捨てて1コインを支払い、空き地を1枚表向きにします。
    
    支払えない選択肢や置き場所のない選択肢は選べません（ボットは理由とともに灰色で表示します）。給水塔と穀物庫のカードには限りがあります（20枚と14枚）。捨て札は公開情報です。プレイヤーは各自で行動し、限りのあるサプライを取り合う場合は先に送った行動が優先されます。
fog-rules-harvest-title = 収穫フェイズ
fog-rules-harvest = 各プレイヤーは自分で収穫を行います。**収穫時能力**を持つ表向きの施設は、収穫の費用を支払うことで**1回**（設備に書かれている場合のみそれ以上）使えます。順番は自由で、得たものを次の支払いに使えます。
    
    水はその施設から**範囲内**の給水塔から支払わなければなりません。穀物庫に入りきらない食糧は失われるので、食糧を使ってから新しい食糧を作りましょう。
    
    選んで、または支払えずに費用を支払わなかった収穫時能力の施設は**裏向きになり、空き地**になります。空き地には種類、能力、勝利点、設備がありません（設備は捨てられます）が、隣接や距離ではカードとして数えます。空き地の上には何も建設できません。アクションEで再建できます。
    
    全員が終えたら、スタートプレイヤータイルを左隣に渡します。
fog-rules-equipment-title = 設備
fog-rules-equipment = 設備を得たら、**タイルを3枚引いて1枚を選び**、残りの2枚を山の一番下に戻します。
    
    選んだタイルは、配置条件（「収穫時能力を持つ田畑」ならそのとおりの施設）に今合う自分の表向きの施設に置くか、**わきに除けて**おきます。わきに除けたタイルは、合う施設を**建設するとき**にだけ置けます（後からは置けません）。ゲーム終了時にわきに除けたままのタイルは1枚につき1勝利点です。
    
    1つの施設に置ける設備は**2枚**までで、同じ設備を2枚置くことはできません。タイミングの書かれていないタイルは置いたときに1回だけ適用されます。継続の設備は施設が表向きの間ずっと働きます。空き地になった施設の設備は失われ、戻りません。
fog-rules-scoring-title = 得点とゲームの終了
fog-rules-scoring = 4回目の収穫の後にゲームは終わります。得点（ルールブックの得点表）:
    - **カード等:** 表向きの施設に書かれた勝利点と勝利点トークン
    - **設備:** 設備のゲーム終了時能力と、わきに除けたタイル1枚につき1勝利点
    - **お金:** 3コインにつき1勝利点（端数切り捨て）
    - **食糧:** 食糧2個につき1勝利点（端数切り捨て）
    - **給水塔:** 空の給水塔1つにつき1勝利点
    - **終了時:** 各施設のゲーム終了時能力
    
    {""}**同点:** 施設（表向きの施設、給水塔、穀物庫。空き地は含まない）が最も多いプレイヤー、次にコインが最も多いプレイヤーの勝ち。それでも同点なら勝利を分け合います。
    
    テーブルのメッセージには、各プレイヤーの*今ゲームが終わった場合の*得点が表示されます。
fog-rules-two-player-title = 2人プレイ
fog-rules-two-player = 2人とも通常どおり6枚ずつ引きますが、**中身は見ません**。12枚を混ぜて裏向きの山にし、**6枚を表向き**にします。
    
    スタートプレイヤーが表向きのカードを1枚取ってすぐに使い（建設、またはアクションB〜E）、次にもう1人が同じようにします。2人とも行動したら、さらに**2枚**を表向きにします。12枚すべてが取られる（1人6枚）まで繰り返します。手札は渡しません。
    
    ヒント：どの山札から引くかで2人が取れるカードが決まるので、引き方が作戦になります。
fog-rules-bot-title = ボットで遊ぶ
fog-rules-bot = テーブルのメッセージから参加し、ホストが開始します。
    テーブルのメッセージの**手札**ボタンで、自分専用のパネル（自分にだけ見えます）が開きます：農場、カード、今できることがすべて表示されます。選べない選択肢は灰色になり、理由が書かれています。パネルはいつでも開き直せます。古いパネルでの操作は受け付けられません。
    テーブルのメッセージはゲームの進行に合わせて更新され、年、フェイズ、各農場の資源、得点、誰を待っているかを表示します。
    {""}**農場**ボタンで全員の農場が見られます。座標は表計算ソフトと同じです（列は左からA、B、C、行は上から1、2、3。農場が上や左に広がると変わります）。
    ゲームは非同期で進みます：ゲームを止めているプレイヤーには、テーブルで決めた時間の後にリマインダーが届きます。
fog-rules-topics = トピック：{ $topics }
fog-rules-unknown = { $topic }というトピックはありません。概要を表示します。
fog-in-supply = サプライに{ $n }枚。
fog-copies-in-pile = { $pile }の山札に{ $n }枚。
fog-equipment-copies = 設備タイル · { $n }枚。
fog-card-pile-kind = { $pile }（{ $kind }）
fog-card-head = { $name } - { $kind } - { $cost } - { $vp }勝利点
fog-card-end = { $text }。
fog-card-line-head = { $vp }勝利点 · { $cost }
fog-card-line-on = 置き場所：{ $host }
fog-equipment-line = { $name } - 置き場所：{ $host } - { $ability }
fog-host-any = 任意の施設
fog-host-with = { $timing }能力を持つ{ $host }
fog-timing-when-placed = 配置時
fog-effect-sep = 。
fog-ability-pay = { $label }：{ $cost }を支払うと、{ $body }。
fog-ability = { $label }：{ $body }。
fog-cost = 費用 { $cost }
fog-timing-immediate = 即時
fog-timing-harvest = 収穫時
fog-timing-game-end = ゲーム終了時
fog-timing-ongoing = 継続
fog-noun-card-one = カード
fog-noun-card-many = カード
fog-noun-location-one = 施設
fog-noun-location-many = 施設
fog-noun-open-area-one = 空き地
fog-noun-open-area-many = 空き地
fog-noun-water-tower-one = 給水塔
fog-noun-water-tower-many = 給水塔
fog-noun-empty-water-tower-one = 空の給水塔
fog-noun-empty-water-tower-many = 空の給水塔
fog-noun-silo-one = 穀物庫
fog-noun-silo-many = 穀物庫
fog-noun-harvest-one = 収穫時能力を持つ施設
fog-noun-harvest-many = 収穫時能力を持つ施設
fog-noun-game-end-one = ゲーム終了時能力を持つ施設
fog-noun-game-end-many = ゲーム終了時能力を持つ施設
fog-noun-field-one = 田畑
fog-noun-field-many = 田畑
fog-noun-livestock-one = 家畜
fog-noun-livestock-many = 家畜
fog-noun-construction-one = 構造物
fog-noun-construction-many = 構造物
fog-noun-building-one = 建物
fog-noun-building-many = 建物
fog-noun-kind = { $kind }の{ $pile }
fog-scope-adjacent = 隣接する{ $noun }
fog-scope-within = { $n }区画以内の{ $noun }
fog-scope-farm = 農場の{ $noun }
fog-scope-this = この{ $noun }
fog-other = 他の{ $noun }
fog-per-cards = { $cards }{ $every }枚
fog-per-food = 穀物庫の食糧{ $every }個
fog-per-coins = 所持コイン{ $every }枚
fog-amount-less = { $base }、{ $what }につき{ $per }減る
fog-amount-per = { $what }につき{ $amount }
fog-amount-plus = { $base }、さらに{ $what }につき{ $amount }
fog-at-most = { $text }（最大{ $max }）
fog-range-none = { $what }が0
fog-range-at-least = { $what }が{ $lo }以上
fog-range-at-most = { $what }が{ $hi }以下
fog-range-exactly = { $what }がちょうど{ $lo }
fog-range-between = { $what }が{ $lo }〜{ $hi }
fog-unit-food = 食糧
fog-unit-coins = コイン
fog-cond-food = 穀物庫の{ $range }
fog-cond-coins = 所持{ $range }
fog-cond-no-card = { $cards }がない
fog-cond-a-card = { $cards }がある
fog-cond-one-card = { $cards }がちょうど1つある
fog-cond-cards = { $range }ある
fog-also = さらに{ $body }
fog-if = { $cond }場合、{ $body }
fog-score = { $what }を得点する
fog-gain = { $what }を得る
fog-refill-this = この給水塔
fog-refill-adjacent = 隣接する各給水塔
fog-refill-within = { $n }区画以内の各給水塔
fog-refill-farm = あなたの各給水塔
fog-refill = { $towers }に水を{ $n }個加える
fog-gain-equipment = 設備を{ $n }つ得る
fog-deal = { $cost }を支払って{ $gain }を得る
fog-may = { $deal }ことができる
fog-up-to-times = 最大{ $n }回：{ $deal }
fog-subj-this = この{ $noun }
fog-subj-adjacent = 隣接する{ $noun }
fog-subj-within = { $n }区画以内の{ $noun }
fog-subj-farm = あなたの{ $noun }
fog-mod-tower-range-one = { $subject }の範囲+{ $bonus }
fog-mod-tower-range-many = { $subject }の範囲+{ $bonus }
fog-mod-tower-capacity-one = { $subject }は水を{ $bonus }個多く保管できる
fog-mod-tower-capacity-many = { $subject }は水を{ $bonus }個多く保管できる
fog-mod-silo-capacity-one = { $subject }は食糧を{ $bonus }個多く保管できる
fog-mod-silo-capacity-many = { $subject }は食糧を{ $bonus }個多く保管できる
fog-mod-extra-harvest = この{ $this }の収穫の費用を支払って、能力をもう一度適用できる（最大{ $times }回）
fog-mod-harvest-bonus-this = この{ $this }が収穫の費用を支払うたびに、さらに{ $gain }を得る
fog-mod-harvest-bonus = { $who }が収穫の費用を支払うたびに、{ $gain }を得る
fog-place-adjacent = この{ $this }に隣接して
fog-place-within = この{ $this }から{ $n }区画以内に
fog-mod-discount = { $place }建設する{ $what }の費用は{ $coins }コイン安くなる
fog-mod-game-end-again = ゲーム終了時に{ $coins }コインを支払って、この{ $this }のゲーム終了時能力でもう一度得点できる
fog-topic-overview = overview（概要）
fog-topic-upkeep = upkeep（維持フェイズ）
fog-topic-actions = actions（行動フェイズ）
fog-topic-harvest = harvest（収穫フェイズ）
fog-topic-equipment = equipment（設備）
fog-topic-scoring = scoring（得点）
fog-topic-two-player = two-player（2人プレイ）
fog-topic-bot = bot（ボット）

## コーチが行動を言う言葉 (issue 30)。
fog-coach-water = 収入の水を{ $at }に置く
fog-coach-draw = { $cards }を引く
fog-coach-pick = { $card }を取る
fog-coach-build = { $card }を{ $at }に建てる
fog-coach-water-tower = { $at }に給水塔を建てる
fog-coach-silo = { $at }に穀物庫を建てる
fog-coach-market = { $food ->
    [0] 市場へ行く
   *[other] 市場へ行き食糧を{ $food }個売る
}
fog-coach-restore = { $at }を復旧する
fog-coach-equipment = { $tile }を取る
fog-coach-equipment-at = { $tile }を{ $at }に置く
fog-coach-harvest = { $at }を収穫する
fog-coach-end-harvest = 収穫を終える
## 振り返りでの選択の呼び名（issue 43）：テーブルのメッセージと同じ呼び方。
fog-moment-upkeep = { $year }年目 · 維持フェイズ
fog-moment-turn = { $year }年目 · { $turn }ターン目
fog-moment-card = { $year }年目 · { $card }枚目
fog-moment-harvest = { $year }年目 · 収穫フェイズ
