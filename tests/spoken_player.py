"""A player who only listens: it plays a whole game on the real `App` from the keyboard, deciding
from what the game SAID (the transcript of a `RecordingEngine`) and nothing else — it never reads
the game object, the board or the stack.

It knows the sentences it listens for the way a player knows the game's words: each pattern is
made from the catalog's own sentence (`heard(key, field=regex)`), so a rewording of the English
catalog changes what it listens for, not this file. What it does, as a blind player would:

- F4 turns speech on (unless the menu was said: it is on already); on the menu Tab until "New
  game" is said, Enter; on the setup screen Tab to the seed's text field (read with its
  caption), type the seed, Enter (the level is the introductory one of a fresh data folder).
- On the board: A ("what can I do") lists the legal actions; it chooses, then presses the key the
  list named (D, S, X, T), or moves the cursor with the arrows — each step says "row 2, column 3:
  …" — to the cell it chose and presses Enter.
- An Ordeal's reveal says any key goes on: Enter until the castle is said again.
- The game is over when the end screen is said; won when the won sentence was said.

Its judgement (tests/spoken_sense.py) keeps the castle, the tiles still to come, the piles and
the Ordeals as it heard them, and weighs each cell A listed by the tiles the castle would still
lack for the Ordeals to come (the formations each asks for, the foundation, the row Exam II
leaves); it discards when every cell is worse than keeping the castle as it is, and draws from
the safe pile while the next Traitor or two would set off an Ordeal the castle is not ready for
(heard with O, pressed before each draw).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pygame

from castellion.ui.text import t, tn
from tests.conftest import frames, press
from tests.spoken_sense import Sense

NUM = r"\d+"
ANY = r".+?"


def heard(key: str, plural: int | None = None, **groups: str) -> re.Pattern[str]:
    """The catalog's sentence `key` as a pattern: each named field a group matching `groups[name]`
    (a plural sentence in the form for `plural`)."""
    count = groups.pop("n", None) if plural is not None else None  # tn fills {n} with the count itself
    marks = {name: f"\x00{name}\x00" for name in groups}
    text = tn(key, plural, **marks) if plural is not None else t(key, **marks)
    pattern = re.escape(text)
    if count is not None:
        pattern = pattern.replace(re.escape(str(plural)), f"(?P<n>{count})", 1)
    for name, sub in groups.items():
        pattern = pattern.replace(re.escape(marks[name]), f"(?P<{name}>{sub})", 1)
    return re.compile("^" + pattern + "$")


def _cell_pattern() -> re.Pattern[str]:
    return heard("speech.cell", row=NUM, col=NUM)


@dataclass
class Listener:
    """The sentences it knows (made once, in the current language)."""

    cell: re.Pattern[str] = field(default_factory=_cell_pattern)

    def __post_init__(self) -> None:
        self.at = heard("speech.at", where=ANY, what=r".*")
        self.do_draw = heard("speech.do.draw", pile=ANY, n=NUM, keys=ANY)
        self.do_place = [heard("speech.do.place", n, tile=ANY, n=NUM) for n in (1, 2)]
        self.do_cell = heard("speech.do.cell", cell=ANY)
        self.do_cell_does = heard("speech.do.cell_does", cell=ANY, what=ANY)
        self.do_traitor = heard("speech.do.traitor", ordeal=ANY, keys=ANY)
        self.do_discard = heard("speech.do.discard", tile=ANY, keys=ANY)
        self.ordeal_line = heard("speech.ordeal.line", n=NUM, name=ANY,
                                 state=f"(?:{re.escape(t('speech.ordeal.current'))})?", count=NUM, trigger=NUM)
        self.ordeal_passed = heard("speech.ordeal.passed", n=NUM, name=ANY)
        self.foundation = heard("speech.foundation", n=NUM)
        self.drawn = heard("speech.event.drawn", pile=ANY, tile=ANY)
        self.placed = heard("speech.event.placed", tile=ANY, cell=ANY)
        self.destroyed = heard("speech.event.destroyed", tile=ANY, cell=ANY)
        self.slid = [heard(f"speech.event.shifted_{side}", n, n=NUM) for side in ("right", "left") for n in (1, 2)]
        self.rows_gone = [heard("speech.event.rows_destroyed", n, n=NUM) for n in (1, 2)]
        self.left = t("speech.cell.beyond_left")
        self.right = t("speech.cell.beyond_right")
        self.regular = t("rules.pile.regular")
        self.safe = t("rules.pile.safe")
        self.pile_names = {self.regular: "regular", self.safe: "safe"}

    def where(self, words: str) -> tuple[int, int] | None:
        """The cell "row 2, column 3" names (row 1 the foundation), as (row, col) from 0; the
        foundation's slots beyond the edges as column -1 and 6."""
        if words == self.left:
            return (0, -1)
        if words == self.right:
            return (0, 6)
        m = self.cell.match(words)
        return (int(m["row"]) - 1, int(m["col"]) - 1) if m else None

    def cursor(self, line: str) -> tuple[int, int] | None:
        """Where the cursor is, from a line it said when it moved (None: not a cell line)."""
        m = self.at.match(line)
        return self.where(m["where"]) if m else None


@dataclass
class Options:
    """What "what can I do" said, read back."""

    piles: dict[str, str] = field(default_factory=dict)  # pile word → key
    cells: dict[tuple[int, int], str] = field(default_factory=dict)  # cell → what placing there does
    tile: str = ""  # the tile in hand's name (from the placement line)
    traitor: str = ""  # the key that lays the Traitor
    discard: str = ""  # the key that discards


KEYS = {name: getattr(pygame, f"K_{name.lower()}") for name in "ABCDEIKORSTUVX"}


@dataclass
class Game:
    """One game as heard: the result and the transcript."""

    seed: int
    won: bool = False
    ended: bool = False
    presses: int = 0
    transcript: list[str] = field(default_factory=list)


class Memory:
    """What was said, told to the listener's judgement (tests/spoken_sense.py): tiles drawn and
    placed, the castle sliding, rows and tiles destroyed."""

    def __init__(self, ears: Listener) -> None:
        self.ears = ears
        self.sense = Sense()

    def hear(self, line: str) -> None:
        ears, sense = self.ears, self.sense
        for n, pattern in enumerate(ears.slid):
            if m := pattern.match(line):
                sense.slid(int(m["n"]) * (1 if n < 2 else -1))
        for pattern in ears.rows_gone:
            if m := pattern.match(line):
                sense.rows_destroyed(int(m.groupdict().get("n") or 1))
        if m := ears.drawn.match(line):
            sense.drew(m["tile"], safe=m["pile"] == ears.safe)
        if (m := ears.placed.match(line)) and (cell := ears.where(m["cell"])) is not None:
            sense.placed(m["tile"], cell)
        if (m := ears.destroyed.match(line)) and (cell := ears.where(m["cell"])) is not None:
            sense.destroyed(cell)


class SpokenPlayer:
    """Plays on `app` whose speech goes to `recorder` (see the module docstring)."""

    def __init__(self, app, recorder, max_presses: int = 4000) -> None:
        self.app = app
        self.rec = recorder
        self.ears = Listener()
        self.read = 0  # lines of the transcript already listened to
        self.max_presses = max_presses
        self.game: Game | None = None
        self.memory = Memory(self.ears)
        self.hand = ""  # the faction of the tile in hand, as its drawing was said

    # ---------------------------------------------------------------- hearing
    def new_lines(self) -> list[str]:
        lines = self.rec.lines[self.read:]
        self.read = len(self.rec.lines)
        for line in lines:
            self.memory.hear(line)
        if self.game is not None:
            self.game.transcript += lines
        return lines

    def press(self, key: int, unicode: str = "", mod: int = 0) -> list[str]:
        press(self.app, key, unicode, mod, frames=2)
        if self.game is not None:
            self.game.presses += 1
            if self.game.presses > self.max_presses:
                raise AssertionError(f"no end after {self.max_presses} key presses")
        return self.new_lines()

    # ---------------------------------------------------------------- the screens
    def start(self, seed: int) -> Game:
        """From the menu: speech on, New game, the seed typed, Enter."""
        self.game = Game(seed)
        frames(self.app, 2)
        if t("speech.screen.menu") not in self.new_lines():  # silent: speech is off (F4 turns it on)
            self.press(pygame.K_F4)
        self._tab_to(lambda line: line.startswith(t("menu.new_game") + ","))
        self.press(pygame.K_RETURN)
        field_line = heard("speech.focus.position", text=re.escape(t("speech.focus.field", name=t("setup.seed"),
                                                                     text="\x00")).replace("\x00", NUM),
                           n=NUM, count=NUM)
        self._tab_to(lambda line: bool(field_line.match(line)))
        self.press(pygame.K_a, "a", pygame.KMOD_CTRL)
        for digit in str(seed):
            self.press(getattr(pygame, f"K_{digit}"), digit)
        self.press(pygame.K_RETURN)
        return self.game

    def _tab_to(self, wanted) -> None:
        for _ in range(30):
            if any(wanted(line) for line in self.press(pygame.K_TAB)):
                return
        raise AssertionError("never heard the control it looked for")

    def play(self, seed: int) -> Game:
        game = self.start(seed)
        board, reveal, end = t("speech.screen.board"), t("speech.screen.reveal"), t("speech.screen.end")
        won = t("outcome.won")
        screen = board
        lines: list[str] = []
        while True:
            for line in lines:
                if line in (board, reveal, end):
                    screen = line
                game.won = game.won or line == won
            if screen == end:
                game.ended = True
                return game
            if screen == reveal:
                lines = self.press(pygame.K_RETURN)
                continue
            lines = self.turn()

    # ---------------------------------------------------------------- a turn
    def options(self) -> tuple[Options, list[str]]:
        said = self.press(pygame.K_a)
        o = Options()
        ears = self.ears
        for line in said:
            if m := ears.do_draw.match(line):
                o.piles[m["pile"]] = m["keys"]
                self.sense.piles[ears.pile_names.get(m["pile"], m["pile"])] = int(m["n"])
            elif m := ears.do_traitor.match(line):
                o.traitor = m["keys"]
            elif m := ears.do_discard.match(line):
                o.discard = m["keys"]
            elif m := next((m for p in ears.do_place if (m := p.match(line))), None):
                o.tile = m["tile"]
            elif (m := ears.do_cell_does.match(line)) and ears.where(m["cell"]) is not None:
                o.cells[ears.where(m["cell"])] = m["what"]
            elif (m := ears.do_cell.match(line)) and ears.where(m["cell"]) is not None:
                o.cells[ears.where(m["cell"])] = ""
        return o, said

    @property
    def sense(self) -> Sense:
        return self.memory.sense

    def turn(self) -> list[str]:
        o, said = self.options()
        if o.piles:
            return self.press(KEYS[self._pile(o)])
        if o.cells:
            cell = self.sense.choose(o.tile, list(o.cells))
            if cell is None and o.discard:
                return self.press(KEYS[o.discard])
            return self.place(cell if cell is not None else next(iter(o.cells)))
        if o.traitor:
            return self.press(KEYS[o.traitor])
        if o.discard:
            return self.press(KEYS[o.discard])
        return said + self.press(pygame.K_RETURN)  # nothing it knows: Enter (a screen it left)

    def _pile(self, o: Options) -> str:
        """The regular pile, or the safe one while the next Traitor or two would set off an
        Ordeal the castle is not ready for (the Ordeals asked with O first)."""
        ears = self.ears
        self.sense.heard_ordeals(self.press(pygame.K_o), ears.ordeal_line, ears.ordeal_passed, ears.foundation)
        if ears.safe in o.piles and self.sense.safe_wanted():
            return o.piles[ears.safe]
        return o.piles.get(ears.regular) or next(iter(o.piles.values()))

    def place(self, target: tuple[int, int]) -> list[str]:
        """Arrows to `target` (each step's line says where the cursor is), then Enter."""
        here = self._cursor_after(self.press(pygame.K_F3))  # "where am I": the screen, then the cursor
        if here is None or here == target:  # the first arrow shows the cursor; on the target, step off and back
            here = self._cursor_after(self.press(pygame.K_RIGHT if (here or (0, 0))[1] < 5 else pygame.K_LEFT))
        for _ in range(20):
            if here == target or here is None:
                break
            r, c = here
            tr, tc = target
            key = (pygame.K_UP if tr > r else pygame.K_DOWN) if tr != r else \
                (pygame.K_RIGHT if tc > c else pygame.K_LEFT)
            moved = self._cursor_after(self.press(key))
            if moved is None:  # off the grid (a pile, a button): back with the opposite arrow
                raise AssertionError(f"the cursor left the castle on its way from {here} to {target}")
            here = moved
        if here != target:
            raise AssertionError(f"the cursor did not reach {target}")
        return self.press(pygame.K_RETURN)

    def _cursor_after(self, said: list[str]) -> tuple[int, int] | None:
        for line in reversed(said):
            cell = self.ears.cursor(line)
            if cell is not None:
                return cell
        return None
