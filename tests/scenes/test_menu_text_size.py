"""Issue 31: the main menu at every text size, in English, Spanish and Japanese, at 1280×800 and
1024×600. Its six small buttons each shrank their own label to fit, so at 175 % "Cargar partida"
and "Aprender a jugar" stood much smaller than "Reglas" and "Salir" beside them, and the grown
"Continuar" was squeezed over its note. Now the panel grows and lays its buttons out again: every
label is drawn at one size, the player's or (where the panel truly has no room) the largest size
at which every label fits whole; nothing leaves the panel, is cut, touches, or overlaps.

The first start's offer of the tutorial ("New to Castellion?") is shown beside the panel: at
100 % to its right, as always; larger, in the daily card's place (the card comes back once the
offer is answered), so the panel keeps the room it has without the offer (beside it, at 200 % the
panel had 400 px and fell back to the 100 % menu). The offer's own words grow with the text size:
its title and text wrap, its buttons stack, and the card grows taller."""

from __future__ import annotations

import itertools

import pygame
import pytest

from castellion.scenes.nav import Route
from castellion.ui.fonts import Fonts
from castellion.ui.text import t
from tests.layout_words import cut_words, touching_words
from tests.project.test_layout_words import SCALES, every_text_size, label_problems, show

SIZES = (125, 150, 175, 200)
LABELS = ("menu.new_game", "menu.continue", "menu.load", "menu.learn", "menu.rules", "menu.stats", "menu.settings",
          "menu.quit")
# the text size every label reaches (all three languages, both windows): the player's, 200 % too
# (there the title smaller at the top, no tagline; Japanese has its four short buttons in one row)
REACHED = 2.0


OFFER = {"tutorial.offer.title": 26, "tutorial.offer.text": 20, "tutorial.offer.yes": 22, "tutorial.offer.no": 20}
# the text size the offer's words reach (all three languages, both windows): the player's
OFFER_REACHED = 2.0


def drawn(ctx, monkeypatch, lang: str, window: str, text_size: int, offering: bool = False):
    """Show the menu (`offering`: with the first start's offer of the tutorial); answer it, the
    size each of its labels was drawn at (px, the text size applied) and the frame's problems."""
    sizes: dict[str, set[int]] = {}
    inner = Fonts.render

    def render(fonts, words, size, colour, role="body"):
        sizes.setdefault(words, set()).add(fonts.sized(size))
        return inner(fonts, words, size, colour, role)

    monkeypatch.setattr(Fonts, "render", render)
    comp, frame = show(ctx, monkeypatch, "menu-first-start" if offering else "menu", lang, SCALES[window], text_size)
    menu = ctx.stack.top
    assert menu.route is Route.MENU and menu.offering is offering
    problems = sorted(set(comp.spills)) + cut_words(frame, lang) + touching_words(frame) + label_problems(ctx, frame)
    shown = [w for w in menu.widgets.widgets if w.visible]
    problems += [f"{a.label!r} {a.rect} overlaps {b.label!r} {b.rect}" for a, b in itertools.combinations(shown, 2)
                 if pygame.Rect(a.rect).inflate(8, 8).colliderect(b.rect)]  # (the focus ring too)
    labels = {t(key) for key in LABELS}
    problems += [f"{w.words!r} at {w.ink} leaves the panel {menu.panel}" for w in frame
                 if w.words in labels and not menu.panel.contains(w.ink)]
    problems += [f"{b.label!r} {b.rect} leaves the panel {menu.panel}" for b in menu.panel_buttons()
                 if not menu.panel.contains(b.rect)]
    if offering:
        problems += offer_problems(menu, frame)
    menu.frame = frame  # (the offer's tests read its words)
    return menu, {label: sizes.get(label, set()) for label in labels}, problems


def offer_problems(menu, frame) -> list[str]:
    """The offer's card inside the screen (above the footer), clear of the panel and of the daily
    card when that is shown; its buttons and every word of it inside the card."""
    card = menu.offer
    out = [f"the offer {card} leaves the screen" for _ in [0] if not pygame.Rect(0, 0, 1280, 750).contains(card)]
    out += [f"the offer {card} overlaps {name} {rect}" for name, rect in (("the panel", menu.panel),
                                                                           ("the daily card", menu.daily.rect))
            if card.colliderect(rect) and (name == "the panel" or menu.daily.open.visible)]
    out += [f"{b.label!r} {b.rect} leaves the offer {card}" for b in menu.offer_buttons.widgets
            if not card.contains(b.rect)]
    mine = {t(key) for key in OFFER}
    out += [f"{w.words!r} at {w.ink} leaves the offer {card}" for w in frame
            if (w.words in mine or any(w.words in t(k) for k in ("tutorial.offer.title", "tutorial.offer.text")))
            and card.colliderect(w.ink) and not card.contains(w.ink)]
    return out


def check(ctx, monkeypatch, lang: str, window: str, text_size: int, offering: bool = False) -> None:
    menu, sizes, problems = drawn(ctx, monkeypatch, lang, window, text_size, offering)
    where = f"{lang} at {window}, {text_size} %"
    assert not problems, where + ":\n" + "\n".join(problems)
    assert all(len(s) == 1 for s in sizes.values()), (where, sizes)  # each label drawn whole at one size
    assert len({s for one in sizes.values() for s in one}) == 1, (where, sizes)  # ...the same for all eight
    (size,) = next(iter(sizes.values()))
    asked = ctx.theme.font_button
    assert size == round(asked * menu.text_limit), (where, size, menu.text_limit)
    assert menu.text_limit >= min(text_size / 100, REACHED), (where, menu.text_limit)


@pytest.mark.parametrize(("lang", "window"), [("es", "1280x800"), ("ja", "1024x600"), ("en", "1024x600")])
def test_every_menu_label_is_drawn_at_one_size_at_175(ctx, monkeypatch, lang, window):
    check(ctx, monkeypatch, lang, window, 175)


@every_text_size(SIZES)
def test_every_menu_label_is_drawn_at_one_size_at_every_text_size(ctx, monkeypatch, lang, window, text_size):
    check(ctx, monkeypatch, lang, window, text_size)


@pytest.mark.parametrize(("lang", "window"), [("es", "1024x600"), ("ja", "1280x800"), ("en", "1280x800")])
def test_every_menu_label_is_drawn_at_200_under_a_smaller_title(ctx, monkeypatch, lang, window):
    """At 200 % the eight buttons need more height than the title and the tagline leave: the title
    goes smaller to the top, the tagline is left out, and every label is drawn at 200 %."""
    check(ctx, monkeypatch, lang, window, 200)
    menu = ctx.stack.top
    assert menu.text_limit == 2.0 and menu.compact and menu.tight, (lang, window, menu.panel)


def test_the_menu_at_100_is_laid_out_as_before(ctx, monkeypatch):
    """At 100 % the panel and its buttons keep their places and their own label sizes."""
    menu, _, problems = drawn(ctx, monkeypatch, "en", "1280x800", 100)
    assert not problems, problems
    assert menu.panel == pygame.Rect(430, 330, 420, 410) and not menu.compact
    assert [tuple(b.rect) for b in menu.panel_buttons()][2:4] == [(480, 498, 154, 52), (646, 498, 154, 52)]
    assert [b.font_size for b in menu.panel_buttons()] == [None, None, 24, 19, None, 24, 24, None]


def test_the_menu_lays_itself_out_again_when_the_text_size_changes(ctx, monkeypatch):
    """Settings → Text size over the menu: the menu below follows (its buttons placed again)."""
    menu, _, _ = drawn(ctx, monkeypatch, "es", "1280x800", 100)
    narrow = menu.panel.w
    ctx.settings.text_size = 150
    ctx.apply_settings(["text_size"])
    menu.update(1 / 60)
    assert menu.panel.w > narrow and menu.text_limit == 1.5
    assert {b.font_size for b in menu.panel_buttons()} == {None}


@pytest.mark.parametrize(("lang", "window", "text_size"), [("es", "1280x800", 200), ("en", "1024x600", 150),
                                                          ("ja", "1024x600", 175), ("es", "1024x600", 125)])
def test_the_menu_keeps_its_text_size_beside_the_first_start_offer(ctx, monkeypatch, lang, window, text_size):
    """The first start's offer takes the daily card's place at a large text size: the panel keeps
    its room and every label reaches the size it has without the offer (beside the offer, at
    200 % in Spanish, the panel fell back to the 100 % menu, "Cargar partida" shrunk)."""
    check(ctx, monkeypatch, lang, window, text_size, offering=True)
    offered = ctx.stack.top.text_limit
    check(ctx, monkeypatch, lang, window, text_size)
    assert offered == ctx.stack.top.text_limit, (lang, window, text_size, offered)


@every_text_size(SIZES)
def test_the_menu_keeps_its_text_size_beside_the_offer_at_every_text_size(ctx, monkeypatch, lang, window,
                                                                          text_size):
    check(ctx, monkeypatch, lang, window, text_size, offering=True)


def offer_sizes(ctx, monkeypatch, lang: str, window: str, text_size: int) -> tuple[object, dict[str, set[int]]]:
    """The menu with the offer shown, and the pixel sizes each of the offer's texts was drawn at
    while the card was drawn (its title's and text's wrapped lines under their catalog key)."""
    from castellion.scenes import menu as menu_module

    rendered: list[tuple[str, int]] = []
    inner, drawing, card = Fonts.render, menu_module.draw_offer, []

    def render(fonts, words, size, colour, role="body"):
        if card:
            rendered.append((words, fonts.sized(size)))
        return inner(fonts, words, size, colour, role)

    def draw_offer(*args):
        card.append(True)
        try:
            drawing(*args)
        finally:
            card.clear()

    monkeypatch.setattr(Fonts, "render", render)
    monkeypatch.setattr(menu_module, "draw_offer", draw_offer)
    menu, _, problems = drawn(ctx, monkeypatch, lang, window, text_size, offering=True)
    assert not problems, problems
    whole = {t(key): key for key in OFFER}
    sizes: dict[str, set[int]] = {key: set() for key in OFFER}
    for words, px in rendered:
        key = whole.get(words) or next(k for k in ("tutorial.offer.title", "tutorial.offer.text")
                                       if words.strip() in t(k))
        sizes[key].add(px)
    return menu, sizes


@pytest.mark.parametrize(("lang", "window", "text_size"), [("es", "1280x800", 200), ("ja", "1280x800", 200),
                                                          ("ja", "1024x600", 150), ("en", "1024x600", 175)])
def test_the_offer_is_drawn_at_the_players_text_size(ctx, monkeypatch, lang, window, text_size):
    """The offer's title, text and buttons are drawn at the player's text size (at 200 % its text
    was about 14 px and "No, thanks" about 10 px in Japanese): the lines wrap, the buttons stack
    and the card grows taller, every word inside it."""
    menu, sizes = offer_sizes(ctx, monkeypatch, lang, window, text_size)
    reached = min(text_size / 100, OFFER_REACHED)
    assert menu.offer_limit >= reached, (lang, window, text_size, menu.offer_limit)
    want = {key: round(asked * menu.offer_limit) for key, asked in OFFER.items()}
    assert sizes == {key: {px} for key, px in want.items()}, (lang, window, text_size)


@every_text_size(SIZES)
def test_the_offer_is_drawn_at_the_players_text_size_at_every_size(ctx, monkeypatch, lang, window, text_size):
    menu, sizes = offer_sizes(ctx, monkeypatch, lang, window, text_size)
    assert menu.offer_limit >= min(text_size / 100, OFFER_REACHED), (lang, window, text_size, menu.offer_limit)
    assert sizes == {key: {round(asked * menu.offer_limit)} for key, asked in OFFER.items()}, (lang, window)


def test_the_offer_at_100_keeps_its_place_beside_the_panel(ctx, monkeypatch):
    """At 100 % the offer's card, its words and its buttons are where they always were, and the
    daily card stays."""
    menu, sizes = offer_sizes(ctx, monkeypatch, "en", "1280x800", 100)
    assert menu.offer == pygame.Rect(874, 354, 330, 210) and menu.panel == pygame.Rect(430, 330, 420, 410)
    assert [tuple(b.rect) for b in menu.offer_buttons.widgets] == [(890, 494, 141, 52), (1047, 494, 141, 52)]
    assert menu.daily.open.visible and menu.daily.achievements.visible
    assert sizes["tutorial.offer.title"] == {26} and sizes["tutorial.offer.text"] == {20}


def test_declining_the_offer_brings_the_daily_card_back(ctx, monkeypatch):
    """At a large text size the offer hides the daily card (its buttons out of the keyboard's
    way too); "No, thanks" brings it back, with the panel as it was."""
    menu, _, _ = drawn(ctx, monkeypatch, "es", "1280x800", 200, offering=True)
    panel = menu.panel.copy()
    assert not menu.daily.open.visible and menu.daily.open not in menu.widgets.focusables()
    menu.offer_buttons.widgets[1].click()
    menu.update(1 / 60)
    assert not menu.offering and menu.daily.open.visible and menu.daily.achievements.visible
    assert menu.panel.size == panel.size and menu.text_limit == 2.0


def test_a_translation_too_long_for_the_offer_falls_back_to_the_100_percent_card(ctx, monkeypatch):
    """A future translation that no longer fits the offer's large card even at 100 % ("No, thanks"
    wider than the card) must not take the menu down (the large layout ended with an assert): the
    100 % card stands in the daily card's column, its words and buttons shrunk to fit it as they
    are beside the panel."""
    from castellion.scenes import menu as menu_module
    from castellion.ui import offer_card

    said = menu_module.t
    longer = "No, thanks: I know how to play already"

    def too_long(key: str, **fields) -> str:
        return longer if key == "tutorial.offer.no" else said(key, **fields)

    monkeypatch.setattr(menu_module, "t", too_long)
    _, frame = show(ctx, monkeypatch, "menu-first-start", "en", SCALES["1280x800"], 200)
    menu = ctx.stack.top
    assert menu.route is Route.MENU and menu.offering
    assert not menu.offer_laid.large and menu.offer_limit == 1.0
    assert menu.offer == pygame.Rect(offer_card.LEFT, menu.panel.y, 330, 210)
    assert not offer_problems(menu, frame), offer_problems(menu, frame)
    assert not label_problems(ctx, frame), label_problems(ctx, frame)  # the long label inside its button


def test_the_japanese_offer_leaves_no_character_alone_on_a_line(ctx, monkeypatch):
    """At 200 % the offer's Japanese title read "…は初めてです" over "か？" and its text ended
    with "す。" alone: the wrap leaves no line of one or two characters (`fonts.stranded`)."""
    from castellion.ui.fonts import stranded

    menu, _, problems = drawn(ctx, monkeypatch, "ja", "1280x800", 200, offering=True)
    assert not problems, problems
    words = (t("tutorial.offer.title"), t("tutorial.offer.text"))
    lines = [w.words for w in menu.frame if w.words.strip() and any(w.words.strip() in text for text in words)
             and menu.offer.contains(w.ink)]
    assert len(lines) >= 4 and not any(stranded(line) for line in lines), lines


@pytest.mark.parametrize("window", sorted(SCALES))
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_footer_keeps_the_versions_size_at_200(ctx, monkeypatch, lang, window):
    """At 200 % the footer shrank to its room beside the version (es 22 px, en 28, beside 36).
    Above 100 % its parts are left out from the first ("A solo or two-player game of the
    Oniverse") until the rest fits: the keys for the rules and for fullscreen stay, at the
    version's size, clear of it."""
    comp, frame = show(ctx, monkeypatch, "menu", lang, SCALES[window], 200)
    entries = footer_entries()
    whole, keys = " \u2022 ".join(entries), entries[1:]
    version = [w for w in frame if w.words == t("app.version", version=ctx.version)]  # (its shadow too)
    footer = [w for w in frame if w.words.endswith(keys[-1]) and w.words in whole]
    assert version and footer, (version, footer)
    sizes = {w.size for w in version}, {w.size for w in footer}
    assert sizes[0] == sizes[1] and len(sizes[0]) == 1, (lang, window, footer[0].words, sizes)
    assert all(key in footer[0].words for key in keys)
    assert max(w.ink.right for w in footer) < min(w.ink.left for w in version) and not touching_words(frame)


def footer_entries() -> list[str]:
    """The footer's three catalog entries as the menu fills them in: the tagline, the rules key,
    the fullscreen key."""
    from castellion.ui.devices import prompts

    keys = prompts()
    return [t("menu.footer.tagline"), t("menu.footer.rules", rules=keys["rules"]),
            t("menu.footer.fullscreen", fullscreen=keys["fullscreen"])]


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_footer_is_its_three_entries_joined_at_100_percent(ctx, monkeypatch, lang):
    """The footer was one translated sentence ("menu.footer") that the menu split at " • ". It is
    three catalog entries joined by the screen, and at 100 % all three are drawn whole."""
    from castellion.scenes.menu import FOOTER_GAP

    _, frame = show(ctx, monkeypatch, "menu", lang, 1.0, 100)
    entries = footer_entries()
    assert all(entry and "." not in entry.split()[0] for entry in entries), entries  # translated, not the ids
    assert FOOTER_GAP.join(entries) in {w.words for w in frame}


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_footer_leaves_out_whole_entries_tagline_first_as_its_room_shrinks(ctx, monkeypatch, lang):
    """At 200 %, as the room beside the version shrinks, the footer leaves out its entries whole,
    the tagline first, then the rules key; the fullscreen key stays. A tagline whose translation
    holds the separator itself is still left out whole (the menu once split the sentence it
    was given at " • ", and would have shown half of such a tagline)."""
    import castellion.scenes.menu as menu_module
    from castellion.scenes.menu import FOOTER_GAP

    real = menu_module.t
    tagline = f"{real('menu.footer.tagline')}{FOOTER_GAP}{real('app.tagline')}"
    monkeypatch.setattr(menu_module, "t",
                        lambda key, **fmt: tagline if key == "menu.footer.tagline" else real(key, **fmt))
    show(ctx, monkeypatch, "menu", lang, 1.0, 200)
    menu = ctx.stack.top
    entries = [tagline, *footer_entries()[1:]]
    whole = ctx.fonts.text_width(FOOTER_GAP.join(entries), "body", ctx.theme.font_small)
    shown = [menu._footer(room) for room in range(whole + 40, -1, -10)]
    suffixes = [FOOTER_GAP.join(entries[k:]) for k in range(3)]
    assert all(words in suffixes for words in shown), sorted(set(shown) - set(suffixes))
    counts = [3 - suffixes.index(words) for words in shown]
    assert counts == sorted(counts, reverse=True) and counts[0] == 3 and counts[-1] == 1, counts
    assert set(counts) == {1, 2, 3}  # the tagline goes first, then the rules key
