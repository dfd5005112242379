"""Colours and sizes shared by every scene.

A `Theme` is a plain value held by the `AppContext`; nothing here touches the display. The
colour-blind switch only changes which palette `faction()` answers from, so scenes that ask the
theme at draw time follow the setting at once.
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

    # Results
    good: Colour = (48, 120, 60)
    bad: Colour = (150, 40, 30)
    error: Colour = (170, 40, 30)

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

    def faction(self, letter: str) -> Colour:
        """The colour of faction `letter` ("S", "C", "J", "P") in the active palette."""
        table = self.factions_colourblind if self.colourblind else self.factions_normal
        return table.get(letter, self.ink_faint)
