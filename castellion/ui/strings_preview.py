"""Text of issue 12 §3–§4: the drop preview, the formation moment, the reveal's suspense and the
players' victory and losing lines (without rule ids; the ids stay in the Rules screen and the log).

Three tables with the same keys — `EN`, `ES`, `JA` — whole sentences with named placeholders
(never pieced together). `EN` is registered at import so the feature works now; the lead moves the
three into the gettext catalogs. Terms follow /work/shared/reference (Spanish: Ordalía, torre,
baluarte, línea, cimientos, la Amenaza; Japanese: 試練, タワー, 砦, ライン, 土台).
"""

from __future__ import annotations

from castellion.ui.text import register

S5_3, S8_5, S10 = "R-\u00a75.3", "R-\u00a78.5", "R-\u00a710"

EN: dict[str, str] = {
    # while dragging over a lit cell: what the drop would do (castellion/rules/preview.py)
    "preview.completes.tower": "completes a Tower ({faction})",
    "preview.completes.bastion": "completes a Bastion ({faction})",
    "preview.completes.line": "completes a Line ({faction})",
    "preview.cancels_more.tower": "cancels your Tower \u2014 {n} in a group",
    "preview.cancels_more.bastion": "cancels your Bastion \u2014 {n} in a group",
    "preview.cancels_more.line": "cancels your Line \u2014 {n} in a group",
    "preview.cancels_fewer.tower": "breaks your Tower \u2014 {n} left together",
    "preview.cancels_fewer.bastion": "breaks your Bastion \u2014 {n} left together",
    "preview.cancels_fewer.line": "breaks your Line \u2014 {n} left together",
    "preview.cancels_shape.tower": "cancels your Tower \u2014 its four tiles lose the shape",
    "preview.cancels_shape.bastion": "cancels your Bastion \u2014 its four tiles lose the shape",
    "preview.cancels_shape.line": "cancels your Line \u2014 its four tiles lose the shape",
    "preview.progress.tower": "Tower {n}/4",
    "preview.progress.bastion": "Bastion {n}/4",
    "preview.progress.line": "Line {n}/4",
    "preview.faction.S": "Seers",
    "preview.faction.C": "Chameleons",
    "preview.faction.J": "Jugglers",
    "preview.faction.P": "Pyros",
    "preview.slides": "the castle slides to make room",
    "preview.join": " \u2022 ",
    "preview.encounter.traitors": "the Ordeal is faced at once",
    "preview.encounter.complete castle": "completes the castle: the Ordeal is faced at once",
    "preview.encounter.tiles ran out": "the last tile: the Ordeals are faced at once",
    # the moment a formation is completed or cancelled (after the action)
    "moment.completed.tower": "Tower complete!",
    "moment.completed.bastion": "Bastion complete!",
    "moment.completed.line": "Line complete!",
    "moment.cancelled.tower": "Tower cancelled",
    "moment.cancelled.bastion": "Bastion cancelled",
    "moment.cancelled.line": "Line cancelled",
    # the reveal: the banner keeps the result for the reveal; the lines it ticks
    "suspense.banner": "The Ordeal is being faced\u2026",
    "suspense.pantry": "Pantry tiles  {have}/{need}",
    "suspense.pantry_named": "{name}'s Pantry tiles  {have}/{need}",
    "suspense.stands": "The foundation still stands: the Ordeal is passed.",
    # the players' victory and losing lines (end screen, banner, reveal): no rule ids
    "outcome.won": "All three Ordeals are passed \u2014 the castle stands",
    f"outcome.loss.{S5_3}": "{ordeal} needed {need}; the castle had {have}",
    f"outcome.loss_player.{S5_3}": "{ordeal} needed {need}; {name}'s castle had {have}",
    "outcome.loss.R-O5": "The foundation was incomplete after {ordeal}",
    "outcome.loss_player.R-O5": "{name}'s foundation was incomplete after {ordeal}",
    f"outcome.loss.{S8_5}": "The tile under the Menace pawn was destroyed",
    f"outcome.loss_player.{S8_5}": "The tile under the Menace pawn was destroyed in {name}'s castle",
    f"outcome.loss.{S10}": "The castle had to hold exactly {need} Pantry tiles after {ordeal} (it held {have})",
    f"outcome.loss_player.{S10}": ("{name}'s castle had to hold exactly {need} Pantry tiles after {ordeal} "
                                   "(it held {have})"),
    "outcome.loss.unknown": "The game is lost",
}

ES: dict[str, str] = {
    "preview.completes.tower": "completa una torre ({faction})",
    "preview.completes.bastion": "completa un baluarte ({faction})",
    "preview.completes.line": "completa una línea ({faction})",
    "preview.cancels_more.tower": "anula tu torre: {n} fichas en un grupo",
    "preview.cancels_more.bastion": "anula tu baluarte: {n} fichas en un grupo",
    "preview.cancels_more.line": "anula tu línea: {n} fichas en un grupo",
    "preview.cancels_fewer.tower": "rompe tu torre: quedan {n} fichas juntas",
    "preview.cancels_fewer.bastion": "rompe tu baluarte: quedan {n} fichas juntas",
    "preview.cancels_fewer.line": "rompe tu línea: quedan {n} fichas juntas",
    "preview.cancels_shape.tower": "anula tu torre: sus cuatro fichas pierden la forma",
    "preview.cancels_shape.bastion": "anula tu baluarte: sus cuatro fichas pierden la forma",
    "preview.cancels_shape.line": "anula tu línea: sus cuatro fichas pierden la forma",
    "preview.progress.tower": "Torre {n}/4",
    "preview.progress.bastion": "Baluarte {n}/4",
    "preview.progress.line": "Línea {n}/4",
    "preview.faction.S": "Videntes",
    "preview.faction.C": "Camaleones",
    "preview.faction.J": "Malabaristas",
    "preview.faction.P": "Pyros",
    "preview.slides": "el castillo se desplaza para hacer sitio",
    "preview.join": " \u2022 ",
    "preview.encounter.traitors": "la Ordalía se afronta en el acto",
    "preview.encounter.complete castle": "completa el castillo: la Ordalía se afronta en el acto",
    "preview.encounter.tiles ran out": "la última ficha: las Ordalías se afrontan en el acto",
    "moment.completed.tower": "¡Torre completa!",
    "moment.completed.bastion": "¡Baluarte completo!",
    "moment.completed.line": "¡Línea completa!",
    "moment.cancelled.tower": "Torre anulada",
    "moment.cancelled.bastion": "Baluarte anulado",
    "moment.cancelled.line": "Línea anulada",
    "suspense.banner": "Se está afrontando la Ordalía\u2026",
    "suspense.pantry": "Fichas de Despensa  {have}/{need}",
    "suspense.pantry_named": "Fichas de Despensa de {name}  {have}/{need}",
    "suspense.stands": "Los cimientos siguen en pie: la Ordalía está superada.",
    "outcome.won": "Has superado las tres Ordalías: el castillo resiste",
    f"outcome.loss.{S5_3}": "{ordeal} exigía {need}; el castillo tenía {have}",
    f"outcome.loss_player.{S5_3}": "{ordeal} exigía {need}; el castillo de {name} tenía {have}",
    "outcome.loss.R-O5": "Los cimientos quedaron incompletos tras {ordeal}",
    "outcome.loss_player.R-O5": "Los cimientos de {name} quedaron incompletos tras {ordeal}",
    f"outcome.loss.{S8_5}": "Se destruyó la ficha que estaba bajo el peón de la Amenaza",
    f"outcome.loss_player.{S8_5}": ("Se destruyó la ficha que estaba bajo el peón de la Amenaza en el castillo "
                                    "de {name}"),
    f"outcome.loss.{S10}": "El castillo debía tener exactamente {need} fichas de Despensa tras {ordeal} (tenía {have})",
    f"outcome.loss_player.{S10}": ("El castillo de {name} debía tener exactamente {need} fichas de Despensa tras "
                                   "{ordeal} (tenía {have})"),
    "outcome.loss.unknown": "La partida está perdida",
}

JA: dict[str, str] = {
    "preview.completes.tower": "タワーが完成（{faction}）",
    "preview.completes.bastion": "砦が完成（{faction}）",
    "preview.completes.line": "ラインが完成（{faction}）",
    "preview.cancels_more.tower": "タワーが無効に — 同色{n}枚がつながる",
    "preview.cancels_more.bastion": "砦が無効に — 同色{n}枚がつながる",
    "preview.cancels_more.line": "ラインが無効に — 同色{n}枚がつながる",
    "preview.cancels_fewer.tower": "タワーが崩れる — 残り{n}枚",
    "preview.cancels_fewer.bastion": "砦が崩れる — 残り{n}枚",
    "preview.cancels_fewer.line": "ラインが崩れる — 残り{n}枚",
    "preview.cancels_shape.tower": "タワーが無効に — 4枚の形が崩れる",
    "preview.cancels_shape.bastion": "砦が無効に — 4枚の形が崩れる",
    "preview.cancels_shape.line": "ラインが無効に — 4枚の形が崩れる",
    "preview.progress.tower": "タワー {n}/4",
    "preview.progress.bastion": "砦 {n}/4",
    "preview.progress.line": "ライン {n}/4",
    "preview.faction.S": "先見者",
    "preview.faction.C": "カメレオン",
    "preview.faction.J": "ジャグラー",
    "preview.faction.P": "パイロ",
    "preview.slides": "城が横にずれて場所を空ける",
    "preview.join": "・",
    "preview.encounter.traitors": "すぐに試練に遭遇する",
    "preview.encounter.complete castle": "城が完成：すぐに試練に遭遇する",
    "preview.encounter.tiles ran out": "最後のタイル：すぐに試練に遭遇する",
    "moment.completed.tower": "タワー完成！",
    "moment.completed.bastion": "砦完成！",
    "moment.completed.line": "ライン完成！",
    "moment.cancelled.tower": "タワー無効",
    "moment.cancelled.bastion": "砦無効",
    "moment.cancelled.line": "ライン無効",
    "suspense.banner": "試練に遭遇中…",
    "suspense.pantry": "パントリータイル  {have}/{need}",
    "suspense.pantry_named": "{name}のパントリータイル  {have}/{need}",
    "suspense.stands": "土台は健在：試練を突破した。",
    "outcome.won": "3つの試練をすべて突破した — 城は健在",
    f"outcome.loss.{S5_3}": "{ordeal}には{need}が必要だったが、城には{have}しかなかった",
    f"outcome.loss_player.{S5_3}": "{ordeal}には{need}が必要だったが、{name}の城には{have}しかなかった",
    "outcome.loss.R-O5": "{ordeal}の後、土台が揃っていなかった",
    "outcome.loss_player.R-O5": "{ordeal}の後、{name}の土台が揃っていなかった",
    f"outcome.loss.{S8_5}": "フィギュアの下のタイルが破棄された",
    f"outcome.loss_player.{S8_5}": "{name}の城で、フィギュアの下のタイルが破棄された",
    f"outcome.loss.{S10}": "{ordeal}の後、城にはちょうど{need}枚のパントリータイルが必要だった（{have}枚だった）",
    f"outcome.loss_player.{S10}": ("{ordeal}の後、{name}の城にはちょうど{need}枚のパントリータイルが"
                                   "必要だった（{have}枚だった）"),
    "outcome.loss.unknown": "ゲームに敗北した",
}

register(EN)

__all__ = ["EN", "ES", "JA"]
