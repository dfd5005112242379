"""The game's own rules data, for callers that name no ruleset (`new_game("base", seed=3)`).

A module of its own so that `game.new_game` and `ordeals.judge_ordeal` import it at the top like
any other part of the rules (the package re-exports both functions); before, they reached it by
importing their own package late, a circle package → game → package.
"""

from __future__ import annotations

from .ruleset import Ruleset

_default: Ruleset | None = None


def default_ruleset() -> Ruleset:
    """The game's own data. It lives in levels/*.yaml, which the content layer reads; the import
    is deferred to this call so that importing the rules stays free of file access.

    This is the one import of the rules outside the standard library, and the one arrow that
    points up a layer (rules → content): the documented seam of docs/rules-api.md. Tests that
    check the rules' purity (tests/project/test_purity.py, tests/project/test_layers.py) import the rules without
    calling it."""
    global _default
    if _default is None:
        from castellion.content import load_ruleset

        _default = load_ruleset()
    return _default


def use_ruleset(ruleset: Ruleset | None) -> None:
    """Make `ruleset` the default (tests, or a front end that loaded data itself)."""
    global _default
    _default = ruleset


__all__ = ["default_ruleset", "use_ruleset"]
