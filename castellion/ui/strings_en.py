"""English text for every player-visible string (see `castellion.ui.text.t`).

Convention: one block per scene or widget; keys `<owner>.<what>`; `{name}` fields are filled by
`t(key, name=...)`. Add a scene's keys as a new block (the board uses `board.*`, the ordeal reveal
`reveal.*`). Rules-reference topics are `rules.topic.<id>` (title) and `rules.body.<id>` (text:
lines starting "# " are headings, "- " bullets, "key: " hotkey lines; blank lines separate
paragraphs). The order of topics is `RULES_TOPICS` in `castellion/scenes/overlays.py`.
"""

STRINGS: dict[str, str] = {
    # --- common -----------------------------------------------------------------------------
    "app.title": "Castellion",
    "app.tagline": "Raise the castle. Outlast the Ordeals.",
    "app.version": "version {version}",
    "ui.on": "on",
    "ui.off": "off",
    "ui.back": "Back",
    "ui.close": "Close",
    "ui.ok": "OK",
    "ui.yes": "Yes",
    "ui.no": "No",
    "ui.cancel": "Cancel",
    "ui.rules_button": "Rules (F1)",

    # --- menu -------------------------------------------------------------------------------
    "menu.new_game": "New game",
    "menu.continue": "Continue",
    "menu.continue_none": "no game in progress",
    "menu.continue_note": "{level}, turn {turn}",
    "menu.load": "Load game",
    "menu.stats": "Statistics",
    "menu.rules": "Rules",
    "menu.settings": "Settings",
    "menu.quit": "Quit",
    "menu.footer": "A solo or two-player game of the Oniverse \u2022 F1 rules \u2022 F11 fullscreen",

    # --- settings ---------------------------------------------------------------------------
    "settings.title": "Settings",
    "settings.fullscreen": "Fullscreen (F11)",
    "settings.animations": "Animations",
    "settings.colourblind": "Colour-blind palette",
    "settings.sound": "Sound",
    "settings.palette_preview": "Faction colours",
    "settings.note": "Settings apply at once and are saved at once.",
    "settings.note_memory": "Settings apply at once and last until you quit.",
    "settings.window_size": "Window size",
    "settings.animation_speed": "Animation speed",
    "settings.speed.slow": "Slow",
    "settings.speed.normal": "Normal",
    "settings.speed.fast": "Fast",
    "settings.confirmations": "Ask before risky choices",
    "settings.confirmations_note": "abandoning a game, deleting a save",
    "settings.undo": "Undo allowed",
    "settings.undo_note": "Ctrl+Z / Ctrl+Y, never past a draw or a reveal",

    # --- setup ------------------------------------------------------------------------------
    "setup.title": "A new game",
    "setup.level": "Level",
    "setup.level_n": "Level {n}",
    "setup.difficulty": "Difficulty",
    "setup.normal": "Normal",
    "setup.easier": "Easier",
    "setup.harder": "Harder",
    "setup.players": "Players",
    "setup.one_player": "1 player",
    "setup.two_players": "2 players",
    "setup.pantry": "Pantry mini-expansion",
    "setup.seed": "Deal number (seed)",
    "setup.seed_hint": "The same number deals the same tiles.",
    "setup.new_random": "New random",
    "setup.start": "Start",
    "setup.back": "Back",
    "setup.ruleset_error": "The level files could not be read: {error}",
    "setup.level.intro": "The School of Architects",
    "setup.level.base": "The Admiral's Academy",
    "setup.level.expert": "The Menace",
    "setup.level_desc.intro": "Learn to build \u2014 three Exams judge your formations and your foundation.",
    "setup.level_desc.base": "Discarded Defenders use their powers; Traitors can be thrown out at a price.",
    "setup.level_desc.expert": "Ordeals come face down, and formations grant powers of their own.",
    "setup.tag.intro": "Introductory",
    "setup.tag.base": "Base",
    "setup.tag.expert": "Expert",

    # --- pause ------------------------------------------------------------------------------
    "pause.title": "Paused",
    "pause.resume": "Resume",
    "pause.rules": "Rules",
    "pause.settings": "Settings",
    "pause.menu": "Main menu",
    "pause.quit": "Quit the game",
    "pause.save": "Save game\u2026",
    "pause.save_unavailable": "saving is not possible",
    "pause.confirm_menu_title": "Leave this game?",
    "pause.confirm_menu_text": "It is saved: Continue on the main menu brings you back to it.",
    "pause.confirm_quit_title": "Quit Castellion?",
    "pause.confirm_quit_text": "Your game is saved: Continue resumes it next time.",

    # --- confirm ----------------------------------------------------------------------------
    "confirm.title": "Are you sure?",
    "confirm.abandon_title": "Abandon the game in progress?",
    "confirm.abandon_text": "{game}. It will count as abandoned in your statistics.",
    "confirm.abandon_yes": "Abandon it",

    # --- saves ------------------------------------------------------------------------------
    "saves.title": "Saved games",
    "saves.empty": "No saved games yet. Save one from the pause menu (Esc at the castle).",
    "saves.load": "Load",
    "saves.backup": "Open backup",
    "saves.delete": "Delete",
    "saves.back": "Back",
    "saves.automatic": "automatic save",
    "saves.line": "{level}  \u2022  {variant}  \u2022  {players}  \u2022  deal {seed}",
    "saves.progress": "{progress}  \u2022  turn {turn}  \u2022  saved {when}",
    "saves.damaged": "Damaged: {reason}",
    "saves.damaged_backup": "A valid backup exists: open it with \u201cOpen backup\u201d.",
    "saves.damaged_kept": "The file is kept untouched; delete it when you no longer want it.",
    "saves.modified": "file changed {when}",
    "saves.unreadable": "The saves folder cannot be read: {error}",
    "saves.hint": "Click a save, then Load \u2022 Enter loads \u2022 Delete removes \u2022 Esc goes back",
    "saves.confirm_delete_title": "Delete \u201c{name}\u201d?",
    "saves.confirm_delete_text": "The save and its backup are removed for good.",
    "saves.deleted": "\u201c{name}\u201d was deleted.",
    "saves.loaded": "\u201c{name}\u201d loaded.",
    "saves.nothing_to_continue": "There is no game to continue.",
    "saves.save_title": "Save the game",
    "saves.name": "Name of the save",
    "saves.name_placeholder": "e.g. Seer towers",
    "saves.save": "Save",
    "saves.saved": "Game saved as \u201c{name}\u201d.",
    "saves.existing": "Saves so far: {names}",
    "saves.confirm_overwrite_title": "Replace \u201c{name}\u201d?",
    "saves.confirm_overwrite_text": "A save of that name exists; its previous version is kept as a backup.",
    "saves.overwrite_yes": "Replace it",

    # --- statistics -------------------------------------------------------------------------
    "stats.title": "Statistics",
    "stats.empty": "No game has ended yet. Statistics appear here once you win, lose or abandon one.",
    "stats.col.game": "Level and difficulty",
    "stats.col.players": "Players",
    "stats.col.played": "Played",
    "stats.col.won": "Won",
    "stats.col.lost": "Lost",
    "stats.col.abandoned": "Aband.",
    "stats.col.streak": "Streak",
    "stats.col.best": "Best",
    "stats.col.turns": "Avg turns",
    "stats.col.undos": "Undos",
    "stats.lost_because": "Lost: {reasons}",
    "stats.chart": "Won and lost per level",
    "stats.legend_won": "won",
    "stats.legend_lost": "lost",
    "stats.legend_abandoned": "abandoned",
    "stats.totals": "All games",
    "stats.total_line": "{played} played \u2022 {won} won",
    "stats.total_line2": "{lost} lost \u2022 {abandoned} abandoned",
    "stats.win_rate": "Win rate: {rate}%",
    "stats.best_streak": "Best winning streak: {n}",
    "stats.hint": "A game counts once, when it ends. Leaving a game is not abandoning it: Continue resumes it.",
    "stats.damaged": "Statistics: {problem}",

    # --- names --------------------------------------------------------------------------------
    "names.variant.normal": "Normal",
    "names.players_one": "1 player",
    "names.players_n": "{n} players",
    "names.won": "Won",
    "names.lost": "Lost",
    "names.abandoned": "Abandoned",
    "names.ordeal_of": "Ordeal {n} of {total}",
    "names.progress": "{level}, turn {turn}, {ordeal}",
    "loss.foundation": "foundation incomplete after an Ordeal",
    "loss.formations": "formations missing at an Ordeal",
    "loss.pawn": "the Menace pawn's tile destroyed",
    "loss.pantry": "wrong number of Pantry tiles",
    "loss.two_players": "a rule of the two-player game",
    "loss.other_rule": "rule {rule}",
    "loss.unknown": "unknown reason",

    # --- end screen -------------------------------------------------------------------------
    "end.won": "Victory!",
    "end.lost": "The castle has fallen",
    "end.won_sub": "All three Ordeals are passed and the foundation stands.",
    "end.lost_sub": "The Ordeals were too much for this castle.",
    "end.reason": "{reason}",
    "end.level": "{level}",
    "end.seed": "Deal number {seed}",
    "end.turns.one": "{n} turn",
    "end.turns.other": "{n} turns",
    "end.again": "Play the same deal again",
    "end.new_game": "New game",
    "end.menu": "Menu",
    "end.look": "Look at the castle",
    "end.show": "Show the result",

    # --- error ------------------------------------------------------------------------------
    "error.title": "Something went wrong \u2014 your game is safe",
    "error.text": "The game met an unexpected problem and stopped what it was doing. "
                  "Details are in the log.",
    "error.message": "{kind}: {message}",
    "error.log_file": "The log file {path} has the details \u2014 send it with a bug report.",
    "error.continue": "Carry on",
    "error.menu": "Main menu",

    # --- rules reference --------------------------------------------------------------------
    "rules.title": "Rules of Castellion",
    "rules.topics": "Topics",
    "rules.scroll_hint": "Wheel, arrows or Page Up/Down scroll \u2022 Esc closes",
    "rules.topic.goal": "Goal of the game",
    "rules.body.goal": (
        "# Goal of the game\n"
        "You are a young architect of the Oniverse, building a dream castle against the Ordeals. "
        "Draw Dream tiles, place Defenders in your castle, keep Traitors away from it, and survive "
        "three Ordeals.\n\n"
        "You win when you pass the third Ordeal with a complete foundation. You lose as soon as an "
        "Ordeal finds your foundation incomplete or your castle lacks the formations it asks for.\n\n"
        "# What you play with\n"
        "- 72 Defender tiles: 4 factions (Seer, Chameleon, Juggler, Pyro) \u00d7 3 shapes "
        "(triangle, square, circle).\n"
        "- 12 Traitor tiles, 3 of them black-bordered.\n"
        "- Two draw piles: the safe pile (blue backs, 12 Defenders, no Traitors) and the regular "
        "pile (brown backs, 60 Defenders and the 12 Traitors).\n"
        "- Three Ordeal cards for the level you play."
    ),
    "rules.topic.castle": "Building the castle",
    "rules.body.castle": (
        "# The castle\n"
        "The castle is at most 6 tiles wide and 6 tiles tall. Its bottom row is the foundation; "
        "the foundation is complete when it holds 6 tiles.\n\n"
        "# Placing a Defender\n"
        "- The first tile goes anywhere in the foundation row. Every later tile must touch a tile "
        "of the castle (left, right, above or below). (R-P1)\n"
        "- Outside the foundation a tile must sit on top of another tile. (R-P2)\n"
        "- Outside the foundation a tile may not touch a tile of the same shape. Tiles placed in the "
        "foundation row are exempt. (R-P3)\n"
        "- The castle never grows beyond 6 \u00d7 6. While it is narrower, it slides sideways to make "
        "room for a foundation tile at either end. (R-P4)\n\n"
        "# Destroying tiles\n"
        "A destroyed tile goes to the discard pile and the tiles above it slide down one row. You may "
        "never destroy a tile if that would split the castle in two. (R-D1 to R-D4)"
    ),
    "rules.topic.formations": "Formations",
    "rules.body.formations": (
        "# Defensive formations\n"
        "A formation is a group of exactly four touching tiles of one faction:\n"
        "- Tower: 4 in a vertical column.\n"
        "- Bastion: a 2 \u00d7 2 square.\n"
        "- Line of defense: 4 in a horizontal row.\n\n"
        "Exactly four: one more tile of the same faction touching the group cancels it \u2014 a column "
        "of five Pyros counts for nothing. Tiles of other factions beside it do not matter. L, T, S "
        "and Z shapes count for nothing. The faction does not matter: a Pyro tower equals a Seer "
        "tower. Formations may use foundation tiles."
    ),
    "rules.topic.turn": "A turn",
    "rules.body.turn": (
        "# A turn\n"
        "1. Get a tile: draw the top tile of the regular pile or of the safe pile (while it lasts). "
        "If a Seer has revealed tiles, take one of them instead.\n\n"
        "2. Use it:\n"
        "- place a Defender in the castle;\n"
        "- or discard a Defender (from the base level on, its faction's power may follow);\n"
        "- or put a Traitor beside the current Ordeal;\n"
        "- or (base level on) discard a Traitor by destroying 4 castle tiles.\n\n"
        "3. Check the Ordeals: an Ordeal is encountered when enough Traitors stand beside it or "
        "when the castle is complete.\n\n"
        "A Traitor can never enter the castle. At the introductory level a Traitor must be placed "
        "beside the current Ordeal."
    ),
    "rules.topic.ordeals": "Ordeals",
    "rules.body.ordeals": (
        "# Ordeals\n"
        "Three Ordeal cards are dealt for your level. The current Ordeal is the first one not yet "
        "passed; Traitors gather beside it.\n\n"
        "# When an Ordeal is encountered\n"
        "- As soon as its Traitors reach the number on the card. (R-O1)\n"
        "- As soon as the castle is complete (36 tiles). (R-O2)\n"
        "- From the base level on, whenever you choose, between turns. (R-O3)\n"
        "- When no tile can be had any more, every remaining Ordeal is encountered in turn. (R-O4)\n\n"
        "# Resolving it\n"
        "- Requirement cards (Exams, Simulations): passed if the castle holds the formations shown "
        "and its foundation is complete; otherwise the game is lost.\n"
        "- Exam II: the whole foundation row is destroyed and everything drops one row; the new "
        "foundation must be complete.\n"
        "- Assaults (Harpy, Behemoth, Horde): if the castle lacks the formations, destroy the number "
        "of tiles shown, 4 fewer for each Bastion.\n"
        "- Earthworm: destroy the bottom 1, 2 or 3 rows.\n\n"
        "After every encounter an incomplete foundation loses the game. A passed Ordeal leaves with "
        "its Traitors and the next one becomes current."
    ),
    "rules.topic.levels": "The three levels",
    "rules.body.levels": (
        "# The School of Architects (introductory)\n"
        "Exam I (5 Traitors): a Tower, a Bastion and a Line. Exam II (2 Traitors): the foundation is "
        "destroyed and must be complete again. Exam III (5 Traitors): one of three big requirements.\n\n"
        "# The Admiral's Academy (base)\n"
        "Three Simulations, each encountered at 3 Traitors. Discarded Defenders use their powers, "
        "Traitors may be discarded for 4 tiles, and you may face an Ordeal early.\n\n"
        "# The Menace (expert)\n"
        "Three Assaults, each at 2 Traitors, dealt face down. Formations grant powers: each Line "
        "makes discarding a Traitor cost one tile fewer; a new Tower lets you turn a face-down "
        "Ordeal up; each Bastion softens an Assault by 4 tiles."
    ),
    "rules.topic.powers": "Powers (base level)",
    "rules.body.powers": (
        "# Powers of a discarded Defender\n"
        "From the base level on, discarding a Defender lets you use its faction's power. Using it "
        "is optional, but a power you use is used in full.\n"
        "- Juggler: swap two touching Defenders of the castle (the shape rule is ignored).\n"
        "- Seer: reveal tiles from the piles of your choice until 4 are revealed. They must all be "
        "used before anyone draws face down again.\n"
        "- Chameleon: take a tile of the same shape from the discard pile and use it at once.\n"
        "- Pyro: destroy one castle tile, then move one uncovered tile to another legal place "
        "(the shape rule is ignored).\n\n"
        "# Discarding a Traitor\n"
        "Instead of placing a Traitor you may discard it and destroy 4 castle tiles. The three "
        "black-bordered Traitors can never be discarded."
    ),
    "rules.topic.variants": "Variants",
    "rules.body.variants": (
        "# Easier and harder games\n"
        "Each level has an easier and a harder variant using the Menace pawn.\n"
        "- The Vigil (introductory, easier): keep a safe tile aside and exchange it for Defenders you get.\n"
        "- The Prophet (introductory, harder): the pawn counts as one Traitor beside an Ordeal.\n"
        "- The Premonition (base, easier): once per game, remove a plain Traitor at no cost.\n"
        "- The Prison (base, harder): fill a prison ring around the pawn, or lose 6 tiles per Ordeal passed.\n"
        "- The Guardian (expert, easier): once per game, discard a plain Traitor by putting the pawn on your castle.\n"
        "- The Intruder (expert, harder): the pawn must go on your castle; its tile counts for nothing."
    ),
    "rules.topic.two_players": "Two players & Pantry",
    "rules.body.two_players": (
        "# Two players\n"
        "Each player builds their own castle; the piles, discard pile and Ordeals are shared, and "
        "both win or both lose. Instead of using a Defender, you may hand it to your partner by "
        "destroying one tile of your own castle. The Champion card decides who faces each Ordeal.\n\n"
        "# The Pantry\n"
        "Six Pantry tiles without faction wait beside the castle. Instead of getting a tile you may "
        "place one. After Ordeals I, II and III the castle must hold exactly 2, 4 and 6 of them."
    ),
    "rules.topic.hotkeys": "Hotkeys",
    "rules.body.hotkeys": (
        "# Everywhere\n"
        "key: F1 \u2014 open or close these rules\n"
        "key: F11 \u2014 fullscreen on or off\n"
        "key: Esc \u2014 back, close, or pause the game\n"
        "key: Tab / arrows \u2014 move between buttons\n"
        "key: Enter / Space \u2014 press the highlighted button\n\n"
        "# At the castle\n"
        "key: Mouse \u2014 drag the tile in hand onto a lit cell, or click a pile to draw\n"
        "key: Arrows \u2014 move the cursor over the castle, piles, Ordeals and discard pile\n"
        "key: Enter \u2014 pick up the tile in hand, drop it, or click what the cursor is on\n"
        "key: Esc \u2014 cancel a drag or a choice (else pause)\n"
        "key: D / S \u2014 draw from the regular / safe pile\n"
        "key: X \u2014 discard the tile in hand\n"
        "key: T \u2014 put the Traitor beside the current Ordeal\n"
        "key: U / K \u2014 use / skip the power of a discarded Defender\n"
        "key: E \u2014 face the current Ordeal early (base level on)\n"
        "key: Ctrl+Z / Ctrl+Y \u2014 undo / redo, when the game allows it\n"
        "key: Space \u2014 skip the animations"
    ),

    # --- the rules' answers in words (castellion/ui/rules_text.py; keys end with the value) ----
    # Refusals: rules.refusal.<Why value>. The rule id stays in the sentence (players see it).
    "rules.refusal.game_over": "R-\u00a711: the game is over",
    "rules.refusal.no_tile_in_hand": "R-\u00a74: there is no tile in hand to place",
    "rules.refusal.not_in_hand": "R-\u00a74: the tile in hand is a {held}, not a {tile}",
    "rules.refusal.traitor_in_castle": "R-\u00a74: a Traitor can never enter the castle",
    "rules.refusal.not_a_traitor": "R-\u00a74: only a Traitor goes beside an Ordeal",
    "rules.refusal.not_now": "R-\u00a74: that is not possible now \u2014 {need}",
    "rules.refusal.no_such_pile": "R-\u00a74: there is no such pile",
    "rules.refusal.pile_empty": "R-\u00a74: the {pile} pile is empty",
    "rules.refusal.revealed_first": "R-\u00a76: revealed tiles must all be used before any face-down draw",
    "rules.refusal.not_touching": "R-P1: a tile must touch the castle",
    "rules.refusal.not_a_placement": "R-P1: that cell is not a legal placement",
    "rules.refusal.cell_taken": "R-P2: that cell is taken \u2014 a tile never covers another",
    "rules.refusal.not_supported": "R-P2: a tile outside the foundation must sit directly on top of another tile",
    "rules.refusal.below_foundation": "R-P2: nothing goes below the foundation",
    "rules.refusal.same_shape": "R-P3: a {shape} may not sit next to another {shape} outside the foundation",
    "rules.refusal.too_wide": "R-P4: the castle is at most 6 tiles wide",
    "rules.refusal.too_tall": "R-P4: the castle is at most 6 tiles tall",
    "rules.refusal.next_to_pawn": "R-\u00a78.5: no tile may be placed next to the Menace pawn",
    "rules.refusal.pantry_adjacent": ("R-\u00a710: harder Pantry \u2014 Pantry tiles may not be placed next to "
        "each other"),
    "rules.refusal.nothing_to_destroy": "R-D1: there is no tile there to destroy",
    "rules.refusal.would_split": "R-D3: destroying the tile at {cell} would split the castle in two",
    "rules.refusal.not_uncovered": ("R-\u00a79: at the introductory level only a tile with nothing on top may be "
        "destroyed to pass a tile"),
    "rules.refusal.traitor_discard_level": "R-\u00a76.5: Traitors may be discarded only from the base level on",
    "rules.refusal.black_traitor": "R-\u00a76.5: a black-bordered Traitor can never be discarded",
    "rules.refusal.early_encounter_level": "R-O3: Ordeals may be encountered early only from the base level on",
    "rules.refusal.chameleon_at_once": ("R-\u00a76: a tile taken back by the Chameleon is used at once \u2014 place it "
        "or discard it"),
    "rules.refusal.vigil_traitor": "R-\u00a78.1: a Traitor can never be exchanged with the Vigil",
    "rules.refusal.vigil_back": "R-\u00a78.1: this tile just came from the Vigil \u2014 it cannot go straight back",
    "rules.refusal.no_vigil": "R-\u00a78.1: there is no Vigil in this game",
    "rules.refusal.pawn_unavailable": "R-\u00a78: the pawn is not available for that now",
    "rules.refusal.no_prison": "R-\u00a78.4: there is no prison in this game",
    "rules.refusal.prison_defenders_only": "R-\u00a78.4: only a Defender you get may go into the prison",
    "rules.refusal.prison_ring_only": "R-\u00a78.4: the prison is the ring of 8 cells around the pawn",
    "rules.refusal.prison_cell_taken": "R-\u00a78.4: that prison cell is taken",
    "rules.refusal.prison_not_touching": "R-\u00a78.4: a prison tile must touch another prison tile",
    "rules.refusal.prison_same_shape": "R-\u00a78.4: a {shape} may not touch another {shape} in the prison",
    "rules.refusal.pass_solo": "R-\u00a79: tiles can be passed only in a two-player game",
    "rules.refusal.pass_traitor": "R-\u00a79: Traitors cannot be passed",
    "rules.refusal.pass_empty_castle": "R-\u00a79: with an empty castle you cannot pass",
    "rules.refusal.pass_received": "R-\u00a79: a passed tile must be used by its receiver",
    # what the game waits for, by phase (rules.refusal.not_now's {need})
    "rules.phase.prophet": "choose the Ordeal the Prophet's pawn stands beside",
    "rules.phase.get": "get a tile first (draw from a pile or take a revealed tile)",
    "rules.phase.use": "use the tile in hand (place it, discard it, or set the Traitor beside the Ordeal)",
    "rules.phase.power": "use or skip the power of the discarded Defender",
    "rules.phase.juggler": "choose two adjacent Defenders to swap",
    "rules.phase.seer": "choose the pile to reveal from",
    "rules.phase.chameleon": "choose a tile of the same shape from the discard pile",
    "rules.phase.pyro_destroy": "choose the tile the Pyro destroys",
    "rules.phase.pyro_move": "choose a tile to move and where it goes",
    "rules.phase.destroy": "choose the next tile to destroy",
    "rules.phase.tower_reveal": "choose the face-down Ordeal to turn up",
    "rules.phase.choose_facer": "choose who faces the first Ordeal",
    "rules.phase.intruder": "put the Intruder pawn on the castle",
    "rules.phase.over": "the game is over",
    "rules.pile.regular": "regular",
    "rules.pile.safe": "safe",
    # endings: rules.loss.<rule id>, and .player when a two-player game names whose castle failed
    "rules.won": "all three Ordeals passed \u2014 the castle stands (R-O6)",
    "rules.loss.R-\u00a75.3": "R-\u00a75.3: {ordeal} needed {need}; the castle had {have}",
    "rules.loss_player.R-\u00a75.3": "R-\u00a75.3: {ordeal} needed {need}; {name}'s castle had {have}",
    "rules.loss.R-O5": "R-O5: the foundation was incomplete after {ordeal}",
    "rules.loss_player.R-O5": "R-O5: {name}'s foundation was incomplete after {ordeal}",
    "rules.loss.R-\u00a78.5": "R-\u00a78.5: the tile under the Menace pawn was destroyed",
    "rules.loss_player.R-\u00a78.5": "R-\u00a78.5: the tile under the Menace pawn was destroyed in {name}'s castle",
    "rules.loss.R-\u00a710": ("R-\u00a710: the castle had to hold exactly {need} Pantry tiles after {ordeal} (it "
        "held {have})"),
    "rules.loss_player.R-\u00a710": ("R-\u00a710: {name}'s castle had to hold exactly {need} Pantry tiles after "
        "{ordeal} (it held {have})"),
    "rules.loss.unknown_rule": "the game is lost ({rule})",
    # requirements: "1 Tower + 1 Bastion + 1 Line"; what a castle had: "1 Tower, 0 Bastions and 0 Lines"
    "rules.count.tower.one": "{n} Tower",
    "rules.count.tower.other": "{n} Towers",
    "rules.count.bastion.one": "{n} Bastion",
    "rules.count.bastion.other": "{n} Bastions",
    "rules.count.line.one": "{n} Line",
    "rules.count.line.other": "{n} Lines",
    "rules.need.join": " + ",
    "rules.need.nothing": "nothing",
    "rules.list.join": ", ",
    "rules.list.last": "{rest} and {last}",
    # what a destruction in progress is for (board banner: "Destroy 3 more — {reason}")
    "rules.destroy.traitor": "discarding a Traitor",
    "rules.destroy.assault": "{ordeal}",
    "rules.destroy.prison": "the prison is not complete",
    "rules.destroy.pass": "passing a tile",
    "rules.destroy.champion": "handing over the Champion card",
    "rules.destroy.line": "R-D4: destroy {n} more ({reason})",
    # the text mode's words for a card this edition reconstructed (the board's "this edition's card")
    "rules.reconstructed": "this edition's card",
    "rules.player": "player {n}",
}
