"""Every sound the game plays has a visual cue, proven sound by sound (issue 31, item 5; XAG 103:
no cue by sound alone).

For each name in `ui.sound.SOUND_NAMES` (the sound table, not a copy of it), the real board is
driven headless by a player's gestures to an event that plays that sound: a recording mixer
notes the frame in which it played, and the frame itself or the next one must show the cue that
`ui.sound.VISUAL_CUES` and docs/accessibility.md declare — the words the cue says (from the
catalogs, as the frame drew them) and, where the cue is a picture, a drawn difference in its
area against the frame before the gesture. Animations are off: the cue must not depend on a
flight or a fade (the setting's promise), and nothing is mid-way when the frame is looked at.
A sound added to the table without a case here fails `test_every_sound_has_a_case`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest

from castellion.scenes.board import HandoverScene
from castellion.scenes.reveal import OrdealRevealScene
from castellion.ui import sound as S
from castellion.ui.geometry import center
from castellion.ui.text import t
from tests.board_driver import BoardDriver
from tests.conftest import TextSpy
from tests.rules_helpers import TOWER_BASTION_LINE, rows, scenario

Rect = tuple[int, int, int, int]
SHADE = 60  # a clear change of colour: more than a lit cell's glow
SHARE = 0.5  # of a picture's area, changed clearly (a line of words: less, set by its cue)


class _Sound:
    def __init__(self, ears: Ears, name: str) -> None:
        self.ears, self.name = ears, name

    def set_volume(self, _volume: float) -> None:
        pass

    def play(self) -> None:
        self.ears.heard.append((self.name, self.ears.frame()))


class Ears:
    """A mixer that records each sound played with the frame it played in."""

    def __init__(self, frame: Callable[[], int]) -> None:
        self.frame = frame
        self.heard: list[tuple[str, int]] = []

    def get_init(self) -> tuple[int, int, int]:
        return (22050, -16, 1)

    def Sound(self, path: str) -> _Sound:  # noqa: N802 - pygame's name
        return _Sound(self, Path(path).stem)


class Watched(BoardDriver):
    """A `BoardDriver` that keeps, once `watching`, each frame's picture and the words it drew."""

    def __init__(self, ctx, game) -> None:
        self.spy = TextSpy(ctx.fonts)
        ctx.fonts = self.spy
        self.watching = False
        self.before: pygame.Surface | None = None  # the frame before the gesture
        self.shots: dict[int, pygame.Surface] = {}
        self.words: dict[int, list[str]] = {}
        super().__init__(ctx, game)

    def frame(self, dt: float | None = None) -> None:
        k = self.frames
        self.spy.texts = []
        super().frame(dt)
        if self.watching:
            self.shots[k] = self.surface.copy()
            self.words[k] = list(self.spy.texts)


@dataclass(frozen=True)
class Cue:
    """What must show: `words` drawn in the frame, and a drawn change in `area` against the
    frame before the gesture (None: the words alone make the cue)."""

    words: tuple[str, ...] = ()
    area: Rect | None = None
    scene: type | None = None  # the screen the cue is on (None: the board itself)
    share: float = SHARE  # how much of `area` must change


@dataclass(frozen=True)
class Case:
    game: Callable[[], object]  # the game just before the event
    act: Callable[[Watched], None]  # the player's gesture
    cue: Callable[[Watched], Cue]  # read after the gesture


def _lay(d: Watched):
    return d.board.state.layout


def _drag_to_cell(cell) -> Callable[[Watched], None]:
    return lambda d: d.drag(center(_lay(d).hand_rect()), center(_lay(d).cell_rect(cell)))


def _inner(rect, margin: int = 8) -> Rect:
    r = pygame.Rect(rect).inflate(-2 * margin, -2 * margin)
    return (r.x, r.y, r.w, r.h)


def _encounter(d: Watched) -> None:
    d.click(center(_lay(d).button_rect("encounter")))
    d.click(d.stack.top.yes_button.rect.center)


LOW = rows("Pc Jc .. .. .. ..")
EXAM_TWO = rows("Pt .. .. .. .. ..", "Ps Jc Ss Ct Sc Js", "Pc Jc Ss Ct Sc Js")
PYRO = rows("Jt Cs .. .. .. ..", "Pc Jc Ss Ct .. ..")
TOWER = rows("Pt .. .. .. .. ..", "Ps .. .. .. .. ..", "Pc Jc .. .. .. ..")


CASES: dict[str, Case] = {
    "draw": Case(lambda: scenario("intro", castle_text=LOW),
                 lambda d: d.click(center(_lay(d).pile_rect("regular"))),
                 lambda d: Cue(area=_inner(_lay(d).hand_rect()))),
    "place": Case(lambda: scenario("intro", castle_text=LOW, held="St"), _drag_to_cell((0, 2)),
                  lambda d: Cue(area=_inner(_lay(d).cell_rect((0, 2))))),
    "discard": Case(lambda: scenario("intro", castle_text=LOW, held="St", discard=[]),
                    lambda d: d.drag(center(_lay(d).hand_rect()), center(_lay(d).discard_rect())),
                    lambda d: Cue(area=_inner(_lay(d).discard_rect()))),
    # a triangle on a triangle outside the foundation (R-P3): refused, the reason on the message line
    "invalid": Case(lambda: scenario("intro", castle_text=rows("Pt Jc .. .. .. .."), held="St"),
                    _drag_to_cell((1, 0)),
                    lambda d: Cue(words=(d.board.state.message,), area=_lay(d).message)),
    "traitor": Case(lambda: scenario("intro", castle_text=LOW, held="T", traitors=[[]]),
                    lambda d: d.drag(center(_lay(d).hand_rect()), center(_lay(d).ordeal_rect(0))),
                    lambda d: Cue(area=_lay(d).traitor_rect(0, 0, 1))),
    "power": Case(lambda: scenario("base", castle_text=PYRO, held="Pt"),
                  lambda d: (d.drag(center(_lay(d).hand_rect()), center(_lay(d).discard_rect())),
                             d.click(center(_lay(d).button_rect("use")))),
                  lambda d: Cue(words=(d.board.banner_text(),), area=_lay(d).banner, share=0.05)),
    "destroy": Case(lambda: scenario("base", castle_text=PYRO, held="Pt"),
                    lambda d: (d.drag(center(_lay(d).hand_rect()), center(_lay(d).discard_rect())),
                               d.click(center(_lay(d).button_rect("use"))),
                               d.click(center(_lay(d).cell_rect((1, 1))))),
                    lambda d: Cue(area=_inner(_lay(d).cell_rect((1, 1))))),
    "ordeal_revealed": Case(lambda: scenario("expert", castle_text=TOWER, held="Pc"),
                            lambda d: (_drag_to_cell((3, 0))(d), d.click(center(_lay(d).ordeal_rect(2)))),
                            lambda d: Cue(area=_inner(_lay(d).ordeal_rect(2)))),
    "turn": Case(lambda: scenario("base", players=2, held="Pc"), _drag_to_cell((0, 0)),
                 lambda d: Cue(words=(t("board.handover", name="Ben"),), scene=HandoverScene)),
    "ordeal_passed": Case(lambda: scenario("base", cards=["exam-1", "exam-2"], castle_text=TOWER_BASTION_LINE),
                          _encounter, lambda d: Cue(words=(t("reveal.passed"),), scene=OrdealRevealScene)),
    "rows": Case(lambda: scenario("intro", cards=["exam-2", "exam-1", "exam-3a"], traitors=[["T"]], held="T",
                                  castle_text=EXAM_TWO),
                 lambda d: d.drag(center(_lay(d).hand_rect()), center(_lay(d).ordeal_rect(0))),
                 lambda d: Cue(words=(t("reveal.foundation_row"),), scene=OrdealRevealScene)),  # Exam II's
    "won": Case(lambda: scenario("base", cards=["exam-1"], castle_text=TOWER_BASTION_LINE), _encounter,
                lambda d: Cue(words=(t("reveal.passed"), t("reveal.won")), scene=OrdealRevealScene)),
    "lost": Case(lambda: scenario("base", cards=["exam-1"]), _encounter,
                 lambda d: Cue(words=(t("reveal.lost"),), scene=OrdealRevealScene)),
}


# Other events that play one of these sounds, where what shows differs from the case above.
ALSO: dict[str, tuple[str, Case]] = {
    "seer": ("ordeal_revealed",  # the Seer turns a tile over: face up in the revealed row
             Case(lambda: scenario("base", castle_text=rows("Pc Jc Ss Ct .. .."), held="Ss"),
                  lambda d: (d.drag(center(_lay(d).hand_rect()), center(_lay(d).discard_rect())),
                             d.click(center(_lay(d).button_rect("use"))),
                             d.click(center(_lay(d).pile_rect("safe")))),
                  lambda d: Cue(area=_inner(_lay(d).revealed_rect(0), 4)))),
}


def _changed(before: pygame.Surface, after: pygame.Surface, area: Rect) -> float:
    """The share of `area`'s pixels whose colour changed clearly between the two pictures (by
    more than `SHADE` over the three channels: a light or a shade laid over it does not count)."""
    a = pygame.image.tobytes(before.subsurface(area), "RGB")
    b = pygame.image.tobytes(after.subsurface(area), "RGB")
    n = len(a) // 3
    return sum(abs(a[i] - b[i]) + abs(a[i + 1] - b[i + 1]) + abs(a[i + 2] - b[i + 2]) > SHADE
               for i in range(0, 3 * n, 3)) / max(1, n)


def test_every_sound_has_a_case() -> None:
    """A new sound needs its case here (what plays it, and what shows it)."""
    assert set(CASES) == set(S.SOUND_NAMES) == set(S.VISUAL_CUES)


def play_to(ctx, name: str, case: Case | None = None) -> tuple[Watched, int]:
    """Drive the board to the event that plays `name` (`case`, else its own); the driver and the
    frame it played in."""
    case = case or CASES[name]
    ctx.settings.animations = False
    ctx.settings.sound = True
    d = Watched(ctx, case.game())
    ears = Ears(lambda: d.frames)
    ctx.sounds = S.SoundBoard(lambda: ctx.settings, mixer=ears, min_gap=0.0)
    ctx.observe_session(d.board.session)  # as a game shown by the app is (scenes/flow.py)
    for _ in range(3):
        d.frame()
    d.before = d.surface.copy()
    d.watching = True
    case.act(d)
    d.frame()
    d.frame()
    assert not ctx.errors, ctx.errors
    frames = [k for heard, k in ears.heard if heard == name]
    assert frames, f"{name!r} was not played; heard {ears.heard}, stack {ctx.stack.describe()}"
    return d, frames[0]


@pytest.mark.parametrize("name", S.SOUND_NAMES)
def test_each_sound_shows_its_visual_cue_in_the_same_or_the_next_frame(ctx, name: str) -> None:
    shows_its_cue(ctx, name, CASES[name])


@pytest.mark.parametrize("event", sorted(ALSO))
def test_another_event_of_the_same_sound_shows_its_cue_too(ctx, event: str) -> None:
    shows_its_cue(ctx, *ALSO[event])


def shows_its_cue(ctx, name: str, case: Case) -> None:
    """`case` plays sound `name`, and its cue shows in that frame or the next."""
    d, k = play_to(ctx, name, case)
    cue = case.cue(d)
    shown = [j for j in (k, k + 1) if j in d.shots]
    assert shown, f"no frame drawn after {name!r}"
    missing: list[str] = []
    for word in cue.words:
        assert word, f"{name}: the cue's words are empty"
        if not any(word in text for j in shown for text in d.words[j]):
            missing.append(f"words {word!r}")
    if cue.scene is not None and not isinstance(d.stack.top, cue.scene):
        missing.append(f"screen {cue.scene.__name__} (top: {d.stack.describe()})")
    if cue.area is not None:
        assert d.before is not None
        share = max(_changed(d.before, d.shots[j], cue.area) for j in shown)
        if share < cue.share:
            missing.append(f"a drawn change in {cue.area} ({share:.1%} of it changed)")
    assert not missing, f"{name!r} ({S.VISUAL_CUES[name]}) played in frame {k}, but not shown: {missing}"


def test_a_cue_taken_away_is_seen_missing(ctx, monkeypatch) -> None:
    """The check itself can fail: with the hand-over banner not drawn, `turn` has no cue."""
    monkeypatch.setattr(HandoverScene, "draw", lambda self, surface: None)
    with pytest.raises(AssertionError, match="turn"):
        test_each_sound_shows_its_visual_cue_in_the_same_or_the_next_frame(ctx, "turn")

