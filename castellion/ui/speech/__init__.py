"""The spoken game: speech through the player's screen reader or the system voice.

`speaker` (the `Speech` interface and the tests' `RecordingEngine`), `engines` (the real
engines, tried in order), `narration` (the rules' events in words), `focus` (screens and their
focus, spoken). The board's own reading (the cursor, "what can I do") is
`castellion.scenes.board.reading`. docs/accessibility.md describes it for players.
"""

from castellion.ui.speech.speaker import Engine, RecordingEngine, Speech

__all__ = ["Engine", "RecordingEngine", "Speech"]
