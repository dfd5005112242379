"""The deal's difficulty on the end screen: the computer's win rate on that very deal, measured
after the game only, in the computer player's pool, kept once measured (ai/difficulty.py,
persistence/difficulty.py, scenes/end.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from castellion import persistence as P
from castellion.ai import difficulty as D
from castellion.ai.pool import ComputePool
from castellion.ai.work import Work
from castellion.persistence import difficulty as PD
from castellion.rules import new_game
from castellion.rules.public import public_view
from castellion.scenes import end as end_module
from castellion.scenes.end import EndScreen
from castellion.ui.text import set_language, t, tn
from tests.conftest import eventually
from tests.rules.test_public_view import _other_hidden_order
from tests.scenes.conftest import DAY
from tests.scenes.test_daily import finished_daily
from tests.xvfb_helpers import HANG_GUARD

ROOT = Path(__file__).resolve().parents[2]


def test_the_same_deal_gives_the_same_measure():
    first = D.deal_difficulty("intro", 4, runs=2, budget_work=300)
    assert first is not None and first.runs == 2 and 0 <= first.wins <= 2 and first.work > 0
    assert D.deal_difficulty("intro", 4, runs=2, budget_work=300) == first


def test_the_runs_guess_differently_so_the_games_differ():
    """Each run's guesses of the hidden order come from its own seed: two runs of the same deal
    do not play the same game (else "1 time in 5" would be 0 or 5 by construction)."""
    games = []
    for run_seed in (1, 2):
        deal = D.the_deal("intro", 1)
        assert D.play_run(deal, run_seed, D.RUN_WORK, Work(), lambda: False) in (0, 1)
        games.append([str(a) for a in deal.history])
    assert games[0] != games[1]


def test_a_run_with_no_work_left_is_the_plain_policy():
    from castellion.ai.estimate import policy_move

    game = new_game("intro", seed=2)
    view = public_view(game)
    spent = Work(0)
    assert D.sampled_move(view, 5, spent) == policy_move(game, Work())


@pytest.mark.parametrize("moves", [0, 9, 23])
def test_it_reads_no_hidden_order(moves):
    """Same visible state, different hidden orders: the same move for the same guess seed."""
    game = D.the_deal("base", 6)
    for _ in range(moves):
        game.apply(D.sampled_move(public_view(game), 3, Work(2000)))
    mine = D.sampled_move(public_view(game), 17, Work(2000))
    for seed in range(2):
        assert D.sampled_move(public_view(_other_hidden_order(game, seed)), 17, Work(2000)) == mine


def test_cancel_gives_no_partial_rate():
    calls = []
    assert D.deal_difficulty("intro", 4, runs=3, cancel=lambda: bool(calls.append(1)) or len(calls) > 40) is None


def test_the_words_follow_the_rate():
    assert D.difficulty_word(D.Difficulty(1, 5, 0)) == "hard"
    assert D.difficulty_word(D.Difficulty(2, 5, 0)) == "fair"
    assert D.difficulty_word(D.Difficulty(3, 5, 0)) == "easy"
    assert D.difficulty_word(D.Difficulty(0, 5, 0)) == "hard"


# ------------------------------------------------------------------ the sidecar file
def test_the_measure_is_kept_and_read_hardened(home):
    key = PD.difficulty_key("intro", 9, {}, D.VERSION)
    assert PD.load_difficulty(key) is None
    assert PD.keep_difficulty(key, 1, 5)
    assert PD.load_difficulty(key) == (1, 5)
    # the options that make the deal are part of the key, and so is the measure's version
    assert PD.difficulty_key("intro", 9, {"variant": "prophet"}, D.VERSION) != key
    assert PD.difficulty_key("intro", 9, {}, D.VERSION + 1) != key
    path = PD.difficulty_path()
    for hostile in (b"\x00garbage", b"[1,2]", b'{"format": 1, "deals": {"%s": {"wins": 7, "runs": 5}}}'
                    % key.replace('"', '\\"').encode(), b'{"format": 1, "deals": {"k": true}}'):
        path.write_bytes(hostile)
        assert PD.load_difficulty(key) is None
    assert PD.keep_difficulty(key, 2, 5) and PD.load_difficulty(key) == (2, 5)  # a damaged file is replaced


def test_the_file_keeps_the_newest_deals_only(home, monkeypatch):
    monkeypatch.setattr(PD, "MAX_ENTRIES", 3)
    keys = [PD.difficulty_key("intro", s, {}, 1) for s in range(5)]
    for k in keys:
        PD.keep_difficulty(k, 0, 5)
    assert [PD.load_difficulty(k) for k in keys] == [None, None, (0, 5), (0, 5), (0, 5)]
    assert len(json.loads(PD.difficulty_path().read_text())["deals"]) == 3


# ------------------------------------------------------------------ the end screen
@pytest.fixture
def end_ctx(ctx, home, monkeypatch):
    """The test context on `home`, its pool on threads, the measure replaced by a counted stand-in
    (the real one is above): so the screen's side is checked without playing five games."""
    P.startup()
    ctx.persist = True
    ctx.today = lambda: DAY
    ctx.achievements_known = set()
    ctx.ai_pool.close()
    ctx.ai_pool = ComputePool(process=False)
    calls: list[tuple] = []

    def measured(level, seed, options, runs, budget, cancel=lambda: False):
        calls.append((level, seed, dict(options), runs))
        return D.Difficulty(1, runs, 123)

    monkeypatch.setattr(end_module, "deal_difficulty", measured)
    ctx.measure_calls = calls
    return ctx


def _shown(ctx, end):
    ctx.stack.push(end)
    ctx.stack.apply_pending()
    end.update(0.016)  # the first frame starts the measure
    return end


@pytest.mark.parametrize(("lang", "words"), [("en", "A hard deal: the computer wins it 1 time in 5"),
                                             ("es", "Un reparto difícil: el ordenador lo gana 1 vez de 5"),
                                             ("ja", "難しい配り：コンピューターは5回中1回勝ちます")])
def test_the_daily_deals_end_screen_says_how_hard_it_was(end_ctx, lang, words):
    set_language(lang)
    try:
        end = _shown(end_ctx, EndScreen.from_game(end_ctx, finished_daily()))
        assert eventually(lambda: end.difficulty is not None, step=lambda: end.update(0.016))
        assert end.deal_difficulty() == words
        assert end.daily_label  # it is the daily deal's screen
    finally:
        set_language("en")


def test_measuring_is_shown_while_the_child_computes(end_ctx, monkeypatch):
    import threading

    release = threading.Event()

    def slow(level, seed, options, runs, budget, cancel=lambda: False):
        release.wait(HANG_GUARD)
        return D.Difficulty(4, runs, 1)

    monkeypatch.setattr(end_module, "deal_difficulty", slow)
    end = _shown(end_ctx, EndScreen(end_ctx, result="lost", level="base", seed=77, turns=30))
    assert end.deal_difficulty() == t("end.difficulty.measuring")
    release.set()
    assert eventually(lambda: end.difficulty is not None, step=lambda: end.update(0.016))
    assert end.deal_difficulty() == tn("end.difficulty.easy", 4, runs=5)


def test_measured_once_per_deal(end_ctx):
    first = _shown(end_ctx, EndScreen(end_ctx, result="won", level="intro", seed=5, turns=30))
    assert eventually(lambda: first.difficulty is not None, step=lambda: first.update(0.016))
    again = _shown(end_ctx, EndScreen(end_ctx, result="lost", level="intro", seed=5, turns=12))
    assert again.difficulty == (1, 5) and again.deal_difficulty() == tn("end.difficulty.hard", 1, runs=5)
    other = _shown(end_ctx, EndScreen(end_ctx, result="lost", level="intro", seed=5, turns=12,
                                      options={"variant": "prophet"}))
    assert eventually(lambda: other.difficulty is not None, step=lambda: other.update(0.016))
    assert [c[:3] for c in end_ctx.measure_calls] == [("intro", 5, {}), ("intro", 5, {"variant": "prophet"})]


def test_closing_the_screen_cancels_the_measure(end_ctx, monkeypatch):
    import threading

    seen: list[bool] = []
    release = threading.Event()

    def slow(level, seed, options, runs, budget, cancel=lambda: False):
        release.wait(HANG_GUARD)
        seen.append(cancel())
        return None

    monkeypatch.setattr(end_module, "deal_difficulty", slow)
    end = _shown(end_ctx, EndScreen(end_ctx, result="lost", level="base", seed=78, turns=30))
    end.exit()
    release.set()
    assert eventually(lambda: bool(seen))
    assert seen == [True]


def test_no_deal_no_words(end_ctx):
    end = _shown(end_ctx, EndScreen(end_ctx, result="lost", level="base", seed=None, turns=30))
    assert end.deal_difficulty() is None and end_ctx.measure_calls == []


def test_only_the_end_screen_measures_a_deal():
    """Shown after the game only: no screen a game is played on (or the setup, the daily screen)
    asks for the measure; the end screen is opened when the game has ended."""
    users = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "castellion").rglob("*.py")
                   if "deal_difficulty" in p.read_text(encoding="utf-8") and p.name != "difficulty.py")
    assert users == ["castellion/scenes/end.py"]


@pytest.mark.slow
def test_measured_in_the_childs_process_and_kept(ctx, home):
    """The real measure, in the game's own child process (about 10 s of CPU there)."""
    import os

    P.startup()
    ctx.persist = True
    ctx.today = lambda: DAY
    ctx.achievements_known = set()
    end = _shown(ctx, EndScreen(ctx, result="lost", level="intro", seed=1, turns=30))
    job = end._difficulty_job
    assert job is not None and end.deal_difficulty() == t("end.difficulty.measuring")
    assert eventually(lambda: end.difficulty is not None, step=lambda: end.update(0.016))
    assert job.pid not in (None, os.getpid())
    assert end.difficulty == (D.deal_difficulty("intro", 1).wins, D.RUNS)  # the same as computed here
    assert PD.load_difficulty(PD.difficulty_key("intro", 1, {}, D.VERSION)) == end.difficulty


def test_a_screen_opened_over_it_stops_the_measure_and_coming_back_starts_it_again(end_ctx, monkeypatch):
    import threading

    release = threading.Event()
    cancels: list[bool] = []

    def slow(level, seed, options, runs, budget, cancel=lambda: False):
        release.wait(HANG_GUARD)
        cancels.append(cancel())
        return D.Difficulty(0, runs, 1)

    monkeypatch.setattr(end_module, "deal_difficulty", slow)
    end = _shown(end_ctx, EndScreen(end_ctx, result="lost", level="base", seed=79, turns=30))
    first = end._difficulty_job
    end.pause()  # the review or the analysis opened over the end screen
    assert first.cancelled and end.deal_difficulty() is None
    end.resume()
    assert end._difficulty_job is not None and end._difficulty_job is not first
    release.set()
    assert eventually(lambda: end.difficulty is not None, step=lambda: end.update(0.016))
    assert end.deal_difficulty() == tn("end.difficulty.hard", 0, runs=5)
    assert sorted(cancels) == [False, True]
