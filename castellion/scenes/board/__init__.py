"""The board: the castle, the piles, the tile in hand, the Ordeals — where the game is played.

`BoardScene(ctx, session_or_game)` shows one game. Every choice is read from
`game.legal_actions()` (grouped once per state change in `Choices`) and applied through
`Session.apply` — the board never decides a rule. The scene owns its parts and hands each
only what it uses; the package's modules, one job each:

- `scene` — `BoardScene`: lifecycle, acting, undo / redo, the scenes it pushes;
- `state` — what the board knows between frames (`BoardState`), the gesture in progress
  (`Gesture`, reset as one value) and what the carried thing would do where it is (`Probe`);
- `gestures` — `BoardGestures`, the pointer: press, drag, release, click, cancel;
- `keys` — `BoardKeys`, the keyboard: a table of keys, and the cursor the arrows move;
- `buttons`, `pages` — the buttons; the reveal's pages after an action; `host` — what the
  board's parts, its sub-scenes and the demo ask of the scene (one Protocol);
- `meaning` — pure: what a drop or a click means (target + game → action or refusal);
- `choices` — `Choices`: the legal actions grouped by what the player points at;
- `banner` — pure: the one line saying what to do now;
- `animations` — the flights and flips after an action;
- `view`, `panels_castle`, `panels_info`, `status_panel`, `panels_tiles` — each panel a small class drawing
  from a `BoardView`; `live` — the layer that moves (the phase's painters, probe, cursor,
  dragged tile);
- `discard` — `DiscardOverlay` (the discard pile, the Chameleon's pick); `handover` — the
  two-player hand-over banner; `words` — tile and player names, refusal sentences;
  `pantry` — the Pantry option and its places. The board types the app's context as every scene
  does (`scenes.context.SceneContext`). The phases are the rules' `Phase`.

What the player does:

- get a tile: click or drag a pile (D / S), click a revealed tile; face the Ordeal early (E);
- drag the tile in hand onto a lit cell (or a glowing ghost slot just outside the grid, where the
  castle slides sideways), onto the discard pile (X), or a Traitor onto the current Ordeal (T);
  an illegal drop snaps back and the message line says why;
- every sub-step by clicks on lit things: destroy, Juggler swap (or drag onto the neighbour),
  Seer pile, Chameleon pick (an overlay over the discard pile), Pyro destroy then move (drag),
  use / skip a power (U / K), the Tower's face-down Ordeal;
- keyboard: arrows move a cursor over everything, Enter picks up / drops / clicks, Esc cancels,
  Ctrl+Z / Ctrl+Y undo / redo.

Variants (§8), the Pantry (§10) and two players (§9) use the same gestures: drag the tile in hand
onto the Vigil (exchange, V), into a lit prison ring cell, onto a lit pawn cell (the Guardian takes
a plain Traitor), onto the partner's castle (pass it, then destroy one of your own tiles); click a
card to seat the Prophet, a lit tile for the Intruder; drag a Pantry tile from the supply onto a
lit cell; buttons for the Premonition (P), the Champion hand-over (asks first) and who faces the
first Ordeal. In a two-player game both castles are drawn, the active one marked, and a short
hand-over banner (`HandoverScene`) names the next player.
"""

from __future__ import annotations

from castellion.rules import Phase
from castellion.scenes.board.choices import Choices
from castellion.scenes.board.discard import DiscardOverlay, browser_panel, browser_rect
from castellion.scenes.board.handover import HandoverScene
from castellion.scenes.board.scene import BoardScene
from castellion.scenes.board.words import player_name, refusal_text, tile_name
from castellion.ui.cards import render_card
from castellion.ui.geometry import center

__all__ = ["BoardScene", "Choices", "DiscardOverlay", "HandoverScene", "Phase", "browser_panel", "browser_rect",
           "center", "player_name", "refusal_text", "render_card", "tile_name"]
