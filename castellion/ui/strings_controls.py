"""Strings of issue 12 §5 (controls and text): the honest early-encounter question, keyboard
hints, text fields, saves, the last game's end told at the next start.

Three tables with the same keys — `EN`, `ES`, `JA` — to be moved into the translation catalogs;
`EN` is registered at import so the screens can use the keys now. Whole sentences with named
placeholders, never pieces glued together. Terms: docs/rules.md and /work/shared/reference/
(Spanish: Defensor, Traidor, Ordalía, cimientos; Japanese: 防衛タイル, 裏切り者タイル, 試練, 土台).
"""

from __future__ import annotations

from castellion.ui.text import register

EN: dict[str, str] = {
    # --- facing the Ordeal early (R-O3), whatever the card's side ---------------------------------
    "controls.encounter_hidden_lost": "It is still face down, but whichever card it is, the game would be lost "
                                      "now: your foundation would not be complete afterwards.",
    "controls.encounter_hidden_pass": "It is still face down, but your castle would pass any card it may be.",
    "controls.encounter_hidden_risk": "It is still face down: of the {n} cards it may be, {lose} would lose the "
                                      "game now. You see which one only as you face it.",
    "controls.encounter_hidden_depends": "It is still face down: you see which card it is only as you face it; "
                                         "how it ends may depend on the tiles you would have to destroy.",
    # --- text fields ------------------------------------------------------------------------------
    "controls.field_cut": "At most {n} characters: the rest was cut.",
    # --- the last game's end, told at the next start (the window was closed before its end screen) -
    "controls.last_game_lost": "Your last game ({level}, turn {turn}) was lost: {reason}",
    "controls.last_game_won": "Your last game ({level}, turn {turn}) was won: {reason}",
    # --- the banner while playing by keyboard (twins of board.do.*: keys, not the mouse) -----------
    "controls.kbd.get": "Get a tile: press D (regular pile) or S (safe pile) \u2014 or Enter on a pile.",
    "controls.kbd.get_early": "Get a tile: D (regular pile) or S (safe pile) \u2014 or E to face the Ordeal early.",
    "controls.kbd.get_revealed": "Take a revealed tile: arrows to it, then Enter \u2014 they must all be used first.",
    "controls.kbd.get_pantry": "Get a tile (D or S), or Enter on a Pantry tile, then Enter on a lit cell.",
    "controls.kbd.use": "Place the {tile}: arrows to a lit cell, then Enter \u2014 or X to discard it.",
    "controls.kbd.use_traitor": "A Traitor! Press T to put it beside the current Ordeal.",
    "controls.kbd.use_traitor_discard.zero": "A Traitor! T puts it beside the current Ordeal; X discards it for free.",
    "controls.kbd.use_traitor_discard.one": "A Traitor! T puts it beside the current Ordeal; X discards it for {n} "
                                            "tile.",
    "controls.kbd.use_traitor_discard.other": "A Traitor! T puts it beside the current Ordeal; X discards it for "
                                              "{n} tiles.",
    "controls.kbd.use_traitor_guardian": "A Traitor! T for the current Ordeal, or Enter on a lit tile: the Guardian "
                                         "pawn takes it for free.",
    "controls.kbd.use_passed": "{name} passed you the {tile}: place it (arrows to a lit cell, then Enter).",
    "controls.kbd.use_passed_discard": "{name} passed you the {tile}: Enter on a lit cell to place it, or X to "
                                       "discard it.",
    "controls.kbd.use_short": "Place the {tile} (Enter on a lit cell) or discard it (X) \u2014 or {more}.",
    "controls.kbd.or_pass": "Enter on {name}'s castle to pass it",
    "controls.kbd.juggler": "Juggler: Enter on a lit Defender, then Enter on a touching one to swap them.",
    "controls.kbd.juggler_second": "Juggler: now Enter on a lit neighbour to swap with \u2014 Esc to choose again.",
    "controls.kbd.seer": "Seer: D or S reveals from that pile \u2014 reveal {n} more.",
    "controls.kbd.chameleon": "Chameleon: choose a {shape} from the discard pile (Enter on the pile).",
    "controls.kbd.pyro_destroy": "Pyro: arrows to a lit tile, then Enter to destroy it.",
    "controls.kbd.pyro_move": "Pyro: Enter on an uncovered tile, then Enter on a lit cell (the shape rule is "
                              "ignored).",
    "controls.kbd.pyro_move_second": "Pyro: now Enter where the tile goes \u2014 Esc to choose another tile.",
    "controls.kbd.destroy": "Destroy {n} more \u2014 {reason}: Enter on a lit tile.",
    "controls.kbd.destroy_pass": "To pass the tile, press Enter on one of your lit tiles to destroy it.",
    "controls.kbd.tower_reveal": "Tower power: Enter on a face-down Ordeal to turn it up.",
    "controls.kbd.prophet": "The Prophet: Enter on the Ordeal the pawn stands beside \u2014 it counts as one Traitor "
                            "there.",
    "controls.kbd.intruder": "The Intruder: Enter on a lit tile to put the pawn on it (that tile must never be "
                             "destroyed).",
}

ES: dict[str, str] = {
    "controls.encounter_hidden_lost": "Sigue boca abajo, pero sea cual sea la carta, perderías la partida ahora: "
                                      "tus cimientos no estarían completos después.",
    "controls.encounter_hidden_pass": "Sigue boca abajo, pero tu castillo superaría cualquier carta que pueda ser.",
    "controls.encounter_hidden_risk": "Sigue boca abajo: de las {n} cartas que puede ser, {lose} te harían perder "
                                      "la partida ahora. Solo sabrás cuál es al enfrentarte a ella.",
    "controls.encounter_hidden_depends": "Sigue boca abajo: solo sabrás qué carta es al enfrentarte a ella; el "
                                         "resultado puede depender de las fichas que tengas que destruir.",
    "controls.field_cut": "Como máximo {n} caracteres: el resto se ha cortado.",
    "controls.last_game_lost": "Tu última partida ({level}, turno {turn}) terminó en derrota: {reason}",
    "controls.last_game_won": "Tu última partida ({level}, turno {turn}) terminó en victoria: {reason}",
    "controls.kbd.get": "Coge una ficha: pulsa D (pila normal) o S (pila segura) \u2014 o Intro sobre una pila.",
    "controls.kbd.get_early": "Coge una ficha: D (pila normal) o S (pila segura) \u2014 o E para enfrentarte ya a "
                              "la Ordalía.",
    "controls.kbd.get_revealed": "Coge una ficha revelada: flechas hasta ella y luego Intro \u2014 antes hay que "
                                 "usarlas todas.",
    "controls.kbd.get_pantry": "Coge una ficha (D o S), o Intro sobre una ficha de la Despensa y luego Intro sobre "
                               "una casilla iluminada.",
    "controls.kbd.use": "Coloca la ficha {tile}: flechas hasta una casilla iluminada y luego Intro \u2014 o X para "
                        "descartarla.",
    "controls.kbd.use_traitor": "¡Un Traidor! Pulsa T para ponerlo junto a la Ordalía actual.",
    "controls.kbd.use_traitor_discard.zero": "¡Un Traidor! T lo pone junto a la Ordalía actual; X lo descarta "
                                             "gratis.",
    "controls.kbd.use_traitor_discard.one": "¡Un Traidor! T lo pone junto a la Ordalía actual; X lo descarta a "
                                            "cambio de {n} ficha.",
    "controls.kbd.use_traitor_discard.other": "¡Un Traidor! T lo pone junto a la Ordalía actual; X lo descarta a "
                                              "cambio de {n} fichas.",
    "controls.kbd.use_traitor_guardian": "¡Un Traidor! T para la Ordalía actual, o Intro sobre una ficha "
                                         "iluminada: el peón Guardián se lo queda gratis.",
    "controls.kbd.use_passed": "{name} te ha pasado la ficha {tile}: colócala (flechas hasta una casilla "
                               "iluminada y luego Intro).",
    "controls.kbd.use_passed_discard": "{name} te ha pasado la ficha {tile}: Intro sobre una casilla iluminada "
                                       "para colocarla, o X para descartarla.",
    "controls.kbd.use_short": "Coloca la ficha {tile} (Intro sobre una casilla iluminada) o descártala (X) \u2014 "
                              "o {more}.",
    "controls.kbd.or_pass": "Intro sobre el castillo de {name} para pasársela",
    "controls.kbd.juggler": "Malabarista: Intro sobre un Defensor iluminado y luego Intro sobre uno contiguo para "
                            "intercambiarlos.",
    "controls.kbd.juggler_second": "Malabarista: ahora Intro sobre un vecino iluminado para intercambiarlos "
                                   "\u2014 Esc para elegir de nuevo.",
    "controls.kbd.seer": "Vidente: D o S revela de esa pila \u2014 quedan {n} por revelar.",
    "controls.kbd.chameleon": "Camaleón: elige un {shape} de la pila de descartes (Intro sobre la pila).",
    "controls.kbd.pyro_destroy": "Pirómano: flechas hasta una ficha iluminada y luego Intro para destruirla.",
    "controls.kbd.pyro_move": "Pirómano: Intro sobre una ficha descubierta y luego Intro sobre una casilla "
                              "iluminada (se ignora la regla de las formas).",
    "controls.kbd.pyro_move_second": "Pirómano: ahora Intro donde va la ficha \u2014 Esc para elegir otra ficha.",
    "controls.kbd.destroy": "Destruye {n} más \u2014 {reason}: Intro sobre una ficha iluminada.",
    "controls.kbd.destroy_pass": "Para pasar la ficha, pulsa Intro sobre una de tus fichas iluminadas para "
                                 "destruirla.",
    "controls.kbd.tower_reveal": "Poder de la torre: Intro sobre una Ordalía boca abajo para darle la vuelta.",
    "controls.kbd.prophet": "El Profeta: Intro sobre la Ordalía junto a la que está el peón \u2014 cuenta allí como "
                            "un Traidor.",
    "controls.kbd.intruder": "El Intruso: Intro sobre una ficha iluminada para poner el peón en ella (esa ficha "
                             "nunca debe ser destruida).",
}

JA: dict[str, str] = {
    "controls.encounter_hidden_lost": "この試練はまだ裏向きですが、どのカードであっても今遭遇すればゲームに負けます。"
                                      "遭遇の後、土台が完成していないためです。",
    "controls.encounter_hidden_pass": "この試練はまだ裏向きですが、どのカードであってもあなたの城は乗り越えられます。",
    "controls.encounter_hidden_risk": "この試練はまだ裏向きです。ありうる{n}枚のカードのうち{lose}枚では、"
                                      "今遭遇するとゲームに負けます。どのカードかは遭遇して初めてわかります。",
    "controls.encounter_hidden_depends": "この試練はまだ裏向きです。どのカードかは遭遇して初めてわかります。"
                                         "結果は破壊するタイルの選び方で変わるかもしれません。",
    "controls.field_cut": "{n}文字までです。残りは切り捨てられました。",
    "controls.last_game_lost": "前回のゲーム（{level}、{turn}ターン目）は負けでした：{reason}",
    "controls.last_game_won": "前回のゲーム（{level}、{turn}ターン目）は勝ちでした：{reason}",
    "controls.kbd.get": "タイルを取る：D（通常の山）かS（安全な山）を押す \u2014 または山の上でEnter。",
    "controls.kbd.get_early": "タイルを取る：D（通常の山）かS（安全な山） \u2014 またはEで今すぐ試練に遭遇する。",
    "controls.kbd.get_revealed": "公開されたタイルを取る：矢印キーで選んでEnter \u2014 "
                                 "先にすべて使う必要があります。",
    "controls.kbd.get_pantry": "タイルを取る（DかS）、"
                               "またはパントリーのタイルでEnterを押し、光っているマスでEnter。",
    "controls.kbd.use": "{tile}を置く：矢印キーで光っているマスへ移動してEnter \u2014 Xで捨てる。",
    "controls.kbd.use_traitor": "裏切り者タイル！Tを押して現在の試練の横に置く。",
    "controls.kbd.use_traitor_discard.zero": "裏切り者タイル！Tで現在の試練の横に置く。Xで無料で捨てる。",
    "controls.kbd.use_traitor_discard.one": "裏切り者タイル！Tで現在の試練の横に置く。"
                                            "Xでタイル{n}枚と引き換えに捨てる。",
    "controls.kbd.use_traitor_discard.other": "裏切り者タイル！Tで現在の試練の横に置く。Xでタイル{n}枚と引き換えに"
                                              "捨てる。",
    "controls.kbd.use_traitor_guardian": "裏切り者タイル！Tで現在の試練へ、"
                                         "または光っているタイルでEnter：ガーディアンのコマが無料で引き受けます。",
    "controls.kbd.use_passed": "{name}から{tile}を渡されました："
                               "置いてください（矢印キーで光っているマスへ移動してEnter）。",
    "controls.kbd.use_passed_discard": "{name}から{tile}を渡されました："
                                       "光っているマスでEnterで置く、またはXで捨てる。",
    "controls.kbd.use_short": "{tile}を置く（光っているマスでEnter）か捨てる（X） \u2014 "
                              "または{more}。",
    "controls.kbd.or_pass": "{name}の城でEnterを押して渡す",
    "controls.kbd.juggler": "ジャグラー：光っている防衛タイルでEnter、"
                            "隣接するタイルでもう一度Enterを押して入れ替える。",
    "controls.kbd.juggler_second": "ジャグラー：入れ替える光っている隣のタイルでEnter \u2014 Escで選び直す。",
    "controls.kbd.seer": "予言者：DかSでその山から公開する \u2014 あと{n}枚。",
    "controls.kbd.chameleon": "カメレオン：捨て札の山から{shape}を選ぶ（山の上でEnter）。",
    "controls.kbd.pyro_destroy": "放火魔：矢印キーで光っているタイルへ移動し、Enterで破壊する。",
    "controls.kbd.pyro_move": "放火魔：上に何もないタイルでEnter、"
                              "光っているマスでEnter（形のルールは無視されます）。",
    "controls.kbd.pyro_move_second": "放火魔：タイルを置く場所でEnter \u2014 Escで別のタイルを選ぶ。",
    "controls.kbd.destroy": "あと{n}枚破壊 \u2014 {reason}：光っているタイルでEnter。",
    "controls.kbd.destroy_pass": "タイルを渡すには、自分の光っているタイルでEnterを押して破壊します。",
    "controls.kbd.tower_reveal": "タワーの力：裏向きの試練でEnterを押して表にする。",
    "controls.kbd.prophet": "預言者：コマが横に立つ試練でEnter \u2014 そこで裏切り者タイル1枚として数えます。",
    "controls.kbd.intruder": "侵入者：光っているタイルでEnterを押してコマを置く"
                             "（そのタイルは決して破壊されてはなりません）。",
}

register(EN)
