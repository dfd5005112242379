"""The one error the rules raise for a refused action."""

from __future__ import annotations

from .reasons import Refusal


class IllegalAction(ValueError):
    """An action the rules do not allow now. `refusal` says why, as data (a `Refusal`: rule id and
    parameters); `rule` is its rule id. The message (str()) is a developer's description — rule id,
    reason key, parameters and the castle in notation — for logs and tests; screens make their
    sentence from `refusal` (`castellion.ui.rules_text.refusal_text`)."""

    def __init__(self, refusal: Refusal, *, castle_text: str = "") -> None:
        self.refusal = refusal
        self.rule = refusal.rule
        self.castle_text = castle_text
        message = refusal.describe()
        full = message if not castle_text else f"{message}\ncastle:\n{castle_text}"
        super().__init__(full)
