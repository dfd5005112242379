"""The review read aloud (the spoken game, ReviewScene.spoken_news): each move the keys reach is
said as the graph shows it — its win chance before and after, and its mark."""

from __future__ import annotations

import pygame

from castellion.scenes.review import ReviewScene
from castellion.ui.text import t
from tests.conftest import post_key
from tests.review_helpers import keep, lost_game
from tests.scenes.conftest import stack_frames as frames


def test_a_marked_move_is_said_with_its_chances_and_its_mark(ctx, quick_review):
    keep(quick_review)
    doc = lost_game()
    scene = ReviewScene(ctx, doc["options"], doc["actions"])
    ctx.stack.push(scene)
    frames(ctx, 2)
    first = scene.spoken_news()
    assert len(first) == 1 and first[0].startswith(t("speech.review.move", n=1, count=len(doc["actions"]) + 1,
                                                     what=""))
    assert scene.spoken_news() == []  # said once
    post_key(pygame.K_PAGEDOWN)  # the blunder
    frames(ctx, 2)
    d = scene.decision(scene.step)
    [line] = scene.spoken_news()
    assert t("review.chance", before=round(100 * d["before"]), after=round(100 * d["after"])) in line
    assert t("speech.review.marked", mark=t("review.mark.blunder").lower()) in line
