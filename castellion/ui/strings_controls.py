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
}

register(EN)
