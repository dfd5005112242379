"""Drawing helpers shared by the scenes: theme, text table, fonts, sprites, widgets, context.

Importing this package itself imports nothing; its modules that draw import pygame (the pure
ones, like the board geometry, do not). The rules, content and persistence layers never use it.
"""
