"""Castellion — a desktop adaptation of the Oniverse castle-building tile game."""

__version__ = "0.1.0"
