"""Colours and sizes shared by every scene.

A `Theme` is a plain value held by the `AppContext`; nothing here touches the display. The
colour-blind switch only changes which palette `faction()` answers from, so scenes that ask the
theme at draw time follow the setting at once.

The high-contrast theme (Settings → Accessibility) is a swap of the palette table, not a test in
every screen: `set_high_contrast` writes `HIGH_CONTRAST` (or the standard values) over the theme's
fields. Its text reaches 7:1 against its backing and its UI parts 3:1 (WCAG 2 contrast ratio);
`CONTRAST_PAIRS` lists every colour pair the theme draws, and `tests/ui/test_contrast.py` checks
each of them. `plain_panels` makes the panels plain backing instead of textured paper and the
backdrop plain `night` instead of the painting; `tile_outline` draws a dark outline around each
tile so its shape stands out from the board.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Colour = tuple[int, int, int]

# Faction colours as printed-ish: Seer violet, Chameleon green, Juggler gold, Pyro red.
FACTIONS_NORMAL: dict[str, Colour] = {
    "S": (112, 72, 160),
    "C": (62, 138, 70),
    "J": (214, 160, 40),
    "P": (190, 52, 38),
}
# Okabe–Ito colours: distinguishable with the common forms of colour-blindness.
FACTIONS_COLOURBLIND: dict[str, Colour] = {
    "S": (0, 114, 178),    # blue
    "C": (0, 158, 115),    # bluish green
    "J": (240, 228, 66),   # yellow
    "P": (213, 94, 0),     # vermilion
}


@dataclass
class Theme:
    """Palette and sizes. `colourblind` selects the faction palette (settings toggle)."""

    colourblind: bool = False

    # Parchment and ink
    parchment: Colour = (240, 226, 192)
    parchment_dark: Colour = (222, 200, 152)
    ink: Colour = (52, 34, 20)
    ink_soft: Colour = (104, 80, 58)
    ink_faint: Colour = (150, 128, 100)
    border: Colour = (92, 58, 30)
    gold: Colour = (196, 150, 62)
    gold_light: Colour = (236, 200, 112)
    shadow: tuple[int, int, int, int] = (0, 0, 0, 110)
    backdrop: tuple[int, int, int, int] = (16, 10, 6, 150)  # dims the scene under an overlay
    night: Colour = (30, 26, 38)  # plain background when background.png is missing

    # Buttons
    button: Colour = (122, 46, 28)
    button_hover: Colour = (150, 62, 36)
    button_pressed: Colour = (96, 34, 20)
    button_text: Colour = (250, 238, 210)
    button_secondary: Colour = (86, 70, 52)
    button_secondary_hover: Colour = (110, 90, 66)
    button_disabled: Colour = (150, 136, 116)
    button_disabled_text: Colour = (214, 204, 186)
    focus: Colour = (255, 214, 110)
    # a choice's segments and setup's level cards: at rest, under the pointer, chosen (a card)
    option: Colour = (232, 214, 172)
    option_hover: Colour = (250, 238, 206)
    option_chosen: Colour = (252, 244, 224)
    # a glow or frame drawn on parchment (a lit panel, a selected card, a tag): gold_light itself
    # in the standard theme, where gold_light is also the words on the dark bars
    highlight: Colour = (236, 200, 112)
    # backings drawn inside screens: the review's graph (and its deeper look's box), the board's
    # win meter, a text field, the board's banner of what to do now (its words are gold_light)
    graph_backing: Colour = (250, 242, 224)
    meter_backing: Colour = (252, 244, 226)
    field_fill: Colour = (252, 246, 230)
    banner: Colour = (44, 28, 18)

    # Results
    good: Colour = (48, 120, 60)
    bad: Colour = (150, 40, 30)
    error: Colour = (170, 40, 30)

    # Paper textures and the backdrop painting (off: plain backing), and an outline around each
    # tile (0: none) — the high-contrast theme's
    plain_panels: bool = False
    tile_outline: int = 0
    high_contrast: bool = False

    # Sizes (logical pixels on the 1280×800 canvas)
    canvas: tuple[int, int] = (1280, 800)
    pad: int = 16
    radius: int = 10
    border_width: int = 3
    button_height: int = 52
    font_body: int = 22
    font_small: int = 18
    font_label: int = 24
    font_button: int = 26
    font_heading: int = 36
    font_title: int = 96

    factions_normal: dict[str, Colour] = field(default_factory=lambda: dict(FACTIONS_NORMAL))
    factions_colourblind: dict[str, Colour] = field(default_factory=lambda: dict(FACTIONS_COLOURBLIND))

    def set_high_contrast(self, on: bool) -> None:
        """Swap in the high-contrast palette table (or the standard one)."""
        for name, value in (HIGH_CONTRAST if on else STANDARD).items():
            setattr(self, name, value)
        self.high_contrast = on

    def faction(self, letter: str) -> Colour:
        """The colour of faction `letter` ("S", "C", "J", "P") in the active palette."""
        table = self.factions_colourblind if self.colourblind else self.factions_normal
        return table.get(letter, self.ink_faint)


# The high-contrast palette: plain white backing, black ink, black and dark-red buttons with white
# words, a blue focus ring; gold lines turn deep blue, the words on the dark bars bright yellow.
HIGH_CONTRAST: dict[str, object] = {
    "parchment": (255, 255, 255),
    "parchment_dark": (238, 238, 238),
    "ink": (0, 0, 0),
    "ink_soft": (30, 30, 30),
    "ink_faint": (64, 64, 64),
    "border": (0, 0, 0),
    "gold": (0, 60, 170),
    "gold_light": (255, 230, 60),
    "highlight": (0, 60, 170),
    "graph_backing": (255, 255, 255),
    "meter_backing": (255, 255, 255),
    "field_fill": (255, 255, 255),
    "banner": (0, 0, 0),
    "option": (255, 255, 255),
    "option_hover": (238, 238, 238),
    "option_chosen": (255, 255, 255),
    "shadow": (0, 0, 0, 0),
    "backdrop": (0, 0, 0, 200),
    "night": (0, 0, 0),
    "button": (120, 0, 0),
    "button_hover": (150, 0, 0),
    "button_pressed": (80, 0, 0),
    "button_text": (255, 255, 255),
    "button_secondary": (0, 0, 0),
    "button_secondary_hover": (0, 50, 130),
    "button_disabled": (84, 84, 84),
    "button_disabled_text": (255, 255, 255),
    "focus": (0, 90, 255),
    "good": (0, 80, 0),
    "bad": (150, 0, 0),
    "error": (150, 0, 0),
    "plain_panels": True,
    "tile_outline": 3,
}
# The standard values of the same fields (what switching the theme off writes back).
STANDARD: dict[str, object] = {name: getattr(Theme(), name) for name in HIGH_CONTRAST}

TEXT, PART = 7.0, 3.0  # WCAG 2: enhanced text contrast (1.4.6), non-text contrast (1.4.11)
# Every colour pair the theme draws: (foreground, backing, target). Backings: the panels
# (parchment, parchment_dark) and the choices on them (option…), the plain backdrop (night) and
# the dark bars and banners drawn over it (night in this theme), the buttons' faces.
CONTRAST_PAIRS: tuple[tuple[str, str, float], ...] = (
    *((text, back, TEXT) for text in ("ink", "ink_soft", "ink_faint", "border", "good", "bad", "error")
      for back in ("parchment", "parchment_dark", "option", "option_hover", "option_chosen")),
    ("gold_light", "night", TEXT),  # titles over the backdrop, the board's top bar and banners
    ("gold_light", "banner", TEXT),  # the board's banner: what to do now
    # the review's graph: its labels, the Ordeals' numerals (passed, failed), the deeper look's words
    *((text, "graph_backing", TEXT) for text in ("ink", "ink_soft", "ink_faint", "border", "good", "bad")),
    *((text, "meter_backing", TEXT) for text in ("ink", "ink_faint")),  # the win meter (ink_faint: stale)
    *((text, "field_fill", TEXT) for text in ("ink", "ink_faint")),  # a text field's words, its placeholder
    *(("button_text", face, TEXT) for face in ("button", "button_hover", "button_pressed", "button_secondary",
                                                "button_secondary_hover")),
    ("button_disabled_text", "button_disabled", TEXT),
    ("parchment", "good", TEXT),  # the white ✓ on a won day, the white ✗ on a lost day
    ("parchment", "bad", TEXT),
    *((part, back, PART) for part in ("gold", "highlight", "focus") for back in ("parchment", "parchment_dark")),
    ("focus", "night", PART),
    *((part, "field_fill", PART) for part in ("focus", "border")),  # a text field's frame, focused or not
    *((part, "meter_backing", PART) for part in ("good", "ink_faint", "border")),  # the meter's bar and frame
    ("border", "graph_backing", PART),  # the graph's curve and frame
    *((face, "parchment", PART) for face in ("button", "button_hover", "button_pressed", "button_secondary",
                                             "button_secondary_hover", "button_disabled")),
    ("parchment", "night", PART),  # a panel against the backdrop
)


def luminance(colour: tuple[int, ...]) -> float:
    """The WCAG relative luminance of an sRGB colour (0 black … 1 white)."""
    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """The WCAG contrast ratio of two colours (1 … 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
