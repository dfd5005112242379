"""The tutorial's words ("Learn to play", the coach's steps, the Rules screen's pictures).

Three tables with the same keys — `EN`, `ES`, `JA` — in the terms of docs/glossary.md (Spanish
"Prueba", "cimientos", "Torre", "Baluarte", "Línea de defensa"; Japanese 試練, 土台, タワー, 要塞,
防衛線). `EN` is registered at import so the feature works today; the catalogs take all three
when the string tables become gettext catalogs. Step texts are `tutorial.<part>.<step>` (the
steps are `castellion.content.tutorial`). Rule ids stay as they are in every language.
"""

from __future__ import annotations

from castellion.ui.text import register

EN: dict[str, str] = {
    # menu, first-start offer, the chooser
    "menu.learn": "Learn to play",
    "tutorial.offer.title": "New to Castellion?",
    "tutorial.offer.text": "A guided first game teaches the rules step by step.",
    "tutorial.offer.yes": "Show me",
    "tutorial.offer.no": "No, thanks",
    "tutorial.title": "Learn to play",
    "tutorial.intro": "A guided game in three parts. Each step waits for you; leave at any time and "
                      "come back where you left.",
    "tutorial.part_title": "Part {n}: {level}",
    "tutorial.about.school": "Placing tiles, the shape rule, formations, Traitors and the Exams.",
    "tutorial.about.academy": "The factions' powers and discarding a Traitor.",
    "tutorial.about.menace": "Face-down Assaults and the powers of formations.",
    "tutorial.start": "Start",
    "tutorial.resume": "Resume: step {step} of {total}",
    "tutorial.again": "Play again",
    "tutorial.finished": "Done",
    # the coach
    "tutorial.next": "Next",
    "tutorial.finish": "Finish",
    "tutorial.leave": "Leave",
    "tutorial.step_of": "Step {step} of {total}",
    "tutorial.follow": "The tutorial asks for something else now: follow the arrow.",
    # part 1 — the School of Architects
    "tutorial.school.welcome": "Welcome to the School of Architects! You build a castle of at most 6 × 6 tiles to "
                               "pass three Ordeals, the cards on the right. Its bottom row is the foundation.",
    "tutorial.school.draw_safe": "Each turn starts by getting a tile. Click the safe pile (blue backs): its 12 tiles "
                                 "are all Defenders, never a Traitor. It runs out, so use it wisely.",
    "tutorial.school.first_tile": "A Juggler triangle. Drag it onto the glowing cell: the very first tile may go "
                                  "anywhere in the foundation row (R-P1).",
    "tutorial.school.draw_again": "Well built. Take another tile from the safe pile.",
    "tutorial.school.shape_try": "A Pyro triangle. Try to drop it on top of the Juggler triangle, on the glowing "
                                 "cell, and read what the rules answer.",
    "tutorial.school.shape_ok": "Refused: above the foundation, a tile may not touch a tile of its own shape "
                                "(R-P3). In the foundation row it may: drop it beside the first tile.",
    "tutorial.school.formations": "Some turns later. A formation is exactly four tiles of one faction: a Tower (4 "
                                  "stacked), a Bastion (2 × 2) or a Line of defense (4 side by side) (R-F1).",
    "tutorial.school.draw_seer": "Three Seers stand in a column. Take the next tile from the safe pile.",
    "tutorial.school.tower": "A Seer! Drop it on top of the three Seers: four stacked make a Tower, outlined "
                             "on the castle.",
    "tutorial.school.draw_regular": "Now draw from the regular pile (brown backs). It holds the other Defenders, "
                                    "and the Traitors.",
    "tutorial.school.fifth": "Another Seer. Drop it on the glowing cell, beside the Tower, and watch the Tower.",
    "tutorial.school.undo": "The Tower is gone: five Seers touch, and a formation is exactly four. A fifth tile "
                            "of its faction spoils it (R-F2). Press Undo to take the drop back.",
    "tutorial.school.discard": "The Tower stands again. A tile you cannot use well may be discarded: drop the "
                               "Seer on the discard pile.",
    "tutorial.school.traitors": "Later still: a Tower, a Bastion and a Line on a complete foundation. Three "
                                "Traitors lie beside Exam I; at five, it is encountered. Traitors are the timer.",
    "tutorial.school.draw_traitor": "Draw from the regular pile.",
    "tutorial.school.place_traitor": "A Traitor never enters the castle. Drag it onto Exam I, the current Ordeal "
                                     "(R-§4.2C).",
    "tutorial.school.draw_traitor2": "Four out of five. Draw from the regular pile again.",
    "tutorial.school.exam_one": "The fifth Traitor: drop it on Exam I. The Exam judges your castle at once "
                                "(R-O1).",
    "tutorial.school.exam_two_intro": "Exam I passed; it leaves with its Traitors (R-O6). Exam II tears down the "
                                      "foundation row: the row above must stand complete as the new one (R-O5).",
    "tutorial.school.draw_traitor3": "Your two bottom rows are complete, and Exam II needs only two Traitors. "
                                     "Draw from the regular pile.",
    "tutorial.school.exam_two": "The second Traitor: drop it on Exam II and watch the foundation fall.",
    "tutorial.school.done": "Exam II passed! Exam III asks for more formations on a complete foundation. You know "
                            "the School: press Finish.",
    # part 2 — the Admiral's Academy
    "tutorial.academy.welcome": "The Admiral's Academy: discarding a Defender wakes its faction's power (R-§6). "
                                "Three Traitors trigger each Simulation.",
    "tutorial.academy.draw_juggler": "Take a tile from the safe pile.",
    "tutorial.academy.discard_juggler": "A Juggler. Drop it on the discard pile to wake its power.",
    "tutorial.academy.use_power": "The Juggler swaps two touching Defenders of your castle. Press Use.",
    "tutorial.academy.swap": "Swap the Chameleon with the Pyro beside it (click one, then the other): four "
                             "Pyros make a Bastion.",
    "tutorial.academy.other_powers": "A Bastion! The other powers: the Seer lays tiles face up, the Chameleon "
                                     "takes back a tile of its shape, the Pyro destroys a tile and moves another.",
    "tutorial.academy.draw_traitor": "Draw from the regular pile.",
    "tutorial.academy.discard_traitor": "From this level on, a Traitor may be discarded instead, for 4 castle "
                                        "tiles (R-§6.5). Drop it on the discard pile.",
    "tutorial.academy.destroy": "Choose 4 tiles to destroy, one at a time. Only lit tiles may go: the castle "
                                "must not split (R-D3). Tiles above fall down.",
    "tutorial.academy.black": "Done. The 3 black-bordered Traitors can never be discarded. Press Finish.",
    # part 3 — the Menace
    "tutorial.menace.welcome": "The Menace: the Assaults are dealt face down (R-§7). You learn what one wants "
                               "when it strikes, unless a Tower shows you first.",
    "tutorial.menace.draw_pyro": "Take a tile from the safe pile.",
    "tutorial.menace.tower": "Drop the Pyro on top of the three Pyros: completing a Tower turns one face-down "
                             "Ordeal face up.",
    "tutorial.menace.reveal": "A Tower! Click the second Ordeal to turn it face up.",
    "tutorial.menace.powers": "Each Line of defense makes a Traitor's discard cost one tile fewer; each Bastion "
                              "takes 4 off an Assault's destruction (not the Earthworm's).",
    "tutorial.menace.draw_traitor": "Draw from the regular pile.",
    "tutorial.menace.assault": "One Traitor lies beside Assault I; this is the second. Drop it on the card: the "
                               "Assault turns up and strikes.",
    "tutorial.menace.done": "Your two Bastions met the Behemoth. You know all three levels: press Finish.",
    # the Rules screen's pictures
    "rules.topic.diagrams": "Pictures",
    "diagrams.title": "Formations and the shape rule",
    "diagrams.tower": "Tower: 4 stacked",
    "diagrams.bastion": "Bastion: 2 × 2",
    "diagrams.line": "Line of defense: 4 side by side",
    "diagrams.cancelled": "No formation: a fifth Seer touches the Line (R-F2)",
    "diagrams.shape": "Above the foundation, no tile touches its own shape (R-P3)",
    "diagrams.allowed": "allowed",
    "diagrams.refused": "refused",
}

ES: dict[str, str] = {
    "menu.learn": "Aprender a jugar",
    "tutorial.offer.title": "¿Nuevo en Castellion?",
    "tutorial.offer.text": "Una primera partida guiada enseña las reglas paso a paso.",
    "tutorial.offer.yes": "Enséñame",
    "tutorial.offer.no": "No, gracias",
    "tutorial.title": "Aprender a jugar",
    "tutorial.intro": "Una partida guiada en tres partes. Cada paso te espera; sal cuando quieras y vuelve "
                      "donde lo dejaste.",
    "tutorial.part_title": "Parte {n}: {level}",
    "tutorial.about.school": "Colocar fichas, la regla de las formas, las formaciones, los Traidores y los Exámenes.",
    "tutorial.about.academy": "Los poderes de las facciones y descartar un Traidor.",
    "tutorial.about.menace": "Asaltos boca abajo y los poderes de las formaciones.",
    "tutorial.start": "Empezar",
    "tutorial.resume": "Continuar: paso {step} de {total}",
    "tutorial.again": "Jugar otra vez",
    "tutorial.finished": "Hecho",
    "tutorial.next": "Siguiente",
    "tutorial.finish": "Terminar",
    "tutorial.leave": "Salir",
    "tutorial.step_of": "Paso {step} de {total}",
    "tutorial.follow": "Ahora el tutorial pide otra cosa: sigue la flecha.",
    "tutorial.school.welcome": "¡Bienvenido a la Escuela de Arquitectos! Construyes un castillo de 6 × 6 fichas "
                               "como máximo para superar tres Pruebas, las cartas de la derecha. Su fila inferior "
                               "son los cimientos.",
    "tutorial.school.draw_safe": "Cada turno empieza cogiendo una ficha. Haz clic en la pila segura (dorso azul): "
                                 "sus 12 fichas son Defensores, nunca un Traidor. Se acaba: úsala con prudencia.",
    "tutorial.school.first_tile": "Un triángulo Malabarista. Arrástralo a la casilla iluminada: la primera ficha "
                                  "puede ir en cualquier lugar de los cimientos (R-P1).",
    "tutorial.school.draw_again": "Bien construido. Coge otra ficha de la pila segura.",
    "tutorial.school.shape_try": "Un triángulo Pyro. Intenta soltarlo encima del triángulo Malabarista, en la "
                                 "casilla iluminada, y lee qué responden las reglas.",
    "tutorial.school.shape_ok": "Rechazado: por encima de los cimientos, una ficha no puede tocar otra de su "
                                "misma forma (R-P3). En los cimientos sí: suéltalo junto a la primera ficha.",
    "tutorial.school.formations": "Unos turnos después. Una formación son exactamente cuatro fichas de una "
                                  "facción: una Torre (4 apiladas), un Baluarte (2 × 2) o una Línea de defensa "
                                  "(4 en fila) (R-F1).",
    "tutorial.school.draw_seer": "Tres Videntes forman una columna. Coge la siguiente ficha de la pila segura.",
    "tutorial.school.tower": "¡Un Vidente! Suéltalo sobre los tres Videntes: cuatro apilados forman una Torre, "
                             "marcada en el castillo.",
    "tutorial.school.draw_regular": "Ahora roba de la pila normal (dorso marrón). Tiene los demás Defensores, y "
                                    "los Traidores.",
    "tutorial.school.fifth": "Otro Vidente. Suéltalo en la casilla iluminada, junto a la Torre, y mira la Torre.",
    "tutorial.school.undo": "La Torre ha desaparecido: se tocan cinco Videntes, y una formación son exactamente "
                            "cuatro. Una quinta ficha de su facción la anula (R-F2). Pulsa Deshacer.",
    "tutorial.school.discard": "La Torre vuelve a estar en pie. Una ficha que no te sirve se puede descartar: "
                               "suelta el Vidente en la pila de descarte.",
    "tutorial.school.traitors": "Más tarde: una Torre, un Baluarte y una Línea sobre cimientos completos. Hay tres "
                                "Traidores junto al Examen I; con cinco, se afronta. Los Traidores marcan el tiempo.",
    "tutorial.school.draw_traitor": "Roba de la pila normal.",
    "tutorial.school.place_traitor": "Un Traidor nunca entra en el castillo. Arrástralo al Examen I, la Prueba "
                                     "actual (R-§4.2C).",
    "tutorial.school.draw_traitor2": "Cuatro de cinco. Roba otra vez de la pila normal.",
    "tutorial.school.exam_one": "El quinto Traidor: suéltalo en el Examen I. El Examen juzga tu castillo en el "
                                "acto (R-O1).",
    "tutorial.school.exam_two_intro": "Examen I superado; se va con sus Traidores (R-O6). El Examen II derriba la "
                                      "fila de los cimientos: la fila de encima debe quedar completa como los "
                                      "nuevos (R-O5).",
    "tutorial.school.draw_traitor3": "Tus dos filas inferiores están completas, y el Examen II solo necesita dos "
                                     "Traidores. Roba de la pila normal.",
    "tutorial.school.exam_two": "El segundo Traidor: suéltalo en el Examen II y mira caer los cimientos.",
    "tutorial.school.done": "¡Examen II superado! El Examen III pide más formaciones sobre cimientos completos. "
                            "Ya conoces la Escuela: pulsa Terminar.",
    "tutorial.academy.welcome": "La Academia del Almirante: descartar un Defensor despierta el poder de su "
                                "facción (R-§6). Tres Traidores hacen afrontar cada Simulación.",
    "tutorial.academy.draw_juggler": "Coge una ficha de la pila segura.",
    "tutorial.academy.discard_juggler": "Un Malabarista. Suéltalo en la pila de descarte para despertar su poder.",
    "tutorial.academy.use_power": "El Malabarista intercambia dos Defensores de tu castillo que se tocan. Pulsa "
                                  "Usar.",
    "tutorial.academy.swap": "Intercambia el Camaleón con el Pyro de al lado (haz clic en uno y luego en el "
                             "otro): cuatro Pyros forman un Baluarte.",
    "tutorial.academy.other_powers": "¡Un Baluarte! Los demás poderes: el Vidente pone fichas boca arriba, el "
                                     "Camaleón recupera una ficha de su forma, el Pyro destruye una ficha y mueve "
                                     "otra.",
    "tutorial.academy.draw_traitor": "Roba de la pila normal.",
    "tutorial.academy.discard_traitor": "Desde este nivel, un Traidor se puede descartar a cambio de 4 fichas "
                                        "del castillo (R-§6.5). Suéltalo en la pila de descarte.",
    "tutorial.academy.destroy": "Elige 4 fichas que destruir, una a una. Solo las iluminadas: el castillo no "
                                "puede partirse (R-D3). Las fichas de encima caen.",
    "tutorial.academy.black": "Hecho. Los 3 Traidores con borde negro nunca se pueden descartar. Pulsa Terminar.",
    "tutorial.menace.welcome": "La Amenaza: los Asaltos se reparten boca abajo (R-§7). Sabrás qué pide uno "
                               "cuando ataque, a menos que una Torre te lo muestre antes.",
    "tutorial.menace.draw_pyro": "Coge una ficha de la pila segura.",
    "tutorial.menace.tower": "Suelta el Pyro sobre los tres Pyros: completar una Torre pone boca arriba una "
                             "Prueba boca abajo.",
    "tutorial.menace.reveal": "¡Una Torre! Haz clic en la segunda Prueba para darle la vuelta.",
    "tutorial.menace.powers": "Cada Línea de defensa abarata en una ficha el descarte de un Traidor; cada "
                              "Baluarte resta 4 a la destrucción de un Asalto (no a la de la Lombriz de tierra).",
    "tutorial.menace.draw_traitor": "Roba de la pila normal.",
    "tutorial.menace.assault": "Hay un Traidor junto al Asalto I; este es el segundo. Suéltalo en la carta: el "
                               "Asalto se vuelve y ataca.",
    "tutorial.menace.done": "Tus dos Baluartes detuvieron al Behemot. Ya conoces los tres niveles: pulsa Terminar.",
    "rules.topic.diagrams": "Dibujos",
    "diagrams.title": "Las formaciones y la regla de las formas",
    "diagrams.tower": "Torre: 4 apiladas",
    "diagrams.bastion": "Baluarte: 2 × 2",
    "diagrams.line": "Línea de defensa: 4 en fila",
    "diagrams.cancelled": "Ninguna formación: un quinto Vidente toca la Línea (R-F2)",
    "diagrams.shape": "Por encima de los cimientos, ninguna ficha toca su misma forma (R-P3)",
    "diagrams.allowed": "permitido",
    "diagrams.refused": "rechazado",
}

JA: dict[str, str] = {
    "menu.learn": "遊び方を学ぶ",
    "tutorial.offer.title": "カステリオンは初めてですか？",
    "tutorial.offer.text": "ガイド付きの最初のゲームで、ルールを一歩ずつ覚えられます。",
    "tutorial.offer.yes": "教えて",
    "tutorial.offer.no": "いいえ、結構です",
    "tutorial.title": "遊び方を学ぶ",
    "tutorial.intro": ("3部構成のガイド付きゲームです。各ステップはあなたの操作を待ちます。"
                      "いつでも中断でき、続きから再開できます。"),
    "tutorial.part_title": "第{n}部：{level}",
    "tutorial.about.school": "タイルの配置、形のルール、防衛フォーメーション、裏切り者タイルと試験。",
    "tutorial.about.academy": "各勢力の特殊効果と、裏切り者タイルを捨てること。",
    "tutorial.about.menace": "裏向きの襲撃と、防衛フォーメーションの特殊効果。",
    "tutorial.start": "始める",
    "tutorial.resume": "再開：ステップ {step}/{total}",
    "tutorial.again": "もう一度",
    "tutorial.finished": "完了",
    "tutorial.next": "次へ",
    "tutorial.finish": "終了",
    "tutorial.leave": "中断",
    "tutorial.step_of": "ステップ {step}/{total}",
    "tutorial.follow": "いまチュートリアルは別の操作を求めています。矢印に従ってください。",
    "tutorial.school.welcome": "建築家の学校へようこそ！最大6×6枚のタイルで城を築き、右側のカード、"
                               "3つの試練を達成します。"
                               "城の一番下の列が土台です。",
    "tutorial.school.draw_safe": "手番はタイルの入手から始まります。安全な山（青）をクリックしてください。"
                                 "その12枚はすべて防衛タイルで、裏切り者はいません。数に限りがあるので大切に。",
    "tutorial.school.first_tile": "ジャグラーの三角です。光っているマスへドラッグしてください。最初のタイルは土台の列の"
                                  "どこにでも置けます（R-P1）。",
    "tutorial.school.draw_again": "よくできました。もう一度、安全な山からタイルを取ってください。",
    "tutorial.school.shape_try": "パイロの三角です。光っているマス、ジャグラーの三角の上に置いてみて、ルールの答えを"
                                 "読んでください。",
    "tutorial.school.shape_ok": "置けません：土台より上では、同じ形のタイルに接して置けません（R-P3）。土台の列なら"
                                "置けます。最初のタイルの隣に置いてください。",
    "tutorial.school.formations": "数手番後。防衛フォーメーションは同じ勢力のちょうど4枚です。タワー（縦に4枚）、"
                                  "要塞（2×2）、防衛線（横に4枚）（R-F1）。",
    "tutorial.school.draw_seer": "先見者が3枚、縦に並んでいます。安全な山から次のタイルを取ってください。",
    "tutorial.school.tower": "先見者です！3枚の先見者の上に置いてください。縦に4枚でタワーになり、城の上に"
                             "枠で示されます。",
    "tutorial.school.draw_regular": "次は通常の山（茶）から引いてください。残りの防衛タイルと、裏切り者タイルが"
                                    "入っています。",
    "tutorial.school.fifth": "また先見者です。タワーの隣の光っているマスに置いて、タワーを見てください。",
    "tutorial.school.undo": "タワーが消えました。先見者が5枚接していて、フォーメーションはちょうど4枚だからです。"
                            "同じ勢力の5枚目が台無しにします（R-F2）。取り消しを押してください。",
    "tutorial.school.discard": "タワーが戻りました。うまく使えないタイルは捨てられます。先見者を捨て札に"
                               "置いてください。",
    "tutorial.school.traitors": "さらに後。完成した土台の上にタワー、要塞、防衛線があります。試験Iの横に裏切り者が"
                                "3枚。5枚で試練に挑みます。裏切り者は時計の役目です。",
    "tutorial.school.draw_traitor": "通常の山から引いてください。",
    "tutorial.school.place_traitor": "裏切り者タイルは城に入りません。現在の試練、試験Iへドラッグしてください"
                                     "（R-§4.2C）。",
    "tutorial.school.draw_traitor2": "5枚中4枚。もう一度、通常の山から引いてください。",
    "tutorial.school.exam_one": "5枚目の裏切り者です。試験Iに置いてください。試験はすぐに城を判定します（R-O1）。",
    "tutorial.school.exam_two_intro": "試験I達成。裏切り者と一緒に取り除かれます（R-O6）。"
                                      "試験IIは土台の列を破棄します。"
                                      "その上の列が完成した新しい土台として残らなければなりません（R-O5）。",
    "tutorial.school.draw_traitor3": "下の2列は完成していて、試験IIに必要な裏切り者は2枚だけです。通常の山から"
                                     "引いてください。",
    "tutorial.school.exam_two": "2枚目の裏切り者です。試験IIに置いて、土台が崩れるのを見てください。",
    "tutorial.school.done": "試験II達成！試験IIIは完成した土台の上にもっと多くのフォーメーションを求めます。"
                            "学校は修了です。終了を押してください。",
    "tutorial.academy.welcome": "提督のアカデミー：防衛タイルを捨てると、その勢力の特殊効果が発動します（R-§6）。"
                                "各シミュレーションは裏切り者3枚で挑みます。",
    "tutorial.academy.draw_juggler": "安全な山からタイルを取ってください。",
    "tutorial.academy.discard_juggler": "ジャグラーです。捨て札に置いて特殊効果を発動させてください。",
    "tutorial.academy.use_power": "ジャグラーは城の接している防衛タイル2枚を入れ替えます。使うを押してください。",
    "tutorial.academy.swap": "カメレオンと隣のパイロを入れ替えてください（片方、次にもう片方をクリック）。"
                             "パイロ4枚で要塞になります。",
    "tutorial.academy.other_powers": "要塞です！ほかの特殊効果：先見者はタイルを表向きに並べ、カメレオンは同じ形の"
                                     "タイルを取り戻し、パイロはタイルを1枚破棄して別の1枚を動かします。",
    "tutorial.academy.draw_traitor": "通常の山から引いてください。",
    "tutorial.academy.discard_traitor": "このレベルから、裏切り者タイルは城のタイル4枚と引き換えに捨てられます"
                                        "（R-§6.5）。捨て札に置いてください。",
    "tutorial.academy.destroy": "破棄するタイルを1枚ずつ4枚選んでください。光っているタイルだけです。城は分断"
                                "できません（R-D3）。上のタイルは下に落ちます。",
    "tutorial.academy.black": "完了。黒枠の裏切り者3枚は決して捨てられません。終了を押してください。",
    "tutorial.menace.welcome": "脅威：襲撃カードは裏向きに配られます（R-§7）。何を求めるかは襲ってくるまで"
                               "分かりません。タワーが先に見せてくれない限り。",
    "tutorial.menace.draw_pyro": "安全な山からタイルを取ってください。",
    "tutorial.menace.tower": "パイロを3枚のパイロの上に置いてください。タワーを完成させると、裏向きの試練を1枚"
                             "表にできます。",
    "tutorial.menace.reveal": "タワーです！2枚目の試練をクリックして表にしてください。",
    "tutorial.menace.powers": "防衛線1つごとに裏切り者を捨てる代価が1枚減り、要塞1つごとに襲撃の破棄が4枚減ります"
                              "（ミミズには効きません）。",
    "tutorial.menace.draw_traitor": "通常の山から引いてください。",
    "tutorial.menace.assault": "襲撃Iの横に裏切り者が1枚あり、これが2枚目です。カードに置くと、襲撃が表になり"
                               "襲ってきます。",
    "tutorial.menace.done": "2つの要塞がベヒーモスを防ぎました。3つのレベルすべてを学びました。終了を押してください。",
    "rules.topic.diagrams": "図解",
    "diagrams.title": "防衛フォーメーションと形のルール",
    "diagrams.tower": "タワー：縦に4枚",
    "diagrams.bastion": "要塞：2×2",
    "diagrams.line": "防衛線：横に4枚",
    "diagrams.cancelled": "フォーメーションなし：5枚目の先見者が防衛線に接している（R-F2）",
    "diagrams.shape": "土台より上では、同じ形のタイルに接して置けない（R-P3）",
    "diagrams.allowed": "置ける",
    "diagrams.refused": "置けない",
}

register(EN)

__all__ = ["EN", "ES", "JA"]
