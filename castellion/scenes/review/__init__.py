"""The review of a finished game: the game replayed move by move beside a graph of
the win chance, each marked move with what the computer would have done (see scene.py)."""

from __future__ import annotations

from .scene import ReviewScene

__all__ = ["ReviewScene"]
