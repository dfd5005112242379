"""Winnable deals only, as the screens use it: which deal to deal, and whether a deal is proved.

A proved deal comes first from the store the computer player keeps ahead (`ai.proved.ProvedStore`,
the context's `get_proved_store()`), else from the list shipped with the game
(`content.proved`): never a wait. A deal is *proved winnable* when either holds it (the board's
top bar and the end screen say so). A context without a store (a test's plain one) uses the list.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from castellion.ai.proved import ProvedStore, combo_key
from castellion.content.proved import shipped, tried


def _store(ctx: Any) -> ProvedStore | None:
    get = getattr(ctx, "get_proved_store", None)
    return get() if callable(get) else None


def proved_winnable(ctx: Any, level: str, seed: int | None, options: Mapping[str, Any] | None = None) -> bool:
    """Whether the deal is one the full-knowledge search has won (shipped or proved this run)."""
    if seed is None:
        return False
    if seed in shipped(combo_key(level, options)):
        return True
    store = _store(ctx)
    return store is not None and store.is_proved(level, seed, options)


def proved_ready(ctx: Any, level: str, options: Mapping[str, Any] | None = None) -> int:
    """How many proved deals can be dealt now for this combination."""
    store = _store(ctx)
    return len(shipped(combo_key(level, options))) + (store.ready(level, options) if store is not None else 0)


def searched_in_vain(ctx: Any, level: str, options: Mapping[str, Any] | None = None) -> bool:
    """Whether nothing is ready for this combination although the lab searched its deals (none won
    within its budget): the player is told plainly, not to wait (the store may still find one)."""
    key = combo_key(level, options)
    return not shipped(key) and tried(key) > 0 and proved_ready(ctx, level, options) == 0


def take_proved(ctx: Any, level: str, options: Mapping[str, Any] | None = None) -> int | None:
    """A proved seed to deal now: the store's first, else one of the shipped list's (at random,
    `ctx.rng`), else None (nothing proved yet for this combination)."""
    store = _store(ctx)
    seed = store.take(level, options) if store is not None else None
    if seed is not None:
        return seed
    seeds = shipped(combo_key(level, options))
    return ctx.rng.choice(seeds) if seeds else None


def keep_proved_ahead(ctx: Any, level: str, options: Mapping[str, Any] | None = None) -> None:
    """In the menus, each frame: keep proved deals of this combination coming in the background."""
    store = _store(ctx)
    if store is not None:
        store.want(level, options)
        store.keep_ahead()


def resume_proving(ctx: Any) -> None:
    """A menu is shown (entered, or back on top): the store may prove again."""
    store = getattr(ctx, "proved_store", None)
    if isinstance(store, ProvedStore):
        store.resume()


def pause_proving(ctx: Any) -> None:
    """A game is shown: the store stops proving (a hint must never wait behind a proof)."""
    store = getattr(ctx, "proved_store", None)
    if isinstance(store, ProvedStore):
        store.pause()


__all__ = ["keep_proved_ahead", "pause_proving", "proved_ready", "proved_winnable", "resume_proving",
           "searched_in_vain", "take_proved"]
