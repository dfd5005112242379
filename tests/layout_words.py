"""What a frame really shows of its words, for the layout and untranslated-words tests (issue 25).

`Compositor` records every text the fonts render and follows it through every blit in logical
units — onto intermediate layers (the board's cached still picture, panels, cards) and from them
onto the canvas — so the final frame's words are known with the rectangle their ink covers there
and whether a clip or a layer's edge cut them. Scenes draw on a `ui.canvas.Canvas` (also at scale
1, so that every layer is an `Image` whose blits pass through `_Logical.blit`).

Two pictures are drawn from caches and are known by what they are, not by their pixels (issue 19):
- a panel (`ui.painting.draw_panel`) is its rect, however it is composed: with its shadow, the
  cached pieces are blitted straight into the physical pixels, past `_Logical.blit`, so
  `painting._blit_panel` (which is told the panel's rect) is followed;
- a button's face (`ui.faces`, a layer with a margin for the shadow and focus ring) is a widget,
  not a panel: it hides what lies under the button's rounded rect, but the words on it are
  checked against the widget (`label_problems` in the test) and the panel the button sits on.

The checks:
- `cut_words`: text whose ink a clip, a layer's edge or the canvas' edge cuts, or that was
  ellipsised ("Reparto 1…") where the whole words were meant;
- `touching_words`: two different texts whose ink touches or overlaps (1 px apart counts);
- `english_words`: words of the English catalog or the level files shown in Spanish / Japanese.
"""

from __future__ import annotations

import itertools
import re
import weakref
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pygame
import yaml

from castellion.ui import canvas as canvas_module
from castellion.ui import painting
from castellion.ui.faces import FaceCache
from castellion.ui.fit import ELLIPSIS
from castellion.ui.fonts import Fonts
from castellion.ui.sprites import Sprites
from castellion.ui.widgets import FACE_MARGIN
from tests.catalogs import catalog

CANVAS = (1280, 800)
SHADOW = 6  # logical px: the same words this close are one text and its shadow
BUTTON_RADIUS = 8  # Button.paint's border_radius: its face is opaque inside that rounded rect
ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Word:
    words: str
    ink: pygame.Rect  # where the ink would be, uncut (logical units of the surface it is on)
    cut: bool  # part of the ink was clipped away on the way
    scene: int = 0  # which scene of the stack drew it (bottom 0): an overlay hides what is below
    size: int = 0  # the size it was rendered at (px at 1280×800, the text size applied)


class Compositor:
    """Installs itself on `Fonts.render` and `_Logical.blit` (see the module docstring)."""

    def __init__(self, monkeypatch) -> None:
        self.rendered: dict[int, tuple[str, pygame.Rect]] = {}  # id(text surface) -> words, ink (logical)
        self.sizes: dict[int, int] = {}  # id(text surface) -> the size it was rendered at
        self.watched: set[int] = set()  # ids whose objects are watched: gone, their records go (ids come back)
        self.on: dict[int, list[Word]] = {}  # id(surface) -> the words drawn on it
        self.boxes: dict[int, list[pygame.Rect]] = {}  # id(surface) -> the opaque pictures drawn on it, in order
        self.faces: dict[int, pygame.Surface] = {}  # id(button face picture) -> it (kept: ids stay unique)
        self.spills: list[str] = []
        self.tofu: list[tuple[str, str]] = []
        self.scene = 0  # set by `draw_stack` while each scene draws
        original_render = Fonts.render
        original_blit = canvas_module._Logical.blit
        original_fill = canvas_module._Logical.fill
        me = self

        def render(fonts, words, size, colour, role="body"):
            surf = original_render(fonts, words, size, colour, role)
            if id(surf) not in me.rendered:
                missing = "".join(fonts.missing_glyphs(font, part) for part, font in fonts.runs(words, role, size))
                if missing:
                    me.tofu.append((words, missing))
                scale = canvas_module.scale_of(surf)
                ink = canvas_module.logical_rect(pygame.Surface.get_bounding_rect(surf), scale)
                me.rendered[id(surf)] = (words, ink)
                me.sizes[id(surf)] = fonts.sized(size)
                me._watch(surf)
            return surf

        def blit(target, source, dest=(0, 0), area=None, special_flags=0):
            done = original_blit(target, source, dest, area, special_flags)
            me._follow(target, source, dest, area, done)
            return done

        def fill(target, color, rect=None, special_flags=0):
            done = original_fill(target, color, rect, special_flags)
            if rect is None or pygame.Rect(rect).contains(target.get_rect()):
                me.on.pop(id(target), None)  # repainted: what was drawn there is gone
                me.boxes.pop(id(target), None)
            return done

        original_get = FaceCache.get
        original_put = FaceCache.put
        original_blit_panel = painting._blit_panel

        def get_face(cache, key):
            picture = original_get(cache, key)
            me._know_face(picture)
            return picture

        def put_face(cache, key, picture):
            original_put(cache, key, picture)
            me._know_face(picture)

        def blit_panel(surface, pieces, rect, offset):
            original_blit_panel(surface, pieces, rect, offset)
            rect = pygame.Rect(rect)
            me._box(surface, rect, rect.clip(surface.get_clip()))

        monkeypatch.setattr(Fonts, "render", render)
        monkeypatch.setattr(FaceCache, "get", get_face)
        monkeypatch.setattr(FaceCache, "put", put_face)
        monkeypatch.setattr(painting, "_blit_panel", blit_panel)
        # art composed on layers (the Ordeal cards) as Images also at scale 1: their blits are seen
        monkeypatch.setattr(Sprites, "layer", lambda sprites, size: canvas_module.Image(size, sprites.scale))
        monkeypatch.setattr(canvas_module._Logical, "blit", blit)
        monkeypatch.setattr(canvas_module._Logical, "fill", fill)

    def _watch(self, thing) -> None:
        if id(thing) not in self.watched:
            self.watched.add(id(thing))
            weakref.finalize(thing, self._forget, id(thing))

    def _forget(self, key: int) -> None:
        self.watched.discard(key)
        for records in (self.rendered, self.sizes, self.on, self.boxes):
            records.pop(key, None)

    def _follow(self, target, source, dest, area, done) -> None:
        if isinstance(dest, pygame.Rect):
            x, y = dest.topleft
        else:
            x, y = dest[0], dest[1]
        ox, oy = x, y
        if area is not None:
            a = pygame.Rect(area)
            ox, oy = x - a.x, y - a.y
        visible = pygame.Rect(done).inflate(2, 2)  # rounding at scales other than 1
        text = self.rendered.get(id(source))
        if id(source) in self.faces:  # a button: it hides what is under its rect; it is no panel
            button = pygame.Rect((x, y), source.get_size()).inflate(-2 * FACE_MARGIN, -2 * FACE_MARGIN)
            for part in (button.inflate(-2 * BUTTON_RADIUS, 0), button.inflate(0, -2 * BUTTON_RADIUS)):
                self._cover(target, part.clip(done))  # (the rounded rect's corners let words show)
        elif text is None and _opaque(source):
            self._box(target, pygame.Rect(done), pygame.Rect(done))
        items: list[Word] = []
        if text is not None and text[0].strip():
            ink = text[1].move(ox, oy)
            # on a panel or card drawn before it: the words stay inside it
            box = next((b for b in reversed(self.boxes.get(id(target), []))
                        if b.inflate(-8, -8).collidepoint(ink.center)), None)
            # inside the inner gold line across, clear of the border up and down
            spills = box is not None and not box.inflate(-16, -10).contains(ink)
            if spills:
                self.spills.append(f"{text[0]!r} at {ink} leaves its panel {box}")
            items.append(Word(text[0], text[1].copy(), spills, size=self.sizes.get(id(source), 0)))
        items += self.on.get(id(source), [])
        if not items:
            return
        self._watch(target)
        placed = self.on.setdefault(id(target), [])
        for item in items:
            ink = item.ink.move(ox, oy)
            if ink.w == 0 or ink.h == 0 or not visible.colliderect(ink):
                continue  # wholly clipped away (scrolled out of a list): not shown
            placed.append(Word(item.words, ink, item.cut or not visible.contains(ink), self.scene, item.size))

    def _know_face(self, picture) -> None:
        """Remember the pictures of a button face the cache hands out (`Button.draw`)."""
        if picture is not None:
            for part in picture if isinstance(picture, tuple) else (picture,):
                if isinstance(part, pygame.Surface):
                    self.faces[id(part)] = part

    def _box(self, target, rect: pygame.Rect, shown: pygame.Rect) -> None:
        """An opaque picture (a panel, a card, a layer) at `rect`, of which `shown` was drawn (a
        clip may cut it): it hides what was under that part, and words drawn over that part
        later must stay inside it (a panel clipped to a scrolled room is no panel below the room)."""
        self._cover(target, shown.inflate(-8, -8))  # (rounded corners let words show)
        self.boxes.setdefault(id(target), []).append(rect if shown.h >= rect.h and shown.w >= rect.w else shown)
        self._watch(target)  # (its id must not come back as another surface's)

    def _cover(self, target, rect: pygame.Rect) -> None:
        """An opaque picture (a panel, a card, a layer) drawn over `rect`: the words under it are
        hidden, those it covers in part are cut."""
        placed = self.on.get(id(target))
        if not placed or rect.w <= 0 or rect.h <= 0:
            return
        kept = []
        for w in placed:
            if rect.contains(w.ink):
                continue
            if rect.colliderect(w.ink) and w.scene == self.scene:  # (an overlay over a screen hides it, in part)
                w = Word(w.words, w.ink, True, w.scene, w.size)
            kept.append(w)
        self.on[id(target)] = kept

    def draw_stack(self, stack, surface) -> None:
        """`stack.draw(surface)`, remembering which scene drew each word."""
        scenes = stack.scenes
        start = len(scenes) - 1
        while start > 0 and scenes[start].transparent:
            start -= 1
        from castellion.scenes.stack import drawing

        for index in range(start, len(scenes)):
            self.scene = index
            with drawing(scenes[index]):  # the player's text size, up to what the screen holds
                scenes[index].draw(surface)

    def frame(self, surface) -> list[Word]:
        return list(self.on.get(id(surface), []))

    def reset(self, surface) -> None:
        self.on.pop(id(surface), None)
        self.boxes.pop(id(surface), None)
        self.spills = []


def _opaque(source) -> bool:
    """Whether `source` hides what is under it: opaque at its centre and at four inner points."""
    pixels = canvas_module.physical(source)
    try:
        w, h = pygame.Surface.get_size(pixels)
    except TypeError:
        return False
    if w < 16 or h < 16:
        return False
    if not pygame.Surface.get_flags(pixels) & pygame.SRCALPHA and pygame.Surface.get_colorkey(pixels) is None \
            and pygame.Surface.get_alpha(pixels) in (None, 255):
        return True
    points = [(w // 2, h // 2), (w // 4, h // 4), (3 * w // 4, h // 4), (w // 4, 3 * h // 4), (3 * w // 4, 3 * h // 4)]
    return all(pygame.Surface.get_at(pixels, p)[3] == 255 for p in points) \
        and pygame.Surface.get_alpha(pixels) in (None, 255)


def make_surface(scale: float):
    """A canvas of the logical size at `scale` (1024×600 → 0.75) over its own pixels."""
    physical = (round(CANVAS[0] * scale), round(CANVAS[1] * scale))
    return canvas_module.Canvas(pygame.Surface(physical), CANVAS, scale)


# ------------------------------------------------------------------------------------- checks
@cache
def _catalog_patterns(lang: str) -> list[re.Pattern[str]]:
    """Each catalog text of `lang` as a pattern ({placeholders} match anything)."""
    out = []
    for value in catalog(lang).values():
        if not value:
            continue
        parts = re.split(r"\{[^}]*\}", value)
        out.append(re.compile(".*".join(re.escape(p) for p in parts), re.S))
    return out


def meant_with_ellipsis(words: str, lang: str) -> bool:
    """`words` ends with "…" because its catalog text does ("Thinking…", "Save game…")."""
    return any(p.fullmatch(words) for p in _catalog_patterns(lang) if p.pattern.endswith(re.escape(ELLIPSIS)))


def cut_words(frame: list[Word], lang: str) -> list[str]:
    screen = pygame.Rect((0, 0), CANVAS)
    out = []
    for w in frame:
        if w.cut or not screen.contains(w.ink):
            out.append(f"{w.words!r} is cut at {w.ink}")
        elif w.words.endswith(ELLIPSIS) and not meant_with_ellipsis(w.words, lang):
            out.append(f"{w.words!r} is ellipsised")
    return out


def touching_words(frame: list[Word]) -> list[str]:
    out = []
    shown = [w for w in frame if w.ink.w and w.ink.h]
    for a, b in itertools.combinations(shown, 2):
        if a.scene != b.scene or (a.words == b.words and _offset(a.ink, b.ink)):
            continue  # a shadow or an outline: the same words drawn twice, a few pixels apart
        if _near(a.ink, b.ink):
            out.append(f"{a.words!r} {a.ink} touches {b.words!r} {b.ink}")
    return out


def _offset(a: pygame.Rect, b: pygame.Rect) -> bool:
    """The same words drawn twice a few pixels apart (a shadow), not two labels that say the
    same ("Traitors 0 / 3" under two cards)."""
    return abs(a.x - b.x) <= SHADOW and abs(a.y - b.y) <= SHADOW


def _near(a: pygame.Rect, b: pygame.Rect) -> bool:
    """The inks overlap or meet (no pixel between them)."""
    return a.left <= b.right and b.left <= a.right and a.top <= b.bottom and b.top <= a.bottom


@cache
def english_phrases(lang: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """(whole English texts, English phrases of two words or more) that `lang` says otherwise:
    the English catalog's texts whose `lang` text differs, and the names of the level files
    (levels, variants, Ordeal cards), minus anything the `lang` catalog itself contains."""
    en, other = catalog("en"), catalog(lang)
    everything_there = "\n".join(other.values())
    wholes: set[str] = set()
    phrases: set[str] = set()
    for key, value in en.items():
        if not value or other.get(key, value) == value:
            continue
        for part in re.split(r"\{[^}]*\}", value):
            part = part.strip(" .,:;!?()«»\"“”—–-\n")
            if not re.search(r"[A-Za-z]{2}", part) or part in everything_there:
                continue
            if " " in part and len(part) >= 8:
                phrases.add(part)
            elif part == value.strip():
                wholes.add(part)
    for path in sorted((ROOT / "levels").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for name in _names(data):
            if " " in name and name not in everything_there:
                phrases.add(name)
    return frozenset(wholes), tuple(sorted(phrases, key=len, reverse=True))


def _names(data) -> list[str]:
    out = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("name", "title", "banner", "edition_note") and isinstance(value, str):
                out.append(value.strip())
            else:
                out += _names(value)
    elif isinstance(data, list):
        for item in data:
            out += _names(item)
    return out


def english_words(frame_words: list[str], lang: str, allowed: tuple[str, ...] = ()) -> list[str]:
    wholes, phrases = english_phrases(lang)
    out = []
    for words in frame_words:
        if any(a in words for a in allowed):
            continue
        if words.strip() in wholes:
            out.append(f"{words!r} is English")
            continue
        hit = next((p for p in phrases if p in words), None)
        if hit is not None:
            out.append(f"{words!r} has English {hit!r}")
    return out


def widget_words(ctx):
    """(words, boxes) for every visible widget of the stack's scenes: its label, its note and its
    options' labels and notes, with the rects they must stay in (a segmented control's segments,
    else the widget's rect). The one walk both layout tests make."""
    from castellion.ui.language import _widgets_of

    for scene in ctx.stack.scenes:
        for value in list(vars(scene).values()):
            for widget in _widgets_of(value):
                if getattr(widget, "rect", None) is None or not getattr(widget, "visible", True):
                    continue
                boxes = list(widget.segment_rects()) if hasattr(widget, "segment_rects") else [widget.rect]
                words = [getattr(widget, a, "") for a in ("label", "note")]
                words += [w for o in getattr(widget, "options", ()) for w in (o.label, o.note)]
                yield [w for w in words if w], boxes



def rows_scroll_into_view(page) -> None:
    """A page of rows (`ui.settings_table.RowFlow` as `page.flow`) longer than its room: the rows
    out of view stay in the focus order, focusing each brings it into view with every row shown
    inside the room, and the wheel scrolls back up (the Settings and Accessibility pages)."""
    flow = page.flow
    assert flow.most() > 0  # longer than the room: it scrolls
    hidden = [w for w in page.widgets.rows if not w.visible]
    assert hidden and all(w in page.widgets.focusables() for w in hidden)  # still in the focus order
    for widget in page.widgets.rows:
        page.widgets.focus(widget)
        page.update(1 / 60)
        assert widget.visible and flow.room.contains(widget.rect), widget
        assert all(flow.room.contains(w.rect) for w in page.widgets.rows if w.visible), widget
    top = flow.offset
    page.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert flow.offset < top  # the wheel scrolls back up


def stack_words(stack, monkeypatch, scale: float = 1.0):
    """One frame of `stack` drawn on a canvas at `scale`: the compositor and the frame's words."""
    comp = Compositor(monkeypatch)
    surface = make_surface(scale)
    comp.reset(surface)
    comp.draw_stack(stack, surface)
    return comp, comp.frame(surface)


def set_text(ctx, lang: str, scale: float, text_size: int) -> None:
    """The player's text size, the language and the window's scale, as a screen would be shown."""
    from castellion.ui import widgets
    from castellion.ui.text import set_language

    ctx.settings.text_size = text_size
    ctx.apply_settings(["text_size"])
    set_language(lang)
    ctx.fonts.set_scale(scale)
    ctx.sprites.set_scale(scale)
    widgets.clear_caches()


def row_in_part(ctx, flow, monkeypatch, lang: str, column: int | None = None, share: int = 3) -> str:
    """A scrolled column (`ui.flow.Flow`: Setup's, the settings') with a row in part in view, under
    the last whole row (in `column`, if told): that row is drawn there, clipped to the room (most of
    the band it takes in view differs from the frame drawn as before, when it was left out), and of
    its words only the lines whole in the room (none cut). `share`: at least 1 / share of the band
    drawn (a row of words alone, such as a settings switch, leaves more of it bare than a card).
    Answers the row's key."""
    from castellion.ui.canvas import physical
    from castellion.ui.flow import Flow

    part = [key for key in flow.keys if flow.in_part(key) and column in (None, flow.column(key))]
    assert part, "no row in part in view: the check would see nothing"
    band = flow.extent(part[0]).clip(flow.room)

    def pixels() -> list[tuple[int, ...]]:
        surface = make_surface(1.0)
        ctx.stack.draw(surface)
        picture = physical(surface)
        return [tuple(picture.get_at((x, y))) for x in range(band.x, band.right, 3)
                for y in range(band.y, band.bottom, 3)]

    now = pixels()
    with monkeypatch.context() as m:
        m.setattr(Flow, "in_part", lambda self, key: False)
        before = pixels()
    changed = sum(a != b for a, b in zip(now, before, strict=True))
    assert changed > len(now) // share, f"{part[0]}: {changed} of {len(now)} pixels drawn in its band"
    _, frame = stack_words(ctx.stack, monkeypatch)
    top = len(ctx.stack.scenes) - 1  # (an overlay's: not the words of the screen under it)
    drawn = [w for w in frame if w.ink.colliderect(band) and w.scene == top]
    assert all(flow.room.contains(w.ink) and not w.cut for w in drawn), drawn
    assert not cut_words(frame, lang), cut_words(frame, lang)
    return part[0]


# ------------------------------------------------------------------------------ one size a group
def group_sizes(frame, texts: dict[str, pygame.Rect]) -> dict[str, set[int]]:
    """Each text of `texts` (its words -> the box it is drawn in): the sizes of the frame's words
    drawn in its box that are it or a line of it (wrapped)."""
    out: dict[str, set[int]] = {}
    for text, box in texts.items():
        out[text] = {w.size for w in frame if w.words.strip() and w.words.strip() in text
                     and pygame.Rect(box).collidepoint(w.ink.center)}
    return out


def uneven(groups: dict[str, set[int]]) -> list[str]:
    """One size a group: a problem when a text is drawn at more than one size, or not at all, or
    when the texts of the group are drawn at different sizes."""
    out = [f"{text!r} drawn at {found or 'no size'}" for text, found in groups.items() if len(found) != 1]
    every = {s for found in groups.values() for s in found}
    if len(every) > 1:
        out.append("one group at several sizes: " + ", ".join(f"{t!r} {sorted(s)}" for t, s in groups.items()))
    return out
