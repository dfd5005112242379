"""Scenes: one module per screen, stacked by `castellion.scenes.stack.SceneStack`."""

from castellion.scenes.stack import Scene, SceneStack

__all__ = ["Scene", "SceneStack"]
