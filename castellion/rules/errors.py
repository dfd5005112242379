"""The one error the rules raise for a refused action."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now. The message starts with the rule id (R-…)."""

    def __init__(self, message: str, *, rule: str = "", castle_text: str = "") -> None:
        self.rule = rule
        self.castle_text = castle_text
        full = message if not castle_text else f"{message}\ncastle:\n{castle_text}"
        super().__init__(full)
