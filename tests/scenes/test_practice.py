""""Try again from here" and "Learn from my mistakes" (scenes/review/practice.py), stepped through
headless on the known lost game (tests/data/review/): the decision opens on the board as practice,
the player's choice is judged by the review's own estimate, and the panel says so."""

from __future__ import annotations

import copy

import pygame
import pytest

from castellion.ai import review as R
from castellion.rules import actions as A
from castellion.rules.public import public_view
from castellion.scenes.nav import Route
from castellion.scenes.review import ReviewScene
from castellion.scenes.review.practice import SAME, WORSE, PracticeCoach, verdict_of
from castellion.ui.devices import pad_key_event
from castellion.ui.text import set_language, t
from tests.conftest import eventually, post_key
from tests.review_helpers import keep, lost_game
from tests.scenes.conftest import stack_frames as frames


def coach_of(ctx) -> PracticeCoach:
    board = ctx.stack.top
    assert ctx.nav.showing(Route.BOARD) and isinstance(board.coach, PracticeCoach)
    return board.coach


def judged(ctx, coach: PracticeCoach) -> None:
    """Frames until the child judged the choice (only the hang guard bounds it)."""
    assert eventually(lambda: coach.state != "judging", lambda: frames(ctx, 1), pause=0.002)


@pytest.fixture(autouse=True)
def quick_judge(ctx, monkeypatch):
    """The judge on threads with fewer hidden orders: the same code as the game's, quicker."""
    import functools

    from castellion.ai.pool import ComputePool

    ctx.ai_pool = ComputePool(process=False)
    monkeypatch.setattr(R, "review_decision", functools.partial(R.review_decision, playouts=4))


def review_scene(ctx) -> ReviewScene:
    doc = lost_game()
    scene = ReviewScene(ctx, doc["options"], doc["actions"])
    ctx.stack.push(scene)
    frames(ctx)
    return scene


@pytest.mark.parametrize("lang", ["en", pytest.param("es", marks=pytest.mark.slow),
                                  pytest.param("ja", marks=pytest.mark.slow)])
def test_try_again_from_a_marked_decision_judges_the_new_choice(ctx, quick_review, lang):
    set_language(lang)
    keep(quick_review)
    doc = lost_game()
    scene = review_scene(ctx)
    post_key(pygame.K_PAGEDOWN)  # the marked decision
    frames(ctx)
    assert scene.step == 21
    post_key(pygame.K_t)  # try again from here
    frames(ctx, 3)
    coach = coach_of(ctx)
    board = ctx.stack.top
    assert board.session.practice and coach.state == "choose"  # practice: never counted
    assert board.session.game.history == R.replay(doc["options"], doc["actions"], 21).history
    assert coach.lines()[0] == t("practice.choose", turn=11)
    # The player makes the same blunder again: played, then judged worse than the computer's.
    assert board.act(A.action_from_dict(doc["actions"][21]))
    assert not board.act(board.session.game.legal_actions()[0])  # nothing more until the verdict is read
    judged(ctx, coach)
    assert coach.state == "verdict" and verdict_of(coach.entry) == WORSE
    blunder = next(d for d in quick_review["decisions"] if d["index"] == 21)
    assert coach.entry.to_dict()["best"] == blunder["best"]  # the review's estimate, the review's move
    words = coach.lines()
    assert words[0] == t("practice.worse", mine=round(100 * coach.entry.after), theirs=round(100 * coach.entry.before))
    assert len(words) == 2 and words[1].startswith(t("review.would", why="")[:6])  # the computer's choice shown
    frames(ctx)
    post_key(pygame.K_RETURN)  # play on from here, as practice
    frames(ctx)
    assert coach.state == "free" and board.act(board.session.game.legal_actions()[0])
    assert not ctx.errors


def test_going_back_from_the_verdict_returns_to_the_review(ctx, quick_review):
    keep(quick_review)
    scene = review_scene(ctx)
    scene.go(21)
    scene.try_again()
    frames(ctx, 3)
    coach = coach_of(ctx)
    best = A.action_from_dict(next(d for d in quick_review["decisions"] if d["index"] == 21)["best"])
    assert ctx.stack.top.act(best)  # this time the computer's own move
    judged(ctx, coach)
    assert verdict_of(coach.entry) == SAME
    assert coach.lines() == [t("practice.same", chance=round(100 * coach.entry.before))]
    pygame.event.post(pad_key_event("b"))  # the pad's B: back to the review
    frames(ctx, 3)
    assert ctx.stack.top is scene and not ctx.errors


def test_learn_from_my_mistakes_visits_each_marked_decision_then_sums_up(ctx, quick_review):
    review = copy.deepcopy(quick_review)
    other = next(d for d in review["decisions"] if d["index"] == 13)
    # a second marked decision, with what a kept review's marked decision carries (its best move
    # and its reason: a kept file without them is set aside, persistence/reviews.py)
    other.update(mark="inaccuracy", checked=True, before=0.6, after=0.45, best=dict(lost_game()["actions"][13]),
                 reason={"kind": "completes", "formation": "line", "ordeal": 0, "cell": [3, 0]})
    keep(review)
    doc = lost_game()
    scene = review_scene(ctx)
    assert scene.marked() == [13, 21]
    post_key(pygame.K_l)
    frames(ctx, 3)
    coach = coach_of(ctx)
    assert coach.lesson.index == 13 and coach.lines()[0].startswith(t("practice.series", n=1, total=2))
    found = R.review_decision(public_view(R.replay(doc["options"], doc["actions"], 13)), doc["actions"][13], 13,
                              playouts=1).best  # the computer's own choice there: found
    assert ctx.stack.top.act(A.action_from_dict(found))
    judged(ctx, coach)
    assert coach.next_button.label == t("practice.next_mistake")
    pygame.event.post(pad_key_event("a"))  # the pad's A: the next mistake, the board replaced at 21
    frames(ctx, 3)
    second = coach_of(ctx)
    assert second is not coach and second.lesson.index == 21 and ctx.stack.top.session.game.turn == 11
    assert ctx.stack.top.act(A.action_from_dict(doc["actions"][21]))  # the blunder again
    judged(ctx, second)
    assert second.next_button.label == t("practice.summary")
    post_key(pygame.K_RETURN)
    frames(ctx)
    assert second.state == "summary" and second.lines() == [t("practice.found", found=1, total=2)]
    post_key(pygame.K_BACKSPACE)
    frames(ctx, 3)
    assert ctx.stack.top is scene and not ctx.errors


def test_try_again_opens_the_first_marked_decision_by_default_and_any_other_when_asked(ctx, quick_review):
    keep(quick_review)
    scene = review_scene(ctx)
    assert scene.step == 0
    scene.try_again()  # as the review opens: the marked decision
    frames(ctx, 3)
    assert coach_of(ctx).lesson.index == 21 and scene.step == 21
    coach_of(ctx).back()
    frames(ctx, 3)
    unmarked = next(i for i in scene.decisions() if i > 30)
    scene.go(unmarked)
    scene.try_again()  # any decision the player stepped to
    frames(ctx, 3)
    assert coach_of(ctx).lesson.index == unmarked and coach_of(ctx).state == "choose" and not ctx.errors


def test_a_decision_the_review_looked_at_deeper_is_judged_deeper_in_practice(ctx, quick_review, monkeypatch):
    """"Try again" judges with the look the review's numbers came from: at a decision the deeper
    look judged, the deeper look (`deep_decision`), and the panel says so; elsewhere the quick one."""
    import functools

    judged_deep: list[int] = []

    def deep(view, played, index, cancel=lambda: False):
        judged_deep.append(index)
        return R.review_decision(view, played, index, playouts=4, cancel=cancel)

    monkeypatch.setattr(R, "deep_decision", deep)
    monkeypatch.setattr(R, "review_decision", functools.partial(R.review_decision, playouts=4))
    keep(quick_review)
    doc = lost_game()
    scene = review_scene(ctx)

    class Looked:  # what a finished deeper look leaves: its entries by decision
        entries = {21: {}}
        running = False

        def poll(self) -> None:
            pass

    scene.deep = Looked()
    scene.go(21)
    scene.try_again()
    frames(ctx, 3)
    coach = coach_of(ctx)
    assert coach.lesson.judged_deep
    assert ctx.stack.top.act(A.action_from_dict(doc["actions"][21]))
    judged(ctx, coach)
    frames(ctx)
    assert judged_deep == [21] and coach.words[-1] == t("review.deep_note", times=R.DEEP)
    coach.back()
    frames(ctx, 3)
    unmarked = next(i for i in scene.decisions() if i > 30)  # not looked at deeper: the quick look judges
    scene.go(unmarked)
    scene.try_again()
    frames(ctx, 3)
    coach = coach_of(ctx)
    assert not coach.lesson.judged_deep
    assert ctx.stack.top.act(ctx.stack.top.session.game.legal_actions()[0])
    judged(ctx, coach)
    frames(ctx)
    assert judged_deep == [21] and t("review.deep_note", times=R.DEEP) not in coach.words and not ctx.errors


def test_the_practice_panel_words_its_verdict_once_and_drawing_changes_nothing(ctx, quick_review, monkeypatch):
    keep(quick_review)
    doc = lost_game()
    scene = review_scene(ctx)
    scene.go(21)
    scene.try_again()
    frames(ctx, 3)
    coach = coach_of(ctx)
    worded: list[str] = []
    lines = coach.lines
    monkeypatch.setattr(coach, "lines", lambda: worded.append(coach.state) or lines())
    assert ctx.stack.top.act(A.action_from_dict(doc["actions"][21]))
    judged(ctx, coach)
    frames(ctx, 30)
    assert worded[-1] == "verdict" and worded.count("verdict") == 1 and len(worded) <= 2  # once per state
    def seen() -> tuple:  # copies: a list or dict changed in place would still equal itself
        return copy.deepcopy((coach.state, coach.words, coach.entry, coach._worded, coach.lesson.found))

    before = seen()
    surface = pygame.Surface(ctx.canvas)
    for _ in range(5):
        coach.draw(surface)
    assert seen() == before
    assert worded.count("verdict") == 1  # drawing words nothing again
