"""The tutorial ("Learn to play", docs/rules.md taught on the real board): `TutorialScene`
lists the parts; `TutorialCoach` guides one on the board (through the board's coach seam);
`TutorialStore` keeps the progress. The script — fixed deals and steps — is data in
`castellion.content.tutorial`; the words are in the catalogs (locale/)."""

from __future__ import annotations

from castellion.persistence.tutorial import TutorialStore
from castellion.scenes.tutorial.scene import TutorialScene
from castellion.scenes.tutorial.tutorial_coach import TutorialCoach

__all__ = ["TutorialCoach", "TutorialScene", "TutorialStore"]
