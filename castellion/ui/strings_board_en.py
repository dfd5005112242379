"""English text of the board and the ordeal reveal (`board.*`, `reveal.*`).

Registered into the string table by `castellion.ui.text.register` when the board module is imported
(see `castellion/ui/text.py`: a scene adds its keys from its own module).
"""

from castellion.ui.text import register

STRINGS: dict[str, str] = {
    # --- top bar ----------------------------------------------------------------------------
    "board.turn": "Turn {turn}",
    "board.seed": "Deal {seed}",
    "board.undo": "Undo",
    "board.redo": "Redo",
    "board.rules": "Rules",
    "board.menu": "Menu",

    # --- areas ------------------------------------------------------------------------------
    "board.castle": "Your castle",
    "board.foundation": "foundation",
    "board.ordeals": "Ordeals",
    "board.tiles": "Dream tiles",
    "board.pile.regular": "Regular",
    "board.pile.safe": "Safe",
    "board.pile_count": "{n} left",
    "board.pile_empty": "empty",
    "board.hand": "In hand",
    "board.hand_empty": "nothing in hand",
    "board.discard": "Discard",
    "board.discard_count": "{n} tiles",
    "board.revealed": "Revealed by the Seer",
    "board.revealed_none": "no revealed tiles",
    "board.encounter": "Face the Ordeal now",
    "board.current": "current",
    "board.passed": "passed",
    "board.face_down": "face down",
    "board.traitors": "{n} / {trigger}",
    "board.traitors_label": "Traitors {n} / {trigger}",
    "board.reconstructed": "this edition's card",
    "board.destroy_n": "destroy {n}",
    "board.rows_n": "bottom {n} rows",
    "board.foundation_drop": "loses the foundation row",

    # --- status strip -----------------------------------------------------------------------
    "board.needs": "{name} needs",
    "board.needs_hidden": "Next Ordeal: face down",
    "board.needs_none": "All Ordeals passed",
    "board.kind.tower": "Towers",
    "board.kind.bastion": "Bastions",
    "board.kind.line": "Lines",
    "board.have": "{have}/{need}",
    "board.foundation_status": "Foundation {n}/6",
    "board.formations_now": "In the castle:",
    "board.formation_counts": "{tower} Tower \u2022 {bastion} Bastion \u2022 {line} Line",
    "board.rows_warning": "Destroys the bottom {n} row(s): the row above must be complete",
    "board.assault_warning": "else destroy {n} tiles ({saved} held off by Bastions)",

    # --- the banner: what to do now (one line per phase) --------------------------------------
    "board.do.get": "Get a tile: click or drag a pile (D regular, S safe).",
    "board.do.get_early": "Get a tile: click or drag a pile (D regular, S safe) \u2014 or face the Ordeal early.",
    "board.do.get_revealed": "Take one of the revealed tiles (click it) \u2014 they must all be used first.",
    "board.do.use": "Drag the {tile} onto a lit cell, or onto the discard pile (X).",
    "board.do.use_intro": "Drag the {tile} onto a lit cell, or onto the discard pile to throw it away (X).",
    "board.do.use_traitor": "A Traitor! Drag it to the current Ordeal (T).",
    "board.do.use_traitor_discard": "A Traitor! Drag it to the current Ordeal (T), or discard it for {cost} tile(s) (X).",
    "board.do.use_traitor_black": "A black-bordered Traitor: it can only go to the current Ordeal (T).",
    "board.do.power": "Use the {faction}'s power? {text}",
    "board.do.juggler": "Juggler: click two touching Defenders (or drag one onto its neighbour) to swap them.",
    "board.do.juggler_second": "Juggler: now click a lit neighbour to swap with \u2014 Esc to choose again.",
    "board.do.seer": "Seer: click the pile to reveal from \u2014 reveal {n} more.",
    "board.do.chameleon": "Chameleon: choose a {shape} from the discard pile (click the pile).",
    "board.do.pyro_destroy": "Pyro: click a lit tile to destroy it.",
    "board.do.pyro_move": "Pyro: drag an uncovered tile to a lit cell (the shape rule is ignored).",
    "board.do.pyro_move_second": "Pyro: now click where the tile goes \u2014 Esc to choose another tile.",
    "board.do.destroy": "Destroy {n} more \u2014 {reason}: click a lit tile.",
    "board.do.tower_reveal": "Tower power: click a face-down Ordeal to turn it up.",
    "board.do.over_won": "Victory! {reason}",
    "board.do.over_lost": "The castle has fallen: {reason}",

    # --- powers -----------------------------------------------------------------------------
    "board.use_power": "Use (U)",
    "board.power_label": "power \u2014 use it or skip it",
    "board.skip_power": "Skip (K)",
    "board.faction.S": "Seer",
    "board.faction.C": "Chameleon",
    "board.faction.J": "Juggler",
    "board.faction.P": "Pyro",
    "board.power.S": "Reveal tiles from the piles until 4 are revealed; they must be used first.",
    "board.power.C": "Take a tile of the same shape from the discard pile and use it at once.",
    "board.power.J": "Swap two touching Defenders of the castle (the shape rule is ignored).",
    "board.power.P": "Destroy one castle tile, then move an uncovered tile elsewhere.",
    "board.shape.t": "triangle",
    "board.shape.s": "square",
    "board.shape.c": "circle",
    "board.tile": "{faction} {shape}",
    "board.tile_safe": "{faction} {shape} (safe)",
    "board.tile_traitor": "Traitor",
    "board.tile_traitor_black": "black-bordered Traitor",

    # --- hints while dragging -----------------------------------------------------------------
    "board.hint.completes": "completes a {kind}",
    "board.hint.cancels": "cancels a {kind}",
    "board.hint.slides": "the castle slides to make room",
    "board.hint.legal": "release to place it here",
    "board.kind1.tower": "Tower",
    "board.kind1.bastion": "Bastion",
    "board.kind1.line": "Line",
    "board.traitor_current": "R-\u00a74: a Traitor goes beside the current Ordeal ({name})",
    "board.not_now": "Not now: {what}",
    "board.cannot_move": "R-\u00a76: the Pyro cannot move that tile there (placement rules except R-P3)",
    "board.cannot_swap": "R-\u00a76: the Juggler swaps two touching Defenders",

    # --- encounter early confirm ------------------------------------------------------------
    "board.encounter_title": "Face {name} now?",
    "board.encounter_text": "R-O3: you may encounter the current Ordeal early, between turns. {status}",
    "board.encounter_ready": "Your castle meets it now.",
    "board.encounter_not_ready": "Your castle does not meet it yet!",

    # --- discard browser --------------------------------------------------------------------
    "board.discard_title": "The discard pile",
    "board.discard_empty": "The discard pile is empty.",
    "board.discard_hint": "Oldest first. Esc or click outside to close.",
    "board.chameleon_title": "Chameleon: take a {shape}",
    "board.chameleon_hint": "Lit tiles can be taken. Click one \u2014 it is used at once, as if just drawn.",

    # --- ordeal reveal ----------------------------------------------------------------------
    "reveal.title": "{name}",
    "reveal.cause.traitors": "{n} Traitors gathered beside it (R-O1)",
    "reveal.cause.complete castle": "Your castle is complete (R-O2)",
    "reveal.cause.early": "You chose to face it early (R-O3)",
    "reveal.cause.tiles ran out": "No tiles are left to draw (R-O4)",
    "reveal.requires": "Requires",
    "reveal.nothing_required": "No formations required",
    "reveal.foundation": "Foundation complete",
    "reveal.rows": "The bottom {n} row(s) are destroyed",
    "reveal.foundation_row": "The whole foundation row is destroyed",
    "reveal.passed": "Passed",
    "reveal.lost": "Lost",
    "reveal.destroy": "Destroy {n} tiles",
    "reveal.destroy_sub": "Choose them on the board, one at a time (R-D4).",
    "reveal.held_off": "The castle holds the formations: the assault breaks on its walls.",
    "reveal.continue": "Click or press any key to continue",
    "reveal.skip": "Click or press any key to skip",
    "reveal.page": "Encounter {i} of {n}",
    "reveal.won": "All three Ordeals are passed \u2014 the castle stands!",

    # --- hotkeys ----------------------------------------------------------------------------
    "board.hotkeys_hint": "Arrows move \u2022 Enter picks/drops \u2022 F1 rules & hotkeys",
}

register(STRINGS)
# The board's hotkeys are listed in the rules overlay's "Hotkeys" topic (rules.body.hotkeys in
# castellion/ui/strings_en.py), beside the program-wide keys.
