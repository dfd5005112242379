"""Drawing helpers shared by the scenes: theme, text table, fonts, sprites, widgets, context.

Importing this package imports pygame; the rules, content and persistence layers never do.
"""
